//! What a careless or unlucky user runs into: output sent to devices and
//! pipes, files that are not ours, batches that partly fail, flags that
//! contradict each other, and the messages that answer them.

mod common;
use common::{fails, fails_usage, piped, schofield, stdout};
use std::os::unix::fs::{FileTypeExt, PermissionsExt};

/// The 15-puzzle one move from the goal.
const ONE_MOVE: [&str; 16] = [
    "1", "2", "3", "4", "5", "6", "7", "8", "9", "10", "11", "12", "13", "14", "0", "15",
];

#[test]
fn output_to_a_device_or_a_pipe_is_written_not_replaced() {
    let out = schofield(&["counts", "--format", "csv", "--output", "/dev/null"]);
    assert!(out.status.success());
    let null = std::fs::metadata("/dev/null").unwrap();
    assert!(!null.is_file(), "/dev/null was replaced by a file");
    // A full device reports the system's error, on one line.
    fails(
        &["counts", "--format", "csv", "--output", "/dev/full"],
        "cannot write /dev/full",
    );
    assert!(!std::fs::metadata("/dev/full").unwrap().is_file());
    // A named pipe receives the output as a shell's `>` would give it.
    let dir = tempfile::tempdir().unwrap();
    let fifo = dir.path().join("fifo");
    assert!(
        std::process::Command::new("mkfifo")
            .arg(&fifo)
            .status()
            .unwrap()
            .success()
    );
    let reader = {
        let fifo = fifo.clone();
        std::thread::spawn(move || std::fs::read_to_string(fifo).unwrap())
    };
    let out = schofield(&[
        "counts",
        "--format",
        "csv",
        "--output",
        fifo.to_str().unwrap(),
    ]);
    assert!(out.status.success());
    let got = reader.join().unwrap();
    assert!(got.starts_with("moves,positions,classes,extended_classes\n"));
    assert!(
        std::fs::symlink_metadata(&fifo)
            .unwrap()
            .file_type()
            .is_fifo()
    );
}

#[test]
fn output_files_get_the_usual_permissions() {
    let dir = tempfile::tempdir().unwrap();
    // What the umask gives a file created the ordinary way.
    let plain = dir.path().join("plain");
    std::fs::write(&plain, "x").unwrap();
    let usual = std::fs::metadata(&plain).unwrap().permissions().mode() & 0o777;
    let new = dir.path().join("counts.csv");
    stdout(&["counts", "--output", new.to_str().unwrap()]);
    let mode = std::fs::metadata(&new).unwrap().permissions().mode() & 0o777;
    assert_eq!(mode, usual, "a new output file: {mode:o}, not {usual:o}");
    // A file written again keeps the permissions it had.
    std::fs::set_permissions(&new, std::fs::Permissions::from_mode(0o640)).unwrap();
    stdout(&["counts", "--output", new.to_str().unwrap()]);
    let mode = std::fs::metadata(&new).unwrap().permissions().mode() & 0o777;
    assert_eq!(mode, 0o640);
}

#[test]
fn a_file_that_is_not_ours_is_never_rebuilt_over() {
    let dir = tempfile::tempdir().unwrap();
    let foreign = dir.path().join("notes.txt");
    std::fs::write(&foreign, "my notes, not a database\n").unwrap();
    let pdb = foreign.to_str().unwrap();
    let position = ["optimal", "1", "2", "3", "4", "5", "6", "7", "8"];
    let tail = ["9", "10", "11", "12", "13", "14", "0", "15", "--pdb", pdb];
    let args: Vec<&str> = position.iter().chain(&tail).copied().collect();
    fails(&args, "is not a schofield file");
    let out = schofield(&args);
    let err = String::from_utf8_lossy(&out.stderr);
    assert!(!err.contains("--rebuild"), "{err}");
    let mut rebuild = args.clone();
    rebuild.push("--rebuild");
    fails(&rebuild, "will not overwrite it");
    assert_eq!(
        std::fs::read_to_string(&foreign).unwrap(),
        "my notes, not a database\n"
    );
}

#[test]
fn a_partly_failed_batch_still_writes_its_output_file() {
    let dir = tempfile::tempdir().unwrap();
    let file = dir.path().join("out.jsonl");
    let out = piped(
        &["solve", "-", "--output", file.to_str().unwrap()],
        "102536\nnonsense\n025/1_3/746\n",
    );
    assert_eq!(out.status.code(), Some(2));
    assert!(out.stdout.is_empty());
    let err = String::from_utf8_lossy(&out.stderr);
    assert!(
        err.contains("line 2:") && err.contains("1 of 3 lines failed"),
        "{err}"
    );
    let written = std::fs::read_to_string(&file).unwrap();
    assert_eq!(written.lines().count(), 2, "{written}");
    for line in written.lines() {
        let v: serde_json::Value = serde_json::from_str(line).unwrap();
        assert_eq!(v["moves"], 20);
    }
}

#[test]
fn a_batch_of_records_has_one_shape() {
    // An arrangement the twists cannot take is an error in a batch of
    // records (its answer would have another shape), with a pointer to the
    // command that takes it.
    let out = piped(
        &["solve", "-", "--format", "csv"],
        "102536\n123/456/78_\n025/1_3/746\n",
    );
    assert_eq!(out.status.code(), Some(2));
    let err = String::from_utf8_lossy(&out.stderr);
    assert!(
        err.contains("line 2:") && err.contains("lookup solve -"),
        "{err}"
    );
    let csv = String::from_utf8(out.stdout).unwrap();
    let widths: Vec<usize> = csv.lines().map(|l| l.split(',').count()).collect();
    assert_eq!(widths.len(), 3, "{csv}");
    assert!(widths.iter().all(|&w| w == widths[0]), "{csv}");
    // In text, for people, the line is answered by the lookup table.
    let out = piped(&["solve", "-"], "123/456/78_\n");
    assert!(out.status.success());
    assert!(String::from_utf8_lossy(&out.stdout).contains("lookup table"));
}

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
    let text = stdout(&["table", "--code", "123/8_4/765"]);
    assert!(text.starts_with("read in the usual 1–8 notation"), "{text}");
    assert!(text.contains("012345"), "{text}");
    fails(
        &["path", "A", "--from", "213/8_4/765"],
        "read in the usual 1–8 notation",
    );
}

#[test]
fn ascii_changes_text_only() {
    let run = |locale: &str, format: &str| {
        let out = assert_cmd::Command::cargo_bin("schofield")
            .unwrap()
            .env("LC_ALL", locale)
            .args(["solve", "102536", "--format", format])
            .output()
            .unwrap();
        String::from_utf8(out.stdout).unwrap()
    };
    assert_eq!(run("C", "json"), run("C.UTF-8", "json"));
    assert!(run("C", "json").contains('\u{338}'));
    // Every sign the text uses has an ASCII form: none becomes '?'.
    for args in [
        vec!["five", "counts"],
        vec!["five"],
        vec!["solve", "102536", "--all"],
        vec!["table"],
        vec!["classes", "--members"],
    ] {
        let utf8 = stdout(&args);
        let mut ascii_args = args.clone();
        ascii_args.push("--ascii");
        let ascii = stdout(&ascii_args);
        assert!(ascii.is_ascii(), "{args:?}");
        assert_eq!(
            ascii.matches('?').count(),
            utf8.matches('?').count(),
            "{args:?}: a sign without an ASCII form"
        );
    }
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
fn second_round_of_careless_inputs() {
    // A memory bound the databases alone exceed is refused before any build.
    let clock = std::time::Instant::now();
    fails(
        &[
            &["optimal", "--partition", "7-8", "--max-memory", "10"][..],
            &ONE_MOVE,
        ]
        .concat(),
        "the 7-8 databases hold 187 MB, more than --max-memory 10",
    );
    assert!(clock.elapsed().as_secs() < 5);
    // Above the databases' size but below what building them takes: the
    // build is refused before it starts.
    let dir = tempfile::tempdir().unwrap();
    let fresh = dir.path().join("new.bin");
    fails(
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
        "building the 7-8 databases needs 527 MB, more than --max-memory 500",
    );
    assert!(!fresh.exists());
    assert!(clock.elapsed().as_secs() < 5);
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
    fails(&["lookup", "solve", "12/3_"], "give --board 2x2");
    fails(&["astar", "231/0_4"], "use `schofield five solve`");
    fails(&["lookup", "solve", "025/1_3/746"], "use `schofield solve`");
    fails(&["five", "solve", "102536"], "use `schofield solve 102536`");
    // A list cut short is not taken for a twist puzzle's code.
    fails(
        &["optimal", "1", "2", "3", "--partition", "manhattan"],
        "3 cells given; the board has 16",
    );
}
