//! The invariants that split a puzzle's arrangements: what every move
//! keeps, so that an arrangement that breaks it is never reached. Three
//! kinds cover the classic puzzles: the parity of an orbit's permutation
//! (the eight-puzzle's squares, Schofield's Theorem 1), the parities of two
//! orbits kept alike (the cube's corners and edges), and an orbit's
//! orientation sum (the cube's twists and flips).
//!
//! ```
//! use schofield::puzzle::invariants::{self, Invariant};
//! use schofield::puzzle::{library, Metric};
//! let eight = library::get("eight").unwrap();
//! let moves = eight.moves(Metric::Face, None).unwrap();
//! let found = invariants::of(&eight, &moves);
//! assert_eq!(found, vec![Invariant::Parity { orbit: 0 }]);
//! ```

use crate::puzzle::{MoveSet, Pattern, Puzzle, Transformation};
use crate::text::quoted;
use std::fmt;

/// Something every move keeps.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum Invariant {
    /// Every move permutes the orbit's slots evenly.
    Parity {
        /// The orbit, by number.
        orbit: usize,
    },
    /// Every move permutes the two orbits with the same parity. Where
    /// several orbits are linked so, `first` is the first of them, paired
    /// with each of the others in turn.
    ParitiesAlike {
        /// The first orbit.
        first: usize,
        /// The second.
        second: usize,
    },
    /// Every move keeps the orbit's orientation sum.
    OrientationSum {
        /// The orbit.
        orbit: usize,
        /// The modulus.
        modulus: u8,
    },
}

/// An invariant a pattern breaks, described for a message.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum Broken {
    /// An odd permutation of an orbit whose moves are all even.
    Parity {
        /// The orbit's name.
        orbit: String,
    },
    /// Two orbits of different parities that the moves keep alike.
    ParitiesAlike {
        /// The first orbit's name.
        first: String,
        /// The second's.
        second: String,
    },
    /// An orientation sum the moves never make.
    OrientationSum {
        /// The orbit's name.
        orbit: String,
        /// The pattern's sum.
        sum: u8,
        /// The goal's.
        expected: u8,
        /// The modulus.
        modulus: u8,
    },
}

impl fmt::Display for Broken {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            Broken::Parity { orbit } => write!(
                f,
                "the position is an odd permutation of orbit {} (from the goal), and every move makes an even one",
                quoted(orbit)
            ),
            Broken::ParitiesAlike { first, second } => write!(
                f,
                "orbits {} and {} are permuted with different parities, and every move permutes them alike",
                quoted(first),
                quoted(second)
            ),
            Broken::OrientationSum {
                orbit,
                sum,
                expected,
                modulus,
            } => write!(
                f,
                "the orientations of orbit {} add up to {sum} (mod {modulus}), and every move keeps the goal's {expected}",
                quoted(orbit)
            ),
        }
    }
}

/// The invariants of `moves` on `puzzle`: every parity, pair of parities
/// and orientation sum that all of them keep. Parities are read only for
/// orbits of distinct pieces.
pub fn of(puzzle: &Puzzle, moves: &MoveSet) -> Vec<Invariant> {
    let generators: Vec<&Transformation> = moves.iter().map(|m| m.transformation()).collect();
    kept_by(puzzle, &generators)
}

/// The invariants every one of `generators` keeps, and so every product of
/// them: the same for a move set as for the moves it was made from, whatever
/// the metric (a power keeps what its move keeps).
pub fn kept_by(puzzle: &Puzzle, generators: &[&Transformation]) -> Vec<Invariant> {
    let distinct: Vec<bool> = puzzle
        .goal()
        .orbits()
        .iter()
        .map(|o| {
            let mut v = o.pieces.clone();
            v.sort_unstable();
            v.windows(2).all(|w| w[0] != w[1])
        })
        .collect();
    let n = puzzle.orbits().len();
    // Each move's parity on each orbit.
    let odd: Vec<Vec<bool>> = generators
        .iter()
        .map(|m| m.orbits().iter().map(|o| !o.is_even()).collect())
        .collect();
    let mut out = Vec::new();
    for k in 0..n {
        if distinct[k] && odd.iter().all(|p| !p[k]) && puzzle.orbits()[k].pieces > 1 {
            out.push(Invariant::Parity { orbit: k });
        }
    }
    // Orbits whose parities every move keeps alike fall into classes; each
    // class is given as its first orbit paired with each of the others
    // (they imply every other pair), not as every pair: 63 invariants for
    // 64 linked orbits, not 2 016.
    let mut paired = vec![false; n];
    for k in 0..n {
        if paired[k] || !distinct[k] || odd.iter().all(|p| !p[k]) {
            continue;
        }
        for l in k + 1..n {
            if distinct[l] && odd.iter().all(|p| p[k] == p[l]) {
                paired[l] = true;
                out.push(Invariant::ParitiesAlike {
                    first: k,
                    second: l,
                });
            }
        }
    }
    for (k, orbit) in puzzle.orbits().iter().enumerate() {
        if orbit.orientations > 1 && generators.iter().all(|m| m.orbits()[k].twist() == 0) {
            out.push(Invariant::OrientationSum {
                orbit: k,
                modulus: orbit.orientations,
            });
        }
    }
    out
}

/// The parity of orbit `k` of `pattern` relative to the goal: true for odd.
fn odd_from_goal(puzzle: &Puzzle, pattern: &Pattern, k: usize) -> bool {
    let goal = &puzzle.goal().orbits()[k].pieces;
    let pieces = &pattern.orbits()[k].pieces;
    let dest: Vec<u8> = pieces
        .iter()
        .map(|&p| goal.iter().position(|&g| g == p).unwrap_or(0) as u8)
        .collect();
    !crate::perm::is_even(&dest)
}

/// The first invariant of `moves` that `pattern` (holding the goal's
/// pieces in each orbit) breaks, if any.
pub fn broken(puzzle: &Puzzle, moves: &MoveSet, pattern: &Pattern) -> Option<Broken> {
    let generators: Vec<&Transformation> = moves.iter().map(|m| m.transformation()).collect();
    broken_by(puzzle, &generators, pattern)
}

/// The first invariant of `generators` that `pattern` breaks.
pub fn broken_by(
    puzzle: &Puzzle,
    generators: &[&Transformation],
    pattern: &Pattern,
) -> Option<Broken> {
    let name = |k: usize| puzzle.orbits()[k].name.clone();
    for inv in kept_by(puzzle, generators) {
        match inv {
            Invariant::Parity { orbit } if odd_from_goal(puzzle, pattern, orbit) => {
                return Some(Broken::Parity { orbit: name(orbit) });
            }
            Invariant::ParitiesAlike { first, second }
                if odd_from_goal(puzzle, pattern, first)
                    != odd_from_goal(puzzle, pattern, second) =>
            {
                return Some(Broken::ParitiesAlike {
                    first: name(first),
                    second: name(second),
                });
            }
            Invariant::OrientationSum { orbit, modulus } => {
                let sum = |o: &[u8]| {
                    (o.iter().map(|&x| u32::from(x)).sum::<u32>() % u32::from(modulus)) as u8
                };
                let s = sum(&pattern.orbits()[orbit].orientation);
                let e = sum(&puzzle.goal().orbits()[orbit].orientation);
                if s != e {
                    return Some(Broken::OrientationSum {
                        orbit: name(orbit),
                        sum: s,
                        expected: e,
                        modulus,
                    });
                }
            }
            _ => {}
        }
    }
    None
}
