//! `five`: Schofield's five-puzzle.

use super::common::{Delivery, FormatArg, Outcome, OutputFormat, Sink, WrittenAs};
use super::method::{self, PathArgs, SolveArgs};
use clap::Subcommand;
use schofield::method::analysis::{Analysis, Options};
use schofield::method::five;
use schofield::puzzle::library;
use schofield::render;

/// The analysis of one of Schofield's puzzles from the library.
fn analysed(name: &str) -> Result<Analysis, Box<dyn std::error::Error>> {
    let p = library::get(name).ok_or("the library has Schofield's puzzles")?;
    Ok(Analysis::new(p, &Options::default(), &|_| {})?)
}

/// The subcommands of `five`.
#[derive(Subcommand)]
pub enum FiveCommand {
    /// Positions, classes and extended classes at each number of moves, and
    /// positions by number of twists.
    #[command(
        after_help = "Examples:\n  schofield five counts\n  schofield five counts --format json"
    )]
    Counts(FormatArg),
    /// Solve one position: a grid (231/0_4), a code number (023) or cycle
    /// notation ((123)).
    #[command(
        after_help = "The five-puzzle's target is 123/0_4: pieces 0-4 round the centre, square 0 left of the centre and the rest clockwise; a code number lists the pieces on squares 0-2.\n\nExamples:\n  schofield five solve 231/0_4\n  schofield five solve 023 --all --steps"
    )]
    Solve(SolveArgs),
    /// Follow a path of twists A B W X (the paper's example: BA from 231/0_4).
    #[command(
        after_help = "Twists A and B, and their inverses W and X.\n\nExamples:\n  schofield five path ABW\n  schofield five path a b --steps"
    )]
    Path(PathArgs),
    /// Schofield's binary trees of twist sequences from A and from W.
    #[command(
        after_help = "Examples:\n  schofield five trees --depth 3\n  schofield five trees --format dot"
    )]
    Trees {
        /// How many twists deep.
        #[arg(long, default_value_t = 6, value_parser = depth, allow_negative_numbers = true)]
        depth: u8,
        /// The same as --format dot (all four trees as a Graphviz digraph).
        #[arg(long, hide = true)]
        dot: bool,
        #[command(flatten)]
        out: FormatArg,
    },
    /// The classes of A5 by cycle type beside the dodecahedron's axes.
    #[command(after_help = "Examples:\n  schofield five classes")]
    Classes(FormatArg),
    /// The 20-move maximum, Schofield's crude bound of 48, and the true 30.
    #[command(after_help = "Examples:\n  schofield five bound")]
    Bound(FormatArg),
}

/// Where `five`'s output goes.
pub fn delivery(command: Option<&FiveCommand>, out: &FormatArg) -> Delivery {
    match command {
        None => out.delivery(),
        Some(
            FiveCommand::Counts(out)
            | FiveCommand::Trees { out, .. }
            | FiveCommand::Classes(out)
            | FiveCommand::Bound(out),
        ) => out.delivery(),
        Some(FiveCommand::Solve(args)) => args.out.delivery(),
        Some(FiveCommand::Path(args)) => args.out.delivery(),
    }
}

/// `five`, with or without a subcommand.
/// `trees --depth`: 1 to 12 twists deep.
fn depth(s: &str) -> Result<u8, String> {
    super::common::whole(s, " of twists", 1..=12)
}

pub fn run(command: Option<FiveCommand>, out: FormatArg, sink: &Sink) -> Outcome {
    let a = analysed("five")?;
    Ok(match command {
        None => render::render_five_report(
            &a,
            &five::binary_trees(&a, 6),
            &five::cycle_type_classes(&a),
            &five::bound(&a, &analysed("eight")?),
            out.get()?,
        )?,
        Some(FiveCommand::Counts(out)) => match out.get_or_svg()? {
            Some(format) => render::render_five_counts(&a, format)?,
            None => render::svg::move_counts_svg(a.puzzle().name(), &a.move_counts()),
        },
        Some(FiveCommand::Solve(args)) => return method::solve(&a, args, sink),
        Some(FiveCommand::Path(args)) => return method::follow(&a, args),
        Some(FiveCommand::Trees { depth, dot, out }) => {
            let trees = five::binary_trees(&a, usize::from(depth));
            let drawing = out.get_drawing()?;
            if dot && out.format.is_some_and(|f| f != OutputFormat::Dot) {
                return Err("--dot is --format dot; give one of them".into());
            }
            match (dot, drawing) {
                (true, _) | (false, WrittenAs::Dot) => render::render_trees_dot(&trees),
                (false, WrittenAs::Data(format)) => render::render_trees(&trees, format)?,
                (false, WrittenAs::Svg) => render::svg::trees_svg(&trees),
            }
        }
        Some(FiveCommand::Classes(out)) => {
            render::render_five_classes(&five::cycle_type_classes(&a), out.get()?)?
        }
        Some(FiveCommand::Bound(out)) => {
            render::render_bound(&five::bound(&a, &analysed("eight")?), out.get()?)?
        }
    })
}
