//! The search when every move costs one: breadth first over blocks of
//! positions, each layer pushed from the frontier or pulled by the
//! unreached, whichever touches fewer positions, on every core.

use super::*;

/// The plain breadth-first search, a layer at a time, over the space's
/// blocks ([`Space::blocks`]) on every core.
///
/// A move takes all the positions of one block into one block, each by a
/// look-up of its inner value, so a layer is worked block by block with
/// the block's targets worked out once. While the frontier is smaller than
/// a third of the positions not yet reached, the layer is pushed forward: each
/// frontier position claims its unreached neighbours (an atomic
/// compare-and-swap, so a position is claimed once). After that it is
/// pulled: each unreached position looks for a neighbour in the frontier
/// and stops at the first, and writes only its own block. Blocks with no
/// frontier position are passed over.
pub(super) fn breadth_first(
    space: &Space,
    distance: &mut Vec<u8>,
    progress: &dyn Fn(LayerProgress),
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
    progress(LayerProgress::goal(n));
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
        progress(LayerProgress {
            distance: (d + 1) as u32,
            positions: found,
            reached,
            of: n,
            resumed: false,
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
        crate::memory::scratch(nm, |bases: &mut [u64]| {
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
        })
    }
}
