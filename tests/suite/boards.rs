//! Schofield's method on every small board (issue #8): totals, agreement
//! with the plain lookup-table search, Burnside against orbits, and the
//! SPEC figures for the 3×3 centre and the five-puzzle's tray.

use super::common;
use super::common::{fails, fails_usage, stdout};
use schofield::board::Board;
use schofield::board::census::{Case, analyse, cases};
use schofield::board::lookup::LookupTable;
use schofield::method::analysis::Analysis;
use schofield::perm;

/// Rows as (moves, positions, classes, extended classes), from a board case
/// or from a twist-puzzle analysis.
type Rows = Vec<(u32, u64, u64, u64)>;

fn standard_rows(r: &schofield::board::census::CaseResult) -> Rows {
    r.standard
        .rows
        .iter()
        .map(|x| (x.moves, x.positions, x.classes, x.extended_classes))
        .collect()
}

fn analysis_rows(a: &Analysis) -> Rows {
    a.move_counts()
        .iter()
        .map(|x| {
            (
                x.moves,
                x.positions,
                x.classes.unwrap(),
                x.extended_classes.unwrap(),
            )
        })
        .collect()
}

#[test]
fn every_board_up_to_3x3() {
    let list: Vec<Case> = cases(9);
    // 2x2: 1 home; 2x3: 2; 2x4: 2; 3x3: 3 (corner, edge, centre).
    assert_eq!(list.len(), 8);
    for case in list {
        let r = analyse(&case, &|_| {}).unwrap();
        let n = case.board.cells();
        assert_eq!(r.states, perm::factorial(n) / 2, "{}", r.board);
        assert_eq!(
            r.distribution.iter().map(|l| l.states).sum::<u64>(),
            r.states
        );
        assert_eq!(r.standard.positions, perm::factorial(n - 1) / 2);
        assert_eq!(
            r.standard.classes.orbits, r.standard.classes.burnside,
            "{} home {}",
            r.board, r.home
        );
        assert_eq!(
            r.standard.extended_classes.orbits,
            r.standard.extended_classes.burnside
        );
        // The lookup table's breadth-first search gives the same distances.
        let t = LookupTable::build(case.board, case.goal());
        let counts: Vec<u64> = t.distribution().iter().map(|d| d.states).collect();
        let ours: Vec<u64> = r.distribution.iter().map(|l| l.states).collect();
        assert_eq!(ours, counts, "{} home {}", r.board, r.home);
        // … and on the standard positions alone.
        let mut standard = vec![0u64; usize::from(t.max()) + 1];
        for i in 0..t.space().len() {
            if t.space().arrangement(i).blank() == case.home {
                standard[usize::from(t.entries()[i])] += 1;
            }
        }
        for row in &r.standard.rows {
            assert_eq!(standard[row.moves as usize], row.positions);
        }
        assert_eq!(r.antipode_count, *counts.last().unwrap());
        assert_eq!(r.antipodes.len() as u64, r.antipode_count.min(100));
    }
}

#[test]
fn the_3x3_centre_is_schofields_table() {
    let r = analyse(&Case::new("3x3".parse().unwrap(), 4).unwrap(), &|_| {}).unwrap();
    assert_eq!(r.standard.symmetries, 8);
    assert_eq!(r.standard.classes.orbits, 2572);
    assert_eq!(r.standard.classes.burnside, 2572);
    assert_eq!(r.standard.extended_classes.orbits, 1439);
    assert_eq!(r.standard.extended_classes.burnside, 1439);
    let (ours, schofield) = (standard_rows(&r), analysis_rows(common::eight()));
    assert_eq!(ours, schofield);
}

#[test]
fn the_2x3_with_the_blank_bottom_middle_is_the_five_puzzle() {
    let r = analyse(&Case::new("2x3".parse().unwrap(), 4).unwrap(), &|_| {}).unwrap();
    assert_eq!(r.standard.positions, 60);
    assert_eq!(r.standard.max, 20);
    let (ours, theirs) = (standard_rows(&r), analysis_rows(common::five()));
    assert_eq!(ours, theirs);
}

#[test]
fn the_board_list_and_its_symmetries() {
    let names: Vec<String> = cases(12)
        .iter()
        .map(|c| format!("{}:{}", c.board, c.home))
        .collect();
    assert_eq!(
        names,
        [
            "2x2:3", "2x3:5", "2x3:4", "2x4:7", "2x4:6", "3x3:8", "3x3:7", "3x3:4", "2x5:9",
            "2x5:8", "2x5:7", "2x6:11", "2x6:10", "2x6:9", "3x4:11", "3x4:10", "3x4:7", "3x4:6"
        ]
    );
    let sym = |b: &str, h: usize| {
        Case::new(b.parse::<Board>().unwrap(), h)
            .unwrap()
            .symmetries()
            .len()
    };
    assert_eq!(sym("3x3", 4), 8); // D4
    assert_eq!(sym("3x3", 0), 2); // a corner: one reflection
    assert_eq!(sym("2x3", 4), 2); // the five-puzzle's reflection
    assert_eq!(sym("3x4", 5), 2);
    assert_eq!(sym("3x4", 0), 1);
}

#[test]
fn command_line() {
    let csv = stdout(&["boards", "--all", "--max-cells", "6", "--format", "csv"]);
    assert_eq!(csv.lines().count(), 1 + 3);
    assert!(
        csv.contains("2x3,4,360,21,12.2667,1,60,20,32,32,24,24"),
        "{csv}"
    );
    let v: serde_json::Value = serde_json::from_str(&stdout(&[
        "boards", "--board", "3x3", "--home", "4", "--format", "json",
    ]))
    .unwrap();
    assert_eq!(v[0]["standard"]["class_total"]["burnside"], 2572);
    let text = stdout(&["boards", "--board", "2x3"]);
    assert_eq!(text.matches("2x3 board").count(), 2);
}

#[test]
fn bad_input() {
    fails(
        &["boards", "--board", "4x4"],
        "boards of more than 12 cells need --force",
    );
    fails(
        &["boards", "--board", "2x7"],
        "(43 589 145 600 states), more than 12",
    );
    fails(
        &["boards", "--board", "4x4", "--force"],
        "10 461 394 944 000 states: its two-bit table alone would need 2 435 GiB",
    );
    fails(
        &["boards", "--board", "4x4", "--force"],
        "more than this tool will try",
    );
    fails(
        &["boards", "--board", "3x3", "--home", "9"],
        "home cell 9 is off the board",
    );
    fails(&["boards", "--board", "3by3"], "expected ROWSxCOLS");
    fails(
        &["boards", "--board", "1x4"],
        "at least 2 rows and 2 columns",
    );
    fails(&["boards"], "give --board RxC");
    fails(
        &["boards", "--all", "--max-cells", "3"],
        "no board of at most 3 cells",
    );
    fails_usage(
        &["boards", "--home", "2"],
        "required arguments were not provided",
    );
}
