//! Minimal move sequences for one position without the whole table:
//! IDA* (iterative deepening on `g + h`) over a puzzle's numbered
//! positions, with pruning tables derived from the puzzle itself.
//!
//! A position is carried as *parts*, each moved by the moves on its own:
//! the digits of its number ([`Space::digit`]: the arrangement and the
//! orientations of each orbit of slots) or, where an orbit's digits are
//! too many for one table, sets of its pieces ([`PieceSet`]). Any parts
//! make a *projection* of the puzzle: a smaller puzzle whose every path
//! is the image of a path of the whole. The distance to the goal in a
//! projection is found for every value by a breadth-first search and kept
//! four bits a value ([`Pruning`]); it is never more than the whole
//! puzzle's, so the largest over the projections is an admissible
//! estimate. Where the whole puzzle's classes under its symmetries fit,
//! one table of them is the estimate instead, an exact one
//! (`Pruning::by_classes`, in `classes.rs`).
//!
//! Sequences are searched in a canonical form ([`Solver::follows`]): a
//! move is never followed by one that makes, with it, no move or a single
//! move (the same face again), and of two moves that commute only one
//! order is taken, their faces in a fixed order. No minimum is lost: a
//! minimal sequence has neither pair, and moving commuting moves into the
//! fixed order keeps its length (and makes no same-face pair, which would
//! shorten it). On the 3×3×3 the sequences left are Korf's
//! ([`Solver::canonical_sequences`]).
//! The first move is taken outside the form, so that one pass finds every
//! starting move with the specimen: a move starts a minimal sequence when
//! the position it makes is solved in one move fewer.
//!
//! The tables are chosen to fit a memory budget, the largest first
//! ([`Solver::kept`]: the cube's edges in a set of seven or of six), read
//! at the position's conjugates by the puzzle's symmetries as well
//! ([`Solver::conjugated`]), and
//! kept on disk between runs in the store's keyed container
//! ([`crate::board::store::read_keyed`]), checked when read back.
//!
//! ```
//! use schofield::puzzle::{Metric, library};
//! use schofield::method::space::Space;
//! use schofield::method::search::ida::{Allowance, Solver};
//! let p = library::get("corners").unwrap();
//! let moves = p.moves(Metric::Face, None).unwrap();
//! let space = Space::new(&p, &moves).unwrap();
//! let solver = Solver::new(&space, 1 << 16, None).unwrap();
//! let x = space.apply(space.apply(space.goal_index(), 0), 4);
//! let s = solver.solve_index(x, &Allowance::default()).unwrap();
//! assert_eq!(s.moves, 2);
//! assert_eq!(space.apply(space.apply(x, s.path[0]), s.path[1]), space.goal_index());
//! ```

use super::SearchError;
use crate::method::space::{Flat, PieceSet, Space, SpaceSymmetry, SymmetryCoordinate};
use crate::puzzle::MoveBits;
use crate::puzzle::transformation::Transformation;
use rayon::prelude::*;
use std::sync::Arc;
use std::sync::atomic::{AtomicU8, AtomicU64, Ordering::Relaxed};

mod canonical;
pub use canonical::RandomSequences;
mod classes;
mod conjugate;
mod frame;
pub use frame::paths_held_still;
mod pass;
mod plan;
mod pruning;
mod walk;

use conjugate::Conjugation;
pub use conjugate::MAX_CONJUGATES;
use plan::TablePlan;
pub use plan::{FIRST_LOOK_BYTES, FIRST_LOOK_NODES, KeptTable, PlannedTables, TableSource};
use pruning::NotMade;
pub use pruning::{Halt, MOST_KEPT, Pruning, UNSEEN};
use walk::{Aim, Budget, Found, Search};

/// Sets of moves as the lists the search walks, in order.
fn lists(sets: Vec<MoveBits>) -> Vec<Vec<usize>> {
    sets.iter().map(|s| s.iter().collect()).collect()
}

/// One part of a position as the search carries it: a digit of its
/// number, or some of one coordinate's pieces ([`PieceSet`]). The parts
/// together tell the whole position.
#[derive(Debug)]
enum Part {
    Digit(usize),
    Pieces(Arc<PieceSet>),
}

/// The most parts a position may have: digits, or piece sets where a
/// coordinate is too large for one table.
pub const MAX_DIGITS: usize = 64;

impl Part {
    /// How many values the part takes.
    fn radix(&self, space: &Space) -> u64 {
        match self {
            Part::Digit(d) => space.digit(*d).0,
            Part::Pieces(set) => set.len(),
        }
    }

    /// The part's value in the flat state `f`.
    fn value_in(&self, space: &Space, f: &Flat) -> u64 {
        match self {
            Part::Digit(d) => space.digits_of_flat(f)[*d],
            Part::Pieces(set) => set.value_of(space, f),
        }
    }

    /// The value move `m` makes of value `v`.
    #[inline]
    fn step(&self, space: &Space, v: u64, m: usize) -> u64 {
        match self {
            Part::Digit(d) => space.digit_step(*d, v, m),
            Part::Pieces(set) => set.step(v, m),
        }
    }
}

/// IDA* over a space: its pruning tables and the canonical form of its
/// sequences.
#[derive(Debug)]
pub struct Solver<'s> {
    space: &'s Space,
    /// What the search carries of a position.
    parts: Vec<Part>,
    /// The goal's parts, then its conjugates' (the goal's own).
    goal: Vec<u64>,
    prunings: Vec<Pruning>,
    /// The symmetries whose conjugates of a position are read in the
    /// tables as well ([`Solver::conjugated`]).
    conjugations: Vec<Conjugation>,
    /// The parts of the conjugates carried after the position's own: a
    /// part of the position's and the conjugation; its values follow the
    /// conjugation's moves.
    conjugate_parts: Vec<(usize, usize)>,
    /// The tables read at the conjugates, their strides over the
    /// conjugates' parts (numbered after the position's own).
    conjugate_prunings: Vec<Pruning>,
    /// Every symmetry the search may read, its tables read at its
    /// conjugates or not: a position that is its own conjugate by some
    /// has its first moves taken once an orbit (`pass::Orbits`).
    symmetries: Vec<Conjugation>,
    /// For each move, the moves that may follow it, in order.
    follows: Vec<Vec<usize>>,
    /// For each move, the moves that may follow it in some minimal
    /// sequence, in order: all but those making with it no move or a
    /// single move.
    may_follow: Vec<Vec<usize>>,
    /// Every move, in order: those that may come first.
    first: Vec<usize>,
}

/// A minimal sequence found for one position.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Solution {
    /// The minimum number of moves.
    pub moves: u32,
    /// One minimal sequence (the specimen), moves by number.
    pub path: Vec<usize>,
    /// Every move that starts a minimal sequence; from
    /// [`Solver::solve_specimen`], only the specimen's first move.
    pub starting: MoveBits,
    /// Whether `starting` holds every starting move: false when the
    /// search stopped at its first minimal sequence.
    pub starting_proved: bool,
    /// The positions generated, the starting moves' searches included.
    pub nodes: u64,
}

/// Why a search stopped before its answer.
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
pub enum Stopped {
    /// More positions than allowed were generated.
    #[error(
        "the search stopped at the most positions allowed ({} generated: the cores take them in blocks), having proved that at least {lower_bound} moves are needed", crate::text::grouped(*.nodes as usize)
    )]
    Nodes {
        /// Positions generated.
        nodes: u64,
        /// A bound proved: no sequence of fewer moves solves it.
        lower_bound: u32,
    },
    /// The time allowed ran out.
    #[error(
        "the search stopped after {} s (the most allowed), {} positions generated, having proved that at least {lower_bound} moves are needed", .after.as_secs(), crate::text::grouped(*.nodes as usize)
    )]
    Time {
        /// The time allowed.
        after: std::time::Duration,
        /// Positions generated.
        nodes: u64,
        /// A bound proved: no sequence of fewer moves solves it.
        lower_bound: u32,
    },
    /// No sequence of moves reaches the goal (a projection has no path).
    #[error("no sequence of these moves reaches the goal")]
    Unreachable,
    /// A table modulo 3 kept on disk passed its check but walked down to
    /// no goal from the position (`why`): the table is wrong.
    #[error(
        "a kept pruning table has wrong values ({why}); delete the pruning-*.bin files of the cache folder and run again"
    )]
    Unfit {
        /// What the walk down found.
        why: String,
    },
    /// Stopped by its halt while its pruning tables were being built,
    /// before any position was searched; the tables finished are kept
    /// (`kept` of `tables`), the one under way is not.
    #[error(
        "the search stopped at the time allowed while its pruning tables were being built, before any position was searched; {kept} of its {tables} tables are kept for the next run, and the one under way needs longer (a run without a limit of time builds the rest)"
    )]
    Building {
        /// Tables on disk for the next run.
        kept: usize,
        /// Tables the solver takes.
        tables: usize,
    },
}

/// What one search is allowed, and whom it tells how it goes.
///
/// ```
/// use schofield::method::search::ida::Allowance;
/// let quick = Allowance { max_nodes: Some(1000), ..Allowance::default() };
/// assert!(quick.max_seconds.is_none() && quick.since.is_none() && quick.progress.is_none());
/// ```
#[derive(Default, Clone, Copy)]
pub struct Allowance<'p> {
    /// Stop after generating this many positions.
    pub max_nodes: Option<u64>,
    /// Stop after this long (checked every few thousand positions).
    pub max_seconds: Option<std::time::Duration>,
    /// When that time began: `None` for when the search begins; earlier
    /// where something before the search (its tables' build) spends the
    /// same time.
    pub since: Option<std::time::Instant>,
    /// Told, a few times a second and at each new bound, how far the
    /// search has come.
    pub progress: Option<&'p (dyn Fn(IdaProgress) + Sync)>,
}

/// How far a search has come.
#[derive(Debug, Clone, Copy, PartialEq)]
pub struct IdaProgress {
    /// The bound of the pass under way: no sequence shorter solves it.
    pub bound: u32,
    /// Positions generated so far.
    pub nodes: u64,
    /// Seconds since the search began.
    pub seconds: f64,
}

impl<'s> Solver<'s> {
    /// A solver for `space`, its pruning tables the projections onto each
    /// coordinate's digits together where they number at most
    /// `most_values`; past it, onto sets of the coordinate's pieces as
    /// large as fit, where its pieces are all different
    /// ([`PieceSet`]: six of the 3×3×3's twelve edges), else onto each
    /// digit alone that fits. Refused before it allocates when the tables
    /// would pass `max_memory` bytes. Positions taken up to rotation are
    /// searched in the engine's turning frame, each move followed by the
    /// rotation that brings the reference piece home (its paths renamed for
    /// a puzzle held still by [`Space::reframe`]); their tables are read at
    /// no conjugate. More parts than [`MAX_DIGITS`] are refused
    /// ([`SearchError::NotCanonical`]).
    pub fn new(
        space: &'s Space,
        most_values: u64,
        max_memory: Option<u64>,
    ) -> Result<Solver<'s>, SearchError> {
        Solver::check(space)?;
        let plan = TablePlan::new(space, most_values, &[])?;
        super::within(plan.bytes, plan.bytes, max_memory)?;
        let made = Solver::made(space, &plan, |_, parts, p, goal| {
            Pruning::projection(space, parts, p, goal, None, &|| false)
        });
        Ok(made.expect("a table built without a halt is always made"))
    }

    /// Refuses a space IDA* cannot search ([`SearchError::NotCanonical`]).
    pub fn check(space: &Space) -> Result<(), SearchError> {
        if space.digit_count() > MAX_DIGITS {
            return Err(SearchError::NotCanonical);
        }
        Ok(())
    }

    /// The solver of `plan`, each projection's table from `table`, unless
    /// one is not made.
    fn made<E>(
        space: &'s Space,
        plan: &TablePlan,
        mut table: impl FnMut(usize, &[Part], &[usize], &[u64]) -> Result<Pruning, E>,
    ) -> Result<Solver<'s>, E> {
        let parts = plan.parts(space);
        let goal = Solver::parts_in(space, &parts, &space.goal_digits());
        let prunings: Vec<Pruning> = plan
            .projections
            .iter()
            .enumerate()
            .map(|(k, p)| table(k, &parts, p, &goal))
            .collect::<Result<_, E>>()?;

        let mut solver = Solver {
            space,
            parts,
            goal,
            prunings,
            conjugations: Vec::new(),
            conjugate_parts: Vec::new(),
            conjugate_prunings: Vec::new(),
            symmetries: Vec::new(),
            follows: lists(Solver::follows(space, true)),
            may_follow: lists(Solver::follows(space, false)),
            first: (0..space.move_count()).collect(),
        };
        solver.place_exact();
        Ok(solver)
    }

    /// Places the distance of each table modulo 3 among the parts the
    /// search carries, after the position's own and its conjugates'
    /// ([`pruning::Exact`]), the goal's 0.
    fn place_exact(&mut self) {
        let base = self.parts.len() + self.conjugate_parts.len();
        self.goal.truncate(base);
        for p in &mut self.prunings {
            if let Some(exact) = &mut p.exact {
                exact.slot = self.goal.len();
                self.goal.push(0);
            }
        }
    }

    /// The values of `parts` for the position of digits `digits`.
    fn parts_in(space: &Space, parts: &[Part], digits: &[u64]) -> Vec<u64> {
        let flat = parts
            .iter()
            .any(|p| matches!(p, Part::Pieces(_)))
            .then(|| space.flat_of_digits(digits));
        parts
            .iter()
            .map(|p| match p {
                Part::Digit(d) => digits[*d],
                Part::Pieces(set) => set.value_of(space, flat.as_ref().expect("the flat state")),
            })
            .collect()
    }

    /// The pruning tables.
    pub fn prunings(&self) -> &[Pruning] {
        &self.prunings
    }

    /// The estimate for the position of digits `x`: the largest of its
    /// projections' distances, and of theirs at its conjugates
    /// ([`UNSEEN`] where one of them cannot reach the goal); an error
    /// only where a table is wrong ([`Stopped::Unfit`]).
    pub fn estimate(&self, x: &[u64]) -> Result<u8, Stopped> {
        Ok(self.estimate_parts(&self.parts_of(x)?))
    }

    /// [`Solver::estimate`] of a position's parts.
    fn estimate_parts(&self, x: &[u64]) -> u8 {
        self.prunings
            .iter()
            .chain(&self.conjugate_prunings)
            .map(|p| p.estimate(x))
            .max()
            .unwrap_or(0)
    }

    /// True when the position of parts `x`, `g` moves from the start, may
    /// be on a sequence of at most `bound` moves: no projection's
    /// distance says otherwise, at the position or at its conjugates.
    #[inline]
    fn within_reach(&self, x: &[u64], g: u32, bound: u32) -> bool {
        Solver::all_within(&self.prunings, x, g, bound)
            && Solver::all_within(&self.conjugate_prunings, x, g, bound)
    }

    /// True when no table of `prunings` puts the position of parts `x`,
    /// `g` moves from the start, beyond `bound`.
    #[inline]
    fn all_within(prunings: &[Pruning], x: &[u64], g: u32, bound: u32) -> bool {
        prunings
            .iter()
            .all(|p| g + u32::from(p.estimate(x)) <= bound)
    }

    /// The children of `live` (rows of `width` parts in `kids`, a row a
    /// move, their own parts made from the parts `x`), `g` moves from the
    /// start, left once those that a table puts beyond `bound` are cut:
    /// first by the position's own tables, then, their conjugates' parts
    /// made, by the tables read at the conjugates (most are cut by the
    /// first alone). Each time every entry is asked of the memory first,
    /// then read (a table modulo 3's distance settled in the child's row,
    /// [`Pruning::settle`]).
    #[inline]
    fn cut_children(
        &self,
        x: &[u64],
        kids: &mut [u64],
        width: usize,
        live: &mut Vec<usize>,
        g: u32,
        bound: u32,
    ) {
        let cut = |tables: &[Pruning], kids: &mut [u64], live: &mut Vec<usize>| {
            for &m in live.iter() {
                for p in tables {
                    p.prefetch(&kids[m * width..(m + 1) * width]);
                }
            }
            if tables.iter().any(|p| p.exact.is_some()) {
                for &m in live.iter() {
                    for p in tables {
                        p.settle(x, &mut kids[m * width..(m + 1) * width]);
                    }
                }
            }
            live.retain(|&m| {
                Solver::all_within(tables, &kids[m * width..(m + 1) * width], g, bound)
            });
        };
        cut(&self.prunings, kids, live);
        if !self.conjugate_prunings.is_empty() {
            for &m in live.iter() {
                self.step_conjugates(x, m, &mut kids[m * width..(m + 1) * width]);
            }
            cut(&self.conjugate_prunings, kids, live);
        }
    }

    /// The parts the search carries for the position of digits `digits`:
    /// its own, then its conjugates', then the distances of the tables
    /// modulo 3 (an error where one walks down to no goal).
    fn parts_of(&self, digits: &[u64]) -> Result<Vec<u64>, Stopped> {
        let mut x = Solver::parts_in(self.space, &self.parts, digits);
        if !self.conjugate_parts.is_empty() {
            let flat = self.space.flat_of_digits(digits);
            let conjugates: Vec<Flat> = self
                .conjugations
                .iter()
                .map(|c| Conjugation::of_flat(self.space, &c.symmetry, &flat))
                .collect();
            for &(p, c) in &self.conjugate_parts {
                x.push(self.parts[p].value_in(self.space, &conjugates[c]));
            }
        }
        // Each table modulo 3's distance, walked down once here; the
        // search carries it from parent to child.
        let own = self.parts.len();
        for p in self.prunings.iter().filter(|p| p.exact.is_some()) {
            let d = p
                .exact_at(self.space, &x[..own])
                .map_err(|why| Stopped::Unfit { why })?;
            x.push(u64::from(d));
        }
        Ok(x)
    }

    /// The digits of numbered position `x`.
    pub fn digits(&self, x: u64) -> Vec<u64> {
        (0..self.space.digit_count())
            .map(|d| self.space.digit_of(x, d))
            .collect()
    }

    /// The parts move `m` makes of the parts `x`, the conjugates' too.
    #[inline]
    fn step(&self, x: &[u64], m: usize, out: &mut [u64]) {
        self.step_own(x, m, out);
        self.step_conjugates(x, m, out);
        for p in &self.prunings {
            p.settle(x, out);
        }
    }

    /// The position's own parts that move `m` makes of the parts `x`.
    #[inline]
    fn step_own(&self, x: &[u64], m: usize, out: &mut [u64]) {
        for ((o, &v), part) in out.iter_mut().zip(x).zip(&self.parts) {
            *o = part.step(self.space, v, m);
        }
    }

    /// The conjugates' parts that move `m` makes of the parts `x`: each
    /// moved by `m`'s image under its symmetry.
    #[inline]
    fn step_conjugates(&self, x: &[u64], m: usize, out: &mut [u64]) {
        let own = self.parts.len();
        for (k, &(p, c)) in self.conjugate_parts.iter().enumerate() {
            let image = usize::from(self.conjugations[c].moves[m]);
            out[own + k] = self.parts[p].step(self.space, x[own + k], image);
        }
    }

    /// A minimal sequence for numbered position `x` ([`Solver::solve`]).
    pub fn solve_index(&self, x: u64, allowed: &Allowance) -> Result<Solution, Stopped> {
        self.solve(&self.digits(x), allowed)
    }

    /// A minimal sequence for the position of digits `x`
    /// ([`Space::digits_of`]), with every starting move; stopped by the
    /// limits `allowed`, with the bound proved so far. Each pass under a
    /// bound is shared among the cores, a subtree each; the specimen is
    /// the first in the moves' order whatever the cores.
    pub fn solve(&self, x: &[u64], allowed: &Allowance) -> Result<Solution, Stopped> {
        let orbits = self.orbits(x);
        self.solve_within(&self.parts_of(x)?, &Budget::new(allowed), true, &orbits)
    }

    /// A minimal sequence for the position of digits `x`, as
    /// [`Solver::solve`] finds it (the first in the moves' order), without
    /// proving the other starting moves: the last pass stops at its first
    /// minimal sequence, as twsearch does, where [`Solver::solve`] goes on
    /// through every first move that has not yet been seen to start one.
    ///
    /// ```
    /// use schofield::puzzle::{Metric, library};
    /// use schofield::method::space::Space;
    /// use schofield::method::search::ida::{Allowance, Solver};
    /// let p = library::get("corners").unwrap();
    /// let moves = p.moves(Metric::Face, None).unwrap();
    /// let space = Space::new(&p, &moves).unwrap();
    /// let solver = Solver::new(&space, 1 << 16, None).unwrap();
    /// let x = solver.digits(space.apply(space.apply(space.goal_index(), 0), 4));
    /// let every = solver.solve(&x, &Allowance::default()).unwrap();
    /// let one = solver.solve_specimen(&x, &Allowance::default()).unwrap();
    /// assert_eq!((one.moves, &one.path), (every.moves, &every.path));
    /// assert!(every.starting_proved && !one.starting_proved);
    /// assert_eq!(one.starting.iter().collect::<Vec<_>>(), [one.path[0]]);
    /// ```
    pub fn solve_specimen(&self, x: &[u64], allowed: &Allowance) -> Result<Solution, Stopped> {
        let orbits = self.orbits(x);
        self.solve_within(&self.parts_of(x)?, &Budget::new(allowed), false, &orbits)
    }

    /// [`Solver::solve`], then every minimal sequence
    /// ([`Solver::every_minimal`]), the two under one allowance: the
    /// positions and the time of both count against the limits, and the
    /// solution's `nodes` are those of both.
    pub fn solve_every(
        &self,
        x: &[u64],
        allowed: &Allowance,
    ) -> Result<(Solution, Vec<Vec<usize>>), Stopped> {
        let orbits = self.orbits(x);
        let x = self.parts_of(x)?;
        let budget = Budget::new(allowed);
        let mut found = self.solve_within(&x, &budget, true, &orbits)?;
        let every = self.every_within(&x, found.moves, &budget)?;
        found.nodes = budget.used();
        Ok((found, every))
    }

    /// [`Solver::solve`] of the parts `x` within `budget`; with
    /// `every_start`, every starting move proved; the first moves taken
    /// once an orbit of `orbits` (`pass::Orbits`).
    fn solve_within(
        &self,
        x: &[u64],
        budget: &Budget<'_>,
        every_start: bool,
        orbits: &pass::Orbits,
    ) -> Result<Solution, Stopped> {
        let h = self.estimate_parts(x);
        if h == UNSEEN {
            return Err(Stopped::Unreachable);
        }
        let mut bound = u32::from(h);
        loop {
            budget.begin(bound);
            if let Some((path, starting)) = self.pass(x, bound, budget, every_start, orbits)? {
                return Ok(Solution {
                    moves: bound,
                    path,
                    starting,
                    // The goal has no starting move to prove.
                    starting_proved: every_start || bound == 0,
                    nodes: budget.used(),
                });
            }
            bound += 1;
        }
    }
}

impl Solver<'_> {
    /// Every minimal sequence for the position of digits `x`, whose
    /// minimum `moves` is known ([`Solver::solve`]), in the order of the
    /// moves; stopped by the limits `allowed`.
    pub fn every_minimal(
        &self,
        x: &[u64],
        moves: u32,
        allowed: &Allowance,
    ) -> Result<Vec<Vec<usize>>, Stopped> {
        let x = self.parts_of(x)?;
        self.every_within(&x, moves, &Budget::new(allowed))
    }

    /// [`Solver::every_minimal`] of the parts `x` within `budget`.
    fn every_within(
        &self,
        x: &[u64],
        moves: u32,
        budget: &Budget<'_>,
    ) -> Result<Vec<Vec<usize>>, Stopped> {
        budget.begin(moves);
        let mut out = Vec::new();
        let found = Search::new(self, budget).walk(x, 0, moves, None, &mut Aim::Every(&mut out));
        match found {
            Found::Stopped => Err(budget.stopped(moves)),
            _ => Ok(out),
        }
    }
}

#[cfg(test)]
mod tests;
