//! Issue #46, point 5: the Python package. `pip install ./python` builds
//! the library into `import schofield` (maturin, PyO3), and its own tests
//! (pytest, `python/tests/`) and docs/python.md's examples pass against
//! the figures the rest of the suite asserts.

use crate::common::{self, Outside};
use std::path::Path;
use std::process::Command;

/// Runs `program` with `args` in `dir`, and fails the test with its output
/// when it fails.
fn run(dir: &Path, program: &Path, args: &[&str], env: &[(&str, &std::ffi::OsStr)]) {
    let out = Command::new(program)
        .args(args)
        .current_dir(dir)
        .envs(env.iter().copied())
        .output()
        .unwrap_or_else(|e| panic!("{} runs: {e}", program.display()));
    assert!(
        out.status.success(),
        "{} {}:\n{}\n{}",
        program.display(),
        args.join(" "),
        String::from_utf8_lossy(&out.stdout),
        String::from_utf8_lossy(&out.stderr)
    );
}

/// The package, installed as README.md says into a virtual environment
/// under `target/` (kept between runs, as the build's own files are), with
/// pytest and numpy; then its tests, its docstrings' examples and the
/// guide's.
#[test]
fn the_python_package_installs_and_its_tests_pass() {
    if !common::has(
        Outside::Venv,
        "bindings::the_python_package_installs_and_its_tests_pass",
    ) {
        return;
    }
    let root = Path::new(env!("CARGO_MANIFEST_DIR"));
    let target = root.join("target");
    let venv = target.join("python-venv");
    let python = venv.join("bin/python");
    if !python.exists() {
        run(
            root,
            Path::new("python3"),
            &["-m", "venv", &venv.to_string_lossy()],
            &[],
        );
    }
    let pip = [
        "-m",
        "pip",
        "install",
        "--quiet",
        "--disable-pip-version-check",
    ];
    run(
        root,
        &python,
        &[&pip[..], &["pytest", "numpy"]].concat(),
        &[],
    );
    // The extension's build files beside the crate's own, so that a second
    // run rebuilds only what changed. Built at opt-level 1, not the
    // package's 2, and in one codegen unit a crate, not sixteen: the same
    // code, compiled in less processor time, which is what the suite's busy
    // cores pay (docs/performance.md, "Session 64"); the tests below run in
    // seconds either way.
    let built = target.join("python");
    run(
        root,
        &python,
        &[&pip[..], &["./python"]].concat(),
        &[
            ("CARGO_TARGET_DIR", built.as_os_str()),
            ("CARGO_PROFILE_RELEASE_OPT_LEVEL", "1".as_ref()),
            ("CARGO_PROFILE_RELEASE_CODEGEN_UNITS", "1".as_ref()),
        ],
    );
    let pytest = |dir: &Path, args: &[&str]| {
        let quiet = ["-m", "pytest", "-q", "-p", "no:cacheprovider"];
        run(dir, &python, &[&quiet[..], args].concat(), &[]);
    };
    pytest(
        root,
        &["python/tests", "--doctest-glob=python.md", "docs/python.md"],
    );
    // The docstrings, of the package as installed (not python/'s sources).
    pytest(&target, &["--doctest-modules", "--pyargs", "schofield"]);
}
