//! The reachable half of a board's arrangements numbered densely: ranks
//! of arrangements (the blank's cell, then the tiles' order among the
//! tiles, a vertical move being a [`Jump`] of one tile in that order) and
//! the move tables over them, which the byte breadth-first search, the
//! lookup table and the two-bit search run on.

use super::*;
use crate::perm::nibble;
/// The reachable half of a board's arrangements, as seen from a goal: a
/// compact index `0 … n!/2` for each arrangement that reaches the goal.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct BoardSpace {
    board: Board,
    goal: Arrangement,
    invariant: bool,
    per_blank: u64,
}

impl BoardSpace {
    /// The arrangements that `goal` reaches.
    pub fn new(board: Board, goal: Arrangement) -> BoardSpace {
        let invariant = board.invariant(&goal);
        let per_blank = perm::factorial(board.cells() - 1) / 2;
        BoardSpace {
            board,
            goal,
            invariant,
            per_blank,
        }
    }

    /// The board.
    pub fn board(&self) -> &Board {
        &self.board
    }

    /// The goal.
    pub fn goal(&self) -> &Arrangement {
        &self.goal
    }

    /// The number of reachable arrangements, `n!/2`.
    pub fn len(&self) -> usize {
        (self.per_blank * self.board.cells() as u64) as usize
    }

    /// Never empty.
    pub fn is_empty(&self) -> bool {
        false
    }

    /// True when `a` reaches the goal.
    pub fn reaches(&self, a: &Arrangement) -> bool {
        self.board.invariant(a) == self.invariant
    }

    /// The compact index of a reachable arrangement.
    pub fn index(&self, a: &Arrangement) -> usize {
        let tiles = a.tile_order();
        (a.blank() as u64 * self.per_blank + perm::even_rank(&tiles)) as usize
    }

    /// The tile parity (odd?) an arrangement with the blank on `cell` needs.
    pub(crate) fn tile_parity(&self, cell: usize) -> bool {
        self.invariant ^ self.board.row_parity(cell)
    }

    /// The reachable arrangement with compact index `i`.
    pub fn arrangement(&self, i: usize) -> Arrangement {
        let blank = i / self.per_blank as usize;
        let r = (i % self.per_blank as usize) as u64;
        let m = self.board.cells() - 1;
        let mut tiles = perm::lex_unrank(2 * r, m);
        perm::set_parity(&mut tiles, self.tile_parity(blank));
        let mut cells = Vec::with_capacity(m + 1);
        let mut t = tiles.into_iter();
        for c in 0..=m {
            cells.push(if c == blank {
                0
            } else {
                t.next().expect("m tiles") + 1
            });
        }
        Arrangement(cells)
    }

    /// Breadth-first search from the goal over tile moves: the distance of
    /// every reachable arrangement, one byte each, by compact index.
    ///
    /// A state is the tiles' reading order packed in nibbles with its tile
    /// rank, and the frontier is kept in one bucket per blank cell. A
    /// bucket's moves are the same for all its states, so each move runs
    /// over the whole bucket with its target bucket and its jump (the
    /// tile's shift in the order) fixed: a horizontal move leaves the order
    /// and the rank alone, a vertical one carries one tile across
    /// `cols − 1` others and the tiles are ranked again.
    ///
    /// Its tables take [`BoardSpace::distance_table_bytes`] bytes, allocated
    /// fallibly: `None` when they cannot be had.
    ///
    /// Those tables never pass `budget` bytes: the entries are counted
    /// before they are taken, and the frontiers as they grow, so a build
    /// past the budget is `None` before or during the search, never an
    /// allocation past it.
    pub fn distance_table(&self, budget: u64) -> Option<Vec<u8>> {
        let m = self.board.cells() - 1;
        let ranks = tile_ranks(m)?;
        // Boards of up to 9 cells rank from two small tables.
        match perm::SmallRanker::even(m) {
            Some(fast) => self.breadth_first(|list| fast.rank_packed(list), budget),
            None => self.breadth_first(|list| ranks.rank_packed(list), budget),
        }
    }

    /// [`BoardSpace::distance_table`] with `rank` the tile rank of a packed order.
    fn breadth_first(&self, rank: impl Fn(u64) -> u32, budget: u64) -> Option<Vec<u8>> {
        let n = self.board.cells();
        let per_blank = self.per_blank as usize;
        let (horizontal, vertical) = move_tables(&self.board);
        // The bytes held: the entries, then every frontier slot reserved.
        let mut held = self.len() as u64;
        if held > budget {
            return None;
        }
        let mut dist = try_filled(self.len(), u8::MAX)?;
        let start = self.index(&self.goal);
        dist[start] = 0;
        // Each bucket is written past its used length `fill`, which
        // advances only for a new state, so the unpredictable "seen
        // before?" is not a branch. The buckets grow (fallibly) with the
        // largest layer, so memory never touched is never written.
        let mut frontier: Vec<Vec<(u64, u32)>> = vec![Vec::new(); n];
        let mut next: Vec<Vec<(u64, u32)>> = vec![Vec::new(); n];
        let mut fill = vec![0usize; n];
        let mut next_fill = vec![0usize; n];
        frontier[self.goal.blank()]
            .push((pack(&self.goal) & LIST_MASK, (start % per_blank) as u32));
        fill[self.goal.blank()] = 1;
        let mut depth = 0u8;
        while fill.iter().any(|&f| f > 0) {
            let d = depth + 1;
            next_fill.fill(0);
            for blank in 0..n {
                let states = &frontier[blank][..fill[blank]];
                if states.is_empty() {
                    continue;
                }
                // One move of every state of the bucket into bucket `to`.
                let mut spread = |to: usize, step: &dyn Fn(u64, u32) -> (u64, u32)| {
                    let out = &mut next[to];
                    let mut k = next_fill[to];
                    let want = k + states.len();
                    if out.len() < want {
                        held += ((want - out.len()) * std::mem::size_of::<(u64, u32)>()) as u64;
                        if held > budget {
                            return None;
                        }
                        out.try_reserve_exact(want - out.len()).ok()?;
                        out.resize(want, (0, 0));
                    }
                    let seen = &mut dist[to * per_blank..(to + 1) * per_blank];
                    for &(list, r) in states {
                        let (list, r) = step(list, r);
                        let e = &mut seen[r as usize];
                        let fresh = *e == u8::MAX;
                        *e = if fresh { d } else { *e };
                        out[k] = (list, r);
                        k += usize::from(fresh);
                    }
                    next_fill[to] = k;
                    Some(())
                };
                for &to in &horizontal[blank] {
                    spread(to, &|list, r| (list, r))?;
                }
                for &(to, jump) in &vertical[blank] {
                    spread(to, &|list, _| {
                        let moved = jump.apply(list);
                        (moved, rank(moved))
                    })?;
                }
            }
            std::mem::swap(&mut frontier, &mut next);
            std::mem::swap(&mut fill, &mut next_fill);
            depth += 1;
        }
        Some(dist)
    }

    /// The bytes [`BoardSpace::distance_table`] needs: a byte per state and two
    /// frontier buffers of 16 bytes per state.
    pub fn distance_table_bytes(&self) -> u64 {
        self.len() as u64 * (1 + 2 * 16)
    }
}

// Every large table of the board family is made fallibly, by the one
// helper ([`crate::memory`]).
pub(crate) use crate::memory::{try_filled, try_vec_with};

/// For each blank cell: the cells a horizontal move takes it to (the tiles'
/// order is unchanged), and for each vertical move the cell with the
/// [`Jump`] the moving tile makes in the tiles' order. The searches over
/// packed states use them, so that no division is left in their inner
/// loops.
pub(crate) type MoveTables = (Vec<Vec<usize>>, Vec<Vec<(usize, Jump)>>);

/// Builds the [`MoveTables`] of a board.
pub(crate) fn move_tables(b: &Board) -> MoveTables {
    let n = b.cells();
    let horizontal = (0..n)
        .map(|c| {
            [Direction::Left, Direction::Right]
                .into_iter()
                .filter_map(|d| b.step(c, d))
                .collect()
        })
        .collect();
    let vertical = (0..n)
        .map(|c| {
            [Direction::Up, Direction::Down]
                .into_iter()
                .filter_map(|d| b.step(c, d))
                .map(|to| {
                    if to > c {
                        // The tile at list index to − 1 moves to index c.
                        (to, Jump::new(to - 1, c))
                    } else {
                        // The tile at list index to moves to index c − 1.
                        (to, Jump::new(to, c - 1))
                    }
                })
                .collect()
        })
        .collect();
    (horizontal, vertical)
}

/// A vertical move seen in the tiles' reading order (a list packed in
/// nibbles): the moving tile's nibble goes from one index to another and
/// the nibbles between shift one place to close the gap. Its masks are
/// worked out once, so that applying it is a handful of shifts and masks.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub(crate) struct Jump {
    /// The nibbles that stay where they are.
    keep: u64,
    /// The nibbles between, which shift up one place…
    up: u64,
    /// …or down one place.
    down: u64,
    /// The moving nibble's place before and after, in bits.
    from: u32,
    to: u32,
}

impl Jump {
    /// The jump of the nibble at index `from` to index `to` (both below 16).
    pub(crate) fn new(from: usize, to: usize) -> Jump {
        // The nibbles lo ..= hi (inclusive).
        let span =
            |lo: usize, hi: usize| -> u64 { (lo..=hi).fold(0u64, |m, i| m | 0xf << (4 * i)) };
        let (lo, hi) = (from.min(to), from.max(to));
        let between = if from > to {
            span(to, from - 1)
        } else if from < to {
            span(from + 1, to)
        } else {
            0
        };
        Jump {
            keep: !span(lo, hi),
            up: if from > to { between } else { 0 },
            down: if from < to { between } else { 0 },
            from: 4 * from as u32,
            to: 4 * to as u32,
        }
    }

    /// The list after the jump.
    #[inline(always)]
    pub(crate) fn apply(self, list: u64) -> u64 {
        (list & self.keep)
            | ((list >> self.from) & 0xf) << self.to
            | (list & self.up) << 4
            | (list & self.down) >> 4
    }

    /// The rank after the jump of the list `list` of rank `r`, from the
    /// digits that change instead of ranking afresh. `digits` holds every
    /// Lehmer digit of `list` in nibbles (digit `i`: the entries after
    /// place `i` smaller than entry `i`), and `weights[i]` is digit `i`'s
    /// weight in the rank (0 for digits the rank leaves out).
    ///
    /// Only the digits of the places the jump spans change. When entry `x`
    /// moves from place `f` back to place `t`, the entries it passes lose
    /// it from their after-sets (one less for each larger than `x`), and
    /// `x` gains them (one more for each smaller); moving forward is the
    /// mirror image.
    #[inline]
    pub(crate) fn rerank(self, r: u32, list: u64, digits: u64, weights: &[u32; 16]) -> u32 {
        let (f, t) = ((self.from / 4) as usize, (self.to / 4) as usize);
        let x = nibble(list, f);
        let d = |i: usize| nibble(digits, i) as u32;
        let mut r = r.wrapping_sub(d(f).wrapping_mul(weights[f]));
        let mut passed_smaller = 0u32;
        if f > t {
            for j in t..f {
                let y = nibble(list, j);
                passed_smaller += u32::from(y < x);
                let shifted = d(j) - u32::from(x < y);
                r = r
                    .wrapping_sub(d(j).wrapping_mul(weights[j]))
                    .wrapping_add(shifted.wrapping_mul(weights[j + 1]));
            }
            r.wrapping_add((d(f) + passed_smaller).wrapping_mul(weights[t]))
        } else {
            for j in f + 1..=t {
                let y = nibble(list, j);
                passed_smaller += u32::from(y < x);
                let shifted = d(j) + u32::from(x < y);
                r = r
                    .wrapping_sub(d(j).wrapping_mul(weights[j]))
                    .wrapping_add(shifted.wrapping_mul(weights[j - 1]));
            }
            r.wrapping_add((d(f) - passed_smaller).wrapping_mul(weights[t]))
        }
    }
}

/// The low 60 bits: up to 15 tiles as nibbles.
pub(crate) const LIST_MASK: u64 = (1 << 60) - 1;

/// Packs the tiles' reading order (values `t − 1`) into nibbles, the blank's
/// cell into the top nibble.
pub(crate) fn pack(a: &Arrangement) -> u64 {
    let mut list = 0u64;
    let mut k = 0;
    for &t in &a.0 {
        if t != 0 {
            list |= u64::from(t - 1) << (4 * k);
            k += 1;
        }
    }
    list | (a.blank() as u64) << 60
}

/// The ranks of the tiles' orders with `m` tiles: Schofield's sequence
/// numbers ([`Lehmer::even`]), in 32 bits (boards of up to 14 cells).
pub(crate) fn tile_ranks(m: usize) -> Option<Lehmer<u32>> {
    Lehmer::even(m)
}

/// The inverse of [`Lehmer::rank_packed`] for [`tile_ranks`]: the `m`
/// nibbles (values `0 … m−1`) whose sequence number is `r`, with the parity
/// `odd` (true for an odd permutation). Of the two orders sharing a
/// sequence number, which differ in their last two entries, it picks the
/// one with that parity.
#[inline]
pub(crate) fn half_unrank(r: u64, m: usize, ranks: &Lehmer<u32>, odd: bool) -> u64 {
    let r = u32::try_from(r).expect("a rank below the count of 32-bit ranks");
    half_from_digits(ranks.digits(r), m, odd)
}

/// [`half_unrank`] from the Lehmer digits of the first `m − 2` entries,
/// packed in nibbles (as [`perm::Unranker::digits`] gives them, without a
/// division), with none past them.
#[inline]
pub(crate) fn half_from_digits(digits: u64, m: usize, odd: bool) -> u64 {
    Placing::START.take(digits, 0, m - 2).finish(m, odd, digits)
}

/// A tile order being built from its Lehmer digits, place by place: the
/// entries placed so far and the values still free (in nibbles, in order).
/// Sixteen bytes, so that a table of them (the census's leading places)
/// stays small.
#[derive(Debug, Clone, Copy)]
pub(crate) struct Placing {
    list: u64,
    free: u64,
}

impl Placing {
    /// Nothing placed.
    pub(crate) const START: Placing = Placing {
        list: 0,
        free: 0xfedc_ba98_7654_3210,
    };

    /// Places entries `from … to − 1`: entry `i` is the `dᵢ`-th smallest
    /// value still free, `dᵢ` the nibble `i` of `digits`.
    #[inline]
    pub(crate) fn take(self, digits: u64, from: usize, to: usize) -> Placing {
        let Placing { mut list, mut free } = self;
        for i in from..to {
            let (value, rest) = perm::take_nth(free, (digits >> (4 * i)) & 0xf);
            list |= value << (4 * i);
            free = rest;
        }
        Placing { list, free }
    }

    /// The whole order of `m` entries with `m − 2` placed from the Lehmer
    /// digits `digits` (none past them): the last two values in the order
    /// that gives the parity `odd`. Each digit counts the inversions its entry makes with
    /// the entries after it, so the digits' sum has the parity of the
    /// placed entries' inversions, and that is the parity of the number of
    /// odd digits.
    #[inline]
    pub(crate) fn finish(self, m: usize, odd: bool, digits: u64) -> u64 {
        const LOW_BITS: u64 = 0x1111_1111_1111_1111;
        let (a, b) = (self.free & 0xf, (self.free >> 4) & 0xf);
        // a < b in order adds no inversion.
        let (x, y) = if ((digits & LOW_BITS).count_ones() % 2 == 1) == odd {
            (a, b)
        } else {
            (b, a)
        };
        self.list | x << (4 * (m - 2)) | y << (4 * (m - 1))
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn nibble_moves() {
        let l = 0x7654_3210u64;
        assert_eq!(Jump::new(5, 3).apply(l), 0x7643_5210);
        assert_eq!(Jump::new(3, 5).apply(l), 0x7635_4210);
        assert_eq!(Jump::new(4, 4).apply(l), l);
        // The first and the last of sixteen nibbles.
        let full = 0xfedc_ba98_7654_3210u64;
        assert_eq!(Jump::new(15, 0).apply(full), 0xedcb_a987_6543_210f);
        assert_eq!(Jump::new(0, 15).apply(full), 0x0fed_cba9_8765_4321);
    }

    #[test]
    fn a_jump_reranks_as_ranking_afresh_does() {
        // Every jump of up to six places (a row of the widest board) on
        // lists of 3 to 13 tiles (the census's boards, up to 14 cells),
        // each with a run of pseudo-random orders.
        let mut seed = 0x9e37_79b9_7f4a_7c15u64;
        for m in 3..=13 {
            let ranks = tile_ranks(m).unwrap();
            let mut weights = [0u32; 16];
            weights[..ranks.weights().len()].copy_from_slice(ranks.weights());
            for _ in 0..200 {
                // A random order of 0 … m − 1 (Fisher–Yates).
                let mut p: Vec<u8> = (0..m as u8).collect();
                for i in (1..m).rev() {
                    seed = seed.wrapping_mul(6_364_136_223_846_793_005).wrapping_add(1);
                    p.swap(i, (seed >> 33) as usize % (i + 1));
                }
                let list = crate::perm::pack_nibbles(&p);
                let digits = (0..m).fold(0u64, |a, i| {
                    let d = p[i + 1..].iter().filter(|&&y| y < p[i]).count() as u64;
                    a | d << (4 * i)
                });
                let r = ranks.rank_packed(list);
                for f in 0..m {
                    for t in f.saturating_sub(6)..(f + 7).min(m) {
                        let jump = Jump::new(f, t);
                        assert_eq!(
                            jump.rerank(r, list, digits, &weights),
                            ranks.rank_packed(jump.apply(list)),
                            "m = {m}, {p:?}, {f} -> {t}"
                        );
                    }
                }
            }
        }
    }

    #[test]
    fn half_unrank_inverts_half_rank() {
        let w = tile_ranks(8).unwrap();
        for r in (0..20_160u64).step_by(3) {
            for odd in [false, true] {
                let list = half_unrank(r, 8, &w, odd);
                assert_eq!(u64::from(w.rank_packed(list)), r);
                let p: Vec<u8> = (0..8).map(|i| ((list >> (4 * i)) & 0xf) as u8).collect();
                assert!(perm::is_permutation(&p));
                assert_eq!(perm::is_even(&p), !odd);
            }
        }
    }

    #[test]
    fn half_rank_matches_perm() {
        for r in (0..40_320u64).step_by(7) {
            let p = perm::lex_unrank(r, 8);
            let list = perm::pack_nibbles(&p);
            assert_eq!(u64::from(tile_ranks(8).unwrap().rank_packed(list)), r / 2);
        }
    }
}
