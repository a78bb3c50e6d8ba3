//! The integration tests, one crate in modules so that a change to the
//! library links one test binary, not one a file. Each module tests one
//! feature and says which at its top; `common` holds the helpers that run
//! the command line, `inputs` the shapes the fuzz tests draw from.

mod batches;
// The Python package's test builds an extension for a minute or more on
// one core: named to start second of all (tests start in the order of
// their names), beside the others, not alone at the end.
mod bindings;
mod boards;
mod checkpoints;
mod cli;
#[cfg(feature = "distributed")]
mod cluster;
mod common;
mod drawings;
mod eight_puzzle;
mod explore;
mod five_puzzle;
mod frontier;
mod fuzz;
mod glossary;
mod goals;
mod graph;
mod help;
mod inputs;
mod layout;
mod lookup;
mod messages;
mod optimal;
mod output;
mod pictures;
mod printed_tables;
mod properties;
mod puzzles;
mod readme;
mod search;
mod store;
mod tables;
mod workbench;
