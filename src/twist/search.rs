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
use crate::twist::space::{MoveTable, Space};

/// Marks a position not reached.
pub const UNSEEN: u8 = u8::MAX;

/// Why a search could not run.
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
pub enum SearchError {
    /// The tables would not fit the memory allowed.
    #[error("the search needs {} bytes for {} positions (with its move tables), more than the {} allowed (--max-memory)", grouped(*.needed as usize), grouped(*.positions as usize), grouped(*.allowed as usize))]
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
    last: Option<LastMoves>,
    /// Sets of last moves kept a position: of its minimal paths, and of
    /// paths costing 2, 4, … more (as many as steps may cancel at a
    /// junction).
    levels: usize,
    counts: Vec<u64>,
}

/// The last moves of each position's minimal paths, a bit a move, in the
/// narrowest words that hold the moves (a byte for the eight-puzzle's
/// eight twists).
#[derive(Debug, Clone)]
enum LastMoves {
    Eight(Vec<u8>),
    Sixteen(Vec<u16>),
    ThirtyTwo(Vec<u32>),
    SixtyFour(Vec<u64>),
}

/// A word of move bits.
trait Mask: Copy + Default + std::ops::BitOrAssign + Send {
    fn get(self) -> u64;
    fn bit(t: usize, on: bool) -> Self;
}

macro_rules! mask {
    ($t:ty) => {
        impl Mask for $t {
            #[inline(always)]
            fn get(self) -> u64 {
                u64::from(self)
            }
            #[inline(always)]
            fn bit(t: usize, on: bool) -> Self {
                <$t>::from(on) << t
            }
        }
    };
}
mask!(u8);
mask!(u16);
mask!(u32);
mask!(u64);

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

impl Layer {
    /// Layer 0 of a search over `of` positions: the goal alone.
    pub fn goal(of: u64) -> Layer {
        Layer {
            distance: 0,
            positions: 1,
            reached: 1,
            of,
        }
    }
}

/// The bytes a search of `space` with `moves` needs: the space's move
/// tables, and a byte a position for its distance; with words, its sets of
/// last moves (a bit a move, one set for each step a junction may cancel)
/// and four bytes for the order positions are reached in.
pub fn bytes_needed(space: &Space, moves: &MoveSet) -> u64 {
    let n = space.len();
    let per = if moves.has_words() {
        let mask = match moves.len() {
            0..=8 => 1,
            9..=16 => 2,
            17..=32 => 4,
            _ => 8,
        };
        1 + mask * u64::from(moves.max_cancel().max(1)) + 4
    } else {
        1
    };
    n.saturating_mul(per).saturating_add(space.table_bytes())
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
    let needed = bytes_needed(space, moves);
    let levels = moves.max_cancel().max(1) as usize;
    let positions = space.len();
    within(needed, positions, max_memory)?;
    let mut distance = try_vec(positions, UNSEEN, needed, positions)?;
    if words {
        macro_rules! run {
            ($t:ty, $v:ident) => {{
                let sets = positions.saturating_mul(levels as u64);
                let mut last = try_vec(sets, <$t>::default(), needed, positions)?;
                let counts = schofield(space, moves, &mut distance, &mut last, levels, progress)?;
                (LastMoves::$v(last), counts)
            }};
        }
        let (last, counts) = match moves.len() {
            0..=8 => run!(u8, Eight),
            9..=16 => run!(u16, Sixteen),
            17..=32 => run!(u32, ThirtyTwo),
            _ => run!(u64, SixtyFour),
        };
        Ok(Distances {
            distance,
            last: Some(last),
            levels,
            counts,
        })
    } else {
        let counts = breadth_first(space, &mut distance, progress)?;
        Ok(Distances {
            distance,
            last: None,
            levels: 1,
            counts,
        })
    }
}

/// Refuses a search of `positions` that needs `needed` bytes, more than
/// `max_memory` allows, before anything is allocated.
fn within(needed: u64, positions: u64, max_memory: Option<u64>) -> Result<(), SearchError> {
    match max_memory {
        Some(allowed) if needed > allowed => Err(SearchError::Memory {
            needed,
            positions,
            allowed,
        }),
        _ => Ok(()),
    }
}

/// The number of positions at each distance, by the layered two-bit
/// search ([`crate::board::two_bit`]: a quarter of a byte a position, so
/// four times the positions of [`distances`] fit), for a space whose moves
/// all cost one; refused before it allocates when `max_memory` is too
/// small. Only the counts come out: a position's distance is not kept, so
/// no class can be found.
pub fn two_bit_counts(
    space: &Space,
    max_memory: Option<u64>,
    progress: &dyn Fn(Layer),
) -> Result<Vec<u64>, SearchError> {
    use crate::board::two_bit::TwoBit;
    let positions = space.len();
    let needed = TwoBit::bytes(positions).saturating_add(space.table_bytes());
    within(needed, positions, max_memory)?;
    let n =
        usize::try_from(positions).map_err(|_| SearchError::Allocation { needed, positions })?;
    let table = TwoBit::try_new(n).ok_or(SearchError::Allocation { needed, positions })?;
    let nm = space.move_count();
    let mut before = 1u64;
    let layers = table.search(
        &[space.goal_index() as usize],
        |i, next| {
            let mut out = [0u64; 64];
            space.neighbours(i as u64, &mut out[..nm]);
            for &j in &out[..nm] {
                next.claim(j as usize);
            }
        },
        |depth, reached, _| {
            progress(Layer {
                distance: depth,
                positions: reached - before,
                reached,
                of: positions,
            });
            before = reached;
        },
    );
    Ok(layers.counts)
}

/// The plain breadth-first search, a layer at a time, over the space's
/// blocks ([`Space::blocks`]) on every core.
///
/// A move takes all the positions of one block into one block, each by a
/// look-up of its inner value, so a layer is worked block by block with
/// the block's targets worked out once. While the frontier is smaller than
/// half the positions not yet reached, the layer is pushed forward: each
/// frontier position claims its unreached neighbours (an atomic
/// compare-and-swap, so a position is claimed once). After that it is
/// pulled: each unreached position looks for a neighbour in the frontier
/// and stops at the first, and writes only its own block. Blocks with no
/// frontier position are passed over.
fn breadth_first(
    space: &Space,
    distance: &mut Vec<u8>,
    progress: &dyn Fn(Layer),
) -> Result<Vec<u64>, SearchError> {
    use std::sync::atomic::{AtomicBool, AtomicU8, Ordering::Relaxed};
    let nm = space.move_count();
    let n = space.len();
    let goal = space.goal_index();
    let Some((size, inner)) = space.blocks() else {
        // A puzzle with one position: the goal.
        distance[goal as usize] = 0;
        return Ok(vec![1]);
    };
    let blocks = n / size;
    // The table as atomic bytes while the cores share it (the same
    // allocation, collected in place).
    let table: Vec<AtomicU8> = std::mem::take(distance)
        .into_iter()
        .map(AtomicU8::new)
        .collect();
    table[goal as usize].store(0, Relaxed);
    // Blocks holding positions of the frontier.
    let mut live: Vec<AtomicBool> = (0..blocks).map(|_| AtomicBool::new(false)).collect();
    live[(goal / size) as usize].store(true, Relaxed);
    progress(Layer::goal(n));
    let mut counts = vec![1u64];
    let mut reached = 1u64;
    let size_us = size as usize;
    // Blocks are handed out in runs, for the cores to share.
    let run = (blocks as usize / 256).clamp(1, 64);
    loop {
        let d = counts.len() - 1;
        if d + 1 >= usize::from(UNSEEN) {
            distance.extend(table.into_iter().map(AtomicU8::into_inner));
            return Err(SearchError::TooDeep);
        }
        let (this, next) = (d as u8, (d + 1) as u8);
        let frontier = counts[d];
        let pull = frontier > (n - reached) / 3;
        let next_live: Vec<AtomicBool> = (0..blocks).map(|_| AtomicBool::new(false)).collect();
        let step = Sweep {
            space,
            table: &table,
            live: &live,
            next_live: &next_live,
            size: size_us,
            nm,
            this,
            next,
            pull,
            run,
        };
        let found = match inner {
            MoveTable::Small(t) => step.layer(t),
            MoveTable::Large(t) => step.layer(t),
        };
        if found == 0 {
            break;
        }
        live = next_live;
        reached += found;
        counts.push(found);
        progress(Layer {
            distance: (d + 1) as u32,
            positions: found,
            reached,
            of: n,
        });
    }
    *distance = table.into_iter().map(AtomicU8::into_inner).collect();
    Ok(counts)
}

/// One layer of [`breadth_first`] over the blocks.
struct Sweep<'a> {
    space: &'a Space,
    table: &'a [std::sync::atomic::AtomicU8],
    live: &'a [std::sync::atomic::AtomicBool],
    next_live: &'a [std::sync::atomic::AtomicBool],
    size: usize,
    nm: usize,
    this: u8,
    next: u8,
    pull: bool,
    run: usize,
}

impl Sweep<'_> {
    /// Works the layer over every block on every core, with the inner
    /// digit's table `inner`; returns the positions reached.
    fn layer<T: Copy + Into<u64> + Sync>(&self, inner: &[T]) -> u64 {
        use rayon::prelude::*;
        let blocks = self.table.len() / self.size;
        (0..blocks)
            .into_par_iter()
            .with_min_len(self.run)
            .map(|b| self.block(b, inner))
            .sum()
    }

    #[inline]
    fn block<T: Copy + Into<u64>>(&self, b: usize, inner: &[T]) -> u64 {
        use std::sync::atomic::Ordering::Relaxed;
        let (size, nm) = (self.size, self.nm);
        if !self.pull && !self.live[b].load(Relaxed) {
            return 0;
        }
        // Pulling, the unseen positions look for one of this layer among
        // their neighbours; pushing, this layer's positions claim theirs.
        let wanted = if self.pull { UNSEEN } else { self.this };
        let row = &self.table[b * size..(b + 1) * size];
        let mut bases = [0u64; 64];
        let bases = &mut bases[..nm];
        let mut ready = false;
        let mut count = 0u64;
        for (i, x) in row.iter().enumerate() {
            if x.load(Relaxed) != wanted {
                continue;
            }
            if !ready {
                for (m, base) in bases.iter_mut().enumerate() {
                    *base = self.space.block_step(b as u64, m);
                }
                ready = true;
            }
            let moves = &inner[i * nm..(i + 1) * nm];
            for (&base, &t) in bases.iter().zip(moves) {
                let y = &self.table[(base + t.into()) as usize];
                if self.pull {
                    if y.load(Relaxed) == self.this {
                        x.store(self.next, Relaxed);
                        count += 1;
                        break;
                    }
                } else if y.load(Relaxed) == UNSEEN
                    && y.compare_exchange(UNSEEN, self.next, Relaxed, Relaxed)
                        .is_ok()
                {
                    count += 1;
                    let j = (base + t.into()) as usize;
                    self.next_live[j / size].store(true, Relaxed);
                }
            }
        }
        if self.pull && count > 0 {
            self.next_live[b].store(true, Relaxed);
        }
        count
    }
}

/// Schofield's search with words, layer by layer in the cost: layer `m`
/// (the positions first reached at cost `m`) is found from the layers
/// `m − k` for each cost `k` a move can have (on the eight-puzzle 4
/// without elision, 2 with), all complete by then, so a position's cost is
/// final when first reached. Each position keeps the last moves of its
/// minimal paths.
fn schofield<M: Mask>(
    space: &Space,
    moves: &MoveSet,
    distance: &mut [u8],
    last: &mut [M],
    levels: usize,
    progress: &dyn Fn(Layer),
) -> Result<Vec<u64>, SearchError> {
    macro_rules! run {
        ($l:literal) => {
            match space.direct_table() {
                Some(MoveTable::Small(t)) => {
                    layers::<M, _, $l>(&Rows(t.as_slice()), space, moves, distance, last, progress)
                }
                Some(MoveTable::Large(t)) => {
                    layers::<M, _, $l>(&Rows(t.as_slice()), space, moves, distance, last, progress)
                }
                None => layers::<M, _, $l>(&Digits(space), space, moves, distance, last, progress),
            }
        };
    }
    match levels {
        1 => run!(1),
        2 => run!(2),
        3 => run!(3),
        _ => run!(4),
    }
}

/// Where the moves lead from a position: a row of one table, or the
/// space's digits worked through.
trait Neighbours {
    /// Fills `out` (one entry a move) with the positions the moves reach
    /// from `x`, where that is work; returns the row when it is a look-up.
    fn of<'a>(&'a self, x: usize, nm: usize, out: &'a mut [u64]) -> Step<'a>;
}

/// The neighbours of one position.
enum Step<'a> {
    Small(&'a [u16]),
    Large(&'a [u32]),
    Worked(&'a [u64]),
}

impl Step<'_> {
    #[inline(always)]
    fn get(&self, t: usize) -> usize {
        match self {
            Step::Small(r) => usize::from(r[t]),
            Step::Large(r) => r[t] as usize,
            Step::Worked(r) => r[t] as usize,
        }
    }
}

struct Rows<'a, T>(&'a [T]);

impl Neighbours for Rows<'_, u16> {
    #[inline(always)]
    fn of<'a>(&'a self, x: usize, nm: usize, _: &'a mut [u64]) -> Step<'a> {
        Step::Small(&self.0[x * nm..(x + 1) * nm])
    }
}

impl Neighbours for Rows<'_, u32> {
    #[inline(always)]
    fn of<'a>(&'a self, x: usize, nm: usize, _: &'a mut [u64]) -> Step<'a> {
        Step::Large(&self.0[x * nm..(x + 1) * nm])
    }
}

struct Digits<'a>(&'a Space);

impl Neighbours for Digits<'_> {
    #[inline(always)]
    fn of<'a>(&'a self, x: usize, _: usize, out: &'a mut [u64]) -> Step<'a> {
        self.0.neighbours(x as u64, out);
        Step::Worked(out)
    }
}

/// [`schofield`] over one kind of neighbours, keeping `L` sets of last
/// moves a position (`last[x * L + l]`: the last moves of paths from the
/// goal to `x` that cost `2l` more than its minimum).
fn layers<M: Mask, N: Neighbours, const L: usize>(
    next: &N,
    space: &Space,
    moves: &MoveSet,
    distance: &mut [u8],
    last: &mut [M],
    progress: &dyn Fn(Layer),
) -> Result<Vec<u64>, SearchError> {
    let nm = moves.len();
    let goal = space.goal_index();
    // After each last move q: the moves that may follow it in a reduced
    // path (level 0), and those of them that cancel at least j steps with
    // it (level j, 1 ≤ j ≤ L).
    let all = if nm == 64 { u64::MAX } else { (1u64 << nm) - 1 };
    let redundant = space.redundancy(moves);
    let cancels: Vec<[u64; 5]> = (0..nm)
        .map(|q| {
            let follows = all & !redundant[q];
            let mut c = [0u64; 5];
            c[0] = follows;
            for (j, set) in c.iter_mut().enumerate().skip(1) {
                *set = (0..nm)
                    .filter(|&t| moves.elides(q, t) && moves.cancelled(q, t) as usize >= j)
                    .fold(0u64, |m, t| m | 1 << t)
                    & follows;
            }
            c
        })
        .collect();
    // After each last move q: the moves that cost nothing after it (a word
    // whose every step cancels with q's; the two together cost q's word
    // less the steps cancelled). Costs are never negative, so the layer of
    // a position reached by such a move is the layer it is reached from.
    let free_after: Vec<u64> = (0..nm)
        .map(|q| {
            (0..nm)
                .filter(|&t| cancels[q][0] & (1 << t) != 0 && moves.cost_after(Some(q), t) == 0)
                .fold(0u64, |m, t| m | 1 << t)
        })
        .collect();
    let fast = L == 1 && free_after.iter().all(|&f| f == 0);
    // Sets of last moves newly marked in this layer with a free move after
    // them: `(position, level, last move)`.
    let mut work: Vec<(u32, u8, u8)> = Vec::new();
    // For eight moves or fewer, the sets by the set of last moves.
    let by_mask: Vec<[u64; 5]> = if nm <= 8 {
        (0..1usize << nm)
            .map(|mask| {
                (0..nm)
                    .filter(|&q| mask & (1 << q) != 0)
                    .fold([0u64; 5], |mut acc, q| {
                        for (a, c) in acc.iter_mut().zip(&cancels[q]) {
                            *a |= c;
                        }
                        acc
                    })
            })
            .collect()
    } else {
        Vec::new()
    };
    // The moves of each cost alone, and the costs a step can have.
    let max_cost = (0..nm)
        .map(|t| moves.get(t).cost() as usize)
        .max()
        .unwrap_or(1);
    let mut of_cost = vec![0u64; max_cost + 2 * L + 1];
    for t in 0..nm {
        of_cost[moves.get(t).cost() as usize] |= 1 << t;
    }
    let steps: Vec<usize> = (1..=max_cost)
        .filter(|&k| (0..=L).any(|j| of_cost[k + 2 * j] != 0))
        .collect();
    let n = distance.len();
    // Every position once, in the order first reached: layer m is
    // `order[bounds[m]..bounds[m + 1]]`. A new layer is written past the
    // end, with room for the one position written but not kept after the
    // last new one.
    let mut order = vec![0u32; n + 1];
    let mut bounds = vec![0usize, 1];
    order[0] = goal as u32;
    distance[goal as usize] = 0;
    progress(Layer::goal(space.len()));
    let mut counts = vec![1u64];
    let mut reached = 1u64;
    let mut nb = vec![0u64; nm];
    let mut m = 1usize;
    // Empty layers in a row longer than the largest step: nothing is left.
    let mut empty_run = 0;
    while empty_run <= max_cost + 2 * (L - 1) {
        if m >= usize::from(UNSEEN) {
            return Err(SearchError::TooDeep);
        }
        let start = bounds[m];
        let (before, after) = order.split_at_mut(start);
        let mut found = 0usize;
        for &k in &steps {
            for level in 0..L {
                // Paths of cost m − k ending at positions of layer s.
                let Some(s) = m.checked_sub(k + 2 * level) else {
                    continue;
                };
                for &x in &before[bounds[s]..bounds[s + 1]] {
                    let x = u64::from(x);
                    // The moves that may follow some last move of x, and
                    // those that cancel 1, 2, … steps with one (looked up
                    // for eight moves or fewer; the goal, with no last
                    // move, allows every move and cancels none).
                    let mask = last[x as usize * L + level].get();
                    let sets = match by_mask.get(mask as usize) {
                        Some(&sets) => sets,
                        None => {
                            let mut sets = [0u64; 5];
                            let mut bits = mask;
                            while bits != 0 {
                                let q = bits.trailing_zeros() as usize;
                                bits &= bits - 1;
                                for (a, c) in sets.iter_mut().zip(&cancels[q]) {
                                    *a |= c;
                                }
                            }
                            sets
                        }
                    };
                    // Those that cost exactly k after x: a move cancelling
                    // j steps at best costs its word less 2j.
                    let mut want = 0u64;
                    if x == goal && level == 0 {
                        want = of_cost[k];
                    } else {
                        // A path 2l over the minimum is worth following
                        // only with a move that cancels more than l steps
                        // with it (any other costs no less than after a
                        // minimal path).
                        for j in level..=L {
                            let exactly = sets[j] & !if j < L { sets[j + 1] } else { 0 };
                            if j > level || level == 0 {
                                want |= exactly & of_cost[k + 2 * j];
                            }
                        }
                    }
                    if want == 0 {
                        continue;
                    }
                    let row = next.of(x as usize, nm, &mut nb);
                    while want != 0 {
                        let t = want.trailing_zeros() as usize;
                        want &= want - 1;
                        let y = row.get(t);
                        if fast {
                            // Branch-free: whether y is new or already in
                            // this layer is unpredictable, so select rather
                            // than jump.
                            let d = distance[y];
                            let fresh = d == UNSEEN;
                            let hit = fresh | (usize::from(d) == m);
                            distance[y] = if fresh { m as u8 } else { d };
                            last[y] |= M::bit(t, hit);
                            after[found] = y as u32;
                            found += usize::from(fresh);
                        } else if let Some(level) =
                            mark::<M, L>(distance, last, y, t, m, after, &mut found)
                            && free_after[t] != 0
                        {
                            work.push((y as u32, level as u8, t as u8));
                        }
                    }
                }
            }
        }
        // Free moves: what they reach joins this layer, and may be
        // followed by free moves in turn (each shorter than the one before,
        // since no word is cancelled away, so this ends).
        let mut i = 0;
        while i < work.len() {
            let (y, level, q) = work[i];
            i += 1;
            let (y, level, q) = (y as usize, usize::from(level), usize::from(q));
            // Over the minimum by 2l, only a move cancelling more than l
            // steps is worth following (as in the layers).
            let mut want = free_after[q]
                & if level > 0 {
                    cancels[q][level + 1]
                } else {
                    all
                };
            if want == 0 {
                continue;
            }
            let row = next.of(y, nm, &mut nb);
            while want != 0 {
                let t = want.trailing_zeros() as usize;
                want &= want - 1;
                let z = row.get(t);
                if let Some(level) = mark::<M, L>(distance, last, z, t, m, after, &mut found)
                    && free_after[t] != 0
                {
                    work.push((z as u32, level as u8, t as u8));
                }
            }
        }
        work.clear();
        bounds.push(start + found);
        counts.push(found as u64);
        if found > 0 {
            reached += found as u64;
            empty_run = 0;
            progress(Layer {
                distance: m as u32,
                positions: found as u64,
                reached,
                of: space.len(),
            });
        } else {
            empty_run += 1;
        }
        m += 1;
    }
    while counts.last() == Some(&0) {
        counts.pop();
    }
    Ok(counts)
}

/// Marks that move `t` reaches `y` at cost `m`: a new position joins the
/// layer (written at `after[found]`); otherwise the move joins `y`'s last
/// moves at the level `m` is over its minimum, when under `L`. Returns the
/// level when the mark is new.
#[inline]
fn mark<M: Mask, const L: usize>(
    distance: &mut [u8],
    last: &mut [M],
    y: usize,
    t: usize,
    m: usize,
    after: &mut [u32],
    found: &mut usize,
) -> Option<usize> {
    let d = distance[y];
    let level = if d == UNSEEN {
        distance[y] = m as u8;
        after[*found] = y as u32;
        *found += 1;
        0
    } else {
        // A path 2l more than y's minimum, kept while l < L.
        let over = m - usize::from(d);
        if over % 2 == 1 || over / 2 >= L {
            return None;
        }
        over / 2
    };
    let slot = &mut last[y * L + level];
    let before = slot.get();
    *slot |= M::bit(t, true);
    (slot.get() != before).then_some(level)
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
        self.last_moves_at(x, 0)
    }

    /// With words: the last moves of the paths from the goal to `x` that
    /// cost `2 * level` more than its minimum, for `level` below
    /// [`Distances::levels`] (`None` without words).
    pub fn last_moves_at(&self, x: u64, level: usize) -> Option<u64> {
        if level >= self.levels {
            return self.last.as_ref().map(|_| 0);
        }
        let i = x as usize * self.levels + level;
        self.last.as_ref().map(|l| match l {
            LastMoves::Eight(v) => u64::from(v[i]),
            LastMoves::Sixteen(v) => u64::from(v[i]),
            LastMoves::ThirtyTwo(v) => u64::from(v[i]),
            LastMoves::SixtyFour(v) => v[i],
        })
    }

    /// How many sets of last moves a position keeps: as many as the most
    /// steps that cancel at a junction, and at least one (1 for the
    /// eight-puzzle, where one step may cancel).
    pub fn levels(&self) -> usize {
        self.levels
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

/// A puzzle's positions as a graph the workers of a timely-dataflow
/// cluster search together ([`crate::board::cluster::search`]), for a
/// space whose moves all cost one: the answer is the positions at each
/// distance and the first antipodes, as [`two_bit_counts`] gives them on
/// one machine.
///
/// ```
/// use schofield::board::cluster::{self, Cluster};
/// use schofield::puzzle::{library, Metric};
/// use schofield::twist::search::SpaceGraph;
/// use schofield::twist::space::Space;
/// use std::sync::Arc;
/// let p = library::get("squares").unwrap();
/// let space = Space::new(&p, &p.moves(Metric::Face, None).unwrap()).unwrap();
/// let graph = Arc::new(SpaceGraph::new(space, "squares").unwrap());
/// let run = cluster::search(graph, &Cluster::local(2).unwrap(), None, Arc::new(|_| {})).unwrap();
/// let (counts, _) = run.result.unwrap();
/// assert_eq!(counts.iter().sum::<u64>(), 663_552); // OEIS A080627
/// ```
#[cfg(feature = "distributed")]
pub struct SpaceGraph {
    space: Space,
    name: String,
    len: usize,
}

#[cfg(feature = "distributed")]
impl SpaceGraph {
    /// The graph of `space`'s positions, `name` naming it in messages;
    /// `None` when its positions do not fit in this machine's numbers.
    pub fn new(space: Space, name: &str) -> Option<SpaceGraph> {
        let len = usize::try_from(space.len()).ok()?;
        Some(SpaceGraph {
            space,
            name: name.to_string(),
            len,
        })
    }
}

#[cfg(feature = "distributed")]
impl crate::board::cluster::Graph for SpaceGraph {
    type Answer = (Vec<u64>, Vec<usize>);

    fn len(&self) -> usize {
        self.len
    }

    fn start(&self) -> usize {
        self.space.goal_index() as usize
    }

    fn neighbours(
        &self,
        i: usize,
        out: &mut [usize; crate::board::cluster::MAX_NEIGHBOURS],
    ) -> usize {
        let nm = self.space.move_count();
        let mut found = [0u64; crate::board::cluster::MAX_NEIGHBOURS];
        self.space.neighbours(i as u64, &mut found[..nm]);
        for (o, &j) in out.iter_mut().zip(&found[..nm]) {
            *o = j as usize;
        }
        nm
    }

    fn kept(&self) -> std::ops::Range<usize> {
        0..0
    }

    fn describe(&self) -> String {
        format!("the puzzle {}", crate::text::quoted(&self.name))
    }

    fn checkpoint(&self) -> Option<(String, [u64; 3])> {
        None
    }

    fn out_of_memory(&self) -> crate::board::cluster::ClusterError {
        crate::board::cluster::ClusterError::Refused(format!(
            "a worker's share of the two-bit table of {} positions does not fit in memory",
            self.len
        ))
    }

    fn answer(&self, counts: &[u64], antipodes: &[usize], _: &[u8]) -> (Vec<u64>, Vec<usize>) {
        (counts.to_vec(), antipodes.to_vec())
    }
}
