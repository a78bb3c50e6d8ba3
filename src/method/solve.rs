//! Everything the tool says about one position, as plain data: its forms,
//! minimum, starting and ending moves, specimen path, tile moves and
//! classes; and what a path does when followed. Renderers in
//! [`crate::render`] turn them into text, JSON, YAML or CSV.
//!
//! ```
//! use schofield::puzzle::library;
//! use schofield::method::analysis::{Analysis, Options};
//! use schofield::method::solve::SolutionReport;
//! let a = Analysis::new(library::get("eight").unwrap(), &Options::default(), &|_| {}).unwrap();
//! let x = a.parse_position("025/1_3/746").unwrap();
//! let s = SolutionReport::new(&a, x, true);
//! assert_eq!(s.code.as_deref(), Some("102536"));
//! assert_eq!(s.moves, 20);
//! assert_eq!(s.specimen.plain, "WXYZADY");
//! assert_eq!(s.minimal_path_count, 2);
//! ```

use crate::method::analysis::Analysis;
use crate::method::{NamedMoves, Path, TileMove, WrittenPath, expand};
use crate::puzzle::MoveSet;
use crate::puzzle::Vocabulary;
use serde::Serialize;

/// A class as reported for one position.
#[derive(Debug, Clone, Serialize)]
pub struct ClassReport {
    /// The class number.
    #[serde(rename = "class_id")]
    pub id: usize,
    /// How many classes there are of this kind.
    #[serde(rename = "class_count")]
    pub of: usize,
    /// The representative's code number (or pattern).
    pub representative: String,
    /// The representative's sequence number.
    pub representative_sequence_number: u64,
    /// The number of members.
    pub size: u64,
}

impl ClassReport {
    /// The class of position `x` (with `extended`, its extended class).
    pub fn of(a: &Analysis, extended: bool, x: u64) -> Option<ClassReport> {
        let (classes, id) = if extended {
            (a.extended_classes()?, a.extended_class_of(x)?)
        } else {
            (a.classes(), a.class_of(x)?)
        };
        let c = classes.list()[id];
        Some(ClassReport {
            id,
            of: classes.count(),
            representative: a.name_of(c.representative),
            representative_sequence_number: c.representative,
            size: c.size,
        })
    }
}

/// The length of every move's word, when moves have words all of one
/// length.
fn word_length(moves: &MoveSet) -> Option<u32> {
    let first = moves.get(0);
    first.word()?;
    moves
        .iter()
        .all(|m| m.word().is_some() && m.cost() == first.cost())
        .then(|| first.cost())
}

/// The pieces of a list of tile moves, in order.
fn pieces_of(slides: &[TileMove]) -> Vec<u8> {
    slides.iter().map(|m| m.piece).collect()
}

/// The complete answer for one position (puzzle → goal).
#[derive(Debug, Clone, Serialize)]
pub struct SolutionReport {
    /// The puzzle's name.
    pub puzzle: String,
    /// The code number, when positions have them.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub code: Option<String>,
    /// The grid on one line, rows separated by `/`, when there is a drawing.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub grid: Option<String>,
    /// Cycle notation on slots relative to the goal (one-orbit puzzles).
    #[serde(skip_serializing_if = "Option::is_none")]
    pub cycles: Option<String>,
    /// Elsewhere, pieces all different: its cycles by orbit, in GAP's form.
    #[serde(skip_serializing_if = "Vec::is_empty")]
    pub cycles_by_orbit: Vec<crate::puzzle::gap::OrbitCycles>,
    /// The pattern, for puzzles without a code number.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub pattern: Option<String>,
    /// Schofield's sequence number: the position's number.
    pub sequence_number: u64,
    /// The minimum number of moves.
    pub moves: u8,
    /// The moves that can start a minimal solution.
    pub starting_twists: NamedMoves,
    /// The moves that can end a minimal solution.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub ending_twists: Option<NamedMoves>,
    /// Schofield's field for the starting moves: each move in its slot or
    /// `.`, e.g. `....W..Z`.
    pub starting_field: String,
    /// The same field for the ending moves.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub ending_field: Option<String>,
    /// The specimen: the first minimal solution in the order of the moves.
    pub specimen: WrittenPath,
    /// The specimen with elided moves struck through.
    pub specimen_marked: String,
    /// The specimen's number of moves.
    pub specimen_twists: usize,
    /// The specimen's number of elisions.
    pub specimen_elisions: usize,
    /// The pieces the specimen moves, in order (trays).
    #[serde(skip_serializing_if = "Option::is_none")]
    pub tile_moves: Option<Vec<u8>>,
    /// The specimen's tile moves, each with the squares it goes from and to.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub tile_slides: Option<Vec<TileMove>>,
    /// The number of minimal solutions (reduced paths).
    pub minimal_path_count: u64,
    /// The number of shortest tile-move sequences: each minimal word counts
    /// `2^(twin sites)` (see [`Path::twin_sites`]).
    #[serde(skip_serializing_if = "Option::is_none")]
    pub tile_solutions: Option<u64>,
    /// Every minimal solution, when asked for.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub minimal_paths: Option<Vec<WrittenPath>>,
    /// The class under the puzzle's symmetries.
    pub class: ClassReport,
    /// The class when inverses are also equivalent.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub extended_class: Option<ClassReport>,
    /// The puzzle's nouns, for text.
    #[serde(skip)]
    pub vocabulary: Vocabulary,
    /// The position's order as a group element: how many times the
    /// moves that make it must be repeated to come back to the goal (when
    /// every orbit's pieces are all different).
    #[serde(skip_serializing_if = "Option::is_none")]
    pub order: Option<u64>,
    /// The inverse position (the one the inverse moves make), named as the
    /// position is (its code number, or its pattern).
    #[serde(skip_serializing_if = "Option::is_none")]
    pub inverse_position: Option<String>,
    /// A solution between two positions ([`SolutionReport::between`]):
    /// the start, as its grid or pattern; the position the report
    /// describes is then the one whose solution to the goal is the same
    /// moves.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub start: Option<String>,
    /// The goal of a solution between two positions.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub goal: Option<String>,
    /// The length of every move's word, when all are priced alike by
    /// words (4 on the eight-puzzle), for Schofield's sum `m = 4t − 2e`.
    #[serde(skip)]
    pub word_length: Option<u32>,
}

impl SolutionReport {
    /// Solves position `x`; with `all`, lists every minimal solution as
    /// well as counting them.
    pub fn new(a: &Analysis, x: u64, all: bool) -> SolutionReport {
        SolutionReport::in_frame(a, x, None, all)
    }

    /// As [`SolutionReport::new`], for a position given in `frame` (up to
    /// rotation: the rotation that took it to its number, see
    /// [`Analysis::held_still`]): every path is written in the moves of
    /// the puzzle held still, and the ending moves, which depend on the
    /// path's frame, are left out.
    pub fn in_frame(
        a: &Analysis,
        x: u64,
        frame: Option<&crate::puzzle::Transformation>,
        all: bool,
    ) -> SolutionReport {
        SolutionReport::listing(a, x, frame, all, None)
    }

    /// As [`SolutionReport::in_frame`] with every minimal path counted but at
    /// most `most` of them listed (the explorer's page lists a few of the
    /// 2×2×2's 323 584 at once). A tray's paths are all followed, for its
    /// count of tile solutions.
    pub fn in_frame_at_most(
        a: &Analysis,
        x: u64,
        frame: Option<&crate::puzzle::Transformation>,
        most: usize,
    ) -> SolutionReport {
        SolutionReport::listing(a, x, frame, true, Some(most))
    }

    /// The minimal solutions from the position `from` to the position
    /// `to`, not the goal. The moves that take `from` to `to` are those
    /// that solve the *relative* position `x`, whose group element is
    /// `T_to⁻¹ · T_from` (first undo `to`, then make `from`): `x` is `from`
    /// with its pieces renamed so that `to` becomes the goal, and the report
    /// describes it, with `start` and `goal` named and the tile moves those
    /// of `from`'s pieces. An error when the positions are not group
    /// elements (orbits with identical pieces) or `to` cannot be reached
    /// from `from` (an odd relative position, say).
    ///
    /// ```
    /// use schofield::puzzle::library;
    /// use schofield::method::analysis::{Analysis, Options};
    /// use schofield::method::solve::SolutionReport;
    /// let a = Analysis::new(library::get("eight").unwrap(), &Options::default(), &|_| {}).unwrap();
    /// let read = |t: &str| a.read_position(t).unwrap().pattern;
    /// // From the target to 102536 is as long as back.
    /// let r = SolutionReport::between(&a, &read("012345"), &read("102536"), false).unwrap();
    /// assert_eq!(r.moves, 20);
    /// // The same position twice: nothing to do.
    /// let r = SolutionReport::between(&a, &read("102536"), &read("102536"), false).unwrap();
    /// assert_eq!(r.moves, 0);
    /// ```
    pub fn between(
        a: &Analysis,
        from: &crate::puzzle::Pattern,
        to: &crate::puzzle::Pattern,
        all: bool,
    ) -> Result<SolutionReport, crate::method::notation::PositionError> {
        use crate::method::notation::PositionError;
        let puzzle = a.puzzle();
        let (t_from, t_to) = elements_between(puzzle, from, to)?;
        let relative = relative_of(puzzle, &t_from, &t_to);
        let name = |p: &crate::puzzle::Pattern| {
            let notation = a.notation();
            notation.grid_or_pattern(p)
        };
        let x = a.reached(&relative).map_err(|e| {
            // The change as Schofield writes it: the piece in square i of
            // `from` goes to square j of `to`.
            let notation = a.notation();
            let change = puzzle.goal().apply(&t_from.inverse().then(&t_to));
            let shown = match notation.cycles(&change) {
                Some(c) => format!("{c} on squares"),
                None => notation.pattern_text(&change),
            };
            let (kind, why) = match &e {
                PositionError::OddPermutation { .. } => (
                    "an odd permutation",
                    "sliding pieces only makes even permutations (Schofield's Theorem 1)"
                        .to_string(),
                ),
                PositionError::Unreachable(why) => ("a change", why.clone()),
                other => ("a change", other.to_string()),
            };
            PositionError::NotJoined {
                from: name(from),
                to: name(to),
                relative: format!("{kind}, {shown},"),
                why,
            }
        })?;
        // Up to rotation, the relative position is numbered turned home:
        // its paths are told in its own frame, held still.
        let frame = a.space().home_rotation(&relative).cloned();
        let mut report = SolutionReport::listing(a, x, frame.as_ref(), all, None);
        report.start = Some(name(from));
        report.goal = Some(name(to));
        if !puzzle.slides().is_empty() {
            let specimen = Path::new(a.specimen(x));
            let slides = expand(puzzle, a.moves(), &specimen, &from.orbits()[0].pieces);
            report.tile_moves = Some(pieces_of(&slides));
            report.tile_slides = Some(slides);
        }
        Ok(report)
    }

    fn listing(
        a: &Analysis,
        x: u64,
        frame: Option<&crate::puzzle::Transformation>,
        all: bool,
        most: Option<usize>,
    ) -> SolutionReport {
        let moves = a.moves();
        let puzzle = a.puzzle();
        let turned = a.space().up_to_rotation();
        let trays = !puzzle.slides().is_empty();
        let kept = if trays { None } else { most };
        let mut raw = Vec::new();
        let mut count = 0u64;
        a.for_each_minimal_path(x, |p| {
            count += 1;
            if kept.is_none_or(|k| raw.len() < k) {
                raw.push(Path::new(p.to_vec()));
            }
            std::ops::ControlFlow::Continue(())
        });
        let paths: Vec<Path> = raw.iter().map(|p| a.held_still(p, frame)).collect();
        let specimen = paths.first().cloned().unwrap_or_default();
        let first_moves = a.starting_moves(x);
        let start = if turned {
            first_moves
                .iter()
                .map(|m| a.held_still(&Path::new(vec![m]), frame).moves()[0])
                .collect()
        } else {
            first_moves
        };
        let end = a.ending_moves(x);
        let slides =
            trays.then(|| expand(puzzle, moves, &specimen, &a.position(x).orbits()[0].pieces));
        // Everything said about the position is said in its frame: the
        // pattern the held-still paths above solve.
        let notation = a.notation();
        let position = a.pattern_in_frame(x, frame);
        let code = notation.code(&position);
        let element = crate::method::notation::element_of(puzzle, &position);
        let order = element.as_ref().and_then(|t| {
            use num_traits::ToPrimitive;
            crate::puzzle::order_of(t).to_u64()
        });
        let inverse = element.and_then(|t| {
            let inverse = puzzle.goal().apply(&t.inverse());
            a.index_of(&inverse)?;
            Some(
                notation
                    .code(&inverse)
                    .unwrap_or_else(|| notation.pattern_text(&inverse)),
            )
        });
        SolutionReport {
            order,
            inverse_position: inverse,
            start: None,
            goal: None,
            puzzle: puzzle.name().to_string(),
            pattern: code.is_none().then(|| notation.pattern_text(&position)),
            code,
            grid: notation.grid(&position),
            cycles: notation.cycles(&position),
            cycles_by_orbit: gap_cycles(puzzle, &notation, &position),
            sequence_number: x,
            moves: a.moves_at(x).unwrap_or(0),
            starting_twists: start.named(moves),
            ending_twists: end.as_ref().map(|e| e.named(moves)),
            starting_field: start.field(moves),
            ending_field: end.as_ref().map(|e| e.field(moves)),
            specimen_marked: specimen.marked(moves),
            specimen_twists: specimen.len(),
            specimen_elisions: specimen.elisions(moves),
            tile_moves: slides.as_ref().map(|s| pieces_of(s)),
            tile_slides: slides,
            specimen: specimen.written(moves),
            minimal_path_count: count,
            tile_solutions: trays.then(|| paths.iter().map(|p| p.tile_sequences(moves)).sum()),
            minimal_paths: all.then(|| {
                paths
                    .iter()
                    .take(most.unwrap_or(usize::MAX))
                    .map(|p| p.written(moves))
                    .collect()
            }),
            class: ClassReport::of(a, false, x).expect("a reached position has a class"),
            extended_class: ClassReport::of(a, true, x),
            vocabulary: puzzle.vocabulary().clone(),
            word_length: word_length(a.moves()),
        }
    }
}

/// What a path does when followed from a position.
///
/// ```
/// use schofield::puzzle::library;
/// use schofield::method::Path;
/// use schofield::method::analysis::{Analysis, Options};
/// use schofield::method::solve::PathReport;
/// let a = Analysis::new(library::get("eight").unwrap(), &Options::default(), &|_| {}).unwrap();
/// let path = Path::parse(a.moves(), "AXWB").unwrap();
/// let r = PathReport::new(&a, a.goal(), &path);
/// assert_eq!(r.moves, 16);
/// assert_eq!(r.end_cycles.as_deref(), Some("(123)")); // Lemma A
/// ```
#[derive(Debug, Clone, Serialize)]
pub struct PathReport {
    /// The path, plain.
    pub path: WrittenPath,
    /// The path with elided moves struck through.
    pub marked: String,
    /// The same marking in ASCII (elided moves in lower case).
    pub marked_ascii: String,
    /// The number of moves `t`.
    pub twists: usize,
    /// The number of elisions `e`.
    pub elisions: usize,
    /// The cost `m` (`4t − 2e` on the eight-puzzle).
    pub moves: usize,
    /// Whether the path is reduced.
    pub reduced: bool,
    /// The path that undoes it.
    pub inverse: WrittenPath,
    /// The starting position's code number.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub start_code: Option<String>,
    /// The starting position's grid (or pattern).
    pub start: String,
    /// The code number of the position the path ends at.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub end_code: Option<String>,
    /// The grid (or pattern) of the position the path ends at.
    pub end: String,
    /// The cycle notation of the position the path ends at.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub end_cycles: Option<String>,
    /// Whether the path ends at the goal.
    pub end_is_target: bool,
    /// Up to rotation, whether it ends at the goal turned as a whole (the
    /// cube solved, held in another orientation).
    #[serde(skip_serializing_if = "std::ops::Not::not")]
    pub end_turned_whole: bool,
    /// The pieces moved, in order, with cancelled pairs left out (trays).
    #[serde(skip_serializing_if = "Option::is_none")]
    pub tile_moves: Option<Vec<u8>>,
    /// The same tile moves, each with the squares it goes from and to.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub tile_slides: Option<Vec<TileMove>>,
    /// The puzzle's nouns, for text.
    #[serde(skip)]
    pub vocabulary: Vocabulary,
    /// The length of every move's word, when all are alike.
    #[serde(skip)]
    pub word_length: Option<u32>,
}

impl PathReport {
    /// Follows `path` from position `start`.
    pub fn new(a: &Analysis, start: u64, path: &Path) -> PathReport {
        PathReport::in_frame(a, start, None, path)
    }

    /// As [`PathReport::new`], the path's moves those of the puzzle held
    /// still and the start given in `frame` (see [`Analysis::held_still`]).
    pub fn in_frame(
        a: &Analysis,
        start: u64,
        frame: Option<&crate::puzzle::Transformation>,
        path: &Path,
    ) -> PathReport {
        let moves = a.moves();
        let end = a.follow_held_still(start, path, frame);
        // Up to rotation, the start as given and the end it reaches held
        // still: the pattern the moves make from the start as written.
        let from = a.pattern_in_frame(start, frame);
        let mut report = PathReport::from_pattern(a.puzzle(), moves, &from, path);
        let to = path
            .moves()
            .iter()
            .fold(from, |p, &m| p.apply(moves.get(m).transformation()));
        report.end_is_target = end == a.goal();
        report.end_turned_whole = end == a.goal() && to != a.position(end);
        report
    }

    /// Follows `path` from the pattern `from` of `puzzle`, with no table
    /// (a puzzle past it: [`crate::method::analysis::past_the_table`]).
    ///
    /// ```
    /// use schofield::puzzle::{Metric, library};
    /// use schofield::method::Path;
    /// use schofield::method::solve::PathReport;
    /// let cube = library::get("3x3x3").unwrap();
    /// let moves = cube.moves(Metric::Face, None).unwrap();
    /// let path = Path::parse(&moves, "R U R' U'").unwrap();
    /// let r = PathReport::from_pattern(&cube, &moves, cube.goal(), &path);
    /// assert_eq!((r.moves, r.inverse.plain.as_str()), (4, "U R U' R'"));
    /// assert!(!r.end_is_target);
    /// ```
    pub fn from_pattern(
        puzzle: &crate::puzzle::Puzzle,
        moves: &MoveSet,
        from: &crate::puzzle::Pattern,
        path: &Path,
    ) -> PathReport {
        let notation = crate::method::notation::Notation::new(puzzle, moves);
        let to = path
            .moves()
            .iter()
            .fold(from.clone(), |p, &m| p.apply(moves.get(m).transformation()));
        let trays = !puzzle.slides().is_empty();
        let slides = trays.then(|| expand(puzzle, moves, path, &from.orbits()[0].pieces));
        let shown = |p: &crate::puzzle::Pattern| notation.grid_or_pattern(p);
        PathReport {
            path: path.written(moves),
            marked: path.marked(moves),
            marked_ascii: path.marked_ascii(moves),
            twists: path.len(),
            elisions: path.elisions(moves),
            moves: path.cost(moves),
            reduced: path.is_reduced(moves),
            inverse: path.inverse(moves).written(moves),
            start_code: notation.code(from),
            start: shown(from),
            end_code: notation.code(&to),
            end: shown(&to),
            end_cycles: notation.cycles(&to),
            end_is_target: &to == puzzle.goal(),
            end_turned_whole: false,
            tile_moves: slides.as_ref().map(|s| pieces_of(s)),
            tile_slides: slides,
            vocabulary: puzzle.vocabulary().clone(),
            word_length: word_length(moves),
        }
    }
}

/// The group elements of two positions, `from` and `to`: what a solution
/// between them needs (every orbit's pieces all different).
fn elements_between(
    puzzle: &crate::puzzle::Puzzle,
    from: &crate::puzzle::Pattern,
    to: &crate::puzzle::Pattern,
) -> Result<
    (crate::puzzle::Transformation, crate::puzzle::Transformation),
    crate::method::notation::PositionError,
> {
    let element = |p: &crate::puzzle::Pattern| {
        crate::method::notation::element_of(puzzle, p).ok_or_else(|| {
            crate::method::notation::PositionError::Pattern(format!(
                "a solution between two positions needs positions that are group elements, and the {} has orbits of identical pieces",
                puzzle.name()
            ))
        })
    };
    Ok((element(from)?, element(to)?))
}

/// The position whose solutions to the target are the solutions from
/// `from` to `to`: `from` renamed so that `to` is the target (what
/// `solve --to` answers).
///
/// ```
/// use schofield::puzzle::{Metric, library};
/// use schofield::method::notation::Notation;
/// use schofield::method::solve::relative_position;
/// let cube = library::get("3x3x3").unwrap();
/// let moves = cube.moves(Metric::Face, None).unwrap();
/// let n = Notation::new(&cube, &moves);
/// let (from, to) = (n.read_pattern("R U").unwrap(), n.read_pattern("R").unwrap());
/// // From R U, the move U' reaches R: as U from the target.
/// assert_eq!(relative_position(&cube, &from, &to).unwrap(), n.read_pattern("U").unwrap());
/// ```
pub fn relative_position(
    puzzle: &crate::puzzle::Puzzle,
    from: &crate::puzzle::Pattern,
    to: &crate::puzzle::Pattern,
) -> Result<crate::puzzle::Pattern, crate::method::notation::PositionError> {
    let (t_from, t_to) = elements_between(puzzle, from, to)?;
    Ok(relative_of(puzzle, &t_from, &t_to))
}

/// The goal renamed as `from` is, `to` being the target: the position of
/// element `t_to⁻¹·t_from`.
fn relative_of(
    puzzle: &crate::puzzle::Puzzle,
    t_from: &crate::puzzle::Transformation,
    t_to: &crate::puzzle::Transformation,
) -> crate::puzzle::Pattern {
    puzzle.goal().apply(&t_to.inverse().then(t_from))
}

/// The answer for one position found by IDA* rather than read from the
/// whole table ([`crate::method::search::ida`]): its minimum, a specimen and
/// every starting move, with the work it took. The keys are those of
/// [`SolutionReport`] where the figure is the same.
///
/// ```
/// use schofield::puzzle::{Metric, library};
/// use schofield::method::search::ida::Solver;
/// use schofield::method::solve::SearchedReport;
/// use schofield::method::space::Space;
/// let p = library::get("corners").unwrap();
/// let moves = p.moves(Metric::Face, None).unwrap();
/// let space = Space::new(&p, &moves).unwrap();
/// let solver = Solver::new(&space, 1 << 16, None).unwrap();
/// let x = space.apply(space.goal_index(), 0);
/// let s = solver.solve_index(x, &Default::default()).unwrap();
/// let r = SearchedReport::new(&p, &moves, "U".into(), &s, 0.0);
/// assert_eq!((r.moves, r.specimen.as_str()), (1, "U'"));
/// assert_eq!(r.starting_twists.unwrap(), ["U'"]);
/// ```
#[derive(Debug, Clone, Serialize)]
pub struct SearchedReport {
    /// The puzzle's name.
    pub puzzle: String,
    /// The position as given (`start`, as for a board's searches).
    pub start: String,
    /// With `--to`: the position solved towards, as given.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub goal: Option<String>,
    /// With `--to`: the position whose solution to the target is the same
    /// moves ([`relative_position`]), written as a pattern.
    #[serde(skip)]
    pub relative: Option<String>,
    /// The minimum number of moves.
    pub moves: u32,
    /// The moves that can start a minimal solution; `None` unproved
    /// ([`crate::method::search::ida::Solver::solve_specimen`]).
    #[serde(skip_serializing_if = "Option::is_none")]
    pub starting_twists: Option<Vec<String>>,
    /// One minimal solution.
    pub specimen: String,
    /// Without `--to`: [`SolutionReport::cycles_by_orbit`].
    #[serde(skip_serializing_if = "Vec::is_empty")]
    pub cycles_by_orbit: Vec<crate::puzzle::gap::OrbitCycles>,
    /// With `--all`: how many minimal solutions (reduced paths).
    #[serde(skip_serializing_if = "Option::is_none")]
    pub minimal_path_count: Option<u64>,
    /// With `--all`: every minimal solution.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub minimal_paths: Option<Vec<String>>,
    /// How the minimum was found.
    pub searched_by: &'static str,
    /// Positions generated, the starting moves' searches included.
    pub generated: u64,
    /// Seconds of search, the pruning tables' included.
    pub seconds: f64,
    /// The puzzle's nouns, for text.
    #[serde(skip)]
    pub vocabulary: Vocabulary,
}

/// [`SolutionReport::cycles_by_orbit`]: none where `cycles` says it.
pub fn gap_cycles(
    puzzle: &crate::puzzle::Puzzle,
    notation: &crate::method::notation::Notation,
    position: &crate::puzzle::Pattern,
) -> Vec<crate::puzzle::gap::OrbitCycles> {
    if notation.cycles(position).is_some() {
        return Vec::new();
    }
    crate::method::notation::element_of(puzzle, position)
        .map(|t| crate::puzzle::gap::orbit_cycles(puzzle, &t))
        .unwrap_or_default()
}

impl SearchedReport {
    /// The report of `found` for the position given as `position` (every
    /// minimal solution added by [`SearchedReport::with_every`]).
    pub fn new(
        puzzle: &crate::puzzle::Puzzle,
        moves: &crate::puzzle::MoveSet,
        position: String,
        found: &crate::method::search::ida::Solution,
        seconds: f64,
    ) -> SearchedReport {
        let name = |m: usize| moves.get(m).name().to_string();
        SearchedReport {
            puzzle: puzzle.name().to_string(),
            start: position,
            goal: None,
            relative: None,
            moves: found.moves,
            starting_twists: found.starting_proved.then(|| {
                let starts = found.starting.iter();
                starts.map(name).collect()
            }),
            specimen: found
                .path
                .iter()
                .map(|&m| name(m))
                .collect::<Vec<_>>()
                .join(" "),
            cycles_by_orbit: Vec::new(),
            minimal_path_count: None,
            minimal_paths: None,
            searched_by: "IDA*",
            generated: found.nodes,
            seconds,
            vocabulary: puzzle.vocabulary().clone(),
        }
    }

    /// The report with every minimal solution listed.
    pub fn with_every(mut self, moves: &crate::puzzle::MoveSet, every: &[Vec<usize>]) -> Self {
        let written: Vec<String> = every
            .iter()
            .map(|p| {
                p.iter()
                    .map(|&m| moves.get(m).name().to_string())
                    .collect::<Vec<_>>()
                    .join(" ")
            })
            .collect();
        self.minimal_path_count = Some(written.len() as u64);
        self.minimal_paths = Some(written);
        self
    }
}
