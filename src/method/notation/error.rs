//! Why a position could not be read, or is not one the moves reach: the
//! one error of every position a command reads.

use super::*;

/// Why a position could not be read, or is not one the moves reach.
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
pub enum PositionError {
    /// The input was empty.
    #[error("empty position; expected {0}")]
    Empty(String),
    /// None of the accepted forms.
    #[error("cannot read {} as a position; expected {}", quoted(.input), .expected)]
    Unrecognised {
        /// What was given.
        input: String,
        /// The forms, with examples.
        expected: String,
    },
    /// A grid character that is neither a piece digit nor a blank.
    #[error("unexpected character {} in the grid; expected piece digits and '_' for the blank", quoted_char(*.0))]
    BadCharacter(char),
    /// A grid whose rows do not fit the puzzle's layout.
    #[error(transparent)]
    Grid(#[from] crate::text::GridError),
    /// A grid cell of more than one character.
    #[error("cannot read {} as a cell of the grid; expected one piece digit or '_' for the blank", quoted(.0))]
    BadCell(String),
    /// A grid with no blank.
    #[error("the grid has no blank; mark the empty centre with '_'")]
    NoBlank,
    /// A grid with more than one blank.
    #[error("the grid has {0} blanks; expected exactly one, in the centre")]
    SeveralBlanks(usize),
    /// The blank is not where the puzzle keeps it.
    #[error(
        "the blank is at row {row}, column {col}; a standard position has it in the centre (row {centre_row}, column {centre_col})"
    )]
    BlankOffCentre {
        /// Row of the blank, from 1.
        row: usize,
        /// Column of the blank, from 1.
        col: usize,
        /// Row of the centre, from 1.
        centre_row: usize,
        /// Column of the centre, from 1.
        centre_col: usize,
    },
    /// A piece number too large for the puzzle.
    #[error("piece {piece} does not exist; the pieces are numbered 0 to {}", .pieces - 1)]
    PieceOutOfRange {
        /// The piece named.
        piece: usize,
        /// The number of pieces.
        pieces: usize,
    },
    /// A position in the usual 1–8 notation that is not one, with how it
    /// was read.
    #[error("{0} ({USUAL_READING})")]
    InUsualNotation(Box<PositionError>),
    /// A piece named twice.
    #[error("piece {0} appears twice; each piece must appear once")]
    RepeatedPiece(usize),
    /// A code number of the wrong length.
    #[error("a code number has {expected} digits (the pieces on squares 0 to {}); {} has {found}", .expected - 1, quoted(.code))]
    CodeLength {
        /// The code as given.
        code: String,
        /// Digits found.
        found: usize,
        /// Digits expected.
        expected: usize,
    },
    /// A code number with a character that is not a digit.
    #[error("character {} at place {position} of the code number is not a digit", quoted_char(*.ch))]
    CodeCharacter {
        /// The character.
        ch: char,
        /// Its place, from 1.
        position: usize,
    },
    /// Cycle notation that is malformed.
    #[error("{0}")]
    Cycles(String),
    /// An alg that names no move of the puzzle, or is malformed.
    #[error(transparent)]
    Alg(#[from] AlgError),
    /// A pattern that is malformed.
    #[error("{0}")]
    Pattern(String),
    /// An odd permutation of a tray: not reachable by sliding.
    #[error(
        "unsolvable: an odd permutation of the target ({cycles} on squares); sliding makes only even ones (Schofield's Theorem 1), so no sequence of moves reaches it"
    )]
    OddPermutation {
        /// Its cycles on squares, relative to the target.
        cycles: String,
    },
    /// Twists given where a tray's position was expected.
    #[error("{} is a path of twists, not a position; `schofield path {}` follows it (from the target, or --from a position); a position is {}", quoted(.text), .text, .forms)]
    Twists {
        /// The text.
        text: String,
        /// The forms a position takes.
        forms: String,
    },
    /// A position the moves never reach, with the invariant that shows it.
    #[error("unsolvable: {0}, so no sequence of moves reaches it")]
    Unreachable(String),
    /// Two positions no sequence of moves joins ([`crate::method::solve::SolutionReport::between`]):
    /// what the relative position is and why it is not reached.
    #[error("no sequence of moves goes from {from} to {to}: the change is {relative} and {why}")]
    NotJoined {
        /// The start, as its grid or pattern.
        from: String,
        /// The goal, as its grid or pattern.
        to: String,
        /// The relative position, in cycles on squares or as a pattern.
        relative: String,
        /// Why it is not reached, in words.
        why: String,
    },
    /// A sequence number past the last position.
    #[error("sequence number {given} is out of range; expected 0 to {}", .size - 1)]
    SequenceOutOfRange {
        /// The number given.
        given: u64,
        /// The number of positions.
        size: u64,
    },
}
