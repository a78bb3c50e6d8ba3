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
        // A coordinate too large for a table keeps each move on its slots
        // instead, and works a move out when it is asked.
        let (work_perm, work_ori) = (
            coord.perm_count > self.max_table,
            coord.ori_count > self.max_table,
        );
        let worked = (work_perm || work_ori).then(|| {
            Box::new(Worked {
                src: local.iter().flatten().map(|&k| k as u8).collect(),
                gain: gains.iter().flatten().copied().collect(),
                perm: work_perm,
                ori: work_ori,
            })
        });
        let tabulated = |values: u64, worked: bool| if worked { 0 } else { values };
        let mut perm_table = MoveTable::zeroed(tabulated(coord.perm_count, work_perm), nm);
        let mut packed = None;
        if work_perm {
            // Worked: no table.
        } else if let (Some(ranker), true) = (coord.ranker, s <= 8) {
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
        let mut ori_table = MoveTable::zeroed(tabulated(coord.ori_count, work_ori), nm);
        if coord.ori_count > 1 && !work_ori {
            fill_ori(coord, &local, &gains, &mut ori_table);
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
        coord.worked = worked;
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
        if c.is_worked(d.ori) {
            return None;
        }
        Some(if d.ori { &c.ori_table } else { &c.perm_table })
    }

    /// The positions in blocks: a block is every value of the least
    /// significant digit (a position's number is `block × size + inner`),
    /// and a move takes a block's positions into one block, each by its
    /// inner value alone. Returns the block size and the inner digit's move
    /// table (`at(inner × moves + m)`).
    /// When that digit is worked ([`MAX_TABLE`]), a block is one position:
    /// the size is 1 and the table's one value stays.
    pub fn blocks(&self) -> Option<(u64, &MoveTable)> {
        let d = self.digits.first()?;
        let c = &self.coords[d.coord];
        if c.is_worked(d.ori) {
            return Some((1, &self.unit));
        }
        Some((
            d.radix.get(),
            if d.ori { &c.ori_table } else { &c.perm_table },
        ))
    }

    /// The first position of the block that move `m` takes block `b` into
    /// (see [`Space::blocks`]): the outer digits worked through.
    #[inline]
    pub fn block_step(&self, b: u64, m: usize) -> u64 {
        match self.digits.first() {
            Some(d) if self.coords[d.coord].is_worked(d.ori) => {
                self.step_digits(&self.digits, b, m)
            }
            _ => self.step_digits(&self.digits[1..], b, m),
        }
    }

    /// The value move `m` makes of digit `k` (least significant first)
    /// when it is `v`: every digit moves by its own table, so the search
    /// by classes moves a position's digits without making its number
    /// and taking it apart again.
    #[inline(always)]
    pub(super) fn step_digit(&self, k: usize, v: u64, m: usize) -> u64 {
        let d = &self.digits[k];
        self.coords[d.coord].step(d.ori, v, m, self.moves.len())
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
            out += self.coords[d.coord].step(d.ori, r, m, nm) * d.stride;
        }
        out
    }
}

impl Coordinate {
    /// True when the digit (`ori`: the orientations, else the arrangement)
    /// is worked out move by move rather than read from a table.
    #[inline(always)]
    pub(super) fn is_worked(&self, ori: bool) -> bool {
        self.worked
            .as_ref()
            .is_some_and(|w| if ori { w.ori } else { w.perm })
    }

    /// The value move `m` (of `nm`) makes of the digit's value `v`.
    #[inline]
    pub(super) fn step(&self, ori: bool, v: u64, m: usize, nm: usize) -> u64 {
        if self.is_worked(ori) {
            let mut out = [0u64; 1];
            self.work(ori, v, m..m + 1, 1, &mut out);
            return out[0];
        }
        let table = if ori {
            &self.ori_table
        } else {
            &self.perm_table
        };
        u64::from(table.at(v as usize * nm + m))
    }

    /// Adds `stride` times the value each move makes of the worked digit's
    /// value `v` to `out` (as long as the moves): the pieces (or
    /// orientations) unranked once, moved and ranked once a move.
    #[inline]
    pub(super) fn step_all(&self, ori: bool, v: u64, stride: u64, out: &mut [u64]) {
        self.work(ori, v, 0..out.len(), stride, out);
    }

    /// [`Coordinate::step_all`] for the moves `moves`, into `out` in order.
    fn work(&self, ori: bool, v: u64, moves: std::ops::Range<usize>, stride: u64, out: &mut [u64]) {
        let w = self.worked.as_ref().expect("a worked coordinate");
        let s = self.slots.len();
        let mut arr = [0u8; MAX_WORKED_SLOTS];
        let mut moved = [0u8; MAX_WORKED_SLOTS];
        let md = u16::from(self.modulus.max(1));
        if ori {
            self.unrank_ori(v, &mut arr[..s]);
        } else {
            self.unrank_perm(v, &mut arr[..s]);
        }
        for (o, m) in out.iter_mut().zip(moves) {
            let src = &w.src[m * s..(m + 1) * s];
            if ori {
                let gain = &w.gain[m * s..(m + 1) * s];
                for k in 0..s {
                    moved[k] =
                        ((u16::from(arr[usize::from(src[k])]) + u16::from(gain[k])) % md) as u8;
                }
                *o += self.rank_ori(&moved[..s]) * stride;
            } else {
                for k in 0..s {
                    moved[k] = arr[usize::from(src[k])];
                }
                *o += self.rank_perm(&moved[..s]) * stride;
            }
        }
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

/// The move table of a coordinate's orientations: for each value and
/// move, the value the move leaves (each move on the coordinate's own
/// places, `local` the place each piece comes from and `gains` the turn it
/// gains there).
fn fill_ori(coord: &Coordinate, local: &[Vec<usize>], gains: &[Vec<u8>], table: &mut MoveTable) {
    let (s, nm) = (coord.slots.len(), local.len());
    let mut o = vec![0u8; s];
    let mut out = vec![0u8; s];
    let md = u16::from(coord.modulus);
    for w in 0..coord.ori_count {
        coord.unrank_ori(w, &mut o);
        for (m, l) in local.iter().enumerate() {
            for (k, &src) in l.iter().enumerate() {
                out[k] = ((u16::from(o[src]) + u16::from(gains[m][k])) % md) as u8;
            }
            table.set(w as usize * nm + m, coord.rank_ori(&out) as u32);
        }
    }
}

/// Fills a move table for any coordinate, a run of values at a time on
/// every core: each value's arrangement (stepped to from the one before)
/// moved, and each image ranked.
fn fill_any<T: Entry + Send>(coord: &Coordinate, local: &[Vec<usize>], table: &mut [T], nm: usize) {
    use rayon::prelude::*;
    const RUN: usize = 4096;
    let s = coord.slots.len();
    table
        .par_chunks_mut(RUN * nm)
        .enumerate()
        .for_each(|(chunk, rows)| {
            let mut out = vec![0u8; s];
            let mut rows = rows.chunks_exact_mut(nm);
            let first = (chunk * RUN) as u64;
            let values = first..first + rows.len() as u64;
            coord.for_each_arrangement(values, |_, arr| {
                let row = rows.next().expect("a row a value");
                for (entry, l) in row.iter_mut().zip(local) {
                    for (o, &src) in out.iter_mut().zip(l) {
                        *o = arr[src];
                    }
                    *entry = T::of(coord.rank_perm(&out) as u32);
                }
            });
        });
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::puzzle::{Metric, library};

    /// A space with every coordinate worked, none tabulated.
    fn worked(name: &str) -> (Space, Space) {
        let puzzle = library::get(name).expect("a library puzzle");
        let moves = puzzle.moves(Metric::Face, None).expect("its moves");
        let tabulated = Space::new(&puzzle, &moves).expect("its space");
        let worked = Space::build(&puzzle, &moves, None, 0).expect("its space, worked");
        (tabulated, worked)
    }

    /// Arrangements stepped to in order are those unranked, from any
    /// first value: full, even (of either parity), and of a multiset.
    #[test]
    fn arrangements_stepped_are_those_unranked() {
        // Identical pieces (a multiset), and an even arrangement whose
        // goal is odd, besides the library's.
        let made = |text: &str| {
            let puzzle = crate::puzzle::read::parse(
                "made.yaml",
                text,
                crate::puzzle::read::FileFormat::Yaml,
            )
            .expect("a puzzle");
            let moves = puzzle.moves(Metric::Face, None).expect("its moves");
            Space::build(&puzzle, &moves, None, 0).expect("its space, worked")
        };
        let twins = "name: twins\norbits: {A: {pieces: 7}}\ngoal: {A: {pieces: [0, 0, 1, 1, 1, 2, 2]}}\nmoves: {X: \"(0,1,2,3,4,5,6)\", Y: \"(0,1)\"}\n";
        let odd = "name: odd\norbits: {A: {pieces: 6}}\ngoal: {A: {pieces: [1, 0, 2, 3, 4, 5]}}\nmoves: {X: \"(0,1,2)\", Y: \"(1,2,3,4,5)\"}\n";
        let mut spaces = vec![made(twins), made(odd)];
        for name in ["eight", "corners", "pyraminx", "topspin", "squares"] {
            let puzzle = library::get(name).expect("a library puzzle");
            let moves = puzzle.moves(Metric::Face, None).expect("its moves");
            // Worked, so that no coordinate is packed (a packed one is
            // unranked by its table, not stepped).
            spaces.push(Space::build(&puzzle, &moves, None, 0).expect("its space, worked"));
        }
        let mut kinds = Vec::new();
        for (k, t) in spaces.iter().enumerate() {
            let name = format!("space {k}");
            for c in &t.coords {
                assert!(c.packed.is_none(), "{name}");
                kinds.push(c.kind);
                let n = c.perm_count;
                let s = c.slots.len();
                for start in [0, 1, n / 3, n.saturating_sub(5)] {
                    let end = n.min(start + 3000);
                    let mut seen = Vec::new();
                    c.for_each_arrangement(start..end, |v, arr| seen.push((v, arr.to_vec())));
                    assert_eq!(seen.len() as u64, end - start, "{name}");
                    let mut arr = vec![0u8; s];
                    for (v, got) in seen {
                        c.unrank_perm(v, &mut arr);
                        assert_eq!(got, arr, "{name}: value {v} of {n}, {:?}", c.kind);
                    }
                }
            }
        }
        assert!(kinds.contains(&Kind::Full), "{kinds:?}");
        assert!(kinds.contains(&Kind::Multiset), "{kinds:?}");
        assert!(kinds.contains(&Kind::Even { odd: false }), "{kinds:?}");
        assert!(kinds.contains(&Kind::Even { odd: true }), "{kinds:?}");
    }

    /// A worked coordinate makes the same moves as its table, through
    /// every way the searches step (a move, every move, blocks), on
    /// arrangements full, even and of a multiset, with orientations kept
    /// by their sum or free, and positions up to rotation.
    #[test]
    fn worked_coordinates_move_as_their_tables() {
        for name in [
            "eight", "corners", "2x2x2", "squares", "pyraminx", "topspin",
        ] {
            let (t, w) = worked(name);
            assert_eq!(t.len(), w.len(), "{name}");
            assert_eq!(t.goal_index(), w.goal_index(), "{name}");
            assert_eq!(w.table_bytes(), 0, "{name}");
            assert!(w.direct_table().is_none(), "{name}");
            let nm = t.move_count();
            let (size, inner) = w.blocks().expect("blocks");
            assert_eq!(size, 1, "{name}: a worked digit's block is one position");
            let (mut a, mut b) = (vec![0u64; nm], vec![0u64; nm]);
            let step = (t.len() / 20_000).max(1);
            for x in (0..t.len()).step_by(step as usize) {
                t.neighbours(x, &mut a);
                w.neighbours(x, &mut b);
                assert_eq!(a, b, "{name}: neighbours of {x}");
                for (m, &y) in a.iter().enumerate() {
                    assert_eq!(w.apply(x, m), y, "{name}: move {m} of {x}");
                    let block = w.block_step(x, m) + u64::from(inner.at(m));
                    assert_eq!(block, y, "{name}: block step {m} of {x}");
                }
            }
        }
    }
}
