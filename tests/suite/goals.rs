//! One goal convention and every way to write a position (issue #13): the
//! default goal, the usual 1–8 notation with 0 or _ for the blank,
//! unquoted lists, steps from the start to the goal, random positions.

use super::common;
use super::common::{cached, fails, piped, stdout};

#[test]
fn blank_last_is_the_default_goal_and_one_build_serves_both() {
    let cache = tempfile::tempdir().unwrap();
    // `optimal POSITION ARGS… --partition 6-6-3` with its cache in `cache`.
    let optimal = |position: &str, args: &[&str]| {
        let mut full = vec!["optimal", position, "--partition", "6-6-3"];
        full.extend(args);
        cached(cache.path(), &full)
    };
    // The puzzle as sold is solved: 0 moves, towards blank-last.
    let first = optimal("1 2 3 4 5 6 7 8 9 10 11 12 13 14 15 0", &[]);
    assert!(first.status.success());
    assert!(String::from_utf8_lossy(&first.stdout).contains("0 moves"));
    assert!(String::from_utf8_lossy(&first.stderr).contains("building"));
    // Loyd's 14-15 swap cannot reach it, and the message names --goal.
    let loyd = optimal("1 2 3 4 5 6 7 8 9 10 11 12 13 15 14 0", &[]);
    assert_eq!(loyd.status.code(), Some(2));
    let err = String::from_utf8_lossy(&loyd.stderr);
    assert!(
        err.contains("unsolvable") && err.contains("--goal"),
        "{err}"
    );
    // The other goal uses the same databases: no second build.
    let other = optimal(
        "1 0 2 3 4 5 6 7 8 9 10 11 12 13 14 15",
        &["--goal", "blank-first"],
    );
    assert!(other.status.success());
    assert!(
        other.stderr.is_empty(),
        "{}",
        String::from_utf8_lossy(&other.stderr)
    );
    assert!(String::from_utf8_lossy(&other.stdout).contains("1 move (optimal)"));
    // A goal with the blank in another corner is served too; in the middle
    // it is refused.
    let corner = optimal(
        "15 14 13 12/11 10 9 8/7 6 5 4/3 2 0 1",
        &[
            "--goal",
            "15 14 13 12/11 10 9 8/7 6 5 4/3 2 1 0",
            "--format",
            "json",
        ],
    );
    let v: serde_json::Value = serde_json::from_slice(&corner.stdout).unwrap();
    assert_eq!(v["moves"], 1);
    assert_eq!(v["tile_moves"], serde_json::json!([1]));
    let middle = optimal(
        "1 2 3 4 5 6 7 8 9 10 11 12 13 14 15 0",
        &["--goal", "1 2 3 4/5 0 6 7/8 9 10 11/12 13 14 15"],
    );
    assert_eq!(middle.status.code(), Some(2));
    assert!(String::from_utf8_lossy(&middle.stderr).contains("blank in a corner"));
}

#[test]
fn the_default_goal_is_the_same_everywhere() {
    for args in [
        vec!["astar", "1 2 3/4 5 6/7 8 0"],
        vec!["lookup", "solve", "1 2 3/4 5 6/7 8 0", "--board", "3x3"],
        vec!["fifteen", "1 2 3 4 5 6 7 8 9 10 11 12 13 14 15 0"],
    ] {
        let out = stdout(&args);
        assert!(
            out.contains("0 moves") || out.contains("moves      0 "),
            "{args:?}: {out}"
        );
    }
}

#[test]
fn unquoted_lists_and_lower_case_paths() {
    let quoted = stdout(&["fifteen", "1 2 3 4 5 6 7 8 9 10 11 12 13 14 0 15"]);
    let loose: Vec<&str> = "fifteen 1 2 3 4 5 6 7 8 9 10 11 12 13 14 0 15"
        .split(' ')
        .collect();
    assert_eq!(stdout(&loose), quoted);
    let a = stdout(&["astar", "1", "2", "3", "4", "5", "6", "7", "0", "8"]);
    assert!(a.contains("1 move"), "{a}");
    let l = stdout(&[
        "lookup", "solve", "1", "2", "3", "4", "5", "6", "7", "0", "8", "--board", "3x3",
    ]);
    assert!(l.contains("1 move"), "{l}");
    assert_eq!(
        stdout(&["path", "W", "X", "Y"]),
        stdout(&["path", "WXY"]),
        "a path in several words"
    );
    assert_eq!(stdout(&["path", "w x y"]), stdout(&["path", "WXY"]));
    assert_eq!(
        stdout(&["solve", "1", "0", "2", "5", "3", "6"]),
        stdout(&["solve", "102536"])
    );
    // Every square's piece, as a list: the same position.
    assert_eq!(
        stdout(&["solve", "1 0 2 5 3 6 4 7"]),
        stdout(&["solve", "102536"])
    );
    fails(&["solve", "1 0 2 5 3 6 7 4"], "odd");
    fails(&["path", "W", "Q"], "'Q'");
    fails(&["five", "path", "C"], "'C'");
}

#[test]
fn the_usual_notation_with_zero_for_the_blank() {
    for form in [
        vec!["123/456/780"],
        vec!["123456780"],
        vec!["1", "2", "3", "4", "5", "6", "7", "8", "0"],
    ] {
        let mut args = vec!["solve"];
        args.extend(&form);
        args.extend(["--format", "json"]);
        let v: serde_json::Value = serde_json::from_str(&stdout(&args)).unwrap();
        assert_eq!(v["moves"], 0, "{form:?}");
        assert_eq!(v["start"], "123/456/78_", "{form:?}");
    }
    // `path --from` and `table --code` read the usual notation too.
    let v: serde_json::Value = serde_json::from_str(&stdout(&[
        "path",
        "A",
        "--from",
        "1 2 3 8 0 4 7 6 5",
        "--format",
        "json",
    ]))
    .unwrap();
    assert_eq!(v["start_code"], "012345");
    // The reading is said in a note on standard error, which -q silences.
    let out = common::schofield(&["table", "--code", "123/8_4/765"]);
    let (text, err) = (
        String::from_utf8_lossy(&out.stdout),
        String::from_utf8_lossy(&out.stderr),
    );
    assert!(
        err.starts_with("note: read in the usual 1–8 notation"),
        "{err}"
    );
    assert!(text.contains("012345"), "{text}");
    let quiet = common::schofield(&["table", "--code", "123/8_4/765", "-q"]);
    assert!(quiet.stderr.is_empty(), "{quiet:?}");
    fails(
        &["path", "A", "--from", "213/8_4/765"],
        "read in the usual 1–8 notation",
    );
}

#[test]
fn solve_understands_the_usual_notation_and_the_blank_anywhere() {
    // The usual 1–8 notation: tile 8 is Schofield's piece 0.
    let out = common::schofield(&["solve", "123/8_4/765"]);
    let (usual, err) = (
        String::from_utf8_lossy(&out.stdout),
        String::from_utf8_lossy(&out.stderr),
    );
    assert!(
        err.starts_with("note: read in the usual 1–8 notation"),
        "{err}"
    );
    assert!(usual.starts_with("Eight-puzzle position 012345"), "{usual}");
    let v: serde_json::Value =
        serde_json::from_str(&stdout(&["solve", "825/1_3/746", "--format", "json"])).unwrap();
    assert_eq!(v["code"], "102536"); // 025/1_3/746 in Schofield's digits
    // The blank off the centre: the lookup table answers, optimally.
    let sold = stdout(&["solve", "123/456/78_"]);
    assert!(sold.contains("twists do not apply"), "{sold}");
    assert!(sold.contains("0 moves"), "{sold}");
    let v: serde_json::Value =
        serde_json::from_str(&stdout(&["solve", "1_3/824/765", "--format", "json"])).unwrap();
    assert_eq!(v["moves"], 1);
    assert_eq!(v["goal"], "123/8_4/765");
    // Schofield's own digits with the blank off the centre: his target.
    let v: serde_json::Value =
        serde_json::from_str(&stdout(&["solve", "1_3/024/765", "--format", "json"])).unwrap();
    assert_eq!(v["moves"], 1);
    // A five-puzzle position points to `five solve`.
    fails(&["solve", "231/0_4"], "schofield five solve 231/0_4");
    // Every square's piece as a list, in Schofield's digits.
    assert_eq!(
        stdout(&["solve", "1 2 3 0 4 7 6 5"]),
        stdout(&["solve", "123047"])
    );
}

#[test]
fn steps_from_the_start_to_the_goal() {
    let json = |args: &[&str]| -> serde_json::Value {
        let mut full = args.to_vec();
        full.extend(["--steps", "--format", "json"]);
        serde_json::from_str(&stdout(&full)).unwrap()
    };
    // A board: one grid per move, from the start to the goal.
    for args in [
        &["astar", "867/254/3_1"][..],
        &["lookup", "solve", "867/254/3_1"],
        &["fifteen", "1 2 3 4 5 6 7 8 9 10 11 12 13 14 0 15"],
        &[
            "optimal",
            "1 2 3 4 5 6 7 8 9 10 11 12 0 13 14 15",
            "--partition",
            "manhattan",
        ],
    ] {
        let v = json(args);
        let steps = v["steps"].as_array().unwrap();
        assert_eq!(
            steps.len() as u64,
            v["moves"].as_u64().unwrap() + 1,
            "{args:?}"
        );
        if let Some(start) = v["start"].as_str() {
            assert_eq!(steps[0].as_str(), Some(start), "{args:?}");
        }
        let last = steps.last().unwrap().as_str().unwrap();
        assert!(last.ends_with('_'), "{args:?} ends at the goal: {last}");
    }
    // A twist puzzle: one grid per twist, ending at the target.
    let v = json(&["solve", "102536"]);
    let steps = v["steps"].as_array().unwrap();
    assert_eq!(steps.len(), 8, "WXYZADY: seven twists");
    assert_eq!(steps[0], "025/1_3/746");
    assert_eq!(steps[7], "123/0_4/765");
    let v = json(&["path", "WXY"]);
    assert_eq!(v["steps"].as_array().unwrap().len(), 4);
    // Text: boards side by side, wrapped at COLUMNS.
    let narrow = assert_cmd::Command::cargo_bin("schofield")
        .unwrap()
        .env("COLUMNS", "30")
        .args(["solve", "102536", "--steps"])
        .output()
        .unwrap();
    let text = String::from_utf8(narrow.stdout).unwrap();
    let steps = text.split("\nsteps\n").nth(1).unwrap();
    assert!(steps.lines().all(|l| l.chars().count() <= 30), "{steps}");
    assert!(
        steps.lines().filter(|l| l.is_empty()).count() >= 1,
        "wrapped into bands: {steps}"
    );
}

#[test]
fn each_step_is_labelled_with_what_made_it() {
    let text = stdout(&["path", "WXY", "--steps"]);
    assert!(
        text.contains("\nstart   W       X\u{338}       Y\u{338}\n"),
        "{text}"
    );
    let text = stdout(&["astar", "123/456/_78", "--steps"]);
    assert!(
        text.contains("\nstart   7       8\n1 2 3   1 2 3   1 2 3\n"),
        "{text}"
    );
}

#[test]
fn random_positions_for_exercises() {
    // Reproducible with a seed, different without one.
    let a = stdout(&["random", "--count", "20", "--seed", "5"]);
    assert_eq!(a, stdout(&["random", "--count", "20", "--seed", "5"]));
    assert_eq!(a.lines().count(), 20);
    // Every drawn position solves, at the distance asked for.
    let drawn = stdout(&["random", "--count", "12", "--moves", "24", "--seed", "9"]);
    let out = piped(&["solve", "-", "--format", "jsonl"], &drawn);
    assert!(out.status.success());
    for line in String::from_utf8(out.stdout).unwrap().lines() {
        let v: serde_json::Value = serde_json::from_str(line).unwrap();
        assert_eq!(v["moves"], 24);
    }
    let five = stdout(&[
        "random", "--puzzle", "five", "--count", "3", "--format", "json",
    ]);
    let v: serde_json::Value = serde_json::from_str(&five).unwrap();
    assert_eq!(v.as_array().unwrap().len(), 3);
    // Boards: the distance is checked by the lookup table.
    let drawn = stdout(&[
        "random", "--puzzle", "3x3", "--moves", "31", "--count", "4", "--seed", "2",
    ]);
    let out = piped(&["lookup", "solve", "-", "--format", "jsonl"], &drawn);
    for line in String::from_utf8(out.stdout).unwrap().lines() {
        let v: serde_json::Value = serde_json::from_str(line).unwrap();
        assert_eq!(v["moves"], 31);
    }
    // Uniform positions of the 15-puzzle are always solvable.
    let drawn = stdout(&["random", "--puzzle", "4x4", "--count", "20", "--seed", "4"]);
    for line in drawn.lines() {
        let solved = stdout(&["fifteen", line, "--format", "json"]);
        assert!(solved.contains("\"moves\""));
    }
    common::fails_usage(
        &["random", "--count", "0"],
        "expected a whole number of positions from 1 to 100000",
    );
    common::fails_usage(
        &["random", "--count", "99999999999"],
        "expected a whole number of positions from 1 to 100000",
    );
    fails(&["random", "--moves", "3"], "minima are even");
    fails(
        &["random", "--puzzle", "4x4", "--moves", "10"],
        "at most 12 cells",
    );
    fails(&["random", "--puzzle", "middle"], "middle");
}
