//! Runs the eight-puzzle analysis in a loop (for profilers), then prints
//! how many transitions the layered search examined.
use schofield::twist::Twist;
use schofield::twist::dictionary::Analysis;
use schofield::twist::position::SequenceNumber;
use schofield::twist::puzzle::EIGHT;

fn main() {
    let n: usize = std::env::args()
        .nth(1)
        .and_then(|s| s.parse().ok())
        .unwrap_or(200);
    let t = std::time::Instant::now();
    for _ in 0..n {
        std::hint::black_box(Analysis::new(&EIGHT));
    }
    eprintln!("{:?} per analysis", t.elapsed() / n as u32);
    let a = Analysis::new(&EIGHT);
    // Each position is expanded twice: without elision into layer m + 4,
    // with elision into m + 2.
    let mut plain = 0;
    let mut eliding = 0;
    for s in 0..a.len() as u32 {
        let last = a.terminal_twists_from_target(SequenceNumber::new(s));
        for t in Twist::ALL {
            let ok_plain = last.is_empty()
                || last
                    .iter()
                    .any(|l| t != l && t != l.inverse() && !l.elides_into(t));
            let ok_elide = last.iter().any(|l| l.elides_into(t));
            plain += usize::from(ok_plain);
            eliding += usize::from(ok_elide);
        }
    }
    eprintln!(
        "transitions examined: {plain} without elision + {eliding} with = {}",
        plain + eliding
    );
}
