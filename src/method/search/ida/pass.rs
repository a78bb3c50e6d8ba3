//! One pass of IDA* under a bound, its subtrees two moves down shared
//! among the cores; and a symmetric position's first moves, taken once an
//! orbit of the symmetries that keep it.

use super::*;

/// The orbits a pass takes its subtrees by, under the symmetries of
/// [`Solver::conjugated`] that keep a position (its conjugate by each is
/// itself: the superflip is kept by all 48 of the cube's, a checkerboard
/// by some). Such a symmetry takes a sequence that solves the position to
/// one of the same length that solves it too, its moves the images: the
/// moves that begin minimal sequences are whole orbits.
#[derive(Debug, Clone, PartialEq, Eq)]
pub(super) struct Orbits {
    /// For each move, the least move of its orbit under the symmetries
    /// that keep the position: a pass tries only the least of each first.
    /// The least move that starts a minimal sequence is the least of its
    /// orbit, so the specimen's first move is the one found without them.
    pub(super) first: Vec<usize>,
    /// For each first move tried, the same for the moves after it, under
    /// the symmetries that keep the position it makes, the least taken in
    /// the canonical form's order (faces first, [`Solver::follows`]): the
    /// least second move that begins a minimal sequence is then the first
    /// move of one in the canonical form, which the pass walks. Empty where
    /// no symmetry keeps that position.
    pub(super) second: Vec<Vec<usize>>,
}

/// An orbit's least that no move is: a move a search leaves untried.
const NOT_TRIED: usize = usize::MAX;

impl Orbits {
    /// Every move its own orbit, as where no symmetry keeps the position.
    pub(super) fn none(moves: usize) -> Orbits {
        Orbits {
            first: (0..moves).collect(),
            second: vec![Vec::new(); moves],
        }
    }

    /// Whether a pass tries first move `a`: the least of its orbit.
    fn tries_first(&self, a: usize) -> bool {
        self.first[a] == a
    }

    /// Whether a pass tries `b` after first move `a`: the least of its
    /// orbit, or every move where no symmetry keeps `a`'s position.
    fn tries_second(&self, a: usize, b: usize) -> bool {
        self.second[a].get(b).is_none_or(|&least| least == b)
    }

    /// The orbits of the search for the specimen again after a pass found
    /// one beginning `a b`: first move `a` alone, and after it the moves
    /// before `b` that these orbits left; `None` where they left none.
    /// Every other move is marked [`NOT_TRIED`], which is no move, so that
    /// within that search no move counts as left by its orbit and it is
    /// not made again.
    fn left_before(&self, a: usize, b: usize) -> Option<Orbits> {
        let nm = self.first.len();
        let mut only = Orbits::none(nm);
        only.first = (0..nm)
            .map(|m| if m == a { a } else { NOT_TRIED })
            .collect();
        only.second[a] = (0..nm)
            .map(|c| match self.second[a].get(c) {
                Some(&least) if c < b && least != c && least != NOT_TRIED => c,
                _ => NOT_TRIED,
            })
            .collect();
        only.second[a]
            .iter()
            .enumerate()
            .any(|(c, &least)| c == least)
            .then_some(only)
    }

    /// Whether any move shares its orbit, first or second.
    #[cfg(test)]
    pub(super) fn any(&self) -> bool {
        self.first.iter().enumerate().any(|(m, &least)| m != least)
            || self.second.iter().any(|s| !s.is_empty())
    }
}

impl Solver<'_> {
    /// The [`Orbits`] of the position of digits `x`.
    pub(super) fn orbits(&self, x: &[u64]) -> Orbits {
        let nm = self.space.move_count();
        let mut orbits = Orbits::none(nm);
        if self.symmetries.is_empty() {
            return orbits;
        }
        let keeping = |f: &Flat| -> Vec<&Conjugation> {
            self.symmetries
                .iter()
                .filter(|c| Conjugation::of_flat(self.space, &c.symmetry, f) == *f)
                .collect()
        };
        let flat = self.space.flat_of_digits(x);
        orbits.first = Solver::joined(&keeping(&flat), nm, |m| m);
        // A move's face in the canonical form's order: the first move that
        // may not follow it.
        let face = |m: usize| {
            (0..m)
                .find(|c| self.may_follow[m].binary_search(c).is_err())
                .unwrap_or(m)
        };
        let key: Vec<(usize, usize)> = (0..nm).map(|m| (face(m), m)).collect();
        let tried: Vec<usize> = (0..nm).filter(|&a| orbits.tries_first(a)).collect();
        for a in tried {
            let mut moved = flat.clone();
            self.space
                .transform_flat(&mut moved, &self.space.effective_moves()[a]);
            let keep = keeping(&moved);
            if !keep.is_empty() {
                orbits.second[a] = Solver::joined(&keep, nm, |m| key[m]);
            }
        }
        orbits
    }

    /// For each of `nm` moves, the least by `key` of its orbit under the
    /// group the symmetries `keeping` make: joined along each symmetry's
    /// images until nothing changes.
    fn joined<K: Ord>(keeping: &[&Conjugation], nm: usize, key: impl Fn(usize) -> K) -> Vec<usize> {
        let mut least: Vec<usize> = (0..nm).collect();
        let mut changed = !keeping.is_empty();
        while changed {
            changed = false;
            for c in keeping {
                for m in 0..nm {
                    let image = usize::from(c.moves[m]);
                    let both = std::cmp::min_by_key(least[m], least[image], |&l| key(l));
                    if least[m] != both || least[image] != both {
                        (least[m], least[image]) = (both, both);
                        changed = true;
                    }
                }
            }
        }
        least
    }

    /// The subtrees of a pass under `bound` from the parts `x`: each first
    /// move the least of its orbit in `orbits` and a second that may follow
    /// it, the least of its own (none when the bound is one), with the
    /// position they make, those the tables leave within reach, in the
    /// moves' order.
    #[allow(clippy::type_complexity)]
    fn subtrees(
        &self,
        x: &[u64],
        bound: u32,
        budget: &Budget<'_>,
        orbits: &Orbits,
    ) -> Result<Vec<(usize, Option<usize>, Vec<u64>)>, Stopped> {
        let nm = self.space.move_count();
        let mut starts: Vec<(usize, Option<usize>, Vec<u64>)> = Vec::new();
        let mut y = vec![0u64; x.len()];
        let mut z = vec![0u64; x.len()];
        let mut counted = Search::new(self, budget);
        let mut spent = false;
        'first: for a in (0..nm).filter(|&a| orbits.tries_first(a)) {
            if !counted.count() {
                spent = true;
                break 'first;
            }
            self.step(x, a, &mut y);
            if !self.within_reach(&y, 1, bound) {
                continue;
            }
            if bound == 1 {
                starts.push((a, None, y.clone()));
                continue;
            }
            for &b in &self.may_follow[a] {
                if !orbits.tries_second(a, b) {
                    continue;
                }
                if !counted.count() {
                    spent = true;
                    break 'first;
                }
                self.step(&y, b, &mut z);
                if self.within_reach(&z, 2, bound) {
                    starts.push((a, Some(b), z.clone()));
                }
            }
        }
        // Counted on the budget when the search is dropped.
        drop(counted);
        if spent {
            return Err(budget.stopped(bound));
        }
        Ok(starts)
    }

    /// One pass of IDA* under `bound` from the parts `x`, which no
    /// shorter sequence solves: every first move `m` the least of its
    /// orbit in `orbits` is tried (with every starting move, the others of
    /// its orbit start as it does), each followed by the canonical
    /// sequences from `m·x` whose first move is not of `m`'s face (a
    /// minimal sequence never has that) and the least of its orbit, so
    /// that the pass finds every starting move as well as a specimen, the
    /// first in the moves' order (looked for again among every second move
    /// where some were left by their orbits). The subtrees two moves down
    /// are shared among the cores; once a first move is known to start a
    /// minimal sequence, the subtrees after it in the order are left.
    /// Without `every_start`, once any subtree is known to solve, every
    /// subtree after it is left: the specimen is the same, and its first
    /// move the only one found.
    pub(super) fn pass(
        &self,
        x: &[u64],
        bound: u32,
        budget: &Budget<'_>,
        every_start: bool,
        orbits: &Orbits,
    ) -> Result<Option<(Vec<usize>, MoveBits)>, Stopped> {
        use std::sync::atomic::AtomicUsize;
        if bound == 0 {
            return Ok((x == self.goal.as_slice()).then(|| (Vec::new(), MoveBits::new())));
        }
        let nm = self.space.move_count();
        let starts = self.subtrees(x, bound, budget, orbits)?;
        // For each first move, the first subtree (in order) found to
        // solve: those after it need not be searched.
        let first_found: Vec<AtomicUsize> = (0..nm).map(|_| AtomicUsize::new(usize::MAX)).collect();
        // The first subtree found to solve, whatever its first move.
        let first_any = AtomicUsize::new(usize::MAX);
        // The subtrees are taken in order by whichever core is free, so
        // that the cores work on the earliest ones, those the answer needs;
        // a subtree is left as soon as an earlier one makes it needless.
        let next = AtomicUsize::new(0);
        let subtree = |k: usize| -> Found {
            let (a, b, z) = &starts[k];
            let abandon = walk::Abandon {
                first_found: &first_found[*a],
                first_any: (!every_start).then_some(&first_any),
                index: k,
            };
            if abandon.now() {
                return Found::No;
            }
            let mut search = Search::new(self, budget);
            search.abandon = Some(abandon);
            search.path.push(*a);
            search.path.extend(*b);
            let g = 1 + u32::from(b.is_some());
            let found = search.walk(z, g, bound, Some(b.unwrap_or(*a)), &mut Aim::First);
            if matches!(found, Found::Yes(_)) {
                first_found[*a].fetch_min(k, Relaxed);
                first_any.fetch_min(k, Relaxed);
            }
            match found {
                Found::Stopped if search.abandoned => Found::No,
                found => found,
            }
        };
        let done: Vec<(usize, Found)> = (0..rayon::current_num_threads())
            .into_par_iter()
            .flat_map_iter(|_| {
                let mut mine = Vec::new();
                loop {
                    let k = next.fetch_add(1, Relaxed);
                    if k >= starts.len() {
                        break mine;
                    }
                    mine.push((k, subtree(k)));
                }
            })
            .collect();
        let (mut specimen, mut starting) =
            Solver::answered(&starts, done, every_start, budget, bound)?;
        if every_start {
            starting = Solver::whole_orbits(&starting, &orbits.first);
        }
        if let Some(path) = &specimen
            && let Some(again) = self.specimen_again(x, bound, budget, orbits, path)?
        {
            specimen = Some(again);
        }
        Ok(specimen.map(|path| (path, starting)))
    }

    /// What the subtrees `starts` of a pass under `bound` found (`done`,
    /// by subtree, in any order): the specimen, the first in their order
    /// to solve, and the first moves seen to start (with `every_start`,
    /// every one); stopped where a subtree was stopped before what it
    /// could tell was known.
    #[allow(clippy::type_complexity)]
    fn answered(
        starts: &[(usize, Option<usize>, Vec<u64>)],
        mut done: Vec<(usize, Found)>,
        every_start: bool,
        budget: &Budget<'_>,
        bound: u32,
    ) -> Result<(Option<Vec<usize>>, MoveBits), Stopped> {
        done.sort_unstable_by_key(|&(k, _)| k);
        let found = done.into_iter().map(|(_, f)| f);
        let mut specimen = None;
        let mut starting = MoveBits::new();
        for ((a, _, _), f) in starts.iter().zip(found) {
            // Settled: what this subtree could still tell, its first move
            // starting (every start) or the specimen, is known already; it
            // need not have found anything, nor finished.
            let settled = if every_start {
                starting.contains(*a)
            } else {
                specimen.is_some()
            };
            match f {
                Found::Yes(path) if !settled => {
                    starting.insert(*a);
                    specimen.get_or_insert(path);
                }
                Found::Stopped if !settled => return Err(budget.stopped(bound)),
                _ => {}
            }
        }
        Ok((specimen, starting))
    }

    /// The specimen as every second move gives it, where `path` was found
    /// with some left by their orbits: the first of its first move's
    /// subtrees to solve, among those left before the one found (those
    /// tried before it did not solve; [`Orbits::left_before`]), or `None`
    /// where none of those solves.
    fn specimen_again(
        &self,
        x: &[u64],
        bound: u32,
        budget: &Budget<'_>,
        orbits: &Orbits,
        path: &[usize],
    ) -> Result<Option<Vec<usize>>, Stopped> {
        let &[a, b, ..] = path else {
            return Ok(None);
        };
        let Some(only) = orbits.left_before(a, b) else {
            return Ok(None);
        };
        Ok(self
            .pass(x, bound, budget, false, &only)?
            .map(|(path, _)| path))
    }

    /// Every move whose orbit's least in `orbits` is in `starting`: the
    /// starting moves, once those tried first are known.
    fn whole_orbits(starting: &MoveBits, orbits: &[usize]) -> MoveBits {
        let mut every = MoveBits::new();
        for (m, &least) in orbits.iter().enumerate() {
            if starting.contains(least) {
                every.insert(m);
            }
        }
        every
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::method::analysis::{Analysis, Options};
    use crate::puzzle::library;

    /// The corner group's positions within four moves that some of the
    /// cube's 48 symmetries keep, or whose positions one move away some
    /// keep: taken once an orbit of their first and second moves, each
    /// pass answers as the same solver trying every first
    /// move (the minimum, the specimen, every starting move) and as the
    /// whole table; and it generates fewer positions.
    #[test]
    fn a_symmetric_positions_moves_are_taken_once_an_orbit() {
        let p = library::get("corners").unwrap();
        let a = Analysis::new(p.clone(), &Options::default(), &|_| {}).unwrap();
        let space = a.space();
        let solver = Solver::new(space, 1 << 16, None)
            .unwrap()
            .conjugated(&p.symmetry_transformations());
        assert_eq!(solver.symmetries.len(), 47);
        let nm = space.move_count();
        let every = Orbits::none(nm);
        // The ball of four moves about the goal, breadth first.
        let mut seen = std::collections::HashSet::from([space.goal_index()]);
        let mut layer = vec![space.goal_index()];
        for _ in 0..4 {
            layer = layer
                .iter()
                .flat_map(|&x| (0..nm).map(move |m| space.apply(x, m)))
                .filter(|&y| seen.insert(y))
                .collect();
        }
        let mut seen: Vec<u64> = seen.into_iter().collect();
        seen.sort_unstable();
        let all = Allowance::default();
        // On every core, a position each: (positions generated once an
        // orbit, and trying every move) for each symmetric one.
        use rayon::prelude::*;
        let counted: Vec<(u64, u64)> = seen
            .par_iter()
            .filter_map(|&x| {
                let digits = solver.digits(x);
                let orbits = solver.orbits(&digits);
                if !orbits.any() {
                    return None;
                }
                let parts = solver.parts_of(&digits).unwrap();
                let once = solver
                    .solve_within(&parts, &Budget::new(&all), true, &orbits)
                    .unwrap();
                let each = solver
                    .solve_within(&parts, &Budget::new(&all), true, &every)
                    .unwrap();
                assert_eq!(
                    (once.moves, &once.path, &once.starting),
                    (each.moves, &each.path, &each.starting),
                    "{x}"
                );
                assert_eq!(
                    (once.moves, &once.starting),
                    (u32::from(a.moves_at(x).unwrap()), &a.starting_moves(x)),
                    "{x}"
                );
                // Every move of an orbit starts a minimal sequence, or none.
                for (m, &least) in orbits.first.iter().enumerate() {
                    assert_eq!(once.starting.contains(m), once.starting.contains(least));
                }
                // The specimen alone, as every subtree gives it.
                let first = solver
                    .solve_within(&parts, &Budget::new(&all), false, &orbits)
                    .unwrap();
                assert_eq!((first.moves, &first.path), (each.moves, &each.path), "{x}");
                Some((once.nodes, each.nodes))
            })
            .collect();
        let symmetric = counted.len();
        let reduced: u64 = counted.iter().map(|c| c.0).sum();
        let whole: u64 = counted.iter().map(|c| c.1).sum();
        assert!(symmetric > 100, "{symmetric} symmetric positions");
        assert!(reduced < whole, "{reduced} positions against {whole}");
    }
}
