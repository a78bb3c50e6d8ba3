//! Schofield's complete analysis of any puzzle: the *main dictionary* (every
//! position's minimum), the moves that start and end its minimal solutions,
//! every minimal solution on demand, and the classes under the puzzle's
//! symmetries, with and without inverses.
//!
//! ```
//! use schofield::puzzle::library;
//! use schofield::method::analysis::{Analysis, Options};
//! let a = Analysis::new(library::get("eight").unwrap(), &Options::default(), &|_| {}).unwrap();
//! assert_eq!(a.positions(), 20_160);
//! assert_eq!(a.max_moves(), 30);
//! assert_eq!(a.classes().count(), 2572);
//! assert_eq!(a.extended_classes().unwrap().count(), 1439);
//! ```

mod action;
mod frames;
mod paths;
mod plan;

use action::SpaceAction;
use paths::{PathStep, steps_of};
use plan::usable_symmetries;
pub use plan::*;

use crate::group::classes::{self, Action, Classes};
use crate::method::search::{self, Distances, LayerProgress, SearchError};
use crate::method::space::{Space, SpaceError, SpaceSymmetry, SymmetryCoordinate};
use crate::puzzle::{DefinitionError, Metric, MoveSet, Pattern, Puzzle, Transformation};
use serde::Serialize;

/// What to analyse: the metric, the moves that generate, the memory
/// allowed and how much of the classes to keep.
#[derive(Debug, Clone, Default)]
pub struct Options {
    /// The metric (the puzzle's own when `None`).
    pub metric: Option<Metric>,
    /// The moves that generate, by name (every move when `None`).
    pub generators: Option<Vec<String>>,
    /// The most bytes the search may use.
    pub max_memory: Option<u64>,
    /// Count classes only, without each position's class (for large
    /// puzzles: saves four bytes a position).
    pub counts_only: bool,
    /// Search by classes ([`move_counts_by_classes`]) whatever the number
    /// of symmetries; by default only with [`CLASSES_PAY`] or more, below
    /// which a byte a position is faster (each class costs a conjugation
    /// where a position costs a look-up).
    pub always_by_classes: bool,
    /// The classes found before (by an analysis of the same puzzle, metric
    /// and moves), given by their representatives: checked and adopted
    /// instead of found again. The explorer's engine receives them so that
    /// a page opens at once.
    pub known_classes: Option<KnownClasses>,
    /// Where the layered two-bit searches (by classes, by positions, by
    /// the group's elements) keep a checkpoint after a layer (once a
    /// minute, [`crate::method::search::SEAL_EVERY`]), to go on
    /// from the newest one when run again ([`crate::board::store::Checkpoints`]).
    /// The dense analysis keeps none.
    pub checkpoints: Option<crate::board::store::Checkpoints>,
}

/// The classes of an analysis by their representatives (ascending) and
/// sizes, as [`Analysis::known_classes`] gives them and
/// [`Options::known_classes`] takes them back.
#[derive(Debug, Clone, Default, PartialEq, Eq)]
pub struct KnownClasses {
    /// The classes: each representative and size.
    pub classes: Vec<(u64, u64)>,
    /// The extended classes likewise (`None` when positions have no
    /// inverses).
    pub extended: Option<Vec<(u64, u64)>>,
}

/// Why a puzzle could not be analysed.
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
pub enum AnalysisError {
    /// The moves asked for are not the puzzle's.
    #[error(transparent)]
    Definition(#[from] DefinitionError),
    /// The positions cannot be numbered.
    #[error(transparent)]
    Space(#[from] SpaceError),
    /// The search cannot run.
    #[error(transparent)]
    Search(#[from] SearchError),
    /// The group's stabiliser chain, which numbers its elements where the
    /// arrangements pass `u64`, would pass the memory allowed.
    #[error(transparent)]
    Group(#[from] crate::group::GroupTooLarge),
    /// The arrangements pass `u64`, and the group has too many points for
    /// its elements to be numbered instead ([`GROUP_POINTS`]).
    #[error(
        "the puzzle has more than 2^64 arrangements, and its group's elements are numbered instead only up to {} points where the moves do not all commute (a point for each slot and orientation; it has {points})",
        GROUP_POINTS
    )]
    TooManyPoints {
        /// The points.
        points: usize,
    },
    /// Classes given are not this analysis's.
    #[error("the classes given are not this puzzle's: {0}")]
    Classes(#[from] classes::AdoptError),
    /// A view of the analysis (the class dictionary, a graph) would take
    /// the memory past what is allowed.
    #[error(
        "{what} needs about {} MB beside the analysis's {} MB, more than the {} MB allowed",
        needed.div_ceil(1 << 20), analysis.div_ceil(1 << 20), allowed >> 20
    )]
    ViewMemory {
        /// What was asked for.
        what: String,
        /// The bytes it needs, estimated before it is made.
        needed: u64,
        /// The bytes the analysis holds.
        analysis: u64,
        /// The bytes allowed.
        allowed: u64,
    },
}

impl AnalysisError {
    /// True when a distance passed the 254 moves a byte a position holds
    /// ([`SearchError::TooDeep`]), so that the two-bit search, which keeps
    /// no distance, may answer.
    pub fn is_too_deep(&self) -> bool {
        matches!(self, AnalysisError::Search(SearchError::TooDeep))
    }

    /// True when the search did not run for want of memory (allowed or
    /// to be had), so that a search with less memory may.
    pub fn is_memory(&self) -> bool {
        matches!(
            self,
            AnalysisError::Search(
                SearchError::Memory { .. }
                    | SearchError::ClassMemory { .. }
                    | SearchError::Allocation { .. }
            ) | AnalysisError::Space(SpaceError::Memory { .. })
                | AnalysisError::ViewMemory { .. }
                | AnalysisError::Group(_)
        )
    }
}

/// The bytes the classes of `positions` take under `symmetries`
/// symmetries: a bit a position for those seen (twice, for a second walk
/// to the extended classes when each position's class is not kept); four
/// bytes a position for its class when kept (and four more for its
/// extended class); and, when kept, the lists of classes, at most one a
/// position over the symmetries each.
fn classes_bytes(positions: u64, symmetries: usize, inverses: bool, keep: bool) -> u64 {
    let lists = 1 + u64::from(inverses);
    let seen = positions.div_ceil(8) * if inverses && !keep { 2 } else { 1 };
    let class_of = if keep { 4 * lists } else { 0 };
    // Classes are listed only when kept; else they are counted.
    let listed = if keep {
        (positions / symmetries.max(1) as u64 + 1)
            .saturating_mul(std::mem::size_of::<classes::Class>() as u64 * lists)
    } else {
        0
    };
    seen.saturating_add(positions.saturating_mul(class_of))
        .saturating_add(listed)
}

/// One row of the move-count table.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize)]
pub struct MoveCount {
    /// The minimum number of moves.
    pub moves: u32,
    /// Positions needing exactly that many.
    pub positions: u64,
    /// Classes under the symmetries (`None` when only the distribution
    /// was found: the two-bit search keeps no position's distance).
    #[serde(skip_serializing_if = "Option::is_none")]
    pub classes: Option<u64>,
    /// Classes when a position and its inverse are also equivalent.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub extended_classes: Option<u64>,
}

impl MoveCount {
    /// The rows of a distribution alone (positions at each distance, as
    /// the two-bit searches count them), without classes; empty distances
    /// are left out.
    ///
    /// ```
    /// use schofield::method::analysis::MoveCount;
    /// let rows = MoveCount::distribution(&[1, 4, 0]);
    /// assert_eq!(rows.len(), 2);
    /// assert_eq!((rows[1].moves, rows[1].positions, rows[1].classes), (1, 4, None));
    /// ```
    pub fn distribution(counts: &[u64]) -> Vec<MoveCount> {
        counts
            .iter()
            .enumerate()
            .filter(|&(_, &n)| n > 0)
            .map(|(d, &n)| MoveCount {
                moves: d as u32,
                positions: n,
                classes: None,
                extended_classes: None,
            })
            .collect()
    }
}

/// A symmetry of a puzzle that the analysis uses: one its data file
/// declares (a relabelling of slots and pieces that carries moves to
/// moves), with its name and how it acts. A rectangular board's own
/// geometry is [`crate::board::symmetry::Symmetry`], for the boards that
/// are not puzzles of this kind (the census, the pattern databases).
#[derive(Debug, Clone)]
pub struct PuzzleSymmetry {
    /// Its name.
    pub name: String,
    /// The transformation.
    pub transformation: Transformation,
    /// How it moves the moves: `moves[i]` becomes move `image[i]`.
    pub image: Vec<usize>,
    action: SpaceSymmetry,
}

/// The complete analysis of a puzzle.
#[derive(Debug, Clone)]
pub struct Analysis {
    puzzle: Puzzle,
    moves: MoveSet,
    space: Space,
    symmetries: Vec<PuzzleSymmetry>,
    found: Distances,
    classes: Classes,
    extended: Option<Classes>,
    /// What may follow the start and each move in a minimal solution.
    steps: (PathStep, Vec<PathStep>),
    /// The bytes its tables were counted at before the search.
    bytes: u64,
}

impl Analysis {
    /// Runs the whole analysis; `progress` hears of each layer of the
    /// search.
    pub fn new(
        puzzle: Puzzle,
        options: &Options,
        progress: &dyn Fn(LayerProgress),
    ) -> Result<Analysis, AnalysisError> {
        let metric = options.metric.unwrap_or(puzzle.default_metric());
        let moves = puzzle.moves(metric, options.generators.as_deref())?;
        plan::fits_a_byte_a_position(&puzzle, &moves, options.max_memory)?;
        let space = Space::with_limit(&puzzle, &moves, options.max_memory)?;
        let symmetries = usable_symmetries(&puzzle, &moves, &space);
        let inverses = puzzle.has_distinct_pieces();
        // Each position's class is kept when asked for, and for counts too
        // while it fits (the extended classes then come from one inverse a
        // class instead of a second walk); with few symmetries the classes
        // are many, and listing them costs more than a second walk.
        let search_bytes = search::bytes_needed(&space, &moves);
        let with_classes = |keep: bool| {
            search_bytes.saturating_add(classes_bytes(
                space.len(),
                symmetries.len(),
                inverses,
                keep,
            ))
        };
        let room = |keep: bool| options.max_memory.is_none_or(|m| with_classes(keep) <= m);
        let keep =
            !options.counts_only || (space.len() <= 1 << 28 && room(true) && symmetries.len() >= 8);
        if let Some(allowed) = options.max_memory
            && !room(keep)
        {
            return Err(SearchError::Memory {
                needed: with_classes(keep),
                positions: space.len(),
                allowed,
            }
            .into());
        }
        let found = search::distances(&space, &moves, options.max_memory, progress)?;
        let action = SpaceAction {
            space: &space,
            symmetries: &symmetries,
            inverses,
        };
        let distance = |x: u64| found.get(x);
        let (classes, extended) = if let Some(known) = &options.known_classes {
            let reached = found.reached();
            let adopt =
                |listed: &[(u64, u64)]| classes::adopt(space.len(), &distance, listed, reached);
            let extended = match (&known.extended, inverses) {
                (Some(listed), true) => Some(adopt(listed)?),
                (None, false) => None,
                _ => return Err(classes::AdoptError::Extended(inverses).into()),
            };
            (adopt(&known.classes)?, extended)
        } else {
            let classes = classes::orbits_kept(&action, &distance, false, keep);
            let extended = match (inverses, keep) {
                (false, _) => None,
                (true, true) => classes.with_inverses(&action),
                (true, false) => Some(classes::orbits_kept(&action, &distance, true, false)),
            };
            (classes, extended)
        };
        let bytes = with_classes(keep);
        let steps = steps_of(&moves, &space);
        Ok(Analysis {
            bytes,
            puzzle,
            moves,
            space,
            symmetries,
            found,
            classes,
            extended,
            steps,
        })
    }

    /// The puzzle analysed.
    pub fn puzzle(&self) -> &Puzzle {
        &self.puzzle
    }

    /// Its moves in the metric analysed.
    pub fn moves(&self) -> &MoveSet {
        &self.moves
    }

    /// The numbered positions.
    pub fn space(&self) -> &Space {
        &self.space
    }

    /// The symmetries used: those of the puzzle that map the moves analysed
    /// onto themselves, the identity first.
    pub fn symmetries(&self) -> &[PuzzleSymmetry] {
        &self.symmetries
    }

    /// The number of positions the moves reach.
    pub fn positions(&self) -> u64 {
        self.found.reached()
    }

    /// The goal's number.
    pub fn goal(&self) -> u64 {
        self.space.goal_index()
    }

    /// The minimum number of moves of position `x`, `None` when unreached.
    pub fn moves_at(&self, x: u64) -> Option<u8> {
        self.found.get(x)
    }

    /// The main dictionary: each numbered position's minimum
    /// ([`search::UNSEEN`] where the moves never reach it).
    pub fn main_dictionary(&self) -> &[u8] {
        self.found.table()
    }

    /// The largest minimum.
    pub fn max_moves(&self) -> u8 {
        self.found.max()
    }

    /// The classes under the symmetries.
    pub fn classes(&self) -> &Classes {
        &self.classes
    }

    /// The classes when a position and its inverse are equivalent too
    /// (`None` when pieces repeat, so positions have no inverses).
    pub fn extended_classes(&self) -> Option<&Classes> {
        self.extended.as_ref()
    }

    /// The number of the class of position `x` (`None` when unreached):
    /// kept for each position, or found from its smallest image when the
    /// classes were given ([`Options::known_classes`]).
    pub fn class_of(&self, x: u64) -> Option<usize> {
        self.class_in(&self.classes, x, false)
    }

    /// The number of the extended class of `x` (`None` when unreached or
    /// positions have no inverses).
    pub fn extended_class_of(&self, x: u64) -> Option<usize> {
        self.class_in(self.extended.as_ref()?, x, true)
    }

    fn class_in(&self, classes: &Classes, x: u64, inverses: bool) -> Option<usize> {
        self.moves_at(x)?;
        if let Some(c) = classes.class_of(x) {
            return Some(c);
        }
        let action = SpaceAction {
            space: &self.space,
            symmetries: &self.symmetries,
            inverses,
        };
        let (least, size) = classes::orbit_summary(&action, x, inverses);
        classes.class_by_least(least, size)
    }

    /// A farthest position: the representative of the last class at the
    /// largest minimum (`None` when the classes were only counted).
    pub fn antipode(&self) -> Option<u64> {
        self.classes
            .list()
            .iter()
            .rev()
            .find(|c| c.distance == self.max_moves())
            .map(|c| c.representative)
    }

    /// The representatives of the classes and extended classes, to be
    /// given back to another analysis of the same puzzle
    /// ([`Options::known_classes`]); empty when only counted.
    ///
    /// ```
    /// use schofield::puzzle::library;
    /// use schofield::method::analysis::{Analysis, Options};
    /// let five = || library::get("five").unwrap();
    /// let a = Analysis::new(five(), &Options::default(), &|_| {}).unwrap();
    /// let known = Some(a.known_classes());
    /// let b = Analysis::new(five(), &Options { known_classes: known, ..Options::default() }, &|_| {}).unwrap();
    /// assert_eq!(b.classes().list(), a.classes().list());
    /// assert!((0..60).all(|x| b.class_of(x) == a.class_of(x)));
    /// ```
    pub fn known_classes(&self) -> KnownClasses {
        let reps = |c: &Classes| {
            c.list()
                .iter()
                .map(|k| (k.representative, k.size))
                .collect()
        };
        KnownClasses {
            classes: reps(&self.classes),
            extended: self.extended.as_ref().map(reps),
        }
    }

    /// The move-count table: for each minimum that occurs, the positions,
    /// classes and extended classes that need it.
    pub fn move_counts(&self) -> Vec<MoveCount> {
        let max = self.max_moves();
        let classes = self.classes.by_distance(max);
        let extended = self.extended.as_ref().map(|e| e.by_distance(max));
        let mut rows = MoveCount::distribution(self.found.counts());
        for r in &mut rows {
            let d = r.moves as usize;
            r.classes = Some(classes[d]);
            r.extended_classes = extended.as_ref().map(|e| e[d]);
        }
        rows
    }

    /// How many positions are first reached with each number of moves
    /// (0, 1, 2, …), every move costing one: a breadth-first search of the
    /// Cayley graph (for the five-puzzle: 1, 4, 8, 16, 24, 6, 1).
    pub fn twist_counts(&self) -> Vec<u64> {
        let n = self.space.len() as usize;
        let mut seen = vec![false; n];
        let goal = self.goal();
        seen[goal as usize] = true;
        let mut frontier = vec![goal];
        let mut counts = vec![1u64];
        let mut nb = vec![0u64; self.moves.len()];
        while !frontier.is_empty() {
            let mut next = Vec::new();
            for &x in &frontier {
                self.space.neighbours(x, &mut nb);
                for &y in &nb {
                    if !std::mem::replace(&mut seen[y as usize], true) {
                        next.push(y);
                    }
                }
            }
            if !next.is_empty() {
                counts.push(next.len() as u64);
            }
            frontier = next;
        }
        counts
    }

    /// Reads a path in this puzzle's moves ([`crate::method::Path::parse`]),
    /// an unknown name reported in the puzzle's own words (`unknown twist
    /// 'Q'`).
    pub fn parse_path(
        &self,
        text: &str,
    ) -> Result<crate::method::Path, crate::puzzle::alg::AlgError> {
        crate::method::Path::parse(&self.moves, text).map_err(|e| self.in_words(e))
    }

    /// An alg error in the puzzle's words.
    pub fn in_words(&self, e: crate::puzzle::alg::AlgError) -> crate::puzzle::alg::AlgError {
        use crate::puzzle::alg::AlgError;
        match e {
            AlgError::UnknownMove {
                name, at, known, ..
            } => {
                let v = self.puzzle.vocabulary();
                AlgError::UnknownMove {
                    name,
                    at,
                    known,
                    noun: (v.move_.clone(), v.moves.clone()),
                }
            }
            other => other,
        }
    }

    /// The bytes the analysis's tables were counted at before its search
    /// (move tables, distances, classes), the figure `max_memory` bounds.
    pub fn memory(&self) -> u64 {
        self.bytes
    }

    /// Checks that a view of `needed` more bytes (estimated before it is
    /// made) fits beside the analysis within `allowed`.
    pub fn check_view(
        &self,
        what: &str,
        needed: u64,
        allowed: Option<u64>,
    ) -> Result<(), AnalysisError> {
        match allowed {
            Some(allowed) if self.bytes.saturating_add(needed) > allowed => {
                Err(AnalysisError::ViewMemory {
                    what: what.to_string(),
                    needed,
                    analysis: self.bytes,
                    allowed,
                })
            }
            _ => Ok(()),
        }
    }

    /// The position numbered `x`.
    pub fn position(&self, x: u64) -> Pattern {
        self.space.decode(x)
    }

    /// The number of a position, `None` when it is not one the moves can
    /// reach (see [`Space::encode`]; a position of the right orbits but
    /// beyond the group is numbered yet unreached).
    pub fn index_of(&self, p: &Pattern) -> Option<u64> {
        self.space
            .encode(p)
            .filter(|&x| self.found.get(x).is_some())
    }

    /// The position reached from `x` by move `m`.
    pub fn next(&self, x: u64, m: usize) -> u64 {
        self.space.apply(x, m)
    }

    /// The inverse of position `x` (when positions have inverses).
    pub fn inverse(&self, x: u64) -> Option<u64> {
        SpaceAction {
            space: &self.space,
            symmetries: &self.symmetries,
            inverses: self.extended.is_some(),
        }
        .inverse(x)
    }

    /// Position `x` seen through symmetry `g` (`φ⁻¹Xφ`).
    pub fn conjugate(&self, x: u64, g: usize) -> u64 {
        SpaceAction {
            space: &self.space,
            symmetries: &self.symmetries,
            inverses: false,
        }
        .image(x, g)
    }

    /// Burnside's count of the classes and, when there are extended
    /// classes, of those: the cross-check of [`Analysis::classes`] and
    /// [`Analysis::extended_classes`]. It looks at every position under
    /// every symmetry.
    pub fn burnside(&self) -> classes::BurnsideCount {
        let action = SpaceAction {
            space: &self.space,
            symmetries: &self.symmetries,
            inverses: self.extended.is_some(),
        };
        classes::burnside(&action, &|x| self.found.get(x).is_some())
    }
}
