//! Puzzles drawn as their users see them (issue #46, point 2): a puzzle
//! whose file has a drawing is drawn as its net of coloured stickers in
//! every SVG that shows positions. Each picture is parsed and its stickers
//! counted and checked against what the moves do.

use super::common::{fails, stdout};
use roxmltree::Document;
use std::collections::BTreeMap;

/// Each net drawn, as the fills of its stickers in order.
fn nets(svg: &str) -> Vec<Vec<String>> {
    let doc = Document::parse(svg).expect("well-formed SVG");
    doc.descendants()
        .filter(|n| n.attribute("class") == Some("net"))
        .map(|net| {
            net.children()
                .filter(|n| n.has_tag_name("polygon"))
                .map(|p| p.attribute("fill").unwrap().to_string())
                .collect()
        })
        .collect()
}

fn tally(net: &[String]) -> BTreeMap<&str, usize> {
    let mut t = BTreeMap::new();
    for c in net {
        *t.entry(c.as_str()).or_insert(0) += 1;
    }
    t
}

#[test]
fn a_cube_is_drawn_as_its_net_of_stickers() {
    // The 2x2x2 (by its table): 24 stickers, four of each of six colours.
    let svg = stdout(&["solve", "--puzzle", "2x2x2", "R U", "--format", "svg"]);
    let drawn = nets(&svg);
    assert_eq!(drawn.len(), 1);
    assert_eq!(drawn[0].len(), 24);
    let t = tally(&drawn[0]);
    assert_eq!(t.len(), 6, "{t:?}");
    assert!(t.values().all(|&n| n == 4), "{t:?}");
    // With its steps: the start, then one net a move, the last solved.
    let svg = stdout(&[
        "solve", "--puzzle", "2x2x2", "R U", "--steps", "--format", "svg",
    ]);
    let drawn = nets(&svg);
    assert_eq!(drawn.len(), 3);
    let goal = &drawn[2];
    let (l, t, r, b) = schofield::puzzle::library::get("2x2x2")
        .unwrap()
        .drawing()
        .unwrap()
        .bounds();
    assert_eq!((l, t, r, b), (0.0, 0.0, 8.0, 6.0));
    // The solved net: each face one colour, in the file's order (U first).
    assert!(goal[..4].iter().all(|c| c == "white"), "{goal:?}");
    assert_ne!(drawn[0], drawn[1]);
}

#[test]
fn the_pyraminx_and_top_spin_are_drawn_too() {
    // The Pyraminx: four faces of nine stickers (its tips included).
    let svg = stdout(&[
        "solve", "--puzzle", "pyraminx", "U R'", "--steps", "--format", "svg",
    ]);
    let drawn = nets(&svg);
    assert_eq!(drawn.len(), 3);
    for net in &drawn {
        assert_eq!(net.len(), 36);
        let t = tally(net);
        assert_eq!(t.len(), 4, "{t:?}");
        assert!(t.values().all(|&n| n == 9), "{t:?}");
    }
    assert_ne!(drawn[0], drawn[2]);
    // Solved, the file's first face (the front) is one colour.
    assert!(
        drawn[2][..9].iter().all(|c| *c == drawn[2][0]),
        "{:?}",
        drawn[2]
    );
    // Top-Spin: ten discs of ten colours; the turnstile reverses four.
    let svg = stdout(&[
        "solve", "--puzzle", "topspin", "T0", "--steps", "--format", "svg",
    ]);
    let drawn = nets(&svg);
    assert_eq!(drawn.len(), 2);
    assert_eq!(tally(&drawn[1]).len(), 10);
    let moved: Vec<usize> = (0..10).filter(|&i| drawn[0][i] != drawn[1][i]).collect();
    assert_eq!(moved.len(), 4, "{drawn:?}");
    let mut turned: Vec<&String> = moved.iter().map(|&i| &drawn[0][i]).collect();
    turned.reverse();
    let solved: Vec<&String> = moved.iter().map(|&i| &drawn[1][i]).collect();
    assert_eq!(turned, solved, "the four discs turned over are reversed");
}

#[test]
fn every_svg_that_shows_positions_draws_the_net() {
    // The 3x3x3, past the table: a path, and IDA*'s solution of a position.
    let svg = stdout(&["path", "--puzzle", "3x3x3", "R U F2", "--format", "svg"]);
    let drawn = nets(&svg);
    assert_eq!(drawn.len(), 4);
    for net in &drawn {
        assert_eq!(net.len(), 54);
        assert!(tally(net).values().all(|&n| n == 9), "{net:?}");
    }
    // R then U: the last net is not the first, and the U face's centre
    // (sticker 5 of the file's U face) is white throughout.
    assert!(drawn.iter().all(|n| n[4] == "white"));
    // Random positions of the whole cube, drawn without the table.
    let svg = stdout(&[
        "random", "--puzzle", "3x3x3", "--count", "3", "--seed", "7", "--format", "svg",
    ]);
    assert_eq!(nets(&svg).len(), 3);
    // A class's members, and a batch of positions, by the table.
    let json = stdout(&["classes", "3", "--puzzle", "corners", "--format", "json"]);
    let v: serde_json::Value = serde_json::from_str(&json).unwrap();
    let members = v[0]["members"].as_array().unwrap().len();
    let svg = stdout(&["classes", "3", "--puzzle", "corners", "--format", "svg"]);
    assert_eq!(nets(&svg).len(), members);
    let piped = super::common::piped(
        &["solve", "--puzzle", "2x2x2", "-", "--format", "svg"],
        "R\nU F\n",
    );
    assert_eq!(nets(&String::from_utf8_lossy(&piped.stdout)).len(), 2);
    // The squares group's half turns.
    let svg = stdout(&["path", "--puzzle", "squares", "U2 R2", "--format", "svg"]);
    assert_eq!(nets(&svg).len(), 3);
}

#[test]
fn a_puzzle_without_a_drawing_or_a_layout_is_refused_in_one_line() {
    fails(
        &[
            "solve",
            "--puzzle",
            "tests/fixtures/twsearch/2x2x2.tws",
            "R U",
            "--format",
            "svg",
        ],
        "has neither; use text, json, jsonl, yaml or csv",
    );
    // A sheet holds at most a hundred, as a drawn batch does.
    fails(
        &["random", "--count", "101", "--format", "svg"],
        "--count 101: a sheet drawn with --format svg shows at most 100 positions",
    );
}

#[test]
fn a_drawing_is_written_and_read_back() {
    let dir = tempfile::tempdir().unwrap();
    let file = dir.path().join("cube.yaml");
    std::fs::write(
        &file,
        stdout(&["puzzles", "--write", "yaml", "--puzzle", "2x2x2"]),
    )
    .unwrap();
    let again = stdout(&[
        "solve",
        "--puzzle",
        file.to_str().unwrap(),
        "R U",
        "--format",
        "svg",
    ]);
    let first = stdout(&["solve", "--puzzle", "2x2x2", "R U", "--format", "svg"]);
    assert_eq!(nets(&again), nets(&first));
}
