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

const REID: &str = "tests/fixtures/twsearch/json/3x3x3-Reid.def.json";
const CUBING_3X3X3: &str = "tests/fixtures/cubing/3x3x3.kpuzzle.svg.ts";

/// cubing.js's KPuzzle 3×3×3 drawn by cubing.js's own picture of it.
fn cubing_cube() -> schofield::puzzle::Puzzle {
    use schofield::puzzle::{kpuzzle_svg, read};
    let p = read::puzzle(REID).unwrap();
    let stickers = kpuzzle_svg::fit(read::drawing(CUBING_3X3X3).unwrap(), &p);
    let stickers: Vec<_> = stickers.into_iter().map(|(_, s)| s).collect();
    p.with_drawing(&stickers).unwrap()
}

fn centre(s: &schofield::puzzle::drawing::Sticker) -> (f64, f64) {
    let n = s.points.len() as f64;
    s.points
        .iter()
        .fold((0.0, 0.0), |a, q| (a.0 + q.0 / n, a.1 + q.1 / n))
}

/// cubing.js's picture, read as it is: each face turn of cubing.js's own
/// definition turns its face of the net a quarter turn clockwise about the
/// face's centre (found from the goal's colours, not from the file), from
/// a scrambled position, so a sticker whose facelet or transform were
/// read wrong shows.
#[test]
fn cubing_js_pictures_draw_its_puzzles() {
    let p = cubing_cube();
    let d = p.drawing().unwrap();
    // 48 stickers of pieces and the six centres: cubing.js draws each
    // centre's four orientations on one square, and they do not matter.
    assert_eq!(d.stickers().len(), 54);
    let goal = d.paint(p.goal(), p.goal());
    let colours: std::collections::BTreeSet<&str> = goal.iter().copied().collect();
    assert_eq!(colours.len(), 6, "{colours:?}");
    let turn = |name: &str| {
        p.declared_moves()
            .iter()
            .find(|m| m.name() == name)
            .unwrap()
            .transformation()
            .clone()
    };
    let mut at = p.goal().clone();
    for m in ["R", "U", "F", "L", "D", "B", "R", "F", "U"] {
        at = at.apply(&turn(m));
    }
    let before = d.paint(p.goal(), &at);
    let near = |q: (f64, f64)| {
        d.stickers().iter().position(|s| {
            let c = centre(s);
            (c.0 - q.0).abs() + (c.1 - q.1).abs() < 1e-6
        })
    };
    // cubing.js's centres are U L F R B D.
    for (k, face) in ["U", "L", "F", "R", "B", "D"].into_iter().enumerate() {
        let mid = d
            .stickers()
            .iter()
            .position(|s| {
                s.facelet
                    .is_some_and(|(o, slot, _)| p.orbits()[o].name == "CENTERS" && slot == k)
            })
            .unwrap();
        let c = centre(&d.stickers()[mid]);
        let own: Vec<usize> = (0..goal.len()).filter(|&i| goal[i] == goal[mid]).collect();
        assert_eq!(own.len(), 9, "{face}");
        let after = d.paint(p.goal(), &at.apply(&turn(face)));
        for &i in &own {
            // Clockwise on the page (y down) takes (dx, dy) to (-dy, dx):
            // the sticker at (dx, dy) shows what stood at (dy, -dx).
            let (dx, dy) = (
                centre(&d.stickers()[i]).0 - c.0,
                centre(&d.stickers()[i]).1 - c.1,
            );
            let from = near((c.0 + dy, c.1 - dx)).unwrap();
            assert_eq!(after[i], before[from], "{face}: sticker {i}");
        }
        // Twenty stickers round the face move; the rest stay.
        let same = (0..goal.len()).filter(|&i| after[i] == before[i]).count();
        assert!(same >= 54 - 20, "{face}");
    }
    // Its SVG through the command line, every sticker drawn.
    let svg = stdout(&[
        "solve",
        "--puzzle",
        REID,
        "--generators",
        "U,L,F,R,B,D",
        "--drawing",
        CUBING_3X3X3,
        "R U",
        "--format",
        "svg",
    ]);
    let drawn = nets(&svg);
    assert_eq!(drawn.len(), 1);
    assert_eq!(drawn[0].len(), 54);
    let t = tally(&drawn[0]);
    assert_eq!(t.len(), 6, "{t:?}");
    assert!(t.values().all(|&n| n == 9), "{t:?}");
    // The FTO and the 2×2×2, read as they are: every sticker placed.
    for (puzzle, picture, stickers) in [
        (
            "tests/fixtures/twsearch/json/fto-UL.def.json",
            "tests/fixtures/cubing/fto.kpuzzle.svg.ts",
            72,
        ),
        (
            "tests/fixtures/twsearch/2x2x2.kpuzzle.json",
            "tests/fixtures/cubing/2x2x2.kpuzzle.svg.ts",
            24,
        ),
    ] {
        let svg = stdout(&[
            "random",
            "--puzzle",
            puzzle,
            "--drawing",
            picture,
            "--metric",
            "quarter",
            "--moves",
            "5",
            "--seed",
            "3",
            "--format",
            "svg",
        ]);
        let drawn = nets(&svg);
        assert_eq!(drawn[0].len(), stickers, "{puzzle}");
        // Every facelet drawn: none shows the grey of one left out.
        assert!(!drawn[0].iter().any(|c| c == "grey"), "{puzzle}");
    }
}

/// A picture that is not cubing.js's, or that does not fit the puzzle,
/// is refused in one line naming the file and what is wrong.
#[test]
fn a_picture_that_does_not_fit_is_refused_in_one_line() {
    let dir = tempfile::tempdir().unwrap();
    let write = |name: &str, text: &str| {
        let f = dir.path().join(name);
        std::fs::write(&f, text).unwrap();
        f.to_str().unwrap().to_string()
    };
    let curve = write(
        "curve.svg",
        r#"<svg><path id="CORNERS-l0-o0" d="M0,0 C1,1 2,2 3,0 Z" fill="red"/></svg>"#,
    );
    let none = write("none.svg", "<svg><rect width=\"1\" height=\"1\"/></svg>");
    let broken = write("broken.svg", "<svg><g></svg>");
    let far = write(
        "far.svg",
        r#"<svg><rect id="CORNERS-l9-o0" width="1" height="1" fill="red"/></svg>"#,
    );
    for (file, needle) in [
        (curve.as_str(), "C draws a curve"),
        (
            none.as_str(),
            "no sticker: expected elements with ids ORBIT-lN-oK",
        ),
        (broken.as_str(), "not well-formed XML"),
        // Named by its id in the picture.
        (
            far.as_str(),
            "sticker \"CORNERS-l9-o0\": slot 9 of CORNERS does not exist",
        ),
        (
            "nowhere.svg",
            "no file has that name; expected cubing.js's SVG picture",
        ),
        (REID, "expected an <svg> picture"),
    ] {
        fails(
            &[
                "solve",
                "--puzzle",
                "2x2x2",
                "--drawing",
                file,
                "R",
                "--format",
                "svg",
            ],
            needle,
        );
    }
    // Only yaml has a place for it: another format would drop it.
    fails(
        &[
            "puzzles",
            "--write",
            "tws",
            "--puzzle",
            "2x2x2",
            "--drawing",
            "tests/fixtures/cubing/2x2x2.kpuzzle.svg.ts",
        ],
        "only --write yaml has a place for a drawing; tws would leave it out",
    );
    // Written as yaml, the picture becomes the file's drawing.
    let yaml = stdout(&[
        "puzzles",
        "--write",
        "yaml",
        "--puzzle",
        "tests/fixtures/twsearch/2x2x2.kpuzzle.json",
        "--drawing",
        "tests/fixtures/cubing/2x2x2.kpuzzle.svg.ts",
    ]);
    assert_eq!(yaml.matches("colour:").count(), 24, "{yaml}");
}
