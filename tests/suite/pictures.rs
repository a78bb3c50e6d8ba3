//! Pictures (issue #14): `--format svg` draws a position as a board, a
//! solution as a strip of boards and a distribution as a bar chart. Each
//! picture is parsed as XML, what it draws is checked against the command's
//! JSON, and a real browser (headless Chromium) renders it.

use super::common::{chromium, fails, stdout};
use roxmltree::Document;
use schofield::text::grouped;

/// The texts of every `<text>` element, in order.
fn texts(doc: &Document) -> Vec<String> {
    doc.descendants()
        .filter(|n| n.has_tag_name("text"))
        .map(|n| n.text().unwrap_or_default().trim().to_string())
        .collect()
}

fn with_class<'a>(doc: &'a Document, class: &str) -> Vec<roxmltree::Node<'a, 'a>> {
    doc.descendants()
        .filter(|n| n.attribute("class") == Some(class))
        .collect()
}

#[test]
fn a_position_is_drawn_as_its_board() {
    let svg = stdout(&["solve", "102536", "--format", "svg"]);
    let doc = Document::parse(&svg).expect("well-formed SVG");
    assert_eq!(doc.root_element().tag_name().name(), "svg");
    let t = texts(&doc);
    assert!(
        t[0].contains("102536") && t[0].contains("20 moves"),
        "{t:?}"
    );
    // The pieces of 025/1_3/746 in reading order, each with Schofield's
    // square number beside it (the centre has none).
    let pieces: Vec<&str> = t
        .iter()
        .map(String::as_str)
        .filter(|s| s.len() == 1)
        .collect();
    assert_eq!(pieces, ["0", "2", "5", "1", "3", "7", "4", "6"]);
    let squares: Vec<&str> = t
        .iter()
        .map(String::as_str)
        .filter(|s| s.starts_with('s') && s.len() == 2)
        .collect();
    assert_eq!(squares, ["s1", "s2", "s3", "s0", "s4", "s7", "s6", "s5"]);
}

#[test]
fn a_solution_is_drawn_as_a_strip_of_boards() {
    let svg = stdout(&["solve", "102536", "--steps", "--format", "svg"]);
    let doc = Document::parse(&svg).unwrap();
    // The start and one board after each of the specimen's 7 twists.
    assert_eq!(with_class(&doc, "board").len(), 8);
    // W X̸ Y̸ Z̸ A D̸ Y: four struck through.
    let elided: Vec<String> = with_class(&doc, "step elided")
        .iter()
        .map(|g| texts_of(g))
        .collect();
    assert_eq!(elided, ["X", "Y", "Z", "D"]);
    // `path` draws the same strip.
    let path = stdout(&["path", "WXYZADY", "--from", "102536", "--format", "svg"]);
    let doc2 = Document::parse(&path).unwrap();
    assert_eq!(with_class(&doc2, "board").len(), 8);
    // Boards of any size: the 15-puzzle, tile by tile.
    let svg = stdout(&[
        "astar",
        "1 2 3 4 5 6 7 8 9 10 11 12 13 0 14 15",
        "--steps",
        "--format",
        "svg",
    ]);
    let doc = Document::parse(&svg).unwrap();
    assert_eq!(with_class(&doc, "board").len(), 3);
    assert!(texts(&doc).iter().any(|t| t == "15"));
}

fn texts_of(node: &roxmltree::Node) -> String {
    node.descendants()
        .filter(|n| n.has_tag_name("text"))
        .filter_map(|n| n.text())
        .map(str::trim)
        .collect()
}

#[test]
fn a_distribution_is_drawn_as_a_bar_chart_of_the_same_figures() {
    let svg = stdout(&["counts", "--format", "svg"]);
    let doc = Document::parse(&svg).unwrap();
    let json: serde_json::Value =
        serde_json::from_str(&stdout(&["counts", "--format", "json"])).unwrap();
    let rows = json.as_array().unwrap();
    // Each bar's title states its figure; together they are the table.
    let titles: Vec<String> = with_class(&doc, "bar")
        .iter()
        .map(|b| texts_of_title(b))
        .collect();
    assert_eq!(titles.len(), 3 * rows.len());
    let group = |n: &serde_json::Value| grouped(n.as_u64().unwrap() as usize);
    for (k, row) in rows.iter().enumerate() {
        let m = &row["moves"];
        assert_eq!(
            titles[3 * k],
            format!("{m} moves: {} positions", group(&row["positions"]))
        );
        assert_eq!(
            titles[3 * k + 1],
            format!("{m} moves: {} classes", group(&row["classes"]))
        );
        assert_eq!(
            titles[3 * k + 2],
            format!(
                "{m} moves: {} extended classes",
                group(&row["extended_classes"])
            )
        );
    }
    // The other distributions.
    for args in [
        vec!["five", "counts", "--format", "svg"],
        vec!["lookup", "build", "--format", "svg"],
        vec!["boards", "--board", "3x3", "--home", "4", "--format", "svg"],
    ] {
        let svg = stdout(&args);
        let doc = Document::parse(&svg).unwrap();
        assert!(!with_class(&doc, "bar").is_empty(), "{args:?}");
    }
}

fn texts_of_title(node: &roxmltree::Node) -> String {
    node.children()
        .find(|n| n.has_tag_name("title"))
        .and_then(|n| n.text())
        .unwrap_or_default()
        .trim()
        .to_string()
}

#[test]
fn pictures_go_to_svg_files_and_are_refused_where_they_make_no_sense() {
    let dir = tempfile::tempdir().unwrap();
    let file = dir.path().join("board.svg");
    stdout(&["solve", "102536", "--output", file.to_str().unwrap()]);
    assert!(std::fs::read_to_string(&file).unwrap().starts_with("<svg"));
    fails(&["table", "--format", "svg"], "--format svg draws");
    fails(
        &["boards", "--board", "3x3", "--format", "svg"],
        "one board at a time",
    );
    fails(
        &["astar", "867/254/3_1", "--compare", "--format", "svg"],
        "leave out --compare",
    );
    // A batch of twist positions is drawn as a sheet (issue #35); the
    // board solvers' batches are tables of lengths, not drawn.
    let out = assert_cmd::Command::cargo_bin("schofield")
        .unwrap()
        .args(["solve", "-", "--format", "svg"])
        .write_stdin("102536\n")
        .output()
        .unwrap();
    assert!(out.status.success());
    assert_eq!(
        String::from_utf8_lossy(&out.stdout)
            .matches("class=\"board\"")
            .count(),
        1
    );
    let out = assert_cmd::Command::cargo_bin("schofield")
        .unwrap()
        .args(["astar", "-", "--format", "svg"])
        .write_stdin("867/254/3_1\n")
        .output()
        .unwrap();
    assert_eq!(out.status.code(), Some(2));
    assert!(String::from_utf8_lossy(&out.stderr).contains("give one position"));
}

#[test]
fn a_browser_renders_the_pictures() {
    if !super::common::has(
        super::common::Outside::Chromium,
        "a_browser_renders_the_pictures",
    ) {
        return;
    }
    let browser = chromium();
    let dir = tempfile::tempdir().unwrap();
    for (name, args) in [
        ("board", vec!["solve", "102536", "--format", "svg"]),
        ("chart", vec!["counts", "--format", "svg"]),
        (
            "net",
            vec![
                "solve", "--puzzle", "2x2x2", "R U", "--steps", "--format", "svg",
            ],
        ),
    ] {
        let svg = dir.path().join(format!("{name}.svg"));
        std::fs::write(&svg, stdout(&args)).unwrap();
        let png = dir.path().join(format!("{name}.png"));
        let status = std::process::Command::new(browser)
            .args([
                "--headless",
                "--no-sandbox",
                "--disable-gpu",
                "--hide-scrollbars",
                &format!("--screenshot={}", png.display()),
                "--window-size=900,500",
                &format!("file://{}", svg.display()),
            ])
            .output()
            .unwrap();
        assert!(status.status.success(), "{name}: {status:?}");
        let bytes = std::fs::read(&png).unwrap();
        assert!(bytes.starts_with(b"\x89PNG"), "{name}: no PNG");
        // A blank page compresses to almost nothing; a drawing does not.
        assert!(bytes.len() > 8_000, "{name}: {} bytes", bytes.len());
    }
}

/// The pictures in docs/img are the tool's own output, as
/// scripts/draw-docs-pictures.sh draws them.
#[test]
fn the_docs_pictures_are_what_the_tool_draws_now() {
    for (file, args) in [
        ("docs/img/counts.svg", vec!["counts", "--format", "svg"]),
        (
            "docs/img/102536-steps.svg",
            vec!["solve", "102536", "--steps", "--format", "svg"],
        ),
        (
            "docs/img/102536.svg",
            vec!["solve", "102536", "--format", "svg"],
        ),
    ] {
        let committed = std::fs::read_to_string(file).unwrap();
        assert!(
            committed == stdout(&args),
            "{file} is stale: run scripts/draw-docs-pictures.sh"
        );
    }
}

/// Graph exports draw each node as its board, which graphviz renders.
#[test]
fn graph_nodes_are_drawn_as_boards() {
    let dot = stdout(&[
        "graph",
        "--kind",
        "shortest-paths",
        "--max-moves",
        "4",
        "--format",
        "dot",
    ]);
    let target = dot
        .lines()
        .find(|l| l.contains("code = \"012345\""))
        .expect("the target's node");
    let cells: String = target
        .split("<TD")
        .skip(1)
        .filter_map(|td| td.split('>').nth(1)?.split('<').next())
        .collect::<Vec<_>>()
        .join(",");
    assert!(cells.starts_with("1,2,3,0, ,4,7,6,5,"), "{cells}");
    assert_eq!(dot.matches("shape = plaintext").count(), 9);
}

/// The five-puzzle's binary trees: a box a word, dashed where an earlier
/// word reaches the same position, as in `five trees --format json`.
#[test]
fn the_binary_trees_are_drawn() {
    let svg = stdout(&["five", "trees", "--format", "svg"]);
    let doc = Document::parse(&svg).unwrap();
    let json: serde_json::Value =
        serde_json::from_str(&stdout(&["five", "trees", "--format", "json"])).unwrap();
    fn walk(n: &serde_json::Value, words: &mut usize, later: &mut usize) {
        *words += 1;
        if n["first"] == false {
            *later += 1;
        }
        for c in n["children"].as_array().into_iter().flatten() {
            walk(c, words, later);
        }
    }
    let (mut words, mut later) = (0, 0);
    for root in json["roots"]
        .as_array()
        .unwrap()
        .iter()
        .chain(json["reflected"].as_array().unwrap())
    {
        walk(root, &mut words, &mut later);
    }
    assert_eq!(with_class(&doc, "word").len(), 1 + words - later);
    assert_eq!(with_class(&doc, "word reached-before").len(), later);
    assert!(later > 0);
}
