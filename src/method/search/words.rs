//! Schofield's search, when moves have words: positions in increasing
//! order of cost, each with the set of last moves of its minimal paths,
//! a move costing its word less two for each step it cancels.

use super::*;

/// Schofield's search with words, layer by layer in the cost: layer `m`
/// (the positions first reached at cost `m`) is found from the layers
/// `m − k` for each cost `k` a move can have (on the eight-puzzle 4
/// without elision, 2 with), all complete by then, so a position's cost is
/// final when first reached. Each position keeps the last moves of its
/// minimal paths.
pub(super) fn schofield<M: Mask>(
    space: &Space,
    moves: &MoveSet,
    distance: &mut [u8],
    last: &mut [M],
    levels: usize,
    progress: &dyn Fn(LayerProgress),
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

/// What the moves allow after one another, worked out once before the
/// layers: which may follow which, which cancel how many steps, which cost
/// nothing, and the costs a step can have.
struct Rules {
    /// Every move, a bit each.
    all: u64,
    /// After each last move q: the moves that may follow it in a reduced
    /// path (level 0), and those of them that cancel at least j steps with
    /// it (level j, 1 ≤ j ≤ 4).
    cancels: Vec<[u64; 5]>,
    /// After each last move q: the moves that cost nothing after it (a
    /// word whose every step cancels with q's; the two together cost q's
    /// word less the steps cancelled). Costs are never negative, so the
    /// layer of a position reached by such a move is the layer it is
    /// reached from.
    free_after: Vec<u64>,
    /// For eight moves or fewer, [`Rules::cancels`] united over each set of
    /// last moves.
    by_mask: Vec<[u64; 5]>,
    /// The moves of each cost alone.
    of_cost: Vec<u64>,
    /// The costs a step can have, and the largest.
    steps: Vec<usize>,
    max_cost: usize,
}

impl Rules {
    fn new(space: &Space, moves: &MoveSet, levels: usize) -> Rules {
        let nm = moves.len();
        let all = if nm == 64 { u64::MAX } else { (1u64 << nm) - 1 };
        let redundant = space.redundancy(moves);
        let cancels: Vec<[u64; 5]> = (0..nm)
            .map(|q| {
                // Moves with words are at most 64 (`MAX_WORD_MOVES`): one word.
                let follows = redundant[q].complement(nm).low_word();
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
        let free_after: Vec<u64> = (0..nm)
            .map(|q| {
                (0..nm)
                    .filter(|&t| cancels[q][0] & (1 << t) != 0 && moves.cost_after(Some(q), t) == 0)
                    .fold(0u64, |m, t| m | 1 << t)
            })
            .collect();
        let by_mask: Vec<[u64; 5]> = if nm <= 8 {
            (0..1u64 << nm).map(|mask| united(&cancels, mask)).collect()
        } else {
            Vec::new()
        };
        let max_cost = (0..nm)
            .map(|t| moves.get(t).cost() as usize)
            .max()
            .unwrap_or(1);
        let mut of_cost = vec![0u64; max_cost + 2 * levels + 1];
        for t in 0..nm {
            of_cost[moves.get(t).cost() as usize] |= 1 << t;
        }
        let steps: Vec<usize> = (1..=max_cost)
            .filter(|&k| (0..=levels).any(|j| of_cost[k + 2 * j] != 0))
            .collect();
        Rules {
            all,
            cancels,
            free_after,
            by_mask,
            of_cost,
            steps,
            max_cost,
        }
    }

    /// The moves that cost exactly `k` after a position whose paths at
    /// `level` (2·level over its minimum) have the last moves `mask`; the
    /// goal (`at_goal`, with no last move) allows every move and cancels
    /// none.
    #[inline(always)]
    fn wanted<const L: usize>(&self, mask: u64, at_goal: bool, level: usize, k: usize) -> u64 {
        if at_goal && level == 0 {
            return self.of_cost[k];
        }
        // The moves that may follow some last move, and those that cancel
        // 1, 2, … steps with one (looked up for eight moves or fewer).
        let sets = match self.by_mask.get(mask as usize) {
            Some(&sets) => sets,
            None => united(&self.cancels, mask),
        };
        // A move cancelling j steps at best costs its word less 2j. A path
        // 2l over the minimum is worth following only with a move that
        // cancels more than l steps with it (any other costs no less than
        // after a minimal path).
        let mut want = 0u64;
        for j in level..=L {
            let exactly = sets[j] & !if j < L { sets[j + 1] } else { 0 };
            if j > level || level == 0 {
                want |= exactly & self.of_cost[k + 2 * j];
            }
        }
        want
    }
}

/// The sets of [`Rules::cancels`] united over the last moves `mask`.
#[inline(always)]
fn united(cancels: &[[u64; 5]], mask: u64) -> [u64; 5] {
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

/// The positions of one layer as they are found: written into `after`
/// from `found` on.
struct NewLayer<'a> {
    after: &'a mut [u32],
    found: usize,
    /// Sets of last moves newly marked in this layer with a free move
    /// after them: `(position, level, last move)`.
    work: Vec<(u32, u8, u8)>,
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
    progress: &dyn Fn(LayerProgress),
) -> Result<Vec<u64>, SearchError> {
    let nm = moves.len();
    let goal = space.goal_index();
    let rules = Rules::new(space, moves, L);
    let fast = L == 1 && rules.free_after.iter().all(|&f| f == 0);
    let n = distance.len();
    // Every position once, in the order first reached: layer m is
    // `order[bounds[m]..bounds[m + 1]]`. A new layer is written past the
    // end, with room for the one position written but not kept after the
    // last new one.
    let mut order = vec![0u32; n + 1];
    let mut bounds = vec![0usize, 1];
    order[0] = goal as u32;
    distance[goal as usize] = 0;
    progress(LayerProgress::goal(space.len()));
    let mut counts = vec![1u64];
    let mut reached = 1u64;
    let mut nb = vec![0u64; nm];
    let mut work = Vec::new();
    let mut m = 1usize;
    // Empty layers in a row longer than the largest step: nothing is left.
    let mut empty_run = 0;
    while empty_run <= rules.max_cost + 2 * (L - 1) {
        if m >= usize::from(UNSEEN) {
            return Err(SearchError::TooDeep);
        }
        let start = bounds[m];
        let (before, after) = order.split_at_mut(start);
        let mut layer = NewLayer {
            after,
            found: 0,
            work: std::mem::take(&mut work),
        };
        for &k in &rules.steps {
            for level in 0..L {
                // Paths of cost m − k ending at positions of layer s.
                let Some(s) = m.checked_sub(k + 2 * level) else {
                    continue;
                };
                for &x in &before[bounds[s]..bounds[s + 1]] {
                    let x = x as usize;
                    let mask = last[x * L + level].get();
                    let mut want = rules.wanted::<L>(mask, x as u64 == goal, level, k);
                    if want == 0 {
                        continue;
                    }
                    let row = next.of(x, nm, &mut nb);
                    while want != 0 {
                        let t = want.trailing_zeros() as usize;
                        want &= want - 1;
                        let y = row.get(t);
                        if fast {
                            layer.mark_fast(distance, last, y, t, m);
                        } else {
                            layer.mark::<M, L>(distance, last, y, t, m, &rules);
                        }
                    }
                }
            }
        }
        free_moves::<M, N, L>(next, &rules, distance, last, m, &mut layer, &mut nb);
        let found = layer.found;
        work = layer.work;
        work.clear();
        bounds.push(start + found);
        counts.push(found as u64);
        if found > 0 {
            reached += found as u64;
            empty_run = 0;
            progress(LayerProgress {
                distance: m as u32,
                positions: found as u64,
                reached,
                of: space.len(),
                resumed: false,
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

/// Free moves: what they reach joins layer `m`, and may be followed by
/// free moves in turn (each shorter than the one before, since no word is
/// cancelled away, so this ends).
fn free_moves<M: Mask, N: Neighbours, const L: usize>(
    next: &N,
    rules: &Rules,
    distance: &mut [u8],
    last: &mut [M],
    m: usize,
    layer: &mut NewLayer,
    nb: &mut [u64],
) {
    let mut i = 0;
    while i < layer.work.len() {
        let (y, level, q) = layer.work[i];
        i += 1;
        let (y, level, q) = (y as usize, usize::from(level), usize::from(q));
        // Over the minimum by 2l, only a move cancelling more than l
        // steps is worth following (as in the layers).
        let mut want = rules.free_after[q]
            & if level > 0 {
                rules.cancels[q][level + 1]
            } else {
                rules.all
            };
        if want == 0 {
            continue;
        }
        let row = next.of(y, rules.cancels.len(), nb);
        while want != 0 {
            let t = want.trailing_zeros() as usize;
            want &= want - 1;
            layer.mark::<M, L>(distance, last, row.get(t), t, m, rules);
        }
    }
}

impl NewLayer<'_> {
    /// Marks that move `t` reaches `y` at cost `m`, where no move is free
    /// and one set of last moves is kept. Branch-free: whether `y` is new
    /// or already in this layer is unpredictable, so select rather than
    /// jump.
    #[inline(always)]
    fn mark_fast<M: Mask>(
        &mut self,
        distance: &mut [u8],
        last: &mut [M],
        y: usize,
        t: usize,
        m: usize,
    ) {
        let d = distance[y];
        let fresh = d == UNSEEN;
        let hit = fresh | (usize::from(d) == m);
        distance[y] = if fresh { m as u8 } else { d };
        last[y] |= M::bit(t, hit);
        self.after[self.found] = y as u32;
        self.found += usize::from(fresh);
    }

    /// Marks that move `t` reaches `y` at cost `m`: a new position joins
    /// the layer; otherwise the move joins `y`'s last moves at the level
    /// `m` is over its minimum, when under `L`. A new mark that a free
    /// move may follow is kept for [`free_moves`].
    #[inline(always)]
    fn mark<M: Mask, const L: usize>(
        &mut self,
        distance: &mut [u8],
        last: &mut [M],
        y: usize,
        t: usize,
        m: usize,
        rules: &Rules,
    ) {
        let d = distance[y];
        let level = if d == UNSEEN {
            distance[y] = m as u8;
            self.after[self.found] = y as u32;
            self.found += 1;
            0
        } else {
            // A path 2l more than y's minimum, kept while l < L.
            let over = m - usize::from(d);
            if over % 2 == 1 || over / 2 >= L {
                return;
            }
            over / 2
        };
        let slot = &mut last[y * L + level];
        let before = slot.get();
        *slot |= M::bit(t, true);
        if slot.get() != before && rules.free_after[t] != 0 {
            self.work.push((y as u32, level as u8, t as u8));
        }
    }
}
