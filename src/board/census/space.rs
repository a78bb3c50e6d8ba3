//! The state space of one census case: its ranked states, the neighbours
//! of each as the two-bit search needs them, and the expansion of a layer
//! that claims horizontal moves a word at a time.

use super::*;

/// The state space of one case: its ranked states ([`BoardSpace`]) and their
/// moves, the neighbours of each state as the census's search needs them,
/// whether it runs in one table or spread over the workers of a cluster.
pub struct CaseSpace {
    pub(super) space: BoardSpace,
    pub(super) per_blank: usize,
    m: usize,
    home: usize,
    unranker: perm::Unranker,
    horizontal: Vec<Vec<usize>>,
    vertical: Vec<Vec<(usize, Jump)>>,
    /// The tile parity a state needs with the blank on each cell.
    pub(super) odd_for: Vec<bool>,
    /// `per_blank`, divided by multiplication ([`CaseSpace::split`]).
    blocks: perm::Divisor,
    /// The leading places of the tile orders, placed, by the index of the
    /// leading part of their rank ([`perm::Unranker::parts`]).
    leads: Vec<Placing>,
    /// Each digit's weight in the tile rank, 0 past the ranked digits
    /// ([`Jump::rerank`]).
    digit_weights: [u32; 16],
}

impl CaseSpace {
    /// The moves of `case`'s board; `None` when its tile ranks cannot be
    /// tabulated (more than 16 cells).
    pub fn new(case: &Case) -> Option<CaseSpace> {
        let b = case.board;
        let space = BoardSpace::new(b, case.goal());
        let n = b.cells();
        let weights = tile_ranks(n - 1)?;
        // As many leading digits (up to six) as keep the table of leading
        // parts, placed, within a few MB: it is read in rank order.
        let lead = (4..=6)
            .rev()
            .find(|&lead| {
                let w = weights.weights();
                lead <= w.len() && u64::from(weights.count()) / u64::from(w[lead - 1]) <= 1 << 19
            })
            .unwrap_or(4);
        let unranker = perm::Unranker::with_leading(&weights, lead);
        let (horizontal, vertical) = move_tables(&b);
        let odd_for = (0..n).map(|c| space.tile_parity(c)).collect();
        let (leading, lead) = unranker.leading();
        let leads = leading
            .iter()
            .map(|&d| Placing::START.take(d, 0, lead))
            .collect();
        let mut digit_weights = [0u32; 16];
        digit_weights[..weights.weights().len()].copy_from_slice(weights.weights());
        let per_blank = space.len() / n;
        Some(CaseSpace {
            // A board has at least 4 cells, so at least 3 states a block.
            blocks: perm::Divisor::new(per_blank as u64)?,
            per_blank,
            space,
            m: n - 1,
            home: case.home,
            unranker,
            horizontal,
            vertical,
            odd_for,
            leads,
            digit_weights,
        })
    }

    /// The number of states.
    pub fn len(&self) -> usize {
        self.space.len()
    }

    /// Never empty.
    pub fn is_empty(&self) -> bool {
        self.space.is_empty()
    }

    /// The goal's index: the search's start.
    pub fn start(&self) -> usize {
        self.space.index(self.space.goal())
    }

    /// The index among the standard positions (blank at home) of state
    /// `i`, if it is one.
    #[inline]
    pub fn standard(&self, i: usize) -> Option<usize> {
        // The standard positions are one block: no division.
        let first = self.home * self.per_blank;
        (first..first + self.per_blank)
            .contains(&i)
            .then(|| i - first)
    }

    /// The number of standard positions.
    pub fn standard_len(&self) -> usize {
        self.per_blank
    }

    /// State `i` as its blank's cell and its tile rank: `i / per_blank`
    /// and `i % per_blank`, without a division ([`perm::Divisor`]).
    #[inline]
    fn split(&self, i: usize) -> (usize, usize) {
        let (blank, rank) = self.blocks.div_rem(i as u64);
        (blank as usize, rank as usize)
    }

    /// The tile order of tile rank `r` with the parity `odd`
    /// ([`crate::board::half_from_digits`]), and the Lehmer digits of its first `m − 2`
    /// places: the leading places from a table, the rest one by one.
    #[inline]
    pub(super) fn tile_order(&self, r: u32, odd: bool) -> (u64, u64) {
        let (h, low) = self.unranker.parts(r);
        let (leading, lead) = self.unranker.leading();
        let digits = leading[h] | low;
        let list = self.leads[h]
            .take(low, lead, self.m - 2)
            .finish(self.m, odd, digits);
        (list, digits)
    }

    /// Writes the neighbours of state `i` to `js` and returns how many
    /// there are (two to four).
    #[inline]
    pub fn of(&self, i: usize, js: &mut [usize; 4]) -> usize {
        let (blank, rank) = self.split(i);
        let mut count = 0;
        for &to in &self.horizontal[blank] {
            js[count] = to * self.per_blank + rank;
            count += 1;
        }
        count + self.vertical_into(blank, rank, &mut js[count..])
    }

    /// Writes the neighbours of state `i` by vertical moves to `js` and
    /// returns how many there are (none to two).
    #[inline]
    pub fn vertical_of(&self, i: usize, js: &mut [usize; 4]) -> usize {
        let (blank, rank) = self.split(i);
        self.vertical_into(blank, rank, js)
    }

    /// The vertical neighbours of the state with the blank on `blank` and
    /// tile rank `rank`, written to `js`; how many.
    #[inline]
    fn vertical_into(&self, blank: usize, rank: usize, js: &mut [usize]) -> usize {
        if self.vertical[blank].is_empty() {
            return 0;
        }
        let m = self.m;
        let (list, digits) = self.tile_order(rank as u32, self.odd_for[blank]);
        // The last two digits, which the rank leaves out: 1 at m − 2 when
        // its entry is the larger of the two.
        let digits = digits | u64::from(nibble(list, m - 2) > nibble(list, m - 1)) << (4 * (m - 2));
        let mut count = 0;
        for &(to, jump) in &self.vertical[blank] {
            let r = jump.rerank(rank as u32, list, digits, &self.digit_weights);
            js[count] = to * self.per_blank + r as usize;
            count += 1;
        }
        count
    }

    /// When every block of states (one blank cell) is a whole number of
    /// the two-bit table's words, the number of words a block takes: a
    /// horizontal move keeps the tile rank, so it carries a word's states
    /// to one word of another block, in the same places.
    pub fn words_per_block(&self) -> Option<usize> {
        self.per_blank
            .is_multiple_of(32)
            .then_some(self.per_blank / 32)
    }

    /// The words a horizontal move carries word `w` to; `wpb` is
    /// [`CaseSpace::words_per_block`].
    #[inline]
    pub fn horizontal_words(&self, w: usize, wpb: usize) -> impl Iterator<Item = usize> {
        let blank = w / wpb;
        let offset = w - blank * wpb;
        self.horizontal[blank]
            .iter()
            .map(move |&to| to * wpb + offset)
    }
}

/// The census's expansion of a layer. When the blocks are whole words,
/// horizontal moves are claimed a word at a time (a word's states go to one
/// word of each neighbouring block, in the same places: one read and one
/// atomic OR for up to 32 claims), and only vertical moves state by state;
/// otherwise every move state by state. A state claimed in the standard
/// block has its distance written down.
pub(super) struct Expansion<'a> {
    pub(super) moves: &'a CaseSpace,
    pub(super) standard: &'a [AtomicU8],
    pub(super) words_per_block: Option<usize>,
}

impl Expand for Expansion<'_> {
    #[inline(always)]
    fn word(&self, w: usize, hits: u64, next: &mut Next) {
        let Some(wpb) = self.words_per_block else {
            return;
        };
        let depth = next.depth() as u8;
        for to in self.moves.horizontal_words(w, wpb) {
            let claimed = next.claim_word(to, hits);
            // A word lies in one block: the standard one, or not.
            if let Some(first) = self.moves.standard(to * 32) {
                for k in set_bits(claimed) {
                    self.standard[first + k].store(depth, Ordering::Relaxed);
                }
            }
        }
    }

    #[inline(always)]
    fn state(&self, i: usize, next: &mut Next) {
        // The neighbours, claimed together so that their reads overlap.
        let mut js = [0usize; 4];
        let count = if self.words_per_block.is_some() {
            self.moves.vertical_of(i, &mut js)
        } else {
            self.moves.of(i, &mut js)
        };
        let depth = next.depth() as u8;
        next.claim_all(&js[..count], |k, _| {
            if let Some(r) = self.moves.standard(js[k]) {
                self.standard[r].store(depth, Ordering::Relaxed);
            }
        });
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_state_splits_into_blank_and_rank_as_division_does() {
        for case in cases(12) {
            let moves = CaseSpace::new(&case).unwrap();
            let d = moves.per_blank;
            // Each block's ends, and a spread of states between.
            let mut states: Vec<usize> = (0..case.board.cells())
                .flat_map(|b| [b * d, b * d + d - 1])
                .collect();
            states.extend((0..moves.len()).step_by(moves.len() / 997 + 1));
            for i in states {
                assert_eq!(moves.split(i), (i / d, i % d), "{case:?} state {i}");
            }
        }
    }
}
