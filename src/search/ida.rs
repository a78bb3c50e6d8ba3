//! Optimal solving by IDA* (iterative-deepening A*): depth-first searches
//! with a rising bound on `g + h` that never follow a duplicate walk of the
//! blank ([`crate::search::duplicates`]: among others, never straight
//! back).
//!
//! It takes the same [`Guide`] as A*. Manhattan distance is updated by the
//! one tile that moved; pattern databases ([`crate::search::pdb::Lookups`],
//! the regular and the reflected sums) by looking up again only the
//! database of that tile; any other estimate is recomputed at each node.
//! Databases built for another goal serve this one when a symmetry of the
//! board with a relabelling of the tiles carries one goal onto the other
//! ([`crate::board::symmetry::Recast`]): the search runs on the recast
//! start and the solution is told back in the original tiles.
//!
//! ```
//! use schofield::board::Board;
//! use schofield::search::{Heuristic, Limits};
//! use schofield::search::ida::solve;
//! let b: Board = "3x3".parse().unwrap();
//! let start = b.parse_arrangement("_12/345/678").unwrap();
//! let s = solve(&b, &start, &b.goal_blank_last(), Heuristic::Manhattan, &Limits::default()).unwrap();
//! assert_eq!(s.path.length, 22);
//! ```

use crate::board::{Arrangement, Board, Direction, SolutionPath};
use crate::search::duplicates::{Automaton, PRUNED};
use crate::search::pdb::{self, Lookups, PatternDb};
use crate::search::{Estimator, Guide, Heuristic, Limit, Limits, SolveError, begin, replay_back};
use serde::Serialize;
use std::time::Instant;

/// An optimal solution with the work it took.
#[derive(Debug, Clone, Serialize)]
pub struct IdaSolution {
    /// The moves.
    #[serde(flatten)]
    pub path: SolutionPath,
    /// The estimate at the start.
    pub initial_estimate: u32,
    /// Positions generated (children made).
    pub generated: u64,
    /// Seconds of search.
    pub seconds: f64,
}

/// How the estimate is kept up to date as tiles move.
enum Update<'a> {
    /// Manhattan distance: `md[tile][cell]`, changed by one tile's step.
    Manhattan(Vec<[u8; 16]>),
    /// Pattern databases: the Manhattan distance, changed by one tile's
    /// step, and the excess of each regular and reflected view. One of the
    /// moved tile's views is looked up at once (the one in the smaller
    /// database, [`Lookups::reflected_first`]); the other is marked stale
    /// and looked up only if the first sum alone does not cut the node off
    /// (each lookup is a likely cache miss; on Korf's 100 with 7-8 the
    /// first sum cuts off 35 % of the nodes generated).
    Databases(Lookups<'a>, Views),
    /// Anything else, recomputed from the cells.
    Recompute(Estimator<'a>),
}

/// What the databases' estimate is made of at the current node.
struct Views {
    manhattan: u32,
    regular: Vec<u8>,
    reflected: Vec<u8>,
    /// The sum of `regular`.
    regular_sum: u32,
    /// The sum of `reflected`.
    reflected_sum: u32,
    /// The view not yet looked up since its tile moved.
    stale: Option<Which>,
    /// The change of the moved tile's Manhattan distance in the last move
    /// (±1; the reflection keeps it): what turns a parity into an excess.
    dm: i8,
}

impl Views {
    /// The values tile `t`'s move changes: its two views and the
    /// Manhattan distance.
    #[inline]
    fn of(&self, lookups: &Lookups, t: u8) -> Undo {
        let t = usize::from(t);
        Undo {
            regular: self.regular[lookups.regular_of[t]],
            reflected: self.reflected[lookups.reflected_of[t]],
            manhattan: self.manhattan,
            regular_sum: self.regular_sum,
            reflected_sum: self.reflected_sum,
        }
    }

    /// Sets the values tile `t`'s move changes.
    #[inline]
    fn set(&mut self, lookups: &Lookups, t: u8, v: Undo) {
        let t = usize::from(t);
        self.regular[lookups.regular_of[t]] = v.regular;
        self.reflected[lookups.reflected_of[t]] = v.reflected;
        self.manhattan = v.manhattan;
        self.regular_sum = v.regular_sum;
        self.reflected_sum = v.reflected_sum;
    }

    /// Looks view `which` up again for the tiles' cells `pos` after a move
    /// of one of its tiles: its parity, read against its excess before the
    /// move ([`PatternDb::excess_after`]), keeping its sum.
    #[inline]
    fn refresh(&mut self, lookups: &Lookups, which: Which, pos: &[u8; 16]) {
        let dm = self.dm;
        let (value, sum, parity) = match which {
            Which::Regular(p) => (
                &mut self.regular[p],
                &mut self.regular_sum,
                lookups.parity(&lookups.regular[p], false, pos),
            ),
            Which::Reflected(q) => (
                &mut self.reflected[q],
                &mut self.reflected_sum,
                lookups.parity(&lookups.reflected[q], true, pos),
            ),
        };
        let e = PatternDb::excess_after(*value, dm, parity);
        *sum = *sum + u32::from(e) - u32::from(*value);
        *value = e;
    }
}

/// Which view of which database (as [`Views::stale`]: the view whose tile
/// moved and which has not been looked up again).
#[derive(Debug, Clone, Copy)]
enum Which {
    /// The regular view of this database.
    Regular(usize),
    /// The reflected view of this database.
    Reflected(usize),
}

/// What [`Search::swap_views`] puts back after a move: the moved tile's two
/// view excesses and the Manhattan distance.
#[derive(Debug, Clone, Copy, Default)]
struct Undo {
    regular: u8,
    reflected: u8,
    manhattan: u32,
    regular_sum: u32,
    reflected_sum: u32,
}

/// The state of one search: the arrangement as cells and as each tile's
/// cell, the path so far and the work done.
struct Search<'a> {
    n: usize,
    step: [[u8; 4]; 16],
    cells: [u8; 16],
    pos: [u8; 16],
    blank: usize,
    goal: [u8; 16],
    generated: u64,
    path: Vec<Direction>,
    /// The duplicate walks the path may not end with.
    duplicates: &'static Automaton,
    update: Update<'a>,
    max_nodes: u64,
}

/// No neighbour in that direction.
const NONE: u8 = u8::MAX;

/// Why a depth-first pass ended without a solution.
enum Cut {
    /// The smallest `f` beyond the bound (the next bound), and the least
    /// number of moves the position is known to be from the goal: its
    /// estimate, or more when a neighbour's estimate says so (pathmax).
    Bound(u32, u32),
    /// The node limit was passed.
    Stopped,
}

impl Search<'_> {
    /// The estimate of the current arrangement, from scratch.
    fn estimate(&self) -> u32 {
        match &self.update {
            Update::Manhattan(md) => (0..self.n)
                .filter(|&c| self.cells[c] != 0)
                .map(|c| u32::from(md[usize::from(self.cells[c])][c]))
                .sum(),
            Update::Databases(lookups, v) => lookups.combine(v.manhattan, &v.regular, &v.reflected),
            Update::Recompute(e) => e.estimate(&self.cells[..self.n]),
        }
    }

    /// The whole estimate, given `h` from [`Search::update`]: with
    /// databases, the stale view is looked up now.
    #[inline]
    fn refine(&mut self, h: u32) -> u32 {
        let pos = &self.pos;
        match &mut self.update {
            Update::Databases(lookups, v) => {
                match v.stale.take() {
                    Some(view) => v.refresh(lookups, view, pos),
                    None => return h,
                }
                // Every view is up to date here, so the running sums are the
                // views' sums. A slip in keeping them need not fail a search
                // (a sum too low only slows it): the unit tests check them,
                // in release builds too.
                #[cfg(any(debug_assertions, test))]
                {
                    assert_eq!(
                        (v.regular_sum, v.reflected_sum),
                        (pdb::excess_sum(&v.regular), pdb::excess_sum(&v.reflected)),
                        "the running sums of the views"
                    );
                }
                lookups.combine_sums(v.manhattan, v.regular_sum, v.reflected_sum)
            }
            _ => h,
        }
    }

    /// Slides the tile on `to` into the blank; returns the tile.
    #[inline]
    fn slide(&mut self, to: usize) -> u8 {
        let t = self.cells[to];
        self.cells[self.blank] = t;
        self.cells[to] = 0;
        self.pos[usize::from(t)] = self.blank as u8;
        self.pos[0] = to as u8;
        self.blank = to;
        t
    }

    /// The estimate after tile `t` moved from `from` to `to`, whose
    /// estimate before was `h`; `undo` receives what
    /// [`Search::swap_views`] needs to put the views back.
    #[inline]
    fn update(&mut self, h: u32, t: u8, from: usize, to: usize, undo: &mut Undo) -> u32 {
        let pos = &self.pos;
        match &mut self.update {
            Update::Manhattan(md) => {
                let tt = usize::from(t);
                h + u32::from(md[tt][to]) - u32::from(md[tt][from])
            }
            Update::Databases(lookups, v) => {
                *undo = v.of(lookups, t);
                let tt = usize::from(t);
                v.dm = lookups.distance[tt][to] as i8 - lookups.distance[tt][from] as i8;
                v.manhattan = v.manhattan.wrapping_add_signed(i32::from(v.dm));
                let p = lookups.regular_of[tt];
                let q = lookups.reflected_of[tt];
                if lookups.reflected_first[tt] {
                    v.refresh(lookups, Which::Reflected(q), pos);
                    v.stale = Some(Which::Regular(p));
                    // The reflected sum alone until the regular view is looked up.
                    return v.manhattan + 2 * v.reflected_sum;
                }
                v.refresh(lookups, Which::Regular(p), pos);
                if lookups.reflect {
                    v.stale = Some(Which::Reflected(q));
                }
                // The regular sum alone until the reflected view is looked up.
                v.manhattan + 2 * v.regular_sum
            }
            Update::Recompute(e) => e.estimate(&self.cells[..self.n]),
        }
    }

    /// Sets the view values of tile `t` and the Manhattan distance to
    /// `v`, and returns what they were: after [`Search::update`], it puts
    /// back the values before the move and keeps those after it.
    #[inline]
    fn swap_views(&mut self, t: u8, v: Undo) -> Undo {
        if let Update::Databases(lookups, views) = &mut self.update {
            // Every node searched has looked its stale view up.
            views.stale = None;
            let old = views.of(lookups, t);
            views.set(lookups, t, v);
            old
        } else {
            Undo::default()
        }
    }

    /// One depth-first pass below `bound`.
    fn dfs(&mut self, g: u32, bound: u32, state: u16, h: u32) -> Result<(), Cut> {
        if g + h > bound {
            return Err(Cut::Bound(g + h, h));
        }
        let h = self.refine(h);
        if g + h > bound {
            return Err(Cut::Bound(g + h, h));
        }
        // Not `h == 0` first: a damaged database may leave the goal's
        // estimate above 0, and the goal must still end the search.
        if self.cells == self.goal {
            return Ok(());
        }
        let mut least = u32::MAX;
        let mut floor = h;
        for (k, d) in Direction::ALL.into_iter().enumerate() {
            let to = self.step[self.blank][k];
            let next = self.duplicates.step(state, k);
            if to == NONE || next == PRUNED {
                continue;
            }
            if self.generated >= self.max_nodes {
                return Err(Cut::Stopped);
            }
            self.generated += 1;
            let from_blank = self.blank;
            let t = self.slide(usize::from(to));
            let mut undo = Undo::default();
            // The tile went from `to` to the old blank cell.
            let h2 = self.update(h, t, usize::from(to), from_blank, &mut undo);
            // A child cut off by its first view's estimate needs no call.
            let r = if g + 1 + h2 > bound {
                Err(Cut::Bound(g + 1 + h2, h2))
            } else {
                self.dfs(g + 1, bound, next, h2)
            };
            self.swap_views(t, undo);
            self.slide(from_blank);
            match r {
                Ok(()) => {
                    self.path.push(d);
                    return Ok(());
                }
                Err(Cut::Bound(next, known)) => {
                    least = least.min(next);
                    // A neighbour at least `known` moves from the goal puts
                    // this position at least `known − 1` from it.
                    if known > floor + 1 {
                        floor = known - 1;
                        if g + floor > bound {
                            return Err(Cut::Bound(g + floor, floor));
                        }
                    }
                }
                Err(Cut::Stopped) => return Err(Cut::Stopped),
            }
        }
        Err(Cut::Bound(least, floor))
    }
}

/// Where the blank goes from each cell in each direction ([`NONE`] off
/// the board).
fn steps_of(board: &Board) -> [[u8; 4]; 16] {
    let mut step = [[NONE; 4]; 16];
    for (c, row) in step.iter_mut().enumerate().take(board.cells()) {
        for (k, d) in Direction::ALL.into_iter().enumerate() {
            if let Some(to) = board.step(c, d) {
                row[k] = to as u8;
            }
        }
    }
    step
}

/// How the estimate follows the moves from the position whose tiles are
/// on the cells `pos` (of `n`), and the bytes of the databases it reads.
fn update_for<'a>(
    estimator: Estimator<'a>,
    guide: Guide<'a>,
    pos: &[u8; 16],
    n: usize,
) -> (Update<'a>, u64) {
    let mut bytes = 0u64;
    let update = match estimator {
        Estimator::Named(target, Heuristic::Manhattan) => {
            Update::Manhattan(target.distance[..n].to_vec())
        }
        Estimator::Databases(lookups) => {
            if let Guide::Databases(p) = guide {
                bytes = p.dbs.iter().map(|db| db.bytes()).sum();
            }
            let (regular, reflected) = lookups.values(pos);
            let views = Views {
                manhattan: lookups.manhattan(pos),
                regular_sum: pdb::excess_sum(&regular),
                reflected_sum: pdb::excess_sum(&reflected),
                regular,
                reflected,
                stale: None,
                dm: 0,
            };
            Update::Databases(lookups, views)
        }
        other => Update::Recompute(other),
    };
    (update, bytes)
}

/// Solves `start` optimally towards `goal` with IDA* guided by `guide` (a
/// [`Heuristic`] or a `&Partition`, see [`Guide`]), within `limits`: more
/// than [`Limits::max_nodes`] nodes generated, or databases larger than
/// [`Limits::max_bytes`], stop it with [`SolveError::Stopped`] and the
/// bound it had proved.
pub fn solve<'a>(
    board: &Board,
    start: &Arrangement,
    goal: &Arrangement,
    guide: impl Into<Guide<'a>>,
    limits: &Limits,
) -> Result<IdaSolution, SolveError> {
    let guide = guide.into();
    if let Some((recast, p)) = begin(board, start, goal, guide)? {
        let mut s = solve(board, &recast.arrangement(start), p.goal(), guide, limits)?;
        (s.path.moves, s.path.tiles) = replay_back(board, start, &recast, &s.path.tiles);
        return Ok(s);
    }
    let n = board.cells();
    let mut cells = [0u8; 16];
    cells[..n].copy_from_slice(start.cells());
    let mut pos = [0u8; 16];
    for (c, &t) in start.cells().iter().enumerate() {
        pos[usize::from(t)] = c as u8;
    }
    let mut goal_arr = [0u8; 16];
    goal_arr[..n].copy_from_slice(goal.cells());
    let estimator = Estimator::new(board, goal, guide)?;
    let (update, bytes) = update_for(estimator, guide, &pos, n);
    let mut s = Search {
        n,
        step: steps_of(board),
        cells,
        pos,
        blank: start.blank(),
        goal: goal_arr,
        generated: 0,
        path: Vec::new(),
        duplicates: Automaton::standard(),
        update,
        max_nodes: limits.max_nodes.unwrap_or(u64::MAX),
    };
    let clock = Instant::now();
    let initial_estimate = s.estimate();
    let mut bound = initial_estimate;
    let stopped = |limit, nodes, bound| SolveError::Stopped {
        limit,
        nodes,
        stored: None,
        bytes,
        lower_bound: bound,
    };
    if bytes > limits.max_bytes {
        return Err(stopped(Limit::Memory, 0, bound));
    }
    loop {
        match s.dfs(0, bound, 0, initial_estimate) {
            Ok(()) => break,
            Err(Cut::Stopped) => return Err(stopped(Limit::Nodes, s.generated, bound)),
            Err(Cut::Bound(next, _)) => bound = next,
        }
    }
    let seconds = clock.elapsed().as_secs_f64();
    let moves: Vec<Direction> = s.path.iter().rev().copied().collect();
    Ok(IdaSolution {
        path: SolutionPath::walk(board, start, moves).expect("the search's moves are legal"),
        initial_estimate,
        generated: s.generated,
        seconds,
    })
}

#[cfg(test)]
mod tests;
