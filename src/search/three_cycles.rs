//! The constructive 15-puzzle solver of the chapter "Permutations and
//! 3-cycles": any even permutation is a product of 3-cycles, and any 3-cycle
//! of tiles can be played on the board as a *conjugate* of one turn of the
//! top-left 2×2 block.
//!
//! Cells are numbered in reading order:
//!
//! ```text
//!  0  1  2  3
//!  4  5  6  7
//!  8  9 10 11
//! 12 13 14 15
//! ```
//!
//! To cycle tiles `a → b → c → a` (each taking the next one's place):
//!
//! 1. bring `a` to cell 0 by cyclic shifts along a cycle through all 16
//!    cells;
//! 2. bring `c` to cell 4 by cyclic shifts along a cycle of the 14 cells
//!    other than 0 and 12 (or, when `c` sits on 12, of those other than 0
//!    and 3);
//! 3. bring `b` to cell 1 along a cycle of the 14 cells other than 0 and 4;
//! 4. walk the blank to cell 5 without touching cells 0, 1, 4;
//! 5. turn the 2×2 block once (4 moves): `a` goes to cell 1, `b` to 4, `c`
//!    to 0;
//! 6. play the moves of steps 1–4 backwards.
//!
//! Steps 1–4 and 6 cancel on every tile except the three, which end up
//! cycled in their original places. Solving then means placing the tiles
//! 1 … 13 in turn, each by one 3-cycle; the last two tiles fall into place
//! when the permutation is even, and an odd one is refused before any move.
//!
//! ```
//! use schofield::board::Board;
//! use schofield::search::three_cycles::solve;
//! let b: Board = "4x4".parse().unwrap();
//! let start = b.parse_arrangement("1 2 3 4 5 6 7 8 13 9 11 12 10 14 15 0").unwrap();
//! let s = solve(&b, &start).unwrap();
//! assert!(s.replays_to_goal(&b));
//! let odd = b.parse_arrangement("1 2 3 4 5 6 7 8 9 10 11 12 13 15 14 0").unwrap();
//! assert!(solve(&b, &odd).is_err());
//! ```

use crate::board::{Arrangement, Board};
use crate::perm;
use serde::Serialize;

/// The board's side.
const SIDE: usize = 4;
/// Its cells.
const CELLS: usize = 16;

/// A cycle through all 16 cells (each next to the one before, and the last
/// next to the first).
const ALL_CELLS: [usize; 16] = [0, 1, 2, 3, 7, 11, 15, 14, 13, 12, 8, 9, 10, 6, 5, 4];
/// A cycle of the cells other than 0 and 12.
const WITHOUT_0_12: [usize; 14] = [4, 5, 1, 2, 3, 7, 6, 10, 11, 15, 14, 13, 9, 8];
/// A cycle of the cells other than 0 and 3.
const WITHOUT_0_3: [usize; 14] = [4, 5, 1, 2, 6, 7, 11, 15, 14, 10, 9, 13, 12, 8];
/// A cycle of the cells other than 0 and 4.
const WITHOUT_0_4: [usize; 14] = [1, 2, 3, 7, 11, 15, 14, 13, 12, 8, 9, 10, 6, 5];

/// Why a position could not be solved.
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
pub enum FifteenError {
    /// Not 16 entries (the chapter's terms for a list of the wrong length).
    #[error(
        "{0} entries given; a 4x4 position lists 16 in reading order, 0 for the blank (1 2 … 15 0 is solved)"
    )]
    Length(usize),
    /// The method is written for the 4×4 board only.
    #[error("the 3-cycle method is written for the 4x4 board, not {0}")]
    NotFourByFour(Board),
    /// An odd permutation: no sequence of moves solves it.
    #[error(
        "unsolvable: odd permutation. With the blank brought to the bottom-right corner the tiles are an odd permutation of 1 … 15 (as with 14 and 15 swapped), and every sequence of moves that returns the blank there makes an even one"
    )]
    Odd,
}

/// One 3-cycle as played, for the verbose report.
#[derive(Debug, Clone, Serialize)]
pub struct CycleStep {
    /// The tiles `a → b → c → a`: `a` takes `b`'s place, and so on.
    #[serde(rename = "three_cycle")]
    pub tiles: [u8; 3],
    /// The moves it took.
    pub moves: usize,
    /// The board after it, as a grid string in records.
    #[serde(
        rename = "after",
        serialize_with = "crate::board::serialize_square_grid"
    )]
    pub board: Vec<u8>,
}

/// A constructive solution.
#[derive(Debug, Clone, Serialize)]
pub struct FifteenSolution {
    /// The start, in reading order (a grid string in records).
    #[serde(serialize_with = "crate::board::serialize_square_grid")]
    pub start: Vec<u8>,
    /// The tiles moved, in order.
    #[serde(rename = "tile_moves")]
    pub tiles: Vec<u8>,
    /// The number of moves.
    pub moves: usize,
    /// Moves before a tile moved straight back was cancelled.
    pub moves_before_cancelling: usize,
    /// The 3-cycles, with the board after each.
    #[serde(rename = "three_cycle_steps")]
    pub cycles: Vec<CycleStep>,
}

impl FifteenSolution {
    /// Replays the moves from the start on `board` and checks that they
    /// reach `1 2 … 15 0`, each move sliding a tile next to the blank.
    pub fn replays_to_goal(&self, board: &Board) -> bool {
        let mut cells = self.start.clone();
        for &t in &self.tiles {
            let (Some(b), Some(p)) = (
                cells.iter().position(|&x| x == 0),
                cells.iter().position(|&x| x == t),
            ) else {
                return false;
            };
            if board.manhattan(b, p) != 1 {
                return false;
            }
            cells.swap(b, p);
        }
        cells == board.goal_blank_last().cells()
    }
}

/// The board being solved: tile per cell, and the moves made (each as the
/// cell the blank moved to).
struct Play<'b> {
    board: &'b Board,
    cells: [u8; CELLS],
    blank: usize,
    log: Vec<usize>,
}

impl Play<'_> {
    /// Moves the blank to the neighbouring cell `to`.
    fn slide(&mut self, to: usize) {
        self.cells.swap(self.blank, to);
        self.blank = to;
        self.log.push(to);
    }

    fn cell_of(&self, tile: u8) -> usize {
        self.cells
            .iter()
            .position(|&t| t == tile)
            .expect("every tile is on the board")
    }

    /// Moves every tile on `cycle` one step along it (towards the start of
    /// the list), the blank going once round the other way. The blank must
    /// be on the cycle.
    fn shift(&mut self, cycle: &[usize]) {
        let k = cycle
            .iter()
            .position(|&c| c == self.blank)
            .expect("the blank is on the cycle");
        let n = cycle.len();
        for step in 1..n {
            self.slide(cycle[(k + step) % n]);
        }
    }

    /// Shifts along `cycle` until `tile` stands on `cell`.
    fn bring(&mut self, tile: u8, cell: usize, cycle: &[usize]) {
        while self.cells[cell] != tile {
            self.shift(cycle);
        }
    }

    /// Walks the blank to `to` by a shortest path that avoids `fixed`.
    fn walk_blank(&mut self, to: usize, fixed: &[usize]) {
        // Breadth-first search on the 16 cells.
        let mut prev = [usize::MAX; CELLS];
        prev[self.blank] = self.blank;
        let mut queue = std::collections::VecDeque::from([self.blank]);
        while let Some(c) = queue.pop_front() {
            for n in self.board.neighbours(c) {
                if prev[n] == usize::MAX && !fixed.contains(&n) {
                    prev[n] = c;
                    queue.push_back(n);
                }
            }
        }
        let mut path = vec![to];
        while *path.last().expect("non-empty") != self.blank {
            path.push(prev[*path.last().expect("non-empty")]);
        }
        path.pop();
        for &c in path.iter().rev() {
            self.slide(c);
        }
    }

    /// Plays the 3-cycle `a → b → c → a` by conjugation; the blank ends
    /// where it started.
    fn three_cycle(&mut self, a: u8, b: u8, c: u8) {
        let start = self.log.len();
        let origin = self.blank;
        // 1. a to the corner, along the cycle through every cell.
        self.bring(a, 0, &ALL_CELLS);
        // 2. c below it, keeping cell 0.
        if self.cell_of(c) != 12 {
            if self.blank == 12 {
                // The blank must be on the cycle: step it out, not onto c.
                let out = if self.cells[8] != c { 8 } else { 13 };
                self.slide(out);
            }
            self.bring(c, 4, &WITHOUT_0_12);
        } else {
            if self.blank == 3 {
                self.slide(7);
            }
            self.bring(c, 4, &WITHOUT_0_3);
        }
        // 3. b to the right of a, keeping cells 0 and 4.
        self.bring(b, 1, &WITHOUT_0_4);
        // 4. the blank into the block.
        self.walk_blank(5, &[0, 1, 4]);
        let setup: Vec<usize> = self.log[start..].to_vec();
        // 5. one turn of the block: b down, a right, c up, b left.
        for to in [1, 0, 4, 5] {
            self.slide(to);
        }
        // 6. undo the setup: the blank retraces its path backwards, through
        // the cells it visited before each setup move.
        let visited_before = std::iter::once(origin).chain(setup.iter().copied());
        let retrace: Vec<usize> = visited_before.take(setup.len()).collect();
        for &to in retrace.iter().rev() {
            self.slide(to);
        }
        debug_assert_eq!(self.blank, origin);
    }
}

/// Solves a 4×4 arrangement: first the blank walks to the bottom-right
/// corner (right, then down), then the tiles are placed by 3-cycles. An odd
/// position is refused before any move.
pub fn solve(board: &Board, start: &Arrangement) -> Result<FifteenSolution, FifteenError> {
    if board.rows() != SIDE || board.cols() != SIDE {
        return Err(FifteenError::NotFourByFour(*board));
    }
    let list = start.cells();
    let mut cells = [0u8; CELLS];
    cells.copy_from_slice(list);
    let blank = start.blank();
    let mut play = Play {
        board,
        cells,
        blank,
        log: Vec::new(),
    };
    // The blank to the corner: along its row, then down its column.
    while play.blank % SIDE != SIDE - 1 {
        play.slide(play.blank + 1);
    }
    while play.blank / SIDE != SIDE - 1 {
        play.slide(play.blank + SIDE);
    }
    let tiles: Vec<u8> = play.cells[..CELLS - 1].to_vec();
    let wanted: Vec<u8> = (1..CELLS as u8).collect();
    if !perm::is_even(&tiles.iter().map(|t| t - 1).collect::<Vec<_>>()) {
        return Err(FifteenError::Odd);
    }
    let mut cycles = Vec::new();
    // The 3-cycles of positions that sort the tiles; each is played as the
    // 3-cycle of the tiles standing there now.
    let plan = perm::three_cycles_between(&tiles, &wanted).ok_or(FifteenError::Odd)?;
    for (at, i, spare) in plan {
        let (a, b, c) = (play.cells[at], play.cells[i], play.cells[spare]);
        let before = play.log.len();
        play.three_cycle(a, b, c);
        cycles.push(CycleStep {
            tiles: [a, b, c],
            moves: play.log.len() - before,
            board: play.cells.to_vec(),
        });
    }
    debug_assert_eq!(&play.cells[..], board.goal_blank_last().cells());
    // The tiles as moved. After a move the tile stands next to the blank, so
    // the same tile moving again goes straight back: the two cancel.
    let mut board = cells;
    let mut blank_at = blank;
    let mut moved: Vec<u8> = Vec::with_capacity(play.log.len());
    for &to in &play.log {
        let tile = board[to];
        board.swap(blank_at, to);
        blank_at = to;
        if moved.last() == Some(&tile) {
            moved.pop();
        } else {
            moved.push(tile);
        }
    }
    Ok(FifteenSolution {
        start: list.to_vec(),
        moves: moved.len(),
        tiles: moved,
        moves_before_cancelling: play.log.len(),
        cycles,
    })
}
