//! The goal of a search: one of the two conventions of the sources, or any
//! arrangement given as a grid.
//!
//! ```
//! use schofield::board::Board;
//! use schofield::board::goal::Goal;
//! let b: Board = "3x3".parse().unwrap();
//! let goal: Goal = "blank-first".parse().unwrap();
//! assert_eq!(b.format(&goal.arrangement(&b).unwrap()), "_12/345/678");
//! ```

use super::{Arrangement, Board, BoardError};
use std::convert::Infallible;
use std::fmt;
use std::str::FromStr;

/// Where the tiles should end: blank last (`123/456/78_`), blank first
/// (`_12/345/678`), or an arrangement written as a grid or a list.
///
/// Reading a goal never fails: any text other than the two names is kept as
/// a grid, and checked against a board by [`Goal::arrangement`].
///
/// ```
/// use schofield::board::Board;
/// use schofield::board::goal::Goal;
/// let b: Board = "2x3".parse().unwrap();
/// assert_eq!("blank-last".parse::<Goal>().unwrap(), Goal::BlankLast);
/// let g: Goal = "_12/345".parse().unwrap();
/// assert_eq!(g, Goal::Grid("_12/345".to_string()));
/// assert_eq!(g.arrangement(&b).unwrap(), b.goal_blank_first());
/// assert_eq!(g.to_string(), "_12/345");
/// let bad: Goal = "12_/455".parse().unwrap();
/// assert!(bad.arrangement(&b).is_err());
/// ```
#[derive(Debug, Clone, PartialEq, Eq, Default)]
pub enum Goal {
    /// Tiles `1 … n−1` in reading order, then the blank.
    #[default]
    BlankLast,
    /// The blank, then tiles `1 … n−1` in reading order.
    BlankFirst,
    /// An arrangement in any form [`Board::parse_arrangement`] reads.
    Grid(String),
}

impl Goal {
    /// The name of a named goal (`blank-last`, `blank-first`); `None` for a
    /// grid.
    ///
    /// ```
    /// use schofield::board::goal::Goal;
    /// assert_eq!(Goal::BlankFirst.name(), Some("blank-first"));
    /// assert_eq!(Goal::Grid("_12/345".into()).name(), None);
    /// ```
    pub fn name(&self) -> Option<&'static str> {
        match self {
            Goal::BlankLast => Some("blank-last"),
            Goal::BlankFirst => Some("blank-first"),
            Goal::Grid(_) => None,
        }
    }

    /// The goal's arrangement on `board`; a grid that does not read as
    /// an arrangement of the board is a [`GoalError`] naming it.
    pub fn arrangement(&self, board: &Board) -> Result<Arrangement, GoalError> {
        match self {
            Goal::BlankLast => Ok(board.goal_blank_last()),
            Goal::BlankFirst => Ok(board.goal_blank_first()),
            Goal::Grid(g) => board.parse_arrangement(g).map_err(|error| GoalError {
                goal: g.clone(),
                error,
            }),
        }
    }
}

impl FromStr for Goal {
    type Err = Infallible;

    fn from_str(s: &str) -> Result<Goal, Infallible> {
        Ok(match s {
            "blank-last" => Goal::BlankLast,
            "blank-first" => Goal::BlankFirst,
            grid => Goal::Grid(grid.to_string()),
        })
    }
}

impl fmt::Display for Goal {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            Goal::Grid(g) => f.write_str(g),
            named => f.write_str(named.name().unwrap_or_default()),
        }
    }
}

/// A goal that is neither a name nor a grid of the board.
///
/// ```
/// use schofield::board::Board;
/// use schofield::board::goal::Goal;
/// let b: Board = "2x2".parse().unwrap();
/// let e = "middle".parse::<Goal>().unwrap().arrangement(&b).unwrap_err();
/// assert!(e.to_string().starts_with("unknown goal \"middle\"; expected blank-last, blank-first or a grid"), "{e}");
/// ```
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
#[error(
    "unknown goal {}; expected blank-last, blank-first or a grid{}",
    crate::text::quoted(.goal),
    grid_complaint(.goal, .error)
)]
pub struct GoalError {
    /// The goal as given.
    pub goal: String,
    /// Why it does not read as a grid.
    pub error: BoardError,
}

/// What [`GoalError`] adds after naming the goal: the grid's complaint in
/// parentheses when the goal looks like a grid, nothing for a word (a word
/// is not a grid gone wrong: the grid's complaint would mislead).
fn grid_complaint(goal: &str, error: &BoardError) -> String {
    let grid_like = goal
        .chars()
        .any(|c| c.is_ascii_digit() || matches!(c, '_' | '.' | '/'));
    if !grid_like {
        return String::new();
    }
    match tile_notation(goal, error) {
        Some(rewritten) => format!(
            " ({error}; in Schofield's notation 0 is a piece, which boards call tile {}: {rewritten})",
            crate::text::split_cells(&goal.replace('/', "")).len() - 1
        ),
        None => format!(" ({error})"),
    }
}

/// A grid written in Schofield's notation, piece 0 beside the blank `_`,
/// rewritten with the tile a board gives that piece (the highest): `123/0_4/765`
/// becomes `123/8_4/765`. `None` for any other grid or complaint.
fn tile_notation(goal: &str, error: &BoardError) -> Option<String> {
    let cells = crate::text::split_cells(&goal.replace(['/', '\n'], ""));
    let n = cells.len();
    let highest = n.saturating_sub(1).to_string();
    let fits = matches!(error, BoardError::SeveralBlanks(2))
        && (3..=10).contains(&n)
        && cells.iter().filter(|c| c.as_str() == "0").count() == 1
        && cells.iter().any(|c| c == "_")
        && !cells.contains(&highest);
    // Written on one line, rows joined by '/' as a grid is written in a
    // flag.
    fits.then(|| {
        goal.replace('0', &highest)
            .lines()
            .map(str::trim)
            .filter(|l| !l.is_empty())
            .collect::<Vec<_>>()
            .join("/")
    })
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn named_goals_and_grids() {
        let b: Board = "4x4".parse().unwrap();
        for (text, want) in [
            ("blank-last", b.goal_blank_last()),
            ("blank-first", b.goal_blank_first()),
            ("1 2 3 4 5 6 7 8 9 10 11 12 13 14 15 0", b.goal_blank_last()),
        ] {
            let g: Goal = text.parse().unwrap();
            assert_eq!(g.arrangement(&b).unwrap(), want, "{text}");
            assert_eq!(g.to_string(), text);
        }
        let g: Goal = "middle".parse().unwrap();
        assert!(g.arrangement(&b).is_err());
        assert_eq!(g.name(), None);
    }
}
