//! Optimal 15-puzzle solving on Korf's 100 (issues #9 and #15); see
//! docs/performance.md. Uses the databases from the cache that `schofield
//! optimal` keeps, building them first if needed: 7-8, the default (about
//! two minutes), and 7-7-1 for comparison (about 20 s).

use criterion::{Criterion, criterion_group, criterion_main};
use schofield::board::Board;
use schofield::search::ida::solve;
use schofield::search::pdb::{Partition, PartitionName};
use schofield::search::{Guide, Limits};
use std::hint::black_box;

/// The partition's databases from schofield's cache, built and saved there
/// if missing.
fn cached(b: &Board, name: PartitionName) -> Partition {
    let goal = b.goal_blank_first();
    let path = name.cache_file();
    Partition::load(&path, b, &goal, name).unwrap_or_else(|_| {
        let p = Partition::build(b, &goal, name, &|_| {}).unwrap();
        let _ = std::fs::create_dir_all(path.parent().unwrap());
        let _ = p.save(&path);
        p
    })
}

fn optimal(c: &mut Criterion) {
    let b: Board = "4x4".parse().unwrap();
    let goal = b.goal_blank_first();
    let file =
        std::fs::File::open(concat!(env!("CARGO_MANIFEST_DIR"), "/data/korf100.txt")).unwrap();
    let korf = schofield::board::batch::read(std::io::BufReader::new(file), &b)
        .unwrap()
        .arrangements();
    let mut group = c.benchmark_group("optimal");
    group.sample_size(10);
    for name in [PartitionName::SevenEight, PartitionName::SevenSevenOne] {
        let part = cached(&b, name);
        group.bench_function(
            format!("Korf's 100, one after another, {name} with reflection"),
            |bench| {
                bench.iter(|| {
                    for a in &korf {
                        black_box(
                            solve(&b, a, &goal, Guide::Databases(&part), &Limits::default())
                                .unwrap(),
                        );
                    }
                })
            },
        );
        let bytes = part.to_bytes();
        group.bench_function(
            format!(
                "load and check the {name} databases ({} MB, from memory)",
                bytes.len() / 1_000_000
            ),
            |bench| bench.iter(|| black_box(Partition::from_bytes(&bytes, "pdb").unwrap())),
        );
    }
    group.finish();
}

criterion_group!(benches, optimal);
criterion_main!(benches);
