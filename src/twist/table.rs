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
//! ```
//! use schofield::twist::dictionary::Analysis;
//! use schofield::twist::puzzle::EIGHT;
//! use schofield::twist::table::Tabulation;
//! let t = Tabulation::new(&Analysis::new(&EIGHT), false);
//! assert_eq!(t.entries().len(), 20_160);
//! let e = t.entry("102536").unwrap();
//! assert_eq!(e.moves, 20);
//! assert_eq!(schofield::render::entry_line(e), "536 ) ....W..Z 20 WX̸Y̸Z̸AD̸Y");
//! assert_eq!(t.half_pages().count(), 336);
//! ```

use crate::twist::dictionary::{Analysis, ClassId};
use crate::twist::position::{Position, SequenceNumber};
use crate::twist::puzzle::EIGHT;
use crate::twist::{Path, TwistSet};
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
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum HeadError {
    /// Not three characters.
    Length(usize),
    /// A character that is not a digit 0 … 7.
    Digit(char),
    /// A digit named twice.
    Repeated(char),
}

impl std::fmt::Display for HeadError {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        let expected = "a half-page head is 3 different digits 0 to 7 (the pieces on squares 0, 1, 2), like 102";
        match self {
            HeadError::Length(n) => write!(
                f,
                "{expected}; got {}",
                crate::render::counted(*n, "character", "characters")
            ),
            HeadError::Digit(c) => write!(
                f,
                "{expected}; {} is not one of them",
                crate::render::quoted_char(*c)
            ),
            HeadError::Repeated(c) => write!(f, "{expected}; {c} appears twice"),
        }
    }
}

impl std::error::Error for HeadError {}

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
    pub sequence_number: SequenceNumber,
    /// The minimum number of moves.
    pub moves: u8,
    /// The twists that can start a minimal solution (puzzle → target).
    pub starting_twists: TwistSet,
    /// The twists that can end a minimal solution (puzzle → target).
    pub ending_twists: TwistSet,
    /// The specimen: the first minimal solution in the order A … Z.
    pub specimen: Path,
    /// The number of minimal solutions (present when counted).
    #[serde(skip_serializing_if = "Option::is_none")]
    #[serde(rename = "minimal_path_count")]
    pub minimal_paths: Option<u64>,
    /// The D4 class.
    pub class_id: ClassId,
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
    /// Builds every entry. With `count`, also counts each puzzle's minimal
    /// solutions (about twice the work).
    pub fn new(a: &Analysis<8>, count: bool) -> Tabulation {
        let entries = (0..a.len() as u32)
            .map(|s| {
                let s = SequenceNumber::new(s);
                let p = a.position(s);
                Self::entry_for(a, &p, count)
            })
            .collect();
        Tabulation { entries }
    }

    /// The entry of one position.
    pub fn entry_for(a: &Analysis<8>, p: &Position<8>, count: bool) -> Entry {
        let (specimen, minimal_paths) = if count {
            let (s, n) = a.specimen_and_count(p);
            (s, Some(n))
        } else {
            (a.specimen(p), None)
        };
        Entry {
            code: p.code(),
            grid: EIGHT.grid_compact(p),
            sequence_number: p.sequence_number(),
            moves: a.moves(p),
            starting_twists: a.starting_twists(p),
            ending_twists: a.ending_twists(p),
            specimen,
            minimal_paths,
            class_id: a.classes().class_of(p.sequence_number()).id,
        }
    }

    /// Every entry, in code order.
    pub fn entries(&self) -> &[Entry] {
        &self.entries
    }

    /// The entry with the given code number.
    pub fn entry(&self, code: &str) -> Option<&Entry> {
        let p = EIGHT.parse_code(code).ok()?;
        self.entries.get(p.sequence_number().index())
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
    pub class_id: ClassId,
    /// The representative's code number (the member with the smallest
    /// sequence number).
    pub representative: String,
    /// The representative's sequence number.
    pub sequence_number: SequenceNumber,
    /// The number of members.
    pub size: u8,
    /// The minimum, shared by every member.
    pub moves: u8,
    /// The twists that can start a minimal solution of the representative.
    pub starting_twists: TwistSet,
    /// The twists that can end a minimal solution of the representative.
    pub ending_twists: TwistSet,
    /// The members' code numbers, when asked for.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub members: Option<Vec<String>>,
}

/// The class dictionary: one record per class, D4 classes or (with
/// `with_inverses`) extended classes, in order of their numbers.
pub fn class_dictionary(a: &Analysis<8>, with_inverses: bool, members: bool) -> Vec<ClassRecord> {
    let classes = if with_inverses {
        a.extended_classes()
    } else {
        a.classes()
    };
    let mut member_codes: Vec<Vec<String>> =
        vec![Vec::new(); if members { classes.len() } else { 0 }];
    if members {
        for s in 0..a.len() as u32 {
            let s = SequenceNumber::new(s);
            member_codes[classes.class_of(s).id.index()].push(a.position(s).code());
        }
    }
    let mut member_codes = member_codes.into_iter();
    classes
        .iter()
        .map(|c| {
            let p = a.position(c.representative);
            ClassRecord {
                class_id: c.id,
                representative: p.code(),
                sequence_number: c.representative,
                size: c.size,
                moves: c.moves,
                starting_twists: a.starting_twists(&p),
                ending_twists: a.ending_twists(&p),
                members: if members { member_codes.next() } else { None },
            }
        })
        .collect()
}
