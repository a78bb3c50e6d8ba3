//! The 14-cell frontier (issue #16): the 2×7 results committed under
//! `tables/boards/2x7-home-H.json` are too large to recompute in a test (about half an
//! hour and 14 GB each), so the test checks what can be checked without the
//! whole search: that each file is one whole, self-consistent result, that
//! its first layers are those of an independent breadth-first search over
//! arrangements, and that the corner's distribution and diameter are the
//! published ones.

use schofield::board::{Arrangement, Board, Direction};
use serde_json::Value;
use std::collections::HashSet;

/// The committed results, by home cell.
fn results() -> Vec<(usize, Value)> {
    let dir = std::path::Path::new(env!("CARGO_MANIFEST_DIR")).join("tables/boards");
    (0..4)
        .map(|home| {
            let path = dir.join(format!("2x7-home-{home}.json"));
            let text = std::fs::read_to_string(&path)
                .unwrap_or_else(|e| panic!("{}: {e}", path.display()));
            let v: Value = serde_json::from_str(&text).unwrap();
            (home, v[0].clone())
        })
        .collect()
}

/// The number of arrangements at each distance 0 … `depth` from `goal`, by
/// a plain breadth-first search over arrangements (no ranking, no table).
fn first_layers(board: &Board, goal: &Arrangement, depth: usize) -> Vec<u64> {
    let mut seen: HashSet<Vec<u8>> = HashSet::from([goal.cells().to_vec()]);
    let mut layer = vec![goal.clone()];
    let mut counts = vec![1];
    for _ in 0..depth {
        let mut next = Vec::new();
        for a in &layer {
            for d in Direction::ALL {
                if let Some((b, _)) = board.apply(a, d)
                    && seen.insert(b.cells().to_vec())
                {
                    next.push(b);
                }
            }
        }
        counts.push(next.len() as u64);
        layer = next;
    }
    counts
}

fn u(v: &Value) -> u64 {
    v.as_u64().unwrap()
}

#[test]
fn every_2x7_home_is_a_whole_consistent_result() {
    let board: Board = "2x7".parse().unwrap();
    let states = schofield::perm::factorial(14) / 2;
    let standard = schofield::perm::factorial(13) / 2;
    for (home, r) in results() {
        assert_eq!(r["board"], "2x7");
        assert_eq!(u(&r["home"]), home as u64);
        assert_eq!(u(&r["states"]), states);
        let dist: Vec<u64> = r["distribution"]
            .as_array()
            .unwrap()
            .iter()
            .enumerate()
            .map(|(d, l)| {
                assert_eq!(u(&l["moves"]), d as u64);
                u(&l["states"])
            })
            .collect();
        assert_eq!(dist.iter().sum::<u64>(), states, "home {home}");
        assert!(dist.iter().all(|&c| c > 0));
        assert_eq!(u(&r["max"]), dist.len() as u64 - 1);
        let total: u64 = dist.iter().enumerate().map(|(d, &c)| d as u64 * c).sum();
        assert_eq!(u(&r["total_moves"]), total);
        let mean = (total as f64 / states as f64 * 10_000.0).round() / 10_000.0;
        assert_eq!(r["mean"].as_f64().unwrap(), mean);
        assert_eq!(u(&r["antipode_count"]), *dist.last().unwrap());
        let antipodes = r["antipodes"].as_array().unwrap();
        assert_eq!(
            antipodes.len() as u64,
            dist.last().unwrap().min(&100).to_owned()
        );
        // The standard positions: all of them, classes by orbits = Burnside.
        let s = &r["standard"];
        assert_eq!(u(&s["positions"]), standard);
        let rows = s["rows"].as_array().unwrap();
        assert_eq!(
            rows.iter().map(|x| u(&x["positions"])).sum::<u64>(),
            standard
        );
        for key in ["class_total", "extended_class_total"] {
            assert_eq!(s[key]["orbits"], s[key]["burnside"], "home {home} {key}");
        }
        assert!(u(&s["max"]) <= u(&r["max"]));
        // The first layers, against a search that shares no code with the
        // two-bit table but the board's moves.
        let goal = board
            .parse_arrangement(r["goal"].as_str().unwrap())
            .unwrap();
        assert_eq!(goal.blank(), home);
        assert_eq!(
            first_layers(&board, &goal, 16),
            dist[..=16].to_vec(),
            "home {home}"
        );
        // Each antipode is a position of the board with the goal's parity.
        for a in antipodes {
            let a = board.parse_arrangement(a.as_str().unwrap()).unwrap();
            assert!(board.is_solvable(&a, &goal));
        }
    }
}

#[test]
fn the_corner_is_the_published_2x7_distribution() {
    let (_, r) = &results()[0];
    // OEIS A346736 (the 7×2 puzzle from a corner, the same puzzle turned),
    // its first 39 terms, and A151944's 108 for the 2×7 diameter.
    let published: [u64; 39] = [
        1, 2, 3, 6, 11, 20, 37, 67, 117, 198, 329, 557, 942, 1575, 2597, 4241, 6724, 10535, 16396,
        25515, 39362, 60532, 92089, 138969, 207274, 307725, 453000, 664240, 964874, 1392975,
        1992353, 2832063, 3988528, 5586275, 7756511, 10698721, 14621717, 19840724, 26676629,
    ];
    let dist: Vec<u64> = r["distribution"]
        .as_array()
        .unwrap()
        .iter()
        .map(|l| u(&l["states"]))
        .collect();
    assert_eq!(dist[..39], published);
    assert_eq!(u(&r["max"]), 108);
    assert_eq!(u(&r["antipode_count"]), 1);
}
