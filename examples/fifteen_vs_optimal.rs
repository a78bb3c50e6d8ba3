//! The constructive solver's move counts beside optimal lengths
//! (docs/search-algorithms.md). Optimal lengths come from A* with linear
//! conflict, on positions scrambled by random walks that never undo their
//! last move, short enough for A* to finish.
use schofield::board::{Board, BoardSpace, Direction};
use schofield::search::three_cycles;
use schofield::search::{Heuristic, Limits, astar};

fn main() {
    let b: Board = "4x4".parse().unwrap();
    let goal = b.goal_blank_last();
    let mut x: u64 = 0x2545_f491_4f6c_dd1d;
    let mut next = || {
        x ^= x << 13;
        x ^= x >> 7;
        x ^= x << 17;
        x
    };
    println!(
        "{:>6} {:>9} {:>13} {:>14}",
        "walk", "positions", "mean optimal", "mean 3-cycles"
    );
    for walk in [20, 40, 80, 120] {
        let (mut opt, mut cons, n) = (0u64, 0u64, 20u64);
        for _ in 0..n {
            let mut a = goal.clone();
            let mut last: Option<Direction> = None;
            let mut steps = 0;
            while steps < walk {
                let d = Direction::ALL[(next() % 4) as usize];
                if last == Some(d.opposite()) {
                    continue;
                }
                if let Some((m, _)) = b.apply(&a, d) {
                    a = m;
                    last = Some(d);
                    steps += 1;
                }
            }
            opt += u64::from(
                astar(&b, &a, &goal, Heuristic::LinearConflict, &Limits::default())
                    .unwrap()
                    .path
                    .length,
            );
            cons += three_cycles::solve(&b, &a).unwrap().moves as u64;
        }
        println!(
            "{walk:>6} {n:>9} {:>13.1} {:>14.1}",
            opt as f64 / n as f64,
            cons as f64 / n as f64
        );
    }
    let space = BoardSpace::new(b, goal);
    let (mut cons, n) = (0u64, 1000u64);
    for _ in 0..n {
        let a = space.arrangement((next() % space.len() as u64) as usize);
        cons += three_cycles::solve(&b, &a).unwrap().moves as u64;
    }
    println!(
        "uniformly random solvable positions: {n}, mean 3-cycle moves {:.1} (optimal: about 53 on Korf's 100)",
        cons as f64 / n as f64
    );
}
