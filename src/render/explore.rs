//! The explorer: a static site (`index.html`, its script, its style and its
//! data) in which a person plays the eight- and five-puzzle, reads each
//! position's figures, steps through its minimal paths and browses the
//! classes. It works from `file://`, with no server and no network.
//!
//! Everything the page knows comes from the analysis here, as data: each
//! twist as a permutation of the squares, which twist elides into which,
//! and for every position its moves, field, cycles, classes and minimal
//! paths. The page's script only applies permutations and looks figures
//! up, so the model is written once, in Rust.

use super::svg;
use crate::twist::Path;
use crate::twist::dictionary::Analysis;
use crate::twist::position::Position;
use crate::twist::puzzle::{EIGHT, FIVE, Puzzle};
use serde::Serialize;

/// One puzzle's data for the page.
#[derive(Debug, Serialize)]
pub struct PuzzleData {
    /// `eight-puzzle` or `five-puzzle`.
    pub name: &'static str,
    /// The tray, row by row: Schofield's square numbers, `null` for the
    /// centre.
    pub layout: Vec<Vec<Option<u8>>>,
    /// The twists' letters in Schofield's slot order.
    pub letters: String,
    /// For each twist (by letter), the permutation `p` with
    /// `after[s] = before[p[s]]` on the pieces of squares `s`.
    pub twists: std::collections::BTreeMap<char, Vec<u8>>,
    /// Each pair `"TU"` where twist `U` right after `T` completes an
    /// elision (two moves cancel).
    pub elisions: Vec<String>,
    /// Every position, by sequence number: `[code, moves, starting field,
    /// cycles, class, extended class, minimal paths separated by spaces,
    /// grid]`.
    #[allow(clippy::type_complexity)]
    pub positions: Vec<(String, u8, String, String, usize, usize, String, String)>,
    /// Every class: `[representative's code, size, moves]`.
    pub classes: Vec<(String, u8, u8)>,
    /// Every extended class, likewise.
    pub extended_classes: Vec<(String, u8, u8)>,
    /// The distribution chart, as SVG.
    pub chart: String,
}

/// The data of one puzzle.
pub fn puzzle_data<const N: usize>(puzzle: &'static Puzzle<N>) -> PuzzleData {
    let a = Analysis::new(puzzle);
    let target = Position::<N>::target();
    let twists = puzzle
        .twists
        .iter()
        .map(|&t| (t.letter(), target.apply(t).pieces().to_vec()))
        .collect();
    let elisions = puzzle
        .twists
        .iter()
        .flat_map(|&t| puzzle.twists.iter().map(move |&u| (t, u)))
        .filter(|(t, u)| t.elides_into(*u))
        .map(|(t, u)| format!("{}{}", t.letter(), u.letter()))
        .collect();
    let (classes, extended) = (a.classes(), a.extended_classes());
    let positions = (0..a.len() as u32)
        .map(|s| {
            let seq = crate::twist::position::SequenceNumber::new(s);
            let p = a.position(seq);
            let field = a.starting_twists(&p).field_of(puzzle.twists);
            let paths: Vec<String> = a.minimal_paths(&p).iter().map(Path::to_string).collect();
            (
                p.code(),
                a.moves(&p),
                field,
                p.cycles(),
                classes.class_of(seq).id.index(),
                extended.class_of(seq).id.index(),
                paths.join(" "),
                puzzle.grid_compact(&p),
            )
        })
        .collect();
    let class_rows = |c: &crate::twist::dictionary::Classes| {
        c.iter()
            .map(|k| (a.position(k.representative).code(), k.size, k.moves))
            .collect()
    };
    PuzzleData {
        name: puzzle.name,
        layout: puzzle
            .layout
            .iter()
            .map(|row| {
                row.iter()
                    .map(|cell| match cell {
                        crate::twist::Cell::Square(i) => Some(*i),
                        crate::twist::Cell::Centre => None,
                    })
                    .collect()
            })
            .collect(),
        letters: puzzle.twists.iter().map(|t| t.letter()).collect(),
        twists,
        elisions,
        positions,
        classes: class_rows(classes),
        extended_classes: class_rows(extended),
        chart: svg::move_counts_svg(&a),
    }
}

/// The site's files: each name (relative to the site's folder) and its
/// contents. `data.js` sets `window.SCHOFIELD` to both puzzles' data, so
/// that the page reads it from `file://` (where a browser refuses to fetch
/// JSON).
///
/// ```
/// let files = schofield::render::explore::site();
/// let names: Vec<&str> = files.iter().map(|(name, _)| *name).collect();
/// assert_eq!(names, ["index.html", "explore.js", "explore.css", "data.js"]);
/// assert!(files[3].1.contains("\"code\"") || files[3].1.contains("102536"));
/// ```
pub fn site() -> Vec<(&'static str, String)> {
    #[derive(Serialize)]
    struct Data {
        eight: PuzzleData,
        five: PuzzleData,
    }
    let data = Data {
        eight: puzzle_data(&EIGHT),
        five: puzzle_data(&FIVE),
    };
    let json = serde_json::to_string(&data).expect("the data serialises");
    vec![
        (
            "index.html",
            include_str!("../../assets/explore/index.html").to_string(),
        ),
        (
            "explore.js",
            include_str!("../../assets/explore/explore.js").to_string(),
        ),
        (
            "explore.css",
            include_str!("../../assets/explore/explore.css").to_string(),
        ),
        (
            "data.js",
            format!("// Generated by `schofield explore`.\nwindow.SCHOFIELD = {json};\n"),
        ),
    ]
}
