//! How positions are written and read: Schofield's forms for the trays (a
//! grid, a code number, cycle notation on squares, every square's piece),
//! an alg of the puzzle's moves (the position it reaches from the goal),
//! and, for any puzzle, its pattern: each orbit's pieces and orientations.
//!
//! **Code numbers** exist for puzzles of one orbit of at most ten distinct
//! pieces, without orientation, whose moves only make even arrangements:
//! the pieces on slots `0 … n−3`, the last two following from the parity
//! (the eight-puzzle's `102536`).
//!
//! **Patterns** list each orbit's pieces, then after `/` their
//! orientations, orbits separated by `;` and optionally named:
//! `CORNERS: 0 1 2 3 4 5 6 7 / 0 0 0 0 0 0 0 0`.
//!
//! ```
//! use schofield::puzzle::library;
//! use schofield::method::analysis::{Analysis, Options};
//! let a = Analysis::new(library::get("eight").unwrap(), &Options::default(), &|_| {}).unwrap();
//! let x = a.parse_position("025/1_3/746").unwrap();
//! assert_eq!(a.code(x).unwrap(), "102536");
//! assert_eq!(a.parse_position("102536").unwrap(), x);
//! assert_eq!(a.parse_position("(01)(3465)").unwrap(), x);
//! assert_eq!(a.grid(x).unwrap(), "025/1_3/746");
//! assert_eq!(a.cycles(x).unwrap(), "(01)(3465)");
//! ```

use crate::method::Path;
use crate::method::analysis::Analysis;
use crate::perm::{self, ProductError};
use crate::puzzle::alg::AlgError;
use crate::puzzle::transformation::turn_sub;
use crate::puzzle::{Cell as LayoutCell, MoveSet, OrbitPattern, Pattern, Puzzle, Transformation};
use crate::text::{counted, quoted, quoted_char};

mod error;
mod read;

pub use error::PositionError;

/// How positions of one puzzle under one set of moves are written and read,
/// without numbering them (so that large puzzles can be read too).
#[derive(Debug, Clone, Copy)]
pub struct Notation<'a> {
    puzzle: &'a Puzzle,
    moves: &'a MoveSet,
}

impl<'a> Notation<'a> {
    /// The notation of `puzzle` under `moves`.
    pub fn new(puzzle: &'a Puzzle, moves: &'a MoveSet) -> Notation<'a> {
        Notation { puzzle, moves }
    }

    /// True when positions have code numbers: one orbit of at most ten
    /// distinct pieces, no orientation, moves that keep the parity, and
    /// whole-puzzle rotations that keep it too (a code leaves out the last
    /// two pieces, which the parity completes: Top-Spin's track turns by an
    /// odd permutation, so its positions up to rotation have no codes).
    pub fn has_codes(&self) -> bool {
        let p = self.puzzle;
        let [o] = p.orbits() else { return false };
        let even = |t: &Transformation| t.orbits()[0].is_even();
        o.orientations == 1
            && o.pieces <= 10
            && o.pieces >= 3
            && p.has_distinct_pieces()
            && self.moves.iter().all(|m| even(m.transformation()))
            && p.rotations().iter().all(|r| even(r.transformation()))
    }

    /// The code number of a pattern (when positions have them).
    pub fn code(&self, pattern: &Pattern) -> Option<String> {
        self.has_codes().then(|| {
            let p = &pattern.orbits()[0].pieces;
            p[..p.len() - 2]
                .iter()
                .map(|&d| char::from(b'0' + d))
                .collect()
        })
    }

    /// The grid on one line, rows separated by `/` (`025/1_3/746`), when
    /// the puzzle has a drawing of one orbit.
    pub fn grid(&self, pattern: &Pattern) -> Option<String> {
        self.grid_rows(pattern, "").map(|r| r.join("/"))
    }

    /// The grid on one line ([`Notation::grid`]) where the puzzle is drawn
    /// as one, else the pattern ([`Notation::pattern_text`]): how a step
    /// or a position is shown in one field.
    pub fn grid_or_pattern(&self, pattern: &Pattern) -> String {
        self.grid(pattern)
            .unwrap_or_else(|| self.pattern_text(pattern))
    }

    /// The grid, one row a line, cells separated by spaces.
    pub fn grid_lines(&self, pattern: &Pattern) -> Option<String> {
        self.grid_rows(pattern, " ").map(|r| r.join("\n"))
    }

    fn grid_rows(&self, pattern: &Pattern, sep: &str) -> Option<Vec<String>> {
        let layout = self.puzzle.layout();
        if layout.is_empty() || self.puzzle.orbits().len() != 1 {
            return None;
        }
        let p = &pattern.orbits()[0].pieces;
        Some(
            layout
                .iter()
                .map(|row| {
                    row.iter()
                        .map(|c| match c {
                            LayoutCell::Slot { slot, .. } => p[usize::from(*slot)].to_string(),
                            LayoutCell::Blank => "_".to_string(),
                            LayoutCell::Gap => ".".to_string(),
                        })
                        .collect::<Vec<_>>()
                        .join(sep)
                })
                .collect(),
        )
    }

    /// Where each piece of the first orbit went, relative to the goal:
    /// `dest[h]` is the slot now holding the piece whose home is `h`.
    fn destinations(&self, pattern: &Pattern) -> Vec<u8> {
        let pieces = &pattern.orbits()[0].pieces;
        let goal = &self.puzzle.goal().orbits()[0].pieces;
        let mut dest = vec![0u8; pieces.len()];
        for (i, &piece) in pieces.iter().enumerate() {
            let h = goal.iter().position(|&g| g == piece).unwrap_or(i);
            dest[h] = i as u8;
        }
        dest
    }

    /// Cycle notation on slots relative to the goal: `(132)(67)` says that
    /// the piece of slot 1 stands on 3, that of 3 on 2 and that of 2 on 1
    /// (one-orbit puzzles without orientation).
    pub fn cycles(&self, pattern: &Pattern) -> Option<String> {
        let p = self.puzzle;
        let [o] = p.orbits() else { return None };
        if o.orientations != 1 || !p.has_distinct_pieces() {
            return None;
        }
        let dest = self.destinations(pattern);
        let cycles = perm::cycles(&dest);
        Some(if cycles.is_empty() {
            "()".to_string()
        } else if o.pieces > 10 {
            // Elements of two digits need commas.
            cycles
                .iter()
                .map(|c| {
                    format!(
                        "({})",
                        c.iter().map(u8::to_string).collect::<Vec<_>>().join(",")
                    )
                })
                .collect()
        } else {
            perm::format_cycles(&dest)
        })
    }

    /// Cycle notation of every orbit, for puzzles of several orbits or with
    /// orientations too: each orbit's name and the cycles of its slots
    /// relative to the goal, commas between slots, a cycle whose pieces
    /// gain a twist in all followed by `+k` (`CORNERS (0,4,2)+1(3)+2`: the
    /// piece of slot 0 stands on 4, …, their twists adding up to 1, and the
    /// piece on slot 3 is twisted by 2). An orbit whose pieces repeat has
    /// no cycles and is left out; `()` when nothing moved.
    ///
    /// ```
    /// use schofield::puzzle::library;
    /// use schofield::method::analysis::{Analysis, Options};
    /// let a = Analysis::new(library::get("2x2x2").unwrap(), &Options::default(), &|_| {}).unwrap();
    /// let n = a.notation();
    /// assert_eq!(n.orbit_cycles(a.puzzle().goal()), "()");
    /// let r = a.parse_position("R").unwrap();
    /// assert!(n.orbit_cycles(&a.position(r)).starts_with("CORNERS ("));
    /// ```
    pub fn orbit_cycles(&self, pattern: &Pattern) -> String {
        let goal = self.puzzle.goal();
        let mut parts = Vec::new();
        for ((o, g), orbit) in pattern
            .orbits()
            .iter()
            .zip(goal.orbits())
            .zip(self.puzzle.orbits())
        {
            let mut sorted = g.pieces.clone();
            sorted.sort_unstable();
            if sorted.windows(2).any(|w| w[0] == w[1]) {
                continue;
            }
            let n = u32::from(orbit.orientations.max(1));
            let mut dest = vec![0u8; o.pieces.len()];
            for (i, &piece) in o.pieces.iter().enumerate() {
                let h = g.pieces.iter().position(|&q| q == piece).unwrap_or(i);
                dest[h] = i as u8;
            }
            let mut done = vec![false; dest.len()];
            let mut text = String::new();
            for start in 0..dest.len() {
                let mut cycle = Vec::new();
                let mut i = start;
                while !done[i] {
                    done[i] = true;
                    cycle.push(i);
                    i = usize::from(dest[i]);
                }
                let twist = cycle
                    .iter()
                    .map(|&h| {
                        u32::from(
                            o.orientation
                                .get(usize::from(dest[h]))
                                .copied()
                                .unwrap_or(0),
                        )
                    })
                    .sum::<u32>()
                    % n;
                if cycle.len() > 1 || (cycle.len() == 1 && twist != 0) {
                    let slots: Vec<String> = cycle.iter().map(usize::to_string).collect();
                    text.push_str(&format!("({})", slots.join(",")));
                    if twist != 0 {
                        text.push_str(&format!("+{twist}"));
                    }
                }
            }
            if !text.is_empty() {
                parts.push(format!("{} {text}", orbit.name));
            }
        }
        if parts.is_empty() {
            "()".to_string()
        } else {
            parts.join("; ")
        }
    }

    /// The pattern as text: each orbit's pieces, and after `/` their
    /// orientations when the orbit has any, orbits separated by ` ; `.
    pub fn pattern_text(&self, pattern: &Pattern) -> String {
        pattern
            .orbits()
            .iter()
            .zip(self.puzzle.orbits())
            .map(|(o, orbit)| {
                let pieces = o
                    .pieces
                    .iter()
                    .map(u8::to_string)
                    .collect::<Vec<_>>()
                    .join(" ");
                if orbit.orientations > 1 {
                    let ori = o
                        .orientation
                        .iter()
                        .map(u8::to_string)
                        .collect::<Vec<_>>()
                        .join(" ");
                    format!("{pieces} / {ori}")
                } else {
                    pieces
                }
            })
            .collect::<Vec<_>>()
            .join(" ; ")
    }

    /// The forms a position may take on this puzzle, with examples, for
    /// messages.
    pub fn position_forms(&self) -> String {
        let goal = self.puzzle.goal();
        let mut forms = Vec::new();
        if let Some(g) = self.grid(goal) {
            forms.push(format!("a grid like {g}"));
        }
        if let Some(c) = self.code(goal) {
            forms.push(format!("a code number like {c}"));
        }
        if self.cycles(goal).is_some() {
            forms.push("cycle notation like (01)(3465)".to_string());
        }
        if forms.is_empty() {
            forms.push(format!("a pattern like {}", self.pattern_text(goal)));
        }
        if self.puzzle.slides().is_empty() {
            let first = self.moves.get(0).name();
            forms.push(format!("moves from the goal like {first}"));
        }
        match forms.len() {
            1 => forms.remove(0),
            n => format!("{}, or {}", forms[..n - 1].join(", "), forms[n - 1]),
        }
    }

    /// Why the moves do not reach a pattern: the invariant it breaks (a
    /// pattern whose pieces and invariants are all right is outside the
    /// group the moves generate).
    pub fn why_unreached(&self, pattern: &Pattern) -> PositionError {
        let p = self.puzzle;
        // Pieces: the goal's, rearranged.
        for ((o, g), orbit) in pattern
            .orbits()
            .iter()
            .zip(p.goal().orbits())
            .zip(p.orbits())
        {
            let mut a = o.pieces.clone();
            let mut b = g.pieces.clone();
            a.sort_unstable();
            b.sort_unstable();
            if a != b {
                return PositionError::Unreachable(format!(
                    "orbit {} does not hold the goal's pieces",
                    quoted(&orbit.name)
                ));
            }
        }
        let reason = crate::puzzle::invariants::broken(p, self.moves, pattern);
        match reason {
            Some(crate::puzzle::invariants::Broken::Parity { orbit }) if !p.slides().is_empty() && p.orbits().len() == 1 => {
                let _ = orbit;
                let pieces = &pattern.orbits()[0].pieces;
                let goal = &p.goal().orbits()[0].pieces;
                let mut dest = vec![0u8; pieces.len()];
                for (i, &piece) in pieces.iter().enumerate() {
                    let h = goal.iter().position(|&g| g == piece).unwrap_or(i);
                    dest[h] = i as u8;
                }
                PositionError::OddPermutation {
                    cycles: perm::format_cycles(&dest),
                }
            }
            Some(b) => PositionError::Unreachable(b.to_string()),
            None => PositionError::Unreachable(
                "the moves do not make this position (it breaks no parity or orientation sum: it is outside the group they generate)".into(),
            ),
        }
    }
}

/// How a position in the usual 1–8 notation is read on the eight-puzzle.
pub const USUAL_READING: &str = "read in the usual 1–8 notation: tile 8 is Schofield's piece 0, and his target 123/0_4/765 is written 123/8_4/765";

/// Schofield's form of an eight-puzzle position written in the usual
/// notation (tiles 1–8, the blank `_`, or `0` when there is no `_`):
/// tile 8 becomes his piece 0. `None` when the text is not in that
/// notation.
///
/// ```
/// use schofield::method::notation::usual_form;
/// assert_eq!(usual_form("825/1_3/746").as_deref(), Some("025/1_3/746"));
/// assert_eq!(usual_form("025/1_3/746"), None);
/// ```
pub fn usual_form(text: &str) -> Option<String> {
    let mut text = text.to_string();
    if text.contains('8') && text.contains('0') && !text.contains(['_', '.']) {
        let board = crate::board::Board::new(3, 3).expect("3x3 is a board");
        if let Ok(a) = board.parse_arrangement(&text) {
            text = board.format(&a);
        }
    }
    (text.contains('8') && !text.contains('0')).then(|| text.replace('8', "0"))
}

/// A position read by [`Analysis::read_position`].
#[derive(Debug, Clone)]
pub struct ReadPosition {
    /// Its number.
    pub x: u64,
    /// The rotation that took it as given to its number, when positions
    /// are taken up to rotation (see [`Analysis::held_still`]).
    pub frame: Option<Transformation>,
    /// How it was read, when not in the puzzle's own forms
    /// ([`USUAL_READING`]).
    pub note: Option<&'static str>,
    /// The pattern as read (as given, not turned home).
    pub pattern: Pattern,
}

impl Analysis {
    /// Whether the puzzle is drawn on a tray of `rows` rows of three with
    /// the blank at the centre of the second row (Schofield's eight-puzzle
    /// has 3, his five-puzzle 2).
    pub fn on_tray(&self, rows: usize) -> bool {
        let l = self.puzzle().layout();
        l.len() == rows
            && l.iter().all(|r| r.len() == 3)
            && l.get(1).is_some_and(|r| r[1] == LayoutCell::Blank)
    }

    /// A position as every command (and the explorer) reads it: the
    /// puzzle's own forms ([`Analysis::parse_position_framed`]), or on the
    /// eight-puzzle's tray the usual 1–8 notation, with a note saying so.
    ///
    /// ```
    /// use schofield::puzzle::library;
    /// use schofield::method::analysis::{Analysis, Options};
    /// let a = Analysis::new(library::get("eight").unwrap(), &Options::default(), &|_| {}).unwrap();
    /// let r = a.read_position("825/1_3/746").unwrap();
    /// assert_eq!(a.code(r.x).as_deref(), Some("102536"));
    /// assert!(r.note.is_some());
    /// ```
    pub fn read_position(&self, text: &str) -> Result<ReadPosition, PositionError> {
        match self.read_own(text, None) {
            Ok(r) => Ok(r),
            Err(e) => match usual_form(text).filter(|_| self.on_tray(3)) {
                Some(form) => self
                    .read_own(&form, Some(USUAL_READING))
                    .map_err(|e| PositionError::InUsualNotation(Box::new(e))),
                None => Err(e),
            },
        }
    }

    /// The notation of the analysed puzzle and moves.
    pub fn notation(&self) -> Notation<'_> {
        Notation::new(self.puzzle(), self.moves())
    }

    /// True when positions have code numbers ([`Notation::has_codes`]).
    pub fn has_codes(&self) -> bool {
        self.notation().has_codes()
    }

    /// The code number of position `x` (when positions have them).
    pub fn code(&self, x: u64) -> Option<String> {
        self.notation().code(&self.position(x))
    }

    /// The short name of a position for lists and graphs: its code number,
    /// or its pattern.
    pub fn name_of(&self, x: u64) -> String {
        let p = self.position(x);
        let n = self.notation();
        n.code(&p).unwrap_or_else(|| n.pattern_text(&p))
    }

    /// The grid of position `x` on one line (`025/1_3/746`).
    pub fn grid(&self, x: u64) -> Option<String> {
        self.notation().grid(&self.position(x))
    }

    /// Position `x`'s grid on one line where the puzzle is drawn as one,
    /// else its pattern ([`Notation::grid_or_pattern`]).
    pub fn grid_or_pattern(&self, x: u64) -> String {
        self.notation().grid_or_pattern(&self.position(x))
    }

    /// The grid of position `x`, one row a line.
    pub fn grid_lines(&self, x: u64) -> Option<String> {
        self.notation().grid_lines(&self.position(x))
    }

    /// Cycle notation of position `x` on slots relative to the goal.
    pub fn cycles(&self, x: u64) -> Option<String> {
        self.notation().cycles(&self.position(x))
    }

    /// The pattern of position `x` as text.
    pub fn pattern_text(&self, x: u64) -> String {
        self.notation().pattern_text(&self.position(x))
    }

    /// The forms a position may take, for messages.
    pub fn position_forms(&self) -> String {
        self.notation().position_forms()
    }

    /// Reads a position in any of the forms this puzzle takes (see the
    /// module's notes) and checks that the moves reach it.
    pub fn parse_position(&self, text: &str) -> Result<u64, PositionError> {
        let pattern = self.notation().read_pattern(text)?;
        self.reached(&pattern)
    }

    /// As [`Analysis::parse_position`], with the rotation that took the
    /// position as given to its number when positions are taken up to
    /// rotation (its *frame*, for [`Analysis::held_still`]).
    pub fn parse_position_framed(
        &self,
        text: &str,
    ) -> Result<(u64, Option<Transformation>), PositionError> {
        let r = self.read_own(text, None)?;
        Ok((r.x, r.frame))
    }

    /// A position in the puzzle's own forms, with its frame and pattern.
    fn read_own(
        &self,
        text: &str,
        note: Option<&'static str>,
    ) -> Result<ReadPosition, PositionError> {
        let pattern = self.notation().read_pattern(text)?;
        Ok(ReadPosition {
            x: self.reached(&pattern)?,
            frame: self.space().home_rotation(&pattern).cloned(),
            note,
            pattern,
        })
    }

    /// The number of a pattern the moves reach, or why they do not.
    pub fn reached(&self, pattern: &Pattern) -> Result<u64, PositionError> {
        if let Some(x) = self.index_of(pattern) {
            return Ok(x);
        }
        Err(self.notation().why_unreached(pattern))
    }
}

/// A pattern read as a position of `puzzle` under `moves` (not checked to
/// be reached).
pub fn read_pattern_of(
    puzzle: &Puzzle,
    moves: &MoveSet,
    text: &str,
) -> Result<Pattern, PositionError> {
    Notation::new(puzzle, moves).read_pattern(text)
}

/// The group element a pattern is (the transformation taking the goal to
/// it), when every orbit's pieces are all different.
pub fn element_of(puzzle: &Puzzle, pattern: &Pattern) -> Option<Transformation> {
    if !puzzle.has_distinct_pieces() {
        return None;
    }
    let maps = pattern
        .orbits()
        .iter()
        .zip(puzzle.goal().orbits())
        .zip(puzzle.orbits())
        .map(|((o, g), orbit)| {
            let m = orbit.orientations;
            // Slot i holds the piece whose home is h: its source is h, and
            // it gained its orientation there less the goal's.
            let perm: Vec<u8> = o
                .pieces
                .iter()
                .map(|&p| g.pieces.iter().position(|&x| x == p).unwrap_or(0) as u8)
                .collect();
            let ori: Vec<u8> = o
                .orientation
                .iter()
                .zip(&perm)
                .map(|(&x, &h)| turn_sub(x, g.orientation[usize::from(h)], m))
                .collect();
            crate::puzzle::OrbitMap::from_lists(perm, ori, m)
        })
        .collect::<Option<Vec<_>>>()?;
    Some(Transformation::new(maps, false))
}

/// The cycle type of a group element: for each orbit, the lengths of its
/// cycles (those of one slot only when its piece is turned), each followed
/// by `+k` when the piece comes back turned by `k`: `CORNERS 3 3+1`.
pub fn cycle_type(puzzle: &Puzzle, t: &Transformation) -> String {
    let parts: Vec<String> = t
        .orbits()
        .iter()
        .zip(puzzle.orbits())
        .filter_map(|(o, orbit)| {
            let mut cycles: Vec<(usize, u8)> =
                o.cycles().iter().map(|(c, g)| (c.len(), *g)).collect();
            for (i, &s) in o.permutation().iter().enumerate() {
                if usize::from(s) == i && o.orientation()[i] != 0 {
                    cycles.push((1, o.orientation()[i]));
                }
            }
            if cycles.is_empty() {
                return None;
            }
            cycles.sort_unstable_by(|a, b| b.cmp(a));
            let words: Vec<String> = cycles
                .iter()
                .map(|&(l, g)| {
                    if g == 0 {
                        l.to_string()
                    } else {
                        format!("{l}+{g}")
                    }
                })
                .collect();
            Some(if puzzle.orbits().len() == 1 {
                words.join(" ")
            } else {
                format!("{} {}", orbit.name, words.join(" "))
            })
        })
        .collect();
    if parts.is_empty() {
        "the identity".to_string()
    } else {
        parts.join("; ")
    }
}
