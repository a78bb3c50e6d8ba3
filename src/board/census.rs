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

use crate::board::symmetry::Symmetry;
use crate::board::two_bit::{Expand, Next, TwoBit, set_bits};
use crate::board::{
    Arrangement, Board, Jump, Placing, Progress, Space, move_tables, tile_ranks, try_vec_with,
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

/// The state space of one case: its ranked states ([`Space`]) and their
/// moves, the neighbours of each state as the census's search needs them,
/// whether it runs in one table or spread over the workers of a cluster.
pub struct CaseSpace {
    space: Space,
    per_blank: usize,
    m: usize,
    home: usize,
    unranker: perm::Unranker,
    horizontal: Vec<Vec<usize>>,
    vertical: Vec<Vec<(usize, Jump)>>,
    /// The tile parity a state needs with the blank on each cell.
    odd_for: Vec<bool>,
    /// `per_blank`, divided by multiplication ([`CaseSpace::split`]).
    blocks: perm::Divisor,
    /// The leading places of the tile orders, placed, by the index of the
    /// leading part of their rank ([`perm::Unranker::parts`]).
    leads: Vec<Placing>,
    /// Each digit's weight in the tile rank, 0 past the ranked digits
    /// ([`Jump::rerank`]).
    digit_weights: [u32; 16],
}

impl CaseSpace {
    /// The moves of `case`'s board; `None` when its tile ranks cannot be
    /// tabulated (more than 16 cells).
    pub fn new(case: &Case) -> Option<CaseSpace> {
        let b = case.board;
        let space = Space::new(b, case.goal());
        let n = b.cells();
        let weights = tile_ranks(n - 1)?;
        // As many leading digits (up to six) as keep the table of leading
        // parts, placed, within a few MB: it is read in rank order.
        let lead = (4..=6)
            .rev()
            .find(|&lead| {
                let w = weights.weights();
                lead <= w.len() && u64::from(weights.count()) / u64::from(w[lead - 1]) <= 1 << 19
            })
            .unwrap_or(4);
        let unranker = perm::Unranker::with_leading(&weights, lead);
        let (horizontal, vertical) = move_tables(&b);
        let odd_for = (0..n).map(|c| space.tile_parity(c)).collect();
        let (leading, lead) = unranker.leading();
        let leads = leading
            .iter()
            .map(|&d| Placing::START.take(d, 0, lead))
            .collect();
        let mut digit_weights = [0u32; 16];
        digit_weights[..weights.weights().len()].copy_from_slice(weights.weights());
        let per_blank = space.len() / n;
        Some(CaseSpace {
            // A board has at least 4 cells, so at least 3 states a block.
            blocks: perm::Divisor::new(per_blank as u64)?,
            per_blank,
            space,
            m: n - 1,
            home: case.home,
            unranker,
            horizontal,
            vertical,
            odd_for,
            leads,
            digit_weights,
        })
    }

    /// The number of states.
    pub fn len(&self) -> usize {
        self.space.len()
    }

    /// Never empty.
    pub fn is_empty(&self) -> bool {
        self.space.is_empty()
    }

    /// The goal's index: the search's start.
    pub fn start(&self) -> usize {
        self.space.index(self.space.goal())
    }

    /// The index among the standard positions (blank at home) of state
    /// `i`, if it is one.
    #[inline]
    pub fn standard(&self, i: usize) -> Option<usize> {
        // The standard positions are one block: no division.
        let first = self.home * self.per_blank;
        (first..first + self.per_blank)
            .contains(&i)
            .then(|| i - first)
    }

    /// The number of standard positions.
    pub fn standard_len(&self) -> usize {
        self.per_blank
    }

    /// State `i` as its blank's cell and its tile rank: `i / per_blank`
    /// and `i % per_blank`, without a division ([`perm::Divisor`]).
    #[inline]
    fn split(&self, i: usize) -> (usize, usize) {
        let (blank, rank) = self.blocks.div_rem(i as u64);
        (blank as usize, rank as usize)
    }

    /// The tile order of tile rank `r` with the parity `odd`
    /// ([`super::half_from_digits`]), and the Lehmer digits of its first `m − 2`
    /// places: the leading places from a table, the rest one by one.
    #[inline]
    fn tile_order(&self, r: u32, odd: bool) -> (u64, u64) {
        let (h, low) = self.unranker.parts(r);
        let (leading, lead) = self.unranker.leading();
        let digits = leading[h] | low;
        let list = self.leads[h]
            .take(low, lead, self.m - 2)
            .finish(self.m, odd, digits);
        (list, digits)
    }

    /// Writes the neighbours of state `i` to `js` and returns how many
    /// there are (two to four).
    #[inline]
    pub fn of(&self, i: usize, js: &mut [usize; 4]) -> usize {
        let (blank, rank) = self.split(i);
        let mut count = 0;
        for &to in &self.horizontal[blank] {
            js[count] = to * self.per_blank + rank;
            count += 1;
        }
        count + self.vertical_into(blank, rank, &mut js[count..])
    }

    /// Writes the neighbours of state `i` by vertical moves to `js` and
    /// returns how many there are (none to two).
    #[inline]
    pub fn vertical_of(&self, i: usize, js: &mut [usize; 4]) -> usize {
        let (blank, rank) = self.split(i);
        self.vertical_into(blank, rank, js)
    }

    /// The vertical neighbours of the state with the blank on `blank` and
    /// tile rank `rank`, written to `js`; how many.
    #[inline]
    fn vertical_into(&self, blank: usize, rank: usize, js: &mut [usize]) -> usize {
        if self.vertical[blank].is_empty() {
            return 0;
        }
        let m = self.m;
        let (list, digits) = self.tile_order(rank as u32, self.odd_for[blank]);
        // The last two digits, which the rank leaves out: 1 at m − 2 when
        // its entry is the larger of the two.
        let digits = digits | u64::from(nibble(list, m - 2) > nibble(list, m - 1)) << (4 * (m - 2));
        let mut count = 0;
        for &(to, jump) in &self.vertical[blank] {
            let r = jump.rerank(rank as u32, list, digits, &self.digit_weights);
            js[count] = to * self.per_blank + r as usize;
            count += 1;
        }
        count
    }

    /// When every block of states (one blank cell) is a whole number of
    /// the two-bit table's words, the number of words a block takes: a
    /// horizontal move keeps the tile rank, so it carries a word's states
    /// to one word of another block, in the same places.
    pub fn words_per_block(&self) -> Option<usize> {
        self.per_blank
            .is_multiple_of(32)
            .then_some(self.per_blank / 32)
    }

    /// The words a horizontal move carries word `w` to; `wpb` is
    /// [`CaseSpace::words_per_block`].
    #[inline]
    pub fn horizontal_words(&self, w: usize, wpb: usize) -> impl Iterator<Item = usize> {
        let blank = w / wpb;
        let offset = w - blank * wpb;
        self.horizontal[blank]
            .iter()
            .map(move |&to| to * wpb + offset)
    }
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

/// The census's expansion of a layer. When the blocks are whole words,
/// horizontal moves are claimed a word at a time (a word's states go to one
/// word of each neighbouring block, in the same places: one read and one
/// atomic OR for up to 32 claims), and only vertical moves state by state;
/// otherwise every move state by state. A state claimed in the standard
/// block has its distance written down.
struct Expansion<'a> {
    moves: &'a CaseSpace,
    standard: &'a [AtomicU8],
    words_per_block: Option<usize>,
}

impl Expand for Expansion<'_> {
    #[inline(always)]
    fn word(&self, w: usize, hits: u64, next: &mut Next) {
        let Some(wpb) = self.words_per_block else {
            return;
        };
        let depth = next.depth() as u8;
        for to in self.moves.horizontal_words(w, wpb) {
            let claimed = next.claim_word(to, hits);
            // A word lies in one block: the standard one, or not.
            if let Some(first) = self.moves.standard(to * 32) {
                for k in set_bits(claimed) {
                    self.standard[first + k].store(depth, Ordering::Relaxed);
                }
            }
        }
    }

    #[inline(always)]
    fn state(&self, i: usize, next: &mut Next) {
        // The neighbours, claimed together so that their reads overlap.
        let mut js = [0usize; 4];
        let count = if self.words_per_block.is_some() {
            self.moves.vertical_of(i, &mut js)
        } else {
            self.moves.of(i, &mut js)
        };
        let depth = next.depth() as u8;
        next.claim_all(&js[..count], |k, _| {
            if let Some(r) = self.moves.standard(js[k]) {
                self.standard[r].store(depth, Ordering::Relaxed);
            }
        });
    }
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

/// `g σ g⁻¹` on nibble lists of `m` entries: the entry `x` at `c` becomes
/// `g(x)` at `g(c)`.
#[inline]
fn conjugate(g: &[usize; 16], s: u64, m: usize) -> u64 {
    let mut out = 0u64;
    for c in 0..m {
        out |= (g[nibble(s, c)] as u64) << (4 * g[c]);
    }
    out
}

/// `σ⁻¹` on a nibble list of `m` entries.
#[inline]
fn invert(s: u64, m: usize) -> u64 {
    let mut out = 0u64;
    for c in 0..m {
        out |= (c as u64) << (4 * nibble(s, c));
    }
    out
}

/// The standard positions, viewed as Schofield viewed his: each is the
/// permutation `σ` of the non-home cells (renumbered `0 … n−2` in reading
/// order) with `σ(c)` the goal cell of the tile on `c`. With the goal's tiles
/// in reading order, that is just the tiles' order, so `σ` for the position
/// of tile rank `r` comes from [`super::half_from_digits`] and its index is `r`.
///
/// A class is counted at its smallest member, so every position can be
/// looked at on its own, in parallel.
fn standard_view(case: &Case, moves: &CaseSpace, distances: &[u8]) -> Standard {
    let b = case.board;
    let n = b.cells();
    let m = n - 1;
    let per_blank = moves.per_blank;
    let weights = tile_ranks(m).expect("the census's boards have at most 14 cells");
    let odd = moves.odd_for[case.home];
    let squeeze: Vec<usize> = (0..n)
        .map(|c| {
            if c < case.home {
                c
            } else {
                c.saturating_sub(1)
            }
        })
        .collect();
    let unsqueeze: Vec<usize> = (0..n).filter(|&c| c != case.home).collect();
    // The identity is counted apart: it fixes every position, and its
    // conjugate of the inverse is the inverse.
    let syms: Vec<[usize; 16]> = case
        .symmetries()
        .iter()
        .filter(|g| g.iter().enumerate().any(|(c, &x)| c != x))
        .map(|g| {
            let mut a = [0usize; 16];
            for (k, &c) in unsqueeze.iter().enumerate() {
                a[k] = squeeze[g[c]];
            }
            a
        })
        .collect();
    let max = distances.iter().copied().max().unwrap_or(0);
    let rows_len = usize::from(max) + 1;
    // Counted as every puzzle's classes are, by the one walk of orbits and
    // the one Burnside's lemma (`group::classes`).
    let action = StandardAction {
        moves,
        weights,
        odd,
        m,
        syms,
    };
    let counted = classes::count_by_least(&action, &|x| distances[x as usize]);
    let (mut classes_by_d, mut extended_by_d) = (counted.classes, counted.extended);
    classes_by_d.resize(rows_len, 0);
    extended_by_d.resize(rows_len, 0);
    let mut positions_by_d = vec![0u64; rows_len];
    for &d in distances {
        positions_by_d[usize::from(d)] += 1;
    }
    let rows: Vec<StandardRow> = (0..rows_len)
        .filter(|&d| positions_by_d[d] > 0)
        .map(|d| StandardRow {
            moves: d as u32,
            positions: positions_by_d[d],
            classes: classes_by_d[d],
            extended_classes: extended_by_d[d],
        })
        .collect();
    let order = action.symmetries();
    Standard {
        positions: per_blank as u64,
        max: u32::from(max),
        symmetries: order,
        classes: ClassCount {
            orbits: classes_by_d.iter().sum(),
            burnside: counted.burnside.classes,
        },
        extended_classes: ClassCount {
            orbits: extended_by_d.iter().sum(),
            burnside: counted
                .burnside
                .extended
                .expect("board positions have inverses"),
        },
        rows,
    }
}

/// The board's symmetries acting on the standard positions (numbered by
/// their tiles' order, as the census numbers them), for `group::classes`.
struct StandardAction<'a> {
    moves: &'a CaseSpace,
    weights: perm::Lehmer<u32>,
    odd: bool,
    /// Cells other than home.
    m: usize,
    /// The symmetries but the identity, on the non-home cells.
    syms: Vec<[usize; 16]>,
}

impl StandardAction<'_> {
    fn order(&self, x: u64) -> u64 {
        self.moves.tile_order(x as u32, self.odd).0
    }
}

impl Action for StandardAction<'_> {
    fn len(&self) -> u64 {
        self.moves.per_blank as u64
    }

    fn symmetries(&self) -> usize {
        self.syms.len() + 1
    }

    fn image(&self, x: u64, g: usize) -> u64 {
        if g == 0 {
            return x;
        }
        let a = conjugate(&self.syms[g - 1], self.order(x), self.m);
        u64::from(self.weights.rank_packed(a))
    }

    fn inverse(&self, x: u64) -> Option<u64> {
        Some(u64::from(
            self.weights.rank_packed(invert(self.order(x), self.m)),
        ))
    }

    fn images(&self, x: u64, out: &mut Vec<u64>) {
        out.clear();
        out.push(x);
        let s = self.order(x);
        for g in &self.syms {
            out.push(u64::from(self.weights.rank_packed(conjugate(g, s, self.m))));
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_state_splits_into_blank_and_rank_as_division_does() {
        for case in cases(12) {
            let moves = CaseSpace::new(&case).unwrap();
            let d = moves.per_blank;
            // Each block's ends, and a spread of states between.
            let mut states: Vec<usize> = (0..case.board.cells())
                .flat_map(|b| [b * d, b * d + d - 1])
                .collect();
            states.extend((0..moves.len()).step_by(moves.len() / 997 + 1));
            for i in states {
                assert_eq!(moves.split(i), (i / d, i % d), "{case:?} state {i}");
            }
        }
    }
}
