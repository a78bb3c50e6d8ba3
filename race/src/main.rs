//! The race in the repo (issue #15): our IDA* with additive pattern
//! databases against slidy 0.4.0's 4×4 solver, on Korf's 100, in one run on
//! one thread each, with both times and their ratio.
//!
//! Kept out of the default build and the test run: this is its own crate.
//! Run it from the repository's root:
//!
//!     cargo run --release --manifest-path race/Cargo.toml [-- --partition 7-8]
//!
//! slidy's goal has the blank last, Korf's the blank first: each instance
//! is turned half a turn and tile `t` relabelled `16 − t`, which maps one
//! goal onto the other and keeps every optimal length. slidy's solver is
//! built afresh for each instance (a reused one misbehaves), and that build
//! is timed apart from its search.

use schofield::board::{Board, batch};
use schofield::search::ida::solve;
use schofield::search::pdb::{Partition, PartitionName};
use schofield::search::{Guide, Limits};
use slidy::puzzle::{puzzle::Puzzle, size::Size};
use slidy::solver::size4x4::stm::solver::Solver;
use slidy::solver::solver::Solver as _;
use std::time::Instant;

fn main() {
    let partition: PartitionName = std::env::args()
        .skip_while(|a| a != "--partition")
        .nth(1)
        .unwrap_or_else(|| "7-8".to_string())
        .parse()
        .unwrap_or_else(|_| {
            eprintln!("error: --partition takes 7-7-1, 7-8, 6-6-3 or 5-5-5");
            std::process::exit(2)
        });
    let board: Board = "4x4".parse().expect("4x4 is a board");
    let goal = board.goal_blank_first();

    // Our databases: from schofield's cache when there, else built now.
    let cache = partition.cache_file();
    let clock = Instant::now();
    let dbs = Partition::load(&cache, &board, &goal, partition).unwrap_or_else(|_| {
        eprintln!("building the {partition} databases …");
        let p =
            Partition::build(&board, &goal, partition, &|_| {}).expect("memory for the databases");
        let _ = std::fs::create_dir_all(cache.parent().expect("a folder"));
        let _ = p.save(&cache);
        p
    });
    let ours_load = clock.elapsed().as_secs_f64();

    let file = std::fs::File::open("data/korf100.txt")
        .expect("run from the repository's root: data/korf100.txt");
    let korf = batch::read(std::io::BufReader::new(file), &board)
        .expect("Korf's list reads")
        .arrangements();

    // Ours, one instance after another on this thread.
    let clock = Instant::now();
    let mut ours_total = 0u64;
    let mut ours_lengths = Vec::new();
    for a in &korf {
        let s = solve(&board, a, &goal, Guide::Databases(&dbs), &Limits::default())
            .expect("every Korf instance solves");
        ours_total += u64::from(s.path.length);
        ours_lengths.push(s.path.length);
    }
    let ours = clock.elapsed().as_secs_f64();

    // slidy's, a fresh solver for each instance.
    let (mut build, mut search, mut theirs_total) = (0.0, 0.0, 0u64);
    for (k, a) in korf.iter().enumerate() {
        // Half a turn and t ↦ 16 − t: Korf's blank-first goal onto slidy's
        // blank-last one.
        let cells = a.cells();
        let pieces: Vec<u64> = (0..16)
            .map(|c| match cells[15 - c] {
                0 => 0,
                t => 16 - u64::from(t),
            })
            .collect();
        let puzzle =
            Puzzle::with_pieces(pieces, Size::new(4, 4).expect("4x4")).expect("a 4x4 puzzle");
        let clock = Instant::now();
        let solver = Solver::new();
        build += clock.elapsed().as_secs_f64();
        let clock = Instant::now();
        let solution = solver.solve(&puzzle).expect("slidy solves it");
        search += clock.elapsed().as_secs_f64();
        let length: u64 = solution.len_stm();
        assert_eq!(
            length,
            u64::from(ours_lengths[k]),
            "instance {}: the two solvers disagree",
            k + 1
        );
        theirs_total += length;
    }

    println!("Korf's 100, one thread each, this run:");
    println!(
        "  schofield {partition} with reflection  total length {ours_total}, {ours:.3} s of search (databases loaded in {ours_load:.2} s)"
    );
    println!(
        "  slidy 0.4.0, 4-4-4-3              total length {theirs_total}, {search:.3} s of search (plus {build:.3} s building its solvers)"
    );
    println!("  ratio: {:.1}× faster", search / ours);
}
