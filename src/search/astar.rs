//! A* on a board with the updatable heap: the states met kept by their
//! packed cells, an optimal solution and the work it took, within the
//! limits of nodes and memory.

use super::*;

/// An optimal solution found by A*.
#[derive(Debug, Clone, Serialize)]
pub struct AstarResult {
    /// The name of what guided the search ([`Guide::name`]).
    pub heuristic: String,
    /// The estimate at the start.
    pub initial_estimate: u32,
    /// The moves.
    #[serde(flatten)]
    pub path: SolutionPath,
    /// Vertices expanded (taken from the queue and their neighbours looked at).
    pub expanded: u64,
    /// The largest size the queue reached.
    pub max_queue: usize,
    /// Vertices stored (reached at least once).
    pub stored: usize,
}

/// A fast hasher for packed states (a multiply and a rotate): the keys are
/// already well mixed permutations.
#[derive(Default)]
pub struct StateHasher(u64);

impl Hasher for StateHasher {
    fn finish(&self) -> u64 {
        self.0
    }
    fn write(&mut self, bytes: &[u8]) {
        for &b in bytes {
            self.write_u64(u64::from(b));
        }
    }
    fn write_u64(&mut self, x: u64) {
        self.0 = (self.0 ^ x)
            .wrapping_mul(0x9e37_79b9_7f4a_7c15)
            .rotate_left(29);
    }
}

type StateMap<V> = HashMap<u64, V, BuildHasherDefault<StateHasher>>;

/// A*'s queue: packed states by `(f, deeper first)`, indexed with the same
/// fast hasher as the stored vertices.
type Open = UpdatableHeap<u64, (u32, Reverse<u32>), BuildHasherDefault<StateHasher>>;

/// The `n` cells of a packed state, into `out`.
fn unpack(s: u64, n: usize, out: &mut [u8; 16]) {
    for (i, c) in out.iter_mut().enumerate().take(n) {
        *c = crate::perm::nibble(s, i) as u8;
    }
}

/// The bytes A*'s tables hold: the stored vertices and the queue.
fn memory(seen: &StateMap<Seen>, open: &Open) -> usize {
    map_bytes::<u64, Seen>(seen.capacity()) + open.memory_bytes()
}

/// Makes room for one vertex's children (at most 4) within `max_bytes`: a
/// table that must grow is checked at the size it would grow to, and grown
/// fallibly. Returns the limit that stops the search, if one does.
fn make_room(seen: &mut StateMap<Seen>, open: &mut Open, max_bytes: u64) -> Option<Limit> {
    // Memory changes only when a table grows: nothing to check otherwise.
    if seen.capacity() - seen.len() >= 4 && open.has_room(4) {
        return None;
    }
    let seen_now = map_bytes::<u64, Seen>(seen.capacity());
    let seen_after = if seen.capacity() - seen.len() < 4 {
        map_bytes::<u64, Seen>(2 * seen.capacity().max(16))
    } else {
        seen_now
    };
    let (open_now, open_after) = (open.memory_bytes(), open.memory_after_growth(4));
    // A table that grows holds its old and its new storage at once while
    // it moves its entries: the peak is that, not the size it grows to.
    let growing_seen = if seen_after > seen_now { seen_now } else { 0 };
    let growing_open = if open_after > open_now { open_now } else { 0 };
    let peak = (seen_after + growing_seen + open_now).max(seen_after + open_after + growing_open);
    if peak as u64 > max_bytes {
        return Some(Limit::Memory);
    }
    if seen.capacity() - seen.len() < 4 && seen.try_reserve(seen.capacity().max(16)).is_err() {
        return Some(Limit::Available);
    }
    open.try_reserve(4).err().map(|_| Limit::Available)
}

/// What is remembered of a stored vertex.
#[derive(Clone, Copy)]
struct Seen {
    g: u32,
    parent: u64,
    moved: Option<Direction>,
    closed: bool,
}

/// A* from `start` to `goal` on `board`, guided by `guide` (a
/// [`Heuristic`] or a `&Partition`, see [`Guide`]): an optimal solution
/// when the estimate never overestimates. The queue orders by `f = g + h`, ties going
/// to the larger `g` (the deeper vertex); a closed vertex reached again by a
/// shorter path is reopened, so admissibility is enough.
pub fn astar<'a>(
    board: &Board,
    start: &Arrangement,
    goal: &Arrangement,
    guide: impl Into<Guide<'a>>,
    limits: &Limits,
) -> Result<AstarResult, SolveError> {
    let guide = guide.into();
    if let Some((recast, p)) = begin(board, start, goal, guide)? {
        let mut r = astar(board, &recast.arrangement(start), p.goal(), guide, limits)?;
        (r.path.moves, r.path.tiles) = replay_back(board, start, &recast, &r.path.tiles);
        return Ok(r);
    }
    let n = board.cells();
    let estimator = Estimator::new(board, goal, guide)?;
    let estimate = |cells: &[u8]| estimator.estimate(cells);
    let goal_key = crate::perm::pack_nibbles(goal.cells());
    let start_key = crate::perm::pack_nibbles(start.cells());
    let initial_estimate = estimate(start.cells());
    let mut seen: StateMap<Seen> = StateMap::default();
    let mut open = Open::default();
    seen.insert(
        start_key,
        Seen {
            g: 0,
            parent: start_key,
            moved: None,
            closed: false,
        },
    );
    open.push_or_decrease(start_key, (initial_estimate, Reverse(0)));
    let mut expanded = 0u64;
    let mut cells = [0u8; 16];
    while let Some((key, (f, Reverse(g)))) = open.pop() {
        if key == goal_key {
            return Ok(finish(
                board,
                start,
                &seen,
                key,
                guide.name(),
                initial_estimate,
                expanded,
                &open,
            ));
        }
        let limit = if limits.max_nodes.is_some_and(|m| expanded >= m) {
            Some(Limit::Nodes)
        } else {
            make_room(&mut seen, &mut open, limits.max_bytes)
        };
        if let Some(limit) = limit {
            return Err(SolveError::Stopped {
                limit,
                nodes: expanded,
                stored: Some(seen.len()),
                bytes: memory(&seen, &open) as u64,
                lower_bound: f,
            });
        }
        expanded += 1;
        seen.get_mut(&key).expect("stored").closed = true;
        unpack(key, n, &mut cells);
        let blank = cells[..n].iter().position(|&t| t == 0).expect("a blank");
        for d in Direction::ALL {
            let Some(to) = board.step(blank, d) else {
                continue;
            };
            cells.swap(blank, to);
            let next = crate::perm::pack_nibbles(&cells[..n]);
            let g2 = g + 1;
            let better = seen.get(&next).is_none_or(|s| g2 < s.g);
            if better {
                seen.insert(
                    next,
                    Seen {
                        g: g2,
                        parent: key,
                        moved: Some(d),
                        closed: false,
                    },
                );
                let est = estimate(&cells[..n]);
                open.push_or_decrease(next, (g2 + est, Reverse(g2)));
            }
            cells.swap(blank, to);
        }
    }
    unreachable!("a solvable start always reaches the goal")
}

#[allow(clippy::too_many_arguments)]
fn finish(
    board: &Board,
    start: &Arrangement,
    seen: &StateMap<Seen>,
    goal_key: u64,
    heuristic: String,
    initial_estimate: u32,
    expanded: u64,
    open: &Open,
) -> AstarResult {
    let mut moves = Vec::new();
    let mut key = goal_key;
    while let Some(d) = seen[&key].moved {
        moves.push(d);
        key = seen[&key].parent;
    }
    moves.reverse();
    AstarResult {
        heuristic,
        initial_estimate,
        path: SolutionPath::walk(board, start, moves).expect("recorded moves are legal"),
        expanded,
        max_queue: open.max_len(),
        stored: seen.len(),
    }
}
