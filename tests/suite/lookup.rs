//! The full-state lookup table (SPEC.md §3): figures, agreement with
//! Schofield's analysis, the file format and its refusals, solving.

use super::common;
use super::common::{fails, stdout};
use proptest::prelude::*;
use schofield::board::lookup::{LookupTable, TableError};
use schofield::board::store::StoreError;
use schofield::board::{Arrangement, Board, BoardSpace, Direction};
use schofield::puzzle::Cell;
use std::sync::OnceLock;

fn three() -> Board {
    "3x3".parse().unwrap()
}

fn table() -> &'static LookupTable {
    static T: OnceLock<LookupTable> = OnceLock::new();
    T.get_or_init(|| LookupTable::build(three(), three().goal_blank_last()))
}

/// Our distribution (computed) and the one printed in the source.
const COMPUTED: [u64; 32] = [
    1, 2, 4, 8, 16, 20, 39, 62, 116, 152, 286, 396, 748, 1024, 1893, 2512, 4485, 5638, 9529, 10878,
    16993, 17110, 23952, 20224, 24047, 15578, 14560, 6274, 3910, 760, 221, 2,
];
const PRINTED: [u64; 32] = [
    1, 2, 4, 8, 16, 20, 30, 62, 116, 182, 286, 306, 748, 1024, 1803, 2512, 4485, 5638, 9520, 10878,
    16903, 17110, 23952, 20224, 24047, 16578, 14560, 9274, 3910, 760, 221, 2,
];

#[test]
fn the_figures_of_spec_section_3() {
    let t = table();
    assert_eq!(t.states(), 181_440); // 9!/2
    assert_eq!(t.max(), 31);
    let dist: Vec<u64> = t.distribution().iter().map(|d| d.states).collect();
    assert_eq!(dist, COMPUTED);
    assert_eq!(dist[31], 2, "2 states need 31 moves");
    assert_eq!(format!("{:.4}", t.mean()), "21.9724");
    assert_eq!(t.within(10), 706);
}

#[test]
fn the_printed_distribution_is_wrong_in_eight_rows_and_right_in_its_mean_and_706() {
    let differ: Vec<usize> = (0..32).filter(|&i| PRINTED[i] != COMPUTED[i]).collect();
    assert_eq!(differ, [6, 9, 11, 14, 18, 20, 25, 27]);
    // The printed rows cannot be right: they do not add up to 9!/2 …
    assert_eq!(PRINTED.iter().sum::<u64>(), 185_182);
    // … and they contradict the source's own mean and its 706.
    let printed_moves: u64 = PRINTED.iter().enumerate().map(|(i, &n)| i as u64 * n).sum();
    assert_ne!(
        format!("{:.4}", printed_moves as f64 / 185_182.0),
        "21.9724"
    );
    assert_eq!(PRINTED[..=10].iter().sum::<u64>(), 727);
    // Ours agree with all three published checks.
    assert_eq!(COMPUTED.iter().sum::<u64>(), 181_440);
    assert_eq!(COMPUTED[..=10].iter().sum::<u64>(), 706);
}

#[test]
fn centre_blank_table_agrees_with_schofields_analysis() {
    // Schofield's target as tiles: piece p on square i is tile p + 1.
    let a = common::eight();
    let layout: Vec<Cell> = a.puzzle().layout().iter().flatten().copied().collect();
    let tray = |x: u64| -> Vec<u8> {
        let pieces = a.position(x).orbits()[0].pieces.clone();
        layout
            .iter()
            .map(|c| match c {
                Cell::Slot { slot, .. } => pieces[usize::from(*slot)] + 1,
                _ => 0,
            })
            .collect()
    };
    let b = three();
    let goal = b.arrangement(&tray(a.goal())).unwrap();
    assert_eq!(b.format(&goal), "234/1_5/876");
    let t = LookupTable::build(b, goal);
    for x in 0..a.space().len() {
        let arr = b.arrangement(&tray(x)).unwrap();
        assert_eq!(t.distance(&arr), a.moves_at(x), "{}", a.name_of(x));
    }
}

fn temp(name: &str) -> std::path::PathBuf {
    let dir = std::env::temp_dir().join(format!("schofield-lut-{}", std::process::id()));
    std::fs::create_dir_all(&dir).unwrap();
    dir.join(name)
}

#[test]
fn save_and_load_round_trip() {
    let path = temp("round.lut");
    table().save(&path).unwrap();
    let back = LookupTable::load(&path).unwrap();
    assert_eq!(&back, table());
    assert_eq!(std::fs::metadata(&path).unwrap().len(), 48 + 181_440);
}

#[test]
fn damaged_files_are_refused() {
    let bytes = table().to_bytes();
    let check = |b: &[u8], expect: fn(&StoreError) -> bool| {
        let e = LookupTable::from_bytes(b, "t.lut").unwrap_err();
        match &e {
            TableError::Store(s) => assert!(expect(s), "{e}"),
            _ => panic!("not a file error: {e}"),
        }
        e.to_string()
    };
    // A flipped entry.
    let mut flipped = bytes.clone();
    flipped[1000] ^= 0x01;
    let msg = check(&flipped, |e| matches!(e, StoreError::Checksum { .. }));
    assert!(msg.contains("checksum"));
    // A cut file.
    let msg = check(&bytes[..bytes.len() - 100], |e| {
        matches!(e, StoreError::Length { .. })
    });
    assert!(
        msg.contains("181388 bytes but its header needs 181488"),
        "{msg}"
    );
    // The header's board changed (3x3 → 3x4).
    let mut board = bytes.clone();
    board[12] = 4;
    check(&board, |e| matches!(e, StoreError::Checksum { .. }));
    // Too short for a header; not a table at all; another version.
    check(&bytes[..20], |e| matches!(e, StoreError::Length { .. }));
    check(b"#!/bin/sh\necho hello\n", |e| {
        matches!(e, StoreError::Magic { .. })
    });
    let mut version = bytes.clone();
    version[8] = 9;
    check(&version, |e| {
        matches!(e, StoreError::Version { found: 9, .. })
    });
}

#[test]
fn a_table_for_another_board_or_goal_is_refused() {
    let path = temp("two-by-three.lut");
    let b: Board = "2x3".parse().unwrap();
    LookupTable::build(b, b.goal_blank_last())
        .save(&path)
        .unwrap();
    let p = path.to_str().unwrap();
    fails(
        &["lookup", "solve", "12_/453", "--table", p, "--board", "3x3"],
        "holds the table for the 2x3 board with goal 123/45_, not the 3x3 board",
    );
    fails(
        &[
            "lookup",
            "solve",
            "12_/453",
            "--table",
            p,
            "--goal",
            "blank-first",
        ],
        "not the 2x3 board with goal _12/345",
    );
    // Without --board/--goal, the file's own board and goal are used.
    let out = stdout(&["lookup", "solve", "12_/453", "--table", p]);
    assert!(out.contains("length   1 move (optimal)"), "{out}");
}

#[test]
fn command_line_refusals() {
    let damaged = temp("damaged.lut");
    let mut bytes = table().to_bytes();
    bytes.truncate(5000);
    std::fs::write(&damaged, &bytes).unwrap();
    let d = damaged.to_str().unwrap();
    fails(&["lookup", "build", "--table", d], "is damaged");
    fails(
        &[
            "lookup",
            "solve",
            "123/456/78_",
            "--table",
            "/nonexistent.lut",
        ],
        "cannot read \"/nonexistent.lut\"",
    );
    fails(
        &["lookup", "build", "--board", "3by3"],
        "expected ROWSxCOLS",
    );
    fails(
        &["lookup", "build", "--board", "1x5"],
        "at least 2 rows and 2 columns",
    );
    fails(
        &["lookup", "build", "--board", "4x4"],
        "would need 10 461 394 944 000 bytes",
    );
    fails(
        &["lookup", "build", "--goal", "123/455/78_"],
        "tile 5 appears twice",
    );
    fails(&["lookup", "build", "--goal", "123/456/788"], "no blank");
    fails(&["lookup", "solve", "123/456/87_"], "unsolvable");
    fails(
        &["lookup", "solve", "123/456/7_"],
        "row 3 of the grid has 2 cells; expected 3",
    );
    fails(
        &["lookup", "solve", "1 2 3 4 5 6 7 8"],
        "8 cells given; the board has 9",
    );
    fails(
        &["lookup", "solve", "123/456/78x"],
        "cannot read \"x\" as a tile",
    );
    fails(&["lookup", "solve", "123/456/789"], "tile 9 does not exist");
    fails(
        &["lookup", "build", "--save", "/nonexistent/dir/t.lut"],
        "cannot write /nonexistent/dir/t.lut: no folder /nonexistent/dir",
    );
}

#[test]
fn json_keys_and_within() {
    let v: serde_json::Value = serde_json::from_str(&stdout(&[
        "lookup", "build", "--within", "10", "--format", "json",
    ]))
    .unwrap();
    assert_eq!(v["states"], 181_440);
    assert_eq!(v["max"], 31);
    assert_eq!(v["mean"], 21.9724);
    assert_eq!(v["within"], serde_json::json!([10, 706]));
    assert_eq!(
        v["distribution"][31],
        serde_json::json!({"moves": 31, "states": 2})
    );
}

/// A random reachable arrangement of `space`.
fn random_arrangement(space: &BoardSpace, seed: u64) -> Arrangement {
    let i = (seed.wrapping_mul(0x9e37_79b9_7f4a_7c15) >> 11) as usize % space.len();
    space.arrangement(i)
}

#[test]
fn solutions_replay_to_the_goal_in_the_tables_number_of_moves() {
    let t = table();
    let b = three();
    for seed in 0..1000 {
        let start = random_arrangement(t.space(), seed);
        let s = t.solve(&start).unwrap();
        assert_eq!(Some(s.path.length), t.distance(&start).map(u32::from));
        let (end, tiles) = b.walk(&start, &s.path.moves).expect("legal moves");
        assert_eq!(tiles, s.path.tiles);
        assert_eq!(&end, t.goal());
    }
}

fn board() -> impl Strategy<Value = Board> {
    prop::sample::select(vec![
        "2x2", "2x3", "3x2", "2x4", "3x3", "2x5", "3x4", "2x6", "4x3", "4x4",
    ])
    .prop_map(|s| s.parse::<Board>().unwrap())
}

proptest! {
    #[test]
    fn compact_index_round_trips(b in board(), seed in any::<u64>()) {
        let space = BoardSpace::new(b, b.goal_blank_last());
        let i = (seed % space.len() as u64) as usize;
        let a = space.arrangement(i);
        prop_assert!(space.reaches(&a));
        prop_assert_eq!(space.index(&a), i);
    }

    #[test]
    fn lex_rank_round_trips(b in board(), seed in any::<u64>()) {
        let n = b.cells();
        let r = seed % schofield::perm::factorial(n);
        prop_assert_eq!(b.lex_rank(&b.lex_unrank(r)), r);
    }

    #[test]
    fn moves_keep_the_invariant_and_swaps_break_it(b in board(), seed in any::<u64>(), dirs in prop::collection::vec(0usize..4, 0..40)) {
        let space = BoardSpace::new(b, b.goal_blank_last());
        let mut a = space.arrangement((seed % space.len() as u64) as usize);
        for d in dirs {
            if let Some((next, _)) = b.apply(&a, Direction::ALL[d]) {
                a = next;
            }
            prop_assert!(space.reaches(&a));
        }
        // Swapping two tiles (not the blank) makes it unreachable.
        let tiles: Vec<usize> = (0..b.cells()).filter(|&c| a.cells()[c] != 0).take(2).collect();
        let mut cells = a.cells().to_vec();
        cells.swap(tiles[0], tiles[1]);
        prop_assert!(!space.reaches(&b.arrangement(&cells).unwrap()));
    }

    #[test]
    fn parse_and_format_round_trip(b in board(), seed in any::<u64>()) {
        let space = BoardSpace::new(b, b.goal_blank_last());
        let a = space.arrangement((seed % space.len() as u64) as usize);
        prop_assert_eq!(b.parse_arrangement(&b.format(&a)).unwrap(), a.clone());
        prop_assert_eq!(b.parse_arrangement(&a.list()).unwrap(), a);
    }
}
