//! The commands that read one position or page of Schofield's method on any
//! puzzle: `solve`, `path`, `table`, `classes` (and `solve`/`path` for
//! `five`). Every one takes `--puzzle` (the eight-puzzle by default);
//! `counts` is `cli/counts.rs`.

use super::common::{FormatArg, Outcome, Sink, StepsArg, is_stdin, steps_if};
use super::puzzle::PuzzleArgs;
use clap::Args;
use schofield::board::Board;
use schofield::board::lookup::LookupTable;
use schofield::method::Path;
use schofield::method::analysis::Analysis;
use schofield::method::notation::{PositionError, USUAL_READING, read_pattern_of, usual_form};
use schofield::method::search::ida::Allowance;
use schofield::method::solve::{PathReport, SolutionReport};
use schofield::method::table::{self, Tabulation};
use schofield::puzzle::library;
use schofield::render::{self, Format, svg};
use schofield::text::grouped;

mod first_look;
mod other_forms;
mod searched;
use first_look::*;
use other_forms::*;
use searched::*;

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
    /// Past the whole table: stop after this many seconds of search (the
    /// pruning tables' first build included), exit status 3, saying the
    /// lower bound proved so far.
    #[arg(long, value_name = "SECONDS", value_parser = super::common::seconds, allow_negative_numbers = true)]
    pub max_seconds: Option<u64>,
    /// Answer one position of a puzzle of more than 2^21 positions from
    /// the whole table, with its classes and ending moves, rather than by
    /// one IDA* search (which gives the minimum, a specimen, the starting
    /// moves and, with --all, every minimal path, sooner).
    #[arg(long)]
    pub whole_table: bool,
    /// Past the whole table: stop at the first minimal sequence (the
    /// specimen, the same one), leaving the other starting moves unproved,
    /// as twsearch does; the last pass then searches until the specimen
    /// rather than through every first move.
    #[arg(long, conflicts_with_all = ["all", "whole_table"])]
    pub specimen_only: bool,
}

/// `solve --puzzle P`: from the whole table where it is built, else (more
/// than [`schofield::method::analysis::DENSE_MOST`] positions, or more than
/// `u64` numbers) by IDA* for the one position
/// ([`schofield::method::search::ida`]).
pub fn solve_command(c: SolveCommand, sink: &Sink) -> Outcome {
    // The puzzle as declared: IDA* reads its tables at conjugates by the
    // declared symmetries only for one position, where seeking the moves'
    // symmetries would cost more than they save (a few milliseconds); for
    // many (`-`), and for the whole table, they are found.
    let puzzle = if is_stdin(&c.args.position) {
        c.puzzle.read()?
    } else {
        let puzzle = c.puzzle.read_any()?;
        puzzle.searchable()?;
        puzzle
    };
    super::draw::refuse_undrawn(&c.args.out.get_or_svg()?, &puzzle)?;
    let options = c.puzzle.options(false);
    let moves = c.puzzle.moves_of(&puzzle)?;
    // One position of a large puzzle is one search, unless the answer
    // needs the whole table.
    let one = !c.whole_table
        && !is_stdin(&c.args.position)
        && c.args.out.get_or_svg()?.is_some()
        && schofield::method::analysis::one_search_pays(&puzzle, &moves);
    let past = schofield::method::analysis::past_the_table(&puzzle, &moves);
    if past && c.whole_table {
        return Err(format!(
            "--whole-table: {} has more positions than the whole table takes ({}), so its positions are answered by IDA*; leave out --whole-table",
            schofield::text::quoted(puzzle.name()),
            grouped(schofield::method::analysis::DENSE_MOST as usize)
        )
        .into());
    }
    if !one && !past {
        // A batch's puzzle has its symmetries found already.
        let whole = if is_stdin(&c.args.position) {
            puzzle.clone()
        } else {
            c.puzzle.read()?
        };
        let a = super::puzzle::analyse(whole, &options, c.args.out.quiet, false)?;
        return solve(&a, c.args, sink);
    }
    let limits = Allowance {
        max_nodes: c.max_nodes,
        max_seconds: c.max_seconds.map(std::time::Duration::from_secs),
        since: None,
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
    if let Ok(positions) = schofield::method::space::Space::count(&puzzle, &moves) {
        table_bytes = table_bytes.min(positions / 16);
    }
    let asked = Asked {
        limits,
        table_bytes,
        specimen_only: c.specimen_only,
        first_look: c.puzzle.max_memory.is_none()
            && c.max_seconds.is_none()
            && c.max_nodes
                .is_none_or(|n| n > schofield::method::search::ida::FIRST_LOOK_NODES),
    };
    searched(&puzzle, &moves, &options, &c.args, asked, sink)
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
            Err(schofield::method::notation::Notation::new(&p, &moves).why_unreached(&pattern))
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
        steps_if(args.steps, body, grids, format, args.out.text_width())
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
    super::draw::along(a, start, path, frame, |p| n.grid_or_pattern(p))
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

/// `path --puzzle P`: along the whole table where it is built; past it
/// ([`schofield::method::analysis::past_the_table`]), from the patterns
/// alone.
pub fn path_command(c: PathCommand) -> Outcome {
    let puzzle = c.puzzle.read_any()?;
    puzzle.searchable()?;
    let moves = c.puzzle.moves_of(&puzzle)?;
    let format = c.args.out.get_or_svg()?;
    super::draw::refuse_undrawn(&format, &puzzle)?;
    // A path needs no table but for its drawings: past the table, or
    // where the analysis would take longer than following the moves.
    let without = format.is_some() && schofield::method::analysis::one_search_pays(&puzzle, &moves);
    if !without && !schofield::method::analysis::past_the_table(&puzzle, &moves) {
        return follow(&c.puzzle.analyse(false, c.args.out.quiet)?, c.args);
    }
    let args = c.args;
    let notation = schofield::method::notation::Notation::new(&puzzle, &moves);
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
            notation.grid_or_pattern(p)
        })
    };
    steps_if(args.steps, body, replay, format, args.out.text_width())
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
    steps_if(args.steps, body, grids, format, args.out.text_width())
}

/// `table`: the printed tables, a half-page or one entry.
pub fn table(args: TableArgs) -> Outcome {
    let format = args.out.get()?;
    let a = args.puzzle.analyse(false, args.out.quiet)?;
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
    let a = args.puzzle.analyse(false, args.out.quiet)?;
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
    Ok(render::render_classes(
        &records,
        render::words::Words::of_analysis(&a),
        format,
    )?)
}

/// `classes N`: one class seen whole, or its members drawn.
fn one_class(args: &ClassesArgs, id: usize) -> Outcome {
    let drawing = args.out.get_or_svg()?;
    super::draw::refuse_undrawn(&drawing, &args.puzzle.read_any()?)?;
    let a = args.puzzle.analyse(false, args.out.quiet)?;
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
    Ok(render::render_class(
        &record,
        render::words::Words::of_analysis(&a),
        format,
    )?)
}

/// A class number as `classes N` reads it, with the message a wrong one
/// gets (its range is checked against the puzzle's classes later).
fn class_number(s: &str) -> Result<usize, String> {
    let t = s.trim();
    if !t.is_empty() && t.bytes().all(|b| b.is_ascii_digit()) {
        return t.parse().map_err(|_| {
            format!(
                "class number {} is far too large; a puzzle's classes are numbered from 0 (the eight-puzzle's 0 to 2 571; `schofield classes --puzzle P` lists P's)",
                schofield::text::quoted(t)
            )
        });
    }
    Err(format!(
        "cannot read {} as a class number; expected 0, 1, 2, … (the eight-puzzle's classes are numbered 0 to 2 571; `schofield classes --puzzle P` lists P's)",
        schofield::text::quoted(t)
    ))
}
