//! Sets of moves by number, a bit each, in as many 64-bit words as the
//! moves need: a puzzle's moves are bounded by memory alone (the
//! 20×20×20 cube gives 180 in the face metric).

/// A set of moves, each by its number in its [`crate::puzzle::MoveSet`]:
/// the moves that start a minimal solution (Schofield's Table 1 column),
/// the moves that may follow another in a reduced path, and so on.
///
/// Its words never end in a zero word, so two sets of the same moves are
/// equal whatever built them.
///
/// ```
/// use schofield::puzzle::MoveBits;
/// let mut set: MoveBits = [2, 70].into_iter().collect();
/// assert!(set.contains(70) && !set.contains(3));
/// assert_eq!(set.iter().collect::<Vec<_>>(), [2, 70]);
/// set.remove(70);
/// assert_eq!(set, MoveBits::from_word(0b100));
/// assert_eq!(MoveBits::all(3).len(), 3);
/// ```
#[derive(Debug, Clone, PartialEq, Eq, Hash, Default)]
pub struct MoveBits(Vec<u64>);

impl MoveBits {
    /// The empty set.
    pub fn new() -> MoveBits {
        MoveBits(Vec::new())
    }

    /// The moves of one word's bits (moves 0 to 63).
    pub fn from_word(word: u64) -> MoveBits {
        MoveBits(vec![word]).trimmed()
    }

    /// Every move of `n`: `0..n`.
    pub fn all(n: usize) -> MoveBits {
        let mut words = vec![u64::MAX; n / 64];
        if !n.is_multiple_of(64) {
            words.push((1u64 << (n % 64)) - 1);
        }
        MoveBits(words)
    }

    /// True when move `m` is in the set.
    #[inline]
    pub fn contains(&self, m: usize) -> bool {
        self.0.get(m / 64).is_some_and(|w| w >> (m % 64) & 1 == 1)
    }

    /// Puts move `m` in the set.
    pub fn insert(&mut self, m: usize) {
        let w = m / 64;
        if self.0.len() <= w {
            self.0.resize(w + 1, 0);
        }
        self.0[w] |= 1 << (m % 64);
    }

    /// Takes move `m` out of the set.
    pub fn remove(&mut self, m: usize) {
        if let Some(w) = self.0.get_mut(m / 64) {
            *w &= !(1 << (m % 64));
        }
        self.trim();
    }

    /// The moves in increasing order.
    pub fn iter(&self) -> impl Iterator<Item = usize> + '_ {
        self.0.iter().enumerate().flat_map(|(k, &w)| {
            let mut left = w;
            std::iter::from_fn(move || {
                (left != 0).then(|| {
                    let b = left.trailing_zeros() as usize;
                    left &= left - 1;
                    k * 64 + b
                })
            })
        })
    }

    /// How many moves.
    pub fn len(&self) -> usize {
        self.0.iter().map(|w| w.count_ones() as usize).sum()
    }

    /// True for the empty set.
    pub fn is_empty(&self) -> bool {
        self.0.is_empty()
    }

    /// True when the two sets share a move.
    pub fn intersects(&self, other: &MoveBits) -> bool {
        self.0.iter().zip(&other.0).any(|(a, b)| a & b != 0)
    }

    /// The moves of `0..n` not in the set.
    pub fn complement(&self, n: usize) -> MoveBits {
        let mut all = MoveBits::all(n);
        for (a, b) in all.0.iter_mut().zip(&self.0) {
            *a &= !b;
        }
        all.trimmed()
    }

    /// The set's first word (moves 0 to 63), for the searches whose sets
    /// are kept a word each (the words' last moves: at most 64 moves).
    pub fn low_word(&self) -> u64 {
        self.0.first().copied().unwrap_or(0)
    }

    fn trim(&mut self) {
        while self.0.last() == Some(&0) {
            self.0.pop();
        }
    }

    fn trimmed(mut self) -> MoveBits {
        self.trim();
        self
    }
}

impl FromIterator<usize> for MoveBits {
    fn from_iter<I: IntoIterator<Item = usize>>(moves: I) -> MoveBits {
        let mut set = MoveBits::new();
        for m in moves {
            set.insert(m);
        }
        set
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn sets_past_one_word_hold_every_move_once() {
        let moves = [0, 1, 63, 64, 65, 127, 128, 179];
        let set: MoveBits = moves.into_iter().collect();
        assert_eq!(set.iter().collect::<Vec<_>>(), moves);
        assert_eq!(set.len(), moves.len());
        let rest = set.complement(180);
        assert_eq!(rest.len(), 180 - moves.len());
        assert!(!rest.intersects(&set));
        assert_eq!(rest.complement(180), set);
        assert_eq!(MoveBits::all(128).len(), 128);
        assert_eq!(MoveBits::all(64).complement(64), MoveBits::new());
        let mut one = MoveBits::from_word(1);
        one.insert(200);
        one.remove(200);
        assert_eq!(one, MoveBits::from_word(1));
        assert_eq!(one.low_word(), 1);
    }
}
