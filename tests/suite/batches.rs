//! Batches: positions from standard input or a file, one a line, answered
//! in order; records of one shape that declare their goal; lines that fail
//! reported without losing the others.

use super::common::{fails, piped, schofield};

fn temp_dir(name: &str) -> std::path::PathBuf {
    let d = std::env::temp_dir().join(format!("schofield-inputs-{name}-{}", std::process::id()));
    std::fs::create_dir_all(&d).unwrap();
    d
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
fn batch_files_must_be_regular_and_have_short_lines() {
    for device in ["/dev/zero", "/dev/urandom", "/dev/null"] {
        if std::path::Path::new(device).exists() {
            fails(
                &["optimal", "--all-korf", device, "--partition", "manhattan"],
                "not a regular file",
            );
        }
    }
    let dir = temp_dir("batch");
    #[cfg(unix)]
    {
        let fifo = dir.join("fifo");
        let made = std::process::Command::new("mkfifo").arg(&fifo).status();
        if made.is_ok_and(|s| s.success()) {
            fails(
                &[
                    "optimal",
                    "--all-korf",
                    fifo.to_str().unwrap(),
                    "--partition",
                    "manhattan",
                ],
                "not a regular file",
            );
        }
    }
    let long = dir.join("long.txt");
    std::fs::write(&long, " ".repeat(100_000)).unwrap();
    // A line too long is that line's failure, as a bad position is: it is
    // reported, then the batch that has no other line.
    let out = schofield(&[
        "optimal",
        "--all-korf",
        long.to_str().unwrap(),
        "--partition",
        "manhattan",
    ]);
    assert_eq!(out.status.code(), Some(2));
    assert!(out.stdout.is_empty());
    let err = String::from_utf8_lossy(&out.stderr);
    let lines: Vec<&str> = err.lines().collect();
    assert_eq!(lines.len(), 2, "{err}");
    assert!(lines[0].contains("line 1: longer than 4096 bytes"), "{err}");
    assert!(
        lines[1].contains("no instance of the batch can be solved"),
        "{err}"
    );
    let bad = dir.join("bad.txt");
    std::fs::write(&bad, "# one\n\n1 2 3\n").unwrap();
    // Every line of the batch is bad: each is reported, then the batch.
    let out = schofield(&[
        "optimal",
        "--all-korf",
        bad.to_str().unwrap(),
        "--partition",
        "manhattan",
    ]);
    assert_eq!(out.status.code(), Some(2));
    assert!(out.stdout.is_empty());
    let err = String::from_utf8(out.stderr).unwrap();
    let lines: Vec<&str> = err.lines().collect();
    assert_eq!(lines.len(), 2, "{err}");
    assert!(
        lines[0].starts_with("error: ") && lines[0].contains("bad.txt, line 3: 3 cells given"),
        "{err}"
    );
    assert!(
        lines[1].contains("no instance of the batch can be solved"),
        "{err}"
    );
    let empty = dir.join("empty.txt");
    std::fs::write(&empty, "# none\n").unwrap();
    fails(
        &[
            "optimal",
            "--all-korf",
            empty.to_str().unwrap(),
            "--partition",
            "manhattan",
        ],
        "holds no positions",
    );
    std::fs::remove_dir_all(&dir).unwrap();
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
fn an_empty_batch_is_an_error() {
    let out = piped(&["solve", "-"], "# only a comment\n\n");
    assert_eq!(out.status.code(), Some(2));
    assert!(String::from_utf8_lossy(&out.stderr).contains("holds no positions"));
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

/// The first line `schofield args` writes when given `line` on standard
/// input that stays open, within 20 s; `None` if the batch waits for the
/// end of its input. The answer is read on another thread, so that such a
/// batch fails the test rather than hangs it.
fn first_answer(args: &[&str], line: &str) -> Option<String> {
    use std::io::{BufRead, BufReader, Write};
    use std::process::{Command, Stdio};
    let mut child = Command::new(env!("CARGO_BIN_EXE_schofield"))
        .args(args)
        .stdin(Stdio::piped())
        .stdout(Stdio::piped())
        .stderr(Stdio::null())
        .spawn()
        .unwrap();
    let mut input = child.stdin.take().unwrap();
    writeln!(input, "{line}").unwrap();
    input.flush().unwrap();
    let output = child.stdout.take().unwrap();
    let (tx, rx) = std::sync::mpsc::channel();
    std::thread::spawn(move || {
        let mut first = String::new();
        let _ = BufReader::new(output).read_line(&mut first);
        let _ = tx.send(first);
    });
    let first = rx.recv_timeout(std::time::Duration::from_secs(20)).ok();
    drop(input);
    let _ = child.kill();
    let _ = child.wait();
    first
}

/// Issue #36: a batch answers each line as it reads it: with standard
/// input still open, the first record comes back; every batch command
/// does so.
#[test]
fn a_batch_answers_each_line_before_the_input_ends() {
    let _gate = super::common::shared();
    for (args, line) in [
        (&["solve", "-", "--format", "jsonl"][..], "102536"),
        (&["five", "solve", "-", "--format", "jsonl"][..], "231/0_4"),
        (
            &["lookup", "solve", "-", "--format", "jsonl"][..],
            "123/456/78_",
        ),
        (&["astar", "-", "--format", "jsonl"][..], "123/456/7_8"),
        (&["solve", "-", "--format", "csv"][..], "102536"),
        (&["solve", "-"][..], "102536"),
    ] {
        let first = first_answer(args, line)
            .unwrap_or_else(|| panic!("{args:?}: no answer before the input ended"));
        assert!(!first.trim().is_empty(), "{args:?}: {first:?}");
    }
}

/// Issue #36: a batch written to `--output` is the whole batch, and a batch
/// with no positions leaves no file; standard output that is closed is an
/// error, not silence.
#[test]
fn a_batch_to_a_file_is_written_whole_and_closed_output_is_an_error() {
    let dir = temp_dir("streamed");
    let file = dir.join("out.jsonl");
    let f = file.to_str().unwrap();
    let input = "102536\n012345\nnonsense\n021364\n";
    let out = piped(&["solve", "-", "--format", "jsonl", "--output", f], input);
    assert_eq!(out.status.code(), Some(2), "a bad line fails the batch");
    let written = std::fs::read_to_string(&file).unwrap();
    assert_eq!(written.lines().count(), 3, "{written}");
    let piped_out = piped(&["solve", "-", "--format", "jsonl"], input);
    assert_eq!(String::from_utf8_lossy(&piped_out.stdout), written);
    let empty = dir.join("empty.jsonl");
    let out = piped(
        &[
            "solve",
            "-",
            "--format",
            "jsonl",
            "--output",
            empty.to_str().unwrap(),
        ],
        "# nothing\n",
    );
    assert_eq!(out.status.code(), Some(2));
    assert!(!empty.exists());
    assert!(
        std::fs::read_dir(&dir).unwrap().all(|e| !e
            .unwrap()
            .file_name()
            .to_string_lossy()
            .starts_with('.')),
        "no temporary file is left"
    );
    // Standard output closed (`>&-`), for one answer and for a batch.
    for (args, input) in [
        (&["counts"][..], ""),
        (&["solve", "102536"][..], ""),
        (&["solve", "-", "--format", "jsonl"][..], "102536\n"),
    ] {
        let out = std::process::Command::new("sh")
            .arg("-c")
            .arg(format!(
                "printf '{}' | \"$0\" \"$@\" >&-",
                input.replace('\n', "\\n")
            ))
            .arg(env!("CARGO_BIN_EXE_schofield"))
            .args(args)
            .output()
            .unwrap();
        assert_eq!(out.status.code(), Some(1), "{args:?}");
        let err = String::from_utf8_lossy(&out.stderr);
        assert!(err.contains("standard output is closed"), "{args:?}: {err}");
        assert_eq!(err.lines().count(), 1, "{err}");
    }
}

/// Issue #36: `optimal -` answers the lines it has as they come, in input
/// order, in text, CSV and JSON lines, with the text's totals last; a line
/// that cannot be solved is reported and the others answered.
#[test]
fn optimal_answers_a_batch_as_it_is_read() {
    let _gate = super::common::shared();
    let near = [
        "1 2 3 4 5 6 7 8 9 10 11 12 13 14 0 15",
        "1 2 3 4 5 6 7 8 9 10 11 12 13 0 14 15",
        "1 2 3 4 5 6 7 8 9 10 11 0 13 14 15 12",
    ];
    let first =
        first_answer(OPTIMAL_BATCH, near[0]).expect("the first answer before the input ended");
    let v: serde_json::Value = serde_json::from_str(&first).unwrap();
    assert_eq!(v["instance"], 1);
    assert_eq!(v["moves"], 1, "{first}");

    let batch = format!("{}\n{}\nnot a position\n{}\n", near[0], near[1], near[2]);
    let out = piped(OPTIMAL_BATCH, &batch);
    assert_eq!(out.status.code(), Some(2));
    let text = String::from_utf8(out.stdout).unwrap();
    let lengths: Vec<u64> = text
        .lines()
        .map(|l| serde_json::from_str::<serde_json::Value>(l).unwrap())
        .map(|v| v["moves"].as_u64().unwrap())
        .collect();
    assert_eq!(lengths, [1, 2, 1]);
    let err = String::from_utf8_lossy(&out.stderr);
    assert!(err.contains("line 3"), "{err}");
    assert!(err.contains("1 of 4 lines failed"), "{err}");
    let good = format!("{}\n{}\n{}\n", near[0], near[1], near[2]);
    let csv = piped(
        &[
            "optimal",
            "-",
            "--partition",
            "manhattan",
            "--format",
            "csv",
        ],
        &good,
    );
    let csv = String::from_utf8(csv.stdout).unwrap();
    assert_eq!(csv.lines().count(), 4, "one header, three rows: {csv}");
    let text = piped(&["optimal", "-", "--partition", "manhattan"], &good);
    let text = String::from_utf8(text.stdout).unwrap();
    assert!(text.starts_with("instance length"), "{text}");
    assert!(
        text.trim_end()
            .lines()
            .last()
            .unwrap()
            .starts_with("3 instances: total length 4"),
        "{text}"
    );
}

/// Issue #36: a line too long or not UTF-8 is that line's error; the lines
/// after it are answered. `optimal`'s JSON batch is one document, written
/// in parts and closed with its totals.
#[test]
fn a_bad_line_does_not_end_the_batch() {
    let mut input = b"\xff\n164/5_7/320\n".to_vec();
    input.extend(vec![b'1'; 5000]);
    input.extend(b"\n102536\n");
    let out = std::process::Command::new(env!("CARGO_BIN_EXE_schofield"))
        .args(["solve", "-", "--format", "jsonl"])
        .stdin(std::process::Stdio::piped())
        .stdout(std::process::Stdio::piped())
        .stderr(std::process::Stdio::piped())
        .spawn()
        .and_then(|mut c| {
            use std::io::Write;
            c.stdin.take().unwrap().write_all(&input)?;
            c.wait_with_output()
        })
        .unwrap();
    assert_eq!(out.status.code(), Some(2));
    assert_eq!(String::from_utf8_lossy(&out.stdout).lines().count(), 2);
    let err = String::from_utf8_lossy(&out.stderr);
    assert!(err.contains("line 1: not UTF-8"), "{err}");
    assert!(err.contains("line 3: longer than 4096 bytes"), "{err}");
    assert!(err.contains("2 of 4 lines failed"), "{err}");

    let good = "1 2 3 4 5 6 7 8 9 10 11 12 13 14 0 15\n1 2 3 4 5 6 7 8 9 10 11 12 13 0 14 15\n";
    let json = piped(
        &[
            "optimal",
            "-",
            "--partition",
            "manhattan",
            "--format",
            "json",
        ],
        good,
    );
    let v: serde_json::Value = serde_json::from_slice(&json.stdout).unwrap();
    assert_eq!(v["instances"].as_array().unwrap().len(), 2);
    assert_eq!(v["total_moves"], 3);
    let yaml = piped(
        &[
            "optimal",
            "-",
            "--partition",
            "manhattan",
            "--format",
            "yaml",
        ],
        good,
    );
    let y: serde_yaml::Value = serde_yaml::from_slice(&yaml.stdout).unwrap();
    assert_eq!(y["instances"].as_sequence().unwrap().len(), 2);
    assert_eq!(y["total_moves"].as_u64(), Some(3));
}
