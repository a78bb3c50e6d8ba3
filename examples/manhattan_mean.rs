//! The exact mean Manhattan distance on the 3×3, beside the A* notes'
//! formula 2/3 (N−1)(N² + N − 3/2) (docs/search-algorithms.md).
use schofield::board::{Board, Space};
use schofield::search::{Heuristic, Target};

fn main() {
    for n in [3usize] {
        let b: Board = format!("{n}x{n}").parse().unwrap();
        let goal = b.goal_blank_last();
        let space = Space::new(b, goal.clone());
        let target = Target::new(b, goal);
        let (mut all, mut blank_home, mut count_home) = (0u64, 0u64, 0u64);
        for i in 0..space.len() {
            let a = space.arrangement(i);
            let m = u64::from(target.estimate(Heuristic::Manhattan, a.cells()));
            all += m;
            if a.blank() == b.cells() - 1 {
                blank_home += m;
                count_home += 1;
            }
        }
        let nf = n as f64;
        println!(
            "N={n}: formula {:.6}; exact over all {} solvable states {}/{} = {:.6}; with the blank at home {}/{} = {:.6}",
            2.0 / 3.0 * (nf - 1.0) * (nf * nf + nf - 1.5),
            space.len(),
            all,
            space.len(),
            all as f64 / space.len() as f64,
            blank_home,
            count_home,
            blank_home as f64 / count_home as f64
        );
    }
}
