//! Kociemba's *symmetry coordinate*: a puzzle's positions up to its
//! symmetries, numbered densely, so that a search can store two bits a
//! class instead of a byte a position.
//!
//! A position's number is the mixed-radix number of its digits, the first
//! coordinate's most significant. A symmetry maps each coordinate's slots
//! onto a coordinate's slots (its own, or another of the same shape: the
//! square group's three slices of edges change places), so conjugating a
//! position acts coordinate by coordinate: an arrangement goes to an
//! arrangement found in a table, and orientations go to a permuted copy of
//! themselves plus a vector fixed by the symmetry and the arrangement (the
//! orientation each piece gains as the symmetry relabels it, and each slot
//! gains as it moves). The *top* digits are the most significant ones
//! whose values the symmetries map among themselves: every digit of the
//! coordinates that the symmetries carry onto the first one, or only the
//! first coordinate's arrangement when that is all of them. Their values
//! fall into classes by themselves: each value's class, one symmetry that
//! takes it to the class's representative (the least value of the class),
//! and each representative's stabiliser are tabulated once. A position is
//! then reduced by one conjugation (by that symmetry), and, when its top
//! value's representative is self-symmetric, by the least of its images
//! under the stabiliser. The reduced position is numbered `class × rest +
//! rest digits`, where `rest` is the stride of the lowest top digit.
//!
//! Two look-ups spare most conjugations ([`quick`]): for a self-symmetric
//! representative, the least image of each rest under its stabiliser is
//! tabulated; and a space of one coordinate (the corner group's) is
//! reduced without the general loops. A search moves a representative's
//! digits rather than its number ([`SymmetryCoordinate::find_neighbour`]).
//! `action.rs` holds what the symmetries do to each coordinate and the
//! conjugation itself.
//!
//! ```
//! use schofield::puzzle::{library, Metric};
//! use schofield::method::space::{Space, SymmetryCoordinate};
//! let corners = library::get("corners").unwrap();
//! let moves = corners.moves(Metric::Face, None).unwrap();
//! let space = Space::new(&corners, &moves).unwrap();
//! let syms: Vec<_> = corners.symmetries().iter().map(|s| space.symmetry(s.transformation())).collect();
//! let sc = SymmetryCoordinate::new(&space, &syms, None).unwrap().unwrap();
//! // The 8! arrangements of the corners fall into 984 classes under the
//! // cube's 48 symmetries; each class has the 3^7 twists beside it.
//! assert_eq!(sc.top_classes(), 984);
//! assert_eq!(sc.len(), 984 * 2187);
//! let (state, stabiliser) = sc.reduce_index(space.goal_index());
//! assert_eq!(stabiliser, 48); // the goal is fixed by every symmetry
//! assert_eq!(sc.index_of(state), space.goal_index());
//! ```

use super::symmetry::SpaceSymmetry;
use super::*;
use action::{CoordinateAction, Part, coordinate_action, sources, top_digits};
use quick::OneCoordinate;
use worked::WorkedClasses;

mod action;
mod quick;
mod worked;

/// The most digits a position has (two a coordinate) that the reduction
/// keeps on the stack.
const MAX_DIGITS: usize = 16;

/// The most values the top digits may take together (their classes are
/// tabulated).
const MAX_TOP: u64 = 1 << 24;

/// The most entries of [`SymmetryCoordinate::first_gains`].
const MAX_FIRST_GAINS: u64 = 1 << 22;

/// The most entries of [`SymmetryCoordinate::minima`].
const MAX_MINIMA: u64 = 1 << 20;

/// A gain not tabulated in [`SymmetryCoordinate::first_gains`].
const NOT_TABULATED: u16 = u16::MAX;

/// Positions up to the symmetries, numbered densely: Kociemba's symmetry
/// coordinate over a [`Space`] (see the module's text).
#[derive(Debug, Clone)]
pub struct SymmetryCoordinate {
    /// How many symmetries.
    symmetries: usize,
    /// The stride of the lowest top digit: how many values the other
    /// digits take.
    rest: u64,
    /// Each top value's class and a symmetry taking it to the class's
    /// representative.
    top_class: Vec<u32>,
    top_symmetry: Vec<u16>,
    /// `first_gains[v · coordinates + c]`: the gains of coordinate `c`'s
    /// orientations when a position of top value `v` is conjugated by
    /// `top_symmetry[v]`, where the top value fixes them (else
    /// [`NOT_TABULATED`]); empty when too large. Read with the top value's
    /// class, so that the reduction does not look them up in the larger
    /// table of every symmetry and arrangement.
    first_gains: Vec<u16>,
    /// Each class's representative top value.
    representatives: Vec<u32>,
    /// Each class's stabiliser: `stabilisers[starts[k] .. starts[k + 1]]`.
    starts: Vec<u32>,
    stabilisers: Vec<u16>,
    /// For a class whose representative is self-symmetric, where its
    /// rows of `minima` start (in rows of `rest`), else `u32::MAX`; empty
    /// when not tabulated.
    minima_at: Vec<u32>,
    /// `minima[row · rest + r]`: the least of the rest `r`'s images under
    /// the class's stabiliser, shifted up a byte, and how many of the
    /// stabiliser take `r` there in the low byte: a look-up for the
    /// conjugations most reductions of such a class would make.
    minima: Vec<u32>,
    coordinates: Vec<CoordinateAction>,
    /// Each digit's radix and stride, least significant first.
    radices: Vec<Divisor>,
    strides: Vec<u64>,
    /// `rest` as a divisor, and each top digit's stride over `rest`.
    rest_divisor: Divisor,
    top_strides: Vec<u64>,
    /// The lowest top digit.
    low: usize,
    /// The bytes of its tables, as estimated before they were made.
    bytes: u64,
    /// The quick reduction, where the space is of its kind.
    one: Option<OneCoordinate>,
    /// For a space of one worked coordinate, its classes, which answer
    /// in place of the tables above ([`worked`]).
    worked: Option<Box<WorkedClasses>>,
}

impl SymmetryCoordinate {
    /// The symmetry coordinate of `space` under `symmetries` (as the space
    /// acts with them: [`Space::symmetry`]; the identity among them).
    /// `Ok(None)` when the space is not of the kind it numbers: positions
    /// taken up to rotation, a symmetry that maps a coordinate's slots
    /// onto more than one coordinate or onto one of another shape,
    /// orientations of more than eight slots, or top digits that are not
    /// the most significant or take more than 2^24 values together. A
    /// space of one coordinate whose arrangements are worked, not
    /// tabulated, has its classes tabulated an arrangement each and its
    /// conjugations worked out on the pieces (`worked.rs`). Refused when
    /// its tables would take more than `max_memory` bytes.
    pub fn new(
        space: &Space,
        symmetries: &[SpaceSymmetry],
        max_memory: Option<u64>,
    ) -> Result<Option<SymmetryCoordinate>, SpaceError> {
        let nd = space.digits.len();
        if space.rotations.is_some()
            || nd == 0
            || nd > MAX_DIGITS
            || symmetries.is_empty()
            || symmetries.len() > usize::from(u16::MAX)
        {
            return Ok(None);
        }
        if space.has_worked() {
            return SymmetryCoordinate::worked(space, symmetries, max_memory);
        }
        let Some(sources) = sources(space, symmetries) else {
            return Ok(None);
        };
        let Some(low) = top_digits(space, &sources) else {
            return Ok(None);
        };
        let ns = symmetries.len() as u64;
        let top_count = space.size / space.digits[low].stride;
        let entry = |values: u64| if values <= 1 << 16 { 2 } else { 4 };
        let needed: u64 = space
            .coords
            .iter()
            .map(|c| {
                let perm = c.perm_count * entry(c.perm_count);
                let ori = if c.ori_count > 1 {
                    c.ori_count * 8 + c.perm_count * 2
                } else {
                    0
                };
                ns.saturating_mul(perm + ori)
            })
            .sum::<u64>()
            .saturating_add(top_count * 6);
        if let Some(allowed) = max_memory
            && needed > allowed
        {
            return Err(SpaceError::Memory { needed, allowed });
        }
        let coordinates: Vec<CoordinateAction> = (0..space.coords.len())
            .map(|c| coordinate_action(space, c, &sources, symmetries))
            .collect();
        let mut sc = SymmetryCoordinate {
            coordinates,
            top_strides: space.digits[low..]
                .iter()
                .map(|d| d.stride / space.digits[low].stride)
                .collect(),
            low,
            ..SymmetryCoordinate::blank(space, symmetries.len(), space.digits[low].stride, needed)
        };
        sc.classify_top(top_count as usize);
        sc.tabulate_minima(max_memory.map(|m| m.saturating_sub(needed)));
        sc.one = sc.one_coordinate();
        Ok(Some(sc))
    }

    /// Tabulates the top values' classes, in increasing order of their
    /// representatives: each value's least image and a symmetry that makes
    /// it, on every core, then the classes in order (a value is its
    /// class's representative when it is its own least image).
    fn classify_top(&mut self, count: usize) {
        use rayon::prelude::*;
        let nd = self.radices.len();
        let least: Vec<(u32, u16)> = (0..count)
            .into_par_iter()
            .map_init(
                || ([0u64; MAX_DIGITS], [0u64; MAX_DIGITS]),
                |(d, out), v| {
                    self.set_top(v as u64, &mut d[..nd]);
                    (0..self.symmetries)
                        .map(|s| {
                            self.conjugate(s, &d[..nd], &mut out[..nd], Part::Top, &[]);
                            (self.top_of(&out[..nd]) as u32, s as u16)
                        })
                        .min()
                        .expect("the identity is a symmetry")
                },
            )
            .collect();
        self.top_class = vec![u32::MAX; count];
        self.top_symmetry = least.iter().map(|&(_, by)| by).collect();
        let mut d = [0u64; MAX_DIGITS];
        let mut out = [0u64; MAX_DIGITS];
        for (v, &(image, _)) in least.iter().enumerate() {
            let image = image as usize;
            if image != v {
                // The least image is less than v: its class is known.
                self.top_class[v] = self.top_class[image];
                continue;
            }
            self.top_class[v] = self.representatives.len() as u32;
            self.representatives.push(v as u32);
            self.set_top(v as u64, &mut d[..nd]);
            for s in 0..self.symmetries {
                self.conjugate(s, &d[..nd], &mut out[..nd], Part::Top, &[]);
                if self.top_of(&out[..nd]) as usize == v {
                    self.stabilisers.push(s as u16);
                }
            }
            self.starts.push(self.stabilisers.len() as u32);
        }
        let nc = self.coordinates.len();
        if (count as u64).saturating_mul(nc as u64) > MAX_FIRST_GAINS {
            return;
        }
        self.first_gains = vec![NOT_TABULATED; count * nc];
        for v in 0..count {
            self.set_top(v as u64, &mut d[..nd]);
            let s0 = usize::from(self.top_symmetry[v]);
            for (c, coord) in self.coordinates.iter().enumerate() {
                let carry = &coord.carries[s0];
                let from = &self.coordinates[carry.source];
                let fixed = from.perm_digit.is_none_or(|p| p >= self.low);
                if coord.ori_digit.is_some_and(|o| o < self.low) && fixed {
                    let sv = from.perm_digit.map_or(0, |p| d[p]) as usize;
                    self.first_gains[v * nc + c] = carry.gained[sv];
                }
            }
        }
    }

    /// The class of top values whose representative state `state` has
    /// (one of [`SymmetryCoordinate::top_classes`]).
    #[inline]
    pub fn top_class_of(&self, state: u64) -> u64 {
        self.rest_divisor.div_rem(state).0
    }

    /// How many classes the top values fall into.
    pub fn top_classes(&self) -> u64 {
        match &self.worked {
            Some(w) => w.top_classes(),
            None => self.representatives.len() as u64,
        }
    }

    /// The coordinate of the positions of coordinate `coord` of `space`
    /// alone (of a space of one worked coordinate, the space's own),
    /// answered by `worked`: its digits are the coordinate's.
    fn of_worked(space: &Space, coord: usize, worked: WorkedClasses) -> SymmetryCoordinate {
        let blank =
            SymmetryCoordinate::blank(space, worked.symmetries(), worked.rest(), worked.bytes());
        let (radices, strides) = worked::own_digits(space, coord);
        SymmetryCoordinate {
            worked: Some(Box::new(worked)),
            radices,
            strides,
            ..blank
        }
    }

    /// A coordinate over `space` with no table yet: `symmetries` of them,
    /// `rest` values below the top digits, `bytes` planned.
    fn blank(space: &Space, symmetries: usize, rest: u64, bytes: u64) -> SymmetryCoordinate {
        SymmetryCoordinate {
            symmetries,
            rest,
            top_class: Vec::new(),
            top_symmetry: Vec::new(),
            first_gains: Vec::new(),
            representatives: Vec::new(),
            starts: vec![0],
            stabilisers: Vec::new(),
            minima_at: Vec::new(),
            minima: Vec::new(),
            coordinates: Vec::new(),
            radices: space.digits.iter().map(|d| d.radix).collect(),
            strides: space.digits.iter().map(|d| d.stride).collect(),
            rest_divisor: Divisor::new(rest).expect("a rest is positive"),
            top_strides: Vec::new(),
            low: 0,
            bytes,
            one: None,
            worked: None,
        }
    }

    /// How many states the coordinate numbers: the top values' classes
    /// times the values of the other digits (every class of positions is
    /// one of them; some are no class, the reduced form of none).
    pub fn len(&self) -> u64 {
        self.top_classes() * self.rest
    }

    /// Always false: the goal's class is one.
    pub fn is_empty(&self) -> bool {
        self.len() == 0
    }

    /// The bytes its tables take (estimated before they are made, and
    /// checked against the memory allowed).
    pub fn bytes(&self) -> u64 {
        self.bytes
    }

    /// How many symmetries.
    pub fn symmetries(&self) -> usize {
        self.symmetries
    }

    /// The position number (in the space) of the reduced position `state`.
    #[inline]
    pub fn index_of(&self, state: u64) -> u64 {
        if let Some(w) = &self.worked {
            return w.index_of(state);
        }
        let (k, lo) = self.rest_divisor.div_rem(state);
        u64::from(self.representatives[k as usize]) * self.rest + lo
    }

    /// The state of position `index`'s class, and the order of its
    /// stabiliser among the symmetries (the class holds
    /// `symmetries / stabiliser` positions).
    #[inline]
    pub fn reduce_index(&self, index: u64) -> (u64, usize) {
        let mut d = [0u64; MAX_DIGITS];
        let nd = self.radices.len();
        let mut rest = index;
        for (k, r) in self.radices.iter().enumerate() {
            let (q, v) = r.div_rem(rest);
            d[k] = v;
            rest = q;
        }
        self.reduce(&d[..nd])
    }

    /// [`SymmetryCoordinate::reduce_index`] of a position given by its
    /// digits, least significant first.
    #[inline]
    pub fn reduce(&self, d: &[u64]) -> (u64, usize) {
        if let Some(w) = &self.worked {
            return w.reduce(d);
        }
        if let Some(one) = &self.one
            && let Some(reduced) = self.reduce_one(one, d)
        {
            return reduced;
        }
        let nd = d.len();
        let top = self.top_of(d) as usize;
        let k = self.top_class[top] as usize;
        let s0 = usize::from(self.top_symmetry[top]);
        let mut z = [0u64; MAX_DIGITS];
        let nc = self.coordinates.len();
        let first = self
            .first_gains
            .get(top * nc..(top + 1) * nc)
            .unwrap_or(&[]);
        self.conjugate(s0, d, &mut z[..nd], Part::Rest, first);
        let stab = &self.stabilisers[self.starts[k] as usize..self.starts[k + 1] as usize];
        let mut best = self.rest_of(&z[..nd]);
        let mut hits = 1;
        if stab.len() > 1
            && let Some(&row) = self.minima_at.get(k)
        {
            let e = self.minima[row as usize * self.rest as usize + best as usize];
            return (
                k as u64 * self.rest + u64::from(e >> 8),
                (e & 0xff) as usize,
            );
        }
        if stab.len() > 1 {
            // The top digits of z are the representative's.
            self.set_top(u64::from(self.representatives[k]), &mut z[..nd]);
            let mut w = [0u64; MAX_DIGITS];
            (best, hits) = least(stab.iter().map(|&t| {
                self.conjugate(usize::from(t), &z[..nd], &mut w[..nd], Part::Rest, &[]);
                self.rest_of(&w[..nd])
            }));
        }
        (k as u64 * self.rest + best, hits)
    }

    /// Asks the memory for what [`SymmetryCoordinate::reduce`] of the
    /// digits `d` reads first, where its tables are large: a worked
    /// coordinate's entry of the arrangement (the 3×3×3's edges: 1.9 GB
    /// read at random). Nothing for tabulated coordinates, whose tables
    /// are small.
    #[inline]
    pub fn prefetch(&self, d: &[u64]) {
        if let Some(w) = &self.worked {
            w.prefetch(d);
        }
    }

    /// The neighbours of `state` in `space`, move by move until `found`
    /// says so: for each move, the state of the class that the move makes
    /// of the state's representative, the order of its stabiliser, and
    /// the position's number (in the space). True when `found` was. The
    /// same as [`SymmetryCoordinate::reduce_index`] of each of
    /// [`Space::neighbours`] of [`SymmetryCoordinate::index_of`], without
    /// making position numbers and taking them apart again.
    ///
    /// ```
    /// use schofield::puzzle::{library, Metric};
    /// use schofield::method::space::{Space, SymmetryCoordinate};
    /// let p = library::get("corners").unwrap();
    /// let space = Space::new(&p, &p.moves(Metric::Face, None).unwrap()).unwrap();
    /// let syms: Vec<_> = p.symmetries().iter().map(|s| space.symmetry(s.transformation())).collect();
    /// let sc = SymmetryCoordinate::new(&space, &syms, None).unwrap().unwrap();
    /// let (goal, _) = sc.reduce_index(space.goal_index());
    /// let mut out = Vec::new();
    /// sc.find_neighbour(&space, goal, |state, hits, _| {
    ///     out.push((state, hits));
    ///     false
    /// });
    /// // The goal's eighteen face turns fall into two classes: the twelve
    /// // quarter turns and the six half turns.
    /// assert_eq!(out.len(), 18);
    /// let mut classes: Vec<_> = out.iter().map(|&(state, hits)| (state, 48 / hits)).collect();
    /// classes.sort();
    /// classes.dedup();
    /// let mut sizes: Vec<_> = classes.iter().map(|c| c.1).collect();
    /// sizes.sort();
    /// assert_eq!(sizes, [6, 12]);
    /// ```
    #[inline]
    pub fn find_neighbour(
        &self,
        space: &Space,
        state: u64,
        mut found: impl FnMut(u64, usize, u64) -> bool,
    ) -> bool {
        if let Some(w) = &self.worked {
            return w.find_neighbour(state, &mut found);
        }
        let nd = self.radices.len();
        let (k, mut lo) = self.rest_divisor.div_rem(state);
        if let Some(one) = &self.one
            && let Some(found) =
                self.find_neighbour_one(one, space, k as usize, lo as usize, &mut found)
        {
            return found;
        }
        let mut d = [0u64; MAX_DIGITS];
        for (x, r) in d[..self.low].iter_mut().zip(&self.radices) {
            let (q, v) = r.div_rem(lo);
            *x = v;
            lo = q;
        }
        self.set_top(u64::from(self.representatives[k as usize]), &mut d[..nd]);
        let mut moved = [0u64; MAX_DIGITS];
        for m in 0..space.move_count() {
            for (k, x) in moved[..nd].iter_mut().enumerate() {
                *x = space.step_digit(k, d[k], m);
            }
            let digits = &moved[..nd];
            let (s, hits) = self.reduce(digits);
            let index = digits.iter().zip(&self.strides).map(|(&v, &s)| v * s).sum();
            if found(s, hits, index) {
                return true;
            }
        }
        false
    }

    /// The order of the stabiliser of `state`'s class when `state` is the
    /// class's reduced form, else `None` (no position reduces to it).
    #[inline]
    pub fn reduced_stabiliser(&self, state: u64) -> Option<usize> {
        if let Some(w) = &self.worked {
            return w.reduced_stabiliser(state);
        }
        let (k, r) = self.rest_divisor.div_rem(state);
        let k = k as usize;
        match self.minima_at.get(k) {
            Some(&row) if row != u32::MAX => {
                let e = self.minima[row as usize * self.rest as usize + r as usize];
                (u64::from(e >> 8) == r).then_some((e & 0xff) as usize)
            }
            // Tabulated, and no symmetry but the identity keeps the
            // representative: every state of the class is reduced.
            Some(_) => Some(1),
            None => {
                let (reduced, hits) = self.reduce_index(self.index_of(state));
                (reduced == state).then_some(hits)
            }
        }
    }

    /// Writes the top digits of the top value `v` into `d`.
    #[inline]
    fn set_top(&self, mut v: u64, d: &mut [u64]) {
        for (x, r) in d[self.low..].iter_mut().zip(&self.radices[self.low..]) {
            let (q, digit) = r.div_rem(v);
            *x = digit;
            v = q;
        }
    }

    /// The value the top digits make.
    #[inline]
    fn top_of(&self, d: &[u64]) -> u64 {
        d[self.low..]
            .iter()
            .zip(&self.top_strides)
            .map(|(&v, &s)| v * s)
            .sum::<u64>()
    }

    /// The number the digits below the top ones make.
    #[inline]
    fn rest_of(&self, d: &[u64]) -> u64 {
        d[..self.low]
            .iter()
            .zip(&self.strides)
            .map(|(&v, &s)| v * s)
            .sum()
    }
}

/// The least of `images` (a stabiliser's, the identity's among them) and
/// how many times it comes.
#[inline]
fn least(images: impl Iterator<Item = u64>) -> (u64, usize) {
    images.fold((u64::MAX, 0), |(best, hits), x| match x.cmp(&best) {
        std::cmp::Ordering::Less => (x, 1),
        std::cmp::Ordering::Equal => (best, hits + 1),
        std::cmp::Ordering::Greater => (best, hits),
    })
}

#[cfg(test)]
mod tests;
