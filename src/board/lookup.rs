//! Utgoff and Saxena's perfect lookup table: every reachable arrangement of
//! a board with its exact distance from the goal, found by breadth-first
//! search, saved and loaded safely.
//!
//! With a perfect evaluation, hill-climbing is an optimal solver: from any
//! arrangement, some move lowers the distance by one.
//!
//! ```
//! use schofield::board::Board;
//! use schofield::board::lookup::LookupTable;
//! let b: Board = "3x3".parse().unwrap();
//! let t = LookupTable::build(b, b.goal_blank_last());
//! assert_eq!(t.states(), 181_440);
//! assert_eq!(t.max(), 31);
//! assert_eq!(t.within(10), 706);
//! let p = b.parse_arrangement("123/456/7_8").unwrap();
//! let s = t.solve(&p).unwrap();
//! assert_eq!(s.moves.len(), 1);
//! ```

use crate::board::{Arrangement, Board, Direction, Space};
use serde::Serialize;
use std::fmt;
use std::path::Path;

/// The table: a distance byte per reachable arrangement, by compact index.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct LookupTable {
    space: Space,
    dist: Vec<u8>,
}

/// One row of the distribution.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize)]
pub struct DistanceCount {
    /// A distance from the goal.
    pub moves: u8,
    /// The number of arrangements at exactly that distance.
    pub states: u64,
}

/// The table's summary.
#[derive(Debug, Clone, Serialize)]
pub struct Summary {
    /// The board, e.g. `3x3`.
    pub board: String,
    /// The goal.
    pub goal: String,
    /// Reachable arrangements.
    pub states: u64,
    /// The largest distance.
    pub max: u8,
    /// The mean distance, to four decimals.
    pub mean: f64,
    /// The mean as an exact fraction: total distance / states.
    pub total_moves: u64,
    /// Arrangements at each distance.
    pub distribution: Vec<DistanceCount>,
    /// With `--within K`: `[K, arrangements within K moves]`.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub within: Option<(u8, u64)>,
}

/// An optimal solution read off the table.
#[derive(Debug, Clone, Serialize)]
pub struct TableSolution {
    /// The starting arrangement.
    pub start: String,
    /// The goal.
    pub goal: String,
    /// Its distance, which is the solution's length.
    pub length: u8,
    /// The directions the blank moves in.
    pub moves: Vec<Direction>,
    /// The tiles moved, in order.
    pub tiles: Vec<u8>,
}

/// Why a table could not be used.
#[derive(Debug)]
pub enum TableError {
    /// The file could not be read or written.
    Io(String, std::io::Error),
    /// Not a table file (wrong magic number).
    NotATable(String),
    /// A format version this program does not read.
    Version(String, u16),
    /// The file is shorter or longer than its header says.
    Length {
        /// The file.
        path: String,
        /// Its length.
        found: u64,
        /// The length its header implies.
        expected: u64,
    },
    /// The checksum does not match: the file was changed or damaged.
    Checksum(String),
    /// A header that makes no sense (a bad board or goal).
    Header(String, String),
    /// The table is for another board or goal than the one asked for.
    Mismatch {
        /// The file.
        path: String,
        /// What the file holds.
        holds: String,
        /// What was asked for.
        wanted: String,
    },
    /// The arrangement cannot reach the table's goal.
    Unsolvable(crate::board::Unsolvable),
    /// A board too large for a byte per state.
    TooLarge(Board),
    /// The search's tables could not be allocated.
    OutOfMemory {
        /// The board.
        board: Board,
        /// The bytes the build needs.
        bytes: u64,
    },
}

impl fmt::Display for TableError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        use TableError::*;
        match self {
            Io(p, e) => write!(f, "cannot use the table file {p}: {e}"),
            NotATable(p) => write!(
                f,
                "{p} is not a schofield lookup table (its first bytes are not SCHOFLUT); build one with `schofield lookup build --save FILE`"
            ),
            Version(p, v) => write!(
                f,
                "{p} is a lookup table of format version {v}; this program reads version {VERSION}"
            ),
            Length {
                path,
                found,
                expected,
            } => write!(
                f,
                "{path} is damaged: it has {found} bytes but its header needs {expected} (a cut or padded file); rebuild it"
            ),
            Checksum(p) => write!(
                f,
                "{p} is damaged: its checksum does not match its contents; rebuild it"
            ),
            Header(p, why) => write!(f, "{p} has a bad header: {why}; rebuild it"),
            Mismatch {
                path,
                holds,
                wanted,
            } => write!(
                f,
                "{path} holds the table for {holds}, not {wanted}; pass matching --board/--goal or another --table"
            ),
            TooLarge(b) => write!(
                f,
                "a lookup table for the {b} board would need {} bytes (one per state); it is built for boards of up to {MAX_CELLS} cells (3x4: 239 500 800 states)",
                crate::perm::factorial(b.cells()) / 2
            ),
            OutOfMemory { board, bytes } => write!(
                f,
                "not enough memory to build the lookup table of the {board} board: it needs {bytes} bytes ({:.1} GiB)",
                *bytes as f64 / f64::from(1u32 << 30)
            ),
            Unsolvable(u) => u.fmt(f),
        }
    }
}

impl std::error::Error for TableError {}

/// The most cells a lookup table is built for (one byte per state: 3×4 or
/// 2×6 take 240 MB).
pub const MAX_CELLS: usize = 12;

const MAGIC: &[u8; 8] = b"SCHOFLUT";
const VERSION: u16 = 1;
/// magic 8, version 2, rows 1, cols 1, goal 16, entries 8, checksum 8.
const HEADER: usize = 44;

/// FNV-1a, 64 bits: a checksum over the header fields and every entry.
fn fnv1a(chunks: &[&[u8]]) -> u64 {
    let mut h: u64 = 0xcbf2_9ce4_8422_2325;
    for c in chunks {
        for &b in *c {
            h ^= u64::from(b);
            h = h.wrapping_mul(0x0000_0100_0000_01b3);
        }
    }
    h
}

impl LookupTable {
    /// Builds the table of `board` towards `goal`, refusing boards of more
    /// than [`MAX_CELLS`] cells.
    pub fn try_build(board: Board, goal: Arrangement) -> Result<LookupTable, TableError> {
        if board.cells() > MAX_CELLS {
            return Err(TableError::TooLarge(board));
        }
        let space = Space::new(board, goal);
        let dist = space.distances().ok_or(TableError::OutOfMemory {
            board,
            bytes: space.distances_bytes(),
        })?;
        Ok(LookupTable { space, dist })
    }

    /// Builds the table of `board` towards `goal` by breadth-first search
    /// (`n!/2` bytes of memory), for boards the caller knows to be small.
    ///
    /// # Panics
    /// On a board of more than [`MAX_CELLS`] cells or when memory runs
    /// out; [`LookupTable::try_build`] returns those as errors.
    pub fn build(board: Board, goal: Arrangement) -> LookupTable {
        match Self::try_build(board, goal) {
            Ok(t) => t,
            Err(e) => panic!("{e}"),
        }
    }

    /// The board.
    pub fn board(&self) -> &Board {
        self.space.board()
    }

    /// The goal.
    pub fn goal(&self) -> &Arrangement {
        self.space.goal()
    }

    /// The reachable half of the board, with its compact index.
    pub fn space(&self) -> &Space {
        &self.space
    }

    /// The number of reachable arrangements (entries).
    pub fn states(&self) -> u64 {
        self.dist.len() as u64
    }

    /// The entries, by compact index.
    pub fn entries(&self) -> &[u8] {
        &self.dist
    }

    /// The distance of `a` from the goal, or `None` if it cannot reach it.
    pub fn distance(&self, a: &Arrangement) -> Option<u8> {
        self.space
            .reaches(a)
            .then(|| self.dist[self.space.index(a)])
    }

    /// The number of arrangements at each distance `0 … max`.
    pub fn distribution(&self) -> Vec<DistanceCount> {
        let mut counts = vec![0u64; 256];
        for &d in &self.dist {
            counts[usize::from(d)] += 1;
        }
        let max = usize::from(self.max());
        (0..=max)
            .map(|m| DistanceCount {
                moves: m as u8,
                states: counts[m],
            })
            .collect()
    }

    /// The largest distance.
    pub fn max(&self) -> u8 {
        self.dist.iter().copied().max().unwrap_or(0)
    }

    /// The sum of all distances.
    pub fn total_moves(&self) -> u64 {
        self.dist.iter().map(|&d| u64::from(d)).sum()
    }

    /// The mean distance.
    pub fn mean(&self) -> f64 {
        self.total_moves() as f64 / self.states() as f64
    }

    /// The number of arrangements within `k` moves.
    pub fn within(&self, k: u8) -> u64 {
        self.dist.iter().filter(|&&d| d <= k).count() as u64
    }

    /// The summary report.
    pub fn summary(&self, within: Option<u8>) -> Summary {
        Summary {
            board: self.board().to_string(),
            goal: self.board().format(self.goal()),
            states: self.states(),
            max: self.max(),
            mean: (self.mean() * 10_000.0).round() / 10_000.0,
            total_moves: self.total_moves(),
            distribution: self.distribution(),
            within: within.map(|k| (k, self.within(k))),
        }
    }

    /// An optimal solution by hill-climbing on the table: at each step the
    /// first move (blank up, left, right, down) that lowers the distance by
    /// one.
    pub fn solve(&self, a: &Arrangement) -> Result<TableSolution, TableError> {
        let b = *self.board();
        let mut d = self.distance(a).ok_or_else(|| {
            TableError::Unsolvable(crate::board::Unsolvable {
                position: b.format(a),
            })
        })?;
        let mut cur = a.clone();
        let (mut moves, mut tiles) = (Vec::new(), Vec::new());
        while d > 0 {
            let (dir, next, tile) = Direction::ALL
                .into_iter()
                .filter_map(|dir| b.apply(&cur, dir).map(|(n, t)| (dir, n, t)))
                .find(|(_, n, _)| self.dist[self.space.index(n)] + 1 == d)
                .expect("a perfect table always has a move one nearer");
            moves.push(dir);
            tiles.push(tile);
            cur = next;
            d -= 1;
        }
        Ok(TableSolution {
            start: b.format(a),
            goal: b.format(self.goal()),
            length: moves.len() as u8,
            moves,
            tiles,
        })
    }

    /// The file image: header (magic, version, board, goal, entry count,
    /// checksum), then one byte per entry.
    pub fn to_bytes(&self) -> Vec<u8> {
        let b = self.board();
        let mut goal = [0u8; 16];
        goal[..b.cells()].copy_from_slice(self.goal().cells());
        let fields = Self::header_fields(b, &goal, self.dist.len() as u64);
        let sum = fnv1a(&[&fields, &self.dist]);
        let mut out = Vec::with_capacity(HEADER + self.dist.len());
        out.extend_from_slice(MAGIC);
        out.extend_from_slice(&fields);
        out.extend_from_slice(&sum.to_le_bytes());
        out.extend_from_slice(&self.dist);
        out
    }

    fn header_fields(b: &Board, goal: &[u8; 16], entries: u64) -> Vec<u8> {
        let mut f = Vec::with_capacity(28);
        f.extend_from_slice(&VERSION.to_le_bytes());
        f.push(b.rows() as u8);
        f.push(b.cols() as u8);
        f.extend_from_slice(goal);
        f.extend_from_slice(&entries.to_le_bytes());
        f
    }

    /// Saves the table to `path` atomically (temporary file, then rename).
    pub fn save(&self, path: &Path) -> Result<(), TableError> {
        crate::store::write_atomically(path, &self.to_bytes())
            .map_err(|e| TableError::Io(path.display().to_string(), e))
    }

    /// Reads a table image, refusing anything damaged: wrong magic, version,
    /// length, checksum, or a header whose board and goal make no sense.
    pub fn from_bytes(bytes: &[u8], name: &str) -> Result<LookupTable, TableError> {
        let name = name.to_string();
        if bytes.len() < MAGIC.len() || &bytes[..8] != MAGIC {
            return Err(TableError::NotATable(name));
        }
        if bytes.len() < HEADER {
            return Err(TableError::Length {
                path: name,
                found: bytes.len() as u64,
                expected: HEADER as u64,
            });
        }
        let version = u16::from_le_bytes([bytes[8], bytes[9]]);
        if version != VERSION {
            return Err(TableError::Version(name, version));
        }
        let entries = u64::from_le_bytes(bytes[28..36].try_into().expect("8 bytes"));
        let expected = HEADER as u64 + entries;
        if bytes.len() as u64 != expected {
            return Err(TableError::Length {
                path: name,
                found: bytes.len() as u64,
                expected,
            });
        }
        let sum = u64::from_le_bytes(bytes[36..44].try_into().expect("8 bytes"));
        if fnv1a(&[&bytes[8..36], &bytes[HEADER..]]) != sum {
            return Err(TableError::Checksum(name));
        }
        let board = Board::new(usize::from(bytes[10]), usize::from(bytes[11]))
            .map_err(|e| TableError::Header(name.clone(), e.to_string()))?;
        let goal = board
            .arrangement(&bytes[12..12 + board.cells()])
            .map_err(|e| TableError::Header(name.clone(), format!("the goal: {e}")))?;
        let space = Space::new(board, goal);
        if space.len() as u64 != entries {
            return Err(TableError::Header(
                name,
                format!("{entries} entries, but a {board} board has {}", space.len()),
            ));
        }
        Ok(LookupTable {
            space,
            dist: bytes[HEADER..].to_vec(),
        })
    }

    /// Loads a table from `path` (see [`LookupTable::from_bytes`]).
    pub fn load(path: &Path) -> Result<LookupTable, TableError> {
        let name = path.display().to_string();
        let bytes = std::fs::read(path).map_err(|e| TableError::Io(name.clone(), e))?;
        Self::from_bytes(&bytes, &name)
    }

    /// Refuses the table unless it is for `board` and `goal`.
    pub fn check_matches(
        &self,
        board: &Board,
        goal: &Arrangement,
        path: &str,
    ) -> Result<(), TableError> {
        if self.board() != board || self.goal() != goal {
            return Err(TableError::Mismatch {
                path: path.to_string(),
                holds: format!(
                    "the {} board with goal {}",
                    self.board(),
                    self.board().format(self.goal())
                ),
                wanted: format!("the {board} board with goal {}", board.format(goal)),
            });
        }
        Ok(())
    }
}
