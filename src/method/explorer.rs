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
use crate::puzzle::{Cell, Metric, Puzzle, Vocabulary, read};
use base64::Engine as _;
use serde::{Deserialize, Serialize};

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
    /// The setup is not JSON of a setup.
    #[error("the setup is not a puzzle's setup: {0}")]
    Json(String),
}

/// Classes packed for a page: each representative's gap from the one
/// before and the class's size, as variable-length numbers (seven bits a
/// byte), in base64.
///
/// ```
/// use schofield::method::explorer::{pack, unpack};
/// let classes = vec![(0, 1), (1, 8), (5, 4), (300, 48), (70_000, 96)];
/// assert_eq!(unpack(&pack(&classes)).unwrap(), classes);
/// assert!(unpack("!!").is_err());
/// ```
pub fn pack(classes: &[(u64, u64)]) -> String {
    fn put(bytes: &mut Vec<u8>, mut n: u64) {
        loop {
            let low = (n & 0x7f) as u8;
            n >>= 7;
            if n == 0 {
                bytes.push(low);
                return;
            }
            bytes.push(low | 0x80);
        }
    }
    let mut bytes = Vec::new();
    let mut next = 0u64;
    for &(r, size) in classes {
        put(&mut bytes, r - next);
        put(&mut bytes, size);
        next = r + 1;
    }
    base64::engine::general_purpose::STANDARD.encode(bytes)
}

/// The classes [`pack`] packed; an error for text it could not have
/// written.
pub fn unpack(text: &str) -> Result<Vec<(u64, u64)>, ExplorerError> {
    let bad = |why: &str| ExplorerError::Packing(why.to_string());
    let bytes = base64::engine::general_purpose::STANDARD
        .decode(text)
        .map_err(|e| ExplorerError::Packing(e.to_string()))?;
    let mut numbers = Vec::new();
    let (mut n, mut shift) = (0u64, 0u32);
    for b in bytes {
        if shift > 56 {
            return Err(bad("a number is too long"));
        }
        n |= u64::from(b & 0x7f) << shift;
        if b & 0x80 != 0 {
            shift += 7;
            continue;
        }
        numbers.push(n);
        (n, shift) = (0, 0);
    }
    if shift != 0 || numbers.len() % 2 != 0 {
        return Err(bad("the last class is cut short"));
    }
    let mut out = Vec::with_capacity(numbers.len() / 2);
    let mut next = 0u64;
    for pair in numbers.chunks(2) {
        let r = next
            .checked_add(pair[0])
            .ok_or_else(|| bad("beyond 2^64"))?;
        out.push((r, pair[1]));
        next = r.checked_add(1).ok_or_else(|| bad("beyond 2^64"))?;
    }
    Ok(out)
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
            key: key.to_string(),
            library: library.map(str::to_string),
            file,
            metric: options.metric,
            generators: options.generators.clone(),
            classes: pack(&known.classes),
            extended: known.extended.as_deref().map(pack),
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
fn steps(a: &Analysis, path: &crate::method::Path) -> Vec<StepShown> {
    path.moves()
        .iter()
        .zip(path.elided(a.moves()))
        .map(|(&m, elided)| StepShown {
            name: a.moves().get(m).name().to_string(),
            elided,
        })
        .collect()
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
    /// [`MAX_PATHS_SHOWN`].
    pub solution: SolutionReport,
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

/// A puzzle's engine: its analysis, answering the page.
pub struct Explorer {
    a: Analysis,
}

impl Explorer {
    /// The engine of an analysis.
    pub fn new(a: Analysis) -> Explorer {
        Explorer { a }
    }

    /// The engine of a shipped puzzle: read, analysed, its classes adopted
    /// after they are checked.
    pub fn from_setup(setup: &Setup) -> Result<Explorer, ExplorerError> {
        let puzzle = setup.puzzle()?;
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

    /// The analysis.
    pub fn analysis(&self) -> &Analysis {
        &self.a
    }

    /// What the page draws once.
    pub fn info(&self) -> Info {
        let a = &self.a;
        let p = a.puzzle();
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
        Info {
            name: p.name().to_string(),
            description: p.description().unwrap_or_default().to_string(),
            vocabulary: p.vocabulary().clone(),
            moves: a.moves().iter().map(|m| m.name().to_string()).collect(),
            layout,
            stickers: p.drawing().map_or_else(Vec::new, |d| {
                d.stickers()
                    .iter()
                    .map(|s| s.points.iter().map(|&(x, y)| [x, y]).collect())
                    .collect()
            }),
            orbits: p
                .orbits()
                .iter()
                .map(|o| (o.name.clone(), o.pieces, o.orientations))
                .collect(),
            goal: a.name_of(a.goal()),
            forms: a.position_forms(),
            distribution: a.move_counts(),
            class_count: a.classes().count(),
            extended_class_count: a.extended_classes().map(|e| e.count()),
            metric: a.moves().metric(),
            elisions: a.moves().has_words(),
        }
    }

    /// A position as the page shows it, read as `solve` reads it.
    pub fn show(&self, text: &str) -> Result<Shown, PositionError> {
        let a = &self.a;
        let text = if text.trim().is_empty() {
            a.name_of(a.goal())
        } else {
            text.trim().to_string()
        };
        let r = match a.read_position(&text) {
            Err(e @ PositionError::BlankOffCentre { .. }) if a.on_tray(3) => {
                return Err(PositionError::Pattern(format!(
                    "{e}; Schofield's twists need the blank at home (`schofield solve {text}` answers it with the 3x3 lookup table)"
                )));
            }
            r => r?,
        };
        if a.class_of(r.x).is_none()
            || (a.extended_classes().is_some() && a.extended_class_of(r.x).is_none())
        {
            return Err(PositionError::Pattern(format!(
                "the site's list of classes has no class for {text}: its data.js is damaged; write the site again with `schofield explore`"
            )));
        }
        let solution = SolutionReport::in_frame_at_most(a, r.x, r.frame.as_ref(), MAX_PATHS_SHOWN);
        // The pieces as given (up to rotation, not turned home).
        let orbits = r
            .pattern
            .orbits()
            .iter()
            .zip(a.puzzle().orbits())
            .map(|(o, orbit)| OrbitShown {
                name: orbit.name.clone(),
                pieces: o.pieces.clone(),
                orientation: o.orientation.clone(),
            })
            .collect();
        let paths = solution
            .minimal_paths
            .iter()
            .flatten()
            .filter_map(|p| a.parse_path(&p.plain).ok())
            .map(|p| steps(a, &p))
            .collect();
        let notation = a.notation();
        let held = a.pattern_in_frame(r.x, r.frame.as_ref());
        let p = a.puzzle();
        Ok(Shown {
            sticker_colours: p.drawing().map_or_else(Vec::new, |d| {
                d.paint(p.goal(), &held)
                    .into_iter()
                    .map(String::from)
                    .collect()
            }),
            paths,
            pattern: notation.pattern_text(&held),
            text: if r.note.is_some() {
                a.name_of(r.x)
            } else {
                text
            },
            note: r.note.map(str::to_string),
            orbits,
            orbit_cycles: notation
                .cycles(&held)
                .unwrap_or_else(|| notation.orbit_cycles(&held)),
            solution,
        })
    }

    /// Moves played from a position (the goal when `from` is empty), as
    /// `path --from` follows them.
    pub fn play(&self, from: &str, moves: &str) -> Result<Played, String> {
        let a = &self.a;
        let path = a.parse_path(moves).map_err(|e| e.to_string())?;
        let (start, frame) = if from.trim().is_empty() {
            (a.goal(), None)
        } else {
            let r = a.read_position(from).map_err(|e| e.to_string())?;
            (r.x, r.frame)
        };
        let report = PathReport::in_frame(a, start, frame.as_ref(), &path);
        let end = self.show(&report.end).map_err(|e| e.to_string())?;
        Ok(Played {
            path: report,
            steps: steps(a, &path),
            end,
        })
    }

    /// The classes at minimum `moves`, [`MAX_CLASSES_SHOWN`] from `from`,
    /// each checked against its orbit (an error names a class the site
    /// lists wrongly).
    pub fn classes_at(&self, moves: u8, from: usize) -> Result<ClassPage, String> {
        let a = &self.a;
        let at: Vec<(usize, &crate::group::classes::Class)> = a
            .classes()
            .list()
            .iter()
            .enumerate()
            .filter(|(_, c)| c.distance == moves)
            .collect();
        let mut classes = Vec::new();
        for (id, c) in at.iter().skip(from).take(MAX_CLASSES_SHOWN) {
            if a.class_of(c.representative) != Some(*id) {
                return Err(format!(
                    "the site lists class {id} wrongly: its data.js is damaged; write the site again with `schofield explore`"
                ));
            }
            classes.push((*id, a.name_of(c.representative), c.size));
        }
        Ok(ClassPage {
            moves,
            total: at.len(),
            from,
            classes,
        })
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

/// Whether a puzzle is small enough for a site: its positions numbered
/// ([`MAX_EXPLORED`] at most). Returns the number of positions.
pub fn explorable(puzzle: &Puzzle, options: &Options) -> Result<u64, String> {
    let metric = options.metric.unwrap_or(puzzle.default_metric());
    let moves = puzzle
        .moves(metric, options.generators.as_deref())
        .map_err(|e| e.to_string())?;
    let size = crate::method::space::Space::with_limit(puzzle, &moves, options.max_memory)
        .map(|s| s.len());
    match size {
        Ok(n) if n <= MAX_EXPLORED => Ok(n),
        Ok(n) => Err(format!(
            "{} has {} positions to number; the explorer holds at most {} (the page analyses the puzzle again in the browser)",
            crate::text::quoted(puzzle.name()),
            crate::text::grouped_digits(&n.to_string()),
            crate::text::grouped_digits(&MAX_EXPLORED.to_string())
        )),
        Err(e) => Err(format!(
            "{} cannot be explored: {e}; the explorer holds at most {} positions",
            crate::text::quoted(puzzle.name()),
            crate::text::grouped_digits(&MAX_EXPLORED.to_string())
        )),
    }
}
