//! Schofield's minimal solutions of one position: the moves that start and
//! end them, a specimen, and every one of them, walked depth first under
//! the main dictionary (with the words' sets of last moves when moves elide).

use super::Analysis;
use crate::method::space::Space;
use crate::puzzle::{MoveBits, MoveSet};
use std::ops::ControlFlow;

impl Analysis {
    /// The last moves of the minimal paths from the goal to `x`
    /// (Schofield's terminal twists).
    pub fn terminal_moves(&self, x: u64) -> MoveBits {
        match self.found.last_moves(x) {
            Some(last) => MoveBits::from_word(last),
            None => {
                let Some(d) = self.found.get(x) else {
                    return MoveBits::new();
                };
                (0..self.moves.len())
                    .filter(|&t| {
                        let before = self.space.apply(x, self.moves.get(t).inverse());
                        self.found
                            .get(before)
                            .is_some_and(|e| u32::from(e) + 1 == u32::from(d))
                    })
                    .collect()
            }
        }
    }

    /// The moves that start a minimal solution of `x`.
    pub fn starting_moves(&self, x: u64) -> MoveBits {
        match self.found.last_moves(x) {
            // With words: the inverses of the last moves from the goal to x.
            Some(last) => self.inverses_of(&MoveBits::from_word(last)),
            None => {
                let Some(d) = self.found.get(x) else {
                    return MoveBits::new();
                };
                (0..self.moves.len())
                    .filter(|&m| {
                        self.found
                            .get(self.space.apply(x, m))
                            .is_some_and(|e| u32::from(e) + 1 == u32::from(d))
                    })
                    .collect()
            }
        }
    }

    /// The moves that end a minimal solution of `x`: the last moves of the
    /// minimal paths from the goal to `x⁻¹` (`None` without inverses, and
    /// up to rotation, where a path's last move depends on the frame it
    /// ends in: no one set is the ending moves of every minimal path).
    pub fn ending_moves(&self, x: u64) -> Option<MoveBits> {
        if self.space.up_to_rotation() {
            return None;
        }
        let inv = self.inverse(x)?;
        Some(match self.found.last_moves(inv) {
            Some(last) => MoveBits::from_word(last),
            None => self.inverses_of(&self.starting_moves(inv)),
        })
    }

    /// The set of the inverses of a set of moves.
    pub fn inverses_of(&self, set: &MoveBits) -> MoveBits {
        set.iter().map(|m| self.moves.get(m).inverse()).collect()
    }

    /// Calls `visit` on every minimal solution of `x` (from `x` to the
    /// goal), in increasing order of the moves' numbers, until it breaks.
    /// Solutions are reduced paths ([`MoveSet::redundant_after`]). A
    /// depth-first search cut by the main dictionary: a move is followed
    /// only while the cost spent and a lower bound on what is left (the
    /// next position's minimum, less two when a minimal solution of it
    /// starts with a move that elides with this one) stay within the
    /// minimum.
    pub fn for_each_minimal_path(
        &self,
        x: u64,
        mut visit: impl FnMut(&[usize]) -> ControlFlow<()>,
    ) {
        let Some(d) = self.found.get(x) else { return };
        let (first, steps) = &self.steps;
        let mut search = Dfs {
            a: self,
            steps,
            words: self.moves.has_words(),
            path: Vec::new(),
        };
        let _ = search.go(x, first, u32::from(d), &mut visit);
    }

    /// The specimen minimal solution of `x`: the first in the order of the
    /// moves. Empty for the goal.
    pub fn specimen(&self, x: u64) -> Vec<usize> {
        let mut found = Vec::new();
        self.for_each_minimal_path(x, |p| {
            found = p.to_vec();
            ControlFlow::Break(())
        });
        found
    }

    /// Every minimal solution of `x`, in order.
    pub fn minimal_paths(&self, x: u64) -> Vec<Vec<usize>> {
        let mut all = Vec::new();
        self.for_each_minimal_path(x, |p| {
            all.push(p.to_vec());
            ControlFlow::Continue(())
        });
        all
    }

    /// The number of minimal solutions of `x`.
    pub fn count_minimal_paths(&self, x: u64) -> u64 {
        let mut n = 0u64;
        self.for_each_minimal_path(x, |_| {
            n += 1;
            ControlFlow::Continue(())
        });
        n
    }
}

/// What may follow the start and each move in a minimal solution: after
/// move t, the moves that may follow (a bit each), the cost of each, and
/// the last moves (from the goal) of a position whose minimal solutions
/// may start with a move eliding with t: the inverses of the moves t elides
/// into.
pub(super) fn steps_of(moves: &MoveSet, space: &Space) -> (PathStep, Vec<PathStep>) {
    let n = moves.len();
    let redundant = space.redundancy(moves);
    let steps = (0..n)
        .map(|t| PathStep {
            follows: redundant[t].complement(n),
            cost: (0..n).map(|u| moves.cost_after(Some(t), u)).collect(),
            elide_last: std::array::from_fn(|j| {
                (0..n)
                    .filter(|&u| {
                        j > 0
                            && !redundant[t].contains(u)
                            && moves.elides(t, u)
                            && moves.cancelled(t, u) as usize >= j
                    })
                    .fold(0u64, |acc, u| acc | 1 << moves.get(u).inverse())
            }),
        })
        .collect();
    let first = PathStep {
        follows: MoveBits::all(n),
        cost: (0..n).map(|u| moves.cost_after(None, u)).collect(),
        elide_last: [0; 5],
    };
    (first, steps)
}

/// What may follow a move in a minimal solution, worked out once.
#[derive(Debug, Clone)]
pub(super) struct PathStep {
    /// The moves that may follow in a reduced path.
    follows: MoveBits,
    /// The cost of each move after this one.
    cost: Vec<u32>,
    /// For `j ≥ 1`, the last moves (from the goal) that mark a position
    /// whose solutions may start with a move cancelling at least `j` steps
    /// with this one.
    elide_last: [u64; 5],
}

impl Analysis {
    /// A lower bound on what solving `y` (minimum `d`) costs right after
    /// the move of `step`: for each set of last moves the search kept (of
    /// paths costing 2l over the minimum), that cost less what the best
    /// junction with the move can cancel; never more than `d`.
    fn bound_after(&self, y: u64, d: u32, step: &PathStep) -> u32 {
        let mut bound = d;
        for level in 0..self.found.levels() {
            let last = self.found.last_moves_at(y, level).unwrap_or(0);
            if let Some(j) = (1..step.elide_last.len())
                .rev()
                .find(|&j| last & step.elide_last[j] != 0)
            {
                bound = bound.min((d + 2 * level as u32).saturating_sub(2 * j as u32));
            }
        }
        bound
    }
}

/// The depth-first search of [`Analysis::for_each_minimal_path`].
struct Dfs<'a> {
    a: &'a Analysis,
    steps: &'a [PathStep],
    words: bool,
    path: Vec<usize>,
}

impl Dfs<'_> {
    fn go(
        &mut self,
        x: u64,
        step: &PathStep,
        budget: u32,
        visit: &mut impl FnMut(&[usize]) -> ControlFlow<()>,
    ) -> ControlFlow<()> {
        // With the budget spent, only the goal is a solution; but a move
        // that costs nothing after this one (all its steps cancelled) may
        // still lead there.
        if budget == 0 && x == self.a.space.goal_index() {
            return visit(&self.path);
        }
        let n = self.a.moves.len();
        for t in 0..n {
            if !step.follows.contains(t) {
                continue;
            }
            let cost = step.cost[t];
            if cost > budget {
                continue;
            }
            let y = self.a.space.apply(x, t);
            let Some(d) = self.a.found.get(y) else {
                continue;
            };
            let next = &self.steps[t];
            let bound = if self.words {
                self.a.bound_after(y, u32::from(d), next)
            } else {
                u32::from(d)
            };
            if bound > budget - cost {
                continue;
            }
            self.path.push(t);
            let flow = self.go(y, next, budget - cost, visit);
            self.path.pop();
            flow?;
        }
        ControlFlow::Continue(())
    }
}
