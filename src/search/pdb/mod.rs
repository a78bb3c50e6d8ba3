//! Additive disjoint pattern databases (Korf and Felner): for a set of
//! tiles, the least number of moves *of those tiles* that brings them home,
//! whatever the other tiles do. Databases for disjoint sets of tiles can be
//! added, since every move moves one tile of one set.
//!
//! **Building** is a breadth-first search in the abstract puzzle where the
//! other tiles are indistinguishable: sliding a pattern tile costs 1, moving
//! the blank through the other tiles costs 0. So all that matters of the
//! blank is which connected *region* of free cells it is in, and a state is
//! a placement of the pattern's tiles with the blank's region
//! ([`crate::search::regions`]). The database keeps each state's value, the
//! cost to the goal's state, in one bit: the parity of its excess over the
//! Manhattan distance (see [`PatternDb`]). Keeping the region makes the
//! value never smaller than the least over the blank's cells (the databases before
//! format version 3), and exact to within the pattern: on Korf's 100 the
//! 7-8 databases generate 1 613 596 positions instead of 2 766 177.
//!
//! ```
//! use schofield::board::Board;
//! use schofield::search::pdb::PatternDb;
//! let b: Board = "2x3".parse().unwrap();
//! let db = PatternDb::build(&b, &b.goal_blank_last(), &[1, 2]);
//! // 30 placements, 20 (set, region) pairs in each of the 2 orders.
//! assert_eq!(db.len(), 40);
//! // Tile 1 at home (cell 0), tile 2 one cell right of its home, the
//! // blank between: one move.
//! assert_eq!(db.value(&[0, 2], 1), Some(1));
//! ```

use crate::board::store::{self, Kind, StoreError};
use crate::board::symmetry::Symmetry;
use crate::board::two_bit::TwoBit;
use crate::board::{Arrangement, Board, Progress, try_vec_with};
use crate::perm::Lehmer;
use crate::search::Target;
use crate::search::regions::{States, numbering};
use crate::text::quoted;
use std::fmt;
use std::path::Path;
use std::str::FromStr;

mod lookups;
mod partition;

pub use lookups::*;
pub use partition::*;

/// A pattern database for one set of tiles.
///
/// **What it holds.** For every state of the pattern (a placement of its
/// tiles with the region of free cells the blank is in, numbered by
/// [`States`]), the state's *value*: the fewest moves of the pattern's
/// tiles that bring them home with the blank in the goal's region. A move
/// of a pattern tile changes its Manhattan distance by one, so a value `v`
/// is at least the pattern's Manhattan distance `m` and has its parity: the
/// *excess* `(v − m) / 2` is a whole number, and it is what the searches
/// add up.
///
/// **Stored in one bit a state: the excess's parity.** A move of a pattern
/// tile is one step of the database's own search, and can be taken back, so
/// it changes the value by at most one, and by an odd number since the
/// value keeps the parity of `m`: by exactly one. The excess then either
/// stays or moves by one against the Manhattan distance's change, and its
/// parity tells which ([`PatternDb::excess_after`]). A search that knows
/// the values where it starts needs nothing more. Those are found by
/// walking down ([`PatternDb::value`]): a state of value `v > 0` has a move
/// to one of value `v − 1`, and exactly the neighbours of that value have
/// `m + 2 · parity` equal to `v − 1` modulo 4 (the others have `v + 1`), so
/// any of them will do; the steps to the goal's state count `v`.
///
/// ```
/// use schofield::board::Board;
/// use schofield::search::pdb::PatternDb;
/// let b: Board = "2x3".parse().unwrap();
/// let db = PatternDb::build(&b, &b.goal_blank_last(), &[1, 2]);
/// // 30 placements; most leave one region of free cells, some two.
/// assert_eq!(db.len(), 40);
/// // Tile 1 at home (cell 0), tile 2 one cell right of its home, the
/// // blank on cell 1: one move.
/// assert_eq!(db.value(&[0, 2], 1), Some(1));
/// // Tiles 1 and 2 swapped: six moves, though each is one cell from home.
/// assert_eq!(db.value(&[1, 0], 5), Some(6));
/// // Tile 2 home, tile 1 on cell 3 below tile 1's home: with the blank
/// // walled in on cell 0, tile 1 moves up at once; with the blank on the
/// // other side, tile 2 must step aside and back to let it through.
/// assert_eq!(db.value(&[3, 1], 0), Some(1));
/// assert_eq!(db.value(&[3, 1], 2), Some(3));
/// ```
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct PatternDb {
    board: Board,
    goal: Arrangement,
    tiles: Vec<u8>,
    states: States,
    /// `manhattan[i][p]`: the Manhattan distance of the pattern's `i`-th
    /// tile on the cell numbered `p` ([`States::number`]) from its goal
    /// cell.
    manhattan: Vec<[u8; 16]>,
    /// The goal's state.
    goal_state: usize,
    /// The excesses' parities, eight to a byte, low bit first.
    parity: Vec<u8>,
}

impl PatternDb {
    /// Each pattern tile's goal cell.
    fn homes(target: &Target, tiles: &[u8]) -> Vec<u8> {
        tiles.iter().map(|&t| target.goal_cell(t)).collect()
    }

    /// The numbers ([`States::number`]) of the cells `cells` (at most 16)
    /// and of the blank's cell; `None` if any is off the board.
    fn numbered(&self, cells: &[u8], blank: u8) -> Option<([u8; 16], usize, u8)> {
        let n = self.board.cells();
        let cells = cells.get(..cells.len().min(16))?;
        if usize::from(blank) >= n || cells.iter().any(|&c| usize::from(c) >= n) {
            return None;
        }
        Some((
            self.states.numbers_of(cells),
            cells.len(),
            self.states.number(blank),
        ))
    }

    /// The number of states.
    pub fn len(&self) -> usize {
        self.states.len()
    }

    /// Never empty.
    pub fn is_empty(&self) -> bool {
        self.len() == 0
    }

    /// The bytes it holds: an eighth of a byte a state, rounded up.
    pub fn bytes(&self) -> u64 {
        self.parity.len() as u64
    }

    /// The tiles of the pattern.
    pub fn tiles(&self) -> &[u8] {
        &self.tiles
    }

    /// The excesses' parities, eight to a byte (low bit first), by state.
    pub fn parities(&self) -> &[u8] {
        &self.parity
    }

    /// The number of a state: `cells[i]` is the cell of the pattern's
    /// `i`-th tile, `blank` the blank's cell (free of pattern tiles; the
    /// number is not one of the database's otherwise, see
    /// [`PatternDb::value`] for a checked use).
    #[inline]
    pub fn state(&self, cells: &[u8], blank: u8) -> usize {
        let k = self.tiles.len();
        let numbers = self.states.numbers_of(&cells[..k]);
        self.states.index(&numbers[..k], self.states.number(blank))
    }

    /// The parity of state `s`'s excess.
    #[inline]
    pub fn parity_of(&self, s: usize) -> u8 {
        (self.parity[s >> 3] >> (s & 7)) & 1
    }

    /// The excess after a move of a pattern tile, from the excess `before`
    /// it, the change `dm` (±1) of the pattern's Manhattan distance, and
    /// the parity read for the state after it (see the type's notes). A
    /// damaged database can ask for an excess below 0: it stays 0.
    #[inline]
    pub fn excess_after(before: u8, dm: i8, parity: u8) -> u8 {
        if (before ^ parity) & 1 == 0 {
            before
        } else if dm > 0 {
            before.saturating_sub(1)
        } else {
            before.saturating_add(1)
        }
    }

    /// The pattern's Manhattan distance for a placement (the cells'
    /// numbers).
    #[inline]
    fn manhattan_sum(&self, cells: &[u8]) -> u32 {
        crate::search::manhattan_of_places(&self.manhattan, cells)
    }

    /// The value of the state of `cells` (the pattern's tiles' cells in
    /// order) and the blank's cell `blank`, found by walking down to the
    /// goal's state; `None` if no walk of at most [`value_cap`] steps gets
    /// there (a state that cannot reach the goal, or a damaged database),
    /// and for cells that are not a state (fewer than the pattern's tiles,
    /// off the board, repeated, or the blank on a tile).
    pub fn value(&self, cells: &[u8], blank: u8) -> Option<u8> {
        let (numbers, len, blank) = self.numbered(cells, blank)?;
        self.value_numbered(&numbers[..len], blank)
    }

    /// [`PatternDb::value`] for a state given in the cells' numbers
    /// ([`States::number`]), with the same checks (the numbers of a board's
    /// cells are the same range, so the checks are the same).
    fn value_numbered(&self, numbers: &[u8], blank: u8) -> Option<u8> {
        let k = self.tiles.len();
        let n = self.board.cells();
        let set = numbers.get(..k)?.iter().try_fold(0u32, |set, &c| {
            (usize::from(c) < n && set >> c & 1 == 0).then_some(set | 1 << c)
        })?;
        if usize::from(blank) >= n || set >> blank & 1 == 1 {
            return None;
        }
        let mut s = self.states.index(&numbers[..k], blank);
        let mut m = self.manhattan_sum(&numbers[..k]);
        let mut mod4 = (m + 2 * u32::from(self.parity_of(s))) & 3;
        for steps in 0..=value_cap(&self.board, k) {
            if s == self.goal_state {
                return Some(steps);
            }
            let (cells, region, order) = self.states.cells_of(s);
            let placed = self.states.placed(cells, order);
            let mut down = None;
            self.states.each_move(&cells, region, |i, from, to| {
                if down.is_some() {
                    return;
                }
                let s2 = self.states.index_after_move(&placed, i, from, to);
                let m2 = m + u32::from(self.manhattan[i][usize::from(to)])
                    - u32::from(self.manhattan[i][usize::from(from)]);
                let mod2 = (m2 + 2 * u32::from(self.parity_of(s2))) & 3;
                if mod2 == (mod4 + 3) & 3 {
                    down = Some((s2, m2, mod2));
                }
            });
            (s, m, mod4) = down?;
        }
        None
    }

    /// The excess `(value − Manhattan) / 2` of a state (see
    /// [`PatternDb::value`]).
    pub fn excess(&self, cells: &[u8], blank: u8) -> Option<u8> {
        let (numbers, len, blank) = self.numbered(cells, blank)?;
        self.excess_numbered(&numbers[..len], blank)
    }

    /// [`PatternDb::excess`] for a state given in the cells' numbers
    /// ([`States::number`]), as a search's views give them; checked as
    /// [`PatternDb::value`] is.
    pub(crate) fn excess_numbered(&self, numbers: &[u8], blank: u8) -> Option<u8> {
        let v = u32::from(self.value_numbered(numbers, blank)?);
        Some(((v - self.manhattan_sum(&numbers[..self.tiles.len()])) / 2) as u8)
    }

    /// A database without values yet (every parity 0); `None` when its
    /// states cannot be numbered ([`States::new`]).
    fn empty(board: &Board, goal: &Arrangement, tiles: &[u8]) -> Option<PatternDb> {
        let states = States::new(board, tiles.len())?;
        let target = Target::new(*board, goal.clone());
        let numbers = states.numbers_of(&Self::homes(&target, tiles));
        let goal_state = states.index(&numbers[..tiles.len()], states.number(goal.blank() as u8));
        // The search's Manhattan table, by the number of the cell.
        let manhattan = tiles
            .iter()
            .map(|&t| {
                let mut row = [0u8; 16];
                for c in 0..board.cells() {
                    row[usize::from(states.number(c as u8))] = target.distance[usize::from(t)][c];
                }
                row
            })
            .collect();
        Some(PatternDb {
            board: *board,
            goal: goal.clone(),
            tiles: tiles.to_vec(),
            manhattan,
            goal_state,
            parity: Vec::new(),
            states,
        })
    }

    /// Builds the database of `tiles` towards `goal` by a 0-1 breadth-first
    /// search over (placement, blank cell), the plain method: for small
    /// boards, and as the reference of [`PatternDb::build_by_regions`],
    /// which it shares nothing with but the numbering of the states.
    pub fn build(board: &Board, goal: &Arrangement, tiles: &[u8]) -> PatternDb {
        let mut db = Self::empty(board, goal, tiles).expect("a board of at most 16 cells");
        let n = board.cells();
        let k = tiles.len();
        let ranks = Lehmer::<u32>::placements(n, k).expect("at most 16!/9! placements fit 32 bits");
        let size = ranks.count() as usize;
        // The cost of each (placement, blank cell), 255 when not reached.
        let mut cost = vec![u8::MAX; size * n];
        let neighbours: Vec<Vec<usize>> = (0..n).map(|c| board.neighbours(c).collect()).collect();
        let home = Self::homes(&Target::new(*board, goal.clone()), tiles);
        let start = ranks.rank(home.iter().copied()) as usize * n + goal.blank();
        cost[start] = 0;
        let mut current = vec![start];
        let mut level = 0u8;
        while !current.is_empty() {
            let mut next = Vec::new();
            while let Some(x) = current.pop() {
                let (r, blank) = (x / n, x % n);
                let cells = ranks.unrank(r as u32);
                for &to in &neighbours[blank] {
                    match cells[..k].iter().position(|&c| usize::from(c) == to) {
                        // A pattern tile slides into the blank: cost 1.
                        Some(i) => {
                            let mut moved = cells;
                            moved[i] = blank as u8;
                            let y = ranks.rank(moved[..k].iter().copied()) as usize * n + to;
                            if cost[y] == u8::MAX {
                                cost[y] = level + 1;
                                next.push(y);
                            }
                        }
                        // The blank passes another tile: cost 0.
                        None => {
                            let y = r * n + to;
                            if cost[y] == u8::MAX {
                                cost[y] = level;
                                current.push(y);
                            }
                        }
                    }
                }
            }
            current = next;
            level += 1;
        }
        db.parity = vec![0u8; db.len().div_ceil(8)];
        for (x, &v) in cost.iter().enumerate() {
            if v == u8::MAX {
                continue;
            }
            let numbers = db.states.numbers_of(&ranks.unrank((x / n) as u32)[..k]);
            let m = db.manhattan_sum(&numbers[..k]);
            let s = db
                .states
                .index(&numbers[..k], db.states.number((x % n) as u8));
            if odd_excess(u32::from(v), m) {
                db.parity[s >> 3] |= 1 << (s & 7);
            }
        }
        db
    }

    /// The bytes a database of `k` tiles on `board` holds: an eighth of a
    /// byte a state, rounded up. `None` if the states cannot be numbered.
    pub fn table_bytes(board: &Board, k: usize) -> Option<u64> {
        Some((States::new(board, k)?.len() as u64).div_ceil(8))
    }

    /// The bytes [`PatternDb::build_by_regions`] needs for `k` tiles on
    /// `board`: the two-bit table of the states and their parities. `None`
    /// if the states cannot be numbered.
    pub fn build_bytes(board: &Board, k: usize) -> Option<u64> {
        let len = States::new(board, k)?.len() as u64;
        TwoBit::bytes(len).checked_add(len.div_ceil(32) * 4)
    }

    /// Builds the same database as [`PatternDb::build`], exactly, by a
    /// faster route in less memory: the two-bit layered search of
    /// [`TwoBit`] (parallel, no frontier lists) over the states themselves,
    /// where every move costs 1. A state's parity is written when it is
    /// expanded, in the order of the table. The 7-8 partition of the 4×4
    /// (1 425 191 040 states of 8 tiles) is built this way in about
    /// 0.6 GB. `None` if the memory ([`PatternDb::build_bytes`]) cannot be
    /// had or the states cannot be numbered.
    pub fn build_by_regions(
        board: &Board,
        goal: &Arrangement,
        tiles: &[u8],
        progress: &(dyn Fn(Progress) + Sync),
    ) -> Option<PatternDb> {
        use std::sync::atomic::{AtomicU32, Ordering};
        let mut db = Self::empty(board, goal, tiles)?;
        let k = tiles.len();
        let size = db.len();
        let table = TwoBit::try_new(size)?;
        // A word of parities for each word of the table's 32 states: the
        // search expands a word's states on one thread, so a plain read and
        // write (no locked instruction) sets a bit.
        let parity: Vec<AtomicU32> = try_vec_with(size.div_ceil(32), || AtomicU32::new(0))?;
        let states = &db.states;
        table.search(
            &[db.goal_state],
            |i, next| {
                let (cells, region, order) = states.cells_of(i);
                let placed = states.placed(cells, order);
                if odd_excess(next.depth() - 1, db.manhattan_sum(&cells[..k])) {
                    let word = &parity[i >> 5];
                    word.store(
                        word.load(Ordering::Relaxed) | 1 << (i & 31),
                        Ordering::Relaxed,
                    );
                }
                // Every move of a pattern tile into the region: the tile
                // takes the cell, the blank ends where the tile was.
                let mut slots = [0usize; 64];
                let mut count = 0;
                states.each_move(&cells, region, |t, from, to| {
                    slots[count] = states.index_after_move(&placed, t, from, to);
                    count += 1;
                });
                next.claim_all(&slots[..count], |_, _| {});
            },
            |layer, found, _| {
                progress(Progress {
                    part: 0,
                    parts: 1,
                    layer,
                    found,
                    total: size as u64,
                });
            },
        );
        drop(table);
        let mut bytes = Vec::new();
        bytes.try_reserve_exact(size.div_ceil(8)).ok()?;
        for w in parity {
            bytes.extend_from_slice(&w.into_inner().to_le_bytes());
        }
        bytes.truncate(size.div_ceil(8));
        db.parity = bytes;
        Some(db)
    }
}

/// Whether a state of value `v` whose pattern's Manhattan distance is `m`
/// has an odd excess `(v − m) / 2`: its bit in a database.
fn odd_excess(v: u32, m: u32) -> bool {
    ((v - m) / 2) & 1 == 1
}

/// Why databases could not be used.
///
/// ```
/// use schofield::search::pdb::{Partition, PdbError};
/// let e = Partition::read("/dev/null".as_ref()).unwrap_err();
/// assert!(matches!(e, PdbError::Store(_)));
/// assert_eq!(e.to_string(), "\"/dev/null\" is a character device, not a regular file");
/// ```
#[derive(Debug, thiserror::Error)]
pub enum PdbError {
    /// The file could not be written or read back, or it is damaged or
    /// wrong (see [`StoreError`]).
    #[error("{0}")]
    Store(#[from] StoreError),
    /// For another board, goal or partition.
    #[error("{} holds {holds}, not {wanted}", crate::text::quoted_path(.path))]
    Mismatch {
        /// The file.
        path: String,
        /// What it holds.
        holds: String,
        /// What was asked for.
        wanted: String,
    },
    /// An unknown partition name.
    #[error("unknown partition {}; expected {}", quoted(.0), partition_names())]
    UnknownPartition(String),
    /// The databases alone hold more than the memory bound allows.
    #[error("the {name} databases hold {} MB, more than the {allowed_mb} MB allowed (6-6-3 holds {} MB)", .name.table_bytes().div_ceil(1 << 20), PartitionName::SixSixThree.table_bytes().div_ceil(1 << 20))]
    TooLarge {
        /// The partition.
        name: PartitionName,
        /// The bound, in MB (2²⁰ bytes).
        allowed_mb: u64,
    },
    /// Building the databases takes more than the memory bound allows.
    #[error("building the {name} databases needs {} MB, more than the {allowed_mb} MB allowed", crate::text::grouped(.name.build_bytes().div_ceil(1 << 20) as usize))]
    BuildTooLarge {
        /// The partition.
        name: PartitionName,
        /// The bound, in MB (2²⁰ bytes).
        allowed_mb: u64,
    },
    /// A goal the databases cannot serve: its blank is not in a corner.
    #[error("goal {} has its blank on cell {blank}; the pattern databases serve goals with the blank in a corner", quoted(.goal))]
    BlankNotInCorner {
        /// The goal, as its board writes it.
        goal: String,
        /// The blank's cell.
        blank: usize,
    },
    /// The memory to build the databases could not be had.
    #[error("not enough memory to build the databases: the build needs {} bytes ({:.1} GiB)", crate::text::grouped(*.bytes as usize), *.bytes as f64 / f64::from(1u32 << 30))]
    OutOfMemory {
        /// The bytes the build needs at its peak.
        bytes: u64,
    },
}

/// The partitions [`PdbError::UnknownPartition`] offers: `a, b or c`.
fn partition_names() -> String {
    let names: Vec<&str> = PartitionName::ALL.iter().map(|p| p.name()).collect();
    let (last, rest) = names.split_last().expect("names");
    format!("{} or {last}", rest.join(", "))
}

/// The largest distance between two arrangements of the boards whose
/// diameter is known and checked: the 2×2, 2×3, 2×4 and 3×3 by this
/// program's own lookup tables (the test `known_diameters` builds them for
/// every blank cell of the goal), and the 4×4, 80 moves (Brüngger,
/// Marzetta, Fukuda and Nievergelt, 1999; Korf, 2008). Other boards are
/// left out rather than taken on trust: their databases are capped at 254.
pub fn known_diameter(board: &Board) -> Option<u8> {
    match (board.rows(), board.cols()) {
        (2, 2) => Some(6),
        (2, 3) | (3, 2) => Some(21),
        (2, 4) | (4, 2) => Some(36),
        (3, 3) => Some(31),
        (4, 4) => Some(80),
        _ => None,
    }
}

/// The largest value a database of `tiles` tiles on `board` may hold: the
/// longest walk down that [`PatternDb::value`] takes before it gives up.
///
/// When the pattern leaves at least two tiles out, at most the board's
/// [`known_diameter`]: the state extends to an arrangement that can
/// reach the goal (swapping two of the other tiles fixes the parity if
/// needed); an optimal solution of it moves the pattern's tiles at most as
/// often as its length, which is at most the diameter; and the pattern's
/// moves in that solution are a path in the database's search, so the
/// database's value is no more. Otherwise (a pattern of all tiles but one
/// or none, or a board of unknown diameter) 254.
pub fn value_cap(board: &Board, tiles: usize) -> u8 {
    match known_diameter(board) {
        Some(d) if tiles + 3 <= board.cells() => d,
        _ => 254,
    }
}

/// Checks a database read from a file, so that a file with a right
/// checksum but damaged parities is refused. On failure it says what was
/// found and what was expected.
///
/// The checks: the number of bytes; the bits past the last state are 0;
/// the goal's state has parity 0 (excess 0); and from 64 states spread
/// evenly over the table (those that can reach the goal), the walk down of
/// [`PatternDb::value`] reaches the goal's state. Damage by accident is the
/// checksum's to catch; these checks refuse a file whose bits are not a
/// database's at all (all 0, all 1, shuffled), since a walk then soon finds
/// no way down.
///
/// What it cannot catch: bits changed away from those walks, the checksum
/// made right again. A single flipped bit can pass, and then the state's
/// excess reads 1 off along every path through it: solutions may come out
/// longer than optimal (the search still ends, on the goal itself). Only
/// rebuilding the database would tell.
pub fn check_values(db: &PatternDb) -> Result<(), (String, String)> {
    let len = db.len();
    if db.parity.len() != len.div_ceil(8) {
        return Err((
            format!("{} bytes of parities", db.parity.len()),
            format!("{}", len.div_ceil(8)),
        ));
    }
    if !len.is_multiple_of(8) && db.parity[len / 8] >> (len % 8) != 0 {
        return Err(("padding bits that are not 0".into(), "0".into()));
    }
    if db.parity_of(db.goal_state) != 0 {
        return Err(("the goal's state with an odd excess".into(), "0".into()));
    }
    let k = db.tiles.len();
    for j in 0..64u64 {
        let s = (j * len as u64 / 64 + j) as usize % len;
        let (numbers, region, _) = db.states.cells_of(s);
        let cells: Vec<usize> = numbers[..k]
            .iter()
            .map(|&p| usize::from(db.states.cell(p)))
            .collect();
        let blank = region.trailing_zeros() as u8;
        if !reachable(
            &db.board,
            &db.tiles,
            &cells,
            usize::from(db.states.cell(blank)),
            &db.goal,
        ) {
            continue;
        }
        if db.value_numbered(&numbers[..k], blank).is_none() {
            let blank = db.states.cell(blank);
            return Err((
                format!(
                    "no way down to the goal from the cells {cells:?} with the blank on {blank}"
                ),
                "parities that lead every state to the goal".into(),
            ));
        }
    }
    Ok(())
}

/// Whether the state of the pattern's tiles on `cells` with the blank on
/// `blank` can reach the goal: always when at least two other tiles can
/// trade places to set the parity right; otherwise (a pattern of all tiles
/// but one or none) whether the arrangement, with the other tile on the cell
/// left, is solvable.
fn reachable(b: &Board, tiles: &[u8], cells: &[usize], blank: usize, goal: &Arrangement) -> bool {
    let n = b.cells();
    let others: Vec<u8> = (1..n as u8).filter(|t| !tiles.contains(t)).collect();
    if others.len() >= 2 {
        return true;
    }
    let mut grid = vec![0u8; n];
    for (&t, &c) in tiles.iter().zip(cells) {
        grid[c] = t;
    }
    let mut free = (0..n).filter(|&c| c != blank && !cells.contains(&c));
    for &t in &others {
        match free.next() {
            Some(c) => grid[c] = t,
            None => return false,
        }
    }
    b.arrangement(&grid)
        .map(|a| b.is_solvable(&a, goal))
        .unwrap_or(false)
}
