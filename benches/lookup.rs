//! The full-state lookup table (issue #6); see docs/performance.md.

use criterion::{Criterion, criterion_group, criterion_main};
use schofield::board::Board;
use schofield::board::lookup::LookupTable;
use std::hint::black_box;

fn lookup(c: &mut Criterion) {
    let b: Board = "3x3".parse().unwrap();
    c.bench_function(
        "lookup/3x3 table by breadth-first search (181 440 states)",
        |bench| bench.iter(|| black_box(LookupTable::build(b, b.goal_blank_last()))),
    );
    let t = LookupTable::build(b, b.goal_blank_last());
    let bytes = t.to_bytes();
    c.bench_function(
        "lookup/load and check a saved 3x3 table (from memory)",
        |bench| bench.iter(|| black_box(LookupTable::from_bytes(black_box(&bytes), "t").unwrap())),
    );
    let hardest = b.parse_arrangement("867/254/3_1").unwrap();
    c.bench_function("lookup/hill-climb a 31-move position", |bench| {
        bench.iter(|| black_box(t.solve(black_box(&hardest)).unwrap()))
    });
}

criterion_group!(benches, lookup);
criterion_main!(benches);
