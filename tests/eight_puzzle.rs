//! The figures of SPEC.md §1 and Schofield's paper, each asserted against
//! the value printed there, and the cross-checks between independent
//! computations.

use schofield::board::Board;
use schofield::twist::dictionary::{Analysis, MoveCount};
use schofield::twist::position::{Position, SequenceNumber};
use schofield::twist::puzzle::EIGHT;
use schofield::twist::symmetry::D4;
use schofield::twist::{Cell, Path, Twist, TwistSet, expand};
use std::collections::BTreeSet;
use std::sync::OnceLock;

fn analysis() -> &'static Analysis<8> {
    static A: OnceLock<Analysis<8>> = OnceLock::new();
    A.get_or_init(|| Analysis::new(&EIGHT))
}

/// A standard position laid on the 3×3 tray in reading order, as tiles
/// 1 … 8 (Schofield's piece p is tile p + 1) with 0 for the empty centre.
fn tray(p: &Position<8>) -> Vec<u8> {
    EIGHT
        .layout
        .iter()
        .flatten()
        .map(|c| match c {
            Cell::Square(i) => p.pieces()[usize::from(*i)] + 1,
            Cell::Centre => 0,
        })
        .collect()
}

fn all_positions() -> impl Iterator<Item = Position<8>> {
    (0..20_160).map(|s| Position::<8>::from_sequence_number(s).unwrap())
}

/// Schofield's table, transcribed from SPEC.md.
const TABLE: [(u8, usize, usize, usize); 15] = [
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
            moves,
            positions,
            classes,
            extended_classes,
        })
        .collect();
    assert_eq!(analysis().move_counts(), expected);
}

#[test]
fn totals_and_group_facts() {
    let a = analysis();
    assert_eq!(a.len(), 20_160); // |A8| = 8!/2
    assert_eq!(a.classes().len(), 2572);
    assert_eq!(a.extended_classes().len(), 1439);
    assert_eq!(a.max_moves(), 30);
    let sizes: usize = a.classes().iter().map(|c| usize::from(c.size)).sum();
    assert_eq!(sizes, 20_160);
    let ext: usize = a
        .extended_classes()
        .iter()
        .map(|c| usize::from(c.size))
        .sum();
    assert_eq!(ext, 20_160);
    // Class sizes divide the group orders: 8 for D4, 16 with inverses.
    assert!(a.classes().iter().all(|c| 8 % c.size == 0));
    assert!(a.extended_classes().iter().all(|c| 16 % c.size == 0));
    // Every class's representative is its member with the smallest number.
    for c in a.classes().iter() {
        assert_eq!(a.classes().members(c.id)[0], c.representative);
    }
}

#[test]
fn worked_example_102536() {
    let a = analysis();
    let p = EIGHT.parse_position("0 2 5 / 1 _ 3 / 7 4 6").unwrap();
    assert_eq!(p.code(), "102536");
    assert_eq!(EIGHT.parse_position("102536").unwrap(), p);
    assert_eq!(a.moves(&p), 20);
    assert_eq!(a.starting_twists(&p).letters(), "WZ");
    let paths: Vec<String> = a.minimal_paths(&p).iter().map(|q| q.to_string()).collect();
    assert_eq!(paths, ["WXYZADY", "ZWBDCBA"]);
    let w: Path = "WXYZADY".parse().unwrap();
    assert!(p.apply_path(&w).is_target());
    assert_eq!(w.moves(), 20);
    assert_eq!(w.marked(), "W X̸ Y̸ Z̸ A D̸ Y");
}

#[test]
fn lemma_a_123_in_sixteen_moves_and_no_fewer() {
    let a = analysis();
    let path: Path = "AXWB".parse().unwrap();
    let reached = Position::<8>::target().apply_path(&path);
    assert_eq!(reached.cycles(), "(123)");
    assert_eq!(path.moves(), 16);
    assert_eq!(a.moves(&reached), 16);
    assert_eq!(a.moves(&EIGHT.parse_position("(123)").unwrap()), 16);
}

#[test]
fn sequence_numbers_follow_equation_one() {
    assert_eq!(Position::<8>::target().sequence_number().get(), 0);
    // The paper's example grid 654/7_3/102: equation (1) gives 20 159 …
    let printed = [7u8, 6, 5, 4, 3, 2, 0, 1];
    assert_eq!(schofield::perm::even_rank(&printed), 20_159);
    // … but it is an odd permutation (27 inversions), not a position of
    // the puzzle (docs/errata.md). The position numbered 20 159 is its even
    // twin, with the pieces on squares 6 and 7 swapped.
    assert!(!schofield::perm::is_even(&printed));
    assert!(EIGHT.parse_position("654/7_3/102").is_err());
    let last = EIGHT.parse_position("654/7_3/012").unwrap();
    assert_eq!(last.sequence_number().get(), 20_159);
    let last_by_number = Position::<8>::from_sequence_number(20_159).unwrap();
    assert_eq!(EIGHT.grid_compact(&last_by_number), "654/7_3/012");
    let mut seen = vec![false; 20_160];
    for s in 0..20_160u64 {
        let p = Position::<8>::from_sequence_number(s).unwrap();
        assert_eq!(u64::from(p.sequence_number().get()), s);
        assert!(!seen[s as usize]);
        seen[s as usize] = true;
    }
    assert!(Position::<8>::from_sequence_number(20_160).is_err());
}

/// Equation (1) written out literally, as a second computation.
#[test]
fn sequence_number_is_schofields_formula() {
    let fact = |k: u64| (1..=k).product::<u64>();
    for p in all_positions().step_by(7) {
        let c = p.pieces();
        let mut twice = 0u64;
        for i in 0..=5 {
            let h = (i + 1..8).filter(|&j| c[i] > c[j]).count() as u64;
            twice += fact(7 - i as u64) * h;
        }
        assert_eq!(twice % 2, 0);
        assert_eq!(u64::from(p.sequence_number().get()), twice / 2);
    }
}

#[test]
fn paper_cycle_notation_example() {
    // The paper's notation example: from 534/0_2/176 to 345/0_2/716 is
    // (132)(67). Both grids are odd relative to the target (so neither is a
    // position of the puzzle); the transition is checked on piece lists.
    assert!(matches!(
        EIGHT.parse_grid("534/0_2/176"),
        Err(schofield::twist::position::PositionError::OddPermutation { .. })
    ));
    let moved = schofield::perm::parse_cycles("(132)(67)", 8).unwrap();
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
        assert_eq!(p.parse::<Path>().unwrap().moves(), m, "{p}");
    }
    // The paper: A B⁻¹ A⁻¹ B is 16 moves, while A B A B is 14.
    assert_eq!("AXWB".parse::<Path>().unwrap().moves(), 16);
    assert_eq!("ABAB".parse::<Path>().unwrap().moves(), 14);
}

#[test]
fn tile_breadth_first_search_agrees_on_every_position() {
    let board = Board::new(3, 3).unwrap();
    let d = board.distances(&tray(&Position::target())).unwrap();
    assert_eq!(d.reached(), 181_440);
    let a = analysis();
    for p in all_positions() {
        assert_eq!(d.get(&tray(&p)), Some(a.moves(&p)), "{}", p.code());
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
        .count_shortest_paths(&tray(&Position::target()))
        .unwrap();
    let a = analysis();
    let mut with_twins = 0;
    for p in all_positions() {
        let words = a.minimal_paths(&p);
        let expected: u64 = words.iter().map(|w| w.tile_sequences()).sum();
        let rank = schofield::perm::lex_rank(&tray(&p)) as usize;
        // Shortest paths from the target to p, reversed, are those from p.
        assert_eq!(counts[rank], expected, "{}", p.code());
        with_twins += usize::from(expected != words.len() as u64);
    }
    assert!(with_twins > 0);
}

#[test]
fn every_specimen_replays_in_the_printed_number_of_moves() {
    let a = analysis();
    for p in all_positions() {
        let s = a.specimen(&p);
        assert!(p.apply_path(&s).is_target(), "{}", p.code());
        assert_eq!(s.moves(), usize::from(a.moves(&p)), "{}", p.code());
        assert!(s.is_reduced());
        if let Some(&first) = s.twists().first() {
            assert!(a.starting_twists(&p).contains(first));
        }
        // The tile expansion has exactly that many moves, and replaying
        // them on the tray gives the target.
        let moves = expand(&s, p.pieces());
        assert_eq!(moves.len(), s.moves());
        let mut cells: [Option<u8>; 9] = [None; 9];
        let index = |c: Cell| match c {
            Cell::Square(i) => usize::from(i),
            Cell::Centre => 8,
        };
        for (i, &piece) in p.pieces().iter().enumerate() {
            cells[i] = Some(piece);
        }
        for m in &moves {
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
    for p in all_positions() {
        let paths = a.minimal_paths(&p);
        total += paths.len() as u64;
        let first: TwistSet = paths
            .iter()
            .filter_map(|q| q.twists().first().copied())
            .collect();
        let last: TwistSet = paths
            .iter()
            .filter_map(|q| q.twists().last().copied())
            .collect();
        assert_eq!(first, a.starting_twists(&p), "{}", p.code());
        assert_eq!(last, a.ending_twists(&p), "{}", p.code());
        for q in &paths {
            assert!(p.apply_path(q).is_target());
            assert_eq!(q.moves(), usize::from(a.moves(&p)));
        }
        assert_eq!(paths.iter().collect::<BTreeSet<_>>().len(), paths.len());
    }
    assert!(total >= 20_160);
}

#[test]
fn minimal_paths_by_brute_force_on_short_positions() {
    // Every reduced word of up to 5 twists, grouped by the position it
    // solves. A word of t twists has at most t − 1 elisions, so it costs
    // m ≥ 2t + 2: every path of at most 12 moves has at most 5 twists. So
    // for positions of at most 12 moves the minimal words found by brute
    // force are exactly the enumeration's.
    let a = analysis();
    let mut best: std::collections::HashMap<Position<8>, (usize, BTreeSet<Path>)> =
        std::collections::HashMap::new();
    let mut words: Vec<Vec<Twist>> = vec![vec![]];
    for _ in 0..5 {
        let mut longer = Vec::new();
        for w in &words {
            for t in Twist::ALL {
                if let Some(&l) = w.last()
                    && (t == l || t == l.inverse())
                {
                    continue;
                }
                let mut v = w.clone();
                v.push(t);
                longer.push(v);
            }
        }
        for w in &longer {
            let path = Path::new(w.clone());
            // The position that this word solves: undo it from the target.
            let p = Position::<8>::target().apply_path(&path.inverse());
            let e = best.entry(p).or_insert((usize::MAX, BTreeSet::new()));
            if path.moves() < e.0 {
                *e = (path.moves(), BTreeSet::new());
            }
            if path.moves() == e.0 {
                e.1.insert(path);
            }
        }
        words = longer;
    }
    let mut checked = 0;
    for (p, (m, paths)) in best {
        if m <= 12 && !p.is_target() {
            assert_eq!(usize::from(a.moves(&p)), m);
            let ours: BTreeSet<Path> = a.minimal_paths(&p).into_iter().collect();
            assert_eq!(ours, paths, "{}", p.code());
            checked += 1;
        }
    }
    // 8 + 8 + 40 + 88 + 232 positions of 4 … 12 moves.
    assert_eq!(checked, 376);
}

#[test]
fn classes_share_distances_and_symmetry_carries_minimal_paths() {
    let a = analysis();
    for p in all_positions().step_by(3) {
        let d = a.moves(&p);
        let spec = a.specimen(&p);
        for g in D4::ALL {
            let q = p.conjugate(g);
            assert_eq!(a.moves(&q), d);
            assert_eq!(
                a.classes().class_of(q.sequence_number()).id,
                a.classes().class_of(p.sequence_number()).id
            );
            let image = spec.map(|t| g.twist(t));
            assert!(q.apply_path(&image).is_target());
            assert_eq!(image.moves(), usize::from(d));
        }
        assert_eq!(a.moves(&p.inverse()), d);
        let inv = spec.inverse();
        assert!(Position::<8>::target().apply_path(&inv) == p);
    }
}

#[test]
fn classes_match_schofields_first_entries() {
    let a = analysis();
    // The identity is a class of its own; the eight twists form one class.
    let id = a.classes().class_of(SequenceNumber::new(0));
    assert_eq!((id.size, id.moves), (1, 0));
    let twist = Position::<8>::target().apply(Twist::A);
    let c = a.classes().class_of(twist.sequence_number());
    assert_eq!((c.size, c.moves), (8, 4));
    // With inverses added, A and W share a class of 8 as well.
    let e = a.extended_classes().class_of(twist.sequence_number());
    assert_eq!(e.size, 8);
}
