//! Builds the 3×3 lookup table in a loop (for profilers) and prints its summary.
use schofield::board::Board;
use schofield::lookup::LookupTable;
fn main() {
    let n: u32 = std::env::args()
        .nth(1)
        .and_then(|s| s.parse().ok())
        .unwrap_or(100);
    let b: Board = "3x3".parse().unwrap();
    let t0 = std::time::Instant::now();
    for _ in 0..n {
        std::hint::black_box(LookupTable::build(b, b.goal_blank_last()));
    }
    eprintln!("{:?} per build", t0.elapsed() / n);
}
