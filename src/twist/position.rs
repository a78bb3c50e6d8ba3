//! Standard positions: even permutations of the squares round the centre.
//!
//! A position records Schofield's `C[i]`, the piece standing on square `i`;
//! the centre is empty. Only even permutations can be reached by sliding
//! (Schofield's Theorems 1 and 2), so [`Position`] refuses odd ones.
//!
//! ```
//! use schofield::twist::position::Position;
//! use schofield::twist::Twist;
//! let target = Position::<8>::target();
//! assert_eq!(target.sequence_number().get(), 0);
//! let p = target.apply(Twist::A);
//! assert_eq!(p.cycles(), "(012)");
//! assert_eq!(p.apply(Twist::W), target);
//! assert!(Position::<8>::from_pieces([1, 0, 2, 3, 4, 5, 6, 7]).is_err()); // odd
//! ```

use crate::perm;
use crate::twist::symmetry::D4;
use crate::twist::{Path, Twist};
use serde::Serialize;
use std::fmt;

/// Schofield's sequence number S (his equation (1)): a one-to-one map of the
/// `N!/2` positions onto `0 .. N!/2`, the target getting 0.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, PartialOrd, Ord, Serialize)]
#[serde(transparent)]
pub struct SequenceNumber(u32);

impl SequenceNumber {
    /// Wraps a raw number (not checked against a puzzle's size; see
    /// [`Position::from_sequence_number`]).
    pub const fn new(s: u32) -> SequenceNumber {
        SequenceNumber(s)
    }

    /// The number itself.
    pub const fn get(self) -> u32 {
        self.0
    }

    /// The number as an array index.
    pub const fn index(self) -> usize {
        self.0 as usize
    }
}

impl fmt::Display for SequenceNumber {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        fmt::Display::fmt(&self.0, f)
    }
}

/// Why a position could not be read or built.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum PositionError {
    /// The input was empty.
    Empty,
    /// The input is none of the accepted forms.
    Unrecognised {
        /// What was given.
        input: String,
        /// An example grid for this puzzle.
        grid_example: String,
        /// An example code number for this puzzle.
        code_example: String,
    },
    /// A grid character that is neither a piece digit nor a blank.
    BadCharacter {
        /// The character.
        ch: char,
    },
    /// A grid with the wrong number of rows.
    WrongRowCount {
        /// Rows found.
        found: usize,
        /// Rows expected.
        expected: usize,
    },
    /// A grid row with the wrong number of cells.
    WrongRowLength {
        /// The row, counting from 1.
        row: usize,
        /// Cells found.
        found: usize,
        /// Cells expected.
        expected: usize,
    },
    /// A grid with no blank.
    NoBlank,
    /// A grid with more than one blank.
    SeveralBlanks(usize),
    /// The blank is not on the centre square, so this is not a standard
    /// position.
    BlankOffCentre {
        /// Row of the blank, counting from 1.
        row: usize,
        /// Column of the blank, counting from 1.
        col: usize,
        /// Row of the centre, counting from 1.
        centre_row: usize,
        /// Column of the centre, counting from 1.
        centre_col: usize,
    },
    /// A piece number too large for the puzzle.
    PieceOutOfRange {
        /// The piece named.
        piece: u8,
        /// The number of pieces.
        pieces: usize,
    },
    /// A piece named twice.
    RepeatedPiece(u8),
    /// A piece that does not appear.
    MissingPiece(u8),
    /// A code number of the wrong length.
    CodeLength {
        /// The code as given.
        code: String,
        /// Digits found.
        found: usize,
        /// Digits expected.
        expected: usize,
    },
    /// A code number with a character that is not a digit.
    CodeCharacter {
        /// The character.
        ch: char,
        /// Its place, counting from 1.
        position: usize,
    },
    /// Malformed cycle notation.
    Cycles(perm::CycleError),
    /// An odd permutation: not reachable by sliding.
    OddPermutation {
        /// Its cycles on squares, relative to the target.
        cycles: String,
    },
    /// A sequence number past the last position.
    SequenceOutOfRange {
        /// The number given.
        given: u64,
        /// The number of positions.
        size: u64,
    },
}

impl fmt::Display for PositionError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        use PositionError::*;
        match self {
            Empty => write!(
                f,
                "empty position; expected a grid, a code number or cycle notation"
            ),
            Unrecognised {
                input,
                grid_example,
                code_example,
            } => write!(
                f,
                "cannot read {} as a position; expected a grid like {grid_example}, a code number like {code_example}, or cycle notation like (01)(3465)",
                crate::render::quoted(&input.to_string())
            ),
            BadCharacter { ch } => write!(
                f,
                "unexpected character {} in the grid; expected piece digits and '_' for the blank",
                crate::render::quoted_char(*ch)
            ),
            WrongRowCount { found, expected } => write!(
                f,
                "the grid has {found} {}; expected {expected} rows separated by '/' or new lines, or a code number, or the pieces of every square as a list of digits",
                if *found == 1 { "row" } else { "rows" }
            ),
            WrongRowLength {
                row,
                found,
                expected,
            } => write!(
                f,
                "row {row} of the grid has {}; expected {expected}",
                crate::render::counted(*found, "cell", "cells")
            ),
            NoBlank => write!(f, "the grid has no blank; mark the empty centre with '_'"),
            SeveralBlanks(n) => write!(
                f,
                "the grid has {n} blanks; expected exactly one, in the centre"
            ),
            BlankOffCentre {
                row,
                col,
                centre_row,
                centre_col,
            } => write!(
                f,
                "the blank is at row {row}, column {col}; a standard position has it in the centre (row {centre_row}, column {centre_col})"
            ),
            PieceOutOfRange { piece, pieces } => write!(
                f,
                "piece {piece} does not exist; the pieces are numbered 0 to {}",
                pieces - 1
            ),
            RepeatedPiece(p) => write!(f, "piece {p} appears twice; each piece must appear once"),
            MissingPiece(p) => write!(f, "piece {p} is missing; each piece must appear once"),
            CodeLength {
                code,
                found,
                expected,
            } => write!(
                f,
                "a code number has {expected} digits (the pieces on squares 0 to {}); {} has {found}",
                expected - 1,
                crate::render::quoted(code)
            ),
            CodeCharacter { ch, position } => write!(
                f,
                "character {} at place {position} of the code number is not a digit",
                crate::render::quoted_char(*ch)
            ),
            Cycles(e) => write!(f, "{e}"),
            OddPermutation { cycles } => write!(
                f,
                "unsolvable: the position is an odd permutation of the target ({cycles} on squares); sliding pieces only makes even permutations (Schofield's Theorem 1), so no sequence of moves reaches it"
            ),
            SequenceOutOfRange { given, size } => write!(
                f,
                "sequence number {given} is out of range; expected 0 to {}",
                size - 1
            ),
        }
    }
}

impl std::error::Error for PositionError {}

impl From<perm::CycleError> for PositionError {
    fn from(e: perm::CycleError) -> Self {
        PositionError::Cycles(e)
    }
}

/// A standard position of a twist puzzle with `N` squares round the centre
/// (8 for the eight-puzzle, 5 for the five-puzzle): an even permutation,
/// `pieces[i]` standing on square `i`.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub struct Position<const N: usize> {
    pieces: [u8; N],
}

impl<const N: usize> Position<N> {
    /// The number of standard positions, `N!/2`.
    pub const COUNT: usize = perm::factorial(N) as usize / 2;

    /// The target (Schofield's Fig. 1): piece `i` on square `i`.
    pub fn target() -> Position<N> {
        let mut pieces = [0u8; N];
        for (i, p) in pieces.iter_mut().enumerate() {
            *p = i as u8;
        }
        Position { pieces }
    }

    /// The position with `pieces[i]` on square `i`, if that is an even
    /// permutation of `0..N`.
    pub fn from_pieces(pieces: [u8; N]) -> Result<Position<N>, PositionError> {
        match perm::check_permutation(&pieces) {
            Ok(()) => {}
            Err(perm::PermutationError::OutOfRange { value, .. }) => {
                return Err(PositionError::PieceOutOfRange {
                    piece: value,
                    pieces: N,
                });
            }
            Err(perm::PermutationError::Repeated(p)) => {
                return Err(PositionError::RepeatedPiece(p));
            }
            // A position has at most 9 pieces; a longer list is out of range.
            Err(perm::PermutationError::TooLong(n)) => {
                return Err(PositionError::PieceOutOfRange {
                    piece: u8::try_from(n).unwrap_or(u8::MAX),
                    pieces: N,
                });
            }
        }
        if !perm::is_even(&pieces) {
            return Err(PositionError::OddPermutation {
                cycles: perm::format_cycles(&perm::inverse(&pieces)),
            });
        }
        Ok(Position { pieces })
    }

    /// The piece on each square.
    pub const fn pieces(&self) -> &[u8; N] {
        &self.pieces
    }

    /// True for the target.
    pub fn is_target(&self) -> bool {
        self.pieces
            .iter()
            .enumerate()
            .all(|(i, &p)| usize::from(p) == i)
    }

    /// Schofield's sequence number S.
    #[inline]
    pub fn sequence_number(&self) -> SequenceNumber {
        SequenceNumber(perm::even_rank_array(&self.pieces))
    }

    /// The position with sequence number `s`.
    pub fn from_sequence_number(s: u64) -> Result<Position<N>, PositionError> {
        if s >= Self::COUNT as u64 {
            return Err(PositionError::SequenceOutOfRange {
                given: s,
                size: Self::COUNT as u64,
            });
        }
        Ok(Self::from_sequence_unchecked(s as u32))
    }

    /// The position with sequence number `s < N!/2`.
    pub(crate) fn from_sequence_unchecked(s: u32) -> Position<N> {
        let v = perm::even_unrank(u64::from(s), N);
        let mut pieces = [0u8; N];
        pieces.copy_from_slice(&v);
        Position { pieces }
    }

    /// Every position, in increasing order of sequence number.
    pub fn all() -> Vec<Position<N>> {
        perm::even_permutations::<N>()
            .into_iter()
            .map(|pieces| Position { pieces })
            .collect()
    }

    /// The position after `twist`: the piece on square `a` of its cycle
    /// `(a b c)` moves to `b`, and so on.
    #[inline]
    pub fn apply(&self, twist: Twist) -> Position<N> {
        let [a, b, c] = twist.cycle();
        let (a, b, c) = (usize::from(a), usize::from(b), usize::from(c));
        let mut p = self.pieces;
        p[b] = self.pieces[a];
        p[c] = self.pieces[b];
        p[a] = self.pieces[c];
        Position { pieces: p }
    }

    /// The position after every twist of `path`, left to right.
    pub fn apply_path(&self, path: &Path) -> Position<N> {
        path.twists().iter().fold(*self, |p, &t| p.apply(t))
    }

    /// The inverse permutation. A path from the target to `X` is, read as
    /// the same letters, a solution of `X⁻¹`.
    pub fn inverse(&self) -> Position<N> {
        let mut inv = [0u8; N];
        for (i, &p) in self.pieces.iter().enumerate() {
            inv[usize::from(p)] = i as u8;
        }
        Position { pieces: inv }
    }

    /// The position relabelled by a symmetry (squares and pieces together),
    /// Schofield's `φ⁻¹ X φ`. The puzzle's squares must be closed under `g`.
    pub fn conjugate(&self, g: D4) -> Position<N> {
        Position {
            pieces: g.conjugate(&self.pieces),
        }
    }

    /// Cycle notation on squares, relative to the target: `(132)(67)` means
    /// that the piece belonging on square 1 stands on 3, and so on.
    pub fn cycles(&self) -> String {
        perm::format_cycles(&perm::inverse(&self.pieces))
    }

    /// The code number: the pieces on squares `0 … N−3`.
    pub fn code(&self) -> String {
        self.pieces[..N - 2]
            .iter()
            .map(|p| char::from(b'0' + p))
            .collect()
    }
}
