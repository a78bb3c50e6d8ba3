//! # schofield
//!
//! P. D. A. Schofield's *Complete solution of the "eight-puzzle"* (1967),
//! computed exactly, and his method carried to any permutation puzzle.
//!
//! **The puzzle as data.** A puzzle ([`puzzle::Puzzle`]) is orbits of pieces
//! in slots, each piece perhaps with orientations; a goal; moves, each a
//! [`puzzle::Transformation`]; a metric; and symmetries. It is read from
//! our YAML, twsearch's `.tws` or cubing.js's KPuzzle JSON, or taken from
//! the library ([`puzzle::library`]). Schofield's eight-puzzle is one file:
//! eight pieces on the squares round the empty centre, moved by *corner
//! twists*; its positions are the 20 160 even permutations, A8.
//!
//! **Twists and elision.** A move may be priced by a *word* of base steps
//! ([`puzzle::word`]): a corner twist is four tile moves, and when one
//! twist's last move is undone by the next twist's first the two cancel
//! (an *elision*), so a path ([`method::Path`]) of `t` twists with `e`
//! elisions costs `m = 4t − 2e` moves.
//!
//! **Symmetry.** The symmetries relabel slots and pieces together and carry
//! minimal paths to minimal paths, so positions fall into classes: the
//! eight-puzzle's 2 572 under the square's D4, or 1 439 when a position and
//! its inverse are also equivalent ([`group::classes`]).
//!
//! **The search.** [`method::analysis::Analysis`] numbers the positions
//! ([`method::space`]), searches them layer by layer ([`method::search`]) into
//! Schofield's *main dictionary* of every position's minimum, and finds
//! the classes; [`method::solve::SolutionReport`] reads off everything about one
//! position, including every minimal path. [`group`] gives the group's
//! exact order by Schreier–Sims.
//!
//! **Checks.** [`board::Board`] searches the plain tile metric with the blank
//! anywhere; it agrees with the twist calculus on all 20 160 positions.
//!
//! ```
//! use schofield::puzzle::library;
//! use schofield::method::analysis::{Analysis, Options};
//! use schofield::method::Path;
//!
//! let a = Analysis::new(library::get("eight").unwrap(), &Options::default(), &|_| {}).unwrap();
//! let counts = a.move_counts();
//! assert_eq!(counts.last().unwrap().moves, 30);      // the hardest puzzles
//! assert_eq!(counts.last().unwrap().positions, 60);  // … and how many
//!
//! // Schofield's worked example, looked up under its code number.
//! let x = a.parse_position("102536").unwrap();
//! assert_eq!(a.moves_at(x), Some(20));
//! assert_eq!(a.starting_moves(x).field(a.moves()), "....W..Z");
//! assert_eq!(Path::new(a.specimen(x)).marked(a.moves()), "W X̸ Y̸ Z̸ A D̸ Y");
//! ```

#![deny(missing_docs)]

pub mod board;
pub mod generated;
pub mod group;
pub mod memory;
pub mod method;
pub mod perm;
pub mod puzzle;
pub mod render;
pub mod search;
pub mod text;
