//! Bad input as a careless user types it: one line that names the value
//! and says what is expected, with the command that would take it.

use super::common;
use super::common::{fails, fails_before_the_work, fails_usage, piped, schofield, stdout};

/// The 15-puzzle one move from the goal.
const ONE_MOVE: [&str; 16] = [
    "1", "2", "3", "4", "5", "6", "7", "8", "9", "10", "11", "12", "13", "14", "0", "15",
];

#[test]
fn contradictory_flags_are_refused() {
    fails_usage(
        &["optimal", "1", "2", "--all-korf", "data/korf100.txt"],
        "cannot be used with",
    );
    fails_usage(
        &["astar", "867/254/3_1", "--compare", "--steps"],
        "cannot be used with",
    );
    fails_usage(
        &["optimal", "--all-korf", "data/korf100.txt", "--steps"],
        "cannot be used with",
    );
    let out = piped(
        &["optimal", "-", "--steps", "--partition", "manhattan"],
        "1 2 3 4 5 6 7 8 9 10 11 12 13 14 0 15\n",
    );
    assert_eq!(out.status.code(), Some(2));
    assert!(String::from_utf8_lossy(&out.stderr).contains("leave out --steps"));
}

#[test]
fn messages_name_the_right_thing() {
    fails(
        &[
            "solve", "1", "2", "3", "4", "5", "6", "7", "8", "9", "10", "11", "12", "13", "14",
            "0", "15",
        ],
        "use `schofield optimal`",
    );
    fails(&["solve", "123/45_"], "lookup solve --board 2x3");
    fails(&["solve", "99999999999"], "\"99999999999\" has 11");
    // A goal that is a word gets no complaint about grids.
    let out = schofield(&["astar", "867/254/3_1", "--goal", "blank-middle"]);
    let err = String::from_utf8_lossy(&out.stderr);
    assert!(
        err.contains("unknown goal") && !err.contains("tile"),
        "{err}"
    );
    // An odd width has no blank's row in its invariant.
    let out = schofield(&["astar", "123/456/87_"]);
    let err = String::from_utf8_lossy(&out.stderr);
    assert!(err.contains("unsolvable") && !err.contains("even"), "{err}");
    let out = schofield(&["astar", "2 1 3 4 5 6 7 8 9 10 11 12 13 14 15 0"]);
    assert!(String::from_utf8_lossy(&out.stderr).contains("width is even"));
    // One vertex, not "1 vertices".
    assert!(stdout(&["astar", "123/456/7_8"]).contains("expanded   1 vertex\n"));
    // A search stopped by a limit names what it counted, and exits 3.
    let out = schofield(&["astar", "867/254/3_1", "--max-nodes", "10"]);
    assert_eq!(out.status.code(), Some(3));
    let err = String::from_utf8_lossy(&out.stderr);
    assert!(err.contains("after expanding 10 vertices"), "{err}");
}

#[test]
fn user_input_is_quoted_in_messages() {
    fails(
        &["optimal", "1 2 3", "--goal", "mid\u{7}dle"],
        "unknown goal \"mid<U+0007>dle\"",
    );
}

#[test]
fn optimal_reads_the_limits_flags() {
    let out = stdout(&[
        "optimal",
        "1 2 3 0 4 5 6 7 8 9 10 11 12 13 14 15",
        "--goal",
        "blank-first",
        "--partition",
        "manhattan",
        "--max-nodes",
        "1000000",
        "--max-memory",
        "64",
        "--format",
        "json",
    ]);
    let v: serde_json::Value = serde_json::from_str(&out).unwrap();
    assert_eq!(v["moves"], 3);
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

/// A position given to the wrong command names the command that takes it.
#[test]
fn positions_of_other_puzzles_point_to_their_command() {
    fails(
        &["optimal", "867/254/3_1"],
        "is a position of the 3x3 board, not the 4x4; `optimal` solves the 15-puzzle: use `schofield astar`",
    );
    fails(
        &["lookup", "solve", "1 2 3 4 5 6 7 8 9 10 11 12 13 14 0 15"],
        "use `schofield optimal` or `schofield astar` for the 4x4",
    );
    // A board named that the grid does not fit: the one it fits is named.
    fails(
        &["lookup", "solve", "12/3_", "--board", "3x3"],
        "give --board 2x2",
    );
    // With no board named, the grid's own is taken, as astar does (issue #35).
    assert!(stdout(&["lookup", "solve", "12/3_"]).contains("length   0 moves (optimal)"));
    fails(&["astar", "231/0_4"], "use `schofield five solve`");
    fails(&["lookup", "solve", "025/1_3/746"], "use `schofield solve`");
    fails(&["five", "solve", "102536"], "use `schofield solve 102536`");
    // A list cut short is not taken for a twist puzzle's code.
    fails(
        &["optimal", "1", "2", "3", "--partition", "manhattan"],
        "3 cells given; the board has 16",
    );
}

#[test]
fn second_round_of_careless_inputs() {
    // A memory bound the databases alone exceed is refused before any build.
    fails_before_the_work(
        &[
            &["optimal", "--partition", "7-8", "--max-memory", "10"][..],
            &ONE_MOVE,
        ]
        .concat(),
        "the 7-8 databases hold 187 MB, more than the 10 MB allowed (6-6-3 holds 3 MB); raise --max-memory or choose a smaller --partition",
    );
    // Above the databases' size but below what building them takes: the
    // build is refused before it starts.
    let dir = tempfile::tempdir().unwrap();
    let fresh = dir.path().join("new.bin");
    fails_before_the_work(
        &[
            &[
                "optimal",
                "--partition",
                "7-8",
                "--max-memory",
                "500",
                "--pdb",
                fresh.to_str().unwrap(),
            ][..],
            &ONE_MOVE,
        ]
        .concat(),
        "building the 7-8 databases needs 527 MB, more than the 500 MB allowed; raise --max-memory, build them once without it, or choose a smaller --partition",
    );
    assert!(!fresh.exists());
    // An extension that names no format is not guessed at.
    let xml = dir.path().join("out.xml");
    fails(
        &["counts", "--output", xml.to_str().unwrap()],
        "the extension .xml names no format",
    );
    fails(
        &[
            "graph",
            "--output",
            dir.path().join("g.xyz").to_str().unwrap(),
        ],
        "names no graph format",
    );
    assert!(!xml.exists());
    // What solve answers in text, it also draws.
    let svg = stdout(&["solve", "123/456/7_8", "--format", "svg"]);
    assert!(svg.contains("1 move to 123/456/78_"), "{svg}");
    // Singular where it is one.
    fails(
        &["random", "--moves", "1"],
        "no eight-puzzle position needs exactly 1 move;",
    );
    fails(&["table", "--head", "1"], "got 1 character");
}

#[test]
fn third_round_of_careless_inputs() {
    // The paper's notation for inverses reads as the inverse twist.
    let v: serde_json::Value =
        serde_json::from_str(&stdout(&["path", "A B⁻¹ A⁻¹ B", "--format", "json"])).unwrap();
    assert_eq!(v["path"], "AXWB");
    assert_eq!(v["end_cycles"], "(123)");
    // A byte-order mark before the first line of a batch is not part of it.
    let out = piped(&["solve", "-", "--format", "csv"], "\u{feff}102536\n");
    assert!(out.status.success(), "{out:?}");
    // A command without its subcommand shows its help.
    let out = schofield(&["lookup"]);
    assert_eq!(out.status.code(), Some(2));
    assert!(String::from_utf8_lossy(&out.stderr).contains("Usage: schofield lookup"));
    // Flags that do not apply are refused, not ignored.
    fails(
        &[
            &["optimal", "--partition", "manhattan", "--pdb", "/tmp/x.bin"][..],
            &ONE_MOVE,
        ]
        .concat(),
        "uses no pattern databases",
    );
    // --ascii reaches the error messages too.
    let out = schofield(&["--ascii", "astar", "123/456/87_"]);
    let err = String::from_utf8_lossy(&out.stderr);
    assert!(err.is_ascii() && err.contains("(1 2 3 ... _)"), "{err}");
    // A note that would pass 80 columns goes under its list.
    let text = stdout(&["lookup", "solve", "867/254/3_1"]);
    assert!(text.lines().all(|l| l.chars().count() <= 80), "{text}");
}

#[test]
fn a_pattern_with_too_few_pieces_counts_them_in_words() {
    // An eight-puzzle code given to the 2x2x2 reads as a pattern of one
    // piece: "1 piece", not "1 pieces".
    fails(
        &["solve", "102536", "--puzzle", "2x2x2"],
        "orbit \"CORNERS\" has 1 piece; expected 8",
    );
}

/// A FIFO given as the databases' file is refused at once, with or without
/// --rebuild, never opened to wait for a writer (issue #36).
#[test]
fn a_fifo_for_the_databases_is_refused_at_once() {
    let dir = tempfile::tempdir().unwrap();
    let fifo = dir.path().join("pdb.fifo");
    let made = std::process::Command::new("mkfifo").arg(&fifo).status();
    if !made.is_ok_and(|s| s.success()) {
        return; // no mkfifo here
    }
    let f = fifo.to_str().unwrap();
    for extra in [&[][..], &["--rebuild"][..]] {
        let _gate = super::common::shared();
        let out = assert_cmd::Command::cargo_bin("schofield")
            .unwrap()
            .args(["optimal", "1 2 3 4 5 6 7 8 9 10 11 12 13 14 0 15"])
            .args(["--partition", "5-5-5", "--pdb", f])
            .args(extra)
            .timeout(std::time::Duration::from_secs(20))
            .output()
            .unwrap();
        assert_eq!(out.status.code(), Some(2), "{extra:?}: {out:?}");
        let err = String::from_utf8_lossy(&out.stderr);
        assert_eq!(err.lines().count(), 1, "{err}");
        assert!(err.contains("pdb.fifo"), "{err}");
    }
}

/// Issue #36: every message is one clean line. A number flag says what it
/// expects in words, not in the parser's; a control character in a path
/// is named, not printed; input of 100 000 characters is cut.
#[test]
fn every_message_is_one_clean_line() {
    let one_clean_line = |args: &[&str], needle: &str| {
        let out = schofield(args);
        assert_eq!(out.status.code(), Some(2), "{args:?}");
        let err = String::from_utf8(out.stderr).unwrap();
        assert_eq!(err.lines().count(), 1, "{args:?}: {err}");
        assert!(err.contains(needle), "{args:?}: {err}");
        assert!(
            !err.trim_end().chars().any(char::is_control),
            "{args:?}: {err:?}"
        );
        assert!(!err.contains("\\u{") && !err.contains("\\0"), "{err}");
        assert!(!err.contains("invalid digit"), "{err}");
        assert!(err.len() < 600, "{} bytes: {err}", err.len());
    };
    for (args, needle) in [
        (
            &["astar", "123/456/78_", "--max-nodes", "0.5"][..],
            "expected a whole number of nodes",
        ),
        (
            &["optimal", "1", "--max-memory", "abc"][..],
            "expected a whole number of megabytes",
        ),
        (
            &["random", "--seed", "1e5"][..],
            "expected a whole number; got \"1e5\"",
        ),
        (
            &["random", "--count", "-1"][..],
            "expected a whole number of positions from 1 to 100000",
        ),
        (
            &["five", "trees", "--depth", "99"][..],
            "expected a whole number of twists from 1 to 12",
        ),
        (
            &["boards", "--board", "3x3", "--home", "x"][..],
            "expected a whole number counted from 0",
        ),
        (
            &["boards", "--board", "3x3", "--max-cells", "-2"][..],
            "expected a whole number of cells",
        ),
        (&["counts", "--output", "a\u{7}b/c"][..], "a<U+0007>b/c"),
        (&["regenerate", "--dir", "o\n"][..], "o<U+000A>"),
    ] {
        one_clean_line(args, needle);
    }
    let nines = format!("--moves={}", "9".repeat(100_000));
    one_clean_line(
        &["random", "--puzzle", "2x3", &nines],
        "(100000 characters)",
    );
    let long = "x".repeat(100_000);
    one_clean_line(&["solve", &long], "characters");
}

/// Issue #36, point 3: a `--pdb` that cannot be written (a loop of
/// symbolic links, a name too long for the file system) is refused before
/// the two-minute build, not after it.
#[test]
fn an_unwritable_pdb_is_refused_before_the_build() {
    let dir = tempfile::tempdir().unwrap();
    let a = dir.path().join("a");
    let b = dir.path().join("b");
    std::os::unix::fs::symlink(&b, &a).unwrap();
    std::os::unix::fs::symlink(&a, &b).unwrap();
    let long = dir.path().join("p".repeat(300));
    let korf1 = "14 13 15 7 11 12 9 5 6 0 2 1 4 8 10 3";
    for target in [&a, &long] {
        let t = target.to_str().unwrap();
        let mut args = vec!["optimal", "--partition", "7-8", "--pdb", t];
        args.extend(korf1.split(' '));
        fails_before_the_work(&args, "cannot write");
    }
}

/// Issue #36: help and the version need standard output too; a
/// direction-changing character in a path is named, not printed.
#[test]
fn help_to_a_closed_output_and_direction_marks_are_errors_and_named() {
    for args in [
        &["--help"][..],
        &["--version"][..],
        &["solve", "--help"][..],
    ] {
        let out = std::process::Command::new("sh")
            .arg("-c")
            .arg("\"$0\" \"$@\" >&-")
            .arg(env!("CARGO_BIN_EXE_schofield"))
            .args(args)
            .output()
            .unwrap();
        assert_eq!(out.status.code(), Some(1), "{args:?}");
        assert!(String::from_utf8_lossy(&out.stderr).contains("standard output is closed"));
    }
    fails(
        &["counts", "--output", "/nonexistent/\u{202e}abc"],
        "<U+202E>abc",
    );
}

#[test]
fn messages_are_at_most_300_characters_and_name_no_rust_type() {
    // Issue #43, point 8: clap echoed values of a thousand characters, a
    // hint repeated the whole input, and puzzle files' errors named the
    // parser's types ("expected struct File", "as u128").
    let long = "1 ".repeat(500);
    let dir = tempfile::tempdir().unwrap();
    let file = |name: &str, text: &str| {
        let p = dir.path().join(name);
        std::fs::write(&p, text).unwrap();
        p.to_string_lossy().into_owned()
    };
    let not_a_puzzle = file("string.yaml", "just a string\n");
    let huge = file(
        "huge.yaml",
        "name: x\norbits:\n  a: {pieces: 18446744073709551616}\nmoves:\n  A: \"(0,1)\"\n",
    );
    // At the top level too, and a section's own type.
    let top = file(
        "top.yaml",
        "name: x\norbits: {a: {pieces: 3}}\nmoves: 18446744073709551616\n",
    );
    let vocabulary = file(
        "vocabulary.yaml",
        "name: x\norbits: {a: {pieces: 3}}\nvocabulary: 18446744073709551616\n",
    );
    // A storm found lines of 306 and 307 characters counting `error: `
    // (a hint cut after its start, a file name the system refused).
    let twists = "W".repeat(41);
    let alg = ["A"; 30_000].join(" ");
    let name = ["1"; 600].join(" ");
    let cases: Vec<Vec<&str>> = vec![
        vec!["solve", &twists],
        vec!["group", "--puzzle", "five", &alg],
        vec!["counts", "--puzzle", "five", "--output", &name],
        vec!["counts", "--puzzle", &top],
        vec!["counts", "--puzzle", &vocabulary],
        vec!["counts", "--max-memory", &long],
        vec!["solve", &long],
        vec!["path", &long],
        vec!["counts", "--puzzle", "2x2x2", "--generators", &long],
        vec!["counts", "--puzzle", &not_a_puzzle],
        vec!["counts", "--puzzle", &huge],
    ];
    for args in cases {
        let out = schofield(&args);
        let err = String::from_utf8_lossy(&out.stderr);
        let first = err.lines().next().unwrap_or_default();
        assert_eq!(out.status.code(), Some(2), "{args:?}: {err}");
        assert!(
            first.chars().count() <= 300,
            "{} characters: {first}",
            first.chars().count()
        );
        for rust in ["struct File", "u128", "usize", "Yaml"] {
            assert!(!err.contains(rust), "{err}");
        }
    }
}

#[test]
fn a_limit_on_the_address_space_is_memory_not_to_be_had() {
    // Issue #43: under `ulimit -v`, `group` and `graph` died on a failed
    // allocation (SIGABRT, exit 134), with or without --max-memory: the
    // bound took the machine's available memory, not the process's limit.
    let dir = tempfile::tempdir().unwrap();
    let orbits: String = (0..64)
        .map(|k| format!("  o{k}: {{pieces: 4, orientations: 255}}\n"))
        .collect();
    let cycles: Vec<String> = (0..64).map(|k| format!("o{k}: \"(0,1,2,3)\"")).collect();
    let gains: Vec<String> = (0..64).map(|k| format!("o{k}: [1, 0, 0, 0]")).collect();
    let big = dir.path().join("big.yaml");
    std::fs::write(
        &big,
        format!(
            "name: big\norbits:\n{orbits}moves:\n  A: {{cycles: {{{}}}, orientation: {{{}}}}}\n",
            cycles.join(", "),
            gains.join(", ")
        ),
    )
    .unwrap();
    let big = big.to_string_lossy().into_owned();
    let bin = assert_cmd::cargo::cargo_bin("schofield");
    for (args, code) in [
        (vec!["group", "--puzzle", &big], 3),
        (vec!["group", "--puzzle", &big, "--max-memory", "5000"], 3),
        (vec!["graph", "--puzzle", "2x2x2", "--kind", "classes"], 2),
        (vec!["graph", "--puzzle", "2x2x2", "--max-moves", "7"], 2),
    ] {
        let _shared = super::common::shared();
        let out = std::process::Command::new("sh")
            .arg("-c")
            .arg("ulimit -v 400000 && exec \"$0\" \"$@\"")
            .arg(&bin)
            .args(&args)
            .output()
            .unwrap();
        let err = String::from_utf8_lossy(&out.stderr);
        assert_eq!(out.status.code(), Some(code), "{args:?}: {err}");
        assert_eq!(err.lines().count(), 1, "{args:?}: {err}");
        assert!(err.contains("allowed"), "{args:?}: {err}");
    }
    // The classes' graph was said to need 13 165 MB (an edge for every
    // position and move); it merges a class's edges, and takes 200 MB.
    let out = dir.path().join("classes.dot");
    let (code, err, _) = super::common::peak_memory(&[
        "graph",
        "--puzzle",
        "2x2x2",
        "--kind",
        "classes",
        "--max-memory",
        "1000",
        "--output",
        out.to_str().unwrap(),
    ]);
    assert_eq!(code, Some(0), "{err}");
}

#[test]
fn classes_and_graph_honour_max_memory() {
    // Issue #43, point 5: `classes --puzzle 2x2x2 --max-memory 40` peaked
    // at 149 MB (161 MB as JSON): the analysis was bounded, the class
    // dictionary and the graph were not. Now their size is estimated
    // before they are made, and refused with the figure, exit 2.
    for args in [
        vec!["classes", "--puzzle", "2x2x2", "--max-memory", "40"],
        vec![
            "classes",
            "--puzzle",
            "2x2x2",
            "--max-memory",
            "40",
            "--format",
            "json",
        ],
        vec![
            "graph",
            "--puzzle",
            "2x2x2",
            "--kind",
            "classes",
            "--max-memory",
            "40",
        ],
    ] {
        let (code, err, kb) = super::common::peak_memory(&args);
        assert_eq!(code, Some(2), "{args:?}: {err}");
        assert!(kb < 48 * 1024, "{args:?}: {kb} kB");
        assert!(
            err.contains("more than the 40 MB allowed (--max-memory)"),
            "{args:?}: {err}"
        );
        assert_eq!(err.lines().count(), 1, "{err}");
    }
    // With room, the dictionary is written.
    let (code, err, kb) =
        super::common::peak_memory(&["classes", "--puzzle", "2x2x2", "--max-memory", "200"]);
    assert_eq!(code, Some(0), "{err}");
    assert!(kb < 200 * 1024, "{kb} kB");
    // In every format within the bound and the program's own 20 MB: as
    // JSON lines it built a tree of the whole list first, and peaked at
    // 232 MB where the text takes 125 MB.
    for format in ["text", "json", "jsonl", "yaml", "csv"] {
        let (code, err, kb) = super::common::peak_memory(&[
            "classes",
            "--puzzle",
            "2x2x2",
            "--max-memory",
            "115",
            "--format",
            format,
        ]);
        assert_eq!(code, Some(0), "{format}: {err}");
        assert!(
            kb < (115 + 20) * 1024,
            "{format}: {kb} kB under --max-memory 115"
        );
    }
}

/// Issue #43: off a terminal, `-v` says how far a long run is, a line
/// every ten seconds however long a layer takes (Skewb, about 15 s here).
#[test]
fn verbose_off_a_terminal_writes_a_progress_line_every_ten_seconds() {
    let start = std::time::Instant::now();
    let out = schofield(&[
        "counts",
        "--puzzle",
        "tests/fixtures/twsearch/samples/main/skewb.tws",
        "-v",
    ]);
    let seconds = start.elapsed().as_secs();
    assert!(out.status.success());
    let err = String::from_utf8_lossy(&out.stderr);
    let lines = err
        .lines()
        .filter(|l| l.contains(" s") && l.starts_with("PuzzleGeometryPuzzle: "))
        .count();
    assert!(
        seconds < 10 || lines >= 1,
        "{seconds} s, no progress line: {err}"
    );
    assert!(
        lines as u64 <= seconds / 10,
        "{lines} lines in {seconds} s: {err}"
    );
}

/// Issue #43: `lookup`, `boards`, `explore` and `random` take
/// `--max-memory` as the puzzles' searches do (they took none, and a
/// lookup table was bounded only by the machine). Tables are counted before
/// they are taken: refused at once (exit 2), or, for a lookup table whose
/// frontiers grow with the largest layer, stopped when they would pass the
/// bound (exit 3), the peak within it.
#[test]
fn every_table_command_honours_max_memory() {
    // The 3×4's table: 239 500 800 entries, its frontiers past 1 GB.
    let (code, err, kb) =
        common::peak_memory(&["lookup", "build", "--board", "3x4", "--max-memory", "300"]);
    assert_eq!(code, Some(3), "{err}");
    assert!(
        err.contains("the lookup table of the 3x4 board needs more than the 314 572 800 bytes allowed (its entries alone take 239 500 800 bytes"),
        "{err}"
    );
    assert!(err.contains("; raise --max-memory"), "{err}");
    assert!(kb < (300 + 16) * 1024, "{kb} kB under --max-memory 300");
    // Its entries alone past the bound: refused before it starts.
    let (code, err, kb) =
        common::peak_memory(&["lookup", "build", "--board", "3x4", "--max-memory", "200"]);
    assert_eq!(code, Some(2), "{err}");
    assert!(
        err.contains("the lookup table of the 3x4 board needs 239 500 800 bytes of tables, more than the 209 715 200 allowed (--max-memory)"),
        "{err}"
    );
    assert!(kb < 20 * 1024, "{kb} kB");
    // A saved table is read whole: its size is counted before it is read.
    let dir = tempfile::tempdir().unwrap();
    let table = dir.path().join("t.bin");
    let saved = schofield(&[
        "lookup",
        "build",
        "--board",
        "2x3",
        "--save",
        table.to_str().unwrap(),
    ]);
    assert!(saved.status.success());
    fails(
        &[
            "lookup",
            "solve",
            "1 2 3/4 _ 5",
            "--table",
            table.to_str().unwrap(),
            "--max-memory",
            "0",
        ],
        "more than the 0 allowed (--max-memory)",
    );
    // With room, the table is built (the 3×3: 181 440 entries).
    let (code, err, kb) =
        common::peak_memory(&["lookup", "build", "--board", "3x3", "--max-memory", "20"]);
    assert_eq!(code, Some(0), "{err}");
    assert!(kb < (20 + 16) * 1024, "{kb} kB");
    fails(
        &["boards", "--board", "3x4", "--max-memory", "50"],
        "the 3x4 board, home 11, needs 79 833 600 bytes of tables, more than the 52 428 800 allowed (--max-memory)",
    );
    let dir = tempfile::tempdir().unwrap();
    let site = dir.path().join("site");
    fails(
        &[
            "explore",
            "--puzzle",
            "2x2x2",
            "--output",
            site.to_str().unwrap(),
            "--max-memory",
            "5",
        ],
        "more than the 5 242 880 allowed (--max-memory)",
    );
    assert!(!site.exists(), "a refused site is not written");
    fails(
        &["random", "--puzzle", "2x2x2", "--max-memory", "1"],
        "more than the 1 048 576 allowed (--max-memory)",
    );
}

/// Issue #43: a table that cannot be written (a pipe no reader has open)
/// is told as that alone; it was followed by the tip for a table that
/// cannot be read, which repeated the command typed.
#[test]
fn a_table_that_cannot_be_saved_gets_no_tip_to_build_one() {
    let dir = tempfile::tempdir().unwrap();
    let fifo = dir.path().join("pipe");
    assert!(
        std::process::Command::new("mkfifo")
            .arg(&fifo)
            .status()
            .unwrap()
            .success()
    );
    let out = schofield(&[
        "lookup",
        "build",
        "--board",
        "2x3",
        "--save",
        fifo.to_str().unwrap(),
    ]);
    let err = String::from_utf8_lossy(&out.stderr);
    // Refused before the work, as every output that cannot be written.
    assert_eq!(out.status.code(), Some(2), "{err}");
    assert!(err.contains("no reader has open"), "{err}");
    // A write that fails at the end is exit 1, as for every output.
    let out = schofield(&["lookup", "build", "--board", "2x3", "--save", "/dev/full"]);
    let err = String::from_utf8_lossy(&out.stderr);
    assert_eq!(out.status.code(), Some(1), "{err}");
    assert!(err.contains("No space left on device"), "{err}");
    assert!(!err.contains("build a table with"), "{err}");
}

/// `--quiet` silences every note, whatever said it: the note that the
/// classes are taken under fewer symmetries than the puzzle declares was
/// written straight away by `solve`, `path`, `random` and `classes`,
/// whatever the flag.
#[test]
fn quiet_silences_the_symmetries_note() {
    let few = ["--puzzle", "2x2x2", "--generators", "R,U"];
    for command in [
        &["solve", "R"][..],
        &["path", "R"],
        &["random", "--seed", "1"],
        &["classes"],
        &["counts"],
    ] {
        let args = [&command[..1], &few[..], &command[1..]].concat();
        let loud = super::common::schofield(&args);
        let err = String::from_utf8_lossy(&loud.stderr);
        assert!(
            loud.status.success() && err.contains("4 of the puzzle's 48 symmetries"),
            "{args:?}: {err}"
        );
        let quiet = super::common::schofield(&[&args[..], &["--quiet"]].concat());
        let err = String::from_utf8_lossy(&quiet.stderr);
        assert!(quiet.status.success() && err.is_empty(), "{args:?}: {err}");
    }
}

/// The fourth round of careless inputs (a storm of them on the
/// searching commands): each answered in one line that names the value.
#[test]
fn fourth_round_of_careless_inputs() {
    // A limit of no positions would stop every search before it began.
    for command in ["solve", "optimal", "astar"] {
        fails_usage(
            &[command, "--max-nodes", "0", "x"],
            "expected a whole number of nodes, 1 or more; got \"0\"",
        );
    }
    // A '_' is a grid's blank only on a puzzle drawn as a grid; on the
    // cube it was read as a pattern of the wrong number of orbits.
    fails(
        &["solve", "--puzzle", "3x3x3", "R_"],
        "unknown move '_' at character 2 of the path",
    );
    // A cache folder that cannot be made is named, with why; it was a
    // table's file "not found".
    let file = tempfile::NamedTempFile::new().unwrap();
    let out = common::cached(
        file.path(),
        &["solve", "--puzzle", "3x3x3", "R U F", "--max-memory", "10"],
    );
    let err = String::from_utf8_lossy(&out.stderr);
    assert!(out.status.success(), "{err}");
    assert_eq!(
        err,
        format!(
            "note: the cache folder \"{}/schofield\" cannot be made (Not a directory (os error 20)); IDA*'s pruning tables are built again on every run\n",
            file.path().display()
        )
    );
    // A drawing's sticker on an orbit the puzzle lacks lists its orbits.
    let dir = tempfile::tempdir().unwrap();
    let picture = dir.path().join("picture.svg");
    std::fs::write(
        &picture,
        r#"<svg xmlns="http://www.w3.org/2000/svg"><rect id="FOO-l0-o0" width="1" height="1" style="fill: white"/></svg>"#,
    )
    .unwrap();
    fails(
        &[
            "solve",
            "--puzzle",
            "2x2x2",
            "--drawing",
            picture.to_str().unwrap(),
            "R",
        ],
        "sticker \"FOO-l0-o0\": orbit \"FOO\" does not exist; the orbits are CORNERS",
    );
}
