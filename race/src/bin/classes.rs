//! The race of the search by classes (issue #44), whole processes as a user
//! runs them, in one run:
//!
//! 1. **The corner group.** `schofield counts --puzzle corners` (positions,
//!    classes under the cube's 48 symmetries and classes with inverses)
//!    against `twsearch -g samples/main/2x2x2.tws` (the same group's
//!    positions), in turn, A B A B …, after one warm-up each; the median
//!    wall, CPU and peak memory of each, and the median of the ratios pair
//!    by pair.
//! 2. **twsearch's own files**, `2x2x2.tws`, `skewb.tws` and `233.tws`,
//!    which declare no symmetries: ours finds them from the moves and
//!    searches by classes; twsearch counts positions. The same
//!    distribution is checked, then the two race in turn as above.
//! 3. **Kociemba's group H** = ⟨U, D, R2, L2, F2, B2⟩ with `--h`: ours once,
//!    its distribution checked against the published one and its classes
//!    against GAP's count by Burnside's lemma; then twsearch on the same
//!    group for as long as ours took, and how far it got.
//! 4. **The large samples** with `--large`, once each: `dino.tws` (twelve
//!    edges past a move table, worked move by move, by the classes of a
//!    worked coordinate) and
//!    `turnstile.tws` (6 286 896 000 positions, by classes under its 4
//!    found symmetries), the distribution checked.
//! 5. **The 3×3×3's edge group** with `--edges` (`race/3x3x3-edges.yaml`,
//!    980 995 276 800 positions, about an hour on two cores and 7 GB):
//!    ours once, its total, its positions at distances 8 and 9 (Nathan
//!    Sturtevant's, in hog2's `apps/rubik/Driver.cpp`) and its classes
//!    against GAP's count by Burnside's lemma (`python3 scripts/burnside.py
//!    --edges U,R,F,D,L,B | gap -q`). twsearch is not run on it: at 12
//!    bytes a state it would need about 11 TB.
//!
//! The peer is not built here: give its binary's path (twsearch's C++
//! tree, commit 0a8bfb07, `make build/bin/twsearch TWSEARCH_VERSION=x`).
//! Run it from the repository's root, after `cargo build --release`:
//!
//!     cargo run --release --manifest-path race/Cargo.toml --bin classes -- \
//!         --twsearch PATH/twsearch [--runs 5] [--h] [--large] [--edges]

use schofield_race::{flag, median, twsearch_counts};
use std::process::{Command, Stdio};
use std::time::{Duration, Instant};

const OURS: &str = "target/release/schofield";
const CORNERS_TWS: &str = "tests/fixtures/twsearch/samples/main/2x2x2.tws";
const CUBE_TWS: &str = "tests/fixtures/twsearch/samples/main/3x3x3.tws";
const H: &str = "U,D,R2,L2,F2,B2";
const EDGES: &str = "race/3x3x3-edges.yaml";
/// The edge group's positions at distances 8 and 9 in the face metric
/// (hog2, `apps/rubik/Driver.cpp`, `depth8states` and `depth9states`,
/// Nathan Sturtevant, 2014).
const EDGES_8_9: [u64; 2] = [1_050_559_626, 11_588_911_021];
/// The edge group's classes under the cube's 48 symmetries, GAP's count by
/// Burnside's lemma.
const EDGES_CLASSES: u64 = 20_437_847_376;

/// H's positions at each distance in its own ten moves: Michael Reid's
/// (cube-lovers, January 1995), confirmed by Tomas Rokicki ("Results of two
/// more cosets of the H group", forum.cubeman.org node 51, 24 March 2006,
/// the column "moves in H").
const H_POSITIONS: [u64; 19] = [
    1,
    10,
    67,
    456,
    3_079,
    19_948,
    123_074,
    736_850,
    4_185_118,
    22_630_733,
    116_767_872,
    552_538_680,
    2_176_344_160,
    5_627_785_188,
    7_172_925_794,
    3_608_731_814,
    224_058_996,
    1_575_608,
    1_352,
];

/// H's classes under the 16 symmetries that keep the U–D axis, by
/// Burnside's lemma in GAP: the mean over those symmetries `s` of
/// `Size(Centralizer(H, s))` (`scripts/burnside.py H | gap -q`).
const H_CLASSES: u64 = 1_219_627_520;

/// One finished run of a whole process: wall and CPU seconds, peak
/// resident memory in MiB, and what it printed.
struct Run {
    wall: f64,
    cpu: f64,
    peak_mib: f64,
    out: String,
}

/// Runs `program args` to its end (or kills it after `limit`), its own
/// resource use read by `wait4`.
// The child is reaped by `wait4`, for its own resource use, not by `wait`.
#[allow(clippy::zombie_processes)]
fn run(program: &str, args: &[&str], limit: Option<Duration>) -> Run {
    let out_file = tempfile::NamedTempFile::new().expect("a temporary file");
    let start = Instant::now();
    let child = Command::new(program)
        .args(args)
        .stdout(out_file.reopen().expect("the temporary file"))
        .stderr(Stdio::null())
        .spawn()
        .unwrap_or_else(|e| panic!("{program}: {e}"));
    let pid = child.id() as libc::pid_t;
    if let Some(limit) = limit {
        std::thread::spawn(move || {
            std::thread::sleep(limit);
            // SAFETY: a signal to our own child, which is reaped below.
            unsafe { libc::kill(pid, libc::SIGKILL) };
        });
    }
    let mut status = 0;
    // SAFETY: an all-zero rusage is valid, and wait4 fills it.
    let mut usage: libc::rusage = unsafe { std::mem::zeroed() };
    // SAFETY: waits for our own child, once.
    let reaped = unsafe { libc::wait4(pid, &mut status, 0, &mut usage) };
    assert_eq!(reaped, pid, "wait4");
    let wall = start.elapsed().as_secs_f64();
    let seconds = |t: libc::timeval| t.tv_sec as f64 + t.tv_usec as f64 * 1e-6;
    Run {
        wall,
        cpu: seconds(usage.ru_utime) + seconds(usage.ru_stime),
        peak_mib: usage.ru_maxrss as f64 / 1024.0,
        out: std::fs::read_to_string(out_file.path()).unwrap_or_default(),
    }
}

/// Our JSON table's column `key`, row by row.
fn column(json: &str, key: &str) -> Vec<u64> {
    let rows: serde_json::Value = serde_json::from_str(json).expect("our JSON");
    rows.as_array()
        .expect("a table")
        .iter()
        .map(|r| r[key].as_u64().expect("a count"))
        .collect()
}

/// Ours and theirs `runs` times each, in turn (A B A B …): the median wall,
/// CPU and peak memory of each, and the median of twsearch's times over
/// ours, pair by pair.
fn in_turn(
    title: &str,
    (ours_name, ours_args): (&str, &[&str]),
    (twsearch, theirs_name, theirs_args): (&str, &str, &[&str]),
    runs: usize,
) {
    let (mut ours, mut theirs) = (Vec::new(), Vec::new());
    for _ in 0..runs {
        ours.push(run(OURS, ours_args, None));
        theirs.push(run(twsearch, theirs_args, None));
    }
    let figure = |v: &[Run], f: fn(&Run) -> f64| median(v.iter().map(f).collect());
    println!("{title}, {runs} runs each, medians:");
    println!("| | wall | cpu | peak |\n|---|---|---|---|");
    for (name, v) in [(ours_name, &ours), (theirs_name, &theirs)] {
        println!(
            "| {name} | {:.2} s | {:.2} s | {:.1} MiB |",
            figure(v, |r| r.wall),
            figure(v, |r| r.cpu),
            figure(v, |r| r.peak_mib)
        );
    }
    let ratio =
        |f: fn(&Run) -> f64| median(ours.iter().zip(&theirs).map(|(a, b)| f(b) / f(a)).collect());
    println!(
        "twsearch's time over ours, pair by pair: wall {:.2}x, cpu {:.2}x",
        ratio(|r| r.wall),
        ratio(|r| r.cpu)
    );
}

fn main() {
    let twsearch = flag("--twsearch").expect("--twsearch PATH: the peer's binary");
    let runs: usize = flag("--runs").map_or(5, |r| r.parse().expect("--runs N"));
    let ours_args = ["counts", "--puzzle", "corners", "--format", "json"];
    let theirs_args = ["-g", CORNERS_TWS];

    // 1. The corner group, in turn, after a warm-up each.
    let (ours_warm, theirs_warm) = (
        run(OURS, &ours_args, None),
        run(&twsearch, &theirs_args, None),
    );
    let positions = column(&ours_warm.out, "positions");
    assert_eq!(
        positions,
        twsearch_counts(&theirs_warm.out),
        "the same distribution"
    );
    assert_eq!(
        column(&ours_warm.out, "classes").iter().sum::<u64>(),
        1_841_970
    );
    assert_eq!(
        column(&ours_warm.out, "extended_classes")
            .iter()
            .sum::<u64>(),
        934_778
    );
    in_turn(
        "the corner group (88 179 840 positions)",
        ("schofield counts --puzzle corners", &ours_args),
        (&twsearch, "twsearch -g 2x2x2.tws", &theirs_args),
        runs,
    );

    // 2. twsearch's own files, which declare no symmetries: ours finds
    // theirs from the moves.
    for sample in ["2x2x2", "skewb", "233"] {
        let file = format!("tests/fixtures/twsearch/samples/main/{sample}.tws");
        let ours_args = ["counts", "--puzzle", &file, "--format", "json"];
        let theirs_args = ["-g", &file];
        let (a, b) = (
            run(OURS, &ours_args, None),
            run(&twsearch, &theirs_args, None),
        );
        assert_eq!(
            column(&a.out, "positions"),
            twsearch_counts(&b.out),
            "{sample}: the same distribution"
        );
        in_turn(
            &format!("{sample}.tws (symmetries found)"),
            (
                &format!("schofield counts --puzzle {sample}.tws"),
                &ours_args,
            ),
            (
                &twsearch,
                &format!("twsearch -g {sample}.tws"),
                &theirs_args,
            ),
            runs,
        );
    }

    // 4. The large samples, once each: the Dino cube's twelve edges pass
    // a move table and are worked, by positions (the search by classes
    // cannot take them); the turnstile's 6 286 896 000 positions are
    // searched by classes under its 4 found symmetries.
    if std::env::args().any(|a| a == "--large") {
        for (sample, extra) in [("dino", &[][..]), ("turnstile", &[][..])] {
            let file = format!("tests/fixtures/twsearch/samples/main/{sample}.tws");
            let mut ours_args = vec!["counts", "--puzzle", &file, "--format", "json"];
            ours_args.extend_from_slice(extra);
            let ours = run(OURS, &ours_args, None);
            let theirs = run(&twsearch, &["-g", &file], None);
            assert_eq!(
                column(&ours.out, "positions"),
                twsearch_counts(&theirs.out),
                "{sample}: the same distribution"
            );
            println!(
                "| {sample}.tws {} | {:.1} s wall, {:.1} s cpu, {:.1} MiB | {:.1} s wall, {:.1} s cpu, {:.1} MiB | {:.2}x |",
                extra.join(" "),
                ours.wall,
                ours.cpu,
                ours.peak_mib,
                theirs.wall,
                theirs.cpu,
                theirs.peak_mib,
                theirs.wall / ours.wall
            );
        }
    }

    // 5. The edge group.
    if std::env::args().any(|a| a == "--edges") {
        let ours = run(
            OURS,
            &["counts", "--puzzle", EDGES, "--format", "json"],
            None,
        );
        let positions = column(&ours.out, "positions");
        assert_eq!(positions.iter().sum::<u64>(), 980_995_276_800);
        assert_eq!(positions[8..10], EDGES_8_9);
        assert_eq!(
            column(&ours.out, "classes").iter().sum::<u64>(),
            EDGES_CLASSES
        );
        println!(
            "edges, ours: {:.0} s wall, {:.0} s cpu, {:.0} MiB; {} distances, hog2's two and GAP's {EDGES_CLASSES} classes",
            ours.wall,
            ours.cpu,
            ours.peak_mib,
            positions.len()
        );
    }

    // 3. Kociemba's H.
    if std::env::args().any(|a| a == "--h") {
        let h_args = [
            "counts",
            "--puzzle",
            "3x3x3",
            "--generators",
            H,
            "--format",
            "json",
        ];
        let ours = run(OURS, &h_args, None);
        assert_eq!(column(&ours.out, "positions"), H_POSITIONS);
        assert_eq!(column(&ours.out, "classes").iter().sum::<u64>(), H_CLASSES);
        println!(
            "H, ours: {:.0} s wall, {:.0} s cpu, {:.0} MiB; the published distribution and GAP's {H_CLASSES} classes",
            ours.wall, ours.cpu, ours.peak_mib
        );
        let limit = Duration::from_secs_f64(ours.wall);
        let theirs = run(&twsearch, &["-g", "--moves", H, CUBE_TWS], Some(limit));
        let counted = twsearch_counts(&theirs.out);
        println!(
            "H, twsearch in the same {:.0} s: {} distances counted ({} positions), {:.0} MiB",
            theirs.wall,
            counted.len(),
            counted.iter().sum::<u64>(),
            theirs.peak_mib
        );
    }
}
