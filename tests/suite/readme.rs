//! Every example README and the documents under `docs/` show is run, and
//! its output must be what they print: a `$ cargo run --release -- …` or
//! `$ schofield …` line in an indented block, then the output. A line `…`
//! stands for lines left out; the lines around it must then appear in that
//! order. The Korf run, which needs the default databases (a minute to
//! build), is checked by `tests/suite/optimal.rs` instead (all 100 solved,
//! total length 5305, with the quicker 6-6-3 databases).

use std::process::Command;

/// One example: the command line and the output its document shows.
struct Example {
    file: String,
    line: usize,
    command: String,
    shown: Vec<String>,
}

/// README.md and every document under docs/.
fn documents() -> Vec<String> {
    let mut files = vec!["README.md".to_string()];
    let mut docs: Vec<String> = std::fs::read_dir("docs")
        .unwrap()
        .map(|e| e.unwrap().path().display().to_string())
        .filter(|p| p.ends_with(".md"))
        .collect();
    docs.sort();
    files.extend(docs);
    files
}

fn examples(file: &str) -> Vec<Example> {
    let readme = std::fs::read_to_string(file).unwrap();
    let lines: Vec<&str> = readme.lines().collect();
    let mut out = Vec::new();
    let mut i = 0;
    while i < lines.len() {
        if let Some(command) = lines[i].strip_prefix("    $ ") {
            let mut shown = Vec::new();
            let mut j = i + 1;
            // The block goes on over blank lines while indented lines follow.
            let in_block = |k: usize| {
                lines[k..]
                    .iter()
                    .find(|l| !l.trim().is_empty())
                    .is_some_and(|l| l.starts_with("    ") && !l.starts_with("    $ "))
            };
            while j < lines.len()
                && in_block(j)
                && (lines[j].trim().is_empty() || lines[j].starts_with("    "))
            {
                shown.push(lines[j].get(4..).unwrap_or("").trim_end().to_string());
                j += 1;
            }
            out.push(Example {
                file: file.to_string(),
                line: i + 1,
                command: command.to_string(),
                shown,
            });
            i = j;
        } else {
            i += 1;
        }
    }
    out
}

#[test]
fn readme_examples_print_what_readme_shows() {
    let readme = examples("README.md");
    assert!(readme.len() >= 10, "README's examples were not found");
    let paper = examples("docs/paper.md");
    assert!(paper.len() >= 20, "docs/paper.md's examples were not found");
    for file in documents() {
        run_examples(&file);
    }
}

/// Runs every example of one document against what it shows.
fn run_examples(file: &str) {
    let bin = assert_cmd::cargo::cargo_bin("schofield");
    let bin = bin.display().to_string();
    for ex in examples(file) {
        if ex.command.contains("--all-korf") {
            continue;
        }
        let command = match ex.command.strip_prefix("schofield ") {
            Some(rest) => format!("{bin} {rest}"),
            None => ex.command.replace("cargo run --release --", &bin),
        };
        let out = Command::new("sh")
            .args(["-c", &format!("{command} 2>&1")])
            .env("LC_ALL", "C.UTF-8")
            .env("XDG_CACHE_HOME", super::common::CACHE)
            .output()
            .unwrap();
        let text = String::from_utf8_lossy(&out.stdout);
        let got: Vec<&str> = text.lines().map(str::trim_end).collect();
        let context = format!("{} line {}: {}\n{text}", ex.file, ex.line, ex.command);
        assert!(!text.contains("panicked"), "{context}");
        if ex.shown.iter().any(|l| l == "…") {
            // The shown lines, in order, among the output's.
            let mut rest = got.iter();
            for want in ex.shown.iter().filter(|l| *l != "…") {
                assert!(
                    rest.any(|g| g == want),
                    "{context}\nmissing or out of order: {want}"
                );
            }
        } else {
            assert_eq!(got, ex.shown, "{context}");
        }
    }
}

/// Every command line README and the documents show without its output
/// (`schofield boards --board 3x4 --home 11    # one case`) is one the
/// program accepts: its subcommands, flags and flag values parse, checked
/// by running it with `--help` appended (clap reads the words before it,
/// then prints the help without running the command). Synopses with
/// placeholders (`FILE`, `[--within K]`, `…`) are left out.
#[test]
fn every_command_line_the_documents_show_parses() {
    let bin = assert_cmd::cargo::cargo_bin("schofield");
    let mut checked = 0;
    for file in documents() {
        let text = std::fs::read_to_string(&file).unwrap();
        for (n, line) in text.lines().enumerate() {
            let Some(rest) = line.trim_start().strip_prefix("schofield ") else {
                continue;
            };
            if !line.starts_with("    ") {
                continue;
            }
            // The command alone: no comment, pipe, redirection or
            // continuation.
            let command = rest
                .split(" #")
                .next()
                .unwrap()
                .split(['|', '>'])
                .next()
                .unwrap()
                .trim()
                .trim_end_matches('\\')
                .trim();
            let placeholder = command.contains(['[', '…'])
                || command.contains("...")
                || command.split_whitespace().any(|w| {
                    w.len() > 1
                        && w.chars()
                            .all(|c| c.is_ascii_uppercase() || c == '|' || c == '_')
                });
            let distributed = ["--workers", "--hostfile", "--process", "--checkpoint"]
                .iter()
                .any(|f| command.contains(f));
            if placeholder || (distributed && !cfg!(feature = "distributed")) {
                continue;
            }
            let out = Command::new("sh")
                .args(["-c", &format!("{} {command} --help", bin.display())])
                .output()
                .unwrap();
            assert!(
                out.status.success(),
                "{file} line {}: schofield {command}\n{}",
                n + 1,
                String::from_utf8_lossy(&out.stderr)
            );
            checked += 1;
        }
    }
    assert!(checked >= 20, "only {checked} command lines were found");
}
