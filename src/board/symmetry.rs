//! The symmetries of a rectangular board: the one type that every use of
//! them (classes of the census, the reflected pattern-database lookup)
//! shares.
//!
//! A rectangle has four: the identity, the half turn and the two mirrors. A
//! square has four more: the two diagonal mirrors and the quarter turns.
//! Each acts on cells (row `i`, column `j`, reading order `i·cols + j`).
//!
//! ```
//! use schofield::board::Board;
//! use schofield::board::symmetry::Symmetry;
//! let square: Board = "3x3".parse().unwrap();
//! let wide: Board = "2x3".parse().unwrap();
//! assert_eq!(Symmetry::of(&square).len(), 8);
//! assert_eq!(Symmetry::of(&wide).len(), 4);
//! assert_eq!(Symmetry::Transpose.cell(&square, 1), 3);
//! assert_eq!(Symmetry::HalfTurn.cell(&wide, 0), 5);
//! ```

use crate::board::Board;

/// One symmetry of a rectangle (the last four of a square only).
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub enum Symmetry {
    /// Leaves every cell where it is.
    Identity,
    /// A half turn about the centre.
    HalfTurn,
    /// The mirror that exchanges the top and bottom rows.
    FlipRows,
    /// The mirror that exchanges the left and right columns.
    FlipColumns,
    /// The mirror in the main diagonal: row `i`, column `j` to row `j`,
    /// column `i` (squares only).
    Transpose,
    /// The mirror in the other diagonal (squares only).
    AntiTranspose,
    /// A quarter turn clockwise (squares only).
    QuarterTurn,
    /// A quarter turn anticlockwise (squares only).
    ThreeQuarterTurn,
}

impl Symmetry {
    /// All eight, the four of every rectangle first.
    pub const ALL: [Symmetry; 8] = [
        Symmetry::Identity,
        Symmetry::HalfTurn,
        Symmetry::FlipRows,
        Symmetry::FlipColumns,
        Symmetry::Transpose,
        Symmetry::AntiTranspose,
        Symmetry::QuarterTurn,
        Symmetry::ThreeQuarterTurn,
    ];

    /// The symmetries of `board`: four, or eight on a square.
    pub fn of(board: &Board) -> &'static [Symmetry] {
        if board.rows() == board.cols() {
            &Self::ALL
        } else {
            &Self::ALL[..4]
        }
    }

    /// True when this symmetry maps `board` onto itself.
    pub fn fits(self, board: &Board) -> bool {
        Self::of(board).contains(&self)
    }

    /// The cell that `cell` goes to. Only for symmetries of the board (see
    /// [`Symmetry::fits`]); the diagonal ones assume a square.
    pub fn cell(self, board: &Board, cell: usize) -> usize {
        let (r, c) = (board.rows(), board.cols());
        let (i, j) = (cell / c, cell % c);
        let (i2, j2) = match self {
            Symmetry::Identity => (i, j),
            Symmetry::HalfTurn => (r - 1 - i, c - 1 - j),
            Symmetry::FlipRows => (r - 1 - i, j),
            Symmetry::FlipColumns => (i, c - 1 - j),
            Symmetry::Transpose => (j, i),
            Symmetry::AntiTranspose => (c - 1 - j, r - 1 - i),
            Symmetry::QuarterTurn => (j, r - 1 - i),
            Symmetry::ThreeQuarterTurn => (c - 1 - j, i),
        };
        i2 * c + j2
    }

    /// The whole map of cells: entry `k` is where cell `k` goes.
    pub fn cell_map(self, board: &Board) -> Vec<usize> {
        (0..board.cells()).map(|k| self.cell(board, k)).collect()
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn each_symmetry_is_a_permutation_of_the_cells() {
        for b in ["2x2", "2x3", "3x3", "3x4", "4x4", "2x8"] {
            let b: Board = b.parse().unwrap();
            for g in Symmetry::of(&b) {
                let mut m = g.cell_map(&b);
                m.sort_unstable();
                assert_eq!(m, (0..b.cells()).collect::<Vec<_>>(), "{g:?} on {b}");
            }
        }
    }
}
