//! Any rectangular sliding board with the blank anywhere, as on a real tray.
//!
//! An [`Arrangement`] lists the tile on each cell in reading order, `0` for
//! the blank; tiles are numbered `1 … n−1`. A move slides a tile next to the
//! blank into it. This is the tile metric under Schofield's twists, and the
//! ground on which the lookup table, A* and the 15-puzzle solvers work.
//!
//! **Solvability.** A horizontal move keeps the order of the tiles read
//! row by row. A vertical move carries one tile past `cols − 1` others: an
//! even number of transpositions when the width is odd, and an odd number,
//! together with a change of the blank's row, when it is even. So the
//! invariant is the parity of the tiles' order, plus the blank's row when
//! the width is even. Two arrangements are mutually reachable exactly when
//! their invariants agree: half of the `n!` arrangements.
//!
//! **Ranks.** [`Board::lex_rank`] is the lexicographic rank that Utgoff and
//! Saxena use: the Lehmer code of the cells with the blank counted as the
//! largest value, so `123/456/78_` ranks 0. [`BoardSpace::index`] is a compact
//! rank for the reachable half: `blank cell × (n−1)!/2 + ⌊rank(tiles)/2⌋`.
//! Of the two tile orders with the same half-rank, which differ by a swap of
//! the last two tiles, exactly one has the parity the blank's cell requires.
//!
//! ```
//! use schofield::board::{Board, BoardSpace};
//! let b: Board = "3x3".parse().unwrap();
//! let goal = b.parse_arrangement("123/456/78_").unwrap();
//! assert_eq!(b.lex_rank(&goal), 0);
//! let space = BoardSpace::new(b, goal);
//! assert_eq!(space.len(), 181_440);
//! let p = b.parse_arrangement("123/456/7_8").unwrap();
//! assert!(space.reaches(&p));
//! assert_eq!(space.arrangement(space.index(&p)), p);
//! ```

pub mod census;
#[cfg(feature = "distributed")]
pub mod cluster;
pub mod lookup;
pub mod store;
pub mod symmetry;
pub mod two_bit;

pub mod batch;
mod bfs;
pub mod goal;
mod moves;
mod space;
pub use moves::{Direction, SolutionPath, blank_letters, letters};

pub use bfs::PlainDistances;
pub use space::BoardSpace;
pub(crate) use space::*;

use crate::perm::{self, Lehmer};
use crate::text;
use itertools::Itertools;
use std::collections::VecDeque;
use std::fmt;
use std::str::FromStr;

/// The most cells a board may have (tiles fit in a nibble).
pub const MAX_CELLS: usize = 16;

/// Why a board or an arrangement could not be read.
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
pub enum BoardError {
    /// A size that is not `RxC`.
    #[error("cannot read {} as a board size; expected ROWSxCOLS, like 3x3 or 2x6", crate::text::quoted(.0))]
    SizeSyntax(String),
    /// Fewer than 2 rows or columns, or more than [`MAX_CELLS`] cells
    /// (the product is computed with checked arithmetic, so sizes whose
    /// product overflows are refused too).
    #[error(
        "a {rows}x{cols} board is not supported; expected at least 2 rows and 2 columns and at most {MAX_CELLS} cells"
    )]
    Size {
        /// Rows asked for.
        rows: usize,
        /// Columns asked for.
        cols: usize,
    },
    /// A grid whose rows do not fit the board.
    #[error(transparent)]
    Grid(#[from] crate::text::GridError),
    /// The wrong number of cells in all.
    #[error("{found} cell{} given; the board has {expected}", if *.found == 1 { "" } else { "s" })]
    CellCount {
        /// Cells found.
        found: usize,
        /// Cells expected.
        expected: usize,
    },
    /// Something that is not a tile number or a blank.
    #[error("cannot read {} as a tile; expected tile numbers and '_' or 0 for the blank", crate::text::quoted(.0))]
    BadCell(String),
    /// A tile number too large for the board.
    #[error("tile {tile} does not exist; the tiles are numbered 1 to {max}")]
    TileOutOfRange {
        /// The tile.
        tile: usize,
        /// The largest tile.
        max: usize,
    },
    /// A tile named twice.
    #[error("tile {0} appears twice; each tile must appear once")]
    RepeatedTile(u8),
    /// No blank.
    #[error("no blank; mark the empty cell with '_' (or 0)")]
    NoBlank,
    /// More than one blank.
    #[error("{0} blanks; expected exactly one")]
    SeveralBlanks(usize),
    /// A reading-order list whose length is not a square.
    #[error(
        "{0} entries do not fill a square board of 4, 9 or 16 cells; give the rows separated by '/' (like 123/45_ for 2x3)"
    )]
    NotSquare(usize),
}

/// Progress of a long breadth-first search, reported after each layer: the
/// one progress type of the census and the pattern-database builds, which
/// a caller turns into a progress bar (the library never draws one).
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Progress {
    /// Which part of the work (a database of a partition), from 0.
    pub part: usize,
    /// How many parts there are.
    pub parts: usize,
    /// The layer just finished.
    pub layer: u32,
    /// States (or placements) found so far.
    pub found: u64,
    /// States (or placements) in all.
    pub total: u64,
}

/// An arrangement that cannot be slid into the goal: the one "unsolvable"
/// error of every solver on boards (lookup table, A*, IDA*).
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
#[error("unsolvable: {position} cannot reach the goal ({} from the goal's)", parity_differs(*.even_width))]
pub struct Unsolvable {
    /// The arrangement, as the board writes it (or with a batch's instance
    /// number in front).
    pub position: String,
    /// Whether the board's width is even, where the blank's row counts in
    /// the invariant.
    pub even_width: bool,
}

/// What differs for [`Unsolvable`]: the parity of the tiles' order, with
/// the blank's row where the board's width is even.
fn parity_differs(even_width: bool) -> &'static str {
    if even_width {
        "the parity of its tiles' order and the blank's row (the width is even) differs"
    } else {
        "the parity of its tiles' order differs"
    }
}

/// The cells of a square board (4, 9 or 16 of them) as a grid string, the
/// form of every record's `start` and `goal`; a list of another length is
/// written as one row.
///
/// ```
/// assert_eq!(schofield::board::square_grid(&[1, 2, 3, 0]), "12/3_");
/// ```
pub fn square_grid(cells: &[u8]) -> String {
    let side = (2..=4).find(|k| k * k == cells.len());
    let (rows, cols) = side.map_or((1, cells.len().max(1)), |k| (k, k));
    Board { rows, cols }.format_cells(cells)
}

/// Serialises a square board's cells as [`square_grid`].
pub fn serialize_square_grid<S: serde::Serializer>(cells: &[u8], s: S) -> Result<S::Ok, S::Error> {
    s.collect_str(&square_grid(cells))
}

/// A rectangular board of `rows × cols` cells, 2 ≤ rows, cols, at most 16
/// cells.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub struct Board {
    rows: usize,
    cols: usize,
}

impl FromStr for Board {
    type Err = BoardError;

    /// Reads `RxC` (also `R×C`).
    fn from_str(s: &str) -> Result<Board, BoardError> {
        let t = s.trim().to_ascii_lowercase().replace('×', "x");
        let (r, c) = t
            .split_once('x')
            .ok_or_else(|| BoardError::SizeSyntax(s.to_string()))?;
        let parse = |x: &str| {
            x.trim()
                .parse::<usize>()
                .map_err(|_| BoardError::SizeSyntax(s.to_string()))
        };
        Board::new(parse(r)?, parse(c)?)
    }
}

impl fmt::Display for Board {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{}x{}", self.rows, self.cols)
    }
}

/// The tile on each cell in reading order, `0` for the blank.
#[derive(Debug, Clone, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub struct Arrangement(Vec<u8>);

impl Arrangement {
    /// The tiles, cell by cell.
    pub fn cells(&self) -> &[u8] {
        &self.0
    }

    /// The blank's cell.
    pub fn blank(&self) -> usize {
        self.0
            .iter()
            .position(|&t| t == 0)
            .expect("an arrangement has a blank")
    }

    /// The tiles read row by row without the blank, as values `t − 1`: the
    /// permutation whose parity (with the blank's row on even-width boards)
    /// decides solvability.
    pub fn tile_order(&self) -> Vec<u8> {
        self.0
            .iter()
            .copied()
            .filter(|&t| t != 0)
            .map(|t| t - 1)
            .collect()
    }

    /// The reading-order list with 0 for the blank: `1 2 3 4 5 6 7 8 0`.
    pub fn list(&self) -> String {
        self.0.iter().map(|t| t.to_string()).join(" ")
    }
}

impl Board {
    /// A board of `rows × cols` cells.
    ///
    /// The only way to make a board: fewer than 2 rows or columns, or more
    /// than [`MAX_CELLS`] cells, is an error, and the product is checked, so
    /// `6x3074457345618258603` (whose product wraps round to 2 in 64 bits)
    /// is refused like any other oversized board.
    ///
    /// ```
    /// use schofield::board::Board;
    /// assert_eq!(Board::new(3, 3).unwrap().cells(), 9);
    /// assert!(Board::new(6, 3_074_457_345_618_258_603).is_err());
    /// assert!(Board::new(1, 9).is_err());
    /// assert!(Board::new(4, 5).is_err());
    /// ```
    pub fn new(rows: usize, cols: usize) -> Result<Board, BoardError> {
        match rows.checked_mul(cols) {
            Some(cells) if rows >= 2 && cols >= 2 && cells <= MAX_CELLS => Ok(Board { rows, cols }),
            _ => Err(BoardError::Size { rows, cols }),
        }
    }

    /// The number of rows.
    pub fn rows(&self) -> usize {
        self.rows
    }

    /// The number of columns.
    pub fn cols(&self) -> usize {
        self.cols
    }

    /// The number of cells.
    pub fn cells(&self) -> usize {
        self.rows * self.cols
    }

    /// The number of arrangements one goal reaches, `n!/2` for `n` cells
    /// (the other half has the other value of the solvability invariant).
    ///
    /// ```
    /// let b: schofield::board::Board = "3x3".parse().unwrap();
    /// assert_eq!(b.reachable(), 181_440);
    /// ```
    pub fn reachable(&self) -> u64 {
        perm::factorial(self.cells()) / 2
    }

    /// The cell the blank reaches from `cell` moving in `d`, if on the board.
    pub fn step(&self, cell: usize, d: Direction) -> Option<usize> {
        let (r, c) = (cell / self.cols, cell % self.cols);
        match d {
            Direction::Up => (r > 0).then(|| cell - self.cols),
            Direction::Left => (c > 0).then(|| cell - 1),
            Direction::Right => (c + 1 < self.cols).then(|| cell + 1),
            Direction::Down => (r + 1 < self.rows).then(|| cell + self.cols),
        }
    }

    /// The Manhattan distance between two cells: rows apart plus columns
    /// apart, the fewest moves that carry a tile from one to the other. The
    /// one definition every heuristic and bound uses.
    ///
    /// ```
    /// let b: schofield::board::Board = "3x4".parse().unwrap();
    /// assert_eq!(b.manhattan(0, 11), 5);
    /// assert_eq!(b.manhattan(5, 5), 0);
    /// ```
    pub fn manhattan(&self, a: usize, b: usize) -> u32 {
        let (ra, ca) = (a / self.cols, a % self.cols);
        let (rb, cb) = (b / self.cols, b % self.cols);
        (ra.abs_diff(rb) + ca.abs_diff(cb)) as u32
    }

    /// The cells next to `cell`, in the order up, left, right, down.
    pub fn neighbours(&self, cell: usize) -> impl Iterator<Item = usize> + '_ {
        Direction::ALL
            .into_iter()
            .filter_map(move |d| self.step(cell, d))
    }

    /// The usual goal: tiles `1 … n−1` in reading order, blank last
    /// (`123/456/78_`).
    pub fn goal_blank_last(&self) -> Arrangement {
        let n = self.cells();
        Arrangement((1..n as u8).chain([0]).collect())
    }

    /// The other convention of the sources: blank first, then `1 … n−1`
    /// (`_12/345/678`).
    pub fn goal_blank_first(&self) -> Arrangement {
        Arrangement((0..self.cells() as u8).collect())
    }

    /// Builds an arrangement from a reading-order list (0 for the blank),
    /// checking that it holds each of `0 … n−1` once.
    pub fn arrangement(&self, cells: &[u8]) -> Result<Arrangement, BoardError> {
        let n = self.cells();
        if cells.len() != n {
            return Err(BoardError::CellCount {
                found: cells.len(),
                expected: n,
            });
        }
        match cells.iter().filter(|&&t| t == 0).count() {
            0 => return Err(BoardError::NoBlank),
            1 => {}
            k => return Err(BoardError::SeveralBlanks(k)),
        }
        match perm::check_permutation(cells) {
            Ok(()) => {}
            Err(perm::PermutationError::OutOfRange { value, .. }) => {
                return Err(BoardError::TileOutOfRange {
                    tile: usize::from(value),
                    max: n - 1,
                });
            }
            Err(perm::PermutationError::Repeated(t)) => return Err(BoardError::RepeatedTile(t)),
            // The length was checked above: at most 16 cells.
            Err(perm::PermutationError::TooLong(found)) => {
                return Err(BoardError::CellCount { found, expected: n });
            }
        }
        Ok(Arrangement(cells.to_vec()))
    }

    /// Reads an arrangement: rows separated by `/` or new lines, or one
    /// reading-order list. Cells are tile numbers; `_`, `.` or `0` is the
    /// blank. Rows (and a list) of single characters may run together
    /// (`123/456/78_`; tiles 10 … 15 as `A … F`); otherwise separate cells
    /// with spaces or commas (`1 2 3 4 5 6 7 8 0`).
    pub fn parse_arrangement(&self, s: &str) -> Result<Arrangement, BoardError> {
        let written = s.trim();
        let cells: Vec<String> = if text::grid_rows(written).len() > 1 {
            text::grid_cells(written, &vec![self.cols; self.rows])?
        } else {
            text::split_cells(written)
        };
        let tiles = cells
            .iter()
            .map(|c| match c.as_str() {
                "_" | "." => Ok(0u8),
                t => {
                    // Tiles 10 … 15 may be written as single letters A … F.
                    let v = match t.chars().next() {
                        Some(ch @ ('a'..='f' | 'A'..='F')) if t.len() == 1 => {
                            ch.to_digit(16).map(|d| d as usize)
                        }
                        _ => t.parse::<usize>().ok(),
                    };
                    match v {
                        Some(v) if v < self.cells() => Ok(v as u8),
                        Some(v) => Err(BoardError::TileOutOfRange {
                            tile: v,
                            max: self.cells() - 1,
                        }),
                        None => Err(BoardError::BadCell(t.to_string())),
                    }
                }
            })
            .collect::<Result<Vec<u8>, _>>()?;
        self.arrangement(&tiles)
    }

    /// The board a grid is written for: its rows (separated by `/` or new
    /// lines) and the cells in the first; a single reading-order list must
    /// have a square number of entries (N×N).
    pub fn infer(s: &str) -> Result<Board, BoardError> {
        let rows = text::grid_rows(s);
        if rows.len() > 1 {
            return Board::new(rows.len(), text::split_cells(rows[0]).len());
        }
        let n = text::split_cells(rows[0]).len();
        let side = (2..=4)
            .find(|k| k * k == n)
            .ok_or(BoardError::NotSquare(n))?;
        Board::new(side, side)
    }

    /// The arrangement as rows separated by `/`, `_` for the blank: single
    /// characters for boards of up to 10 cells (`123/456/78_`), numbers
    /// separated by spaces otherwise.
    pub fn format(&self, a: &Arrangement) -> String {
        self.format_cells(&a.0)
    }

    /// [`Board::format`] of cells not (yet) checked as an arrangement.
    fn format_cells(&self, cells: &[u8]) -> String {
        let wide = self.cells() > 10;
        cells
            .chunks(self.cols)
            .map(|row| {
                let cells: Vec<String> = row
                    .iter()
                    .map(|&t| {
                        if t == 0 {
                            "_".to_string()
                        } else {
                            t.to_string()
                        }
                    })
                    .collect();
                cells.join(if wide { " " } else { "" })
            })
            .join("/")
    }

    /// The arrangements from `start` as each of `tiles` in turn slides into
    /// the blank, `start` included: the steps of a solution. It stops early
    /// at a tile that is not next to the blank.
    ///
    /// ```
    /// use schofield::board::Board;
    /// let b: Board = "2x2".parse().unwrap();
    /// let start = b.parse_arrangement("1_/32").unwrap();
    /// let steps: Vec<String> = b.replay(&start, &[2, 3]).iter().map(|a| b.format(a)).collect();
    /// assert_eq!(steps, ["1_/32", "12/3_", "12/_3"]);
    /// ```
    pub fn replay(&self, start: &Arrangement, tiles: &[u8]) -> Vec<Arrangement> {
        let mut out = vec![start.clone()];
        for &t in tiles {
            let cur = out.last().expect("the start is there");
            let next = Direction::ALL.into_iter().find_map(|d| {
                self.apply(cur, d)
                    .filter(|&(_, moved)| moved == t)
                    .map(|(next, _)| next)
            });
            match next {
                Some(next) => out.push(next),
                None => break,
            }
        }
        out
    }

    /// The arrangement after the blank's moves `moves` from `start`, with
    /// the tiles they moved, in order; `None` if a move leaves the board.
    ///
    /// ```
    /// use schofield::board::{Board, Direction::{Down, Left}};
    /// let b: Board = "2x2".parse().unwrap();
    /// let start = b.parse_arrangement("1_/32").unwrap();
    /// let (end, tiles) = b.walk(&start, &[Down, Left]).unwrap();
    /// assert_eq!((b.format(&end), tiles), ("12/_3".to_string(), vec![2, 3]));
    /// assert!(b.walk(&start, &[Left, Left]).is_none());
    /// ```
    pub fn walk(&self, start: &Arrangement, moves: &[Direction]) -> Option<(Arrangement, Vec<u8>)> {
        let mut tiles = Vec::with_capacity(moves.len());
        let mut cur = start.clone();
        for &d in moves {
            let (next, t) = self.apply(&cur, d)?;
            tiles.push(t);
            cur = next;
        }
        Some((cur, tiles))
    }

    /// The arrangement after the blank moves in `d`, with the tile that
    /// moved; `None` at the edge.
    pub fn apply(&self, a: &Arrangement, d: Direction) -> Option<(Arrangement, u8)> {
        let b = a.blank();
        let to = self.step(b, d)?;
        let mut cells = a.0.clone();
        let tile = cells[to];
        cells.swap(b, to);
        Some((Arrangement(cells), tile))
    }

    /// The solvability invariant: parity of the tiles' reading order, plus
    /// the blank's row when the width is even.
    pub fn invariant(&self, a: &Arrangement) -> bool {
        let tiles = a.tile_order();
        !perm::is_even(&tiles) ^ self.row_parity(a.blank())
    }

    /// The blank's part of the invariant: on an even-width board, whether
    /// its row is odd; on an odd-width board, nothing.
    pub fn row_parity(&self, blank: usize) -> bool {
        self.cols.is_multiple_of(2) && !(blank / self.cols).is_multiple_of(2)
    }

    /// True when `a` can be slid into `goal`.
    pub fn is_solvable(&self, a: &Arrangement, goal: &Arrangement) -> bool {
        self.invariant(a) == self.invariant(goal)
    }

    /// [`Board::is_solvable`] as a `Result`, for the solvers.
    ///
    /// ```
    /// let b: schofield::board::Board = "3x3".parse().unwrap();
    /// let swapped = b.parse_arrangement("123/456/87_").unwrap();
    /// let e = b.check_solvable(&swapped, &b.goal_blank_last()).unwrap_err();
    /// assert!(e.to_string().starts_with("unsolvable: 123/456/87_"));
    /// ```
    pub fn check_solvable(&self, a: &Arrangement, goal: &Arrangement) -> Result<(), Unsolvable> {
        if self.is_solvable(a, goal) {
            Ok(())
        } else {
            Err(Unsolvable {
                position: self.format(a),
                even_width: self.cols.is_multiple_of(2),
            })
        }
    }

    /// Utgoff and Saxena's index: the lexicographic rank of the cells, the
    /// blank counted as the largest value, so the goal `123/456/78_` is 0.
    pub fn lex_rank(&self, a: &Arrangement) -> u64 {
        let n = self.cells() as u8;
        let values: Vec<u8> =
            a.0.iter()
                .map(|&t| if t == 0 { n - 1 } else { t - 1 })
                .collect();
        perm::lex_rank(&values)
    }

    /// The arrangement with Utgoff and Saxena's index `r` (`r < n!`).
    pub fn lex_unrank(&self, r: u64) -> Arrangement {
        let n = self.cells() as u8;
        Arrangement(
            perm::lex_unrank(r, self.cells())
                .into_iter()
                .map(|v| if v == n - 1 { 0 } else { v + 1 })
                .collect(),
        )
    }
}
