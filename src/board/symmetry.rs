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

use crate::board::{Arrangement, Board};

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

/// A symmetry of the board together with a relabelling of the tiles that
/// carries one goal onto another: the arrangement `a` becomes `a'` with
/// `a'[σ(c)] = λ(a[c])`, where `λ` names each tile after the tile the
/// other goal keeps on its image cell. Moves correspond one to one, so
/// the distance of `a` from the first goal is the distance of `a'` from
/// the second. It exists whenever `σ` can carry the first goal's blank
/// cell to the second's (any two corners, say); this is how one set of
/// pattern databases serves every goal with the blank in a corner.
///
/// ```
/// use schofield::board::Board;
/// use schofield::board::symmetry::Recast;
/// let b: Board = "4x4".parse().unwrap();
/// let r = Recast::between(&b, &b.goal_blank_last(), &b.goal_blank_first()).unwrap();
/// assert_eq!(r.arrangement(&b.goal_blank_last()), b.goal_blank_first());
/// // Tile 15, next to the blank, becomes tile 1.
/// assert_eq!(r.tile(15), 1);
/// assert_eq!(r.tile_back(1), 15);
/// ```
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Recast {
    board: Board,
    symmetry: Symmetry,
    label: [u8; 16],
    unlabel: [u8; 16],
}

impl Recast {
    /// The recast that carries goal `from` onto goal `to` on `board`, by
    /// the first symmetry (the identity if it will do) that takes `from`'s
    /// blank cell to `to`'s. `None` when no symmetry of the board does, or
    /// the two goals are not arrangements of the same tiles.
    pub fn between(board: &Board, from: &Arrangement, to: &Arrangement) -> Option<Recast> {
        let n = board.cells();
        if n > 16 || from.cells().len() != n || to.cells().len() != n {
            return None;
        }
        let symmetry = *Symmetry::of(board)
            .iter()
            .find(|g| g.cell(board, from.blank()) == to.blank())?;
        let mut label = [0u8; 16];
        let mut unlabel = [0u8; 16];
        for (c, &t) in from.cells().iter().enumerate() {
            let image = to.cells()[symmetry.cell(board, c)];
            label[usize::from(t)] = image;
            unlabel[usize::from(image)] = t;
        }
        Some(Recast {
            board: *board,
            symmetry,
            label,
            unlabel,
        })
    }

    /// The symmetry used.
    pub fn symmetry(&self) -> Symmetry {
        self.symmetry
    }

    /// True when nothing changes (the goals are equal).
    pub fn is_identity(&self) -> bool {
        self.symmetry == Symmetry::Identity
            && (0..self.board.cells()).all(|t| usize::from(self.label[t]) == t)
    }

    /// The image of tile `t`.
    pub fn tile(&self, t: u8) -> u8 {
        self.label[usize::from(t) & 15]
    }

    /// The tile whose image is `t`.
    pub fn tile_back(&self, t: u8) -> u8 {
        self.unlabel[usize::from(t) & 15]
    }

    /// The image of an arrangement of the board.
    pub fn arrangement(&self, a: &Arrangement) -> Arrangement {
        let mut cells = vec![0u8; a.cells().len()];
        for (c, &t) in a.cells().iter().enumerate() {
            cells[self.symmetry.cell(&self.board, c)] = self.tile(t);
        }
        Arrangement(cells)
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
