//! A* and the constructive 15-puzzle solver (issue #7); see
//! docs/performance.md.

use criterion::{Criterion, criterion_group, criterion_main};
use schofield::board::{Board, BoardSpace};
use schofield::search::three_cycles;
use schofield::search::{Heuristic, Limits, astar};
use std::hint::black_box;

fn pick(space: &BoardSpace, seed: u64) -> schofield::board::Arrangement {
    space.arrangement((seed.wrapping_mul(0x9e37_79b9_7f4a_7c15) >> 11) as usize % space.len())
}

fn search(c: &mut Criterion) {
    let b: Board = "3x3".parse().unwrap();
    let goal = b.goal_blank_last();
    let space = BoardSpace::new(b, goal.clone());
    // The median of 101 random positions, by A* expansions with Manhattan.
    let mut runs: Vec<(u64, u64)> = (0..101)
        .map(|seed| {
            let a = pick(&space, seed);
            let r = astar(&b, &a, &goal, Heuristic::Manhattan, &Limits::default()).unwrap();
            (r.expanded, seed)
        })
        .collect();
    runs.sort();
    let median = pick(&space, runs[50].1);
    c.bench_function(
        "astar/3x3 Manhattan, the median of 101 random positions",
        |bench| {
            bench.iter(|| {
                black_box(
                    astar(
                        &b,
                        black_box(&median),
                        &goal,
                        Heuristic::Manhattan,
                        &Limits::default(),
                    )
                    .unwrap(),
                )
            })
        },
    );
    let all: Vec<_> = (0..101).map(|seed| pick(&space, seed)).collect();
    c.bench_function(
        "astar/3x3 Manhattan, 101 random positions (total)",
        |bench| {
            bench.iter(|| {
                for a in &all {
                    black_box(
                        astar(&b, a, &goal, Heuristic::Manhattan, &Limits::default()).unwrap(),
                    );
                }
            })
        },
    );
    let four: Board = "4x4".parse().unwrap();
    let space4 = BoardSpace::new(four, four.goal_blank_last());
    let positions: Vec<_> = (0..100).map(|seed| pick(&space4, seed)).collect();
    c.bench_function(
        "fifteen/constructive solver, 100 random 4x4 positions (total)",
        |bench| {
            bench.iter(|| {
                for p in &positions {
                    black_box(three_cycles::solve(&four, p).unwrap());
                }
            })
        },
    );
}

criterion_group!(benches, search);
criterion_main!(benches);
