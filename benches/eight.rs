//! The headline figures of the eight-puzzle engine (see docs/performance.md).

use criterion::{Criterion, criterion_group, criterion_main};
use schofield::twist::dictionary::Analysis;
use schofield::twist::puzzle::EIGHT;
use schofield::twist::solve::Solution;
use std::hint::black_box;

fn analysis(c: &mut Criterion) {
    c.bench_function(
        "eight/analysis (distances, terminal twists, D4 and extended classes)",
        |b| b.iter(|| black_box(Analysis::new(black_box(&EIGHT)))),
    );
    let a = Analysis::new(&EIGHT);
    let p = EIGHT.parse_position("102536").unwrap();
    c.bench_function("eight/solve 102536 --all (after the analysis)", |b| {
        b.iter(|| black_box(Solution::new(&a, black_box(&p), true)))
    });
    let hardest: Vec<_> = (0..20_160u32)
        .map(|s| a.position(schofield::twist::position::SequenceNumber::new(s)))
        .filter(|p| a.moves(p) == 30)
        .collect();
    c.bench_function(
        "eight/all minimal paths of the 60 positions of 30 moves",
        |b| {
            b.iter(|| {
                hardest
                    .iter()
                    .map(|p| a.count_minimal_paths(p))
                    .sum::<u64>()
            })
        },
    );
}

criterion_group!(benches, analysis);
criterion_main!(benches);
