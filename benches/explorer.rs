//! The explorer's engine (issue #34, docs/performance.md): what the page
//! waits for before its first paint, natively (the page runs the same code
//! compiled to WebAssembly): the 2×2×2 started from its setup (read,
//! searched, its classes adopted), and its farthest position shown. Then,
//! where Chromium is installed, the first paint itself: the site written by
//! `schofield explore`, opened at a position, timed by the page's own
//! `performance.now()` when its figures are drawn (`#ready-ms`).

use criterion::{Criterion, criterion_group, criterion_main};
use schofield::method::analysis::{Analysis, Options};
use schofield::method::explorer::{Explorer, Setup};
use schofield::puzzle::library;
use std::hint::black_box;
use std::process::Command;
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
    first_paints(&mut g, &far);
    g.finish();
}

/// The page's first paint in headless Chromium, for the 2×2×2 at `far` and
/// the eight-puzzle at Schofield's worked example; nothing where Chromium
/// is missing.
fn first_paints(g: &mut criterion::BenchmarkGroup<criterion::measurement::WallTime>, far: &str) {
    let Some(browser) = ["chromium", "chromium-browser", "google-chrome"]
        .into_iter()
        .find(|b| {
            Command::new(b)
                .arg("--version")
                .output()
                .is_ok_and(|o| o.status.success())
        })
    else {
        eprintln!("explorer: no Chromium, so no first paint measured");
        return;
    };
    let dir = tempfile::tempdir().unwrap();
    for (name, puzzles, position) in [("2x2x2", &["2x2x2"][..], far), ("eight", &[][..], "102536")]
    {
        let folder = dir.path().join(name);
        let mut site = Command::new(env!("CARGO_BIN_EXE_schofield"));
        site.args(["explore", "--output", folder.to_str().unwrap()]);
        for p in puzzles {
            site.args(["--puzzle", p]);
        }
        assert!(site.output().unwrap().status.success());
        let url = format!(
            "file://{}#{}",
            folder.join("index.html").display(),
            position.replace(' ', "+").replace('/', "%2F")
        );
        g.bench_function(
            format!("{name}/first paint in Chromium (the page's own clock)"),
            |b| {
                b.iter_custom(|iterations| {
                    (0..iterations).map(|_| first_paint(browser, &url)).sum()
                })
            },
        );
    }
}

/// The page's `#ready-ms` once Chromium has run its script.
fn first_paint(browser: &str, url: &str) -> Duration {
    let out = Command::new(browser)
        .args([
            "--headless",
            "--no-sandbox",
            "--disable-gpu",
            "--dump-dom",
            url,
        ])
        .output()
        .unwrap();
    let dom = String::from_utf8(out.stdout).unwrap();
    let at = dom
        .find("id=\"ready-ms\"")
        .expect("no #ready-ms in the page");
    let text = &dom[at..];
    let text = &text[text.find('>').unwrap() + 1..];
    let ms: f64 = text[..text.find('<').unwrap()].trim().parse().unwrap();
    Duration::from_secs_f64(ms / 1000.0)
}

criterion_group!(benches, explorer);
criterion_main!(benches);
