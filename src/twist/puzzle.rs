//! A twist puzzle as data: its squares laid out on the tray, the twists it
//! allows, and its symmetry group.
//!
//! The eight-puzzle and the five-puzzle are two values of one type, run by
//! one engine ([`crate::twist::dictionary`]); nothing about either is hard-wired
//! elsewhere.
//!
//! ```
//! use schofield::twist::puzzle::{EIGHT, FIVE};
//! let p = EIGHT.parse_position("025/1_3/746").unwrap();
//! assert_eq!(p.code(), "102536");
//! assert_eq!(EIGHT.parse_position("102536").unwrap(), p);
//! assert_eq!(EIGHT.grid_compact(&p), "025/1_3/746");
//! let q = FIVE.parse_position("231/0_4").unwrap();
//! assert_eq!(q.pieces(), &[0, 2, 3, 1, 4]);
//! ```

use crate::perm;
use crate::twist::position::{Position, PositionError};
use crate::twist::symmetry::D4;
use crate::twist::{Cell, Path, PathError, Twist, TwistSet};
use itertools::Itertools;

/// A twist puzzle with `N` numbered squares round an empty centre.
#[derive(Debug)]
pub struct Puzzle<const N: usize> {
    /// Its name, as used in messages.
    pub name: &'static str,
    /// The twists that can be made, in slot order.
    pub twists: &'static [Twist],
    /// The symmetries of the tray that fix the centre (a group).
    pub symmetries: &'static [D4],
    /// The tray, row by row.
    pub layout: &'static [[Cell; 3]],
}

const fn sq(i: u8) -> Cell {
    Cell::Square(i)
}

/// Schofield's eight-puzzle: squares 0 … 7 round the centre, all eight
/// corner twists, the whole of D4.
///
/// ```text
/// 1 2 3
/// 0 _ 4
/// 7 6 5
/// ```
pub const EIGHT: Puzzle<8> = Puzzle {
    name: "eight-puzzle",
    twists: &Twist::ALL,
    symmetries: &D4::ALL,
    layout: &[
        [sq(1), sq(2), sq(3)],
        [sq(0), Cell::Centre, sq(4)],
        [sq(7), sq(6), sq(5)],
    ],
};

/// Schofield's five-puzzle, the eight-puzzle with its bottom row missing:
/// twists A, B and their inverses W, X, and one reflection.
///
/// ```text
/// 1 2 3
/// 0 _ 4
/// ```
pub const FIVE: Puzzle<5> = Puzzle {
    name: "five-puzzle",
    twists: &[Twist::A, Twist::B, Twist::W, Twist::X],
    symmetries: &[D4::Identity, D4::Vertical],
    layout: &[[sq(1), sq(2), sq(3)], [sq(0), Cell::Centre, sq(4)]],
};

impl<const N: usize> Puzzle<N> {
    /// The twists of the puzzle as a set.
    pub fn twist_set(&self) -> TwistSet {
        self.twists.iter().copied().collect()
    }

    /// The allowed letters, for messages: `A B C D W X Y Z`.
    pub fn letters(&self) -> String {
        let v: Vec<String> = self.twists.iter().map(|t| t.to_string()).collect();
        v.join(" ")
    }

    /// Reads a path ([`Path`]'s form: letters in either case, spaces and
    /// commas ignored), refusing letters that are not twists of this puzzle.
    pub fn parse_path(&self, s: &str) -> Result<Path, PathError> {
        let path: Path = s.parse().map_err(|e| match e {
            PathError::UnknownTwist {
                letter, position, ..
            } => PathError::UnknownTwist {
                letter,
                position,
                allowed: self.letters(),
            },
        })?;
        let foreign = s
            .chars()
            .enumerate()
            .find(|&(_, c)| Twist::from_letter(c).is_some_and(|t| !self.twists.contains(&t)));
        match foreign {
            Some((i, letter)) => Err(PathError::UnknownTwist {
                letter,
                position: i + 1,
                allowed: self.letters(),
            }),
            None => Ok(path),
        }
    }

    /// Schofield's number of each square of the tray, cell by cell in
    /// reading order; `None` for the centre.
    ///
    /// ```
    /// use schofield::twist::puzzle::FIVE;
    /// assert_eq!(FIVE.square_numbers(), [Some(1), Some(2), Some(3), Some(0), None, Some(4)]);
    /// ```
    pub fn square_numbers(&self) -> Vec<Option<u8>> {
        self.layout
            .iter()
            .flatten()
            .map(|cell| match cell {
                Cell::Square(i) => Some(*i),
                Cell::Centre => None,
            })
            .collect()
    }

    /// (row, column) of the centre, from 0.
    fn centre(&self) -> (usize, usize) {
        for (r, row) in self.layout.iter().enumerate() {
            for (c, cell) in row.iter().enumerate() {
                if *cell == Cell::Centre {
                    return (r, c);
                }
            }
        }
        unreachable!("every layout has a centre")
    }

    /// An example grid, for messages.
    pub fn grid_example(&self) -> String {
        self.grid_compact(&Position::target())
    }

    /// Reads a position in any of the three forms: a grid (`025/1_3/746`, or
    /// rows on separate lines), a code number (`102536`), or cycle notation
    /// on squares relative to the target (`(01)(3465)`, `()` for the target).
    pub fn parse_position(&self, s: &str) -> Result<Position<N>, PositionError> {
        let t = s.trim();
        if t.is_empty() {
            return Err(PositionError::Empty);
        }
        let digits: String = t.chars().filter(|c| !c.is_whitespace()).collect();
        if t.starts_with('(') || t == "I" {
            self.parse_cycles(t)
        } else if (t.contains(' ') || digits.len() == N)
            && !t.contains(['/', '\n', '_', '.'])
            && digits.chars().all(|c| c.is_ascii_digit())
            && (digits.len() == N - 2 || digits.len() == N)
        {
            // A list of digits: a code number, or every square's piece.
            if digits.len() == N {
                let mut pieces = [0u8; N];
                for (p, d) in pieces.iter_mut().zip(digits.bytes()) {
                    *p = d - b'0';
                }
                Position::from_pieces(pieces)
            } else {
                self.parse_code(&digits)
            }
        } else if t.contains(['/', '\n', '_', '.', ' ']) {
            self.parse_grid(t)
        } else if t.chars().all(|c| c.is_ascii_digit()) {
            self.parse_code(t)
        } else {
            Err(PositionError::Unrecognised {
                input: t.to_string(),
                grid_example: self.grid_example(),
                code_example: Position::<N>::target().code(),
            })
        }
    }

    /// Reads a grid: rows separated by `/` or new lines, cells are piece
    /// digits or `_` (or `.`) for the blank, spaces ignored.
    pub fn parse_grid(&self, s: &str) -> Result<Position<N>, PositionError> {
        let rows: Vec<Vec<char>> = s
            .trim()
            .split(['/', '\n'])
            .map(|r| r.chars().filter(|c| !c.is_whitespace()).collect())
            .collect();
        if rows.len() != self.layout.len() {
            return Err(PositionError::WrongRowCount {
                found: rows.len(),
                expected: self.layout.len(),
            });
        }
        let mut pieces = [u8::MAX; N];
        let mut blanks = Vec::new();
        for (r, (row, cells)) in rows.iter().zip(self.layout).enumerate() {
            if row.len() != cells.len() {
                return Err(PositionError::WrongRowLength {
                    row: r + 1,
                    found: row.len(),
                    expected: cells.len(),
                });
            }
            for (c, (&ch, cell)) in row.iter().zip(cells).enumerate() {
                let piece = match ch {
                    '_' | '.' => {
                        blanks.push((r, c));
                        continue;
                    }
                    d if d.is_ascii_digit() => d as u8 - b'0',
                    other => return Err(PositionError::BadCharacter { ch: other }),
                };
                if usize::from(piece) >= N {
                    return Err(PositionError::PieceOutOfRange { piece, pieces: N });
                }
                if pieces.contains(&piece) {
                    return Err(PositionError::RepeatedPiece(piece));
                }
                if let Cell::Square(i) = cell {
                    pieces[usize::from(*i)] = piece;
                }
            }
        }
        let (cr, cc) = self.centre();
        match blanks.as_slice() {
            [] => return Err(PositionError::NoBlank),
            [(r, c)] if (*r, *c) != (cr, cc) => {
                return Err(PositionError::BlankOffCentre {
                    row: r + 1,
                    col: c + 1,
                    centre_row: cr + 1,
                    centre_col: cc + 1,
                });
            }
            [_] => {}
            many => return Err(PositionError::SeveralBlanks(many.len())),
        }
        // Every cell was read and none repeated, so all pieces are present.
        Position::from_pieces(pieces)
    }

    /// Reads a code number: the pieces on squares `0 … N−3`; the last two
    /// pieces go on squares `N−2`, `N−1` in the one order that makes the
    /// permutation even.
    pub fn parse_code(&self, s: &str) -> Result<Position<N>, PositionError> {
        let chars: Vec<char> = s.trim().chars().collect();
        if chars.len() != N - 2 {
            return Err(PositionError::CodeLength {
                code: s.trim().to_string(),
                found: chars.len(),
                expected: N - 2,
            });
        }
        let mut pieces = [0u8; N];
        let mut seen = 0u32;
        for (i, &ch) in chars.iter().enumerate() {
            let d = ch.to_digit(10).ok_or(PositionError::CodeCharacter {
                ch,
                position: i + 1,
            })? as u8;
            if usize::from(d) >= N {
                return Err(PositionError::PieceOutOfRange {
                    piece: d,
                    pieces: N,
                });
            }
            if seen & (1 << d) != 0 {
                return Err(PositionError::RepeatedPiece(d));
            }
            seen |= 1 << d;
            pieces[i] = d;
        }
        let rest: Vec<u8> = (0..N as u8).filter(|p| seen & (1 << p) == 0).collect();
        pieces[N - 2] = rest[0];
        pieces[N - 1] = rest[1];
        if !perm::is_even(&pieces) {
            pieces.swap(N - 2, N - 1);
        }
        Position::from_pieces(pieces)
    }

    /// Reads cycle notation on squares relative to the target: `(132)(67)`
    /// moves the piece of square 1 to square 3, of 3 to 2, of 2 to 1, and
    /// swaps those of 6 and 7.
    pub fn parse_cycles(&self, s: &str) -> Result<Position<N>, PositionError> {
        let moved = perm::parse_cycles(s, N)?;
        // The piece of square i goes to square moved[i]: pieces[moved[i]] = i.
        let inv = perm::inverse(&moved);
        let mut pieces = [0u8; N];
        pieces.copy_from_slice(&inv);
        Position::from_pieces(pieces)
    }

    /// The grid as rows of digits separated by spaces, one row a line, `_`
    /// for the empty centre.
    pub fn grid(&self, p: &Position<N>) -> String {
        self.grid_rows(p, " ").join("\n")
    }

    /// The grid on one line, rows separated by `/`: `025/1_3/746`.
    pub fn grid_compact(&self, p: &Position<N>) -> String {
        self.grid_rows(p, "").join("/")
    }

    fn grid_rows(&self, p: &Position<N>, sep: &str) -> Vec<String> {
        self.layout
            .iter()
            .map(|row| {
                row.iter()
                    .map(|cell| match cell {
                        Cell::Square(i) => p.pieces()[usize::from(*i)].to_string(),
                        Cell::Centre => "_".to_string(),
                    })
                    .join(sep)
            })
            .collect()
    }
}
