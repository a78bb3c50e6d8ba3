//! The steps of a solution (`--steps`): the grid after each move, added
//! to any record in any format.

use super::*;

/// A solution replayed: the grid after each twist or move, the start
/// first, and the name of each twist or move (one fewer).
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Steps {
    /// Grid strings from the start to the end.
    pub grids: Vec<String>,
    /// What made each grid after the first: a twist (struck through when
    /// elided) or the tile moved.
    pub labels: Vec<String>,
}

impl Steps {
    /// The boards of a board's solution: `start`, then after each tile
    /// moved, labelled with the tile.
    pub fn of_tiles(
        board: &crate::board::Board,
        start: &crate::board::Arrangement,
        tiles: &[u8],
    ) -> Steps {
        Steps {
            grids: board
                .replay(start, tiles)
                .iter()
                .map(|a| board.format(a))
                .collect(),
            labels: tiles.iter().map(u8::to_string).collect(),
        }
    }
}

/// Adds the steps to a rendered record: the `steps` key (the grids) in
/// JSON, JSON lines and YAML, a `steps` column in CSV (grids separated by
/// spaces), and in text the boards side by side, each under the twist or
/// tile that made it, wrapped at `width` columns.
///
/// ```
/// use schofield::render::{Format, Steps, with_steps};
/// let steps = Steps { grids: vec!["1_/32".into(), "12/3_".into()], labels: vec!["2".into()] };
/// let text = with_steps("body\n".into(), &(), &steps, Format::Text, 80).unwrap();
/// assert_eq!(text, "body\n\nsteps\nstart   2\n1 _     1 2\n3 2     3 _\n");
/// ```
pub fn with_steps<T: Serialize>(
    body: String,
    record: &T,
    steps: &Steps,
    format: Format,
    width: usize,
) -> Result<String, OutputError> {
    match format {
        Format::Json | Format::Jsonl | Format::Yaml => structured(
            &WithSteps {
                record,
                steps: &steps.grids,
            },
            format,
        ),
        Format::Csv => {
            let mut lines = body.lines();
            let header = lines.next().unwrap_or_default();
            let mut out = format!("{header},steps\n");
            for line in lines {
                let _ = writeln!(out, "{line},\"{}\"", steps.grids.join(" "));
            }
            Ok(out)
        }
        Format::Text => Ok(format!(
            "{body}\nsteps\n{}",
            boards_side_by_side(&steps.grids, &steps.labels, width)
        )),
    }
}

/// A record with the positions after each step (`--steps`): the record's
/// own fields, then `steps`, grid strings from the start to the goal.
#[derive(Serialize)]
struct WithSteps<'a, T: Serialize> {
    #[serde(flatten)]
    record: &'a T,
    steps: &'a [String],
}
