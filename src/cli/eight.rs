//! The eight-puzzle commands: `counts`, `solve`, `path`, `table`,
//! `classes` (and `solve`/`path` for the five-puzzle too).

use super::common::{FormatArg, Outcome, batch_from_stdin, is_stdin};
use clap::Args;
use schofield::render::{self, Format};
use schofield::twist::dictionary::Analysis;
use schofield::twist::position::Position;
use schofield::twist::puzzle::{EIGHT, Puzzle};
use schofield::twist::solve::{PathReport, Solution};
use schofield::twist::table::{self, Tabulation};

/// Solve one position: minimum moves, starting twists, a specimen
/// minimal path, tile moves, classes.
#[derive(Args)]
pub struct SolveArgs {
    /// The puzzle: a grid (025/1_3/746; five-puzzle 231/0_4), a code number
    /// (102536; 023), cycle notation on squares ((01)(2543)), or `-` to read
    /// positions from standard input, one a line.
    #[arg(required = true, num_args = 1..)]
    position: Vec<String>,
    /// List every minimal path.
    #[arg(long)]
    all: bool,
    #[command(flatten)]
    out: FormatArg,
}

/// Follow a path of twists (e.g. WXYZADY): its moves, elisions, inverse,
/// the position it reaches and its tile moves.
#[derive(Args)]
pub struct PathArgs {
    /// The twists, e.g. WXYZADY (five-puzzle: letters A B W X).
    #[arg(required = true, num_args = 1..)]
    path: Vec<String>,
    /// The position to start from (default: the target).
    #[arg(long)]
    from: Option<String>,
    #[command(flatten)]
    out: FormatArg,
}

/// Schofield's printed tables: every puzzle's starting twists, minimum
/// and a specimen path, in 168 pages of half-pages.
#[derive(Args)]
pub struct TableArgs {
    /// Only the half-page with this head (the first three code digits).
    #[arg(long, conflicts_with = "code")]
    head: Option<String>,
    /// Only the entry of this puzzle (a code number, or any position form).
    #[arg(long)]
    code: Option<String>,
    /// text is the printed layout; csv, json and yaml give one record
    /// per puzzle.
    #[command(flatten)]
    out: FormatArg,
}

/// The class dictionary (Schofield's short dictionary): every class with
/// its representative, size, minimum, starting and ending twists.
#[derive(Args)]
pub struct ClassesArgs {
    /// Extended classes (a position and its inverse are equivalent).
    #[arg(long)]
    with_inverses: bool,
    /// List every class's members.
    #[arg(long)]
    members: bool,
    #[command(flatten)]
    out: FormatArg,
}

/// `counts`: the move-count table.
pub fn counts(out: FormatArg) -> Outcome {
    let a = Analysis::new(&EIGHT);
    Ok(render::render_counts(&a.move_counts(), out.get())?)
}

/// `solve` on `puzzle`: one position, or (`-`) one a line from standard
/// input.
pub fn solve<const N: usize>(puzzle: &'static Puzzle<N>, args: SolveArgs) -> Outcome {
    let a = Analysis::new(puzzle);
    let one = |text: &str, format: Format| -> Outcome {
        let p = puzzle.parse_position(text)?;
        Ok(render::render_solution(
            &Solution::new(&a, &p, args.all),
            format,
        )?)
    };
    if is_stdin(&args.position) {
        return batch_from_stdin(args.out.get(), one);
    }
    one(&args.position.join(" "), args.out.get())
}

/// `path` on `puzzle`.
pub fn follow<const N: usize>(puzzle: &'static Puzzle<N>, args: PathArgs) -> Outcome {
    let path = puzzle.parse_path(&args.path.join(" "))?;
    let start = match args.from {
        Some(s) => puzzle.parse_position(&s)?,
        None => Position::target(),
    };
    Ok(render::render_path(
        &PathReport::new(puzzle, &start, &path),
        args.out.get(),
    )?)
}

/// `table`: the printed tables, a half-page or one entry.
pub fn table(args: TableArgs) -> Outcome {
    let format = args.out.get();
    let a = Analysis::new(&EIGHT);
    let data = format != Format::Text;
    if let Some(code) = args.code {
        let p = EIGHT.parse_position(&code)?;
        let entry = Tabulation::entry_for(&a, &p, data);
        return Ok(render::render_entries(&[entry], format)?);
    }
    let t = Tabulation::new(&a, data);
    match args.head {
        Some(head) => {
            let head = table::parse_head(&head)?;
            let h = t.half_page(&head).ok_or("no such half-page")?;
            Ok(if data {
                render::render_entries(h.entries, format)?
            } else {
                render::render_half_page_text(&h)
            })
        }
        None if data => Ok(render::render_entries(t.entries(), format)?),
        None => Ok(render::render_pages(&t)),
    }
}

/// `classes`: the class dictionary.
pub fn classes(args: ClassesArgs) -> Outcome {
    let a = Analysis::new(&EIGHT);
    Ok(render::render_classes(
        &table::class_dictionary(&a, args.with_inverses, args.members),
        args.out.get(),
    )?)
}
