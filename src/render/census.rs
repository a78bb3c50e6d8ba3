//! Renderers for the small-board tables.

use super::{Format, OutputError, csv, structured};
use crate::board::census::CaseResult;
use crate::text::grouped;
use itertools::Itertools;
use serde::Serialize;
use std::fmt::Write as _;

/// One case as text.
pub fn case_text(r: &CaseResult) -> String {
    let mut s = String::new();
    let cols: usize = r
        .board
        .split('x')
        .nth(1)
        .and_then(|c| c.parse().ok())
        .unwrap_or(1);
    let _ = writeln!(
        s,
        "{} board, blank's home cell {} (row {}, column {}); goal {}",
        r.board,
        r.home,
        r.home / cols + 1,
        r.home % cols + 1,
        r.goal
    );
    let _ = writeln!(
        s,
        "states {}   max {} moves   mean {:.4} moves (= {} / {})\n",
        grouped(r.states as usize),
        r.max,
        r.mean,
        grouped(r.total_moves as usize),
        grouped(r.states as usize)
    );
    let _ = writeln!(s, "{:>5} {:>12}", "moves", "states");
    for l in &r.distribution {
        let _ = writeln!(s, "{:>5} {:>12}", l.moves, grouped(l.states as usize));
    }
    let _ = writeln!(
        s,
        "\nantipodes ({} at {} moves{}): {}",
        grouped(r.antipode_count as usize),
        r.max,
        if r.antipode_count as usize > r.antipodes.len() {
            ", the first 100 listed"
        } else {
            ""
        },
        r.antipodes.join(" ")
    );
    let st = &r.standard;
    let _ = writeln!(
        s,
        "\nstandard positions (blank at home): {}, max {} moves; {} the home cell",
        grouped(st.positions as usize),
        st.max,
        if st.symmetries == 1 {
            "only the identity fixes".to_string()
        } else {
            format!("{} symmetries fix", st.symmetries)
        }
    );
    let _ = writeln!(
        s,
        "classes {} by orbits, {} by Burnside; extended classes {} by orbits, {} by Burnside\n",
        grouped(st.classes.orbits as usize),
        grouped(st.classes.burnside as usize),
        grouped(st.extended_classes.orbits as usize),
        grouped(st.extended_classes.burnside as usize)
    );
    let _ = writeln!(
        s,
        "{:>5} {:>12} {:>10} {:>18}",
        "moves", "positions", "classes", "extended classes"
    );
    for row in &st.rows {
        let _ = writeln!(
            s,
            "{:>5} {:>12} {:>10} {:>18}",
            row.moves,
            grouped(row.positions as usize),
            grouped(row.classes as usize),
            grouped(row.extended_classes as usize)
        );
    }
    let _ = writeln!(
        s,
        "\ntable memory {} bytes",
        grouped(r.table_bytes as usize)
    );
    s
}

#[derive(Serialize)]
struct Row<'a> {
    board: &'a str,
    home: usize,
    states: u64,
    max: u32,
    mean: f64,
    antipode_count: u64,
    standard_positions: u64,
    standard_max: u32,
    classes: u64,
    classes_burnside: u64,
    extended_classes: u64,
    extended_classes_burnside: u64,
}

/// Several cases: text (one after another), JSON/YAML (everything), or CSV
/// (one summary line each).
pub fn render_cases(results: &[CaseResult], format: Format) -> Result<String, OutputError> {
    match format {
        Format::Json | Format::Jsonl | Format::Yaml => structured(results, format),
        Format::Csv => csv(results.iter().map(|r| Row {
            board: &r.board,
            home: r.home,
            states: r.states,
            max: r.max,
            mean: r.mean,
            antipode_count: r.antipode_count,
            standard_positions: r.standard.positions,
            standard_max: r.standard.max,
            classes: r.standard.classes.orbits,
            classes_burnside: r.standard.classes.burnside,
            extended_classes: r.standard.extended_classes.orbits,
            extended_classes_burnside: r.standard.extended_classes.burnside,
        })),
        Format::Text => Ok(results.iter().map(case_text).join("\n")),
    }
}
