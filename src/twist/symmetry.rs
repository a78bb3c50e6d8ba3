//! The dihedral group D4 of the square tray, acting on the numbered squares.
//!
//! With the squares numbered round the centre
//!
//! ```text
//! 1 2 3
//! 0 _ 4
//! 7 6 5
//! ```
//!
//! a quarter turn clockwise is `i ↦ i + 2 (mod 8)` and the reflection in the
//! vertical axis is `i ↦ 4 − i (mod 8)`; every element is `i ↦ ±i + c`.
//! A symmetry φ acts on a position by relabelling squares *and* pieces
//! (conjugation, Schofield's `φ⁻¹ X φ`), and on twists by carrying their
//! cycles: the quarter turn sends A → B → C → D → A, the vertical reflection
//! sends each clockwise twist to an anticlockwise one.
//!
//! ```
//! use schofield::twist::symmetry::D4;
//! use schofield::twist::Twist;
//! assert_eq!(D4::Quarter.twist(Twist::A), Twist::B);
//! assert_eq!(D4::Vertical.twist(Twist::A), Twist::X);
//! assert_eq!(D4::Quarter.compose(D4::Quarter), D4::Half);
//! assert_eq!(D4::Vertical.inverse(), D4::Vertical);
//! ```

use crate::twist::Twist;
use serde::Serialize;
use std::fmt;

/// An element of D4, the symmetry group of the square.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, Serialize)]
#[serde(rename_all = "kebab-case")]
pub enum D4 {
    /// `i ↦ i`.
    Identity,
    /// Quarter turn clockwise, `i ↦ i + 2`.
    Quarter,
    /// Half turn, `i ↦ i + 4`.
    Half,
    /// Three-quarter turn clockwise (a quarter turn anticlockwise), `i ↦ i + 6`.
    ThreeQuarter,
    /// Reflection in the vertical axis, `i ↦ 4 − i` (swaps squares 1 and 3).
    Vertical,
    /// Reflection in the horizontal axis, `i ↦ −i` (swaps squares 1 and 7).
    Horizontal,
    /// Reflection in the diagonal through squares 1 and 5, `i ↦ 2 − i`.
    Diagonal,
    /// Reflection in the diagonal through squares 3 and 7, `i ↦ 6 − i`.
    AntiDiagonal,
}

/// [`D4::squares`] of each element, in the order of [`D4::ALL`], worked out
/// at compile time.
const SQUARES: [[u8; 8]; 8] = {
    let mut t = [[0u8; 8]; 8];
    let mut g = 0;
    while g < 8 {
        let mut i = 0;
        while i < 8 {
            t[g][i] = D4::ALL[g].square(i as u8);
            i += 1;
        }
        g += 1;
    }
    t
};

impl D4 {
    /// All eight elements, rotations first.
    pub const ALL: [D4; 8] = [
        D4::Identity,
        D4::Quarter,
        D4::Half,
        D4::ThreeQuarter,
        D4::Vertical,
        D4::Horizontal,
        D4::Diagonal,
        D4::AntiDiagonal,
    ];

    /// `(reflects, c)` with the action `i ↦ c ± i (mod 8)`.
    const fn form(self) -> (bool, u8) {
        match self {
            D4::Identity => (false, 0),
            D4::Quarter => (false, 2),
            D4::Half => (false, 4),
            D4::ThreeQuarter => (false, 6),
            D4::Vertical => (true, 4),
            D4::Horizontal => (true, 0),
            D4::Diagonal => (true, 2),
            D4::AntiDiagonal => (true, 6),
        }
    }

    const fn from_form(reflects: bool, c: u8) -> D4 {
        let i = (c % 8 / 2) as usize;
        if reflects {
            [D4::Horizontal, D4::Diagonal, D4::Vertical, D4::AntiDiagonal][i]
        } else {
            [D4::Identity, D4::Quarter, D4::Half, D4::ThreeQuarter][i]
        }
    }

    /// The image of square `i` (0 … 7).
    #[inline]
    pub const fn square(self, i: u8) -> u8 {
        let (r, c) = self.form();
        if r { (c + 8 - i) % 8 } else { (c + i) % 8 }
    }

    /// `self ∘ other`: first `other`, then `self`.
    pub const fn compose(self, other: D4) -> D4 {
        let (r1, c1) = self.form();
        let (r2, c2) = other.form();
        // self(other(i)) = c1 ± (c2 ± i)
        let c = if r1 { c1 + 8 - c2 } else { c1 + c2 };
        D4::from_form(r1 != r2, c)
    }

    /// The inverse element.
    pub const fn inverse(self) -> D4 {
        let (r, c) = self.form();
        if r { self } else { D4::from_form(false, 8 - c) }
    }

    /// True for the four reflections.
    pub const fn is_reflection(self) -> bool {
        self.form().0
    }

    /// The twist whose cycle is the image of `t`'s cycle.
    pub fn twist(self, t: Twist) -> Twist {
        let [a, b, c] = t.cycle();
        let image = [self.square(a), self.square(b), self.square(c)];
        Twist::ALL
            .into_iter()
            .find(|u| {
                let k = u.cycle();
                (0..3).any(|r| k == [image[r], image[(r + 1) % 3], image[(r + 2) % 3]])
            })
            .expect("D4 carries corner twists to corner twists")
    }

    /// Relabel squares and pieces of `pieces` (piece per square) by `self`:
    /// the piece `p` on square `i` becomes piece `φ(p)` on square `φ(i)`.
    /// The squares and pieces must be closed under `self` (all of D4 on the
    /// eight-puzzle; identity and `Vertical` on the five-puzzle).
    pub fn conjugate<const N: usize>(self, pieces: &[u8; N]) -> [u8; N] {
        let map = self.squares();
        let mut out = [0u8; N];
        for (i, &p) in pieces.iter().enumerate() {
            out[usize::from(map[i])] = map[usize::from(p)];
        }
        out
    }

    /// [`D4::conjugate`] of the `n` pieces packed in 3-bit fields (the piece
    /// on square `i` in bits `3i … 3i+2`, [`crate::perm::fields`]).
    #[inline]
    pub fn conjugate_fields(self, v: u32, n: usize) -> u32 {
        let map = self.squares();
        (0..n).fold(0, |out, i| {
            let p = (v >> (3 * i)) & 7;
            out | u32::from(map[p as usize]) << (3 * u32::from(map[i]))
        })
    }

    /// The images of squares 0 … 7, as a table.
    #[inline]
    pub const fn squares(self) -> [u8; 8] {
        SQUARES[self as usize]
    }

    /// The usual name of the element.
    pub const fn name(self) -> &'static str {
        match self {
            D4::Identity => "identity",
            D4::Quarter => "quarter turn",
            D4::Half => "half turn",
            D4::ThreeQuarter => "three-quarter turn",
            D4::Vertical => "reflection in the vertical axis",
            D4::Horizontal => "reflection in the horizontal axis",
            D4::Diagonal => "reflection in the diagonal 1–5",
            D4::AntiDiagonal => "reflection in the diagonal 3–7",
        }
    }
}

impl fmt::Display for D4 {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.name())
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn group_laws() {
        for a in D4::ALL {
            assert_eq!(a.compose(a.inverse()), D4::Identity);
            for b in D4::ALL {
                for i in 0..8 {
                    assert_eq!(a.compose(b).square(i), a.square(b.square(i)));
                }
            }
        }
        // A group: the elements are distinct as maps.
        let maps: std::collections::HashSet<Vec<u8>> = D4::ALL
            .iter()
            .map(|g| (0..8).map(|i| g.square(i)).collect())
            .collect();
        assert_eq!(maps.len(), 8);
    }

    #[test]
    fn packed_positions_twist_and_conjugate_as_arrays_do() {
        use crate::perm::fields;
        use crate::twist::position::Position;
        for p in Position::<8>::all() {
            let v = fields(p.pieces());
            for t in Twist::ALL {
                assert_eq!(t.apply_fields(v), fields(p.apply(t).pieces()), "{t:?}");
            }
            for g in D4::ALL {
                assert_eq!(g.conjugate_fields(v, 8), fields(&g.conjugate(p.pieces())));
            }
        }
    }

    #[test]
    fn twist_images() {
        let rot: String = Twist::ALL
            .iter()
            .map(|&t| D4::Quarter.twist(t).letter())
            .collect();
        assert_eq!(rot, "BCDAXYZW");
        let refl: String = Twist::ALL
            .iter()
            .map(|&t| D4::Vertical.twist(t).letter())
            .collect();
        assert_eq!(refl, "XWZYBADC");
        for g in D4::ALL {
            for t in Twist::ALL {
                // Reflections reverse orientation, rotations keep it.
                let clockwise = t.index() < 4;
                let image_clockwise = g.twist(t).index() < 4;
                assert_eq!(clockwise != image_clockwise, g.is_reflection());
                // Elision is carried along.
                for u in Twist::ALL {
                    assert_eq!(t.elides_into(u), g.twist(t).elides_into(g.twist(u)));
                }
            }
        }
    }
}
