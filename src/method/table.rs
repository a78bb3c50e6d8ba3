//! Schofield's printed tabulation: for every puzzle, the twists that can
//! start a minimal solution, the minimum, and a specimen minimal path, laid
//! out as his 168 pages.
//!
//! **Layout.** Entries are in code-number order, which is also sequence-
//! number order: both are lexicographic in the pieces on squares 0 … 5. The
//! first three digits head a *half-page* (8·7·6 = 336 of them). Each half-page
//! holds the 60 codes with that head in 20 lines of 3 entries, read down
//! the columns. Two half-pages make a page, so there are 168 pages.
//!
//! **An entry** reads `DEF ) field length path`. `DEF` are the last three
//! code digits. `field` has eight slots in the order A B C D W X Y Z, each
//! holding its twist's letter when that twist can start a minimal solution,
//! `.` otherwise. `path` is the specimen, the first minimal solution in the
//! order A B C D W X Y Z, with every twist that completes an elision struck
//! through (U+0338). The target's own entry has length 0 and path `-`.
//! The text itself is written by [`crate::render::render_pages`].
//!
//! The layout is the eight-puzzle's: it needs code numbers of six digits.
//! The class dictionary ([`class_dictionary`]) serves every puzzle.
//!
//! ```
//! use schofield::puzzle::library;
//! use schofield::method::analysis::{Analysis, Options};
//! use schofield::method::table::Tabulation;
//! let a = Analysis::new(library::get("eight").unwrap(), &Options::default(), &|_| {}).unwrap();
//! let t = Tabulation::new(&a, false).unwrap();
//! assert_eq!(t.entries().len(), 20_160);
//! let e = t.entry("102536").unwrap();
//! assert_eq!(e.moves, 20);
//! assert_eq!(schofield::render::entry_line(e), "536 ) ....W..Z 20 WX̸Y̸Z̸AD̸Y");
//! assert_eq!(t.half_pages().count(), 336);
//! ```

use crate::method::analysis::Analysis;
use crate::method::{NamedMoves, Path, WrittenPath};
use serde::Serialize;

/// Entries on a half-page.
pub const PER_HALF_PAGE: usize = 60;
/// Lines on a half-page.
pub const LINES: usize = 20;
/// Entries on a line.
pub const COLUMNS: usize = 3;
/// Half-pages on a page.
pub const HALVES_PER_PAGE: usize = 2;

/// Why a half-page head could not be read.
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
pub enum HeadError {
    /// Not three characters.
    #[error("a half-page head is 3 different digits 0 to 7 (the pieces on squares 0, 1, 2), like 102; got {}", crate::text::counted(*.0, "character", "characters"))]
    Length(usize),
    /// A character that is not a digit 0 … 7.
    #[error("a half-page head is 3 different digits 0 to 7 (the pieces on squares 0, 1, 2), like 102; {} is not one of them", crate::text::quoted_char(*.0))]
    Digit(char),
    /// A digit named twice.
    #[error(
        "a half-page head is 3 different digits 0 to 7 (the pieces on squares 0, 1, 2), like 102; {0} appears twice"
    )]
    Repeated(char),
}

/// Checks a half-page head: three different digits 0 … 7.
pub fn parse_head(head: &str) -> Result<String, HeadError> {
    let chars: Vec<char> = head.trim().chars().collect();
    if chars.len() != 3 {
        return Err(HeadError::Length(chars.len()));
    }
    for (i, &c) in chars.iter().enumerate() {
        if !('0'..='7').contains(&c) {
            return Err(HeadError::Digit(c));
        }
        if chars[..i].contains(&c) {
            return Err(HeadError::Repeated(c));
        }
    }
    Ok(chars.into_iter().collect())
}

/// One puzzle's entry in the tabulation.
#[derive(Debug, Clone, Serialize)]
pub struct Entry {
    /// The code number.
    pub code: String,
    /// The grid on one line.
    pub grid: String,
    /// Schofield's sequence number S.
    pub sequence_number: u64,
    /// The minimum number of moves.
    pub moves: u8,
    /// The twists that can start a minimal solution (puzzle → target).
    pub starting_twists: NamedMoves,
    /// The twists that can end a minimal solution (puzzle → target).
    pub ending_twists: NamedMoves,
    /// The specimen: the first minimal solution in the order A … Z.
    pub specimen: WrittenPath,
    /// The number of minimal solutions (present when counted).
    #[serde(skip_serializing_if = "Option::is_none")]
    #[serde(rename = "minimal_path_count")]
    pub minimal_paths: Option<u64>,
    /// The D4 class.
    pub class_id: usize,
}

/// The whole tabulation, one entry per puzzle in code order.
#[derive(Debug, Clone)]
pub struct Tabulation {
    entries: Vec<Entry>,
}

/// One half-page: a head (the first three code digits) and its 60 entries.
#[derive(Debug, Clone, Copy)]
pub struct HalfPage<'a> {
    /// The first three code digits.
    pub head: &'a str,
    /// Its entries, in code order.
    pub entries: &'a [Entry],
    /// Its place, 0 … 335.
    pub index: usize,
}

impl HalfPage<'_> {
    /// The page it is printed on, 1 … 168.
    pub fn page(&self) -> usize {
        self.index / HALVES_PER_PAGE + 1
    }
}

impl Tabulation {
    /// Builds every entry (`None` unless positions have six-digit code
    /// numbers, as the eight-puzzle's do). With `count`, also counts each
    /// puzzle's minimal solutions.
    pub fn new(a: &Analysis, count: bool) -> Option<Tabulation> {
        if a.code(a.goal())?.len() != 6 {
            return None;
        }
        let entries = (0..a.space().len())
            .filter(|&x| a.moves_at(x).is_some())
            .map(|x| Self::entry_for(a, x, count))
            .collect();
        Some(Tabulation { entries })
    }

    /// The entry of position `x`.
    pub fn entry_for(a: &Analysis, x: u64, count: bool) -> Entry {
        let moves = a.moves();
        let (specimen, minimal_paths) = if count {
            let mut first = None;
            let mut n = 0u64;
            a.for_each_minimal_path(x, |p| {
                if first.is_none() {
                    first = Some(p.to_vec());
                }
                n += 1;
                std::ops::ControlFlow::Continue(())
            });
            (Path::new(first.unwrap_or_default()), Some(n))
        } else {
            (Path::new(a.specimen(x)), None)
        };
        Entry {
            code: a.code(x).unwrap_or_default(),
            grid: a.grid(x).unwrap_or_default(),
            sequence_number: x,
            moves: a.moves_at(x).unwrap_or(0),
            starting_twists: a.starting_moves(x).named(moves),
            ending_twists: a.ending_moves(x).unwrap_or_default().named(moves),
            specimen: specimen.written(moves),
            minimal_paths,
            class_id: a.classes().class_of(x).unwrap_or(0),
        }
    }

    /// Every entry, in code order.
    pub fn entries(&self) -> &[Entry] {
        &self.entries
    }

    /// The entry with the given code number.
    pub fn entry(&self, code: &str) -> Option<&Entry> {
        self.entries.iter().find(|e| e.code == code)
    }

    /// The 336 half-pages, in order.
    pub fn half_pages(&self) -> impl Iterator<Item = HalfPage<'_>> {
        self.entries
            .chunks(PER_HALF_PAGE)
            .enumerate()
            .map(|(index, entries)| HalfPage {
                head: &entries[0].code[..3],
                entries,
                index,
            })
    }

    /// The half-page headed `head`, if there is one.
    pub fn half_page(&self, head: &str) -> Option<HalfPage<'_>> {
        self.half_pages().find(|h| h.head == head)
    }
}

/// One class in the class dictionary (Schofield's short dictionary, with
/// the twists read in the tables' direction, puzzle → target).
#[derive(Debug, Clone, Serialize)]
pub struct ClassRecord {
    /// The class number.
    pub class_id: usize,
    /// The representative's code number (the member with the smallest
    /// sequence number), or its pattern.
    pub representative: String,
    /// The representative's sequence number.
    pub sequence_number: u64,
    /// The number of members.
    pub size: u64,
    /// The minimum, shared by every member.
    pub moves: u8,
    /// The twists that can start a minimal solution of the representative.
    pub starting_twists: NamedMoves,
    /// The twists that can end a minimal solution of the representative.
    pub ending_twists: NamedMoves,
    /// The members' code numbers, when asked for.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub members: Option<Vec<String>>,
    /// A specimen minimal solution of the representative (the first in
    /// the order of the moves), when asked for.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub specimen: Option<WrittenPath>,
    /// Every minimal solution of the representative, for one class
    /// ([`class_record`]).
    #[serde(skip_serializing_if = "Option::is_none")]
    pub minimal_paths: Option<Vec<WrittenPath>>,
}

/// What a class dictionary lists besides each class's figures.
#[derive(Debug, Clone, Copy, Default, PartialEq, Eq)]
pub struct Dictionary {
    /// Extended classes (a position and its inverse equivalent) instead
    /// of classes.
    pub extended: bool,
    /// Every class's members.
    pub members: bool,
    /// A specimen minimal solution of each representative.
    pub specimens: bool,
}

/// The class dictionary: one record per class, classes under the
/// symmetries or (with `with_inverses`) extended classes, in order of their
/// numbers; `None` for extended classes of a puzzle whose positions have no
/// inverses.
pub fn class_dictionary(a: &Analysis, asked: Dictionary) -> Option<Vec<ClassRecord>> {
    class_dictionary_checked(a, asked, None).ok().flatten()
}

/// The bytes [`class_dictionary`] and its rendering take, estimated
/// before either is made: each record with its strings, each member's
/// name when members are listed, each specimen, twice over for the text
/// written from them.
pub fn dictionary_bytes(a: &Analysis, asked: Dictionary) -> u64 {
    let count = if asked.extended {
        a.extended_classes().map_or(0, |c| c.count())
    } else {
        a.classes().count()
    } as u64;
    let name = a.name_of(a.goal()).len() as u64;
    let record = std::mem::size_of::<ClassRecord>() as u64 + 4 * name + 96;
    let members = if asked.members {
        a.space().len().saturating_mul(name + 24)
    } else {
        0
    };
    let deepest = a.move_counts().last().map_or(0, |c| u64::from(c.moves));
    let specimens = if asked.specimens {
        count.saturating_mul(4 * deepest + 48)
    } else {
        0
    };
    count
        .saturating_mul(record)
        .saturating_add(members)
        .saturating_add(specimens)
        .saturating_mul(2)
}

/// [`class_dictionary`] within `allowed` bytes beside the analysis
/// ([`dictionary_bytes`], [`Analysis::check_view`]); `Ok(None)` when there
/// are no extended classes.
pub fn class_dictionary_checked(
    a: &Analysis,
    asked: Dictionary,
    allowed: Option<u64>,
) -> Result<Option<Vec<ClassRecord>>, crate::method::analysis::AnalysisError> {
    a.check_view("the class dictionary", dictionary_bytes(a, asked), allowed)?;
    Ok(dictionary(a, asked))
}

fn dictionary(a: &Analysis, asked: Dictionary) -> Option<Vec<ClassRecord>> {
    let Dictionary {
        extended: with_inverses,
        members,
        specimens,
    } = asked;
    let classes = if with_inverses {
        a.extended_classes()?
    } else {
        a.classes()
    };
    let moves = a.moves();
    let mut member_names: Vec<Vec<String>> =
        vec![Vec::new(); if members { classes.count() } else { 0 }];
    if members {
        for x in 0..a.space().len() {
            if let Some(c) = classes.class_of(x) {
                member_names[c].push(a.name_of(x));
            }
        }
    }
    let mut member_names = member_names.into_iter();
    Some(
        classes
            .list()
            .iter()
            .enumerate()
            .map(|(id, c)| ClassRecord {
                members: if members { member_names.next() } else { None },
                specimen: specimens.then(|| Path::new(a.specimen(c.representative)).written(moves)),
                ..bare_record(a, id, c)
            })
            .collect(),
    )
}

/// [`class_record`], or why there is none, in one line: the range of the
/// class numbers, or, for extended classes, that identical pieces have no
/// inverses.
///
/// ```
/// use schofield::puzzle::library;
/// use schofield::method::analysis::{Analysis, Options};
/// use schofield::method::table::class_record_or_why;
/// let a = Analysis::new(library::get("eight").unwrap(), &Options::default(), &|_| {}).unwrap();
/// assert_eq!(class_record_or_why(&a, 3, false).unwrap().size, 8);
/// let why = class_record_or_why(&a, 2_572, false).unwrap_err();
/// assert_eq!(why, "class 2572 does not exist; the eight-puzzle has 2 572 of them, numbered 0 to 2 571");
/// ```
pub fn class_record_or_why(a: &Analysis, id: usize, extended: bool) -> Result<ClassRecord, String> {
    class_record(a, id, extended).ok_or_else(|| {
        let kind = if extended { "extended class" } else { "class" };
        let count = if extended {
            a.extended_classes().map(|c| c.count())
        } else {
            Some(a.classes().count())
        };
        match count {
            Some(n) => format!(
                "{kind} {id} does not exist; the {} has {} of them, numbered 0 to {}",
                a.puzzle().name(),
                crate::text::grouped(n),
                crate::text::grouped(n.saturating_sub(1))
            ),
            None => format!(
                "the {} has identical pieces, so its positions have no inverses and no extended classes",
                a.puzzle().name()
            ),
        }
    })
}

/// One class, `id`, seen whole: its record with every member, a specimen
/// and every minimal solution of its representative (classes under the
/// symmetries, or with `extended` the extended classes). `None` when there
/// is no such class (or no extended classes).
///
/// ```
/// use schofield::puzzle::library;
/// use schofield::method::analysis::{Analysis, Options};
/// use schofield::method::table::class_record;
/// let a = Analysis::new(library::get("eight").unwrap(), &Options::default(), &|_| {}).unwrap();
/// let twists = class_record(&a, 3, false).unwrap();
/// // The corner twists: 8 members, 4 moves, one path each.
/// assert_eq!((twists.size, twists.moves, twists.members.unwrap().len()), (8, 4, 8));
/// assert_eq!(twists.minimal_paths.unwrap().len(), 1);
/// // Class 1, Lemma A's (123) and its images: 16 moves, 3 minimal paths.
/// let lemma = class_record(&a, 1, false).unwrap();
/// assert_eq!((lemma.moves, lemma.minimal_paths.unwrap().len()), (16, 3));
/// assert!(class_record(&a, 2_572, false).is_none());
/// ```
pub fn class_record(a: &Analysis, id: usize, extended: bool) -> Option<ClassRecord> {
    let classes = if extended {
        a.extended_classes()?
    } else {
        a.classes()
    };
    let c = classes.list().get(id)?;
    let x = c.representative;
    let moves = a.moves();
    let members = (0..a.space().len())
        .filter(|&y| classes.class_of(y) == Some(id))
        .map(|y| a.name_of(y))
        .collect();
    let paths = a
        .minimal_paths(x)
        .into_iter()
        .map(|p| Path::new(p).written(moves))
        .collect();
    Some(ClassRecord {
        members: Some(members),
        specimen: Some(Path::new(a.specimen(x)).written(moves)),
        minimal_paths: Some(paths),
        ..bare_record(a, id, c)
    })
}

/// The record of class `id`, whose figures `c` holds, with nothing listed.
fn bare_record(a: &Analysis, id: usize, c: &crate::group::classes::Class) -> ClassRecord {
    let (x, moves) = (c.representative, a.moves());
    ClassRecord {
        class_id: id,
        representative: a.name_of(x),
        sequence_number: x,
        size: c.size,
        moves: c.distance,
        starting_twists: a.starting_moves(x).named(moves),
        ending_twists: a.ending_moves(x).unwrap_or_default().named(moves),
        members: None,
        specimen: None,
        minimal_paths: None,
    }
}
