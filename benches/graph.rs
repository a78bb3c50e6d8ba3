//! The graph export (issue #5); see docs/performance.md.

use criterion::{Criterion, criterion_group, criterion_main};
use schofield::method::analysis::{Analysis, Options};
use schofield::method::graph::{GraphKind, TwistGraph};
use schofield::puzzle::library;
use schofield::render::{GraphFormat, render_graph};
use std::hint::black_box;

fn graph(c: &mut Criterion) {
    let eight = library::get("eight").expect("the library has the eight-puzzle");
    let analyse = || {
        Analysis::new(eight.clone(), &Options::default(), &|_| {})
            .expect("the eight-puzzle analyses")
    };
    c.bench_function("graph/full Cayley graph as GraphML, from nothing", |b| {
        b.iter(|| {
            let a = analyse();
            black_box(render_graph(
                &TwistGraph::build(&a, GraphKind::Cayley, None).expect("a Cayley graph"),
                GraphFormat::Graphml,
            ))
        })
    });
    let a = analyse();
    c.bench_function("graph/full Cayley graph as node-link JSON", |b| {
        b.iter(|| {
            black_box(render_graph(
                &TwistGraph::build(&a, GraphKind::Cayley, None).expect("a Cayley graph"),
                GraphFormat::Json,
            ))
        })
    });
}

criterion_group!(benches, graph);
criterion_main!(benches);
