//! Korf's 100 on one thread, each instance solved twice in a row, for
//! timing changes to IDA* (docs/performance.md, item 13): the first solve
//! of an instance meets its database entries cold, the second finds them
//! in the caches. Prints the best total of each over several passes.
//!
//!     cargo run --release --example korf_passes [-- PASSES]
//!
//! Reads the 7-8 databases from schofield's cache (`schofield optimal`
//! builds them there on its first run).

use schofield::board::{Board, batch};
use schofield::search::ida::solve;
use schofield::search::pdb::{Partition, PartitionName};
use schofield::search::{Guide, Limits};
use std::time::Instant;

fn main() {
    let passes: usize = std::env::args()
        .nth(1)
        .and_then(|s| s.parse().ok())
        .unwrap_or(7);
    let board: Board = "4x4".parse().expect("4x4 is a board");
    let goal = board.goal_blank_first();
    let cache = PartitionName::SevenEight.cache_file();
    let dbs =
        Partition::load(&cache, &board, &goal, PartitionName::SevenEight).unwrap_or_else(|e| {
            eprintln!(
                "{}: {e}; run `schofield optimal` once to build it",
                cache.display()
            );
            std::process::exit(2)
        });
    let file = std::fs::File::open(concat!(env!("CARGO_MANIFEST_DIR"), "/data/korf100.txt"))
        .expect("data/korf100.txt");
    let korf = batch::read(std::io::BufReader::new(file), &board)
        .expect("Korf's list reads")
        .arrangements();
    let (mut best_first, mut best_second) = (f64::MAX, f64::MAX);
    for pass in 1..=passes {
        let (mut first, mut second) = (0.0, 0.0);
        for a in &korf {
            for seconds in [&mut first, &mut second] {
                let clock = Instant::now();
                solve(&board, a, &goal, Guide::Databases(&dbs), &Limits::default())
                    .expect("every Korf instance solves");
                *seconds += clock.elapsed().as_secs_f64();
            }
        }
        eprintln!("pass {pass}: first solves {first:.4} s, second solves {second:.4} s");
        best_first = best_first.min(first);
        best_second = best_second.min(second);
    }
    println!(
        "best of {passes} passes: first solves {best_first:.4} s, second solves {best_second:.4} s"
    );
}
