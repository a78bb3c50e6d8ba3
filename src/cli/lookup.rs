//! `lookup`: Utgoff and Saxena's perfect lookup table.

use super::common::{self, FormatArg, Outcome, parse_moves};
use clap::{Args, Subcommand};
use schofield::board::goal::Goal;
use schofield::board::lookup::LookupTable;
use schofield::board::{Arrangement, Board};
use schofield::render::{self, Format};
use std::path::PathBuf;

/// Which table: a board and goal to build, or a saved file.
#[derive(Args)]
pub struct LookupTableArgs {
    /// The board, ROWSxCOLS (2x2 up to 12 cells).
    #[arg(long)]
    board: Option<String>,
    /// The goal: a grid, or blank-last (123/456/78_, the default) or
    /// blank-first (_12/345/678).
    #[arg(long, value_parser = super::common::Suggested(super::common::goal_names), hide_possible_values = true)]
    goal: Option<String>,
    /// Use this saved table instead of building one.
    #[arg(long)]
    table: Option<PathBuf>,
    #[command(flatten)]
    memory: common::MemoryArg,
}

/// The subcommands of `lookup`.
#[derive(Subcommand)]
pub enum LookupCommand {
    /// Build the table by breadth-first search (or load it with --table) and
    /// print the number of states at each distance, the maximum and the mean.
    #[command(
        after_help = "The goal is blank-last (123/456/78_) unless --goal names another.\n\nExamples:\n  schofield lookup build --board 3x3\n  schofield lookup build --board 2x4 --within 10 --format json"
    )]
    Build {
        #[command(flatten)]
        which: LookupTableArgs,
        /// Save the table to this file (written atomically).
        #[arg(long)]
        save: Option<PathBuf>,
        /// Also count the states within this many moves.
        #[arg(long, value_parser = parse_moves, allow_hyphen_values = true)]
        within: Option<u8>,
        #[command(flatten)]
        out: FormatArg,
    },
    /// Solve an arrangement optimally by hill-climbing on the table.
    #[command(
        after_help = "The goal is blank-last (123/456/78_) unless --goal names another. The board is the one the grid is written for (rows, or a list of a square number of entries), unless --board or --table says.\n\nExamples:\n  schofield lookup solve 867/254/3_1 --steps\n  schofield lookup solve 1_/32\n  schofield lookup solve 1 2 3 4 5 6 0 7 --board 2x4"
    )]
    Solve {
        /// The arrangement: rows like 867/254/3_1, or a reading-order list
        /// with 0 for the blank; `-` reads arrangements from standard
        /// input, one a line.
        #[arg(required = true, num_args = 1..)]
        grid: Vec<String>,
        #[command(flatten)]
        which: LookupTableArgs,
        #[command(flatten)]
        steps: common::StepsArg,
        #[command(flatten)]
        out: FormatArg,
    },
}

impl LookupCommand {
    /// Where the command's output goes.
    pub fn delivery(&self) -> common::Delivery {
        match self {
            LookupCommand::Build { out, .. } | LookupCommand::Solve { out, .. } => out.delivery(),
        }
    }
}

/// The table asked for: loaded from `--table` (checked against any
/// `--board`/`--goal` given) or built.
fn table_for(which: &LookupTableArgs) -> Result<LookupTable, Box<dyn std::error::Error>> {
    let board: Option<Board> = which.board.as_deref().map(str::parse).transpose()?;
    let goal: Goal = which.goal.as_deref().unwrap_or("blank-last").parse()?;
    match &which.table {
        Some(path) => {
            // A table is read whole: its size is the memory it takes.
            if let Ok(m) = std::fs::metadata(path) {
                which.memory.check(
                    m.len(),
                    &format!(
                        "the table {}",
                        schofield::text::quoted_path(&path.display().to_string())
                    ),
                )?;
            }
            let t = LookupTable::load(path)?;
            let b = board.unwrap_or(*t.board());
            if board.is_some() || which.goal.is_some() {
                t.check_matches(&b, &goal.arrangement(&b)?, &path.display().to_string())?;
            }
            Ok(t)
        }
        None => {
            let b = match board {
                Some(b) => b,
                None => "3x3".parse()?,
            };
            build(b, goal.arrangement(&b)?, which.memory)
        }
    }
}

/// What to do with a position of another board than the table's.
fn for_other_board(b: &Board) -> String {
    if b.cells() > schofield::board::lookup::MAX_TABLE_CELLS {
        format!(
            "lookup tables reach boards of up to 12 cells: use `schofield optimal` or `schofield astar` for the {b}"
        )
    } else {
        format!("give --board {b} for its table")
    }
}

/// Builds a board's lookup table, saying so on standard error first when
/// the build takes more than a moment (the 12-cell boards: about half a
/// minute and 240 MB).
pub fn build(
    board: Board,
    goal: Arrangement,
    memory: common::MemoryArg,
) -> Result<LookupTable, Box<dyn std::error::Error>> {
    // Its entries, a byte a state, are known before it starts.
    if board.cells() <= schofield::board::lookup::MAX_TABLE_CELLS {
        memory.check(
            board.reachable(),
            &format!("the lookup table of the {board} board"),
        )?;
    }
    if board.cells() == schofield::board::lookup::MAX_TABLE_CELLS {
        eprintln!(
            "building the {board} lookup table ({} states, about half a minute) …",
            schofield::text::grouped(schofield::board::BoardSpace::new(board, goal.clone()).len())
        );
    }
    Ok(LookupTable::try_build_within(board, goal, memory.bytes())?)
}

/// `lookup build` and `lookup solve`.
pub fn run(command: LookupCommand, sink: &common::Sink) -> Outcome {
    match command {
        LookupCommand::Build {
            which,
            save,
            within,
            out,
        } => {
            if let Some(path) = &save {
                common::check_writable(path)
                    .map_err(|e| format!("cannot write {}: {e}", path.display()))?;
            }
            let t = table_for(&which)?;
            if let Some(path) = save {
                t.save(&path)?;
            }
            let summary = t.summary(within);
            match out.get_or_svg()? {
                Some(format) => Ok(render::render_summary(&summary, format)?),
                None => Ok(render::svg::chart_svg(
                    &format!(
                        "Lookup table of the {} board, goal {}: arrangements by distance",
                        summary.board, summary.goal
                    ),
                    &["arrangements"],
                    &summary
                        .distribution
                        .iter()
                        .map(|d| render::svg::Bar {
                            moves: d.moves.into(),
                            values: vec![d.states],
                        })
                        .collect::<Vec<_>>(),
                )),
            }
        }
        LookupCommand::Solve {
            grid,
            mut which,
            steps,
            out,
        } => {
            // One position and no board named: the board it is written
            // for, as astar reads it (rows, or a square list).
            if which.board.is_none() && which.table.is_none() && !common::is_stdin(&grid) {
                which.board = Board::infer(&grid.join(" "))
                    .ok()
                    .filter(|b| b.cells() <= schofield::board::lookup::MAX_TABLE_CELLS)
                    .map(|b| b.to_string());
            }
            let t = table_for(&which)?;
            let width = out.text_width();
            let one = |text: &str, format: Format| -> Outcome {
                let b = t.board();
                let a = common::read_on(b, text, for_other_board)?;
                let sol = t.solve(&a)?;
                let body = render::render_table_solution(&sol, format, width)?;
                let grids = || render::Steps::of_tiles(b, &a, &sol.path.tiles);
                common::steps_if(steps, body, grids, format, width)
            };
            let drawing = out.get_or_svg()?;
            if common::is_stdin(&grid) {
                let format = drawing.ok_or(super::method::NO_SVG_BATCH)?;
                return common::batch_from_stdin(format, sink, one);
            }
            let Some(format) = drawing else {
                let b = t.board();
                let a = common::read_on(b, &grid.join(" "), for_other_board)?;
                let sol = t.solve(&a)?;
                let title = format!(
                    "{} board, {}: {} to {} (lookup table)",
                    b,
                    b.format(&a),
                    common::moves(sol.path.length as usize),
                    b.format(t.goal())
                );
                return Ok(super::draw::board_solution(
                    steps,
                    b,
                    &a,
                    &sol.path.tiles,
                    &title,
                ));
            };
            one(&grid.join(" "), format)
        }
    }
}
