//! Optimal 15-puzzle solving (issue #9): IDA* with additive pattern
//! databases on Korf's 100, checked against an independent method; the
//! databases' soundness; the file's refusals. The tests use the 6-6-3
//! databases (seconds to build); the 7-8 default is measured in
//! docs/performance.md.

use super::common::{fails, schofield, stdout};
use schofield::board::{Arrangement, Board, BoardSpace};
use schofield::search::ida::solve;
use schofield::search::pdb::{Partition, PartitionName, PatternDb, is_partition, partition_tiles};
use schofield::search::{Guide, Heuristic, Limits};
use std::path::PathBuf;
use std::sync::OnceLock;

fn four() -> Board {
    "4x4".parse().unwrap()
}

fn korf_file() -> PathBuf {
    PathBuf::from(env!("CARGO_MANIFEST_DIR")).join("data/korf100.txt")
}

fn korf() -> Vec<Arrangement> {
    let file = std::fs::File::open(korf_file()).unwrap();
    schofield::board::batch::read(std::io::BufReader::new(file), &four())
        .unwrap()
        .arrangements()
}

fn dbs() -> &'static Partition {
    static P: OnceLock<Partition> = OnceLock::new();
    P.get_or_init(|| {
        Partition::build(
            &four(),
            &four().goal_blank_first(),
            PartitionName::SixSixThree,
            &|_| {},
        )
        .unwrap()
    })
}

fn replays(
    start: &Arrangement,
    goal: &Arrangement,
    moves: &[schofield::board::Direction],
    tiles: &[u8],
) -> bool {
    replays_on(&four(), start, goal, moves, tiles)
}

fn replays_on(
    b: &Board,
    start: &Arrangement,
    goal: &Arrangement,
    moves: &[schofield::board::Direction],
    tiles: &[u8],
) -> bool {
    b.walk(start, moves) == Some((goal.clone(), tiles.to_vec()))
}

/// IDA* prunes the paths that walk the blank round a 2×2 square further
/// than another path does; the lengths must still be the true distances,
/// which the 9!/2 lookup table knows for every 3×3 arrangement.
#[test]
fn ida_finds_the_lookup_tables_distance_on_the_3x3_and_the_2x4() {
    use schofield::board::lookup::LookupTable;
    let b: Board = "3x3".parse().unwrap();
    let goal = b.goal_blank_first();
    let table = LookupTable::build(b, goal.clone());
    let p = Partition::of_sets(&b, &goal, &[&[1, 2, 3, 4], &[5, 6, 7, 8]]);
    // Databases of unequal sizes, which make the search look a reflected
    // view up first, are the unit tests' (search::ida), where the search
    // also checks its running sums.
    //
    // A slip in the search's bookkeeping could make it wander past the
    // answer for ever: a node limit turns that into a failure.
    let limits = Limits {
        max_nodes: Some(20_000_000),
        ..Limits::default()
    };
    let mut longest = 0;
    // Every 7th arrangement (25 920 of them), with the two antipodes.
    let mut sample: Vec<Arrangement> = (0..table.space().len())
        .step_by(7)
        .map(|i| table.space().arrangement(i))
        .collect();
    sample.extend(table.arrangements_at(table.max(), &[0, 1]));
    for a in &sample {
        let d = u32::from(table.distance(a).unwrap());
        for guide in [Guide::from(Heuristic::Manhattan), Guide::Databases(&p)] {
            let s = solve(&b, a, &goal, guide, &limits).unwrap();
            assert_eq!(s.path.length, d, "{a:?}");
            assert!(
                replays_on(&b, a, &goal, &s.path.moves, &s.path.tiles),
                "{a:?}"
            );
        }
        longest = longest.max(d);
    }
    assert_eq!(longest, 31);
    // A board that is not square, with the blank's goal last: every 7th
    // arrangement of the 2×4, and an antipode, with Manhattan distance.
    let b: Board = "2x4".parse().unwrap();
    let goal = b.goal_blank_last();
    let table = LookupTable::build(b, goal.clone());
    let mut longest = 0;
    let mut sample: Vec<Arrangement> = (0..table.space().len())
        .step_by(7)
        .map(|i| table.space().arrangement(i))
        .collect();
    sample.extend(table.arrangements_at(table.max(), &[0]));
    for a in sample {
        let d = u32::from(table.distance(&a).unwrap());
        let s = solve(&b, &a, &goal, Heuristic::Manhattan, &Limits::default()).unwrap();
        assert_eq!(s.path.length, d, "{a:?}");
        assert!(
            replays_on(&b, &a, &goal, &s.path.moves, &s.path.tiles),
            "{a:?}"
        );
        longest = longest.max(d);
    }
    assert_eq!(longest, u32::from(table.max()));
}

#[test]
fn korfs_100_solved_optimally_mean_53_05_and_the_shortest_agree_with_manhattan() {
    let goal = four().goal_blank_first();
    let instances = korf();
    assert_eq!(instances.len(), 100);
    let mut lengths = Vec::new();
    std::thread::scope(|s| {
        let handles: Vec<_> = instances
            .chunks(50)
            .map(|chunk| {
                let goal = &goal;
                s.spawn(move || {
                    chunk
                        .iter()
                        .map(|a| {
                            let sol = solve(
                                &four(),
                                a,
                                goal,
                                Guide::Databases(dbs()),
                                &Limits::default(),
                            )
                            .unwrap();
                            assert!(
                                replays(a, goal, &sol.path.moves, &sol.path.tiles),
                                "{}",
                                a.list()
                            );
                            assert_eq!(sol.path.moves.len() as u32, sol.path.length);
                            sol.path.length
                        })
                        .collect::<Vec<u32>>()
                })
            })
            .collect();
        for h in handles {
            lengths.extend(h.join().unwrap());
        }
    });
    // Korf's published mean optimal length.
    assert_eq!(lengths.iter().sum::<u32>(), 5305);
    // The 10 shortest, again by IDA* with Manhattan distance only.
    let mut order: Vec<usize> = (0..100).collect();
    order.sort_by_key(|&i| (lengths[i], i));
    for &i in &order[..10] {
        let m = solve(
            &four(),
            &instances[i],
            &goal,
            Heuristic::Manhattan,
            &Limits::default(),
        )
        .unwrap();
        assert_eq!(m.path.length, lengths[i], "instance {}", i + 1);
        assert!(replays(&instances[i], &goal, &m.path.moves, &m.path.tiles));
    }
    // Linear conflict, on the shortest three.
    for &i in &order[..3] {
        let lc = solve(
            &four(),
            &instances[i],
            &goal,
            Heuristic::LinearConflict,
            &Limits::default(),
        )
        .unwrap();
        assert_eq!(lc.path.length, lengths[i], "instance {}", i + 1);
    }
}

#[test]
fn the_databases_are_additive_and_admissible() {
    let goal = four().goal_blank_first();
    for name in PartitionName::ALL {
        let sets = partition_tiles(name, &goal).unwrap();
        assert!(is_partition(&sets, 15), "{name}: disjoint and covering");
    }
    // Admissible: never above the true distance, found by an independent
    // search (IDA* with Manhattan) on positions scrambled by random walks.
    let b = four();
    let mut x: u64 = 0x1234_5678_9abc_def1;
    for _ in 0..60 {
        let mut a = goal.clone();
        for _ in 0..40 {
            x ^= x << 13;
            x ^= x >> 7;
            x ^= x << 17;
            if let Some((next, _)) = b.apply(&a, schofield::board::Direction::ALL[(x % 4) as usize])
            {
                a = next;
            }
        }
        let truth = solve(&b, &a, &goal, Heuristic::Manhattan, &Limits::default())
            .unwrap()
            .path
            .length;
        let with_dbs = solve(&b, &a, &goal, Guide::Databases(dbs()), &Limits::default()).unwrap();
        assert!(with_dbs.initial_estimate <= truth, "{}", a.list());
        assert_eq!(with_dbs.path.length, truth);
    }
}

#[test]
fn the_region_builder_equals_the_plain_0_1_search() {
    // Two ways to the same database: tracking the blank cell by cell, and
    // tracking only its region of free cells.
    for (board, tiles) in [
        ("2x3", vec![1u8, 2]),
        ("3x3", vec![1, 2, 3, 4]),
        ("3x3", vec![5, 8]),
        ("4x4", vec![1, 2, 3, 5, 6]),
        ("4x4", vec![10, 11, 15]),
    ] {
        let b: Board = board.parse().unwrap();
        for goal in [b.goal_blank_first(), b.goal_blank_last()] {
            let plain = PatternDb::build(&b, &goal, &tiles);
            let regions = PatternDb::build_by_regions(&b, &goal, &tiles, &|_| {}).unwrap();
            assert_eq!(plain, regions, "{board} {tiles:?}");
            assert_eq!(plain.parities(), regions.parities(), "{board} {tiles:?}");
        }
    }
}

#[test]
fn databases_for_a_goal_off_the_diagonal_have_no_reflection() {
    // On a square board whose goal has the blank off the main diagonal the
    // reflection does not map the goal to itself: only the regular views
    // count, and the reflected ones (which name the blank as a tile) are
    // never looked up.
    let b: Board = "3x3".parse().unwrap();
    let goal = b.parse_arrangement("1_2/345/678").unwrap();
    let p = Partition::of_sets(&b, &goal, &[&[1, 2, 3, 4], &[5, 6, 7, 8]]);
    let t = schofield::board::lookup::LookupTable::build(b, goal.clone());
    let limits = Limits::default();
    for i in (0..t.space().len()).step_by(997) {
        let a = t.space().arrangement(i);
        let s = solve(&b, &a, &goal, Guide::Databases(&p), &limits).unwrap();
        assert_eq!(s.path.length, u32::from(t.distance(&a).unwrap()), "{a:?}");
    }
}

#[test]
fn cells_that_are_not_an_arrangement_get_no_value_and_no_panic() {
    // The library's estimate takes any slice of cells; on the 4x4 the
    // databases number the cells along a curve, and a malformed slice must
    // still be refused by the checks, not read out of bounds.
    let b = four();
    let goal = b.goal_blank_first();
    let p = Partition::build(&b, &goal, PartitionName::FiveFiveFive, &|_| {}).unwrap();
    let lookups = schofield::search::pdb::Lookups::new(&p);
    let bad: [&[u8]; 5] = [&[1, 2, 3], &[0; 16], &[200; 16], &[], &[15, 14, 13]];
    for cells in bad {
        let _ = lookups.estimate(cells);
        for db in &p.dbs {
            assert_eq!(db.value(cells, 0), None, "{cells:?}");
            assert_eq!(db.excess(cells, 0), None, "{cells:?}");
            // Off the board, or on a tile.
            assert_eq!(db.value(&[0, 1, 2, 3, 4], 16), None);
            assert_eq!(db.value(&[0, 1, 2, 3, 4], 3), None);
            assert_eq!(db.value(&[0, 1, 2, 3, 17], 5), None);
        }
    }
    // A real arrangement still gets its estimate, from either side.
    assert_eq!(lookups.estimate(goal.cells()), 0);
}

#[test]
fn one_bit_a_state_follows_every_move() {
    // The databases keep only the parity of each state's excess, on the
    // claim that a move of a pattern tile changes the value by exactly one.
    // Along a long random walk on the 4x4, the excess read from the parity
    // and the excess before each move equals the excess found from nothing
    // by walking down to the goal.
    let b = four();
    let goal = b.goal_blank_first();
    let p = Partition::build(&b, &goal, PartitionName::FiveFiveFive, &|_| {}).unwrap();
    let mut cells: Vec<u8> = goal.cells().to_vec();
    let mut blank = goal.blank();
    let mut rng = 0x9e37_79b9_7f4a_7c15u64;
    let place = |cells: &[u8], db: &PatternDb| -> Vec<u8> {
        db.tiles()
            .iter()
            .map(|&t| cells.iter().position(|&x| x == t).unwrap() as u8)
            .collect()
    };
    let mut excess: Vec<u8> = p
        .dbs
        .iter()
        .map(|db| db.excess(&place(&cells, db), blank as u8).unwrap())
        .collect();
    assert_eq!(excess, vec![0, 0, 0]);
    let mut changed = 0;
    for _ in 0..3000 {
        rng ^= rng << 13;
        rng ^= rng >> 7;
        rng ^= rng << 17;
        let next: Vec<usize> = b.neighbours(blank).collect();
        let to = next[(rng % next.len() as u64) as usize];
        let tile = cells[to];
        let home = goal.cells().iter().position(|&x| x == tile).unwrap();
        let dm = b.manhattan(blank, home) as i8 - b.manhattan(to, home) as i8;
        cells[blank] = tile;
        cells[to] = 0;
        blank = to;
        for (db, e) in p.dbs.iter().zip(excess.iter_mut()) {
            let placed = place(&cells, db);
            if db.tiles().contains(&tile) {
                let parity = db.parity_of(db.state(&placed, blank as u8));
                let after = PatternDb::excess_after(*e, dm, parity);
                changed += usize::from(after != *e);
                *e = after;
            }
            assert_eq!(Some(*e), db.excess(&placed, blank as u8), "{cells:?}");
        }
    }
    assert!(changed > 100, "{changed}");
}

#[test]
fn a_pattern_database_is_exact_on_a_small_board() {
    // On the 2x3 with all five tiles as one pattern, the blank's region is
    // its cell, and the database is the true distance to the goal.
    let b: Board = "2x3".parse().unwrap();
    let goal = b.goal_blank_last();
    let db = PatternDb::build(&b, &goal, &[1, 2, 3, 4, 5]);
    let t = schofield::board::lookup::LookupTable::build(b, goal.clone());
    let space = BoardSpace::new(b, goal);
    for i in 0..space.len() {
        let a = space.arrangement(i);
        let cells: Vec<u8> = (1..=5u8)
            .map(|t| a.cells().iter().position(|&x| x == t).unwrap() as u8)
            .collect();
        assert_eq!(db.value(&cells, a.blank() as u8), Some(t.entries()[i]));
    }
}

#[test]
fn database_files_round_trip_and_damage_is_refused() {
    let dir = std::env::temp_dir().join(format!("schofield-pdb-{}", std::process::id()));
    std::fs::create_dir_all(&dir).unwrap();
    let path = dir.join("p.bin");
    dbs().save(&path).unwrap();
    let (b, goal) = (four(), four().goal_blank_first());
    assert_eq!(
        &Partition::load(&path, &b, &goal, PartitionName::SixSixThree).unwrap(),
        dbs()
    );
    let bytes = std::fs::read(&path).unwrap();
    let refuse = |bytes: &[u8], needle: &str| {
        let e = Partition::from_bytes(bytes, "p.bin")
            .unwrap_err()
            .to_string();
        assert!(e.contains(needle), "{e}");
    };
    let mut flipped = bytes.clone();
    let last = flipped.len() - 1000;
    flipped[last] ^= 1;
    refuse(&flipped, "checksum");
    refuse(&bytes[..bytes.len() - 10], "bytes but its header needs");
    refuse(&bytes[..30], "too short");
    refuse(b"not a database at all", "not a schofield file");
    // A lookup table is not a database.
    let table = schofield::board::lookup::LookupTable::build(
        "2x3".parse().unwrap(),
        "2x3"
            .parse::<schofield::board::Board>()
            .unwrap()
            .goal_blank_last(),
    );
    refuse(
        &table.to_bytes(),
        "holds a lookup table, expected pattern databases",
    );
    // For another goal or partition.
    let e = Partition::load(&path, &b, &b.goal_blank_last(), PartitionName::SixSixThree)
        .unwrap_err()
        .to_string();
    assert!(e.contains("holds the 6-6-3 databases"), "{e}");
    let p = path.to_str().unwrap();
    fails(
        &[
            "optimal",
            "1 2 3 4 5 6 7 8 9 10 11 12 13 14 15 0",
            "--pdb",
            p,
            "--partition",
            "5-5-5",
        ],
        "holds the 6-6-3 databases",
    );
    // The blank-first databases serve the blank-last goal (issue #13).
    let solved = stdout(&[
        "optimal",
        "1 2 3 4 5 6 7 8 9 10 11 12 13 14 15 0",
        "--pdb",
        p,
        "--partition",
        "6-6-3",
    ]);
    assert!(solved.contains("0 moves"), "{solved}");
    std::fs::write(&path, &bytes[..bytes.len() / 2]).unwrap();
    fails(
        &[
            "optimal",
            "1 0 2 3 4 5 6 7 8 9 10 11 12 13 14 15",
            "--goal",
            "blank-first",
            "--pdb",
            p,
            "--partition",
            "6-6-3",
        ],
        "is damaged",
    );
    std::fs::remove_dir_all(&dir).unwrap();
}

#[test]
fn command_line() {
    let dir = std::env::temp_dir().join(format!("schofield-pdb-cli-{}", std::process::id()));
    std::fs::create_dir_all(&dir).unwrap();
    let p = dir.join("p663.bin");
    let p = p.to_str().unwrap();
    // Built on first use and saved; loaded the second time.
    let out = schofield(&[
        "optimal",
        "1 2 3 0 4 5 6 7 8 9 10 11 12 13 14 15",
        "--goal",
        "blank-first",
        "--partition",
        "6-6-3",
        "--pdb",
        p,
    ]);
    assert!(out.status.success());
    assert!(String::from_utf8_lossy(&out.stderr).contains("saved to"));
    let v: serde_json::Value = serde_json::from_str(&stdout(&[
        "optimal",
        "1 2 3 0 4 5 6 7 8 9 10 11 12 13 14 15",
        "--goal",
        "blank-first",
        "--partition",
        "6-6-3",
        "--pdb",
        p,
        "--format",
        "json",
    ]))
    .unwrap();
    assert_eq!(v["moves"], 3);
    assert_eq!(v["tile_moves"], serde_json::json!([3, 2, 1]));
    assert_eq!(v["blank_moves"], "LLL");
    let out = schofield(&[
        "optimal",
        "1 2 3 0 4 5 6 7 8 9 10 11 12 13 14 15",
        "--goal",
        "blank-first",
        "--partition",
        "6-6-3",
        "--pdb",
        p,
    ]);
    assert!(out.stderr.is_empty(), "loaded, not rebuilt");
    // A batch file, in parallel, with totals.
    let batch = dir.join("batch.txt");
    std::fs::write(
        &batch,
        "# two\n# goal: blank-first\n1 1 0 2 3 4 5 6 7 8 9 10 11 12 13 14 15\n4 1 2 3 0 5 6 7 8 9 10 11 12 13 14 15\n",
    )
    .unwrap();
    let text = stdout(&[
        "optimal",
        "--all-korf",
        batch.to_str().unwrap(),
        "--partition",
        "6-6-3",
        "--pdb",
        p,
    ]);
    assert!(
        text.contains("2 instances: total length 2 (mean 1.00)"),
        "{text}"
    );
    std::fs::remove_dir_all(&dir).unwrap();
}

#[test]
fn bad_input() {
    fails(
        &["optimal", "1 2 3", "--partition", "manhattan"],
        "3 cells given; the board has 16",
    );
    fails(
        &[
            "optimal",
            "0 1 2 3 4 5 6 7 8 9 10 11 12 13 14 14",
            "--partition",
            "manhattan",
        ],
        "tile 14 appears twice",
    );
    fails(
        &[
            "optimal",
            "1 0 2 3 4 5 6 7 8 9 10 11 12 13 15 14",
            "--goal",
            "blank-first",
            "--partition",
            "manhattan",
        ],
        "unsolvable",
    );
    fails(
        &[
            "optimal",
            "0 1 2 3 4 5 6 7 8 9 10 11 12 13 14 15",
            "--partition",
            "9-6",
        ],
        "unknown partition",
    );
    fails(
        &[
            "optimal",
            "0 1 2 3 4 5 6 7 8 9 10 11 12 13 14 15",
            "--goal",
            "middle",
        ],
        "unknown goal",
    );
    fails(
        &["optimal", "--all-korf", "/nonexistent/korf.txt"],
        "cannot read /nonexistent/korf.txt",
    );
}

/// Databases an older schofield left in our own cache are built again; the
/// same file named with --pdb is refused, never overwritten unasked.
#[test]
fn outdated_cache_is_rebuilt() {
    let dir = tempfile::tempdir().unwrap();
    let cache = dir.path().join("schofield");
    std::fs::create_dir_all(&cache).unwrap();
    let file = cache.join("pdb-6-6-3-blank-first.bin");
    // The magic of the format before the one container, and some bytes.
    let mut old = b"SCHOFPDB".to_vec();
    old.extend_from_slice(&[1, 0, 0, 0, 4, 4, 0, 0]);
    old.resize(4096, 7);
    std::fs::write(&file, &old).unwrap();
    let run = |extra: &[&str]| {
        assert_cmd::Command::cargo_bin("schofield")
            .unwrap()
            .env("XDG_CACHE_HOME", dir.path())
            .args(["optimal", "1 2 3 0 4 5 6 7 8 9 10 11 12 13 14 15"])
            .args(["--goal", "blank-first"])
            .args(["--partition", "6-6-3"])
            .args(extra)
            .output()
            .unwrap()
    };
    let named = run(&["--pdb", file.to_str().unwrap()]);
    assert_eq!(named.status.code(), Some(2));
    assert_eq!(std::fs::read(&file).unwrap(), old, "a named file is kept");
    let out = run(&[]);
    let err = String::from_utf8_lossy(&out.stderr);
    assert!(out.status.success(), "{err}");
    assert!(err.contains("written by an older schofield"), "{err}");
    assert!(String::from_utf8_lossy(&out.stdout).contains("3 moves"));
    // The file is now the current container and loads without a build.
    assert!(std::fs::read(&file).unwrap().starts_with(b"SCHOFBIN"));
    let again = run(&[]);
    assert!(again.status.success());
    assert!(!String::from_utf8_lossy(&again.stderr).contains("building"));
    // A file of the container's format version 3 (the cells in row order)
    // is outdated too: refused when named, rebuilt in the cache, and the
    // same bytes as before.
    let current = std::fs::read(&file).unwrap();
    let mut three = current.clone();
    three[8..10].copy_from_slice(&3u16.to_le_bytes());
    std::fs::write(&file, &three).unwrap();
    let named = run(&["--pdb", file.to_str().unwrap()]);
    assert_eq!(named.status.code(), Some(2));
    let err = String::from_utf8_lossy(&named.stderr);
    assert!(err.contains("has format version 3"), "{err}");
    assert_eq!(err.lines().count(), 1, "{err}");
    let out = run(&[]);
    let err = String::from_utf8_lossy(&out.stderr);
    assert!(out.status.success(), "{err}");
    assert!(err.contains("written by an older schofield"), "{err}");
    assert_eq!(std::fs::read(&file).unwrap(), current);
}

/// The databases built for blank-first serve any goal with the blank in a
/// corner (issue #13): the search runs on the recast start, and the moves
/// it reports lead from the original start to the original goal in the
/// fewest moves (checked against IDA* with Manhattan, which needs no
/// databases). A* takes the same databases.
#[test]
fn one_set_of_databases_serves_every_corner_goal() {
    use schofield::board::Direction;
    use schofield::search::astar;
    let b = four();
    let last = b.goal_blank_last();
    let corner = b
        .parse_arrangement("_ 15 14 13/12 11 10 9/8 7 6 5/4 3 2 1")
        .unwrap();
    let centre = b
        .parse_arrangement("1 2 3 4/5 0 6 7/8 9 10 11/12 13 14 15")
        .unwrap();
    let mut x: u64 = 0x0dd_ba11_5eed;
    for (k, goal) in [&last, &corner].into_iter().cycle().take(24).enumerate() {
        let mut a = goal.clone();
        for _ in 0..30 + k {
            x ^= x << 13;
            x ^= x >> 7;
            x ^= x << 17;
            if let Some((next, _)) = b.apply(&a, Direction::ALL[(x % 4) as usize]) {
                a = next;
            }
        }
        let truth = solve(&b, &a, goal, Heuristic::Manhattan, &Limits::default()).unwrap();
        let s = solve(&b, &a, goal, Guide::Databases(dbs()), &Limits::default()).unwrap();
        assert_eq!(s.path.length, truth.path.length, "{}", a.list());
        assert!(s.initial_estimate <= truth.path.length);
        let (end, tiles) = b.walk(&a, &s.path.moves).expect("legal moves");
        assert_eq!(tiles, s.path.tiles);
        assert_eq!(&end, goal, "the reported moves reach the goal");
        if k < 6 {
            let r = astar(&b, &a, goal, dbs(), &Limits::default()).unwrap();
            assert_eq!(r.path.length as usize, s.path.moves.len());
        }
    }
    let e = solve(
        &b,
        &centre,
        &centre,
        Guide::Databases(dbs()),
        &Limits::default(),
    )
    .unwrap_err();
    assert!(e.to_string().contains("blank is not where"), "{e}");
}
