//! A priority queue whose priorities can be lowered: a binary heap stored as
//! an array, plus an index from each key to its slot in the array.
//!
//! The A* notes describe the same design with a chained hash table holding
//! each object and its heap index; here a `HashMap` plays that part. Every
//! operation that moves an entry updates its index, so [`UpdatableHeap::push_or_decrease`]
//! finds an entry in O(1) and restores the heap in O(log n).
//!
//! ```
//! use schofield::search::heap::UpdatableHeap;
//! let mut h = UpdatableHeap::new();
//! h.push_or_decrease("far", 10);
//! h.push_or_decrease("near", 3);
//! h.push_or_decrease("far", 1); // lowered: now first
//! assert_eq!(h.pop(), Some(("far", 1)));
//! assert_eq!(h.pop(), Some(("near", 3)));
//! assert_eq!(h.max_len(), 2);
//! ```

use std::collections::HashMap;
use std::collections::hash_map::RandomState;
use std::hash::{BuildHasher, Hash};

/// A min-heap of keys with priorities that can be lowered in O(log n).
#[derive(Debug, Clone)]
pub struct UpdatableHeap<K, P, S = RandomState> {
    heap: Vec<(P, K)>,
    slot: HashMap<K, usize, S>,
    max_len: usize,
}

impl<K: Hash + Eq + Clone, P: Ord + Copy> UpdatableHeap<K, P> {
    /// An empty queue.
    pub fn new() -> Self {
        UpdatableHeap {
            heap: Vec::new(),
            slot: HashMap::new(),
            max_len: 0,
        }
    }
}

impl<K: Hash + Eq + Clone, P: Ord + Copy, S: BuildHasher + Default> Default
    for UpdatableHeap<K, P, S>
{
    /// An empty queue whose index hashes with `S`.
    fn default() -> Self {
        UpdatableHeap {
            heap: Vec::new(),
            slot: HashMap::default(),
            max_len: 0,
        }
    }
}

impl<K: Hash + Eq + Clone, P: Ord + Copy, S: BuildHasher + Default> UpdatableHeap<K, P, S> {
    /// The number of entries.
    pub fn len(&self) -> usize {
        self.heap.len()
    }

    /// True when empty.
    pub fn is_empty(&self) -> bool {
        self.heap.is_empty()
    }

    /// The most entries the queue has held at once.
    pub fn max_len(&self) -> usize {
        self.max_len
    }

    /// The priority of `key`, if queued.
    pub fn priority(&self, key: &K) -> Option<P> {
        self.slot.get(key).map(|&i| self.heap[i].0)
    }

    /// The smallest priority, if any.
    pub fn peek_priority(&self) -> Option<P> {
        self.heap.first().map(|e| e.0)
    }

    /// Queues `key` with `priority`, or lowers its priority if it is queued
    /// with a higher one. Returns true when the queue changed. O(log n).
    pub fn push_or_decrease(&mut self, key: K, priority: P) -> bool {
        match self.slot.get(&key) {
            Some(&i) => {
                if priority >= self.heap[i].0 {
                    return false;
                }
                self.heap[i].0 = priority;
                let j = self.sift_up(i);
                if j != i {
                    self.set_slot(j);
                }
            }
            None => {
                self.heap.push((priority, key));
                let i = self.sift_up(self.heap.len() - 1);
                let key = self.heap[i].1.clone();
                self.slot.insert(key, i);
                self.max_len = self.max_len.max(self.heap.len());
            }
        }
        true
    }

    /// The bytes the heap and its index hold now (by capacity, not length:
    /// what has really been allocated).
    pub fn memory_bytes(&self) -> usize {
        self.heap.capacity() * std::mem::size_of::<(P, K)>()
            + map_bytes::<K, usize>(self.slot.capacity())
    }

    /// True when `additional` more entries fit without growing.
    #[inline]
    pub fn has_room(&self, additional: usize) -> bool {
        self.heap.len() + additional <= self.heap.capacity()
            && self.slot.len() + additional <= self.slot.capacity()
    }

    /// The bytes [`UpdatableHeap::try_reserve`] of `additional` more entries
    /// would bring the heap to, if it had to grow.
    pub fn memory_after_growth(&self, additional: usize) -> usize {
        let need = self.heap.len() + additional;
        let grow = |cap: usize| if need > cap { need.max(2 * cap) } else { cap };
        grow(self.heap.capacity()) * std::mem::size_of::<(P, K)>()
            + map_bytes::<K, usize>(grow(self.slot.capacity()))
    }

    /// Makes room for `additional` more entries, or says that the memory
    /// could not be had (instead of aborting).
    pub fn try_reserve(
        &mut self,
        additional: usize,
    ) -> Result<(), std::collections::TryReserveError> {
        self.heap.try_reserve(additional)?;
        self.slot.try_reserve(additional)
    }

    /// Removes and returns the entry with the smallest priority. O(log n).
    pub fn pop(&mut self) -> Option<(K, P)> {
        if self.heap.is_empty() {
            return None;
        }
        // The last entry moves to the root and sinks.
        let (p, k) = self.heap.swap_remove(0);
        self.slot.remove(&k);
        if !self.heap.is_empty() {
            let j = self.sift_down(0);
            self.set_slot(j);
        }
        Some((k, p))
    }

    /// Records that the entry at `i` lives there.
    fn set_slot(&mut self, i: usize) {
        *self.slot.get_mut(&self.heap[i].1).expect("indexed") = i;
    }

    /// Raises the entry at `i` past every parent of larger priority and
    /// returns where it stops. Each parent passed is moved down a level
    /// and re-indexed; the entry itself is left for the caller to index.
    fn sift_up(&mut self, mut i: usize) -> usize {
        while i > 0 {
            let parent = (i - 1) / 2;
            if self.heap[i].0 >= self.heap[parent].0 {
                break;
            }
            self.heap.swap(i, parent);
            self.set_slot(i);
            i = parent;
        }
        i
    }

    /// Lowers the entry at `i` below every child of smaller priority and
    /// returns where it stops; as [`UpdatableHeap::sift_up`], the entry
    /// itself is left for the caller to index.
    fn sift_down(&mut self, mut i: usize) -> usize {
        let n = self.heap.len();
        loop {
            let (l, r) = (2 * i + 1, 2 * i + 2);
            let mut least = i;
            if l < n && self.heap[l].0 < self.heap[least].0 {
                least = l;
            }
            if r < n && self.heap[r].0 < self.heap[least].0 {
                least = r;
            }
            if least == i {
                return i;
            }
            self.heap.swap(i, least);
            self.set_slot(i);
            i = least;
        }
    }

    /// Checks the invariants: every parent's priority is at most its
    /// children's, and the index names each entry's slot. For tests.
    pub fn check(&self) -> bool {
        let ordered = (1..self.heap.len()).all(|i| self.heap[(i - 1) / 2].0 <= self.heap[i].0);
        let indexed = self.slot.len() == self.heap.len()
            && self
                .heap
                .iter()
                .enumerate()
                .all(|(i, (_, k))| self.slot.get(k) == Some(&i));
        ordered && indexed
    }
}

/// The bytes a `HashMap` of `capacity` entries of `(K, V)` holds: its
/// buckets (a power of two, at most 7/8 full) and one control byte each.
pub fn map_bytes<K, V>(capacity: usize) -> usize {
    if capacity == 0 {
        return 0;
    }
    let buckets = (capacity.saturating_mul(8) / 7).next_power_of_two();
    buckets.saturating_mul(std::mem::size_of::<(K, V)>() + 1)
}
