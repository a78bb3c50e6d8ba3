//! IDA*'s solvers of one `solve` past the whole table: the tables asked
//! for, read or built when a position first needs them; and, without
//! `--max-memory`, while those tables are not kept yet, a first look with
//! small ones ([`FIRST_LOOK_BYTES`], [`FIRST_LOOK_NODES`]), which answers
//! a short position at once instead of after the tables' build.

use super::*;
use schofield::method::search::ida::{
    FIRST_LOOK_BYTES, FIRST_LOOK_NODES, Halt, PlannedTables, Solution, Solver, Stopped,
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
    /// The first look's, until the tables asked for are made.
    small: std::cell::RefCell<Option<Solver<'s>>>,
    /// Whether a first look is allowed ([`Asked::first_look`]).
    look_allowed: bool,
    /// The tables asked for, planned, while first looks come before them.
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
            small: std::cell::RefCell::new(None),
            look_allowed: asked.first_look,
            planned: std::cell::RefCell::new(None),
        }
    }

    /// Whether a first look comes before the tables asked for: allowed,
    /// and those tables more than four times the look's and not all kept.
    /// The tables are planned the first time this is asked; where no look
    /// is wanted, they are made from that plan at once.
    fn looks_first(&self) -> Result<bool, Box<dyn std::error::Error>> {
        let may = self.look_allowed && self.table_bytes > 4 * FIRST_LOOK_BYTES;
        if self.full.get().is_some() || !may {
            return Ok(false);
        }
        if self.planned.borrow().is_none() {
            let planned = planned_tables(self.puzzle, self.space, self.table_bytes, self.many)?;
            if planned.bytes() <= 4 * FIRST_LOOK_BYTES
                || planned.is_kept(self.space, &pruning_store())
            {
                // No look is taken under a limit of time: nothing halts.
                let made = tables_made(self.space, self.quiet, &|| false, || Ok(planned))?;
                let _ = self.full.set(made);
                return Ok(false);
            }
            *self.planned.borrow_mut() = Some(planned);
        }
        Ok(true)
    }

    /// The answer for the position of `digits`: by the first look while
    /// the tables asked for are not made and it finds the answer, else by
    /// those tables, the look's positions counted with theirs.
    pub(super) fn answer(
        &self,
        digits: &[u64],
        args: &SolveArgs,
        asked: Asked,
    ) -> Result<Answer, Box<dyn std::error::Error>> {
        let (mut nodes, mut bound) = (0, 0);
        if self.looks_first()? {
            match self.look(digits, args, asked)? {
                Ok(answer) => return Ok(answer),
                Err((n, b)) => (nodes, bound) = (n, b),
            }
        }
        // Under --max-seconds, the tables' build is the search's time too.
        let clock = std::time::Instant::now();
        let most = asked.limits.max_seconds;
        let solver = self.full(&|| most.is_some_and(|most| clock.elapsed() > most))?;
        let mut rest = asked;
        rest.limits.max_nodes = asked.limits.max_nodes.map(|m| m.saturating_sub(nodes));
        rest.limits.since = Some(clock);
        let (found, every) = search_one(solver, digits, args, rest);
        let found = match found {
            Ok(mut s) => {
                s.nodes += nodes;
                Ok(s)
            }
            Err(Stopped::Nodes {
                nodes: n,
                lower_bound,
            }) => Err(Stopped::Nodes {
                nodes: n + nodes,
                lower_bound: lower_bound.max(bound),
            }),
            Err(other) => Err(other),
        };
        Ok((found, every))
    }

    /// The first look: its answer, or (`Err`) the positions it generated
    /// and the bound it proved before its limit stopped it. It is taken
    /// only where no limit of the user's could stop it first
    /// ([`Asked::first_look`]).
    fn look(
        &self,
        digits: &[u64],
        args: &SolveArgs,
        asked: Asked,
    ) -> Result<Result<Answer, (u64, u32)>, Box<dyn std::error::Error>> {
        if self.small.borrow().is_none() {
            let made = pruned_solver(
                self.puzzle,
                self.space,
                FIRST_LOOK_BYTES,
                false,
                self.quiet,
                &|| false,
            )?;
            *self.small.borrow_mut() = Some(made);
        }
        let small = self.small.borrow();
        let small = small.as_ref().expect("made");
        let look = Asked {
            limits: Allowance {
                max_nodes: Some(FIRST_LOOK_NODES),
                ..asked.limits
            },
            ..asked
        };
        let answer = search_one(small, digits, args, look);
        Ok(match answer.0 {
            Err(Stopped::Nodes { nodes, lower_bound }) => Err((nodes, lower_bound)),
            _ => Ok(answer),
        })
    }

    /// The solver of the tables asked for, made on first use (the first
    /// look's dropped before) unless `halt` stops their build.
    fn full(&self, halt: Halt) -> Result<&Solver<'s>, Box<dyn std::error::Error>> {
        if self.full.get().is_none() {
            self.small.borrow_mut().take();
            let planned = self.planned.borrow_mut().take();
            let made = match planned {
                Some(planned) => tables_made(self.space, self.quiet, halt, || Ok(planned))?,
                None => pruned_solver(
                    self.puzzle,
                    self.space,
                    self.table_bytes,
                    self.many,
                    self.quiet,
                    halt,
                )?,
            };
            let _ = self.full.set(made);
        }
        Ok(self.full.get().expect("made"))
    }
}
