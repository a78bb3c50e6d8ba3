//! Positions as flat arrays (a piece and an orientation on every slot of
//! every orbit) and transformations on them as flat maps: the form the
//! symmetries, the rotations and the worked coordinates act on.

use crate::puzzle::Transformation;

/// A whole-puzzle state as flat arrays over every slot of every orbit.
#[derive(Debug, Clone, PartialEq, Eq, Hash)]
pub struct Flat {
    /// The piece on each slot (orbits one after the other).
    pub pieces: Vec<u8>,
    /// Its orientation.
    pub ori: Vec<u8>,
}

/// A transformation on flat arrays: each slot's source slot and gain.
#[derive(Debug, Clone)]
pub(super) struct FlatMap {
    pub(super) src: Vec<u16>,
    pub(super) gain: Vec<u8>,
    pub(super) mirror: bool,
}

/// The flat map of a transformation on a space whose orbits are `orbits`
/// (first slot, slots, orientations), its gains reduced below each
/// orbit's modulus.
pub(super) fn flat_map(t: &Transformation, orbits: &[(usize, usize, u8)]) -> FlatMap {
    let mut src = Vec::new();
    let mut gain = Vec::new();
    for (o, &(first, _, m)) in t.orbits().iter().zip(orbits) {
        for i in 0..o.len() {
            src.push((first + usize::from(o.permutation()[i])) as u16);
            gain.push(o.orientation()[i] % m);
        }
    }
    FlatMap {
        src,
        gain,
        mirror: t.mirrors(),
    }
}

/// Applies a flat map in place.
pub(super) fn apply_flat(f: &mut Flat, m: &FlatMap, orbits: &[(usize, usize, u8)]) {
    let old = f.clone();
    apply_into(&old, m, orbits, f);
}

/// Writes `src` after the flat map `m` into `dst`.
pub(super) fn apply_into(src: &Flat, m: &FlatMap, orbits: &[(usize, usize, u8)], dst: &mut Flat) {
    for &(first, n, md) in orbits {
        for g in first..first + n {
            (dst.pieces[g], dst.ori[g]) = slot_after(src, m, md, g);
        }
    }
}

/// The piece and orientation on slot `g` (of an orbit with `md`
/// orientations) of `src` after the flat map `m`. Orientations and gains
/// are below their modulus, so the sum is reduced by one subtraction, not
/// a division ([`reduced_sum`]).
fn slot_after(src: &Flat, m: &FlatMap, md: u8, g: usize) -> (u8, u8) {
    let j = usize::from(m.src[g]);
    (src.pieces[j], m.carry(src.ori[j], g, md))
}

impl FlatMap {
    /// The orientation on slot `g` (of an orbit with `md` orientations) of
    /// a piece that arrives there turned `ori` (below `md`): mirrored when
    /// the map mirrors, then the slot's gain added.
    pub(super) fn carry(&self, ori: u8, g: usize, md: u8) -> u8 {
        let carried = if self.mirror && ori != 0 {
            md - ori
        } else {
            ori
        };
        reduced_sum(carried, self.gain[g], md)
    }
}

/// `a + b` modulo `m`, for `a` and `b` below `m`.
pub(super) fn reduced_sum(a: u8, b: u8, m: u8) -> u8 {
    debug_assert!(a < m && b < m, "{a} + {b} mod {m}");
    let sum = u16::from(a) + u16::from(b);
    let m = u16::from(m);
    (if sum >= m { sum - m } else { sum }) as u8
}
