//! Schofield's method on any permutation puzzle: paths of moves priced with
//! elision, the exhaustive search, the analysis, the printed tables, the
//! five-puzzle's trees and the twist graph. The puzzle itself is data
//! ([`crate::puzzle`]); the eight- and five-puzzles are two of its files.
//! The family is named for the method, which every puzzle is searched and
//! analysed by, and no longer for the eight-puzzle's twists.
//!
//! A *path* is a sequence of moves (Schofield's *twists*). When moves are
//! priced by words, one move's last step may be undone by the next one's
//! first (an *elision*): on the eight-puzzle a corner twist is four tile
//! moves, and a path of `t` twists with `e` elisions costs `m = 4t − 2e`.
//!
//! ```
//! use schofield::puzzle::{library, Metric};
//! use schofield::method::Path;
//! let eight = library::get("eight").unwrap();
//! let moves = eight.moves(Metric::Face, None).unwrap();
//! let path = Path::parse(&moves, "WXYZADY").unwrap();
//! assert_eq!(path.len(), 7);
//! assert_eq!(path.elisions(&moves), 4);
//! assert_eq!(path.cost(&moves), 20);
//! assert_eq!(path.marked(&moves), "W X̸ Y̸ Z̸ A D̸ Y");
//! assert_eq!(path.write(&moves), "WXYZADY");
//! ```

pub mod analysis;
pub mod explorer;
pub mod five;
pub mod graph;
pub mod notation;
pub mod search;
pub mod solve;
pub mod space;
pub mod table;

use crate::puzzle::alg::{Alg, AlgError};
use crate::puzzle::{Cell as LayoutCell, MoveSet, Puzzle};
use serde::{Serialize, Serializer};
use std::fmt;

/// The most moves a path given as text may expand to.
pub const MAX_PATH: u64 = 1_000_000;

/// A path: moves by their numbers in a [`MoveSet`], applied left to right.
///
/// A path is *reduced* when no move follows one with which it makes no
/// move or a single move ([`MoveSet::redundant_after`]); every minimal path
/// is reduced (on the eight-puzzle A A = W and A W = I).
#[derive(Debug, Clone, PartialEq, Eq, Hash, Default, PartialOrd, Ord)]
pub struct Path(Vec<usize>);

impl Path {
    /// The path of these moves.
    pub fn new(moves: Vec<usize>) -> Path {
        Path(moves)
    }

    /// Reads a path in alg notation ([`crate::puzzle::alg`]): the moves'
    /// names, run together when each is one letter (`WXYZADY`), either
    /// case on a board ([`MoveSet::folds_case`]), `'`, `⁻¹` or `^-1` for an inverse and
    /// amounts for powers (a power that is not a move of the metric is
    /// written out: `U2` in the quarter metric is `U U`).
    pub fn parse(moves: &MoveSet, text: &str) -> Result<Path, AlgError> {
        let names: Vec<&str> = moves
            .iter()
            .map(|m| m.name())
            .chain(moves.aliases().iter().map(|(a, _)| a.as_str()))
            .collect();
        // Names of declared moves whose powers the metric holds, so that
        // `R2'` finds R's square's inverse.
        let alg = Alg::parse_for(text, &names, moves.folds_case())?;
        let expanded = alg.expand(&|n| moves.find(n), MAX_PATH)?;
        let mut out = Vec::new();
        for (m, amount) in expanded {
            match power_of(moves, m, amount) {
                Some(p) => out.push(p),
                None => {
                    // Written out as repeats of the move or its inverse.
                    let step = if amount < 0 {
                        moves.get(m).inverse()
                    } else {
                        m
                    };
                    out.extend(std::iter::repeat_n(step, amount.unsigned_abs() as usize));
                }
            }
        }
        Ok(Path(out))
    }

    /// The moves, in order.
    pub fn moves(&self) -> &[usize] {
        &self.0
    }

    /// The number of moves `t` (Schofield's twists).
    pub fn len(&self) -> usize {
        self.0.len()
    }

    /// True for the empty path.
    pub fn is_empty(&self) -> bool {
        self.0.is_empty()
    }

    /// For each move, whether it completes an elision with the one before.
    pub fn elided(&self, moves: &MoveSet) -> Vec<bool> {
        (0..self.0.len())
            .map(|i| i > 0 && moves.elides(self.0[i - 1], self.0[i]))
            .collect()
    }

    /// The number of elisions `e`.
    pub fn elisions(&self, moves: &MoveSet) -> usize {
        self.0
            .windows(2)
            .filter(|w| moves.elides(w[0], w[1]))
            .count()
    }

    /// The cost in moves: the words' lengths less two for each step that
    /// cancels (`m = 4t − 2e` on the eight-puzzle), or the number of moves.
    pub fn cost(&self, moves: &MoveSet) -> usize {
        let mut prev = None;
        let mut total = 0usize;
        for &m in &self.0 {
            total += moves.cost_after(prev, m) as usize;
            prev = Some(m);
        }
        total
    }

    /// True when no move follows one with which it makes no move or a
    /// single move.
    pub fn is_reduced(&self, moves: &MoveSet) -> bool {
        self.0
            .windows(2)
            .all(|w| !moves.redundant_after(w[0]).contains(w[1]))
    }

    /// The number of *twin sites*: interior moves `T⁻¹` of order 3 whose
    /// neighbours elide into `T` and out of `T`, so that `T T` in its place
    /// (two twists, two elisions) costs exactly as many moves. Schofield's
    /// calculus never repeats a twist (A A = A⁻¹), but on the tray `B A A D`
    /// is a different 12-move tile sequence from `B W D`; each twin site
    /// doubles the number of tile sequences a word stands for.
    pub fn twin_sites(&self, moves: &MoveSet) -> usize {
        self.0
            .windows(3)
            .filter(|w| {
                let t = moves.get(w[1]).inverse();
                let tt = moves
                    .get(t)
                    .transformation()
                    .then(moves.get(t).transformation());
                tt == *moves.get(w[1]).transformation()
                    && moves.elides(w[0], t)
                    && moves.elides(t, w[2])
            })
            .count()
    }

    /// The number of distinct tile-move sequences of the same length that
    /// this reduced word stands for: `2^(twin sites)`.
    pub fn tile_sequences(&self, moves: &MoveSet) -> u64 {
        1 << self.twin_sites(moves)
    }

    /// The path that undoes this one: the inverse moves in reverse order.
    /// It costs the same (a move's inverse is its word backwards).
    pub fn inverse(&self, moves: &MoveSet) -> Path {
        Path(
            self.0
                .iter()
                .rev()
                .map(|&m| moves.get(m).inverse())
                .collect(),
        )
    }

    /// The path with every move replaced by `f(move)`.
    pub fn map(&self, f: impl Fn(usize) -> usize) -> Path {
        Path(self.0.iter().map(|&m| f(m)).collect())
    }

    /// The path as the moves' names: run together when every name of the
    /// puzzle is one letter (`WXYZADY`), else separated by spaces (`R U R'`).
    pub fn write(&self, moves: &MoveSet) -> String {
        let sep = if single_letters(moves) { "" } else { " " };
        self.0
            .iter()
            .map(|&m| moves.get(m).name())
            .collect::<Vec<_>>()
            .join(sep)
    }

    /// The path with the moves that complete an elision struck through
    /// with U+0338 (as Schofield printed them), separated by spaces:
    /// `W X̸ Y̸ Z̸ A D̸ Y`.
    pub fn marked(&self, moves: &MoveSet) -> String {
        self.0
            .iter()
            .zip(self.elided(moves))
            .map(|(&m, e)| {
                let name = moves.get(m).name();
                if e {
                    name.chars().flat_map(|c| [c, '\u{338}']).collect()
                } else {
                    name.to_string()
                }
            })
            .collect::<Vec<_>>()
            .join(" ")
    }

    /// The same marking in plain ASCII: a move that completes an elision is
    /// written in lower case, `W x y z A d Y` (which reads back as the same
    /// path).
    pub fn marked_ascii(&self, moves: &MoveSet) -> String {
        crate::text::to_ascii(&self.marked(moves))
    }

    /// The path written and marked, for reports.
    pub fn written(&self, moves: &MoveSet) -> WrittenPath {
        WrittenPath {
            plain: self.write(moves),
            marked: self.marked(moves),
        }
    }
}

/// True when every move's name is one character.
fn single_letters(moves: &MoveSet) -> bool {
    moves.iter().all(|m| m.name().chars().count() == 1)
}

/// The move of the metric that is `m` to the power `amount`, if any.
fn power_of(moves: &MoveSet, m: usize, amount: i64) -> Option<usize> {
    if amount == 1 {
        return Some(m);
    }
    let t = moves.get(m).transformation().pow(amount);
    moves.iter().position(|x| *x.transformation() == t)
}

/// A path as a report gives it: plain and marked. Serialised as the plain
/// form.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct WrittenPath {
    /// The names: `WXYZADY`.
    pub plain: String,
    /// Elided moves struck through: `W X̸ Y̸ Z̸ A D̸ Y`.
    pub marked: String,
}

impl fmt::Display for WrittenPath {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(&self.plain)
    }
}

impl Serialize for WrittenPath {
    fn serialize<S: Serializer>(&self, s: S) -> Result<S::Ok, S::Error> {
        s.serialize_str(&self.plain)
    }
}

pub use crate::puzzle::MoveBits;

/// A set of moves written out: as Schofield printed it in his 8-character
/// field, as letters and as names.
impl MoveBits {
    /// The names run together (`WZ`) or, for longer names, spaced.
    pub fn letters(&self, moves: &MoveSet) -> String {
        Path(self.iter().collect()).write(moves)
    }

    /// Schofield's field: each move's name in its slot when present, `.`
    /// (as wide as the name) otherwise, e.g. `....W..Z`.
    pub fn field(&self, moves: &MoveSet) -> String {
        let sep = if single_letters(moves) { "" } else { " " };
        moves
            .iter()
            .enumerate()
            .map(|(i, m)| {
                if self.contains(i) {
                    m.name().to_string()
                } else {
                    ".".repeat(m.name().chars().count())
                }
            })
            .collect::<Vec<_>>()
            .join(sep)
    }

    /// The names, for data.
    pub fn names(&self, moves: &MoveSet) -> Vec<String> {
        self.iter()
            .map(|m| moves.get(m).name().to_string())
            .collect()
    }

    /// The set with its names, letters and field written out.
    pub fn named(&self, moves: &MoveSet) -> NamedMoves {
        NamedMoves {
            names: self.names(moves),
            letters: self.letters(moves),
            field: self.field(moves),
        }
    }
}

/// A set of moves as a report gives it: names, letters run together and
/// Schofield's field. Serialised as the list of names.
#[derive(Debug, Clone, PartialEq, Eq, Default)]
pub struct NamedMoves {
    /// The names in order: `["W", "Z"]`.
    pub names: Vec<String>,
    /// The names run together: `WZ`.
    pub letters: String,
    /// The field: `....W..Z`.
    pub field: String,
}

impl Serialize for NamedMoves {
    fn serialize<S: Serializer>(&self, s: S) -> Result<S::Ok, S::Error> {
        s.collect_seq(&self.names)
    }
}

/// Where a tile stands on a tray: one of the numbered squares, or the
/// blank cell (Schofield's centre). Serialised as the square's number, or
/// `"centre"`.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub enum TrayCell {
    /// A numbered square.
    Square(u8),
    /// The blank cell (empty in every position the search visits).
    Centre,
}

impl Serialize for TrayCell {
    fn serialize<S: Serializer>(&self, s: S) -> Result<S::Ok, S::Error> {
        match self {
            TrayCell::Square(i) => s.serialize_u8(*i),
            TrayCell::Centre => s.serialize_str("centre"),
        }
    }
}

impl fmt::Display for TrayCell {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            TrayCell::Square(s) => write!(f, "{s}"),
            TrayCell::Centre => write!(f, "centre"),
        }
    }
}

/// One tile move: `piece` slides from `from` into the empty cell `to`.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize)]
pub struct TileMove {
    /// The piece that moves.
    pub piece: u8,
    /// The cell it leaves (which becomes empty).
    pub from: TrayCell,
    /// The empty cell it enters.
    pub to: TrayCell,
}

/// Expands `path` into tile moves on a tray puzzle (one whose words are
/// walks of the blank), starting from `pieces` (the piece on each square):
/// each move's walk slides one piece a step, and for every elision the last
/// step of one move and the first of the next (the same piece out of the
/// blank cell and straight back) are both left out. Empty for a puzzle
/// whose words are not walks of the blank.
pub fn expand(puzzle: &Puzzle, moves: &MoveSet, path: &Path, pieces: &[u8]) -> Vec<TileMove> {
    let slides = puzzle.slides();
    if slides.is_empty() {
        return Vec::new();
    }
    let layout = puzzle.layout();
    let width = layout.iter().map(Vec::len).max().unwrap_or(0);
    let cell_at = |i: usize| {
        layout[i / width]
            .get(i % width)
            .copied()
            .unwrap_or(LayoutCell::Gap)
    };
    let named = |i: usize| match cell_at(i) {
        LayoutCell::Slot { slot, .. } => TrayCell::Square(slot),
        _ => TrayCell::Centre,
    };
    // The board: each cell's piece.
    let mut board: Vec<Option<u8>> = (0..layout.len() * width)
        .map(|i| match cell_at(i) {
            LayoutCell::Slot { orbit: 0, slot } => pieces.get(usize::from(slot)).copied(),
            _ => None,
        })
        .collect();
    let mut out: Vec<TileMove> = Vec::new();
    let mut prev: Option<usize> = None;
    for &m in path.moves() {
        let Some(word) = moves.get(m).word() else {
            continue;
        };
        // Steps cancelled with the move before are undone, not made.
        // (A move right after its inverse is no elision: Schofield counts
        // it in full, and so are its steps made.)
        let skip = prev
            .filter(|&p| moves.elides(p, m))
            .map_or(0, |p| moves.cancelled(p, m) as usize);
        for _ in 0..skip {
            if let Some(last) = out.pop() {
                // Put the piece back.
                let (from, to) = (
                    cell_index(layout, width, last.from),
                    cell_index(layout, width, last.to),
                );
                board[from] = board[to].take();
            }
        }
        for &(step, back) in &word.steps()[skip..] {
            let (a, b) = slides[usize::from(step)];
            // The blank goes from a to b (b to a backwards): the piece on
            // its destination slides into the cell it leaves.
            let (blank, dest) = if back { (b, a) } else { (a, b) };
            let piece = board[dest].take().unwrap_or(0);
            board[blank] = Some(piece);
            out.push(TileMove {
                piece,
                from: named(dest),
                to: named(blank),
            });
        }
        prev = Some(m);
    }
    out
}

/// The index in reading order of a tray cell.
fn cell_index(layout: &[Vec<LayoutCell>], width: usize, c: TrayCell) -> usize {
    (0..layout.len() * width)
        .find(|&i| {
            let cell = layout[i / width]
                .get(i % width)
                .copied()
                .unwrap_or(LayoutCell::Gap);
            match (cell, c) {
                (LayoutCell::Slot { slot, .. }, TrayCell::Square(s)) => slot == s,
                (LayoutCell::Blank, TrayCell::Centre) => true,
                _ => false,
            }
        })
        .unwrap_or(0)
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::puzzle::{Metric, library};

    #[test]
    fn each_twist_has_one_eliding_successor() {
        let eight = library::get("eight").unwrap();
        let moves = eight.moves(Metric::Face, None).unwrap();
        let succ: String = (0..8)
            .map(|t| {
                let after: Vec<usize> = (0..8).filter(|&u| moves.elides(t, u)).collect();
                assert_eq!(after.len(), 1);
                moves.get(after[0]).name().to_string()
            })
            .collect();
        // After A only D, after W only X, and so on round the board.
        assert_eq!(succ, "DABCXYZW");
    }

    #[test]
    fn five_puzzle_example_expansion() {
        // From 2 3 1 / 0 _ 4, B then A moves pieces 4 1 3 2 0 4.
        let five = library::get("five").unwrap();
        let moves = five.moves(Metric::Face, None).unwrap();
        let path = Path::parse(&moves, "BA").unwrap();
        let moved: Vec<u8> = expand(&five, &moves, &path, &[0, 2, 3, 1, 4])
            .iter()
            .map(|m| m.piece)
            .collect();
        assert_eq!(moved, vec![4, 1, 3, 2, 0, 4]);
    }
}
