//! The explorer's engine (issue #34, docs/performance.md): what the page
//! waits for before its first paint, natively (the page runs the same code
//! compiled to WebAssembly): the 2×2×2 started from its setup (read,
//! searched, its classes adopted), and its farthest position shown.

use criterion::{Criterion, criterion_group, criterion_main};
use schofield::puzzle::library;
use schofield::twist::analysis::{Analysis, Options};
use schofield::twist::explorer::{Explorer, Setup};
use std::hint::black_box;
use std::time::Duration;

fn explorer(c: &mut Criterion) {
    let mut g = c.benchmark_group("explorer");
    g.sample_size(10).measurement_time(Duration::from_secs(10));
    let options = Options::default();
    let a = Analysis::new(library::get("2x2x2").unwrap(), &options, &|_| {}).unwrap();
    let setup = Setup::of("2x2x2", Some("2x2x2"), None, &a, &options);
    g.bench_function("2x2x2/engine started from its setup", |b| {
        b.iter(|| black_box(Explorer::from_setup(&setup).unwrap()))
    });
    let engine = Explorer::from_setup(&setup).unwrap();
    let far = a.name_of(a.antipode().unwrap());
    let request = serde_json::json!({ "show": far }).to_string();
    g.bench_function(
        "2x2x2/an antipode shown (first 60 of its minimal paths)",
        |b| b.iter(|| black_box(engine.answer(&request))),
    );
    g.finish();
}

criterion_group!(benches, explorer);
criterion_main!(benches);
