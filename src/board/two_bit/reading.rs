//! What a searched table says: its states by mark, its unreached groups,
//! its tallies, and its bytes for a checkpoint.

use super::{LOW, Layer, Layers, OLD, Tally, TwoBit, set_bits};
use rayon::prelude::*;
use std::sync::atomic::Ordering;

impl TwoBit {
    /// Writes the table (its words, little-endian) to `out`, for a
    /// checkpoint.
    pub fn write_to(&self, out: &mut impl std::io::Write) -> std::io::Result<()> {
        let mut buffer = Vec::with_capacity(1 << 16);
        for chunk in self.words.chunks(1 << 13) {
            buffer.clear();
            for w in chunk {
                buffer.extend_from_slice(&w.load(Ordering::Relaxed).to_le_bytes());
            }
            out.write_all(&buffer)?;
        }
        Ok(())
    }

    /// Reads a table of `len` states written by [`TwoBit::write_to`];
    /// `Ok(None)` when its memory cannot be had, an error of kind
    /// `InvalidData` when the bytes are not such a table (a state past the
    /// end is marked).
    pub fn read_from(
        len: usize,
        input: &mut impl std::io::Read,
    ) -> std::io::Result<Option<TwoBit>> {
        let Some(table) = TwoBit::try_new(len) else {
            return Ok(None);
        };
        let mut buffer = vec![0u8; 1 << 16];
        for chunk in table.words.chunks(1 << 13) {
            let bytes = &mut buffer[..chunk.len() * 8];
            input.read_exact(bytes)?;
            for (w, b) in chunk.iter().zip(bytes.chunks_exact(8)) {
                let mut x = [0u8; 8];
                x.copy_from_slice(b);
                w.store(u64::from_le_bytes(x), Ordering::Relaxed);
            }
        }
        let tail = len % 32;
        if tail != 0 && table.words[len / 32].load(Ordering::Relaxed) >> (2 * tail) != 0 {
            return Err(std::io::Error::new(
                std::io::ErrorKind::InvalidData,
                "its table marks states past the slice's end",
            ));
        }
        Ok(Some(table))
    }

    /// The groups none of whose states were reached, in order.
    pub fn unreached_groups(&self) -> impl Iterator<Item = usize> + '_ {
        let group = self.group;
        let bits = 2 * group;
        let mask = u64::MAX >> (64 - bits);
        let groups = self.len.div_ceil(group);
        self.words
            .iter()
            .enumerate()
            .flat_map(move |(w, word)| {
                let x = word.load(Ordering::Relaxed);
                (0..64 / bits).filter_map(move |g| {
                    ((x >> (g * bits)) & mask == 0).then_some(w * (64 / bits) + g)
                })
            })
            .take_while(move |&g| g < groups)
    }

    /// The states of the last layer of `layers` (this table's search), in
    /// order.
    pub fn last_layer<'a>(&'a self, layers: &Layers) -> impl Iterator<Item = usize> + 'a {
        self.states_of(layers.last)
    }

    /// How many states carry each mark while `layer` is the one to expand
    /// (after [`TwoBit::close`] of the layer before it): what a saved
    /// table is checked against its counts with.
    ///
    /// ```
    /// use schofield::board::two_bit::{Layer, Tally, TwoBit};
    /// let table = TwoBit::try_new(10).unwrap();
    /// table.claim_start(3);
    /// let mut next = table.next(Layer::FIRST);
    /// next.claim(4);
    /// next.claim(2);
    /// let layer = table.close(Layer::FIRST);
    /// assert_eq!(table.tally(layer), Tally { old: 1, this: 2, next: 0 });
    /// ```
    pub fn tally(&self, layer: Layer) -> Tally {
        let other = layer.current ^ 0b11;
        self.words
            .par_iter()
            .map(|word| {
                let x = word.load(Ordering::Relaxed);
                Tally {
                    old: u64::from((x & (x >> 1) & LOW).count_ones()),
                    this: u64::from(Self::marked(x, layer.current).count_ones()),
                    next: u64::from(Self::marked(x, other).count_ones()),
                }
            })
            .reduce(Tally::default, |a, b| Tally {
                old: a.old + b.old,
                this: a.this + b.this,
                next: a.next + b.next,
            })
    }

    /// True when state `i` is reached: old, or marked as a layer.
    pub fn is_reached(&self, i: usize) -> bool {
        (self.words[i / 32].load(Ordering::Relaxed) >> (2 * (i % 32))) & OLD != 0
    }

    /// True when state `i` is old: reached in a layer already closed.
    pub fn is_old(&self, i: usize) -> bool {
        (self.words[i / 32].load(Ordering::Relaxed) >> (2 * (i % 32))) & OLD == OLD
    }

    /// The states marked as `layer`, in order (after [`TwoBit::close`] of
    /// the layer before it, and before its own).
    pub fn states_of(&self, layer: Layer) -> impl Iterator<Item = usize> + '_ {
        let mark = layer.current;
        let len = self.len;
        self.words
            .iter()
            .enumerate()
            .flat_map(move |(w, word)| {
                set_bits(Self::marked(word.load(Ordering::Relaxed), mark)).map(move |k| w * 32 + k)
            })
            .take_while(move |&i| i < len)
    }
}
