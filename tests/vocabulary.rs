//! One vocabulary for every command (issue #13): one goal convention, every
//! input form, completions and the manual page.

mod common;
use common::{fails, piped, schofield, stdout};

/// Runs `schofield` with its cache in `cache`.
fn cached(cache: &std::path::Path, args: &[&str]) -> std::process::Output {
    assert_cmd::Command::cargo_bin("schofield")
        .unwrap()
        .env("XDG_CACHE_HOME", cache)
        .args(args)
        .output()
        .unwrap()
}

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
fn a_batch_declares_its_goal() {
    // Korf's list says `# goal: blank-first`; a contrary --goal is refused.
    let korf = concat!(env!("CARGO_MANIFEST_DIR"), "/data/korf100.txt");
    fails(
        &["optimal", "--all-korf", korf, "--goal", "blank-last"],
        "disagrees with the goal the batch file declares",
    );
    // Read with its declared goal, the first instance is solvable: the
    // search runs (and stops at the node limit, exit 3), not "unsolvable".
    let out = schofield(&[
        "optimal",
        "--all-korf",
        korf,
        "--partition",
        "manhattan",
        "--max-nodes",
        "10",
    ]);
    assert_eq!(
        out.status.code(),
        Some(3),
        "{}",
        String::from_utf8_lossy(&out.stderr)
    );
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
fn completions_and_manual() {
    for shell in ["bash", "zsh", "fish"] {
        let s = stdout(&["completions", shell]);
        assert!(s.contains("optimal") && s.contains("partition"), "{shell}");
    }
    let man = stdout(&["man"]);
    assert!(
        man.starts_with(".ie") || man.contains(".TH schofield"),
        "{}",
        &man[..200]
    );
    for command in [
        "SCHOFIELD OPTIMAL",
        "SCHOFIELD SOLVE",
        "SCHOFIELD COMPLETIONS",
    ] {
        assert!(man.contains(command), "{command}");
    }
    let out = schofield(&["completions", "tcsh"]);
    assert_eq!(out.status.code(), Some(2));
}

/// `optimal` reading a batch from standard input, Manhattan distance, one
/// record a line.
const OPTIMAL_BATCH: &[&str] = &[
    "optimal",
    "-",
    "--partition",
    "manhattan",
    "--format",
    "jsonl",
];

/// Runs `schofield` with `input` on standard input.

#[test]
fn batches_from_standard_input() {
    // The issue's own example: two records, each of 20 moves.
    let out = piped(
        &["solve", "-", "--format", "jsonl"],
        "102536\n025/1_3/746\n",
    );
    assert!(out.status.success());
    let text = String::from_utf8(out.stdout).unwrap();
    let records: Vec<serde_json::Value> = text
        .lines()
        .map(|l| serde_json::from_str(l).unwrap())
        .collect();
    assert_eq!(records.len(), 2);
    for r in &records {
        assert_eq!(r["moves"], 20);
    }
    // A bad line is reported with its number; the others still run; exit 2.
    let out = piped(
        &["solve", "-", "--format", "csv"],
        "# a comment\n102536\nxq\n\n025/1_3/746\n",
    );
    assert_eq!(out.status.code(), Some(2));
    let csv = String::from_utf8(out.stdout).unwrap();
    assert_eq!(csv.lines().count(), 3, "one header, two records: {csv}");
    assert!(csv.starts_with("code,"));
    let err = String::from_utf8(out.stderr).unwrap();
    assert!(err.contains("line 3: cannot read \"xq\""), "{err}");
    assert!(err.contains("1 of 3 lines failed"), "{err}");
    // The same for the board commands.
    let out = piped(
        &["lookup", "solve", "-", "--format", "jsonl"],
        "123/456/7_8\n867/254/3_1\n",
    );
    let lengths: Vec<u64> = String::from_utf8(out.stdout)
        .unwrap()
        .lines()
        .map(|l| {
            serde_json::from_str::<serde_json::Value>(l).unwrap()["moves"]
                .as_u64()
                .unwrap()
        })
        .collect();
    assert_eq!(lengths, vec![1, 31]);
    let out = piped(
        &["astar", "-", "--format", "jsonl"],
        "123/456/7_8\n1 2 3 4 5 6 7 0 8\n",
    );
    assert!(out.status.success());
    assert_eq!(String::from_utf8(out.stdout).unwrap().lines().count(), 2);
    let out = piped(
        OPTIMAL_BATCH,
        "# goal: blank-first\n1 0 2 3 4 5 6 7 8 9 10 11 12 13 14 15\n0 1 2 3 4 5 6 7 8 9 10 11 12 13 14 15\n",
    );
    assert!(
        out.status.success(),
        "{}",
        String::from_utf8_lossy(&out.stderr)
    );
    assert_eq!(String::from_utf8(out.stdout).unwrap().lines().count(), 2);
    // Pretty JSON is one document, not a stream: refused with the way out.
    let out = piped(&["solve", "-", "--format", "json"], "102536\n");
    assert_eq!(out.status.code(), Some(2));
    assert!(String::from_utf8_lossy(&out.stderr).contains("--format jsonl"));
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
    common::fails_usage(&["random", "--count", "0"], "1..=100000");
    common::fails_usage(&["random", "--count", "99999999999"], "1..=100000");
    fails(&["random", "--moves", "3"], "minima are even");
    fails(
        &["random", "--puzzle", "4x4", "--moves", "10"],
        "at most 12 cells",
    );
    fails(&["random", "--puzzle", "middle"], "middle");
}

#[test]
fn an_empty_batch_is_an_error() {
    let out = piped(&["solve", "-"], "# only a comment\n\n");
    assert_eq!(out.status.code(), Some(2));
    assert!(String::from_utf8_lossy(&out.stderr).contains("holds no positions"));
}

#[test]
fn solve_understands_the_usual_notation_and_the_blank_anywhere() {
    // The usual 1–8 notation: tile 8 is Schofield's piece 0.
    let usual = stdout(&["solve", "123/8_4/765"]);
    assert!(
        usual.starts_with("read in the usual 1–8 notation"),
        "{usual}"
    );
    assert!(usual.contains("Eight-puzzle position 012345"));
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
fn output_files_take_their_format_from_the_extension() {
    let dir = tempfile::tempdir().unwrap();
    // Runs `args --output NAME` in the folder and returns what it wrote.
    let written = |args: &[&str], name: &str| -> String {
        let path = dir.path().join(name);
        let mut full = args.to_vec();
        full.extend(["--output", path.to_str().unwrap()]);
        let out = schofield(&full);
        assert!(out.status.success() && out.stdout.is_empty(), "{args:?}");
        std::fs::read_to_string(&path).unwrap()
    };
    let v: serde_json::Value =
        serde_json::from_str(&written(&["solve", "102536"], "s.json")).unwrap();
    assert_eq!(v["moves"], 20);
    assert!(written(&["counts"], "counts.yml").starts_with("- moves: 0"));
    assert_eq!(
        written(&["random", "--count", "3"], "r.csv")
            .lines()
            .count(),
        4
    );
    let graph = ["graph", "--kind", "classes", "--max-moves", "4"];
    assert!(written(&graph, "g.dot").starts_with("graph {"));
    let dot = dir.path().join("g.dot");
    // A contradiction is refused before any work, and nothing is written.
    let clash = dir.path().join("clash.csv");
    fails(
        &[
            "solve",
            "102536",
            "--format",
            "json",
            "--output",
            clash.to_str().unwrap(),
        ],
        "disagrees with --output",
    );
    assert!(!clash.exists());
    fails(
        &[
            "graph",
            "--format",
            "json",
            "--output",
            dot.to_str().unwrap(),
        ],
        "disagrees with --output",
    );
    fails(
        &["counts", "--output", "/nonexistent/x.json"],
        "cannot write /nonexistent/x.json",
    );
}

/// Megabytes meant for a file are refused on a terminal (run under
/// `script`, which gives the command a terminal; util-linux has it, and
/// under CI it is required).
#[test]
fn a_terminal_is_not_flooded() {
    if std::process::Command::new("script")
        .arg("--version")
        .output()
        .is_err()
    {
        assert!(
            std::env::var_os("CI").is_none(),
            "CI needs `script` (util-linux)"
        );
        return;
    }
    let bin = assert_cmd::cargo::cargo_bin("schofield");
    let run = |args: &str| {
        let out = std::process::Command::new("script")
            .args(["-qec", &format!("{} {args}", bin.display()), "/dev/null"])
            .output()
            .unwrap();
        (
            out.status.code(),
            String::from_utf8_lossy(&out.stdout).to_string(),
        )
    };
    let (code, text) = run("graph");
    assert_eq!(code, Some(2), "{text}");
    assert!(
        text.contains("too much for a terminal") && text.contains("--output"),
        "{text}"
    );
    let (code, text) = run("counts");
    assert_eq!(code, Some(0));
    assert!(text.contains("20 160"));
}

#[test]
fn ascii_output_when_asked_or_when_the_locale_is_not_utf8() {
    let utf8 = stdout(&["path", "WXY"]);
    assert!(utf8.contains("X\u{338}"));
    let asked = stdout(&["path", "WXY", "--ascii"]);
    assert!(asked.is_ascii(), "{asked}");
    assert!(asked.contains("W x y"));
    let posix = assert_cmd::Command::cargo_bin("schofield")
        .unwrap()
        .env("LC_ALL", "C")
        .args(["solve", "102536"])
        .output()
        .unwrap();
    let text = String::from_utf8(posix.stdout).unwrap();
    assert!(text.is_ascii(), "{text}");
    assert!(text.contains("W x y z A d Y"));
}

#[test]
fn five_takes_format_too() {
    let v: serde_json::Value =
        serde_json::from_str(&stdout(&["five", "--format", "json"])).unwrap();
    for part in ["counts", "trees", "cycle_type_classes", "bound"] {
        assert!(v.get(part).is_some(), "{part}");
    }
    assert!(stdout(&["five", "--format", "yaml"]).contains("cycle_type_classes:"));
    fails(&["five", "--format", "csv"], "ask for a part");
}

#[test]
fn an_optimal_batch_runs_past_bad_lines() {
    let out = piped(
        OPTIMAL_BATCH,
        "# goal: blank-first\n1 0 2 3 4 5 6 7 8 9 10 11 12 13 14 15\nbad line\n1 2 3 4 5 6 7 8 9 10 11 12 13 14 15 0\n0 1 2 3 4 5 6 7 8 9 10 11 12 13 14 15\n",
    );
    assert_eq!(out.status.code(), Some(2));
    assert_eq!(String::from_utf8(out.stdout).unwrap().lines().count(), 2);
    let err = String::from_utf8(out.stderr).unwrap();
    assert!(err.contains("line 3: cannot read \"bad\""), "{err}");
    assert!(err.contains("line 4: unsolvable"), "{err}");
    assert!(err.contains("2 of 4 lines failed"), "{err}");
}

#[test]
fn five_trees_take_format_dot() {
    let dot = stdout(&["five", "trees", "--depth", "2", "--format", "dot"]);
    assert!(dot.starts_with("digraph five_puzzle_trees {"));
    assert_eq!(dot, stdout(&["five", "trees", "--depth", "2", "--dot"]));
    fails(&["counts", "--format", "dot"], "for drawings");
    fails(
        &["five", "trees", "--dot", "--format", "json"],
        "--dot is --format dot",
    );
}

#[test]
fn a_flag_given_to_the_wrong_command_names_the_commands_that_take_it() {
    common::fails_usage(
        &["solve", "102536", "--board", "3x3"],
        "--board is taken by astar, boards, lookup build, lookup solve",
    );
    common::fails_usage(
        &["counts", "--partition", "7-8"],
        "--partition is taken by optimal",
    );
}

/// One rule for numbers in text: four digits or more are grouped in threes
/// (`20 160`, `2 545`). Code numbers, cycles and grids, which name positions, and
/// the digits after a decimal point are not quantities and stay as they are.
#[test]
fn text_groups_every_number_of_four_digits_or_more() {
    let is_code = |t: &str| {
        t.len() == 6
            && t.bytes().all(|b| (b'0'..=b'7').contains(&b))
            && t.bytes().collect::<std::collections::HashSet<_>>().len() == 6
    };
    let runs: [&[&str]; 16] = [
        &["counts"],
        &["solve", "102536", "--all"],
        &["path", "WXYZADY"],
        &["table", "--head", "102"],
        &["classes", "--extended"],
        &["lookup", "build", "--within", "20"],
        &["lookup", "solve", "867/254/3_1"],
        &["astar", "_12/347/685", "--compare"],
        &["astar", "8 6 7/2 5 4/3 _ 1", "--heuristic", "hamming"],
        &["boards", "--board", "3x3"],
        &["boards", "--all", "--max-cells", "10"],
        &["five"],
        &["random", "--count", "5", "--seed", "1", "--puzzle", "4x4"],
        &[
            "fifteen",
            "1 2 3 4 5 6 7 8 13 9 11 12 10 14 15 0",
            "--verbose",
        ],
        &[
            "graph",
            "--kind",
            "classes",
            "--max-moves",
            "6",
            "--format",
            "dot",
        ],
        &["five", "trees"],
    ];
    for args in runs {
        let text = stdout(args);
        let bytes = text.as_bytes();
        let mut i = 0;
        while i < bytes.len() {
            if bytes[i].is_ascii_digit() {
                let start = i;
                while i < bytes.len() && bytes[i].is_ascii_digit() {
                    i += 1;
                }
                let token = &text[start..i];
                let after_point = start > 0 && bytes[start - 1] == b'.';
                // A cycle, (3465), names squares.
                let cycle = start > 0 && bytes[start - 1] == b'(' && bytes.get(i) == Some(&b')');
                // A grid's row, 1234/567_, names tiles.
                let grid = (start > 0 && matches!(bytes[start - 1], b'/' | b'_'))
                    || matches!(bytes.get(i), Some(b'/' | b'_'));
                assert!(
                    token.len() < 4 || after_point || cycle || grid || is_code(token),
                    "{args:?}: {token} is not grouped:\n{}",
                    text.lines().find(|l| l.contains(token)).unwrap_or_default()
                );
            } else {
                i += 1;
            }
        }
    }
}

/// Long lists wrap at the terminal's width (`COLUMNS`, else the terminal's
/// own), and at 80 columns in files and pipes.
#[test]
fn lists_wrap_at_the_terminal_width() {
    // The lines that hold tile numbers (the note may have its own).
    let tiles_lines = |text: &str| {
        text.lines()
            .skip_while(|l| !l.starts_with("tiles"))
            .take_while(|l| !l.starts_with("blank"))
            .filter(|l| l.chars().any(|c| c.is_ascii_digit()))
            .count()
    };
    let piped = stdout(&["lookup", "solve", "867/254/3_1"]);
    assert_eq!(tiles_lines(&piped), 1, "{piped}");
    let narrow = assert_cmd::Command::cargo_bin("schofield")
        .unwrap()
        .env("COLUMNS", "50")
        .args(["lookup", "solve", "867/254/3_1"])
        .output()
        .unwrap();
    let narrow = String::from_utf8(narrow.stdout).unwrap();
    assert_eq!(tiles_lines(&narrow), 2, "{narrow}");
    if std::process::Command::new("script")
        .arg("--version")
        .output()
        .is_err()
    {
        assert!(std::env::var_os("CI").is_none(), "CI needs `script`");
        return;
    }
    let bin = assert_cmd::cargo::cargo_bin("schofield");
    let out = std::process::Command::new("script")
        .args([
            "-qec",
            &format!(
                "stty rows 24 cols 50; {} lookup solve 867/254/3_1",
                bin.display()
            ),
            "/dev/null",
        ])
        .env_remove("COLUMNS")
        .output()
        .unwrap();
    let text = String::from_utf8_lossy(&out.stdout).replace('\r', "");
    assert_eq!(tiles_lines(&text), 2, "{text}");
}
