//! What each symmetry does to each coordinate of a space, tabulated once,
//! and the conjugation of a position's digits that those tables make.

use super::super::symmetry::SpaceSymmetry;
use super::super::*;
use super::{MAX_TOP, NOT_TABULATED, SymmetryCoordinate};
use rayon::prelude::*;

/// What one symmetry does to the coordinate it carries onto one
/// coordinate (the *target*).
#[derive(Debug, Clone)]
pub(super) struct Carry {
    /// The coordinate carried there (the *source*).
    pub(super) source: usize,
    /// The arrangement each of the source's becomes.
    pub(super) perm: MoveTable,
    /// `from[k]`: the source's slot whose orientation the target's `k`-th
    /// ranked digit takes (negated by a mirror).
    pub(super) from: [u8; 8],
    /// True for a mirror.
    pub(super) mirror: bool,
    /// `gained[v]`: which of [`CoordinateAction::gains`] the target's
    /// slots gain when the source has arrangement `v`.
    pub(super) gained: Vec<u16>,
}

/// What the symmetries do to one coordinate (as a target).
#[derive(Debug, Clone)]
pub(super) struct CoordinateAction {
    /// The coordinate's arrangement digit, and its orientation digit.
    pub(super) perm_digit: Option<usize>,
    pub(super) ori_digit: Option<usize>,
    /// Symmetry by symmetry.
    pub(super) carries: Vec<Carry>,
    /// Each gain's ranked digits, a byte each, the most significant in the
    /// lowest byte.
    pub(super) gains: Vec<u64>,
    /// `digits[w]`: the orientations `w` of every slot, a byte each (the
    /// one that follows from the sum included), slot 0 in the lowest byte.
    pub(super) digits: Vec<u64>,
    /// How many digits are ranked, and their modulus.
    pub(super) ranked: usize,
    pub(super) modulus: u8,
    /// The same sums worked a byte a digit in one word, where the
    /// modulus allows it.
    pub(super) bytewise: Option<Bytewise>,
}

/// Orientations carried and gains added modulo `m` in every byte of a
/// word at once (each byte a digit, the most significant in the lowest
/// byte), then ranked by independent products rather than a chain of
/// them: a conjugation is most of the search by classes' work.
#[derive(Debug, Clone, Copy)]
pub(super) struct Bytewise {
    /// The modulus.
    pub(super) m: u64,
    /// 1 in each ranked byte, and 255.
    pub(super) ones: u64,
    pub(super) mask: u64,
    /// `128 - m` in each ranked byte: a byte of at most `2m - 2` plus it
    /// has its top bit set exactly when the byte is at least `m`.
    pub(super) bias: u64,
    /// The bits the ranked digits are moved up by before they are ranked.
    pub(super) shift: u32,
}

impl Bytewise {
    /// For `ranked` digits modulo `m`; `None` past 8 digits or a modulus of
    /// 128.
    pub(super) fn new(ranked: usize, m: u8) -> Option<Bytewise> {
        if !(1..=8).contains(&ranked) || !(2..128).contains(&m) {
            return None;
        }
        let m = u64::from(m);
        let ones = (0..ranked).fold(0u64, |w, k| w | 1 << (8 * k));
        Some(Bytewise {
            m,
            ones,
            mask: ones * 255,
            bias: ones * (128 - m),
            shift: 8 * (8 - ranked as u32),
        })
    }

    /// Each byte of `t` (at most `2m - 2`) taken modulo `m`.
    #[inline(always)]
    pub(super) fn reduce(self, t: u64) -> u64 {
        t - (((t + self.bias) >> 7) & self.ones) * self.m
    }

    /// The rank of the carried orientations `a` (byte `from[k]` to byte
    /// `k`, negated by a mirror) plus the gain `b`.
    #[inline(always)]
    pub(super) fn rank(self, a: u64, b: u64, from: &[u8; 8], mirror: bool) -> u64 {
        let bytes = a.to_le_bytes();
        let mut x = u64::from_le_bytes(from.map(|f| bytes[usize::from(f) & 7])) & self.mask;
        if mirror {
            x = self.reduce(self.ones * self.m - x);
        }
        // The digits moved up to the top bytes (those below are 0), then
        // ranked most significant first by pairs, fours and eights: three
        // products instead of one a digit.
        let t = self.reduce(x + b) << self.shift;
        let m = self.m;
        const B: u64 = 0x00ff_00ff_00ff_00ff;
        const W: u64 = 0x0000_ffff_0000_ffff;
        let pairs = (t & B) * m + ((t >> 8) & B);
        let fours = (pairs & W) * (m * m) + ((pairs >> 16) & W);
        (fours & 0xffff_ffff) * (m * m * m * m) + (fours >> 32)
    }
}

impl SymmetryCoordinate {
    /// The digits of `d` conjugated by symmetry `s` into `out`: those of
    /// the top digits or those of the rest; `first`, when not empty, the
    /// gains already known of each coordinate ([`NOT_TABULATED`] where not).
    #[inline]
    pub(super) fn conjugate(
        &self,
        s: usize,
        d: &[u64],
        out: &mut [u64],
        part: Part,
        first: &[u16],
    ) {
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
                let rank = if let Some(w) = c.bytewise {
                    w.rank(a, b, &carry.from, carry.mirror)
                } else {
                    // Digit by digit, modulo m: the carried orientation
                    // (negated by a mirror) plus the gain, ranked most
                    // significant first.
                    let m = u64::from(c.modulus);
                    let mut rank = 0u64;
                    for (k, &f) in carry.from[..c.ranked].iter().enumerate() {
                        let x = (a >> (8 * f)) & 0xff;
                        let x = if carry.mirror && x != 0 { m - x } else { x };
                        let t = x + ((b >> (8 * k)) & 0xff);
                        rank = rank * m + if t >= m { t - m } else { t };
                    }
                    rank
                };
                out[o] = rank;
            }
        }
    }
}

/// Which digits a conjugation computes.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub(super) enum Part {
    /// The top digits.
    Top,
    /// The others.
    Rest,
}

/// For each symmetry, the coordinate it carries onto each coordinate;
/// `None` when one maps a coordinate's slots onto several, or onto one of
/// another shape, or orientations are on more than eight slots.
pub(super) fn sources(space: &Space, symmetries: &[SpaceSymmetry]) -> Option<Vec<Vec<usize>>> {
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
pub(super) fn top_digits(space: &Space, sources: &[Vec<usize>]) -> Option<usize> {
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

/// Each orientation value of coordinate `t` as bytes, a digit each, the
/// most significant in the lowest byte: its ranked digits alone (the one
/// that follows from the sum left out: a gain), and every slot's.
fn orientation_bytes(t: &Coordinate) -> (Vec<u64>, Vec<u64>) {
    let count = if t.ori_count > 1 { t.ori_count } else { 0 };
    let bytes = |o: &[u8]| o.iter().rev().fold(0u64, |b, &x| b << 8 | u64::from(x));
    let mut g = vec![0u8; t.slots.len()];
    (0..count)
        .map(|w| {
            t.unrank_ori(w, &mut g);
            (bytes(&g[..t.ori_digits]), bytes(&g))
        })
        .unzip()
}

/// What a piece of the source coordinate `f`'s dense value `x` becomes
/// at the target `t`'s slot `k` under `sym` (the declared orbit starting
/// at slot `first`): its dense value `dense[x]`, and the orientation it
/// gains there, `gains[k · values + x]`. Worked once a symmetry rather
/// than once an arrangement, since the sums are divisions.
pub(super) fn pieces_at(
    t: &Coordinate,
    f: &Coordinate,
    sym: &SpaceSymmetry,
    first: usize,
) -> (Vec<u8>, Vec<u8>) {
    let m = t.modulus;
    let dense = f
        .label
        .iter()
        .map(|&label| t.dense[usize::from(sym.relabel[first + usize::from(label)])])
        .collect();
    if t.ori_count <= 1 {
        return (dense, vec![0; t.slots.len() * f.label.len()]);
    }
    let gains = t
        .slots
        .iter()
        .flat_map(|&slot| {
            f.label.iter().map(move |&label| {
                let carried = sym.offset[first + usize::from(label)];
                let carried = if sym.map.mirror {
                    turn_sub(0, carried, m)
                } else {
                    carried
                };
                turn_add(carried, sym.map.gain[usize::from(slot)], m)
            })
        })
        .collect();
    (dense, gains)
}

/// The first slot of the declared orbit that coordinate `t` lies in.
pub(super) fn orbit_start(space: &Space, t: &Coordinate) -> usize {
    let slot = usize::from(t.slots[0]);
    space
        .orbits
        .iter()
        .find(|&&(f, n, _)| slot >= f && slot < f + n)
        .map_or(0, |o| o.0)
}

/// What the symmetries do to coordinate `target` of `space`.
pub(super) fn coordinate_action(
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
    let first = orbit_start(space, t);
    let with_ori = t.ori_count > 1;
    let m = t.modulus;
    let (gains, digits) = orientation_bytes(t);
    let carries = symmetries
        .par_iter()
        .zip(sources)
        .map(|(sym, src)| {
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
            let (dense, gains_at) = pieces_at(t, f, sym, first);
            let values = f.label.len();
            let mut perm = MoveTable::zeroed(f.perm_count, 1);
            let mut gained = Vec::new();
            f.for_each_arrangement(0..f.perm_count, |v, arr| {
                for k in 0..s {
                    let x = usize::from(arr[from[k]]);
                    out[k] = dense[x];
                    gained_here[k] = gains_at[k * values + x];
                }
                perm.set(v as usize, t.rank_perm(&out) as u32);
                if with_ori {
                    gained.push(t.rank_ori(&gained_here) as u16);
                }
            });
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
        bytewise: Bytewise::new(t.ori_digits, m),
    }
}
