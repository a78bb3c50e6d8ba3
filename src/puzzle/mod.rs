//! A permutation puzzle as data: its orbits of pieces, its goal, its moves,
//! the words that price them (Schofield's elision), its symmetries and
//! rotations, and an optional drawing. A [`Definition`] is what a file says;
//! [`Puzzle::new`] checks it and gives a [`Puzzle`], which the engine
//! ([`crate::twist`]) analyses. Each file format is a reader of its own:
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
pub mod invariants;
pub mod kpuzzle;
pub mod library;
pub mod read;
pub mod transformation;
pub mod tws;
pub mod word;
pub mod yaml;

use crate::text::quoted;
use num_bigint::BigUint;
use serde::Serialize;
use std::collections::BTreeMap;
pub use transformation::{OrbitMap, OrbitPattern, Pattern, Transformation};
pub use word::Word;

/// The most slots an orbit may have (slots are numbered in a byte).
pub const MAX_SLOTS: usize = 255;
/// The most orientations a piece may have.
pub const MAX_ORIENTATIONS: usize = 255;
/// The most orbits a puzzle may have.
pub const MAX_ORBITS: usize = 64;
/// The most moves a metric may give (a set of moves is a 64-bit word).
pub const MAX_MOVES: usize = 64;
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

/// One orbit as a definition gives it.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct OrbitDef {
    /// Its name (`CORNERS`, `squares`).
    pub name: String,
    /// How many slots (and pieces) it has.
    pub pieces: usize,
    /// How many orientations each piece has (1: none).
    pub orientations: usize,
}

/// One orbit's part of a transformation, as a definition gives it: the
/// source slot of each slot, and the orientation gained there (all zero
/// when empty).
#[derive(Debug, Clone, PartialEq, Eq, Default)]
pub struct OrbitMapDef {
    /// `permutation[i]`: the slot whose piece comes to slot `i`.
    pub permutation: Vec<usize>,
    /// `orientation[i]`: the orientation the piece gains in slot `i`.
    pub orientation: Vec<usize>,
}

/// How a move's word is written.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum WordDef {
    /// The cells of the drawing the blank visits, in order, starting and
    /// ending on a blank cell: `_ 2 1 0 _` (each step slides one piece).
    Blank(Vec<String>),
    /// Named base steps, a trailing `'` for a step taken backwards.
    Steps(Vec<(String, bool)>),
}

/// A named transformation as a definition gives it (a move, a rotation or
/// a symmetry), with one map an orbit (an orbit left out is left alone).
#[derive(Debug, Clone, PartialEq, Eq, Default)]
pub struct MoveDef {
    /// Its name.
    pub name: String,
    /// Its maps, by orbit name.
    pub orbits: BTreeMap<String, OrbitMapDef>,
    /// Its word, when the puzzle prices moves by words.
    pub word: Option<WordDef>,
    /// True for a symmetry that mirrors the puzzle (reverses orientations).
    pub mirror: bool,
    /// An alg in the moves before it that this move is (cubing.js's
    /// derived moves); its maps are then left empty.
    pub alg: Option<String>,
}

/// One cell of a drawing, as a definition gives it.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum CellDef {
    /// A slot: its orbit (`None` for the first orbit) and number.
    Slot(Option<String>, usize),
    /// The blank (`_`): a cell no piece stands on in the goal, through which
    /// the pieces of a tray slide.
    Blank,
    /// Nothing is drawn here (`.`).
    Gap,
}

/// The nouns a puzzle's text uses for its parts (Schofield's "twist" and
/// "square" for the trays, "move" and "slot" elsewhere).
#[derive(Debug, Clone, PartialEq, Eq, Serialize)]
pub struct Vocabulary {
    /// A move: `twist`.
    #[serde(rename = "move")]
    pub move_: String,
    /// Moves: `twists`.
    pub moves: String,
    /// A slot: `square`.
    pub slot: String,
    /// Slots: `squares`.
    pub slots: String,
}

impl Default for Vocabulary {
    fn default() -> Self {
        Vocabulary {
            move_: "move".into(),
            moves: "moves".into(),
            slot: "slot".into(),
            slots: "slots".into(),
        }
    }
}

/// A puzzle as a file says it, before any check.
#[derive(Debug, Clone, PartialEq, Eq, Default)]
pub struct Definition {
    /// Its name.
    pub name: String,
    /// A sentence saying what it is.
    pub description: Option<String>,
    /// Its orbits.
    pub orbits: Vec<OrbitDef>,
    /// The goal, by orbit name: each slot's piece and orientation. An orbit
    /// left out has piece `i` on slot `i`, orientation 0.
    pub goal: BTreeMap<String, (Vec<usize>, Vec<usize>)>,
    /// The moves, in the order the file gives them.
    pub moves: Vec<MoveDef>,
    /// Whole-puzzle rotations (generators): positions may be taken up to
    /// them.
    pub rotations: Vec<MoveDef>,
    /// The symmetries: every element of the group, checked to be one.
    pub symmetries: Vec<MoveDef>,
    /// Generators of the symmetry group, closed by the tool.
    pub symmetry_generators: Vec<MoveDef>,
    /// The drawing: cells row by row.
    pub layout: Vec<Vec<CellDef>>,
    /// Nouns for text, when not the default.
    pub vocabulary: Option<Vocabulary>,
    /// The metric a file asks for when none is given.
    pub metric: Option<Metric>,
    /// True for a tray moved by tile moves: a piece next to the blank
    /// slides into it, the blank going anywhere on the drawing (no moves
    /// are given; the drawing is the whole puzzle).
    pub tile_moves: bool,
}

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

/// Why a definition is not a puzzle. Each message names the move, orbit
/// and index at fault.
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
pub enum DefinitionError {
    /// No orbits.
    #[error("the puzzle has no orbits; expected at least one orbit of pieces")]
    NoOrbits,
    /// Too many orbits.
    #[error("the puzzle has {0} orbits; at most {MAX_ORBITS} are allowed")]
    TooManyOrbits(usize),
    /// An orbit named twice.
    #[error("orbit {} is defined twice", quoted(.0))]
    RepeatedOrbit(String),
    /// An orbit of a size out of range.
    #[error("orbit {} has {pieces} pieces; expected 1 to {MAX_SLOTS}", quoted(.orbit))]
    OrbitSize {
        /// The orbit.
        orbit: String,
        /// Its size.
        pieces: usize,
    },
    /// An orientation count out of range.
    #[error("orbit {} has {orientations} orientations; expected 1 to {MAX_ORIENTATIONS}", quoted(.orbit))]
    Orientations {
        /// The orbit.
        orbit: String,
        /// The count.
        orientations: usize,
    },
    /// A name that no orbit has.
    #[error("{what} names orbit {}, which the puzzle does not have; its orbits are {known}", quoted(.orbit))]
    UnknownOrbit {
        /// Where the name was found (`move R`, `the goal`).
        what: String,
        /// The name.
        orbit: String,
        /// The orbits there are.
        known: String,
    },
    /// A list of the wrong length.
    #[error("{what}, orbit {}: the {list} has {found} entries; expected {expected}, one for each slot", quoted(.orbit))]
    Length {
        /// The move, rotation, symmetry or goal.
        what: String,
        /// The orbit.
        orbit: String,
        /// `permutation`, `orientation` or `pieces`.
        list: &'static str,
        /// Entries found.
        found: usize,
        /// Entries expected.
        expected: usize,
    },
    /// An entry out of range.
    #[error("{what}, orbit {}: {list} entry {value} at index {index} is out of range; expected 0 to {}", quoted(.orbit), .limit - 1)]
    OutOfRange {
        /// The move, rotation, symmetry or goal.
        what: String,
        /// The orbit.
        orbit: String,
        /// `permutation`, `orientation` or `pieces`.
        list: &'static str,
        /// The index of the entry.
        index: usize,
        /// The entry.
        value: usize,
        /// One past the largest allowed.
        limit: usize,
    },
    /// A permutation that names a slot twice.
    #[error("{what}, orbit {}: slot {value} is the source of both slot {first} and slot {index}; a permutation names each slot once", quoted(.orbit))]
    NotAPermutation {
        /// The move, rotation or symmetry.
        what: String,
        /// The orbit.
        orbit: String,
        /// The repeated entry.
        value: usize,
        /// The first index that has it.
        first: usize,
        /// The second.
        index: usize,
    },
    /// No moves.
    #[error(
        "the puzzle has no moves; expected at least one (or tile_moves: true for a tray whose pieces slide)"
    )]
    NoMoves,
    /// A tray of tile moves given what it cannot have.
    #[error("a tray moved by tile moves {0}")]
    TileTray(String),
    /// A tray of tile moves asked for what only permutation puzzles have.
    #[error("{} is a tray moved by tile moves, the blank anywhere, not a group of moves; `schofield counts` takes it, and `boards`, `lookup` and `astar` go further", quoted(.0))]
    TileMoves(String),
    /// A name given twice.
    #[error("the name {} is given to two moves, rotations or symmetries; each needs its own", quoted(.0))]
    RepeatedName(String),
    /// A name that cannot be written in alg notation.
    #[error("the name {} cannot be a move's name; expected letters, digits and '_', with at least one letter", quoted(.0))]
    BadName(String),
    /// A move that does nothing.
    #[error("move {} does nothing; every move must change something", quoted(.0))]
    IdentityMove(String),
    /// A move or rotation that mirrors.
    #[error("{} {} mirrors the puzzle; only a symmetry may mirror", .what, quoted(.name))]
    MirroredMove {
        /// `move` or `rotation`.
        what: &'static str,
        /// The name.
        name: String,
    },
    /// Some moves have words and some do not.
    #[error("move {} has no word, but move {} has one; when moves are priced by words, every move needs one", quoted(.without), quoted(.with))]
    MissingWord {
        /// A move without.
        without: String,
        /// A move with.
        with: String,
    },
    /// A word that is wrong.
    #[error("move {}: its word {}", quoted(.name), .problem)]
    BadWord {
        /// The move.
        name: String,
        /// What is wrong.
        problem: String,
    },
    /// Words outside the elision Schofield's search handles exactly.
    #[error(
        "{0}; Schofield's search is exact when every word has an even number of steps, is its inverse's backwards, and is never cancelled away by its neighbours"
    )]
    Elision(String),
    /// An alg that cannot define a move.
    #[error("{what}: {problem}")]
    Alg {
        /// The move, rotation or symmetry.
        what: String,
        /// What is wrong with its alg.
        problem: String,
    },
    /// A drawing that is wrong.
    #[error("the layout, row {row}, cell {col}: {problem}")]
    Layout {
        /// Row, counting from 1.
        row: usize,
        /// Cell, counting from 1.
        col: usize,
        /// What is wrong.
        problem: String,
    },
    /// The listed symmetries are not a group.
    #[error("the symmetries are not a group: {0}")]
    NotAGroup(String),
    /// The symmetry group is too large.
    #[error(
        "the symmetries generate more than {MAX_SYMMETRIES} elements; at most {MAX_SYMMETRIES} are allowed"
    )]
    TooManySymmetries,
    /// A symmetry that does not map the moves onto the moves.
    #[error("symmetry {} maps move {} to something that is not a move of the puzzle{}", quoted(.symmetry), quoted(.move_), .detail)]
    SymmetryBreaksMoves {
        /// The symmetry.
        symmetry: String,
        /// The move.
        move_: String,
        /// More detail, or empty.
        detail: String,
    },
    /// A symmetry that does not map the goal onto the goal.
    #[error("symmetry {} does not map the goal onto the goal: in orbit {}, identical pieces would become different ones", quoted(.symmetry), quoted(.orbit))]
    SymmetryBreaksGoal {
        /// The symmetry.
        symmetry: String,
        /// The orbit.
        orbit: String,
    },
    /// A name given to `--generators` that no move has.
    #[error("no move is called {}; the moves are {known}", quoted(.name))]
    UnknownMove {
        /// The name.
        name: String,
        /// The moves there are.
        known: String,
    },
    /// More moves, rotations or symmetries declared than a file may hold.
    #[error("the puzzle declares {count} {what}; at most {MAX_DECLARED} are allowed")]
    TooManyDeclared {
        /// `moves`, `rotations` or `symmetries`.
        what: &'static str,
        /// How many.
        count: usize,
    },
    /// More moves than a move set holds.
    #[error("the {metric} metric gives {count} moves; at most {MAX_MOVES} are allowed{}", if *.metric == "face" { " (the face metric counts every power of a move as one move; --metric quarter counts a move and its inverse)" } else { "" })]
    TooManyMoves {
        /// The metric.
        metric: &'static str,
        /// How many, in decimal (a move's order may pass 2^64).
        count: String,
    },
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
    /// The names of the words' base steps (for the drawing's slides: the
    /// pair of cells of each step).
    steps: Vec<(usize, usize)>,
    vocabulary: Vocabulary,
    metric: Metric,
    tray: Option<TileTray>,
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
    /// Checks a definition and builds the puzzle.
    pub fn new(def: Definition) -> Result<Puzzle, DefinitionError> {
        let orbits = check_orbits(&def.orbits)?;
        let index_of = |what: &str, name: &str| -> Result<usize, DefinitionError> {
            def.orbits
                .iter()
                .position(|o| o.name == name)
                .ok_or_else(|| DefinitionError::UnknownOrbit {
                    what: what.to_string(),
                    orbit: name.to_string(),
                    known: orbit_names(&def.orbits),
                })
        };
        // The goal.
        let mut goal: Vec<OrbitPattern> = orbits
            .iter()
            .map(|o| OrbitPattern {
                pieces: (0..o.pieces as u8).collect(),
                orientation: vec![0; o.pieces],
            })
            .collect();
        for (name, (pieces, ori)) in &def.goal {
            let k = index_of("the goal", name)?;
            let o = &orbits[k];
            let what = "the goal";
            check_list(what, name, "pieces", pieces, o.pieces, o.pieces)?;
            if !ori.is_empty() {
                check_list(
                    what,
                    name,
                    "orientation",
                    ori,
                    o.pieces,
                    usize::from(o.orientations),
                )?;
            }
            goal[k] = OrbitPattern {
                pieces: pieces.iter().map(|&p| p as u8).collect(),
                orientation: if ori.is_empty() {
                    vec![0; o.pieces]
                } else {
                    ori.iter().map(|&x| x as u8).collect()
                },
            };
        }
        let goal = Pattern::new(goal);

        // Names are unique and usable in alg notation.
        let mut names = std::collections::HashSet::new();
        for m in def
            .moves
            .iter()
            .chain(&def.rotations)
            .chain(&def.symmetries)
            .chain(&def.symmetry_generators)
        {
            if !names.insert(m.name.as_str()) {
                return Err(DefinitionError::RepeatedName(m.name.clone()));
            }
        }
        for (what, count) in [
            ("moves", def.moves.len()),
            ("rotations", def.rotations.len()),
            (
                "symmetries",
                def.symmetries.len() + def.symmetry_generators.len(),
            ),
        ] {
            if count > MAX_DECLARED {
                return Err(DefinitionError::TooManyDeclared { what, count });
            }
        }
        for m in def.moves.iter().chain(&def.rotations) {
            if !is_move_name(&m.name) {
                return Err(DefinitionError::BadName(m.name.clone()));
            }
        }
        let tray = if def.tile_moves {
            Some(check_tile_tray(&def, &orbits)?)
        } else {
            None
        };
        if def.moves.is_empty() && tray.is_none() {
            return Err(DefinitionError::NoMoves);
        }
        let build = |m: &MoveDef, what: &str| -> Result<Transformation, DefinitionError> {
            transformation_of(m, what, &orbits, &def.orbits, &index_of)
        };
        let layout = check_layout(&def.layout, &orbits, &def.orbits)?;
        let identity = Transformation::new(
            orbits
                .iter()
                .map(|o| OrbitMap::identity(o.pieces, o.orientations))
                .collect(),
            false,
        );
        let made = |m: &MoveDef,
                    what: &str,
                    before: &[&Named]|
         -> Result<Transformation, DefinitionError> {
            match &m.alg {
                Some(text) => eval_alg(text, before, what, &identity),
                None => build(m, what),
            }
        };
        // Moves and rotations given as maps first, then those given as algs
        // (cubing.js's derived moves), each in terms of all before it.
        let mut built: Vec<Option<Named>> = vec![None; def.moves.len() + def.rotations.len()];
        let all_names: Vec<&str> = def
            .moves
            .iter()
            .chain(&def.rotations)
            .map(|m| m.name.as_str())
            .collect();
        let all_defs: Vec<(&MoveDef, &'static str)> = def
            .moves
            .iter()
            .map(|m| (m, "move"))
            .chain(def.rotations.iter().map(|m| (m, "rotation")))
            .collect();
        // Algs may name moves defined after them (cubing.js's 2×2×2 defines
        // L as [z: U] and z later); each pass builds those whose names are
        // all known, until none is left or none can be built.
        let mut pending: Vec<usize> = (0..all_defs.len()).collect();
        loop {
            let known: Vec<&str> = built.iter().flatten().map(|n| n.name.as_str()).collect();
            let ready: Vec<usize> = pending
                .iter()
                .copied()
                .filter(|&i| match &all_defs[i].0.alg {
                    None => true,
                    Some(text) => alg::Alg::parse_for(text, &all_names)
                        .is_ok_and(|a| a.names().iter().all(|(n, _)| known.contains(n))),
                })
                .collect();
            // Nothing ready: build the first pending one, which reports why.
            let todo = if ready.is_empty() {
                match pending.first() {
                    Some(&i) => vec![i],
                    None => break,
                }
            } else {
                ready
            };
            pending.retain(|i| !todo.contains(i));
            for i in todo {
                let (m, kind) = all_defs[i];
                let what = format!("{kind} {}", quoted(&m.name));
                let before: Vec<&Named> = built.iter().flatten().collect();
                let t = made(m, &what, &before)?;
                if t.mirrors() {
                    return Err(DefinitionError::MirroredMove {
                        what: kind,
                        name: m.name.clone(),
                    });
                }
                if kind == "move" && t.is_identity() {
                    return Err(DefinitionError::IdentityMove(m.name.clone()));
                }
                built[i] = Some(Named {
                    name: m.name.clone(),
                    transformation: t,
                    word: None,
                });
            }
        }
        let mut built = built.into_iter().flatten();
        let mut moves: Vec<Named> = built.by_ref().take(def.moves.len()).collect();
        let rotations: Vec<Named> = built.collect();
        // Words.
        let (steps, words) = check_words(&def, &moves, &layout)?;
        for (m, w) in moves.iter_mut().zip(words) {
            m.word = w;
        }
        // Symmetries: the listed group, or the closure of the generators.
        let mut symmetries: Vec<Named> = Vec::new();
        for m in def.symmetries.iter().chain(&def.symmetry_generators) {
            let before: Vec<&Named> = moves.iter().chain(&rotations).chain(&symmetries).collect();
            let t = made(m, &format!("symmetry {}", quoted(&m.name)), &before)?;
            symmetries.push(Named {
                name: m.name.clone(),
                transformation: t,
                word: None,
            });
        }
        let symmetries = if def.symmetry_generators.is_empty() {
            check_group(symmetries)?
        } else {
            close_group(symmetries)?
        };
        // Whole-puzzle rotations are symmetries too (as twsearch takes
        // them): the group grows by them, its named elements kept.
        let symmetries = extend_group(symmetries, &rotations)?;
        let puzzle = Puzzle {
            name: def.name.clone(),
            description: def.description.clone(),
            orbits,
            goal,
            moves,
            rotations,
            symmetries,
            layout,
            steps,
            vocabulary: def.vocabulary.clone().unwrap_or_default(),
            metric: def.metric.unwrap_or(Metric::Face),
            tray,
        };
        if puzzle.tray.is_some() {
            return Ok(puzzle);
        }
        for s in &puzzle.symmetries {
            puzzle.check_goal_symmetry(s)?;
        }
        // The symmetries must map the moves (as the default metric derives
        // them) onto the moves; checked here once so that a file is refused
        // as soon as it is read.
        // (Puzzles of more moves than a search takes are still puzzles:
        // their groups can be studied.)
        // A move of enormous order would give enormously many powers: then
        // each move's image must be a move or its inverse.
        let all: Vec<&Named> = puzzle.moves.iter().collect();
        let (orders, count) = MoveSet::count(&all, puzzle.metric);
        let (orders, metric) = if count <= BigUint::from(MAX_CHECKED_POWERS) {
            (orders, puzzle.metric)
        } else {
            (MoveSet::count(&all, Metric::Quarter).0, Metric::Quarter)
        };
        let orders = small(&orders);
        let list = MoveSet::derive_list(&puzzle, &all, &orders, metric);
        let set: std::collections::HashSet<&Transformation> =
            list.iter().map(|m| &m.transformation).collect();
        for s in &puzzle.symmetries {
            for m in &puzzle.moves {
                if !set.contains(&m.transformation.conjugate(&s.transformation)) {
                    return Err(DefinitionError::SymmetryBreaksMoves {
                        symmetry: s.name.clone(),
                        move_: m.name.clone(),
                        detail: String::new(),
                    });
                }
            }
        }
        if list.len() <= MAX_MOVES {
            let moves = puzzle.moves(metric, None)?;
            moves.check_symmetries(&puzzle.symmetries)?;
        }
        Ok(puzzle)
    }

    /// Its name.
    pub fn name(&self) -> &str {
        &self.name
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

    /// For a tray moved by tile moves, its rectangle and the blank's home
    /// (`None` for a permutation puzzle).
    pub fn tile_tray(&self) -> Option<TileTray> {
        self.tray
    }

    /// The drawing, row by row (empty when there is none).
    pub fn layout(&self) -> &[Vec<Cell>] {
        &self.layout
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
        for ((g, h), o) in self
            .goal
            .orbits()
            .iter()
            .zip(image.orbits())
            .zip(&self.orbits)
        {
            let mut label = [None::<(u8, u8)>; 256];
            let mut back = [None::<u8>; 256];
            for i in 0..g.pieces.len() {
                let m = o.orientations;
                let offset = transformation::turn_sub(h.orientation[i], g.orientation[i], m);
                let want = (h.pieces[i], offset);
                let ok = match label[usize::from(g.pieces[i])] {
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
    /// name (A⁻¹ is W); otherwise it is named `U2`, `U'`, `U2'`.
    pub fn moves(
        &self,
        metric: Metric,
        generators: Option<&[String]>,
    ) -> Result<MoveSet, DefinitionError> {
        if self.tray.is_some() {
            return Err(DefinitionError::TileMoves(self.name.clone()));
        }
        let chosen: Vec<&Named> = match generators {
            None => self.moves.iter().collect(),
            Some(names) => {
                let mut out: Vec<&Named> = Vec::new();
                for n in names {
                    let m = self.moves.iter().find(|m| m.name == *n).ok_or_else(|| {
                        DefinitionError::UnknownMove {
                            name: n.clone(),
                            known: self
                                .moves
                                .iter()
                                .map(|m| m.name.as_str())
                                .collect::<Vec<_>>()
                                .join(" "),
                        }
                    })?;
                    if !out.iter().any(|o| o.name == m.name) {
                        out.push(m);
                    }
                }
                out
            }
        };
        MoveSet::derive(self, &chosen, metric)
    }
}

/// A move of a [`MoveSet`]: its name, transformation, cost and word.
#[derive(Debug, Clone)]
pub struct Move {
    name: String,
    transformation: Transformation,
    word: Option<Word>,
    cost: u32,
    inverse: usize,
    /// The declared move it is a power of, and the exponent.
    base: (usize, i64),
}

impl Move {
    /// Its name (`A`, `U2`, `R'`).
    pub fn name(&self) -> &str {
        &self.name
    }

    /// What it does.
    pub fn transformation(&self) -> &Transformation {
        &self.transformation
    }

    /// Its word, when moves are priced by words.
    pub fn word(&self) -> Option<&Word> {
        self.word.as_ref()
    }

    /// Its cost alone: the length of its word, or 1.
    pub fn cost(&self) -> u32 {
        self.cost
    }

    /// The number of its inverse in the move set.
    pub fn inverse(&self) -> usize {
        self.inverse
    }

    /// The declared move it is a power of (by its number among the moves
    /// chosen) and the exponent.
    pub fn power_of(&self) -> (usize, i64) {
        self.base
    }
}

/// The moves of one metric, numbered in order, with their costs and
/// which pairs elide.
#[derive(Debug, Clone)]
pub struct MoveSet {
    moves: Vec<Move>,
    metric: Metric,
    /// `cancel[a * n + b]`: steps cancelled when `b` follows `a`.
    cancel: Vec<u8>,
    /// `redundant[a]`: the moves `b` (a bit each) such that `a` then `b`
    /// is no move at all or a single move.
    redundant: Vec<u64>,
}

impl MoveSet {
    fn derive(
        puzzle: &Puzzle,
        chosen: &[&Named],
        metric: Metric,
    ) -> Result<MoveSet, DefinitionError> {
        let (orders, count) = Self::count(chosen, metric);
        if count > BigUint::from(MAX_MOVES) {
            return Err(DefinitionError::TooManyMoves {
                metric: metric.name(),
                count: count.to_string(),
            });
        }
        let mut list = Self::derive_list(puzzle, chosen, &small(&orders), metric);
        // Inverses: the quarter and face metrics both hold them.
        for a in 0..list.len() {
            let inv = list[a].transformation.inverse();
            list[a].inverse = list
                .iter()
                .position(|m| m.transformation == inv)
                .expect("both metrics hold every move's inverse");
        }
        Self::from_list(list, metric)
    }

    /// The moves of `metric` made from `chosen`, in Schofield's order, with
    /// their names, costs and words (inverses not yet found).
    /// The order of each chosen move, and how many moves `metric` makes of
    /// them, counted before any is made: a move of order n gives n − 1 in
    /// the face metric, and n may be astronomically large. The quarter
    /// metric needs only to know an order of 3 or more, and says 3.
    fn count(chosen: &[&Named], metric: Metric) -> (Vec<BigUint>, BigUint) {
        let orders: Vec<BigUint> = chosen
            .iter()
            .map(|m| {
                let o = order_of(&m.transformation);
                match metric {
                    Metric::Face => o,
                    Metric::Quarter => o.min(BigUint::from(3u32)),
                }
            })
            .collect();
        let count = orders.iter().map(|o| o - 1u32).sum();
        (orders, count)
    }

    fn derive_list(
        puzzle: &Puzzle,
        chosen: &[&Named],
        orders: &[u64],
        metric: Metric,
    ) -> Vec<Move> {
        let mut list: Vec<Move> = Vec::new();
        let exps = |order: u64| -> Vec<i64> {
            let order = order as i64;
            let mut e: Vec<i64> = match metric {
                Metric::Quarter => vec![1, -1],
                Metric::Face => {
                    // 1, 2, …, then the negative ones, -1 last.
                    let half = order / 2;
                    let mut v: Vec<i64> = (1..=half).collect();
                    v.extend((1..=(order - 1 - half)).rev().map(|k| -k));
                    v
                }
            };
            e.retain(|&x| x.rem_euclid(order) != 0);
            e
        };
        // Column k of the exponent lists, for every move, in turn.
        let lists: Vec<Vec<i64>> = orders.iter().map(|&o| exps(o)).collect();
        let width = lists.iter().map(Vec::len).max().unwrap_or(0);
        let mut columns: Vec<Vec<(usize, i64)>> = vec![Vec::new(); width];
        for (i, l) in lists.iter().enumerate() {
            // Negative exponents line up from the right, so that every
            // inverse is in the last column.
            let neg = l.iter().filter(|&&x| x < 0).count();
            for (k, &x) in l.iter().enumerate() {
                let col = if x > 0 {
                    k
                } else {
                    width - neg + (k - (l.len() - neg))
                };
                columns[col].push((i, x));
            }
        }
        let declared_by: std::collections::HashMap<&Transformation, &Named> = puzzle
            .moves
            .iter()
            .rev()
            .map(|m| (&m.transformation, m))
            .collect();
        let mut made: std::collections::HashSet<Transformation> = std::collections::HashSet::new();
        for (i, x) in columns.into_iter().flatten() {
            let base = chosen[i];
            let t = base.transformation.pow(x);
            if t.is_identity() || !made.insert(t.clone()) {
                continue;
            }
            // A declared move equal to this power lends its name and word.
            let declared = declared_by.get(&t).copied();
            let name = match declared {
                Some(d) => d.name.clone(),
                None => match x {
                    1 => base.name.clone(),
                    -1 => format!("{}'", base.name),
                    x if x > 0 => format!("{}{x}", base.name),
                    x => format!("{}{}'", base.name, -x),
                },
            };
            let word = match declared.and_then(|d| d.word.clone()) {
                Some(w) => Some(w),
                None => base.word.as_ref().map(|w| {
                    let step = if x < 0 { w.inverse() } else { w.clone() };
                    (1..x.unsigned_abs()).fold(step.clone(), |acc, _| acc.then(&step))
                }),
            };
            let cost = word.as_ref().map_or(1, |w| w.len() as u32);
            list.push(Move {
                name,
                transformation: t,
                word,
                cost,
                inverse: usize::MAX,
                base: (i, x),
            });
        }
        list
    }

    /// The move set of a derived list: which pairs cancel steps and which
    /// are redundant.
    fn from_list(list: Vec<Move>, metric: Metric) -> Result<MoveSet, DefinitionError> {
        let n = list.len();
        let mut cancel = vec![0u8; n * n];
        for a in 0..n {
            for b in 0..n {
                if let (Some(x), Some(y)) = (&list[a].word, &list[b].word) {
                    cancel[a * n + b] = x.cancelled_with(y).min(255) as u8;
                }
            }
        }
        // What each pair makes: no move at all, a single move (the least
        // cost of one), or neither.
        let mut undoing = vec![0u64; n];
        let mut single: Vec<Option<u32>> = vec![None; n * n];
        for a in 0..n {
            for b in 0..n {
                let t = list[a].transformation.then(&list[b].transformation);
                if t.is_identity() {
                    undoing[a] |= 1 << b;
                } else {
                    single[a * n + b] = list
                        .iter()
                        .filter(|m| m.transformation == t)
                        .map(|m| m.cost)
                        .min();
                }
            }
        }
        let mut redundant: Vec<u64> = (0..n)
            .map(|a| {
                (0..n)
                    .filter(|&b| single[a * n + b].is_some())
                    .fold(undoing[a], |acc, b| acc | 1 << b)
            })
            .collect();
        // A pair that makes a single move may be left out of minimal paths
        // only when it never costs less than that move, whatever stands on
        // either side: its words, less the most each junction can cancel,
        // are at least the single move's word. (The eight-puzzle's A A,
        // 4 + 4 − 2·(1 + 0 + 1), costs no less than W.) Otherwise only a
        // move and its inverse are kept apart.
        let saved = |a: usize, b: usize| {
            if b != list[a].inverse {
                u32::from(cancel[a * n + b])
            } else {
                0
            }
        };
        let max_in: Vec<u32> = (0..n)
            .map(|b| (0..n).map(|a| saved(a, b)).max().unwrap_or(0))
            .collect();
        let max_out: Vec<u32> = (0..n)
            .map(|a| (0..n).map(|b| saved(a, b)).max().unwrap_or(0))
            .collect();
        let reduced = (0..n).all(|a| {
            (0..n).all(|b| match single[a * n + b] {
                Some(r) => {
                    let pair = list[a].cost + list[b].cost;
                    let most = 2 * (max_in[a] + saved(a, b) + max_out[b]);
                    pair.saturating_sub(most) >= r
                }
                _ => true,
            })
        });
        if !reduced {
            redundant = undoing;
        }
        let set = MoveSet {
            moves: list,
            metric,
            cancel,
            redundant,
        };
        set.check_words()?;
        Ok(set)
    }

    /// The most steps that cancel between two consecutive moves of a
    /// reduced path (0 without words; 1 on the eight-puzzle).
    pub fn max_cancel(&self) -> u32 {
        let n = self.moves.len();
        (0..n)
            .flat_map(|a| (0..n).map(move |b| (a, b)))
            .filter(|&(a, b)| self.redundant[a] & (1 << b) == 0 && self.elides(a, b))
            .map(|(a, b)| self.cancelled(a, b))
            .max()
            .unwrap_or(0)
    }

    /// The steps cancelled between `a` and `b` in a reduced path: none
    /// when `b` never follows `a` or undoes it.
    fn saved(&self, a: usize, b: usize) -> usize {
        if self.redundant[a] & (1 << b) == 0 && self.elides(a, b) {
            self.cancelled(a, b) as usize
        } else {
            0
        }
    }

    /// Words give Schofield's cost `m = Σ cost − 2·(steps cancelled)` only
    /// when a move's cost depends on the move before it alone and his
    /// layered search is exact: every word of even length, a move's inverse
    /// written as its word backwards, and in a reduced path no word
    /// cancelled away, not even by the moves on both sides of it together
    /// (so that what is left of each word is a step at least), and at most
    /// [`MAX_CANCEL`] steps cancelled at a junction.
    fn check_words(&self) -> Result<(), DefinitionError> {
        let n = self.moves.len();
        let follows = |a: usize, b: usize| self.redundant[a] & (1 << b) == 0;
        for m in &self.moves {
            let Some(w) = &m.word else { continue };
            if w.len() % 2 == 1 {
                return Err(DefinitionError::Elision(format!(
                    "move {} has a word of {} steps",
                    quoted(&m.name),
                    w.len()
                )));
            }
            let inv = &self.moves[m.inverse];
            if inv.word.as_ref() != Some(&w.inverse()) {
                return Err(DefinitionError::Elision(format!(
                    "the word of {} is not the word of {} backwards, so a path and its inverse would cost differently",
                    quoted(&inv.name),
                    quoted(&m.name)
                )));
            }
        }
        for b in 0..n {
            let Some(w) = &self.moves[b].word else {
                continue;
            };
            for a in (0..n).filter(|&a| follows(a, b)) {
                let before = self.saved(a, b);
                if before > MAX_CANCEL {
                    return Err(DefinitionError::Elision(format!(
                        "{} then {} cancel {} steps, more than the {MAX_CANCEL} the search keeps track of",
                        quoted(&self.moves[a].name),
                        quoted(&self.moves[b].name),
                        before
                    )));
                }
                for c in (0..n).filter(|&c| follows(b, c)) {
                    let after = self.saved(b, c);
                    if before + after >= w.len() {
                        return Err(DefinitionError::Elision(format!(
                            "in {} {} {} the word of {} ({} steps) is cancelled away ({} steps with the move before, {} with the move after)",
                            self.moves[a].name,
                            self.moves[b].name,
                            self.moves[c].name,
                            quoted(&self.moves[b].name),
                            w.len(),
                            before,
                            after
                        )));
                    }
                }
            }
        }
        Ok(())
    }

    /// Every symmetry maps every move to a move of this set, with the same
    /// cost, and carries elision along.
    pub fn check_symmetries(&self, symmetries: &[Named]) -> Result<(), DefinitionError> {
        for s in symmetries {
            let image = self.image_under(s.transformation());
            for (a, m) in self.moves.iter().enumerate() {
                let Some(b) = image[a] else {
                    return Err(DefinitionError::SymmetryBreaksMoves {
                        symmetry: s.name.clone(),
                        move_: m.name.clone(),
                        detail: String::new(),
                    });
                };
                if self.moves[b].cost != m.cost {
                    return Err(DefinitionError::SymmetryBreaksMoves {
                        symmetry: s.name.clone(),
                        move_: m.name.clone(),
                        detail: format!(
                            " of the same cost (it becomes {})",
                            quoted(&self.moves[b].name)
                        ),
                    });
                }
            }
            let n = self.moves.len();
            for a in 0..n {
                for b in 0..n {
                    let (x, y) = (image[a].unwrap_or(a), image[b].unwrap_or(b));
                    if self.cancel[a * n + b] != self.cancel[x * n + y] {
                        return Err(DefinitionError::SymmetryBreaksMoves {
                            symmetry: s.name.clone(),
                            move_: self.moves[a].name.clone(),
                            detail: format!(
                                " that elides as it does ({} then {} elide differently from {} then {})",
                                quoted(&self.moves[a].name),
                                quoted(&self.moves[b].name),
                                quoted(&self.moves[x].name),
                                quoted(&self.moves[y].name)
                            ),
                        });
                    }
                }
            }
        }
        Ok(())
    }

    /// The move each move becomes under the symmetry `s` (by conjugation),
    /// `None` where that is not a move of the set.
    pub fn image_under(&self, s: &Transformation) -> Vec<Option<usize>> {
        self.moves
            .iter()
            .map(|m| {
                let c = m.transformation.conjugate(s);
                self.moves.iter().position(|x| x.transformation == c)
            })
            .collect()
    }

    /// The moves, in order.
    pub fn iter(&self) -> impl Iterator<Item = &Move> {
        self.moves.iter()
    }

    /// The move numbered `i`.
    pub fn get(&self, i: usize) -> &Move {
        &self.moves[i]
    }

    /// How many moves there are.
    pub fn len(&self) -> usize {
        self.moves.len()
    }

    /// Always false: a puzzle has a move.
    pub fn is_empty(&self) -> bool {
        self.moves.is_empty()
    }

    /// The metric.
    pub fn metric(&self) -> Metric {
        self.metric
    }

    /// The number of the move called `name`.
    pub fn find(&self, name: &str) -> Option<usize> {
        self.moves.iter().position(|m| m.name == name)
    }

    /// True when moves are priced by words.
    pub fn has_words(&self) -> bool {
        self.moves.iter().any(|m| m.word.is_some())
    }

    /// The steps cancelled when move `b` follows move `a`.
    pub fn cancelled(&self, a: usize, b: usize) -> u32 {
        u32::from(self.cancel[a * self.moves.len() + b])
    }

    /// True when move `b` right after move `a` completes an elision (and is
    /// not `a`'s inverse, which undoes it).
    pub fn elides(&self, a: usize, b: usize) -> bool {
        b != self.moves[a].inverse && self.cancelled(a, b) > 0
    }

    /// The moves (a bit each) that never follow `a` in a *reduced* path:
    /// those that make with `a` no move at all or a single move (after A,
    /// A and W: A A is the twist W). Minimal paths in Schofield's sense are
    /// reduced. When words cancel so much that a pair may cost less than
    /// the single move it makes, only the moves that undo `a` are left out.
    pub fn redundant_after(&self, a: usize) -> u64 {
        self.redundant[a]
    }

    /// The cost of `b` right after `a` (`None`: at the start).
    ///
    /// Schofield's count `m = 4t − 2e`: only an elision saves; a move right
    /// after its inverse (which undoes it, and is never in a reduced path)
    /// costs in full.
    pub fn cost_after(&self, a: Option<usize>, b: usize) -> u32 {
        let saved = match a {
            Some(a) if self.elides(a, b) => 2 * self.cancelled(a, b),
            _ => 0,
        };
        self.moves[b].cost.saturating_sub(saved)
    }
}

/// The most powers of the declared moves made to check a file's
/// symmetries (more than a search takes, fewer than would take long).
const MAX_CHECKED_POWERS: u32 = 4096;

/// Orders known to be small (counted against a bound first).
fn small(orders: &[BigUint]) -> Vec<u64> {
    orders
        .iter()
        .map(|o| u64::try_from(o).expect("orders are bounded before they are made small"))
        .collect()
}

/// The order of a transformation, from its cycles: the least common
/// multiple, over cycles, of the length times the order of the turn a piece
/// gains going round once (doubled for an odd order that mirrors). Exact
/// however large: the lcm is taken over prime powers, so a move of many
/// long cycles of different lengths is not an overflow.
///
/// ```
/// use schofield::puzzle::{library, order_of};
/// let cube = library::get("2x2x2").unwrap();
/// let r = cube.declared_moves().iter().find(|m| m.name() == "R").unwrap();
/// assert_eq!(order_of(r.transformation()), 4u32.into());
/// ```
pub fn order_of(t: &Transformation) -> BigUint {
    fn gcd(a: u64, b: u64) -> u64 {
        if b == 0 { a } else { gcd(b, a % b) }
    }
    // The highest power of each prime dividing some cycle's order.
    let mut powers: BTreeMap<u64, u32> = BTreeMap::new();
    let mut take = |mut k: u64| {
        let mut p = 2;
        while k > 1 {
            if p * p > k {
                p = k;
            }
            let mut e = 0;
            while k.is_multiple_of(p) {
                k /= p;
                e += 1;
            }
            if e > 0 {
                let best = powers.entry(p).or_insert(0);
                *best = (*best).max(e);
            }
            p += 1;
        }
    };
    for o in t.orbits() {
        let m = u64::from(o.modulus());
        for (c, gain) in o.cycles() {
            let g = u64::from(gain);
            let twist_order = if g == 0 { 1 } else { m / gcd(m, g) };
            take(c.len() as u64 * twist_order);
        }
        // Fixed slots that twist.
        for (i, &p) in o.permutation().iter().enumerate() {
            let g = u64::from(o.orientation()[i]);
            if usize::from(p) == i && g != 0 {
                take(m / gcd(m, g));
            }
        }
    }
    if t.mirrors() && !powers.contains_key(&2) {
        powers.insert(2, 1);
    }
    powers.iter().fold(BigUint::from(1u32), |acc, (&p, &e)| {
        acc * BigUint::from(p).pow(e)
    })
}

fn check_orbits(defs: &[OrbitDef]) -> Result<Vec<Orbit>, DefinitionError> {
    if defs.is_empty() {
        return Err(DefinitionError::NoOrbits);
    }
    if defs.len() > MAX_ORBITS {
        return Err(DefinitionError::TooManyOrbits(defs.len()));
    }
    let mut out: Vec<Orbit> = Vec::new();
    for d in defs {
        if out.iter().any(|o| o.name == d.name) {
            return Err(DefinitionError::RepeatedOrbit(d.name.clone()));
        }
        if !(1..=MAX_SLOTS).contains(&d.pieces) {
            return Err(DefinitionError::OrbitSize {
                orbit: d.name.clone(),
                pieces: d.pieces,
            });
        }
        if !(1..=MAX_ORIENTATIONS).contains(&d.orientations) {
            return Err(DefinitionError::Orientations {
                orbit: d.name.clone(),
                orientations: d.orientations,
            });
        }
        out.push(Orbit {
            name: d.name.clone(),
            pieces: d.pieces,
            orientations: d.orientations as u8,
        });
    }
    Ok(out)
}

/// A list of `expected` entries below `limit`.
fn check_list(
    what: &str,
    orbit: &str,
    list: &'static str,
    values: &[usize],
    expected: usize,
    limit: usize,
) -> Result<(), DefinitionError> {
    if values.len() != expected {
        return Err(DefinitionError::Length {
            what: what.to_string(),
            orbit: orbit.to_string(),
            list,
            found: values.len(),
            expected,
        });
    }
    if let Some((index, &value)) = values.iter().enumerate().find(|(_, v)| **v >= limit) {
        return Err(DefinitionError::OutOfRange {
            what: what.to_string(),
            orbit: orbit.to_string(),
            list,
            index,
            value,
            limit,
        });
    }
    Ok(())
}

fn transformation_of(
    m: &MoveDef,
    what: &str,
    orbits: &[Orbit],
    defs: &[OrbitDef],
    index_of: &dyn Fn(&str, &str) -> Result<usize, DefinitionError>,
) -> Result<Transformation, DefinitionError> {
    let mut maps: Vec<OrbitMap> = orbits
        .iter()
        .map(|o| OrbitMap::identity(o.pieces, o.orientations))
        .collect();
    for (name, def) in &m.orbits {
        let k = index_of(what, name)?;
        let o = &orbits[k];
        let n = o.pieces;
        let perm = if def.permutation.is_empty() {
            (0..n).collect()
        } else {
            def.permutation.clone()
        };
        check_list(what, name, "permutation", &perm, n, n)?;
        let mut first = vec![usize::MAX; n];
        for (i, &p) in perm.iter().enumerate() {
            if first[p] != usize::MAX {
                return Err(DefinitionError::NotAPermutation {
                    what: what.to_string(),
                    orbit: name.clone(),
                    value: p,
                    first: first[p],
                    index: i,
                });
            }
            first[p] = i;
        }
        let ori = if def.orientation.is_empty() {
            vec![0; n]
        } else {
            def.orientation.clone()
        };
        check_list(
            what,
            name,
            "orientation",
            &ori,
            n,
            usize::from(o.orientations),
        )?;
        maps[k] = OrbitMap::from_parts(
            perm.iter().map(|&p| p as u8).collect(),
            ori.iter().map(|&p| p as u8).collect(),
            o.orientations,
        );
    }
    let _ = defs;
    Ok(Transformation::new(maps, m.mirror))
}

fn check_layout(
    rows: &[Vec<CellDef>],
    orbits: &[Orbit],
    defs: &[OrbitDef],
) -> Result<Vec<Vec<Cell>>, DefinitionError> {
    let mut seen = std::collections::HashSet::new();
    let mut out = Vec::new();
    for (r, row) in rows.iter().enumerate() {
        let mut cells = Vec::new();
        for (c, cell) in row.iter().enumerate() {
            let bad = |problem: String| DefinitionError::Layout {
                row: r + 1,
                col: c + 1,
                problem,
            };
            cells.push(match cell {
                CellDef::Blank => Cell::Blank,
                CellDef::Gap => Cell::Gap,
                CellDef::Slot(orbit, slot) => {
                    let k = match orbit {
                        None => 0,
                        Some(name) => {
                            defs.iter().position(|o| &o.name == name).ok_or_else(|| {
                                bad(format!(
                                    "orbit {} does not exist; the orbits are {}",
                                    quoted(name),
                                    orbit_names(defs)
                                ))
                            })?
                        }
                    };
                    if *slot >= orbits[k].pieces {
                        return Err(bad(format!(
                            "slot {slot} of orbit {} does not exist; expected 0 to {}",
                            quoted(&orbits[k].name),
                            orbits[k].pieces - 1
                        )));
                    }
                    if !seen.insert((k, *slot)) {
                        return Err(bad(format!(
                            "slot {slot} of orbit {} is drawn twice",
                            quoted(&orbits[k].name)
                        )));
                    }
                    Cell::Slot {
                        orbit: k,
                        slot: *slot as u8,
                    }
                }
            });
        }
        out.push(cells);
    }
    Ok(out)
}

/// A tray moved by tile moves: no moves, rotations or symmetries of its
/// own, one orbit of plain pieces, and a drawing that fills a rectangle with
/// every slot once and one blank.
fn check_tile_tray(def: &Definition, orbits: &[Orbit]) -> Result<TileTray, DefinitionError> {
    let refuse = |what: &str| Err(DefinitionError::TileTray(what.to_string()));
    if !def.moves.is_empty() {
        return refuse(
            "has no moves of its own: its moves are the tile moves of its drawing; remove the moves",
        );
    }
    if !def.rotations.is_empty()
        || !def.symmetries.is_empty()
        || !def.symmetry_generators.is_empty()
    {
        return refuse(
            "takes the symmetries of its rectangle that keep the blank's cell; give no rotations or symmetries",
        );
    }
    if orbits.len() != 1 || orbits[0].orientations != 1 {
        return refuse("has one orbit of pieces without orientations");
    }
    let rows = def.layout.len();
    let cols = def.layout.first().map_or(0, Vec::len);
    if rows == 0 || def.layout.iter().any(|r| r.len() != cols) {
        return refuse("needs a drawing whose rows all have the same number of cells");
    }
    let blanks: Vec<usize> = def
        .layout
        .iter()
        .flatten()
        .enumerate()
        .filter(|(_, c)| **c == CellDef::Blank)
        .map(|(i, _)| i)
        .collect();
    let [home] = blanks[..] else {
        return refuse(&format!(
            "needs one blank in its drawing, not {}",
            blanks.len()
        ));
    };
    if def.layout.iter().flatten().any(|c| *c == CellDef::Gap)
        || orbits[0].pieces + 1 != rows * cols
    {
        return refuse(&format!(
            "needs its {} pieces on every cell of its {rows}x{cols} drawing but the blank's",
            orbits[0].pieces
        ));
    }
    if crate::board::Board::new(rows, cols).is_err() {
        return refuse(&format!(
            "of {rows}x{cols} is not a board the engine searches (docs/boards.md)"
        ));
    }
    Ok(TileTray { rows, cols, home })
}

/// The words of the moves, checked: every move has one or none does; the
/// blank's walks stay on the drawing, between neighbouring cells, start and
/// end on the blank and move the pieces as the move does. Returns the base
/// steps (pairs of cells, for walks of the blank) and each move's word.
#[allow(clippy::type_complexity)]
fn check_words(
    def: &Definition,
    moves: &[Named],
    layout: &[Vec<Cell>],
) -> Result<(Vec<(usize, usize)>, Vec<Option<Word>>), DefinitionError> {
    let with = def.moves.iter().find(|m| m.word.is_some());
    let Some(with) = with else {
        return Ok((Vec::new(), vec![None; moves.len()]));
    };
    if let Some(without) = def.moves.iter().find(|m| m.word.is_none()) {
        return Err(DefinitionError::MissingWord {
            without: without.name.clone(),
            with: with.name.clone(),
        });
    }
    let width = layout.iter().map(Vec::len).max().unwrap_or(0);
    let cell_at = |i: usize| -> Cell {
        layout[i / width]
            .get(i % width)
            .copied()
            .unwrap_or(Cell::Gap)
    };
    // Cells by the names a walk uses: a slot's number (first orbit), or `_`.
    let find_cell = |name: &str| -> Option<usize> {
        (0..layout.len() * width).find(|&i| match cell_at(i) {
            Cell::Blank => name == "_",
            Cell::Slot { orbit: 0, slot } => name == slot.to_string(),
            _ => false,
        })
    };
    let mut steps: Vec<(usize, usize)> = Vec::new();
    let mut named: Vec<String> = Vec::new();
    let mut words = Vec::new();
    for (m, d) in moves.iter().zip(&def.moves) {
        let bad = |problem: String| DefinitionError::BadWord {
            name: m.name.clone(),
            problem,
        };
        let word = match d.word.as_ref().expect("checked above") {
            WordDef::Steps(list) => {
                let mut out = Vec::new();
                for (s, back) in list {
                    let id = match named.iter().position(|n| n == s) {
                        Some(i) => i,
                        None => {
                            named.push(s.clone());
                            named.len() - 1
                        }
                    };
                    out.push((id as u16, *back));
                }
                Word::from_steps(out)
            }
            WordDef::Blank(walk) => {
                if layout.is_empty() {
                    return Err(bad(
                        "walks the blank, but the puzzle has no layout to walk on".into(),
                    ));
                }
                let mut cells = Vec::new();
                for c in walk {
                    cells.push(find_cell(c).ok_or_else(|| {
                        bad(format!(
                            "names cell {}, which is not a slot of the layout nor its blank '_'",
                            quoted(c)
                        ))
                    })?);
                }
                if cells.len() < 2
                    || cell_at(cells[0]) != Cell::Blank
                    || cell_at(*cells.last().unwrap()) != Cell::Blank
                {
                    return Err(bad("must start and end on the blank '_'".into()));
                }
                let mut out = Vec::new();
                // The pieces as the walk moves them, cell by cell.
                let mut board: Vec<Option<u8>> = (0..layout.len() * width)
                    .map(|i| match cell_at(i) {
                        Cell::Slot { orbit: 0, slot } => Some(slot),
                        _ => None,
                    })
                    .collect();
                for pair in cells.windows(2) {
                    let (a, b) = (pair[0], pair[1]);
                    let (ra, ca, rb, cb) = (a / width, a % width, b / width, b % width);
                    if ra.abs_diff(rb) + ca.abs_diff(cb) != 1 {
                        return Err(bad(format!(
                            "steps from {} to {}, which are not neighbours",
                            cell_name(cell_at(a)),
                            cell_name(cell_at(b))
                        )));
                    }
                    // The blank moves a → b: the piece on b slides to a.
                    board[a] = board[b].take();
                    let key = (a.min(b), a.max(b));
                    let id = match steps.iter().position(|&s| s == key) {
                        Some(i) => i,
                        None => {
                            steps.push(key);
                            steps.len() - 1
                        }
                    };
                    out.push((id as u16, a > b));
                }
                // The walk must move the pieces as the move does.
                let goal: Vec<u8> = (0..moves[0].transformation.orbits()[0].len() as u8).collect();
                let mut after = goal.clone();
                for (i, p) in board.iter().enumerate() {
                    if let (Cell::Slot { orbit: 0, slot }, Some(p)) = (cell_at(i), p) {
                        after[usize::from(slot)] = *p;
                    }
                }
                let expected: Vec<u8> = m.transformation.orbits()[0].permutation().to_vec();
                if after != expected || moves[0].transformation.orbits().len() != 1 {
                    return Err(bad(format!(
                        "moves the pieces as {} does, not as the move's cycles {} say",
                        crate::perm::format_cycles(&crate::perm::inverse(&after)),
                        crate::perm::format_cycles(&crate::perm::inverse(&expected))
                    )));
                }
                Word::from_steps(out)
            }
        };
        if word.is_empty() || word.len() > MAX_WORD {
            return Err(bad(format!(
                "has {} steps; expected 1 to {MAX_WORD}",
                word.len()
            )));
        }
        words.push(Some(word));
    }
    Ok((steps, words))
}

/// A cell as a message names it.
fn cell_name(c: Cell) -> String {
    match c {
        Cell::Blank => "the blank".into(),
        Cell::Slot { slot, .. } => format!("slot {slot}"),
        Cell::Gap => "a gap".into(),
    }
}

/// The transformation an alg of earlier named transformations makes.
fn eval_alg(
    text: &str,
    before: &[&Named],
    what: &str,
    identity: &Transformation,
) -> Result<Transformation, DefinitionError> {
    let names: Vec<&str> = before.iter().map(|n| n.name.as_str()).collect();
    let wrap = |e: alg::AlgError| DefinitionError::Alg {
        what: what.to_string(),
        problem: e.to_string(),
    };
    let parsed = alg::Alg::parse_for(text, &names).map_err(wrap)?;
    parsed
        .evaluate(
            &|name, at| {
                before
                    .iter()
                    .find(|n| n.name == name)
                    .map(|n| n.transformation.clone())
                    .ok_or_else(|| alg::AlgError::UnknownMove {
                        name: name.to_string(),
                        at: Some(at),
                        known: names.join(" "),
                        noun: alg::move_nouns(),
                    })
            },
            identity,
            &|a, b| a.then(b),
            &|a| a.inverse(),
        )
        .map_err(wrap)
}

/// The listed symmetries, checked to be a group: the identity is there,
/// and every product and inverse is listed. The identity comes first.
fn check_group(list: Vec<Named>) -> Result<Vec<Named>, DefinitionError> {
    if list.is_empty() {
        return Ok(list);
    }
    if list.len() > MAX_SYMMETRIES {
        return Err(DefinitionError::TooManySymmetries);
    }
    let Some(id) = list.iter().position(|s| s.transformation.is_identity()) else {
        return Err(DefinitionError::NotAGroup(
            "the identity is not listed".into(),
        ));
    };
    let set: std::collections::HashMap<&Transformation, &str> = list
        .iter()
        .map(|s| (&s.transformation, s.name.as_str()))
        .collect();
    if set.len() < list.len() {
        return Err(DefinitionError::NotAGroup(
            "two listed symmetries are the same transformation".into(),
        ));
    }
    for a in &list {
        for b in &list {
            if !set.contains_key(&a.transformation.then(&b.transformation)) {
                return Err(DefinitionError::NotAGroup(format!(
                    "{} then {} is not listed",
                    quoted(&a.name),
                    quoted(&b.name)
                )));
            }
        }
    }
    let mut list = list;
    list.swap(0, id);
    Ok(list)
}

/// The group made by `group` (already a group, or empty) and the
/// generators `more`: the elements of `group` first, with their names,
/// then new ones named by words. Unchanged when `more` adds nothing.
fn extend_group(group: Vec<Named>, more: &[Named]) -> Result<Vec<Named>, DefinitionError> {
    if more.is_empty() {
        return Ok(group);
    }
    let mut gens: Vec<Named> = group
        .iter()
        .filter(|g| !g.transformation.is_identity())
        .cloned()
        .collect();
    gens.extend(more.iter().cloned());
    let mut closed = close_group(gens)?;
    // Keep the listed elements' own names.
    for g in &group {
        if let Some(e) = closed
            .iter_mut()
            .find(|e| e.transformation == g.transformation)
        {
            e.name.clone_from(&g.name);
        }
    }
    Ok(closed)
}

/// The group the generators make, each element named by a shortest word in
/// them (`identity` for the identity); at most [`MAX_SYMMETRIES`] elements.
fn close_group(gens: Vec<Named>) -> Result<Vec<Named>, DefinitionError> {
    let Some(first) = gens.first() else {
        return Ok(gens);
    };
    let id = Transformation::identity_like(&first.transformation);
    let mut out = vec![Named {
        name: "identity".into(),
        transformation: id.clone(),
        word: None,
    }];
    let mut seen: std::collections::HashSet<Transformation> = [id].into_iter().collect();
    let mut i = 0;
    while i < out.len() {
        for g in &gens {
            let t = out[i].transformation.then(&g.transformation);
            if seen.insert(t.clone()) {
                if out.len() >= MAX_SYMMETRIES {
                    return Err(DefinitionError::TooManySymmetries);
                }
                let name = if i == 0 {
                    g.name.clone()
                } else {
                    format!("{} {}", out[i].name, g.name)
                };
                out.push(Named {
                    name,
                    transformation: t,
                    word: None,
                });
            }
        }
        i += 1;
    }
    Ok(out)
}
