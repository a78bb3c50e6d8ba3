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
//! ```
//! use schofield::puzzle::{library, Metric};
//! use schofield::twist::space::{Space, SymmetryCoordinate};
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
use rayon::prelude::*;

/// The most digits a position has (two a coordinate) that the reduction
/// keeps on the stack.
const MAX_DIGITS: usize = 16;

/// The most values the top digits may take together (their classes are
/// tabulated).
const MAX_TOP: u64 = 1 << 24;

/// The most entries of [`SymmetryCoordinate::first_gains`].
const MAX_FIRST_GAINS: u64 = 1 << 22;

/// A gain not tabulated in [`SymmetryCoordinate::first_gains`].
const NOT_TABULATED: u16 = u16::MAX;

/// What one symmetry does to the coordinate it carries onto one
/// coordinate (the *target*).
#[derive(Debug, Clone)]
struct Carry {
    /// The coordinate carried there (the *source*).
    source: usize,
    /// The arrangement each of the source's becomes.
    perm: MoveTable,
    /// `from[k]`: the source's slot whose orientation the target's `k`-th
    /// ranked digit takes (negated by a mirror).
    from: [u8; 8],
    /// True for a mirror.
    mirror: bool,
    /// `gained[v]`: which of [`CoordinateAction::gains`] the target's
    /// slots gain when the source has arrangement `v`.
    gained: Vec<u16>,
}

/// What the symmetries do to one coordinate (as a target).
#[derive(Debug, Clone)]
struct CoordinateAction {
    /// The coordinate's arrangement digit, and its orientation digit.
    perm_digit: Option<usize>,
    ori_digit: Option<usize>,
    /// Symmetry by symmetry.
    carries: Vec<Carry>,
    /// Each gain's ranked digits, a byte each, the most significant in the
    /// lowest byte.
    gains: Vec<u64>,
    /// `digits[w]`: the orientations `w` of every slot, a byte each (the
    /// one that follows from the sum included), slot 0 in the lowest byte.
    digits: Vec<u64>,
    /// How many digits are ranked, and their modulus.
    ranked: usize,
    modulus: u8,
}

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
    coordinates: Vec<CoordinateAction>,
    /// Each digit's radix and stride, least significant first.
    radices: Vec<Divisor>,
    strides: Vec<u64>,
    /// The lowest top digit.
    low: usize,
    /// The bytes of its tables, as estimated before they were made.
    bytes: u64,
}

impl SymmetryCoordinate {
    /// The symmetry coordinate of `space` under `symmetries` (as the space
    /// acts with them: [`Space::symmetry`]; the identity among them).
    /// `Ok(None)` when the space is not of the kind it numbers: positions
    /// taken up to rotation, a symmetry that maps a coordinate's slots
    /// onto more than one coordinate or onto one of another shape,
    /// orientations of more than eight slots, or top digits that are not
    /// the most significant or take more than 2^24 values together.
    /// Refused when its tables would take more than `max_memory` bytes.
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
            symmetries: symmetries.len(),
            rest: space.digits[low].stride,
            top_class: Vec::new(),
            top_symmetry: Vec::new(),
            first_gains: Vec::new(),
            representatives: Vec::new(),
            starts: vec![0],
            stabilisers: Vec::new(),
            coordinates,
            radices: space.digits.iter().map(|d| d.radix).collect(),
            strides: space.digits.iter().map(|d| d.stride).collect(),
            low,
            bytes: needed,
        };
        sc.classify_top(top_count as usize);
        Ok(Some(sc))
    }

    /// Tabulates the top values' classes, in increasing order of their
    /// representatives.
    fn classify_top(&mut self, count: usize) {
        let nd = self.radices.len();
        self.top_class = vec![u32::MAX; count];
        self.top_symmetry = vec![0; count];
        let mut d = [0u64; MAX_DIGITS];
        let mut out = [0u64; MAX_DIGITS];
        let mut images = vec![0u64; self.symmetries];
        for v in 0..count {
            self.set_top(v as u64, &mut d[..nd]);
            for (s, image) in images.iter_mut().enumerate() {
                self.conjugate(s, &d[..nd], &mut out[..nd], Part::Top, &[]);
                *image = self.top_of(&out[..nd]);
            }
            let (least, by) = images
                .iter()
                .enumerate()
                .map(|(s, &x)| (x as usize, s))
                .min()
                .expect("the identity is a symmetry");
            if least == v {
                self.top_class[v] = self.representatives.len() as u32;
                self.representatives.push(v as u32);
                let stab = (0..self.symmetries).filter(|&s| images[s] as usize == v);
                self.stabilisers.extend(stab.map(|s| s as u16));
                self.starts.push(self.stabilisers.len() as u32);
            } else {
                self.top_class[v] = self.top_class[least];
            }
            self.top_symmetry[v] = by as u16;
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

    /// How many classes the top values fall into.
    pub fn top_classes(&self) -> u64 {
        self.representatives.len() as u64
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
        let (k, lo) = (state / self.rest, state % self.rest);
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
        if stab.len() > 1 {
            // The top digits of z are the representative's.
            self.set_top(u64::from(self.representatives[k]), &mut z[..nd]);
            hits = 0;
            let mut w = [0u64; MAX_DIGITS];
            for &t in stab {
                self.conjugate(usize::from(t), &z[..nd], &mut w[..nd], Part::Rest, &[]);
                let lo = self.rest_of(&w[..nd]);
                if lo < best {
                    best = lo;
                    hits = 1;
                } else if lo == best {
                    hits += 1;
                }
            }
        }
        (k as u64 * self.rest + best, hits)
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
            .zip(&self.strides[self.low..])
            .map(|(&v, &s)| v * s)
            .sum::<u64>()
            / self.rest
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

    /// The digits of `d` conjugated by symmetry `s` into `out`: those of
    /// the top digits or those of the rest; `first`, when not empty, the
    /// gains already known of each coordinate ([`NOT_TABULATED`] where not).
    #[inline]
    fn conjugate(&self, s: usize, d: &[u64], out: &mut [u64], part: Part, first: &[u16]) {
        for (i, c) in self.coordinates.iter().enumerate() {
            let carry = &c.carries[s];
            let from = &self.coordinates[carry.source];
            let v = from.perm_digit.map_or(0, |p| d[p]) as usize;
            if let Some(p) = c.perm_digit
                && (p >= self.low) == (part == Part::Top)
            {
                out[p] = u64::from(carry.perm.at(v));
            }
            if let Some(o) = c.ori_digit
                && (o >= self.low) == (part == Part::Top)
            {
                let a = from.digits[from.ori_digit.map_or(0, |f| d[f]) as usize];
                let known = first.get(i).copied().unwrap_or(NOT_TABULATED);
                let gain = if known == NOT_TABULATED {
                    carry.gained[v]
                } else {
                    known
                };
                let b = c.gains[usize::from(gain)];
                // Digit by digit, modulo m: the carried orientation (negated
                // by a mirror) plus the gain, ranked most significant first.
                let m = u64::from(c.modulus);
                let mut rank = 0u64;
                for (k, &f) in carry.from[..c.ranked].iter().enumerate() {
                    let x = (a >> (8 * f)) & 0xff;
                    let x = if carry.mirror && x != 0 { m - x } else { x };
                    let t = x + ((b >> (8 * k)) & 0xff);
                    rank = rank * m + if t >= m { t - m } else { t };
                }
                out[o] = rank;
            }
        }
    }
}

/// Which digits a conjugation computes.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
enum Part {
    /// The top digits.
    Top,
    /// The others.
    Rest,
}

/// For each symmetry, the coordinate it carries onto each coordinate;
/// `None` when one maps a coordinate's slots onto several, or onto one of
/// another shape, or orientations are on more than eight slots.
fn sources(space: &Space, symmetries: &[SpaceSymmetry]) -> Option<Vec<Vec<usize>>> {
    let coord_of = |g: u16| space.coords.iter().position(|c| c.slots.contains(&g));
    let shape = |c: &Coordinate| {
        (
            c.slots.len(),
            c.kind,
            c.perm_count,
            c.ori_count,
            c.ori_digits,
            c.modulus,
            c.counts.clone(),
        )
    };
    if space.coords.iter().any(|c| {
        (c.ori_count > 1 && (c.slots.len() > 8 || c.ori_count > 1 << 16)) || c.worked.is_some()
    }) {
        return None;
    }
    symmetries
        .iter()
        .map(|s| {
            space
                .coords
                .iter()
                .map(|c| {
                    let from = coord_of(s.map.src[usize::from(c.slots[0])])?;
                    let f = &space.coords[from];
                    let all = c
                        .slots
                        .iter()
                        .all(|&g| f.slots.contains(&s.map.src[usize::from(g)]));
                    (all && shape(f) == shape(c)).then_some(from)
                })
                .collect()
        })
        .collect()
}

/// The lowest of the top digits: every digit of the coordinates that the
/// symmetries carry onto the first one, when they are the first
/// coordinates and their values are few enough to tabulate; else the
/// first coordinate's arrangement alone, when the symmetries keep it in
/// place and it is the most significant digit.
fn top_digits(space: &Space, sources: &[Vec<usize>]) -> Option<usize> {
    let mut set = vec![0usize];
    while let Some(&next) = set
        .iter()
        .flat_map(|&c| sources.iter().map(move |s| s[c]))
        .find(|c| !set.contains(c))
        .as_ref()
    {
        set.push(next);
    }
    set.sort_unstable();
    let nd = space.digits.len();
    let prefix = set.iter().enumerate().all(|(i, &c)| i == c);
    let lowest = space.digits.iter().position(|d| set.contains(&d.coord))?;
    let all_top = prefix
        && space.digits[lowest..]
            .iter()
            .all(|d| set.contains(&d.coord))
        && space.size / space.digits[lowest].stride <= MAX_TOP;
    if all_top {
        return Some(lowest);
    }
    let top = &space.digits[nd - 1];
    (set.len() == 1 && !top.ori && top.radix.get() <= MAX_TOP).then_some(nd - 1)
}

/// What the symmetries do to coordinate `target` of `space`.
fn coordinate_action(
    space: &Space,
    target: usize,
    sources: &[Vec<usize>],
    symmetries: &[SpaceSymmetry],
) -> CoordinateAction {
    let digit = |c: usize, ori: bool| {
        space
            .digits
            .iter()
            .position(|d| d.coord == c && d.ori == ori)
    };
    let t = &space.coords[target];
    let s = t.slots.len();
    // The declared orbit the coordinate lies in: its first slot.
    let first = space
        .orbits
        .iter()
        .find(|&&(f, n, _)| usize::from(t.slots[0]) >= f && usize::from(t.slots[0]) < f + n)
        .map_or(0, |o| o.0);
    let with_ori = t.ori_count > 1;
    let m = t.modulus;
    // The gains by the rank of their ranked digits (the one that follows
    // from the sum is left out), and every orientation's digits.
    let bytes = |o: &[u8]| o.iter().rev().fold(0u64, |b, &x| b << 8 | u64::from(x));
    let mut g = vec![0u8; s];
    let gains: Vec<u64> = (0..if with_ori { t.ori_count } else { 0 })
        .map(|w| {
            t.unrank_ori(w, &mut g);
            bytes(&g[..t.ori_digits])
        })
        .collect();
    let digits: Vec<u64> = (0..if with_ori { t.ori_count } else { 0 })
        .map(|w| {
            t.unrank_ori(w, &mut g);
            bytes(&g)
        })
        .collect();
    let carries = symmetries
        .par_iter()
        .zip(sources)
        .map(|(sym, src)| {
            let mut arr = vec![0u8; s];
            let mut out = vec![0u8; s];
            let mut gained_here = vec![0u8; s];
            let f = &space.coords[src[target]];
            // The target's slot k takes the piece of the source's slot
            // from[k].
            let from: Vec<usize> = t
                .slots
                .iter()
                .map(|&g| {
                    let x = sym.map.src[usize::from(g)];
                    f.slots.iter().position(|&y| y == x).expect("checked")
                })
                .collect();
            let mut perm = MoveTable::zeroed(f.perm_count, 1);
            let mut gained = Vec::new();
            for v in 0..f.perm_count {
                f.unrank_perm(v, &mut arr);
                for k in 0..s {
                    let label = f.label[usize::from(arr[from[k]])];
                    let new = sym.relabel[first + usize::from(label)];
                    out[k] = t.dense[usize::from(new)];
                    if with_ori {
                        let carried = sym.offset[first + usize::from(label)];
                        let carried = if sym.map.mirror {
                            turn_sub(0, carried, m)
                        } else {
                            carried
                        };
                        gained_here[k] =
                            turn_add(carried, sym.map.gain[usize::from(t.slots[k])], m);
                    }
                }
                perm.set(v as usize, t.rank_perm(&out) as u32);
                if with_ori {
                    gained.push(t.rank_ori(&gained_here) as u16);
                }
            }
            let mut slots = [0u8; 8];
            for (k, &fk) in from.iter().enumerate().take(8) {
                slots[k] = fk as u8;
            }
            Carry {
                source: src[target],
                perm,
                from: slots,
                mirror: sym.map.mirror,
                gained,
            }
        })
        .collect();
    CoordinateAction {
        perm_digit: digit(target, false),
        ori_digit: digit(target, true),
        carries,
        gains,
        digits,
        ranked: t.ori_digits,
        modulus: m,
    }
}
