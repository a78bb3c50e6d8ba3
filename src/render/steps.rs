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
/// tile that made it, wrapped at `width` columns. The body is read back as
/// it was written, so its keys keep the puzzle's own words
/// ([`super::words::Words`]).
///
/// ```
/// use schofield::render::{Format, Steps, with_steps};
/// let steps = Steps { grids: vec!["1_/32".into(), "12/3_".into()], labels: vec!["2".into()] };
/// let text = with_steps("body\n".into(), &steps, Format::Text, 80).unwrap();
/// assert_eq!(text, "body\n\nsteps\nstart   2\n1 _     1 2\n3 2     3 _\n");
/// let json = with_steps("{\"moves\": 1}".into(), &steps, Format::Jsonl, 80).unwrap();
/// assert_eq!(json, "{\"moves\":1,\"steps\":[\"1_/32\",\"12/3_\"]}\n");
/// // Every float as it was written; a body that is no record is refused.
/// let timed = with_steps("{\"seconds\": 0.30000000000000004}".into(), &steps, Format::Jsonl, 80);
/// assert!(timed.unwrap().starts_with("{\"seconds\":0.30000000000000004,"));
/// assert!(with_steps("[1]".into(), &steps, Format::Json, 80).is_err());
/// ```
pub fn with_steps(
    body: String,
    steps: &Steps,
    format: Format,
    width: usize,
) -> Result<String, OutputError> {
    match format {
        Format::Json | Format::Jsonl | Format::Yaml => {
            // Each record of the body (one document, or one a line) read
            // back, `steps` added after its own keys.
            let json = |e: serde_json::Error| OutputError(e.to_string());
            let mut records: Vec<serde_json::Value> = if format == Format::Yaml {
                vec![serde_yaml::from_str(&body).map_err(|e| OutputError(e.to_string()))?]
            } else {
                serde_json::Deserializer::from_str(&body)
                    .into_iter()
                    .collect::<Result<_, _>>()
                    .map_err(json)?
            };
            for record in &mut records {
                let serde_json::Value::Object(map) = record else {
                    return Err(OutputError(
                        "--steps adds to one record, and this is not one".into(),
                    ));
                };
                map.insert("steps".into(), serde_json::json!(steps.grids));
            }
            match records.as_slice() {
                [one] if format != Format::Jsonl => structured(one, format),
                _ => structured(&records, format),
            }
        }
        Format::Csv => {
            // The body's records, each with one more column, read and
            // written by the csv crate (quoting as CSV wants it).
            let error = |e: ::csv::Error| OutputError(e.to_string());
            let mut reader = ::csv::Reader::from_reader(body.as_bytes());
            let mut out = ::csv::Writer::from_writer(Vec::new());
            let mut header = reader.headers().map_err(error)?.clone();
            header.push_field("steps");
            out.write_record(&header).map_err(error)?;
            let joined = steps.grids.join(" ");
            for record in reader.records() {
                let mut record = record.map_err(error)?;
                record.push_field(&joined);
                out.write_record(&record).map_err(error)?;
            }
            let bytes = out.into_inner().map_err(|e| OutputError(e.to_string()))?;
            String::from_utf8(bytes).map_err(|e| OutputError(e.to_string()))
        }
        Format::Text => Ok(format!(
            "{body}\nsteps\n{}",
            boards_side_by_side(&steps.grids, &steps.labels, width)
        )),
    }
}
