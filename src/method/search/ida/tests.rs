//! IDA* against the whole table, the conjugates' parts against the
//! positions they follow, limits and kept tables.

use super::plan::PartSpec;
use super::*;
use crate::method::analysis::{Analysis, Options};
use crate::puzzle::{Metric, library};

/// Every position of a few small puzzles, solved by IDA* against the
/// whole table: the minimum, a specimen that solves it, and every
/// starting move; with the coordinates together and each digit alone.
/// A long check (48 s); the suite's `ida_agrees_with_the_table_on_a_sample`
/// runs in CI.
#[test]
#[ignore = "a long check (48 s): cargo test --profile suite --all-features --lib -- --ignored"]
fn ida_agrees_with_the_table() {
    for (name, metric) in [
        ("pyraminx", Metric::Face),
        ("squares", Metric::Face),
        ("pyraminx", Metric::Quarter),
        ("corners", Metric::Face),
    ] {
        let options = Options {
            metric: Some(metric),
            ..Options::default()
        };
        let p = library::get(name).unwrap();
        let a = Analysis::new(p.clone(), &options, &|_| {}).unwrap();
        let space = a.space();
        // The corner group's digits are 8! and 3^7 values apart; the
        // others' coordinates fit together, or are taken a digit at a
        // time.
        // Past a coordinate's whole, its pieces in sets: the corner
        // group's in sets of six, or of three.
        let mosts: &[u64] = if name == "corners" {
            &[1 << 24, 1 << 16]
        } else {
            &[1 << 24, 1 << 8]
        };
        let symmetries: Vec<Transformation> = p.symmetry_transformations();
        // Each bound three ways: the tables alone, read at conjugates
        // too, and one set of a coordinate's pieces read at the
        // conjugates that see the rest (as `solve` takes the cube).
        // The six on every core.
        use rayon::prelude::*;
        let ways: Vec<(u64, u8)> = mosts
            .iter()
            .flat_map(|&m| [(m, 0), (m, 1), (m, 2)])
            .collect();
        ways.into_par_iter().for_each(|(most, way)| {
            let solver = match way {
                0 => Solver::new(space, most, None).unwrap(),
                1 => Solver::new(space, most, None)
                    .unwrap()
                    .conjugated(&symmetries),
                _ => one_set(space, most, &symmetries),
            };
            if name == "corners" && way > 0 {
                assert!(solver.conjugates() > 0, "{most} {way}");
            }
            let mut x = 12345u64;
            for _ in 0..100 {
                x = next_sample(x, space.len());
                let Some(d) = a.moves_at(x) else { continue };
                let s = solver.solve_index(x, &Allowance::default()).unwrap();
                let end = s.path.iter().fold(x, |y, &m| space.apply(y, m));
                assert_eq!(end, space.goal_index(), "{name} {x} {:?}", s.path);
                assert_eq!(s.path.len(), s.moves as usize, "{name} {x}");
                assert_eq!(s.moves, u32::from(d), "{name} {x} {most}");
                assert_eq!(s.starting, a.starting_moves(x), "{name} {x}");
                // Every minimal sequence, from positions near the goal
                // (a walk of up to six moves) and from this one when
                // it is near.
                let mut near = space.goal_index();
                for k in 0..(x % 7) {
                    near = space.apply(near, ((x >> (3 * k)) % space.move_count() as u64) as usize);
                }
                for y in [x, near] {
                    let Some(d) = a.moves_at(y).filter(|&d| d <= 6) else {
                        continue;
                    };
                    let every = solver
                        .every_minimal(&solver.digits(y), d.into(), &Allowance::default())
                        .unwrap();
                    assert_eq!(every, a.minimal_paths(y), "{name} {y}");
                }
            }
        });
    }
}

/// The next sampled position after `x` of a space of `len`: a linear
/// congruential step.
fn next_sample(x: u64, len: u64) -> u64 {
    x.wrapping_mul(6364136223846793005)
        .wrapping_add(1442695040888963407)
        % len
}

/// Positions taken up to rotation (the library's 2×2×2, its corner DRB
/// held home by the rotations that follow each move): IDA* walks the
/// engine's turning frame as the table does, with the same minimum, every
/// starting move and every minimal sequence; and a specimen renamed for
/// the puzzle held still ([`Space::reframe`]) solves the position as
/// given, turned by any rotation, up to rotation.
#[test]
fn ida_agrees_with_the_table_up_to_rotation() {
    let p = library::get("2x2x2").unwrap();
    let a = Analysis::new(p.clone(), &Options::default(), &|_| {}).unwrap();
    let space = a.space();
    assert!(space.up_to_rotation());
    // Tables of 128 KB: projections, short of the 1 MB table by classes.
    let solver = Solver::new(space, 1 << 17, None).unwrap();
    assert!(solver.prunings().iter().all(|p| p.classes.is_none()));
    let rotations = space.rotation_group().to_vec();
    let mut x = 777u64;
    for k in 0..60 {
        x = next_sample(x, space.len());
        let Some(d) = a.moves_at(x) else { continue };
        let s = solver.solve_index(x, &Allowance::default()).unwrap();
        assert_eq!(s.moves, u32::from(d), "{x}");
        assert_eq!(s.starting, a.starting_moves(x), "{x}");
        if d <= 5 {
            let every = solver
                .every_minimal(&solver.digits(x), d.into(), &Allowance::default())
                .unwrap();
            assert_eq!(every, a.minimal_paths(x), "{x}");
        }
        // The position as a user types it: turned by some rotation.
        let given = a.position(x).apply(&rotations[k % rotations.len()]);
        let digits = space.digits_of(&given).unwrap();
        let s = solver.solve(&digits, &Allowance::default()).unwrap();
        let frame = space.home_rotation(&given);
        let still = space.reframe(a.moves(), &s.path, frame, true);
        let end = still.iter().fold(given.clone(), |q, &m| {
            q.apply(a.moves().get(m).transformation())
        });
        assert!(
            rotations.iter().any(|r| p.goal().apply(r) == end),
            "{x}: {still:?} leaves {end:?}"
        );
    }
}

/// The search that stops at its specimen finds the same specimen, and
/// says its first move alone starts it, unproved: on the Pyraminx, the
/// squares group and the corner group, against the search that proves
/// every starting move and against the whole table.
#[test]
fn the_specimen_alone_is_the_same_specimen() {
    // The whole table of the Pyraminx and the squares group; the corner
    // group by walks from the goal (its table takes seconds to build).
    for (name, metric) in [
        ("pyraminx", Metric::Quarter),
        ("squares", Metric::Face),
        ("corners", Metric::Face),
    ] {
        let p = library::get(name).unwrap();
        let table = (name != "corners").then(|| {
            let options = Options {
                metric: Some(metric),
                ..Options::default()
            };
            Analysis::new(p.clone(), &options, &|_| {}).unwrap()
        });
        let moves = p.moves(metric, None).unwrap();
        let own;
        let space = match &table {
            Some(a) => a.space(),
            None => {
                own = Space::new(&p, &moves).unwrap();
                &own
            }
        };
        let solver = Solver::new(space, 1 << 16, None).unwrap();
        // The goal has nothing left to prove.
        let goal = solver.digits(space.goal_index());
        let none = solver.solve_specimen(&goal, &Allowance::default()).unwrap();
        assert!(
            none.moves == 0 && none.starting.is_empty() && none.starting_proved,
            "{name}"
        );
        let mut x = 777u64;
        for k in 0..40 {
            x = x
                .wrapping_mul(6364136223846793005)
                .wrapping_add(1442695040888963407);
            let y = match &table {
                Some(_) => x % space.len(),
                None => (0..6 + k % 5).fold(space.goal_index(), |y, j| {
                    space.apply(y, (x >> (4 * j)) as usize % space.move_count())
                }),
            };
            if table.as_ref().is_some_and(|a| a.moves_at(y).is_none()) {
                continue; // a number the moves do not reach
            }
            let digits = solver.digits(y);
            let every = solver.solve(&digits, &Allowance::default()).unwrap();
            let one = solver
                .solve_specimen(&digits, &Allowance::default())
                .unwrap();
            assert_eq!(
                (one.moves, &one.path),
                (every.moves, &every.path),
                "{name} {y}"
            );
            assert!(every.starting_proved && !one.starting_proved, "{name} {y}");
            if let Some(a) = &table {
                assert_eq!(a.moves_at(y).map(u32::from), Some(one.moves), "{name} {y}");
                assert_eq!(every.starting, a.starting_moves(y), "{name} {y}");
            }
            let first: MoveBits = one.path.first().copied().into_iter().collect();
            assert_eq!(one.starting, first, "{name} {y}");
        }
    }
}

/// Projections are joined by the largest product within the bound, the
/// bound halved until the plan fits the budget. On twsearch's
/// Pyraminx with tips (edges 11 520 values, the corners' twists 972 and
/// 324), joining the two smallest first made tables of 11 520 and 314 928
/// values from a budget of 18 MB, and a 13-move position took 478 million
/// positions; the edges with the larger twists, 11 million values, take
/// 71 million.
#[test]
fn the_largest_joined_tables_within_the_budget_are_planned() {
    let file = concat!(
        env!("CARGO_MANIFEST_DIR"),
        "/tests/fixtures/twsearch/samples/main/pyraminx.tws"
    );
    let text = std::fs::read_to_string(file).unwrap();
    let p = crate::puzzle::read::parse(file, &text, crate::puzzle::read::FileFormat::Tws).unwrap();
    let moves = p.moves(Metric::Face, None).unwrap();
    let space = Space::new(&p, &moves).unwrap();
    let plan = TablePlan::fitted(&space, 18 << 20, &[]).unwrap();
    let sizes: Vec<u64> = plan
        .projections
        .iter()
        .map(|p| {
            p.iter()
                .map(|&k| match plan.parts[k] {
                    PartSpec::Digit(d) => space.digit(d).0,
                    PartSpec::Pieces(..) => unreachable!("no sets on a puzzle this small"),
                })
                .product()
        })
        .collect();
    assert_eq!(sizes, [324, 11_520 * 972]);
    assert_eq!(plan.bytes, (324 + 11_520 * 972) / 2);
}

/// The solver `solve` makes under a bound `most` on a table's values:
/// one set of a coordinate's pieces where its conjugates by
/// `symmetries` see every piece, read at them.
fn one_set<'s>(space: &'s Space, most: u64, symmetries: &[Transformation]) -> Solver<'s> {
    let conjugations = Conjugation::all(space, symmetries);
    let plan = TablePlan::new(space, most, &conjugations).unwrap();
    Solver::made(space, &plan, |_, parts, p, goal| {
        Pruning::projection(space, parts, p, goal, None, &|| false)
    })
    .expect("no halt")
    .conjugated_by(conjugations)
}

/// The parts of a position's conjugates, carried move by move through
/// the moves' images, are always those of the conjugate of the
/// position reached; and the corners in pairs, read at
/// conjugates, see every corner: one pair of corners where four
/// would be kept without them.
#[test]
fn conjugates_follow_the_moves() {
    let p = library::get("corners").unwrap();
    let moves = p.moves(Metric::Face, None).unwrap();
    let space = Space::new(&p, &moves).unwrap();
    let symmetries: Vec<Transformation> = p.symmetry_transformations();
    assert_eq!(Conjugation::all(&space, &symmetries).len(), 47);
    let sets = TablePlan::new(&space, 1 << 12, &Conjugation::all(&space, &symmetries)).unwrap();
    let plain = TablePlan::new(&space, 1 << 12, &[]).unwrap();
    let count = |plan: &TablePlan| {
        plan.parts
            .iter()
            .filter(|p| matches!(p, PartSpec::Pieces(..)))
            .count()
    };
    assert_eq!((count(&sets), count(&plain)), (1, 4));
    // Several coordinates, parity-bound ones, coordinates worked move
    // by move (the cube's edges), symmetries that map one coordinate
    // onto another (the Pyraminx's axial slots).
    for (name, most) in [
        ("corners", 1 << 12),
        ("pyraminx", 1 << 8),
        ("squares", 1 << 8),
        ("3x3x3", 1 << 16),
    ] {
        let p = library::get(name).unwrap();
        let moves = p.moves(p.default_metric(), None).unwrap();
        let space = Space::unnumbered(&p, &moves, None).unwrap();
        let symmetries: Vec<Transformation> = p.symmetry_transformations();
        for solver in [
            Solver::new(&space, most, None)
                .unwrap()
                .conjugated(&symmetries),
            one_set(&space, most, &symmetries),
        ] {
            let mut f = space.goal_flat().clone();
            let mut x = solver.parts_of(&space.digits_of_flat(&f)).unwrap();
            assert_eq!(x, solver.goal, "{name}");
            let mut y = x.clone();
            for k in 0..200usize {
                let m = (k * 7 + k / 3) % space.move_count();
                solver.step(&x, m, &mut y);
                space.transform_flat(&mut f, &space.effective_moves()[m]);
                assert_eq!(
                    y,
                    solver.parts_of(&space.digits_of_flat(&f)).unwrap(),
                    "{name} move {k}"
                );
                std::mem::swap(&mut x, &mut y);
            }
            // Where a coordinate has one set, its readings see every
            // piece.
            for (q, part) in solver.parts.iter().enumerate() {
                let Part::Pieces(set) = part else { continue };
                let (coord, pieces) = set.pieces();
                let alone = solver
                    .parts
                    .iter()
                    .filter(|other| matches!(other, Part::Pieces(s) if s.pieces().0 == coord));
                if alone.count() > 1 {
                    continue;
                }
                let (n, _) = space.distinct_pieces(coord).unwrap();
                let seen = solver
                    .conjugate_parts
                    .iter()
                    .filter(|&&(r, _)| r == q)
                    .fold(
                        pieces.iter().fold(0u64, |m, &d| m | 1 << d),
                        |m, &(_, by)| {
                            m | space.pieces_read_at(
                                coord,
                                &pieces,
                                &solver.conjugations[by].symmetry,
                            )
                        },
                    );
                assert_eq!(seen, u64::MAX >> (64 - n), "{name}: coordinate {coord}");
            }
        }
    }
}

/// The canonical form is Korf's: the sequences of each length it takes
/// on the 3×3×3 are those of his Table 1 (R. E. Korf, "Finding optimal
/// solutions to Rubik's Cube using pattern databases", AAAI-97, pp.
/// 700–705), to 15 moves. A form that let one commuting pair through in
/// both orders, or left out a pair that makes a third face's move, would
/// count other numbers from two moves on.
#[test]
fn canonical_sequences_are_korfs_tree() {
    const KORF: [u128; 15] = [
        18,
        243,
        3_240,
        43_254,
        577_368,
        7_706_988,
        102_876_480,
        1_373_243_544,
        18_330_699_168,
        244_686_773_808,
        3_266_193_870_720,
        43_598_688_377_184,
        581_975_750_199_168,
        7_768_485_393_179_328,
        103_697_388_221_736_960,
    ];
    let cube = library::get("3x3x3").unwrap();
    let moves = cube.moves(Metric::Face, None).unwrap();
    let space = Space::unnumbered(&cube, &moves, None).unwrap();
    assert_eq!(Solver::canonical_sequences(&space, 15), KORF);
    // Without the order of commuting moves, each face may follow every
    // other: 18 · 15^(n−1).
    let unordered = Solver::follows(&space, false);
    assert!(unordered.iter().all(|f| f.len() == 15));
}

#[test]
fn a_search_stops_at_its_bound_with_what_it_proved() {
    let p = library::get("corners").unwrap();
    let moves = p.moves(Metric::Face, None).unwrap();
    let space = Space::new(&p, &moves).unwrap();
    // Each digit alone, weak estimates: a deep position takes work.
    let solver = Solver::new(&space, 1 << 12, None).unwrap();
    let mut x = space.goal_index();
    for m in [0, 4, 8, 1, 5, 7, 2, 3, 6, 0, 4] {
        x = space.apply(x, m);
    }
    let fifty = Allowance {
        max_nodes: Some(50),
        ..Allowance::default()
    };
    match solver.solve_index(x, &fifty) {
        Err(Stopped::Nodes { nodes, lower_bound }) => {
            assert_eq!(nodes, 50);
            assert!(lower_bound >= u32::from(solver.estimate(&solver.digits(x)).unwrap()));
        }
        other => panic!("{other:?}"),
    }
    // No time at all: stopped at the first block, saying so; told of
    // the first bound as it began.
    let told = std::sync::Mutex::new(Vec::new());
    let tell = |p: IdaProgress| told.lock().unwrap().push(p.bound);
    let none = Allowance {
        max_seconds: Some(std::time::Duration::ZERO),
        progress: Some(&tell),
        ..Allowance::default()
    };
    let first = u32::from(solver.estimate(&solver.digits(x)).unwrap());
    match solver.solve_index(x, &none) {
        Err(Stopped::Time {
            nodes, lower_bound, ..
        }) => assert_eq!((nodes, lower_bound), (0, first)),
        other => panic!("{other:?}"),
    }
    assert_eq!(told.into_inner().unwrap(), [first]);
    assert!(Solver::new(&space, 1 << 24, Some(1000)).is_err());
    // The listing of every minimal sequence shares the limit with the
    // search: a few positions more than the search alone took stop it,
    // and the positions counted are those of both.
    let alone = solver.solve_index(x, &Allowance::default()).unwrap();
    let (both, every) = solver
        .solve_every(&solver.digits(x), &Allowance::default())
        .unwrap();
    assert!(both.nodes > alone.nodes + 1000 && !every.is_empty());
    let tight = Allowance {
        max_nodes: Some(alone.nodes + 10),
        ..Allowance::default()
    };
    assert!(matches!(
        solver.solve_every(&solver.digits(x), &tight),
        Err(Stopped::Nodes { .. })
    ));
}

/// Tables kept on disk: built and written once, read back the next
/// time with the same answers; a damaged file, or one under another
/// projection's name, is built again and replaced; the budget picks
/// the tables.
#[test]
fn pruning_tables_are_kept_read_and_replaced() {
    let p = library::get("corners").unwrap();
    let moves = p.moves(Metric::Face, None).unwrap();
    let space = Space::new(&p, &moves).unwrap();
    let dir = tempfile::tempdir().unwrap();
    let mut x = space.goal_index();
    for m in [0, 4, 8, 1, 5, 7, 2] {
        x = space.apply(x, m);
    }
    // Sets of corners, a few megabytes.
    let budget = 40 << 20;
    let sources = |kept: &[KeptTable]| -> Vec<TableSource> {
        kept.iter().map(|k| k.source.clone()).collect()
    };
    let (built, kept) = Solver::kept(&space, budget, dir.path(), &[]).unwrap();
    assert!(kept.len() >= 2, "{kept:?}");
    assert!(
        kept.iter().all(|k| k.source == TableSource::Built),
        "{kept:?}"
    );
    let answer = built.solve_index(x, &Allowance::default()).unwrap();
    let (read, again) = Solver::kept(&space, budget, dir.path(), &[]).unwrap();
    assert!(
        again.iter().all(|k| k.source == TableSource::Read),
        "{again:?}"
    );
    // The same answer (the positions generated vary with the cores).
    let again_answer = read.solve_index(x, &Allowance::default()).unwrap();
    assert_eq!(
        (again_answer.moves, again_answer.path, again_answer.starting),
        (answer.moves, answer.path, answer.starting)
    );
    assert_eq!(
        again.iter().map(|k| &k.path).collect::<Vec<_>>(),
        kept.iter().map(|k| &k.path).collect::<Vec<_>>()
    );
    // One byte changed in the first table's payload.
    let first = &kept[0].path;
    let mut bytes = std::fs::read(first).unwrap();
    let at = bytes.len() - 1;
    bytes[at] ^= 1;
    std::fs::write(first, &bytes).unwrap();
    let (_, fixed) = Solver::kept(&space, budget, dir.path(), &[]).unwrap();
    match &sources(&fixed)[0] {
        TableSource::Replaced(why) => assert!(why.contains("checksum"), "{why}"),
        other => panic!("{other:?}"),
    }
    assert!(sources(&fixed)[1..].iter().all(|s| *s == TableSource::Read));
    // The second table's file under the first one's name.
    std::fs::copy(&kept[1].path, first).unwrap();
    let (_, fixed) = Solver::kept(&space, budget, dir.path(), &[]).unwrap();
    match &sources(&fixed)[0] {
        TableSource::Replaced(why) => assert!(why.contains("keyed"), "{why}"),
        other => panic!("{other:?}"),
    }
    let (_, last) = Solver::kept(&space, budget, dir.path(), &[]).unwrap();
    assert!(
        last.iter().all(|k| k.source == TableSource::Read),
        "{last:?}"
    );
    // A table of the right key whose values are wrong: refused after
    // its checksum, by the check of neighbours.
    let plan = TablePlan::fitted(&space, budget, &[]).unwrap();
    forge(first, &plan.key(&space, 0), 1);
    let (_, fixed) = Solver::kept(&space, budget, dir.path(), &[]).unwrap();
    match &sources(&fixed)[0] {
        TableSource::Replaced(why) => {
            assert!(why.contains("beside") || why.contains("nearer"), "{why}")
        }
        other => panic!("{other:?}"),
    }
    // Every distance past 1 raised to the most four bits keep: each
    // sampled value at 14 has a neighbour at 14, but 2 to 13 are gone.
    forge(first, &plan.key(&space, 0), MOST_KEPT);
    let (_, fixed) = Solver::kept(&space, budget, dir.path(), &[]).unwrap();
    match &sources(&fixed)[0] {
        TableSource::Replaced(why) => assert!(why.contains("no value at distance 2"), "{why}"),
        other => panic!("{other:?}"),
    }
    // A larger budget takes larger tables: the corners whole.
    let (_, whole) = Solver::kept(&space, 200 << 20, dir.path(), &[]).unwrap();
    assert_eq!(
        whole.iter().map(|k| k.values).max(),
        Some(88_179_840),
        "{whole:?}"
    );
}

/// A build halted ([`Solver::kept_as_planned`]'s halt, as `--max-seconds`
/// asks): the table under way is not written and the search stops
/// ([`Stopped::Building`]); the tables finished before it are kept, and
/// read by the next run.
#[test]
fn a_halted_build_keeps_only_finished_tables() {
    let p = library::get("corners").unwrap();
    let moves = p.moves(Metric::Face, None).unwrap();
    let space = Space::new(&p, &moves).unwrap();
    let dir = tempfile::tempdir().unwrap();
    let planned = || PlannedTables::new(&space, 40 << 20, &[]).unwrap();
    let stopped = Solver::kept_as_planned(&space, planned(), dir.path(), &|| true);
    let Some(Stopped::Building { kept: 0, tables }) = stopped.err() else {
        panic!("not halted at the first table")
    };
    assert!(tables >= 2, "{tables}");
    let written = || std::fs::read_dir(dir.path()).unwrap().count();
    assert_eq!(written(), 0);
    // Halted once the first table is written.
    let stopped = Solver::kept_as_planned(&space, planned(), dir.path(), &|| written() > 0);
    assert_eq!(stopped.err(), Some(Stopped::Building { kept: 1, tables }));
    assert_eq!(written(), 1);
    let (_, again) = Solver::kept_as_planned(&space, planned(), dir.path(), &|| false).unwrap();
    assert!(again.len() >= 2, "{again:?}");
    assert_eq!(again[0].source, TableSource::Read, "{again:?}");
    assert!(again[1..].iter().all(|k| k.source == TableSource::Built));
}

/// A projection deeper than four bits hold: one piece turning through 40
/// orientations by a quarter move and its inverse, 20 moves at the
/// farthest. The table keeps distances past [`pruning::MOST_KEPT`] as
/// that, and IDA* still finds every minimum.
#[test]
fn distances_past_four_bits_are_kept_as_the_most_and_still_bound() {
    let text = "Name Dial\nSet A 1 40\nSolved\nA\n1\n0\nEnd\nMove X\nA\n1\n1\nEnd\n";
    let p = crate::puzzle::Puzzle::new(crate::puzzle::tws::read(text).unwrap()).unwrap();
    let moves = p.moves(Metric::Quarter, None).unwrap();
    let space = Space::new(&p, &moves).unwrap();
    assert_eq!(space.len(), 40);
    let solver = Solver::new(&space, 1 << 16, None).unwrap();
    let table = &solver.prunings()[0];
    assert_eq!((table.len(), table.bytes()), (40, 20));
    let x = space.move_count() - 1;
    let mut y = space.goal_index();
    let mut kept = Vec::new();
    for k in 0..40u32 {
        let digits = solver.digits(y);
        kept.push(solver.estimate(&digits).unwrap());
        let found = solver.solve(&digits, &Allowance::default()).unwrap();
        assert_eq!(found.moves, k.min(40 - k), "{k}");
        y = space.apply(y, x);
    }
    // Each orientation's distance, or 14 past it, in one direction or the
    // other.
    let expected: Vec<u8> = (0..40u8).map(|k| k.min(40 - k).min(14)).collect();
    assert_eq!(kept, expected);
    // Kept on disk and read back: the values at 14 pass the check.
    let dir = tempfile::tempdir().unwrap();
    let (_, built) = Solver::kept(&space, 1 << 16, dir.path(), &[]).unwrap();
    let (read, again) = Solver::kept(&space, 1 << 16, dir.path(), &[]).unwrap();
    assert_eq!(built[0].source, TableSource::Built);
    assert_eq!(again[0].source, TableSource::Read, "{again:?}");
    let digits = read.digits(space.apply(space.goal_index(), x));
    assert_eq!(read.estimate(&digits), Ok(1));
}

/// Rewrites the kept table at `path` (of key `key`) with every distance
/// past 1 made `to`, under a good checksum.
fn forge(path: &std::path::Path, key: &[u8; crate::board::store::KEY_BYTES], to: u8) {
    use crate::board::store::{Kind, read_keyed, write_keyed};
    let mut table = read_keyed(path, Kind::PruningTable, key).unwrap();
    let forged = |d: u8| if d > 1 && d != 15 { to } else { d };
    for v in table.iter_mut() {
        *v = forged(*v & 15) | forged(*v >> 4) << 4;
    }
    write_keyed(path, Kind::PruningTable, key, &table).unwrap();
}
