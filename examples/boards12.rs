//! Runs one 12-cell case and prints its timing (docs/boards.md).
use schofield::boards::{Case, analyse};
fn main() {
    let mut args = std::env::args().skip(1);
    let board = args.next().unwrap_or("3x4".into()).parse().unwrap();
    let home: usize = args.next().and_then(|h| h.parse().ok()).unwrap_or(0);
    let t = std::time::Instant::now();
    let r = analyse(&Case::new(board, home).unwrap(), &|p| {
        eprint!("\rlayer {} found {}   ", p.layer, p.found)
    });
    eprintln!();
    println!(
        "{} home {}: states {} max {} mean {} antipodes {} std max {} classes {:?} ext {:?} table {} bytes, {:?}",
        r.board,
        r.home,
        r.states,
        r.max,
        r.mean,
        r.antipode_count,
        r.standard.max,
        r.standard.classes,
        r.standard.extended_classes,
        r.table_bytes,
        t.elapsed()
    );
}
