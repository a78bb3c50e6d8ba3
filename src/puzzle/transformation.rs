//! Transformations and patterns: the algebra every puzzle is written in.
//!
//! # The convention (written once)
//!
//! A puzzle's pieces sit in *slots*, grouped in *orbits* (a piece never
//! leaves its orbit); a piece may also have one of `m` *orientations*. The
//! convention is cubing.js's KPuzzle one:
//!
//! - A [`Pattern`] says, for each slot `i` of an orbit, which piece stands
//!   there (`pieces[i]`) and how it is turned (`orientation[i]`, mod `m`).
//! - A [`Transformation`] says, for each slot `i`, the slot its new piece
//!   comes from (`permutation[i]`) and the orientation that piece gains
//!   (`orientation[i]`). Applying it: `new.pieces[i] = old.pieces[perm[i]]`,
//!   `new.orientation[i] = old.orientation[perm[i]] + orientation[i]`.
//! - Products are read left to right, in the order the moves are made:
//!   `a.then(b)` is "first `a`, then `b`".
//! - Cycle notation, as GAP writes it, names where each slot's piece goes:
//!   `(0,1,2)` sends the piece on slot 0 to slot 1, 1 to 2 and 2 to 0, so
//!   its `permutation` is `[2, 0, 1]`. That is Schofield's twist A.
//!
//! A *mirror* (a reflection of the whole puzzle) also reverses every
//! orientation: it applies `new.orientation[i] = orientation[i] −
//! old.orientation[perm[i]]`. Moves never mirror; symmetries may.
//!
//! ```
//! use schofield::puzzle::transformation::{OrbitMap, Transformation};
//! let a = Transformation::new(vec![OrbitMap::from_cycles(&[vec![0, 1, 2]], 8, 1)], false);
//! assert_eq!(a.orbits()[0].permutation(), &[2, 0, 1, 3, 4, 5, 6, 7]);
//! let thrice = a.then(&a).then(&a);
//! assert!(thrice.is_identity());
//! assert_eq!(a.inverse().then(&a), Transformation::identity_like(&a));
//! ```

use serde::Serialize;

/// `a + b` turns, mod `m` orientations, without overflow (a piece may
/// have up to 255 orientations, so `a + b` may pass a byte).
pub fn turn_add(a: u8, b: u8, m: u8) -> u8 {
    ((u16::from(a) + u16::from(b)) % u16::from(m)) as u8
}

/// `a − b` turns, mod `m` orientations, without overflow.
pub fn turn_sub(a: u8, b: u8, m: u8) -> u8 {
    let m = u16::from(m);
    ((u16::from(a) % m + m - u16::from(b) % m) % m) as u8
}

/// What a transformation does to one orbit: each slot's source slot and
/// the orientation its piece gains, with the orientation modulus.
#[derive(Debug, Clone, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub struct OrbitMap {
    perm: Vec<u8>,
    ori: Vec<u8>,
    modulus: u8,
}

impl OrbitMap {
    /// The map with `permutation[i]` the source of slot `i` and
    /// `orientation[i]` the orientation gained there (taken mod
    /// `modulus`). The caller has checked that `permutation` is a
    /// permutation of the slots and that `modulus` is at least 1.
    pub(crate) fn from_parts(perm: Vec<u8>, ori: Vec<u8>, modulus: u8) -> OrbitMap {
        debug_assert!(crate::perm::is_permutation(&perm));
        let ori = ori.into_iter().map(|o| o % modulus).collect();
        OrbitMap { perm, ori, modulus }
    }

    /// The map of these lists, checked: `permutation` a permutation of
    /// the slots and every gain below `modulus` (at least 1); `None`
    /// otherwise.
    pub fn from_lists(perm: Vec<u8>, ori: Vec<u8>, modulus: u8) -> Option<OrbitMap> {
        (modulus >= 1
            && perm.len() == ori.len()
            && crate::perm::is_permutation(&perm)
            && ori.iter().all(|&o| o < modulus))
        .then(|| OrbitMap::from_parts(perm, ori, modulus))
    }

    /// The identity on `n` slots with orientations mod `modulus`.
    pub fn identity(n: usize, modulus: u8) -> OrbitMap {
        OrbitMap {
            perm: (0..n as u8).collect(),
            ori: vec![0; n],
            modulus,
        }
    }

    /// The map of disjoint `cycles` (GAP's reading: the piece on the first
    /// slot of a cycle goes to the second) on `n` slots, no orientation
    /// change. The cycles must be disjoint and in range.
    pub fn from_cycles(cycles: &[Vec<u8>], n: usize, modulus: u8) -> OrbitMap {
        let mut perm: Vec<u8> = (0..n as u8).collect();
        for c in cycles {
            for (k, &x) in c.iter().enumerate() {
                // The piece on x goes to the next slot: that slot's source is x.
                perm[usize::from(c[(k + 1) % c.len()])] = x;
            }
        }
        OrbitMap {
            perm,
            ori: vec![0; n],
            modulus,
        }
    }

    /// The source slot of each slot.
    pub fn permutation(&self) -> &[u8] {
        &self.perm
    }

    /// The orientation gained in each slot.
    pub fn orientation(&self) -> &[u8] {
        &self.ori
    }

    /// The orientation modulus.
    pub fn modulus(&self) -> u8 {
        self.modulus
    }

    /// The number of slots.
    pub fn len(&self) -> usize {
        self.perm.len()
    }

    /// True for an orbit of no slots.
    pub fn is_empty(&self) -> bool {
        self.perm.is_empty()
    }

    /// Where the piece on each slot goes (the inverse of the source map).
    pub fn destinations(&self) -> Vec<u8> {
        crate::perm::inverse(&self.perm)
    }

    /// True when every slot keeps its piece and orientation.
    pub fn is_identity(&self) -> bool {
        self.ori.iter().all(|&o| o == 0)
            && self
                .perm
                .iter()
                .enumerate()
                .all(|(i, &p)| usize::from(p) == i)
    }

    /// The sum of the orientation changes, mod the modulus.
    pub fn twist(&self) -> u8 {
        (self.ori.iter().map(|&o| u32::from(o)).sum::<u32>() % u32::from(self.modulus)) as u8
    }

    /// True when the permutation of slots is even.
    pub fn is_even(&self) -> bool {
        crate::perm::is_even(&self.perm)
    }

    /// The cycles on slots in GAP's reading (where each slot's piece goes),
    /// each with the orientation its piece gains going round once.
    pub fn cycles(&self) -> Vec<(Vec<u8>, u8)> {
        let dest = self.destinations();
        crate::perm::cycles(&dest)
            .into_iter()
            .map(|c| {
                // Going round once, the piece on c[0] gains the changes of
                // every slot it enters.
                let gain: u32 = c.iter().map(|&s| u32::from(self.ori[usize::from(s)])).sum();
                (c, (gain % u32::from(self.modulus)) as u8)
            })
            .collect()
    }
}

/// A transformation of the whole puzzle: one [`OrbitMap`] an orbit, and
/// whether it mirrors (reverses orientations).
#[derive(Debug, Clone, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub struct Transformation {
    orbits: Vec<OrbitMap>,
    mirror: bool,
}

impl Transformation {
    /// The transformation of these orbit maps.
    pub fn new(orbits: Vec<OrbitMap>, mirror: bool) -> Transformation {
        Transformation { orbits, mirror }
    }

    /// The identity on the same orbits as `t`.
    pub fn identity_like(t: &Transformation) -> Transformation {
        Transformation {
            orbits: t
                .orbits
                .iter()
                .map(|o| OrbitMap::identity(o.len(), o.modulus))
                .collect(),
            mirror: false,
        }
    }

    /// The maps of each orbit.
    pub fn orbits(&self) -> &[OrbitMap] {
        &self.orbits
    }

    /// True when it reverses orientations.
    pub fn mirrors(&self) -> bool {
        self.mirror
    }

    /// True for the identity.
    pub fn is_identity(&self) -> bool {
        !self.mirror && self.orbits.iter().all(OrbitMap::is_identity)
    }

    /// First `self`, then `next`.
    pub fn then(&self, next: &Transformation) -> Transformation {
        let orbits = self
            .orbits
            .iter()
            .zip(&next.orbits)
            .map(|(a, b)| {
                let (perm, ori) = carry(&a.perm, &a.ori, b, next.mirror);
                OrbitMap {
                    perm,
                    ori,
                    modulus: a.modulus,
                }
            })
            .collect();
        Transformation {
            orbits,
            mirror: self.mirror != next.mirror,
        }
    }

    /// The transformation that undoes this one.
    pub fn inverse(&self) -> Transformation {
        let orbits = self
            .orbits
            .iter()
            .map(|a| {
                let m = u16::from(a.modulus);
                let n = a.len();
                let mut perm = vec![0u8; n];
                let mut ori = vec![0u8; n];
                for i in 0..n {
                    let j = usize::from(a.perm[i]);
                    perm[j] = i as u8;
                    // Slot i gained a.ori[i] from slot j; going back, slot j
                    // loses it (a mirror's gain is its own inverse's).
                    let o = u16::from(a.ori[i]);
                    ori[j] = if self.mirror {
                        o as u8
                    } else {
                        ((m - o) % m) as u8
                    };
                }
                OrbitMap {
                    perm,
                    ori,
                    modulus: a.modulus,
                }
            })
            .collect();
        Transformation {
            orbits,
            mirror: self.mirror,
        }
    }

    /// `self` to the power `k` (negative powers of the inverse).
    /// By squaring: a move of order 1 020 makes its powers in a few
    /// products each, not a thousand (powers of one transformation commute,
    /// so the order of the factors does not matter).
    pub fn pow(&self, k: i64) -> Transformation {
        let mut base = if k < 0 { self.inverse() } else { self.clone() };
        let mut out = Transformation::identity_like(self);
        let mut e = k.unsigned_abs();
        while e > 0 {
            if e & 1 == 1 {
                out = out.then(&base);
            }
            e >>= 1;
            if e > 0 {
                base = base.then(&base);
            }
        }
        out
    }

    /// The smallest `k ≥ 1` with `self^k` the identity, if it is at most
    /// `limit`.
    pub fn order(&self, limit: u64) -> Option<u64> {
        let mut x = self.clone();
        for k in 1..=limit {
            if x.is_identity() {
                return Some(k);
            }
            x = x.then(self);
        }
        None
    }

    /// The conjugate `s⁻¹ · self · s`: `self` seen through the symmetry
    /// `s` (first undo `s`, then `self`, then `s`).
    pub fn conjugate(&self, s: &Transformation) -> Transformation {
        s.inverse().then(self).then(s)
    }
}

/// What stands in the slots of one orbit: a piece and its orientation in
/// each slot.
#[derive(Debug, Clone, PartialEq, Eq, Hash, PartialOrd, Ord, Serialize)]
pub struct OrbitPattern {
    /// The piece on each slot.
    pub pieces: Vec<u8>,
    /// The orientation of the piece on each slot.
    pub orientation: Vec<u8>,
}

/// A pattern of the whole puzzle: what stands in every slot. The goal is a
/// pattern; so is every position.
#[derive(Debug, Clone, PartialEq, Eq, Hash, PartialOrd, Ord, Serialize)]
#[serde(transparent)]
pub struct Pattern {
    orbits: Vec<OrbitPattern>,
}

impl Pattern {
    /// The pattern of these orbits (their sizes are the caller's to check).
    pub fn new(orbits: Vec<OrbitPattern>) -> Pattern {
        Pattern { orbits }
    }

    /// Each orbit's pieces and orientations.
    pub fn orbits(&self) -> &[OrbitPattern] {
        &self.orbits
    }

    /// The pattern after `t`.
    pub fn apply(&self, t: &Transformation) -> Pattern {
        let orbits = self
            .orbits
            .iter()
            .zip(&t.orbits)
            .map(|(p, a)| {
                let (pieces, orientation) = carry(&p.pieces, &p.orientation, a, t.mirror);
                OrbitPattern {
                    pieces,
                    orientation,
                }
            })
            .collect();
        Pattern { orbits }
    }
}

/// One orbit carried through `step` (the one convention): slot `i`
/// receives what slot `step.perm[i]` held, with its orientation turned
/// over when the step `mirrors`, then given `step.ori[i]`. `held[j]` and
/// `ori[j]` are what slot `j` held before; a transformation's sources and
/// a pattern's pieces are carried alike.
fn carry(held: &[u8], ori: &[u8], step: &OrbitMap, mirrors: bool) -> (Vec<u8>, Vec<u8>) {
    let m = u16::from(step.modulus);
    step.perm
        .iter()
        .zip(&step.ori)
        .map(|(&j, &gain)| {
            let j = usize::from(j);
            let carried = u16::from(ori[j]);
            let carried = if mirrors { (m - carried) % m } else { carried };
            (held[j], ((carried + u16::from(gain)) % m) as u8)
        })
        .unzip()
}

/// The points of a puzzle's orbits: orbit `k`'s slot `i` in orientation `f`
/// is point `offset[k] + i·m + f`. Returns the offsets and the number of
/// points.
pub fn points(t: &Transformation) -> (Vec<usize>, usize) {
    let mut offsets = Vec::new();
    let mut n = 0;
    for o in t.orbits() {
        offsets.push(n);
        n += o.len() * usize::from(o.modulus());
    }
    (offsets, n)
}

/// The points of [`points`] as blocks, one orbit of slots at a time, for
/// the wreath bound ([`crate::group::bound`]).
///
/// ```
/// use schofield::puzzle::{library, transformation::blocks};
/// let cube = library::get("3x3x3").unwrap();
/// let layout = blocks(cube.declared_moves()[0].transformation());
/// assert_eq!((layout[1].offset, layout[1].slots, layout[1].modulus), (24, 12, 2));
/// ```
pub fn blocks(t: &Transformation) -> Vec<crate::group::bound::Blocks> {
    let (offsets, _) = points(t);
    t.orbits()
        .iter()
        .zip(offsets)
        .map(|(o, offset)| crate::group::bound::Blocks {
            offset,
            slots: o.len(),
            modulus: usize::from(o.modulus()),
        })
        .collect()
}

/// A transformation as a permutation of points: the piece on slot `j` in
/// orientation `f` goes to the slot `i` whose source is `j`, in orientation
/// `f + gain` (`gain − f` for a mirror).
pub fn as_points(t: &Transformation) -> crate::group::Perm {
    let (offsets, n) = points(t);
    let mut p = vec![0u32; n];
    for (o, &off) in t.orbits().iter().zip(&offsets) {
        let m = usize::from(o.modulus());
        for i in 0..o.len() {
            let j = usize::from(o.permutation()[i]);
            let gain = usize::from(o.orientation()[i]);
            for f in 0..m {
                let g = if t.mirrors() {
                    (gain + m - f) % m
                } else {
                    (f + gain) % m
                };
                p[off + j * m + f] = (off + i * m + g) as u32;
            }
        }
    }
    p
}

/// The transformation whose points are `p` ([`as_points`]), its orbits
/// shaped as `like`'s; `None` when `p` does not move whole pieces, each
/// orientation turned alike, without mirroring (no element of a group of
/// moves that do not mirror does that).
///
/// ```
/// use schofield::puzzle::library;
/// use schofield::puzzle::transformation::{as_points, from_points};
/// let cube = library::get("2x2x2").unwrap();
/// let r = cube.declared_moves()[1].transformation();
/// assert_eq!(from_points(r, &as_points(r)).as_ref(), Some(r));
/// ```
pub fn from_points(like: &Transformation, p: &[u32]) -> Option<Transformation> {
    let (offsets, n) = points(like);
    if p.len() != n {
        return None;
    }
    let mut orbits = Vec::new();
    for (o, &off) in like.orbits().iter().zip(&offsets) {
        let m = usize::from(o.modulus());
        let len = o.len();
        let mut perm = vec![u8::MAX; len];
        let mut ori = vec![0u8; len];
        for j in 0..len {
            let image = (p[off + j * m] as usize).checked_sub(off)?;
            let (i, gain) = (image / m, image % m);
            if i >= len || perm[i] != u8::MAX {
                return None;
            }
            for f in 0..m {
                if p[off + j * m + f] as usize != off + i * m + (f + gain) % m {
                    return None;
                }
            }
            perm[i] = j as u8;
            ori[i] = gain as u8;
        }
        orbits.push(OrbitMap::from_lists(perm, ori, o.modulus())?);
    }
    Some(Transformation::new(orbits, false))
}

/// The group a puzzle's moves generate, on points (a point for each slot
/// and orientation, [`points`]), its stabiliser chain taking at most
/// `budget` bytes ([`crate::group::PermGroup::within_memory`]). The
/// wreath bound ([`crate::group::bound`]) spares the deterministic check
/// when the randomised phase already reached it.
///
/// ```
/// use schofield::puzzle::{library, transformation::perm_group};
/// let cube = library::get("3x3x3").unwrap();
/// let moves: Vec<_> = cube.declared_moves().iter().map(|m| m.transformation().clone()).collect();
/// let g = perm_group(&moves, Some(64 << 20)).unwrap();
/// assert_eq!(g.order().to_string(), "43252003274489856000");
/// ```
pub fn perm_group(
    gens: &[Transformation],
    budget: Option<u64>,
) -> Result<crate::group::PermGroup, crate::group::GroupTooLarge> {
    let n = gens.first().map_or(0, |t| points(t).1);
    let perms: Vec<crate::group::Perm> = gens.iter().map(as_points).collect();
    let layout = gens.first().map(blocks).unwrap_or_default();
    // The quick bound first; the projections' only when it is not met.
    // The projections' chains share the budget with the chain they prove.
    let proved = |lower: &num_bigint::BigUint, held: u64| {
        use crate::group::bound::{projection_bound, wreath_bound};
        wreath_bound(n, &perms, &layout).as_ref() == Some(lower)
            || projection_bound(n, &perms, &layout, budget.map(|b| b.saturating_sub(held))).as_ref()
                == Some(lower)
    };
    crate::group::PermGroup::within_memory_and_bound(n, &perms, budget, proved)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_cubes_wreath_bound_is_its_order() {
        let cube = crate::puzzle::library::get("3x3x3").unwrap();
        let gens: Vec<crate::group::Perm> = cube
            .declared_moves()
            .iter()
            .map(|m| as_points(m.transformation()))
            .collect();
        let layout = blocks(cube.declared_moves()[0].transformation());
        let bound = crate::group::bound::wreath_bound(gens[0].len(), &gens, &layout).unwrap();
        assert_eq!(bound.to_string(), "43252003274489856000");
    }

    fn map(perm: &[u8], ori: &[u8], m: u8) -> OrbitMap {
        OrbitMap::from_parts(perm.to_vec(), ori.to_vec(), m)
    }

    #[test]
    fn products_read_left_to_right_and_apply_agrees() {
        let a = Transformation::new(vec![map(&[1, 2, 0, 3], &[1, 0, 2, 0], 3)], false);
        let b = Transformation::new(vec![map(&[0, 3, 2, 1], &[0, 1, 1, 0], 3)], false);
        let goal = Pattern::new(vec![OrbitPattern {
            pieces: vec![0, 1, 2, 3],
            orientation: vec![0, 2, 1, 0],
        }]);
        assert_eq!(goal.apply(&a).apply(&b), goal.apply(&a.then(&b)));
        assert!(a.then(&a.inverse()).is_identity());
        assert!(a.inverse().then(&a).is_identity());
        assert_eq!(a.pow(3), a.then(&a).then(&a));
        assert_eq!(a.pow(-2), a.inverse().then(&a.inverse()));
    }

    #[test]
    fn mirrors_reverse_orientation_and_compose() {
        let r = Transformation::new(vec![map(&[1, 0, 2], &[1, 2, 0], 3)], true);
        let a = Transformation::new(vec![map(&[2, 0, 1], &[1, 1, 1], 3)], false);
        let goal = Pattern::new(vec![OrbitPattern {
            pieces: vec![0, 1, 2],
            orientation: vec![1, 0, 2],
        }]);
        for (x, y) in [(&r, &a), (&a, &r), (&r, &r)] {
            assert_eq!(goal.apply(x).apply(y), goal.apply(&x.then(y)));
        }
        assert!(r.then(&r.inverse()).is_identity());
        assert!(r.inverse().then(&r).is_identity());
        let c = a.conjugate(&r);
        assert!(!c.mirrors());
        assert_eq!(goal.apply(&r.inverse()).apply(&a).apply(&r), goal.apply(&c));
    }
}
