//! The twist graph and its quotients, built with petgraph (written as DOT,
//! GraphML or node-link JSON by [`crate::render::render_graph`]).
//!
//! Four graphs, each optionally cut to the positions within `M` moves:
//!
//! - **cayley**: the Cayley graph of the puzzle's group with the moves as
//!   generators. Nodes are positions; a move and its inverse make one
//!   undirected edge (`A/W` joins `p` and `p·A`).
//! - **classes** and **extended-classes**: the quotients by the classes
//!   under the symmetries (the eight-puzzle's 2 572) and the extended
//!   classes (1 439). An edge joins two classes when a move joins their
//!   members, weighted by how many Cayley edges it stands for; edges inside
//!   a class are loops.
//! - **shortest-paths**: the directed edges `p → p·t` that end a minimal path
//!   from the target, each with its cost in moves (on the eight-puzzle 2
//!   when `t` elides with the path's previous twist, else 4). Every
//!   position's minimum is the sum of the costs along any path of this graph
//!   from the target.
//!
//! ```
//! use schofield::puzzle::library;
//! use schofield::method::analysis::{Analysis, Options};
//! use schofield::method::graph::{GraphKind, TwistGraph};
//! let a = Analysis::new(library::get("eight").unwrap(), &Options::default(), &|_| {}).unwrap();
//! let g = TwistGraph::build(&a, GraphKind::Cayley, None).unwrap();
//! assert_eq!((g.node_count(), g.edge_count()), (20_160, 80_640));
//! let q = TwistGraph::build(&a, GraphKind::Classes, None).unwrap();
//! assert_eq!(q.node_count(), 2572);
//! ```

use crate::group::classes::Classes;
use crate::method::analysis::Analysis;
use petgraph::graph::{DiGraph, NodeIndex, UnGraph};
use serde::Serialize;
use std::collections::BTreeMap;

/// Which graph to build.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize)]
#[serde(rename_all = "kebab-case")]
pub enum GraphKind {
    /// Positions joined by moves (a move and its inverse are one edge).
    Cayley,
    /// The quotient by the classes under the symmetries.
    Classes,
    /// The quotient by the extended classes (a position ~ its inverse).
    ExtendedClasses,
    /// The directed edges that end minimal paths from the target.
    ShortestPaths,
}

/// A node: a position, or a class shown by its representative.
#[derive(Debug, Clone, Serialize)]
pub struct Node {
    /// The code number (of the representative, for a class), or its pattern.
    pub code: String,
    /// The grid on one line (or the pattern, for a puzzle with no drawing).
    pub grid: String,
    /// Schofield's sequence number.
    pub sequence_number: u64,
    /// The minimum number of moves.
    pub moves: u8,
    /// The class number (classes under the symmetries; extended classes in
    /// that quotient).
    pub class_id: usize,
    /// The number of positions in the class.
    pub class_size: u64,
}

/// An edge.
#[derive(Debug, Clone, Serialize)]
pub struct Edge {
    /// A printable label: `A/W` (Cayley), `×m` for a quotient edge standing
    /// for m Cayley edges (conjugation carries every move to others, so a
    /// quotient edge has no one move), or the move (shortest paths).
    pub label: String,
    /// The move that leads from the source to the target, where one does.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub twist: Option<String>,
    /// Its inverse, which leads back (Cayley graph).
    #[serde(skip_serializing_if = "Option::is_none")]
    pub inverse: Option<String>,
    /// How many Cayley edges this quotient edge stands for.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub multiplicity: Option<u32>,
    /// Its cost in moves on a minimal path (on the eight-puzzle 2 with
    /// elision, else 4).
    #[serde(skip_serializing_if = "Option::is_none")]
    pub cost: Option<u32>,
}

/// The built graph, directed or not.
#[derive(Debug, Clone)]
pub enum Inner {
    /// Cayley graph and quotients.
    Undirected(UnGraph<Node, Edge>),
    /// The shortest-path graph.
    Directed(DiGraph<Node, Edge>),
}

/// A graph over a puzzle, with what it was built from.
#[derive(Debug, Clone)]
pub struct TwistGraph {
    /// The puzzle's name.
    pub puzzle: String,
    /// Which graph.
    pub kind: GraphKind,
    /// The cut, if any.
    pub max_moves: Option<u8>,
    /// The petgraph graph.
    pub graph: Inner,
    /// The puzzle's nouns: the writers name a node's number and an edge's
    /// move in them (Schofield's `sequence_number` and `twist` for the
    /// eight-puzzle).
    pub vocabulary: crate::puzzle::Vocabulary,
}

impl TwistGraph {
    /// Builds the graph of `kind` over the positions within `max_moves`
    /// (all positions when `None`); `None` for extended classes of a puzzle
    /// whose positions have no inverses.
    pub fn build(a: &Analysis, kind: GraphKind, max_moves: Option<u8>) -> Option<TwistGraph> {
        let keep = |x: u64| {
            a.moves_at(x)
                .is_some_and(|d| max_moves.is_none_or(|m| d <= m))
        };
        let graph = match kind {
            GraphKind::Cayley => Inner::Undirected(cayley(a, &keep)),
            GraphKind::Classes => Inner::Undirected(quotient(a, a.classes(), &keep)),
            GraphKind::ExtendedClasses => {
                Inner::Undirected(quotient(a, a.extended_classes()?, &keep))
            }
            GraphKind::ShortestPaths => Inner::Directed(shortest_paths(a, &keep)),
        };
        Some(TwistGraph {
            puzzle: a.puzzle().name().to_string(),
            kind,
            max_moves,
            graph,
            vocabulary: a.puzzle().vocabulary().clone(),
        })
    }

    /// The bytes the graph of `kind` within `max_moves` and its file take,
    /// estimated before either is made: each node with its strings, each
    /// edge (at most one for each pair of a position and a move), and the
    /// text written from them.
    pub fn bytes_needed(a: &Analysis, kind: GraphKind, max_moves: Option<u8>) -> u64 {
        let within = |c: &crate::method::analysis::MoveCount| {
            max_moves.is_none_or(|m| c.moves <= u32::from(m))
        };
        let counts = a.move_counts();
        let positions: u64 = counts
            .iter()
            .filter(|c| within(c))
            .map(|c| c.positions)
            .sum();
        let nodes = match kind {
            GraphKind::Classes | GraphKind::ExtendedClasses => counts
                .iter()
                .filter(|c| within(c))
                .map(|c| c.classes.unwrap_or(c.positions))
                .sum(),
            _ => positions,
        };
        let name = a.name_of(a.goal()).len() as u64;
        let node = std::mem::size_of::<Node>() as u64 + 2 * name + 200;
        // A class has at most one edge a move (the classes' edges are
        // merged), a position exactly one.
        let edges = nodes.saturating_mul(a.moves().len() as u64);
        nodes
            .saturating_mul(node + 8 * name)
            .saturating_add(edges.saturating_mul(std::mem::size_of::<Edge>() as u64 + 120))
    }

    /// The number of nodes.
    pub fn node_count(&self) -> usize {
        match &self.graph {
            Inner::Undirected(g) => g.node_count(),
            Inner::Directed(g) => g.node_count(),
        }
    }

    /// The number of edges.
    pub fn edge_count(&self) -> usize {
        match &self.graph {
            Inner::Undirected(g) => g.edge_count(),
            Inner::Directed(g) => g.edge_count(),
        }
    }
}

fn node_for(a: &Analysis, x: u64, classes: &Classes) -> Node {
    let c = classes.class_of(x).unwrap_or(0);
    Node {
        code: a.name_of(x),
        grid: a.grid_or_pattern(x),
        sequence_number: x,
        moves: a.moves_at(x).unwrap_or(0),
        class_id: c,
        class_size: classes.list().get(c).map_or(0, |k| k.size),
    }
}

/// Adds the kept positions as nodes; returns the node index of each kept
/// position.
fn position_nodes<Ty: petgraph::EdgeType>(
    a: &Analysis,
    keep: &dyn Fn(u64) -> bool,
    g: &mut petgraph::Graph<Node, Edge, Ty>,
) -> Vec<Option<NodeIndex>> {
    (0..a.space().len())
        .map(|x| keep(x).then(|| g.add_node(node_for(a, x, a.classes()))))
        .collect()
}

/// The moves that stand for an undirected edge each: one of each pair of
/// inverses (the first), and the moves that are their own inverses.
fn edge_moves(a: &Analysis) -> Vec<usize> {
    (0..a.moves().len())
        .filter(|&t| t <= a.moves().get(t).inverse())
        .collect()
}

fn cayley(a: &Analysis, keep: &dyn Fn(u64) -> bool) -> UnGraph<Node, Edge> {
    let moves = a.moves();
    let n = a.space().len() as usize;
    let mut g = UnGraph::with_capacity(n, n * moves.len() / 2);
    let index = position_nodes(a, keep, &mut g);
    let pairs = edge_moves(a);
    for x in 0..n {
        let Some(from) = index[x] else { continue };
        for &t in &pairs {
            let inv = moves.get(t).inverse();
            let y = a.next(x as u64, t) as usize;
            // A move that is its own inverse joins x and y once.
            if t == inv && y < x {
                continue;
            }
            if let Some(to) = index[y] {
                let (name, back) = (moves.get(t).name(), moves.get(inv).name());
                g.add_edge(
                    from,
                    to,
                    Edge {
                        label: if t == inv {
                            name.to_string()
                        } else {
                            format!("{name}/{back}")
                        },
                        twist: Some(name.to_string()),
                        inverse: Some(back.to_string()),
                        multiplicity: None,
                        cost: None,
                    },
                );
            }
        }
    }
    g
}

fn quotient(a: &Analysis, classes: &Classes, keep: &dyn Fn(u64) -> bool) -> UnGraph<Node, Edge> {
    let mut g = UnGraph::default();
    let mut index = vec![None; classes.count()];
    for (id, c) in classes.list().iter().enumerate() {
        if keep(c.representative) {
            index[id] = Some(g.add_node(node_for(a, c.representative, classes)));
        }
    }
    let pairs = edge_moves(a);
    // (smaller class, larger class) → how many Cayley edges join them.
    let mut edges: BTreeMap<(usize, usize), u32> = BTreeMap::new();
    for x in 0..a.space().len() {
        let Some(cs) = classes.class_of(x) else {
            continue;
        };
        if index[cs].is_none() {
            continue;
        }
        for &t in &pairs {
            let y = a.next(x, t);
            if t == a.moves().get(t).inverse() && y < x {
                continue;
            }
            let Some(cq) = classes.class_of(y) else {
                continue;
            };
            if index[cq].is_some() {
                *edges.entry((cs.min(cq), cs.max(cq))).or_insert(0) += 1;
            }
        }
    }
    for ((x, y), m) in edges {
        g.add_edge(
            index[x].expect("kept"),
            index[y].expect("kept"),
            Edge {
                label: format!("×{m}"),
                twist: None,
                inverse: None,
                multiplicity: Some(m),
                cost: None,
            },
        );
    }
    g
}

fn shortest_paths(a: &Analysis, keep: &dyn Fn(u64) -> bool) -> DiGraph<Node, Edge> {
    let moves = a.moves();
    let mut g = DiGraph::default();
    let index = position_nodes(a, keep, &mut g);
    for x in 0..a.space().len() {
        let Some(from) = index[x as usize] else {
            continue;
        };
        let Some(d) = a.moves_at(x) else { continue };
        let last = a.terminal_moves(x);
        for t in 0..moves.len() {
            let y = a.next(x, t);
            let Some(to) = index[y as usize] else {
                continue;
            };
            // The cost of t after the best of x's terminal moves.
            let cost = if last.is_empty() {
                Some(moves.cost_after(None, t))
            } else {
                last.iter()
                    .filter(|&q| !moves.redundant_after(q).contains(t))
                    .map(|q| moves.cost_after(Some(q), t))
                    .min()
            };
            let Some(cost) = cost else { continue };
            if a.moves_at(y)
                .is_some_and(|e| u32::from(d) + cost == u32::from(e))
            {
                let name = moves.get(t).name().to_string();
                g.add_edge(
                    from,
                    to,
                    Edge {
                        label: name.clone(),
                        twist: Some(name),
                        inverse: None,
                        multiplicity: None,
                        cost: Some(cost),
                    },
                );
            }
        }
    }
    g
}
