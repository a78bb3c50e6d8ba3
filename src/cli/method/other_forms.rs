//! Positions `solve` takes in another form: the usual 1–8 notation of
//! the eight-puzzle, a 3×3 arrangement the twists cannot take (solved by
//! the lookup table), and positions of another puzzle, refused with the
//! command that takes them.

use super::*;
use crate::cli::{common, draw};

/// What `solve` makes of input its puzzle does not read.
pub(super) enum Other {
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
pub(super) fn other_forms(
    a: &Analysis,
    text: &str,
    format: Option<Format>,
    steps: StepsArg,
    width: usize,
    batch: bool,
    error: &PositionError,
) -> Other {
    if let Some(other) = other_puzzle(a, text, error) {
        return other;
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

/// A position of another puzzle than the one `a` analyses: an
/// eight-puzzle position given to `five solve`, a five-puzzle position or
/// one of another board given to `solve`, each refused with the command
/// that takes it. `Some(Other::No)` when `a` is neither the five- nor the
/// eight-puzzle; `None` when the text may be the eight-puzzle's, in
/// another form.
pub(super) fn other_puzzle(a: &Analysis, text: &str, error: &PositionError) -> Option<Other> {
    if tray(a, 2) {
        // An eight-puzzle position given to `five solve`.
        if library_position("eight", text).is_ok() {
            return Some(Other::Answered(Err(format!(
                "{} is an eight-puzzle position; use `schofield solve {}`",
                schofield::text::quoted(text.trim()),
                text.trim()
            )
            .into())));
        }
        return Some(Other::No);
    }
    if !tray(a, 3) {
        return Some(Other::No);
    }
    if library_position("five", text).is_ok()
        && !matches!(error, PositionError::OddPermutation { .. })
    {
        return Some(Other::Answered(Err(format!(
            "{} is a five-puzzle position; use `schofield five solve {}`",
            schofield::text::quoted(text),
            text.trim()
        )
        .into())));
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
        return Some(Other::Answered(Err(format!(
            "{} is a position of the {board} board; `solve` takes the eight-puzzle: use {other}",
            schofield::text::quoted(text.trim())
        )
        .into())));
    }
    None
}

/// A 3×3 arrangement the twists cannot take (the blank off the centre, or
/// in the half Schofield's target does not reach; tiles 1–8, his piece 0
/// written 8), solved optimally by the lookup table: towards his target
/// `123/8_4/765` when it can reach it, else towards the other half's goal
/// `123/456/78_` (the puzzle as sold). A line says which goal and why.
pub(super) fn by_lookup(
    grid: &str,
    drawing: Option<Format>,
    steps: StepsArg,
    width: usize,
) -> Outcome {
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
            common::moves(sol.path.length as usize),
            board.format(t.goal())
        );
        return Ok(draw::board_solution(
            steps,
            &board,
            &start,
            &sol.path.tiles,
            &title,
        ));
    };
    let body = render::render_table_solution(&sol, format, width)?;
    let grids = || render::Steps::of_tiles(&board, &start, &sol.path.tiles);
    let body = steps_if(steps, body, grids, format, width)?;
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
