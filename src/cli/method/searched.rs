//! `solve` and `path` past the whole table: a position searched by IDA*,
//! the pruning tables read from the store or built once, the group's
//! membership checked first, and batches a position a line.

use super::*;
use crate::cli::{common, draw};
use schofield::method::search::ida::Halt;

/// What `solve` asks of IDA* past the whole table.
#[derive(Clone, Copy)]
pub(super) struct Asked<'p> {
    /// The limits of each search (`--max-nodes`, `--max-seconds`).
    pub limits: Allowance<'p>,
    /// The bytes the pruning tables may take.
    pub table_bytes: u64,
    /// `--specimen-only`: stop at the first minimal sequence, the other
    /// starting moves not proved.
    pub specimen_only: bool,
    /// Whether a first look with small tables may come before the tables
    /// asked for are built ([`Solvers`]): without `--max-memory` and
    /// `--max-seconds`, and with no `--max-nodes` or one above the look's,
    /// so that only the look's own limit can stop it.
    pub first_look: bool,
}

/// Positions of a puzzle past the whole table, by IDA*: one, or (`-`)
/// one a line from standard input, the pruning tables built once, when
/// the first position that needs them comes.
pub(super) fn searched(
    puzzle: &schofield::puzzle::Puzzle,
    moves: &schofield::puzzle::MoveSet,
    options: &schofield::method::analysis::Options,
    args: &SolveArgs,
    asked: Asked,
    sink: &Sink,
) -> Outcome {
    use schofield::method::search::ida::Solver;
    let drawing = args.out.get_or_svg()?;
    let space = schofield::method::space::Space::unnumbered(puzzle, moves, options.max_memory)?;
    Solver::check(&space)?;
    if space.up_to_rotation() && args.to.is_some() {
        return Err(format!(
            "--to: the moves of {} turn the whole puzzle, so its positions are taken up to rotation, and IDA* does not join two of them; name --generators that hold one piece still (a cube's faces), or use --whole-table where the table fits",
            schofield::text::quoted(puzzle.name())
        )
        .into());
    }
    let notation = schofield::method::notation::Notation::new(puzzle, moves);
    // Made on first use: the group (pieces all different), the tables.
    let group = std::cell::OnceCell::new();
    let many = is_stdin(&args.position);
    let solvers = Solvers::new(puzzle, &space, many, args.out.quiet, asked);
    let one = |text: &str, format: Option<Format>| -> Outcome {
        let started = std::time::Instant::now();
        let given = notation.read_pattern(text)?;
        // With --to, the position whose solution is the same moves.
        let (pattern, relative) = match &args.to {
            Some(to) => {
                let to = notation.read_pattern(to)?;
                let relative = schofield::method::solve::relative_position(puzzle, &given, &to)?;
                (relative.clone(), Some(relative))
            }
            None => (given.clone(), None),
        };
        let reached = notation.reaches(&pattern, &group, options.max_memory)?;
        let Some(digits) = space.digits_of(&pattern).filter(|_| reached) else {
            return Err(unreached(&notation, &pattern, text, args.to.as_deref()).into());
        };
        // The target itself needs no table.
        let (found, every) = if digits == space.goal_digits() {
            let trivial = Solver::new(&space, 1, options.max_memory)?;
            search_one(&trivial, &digits, args, asked)
        } else {
            solvers.answer(&digits, args, asked)?
        };
        let (found, every) = (found?, every.transpose()?);
        // Up to rotation, as the puzzle held still makes them.
        let found = found.held_still(&space, moves, &pattern);
        let every = every
            .map(|e| schofield::method::search::ida::paths_held_still(&space, moves, &pattern, &e));
        let mut report = schofield::method::solve::SearchedReport::new(
            puzzle,
            moves,
            text.trim().to_string(),
            &found,
            started.elapsed().as_secs_f64(),
        );
        if args.to.is_none() {
            report.cycles_by_orbit =
                schofield::method::solve::gap_cycles(puzzle, &notation, &pattern);
        }
        if let Some(every) = &every {
            report = report.with_every(moves, every);
        }
        if let (Some(to), Some(relative)) = (&args.to, &relative) {
            report.goal = Some(to.trim().to_string());
            report.relative = Some(notation.pattern_text(relative));
        }
        let Some(format) = format else {
            let path = (&found.path[..], &report);
            return draw::searched(puzzle, &notation, moves, &given, path, args.steps);
        };
        let body = render::render_searched(&report, format)?;
        // The specimen played from the position as given (towards --to's
        // position, with --to).
        let replay = || {
            let labels = found.path.iter().map(|&m| moves.get(m).name().to_string());
            draw::from_pattern(moves, &given, &found.path, labels.collect(), |p| {
                notation.grid_or_pattern(p)
            })
        };
        steps_if(args.steps, body, replay, format, args.out.text_width())
    };
    match (drawing, is_stdin(&args.position)) {
        (Some(format), true) => common::batch(
            stdin_positions(puzzle, &notation)?,
            format,
            sink,
            |text, f| one(text, Some(f)),
        ),
        (None, true) => Err(NO_SVG_BATCH.into()),
        (format, false) => one(&args.position.join(" "), format),
    }
}

/// Why `pattern` (read from `text`) is not reached: said of the two
/// positions with `--to`, as under the table.
pub(super) fn unreached(
    notation: &schofield::method::notation::Notation,
    pattern: &schofield::puzzle::Pattern,
    text: &str,
    to: Option<&str>,
) -> schofield::method::notation::PositionError {
    use schofield::method::notation::PositionError;
    let why = notation.why_unreached(pattern);
    match to {
        Some(to) => PositionError::NotJoined {
            from: text.trim().to_string(),
            to: to.trim().to_string(),
            relative: format!("{},", notation.pattern_text(pattern)),
            why: match why {
                PositionError::Unreachable(why) => why,
                other => other.to_string(),
            },
        },
        None => why,
    }
}

/// IDA*'s solver with its pruning tables read from the store or built
/// (within `table_bytes`, read at conjugates by the puzzle's symmetries;
/// for `many` positions, by classes wherever they fit,
/// `Solver::kept_for_many`), a spinner shown meanwhile and a note of where they are kept said once
/// the command succeeds, unless `quiet`.
pub(super) fn pruned_solver<'s>(
    puzzle: &schofield::puzzle::Puzzle,
    space: &'s schofield::method::space::Space,
    table_bytes: u64,
    many: bool,
    quiet: bool,
    halt: Halt,
) -> Result<schofield::method::search::ida::Solver<'s>, Box<dyn std::error::Error>> {
    tables_made(space, quiet, halt, || {
        planned_tables(puzzle, space, table_bytes, many)
    })
}

/// The tables IDA* takes within `table_bytes`, read at conjugates by the
/// puzzle's symmetries: for `many` positions, by classes wherever they
/// fit (`PlannedTables::for_many`).
pub(super) fn planned_tables(
    puzzle: &schofield::puzzle::Puzzle,
    space: &schofield::method::space::Space,
    table_bytes: u64,
    many: bool,
) -> Result<schofield::method::search::ida::PlannedTables, schofield::method::search::SearchError> {
    use schofield::method::search::ida::PlannedTables;
    let symmetries: Vec<_> = puzzle.symmetry_transformations();
    if many {
        PlannedTables::for_many(space, table_bytes, &symmetries)
    } else {
        PlannedTables::new(space, table_bytes, &symmetries)
    }
}

/// The solver of the tables `plan` chooses, each read from the store or
/// built and kept there unless `halt` stops a build, a spinner shown
/// meanwhile and a note of where they are kept said once the command
/// succeeds, unless `quiet`.
pub(super) fn tables_made<'s>(
    space: &'s schofield::method::space::Space,
    quiet: bool,
    halt: Halt,
    plan: impl FnOnce() -> Result<
        schofield::method::search::ida::PlannedTables,
        schofield::method::search::SearchError,
    >,
) -> Result<schofield::method::search::ida::Solver<'s>, Box<dyn std::error::Error>> {
    let bar = common::progress_bar(0, "{spinner} {msg}", quiet);
    bar.set_message("IDA*: the pruning tables are being read or built");
    bar.enable_steady_tick(std::time::Duration::from_millis(250));
    let clock = std::time::Instant::now();
    let made = plan().map(|planned| {
        schofield::method::search::ida::Solver::kept_as_planned(
            space,
            planned,
            &pruning_store(),
            halt,
        )
    });
    bar.finish_and_clear();
    let (made, kept) = made??;
    note_kept(&kept, clock.elapsed().as_secs_f64());
    Ok(made)
}

/// Standard input as lines of positions: as it is, or, when it is a
/// twsearch scramble file (its first word `ScrambleAlg` or `Scramble`),
/// each scramble as one line: its moves, or its pattern.
pub(super) fn stdin_positions(
    puzzle: &schofield::puzzle::Puzzle,
    notation: &schofield::method::notation::Notation,
) -> Result<Box<dyn std::io::BufRead>, Box<dyn std::error::Error>> {
    use schofield::puzzle::tws::{ScramblePosition, read_scrambles};
    use std::io::{BufRead, Read};
    let mut stdin = std::io::stdin().lock();
    let head = String::from_utf8_lossy(stdin.fill_buf()?).into_owned();
    let first = head
        .lines()
        .map(|l| l.split('#').next().unwrap_or("").trim())
        .find(|l| !l.is_empty())
        .and_then(|l| l.split_whitespace().next())
        .map(str::to_ascii_lowercase);
    if !matches!(first.as_deref(), Some("scramblealg" | "scramble")) {
        return Ok(Box::new(stdin));
    }
    let mut text = String::new();
    stdin
        .read_to_string(&mut text)
        .map_err(|e| format!("standard input: {e}"))?;
    let scrambles = read_scrambles(&text, puzzle)
        .map_err(|e| format!("standard input, a scramble file: {e}"))?;
    let lines: String = scrambles
        .into_iter()
        .map(|s| match s.position {
            ScramblePosition::Alg(alg) => format!("{alg}\n"),
            ScramblePosition::Pattern(p) => format!("{}\n", notation.pattern_text(&p)),
        })
        .collect();
    Ok(Box::new(std::io::Cursor::new(lines)))
}

/// The answers IDA* gives for one position: its minimum, specimen and
/// starting moves (the specimen's first alone with `--specimen-only`), and
/// with `--all` every minimal sequence; on a terminal, the bound, the
/// positions and the rate as it goes.
pub(super) fn search_one(
    solver: &schofield::method::search::ida::Solver,
    digits: &[u64],
    args: &SolveArgs,
    asked: Asked,
) -> Answer {
    use schofield::method::search::ida::IdaProgress;
    let bar = common::progress_bar(0, "{spinner} {msg}", args.out.quiet);
    bar.enable_steady_tick(std::time::Duration::from_millis(250));
    let tell = |p: IdaProgress| {
        bar.set_message(format!(
            "IDA*: at least {} moves, {} positions, {:.1} million a second, {:.0} s",
            p.bound,
            grouped(p.nodes as usize),
            p.nodes as f64 / p.seconds.max(1e-3) / 1e6,
            p.seconds
        ));
    };
    let allowed = Allowance {
        progress: Some(&tell),
        ..asked.limits
    };
    // With --all, the listing shares the limits with the search.
    let answer = if args.all {
        match solver.solve_every(digits, &allowed) {
            Ok((found, every)) => (Ok(found), Some(Ok(every))),
            Err(stopped) => (Err(stopped), None),
        }
    } else if asked.specimen_only {
        (solver.solve_specimen(digits, &allowed), None)
    } else {
        (solver.solve(digits, &allowed), None)
    };
    bar.finish_and_clear();
    answer
}

/// The bytes the pruning tables of `solve` past the whole table take
/// without `--max-memory`: the 3×3×3's corners and one set of seven of
/// its edges, read at conjugates (587 MB with its move table).
pub(super) const PRUNING_BYTES: u64 = 1 << 30;

/// The folder where pruning tables are kept between runs (the cache
/// folder, [`schofield::board::store::cache_folder`]), created if missing.
/// One that cannot be made costs nothing but the keeping: the tables are
/// built, and a note says why they were not kept.
pub(super) fn pruning_store() -> std::path::PathBuf {
    let folder = schofield::board::store::cache_folder();
    if let Err(e) = std::fs::create_dir_all(&folder) {
        common::note_on_success(format!(
            "the cache folder {} cannot be made ({e}); IDA*'s pruning tables are built again on every run",
            schofield::text::quoted(&folder.display().to_string())
        ));
    }
    folder
}

/// Says where the pruning tables are kept and how they were had, once
/// the command has succeeded.
pub(super) fn note_kept(kept: &[schofield::method::search::ida::KeptTable], seconds: f64) {
    use schofield::method::search::ida::TableSource;
    let Some(first) = kept.first() else {
        return;
    };
    let folder = first.path.parent().unwrap_or(std::path::Path::new("."));
    let bytes: u64 = kept.iter().map(|k| k.bytes).sum();
    let read = kept
        .iter()
        .filter(|k| k.source == TableSource::Read)
        .count();
    for k in kept {
        if let TableSource::Replaced(why) = &k.source {
            common::note_on_success(format!(
                "a kept pruning table was unfit ({why}); it was built again"
            ));
        }
    }
    let lost: Vec<&String> = kept
        .iter()
        .filter_map(|k| match &k.source {
            TableSource::NotKept(why) => Some(why),
            _ => None,
        })
        .collect();
    if let Some(why) = lost.first() {
        // A folder that could not be made was said by `pruning_store`.
        if folder.is_dir() {
            common::note_on_success(format!(
                "{} of IDA*'s pruning tables could not be kept on disk ({why}); they are built again on every run",
                lost.len()
            ));
        }
        return;
    }
    let how = if read == kept.len() {
        format!("read in {seconds:.1} s from")
    } else if read == 0 {
        format!("built in {seconds:.1} s, kept in")
    } else {
        format!(
            "{read} read and {} built in {seconds:.1} s, kept in",
            kept.len() - read
        )
    };
    let tables = match kept.len() {
        1 => "pruning table".to_string(),
        n => format!("{n} pruning tables"),
    };
    common::note_on_success(format!(
        "IDA*'s {tables} ({} MB) {how} {} (delete its pruning-*.bin to free the space)",
        bytes.div_ceil(1_000_000),
        folder.display()
    ));
}
