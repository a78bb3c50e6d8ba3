//! The twist graph and its quotients, built with petgraph (written as DOT,
//! GraphML or node-link JSON by [`crate::render::render_graph`]).
//!
//! Four graphs, each optionally cut to the positions within `M` moves:
//!
//! - **cayley**: the Cayley graph of the puzzle's group with the twists as
//!   generators. Nodes are positions; a twist and its inverse make one
//!   undirected edge (`A/W` joins `p` and `p·A`).
//! - **classes** and **extended-classes**: the quotients by the D4 classes
//!   (2 572) and the extended classes (1 439). An edge joins two classes when
//!   a twist joins their members, weighted by how many Cayley edges it
//!   stands for; edges inside a class are loops.
//! - **shortest-paths**: the directed edges `p → p·t` that end a minimal path
//!   from the target, each with its cost in moves (2 when `t` elides with the
//!   path's previous twist, else 4). Every position's minimum is the sum of
//!   the costs along any path of this graph from the target.
//!
//! ```
//! use schofield::twist::dictionary::Analysis;
//! use schofield::twist::graph::{GraphKind, TwistGraph};
//! use schofield::twist::puzzle::EIGHT;
//! let a = Analysis::new(&EIGHT);
//! let g = TwistGraph::build(&a, GraphKind::Cayley, None);
//! assert_eq!((g.node_count(), g.edge_count()), (20_160, 80_640));
//! let q = TwistGraph::build(&a, GraphKind::Classes, None);
//! assert_eq!(q.node_count(), 2572);
//! ```

use crate::twist::Twist;
use crate::twist::dictionary::{Analysis, Classes};
use crate::twist::position::SequenceNumber;
use petgraph::graph::{DiGraph, NodeIndex, UnGraph};
use serde::Serialize;
use std::collections::BTreeMap;

/// Which graph to build.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize)]
#[serde(rename_all = "kebab-case")]
pub enum GraphKind {
    /// Positions joined by twists (a twist and its inverse are one edge).
    Cayley,
    /// The quotient by the D4 classes.
    Classes,
    /// The quotient by the extended classes (a position ~ its inverse).
    ExtendedClasses,
    /// The directed edges that end minimal paths from the target.
    ShortestPaths,
}

/// A node: a position, or a class shown by its representative.
#[derive(Debug, Clone, Serialize)]
pub struct Node {
    /// The code number (of the representative, for a class).
    pub code: String,
    /// The grid on one line.
    pub grid: String,
    /// Schofield's sequence number.
    pub sequence_number: u32,
    /// The minimum number of moves.
    pub moves: u8,
    /// The class number (D4 classes; extended classes in that quotient).
    pub class_id: usize,
    /// The number of positions in the class.
    pub class_size: u8,
}

/// An edge.
#[derive(Debug, Clone, Serialize)]
pub struct Edge {
    /// A printable label: `A/W` (Cayley), `×m` for a quotient edge standing
    /// for m Cayley edges (conjugation carries every twist to every other, so
    /// a quotient edge has no one twist), or the twist (shortest paths).
    pub label: String,
    /// The twist that leads from the source to the target, where one does.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub twist: Option<char>,
    /// Its inverse, which leads back (Cayley graph).
    #[serde(skip_serializing_if = "Option::is_none")]
    pub inverse: Option<char>,
    /// How many Cayley edges this quotient edge stands for.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub multiplicity: Option<u32>,
    /// Its cost in moves on a minimal path (2 with elision, else 4).
    #[serde(skip_serializing_if = "Option::is_none")]
    pub cost: Option<u8>,
}

/// The built graph, directed or not.
#[derive(Debug, Clone)]
pub enum Inner {
    /// Cayley graph and quotients.
    Undirected(UnGraph<Node, Edge>),
    /// The shortest-path graph.
    Directed(DiGraph<Node, Edge>),
}

/// A graph over a twist puzzle, with what it was built from.
#[derive(Debug, Clone)]
pub struct TwistGraph {
    /// The puzzle's name.
    pub puzzle: &'static str,
    /// Which graph.
    pub kind: GraphKind,
    /// The cut, if any.
    pub max_moves: Option<u8>,
    /// The petgraph graph.
    pub graph: Inner,
}

impl TwistGraph {
    /// Builds the graph of `kind` over the positions within `max_moves`
    /// (all positions when `None`).
    pub fn build<const N: usize>(
        a: &Analysis<N>,
        kind: GraphKind,
        max_moves: Option<u8>,
    ) -> TwistGraph {
        let keep =
            |s: usize| max_moves.is_none_or(|m| a.moves_at(SequenceNumber::new(s as u32)) <= m);
        let graph = match kind {
            GraphKind::Cayley => Inner::Undirected(cayley(a, &keep)),
            GraphKind::Classes => Inner::Undirected(quotient(a, a.classes(), &keep)),
            GraphKind::ExtendedClasses => {
                Inner::Undirected(quotient(a, a.extended_classes(), &keep))
            }
            GraphKind::ShortestPaths => Inner::Directed(shortest_paths(a, &keep)),
        };
        TwistGraph {
            puzzle: a.puzzle().name,
            kind,
            max_moves,
            graph,
        }
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

fn node_for<const N: usize>(a: &Analysis<N>, s: usize, classes: &Classes) -> Node {
    let seq = SequenceNumber::new(s as u32);
    let p = a.position(seq);
    let c = classes.class_of(seq);
    Node {
        code: p.code(),
        grid: a.puzzle().grid_compact(&p),
        sequence_number: seq.get(),
        moves: a.moves_at(seq),
        class_id: c.id.index(),
        class_size: c.size,
    }
}

/// Adds the kept positions as nodes; returns the node index of each kept
/// sequence number.
fn position_nodes<const N: usize, Ty: petgraph::EdgeType>(
    a: &Analysis<N>,
    keep: &dyn Fn(usize) -> bool,
    g: &mut petgraph::Graph<Node, Edge, Ty>,
) -> Vec<Option<NodeIndex>> {
    (0..a.len())
        .map(|s| keep(s).then(|| g.add_node(node_for(a, s, a.classes()))))
        .collect()
}

fn cayley<const N: usize>(a: &Analysis<N>, keep: &dyn Fn(usize) -> bool) -> UnGraph<Node, Edge> {
    let mut g = UnGraph::with_capacity(a.len(), a.len() * a.puzzle().twists.len() / 2);
    let index = position_nodes(a, keep, &mut g);
    for s in 0..a.len() {
        let Some(from) = index[s] else { continue };
        for &t in a.puzzle().twists.iter().filter(|t| t.index() < 4) {
            let q = a.next(SequenceNumber::new(s as u32), t).index();
            if let Some(to) = index[q] {
                g.add_edge(
                    from,
                    to,
                    Edge {
                        label: format!("{}/{}", t.letter(), t.inverse().letter()),
                        twist: Some(t.letter()),
                        inverse: Some(t.inverse().letter()),
                        multiplicity: None,
                        cost: None,
                    },
                );
            }
        }
    }
    g
}

fn quotient<const N: usize>(
    a: &Analysis<N>,
    classes: &Classes,
    keep: &dyn Fn(usize) -> bool,
) -> UnGraph<Node, Edge> {
    let mut g = UnGraph::default();
    let mut index = vec![None; classes.len()];
    for c in classes.iter() {
        if keep(c.representative.index()) {
            index[c.id.index()] = Some(g.add_node(node_for(a, c.representative.index(), classes)));
        }
    }
    // (smaller class, larger class) → how many Cayley edges join them.
    let mut edges: BTreeMap<(usize, usize), u32> = BTreeMap::new();
    for s in 0..a.len() {
        let seq = SequenceNumber::new(s as u32);
        let cs = classes.class_of(seq).id.index();
        if index[cs].is_none() {
            continue;
        }
        for &t in a.puzzle().twists.iter().filter(|t| t.index() < 4) {
            let cq = classes.class_of(a.next(seq, t)).id.index();
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

fn shortest_paths<const N: usize>(
    a: &Analysis<N>,
    keep: &dyn Fn(usize) -> bool,
) -> DiGraph<Node, Edge> {
    let mut g = DiGraph::default();
    let index = position_nodes(a, keep, &mut g);
    for s in 0..a.len() {
        let Some(from) = index[s] else { continue };
        let seq = SequenceNumber::new(s as u32);
        let d = a.moves_at(seq);
        let last = a.terminal_twists_from_target(seq);
        for &t in a.puzzle().twists {
            let q = a.next(seq, t);
            let Some(to) = index[q.index()] else { continue };
            // The cost of t after the best of p's terminal twists.
            let allowed = |l: Twist| t != l && t != l.inverse();
            let cost = if last.iter().any(|l| allowed(l) && l.elides_into(t)) {
                2
            } else if last.is_empty() || last.iter().any(|l| allowed(l) && !l.elides_into(t)) {
                4
            } else {
                continue;
            };
            if d + cost == a.moves_at(q) {
                g.add_edge(
                    from,
                    to,
                    Edge {
                        label: t.letter().to_string(),
                        twist: Some(t.letter()),
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
