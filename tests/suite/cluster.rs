//! The census on timely dataflow (`boards --workers`, the `distributed`
//! build) gives the same bytes as the one-table search: with two workers in
//! one process, with two processes on localhost, and after being stopped
//! and resumed from its checkpoints.

use super::common::{fails, fails_usage, schofield, stdout};
use assert_cmd::Command;
use schofield::board::census::{self, Case};
use schofield::board::cluster::{self, CheckpointKey, Checkpoints, Cluster, ClusterError};
use std::sync::Arc;

/// A free port on localhost that no other call in this test binary has
/// given (of the first 12 000 calls; a binary makes a handful). Tests run
/// side by side, so asking the system for any free port
/// (`bind` to port 0) could hand two tests the same one once the first
/// listener is dropped, and a process of one test would then connect to a
/// process of another. The ports come from below Linux's ephemeral range
/// (32768–60999), so neither such a `bind` nor the source port of an
/// outgoing connection takes them; each is checked free by binding it once.
fn free_port() -> u16 {
    use std::sync::atomic::{AtomicU32, Ordering};
    const FIRST: u32 = 20_000;
    const SPAN: u32 = 12_000;
    static NEXT: AtomicU32 = AtomicU32::new(0);
    // Two test binaries run at once (two checkouts, say) start apart.
    let start = std::process::id().wrapping_mul(7_919) % SPAN;
    for _ in 0..SPAN {
        let n = NEXT.fetch_add(1, Ordering::Relaxed);
        let port = (FIRST + (start + n) % SPAN) as u16;
        if std::net::TcpListener::bind(("127.0.0.1", port)).is_ok() {
            return port;
        }
    }
    panic!("no free port on localhost in {FIRST}..{}", FIRST + SPAN)
}

/// Runs `args` as two processes on localhost, each with one worker, and
/// returns process 0's standard output (process 1 must print nothing).
fn two_processes(args: &[&str]) -> String {
    let (zero, one) = two_processes_differing(args, args);
    assert!(
        zero.status.success() && one.status.success(),
        "{}",
        both(&zero, &one)
    );
    assert!(
        one.stdout.is_empty(),
        "process 1 printed {:?}",
        String::from_utf8_lossy(&one.stdout)
    );
    String::from_utf8(zero.stdout).unwrap()
}

/// Both processes' exit statuses and standard errors, for a failure
/// message: either process's failure can show in the other as a cut
/// connection.
fn both(zero: &std::process::Output, one: &std::process::Output) -> String {
    format!(
        "process 0 ({}): {}\nprocess 1 ({}): {}",
        zero.status,
        String::from_utf8_lossy(&zero.stderr),
        one.status,
        String::from_utf8_lossy(&one.stderr)
    )
}

/// Runs process 0 with `zero` and process 1 with `one` (each with one
/// worker unless its arguments say otherwise) on localhost, and returns
/// both outputs.
fn two_processes_differing(
    zero: &[&str],
    one: &[&str],
) -> (std::process::Output, std::process::Output) {
    let dir = tempfile::tempdir().unwrap();
    let hosts = dir.path().join("hosts.txt");
    std::fs::write(
        &hosts,
        format!(
            "# process 0 and 1\n127.0.0.1:{}\n127.0.0.1:{}\n",
            free_port(),
            free_port()
        ),
    )
    .unwrap();
    let hosts = hosts.to_str().unwrap().to_string();
    let run = |process: &str| {
        let args = if process == "0" { zero } else { one };
        let mut full: Vec<String> = args.iter().map(|s| s.to_string()).collect();
        if !args.contains(&"--workers") {
            full.extend(["--workers", "1"].map(String::from));
        }
        full.extend(
            [
                "--hostfile",
                &hosts,
                "--process",
                process,
                "--connect-timeout",
                "60",
            ]
            .map(String::from),
        );
        std::thread::spawn(move || {
            Command::cargo_bin("schofield")
                .unwrap()
                .args(&full)
                .output()
                .unwrap()
        })
    };
    let one = run("1");
    let zero = run("0");
    (zero.join().unwrap(), one.join().unwrap())
}

#[test]
fn processes_with_different_workers_fail_on_one_line_each() {
    let mut two = vec!["boards", "--board", "3x3", "--home", "4"];
    let one = two.clone();
    two.extend(["--workers", "2"]);
    let (zero, one) = two_processes_differing(&two, &one);
    let report = both(&zero, &one);
    for out in [&zero, &one] {
        let err = String::from_utf8_lossy(&out.stderr);
        assert_eq!(out.status.code(), Some(2), "{report}");
        assert!(out.stdout.is_empty());
        assert_eq!(err.lines().count(), 1, "{report}");
        assert!(err.starts_with("error: "), "{report}");
    }
}

#[test]
fn only_process_0_writes_the_output_file() {
    let dir = tempfile::tempdir().unwrap();
    let out = dir.path().join("same.json");
    let out = out.to_str().unwrap();
    let args = [
        "boards", "--board", "2x3", "--format", "json", "--output", out,
    ];
    assert!(two_processes(&args).is_empty());
    let alone = stdout(&["boards", "--board", "2x3", "--format", "json"]);
    assert_eq!(std::fs::read_to_string(out).unwrap(), alone);
}

#[test]
fn processes_started_differently_are_refused_not_run() {
    let (zero, one) = two_processes_differing(
        &["boards", "--board", "3x3", "--home", "4"],
        &["boards", "--board", "3x3", "--home", "8"],
    );
    let report = both(&zero, &one);
    for out in [&zero, &one] {
        let err = String::from_utf8_lossy(&out.stderr);
        assert_eq!(out.status.code(), Some(2), "{report}");
        assert!(out.stdout.is_empty());
        assert!(
            err.contains("the processes were not started alike"),
            "{report}"
        );
        assert!(err.contains("home 4") && err.contains("home 8"), "{report}");
    }
}

/// The output of `args` in one table, after checking that two workers in
/// one process and two processes on localhost give the same bytes.
fn same_bytes_three_ways(args: &[&str]) -> String {
    let alone = stdout(args);
    let mut two_workers = args.to_vec();
    two_workers.extend(["--workers", "2"]);
    assert_eq!(stdout(&two_workers), alone, "two workers in one process");
    assert_eq!(two_processes(args), alone, "two processes on localhost");
    alone
}

#[test]
fn the_eight_puzzle_centre_is_the_same_bytes_three_ways() {
    let out = same_bytes_three_ways(&[
        "boards", "--board", "3x3", "--home", "4", "--format", "json",
    ]);
    assert!(out.contains("\"max\": 30"));
}

#[test]
fn every_board_up_to_10_cells_is_the_same_bytes_three_ways() {
    same_bytes_three_ways(&["boards", "--all", "--max-cells", "10", "--format", "json"]);
}

#[test]
fn more_workers_than_slices_and_odd_counts_agree_with_the_one_table_search() {
    for (board, home, workers) in [("2x2", 3, 5), ("2x3", 4, 3), ("2x4", 7, 7), ("3x3", 8, 3)] {
        let case = Case::new(board.parse().unwrap(), home).unwrap();
        let alone = census::analyse(&case, &|_| {}).unwrap();
        let run = cluster::analyse(
            &case,
            &Cluster::local(workers).unwrap(),
            None,
            Arc::new(|_| {}),
        )
        .unwrap();
        assert_eq!(run.result.as_ref(), Some(&alone), "{board} home {home}");
        let t = run.exchange;
        // Every neighbour of every state is handled once, kept or sent.
        let edges: u64 = 2 * {
            let b: schofield::board::Board = board.parse().unwrap();
            let (r, c) = (b.rows() as u64, b.cols() as u64);
            // Moves of the blank: the board's edges, for each placement
            // of the tiles on the other cells.
            (r * (c - 1) + c * (r - 1)) * alone.states / (r * c)
        };
        assert_eq!(t.kept + t.to_workers + t.to_processes, edges, "{board}");
        assert_eq!(t.to_processes, 0, "one process sends nothing over TCP");
        // A board of 32 states or fewer is one word: one worker owns it all.
        assert_eq!(t.to_workers > 0, alone.states > 32, "{board}");
    }
}

#[test]
fn a_stopped_run_resumes_from_its_checkpoints_to_the_same_answer() {
    let case = Case::new("3x3".parse().unwrap(), 7).unwrap();
    let alone = census::analyse(&case, &|_| {}).unwrap();
    let dir = tempfile::tempdir().unwrap();
    let keys = tempfile::tempdir().unwrap();
    let key = CheckpointKey::at(&keys.path().join("checkpoint.key")).unwrap();
    let cluster = Cluster::local(2).unwrap();
    for stop in [5, 17, 25] {
        let ckpt = Checkpoints {
            dir: dir.path().to_path_buf(),
            stop_after: Some(stop),
            key: key.clone(),
        };
        let e = cluster::analyse(&case, &cluster, Some(&ckpt), Arc::new(|_| {})).unwrap_err();
        assert!(
            matches!(e, ClusterError::Stopped { layer, .. } if layer == stop),
            "{e}"
        );
        // Only the newest layer's files are kept: one a worker.
        let files: Vec<_> = std::fs::read_dir(dir.path()).unwrap().collect();
        assert_eq!(files.len(), 2, "stopped at {stop}");
    }
    let ckpt = Checkpoints {
        dir: dir.path().to_path_buf(),
        stop_after: None,
        key: key.clone(),
    };
    let run = cluster::analyse(&case, &cluster, Some(&ckpt), Arc::new(|_| {})).unwrap();
    assert_eq!(run.result.as_ref(), Some(&alone));
    assert_eq!(run.resumed_from, Some(25));

    // The same folder with another number of workers is refused, not
    // silently started again.
    let three = Cluster::local(3).unwrap();
    let e = cluster::analyse(&case, &three, Some(&ckpt), Arc::new(|_| {})).unwrap_err();
    assert!(
        e.to_string().contains("for 2 workers, and this run has 3"),
        "{e}"
    );

    // A damaged checkpoint is refused, naming the file, not trusted.
    let file = std::fs::read_dir(dir.path())
        .unwrap()
        .next()
        .unwrap()
        .unwrap()
        .path();
    let mut bytes = std::fs::read(&file).unwrap();
    bytes[100] ^= 1;
    std::fs::write(&file, bytes).unwrap();
    let e = cluster::analyse(&case, &cluster, Some(&ckpt), Arc::new(|_| {})).unwrap_err();
    assert!(e.to_string().contains("is not sealed with"), "{e}");
    assert!(e.to_string().contains(file.to_str().unwrap()), "{e}");
}

/// The layout of a checkpoint of layer `depth` (docs/formats.md): where
/// its counts, table and distances begin, and the seal's bytes at the end.
struct Layout {
    counts: usize,
    table: usize,
    distances: usize,
}

impl Layout {
    fn of(depth: usize, bytes: &[u8]) -> Layout {
        let field = |k: usize| {
            u64::from_le_bytes(bytes[8 + 8 * k..16 + 8 * k].try_into().unwrap()) as usize
        };
        let states = field(8);
        let counts = 96;
        let table = counts + 8 * (depth + 1);
        Layout {
            counts,
            table,
            distances: table + 8 * states.div_ceil(32),
        }
    }
}

/// Seals `bytes` (a checkpoint whose last 32 bytes are its seal) again
/// with `key`: what a forger who holds the key can do.
fn reseal(bytes: &mut [u8], key: &[u8; 32]) {
    let n = bytes.len() - 32;
    let seal = blake3::keyed_hash(key, &bytes[..n]);
    bytes[n..].copy_from_slice(seal.as_bytes());
}

/// Issue #36: forged checkpoints of the 3×3 census (home 4), stopped
/// after layer 10, for one worker and for two. Edited without the key,
/// every one is refused by its seal; edited and sealed again with the key,
/// every edit that leaves the file inconsistent with itself (a count, the
/// counts' sum, a table word, a distance) is refused. An edit that keeps
/// the table and the counts in agreement is refused by the seal alone
/// (docs/formats.md says so): the last forgery is one.
#[test]
fn a_forged_checkpoint_is_refused_not_trusted() {
    let case = Case::new("3x3".parse().unwrap(), 4).unwrap();
    let alone = census::analyse(&case, &|_| {}).unwrap();
    let keys = tempfile::tempdir().unwrap();
    let key_file = keys.path().join("checkpoint.key");
    let key = CheckpointKey::at(&key_file).unwrap();
    let key_bytes: [u8; 32] = std::fs::read(&key_file).unwrap().try_into().unwrap();
    // What is edited, and whether the checks see it when the forger holds
    // the key.
    type Forgery = (&'static str, fn(&mut Vec<u8>, &Layout), bool);
    let forgeries: &[Forgery] = &[
        (
            "a layer's count plus one",
            |b, l| b[l.counts + 8 * 5] += 1,
            true,
        ),
        ("layer 0's count two", |b, l| b[l.counts] = 2, true),
        (
            "every count 2^63",
            |b, l| {
                for k in 0..=10 {
                    b[l.counts + 8 * k + 7] = 0x80;
                }
            },
            true,
        ),
        (
            "one count moved to another layer",
            |b, l| {
                b[l.counts + 8 * 10] += 1;
                b[l.counts + 8 * 9] -= 1;
            },
            true,
        ),
        (
            "a table word cleared",
            |b, l| {
                let w = (l.table..l.distances)
                    .step_by(8)
                    .find(|&w| b[w..w + 8].iter().any(|&x| x != 0))
                    .unwrap();
                b[w..w + 8].fill(0);
            },
            true,
        ),
        (
            "an unreached state marked as the last layer",
            |b, l| {
                let w = (l.table..l.distances).find(|&w| b[w] & 0b11 == 0).unwrap();
                // Layer 10 is even: its mark is 01.
                b[w] |= 0b01;
            },
            true,
        ),
        (
            "a state marked as layer 11",
            |b, l| {
                let w = (l.table..l.distances).find(|&w| b[w] & 0b11 == 0).unwrap();
                b[w] |= 0b10;
            },
            true,
        ),
        (
            "a distance beyond the layer",
            |b, l| {
                let d = (l.distances..b.len() - 32).find(|&d| b[d] != 255).unwrap();
                b[d] = 11;
            },
            true,
        ),
        (
            "an unreached distance given one",
            |b, l| {
                let d = (l.distances..b.len() - 32).find(|&d| b[d] == 255).unwrap();
                b[d] = 4;
            },
            true,
        ),
        (
            "an unreached state marked old, its count added",
            |b, l| {
                let w = (l.table..l.distances).find(|&w| b[w] & 0b11 == 0).unwrap();
                b[w] |= 0b11;
                b[l.counts + 8 * 3] += 1;
            },
            false,
        ),
    ];
    for workers in [1, 2] {
        let cluster = Cluster::local(workers).unwrap();
        for (what, forge, seen) in forgeries {
            for sealed in [false, true] {
                if sealed && !seen {
                    continue;
                }
                let dir = tempfile::tempdir().unwrap();
                let ckpt = |stop_after| Checkpoints {
                    dir: dir.path().to_path_buf(),
                    stop_after,
                    key: key.clone(),
                };
                let e = cluster::analyse(&case, &cluster, Some(&ckpt(Some(10))), Arc::new(|_| {}));
                assert!(matches!(e, Err(ClusterError::Stopped { layer: 10, .. })));
                let file = dir.path().join("3x3-home-4.worker-0-of-1.layer-10.ckpt");
                let file = if workers == 1 {
                    file
                } else {
                    dir.path().join("3x3-home-4.worker-0-of-2.layer-10.ckpt")
                };
                let mut bytes = std::fs::read(&file).unwrap();
                let layout = Layout::of(10, &bytes);
                forge(&mut bytes, &layout);
                if sealed {
                    reseal(&mut bytes, &key_bytes);
                }
                std::fs::write(&file, &bytes).unwrap();
                match cluster::analyse(&case, &cluster, Some(&ckpt(None)), Arc::new(|_| {})) {
                    Err(e) => {
                        let e = e.to_string();
                        assert!(e.starts_with("cannot resume"), "{what}: {e}");
                        assert!(!e.contains('\n'), "{what}: {e}");
                        if !sealed {
                            assert!(e.contains("is not sealed with"), "{what}: {e}");
                        }
                    }
                    Ok(run) => {
                        // Only a forgery the checks cannot see may pass,
                        // and only sealed with the key: then it is the
                        // census's own business to come out right or not,
                        // and these edits are all seen.
                        panic!(
                            "{what} ({workers} workers, sealed {sealed}) was resumed: {:?} against {:?}",
                            run.result.map(|r| r.distribution),
                            alone.distribution
                        );
                    }
                }
            }
        }
    }
    // Sealed with another user's key, an untouched checkpoint is refused.
    let dir = tempfile::tempdir().unwrap();
    let other = CheckpointKey::at(&keys.path().join("other.key")).unwrap();
    let cluster = Cluster::local(1).unwrap();
    let with = |key: &CheckpointKey, stop_after| Checkpoints {
        dir: dir.path().to_path_buf(),
        stop_after,
        key: key.clone(),
    };
    let _ = cluster::analyse(
        &case,
        &cluster,
        Some(&with(&key, Some(10))),
        Arc::new(|_| {}),
    );
    let e = cluster::analyse(&case, &cluster, Some(&with(&other, None)), Arc::new(|_| {}))
        .unwrap_err()
        .to_string();
    assert!(e.contains("other.key"), "{e}");
    // With its own key it resumes to the right census.
    let run = cluster::analyse(&case, &cluster, Some(&with(&key, None)), Arc::new(|_| {})).unwrap();
    assert_eq!(run.resumed_from, Some(10));
    assert_eq!(run.result.as_ref(), Some(&alone));
}

#[test]
fn the_command_line_stops_with_status_3_and_goes_on() {
    let dir = tempfile::tempdir().unwrap();
    let d = dir.path().to_str().unwrap();
    let args = [
        "boards",
        "--board",
        "2x4",
        "--home",
        "7",
        "--format",
        "json",
        "--workers",
        "2",
        "--checkpoint",
        d,
    ];
    let out = stop_then_resume(&args, "9", || {});
    let alone = stdout(&[
        "boards", "--board", "2x4", "--home", "7", "--format", "json",
    ]);
    assert_eq!(out, alone);
}

/// Runs `args` (a distributed run with `--checkpoint`) stopped after
/// `layer` (exit 3, nothing on standard output, checkpoints written), then
/// `between`, then again to the end, resumed from that layer: its output.
fn stop_then_resume(args: &[&str], layer: &str, between: impl FnOnce()) -> String {
    let mut stop = args.to_vec();
    stop.extend(["--stop-after-layer", layer]);
    let out = schofield(&stop);
    let err = String::from_utf8_lossy(&out.stderr);
    assert_eq!(out.status.code(), Some(3), "{err}");
    assert!(out.stdout.is_empty());
    assert!(
        err.contains(&format!("stopped after layer {layer}")),
        "{err}"
    );
    between();
    let out = schofield(args);
    let err = String::from_utf8_lossy(&out.stderr);
    assert!(out.status.success(), "{err}");
    assert!(
        err.contains(&format!("resumed from the checkpoints of layer {layer}")),
        "{err}"
    );
    String::from_utf8(out.stdout).unwrap()
}

/// Issue #43: a puzzle's run on the workers takes checkpoints as the
/// census does, stops after the layer asked for (status 3) and resumes to
/// the answer of a run that never stopped; a puzzle of other moves does not
/// take up those checkpoints.
#[test]
fn a_puzzles_run_stops_and_resumes_from_its_checkpoints() {
    let dir = tempfile::tempdir().unwrap();
    let d = dir.path().to_str().unwrap();
    let args = [
        "counts",
        "--puzzle",
        "squares",
        "--format",
        "json",
        "--workers",
        "2",
        "--checkpoint",
        d,
    ];
    let out = stop_then_resume(&args, "6", || {
        let written = std::fs::read_dir(dir.path()).unwrap().count();
        assert!(written >= 2, "{written} checkpoints");
        // The same folder under other generators: another space, started
        // from its goal.
        let mut other = args.to_vec();
        other.extend(["--generators", "U2,D2,F2,B2"]);
        let out = schofield(&other);
        assert!(out.status.success());
        assert!(!String::from_utf8_lossy(&out.stderr).contains("resumed"));
    });
    let fresh = tempfile::tempdir().unwrap();
    let mut whole = args.to_vec();
    whole[8] = fresh.path().to_str().unwrap();
    assert_eq!(out, stdout(&whole));
    // 663 552 positions (OEIS A080627), the square group's, searched by
    // classes (issue #44, point 7: the checkpoints are the classes').
    assert_eq!(super::common::total_positions(&stdout(&whole)), 663_552);
    assert!(out.contains("\"extended_classes\""), "{out}");
}

#[test]
fn careless_cluster_flags_get_one_line() {
    // `boards --board 3x3` with `more` after it must fail with `needle`.
    let refused = |more: &[&str], needle: &str| {
        let mut args = vec!["boards", "--board", "3x3"];
        args.extend(more);
        fails(&args, needle);
    };
    refused(&["--workers", "0"], "0 workers a process: expected 1 to 64");
    refused(&["--workers", "65"], "expected 1 to 64");
    refused(
        &["--workers", "1", "--hostfile", "/nonexistent/hosts"],
        "cannot read the hosts file /nonexistent/hosts",
    );
    let dir = tempfile::tempdir().unwrap();
    let hosts = dir.path().join("hosts");
    let h = hosts.to_str().unwrap();
    for (text, needle) in [
        ("", "lists 0 processes"),
        (
            "localhost\n",
            "line 1: \"localhost\" is not a new HOST:PORT",
        ),
        ("a:1\nb:99999\n", "line 2"),
        ("a:1\n# c\nb c:2\n", "line 3"),
        ("a:1\na:0\n", "line 2: \"a:0\""),
        ("a:1\n\na:1\n", "line 3: \"a:1\" is given twice"),
        // Control characters and odd bytes are named, never printed raw
        // or in Rust's escapes.
        ("127.0.0.1:4000\0\n", "line 1: \"127.0.0.1:4000<U+0000>\""),
        ("a\u{7}b:1\n", "line 1: \"a<U+0007>b:1\""),
        (
            "\u{e087}:1\n",
            "line 1: \"\u{e087}:1\" is not a new HOST:PORT",
        ),
        (
            "a:1\nb:2\n",
            "the hosts file lists 2 processes: say which one this is (0 to 1)",
        ),
    ] {
        std::fs::write(&hosts, text).unwrap();
        refused(&["--workers", "1", "--hostfile", h], needle);
    }
    refused(
        &["--workers", "1", "--hostfile", "/dev/zero"],
        "expected a file of HOST:PORT lines",
    );
    std::fs::write(&hosts, "127.0.0.1:1\n127.0.0.1:2\n").unwrap();
    refused(
        &["--workers", "1", "--hostfile", h, "--process", "2"],
        "process 2 is not in the hosts file, which lists 2 processes (0 to 1)",
    );
    // Process 1 leaves --output to process 0 but reads the same format from
    // its name: a drawing of several boards is refused at once, as there.
    let svg = dir.path().join("all.svg");
    fails(
        &[
            "boards",
            "--all",
            "--max-cells",
            "6",
            "--workers",
            "1",
            "--hostfile",
            h,
            "--process",
            "1",
            "--output",
            svg.to_str().unwrap(),
        ],
        "--format svg draws one board at a time",
    );
    assert!(!svg.exists());
    // A process whose peer never comes gives up, it does not hang.
    std::fs::write(
        &hosts,
        format!("127.0.0.1:{}\n127.0.0.1:{}\n", free_port(), free_port()),
    )
    .unwrap();
    refused(
        &[
            "--workers",
            "1",
            "--hostfile",
            h,
            "--process",
            "0",
            "--connect-timeout",
            "1",
        ],
        "did not all connect within 1 s",
    );
    refused(&["--workers", "1", "--checkpoint", h], "expected a folder");
    refused(
        &[
            "--workers",
            "1",
            "--checkpoint",
            dir.path().to_str().unwrap(),
            "--stop-after-layer",
            "0",
        ],
        "(a layer after the goal's) from 1 to",
    );
    fails_usage(
        &["boards", "--board", "3x3", "--hostfile", "h"],
        "--workers",
    );
    fails_usage(
        &[
            "boards",
            "--board",
            "3x3",
            "--workers",
            "1",
            "--process",
            "1",
        ],
        "--hostfile",
    );
}

#[test]
fn a_puzzles_distribution_is_the_same_on_the_workers() {
    // Issue #44, point 8: a puzzle searched by classes on one machine is
    // searched by classes on the workers, and its table is the same bytes
    // (positions, classes and extended classes): the squares group (OEIS
    // A080627) and the corner group, with two workers in one process and
    // with two processes on localhost.
    for puzzle in ["squares", "corners"] {
        let table = same_bytes_three_ways(&["counts", "--puzzle", puzzle, "--format", "csv"]);
        assert!(
            table.starts_with("moves,positions,classes,extended_classes"),
            "{table}"
        );
    }
    // Positions up to rotation are not searched by classes: the 2x2x2 in
    // the quarter metric (A079762), the positions at each distance as the
    // one-machine search counts them (its classes need the whole analysis
    // in one process).
    let args = &[
        "counts", "--puzzle", "2x2x2", "--metric", "quarter", "--format", "csv",
    ][..];
    let alone: String = stdout(args)
        .lines()
        .map(|l| l.split(',').take(2).collect::<Vec<_>>().join(",") + "\n")
        .collect();
    let mut two_workers = args.to_vec();
    two_workers.extend(["--workers", "2"]);
    assert_eq!(stdout(&two_workers), alone, "{args:?}: two workers");
    assert_eq!(two_processes(args), alone, "{args:?}: two processes");
    let squares = stdout(&[
        "counts",
        "--puzzle",
        "squares",
        "--workers",
        "2",
        "--format",
        "csv",
    ]);
    let a080627: Vec<u64> = squares
        .lines()
        .skip(1)
        .map(|l| l.split(',').nth(1).unwrap().parse().unwrap())
        .collect();
    assert_eq!(
        a080627,
        [
            1, 6, 27, 120, 519, 1932, 6484, 20310, 55034, 113892, 178495, 179196, 89728, 16176,
            1488, 144
        ]
    );
    // What the workers cannot do is refused in one line.
    fails(
        &["counts", "--workers", "2"],
        "--workers searches puzzles whose moves all cost one; \"eight-puzzle\" prices its moves by words",
    );
    fails(
        &[
            "counts",
            "--puzzle",
            "squares",
            "--workers",
            "2",
            "--antipodes",
        ],
        "--workers gives the distribution alone",
    );
}

/// Issue #36, point 3: a process of a hosts file that is frozen (`kill
/// -STOP`) in the middle of a layer is reported by the other within the
/// peer time-out, on one line naming it, whatever the layer's length.
#[test]
fn a_frozen_process_is_reported_within_the_peer_timeout() {
    use std::io::{BufRead, BufReader};
    use std::process::Stdio;
    let _gate = super::common::alone();
    let dir = tempfile::tempdir().unwrap();
    let hosts = dir.path().join("hosts.txt");
    let (p0, p1) = (free_port(), free_port());
    std::fs::write(&hosts, format!("127.0.0.1:{p0}\n127.0.0.1:{p1}\n")).unwrap();
    let start = |process: &str, verbose: bool| {
        let mut c = std::process::Command::new(env!("CARGO_BIN_EXE_schofield"));
        c.args(["boards", "--board", "3x4", "--home", "0", "--workers", "1"])
            .args(["--hostfile", hosts.to_str().unwrap(), "--process", process])
            .args(["--peer-timeout", "2", "--connect-timeout", "60"])
            .arg(if verbose { "--verbose" } else { "--quiet" })
            .stdout(Stdio::null())
            .stderr(Stdio::piped());
        c.spawn().unwrap()
    };
    let mut one = start("1", false);
    let mut zero = start("0", true);
    // Once the run is well under way (layer 20 closed), process 1 freezes.
    let mut err = BufReader::new(zero.stderr.take().unwrap());
    let mut line = String::new();
    while err.read_line(&mut line).unwrap() > 0 && !line.contains("layer 20 done") {
        line.clear();
    }
    assert!(line.contains("layer 20 done"), "{line}");
    let frozen = std::time::Instant::now();
    let stop = std::process::Command::new("kill")
        .args(["-STOP", &one.id().to_string()])
        .status()
        .unwrap();
    assert!(stop.success());
    let mut rest = String::new();
    std::io::Read::read_to_string(&mut err, &mut rest).unwrap();
    let status = zero.wait().unwrap();
    let waited = frozen.elapsed();
    let _ = one.kill();
    let _ = one.wait();
    let last = rest.lines().last().unwrap_or("");
    assert_eq!(status.code(), Some(2), "{rest}");
    assert!(
        last.starts_with(&format!(
            "error: process 1 (127.0.0.1:{p1}) has said nothing for 2 s"
        )),
        "{rest}"
    );
    // The run ended on the silence (two seconds, as the message says),
    // not on anything later: a guard against waiting for ever, far above
    // the two seconds so that a busy machine cannot fail it.
    assert!(waited.as_secs_f64() < 60.0, "{waited:?}");
}

/// Issue #36: a FIFO where a checkpoint is to be written, or read, is
/// refused at once (it was written into, and the run waited for a reader
/// for ever).
#[test]
fn a_fifo_in_the_checkpoint_folder_is_refused_at_once() {
    let dir = tempfile::tempdir().unwrap();
    let keys = tempfile::tempdir().unwrap();
    for (name, layer) in [("write", "12"), ("read", "5")] {
        let folder = dir.path().join(name);
        std::fs::create_dir_all(&folder).unwrap();
        let workers = if name == "write" { vec![0] } else { vec![0, 1] };
        for w in workers {
            let fifo = folder.join(format!("3x3-home-4.worker-{w}-of-2.layer-{layer}.ckpt"));
            let made = std::process::Command::new("mkfifo")
                .arg(&fifo)
                .status()
                .unwrap();
            assert!(made.success());
        }
        // Refused, not waiting for a reader: the time-out turns a wait
        // into a failure.
        let out = Command::cargo_bin("schofield")
            .unwrap()
            .env("XDG_DATA_HOME", keys.path())
            .args([
                "boards",
                "--board",
                "3x3",
                "--home",
                "4",
                "--workers",
                "2",
                "--checkpoint",
            ])
            .arg(&folder)
            .timeout(std::time::Duration::from_secs(20))
            .output()
            .unwrap();
        let err = String::from_utf8_lossy(&out.stderr);
        assert_eq!(out.status.code(), Some(2), "{name}: {err}");
        assert!(
            err.contains("is a FIFO, not a regular file"),
            "{name}: {err}"
        );
    }
}

/// Two processes of the 3x4 census (home 0) on localhost, two workers each
/// (as many as it took to see the abort below most often), a peer time-out
/// of 2 s, `more` arguments and the checkpoint key in `dir`: process 0 says
/// each layer (`--verbose`), process 1 nothing but its error (`--quiet`).
/// Returned once process 0 has closed layer `until`, with its standard
/// error read so far, and process 1's port.
struct UnderWay {
    zero: std::process::Child,
    one: std::process::Child,
    zero_err: std::io::BufReader<std::process::ChildStderr>,
    port_one: u16,
    /// What process 0 said up to the layer awaited.
    said: String,
}

impl UnderWay {
    fn start(dir: &std::path::Path, more: &[&str], until: u32) -> UnderWay {
        use std::io::BufRead;
        use std::process::Stdio;
        let hosts = dir.join("hosts.txt");
        let (p0, p1) = (free_port(), free_port());
        std::fs::write(&hosts, format!("127.0.0.1:{p0}\n127.0.0.1:{p1}\n")).unwrap();
        let start = |process: &str, verbose: bool| {
            let mut c = std::process::Command::new(env!("CARGO_BIN_EXE_schofield"));
            c.env("XDG_DATA_HOME", dir)
                .args(["boards", "--board", "3x4", "--home", "0", "--workers", "2"])
                .args(["--hostfile", hosts.to_str().unwrap(), "--process", process])
                .args(["--peer-timeout", "2", "--connect-timeout", "60"])
                .args(more)
                .arg(if verbose { "--verbose" } else { "--quiet" })
                .stdout(Stdio::null())
                .stderr(Stdio::piped());
            c.spawn().unwrap()
        };
        let one = start("1", false);
        let mut zero = start("0", true);
        let mut zero_err = std::io::BufReader::new(zero.stderr.take().unwrap());
        let (done, mut line) = (format!("layer {until} done"), String::new());
        let mut said = String::new();
        while zero_err.read_line(&mut line).unwrap() > 0 && !line.contains(&done) {
            said.push_str(&line);
            line.clear();
        }
        assert!(line.contains(&done), "{said}");
        said.push_str(&line);
        UnderWay {
            zero,
            one,
            zero_err,
            port_one: p1,
            said,
        }
    }

    /// Process 0's exit status and the rest of its standard error.
    fn zero_ends(&mut self) -> (std::process::ExitStatus, String) {
        let mut rest = String::new();
        std::io::Read::read_to_string(&mut self.zero_err, &mut rest).unwrap();
        (self.zero.wait().unwrap(), rest)
    }

    /// Process 1's exit status and standard error.
    fn one_ends(&mut self) -> (std::process::ExitStatus, String) {
        let mut err = String::new();
        let mut pipe = self.one.stderr.take().unwrap();
        std::io::Read::read_to_string(&mut pipe, &mut err).unwrap();
        (self.one.wait().unwrap(), err)
    }
}

/// `kill -SIGNAL pid`.
fn signal(name: &str, pid: u32) {
    let sent = std::process::Command::new("kill")
        .args([&format!("-{name}"), &pid.to_string()])
        .status()
        .unwrap();
    assert!(sent.success());
}

/// What a process left by the others says: one `error:` line, exit
/// status 2, never timely's panics nor an abort (exit 134, "thread caused
/// non-unwinding panic").
fn one_error_line(status: std::process::ExitStatus, err: &str, who: &str) {
    let said: Vec<&str> = err.lines().filter(|l| !l.contains(" done, ")).collect();
    assert_eq!(status.code(), Some(2), "{who}: {err}");
    assert_eq!(said.len(), 1, "{who}: {err}");
    assert!(said[0].starts_with("error: "), "{who}: {err}");
}

/// A process frozen past the peer time-out, then woken once the other has
/// given up on it, ends on one line too (its workers' inputs, closed as
/// they unwound, sent into the closed connection and panicked again: the
/// process aborted, exit 134).
#[test]
fn a_process_woken_after_the_other_gave_up_on_it_ends_on_one_line() {
    let _gate = super::common::alone();
    let dir = tempfile::tempdir().unwrap();
    let mut run = UnderWay::start(dir.path(), &[], 20);
    signal("STOP", run.one.id());
    let (status, err) = run.zero_ends();
    one_error_line(status, &err, "process 0");
    assert!(
        err.contains(&format!(
            "error: process 1 (127.0.0.1:{}) has said nothing for 2 s",
            run.port_one
        )),
        "{err}"
    );
    signal("CONT", run.one.id());
    let (status, err) = run.one_ends();
    one_error_line(status, &err, "process 1");
    assert!(err.contains("the cluster broke off"), "{err}");
}

/// A process killed (SIGKILL) in the middle of the census, process 0 or 1,
/// leaves the other one line and exit status 2, at once; the checkpoints
/// written so far take the census on. One census, killed twice: process 0
/// in the first run, after layer 20; process 1 in the run resumed from its
/// checkpoints, after layer 30; the second resumption ends with the same
/// bytes as the census of one process.
#[test]
fn a_killed_process_leaves_the_other_one_line_and_its_checkpoints_go_on() {
    let dir = tempfile::tempdir().unwrap();
    let folder = dir.path().join("checkpoints");
    let folder = folder.to_str().unwrap();
    for (victim, until) in [(0, 20), (1, 30)] {
        // The machine to themselves while the peer time-out of 2 s is in
        // force; the last resumption has the default time-out and shares
        // it.
        let _gate = super::common::alone();
        let mut run = UnderWay::start(dir.path(), &["--checkpoint", folder], until);
        let (status, err) = if victim == 0 {
            run.zero.kill().unwrap();
            let _ = run.zero_ends();
            run.one_ends()
        } else {
            run.one.kill().unwrap();
            let _ = run.one_ends();
            run.zero_ends()
        };
        one_error_line(status, &err, &format!("the survivor of process {victim}"));
        // Found by the closed connection, not by the peer time-out.
        assert!(err.contains("the cluster broke off"), "{err}");
        // The second run took up the first one's checkpoints: it said no
        // layer before them.
        assert_eq!(
            run.said.contains(": layer 1 done,"),
            victim == 0,
            "{}",
            run.said
        );
    }
    let _shared = super::common::shared();
    let hosts = dir.path().join("again.txt");
    std::fs::write(
        &hosts,
        format!("127.0.0.1:{}\n127.0.0.1:{}\n", free_port(), free_port()),
    )
    .unwrap();
    let resume = |process: &str| {
        use std::process::Stdio;
        std::process::Command::new(env!("CARGO_BIN_EXE_schofield"))
            .env("XDG_DATA_HOME", dir.path())
            .args(["boards", "--board", "3x4", "--home", "0", "--workers", "2"])
            .args(["--checkpoint", folder, "--quiet"])
            .args(["--hostfile", hosts.to_str().unwrap(), "--process", process])
            .stdout(Stdio::piped())
            .stderr(Stdio::piped())
            .spawn()
            .unwrap()
    };
    let one = resume("1");
    let zero = resume("0").wait_with_output().unwrap();
    let one = one.wait_with_output().unwrap();
    assert!(
        zero.status.success() && one.status.success(),
        "{}",
        both(&zero, &one)
    );
    let err = String::from_utf8_lossy(&zero.stderr);
    assert!(
        err.contains("resumed from the checkpoints of layer"),
        "{err}"
    );
    drop(_shared);
    let alone = stdout(&["boards", "--board", "3x4", "--home", "0"]);
    assert_eq!(String::from_utf8_lossy(&zero.stdout), alone);
}

/// Issue #46: past 64 moves on the workers too (each worker's buffers are
/// sized by the graph's moves). Four dials of 19 turns (72 moves): their
/// positions alone, and their classes under the 24 permutations of the
/// dials, the same bytes three ways.
#[test]
fn a_puzzle_of_more_than_64_moves_is_the_same_on_the_workers() {
    let dir = tempfile::tempdir().unwrap();
    let twists: String = (0..4)
        .map(|k| {
            let mut o = [0; 4];
            o[k] = 1;
            format!("  X{k}: {{orientation: {{A: {o:?}}}}}\n")
        })
        .collect();
    let dials =
        format!("name: dials\norbits:\n  A: {{pieces: 4, orientations: 19}}\nmoves:\n{twists}");
    let symmetric = format!(
        "{dials}symmetry_generators:\n  s: {{cycles: {{A: \"(0,1,2,3)\"}}}}\n  t: {{cycles: {{A: \"(0,1)\"}}}}\n"
    );
    let (plain, by_classes) = (
        dir.path().join("plain.yaml"),
        dir.path().join("classes.yaml"),
    );
    std::fs::write(&plain, &dials).unwrap();
    std::fs::write(&by_classes, &symmetric).unwrap();
    // C(22, 4) classes: the multisets of four of the 19 turns.
    let classes = same_bytes_three_ways(&[
        "counts",
        "--puzzle",
        by_classes.to_str().unwrap(),
        "--format",
        "csv",
    ]);
    let column = |k: usize| -> u64 {
        classes
            .lines()
            .skip(1)
            .map(|l| l.split(',').nth(k).unwrap().parse::<u64>().unwrap())
            .sum()
    };
    assert_eq!((column(1), column(2)), (130_321, 7_315), "{classes}");
    // 19^4 positions, 18^4 of them four moves out.
    let positions = same_bytes_three_ways(&[
        "counts",
        "--puzzle",
        plain.to_str().unwrap(),
        "--format",
        "csv",
    ]);
    assert!(
        positions.lines().any(|l| l.starts_with("4,104976")),
        "{positions}"
    );
}
