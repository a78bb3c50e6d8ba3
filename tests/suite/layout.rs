//! README's layout section and `src/` name the same files, and the rules of
//! docs/architecture.md hold: clap only in the command line, nothing below
//! it prints or exits, no mutable global state, and no family imports from
//! a floor above its own.

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

/// The floors of the house, from the ground up (docs/architecture.md): a
/// family of the library may use its own modules and the floors below it,
/// never a floor above nor a neighbour on its own floor.
const FLOORS: &[&[&str]] = &[
    &["text", "memory"],
    &["perm"],
    &["group"],
    &["board"],
    &["puzzle"],
    &["twist", "search"],
    &["generated"],
    &["render"],
];

/// The families a library file names through `crate::`, each with the
/// text that names it (comments left out).
fn families_named(file: &str) -> Vec<(String, String)> {
    let text: String = std::fs::read_to_string(file)
        .unwrap()
        .lines()
        .map(|l| l.split("//").next().unwrap_or(""))
        .collect::<Vec<_>>()
        .join("\n");
    let mut out = Vec::new();
    for (at, _) in text.match_indices("crate::") {
        let rest = &text[at + "crate::".len()..];
        if let Some(group) = rest.strip_prefix('{') {
            // `crate::{a::b, c}`: the names at the group's top level.
            let (mut depth, mut start) = (0, 0);
            for (i, c) in group.char_indices() {
                match c {
                    '{' => depth += 1,
                    '}' if depth == 0 => {
                        out.push(group[start..i].to_string());
                        break;
                    }
                    '}' => depth -= 1,
                    ',' if depth == 0 => {
                        out.push(group[start..i].to_string());
                        start = i + 1;
                    }
                    _ => {}
                }
            }
        } else {
            out.push(rest.to_string());
        }
    }
    out.into_iter()
        .filter_map(|named| {
            let name: String = named
                .trim_start()
                .chars()
                .take_while(|c| c.is_alphanumeric() || *c == '_')
                .collect();
            (!name.is_empty()).then(|| {
                let shown = named.trim().lines().next().unwrap_or("").to_string();
                (name, shown)
            })
        })
        .collect()
}

#[test]
fn no_family_imports_from_a_floor_above_its_own() {
    let floor = |family: &str| FLOORS.iter().position(|f| f.contains(&family));
    let mut upward = Vec::new();
    for file in all_sources() {
        if file == "src/main.rs" || file == "src/lib.rs" || file.starts_with("src/cli/") {
            continue;
        }
        let family = file["src/".len()..]
            .split(['/', '.'])
            .next()
            .unwrap()
            .to_string();
        let own = floor(&family).unwrap_or_else(|| panic!("{file}: {family} is on no floor"));
        for (named, shown) in families_named(&file) {
            if named == family {
                continue;
            }
            let Some(theirs) = floor(&named) else {
                continue; // an item of the crate's root, not a family
            };
            if theirs >= own {
                upward.push(format!("{file}: crate::{shown}"));
            }
        }
    }
    assert!(
        upward.is_empty(),
        "imports upwards or sideways:\n{}",
        upward.join("\n")
    );
}
