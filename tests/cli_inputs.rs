//! Inputs the command line refuses at once: output paths in missing
//! folders (before any long work), batch files that are not regular files
//! or never end, and the limits flags of `optimal`.

mod common;
use common::{fails, schofield, stdout};
use std::time::{Duration, Instant};

fn temp_dir(name: &str) -> std::path::PathBuf {
    let d = std::env::temp_dir().join(format!("schofield-inputs-{name}-{}", std::process::id()));
    std::fs::create_dir_all(&d).unwrap();
    d
}

#[test]
fn output_paths_are_checked_before_the_work() {
    let clock = Instant::now();
    // The 7-8 databases would take two minutes to build: refused first.
    fails(
        &[
            "optimal",
            "1 2 3 0 4 5 6 7 8 9 10 11 12 13 14 15",
            "--pdb",
            "/nonexistent/x.bin",
        ],
        "cannot write /nonexistent/x.bin",
    );
    assert!(clock.elapsed() < Duration::from_secs(10));
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
    fails(
        &[
            "optimal",
            "--all-korf",
            long.to_str().unwrap(),
            "--partition",
            "manhattan",
        ],
        "line 1: longer than 4096 bytes",
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
fn user_input_is_quoted_in_messages() {
    fails(
        &["optimal", "1 2 3", "--goal", "mid\u{7}dle"],
        "unknown goal \"mid<U+0007>dle\"",
    );
}
