//! `fifteen`: the 15-puzzle by 3-cycles.

use super::common::{FormatArg, Outcome};
use clap::Args;
use schofield::board::{Board, BoardError};
use schofield::render;
use schofield::search::three_cycles::{self, FifteenError};

/// Solve a 4x4 position constructively by 3-cycles and conjugation (the
/// chapter "Permutations and 3-cycles"): the list of tiles moved.
#[derive(Args)]
#[command(
    after_help = "The goal is 1 2 ... 15 with the blank last.\n\nExamples:\n  schofield fifteen 5 1 2 3 4 6 7 8 9 10 11 12 13 14 15 0\n  schofield fifteen 1 2 3 4 5 6 7 8 13 9 11 12 10 14 15 0 --verbose"
)]
pub struct FifteenArgs {
    /// The position in reading order, 0 for the blank (1 2 … 15 0 is
    /// solved); or rows separated by '/'.
    #[arg(required = true, num_args = 1..)]
    list: Vec<String>,
    #[command(flatten)]
    steps: super::common::StepsArg,
    #[command(flatten)]
    pub out: FormatArg,
}

/// `fifteen`.
pub fn run(args: FifteenArgs) -> Outcome {
    let board: Board = "4x4".parse()?;
    let cleaned = args.list.join(" ").replace(['[', ']'], " ");
    let a = board.parse_arrangement(&cleaned).map_err(|e| match e {
        // A list of the wrong length: say it in the chapter's terms.
        BoardError::CellCount { found, .. } => {
            Box::new(FifteenError::Length(found)) as Box<dyn std::error::Error>
        }
        other => other.into(),
    })?;
    let solution = three_cycles::solve(&board, &a)?;
    let Some(format) = args.out.get_or_svg()? else {
        let title = format!(
            "4x4 board, {}: {} by 3-cycles",
            board.format(&a),
            super::common::moves(solution.tiles.len())
        );
        return Ok(super::common::draw_solution(
            args.steps,
            &board,
            &a,
            &solution.tiles,
            &title,
        ));
    };
    let width = args.out.text_width();
    let body = render::render_fifteen(&solution, args.out.verbose, format, width)?;
    let grids = || render::Steps::of_tiles(&board, &a, &solution.tiles);
    super::common::steps_if(args.steps, body, &solution, grids, format, width)
}
