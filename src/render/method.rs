//! The views of what Schofield's method finds on any puzzle: the move-count table, one
//! position's solution, a path followed, random positions.

use super::words::{Worded, Words};
use super::*;
use crate::method::analysis::MoveCount;
use crate::method::solve::{PathReport, SearchedReport, SolutionReport};

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
    sol: &SolutionReport,
    format: Format,
    width: usize,
) -> Result<String, OutputError> {
    match format {
        Format::Json | Format::Jsonl | Format::Yaml => {
            structured(&Worded(words_of(sol), sol), format)
        }
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
        }])
        .map(|text| words_of(sol).header(text)),
        Format::Text => Ok(solution_text(sol, width)),
    }
}

/// The words of a solution's keys: its puzzle's, laid on a tray where it
/// has a grid.
fn words_of(sol: &SolutionReport) -> Words {
    Words::of(&sol.vocabulary, sol.grid.is_some())
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

/// `solve`'s text: the heading, what the position is, its minimal
/// solutions, and its classes.
fn solution_text(sol: &SolutionReport, width: usize) -> String {
    let mut s = String::new();
    let name = sol
        .code
        .as_deref()
        .or(sol.pattern.as_deref())
        .unwrap_or_default();
    let between = sol.start.as_deref().zip(sol.goal.as_deref());
    match between {
        Some((from, to)) => {
            let _ = writeln!(s, "{} from {from} to {to}", capitalised(&sol.puzzle));
            let _ = writeln!(s);
        }
        None => {
            let _ = writeln!(s, "{} position {}", capitalised(&sol.puzzle), name);
            let _ = writeln!(s);
        }
    }
    if let (None, Some(grid)) = (between, &sol.grid) {
        for row in grid.split('/') {
            let cells: Vec<String> = row.chars().map(String::from).collect();
            let _ = writeln!(s, "    {}", cells.join(" "));
        }
        let _ = writeln!(s);
    }
    let mut field = |name: &str, value: String| {
        let _ = writeln!(s, "{name:<17}{value}");
    };
    let words = words_of(sol);
    identity_fields(sol, between, name, words, &mut field);
    solution_fields(sol, width, words, &mut field);
    for (name, c) in [
        ("class", Some(&sol.class)),
        ("extended class", sol.extended_class.as_ref()),
    ] {
        if let Some(c) = c {
            field(name, class_text(c, words));
        }
    }
    s
}

/// The fields that say what the position is: from and to (a position
/// between two), its code number, grid, cycles and pattern, its number,
/// order and inverse.
fn identity_fields(
    sol: &SolutionReport,
    between: Option<(&str, &str)>,
    name: &str,
    words: Words,
    field: &mut impl FnMut(&str, String),
) {
    let v = &sol.vocabulary;
    if let Some((from, to)) = between {
        field("from", from.to_string());
        field("to", to.to_string());
        field(
            "as if solving",
            format!(
                "{name}   (the position whose solution is the same {}: from renamed so that to is the target; the lines below describe it, the tile moves are from's pieces)",
                v.moves
            ),
        );
    }
    if let Some(code) = sol.code.as_ref().filter(|_| between.is_none()) {
        field("code number", code.clone());
    }
    if let Some(grid) = &sol.grid {
        field("grid", grid.clone());
    }
    if let Some(cycles) = &sol.cycles {
        field("cycles", cycles.clone());
    }
    for (i, o) in sol.cycles_by_orbit.iter().enumerate() {
        field(if i == 0 { "cycles" } else { "" }, o.to_string());
    }
    if let Some(pattern) = &sol.pattern {
        field("pattern", pattern.clone());
    }
    field(words.number(), grouped(sol.sequence_number as usize));
    if let Some(order) = sol.order {
        if order == 1 {
            field("order", "1   (the target itself)".to_string());
        } else {
            field(
                "order",
                format!("{order}   (its moves done {order} times over give the target)"),
            );
        }
    }
    if let Some(inverse) = &sol.inverse_position {
        field("inverse", inverse.clone());
    }
}

/// The fields of its minimal solutions: the minimum, the starting and
/// ending moves (with Schofield's field), a specimen and its cost, the
/// tile moves, and the minimal paths, counted or listed.
fn solution_fields(
    sol: &SolutionReport,
    width: usize,
    words: Words,
    field: &mut impl FnMut(&str, String),
) {
    let v = &sol.vocabulary;
    field("minimum", counted(usize::from(sol.moves), "move", "moves"));
    let starting = format!("starting {}", v.moves);
    let ending = format!("ending {}", v.moves);
    if sol.moves == 0 {
        field(&starting, "none: this is the target".to_string());
    } else {
        // Schofield's field, for moves named by one letter each.
        let with_field = |names: &[String], f: &str| {
            if f.contains(' ') || !words.fields() {
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
}

/// A class as a line of text: its number, its representative and its
/// size.
fn class_text(c: &crate::method::solve::ClassReport, words: Words) -> String {
    format!(
        "{} (of 0 … {}): representative {} ({}{}), {}",
        grouped(c.id),
        grouped(c.of - 1),
        c.representative,
        words.number_before(),
        grouped(c.representative_sequence_number as usize),
        counted(c.size as usize, "member", "members")
    )
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

/// What a path does.
/// Text wraps at `width` columns.
pub fn render_path(r: &PathReport, format: Format, width: usize) -> Result<String, OutputError> {
    let words = Words::of(&r.vocabulary, false);
    match format {
        Format::Json | Format::Jsonl | Format::Yaml => structured(&Worded(words, r), format),
        Format::Csv => path_csv(r).map(|text| words.header(text)),
        Format::Text => Ok(path_text(r, width)),
    }
}

/// A path's one CSV record.
fn path_csv(r: &PathReport) -> Result<String, OutputError> {
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
    csv([Record {
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
    }])
}

/// A path as text, a field a line, wrapped at `width` columns.
fn path_text(r: &PathReport, width: usize) -> String {
    let v = &r.vocabulary;
    let mut s = String::new();
    let mut field = |name: &str, value: String| {
        let _ = writeln!(s, "{name:<15}{value}");
    };
    // The empty path is written as the empty word, once.
    let empty = r.path.to_string().is_empty();
    field(
        "path",
        if empty {
            format!("()   no {}", v.moves)
        } else {
            format!("{}   ({})", r.marked, r.path)
        },
    );
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
    field(
        "inverse",
        if empty {
            "()".to_string()
        } else {
            r.inverse.to_string()
        },
    );
    let with_code = |code: &Option<String>, shown: &str| match code {
        Some(c) => format!("{c}   {shown}"),
        None => shown.to_string(),
    };
    field("from", with_code(&r.start_code, &r.start));
    let target = match (r.end_is_target, r.end_turned_whole) {
        (true, true) => "   the target, turned as a whole",
        (true, false) => "   the target",
        _ => "",
    };
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
    s
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
    /// A minimal solution, with `--answers`: the twists (or the moves of a
    /// puzzle's alg) on a twist puzzle, the blank's moves on a board.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub specimen: Option<String>,
    /// The same with elided twists struck through (twist puzzles whose
    /// moves elide).
    #[serde(skip_serializing_if = "Option::is_none")]
    pub specimen_marked: Option<String>,
}

/// Random positions. Text is one position a line, ready to pipe into a
/// command that reads positions from standard input (`solve -`).
pub fn render_random(records: &[RandomPosition], format: Format) -> Result<String, OutputError> {
    match format {
        Format::Json | Format::Jsonl | Format::Yaml => structured(records, format),
        Format::Csv => csv(records),
        Format::Text if records.iter().any(|r| r.specimen.is_some()) => {
            let wide = records
                .iter()
                .map(|r| r.start.chars().count())
                .max()
                .unwrap_or(0);
            Ok(records
                .iter()
                .map(|r| {
                    format!(
                        "{:<wide$}  {:>3}  {}\n",
                        r.start,
                        r.moves.map_or("?".to_string(), |m| m.to_string()),
                        r.specimen_marked
                            .as_deref()
                            .or(r.specimen.as_deref())
                            .unwrap_or_default()
                    )
                })
                .collect())
        }
        Format::Text => Ok(records.iter().map(|r| format!("{}\n", r.start)).collect()),
    }
}

/// A position solved by IDA* ([`SearchedReport`]): the minimum, the
/// starting moves and a specimen, with the work it took.
pub fn render_searched(r: &SearchedReport, format: Format) -> Result<String, OutputError> {
    #[derive(Serialize)]
    struct Record<'a> {
        start: &'a str,
        moves: u32,
        starting_twists: String,
        specimen: &'a str,
        generated: u64,
    }
    match format {
        Format::Json | Format::Jsonl | Format::Yaml => {
            structured(&Worded(Words::of(&r.vocabulary, false), r), format)
        }
        Format::Csv => csv([Record {
            start: &r.start,
            moves: r.moves,
            starting_twists: r.starting_twists.as_deref().unwrap_or_default().join(" "),
            specimen: &r.specimen,
            generated: r.generated,
        }])
        .map(|text| Words::of(&r.vocabulary, false).header(text)),
        Format::Text => {
            let v = &r.vocabulary;
            let mut out = String::new();
            let mut field = |name: &str, value: String| {
                let _ = writeln!(out, "{name:<16} {value}");
            };
            match (&r.goal, &r.relative) {
                (Some(goal), Some(relative)) => {
                    field("from", r.start.clone());
                    field("to", goal.clone());
                    field(
                        "as if solving",
                        format!(
                            "{relative}   (the position whose solution is the same moves: from renamed so that to is the target)"
                        ),
                    );
                }
                _ => field("position", r.start.clone()),
            }
            for (i, o) in r.cycles_by_orbit.iter().enumerate() {
                field(if i == 0 { "cycles" } else { "" }, o.to_string());
            }
            field("minimum", counted(r.moves as usize, &v.move_, &v.moves));
            let starting = format!("starting {}", v.moves);
            if r.moves == 0 {
                field(&starting, "none: this is the target".to_string());
            } else {
                field(
                    &starting,
                    match &r.starting_twists {
                        Some(names) => names.join(" "),
                        None => "not proved (--specimen-only: the search stopped at the specimen)"
                            .to_string(),
                    },
                );
                field("specimen", r.specimen.clone());
            }
            if let Some(paths) = &r.minimal_paths {
                field("minimal paths", crate::text::grouped(paths.len()));
                for p in paths {
                    // The target's one minimal path is the empty one.
                    field(
                        "",
                        if p.is_empty() {
                            "()".to_string()
                        } else {
                            p.clone()
                        },
                    );
                }
            }
            field(
                "searched by",
                format!(
                    "{}, {} positions in {:.2} s (the whole table is not built)",
                    r.searched_by,
                    crate::text::grouped(r.generated as usize),
                    r.seconds
                ),
            );
            Ok(out)
        }
    }
}
