//! Minimal move sequences for one position without the whole table:
//! IDA* (iterative deepening on `g + h`) over a puzzle's numbered
//! positions, with pruning tables derived from the puzzle itself.
//!
//! A position's number is made of digits ([`Space::digit`]): the
//! arrangement and the orientations of each orbit of slots, each moved by
//! the moves on its own. The digits of one coordinate, or one digit alone
//! where they are too many together, are a *projection* of the puzzle: a
//! smaller puzzle whose every path is the image of a path of the whole.
//! The distance to the goal in a projection is found for every value by a
//! breadth-first search and kept a byte a value ([`Pruning`]); it is never
//! more than the whole puzzle's, so the largest over the projections is an
//! admissible estimate.
//!
//! Sequences are searched in a canonical form ([`Solver::follows`]): a
//! move is never followed by one that makes, with it, no move or a single
//! move (the same face again), and of two moves that commute only one
//! order is taken. No minimum is lost: a minimal sequence has neither
//! pair, and moving commuting moves into the fixed order keeps its length.
//! The starting moves are found apart, without the form: a move starts a
//! minimal sequence when the position it makes is one move nearer.
//!
//! ```
//! use schofield::puzzle::{Metric, library};
//! use schofield::twist::space::Space;
//! use schofield::twist::search::ida::Solver;
//! let p = library::get("corners").unwrap();
//! let moves = p.moves(Metric::Face, None).unwrap();
//! let space = Space::new(&p, &moves).unwrap();
//! let solver = Solver::new(&space, 1 << 16, None).unwrap();
//! let x = space.apply(space.apply(space.goal_index(), 0), 4);
//! let s = solver.solve_index(x, None).unwrap();
//! assert_eq!(s.moves, 2);
//! assert_eq!(space.apply(space.apply(x, s.path[0]), s.path[1]), space.goal_index());
//! ```

use super::SearchError;
use crate::twist::space::Space;

/// A projection's distances: the digits it keeps, and for each value of
/// them the fewest moves to the goal's value ([`UNSEEN`] where none leads).
#[derive(Debug, Clone)]
pub struct Pruning {
    /// The digits of the position's number kept, and the stride of each in
    /// the projection's own number.
    digits: Vec<(usize, u64)>,
    /// A byte a value.
    table: Vec<u8>,
}

/// A value no sequence of moves reaches from the goal's.
pub const UNSEEN: u8 = u8::MAX;

/// The most digits a position may have: sixteen orbits of slots, each
/// with its arrangement and its orientations.
pub const MAX_DIGITS: usize = 32;

impl Pruning {
    /// The distances of the projection onto `digits` of `space`, by a
    /// breadth-first search from the goal's value, one layer a scan of
    /// every value, shared among the cores (each digit's moves read from a
    /// table of its own, made once from the space's).
    fn build(space: &Space, digits: &[usize]) -> Pruning {
        use rayon::prelude::*;
        use std::sync::atomic::{AtomicBool, AtomicU8, Ordering::Relaxed};
        let nm = space.move_count();
        let mut kept = Vec::new();
        let mut len = 1u64;
        for &d in digits {
            kept.push((d, len));
            len *= space.digit(d).0;
        }
        // Each digit's values under each move, in the projection's units.
        let steps: Vec<(u64, Vec<u64>)> = kept
            .iter()
            .map(|&(d, stride)| {
                let radix = space.digit(d).0;
                let table = (0..radix)
                    .flat_map(|v| (0..nm).map(move |m| space.digit_step(d, v, m) * stride))
                    .collect();
                (radix, table)
            })
            .collect();
        let table: Vec<AtomicU8> = (0..len).map(|_| AtomicU8::new(UNSEEN)).collect();
        let goal = space.goal_digits();
        let at_goal: u64 = kept.iter().map(|&(d, stride)| goal[d] * stride).sum();
        table[at_goal as usize].store(0, Relaxed);
        for depth in 0..UNSEEN - 1 {
            let grew = AtomicBool::new(false);
            table
                .par_chunks(1 << 16)
                .enumerate()
                .for_each(|(c, chunk)| {
                    let mut images = [0u64; 64];
                    for (k, cell) in chunk.iter().enumerate() {
                        if cell.load(Relaxed) != depth {
                            continue;
                        }
                        let mut rest = (c << 16 | k) as u64;
                        images[..nm].fill(0);
                        for (radix, moved) in &steps {
                            let v = (rest % radix) as usize;
                            rest /= radix;
                            for (image, &w) in
                                images[..nm].iter_mut().zip(&moved[v * nm..v * nm + nm])
                            {
                                *image += w;
                            }
                        }
                        for &w in &images[..nm] {
                            let cell = &table[w as usize];
                            if cell.load(Relaxed) == UNSEEN {
                                cell.store(depth + 1, Relaxed);
                                grew.store(true, Relaxed);
                            }
                        }
                    }
                });
            if !grew.into_inner() {
                break;
            }
        }
        Pruning {
            digits: kept,
            table: table.into_iter().map(AtomicU8::into_inner).collect(),
        }
    }

    /// The estimate for the position of digits `x`: its projection's
    /// distance.
    #[inline]
    pub fn estimate(&self, x: &[u64]) -> u8 {
        let v: u64 = self.digits.iter().map(|&(d, stride)| x[d] * stride).sum();
        self.table[v as usize]
    }

    /// The values of the projection.
    pub fn len(&self) -> usize {
        self.table.len()
    }

    /// True when the projection has no value (never: the goal's is one).
    pub fn is_empty(&self) -> bool {
        self.table.is_empty()
    }
}

/// IDA* over a space: its pruning tables and the canonical form of its
/// sequences.
#[derive(Debug)]
pub struct Solver<'s> {
    space: &'s Space,
    /// The goal's digits.
    goal: Vec<u64>,
    prunings: Vec<Pruning>,
    /// For each move, the moves that may follow it (a bit each).
    follows: Vec<u64>,
    /// For each move, the moves that may follow it in some minimal
    /// sequence: all but those making with it no move or a single move.
    may_follow: Vec<u64>,
}

/// A minimal sequence found for one position.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Solution {
    /// The minimum number of moves.
    pub moves: u32,
    /// One minimal sequence (the specimen), moves by number.
    pub path: Vec<usize>,
    /// Every move that starts a minimal sequence (a bit each).
    pub starting: u64,
    /// The positions generated, the starting moves' searches included.
    pub nodes: u64,
}

/// Why a search stopped before its answer.
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
pub enum Stopped {
    /// More positions than allowed were generated.
    #[error(
        "the search stopped after {nodes} positions (the most allowed), having proved that at least {lower_bound} moves are needed"
    )]
    Nodes {
        /// Positions generated.
        nodes: u64,
        /// A bound proved: no sequence of fewer moves solves it.
        lower_bound: u32,
    },
    /// No sequence of moves reaches the goal (a projection has no path).
    #[error("no sequence of these moves reaches the goal")]
    Unreachable,
}

impl<'s> Solver<'s> {
    /// A solver for `space`, its pruning tables the projections onto each
    /// coordinate's digits together where they number at most
    /// `most_values`, else onto each digit alone that does; a digit past
    /// it (a worked orbit) gets none. Refused before it allocates when
    /// the tables would pass `max_memory` bytes. Positions taken up to
    /// rotation, whose moves as applied depend on the frame, and more than
    /// 64 moves are refused ([`SearchError::NotCanonical`]).
    pub fn new(
        space: &'s Space,
        most_values: u64,
        max_memory: Option<u64>,
    ) -> Result<Solver<'s>, SearchError> {
        if space.move_count() > 64 || space.up_to_rotation() || space.digit_count() > MAX_DIGITS {
            return Err(SearchError::NotCanonical);
        }
        let mut projections: Vec<Vec<usize>> = Vec::new();
        let mut d = 0;
        while d < space.digit_count() {
            let coord = space.digit(d).1;
            let mut same = vec![d];
            while d + same.len() < space.digit_count() && space.digit(d + same.len()).1 == coord {
                same.push(d + same.len());
            }
            d += same.len();
            let together = same
                .iter()
                .try_fold(1u64, |acc, &k| acc.checked_mul(space.digit(k).0));
            if together.is_some_and(|n| n <= most_values) {
                projections.push(same);
            } else {
                projections.extend(
                    same.into_iter()
                        .filter(|&k| space.digit(k).0 <= most_values)
                        .map(|k| vec![k]),
                );
            }
        }
        let needed: u64 = projections
            .iter()
            .map(|p| p.iter().map(|&k| space.digit(k).0).product::<u64>())
            .sum();
        super::within(needed, needed, max_memory)?;
        let prunings = projections
            .iter()
            .map(|p| Pruning::build(space, p))
            .collect();
        Ok(Solver {
            space,
            goal: space.goal_digits(),
            prunings,
            follows: Solver::follows(space, true),
            may_follow: Solver::follows(space, false),
        })
    }

    /// The canonical form: for each move `a`, the moves `b` that may follow
    /// it. Left out: `b` that makes with `a` no move or a single move
    /// ([`Space::redundancy`]), and with `ordered`, `b` that commutes with
    /// `a` and comes before it in the moves' order.
    pub fn follows(space: &Space, ordered: bool) -> Vec<u64> {
        let e = space.effective_moves();
        let nm = e.len();
        (0..nm)
            .map(|a| {
                (0..nm)
                    .filter(|&b| {
                        let ab = e[a].then(&e[b]);
                        let same_face = ab.is_identity() || e.contains(&ab);
                        let out_of_order = ordered && b < a && ab == e[b].then(&e[a]);
                        !same_face && !out_of_order
                    })
                    .fold(0u64, |acc, b| acc | 1 << b)
            })
            .collect()
    }

    /// The pruning tables.
    pub fn prunings(&self) -> &[Pruning] {
        &self.prunings
    }

    /// The estimate for the position of digits `x`: the largest of its
    /// projections' distances ([`UNSEEN`] where one of them cannot reach
    /// the goal).
    #[inline]
    pub fn estimate(&self, x: &[u64]) -> u8 {
        self.prunings
            .iter()
            .map(|p| p.estimate(x))
            .max()
            .unwrap_or(0)
    }

    /// The digits of numbered position `x`.
    pub fn digits(&self, x: u64) -> Vec<u64> {
        (0..self.space.digit_count())
            .map(|d| self.space.digit_of(x, d))
            .collect()
    }

    /// The digits move `m` makes of the digits `x`.
    #[inline]
    fn step(&self, x: &[u64], m: usize, out: &mut [u64]) {
        for (d, (o, &v)) in out.iter_mut().zip(x).enumerate() {
            *o = self.space.digit_step(d, v, m);
        }
    }

    /// A minimal sequence for numbered position `x` ([`Solver::solve`]).
    pub fn solve_index(&self, x: u64, max_nodes: Option<u64>) -> Result<Solution, Stopped> {
        self.solve(&self.digits(x), max_nodes)
    }

    /// A minimal sequence for the position of digits `x`
    /// ([`Space::digits_of`]), with every starting move; stopped after
    /// `max_nodes` positions generated, if given, with the bound proved so
    /// far.
    pub fn solve(&self, x: &[u64], max_nodes: Option<u64>) -> Result<Solution, Stopped> {
        let mut search = Search {
            solver: self,
            nodes: 0,
            max_nodes: max_nodes.unwrap_or(u64::MAX),
            path: Vec::new(),
        };
        let h = self.estimate(x);
        if h == UNSEEN {
            return Err(Stopped::Unreachable);
        }
        let mut bound = u32::from(h);
        loop {
            match search.within(x, 0, bound, None) {
                Found::Yes => break,
                Found::No => bound += 1,
                Found::Stopped => {
                    return Err(Stopped::Nodes {
                        nodes: search.nodes,
                        lower_bound: bound,
                    });
                }
            }
        }
        let path = std::mem::take(&mut search.path);
        let mut starting = 0u64;
        if bound > 0 {
            let mut y = [0u64; MAX_DIGITS];
            let y = &mut y[..x.len()];
            for m in 0..self.space.move_count() {
                self.step(x, m, y);
                match search.within(y, 0, bound - 1, None) {
                    Found::Yes => starting |= 1 << m,
                    Found::No => {}
                    Found::Stopped => {
                        return Err(Stopped::Nodes {
                            nodes: search.nodes,
                            lower_bound: bound,
                        });
                    }
                }
                search.path.clear();
            }
        }
        Ok(Solution {
            moves: bound,
            path,
            starting,
            nodes: search.nodes,
        })
    }
}

impl Solver<'_> {
    /// Every minimal sequence for the position of digits `x`, whose
    /// minimum `moves` is known ([`Solver::solve`]), in the order of the
    /// moves; stopped after `max_nodes` positions generated.
    pub fn every_minimal(
        &self,
        x: &[u64],
        moves: u32,
        max_nodes: Option<u64>,
    ) -> Result<Vec<Vec<usize>>, Stopped> {
        let mut search = Search {
            solver: self,
            nodes: 0,
            max_nodes: max_nodes.unwrap_or(u64::MAX),
            path: Vec::new(),
        };
        let mut out = Vec::new();
        if search.every(x, moves, &mut out) {
            Ok(out)
        } else {
            Err(Stopped::Nodes {
                nodes: search.nodes,
                lower_bound: moves,
            })
        }
    }
}

/// What one bounded depth-first pass found.
enum Found {
    Yes,
    No,
    Stopped,
}

/// One position's search: the nodes generated and the path so far.
struct Search<'a, 's> {
    solver: &'a Solver<'s>,
    nodes: u64,
    max_nodes: u64,
    path: Vec<usize>,
}

/// What a pass looks for: the first canonical sequence within the bound,
/// or every sequence of exactly the bound (commuting moves in both
/// orders), added to the list.
enum Goal<'o> {
    First,
    Every(&'o mut Vec<Vec<usize>>),
}

impl Search<'_, '_> {
    /// Whether `x`, reached in `g` moves, `last` the move that reached it,
    /// has a canonical sequence to the goal within `bound` moves in all;
    /// the sequence is left in `path`.
    fn within(&mut self, x: &[u64], g: u32, bound: u32, last: Option<usize>) -> Found {
        self.walk(x, g, bound, last, &mut Goal::First)
    }

    /// Adds to `out` every sequence from `x` that reaches the goal in
    /// exactly `bound` moves in all, with no move followed by one that
    /// makes with it no move or a single move; false when stopped by the
    /// bound on nodes.
    fn every(&mut self, x: &[u64], bound: u32, out: &mut Vec<Vec<usize>>) -> bool {
        !matches!(
            self.walk(x, 0, bound, None, &mut Goal::Every(out)),
            Found::Stopped
        )
    }

    /// The depth-first pass under `bound` from `x`, reached in `g` moves
    /// by `last`, looking for `goal`.
    fn walk(
        &mut self,
        x: &[u64],
        g: u32,
        bound: u32,
        last: Option<usize>,
        goal: &mut Goal,
    ) -> Found {
        let solver = self.solver;
        // The bound first: a digit without a table leaves a position one
        // move from the goal estimated 0, and its child the goal.
        if g + u32::from(solver.estimate(x)) > bound {
            return Found::No;
        }
        let solved = x == solver.goal.as_slice();
        let follows = match goal {
            Goal::First if solved => return Found::Yes,
            Goal::First => &solver.follows,
            Goal::Every(out) => {
                if g == bound {
                    if solved {
                        out.push(self.path.clone());
                    }
                    return Found::No;
                }
                &solver.may_follow
            }
        };
        let allowed = last.map_or(u64::MAX, |a| follows[a]);
        let mut y = [0u64; MAX_DIGITS];
        let y = &mut y[..x.len()];
        for m in 0..solver.space.move_count() {
            if allowed >> m & 1 == 0 {
                continue;
            }
            if self.nodes >= self.max_nodes {
                return Found::Stopped;
            }
            self.nodes += 1;
            solver.step(x, m, y);
            self.path.push(m);
            match self.walk(y, g + 1, bound, Some(m), goal) {
                Found::No => {
                    self.path.pop();
                }
                found => return found,
            }
        }
        Found::No
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::puzzle::{Metric, library};
    use crate::twist::analysis::{Analysis, Options};

    /// Every position of a few small puzzles, solved by IDA* against the
    /// whole table: the minimum, a specimen that solves it, and every
    /// starting move; with the coordinates together and each digit alone.
    #[test]
    fn ida_agrees_with_the_table() {
        for (name, metric) in [
            ("pyraminx", Metric::Face),
            ("squares", Metric::Face),
            ("pyraminx", Metric::Quarter),
            ("corners", Metric::Face),
        ] {
            let options = Options {
                metric: Some(metric),
                ..Options::default()
            };
            let p = library::get(name).unwrap();
            let a = Analysis::new(p, &options, &|_| {}).unwrap();
            let space = a.space();
            // The corner group's digits are 8! and 3^7 values apart; the
            // others' coordinates fit together, or are taken a digit at a
            // time.
            let mosts: &[u64] = if name == "corners" {
                &[1 << 24]
            } else {
                &[1 << 24, 1 << 8]
            };
            for &most in mosts {
                let solver = Solver::new(space, most, None).unwrap();
                let mut x = 12345u64;
                for _ in 0..100 {
                    x = (x
                        .wrapping_mul(6364136223846793005)
                        .wrapping_add(1442695040888963407))
                        % space.len();
                    let Some(d) = a.moves_at(x) else { continue };
                    let s = solver.solve_index(x, None).unwrap();
                    let end = s.path.iter().fold(x, |y, &m| space.apply(y, m));
                    assert_eq!(end, space.goal_index(), "{name} {x} {:?}", s.path);
                    assert_eq!(s.path.len(), s.moves as usize, "{name} {x}");
                    assert_eq!(s.moves, u32::from(d), "{name} {x} {most}");
                    assert_eq!(s.starting, a.starting_moves(x), "{name} {x}");
                    // Every minimal sequence, from positions near the goal
                    // (a walk of up to six moves) and from this one when
                    // it is near.
                    let mut near = space.goal_index();
                    for k in 0..(x % 7) {
                        near = space
                            .apply(near, ((x >> (3 * k)) % space.move_count() as u64) as usize);
                    }
                    for y in [x, near] {
                        let Some(d) = a.moves_at(y).filter(|&d| d <= 6) else {
                            continue;
                        };
                        let every = solver
                            .every_minimal(&solver.digits(y), d.into(), None)
                            .unwrap();
                        assert_eq!(every, a.minimal_paths(y), "{name} {y}");
                    }
                }
            }
        }
    }

    #[test]
    fn a_search_stops_at_its_bound_with_what_it_proved() {
        let p = library::get("corners").unwrap();
        let moves = p.moves(Metric::Face, None).unwrap();
        let space = Space::new(&p, &moves).unwrap();
        // Each digit alone, weak estimates: a deep position takes work.
        let solver = Solver::new(&space, 1 << 12, None).unwrap();
        let mut x = space.goal_index();
        for m in [0, 4, 8, 1, 5, 7, 2, 3, 6, 0, 4] {
            x = space.apply(x, m);
        }
        match solver.solve_index(x, Some(50)) {
            Err(Stopped::Nodes { nodes, lower_bound }) => {
                assert_eq!(nodes, 50);
                assert!(lower_bound >= u32::from(solver.estimate(&solver.digits(x))));
            }
            other => panic!("{other:?}"),
        }
        assert!(Solver::new(&space, 1 << 24, Some(1000)).is_err());
    }
}
