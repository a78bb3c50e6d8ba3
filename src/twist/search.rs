//! The exhaustive search: every position's distance from the goal, layer
//! by layer.
//!
//! With every move costing one, it is a breadth-first search. With words
//! (Schofield's elision) a move's cost depends on the move before it, and
//! the search is his: positions are taken in increasing order of their
//! cost, each remembering the last moves of its minimal paths from the
//! goal (his *terminal twists*); a move costs its word's length, less two
//! for each step it cancels with one of those last moves. Paths are
//! *reduced*: a move never follows one with which it makes no move or a
//! single move (A A is W). Keeping only
//! the last moves of *minimal* paths is exact when every word has an even
//! length and at most one step cancels at a junction (checked when the
//! puzzle is read): a path ending at `x` with any other last move costs at
//! least two more, which the one step it might save does not repay (see
//! `docs/search.md`).
//!
//! ```
//! use schofield::puzzle::{library, Metric};
//! use schofield::twist::{search, space::Space};
//! let five = library::get("five").unwrap();
//! let moves = five.moves(Metric::Face, None).unwrap();
//! let space = Space::new(&five, &moves).unwrap();
//! let found = search::distances(&space, &moves, None, &|_| {}).unwrap();
//! assert_eq!(found.counts().iter().sum::<u64>(), 60);
//! assert_eq!(found.max(), 20);
//! ```

use crate::puzzle::MoveSet;
use crate::text::grouped;
use crate::twist::space::Space;

/// Marks a position not reached.
pub const UNSEEN: u8 = u8::MAX;

/// Why a search could not run.
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
pub enum SearchError {
    /// The tables would not fit the memory allowed.
    #[error("the search needs {} bytes for {} positions, more than the {} allowed (--max-memory)", grouped(*.needed as usize), grouped(*.positions as usize), grouped(*.allowed as usize))]
    Memory {
        /// Bytes needed.
        needed: u64,
        /// Positions numbered.
        positions: u64,
        /// Bytes allowed.
        allowed: u64,
    },
    /// The machine would not give the memory.
    #[error("the search needs {} bytes for {} positions, which this machine cannot allocate", grouped(*.needed as usize), grouped(*.positions as usize))]
    Allocation {
        /// Bytes needed.
        needed: u64,
        /// Positions numbered.
        positions: u64,
    },
    /// A distance past what a byte holds.
    #[error("a position needs more than 254 moves; the distance table holds at most 254")]
    TooDeep,
}

/// What the search found: each position's distance (cost in moves) and,
/// with words, the last moves of its minimal paths from the goal.
#[derive(Debug, Clone)]
pub struct Distances {
    distance: Vec<u8>,
    last: Option<Vec<u64>>,
    counts: Vec<u64>,
}

/// Progress of a search: the layer just finished and the positions
/// reached so far.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Layer {
    /// The distance of the layer.
    pub distance: u32,
    /// Positions at that distance.
    pub positions: u64,
    /// Positions reached so far.
    pub reached: u64,
    /// Positions numbered in all.
    pub of: u64,
}

/// The bytes a search of `space` needs: a byte a position, eight more for
/// the last moves with words, and the frontier.
pub fn bytes_needed(space: &Space, words: bool) -> u64 {
    let n = space.len();
    let per = 1 + if words { 8 } else { 0 } + 4;
    n.saturating_mul(per)
}

fn try_vec<T: Clone>(n: u64, fill: T, needed: u64, positions: u64) -> Result<Vec<T>, SearchError> {
    let n = usize::try_from(n).map_err(|_| SearchError::Allocation { needed, positions })?;
    let mut v = Vec::new();
    v.try_reserve_exact(n)
        .map_err(|_| SearchError::Allocation { needed, positions })?;
    v.resize(n, fill);
    Ok(v)
}

/// Runs the search over `space` with `moves`, refusing before it
/// allocates when `max_memory` is too small; `progress` hears of each
/// layer.
pub fn distances(
    space: &Space,
    moves: &MoveSet,
    max_memory: Option<u64>,
    progress: &dyn Fn(Layer),
) -> Result<Distances, SearchError> {
    let words = moves.has_words();
    let needed = bytes_needed(space, words);
    let positions = space.len();
    if let Some(allowed) = max_memory
        && needed > allowed
    {
        return Err(SearchError::Memory {
            needed,
            positions,
            allowed,
        });
    }
    let mut distance = try_vec(positions, UNSEEN, needed, positions)?;
    if words {
        let mut last = try_vec(positions, 0u64, needed, positions)?;
        let counts = schofield(space, moves, &mut distance, &mut last, progress)?;
        Ok(Distances {
            distance,
            last: Some(last),
            counts,
        })
    } else {
        let counts = breadth_first(space, &mut distance, progress)?;
        Ok(Distances {
            distance,
            last: None,
            counts,
        })
    }
}

/// The plain breadth-first search, a layer at a time.
fn breadth_first(
    space: &Space,
    distance: &mut [u8],
    progress: &dyn Fn(Layer),
) -> Result<Vec<u64>, SearchError> {
    let nm = space.move_count();
    let goal = space.goal_index();
    distance[goal as usize] = 0;
    let mut frontier: Vec<u64> = vec![goal];
    let mut counts = vec![1u64];
    let mut reached = 1u64;
    let mut nb = vec![0u64; nm];
    progress(Layer {
        distance: 0,
        positions: 1,
        reached,
        of: space.len(),
    });
    while !frontier.is_empty() {
        let d = counts.len();
        if d >= usize::from(UNSEEN) {
            return Err(SearchError::TooDeep);
        }
        let mut next = Vec::new();
        for &x in &frontier {
            space.neighbours(x, &mut nb);
            for &y in &nb {
                let slot = &mut distance[y as usize];
                if *slot == UNSEEN {
                    *slot = d as u8;
                    next.push(y);
                }
            }
        }
        if next.is_empty() {
            break;
        }
        reached += next.len() as u64;
        counts.push(next.len() as u64);
        progress(Layer {
            distance: d as u32,
            positions: next.len() as u64,
            reached,
            of: space.len(),
        });
        frontier = next;
    }
    Ok(counts)
}

/// Schofield's search with words: positions in increasing order of cost
/// (a bucket a cost), each with the last moves of its minimal paths.
fn schofield(
    space: &Space,
    moves: &MoveSet,
    distance: &mut [u8],
    last: &mut [u64],
    progress: &dyn Fn(Layer),
) -> Result<Vec<u64>, SearchError> {
    let nm = moves.len();
    let goal = space.goal_index();
    // For each move t: the last moves after which it may follow in a
    // reduced path, and those of them after which it elides.
    let allowed: Vec<u64> = (0..nm)
        .map(|t| {
            (0..nm)
                .filter(|&q| moves.redundant_after(q) & (1 << t) == 0)
                .fold(0u64, |m, q| m | 1 << q)
        })
        .collect();
    let eliding: Vec<u64> = (0..nm)
        .map(|t| {
            (0..nm)
                .filter(|&q| moves.elides(q, t))
                .fold(0u64, |m, q| m | 1 << q)
                & allowed[t]
        })
        .collect();
    let cost: Vec<u32> = (0..nm).map(|t| moves.get(t).cost()).collect();
    distance[goal as usize] = 0;
    let mut buckets: Vec<Vec<u64>> = vec![vec![goal]];
    let mut counts: Vec<u64> = Vec::new();
    let mut reached = 0u64;
    let mut nb = vec![0u64; nm];
    let mut c = 0usize;
    while c < buckets.len() {
        let bucket = std::mem::take(&mut buckets[c]);
        let mut here = 0u64;
        for &x in &bucket {
            if usize::from(distance[x as usize]) != c {
                continue;
            }
            here += 1;
            let mask = last[x as usize];
            space.neighbours(x, &mut nb);
            for t in 0..nm {
                let k = if x == goal {
                    cost[t]
                } else if mask & eliding[t] != 0 {
                    cost[t] - 2
                } else if mask & allowed[t] != 0 {
                    cost[t]
                } else {
                    continue;
                };
                let y = nb[t] as usize;
                let nc = c + k as usize;
                if nc >= usize::from(UNSEEN) {
                    return Err(SearchError::TooDeep);
                }
                let dy = usize::from(distance[y]);
                if distance[y] == UNSEEN || dy > nc {
                    distance[y] = nc as u8;
                    last[y] = 1 << t;
                    if buckets.len() <= nc {
                        buckets.resize(nc + 1, Vec::new());
                    }
                    buckets[nc].push(y as u64);
                } else if dy == nc {
                    last[y] |= 1 << t;
                }
            }
        }
        if here > 0 {
            if counts.len() <= c {
                counts.resize(c + 1, 0);
            }
            counts[c] = here;
            reached += here;
            progress(Layer {
                distance: c as u32,
                positions: here,
                reached,
                of: space.len(),
            });
        }
        c += 1;
    }
    Ok(counts)
}

impl Distances {
    /// The distance of position `x`, `None` when the moves never reach it.
    #[inline]
    pub fn get(&self, x: u64) -> Option<u8> {
        let d = self.distance[x as usize];
        (d != UNSEEN).then_some(d)
    }

    /// Every position's distance ([`UNSEEN`] where not reached).
    pub fn table(&self) -> &[u8] {
        &self.distance
    }

    /// With words: the last moves (a bit each) of the minimal paths from
    /// the goal to `x`.
    pub fn last_moves(&self, x: u64) -> Option<u64> {
        self.last.as_ref().map(|l| l[x as usize])
    }

    /// How many positions are at each distance `0 … max` (zero for a
    /// distance no position has: with words, only even costs occur).
    pub fn counts(&self) -> &[u64] {
        &self.counts
    }

    /// The largest distance.
    pub fn max(&self) -> u8 {
        self.counts.len().saturating_sub(1) as u8
    }

    /// The positions reached.
    pub fn reached(&self) -> u64 {
        self.counts.iter().sum()
    }
}
