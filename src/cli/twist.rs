//! The commands that read one position or page of Schofield's method on any
//! puzzle: `solve`, `path`, `table`, `classes` (and `solve`/`path` for
//! `five`). Every one takes `--puzzle` (the eight-puzzle by default);
//! `counts` is `cli/counts.rs`.

use super::common::{FormatArg, Outcome, Sink, StepsArg, is_stdin, steps_if};
use super::puzzle::PuzzleArgs;
use clap::Args;
use schofield::board::Board;
use schofield::board::lookup::LookupTable;
use schofield::puzzle::library;
use schofield::render::{self, Format, svg};
use schofield::text::grouped;
use schofield::twist::Path;
use schofield::twist::analysis::Analysis;
use schofield::twist::notation::{PositionError, USUAL_READING, read_pattern_of, usual_form};
use schofield::twist::search::ida::Allowance;
use schofield::twist::solve::{PathReport, SolutionReport};
use schofield::twist::table::{self, Tabulation};

/// Solve one position: minimum moves, starting twists, a specimen
/// minimal path, tile moves, classes.
#[derive(Args)]
#[command(
    after_help = "Schofield's target is 123/0_4/765: pieces 0-7 on the squares round the centre, square 0 the middle of the left edge and the rest numbered clockwise; a code number lists the pieces on squares 0-5. The usual 1-8 notation (tile 8 for piece 0, target 123/8_4/765) is read too. With --puzzle, any puzzle: a position is then its pattern or the moves that make it from the goal.\n\nExamples:\n  schofield solve 025/1_3/746\n  schofield solve 102536 --all --steps\n  schofield solve 102536 --to 021364\n  schofield solve '(01)(3465)'\n  schofield solve 123/8_4/765\n  schofield solve 123/456/78_\n  schofield solve --puzzle 2x2x2 \"R U R' F2\""
)]
pub struct SolveCommand {
    #[command(flatten)]
    pub args: SolveArgs,
    #[command(flatten)]
    pub puzzle: PuzzleArgs,
    /// Past the whole table (a puzzle of more than 2^28 positions, solved
    /// by IDA*): stop after this many positions generated, exit status 3,
    /// saying the lower bound proved so far.
    #[arg(long, value_name = "N", value_parser = super::common::nodes, allow_negative_numbers = true)]
    pub max_nodes: Option<u64>,
    /// Past the whole table: stop after this many seconds of search, exit
    /// status 3, saying the lower bound proved so far.
    #[arg(long, value_name = "SECONDS", value_parser = super::common::seconds, allow_negative_numbers = true)]
    pub max_seconds: Option<u64>,
    /// Answer one position of a puzzle of more than 2^21 positions from
    /// the whole table, with its classes and ending moves, rather than by
    /// one IDA* search (which gives the minimum, a specimen, the starting
    /// moves and, with --all, every minimal path, sooner).
    #[arg(long)]
    pub whole_table: bool,
}

/// `solve --puzzle P`: from the whole table where it is built, else (more
/// than [`schofield::twist::analysis::DENSE_MOST`] positions, or more than
/// `u64` numbers) by IDA* for the one position
/// ([`schofield::twist::search::ida`]).
pub fn solve_command(c: SolveCommand, sink: &Sink) -> Outcome {
    // The puzzle as declared: IDA* reads its tables at conjugates by the
    // declared symmetries only; symmetries found from the moves are
    // sought for the whole table alone (a `.tws` cube's IDA* reads none).
    let puzzle = c.puzzle.read_any()?;
    puzzle.searchable()?;
    super::draw::refuse_undrawn(&c.args.out.get_or_svg()?, &puzzle)?;
    let options = c.puzzle.options(false);
    let moves = c.puzzle.moves_of(&puzzle)?;
    // One position of a large puzzle is one search, unless the answer
    // needs the whole table.
    let one = !c.whole_table
        && !is_stdin(&c.args.position)
        && c.args.out.get_or_svg()?.is_some()
        && schofield::twist::analysis::one_search_pays(&puzzle, &moves);
    let past = schofield::twist::analysis::past_the_table(&puzzle, &moves);
    if past && c.whole_table {
        return Err(format!(
            "--whole-table: {} has more positions than the whole table takes ({}), so its positions are answered by IDA*; leave out --whole-table",
            schofield::text::quoted(puzzle.name()),
            grouped(schofield::twist::analysis::DENSE_MOST as usize)
        )
        .into());
    }
    if !one && !past {
        let a = super::puzzle::analyse(c.puzzle.read()?, &options, false, false)?;
        return solve(&a, c.args, sink);
    }
    let limits = Allowance {
        max_nodes: c.max_nodes,
        max_seconds: c.max_seconds.map(std::time::Duration::from_secs),
        progress: None,
    };
    // The tables take what --max-memory allows, else at most PRUNING_BYTES,
    // and at most a byte for 16 numbered positions: a small puzzle's
    // position is answered in milliseconds by small tables, read sooner
    // than large ones would save.
    let allowed = super::common::memory_allowed(c.puzzle.max_memory);
    let mut table_bytes = match c.puzzle.max_memory {
        Some(_) => allowed,
        None => allowed.min(PRUNING_BYTES),
    };
    if let Ok(positions) = schofield::twist::space::Space::count(&puzzle, &moves) {
        table_bytes = table_bytes.min(positions / 16);
    }
    searched(
        &puzzle,
        &moves,
        &options,
        &c.args,
        limits,
        table_bytes,
        sink,
    )
}

/// Positions of a puzzle past the whole table, by IDA*: one, or (`-`)
/// one a line from standard input, the pruning tables built once, when
/// the first position that needs them comes.
fn searched(
    puzzle: &schofield::puzzle::Puzzle,
    moves: &schofield::puzzle::MoveSet,
    options: &schofield::twist::analysis::Options,
    args: &SolveArgs,
    limits: Allowance,
    table_bytes: u64,
    sink: &Sink,
) -> Outcome {
    use schofield::twist::search::ida::Solver;
    let drawing = args.out.get_or_svg()?;
    let space = schofield::twist::space::Space::unnumbered(puzzle, moves, options.max_memory)?;
    let notation = schofield::twist::notation::Notation::new(puzzle, moves);
    // Made on first use: the group (pieces all different), the tables.
    let group = std::cell::OnceCell::new();
    let solver = std::cell::OnceCell::new();
    let one = |text: &str, format: Option<Format>| -> Outcome {
        let started = std::time::Instant::now();
        let given = notation.read_pattern(text)?;
        // With --to, the position whose solution is the same moves.
        let (pattern, relative) = match &args.to {
            Some(to) => {
                let to = notation.read_pattern(to)?;
                let relative = schofield::twist::solve::relative_position(puzzle, &given, &to)?;
                (relative.clone(), Some(relative))
            }
            None => (given.clone(), None),
        };
        let reached = reaches(puzzle, moves, &pattern, &group, options)?;
        let Some(digits) = space.digits_of(&pattern).filter(|_| reached) else {
            let why = notation.why_unreached(&pattern);
            return Err(match &args.to {
                // Said of the two positions, as under the table.
                Some(to) => schofield::twist::notation::PositionError::NotJoined {
                    from: text.trim().to_string(),
                    to: to.trim().to_string(),
                    relative: format!("{},", notation.pattern_text(&pattern)),
                    why: match why {
                        schofield::twist::notation::PositionError::Unreachable(why) => why,
                        other => other.to_string(),
                    },
                },
                None => why,
            }
            .into());
        };
        // The target itself needs no table.
        let trivial;
        let solver = if digits == space.goal_digits() {
            trivial = Solver::new(&space, 1, options.max_memory)?;
            &trivial
        } else {
            if solver.get().is_none() {
                let bar = super::common::progress_bar(0, "{spinner} {msg}", args.out.quiet);
                bar.set_message("IDA*: the pruning tables are being read or built");
                bar.enable_steady_tick(std::time::Duration::from_millis(250));
                let clock = std::time::Instant::now();
                // Read at conjugates too, by the puzzle's symmetries.
                let symmetries: Vec<_> = puzzle.symmetry_transformations();
                let made = Solver::kept(&space, table_bytes, &pruning_store(), &symmetries);
                bar.finish_and_clear();
                let (made, kept) = made?;
                // Said once the command succeeds, unless --quiet.
                note_kept(&kept, clock.elapsed().as_secs_f64());
                let _ = solver.set(made);
            }
            solver.get().expect("made")
        };
        let (found, every) = search_one(solver, &digits, args, limits);
        let found = found?;
        let every = every.transpose()?;
        let mut report = schofield::twist::solve::SearchedReport::new(
            puzzle,
            moves,
            text.trim().to_string(),
            &found,
            started.elapsed().as_secs_f64(),
        );
        if args.to.is_none() {
            report.cycles_by_orbit =
                schofield::twist::solve::gap_cycles(puzzle, &notation, &pattern);
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
            return super::draw::searched(puzzle, &notation, moves, &given, path, args.steps);
        };
        let body = render::render_searched(&report, format)?;
        // The specimen played from the position as given (towards --to's
        // position, with --to).
        let replay = || {
            let labels = found.path.iter().map(|&m| moves.get(m).name().to_string());
            super::draw::from_pattern(moves, &given, &found.path, labels.collect(), |p| {
                notation.grid(p).unwrap_or_else(|| notation.pattern_text(p))
            })
        };
        steps_if(
            args.steps,
            body,
            &report,
            replay,
            format,
            args.out.text_width(),
        )
    };
    match (drawing, is_stdin(&args.position)) {
        (Some(format), true) => super::common::batch(
            stdin_positions(puzzle, &notation)?,
            format,
            sink,
            |text, f| one(text, Some(f)),
        ),
        (None, true) => Err(NO_SVG_BATCH.into()),
        (format, false) => one(&args.position.join(" "), format),
    }
}

/// Whether the moves reach `pattern`: the invariants first, for their
/// reasons; then, pieces all different, the group itself (made once, in
/// `group`), since IDA* would never end on a position whose projections
/// are all reached while it is not.
fn reaches(
    puzzle: &schofield::puzzle::Puzzle,
    moves: &schofield::puzzle::MoveSet,
    pattern: &schofield::puzzle::Pattern,
    group: &std::cell::OnceCell<schofield::group::PermGroup>,
    options: &schofield::twist::analysis::Options,
) -> Result<bool, Box<dyn std::error::Error>> {
    use schofield::puzzle::transformation::{as_points, perm_group};
    let mut reached = schofield::puzzle::invariants::broken(puzzle, moves, pattern).is_none();
    if reached && let Some(element) = schofield::twist::notation::element_of(puzzle, pattern) {
        if group.get().is_none() {
            let raw: Vec<_> = moves.transformations();
            let _ = group.set(perm_group(&raw, options.max_memory)?);
        }
        reached = group
            .get()
            .is_some_and(|g| g.contains(&as_points(&element)));
    }
    Ok(reached)
}

/// Standard input as lines of positions: as it is, or, when it is a
/// twsearch scramble file (its first word `ScrambleAlg` or `Scramble`),
/// each scramble as one line: its moves, or its pattern.
fn stdin_positions(
    puzzle: &schofield::puzzle::Puzzle,
    notation: &schofield::twist::notation::Notation,
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
/// starting moves, and with `--all` every minimal sequence; on a
/// terminal, the bound, the positions and the rate as it goes.
#[allow(clippy::type_complexity)]
fn search_one(
    solver: &schofield::twist::search::ida::Solver,
    digits: &[u64],
    args: &SolveArgs,
    limits: Allowance,
) -> (
    Result<schofield::twist::search::ida::Solution, schofield::twist::search::ida::Stopped>,
    Option<Result<Vec<Vec<usize>>, schofield::twist::search::ida::Stopped>>,
) {
    use schofield::twist::search::ida::Progress;
    let bar = super::common::progress_bar(0, "{spinner} {msg}", args.out.quiet);
    bar.enable_steady_tick(std::time::Duration::from_millis(250));
    let tell = |p: Progress| {
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
        ..limits
    };
    // With --all, the listing shares the limits with the search.
    let answer = if args.all {
        match solver.solve_every(digits, &allowed) {
            Ok((found, every)) => (Ok(found), Some(Ok(every))),
            Err(stopped) => (Err(stopped), None),
        }
    } else {
        (solver.solve(digits, &allowed), None)
    };
    bar.finish_and_clear();
    answer
}

/// The bytes the pruning tables of `solve` past the whole table take
/// without `--max-memory`: the 3×3×3's corners and one set of seven of
/// its edges, read at conjugates (886 MB with its move table).
const PRUNING_BYTES: u64 = 1 << 30;

/// The folder where pruning tables are kept between runs (the cache
/// folder, [`schofield::board::store::cache_folder`]), created if missing.
/// One that cannot be made costs nothing but the keeping: the tables are
/// built, and a note says why they were not kept.
fn pruning_store() -> std::path::PathBuf {
    let folder = schofield::board::store::cache_folder();
    let _ = std::fs::create_dir_all(&folder);
    folder
}

/// Says where the pruning tables are kept and how they were had, once
/// the command has succeeded.
fn note_kept(kept: &[schofield::twist::search::ida::KeptTable], seconds: f64) {
    use schofield::twist::search::ida::TableSource;
    let Some(first) = kept.first() else {
        return;
    };
    let folder = first.path.parent().unwrap_or(std::path::Path::new("."));
    let bytes: u64 = kept.iter().map(|k| k.values).sum();
    let read = kept
        .iter()
        .filter(|k| k.source == TableSource::Read)
        .count();
    for k in kept {
        if let TableSource::Replaced(why) = &k.source {
            super::common::note_on_success(format!(
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
        super::common::note_on_success(format!(
            "{} of IDA*'s pruning tables could not be kept on disk ({why}); they are built again on every run",
            lost.len()
        ));
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
    super::common::note_on_success(format!(
        "IDA*'s {tables} ({} MB) {how} {} (delete its pruning-*.bin to free the space)",
        bytes.div_ceil(1_000_000),
        folder.display()
    ));
}

/// The arguments of `solve` that `five solve` shares.
#[derive(Args)]
pub struct SolveArgs {
    /// The puzzle: a grid (025/1_3/746; five-puzzle 231/0_4), a code number
    /// (102536; 023), cycle notation on squares ((01)(2543)), or `-` to read
    /// positions from standard input, one a line (or a twsearch scramble
    /// file, .scr: its ScrambleAlg and Scramble blocks).
    #[arg(required = true, num_args = 1..)]
    position: Vec<String>,
    /// Solve towards this position instead of the target (any form the
    /// position is read in): the distance and minimal paths between two
    /// positions.
    #[arg(long, value_name = "POSITION")]
    to: Option<String>,
    /// List every minimal path.
    #[arg(long)]
    all: bool,
    #[command(flatten)]
    steps: StepsArg,
    #[command(flatten)]
    pub out: FormatArg,
}

/// Follow a path of twists (e.g. WXYZADY): its moves, elisions, inverse,
/// the position it reaches and its tile moves.
#[derive(Args)]
#[command(
    after_help = "Twists A B C D turn a corner block clockwise, W X Y Z are their inverses (see docs/twists.md); a twist that elides with the one before costs 2 moves instead of 4. With --puzzle, the path is in that puzzle's moves, in alg notation.\n\nExamples:\n  schofield path WXYZADY\n  schofield path w x y --from 102536 --steps\n  schofield path --puzzle 2x2x2 \"[R, U] R2\""
)]
pub struct PathCommand {
    #[command(flatten)]
    pub args: PathArgs,
    #[command(flatten)]
    pub puzzle: PuzzleArgs,
}

/// The arguments of `path` that `five path` shares.
#[derive(Args)]
pub struct PathArgs {
    /// The twists, e.g. WXYZADY (five-puzzle: letters A B W X).
    #[arg(required = true, num_args = 1..)]
    path: Vec<String>,
    /// The position to start from (default: the target).
    #[arg(long)]
    from: Option<String>,
    #[command(flatten)]
    steps: StepsArg,
    #[command(flatten)]
    pub out: FormatArg,
}

/// Schofield's printed tables: every puzzle's starting twists, minimum
/// and a specimen path, in 168 pages of half-pages.
#[derive(Args)]
#[command(
    after_help = "Examples:\n  schofield table --head 102\n  schofield table --code 102536 --format json"
)]
pub struct TableArgs {
    /// Only the half-page with this head (the first three code digits).
    #[arg(long, conflicts_with = "code")]
    head: Option<String>,
    /// Only the entry of this puzzle (a code number, or any position form).
    #[arg(long)]
    code: Option<String>,
    /// text is the printed layout; csv, json and yaml give one record
    /// per puzzle.
    #[command(flatten)]
    pub out: FormatArg,
    #[command(flatten)]
    pub puzzle: PuzzleArgs,
}

/// The class dictionary (Schofield's short dictionary): every class with
/// its representative, size, minimum, starting and ending twists.
#[derive(Args)]
#[command(
    after_help = "Examples:\n  schofield classes --format csv\n  schofield classes --extended --members --format jsonl\n  schofield classes 298\n  schofield classes --class 298 --format svg --output class-298.svg"
)]
pub struct ClassesArgs {
    /// One class, seen whole: its representative, members, size, moves,
    /// starting and ending twists and every minimal path; `--format svg`
    /// draws its members.
    #[arg(long = "class", value_name = "N", value_parser = class_number, allow_negative_numbers = true)]
    class: Option<usize>,
    /// The same as `--class N`.
    #[arg(value_name = "N", conflicts_with = "class", value_parser = class_number, allow_negative_numbers = true)]
    number: Option<usize>,
    /// Extended classes (a position and its inverse are equivalent), as
    /// `graph --kind extended-classes`; `--with-inverses` is read too.
    #[arg(long = "extended", visible_alias = "with-inverses")]
    with_inverses: bool,
    /// List every class's members.
    #[arg(long)]
    members: bool,
    /// Give each class a specimen minimal solution of its representative
    /// (the first in the order of the moves), as the printed tables do.
    #[arg(long)]
    specimens: bool,
    #[command(flatten)]
    pub out: FormatArg,
    #[command(flatten)]
    pub puzzle: PuzzleArgs,
}

/// Schofield's tray shapes, by their drawing: the eight-puzzle's 3×3 and
/// the five-puzzle's 2×3, the blank in the middle of the second row.
fn tray(a: &Analysis, rows: usize) -> bool {
    a.on_tray(rows)
}

/// The position `text` is of a library puzzle, checked against its
/// invariants (which decide membership for Schofield's trays: A8, A5).
fn library_position(name: &str, text: &str) -> Result<(), PositionError> {
    let Some(p) = library::get(name) else {
        return Err(PositionError::Pattern(String::new()));
    };
    let moves = p
        .moves(p.default_metric(), None)
        .map_err(|e| PositionError::Pattern(e.to_string()))?;
    let pattern = read_pattern_of(&p, &moves, text)?;
    if text.chars().any(char::is_alphabetic) {
        return Err(PositionError::Pattern(String::new()));
    }
    match schofield::puzzle::invariants::broken(&p, &moves, &pattern) {
        None => Ok(()),
        Some(_) => {
            Err(schofield::twist::notation::Notation::new(&p, &moves).why_unreached(&pattern))
        }
    }
}

/// The note for a position given as moves: it is read as the position
/// they make from the target, which `path` follows.
fn moves_note(a: &Analysis, text: &str) -> Option<String> {
    if !text.chars().any(char::is_alphabetic) || text.contains(['/', '_']) {
        return None;
    }
    let v = a.puzzle().vocabulary();
    // The puzzle as `path` needs it named: its library name, else its file.
    let name = a.puzzle().name();
    let flag = match library::names()
        .iter()
        .find(|n| library::get(n).is_some_and(|p| p.name() == name))
    {
        Some(&"eight") => String::new(),
        Some(n) => format!(" --puzzle {n}"),
        None => " --puzzle FILE".to_string(),
    };
    Some(format!(
        "read {} as the position its {} make from the target; `schofield path{flag} {}` follows them as a path",
        schofield::text::quoted(text.trim()),
        v.moves,
        schofield::text::quoted(text.trim())
    ))
}

/// `solve`: one position, or (`-`) one a line from standard input.
pub fn solve(a: &Analysis, args: SolveArgs, sink: &Sink) -> Outcome {
    let batch = is_stdin(&args.position);
    // `None` for a drawing.
    let one = |text: &str, drawing: Option<Format>| -> Outcome {
        if let Some(to) = &args.to {
            return between(a, text, to, &args, drawing);
        }
        let (x, frame, note) = match a.parse_position_framed(text) {
            Ok((x, frame)) => (x, frame, moves_note(a, text)),
            Err(e) => match other_forms(
                a,
                text,
                drawing,
                args.steps,
                args.out.text_width(),
                batch,
                &e,
            ) {
                Other::Relabelled(x) => (x, None, Some(USUAL_READING.to_string())),
                Other::Answered(out) => return out,
                Other::No => return Err(e.into()),
            },
        };
        let sol = SolutionReport::in_frame(a, x, frame.as_ref(), args.all);
        let Some(format) = drawing else {
            return super::draw::solution(a, x, frame.as_ref(), &sol, args.steps);
        };
        // One note for one position; a batch's lines are read alike.
        let body = with_note(
            note.as_deref().filter(|_| !batch),
            render::render_solution(&sol, format, args.out.text_width())?,
        );
        let specimen = Path::new(a.specimen(x));
        let grids = || twist_steps(a, x, &specimen, frame.as_ref());
        steps_if(args.steps, body, &sol, grids, format, args.out.text_width())
    };
    match (args.out.get_or_svg()?, batch) {
        (Some(format), true) => super::common::batch(
            stdin_positions(a.puzzle(), &a.notation())?,
            format,
            sink,
            |text, f| one(text, Some(f)),
        ),
        (None, true) => super::draw::batch_sheet(a, std::io::stdin().lock()),
        (drawing, false) => one(&args.position.join(" "), drawing),
    }
}

/// `solve FROM --to TO`: the minimal paths between two positions.
fn between(
    a: &Analysis,
    from: &str,
    to: &str,
    args: &SolveArgs,
    drawing: Option<Format>,
) -> Outcome {
    let Some(format) = drawing else {
        return Err("--to writes text, json, jsonl, yaml or csv; --format svg draws one position's solution to the target".into());
    };
    if args.steps.steps {
        return Err("--steps draws a solution to the target; leave it out with --to".into());
    }
    // Read as patterns: either may be unreachable from the target, and
    // the two still be joined (both odd, say).
    let notation = a.notation();
    let from = notation.read_pattern(from)?;
    let to = notation.read_pattern(to)?;
    let sol = SolutionReport::between(a, &from, &to, args.all)?;
    Ok(render::render_solution(
        &sol,
        format,
        args.out.text_width(),
    )?)
}

pub const NO_SVG_BATCH: &str =
    "--format svg draws one position or solution; give one position, not `-`";

/// The output as it is, and the note saying how the input was read on
/// standard error once the command succeeds (silenced by `--quiet`, and
/// kept out of the output a reader parses).
fn with_note(note: Option<&str>, body: String) -> String {
    if let Some(n) = note {
        super::common::note_on_success(n.to_string());
    }
    body
}

/// The grids (or patterns) from `start` after each move of `path`, `start`
/// included, each labelled with its move (struck through when elided).
fn twist_steps(
    a: &Analysis,
    start: u64,
    path: &Path,
    frame: Option<&schofield::puzzle::Transformation>,
) -> render::Steps {
    let n = a.notation();
    super::draw::along(a, start, path, frame, |p| {
        n.grid(p).unwrap_or_else(|| n.pattern_text(p))
    })
}

/// The note that says how the usual notation was read.
/// A position as every command reads it: the puzzle's own forms, or on
/// the eight-puzzle the usual 1–8 notation, with the note saying so. Only
/// `solve` goes further (the blank off the centre, other boards).
pub fn read_position(
    a: &Analysis,
    text: &str,
) -> Result<(u64, Option<&'static str>), Box<dyn std::error::Error>> {
    let r = a.read_position(text)?;
    Ok((r.x, r.note))
}

/// What `solve` makes of input its puzzle does not read.
enum Other {
    /// The usual 1–8 notation, relabelled to Schofield's pieces.
    Relabelled(u64),
    /// Answered another way (or refused with a pointer to the command that
    /// takes it).
    Answered(Outcome),
    /// Nothing else fits: the original error stands.
    No,
}

/// The forms `solve` understands beyond its puzzle's own: on the
/// eight-puzzle, the usual 1–8 notation (tile 8 is Schofield's piece 0,
/// his target `123/8_4/765`), and a 3×3 arrangement with the blank off
/// the centre, answered optimally by the lookup table (twists need the
/// blank at home), except in a batch of records, whose lines must all have
/// one shape; a five-puzzle position points to `five solve`.
fn other_forms(
    a: &Analysis,
    text: &str,
    format: Option<Format>,
    steps: StepsArg,
    width: usize,
    batch: bool,
    error: &PositionError,
) -> Other {
    if tray(a, 2) {
        // An eight-puzzle position given to `five solve`.
        if library_position("eight", text).is_ok() {
            return Other::Answered(Err(format!(
                "{} is an eight-puzzle position; use `schofield solve {}`",
                schofield::text::quoted(text.trim()),
                text.trim()
            )
            .into()));
        }
        return Other::No;
    }
    if !tray(a, 3) {
        return Other::No;
    }
    if library_position("five", text).is_ok()
        && !matches!(error, PositionError::OddPermutation { .. })
    {
        return Other::Answered(Err(format!(
            "{} is a five-puzzle position; use `schofield five solve {}`",
            schofield::text::quoted(text),
            text.trim()
        )
        .into()));
    }
    // A position of another board (the fifteen-puzzle, a 2x3 …).
    if let Ok(board) = Board::infer(text)
        && board.cells() != 9
        && board.parse_arrangement(text).is_ok()
    {
        let other: &str = if board.cells() == 16 {
            "`schofield optimal` (or `fifteen`, `astar`)"
        } else {
            &format!("`schofield astar` or `schofield lookup solve --board {board}`")
        };
        return Other::Answered(Err(format!(
            "{} is a position of the {board} board; `solve` takes the eight-puzzle: use {other}",
            schofield::text::quoted(text.trim())
        )
        .into()));
    }
    let usual = usual_form(text);
    let schofield_form = usual.clone().unwrap_or_else(|| text.to_string());
    let usual = usual.is_some();
    let is_grid = schofield_form.contains(['/', '_', '.', '\n']);
    let reading = USUAL_READING;
    // An odd grid with the blank on the centre, in either notation: not a
    // position of Schofield's puzzle, the same refusal whether it is
    // written with his piece 0 or the usual tile 8, alone or in a batch;
    // the board solver that takes it towards 123/456/78_ is named.
    let odd = |e: &PositionError| matches!(e, PositionError::OddPermutation { .. });
    let odd_error = match a.parse_position(&schofield_form) {
        Err(e) if usual && odd(&e) => Some((e, format!(" ({reading})"))),
        _ if !usual && odd(error) => Some((error.clone(), String::new())),
        _ => None,
    };
    if is_grid && let Some((e, how)) = odd_error {
        return Other::Answered(Err(format!(
            "{e}{how}; on a 3x3 board with the goal 123/456/78_, `schofield lookup solve {}` solves it",
            schofield_form.replace('0', "8")
        )
        .into()));
    }
    match (a.parse_position(&schofield_form), error) {
        (Ok(x), _) if usual => return Other::Relabelled(x),
        (Err(PositionError::BlankOffCentre { .. }), _)
        | (_, PositionError::BlankOffCentre { .. }) => {}
        // In the usual notation, the other half is the puzzle as sold.
        (Err(PositionError::OddPermutation { .. }), _) if usual && is_grid => {}
        (Err(e), _) if usual => return Other::Answered(Err(format!("{e} ({reading})").into())),
        _ => return Other::No,
    }
    if batch && format != Some(Format::Text) {
        // A batch's records all have one shape: the twist analysis.
        return Other::Answered(Err(format!(
            "{} is not a position of Schofield's twists (they need the blank on the centre, in his target's half); a batch of `solve` records takes those only: use `schofield lookup solve -` for any 3x3 arrangement",
            schofield::text::quoted(text.trim())
        )
        .into()));
    }
    Other::Answered(by_lookup(
        &schofield_form.replace('0', "8"),
        format,
        steps,
        width,
    ))
}
/// A 3×3 arrangement the twists cannot take (the blank off the centre, or
/// in the half Schofield's target does not reach; tiles 1–8, his piece 0
/// written 8), solved optimally by the lookup table: towards his target
/// `123/8_4/765` when it can reach it, else towards the other half's goal
/// `123/456/78_` (the puzzle as sold). A line says which goal and why.
fn by_lookup(grid: &str, drawing: Option<Format>, steps: StepsArg, width: usize) -> Outcome {
    let board: Board = "3x3".parse()?;
    let start = board.parse_arrangement(grid)?;
    let target = board.parse_arrangement("123/8_4/765")?;
    let (goal, which) = if board.is_solvable(&start, &target) {
        (
            target,
            "Schofield's target, written 123/8_4/765 (tile 8 is his piece 0)",
        )
    } else {
        (
            board.goal_blank_last(),
            "123/456/78_, the puzzle as sold (Schofield's target 123/8_4/765 is in the other half)",
        )
    };
    let t = LookupTable::try_build(board, goal)?;
    let sol = t.solve(&start)?;
    let Some(format) = drawing else {
        let title = format!(
            "3x3 board, {}: {} to {} (lookup table; twists need the blank at home)",
            board.format(&start),
            super::common::moves(sol.path.length as usize),
            board.format(t.goal())
        );
        return Ok(super::draw::board_solution(
            steps,
            &board,
            &start,
            &sol.path.tiles,
            &title,
        ));
    };
    let body = render::render_table_solution(&sol, format, width)?;
    let grids = || render::Steps::of_tiles(&board, &start, &sol.path.tiles);
    let body = steps_if(steps, body, &sol, grids, format, width)?;
    let why = if start.blank() == 4 {
        "the position is in the half Schofield's target does not reach, so his twists do not apply"
    } else {
        "the blank is not on the centre, so Schofield's twists do not apply (they need the blank at home)"
    };
    Ok(match format {
        Format::Text => {
            format!("{why}; solved optimally by the 3x3 lookup table towards {which}\n\n{body}")
        }
        _ => body,
    })
}

/// `path --puzzle P`: along the whole table where it is built; past it
/// ([`schofield::twist::analysis::past_the_table`]), from the patterns
/// alone.
pub fn path_command(c: PathCommand) -> Outcome {
    let puzzle = c.puzzle.read_any()?;
    puzzle.searchable()?;
    let moves = c.puzzle.moves_of(&puzzle)?;
    let format = c.args.out.get_or_svg()?;
    super::draw::refuse_undrawn(&format, &puzzle)?;
    // A path needs no table but for its drawings: past the table, or
    // where the analysis would take longer than following the moves.
    let without = format.is_some() && schofield::twist::analysis::one_search_pays(&puzzle, &moves);
    if !without && !schofield::twist::analysis::past_the_table(&puzzle, &moves) {
        return follow(&c.puzzle.analyse(false)?, c.args);
    }
    let args = c.args;
    let notation = schofield::twist::notation::Notation::new(&puzzle, &moves);
    let path = Path::parse(&moves, &args.path.join(" "))?;
    let from = match &args.from {
        Some(s) => notation.read_pattern(s)?,
        None => puzzle.goal().clone(),
    };
    let report = PathReport::from_pattern(&puzzle, &moves, &from, &path);
    let Some(format) = format else {
        let pictures = svg::Pictures::of(&puzzle)?;
        let marked = path.marked(&moves);
        let labels = marked.split_whitespace().map(String::from);
        let strip = super::draw::from_pattern(&moves, &from, path.moves(), labels.collect(), |p| {
            pictures.of_pattern(&notation, p)
        });
        let title = format!(
            "{} from {} to {}: {}",
            path.write(&moves),
            report.start,
            report.end,
            super::common::moves(path.cost(&moves))
        );
        return Ok(svg::strip_svg(&strip, &pictures.look(), &title));
    };
    let body = render::render_path(&report, format, args.out.text_width())?;
    let replay = || {
        let labels = path
            .marked(&moves)
            .split_whitespace()
            .map(String::from)
            .collect();
        super::draw::from_pattern(&moves, &from, path.moves(), labels, |p| {
            notation.grid(p).unwrap_or_else(|| notation.pattern_text(p))
        })
    };
    steps_if(
        args.steps,
        body,
        &report,
        replay,
        format,
        args.out.text_width(),
    )
}

/// `path`.
pub fn follow(a: &Analysis, args: PathArgs) -> Outcome {
    let path = a.parse_path(&args.path.join(" "))?;
    let (start, note) = match &args.from {
        Some(s) => read_position(a, s)?,
        None => (a.goal(), None),
    };
    // Up to rotation, the moves are those of the puzzle held still, from
    // the position as given.
    let frame = match &args.from {
        Some(s) => a.parse_position_framed(s).ok().and_then(|(_, f)| f),
        None => None,
    };
    // The engine's moves, for the pictures of the steps.
    let engine = a.engine_path(&path, frame.as_ref());
    let Some(format) = args.out.get_or_svg()? else {
        let end = a.follow_held_still(start, &path, frame.as_ref());
        let pictures = svg::Pictures::of(a.puzzle())?;
        let title = format!(
            "{} from {} to {}: {}",
            path.write(a.moves()),
            a.name_of(start),
            a.name_of(end),
            super::common::moves(path.cost(a.moves()))
        );
        let strip = super::draw::along(a, start, &engine, frame.as_ref(), |p| {
            pictures.of_pattern(&a.notation(), p)
        });
        return Ok(svg::strip_svg(&strip, &pictures.look(), &title));
    };
    let report = PathReport::in_frame(a, start, frame.as_ref(), &path);
    let body = with_note(
        note,
        render::render_path(&report, format, args.out.text_width())?,
    );
    let grids = || twist_steps(a, start, &engine, frame.as_ref());
    steps_if(
        args.steps,
        body,
        &report,
        grids,
        format,
        args.out.text_width(),
    )
}

/// `table`: the printed tables, a half-page or one entry.
pub fn table(args: TableArgs) -> Outcome {
    let format = args.out.get()?;
    let a = args.puzzle.analyse(false)?;
    let data = format != Format::Text;
    let no_tables = || {
        format!(
            "the printed tables are Schofield's layout of the eight-puzzle's six-digit code numbers; the {} has none: use `schofield classes` or `schofield solve`",
            a.puzzle().name()
        )
    };
    if let Some(code) = args.code {
        if a.code(a.goal()).is_none_or(|c| c.len() != 6) {
            return Err(no_tables().into());
        }
        let (x, note) = read_position(&a, &code)?;
        let entry = Tabulation::entry_for(&a, x, data);
        return Ok(with_note(note, render::render_entries(&[entry], format)?));
    }
    let t = Tabulation::new(&a, data).ok_or_else(no_tables)?;
    match args.head {
        Some(head) => {
            let head = table::parse_head(&head)?;
            let h = t.half_page(&head).ok_or("no such half-page")?;
            Ok(if data {
                render::render_entries(h.entries, format)?
            } else {
                render::render_half_page_text(&h)
            })
        }
        None if data => Ok(render::render_entries(t.entries(), format)?),
        None => Ok(render::render_pages(&t)),
    }
}

/// `classes`: the class dictionary.
pub fn classes(args: ClassesArgs) -> Outcome {
    if let Some(id) = args.class.or(args.number) {
        return one_class(&args, id);
    }
    let format = args.out.get()?;
    let a = args.puzzle.analyse(false)?;
    let asked = table::Dictionary {
        extended: args.with_inverses,
        members: args.members,
        specimens: args.specimens,
    };
    let allowed = Some(super::common::memory_allowed(args.puzzle.max_memory));
    let records = table::class_dictionary_checked(&a, asked, allowed)?.ok_or_else(|| {
        format!(
            "the {} has identical pieces, so its positions have no inverses and no extended classes",
            a.puzzle().name()
        )
    })?;
    Ok(render::render_classes(&records, format)?)
}

/// `classes N`: one class seen whole, or its members drawn.
fn one_class(args: &ClassesArgs, id: usize) -> Outcome {
    let drawing = args.out.get_or_svg()?;
    super::draw::refuse_undrawn(&drawing, &args.puzzle.read_any()?)?;
    let a = args.puzzle.analyse(false)?;
    let kind = if args.with_inverses {
        "extended class"
    } else {
        "class"
    };
    let record = table::class_record_or_why(&a, id, args.with_inverses)?;
    let Some(format) = drawing else {
        let members = record.members.as_deref().unwrap_or_default();
        let pictures = svg::Pictures::of(a.puzzle())?;
        let mut boards = Vec::new();
        for m in members {
            let x = a.parse_position(m)?;
            boards.push((pictures.of_position(&a, x, None), m.clone()));
        }
        let title = format!(
            "{} {kind} {id}: {} {}, {}",
            render::capitalised(a.puzzle().name()),
            members.len(),
            if members.len() == 1 {
                "member"
            } else {
                "members"
            },
            super::common::moves(usize::from(record.moves))
        );
        return Ok(svg::sheet_svg(&boards, &pictures.look(), &title));
    };
    Ok(render::render_class(&record, format)?)
}

/// A class number as `classes N` reads it, with the message a wrong one
/// gets (its range is checked against the puzzle's classes later).
fn class_number(s: &str) -> Result<usize, String> {
    let t = s.trim();
    if !t.is_empty() && t.bytes().all(|b| b.is_ascii_digit()) {
        return t.parse().map_err(|_| {
            format!(
                "class number {} is far too large; the classes are numbered from 0 (the eight-puzzle's 0 to 2 571)",
                schofield::text::quoted(t)
            )
        });
    }
    Err(format!(
        "cannot read {} as a class number; expected 0, 1, 2, … (the eight-puzzle's classes are numbered 0 to 2 571; `schofield classes` lists them)",
        schofield::text::quoted(t)
    ))
}
