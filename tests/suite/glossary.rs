//! One glossary of keys (issue #13): every key of every command's JSON is
//! in docs/formats.md's glossary, with the type the glossary gives it.

use super::common::stdout;
use serde_json::Value;
use std::collections::BTreeMap;

/// The glossary: key → type, read from docs/formats.md.
fn glossary() -> BTreeMap<String, String> {
    let text =
        std::fs::read_to_string(concat!(env!("CARGO_MANIFEST_DIR"), "/docs/formats.md")).unwrap();
    let section = text
        .split("## Glossary of keys")
        .nth(1)
        .expect("a glossary section")
        .split("\n## ")
        .next()
        .unwrap();
    section
        .lines()
        .filter_map(|l| {
            let cells: Vec<&str> = l.split('|').map(str::trim).collect();
            let key = cells.get(1)?.strip_prefix('`')?.strip_suffix('`')?;
            Some((key.to_string(), cells.get(2)?.to_string()))
        })
        .collect()
}

/// Whether `v` has the glossary's type `ty`.
fn has_type(v: &Value, ty: &str) -> bool {
    ty.split(" or ").any(|t| match t {
        "integer" => v.is_u64() || v.is_i64(),
        "number" => v.is_number(),
        "string" => v.is_string(),
        "boolean" => v.is_boolean(),
        "list" => v.is_array(),
        "object" => v.is_object(),
        other => panic!("unknown type {other:?} in the glossary"),
    })
}

/// Checks every key below `v`; returns the keys met.
fn walk(v: &Value, glossary: &BTreeMap<String, String>, command: &str, met: &mut Vec<String>) {
    match v {
        Value::Object(map) => {
            for (k, x) in map {
                let ty = glossary
                    .get(k)
                    .unwrap_or_else(|| panic!("{command}: key {k:?} is not in the glossary"));
                assert!(
                    has_type(x, ty),
                    "{command}: {k:?} is {x} but the glossary says {ty}"
                );
                met.push(k.clone());
                walk(x, glossary, command, met);
            }
        }
        Value::Array(items) => {
            for x in items {
                walk(x, glossary, command, met);
            }
        }
        _ => {}
    }
}

/// The command lines the glossary tests run (as JSON, and as CSV where
/// the command writes CSV).
const COMMANDS: &[&[&str]] = &[
    &["counts"],
    &["solve", "102536", "--all"],
    // Positions as group elements and classes one at a time (issue #35).
    &["solve", "102536", "--to", "021364", "--all"],
    &["solve", "--puzzle", "2x2x2", "R U", "--to", "R"],
    &["classes", "298"],
    &["classes", "--class", "3", "--extended"],
    &["path", "WXY", "--from", "102536"],
    &["table", "--code", "102536"],
    &["table", "--head", "102"],
    &["classes", "--with-inverses", "--members"],
    &["lookup", "build", "--board", "2x3", "--within", "5"],
    &["lookup", "solve", "867/254/3_1"],
    &["astar", "867/254/3_1", "--steps"],
    &["solve", "102536", "--steps"],
    &["astar", "_12/347/685", "--compare"],
    &[
        "fifteen",
        "1 2 3 4 5 6 7 8 9 10 11 12 13 14 0 15",
        "--verbose",
    ],
    &["fifteen", "5 1 2 3 4 6 7 8 9 10 11 12 13 14 15 0"],
    &["boards", "--board", "2x3"],
    &[
        "optimal",
        "1 2 3 4 5 6 7 8 9 10 11 12 13 14 0 15",
        "--partition",
        "manhattan",
    ],
    &["five"],
    &["five", "counts"],
    &["random", "--count", "2", "--seed", "1"],
    &["random", "--puzzle", "3x3", "--moves", "4", "--seed", "1"],
    &["five", "solve", "023", "--all"],
    &["five", "path", "AB"],
    &["five", "trees", "--depth", "3"],
    &["five", "classes"],
    &["five", "bound"],
    &["graph", "--kind", "classes", "--max-moves", "8"],
    &["graph", "--kind", "cayley", "--max-moves", "4"],
    &["graph", "--kind", "shortest-paths", "--max-moves", "4"],
    // Puzzles as data (issue #32): the same keys on any puzzle.
    &[
        "counts",
        "--puzzle",
        "pyraminx",
        "--antipodes",
        "--burnside",
    ],
    &["solve", "--puzzle", "2x2x2", "R U F'"],
    &["path", "--puzzle", "2x2x2", "R U F'"],
    &["classes", "--puzzle", "2x2x2", "--specimens"],
    &["group", "--puzzle", "2x2x2"],
    &["group", "--puzzle", "2x2x2", "R U"],
    &["group", "--puzzle", "3x3x3", "R2 U2 R2 U2 R2 U2 F"],
    &["puzzles"],
    // Its keys within four moves: the whole graph's 663 552 nodes have no
    // other keys, and were most of this test's time.
    &["graph", "--puzzle", "squares", "--max-moves", "4"],
    &["random", "--puzzle", "2x2x2", "--count", "2", "--seed", "1"],
];

#[test]
fn every_key_of_every_command_is_in_the_glossary() {
    let glossary = glossary();
    assert!(glossary.len() > 100, "the glossary was read");
    let commands = COMMANDS;
    let mut met = Vec::new();
    for args in commands {
        let mut full = args.to_vec();
        full.extend(["--format", "json"]);
        let text = stdout(&full);
        let v: Value = serde_json::from_str(&text).unwrap_or_else(|e| panic!("{args:?}: {e}"));
        walk(&v, &glossary, &args.join(" "), &mut met);
    }
    // The vocabulary the issue names.
    for key in [
        "moves",
        "blank_moves",
        "tile_moves",
        "start",
        "goal",
        "minimal_paths",
        "minimal_path_count",
    ] {
        assert!(met.iter().any(|k| k == key), "{key} was never met");
    }
}

#[test]
fn the_glossary_has_no_stale_keys() {
    // Every glossary key is still produced somewhere: a stale entry would
    // hide a rename. Keys only some commands produce are checked by name.
    let glossary = glossary();
    let all: String = [
        vec!["solve", "102536", "--all", "--format", "json"],
        vec!["boards", "--board", "2x3", "--format", "json"],
        vec!["five", "classes", "--format", "json"],
    ]
    .iter()
    .map(|a| stdout(a))
    .collect();
    for key in [
        "class_id",
        "class_count",
        "tile_slides",
        "class_total",
        "conjugacy_classes",
    ] {
        assert!(glossary.contains_key(key));
        assert!(all.contains(&format!("\"{key}\"")), "{key}");
    }
}

#[test]
fn every_csv_column_is_in_the_glossary() {
    let glossary = glossary();
    // Whole analyses and graphs have no one table.
    let commands = COMMANDS.iter().filter(|c| {
        !matches!(
            c,
            ["five"] | ["graph", ..] | ["table", "--head", ..] | ["group", ..]
        ) && !c.contains(&"--antipodes")
    });
    for args in commands {
        let mut full = args.to_vec();
        full.extend(["--format", "csv"]);
        let text = stdout(&full);
        let header = text.lines().next().unwrap_or_default();
        for column in header.split(',') {
            assert!(
                glossary.contains_key(column),
                "{args:?}: CSV column {column:?} is not in the glossary"
            );
        }
    }
}
