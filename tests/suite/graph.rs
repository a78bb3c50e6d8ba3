//! The graph export: sizes, attributes, bad input, and real clients
//! (graphviz and networkx) reading what we write.

use super::common::{eight, five, spec};
use super::common::{fails, fails_usage, schofield, stdout};
use schofield::method::graph::{GraphKind, Inner, TwistGraph};
use schofield::render::{GraphFormat, render_graph};
use std::path::{Path, PathBuf};
use std::process::Command;

#[test]
fn sizes_of_the_four_graphs() {
    let a = eight();
    let cayley = TwistGraph::build(a, GraphKind::Cayley, None).unwrap();
    assert_eq!((cayley.node_count(), cayley.edge_count()), (20_160, 80_640));
    for (kind, nodes) in [
        (GraphKind::Classes, 2572),
        (GraphKind::ExtendedClasses, 1439),
    ] {
        let g = TwistGraph::build(a, kind, None).unwrap();
        assert_eq!(g.node_count(), nodes);
        let Inner::Undirected(u) = &g.graph else {
            panic!("undirected")
        };
        let total: u32 = u.edge_weights().map(|e| e.multiplicity.unwrap()).sum();
        assert_eq!(total, 80_640, "every Cayley edge counted once");
    }
    let sp = TwistGraph::build(a, GraphKind::ShortestPaths, None).unwrap();
    let terminal: usize = (0..20_160u64).map(|x| a.terminal_moves(x).len()).sum();
    assert_eq!(sp.edge_count(), terminal);
}

#[test]
fn shortest_path_edges_add_up_to_the_minimum() {
    let a = eight();
    let g = TwistGraph::build(a, GraphKind::ShortestPaths, None).unwrap();
    let Inner::Directed(d) = &g.graph else {
        panic!("directed")
    };
    let mut incoming = vec![0; d.node_count()];
    for e in d.raw_edges() {
        let (p, q) = (&d[e.source()], &d[e.target()]);
        assert_eq!(
            u32::from(p.moves) + e.weight.cost.unwrap(),
            u32::from(q.moves),
            "{} -> {}",
            p.code,
            q.code
        );
        // The edge's twist really leads from p to q, as SPEC.md's twists
        // move the squares.
        let letter = e.weight.twist.as_deref().unwrap().chars().next().unwrap();
        let t = spec::TWISTS.iter().position(|&(l, _)| l == letter).unwrap();
        let pieces = |code: &str| {
            a.position(a.parse_position(code).unwrap()).orbits()[0]
                .pieces
                .clone()
        };
        assert_eq!(spec::apply(&pieces(&p.code), t), pieces(&q.code));
        incoming[e.target().index()] += 1;
    }
    // Every position but the target ends at least one minimal path.
    for (i, n) in d.node_weights().enumerate() {
        assert_eq!(incoming[i] == 0, n.moves == 0, "{}", n.code);
    }
}

#[test]
fn max_moves_and_the_five_puzzle() {
    let a = eight();
    let g = TwistGraph::build(a, GraphKind::Cayley, Some(12)).unwrap();
    assert_eq!(g.node_count(), 1 + 8 + 8 + 40 + 88 + 232);
    let g = TwistGraph::build(a, GraphKind::Classes, Some(8)).unwrap();
    assert_eq!(g.node_count(), 1 + 1 + 1 + 6);
    let f = five();
    let g = TwistGraph::build(f, GraphKind::Cayley, None).unwrap();
    assert_eq!((g.node_count(), g.edge_count()), (60, 120));
    assert_eq!(
        TwistGraph::build(f, GraphKind::Classes, None)
            .unwrap()
            .node_count(),
        32
    );
    assert_eq!(
        TwistGraph::build(f, GraphKind::ExtendedClasses, None)
            .unwrap()
            .node_count(),
        24
    );
}

#[test]
fn node_link_json_carries_the_attributes() {
    let text = stdout(&[
        "graph",
        "--kind",
        "classes",
        "--max-moves",
        "6",
        "--format",
        "json",
    ]);
    let v: serde_json::Value = serde_json::from_str(&text).unwrap();
    assert_eq!(v["directed"], false);
    let node = &v["nodes"][0];
    for key in [
        "id",
        "code",
        "grid",
        "sequence_number",
        "moves",
        "class_id",
        "class_size",
    ] {
        assert!(node.get(key).is_some(), "node lacks {key}");
    }
    assert!(v["links"][0].get("multiplicity").is_some());
    let sp = stdout(&[
        "graph",
        "--kind",
        "shortest-paths",
        "--max-moves",
        "6",
        "--format",
        "json",
    ]);
    let v: serde_json::Value = serde_json::from_str(&sp).unwrap();
    assert_eq!(v["directed"], true);
    assert!(
        v["links"]
            .as_array()
            .unwrap()
            .iter()
            .all(|l| l["cost"] == 4 || l["cost"] == 2)
    );
}

fn temp_dir(name: &str) -> PathBuf {
    let dir = std::env::temp_dir().join(format!("schofield-{name}-{}", std::process::id()));
    std::fs::create_dir_all(&dir).unwrap();
    dir
}

#[test]
fn graphviz_draws_a_small_export() {
    if !super::common::has(
        super::common::Outside::Graphviz,
        "graphviz_draws_a_small_export",
    ) {
        return;
    }
    for kind in ["cayley", "classes", "shortest-paths"] {
        let dot = stdout(&[
            "graph",
            "--kind",
            kind,
            "--max-moves",
            "8",
            "--format",
            "dot",
        ]);
        let mut child = Command::new("dot")
            .arg("-Tsvg")
            .stdin(std::process::Stdio::piped())
            .stdout(std::process::Stdio::piped())
            .spawn()
            .unwrap();
        use std::io::Write;
        child
            .stdin
            .take()
            .unwrap()
            .write_all(dot.as_bytes())
            .unwrap();
        let out = child.wait_with_output().unwrap();
        assert!(out.status.success(), "dot failed on {kind}");
        assert!(String::from_utf8_lossy(&out.stdout).contains("<svg"));
    }
}

fn networkx_reads(format: &str, file: &Path) -> serde_json::Value {
    let script = Path::new(env!("CARGO_MANIFEST_DIR")).join("tests/clients/networkx_check.py");
    let out = Command::new("python3")
        .arg(script)
        .arg(format)
        .arg(file)
        .arg("012345")
        .output()
        .unwrap();
    assert!(
        out.status.success(),
        "{}",
        String::from_utf8_lossy(&out.stderr)
    );
    serde_json::from_slice(&out.stdout).unwrap()
}

#[test]
fn networkx_reads_the_full_graph_as_we_count_it() {
    if !super::common::has(
        super::common::Outside::Networkx,
        "networkx_reads_the_full_graph_as_we_count_it",
    ) {
        return;
    }
    let a = eight();
    let bfs: Vec<u64> = a.twist_counts();
    let dir = temp_dir("networkx");
    for (format, ext) in [("graphml", "graphml"), ("json", "json")] {
        let file = dir.join(format!("cayley.{ext}"));
        let out = schofield(&[
            "graph",
            "--format",
            format,
            "--output",
            file.to_str().unwrap(),
        ]);
        assert!(out.status.success());
        let seen = networkx_reads(format, &file);
        assert_eq!(seen["nodes"], 20_160, "{format}");
        assert_eq!(seen["edges"], 80_640, "{format}");
        assert_eq!(seen["directed"], false);
        let got: Vec<u64> = seen["bfs"]
            .as_array()
            .unwrap()
            .iter()
            .map(|v| v.as_u64().unwrap())
            .collect();
        assert_eq!(
            got, bfs,
            "{format}: breadth-first distances from the target"
        );
    }
    std::fs::remove_dir_all(&dir).unwrap();
}

#[test]
fn output_file_equals_standard_output() {
    let dir = temp_dir("output");
    let file = dir.join("ball.dot");
    let args = ["graph", "--max-moves", "6", "--format", "dot"];
    let out = schofield(&[&args[..], &["--output", file.to_str().unwrap()]].concat());
    assert!(out.status.success() && out.stdout.is_empty());
    assert_eq!(std::fs::read_to_string(&file).unwrap(), stdout(&args));
    std::fs::remove_dir_all(&dir).unwrap();
}

#[test]
fn bad_graph_input() {
    for bad in ["-1", "1.5", "ten", "256"] {
        fails_usage(
            &["graph", "--max-moves", bad],
            "expected a whole number of moves from 0 to 255",
        );
    }
    fails_usage(
        &["graph", "--format", "gexf"],
        "invalid value 'gexf' for '--format",
    );
    fails_usage(
        &["graph", "--kind", "tree"],
        "invalid value 'tree' for '--kind",
    );
    let err = String::from_utf8(schofield(&["graph", "--kind", "tree"]).stderr).unwrap();
    assert!(err.contains("possible values: cayley, classes, extended-classes, shortest-paths"));
    fails(
        &["graph", "--output", "/nonexistent/folder/g.graphml"],
        "cannot write /nonexistent/folder/g.graphml",
    );
}

#[test]
fn a_failed_write_leaves_no_partial_file() {
    // The output path is an existing folder: the temporary file is written,
    // the rename fails, and nothing is left behind.
    let dir = temp_dir("partial");
    let target = dir.join("g.graphml");
    std::fs::create_dir_all(&target).unwrap();
    fails(
        &["graph", "--output", target.to_str().unwrap()],
        "cannot write",
    );
    let left: Vec<_> = std::fs::read_dir(&dir)
        .unwrap()
        .map(|e| e.unwrap().file_name())
        .collect();
    assert_eq!(
        left,
        vec![std::ffi::OsString::from("g.graphml")],
        "{left:?}"
    );
    std::fs::remove_dir_all(&dir).unwrap();
}

#[test]
fn every_format_renders_every_kind() {
    let f = five();
    for kind in [
        GraphKind::Cayley,
        GraphKind::Classes,
        GraphKind::ExtendedClasses,
        GraphKind::ShortestPaths,
    ] {
        let g = TwistGraph::build(f, kind, None).unwrap();
        for format in [GraphFormat::Dot, GraphFormat::Graphml, GraphFormat::Json] {
            assert!(!render_graph(&g, format).is_empty());
        }
    }
}
