//! A space's move tables: for each coordinate the table of what every move
//! does to it (16 or 32 bits an entry), a whole-space table when the space
//! is small, and blocks of the leading coordinates that step together.

use super::coordinate::packed_in_order;
use super::*;

impl Space {
    pub(super) fn build_tables(&mut self, c: usize) {
        let nm = self.moves.len();
        let coord = &self.coords[c];
        let s = coord.slots.len();
        // Each move on the coordinate's own places: where each place's
        // piece comes from, and the orientation it gains there.
        let (local, gains): (Vec<Vec<usize>>, Vec<Vec<u8>>) = self
            .moves
            .iter()
            .map(|m| {
                coord
                    .slots
                    .iter()
                    .map(|&g| {
                        let from = coord
                            .slots
                            .iter()
                            .position(|&x| x == m.src[usize::from(g)])
                            .expect("a move keeps each group orbit");
                        (from, m.gain[usize::from(g)])
                    })
                    .unzip()
            })
            .unzip();
        let mut perm_table = MoveTable::zeroed(coord.perm_count, nm);
        let mut packed = None;
        if let (Some(ranker), true) = (coord.ranker, s <= 8) {
            // Arrangements in rank order, packed three bits an entry.
            let all = packed_in_order(s, coord.kind);
            // Each move as the fields it moves, `(to, from)` bit offsets,
            // padded to one length with fields that stay (a loop of fixed
            // length, which the compiler unrolls); the table is written a
            // row at a time.
            let moved: Vec<Vec<(u32, u32)>> = local
                .iter()
                .map(|l| {
                    l.iter()
                        .enumerate()
                        .filter(|&(k, &src)| k != src)
                        .map(|(k, &src)| (3 * k as u32, 3 * src as u32))
                        .collect()
                })
                .collect();
            match &mut perm_table {
                MoveTable::Small(t) => fill_rows(all, ranker, t, nm, &moved),
                MoveTable::Large(t) => fill_rows(all, ranker, t, nm, &moved),
            }
            packed = Some(all);
        } else {
            match &mut perm_table {
                MoveTable::Small(t) => fill_any(coord, &local, t, nm),
                MoveTable::Large(t) => fill_any(coord, &local, t, nm),
            }
        }
        let mut ori_table = MoveTable::zeroed(coord.ori_count, nm);
        if coord.ori_count > 1 {
            let mut o = vec![0u8; s];
            let mut out = vec![0u8; s];
            let md = u16::from(coord.modulus);
            for w in 0..coord.ori_count {
                coord.unrank_ori(w, &mut o);
                for (m, l) in local.iter().enumerate() {
                    for (k, &src) in l.iter().enumerate() {
                        out[k] = ((u16::from(o[src]) + u16::from(gains[m][k])) % md) as u8;
                    }
                    ori_table.set(w as usize * nm + m, coord.rank_ori(&out) as u32);
                }
            }
        }
        let ori_packed = (s <= 8 && coord.ori_count > 1 && coord.ori_count <= 1 << 16).then(|| {
            let mut o = [0u8; 8];
            (0..coord.ori_count)
                .map(|w| {
                    coord.unrank_ori(w, &mut o[..s]);
                    o[..s]
                        .iter()
                        .enumerate()
                        .fold(0u64, |acc, (k, &v)| acc | u64::from(v) << (8 * k))
                })
                .collect()
        });
        let coord = &mut self.coords[c];
        coord.ori_packed = ori_packed;
        coord.perm_table = perm_table;
        coord.ori_table = ori_table;
        coord.packed = packed;
    }

    /// The whole move table, `table[x * moves + m]` the position move `m`
    /// reaches from `x`, when a position's number is its only coordinate's
    /// value (the eight- and five-puzzles).
    pub fn direct_table(&self) -> Option<&MoveTable> {
        let [d] = self.digits.as_slice() else {
            return None;
        };
        let c = &self.coords[d.coord];
        Some(if d.ori { &c.ori_table } else { &c.perm_table })
    }

    /// The positions in blocks: a block is every value of the least
    /// significant digit (a position's number is `block × size + inner`),
    /// and a move takes a block's positions into one block, each by its
    /// inner value alone. Returns the block size and the inner digit's move
    /// table (`at(inner × moves + m)`).
    pub fn blocks(&self) -> Option<(u64, &MoveTable)> {
        let d = self.digits.first()?;
        let c = &self.coords[d.coord];
        Some((
            d.radix.get(),
            if d.ori { &c.ori_table } else { &c.perm_table },
        ))
    }

    /// The first position of the block that move `m` takes block `b` into
    /// (see [`Space::blocks`]): the outer digits worked through.
    #[inline]
    pub fn block_step(&self, b: u64, m: usize) -> u64 {
        self.step_digits(&self.digits[1..], b, m)
    }

    /// Move `m` on the number whose digits, least significant first, are
    /// `digits` of a position: each digit looked up in its coordinate's
    /// table and placed at its stride.
    #[inline]
    pub(super) fn step_digits(&self, digits: &[Digit], index: u64, m: usize) -> u64 {
        let nm = self.moves.len();
        let mut rest = index;
        let mut out = 0u64;
        for d in digits {
            let (q, r) = d.radix.div_rem(rest);
            rest = q;
            let c = &self.coords[d.coord];
            let table = if d.ori { &c.ori_table } else { &c.perm_table };
            out += u64::from(table.at(r as usize * nm + m)) * d.stride;
        }
        out
    }
}

/// A move table: `at(x * moves + m)` is the value move `m` makes of value
/// `x`; two bytes an entry when every value fits (all arrangements of at
/// most eight pieces), else four.
#[derive(Debug, Clone)]
pub enum MoveTable {
    /// Values below 65 536.
    Small(Vec<u16>),
    /// Larger values.
    Large(Vec<u32>),
}

impl MoveTable {
    pub(super) fn zeroed(values: u64, moves: usize) -> MoveTable {
        let n = values as usize * moves;
        if values <= 1 << 16 {
            MoveTable::Small(vec![0; n])
        } else {
            MoveTable::Large(vec![0; n])
        }
    }

    /// Entry `i`.
    #[inline(always)]
    pub fn at(&self, i: usize) -> u32 {
        match self {
            MoveTable::Small(t) => u32::from(t[i]),
            MoveTable::Large(t) => t[i],
        }
    }

    pub(super) fn set(&mut self, i: usize, v: u32) {
        match self {
            MoveTable::Small(t) => t[i] = v as u16,
            MoveTable::Large(t) => t[i] = v,
        }
    }
}

/// An entry of a move table.
trait Entry: Copy {
    fn of(v: u32) -> Self;
}

impl Entry for u16 {
    #[inline(always)]
    fn of(v: u32) -> u16 {
        v as u16
    }
}

impl Entry for u32 {
    #[inline(always)]
    fn of(v: u32) -> u32 {
        v
    }
}

/// Fills a move table over packed arrangements (`all`, in rank order) row
/// by row; each move is the fields it moves.
fn fill_rows<T: Entry>(
    all: &[u32],
    ranker: SmallRanker,
    table: &mut [T],
    nm: usize,
    moved: &[Vec<(u32, u32)>],
) {
    match moved.iter().map(Vec::len).max().unwrap_or(0) {
        0..=2 => fill_fixed::<T, 2>(all, ranker, table, nm, moved),
        3 => fill_fixed::<T, 3>(all, ranker, table, nm, moved),
        4 => fill_fixed::<T, 4>(all, ranker, table, nm, moved),
        5 => fill_fixed::<T, 5>(all, ranker, table, nm, moved),
        6 => fill_fixed::<T, 6>(all, ranker, table, nm, moved),
        7 => fill_fixed::<T, 7>(all, ranker, table, nm, moved),
        _ => fill_fixed::<T, 8>(all, ranker, table, nm, moved),
    }
}

/// [`fill_rows`] for moves of at most `K` fields each, padded with a field
/// the move does not write (a loop of fixed length, which the compiler
/// unrolls).
fn fill_fixed<T: Entry, const K: usize>(
    all: &[u32],
    ranker: SmallRanker,
    table: &mut [T],
    nm: usize,
    moved: &[Vec<(u32, u32)>],
) {
    let fixed: Vec<([(u32, u32); K], u32)> = moved
        .iter()
        .map(|m| {
            // Or-ing a field it does not write into itself changes nothing.
            let still = (0..8u32)
                .find(|k| m.iter().all(|&(to, _)| to != 3 * k))
                .unwrap_or(7);
            let mut f = [(3 * still, 3 * still); K];
            for (slot, &pair) in f.iter_mut().zip(m) {
                *slot = pair;
            }
            let keep = m.iter().fold(u32::MAX, |acc, &(to, _)| acc & !(7 << to));
            (f, keep)
        })
        .collect();
    for (row, &f) in table.chunks_exact_mut(nm).zip(all) {
        for (out, (pairs, keep)) in row.iter_mut().zip(&fixed) {
            let mut g = f & keep;
            for &(to, from) in pairs {
                g |= ((f >> from) & 7) << to;
            }
            *out = T::of(ranker.rank_fields(g));
        }
    }
}

/// Fills a move table for any coordinate, a run of values at a time on
/// every core: each value is unranked, moved and each image ranked.
fn fill_any<T: Entry + Send>(coord: &Coordinate, local: &[Vec<usize>], table: &mut [T], nm: usize) {
    use rayon::prelude::*;
    const RUN: usize = 4096;
    let s = coord.slots.len();
    table
        .par_chunks_mut(RUN * nm)
        .enumerate()
        .for_each(|(chunk, rows)| {
            let mut arr = vec![0u8; s];
            let mut out = vec![0u8; s];
            for (i, row) in rows.chunks_exact_mut(nm).enumerate() {
                coord.unrank_perm((chunk * RUN + i) as u64, &mut arr);
                for (entry, l) in row.iter_mut().zip(local) {
                    for (o, &src) in out.iter_mut().zip(l) {
                        *o = arr[src];
                    }
                    *entry = T::of(coord.rank_perm(&out) as u32);
                }
            }
        });
}
