//! Schofield's five-puzzle: the eight-puzzle without its bottom row, whose
//! 60 positions form the alternating group A5.
//!
//! ```text
//! 1 2 3
//! 0 _ 4
//! ```
//!
//! The puzzle is a data file (`data/puzzles/five.yaml`) run by the same
//! engine as the eight-puzzle. This module adds what Schofield did with it:
//! the binary trees of twist sequences from A and from A⁻¹ (W), their mirror
//! images, the classes of A5 set beside the rotation axes of the
//! dodecahedron, and the bound he took from it.
//!
//! ```
//! use schofield::puzzle::library;
//! use schofield::method::analysis::{Analysis, Options};
//! use schofield::method::five::{binary_trees, cycle_type_classes};
//! let a = Analysis::new(library::get("five").unwrap(), &Options::default(), &|_| {}).unwrap();
//! assert_eq!(a.positions(), 60);
//! assert_eq!(a.max_moves(), 20);
//! let trees = binary_trees(&a, 6);
//! assert_eq!(trees.roots.len(), 2); // from A and from W
//! let classes = cycle_type_classes(&a);
//! assert_eq!(classes.iter().map(|c| c.elements).collect::<Vec<_>>(), [1, 20, 24, 15]);
//! ```

use crate::method::analysis::Analysis;
use crate::method::{Path, WrittenPath};
use crate::perm;
use serde::Serialize;
use std::collections::HashMap;

/// One node of a binary tree: a reduced twist word and what it reaches from
/// the target.
#[derive(Debug, Clone, Serialize)]
pub struct TreeNode {
    /// The word, e.g. `ABW`.
    pub word: WrittenPath,
    /// The number of twists (the depth in the tree).
    pub twists: usize,
    /// Its cost in moves, `4t − 2e`.
    pub moves: usize,
    /// The code number of the position it reaches from the target.
    pub position: String,
    /// True when no earlier word reaches that position. Words are taken by
    /// number of twists, then in slot order A B W X, across all four trees.
    pub first: bool,
    /// When not first: the earliest word that reaches the same position.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub same_as: Option<WrittenPath>,
    /// The two continuations (none at the last depth).
    #[serde(skip_serializing_if = "Vec::is_empty")]
    pub children: Vec<TreeNode>,
    /// The word's moves, by number.
    #[serde(skip)]
    pub path: Vec<usize>,
}

/// Schofield's binary trees, followed to a given depth.
#[derive(Debug, Clone, Serialize)]
pub struct BinaryTrees {
    /// How many twists deep the trees go.
    pub depth: usize,
    /// The trees he followed: from A and from W (= A⁻¹).
    pub roots: Vec<TreeNode>,
    /// Their mirror images under the vertical reflection `i ↦ 4 − i`
    /// (A ↔ X, W ↔ B): the trees from X and from B.
    pub reflected: Vec<TreeNode>,
    /// How many positions are first reached with each number of twists,
    /// 0, 1, 2, … (over all four trees).
    pub first_reached: Vec<usize>,
}

/// The position a word reaches from the target.
fn reach(a: &Analysis, word: &[usize]) -> u64 {
    word.iter().fold(a.goal(), |x, &m| a.next(x, m))
}

/// The binary trees of reduced twist words from the first move (A) and its
/// inverse (W), `depth` twists deep, with their reflections under the
/// puzzle's one other symmetry. After an A-type twist (A, W) only a B-type
/// one (B, X) can usefully follow, and vice versa, so each node has two
/// children.
pub fn binary_trees(a: &Analysis, depth: usize) -> BinaryTrees {
    let moves = a.moves();
    let n = moves.len();
    // Every reduced word by number of twists, then slot order: the first
    // word to reach each position.
    let mut first: HashMap<u64, Vec<usize>> = HashMap::new();
    first.insert(a.goal(), Vec::new());
    let mut first_reached = vec![1];
    let mut level: Vec<Vec<usize>> = vec![vec![]];
    for _ in 0..depth {
        let mut next_level = Vec::new();
        let mut new = 0;
        for w in &level {
            for t in 0..n {
                if let Some(&l) = w.last()
                    && moves.redundant_after(l).contains(t)
                {
                    continue;
                }
                let mut v = w.clone();
                v.push(t);
                if let std::collections::hash_map::Entry::Vacant(e) = first.entry(reach(a, &v)) {
                    e.insert(v.clone());
                    new += 1;
                }
                next_level.push(v);
            }
        }
        first_reached.push(new);
        level = next_level;
    }
    let roots: Vec<TreeNode> = [0, moves.get(0).inverse()]
        .into_iter()
        .map(|t| build(a, &[t], depth, &first))
        .collect();
    // The reflection: the symmetry other than the identity.
    let image = a
        .symmetries()
        .get(1)
        .map(|s| s.image.clone())
        .unwrap_or_else(|| (0..n).collect());
    let reflected = roots
        .iter()
        .map(|r| reflect(a, r, &image, &first))
        .collect();
    BinaryTrees {
        depth,
        roots,
        reflected,
        first_reached,
    }
}

fn node(
    a: &Analysis,
    word: &[usize],
    first: &HashMap<u64, Vec<usize>>,
    children: Vec<TreeNode>,
) -> TreeNode {
    let moves = a.moves();
    let x = reach(a, word);
    let earliest = &first[&x];
    let is_first = earliest.as_slice() == word;
    let path = Path::new(word.to_vec());
    TreeNode {
        twists: path.len(),
        moves: path.cost(moves),
        position: a.name_of(x),
        first: is_first,
        same_as: (!is_first).then(|| Path::new(earliest.clone()).written(moves)),
        word: path.written(moves),
        children,
        path: word.to_vec(),
    }
}

/// The mirror image of a tree under the reflection, node for node: every
/// word's twists and every position reflected.
fn reflect(
    a: &Analysis,
    tree: &TreeNode,
    image: &[usize],
    first: &HashMap<u64, Vec<usize>>,
) -> TreeNode {
    let mirrored: Vec<usize> = tree.path.iter().map(|&m| image[m]).collect();
    let children = tree
        .children
        .iter()
        .map(|c| reflect(a, c, image, first))
        .collect();
    node(a, &mirrored, first, children)
}

fn build(a: &Analysis, word: &[usize], depth: usize, first: &HashMap<u64, Vec<usize>>) -> TreeNode {
    let moves = a.moves();
    let last = *word.last().expect("a tree node has a twist");
    let children = if word.len() < depth {
        (0..moves.len())
            .filter(|&t| !moves.redundant_after(last).contains(t))
            .map(|t| {
                let mut w = word.to_vec();
                w.push(t);
                build(a, &w, depth, first)
            })
            .collect()
    } else {
        Vec::new()
    };
    node(a, word, first, children)
}

/// One class of permutations of A5 by cycle type, beside the rotations of
/// the dodecahedron that correspond to it.
#[derive(Debug, Clone, Serialize)]
pub struct CycleTypeClass {
    /// Schofield's name for the class.
    pub name: &'static str,
    /// The cycle type: lengths of the non-trivial cycles.
    pub cycle_type: Vec<usize>,
    /// How many of the 60 positions have this cycle type.
    pub elements: usize,
    /// The order of each element.
    pub order: usize,
    /// The cyclic subgroups these elements generate; each is the group of
    /// rotations about one axis.
    pub cyclic_subgroups: usize,
    /// How many elements each such subgroup contributes (order − 1).
    pub per_subgroup: usize,
    /// The sizes of the conjugacy classes of A5 within this cycle type (the
    /// five-cycles split into two classes of 12).
    pub conjugacy_classes: Vec<usize>,
    /// The dodecahedron's axes of the matching kind.
    pub axes: &'static str,
    /// How many such axes the dodecahedron has.
    pub dodecahedron_axes: usize,
    /// The rotations about each axis other than the identity.
    pub rotations: &'static str,
}

/// The regular dodecahedron, by its counts: 12 pentagonal faces, three
/// meeting at each vertex.
#[derive(Debug, Clone, Copy, Serialize)]
pub struct Dodecahedron {
    /// Faces.
    pub faces: usize,
    /// Sides of each face.
    pub face_sides: usize,
    /// Faces meeting at each vertex.
    pub vertex_degree: usize,
}

impl Dodecahedron {
    /// The regular dodecahedron.
    pub const REGULAR: Dodecahedron = Dodecahedron {
        faces: 12,
        face_sides: 5,
        vertex_degree: 3,
    };

    /// Edges: each face has `face_sides` edges, each edge is shared by two
    /// faces (30).
    pub fn edges(&self) -> usize {
        self.faces * self.face_sides / 2
    }

    /// Vertices: each face has `face_sides` corners, each vertex is shared
    /// by `vertex_degree` faces (20).
    pub fn vertices(&self) -> usize {
        self.faces * self.face_sides / self.vertex_degree
    }

    /// The order of its rotation group: 1 + Σ over axes of (order − 1).
    pub fn rotations(&self) -> usize {
        1 + self.vertices() / 2 * (self.vertex_degree - 1)
            + self.faces / 2 * (self.face_sides - 1)
            + self.edges() / 2
    }
}

/// The classes of the five-puzzle's 60 positions by cycle type, computed from
/// the positions, beside the dodecahedron's axes computed from its counts.
pub fn cycle_type_classes(a: &Analysis) -> Vec<CycleTypeClass> {
    let positions: Vec<Vec<u8>> = (0..a.space().len())
        .filter(|&x| a.moves_at(x).is_some())
        .map(|x| a.position(x).orbits()[0].pieces.clone())
        .collect();
    let d = Dodecahedron::REGULAR;
    let kinds: [(&str, Vec<usize>, &str, usize, &str); 4] = [
        ("identity", vec![], "(none: the identity)", 1, "none"),
        (
            "cyclic permutations of 3 pieces",
            vec![3],
            "pairs of opposite vertices",
            d.vertices() / 2,
            "2π/3, 4π/3",
        ),
        (
            "cyclic permutations of 5 pieces",
            vec![5],
            "pairs of opposite faces",
            d.faces / 2,
            "2π/5, 4π/5, 6π/5, 8π/5",
        ),
        (
            "pairs of transpositions",
            vec![2, 2],
            "pairs of opposite edges",
            d.edges() / 2,
            "π",
        ),
    ];
    kinds
        .into_iter()
        .map(|(name, cycle_type, axes, dodecahedron_axes, rotations)| {
            let members: Vec<&Vec<u8>> = positions
                .iter()
                .filter(|p| {
                    let mut t: Vec<usize> = perm::cycles(p).iter().map(Vec::len).collect();
                    t.sort_unstable_by(|x, y| y.cmp(x));
                    t == cycle_type
                })
                .collect();
            let order = cycle_type.iter().copied().max().unwrap_or(1);
            // Cyclic subgroups: each is the set of powers of a member.
            let mut subgroups: Vec<Vec<Vec<u8>>> = Vec::new();
            for p in &members {
                let mut powers = vec![(*p).clone()];
                let mut q = (*p).clone();
                loop {
                    q = perm::compose(p, &q);
                    if q == **p {
                        break;
                    }
                    powers.push(q.clone());
                }
                powers.sort_unstable();
                if !subgroups.contains(&powers) {
                    subgroups.push(powers);
                }
            }
            // Conjugacy classes within A5.
            let mut seen: Vec<Vec<u8>> = Vec::new();
            let mut conjugacy_classes = Vec::new();
            for p in &members {
                if seen.contains(p) {
                    continue;
                }
                let mut class: Vec<Vec<u8>> = positions
                    .iter()
                    .map(|g| perm::compose(&perm::compose(&perm::inverse(g), p), g))
                    .collect();
                class.sort_unstable();
                class.dedup();
                conjugacy_classes.push(class.len());
                seen.extend(class);
            }
            CycleTypeClass {
                name,
                cycle_type,
                elements: members.len(),
                order,
                cyclic_subgroups: if order == 1 { 1 } else { subgroups.len() },
                per_subgroup: order - 1,
                conjugacy_classes,
                axes,
                dodecahedron_axes,
                rotations,
            }
        })
        .collect()
}

/// Schofield's bound, beside the true figures.
#[derive(Debug, Clone, Copy, Serialize)]
pub struct Bound {
    /// The most moves any five-puzzle position needs (computed: 20).
    pub five_puzzle_max: u8,
    /// The number of twists that reach all of A5 (computed: 6).
    pub five_puzzle_twists: usize,
    /// Schofield's "very crude upper bound" for the eight-puzzle, as printed
    /// (stated without derivation).
    pub schofield_crude_bound: u8,
    /// The most moves any eight-puzzle position needs (computed: 30).
    pub eight_puzzle_max: u8,
}

/// The printed crude bound (the paper gives no derivation).
pub const SCHOFIELD_CRUDE_BOUND: u8 = 48;

/// The bound, computed from both analyses.
pub fn bound(five: &Analysis, eight: &Analysis) -> Bound {
    Bound {
        five_puzzle_max: five.max_moves(),
        five_puzzle_twists: five.twist_counts().len() - 1,
        schofield_crude_bound: SCHOFIELD_CRUDE_BOUND,
        eight_puzzle_max: eight.max_moves(),
    }
}
