//! Optimal solving by IDA* (iterative-deepening A*): depth-first searches
//! with a rising bound on `g + h`, never undoing the previous move.
//!
//! The heuristic is either Manhattan distance, or the sum of additive
//! pattern-database values ([`crate::search::pdb`]), with the same databases looked
//! up a second time on the position reflected about the main diagonal and
//! the larger of the two sums taken. The reflection carries the goal to
//! itself when the blank's goal cell is on the diagonal, so both sums are
//! admissible and so is their maximum.
//!
//! ```
//! use schofield::board::Board;
//! use schofield::search::Limits;
//! use schofield::search::ida::{IdaHeuristic, solve};
//! let b: Board = "3x3".parse().unwrap();
//! let start = b.parse_arrangement("_12/345/678").unwrap();
//! let s = solve(&b, &start, &b.goal_blank_last(), &IdaHeuristic::Manhattan, &Limits::default()).unwrap();
//! assert_eq!(s.length, 22);
//! ```

use crate::board::symmetry::Symmetry;
use crate::board::{Arrangement, Board, Direction};
use crate::perm::Lehmer;
use crate::search::pdb::Partition;
use crate::search::{Limit, Limits, SearchError};
use serde::Serialize;
use std::time::Instant;

/// The estimate IDA* uses.
#[derive(Debug, Clone, Copy)]
pub enum IdaHeuristic<'a> {
    /// Manhattan distance.
    Manhattan,
    /// Manhattan distance plus linear conflicts (recomputed at each node).
    LinearConflict,
    /// Additive pattern databases, maximised with their reflection.
    Pdb(&'a Partition),
}

/// An optimal solution with the work it took.
#[derive(Debug, Clone, Serialize)]
pub struct IdaSolution {
    /// The number of moves.
    pub length: u32,
    /// The blank's moves.
    pub moves: Vec<Direction>,
    /// The tiles moved, in order.
    pub tiles: Vec<u8>,
    /// The estimate at the start.
    pub initial_estimate: u32,
    /// Positions generated (children made).
    pub generated: u64,
    /// Seconds of search.
    pub seconds: f64,
}

/// The cells of one pattern, regular or reflected.
struct PatternView {
    db: usize,
    /// For the regular view, the tiles; for the reflected view, the source
    /// tiles whose reflected cells are the pattern's.
    sources: Vec<u8>,
}

struct Search<'a> {
    n: usize,
    step: [[u8; 4]; 16],
    cells: [u8; 16],
    pos: [u8; 16],
    blank: usize,
    goal: [u8; 16],
    generated: u64,
    path: Vec<Direction>,
    // Manhattan: md[tile][cell].
    md: Vec<[u8; 16]>,
    // Pattern databases.
    tables: Vec<(&'a [u8], Lehmer<u32>)>,
    regular: Vec<PatternView>,
    reflected: Vec<PatternView>,
    reg_of: [usize; 16],
    ref_of: [usize; 16],
    /// The transposed cell of each cell.
    tcell: [u8; 16],
    vals: Vec<u8>,
    rvals: Vec<u8>,
    use_pdb: bool,
    use_reflection: bool,
    /// Linear conflict, recomputed at each node.
    conflict: Option<crate::search::Target>,
    /// Stop when `generated` passes this.
    max_nodes: u64,
    /// Set when the node limit is reached: every call unwinds.
    stopped: bool,
}

const NONE: u8 = u8::MAX;

impl Search<'_> {
    fn view_value(&self, v: &PatternView, reflected: bool) -> u8 {
        let mut cells = [0u8; 16];
        for (i, &t) in v.sources.iter().enumerate() {
            let c = self.pos[usize::from(t)];
            cells[i] = if reflected {
                self.tcell[usize::from(c)]
            } else {
                c
            };
        }
        let (table, w) = &self.tables[v.db];
        table[w.rank(cells[..v.sources.len()].iter().copied()) as usize]
    }

    fn estimate(&self) -> u32 {
        if let Some(t) = &self.conflict {
            return t.estimate(
                crate::search::Heuristic::LinearConflict,
                &self.cells[..self.n],
            );
        }
        if self.use_pdb {
            let r: u32 = self.vals.iter().map(|&v| u32::from(v)).sum();
            let f: u32 = self.rvals.iter().map(|&v| u32::from(v)).sum();
            r.max(if self.use_reflection { f } else { 0 })
        } else {
            (0..self.n)
                .filter(|&c| self.cells[c] != 0)
                .map(|c| u32::from(self.md[usize::from(self.cells[c])][c]))
                .sum()
        }
    }

    /// Slides the tile on `to` into the blank; returns the tile.
    #[inline]
    fn slide(&mut self, to: usize) -> u8 {
        let t = self.cells[to];
        self.cells[self.blank] = t;
        self.cells[to] = 0;
        self.pos[usize::from(t)] = self.blank as u8;
        self.pos[0] = to as u8;
        self.blank = to;
        t
    }

    fn dfs(&mut self, g: u32, bound: u32, prev: Option<Direction>, h: u32) -> Result<(), u32> {
        if self.stopped {
            return Err(u32::MAX);
        }
        let f = g + h;
        if f > bound {
            return Err(f);
        }
        if h == 0 && self.cells == self.goal {
            return Ok(());
        }
        let mut least = u32::MAX;
        for (k, d) in Direction::ALL.into_iter().enumerate() {
            if prev == Some(d.opposite()) {
                continue;
            }
            let to = self.step[self.blank][k];
            if to == NONE {
                continue;
            }
            let from_blank = self.blank;
            let t = self.slide(usize::from(to));
            self.generated += 1;
            self.stopped |= self.generated > self.max_nodes;
            let h2 = if self.use_pdb {
                let (p, q) = (self.reg_of[usize::from(t)], self.ref_of[usize::from(t)]);
                let (old_p, old_q) = (self.vals[p], self.rvals[q]);
                self.vals[p] = self.view_value(&self.regular[p], false);
                if self.use_reflection {
                    self.rvals[q] = self.view_value(&self.reflected[q], true);
                }
                let h2 = self.estimate();
                let r = self.dfs(g + 1, bound, Some(d), h2);
                self.vals[p] = old_p;
                self.rvals[q] = old_q;
                if r.is_ok() {
                    self.slide(from_blank);
                    self.path.push(d);
                    return Ok(());
                }
                r
            } else {
                let tt = usize::from(t);
                // Manhattan changes by one tile's step; linear conflict is
                // recomputed.
                let h2 = if self.conflict.is_some() {
                    self.estimate()
                } else {
                    h + u32::from(self.md[tt][from_blank]) - u32::from(self.md[tt][usize::from(to)])
                };
                let r = self.dfs(g + 1, bound, Some(d), h2);
                if r.is_ok() {
                    self.slide(from_blank);
                    self.path.push(d);
                    return Ok(());
                }
                r
            };
            if let Err(next) = h2 {
                least = least.min(next);
            }
            self.slide(from_blank);
        }
        Err(least)
    }
}

/// Solves `start` optimally towards `goal` with IDA*, within `limits`:
/// more than [`Limits::max_nodes`] nodes generated, or databases larger
/// than [`Limits::max_bytes`], stop it with [`SearchError::Stopped`] and
/// the bound it had proved.
pub fn solve(
    board: &Board,
    start: &Arrangement,
    goal: &Arrangement,
    h: &IdaHeuristic<'_>,
    limits: &Limits,
) -> Result<IdaSolution, SearchError> {
    board
        .check_solvable(start, goal)
        .map_err(SearchError::Unsolvable)?;
    let n = board.cells();
    let mut step = [[NONE; 4]; 16];
    for (c, row) in step.iter_mut().enumerate().take(n) {
        for (k, d) in Direction::ALL.into_iter().enumerate() {
            if let Some(to) = board.step(c, d) {
                row[k] = to as u8;
            }
        }
    }
    let mut goal_cell = [0u8; 16];
    for (c, &t) in goal.cells().iter().enumerate() {
        goal_cell[usize::from(t)] = c as u8;
    }
    let md: Vec<[u8; 16]> = (0..n)
        .map(|t| {
            let g = usize::from(goal_cell[t]);
            let mut row = [0u8; 16];
            for (c, x) in row.iter_mut().enumerate().take(n) {
                *x = board.manhattan(c, g) as u8;
            }
            row
        })
        .collect();
    let mut cells = [0u8; 16];
    cells[..n].copy_from_slice(start.cells());
    let mut pos = [0u8; 16];
    for (c, &t) in start.cells().iter().enumerate() {
        pos[usize::from(t)] = c as u8;
    }
    let mut goal_arr = [0u8; 16];
    goal_arr[..n].copy_from_slice(goal.cells());
    // The transpose, on square boards.
    let square = Symmetry::Transpose.fits(board);
    let mut tcell = [0u8; 16];
    for (c, x) in tcell.iter_mut().enumerate().take(n) {
        *x = if square {
            Symmetry::Transpose.cell(board, c) as u8
        } else {
            c as u8
        };
    }
    let mut s = Search {
        n,
        step,
        cells,
        pos,
        blank: start.blank(),
        goal: goal_arr,
        generated: 0,
        path: Vec::new(),
        md,
        tables: Vec::new(),
        regular: Vec::new(),
        reflected: Vec::new(),
        reg_of: [0; 16],
        ref_of: [0; 16],
        tcell,
        vals: Vec::new(),
        rvals: Vec::new(),
        use_pdb: false,
        use_reflection: false,
        conflict: matches!(h, IdaHeuristic::LinearConflict)
            .then(|| crate::search::Target::new(*board, goal.clone())),
        max_nodes: limits.max_nodes.unwrap_or(u64::MAX),
        stopped: false,
    };
    let mut bytes = 0u64;
    if let IdaHeuristic::Pdb(part) = h {
        if part.board() != board || part.goal() != goal {
            return Err(SearchError::WrongDatabases);
        }
        bytes = part.dbs.iter().map(|db| db.len() as u64).sum();
        s.use_pdb = true;
        // Reflection is sound when the transpose keeps the blank's goal.
        let gb = usize::from(goal_cell[0]);
        s.use_reflection = square && usize::from(tcell[gb]) == gb;
        // The tile whose goal cell is the transpose of tile t's.
        let mut ttile = [0u8; 16];
        for t in 0..n {
            let image = tcell[usize::from(goal_cell[t])];
            ttile[t] = goal.cells()[usize::from(image)];
        }
        for (i, db) in part.dbs.iter().enumerate() {
            s.tables.push((db.entries(), *db.ranks()));
            s.regular.push(PatternView {
                db: i,
                sources: db.tiles().to_vec(),
            });
            s.reflected.push(PatternView {
                db: i,
                sources: db.tiles().iter().map(|&u| ttile[usize::from(u)]).collect(),
            });
            for &t in db.tiles() {
                s.reg_of[usize::from(t)] = i;
                s.ref_of[usize::from(ttile[usize::from(t)])] = i;
            }
        }
        s.vals = s.regular.iter().map(|v| s.view_value(v, false)).collect();
        s.rvals = s.reflected.iter().map(|v| s.view_value(v, true)).collect();
    }
    let clock = Instant::now();
    let initial_estimate = s.estimate();
    let mut bound = initial_estimate;
    let stopped = |limit, expanded, bound| SearchError::Stopped {
        limit,
        expanded,
        stored: 0,
        bytes,
        lower_bound: bound,
    };
    if bytes > limits.max_bytes {
        return Err(stopped(Limit::Memory, 0, bound));
    }
    loop {
        match s.dfs(0, bound, None, initial_estimate) {
            Ok(()) => break,
            Err(_) if s.stopped => return Err(stopped(Limit::Nodes, s.generated, bound)),
            Err(next) => bound = next,
        }
    }
    let seconds = clock.elapsed().as_secs_f64();
    let moves: Vec<Direction> = s.path.iter().rev().copied().collect();
    let mut tiles = Vec::with_capacity(moves.len());
    let mut cur = start.clone();
    for &d in &moves {
        let (next, t) = board.apply(&cur, d).expect("a legal move");
        tiles.push(t);
        cur = next;
    }
    Ok(IdaSolution {
        length: moves.len() as u32,
        moves,
        tiles,
        initial_estimate,
        generated: s.generated,
        seconds,
    })
}
