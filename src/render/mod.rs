//! The one place where results become text, JSON, YAML or CSV. The
//! mathematics never prints; the command line calls these renderers.
//!
//! ```
//! use schofield::puzzle::library;
//! use schofield::render::{Format, render_counts};
//! use schofield::twist::analysis::{Analysis, Options};
//! let a = Analysis::new(library::get("eight").unwrap(), &Options::default(), &|_| {}).unwrap();
//! let text = render_counts(&a.move_counts(), Format::Text).unwrap();
//! assert!(text.contains("total     20 160    2 572              1 439"));
//! let json = render_counts(&a.move_counts(), Format::Json).unwrap();
//! assert!(json.starts_with('['));
//! ```

use crate::text::{counted, grouped};
use crate::twist::analysis::MoveCount;
use crate::twist::solve::{PathReport, Solution};
use serde::Serialize;
use std::fmt::Write as _;

/// An output format.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Format {
    /// Aligned text for people.
    Text,
    /// JSON (pretty-printed).
    Json,
    /// JSON lines: one compact JSON value a line (a list gives one line
    /// per element), for batches and streams.
    Jsonl,
    /// YAML.
    Yaml,
    /// CSV with a header line.
    Csv,
}

/// A failure to serialise (which would be a bug, not bad input).
#[derive(Debug)]
pub struct OutputError(String);

impl std::fmt::Display for OutputError {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        write!(f, "cannot write the output: {}", self.0)
    }
}

impl std::error::Error for OutputError {}

/// Serialises `value` as pretty JSON, JSON lines or YAML (with a final
/// newline).
///
/// ```
/// use schofield::render::{Format, structured};
/// assert_eq!(structured(&[1, 2], Format::Jsonl).unwrap(), "1\n2\n");
/// assert_eq!(structured(&"one", Format::Jsonl).unwrap(), "\"one\"\n");
/// ```
pub fn structured<T: Serialize + ?Sized>(value: &T, format: Format) -> Result<String, OutputError> {
    let fail = |e: serde_json::Error| OutputError(e.to_string());
    match format {
        Format::Json => serde_json::to_string_pretty(value)
            .map(|s| s + "\n")
            .map_err(fail),
        Format::Jsonl => {
            let mut out = String::new();
            let items = match serde_json::to_value(value).map_err(fail)? {
                serde_json::Value::Array(items) => items,
                one => vec![one],
            };
            for item in items {
                out += &serde_json::to_string(&item).map_err(fail)?;
                out.push('\n');
            }
            Ok(out)
        }
        Format::Yaml => serde_yaml::to_string(value).map_err(|e| OutputError(e.to_string())),
        Format::Text | Format::Csv => Err(OutputError(format!(
            "{format:?} is not a structured format"
        ))),
    }
}

/// Serialises flat records as CSV with a header line.
pub fn csv<T: Serialize>(records: impl IntoIterator<Item = T>) -> Result<String, OutputError> {
    let mut w = ::csv::Writer::from_writer(Vec::new());
    for r in records {
        w.serialize(r).map_err(|e| OutputError(e.to_string()))?;
    }
    let bytes = w.into_inner().map_err(|e| OutputError(e.to_string()))?;
    String::from_utf8(bytes).map_err(|e| OutputError(e.to_string()))
}

/// The move-count table. Text is laid out as Schofield's table, with the
/// totals; JSON, YAML and CSV hold one record per row (no total row).
pub fn render_counts(rows: &[MoveCount], format: Format) -> Result<String, OutputError> {
    match format {
        Format::Json | Format::Jsonl | Format::Yaml => structured(rows, format),
        Format::Csv => csv(rows),
        Format::Text => {
            let mut s = String::new();
            let classes = rows.iter().all(|r| r.classes.is_some());
            let extended = classes && rows.iter().all(|r| r.extended_classes.is_some());
            let wide = |n: u64| grouped(n as usize);
            let total = |f: fn(&MoveCount) -> Option<u64>| -> String {
                wide(rows.iter().filter_map(f).sum())
            };
            // Columns as wide as the eight-puzzle's table, wider when the
            // totals need it (two spaces at least between columns).
            let fit = |least: usize, f: fn(&MoveCount) -> Option<u64>| {
                least.max(total(f).chars().count() + 2)
            };
            let (pw, cw) = (fit(10, |r| Some(r.positions)), fit(8, |r| r.classes));
            let ew = fit(18, |r| r.extended_classes);
            let line = |s: &mut String, a: &str, b: &str, c: &str, d: &str| {
                let _ = writeln!(
                    s,
                    "{}",
                    format!("{a:>6} {b:>pw$} {c:>cw$} {d:>ew$}").trim_end()
                );
            };
            line(
                &mut s,
                "moves",
                "positions",
                if classes { "classes" } else { "" },
                if extended { "extended classes" } else { "" },
            );
            for r in rows {
                line(
                    &mut s,
                    &r.moves.to_string(),
                    &wide(r.positions),
                    &r.classes.map(wide).unwrap_or_default(),
                    &if extended {
                        r.extended_classes.map(wide).unwrap_or_default()
                    } else {
                        String::new()
                    },
                );
            }
            line(
                &mut s,
                "total",
                &total(|r| Some(r.positions)),
                &if classes {
                    total(|r| r.classes)
                } else {
                    String::new()
                },
                &if extended {
                    total(|r| r.extended_classes)
                } else {
                    String::new()
                },
            );
            Ok(s)
        }
    }
}

/// One flat CSV record for a solution.
#[derive(Serialize)]
struct SolutionRecord<'a> {
    #[serde(skip_serializing_if = "Option::is_none")]
    code: Option<&'a str>,
    #[serde(skip_serializing_if = "Option::is_none")]
    grid: Option<&'a str>,
    #[serde(skip_serializing_if = "Option::is_none")]
    cycles: Option<&'a str>,
    #[serde(skip_serializing_if = "Option::is_none")]
    pattern: Option<&'a str>,
    sequence_number: u64,
    moves: u8,
    starting_twists: String,
    ending_twists: String,
    specimen: &'a str,
    minimal_path_count: u64,
    #[serde(skip_serializing_if = "Option::is_none")]
    tile_solutions: Option<u64>,
    class_id: usize,
    class_size: u64,
    #[serde(skip_serializing_if = "Option::is_none")]
    extended_class_id: Option<usize>,
    #[serde(skip_serializing_if = "Option::is_none")]
    extended_class_size: Option<u64>,
}

/// Everything about one position.
/// Text wraps at `width` columns.
pub fn render_solution(
    sol: &Solution,
    format: Format,
    width: usize,
) -> Result<String, OutputError> {
    match format {
        Format::Json | Format::Jsonl | Format::Yaml => structured(sol, format),
        Format::Csv => csv([SolutionRecord {
            code: sol.code.as_deref(),
            grid: sol.grid.as_deref(),
            cycles: sol.cycles.as_deref(),
            pattern: sol.pattern.as_deref(),
            sequence_number: sol.sequence_number,
            moves: sol.moves,
            starting_twists: sol.starting_twists.letters.clone(),
            ending_twists: sol
                .ending_twists
                .as_ref()
                .map(|e| e.letters.clone())
                .unwrap_or_default(),
            specimen: &sol.specimen.plain,
            minimal_path_count: sol.minimal_path_count,
            tile_solutions: sol.tile_solutions,
            class_id: sol.class.id,
            class_size: sol.class.size,
            extended_class_id: sol.extended_class.as_ref().map(|c| c.id),
            extended_class_size: sol.extended_class.as_ref().map(|c| c.size),
        }]),
        Format::Text => Ok(solution_text(sol, width)),
    }
}

/// `W Z`: the names of a set of moves, spaced.
fn spaced(names: &[String]) -> String {
    names.join(" ")
}

/// The cost of a specimen as text: with words, Schofield's sum
/// (`7 twists, 4 elisions, 4·7 − 2·4 = 20 moves`); else its count.
fn cost_text(
    twists: usize,
    elisions: usize,
    word: Option<u32>,
    moves: u8,
    nouns: &crate::puzzle::Vocabulary,
) -> String {
    match word {
        Some(w) => format!(
            "{}, {}, {w}·{twists} − 2·{elisions} = {moves} moves",
            counted(twists, &nouns.move_, &nouns.moves),
            counted(elisions, "elision", "elisions"),
        ),
        None => counted(twists, &nouns.move_, &nouns.moves),
    }
}

fn solution_text(sol: &Solution, width: usize) -> String {
    let v = &sol.vocabulary;
    let mut s = String::new();
    let name = sol
        .code
        .as_deref()
        .or(sol.pattern.as_deref())
        .unwrap_or_default();
    let _ = writeln!(s, "{} position {}", capitalised(&sol.puzzle), name);
    let _ = writeln!(s);
    if let Some(grid) = &sol.grid {
        for row in grid.split('/') {
            let cells: Vec<String> = row.chars().map(String::from).collect();
            let _ = writeln!(s, "    {}", cells.join(" "));
        }
        let _ = writeln!(s);
    }
    let mut field = |name: &str, value: String| {
        let _ = writeln!(s, "{name:<17}{value}");
    };
    if let Some(code) = &sol.code {
        field("code number", code.clone());
    }
    if let Some(grid) = &sol.grid {
        field("grid", grid.clone());
    }
    if let Some(cycles) = &sol.cycles {
        field("cycles", cycles.clone());
    }
    if let Some(pattern) = &sol.pattern {
        field("pattern", pattern.clone());
    }
    field("sequence number", grouped(sol.sequence_number as usize));
    field("minimum", counted(usize::from(sol.moves), "move", "moves"));
    let starting = format!("starting {}", v.moves);
    let ending = format!("ending {}", v.moves);
    if sol.moves == 0 {
        field(&starting, "none: this is the target".to_string());
    } else {
        // Schofield's field, for moves named by one letter each.
        let with_field = |names: &[String], f: &str| {
            if f.contains(' ') {
                spaced(names)
            } else {
                format!("{}   (field {f})", spaced(names))
            }
        };
        field(
            &starting,
            with_field(&sol.starting_twists.names, &sol.starting_field),
        );
        if let (Some(e), Some(f)) = (&sol.ending_twists, &sol.ending_field) {
            field(&ending, with_field(&e.names, f));
        }
        field(
            "specimen",
            format!(
                "{}   = {}: {}",
                sol.specimen_marked,
                sol.specimen,
                cost_text(
                    sol.specimen_twists,
                    sol.specimen_elisions,
                    sol.word_length,
                    sol.moves,
                    v
                )
            ),
        );
        if let Some(tiles) = &sol.tile_moves {
            let pieces: Vec<String> = tiles.iter().map(|p| p.to_string()).collect();
            field(
                "tile moves",
                wrapped_with_note(&pieces, 17, "(pieces moved, in order)", width),
            );
        }
        let twins = match sol.tile_solutions {
            Some(t) if t != sol.minimal_path_count => {
                format!("; {t} tile-move sequences, counting T T for T⁻¹ where that is as short")
            }
            _ => String::new(),
        };
        match &sol.minimal_paths {
            Some(paths) => {
                field(
                    "minimal paths",
                    format!("{}{twins}", sol.minimal_path_count),
                );
                let wide = paths
                    .iter()
                    .map(|p| p.plain.chars().count())
                    .max()
                    .unwrap_or(0);
                for p in paths {
                    field("", format!("{:<wide$}   {}", p.plain, p.marked));
                }
            }
            None => field(
                "minimal paths",
                format!("{} (list them with --all){twins}", sol.minimal_path_count),
            ),
        }
    }
    for (name, c) in [
        ("class", Some(&sol.class)),
        ("extended class", sol.extended_class.as_ref()),
    ] {
        let Some(c) = c else { continue };
        field(
            name,
            format!(
                "{} (of 0 … {}): representative {} (S = {}), {}",
                grouped(c.id),
                grouped(c.of - 1),
                c.representative,
                grouped(c.representative_sequence_number as usize),
                counted(c.size as usize, "member", "members")
            ),
        );
    }
    s
}

/// The lines shared by every optimal-solution report: the heuristic and its
/// estimate at the start, the length, the tiles moved and the blank's moves.
pub(crate) fn solution_lines(
    out: &mut String,
    heuristic: &str,
    estimate: u32,
    tiles: &[u8],
    moves: &[crate::board::Direction],
    width: usize,
) {
    let tiles: Vec<String> = tiles.iter().map(|t| t.to_string()).collect();
    let blank = crate::board::letters(moves);
    let dash = |s: String| if s.is_empty() { "-".to_string() } else { s };
    let blank = blank
        .as_bytes()
        .chunks(width.max(31) - 11)
        .map(|c| String::from_utf8_lossy(c).into_owned())
        .collect::<Vec<_>>()
        .join(&format!("\n{}", " ".repeat(11)));
    let _ = writeln!(
        out,
        "heuristic  {heuristic} (estimate at the start: {estimate})"
    );
    let _ = writeln!(
        out,
        "length     {} (optimal)",
        counted(moves.len(), "move", "moves")
    );
    let _ = writeln!(
        out,
        "tiles      {}",
        wrapped_with_note(&tiles, 11, "(tiles moved, in order)", width)
    );
    let _ = writeln!(
        out,
        "blank      {}",
        wrapped_with_note(&[dash(blank)], 11, "(U up, L left, R right, D down)", width)
    );
}

/// The width long lists in text are wrapped at when the output is not a
/// terminal (files and pipes). A renderer that wraps is given the width
/// (the command line passes the terminal's); there is no width held
/// anywhere else.
pub const TEXT_WIDTH: usize = 80;

/// Words (tiles, letters) after a label `indent` columns wide, wrapped so
/// that no line passes `width` columns (at least 20 are left for the
/// words); continuation lines are indented under the first word. `-` for
/// no words.
///
/// ```
/// use schofield::render::wrapped;
/// let words: Vec<String> = (1..=40).map(|t| t.to_string()).collect();
/// let text = wrapped(&words, 11, 80);
/// assert!(text.lines().all(|l| l.chars().count() <= 80 - 11));
/// assert!(text.lines().skip(1).all(|l| l.starts_with(&" ".repeat(11))));
/// assert_eq!(wrapped(&[], 4, 80), "-");
/// ```
pub fn wrapped(words: &[String], indent: usize, width: usize) -> String {
    if words.is_empty() {
        return "-".to_string();
    }
    let room = width.saturating_sub(indent).max(20);
    let mut lines: Vec<String> = vec![String::new()];
    for w in words {
        let line = lines.last_mut().expect("one line at least");
        if !line.is_empty() && line.chars().count() + 1 + w.chars().count() > room {
            lines.push(w.clone());
        } else {
            if !line.is_empty() {
                line.push(' ');
            }
            line.push_str(w);
        }
    }
    lines.join(&format!("\n{}", " ".repeat(indent)))
}

/// [`wrapped`] with a note after the last word (`   (tiles moved, in
/// order)`), or on a line of its own under the words when it would pass the
/// width.
///
/// ```
/// use schofield::render::wrapped_with_note;
/// let words: Vec<String> = ["1", "2"].map(String::from).to_vec();
/// assert_eq!(wrapped_with_note(&words, 6, "(tiles)", 80), "1 2   (tiles)");
/// ```
pub fn wrapped_with_note(words: &[String], indent: usize, note: &str, width: usize) -> String {
    let text = wrapped(words, indent, width);
    let last = text.rsplit('\n').next().unwrap_or("");
    let last_width = if text.contains('\n') {
        last.chars().count()
    } else {
        indent + last.chars().count()
    };
    if last_width + 3 + note.chars().count() <= width {
        format!("{text}   {note}")
    } else {
        format!("{text}\n{}{note}", " ".repeat(indent))
    }
}

/// The first letter in upper case: `eight-puzzle` → `Eight-puzzle`.
///
/// ```
/// assert_eq!(schofield::render::capitalised("five-puzzle"), "Five-puzzle");
/// ```
pub fn capitalised(s: &str) -> String {
    let mut c = s.chars();
    match c.next() {
        Some(f) => f.to_uppercase().collect::<String>() + c.as_str(),
        None => String::new(),
    }
}

/// What a path does.
/// Text wraps at `width` columns.
pub fn render_path(r: &PathReport, format: Format, width: usize) -> Result<String, OutputError> {
    #[derive(Serialize)]
    struct Record<'a> {
        path: &'a str,
        marked: &'a str,
        marked_ascii: &'a str,
        twists: usize,
        elisions: usize,
        moves: usize,
        reduced: bool,
        inverse: &'a str,
        #[serde(skip_serializing_if = "Option::is_none")]
        start_code: Option<&'a str>,
        start: &'a str,
        #[serde(skip_serializing_if = "Option::is_none")]
        end_code: Option<&'a str>,
        end: &'a str,
        #[serde(skip_serializing_if = "Option::is_none")]
        end_cycles: Option<&'a str>,
        end_is_target: bool,
    }
    match format {
        Format::Json | Format::Jsonl | Format::Yaml => structured(r, format),
        Format::Csv => csv([Record {
            path: &r.path.plain,
            marked: &r.marked,
            marked_ascii: &r.marked_ascii,
            twists: r.twists,
            elisions: r.elisions,
            moves: r.moves,
            reduced: r.reduced,
            inverse: &r.inverse.plain,
            start_code: r.start_code.as_deref(),
            start: &r.start,
            end_code: r.end_code.as_deref(),
            end: &r.end,
            end_cycles: r.end_cycles.as_deref(),
            end_is_target: r.end_is_target,
        }]),
        Format::Text => {
            let v = &r.vocabulary;
            let mut s = String::new();
            let mut field = |name: &str, value: String| {
                let _ = writeln!(s, "{name:<15}{value}");
            };
            field("path", format!("{}   ({})", r.marked, r.path));
            let cost = match r.word_length {
                Some(w) => format!(
                    "{}, {}: {w}·{} − 2·{} = {}",
                    counted(r.twists, &v.move_, &v.moves),
                    counted(r.elisions, "elision", "elisions"),
                    r.twists,
                    r.elisions,
                    r.moves
                ),
                None => counted(r.twists, &v.move_, &v.moves),
            };
            field("moves", cost);
            if !r.reduced {
                field(
                    "note",
                    format!(
                        "not reduced: a {m} is followed by one with which it makes one {m} or none; Schofield's calculus replaces T T by T⁻¹ and drops T T⁻¹, never making a path longer",
                        m = v.move_
                    ),
                );
            }
            field("inverse", r.inverse.to_string());
            let with_code = |code: &Option<String>, shown: &str| match code {
                Some(c) => format!("{c}   {shown}"),
                None => shown.to_string(),
            };
            field("from", with_code(&r.start_code, &r.start));
            let target = if r.end_is_target { "   the target" } else { "" };
            let cycles = r
                .end_cycles
                .as_ref()
                .map(|c| format!("   {c}"))
                .unwrap_or_default();
            field(
                "reaches",
                format!("{}{cycles}{target}", with_code(&r.end_code, &r.end)),
            );
            if let Some(tiles) = &r.tile_moves {
                let pieces: Vec<String> = tiles.iter().map(|p| p.to_string()).collect();
                field(
                    "tile moves",
                    wrapped_with_note(&pieces, 15, "(pieces moved, in order)", width),
                );
            }
            Ok(s)
        }
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

/// A grid string's cells, row by row: `025/1_3/746` (one character a cell)
/// or `1 2 3 4/…` (cells separated by spaces); `_` is the blank.
///
/// ```
/// assert_eq!(schofield::render::grid_cells("12/3_"), [["1", "2"], ["3", "_"]]);
/// ```
pub fn grid_cells(grid: &str) -> Vec<Vec<String>> {
    grid.split('/')
        .map(|row| {
            if row.contains(' ') {
                row.split_whitespace().map(String::from).collect()
            } else {
                row.chars().map(String::from).collect()
            }
        })
        .collect()
}

/// The columns a label takes: a combining stroke (U+0338) takes none.
fn columns(s: &str) -> usize {
    s.chars().filter(|&c| c != '\u{338}').count()
}

/// Grid strings drawn as boards side by side, as many to a band as fit in
/// `width` columns, bands separated by a blank line. Above each board after
/// the first, its label (the twist or tile that made it); above the first,
/// `start`.
pub fn boards_side_by_side(grids: &[String], labels: &[String], width: usize) -> String {
    let boards: Vec<Vec<Vec<String>>> = grids.iter().map(|g| grid_cells(g)).collect();
    let cell = boards
        .iter()
        .flatten()
        .flatten()
        .map(|c| c.chars().count())
        .max()
        .unwrap_or(1);
    let draw = |row: &[String]| {
        row.iter()
            .map(|c| format!("{c:>cell$}"))
            .collect::<Vec<_>>()
            .join(" ")
    };
    let names: Vec<&str> = std::iter::once("start")
        .chain(labels.iter().map(String::as_str))
        .collect();
    let board_width = boards
        .first()
        .and_then(|b| b.first())
        .map_or(1, |r| draw(r).chars().count())
        .max(names.iter().map(|n| columns(n)).max().unwrap_or(0));
    let pad = |s: &str| format!("{s}{}", " ".repeat(board_width.saturating_sub(columns(s))));
    let gap = 3;
    let per_band = ((width + gap) / (board_width + gap)).max(1);
    let mut out = String::new();
    for (k, band) in boards.chunks(per_band).enumerate() {
        if k > 0 {
            out.push('\n');
        }
        let first = k * per_band;
        let heads: Vec<String> = (first..first + band.len())
            .map(|i| pad(names.get(i).copied().unwrap_or("")))
            .collect();
        let _ = writeln!(out, "{}", heads.join(&" ".repeat(gap)).trim_end());
        let rows = band.iter().map(Vec::len).max().unwrap_or(0);
        for r in 0..rows {
            let line: Vec<String> = band
                .iter()
                .map(|b| pad(&b.get(r).map_or(String::new(), |row| draw(row))))
                .collect();
            let _ = writeln!(out, "{}", line.join(&" ".repeat(gap)).trim_end());
        }
    }
    out
}

/// A position drawn by `random`.
#[derive(Debug, Clone, Serialize)]
pub struct RandomPosition {
    /// The position, as a grid string.
    pub start: String,
    /// Its code number (twist puzzles).
    #[serde(skip_serializing_if = "Option::is_none")]
    pub code: Option<String>,
    /// Its distance from the goal, when known.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub moves: Option<u8>,
}

/// Random positions. Text is one position a line, ready to pipe into a
/// command that reads positions from standard input (`solve -`).
pub fn render_random(records: &[RandomPosition], format: Format) -> Result<String, OutputError> {
    match format {
        Format::Json | Format::Jsonl | Format::Yaml => structured(records, format),
        Format::Csv => csv(records),
        Format::Text => Ok(records.iter().map(|r| format!("{}\n", r.start)).collect()),
    }
}

mod census;
pub mod explore;
mod five;
pub mod generated;
mod graph;
mod lookup;
mod optimal;
mod search;
pub mod svg;
mod table;

pub use census::{case_text, render_cases};
pub use five::{
    render_bound, render_five_classes, render_five_counts, render_five_report, render_trees,
};
pub use graph::{GraphFormat, render_graph, render_trees_dot};
pub use lookup::{render_summary, render_table_solution};
pub use optimal::{OptimalReport, render_batch, render_optimal};
pub use search::{AstarReport, render_astar, render_compare, render_fifteen};
pub use table::{
    entry_line, render_classes, render_entries, render_half_page, render_half_page_text,
    render_pages,
};
