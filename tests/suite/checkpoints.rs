//! One process's checkpoints (issue #44, point 7: `counts --puzzle P
//! --checkpoint DIR`): the two-bit searches by classes, by positions and by
//! the group's elements seal a checkpoint after a layer (once a minute,
//! and always the layer to stop after), stop after
//! the layer asked for (exit status 3) and go on from the newest one to
//! the answer of a run that never stopped; a checkpoint that is damaged,
//! or forged and sealed again with the key, is refused on one line.

use super::common::{self, CACHE};
use assert_cmd::Command;
use std::path::Path;

/// Runs `schofield` with `args`, the user's data (and so the checkpoint
/// key) in `data`.
fn run(data: &Path, args: &[&str]) -> std::process::Output {
    let _shared = common::shared();
    Command::cargo_bin("schofield")
        .unwrap()
        .env("XDG_CACHE_HOME", CACHE)
        .env("XDG_DATA_HOME", data)
        .args(args)
        .output()
        .unwrap()
}

/// The checkpoint files in `dir`, by name.
fn files(dir: &Path) -> Vec<String> {
    let mut names: Vec<String> = std::fs::read_dir(dir)
        .unwrap()
        .map(|e| e.unwrap().file_name().into_string().unwrap())
        .collect();
    names.sort();
    names
}

/// Each of the three two-bit searches stops after the layer asked for,
/// leaving that layer's file alone in the folder (the layers before it
/// took less than a minute, too little to seal), and the same command
/// goes on from it to the bytes of a run without checkpoints; a file of
/// another search in the folder is left alone.
#[test]
fn each_two_bit_search_stops_and_resumes_from_its_checkpoint() {
    let data = tempfile::tempdir().unwrap();
    let tws = concat!(
        env!("CARGO_MANIFEST_DIR"),
        "/tests/fixtures/twsearch/2x2x2.tws"
    );
    let cycle = common::cycle21(data.path());
    let cases: [(&str, &[&str], &str, &str); 3] = [
        ("classes", &["--puzzle", "corners"], "6", "classes-tallied-"),
        (
            "positions",
            &["--puzzle", tws, "--symmetries", "none"],
            "5",
            "puzzle-",
        ),
        (
            "the group's elements",
            &["--puzzle", &cycle, "--metric", "quarter"],
            "4",
            "group-",
        ),
    ];
    let dir = tempfile::tempdir().unwrap();
    let d = dir.path().to_str().unwrap();
    for (what, puzzle, layer, kind) in cases {
        let mut args = vec!["counts"];
        args.extend(puzzle);
        args.extend(["--format", "csv"]);
        let alone = run(data.path(), &args);
        assert!(alone.status.success(), "{what}");
        args.extend(["--checkpoint", d]);
        let mut stop = args.clone();
        stop.extend(["--stop-after-layer", layer]);
        let out = run(data.path(), &stop);
        let err = String::from_utf8_lossy(&out.stderr);
        assert_eq!(out.status.code(), Some(3), "{what}: {err}");
        assert!(out.stdout.is_empty(), "{what}");
        assert!(
            err.contains(&format!("stopped after layer {layer}, as asked")),
            "{what}: {err}"
        );
        let mine: Vec<String> = files(dir.path())
            .into_iter()
            .filter(|f| f.starts_with(kind))
            .collect();
        assert_eq!(mine.len(), 1, "{what}: {mine:?}");
        assert!(
            mine[0].ends_with(&format!(".worker-0-of-1.layer-{layer}.ckpt")),
            "{what}: {mine:?}"
        );
        let out = run(data.path(), &args);
        let err = String::from_utf8_lossy(&out.stderr);
        assert!(out.status.success(), "{what}: {err}");
        assert!(
            err.contains(&format!("resumed from the checkpoint of layer {layer}")),
            "{what}: {err}"
        );
        assert_eq!(out.stdout, alone.stdout, "{what}");
    }
    // Three searches, each the file of the layer it stopped after: the rest
    // took less than a minute, too little to seal another
    // (`search::SEAL_EVERY`).
    let left = files(dir.path());
    assert_eq!(left.len(), 3, "{left:?}");
    for (_, _, layer, kind) in cases {
        let file = left.iter().find(|f| f.starts_with(kind)).unwrap();
        assert!(file.ends_with(&format!(".layer-{layer}.ckpt")), "{left:?}");
    }
}

/// Where the sections of a one-process checkpoint of layer `depth` with
/// `side` kinds of side values begin (docs/formats.md): the counts, the
/// side values and the table.
struct Layout {
    counts: usize,
    side: usize,
    table: usize,
}

impl Layout {
    fn of(depth: usize, side: usize) -> Layout {
        let counts = 8 + 8 * 11;
        Layout {
            counts,
            side: counts + 8 * (depth + 1),
            table: counts + 8 * (depth + 1) * (1 + side),
        }
    }
}

/// The little-endian number at `at` in `bytes`.
fn number(bytes: &[u8], at: usize) -> u64 {
    u64::from_le_bytes(bytes[at..at + 8].try_into().unwrap())
}

/// Writes `x` at `at` in `bytes`.
fn set(bytes: &mut [u8], at: usize, x: u64) {
    bytes[at..at + 8].copy_from_slice(&x.to_le_bytes());
}

/// The corner group's search by classes stopped after layer 6, then its
/// checkpoint edited. Without the key, every edit is refused by the seal;
/// sealed again with the key, an edit that leaves the file inconsistent
/// (a side value against the classes, the counts against the table) is
/// refused by what the search checks, each on one line with exit status 2.
#[test]
fn a_forged_checkpoint_of_one_process_is_refused() {
    const DEPTH: usize = 6;
    let data = tempfile::tempdir().unwrap();
    let args = |d: &str| -> Vec<String> {
        [
            "counts",
            "--puzzle",
            "corners",
            "--format",
            "csv",
            "--checkpoint",
            d,
        ]
        .map(String::from)
        .to_vec()
    };
    type Forgery = (&'static str, fn(&mut Vec<u8>, &Layout), &'static str);
    let forgeries: &[Forgery] = &[
        (
            "the positions at distance 3 fewer than its classes",
            |b, l| set(b, l.side + 8 * 3, 1),
            "positions at distance 3",
        ),
        (
            "the positions at distance 4 past 48 a class",
            |b, l| {
                let classes = number(b, l.counts + 8 * 4);
                set(b, l.side + 8 * 4, 48 * classes + 1);
            },
            "positions at distance 4",
        ),
        (
            "more classes their own inverse's than classes",
            |b, l| {
                let classes = number(b, l.counts + 8 * 2);
                set(b, l.side + 8 * (DEPTH + 1) + 8 * 2, classes + 1);
            },
            "their own inverse's",
        ),
        (
            "a class added to the last layer's count",
            |b, l| {
                let at = l.counts + 8 * DEPTH;
                let count = number(b, at);
                set(b, at, count + 1);
            },
            "its table holds",
        ),
        (
            "layer 0's count two",
            |b, l| set(b, l.counts, 2),
            "its count of layer 0 is 2",
        ),
        (
            "a table word cleared",
            |b, l| {
                let w = (l.table..b.len() - 32)
                    .step_by(8)
                    .find(|&w| number(b, w) != 0)
                    .unwrap();
                set(b, w, 0);
            },
            "its table holds",
        ),
    ];
    let key_file = data.path().join("schofield").join("checkpoint.key");
    for (what, forge, seen) in forgeries {
        for sealed in [false, true] {
            let dir = tempfile::tempdir().unwrap();
            let d = dir.path().to_str().unwrap();
            let mut stop = args(d);
            stop.extend(["--stop-after-layer".to_string(), DEPTH.to_string()]);
            let stop: Vec<&str> = stop.iter().map(String::as_str).collect();
            assert_eq!(run(data.path(), &stop).status.code(), Some(3));
            let name = files(dir.path()).pop().unwrap();
            let file = dir.path().join(&name);
            let mut bytes = std::fs::read(&file).unwrap();
            forge(&mut bytes, &Layout::of(DEPTH, 2));
            if sealed {
                let key: [u8; 32] = std::fs::read(&key_file).unwrap().try_into().unwrap();
                let n = bytes.len() - 32;
                let seal = blake3::keyed_hash(&key, &bytes[..n]);
                bytes[n..].copy_from_slice(seal.as_bytes());
            }
            std::fs::write(&file, &bytes).unwrap();
            let again = args(d);
            let again: Vec<&str> = again.iter().map(String::as_str).collect();
            let out = run(data.path(), &again);
            let err = String::from_utf8_lossy(&out.stderr);
            assert_eq!(out.status.code(), Some(2), "{what}, sealed {sealed}: {err}");
            assert!(out.stdout.is_empty(), "{what}");
            assert_eq!(err.lines().count(), 1, "{what}: {err}");
            assert!(err.starts_with("error: cannot resume: "), "{what}: {err}");
            let needle = if sealed { seen } else { "is not sealed with" };
            assert!(err.contains(needle), "{what}, sealed {sealed}: {err}");
            // The file is named (a long name shortened at its end).
            let path = file.to_str().unwrap();
            assert!(err.contains(&path[..24]), "{what}: {err}");
        }
    }
}

/// One process's search by positions writes the file a cluster of one
/// worker writes: `counts --workers 1` takes it up and ends with the bytes
/// of a run that never stopped.
#[cfg(feature = "distributed")]
#[test]
fn a_cluster_of_one_worker_takes_up_one_process_checkpoint() {
    let data = tempfile::tempdir().unwrap();
    let dir = tempfile::tempdir().unwrap();
    let tws = concat!(
        env!("CARGO_MANIFEST_DIR"),
        "/tests/fixtures/twsearch/2x2x2.tws"
    );
    let args = [
        "counts",
        "--puzzle",
        tws,
        "--symmetries",
        "none",
        "--format",
        "csv",
        "--checkpoint",
        dir.path().to_str().unwrap(),
    ];
    let alone = run(data.path(), &args[..7]);
    let mut stop = args.to_vec();
    stop.extend(["--stop-after-layer", "7"]);
    assert_eq!(run(data.path(), &stop).status.code(), Some(3));
    let mut workers = args.to_vec();
    workers.extend(["--workers", "1"]);
    let out = run(data.path(), &workers);
    let err = String::from_utf8_lossy(&out.stderr);
    assert!(out.status.success(), "{err}");
    assert!(
        err.contains("resumed from the checkpoints of layer 7"),
        "{err}"
    );
    assert_eq!(out.stdout, alone.stdout);
}

/// Two groups of 16 of the corner group's symmetries, conjugate in the
/// cube's 48 (x², y, the mirror and x, y², the mirror): they number the
/// same states, but reduce positions differently, so neither takes up the
/// other's checkpoint (the review of issue #44's checkpoints found one that
/// did, and ended with 90 315 777 positions).
#[test]
fn a_checkpoint_of_other_symmetries_is_not_taken_up() {
    let data = tempfile::tempdir().unwrap();
    let corners = std::fs::read_to_string(concat!(
        env!("CARGO_MANIFEST_DIR"),
        "/data/puzzles/corners.yaml"
    ))
    .unwrap();
    let x = "  x: {cycles: {CORNERS: \"(0,3,7,4)(1,2,6,5)\"}, orientation: {CORNERS: [2, 1, 2, 1, 1, 2, 1, 2]}}\n";
    let y = "  y: {cycles: {CORNERS: \"(0,1,2,3)(4,5,6,7)\"}}\n";
    assert!(corners.contains(x) && corners.contains(y));
    let texts = [
        corners.replace(x, "  x2: {cycles: {CORNERS: \"(0,7)(3,4)(1,6)(2,5)\"}}\n"),
        corners.replace(y, "  y2: {cycles: {CORNERS: \"(0,2)(1,3)(4,6)(5,7)\"}}\n"),
    ];
    let paths: Vec<String> = texts
        .iter()
        .enumerate()
        .map(|(k, text)| {
            let path = data.path().join(format!("sixteen-{k}.yaml"));
            std::fs::write(&path, text).unwrap();
            path.to_str().unwrap().to_string()
        })
        .collect();
    let dir = tempfile::tempdir().unwrap();
    let d = dir.path().to_str().unwrap();
    let args = |k: usize| {
        [
            "counts",
            "--puzzle",
            &paths[k],
            "--format",
            "json",
            "--checkpoint",
            d,
        ]
    };
    let mut stop = args(0).to_vec();
    stop.extend(["--stop-after-layer", "8"]);
    assert_eq!(run(data.path(), &stop).status.code(), Some(3));
    let out = run(data.path(), &args(1));
    let err = String::from_utf8_lossy(&out.stderr);
    assert!(out.status.success(), "{err}");
    assert!(!err.contains("resumed"), "{err}");
    let text = String::from_utf8(out.stdout).unwrap();
    assert_eq!(common::total_positions(&text), 88_179_840);
    // The first's file left as it was (the second, done within a minute,
    // wrote none).
    let left = files(dir.path());
    assert_eq!(left.len(), 1, "{left:?}");
    assert!(left[0].ends_with(".layer-8.ckpt"), "{left:?}");
}

/// A folder where no checkpoint can be written is refused before the
/// search, on one line with exit status 2; a checkpoint of the format
/// before this one is named as such, not as damaged.
#[test]
fn careless_checkpoint_folders_are_refused_before_the_search() {
    let data = tempfile::tempdir().unwrap();
    let file = data.path().join("a-file");
    std::fs::write(&file, "x").unwrap();
    let under_a_file = file.join("sub");
    for folder in ["/proc/no-such-folder", under_a_file.to_str().unwrap()] {
        let out = run(
            data.path(),
            &["counts", "--puzzle", "corners", "--checkpoint", folder],
        );
        let err = String::from_utf8_lossy(&out.stderr);
        assert_eq!(out.status.code(), Some(2), "{folder}: {err}");
        assert_eq!(err.lines().count(), 1, "{err}");
        assert!(err.contains("cannot take one"), "{folder}: {err}");
    }
    // A checkpoint made a version 2 file: its version set back and its
    // kinds of side values taken out.
    let dir = tempfile::tempdir().unwrap();
    let d = dir.path().to_str().unwrap();
    let args = ["counts", "--puzzle", "corners", "--checkpoint", d];
    let mut stop = args.to_vec();
    stop.extend(["--stop-after-layer", "4"]);
    assert_eq!(run(data.path(), &stop).status.code(), Some(3));
    let path = dir.path().join(files(dir.path()).pop().unwrap());
    let mut bytes = std::fs::read(&path).unwrap();
    set(&mut bytes, 8, 2);
    bytes.drain(8 + 8 * 10..8 + 8 * 11);
    std::fs::write(&path, &bytes).unwrap();
    let out = run(data.path(), &args);
    let err = String::from_utf8_lossy(&out.stderr);
    assert_eq!(out.status.code(), Some(2), "{err}");
    assert!(err.contains("is a checkpoint of format 2"), "{err}");
}
