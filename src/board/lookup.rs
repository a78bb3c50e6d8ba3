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
//! assert_eq!(s.path.moves.len(), 1);
//! ```

use crate::board::store::{self, Kind, StoreError};
use crate::board::{
    Arrangement, Board, BoardSpace, Direction, LIST_MASK, SolutionPath, half_unrank, move_tables,
    tile_ranks,
};
use serde::Serialize;
use std::path::Path;

/// The table: a distance byte per reachable arrangement, by compact index.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct LookupTable {
    space: BoardSpace,
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
    /// The moves, as many as its distance.
    #[serde(flatten)]
    pub path: SolutionPath,
}

/// Why a table could not be used.
///
/// ```
/// use schofield::board::Board;
/// use schofield::board::lookup::{LookupTable, TableError};
/// let b: Board = "2x3".parse().unwrap();
/// let t = LookupTable::build(b, b.goal_blank_last());
/// let mut bytes = t.to_bytes();
/// bytes.pop();
/// let e = LookupTable::from_bytes(&bytes, "t.bin").unwrap_err();
/// assert!(matches!(e, TableError::Store(_)));
/// assert_eq!(
///     e.to_string(),
///     "\"t.bin\" is damaged: it has 407 bytes but its header needs 408 (a cut or padded file)"
/// );
/// ```
#[derive(Debug, thiserror::Error)]
pub enum TableError {
    /// The file could not be written or read back, or it is damaged or
    /// wrong (see [`StoreError`]).
    #[error("{0}")]
    Store(#[from] StoreError),
    /// The table is for another board or goal than the one asked for.
    #[error("{} holds the table for {holds}, not {wanted}", crate::text::quoted_path(.path))]
    Mismatch {
        /// The file.
        path: String,
        /// What the file holds.
        holds: String,
        /// What was asked for.
        wanted: String,
    },
    /// The arrangement cannot reach the table's goal.
    #[error(transparent)]
    Unsolvable(crate::board::Unsolvable),
    /// A board too large for a byte per state.
    #[error("a lookup table for the {b} board would need {} bytes (one per state); it is built for boards of up to {MAX_TABLE_CELLS} cells (3x4: 239 500 800 states)", crate::text::grouped(.0.reachable() as usize), b = .0)]
    TooLarge(Board),
    /// The search's tables would pass the memory allowed.
    #[error("the lookup table of the {board} board needs more than the {} bytes allowed (its entries alone take {} bytes, and its frontiers grow with the largest layer)", crate::text::grouped(*.budget as usize), crate::text::grouped(.board.reachable() as usize))]
    OverBudget {
        /// The board.
        board: Board,
        /// The bytes allowed.
        budget: u64,
    },
    /// The search's tables could not be allocated.
    #[error("not enough memory to build the lookup table of the {board} board: it needs {} bytes ({:.1} GiB)", crate::text::grouped(*.bytes as usize), *.bytes as f64 / f64::from(1u32 << 30))]
    OutOfMemory {
        /// The board.
        board: Board,
        /// The bytes the build needs.
        bytes: u64,
    },
}

/// The most cells a lookup table is built for (one byte per state: 3×4 or
/// 2×6 take 240 MB).
pub const MAX_TABLE_CELLS: usize = 12;

impl LookupTable {
    /// Builds the table of `board` towards `goal`, refusing boards of more
    /// than [`MAX_TABLE_CELLS`] cells.
    pub fn try_build(board: Board, goal: Arrangement) -> Result<LookupTable, TableError> {
        Self::try_build_within(board, goal, u64::MAX)
    }

    /// As [`LookupTable::try_build`], its tables taking at most `budget`
    /// bytes ([`BoardSpace::distance_table`]): past it, [`TableError::OverBudget`].
    ///
    /// ```
    /// use schofield::board::Board;
    /// use schofield::board::lookup::{LookupTable, TableError};
    /// let b: Board = "3x3".parse().unwrap();
    /// // 181 440 entries, and frontiers beside them.
    /// let small = LookupTable::try_build_within(b, b.goal_blank_last(), 200_000);
    /// assert!(matches!(small, Err(TableError::OverBudget { .. })));
    /// assert!(LookupTable::try_build_within(b, b.goal_blank_last(), 10_000_000).is_ok());
    /// ```
    pub fn try_build_within(
        board: Board,
        goal: Arrangement,
        budget: u64,
    ) -> Result<LookupTable, TableError> {
        if board.cells() > MAX_TABLE_CELLS {
            return Err(TableError::TooLarge(board));
        }
        let space = BoardSpace::new(board, goal);
        let dist = space.distance_table(budget).ok_or(if budget == u64::MAX {
            TableError::OutOfMemory {
                board,
                bytes: space.distance_table_bytes(),
            }
        } else {
            TableError::OverBudget { board, budget }
        })?;
        Ok(LookupTable { space, dist })
    }

    /// Builds the table of `board` towards `goal` by breadth-first search
    /// (`n!/2` bytes of memory), for boards the caller knows to be small.
    ///
    /// # Panics
    /// On a board of more than [`MAX_TABLE_CELLS`] cells or when memory runs
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
    pub fn space(&self) -> &BoardSpace {
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

    /// The arrangements at exactly `moves` from the goal whose places among
    /// them (counting from 0 in rank order) are `places`, given in
    /// ascending order; places past the last are left out. With places
    /// drawn uniformly, this draws arrangements uniformly at that distance.
    ///
    /// ```
    /// use schofield::board::Board;
    /// use schofield::board::lookup::LookupTable;
    /// let b: Board = "2x3".parse().unwrap();
    /// let t = LookupTable::build(b, b.goal_blank_last());
    /// let far = t.arrangements_at(21, &[0]);
    /// assert_eq!(far.len(), 1);
    /// assert_eq!(t.distance(&far[0]), Some(21));
    /// ```
    pub fn arrangements_at(&self, moves: u8, places: &[u64]) -> Vec<Arrangement> {
        let mut out = Vec::with_capacity(places.len());
        let mut wanted = places.iter().peekable();
        let mut seen = 0u64;
        for (i, &d) in self.dist.iter().enumerate() {
            if d != moves {
                continue;
            }
            while wanted.next_if(|&&p| p == seen).is_some() {
                out.push(self.space.arrangement(i));
            }
            seen += 1;
            if wanted.peek().is_none() {
                break;
            }
        }
        out
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
                even_width: b.cols().is_multiple_of(2),
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
            path: SolutionPath {
                length: moves.len() as u32,
                moves,
                tiles,
            },
        })
    }

    /// The file image: a [`crate::board::store`] container of kind
    /// [`Kind::LookupTable`] whose payload is one byte per entry.
    pub fn to_bytes(&self) -> Vec<u8> {
        store::to_bytes(
            Kind::LookupTable,
            self.board(),
            self.goal(),
            &[],
            &self.dist,
        )
    }

    /// Saves the table to `path` atomically (temporary file, then rename).
    pub fn save(&self, path: &Path) -> Result<(), TableError> {
        store::write(
            path,
            Kind::LookupTable,
            self.board(),
            self.goal(),
            &[],
            &self.dist,
        )
        .map_err(TableError::Store)
    }

    /// Reads a table image, refusing anything damaged or wrong: every check
    /// of [`store::from_bytes`] (magic, version, kind, lengths, checksum,
    /// board, goal, `n!/2` entries), then the entries themselves (see
    /// [`check_distances`]).
    pub fn from_bytes(bytes: &[u8], name: &str) -> Result<LookupTable, TableError> {
        Self::from_contents(store::from_bytes(bytes, name, Kind::LookupTable)?, name)
    }

    /// Loads a table from `path` (see [`store::read`] and
    /// [`LookupTable::from_bytes`]).
    pub fn load(path: &Path) -> Result<LookupTable, TableError> {
        let name = path.display().to_string();
        Self::from_contents(store::read(path, Kind::LookupTable)?, &name)
    }

    fn from_contents(c: store::Contents, name: &str) -> Result<LookupTable, TableError> {
        let space = BoardSpace::new(c.board, c.goal);
        check_distances(&space, &c.payload)
            .map_err(|(found, expected)| StoreError::contents(name, found, expected))?;
        Ok(LookupTable {
            space,
            dist: c.payload,
        })
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

/// Checks that `dist` holds exactly the distances from the space's goal,
/// so that a file with a right checksum but wrong entries is refused
/// rather than giving wrong answers (or a panic while solving). On failure
/// it says what was found and what was expected.
///
/// The checks: there are `n!/2` entries; the goal's entry is 0 and no other
/// entry is 0; for every arrangement, every neighbour's entry differs from
/// its own by at most 1; and every arrangement but the goal has a neighbour
/// whose entry is exactly one less. Together these prove that every entry
/// `e(s)` is the true distance `D(s)`:
///
/// - `e(s) ≤ D(s)`: along a shortest path `goal = s₀, s₁, …, s_D = s` the
///   entries start at 0 and grow by at most 1 a step.
/// - `e(s) ≥ D(s)`: from `s`, step to a neighbour one lower, `e(s)` times;
///   the entries fall to 0, and the only 0 is the goal's, so `s` is within
///   `e(s)` moves of the goal.
///
/// It goes through the entries in index order, unranking each into the
/// packed states of [`BoardSpace::distance_table`], with no memory beyond the table.
/// It costs about as much as building the table (the times are in
/// `docs/performance.md`, "Figures moved out of the code").
///
/// ```
/// use schofield::board::{Board, BoardSpace};
/// use schofield::board::lookup::{LookupTable, check_distances};
/// let b: Board = "2x3".parse().unwrap();
/// let t = LookupTable::build(b, b.goal_blank_last());
/// assert!(check_distances(t.space(), t.entries()).is_ok());
/// let mut wrong = t.entries().to_vec();
/// wrong[7] += 5;
/// assert!(check_distances(t.space(), &wrong).is_err());
/// ```
pub fn check_distances(space: &BoardSpace, dist: &[u8]) -> Result<(), (String, String)> {
    let b = *space.board();
    let len = space.len();
    if dist.len() != len {
        return Err((
            format!("{} entries", dist.len()),
            format!("{len} for the {b} board"),
        ));
    }
    let per_blank = len / b.cells();
    let goal = space.index(space.goal());
    if dist[goal] != 0 {
        return Err((
            format!("the goal's entry (index {goal}) is {}", dist[goal]),
            "0".into(),
        ));
    }
    if let Some(i) = (0..len).find(|&i| dist[i] == 0 && i != goal) {
        return Err((
            format!("the entry at index {i} is 0 too"),
            format!("the goal's (index {goal}) to be the only 0"),
        ));
    }
    let m = b.cells() - 1;
    let weights = tile_ranks(m).ok_or_else(|| {
        (
            format!("a {b} board"),
            "a board of at most 14 cells".to_string(),
        )
    })?;
    let (horizontal, vertical) = move_tables(&b);
    for blank in 0..b.cells() {
        let odd = space.tile_parity(blank);
        for r in 0..per_blank {
            let i = blank * per_blank + r;
            let d = dist[i];
            let mut nearer = d == 0;
            let mut check = |j: usize| {
                let e = dist[j];
                nearer |= u16::from(e) + 1 == u16::from(d);
                if e.abs_diff(d) > 1 {
                    return Err((
                        format!("neighbouring entries {d} (index {i}) and {e} (index {j})"),
                        "neighbours' distances to differ by at most 1".to_string(),
                    ));
                }
                Ok(())
            };
            for &to in &horizontal[blank] {
                check(to * per_blank + r)?;
            }
            if !vertical[blank].is_empty() {
                let list = half_unrank(r as u64, m, &weights, odd) & LIST_MASK;
                for &(to, jump) in &vertical[blank] {
                    let moved = jump.apply(list);
                    check(to * per_blank + weights.rank_packed(moved) as usize)?;
                }
            }
            if !nearer {
                return Err((
                    format!("the entry {d} at index {i} with no neighbour at {}", d - 1),
                    "every arrangement but the goal to have a neighbour one move nearer".into(),
                ));
            }
        }
    }
    Ok(())
}
