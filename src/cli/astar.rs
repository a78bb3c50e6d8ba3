//! `astar`: A* over any sliding board.

use super::common::{self, FormatArg, Outcome};
use clap::Args;
use schofield::board::Board;
use schofield::board::goal::Goal;
use schofield::render::{self, AstarReport, Format};
use schofield::search::{self, Heuristic, Limits, SolveError};

/// A* over a sliding board (any N×N, or R×C with --board): an optimal
/// solution, the vertices expanded and the largest queue.
#[derive(Args)]
#[command(
    after_help = "The goal is blank-last (123/456/78_, the puzzle as sold) unless --goal names another.\n\nExamples:\n  schofield astar 867/254/3_1 --compare\n  schofield astar 1 2 3 4 5 6 7 8 9 10 11 12 13 14 0 15 --steps"
)]
pub struct AstarArgs {
    /// The position: rows like 867/254/3_1, or a reading-order list with
    /// 0 for the blank (N×N).
    #[arg(required = true, num_args = 1..)]
    grid: Vec<String>,
    /// The distance estimate.
    #[arg(long, default_value = "manhattan", value_parser = heuristics())]
    heuristic: Heuristic,
    /// Run every heuristic and show them side by side.
    #[arg(long, conflicts_with_all = ["heuristic", "steps"])]
    compare: bool,
    /// The board, ROWSxCOLS (default: read from the grid).
    #[arg(long)]
    board: Option<String>,
    /// The goal: blank-last (123/456/78_, the default), blank-first
    /// (_12/345/678), or a grid.
    #[arg(long, value_parser = super::common::Suggested(super::common::goal_names), hide_possible_values = true)]
    goal: Option<String>,
    /// Stop after expanding this many vertices.
    #[arg(long, value_name = "N", value_parser = common::nodes, allow_negative_numbers = true)]
    max_nodes: Option<u64>,
    /// Stop before the search uses this many megabytes (default 2048; at
    /// most nine tenths of the memory available).
    #[arg(long, value_name = "MB", default_value_t = 2048, value_parser = common::megabytes, allow_negative_numbers = true)]
    max_memory: u64,
    #[command(flatten)]
    steps: common::StepsArg,
    #[command(flatten)]
    pub out: FormatArg,
}

/// `--heuristic`'s values: the library's [`Heuristic`]s by name, each with
/// its description in the help.
fn heuristics() -> impl clap::builder::TypedValueParser<Value = Heuristic> {
    use clap::builder::{PossibleValue, PossibleValuesParser, TypedValueParser};
    PossibleValuesParser::new(
        Heuristic::ALL.map(|h| PossibleValue::new(h.name()).help(h.description())),
    )
    .try_map(|name: String| name.parse::<Heuristic>())
}

/// `astar`: one heuristic, or all of them with `--compare`; one position,
/// or (`-`) one a line from standard input.
pub fn run(args: AstarArgs, sink: &common::Sink) -> Outcome {
    let drawing = args.out.get_or_svg()?;
    if drawing.is_none() && args.compare {
        return Err("--format svg draws one solution; leave out --compare".into());
    }
    if common::is_stdin(&args.grid) {
        let format = drawing.ok_or(super::method::NO_SVG_BATCH)?;
        return common::batch_from_stdin(format, sink, |text, format| {
            one(&args, text, Some(format))
        });
    }
    one(&args, &args.grid.join(" "), drawing)
}

/// `astar` on one position, in `format` (or drawn, for `None`).
fn one(args: &AstarArgs, grid: &str, drawing: Option<Format>) -> Outcome {
    let format = drawing.unwrap_or(Format::Text);
    let board = match &args.board {
        Some(b) => b.parse::<Board>()?,
        None => Board::infer(grid)?,
    };
    let start = common::read_on(&board, grid, |b| format!("give --board {b}"))?;
    let goal: Goal = args.goal.as_deref().unwrap_or("blank-last").parse()?;
    let goal = goal.arrangement(&board)?;
    let limits = Limits {
        max_nodes: args.max_nodes,
        max_bytes: common::memory_bound(args.max_memory),
    };
    let report = |h: Heuristic| -> Result<AstarReport, SolveError> {
        Ok(AstarReport {
            board: board.to_string(),
            start: board.format(&start),
            goal: board.format(&goal),
            result: search::astar(&board, &start, &goal, h, &limits)?,
        })
    };
    if args.compare {
        let runs = Heuristic::ALL
            .into_iter()
            .map(report)
            .collect::<Result<Vec<_>, _>>()?;
        Ok(render::render_compare(&runs, format)?)
    } else {
        let r = report(args.heuristic)?;
        if drawing.is_none() {
            let title = format!(
                "{} board, {}: {} to {} (A*, {})",
                board,
                r.start,
                common::moves(r.result.path.length as usize),
                r.goal,
                r.result.heuristic
            );
            return Ok(super::draw::board_solution(
                args.steps,
                &board,
                &start,
                &r.result.path.tiles,
                &title,
            ));
        }
        let width = args.out.text_width();
        let body = render::render_astar(&r, format, width)?;
        let grids = || render::Steps::of_tiles(&board, &start, &r.result.path.tiles);
        common::steps_if(args.steps, body, grids, format, width)
    }
}
