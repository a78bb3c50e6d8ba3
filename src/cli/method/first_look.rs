//! IDA*'s solvers of one `solve` past the whole table: the tables asked
//! for, read or built when a position first needs them; and, without
//! `--max-memory`, while those tables are not kept yet, a first look with
//! small ones ([`FIRST_LOOK_BYTES`], [`FIRST_LOOK_NODES`]), which answers
//! a short position at once instead of after the tables' build.

use super::*;
use schofield::method::search::ida::{
    FIRST_LOOK_BYTES, FIRST_LOOK_NODES, PlannedTables, Solution, Solver, Stopped,
};
use schofield::method::space::Space;
use schofield::puzzle::Puzzle;

/// What one search answers: the solution, and with `--all` every minimal
/// sequence ([`search_one`]).
pub(super) type Answer = (
    Result<Solution, Stopped>,
    Option<Result<Vec<Vec<usize>>, Stopped>>,
);

/// The solvers of one command, made on first use.
pub(super) struct Solvers<'s> {
    puzzle: &'s Puzzle,
    space: &'s Space,
    /// Many positions (`-`): the tables of `Solver::kept_for_many`.
    many: bool,
    quiet: bool,
    /// The bytes the tables asked for may take.
    table_bytes: u64,
    /// The tables asked for.
    full: std::cell::OnceCell<Solver<'s>>,
    /// The first look's.
    small: std::cell::OnceCell<Solver<'s>>,
    /// Whether a first look is allowed (no `--max-memory`).
    look_allowed: bool,
    /// Whether the tables asked for were planned yet (on first need).
    planned_yet: std::cell::Cell<bool>,
    /// Whether a first look is taken while they are not made.
    looking: std::cell::Cell<bool>,
    /// The tables asked for, planned, until they are made.
    planned: std::cell::RefCell<Option<PlannedTables>>,
}

impl<'s> Solvers<'s> {
    /// The solvers of `puzzle`'s `space`, none made yet; a first look is
    /// taken where `asked` allows it.
    pub(super) fn new(
        puzzle: &'s Puzzle,
        space: &'s Space,
        many: bool,
        quiet: bool,
        asked: Asked,
    ) -> Solvers<'s> {
        Solvers {
            puzzle,
            space,
            many,
            quiet,
            table_bytes: asked.table_bytes,
            full: std::cell::OnceCell::new(),
            small: std::cell::OnceCell::new(),
            look_allowed: asked.first_look,
            planned_yet: std::cell::Cell::new(false),
            looking: std::cell::Cell::new(false),
            planned: std::cell::RefCell::new(None),
        }
    }

    /// Whether a first look comes before the tables asked for: allowed,
    /// those tables more than four times the look's and not all kept. The
    /// tables are planned the first time this is asked (and kept for
    /// their making).
    fn looks_first(&self) -> Result<bool, Box<dyn std::error::Error>> {
        let may = self.look_allowed && self.table_bytes > 4 * FIRST_LOOK_BYTES;
        if self.full.get().is_some() || !may {
            return Ok(false);
        }
        if !self.planned_yet.replace(true) {
            let symmetries = self.puzzle.symmetry_transformations();
            let planned = if self.many {
                PlannedTables::for_many(self.space, self.table_bytes, &symmetries)?
            } else {
                PlannedTables::new(self.space, self.table_bytes, &symmetries)?
            };
            let worth = planned.bytes() > 4 * FIRST_LOOK_BYTES
                && !planned.is_kept(self.space, &pruning_store());
            self.looking.set(worth);
            *self.planned.borrow_mut() = Some(planned);
        }
        Ok(self.looking.get())
    }

    /// The answer for the position of `digits`: by the first look while
    /// the tables asked for are not made and it finds the answer (or
    /// meets the user's own limit), else by those tables.
    pub(super) fn answer(
        &self,
        digits: &[u64],
        args: &SolveArgs,
        asked: Asked,
    ) -> Result<Answer, Box<dyn std::error::Error>> {
        let mut looked = Looked::default();
        if self.looks_first()? {
            match self.look(digits, args, asked)? {
                Ok(answer) => return Ok(answer),
                Err(l) => looked = l,
            }
        }
        let mut rest = asked;
        rest.limits.max_nodes = asked.limits.max_nodes.map(|m| m - looked.nodes);
        rest.limits.max_seconds = asked
            .limits
            .max_seconds
            .map(|s| s.saturating_sub(looked.took));
        if rest.limits.max_seconds.is_some_and(|s| s.is_zero()) {
            // No time left to search: the tables are not built for it.
            let stopped = Stopped::Time {
                after: asked.limits.max_seconds.unwrap_or_default(),
                nodes: looked.nodes,
                lower_bound: looked.lower_bound,
            };
            return Ok((Err(stopped), None));
        }
        let full = self.full()?;
        let (found, every) = search_one(full, digits, args, rest);
        // The look's positions are counted with the search's, and its bound
        // kept.
        let found = match found {
            Ok(mut s) => {
                s.nodes += looked.nodes;
                Ok(s)
            }
            Err(Stopped::Nodes { nodes, lower_bound }) => Err(Stopped::Nodes {
                nodes: nodes + looked.nodes,
                lower_bound: lower_bound.max(looked.lower_bound),
            }),
            Err(Stopped::Time {
                after: _,
                nodes,
                lower_bound,
            }) => Err(Stopped::Time {
                after: asked.limits.max_seconds.unwrap_or_default(),
                nodes: nodes + looked.nodes,
                lower_bound: lower_bound.max(looked.lower_bound),
            }),
            Err(other) => Err(other),
        };
        Ok((found, every))
    }

    /// The first look: its answer, or (`Err`) what it spent before its
    /// own limit stopped it (the user's limits stop it with its answer).
    fn look(
        &self,
        digits: &[u64],
        args: &SolveArgs,
        asked: Asked,
    ) -> Result<Result<Answer, Looked>, Box<dyn std::error::Error>> {
        let started = std::time::Instant::now();
        let small = self.small()?;
        let nodes = asked
            .limits
            .max_nodes
            .map_or(FIRST_LOOK_NODES, |n| n.min(FIRST_LOOK_NODES));
        let look = Asked {
            limits: Allowance {
                max_nodes: Some(nodes),
                ..asked.limits
            },
            ..asked
        };
        let answer = search_one(small, digits, args, look);
        match answer.0 {
            Err(Stopped::Nodes { nodes, lower_bound })
                if asked.limits.max_nodes.is_none_or(|m| m > FIRST_LOOK_NODES) =>
            {
                Ok(Err(Looked {
                    nodes,
                    lower_bound,
                    took: started.elapsed(),
                }))
            }
            _ => Ok(Ok(answer)),
        }
    }

    /// The solver of the tables asked for, made on first use.
    fn full(&self) -> Result<&Solver<'s>, Box<dyn std::error::Error>> {
        if self.full.get().is_none() {
            let planned = self.planned.borrow_mut().take();
            let made = match planned {
                Some(planned) => tables_made(self.space, self.quiet, || Ok(planned))?,
                None => pruned_solver(
                    self.puzzle,
                    self.space,
                    self.table_bytes,
                    self.many,
                    self.quiet,
                )?,
            };
            let _ = self.full.set(made);
        }
        Ok(self.full.get().expect("made"))
    }

    /// The first look's solver, its tables read or built.
    fn small(&self) -> Result<&Solver<'s>, Box<dyn std::error::Error>> {
        if self.small.get().is_none() {
            let made = pruned_solver(self.puzzle, self.space, FIRST_LOOK_BYTES, false, self.quiet)?;
            let _ = self.small.set(made);
        }
        Ok(self.small.get().expect("made"))
    }
}

/// What a first look spent before its own limit stopped it.
#[derive(Default)]
struct Looked {
    /// Positions generated.
    nodes: u64,
    /// The bound it proved.
    lower_bound: u32,
    /// How long it took, its tables' reading or build included.
    took: std::time::Duration,
}
