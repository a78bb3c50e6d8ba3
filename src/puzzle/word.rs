//! Schofield's elision as data: each move is a *word* in base steps, and
//! when one move's word ends with the step that undoes the next move's
//! first step, the two steps cancel.
//!
//! On the eight-puzzle a base step is the blank sliding between two
//! neighbouring cells, and a corner twist is the blank's walk out of the
//! centre, round three squares and back: A is `_ 2 1 0 _`. After A, the
//! twist D starts `_ 0`, the step back along A's last step `0 _`, so the
//! two cancel and the pair costs 4 + 4 − 2 = 6 moves: `m = 4t − 2e`.
//!
//! ```
//! use schofield::puzzle::word::Word;
//! let a = Word::from_steps(vec![(0, false), (1, true), (2, true), (3, true)]);
//! let d = Word::from_steps(vec![(3, false), (4, true), (5, true), (6, true)]);
//! assert_eq!(a.len(), 4);
//! assert_eq!(a.cancelled_with(&d), 1);
//! assert_eq!(d.cancelled_with(&a), 0);
//! assert_eq!(a.inverse().cancelled_with(&a), 4);
//! ```

/// A step of a word: a base step and whether it is taken backwards.
pub type Step = (u16, bool);

/// A word in base steps, read left to right.
#[derive(Debug, Clone, PartialEq, Eq, Hash, Default)]
pub struct Word(Vec<Step>);

impl Word {
    /// The word of these steps.
    pub fn from_steps(steps: Vec<Step>) -> Word {
        Word(steps)
    }

    /// The steps.
    pub fn steps(&self) -> &[Step] {
        &self.0
    }

    /// The number of steps: the move's cost.
    pub fn len(&self) -> usize {
        self.0.len()
    }

    /// True for the empty word.
    pub fn is_empty(&self) -> bool {
        self.0.is_empty()
    }

    /// The word that undoes this one: the steps backwards, in reverse order.
    pub fn inverse(&self) -> Word {
        Word(self.0.iter().rev().map(|&(s, back)| (s, !back)).collect())
    }

    /// The word followed by `other`, with the steps that cancel where they
    /// meet removed (free reduction at the junction).
    pub fn then(&self, other: &Word) -> Word {
        let k = self.cancelled_with(other);
        let mut steps = self.0[..self.0.len() - k].to_vec();
        steps.extend_from_slice(&other.0[k..]);
        Word(steps)
    }

    /// How many steps at the end of this word are undone by the steps at the
    /// start of `next`: the elisions when `next` follows this move. Each
    /// cancels two steps.
    pub fn cancelled_with(&self, next: &Word) -> usize {
        self.0
            .iter()
            .rev()
            .zip(&next.0)
            .take_while(|(x, y)| x.0 == y.0 && x.1 != y.1)
            .count()
    }
}
