//! Schofield's complete analysis of any puzzle: the *main dictionary* (every
//! position's minimum), the moves that start and end its minimal solutions,
//! every minimal solution on demand, and the classes under the puzzle's
//! symmetries, with and without inverses.
//!
//! ```
//! use schofield::puzzle::library;
//! use schofield::twist::analysis::{Analysis, Options};
//! let a = Analysis::new(library::get("eight").unwrap(), &Options::default(), &|_| {}).unwrap();
//! assert_eq!(a.positions(), 20_160);
//! assert_eq!(a.max_moves(), 30);
//! assert_eq!(a.classes().count(), 2572);
//! assert_eq!(a.extended_classes().unwrap().count(), 1439);
//! ```

mod action;
mod plan;

use action::SpaceAction;
use plan::usable_symmetries;
pub use plan::*;

use crate::group::classes::{self, Action, Classes};
use crate::puzzle::{DefinitionError, Metric, MoveSet, Pattern, Puzzle, Transformation};
use crate::twist::Path;
use crate::twist::search::{self, Distances, Layer, SearchError};
use crate::twist::space::{Space, SpaceError, SpaceSymmetry, SymmetryCoordinate};
use serde::Serialize;
use std::ops::ControlFlow;

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
            AnalysisError::Search(SearchError::Memory { .. } | SearchError::Allocation { .. })
                | AnalysisError::Space(SpaceError::Memory { .. })
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
    /// use schofield::twist::analysis::MoveCount;
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
    steps: (Step, Vec<Step>),
    /// The bytes its tables were counted at before the search.
    bytes: u64,
}

impl Analysis {
    /// Runs the whole analysis; `progress` hears of each layer of the
    /// search.
    pub fn new(
        puzzle: Puzzle,
        options: &Options,
        progress: &dyn Fn(Layer),
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
    /// use schofield::twist::analysis::{Analysis, Options};
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

    /// Reads a path in this puzzle's moves ([`crate::twist::Path::parse`]),
    /// an unknown name reported in the puzzle's own words (`unknown twist
    /// 'Q'`).
    pub fn parse_path(
        &self,
        text: &str,
    ) -> Result<crate::twist::Path, crate::puzzle::alg::AlgError> {
        crate::twist::Path::parse(&self.moves, text).map_err(|e| self.in_words(e))
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

    /// Up to rotation, the engine holds the reference piece at home and
    /// turns the puzzle back after each move that carries it away, so a
    /// path between numbered positions names each move as seen in that
    /// turning frame. A puzzle held still needs each move renamed through
    /// the rotation accumulated so far: `frame` is the rotation that took
    /// the position as given to its number (the identity for a numbered
    /// position itself). Returns the moves of a puzzle held still; the
    /// path unchanged when positions are not taken up to rotation.
    pub fn held_still(&self, path: &Path, frame: Option<&Transformation>) -> Path {
        self.reframe(path, frame, true)
    }

    /// The pattern of position `x` as it stands in `frame` (see
    /// [`Analysis::held_still`]): up to rotation, the engine numbers the
    /// position turned home, `given · F`, so the position as given is the
    /// numbered one turned back by `F⁻¹`. Everything printed about a
    /// position given in a frame (its pattern, cycles, order, inverse,
    /// drawing) describes this pattern, the one its held-still paths solve.
    /// The numbered pattern itself when `frame` is `None`.
    pub fn pattern_in_frame(&self, x: u64, frame: Option<&Transformation>) -> Pattern {
        let p = self.position(x);
        match frame {
            Some(f) if self.space.up_to_rotation() => p.apply(&f.inverse()),
            _ => p,
        }
    }

    /// Follows `path`, moves of a puzzle held still, from position `x`
    /// given in `frame` (as [`Analysis::held_still`]): the number of the
    /// position it ends at.
    pub fn follow_held_still(&self, x: u64, path: &Path, frame: Option<&Transformation>) -> u64 {
        let engine = self.engine_path(path, frame);
        engine.moves().iter().fold(x, |y, &m| self.next(y, m))
    }

    /// `path`, moves of a puzzle held still from `frame`, as the engine's
    /// moves (the inverse of [`Analysis::held_still`]).
    pub fn engine_path(&self, path: &Path, frame: Option<&Transformation>) -> Path {
        self.reframe(path, frame, false)
    }

    /// The patterns a path of the engine's moves passes through from
    /// position `x` given in `frame`, as the puzzle held still shows them
    /// (each [`Analysis::pattern_in_frame`] of the position reached, in the
    /// frame reached): the start first, then one after each move. The
    /// pictures of a path's steps are these, so that they agree with the
    /// held-still moves that label them.
    ///
    /// ```
    /// use schofield::puzzle::library;
    /// use schofield::twist::analysis::{Analysis, Options};
    /// let a = Analysis::new(library::get("2x2x2").unwrap(), &Options::default(), &|_| {}).unwrap();
    /// let x = a.parse_position("R U").unwrap();
    /// let path = schofield::twist::Path::new(a.specimen(x));
    /// let seen = a.patterns_along(x, &path, None);
    /// assert_eq!(seen.len(), path.len() + 1);
    /// // Each is the one before with the held-still move made.
    /// let still = a.held_still(&path, None);
    /// for (k, &m) in still.moves().iter().enumerate() {
    ///     assert_eq!(seen[k].apply(a.moves().get(m).transformation()), seen[k + 1]);
    /// }
    /// ```
    pub fn patterns_along(
        &self,
        x: u64,
        path: &Path,
        frame: Option<&Transformation>,
    ) -> Vec<Pattern> {
        let mut out = vec![self.pattern_in_frame(x, frame)];
        let mut at = x;
        self.walk_frames(path, frame, |m, f| {
            at = self.next(at, m);
            out.push(self.pattern_in_frame(at, Some(f)));
        });
        out
    }

    /// Renames the moves of `path` between the engine's turning frame and
    /// a puzzle held still (`to_still`: from the engine's names), starting
    /// in `frame`.
    fn reframe(&self, path: &Path, frame: Option<&Transformation>, to_still: bool) -> Path {
        let mut out = Vec::with_capacity(path.len());
        let raw = |m: usize| self.moves.get(m).transformation();
        let index = |t: &Transformation| {
            (0..self.moves.len())
                .find(|&m| raw(m) == t)
                .expect("the rotations map the moves onto the moves")
        };
        if !self.space.up_to_rotation() {
            return path.clone();
        }
        let mut f = frame
            .cloned()
            .unwrap_or_else(|| Transformation::identity_like(raw(0)));
        for &m in path.moves() {
            let engine = if to_still {
                out.push(index(&f.then(raw(m)).then(&f.inverse())));
                m
            } else {
                let e = index(&f.inverse().then(raw(m)).then(&f));
                out.push(e);
                e
            };
            f = f.then(&self.turned_back(engine));
        }
        Path::new(out)
    }

    /// The rotation the engine turns the puzzle back by after its move `m`.
    fn turned_back(&self, m: usize) -> Transformation {
        self.moves
            .get(m)
            .transformation()
            .inverse()
            .then(&self.space.effective_moves()[m])
    }

    /// Walks a path of the engine's moves from `frame`, handing each move
    /// and the frame after it to `step` (the identity frame throughout
    /// where positions are not taken up to rotation).
    fn walk_frames(
        &self,
        path: &Path,
        frame: Option<&Transformation>,
        mut step: impl FnMut(usize, &Transformation),
    ) {
        let raw = |m: usize| self.moves.get(m).transformation();
        let mut f = frame
            .cloned()
            .unwrap_or_else(|| Transformation::identity_like(raw(0)));
        let turned = self.space.up_to_rotation();
        for &m in path.moves() {
            if turned {
                f = f.then(&self.turned_back(m));
            }
            step(m, &f);
        }
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

    /// The last moves (a bit each) of the minimal paths from the goal to
    /// `x` (Schofield's terminal twists).
    pub fn terminal_moves(&self, x: u64) -> u64 {
        match self.found.last_moves(x) {
            Some(last) => last,
            None => {
                let Some(d) = self.found.get(x) else { return 0 };
                (0..self.moves.len())
                    .filter(|&t| {
                        let before = self.space.apply(x, self.moves.get(t).inverse());
                        self.found
                            .get(before)
                            .is_some_and(|e| u32::from(e) + 1 == u32::from(d))
                    })
                    .fold(0u64, |acc, t| acc | 1 << t)
            }
        }
    }

    /// The moves (a bit each) that start a minimal solution of `x`.
    pub fn starting_moves(&self, x: u64) -> u64 {
        match self.found.last_moves(x) {
            // With words: the inverses of the last moves from the goal to x.
            Some(last) => self.inverses_of(last),
            None => {
                let Some(d) = self.found.get(x) else { return 0 };
                let mut out = 0u64;
                for m in 0..self.moves.len() {
                    if self
                        .found
                        .get(self.space.apply(x, m))
                        .is_some_and(|e| u32::from(e) + 1 == u32::from(d))
                    {
                        out |= 1 << m;
                    }
                }
                out
            }
        }
    }

    /// The moves that end a minimal solution of `x`: the last moves of the
    /// minimal paths from the goal to `x⁻¹` (`None` without inverses, and
    /// up to rotation, where a path's last move depends on the frame it
    /// ends in: no one set is the ending moves of every minimal path).
    pub fn ending_moves(&self, x: u64) -> Option<u64> {
        if self.space.up_to_rotation() {
            return None;
        }
        let inv = self.inverse(x)?;
        Some(match self.found.last_moves(inv) {
            Some(last) => last,
            None => self.inverses_of(self.starting_moves(inv)),
        })
    }

    /// The set of the inverses of a set of moves.
    pub fn inverses_of(&self, set: u64) -> u64 {
        (0..self.moves.len())
            .filter(|&m| set & (1 << m) != 0)
            .fold(0u64, |acc, m| acc | 1 << self.moves.get(m).inverse())
    }

    /// Calls `visit` on every minimal solution of `x` (from `x` to the
    /// goal), in increasing order of the moves' numbers, until it breaks.
    /// Solutions are reduced paths ([`MoveSet::redundant_after`]). A
    /// depth-first search cut by the main dictionary: a move is followed
    /// only while the cost spent and a lower bound on what is left (the
    /// next position's minimum, less two when a minimal solution of it
    /// starts with a move that elides with this one) stay within the
    /// minimum.
    pub fn for_each_minimal_path(
        &self,
        x: u64,
        mut visit: impl FnMut(&[usize]) -> ControlFlow<()>,
    ) {
        let Some(d) = self.found.get(x) else { return };
        let (first, steps) = &self.steps;
        let mut search = Dfs {
            a: self,
            steps,
            words: self.moves.has_words(),
            path: Vec::new(),
        };
        let _ = search.go(x, first, u32::from(d), &mut visit);
    }

    /// The specimen minimal solution of `x`: the first in the order of the
    /// moves. Empty for the goal.
    pub fn specimen(&self, x: u64) -> Vec<usize> {
        let mut found = Vec::new();
        self.for_each_minimal_path(x, |p| {
            found = p.to_vec();
            ControlFlow::Break(())
        });
        found
    }

    /// Every minimal solution of `x`, in order.
    pub fn minimal_paths(&self, x: u64) -> Vec<Vec<usize>> {
        let mut all = Vec::new();
        self.for_each_minimal_path(x, |p| {
            all.push(p.to_vec());
            ControlFlow::Continue(())
        });
        all
    }

    /// The number of minimal solutions of `x`.
    pub fn count_minimal_paths(&self, x: u64) -> u64 {
        let mut n = 0u64;
        self.for_each_minimal_path(x, |_| {
            n += 1;
            ControlFlow::Continue(())
        });
        n
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

/// What may follow the start and each move in a minimal solution: after
/// move t, the moves that may follow (a bit each), the cost of each, and
/// the last moves (from the goal) of a position whose minimal solutions
/// may start with a move eliding with t: the inverses of the moves t elides
/// into.
fn steps_of(moves: &MoveSet, space: &Space) -> (Step, Vec<Step>) {
    let n = moves.len();
    let redundant = space.redundancy(moves);
    let steps = (0..n)
        .map(|t| Step {
            follows: !redundant[t],
            cost: (0..n).map(|u| moves.cost_after(Some(t), u)).collect(),
            elide_last: std::array::from_fn(|j| {
                (0..n)
                    .filter(|&u| {
                        j > 0
                            && redundant[t] & (1 << u) == 0
                            && moves.elides(t, u)
                            && moves.cancelled(t, u) as usize >= j
                    })
                    .fold(0u64, |acc, u| acc | 1 << moves.get(u).inverse())
            }),
        })
        .collect();
    let first = Step {
        follows: u64::MAX,
        cost: (0..n).map(|u| moves.cost_after(None, u)).collect(),
        elide_last: [0; 5],
    };
    (first, steps)
}

/// What may follow a move in a minimal solution, worked out once.
#[derive(Debug, Clone)]
struct Step {
    /// The moves that may follow in a reduced path.
    follows: u64,
    /// The cost of each move after this one.
    cost: Vec<u32>,
    /// For `j ≥ 1`, the last moves (from the goal) that mark a position
    /// whose solutions may start with a move cancelling at least `j` steps
    /// with this one.
    elide_last: [u64; 5],
}

impl Analysis {
    /// A lower bound on what solving `y` (minimum `d`) costs right after
    /// the move of `step`: for each set of last moves the search kept (of
    /// paths costing 2l over the minimum), that cost less what the best
    /// junction with the move can cancel; never more than `d`.
    fn bound_after(&self, y: u64, d: u32, step: &Step) -> u32 {
        let mut bound = d;
        for level in 0..self.found.levels() {
            let last = self.found.last_moves_at(y, level).unwrap_or(0);
            if let Some(j) = (1..step.elide_last.len())
                .rev()
                .find(|&j| last & step.elide_last[j] != 0)
            {
                bound = bound.min((d + 2 * level as u32).saturating_sub(2 * j as u32));
            }
        }
        bound
    }
}

/// The depth-first search of [`Analysis::for_each_minimal_path`].
struct Dfs<'a> {
    a: &'a Analysis,
    steps: &'a [Step],
    words: bool,
    path: Vec<usize>,
}

impl Dfs<'_> {
    fn go(
        &mut self,
        x: u64,
        step: &Step,
        budget: u32,
        visit: &mut impl FnMut(&[usize]) -> ControlFlow<()>,
    ) -> ControlFlow<()> {
        // With the budget spent, only the goal is a solution; but a move
        // that costs nothing after this one (all its steps cancelled) may
        // still lead there.
        if budget == 0 && x == self.a.space.goal_index() {
            return visit(&self.path);
        }
        let n = self.a.moves.len();
        for t in 0..n {
            if step.follows & (1 << t) == 0 {
                continue;
            }
            let cost = step.cost[t];
            if cost > budget {
                continue;
            }
            let y = self.a.space.apply(x, t);
            let Some(d) = self.a.found.get(y) else {
                continue;
            };
            let next = &self.steps[t];
            let bound = if self.words {
                self.a.bound_after(y, u32::from(d), next)
            } else {
                u32::from(d)
            };
            if bound > budget - cost {
                continue;
            }
            self.path.push(t);
            let flow = self.go(y, next, budget - cost, visit);
            self.path.pop();
            flow?;
        }
        ControlFlow::Continue(())
    }
}
