//! Every small board (issue #8); see docs/performance.md and docs/boards.md.
//! The 12-cell boards are a timed run, not a benchmark (about 10 s each).

use criterion::{Criterion, criterion_group, criterion_main};
use schofield::board::census::{analyse, cases};
use std::hint::black_box;

fn boards(c: &mut Criterion) {
    let mut group = c.benchmark_group("boards");
    group.sample_size(10);
    group.bench_function(
        "every board of up to 10 cells, every home (11 cases)",
        |b| {
            b.iter(|| {
                for case in cases(10) {
                    black_box(analyse(&case, &|_| {}).unwrap());
                }
            })
        },
    );
    group.finish();
}

criterion_group!(benches, boards);
criterion_main!(benches);
