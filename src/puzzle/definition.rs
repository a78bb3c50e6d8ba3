//! What a puzzle file says, before it is checked: orbits, moves, words,
//! the goal, symmetries, the drawing (the readers fill a [`Definition`]),
//! and why a definition may not be a puzzle ([`DefinitionError`]).

use super::*;

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
    /// The layout: cells row by row.
    pub layout: Vec<Vec<CellDef>>,
    /// The net of stickers, when the file draws one ([`super::drawing`]).
    pub drawing: Vec<super::drawing::StickerDef>,
    /// Nouns for text, when not the default.
    pub vocabulary: Option<Vocabulary>,
    /// The metric a file asks for when none is given.
    pub metric: Option<Metric>,
    /// True for a tray moved by tile moves: a piece next to the blank
    /// slides into it, the blank going anywhere on the drawing (no moves
    /// are given; the drawing is the whole puzzle).
    pub tile_moves: bool,
    /// For each orbit named, the goal's slots whose piece's orientation
    /// does not matter (twsearch's `?`): positions that differ only in
    /// those pieces' orientations are one position.
    pub free_orientations: BTreeMap<String, Vec<usize>>,
    /// Pieces forbidden from slots (twsearch's `Illegal`): no move may
    /// bring one there.
    pub forbidden: Vec<ForbiddenDef>,
}

impl Definition {
    /// Drops the orientations of every orbit none of whose pieces'
    /// orientations matter (cubing.js's `orientationMod` of 1 on every slot,
    /// twsearch's `?` on every piece): such an orbit's state is its
    /// arrangement alone, so it becomes an orbit of one orientation, every
    /// move's, rotation's and symmetry's gains there dropped with it.
    /// Positions are then counted as twsearch counts them. Returns the
    /// orbits changed. An orbit where only some pieces' orientations do not
    /// matter is left as it is.
    ///
    /// ```
    /// use schofield::puzzle::{Definition, OrbitDef};
    /// let mut def = Definition::default();
    /// def.orbits.push(OrbitDef { name: "CENTERS".into(), pieces: 2, orientations: 4 });
    /// def.free_orientations.insert("CENTERS".into(), vec![0, 1]);
    /// assert_eq!(def.without_free_orbits(), vec!["CENTERS".to_string()]);
    /// assert_eq!(def.orbits[0].orientations, 1);
    /// assert!(def.free_orientations.is_empty());
    /// ```
    pub fn without_free_orbits(&mut self) -> Vec<String> {
        let mut changed = Vec::new();
        for o in &mut self.orbits {
            let all_free = self.free_orientations.get(&o.name).is_some_and(|free| {
                let mut slots = free.clone();
                slots.sort_unstable();
                slots.dedup();
                slots == (0..o.pieces).collect::<Vec<_>>()
            });
            if !all_free || o.orientations <= 1 {
                continue;
            }
            o.orientations = 1;
            self.free_orientations.remove(&o.name);
            if let Some((_, ori)) = self.goal.get_mut(&o.name) {
                ori.clear();
            }
            for m in self
                .moves
                .iter_mut()
                .chain(&mut self.rotations)
                .chain(&mut self.symmetries)
                .chain(&mut self.symmetry_generators)
            {
                if let Some(map) = m.orbits.get_mut(&o.name) {
                    map.orientation.clear();
                }
            }
            changed.push(o.name.clone());
        }
        changed
    }
}

/// Pieces forbidden from one slot, as a definition gives them (twsearch's
/// `Illegal SET SLOT PIECE…`, numbered here from 0).
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct ForbiddenDef {
    /// The orbit.
    pub orbit: String,
    /// The slot.
    pub slot: usize,
    /// The pieces (as the goal numbers them) that may not stand there.
    pub pieces: Vec<usize>,
}

/// The longest name of a puzzle or an orbit, in characters.
pub const MAX_NAME: usize = 200;

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
    /// Identical pieces of which some have orientations that matter and
    /// some do not.
    #[error("the goal, orbit {}: piece {piece} stands on slots {first} and {second}, and its orientation does not matter on one of them only; expected identical pieces to agree", quoted(.orbit))]
    FreeOrientation {
        /// The orbit.
        orbit: String,
        /// The piece.
        piece: usize,
        /// A slot where its orientation matters (or not).
        first: usize,
        /// A slot where it is the other way.
        second: usize,
    },
    /// A puzzle whose positions the searches cannot take yet.
    #[error("puzzle {} has {what}; its group can be studied (`group`), but its positions cannot be searched yet", quoted(.puzzle))]
    NotSearchable {
        /// The puzzle.
        puzzle: String,
        /// What it has: orientations that do not matter, forbidden pieces.
        what: String,
    },
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
    /// A name of the puzzle or of an orbit that a message or a file could
    /// not show as it is: control or direction-changing characters, or
    /// too long.
    #[error("the {what} {} cannot be a name; expected at most {MAX_NAME} characters, none of them control or direction-changing characters", quoted(.name))]
    UnshowableName {
        /// What is named: `puzzle`, `orbit`.
        what: &'static str,
        /// The name.
        name: String,
    },
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
    /// A sticker of the drawing that is wrong.
    #[error("the drawing, sticker {sticker}: {problem}")]
    Drawing {
        /// The sticker, counting from 1.
        sticker: usize,
        /// What is wrong.
        problem: String,
    },
    /// A sticker of a picture that is wrong, named by its id there
    /// ([`super::Puzzle::with_named_drawing`]).
    #[error("sticker {}: {problem}", crate::text::quoted(.id))]
    NamedSticker {
        /// The sticker's id in the picture.
        id: String,
        /// What is wrong.
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
    /// A move named twice among the generators.
    #[error("the generators name {} twice; name each move once", quoted(.0))]
    RepeatedGenerator(String),
    /// Two generators that do the same.
    #[error("the generator {} does what {} does; name each move once", quoted(.name), quoted(.same_as))]
    SameGenerator {
        /// The generator named second.
        name: String,
        /// The one named first that it repeats.
        same_as: String,
    },
    /// A generator every move of which (its powers, in the metric) another
    /// generator already makes: `U2` beside `U` in the face metric.
    #[error("the generator {} makes no move that {} does not already make in the {metric} metric; name each move once", quoted(.name), .by)]
    RedundantGenerator {
        /// The generator.
        name: String,
        /// The generator that makes its moves, quoted, or "the others".
        by: String,
        /// The metric.
        metric: &'static str,
    },
    /// A generator that is not a declared move, on a puzzle priced by words.
    #[error("the generator {} is not a declared move; a puzzle whose moves are priced by words takes only its declared moves as generators", quoted(.0))]
    GeneratorNotAMove(String),
    /// A generator that does nothing.
    #[error("the generator {} does nothing (it is the identity); name moves that move something", quoted(.0))]
    IdleGenerator(String),
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
    /// Two moves of a metric written alike: a power's name is its
    /// generator's followed by the power, so the square of `M1` is `M12`,
    /// which may be another generator's name.
    #[error("the {metric} metric writes two moves as {}: {first} and {second}; rename a move so that no power of one is written as another", quoted(.name))]
    NameClash {
        /// The metric.
        metric: &'static str,
        /// The name both are written as.
        name: String,
        /// One of the two, as its generator and power (`M1^2`).
        first: String,
        /// The other.
        second: String,
    },
}
