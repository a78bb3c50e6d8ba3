//! Fuzzed, not hoped: every parser and loader of the library answers `Ok` or
//! an error with a message, and never panics, whatever it is given.
//!
//! These property tests run with the normal suite and are kept fast; the
//! long run (a million inputs and more per parser) is `examples/fuzz.rs`.
//!
//! The inputs are not only random noise: strings are drawn from the
//! alphabet the parsers actually read (digits, `/`, `_`, `x`, `×`, spaces,
//! commas, parentheses, tile and twist letters, control characters), from
//! tokens at the edges (huge numbers, sizes whose product overflows, the
//! named goals, valid grids), and from arbitrary Unicode; file images are
//! valid ones flipped, cut, extended and overwritten, with and without their
//! checksum repaired so the checks behind the checksum are reached too.
//!
//! Panics found are bugs of the library: their cases are kept here marked
//! `#[ignore = "bug: …"]`, so the suite stays green while they stay visible
//! (`cargo test --profile suite --test suite fuzz:: -- --ignored` shows them).

use proptest::prelude::*;
use schofield::board::Board;
use schofield::board::batch;
use schofield::board::goal::Goal;
use schofield::method::Path;
use schofield::method::table::parse_head;
use schofield::perm;
use schofield::puzzle::alg::{Alg, AlgError};
use schofield::search::pdb::{PartitionName, partition_tiles};

use std::io::Cursor;

// ---------------------------------------------------------------------------
// Input shapes
// ---------------------------------------------------------------------------

use super::common;
use crate::inputs::{ALPHABET, TOKENS, boards};

/// Strings over [`ALPHABET`].
fn alphabet_string(max: usize) -> impl Strategy<Value = String> {
    prop::collection::vec(prop::sample::select(ALPHABET), 0..max)
        .prop_map(|v| v.into_iter().collect())
}

/// Strings made of [`TOKENS`] and alphabet characters run together.
fn token_string() -> impl Strategy<Value = String> {
    let piece = prop_oneof![
        prop::sample::select(TOKENS).prop_map(str::to_string),
        prop::sample::select(ALPHABET).prop_map(String::from),
        any::<u64>().prop_map(|n| n.to_string()),
    ];
    prop::collection::vec(piece, 0..8).prop_map(|v| v.concat())
}

/// Valid inputs of the parsers, to be damaged a little.
const VALID: &[&str] = &[
    "123/456/78_",
    "_12/345/678",
    "8 1 3 4 0 2 7 6 5",
    "1 2 3 4 5 6 7 8 9 10 11 12 13 14 15 0",
    "1,2,3,4,5,6,7,8,9,A,B,C,D,E,F,_",
    "123/45_",
    "12/3_",
    "_1/23",
    "1 2 3\n4 5 .",
    "025/1_3/746",
    "012/7_3/654",
    "102536",
    "(132)(67)",
    "(01234)",
    "(0 1)(2 3)",
    "()",
    "I",
    "ABCDWXYZ",
    "012",
    "6-6-3",
    "7-7-1",
    "blank-first",
];

/// A valid input with up to three characters replaced, inserted or removed.
fn near_valid() -> impl Strategy<Value = String> {
    let edit = (
        any::<prop::sample::Index>(),
        prop::sample::select(ALPHABET),
        0u8..3,
    );
    (
        prop::sample::select(VALID),
        prop::collection::vec(edit, 0..4),
    )
        .prop_map(|(s, edits)| {
            let mut c: Vec<char> = s.chars().collect();
            for (i, ch, kind) in edits {
                let at = i.index(c.len() + 1);
                match kind {
                    0 if at < c.len() => c[at] = ch,
                    1 => c.insert(at, ch),
                    _ if at < c.len() => {
                        c.remove(at);
                    }
                    _ => {}
                }
            }
            c.into_iter().collect()
        })
}

/// The text every parser is fed: shaped strings, and arbitrary Unicode.
fn text() -> impl Strategy<Value = String> {
    prop_oneof![
        3 => alphabet_string(40),
        3 => token_string(),
        3 => near_valid(),
        1 => any::<String>(),
        1 => prop::collection::vec(any::<u8>(), 0..64)
            .prop_map(|b| String::from_utf8_lossy(&b).into_owned()),
    ]
}

/// A refusal must say something.
fn clear<T, E: std::fmt::Display>(r: Result<T, E>) -> Result<T, String> {
    r.map_err(|e| {
        let m = e.to_string();
        assert!(!m.trim().is_empty(), "an error without a message");
        m
    })
}

// ---------------------------------------------------------------------------
// Text parsers
// ---------------------------------------------------------------------------

fn board_text(s: &str) {
    board_text_on(s, &boards());
}

fn board_text_on(s: &str, boards: &[Board]) {
    if let Ok(b) = clear(s.parse::<Board>()) {
        assert!(b.rows() >= 2 && b.cols() >= 2 && b.cells() <= 16, "{s:?}");
    }
    if let Ok(b) = clear(Board::infer(s)) {
        assert!(b.cells() <= 16, "{s:?}");
    }
    for b in boards {
        if let Ok(a) = clear(b.parse_arrangement(s)) {
            assert_eq!(a.cells().len(), b.cells(), "{s:?}");
            // What is read is written back and read again to the same.
            assert_eq!(b.parse_arrangement(&b.format(&a)).unwrap(), a);
        }
    }
}

fn goal_text(s: &str) {
    goal_text_on(s, &boards());
}

fn goal_text_on(s: &str, boards: &[Board]) {
    let g: Goal = s.parse().unwrap();
    for b in boards {
        let _ = clear(g.arrangement(b));
    }
}

fn twist_text(s: &str) {
    for a in [common::eight(), common::five()] {
        let _ = clear(a.parse_position(s));
        // A path read back from its written form is the same path, unless
        // the written form is longer than an alg may be (a power such as
        // `x100536` reads as more moves than that many characters hold):
        // then it is refused for its length, never misread.
        if let Ok(p) = clear(Path::parse(a.moves(), s)) {
            let written = p.write(a.moves());
            match Path::parse(a.moves(), &written) {
                Ok(back) => assert_eq!(back, p),
                Err(e) => assert_eq!(
                    e,
                    AlgError::TooLong(written.chars().count()),
                    "{written:.40}"
                ),
            }
        }
    }
    if let Ok(alg) = clear(s.parse::<Alg>()) {
        // An alg reads back from its written form, unless writing it (with
        // a space between units) made it longer than an alg may be.
        let written = alg.to_string();
        match written.parse::<Alg>() {
            Ok(back) => assert_eq!(back.to_string(), written),
            Err(e) => assert!(
                written.chars().count() > schofield::puzzle::alg::MAX_ALG_LEN,
                "{e}"
            ),
        }
    }
    if let Ok(h) = clear(parse_head(s)) {
        assert_eq!(h.chars().count(), 3);
    }
}

/// `parse_cycles` over its documented range: squares are digits, so `n`
/// from 0 to 16 (the boards and puzzles use 5, 8, 9 and 16).
fn cycles_text(s: &str) {
    for n in 0..=16 {
        if let Ok(p) = clear(perm::parse_cycles(s, n)) {
            assert_eq!(p.len(), n);
            assert!(perm::is_permutation(&p));
        }
    }
}

fn partition_name(s: &str) {
    let b: Board = "4x4".parse().unwrap();
    for goal in [b.goal_blank_first(), b.goal_blank_last()] {
        let named = s.parse::<PartitionName>().ok();
        if let Some(sets) = named.and_then(|n| partition_tiles(n, &goal)) {
            assert!(schofield::search::pdb::is_partition(&sets, 15), "{s:?}");
        }
    }
}

proptest! {
    #![proptest_config(ProptestConfig { cases: 512, failure_persistence: None, ..ProptestConfig::default() })]

    #[test]
    fn boards_and_arrangements_read_any_text(s in text()) {
        board_text(&s);
    }

    #[test]
    fn goals_read_any_text(s in text()) {
        goal_text(&s);
    }

    #[test]
    fn twist_positions_paths_and_heads_read_any_text(s in text()) {
        twist_text(&s);
    }

    #[test]
    fn cycle_notation_reads_any_text(s in text()) {
        cycles_text(&s);
    }

    #[test]
    fn partition_names_are_any_text(s in text()) {
        partition_name(&s);
    }

    #[test]
    fn board_sizes_are_any_numbers(
        rows in prop_oneof![any::<usize>(), 0..20usize, Just(usize::MAX), Just(1usize << 32)],
        cols in prop_oneof![any::<usize>(), 0..20usize, Just(usize::MAX), Just(3_074_457_345_618_258_603usize)],
    ) {
        if let Ok(b) = clear(Board::new(rows, cols)) {
            prop_assert!(b.cells() <= 16);
            prop_assert_eq!(b.to_string().parse::<Board>().unwrap(), b);
        }
        let _ = clear(format!("{rows}x{cols}").parse::<Board>());
        let _ = clear(format!("{rows}×{cols}").parse::<Board>());
    }

    #[test]
    fn arrangements_and_permutations_are_any_bytes(
        cells in prop_oneof![
            prop::collection::vec(any::<u8>(), 0..80),
            prop::collection::vec(0u8..17, 0..18),
            (0usize..100).prop_map(|n| (0..n as u8).collect::<Vec<u8>>()),
        ]
    ) {
        for b in boards() {
            let _ = clear(b.arrangement(&cells));
        }
        if cells.len() <= 64 {
            prop_assert_eq!(perm::check_permutation(&cells).is_ok(), perm::is_permutation(&cells));
        }
        let _ = clear(perm::check_permutation(&cells));
    }

    #[test]
    fn batches_are_any_bytes(bytes in prop::collection::vec(any::<u8>(), 0..600)) {
        for b in boards() {
            let _ = clear(batch::read(Cursor::new(&bytes), &b));
        }
    }

    #[test]
    fn batches_are_lines_of_any_numbers(
        lines in prop::collection::vec(
            (
                prop::collection::vec(prop_oneof![0u64..20, any::<u64>()], 0..20),
                prop::sample::select(&["\n", "\r\n", "\r", " \n", "\n\n", "\n# comment\n"][..]),
                prop::sample::select(&[" ", ",", "\t", "  ", " , "][..]),
            ),
            0..12,
        )
    ) {
        let mut text = String::new();
        for (numbers, end, sep) in &lines {
            let cells: Vec<String> = numbers.iter().map(u64::to_string).collect();
            text.push_str(&cells.join(sep));
            text.push_str(end);
        }
        for b in boards() {
            if let Ok(batch) = clear(batch::read(Cursor::new(text.as_bytes()), &b)) {
                prop_assert!(!batch.instances.is_empty());
            }
        }
    }
}

proptest! {
    #![proptest_config(ProptestConfig { cases: 256, failure_persistence: None, ..ProptestConfig::default() })]

    /// Batches of real positions (some lines numbered), so that reading
    /// gets past the first line.
    #[test]
    fn batches_of_shuffled_positions(
        (board, lines) in (0..boards().len()).prop_flat_map(|i| {
            let n = boards()[i].cells() as u8;
            let line = (Just((0..n).collect::<Vec<u8>>()).prop_shuffle(), any::<bool>(), 0u8..4);
            (Just(i), prop::collection::vec(line, 1..8))
        })
    ) {
        let b = boards()[board];
        let mut text = String::new();
        for (k, (cells, numbered, damage)) in lines.iter().enumerate() {
            if *numbered {
                text.push_str(&format!("{} ", k + 100));
            }
            let mut cells: Vec<String> = cells.iter().map(u8::to_string).collect();
            match damage {
                0 => cells.pop().map(|_| ()).unwrap_or(()),
                1 => cells[0] = "99".into(),
                _ => {}
            }
            text.push_str(&cells.join(" "));
            text.push('\n');
        }
        let r = clear(batch::read(Cursor::new(text.as_bytes()), &b));
        let damaged = lines.iter().any(|l| l.2 < 2);
        prop_assert_eq!(r.is_ok(), !damaged, "{}", text);
    }
}

/// Very long input: 100 KB strings of each interesting character and token.
#[test]
fn hundred_kilobyte_strings() {
    let mut long: Vec<String> = ALPHABET
        .iter()
        .map(|c| c.to_string().repeat(100_000 / c.len_utf8()))
        .collect();
    long.push("9".repeat(100_000) + "x3");
    long.push("3x".to_string() + &"9".repeat(100_000));
    long.push("(0123456789)".repeat(8_000));
    long.push("123/456/78_\n".repeat(8_000));
    long.push("1 ".repeat(50_000));
    long.push("ABCDWXYZ".repeat(12_500));
    // FINDING (CI at stop 60): a power read as more moves than 100 000
    // characters can write; its written form is refused for its length.
    long.push("x100536".to_string());
    // Three boards suffice here: the cost is in the length.
    let few: Vec<Board> = ["2x2", "3x3", "4x4"]
        .iter()
        .map(|s| s.parse().unwrap())
        .collect();
    for s in &long {
        board_text_on(s, &few);
        goal_text_on(s, &few);
        twist_text(s);
        cycles_text(s);
        partition_name(s);
        for b in &few {
            let _ = clear(batch::read(Cursor::new(s.as_bytes()), b));
        }
    }
}

/// Partition names on the board they are for (4x4) are covered above; on a
/// smaller board's goal the block cells (up to 15) run off the goal.
///
/// FINDING (fixed): `partition_tiles("6-6-3", &<3x3 goal>)` panics with "index out
/// of bounds: the len is 9 but the index is 9" (src/search/pdb.rs,
/// `tile_at`) instead of answering `None`; any known name on any goal of
/// fewer than 16 cells does.
#[test]
fn partition_names_on_small_boards() {
    for size in ["2x2", "2x3", "3x3", "3x4", "2x6"] {
        let b: Board = size.parse().unwrap();
        for name in PartitionName::ALL {
            assert!(partition_tiles(name, &b.goal_blank_last()).is_none());
        }
    }
}

// ---------------------------------------------------------------------------
// Loaders (file images)
//
// Kept apart so that they can be re-pointed at the one container of
// `schofield::board::store` when it replaces the two formats: only `load_*`,
// `*_images` and `fix_*_checksum` name the formats.
// ---------------------------------------------------------------------------

mod loaders {
    use proptest::prelude::*;
    use schofield::board::lookup::LookupTable;
    use schofield::search::pdb::Partition;

    pub use crate::inputs::{lookup_images, partition_images};

    /// Loads a lookup table image; `Ok` with a loaded table's sanity checked.
    pub fn load_lookup(bytes: &[u8]) -> Result<LookupTable, String> {
        let t = super::clear(LookupTable::from_bytes(bytes, "fuzz.lut"))?;
        assert_eq!(t.entries().len() as u64, t.states());
        Ok(t)
    }

    /// Loads a partition image.
    pub fn load_partition(bytes: &[u8]) -> Result<Partition, String> {
        super::clear(Partition::from_bytes(bytes, "fuzz.pdb"))
    }

    pub use crate::inputs::fix_checksum;

    /// One change to a file image; positions are taken modulo its length.
    #[derive(Debug, Clone)]
    pub enum Mutation {
        Flip { at: usize, bit: u8 },
        Set { at: usize, byte: u8 },
        SetU64 { at: usize, value: u64 },
        SetU32 { at: usize, value: u32 },
        Cut { at: usize },
        Extend(Vec<u8>),
        Insert { at: usize, bytes: Vec<u8> },
        Remove { at: usize, len: usize },
    }

    /// Positions near the start (the headers) are drawn more often.
    fn position() -> impl Strategy<Value = usize> {
        prop_oneof![0usize..64, 0usize..200, any::<usize>()]
    }

    fn wide() -> impl Strategy<Value = u64> {
        prop_oneof![any::<u64>(), prop::sample::select(crate::inputs::WIDE),]
    }

    pub fn mutation() -> impl Strategy<Value = Mutation> {
        prop_oneof![
            3 => (position(), 0u8..8).prop_map(|(at, bit)| Mutation::Flip { at, bit }),
            3 => (position(), any::<u8>()).prop_map(|(at, byte)| Mutation::Set { at, byte }),
            2 => (position(), wide()).prop_map(|(at, value)| Mutation::SetU64 { at, value }),
            1 => (position(), wide()).prop_map(|(at, value)| Mutation::SetU32 { at, value: value as u32 }),
            1 => position().prop_map(|at| Mutation::Cut { at }),
            1 => prop::collection::vec(any::<u8>(), 0..40).prop_map(Mutation::Extend),
            1 => (position(), prop::collection::vec(any::<u8>(), 1..30))
                .prop_map(|(at, bytes)| Mutation::Insert { at, bytes }),
            1 => (position(), 1usize..50).prop_map(|(at, len)| Mutation::Remove { at, len }),
        ]
    }

    pub fn apply(img: &mut Vec<u8>, m: &Mutation) {
        let n = img.len();
        let at = |p: usize| if n == 0 { 0 } else { p % n };
        match m {
            Mutation::Flip { at: p, bit } if n > 0 => img[at(*p)] ^= 1 << bit,
            Mutation::Set { at: p, byte } if n > 0 => img[at(*p)] = *byte,
            Mutation::SetU64 { at: p, value } if n >= 8 => {
                let p = at(*p).min(n - 8);
                img[p..p + 8].copy_from_slice(&value.to_le_bytes());
            }
            Mutation::SetU32 { at: p, value } if n >= 4 => {
                let p = at(*p).min(n - 4);
                img[p..p + 4].copy_from_slice(&value.to_le_bytes());
            }
            Mutation::Cut { at: p } => img.truncate(at(*p)),
            Mutation::Extend(bytes) => img.extend_from_slice(bytes),
            Mutation::Insert { at: p, bytes } => {
                let p = at(*p);
                img.splice(p..p, bytes.iter().copied());
            }
            Mutation::Remove { at: p, len } => {
                let p = at(*p);
                let end = (p + len).min(n);
                img.drain(p..end);
            }
            _ => {}
        }
    }
}

use loaders::*;

fn lookup_images_cached() -> &'static [Vec<u8>] {
    static I: std::sync::OnceLock<Vec<Vec<u8>>> = std::sync::OnceLock::new();
    I.get_or_init(lookup_images)
}

fn partition_images_cached() -> &'static [Vec<u8>] {
    static I: std::sync::OnceLock<Vec<Vec<u8>>> = std::sync::OnceLock::new();
    I.get_or_init(partition_images)
}

#[test]
fn valid_images_load() {
    for img in lookup_images_cached() {
        let t = load_lookup(img).unwrap();
        assert_eq!(&t.to_bytes(), img);
    }
    for img in partition_images_cached() {
        let p = load_partition(img).unwrap();
        assert_eq!(&p.to_bytes(), img);
    }
}

proptest! {
    #![proptest_config(ProptestConfig { cases: 512, failure_persistence: None, ..ProptestConfig::default() })]

    #[test]
    fn loaders_read_any_bytes(
        bytes in prop_oneof![
            prop::collection::vec(any::<u8>(), 0..200),
            // Past the magic, so the header checks are reached.
            prop::collection::vec(any::<u8>(), 0..200).prop_map(|b| [b"SCHOFLUT".to_vec(), b].concat()),
            prop::collection::vec(any::<u8>(), 0..200).prop_map(|b| [b"SCHOFPDB".to_vec(), b].concat()),
        ]
    ) {
        let _ = load_lookup(&bytes);
        let _ = load_partition(&bytes);
    }

    #[test]
    fn lookup_loader_reads_damaged_images(
        which in any::<prop::sample::Index>(),
        mutations in prop::collection::vec(mutation(), 1..6),
        fix in any::<bool>(),
    ) {
        let images = lookup_images_cached();
        let mut img = images[which.index(images.len())].clone();
        for m in &mutations {
            apply(&mut img, m);
        }
        if fix {
            fix_checksum(&mut img);
        }
        let _ = load_lookup(&img);
    }

    #[test]
    fn partition_loader_reads_damaged_images(
        which in any::<prop::sample::Index>(),
        mutations in prop::collection::vec(mutation(), 1..6),
        fix in any::<bool>(),
    ) {
        let images = partition_images_cached();
        let mut img = images[which.index(images.len())].clone();
        for m in &mutations {
            apply(&mut img, m);
        }
        if fix {
            fix_checksum(&mut img);
        }
        let _ = load_partition(&img);
    }
}

// What a loader accepts must be usable: the checksum is no seal (anyone can
// recompute it), so an image whose checksum was repaired after damage must be
// refused by the loader rather than accepted and then panic on use.

proptest! {
    #![proptest_config(ProptestConfig { cases: 256, failure_persistence: None, ..ProptestConfig::default() })]

    /// FINDING (fixed): `LookupTable::from_bytes` checks the board, goal and entry
    /// count but not the entries, so a 2x3 image with one entry changed
    /// and its checksum repaired loads, and `solve` then panics with "a
    /// perfect table always has a move one nearer" (src/board/lookup.rs).
    #[test]
        fn loaded_lookup_tables_solve(
        which in any::<prop::sample::Index>(),
        at in any::<prop::sample::Index>(),
        value in any::<u8>(),
    ) {
        let images = lookup_images_cached();
        let mut img = images[which.index(images.len())].clone();
        let entries = img.len() - 44;
        img[44 + at.index(entries)] = value;
        fix_checksum(&mut img);
        if let Ok(t) = load_lookup(&img) {
            for i in 0..t.space().len() {
                let _ = t.solve(&t.space().arrangement(i));
            }
        }
    }

    /// FINDING (fixed): `Partition::from_bytes` does not check a pattern's tiles
    /// against the board: tiles out of range or repeated load once the
    /// checksum is repaired (see `partition_with_a_foreign_tile_is_refused`
    /// for the panic that follows).
    #[test]
        fn loaded_partitions_hold_tiles_of_the_board(
        which in any::<prop::sample::Index>(),
        tile_byte in any::<prop::sample::Index>(),
        value in any::<u8>(),
    ) {
        let images = partition_images_cached();
        let mut img = images[which.index(images.len())].clone();
        // The first pattern's tile count is at 12 + 37, its tiles follow.
        img[12 + 37 + tile_byte.index(17)] = value;
        fix_checksum(&mut img);
        if let Ok(p) = load_partition(&img) {
            let n = p.board().cells();
            for db in &p.dbs {
                let t = db.tiles();
                prop_assert!(t.len() < n);
                prop_assert!(t.iter().all(|&x| x != 0 && usize::from(x) < n));
                let mut distinct = t.to_vec();
                distinct.sort_unstable();
                distinct.dedup();
                prop_assert_eq!(distinct.len(), t.len());
                // The database answers for the goal's own placement.
                let cells: Vec<u8> = t
                    .iter()
                    .map(|&x| p.goal().cells().iter().position(|&g| g == x).unwrap() as u8)
                    .collect();
                let blank = p.goal().blank() as u8;
                prop_assert_eq!(db.value(&cells, blank), Some(0));
            }
        }
    }
}

// Arithmetic that overflows on hostile input. With overflow checks (debug
// builds: `cargo test`, `cargo run --example fuzz`) these panic; in release
// they wrap silently into a wrong message or a clean refusal. Found by the
// long run built without `--release`.

/// FINDING (fixed): `parse_cycles("(0)", 0)` refuses square 0 as out of range, but
/// `CycleError::OutOfRange`'s message computes `n - 1` for n = 0: "attempt
/// to subtract with overflow" in debug builds, "squares are 0 to
/// 18446744073709551615" in release (src/perm.rs, `Display for CycleError`).
#[test]
fn cycle_error_for_no_squares() {
    let e = perm::parse_cycles("(01234)", 0).unwrap_err().to_string();
    assert!(!e.contains("18446744073709551615"), "{e}");
}

/// FINDING (fixed by the store): a lookup-table image whose payload length
/// is near `u64::MAX` overflowed the length sum in the old reader; the
/// container's reader checks lengths with checked arithmetic.
#[test]
fn lookup_image_with_a_huge_entry_count() {
    use schofield::board::lookup::{LookupTable, TableError};
    let mut img = lookup_images_cached()[0].clone();
    img[32..40].copy_from_slice(&(u64::MAX - 19).to_le_bytes());
    fix_checksum(&mut img);
    match LookupTable::from_bytes(&img, "huge.lut") {
        Err(TableError::Store(e)) => assert!(!e.to_string().is_empty()),
        Err(e) => panic!("unexpected refusal: {e}"),
        Ok(_) => panic!("accepted"),
    }
}

/// FINDING (fixed by the store): a partition image whose pattern claims more
/// tiles than the board has cells made the old reader compute `n − k + 1`
/// with an underflow in debug builds.
#[test]
fn partition_image_with_too_many_tiles() {
    use schofield::search::pdb::Partition;
    let mut img = partition_images_cached()[0].clone();
    // The first tile set's size byte, right after the fixed header.
    img[schofield::board::store::FIXED_HEADER] = 8;
    fix_checksum(&mut img);
    assert!(Partition::from_bytes(&img, "many.pdb").is_err());
}

/// FINDING (the use that panics): the 3x3 partition image with its first
/// pattern's tiles `[1, 2, 3, 4]` changed to `[1, 2, 200, 4]` and the
/// checksum repaired loads, and IDA* on it then panics with "index out of
/// bounds: the len is 16 but the index is 200" (src/search/ida.rs, the
/// reflected tiles).
#[test]
fn partition_with_a_foreign_tile_is_refused() {
    use schofield::search::ida::solve;
    use schofield::search::pdb::Partition;
    use schofield::search::{Guide, Limits};
    let mut img = partition_images_cached()[1].clone();
    img[12 + 37 + 3] = 200;
    fix_checksum(&mut img);
    let Ok(p) = Partition::from_bytes(&img, "foreign.pdb") else {
        return;
    };
    let (b, goal) = (*p.board(), p.goal().clone());
    let limits = Limits {
        max_nodes: Some(1000),
        max_bytes: u64::MAX,
    };
    let _ = solve(&b, &goal, &goal, Guide::Databases(&p), &limits);
}

/// FINDING (outside the range the library uses, n ≤ 16): `parse_cycles`
/// builds the identity with `0..n as u8`, so for n ≥ 256 the list is cut
/// (n = 256 gives an empty one) and `parse_cycles("(3)", 256)` panics with
/// "index out of bounds: the len is 0 but the index is 3" (src/perm.rs).
#[test]
fn cycles_of_many_squares() {
    for n in [255, 256, 300, 1000] {
        if let Ok(p) = perm::parse_cycles("(3)", n) {
            assert_eq!(p.len(), n);
        }
    }
}
