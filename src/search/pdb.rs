//! Additive disjoint pattern databases (Korf and Felner): for a set of
//! tiles, the least number of moves *of those tiles* that brings them home,
//! whatever the other tiles do. Databases for disjoint sets of tiles can be
//! added, since every move moves one tile of one set.
//!
//! **Building** is a breadth-first search in the abstract puzzle where the
//! other tiles are indistinguishable: a state is the cells of the pattern's
//! tiles and of the blank; sliding a pattern tile costs 1, moving the blank
//! through the other tiles costs 0 (a 0-1 breadth-first search, layer by
//! layer in the cost). The database keeps, for each placement of the
//! pattern's tiles, the least cost over the blank's cells.
//!
//! **Indexing.** A placement of `k` tiles on `n` cells is a partial
//! permutation, ranked by its Lehmer code: `Σ d_i (n−1−i)!/(n−k)!`, with
//! `d_i` the number of free cells below tile `i`'s.
//!
//! ```
//! use schofield::board::Board;
//! use schofield::search::pdb::PatternDb;
//! let b: Board = "2x3".parse().unwrap();
//! let db = PatternDb::build(&b, &b.goal_blank_last(), &[1, 2]);
//! assert_eq!(db.len(), 6 * 5);
//! assert_eq!(db.max(), db.values().into_iter().max().unwrap());
//! // Tile 1 at home (cell 0), tile 2 one cell right of its home: one move.
//! assert_eq!(db.value(&[0, 2]), 1);
//! // Tiles 1 and 2 swapped: six moves, though each is one cell from home.
//! assert_eq!(db.value(&[1, 0]), 6);
//! ```

use crate::board::symmetry::Symmetry;
use crate::board::two_bit::TwoBit;
use crate::board::{Arrangement, Board, Progress, nib, try_vec_with};
use crate::perm::Lehmer;
use crate::render::quoted;
use crate::store::{self, Kind, StoreError};
use fixedbitset::FixedBitSet;
use std::fmt;
use std::path::Path;
use std::str::FromStr;

/// A pattern database for one set of tiles.
///
/// **Stored exactly in four bits an entry.** A move of a pattern tile
/// changes its Manhattan distance by one, so a placement's value `v` is at
/// least the pattern's Manhattan distance `m` and has its parity: the
/// *excess* `(v − m) / 2` is a whole number, and it is what each entry
/// keeps, two to a byte (low nibble first). An excess of 15 or more is an
/// escape: the value is then kept in a short list of large values by rank,
/// and an escape with no such value marks a placement never reached (255).
/// On the 4×4 every named partition's excesses fit in the nibble, so the
/// list is empty, and a value below the Manhattan distance cannot even be
/// written down.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct PatternDb {
    board: Board,
    goal: Arrangement,
    tiles: Vec<u8>,
    ranks: Lehmer<u32>,
    /// `manhattan[i][c]`: the Manhattan distance of the pattern's `i`-th
    /// tile on cell `c` from its goal cell.
    manhattan: Vec<[u8; 16]>,
    /// The excesses, two to a byte.
    excess: Vec<u8>,
    /// The values whose excess does not fit below [`ESCAPE`], by rank.
    large: Vec<(u32, u8)>,
}

/// The nibble that sends a lookup to the list of large values.
pub const ESCAPE: u8 = 15;

/// The value of a placement never reached. A pattern of every tile has
/// them (half its placements have the wrong parity), and so may a pattern
/// of all tiles but one on a small board; only the former is read back
/// from a file (see [`check_values`]).
pub const UNREACHED: u8 = u8::MAX;

/// The cells whose nibble in `labels` is `number`, as a mask: the nibbles'
/// equality flags gathered into 16 bits.
#[inline]
fn labelled(labels: u64, number: usize) -> u32 {
    const ONES: u64 = 0x1111_1111_1111_1111;
    let y = labels ^ (number as u64).wrapping_mul(ONES);
    let mut z = ((y | y >> 1 | y >> 2 | y >> 3) & ONES) ^ ONES;
    z = (z | z >> 3) & 0x0303_0303_0303_0303;
    z = (z | z >> 6) & 0x000f_000f_000f_000f;
    z = (z | z >> 12) & 0x0000_00ff_0000_00ff;
    z = (z | z >> 24) & 0xffff;
    z as u32
}

/// Entry `r` of a nibble table.
#[inline]
fn nibble(table: &[u8], r: usize) -> u8 {
    (table[r >> 1] >> ((r & 1) << 2)) & 0xf
}

impl PatternDb {
    /// The rank of placements of `k` tiles on the `n` cells
    /// ([`Lehmer::placements`]); `n ≤ 16` cells always fit in 32 bits.
    fn placement_ranks(n: usize, k: usize) -> Lehmer<u32> {
        Lehmer::placements(n, k).expect("at most 16!/9! placements: 32 bits suffice")
    }

    /// Each pattern tile's Manhattan distance from its goal cell, by cell.
    fn manhattan_of(board: &Board, goal: &Arrangement, tiles: &[u8]) -> Vec<[u8; 16]> {
        tiles
            .iter()
            .map(|&t| {
                let home = goal
                    .cells()
                    .iter()
                    .position(|&x| x == t)
                    .expect("tile on the goal");
                let mut row = [0u8; 16];
                for (c, d) in row.iter_mut().enumerate().take(board.cells()) {
                    *d = board.manhattan(c, home) as u8;
                }
                row
            })
            .collect()
    }

    /// The number of placements: `n!/(n−k)!`.
    pub fn len(&self) -> usize {
        self.ranks.count() as usize
    }

    /// Never empty.
    pub fn is_empty(&self) -> bool {
        self.len() == 0
    }

    /// The bytes it holds: half a byte a placement and five a large value.
    pub fn bytes(&self) -> u64 {
        self.excess.len() as u64 + 5 * self.large.len() as u64
    }

    /// Its placement rank (see [`PatternDb::index`]).
    pub(crate) fn ranks(&self) -> &Lehmer<u32> {
        &self.ranks
    }

    /// The tiles of the pattern.
    pub fn tiles(&self) -> &[u8] {
        &self.tiles
    }

    /// The excesses, two to a byte (low nibble first), by placement rank.
    pub fn excesses(&self) -> &[u8] {
        &self.excess
    }

    /// The values kept outside the nibbles: `(rank, value)`, by rank.
    pub fn large_values(&self) -> &[(u32, u8)] {
        &self.large
    }

    /// The largest value (it walks every placement).
    pub fn max(&self) -> u8 {
        self.values()
            .into_iter()
            .filter(|&v| v != UNREACHED)
            .max()
            .unwrap_or(0)
    }

    /// Every value, by placement rank ([`UNREACHED`] for a placement
    /// never reached). It walks every placement: for tests and small
    /// boards.
    pub fn values(&self) -> Vec<u8> {
        let mut out = Vec::with_capacity(self.len());
        self.walk(|r, _, m| out.push(self.value_at(r, m)));
        out
    }

    /// The rank of a placement: `cells[i]` is the cell of the pattern's
    /// `i`-th tile.
    #[inline]
    pub fn index(&self, cells: &[u8]) -> usize {
        self.ranks.rank(cells.iter().copied()) as usize
    }

    /// The pattern's Manhattan distance for a placement.
    #[inline]
    fn manhattan_sum(&self, cells: &[u8]) -> u32 {
        self.manhattan
            .iter()
            .zip(cells)
            .map(|(row, &c)| u32::from(row[usize::from(c)]))
            .sum()
    }

    /// The value of the placement of rank `r`, whose Manhattan distance is
    /// `m`.
    #[inline]
    fn value_at(&self, r: usize, m: u32) -> u8 {
        let e = nibble(&self.excess, r);
        if e < ESCAPE {
            (m + 2 * u32::from(e)) as u8
        } else {
            self.large_value(r).unwrap_or(UNREACHED)
        }
    }

    /// The large value of rank `r`, if it has one.
    fn large_value(&self, r: usize) -> Option<u8> {
        self.large
            .binary_search_by_key(&(r as u32), |&(q, _)| q)
            .ok()
            .map(|i| self.large[i].1)
    }

    /// The value for a placement.
    #[inline]
    pub fn value(&self, cells: &[u8]) -> u8 {
        self.value_at(self.index(cells), self.manhattan_sum(cells))
    }

    /// The excess `(value − Manhattan) / 2` of a placement (an unreached
    /// one counts as 127): what the searches add up.
    #[inline]
    pub(crate) fn excess_of(&self, cells: &[u8]) -> u8 {
        let r = self.index(cells);
        let e = nibble(&self.excess, r);
        if e < ESCAPE {
            return e;
        }
        match self.large_value(r) {
            Some(v) => ((u32::from(v) - self.manhattan_sum(cells)) / 2) as u8,
            None => 127,
        }
    }

    /// Calls `f(rank, cells, manhattan)` for every placement in rank order
    /// (the ranks are lexicographic: a depth-first walk over the tiles'
    /// cells).
    fn walk(&self, mut f: impl FnMut(usize, &[usize], u32)) {
        let n = self.board.cells();
        let k = self.tiles.len();
        let mut cells = vec![0usize; k];
        let mut used = 0u32;
        let mut sum = vec![0u32; k + 1];
        let mut r = 0usize;
        let mut depth = 0usize;
        let mut next = 0usize;
        loop {
            if depth == k {
                f(r, &cells, sum[k]);
                r += 1;
                if k == 0 {
                    return;
                }
                depth -= 1;
                used &= !(1 << cells[depth]);
                next = cells[depth] + 1;
                continue;
            }
            // The next free cell from `next` for tile `depth`.
            let mut c = next;
            while c < n && used & (1 << c) != 0 {
                c += 1;
            }
            if c < n {
                cells[depth] = c;
                used |= 1 << c;
                sum[depth + 1] = sum[depth] + u32::from(self.manhattan[depth][c]);
                depth += 1;
                next = 0;
            } else {
                if depth == 0 {
                    return;
                }
                depth -= 1;
                used &= !(1 << cells[depth]);
                next = cells[depth] + 1;
            }
        }
    }

    /// A database without values yet (every excess 0).
    fn empty(board: &Board, goal: &Arrangement, tiles: &[u8]) -> PatternDb {
        let ranks = Self::placement_ranks(board.cells(), tiles.len());
        PatternDb {
            board: *board,
            goal: goal.clone(),
            tiles: tiles.to_vec(),
            ranks,
            manhattan: Self::manhattan_of(board, goal, tiles),
            excess: Vec::new(),
            large: Vec::new(),
        }
    }

    /// The database with the given values by placement rank
    /// ([`UNREACHED`] for a placement never reached). Each value must be
    /// at least the placement's Manhattan distance and of its parity, as
    /// every true database's is; `None` otherwise.
    pub fn from_values(
        board: &Board,
        goal: &Arrangement,
        tiles: &[u8],
        values: &[u8],
    ) -> Option<PatternDb> {
        let mut db = Self::empty(board, goal, tiles);
        if values.len() != db.len() {
            return None;
        }
        let mut excess = vec![0u8; db.len().div_ceil(2)];
        let mut large = Vec::new();
        let mut fits = true;
        db.walk(|r, _, m| {
            let v = values[r];
            let e = if v == UNREACHED {
                ESCAPE
            } else if u32::from(v) < m || !(u32::from(v) - m).is_multiple_of(2) {
                fits = false;
                0
            } else {
                let e = (u32::from(v) - m) / 2;
                if e >= u32::from(ESCAPE) {
                    large.push((r as u32, v));
                    ESCAPE
                } else {
                    e as u8
                }
            };
            excess[r >> 1] |= e << ((r & 1) << 2);
        });
        db.excess = excess;
        db.large = large;
        fits.then_some(db)
    }

    /// Builds the database of `tiles` towards `goal` by a 0-1 breadth-first
    /// search over (pattern cells, blank cell): the plain method, for small
    /// boards and as the reference of [`PatternDb::build_by_regions`].
    pub fn build(board: &Board, goal: &Arrangement, tiles: &[u8]) -> PatternDb {
        let n = board.cells();
        let k = tiles.len();
        let ranks = Self::placement_ranks(n, k);
        let size = ranks.count() as usize;
        let mut table = vec![UNREACHED; size];
        // Visited (placement, blank cell) pairs.
        let mut seen = FixedBitSet::with_capacity(size * n);
        let neighbours: Vec<Vec<usize>> = (0..n).map(|c| board.neighbours(c).collect()).collect();
        let goal_cell = |t: u8| {
            goal.cells()
                .iter()
                .position(|&x| x == t)
                .expect("tile on the goal")
        };
        let mut start = 0u64;
        for (i, &t) in tiles.iter().enumerate() {
            start |= (goal_cell(t) as u64) << (4 * i);
        }
        let blank = goal.blank();
        // A state packs the k cells in nibbles and the blank's cell above.
        let pack = |cells: u64, blank: usize| cells | (blank as u64) << (4 * k);
        let mut cells_of = [0u8; 16];
        let mark = |cells: u64,
                    blank: usize,
                    seen: &mut FixedBitSet,
                    cells_of: &mut [u8; 16]|
         -> Option<usize> {
            for (i, c) in cells_of.iter_mut().enumerate().take(k) {
                *c = nib(cells, i) as u8;
            }
            let r = ranks.rank(cells_of[..k].iter().copied()) as usize;
            let bit = r * n + blank;
            if seen.put(bit) {
                return None;
            }
            Some(r)
        };
        let r0 = mark(start, blank, &mut seen, &mut cells_of).expect("first");
        table[r0] = 0;
        let mut current = vec![pack(start, blank)];
        let mut cost = 0u8;
        let cell_mask = (1u64 << (4 * k)) - 1;
        while !current.is_empty() {
            let mut next = Vec::new();
            while let Some(state) = current.pop() {
                let cells = state & cell_mask;
                let blank = (state >> (4 * k)) as usize;
                let mut occupied = 0u32;
                for i in 0..k {
                    occupied |= 1 << nib(cells, i);
                }
                for &to in &neighbours[blank] {
                    if occupied & (1 << to) != 0 {
                        // A pattern tile slides into the blank: cost 1.
                        let i = (0..k).find(|&i| nib(cells, i) == to).expect("occupied");
                        let moved = (cells & !(0xf << (4 * i))) | (blank as u64) << (4 * i);
                        if let Some(r) = mark(moved, to, &mut seen, &mut cells_of) {
                            if table[r] == UNREACHED {
                                table[r] = cost + 1;
                            }
                            next.push(pack(moved, to));
                        }
                    } else if let Some(r) = mark(cells, to, &mut seen, &mut cells_of) {
                        // The blank passes another tile: cost 0.
                        if table[r] == UNREACHED {
                            table[r] = cost;
                        }
                        current.push(pack(cells, to));
                    }
                }
            }
            current = next;
            cost += 1;
        }
        Self::from_values(board, goal, tiles, &table)
            .expect("every true value is at least the Manhattan distance, of its parity")
    }
}

impl PatternDb {
    /// The bytes [`PatternDb::build_by_regions`] needs for `k` tiles on a
    /// board of `n` cells: the two-bit table of its states (a placement
    /// with one of the `n − k` free cells naming a region, rounded up to a
    /// power of two) and a byte a placement for the values while building
    /// (packed two to a byte, in place, at the end). `None` if it does not
    /// fit in 64 bits.
    pub fn build_bytes(n: usize, k: usize) -> Option<u64> {
        let placements: u64 = crate::perm::checked_placements(n, k)?;
        let slots = placements.checked_mul((n - k).next_power_of_two() as u64)?;
        TwoBit::bytes(slots).checked_add(placements)
    }

    /// Builds the same database as [`PatternDb::build`], exactly, by a
    /// faster route in less memory. Moving the blank through the other
    /// tiles is free, so all that matters of the blank is which *connected
    /// region of free cells* it is in. A state is a placement with one of
    /// its free regions, named by the region's smallest cell (its rank
    /// among the free cells, so a placement has `n − k` state numbers,
    /// rounded up to a power of two to make them a group); every move
    /// costs 1, and the search is the two-bit layered search of [`TwoBit`]
    /// (parallel, no frontier lists). The first time a layer reaches a
    /// placement, in any region, gives its value. The 7-8 partition of the
    /// 4×4 (518 918 400 placements of 8 tiles) is built this way in
    /// 1.55 GB. `None` if the memory ([`PatternDb::build_bytes`]) cannot be
    /// had.
    pub fn build_by_regions(
        board: &Board,
        goal: &Arrangement,
        tiles: &[u8],
        progress: &(dyn Fn(Progress) + Sync),
    ) -> Option<PatternDb> {
        use crate::board::two_bit::Claim;
        use std::sync::Mutex;
        use std::sync::atomic::{AtomicU8, Ordering};
        let mut db = Self::empty(board, goal, tiles);
        let n = board.cells();
        let cols = board.cols();
        let k = tiles.len();
        let stride = (n - k).next_power_of_two();
        let ranks = db.ranks;
        let size = db.len();
        let table = TwoBit::try_grouped(size.checked_mul(stride)?, stride)?;
        // A byte a placement while building (a plain store each, where a
        // shared nibble would need an atomic update), packed at the end.
        let excess: Vec<AtomicU8> = try_vec_with(size, || AtomicU8::new(0))?;
        let unranker = crate::perm::Unranker::new(&ranks);
        // Each tile's weight in the rank (0 for a free cell's NONE).
        let mut weights = [0u32; 256];
        weights[..k].copy_from_slice(ranks.weights());
        const NONE: u8 = u8::MAX;
        let large: Mutex<Vec<(u32, u8)>> = Mutex::new(Vec::new());
        let manhattan = &db.manhattan;
        let full: u32 = (1u32 << n) - 1;
        let mut not_first_col = 0u32;
        let mut not_last_col = 0u32;
        for c in 0..n {
            if c % cols != 0 {
                not_first_col |= 1 << c;
            }
            if c % cols != cols - 1 {
                not_last_col |= 1 << c;
            }
        }
        let spread = move |m: u32| -> u32 {
            (m | ((m << 1) & not_first_col) | ((m >> 1) & not_last_col) | (m << cols) | (m >> cols))
                & full
        };
        let flood = move |from: u32, free: u32| -> u32 {
            let mut region = 1u32 << from;
            loop {
                let next = spread(region) & free;
                if next == region {
                    return region;
                }
                region = next;
            }
        };
        let neighbour_mask: Vec<u32> = (0..n).map(|c| spread(1 << c) & !(1 << c)).collect();
        // For every set of free cells, each free cell's region number (the
        // rank of the region's smallest cell among the free cells), a
        // nibble a cell: one lookup instead of a flood for each move (the
        // sets with n − k cells, the only ones used, take a few hundred KB).
        let labels: Vec<u64> = (0..=full)
            .map(|free| {
                let mut out = u64::MAX;
                let mut rest = free;
                while rest != 0 {
                    let region = flood(rest.trailing_zeros(), free);
                    let number =
                        u64::from((free & ((region & region.wrapping_neg()) - 1)).count_ones());
                    let mut cells = region;
                    while cells != 0 {
                        let c = cells.trailing_zeros();
                        cells &= cells - 1;
                        out = (out & !(0xf << (4 * c))) | number << (4 * c);
                    }
                    rest &= !region;
                }
                out
            })
            .collect();
        // The first reach of a placement: its value becomes `v`.
        let settle = |q: usize, v: u32, m: u32| {
            let e = (v - m) / 2;
            let e = if e < u32::from(ESCAPE) {
                e as u8
            } else {
                large
                    .lock()
                    .expect("no thread panics holding it")
                    .push((q as u32, v as u8));
                ESCAPE
            };
            excess[q].store(e, Ordering::Relaxed);
        };
        let mut home = [0u8; 16];
        let mut occupied = 0u32;
        for (i, &t) in tiles.iter().enumerate() {
            let c = goal
                .cells()
                .iter()
                .position(|&x| x == t)
                .expect("tile on the goal");
            home[i] = c as u8;
            occupied |= 1 << c;
        }
        let r0 = ranks.rank(home[..k].iter().copied()) as usize;
        let free0 = full & !occupied;
        let start = r0 * stride + nib(labels[free0 as usize], goal.blank());
        table.search(
            &[start],
            |i, next| {
                let p = i / stride;
                let cells = unranker.unrank(p as u32);
                // Which pattern tile is on each cell (NONE on free cells).
                let mut owner = [NONE; 16];
                let mut occupied = 0u32;
                let mut m = 0u32;
                for (t, (&c, row)) in cells[..k].iter().zip(manhattan).enumerate() {
                    occupied |= 1 << c;
                    owner[usize::from(c)] = t as u8;
                    m += u32::from(row[usize::from(c)]);
                }
                let free = full & !occupied;
                let region = labelled(labels[free as usize], i % stride);
                // Every move of a pattern tile into the region: the state
                // it leads to and that placement's Manhattan distance.
                let mut slots = [0usize; 64];
                let mut sums = [0u32; 64];
                let mut count = 0;
                for t in 0..k {
                    let from = usize::from(cells[t]);
                    let mut into = neighbour_mask[from] & region;
                    while into != 0 {
                        let to = into.trailing_zeros() as usize;
                        into &= into - 1;
                        // The rank moves by the changes of the digits: the
                        // tile's own by the free cells crossed, and each
                        // later tile's between `from` and `to` by one.
                        let (low, high) = (from.min(to), from.max(to));
                        let mut own = (high - low) as u32;
                        let mut later = 0u32;
                        for &o in &owner[low + 1..high] {
                            own -= u32::from(o < t as u8);
                            later += u32::from(o > t as u8) * weights[usize::from(o)];
                        }
                        let step = own * weights[t] + later;
                        let q = if to > from {
                            p as u32 + step
                        } else {
                            p as u32 - step
                        } as usize;
                        // The blank ends where the tile was.
                        let free2 = (free | 1 << from) & !(1 << to);
                        slots[count] = q * stride + nib(labels[free2 as usize], from);
                        sums[count] =
                            m + u32::from(manhattan[t][to]) - u32::from(manhattan[t][from]);
                        count += 1;
                    }
                }
                let v = next.depth();
                next.claim_all(&slots[..count], |j, claim| {
                    if claim == Claim::First {
                        settle(slots[j] / stride, v, sums[j]);
                    }
                });
            },
            |layer, _, found| {
                progress(Progress {
                    part: 0,
                    parts: 1,
                    layer,
                    found,
                    total: size as u64,
                });
            },
        );
        // Placements never reached keep an escape with no large value.
        let mut excess: Vec<u8> = excess.into_iter().map(AtomicU8::into_inner).collect();
        for q in table.unreached_groups().filter(|&q| q < size) {
            excess[q] = ESCAPE;
        }
        drop(table);
        // Two to a byte, in place.
        for i in 0..size.div_ceil(2) {
            let high = excess.get(2 * i + 1).copied().unwrap_or(0);
            excess[i] = excess[2 * i] | high << 4;
        }
        excess.truncate(size.div_ceil(2));
        excess.shrink_to_fit();
        let mut large = large.into_inner().expect("no thread panics holding it");
        large.sort_unstable();
        // The search may expand a state twice (see `TwoBit::search`).
        large.dedup();
        db.excess = excess;
        db.large = large;
        Some(db)
    }
}

/// A partition of the tiles into disjoint patterns, with a database each.
///
/// ```
/// use schofield::board::Board;
/// use schofield::search::pdb::Partition;
/// let b: Board = "2x3".parse().unwrap();
/// let g = b.goal_blank_last();
/// let p = Partition::of_sets(&b, &g, &[&[1, 2, 3], &[4, 5]]);
/// let bytes = p.to_bytes();
/// assert_eq!(Partition::from_bytes(&bytes, "p.bin").unwrap(), p);
/// // The payload: 60 bytes of excesses and a count of large values for
/// // tiles 1–3 (120 placements), 15 bytes and a count for tiles 4 and 5.
/// let mut payload = bytes[bytes.len() - 83..].to_vec();
/// // Two placements of tiles 4 and 5 with an excess of 14: values beyond
/// // the 2×3's diameter, 21. With the checksum recomputed, still refused.
/// payload[64 + 3] = 0xee;
/// let forged = schofield::store::to_bytes(
///     schofield::store::Kind::PatternDatabases, &b, &g, &p.sets(), &payload);
/// let e = Partition::from_bytes(&forged, "p.bin").unwrap_err();
/// assert!(e.to_string().contains("at most 21 on the 2x3 board"), "{e}");
/// ```
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Partition {
    /// Its name, such as `6-6-3`, or `None` for tile sets that are not one
    /// of the named partitions of the 4×4 (on smaller boards, say).
    pub name: Option<PartitionName>,
    /// The databases.
    pub dbs: Vec<PatternDb>,
}

/// The partitions of the 4×4 known by name.
///
/// ```
/// use schofield::search::pdb::PartitionName;
/// let p: PartitionName = "6-6-3".parse().unwrap();
/// assert_eq!(p, PartitionName::SixSixThree);
/// assert_eq!(p.to_string(), "6-6-3");
/// let e = "6-6-4".parse::<PartitionName>().unwrap_err();
/// assert_eq!(e.to_string(), "unknown partition \"6-6-4\"; expected 7-7-1, 7-8, 6-6-3 or 5-5-5");
/// ```
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub enum PartitionName {
    /// `7-7-1`: tiles 1–7, 8–14 and 15.
    SevenSevenOne,
    /// `7-8`: tiles 1–7 and 8–15 (the default).
    SevenEight,
    /// `6-6-3`: {1,2,3,5,6,7}, {4,8,9,12,13,14}, {10,11,15}.
    SixSixThree,
    /// `5-5-5`: three blocks of five.
    FiveFiveFive,
}

impl PartitionName {
    /// Every name, in the order the help lists them.
    pub const ALL: [PartitionName; 4] = [
        PartitionName::SevenSevenOne,
        PartitionName::SevenEight,
        PartitionName::SixSixThree,
        PartitionName::FiveFiveFive,
    ];

    /// The name as written: `7-7-1`, `7-8`, `6-6-3`, `5-5-5`.
    pub fn name(self) -> &'static str {
        match self {
            PartitionName::SevenSevenOne => "7-7-1",
            PartitionName::SevenEight => "7-8",
            PartitionName::SixSixThree => "6-6-3",
            PartitionName::FiveFiveFive => "5-5-5",
        }
    }

    /// Where schofield keeps these databases between runs: the file
    /// `pdb-NAME-blank-first.bin` (they are always built for the
    /// blank-first goal) in the user's cache folder (`$XDG_CACHE_HOME/schofield`
    /// or `~/.cache/schofield` on Linux), else in the current folder.
    ///
    /// ```
    /// use schofield::search::pdb::PartitionName;
    /// let f = PartitionName::SevenEight.cache_file();
    /// assert!(f.ends_with("pdb-7-8-blank-first.bin"));
    /// ```
    pub fn cache_file(self) -> std::path::PathBuf {
        let name = format!("pdb-{}-blank-first.bin", self.name());
        match dirs::cache_dir() {
            Some(base) => base.join("schofield").join(name),
            None => name.into(),
        }
    }

    /// The bytes the databases hold in memory: half a byte for each
    /// placement of each block's tiles, `16!/(16−k)!` for a block of `k`
    /// (and five bytes for each large value, none for the named
    /// partitions).
    ///
    /// ```
    /// use schofield::search::pdb::PartitionName;
    /// assert_eq!(PartitionName::SixSixThree.table_bytes(), 5_765_760 + 1_680);
    /// assert_eq!(PartitionName::SevenEight.table_bytes(), 28_828_800 + 259_459_200);
    /// ```
    pub fn table_bytes(self) -> u64 {
        self.blocks()
            .iter()
            .map(|b| store::placements(16, b.len()).div_ceil(2))
            .sum()
    }

    /// The most memory building the databases takes at once: the largest
    /// database's build ([`PatternDb::build_bytes`]) with the databases
    /// built before it.
    ///
    /// ```
    /// use schofield::search::pdb::PartitionName;
    /// // 8 tiles: 518 918 400 placements, 8 region numbers each at two bits
    /// // and a byte each while building; and the 7 tiles' database.
    /// assert_eq!(PartitionName::SevenEight.build_bytes(), 1_037_836_800 + 518_918_400 + 28_828_800);
    /// ```
    pub fn build_bytes(self) -> u64 {
        let mut done = 0u64;
        let mut peak = 0u64;
        for b in self.blocks() {
            let k = b.len();
            peak = peak.max(done + PatternDb::build_bytes(16, k).expect("16 cells fit"));
            done += store::placements(16, k).div_ceil(2);
        }
        peak
    }

    /// Blocks of goal cells (of the 4×4 with the blank's home on cell 0).
    fn blocks(self) -> Vec<Vec<usize>> {
        match self {
            // Rows 0–1 right of column 0, then the rest of the left and
            // bottom, then the 3 cells at the bottom right.
            PartitionName::SixSixThree => vec![
                vec![1, 2, 3, 5, 6, 7],
                vec![4, 8, 9, 12, 13, 14],
                vec![10, 11, 15],
            ],
            PartitionName::FiveFiveFive => vec![
                vec![1, 2, 3, 6, 7],
                vec![4, 5, 8, 9, 12],
                vec![10, 11, 13, 14, 15],
            ],
            // The top two rows but the blank's cell, and the bottom two rows.
            PartitionName::SevenEight => vec![
                vec![1, 2, 3, 4, 5, 6, 7],
                vec![8, 9, 10, 11, 12, 13, 14, 15],
            ],
            // The same with the last tile on its own (its Manhattan distance).
            PartitionName::SevenSevenOne => vec![
                vec![1, 2, 3, 4, 5, 6, 7],
                vec![8, 9, 10, 11, 12, 13, 14],
                vec![15],
            ],
        }
    }
}

impl fmt::Display for PartitionName {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.name())
    }
}

impl FromStr for PartitionName {
    type Err = PdbError;

    fn from_str(s: &str) -> Result<Self, Self::Err> {
        PartitionName::ALL
            .into_iter()
            .find(|p| p.name() == s)
            .ok_or_else(|| PdbError::UnknownPartition(s.to_string()))
    }
}

/// The tile sets of a named partition for `goal` on the 4×4, with the
/// blank's home in a corner of the main diagonal; tiles are grouped in
/// compact blocks of the goal. `None` if `goal` is not of the 4×4.
pub fn partition_tiles(name: PartitionName, goal: &Arrangement) -> Option<Vec<Vec<u8>>> {
    let cells = goal.cells();
    if cells.len() != 16 {
        return None;
    }
    // With the blank elsewhere than cell 0, swap the blank's cell for 0.
    let home = goal.blank();
    let tile_at = |c: usize| -> u8 { if c == home { cells[0] } else { cells[c] } };
    Some(
        name.blocks()
            .iter()
            .map(|b| b.iter().map(|&c| tile_at(c)).collect())
            .collect(),
    )
}

/// Why databases could not be used.
///
/// ```
/// use schofield::search::pdb::{Partition, PdbError};
/// let e = Partition::read("/dev/null".as_ref()).unwrap_err();
/// assert!(matches!(e, PdbError::Store(_)));
/// assert_eq!(e.to_string(), "\"/dev/null\" is a character device, not a regular file");
/// ```
#[derive(Debug)]
pub enum PdbError {
    /// The file could not be written or read back, or it is damaged or
    /// wrong (see [`StoreError`]).
    Store(StoreError),
    /// For another board, goal or partition.
    Mismatch {
        /// The file.
        path: String,
        /// What it holds.
        holds: String,
        /// What was asked for.
        wanted: String,
    },
    /// An unknown partition name.
    UnknownPartition(String),
    /// The memory to build the databases could not be had.
    OutOfMemory {
        /// The bytes the build needs at its peak.
        bytes: u64,
    },
}

impl From<StoreError> for PdbError {
    fn from(e: StoreError) -> Self {
        PdbError::Store(e)
    }
}

impl fmt::Display for PdbError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            PdbError::Store(e) => e.fmt(f),
            PdbError::Mismatch {
                path,
                holds,
                wanted,
            } => write!(f, "{} holds {holds}, not {wanted}", quoted(path)),
            PdbError::OutOfMemory { bytes } => write!(
                f,
                "not enough memory to build the databases: the build needs {} bytes ({:.1} GiB)",
                crate::render::grouped(*bytes as usize),
                *bytes as f64 / f64::from(1u32 << 30)
            ),
            PdbError::UnknownPartition(n) => {
                let names: Vec<&str> = PartitionName::ALL.iter().map(|p| p.name()).collect();
                let (last, rest) = names.split_last().expect("names");
                write!(
                    f,
                    "unknown partition {}; expected {} or {last}",
                    quoted(n),
                    rest.join(", ")
                )
            }
        }
    }
}

impl std::error::Error for PdbError {
    fn source(&self) -> Option<&(dyn std::error::Error + 'static)> {
        match self {
            PdbError::Store(e) => Some(e),
            _ => None,
        }
    }
}

impl Partition {
    /// The databases of `sets`, one for each set of tiles, towards `goal`,
    /// each built by [`PatternDb::build`], the plain method: for small
    /// boards and tests. Named by [`Partition::name_of`] when the sets are
    /// a named partition.
    ///
    /// ```
    /// use schofield::board::Board;
    /// use schofield::search::pdb::Partition;
    /// let b: Board = "2x3".parse().unwrap();
    /// let p = Partition::of_sets(&b, &b.goal_blank_last(), &[&[1, 2, 3], &[4, 5]]);
    /// assert_eq!(p.sets(), [vec![1, 2, 3], vec![4, 5]]);
    /// assert_eq!(p.name, None);
    /// ```
    pub fn of_sets(board: &Board, goal: &Arrangement, sets: &[&[u8]]) -> Partition {
        let dbs: Vec<PatternDb> = sets
            .iter()
            .map(|tiles| PatternDb::build(board, goal, tiles))
            .collect();
        let mut p = Partition { name: None, dbs };
        p.name = Self::name_of(&p.sets(), goal);
        p
    }

    /// Builds the named partition's databases for `goal` on the 4×4
    /// `board`. `progress` is called (with the database as the part) as
    /// each database's search finishes a layer. The memory each build
    /// needs ([`PartitionName::build_bytes`]) is allocated fallibly: when
    /// it cannot be had, the error says how much was asked for.
    pub fn build(
        board: &Board,
        goal: &Arrangement,
        name: PartitionName,
        progress: &(dyn Fn(Progress) + Sync),
    ) -> Result<Partition, PdbError> {
        let sets = partition_tiles(name, goal).expect("a goal of the 4x4");
        let count = sets.len();
        let mut dbs = Vec::new();
        for (i, tiles) in sets.iter().enumerate() {
            let db = PatternDb::build_by_regions(board, goal, tiles, &|p| {
                progress(Progress {
                    part: i,
                    parts: count,
                    ..p
                })
            })
            .ok_or(PdbError::OutOfMemory {
                bytes: name.build_bytes(),
            })?;
            dbs.push(db);
        }
        Ok(Partition {
            name: Some(name),
            dbs,
        })
    }

    /// The board.
    pub fn board(&self) -> &Board {
        &self.dbs[0].board
    }

    /// The goal.
    pub fn goal(&self) -> &Arrangement {
        &self.dbs[0].goal
    }

    /// The tile sets, one per database.
    pub fn sets(&self) -> Vec<Vec<u8>> {
        self.dbs.iter().map(|db| db.tiles.clone()).collect()
    }

    /// The named partition these tile sets are for `goal`, if any.
    pub fn name_of(sets: &[Vec<u8>], goal: &Arrangement) -> Option<PartitionName> {
        PartitionName::ALL
            .into_iter()
            .find(|&p| partition_tiles(p, goal).as_deref() == Some(sets))
    }

    /// The file image: a [`crate::store`] container of kind
    /// [`Kind::PatternDatabases`] with the tile sets in its header and
    /// every database's entries, one after the other, as its payload.
    pub fn to_bytes(&self) -> Vec<u8> {
        store::to_bytes(
            Kind::PatternDatabases,
            self.board(),
            self.goal(),
            &self.sets(),
            &self.payload(),
        )
    }

    /// Each database in turn: its excesses (half a byte a placement,
    /// rounded up), the number of its large values (4 bytes), and each
    /// large value as its rank (4 bytes) and value (1 byte).
    fn payload(&self) -> Vec<u8> {
        let mut body = Vec::with_capacity(self.dbs.iter().map(|db| db.bytes() as usize + 4).sum());
        for db in &self.dbs {
            body.extend_from_slice(&db.excess);
            body.extend_from_slice(&(db.large.len() as u32).to_le_bytes());
            for &(r, v) in &db.large {
                body.extend_from_slice(&r.to_le_bytes());
                body.push(v);
            }
        }
        body
    }

    /// Saves atomically.
    pub fn save(&self, path: &Path) -> Result<(), PdbError> {
        store::write(
            path,
            Kind::PatternDatabases,
            self.board(),
            self.goal(),
            &self.sets(),
            &self.payload(),
        )
        .map_err(PdbError::Store)
    }

    /// Reads a file image, refusing anything damaged or wrong: every check
    /// of [`store::from_bytes`], then each database's values (see
    /// [`check_values`]). The name is found from the tile sets.
    pub fn from_bytes(bytes: &[u8], name: &str) -> Result<Partition, PdbError> {
        Self::from_contents(
            store::from_bytes(bytes, name, Kind::PatternDatabases)?,
            name,
        )
    }

    /// Reads the databases in `path`, whatever their board, goal and tiles
    /// (see [`store::read`]).
    pub fn read(path: &Path) -> Result<Partition, PdbError> {
        let p = path.display().to_string();
        Self::from_contents(store::read(path, Kind::PatternDatabases)?, &p)
    }

    fn from_contents(c: store::Contents, path: &str) -> Result<Partition, PdbError> {
        let short = |what: &str| {
            StoreError::contents(
                path,
                format!("a payload that ends inside {what}"),
                "each database's excesses, its count of large values and those values",
            )
        };
        // Where each database's excesses lie, and its large values.
        let mut parts = Vec::with_capacity(c.sets.len());
        let mut at = 0usize;
        for tiles in &c.sets {
            let len = PatternDb::empty(&c.board, &c.goal, tiles).len();
            let half = len.div_ceil(2);
            let what = format!("the database of tiles {tiles:?}");
            if c.payload.len() - at < half + 4 {
                return Err(short(&what).into());
            }
            let count_at = at + half;
            let count = u32::from_le_bytes(
                c.payload[count_at..count_at + 4]
                    .try_into()
                    .expect("4 bytes"),
            ) as usize;
            if (c.payload.len() - count_at - 4) / 5 < count {
                return Err(short(&what).into());
            }
            let large: Vec<(u32, u8)> = c.payload[count_at + 4..count_at + 4 + 5 * count]
                .chunks_exact(5)
                .map(|x| {
                    (
                        u32::from_le_bytes(x[..4].try_into().expect("4 bytes")),
                        x[4],
                    )
                })
                .collect();
            parts.push((at, half, large));
            at = count_at + 4 + 5 * count;
        }
        let rest = &c.payload[at..];
        if !rest.is_empty() {
            return Err(StoreError::contents(
                path,
                format!("{} bytes after the last database", rest.len()),
                "none",
            )
            .into());
        }
        // The excesses: copies, but the largest database's are the payload
        // itself, cut down to them (the others are copied out first).
        let largest = (0..parts.len())
            .max_by_key(|&i| parts[i].1)
            .expect("at least one database");
        let mut copies: Vec<Vec<u8>> = parts
            .iter()
            .enumerate()
            .map(|(i, &(start, half, _))| {
                if i == largest {
                    Vec::new()
                } else {
                    c.payload[start..start + half].to_vec()
                }
            })
            .collect();
        let mut payload = c.payload;
        let mut dbs = Vec::with_capacity(c.sets.len());
        for (i, (tiles, (start, half, large))) in c.sets.iter().zip(parts).enumerate() {
            let mut db = PatternDb::empty(&c.board, &c.goal, tiles);
            db.excess = if i == largest {
                let mut own = std::mem::take(&mut payload);
                own.truncate(start + half);
                own.drain(..start);
                own.shrink_to_fit();
                own
            } else {
                std::mem::take(&mut copies[i])
            };
            db.large = large;
            check_values(&db).map_err(|(found, expected)| {
                StoreError::contents(
                    path,
                    format!("in the database of tiles {tiles:?}, {found}"),
                    expected,
                )
            })?;
            dbs.push(db);
        }
        Ok(Partition {
            name: Self::name_of(&c.sets, &c.goal),
            dbs,
        })
    }

    /// Loads from `path`, refusing a file for another board, goal or
    /// partition than the one given.
    pub fn load(
        path: &Path,
        board: &Board,
        goal: &Arrangement,
        name: PartitionName,
    ) -> Result<Partition, PdbError> {
        let part = Self::read(path)?;
        if part.board() != board || part.goal() != goal || part.name != Some(name) {
            let held = match part.name {
                Some(n) => format!("the {n} databases"),
                None => format!("databases of the tile sets {:?}", part.sets()),
            };
            return Err(PdbError::Mismatch {
                path: path.display().to_string(),
                holds: format!(
                    "{held} for the {} board with goal {}",
                    part.board(),
                    part.board().format(part.goal())
                ),
                wanted: format!("{name} for {board} with goal {}", board.format(goal)),
            });
        }
        Ok(part)
    }
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

/// The largest value a database of `tiles` tiles on `board` may hold.
///
/// Never 255: the builders mark an unreached placement with it. When the
/// pattern leaves at least two tiles out, at most the board's
/// [`known_diameter`]: the placement extends to an arrangement that can
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

/// Checks a database's values, so that a file with a right checksum but
/// wrong values is refused. On failure it says what was found and what was
/// expected.
///
/// The encoding already makes every value at least the sum of the
/// Manhattan distances of the pattern's tiles from their goal cells, and
/// of its parity (each such tile must move at least that often, so a true
/// database never says less). The checks: the goal's placement has 0; the
/// padding nibble is 0; each large value is listed once, in rank order, at
/// an escape, of the right parity and too large for a nibble; every value
/// is at most [`value_cap`]; and only a pattern of every tile has
/// placements never reached, exactly those that cannot reach the goal.
///
/// What it cannot catch: a database crafted to over-estimate within those
/// bounds and consistently (say, every value but the goal's one higher)
/// looks like a real one; only rebuilding it would tell. Such a file makes
/// the search return longer solutions, never crash.
///
/// When the largest Manhattan distance plus the largest nibble is within
/// the cap (every named partition of the 4×4), the cap needs no walk, and
/// the check is one pass counting escapes: about 0.1 s for the 7-8
/// partition's 518 918 400 entries. Otherwise it walks every placement.
pub fn check_values(db: &PatternDb) -> Result<(), (String, String)> {
    let b = db.board;
    let k = db.tiles.len();
    let len = db.len();
    if db.excess.len() != len.div_ceil(2) {
        return Err((
            format!("{} bytes of excesses", db.excess.len()),
            format!("{}", len.div_ceil(2)),
        ));
    }
    if len % 2 == 1 && db.excess[len / 2] >> 4 != 0 {
        return Err(("a padding nibble that is not 0".into(), "0".into()));
    }
    let home: Vec<u8> = db
        .tiles
        .iter()
        .map(|&t| {
            db.goal
                .cells()
                .iter()
                .position(|&x| x == t)
                .expect("tile on the goal") as u8
        })
        .collect();
    let goal_value = db.value(&home);
    if goal_value != 0 {
        return Err((
            format!("the goal placement's value is {goal_value}"),
            "0".into(),
        ));
    }
    let cap = value_cap(&b, k);
    let whole = k + 1 == b.cells();
    let mut previous: Option<u32> = None;
    for &(r, v) in &db.large {
        if previous.is_some_and(|p| p >= r) || r as usize >= len {
            return Err((
                format!("the large value of rank {r} out of order or out of range"),
                format!("ranks in increasing order below {len}"),
            ));
        }
        let cells = db.ranks.unrank(r);
        let placed = &cells[..k];
        previous = Some(r);
        if nibble(&db.excess, r as usize) != ESCAPE {
            return Err((
                format!("a large value for the cells {placed:?}, whose nibble is not an escape"),
                format!("large values only at escapes ({ESCAPE})"),
            ));
        }
        let m = db.manhattan_sum(placed);
        if v > cap
            || u32::from(v) < m + 2 * u32::from(ESCAPE)
            || !(u32::from(v) - m).is_multiple_of(2)
        {
            return Err((
                format!("the large value {v} for the cells {placed:?}"),
                format!(
                    "at least {}, of the parity of the tiles' Manhattan distance {m}, and at most {cap} on the {b} board",
                    m + 2 * u32::from(ESCAPE)
                ),
            ));
        }
    }
    let escapes = count_escapes(&db.excess, len);
    let highest: u32 = db
        .manhattan
        .iter()
        .map(|row| u32::from(*row[..b.cells()].iter().max().unwrap_or(&0)))
        .sum();
    if !whole && escapes != db.large.len() as u64 {
        return Err((
            format!(
                "{} escapes for {} large values",
                crate::render::grouped(escapes as usize),
                crate::render::grouped(db.large.len())
            ),
            "a large value at every escape: every placement is reached".into(),
        ));
    }
    if !whole && highest + 2 * u32::from(ESCAPE - 1) <= u32::from(cap) {
        return Ok(());
    }
    // Walk every placement: the cap, and for a pattern of every tile, the
    // placements never reached.
    let mut failure = None;
    db.walk(|r, cells, m| {
        if failure.is_some() {
            return;
        }
        let e = nibble(&db.excess, r);
        if e < ESCAPE {
            let v = m + 2 * u32::from(e);
            if v > u32::from(cap) {
                failure = Some((
                    format!("the value {v} for the cells {cells:?}"),
                    format!("at most {cap} on the {b} board"),
                ));
            } else if whole && !reachable(&b, &db.tiles, cells, &db.goal) {
                failure = Some((
                    format!("the value {v} for the unreachable cells {cells:?}"),
                    format!("{UNREACHED} (unreached)"),
                ));
            }
        } else if db.large_value(r).is_none() {
            if !whole || reachable(&b, &db.tiles, cells, &db.goal) {
                failure = Some((
                    format!("no value for the cells {cells:?}"),
                    "a value for every placement that can reach the goal".into(),
                ));
            }
        } else if whole && !reachable(&b, &db.tiles, cells, &db.goal) {
            failure = Some((
                format!("a large value for the unreachable cells {cells:?}"),
                format!("{UNREACHED} (unreached)"),
            ));
        }
    });
    failure.map_or(Ok(()), Err)
}

/// The number of escapes ([`ESCAPE`]) among the first `len` nibbles.
fn count_escapes(excess: &[u8], len: usize) -> u64 {
    use rayon::prelude::*;
    const ONES: u64 = 0x1111_1111_1111_1111;
    let whole = len / 2;
    let bulk: u64 = excess[..whole]
        .par_chunks(1 << 16)
        .map(|chunk| {
            let words = chunk.chunks_exact(8);
            let tail: u64 = words
                .remainder()
                .iter()
                .map(|&x| u64::from(x & 0xf == 0xf) + u64::from(x >> 4 == 0xf))
                .sum();
            words
                .map(|w| {
                    let x = u64::from_le_bytes(w.try_into().expect("8 bytes"));
                    u64::from((x & (x >> 1) & (x >> 2) & (x >> 3) & ONES).count_ones())
                })
                .sum::<u64>()
                + tail
        })
        .sum();
    bulk + u64::from(len % 2 == 1 && nibble(excess, len - 1) == ESCAPE)
}

/// For a pattern of every tile: whether the placement can reach the goal.
fn reachable(b: &Board, tiles: &[u8], cells: &[usize], goal: &Arrangement) -> bool {
    let mut grid = vec![0u8; b.cells()];
    for (&t, &c) in tiles.iter().zip(cells) {
        grid[c] = t;
    }
    b.arrangement(&grid)
        .map(|a| b.is_solvable(&a, goal))
        .unwrap_or(false)
}

/// Checks that a partition's tile sets are disjoint and cover the tiles.
pub fn is_partition(sets: &[Vec<u8>], tiles: usize) -> bool {
    let mut seen = vec![false; tiles + 1];
    for s in sets {
        for &t in s {
            if t == 0 || usize::from(t) > tiles || seen[usize::from(t)] {
                return false;
            }
            seen[usize::from(t)] = true;
        }
    }
    seen[1..].iter().all(|&x| x)
}

/// One database looked up on one set of tiles: the database's own tiles
/// (a regular view) or the tiles whose goal cells are their reflections
/// (a reflected view).
#[derive(Debug, Clone)]
pub(crate) struct View {
    /// Which database of the partition.
    pub(crate) db: usize,
    /// The tiles whose cells, in this order, make the placement.
    pub(crate) sources: Vec<u8>,
}

/// The sum of some views' excesses.
pub(crate) fn excess_sum(views: &[u8]) -> u32 {
    views.iter().map(|&e| u32::from(e)).sum()
}

/// A partition's databases set up for estimating whole arrangements: each
/// database looked up on its own tiles, and, when the board is square and
/// the blank's goal cell lies on the main diagonal, looked up again on the
/// arrangement reflected about that diagonal (the reflection carries the
/// goal to itself, so both sums are admissible and so is the larger).
/// A* estimates each vertex with [`Lookups::estimate`]; IDA* keeps the
/// values and updates only the database of the tile that moved.
///
/// Each view gives its database's *excess* (see [`PatternDb`]); the views
/// of either kind cover every tile once, and the reflection keeps each
/// tile's Manhattan distance, so both sums are the whole arrangement's
/// Manhattan distance plus twice the excesses, and the estimate is
/// `manhattan + 2 · max(regular excesses, reflected excesses)`.
///
/// ```
/// use schofield::board::Board;
/// use schofield::search::pdb::{Lookups, Partition};
/// let b: Board = "3x3".parse().unwrap();
/// let goal = b.goal_blank_first();
/// let p = Partition::of_sets(&b, &goal, &[&[1, 2, 3, 4], &[5, 6, 7, 8]]);
/// let lookups = Lookups::new(&p);
/// assert!(lookups.reflects());
/// assert_eq!(lookups.estimate(goal.cells()), 0);
/// let near = b.parse_arrangement("1_2/345/678").unwrap();
/// assert_eq!(lookups.estimate(near.cells()), 1);
/// ```
#[derive(Debug, Clone)]
pub struct Lookups<'a> {
    /// The databases.
    pub(crate) dbs: Vec<&'a PatternDb>,
    /// `distance[t][c]`: the Manhattan distance of tile `t` on cell `c`
    /// from its goal cell (0 for the blank).
    pub(crate) distance: Box<[[u8; 16]; 16]>,
    /// One regular view per database.
    pub(crate) regular: Vec<View>,
    /// One reflected view per database.
    pub(crate) reflected: Vec<View>,
    /// Whether the reflected views are sound (and so used).
    pub(crate) reflect: bool,
    /// The regular view each tile belongs to.
    pub(crate) regular_of: [usize; 16],
    /// The reflected view each tile belongs to.
    pub(crate) reflected_of: [usize; 16],
    /// Whether a tile's reflected view lies in a smaller database than its
    /// regular view (so it misses the cache less often, and a search
    /// looks it up first).
    pub(crate) reflected_first: [bool; 16],
    /// The reflection of each cell about the main diagonal.
    pub(crate) transpose: [u8; 16],
}

impl<'a> Lookups<'a> {
    /// Sets up the lookups of `part`'s databases.
    pub fn new(part: &'a Partition) -> Lookups<'a> {
        let board = part.board();
        let goal = part.goal();
        let n = board.cells();
        let square = Symmetry::Transpose.fits(board);
        let mut transpose = [0u8; 16];
        for (c, x) in transpose.iter_mut().enumerate().take(n) {
            *x = if square {
                Symmetry::Transpose.cell(board, c) as u8
            } else {
                c as u8
            };
        }
        let mut goal_cell = [0u8; 16];
        for (c, &t) in goal.cells().iter().enumerate() {
            goal_cell[usize::from(t)] = c as u8;
        }
        let blank_goal = usize::from(goal_cell[0]);
        let reflect = square && usize::from(transpose[blank_goal]) == blank_goal;
        // The tile whose goal cell is the reflection of tile t's.
        let mut mirror = [0u8; 16];
        for (t, m) in mirror.iter_mut().enumerate().take(n) {
            *m = goal.cells()[usize::from(transpose[usize::from(goal_cell[t])])];
        }
        let mut distance = Box::new([[0u8; 16]; 16]);
        for (t, row) in distance.iter_mut().enumerate().take(n).skip(1) {
            for (c, d) in row.iter_mut().enumerate().take(n) {
                *d = board.manhattan(c, usize::from(goal_cell[t])) as u8;
            }
        }
        let mut l = Lookups {
            dbs: Vec::new(),
            distance,
            regular: Vec::new(),
            reflected: Vec::new(),
            reflect,
            regular_of: [0; 16],
            reflected_of: [0; 16],
            reflected_first: [false; 16],
            transpose,
        };
        for (i, db) in part.dbs.iter().enumerate() {
            l.dbs.push(db);
            l.regular.push(View {
                db: i,
                sources: db.tiles().to_vec(),
            });
            l.reflected.push(View {
                db: i,
                sources: db.tiles().iter().map(|&u| mirror[usize::from(u)]).collect(),
            });
            for &t in db.tiles() {
                l.regular_of[usize::from(t)] = i;
                l.reflected_of[usize::from(mirror[usize::from(t)])] = i;
            }
        }
        if reflect {
            let size = |v: &View| l.dbs[v.db].len();
            for t in 0..16 {
                l.reflected_first[t] =
                    size(&l.reflected[l.reflected_of[t]]) < size(&l.regular[l.regular_of[t]]);
            }
        }
        l
    }

    /// True when the reflected lookups are used.
    pub fn reflects(&self) -> bool {
        self.reflect
    }

    /// The excess of one view, given each tile's cell (`pos[t]`).
    #[inline]
    pub(crate) fn value(&self, v: &View, reflected: bool, pos: &[u8; 16]) -> u8 {
        let mut cells = [0u8; 16];
        for (i, &t) in v.sources.iter().enumerate() {
            let c = pos[usize::from(t)];
            cells[i] = if reflected {
                self.transpose[usize::from(c)]
            } else {
                c
            };
        }
        let db = self.dbs[v.db];
        let k = v.sources.len();
        let r = db.ranks().rank(cells[..k].iter().copied()) as usize;
        let e = nibble(&db.excess, r);
        if e < ESCAPE {
            e
        } else {
            db.excess_of(&cells[..k])
        }
    }

    /// The Manhattan distance of the arrangement with each tile's cell
    /// `pos[t]`.
    pub(crate) fn manhattan(&self, pos: &[u8; 16]) -> u32 {
        self.distance
            .iter()
            .zip(pos)
            .map(|(row, &c)| u32::from(row[usize::from(c)]))
            .sum()
    }

    /// The excesses of every regular view and every reflected view.
    pub(crate) fn values(&self, pos: &[u8; 16]) -> (Vec<u8>, Vec<u8>) {
        (
            self.regular
                .iter()
                .map(|v| self.value(v, false, pos))
                .collect(),
            self.reflected
                .iter()
                .map(|v| self.value(v, true, pos))
                .collect(),
        )
    }

    /// The estimate from the Manhattan distance and the views' excesses:
    /// the regular sum, or the larger of the two sums when the reflection
    /// is used, doubled, on top of the Manhattan distance. With no
    /// reflected excesses given, the regular sum alone (a lower estimate,
    /// still admissible).
    #[inline]
    pub(crate) fn combine(&self, manhattan: u32, regular: &[u8], reflected: &[u8]) -> u32 {
        self.combine_sums(manhattan, excess_sum(regular), excess_sum(reflected))
    }

    /// [`Lookups::combine`] from the two sums of excesses, for a search
    /// that keeps them as it goes.
    #[inline]
    pub(crate) fn combine_sums(&self, manhattan: u32, regular: u32, reflected: u32) -> u32 {
        let e = if self.reflect {
            regular.max(reflected)
        } else {
            regular
        };
        manhattan + 2 * e
    }

    /// The estimate for the arrangement whose cells are `cells` (0 the
    /// blank): at most the number of moves to the partition's goal.
    pub fn estimate(&self, cells: &[u8]) -> u32 {
        let mut pos = [0u8; 16];
        for (c, &t) in cells.iter().enumerate().take(16) {
            pos[usize::from(t) & 15] = c as u8;
        }
        let (regular, reflected) = self.values(&pos);
        self.combine(self.manhattan(&pos), &regular, &reflected)
    }
}
