//! Everything the tool says about one position, as plain data: its forms,
//! minimum, starting and ending twists, specimen path, tile moves and
//! classes. Renderers in [`crate::render`] turn it into text, JSON, YAML or
//! CSV.
//!
//! ```
//! use schofield::twist::dictionary::Analysis;
//! use schofield::twist::puzzle::EIGHT;
//! use schofield::twist::solve::Solution;
//! let a = Analysis::new(&EIGHT);
//! let p = EIGHT.parse_position("025/1_3/746").unwrap();
//! let s = Solution::new(&a, &p, true);
//! assert_eq!(s.code, "102536");
//! assert_eq!(s.moves, 20);
//! assert_eq!(s.specimen.to_string(), "WXYZADY");
//! assert_eq!(s.minimal_path_count, 2);
//! ```

use crate::twist::dictionary::{Analysis, Class, ClassId};
use crate::twist::position::{Position, SequenceNumber};
use crate::twist::{Path, TileMove, TwistSet, expand};
use serde::Serialize;

/// A class as reported for one position.
#[derive(Debug, Clone, Serialize)]
pub struct ClassReport {
    /// The class number.
    #[serde(rename = "class_id")]
    pub id: ClassId,
    /// How many classes there are of this kind.
    #[serde(rename = "class_count")]
    pub of: usize,
    /// The representative's code number.
    pub representative: String,
    /// The representative's sequence number.
    pub representative_sequence_number: SequenceNumber,
    /// The number of members.
    pub size: u8,
}

impl ClassReport {
    fn new<const N: usize>(a: &Analysis<N>, c: &Class, of: usize) -> ClassReport {
        ClassReport {
            id: c.id,
            of,
            representative: a.position(c.representative).code(),
            representative_sequence_number: c.representative,
            size: c.size,
        }
    }
}

/// The complete answer for one position (puzzle → target).
#[derive(Debug, Clone, Serialize)]
pub struct Solution {
    /// The puzzle's name.
    pub puzzle: &'static str,
    /// The code number.
    pub code: String,
    /// The grid on one line, rows separated by `/`.
    pub grid: String,
    /// Cycle notation on squares relative to the target.
    pub cycles: String,
    /// Schofield's sequence number S.
    pub sequence_number: SequenceNumber,
    /// The minimum number of moves.
    pub moves: u8,
    /// The twists that can start a minimal solution.
    pub starting_twists: TwistSet,
    /// The twists that can end a minimal solution.
    pub ending_twists: TwistSet,
    /// Schofield's field for the starting twists: each of the puzzle's
    /// twists in its slot (A B C D W X Y Z; A B W X for the five-puzzle) or
    /// `.`, e.g. `....W..Z`.
    pub starting_field: String,
    /// The same field for the ending twists.
    pub ending_field: String,
    /// The specimen: the first minimal solution in the order A B C D W X Y Z.
    pub specimen: Path,
    /// The specimen with elided twists struck through.
    pub specimen_marked: String,
    /// The specimen's number of twists.
    pub specimen_twists: usize,
    /// The specimen's number of elisions.
    pub specimen_elisions: usize,
    /// The pieces the specimen moves, in order.
    pub tile_moves: Vec<u8>,
    /// The specimen's tile moves, each with the squares it goes from and to.
    pub tile_slides: Vec<TileMove>,
    /// The number of minimal solutions (reduced twist words).
    pub minimal_path_count: u64,
    /// The number of shortest tile-move sequences: each minimal word counts
    /// `2^(twin sites)` (see [`Path::twin_sites`]).
    pub tile_solutions: u64,
    /// Every minimal solution, when asked for.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub minimal_paths: Option<Vec<Path>>,
    /// The class under the puzzle's symmetries.
    pub class: ClassReport,
    /// The class when inverses are also equivalent.
    pub extended_class: ClassReport,
}

impl Solution {
    /// Solves `p` with the analysis `a`; with `all`, lists every minimal
    /// solution as well as counting them.
    pub fn new<const N: usize>(a: &Analysis<N>, p: &Position<N>, all: bool) -> Solution {
        let s = p.sequence_number();
        let specimen = a.specimen(p);
        let paths = a.minimal_paths(p);
        let puzzle = a.puzzle();
        Solution {
            puzzle: puzzle.name,
            code: p.code(),
            grid: puzzle.grid_compact(p),
            cycles: p.cycles(),
            sequence_number: s,
            moves: a.moves(p),
            starting_twists: a.starting_twists(p),
            ending_twists: a.ending_twists(p),
            starting_field: a.starting_twists(p).field_of(puzzle.twists),
            ending_field: a.ending_twists(p).field_of(puzzle.twists),
            specimen_marked: specimen.marked(),
            specimen_twists: specimen.len(),
            specimen_elisions: specimen.elisions(),
            tile_moves: pieces_of(&expand(&specimen, p.pieces())),
            tile_slides: expand(&specimen, p.pieces()),
            specimen,
            minimal_path_count: paths.len() as u64,
            tile_solutions: paths.iter().map(Path::tile_sequences).sum(),
            minimal_paths: all.then_some(paths),
            class: ClassReport::new(a, a.classes().class_of(s), a.classes().len()),
            extended_class: ClassReport::new(
                a,
                a.extended_classes().class_of(s),
                a.extended_classes().len(),
            ),
        }
    }
}

/// What a path of twists does when followed from a position.
///
/// ```
/// use schofield::twist::position::Position;
/// use schofield::twist::puzzle::EIGHT;
/// use schofield::twist::solve::PathReport;
/// let path = EIGHT.parse_path("AXWB").unwrap();
/// let r = PathReport::new(&EIGHT, &Position::target(), &path);
/// assert_eq!(r.moves, 16);
/// assert_eq!(r.end_cycles, "(123)"); // Lemma A
/// ```
#[derive(Debug, Clone, Serialize)]
pub struct PathReport {
    /// The path, plain.
    pub path: Path,
    /// The path with elided twists struck through.
    pub marked: String,
    /// The same marking in ASCII (elided twists in lower case).
    pub marked_ascii: String,
    /// The number of twists `t`.
    pub twists: usize,
    /// The number of elisions `e`.
    pub elisions: usize,
    /// The number of tile moves `m = 4t − 2e`.
    pub moves: usize,
    /// Whether no twist is followed by itself or its inverse.
    pub reduced: bool,
    /// The path that undoes it.
    pub inverse: Path,
    /// The starting position's code number.
    pub start_code: String,
    /// The starting position's grid.
    pub start: String,
    /// The code number of the position the path ends at.
    pub end_code: String,
    /// The grid of the position the path ends at.
    pub end: String,
    /// The cycle notation of the position the path ends at.
    pub end_cycles: String,
    /// Whether the path ends at the target.
    pub end_is_target: bool,
    /// The pieces moved, in order, with cancelled pairs left out.
    pub tile_moves: Vec<u8>,
    /// The same tile moves, each with the squares it goes from and to.
    pub tile_slides: Vec<TileMove>,
}

impl PathReport {
    /// Follows `path` from `start` on `puzzle`.
    pub fn new<const N: usize>(
        puzzle: &crate::twist::puzzle::Puzzle<N>,
        start: &Position<N>,
        path: &Path,
    ) -> PathReport {
        let end = start.apply_path(path);
        PathReport {
            path: path.clone(),
            marked: path.marked(),
            marked_ascii: path.marked_ascii(),
            twists: path.len(),
            elisions: path.elisions(),
            moves: path.moves(),
            reduced: path.is_reduced(),
            inverse: path.inverse(),
            start_code: start.code(),
            start: puzzle.grid_compact(start),
            end_code: end.code(),
            end: puzzle.grid_compact(&end),
            end_cycles: end.cycles(),
            end_is_target: end.is_target(),
            tile_moves: pieces_of(&expand(path, start.pieces())),
            tile_slides: expand(path, start.pieces()),
        }
    }
}

/// The pieces of a list of tile moves, in order.
fn pieces_of(slides: &[TileMove]) -> Vec<u8> {
    slides.iter().map(|m| m.piece).collect()
}
