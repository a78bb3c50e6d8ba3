//! Runs the eight-puzzle analysis in a loop (for profilers), then prints
//! how many transitions the layered search examined.
use schofield::method::analysis::{Analysis, Options};
use schofield::puzzle::library;

fn main() {
    let n: usize = std::env::args()
        .nth(1)
        .and_then(|s| s.parse().ok())
        .unwrap_or(200);
    let eight = library::get("eight").expect("the library has the eight-puzzle");
    let analyse = || {
        Analysis::new(eight.clone(), &Options::default(), &|_| {})
            .expect("the eight-puzzle analyses")
    };
    let t = std::time::Instant::now();
    for _ in 0..n {
        std::hint::black_box(analyse());
    }
    eprintln!("{:?} per analysis", t.elapsed() / n as u32);
    let a = analyse();
    let moves = a.moves();
    // Each position is expanded once for each move that may follow one of
    // its last moves: with elision (a step cancelled) or without.
    let (mut plain, mut eliding) = (0, 0);
    for x in 0..a.space().len() {
        let last = a.terminal_moves(x);
        for t in 0..moves.len() {
            let after = |q: usize| last.contains(q) && !moves.redundant_after(q).contains(t);
            let ok_elide = (0..moves.len()).any(|q| after(q) && moves.elides(q, t));
            let ok_plain =
                last.is_empty() || (0..moves.len()).any(|q| after(q) && !moves.elides(q, t));
            plain += usize::from(ok_plain);
            eliding += usize::from(ok_elide);
        }
    }
    eprintln!(
        "transitions examined: {plain} without elision + {eliding} with = {}",
        plain + eliding
    );
}
