//! The moves' words (Schofield's elision): the steps two moves cancel
//! in a reduced path, and the checks that make his count of a path's cost
//! exact.

use super::super::*;
use super::MoveSet;

impl MoveSet {
    /// The most steps that cancel between two consecutive moves of a
    /// reduced path (0 without words; 1 on the eight-puzzle).
    pub fn max_cancel(&self) -> u32 {
        let n = self.moves.len();
        (0..n)
            .flat_map(|a| (0..n).map(move |b| (a, b)))
            .filter(|&(a, b)| !self.redundant[a].contains(b) && self.elides(a, b))
            .map(|(a, b)| self.cancelled(a, b))
            .max()
            .unwrap_or(0)
    }

    /// The steps cancelled between `a` and `b` in a reduced path: none
    /// when `b` never follows `a` or undoes it.
    fn saved(&self, a: usize, b: usize) -> usize {
        if !self.redundant[a].contains(b) && self.elides(a, b) {
            self.cancelled(a, b) as usize
        } else {
            0
        }
    }

    /// Words give Schofield's cost `m = Σ cost − 2·(steps cancelled)` only
    /// when a move's cost depends on the move before it alone and his
    /// layered search is exact: every word of even length, a move's inverse
    /// written as its word backwards, and in a reduced path no word
    /// cancelled away, not even by the moves on both sides of it together
    /// (so that what is left of each word is a step at least), and at most
    /// [`MAX_CANCEL`] steps cancelled at a junction.
    pub(super) fn check_words(&self) -> Result<(), DefinitionError> {
        let n = self.moves.len();
        if n > MAX_WORD_MOVES && self.has_words() {
            return Err(DefinitionError::Elision(format!(
                "{n} moves have words; the search with words keeps a set of at most {MAX_WORD_MOVES}"
            )));
        }
        let follows = |a: usize, b: usize| !self.redundant[a].contains(b);
        for m in &self.moves {
            let Some(w) = &m.word else { continue };
            if w.len() % 2 == 1 {
                return Err(DefinitionError::Elision(format!(
                    "move {} has a word of {} steps",
                    quoted(&m.name),
                    w.len()
                )));
            }
            let inv = &self.moves[m.inverse];
            if inv.word.as_ref() != Some(&w.inverse()) {
                return Err(DefinitionError::Elision(format!(
                    "the word of {} is not the word of {} backwards, so a path and its inverse would cost differently",
                    quoted(&inv.name),
                    quoted(&m.name)
                )));
            }
        }
        for b in 0..n {
            let Some(w) = &self.moves[b].word else {
                continue;
            };
            for a in (0..n).filter(|&a| follows(a, b)) {
                let before = self.saved(a, b);
                if before > MAX_CANCEL {
                    return Err(DefinitionError::Elision(format!(
                        "{} then {} cancel {} steps, more than the {MAX_CANCEL} the search keeps track of",
                        quoted(&self.moves[a].name),
                        quoted(&self.moves[b].name),
                        before
                    )));
                }
                for c in (0..n).filter(|&c| follows(b, c)) {
                    let after = self.saved(b, c);
                    if before + after >= w.len() {
                        return Err(DefinitionError::Elision(format!(
                            "in {} {} {} the word of {} ({} steps) is cancelled away ({} steps with the move before, {} with the move after)",
                            self.moves[a].name,
                            self.moves[b].name,
                            self.moves[c].name,
                            quoted(&self.moves[b].name),
                            w.len(),
                            before,
                            after
                        )));
                    }
                }
            }
        }
        Ok(())
    }
}
