//! The commands: each module turns its flags into library calls and returns
//! the text to print. Shared pieces (the `--format` flag, progress bars,
//! output files, the cache folder) are in [`common`].

pub mod astar;
pub mod census;
pub mod common;
pub mod eight;
pub mod fifteen;
pub mod five;
pub mod graph;
pub mod lookup;
pub mod optimal;
pub mod regenerate;
