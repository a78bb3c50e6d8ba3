//! Helpers shared by the command-line tests.

use assert_cmd::Command;
use std::process::Output;

/// The tests share the machine's cores in one process: a test that times
/// something holds [`alone`] while it measures, and every program a test
/// starts through these helpers holds [`shared`] while it runs.
static GATE: std::sync::RwLock<()> = std::sync::RwLock::new(());

/// Held while a program the tests started runs (never while already
/// holding it or [`alone`]: a second read could wait on a queued writer).
pub fn shared() -> std::sync::RwLockReadGuard<'static, ()> {
    GATE.read()
        .unwrap_or_else(std::sync::PoisonError::into_inner)
}

/// Held while a test measures a time, so that no program of another test
/// runs meanwhile.
pub fn alone() -> std::sync::RwLockWriteGuard<'static, ()> {
    GATE.write()
        .unwrap_or_else(std::sync::PoisonError::into_inner)
}

/// The cache folder of the programs the tests start (`XDG_CACHE_HOME`):
/// under the build's own scratch folder, so that the tables a test keeps
/// (IDA*'s pruning tables, the pattern databases) are shared by the tests
/// of one run and never land in the user's cache.
pub const CACHE: &str = concat!(env!("CARGO_TARGET_TMPDIR"), "/cache");

/// Runs `schofield` with `args`.
pub fn schofield(args: &[&str]) -> Output {
    let _shared = shared();
    Command::cargo_bin("schofield")
        .unwrap()
        .env("XDG_CACHE_HOME", CACHE)
        .args(args)
        .output()
        .unwrap()
}

/// Runs `schofield` with `args`, its cache folder `cache` (a test's own,
/// where it counts or damages what is kept there).
pub fn cached(cache: &std::path::Path, args: &[&str]) -> Output {
    let _shared = shared();
    Command::cargo_bin("schofield")
        .unwrap()
        .env("XDG_CACHE_HOME", cache)
        .args(args)
        .output()
        .unwrap()
}

/// Runs a command that must succeed and returns its standard output.
pub fn stdout(args: &[&str]) -> String {
    let out = schofield(args);
    assert!(
        out.status.success(),
        "{args:?}: {}",
        String::from_utf8_lossy(&out.stderr)
    );
    String::from_utf8(out.stdout).unwrap()
}

/// Runs a command that must fail on bad input: exit 2, one line on stderr
/// starting `error:` and containing `needle`, nothing on stdout, no panic.
pub fn fails(args: &[&str], needle: &str) {
    let out = schofield(args);
    let err = String::from_utf8_lossy(&out.stderr);
    assert_eq!(out.status.code(), Some(2), "{args:?}: {err}");
    assert!(out.stdout.is_empty(), "{args:?} wrote to stdout");
    assert!(!err.contains("panicked"), "{args:?} panicked: {err}");
    assert!(err.starts_with("error:"), "{args:?}: {err}");
    assert_eq!(err.lines().count(), 1, "{args:?}: one line expected: {err}");
    assert!(err.contains(needle), "{args:?}: {err:?} lacks {needle:?}");
}

/// Like [`fails`] for a command refused before work that would take
/// minutes: run under `timeout`, so that a command that did the work
/// first is killed (exit status 124) rather than refused. A guard against
/// the work, not a measure of time: the refusal takes milliseconds.
pub fn fails_before_the_work(args: &[&str], needle: &str) {
    let _shared = shared();
    let out = Command::new("timeout")
        .arg("20")
        .arg(assert_cmd::cargo::cargo_bin("schofield"))
        .env("XDG_CACHE_HOME", CACHE)
        .args(args)
        .output()
        .unwrap();
    let err = String::from_utf8_lossy(&out.stderr);
    assert_ne!(out.status.code(), Some(124), "{args:?} did the work first");
    assert_eq!(out.status.code(), Some(2), "{args:?}: {err}");
    assert!(out.stdout.is_empty(), "{args:?} wrote to stdout");
    assert_eq!(err.lines().count(), 1, "{args:?}: one line expected: {err}");
    assert!(
        err.starts_with("error:") && err.contains(needle),
        "{args:?}: {err:?} lacks {needle:?}"
    );
}

/// Like [`fails`] for errors found while reading the arguments, where the
/// argument parser adds a usage hint after the error line.
pub fn fails_usage(args: &[&str], needle: &str) {
    let out = schofield(args);
    let err = String::from_utf8_lossy(&out.stderr);
    assert_eq!(out.status.code(), Some(2), "{args:?}: {err}");
    assert!(out.stdout.is_empty(), "{args:?} wrote to stdout");
    assert!(!err.contains("panicked"), "{args:?} panicked: {err}");
    let first = err.lines().next().unwrap_or("");
    assert!(
        first.starts_with("error:") && first.contains(needle),
        "{args:?}: {err:?} lacks {needle:?}"
    );
}

/// Runs `schofield` with `args`, `input` on its standard input.
pub fn piped(args: &[&str], input: &str) -> Output {
    Command::cargo_bin("schofield")
        .unwrap()
        .env("XDG_CACHE_HOME", CACHE)
        .args(args)
        .write_stdin(input)
        .output()
        .unwrap()
}

/// The headless browser. The tests that call this first ask [`has`] for
/// [`Outside::Chromium`].
pub fn chromium() -> &'static str {
    ["chromium", "chromium-browser", "google-chrome"]
        .into_iter()
        .find(|b| {
            std::process::Command::new(b)
                .arg("--version")
                .output()
                .is_ok_and(|o| o.status.success())
        })
        .expect("this test needs chromium (.ci/run installs it)")
}

/// The analysis of a library puzzle, made once per test binary.
pub fn analysis(name: &str) -> &'static schofield::method::analysis::Analysis {
    use schofield::method::analysis::{Analysis, Options};
    use std::sync::OnceLock;
    static EIGHT: OnceLock<Analysis> = OnceLock::new();
    static FIVE: OnceLock<Analysis> = OnceLock::new();
    let cell = match name {
        "eight" => &EIGHT,
        "five" => &FIVE,
        other => panic!("no cached analysis of {other}"),
    };
    cell.get_or_init(|| {
        let p = schofield::puzzle::library::get(name).unwrap();
        Analysis::new(p, &Options::default(), &|_| {}).unwrap()
    })
}

/// The eight-puzzle's analysis.
pub fn eight() -> &'static schofield::method::analysis::Analysis {
    analysis("eight")
}

/// The five-puzzle's analysis.
pub fn five() -> &'static schofield::method::analysis::Analysis {
    analysis("five")
}

/// The eight-puzzle as SPEC.md states it, written out here without the
/// library: squares 0 … 7, the eight twists as 3-cycles (the piece on the
/// first square goes to the second), and the elision rule (X then Y elide
/// when X's last move fills the square Y's first move empties, Y ≠ X⁻¹).
/// Tests check the engine, which reads `data/puzzles/eight.yaml`, against
/// it.
pub mod spec {
    /// The twists in Schofield's slot order, with their cycles.
    pub const TWISTS: [(char, [u8; 3]); 8] = [
        ('A', [0, 1, 2]),
        ('B', [2, 3, 4]),
        ('C', [4, 5, 6]),
        ('D', [6, 7, 0]),
        ('W', [2, 1, 0]),
        ('X', [4, 3, 2]),
        ('Y', [6, 5, 4]),
        ('Z', [0, 7, 6]),
    ];

    /// The inverse of twist `t` (by slot): A ↔ W and so on.
    pub fn inverse(t: usize) -> usize {
        (t + 4) % 8
    }

    /// `pieces` (the piece on each square) after twist `t`.
    pub fn apply(pieces: &[u8], t: usize) -> Vec<u8> {
        let [a, b, c] = TWISTS[t].1.map(usize::from);
        let mut p = pieces.to_vec();
        p[b] = pieces[a];
        p[c] = pieces[b];
        p[a] = pieces[c];
        p
    }

    /// True when twist `y` right after twist `x` elides.
    pub fn elides(x: usize, y: usize) -> bool {
        // The first move empties the cycle's last square; the last move
        // fills its first square.
        TWISTS[x].1[0] == TWISTS[y].1[2] && y != inverse(x)
    }

    /// The pieces after a path of letters.
    pub fn follow(pieces: &[u8], path: &str) -> Vec<u8> {
        path.chars().fold(pieces.to_vec(), |p, c| {
            let t = TWISTS.iter().position(|&(l, _)| l == c).unwrap();
            apply(&p, t)
        })
    }

    /// The cost of a path of letters: 4 a twist, less 2 an elision.
    pub fn cost(path: &str) -> usize {
        let t: Vec<usize> = path
            .chars()
            .map(|c| TWISTS.iter().position(|&(l, _)| l == c).unwrap())
            .collect();
        4 * t.len() - 2 * t.windows(2).filter(|w| elides(w[0], w[1])).count()
    }
}

/// The minimal paths of a `solve --all --format json` record, as written.
pub fn minimal_paths(v: &serde_json::Value) -> Vec<String> {
    v["minimal_paths"]
        .as_array()
        .expect("solve --all lists the minimal paths")
        .iter()
        .map(|p| p.as_str().expect("a path is written").to_string())
        .collect()
}

/// Runs `schofield` with `args` and returns its exit code, standard error
/// and peak resident memory in kilobytes: the kernel's high-water mark of
/// the program's own memory (`VmHWM`, which starts afresh at exec), read
/// every few milliseconds until it exits. (The rusage of wait4 would count
/// the test binary's memory, which the child had before its exec.)
pub fn peak_memory(args: &[&str]) -> (Option<i32>, String, u64) {
    use std::io::Read;
    let _shared = shared();
    let mut child = std::process::Command::new(assert_cmd::cargo::cargo_bin("schofield"))
        .args(args)
        .stdin(std::process::Stdio::null())
        .stdout(std::process::Stdio::null())
        .stderr(std::process::Stdio::piped())
        .spawn()
        .unwrap();
    let status = format!("/proc/{}/status", child.id());
    let mut peak = 0u64;
    let code = loop {
        if let Some(kb) = std::fs::read_to_string(&status).ok().and_then(|s| {
            s.lines()
                .find_map(|l| l.strip_prefix("VmHWM:"))
                .and_then(|v| v.trim().trim_end_matches("kB").trim().parse::<u64>().ok())
        }) {
            peak = peak.max(kb);
        }
        if let Some(done) = child.try_wait().unwrap() {
            break done.code();
        }
        std::thread::sleep(std::time::Duration::from_millis(3));
    };
    let mut err = String::new();
    child
        .stderr
        .take()
        .unwrap()
        .read_to_string(&mut err)
        .unwrap();
    (code, err, peak)
}

/// The positions a `counts --format json` table adds up to.
pub fn total_positions(json: &str) -> u64 {
    let rows: serde_json::Value = serde_json::from_str(json).unwrap();
    rows.as_array()
        .unwrap()
        .iter()
        .map(|r| r["positions"].as_u64().unwrap())
        .sum()
}

/// A program from outside that a few tests need: a real client of our
/// files (Chromium, graphviz, networkx, Python's xxhash and venv, GAP) or
/// the wasm32 target that builds the explorer's engine.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Outside {
    Chromium,
    Graphviz,
    Gap,
    Networkx,
    Xxhash,
    Wasm32,
    Venv,
}

impl Outside {
    /// How to install it.
    fn install(self) -> &'static str {
        match self {
            Outside::Chromium => "apt-get install chromium",
            Outside::Graphviz => "apt-get install graphviz",
            Outside::Gap => "apt-get install gap-core",
            Outside::Networkx => "pip install networkx",
            Outside::Xxhash => "pip install xxhash",
            Outside::Wasm32 => "rustup target add wasm32-unknown-unknown",
            Outside::Venv => "apt-get install python3-venv",
        }
    }

    /// Whether this machine has it, looked for once a run.
    fn present(self) -> bool {
        use std::sync::OnceLock;
        static FOUND: [OnceLock<bool>; 7] = [const { OnceLock::new() }; 7];
        let runs = |program: &str, args: &[&str]| {
            std::process::Command::new(program)
                .args(args)
                .output()
                .is_ok_and(|o| o.status.success())
        };
        *FOUND[self as usize].get_or_init(|| match self {
            Outside::Chromium => ["chromium", "chromium-browser", "google-chrome"]
                .iter()
                .any(|b| runs(b, &["--version"])),
            Outside::Graphviz => runs("dot", &["-V"]),
            Outside::Gap => runs("gap", &["-q", "-c", "QUIT;"]),
            Outside::Networkx => runs("python3", &["-c", "import networkx"]),
            Outside::Xxhash => runs("python3", &["-c", "import xxhash"]),
            Outside::Venv => runs("python3", &["-c", "import venv, ensurepip"]),
            Outside::Wasm32 => std::process::Command::new("rustup")
                .args(["target", "list", "--installed"])
                .output()
                .is_ok_and(|o| {
                    String::from_utf8_lossy(&o.stdout).contains("wasm32-unknown-unknown")
                }),
        })
    }
}

/// True when the test `test` may run: the machine has the program it
/// needs. Without it the test says on standard error that it is skipped,
/// and how to install the program, and should return; under CI (the `CI`
/// variable set, where `.ci/run` installs every such program) its absence
/// fails the test instead. Looked for when the tests run, never by a
/// build: a user's `cargo install` runs nothing.
pub fn has(needed: Outside, test: &str) -> bool {
    if needed.present() {
        return true;
    }
    assert!(
        std::env::var_os("CI").is_none(),
        "{test} needs {needed:?} ({}), and CI must have it",
        needed.install()
    );
    // Past the harness's capture of `eprintln!`, so that it shows.
    use std::io::Write;
    let _ = writeln!(
        std::io::stderr(),
        "skipped: {test} needs {needed:?} ({})",
        needed.install()
    );
    false
}

/// What GAP prints for `script` (read on its standard input, quietly,
/// with `memory` as its workspace, e.g. `2g`); GAP breaks a long line
/// with a backslash and a newline, which are joined again.
pub fn gap(script: &[u8], memory: &str) -> String {
    use std::io::Write;
    let mut child = std::process::Command::new("gap")
        .args(["-q", "-o", memory])
        .stdin(std::process::Stdio::piped())
        .stdout(std::process::Stdio::piped())
        .spawn()
        .expect("GAP runs");
    child.stdin.take().unwrap().write_all(script).unwrap();
    let out = child.wait_with_output().unwrap();
    String::from_utf8(out.stdout).unwrap().replace("\\\n", "")
}

/// A twsearch file of 21 slots turned by one 21-cycle, written in `dir`:
/// its 21! arrangements pass `u64`, so `counts` searches the group's
/// elements. Its path.
pub fn cycle21(dir: &std::path::Path) -> String {
    let file = dir.join("cycle21.tws");
    let cycle: Vec<String> = (2..=21).chain(1..=1).map(|i| i.to_string()).collect();
    let home: Vec<String> = (1..=21).map(|i| i.to_string()).collect();
    std::fs::write(
        &file,
        format!(
            "Name Cycle21\nSet P 21 1\nSolved\nP\n{}\nEnd\nMove A\nP\n{}\nEnd\n",
            home.join(" "),
            cycle.join(" ")
        ),
    )
    .unwrap();
    file.to_str().unwrap().to_string()
}
