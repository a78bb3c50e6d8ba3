//! `boards`: Schofield's method on every small board.

use super::common::{self, FormatArg, Outcome};
use clap::Args;
use schofield::board::Board;
use schofield::board::census::{self, Case};
use schofield::render;

/// Schofield's method on every small board: distances from the goal for
/// each board of up to 12 cells and each home cell of the blank, and the
/// standard positions' classes (by orbits and by Burnside's lemma).
#[derive(Args)]
#[command(
    after_help = "Examples:\n  schofield boards --board 2x3\n  schofield boards --all --max-cells 8 --format csv"
)]
pub struct BoardsArgs {
    /// One board, ROWSxCOLS (all its home cells up to symmetry, unless
    /// --home).
    #[arg(long, conflicts_with = "all")]
    board: Option<String>,
    /// The blank's home cell, from 0 in reading order.
    #[arg(long, requires = "board")]
    home: Option<usize>,
    /// Every board of up to --max-cells cells, with every home cell up to
    /// symmetry.
    #[arg(long)]
    all: bool,
    /// With --all: the largest boards to include.
    #[arg(long, default_value_t = 12)]
    max_cells: usize,
    /// Allow boards of more than 12 cells.
    #[arg(long)]
    force: bool,
    #[command(flatten)]
    out: FormatArg,
}

/// `boards`.
pub fn run(args: BoardsArgs) -> Outcome {
    let max_cells = args.max_cells;
    let list: Vec<Case> = match (&args.board, args.all) {
        (Some(b), _) => {
            let b: Board = b.parse()?;
            match args.home {
                Some(h) => vec![Case::new(b, h)?],
                None => census::cases_of(b),
            }
        }
        (None, true) => census::cases(max_cells),
        (None, false) => return Err("give --board RxC (and perhaps --home CELL), or --all".into()),
    };
    let drawing = args.out.get_or_svg()?;
    if drawing.is_none() && list.len() != 1 {
        return Err(format!(
            "--format svg draws one board at a time; {} cases were asked for: give --board RxC --home CELL",
            list.len()
        )
        .into());
    }
    for c in &list {
        c.check_size(args.force)?;
    }
    if list.is_empty() {
        return Err(format!(
            "no board of at most {max_cells} cells; the smallest is 2x2 (4 cells)"
        )
        .into());
    }
    let results: Vec<_> = list
        .iter()
        .map(|c| {
            if c.board.cells() > 12 {
                eprintln!(
                    "the {} board, home {}: {} states, {} bytes of tables ({:.1} GiB) …",
                    c.board,
                    c.home,
                    schofield::perm::factorial(c.board.cells()) / 2,
                    c.table_bytes(),
                    c.table_bytes() as f64 / f64::from(1u32 << 30)
                );
            }
            let states = schofield::perm::factorial(c.board.cells()) / 2;
            let bar = common::progress_bar(
                states,
                &format!(
                    "{} home {}: {{msg}} [{{bar:30}}] {{human_pos}}/{{human_len}} states ({{elapsed}})",
                    c.board, c.home
                ),
            );
            let r = census::analyse(c, &|p| {
                bar.set_position(p.found);
                bar.set_message(format!("layer {}", p.layer));
            });
            bar.finish_and_clear();
            r
        })
        .collect::<Result<_, _>>()?;
    match drawing {
        Some(format) => Ok(render::render_cases(&results, format)?),
        None => match results.as_slice() {
            [r] => Ok(render::svg::chart_svg(
                &format!(
                    "{} board, blank's home cell {}: standard positions (blank at home) by distance",
                    r.board, r.home
                ),
                &["positions", "classes", "extended classes"],
                &r.standard
                    .rows
                    .iter()
                    .map(|row| render::svg::Bar {
                        moves: row.moves,
                        values: vec![row.positions, row.classes, row.extended_classes],
                    })
                    .collect::<Vec<_>>(),
            )),
            _ => Err("--format svg draws one board at a time".into()),
        },
    }
}
