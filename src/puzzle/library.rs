//! The library of puzzles that come with the tool, as data files in
//! `data/puzzles/` compiled in: Schofield's eight- and five-puzzles, the
//! eight-puzzle in the tile metric, an eleven-puzzle on a 3×4 tray, and
//! the neighbouring classics (the 2×2×2, the 3×3×3's corners and squares
//! groups, the 3×3×3 itself, the Pyraminx and Top-Spin). Each is read by the same reader a user's file
//! goes through ([`super::yaml`]).
//!
//! ```
//! use schofield::puzzle::library;
//! assert!(library::names().contains(&"eight"));
//! assert_eq!(library::get("five").unwrap().orbits()[0].pieces, 5);
//! assert!(library::get("nine").is_none());
//! ```

use super::Puzzle;

/// The library: each puzzle's name and its file's text.
const FILES: &[(&str, &str)] = &[
    ("eight", include_str!("../../data/puzzles/eight.yaml")),
    ("five", include_str!("../../data/puzzles/five.yaml")),
    (
        "eight-tiles",
        include_str!("../../data/puzzles/eight-tiles.yaml"),
    ),
    ("eleven", include_str!("../../data/puzzles/eleven.yaml")),
    ("2x2x2", include_str!("../../data/puzzles/2x2x2.yaml")),
    ("corners", include_str!("../../data/puzzles/corners.yaml")),
    ("squares", include_str!("../../data/puzzles/squares.yaml")),
    ("3x3x3", include_str!("../../data/puzzles/3x3x3.yaml")),
    ("pyraminx", include_str!("../../data/puzzles/pyraminx.yaml")),
    ("topspin", include_str!("../../data/puzzles/topspin.yaml")),
];

/// The names of the library's puzzles, in order.
pub fn names() -> Vec<&'static str> {
    FILES.iter().map(|(n, _)| *n).collect()
}

/// The text of the library puzzle `name`.
pub fn source(name: &str) -> Option<&'static str> {
    FILES.iter().find(|(n, _)| *n == name).map(|(_, t)| *t)
}

/// The library puzzle `name`, read and checked.
pub fn get(name: &str) -> Option<Puzzle> {
    let text = source(name)?;
    // The library's files are checked by the tests (every one reads); a
    // failure here would be a bug in a shipped file, reported as such.
    match super::read::parse(
        &format!("data/puzzles/{name}.yaml"),
        text,
        super::read::FileFormat::Yaml,
    ) {
        Ok(p) => Some(p),
        Err(e) => panic!("the library puzzle {name} does not read: {e}"),
    }
}
