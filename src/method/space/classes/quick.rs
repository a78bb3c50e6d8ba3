//! The quick reductions: the least image of every rest under each
//! self-symmetric class's stabiliser, tabulated, and a reduction without
//! loops for a space of one coordinate (the corner group's).

use super::action::Bytewise;
use super::*;
use rayon::prelude::*;

/// The reduction of a space of one coordinate whose arrangement is the
/// top digit and whose orientations are the rest, as the corner group's
/// is: the general reduction's loops over coordinates and its checks of
/// which digits are top ones settled once, when the coordinate is made.
#[derive(Debug, Clone)]
pub(super) struct OneCoordinate {
    /// The arrangement's digit and the orientations'.
    pub(super) perm: usize,
    pub(super) ori: usize,
    /// Symmetry by symmetry, the slot each ranked digit is carried from,
    /// and whether it is a mirror.
    pub(super) carries: Vec<([u8; 8], bool)>,
    pub(super) bytewise: Bytewise,
}

impl SymmetryCoordinate {
    /// Tabulates [`SymmetryCoordinate::minima`] when it takes at most
    /// [`MAX_MINIMA`] entries and `left` bytes (it only saves time).
    pub(super) fn tabulate_minima(&mut self, left: Option<u64>) {
        let selfish: Vec<usize> = (0..self.representatives.len())
            .filter(|&k| self.starts[k + 1] - self.starts[k] > 1)
            .collect();
        let entries = (selfish.len() as u64).saturating_mul(self.rest);
        if selfish.is_empty()
            || entries > MAX_MINIMA
            || self.rest >= 1 << 24
            || self.symmetries > 255
            || left.is_some_and(|l| entries * 4 > l)
        {
            return;
        }
        let nd = self.radices.len();
        let rest = self.rest as usize;
        let mut minima = vec![0u32; entries as usize];
        minima
            .par_chunks_mut(rest)
            .zip(&selfish)
            .for_each(|(row, &k)| {
                let mut d = [0u64; MAX_DIGITS];
                let mut w = [0u64; MAX_DIGITS];
                self.set_top(u64::from(self.representatives[k]), &mut d[..nd]);
                let stab = &self.stabilisers[self.starts[k] as usize..self.starts[k + 1] as usize];
                for (r, entry) in row.iter_mut().enumerate() {
                    let mut lo = r as u64;
                    for (x, radix) in d[..self.low].iter_mut().zip(&self.radices) {
                        let (q, v) = radix.div_rem(lo);
                        *x = v;
                        lo = q;
                    }
                    let (mut best, mut hits) = (u64::MAX, 0u32);
                    for &t in stab {
                        self.conjugate(usize::from(t), &d[..nd], &mut w[..nd], Part::Rest, &[]);
                        let lo = self.rest_of(&w[..nd]);
                        if lo < best {
                            (best, hits) = (lo, 1);
                        } else if lo == best {
                            hits += 1;
                        }
                    }
                    *entry = (best as u32) << 8 | hits;
                }
            });
        self.minima_at = vec![u32::MAX; self.representatives.len()];
        for (row, &k) in selfish.iter().enumerate() {
            self.minima_at[k] = row as u32;
        }
        self.minima = minima;
        self.bytes += entries * 4 + self.representatives.len() as u64 * 4;
    }

    /// The quick reduction of a space of one coordinate, its arrangement
    /// the top digit and its orientations the rest, when every top value's
    /// gain is tabulated and the orientations can be worked a byte a
    /// digit.
    pub(super) fn one_coordinate(&self) -> Option<OneCoordinate> {
        let [c] = &self.coordinates[..] else {
            return None;
        };
        let (perm, ori) = (c.perm_digit?, c.ori_digit?);
        let whole = self.radices.len() == 2 && self.low == 1 && perm == 1 && ori == 0;
        if !whole || self.first_gains.is_empty() || self.first_gains.contains(&NOT_TABULATED) {
            return None;
        }
        Some(OneCoordinate {
            perm,
            ori,
            carries: c.carries.iter().map(|k| (k.from, k.mirror)).collect(),
            bytewise: c.bytewise?,
        })
    }

    /// [`SymmetryCoordinate::reduce`] by [`OneCoordinate`]; `None` for a
    /// self-symmetric class whose minima are not tabulated.
    #[inline(always)]
    pub(super) fn reduce_one(&self, one: &OneCoordinate, d: &[u64]) -> Option<(u64, usize)> {
        self.reduce_one_of(one, d[one.perm] as usize, d[one.ori] as usize)
    }

    /// [`SymmetryCoordinate::reduce_one`] of the arrangement `top` and
    /// the orientations `ori`.
    #[inline(always)]
    fn reduce_one_of(&self, one: &OneCoordinate, top: usize, ori: usize) -> Option<(u64, usize)> {
        let k = self.top_class[top] as usize;
        let (from, mirror) = one.carries[usize::from(self.top_symmetry[top])];
        let c = &self.coordinates[0];
        let a = c.digits[ori];
        let b = c.gains[usize::from(self.first_gains[top])];
        let best = one.bytewise.rank(a, b, &from, mirror);
        let at = k as u64 * self.rest;
        match self.minima_at.get(k) {
            Some(&row) if row != u32::MAX => {
                let e = self.minima[row as usize * self.rest as usize + best as usize];
                Some((at + u64::from(e >> 8), (e & 0xff) as usize))
            }
            Some(_) => Some((at + best, 1)),
            None => (self.starts[k + 1] - self.starts[k] == 1).then_some((at + best, 1)),
        }
    }

    /// [`SymmetryCoordinate::find_neighbour`] by [`OneCoordinate`], for
    /// the state of top class `k` and orientations `ori`: each move's
    /// arrangement and orientations read from the two rows of the
    /// coordinate's move tables that the representative's values pick,
    /// with no digit taken apart or looked up by its coordinate. `None`
    /// where those tables are not both two bytes an entry.
    #[inline(always)]
    pub(super) fn find_neighbour_one(
        &self,
        one: &OneCoordinate,
        space: &Space,
        k: usize,
        ori: usize,
        found: &mut impl FnMut(u64, usize, u64) -> bool,
    ) -> Option<bool> {
        let [c] = &space.coords[..] else {
            return None;
        };
        let (MoveTable::Small(perms), MoveTable::Small(oris)) = (&c.perm_table, &c.ori_table)
        else {
            return None;
        };
        if c.is_worked(false) || c.is_worked(true) {
            return None;
        }
        let nm = space.move_count();
        let top = self.representatives[k] as usize;
        let perm_row = &perms[top * nm..(top + 1) * nm];
        let ori_row = &oris[ori * nm..(ori + 1) * nm];
        let (perm_stride, ori_stride) = (self.strides[one.perm], self.strides[one.ori]);
        for (&p, &o) in perm_row.iter().zip(ori_row) {
            let (p, o) = (usize::from(p), usize::from(o));
            let (state, hits) = match self.reduce_one_of(one, p, o) {
                Some(reduced) => reduced,
                None => {
                    let mut d = [0u64; 2];
                    (d[one.perm], d[one.ori]) = (p as u64, o as u64);
                    self.reduce(&d)
                }
            };
            let index = p as u64 * perm_stride + o as u64 * ori_stride;
            if found(state, hits, index) {
                return Some(true);
            }
        }
        Some(false)
    }
}
