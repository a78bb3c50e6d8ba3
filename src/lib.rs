//! # schofield
//!
//! P. D. A. Schofield's *Complete solution of the "eight-puzzle"* (1967),
//! computed exactly.
//!
//! **The model.** The eight pieces of the puzzle stand on the squares
//! numbered 0 … 7 round the centre; a *standard position* has the centre
//! empty. A position ([`twist::position::Position`]) is the piece on each square,
//! `C[i]`, and only the 20 160 even permutations can be reached by sliding:
//! the alternating group A8.
//!
//! **Twists.** Any sliding solution between standard positions is a sequence
//! of *corner twists* ([`twist::Twist`]): A B C D turn the three pieces at a
//! corner clockwise, W X Y Z anticlockwise, four tile moves each. When one
//! twist's last move is undone by the next twist's first, the two cancel (an
//! *elision*), so a path ([`twist::Path`]) of `t` twists with `e` elisions
//! costs `m = 4t − 2e` moves.
//!
//! **Symmetry.** The symmetries of the square, D4 ([`twist::symmetry::D4`]), relabel
//! squares and pieces together and carry minimal paths to minimal paths, so
//! positions fall into 2 572 equivalence classes, or 1 439 when a position and
//! its inverse are also equivalent.
//!
//! **The search.** [`twist::dictionary::Analysis`] runs Schofield's exhaustive
//! search layer by layer in the number of moves: a main dictionary of every
//! position's minimum, the twists that can end a minimal path, and the
//! classes. [`twist::solve::Solution`] reads off everything about one position,
//! including every minimal path. The puzzle itself is data
//! ([`twist::puzzle::Puzzle`]): the five-puzzle ([`twist::puzzle::FIVE`]) runs on the same
//! engine as the eight-puzzle ([`twist::puzzle::EIGHT`]).
//!
//! **Checks.** [`board::Board`] searches the plain tile metric with the blank
//! anywhere; it agrees with the twist calculus on all 20 160 positions.
//!
//! ```
//! use schofield::twist::dictionary::Analysis;
//! use schofield::twist::puzzle::EIGHT;
//!
//! let a = Analysis::new(&EIGHT);
//! let counts = a.move_counts();
//! assert_eq!(counts.last().unwrap().moves, 30);      // the hardest puzzles
//! assert_eq!(counts.last().unwrap().positions, 60);  // … and how many
//!
//! // Schofield's worked example, looked up under its code number.
//! let p = EIGHT.parse_position("102536").unwrap();
//! assert_eq!(a.moves(&p), 20);
//! assert_eq!(a.starting_twists(&p).field(), "....W..Z");
//! assert_eq!(a.specimen(&p).marked(), "W X̸ Y̸ Z̸ A D̸ Y");
//! ```

#![deny(missing_docs)]

pub mod board;
pub mod perm;
pub mod render;
pub mod search;
pub mod store;
pub mod twist;
