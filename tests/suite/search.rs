//! A* with the updatable heap, the heuristics, the permutation toolkit and
//! the constructive 15-puzzle solver (SPEC.md §4).

use super::common::{fails, fails_usage, schofield, stdout};
use proptest::prelude::*;
use schofield::board::lookup::LookupTable;
use schofield::board::{Board, BoardSpace};
use schofield::perm;
use schofield::search::heap::UpdatableHeap;
use schofield::search::three_cycles;
use schofield::search::{Heuristic, Limits, Target, astar, mean_manhattan};
use std::collections::HashMap;

/// A random solvable arrangement of `space`, from a seed.
fn pick(space: &BoardSpace, seed: u64) -> schofield::board::Arrangement {
    space.arrangement((seed.wrapping_mul(0x9e37_79b9_7f4a_7c15) >> 11) as usize % space.len())
}

#[test]
fn astar_is_optimal_with_every_heuristic_and_the_expansions_are_ordered() {
    let b: Board = "3x3".parse().unwrap();
    let goal = b.goal_blank_last();
    let table = LookupTable::build(b, goal.clone());
    // 1000 positions over both cores (100 of them with Dijkstra).
    let seeds: Vec<u64> = (0..1000).collect();
    std::thread::scope(|scope| {
        for chunk in seeds.chunks(500) {
            let (b, goal, table) = (&b, &goal, &table);
            scope.spawn(move || {
                for &seed in chunk {
                    let start = pick(table.space(), seed);
                    let best = u32::from(table.distance(&start).unwrap());
                    let mut expanded = HashMap::new();
                    // Dijkstra's algorithm (the discrete estimate) expands
                    // most of the space each time: every tenth start is
                    // enough to check it and the order of the expansions.
                    let dijkstra = seed % 10 == 0;
                    for h in Heuristic::ALL {
                        if h == Heuristic::Discrete && !dijkstra {
                            continue;
                        }
                        let r = astar(b, &start, goal, h, &Limits::default()).unwrap();
                        assert_eq!(r.path.length, best, "{} with {h:?}", b.format(&start));
                        // The solution replays to the goal.
                        let (end, tiles) = b.walk(&start, &r.path.moves).expect("legal moves");
                        assert_eq!(tiles, r.path.tiles);
                        assert_eq!(&end, goal);
                        expanded.insert(h, r.expanded);
                    }
                    let e = |h| expanded.get(&h).copied().unwrap_or(u64::MAX);
                    assert!(
                        e(Heuristic::Manhattan) <= e(Heuristic::Hamming)
                            && e(Heuristic::Hamming) <= e(Heuristic::Discrete),
                        "{}: {expanded:?}",
                        b.format(&start)
                    );
                }
            });
        }
    });
}

#[test]
fn heuristics_never_overestimate_on_any_3x3_state() {
    let b: Board = "3x3".parse().unwrap();
    let table = LookupTable::build(b, b.goal_blank_last());
    let target = Target::new(b, b.goal_blank_last());
    for i in 0..table.space().len() {
        let a = table.space().arrangement(i);
        let d = u32::from(table.entries()[i]);
        let m = target.estimate(Heuristic::Manhattan, a.cells());
        let lc = target.estimate(Heuristic::LinearConflict, a.cells());
        assert!(target.estimate(Heuristic::Hamming, a.cells()) <= m);
        assert!(m <= lc && lc <= d, "{}", b.format(&a));
    }
}

#[test]
fn distances_on_a_position_worked_by_hand() {
    // _12/345/678: every tile one cell along from its goal, except 3 and 6,
    // which are a row and two columns away: 6 · 1 + 2 · 3 = 12.
    let b: Board = "3x3".parse().unwrap();
    let t = Target::new(b, b.goal_blank_last());
    let a = b.parse_arrangement("_12/345/678").unwrap();
    assert_eq!(t.estimate(Heuristic::Discrete, a.cells()), 1);
    assert_eq!(t.estimate(Heuristic::Hamming, a.cells()), 8);
    assert_eq!(t.estimate(Heuristic::Manhattan, a.cells()), 12);
}

#[test]
fn the_mean_manhattan_distance_exactly() {
    // The notes' formula 2/3 (N−1)(N² + N − 3/2) gives 14 for N = 3: exact
    // for random arrangements with the blank anywhere; with the blank at
    // home the mean is 13.5. Both checked by enumerating the 181 440 states.
    let b: Board = "3x3".parse().unwrap();
    let (anywhere, at_home) = mean_manhattan(&b);
    assert_eq!((*anywhere.numer(), *anywhere.denom()), (14, 1));
    assert_eq!((*at_home.numer(), *at_home.denom()), (27, 2));
    let space = BoardSpace::new(b, b.goal_blank_last());
    let t = Target::new(b, b.goal_blank_last());
    let (mut all, mut home, mut n_home) = (0u64, 0u64, 0u64);
    for i in 0..space.len() {
        let a = space.arrangement(i);
        let m = u64::from(t.estimate(Heuristic::Manhattan, a.cells()));
        all += m;
        if a.blank() == 8 {
            home += m;
            n_home += 1;
        }
    }
    assert_eq!(all, 14 * space.len() as u64);
    assert_eq!(2 * home, 27 * n_home);
    let formula = |n: f64| 2.0 / 3.0 * (n - 1.0) * (n * n + n - 1.5);
    assert_eq!(formula(3.0), 14.0);
    let four: Board = "4x4".parse().unwrap();
    assert_eq!(mean_manhattan(&four).0, 37.into());
    assert_eq!(formula(4.0), 37.0);
}

#[test]
fn the_constructive_solver_replays_on_1000_random_positions() {
    let b: Board = "4x4".parse().unwrap();
    let space = BoardSpace::new(b, b.goal_blank_last());
    let mut total = 0;
    for seed in 0..1000 {
        let a = pick(&space, seed);
        let s = three_cycles::solve(&b, &a).unwrap();
        assert!(s.replays_to_goal(&b), "{}", a.list());
        assert!(s.moves <= s.moves_before_cancelling);
        total += s.moves;
    }
    assert!(total > 0);
}

#[test]
fn odd_positions_are_refused_before_any_move() {
    let b: Board = "4x4".parse().unwrap();
    let arr = |cells: &[u8]| b.arrangement(cells).unwrap();
    let odd = [1u8, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 12, 13, 15, 14, 0];
    assert_eq!(
        three_cycles::solve(&b, &arr(&odd)).unwrap_err(),
        three_cycles::FifteenError::Odd
    );
    // With the blank elsewhere the blank's row counts too (the width is
    // even): the sources' blank-first goal cannot reach the blank-last one,
    // while swapping two tiles of it can.
    let odd2 = [0u8, 1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 12, 13, 14, 15];
    let even2 = [0u8, 2, 1, 3, 4, 5, 6, 7, 8, 9, 10, 11, 12, 13, 14, 15];
    assert!(
        three_cycles::solve(&b, &arr(&even2))
            .unwrap()
            .replays_to_goal(&b)
    );
    assert!(!b.is_solvable(&arr(&odd2), &b.goal_blank_last()));
    assert_eq!(
        three_cycles::solve(&b, &arr(&odd2)).unwrap_err(),
        three_cycles::FifteenError::Odd
    );
}

#[test]
fn the_chapters_example() {
    let b: Board = "4x4".parse().unwrap();
    let start = b
        .arrangement(&[1, 2, 3, 4, 5, 6, 7, 8, 13, 9, 11, 12, 10, 14, 15, 0])
        .unwrap();
    let s = three_cycles::solve(&b, &start).unwrap();
    assert!(s.replays_to_goal(&b));
    assert_eq!(s.cycles.len(), 2);
    // The chapter's transform example.
    let ts = perm::transpositions_between(&[3, 4, 0, 2, 1], &[0, 1, 3, 4, 2]);
    assert_eq!(ts, [(0, 2), (1, 4), (3, 4)]);
}

#[test]
fn command_line() {
    let out = stdout(&["astar", "_12/347/685", "--compare"]);
    for h in ["discrete", "hamming", "manhattan", "linear-conflict"] {
        assert!(
            out.lines().any(|l| l.starts_with(h) && l.contains(" 24 ")),
            "{out}"
        );
    }
    let v: serde_json::Value =
        serde_json::from_str(&stdout(&["astar", "_12/347/685", "--format", "json"])).unwrap();
    assert_eq!(v["moves"], 24);
    assert!(v["expanded"].as_u64().unwrap() > 0 && v["max_queue"].as_u64().unwrap() > 0);
    let v: serde_json::Value = serde_json::from_str(&stdout(&[
        "fifteen",
        "1 2 3 4 5 6 7 8 13 9 11 12 10 14 15 0",
        "--format",
        "json",
    ]))
    .unwrap();
    assert_eq!(v["three_cycles"], 2);
    let verbose = stdout(&[
        "fifteen",
        "1 2 3 4 5 6 7 8 13 9 11 12 10 14 15 0",
        "--verbose",
    ]);
    assert!(verbose.contains("3-cycle 1:") && verbose.contains("3-cycle 2:"));
    // The blank-first goal of the sources.
    let v: serde_json::Value = serde_json::from_str(&stdout(&[
        "astar",
        "1 _ 2/3 4 5/6 7 8",
        "--goal",
        "blank-first",
        "--format",
        "json",
    ]))
    .unwrap();
    assert_eq!(v["moves"], 1);
}

#[test]
fn limits_stop_with_exit_3_and_a_lower_bound() {
    let korf1 = "14 13 15 7 11 12 9 5 6 0 2 1 4 8 10 3";
    for extra in [["--max-nodes", "5000"], ["--max-memory", "1"]] {
        let args = [&["astar", korf1, "--goal", "blank-first"][..], &extra[..]].concat();
        let out = schofield(&args);
        let err = String::from_utf8_lossy(&out.stderr);
        assert_eq!(out.status.code(), Some(3), "{err}");
        assert!(
            err.starts_with("error: search stopped") && err.contains("needs at least"),
            "{err}"
        );
    }
}

#[test]
fn bad_input() {
    fails(
        &["astar", "1 2 3 4 5 6 7 8"],
        "8 entries do not fill a square board of 4, 9 or 16 cells",
    );
    fails(&["astar", "123/455/78_"], "tile 5 appears twice");
    fails(&["astar", "1 2 3 4 5 6 7 8 8"], "no blank");
    fails(&["astar", "1 2 3 4 5 6 7 8 9"], "tile 9 does not exist");
    fails(&["astar", "123/406/78_"], "2 blanks");
    fails(&["astar", "123/456/87_"], "unsolvable");
    fails_usage(
        &["astar", "123/456/78_", "--heuristic", "euclid"],
        "invalid value 'euclid'",
    );
    fails(
        &["fifteen", "1 2 3 4 5 6 7 8 9 10 11 12 13 15 14 0"],
        "unsolvable: odd permutation",
    );
    fails(
        &["fifteen", "1 2 3 4 5 6 7 8 9 10 11 12 13 14 15"],
        "15 entries given",
    );
    fails(
        &["fifteen", "1 2 3 4 5 6 7 8 9 10 11 12 13 14 14 0"],
        "tile 14 appears twice",
    );
    fails(
        &["fifteen", "1 2 3 4 5 6 7 8 9 10 11 12 13 14 16 0"],
        "tile 16 does not exist",
    );
    fails(
        &["fifteen", "1 2 3 4 5 6 7 8 9 10 11 12 0 14 15 0"],
        "2 blanks",
    );
}

proptest! {
    #[test]
    fn heap_keeps_its_invariants(ops in prop::collection::vec((0u8..3, 0u32..50, 0u32..1000), 1..300)) {
        let mut heap = UpdatableHeap::new();
        let mut model: HashMap<u32, u32> = HashMap::new();
        for (op, key, pri) in ops {
            match op {
                0 | 1 => {
                    let changed = heap.push_or_decrease(key, pri);
                    let expect = model.get(&key).is_none_or(|&p| pri < p);
                    prop_assert_eq!(changed, expect);
                    if expect {
                        model.insert(key, pri);
                    }
                }
                _ => {
                    let popped = heap.pop();
                    let least = model.values().min().copied();
                    prop_assert_eq!(popped.map(|(_, p)| p), least);
                    if let Some((k, _)) = popped {
                        model.remove(&k);
                    }
                }
            }
            prop_assert!(heap.check());
            prop_assert_eq!(heap.len(), model.len());
            prop_assert!(heap.max_len() >= heap.len());
        }
    }

    #[test]
    fn parity_and_three_cycles(v in Just((0u8..10).collect::<Vec<u8>>()).prop_shuffle()) {
        let target: Vec<u8> = (0..10).collect();
        let ts = perm::transpositions_between(&v, &target);
        prop_assert!(ts.len() <= 9);
        prop_assert_eq!(ts.len().is_multiple_of(2), perm::is_even(&v));
        match perm::three_cycles_between(&v, &target) {
            Some(cycles) => {
                prop_assert!(perm::is_even(&v));
                let mut cur = v.clone();
                for c in cycles {
                    perm::apply_three_cycle(&mut cur, c);
                }
                prop_assert_eq!(cur, target);
            }
            None => prop_assert!(!perm::is_even(&v)),
        }
    }
}
