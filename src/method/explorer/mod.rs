//! The explorer's engine: what the page of `schofield explore` asks of a
//! puzzle, answered by the same analysis as the command line. The page
//! holds no model of its own; it sends requests as JSON and draws the
//! answers. Compiled to WebAssembly (the `explorer/` crate), this module
//! runs inside the page; natively, the tests ask it the same questions.
//!
//! A site ships each puzzle as a [`Setup`]: where the puzzle comes from,
//! its metric and moves, and its classes by their representatives, found
//! by `schofield explore` beforehand so that the page need not walk every
//! orbit again ([`crate::method::analysis::Options::known_classes`]). The
//! engine checks them on arrival: each representative must be the smallest
//! member of its class and the classes must hold every position.
//!
//! ```
//! use schofield::puzzle::library;
//! use schofield::method::analysis::{Analysis, Options};
//! use schofield::method::explorer::{Explorer, Setup};
//! let a = Analysis::new(library::get("five").unwrap(), &Options::default(), &|_| {}).unwrap();
//! let setup = Setup::of("five", Some("five"), None, &a, &Options::default());
//! let engine = Explorer::from_setup(&setup).unwrap();
//! let answer = engine.answer(r#"{"show": "231/0_4"}"#);
//! assert!(answer.contains("\"moves\":"), "{answer}");
//! let played = engine.answer(r#"{"from": "", "play": "AB"}"#);
//! assert!(played.contains("\"twists\":2"), "{played}");
//! ```

use crate::method::analysis::{Analysis, AnalysisError, KnownClasses, MoveCount, Options};
use crate::method::notation::PositionError;
use crate::method::solve::{PathReport, SolutionReport};
use crate::puzzle::{Cell, Metric, MoveSet, Pattern, Puzzle, Vocabulary, read};
use serde::{Deserialize, Serialize};

mod analysed;
mod pack;
mod past;

pub use pack::{pack, unpack};

/// The most positions a site numbers: the 2×2×2's 3 674 160 and the
/// squares group's 7 962 624 (of which 663 552 are reached) fit, the
/// eleven-puzzle's 19 958 400 do not. The page searches the puzzle again
/// when it opens, about a tenth of a second for the 2×2×2.
pub const MAX_EXPLORED: u64 = 1 << 24;

/// At most this many minimal paths are listed for one position (the rest
/// are counted).
pub const MAX_PATHS_SHOWN: usize = 60;

/// At most this many classes are listed at once.
pub const MAX_CLASSES_SHOWN: usize = 500;

/// A puzzle as a site ships it to its engine.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
pub struct Setup {
    /// Its key in the site's addresses (`eight`, `2x2x2`, a file's stem).
    pub key: String,
    /// Its library name, when it is one of the library's.
    pub library: Option<String>,
    /// Otherwise its file: the name (which tells the format) and text.
    pub file: Option<(String, String)>,
    /// The metric analysed (the puzzle's own when `None`).
    pub metric: Option<Metric>,
    /// The moves that generate (all when `None`).
    pub generators: Option<Vec<String>>,
    /// The classes' representatives, packed ([`pack`]).
    pub classes: String,
    /// The extended classes' representatives, packed.
    pub extended: Option<String>,
    /// True when the puzzle is past the table a page holds (more than
    /// [`MAX_EXPLORED`] positions, or more than a number holds): the page
    /// plays its moves and draws its positions, and solves none (`classes`
    /// is empty). A site written before this field holds none such.
    #[serde(default)]
    pub past_the_table: bool,
}

/// Why an engine could not start.
#[derive(Debug, thiserror::Error)]
pub enum ExplorerError {
    /// The puzzle could not be read.
    #[error(transparent)]
    Read(#[from] read::ReadError),
    /// The setup names no puzzle.
    #[error("the setup names no puzzle (neither a library name nor a file)")]
    NoPuzzle,
    /// The classes are not packed as [`pack`] packs them.
    #[error("the classes of the setup are damaged: {0}")]
    Packing(String),
    /// The analysis failed, or the classes given are not the puzzle's.
    #[error(transparent)]
    Analysis(#[from] AnalysisError),
    /// The group of the moves could not be made (past the table).
    #[error("the group of the moves: {0}")]
    Group(String),
    /// The setup is not JSON of a setup.
    #[error("the setup is not a puzzle's setup: {0}")]
    Json(String),
}

impl Setup {
    /// The setup of an analysed puzzle under `key`, from the library
    /// (`library`) or else from `file` (its name and text).
    pub fn of(
        key: &str,
        library: Option<&str>,
        file: Option<(String, String)>,
        a: &Analysis,
        options: &Options,
    ) -> Setup {
        let known = a.known_classes();
        Setup {
            classes: pack(&known.classes),
            extended: known.extended.as_deref().map(pack),
            past_the_table: false,
            ..Setup::past(key, library, file, options)
        }
    }

    /// The setup of a puzzle past the table a page holds
    /// ([`Setup::past_the_table`]), under `key`, from the library or else
    /// from `file`.
    pub fn past(
        key: &str,
        library: Option<&str>,
        file: Option<(String, String)>,
        options: &Options,
    ) -> Setup {
        Setup {
            key: key.to_string(),
            library: library.map(str::to_string),
            file,
            metric: options.metric,
            generators: options.generators.clone(),
            classes: String::new(),
            extended: None,
            past_the_table: true,
        }
    }

    /// The puzzle it names.
    pub fn puzzle(&self) -> Result<Puzzle, ExplorerError> {
        match (&self.library, &self.file) {
            (Some(name), _) => Ok(read::puzzle(name)?),
            (None, Some((name, text))) => Ok(read::parse(name, text, read::format_of(name, text))?),
            (None, None) => Err(ExplorerError::NoPuzzle),
        }
    }
}

/// What the page draws of the puzzle once, when it opens.
#[derive(Debug, Clone, Serialize)]
pub struct Info {
    /// The puzzle's name.
    pub name: String,
    /// Its description.
    pub description: String,
    /// The nouns its text uses.
    pub vocabulary: Vocabulary,
    /// The moves, by name, in the analysis's order (the page's buttons).
    pub moves: Vec<String>,
    /// The layout: rows of cells (empty when the puzzle has none).
    pub layout: Vec<Vec<CellShown>>,
    /// The net of stickers, each its polygon's corners (empty when the
    /// puzzle has no net: [`crate::puzzle::drawing`]).
    pub stickers: Vec<Vec<[f64; 2]>>,
    /// The orbits: name, slots and orientations.
    pub orbits: Vec<(String, usize, u8)>,
    /// The goal as a position is written.
    pub goal: String,
    /// The forms a position may take, with examples.
    pub forms: String,
    /// The positions, classes and extended classes at each minimum.
    pub distribution: Vec<MoveCount>,
    /// The number of classes and extended classes.
    pub class_count: usize,
    /// The number of extended classes (`None` when pieces repeat).
    pub extended_class_count: Option<usize>,
    /// The metric analysed.
    pub metric: Metric,
    /// Whether moves are words that may cancel (elisions).
    pub elisions: bool,
    /// True past the table ([`Setup::past_the_table`]): no distribution,
    /// no classes, no position solved.
    pub past_the_table: bool,
    /// Past the table, the order of the group the moves generate, its
    /// digits grouped in threes.
    pub group_order: Option<String>,
}

/// A cell of the drawing: `[orbit, slot]`, `"_"` for the blank or `"."`
/// for nothing.
#[derive(Debug, Clone, Serialize)]
#[serde(untagged)]
pub enum CellShown {
    /// A slot of an orbit.
    Slot([usize; 2]),
    /// The blank (`"_"`) or nothing (`"."`).
    Mark(&'static str),
}

/// One move of a path as drawn: its name, and whether it completes an
/// elision (struck through).
#[derive(Debug, Clone, Serialize)]
pub struct StepShown {
    /// The move's name.
    pub name: String,
    /// Whether it cancels with the move before.
    pub elided: bool,
}

/// The moves of a path, each marked.
fn steps(moves: &MoveSet, path: &crate::method::Path) -> Vec<StepShown> {
    path.moves()
        .iter()
        .zip(path.elided(moves))
        .map(|(&m, elided)| StepShown {
            name: moves.get(m).name().to_string(),
            elided,
        })
        .collect()
}

/// The puzzle as the page draws it, whatever the position: its layout's
/// cells, its net's stickers and its orbits.
type Drawn = (
    Vec<Vec<CellShown>>,
    Vec<Vec<[f64; 2]>>,
    Vec<(String, usize, u8)>,
);

/// [`Drawn`] of a puzzle.
fn drawn(p: &Puzzle) -> Drawn {
    let layout = p
        .layout()
        .iter()
        .map(|row| {
            row.iter()
                .map(|c| match c {
                    Cell::Slot { orbit, slot } => CellShown::Slot([*orbit, usize::from(*slot)]),
                    Cell::Blank => CellShown::Mark("_"),
                    Cell::Gap => CellShown::Mark("."),
                })
                .collect()
        })
        .collect();
    let stickers = p.drawing().map_or_else(Vec::new, |d| {
        d.stickers()
            .iter()
            .map(|s| s.points.iter().map(|&(x, y)| [x, y]).collect())
            .collect()
    });
    let orbits = p
        .orbits()
        .iter()
        .map(|o| (o.name.clone(), o.pieces, o.orientations))
        .collect();
    (layout, stickers, orbits)
}

/// Each orbit of `pattern` as drawn.
fn orbits_shown(p: &Puzzle, pattern: &Pattern) -> Vec<OrbitShown> {
    pattern
        .orbits()
        .iter()
        .zip(p.orbits())
        .map(|(o, orbit)| OrbitShown {
            name: orbit.name.clone(),
            pieces: o.pieces.clone(),
            orientation: o.orientation.clone(),
        })
        .collect()
}

/// The colour each sticker of the net shows at `pattern` (none when the
/// puzzle has no net).
fn sticker_colours(p: &Puzzle, pattern: &Pattern) -> Vec<String> {
    p.drawing().map_or_else(Vec::new, |d| {
        d.paint(p.goal(), pattern)
            .into_iter()
            .map(String::from)
            .collect()
    })
}

/// One orbit of a position as drawn: its pieces and their orientations,
/// slot by slot.
#[derive(Debug, Clone, Serialize)]
pub struct OrbitShown {
    /// The orbit's name.
    pub name: String,
    /// The piece on each slot.
    pub pieces: Vec<u8>,
    /// Its orientation.
    pub orientation: Vec<u8>,
}

/// A position as the page shows it: the command line's whole answer and
/// what the drawing needs.
#[derive(Debug, Clone, Serialize)]
pub struct Shown {
    /// `solve --puzzle P --all --format json`, its minimal paths cut at
    /// [`MAX_PATHS_SHOWN`]; none past the table.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub solution: Option<SolutionReport>,
    /// The position as text, as `solve` reads it back.
    pub text: String,
    /// Its pattern (each orbit's pieces and orientations), in the frame it
    /// was given in: the pattern its minimal paths solve.
    pub pattern: String,
    /// How the input was read, when not in the puzzle's own forms.
    pub note: Option<String>,
    /// The pieces, orbit by orbit, as given.
    pub orbits: Vec<OrbitShown>,
    /// Cycle notation of every orbit.
    pub orbit_cycles: String,
    /// The minimal paths listed, each move marked.
    pub paths: Vec<Vec<StepShown>>,
    /// The colour each sticker of the net shows (empty when the puzzle
    /// has no net).
    pub sticker_colours: Vec<String>,
}

/// A sequence of moves played from a position.
#[derive(Debug, Clone, Serialize)]
pub struct Played {
    /// What `path --puzzle P --from START --format json` says of it.
    pub path: PathReport,
    /// Its moves, each marked.
    pub steps: Vec<StepShown>,
    /// The position it ends at.
    pub end: Shown,
}

/// Classes at one minimum, a page at a time.
#[derive(Debug, Clone, Serialize)]
pub struct ClassPage {
    /// The minimum.
    pub moves: u8,
    /// How many classes have it.
    pub total: usize,
    /// From which of them this page starts.
    pub from: usize,
    /// Each class: its number, its representative and its size.
    pub classes: Vec<(usize, String, u64)>,
}

/// A request from the page.
#[derive(Debug, Deserialize)]
#[serde(untagged)]
enum Request {
    Info {
        #[serde(rename = "info")]
        _info: bool,
    },
    Show {
        show: String,
    },
    Play {
        from: String,
        play: String,
    },
    Classes {
        classes: u8,
        from: Option<usize>,
    },
}

/// A puzzle's engine: its analysis, answering the page; or, past the
/// table, its moves played and its positions drawn.
pub struct Explorer {
    engine: Engine,
}

/// What an engine works from.
enum Engine {
    Analysed(Box<Analysis>),
    Past(Box<past::PastTable>),
}

impl Explorer {
    /// The engine of an analysis.
    pub fn new(a: Analysis) -> Explorer {
        Explorer {
            engine: Engine::Analysed(Box::new(a)),
        }
    }

    /// The engine of a shipped puzzle: read, and analysed with its classes
    /// adopted after they are checked; or, past the table, read with its
    /// moves and their group.
    pub fn from_setup(setup: &Setup) -> Result<Explorer, ExplorerError> {
        let puzzle = setup.puzzle()?;
        if setup.past_the_table {
            let options = Options {
                metric: setup.metric,
                generators: setup.generators.clone(),
                ..Options::default()
            };
            return Ok(Explorer {
                engine: Engine::Past(Box::new(past::PastTable::new(puzzle, &options)?)),
            });
        }
        let known = KnownClasses {
            classes: unpack(&setup.classes)?,
            extended: setup.extended.as_deref().map(unpack).transpose()?,
        };
        let options = Options {
            metric: setup.metric,
            generators: setup.generators.clone(),
            known_classes: Some(known),
            ..Options::default()
        };
        Ok(Explorer::new(Analysis::new(puzzle, &options, &|_| {})?))
    }

    /// The engine of a setup written as JSON (as the page sends it).
    pub fn from_json(json: &str) -> Result<Explorer, ExplorerError> {
        let setup: Setup =
            serde_json::from_str(json).map_err(|e| ExplorerError::Json(e.to_string()))?;
        Explorer::from_setup(&setup)
    }

    /// The analysis (none past the table).
    pub fn analysis(&self) -> Option<&Analysis> {
        match &self.engine {
            Engine::Analysed(a) => Some(a),
            Engine::Past(_) => None,
        }
    }

    /// What the page draws once.
    pub fn info(&self) -> Info {
        match &self.engine {
            Engine::Analysed(a) => analysed::info(a),
            Engine::Past(p) => p.info(),
        }
    }

    /// A position as the page shows it, read as `solve` reads it.
    pub fn show(&self, text: &str) -> Result<Shown, PositionError> {
        match &self.engine {
            Engine::Analysed(a) => analysed::show(a, text),
            Engine::Past(p) => p.show(text),
        }
    }

    /// Moves played from a position (the goal when `from` is empty), as
    /// `path --from` follows them.
    pub fn play(&self, from: &str, moves: &str) -> Result<Played, String> {
        match &self.engine {
            Engine::Analysed(a) => analysed::play(a, from, moves),
            Engine::Past(p) => p.play(from, moves),
        }
    }

    /// The classes at minimum `moves`, [`MAX_CLASSES_SHOWN`] from `from`,
    /// each checked against its orbit (an error names a class the site
    /// lists wrongly). Past the table there are none to list.
    pub fn classes_at(&self, moves: u8, from: usize) -> Result<ClassPage, String> {
        match &self.engine {
            Engine::Analysed(a) => analysed::classes_at(a, moves, from),
            Engine::Past(_) => Err(past::NO_CLASSES.to_string()),
        }
    }

    /// Answers a request written as JSON, in JSON: `{"info": true}`,
    /// `{"show": POSITION}`, `{"from": POSITION, "play": MOVES}` or
    /// `{"classes": MOVES, "from": K}`. The answer is `{"ok": …}` or
    /// `{"error": MESSAGE}`.
    pub fn answer(&self, request: &str) -> String {
        fn ok<T: Serialize>(v: T) -> String {
            serde_json::json!({ "ok": v }).to_string()
        }
        let error = |e: String| serde_json::json!({ "error": e }).to_string();
        match serde_json::from_str::<Request>(request) {
            Err(e) => error(format!("not a request the engine knows: {e}")),
            Ok(Request::Info { .. }) => ok(self.info()),
            Ok(Request::Show { show }) => match self.show(&show) {
                Ok(s) => ok(s),
                Err(e) => error(e.to_string()),
            },
            Ok(Request::Play { from, play }) => match self.play(&from, &play) {
                Ok(p) => ok(p),
                Err(e) => error(e),
            },
            Ok(Request::Classes { classes, from }) => {
                match self.classes_at(classes, from.unwrap_or(0)) {
                    Ok(p) => ok(p),
                    Err(e) => error(e),
                }
            }
        }
    }
}

/// How a site holds a puzzle ([`explorable`]).
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Held {
    /// Whole: this many positions, numbered and searched in the page.
    Whole(u64),
    /// Past the table ([`Setup::past_the_table`]): more positions than
    /// [`MAX_EXPLORED`], or than a number holds.
    Past,
}

/// How a site holds a puzzle: whole when its positions can be numbered
/// ([`MAX_EXPLORED`] at most), past the table when there are more; an
/// error says why it cannot be held at all.
///
/// ```
/// use schofield::method::analysis::Options;
/// use schofield::method::explorer::{Held, explorable};
/// use schofield::puzzle::library;
/// let o = Options::default();
/// assert_eq!(explorable(&library::get("2x2x2").unwrap(), &o), Ok(Held::Whole(3_674_160)));
/// assert_eq!(explorable(&library::get("3x3x3").unwrap(), &o), Ok(Held::Past));
/// ```
pub fn explorable(puzzle: &Puzzle, options: &Options) -> Result<Held, String> {
    use crate::method::space::{Space, SpaceError};
    let metric = options.metric.unwrap_or(puzzle.default_metric());
    let moves = puzzle
        .moves(metric, options.generators.as_deref())
        .map_err(|e| e.to_string())?;
    match Space::count(puzzle, &moves) {
        Ok(n) if n > MAX_EXPLORED => return Ok(Held::Past),
        Err(SpaceError::Overflow | SpaceError::Coordinate { .. }) => return Ok(Held::Past),
        _ => {}
    }
    match Space::with_limit(puzzle, &moves, options.max_memory).map(|s| s.len()) {
        Ok(n) if n <= MAX_EXPLORED => Ok(Held::Whole(n)),
        Ok(_) => Ok(Held::Past),
        Err(e) => Err(format!(
            "{} cannot be explored: {e}; the explorer holds at most {} positions",
            crate::text::quoted(puzzle.name()),
            crate::text::grouped_digits(&MAX_EXPLORED.to_string())
        )),
    }
}
