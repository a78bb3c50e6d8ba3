//! The printed tables (issue #3) and the five-puzzle (issue #4); see
//! docs/performance.md.

use criterion::{Criterion, criterion_group, criterion_main};
use schofield::method::analysis::{Analysis, Options};
use schofield::method::table::Tabulation;
use schofield::puzzle::{Puzzle, library};
use schofield::render::render_pages;
use std::hint::black_box;

fn analyse(p: &Puzzle) -> Analysis {
    Analysis::new(p.clone(), &Options::default(), &|_| {}).expect("Schofield's puzzles analyse")
}

fn tables(c: &mut Criterion) {
    let eight = library::get("eight").expect("the library has the eight-puzzle");
    let five = library::get("five").expect("the library has the five-puzzle");
    c.bench_function(
        "tables/whole text tabulation, from nothing (analysis + 20 160 entries + 168 pages)",
        |b| {
            b.iter(|| {
                let a = analyse(&eight);
                black_box(render_pages(
                    &Tabulation::new(&a, false).expect("code numbers"),
                ))
            })
        },
    );
    let a = analyse(&eight);
    c.bench_function(
        "tables/20 160 entries with minimal-path counts (for csv/json)",
        |b| b.iter(|| black_box(Tabulation::new(&a, true))),
    );
    c.bench_function("five/analysis of the 60 positions", |b| {
        b.iter(|| black_box(analyse(black_box(&five))))
    });
}

criterion_group!(benches, tables);
criterion_main!(benches);
