//! A permutation puzzle as data: its orbits of pieces, its goal, its moves,
//! the words that price them (Schofield's elision), its symmetries and
//! rotations, and an optional drawing. A [`Definition`] is what a file says;
//! [`Puzzle::new`] checks it and gives a [`Puzzle`], which the engine
//! ([`crate::method`]) analyses. Each file format is a reader of its own:
//! our YAML ([`yaml`]), twsearch's `.tws` ([`tws`]) and cubing.js's KPuzzle
//! JSON ([`kpuzzle`], with alg notation in [`alg`]).
//!
//! The conventions (slots, sources, GAP's cycles, products left to right)
//! are written once, in [`transformation`].
//!
//! ```
//! use schofield::puzzle::{library, Metric};
//! let eight = library::get("eight").unwrap();
//! assert_eq!(eight.name(), "eight-puzzle");
//! let moves = eight.moves(Metric::Face, None).unwrap();
//! let names: Vec<&str> = moves.iter().map(|m| m.name()).collect();
//! assert_eq!(names, ["A", "B", "C", "D", "W", "X", "Y", "Z"]);
//! assert_eq!(moves.get(0).cost(), 4);
//! assert_eq!(moves.elides(0, 3), true); // A then D
//! ```

pub mod alg;
mod build;
mod checks;
mod definition;
pub mod drawing;
pub mod found;
pub mod gap;
pub mod invariants;
pub mod kpuzzle;
pub mod kpuzzle_svg;
pub mod library;
mod move_bits;
mod moves;
pub mod read;
pub mod transformation;
pub mod tws;
pub mod word;
pub mod yaml;

use crate::text::quoted;
use checks::*;
pub use checks::{Forbidden, RotationsDropped};
pub use definition::*;
pub use move_bits::MoveBits;
pub use moves::*;
use num_bigint::BigUint;
use serde::Serialize;
use std::collections::BTreeMap;
pub use transformation::{OrbitMap, OrbitPattern, Pattern, Transformation};
pub use word::Word;

/// The most slots an orbit may have (slots are numbered in a byte).
pub const MAX_SLOTS: usize = 255;
/// The most orientations a piece may have.
pub const MAX_ORIENTATIONS: usize = 255;
/// The most orbits a puzzle may have: every slot of every orbit (at most
/// 255 each) is numbered in 16 bits (the 20×20×20 cube has 91 orbits).
pub const MAX_ORBITS: usize = 256;
/// The most moves a metric may give: a bound on the work of finding
/// which pairs of moves make a move (a table of every pair), far past the
/// field's puzzles (the 20×20×20 cube gives 180 in the face metric). Moves
/// with words, which the layered search keeps a 64-bit set of, are at most
/// [`MAX_WORD_MOVES`].
pub const MAX_MOVES: usize = 1024;
/// The most moves a metric may give when the moves have words (their last
/// moves are kept a 64-bit word a position).
pub const MAX_WORD_MOVES: usize = 64;
/// The most moves, rotations and symmetries a file may declare, each (a
/// group is studied from its generators, never this many).
pub const MAX_DECLARED: usize = 1024;
/// The most symmetries a puzzle may have (the cube has 48).
pub const MAX_SYMMETRIES: usize = 1024;
/// The most steps in the word of one move.
pub const MAX_WORD: usize = 64;
/// The most steps two consecutive moves may cancel (the search keeps a set
/// of last moves for each).
pub const MAX_CANCEL: usize = 4;

/// A tray moved by tile moves (see [`Definition::tile_moves`]): a
/// rectangle of cells, one of them the blank's home. Searched by the
/// engine of boards ([`crate::board`]), not as a permutation group: where
/// a piece can go depends on where the blank is.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct TileTray {
    /// Rows of the rectangle.
    pub rows: usize,
    /// Columns.
    pub cols: usize,
    /// The blank's cell in the goal, in reading order.
    pub home: usize,
}

/// The metric: which powers of the moves count as one move.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, Serialize, serde::Deserialize)]
#[serde(rename_all = "kebab-case")]
pub enum Metric {
    /// Every power of a move is one move (twsearch's default, the half-turn
    /// metric of the cube): U, U2, U'.
    Face,
    /// Only a move and its inverse are one move (the quarter-turn metric):
    /// U, U'.
    Quarter,
}

impl Metric {
    /// Its name: `face` or `quarter`.
    pub fn name(self) -> &'static str {
        match self {
            Metric::Face => "face",
            Metric::Quarter => "quarter",
        }
    }
}

/// One orbit of a puzzle.
#[derive(Debug, Clone, PartialEq, Eq, Serialize)]
pub struct Orbit {
    /// Its name.
    pub name: String,
    /// Its number of slots.
    pub pieces: usize,
    /// Its number of orientations.
    pub orientations: u8,
}

/// A move, rotation or symmetry of a puzzle: a name and a transformation.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Named {
    name: String,
    transformation: Transformation,
    word: Option<Word>,
}

impl Named {
    /// Its name.
    pub fn name(&self) -> &str {
        &self.name
    }

    /// Its transformation.
    pub fn transformation(&self) -> &Transformation {
        &self.transformation
    }

    /// Its word, when moves are priced by words.
    pub fn word(&self) -> Option<&Word> {
        self.word.as_ref()
    }
}

/// A cell of a puzzle's drawing.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub enum Cell {
    /// A slot of an orbit.
    Slot {
        /// The orbit, by number.
        orbit: usize,
        /// The slot.
        slot: u8,
    },
    /// The blank: empty in the goal and in every position the search
    /// visits; a tray's pieces slide through it.
    Blank,
    /// Nothing.
    Gap,
}

/// A layout read cell by cell, in reading order, `width` cells a row.
pub(crate) struct Cells<'a> {
    /// The rows.
    pub(crate) layout: &'a [Vec<Cell>],
    /// The widest row's length.
    pub(crate) width: usize,
}

impl<'a> Cells<'a> {
    /// The layout `layout`, its places counted across its widest row.
    pub(crate) fn new(layout: &'a [Vec<Cell>]) -> Cells<'a> {
        Cells {
            layout,
            width: layout.iter().map(Vec::len).max().unwrap_or(0),
        }
    }

    /// The cell at place `i`; a gap past a short row's end.
    pub(crate) fn at(&self, i: usize) -> Cell {
        self.layout[i / self.width]
            .get(i % self.width)
            .copied()
            .unwrap_or(Cell::Gap)
    }

    /// The number of places.
    pub(crate) fn len(&self) -> usize {
        self.layout.len() * self.width
    }

    /// The cell a walk names: a slot's number (first orbit), or `_`.
    pub(crate) fn find(&self, name: &str) -> Option<usize> {
        (0..self.len()).find(|&i| match self.at(i) {
            Cell::Blank => name == "_",
            Cell::Slot { orbit: 0, slot } => name == slot.to_string(),
            _ => false,
        })
    }
}

/// A validated permutation puzzle.
#[derive(Debug, Clone)]
pub struct Puzzle {
    name: String,
    description: Option<String>,
    orbits: Vec<Orbit>,
    goal: Pattern,
    moves: Vec<Named>,
    rotations: Vec<Named>,
    symmetries: Vec<Named>,
    layout: Vec<Vec<Cell>>,
    drawing: Option<drawing::Drawing>,
    /// The names of the words' base steps (for the drawing's slides: the
    /// pair of cells of each step).
    steps: Vec<(usize, usize)>,
    vocabulary: Vocabulary,
    metric: Metric,
    tray: Option<TileTray>,
    free_orientations: Vec<Vec<bool>>,
    forbidden: Vec<Forbidden>,
    /// The rotations left out because they do not map every move onto a
    /// move ([`Puzzle::rotations_dropped`]).
    rotations_dropped: Option<RotationsDropped>,
}

/// A name usable in alg notation: letters, digits and `_`, with a letter
/// or `_` (a name of digits alone would read as an amount).
fn is_move_name(s: &str) -> bool {
    s.chars().all(|c| c.is_ascii_alphanumeric() || c == '_')
        && s.chars().any(|c| !c.is_ascii_digit())
}

fn orbit_names(orbits: &[OrbitDef]) -> String {
    orbits
        .iter()
        .map(|o| o.name.as_str())
        .collect::<Vec<_>>()
        .join(", ")
}

impl Puzzle {
    /// Its name.
    pub fn name(&self) -> &str {
        &self.name
    }

    /// The rotations left out because some move's image under them is no
    /// move (`None` when every declared rotation maps the moves onto the
    /// moves).
    pub fn rotations_dropped(&self) -> Option<&RotationsDropped> {
        self.rotations_dropped.as_ref()
    }

    /// For each orbit, the goal's slots whose piece's orientation does not
    /// matter (empty when every orientation matters).
    pub fn free_orientations(&self) -> &[Vec<bool>] {
        &self.free_orientations
    }

    /// True when some piece's orientation does not matter.
    pub fn has_free_orientations(&self) -> bool {
        self.free_orientations.iter().any(|o| o.contains(&true))
    }

    /// The pieces forbidden from slots.
    pub fn forbidden(&self) -> &[Forbidden] {
        &self.forbidden
    }

    /// Whether the searches can take its positions: not yet when some
    /// orientations do not matter or pieces are forbidden from slots (its
    /// group can still be studied).
    pub fn searchable(&self) -> Result<(), DefinitionError> {
        let mut what = Vec::new();
        if self.has_free_orientations() {
            what.push("orientations that do not matter ('?')");
        }
        if !self.forbidden.is_empty() {
            what.push("pieces forbidden from slots (Illegal)");
        }
        if what.is_empty() {
            return Ok(());
        }
        Err(DefinitionError::NotSearchable {
            puzzle: self.name.clone(),
            what: what.join(" and "),
        })
    }

    /// Its description, if the file gives one.
    pub fn description(&self) -> Option<&str> {
        self.description.as_deref()
    }

    /// Its orbits.
    pub fn orbits(&self) -> &[Orbit] {
        &self.orbits
    }

    /// The goal.
    pub fn goal(&self) -> &Pattern {
        &self.goal
    }

    /// The moves as the file declares them.
    pub fn declared_moves(&self) -> &[Named] {
        &self.moves
    }

    /// The whole-puzzle rotations (generators).
    pub fn rotations(&self) -> &[Named] {
        &self.rotations
    }

    /// Every symmetry, the identity first.
    pub fn symmetries(&self) -> &[Named] {
        &self.symmetries
    }

    /// Every symmetry's map of the slots, the identity first: what
    /// [`Space::symmetry`](crate::method::space::Space::symmetry) and IDA*'s
    /// conjugates take.
    ///
    /// ```
    /// let cube = schofield::puzzle::library::get("corners").unwrap();
    /// let symmetries = cube.symmetry_transformations();
    /// assert_eq!(symmetries.len(), 48);
    /// assert!(symmetries[0].is_identity());
    /// ```
    pub fn symmetry_transformations(&self) -> Vec<Transformation> {
        self.symmetries
            .iter()
            .map(|s| s.transformation.clone())
            .collect()
    }

    /// This puzzle with `symmetries` as if its file had declared them
    /// (those of [`Puzzle::symmetries_found`], say), checked as declared
    /// ones are: a group, keeping the goal and the moves.
    pub fn with_symmetries(mut self, symmetries: Vec<Named>) -> Result<Puzzle, DefinitionError> {
        self.symmetries = checks::check_group(symmetries)?;
        for s in &self.symmetries {
            self.check_goal_symmetry(s)?;
        }
        moves::check_symmetries_map_moves(&self)?;
        Ok(self)
    }

    /// For a tray moved by tile moves, its rectangle and the blank's home
    /// (`None` for a permutation puzzle).
    pub fn tile_tray(&self) -> Option<TileTray> {
        self.tray
    }

    /// The layout, row by row (empty when there is none).
    pub fn layout(&self) -> &[Vec<Cell>] {
        &self.layout
    }

    /// Its net of coloured stickers, when its file draws one.
    pub fn drawing(&self) -> Option<&drawing::Drawing> {
        self.drawing.as_ref()
    }

    /// The same puzzle drawn by `stickers` (checked against its orbits and
    /// goal as a file's drawing is), in place of its own drawing: a
    /// KPuzzle drawn by cubing.js's picture ([`kpuzzle_svg`]), say.
    ///
    /// ```
    /// use schofield::puzzle::{drawing::StickerDef, library, CellDef};
    /// let cube = library::get("2x2x2").unwrap();
    /// let one = StickerDef {
    ///     slot: Some(CellDef::Slot(Some("CORNERS".into()), 0)),
    ///     facelet: 0,
    ///     colour: "white".into(),
    ///     points: "0,0 1,0 1,1".into(),
    /// };
    /// let drawn = cube.with_drawing(&[one.clone()]).unwrap();
    /// assert_eq!(drawn.drawing().unwrap().stickers().len(), 1);
    /// // Checked: a facelet drawn twice is refused.
    /// assert!(cube.with_drawing(&[one.clone(), one]).is_err());
    /// ```
    pub fn with_drawing(
        &self,
        stickers: &[drawing::StickerDef],
    ) -> Result<Puzzle, DefinitionError> {
        let drawing = drawing::Drawing::check(stickers, &self.orbits, &self.goal)?;
        Ok(Puzzle {
            drawing,
            ..self.clone()
        })
    }

    /// [`Puzzle::with_drawing`] for stickers named by their ids in a
    /// picture ([`kpuzzle_svg`]): a wrong sticker is named by its id.
    ///
    /// ```
    /// use schofield::puzzle::{drawing::StickerDef, library, CellDef};
    /// let cube = library::get("2x2x2").unwrap();
    /// let one = StickerDef {
    ///     slot: Some(CellDef::Slot(Some("CORNERS".into()), 0)),
    ///     facelet: 0,
    ///     colour: "no such colour".into(),
    ///     points: "0,0 1,0 1,1".into(),
    /// };
    /// let error = cube.with_named_drawing(&[("CORNERS-l0-o0".into(), one)]).unwrap_err();
    /// assert!(error.to_string().starts_with("sticker \"CORNERS-l0-o0\": "));
    /// ```
    pub fn with_named_drawing(
        &self,
        named: &[(String, drawing::StickerDef)],
    ) -> Result<Puzzle, DefinitionError> {
        let stickers: Vec<_> = named.iter().map(|(_, s)| s.clone()).collect();
        self.with_drawing(&stickers).map_err(|error| match error {
            DefinitionError::Drawing { sticker, problem } => DefinitionError::NamedSticker {
                id: named
                    .get(sticker.wrapping_sub(1))
                    .map_or(String::new(), |(id, _)| id.clone()),
                problem,
            },
            e => e,
        })
    }

    /// The cells `(from, to)` in reading order of each base step of the
    /// words written as the blank's walks.
    pub fn slides(&self) -> &[(usize, usize)] {
        &self.steps
    }

    /// The nouns the puzzle's text uses.
    pub fn vocabulary(&self) -> &Vocabulary {
        &self.vocabulary
    }

    /// The metric the file asks for by default.
    pub fn default_metric(&self) -> Metric {
        self.metric
    }

    /// True when every orbit's pieces are all different in the goal (so a
    /// position is a group element, with an inverse).
    pub fn has_distinct_pieces(&self) -> bool {
        self.goal.orbits().iter().all(|o| {
            let mut seen = [false; 256];
            o.pieces
                .iter()
                .all(|&p| !std::mem::replace(&mut seen[usize::from(p)], true))
        })
    }

    /// True when moves are priced by words (Schofield's elision).
    pub fn has_words(&self) -> bool {
        self.moves.iter().any(|m| m.word.is_some())
    }

    /// The identity transformation of this puzzle.
    pub fn identity(&self) -> Transformation {
        Transformation::new(
            self.orbits
                .iter()
                .map(|o| OrbitMap::identity(o.pieces, o.orientations))
                .collect(),
            false,
        )
    }

    /// A symmetry maps the goal onto itself: applying its inverse to the
    /// goal relabels pieces consistently (identical pieces stay identical
    /// and keep one orientation offset).
    fn check_goal_symmetry(&self, s: &Named) -> Result<(), DefinitionError> {
        let image = self.goal.apply(&s.transformation.inverse());
        for (k, ((g, h), o)) in self
            .goal
            .orbits()
            .iter()
            .zip(image.orbits())
            .zip(&self.orbits)
            .enumerate()
        {
            let mut label = [None::<(u8, u8)>; 256];
            let mut back = [None::<u8>; 256];
            // Whether each piece's orientation does not matter (identical
            // pieces agree).
            let mut free = [false; 256];
            if let Some(f) = self.free_orientations.get(k) {
                for (j, &x) in f.iter().enumerate() {
                    free[usize::from(g.pieces[j])] = x;
                }
            }
            for i in 0..g.pieces.len() {
                let m = o.orientations;
                // A piece whose orientation does not matter goes to one of
                // its kind, and its orientation is no offset.
                let loose = free[usize::from(g.pieces[i])];
                let offset = if loose {
                    0
                } else {
                    transformation::turn_sub(h.orientation[i], g.orientation[i], m)
                };
                let want = (h.pieces[i], offset);
                let ok = loose == free[usize::from(h.pieces[i])]
                    && match label[usize::from(g.pieces[i])] {
                        None => {
                            label[usize::from(g.pieces[i])] = Some(want);
                            match back[usize::from(h.pieces[i])].replace(g.pieces[i]) {
                                None => true,
                                Some(p) => p == g.pieces[i],
                            }
                        }
                        Some(had) => had == want,
                    };
                if !ok {
                    return Err(DefinitionError::SymmetryBreaksGoal {
                        symmetry: s.name.clone(),
                        orbit: o.name.clone(),
                    });
                }
            }
        }
        Ok(())
    }

    /// The moves of `metric`, made from the declared moves (or, with
    /// `generators`, from those named there): every power of a move with
    /// [`Metric::Face`], the move and its inverse with [`Metric::Quarter`].
    ///
    /// The order is Schofield's: first every declared move, then their
    /// second powers, and so on, the inverses last (A B C D W X Y Z; U R F
    /// U2 R2 F2 U' R' F'). A power that equals a declared move takes its
    /// name (A⁻¹ is W); otherwise it is named `U2`, `U'`, `U2'`. Named
    /// generators one of which adds no move (`U2` beside `U` in the face
    /// metric) are an error.
    ///
    /// ```
    /// use schofield::puzzle::{library, Metric};
    /// let cube = library::get("3x3x3").unwrap();
    /// let names = |v: &[&str]| v.iter().map(|s| s.to_string()).collect::<Vec<_>>();
    /// assert!(cube.moves(Metric::Face, Some(&names(&["U", "U2"]))).is_err());
    /// assert_eq!(cube.moves(Metric::Quarter, Some(&names(&["U", "U2"]))).unwrap().len(), 3);
    /// ```
    pub fn moves(
        &self,
        metric: Metric,
        generators: Option<&[String]>,
    ) -> Result<MoveSet, DefinitionError> {
        if self.tray.is_some() {
            return Err(DefinitionError::TileMoves(self.name.clone()));
        }
        let chosen = self.generators(generators)?;
        // A file may declare U beside U2; a user who names both is told.
        MoveSet::derive(self, &chosen, metric, generators.is_some())
    }

    /// The generators named in `generators` (every declared move for
    /// `None`), in the order named. A name is a declared move or, as
    /// twsearch's `--moves` takes them, any alg of declared moves (`U2`,
    /// `R'`, `[R, U]`), named as written. An unknown name, a generator that
    /// does nothing, one given twice (by name or by what it does) and, on a
    /// puzzle whose moves are priced by words, a generator that is not a
    /// declared move are errors.
    ///
    /// ```
    /// use schofield::puzzle::library;
    /// let cube = library::get("2x2x2").unwrap();
    /// let names = |v: &[&str]| v.iter().map(|s| s.to_string()).collect::<Vec<_>>();
    /// assert_eq!(cube.generators(Some(&names(&["R", "U"]))).unwrap().len(), 2);
    /// let halves = cube.generators(Some(&names(&["R2", "U2"]))).unwrap();
    /// assert_eq!(halves[0].name(), "R2");
    /// assert!(cube.generators(Some(&names(&["R", "R"]))).is_err());
    /// assert!(cube.generators(Some(&names(&["R2", "R2'"]))).is_err());
    /// assert!(cube.generators(Some(&names(&["R4"]))).is_err());
    /// ```
    pub fn generators(&self, generators: Option<&[String]>) -> Result<Vec<Named>, DefinitionError> {
        let Some(names) = generators else {
            return Ok(self.moves.clone());
        };
        let declared: Vec<&Named> = self.moves.iter().collect();
        let mut out: Vec<Named> = Vec::new();
        for n in names {
            let m = match self.moves.iter().find(|m| m.name == *n) {
                Some(m) => m.clone(),
                None => self.generator_alg(n, &declared)?,
            };
            if let Some(o) = out
                .iter()
                .find(|o| o.name == m.name || o.transformation == m.transformation)
            {
                return Err(if o.name == m.name {
                    DefinitionError::RepeatedGenerator(n.clone())
                } else {
                    DefinitionError::SameGenerator {
                        name: n.clone(),
                        same_as: o.name.clone(),
                    }
                });
            }
            out.push(m);
        }
        Ok(out)
    }

    /// A generator that is no declared move, read as an alg of them.
    fn generator_alg(&self, text: &str, declared: &[&Named]) -> Result<Named, DefinitionError> {
        let unknown = || DefinitionError::UnknownMove {
            name: text.to_string(),
            known: self
                .moves
                .iter()
                .map(|m| m.name.as_str())
                .collect::<Vec<_>>()
                .join(" "),
        };
        if text.trim().is_empty() {
            return Err(unknown());
        }
        let transformation = checks::eval_alg(text, declared, "generator", &self.identity())
            .map_err(|e| match e {
                // One word that reads as no move: an unknown name.
                DefinitionError::Alg { .. } if !text.contains([' ', '[', '(']) => unknown(),
                e => e,
            })?;
        if self.has_words() {
            return Err(DefinitionError::GeneratorNotAMove(text.to_string()));
        }
        if transformation.is_identity() {
            return Err(DefinitionError::IdleGenerator(text.to_string()));
        }
        Ok(Named {
            name: text.to_string(),
            transformation,
            word: None,
        })
    }
}
