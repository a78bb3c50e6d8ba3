//! Every command's help has examples, and every example runs (issue #13);
//! the completions and the manual pages.

use super::common::{schofield, stdout};

/// Every subcommand path: `["solve"]`, `["lookup", "build"]`, …
fn subcommands() -> Vec<Vec<String>> {
    let top = stdout(&["--help"]);
    let mut out = Vec::new();
    for name in section(&top, "Commands:") {
        if name == "help" {
            continue;
        }
        let help = stdout(&[&name, "--help"]);
        let nested = section(&help, "Commands:");
        if nested.is_empty() {
            out.push(vec![name]);
        } else {
            for sub in nested.into_iter().filter(|s| s != "help") {
                out.push(vec![name.clone(), sub]);
            }
        }
    }
    out
}

/// The first words of the lines under a heading of clap's help.
fn section(help: &str, heading: &str) -> Vec<String> {
    help.split(heading)
        .nth(1)
        .map(|rest| {
            rest.lines()
                .skip(1)
                .take_while(|l| l.starts_with("  "))
                .filter_map(|l| l.split_whitespace().next().map(String::from))
                .collect()
        })
        .unwrap_or_default()
}

/// The example command lines of a help text.
fn examples(help: &str) -> Vec<String> {
    help.split("Examples:")
        .nth(1)
        .map(|rest| {
            rest.lines()
                .map(str::trim)
                .filter(|l| l.starts_with("schofield "))
                .map(String::from)
                .collect()
        })
        .unwrap_or_default()
}

#[test]
fn every_command_has_examples_and_every_example_runs() {
    let dir = tempfile::tempdir().unwrap();
    let bin = assert_cmd::cargo::cargo_bin("schofield");
    let commands = subcommands();
    assert!(commands.len() >= 20, "{commands:?}");
    for path in commands {
        let mut args: Vec<&str> = path.iter().map(String::as_str).collect();
        args.push("--help");
        let help = stdout(&args);
        let list = examples(&help);
        assert!(!list.is_empty(), "{path:?} has no examples:\n{help}");
        if path == ["regenerate"] {
            continue; // it rewrites tables/, run by its own test
        }
        for example in list {
            // The 7-8 databases take two minutes to build; the examples that
            // need them are checked to parse, the rest are run.
            let slow = example.contains("--all-korf");
            let line = example.replacen("schofield", &bin.display().to_string(), 1);
            let line = if slow { format!("{line} --help") } else { line };
            let out = std::process::Command::new("sh")
                .args(["-c", &line])
                .current_dir(dir.path())
                .env("XDG_CACHE_HOME", dir.path())
                .env("TMPDIR", dir.path())
                .output()
                .unwrap();
            assert!(
                out.status.success(),
                "{example}: {}",
                String::from_utf8_lossy(&out.stderr)
            );
        }
    }
}

#[test]
fn completions_and_manual() {
    for shell in ["bash", "zsh", "fish"] {
        let s = stdout(&["completions", shell]);
        assert!(s.contains("optimal") && s.contains("partition"), "{shell}");
    }
    let man = stdout(&["man"]);
    assert!(
        man.starts_with(".ie") || man.contains(".TH schofield"),
        "{}",
        &man[..200]
    );
    for command in [
        "SCHOFIELD OPTIMAL",
        "SCHOFIELD SOLVE",
        "SCHOFIELD COMPLETIONS",
    ] {
        assert!(man.contains(command), "{command}");
    }
    let out = schofield(&["completions", "tcsh"]);
    assert_eq!(out.status.code(), Some(2));
}
