//! Corner twists, elision and paths (Schofield's twist calculus).
//!
//! A *corner twist* turns the three pieces nearest a corner one step round
//! it, in four tile moves: a piece slides into the empty centre, two slide
//! round the outside, and the centre piece slides out. Schofield names the
//! clockwise twists A B C D and their inverses A⁻¹ … D⁻¹, printed W X Y Z.
//!
//! When the last tile move of one twist fills the square that the first move
//! of the next twist empties, the two moves cancel (an *elision*), so a path
//! of `t` twists with `e` elisions costs `m = 4t − 2e` tile moves.
//!
//! ```
//! use schofield::twist::{Path, Twist};
//! let path: Path = "WXYZADY".parse().unwrap();
//! assert_eq!(path.len(), 7);
//! assert_eq!(path.elisions(), 4);
//! assert_eq!(path.moves(), 20);
//! assert_eq!(path.marked(), "W X̸ Y̸ Z̸ A D̸ Y");
//! assert!(Twist::A.elides_into(Twist::D));
//! ```
//!
//! The rest of Schofield's engine lives beside the twists: the symmetries
//! of the square ([`symmetry`]), positions ([`position`]), the puzzle as
//! data ([`puzzle`]), the exhaustive search ([`dictionary`]), what is known
//! of one position ([`solve`]), the printed tables ([`table`]), the
//! five-puzzle ([`five`]) and the twist graph ([`graph`]).

pub mod dictionary;
pub mod five;
pub mod graph;
pub mod position;
pub mod puzzle;
pub mod solve;
pub mod symmetry;
pub mod table;

use serde::{Serialize, Serializer};
use std::fmt;
use std::str::FromStr;

/// One of the eight corner twists, in Schofield's slot order A B C D W X Y Z.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub enum Twist {
    /// (0 1 2): clockwise about the top-left corner.
    A,
    /// (2 3 4): clockwise about the top-right corner.
    B,
    /// (4 5 6): clockwise about the bottom-right corner.
    C,
    /// (6 7 0): clockwise about the bottom-left corner.
    D,
    /// (2 1 0) = A⁻¹.
    W,
    /// (4 3 2) = B⁻¹.
    X,
    /// (6 5 4) = C⁻¹.
    Y,
    /// (0 7 6) = D⁻¹.
    Z,
}

impl Twist {
    /// All eight twists in slot order.
    pub const ALL: [Twist; 8] = [
        Twist::A,
        Twist::B,
        Twist::C,
        Twist::D,
        Twist::W,
        Twist::X,
        Twist::Y,
        Twist::Z,
    ];

    /// The slot of this twist, 0 … 7, in the order A B C D W X Y Z.
    #[inline]
    pub const fn index(self) -> usize {
        self as usize
    }

    /// The twist in slot `i` (0 … 7).
    #[inline]
    pub const fn from_index(i: usize) -> Twist {
        Twist::ALL[i]
    }

    /// The printed letter.
    pub const fn letter(self) -> char {
        [b'A', b'B', b'C', b'D', b'W', b'X', b'Y', b'Z'][self as usize] as char
    }

    /// The twist printed as `c` (upper or lower case), if any.
    pub fn from_letter(c: char) -> Option<Twist> {
        Twist::ALL
            .into_iter()
            .find(|t| t.letter() == c.to_ascii_uppercase())
    }

    /// The cycle `(a b c)` on squares: the piece on `a` goes to `b`, the
    /// piece on `b` to `c`, the piece on `c` to `a`.
    pub const fn cycle(self) -> [u8; 3] {
        match self {
            Twist::A => [0, 1, 2],
            Twist::B => [2, 3, 4],
            Twist::C => [4, 5, 6],
            Twist::D => [6, 7, 0],
            Twist::W => [2, 1, 0],
            Twist::X => [4, 3, 2],
            Twist::Y => [6, 5, 4],
            Twist::Z => [0, 7, 6],
        }
    }

    /// The twist applied to a position packed in 3-bit fields (the piece on
    /// square `i` in bits `3i … 3i+2`, [`crate::perm::fields`]), as
    /// [`crate::twist::position::Position::apply`] applies it to an array:
    /// the piece on square `a` of the cycle `(a b c)` moves to `b`, and so
    /// on.
    #[inline]
    pub const fn apply_fields(self, v: u32) -> u32 {
        let [a, b, c] = self.cycle();
        let (a, b, c) = (3 * a as u32, 3 * b as u32, 3 * c as u32);
        (v & !(7 << a | 7 << b | 7 << c))
            | ((v >> a) & 7) << b
            | ((v >> b) & 7) << c
            | ((v >> c) & 7) << a
    }

    /// The square emptied by the twist's first tile move (its piece slides
    /// into the centre): the last square of the cycle.
    pub const fn first_square(self) -> u8 {
        self.cycle()[2]
    }

    /// The square filled by the twist's last tile move (the centre piece
    /// slides out): the first square of the cycle.
    pub const fn last_square(self) -> u8 {
        self.cycle()[0]
    }

    /// The inverse twist: A ↔ W, B ↔ X, C ↔ Y, D ↔ Z.
    pub const fn inverse(self) -> Twist {
        Twist::ALL[(self as usize + 4) % 8]
    }

    /// True when `self` followed by `next` elides: `self`'s last move fills
    /// the square that `next`'s first move empties, and `next` is not the
    /// inverse of `self`. After A only D elides, after W only X, and so on.
    #[inline]
    pub const fn elides_into(self, next: Twist) -> bool {
        self.last_square() == next.first_square() && next as usize != self.inverse() as usize
    }

    /// The one twist that elides after `self`.
    pub fn eliding_successor(self) -> Twist {
        Twist::ALL
            .into_iter()
            .find(|&t| self.elides_into(t))
            .expect("every twist has an eliding successor")
    }
}

impl fmt::Display for Twist {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{}", self.letter())
    }
}

impl Serialize for Twist {
    fn serialize<S: Serializer>(&self, s: S) -> Result<S::Ok, S::Error> {
        s.serialize_char(self.letter())
    }
}

/// A set of twists, as printed in Schofield's 8-character field.
///
/// ```
/// use schofield::twist::{Twist, TwistSet};
/// let s: TwistSet = [Twist::W, Twist::Z].into_iter().collect();
/// assert_eq!(s.field(), "....W..Z");
/// assert_eq!(s.letters(), "WZ");
/// assert_eq!(s.inverses().letters(), "AD");
/// ```
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, Default)]
pub struct TwistSet(u8);

impl TwistSet {
    /// The empty set.
    pub const EMPTY: TwistSet = TwistSet(0);

    /// The set whose bit `i` stands for [`Twist::from_index`]`(i)`.
    pub const fn from_bits(bits: u8) -> TwistSet {
        TwistSet(bits)
    }

    /// The bits of the set, bit `i` for slot `i`.
    pub const fn bits(self) -> u8 {
        self.0
    }

    /// True when `t` is in the set.
    #[inline]
    pub const fn contains(self, t: Twist) -> bool {
        self.0 & (1 << t as u8) != 0
    }

    /// Adds `t`.
    #[inline]
    pub fn insert(&mut self, t: Twist) {
        self.0 |= 1 << t as u8;
    }

    /// True when the set is empty.
    pub const fn is_empty(self) -> bool {
        self.0 == 0
    }

    /// How many twists are in the set.
    pub const fn len(self) -> usize {
        self.0.count_ones() as usize
    }

    /// The twists in slot order.
    pub fn iter(self) -> impl Iterator<Item = Twist> {
        Twist::ALL.into_iter().filter(move |&t| self.contains(t))
    }

    /// The set of inverses of the members.
    pub const fn inverses(self) -> TwistSet {
        TwistSet(self.0.rotate_left(4))
    }

    /// The letters in slot order, e.g. `WZ`.
    pub fn letters(self) -> String {
        self.iter().map(Twist::letter).collect()
    }

    /// The field restricted to the slots of `twists` (for the five-puzzle,
    /// A B W X: `..W.` holds W).
    pub fn field_of(self, twists: &[Twist]) -> String {
        twists
            .iter()
            .map(|&t| if self.contains(t) { t.letter() } else { '.' })
            .collect()
    }

    /// Schofield's 8-character field: each twist's letter in its slot
    /// (order A B C D W X Y Z) when present, `.` otherwise.
    pub fn field(self) -> String {
        Twist::ALL
            .into_iter()
            .map(|t| if self.contains(t) { t.letter() } else { '.' })
            .collect()
    }
}

impl FromIterator<Twist> for TwistSet {
    fn from_iter<I: IntoIterator<Item = Twist>>(iter: I) -> Self {
        let mut s = TwistSet::EMPTY;
        for t in iter {
            s.insert(t);
        }
        s
    }
}

impl Serialize for TwistSet {
    fn serialize<S: Serializer>(&self, s: S) -> Result<S::Ok, S::Error> {
        s.collect_seq(self.iter())
    }
}

/// Why a path could not be read.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum PathError {
    /// A character that is not a twist letter.
    UnknownTwist {
        /// The character.
        letter: char,
        /// Its place in the text, counting from 1.
        position: usize,
        /// The letters that are allowed.
        allowed: String,
    },
}

impl fmt::Display for PathError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            PathError::UnknownTwist {
                letter,
                position,
                allowed,
            } => write!(
                f,
                "unknown twist {} at character {position} of the path; expected letters from {allowed}",
                crate::render::quoted_char(*letter)
            ),
        }
    }
}

impl std::error::Error for PathError {}

/// A sequence of twists, applied left to right, e.g. `WXYZADY`.
///
/// A path is *reduced* when no twist is followed by itself or its inverse;
/// every minimal path is reduced (A A = A⁻¹ and A A⁻¹ = I).
///
/// ```
/// use schofield::twist::Path;
/// let p: Path = "AXWB".parse().unwrap(); // Lemma A: (123) = A B⁻¹ A⁻¹ B
/// assert_eq!(p.moves(), 16);
/// assert_eq!(p.inverse().to_string(), "XABW");
/// ```
#[derive(Debug, Clone, PartialEq, Eq, Hash, Default, PartialOrd, Ord)]
pub struct Path(Vec<Twist>);

impl Path {
    /// The path of the given twists.
    pub fn new(twists: Vec<Twist>) -> Path {
        Path(twists)
    }

    /// The twists, in order.
    pub fn twists(&self) -> &[Twist] {
        &self.0
    }

    /// The number of twists `t`.
    pub fn len(&self) -> usize {
        self.0.len()
    }

    /// True for the empty path.
    pub fn is_empty(&self) -> bool {
        self.0.is_empty()
    }

    /// For each twist, whether it completes an elision with the one before.
    pub fn elided(&self) -> Vec<bool> {
        let mut out = Vec::with_capacity(self.0.len());
        for (i, &t) in self.0.iter().enumerate() {
            out.push(i > 0 && self.0[i - 1].elides_into(t));
        }
        out
    }

    /// The number of elisions `e`.
    pub fn elisions(&self) -> usize {
        self.0.windows(2).filter(|w| w[0].elides_into(w[1])).count()
    }

    /// The number of tile moves, `m = 4t − 2e`.
    pub fn moves(&self) -> usize {
        4 * self.len() - 2 * self.elisions()
    }

    /// True when no twist is followed by itself or its inverse.
    pub fn is_reduced(&self) -> bool {
        self.0
            .windows(2)
            .all(|w| w[1] != w[0] && w[1] != w[0].inverse())
    }

    /// The number of *twin sites*: interior twists `T⁻¹` whose neighbours
    /// elide into `T` and out of `T`, so that `T T` in its place (two twists,
    /// two elisions) costs exactly as many moves. Schofield's calculus never
    /// repeats a twist (A A = A⁻¹), but on the tray `B A A D` is a different
    /// 12-move tile sequence from `B W D`; each twin site doubles the number
    /// of tile sequences a word stands for.
    ///
    /// ```
    /// use schofield::twist::Path;
    /// let p: Path = "BWD".parse().unwrap();
    /// assert_eq!(p.twin_sites(), 1);
    /// assert_eq!("BAAD".parse::<Path>().unwrap().moves(), p.moves());
    /// ```
    pub fn twin_sites(&self) -> usize {
        self.0
            .windows(3)
            .filter(|w| {
                let t = w[1].inverse();
                w[0].elides_into(t) && t.elides_into(w[2])
            })
            .count()
    }

    /// The number of distinct tile-move sequences of the same length that
    /// this reduced word stands for: `2^(twin sites)`.
    pub fn tile_sequences(&self) -> u64 {
        1 << self.twin_sites()
    }

    /// The path that undoes this one: the inverse twists in reverse order.
    /// It has the same number of moves (inversion swaps a twist's first and
    /// last squares, so elisions are kept).
    pub fn inverse(&self) -> Path {
        Path(self.0.iter().rev().map(|t| t.inverse()).collect())
    }

    /// The path with every twist replaced by `f(twist)`.
    pub fn map(&self, f: impl Fn(Twist) -> Twist) -> Path {
        Path(self.0.iter().map(|&t| f(t)).collect())
    }

    /// The path with the twists that complete an elision struck through with
    /// U+0338 (as Schofield printed them), separated by spaces:
    /// `W X̸ Y̸ Z̸ A D̸ Y`.
    pub fn marked(&self) -> String {
        let mut s = String::new();
        for (i, (t, e)) in self.0.iter().zip(self.elided()).enumerate() {
            if i > 0 {
                s.push(' ');
            }
            s.push(t.letter());
            if e {
                s.push('\u{338}');
            }
        }
        s
    }

    /// The same marking in plain ASCII: a twist that completes an elision is
    /// written in lower case, `W x y z A d Y` (which reads back as the same
    /// path).
    pub fn marked_ascii(&self) -> String {
        crate::render::to_ascii(&self.marked())
    }
}

impl fmt::Display for Path {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        for t in &self.0 {
            write!(f, "{}", t.letter())?;
        }
        Ok(())
    }
}

impl FromStr for Path {
    type Err = PathError;

    /// Reads twist letters (either case); spaces, commas and the strike-through
    /// mark U+0338 are ignored, so the marked form reads back. A twist
    /// followed by `⁻¹` (or `^-1`) is its inverse, as the paper writes
    /// Lemma A: `A B⁻¹ A⁻¹ B` is `A X W B`.
    ///
    /// ```
    /// let p: schofield::twist::Path = "A B⁻¹ A^-1 B".parse().unwrap();
    /// assert_eq!(p.to_string(), "AXWB");
    /// ```
    fn from_str(s: &str) -> Result<Path, PathError> {
        let mut twists: Vec<Twist> = Vec::new();
        let chars: Vec<char> = s.chars().collect();
        let mut i = 0;
        while i < chars.len() {
            let c = chars[i];
            i += 1;
            // The inverse mark applies to the twist just read.
            let rest: String = chars[i - 1..].iter().take(3).collect();
            let mark = if rest.starts_with("⁻¹") {
                Some(2)
            } else if rest.starts_with("^-1") {
                Some(3)
            } else {
                None
            };
            if let (Some(len), Some(last)) = (mark, twists.last_mut()) {
                *last = last.inverse();
                i += len - 1;
                continue;
            }
            if c.is_whitespace() || c == ',' || c == '\u{338}' {
                continue;
            }
            match Twist::from_letter(c) {
                Some(t) => twists.push(t),
                None => {
                    return Err(PathError::UnknownTwist {
                        letter: c,
                        position: i,
                        allowed: "A B C D W X Y Z".to_string(),
                    });
                }
            }
        }
        Ok(Path(twists))
    }
}

impl Serialize for Path {
    fn serialize<S: Serializer>(&self, s: S) -> Result<S::Ok, S::Error> {
        s.serialize_str(&self.to_string())
    }
}

/// Where a tile stands: one of the numbered squares round the centre, or the
/// centre itself. Serialised as the square's number, or `"centre"`.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub enum Cell {
    /// A numbered square.
    Square(u8),
    /// The centre square (empty in every standard position).
    Centre,
}

impl Serialize for Cell {
    fn serialize<S: Serializer>(&self, s: S) -> Result<S::Ok, S::Error> {
        match self {
            Cell::Square(i) => s.serialize_u8(*i),
            Cell::Centre => s.serialize_str("centre"),
        }
    }
}

impl fmt::Display for Cell {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            Cell::Square(s) => write!(f, "{s}"),
            Cell::Centre => write!(f, "centre"),
        }
    }
}

/// One tile move: `piece` slides from `from` into the empty cell `to`.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize)]
pub struct TileMove {
    /// The piece that moves.
    pub piece: u8,
    /// The cell it leaves (which becomes empty).
    pub from: Cell,
    /// The empty cell it enters.
    pub to: Cell,
}

/// The four tile moves of `twist` on the squares `pieces` (piece per square),
/// which it updates.
fn twist_tile_moves(pieces: &mut [u8], twist: Twist) -> [TileMove; 4] {
    let [a, b, c] = twist.cycle();
    let (a, b, c) = (usize::from(a), usize::from(b), usize::from(c));
    let (pa, pb, pc) = (pieces[a], pieces[b], pieces[c]);
    pieces[b] = pa;
    pieces[c] = pb;
    pieces[a] = pc;
    let sq = |i: usize| Cell::Square(i as u8);
    [
        TileMove {
            piece: pc,
            from: sq(c),
            to: Cell::Centre,
        },
        TileMove {
            piece: pb,
            from: sq(b),
            to: sq(c),
        },
        TileMove {
            piece: pa,
            from: sq(a),
            to: sq(b),
        },
        TileMove {
            piece: pc,
            from: Cell::Centre,
            to: sq(a),
        },
    ]
}

/// Expands `path` into tile moves starting from the position `pieces`
/// (piece per square): four moves a twist, and for every elision the last
/// move of the first twist and the first move of the second (the same piece
/// out of the centre and straight back) both left out. The result has
/// exactly [`Path::moves`] entries.
pub fn expand(path: &Path, pieces: &[u8]) -> Vec<TileMove> {
    let mut squares = pieces.to_vec();
    let mut out: Vec<TileMove> = Vec::with_capacity(path.moves());
    let elided = path.elided();
    for (&t, &e) in path.twists().iter().zip(&elided) {
        let moves = twist_tile_moves(&mut squares, t);
        let skip = if e {
            out.pop();
            1
        } else {
            0
        };
        out.extend_from_slice(&moves[skip..]);
    }
    out
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn spec_first_and_last_squares() {
        let table = [
            (Twist::A, 2, 0),
            (Twist::B, 4, 2),
            (Twist::C, 6, 4),
            (Twist::D, 0, 6),
            (Twist::W, 0, 2),
            (Twist::X, 2, 4),
            (Twist::Y, 4, 6),
            (Twist::Z, 6, 0),
        ];
        for (t, first, last) in table {
            assert_eq!(t.first_square(), first, "{t}");
            assert_eq!(t.last_square(), last, "{t}");
        }
    }

    #[test]
    fn each_twist_has_one_eliding_successor() {
        let succ: String = Twist::ALL
            .iter()
            .map(|t| t.eliding_successor().letter())
            .collect();
        // After A only D, after W only X, and so on round the board.
        assert_eq!(succ, "DABCXYZW");
        for t in Twist::ALL {
            assert_eq!(Twist::ALL.iter().filter(|&&u| t.elides_into(u)).count(), 1);
        }
    }

    #[test]
    fn five_puzzle_example_expansion() {
        // From 2 3 1 / 0 _ 4, B then A moves pieces 4 1 3 2 0 4.
        let pieces = [0u8, 2, 3, 1, 4];
        let path: Path = "BA".parse().unwrap();
        let moved: Vec<u8> = expand(&path, &pieces).iter().map(|m| m.piece).collect();
        assert_eq!(moved, vec![4, 1, 3, 2, 0, 4]);
    }
}
