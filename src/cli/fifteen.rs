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
        return Ok(super::draw::board_solution(
            args.steps,
            &board,
            &a,
            &solution.tiles,
            &title,
        ));
    };
    let width = args.out.text_width();
    let mut body = render::render_fifteen(&solution, args.out.verbose, format, width)?;
    if format == render::Format::Text {
        body.push_str(&how_far(&board, &a, solution.tiles.len()));
    }
    let grids = || render::Steps::of_tiles(&board, &a, &solution.tiles);
    super::common::steps_if(args.steps, body, grids, format, width)
}

/// How far the constructive answer is from the optimum: the optimum when
/// IDA* finds it quickly (a bounded search with the linear-conflict
/// estimate), else the estimate as a lower bound; with the command that
/// finds the optimum.
fn how_far(board: &Board, a: &schofield::board::Arrangement, constructive: usize) -> String {
    use schofield::search::{Guide, Heuristic, Limits, Target, ida};
    let goal = board.goal_blank_last();
    let limits = Limits {
        max_nodes: Some(200_000),
        ..Limits::default()
    };
    let position = board.format(a).replace('/', " ").replace('_', "0");
    match ida::solve(
        board,
        a,
        &goal,
        Guide::Estimate(Heuristic::LinearConflict),
        &limits,
    ) {
        Ok(best) => format!(
            "optimal    {}{}\n",
            super::common::moves(best.path.length as usize),
            if best.path.length as usize == constructive {
                String::from(": the 3-cycles found it")
            } else {
                format!(
                    " (IDA*); the 3-cycles take {} more: they show the method, `schofield optimal {position}` the shortest",
                    constructive - best.path.length as usize
                )
            }
        ),
        Err(_) => {
            let bound = Target::new(*board, goal).estimate(Heuristic::LinearConflict, a.cells());
            format!(
                "optimal    at least {} (linear conflict); `schofield optimal {position}` finds the shortest\n",
                super::common::moves(bound as usize)
            )
        }
    }
}
