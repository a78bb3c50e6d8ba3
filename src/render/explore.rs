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
use crate::group::classes::Classes;
use crate::puzzle::{Cell, library};
use crate::twist::analysis::{Analysis, Options};
use crate::twist::{MoveBits, Path};
use serde::Serialize;

/// One puzzle's data for the page.
#[derive(Debug, Serialize)]
pub struct PuzzleData {
    /// `eight-puzzle` or `five-puzzle`.
    pub name: String,
    /// The tray, row by row: Schofield's square numbers, `null` for the
    /// centre.
    pub layout: Vec<Vec<Option<u8>>>,
    /// The twists' letters in Schofield's slot order.
    pub letters: String,
    /// For each twist (by letter), the permutation `p` with
    /// `after[s] = before[p[s]]` on the pieces of squares `s`.
    pub twists: std::collections::BTreeMap<String, Vec<u8>>,
    /// Each pair `"TU"` where twist `U` right after `T` completes an
    /// elision (two moves cancel).
    pub elisions: Vec<String>,
    /// Every position, by sequence number: `[code, moves, starting field,
    /// cycles, class, extended class, minimal paths separated by spaces,
    /// grid]`.
    #[allow(clippy::type_complexity)]
    pub positions: Vec<(String, u8, String, String, usize, usize, String, String)>,
    /// Every class: `[representative's code, size, moves]`.
    pub classes: Vec<(String, u64, u8)>,
    /// Every extended class, likewise.
    pub extended_classes: Vec<(String, u64, u8)>,
    /// The distribution chart, as SVG.
    pub chart: String,
}

/// The data of one puzzle, from its analysis.
pub fn puzzle_data(a: &Analysis) -> PuzzleData {
    let moves = a.moves();
    let puzzle = a.puzzle();
    let twists = moves
        .iter()
        .enumerate()
        .map(|(m, t)| {
            let after = a.position(a.next(a.goal(), m));
            (t.name().to_string(), after.orbits()[0].pieces.clone())
        })
        .collect();
    let n = moves.len();
    let elisions = (0..n)
        .flat_map(|t| (0..n).map(move |u| (t, u)))
        .filter(|&(t, u)| moves.elides(t, u))
        .map(|(t, u)| format!("{}{}", moves.get(t).name(), moves.get(u).name()))
        .collect();
    let (classes, extended) = (a.classes(), a.extended_classes());
    let positions = (0..a.space().len())
        .filter(|&x| a.moves_at(x).is_some())
        .map(|x| {
            let field = MoveBits(a.starting_moves(x)).field(moves);
            let paths: Vec<String> = a
                .minimal_paths(x)
                .into_iter()
                .map(|p| Path::new(p).write(moves))
                .collect();
            (
                a.name_of(x),
                a.moves_at(x).unwrap_or(0),
                field,
                a.cycles(x).unwrap_or_default(),
                classes.class_of(x).unwrap_or(0),
                extended.and_then(|e| e.class_of(x)).unwrap_or(0),
                paths.join(" "),
                a.grid(x).unwrap_or_default(),
            )
        })
        .collect();
    let class_rows = |c: Option<&Classes>| {
        c.map(|c| {
            c.list()
                .iter()
                .map(|k| (a.name_of(k.representative), k.size, k.distance))
                .collect()
        })
        .unwrap_or_default()
    };
    PuzzleData {
        name: puzzle.name().to_string(),
        layout: puzzle
            .layout()
            .iter()
            .map(|row| {
                row.iter()
                    .map(|cell| match cell {
                        Cell::Slot { slot, .. } => Some(*slot),
                        _ => None,
                    })
                    .collect()
            })
            .collect(),
        letters: moves.iter().map(|t| t.name()).collect(),
        twists,
        elisions,
        positions,
        classes: class_rows(Some(classes)),
        extended_classes: class_rows(extended),
        chart: svg::move_counts_svg(a.puzzle().name(), &a.move_counts()),
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
    let analysed = |name: &str| {
        let p = library::get(name).expect("the library has Schofield's puzzles");
        Analysis::new(p, &Options::default(), &|_| {}).expect("Schofield's puzzles analyse")
    };
    let data = Data {
        eight: puzzle_data(&analysed("eight")),
        five: puzzle_data(&analysed("five")),
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
