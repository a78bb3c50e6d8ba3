//! Tells the test suite which outside programs this machine lacks, so that
//! a test that needs one (Chromium for the pictures and the explorer,
//! graphviz and networkx for the graph exports, Python's xxhash for the
//! format's example writer, the wasm32 target for the
//! explorer's engine, GAP for the class totals by Burnside's lemma) is reported as ignored rather than passed. Under CI
//! (the `CI` variable set) nothing is reported missing: there those tests
//! run and fail without their program, since `.ci/run` installs them all.
//!
//! The library and the binary do not read these settings. After installing
//! one of the programs, `touch build.rs` makes cargo look again.

use std::process::Command;

/// Whether `program args` runs and succeeds.
fn runs(program: &str, args: &[&str]) -> bool {
    Command::new(program)
        .args(args)
        .output()
        .is_ok_and(|o| o.status.success())
}

/// A setting for the tests, and whether its program is present.
type Check = (&'static str, fn() -> bool);

fn main() {
    println!("cargo::rerun-if-changed=build.rs");
    println!("cargo::rerun-if-env-changed=CI");
    println!("cargo::rerun-if-env-changed=PATH");
    let checks: [Check; 6] = [
        ("missing_chromium", || {
            ["chromium", "chromium-browser", "google-chrome"]
                .iter()
                .any(|b| runs(b, &["--version"]))
        }),
        ("missing_graphviz", || runs("dot", &["-V"])),
        ("missing_gap", || runs("gap", &["-q", "-c", "QUIT;"])),
        ("missing_networkx", || {
            runs("python3", &["-c", "import networkx"])
        }),
        ("missing_xxhash", || {
            runs("python3", &["-c", "import xxhash"])
        }),
        ("missing_wasm32", || {
            Command::new("rustup")
                .args(["target", "list", "--installed"])
                .output()
                .is_ok_and(|o| {
                    String::from_utf8_lossy(&o.stdout).contains("wasm32-unknown-unknown")
                })
        }),
    ];
    let ci = std::env::var_os("CI").is_some();
    for (cfg, present) in checks {
        println!("cargo::rustc-check-cfg=cfg({cfg})");
        if !ci && !present() {
            println!("cargo::rustc-cfg={cfg}");
        }
    }
}
