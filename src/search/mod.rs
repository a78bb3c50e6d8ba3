//! Heuristic search over sliding boards: A* with an updatable priority
//! queue, and the distance estimates of the A* notes (discrete, Hamming,
//! Manhattan) plus linear conflict.
//!
//! ```
//! use schofield::board::Board;
//! use schofield::search::{Heuristic, Limits, astar};
//! let b: Board = "3x3".parse().unwrap();
//! let start = b.parse_arrangement("123/456/_78").unwrap();
//! let r = astar(&b, &start, &b.goal_blank_last(), Heuristic::Manhattan, &Limits::default()).unwrap();
//! assert_eq!(r.path.length, 2);
//! assert_eq!(r.path.tiles, vec![7, 8]);
//! ```

mod astar;
pub mod duplicates;
pub mod heap;
pub mod ida;
pub mod pdb;
pub mod regions;
pub mod three_cycles;

use crate::board::symmetry::Recast;
use crate::board::{Arrangement, Board, Direction, SolutionPath, Unsolvable};
pub use astar::*;
use heap::{UpdatableHeap, map_bytes};
use num_rational::Ratio;
use pdb::{Lookups, Partition};
use serde::Serialize;
use std::cmp::Reverse;
use std::collections::HashMap;
use std::fmt;
use std::hash::{BuildHasherDefault, Hasher};

/// A distance estimate from an arrangement to the goal. What each one
/// estimates is said once, in [`Heuristic::description`] (which the
/// command line's help shows too).
///
/// ```
/// use schofield::search::Heuristic;
/// assert!(Heuristic::LinearConflict.description().starts_with("Manhattan plus 2"));
/// ```
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, Serialize)]
#[serde(rename_all = "kebab-case")]
pub enum Heuristic {
    /// `discrete`: Dijkstra's algorithm.
    Discrete,
    /// `hamming`: tiles out of place.
    Hamming,
    /// `manhattan`: rows and columns to go.
    Manhattan,
    /// `linear-conflict`: Manhattan and the conflicts in lines.
    LinearConflict,
}

impl Heuristic {
    /// All four, weakest first.
    pub const ALL: [Heuristic; 4] = [
        Heuristic::Discrete,
        Heuristic::Hamming,
        Heuristic::Manhattan,
        Heuristic::LinearConflict,
    ];

    /// The name used on the command line.
    pub fn name(self) -> &'static str {
        match self {
            Heuristic::Discrete => "discrete",
            Heuristic::Hamming => "hamming",
            Heuristic::Manhattan => "manhattan",
            Heuristic::LinearConflict => "linear-conflict",
        }
    }

    /// What it estimates, in a line (the command line's help).
    pub fn description(self) -> &'static str {
        match self {
            Heuristic::Discrete => "0 at the goal, 1 elsewhere: A* becomes Dijkstra's algorithm",
            Heuristic::Hamming => "The number of tiles out of place",
            Heuristic::Manhattan => {
                "The sum over tiles of the rows and columns between each tile and its goal cell"
            }
            Heuristic::LinearConflict => {
                "Manhattan plus 2 for every tile that must leave its goal row or column to let the others in it pass (Hansson, Mayer and Yung)"
            }
        }
    }
}

impl std::str::FromStr for Heuristic {
    type Err = String;

    /// A heuristic by [`Heuristic::name`].
    ///
    /// ```
    /// use schofield::search::Heuristic;
    /// assert_eq!("linear-conflict".parse(), Ok(Heuristic::LinearConflict));
    /// assert!("euclid".parse::<Heuristic>().unwrap_err().contains("expected discrete"));
    /// ```
    fn from_str(s: &str) -> Result<Heuristic, String> {
        Heuristic::ALL
            .into_iter()
            .find(|h| h.name() == s)
            .ok_or_else(|| {
                format!(
                    "unknown heuristic {}; expected discrete, hamming, manhattan or linear-conflict",
                    crate::text::quoted(s)
                )
            })
    }
}

/// What `optimal`'s `--partition` names: a partition's pattern databases,
/// or one of the estimates that need none (Manhattan, linear conflict).
///
/// ```
/// use schofield::search::{Heuristic, Partitioning};
/// use schofield::search::pdb::PartitionName;
/// assert_eq!("6-6-3".parse(), Ok(Partitioning::Databases(PartitionName::SixSixThree)));
/// assert_eq!("manhattan".parse(), Ok(Partitioning::Estimate(Heuristic::Manhattan)));
/// assert_eq!("hamming".parse::<Partitioning>().unwrap_err(),
///     "unknown partition \"hamming\"; expected 7-7-1, 7-8, 6-6-3, 5-5-5, manhattan or linear-conflict");
/// ```
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Partitioning {
    /// The additive pattern databases of a named partition.
    Databases(pdb::PartitionName),
    /// An estimate without databases.
    Estimate(Heuristic),
}

impl Partitioning {
    /// Every value, as `--partition` takes them.
    pub fn names() -> Vec<&'static str> {
        pdb::PartitionName::ALL
            .iter()
            .map(|p| p.name())
            .chain(["manhattan", "linear-conflict"])
            .collect()
    }

    /// Its name.
    pub fn name(self) -> &'static str {
        match self {
            Partitioning::Databases(p) => p.name(),
            Partitioning::Estimate(h) => h.name(),
        }
    }
}

impl std::str::FromStr for Partitioning {
    type Err = String;

    fn from_str(s: &str) -> Result<Partitioning, String> {
        match s {
            "manhattan" => Ok(Partitioning::Estimate(Heuristic::Manhattan)),
            "linear-conflict" => Ok(Partitioning::Estimate(Heuristic::LinearConflict)),
            _ => s.parse().map(Partitioning::Databases).map_err(|_| {
                format!(
                    "unknown partition {}; expected 7-7-1, 7-8, 6-6-3, 5-5-5, manhattan or linear-conflict",
                    crate::text::quoted(s)
                )
            }),
        }
    }
}

/// What guides A* and IDA*: one of the named estimates, or the additive
/// pattern databases of a partition ([`pdb::Lookups`]). Both searches take
/// this one type, so either can run with any estimate; a [`Heuristic`] or
/// a `&Partition` converts into it.
///
/// ```
/// use schofield::search::{Guide, Heuristic};
/// let g: Guide = Heuristic::Manhattan.into();
/// assert_eq!(g.name(), "manhattan");
/// ```
#[derive(Debug, Clone, Copy)]
pub enum Guide<'a> {
    /// A named estimate.
    Estimate(Heuristic),
    /// A partition's pattern databases.
    Databases(&'a Partition),
}

impl Guide<'_> {
    /// The name reports use: the heuristic's, or the partition's (such as
    /// `7-7-1`; `pattern databases` for an unnamed partition).
    pub fn name(&self) -> String {
        match self {
            Guide::Estimate(h) => h.name().to_string(),
            Guide::Databases(p) => p
                .name
                .map_or_else(|| "pattern databases".to_string(), |n| n.to_string()),
        }
    }
}

impl From<Heuristic> for Guide<'_> {
    fn from(h: Heuristic) -> Self {
        Guide::Estimate(h)
    }
}

impl<'a> From<&'a Partition> for Guide<'a> {
    fn from(p: &'a Partition) -> Self {
        Guide::Databases(p)
    }
}

/// The sum of `rows[i][places[i]]`: the Manhattan distance of pieces whose
/// cells are `places`, `rows[i]` the distances of piece `i` from its goal
/// cell by the cell it is on (as [`Target`] tabulates them). The pattern
/// databases sum their pattern's tiles this way, and the look-ups every
/// tile.
#[inline]
pub(crate) fn manhattan_of_places(rows: &[[u8; 16]], places: &[u8]) -> u32 {
    rows.iter()
        .zip(places)
        .map(|(row, &c)| u32::from(row[usize::from(c)]))
        .sum()
}

/// A goal on a board, with each tile's goal cell, for estimating distances.
#[derive(Debug, Clone)]
pub struct Target {
    board: Board,
    goal: Arrangement,
    goal_cell: [u8; 16],
    /// `distance[t][c]`: [`Board::manhattan`] from cell `c` to tile `t`'s
    /// goal cell, looked up instead of recomputed at every vertex.
    pub(crate) distance: [[u8; 16]; 16],
}

impl Target {
    /// The goal `goal` on `board`.
    pub fn new(board: Board, goal: Arrangement) -> Target {
        let mut goal_cell = [0u8; 16];
        for (c, &t) in goal.cells().iter().enumerate() {
            goal_cell[usize::from(t)] = c as u8;
        }
        let mut distance = [[0u8; 16]; 16];
        for (t, row) in distance.iter_mut().enumerate().take(board.cells()) {
            for (c, d) in row.iter_mut().enumerate().take(board.cells()) {
                *d = board.manhattan(c, usize::from(goal_cell[t])) as u8;
            }
        }
        Target {
            board,
            goal,
            goal_cell,
            distance,
        }
    }

    /// Tile `t`'s goal cell.
    pub(crate) fn goal_cell(&self, t: u8) -> u8 {
        self.goal_cell[usize::from(t) & 15]
    }

    /// The estimate of `h` for the arrangement whose cells are `cells`.
    pub fn estimate(&self, h: Heuristic, cells: &[u8]) -> u32 {
        match h {
            Heuristic::Discrete => u32::from(cells != self.goal.cells()),
            Heuristic::Hamming => cells
                .iter()
                .zip(self.goal.cells())
                .filter(|&(&t, &g)| t != 0 && t != g)
                .count() as u32,
            Heuristic::Manhattan => self.manhattan(cells),
            Heuristic::LinearConflict => self.manhattan(cells) + 2 * self.conflicts(cells),
        }
    }

    /// The Manhattan distance of the arrangement whose cells are `cells`
    /// (the tile on each cell). The databases hold the other form, each
    /// tile's cell, and sum it by [`manhattan_of_places`].
    fn manhattan(&self, cells: &[u8]) -> u32 {
        cells
            .iter()
            .enumerate()
            .filter(|&(_, &t)| t != 0)
            .map(|(c, &t)| u32::from(self.distance[usize::from(t) & 15][c & 15]))
            .sum()
    }

    /// For each row and column: the tiles in it whose goal is in it too,
    /// less the longest run of them already in goal order. Each such tile
    /// must step out of the line and back, 2 moves beyond Manhattan.
    fn conflicts(&self, cells: &[u8]) -> u32 {
        let (rows, cols) = (self.board.rows(), self.board.cols());
        let mut total = 0;
        let mut keys = Vec::with_capacity(rows.max(cols));
        for r in 0..rows {
            keys.clear();
            for c in 0..cols {
                let t = cells[r * cols + c];
                if t != 0 {
                    let g = usize::from(self.goal_cell[usize::from(t)]);
                    if g / cols == r {
                        keys.push(g % cols);
                    }
                }
            }
            total += keys.len() - longest_increasing(&keys);
        }
        for c in 0..cols {
            keys.clear();
            for r in 0..rows {
                let t = cells[r * cols + c];
                if t != 0 {
                    let g = usize::from(self.goal_cell[usize::from(t)]);
                    if g % cols == c {
                        keys.push(g / cols);
                    }
                }
            }
            total += keys.len() - longest_increasing(&keys);
        }
        total as u32
    }
}

/// What A* and IDA* check before they search: that `start` can reach
/// `goal`, and whether the databases of `guide`, made for another goal,
/// serve this one through a [`Recast`] (a symmetry of the board and a
/// relabelling of the tiles): the recast, if one is needed. Databases for
/// another board, or for a goal no recast reaches, are refused.
pub(crate) fn begin<'a>(
    board: &Board,
    start: &Arrangement,
    goal: &Arrangement,
    guide: Guide<'a>,
) -> Result<Option<(Recast, &'a Partition)>, SolveError> {
    board
        .check_solvable(start, goal)
        .map_err(SolveError::Unsolvable)?;
    match guide {
        Guide::Databases(p) if p.board() != board => Err(SolveError::WrongDatabases),
        Guide::Databases(p) if p.goal() != goal => Recast::between(board, goal, p.goal())
            .map(|r| Some((r, p)))
            .ok_or(SolveError::WrongDatabases),
        _ => Ok(None),
    }
}

/// A solution found on a recast start, told in the original: each tile
/// named back, and the blank's moves read off by replaying those tiles
/// from `start`.
pub(crate) fn replay_back(
    board: &Board,
    start: &Arrangement,
    recast: &Recast,
    tiles: &[u8],
) -> (Vec<Direction>, Vec<u8>) {
    let tiles: Vec<u8> = tiles.iter().map(|&t| recast.tile_back(t)).collect();
    let mut moves = Vec::with_capacity(tiles.len());
    let mut cur = start.clone();
    for &t in &tiles {
        let (d, next) = Direction::ALL
            .into_iter()
            .find_map(|d| {
                board
                    .apply(&cur, d)
                    .filter(|&(_, moved)| moved == t)
                    .map(|(next, _)| (d, next))
            })
            .expect("a recast solution moves a tile next to the blank");
        moves.push(d);
        cur = next;
    }
    (moves, tiles)
}

/// A [`Guide`] made ready to estimate whole arrangements.
pub(crate) enum Estimator<'a> {
    /// A named estimate towards a target.
    Named(Target, Heuristic),
    /// Pattern-database lookups.
    Databases(Lookups<'a>),
}

impl<'a> Estimator<'a> {
    /// Sets up `guide` for `goal` on `board`; databases made for another
    /// board or goal are refused.
    pub(crate) fn new(
        board: &Board,
        goal: &Arrangement,
        guide: Guide<'a>,
    ) -> Result<Estimator<'a>, SolveError> {
        match guide {
            Guide::Estimate(h) => Ok(Estimator::Named(Target::new(*board, goal.clone()), h)),
            Guide::Databases(p) if p.board() != board || p.goal() != goal => {
                Err(SolveError::WrongDatabases)
            }
            Guide::Databases(p) => Ok(Estimator::Databases(Lookups::new(p))),
        }
    }

    /// The estimate for the arrangement whose cells are `cells`.
    pub(crate) fn estimate(&self, cells: &[u8]) -> u32 {
        match self {
            Estimator::Named(t, h) => t.estimate(*h, cells),
            Estimator::Databases(l) => l.estimate(cells),
        }
    }
}

/// The exact mean Manhattan distance from the goal blank-last, as an exact
/// fraction ([`num_rational::Ratio`]), over uniformly random arrangements:
/// `(blank anywhere, blank at its home cell)`. In a random arrangement each
/// tile is equally likely on every cell allowed to it (this holds for the
/// solvable half too), so the mean is a sum over tiles of average
/// distances. The A* notes' formula `2/3 (N−1)(N² + N − 3/2)` is the first
/// of these on an N×N board; the second is smaller.
///
/// ```
/// use num_rational::Ratio;
/// let b: schofield::board::Board = "3x3".parse().unwrap();
/// assert_eq!(schofield::search::mean_manhattan(&b), (Ratio::from(14), Ratio::new(27, 2)));
/// ```
pub fn mean_manhattan(board: &Board) -> (Ratio<u64>, Ratio<u64>) {
    let n = board.cells();
    let home = n - 1;
    let d = |a: usize, b: usize| u64::from(board.manhattan(a, b));
    // Tiles 1 … n−1 have goal cells 0 … n−2.
    let anywhere: u64 = (0..home)
        .map(|g| (0..n).map(|c| d(c, g)).sum::<u64>())
        .sum();
    let at_home: u64 = (0..home)
        .map(|g| (0..n).filter(|&c| c != home).map(|c| d(c, g)).sum::<u64>())
        .sum();
    (
        Ratio::new(anywhere, n as u64),
        Ratio::new(at_home, (n - 1) as u64),
    )
}

/// The length of the longest strictly increasing subsequence (short lists).
fn longest_increasing(keys: &[usize]) -> usize {
    let mut best = vec![1usize; keys.len()];
    for i in 0..keys.len() {
        for j in 0..i {
            if keys[j] < keys[i] {
                best[i] = best[i].max(best[j] + 1);
            }
        }
    }
    best.into_iter().max().unwrap_or(0)
}

/// Limits on a search.
#[derive(Debug, Clone, Copy)]
pub struct Limits {
    /// Stop after expanding (A*) or generating (IDA*) this many vertices.
    pub max_nodes: Option<u64>,
    /// Stop before the search's tables would pass this many bytes. A*
    /// counts what its tables have really allocated (by capacity), and
    /// checks before each growth; IDA* holds only its databases.
    pub max_bytes: u64,
}

/// Which limit stopped a search.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize)]
#[serde(rename_all = "kebab-case")]
pub enum Limit {
    /// The node limit ([`Limits::max_nodes`]).
    Nodes,
    /// The memory bound ([`Limits::max_bytes`]).
    Memory,
    /// The machine refused more memory before the bound was reached.
    Available,
}

impl fmt::Display for Limit {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(match self {
            Limit::Nodes => "node limit",
            Limit::Memory => "memory bound",
            Limit::Available => "memory available on this machine",
        })
    }
}

impl Default for Limits {
    /// No node limit; 2 GiB of search memory.
    fn default() -> Self {
        Limits {
            max_nodes: None,
            max_bytes: 2 << 30,
        }
    }
}

/// Why a search gave no solution.
#[derive(Debug, Clone, thiserror::Error)]
pub enum SolveError {
    /// The start cannot reach the goal.
    #[error(transparent)]
    Unsolvable(Unsolvable),
    /// The pattern databases are for another board, or for a goal that no
    /// symmetry with relabelling carries this goal onto (the blank's goal
    /// cell must be a corner for databases built with the blank in one).
    #[error(
        "the pattern databases are for another board, or the goal's blank is not where a symmetry of the board can carry theirs"
    )]
    WrongDatabases,
    /// A limit was reached first.
    #[error("search stopped at the {limit} {}; the solution needs at least {}", progress(*.nodes, *.stored, *.bytes), crate::text::counted(*.lower_bound as usize, "move", "moves"))]
    Stopped {
        /// Which limit.
        limit: Limit,
        /// The nodes counted so far: vertices expanded by A*, positions
        /// generated by IDA*.
        nodes: u64,
        /// Vertices stored (A*); `None` for IDA*, which stores none.
        stored: Option<usize>,
        /// Bytes the search's tables held.
        bytes: u64,
        /// The best lower bound on the solution's length when it stopped.
        lower_bound: u32,
    },
}

/// How far a [`SolveError::Stopped`] search went, for its message: the
/// vertices A* expanded (and stored), or the positions IDA* generated.
fn progress(nodes: u64, stored: Option<usize>, bytes: u64) -> String {
    let mb = bytes as f64 / f64::from(1 << 20);
    let n = nodes as usize;
    match stored {
        Some(kept) => format!(
            "after expanding {} ({} stored, {mb:.1} MB)",
            crate::text::counted(n, "vertex", "vertices"),
            crate::text::grouped(kept)
        ),
        None if n == 0 => format!("before it began: its tables hold {mb:.1} MB"),
        None => format!(
            "after generating {}",
            crate::text::counted(n, "position", "positions")
        ),
    }
}
