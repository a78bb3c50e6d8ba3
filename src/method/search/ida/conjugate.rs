//! The tables read again at a position's conjugates by the puzzle's
//! symmetries, and which readings a solver makes.

use super::*;

/// A symmetry of the puzzle under which the search reads its tables a
/// second time, at the position's conjugate `φ⁻¹Xφ`
/// ([`Space::conjugate_into`]). A symmetry that keeps the goal and takes
/// every move to a move keeps every distance, so a table's value at the
/// conjugate bounds the position's own distance as well; and the
/// conjugate of `X` moved by `m` is the conjugate of `X` moved by `m`'s
/// image, so the conjugate's parts are carried beside the position's,
/// each move read through `moves`. Where a table keeps some of a
/// coordinate's pieces (seven of the cube's twelve edges), its reading
/// at a conjugate is a reading of other pieces: more of the position is
/// seen for no more memory.
#[derive(Debug, Clone)]
pub(super) struct Conjugation {
    pub(super) symmetry: SpaceSymmetry,
    /// The move each move becomes.
    pub(super) moves: Vec<u16>,
}

impl Conjugation {
    /// The symmetry `t` of the puzzle as the search reads it, when it keeps
    /// the goal and takes every move to a move. Each move's image is found
    /// as the move whose position from the goal is the conjugate of the
    /// move's: exact where every piece is different (a position then tells
    /// its transformation) and the moves' positions are all different;
    /// elsewhere, and up to rotation, no symmetry is read.
    pub(super) fn new(space: &Space, t: &Transformation) -> Option<Conjugation> {
        if !space.has_distinct_pieces() || space.up_to_rotation() {
            return None;
        }
        let symmetry = space.symmetry(t);
        let goal = space.goal_flat();
        if Conjugation::of_flat(space, &symmetry, goal) != *goal {
            return None;
        }
        let moved: Vec<Flat> = space
            .effective_moves()
            .iter()
            .map(|m| {
                let mut f = goal.clone();
                space.transform_flat(&mut f, m);
                f
            })
            .collect();
        let distinct = moved
            .iter()
            .enumerate()
            .all(|(a, f)| moved[..a].iter().all(|g| g != f));
        if !distinct {
            return None;
        }
        let moves = moved
            .iter()
            .map(|f| {
                let image = Conjugation::of_flat(space, &symmetry, f);
                let m = moved.iter().position(|g| *g == image)?;
                u16::try_from(m).ok()
            })
            .collect::<Option<Vec<u16>>>()?;
        Some(Conjugation { symmetry, moves })
    }

    /// Those of `symmetries` that the search may read: all but the
    /// identity that keep the goal and take moves to moves.
    pub(super) fn all(space: &Space, symmetries: &[Transformation]) -> Vec<Conjugation> {
        symmetries
            .iter()
            .filter(|t| !t.is_identity())
            .filter_map(|t| Conjugation::new(space, t))
            .collect()
    }

    /// The conjugate of the flat state `f`.
    pub(super) fn of_flat(space: &Space, symmetry: &SpaceSymmetry, f: &Flat) -> Flat {
        let (mut tmp, mut out) = (f.clone(), f.clone());
        space.conjugate_into(f, symmetry, &mut tmp, &mut out);
        out
    }
}

/// The most conjugates a solver reads its tables at
/// ([`Solver::conjugated`]).
pub const MAX_CONJUGATES: usize = 8;

/// Positions sampled to choose the conjugates read
/// ([`Solver::conjugated`]), and the moves of the walk that makes each.
pub(super) const CONJUGATE_SAMPLES: usize = 2048;
pub(super) const SAMPLE_WALK: usize = 40;

impl<'s> Solver<'s> {
    /// This solver reading its tables at conjugates of the position as
    /// well (`Conjugation`), by at most [`MAX_CONJUGATES`] of the
    /// puzzle's `symmetries` (those that keep the goal and take moves to
    /// moves, where every piece is different). First, for each table of
    /// one set of a coordinate's pieces, the readings that let it see every
    /// piece (greedily: each time the one that sees most pieces not yet
    /// seen); then, on positions sampled by random walks from the goal,
    /// each time the table and the symmetry that raise the sampled
    /// estimates most, while they raise them at all. A table of some of a
    /// coordinate's pieces reads other pieces at a conjugate; a table whose
    /// values a symmetry keeps (the corners whole) gains nothing and is not
    /// chosen. Every one of those symmetries, chosen or not, also lets a
    /// position it keeps be tried first by one move of each orbit
    /// (`Solver::orbits`). The answers are the same, found
    /// with fewer positions. Once conjugated, a solver is not conjugated
    /// again.
    ///
    /// ```
    /// use schofield::puzzle::{Metric, library};
    /// use schofield::method::space::Space;
    /// use schofield::method::search::ida::{Allowance, Solver};
    /// let p = library::get("corners").unwrap();
    /// let moves = p.moves(Metric::Face, None).unwrap();
    /// let space = Space::new(&p, &moves).unwrap();
    /// // The corners in pairs: a conjugate reads another pair.
    /// let plain = Solver::new(&space, 1 << 12, None).unwrap();
    /// let symmetries: Vec<_> = p.symmetry_transformations();
    /// let seen = Solver::new(&space, 1 << 12, None).unwrap().conjugated(&symmetries);
    /// assert!(seen.conjugates() > 0);
    /// let mut x = space.goal_index();
    /// for m in [0, 4, 8, 1, 5, 7, 2, 3] {
    ///     x = space.apply(x, m);
    /// }
    /// let (a, b) = (plain.solve_index(x, &Allowance::default()).unwrap(),
    ///               seen.solve_index(x, &Allowance::default()).unwrap());
    /// assert_eq!((a.moves, a.starting, a.path), (b.moves, b.starting, b.path));
    /// // Never a weaker estimate (how many positions each generates depends
    /// // on how the cores share the work).
    /// assert!(seen.estimate(&seen.digits(x)).unwrap() >= plain.estimate(&plain.digits(x)).unwrap());
    /// ```
    pub fn conjugated(self, symmetries: &[Transformation]) -> Solver<'s> {
        let candidates = Conjugation::all(self.space, symmetries);
        self.conjugated_by(candidates)
    }

    /// [`Solver::conjugated`] by the symmetries `candidates`.
    pub(super) fn conjugated_by(mut self, candidates: Vec<Conjugation>) -> Solver<'s> {
        if self.symmetries.is_empty() {
            self.symmetries = candidates.clone();
        }
        // Once only: the readings chosen are for the tables alone.
        if candidates.is_empty() || self.prunings.is_empty() || !self.conjugate_prunings.is_empty()
        {
            return self;
        }
        let (own, values) = self.sampled(&candidates);
        let options = self.prunings.len() * candidates.len();
        // A table modulo 3 is read where the search carries its distance,
        // at the position alone (a table by classes: the conjugate is of
        // the same class).
        let readable = |o: &usize| self.prunings[o / candidates.len()].exact.is_none();
        let mut chosen = self.covering(&candidates);
        chosen.retain(readable);
        let mut now = own;
        for &option in &chosen {
            let row = &values[option * CONJUGATE_SAMPLES..(option + 1) * CONJUGATE_SAMPLES];
            for (h, &v) in now.iter_mut().zip(row) {
                *h = (*h).max(v);
            }
        }
        while chosen.len() < MAX_CONJUGATES {
            let gain = |option: usize| -> u64 {
                let row = &values[option * CONJUGATE_SAMPLES..(option + 1) * CONJUGATE_SAMPLES];
                row.iter()
                    .zip(&now)
                    .map(|(&v, &h)| u64::from(v.saturating_sub(h)))
                    .sum()
            };
            let best = (0..options)
                .filter(|o| !chosen.contains(o) && readable(o))
                .max_by_key(|&o| (gain(o), std::cmp::Reverse(o)));
            let Some(best) = best.filter(|&o| gain(o) > 0) else {
                break;
            };
            let row = &values[best * CONJUGATE_SAMPLES..(best + 1) * CONJUGATE_SAMPLES];
            for (h, &v) in now.iter_mut().zip(row) {
                *h = (*h).max(v);
            }
            chosen.push(best);
        }
        // Each chosen reading: its symmetry (once), the table's parts
        // carried at the conjugate, the table read over them.
        let mut candidates: Vec<Option<Conjugation>> = candidates.into_iter().map(Some).collect();
        // The conjugates' parts go before the distances modulo 3.
        self.goal
            .truncate(self.parts.len() + self.conjugate_parts.len());
        let mut taken: Vec<(usize, usize)> = Vec::new();
        for option in chosen {
            let (t, c) = (option / candidates.len(), option % candidates.len());
            let by = match taken.iter().find(|&&(k, _)| k == c) {
                Some(&(_, by)) => by,
                None => {
                    let conjugation = candidates[c].take().expect("taken once");
                    self.conjugations.push(conjugation);
                    taken.push((c, self.conjugations.len() - 1));
                    self.conjugations.len() - 1
                }
            };
            let parts = self.prunings[t]
                .parts
                .iter()
                .map(|&(p, stride)| {
                    self.conjugate_parts.push((p, by));
                    // The goal is its own conjugate.
                    self.goal.push(self.goal[p]);
                    (self.parts.len() + self.conjugate_parts.len() - 1, stride)
                })
                .collect();
            self.conjugate_prunings.push(Pruning {
                parts,
                table: Arc::clone(&self.prunings[t].table),
                values: self.prunings[t].values,
                classes: self.prunings[t].classes.clone(),
                exact: None,
            });
        }
        self.place_exact();
        self
    }

    /// Positions sampled by random walks from the goal: each one's own
    /// estimate, and the value of every table at each candidate's
    /// conjugate (row `table × candidates + candidate`, a value a sample).
    fn sampled(&self, candidates: &[Conjugation]) -> (Vec<u8>, Vec<u8>) {
        let space = self.space;
        let mut own = Vec::with_capacity(CONJUGATE_SAMPLES);
        let options = self.prunings.len() * candidates.len();
        let mut values = vec![0u8; options * CONJUGATE_SAMPLES];
        let mut seed = 0x9e37_79b9_7f4a_7c15u64;
        let nm = space.move_count();
        let mut f = space.goal_flat().clone();
        for i in 0..CONJUGATE_SAMPLES {
            for _ in 0..SAMPLE_WALK {
                seed = seed
                    .wrapping_mul(6_364_136_223_846_793_005)
                    .wrapping_add(1_442_695_040_888_963_407);
                let m = ((seed >> 33) % nm as u64) as usize;
                space.transform_flat(&mut f, &space.effective_moves()[m]);
            }
            let digits = space.digits_of_flat(&f);
            let x = Solver::parts_in(space, &self.parts, &digits);
            // A sample only guides the choice: a walk down that fails
            // (a wrong table, refused when the search reads it) counts 0.
            let at: Vec<u8> = self
                .prunings
                .iter()
                .map(|p| p.exact_at(space, &x).unwrap_or(0))
                .collect();
            own.push(at.iter().copied().max().unwrap_or(0));
            for (c, candidate) in candidates.iter().enumerate() {
                let conjugate = Conjugation::of_flat(space, &candidate.symmetry, &f);
                let x: Vec<u64> = self
                    .parts
                    .iter()
                    .map(|p| p.value_in(space, &conjugate))
                    .collect();
                for (t, pruning) in self.prunings.iter().enumerate() {
                    let option = t * candidates.len() + c;
                    // Modulo 3, never read at a conjugate: as at the position.
                    values[option * CONJUGATE_SAMPLES + i] = match pruning.exact {
                        Some(_) => at[t],
                        None => pruning.estimate(&x),
                    };
                }
            }
        }
        (own, values)
    }

    /// The readings (table and symmetry, as `table × candidates +
    /// symmetry`) that let each table of one set of a coordinate's pieces
    /// see every piece of the coordinate, chosen greedily: each time the
    /// reading that sees most pieces not yet seen.
    pub(super) fn covering(&self, candidates: &[Conjugation]) -> Vec<usize> {
        let mut chosen = Vec::new();
        for (t, pruning) in self.prunings.iter().enumerate() {
            let [(p, _)] = pruning.parts[..] else {
                continue;
            };
            let Part::Pieces(set) = &self.parts[p] else {
                continue;
            };
            let (coord, pieces) = set.pieces();
            let Some((n, _)) = self.space.distinct_pieces(coord) else {
                continue;
            };
            let every = u64::MAX >> (64 - n);
            let mut seen = pieces.iter().fold(0u64, |m, &d| m | 1 << d);
            let reads: Vec<u64> = candidates
                .iter()
                .map(|c| self.space.pieces_read_at(coord, &pieces, &c.symmetry))
                .collect();
            while seen != every && chosen.len() < MAX_CONJUGATES {
                let best = (0..candidates.len())
                    .max_by_key(|&c| ((reads[c] & !seen).count_ones(), std::cmp::Reverse(c)));
                match best.filter(|&c| reads[c] & !seen != 0) {
                    Some(c) => {
                        seen |= reads[c];
                        chosen.push(t * candidates.len() + c);
                    }
                    None => break,
                }
            }
        }
        chosen
    }

    /// How many readings of the tables at conjugates the search makes
    /// ([`Solver::conjugated`]).
    pub fn conjugates(&self) -> usize {
        self.conjugate_prunings.len()
    }
}
