use schofield::board::Board;
use schofield::lookup::LookupTable;
use schofield::search::{Heuristic, Limits, astar};
fn main() {
    let b: Board = "3x3".parse().unwrap();
    let t = LookupTable::build(b, b.goal_blank_last());
    let mut bad = 0;
    let mut times = vec![];
    for seed in 0..200u64 {
        let i = (seed.wrapping_mul(0x9e3779b97f4a7c15) >> 11) as usize % t.states() as usize;
        let a = t.space().arrangement(i);
        let d = t.distance(&a).unwrap();
        let mut exp = vec![];
        for h in Heuristic::ALL {
            let t0 = std::time::Instant::now();
            let r = astar(&b, &a, &b.goal_blank_last(), h, &Limits::default()).unwrap();
            if h == Heuristic::Manhattan {
                times.push(t0.elapsed());
            }
            assert_eq!(r.length, u32::from(d));
            exp.push(r.expanded);
        }
        if !(exp[2] <= exp[1] && exp[1] <= exp[0] && exp[3] <= exp[2]) {
            bad += 1;
            println!("{seed} {:?}", exp);
        }
    }
    times.sort();
    println!(
        "order violations {bad}; manhattan median {:?}",
        times[times.len() / 2]
    );
}
