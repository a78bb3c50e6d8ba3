//! Helpers shared by the command-line tests.
#![allow(dead_code)]

use assert_cmd::Command;
use std::process::Output;

/// Runs `schofield` with `args`.
pub fn schofield(args: &[&str]) -> Output {
    Command::cargo_bin("schofield")
        .unwrap()
        .args(args)
        .output()
        .unwrap()
}

/// Runs a command that must succeed and returns its standard output.
pub fn stdout(args: &[&str]) -> String {
    let out = schofield(args);
    assert!(
        out.status.success(),
        "{args:?}: {}",
        String::from_utf8_lossy(&out.stderr)
    );
    String::from_utf8(out.stdout).unwrap()
}

/// Runs a command that must fail on bad input: exit 2, one line on stderr
/// starting `error:` and containing `needle`, nothing on stdout, no panic.
pub fn fails(args: &[&str], needle: &str) {
    let out = schofield(args);
    let err = String::from_utf8_lossy(&out.stderr);
    assert_eq!(out.status.code(), Some(2), "{args:?}: {err}");
    assert!(out.stdout.is_empty(), "{args:?} wrote to stdout");
    assert!(!err.contains("panicked"), "{args:?} panicked: {err}");
    assert!(err.starts_with("error:"), "{args:?}: {err}");
    assert_eq!(err.lines().count(), 1, "{args:?}: one line expected: {err}");
    assert!(err.contains(needle), "{args:?}: {err:?} lacks {needle:?}");
}

/// Like [`fails`] for errors found while reading the arguments, where the
/// argument parser adds a usage hint after the error line.
pub fn fails_usage(args: &[&str], needle: &str) {
    let out = schofield(args);
    let err = String::from_utf8_lossy(&out.stderr);
    assert_eq!(out.status.code(), Some(2), "{args:?}: {err}");
    assert!(out.stdout.is_empty(), "{args:?} wrote to stdout");
    assert!(!err.contains("panicked"), "{args:?} panicked: {err}");
    let first = err.lines().next().unwrap_or("");
    assert!(
        first.starts_with("error:") && first.contains(needle),
        "{args:?}: {err:?} lacks {needle:?}"
    );
}

/// Runs `schofield` with `args`, `input` on its standard input.
pub fn piped(args: &[&str], input: &str) -> Output {
    Command::cargo_bin("schofield")
        .unwrap()
        .args(args)
        .write_stdin(input)
        .output()
        .unwrap()
}

/// The browser this machine has (Debian's `chromium`), or `None`; under CI,
/// where `.ci/run` installs it, a missing browser fails the test.
pub fn chromium() -> Option<&'static str> {
    let found = ["chromium", "chromium-browser", "google-chrome"]
        .into_iter()
        .find(|b| {
            std::process::Command::new(b)
                .arg("--version")
                .output()
                .is_ok_and(|o| o.status.success())
        });
    if found.is_none() {
        assert!(
            std::env::var_os("CI").is_none(),
            "CI needs chromium (.ci/run installs it)"
        );
    }
    found
}
