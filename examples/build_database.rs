//! Builds one pattern database of the 4×4 (blank-first goal) and prints the
//! time it took: a profiling aid for `PatternDb::build_by_regions`.
//!
//!     cargo run --release --example build_database -- 8 9 10 11 12 13 14 15
use schofield::board::Board;
use schofield::search::pdb::PatternDb;

fn main() {
    let tiles: Vec<u8> = std::env::args()
        .skip(1)
        .map(|a| a.parse().expect("tile numbers 1 … 15"))
        .collect();
    let b: Board = "4x4".parse().expect("a board");
    let goal = b.goal_blank_first();
    let clock = std::time::Instant::now();
    let db = PatternDb::build_by_regions(&b, &goal, &tiles, &|_| {}).expect("memory");
    println!(
        "tiles {tiles:?}: {} states, {} bytes, {:.2} s",
        db.len(),
        db.bytes(),
        clock.elapsed().as_secs_f64()
    );
}
