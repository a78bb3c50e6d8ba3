//! Some of one orbit's pieces followed on their own ([`PieceSet`]): a
//! projection of the puzzle smaller than its coordinate, as Korf's
//! pattern databases take six of the 3×3×3's twelve edges.

use super::*;

/// The most slots of an orbit whose pieces a [`PieceSet`] follows: the
/// places taken are kept as the bits of one word.
pub const MAX_SET_SLOTS: usize = 64;

/// Some of the distinct pieces of one coordinate: the places they hold,
/// in order, and their orientations. Every move acts on these on its own,
/// so a piece set is a projection of the puzzle: a smaller puzzle whose
/// every path is the image of a path of the whole. A value is
/// `places × orientations + orientation`, the places ranked as a partial
/// arrangement (`n!/(n−k)!` of them for `k` pieces of `n` slots), the
/// orientations one digit a piece.
///
/// ```
/// use schofield::puzzle::{Metric, library};
/// use schofield::method::space::Space;
/// let cube = library::get("3x3x3").unwrap();
/// let moves = cube.moves(Metric::Face, None).unwrap();
/// let space = Space::unnumbered(&cube, &moves, None).unwrap();
/// // The edges are the second coordinate: six of the twelve, flips and all.
/// let six = space.piece_set(1, &[0, 1, 2, 3, 4, 5]).unwrap();
/// assert_eq!(six.len(), 12 * 11 * 10 * 9 * 8 * 7 * 64);
/// let goal = six.value_of(&space, space.goal_flat());
/// let turned = six.step(goal, 0);
/// assert_ne!(turned, goal);
/// // A quarter turn four times over.
/// let quarter = moves.iter().position(|m| m.name() == "U").unwrap();
/// let mut x = goal;
/// for _ in 0..4 {
///     x = six.step(x, quarter);
/// }
/// assert_eq!(x, goal);
/// ```
#[derive(Debug, Clone)]
pub struct PieceSet {
    coord: usize,
    /// For each dense piece value of the coordinate, its place in the set
    /// (`u8::MAX` for a piece not kept).
    index: Vec<u8>,
    /// Pieces kept.
    k: usize,
    /// Slots of the coordinate.
    n: usize,
    /// The orientations' modulus (1 when they are not kept: orientations
    /// that follow the pieces).
    modulus: u64,
    /// `n!/(n−k)!` and `modulus^k`.
    places: u64,
    orientations: u64,
    /// `orientations` and `modulus` as divisors: a move's value split
    /// without a division.
    split: Divisor,
    digit: Divisor,
    moves: usize,
    /// `steps[p * moves + m]`: the places move `m` makes of places `p`
    /// and the orientation (a digit a piece) the pieces gain on the way,
    /// packed in one word (the places above, the gain in the low byte)
    /// where the places number at most 2²⁴ and the orientations 256, so
    /// that a move is one read (seven of the cube's edges: 287 MB); else
    /// the places alone, and the gain in `wide_gains`.
    steps: std::sync::Arc<[u32]>,
    wide_gains: std::sync::Arc<[u32]>,
}

impl Space {
    /// The slots and the orientation modulus of coordinate `c` when its
    /// pieces are all different, at most [`MAX_SET_SLOTS`] slots, and no
    /// move mirrors: what a [`PieceSet`] of it takes (the modulus is 1
    /// when orientations follow the pieces).
    pub fn distinct_pieces(&self, c: usize) -> Option<(usize, u8)> {
        let coord = &self.coords[c];
        let distinct = coord.counts.iter().all(|&k| k == 1);
        let modulus = if coord.follow.is_some() {
            1
        } else {
            coord.modulus.max(1)
        };
        (distinct && coord.slots.len() <= MAX_SET_SLOTS && !self.moves.iter().any(|m| m.mirror))
            .then_some((coord.slots.len(), modulus))
    }

    /// True when every coordinate's pieces are all different: then a
    /// position from the goal tells the transformation that made it, as
    /// [`crate::method::search::ida`]'s conjugates need.
    pub fn has_distinct_pieces(&self) -> bool {
        self.coords.iter().all(|c| c.counts.iter().all(|&k| k == 1))
    }

    /// The pieces of coordinate `c` (a bit for each dense value) whose
    /// places and orientations a [`PieceSet`] of the pieces `pieces`
    /// reads when it is read at a position's conjugate by `s`
    /// ([`Space::conjugate_into`]): those `s` relabels as one of
    /// `pieces`. The coordinate's pieces are all different
    /// ([`Space::distinct_pieces`]).
    pub fn pieces_read_at(&self, c: usize, pieces: &[u8], s: &SpaceSymmetry) -> u64 {
        let coord = &self.coords[c];
        let g = usize::from(coord.slots[0]);
        let first = self
            .orbits
            .iter()
            .find(|&&(first, n, _)| first <= g && g < first + n)
            .map_or(0, |&(first, _, _)| first);
        coord
            .label
            .iter()
            .enumerate()
            .filter(|&(_, &l)| {
                let image = s.relabel[first + usize::from(l)];
                pieces.contains(&coord.dense[usize::from(image)])
            })
            .fold(0u64, |read, (d, _)| read | 1 << d)
    }

    /// The pieces of coordinate `c` whose dense values are `pieces`
    /// ([`PieceSet`]), with the tables of what each move does to them;
    /// `None` when the coordinate's pieces cannot be followed one by one
    /// ([`Space::distinct_pieces`]) or a piece is named twice or not at
    /// all.
    pub fn piece_set(&self, c: usize, pieces: &[u8]) -> Option<PieceSet> {
        let (n, modulus) = self.distinct_pieces(c)?;
        let coord = &self.coords[c];
        let k = pieces.len();
        let index = PieceSet::index_of(n, pieces)?;
        let (places, orientations) = PieceSet::size(n, k, modulus)?;
        let nm = self.moves.len();
        // Each move on the coordinate's own slots: where the piece on each
        // slot goes, and the orientation it gains there.
        let local = |g: u16| coord.slots.iter().position(|&x| x == g).expect("a slot");
        let mut to = vec![0u8; nm * n];
        let mut gain_of = vec![0u8; nm * n];
        for (m, map) in self.moves.iter().enumerate() {
            for (t, &g) in coord.slots.iter().enumerate() {
                let s = local(map.src[usize::from(g)]);
                to[m * n + s] = t as u8;
                gain_of[m * n + s] = if modulus > 1 {
                    map.gain[usize::from(g)]
                } else {
                    0
                };
            }
        }
        let packed = PieceSet::packs(places, orientations);
        let cells = places as usize * nm;
        let mut steps = crate::memory::shared_zeros(cells);
        let mut wide_gains = crate::memory::shared_zeros(if packed { 0 } else { cells });
        let filler = Filler {
            n,
            k,
            nm,
            modulus: u64::from(modulus),
            to: &to,
            gain_of: &gain_of,
        };
        // The places whose first piece is on one slot are one run of rows
        // (the first piece is the rank's top digit): a run to a core.
        let run = places as usize / n * nm;
        let fresh = "a table not yet shared";
        let steps_mut = std::sync::Arc::get_mut(&mut steps).expect(fresh);
        use rayon::prelude::*;
        if packed {
            steps_mut
                .par_chunks_mut(run)
                .enumerate()
                .for_each(|(first, rows)| {
                    filler.fill(first as u8, &mut |at, r, g| {
                        rows[at] = (g as u32) | (r as u32) << 8;
                    });
                });
        } else {
            let gains_mut = std::sync::Arc::get_mut(&mut wide_gains).expect(fresh);
            steps_mut
                .par_chunks_mut(run)
                .zip(gains_mut.par_chunks_mut(run))
                .enumerate()
                .for_each(|(first, (rows, gains))| {
                    filler.fill(first as u8, &mut |at, r, g| {
                        rows[at] = r as u32;
                        gains[at] = g as u32;
                    });
                });
        }
        Some(PieceSet {
            coord: c,
            index,
            k,
            n,
            modulus: u64::from(modulus),
            places,
            orientations,
            split: Divisor::new(orientations).expect("at least one orientation"),
            digit: Divisor::new(u64::from(modulus)).expect("a modulus of at least 1"),
            moves: nm,
            steps,
            wide_gains,
        })
    }
}

/// What each move does to the places of a piece set, ranked piece by
/// piece as the places are enumerated in order of rank: a place's rank
/// and its image's under every move are carried down from its first
/// pieces' ([`PieceSet::rank_places`] one digit at a time), so that a
/// cell costs one digit and not a ranking of `k`.
struct Filler<'a> {
    n: usize,
    k: usize,
    nm: usize,
    modulus: u64,
    /// `to[m * n + s]`: the slot move `m` takes slot `s`'s piece to.
    to: &'a [u8],
    /// `gain_of[m * n + s]`: the orientation it gains on the way.
    gain_of: &'a [u8],
}

/// The image under one move of the first pieces' places: its rank so
/// far, the slots it takes, its gains so far.
#[derive(Clone, Copy, Default)]
struct Image {
    rank: u64,
    taken: u64,
    gain: u64,
}

impl Filler<'_> {
    /// Calls `cell(at, rank, gain)` for every place whose first piece is
    /// on slot `first` and every move, `at` counted from its first row.
    fn fill(&self, first: u8, cell: &mut dyn FnMut(usize, u64, u64)) {
        let mut images = vec![Image::default(); (self.k + 1) * self.nm];
        self.extend(0, first, &mut images);
        let mut at = 0;
        self.descend(1, 1u64 << first, &mut images, &mut at, cell);
    }

    /// The images at depth `j + 1` from those at depth `j`, piece `j` on
    /// slot `l`.
    fn extend(&self, j: usize, l: u8, images: &mut [Image]) {
        let (before, after) = images.split_at_mut((j + 1) * self.nm);
        let radix = (self.n - j) as u64;
        for m in 0..self.nm {
            let from = before[j * self.nm + m];
            let s = m * self.n + usize::from(l);
            let t = self.to[s];
            let below = (from.taken & ((1u64 << t) - 1)).count_ones();
            after[m] = Image {
                rank: from.rank * radix + u64::from(t) - u64::from(below),
                taken: from.taken | 1 << t,
                gain: from.gain * self.modulus + u64::from(self.gain_of[s]),
            };
        }
    }

    fn descend(
        &self,
        j: usize,
        used: u64,
        images: &mut [Image],
        at: &mut usize,
        cell: &mut dyn FnMut(usize, u64, u64),
    ) {
        if j == self.k {
            for m in 0..self.nm {
                let image = images[j * self.nm + m];
                cell(*at, image.rank, image.gain);
                *at += 1;
            }
            return;
        }
        for l in 0..self.n as u8 {
            if used >> l & 1 == 0 {
                self.extend(j, l, images);
                self.descend(j + 1, used | 1 << l, images, at, cell);
            }
        }
    }
}

impl PieceSet {
    /// The places and the orientations of `k` pieces of `n` slots, their
    /// orientations modulo `modulus`; `None` past a 32-bit number either.
    pub fn size(n: usize, k: usize, modulus: u8) -> Option<(u64, u64)> {
        if k == 0 || k > n || n > MAX_SET_SLOTS {
            return None;
        }
        let places = (n - k + 1..=n).try_fold(1u64, |acc, f| acc.checked_mul(f as u64))?;
        let orientations = u64::from(modulus).checked_pow(k as u32)?;
        (places <= u64::from(u32::MAX) && orientations <= u64::from(u32::MAX))
            .then_some((places, orientations))
    }

    /// For each of `n` dense piece values, its place among `pieces`
    /// (`u8::MAX` for one not among them); `None` when a piece is named
    /// twice or is not one of the `n`.
    fn index_of(n: usize, pieces: &[u8]) -> Option<Vec<u8>> {
        let mut index = vec![u8::MAX; n];
        for (j, &p) in pieces.iter().enumerate() {
            let slot = index.get_mut(usize::from(p))?;
            if *slot != u8::MAX {
                return None;
            }
            *slot = j as u8;
        }
        Some(index)
    }

    /// The set of the pieces `pieces` of the same coordinate, as many as
    /// this set's: its moves are this set's, shared and not made again
    /// (they follow places, not pieces). `None` for another number of
    /// pieces, a piece named twice or not one of the coordinate's.
    ///
    /// ```
    /// use schofield::puzzle::{Metric, library};
    /// use schofield::method::space::Space;
    /// let cube = library::get("3x3x3").unwrap();
    /// let moves = cube.moves(Metric::Face, None).unwrap();
    /// let space = Space::unnumbered(&cube, &moves, None).unwrap();
    /// let first = space.piece_set(1, &[0, 1, 2]).unwrap();
    /// let shared = first.with_pieces(&[9, 10, 11]).unwrap();
    /// let made = space.piece_set(1, &[9, 10, 11]).unwrap();
    /// // The same value, moved alike by every move, through a walk.
    /// let mut a = shared.value_of(&space, space.goal_flat());
    /// let mut b = made.value_of(&space, space.goal_flat());
    /// for m in (0..40).map(|k| k * 7 % moves.len()) {
    ///     (a, b) = (shared.step(a, m), made.step(b, m));
    ///     assert_eq!(a, b);
    /// }
    /// assert!(first.with_pieces(&[0, 1]).is_none());
    /// ```
    pub fn with_pieces(&self, pieces: &[u8]) -> Option<PieceSet> {
        if pieces.len() != self.k {
            return None;
        }
        Some(PieceSet {
            index: PieceSet::index_of(self.n, pieces)?,
            ..self.clone()
        })
    }

    /// Its coordinate, and its pieces (their dense values, in order).
    pub fn pieces(&self) -> (usize, Vec<u8>) {
        let mut kept = vec![0u8; self.k];
        for (d, &j) in self.index.iter().enumerate() {
            if j != u8::MAX {
                kept[usize::from(j)] = d as u8;
            }
        }
        (self.coord, kept)
    }

    /// How many values the set takes.
    pub fn len(&self) -> u64 {
        self.places * self.orientations
    }

    /// True when the set takes no value (never: the goal's is one).
    pub fn is_empty(&self) -> bool {
        self.len() == 0
    }

    /// The bytes of its move tables.
    pub fn table_bytes(&self) -> u64 {
        PieceSet::bytes(self.places, self.orientations, self.moves)
    }

    /// The bytes of the move tables of a set of `places` places under
    /// `moves` moves.
    pub fn bytes(places: u64, orientations: u64, moves: usize) -> u64 {
        let gain = if PieceSet::packs(places, orientations) {
            0
        } else {
            4
        };
        places.saturating_mul(moves as u64).saturating_mul(4 + gain)
    }

    /// True when a move's places and gain fit one word: places below 2²⁴,
    /// at most 256 orientations.
    fn packs(places: u64, orientations: u64) -> bool {
        places <= 1 << 24 && orientations <= 256
    }

    /// The value move `m` makes of value `v`.
    #[inline]
    pub fn step(&self, v: u64, m: usize) -> u64 {
        let (p, o) = self.split.div_rem(v);
        let at = p as usize * self.moves + m;
        let e = self.steps[at];
        let (places, g) = match self.wide_gains.get(at) {
            None => (e >> 8, e & 0xff),
            Some(&g) => (e, g),
        };
        let g = u64::from(g);
        let o = match self.modulus {
            1 => 0,
            2 => o ^ g,
            md => {
                // Digit by digit, without carries.
                let (mut a, mut b, mut sum, mut unit) = (o, g, 0, 1);
                for _ in 0..self.k {
                    let ((qa, ra), (qb, rb)) = (self.digit.div_rem(a), self.digit.div_rem(b));
                    let s = ra + rb;
                    sum += if s >= md { s - md } else { s } * unit;
                    (a, b) = (qa, qb);
                    unit *= md;
                }
                sum
            }
        };
        u64::from(places) * self.orientations + o
    }

    /// The set's value in the flat state `f` of `space` (the space it was
    /// made from).
    pub fn value_of(&self, space: &Space, f: &Flat) -> u64 {
        let coord = &space.coords[self.coord];
        let mut locs = [0u8; MAX_SET_SLOTS];
        let mut oris = [0u8; MAX_SET_SLOTS];
        for (s, &g) in coord.slots.iter().enumerate() {
            let j = self.index[usize::from(coord.dense[usize::from(f.pieces[usize::from(g)])])];
            if j != u8::MAX {
                locs[usize::from(j)] = s as u8;
                oris[usize::from(j)] = f.ori[usize::from(g)];
            }
        }
        let o = if self.modulus > 1 {
            oris[..self.k]
                .iter()
                .fold(0u64, |acc, &x| acc * self.modulus + u64::from(x))
        } else {
            0
        };
        self.rank_places(&locs[..self.k]) * self.orientations + o
    }

    /// The rank of places `locs` (distinct slots below `n`), piece by
    /// piece: each the count of free slots before it.
    fn rank_places(&self, locs: &[u8]) -> u64 {
        let mut used = 0u64;
        let mut r = 0u64;
        for (j, &l) in locs.iter().enumerate() {
            let below = (used & ((1u64 << l) - 1)).count_ones();
            r = r * (self.n - j) as u64 + u64::from(l) - u64::from(below);
            used |= 1 << l;
        }
        r
    }

    /// The places of rank `r` into `locs` (the tests' inverse of
    /// [`PieceSet::rank_places`]).
    #[cfg(test)]
    fn unrank_places(&self, mut r: u64, locs: &mut [u8]) {
        let mut free = [0u8; MAX_SET_SLOTS];
        for j in (0..self.k).rev() {
            let radix = (self.n - j) as u64;
            free[j] = (r % radix) as u8;
            r /= radix;
        }
        let mut used = 0u64;
        for j in 0..self.k {
            // The free[j]-th slot not yet used.
            let mut left = free[j];
            let mut l = 0u8;
            loop {
                if used >> l & 1 == 0 {
                    if left == 0 {
                        break;
                    }
                    left -= 1;
                }
                l += 1;
            }
            locs[j] = l;
            used |= 1 << l;
        }
    }
}

impl Space {
    /// A fingerprint of the space: its orbits, goal, coordinates, digits
    /// and moves (xxh3-128). Two spaces with one fingerprint number their
    /// positions alike and move them alike, so a table made for one
    /// serves the other (the pruning tables kept on disk are keyed by it).
    ///
    /// ```
    /// use schofield::puzzle::{Metric, library};
    /// use schofield::method::space::Space;
    /// let cube = library::get("3x3x3").unwrap();
    /// let face = cube.moves(Metric::Face, None).unwrap();
    /// let quarter = cube.moves(Metric::Quarter, None).unwrap();
    /// let a = Space::unnumbered(&cube, &face, None).unwrap();
    /// let b = Space::unnumbered(&cube, &face, None).unwrap();
    /// let c = Space::unnumbered(&cube, &quarter, None).unwrap();
    /// assert_eq!(a.fingerprint(), b.fingerprint());
    /// assert_ne!(a.fingerprint(), c.fingerprint());
    /// ```
    pub fn fingerprint(&self) -> u128 {
        let coords: Vec<_> = self
            .coords
            .iter()
            .map(|c| {
                (
                    &c.slots,
                    &c.dense,
                    &c.counts,
                    c.kind,
                    c.modulus,
                    c.ori_digits,
                    c.ori_sum,
                    &c.follow,
                )
            })
            .collect();
        let digits: Vec<_> = self
            .digits
            .iter()
            .map(|d| (d.coord, d.ori, d.radix.get(), d.stride))
            .collect();
        let text = format!(
            "{:?}",
            (
                &self.orbits,
                &self.goal,
                coords,
                digits,
                &self.moves,
                self.numbered
            )
        );
        xxhash_rust::xxh3::xxh3_128(text.as_bytes())
    }

    /// The flat state whose digits are `digits` ([`Space::digits_of`]).
    pub fn flat_of_digits(&self, digits: &[u64]) -> Flat {
        let mut f = self.scratch();
        self.decode_digits(digits.iter().copied(), &mut f);
        f
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::puzzle::{Metric, library};

    /// A set's value moves as the whole position does: along a walk of
    /// the 3×3×3 and of the Pyraminx (even edges), each move's image of
    /// the set's value is the value of the moved position; and a value's
    /// places unrank to what they rank from.
    #[test]
    fn a_piece_set_moves_as_the_puzzle_does() {
        for (name, coord, pieces) in [
            ("3x3x3", 1, vec![0u8, 1, 2, 3, 4, 5]),
            ("3x3x3", 1, vec![11, 3, 7]),
            ("3x3x3", 0, vec![0, 1, 2, 3, 4, 5, 6, 7]),
            ("pyraminx", 6, vec![5, 0]),
        ] {
            let p = library::get(name).unwrap();
            let moves = p.moves(Metric::Face, None).unwrap();
            let space = Space::unnumbered(&p, &moves, None).unwrap();
            // The Pyraminx's edges: its orbit of six slots.
            let coord = if coord == 6 {
                (0..space.coordinates())
                    .find(|&c| space.distinct_pieces(c) == Some((6, 2)))
                    .unwrap()
            } else {
                coord
            };
            let set = space
                .piece_set(coord, &pieces)
                .unwrap_or_else(|| panic!("{name} {coord} {:?}", space.distinct_pieces(coord)));
            let mut f = space.scratch();
            let mut g = space.scratch();
            let mut seed = 7u64;
            for _ in 0..500 {
                seed = seed
                    .wrapping_mul(6364136223846793005)
                    .wrapping_add(1442695040888963407);
                let m = (seed >> 33) as usize % space.move_count();
                let v = set.value_of(&space, &f);
                apply_into(&f, &space.moves[m], &space.orbits, &mut g);
                assert_eq!(set.step(v, m), set.value_of(&space, &g), "{name} {m}");
                std::mem::swap(&mut f, &mut g);
                let mut locs = [0u8; MAX_SET_SLOTS];
                let p = v / set.orientations;
                set.unrank_places(p, &mut locs[..set.k]);
                assert_eq!(set.rank_places(&locs[..set.k]), p);
            }
        }
        let p = library::get("3x3x3").unwrap();
        let moves = p.moves(Metric::Face, None).unwrap();
        let space = Space::unnumbered(&p, &moves, None).unwrap();
        assert!(space.piece_set(1, &[0, 0]).is_none(), "a piece twice");
        assert!(space.piece_set(1, &[12]).is_none(), "no such piece");
        assert!(space.piece_set(1, &[]).is_none(), "no piece");
    }
}
