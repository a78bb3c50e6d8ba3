//! Positions drawn as SVG for `solve` and `path` (the choice of a net or a
//! board is [`svg::Pictures`], which `classes` and `random` use too), and
//! the boards' solutions for the board solvers.

use super::common::{Outcome, StepsArg};
use schofield::method::Path;
use schofield::method::analysis::Analysis;
use schofield::method::notation::Notation;
use schofield::method::solve::SolutionReport;
use schofield::puzzle::{MoveSet, Pattern, Puzzle};
use schofield::render::svg::Pictures;
use schofield::render::{self, svg};

/// Refuses a picture (`format` is `None`: `--format svg`) of a puzzle
/// that has nothing to draw it with, before any search.
pub fn refuse_undrawn<F>(format: &Option<F>, puzzle: &Puzzle) -> Result<(), String> {
    format
        .is_none()
        .then(|| Pictures::of(puzzle))
        .transpose()
        .map(|_| ())
}

/// A solved position drawn: its picture, or with `--steps` the strip of
/// pictures along the specimen path.
pub fn solution(
    a: &Analysis,
    x: u64,
    frame: Option<&schofield::puzzle::Transformation>,
    sol: &SolutionReport,
    steps: StepsArg,
) -> Outcome {
    let pictures = Pictures::of(a.puzzle())?;
    let title = format!(
        "{} position {}: {}",
        render::capitalised(a.puzzle().name()),
        a.name_of(x),
        super::common::moves(usize::from(sol.moves))
    );
    Ok(if steps.steps {
        let title = format!("{title}, {}", sol.specimen);
        let specimen = Path::new(a.specimen(x));
        let strip = along(a, x, &specimen, frame, |p| {
            pictures.of_pattern(&a.notation(), p)
        });
        svg::strip_svg(&strip, &pictures.look(), &title)
    } else {
        svg::picture_svg(&pictures.look(), &pictures.of_position(a, x, frame), &title)
    })
}

/// A board's solution drawn: the start position, or with `--steps` the
/// strip of boards after each tile moved.
pub fn board_solution(
    steps: StepsArg,
    board: &schofield::board::Board,
    start: &schofield::board::Arrangement,
    tiles: &[u8],
    title: &str,
) -> String {
    use schofield::render::{Steps, svg};
    if steps.steps {
        let strip = Steps::of_tiles(board, start, tiles);
        svg::strip_svg(&strip, &svg::Look::Board(None), title)
    } else {
        svg::board_svg(&board.format(start), None, title)
    }
}

/// The most positions a drawn batch or exercise sheet shows.
pub const MAX_SHEET: usize = 100;

/// `solve - --format svg`: the batch's positions drawn on one sheet, each
/// labelled with its line, its name and its minimum.
pub fn batch_sheet(a: &Analysis, input: impl std::io::BufRead) -> Outcome {
    let pictures = Pictures::of(a.puzzle())?;
    let mut boards = Vec::new();
    let (mut failed, mut total) = (0, 0);
    for item in schofield::board::batch::Lines::new(input) {
        let (line, text) = item?;
        total += 1;
        if boards.len() == MAX_SHEET {
            return Err(format!(
                "a drawn batch shows at most {MAX_SHEET} positions; line {line} is one more (split the batch, or write it as text or jsonl)"
            )
            .into());
        }
        // A bad line is reported and left off the sheet; the rest are drawn.
        let x = match a.parse_position(&text) {
            Ok(x) => x,
            Err(e) => {
                super::common::report(format!("line {line}: {e}"));
                failed += 1;
                continue;
            }
        };
        let label = format!(
            "line {line}: {}\n{}",
            a.name_of(x),
            super::common::moves(usize::from(a.moves_at(x).unwrap_or(0)))
        );
        boards.push((pictures.of_position(a, x, None), label));
    }
    if total == 0 {
        return Err("standard input holds no positions".into());
    }
    let title = format!(
        "{}: {} positions",
        render::capitalised(a.puzzle().name()),
        boards.len()
    );
    let output = svg::sheet_svg(&boards, &pictures.look(), &title);
    if failed > 0 {
        return Err(super::common::BatchFailed {
            output: Some(output),
            failed,
            stopped: 0,
            total,
        }
        .into());
    }
    Ok(output)
}

/// The positions from `start` after each move of `path`, `start` included,
/// each shown by `shown` and labelled with its move (struck through when
/// elided). Up to rotation the engine's path turns the puzzle back after
/// each move: the pictures and the labels are those of the puzzle held
/// still.
pub fn along(
    a: &Analysis,
    start: u64,
    path: &Path,
    frame: Option<&schofield::puzzle::Transformation>,
    shown: impl Fn(&Pattern) -> String,
) -> render::Steps {
    let grids = a
        .patterns_along(start, path, frame)
        .iter()
        .map(shown)
        .collect();
    let still = a.held_still(path, frame);
    render::Steps {
        grids,
        labels: still
            .marked(a.moves())
            .split_whitespace()
            .map(String::from)
            .collect(),
    }
}

/// The positions along `path` (move numbers) from the pattern `start`,
/// `start` included, each shown by `shown` and labelled by `labels` (one a
/// move): the steps of a path where there is no table.
pub fn from_pattern(
    moves: &MoveSet,
    start: &Pattern,
    path: &[usize],
    labels: Vec<String>,
    shown: impl Fn(&Pattern) -> String,
) -> render::Steps {
    let mut at = start.clone();
    let mut grids = vec![shown(&at)];
    for &m in path {
        at = at.apply(moves.get(m).transformation());
        grids.push(shown(&at));
    }
    render::Steps { grids, labels }
}

/// A position solved without the table, drawn: its picture, or with
/// `--steps` the strip along `path` (the specimen's move numbers, and the
/// report that writes it) from the position as given.
pub fn searched(
    puzzle: &Puzzle,
    notation: &Notation,
    moves: &MoveSet,
    given: &Pattern,
    path: (&[usize], &schofield::method::solve::SearchedReport),
    steps: StepsArg,
) -> Outcome {
    let pictures = Pictures::of(puzzle)?;
    let (numbers, report) = path;
    let title = format!(
        "{} position {}: {}",
        render::capitalised(puzzle.name()),
        report.start,
        super::common::moves(report.moves as usize)
    );
    let shown = |p: &Pattern| pictures.of_pattern(notation, p);
    Ok(if steps.steps {
        let labels = numbers.iter().map(|&m| moves.get(m).name().to_string());
        let strip = from_pattern(moves, given, numbers, labels.collect(), shown);
        svg::strip_svg(
            &strip,
            &pictures.look(),
            &format!("{title}, {}", report.specimen),
        )
    } else {
        svg::picture_svg(&pictures.look(), &shown(given), &title)
    })
}
