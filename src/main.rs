//! The `schofield` command line: reads the arguments and hands each command
//! to its module in `cli/`. Bad input ends with a one-line error and exit
//! status 2; a search stopped by a limit, with exit status 3.

mod cli;

use clap::{CommandFactory, Parser, Subcommand};
use cli::common::{FormatArg, Outcome};
use cli::{
    astar, census, explore, fifteen, five, graph, lookup, optimal, puzzle, random, regenerate,
    shell, twist,
};
use std::process::ExitCode;

/// Schofield's complete solution of the eight-puzzle, computed exactly.
#[derive(Parser)]
#[command(name = "schofield", version, about, long_about = None)]
struct Cli {
    #[command(subcommand)]
    command: Command,
    /// Write ASCII only: an elided twist as a lower-case letter instead of
    /// struck through (also when the locale is not UTF-8).
    #[arg(long, global = true)]
    ascii: bool,
}

#[derive(Subcommand)]
enum Command {
    Counts(twist::CountsArgs),
    Solve(twist::SolveCommand),
    Path(twist::PathCommand),
    Table(twist::TableArgs),
    Classes(twist::ClassesArgs),
    Puzzles(puzzle::PuzzlesArgs),
    Group(puzzle::GroupArgs),
    Graph(graph::GraphArgs),
    /// Utgoff and Saxena's perfect lookup table: every arrangement of a board
    /// (blank anywhere) with its exact distance from the goal.
    Lookup {
        #[command(subcommand)]
        command: lookup::LookupCommand,
    },
    Astar(astar::AstarArgs),
    Fifteen(fifteen::FifteenArgs),
    Boards(census::BoardsArgs),
    Optimal(optimal::OptimalArgs),
    /// Schofield's five-puzzle (1 2 3 / 0 _ 4): the group A5. With no
    /// subcommand, the whole analysis.
    #[command(args_conflicts_with_subcommands = true)]
    Five {
        #[command(subcommand)]
        command: Option<five::FiveCommand>,
        #[command(flatten)]
        out: FormatArg,
    },
    Regenerate(regenerate::RegenerateArgs),
    Random(random::RandomArgs),
    Explore(explore::ExploreArgs),
    Completions(shell::CompletionsArgs),
    Man(shell::ManArgs),
}

fn run(command: Command) -> Outcome {
    match command {
        Command::Counts(args) => twist::counts(args),
        Command::Solve(c) => twist::solve(&c.puzzle.analyse(false)?, c.args),
        Command::Path(c) => twist::follow(&c.puzzle.analyse(false)?, c.args),
        Command::Table(args) => twist::table(args),
        Command::Classes(args) => twist::classes(args),
        Command::Puzzles(args) => puzzle::puzzles(args),
        Command::Group(args) => puzzle::group(args),
        Command::Graph(args) => graph::run(args),
        Command::Lookup { command } => lookup::run(command),
        Command::Astar(args) => astar::run(args),
        Command::Fifteen(args) => fifteen::run(args),
        Command::Boards(args) => census::run(args),
        Command::Optimal(args) => optimal::run(args),
        Command::Five { command, out } => five::run(command, out),
        Command::Regenerate(args) => regenerate::run(args),
        Command::Random(args) => random::run(args),
        Command::Explore(args) => explore::run(args),
        Command::Completions(args) => shell::completions(args, Cli::command()),
        Command::Man(args) => shell::man(args, Cli::command()),
    }
}

fn main() -> ExitCode {
    let cli = match Cli::try_parse() {
        Ok(cli) => cli,
        Err(e) => return cli::usage_error(e, &Cli::command()),
    };
    let ascii = cli.ascii || !cli::common::locale_is_utf8();
    cli::finish(run(cli.command), ascii)
}
