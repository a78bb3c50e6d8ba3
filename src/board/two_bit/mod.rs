//! The layered breadth-first search with two bits a state (Korf's two-bit
//! search), written once for every search over a ranked state space that
//! is too large for a byte a state: the census of every small board
//! ([`crate::board::census`]) and the building of large pattern databases
//! ([`crate::search::pdb::PatternDb::build_by_regions`]).
//!
//! Each state `0 … len − 1` has two bits: `00` not yet reached, `11` old,
//! and `01`, `10` which take turns as "this layer" and "the next layer".
//! A layer is one parallel pass over the table (rayon): each state marked
//! as this layer is expanded, and its neighbours not yet reached are
//! claimed for the next layer with an atomic OR, so each is claimed once.
//! The same pass turns this layer old, a word at a time once the word's
//! states are expanded, and the two marks swap roles. When a layer claims
//! nothing, its states are still marked: they are the farthest states, the
//! antipodes.
//!
//! The table never lists a large frontier (only a small layer keeps a list
//! of its words): the work is the expansions and one scan of `len / 4`
//! bytes a layer. The expansions are bound by memory
//! latency (each neighbour is a random place in the table), so an
//! expansion hands over all its neighbours at once ([`Next::claim_all`]):
//! their words are read first, independently, so that the processor
//! fetches them in parallel, and only then claimed. A search whose states
//! fall into blocks of whole words may claim a move that keeps the place
//! within the block for all of a word's states at once ([`Expand::word`],
//! [`Next::claim_word`]): the census does so for horizontal moves.
//!
//! States may come in aligned *groups* (a power of two, at most 32, say
//! the regions of one placement of a pattern database): a claim then also
//! tells whether it is the first of its group ever reached, and the search
//! counts groups as well as states.
//!
//! ```
//! use schofield::board::two_bit::TwoBit;
//! // A cycle of 10 states, searched from state 0.
//! let table = TwoBit::try_new(10).unwrap();
//! let layers = table.search(&[0], |i, next| {
//!     next.claim((i + 1) % 10);
//!     next.claim((i + 9) % 10);
//! }, |_, _, _| {});
//! assert_eq!(layers.counts, vec![1, 2, 2, 2, 2, 1]);
//! assert_eq!(table.last_layer(&layers).collect::<Vec<_>>(), vec![5]);
//! ```

use rayon::prelude::*;
use std::sync::atomic::{AtomicU64, Ordering};

/// A table of two bits for each of `len` states.
#[derive(Debug)]
pub struct TwoBit {
    words: Vec<AtomicU64>,
    len: usize,
    /// States per group: a power of two, at most 32.
    group: usize,
}

/// What a claim found.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Claim {
    /// Reached before.
    Reached,
    /// Claimed now; another state of its group was reached before.
    New,
    /// Claimed now, the first state of its group.
    First,
}

/// One layer of a search: its distance and the mark its states carry. A
/// search runs by itself ([`TwoBit::search`]) or is driven a layer at a
/// time from outside, as a distributed worker drives its slice: claim the
/// starts ([`TwoBit::claim_start`]), expand [`Layer::FIRST`] into
/// [`TwoBit::next`], and [`TwoBit::close`] each layer once the next one is
/// complete everywhere.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Layer {
    /// `01` or `10`.
    current: u64,
    depth: u32,
}

impl Layer {
    /// The starts' layer, distance 0.
    pub const FIRST: Layer = Layer {
        current: 0b01,
        depth: 0,
    };

    /// The layer at distance `depth` (the marks take turns).
    pub fn at(depth: u32) -> Layer {
        Layer {
            current: if depth.is_multiple_of(2) { 0b01 } else { 0b10 },
            depth,
        }
    }

    /// The layer after this one, with the other mark.
    fn after(self) -> Layer {
        Layer {
            current: self.current ^ 0b11,
            depth: self.depth + 1,
        }
    }

    /// The distance of the layer's states.
    pub fn depth(self) -> u32 {
        self.depth
    }
}

/// How many states of a table carry each mark ([`TwoBit::tally`]).
#[derive(Debug, Clone, Copy, Default, PartialEq, Eq)]
pub struct Tally {
    /// States of the layers closed.
    pub old: u64,
    /// States of the layer to expand.
    pub this: u64,
    /// States of the layer after it.
    pub next: u64,
}

/// What one pass of [`TwoBit::search`] did: the states and groups it
/// claimed, and whether it turned the layer it expanded old.
struct Pass {
    claimed: u64,
    firsts: u64,
    closed: bool,
}

/// The largest layer [`TwoBit::search`] turns old from a list of its words
/// rather than as it expands them: small enough that the list is cheap,
/// large enough for the last layer of every search this crate runs.
const LISTED: u64 = 1 << 16;

/// The words of the table one task of a pass walks (32 KB).
const STRETCH: usize = 1 << 12;

/// What a small layer's pass found in one stretch of the table.
struct Listed {
    /// The words with states of the layer, each with those states as the
    /// low bits of their fields.
    words: Vec<(usize, u64)>,
    /// The states the stretch claimed.
    claimed: u64,
    /// The groups it reached first.
    firsts: u64,
}

/// The words a pass tests together for states of the layer, passing over
/// them at once when there are none: most words of the first and last
/// layers, and of the census's, have none, and one test of 16 words is
/// much cheaper than 16.
const RUN: usize = 16;

/// The places (0 … 31) of the two-bit fields whose low bit is set in
/// `bits`, in order: how a word's marked or claimed states are walked.
#[inline(always)]
pub(crate) fn set_bits(mut bits: u64) -> impl Iterator<Item = usize> {
    std::iter::from_fn(move || {
        (bits != 0).then(|| {
            let k = bits.trailing_zeros() as usize / 2;
            bits &= bits - 1;
            k
        })
    })
}

/// The mark of an old state.
const OLD: u64 = 0b11;
/// The low bit of every two-bit field of a word.
const LOW: u64 = 0x5555_5555_5555_5555;

mod expand;
mod reading;
#[cfg(test)]
mod tests;

pub use expand::{Expand, Next, Pull, StateNumber};

/// What a search found.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Layers {
    /// The number of states at each distance, from 0.
    pub counts: Vec<u64>,
    /// The number of groups first reached at each distance, from 0.
    pub groups: Vec<u64>,
    /// The last layer, whose states still carry its mark.
    last: Layer,
}

impl Layers {
    /// The largest distance reached.
    pub fn max(&self) -> u32 {
        self.counts.len().saturating_sub(1) as u32
    }
}

impl TwoBit {
    /// A table for `len` states, none reached; `None` when the memory
    /// (`len / 4` bytes) cannot be had.
    pub fn try_new(len: usize) -> Option<TwoBit> {
        Self::try_grouped(len, 1)
    }

    /// A table for `len` states in aligned groups of `group` (a power of
    /// two, at most 32); `None` when the memory cannot be had or the group
    /// is not such a number.
    pub fn try_grouped(len: usize, group: usize) -> Option<TwoBit> {
        if !group.is_power_of_two() || group > 32 {
            return None;
        }
        Some(TwoBit {
            words: super::try_vec_with(len.div_ceil(32), || AtomicU64::new(0))?,
            len,
            group,
        })
    }

    /// The bytes of a table of `len` states.
    pub fn bytes(len: u64) -> u64 {
        len.div_ceil(32) * 8
    }

    /// The number of states.
    pub fn len(&self) -> usize {
        self.len
    }

    /// True for a table of no states.
    pub fn is_empty(&self) -> bool {
        self.len == 0
    }

    /// Whether state `i` looks not yet reached (a plain read).
    #[inline]
    fn unreached(&self, i: usize) -> bool {
        (self.words[i / 32].load(Ordering::Relaxed) >> (2 * (i % 32))) & 0b11 == 0
    }

    /// Marks state `i` with `mark` if it is not yet reached.
    #[inline]
    fn claim(&self, i: usize, mark: u64) -> Claim {
        if !self.unreached(i) {
            return Claim::Reached;
        }
        self.claim_seen(i, mark)
    }

    /// [`TwoBit::claim`] of a state just seen unreached.
    #[inline]
    fn claim_seen(&self, i: usize, mark: u64) -> Claim {
        let (w, shift) = (i / 32, 2 * (i % 32));
        let word = &self.words[w];
        if self.group == 1 {
            // Seen unreached just now, the state can since have been marked
            // only by another claim of this same layer, with this same bit:
            // that bit alone tells, and a one-bit test-and-set is cheaper
            // than a compare-and-swap loop.
            let bit = 1u64 << (shift + usize::from(mark == 0b10));
            return if word.fetch_or(bit, Ordering::Relaxed) & bit != 0 {
                Claim::Reached
            } else {
                Claim::First
            };
        }
        let before = word.fetch_or(mark << shift, Ordering::Relaxed);
        if (before >> shift) & 0b11 != 0 {
            return Claim::Reached;
        }
        // The group's fields in the word.
        let bits = 2 * self.group as u32;
        let start = shift & !(bits - 1) as usize;
        let mask = u64::MAX >> (64 - bits) << start;
        if before & mask == 0 {
            Claim::First
        } else {
            Claim::New
        }
    }

    /// The fields of word `x` that carry `mark`, as their low bits.
    #[inline]
    fn marked(x: u64, mark: u64) -> u64 {
        let lo = x & LOW;
        let hi = (x >> 1) & LOW;
        if mark == 0b01 { lo & !hi } else { hi & !lo }
    }

    /// Searches from `starts` (distance 0) layer by layer until a layer
    /// finds nothing new. `expand(i, next)` is called for every state `i`
    /// reached, in parallel, and claims its neighbours with
    /// [`Next::claim`] (or its kin). `each_layer(distance, reached,
    /// groups)` is called after each new layer with the number of states
    /// and of groups reached so far.
    ///
    /// A layer turns old in the same pass that expands it (see
    /// `TwoBit::pass`), so the table is read once a layer, not twice.
    /// The last layer must stay marked (it is the antipodes): a small layer
    /// is left so when it claims nothing, and in the rare case that a large
    /// one is the last, the search runs again and stops short of it. So
    /// `expand` must give the same claims each time, and what it does
    /// besides claiming may be done twice for a state (none of this
    /// crate's searches has such a last layer; the census's side effect is
    /// a store, the databases' a list that is deduplicated).
    pub fn search(
        &self,
        starts: &[usize],
        expand: impl Fn(usize, &mut Next) + Sync,
        each_layer: impl FnMut(u32, u64, u64),
    ) -> Layers {
        self.search_with(starts, expand, each_layer)
    }

    /// [`TwoBit::search`] with an [`Expand`] that may also claim a word's
    /// neighbours at once ([`Expand::word`]).
    pub fn search_with(
        &self,
        starts: &[usize],
        expand: impl Expand,
        mut each_layer: impl FnMut(u32, u64, u64),
    ) -> Layers {
        let (first, first_groups) = self.claim_starts(starts);
        let mut counts = vec![first];
        let mut groups = vec![first_groups];
        let mut reached = first;
        let mut reached_groups = first_groups;
        let mut layer = Layer::FIRST;
        loop {
            let pass = self.pass(layer, counts[layer.depth as usize], &expand);
            if pass.claimed == 0 {
                if pass.closed {
                    self.search_again(starts, &counts, layer, &expand);
                }
                return Layers {
                    counts,
                    groups,
                    last: layer,
                };
            }
            layer = layer.after();
            counts.push(pass.claimed);
            groups.push(pass.firsts);
            reached += pass.claimed;
            reached_groups += pass.firsts;
            each_layer(layer.depth, reached, reached_groups);
        }
    }

    /// [`TwoBit::search`] that pulls ([`Pull`]) whenever a layer has more
    /// states than are left unreached, and pushes otherwise: the states of
    /// a large last layer look for a neighbour a few moves at most, where
    /// the layer before would have expanded every move of every state. A
    /// table of one state a group only.
    ///
    /// ```
    /// use schofield::board::two_bit::TwoBit;
    /// // A cycle of 10 states: the last layers are pulled.
    /// let table = TwoBit::try_new(10).unwrap();
    /// let layers = table.search_pulling(
    ///     &[0],
    ///     |i, next| {
    ///         next.claim((i + 1) % 10);
    ///         next.claim((i + 9) % 10);
    ///     },
    ///     |i: usize, _: u32, in_layer: &dyn Fn(usize) -> bool| {
    ///         in_layer((i + 1) % 10) || in_layer((i + 9) % 10)
    ///     },
    ///     |_, _, _| {},
    /// );
    /// assert_eq!(layers.counts, vec![1, 2, 2, 2, 2, 1]);
    /// assert_eq!(table.last_layer(&layers).collect::<Vec<_>>(), vec![5]);
    /// ```
    pub fn search_pulling(
        &self,
        starts: &[usize],
        expand: impl Fn(usize, &mut Next) + Sync,
        pull: impl Pull,
        mut each_layer: impl FnMut(u32, u64, u64),
    ) -> Layers {
        assert_eq!(self.group, 1, "a pulling search claims states one by one");
        let (first, _) = self.claim_starts(starts);
        self.resume_pulling(starts, vec![first], expand, pull, |counts| {
            let reached = counts.iter().sum();
            each_layer(counts.len() as u32 - 1, reached, reached);
            true
        })
    }

    /// [`TwoBit::search_pulling`] from a table that holds `counts.len()`
    /// layers already: the starts' alone, or a checkpoint's (its last
    /// layer marked, the layers before it old). `after_layer(counts)` is
    /// called after each new layer with the counts so far, and stops the
    /// search when it answers false: the table then holds that layer as a
    /// checkpoint would, and the counts end with it.
    ///
    /// ```
    /// use schofield::board::two_bit::TwoBit;
    /// // A cycle of 10 states, stopped after layer 2 and resumed.
    /// let table = TwoBit::try_new(10).unwrap();
    /// let expand = |i: usize, next: &mut schofield::board::two_bit::Next| {
    ///     next.claim((i + 1) % 10);
    ///     next.claim((i + 9) % 10);
    /// };
    /// let pull = |i: usize, _: u32, in_layer: &dyn Fn(usize) -> bool| {
    ///     in_layer((i + 1) % 10) || in_layer((i + 9) % 10)
    /// };
    /// table.claim_start(0);
    /// let stopped = table.resume_pulling(&[0], vec![1], expand, pull, |c| c.len() < 3);
    /// assert_eq!(stopped.counts, vec![1, 2, 2]);
    /// let layers = table.resume_pulling(&[0], stopped.counts, expand, pull, |_| true);
    /// assert_eq!(layers.counts, vec![1, 2, 2, 2, 2, 1]);
    /// ```
    pub fn resume_pulling(
        &self,
        starts: &[usize],
        mut counts: Vec<u64>,
        expand: impl Fn(usize, &mut Next) + Sync,
        pull: impl Pull,
        mut after_layer: impl FnMut(&[u64]) -> bool,
    ) -> Layers {
        assert_eq!(self.group, 1, "a pulling search claims states one by one");
        assert!(!counts.is_empty(), "a search holds its starts at least");
        let mut reached: u64 = counts.iter().sum();
        let mut layer = Layer::at(counts.len() as u32 - 1);
        loop {
            let size = counts[layer.depth as usize];
            let pass = if size > self.len as u64 - reached {
                self.pull_pass(layer, &pull)
            } else {
                self.pass(layer, size, &expand)
            };
            if pass.claimed == 0 {
                if pass.closed {
                    self.search_again(starts, &counts, layer, &expand);
                }
                return Layers {
                    groups: counts.clone(),
                    counts,
                    last: layer,
                };
            }
            layer = layer.after();
            counts.push(pass.claimed);
            reached += pass.claimed;
            if !after_layer(&counts) {
                return Layers {
                    groups: counts.clone(),
                    counts,
                    last: layer,
                };
            }
        }
    }

    /// Claims for the layer after `layer` every state not yet reached that
    /// has a neighbour in `layer`, then turns `layer` old unless nothing
    /// was claimed (it is then the last layer, and stays marked).
    fn pull_pass(&self, layer: Layer, pull: &impl Pull) -> Pass {
        let next = layer.after();
        let in_layer = |j: usize| {
            let x = self.words[j / 32].load(Ordering::Relaxed) >> (2 * (j % 32));
            x & OLD == layer.current
        };
        let claimed: u64 = self
            .words
            .par_iter()
            .enumerate()
            .map(|(w, word)| {
                let x = word.load(Ordering::Relaxed);
                let open = !(x | x >> 1) & LOW;
                let mut bits = 0u64;
                self.each_state(w, open, |i| {
                    if pull.pull(i, next.depth, &in_layer) {
                        bits |= next.current << (2 * (i % 32));
                    }
                });
                if bits != 0 {
                    word.fetch_or(bits, Ordering::Relaxed);
                }
                u64::from(bits.count_ones())
            })
            .sum();
        if claimed != 0 {
            self.close(layer);
        }
        Pass {
            claimed,
            firsts: claimed,
            closed: claimed != 0,
        }
    }

    /// Claims the starts; how many states and groups they claimed.
    fn claim_starts(&self, starts: &[usize]) -> (u64, u64) {
        let claims: Vec<Claim> = starts.iter().map(|&s| self.claim_start(s)).collect();
        (
            claims.iter().filter(|&&c| c != Claim::Reached).count() as u64,
            claims.iter().filter(|&&c| c == Claim::First).count() as u64,
        )
    }

    /// Searches again from nothing up to `last`, whose states are left
    /// marked; `counts` are the first search's.
    fn search_again(&self, starts: &[usize], counts: &[u64], last: Layer, expand: &impl Expand) {
        self.words
            .par_iter()
            .for_each(|w| w.store(0, Ordering::Relaxed));
        self.claim_starts(starts);
        let mut layer = Layer::FIRST;
        while layer.depth < last.depth {
            let pass = self.pass(layer, counts[layer.depth as usize], expand);
            debug_assert_eq!(pass.claimed, counts[layer.depth as usize + 1]);
            layer = layer.after();
        }
    }

    /// Expands `layer`, of `size` states, into the next layer, and turns
    /// it old. A large layer turns old a word at a time, right after that
    /// word's states are expanded (no claim of this pass can touch them:
    /// claims mark only states not yet reached). A layer of at most
    /// [`LISTED`] states keeps a list of its words instead and turns old
    /// from that list after the pass, so that, if it claimed nothing, it
    /// is left marked as the last layer.
    #[inline(always)]
    fn pass(&self, layer: Layer, size: u64, expand: &impl Expand) -> Pass {
        let stretches = self.words.par_chunks(STRETCH).enumerate();
        if size > LISTED {
            let (claimed, firsts) = stretches
                .map(|(c, stretch)| {
                    let mut next = self.next(layer);
                    self.expand_stretch(layer, c, stretch, &mut next, expand, |w, hits| {
                        self.words[w].fetch_or(hits * OLD, Ordering::Relaxed);
                    });
                    (next.claimed, next.firsts)
                })
                .reduce(|| (0, 0), |a, b| (a.0 + b.0, a.1 + b.1));
            return Pass {
                claimed,
                firsts,
                closed: true,
            };
        }
        // The words with states of the layer, by stretch, and what each
        // stretch claimed.
        let listed: Vec<Listed> = stretches
            .map(|(c, stretch)| {
                let mut next = self.next(layer);
                let mut words = Vec::new();
                self.expand_stretch(layer, c, stretch, &mut next, expand, |w, hits| {
                    words.push((w, hits))
                });
                Listed {
                    words,
                    claimed: next.claimed,
                    firsts: next.firsts,
                }
            })
            .collect();
        let claimed = listed.iter().map(|x| x.claimed).sum();
        let firsts = listed.iter().map(|x| x.firsts).sum();
        if claimed != 0 {
            for &(w, hits) in listed.iter().flat_map(|x| &x.words) {
                self.words[w].fetch_or(hits * OLD, Ordering::Relaxed);
            }
        }
        Pass {
            claimed,
            firsts,
            closed: claimed != 0,
        }
    }

    /// Expands the states of `layer` in stretch `c` of the table (the
    /// words `stretch`, [`STRETCH`] of them but the last), calling
    /// `after(w, hits)` after each word `w` that has some, with them as
    /// the low bits of their fields. A run of [`RUN`] words with none is
    /// passed over with one test.
    #[inline(always)]
    fn expand_stretch(
        &self,
        layer: Layer,
        c: usize,
        stretch: &[AtomicU64],
        next: &mut Next,
        expand: &impl Expand,
        mut after: impl FnMut(usize, u64),
    ) {
        for (r, run) in stretch.chunks(RUN).enumerate() {
            let any = run.iter().fold(0, |a, w| {
                a | Self::marked(w.load(Ordering::Relaxed), layer.current)
            });
            if any == 0 {
                continue;
            }
            for (k, word) in run.iter().enumerate() {
                let hits = Self::marked(word.load(Ordering::Relaxed), layer.current);
                if hits == 0 {
                    continue;
                }
                let w = c * STRETCH + r * RUN + k;
                expand.word(w, hits, next);
                self.each_state(w, hits, |i| expand.state(i, next));
                after(w, hits);
            }
        }
    }

    /// Claims state `i` as a start (distance 0) of a search driven a layer
    /// at a time from [`Layer::FIRST`].
    pub fn claim_start(&self, i: usize) -> Claim {
        self.claim(i, Layer::FIRST.current)
    }

    /// The claims of the layer after `layer`: hand it to
    /// [`TwoBit::expand_words`], or claim states reached from elsewhere
    /// (another worker's slice) with it.
    pub fn next(&self, layer: Layer) -> Next<'_> {
        let next = layer.after();
        Next {
            table: self,
            mark: next.current,
            depth: next.depth,
            claimed: 0,
            firsts: 0,
        }
    }

    /// The number of 64-bit words of the table (32 states each): the unit
    /// in which [`TwoBit::expand_words`] walks it.
    pub fn words(&self) -> usize {
        self.words.len()
    }

    /// Calls `expand(i, next)` for every state `i` of `layer` in the words
    /// `words`, in order: one stretch of a layer driven from outside.
    pub fn expand_words(
        &self,
        layer: Layer,
        words: std::ops::Range<usize>,
        next: &mut Next,
        mut expand: impl FnMut(usize, &mut Next),
    ) {
        for w in words {
            let hits = Self::marked(self.words[w].load(Ordering::Relaxed), layer.current);
            self.each_state(w, hits, |i| expand(i, next));
        }
    }

    /// Calls `f(i)` for each state `i` of word `w` given by `hits` (the low
    /// bits of their fields), in order.
    #[inline(always)]
    fn each_state(&self, w: usize, hits: u64, f: impl FnMut(usize)) {
        set_bits(hits)
            .map(|k| w * 32 + k)
            .take_while(|&i| i < self.len)
            .for_each(f);
    }

    /// Ends `layer` once the next one is wholly claimed: its states turn
    /// old, a word at a time, and the next layer is returned.
    pub fn close(&self, layer: Layer) -> Layer {
        self.words.par_iter().for_each(|word| {
            let eq = Self::marked(word.load(Ordering::Relaxed), layer.current);
            if eq != 0 {
                word.fetch_or(eq * OLD, Ordering::Relaxed);
            }
        });
        layer.after()
    }
}
