//! A workbench for teachers and researchers (issue #35): positions as group
//! elements (products, inverse, order, solutions between any two
//! positions, the inverse written as cubers write it) and classes one at a
//! time.

use super::common::{analysis, eight, fails, stdout};
use schofield::method::analysis::Analysis;
use schofield::method::solve::SolutionReport;

/// Follows move indices from position `x`.
fn follow(a: &Analysis, mut x: u64, moves: &[usize]) -> u64 {
    for &m in moves {
        x = a.next(x, m);
    }
    x
}

#[test]
fn products_multiply_as_gap_does_and_a_position_has_an_order_and_an_inverse() {
    // (012)(012) is one product, (021), not a refusal for cycles that
    // are not disjoint; products read left to right.
    let twice = stdout(&["solve", "(012)(012)", "--format", "json"]);
    let once = stdout(&["solve", "(021)", "--format", "json"]);
    assert_eq!(twice, once);
    let v: serde_json::Value = serde_json::from_str(&once).unwrap();
    assert_eq!(v["cycles"], "(021)");
    assert_eq!(v["order"], 3);
    // Schofield's example: order 4, and its inverse's inverse is itself.
    let v: serde_json::Value =
        serde_json::from_str(&stdout(&["solve", "102536", "--format", "json"])).unwrap();
    assert_eq!(
        (v["order"].as_u64(), v["inverse_position"].as_str()),
        (Some(4), Some("102463"))
    );
    let w: serde_json::Value =
        serde_json::from_str(&stdout(&["solve", "102463", "--format", "json"])).unwrap();
    assert_eq!(w["inverse_position"], "102536");
    // The same for every position of the eight-puzzle: the inverse is an
    // involution, has the same order and the same minimum.
    let a = eight();
    for x in (0..20_160u64).step_by(97) {
        let r = SolutionReport::new(a, x, false);
        let inv = r.inverse_position.clone().unwrap();
        let y = a.parse_position(&inv).unwrap();
        let back = SolutionReport::new(a, y, false);
        assert_eq!(back.inverse_position.as_deref(), r.code.as_deref(), "{x}");
        assert_eq!((back.order, back.moves), (r.order, r.moves), "{x}");
    }
    // A 2×2×2 position too (a pattern, up to rotation).
    let v: serde_json::Value = serde_json::from_str(&stdout(&[
        "solve", "--puzzle", "2x2x2", "R", "--format", "json",
    ]))
    .unwrap();
    assert_eq!(v["order"], 4);
    // The text says both.
    let text = stdout(&["solve", "102536"]);
    assert!(
        text.contains("order            4   (its moves done 4 times over give the target)"),
        "{text}"
    );
    assert!(text.contains("inverse          102463"), "{text}");
}

#[test]
fn solutions_between_any_two_positions_are_the_moves_that_join_them() {
    let cube = {
        use schofield::method::analysis::Options;
        let p = schofield::puzzle::library::get("2x2x2").unwrap();
        Analysis::new(p, &Options::default(), &|_| {}).unwrap()
    };
    for (a, name, step, every) in [
        (analysis("eight"), "eight", 331u64, true),
        (analysis("five"), "five", 7, true),
        (&cube, "2x2x2", 104_729, false),
    ] {
        let positions: Vec<u64> = (0..a.space().len())
            .step_by(step as usize)
            .filter(|&x| a.moves_at(x).is_some())
            .take(30)
            .collect();
        for &p in &positions {
            for &q in positions.iter().rev().take(6) {
                let (from, to) = (a.position(p), a.position(q));
                let r = SolutionReport::between(a, &from, &to, false).unwrap();
                let x = r.sequence_number;
                // The specimen, and with `every` each minimal path, takes
                // `from` to `to` in the minimum.
                let paths = if every {
                    a.minimal_paths(x)
                } else {
                    vec![a.specimen(x)]
                };
                if every {
                    assert_eq!(paths.len() as u64, r.minimal_path_count, "{name} {p} {q}");
                }
                for path in &paths {
                    assert_eq!(follow(a, p, path), q, "{name} {p} → {q}: {path:?}");
                }
                // It is as long back, and from the target it is the
                // position's own minimum.
                let back = SolutionReport::between(a, &to, &from, false).unwrap();
                assert_eq!(r.moves, back.moves, "{name} {p} {q}");
                if p == a.space().goal_index() {
                    assert_eq!(Some(r.moves), a.moves_at(q), "{name} {q}");
                }
            }
        }
    }
    // On the command line, with the tile moves of the start's pieces.
    let text = stdout(&["solve", "102536", "--to", "021364"]);
    assert!(
        text.starts_with("Eight-puzzle from 025/1_3/746 to 213/0_6/574"),
        "{text}"
    );
    assert!(text.contains("minimum          18 moves"), "{text}");
    let walked = stdout(&["path", "AXAYZ", "--from", "102536"]);
    assert!(walked.contains("reaches        021364"), "{walked}");
    let tiles = |t: &str| {
        t.lines().find(|l| l.starts_with("tile moves")).map(|l| {
            let numbers = l.trim_start_matches("tile moves");
            numbers.split("(pieces").next().unwrap().trim().to_string()
        })
    };
    assert_eq!(tiles(&text), tiles(&walked));
    // The same position twice is no work; an odd pair cannot be joined.
    assert!(stdout(&["solve", "102536", "--to", "102536"]).contains("minimum          0 moves"));
    fails(&["solve", "012345", "--to", "(67)"], "odd permutation");
    fails(
        &["solve", "102536", "--to", "102536", "--format", "svg"],
        "--to writes text",
    );
}

#[test]
fn inverses_are_read_as_cubers_write_them_and_unknown_notation_lists_the_forms() {
    let reaches = |p: &str| {
        stdout(&["path", p])
            .lines()
            .find(|l| l.starts_with("reaches"))
            .unwrap()
            .to_string()
    };
    let w = reaches("W");
    for form in ["A'", "A^-1", "A⁻¹", "AA"] {
        assert_eq!(reaches(form), w, "{form}");
    }
    fails(
        &["path", "Q"],
        "expected letters from A B C D W X Y Z, each with a prime for its inverse if need be (A', A^-1 or A⁻¹)",
    );
    fails(
        &["path", "A?"],
        "a prime for the inverse (A, A2, A', also A^-1 or A⁻¹)",
    );
    fails(&["path", "--puzzle", "2x2x2", "Q"], "(U', U^-1 or U⁻¹)");
    // A path given to solve is pointed to path.
    fails(&["solve", "WXYZADY"], "`schofield path WXYZADY` follows it");
}

#[test]
fn one_class_is_shown_whole_and_drawn() {
    let text = stdout(&["classes", "298"]);
    assert_eq!(text, stdout(&["classes", "--class", "298"]));
    for line in [
        "representative   021364   (S = 366)",
        "size             8 members",
        "minimum          20 moves",
        "members          021364 031425 102536 172435 203146 613247 714253 720354",
        "minimal paths    2",
    ] {
        assert!(text.contains(line), "{line}\n{text}");
    }
    // Every member is in the class and every path solves the representative.
    let a = eight();
    let v: serde_json::Value =
        serde_json::from_str(&stdout(&["classes", "298", "--format", "json"])).unwrap();
    let record = &v[0];
    for m in record["members"].as_array().unwrap() {
        let x = a.parse_position(m.as_str().unwrap()).unwrap();
        assert_eq!(SolutionReport::new(a, x, false).class.id, 298);
    }
    let rep = a.parse_position("021364").unwrap();
    assert_eq!(
        record["minimal_paths"].as_array().unwrap().len(),
        a.minimal_paths(rep).len()
    );
    // Extended classes, one at a time.
    let ext: serde_json::Value = serde_json::from_str(&stdout(&[
        "classes",
        "172",
        "--extended",
        "--format",
        "json",
    ]))
    .unwrap();
    assert_eq!(ext[0]["size"], 16);
    assert_eq!(ext[0]["members"].as_array().unwrap().len(), 16);
    // Drawn: one board for each member, each labelled.
    let svg = stdout(&["classes", "298", "--format", "svg"]);
    assert!(svg.starts_with("<svg"), "{svg}");
    for m in record["members"].as_array().unwrap() {
        assert!(
            svg.contains(&format!(">\n{}\n<", m.as_str().unwrap())),
            "{m}"
        );
    }
    fails(
        &["classes", "2572"],
        "class 2572 does not exist; the eight-puzzle has 2 572 of them, numbered 0 to 2 571",
    );
    fails(
        &["classes", "1439", "--extended"],
        "extended class 1439 does not exist; the eight-puzzle has 1 439 of them, numbered 0 to 1 438",
    );
}

#[test]
fn the_notation_example_is_odd() {
    // Schofield's example of the notation, 534/0_2/176 → 345/0_2/716,
    // written (132)(67): an odd change, so no moves make it (docs/errata.md).
    fails(
        &["solve", "534/0_2/176", "--to", "345/0_2/716"],
        "the change is an odd permutation, (132)(67) on squares, and sliding pieces only makes even permutations",
    );
    fails(
        &["solve", "534/0_2/176"],
        "odd permutation of the target ((1765)(243) on squares)",
    );
    assert!(stdout(&["solve", "345/0_2/716"]).contains("minimum          16 moves"));
    // Two odd positions are joined all the same: their change is even.
    let both_odd = stdout(&["solve", "534/0_2/176", "--to", "(01)"]);
    assert!(
        both_odd.starts_with("Eight-puzzle from 534/0_2/176 to "),
        "{both_odd}"
    );
}

#[test]
fn every_command_has_a_manual_page_and_the_shell_completes_values() {
    // A page for every command, nested ones too, each with its options,
    // examples, exit status and files.
    let dir = tempfile::tempdir().unwrap();
    let listed = stdout(&["man", "--dir", dir.path().to_str().unwrap()]);
    for name in [
        "schofield",
        "schofield-solve",
        "schofield-lookup",
        "schofield-lookup-solve",
        "schofield-lookup-build",
        "schofield-five-trees",
        "schofield-optimal",
    ] {
        let path = dir.path().join(format!("{name}.1"));
        assert!(listed.contains(&path.display().to_string()), "{name}");
        let page = std::fs::read_to_string(&path).unwrap();
        for section in [
            ".SH NAME",
            ".SH SYNOPSIS",
            ".SH EXAMPLES",
            ".SH \"EXIT STATUS\"",
            ".SH FILES",
        ] {
            assert!(page.contains(section), "{name}: {section}");
        }
    }
    // The pages the program's page refers to all exist.
    let main = std::fs::read_to_string(dir.path().join("schofield.1")).unwrap();
    let mut references = 0;
    for (at, _) in main.match_indices("(1)") {
        let word = main[..at].rsplit([' ', '\n']).next().unwrap();
        if let Some(sub) = word.strip_prefix("schofield\\-") {
            let sub = sub.replace("\\-", "-");
            assert!(
                dir.path().join(format!("schofield-{sub}.1")).exists(),
                "{sub}"
            );
            references += 1;
        }
    }
    assert!(references >= 15, "{main}");
    // Every option of solve is on its page, and its examples.
    let solve = std::fs::read_to_string(dir.path().join("schofield-solve.1")).unwrap();
    for flag in [
        "\\-\\-to",
        "\\-\\-all",
        "\\-\\-steps",
        "\\-\\-format",
        "\\-\\-puzzle",
    ] {
        assert!(solve.contains(flag), "{flag}");
    }
    assert!(
        solve.contains("schofield solve 102536 \\-\\-to 021364"),
        "{solve}"
    );
    // Read by man(1) as a user would, without a warning (under CI man is
    // installed and required; elsewhere the check runs where man is).
    let man = std::process::Command::new("man").arg("--version").output();
    assert!(
        man.is_ok() || std::env::var_os("CI").is_none(),
        "CI needs man(1) (apt-get install man-db)"
    );
    if let Ok(out) = std::process::Command::new("man")
        .args([
            "-l",
            "--warnings",
            dir.path()
                .join("schofield-lookup-solve.1")
                .to_str()
                .unwrap(),
        ])
        .env("MANWIDTH", "80")
        .output()
        && out.status.success()
    {
        let text = String::from_utf8_lossy(&out.stdout);
        assert!(text.contains("EXIT STATUS"), "{text}");
        let warnings = String::from_utf8_lossy(&out.stderr);
        assert!(warnings.trim().is_empty(), "{warnings}");
    }

    // Completions: the shells without one named, and in bash the values of
    // --puzzle, --metric, --goal and --partition.
    assert!(stdout(&["completions"]).starts_with("bash\nzsh\nfish\n"));
    let script = dir.path().join("schofield.bash");
    std::fs::write(&script, stdout(&["completions", "bash"])).unwrap();
    let complete = |words: &str| {
        let line = format!("schofield {words} ");
        let out = std::process::Command::new("bash")
            .arg("-c")
            .arg(format!(
                "source {}; COMP_WORDS=({line} ''); COMP_CWORD=$((${{#COMP_WORDS[@]}} - 1)); COMP_LINE='{line}'; COMP_POINT=${{#COMP_LINE}}; _schofield schofield '' \"${{COMP_WORDS[COMP_CWORD-1]}}\"; echo \"${{COMPREPLY[*]}}\"",
                script.display()
            ))
            .output()
            .unwrap();
        String::from_utf8_lossy(&out.stdout).trim().to_string()
    };
    assert!(
        complete("counts --puzzle").contains("eight five eight-tiles"),
        "{}",
        complete("counts --puzzle")
    );
    assert_eq!(complete("counts --metric"), "face quarter");
    assert_eq!(complete("astar --goal"), "blank-last blank-first");
    assert_eq!(
        complete("optimal --partition"),
        "7-7-1 7-8 6-6-3 5-5-5 manhattan linear-conflict"
    );
    // A file is still read where a name is offered.
    let mine = dir.path().join("mine.yaml");
    std::fs::write(
        &mine,
        stdout(&["puzzles", "--write", "yaml", "--puzzle", "five"]),
    )
    .unwrap();
    assert!(stdout(&["counts", "--puzzle", mine.to_str().unwrap()]).contains("total"));
}

#[test]
fn quiet_by_default_when_standard_error_is_not_a_terminal() {
    // A distributed census with standard error redirected: no layer lines
    // unless --verbose asks for them, and nothing but the result with -q.
    let run = |extra: &[&str]| {
        let mut args = vec!["boards", "--board", "2x3", "--home", "5"];
        if cfg!(feature = "distributed") {
            args.extend(["--workers", "2"]);
        }
        args.extend(extra);
        super::common::schofield(&args)
    };
    let plain = run(&[]);
    assert!(plain.status.success());
    let err = String::from_utf8_lossy(&plain.stderr);
    assert!(!err.contains("layer 1 done"), "{err}");
    let verbose = run(&["--verbose"]);
    let err = String::from_utf8_lossy(&verbose.stderr);
    assert!(err.contains("layer 1 done"), "{err}");
    let quiet = run(&["-q"]);
    assert_eq!(quiet.stdout, plain.stdout);
    fails(&["counts", "--quiet", "--verbose"], "cannot be used with");
    // Every command that writes output takes both.
    for command in [
        "counts",
        "solve",
        "boards",
        "optimal",
        "astar",
        "lookup solve",
    ] {
        let mut args: Vec<&str> = command.split(' ').collect();
        args.push("--help");
        let help = stdout(&args);
        assert!(
            help.contains("--quiet") && help.contains("--verbose"),
            "{command}"
        );
    }
}

#[test]
fn exercise_sheets_and_their_answers() {
    // The sheet draws the positions the text lists, numbered, and the same
    // seed with --answers draws each one's minimum and a specimen.
    let text = stdout(&["random", "--count", "6", "--seed", "3"]);
    let grids: Vec<&str> = text.lines().collect();
    assert_eq!(grids.len(), 6);
    let sheet = stdout(&["random", "--count", "6", "--seed", "3", "--format", "svg"]);
    assert!(
        sheet.contains("Eight-puzzle (goal 123/0_4/765): 6 to solve, seed 3"),
        "{sheet}"
    );
    assert_eq!(sheet.matches("class=\"board\"").count(), 6);
    // The same six positions, with more asked of them.
    let six = |extra: &[&str]| {
        let mut args = vec!["random", "--count", "6", "--seed", "3"];
        args.extend(extra);
        stdout(&args)
    };
    let answers = six(&["--answers", "--format", "json"]);
    let v: serde_json::Value = serde_json::from_str(&answers).unwrap();
    let a = eight();
    for (r, grid) in v.as_array().unwrap().iter().zip(&grids) {
        assert_eq!(r["start"].as_str(), Some(*grid));
        // The specimen solves the position in its minimum.
        let x = a.parse_position(grid).unwrap();
        assert_eq!(r["moves"].as_u64(), a.moves_at(x).map(u64::from));
        let walked = stdout(&["path", r["specimen"].as_str().unwrap(), "--from", grid]);
        assert!(walked.contains("the target"), "{walked}");
    }
    // --answers adds a second sheet beside the first.
    let dir = tempfile::tempdir().unwrap();
    let file = dir.path().join("sheet.svg");
    let f = file.to_str().unwrap();
    six(&["--answers", "--format", "svg", "--output", f]);
    assert_eq!(std::fs::read_to_string(&file).unwrap(), sheet);
    let drawn = std::fs::read_to_string(dir.path().join("sheet-answers.svg")).unwrap();
    assert!(drawn.contains("answers, seed 3"));
    let first = &v[0];
    assert!(drawn.contains(&format!(
        ">\n1: {} moves\n<",
        first["moves"].as_u64().unwrap()
    )));
    // The specimen as the tables print it, elided twists struck through.
    let marked = first["specimen_marked"].as_str().unwrap();
    assert!(marked.contains('\u{338}') || !first["specimen"].as_str().unwrap().is_empty());
    assert!(drawn.contains(&format!(">\n{marked}\n<")), "{drawn}");
    assert!(drawn.contains("Eight-puzzle (goal 123/0_4/765): answers, seed 3"));
    // A batch drawn keeps its good lines when one is bad, and says so.
    let partly = super::common::piped(&["solve", "-", "--format", "svg"], "102536\nxyz\n");
    assert_eq!(partly.status.code(), Some(2));
    assert_eq!(
        String::from_utf8_lossy(&partly.stdout)
            .matches("class=\"board\"")
            .count(),
        1
    );
    assert!(String::from_utf8_lossy(&partly.stderr).contains("1 of 2 lines failed"));
    // A class number that is not one says what is expected.
    fails(
        &["classes", "-1"],
        "cannot read \"-1\" as a class number; expected 0, 1, 2",
    );
    fails(&["classes", "abc"], "cannot read \"abc\" as a class number");
    fails(
        &["random", "--count", "2", "--answers", "--format", "svg"],
        "give --output FILE.svg (the answers go to FILE-answers.svg)",
    );
    // On a board the answer is the blank's moves, from the lookup table.
    let board = stdout(&[
        "random",
        "--puzzle",
        "2x3",
        "--count",
        "3",
        "--seed",
        "2",
        "--answers",
        "--format",
        "json",
    ]);
    let v: serde_json::Value = serde_json::from_str(&board).unwrap();
    for r in v.as_array().unwrap() {
        let moves = r["moves"].as_u64().unwrap();
        assert_eq!(r["specimen"].as_str().unwrap().len() as u64, moves);
    }
    fails(
        &["random", "--puzzle", "4x4", "--answers"],
        "at most 12 cells",
    );
    fails(
        &[
            "random",
            "--puzzle",
            "tests/fixtures/twsearch/2x2x2.tws",
            "--format",
            "svg",
        ],
        "has neither",
    );
    // A batch drawn: one board for each line.
    let piped = super::common::piped(
        &["solve", "-", "--format", "svg"],
        "102536\n025/1_3/746\n(123)\n",
    );
    let svg = String::from_utf8_lossy(&piped.stdout);
    assert_eq!(svg.matches("class=\"board\"").count(), 3, "{svg}");
    assert!(svg.contains(">\nline 3: 031245\n<"), "{svg}");
    let bad = super::common::piped(&["solve", "-", "--format", "svg"], "102536\n(01)\n");
    assert_eq!(bad.status.code(), Some(2));
    assert!(String::from_utf8_lossy(&bad.stderr).contains("line 2: unsolvable"));
}

#[test]
fn each_command_offers_only_the_formats_it_writes() {
    // The help lists them, and anything else is refused with the list and
    // what the refused format is for.
    let solve = stdout(&["solve", "--help"]);
    assert!(
        solve.contains("- svg:") && !solve.contains("- dot:"),
        "{solve}"
    );
    let group = stdout(&["group", "--help"]);
    assert!(
        !group.contains("- svg:") && !group.contains("- dot:"),
        "{group}"
    );
    let trees = stdout(&["five", "trees", "--help"]);
    assert!(trees.contains("- dot:") && trees.contains("- svg:"));
    fails(
        &["solve", "102536", "--format", "dot"],
        "[possible values: text, json, jsonl, yaml, csv, svg]; --format dot is for drawings of graphs",
    );
    fails(
        &["group", "--format", "svg"],
        "[possible values: text, json, jsonl, yaml, csv]; --format svg draws",
    );
    // The completions offer the same.
    let bash = stdout(&["completions", "bash"]);
    assert!(bash.contains("compgen -W \"text json jsonl yaml csv\""));
    assert!(bash.contains("compgen -W \"text json jsonl yaml csv svg\""));
    assert!(bash.contains("compgen -W \"text json jsonl yaml csv dot svg\""));
}

#[test]
fn solvers_point_to_the_better_tool() {
    // fifteen says how far its constructive answer is from the optimum.
    let near = stdout(&["fifteen", "1 2 3 4 5 6 7 8 9 10 15 11 13 14 12 0"]);
    assert!(
        near.contains("optimal    4 moves (IDA*); the 3-cycles take 756 more"),
        "{near}"
    );
    let far = stdout(&["fifteen", "12 9 0 13 4 5 15 6 3 2 7 11 1 14 10 8"]);
    assert!(far.contains("optimal    at least 40 moves (linear conflict); `schofield optimal 12 9 0 13 4 5 15 6 3 2 7 11 1 14 10 8`"), "{far}");
    // A* stopped on a 4×4 names optimal.
    let stopped = super::common::schofield(&[
        "astar",
        "14 13 15 7 11 12 9 5 6 0 2 1 4 8 10 3",
        "--goal",
        "blank-first",
        "--max-nodes",
        "20000",
    ]);
    assert_eq!(stopped.status.code(), Some(3));
    assert!(
        String::from_utf8_lossy(&stopped.stderr).contains("a 4x4 is solved by `schofield optimal`")
    );
    // lookup solve takes the board the grid is written for.
    assert!(stdout(&["lookup", "solve", "12_/345"]).contains("goal     123/45_"));
    // A goal in Schofield's notation, piece 0 beside the blank, is shown
    // rewritten with tile 8.
    fails(
        &["astar", "867/254/3_1", "--goal", "123/0_4/765"],
        "in Schofield's notation 0 is a piece, which boards call tile 8: 123/8_4/765",
    );
}

#[test]
fn one_arrangement_in_two_notations_is_treated_alike() {
    // 213/8_4/765 (tiles 1–8) and 213/0_4/765 (Schofield's digits) are one
    // arrangement, in the half his target does not reach: refused alike,
    // naming the board solver, alone and in a batch, in text and in data.
    let rest =
        "on a 3x3 board with the goal 123/456/78_, `schofield lookup solve 213/8_4/765` solves it";
    for grid in ["213/8_4/765", "213/0_4/765"] {
        fails(
            &["solve", grid],
            "odd permutation of the target ((12) on squares)",
        );
        fails(&["solve", grid], rest);
        for format in ["text", "jsonl"] {
            let out =
                super::common::piped(&["solve", "-", "--format", format], &format!("{grid}\n"));
            assert_eq!(out.status.code(), Some(2), "{grid} {format}");
            let err = String::from_utf8_lossy(&out.stderr);
            assert!(
                err.contains("line 1: unsolvable") && err.contains(rest),
                "{grid} {format}: {err}"
            );
        }
    }
    // The board solver named does solve it.
    assert!(stdout(&["lookup", "solve", "213/8_4/765"]).contains("(optimal)"));
}
