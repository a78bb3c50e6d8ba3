//! `random`: positions for exercises, drawn uniformly (from all solvable
//! positions, or from those at a given distance), reproducibly with
//! `--seed`.

use super::common::{FormatArg, Outcome};
use clap::Args;
use schofield::board::Board;
use schofield::board::Space;
use schofield::board::goal::Goal;
use schofield::board::lookup;
use schofield::render::{self, RandomPosition};
use schofield::twist::dictionary::Analysis;
use schofield::twist::position::SequenceNumber;
use schofield::twist::puzzle::{EIGHT, FIVE, Puzzle};

/// Draw random positions for exercises: Schofield's eight- or
/// five-puzzle (blank at the centre), or any board with the blank
/// anywhere, always solvable.
#[derive(Args)]
#[command(
    after_help = "Examples:\n  schofield random --count 5 --moves 20 --seed 7\n  schofield random --puzzle 4x4 --count 3 --format jsonl"
)]
pub struct RandomArgs {
    /// The puzzle: eight (Schofield's, the default), five, or a board
    /// ROWSxCOLS such as 3x3 or 4x4.
    #[arg(long, default_value = "eight")]
    puzzle: String,
    /// Only positions at exactly this many moves from the goal (twist
    /// puzzles; boards of at most 12 cells).
    #[arg(long, value_parser = super::common::parse_moves)]
    moves: Option<u8>,
    /// How many positions (1 to 100000).
    #[arg(long, default_value_t = 1, value_parser = clap::value_parser!(u32).range(1..=i64::from(MAX_COUNT)))]
    count: u32,
    /// The seed: the same seed gives the same positions.
    #[arg(long)]
    seed: Option<u64>,
    /// The goal on a board: blank-last (the default), blank-first or a grid.
    #[arg(long)]
    goal: Option<String>,
    #[command(flatten)]
    out: FormatArg,
}

/// The most positions one call draws.
const MAX_COUNT: u32 = 100_000;

/// `random`.
pub fn run(args: RandomArgs) -> Outcome {
    let mut rng = match args.seed {
        Some(s) => fastrand::Rng::with_seed(s),
        None => fastrand::Rng::new(),
    };
    let records = match args.puzzle.as_str() {
        "eight" => twist(&EIGHT, &args, &mut rng)?,
        "five" => twist(&FIVE, &args, &mut rng)?,
        other => board(other.parse()?, &args, &mut rng)?,
    };
    Ok(render::render_random(&records, args.out.get()?)?)
}

/// Draws `count` places in `0..n` uniformly (with repetition), sorted.
fn places(rng: &mut fastrand::Rng, n: u64, count: u32) -> Vec<u64> {
    let mut v: Vec<u64> = (0..count).map(|_| rng.u64(0..n)).collect();
    v.sort_unstable();
    v
}

/// Positions of a twist puzzle: uniform over all, or over one distance.
fn twist<const N: usize>(
    puzzle: &'static Puzzle<N>,
    args: &RandomArgs,
    rng: &mut fastrand::Rng,
) -> Result<Vec<RandomPosition>, Box<dyn std::error::Error>> {
    if args.goal.is_some() {
        return Err(format!(
            "--goal is for boards; the {} is solved towards Schofield's target",
            puzzle.name
        )
        .into());
    }
    let a = Analysis::new(puzzle);
    let pool: Vec<SequenceNumber> = match args.moves {
        Some(m) => a.positions_at(m),
        None => (0..a.len() as u32).map(SequenceNumber::new).collect(),
    };
    if pool.is_empty() {
        return Err(format!(
            "no {} position needs exactly {}; the minima are even, from 0 to {}",
            puzzle.name,
            super::common::moves(usize::from(args.moves.unwrap_or_default())),
            a.max_moves()
        )
        .into());
    }
    let out: Vec<RandomPosition> = (0..args.count)
        .map(|_| {
            let s = pool[rng.usize(0..pool.len())];
            let p = a.position(s);
            RandomPosition {
                start: puzzle.grid_compact(&p),
                code: Some(p.code()),
                moves: Some(a.moves_at(s)),
            }
        })
        .collect();
    Ok(out)
}

/// Arrangements of a board towards its goal: uniform over the solvable
/// half, or (boards of at most 12 cells) over one distance.
fn board(
    board: Board,
    args: &RandomArgs,
    rng: &mut fastrand::Rng,
) -> Result<Vec<RandomPosition>, Box<dyn std::error::Error>> {
    let goal: Goal = args.goal.as_deref().unwrap_or("blank-last").parse()?;
    let goal = goal.arrangement(&board)?;
    let mut out = match args.moves {
        None => {
            let space = Space::new(board, goal);
            places(rng, space.len() as u64, args.count)
                .into_iter()
                .map(|i| RandomPosition {
                    start: board.format(&space.arrangement(i as usize)),
                    code: None,
                    moves: None,
                })
                .collect::<Vec<_>>()
        }
        Some(m) => {
            if board.cells() > lookup::MAX_CELLS {
                return Err(format!(
                    "--moves needs the board's lookup table, built for boards of at most {} cells; {board} has {} (leave out --moves for uniform positions)",
                    lookup::MAX_CELLS,
                    board.cells()
                )
                .into());
            }
            let t = super::lookup::build(board, goal)?;
            let at = t
                .distribution()
                .iter()
                .find(|d| d.moves == m)
                .map_or(0, |d| d.states);
            if at == 0 {
                return Err(format!(
                    "no arrangement of {board} is exactly {} from the goal; the distances run from 0 to {}",
                    super::common::moves(usize::from(m)),
                    t.max()
                )
                .into());
            }
            t.arrangements_at(m, &places(rng, at, args.count))
                .iter()
                .map(|a| RandomPosition {
                    start: board.format(a),
                    code: None,
                    moves: Some(m),
                })
                .collect()
        }
    };
    rng.shuffle(&mut out);
    Ok(out)
}
