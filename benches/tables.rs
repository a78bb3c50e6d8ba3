//! The printed tables (issue #3) and the five-puzzle (issue #4); see
//! docs/performance.md.

use criterion::{Criterion, criterion_group, criterion_main};
use schofield::render::render_pages;
use schofield::twist::dictionary::Analysis;
use schofield::twist::puzzle::{EIGHT, FIVE};
use schofield::twist::table::Tabulation;
use std::hint::black_box;

fn tables(c: &mut Criterion) {
    c.bench_function(
        "tables/whole text tabulation, from nothing (analysis + 20 160 entries + 168 pages)",
        |b| {
            b.iter(|| {
                let a = Analysis::new(&EIGHT);
                black_box(render_pages(&Tabulation::new(&a, false)))
            })
        },
    );
    let a = Analysis::new(&EIGHT);
    c.bench_function(
        "tables/20 160 entries with minimal-path counts (for csv/json)",
        |b| b.iter(|| black_box(Tabulation::new(&a, true))),
    );
    c.bench_function("five/analysis of the 60 positions", |b| {
        b.iter(|| black_box(Analysis::new(black_box(&FIVE))))
    });
}

criterion_group!(benches, tables);
criterion_main!(benches);
