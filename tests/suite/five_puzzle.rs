//! The five-puzzle: every figure of SPEC.md §2, asserted against the printed
//! values, on the same engine as the eight-puzzle.

use super::common;
use super::common::{fails, schofield};
use schofield::method::Path;
use schofield::method::analysis::Analysis;
use schofield::method::five::{self, Dodecahedron, TreeNode};
use std::collections::BTreeSet;

fn analysis() -> &'static Analysis {
    common::five()
}

/// The five-puzzle's twists as SPEC.md states them (A = (0 1 2), B =
/// (2 3 4), W and X their inverses), applied to the piece on each square.
fn apply(pieces: &[u8], letter: char) -> Vec<u8> {
    let [a, b, c] = match letter {
        'A' => [0, 1, 2],
        'B' => [2, 3, 4],
        'W' => [2, 1, 0],
        'X' => [4, 3, 2],
        other => panic!("no twist {other}"),
    };
    let mut p = pieces.to_vec();
    p[b] = pieces[a];
    p[c] = pieces[b];
    p[a] = pieces[c];
    p
}

/// The vertical reflection `i ↦ 4 − i` of a letter: A ↔ X, W ↔ B.
fn mirror(letter: char) -> char {
    match letter {
        'A' => 'X',
        'X' => 'A',
        'W' => 'B',
        'B' => 'W',
        other => other,
    }
}

#[test]
fn a5_has_sixty_positions() {
    assert_eq!(analysis().positions(), 60);
    assert_eq!(analysis().space().len(), 60);
}

#[test]
fn moves_distribution_matches_spec() {
    let got: Vec<(u32, u64)> = analysis()
        .move_counts()
        .iter()
        .map(|r| (r.moves, r.positions))
        .collect();
    let spec = [
        (0, 1),
        (4, 4),
        (6, 2),
        (8, 6),
        (10, 8),
        (12, 10),
        (14, 14),
        (16, 9),
        (18, 4),
        (20, 2),
    ];
    assert_eq!(got, spec);
    assert_eq!(analysis().max_moves(), 20);
}

#[test]
fn twists_first_needed_match_spec() {
    assert_eq!(analysis().twist_counts(), [1, 4, 8, 16, 24, 6, 1]);
    // The binary trees, followed through 6 twists, reach all of A5.
    let trees = five::binary_trees(analysis(), 6);
    assert_eq!(trees.first_reached, [1, 4, 8, 16, 24, 6, 1]);
    assert_eq!(trees.first_reached.iter().sum::<usize>(), 60);
}

fn nodes(n: &TreeNode, out: &mut Vec<TreeNode>) {
    out.push(n.clone());
    for c in &n.children {
        nodes(c, out);
    }
}

#[test]
fn the_trees_are_binary_and_reflection_gives_the_other_two() {
    let a = analysis();
    let trees = five::binary_trees(a, 6);
    let roots: Vec<String> = trees.roots.iter().map(|r| r.word.to_string()).collect();
    assert_eq!(roots, ["A", "W"]);
    let reflected: Vec<String> = trees.reflected.iter().map(|r| r.word.to_string()).collect();
    assert_eq!(reflected, ["X", "B"]);
    let target: Vec<u8> = (0..5).collect();
    let code = |p: &[u8]| {
        p[..3]
            .iter()
            .map(|d| char::from(b'0' + d))
            .collect::<String>()
    };
    for (root, mirrored) in trees.roots.iter().zip(&trees.reflected) {
        let (mut x_nodes, mut y_nodes) = (Vec::new(), Vec::new());
        nodes(root, &mut x_nodes);
        nodes(mirrored, &mut y_nodes);
        assert_eq!(x_nodes.len(), 63); // 1 + 2 + 4 + 8 + 16 + 32
        for (x, y) in x_nodes.iter().zip(&y_nodes) {
            let word: Vec<char> = x.word.plain.chars().collect();
            // After an A-type twist only a B-type one, and vice versa.
            for w in word.windows(2) {
                let a_type = |t: char| matches!(t, 'A' | 'W');
                assert_ne!(a_type(w[0]), a_type(w[1]));
            }
            assert_eq!(
                y.word.plain,
                word.iter().map(|&c| mirror(c)).collect::<String>()
            );
            assert_eq!(y.moves, x.moves);
            // The position each word reaches, as SPEC.md's twists move
            // the squares; the mirror word reaches the mirror image
            // (square i ↦ 4 − i, piece p ↦ 4 − p).
            let px = word.iter().fold(target.clone(), |p, &c| apply(&p, c));
            assert_eq!(code(&px), x.position);
            let mut py = vec![0u8; 5];
            for (i, &p) in px.iter().enumerate() {
                py[4 - i] = 4 - p;
            }
            assert_eq!(code(&py), y.position);
        }
    }
    // Reflection maps A ↔ X and W ↔ B.
    let image = &a.symmetries()[1].image;
    let names: String = image.iter().map(|&m| a.moves().get(m).name()).collect();
    assert_eq!(names, "XWBA"); // A → X, B → W, W → B, X → A
}

#[test]
fn every_printed_path_replays_and_reflection_keeps_minimal_paths() {
    let a = analysis();
    let moves = a.moves();
    let target: Vec<u8> = (0..5).collect();
    let image = &a.symmetries()[1].image;
    for x in 0..60 {
        let d = usize::from(a.moves_at(x).unwrap());
        let paths = a.minimal_paths(x);
        assert!(!paths.is_empty());
        let pieces = a.position(x).orbits()[0].pieces.clone();
        for q in &paths {
            let letters = Path::new(q.clone()).write(moves);
            let end = letters.chars().fold(pieces.clone(), |p, c| apply(&p, c));
            assert_eq!(end, target, "{}", a.name_of(x));
            assert_eq!(Path::new(q.clone()).cost(moves), d);
        }
        assert_eq!(a.specimen(x), paths[0]);
        let mirrored: BTreeSet<Vec<usize>> = paths
            .iter()
            .map(|q| q.iter().map(|&t| image[t]).collect())
            .collect();
        let of_mirror: BTreeSet<Vec<usize>> =
            a.minimal_paths(a.conjugate(x, 1)).into_iter().collect();
        assert_eq!(mirrored, of_mirror, "{}", a.name_of(x));
    }
}

#[test]
fn classes_of_a5_and_the_dodecahedron() {
    let classes = five::cycle_type_classes(analysis());
    let elements: Vec<usize> = classes.iter().map(|c| c.elements).collect();
    assert_eq!(elements, [1, 20, 24, 15]);
    let subgroups: Vec<usize> = classes.iter().map(|c| c.cyclic_subgroups).collect();
    let axes: Vec<usize> = classes.iter().map(|c| c.dodecahedron_axes).collect();
    // 10 vertex axes, 6 face axes, 15 edge axes: one per cyclic subgroup.
    assert_eq!(&subgroups[1..], [10, 6, 15]);
    assert_eq!(&axes[1..], [10, 6, 15]);
    let conj: Vec<Vec<usize>> = classes
        .iter()
        .map(|c| c.conjugacy_classes.clone())
        .collect();
    assert_eq!(conj, [vec![1], vec![20], vec![12, 12], vec![15]]);
    let d = Dodecahedron::REGULAR;
    assert_eq!((d.vertices(), d.edges(), d.faces), (20, 30, 12));
    assert_eq!(d.rotations(), 60);
}

#[test]
fn the_bound() {
    let b = five::bound(analysis(), common::eight());
    assert_eq!(b.five_puzzle_max, 20);
    assert_eq!(b.five_puzzle_twists, 6);
    assert_eq!(b.schofield_crude_bound, 48);
    assert_eq!(b.eight_puzzle_max, 30);
}

#[test]
fn the_papers_elision_example_from_the_command_line() {
    let out = schofield(&[
        "five", "path", "BA", "--from", "231/0_4", "--format", "json",
    ]);
    let r: serde_json::Value = serde_json::from_slice(&out.stdout).unwrap();
    let pieces: Vec<u64> = r["tile_slides"]
        .as_array()
        .unwrap()
        .iter()
        .map(|m| m["piece"].as_u64().unwrap())
        .collect();
    assert_eq!(r["tile_moves"], serde_json::json!(pieces));
    assert_eq!(pieces, [4, 1, 3, 2, 0, 4]);
    assert_eq!(r["moves"], 6);
}

#[test]
fn five_solve_has_the_eight_puzzles_output() {
    let out = schofield(&["five", "solve", "231/0_4", "--all", "--format", "json"]);
    assert!(out.status.success());
    let r: serde_json::Value = serde_json::from_slice(&out.stdout).unwrap();
    assert_eq!(r["puzzle"], "five-puzzle");
    assert_eq!(r["code"], "023");
    assert_eq!(r["moves"], 16);
    assert_eq!(r["starting_field"], "ABW.");
    assert_eq!(
        r["minimal_paths"],
        serde_json::json!(["AXWB", "BABWX", "WXABA"])
    );
}

#[test]
fn five_bad_input() {
    for (args, needle) in [
        (vec!["five", "solve", "221/0_4"], "piece 2 appears twice"),
        (vec!["five", "solve", "213/0_4"], "odd permutation"),
        (
            vec!["five", "solve", "123/04_"],
            "the blank is at row 2, column 3",
        ),
        (vec!["five", "solve", "125/0_4"], "piece 5 does not exist"),
        (vec!["five", "solve", "0123"], "a code number has 3 digits"),
        (
            vec!["five", "path", "AC"],
            "unknown twist 'C' at character 2 of the path; expected letters from A B W X",
        ),
        (
            vec!["five", "path", "AB", "--from", "(16)"],
            "square 6 in cycle notation is out of range",
        ),
    ] {
        fails(&args, needle);
    }
    let out = schofield(&["five", "trees", "--depth", "0"]);
    assert_eq!(out.status.code(), Some(2));
}

#[test]
fn the_trees_as_dot() {
    let out = schofield(&["five", "trees", "--dot"]);
    assert!(out.status.success());
    let dot = String::from_utf8(out.stdout).unwrap();
    assert!(dot.starts_with("digraph five_puzzle_trees {"));
    // The target and the four trees of 63 nodes each; an edge into every
    // node but the target.
    let edges = dot.lines().filter(|l| l.contains(" -> ")).count();
    let nodes = dot
        .lines()
        .filter(|l| l.contains("label = ") && !l.contains(" -> "))
        .count();
    assert_eq!((nodes, edges), (1 + 4 * 63, 4 * 63));
    assert!(dot.contains("label = \"target\\n012\""), "{dot}");
}
