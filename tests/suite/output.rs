//! Where output goes and how it reads: files (written whole, with the
//! usual permissions, never over a file that is not ours), devices and
//! pipes, the format an extension names, a terminal that is not flooded,
//! ASCII, wrapping and grouped digits.

use super::common::{fails, fails_before_the_work, schofield, stdout};
use std::os::unix::fs::{FileTypeExt, PermissionsExt};

#[test]
fn output_paths_are_checked_before_the_work() {
    // The 7-8 databases would take two minutes to build: refused first.
    fails_before_the_work(
        &[
            "optimal",
            "1 2 3 0 4 5 6 7 8 9 10 11 12 13 14 15",
            "--pdb",
            "/nonexistent/x.bin",
        ],
        "cannot write /nonexistent/x.bin",
    );
    fails(
        &[
            "lookup",
            "build",
            "--board",
            "3x4",
            "--save",
            "/nonexistent/t.lut",
        ],
        "cannot write /nonexistent/t.lut",
    );
    fails(
        &["graph", "--output", "/nonexistent/g.dot"],
        "cannot write /nonexistent/g.dot",
    );
}

#[test]
fn output_to_a_device_or_a_pipe_is_written_not_replaced() {
    let out = schofield(&["counts", "--format", "csv", "--output", "/dev/null"]);
    assert!(out.status.success());
    let null = std::fs::metadata("/dev/null").unwrap();
    assert!(!null.is_file(), "/dev/null was replaced by a file");
    // A full device reports the system's error, on one line: a failed
    // write, exit status 1 (issue #43).
    let out = schofield(&["counts", "--format", "csv", "--output", "/dev/full"]);
    let err = String::from_utf8_lossy(&out.stderr);
    assert_eq!(out.status.code(), Some(1), "{err}");
    assert!(
        err.starts_with("error: cannot write /dev/full") && err.lines().count() == 1,
        "{err}"
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
    // Asked for by name, --ascii reaches the strings of data too (issue
    // #35); the data stays valid and says the same in ASCII.
    for format in ["json", "jsonl", "yaml", "csv"] {
        for args in [
            vec!["solve", "102536", "--all"],
            vec!["path", "WXY"],
            vec!["classes", "298"],
        ] {
            let mut with = args.clone();
            with.extend(["--format", format, "--ascii"]);
            let data = stdout(&with);
            assert!(data.is_ascii(), "{with:?}\n{data}");
            if format == "json" {
                let v: serde_json::Value = serde_json::from_str(&data).unwrap();
                let marked = v
                    .get("specimen_marked")
                    .or_else(|| v.get("marked"))
                    .and_then(|m| m.as_str());
                if let Some(m) = marked {
                    assert!(m.contains("x y"), "{m}");
                }
            }
        }
    }
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

#[test]
fn steps_in_csv_are_one_more_column_of_proper_csv() {
    // A grid with a comma and quotes in it would break a hand-written
    // line; the csv crate quotes what needs quoting.
    for args in [
        &["solve", "102536", "--steps", "--format", "csv"][..],
        &[
            "lookup",
            "solve",
            "867/254/3_1",
            "--steps",
            "--format",
            "csv",
        ][..],
    ] {
        let text = stdout(args);
        let mut reader = csv::Reader::from_reader(text.as_bytes());
        let header = reader.headers().unwrap().clone();
        assert_eq!(header.iter().next_back(), Some("steps"), "{args:?}");
        let records: Vec<csv::StringRecord> = reader.records().map(Result::unwrap).collect();
        assert_eq!(records.len(), 1, "{args:?}");
        let steps: Vec<&str> = records[0].iter().next_back().unwrap().split(' ').collect();
        assert!(steps.len() > 2, "{args:?}: {steps:?}");
        assert_eq!(records[0].len(), header.len(), "{args:?}");
    }
}

#[test]
fn standard_output_is_judged_by_its_writes_and_a_pipe_never_waits() {
    // Issue #43, point 6 and 4: /dev/null opened for reading and writing
    // (as Python's subprocess.DEVNULL opens it) takes the output; one open
    // for reading only refuses it, exit 1; closed at start is exit 1; a
    // FIFO with no reader is refused at once, one with a reader is written.
    let bin = assert_cmd::cargo::cargo_bin("schofield");
    let dir = tempfile::tempdir().unwrap();
    let run = |script: &str| -> (Option<i32>, String) {
        let _shared = super::common::shared();
        let out = std::process::Command::new("sh")
            .arg("-c")
            .arg(script)
            .arg(&bin)
            .current_dir(dir.path())
            .output()
            .unwrap();
        (
            out.status.code(),
            String::from_utf8_lossy(&out.stderr).into_owned(),
        )
    };
    let (code, err) = run("timeout 20 \"$0\" counts --puzzle five 1<>/dev/null");
    assert_eq!((code, err.as_str()), (Some(0), ""));
    std::fs::write(dir.path().join("ro"), "").unwrap();
    for script in [
        "timeout 20 \"$0\" counts --puzzle five 1<ro",
        "timeout 20 \"$0\" counts --puzzle five --format jsonl 1<ro",
        "timeout 20 \"$0\" --help 1<ro",
        "timeout 20 \"$0\" counts --puzzle five >&-",
    ] {
        let (code, err) = run(script);
        assert_eq!(code, Some(1), "{script}: {err}");
        assert!(
            err.starts_with("error: cannot write the output: standard output is"),
            "{script}: {err}"
        );
        assert_eq!(err.lines().count(), 1, "{script}: {err}");
    }
    assert!(
        std::process::Command::new("mkfifo")
            .arg(dir.path().join("f"))
            .status()
            .unwrap()
            .success()
    );
    let (code, err) = run("timeout 20 \"$0\" counts --puzzle five --output f");
    // Refused before the work, as every output that cannot be written.
    assert_eq!(code, Some(2), "{err}");
    assert!(err.contains("no reader has open"), "{err}");
    // Before the work, however long it would take (the 3×4's census, a
    // minute and a half): it was refused only once the work was done. A
    // command that did the work first is killed by `timeout` (status 124).
    let (code, err) = run("timeout 15 \"$0\" boards --board 3x4 --output f");
    assert_eq!(code, Some(2), "{err}");
    assert!(err.contains("no reader has open"), "{err}");
    let (code, err) = run(
        "timeout 20 cat f > got & sleep 0.5; timeout 20 \"$0\" counts --puzzle five --output f; wait",
    );
    assert_eq!(code, Some(0), "{err}");
    let got = std::fs::read_to_string(dir.path().join("got")).unwrap();
    assert!(got.contains("extended classes"), "{got}");
}
