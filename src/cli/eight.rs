//! The eight-puzzle commands: `counts`, `solve`, `path`, `table`,
//! `classes` (and `solve`/`path` for the five-puzzle too).

use super::common::{FormatArg, Outcome, StepsArg, batch_from_stdin, is_stdin, steps_if};
use clap::Args;
use schofield::board::Board;
use schofield::board::lookup::LookupTable;
use schofield::render::{self, Format, svg};
use schofield::twist::Path;
use schofield::twist::dictionary::Analysis;
use schofield::twist::position::{Position, PositionError};
use schofield::twist::puzzle::{EIGHT, FIVE, Puzzle};
use schofield::twist::solve::{PathReport, Solution};
use schofield::twist::table::{self, Tabulation};

/// Solve one position: minimum moves, starting twists, a specimen
/// minimal path, tile moves, classes.
#[derive(Args)]
#[command(
    after_help = "Schofield's target is 123/0_4/765: pieces 0-7 on the squares round the centre, square 0 the middle of the left edge and the rest numbered clockwise; a code number lists the pieces on squares 0-5. The usual 1-8 notation (tile 8 for piece 0, target 123/8_4/765) is read too.\n\nExamples:\n  schofield solve 025/1_3/746\n  schofield solve 102536 --all --steps\n  schofield solve '(01)(3465)'\n  schofield solve 123/8_4/765\n  schofield solve 123/456/78_"
)]
pub struct SolveArgs {
    /// The puzzle: a grid (025/1_3/746; five-puzzle 231/0_4), a code number
    /// (102536; 023), cycle notation on squares ((01)(2543)), or `-` to read
    /// positions from standard input, one a line.
    #[arg(required = true, num_args = 1..)]
    position: Vec<String>,
    /// List every minimal path.
    #[arg(long)]
    all: bool,
    #[command(flatten)]
    steps: StepsArg,
    #[command(flatten)]
    out: FormatArg,
}

/// Follow a path of twists (e.g. WXYZADY): its moves, elisions, inverse,
/// the position it reaches and its tile moves.
#[derive(Args)]
#[command(
    after_help = "Twists A B C D turn a corner block clockwise, W X Y Z are their inverses (see docs/twists.md); a twist that elides with the one before costs 2 moves instead of 4.\n\nExamples:\n  schofield path WXYZADY\n  schofield path w x y --from 102536 --steps"
)]
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
    out: FormatArg,
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
    out: FormatArg,
}

/// The class dictionary (Schofield's short dictionary): every class with
/// its representative, size, minimum, starting and ending twists.
#[derive(Args)]
#[command(
    after_help = "Examples:\n  schofield classes --format csv\n  schofield classes --extended --members --format jsonl"
)]
pub struct ClassesArgs {
    /// Extended classes (a position and its inverse are equivalent), as
    /// `graph --kind extended-classes`; `--with-inverses` is read too.
    #[arg(long = "extended", visible_alias = "with-inverses")]
    with_inverses: bool,
    /// List every class's members.
    #[arg(long)]
    members: bool,
    #[command(flatten)]
    out: FormatArg,
}

/// `counts`: the move-count table.
pub fn counts(out: FormatArg) -> Outcome {
    let a = Analysis::new(&EIGHT);
    match out.get_or_svg()? {
        Some(format) => Ok(render::render_counts(&a.move_counts(), format)?),
        None => Ok(svg::move_counts_svg(&a)),
    }
}

/// `solve` on `puzzle`: one position, or (`-`) one a line from standard
/// input.
pub fn solve<const N: usize>(puzzle: &'static Puzzle<N>, args: SolveArgs) -> Outcome {
    let a = Analysis::new(puzzle);
    let batch = is_stdin(&args.position);
    // `None` for a drawing.
    let one = |text: &str, drawing: Option<Format>| -> Outcome {
        let (p, note) = match puzzle.parse_position(text) {
            Ok(p) => (p, None),
            Err(e) => match other_forms(puzzle, text, drawing, args.steps, batch, &e) {
                Other::Relabelled(p) => (p, Some(USUAL_READING)),
                Other::Answered(out) => return out,
                Other::No => return Err(e.into()),
            },
        };
        let sol = Solution::new(&a, &p, args.all);
        let Some(format) = drawing else {
            return Ok(draw(puzzle, &p, &sol, args.steps));
        };
        let body = with_note(note, render::render_solution(&sol, format)?, format);
        let grids = || twist_steps(puzzle, &p, &sol.specimen);
        steps_if(args.steps, body, &sol, grids, format)
    };
    match (args.out.get_or_svg()?, batch) {
        (Some(format), true) => batch_from_stdin(format, |text, f| one(text, Some(f))),
        (None, true) => Err(NO_SVG_BATCH.into()),
        (drawing, false) => one(&args.position.join(" "), drawing),
    }
}

/// A solved position drawn: its board, or with `--steps` the strip of
/// boards along the specimen path.
fn draw<const N: usize>(
    puzzle: &Puzzle<N>,
    p: &Position<N>,
    sol: &Solution,
    steps: StepsArg,
) -> String {
    let squares = puzzle.square_numbers();
    let title = format!(
        "{} position {}: {}",
        render::capitalised(puzzle.name),
        p.code(),
        super::common::moves(usize::from(sol.moves))
    );
    if steps.steps {
        let title = format!("{title}, {}", sol.specimen);
        svg::strip_svg(
            &twist_steps(puzzle, p, &sol.specimen),
            Some(&squares),
            &title,
        )
    } else {
        svg::board_svg(&puzzle.grid_compact(p), Some(&squares), &title)
    }
}

/// The refusal of a drawing for a batch.
pub const NO_SVG_BATCH: &str =
    "--format svg draws one position or solution; give one position, not `-`";

/// Text with a note above it saying how the input was read; data as it is.
fn with_note(note: Option<&str>, body: String, format: Format) -> String {
    match (note, format) {
        (Some(n), Format::Text) => format!("{n}\n\n{body}"),
        _ => body,
    }
}

/// The grids from `start` after each twist of `path`, `start` included,
/// each labelled with its twist (struck through when elided).
fn twist_steps<const N: usize>(
    puzzle: &Puzzle<N>,
    start: &Position<N>,
    path: &Path,
) -> render::Steps {
    let mut p = *start;
    let mut grids = vec![puzzle.grid_compact(&p)];
    for &t in path.twists() {
        p = p.apply(t);
        grids.push(puzzle.grid_compact(&p));
    }
    render::Steps {
        grids,
        labels: path.marked().split_whitespace().map(String::from).collect(),
    }
}

/// The note that says how the usual notation was read.
const USUAL_READING: &str = "read in the usual 1–8 notation: tile 8 is Schofield's piece 0, and his target 123/0_4/765 is written 123/8_4/765";

/// Schofield's form of an eight-puzzle position written in the usual
/// notation (tiles 1–8, the blank `_`, or `0` when there is no `_`):
/// tile 8 becomes his piece 0. `None` when the text is not in that
/// notation.
fn from_usual_notation(text: &str) -> Option<String> {
    let mut text = text.to_string();
    if text.contains('8') && text.contains('0') && !text.contains(['_', '.']) {
        let board = Board::new(3, 3).expect("3x3 is a board");
        if let Ok(a) = board.parse_arrangement(&text) {
            text = board.format(&a);
        }
    }
    (text.contains('8') && !text.contains('0')).then(|| text.replace('8', "0"))
}

/// A position as every eight-puzzle command reads it: Schofield's own
/// forms, or the usual 1–8 notation, with the note saying so. Only `solve`
/// goes further (the blank off the centre, other boards).
pub fn read_position<const N: usize>(
    puzzle: &Puzzle<N>,
    text: &str,
) -> Result<(Position<N>, Option<&'static str>), Box<dyn std::error::Error>> {
    match puzzle.parse_position(text) {
        Ok(p) => Ok((p, None)),
        Err(e) => match from_usual_notation(text).filter(|_| N == 8) {
            Some(form) => match puzzle.parse_position(&form) {
                Ok(p) => Ok((p, Some(USUAL_READING))),
                Err(e) => Err(format!("{e} ({USUAL_READING})").into()),
            },
            None => Err(e.into()),
        },
    }
}

/// What `solve` makes of input its puzzle does not read.
enum Other<const N: usize> {
    /// The usual 1–8 notation, relabelled to Schofield's pieces.
    Relabelled(Position<N>),
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
fn other_forms<const N: usize>(
    puzzle: &'static Puzzle<N>,
    text: &str,
    format: Option<Format>,
    steps: StepsArg,
    batch: bool,
    error: &PositionError,
) -> Other<N> {
    if N != 8 {
        // An eight-puzzle position given to `five solve`.
        if EIGHT.parse_position(text).is_ok() {
            return Other::Answered(Err(format!(
                "{} is an eight-puzzle position; use `schofield solve {}`",
                render::quoted(text.trim()),
                text.trim()
            )
            .into()));
        }
        return Other::No;
    }
    if FIVE.parse_position(text).is_ok() && !matches!(error, PositionError::OddPermutation { .. }) {
        return Other::Answered(Err(format!(
            "{} is a five-puzzle position; use `schofield five solve {}`",
            render::quoted(text),
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
            render::quoted(text.trim())
        )
        .into()));
    }
    let usual = from_usual_notation(text);
    let schofield_form = usual.clone().unwrap_or_else(|| text.to_string());
    let usual = usual.is_some();
    let is_grid = schofield_form.contains(['/', '_', '.', '\n']);
    let reading = USUAL_READING;
    match (puzzle.parse_position(&schofield_form), error) {
        (Ok(p), _) if usual => return Other::Relabelled(p),
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
            render::quoted(text.trim())
        )
        .into()));
    }
    Other::Answered(by_lookup(&schofield_form.replace('0', "8"), format, steps))
}

/// A 3×3 arrangement the twists cannot take (the blank off the centre, or
/// in the half Schofield's target does not reach; tiles 1–8, his piece 0
/// written 8), solved optimally by the lookup table: towards his target
/// `123/8_4/765` when it can reach it, else towards the other half's goal
/// `123/456/78_` (the puzzle as sold). A line says which goal and why.
fn by_lookup(grid: &str, drawing: Option<Format>, steps: StepsArg) -> Outcome {
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
            super::common::moves(usize::from(sol.length)),
            board.format(t.goal())
        );
        return Ok(super::common::draw_solution(
            steps, &board, &start, &sol.tiles, &title,
        ));
    };
    let body = render::render_table_solution(&sol, format)?;
    let grids = || render::Steps::of_tiles(&board, &start, &sol.tiles);
    let body = steps_if(steps, body, &sol, grids, format)?;
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

/// `path` on `puzzle`.
pub fn follow<const N: usize>(puzzle: &'static Puzzle<N>, args: PathArgs) -> Outcome {
    let path = puzzle.parse_path(&args.path.join(" "))?;
    let (start, note) = match args.from {
        Some(s) => read_position(puzzle, &s)?,
        None => (Position::target(), None),
    };
    let Some(format) = args.out.get_or_svg()? else {
        let end = start.apply_path(&path);
        let title = format!(
            "{} from {} to {}: {}",
            path,
            start.code(),
            end.code(),
            super::common::moves(path.moves())
        );
        let squares = puzzle.square_numbers();
        return Ok(svg::strip_svg(
            &twist_steps(puzzle, &start, &path),
            Some(&squares),
            &title,
        ));
    };
    let report = PathReport::new(puzzle, &start, &path);
    let body = with_note(note, render::render_path(&report, format)?, format);
    let grids = || twist_steps(puzzle, &start, &path);
    steps_if(args.steps, body, &report, grids, format)
}

/// `table`: the printed tables, a half-page or one entry.
pub fn table(args: TableArgs) -> Outcome {
    let format = args.out.get()?;
    let a = Analysis::new(&EIGHT);
    let data = format != Format::Text;
    if let Some(code) = args.code {
        let (p, note) = read_position(&EIGHT, &code)?;
        let entry = Tabulation::entry_for(&a, &p, data);
        return Ok(with_note(
            note,
            render::render_entries(&[entry], format)?,
            format,
        ));
    }
    let t = Tabulation::new(&a, data);
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
    let a = Analysis::new(&EIGHT);
    Ok(render::render_classes(
        &table::class_dictionary(&a, args.with_inverses, args.members),
        args.out.get()?,
    )?)
}
