//! One pass of IDA* under a bound, its subtrees two moves down shared
//! among the cores; and a symmetric position's first moves, taken once an
//! orbit of the symmetries that keep it.

use super::*;

impl Solver<'_> {
    /// For each move, the least move of its orbit under the symmetries
    /// that keep the position of digits `x`: those of
    /// [`Solver::conjugated`] whose conjugate of it is itself (the
    /// superflip is kept by all 48 of the cube's, a checkerboard by some).
    /// Such a symmetry takes a sequence that solves the position to one of
    /// the same length that solves it too, its moves the images; so a move
    /// starts a minimal sequence exactly when every move of its orbit does,
    /// and a pass need only try the least move of each orbit first. The
    /// least move that starts a minimal sequence is the least of its
    /// orbit, so the specimen is the one found without symmetries. Every
    /// move is its own least where no symmetry keeps the position.
    pub(super) fn first_move_orbits(&self, x: &[u64]) -> Vec<usize> {
        let nm = self.space.move_count();
        let mut least: Vec<usize> = (0..nm).collect();
        if self.symmetries.is_empty() {
            return least;
        }
        let flat = self.space.flat_of_digits(x);
        let keeping: Vec<&Conjugation> = self
            .symmetries
            .iter()
            .filter(|c| Conjugation::of_flat(self.space, &c.symmetry, &flat) == flat)
            .collect();
        // The orbits of the group the keeping symmetries generate: joined
        // along each symmetry's images until nothing changes.
        let mut changed = !keeping.is_empty();
        while changed {
            changed = false;
            for c in &keeping {
                for m in 0..nm {
                    let image = usize::from(c.moves[m]);
                    let both = least[m].min(least[image]);
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
    /// it (none when the bound is one), with the position they make, those
    /// the tables leave within reach, in the moves' order.
    #[allow(clippy::type_complexity)]
    fn subtrees(
        &self,
        x: &[u64],
        bound: u32,
        budget: &Budget<'_>,
        orbits: &[usize],
    ) -> Result<Vec<(usize, Option<usize>, Vec<u64>)>, Stopped> {
        let nm = self.space.move_count();
        let mut starts: Vec<(usize, Option<usize>, Vec<u64>)> = Vec::new();
        let mut y = vec![0u64; x.len()];
        let mut z = vec![0u64; x.len()];
        let mut counted = Search::new(self, budget);
        let mut spent = false;
        'first: for a in (0..nm).filter(|&a| orbits[a] == a) {
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
    /// its orbit start as it does), each followed by the canonical sequences from `m·x` whose first move is
    /// not of `m`'s face (a minimal sequence never has that), so that the
    /// pass finds every starting move as well as a specimen, the first in
    /// the moves' order. The subtrees two moves down are shared among the
    /// cores; once a first move is known to start a minimal sequence, the
    /// subtrees after it in the order are left. Without `every_start`,
    /// once any subtree is known to solve, every subtree after it is left:
    /// the specimen is the same, and its first move the only one found.
    pub(super) fn pass(
        &self,
        x: &[u64],
        bound: u32,
        budget: &Budget<'_>,
        every_start: bool,
        orbits: &[usize],
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
        let mut done: Vec<(usize, Found)> = (0..rayon::current_num_threads())
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
        if every_start {
            starting = Solver::whole_orbits(&starting, orbits);
        }
        Ok(specimen.map(|path| (path, starting)))
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

    /// The corner group's positions within five moves that some of the
    /// cube's 48 symmetries keep: taken once an orbit of their first
    /// moves, each pass answers as the same solver trying every first
    /// move (the minimum, the specimen, every starting move) and as the
    /// whole table; and it generates fewer positions.
    #[test]
    fn a_symmetric_positions_first_moves_are_taken_once_an_orbit() {
        let p = library::get("corners").unwrap();
        let a = Analysis::new(p.clone(), &Options::default(), &|_| {}).unwrap();
        let space = a.space();
        let solver = Solver::new(space, 1 << 16, None)
            .unwrap()
            .conjugated(&p.symmetry_transformations());
        assert_eq!(solver.symmetries.len(), 47);
        let nm = space.move_count();
        let every: Vec<usize> = (0..nm).collect();
        // The ball of five moves about the goal, breadth first.
        let mut seen = std::collections::HashSet::from([space.goal_index()]);
        let mut layer = vec![space.goal_index()];
        for _ in 0..5 {
            layer = layer
                .iter()
                .flat_map(|&x| (0..nm).map(move |m| space.apply(x, m)))
                .filter(|&y| seen.insert(y))
                .collect();
        }
        let mut seen: Vec<u64> = seen.into_iter().collect();
        seen.sort_unstable();
        let all = Allowance::default();
        let (mut symmetric, mut reduced, mut whole) = (0, 0, 0);
        for x in seen {
            let digits = solver.digits(x);
            let orbits = solver.first_move_orbits(&digits);
            if orbits == every {
                continue;
            }
            symmetric += 1;
            let parts = solver.parts_of(&digits);
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
            for (m, &least) in orbits.iter().enumerate() {
                assert_eq!(once.starting.contains(m), once.starting.contains(least));
            }
            reduced += once.nodes;
            whole += each.nodes;
        }
        assert!(symmetric > 100, "{symmetric} symmetric positions");
        assert!(reduced < whole, "{reduced} positions against {whole}");
    }
}
