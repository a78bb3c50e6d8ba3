//! The symmetry coordinate of a space of one *worked* coordinate: an
//! orbit of distinct pieces with more arrangements than a move table
//! holds (the 3×3×3's twelve edges: 12! arrangements, 2¹¹ flips).
//!
//! The general coordinate tabulates what each symmetry does to each
//! arrangement, which for 12! arrangements and 48 symmetries would take
//! about 90 GB. Here a conjugation is worked out on the pieces, as a
//! worked move is: the arrangement unranked once, each symmetry's image
//! read slot by slot (the piece relabelled, its orientation carried and
//! its gain added) and ranked again. What is tabulated is an entry an
//! arrangement, 32 bits: its class (in order of the classes' least
//! arrangements, their representatives) and a symmetry that takes it to
//! the representative. The table is made in one pass in rank order: an
//! arrangement not yet seen is a new class's representative, and its
//! images under every symmetry are marked with it.
//!
//! A position (arrangement, orientations) is reduced as the general
//! coordinate reduces one: its arrangement's entry names the class and a
//! symmetry, the orientations are conjugated by that symmetry, and a
//! representative that some symmetries fix (its *stabiliser*) takes the
//! least of its orientations' images under them. The state is `class ×
//! orientations + orientation value`.

use super::super::symmetry::SpaceSymmetry;
use super::super::*;
use super::action::{orbit_start, pieces_at};

/// The most slots the coordinate may have.
pub(super) const MOST_SLOTS: usize = 16;

/// An arrangement whose class is not yet known, while the table is made.
const UNSET: u32 = u32::MAX;

/// The bits of an entry's symmetry, below its class and the flag of a
/// representative some symmetry other than the identity fixes.
fn symmetry_bits(symmetries: usize) -> u32 {
    (usize::BITS - (symmetries.max(2) - 1).leading_zeros()).min(16)
}

/// The radices of coordinate `coord`'s own digits, least significant
/// first as the space orders them, and their strides in the number of the
/// coordinate's positions alone.
pub(super) fn own_digits(space: &Space, coord: usize) -> (Vec<Divisor>, Vec<u64>) {
    let radices: Vec<Divisor> = space
        .digits
        .iter()
        .filter(|d| d.coord == coord)
        .map(|d| d.radix)
        .collect();
    let strides = radices
        .iter()
        .scan(1u64, |s, r| {
            let here = *s;
            *s = s.saturating_mul(r.get());
            Some(here)
        })
        .collect();
    (radices, strides)
}

/// What one symmetry does to the coordinate's pieces: the slot `k`
/// takes the piece of slot `from[k]`, relabelled `dense[x]` (for the
/// piece `x`), turned by `gain[k · n + x]`, its own orientation negated
/// by a mirror.
#[derive(Debug, Clone)]
struct PieceAction {
    from: [u8; MOST_SLOTS],
    dense: [u8; MOST_SLOTS],
    gain: Vec<u8>,
    mirror: bool,
}

/// A position of the coordinate worked on: its pieces and their
/// orientations, slot by slot.
#[derive(Debug, Clone, Copy)]
struct Pieces {
    arr: [u8; MOST_SLOTS],
    ori: [u8; MOST_SLOTS],
}

/// The classes of a worked coordinate (see the module's text).
#[derive(Debug, Clone)]
pub(super) struct WorkedClasses {
    /// The coordinate, its slots and how many.
    coordinate: Coordinate,
    n: usize,
    /// True when the pieces turn (the orientations are a digit).
    turned: bool,
    /// How many orientation values: the stride of the class in a state.
    rest: u64,
    /// The bits of an entry's symmetry, below its class.
    sym_bits: u32,
    /// Each arrangement's class, whether the class's representative is
    /// fixed by more symmetries than the identity (the *fixed* bit), and
    /// a symmetry (`class << (sym_bits + 1) | fixed << sym_bits | s`):
    /// the stabiliser is looked up only for the few classes that have one.
    entries: Vec<u32>,
    /// Each class's representative arrangement.
    representatives: Vec<u32>,
    /// Each class's stabiliser: `stabilisers[starts[k] .. starts[k + 1]]`.
    starts: Vec<u32>,
    stabilisers: Vec<u16>,
    /// Symmetry by symmetry.
    actions: Vec<PieceAction>,
    /// The arrangement's digit and the orientations' (when they are one)
    /// among the space's, and their strides in a position's number (0
    /// for orientations that are no digit).
    perm_digit: usize,
    ori_digit: Option<usize>,
    perm_stride: u64,
    ori_stride: u64,
    /// The bytes of its tables, as planned.
    bytes: u64,
}

impl WorkedClasses {
    /// The bytes the classes of coordinate `coord` of `space`, taken alone
    /// whatever the other coordinates (a projection of the puzzle), would
    /// take under `symmetries`, when they apply: distinct pieces on at most
    /// [`MOST_SLOTS`] slots whose arrangements are worked, fewer than 2³²
    /// of them, not taken up to rotation, with room in an entry for the
    /// classes.
    pub(super) fn planned(space: &Space, coord: usize, symmetries: usize) -> Option<u64> {
        let c = space.coords.get(coord)?;
        let classes = c.perm_count.checked_div(symmetries as u64)? + 1;
        let fits = classes.saturating_mul(2) < 1u64 << (31 - symmetry_bits(symmetries));
        let applies = space.rotations.is_none()
            && c.is_worked(false)
            && c.kind != Kind::Multiset
            && c.slots.len() <= MOST_SLOTS
            && c.perm_count < u64::from(UNSET)
            && fits;
        // An entry an arrangement; a representative, a start and about a
        // stabiliser's symmetry a class.
        applies.then(|| c.perm_count * 4 + classes * 10)
    }

    /// The classes of `space`'s one coordinate under `symmetries` (as the
    /// space acts with them), where [`WorkedClasses::planned`] said they
    /// apply in `bytes`; `None` when the tables cannot be allocated, or a
    /// symmetry has no inverse among them.
    /// The positions are coordinate `coord`'s own, numbered by its own
    /// digits (least significant first, as the space orders them): for a
    /// space of that coordinate alone, the space's numbering.
    fn new(
        space: &Space,
        coord: usize,
        symmetries: &[SpaceSymmetry],
        bytes: u64,
    ) -> Option<WorkedClasses> {
        let c = &space.coords[coord];
        let n = c.slots.len();
        let first = orbit_start(space, c);
        let actions = symmetries
            .iter()
            .map(|sym| {
                let (dense, gain) = pieces_at(c, c, sym, first);
                let mut from = [0u8; MOST_SLOTS];
                for (k, &g) in c.slots.iter().enumerate() {
                    let x = sym.map.src[usize::from(g)];
                    from[k] = c.slots.iter().position(|&y| y == x)? as u8;
                }
                let mut d = [0u8; MOST_SLOTS];
                d[..dense.len()].copy_from_slice(&dense);
                Some(PieceAction {
                    from,
                    dense: d,
                    gain,
                    mirror: sym.map.mirror,
                })
            })
            .collect::<Option<Vec<_>>>()?;
        let own: Vec<&Digit> = space.digits.iter().filter(|d| d.coord == coord).collect();
        let digit = |ori: bool| own.iter().position(|d| d.ori == ori);
        let (_, strides) = own_digits(space, coord);
        let stride = |d: Option<usize>| d.map_or(0, |d| strides[d]);
        let (perm_digit, ori_digit) = (digit(false)?, digit(true));
        let turned = c.ori_count > 1 && ori_digit.is_some();
        let mut worked = WorkedClasses {
            coordinate: c.clone(),
            n,
            turned,
            rest: if turned { c.ori_count } else { 1 },
            sym_bits: symmetry_bits(symmetries.len()),
            entries: Vec::new(),
            representatives: Vec::new(),
            starts: vec![0],
            stabilisers: Vec::new(),
            actions,
            perm_digit,
            ori_digit,
            perm_stride: stride(Some(perm_digit)),
            ori_stride: stride(ori_digit),
            bytes,
        };
        worked.classify()?;
        Some(worked)
    }

    /// Makes the table of entries in one pass in rank order (see the
    /// module's text); `None` when it cannot be allocated or a symmetry
    /// has no inverse.
    fn classify(&mut self) -> Option<()> {
        let count = usize::try_from(self.coordinate.perm_count).ok()?;
        let inverse = self.inverses()?;
        let mut entries: Vec<u32> = Vec::new();
        entries.try_reserve_exact(count).ok()?;
        crate::memory::advise_huge_pages(&entries);
        entries.resize(count, UNSET);
        let most = 1u64 << (31 - self.sym_bits);
        let mut p = self.pieces(0, 0);
        let mut image = p;
        let mut images = vec![0usize; self.actions.len()];
        for v in 0..count {
            if entries[v] != UNSET {
                continue;
            }
            let k = self.representatives.len() as u32;
            if u64::from(k) + 1 >= most {
                return None;
            }
            self.representatives.push(v as u32);
            self.coordinate.unrank_perm(v as u64, &mut p.arr[..self.n]);
            // The images first, their entries asked of the memory, then
            // marked: the marks fall at random in a table of gigabytes.
            for (s, w) in images.iter_mut().enumerate() {
                self.conjugate_arrangement(s, &p, &mut image);
                *w = self.coordinate.rank_perm(&image.arr[..self.n]) as usize;
                crate::memory::prefetch(&entries[*w]);
            }
            let before = self.stabilisers.len();
            self.stabilisers.extend(
                (0..images.len())
                    .filter(|&s| images[s] == v)
                    .map(|s| s as u16),
            );
            let fixed = u32::from(self.stabilisers.len() - before > 1);
            let class = (k << 1 | fixed) << self.sym_bits;
            for (s, &w) in images.iter().enumerate() {
                if entries[w] == UNSET {
                    entries[w] = class | u32::from(inverse[s]);
                }
            }
            self.starts.push(self.stabilisers.len() as u32);
        }
        self.entries = entries;
        Some(())
    }

    /// Each symmetry's inverse among the symmetries: the one that undoes
    /// it on a few positions of distinct orientations.
    fn inverses(&self) -> Option<Vec<u16>> {
        let count = self.coordinate.perm_count;
        let tries: Vec<Pieces> = (1..4u64)
            .map(|t| {
                let v = (count / 4 * t + t) % count;
                let o = if self.turned {
                    (self.rest / 4 * t + 1) % self.rest
                } else {
                    0
                };
                self.pieces(v, o)
            })
            .collect();
        let mut there = tries[0];
        let mut back = there;
        (0..self.actions.len())
            .map(|s| {
                (0..self.actions.len())
                    .find(|&t| {
                        tries.iter().all(|p| {
                            self.conjugate(s, p, &mut there);
                            self.conjugate(t, &there, &mut back);
                            self.same(p, &back)
                        })
                    })
                    .map(|t| t as u16)
            })
            .collect()
    }

    /// True when `a` and `b` are the same position.
    fn same(&self, a: &Pieces, b: &Pieces) -> bool {
        let n = self.n;
        a.arr[..n] == b.arr[..n] && (!self.turned || a.ori[..n] == b.ori[..n])
    }

    /// The pieces of arrangement `v` with orientation value `o`.
    fn pieces(&self, v: u64, o: u64) -> Pieces {
        let mut p = Pieces {
            arr: [0; MOST_SLOTS],
            ori: [0; MOST_SLOTS],
        };
        self.coordinate.unrank_perm(v, &mut p.arr[..self.n]);
        if self.turned {
            self.coordinate.unrank_ori(o, &mut p.ori[..self.n]);
        }
        p
    }

    /// The arrangement of `p` conjugated by symmetry `s` into `out`.
    #[inline]
    fn conjugate_arrangement(&self, s: usize, p: &Pieces, out: &mut Pieces) {
        let a = &self.actions[s];
        for k in 0..self.n {
            out.arr[k] = a.dense[usize::from(p.arr[usize::from(a.from[k])])];
        }
    }

    /// `p` conjugated by symmetry `s` into `out`: its arrangement and its
    /// orientations.
    #[inline]
    fn conjugate(&self, s: usize, p: &Pieces, out: &mut Pieces) {
        self.conjugate_arrangement(s, p, out);
        if self.turned {
            self.conjugate_orientations(s, p, out);
        }
    }

    /// The orientations of `p` conjugated by symmetry `s` into `out`.
    #[inline]
    fn conjugate_orientations(&self, s: usize, p: &Pieces, out: &mut Pieces) {
        let a = &self.actions[s];
        let m = self.coordinate.modulus;
        let n = self.n;
        let slots = out.ori[..n].iter_mut().zip(&a.from[..n]);
        for ((o, &f), gain) in slots.zip(a.gain.chunks_exact(n)) {
            let f = usize::from(f) % MOST_SLOTS;
            let x = p.ori[f];
            let x = if a.mirror && x != 0 { m - x } else { x };
            let t = x + gain[usize::from(p.arr[f]) % n];
            *o = if t >= m { t - m } else { t };
        }
    }

    /// The orientations' value of `p` (0 when they are no digit).
    #[inline]
    fn ori_rank(&self, p: &Pieces) -> u64 {
        if self.turned {
            self.coordinate.rank_ori(&p.ori[..self.n])
        } else {
            0
        }
    }

    /// The state of position `p`, whose arrangement's value is `v`, and
    /// the order of its stabiliser among the symmetries.
    #[inline]
    fn reduce_ranked(&self, p: &Pieces, v: usize) -> (u64, usize) {
        let e = self.entries[v];
        let k = (e >> (self.sym_bits + 1)) as usize;
        let fixed = e >> self.sym_bits & 1 == 1;
        let stabiliser = || &self.stabilisers[self.starts[k] as usize..self.starts[k + 1] as usize];
        if !self.turned {
            return (k as u64, if fixed { stabiliser().len() } else { 1 });
        }
        let mut z = *p;
        let s = (e & ((1 << self.sym_bits) - 1)) as usize;
        self.conjugate_orientations(s, p, &mut z);
        let mut best = self.ori_rank(&z);
        let mut hits = 1;
        if fixed {
            let stab = stabiliser();
            // The stabiliser's images need the representative's pieces.
            self.conjugate_arrangement(s, p, &mut z);
            let mut w = z;
            (best, hits) = super::least(stab.iter().map(|&t| {
                self.conjugate_orientations(usize::from(t), &z, &mut w);
                self.ori_rank(&w)
            }));
        }
        (k as u64 * self.rest + best, hits)
    }
}

impl SymmetryCoordinate {
    /// The symmetry coordinate of a space of one worked coordinate
    /// ([`WorkedClasses`]), when it applies and fits `max_memory`.
    pub(super) fn worked(
        space: &Space,
        symmetries: &[SpaceSymmetry],
        max_memory: Option<u64>,
    ) -> Result<Option<SymmetryCoordinate>, SpaceError> {
        match space.coords.len() {
            1 => SymmetryCoordinate::of_coordinate(space, 0, symmetries, max_memory),
            _ => Ok(None),
        }
    }

    /// What [`SymmetryCoordinate::of_coordinate`] of coordinate `coord`
    /// under `symmetries` symmetries would take, before it is made: the
    /// bytes of its tables and about how many states it numbers (the
    /// arrangements over the symmetries, times the orientations' values;
    /// a few more where classes are self-symmetric). `None` where it does
    /// not apply.
    pub fn coordinate_planned(
        space: &Space,
        coord: usize,
        symmetries: usize,
    ) -> Option<(u64, u64)> {
        let bytes = WorkedClasses::planned(space, coord, symmetries)?;
        let c = &space.coords[coord];
        let rest = if c.ori_count > 1 { c.ori_count } else { 1 };
        Some((
            bytes,
            (c.perm_count / symmetries as u64 + 1).saturating_mul(rest),
        ))
    }

    /// The symmetry coordinate of coordinate `coord` of `space` taken
    /// alone (the projection onto its pieces: the 3×3×3's twelve edges,
    /// 20 437 847 376 classes under the cube's 48 symmetries), where its
    /// arrangements are worked and its pieces all different, and the
    /// `symmetries` take its slots onto its slots; a state's digits are
    /// the coordinate's own ([`SymmetryCoordinate::reduce`] is given those
    /// two, least significant first, as the space orders them). Refused
    /// when its tables would take more than `max_memory` bytes.
    ///
    /// ```
    /// use schofield::puzzle::{library, Metric};
    /// use schofield::method::space::{Space, SymmetryCoordinate};
    /// // The 3×3×3's positions with small move tables: the corners'
    /// // 8! arrangements are worked, as the edges' 12! always are.
    /// let p = library::get("3x3x3").unwrap();
    /// let moves = p.moves(Metric::Face, None).unwrap();
    /// let space = Space::unnumbered(&p, &moves, Some(1 << 18)).unwrap();
    /// let syms: Vec<_> = p.symmetries().iter().map(|s| space.symmetry(s.transformation())).collect();
    /// let (_, c) = (0..space.digit_count()).map(|d| space.digit(d)).find(|&(radix, _)| radix == 40_320).unwrap();
    /// let corners = SymmetryCoordinate::of_coordinate(&space, c, &syms, None).unwrap().unwrap();
    /// // The corner group's 2 152 008 states (classes, and states of
    /// // self-symmetric classes' orientations) under the 48 symmetries.
    /// assert_eq!(corners.len(), 2_152_008);
    /// ```
    pub fn of_coordinate(
        space: &Space,
        coord: usize,
        symmetries: &[SpaceSymmetry],
        max_memory: Option<u64>,
    ) -> Result<Option<SymmetryCoordinate>, SpaceError> {
        let Some(needed) = WorkedClasses::planned(space, coord, symmetries.len()) else {
            return Ok(None);
        };
        if let Some(allowed) = max_memory
            && needed > allowed
        {
            return Err(SpaceError::Memory { needed, allowed });
        }
        let Some(worked) = WorkedClasses::new(space, coord, symmetries, needed) else {
            return Ok(None);
        };
        Ok(Some(SymmetryCoordinate::of_worked(space, coord, worked)))
    }
}

/// What [`SymmetryCoordinate`]'s methods do for a worked coordinate.
impl WorkedClasses {
    pub(super) fn top_classes(&self) -> u64 {
        self.representatives.len() as u64
    }

    pub(super) fn rest(&self) -> u64 {
        self.rest
    }

    pub(super) fn bytes(&self) -> u64 {
        self.bytes
    }

    pub(super) fn symmetries(&self) -> usize {
        self.actions.len()
    }

    #[inline]
    pub(super) fn index_of(&self, state: u64) -> u64 {
        let (k, o) = (state / self.rest, state % self.rest);
        u64::from(self.representatives[k as usize]) * self.perm_stride + o * self.ori_stride
    }

    #[inline]
    pub(super) fn reduce(&self, d: &[u64]) -> (u64, usize) {
        let v = d[self.perm_digit];
        let p = self.pieces(v, self.ori_digit.map_or(0, |o| d[o]));
        self.reduce_ranked(&p, v as usize)
    }

    /// Asks the memory for the entry [`WorkedClasses::reduce`] of the
    /// digits `d` reads first.
    #[inline]
    pub(super) fn prefetch(&self, d: &[u64]) {
        if let Some(e) = self.entries.get(d[self.perm_digit] as usize) {
            crate::memory::prefetch(e);
        }
    }

    pub(super) fn reduced_stabiliser(&self, state: u64) -> Option<usize> {
        let k = (state / self.rest) as usize;
        let order = (self.starts[k + 1] - self.starts[k]) as usize;
        if order == 1 || !self.turned {
            return Some(order);
        }
        let p = self.pieces(u64::from(self.representatives[k]), state % self.rest);
        let (reduced, hits) = self.reduce_ranked(&p, self.representatives[k] as usize);
        (reduced == state).then_some(hits)
    }

    /// [`SymmetryCoordinate::find_neighbour`]: the representative's
    /// pieces moved by every move, their arrangements ranked and their
    /// entries asked of the memory before any is reduced.
    #[inline]
    pub(super) fn find_neighbour(
        &self,
        state: u64,
        found: &mut impl FnMut(u64, usize, u64) -> bool,
    ) -> bool {
        // Six at a time: enough reads under way, and a search that
        // pulls stops soon after the first neighbour it wants.
        const BATCH: usize = 6;
        let n = self.n;
        let (k, o) = (state / self.rest, state % self.rest);
        let p = self.pieces(u64::from(self.representatives[k as usize]), o);
        let m = self.coordinate.modulus;
        // Each move on the coordinate's own slots, as the space works it:
        // where each slot's piece comes from, and what it gains there.
        let worked = self
            .coordinate
            .worked
            .as_ref()
            .expect("a worked coordinate");
        let mut moved = [p; BATCH];
        let mut ranks = [0usize; BATCH];
        let batches = worked
            .src
            .chunks(n * BATCH)
            .zip(worked.gain.chunks(n * BATCH));
        for (sources, gains) in batches {
            let chunk = sources.chunks_exact(n).zip(gains.chunks_exact(n));
            let len = sources.len() / n;
            for (j, (src, gain)) in chunk.enumerate() {
                let q = &mut moved[j];
                for x in 0..n {
                    let from = usize::from(src[x]);
                    q.arr[x] = p.arr[from];
                    if self.turned {
                        let t = p.ori[from] + gain[x];
                        q.ori[x] = if t >= m { t - m } else { t };
                    }
                }
                let v = self.coordinate.rank_perm(&q.arr[..n]) as usize;
                crate::memory::prefetch(&self.entries[v]);
                ranks[j] = v;
            }
            for j in 0..len {
                let (s, hits) = self.reduce_ranked(&moved[j], ranks[j]);
                let index =
                    ranks[j] as u64 * self.perm_stride + self.ori_rank(&moved[j]) * self.ori_stride;
                if found(s, hits, index) {
                    return true;
                }
            }
        }
        false
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::puzzle::{Metric, library};

    /// The corner group with its arrangements worked (no move table):
    /// the same classes as the general coordinate's, state for state.
    #[test]
    fn worked_classes_are_the_tabulated_ones() {
        let p = library::get("corners").unwrap();
        let moves = p.moves(Metric::Face, None).unwrap();
        let syms = |space: &Space| -> Vec<SpaceSymmetry> {
            p.symmetries()
                .iter()
                .map(|s| space.symmetry(s.transformation()))
                .collect()
        };
        let tabulated = Space::new(&p, &moves).unwrap();
        let general = SymmetryCoordinate::new(&tabulated, &syms(&tabulated), None)
            .unwrap()
            .unwrap();
        assert!(general.worked.is_none());
        let space = Space::build(&p, &moves, None, 1 << 12).unwrap();
        assert!(space.coords[0].is_worked(false) && !space.coords[0].is_worked(true));
        let worked = SymmetryCoordinate::new(&space, &syms(&space), None)
            .unwrap()
            .unwrap();
        assert!(worked.worked.is_some());
        assert_eq!(worked.top_classes(), 984);
        assert_eq!(worked.len(), general.len());
        // Both spaces number positions alike; every 997th position has
        // the same state and stabiliser under both.
        for x in (0..space.len()).step_by(997) {
            assert_eq!(worked.reduce_index(x), general.reduce_index(x), "{x}");
        }
        let (goal, _) = worked.reduce_index(space.goal_index());
        let mut a = Vec::new();
        let mut b = Vec::new();
        worked.find_neighbour(&space, goal, |s, h, y| {
            a.push((s, h, y));
            false
        });
        general.find_neighbour(&tabulated, goal, |s, h, y| {
            b.push((s, h, y));
            false
        });
        assert_eq!(a, b);
    }
}
