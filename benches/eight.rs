//! The headline figures of the eight-puzzle engine (see docs/performance.md).
//! The puzzle is read from its data file once, outside the timing: the
//! analysis is the engine's work on it.

use criterion::{Criterion, criterion_group, criterion_main};
use schofield::method::analysis::{Analysis, Options};
use schofield::method::solve::SolutionReport;
use schofield::puzzle::library;
use std::hint::black_box;

fn analysis(c: &mut Criterion) {
    let eight = library::get("eight").expect("the library has the eight-puzzle");
    let analyse =
        |p| Analysis::new(p, &Options::default(), &|_| {}).expect("the eight-puzzle analyses");
    c.bench_function(
        "eight/analysis (distances, terminal twists, D4 and extended classes)",
        |b| b.iter(|| black_box(analyse(black_box(eight.clone())))),
    );
    c.bench_function("eight/reading data/puzzles/eight.yaml", |b| {
        b.iter(|| black_box(library::get(black_box("eight"))))
    });
    let a = analyse(eight.clone());
    let x = a.parse_position("102536").expect("Schofield's example");
    c.bench_function("eight/solve 102536 --all (after the analysis)", |b| {
        b.iter(|| black_box(SolutionReport::new(&a, black_box(x), true)))
    });
    let hardest: Vec<u64> = (0..20_160u64)
        .filter(|&x| a.moves_at(x) == Some(30))
        .collect();
    c.bench_function(
        "eight/all minimal paths of the 60 positions of 30 moves",
        |b| {
            b.iter(|| {
                hardest
                    .iter()
                    .map(|&x| a.count_minimal_paths(x))
                    .sum::<u64>()
            })
        },
    );
}

criterion_group!(benches, analysis);
criterion_main!(benches);
