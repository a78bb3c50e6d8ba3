//! README's layout section and `src/` name the same files, and the rules of
//! docs/architecture.md hold: clap only in the command line, nothing below
//! it prints or exits.

use std::path::Path;

fn sources(dir: &Path, out: &mut Vec<String>) {
    for entry in std::fs::read_dir(dir).unwrap() {
        let path = entry.unwrap().path();
        if path.is_dir() {
            sources(&path, out);
        } else if path.extension().is_some_and(|e| e == "rs") {
            out.push(path.to_string_lossy().replace('\\', "/"));
        }
    }
}

fn all_sources() -> Vec<String> {
    let mut files = Vec::new();
    sources(Path::new("src"), &mut files);
    files.sort();
    files
}

#[test]
fn readme_layout_names_every_source_file() {
    let readme = std::fs::read_to_string("README.md").unwrap();
    let section = readme
        .split("## Layout")
        .nth(1)
        .expect("README has a Layout section");
    let mut listed: Vec<String> = section
        .lines()
        .filter_map(|l| l.split_whitespace().next())
        .filter(|w| w.starts_with("src/") && w.ends_with(".rs"))
        .map(String::from)
        .collect();
    listed.sort();
    assert_eq!(listed, all_sources());
}

/// Every line of the library (outside `main.rs` and `cli/`): its file, the
/// line, and the line's code before any comment.
fn library_lines() -> Vec<(String, String, String)> {
    let mut out = Vec::new();
    for file in all_sources() {
        if file == "src/main.rs" || file.starts_with("src/cli/") {
            continue;
        }
        let text = std::fs::read_to_string(&file).unwrap();
        for line in text.lines() {
            let code = line.split("//").next().unwrap_or("").to_string();
            out.push((file.clone(), line.to_string(), code));
        }
    }
    out
}

#[test]
fn the_library_knows_no_clap_and_never_prints_or_exits() {
    for (file, line, code) in library_lines() {
        for banned in [
            "clap",
            "println!",
            "eprintln!",
            "print!(",
            "eprint!(",
            "process::exit",
            // Holding standard output back is the command line's.
            "gag::",
            "set_hook",
        ] {
            assert!(!code.contains(banned), "{file}: {line}");
        }
    }
}

#[test]
fn the_library_holds_no_mutable_global_state() {
    // Issue #33: no setting lives in a global (the text width was one);
    // what a renderer needs it is given. Caches of constants made once
    // (`OnceLock` of a table) are not settings and may stay.
    for (file, line, code) in library_lines() {
        let global = code.trim_start().starts_with("static ")
            || code.trim_start().starts_with("pub static ");
        let setting = ["Atomic", "Mutex", "RwLock"]
            .iter()
            .any(|kind| code.contains(kind));
        assert!(!(global && setting), "{file}: {line}");
        assert!(!code.contains("static mut "), "{file}: {line}");
    }
}
