//! The states of a pattern database, numbered densely: a placement of the
//! pattern's `k` tiles together with the *region* the blank is in, the
//! connected set of free cells (cells without a pattern tile) that holds
//! it. The blank moves through a region at no cost, so the region is all
//! that matters of where it is, and every move of a pattern tile changes the
//! state by one step (see [`crate::search::pdb`]).
//!
//! **Numbering.** Every cell has a number (below: along a curve on the
//! 4×4), and "lowest", "below" and "between" refer to those numbers. A
//! placement is two things: the *set* of cells the tiles occupy, and the
//! *order* of the tiles among those cells (which tile is on the lowest
//! occupied cell, which on the next, and so on: a permutation of `k`). For
//! every set, its free cells fall into regions, numbered from 0 in the
//! order of their lowest cells. A state's number is
//!
//! `order rank · T + first(set) + region`,
//!
//! where the order rank is the permutation's Lehmer rank (`0 … k! − 1`),
//! `T` is the number of (set, region) pairs, and `first(set)` counts the
//! pairs of the sets before it in colexicographic order. So the `k! · T`
//! states are numbered without gaps, and a move of a tile between cells
//! with consecutive numbers (which passes no other cell, so keeps the
//! order) stays within a block of `T` numbers.
//!
//! **Cells along a curve.** On the 4×4 the cells are numbered along
//! Hilbert's curve ([`numbering`]) before any of this, so that more moves
//! join cells whose numbers are next to each other: 15 of the 24 pairs of
//! neighbouring cells against 12 row by row. A move between such cells
//! passes no other cell and keeps the order, so the state after it lies in
//! the same block of `T` as the state before (the 8-tile database's block
//! is 4.4 KB), and a search through the database meets fewer pages. Every
//! cell, set, region and move of [`States`] is in these numbers; a caller
//! maps a board cell `c` to `numbering(board)[c]` (see
//! [`crate::search::pdb::PatternDb::state`]). Other boards keep their
//! cells' own numbers.
//!
//! Ranking needs no division and no POPCNT instruction (which the default
//! x86-64 target lacks): the number of occupied cells below each cell is one
//! multiplication of a nibble vector, and the set's colexicographic rank is
//! two table reads.
//!
//! ```
//! use schofield::board::Board;
//! use schofield::search::regions::States;
//! let b: Board = "2x2".parse().unwrap();
//! // One tile: 4 cells, and its 3 free cells are always connected.
//! let s = States::new(&b, 1).unwrap();
//! assert_eq!(s.len(), 4);
//! // Two tiles on a 2×2: placed side by side they leave one region, placed
//! // on a diagonal two; 4 sets of the first kind, 2 of the second, in
//! // 2 orders.
//! let s = States::new(&b, 2).unwrap();
//! assert_eq!(s.len(), 2 * (4 + 2 * 2));
//! // Tiles on cells 0 and 3: the blank on cell 1 or on cell 2 is in
//! // another region.
//! assert_ne!(s.index(&[0, 3], 1), s.index(&[0, 3], 2));
//! ```

use crate::board::Board;
use crate::perm::{Divisor, FACTORIALS, ONES, binomial, lehmer_rank, lex_unrank};

/// The number [`States`] gives each cell of `board` (`[c]` for cell `c`):
/// the cell's place along Hilbert's curve on the 4×4, from the top left
/// corner down the left half and back up the right,
///
/// ```text
///  0  1 14 15
///  3  2 13 12
///  4  7  8 11
///  5  6  9 10
/// ```
///
/// and the cell itself on other boards.
///
/// ```
/// use schofield::board::Board;
/// use schofield::search::regions::numbering;
/// let b: Board = "4x4".parse().unwrap();
/// let n = numbering(&b);
/// // Every cell once.
/// let mut seen = n;
/// seen.sort();
/// assert_eq!(seen, std::array::from_fn(|i| i as u8));
/// // Consecutive numbers are neighbouring cells.
/// for p in 0..15 {
///     let a = n.iter().position(|&x| x == p).unwrap();
///     let c = n.iter().position(|&x| x == p + 1).unwrap();
///     assert_eq!(b.manhattan(a, c), 1);
/// }
/// let b: Board = "3x3".parse().unwrap();
/// assert_eq!(numbering(&b)[..9], [0, 1, 2, 3, 4, 5, 6, 7, 8]);
/// ```
pub fn numbering(board: &Board) -> [u8; 16] {
    if (board.rows(), board.cols()) == (4, 4) {
        [0, 1, 14, 15, 3, 2, 13, 12, 4, 7, 8, 11, 5, 6, 9, 10]
    } else {
        std::array::from_fn(|c| c as u8)
    }
}

/// The dense numbering of the states of `k` tiles on a board of at most 16
/// cells (see the [module](self)).
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct States {
    /// Tiles of the pattern.
    k: usize,
    /// The number of (set, region) pairs, the states of one order, as a
    /// divisor.
    per_order: Divisor,
    /// All states: `k! · per_order`.
    len: u64,
    /// The colexicographic rank of a set: the part of its low byte.
    low: Vec<u16>,
    /// The part of its high byte, `[high byte · 9 + cells set in the low
    /// byte]`.
    high: Vec<u16>,
    /// By set rank: the region number of each free cell, a nibble a cell.
    regions: Vec<u64>,
    /// By set rank: the (set, region) pairs of the sets before it.
    first: Vec<u32>,
    /// By (set, region) pair: the region's cells and the set's rank.
    pairs: Vec<(u16, u16)>,
    /// By set rank: the occupied cells in increasing order, packed in
    /// nibbles.
    lists: Vec<u64>,
    /// By order rank, for at most 9 tiles: each tile's place among the
    /// occupied cells, packed in nibbles (the inverse of the order rank,
    /// without divisions).
    orders: Vec<u64>,
    /// The cells next to each cell, as masks.
    neighbours: [u32; 16],
    /// Each board cell's number ([`numbering`]).
    number: [u8; 16],
    /// The board cell of each number.
    cell: [u8; 16],
}

/// The places of an order of rank `r` among `k` tiles, packed in nibbles
/// (tile `i`'s place in nibble `i`): the permutation of lexicographic rank
/// `r`, the inverse of the order rank.
fn places(r: u64, k: usize) -> u64 {
    crate::perm::pack_nibbles(&lex_unrank(r, k))
}

/// A state's tiles as its moves need them ([`States::placed`]).
#[derive(Debug, Clone, Copy)]
pub struct Placed {
    /// The numbers of the tiles' cells, in the pattern's order of tiles.
    pub cells: [u8; 16],
    /// The rank of the tiles' order among the occupied cells.
    pub order: u64,
    /// The occupied cells, as a mask and as a nibble a cell ([`set_of`]).
    pub set: u32,
    /// See [`set_of`].
    pub spread: u64,
}

/// The cells `cells` as a set: a mask, and a nibble a cell (`spread`,
/// nibble `c` is 1 for an occupied cell `c`), which one multiplication turns
/// into the count of occupied cells below each cell.
#[inline(always)]
pub fn set_of(cells: &[u8]) -> (u32, u64) {
    cells.iter().fold((0, 0), |(set, spread), &c| {
        (set | 1 << (c & 15), spread | 1 << (4 * (c & 15)))
    })
}

/// The colexicographic rank of a set of cells among the sets of as many:
/// `Σ C(c_j, j + 1)` over its cells `c_0 < c_1 < …`.
fn colex(set: u32) -> u64 {
    let mut r = 0;
    let mut j = 0;
    for c in 0..16 {
        if set >> c & 1 == 1 {
            r += binomial(c, j + 1);
            j += 1;
        }
    }
    r
}

/// The region of the free cells `free` that cell `from` is in: the cells
/// reached from it through free neighbours (cells by their numbers,
/// `neighbours` a mask a cell).
fn flood(neighbours: &[u32; 16], from: usize, free: u32) -> u32 {
    let mut region = 1u32 << from;
    loop {
        let mut next = region;
        let mut rest = region;
        while rest != 0 {
            let c = rest.trailing_zeros() as usize;
            rest &= rest - 1;
            next |= neighbours[c] & free;
        }
        if next == region {
            return region;
        }
        region = next;
    }
}

/// The tables of a set's colexicographic rank by bytes: the low byte's
/// share, and the high byte's share for each number of cells below it
/// (0 … 8), 256 × 9 entries.
fn colex_tables() -> (Vec<u16>, Vec<u16>) {
    let low: Vec<u16> = (0u32..256).map(|b| colex(b) as u16).collect();
    let mut high = vec![0u16; 256 * 9];
    for h in 0u32..256 {
        for p in 0..9 {
            let mut r = 0;
            let mut i = 0;
            for c in 0..8 {
                if h >> c & 1 == 1 {
                    r += binomial(8 + c, p + i + 1);
                    i += 1;
                }
            }
            high[h as usize * 9 + p] = r as u16;
        }
    }
    (low, high)
}

impl States {
    /// The numbering for `k` tiles on `board`; `None` when the board has
    /// more than 16 cells, `k` is not below the number of cells, or the
    /// states do not fit in a `usize`.
    pub fn new(board: &Board, k: usize) -> Option<States> {
        let n = board.cells();
        if n > 16 || k >= n {
            return None;
        }
        let full: u32 = (1u32 << n) - 1;
        let number = numbering(board);
        let mut cell = [0u8; 16];
        let mut neighbours = [0u32; 16];
        for c in 0..n {
            let p = usize::from(number[c]);
            cell[p] = c as u8;
            neighbours[p] = board.neighbours(c).fold(0, |m, y| m | 1 << number[y]);
        }
        let (low, high) = colex_tables();
        let sets = binomial(n, k) as usize;
        let mut regions = vec![u64::MAX; sets];
        let mut first = vec![0u32; sets];
        let mut lists = vec![0u64; sets];
        let mut pairs = Vec::new();
        // Sets in colexicographic order: their ranks are 0, 1, 2, ….
        let mut by_rank: Vec<u32> = (0..=full)
            .filter(|s| s.count_ones() as usize == k)
            .collect();
        by_rank.sort_by_key(|&s| colex(s));
        for (r, &set) in by_rank.iter().enumerate() {
            debug_assert_eq!(colex(set), r as u64);
            let free = full & !set;
            first[r] = u32::try_from(pairs.len()).ok()?;
            let mut rest = set;
            let mut j = 0;
            while rest != 0 {
                lists[r] |= u64::from(rest.trailing_zeros()) << (4 * j);
                rest &= rest - 1;
                j += 1;
            }
            let mut rest = free;
            let mut labels = u64::MAX;
            let mut number = 0u64;
            while rest != 0 {
                let region = flood(&neighbours, rest.trailing_zeros() as usize, free);
                let mut cells = region;
                while cells != 0 {
                    let c = cells.trailing_zeros();
                    cells &= cells - 1;
                    labels = (labels & !(0xf << (4 * c))) | number << (4 * c);
                }
                pairs.push((region as u16, r as u16));
                number += 1;
                rest &= !region;
            }
            regions[r] = labels;
        }
        let per_order = pairs.len() as u64;
        let len = FACTORIALS[k].checked_mul(per_order)?;
        usize::try_from(len).ok()?;
        let orders = if k <= 9 {
            (0..FACTORIALS[k]).map(|r| places(r, k)).collect()
        } else {
            Vec::new()
        };
        Some(States {
            k,
            per_order: Divisor::new(per_order)?,
            len,
            low,
            high,
            regions,
            first,
            pairs,
            lists,
            orders,
            neighbours,
            number,
            cell,
        })
    }

    /// The number of states.
    pub fn len(&self) -> usize {
        self.len as usize
    }

    /// Never empty: every pattern has at least the goal's state.
    pub fn is_empty(&self) -> bool {
        self.len == 0
    }

    /// Board cell `c`'s number, in which every other method takes and gives
    /// cells ([`numbering`]).
    #[inline]
    pub fn number(&self, c: u8) -> u8 {
        self.number[usize::from(c) & 15]
    }

    /// The board cell of number `p` (the inverse of [`States::number`]).
    #[inline]
    pub fn cell(&self, p: u8) -> u8 {
        self.cell[usize::from(p) & 15]
    }

    /// The numbers of the board cells `cells` (the first 16 at most), in
    /// the first entries.
    #[inline]
    pub fn numbers_of(&self, cells: &[u8]) -> [u8; 16] {
        let mut numbers = [0u8; 16];
        for (p, &c) in numbers.iter_mut().zip(cells) {
            *p = self.number(c);
        }
        numbers
    }

    /// The number of a state: `cells[i]` is the number of the cell of the
    /// pattern's `i`-th tile, `blank` the number of a free cell in the
    /// blank's region.
    #[inline(always)]
    pub fn index(&self, cells: &[u8], blank: u8) -> usize {
        let (set, spread) = set_of(&cells[..self.k]);
        self.index_of_k::<0>(cells, set, spread, blank)
    }

    /// [`States::index`] given the set of occupied cells as a mask and as
    /// a nibble a cell (`spread`, see [`set_of`]), for a pattern known to
    /// have `K` tiles, so that the loop has a fixed length (`K` 0: as many
    /// as it has).
    #[inline(always)]
    pub fn index_of_k<const K: usize>(
        &self,
        cells: &[u8],
        set: u32,
        spread: u64,
        blank: u8,
    ) -> usize {
        debug_assert!(K == 0 || K == self.k);
        let k = if K == 0 { self.k } else { K };
        // Nibble c: the occupied cells below cell c.
        let below = spread.wrapping_mul(ONES) << 4;
        // The order: the Lehmer rank of the tiles' places among the
        // occupied cells.
        let order = lehmer_rank(
            cells[..k].iter().map(|&c| ((below >> (4 * c)) & 0xf) as u8),
            FACTORIALS[..k].iter().rev().copied(),
        );
        self.index_in_order(order, set, below, blank)
    }

    /// The number of the state after a move of `placed`'s `i`-th tile
    /// from `from` to `to`, the blank ending on `from` (a move of
    /// [`States::each_move`]). A move that passes no occupied cell keeps
    /// the tiles' order, and then only the set's part is computed.
    #[inline(always)]
    pub fn index_after_move(&self, placed: &Placed, i: usize, from: u8, to: u8) -> usize {
        let set = placed.set ^ (1 << from) ^ (1 << to);
        let spread = placed.spread - (1 << (4 * from)) + (1 << (4 * to));
        // The cells strictly between.
        let (low, high) = (from.min(to), from.max(to));
        let between = (1u32 << high) - (2u32 << low);
        if placed.set & between == 0 {
            self.index_in_order(placed.order, set, spread.wrapping_mul(ONES) << 4, from)
        } else {
            let mut moved = placed.cells;
            moved[i] = to;
            self.index_of_k::<0>(&moved, set, spread, from)
        }
    }

    /// The tiles' `cells` (their numbers) in the order of rank `order`,
    /// with their set, for the moves out of a state.
    #[inline]
    pub fn placed(&self, cells: [u8; 16], order: u64) -> Placed {
        let (set, spread) = set_of(&cells[..self.k]);
        Placed {
            cells,
            order,
            set,
            spread,
        }
    }

    /// The numbers of the tiles' cells in state `s` (the first `k`
    /// entries), the blank's region as a mask of cell numbers, and the rank
    /// of the tiles' order.
    #[inline]
    pub fn cells_of(&self, s: usize) -> ([u8; 16], u32, u64) {
        let (order, pair) = self.per_order.div_rem(s as u64);
        let (region, rank) = self.pairs[pair as usize];
        let list = self.lists[usize::from(rank)];
        let places = match self.orders.get(order as usize) {
            Some(&p) => p,
            None => places(order, self.k),
        };
        let mut cells = [0u8; 16];
        for (i, cell) in cells.iter_mut().enumerate().take(self.k) {
            *cell = ((list >> (4 * ((places >> (4 * i)) & 0xf))) & 0xf) as u8;
        }
        (cells, u32::from(region), order)
    }

    /// [`States::index`] for tiles whose order has rank `order`, given the
    /// set of their cells as a mask and, in nibble `c`, the number of them
    /// below cell `c` (`below`).
    #[inline]
    fn index_in_order(&self, order: u64, set: u32, below: u64, blank: u8) -> usize {
        let rank = usize::from(self.low[(set & 0xff) as usize])
            + usize::from(self.high[(set >> 8) as usize * 9 + ((below >> 32) & 0xf) as usize]);
        let region = (self.regions[rank] >> (4 * blank)) & 0xf;
        (order * self.per_order.get()) as usize + self.first[rank] as usize + region as usize
    }

    /// Calls `f(i, from, to)` for every move of a state, all cells given
    /// by their numbers: the pattern's `i`-th tile slides from its cell
    /// `from` (in `cells`) to a cell `to` of the blank's region `region`,
    /// and the blank ends on `from`. These are the database's steps, each
    /// costing 1.
    #[inline(always)]
    pub fn each_move(&self, cells: &[u8], region: u32, mut f: impl FnMut(usize, u8, u8)) {
        for (i, &from) in cells[..self.k].iter().enumerate() {
            let mut into = self.neighbours[usize::from(from)] & region;
            while into != 0 {
                let to = into.trailing_zeros() as u8;
                into &= into - 1;
                f(i, from, to);
            }
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn every_state_is_numbered_once_and_read_back() {
        for (board, k) in [
            ("2x3", 2),
            ("2x3", 3),
            ("3x3", 3),
            ("3x3", 5),
            ("2x4", 4),
            ("4x4", 2),
            ("4x4", 3),
        ] {
            let b: Board = board.parse().unwrap();
            let s = States::new(&b, k).unwrap();
            let mut seen = vec![false; s.len()];
            for (i, seen) in seen.iter_mut().enumerate() {
                let (cells, region, _) = s.cells_of(i);
                let mut set = 0u32;
                for &c in &cells[..k] {
                    set |= 1 << c;
                }
                assert_eq!(set.count_ones() as usize, k, "{board} {k} state {i}");
                assert_eq!(region & set, 0);
                // Every cell of the region gives the same number.
                let mut rest = region;
                while rest != 0 {
                    let c = rest.trailing_zeros() as u8;
                    rest &= rest - 1;
                    let j = s.index(&cells[..k], c);
                    assert_eq!(j, i, "{board} {k} {cells:?} blank {c}");
                }
                assert!(!*seen);
                *seen = true;
            }
        }
    }

    #[test]
    fn the_numbers_keep_the_board_s_neighbours() {
        for board in ["2x3", "3x3", "4x4", "3x5"] {
            let b: Board = board.parse().unwrap();
            let s = States::new(&b, 1).unwrap();
            for c in 0..b.cells() as u8 {
                assert_eq!(s.cell(s.number(c)), c);
                let mut next: Vec<u8> = b.neighbours(usize::from(c)).map(|y| y as u8).collect();
                next.sort();
                // One tile on c, the blank anywhere: its moves are to the
                // neighbours of c.
                let mut seen = Vec::new();
                s.each_move(&[s.number(c)], !(1 << s.number(c)), |_, _, to| {
                    seen.push(s.cell(to))
                });
                seen.sort();
                assert_eq!(seen, next, "{board} cell {c}");
            }
        }
    }
}
