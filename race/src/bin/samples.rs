//! The race on every twsearch sample: each `.tws` file in
//! `tests/fixtures/twsearch/samples/main/` and `…/symm/`, whole processes
//! as a user runs them, `schofield counts --puzzle FILE --format json`
//! (with `XDG_CACHE_HOME` in a fresh temporary folder) against
//! `twsearch -g FILE`, in turn, A B A B …, each killed past a time limit
//! or a memory cap. One markdown row per sample: the positions, the
//! median wall time and peak resident memory of each side, the median of
//! the ratios (ours over twsearch's) pair by pair, and whether the two
//! distributions agree distance by distance. A sample ours refuses (exit
//! status 2) is recorded with its reason, and twsearch is not run on it;
//! a side that timed out is not run again.
//!
//! The peer is not built here: give its binary's path (twsearch's C++
//! tree, commit 0a8bfb07, `make build/bin/twsearch TWSEARCH_VERSION=x`).
//! Run it from the repository's root, after `cargo build --release`:
//!
//!     cargo run --release --manifest-path race/Cargo.toml --bin samples -- \
//!         --twsearch PATH/twsearch [--schofield target/release/schofield] \
//!         [--limit 60] [--max-mib 8192] [--runs 1] [--dirs main,symm] \
//!         [--only main/2x2x2,symm/skewb]

use schofield_race::{flag, median, twsearch_counts};
use std::path::Path;
use std::process::{Command, Stdio};
use std::sync::atomic::{AtomicBool, Ordering};
use std::time::{Duration, Instant};

const SAMPLES: &str = "tests/fixtures/twsearch/samples";

/// Past these a child is killed: its wall time, its resident memory (MiB).
#[derive(Clone, Copy)]
struct Limits {
    time: Duration,
    mib: f64,
}

/// What one run of a side made of its sample.
#[derive(Clone, PartialEq)]
enum Outcome {
    /// Positions at each distance.
    Counted(Vec<u64>),
    /// Ours declined it (exit status 2), for this reason.
    Refused(String),
    /// Killed past a limit: `"time"` or `"memory"`.
    Killed(&'static str),
    /// Anything else: how it ended and its last words.
    Failed(String),
}

/// One run of a whole process: what it made of its sample, its wall
/// seconds and its peak resident memory in MiB.
struct Run {
    outcome: Outcome,
    wall: f64,
    peak_mib: f64,
}

impl Run {
    /// The distribution it counted, if it did.
    fn counts(&self) -> Option<&Vec<u64>> {
        match &self.outcome {
            Outcome::Counted(c) => Some(c),
            _ => None,
        }
    }
}

/// The resident memory of process `pid` now, in MiB, from `/proc`.
fn resident_mib(pid: libc::pid_t) -> Option<f64> {
    let status = std::fs::read_to_string(format!("/proc/{pid}/status")).ok()?;
    let line = status.lines().find(|l| l.starts_with("VmRSS:"))?;
    let kib: f64 = line.split_whitespace().nth(1)?.parse().ok()?;
    Some(kib / 1024.0)
}

/// Watches the child `pid` until `done`, and kills it past `limits`,
/// saying which. The child is not reaped meanwhile, so its pid stays its.
fn watch(pid: libc::pid_t, start: Instant, limits: Limits, done: &AtomicBool) -> Option<Outcome> {
    while !done.load(Ordering::SeqCst) {
        let time = start.elapsed() > limits.time;
        if time || resident_mib(pid).is_some_and(|m| m > limits.mib) {
            // SAFETY: a signal to our own child, not yet reaped.
            unsafe { libc::kill(pid, libc::SIGKILL) };
            return Some(Outcome::Killed(if time { "time" } else { "memory" }));
        }
        std::thread::sleep(Duration::from_millis(20));
    }
    None
}

/// The last non-empty line of `text`, trimmed, `error: ` taken off.
fn last_words(text: &str) -> String {
    let line = text.lines().rev().map(str::trim).find(|l| !l.is_empty());
    let line = line.unwrap_or("(nothing said)");
    line.strip_prefix("error: ").unwrap_or(line).to_string()
}

/// Our `--format json` rows' positions, one a distance, if they parse.
fn json_counts(out: &str) -> Option<Vec<u64>> {
    let rows: serde_json::Value = serde_json::from_str(out).ok()?;
    let rows = rows.as_array()?.iter();
    rows.map(|r| r["positions"].as_u64()).collect()
}

/// Runs `program args` to its end, or kills it past `limits`; `cache`, if
/// given, becomes its `XDG_CACHE_HOME`. `ours` says how to read it: our
/// JSON rows and exit status 2 for a refusal, or twsearch's `Dist` lines.
/// Its own peak memory is read by `wait4`.
// The child is reaped by `wait4`, for its own resource use, not by `wait`.
#[allow(clippy::zombie_processes)]
fn run(program: &str, args: &[&str], cache: Option<&Path>, limits: Limits, ours: bool) -> Run {
    let out_file = tempfile::NamedTempFile::new().expect("a temporary file for standard output");
    let err_file = tempfile::NamedTempFile::new().expect("a temporary file for standard error");
    let mut command = Command::new(program);
    command
        .args(args)
        .stdin(Stdio::null())
        .stdout(out_file.reopen().expect("the standard output's file"))
        .stderr(err_file.reopen().expect("the standard error's file"));
    if let Some(dir) = cache {
        command.env("XDG_CACHE_HOME", dir);
    }
    let start = Instant::now();
    let child = command.spawn().unwrap_or_else(|e| panic!("{program}: {e}"));
    let pid = child.id() as libc::pid_t;
    let done = AtomicBool::new(false);
    let (wall, killed) = std::thread::scope(|s| {
        let watcher = s.spawn(|| watch(pid, start, limits, &done));
        // SAFETY: an all-zero siginfo_t is valid, and waitid fills it.
        let mut info: libc::siginfo_t = unsafe { std::mem::zeroed() };
        // Waits for its end but leaves it unreaped (WNOWAIT): the watcher
        // can never signal another process by the same pid.
        let how = libc::WEXITED | libc::WNOWAIT;
        // SAFETY: waits for our own child.
        let r = unsafe { libc::waitid(libc::P_PID, pid as libc::id_t, &mut info, how) };
        assert_eq!(r, 0, "waitid: {}", std::io::Error::last_os_error());
        let wall = start.elapsed().as_secs_f64();
        done.store(true, Ordering::SeqCst);
        (wall, watcher.join().expect("the watcher thread"))
    });
    let mut status = 0;
    // SAFETY: an all-zero rusage is valid, and wait4 fills it.
    let mut usage: libc::rusage = unsafe { std::mem::zeroed() };
    // SAFETY: reaps our own child, once.
    let reaped = unsafe { libc::wait4(pid, &mut status, 0, &mut usage) };
    assert_eq!(reaped, pid, "wait4: {}", std::io::Error::last_os_error());
    let out = std::fs::read_to_string(out_file.path()).unwrap_or_default();
    let err = std::fs::read_to_string(err_file.path()).unwrap_or_default();
    let failed =
        |how: String| Outcome::Failed(format!("{how}: {}", last_words(&(out.clone() + &err))));
    let exit = libc::WIFEXITED(status).then(|| libc::WEXITSTATUS(status));
    let outcome = killed.unwrap_or_else(|| match exit {
        Some(0) if ours => {
            json_counts(&out).map_or_else(|| failed("no JSON rows".into()), Outcome::Counted)
        }
        Some(2) if ours => Outcome::Refused(last_words(&err)),
        Some(0) if !twsearch_counts(&out).is_empty() => Outcome::Counted(twsearch_counts(&out)),
        Some(c) => failed(format!("exit {c}")),
        None => failed(format!("signal {}", libc::WTERMSIG(status))),
    });
    let peak_mib = usage.ru_maxrss as f64 / 1024.0;
    Run {
        outcome,
        wall,
        peak_mib,
    }
}

/// One side's cell: the median wall and peak memory of its counted runs,
/// or how its first run ended.
fn cell(runs: &[Run], limits: Limits) -> String {
    let counted: Vec<&Run> = runs.iter().filter(|r| r.counts().is_some()).collect();
    let of = |f: fn(&Run) -> f64| median(counted.iter().map(|r| f(r)).collect());
    match runs.first() {
        None => "—".into(),
        Some(_) if !counted.is_empty() => {
            format!("{:.2} s / {:.0} MiB", of(|r| r.wall), of(|r| r.peak_mib))
        }
        Some(r) if r.outcome == Outcome::Killed("memory") => format!("> {:.0} MiB", limits.mib),
        Some(r) if r.outcome == Outcome::Killed("time") => format!("> {} s", limits.time.as_secs()),
        Some(r) if matches!(r.outcome, Outcome::Refused(_)) => {
            format!("refused at {:.2} s", r.wall)
        }
        Some(r) => format!("failed at {:.2} s", r.wall),
    }
}

/// How one side's first run ended, in a few words, when it counted nothing.
fn ended(side: &str, run: &Run) -> Option<String> {
    match &run.outcome {
        Outcome::Counted(_) => None,
        Outcome::Refused(why) => Some(format!("refused: {why}")),
        Outcome::Killed(limit) => Some(format!("{side} killed past the {limit} limit")),
        Outcome::Failed(why) => Some(format!("{side} failed ({why})")),
    }
}

/// The samples, as `dir/name`, of the folders `dirs` (comma-separated),
/// sorted in each, kept to `only` (comma-separated) when given.
fn samples(dirs: &str, only: Option<&str>) -> Vec<String> {
    let mut all = Vec::new();
    for dir in dirs.split(',') {
        let entries = std::fs::read_dir(format!("{SAMPLES}/{dir}"))
            .expect("the samples' folder (run from the repository's root)");
        let name = |e: std::io::Result<std::fs::DirEntry>| e.ok()?.file_name().into_string().ok();
        let tws = |n: String| n.strip_suffix(".tws").map(|n| format!("{dir}/{n}"));
        let mut names: Vec<String> = entries.filter_map(name).filter_map(tws).collect();
        names.sort();
        all.extend(names);
    }
    all.retain(|s| only.is_none_or(|o| o.split(',').any(|o| o == s)));
    all
}

/// The row of one sample, raced `runs` times in turn: ours, then
/// twsearch's, a side not run again once it counted nothing, twsearch not
/// at all on a refusal. Differing distributions are given in full.
fn race(sample: &str, (ours, twsearch): (&str, &str), runs: usize, limits: Limits) -> String {
    let file = format!("{SAMPLES}/{sample}.tws");
    let (mut a, mut b) = (Vec::<Run>::new(), Vec::<Run>::new());
    for _ in 0..runs {
        if a.first().is_none_or(|r| r.counts().is_some()) {
            let cache = tempfile::tempdir().expect("a temporary cache folder");
            let args = ["counts", "--puzzle", &file, "--format", "json", "--quiet"];
            a.push(run(ours, &args, Some(cache.path()), limits, true));
        }
        if matches!(a[0].outcome, Outcome::Refused(_)) {
            break;
        }
        if b.first().is_none_or(|r| r.counts().is_some()) {
            b.push(run(twsearch, &["-g", &file], None, limits, false));
        }
    }
    let mut ca: Vec<&Vec<u64>> = a.iter().filter_map(Run::counts).collect();
    let mut cb: Vec<&Vec<u64>> = b.iter().filter_map(Run::counts).collect();
    ca.dedup();
    cb.dedup();
    let total = ca.first().or(cb.first()).map(|c| c.iter().sum::<u64>());
    let (ratio, agree) = match (ca.first(), cb.first()) {
        (Some(x), Some(_)) => {
            let ratio = |(p, q): (&Run, &Run)| p.counts().and(q.counts()).map(|_| p.wall / q.wall);
            let ratio = median(a.iter().zip(&b).filter_map(ratio).collect());
            let agree = match ca.iter().chain(&cb).all(|c| c == x) {
                true => "yes".to_string(),
                false => format!("DIFFER: ours {ca:?}, twsearch {cb:?}"),
            };
            (format!("{ratio:.2}"), agree)
        }
        _ => {
            let sides = [("ours", a.first()), ("twsearch", b.first())];
            let words: Vec<String> = sides
                .iter()
                .filter_map(|(s, r)| r.and_then(|r| ended(s, r)))
                .collect();
            ("—".into(), words.join("; "))
        }
    };
    let total = total.map_or("—".into(), |t| t.to_string());
    format!(
        "| {sample} | {total} | {} | {} | {ratio} | {agree} |",
        cell(&a, limits),
        cell(&b, limits)
    )
}

fn main() {
    let twsearch = flag("--twsearch").expect("--twsearch PATH: the peer's binary");
    let ours = flag("--schofield").unwrap_or("target/release/schofield".into());
    assert!(
        Path::new(&ours).exists(),
        "{ours} is missing: `cargo build --release` first"
    );
    let seconds = flag("--limit").map_or(60, |l| l.parse().expect("--limit SECONDS"));
    let mib = flag("--max-mib").map_or(8192.0, |m| m.parse().expect("--max-mib MIB"));
    let limits = Limits {
        time: Duration::from_secs(seconds),
        mib,
    };
    let runs: usize = flag("--runs")
        .map_or(1, |r| r.parse().expect("--runs N"))
        .max(1);
    let dirs = flag("--dirs").unwrap_or("main,symm".into());
    let samples = samples(&dirs, flag("--only").as_deref());
    println!(
        "{} samples, {runs} run(s) a side in turn, medians; killed past {} s or {:.0} MiB resident\n",
        samples.len(),
        limits.time.as_secs(),
        limits.mib
    );
    println!(
        "| sample | positions | ours wall / peak | twsearch wall / peak | ours / twsearch | agree? |"
    );
    println!("|---|---|---|---|---|---|");
    for sample in &samples {
        eprintln!("{sample} …");
        println!("{}", race(sample, (&ours, &twsearch), runs, limits));
    }
}
