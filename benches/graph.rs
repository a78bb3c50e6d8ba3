//! The graph export (issue #5); see docs/performance.md.

use criterion::{Criterion, criterion_group, criterion_main};
use schofield::render::{GraphFormat, render_graph};
use schofield::twist::dictionary::Analysis;
use schofield::twist::graph::{GraphKind, TwistGraph};
use schofield::twist::puzzle::EIGHT;
use std::hint::black_box;

fn graph(c: &mut Criterion) {
    c.bench_function("graph/full Cayley graph as GraphML, from nothing", |b| {
        b.iter(|| {
            let a = Analysis::new(&EIGHT);
            black_box(render_graph(
                &TwistGraph::build(&a, GraphKind::Cayley, None),
                GraphFormat::Graphml,
            ))
        })
    });
    let a = Analysis::new(&EIGHT);
    c.bench_function("graph/full Cayley graph as node-link JSON", |b| {
        b.iter(|| {
            black_box(render_graph(
                &TwistGraph::build(&a, GraphKind::Cayley, None),
                GraphFormat::Json,
            ))
        })
    });
}

criterion_group!(benches, graph);
criterion_main!(benches);
