//! Schofield's method on every small board: for each rectangular board of
//! at most 12 cells and each *home cell* of the blank (up to the board's
//! symmetry), the exact number of states at each distance from the goal,
//! and among the *standard positions* (blank at home) the distances and the
//! equivalence classes under the symmetries that fix the home cell.
//!
//! **The search** is the two-bit layered search of [`crate::board::two_bit`]
//! over the board's ranked states: a 12-cell board (239 500 800 states)
//! needs 57 MiB for the table, plus a byte per standard position for their
//! distances. The last layer's states are the antipodes.
//!
//! **Classes** are counted twice: by enumerating orbits, and by Burnside's
//! lemma (the average number of positions a symmetry fixes).
//!
//! ```
//! use schofield::board::census::{Case, analyse};
//! let case = Case::new("2x3".parse().unwrap(), 4).unwrap(); // the five-puzzle's tray
//! let r = analyse(&case, &|_| {}).unwrap();
//! assert_eq!(r.states, 360);
//! assert_eq!(r.standard.positions, 60);
//! assert_eq!(r.standard.max, 20);
//! ```

mod space;
mod standard;

pub use space::CaseSpace;
use space::Expansion;
use standard::standard_view;

use crate::board::symmetry::Symmetry;
use crate::board::two_bit::{Expand, Next, TwoBit, set_bits};
use crate::board::{
    Arrangement, Board, BoardSpace, Jump, Placing, Progress, move_tables, tile_ranks, try_vec_with,
};
use crate::group::classes::{self, Action};
use crate::perm::{self, nibble};
use serde::Serialize;
use std::sync::atomic::{AtomicU8, Ordering};

/// A board with a home cell for the blank.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Case {
    /// The board.
    pub board: Board,
    /// The blank's home cell (reading order, from 0).
    pub home: usize,
}

/// Why a case could not be run.
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
pub enum CaseError {
    /// The home cell is not on the board.
    #[error("home cell {home} is off the board; cells are numbered 0 to {} in reading order", .cells - 1)]
    HomeOffBoard {
        /// The cell given.
        home: usize,
        /// The board's cells.
        cells: usize,
    },
    /// More than 12 cells, not asked for explicitly.
    #[error("the {b} board has {} cells ({} states), more than 12", .0.cells(), crate::text::grouped(.0.reachable() as usize), b = .0)]
    TooLarge(Board),
    /// Too large to try at all.
    #[error(
        "the {b} board has {} states: its two-bit table alone would need {} GiB, more than this tool will try",
        crate::text::grouped(.0.reachable() as usize),
        crate::text::grouped(((.0.reachable() / 4) >> 30) as usize),
        b = .0
    )]
    Impossible(Board),
    /// The tables could not be allocated: not enough memory.
    #[error("not enough memory for the {board} board: its tables need {} bytes ({:.1} GiB)", crate::text::grouped(*.bytes as usize), *.bytes as f64 / f64::from(1u32 << 30))]
    OutOfMemory {
        /// The board.
        board: Board,
        /// The bytes the tables need.
        bytes: u64,
    },
}

/// The most a forced run may use for its two-bit table (16 GiB).
const FORCED_TABLE_LIMIT: u64 = 16 << 30;

impl Case {
    /// The board with the blank's home at `home`.
    pub fn new(board: Board, home: usize) -> Result<Case, CaseError> {
        if home >= board.cells() {
            return Err(CaseError::HomeOffBoard {
                home,
                cells: board.cells(),
            });
        }
        Ok(Case { board, home })
    }

    /// The bytes of table memory the search needs: two bits per state plus
    /// one byte per standard position.
    pub fn table_bytes(&self) -> u64 {
        let states = self.board.reachable();
        states.div_ceil(4) + states / self.board.cells() as u64
    }

    /// The error for tables ([`Case::table_bytes`]) that cannot be had.
    pub fn out_of_memory(&self) -> CaseError {
        CaseError::OutOfMemory {
            board: self.board,
            bytes: self.table_bytes(),
        }
    }

    /// Refuses boards of more than 12 cells unless `force`, and boards whose
    /// table could not fit at all.
    pub fn check_size(&self, force: bool) -> Result<(), CaseError> {
        let b = self.board;
        if b.cells() > 12 && !force {
            return Err(CaseError::TooLarge(b));
        }
        if b.reachable() / 4 > FORCED_TABLE_LIMIT {
            return Err(CaseError::Impossible(b));
        }
        Ok(())
    }

    /// The goal: the tiles `1 … n−1` in reading order, the blank at home.
    pub fn goal(&self) -> Arrangement {
        let n = self.board.cells();
        let mut cells = Vec::with_capacity(n);
        let mut t = 1u8;
        for c in 0..n {
            if c == self.home {
                cells.push(0);
            } else {
                cells.push(t);
                t += 1;
            }
        }
        self.board
            .arrangement(&cells)
            .expect("a goal is an arrangement")
    }

    /// The symmetries of the board that fix the home cell, as cell maps.
    pub fn symmetries(&self) -> Vec<Vec<usize>> {
        symmetries(&self.board)
            .into_iter()
            .filter(|g| g[self.home] == self.home)
            .collect()
    }
}

/// A map of (row, column) to (row, column).
/// The symmetries of a rectangle as maps of its cells (see
/// [`Symmetry`]): four, or eight on a square.
pub fn symmetries(b: &Board) -> Vec<Vec<usize>> {
    Symmetry::of(b).iter().map(|g| g.cell_map(b)).collect()
}

/// Every board of at most `max_cells` cells (one of each transposed pair,
/// rows ≤ columns) with each home cell up to the board's symmetry: the
/// last cell of each orbit, so that a corner is the bottom right and its
/// goal is blank-last (`123/456/78_`), as the puzzles are sold.
pub fn cases(max_cells: usize) -> Vec<Case> {
    let mut out = Vec::new();
    let mut boards: Vec<Board> = Vec::new();
    for rows in 2..=4 {
        for cols in rows..=8 {
            if rows * cols <= max_cells.min(16)
                && let Ok(b) = Board::new(rows, cols)
            {
                boards.push(b);
            }
        }
    }
    boards.sort_by_key(|b| (b.cells(), b.rows()));
    for b in boards {
        out.extend(cases_of(b));
    }
    out
}

/// One board's cases: each home cell up to the board's symmetry, the last
/// cell of each orbit, from the last cell back.
///
/// ```
/// use schofield::board::census::cases_of;
/// let homes: Vec<usize> = cases_of("3x3".parse().unwrap()).iter().map(|c| c.home).collect();
/// assert_eq!(homes, [8, 7, 4]); // corner (blank-last), edge, centre
/// ```
pub fn cases_of(b: Board) -> Vec<Case> {
    let syms = symmetries(&b);
    (0..b.cells())
        .rev()
        .filter(|&home| syms.iter().all(|g| g[home] <= home))
        .map(|home| Case { board: b, home })
        .collect()
}

/// The number of states at one distance.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize)]
pub struct LayerCount {
    /// The distance in moves.
    pub moves: u32,
    /// States at that distance.
    pub states: u64,
}

/// Class counts found two ways.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize)]
pub struct ClassCount {
    /// By enumerating orbits.
    pub orbits: u64,
    /// By Burnside's lemma.
    pub burnside: u64,
}

/// One row of the standard positions' table.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize)]
pub struct StandardRow {
    /// The distance in moves.
    pub moves: u32,
    /// Standard positions at that distance.
    pub positions: u64,
    /// Classes under the symmetries fixing the home cell.
    pub classes: u64,
    /// Classes when a position is also equivalent to its inverse.
    pub extended_classes: u64,
}

/// Schofield's view of a case: the positions with the blank at home.
#[derive(Debug, Clone, PartialEq, Eq, Serialize)]
pub struct Standard {
    /// How many there are, `(n−1)!/2`.
    pub positions: u64,
    /// The largest distance among them.
    pub max: u32,
    /// The symmetries that fix the home cell.
    pub symmetries: usize,
    /// Classes in all, counted two ways.
    #[serde(rename = "class_total")]
    pub classes: ClassCount,
    /// Extended classes in all, counted two ways.
    #[serde(rename = "extended_class_total")]
    pub extended_classes: ClassCount,
    /// By distance.
    pub rows: Vec<StandardRow>,
}

/// The results for one case.
#[derive(Debug, Clone, PartialEq, Serialize)]
pub struct CaseResult {
    /// `RxC`.
    pub board: String,
    /// The home cell.
    pub home: usize,
    /// The goal.
    pub goal: String,
    /// All reachable states, `n!/2`.
    pub states: u64,
    /// The largest distance.
    pub max: u32,
    /// The mean distance, as `total_moves / states`.
    pub mean: f64,
    /// The sum of all distances.
    pub total_moves: u64,
    /// States at each distance.
    pub distribution: Vec<LayerCount>,
    /// How many states are at the largest distance.
    pub antipode_count: u64,
    /// The farthest states (at most 100 listed).
    pub antipodes: Vec<String>,
    /// The positions with the blank at home.
    pub standard: Standard,
    /// Bytes of table memory: two bits per state plus one byte per standard
    /// position.
    pub table_bytes: u64,
}

/// Runs the search and the class analysis of one case. `progress` is called
/// after each layer. The tables ([`Case::table_bytes`]) are allocated
/// fallibly: a board whose tables do not fit in memory is an error.
pub fn analyse(case: &Case, progress: &(dyn Fn(Progress) + Sync)) -> Result<CaseResult, CaseError> {
    let out_of_memory = || case.out_of_memory();
    let moves = CaseSpace::new(case).ok_or_else(out_of_memory)?;
    let total = moves.len();
    let table = TwoBit::try_new(total).ok_or_else(out_of_memory)?;
    // Distances of the standard positions (blank at home), by tile rank.
    let standard: Vec<AtomicU8> =
        try_vec_with(moves.standard_len(), || AtomicU8::new(u8::MAX)).ok_or_else(out_of_memory)?;
    let start = moves.start();
    if let Some(r) = moves.standard(start) {
        standard[r].store(0, Ordering::Relaxed);
    }
    let expansion = Expansion {
        moves: &moves,
        standard: &standard,
        words_per_block: moves.words_per_block(),
    };
    let layers = table.search_with(&[start], expansion, |layer, found, _| {
        progress(Progress {
            part: 0,
            parts: 1,
            layer,
            found,
            total: total as u64,
        })
    });
    let antipodes: Vec<usize> = table.last_layer(&layers).take(ANTIPODES_LISTED).collect();
    let distances: Vec<u8> = standard.into_iter().map(AtomicU8::into_inner).collect();
    Ok(result(case, &moves, &layers.counts, &antipodes, &distances))
}

/// How many antipodes a result lists (the first, in index order).
pub const ANTIPODES_LISTED: usize = 100;

/// A case's result from what its search found: the number of states at
/// each distance, the first [`ANTIPODES_LISTED`] states of the last layer
/// (by index), and the distance of each standard position.
pub fn result(
    case: &Case,
    moves: &CaseSpace,
    counts: &[u64],
    antipodes: &[usize],
    distances: &[u8],
) -> CaseResult {
    let b = case.board;
    let space = &moves.space;
    let total = space.len();
    let distribution: Vec<LayerCount> = counts
        .iter()
        .enumerate()
        .map(|(d, &states)| LayerCount {
            moves: d as u32,
            states,
        })
        .collect();
    // The last layer's states are the antipodes.
    let max = counts.len().saturating_sub(1) as u32;
    let antipode_count = distribution.last().map_or(0, |l| l.states);
    let antipodes: Vec<String> = antipodes
        .iter()
        .take(ANTIPODES_LISTED)
        .map(|&i| b.format(&space.arrangement(i)))
        .collect();
    let total_moves: u64 = distribution
        .iter()
        .map(|l| u64::from(l.moves) * l.states)
        .sum();
    let standard = standard_view(case, moves, distances);
    CaseResult {
        board: b.to_string(),
        home: case.home,
        goal: b.format(space.goal()),
        states: total as u64,
        max,
        mean: (total_moves as f64 / total as f64 * 10_000.0).round() / 10_000.0,
        total_moves,
        distribution,
        antipode_count,
        antipodes,
        standard,
        table_bytes: case.table_bytes(),
    }
}
