//! The benchmark check of issue #45's published figures: every 3×3×3
//! position of `race/published-3x3x3.tsv` whose fewest moves its source
//! prints (Michael Reid's patterns and symmetric positions, the superflip's
//! 20 face turns and 24 quarter turns among them; Jaap Scherphuis's; Dan
//! Hoey's), solved by `schofield solve` in one batch, as a user runs it,
//! each minimum asserted against the printed one.
//!
//! With `--max-memory 7000` (the default here) the cube's edges are read
//! by their classes under the 48 symmetries (a table of 5.1 GB, two bits a
//! class, built once in over an hour and kept in the cache folder), the
//! corners whole.
//! The suite checks the short ones under a small budget
//! (`published_patterns_take_their_printed_lengths`); these take minutes to
//! hours, so they are a benchmark, recorded in docs/performance.md.
//!
//! Run it from the repository's root, after `cargo build --release`:
//!
//!     cargo run --release --manifest-path race/Cargo.toml --bin published -- \
//!         [--metric face|quarter] [--max-memory MB] [--from N] [--most N] \
//!         [--only ID,ID] [--specimen-only]
//!
//! The positions are taken shortest first, each line printed as it is
//! answered.
//!
//! `--from` and `--most` keep the positions whose printed minimum lies
//! between them; `--only` names positions by their ids. Exit status 1 when
//! any minimum differs from the printed one.

use schofield_race::flag;
use std::io::{BufRead, Write};
use std::process::{Command, Stdio};
use std::time::Instant;

const OURS: &str = "target/release/schofield";
const FILE: &str = "race/published-3x3x3.tsv";

/// One published position: its id, name, sequence and printed minimum.
struct Published {
    id: String,
    name: String,
    sequence: String,
    minimum: u64,
}

fn main() {
    let metric = flag("--metric").unwrap_or_else(|| "face".into());
    let column = match metric.as_str() {
        "face" => 3,
        "quarter" => 4,
        other => panic!("--metric {other}: expected face or quarter"),
    };
    let memory = flag("--max-memory").unwrap_or_else(|| "7000".into());
    let number = |name: &str, default: u64| {
        flag(name).map_or(default, |v| v.parse().expect("a whole number"))
    };
    let (from, most) = (number("--from", 0), number("--most", u64::MAX));
    let only: Option<Vec<String>> =
        flag("--only").map(|v| v.split(',').map(str::to_string).collect());
    let text = std::fs::read_to_string(FILE).expect("race/published-3x3x3.tsv");
    let mut chosen: Vec<Published> = text
        .lines()
        .filter(|l| !l.starts_with('#') && !l.trim().is_empty())
        .filter_map(|l| {
            let f: Vec<&str> = l.split('\t').collect();
            let minimum = f[column].parse().ok()?;
            Some(Published {
                id: f[0].into(),
                name: f[1].into(),
                sequence: f[2].into(),
                minimum,
            })
        })
        .filter(|p| p.minimum >= from && p.minimum <= most)
        .filter(|p| only.as_ref().is_none_or(|o| o.contains(&p.id)))
        .collect();
    // The shortest first: each line is answered as it comes.
    chosen.sort_by_key(|p| p.minimum);
    let mut args = vec![
        "solve",
        "--puzzle",
        "3x3x3",
        "-",
        "--format",
        "jsonl",
        "--metric",
        &metric,
        "--max-memory",
        &memory,
    ];
    if std::env::args().any(|a| a == "--specimen-only") {
        args.push("--specimen-only");
    }
    eprintln!("{OURS} {} < {} positions", args.join(" "), chosen.len());
    let started = Instant::now();
    let mut child = Command::new(OURS)
        .args(&args)
        .stdin(Stdio::piped())
        .stdout(Stdio::piped())
        .spawn()
        .expect("target/release/schofield: run `cargo build --release` first");
    {
        let mut stdin = child.stdin.take().expect("its input");
        for p in &chosen {
            writeln!(stdin, "{}", p.sequence).expect("written");
        }
    }
    println!("| id | name | printed | ours | seconds | positions generated |");
    println!("|---|---|---|---|---|---|");
    // Each line as it comes: the deep ones take minutes.
    let stdout = std::io::BufReader::new(child.stdout.take().expect("its output"));
    let (mut wrong, mut answered) = (0, 0);
    for (p, line) in chosen.iter().zip(stdout.lines()) {
        let line = line.expect("a line");
        let v: serde_json::Value = serde_json::from_str(&line).expect("a JSON line");
        assert_eq!(v["start"], p.sequence.as_str(), "{}", p.id);
        let ours = v["moves"].as_u64().expect("a minimum");
        let mark = if ours == p.minimum {
            ""
        } else {
            " **differs**"
        };
        wrong += usize::from(ours != p.minimum);
        answered += 1;
        println!(
            "| {} | {} | {} | {ours}{mark} | {:.2} | {} |",
            p.id,
            p.name,
            p.minimum,
            v["seconds"].as_f64().unwrap_or(f64::NAN),
            v["generated"]
        );
    }
    let status = child.wait().expect("its end");
    let wall = started.elapsed().as_secs_f64();
    assert!(status.success(), "schofield failed");
    assert_eq!(answered, chosen.len(), "one line a position");
    println!(
        "\n{} positions ({metric} metric, --max-memory {memory}) in {wall:.1} s; {wrong} differ",
        chosen.len()
    );
    std::process::exit(i32::from(wrong > 0));
}
