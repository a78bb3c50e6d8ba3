//! How a space numbers its positions: each orbit's *coordinate* (the rank
//! of its pieces' arrangement, full, even or of a multiset, and of their
//! orientations), the mixed-radix number of the coordinates, and the
//! packed form of a space of one small arrangement.

use super::*;

impl Space {
    /// The positions [`Space::new`] would number and the bytes of its move
    /// tables, found without building any table, so that a search too
    /// large for the memory allowed is refused before it starts.
    ///
    /// ```
    /// use schofield::puzzle::{Metric, library};
    /// use schofield::method::space::Space;
    /// let corners = library::get("corners").unwrap();
    /// let moves = corners.moves(Metric::Face, None).unwrap();
    /// let (positions, tables) = Space::planned(&corners, &moves).unwrap();
    /// assert_eq!(positions, 88_179_840);
    /// assert!(tables > 0);
    /// ```
    pub fn planned(puzzle: &Puzzle, moves: &MoveSet) -> Result<(u64, u64), SpaceError> {
        let space = Space::layout(puzzle, moves, MAX_TABLE)?;
        if !space.numbered {
            return Err(SpaceError::Overflow);
        }
        Ok((space.size, space.table_bytes()))
    }

    /// True when [`Space::new`] would make one coordinate, taken as it is
    /// (not up to rotation), whose arrangements are worked rather than
    /// tabulated: the kind whose classes are tabulated an arrangement
    /// each, so that the search by classes can take a space whose
    /// positions are far too many for two bits each (the 3×3×3's edges).
    /// Found without building a move table.
    pub fn is_one_worked(puzzle: &Puzzle, moves: &MoveSet) -> Result<bool, SpaceError> {
        let space = Space::layout(puzzle, moves, MAX_TABLE)?;
        Ok(space.numbered
            && space.rotations.is_none()
            && matches!(space.coords.as_slice(), [c] if c.perm_count > MAX_TABLE))
    }

    /// The flat state of position `index`.
    pub fn decode_flat(&self, index: u64, f: &mut Flat) {
        let mut rest = index;
        let values = self.digits.iter().map(|d| {
            let (q, r) = d.radix.div_rem(rest);
            rest = q;
            r
        });
        self.decode_digits(values, f);
    }

    /// The flat state of the digits `values`, least significant first.
    pub(super) fn decode_digits(&self, values: impl Iterator<Item = u64>, f: &mut Flat) {
        f.pieces.clone_from(&self.goal.pieces);
        f.ori.clone_from(&self.goal.ori);
        let mut arr = [0u8; 256];
        for (d, r) in self.digits.iter().zip(values) {
            let c = &self.coords[d.coord];
            let s = c.slots.len();
            if d.ori {
                c.unrank_ori(r, &mut arr[..s]);
                for (k, &g) in c.slots.iter().enumerate() {
                    f.ori[usize::from(g)] = arr[k];
                }
            } else {
                c.unrank_perm(r, &mut arr[..s]);
                for (k, &g) in c.slots.iter().enumerate() {
                    f.pieces[usize::from(g)] = c.label[usize::from(arr[k])];
                }
            }
        }
        // Orientations that follow the pieces.
        for c in &self.coords {
            if let Some(follow) = &c.follow {
                for &g in &c.slots {
                    let g = usize::from(g);
                    f.ori[g] = follow[usize::from(c.dense[usize::from(f.pieces[g])])];
                }
            }
        }
    }

    /// The number of the flat state `f` (which must be a position of the
    /// space: its pieces where the coordinates allow them).
    pub fn encode_flat(&self, f: &Flat) -> u64 {
        let mut arr = [0u8; 256];
        self.digits
            .iter()
            .map(|d| self.rank_digit(d, f, &mut arr) * d.stride)
            .sum()
    }

    /// The value of digit `d` in the flat state `f` (`arr` a scratch row).
    #[inline]
    fn rank_digit(&self, d: &Digit, f: &Flat, arr: &mut [u8; 256]) -> u64 {
        let c = &self.coords[d.coord];
        let s = c.slots.len();
        if d.ori {
            for (k, &g) in c.slots.iter().enumerate() {
                arr[k] = f.ori[usize::from(g)];
            }
            c.rank_ori(&arr[..s])
        } else {
            for (k, &g) in c.slots.iter().enumerate() {
                arr[k] = c.dense[usize::from(f.pieces[usize::from(g)])];
            }
            c.rank_perm(&arr[..s])
        }
    }

    /// The digits of the flat state `f` (a position of the space), least
    /// significant first: what [`Space::encode_flat`] adds up.
    pub(crate) fn digits_of_flat(&self, f: &Flat) -> Vec<u64> {
        let mut arr = [0u8; 256];
        self.digits
            .iter()
            .map(|d| self.rank_digit(d, f, &mut arr))
            .collect()
    }

    /// The digits of a pattern ([`Space::digit`]), numbered or not;
    /// `None` when it is not a position of this space, as for
    /// [`Space::encode`]. Up to rotation, the digits of the position turned
    /// home, whose paths the engine names in its turning frame
    /// ([`Space::reframe`]).
    pub fn digits_of(&self, p: &Pattern) -> Option<Vec<u64>> {
        self.home_flat(p).map(|f| self.digits_of_flat(&f))
    }

    /// The flat state of pattern `p`, turned home up to rotation
    /// ([`Space::home_rotation`]), when it is a position of this space.
    fn home_flat(&self, p: &Pattern) -> Option<Flat> {
        let mut f = self.flat_of(p);
        if f.pieces.len() != self.goal.pieces.len() {
            return None;
        }
        if let Some(r) = &self.rotations {
            let k = r.rotation_for_checked(&f)?;
            apply_flat(&mut f, &r.maps[k], &self.orbits);
        }
        self.check_flat(&f).then_some(f)
    }

    /// The goal's digits.
    pub fn goal_digits(&self) -> Vec<u64> {
        self.digits_of_flat(&self.goal)
    }

    /// The pattern of position `index`.
    pub fn decode(&self, index: u64) -> Pattern {
        let mut f = self.scratch();
        self.decode_flat(index, &mut f);
        self.pattern_of(&f)
    }

    /// A flat state to decode into.
    pub fn scratch(&self) -> Flat {
        self.goal.clone()
    }

    /// The pattern of a flat state.
    pub fn pattern_of(&self, f: &Flat) -> Pattern {
        Pattern::new(
            self.orbits
                .iter()
                .map(|&(first, n, _)| OrbitPattern {
                    pieces: f.pieces[first..first + n].to_vec(),
                    orientation: f.ori[first..first + n].to_vec(),
                })
                .collect(),
        )
    }

    /// The flat state of a pattern.
    pub fn flat_of(&self, p: &Pattern) -> Flat {
        Flat {
            pieces: p.orbits().iter().flat_map(|o| o.pieces.clone()).collect(),
            ori: p
                .orbits()
                .iter()
                .flat_map(|o| o.orientation.clone())
                .collect(),
        }
    }

    /// The number of a pattern, turned home first when positions are taken
    /// up to rotation; `None` when it is not a position of this space (a
    /// piece where the moves never bring it, an orientation sum the moves
    /// never make, or a parity they never make).
    pub fn encode(&self, p: &Pattern) -> Option<u64> {
        self.home_flat(p).map(|f| self.encode_flat(&f))
    }

    /// True when the flat state is one the numbering covers.
    fn check_flat(&self, f: &Flat) -> bool {
        let mut covered = vec![false; f.pieces.len()];
        for c in &self.coords {
            let mut present: Vec<u8> = c.slots.iter().map(|&g| f.pieces[usize::from(g)]).collect();
            present.sort_unstable();
            let mut want: Vec<u8> = c
                .slots
                .iter()
                .map(|&g| self.goal.pieces[usize::from(g)])
                .collect();
            want.sort_unstable();
            if present != want {
                return false;
            }
            if let Kind::Even { odd } = c.kind {
                let arr: Vec<u8> = c
                    .slots
                    .iter()
                    .map(|&g| c.dense[usize::from(f.pieces[usize::from(g)])])
                    .collect();
                if perm::is_even(&arr) == odd {
                    return false;
                }
            }
            if let Some(follow) = &c.follow {
                let wrong = c.slots.iter().any(|&g| {
                    let g = usize::from(g);
                    f.ori[g] != follow[usize::from(c.dense[usize::from(f.pieces[g])])]
                });
                if wrong {
                    return false;
                }
            }
            if c.modulus > 1 {
                if c.slots.iter().any(|&g| f.ori[usize::from(g)] >= c.modulus) {
                    return false;
                }
                if let Some(sum) = c.ori_sum {
                    let s = c
                        .slots
                        .iter()
                        .map(|&g| u32::from(f.ori[usize::from(g)]))
                        .sum::<u32>()
                        % u32::from(c.modulus);
                    if s != u32::from(sum) {
                        return false;
                    }
                }
            }
            for &g in &c.slots {
                covered[usize::from(g)] = true;
            }
        }
        // Slots no move touches hold the goal's piece.
        (0..f.pieces.len()).all(|g| {
            covered[g] || (f.pieces[g] == self.goal.pieces[g] && f.ori[g] == self.goal.ori[g])
        })
    }

    /// The fast path for spaces of one orbit of at most eight distinct
    /// pieces, the goal holding piece `i` on slot `i`, every slot moved and
    /// no rotation (the eight- and five-puzzles, the cube's corner group):
    /// positions packed three bits a piece and a byte an orientation,
    /// symmetries and inverses applied to the fields.
    pub fn packed(&self) -> Option<Packed<'_>> {
        let [c] = self.coords.as_slice() else {
            return None;
        };
        let s = c.slots.len();
        let identity = self
            .goal
            .pieces
            .iter()
            .enumerate()
            .all(|(i, &p)| usize::from(p) == i);
        let ori_ok = c.modulus == 1 || (c.follow.is_none() && c.ori_packed.is_some());
        // A worked arrangement (in the tests, one of a few pieces) has no
        // table of arrangements in rank order.
        (c.ranker.is_some()
            && c.packed.is_some()
            && s == self.goal.pieces.len()
            && ori_ok
            && self.rotations.is_none()
            && identity)
            .then_some(Packed {
                space: self,
                coord: c,
            })
    }
}

impl Coordinate {
    pub(super) fn rank_perm(&self, arr: &[u8]) -> u64 {
        match self.kind {
            Kind::Full => match self.ranker {
                Some(r) => u64::from(r.rank_fields(perm::fields(arr))),
                None => perm::lex_rank(arr),
            },
            Kind::Even { .. } => match self.ranker {
                Some(r) => u64::from(r.rank_fields(perm::fields(arr))),
                None => perm::lex_rank(arr) >> 1,
            },
            Kind::Multiset => perm::multiset_rank_of(arr, &self.counts, self.perm_count),
        }
    }

    pub(super) fn unrank_perm(&self, v: u64, out: &mut [u8]) {
        let s = self.slots.len();
        if let Some(f) = self.packed.as_ref().and_then(|p| p.get(v as usize)) {
            for (k, o) in out.iter_mut().enumerate().take(s) {
                *o = ((f >> (3 * k)) & 7) as u8;
            }
            return;
        }
        match self.kind {
            Kind::Full => perm::lex_unrank_into(v, out),
            Kind::Even { odd } => {
                perm::lex_unrank_into(2 * v, out);
                perm::set_parity(out, odd);
            }
            Kind::Multiset => perm::multiset_unrank_of(v, &self.counts, self.perm_count, out),
        }
    }

    /// Hands `f` each arrangement of the values `range`, in order, with
    /// its value: the first unranked, each next one stepped to from the
    /// one before ([`perm::next_lex`]; an even arrangement two steps on),
    /// where unranking each would cost a division a slot. As
    /// [`Coordinate::unrank_perm`] of each value.
    pub(super) fn for_each_arrangement(
        &self,
        range: std::ops::Range<u64>,
        mut f: impl FnMut(u64, &[u8]),
    ) {
        let s = self.slots.len();
        let mut lex = vec![0u8; s];
        if self.packed.is_some() || s < 2 {
            for v in range {
                self.unrank_perm(v, &mut lex);
                f(v, &lex);
            }
            return;
        }
        let Some(first) = range.clone().next() else {
            return;
        };
        match self.kind {
            Kind::Full => perm::lex_unrank_into(first, &mut lex),
            Kind::Even { .. } => perm::lex_unrank_into(2 * first, &mut lex),
            Kind::Multiset => {
                perm::multiset_unrank_of(first, &self.counts, self.perm_count, &mut lex)
            }
        }
        let Kind::Even { odd } = self.kind else {
            for v in range {
                f(v, &lex);
                perm::next_lex(&mut lex);
            }
            return;
        };
        // Of the two permutations `2v` and `2v + 1`, which differ in their
        // last two entries, the one of the goal's parity; the parity
        // followed step by step.
        let mut lex_odd = !perm::is_even(&lex);
        let mut even = lex.clone();
        for v in range {
            even.copy_from_slice(&lex);
            if lex_odd != odd {
                even.swap(s - 2, s - 1);
            }
            f(v, &even);
            for _ in 0..2 {
                lex_odd ^= perm::next_lex_flips(&mut lex).unwrap_or(false);
            }
        }
    }

    pub(super) fn rank_ori(&self, o: &[u8]) -> u64 {
        if self.modulus == 2 {
            // Flips: a bit a digit.
            return o[..self.ori_digits]
                .iter()
                .fold(0u64, |acc, &x| acc << 1 | u64::from(x));
        }
        o[..self.ori_digits]
            .iter()
            .fold(0u64, |acc, &x| acc * u64::from(self.modulus) + u64::from(x))
    }

    pub(super) fn unrank_ori(&self, mut w: u64, out: &mut [u8]) {
        let m = u64::from(self.modulus);
        let s = self.slots.len();
        for k in (0..self.ori_digits).rev() {
            out[k] = (w % m) as u8;
            w /= m;
        }
        if let Some(sum) = self.ori_sum {
            let rest: u64 = out[..s - 1].iter().map(|&x| u64::from(x)).sum();
            out[s - 1] = ((u64::from(sum) + m * (s as u64) - rest % m) % m) as u8;
        } else if self.ori_digits == 0 {
            out[..s].fill(0);
        }
    }
}

/// Positions of a space of one small arrangement, packed in 3-bit fields
/// ([`Space::packed`]).
#[derive(Debug, Clone, Copy)]
pub struct Packed<'a> {
    pub(super) space: &'a Space,
    pub(super) coord: &'a Coordinate,
}

impl Packed<'_> {
    /// The perm value, the orientations (a byte a slot) and the orientation
    /// modulus of position `x`.
    #[inline]
    fn split(&self, x: u64) -> (u32, u64) {
        let c = self.coord;
        let (p, w) = if c.ori_count > 1 {
            (x / c.ori_count, x % c.ori_count)
        } else {
            (x, 0)
        };
        let perm = c.packed.map_or(0, |t| t[p as usize]);
        let ori = c.ori_packed.as_ref().map_or(0, |t| t[w as usize]);
        (perm, ori)
    }

    /// The number of the position with these fields.
    #[inline]
    pub(super) fn join(&self, perm: u32, ori: u64) -> u64 {
        let c = self.coord;
        let ranker = c.ranker.expect("a packed space has a table ranker");
        let p = u64::from(ranker.rank_fields(perm));
        if c.ori_count > 1 {
            let m = u64::from(c.modulus);
            let w = (0..c.ori_digits).fold(0u64, |acc, k| acc * m + ((ori >> (8 * k)) & 0xff));
            p * c.ori_count + w
        } else {
            p
        }
    }

    /// The images of `x` under each symmetry, in order, appended to `out`.
    pub fn images<'s>(
        &self,
        x: u64,
        symmetries: impl Iterator<Item = &'s SpaceSymmetry>,
        out: &mut Vec<u64>,
    ) {
        let s = self.coord.slots.len();
        let m = u64::from(self.coord.modulus);
        let (f, o) = self.split(x);
        let m = m as usize;
        for sym in symmetries {
            let mut g = 0u32;
            let mut no = 0u64;
            for (i, &src) in sym.map.src.iter().enumerate().take(s) {
                let piece = usize::from(((f >> (3 * u32::from(src))) & 7) as u8);
                g |= u32::from(sym.relabel[piece]) << (3 * i);
                if m > 1 {
                    let turned = ((o >> (8 * u32::from(src))) & 0xff) as usize;
                    no |= u64::from(sym.turns[(i * s + piece) * m + turned]) << (8 * i);
                }
            }
            out.push(self.join(g, no));
        }
        let _ = self.space;
    }

    /// The inverse of position `x` (the goal holds piece `i` on slot `i`):
    /// the piece on slot `i` is `p`, so the inverse has piece `i` on slot
    /// `p`, turned back.
    pub fn inverse(&self, x: u64) -> u64 {
        let s = self.coord.slots.len();
        let m = u64::from(self.coord.modulus);
        let goal_ori = &self.space.goal.ori;
        let (f, o) = self.split(x);
        let mut g = 0u32;
        let mut no = 0u64;
        for i in 0..s {
            let p = (f >> (3 * i)) & 7;
            g |= (i as u32) << (3 * p);
            if m > 1 {
                let oi = (o >> (8 * i)) & 0xff;
                let v = (u64::from(goal_ori[i]) + m - oi + u64::from(goal_ori[p as usize])) % m;
                no |= v << (8 * p);
            }
        }
        self.join(g, no)
    }
}

/// Every arrangement of `s ≤ 8` distinct pieces in rank order, packed
/// three bits an entry ([`perm::fields`]): all of them, or those of one
/// parity in lexicographic order (of two arrangements that differ in the
/// last two entries, the one of that parity).
pub(super) fn packed_in_order(s: usize, kind: Kind) -> &'static [u32] {
    use std::sync::OnceLock;
    // A constant table for each size and kind, made once, on first use (as
    // the rankers' tables are made at compile time); never changed after.
    #[allow(clippy::declare_interior_mutable_const)]
    const NONE: OnceLock<Vec<u32>> = OnceLock::new();
    #[allow(clippy::declare_interior_mutable_const)]
    const ROW: [OnceLock<Vec<u32>>; 3] = [NONE, NONE, NONE];
    static TABLES: [[OnceLock<Vec<u32>>; 3]; 9] = [ROW, ROW, ROW, ROW, ROW, ROW, ROW, ROW, ROW];
    let k = match kind {
        Kind::Even { odd: false } => 0,
        Kind::Even { odd: true } => 1,
        _ => 2,
    };
    TABLES[s.min(8)][k].get_or_init(|| packed_in_order_uncached(s, kind))
}

/// [`packed_in_order`], made afresh.
fn packed_in_order_uncached(s: usize, kind: Kind) -> Vec<u32> {
    pub(super) fn fill(
        s: usize,
        i: usize,
        free: u32,
        odd: bool,
        f: u32,
        want: Option<bool>,
        out: &mut Vec<u32>,
    ) {
        if i + 2 >= s {
            // The last two (or fewer) values.
            let a = free.trailing_zeros();
            let b = (free & free.wrapping_sub(1)).trailing_zeros();
            match free.count_ones() {
                0 => out.push(f),
                1 => out.push(f | a << (3 * i)),
                2 => {
                    let (lo, hi) = (
                        f | a << (3 * i) | b << (3 * (i + 1)),
                        f | b << (3 * i) | a << (3 * (i + 1)),
                    );
                    match want {
                        None => out.extend([lo, hi]),
                        // In order the pair adds no inversion; swapped, one.
                        Some(w) => out.push(if odd == w { lo } else { hi }),
                    }
                }
                _ => unreachable!("at most two values are left"),
            }
            return;
        }
        let mut rest = free;
        while rest != 0 {
            let v = rest.trailing_zeros();
            rest &= rest - 1;
            let below = (free & ((1u32 << v) - 1)).count_ones();
            fill(
                s,
                i + 1,
                free & !(1 << v),
                odd ^ (below & 1 == 1),
                f | v << (3 * i),
                want,
                out,
            );
        }
    }
    let mut out = Vec::new();
    let want = match kind {
        Kind::Even { odd } => Some(odd),
        _ => None,
    };
    fill(s, 0, (1u32 << s) - 1, false, 0, want, &mut out);
    out
}
