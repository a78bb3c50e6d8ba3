//! The figures of SPEC.md §1 and Schofield's paper, each asserted against
//! the value printed there, and the cross-checks between independent
//! computations. The engine reads the eight-puzzle from its data file
//! (`data/puzzles/eight.yaml`); the checks apply SPEC.md's twists and
//! elision rule as written out in the tests' `spec` model.

use super::common;
use super::common::spec;
use schofield::board::Board;
use schofield::method::analysis::{Analysis, MoveCount};
use schofield::method::{MoveBits, Path, TrayCell, expand};
use std::collections::BTreeSet;

fn analysis() -> &'static Analysis {
    common::eight()
}

/// The piece on each square of position `x`.
fn pieces(x: u64) -> Vec<u8> {
    analysis().position(x).orbits()[0].pieces.clone()
}

fn target() -> Vec<u8> {
    (0..8).collect()
}

/// A standard position laid on the 3×3 tray in reading order, as tiles
/// 1 … 8 (Schofield's piece p is tile p + 1) with 0 for the empty centre.
fn tray(p: &[u8]) -> Vec<u8> {
    // Squares in reading order: 1 2 3 / 0 _ 4 / 7 6 5.
    [
        Some(1),
        Some(2),
        Some(3),
        Some(0),
        None,
        Some(4),
        Some(7),
        Some(6),
        Some(5),
    ]
    .iter()
    .map(|c: &Option<usize>| c.map_or(0, |i| p[i] + 1))
    .collect()
}

fn all_positions() -> impl Iterator<Item = u64> {
    0..20_160
}

/// A path's letters.
fn letters(q: &[usize]) -> String {
    Path::new(q.to_vec()).write(analysis().moves())
}

/// Schofield's table, transcribed from SPEC.md.
const TABLE: [(u8, u64, u64, u64); 15] = [
    (0, 1, 1, 1),
    (4, 8, 1, 1),
    (6, 8, 1, 1),
    (8, 40, 6, 5),
    (10, 88, 11, 6),
    (12, 232, 29, 18),
    (14, 556, 70, 40),
    (16, 1254, 159, 94),
    (18, 2456, 312, 167),
    (20, 4020, 506, 278),
    (22, 5048, 638, 340),
    (24, 4121, 529, 298),
    (26, 1902, 248, 139),
    (28, 366, 49, 39),
    (30, 60, 12, 12),
];

#[test]
fn move_count_table_matches_schofield() {
    let expected: Vec<MoveCount> = TABLE
        .iter()
        .map(|&(moves, positions, classes, extended_classes)| MoveCount {
            moves: moves.into(),
            positions,
            classes: Some(classes),
            extended_classes: Some(extended_classes),
        })
        .collect();
    assert_eq!(analysis().move_counts(), expected);
}

#[test]
fn totals_and_group_facts() {
    let a = analysis();
    assert_eq!(a.positions(), 20_160); // |A8| = 8!/2
    let (classes, extended) = (a.classes(), a.extended_classes().unwrap());
    assert_eq!(classes.count(), 2572);
    assert_eq!(extended.count(), 1439);
    assert_eq!(a.max_moves(), 30);
    let sizes: u64 = classes.list().iter().map(|c| c.size).sum();
    assert_eq!(sizes, 20_160);
    let ext: u64 = extended.list().iter().map(|c| c.size).sum();
    assert_eq!(ext, 20_160);
    // Class sizes divide the group orders: 8 for D4, 16 with inverses.
    assert_eq!(a.symmetries().len(), 8);
    assert!(classes.list().iter().all(|c| 8 % c.size == 0));
    assert!(extended.list().iter().all(|c| 16 % c.size == 0));
    // Every class's representative is its member with the smallest number.
    for (id, c) in classes.list().iter().enumerate() {
        assert_eq!(classes.members(id)[0], c.representative);
    }
    // Burnside's lemma counts the same classes.
    let counted = a.burnside();
    assert_eq!(counted.classes, 2572);
    assert_eq!(counted.extended, Some(1439));
}

#[test]
fn worked_example_102536() {
    let a = analysis();
    let x = a.parse_position("0 2 5 / 1 _ 3 / 7 4 6").unwrap();
    assert_eq!(a.code(x).unwrap(), "102536");
    assert_eq!(a.parse_position("102536").unwrap(), x);
    assert_eq!(a.moves_at(x), Some(20));
    assert_eq!(a.starting_moves(x).letters(a.moves()), "WZ");
    let paths: Vec<String> = a.minimal_paths(x).iter().map(|q| letters(q)).collect();
    assert_eq!(paths, ["WXYZADY", "ZWBDCBA"]);
    assert_eq!(spec::follow(&pieces(x), "WXYZADY"), target());
    assert_eq!(spec::cost("WXYZADY"), 20);
    let w = Path::parse(a.moves(), "WXYZADY").unwrap();
    assert_eq!(w.cost(a.moves()), 20);
    assert_eq!(w.marked(a.moves()), "W X̸ Y̸ Z̸ A D̸ Y");
}

#[test]
fn lemma_a_123_in_sixteen_moves_and_no_fewer() {
    let a = analysis();
    let path = Path::parse(a.moves(), "AXWB").unwrap();
    let reached = path.moves().iter().fold(a.goal(), |x, &m| a.next(x, m));
    assert_eq!(a.cycles(reached).unwrap(), "(123)");
    assert_eq!(path.cost(a.moves()), 16);
    assert_eq!(spec::cost("AXWB"), 16);
    assert_eq!(a.moves_at(reached), Some(16));
    assert_eq!(a.moves_at(a.parse_position("(123)").unwrap()), Some(16));
}

#[test]
fn sequence_numbers_follow_equation_one() {
    let a = analysis();
    assert_eq!(a.goal(), 0);
    // The paper's example grid 654/7_3/102: equation (1) gives 20 159 …
    let printed = [7u8, 6, 5, 4, 3, 2, 0, 1];
    assert_eq!(schofield::perm::even_rank(&printed), 20_159);
    // … but it is an odd permutation (27 inversions), not a position of
    // the puzzle (docs/errata.md). The position numbered 20 159 is its even
    // twin, with the pieces on squares 6 and 7 swapped.
    assert!(!schofield::perm::is_even(&printed));
    assert!(a.parse_position("654/7_3/102").is_err());
    let last = a.parse_position("654/7_3/012").unwrap();
    assert_eq!(last, 20_159);
    assert_eq!(a.grid(20_159).unwrap(), "654/7_3/012");
    assert_eq!(a.space().len(), 20_160);
    let mut seen = BTreeSet::new();
    for x in all_positions() {
        assert!(seen.insert(pieces(x)));
        assert!(schofield::perm::is_even(&pieces(x)));
    }
}

/// Equation (1) written out literally, as a second computation.
#[test]
fn sequence_number_is_schofields_formula() {
    let fact = |k: u64| (1..=k).product::<u64>();
    for x in all_positions().step_by(7) {
        let c = pieces(x);
        let mut twice = 0u64;
        for i in 0..=5 {
            let h = (i + 1..8).filter(|&j| c[i] > c[j]).count() as u64;
            twice += fact(7 - i as u64) * h;
        }
        assert_eq!(twice % 2, 0);
        assert_eq!(x, twice / 2);
    }
}

#[test]
fn paper_cycle_notation_example() {
    // The paper's notation example: from 534/0_2/176 to 345/0_2/716 is
    // (132)(67). Both grids are odd relative to the target (so neither is a
    // position of the puzzle); the transition is checked on piece lists.
    assert!(matches!(
        analysis().parse_position("534/0_2/176"),
        Err(schofield::method::notation::PositionError::OddPermutation { .. })
    ));
    let moved = schofield::perm::parse_product("(132)(67)", 8).unwrap();
    let start = [0u8, 5, 3, 4, 2, 6, 7, 1];
    let mut end = [0u8; 8];
    for i in 0..8 {
        end[usize::from(moved[i])] = start[i];
    }
    assert_eq!(end, [0, 3, 4, 5, 2, 6, 1, 7]);
}

#[test]
fn elision_rule() {
    // After A only D elides, after W only X, and so on round the board.
    let moves = analysis().moves();
    let cases = [
        ("AD", 6),
        ("WX", 6),
        ("BA", 6),
        ("XY", 6),
        ("AB", 8),
        ("AW", 8),
        ("AA", 8),
    ];
    for (p, m) in cases {
        assert_eq!(Path::parse(moves, p).unwrap().cost(moves), m, "{p}");
        assert_eq!(spec::cost(p), m, "{p}");
    }
    // The paper: A B⁻¹ A⁻¹ B is 16 moves, while A B A B is 14.
    assert_eq!(Path::parse(moves, "AXWB").unwrap().cost(moves), 16);
    assert_eq!(Path::parse(moves, "ABAB").unwrap().cost(moves), 14);
    // The data file's words give exactly SPEC.md's elisions.
    for x in 0..8 {
        for y in 0..8 {
            assert_eq!(moves.elides(x, y), spec::elides(x, y), "{x} {y}");
        }
    }
}

#[test]
fn tile_breadth_first_search_agrees_on_every_position() {
    let board = Board::new(3, 3).unwrap();
    let d = board.plain_distances(&tray(&target())).unwrap();
    assert_eq!(d.reached(), 181_440);
    let a = analysis();
    for x in all_positions() {
        assert_eq!(d.get(&tray(&pieces(x))), a.moves_at(x), "{}", a.name_of(x));
    }
}

#[test]
fn shortest_tile_sequences_are_the_minimal_words_with_their_twins() {
    // Counting shortest paths in the plain tile graph, independently of the
    // twist calculus: each minimal reduced word stands for 2^(twin sites)
    // tile sequences (B W D and B A A D are both 12 moves), and nothing else
    // is as short.
    let (_, counts) = Board::new(3, 3)
        .unwrap()
        .count_shortest_paths(&tray(&target()))
        .unwrap();
    let a = analysis();
    let mut with_twins = 0;
    for x in all_positions() {
        let words = a.minimal_paths(x);
        let expected: u64 = words
            .iter()
            .map(|w| Path::new(w.clone()).tile_sequences(a.moves()))
            .sum();
        let rank = schofield::perm::lex_rank(&tray(&pieces(x))) as usize;
        // Shortest paths from the target to p, reversed, are those from p.
        assert_eq!(counts[rank], expected, "{}", a.name_of(x));
        with_twins += usize::from(expected != words.len() as u64);
    }
    assert!(with_twins > 0);
}

#[test]
fn every_specimen_replays_in_the_printed_number_of_moves() {
    let a = analysis();
    let moves = a.moves();
    for x in all_positions() {
        let s = Path::new(a.specimen(x));
        let p = pieces(x);
        assert_eq!(
            spec::follow(&p, &s.write(moves)),
            target(),
            "{}",
            a.name_of(x)
        );
        assert_eq!(
            spec::cost(&s.write(moves)),
            usize::from(a.moves_at(x).unwrap())
        );
        assert_eq!(
            s.cost(moves),
            usize::from(a.moves_at(x).unwrap()),
            "{}",
            a.name_of(x)
        );
        assert!(s.is_reduced(moves));
        if let Some(&first) = s.moves().first() {
            assert!(a.starting_moves(x).contains(first));
        }
        // The tile expansion has exactly that many moves, and replaying
        // them on the tray gives the target.
        let slides = expand(a.puzzle(), moves, &s, &p);
        assert_eq!(slides.len(), s.cost(moves));
        let mut cells: [Option<u8>; 9] = [None; 9];
        let index = |c: TrayCell| match c {
            TrayCell::Square(i) => usize::from(i),
            TrayCell::Centre => 8,
        };
        for (i, &piece) in p.iter().enumerate() {
            cells[i] = Some(piece);
        }
        for m in &slides {
            assert_eq!(cells[index(m.from)], Some(m.piece));
            assert_eq!(cells[index(m.to)], None);
            cells[index(m.to)] = cells[index(m.from)].take();
        }
        let end: Vec<Option<u8>> = (0..8).map(|i| Some(i as u8)).chain([None]).collect();
        assert_eq!(cells.to_vec(), end);
    }
}

#[test]
fn starting_and_ending_twists_equal_an_enumeration_of_minimal_paths() {
    let a = analysis();
    let mut total = 0u64;
    for x in all_positions() {
        let paths = a.minimal_paths(x);
        total += paths.len() as u64;
        let first = paths
            .iter()
            .filter_map(|q| q.first())
            .copied()
            .collect::<MoveBits>();
        let last = paths
            .iter()
            .filter_map(|q| q.last())
            .copied()
            .collect::<MoveBits>();
        assert_eq!(first, a.starting_moves(x), "{}", a.name_of(x));
        assert_eq!(Some(last), a.ending_moves(x), "{}", a.name_of(x));
        for q in &paths {
            assert_eq!(spec::follow(&pieces(x), &letters(q)), target());
            assert_eq!(spec::cost(&letters(q)), usize::from(a.moves_at(x).unwrap()));
        }
        assert_eq!(paths.iter().collect::<BTreeSet<_>>().len(), paths.len());
    }
    assert!(total >= 20_160);
}

#[test]
fn minimal_paths_by_brute_force_on_short_positions() {
    // Every reduced word of up to 5 twists, grouped by the position it
    // solves, with SPEC.md's twists and elision rule. A word of t twists
    // has at most t − 1 elisions, so it costs m ≥ 2t + 2: every path of at
    // most 12 moves has at most 5 twists. So for positions of at most 12
    // moves the minimal words found by brute force are exactly the
    // enumeration's.
    let a = analysis();
    let mut best: std::collections::HashMap<Vec<u8>, (usize, BTreeSet<String>)> =
        std::collections::HashMap::new();
    let mut words: Vec<Vec<usize>> = vec![vec![]];
    for _ in 0..5 {
        let mut longer = Vec::new();
        for w in &words {
            for t in 0..8 {
                if let Some(&l) = w.last()
                    && (t == l || t == spec::inverse(l))
                {
                    continue;
                }
                let mut v = w.clone();
                v.push(t);
                longer.push(v);
            }
        }
        for w in &longer {
            let text: String = w.iter().map(|&t| spec::TWISTS[t].0).collect();
            // The position that this word solves: undo it from the target.
            let undo: String = w
                .iter()
                .rev()
                .map(|&t| spec::TWISTS[spec::inverse(t)].0)
                .collect();
            let p = spec::follow(&target(), &undo);
            let cost = spec::cost(&text);
            let e = best.entry(p).or_insert((usize::MAX, BTreeSet::new()));
            if cost < e.0 {
                *e = (cost, BTreeSet::new());
            }
            if cost == e.0 {
                e.1.insert(text);
            }
        }
        words = longer;
    }
    let mut checked = 0;
    for (p, (m, paths)) in best {
        if m <= 12 && p != target() {
            let code: String = p[..6].iter().map(|d| char::from(b'0' + d)).collect();
            let x = a.parse_position(&code).unwrap();
            assert_eq!(usize::from(a.moves_at(x).unwrap()), m);
            let ours: BTreeSet<String> = a.minimal_paths(x).iter().map(|q| letters(q)).collect();
            assert_eq!(ours, paths, "{code}");
            checked += 1;
        }
    }
    // 8 + 8 + 40 + 88 + 232 positions of 4 … 12 moves.
    assert_eq!(checked, 376);
}

#[test]
fn classes_share_distances_and_symmetry_carries_minimal_paths() {
    let a = analysis();
    let moves = a.moves();
    for x in all_positions().step_by(3) {
        let d = a.moves_at(x).unwrap();
        let spec_path = Path::new(a.specimen(x));
        for (g, sym) in a.symmetries().iter().enumerate() {
            let q = a.conjugate(x, g);
            assert_eq!(a.moves_at(q), Some(d));
            assert_eq!(a.classes().class_of(q), a.classes().class_of(x));
            let image = spec_path.map(|t| sym.image[t]);
            assert_eq!(spec::follow(&pieces(q), &image.write(moves)), target());
            assert_eq!(image.cost(moves), usize::from(d));
        }
        assert_eq!(a.moves_at(a.inverse(x).unwrap()), Some(d));
        let inv = spec_path.inverse(moves);
        assert_eq!(spec::follow(&target(), &inv.write(moves)), pieces(x));
    }
}

#[test]
fn d4_acts_as_spec_says() {
    // A quarter turn clockwise is i ↦ i + 2 (mod 8), the reflection in the
    // vertical axis i ↦ 4 − i: relabelling squares and pieces together.
    let a = analysis();
    let by_name = |n: &str| a.symmetries().iter().position(|s| s.name == n).unwrap();
    for (name, map) in [
        ("quarter turn", (|i: u8| (i + 2) % 8) as fn(u8) -> u8),
        ("reflection in the vertical axis", |i: u8| (12 - i) % 8),
    ] {
        let g = by_name(name);
        for x in all_positions().step_by(11) {
            let p = pieces(x);
            let mut expected = vec![0u8; 8];
            for (i, &piece) in p.iter().enumerate() {
                expected[usize::from(map(i as u8))] = map(piece);
            }
            assert_eq!(pieces(a.conjugate(x, g)), expected, "{name}");
        }
    }
    // Rotation sends A → B → C → D → A; the reflection sends A to X.
    let image = |g: usize| -> String {
        a.symmetries()[g]
            .image
            .iter()
            .map(|&m| a.moves().get(m).name())
            .collect()
    };
    assert_eq!(image(by_name("quarter turn")), "BCDAXYZW");
    assert_eq!(
        image(by_name("reflection in the vertical axis")),
        "XWZYBADC"
    );
}

#[test]
fn classes_match_schofields_first_entries() {
    let a = analysis();
    let c = |x: u64| a.classes().list()[a.classes().class_of(x).unwrap()];
    // The identity is a class of its own; the eight twists form one class.
    let id = c(0);
    assert_eq!((id.size, id.distance), (1, 0));
    let twist = a.next(a.goal(), 0);
    let k = c(twist);
    assert_eq!((k.size, k.distance), (8, 4));
    // With inverses added, A and W share a class of 8 as well.
    let e = a.extended_classes().unwrap();
    assert_eq!(e.list()[e.class_of(twist).unwrap()].size, 8);
}
