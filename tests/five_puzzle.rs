//! The five-puzzle: every figure of SPEC.md §2, asserted against the printed
//! values, on the same engine as the eight-puzzle.

mod common;
use common::{fails, schofield};
use schofield::twist::Twist;
use schofield::twist::dictionary::Analysis;
use schofield::twist::five::{self, Dodecahedron, TreeNode};
use schofield::twist::position::{Position, SequenceNumber};
use schofield::twist::puzzle::{EIGHT, FIVE};
use schofield::twist::symmetry::D4;
use std::collections::BTreeSet;

fn analysis() -> Analysis<5> {
    Analysis::new(&FIVE)
}

fn all(a: &Analysis<5>) -> Vec<Position<5>> {
    (0..60)
        .map(|s| a.position(SequenceNumber::new(s)))
        .collect()
}

#[test]
fn a5_has_sixty_positions() {
    assert_eq!(analysis().len(), 60);
    assert_eq!(Position::<5>::COUNT, 60);
}

#[test]
fn moves_distribution_matches_spec() {
    let got: Vec<(u8, usize)> = analysis()
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
    let trees = five::binary_trees(6);
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
    let trees = five::binary_trees(6);
    let roots: Vec<String> = trees.roots.iter().map(|r| r.word.to_string()).collect();
    assert_eq!(roots, ["A", "W"]);
    let reflected: Vec<String> = trees.reflected.iter().map(|r| r.word.to_string()).collect();
    assert_eq!(reflected, ["X", "B"]);
    for (root, mirror) in trees.roots.iter().zip(&trees.reflected) {
        let (mut a, mut b) = (Vec::new(), Vec::new());
        nodes(root, &mut a);
        nodes(mirror, &mut b);
        assert_eq!(a.len(), 63); // 1 + 2 + 4 + 8 + 16 + 32
        for (x, y) in a.iter().zip(&b) {
            // After an A-type twist only a B-type one, and vice versa.
            for w in x.word.twists().windows(2) {
                let a_type = |t: Twist| matches!(t, Twist::A | Twist::W);
                assert_ne!(a_type(w[0]), a_type(w[1]));
            }
            assert_eq!(y.word, x.word.map(|t| D4::Vertical.twist(t)));
            assert_eq!(y.moves, x.moves);
            let px = FIVE.parse_code(&x.position).unwrap();
            assert_eq!(px.conjugate(D4::Vertical).code(), y.position);
            assert_eq!(
                Position::<5>::target().apply_path(&x.word).code(),
                x.position
            );
        }
    }
    // Reflection maps A ↔ X and W ↔ B.
    assert_eq!(D4::Vertical.twist(Twist::A), Twist::X);
    assert_eq!(D4::Vertical.twist(Twist::W), Twist::B);
}

#[test]
fn every_printed_path_replays_and_reflection_keeps_minimal_paths() {
    let a = analysis();
    for p in all(&a) {
        let d = usize::from(a.moves(&p));
        let paths = a.minimal_paths(&p);
        assert!(!paths.is_empty());
        for q in &paths {
            assert!(p.apply_path(q).is_target(), "{}", p.code());
            assert_eq!(q.moves(), d);
        }
        assert_eq!(a.specimen(&p), paths[0]);
        let mirrored: BTreeSet<_> = paths
            .iter()
            .map(|q| q.map(|t| D4::Vertical.twist(t)))
            .collect();
        let of_mirror: BTreeSet<_> = a
            .minimal_paths(&p.conjugate(D4::Vertical))
            .into_iter()
            .collect();
        assert_eq!(mirrored, of_mirror, "{}", p.code());
    }
}

#[test]
fn classes_of_a5_and_the_dodecahedron() {
    let classes = five::cycle_type_classes(&analysis());
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
    let b = five::bound(&analysis(), &Analysis::new(&EIGHT));
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
