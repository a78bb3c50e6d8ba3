//! Any rectangular sliding board with the blank anywhere, as on a real tray.
//!
//! An arrangement lists the tile on each cell in reading order, `0` for the
//! blank. A move slides a tile next to the blank into it. This is the tile
//! metric underneath Schofield's twists; [`Board::distances`] searches it
//! breadth first, which gives an independent check of the twist calculus.
//!
//! ```
//! use schofield::board::Board;
//! let b = Board::new(2, 2).unwrap();
//! let d = b.distances(&[1, 2, 3, 0]);
//! assert_eq!(d.reached(), 12); // 4!/2
//! assert_eq!(d.max(), 6);
//! ```

use crate::perm;
use std::collections::VecDeque;
use std::fmt;

/// Why a board could not be made.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum BoardError {
    /// Fewer than 2 rows or columns, or more than 16 cells.
    Size {
        /// Rows asked for.
        rows: usize,
        /// Columns asked for.
        cols: usize,
    },
}

impl fmt::Display for BoardError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            BoardError::Size { rows, cols } => write!(
                f,
                "a {rows}×{cols} board is not supported; expected at least 2 rows and 2 columns and at most 16 cells"
            ),
        }
    }
}

impl std::error::Error for BoardError {}

/// A rectangular board of `rows × cols` cells.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Board {
    rows: usize,
    cols: usize,
    adjacency: Vec<Vec<u8>>,
}

impl Board {
    /// A board of `rows × cols` cells (at least 2 × 2, at most 16 cells).
    pub fn new(rows: usize, cols: usize) -> Result<Board, BoardError> {
        if rows < 2 || cols < 2 || rows * cols > 16 {
            return Err(BoardError::Size { rows, cols });
        }
        let adjacency = (0..rows * cols)
            .map(|c| {
                let (r, k) = (c / cols, c % cols);
                let mut v = Vec::new();
                if r > 0 {
                    v.push((c - cols) as u8);
                }
                if k > 0 {
                    v.push((c - 1) as u8);
                }
                if k + 1 < cols {
                    v.push((c + 1) as u8);
                }
                if r + 1 < rows {
                    v.push((c + cols) as u8);
                }
                v
            })
            .collect();
        Ok(Board {
            rows,
            cols,
            adjacency,
        })
    }

    /// The number of rows.
    pub fn rows(&self) -> usize {
        self.rows
    }

    /// The number of columns.
    pub fn cols(&self) -> usize {
        self.cols
    }

    /// The number of cells.
    pub fn cells(&self) -> usize {
        self.rows * self.cols
    }

    /// The cells next to `cell` (up, left, right, down).
    pub fn neighbours(&self, cell: usize) -> &[u8] {
        &self.adjacency[cell]
    }

    /// Breadth-first search over tile moves from `goal` (an arrangement:
    /// tile per cell, 0 the blank), giving the distance of every arrangement
    /// reachable from it. Memory: one byte per arrangement, `n!` of them,
    /// indexed by lexicographic rank.
    pub fn distances(&self, goal: &[u8]) -> Distances {
        let n = self.cells();
        let size = perm::factorial(n) as usize;
        let mut dist = vec![u8::MAX; size];
        let start = perm::lex_rank(goal);
        dist[start as usize] = 0;
        let mut queue = VecDeque::from([start]);
        while let Some(r) = queue.pop_front() {
            let mut tiles = perm::lex_unrank(r, n);
            let d = dist[r as usize];
            let blank = tiles.iter().position(|&t| t == 0).expect("one blank");
            for &next in self.neighbours(blank) {
                tiles.swap(blank, usize::from(next));
                let q = perm::lex_rank(&tiles) as usize;
                if dist[q] == u8::MAX {
                    dist[q] = d + 1;
                    queue.push_back(q as u64);
                }
                tiles.swap(blank, usize::from(next));
            }
        }
        Distances { dist }
    }
}

impl Board {
    /// Breadth-first search from `goal` that also counts, for every
    /// arrangement, the shortest tile-move sequences that reach it (the sum
    /// of the counts of its neighbours one move nearer). Returns the
    /// distances and the counts, both indexed by lexicographic rank.
    pub fn count_shortest_paths(&self, goal: &[u8]) -> (Distances, Vec<u64>) {
        let n = self.cells();
        let size = perm::factorial(n) as usize;
        let mut dist = vec![u8::MAX; size];
        let mut count = vec![0u64; size];
        let start = perm::lex_rank(goal) as usize;
        dist[start] = 0;
        count[start] = 1;
        let mut queue = VecDeque::from([start]);
        while let Some(r) = queue.pop_front() {
            let mut tiles = perm::lex_unrank(r as u64, n);
            let blank = tiles.iter().position(|&t| t == 0).expect("one blank");
            for &next in self.neighbours(blank) {
                tiles.swap(blank, usize::from(next));
                let q = perm::lex_rank(&tiles) as usize;
                if dist[q] == u8::MAX {
                    dist[q] = dist[r] + 1;
                    queue.push_back(q);
                }
                if dist[q] == dist[r] + 1 {
                    count[q] += count[r];
                }
                tiles.swap(blank, usize::from(next));
            }
        }
        (Distances { dist }, count)
    }
}

/// Distances from a goal, indexed by the lexicographic rank of the
/// arrangement; `None` for arrangements the goal cannot reach.
#[derive(Debug, Clone)]
pub struct Distances {
    dist: Vec<u8>,
}

impl Distances {
    /// The distance of `tiles` from the goal, if reachable.
    pub fn get(&self, tiles: &[u8]) -> Option<u8> {
        let d = self.dist[perm::lex_rank(tiles) as usize];
        (d != u8::MAX).then_some(d)
    }

    /// How many arrangements the goal reaches.
    pub fn reached(&self) -> usize {
        self.dist.iter().filter(|&&d| d != u8::MAX).count()
    }

    /// The largest distance.
    pub fn max(&self) -> u8 {
        self.dist
            .iter()
            .copied()
            .filter(|&d| d != u8::MAX)
            .max()
            .unwrap_or(0)
    }
}
