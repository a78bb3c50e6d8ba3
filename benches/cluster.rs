//! The census on timely dataflow (issue #16): the same cases in one table
//! and on two workers of one process; see docs/boards.md and
//! docs/scaling.md. The 12-cell boards and the runs of two processes are
//! timed runs (`/usr/bin/time`), not benchmarks.

use criterion::{Criterion, criterion_group, criterion_main};
use schofield::board::census::{Case, analyse};
use schofield::board::cluster::{self, Cluster};
use std::hint::black_box;
use std::sync::Arc;

fn cluster(c: &mut Criterion) {
    let mut group = c.benchmark_group("cluster");
    group.sample_size(10);
    for (board, home) in [("3x3", 4), ("2x5", 9)] {
        let case = Case::new(board.parse().unwrap(), home).unwrap();
        group.bench_function(format!("{board} home {home}, one table"), |b| {
            b.iter(|| black_box(analyse(&case, &|_| {}).unwrap()))
        });
        let two = Cluster::local(2).unwrap();
        group.bench_function(format!("{board} home {home}, two timely workers"), |b| {
            b.iter(|| black_box(cluster::analyse(&case, &two, None, Arc::new(|_| {})).unwrap()))
        });
    }
    group.finish();
}

criterion_group!(benches, cluster);
criterion_main!(benches);
