//! The moves' words, checked: every move has one or none does, and a walk
//! of the blank stays on the layout, between neighbouring cells, and moves
//! the pieces as its move does.

use super::*;

/// The words of the moves, checked: every move has one or none does; the
/// blank's walks stay on the drawing, between neighbouring cells, start and
/// end on the blank and move the pieces as the move does. Returns the base
/// steps (pairs of cells, for walks of the blank) and each move's word.
#[allow(clippy::type_complexity)]
pub(in crate::puzzle) fn check_words(
    def: &Definition,
    moves: &[Named],
    layout: &[Vec<Cell>],
) -> Result<(Vec<(usize, usize)>, Vec<Option<Word>>), DefinitionError> {
    let with = def.moves.iter().find(|m| m.word.is_some());
    let Some(with) = with else {
        return Ok((Vec::new(), vec![None; moves.len()]));
    };
    if let Some(without) = def.moves.iter().find(|m| m.word.is_none()) {
        return Err(DefinitionError::MissingWord {
            without: without.name.clone(),
            with: with.name.clone(),
        });
    }
    let cells = Cells::new(layout);
    let mut steps: Vec<(usize, usize)> = Vec::new();
    let mut named: Vec<String> = Vec::new();
    let mut words = Vec::new();
    for (m, d) in moves.iter().zip(&def.moves) {
        let bad = |problem: String| DefinitionError::BadWord {
            name: m.name.clone(),
            problem,
        };
        let word = match d.word.as_ref().expect("checked above") {
            WordDef::Steps(list) => {
                let mut out = Vec::new();
                for (s, back) in list {
                    let id = match named.iter().position(|n| n == s) {
                        Some(i) => i,
                        None => {
                            named.push(s.clone());
                            named.len() - 1
                        }
                    };
                    out.push((id as u16, *back));
                }
                Word::from_steps(out)
            }
            WordDef::Blank(walk) => blank_walk(walk, m, moves, &cells, &mut steps).map_err(bad)?,
        };
        if word.is_empty() || word.len() > MAX_WORD {
            return Err(bad(format!(
                "has {} steps; expected 1 to {MAX_WORD}",
                word.len()
            )));
        }
        words.push(Some(word));
    }
    Ok((steps, words))
}

/// The word of move `m`, which walks the blank along `walk` on the layout:
/// the walk stays on the drawing, between neighbouring cells, starts and
/// ends on the blank and moves the pieces as the move does. Its base steps
/// (pairs of cells) are added to `steps`; the problem otherwise.
fn blank_walk(
    walk: &[String],
    m: &Named,
    moves: &[Named],
    grid: &Cells,
    steps: &mut Vec<(usize, usize)>,
) -> Result<Word, String> {
    if grid.layout.is_empty() {
        return Err("walks the blank, but the puzzle has no layout to walk on".into());
    }
    let mut cells = Vec::new();
    for c in walk {
        cells.push(grid.find(c).ok_or_else(|| {
            format!(
                "names cell {}, which is not a slot of the layout nor its blank '_'",
                quoted(c)
            )
        })?);
    }
    if cells.len() < 2
        || grid.at(cells[0]) != Cell::Blank
        || grid.at(*cells.last().unwrap()) != Cell::Blank
    {
        return Err("must start and end on the blank '_'".into());
    }
    let mut out = Vec::new();
    // The pieces as the walk moves them, cell by cell.
    let mut board: Vec<Option<u8>> = (0..grid.len())
        .map(|i| match grid.at(i) {
            Cell::Slot { orbit: 0, slot } => Some(slot),
            _ => None,
        })
        .collect();
    for pair in cells.windows(2) {
        let (a, b) = (pair[0], pair[1]);
        let (ra, ca, rb, cb) = (
            a / grid.width,
            a % grid.width,
            b / grid.width,
            b % grid.width,
        );
        if ra.abs_diff(rb) + ca.abs_diff(cb) != 1 {
            return Err(format!(
                "steps from {} to {}, which are not neighbours",
                cell_name(grid.at(a)),
                cell_name(grid.at(b))
            ));
        }
        // The blank moves a → b: the piece on b slides to a.
        board[a] = board[b].take();
        let key = (a.min(b), a.max(b));
        let id = match steps.iter().position(|&s| s == key) {
            Some(i) => i,
            None => {
                steps.push(key);
                steps.len() - 1
            }
        };
        out.push((id as u16, a > b));
    }
    // The walk must move the pieces as the move does.
    let goal: Vec<u8> = (0..moves[0].transformation.orbits()[0].len() as u8).collect();
    let mut after = goal.clone();
    for (i, p) in board.iter().enumerate() {
        if let (Cell::Slot { orbit: 0, slot }, Some(p)) = (grid.at(i), p) {
            after[usize::from(slot)] = *p;
        }
    }
    let expected: Vec<u8> = m.transformation.orbits()[0].permutation().to_vec();
    if after != expected || moves[0].transformation.orbits().len() != 1 {
        return Err(format!(
            "moves the pieces as {} does, not as the move's cycles {} say",
            crate::perm::format_cycles(&crate::perm::inverse(&after)),
            crate::perm::format_cycles(&crate::perm::inverse(&expected))
        ));
    }
    Ok(Word::from_steps(out))
}

/// A cell as a message names it.
fn cell_name(c: Cell) -> String {
    match c {
        Cell::Blank => "the blank".into(),
        Cell::Slot { slot, .. } => format!("slot {slot}"),
        Cell::Gap => "a gap".into(),
    }
}
