//! The graph writers: DOT (through petgraph's writer), GraphML and
//! node-link JSON for the twist graphs, and DOT for the five-puzzle's
//! binary trees.
//!
//! GraphML is written here rather than by `petgraph-graphml`, which types
//! every attribute as a string; Gephi and networkx read our integer
//! attributes (`moves`, `class_id`, …) as numbers.
//!
//! ```
//! use schofield::puzzle::library;
//! use schofield::render::{GraphFormat, render_graph};
//! use schofield::method::analysis::{Analysis, Options};
//! use schofield::method::graph::{GraphKind, TwistGraph};
//! let a = Analysis::new(library::get("eight").unwrap(), &Options::default(), &|_| {}).unwrap();
//! let g = TwistGraph::build(&a, GraphKind::Classes, Some(4)).unwrap();
//! let dot = render_graph(&g, GraphFormat::Dot);
//! assert!(dot.starts_with("graph {"));
//! assert!(render_graph(&g, GraphFormat::Graphml).contains("edgedefault=\"undirected\""));
//! ```

use super::words::Words;
use crate::method::five::{BinaryTrees, TreeNode};
use crate::method::graph::{Edge, GraphKind, Inner, Node, TwistGraph};
use petgraph::dot::{Config, Dot};
use petgraph::graph::{DiGraph, NodeIndex};
use petgraph::visit::EdgeRef;
use serde::Serialize;
use std::fmt::Write as _;

/// The file format.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum GraphFormat {
    /// Graphviz DOT, written by petgraph.
    Dot,
    /// GraphML, for Gephi, networkx and yEd.
    Graphml,
    /// Node-link JSON, for networkx (`node_link_graph(data, edges="links")`)
    /// and D3.
    Json,
}

/// Writes `g` in `format`.
pub fn render_graph(g: &TwistGraph, format: GraphFormat) -> String {
    match (&g.graph, format) {
        (Inner::Undirected(x), GraphFormat::Dot) => dot(x, words_of(g)),
        (Inner::Directed(x), GraphFormat::Dot) => dot(x, words_of(g)),
        (Inner::Undirected(x), GraphFormat::Graphml) => graphml(g, x),
        (Inner::Directed(x), GraphFormat::Graphml) => graphml(g, x),
        (Inner::Undirected(x), GraphFormat::Json) => node_link(g, x),
        (Inner::Directed(x), GraphFormat::Json) => node_link(g, x),
    }
}

/// One attribute value of a node or an edge.
enum Datum<'a> {
    /// A string.
    Text(&'a str),
    /// A whole number.
    Number(u64),
}

impl Serialize for Datum<'_> {
    fn serialize<S: serde::Serializer>(&self, s: S) -> Result<S::Ok, S::Error> {
        match self {
            Datum::Text(t) => s.serialize_str(t),
            Datum::Number(x) => s.serialize_u64(*x),
        }
    }
}

/// An attribute's name, in the puzzle's words.
type Key = std::borrow::Cow<'static, str>;

/// The words of a graph's puzzle (no tray: a graph has no dotted fields).
fn words_of(g: &TwistGraph) -> Words {
    Words::of(&g.vocabulary, false)
}

/// A node's attributes, in the order every writer gives them.
fn node_data(n: &Node, words: Words) -> [(Key, Datum<'_>); 6] {
    [
        (Key::Borrowed("code"), Datum::Text(&n.code)),
        (Key::Borrowed("grid"), Datum::Text(&n.grid)),
        (
            words.name("sequence_number"),
            Datum::Number(n.sequence_number),
        ),
        (Key::Borrowed("moves"), Datum::Number(u64::from(n.moves))),
        (Key::Borrowed("class_id"), Datum::Number(n.class_id as u64)),
        (Key::Borrowed("class_size"), Datum::Number(n.class_size)),
    ]
}

/// An edge's attributes that it has, in the order every writer gives them.
fn edge_data(e: &Edge, words: Words) -> Vec<(Key, Datum<'_>)> {
    let mut data = vec![(Key::Borrowed("label"), Datum::Text(&e.label))];
    if let Some(t) = &e.twist {
        data.push((words.name("twist"), Datum::Text(t)));
    }
    if let Some(t) = &e.inverse {
        data.push((Key::Borrowed("inverse"), Datum::Text(t)));
    }
    if let Some(m) = e.multiplicity {
        data.push((Key::Borrowed("multiplicity"), Datum::Number(u64::from(m))));
    }
    if let Some(c) = e.cost {
        data.push((Key::Borrowed("cost"), Datum::Number(u64::from(c))));
    }
    data
}

/// Named attributes as one JSON object, after `head` (`id`, or `source`
/// and `target`).
struct Record<'a> {
    head: Vec<(&'static str, &'a str)>,
    data: Vec<(Key, Datum<'a>)>,
}

impl Serialize for Record<'_> {
    fn serialize<S: serde::Serializer>(&self, s: S) -> Result<S::Ok, S::Error> {
        use serde::ser::SerializeMap;
        let mut map = s.serialize_map(Some(self.head.len() + self.data.len()))?;
        for (k, v) in &self.head {
            map.serialize_entry(k, v)?;
        }
        for (k, v) in &self.data {
            map.serialize_entry(k, v)?;
        }
        map.end()
    }
}

/// A node drawn as its board: a Graphviz HTML-like label, a table of the
/// grid's cells (the blank white) over the code number and the moves, so
/// that `dot` draws small boards rather than numbers.
fn board_label(n: &Node) -> String {
    let rows = super::grid_cells(&n.grid);
    let cols = rows.first().map_or(1, Vec::len);
    let mut t =
        String::from("<<TABLE BORDER=\"0\" CELLBORDER=\"1\" CELLSPACING=\"0\" CELLPADDING=\"3\">");
    for row in &rows {
        t.push_str("<TR>");
        for cell in row {
            if cell == "_" {
                t.push_str("<TD BGCOLOR=\"white\"> </TD>");
            } else {
                let _ = write!(t, "<TD BGCOLOR=\"#f3e2b3\">{}</TD>", xml(cell));
            }
        }
        t.push_str("</TR>");
    }
    let _ = write!(
        t,
        "<TR><TD COLSPAN=\"{cols}\" BORDER=\"0\"><FONT POINT-SIZE=\"10\">{} · {}</FONT></TD></TR></TABLE>>",
        xml(&n.code),
        n.moves
    );
    t
}

/// A DOT string: quotes and backslashes escaped, new lines as `\n`.
fn dot_string(s: &str) -> String {
    let escaped = s
        .replace('\\', "\\\\")
        .replace('"', "\\\"")
        .replace('\n', "\\n");
    format!("\"{escaped}\"")
}

fn dot<Ty: petgraph::EdgeType>(g: &petgraph::Graph<Node, Edge, Ty>, words: Words) -> String {
    let edge_attrs = |_, e: petgraph::graph::EdgeReference<'_, Edge>| {
        let w = e.weight();
        let mut s = format!("label = {}", dot_string(&w.label));
        if let Some(m) = w.multiplicity {
            let _ = write!(
                s,
                ", multiplicity = {m}, penwidth = {}",
                1.0 + f64::from(m).log2()
            );
        }
        if let Some(c) = w.cost {
            let _ = write!(
                s,
                ", cost = {c}{}",
                if c == 2 { ", style = dashed" } else { "" }
            );
        }
        s
    };
    let node_attrs = |_, (_, n): (NodeIndex, &Node)| {
        let mut s = format!("label = {}, shape = plaintext", board_label(n));
        for (key, value) in node_data(n, words) {
            let _ = match value {
                Datum::Text(t) => write!(s, ", {key} = {}", dot_string(t)),
                Datum::Number(x) => write!(s, ", {key} = {x}"),
            };
        }
        s
    };
    format!(
        "{:?}",
        Dot::with_attr_getters(
            g,
            &[Config::NodeNoLabel, Config::EdgeNoLabel],
            &edge_attrs,
            &node_attrs
        )
    )
}

/// Text for XML (GraphML, and DOT's HTML-like labels), escaped by
/// quick-xml.
fn xml(s: &str) -> std::borrow::Cow<'_, str> {
    quick_xml::escape::escape(s)
}

fn graphml<Ty: petgraph::EdgeType>(
    meta: &TwistGraph,
    g: &petgraph::Graph<Node, Edge, Ty>,
) -> String {
    let mut s = String::with_capacity(64 + g.node_count() * 260 + g.edge_count() * 120);
    s.push_str("<?xml version=\"1.0\" encoding=\"UTF-8\"?>\n");
    s.push_str("<graphml xmlns=\"http://graphml.graphdrawing.org/xmlns\">\n");
    let words = words_of(meta);
    let keys = [
        ("code", "node", "string"),
        ("grid", "node", "string"),
        ("sequence_number", "node", "int"),
        ("moves", "node", "int"),
        ("class_id", "node", "int"),
        ("class_size", "node", "int"),
        ("label", "edge", "string"),
        ("twist", "edge", "string"),
        ("inverse", "edge", "string"),
        ("multiplicity", "edge", "int"),
        ("cost", "edge", "int"),
    ]
    .map(|(name, domain, ty)| (words.name(name), domain, ty));
    for (name, domain, ty) in keys {
        let _ = writeln!(
            s,
            "  <key id=\"{name}\" for=\"{domain}\" attr.name=\"{name}\" attr.type=\"{ty}\"/>"
        );
    }
    let _ = writeln!(
        s,
        "  <graph id=\"{}\" edgedefault=\"{}\">",
        xml(&graph_name(meta)),
        if g.is_directed() {
            "directed"
        } else {
            "undirected"
        }
    );
    for n in g.node_weights() {
        let _ = write!(s, "    <node id=\"{}\">", xml(&n.code));
        for (key, value) in node_data(n, words) {
            let _ = match value {
                Datum::Text(t) => write!(s, "<data key=\"{key}\">{}</data>", xml(t)),
                Datum::Number(x) => write!(s, "<data key=\"{key}\">{x}</data>"),
            };
        }
        s.push_str("</node>\n");
    }
    for e in g.edge_references() {
        let _ = write!(
            s,
            "    <edge source=\"{}\" target=\"{}\">",
            xml(&g[e.source()].code),
            xml(&g[e.target()].code),
        );
        for (key, value) in edge_data(e.weight(), words) {
            let _ = match value {
                Datum::Text(t) => write!(s, "<data key=\"{key}\">{}</data>", xml(t)),
                Datum::Number(x) => write!(s, "<data key=\"{key}\">{x}</data>"),
            };
        }
        s.push_str("</edge>\n");
    }
    s.push_str("  </graph>\n</graphml>\n");
    s
}

fn graph_name(meta: &TwistGraph) -> String {
    let kind = match meta.kind {
        GraphKind::Cayley => "cayley",
        GraphKind::Classes => "classes",
        GraphKind::ExtendedClasses => "extended-classes",
        GraphKind::ShortestPaths => "shortest-paths",
    };
    match meta.max_moves {
        Some(1) => format!("{} {kind} within 1 move", meta.puzzle),
        Some(m) => format!("{} {kind} within {m} moves", meta.puzzle),
        None => format!("{} {kind}", meta.puzzle),
    }
}

/// A graph's nodes as node-link JSON's list, each written as it is met.
struct Nodes<'a, Ty: petgraph::EdgeType>(&'a petgraph::Graph<Node, Edge, Ty>, Words);

impl<Ty: petgraph::EdgeType> Serialize for Nodes<'_, Ty> {
    fn serialize<S: serde::Serializer>(&self, s: S) -> Result<S::Ok, S::Error> {
        s.collect_seq(self.0.node_weights().map(|n| Record {
            head: vec![("id", &n.code)],
            data: node_data(n, self.1).into(),
        }))
    }
}

/// A graph's edges as node-link JSON's list, each written as it is met.
struct Links<'a, Ty: petgraph::EdgeType>(&'a petgraph::Graph<Node, Edge, Ty>, Words);

impl<Ty: petgraph::EdgeType> Serialize for Links<'_, Ty> {
    fn serialize<S: serde::Serializer>(&self, s: S) -> Result<S::Ok, S::Error> {
        let g = self.0;
        s.collect_seq(g.edge_references().map(|e| Record {
            head: vec![
                ("source", &g[e.source()].code),
                ("target", &g[e.target()].code),
            ],
            data: edge_data(e.weight(), self.1),
        }))
    }
}

fn node_link<Ty: petgraph::EdgeType>(
    meta: &TwistGraph,
    g: &petgraph::Graph<Node, Edge, Ty>,
) -> String {
    #[derive(Serialize)]
    struct GraphAttrs<'a> {
        name: String,
        puzzle: &'a str,
        kind: GraphKind,
        #[serde(skip_serializing_if = "Option::is_none")]
        max_moves: Option<u8>,
    }
    #[derive(Serialize)]
    #[serde(bound = "")]
    struct Out<'a, Ty: petgraph::EdgeType> {
        directed: bool,
        multigraph: bool,
        graph: GraphAttrs<'a>,
        nodes: Nodes<'a, Ty>,
        links: Links<'a, Ty>,
    }
    let words = words_of(meta);
    let out = Out {
        directed: g.is_directed(),
        multigraph: false,
        graph: GraphAttrs {
            name: graph_name(meta),
            puzzle: &meta.puzzle,
            kind: meta.kind,
            max_moves: meta.max_moves,
        },
        nodes: Nodes(g, words),
        links: Links(g, words),
    };
    serde_json::to_string(&out).expect("serialisable") + "\n"
}

/// A node of the trees' drawing: its label and whether it is drawn dashed.
#[derive(Debug)]
struct TreeMark {
    label: String,
    dashed: bool,
}

/// The binary trees as a Graphviz DOT digraph, through petgraph's writer:
/// all four trees from the target, each node labelled with its word, moves
/// and position, each edge with the twist it adds; nodes that repeat an
/// earlier position are drawn dashed.
pub fn render_trees_dot(trees: &BinaryTrees) -> String {
    fn add(g: &mut DiGraph<TreeMark, char>, n: &TreeNode, parent: NodeIndex) {
        let id = g.add_node(TreeMark {
            label: format!("{}\n{} moves\n{}", n.word, n.moves, n.position),
            dashed: !n.first,
        });
        let last = n.word.plain.chars().last().unwrap_or('?');
        g.add_edge(parent, id, last);
        for c in &n.children {
            add(g, c, id);
        }
    }
    let mut g = DiGraph::new();
    let target = g.add_node(TreeMark {
        label: "target\n012".to_string(),
        dashed: false,
    });
    for root in trees.roots.iter().chain(&trees.reflected) {
        add(&mut g, root, target);
    }
    let node_attrs = |_, (_, m): (NodeIndex, &TreeMark)| {
        format!(
            "label = {}, style = {}",
            dot_string(&m.label),
            if m.dashed { "dashed" } else { "solid" }
        )
    };
    let edge_attrs = |_, e: petgraph::graph::EdgeReference<'_, char>| {
        format!("label = {}", dot_string(&e.weight().to_string()))
    };
    format!(
        "digraph five_puzzle_trees {{\n    rankdir = LR;\n    node [shape = box, fontsize = 9];\n{:?}}}\n",
        Dot::with_attr_getters(
            &g,
            &[
                Config::GraphContentOnly,
                Config::NodeNoLabel,
                Config::EdgeNoLabel
            ],
            &edge_attrs,
            &node_attrs
        )
    )
}
