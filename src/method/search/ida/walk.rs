//! One core's bounded depth-first walk, and the budget of positions
//! and time the cores share.

use super::*;

/// The positions a search may still generate, shared among the cores:
/// each takes them a block at a time and gives back what it leaves. Taking
/// a block is also when the clock is read and progress told.
pub(super) struct Budget<'p> {
    pub(super) left: AtomicU64,
    pub(super) used: AtomicU64,
    pub(super) started: std::time::Instant,
    pub(super) allowed: Allowance<'p>,
    /// The bound of the pass under way, the last report's time in
    /// milliseconds, and whether the time ran out.
    pub(super) bound: std::sync::atomic::AtomicU32,
    pub(super) reported: AtomicU64,
    pub(super) late: std::sync::atomic::AtomicBool,
}

impl<'p> Budget<'p> {
    /// Positions a core takes at a time.
    const BLOCK: u64 = 1 << 12;
    /// Milliseconds between reports.
    const EVERY: u64 = 250;

    pub(super) fn new(allowed: &Allowance<'p>) -> Budget<'p> {
        Budget {
            left: AtomicU64::new(allowed.max_nodes.unwrap_or(u64::MAX)),
            used: AtomicU64::new(0),
            started: allowed.since.unwrap_or_else(std::time::Instant::now),
            allowed: *allowed,
            bound: Default::default(),
            reported: AtomicU64::new(0),
            late: Default::default(),
        }
    }

    /// A pass under `bound` begins: told at once.
    pub(super) fn begin(&self, bound: u32) {
        self.bound.store(bound, Relaxed);
        self.tell(self.started.elapsed());
    }

    pub(super) fn tell(&self, elapsed: std::time::Duration) {
        if let Some(progress) = self.allowed.progress {
            progress(IdaProgress {
                bound: self.bound.load(Relaxed),
                nodes: self.used.load(Relaxed),
                seconds: elapsed.as_secs_f64(),
            });
        }
    }

    /// Up to a block of positions, none when all are taken or the time
    /// is up.
    pub(super) fn take(&self) -> u64 {
        let elapsed = self.started.elapsed();
        if self.allowed.max_seconds.is_some_and(|most| elapsed > most) {
            self.late.store(true, Relaxed);
            return 0;
        }
        let ms = elapsed.as_millis() as u64;
        let last = self.reported.load(Relaxed);
        if self.allowed.progress.is_some()
            && ms >= last + Budget::EVERY
            && self
                .reported
                .compare_exchange(last, ms, Relaxed, Relaxed)
                .is_ok()
        {
            self.tell(elapsed);
        }
        self.left
            .fetch_update(Relaxed, Relaxed, |left| {
                (left > 0).then(|| left - left.min(Budget::BLOCK))
            })
            .map_or(0, |left| left.min(Budget::BLOCK))
    }

    /// The positions generated so far.
    pub(super) fn used(&self) -> u64 {
        self.used.load(Relaxed)
    }

    /// Why a search within `bound` stopped: the time up, or the
    /// positions spent.
    pub(super) fn stopped(&self, bound: u32) -> Stopped {
        match self.allowed.max_seconds {
            Some(after) if self.late.load(Relaxed) => Stopped::Time {
                after,
                nodes: self.used(),
                lower_bound: bound,
            },
            _ => Stopped::Nodes {
                nodes: self.used(),
                lower_bound: bound,
            },
        }
    }
}

/// What one bounded depth-first pass found.
pub(super) enum Found {
    Yes(Vec<usize>),
    No,
    Stopped,
}

/// One core's part of a search: the positions it may still generate and
/// the path so far.
pub(super) struct Search<'a, 's> {
    pub(super) solver: &'a Solver<'s>,
    pub(super) budget: &'a Budget<'a>,
    /// Positions taken from the budget and not yet generated, and those
    /// generated.
    pub(super) allowance: u64,
    pub(super) nodes: u64,
    pub(super) path: Vec<usize>,
    /// For each depth, the children's parts, a row of parts a move: made
    /// all at once, so that their table reads overlap in memory.
    pub(super) children: Vec<Vec<u64>>,
    /// For each depth, the children the tables leave, by move.
    pub(super) live: Vec<Vec<usize>>,
    /// When a subtree of a pass need no longer be searched.
    pub(super) abandon: Option<Abandon<'a>>,
    /// Whether it was left for that reason (its walk then says stopped).
    pub(super) abandoned: bool,
}

/// A pass's subtree, numbered `index` in the order of first moves, is
/// left once an earlier subtree of its first move is known to solve
/// (`first_found`), or, when only the specimen is sought, an earlier
/// subtree of any first move (`first_any`). Checked each time a core
/// takes positions from the budget.
pub(super) struct Abandon<'a> {
    pub(super) first_found: &'a std::sync::atomic::AtomicUsize,
    pub(super) first_any: Option<&'a std::sync::atomic::AtomicUsize>,
    pub(super) index: usize,
}

impl Abandon<'_> {
    /// Whether the subtree need no longer be searched.
    pub(super) fn now(&self) -> bool {
        self.first_found.load(Relaxed) < self.index
            || self.first_any.is_some_and(|f| f.load(Relaxed) < self.index)
    }
}

/// What a pass looks for: the first canonical sequence within the bound,
/// or every sequence of exactly the bound (commuting moves in both
/// orders), added to the list.
pub(super) enum Aim<'o> {
    First,
    Every(&'o mut Vec<Vec<usize>>),
}

impl Drop for Search<'_, '_> {
    fn drop(&mut self) {
        self.budget.left.fetch_add(self.allowance, Relaxed);
        self.budget.used.fetch_add(self.nodes, Relaxed);
    }
}

impl<'a, 's> Search<'a, 's> {
    pub(super) fn new(solver: &'a Solver<'s>, budget: &'a Budget<'a>) -> Search<'a, 's> {
        Search {
            solver,
            budget,
            allowance: 0,
            nodes: 0,
            path: Vec::new(),
            children: Vec::new(),
            live: Vec::new(),
            abandon: None,
            abandoned: false,
        }
    }

    /// Counts one position generated; false when the budget is spent.
    #[inline]
    pub(super) fn count(&mut self) -> bool {
        if self.allowance == 0 {
            if self.abandon.as_ref().is_some_and(Abandon::now) {
                self.abandoned = true;
                return false;
            }
            self.allowance = self.budget.take();
            if self.allowance == 0 {
                return false;
            }
        }
        self.allowance -= 1;
        self.nodes += 1;
        true
    }

    /// The depth-first pass under `bound` from the parts `x`, reached in
    /// `g` moves by `last`, looking for `goal`.
    pub(super) fn walk(
        &mut self,
        x: &[u64],
        g: u32,
        bound: u32,
        last: Option<usize>,
        goal: &mut Aim,
    ) -> Found {
        let solver = self.solver;
        // The bound first: a digit without a table leaves a position one
        // move from the goal estimated 0, and its child the goal.
        if !solver.within_reach(x, g, bound) {
            return Found::No;
        }
        let solved = x == solver.goal.as_slice();
        let follows = match goal {
            Aim::First if solved => return Found::Yes(self.path.clone()),
            Aim::First => &solver.follows,
            Aim::Every(out) => {
                if g == bound {
                    if solved {
                        out.push(self.path.clone());
                    }
                    return Found::No;
                }
                &solver.may_follow
            }
        };
        let nm = solver.space.move_count();
        let allowed = last.map_or(&solver.first, |a| &follows[a]);
        // Every child first, then their estimates, then the walks under
        // those within reach: the table reads of one position's children
        // are independent, so the memory serves them together.
        let width = x.len();
        let depth = g as usize;
        if self.children.len() <= depth {
            self.children.resize_with(depth + 1, Vec::new);
            self.live.resize_with(depth + 1, Vec::new);
        }
        let mut kids = std::mem::take(&mut self.children[depth]);
        kids.resize(nm * width, 0);
        let mut live = std::mem::take(&mut self.live[depth]);
        live.clear();
        let mut stopped = false;
        for &m in allowed {
            if !self.count() {
                stopped = true;
                break;
            }
            let kid = &mut kids[m * width..(m + 1) * width];
            solver.step_own(x, m, kid);
            live.push(m);
        }
        solver.cut_children(x, &mut kids, width, &mut live, g + 1, bound);
        let mut found = Found::No;
        for &m in &live {
            self.path.push(m);
            found = self.walk(
                &kids[m * width..(m + 1) * width],
                g + 1,
                bound,
                Some(m),
                goal,
            );
            self.path.pop();
            if !matches!(found, Found::No) {
                break;
            }
        }
        self.children[depth] = kids;
        self.live[depth] = live;
        match found {
            Found::No if stopped => Found::Stopped,
            found => found,
        }
    }
}
