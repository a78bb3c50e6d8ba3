//! Optimal 15-puzzle solving on Korf's 100 (issue #9); see
//! docs/performance.md. Uses the 7-7-1 databases from the cache that
//! `schofield optimal` keeps (building them first if needed, about a minute).

use criterion::{Criterion, criterion_group, criterion_main};
use schofield::board::Board;
use schofield::search::ida::solve;
use schofield::search::pdb::{Partition, PartitionName};
use schofield::search::{Guide, Limits};
use std::hint::black_box;

fn optimal(c: &mut Criterion) {
    let b: Board = "4x4".parse().unwrap();
    let goal = b.goal_blank_first();
    let base = std::env::var_os("XDG_CACHE_HOME")
        .map(std::path::PathBuf::from)
        .or_else(|| std::env::var_os("HOME").map(|h| std::path::PathBuf::from(h).join(".cache")))
        .unwrap_or_default();
    let path = base.join("schofield").join("pdb-7-7-1-blank-first.bin");
    let part =
        Partition::load(&path, &b, &goal, PartitionName::SevenSevenOne).unwrap_or_else(|_| {
            let p = Partition::build(&b, &goal, PartitionName::SevenSevenOne, &|_| {});
            let _ = std::fs::create_dir_all(path.parent().unwrap());
            let _ = p.save(&path);
            p
        });
    let text =
        std::fs::read_to_string(concat!(env!("CARGO_MANIFEST_DIR"), "/data/korf100.txt")).unwrap();
    let korf: Vec<_> = text
        .lines()
        .filter(|l| !l.starts_with('#'))
        .map(|l| b.parse_arrangement(l).unwrap())
        .collect();
    let mut group = c.benchmark_group("optimal");
    group.sample_size(10);
    group.bench_function(
        "Korf's 100, one after another, 7-7-1 with reflection",
        |bench| {
            bench.iter(|| {
                for a in &korf {
                    black_box(
                        solve(&b, a, &goal, Guide::Databases(&part), &Limits::default()).unwrap(),
                    );
                }
            })
        },
    );
    let bytes = part.to_bytes();
    group.bench_function(
        "load and check the 7-7-1 databases (115 MB, from memory)",
        |bench| bench.iter(|| black_box(Partition::from_bytes(&bytes, "pdb").unwrap())),
    );
    group.finish();
}

criterion_group!(benches, optimal);
criterion_main!(benches);
