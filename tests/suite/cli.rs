//! The command line as a user meets it: golden output, machine-readable
//! formats, and a clear one-line error with exit status 2 for bad input.

use super::common::{fails, schofield, stdout};

#[test]
fn counts_prints_schofields_table() {
    let expected = " moves  positions  classes   extended classes
     0          1        1                  1
     4          8        1                  1
     6          8        1                  1
     8         40        6                  5
    10         88       11                  6
    12        232       29                 18
    14        556       70                 40
    16      1 254      159                 94
    18      2 456      312                167
    20      4 020      506                278
    22      5 048      638                340
    24      4 121      529                298
    26      1 902      248                139
    28        366       49                 39
    30         60       12                 12
 total     20 160    2 572              1 439
";
    assert_eq!(stdout(&["counts"]), expected);
}

#[test]
fn counts_as_json_yaml_csv() {
    let json: serde_json::Value =
        serde_json::from_str(&stdout(&["counts", "--format", "json"])).unwrap();
    let rows = json.as_array().unwrap();
    assert_eq!(rows.len(), 15);
    assert_eq!(
        rows[9],
        serde_json::json!({"moves": 20, "positions": 4020, "classes": 506, "extended_classes": 278})
    );
    let total: u64 = rows.iter().map(|r| r["positions"].as_u64().unwrap()).sum();
    assert_eq!(total, 20_160);
    let yaml: serde_yaml::Value =
        serde_yaml::from_str(&stdout(&["counts", "--format", "yaml"])).unwrap();
    assert_eq!(yaml.as_sequence().unwrap().len(), 15);
    let csv = stdout(&["counts", "--format", "csv"]);
    let mut lines = csv.lines();
    assert_eq!(
        lines.next(),
        Some("moves,positions,classes,extended_classes")
    );
    assert_eq!(lines.last(), Some("30,60,12,12"));
}

#[test]
fn solve_worked_example_in_every_input_form() {
    for input in ["102536", "025/1_3/746", "0 2 5\n1 _ 3\n7 4 6", "(01)(3465)"] {
        let json: serde_json::Value =
            serde_json::from_str(&stdout(&["solve", input, "--format", "json", "--all"])).unwrap();
        assert_eq!(json["code"], "102536", "{input}");
        assert_eq!(json["moves"], 20);
        assert_eq!(json["starting_twists"], serde_json::json!(["W", "Z"]));
        assert_eq!(json["specimen"], "WXYZADY");
        assert_eq!(
            json["minimal_paths"],
            serde_json::json!(["WXYZADY", "ZWBDCBA"])
        );
        assert!(json["sequence_number"].is_u64());
    }
}

#[test]
fn solve_text_shows_the_essentials() {
    let text = stdout(&["solve", "102536"]);
    for needle in [
        "    0 2 5\n    1 _ 3\n    7 4 6",
        "minimum          20 moves",
        "starting twists  W Z   (field ....W..Z)",
        "W X̸ Y̸ Z̸ A D̸ Y",
        "minimal paths    2 (list them with --all)",
        "8 members",
    ] {
        assert!(text.contains(needle), "missing {needle:?} in\n{text}");
    }
    let target = stdout(&["solve", "()"]);
    assert!(target.contains("minimum          0 moves"));
}

#[test]
fn every_path_solve_prints_replays() {
    // A spread of positions: for each, every printed minimal path, followed
    // with `schofield path --from`, reaches the target in the printed moves.
    for code in ["102536", "123456", "765432", "012354", "452301"] {
        let json: serde_json::Value =
            serde_json::from_str(&stdout(&["solve", code, "--all", "--format", "json"])).unwrap();
        let moves = json["moves"].as_u64().unwrap();
        for path in json["minimal_paths"].as_array().unwrap() {
            let r: serde_json::Value = serde_json::from_str(&stdout(&[
                "path",
                path.as_str().unwrap(),
                "--from",
                code,
                "--format",
                "json",
            ]))
            .unwrap();
            assert_eq!(r["end_is_target"], true, "{code} {path}");
            assert_eq!(r["moves"].as_u64(), Some(moves));
        }
    }
}

#[test]
fn path_command_follows_lemma_a() {
    let text = stdout(&["path", "AXWB"]);
    assert!(text.contains("(123)"), "{text}");
    assert!(text.contains("4·4 − 2·0 = 16"), "{text}");
}

#[test]
fn bad_grids() {
    fails(&["solve", "025/1_3/745"], "piece 5 appears twice");
    fails(
        &["solve", "025/1_3/74"],
        "row 3 of the grid has 2 cells; expected 3",
    );
    // The blank off the centre is answered by the lookup table (issue #13).
    assert!(stdout(&["solve", "025/13_/746"]).contains("twists do not apply"));
    fails(&["solve", "025/1_3/74_"], "2 blanks");
    fails(&["solve", "925/1_3/746"], "piece 9 does not exist");
    // Nine digits with 0 and 8 and no '_': the usual notation, 0 the blank.
    assert!(stdout(&["solve", "025/183/746"]).contains("start    _25/183/746"));
    fails(&["solve", "025/1_3"], "2 rows; expected 3");
    fails(&["solve", "0x5/1_3/746"], "unexpected character 'x'");
}

#[test]
fn odd_permutation_is_unsolvable_and_says_why() {
    fails(&["solve", "(67)"], "unsolvable");
    fails(&["solve", "025/1_3/764"], "odd permutation");
    fails(&["solve", "654/7_3/102"], "Theorem 1");
}

#[test]
fn bad_codes() {
    fails(&["solve", "10253"], "a code number has 6 digits");
    fails(&["solve", "1025366"], "\"1025366\" has 7");
    fails(&["solve", "102533"], "piece 3 appears twice");
    fails(&["solve", "102589"], "piece 8 does not exist");
    fails(&["solve", "10253a"], "cannot read");
    fails(&["solve", ""], "empty position");
}

#[test]
fn bad_cycle_notation() {
    fails(&["solve", "(132"], "')' is missing");
    // Cycles need not be disjoint: they multiply left to right, as GAP
    // multiplies them, so (13)(32) is (123). A cycle names a square once.
    assert_eq!(
        stdout(&["solve", "(13)(32)", "--format", "csv"]),
        stdout(&["solve", "(123)", "--format", "csv"])
    );
    fails(&["solve", "(131)"], "square 1 appears twice in one cycle");
    fails(
        &["solve", "(139)"],
        "square 9 in cycle notation is out of range",
    );
    fails(&["solve", "(1(3)2)"], "unbalanced parentheses");
    fails(&["solve", "(1a2)"], "unexpected character 'a'");
}

#[test]
fn bad_paths_and_options() {
    fails(&["path", "WXQ"], "unknown twist 'Q' at character 3");
    fails(
        &["path", "AB", "--from", "1234"],
        "a code number has 6 digits",
    );
    let out = schofield(&["counts", "--format", "xml"]);
    assert_eq!(out.status.code(), Some(2));
    assert!(String::from_utf8_lossy(&out.stderr).contains("invalid value 'xml'"));
    let out = schofield(&["frobnicate"]);
    assert_eq!(out.status.code(), Some(2));
}

/// Issue #43: the empty path is written as the empty word, `()`, once and
/// aligned; its column of text stood three places off (`path
/// ()`), and its inverse was blank.
#[test]
fn the_empty_path_is_written_as_the_empty_word() {
    for (args, unit) in [
        (vec!["path", ""], "twists"),
        (vec!["path", "", "--puzzle", "2x2x2"], "moves"),
    ] {
        let out = stdout(&args);
        let line = |key: &str| {
            out.lines()
                .find(|l| l.starts_with(key))
                .unwrap_or_default()
                .to_string()
        };
        assert_eq!(
            line("path"),
            format!("path           ()   no {unit}"),
            "{out}"
        );
        assert_eq!(line("inverse"), "inverse        ()", "{out}");
    }
}
