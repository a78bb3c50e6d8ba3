//! What a layer's expansion does with each state: the traits a search is
//! given ([`Expand`], [`Pull`], [`StateNumber`]) and the claims of the next
//! layer ([`Next`]).

use super::{Claim, LOW, TwoBit, set_bits};
use std::sync::atomic::Ordering;

/// What a search does with each state of a layer: claim its neighbours.
/// A closure `Fn(usize, &mut Next)` is one. A search over a table whose
/// states fall into aligned blocks may also claim some neighbours a word
/// at a time ([`Expand::word`]), ahead of the states of that word.
pub trait Expand: Sync {
    /// Claims the neighbours of state `i` (those [`Expand::word`] did not).
    fn state(&self, i: usize, next: &mut Next);

    /// Called for each word `w` of the table with states of the layer,
    /// before [`Expand::state`] for each of them; `hits` has them as the
    /// low bits of their two-bit fields. Does nothing unless overridden.
    #[inline(always)]
    fn word(&self, w: usize, hits: u64, next: &mut Next) {
        let _ = (w, hits, next);
    }
}

impl<F: Fn(usize, &mut Next) + Sync> Expand for F {
    #[inline(always)]
    fn state(&self, i: usize, next: &mut Next) {
        self(i, next)
    }
}

/// What a search that may *pull* does with each state not yet reached,
/// when a layer is larger than what is left (the last layers of most
/// searches): instead of expanding the layer's states, each state left
/// looks for one neighbour in the layer, and stops at the first. A closure
/// `Fn(usize, u32, &dyn Fn(usize) -> bool) -> bool` is one: given state
/// `i`, the distance it would have, and a test of whether a state is in
/// the layer, it says whether `i` has a neighbour there (and so is
/// claimed at that distance). The moves must be undone by moves, so that
/// a state's neighbours are the states it is a neighbour of.
pub trait Pull: Sync {
    /// True when state `i` has a neighbour `j` with `in_layer(j)`.
    fn pull(&self, i: usize, depth: u32, in_layer: &dyn Fn(usize) -> bool) -> bool;
}

impl<F: Fn(usize, u32, &dyn Fn(usize) -> bool) -> bool + Sync> Pull for F {
    #[inline(always)]
    fn pull(&self, i: usize, depth: u32, in_layer: &dyn Fn(usize) -> bool) -> bool {
        self(i, depth, in_layer)
    }
}

/// A state's number as a search hands it over: a `usize`, or the `u64` a
/// puzzle's position is numbered by (so that a list of them need not be
/// copied).
pub trait StateNumber: Copy {
    /// The state's place in the table.
    fn state(self) -> usize;
}

impl StateNumber for usize {
    #[inline(always)]
    fn state(self) -> usize {
        self
    }
}

impl StateNumber for u64 {
    #[inline(always)]
    fn state(self) -> usize {
        self as usize
    }
}

/// What one layer's expansions claim: the next layer's mark, its distance,
/// and how many states and groups these expansions claimed.
#[derive(Debug)]
pub struct Next<'a> {
    pub(super) table: &'a TwoBit,
    pub(super) mark: u64,
    pub(super) depth: u32,
    pub(super) claimed: u64,
    pub(super) firsts: u64,
}

impl Next<'_> {
    /// The number of states these claims claimed.
    pub fn claimed(&self) -> u64 {
        self.claimed
    }

    /// The distance of the states claimed now: one more than the layer
    /// being expanded.
    #[inline]
    pub fn depth(&self) -> u32 {
        self.depth
    }

    /// Claims state `j` for the next layer if it has not been reached;
    /// true if this call claimed it (exactly one call does).
    #[inline]
    pub fn claim(&mut self, j: usize) -> bool {
        self.claim_group(j) != Claim::Reached
    }

    /// Claims state `j` for the next layer if it has not been reached, and
    /// says whether it is the first of its group.
    #[inline]
    pub fn claim_group(&mut self, j: usize) -> Claim {
        let c = self.table.claim(j, self.mark);
        self.count(c)
    }

    /// Counts what a claim found, and passes it on.
    #[inline]
    fn count(&mut self, c: Claim) -> Claim {
        self.claimed += u64::from(c != Claim::Reached);
        self.firsts += u64::from(c == Claim::First);
        c
    }

    /// Claims the states of word `w` given by `states` that are not yet
    /// reached, with one read and one atomic OR; returns those it claimed,
    /// in the same form. `states` has one bit a state, the low bit of its
    /// two-bit field, and only states below [`TwoBit::len`]. A table of
    /// groups larger than one claims them one by one, as
    /// [`Next::claim`] would.
    #[inline]
    pub fn claim_word(&mut self, w: usize, states: u64) -> u64 {
        let table = self.table;
        if table.group != 1 {
            return set_bits(states)
                .filter(|&k| self.claim(w * 32 + k))
                .fold(0, |claimed, k| claimed | 1 << (2 * k));
        }
        let word = &table.words[w];
        let x = word.load(Ordering::Relaxed);
        let open = states & !(x | x >> 1) & LOW;
        if open == 0 {
            return 0;
        }
        // As in a single claim, only another claim of this layer, setting
        // the same bit, can have marked them since the read.
        let high = self.mark == 0b10;
        let bits = open << u32::from(high);
        let before = word.fetch_or(bits, Ordering::Relaxed);
        let claimed = (bits & !before) >> u32::from(high);
        let n = u64::from(claimed.count_ones());
        self.claimed += n;
        self.firsts += n;
        claimed
    }

    /// Claims the states `js`, reading the words of 64 at a time before
    /// claiming any of them so that the reads overlap; `found(k, claim)` is
    /// called for each `js[k]` this call claimed.
    #[inline]
    pub fn claim_all<J: StateNumber>(&mut self, js: &[J], mut found: impl FnMut(usize, Claim)) {
        for (c, chunk) in js.chunks(64).enumerate() {
            let mut open = 0u64;
            for (k, &j) in chunk.iter().enumerate() {
                open |= u64::from(self.table.unreached(j.state())) << k;
            }
            while open != 0 {
                let k = open.trailing_zeros() as usize;
                open &= open - 1;
                let claim = self.table.claim_seen(chunk[k].state(), self.mark);
                let claim = self.count(claim);
                if claim != Claim::Reached {
                    found(c * 64 + k, claim);
                }
            }
        }
    }
}
