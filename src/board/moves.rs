//! Moves on a board and the paths they make: the blank's [`Direction`]s,
//! their letters, and the one [`SolutionPath`] every solver returns, with
//! the serde forms its records share.

use super::{Arrangement, Board};

/// The blank's moves as one string of letters, `UULDR` (empty for none):
/// the form every output and record gives them (see docs/formats.md).
///
/// ```
/// use schofield::board::{letters, Direction::{Left, Up}};
/// assert_eq!(letters(&[Up, Up, Left]), "UUL");
/// ```
pub fn letters(moves: &[Direction]) -> String {
    moves.iter().map(|d| d.letter()).collect()
}

/// Serialises the blank's moves as [`letters`], the form every record's
/// `blank_moves` takes (see docs/formats.md).
pub fn blank_letters<S: serde::Serializer>(moves: &[Direction], s: S) -> Result<S::Ok, S::Error> {
    s.collect_str(&letters(moves))
}

/// The moves of a solution on a board: its length, the blank's directions
/// and the tiles moved. Every solver of boards returns one (the lookup
/// table's [`crate::board::lookup::TableSolution`], A*'s [`crate::search::AstarResult`],
/// IDA*'s [`crate::search::ida::IdaSolution`]), and every record writes it
/// alike: `moves`, `blank_moves` in letters, `tile_moves`.
///
/// ```
/// use schofield::board::{Board, Direction, SolutionPath};
/// let b: Board = "2x2".parse().unwrap();
/// let start = b.parse_arrangement("1_/32").unwrap();
/// let p = SolutionPath::walk(&b, &start, vec![Direction::Left]).unwrap();
/// assert_eq!((p.length, p.tiles.clone()), (1, vec![1]));
/// ```
#[derive(Debug, Clone, PartialEq, Eq, serde::Serialize)]
pub struct SolutionPath {
    /// The number of moves.
    #[serde(rename = "moves")]
    pub length: u32,
    /// The directions the blank moves in.
    #[serde(rename = "blank_moves", serialize_with = "blank_letters")]
    pub moves: Vec<Direction>,
    /// The tiles moved, in order.
    #[serde(rename = "tile_moves")]
    pub tiles: Vec<u8>,
}

impl SolutionPath {
    /// The blank's `moves` from `start`, with the tiles they move; `None`
    /// if one leaves the board.
    pub fn walk(board: &Board, start: &Arrangement, moves: Vec<Direction>) -> Option<SolutionPath> {
        let (_, tiles) = board.walk(start, &moves)?;
        Some(SolutionPath {
            length: moves.len() as u32,
            moves,
            tiles,
        })
    }
}

/// A direction the blank moves in (the tile moves the other way).
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, serde::Serialize)]
pub enum Direction {
    /// The blank moves up: the tile above slides down.
    Up,
    /// The blank moves left.
    Left,
    /// The blank moves right.
    Right,
    /// The blank moves down.
    Down,
}

impl Direction {
    /// All four, in the order the solvers try them.
    pub const ALL: [Direction; 4] = [
        Direction::Up,
        Direction::Left,
        Direction::Right,
        Direction::Down,
    ];

    /// `U`, `L`, `R` or `D`.
    pub fn letter(self) -> char {
        match self {
            Direction::Up => 'U',
            Direction::Left => 'L',
            Direction::Right => 'R',
            Direction::Down => 'D',
        }
    }

    /// Its place in [`Direction::ALL`], the order the solvers try the
    /// directions in: up 0, left 1, right 2, down 3.
    ///
    /// ```
    /// use schofield::board::Direction;
    /// for (i, d) in Direction::ALL.into_iter().enumerate() {
    ///     assert_eq!(d.index(), i);
    /// }
    /// ```
    pub fn index(self) -> usize {
        match self {
            Direction::Up => 0,
            Direction::Left => 1,
            Direction::Right => 2,
            Direction::Down => 3,
        }
    }

    /// The direction of a letter `U`, `L`, `R` or `D` (the inverse of
    /// [`Direction::letter`]).
    ///
    /// ```
    /// use schofield::board::Direction;
    /// assert_eq!(Direction::from_letter('L'), Some(Direction::Left));
    /// assert_eq!(Direction::from_letter('x'), None);
    /// ```
    pub fn from_letter(c: char) -> Option<Direction> {
        Direction::ALL.into_iter().find(|d| d.letter() == c)
    }

    /// The direction a quarter turn clockwise (as the board is drawn, rows
    /// downwards): up, right, down, left, up. A blank that turns the same
    /// way at every move walks round one 2×2 square.
    ///
    /// ```
    /// use schofield::board::Direction;
    /// assert_eq!(Direction::Up.clockwise(), Direction::Right);
    /// assert_eq!(Direction::Left.clockwise().clockwise(), Direction::Right);
    /// ```
    pub fn clockwise(self) -> Direction {
        match self {
            Direction::Up => Direction::Right,
            Direction::Right => Direction::Down,
            Direction::Down => Direction::Left,
            Direction::Left => Direction::Up,
        }
    }

    /// The direction a quarter turn anticlockwise: the opposite of
    /// [`Direction::clockwise`].
    ///
    /// ```
    /// use schofield::board::Direction;
    /// assert_eq!(Direction::Up.anticlockwise(), Direction::Left);
    /// assert_eq!(Direction::Down.anticlockwise().clockwise(), Direction::Down);
    /// ```
    pub fn anticlockwise(self) -> Direction {
        self.clockwise().opposite()
    }

    /// The opposite direction.
    pub fn opposite(self) -> Direction {
        match self {
            Direction::Up => Direction::Down,
            Direction::Left => Direction::Right,
            Direction::Right => Direction::Left,
            Direction::Down => Direction::Up,
        }
    }
}
