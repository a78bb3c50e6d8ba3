//! The `schofield` command line: reads the arguments and hands each command
//! to its module in `cli/`. Bad input ends with a one-line error and exit
//! status 2; a search stopped by a limit, with exit status 3.

mod cli;

use clap::{Parser, Subcommand};
use cli::common::{FormatArg, Outcome};
use cli::{astar, census, eight, fifteen, five, graph, lookup, optimal, regenerate};
use schofield::search::SearchError;
use schofield::twist::puzzle::EIGHT;
use std::io::Write;
use std::process::ExitCode;

/// Schofield's complete solution of the eight-puzzle, computed exactly.
#[derive(Parser)]
#[command(name = "schofield", version, about, long_about = None)]
struct Cli {
    #[command(subcommand)]
    command: Command,
}

#[derive(Subcommand)]
enum Command {
    /// Print Schofield's move-count table: positions, classes and extended
    /// classes at each minimum number of moves.
    Counts(FormatArg),
    /// Solve one position: minimum moves, starting twists, a specimen
    /// minimal path, tile moves, classes.
    Solve(eight::SolveArgs),
    /// Follow a path of twists (e.g. WXYZADY): its moves, elisions, inverse,
    /// the position it reaches and its tile moves.
    Path(eight::PathArgs),
    /// Schofield's printed tables: every puzzle's starting twists, minimum
    /// and a specimen path, in 168 pages of half-pages.
    Table(eight::TableArgs),
    /// The class dictionary (Schofield's short dictionary): every class with
    /// its representative, size, minimum, starting and ending twists.
    Classes(eight::ClassesArgs),
    /// Export the twist graph (or a quotient, or the shortest-path graph) as
    /// DOT, GraphML or node-link JSON.
    Graph(graph::GraphArgs),
    /// Utgoff and Saxena's perfect lookup table: every arrangement of a board
    /// (blank anywhere) with its exact distance from the goal.
    Lookup {
        #[command(subcommand)]
        command: lookup::LookupCommand,
    },
    /// A* over a sliding board (any N×N, or R×C with --board): an optimal
    /// solution, the vertices expanded and the largest queue.
    Astar(astar::AstarArgs),
    /// Solve a 4x4 position constructively by 3-cycles and conjugation (the
    /// chapter "Permutations and 3-cycles"): the list of tiles moved.
    Fifteen(fifteen::FifteenArgs),
    /// Schofield's method on every small board: distances from the goal for
    /// each board of up to 12 cells and each home cell of the blank, and the
    /// standard positions' classes (by orbits and by Burnside's lemma).
    Boards(census::BoardsArgs),
    /// Solve optimally with IDA* and additive pattern databases (the
    /// 15-puzzle), or run a batch such as Korf's 100 with --all-korf.
    Optimal(optimal::OptimalArgs),
    /// Schofield's five-puzzle (1 2 3 / 0 _ 4): the group A5. With no
    /// subcommand, the whole analysis.
    Five {
        #[command(subcommand)]
        command: Option<five::FiveCommand>,
    },
    /// Rewrite the generated tables (tables/ by default) from the code.
    Regenerate(regenerate::RegenerateArgs),
}

fn run(command: Command) -> Outcome {
    match command {
        Command::Counts(out) => eight::counts(out),
        Command::Solve(args) => eight::solve(&EIGHT, args),
        Command::Path(args) => eight::follow(&EIGHT, args),
        Command::Table(args) => eight::table(args),
        Command::Classes(args) => eight::classes(args),
        Command::Graph(args) => graph::run(args),
        Command::Lookup { command } => lookup::run(command),
        Command::Astar(args) => astar::run(args),
        Command::Fifteen(args) => fifteen::run(args),
        Command::Boards(args) => census::run(args),
        Command::Optimal(args) => optimal::run(args),
        Command::Five { command } => five::run(command),
        Command::Regenerate(args) => regenerate::run(args),
    }
}

fn main() -> ExitCode {
    match run(Cli::parse().command) {
        Ok(text) => {
            let mut out = std::io::stdout().lock();
            match out.write_all(text.as_bytes()).and_then(|()| out.flush()) {
                // A reader that stops early (`| head`, a pager quit) is not an error.
                Err(e) if e.kind() != std::io::ErrorKind::BrokenPipe => {
                    eprintln!("error: cannot write the output: {e}");
                    ExitCode::from(1)
                }
                _ => ExitCode::SUCCESS,
            }
        }
        Err(e) => {
            eprintln!("error: {e}");
            // A search that reached a limit did not fail on bad input.
            let stopped = matches!(
                e.downcast_ref::<SearchError>(),
                Some(SearchError::Stopped { .. })
            );
            ExitCode::from(if stopped { 3 } else { 2 })
        }
    }
}
