//! The declared symmetries acting on a space's numbered positions, and
//! on their inverses: what the classes and Burnside's count of them walk
//! ([`crate::group::classes::Action`]).

use super::PuzzleSymmetry;
use crate::group::classes::Action;
use crate::group::classes::fixed_by_numbers;
use crate::method::space::{Flat, Space};

/// The symmetries' action on a space's positions (and inverses).
pub(super) struct SpaceAction<'a> {
    pub(super) space: &'a Space,
    pub(super) symmetries: &'a [PuzzleSymmetry],
    pub(super) inverses: bool,
}

impl Action for SpaceAction<'_> {
    fn len(&self) -> u64 {
        self.space.len()
    }

    fn symmetries(&self) -> usize {
        self.symmetries.len()
    }

    fn image(&self, x: u64, g: usize) -> u64 {
        let mut f = self.space.scratch();
        self.space.decode_flat(x, &mut f);
        let mut tmp = f.clone();
        let mut out = f.clone();
        self.space
            .conjugate_into(&f, &self.symmetries[g].action, &mut tmp, &mut out);
        self.space.encode_flat(&out)
    }

    fn inverse(&self, x: u64) -> Option<u64> {
        if !self.inverses {
            return None;
        }
        if let Some(fast) = self.space.packed() {
            return Some(fast.inverse(x));
        }
        let mut f = self.space.scratch();
        self.space.decode_flat(x, &mut f);
        let mut out = f.clone();
        self.space.invert_into(&f, &mut out);
        Some(self.space.encode_flat(&out))
    }

    fn images(&self, x: u64, out: &mut Vec<u64>) {
        out.clear();
        out.push(x);
        // The identity alone (a file that declares no symmetries): nothing
        // to decode.
        if self.symmetries.len() == 1 {
            return;
        }
        if let Some(fast) = self.space.packed() {
            fast.images(x, self.symmetries[1..].iter().map(|s| &s.action), out);
            return;
        }
        let mut f = self.space.scratch();
        self.space.decode_flat(x, &mut f);
        let mut tmp = f.clone();
        let mut image = f.clone();
        for s in &self.symmetries[1..] {
            self.space
                .conjugate_into(&f, &s.action, &mut tmp, &mut image);
            out.push(self.space.encode_flat(&image));
        }
    }

    /// Compares each image with `x` as decoded, without numbering it (and
    /// slot by slot, stopping at the first that differs),
    /// where that is cheaper and sure: no packed numbering, and pieces all
    /// different, so that a decoded position (turned home) is the one
    /// array its number names.
    fn fixed(&self, x: u64, images: &mut Vec<u64>) -> (u64, u64) {
        if self.space.packed().is_some() || !self.space.has_distinct_pieces() {
            return fixed_by_numbers(self, x, images);
        }
        let mut f = self.space.scratch();
        self.space.decode_flat(x, &mut f);
        let count = |from: &Flat| {
            let mut n = u64::from(*from == f);
            for s in &self.symmetries[1..] {
                n += u64::from(self.space.conjugate_is(from, &s.action, &f));
            }
            n
        };
        let plain = count(&f);
        let mut extended = plain;
        if self.inverses {
            let mut y = f.clone();
            self.space.invert_into(&f, &mut y);
            extended += count(&y);
        }
        (plain, extended)
    }
}
