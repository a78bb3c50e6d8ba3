//! The `schofield` command line: reads the arguments and hands each command
//! to its module in `cli/`. Bad input ends with a one-line error and exit
//! status 2; a search stopped by a limit, with exit status 3.

mod cli;

use clap::{CommandFactory, FromArgMatches, Parser, Subcommand};
use cli::common::{Delivery, FormatArg, Outcome, Sink};
use cli::{
    astar, census, counts, explore, fifteen, five, graph, group, lookup, method, optimal, puzzle,
    random, regenerate, shell,
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
    Counts(counts::CountsArgs),
    Solve(method::SolveCommand),
    Path(method::PathCommand),
    Table(method::TableArgs),
    Classes(method::ClassesArgs),
    Puzzles(puzzle::PuzzlesArgs),
    Group(group::GroupArgs),
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

fn run(command: Command, sink: &Sink) -> Outcome {
    match command {
        Command::Counts(args) => counts::counts(args),
        Command::Solve(c) => method::solve_command(c, sink),
        Command::Path(c) => method::path_command(c),
        Command::Table(args) => method::table(args),
        Command::Classes(args) => method::classes(args),
        Command::Puzzles(args) => puzzle::puzzles(args),
        Command::Group(args) => group::group(args),
        Command::Graph(args) => graph::run(args),
        Command::Lookup { command } => lookup::run(command, sink),
        Command::Astar(args) => astar::run(args, sink),
        Command::Fifteen(args) => fifteen::run(args),
        Command::Boards(args) => census::run(args),
        Command::Optimal(args) => optimal::run(args, sink),
        Command::Five { command, out } => five::run(command, out, sink),
        Command::Regenerate(args) => regenerate::run(args),
        Command::Random(args) => random::run(args),
        Command::Explore(args) => explore::run(args),
        Command::Completions(args) => shell::completions(args, cli_command()),
        Command::Man(args) => shell::man(args, cli_command()),
    }
}

impl Command {
    /// Where the command's output goes and how (its `--format` and
    /// `--output`): the output context `finish` delivers to.
    fn delivery(&self) -> Delivery {
        match self {
            Command::Counts(a) => a.out.delivery(),
            Command::Solve(c) => c.args.out.delivery(),
            Command::Path(c) => c.args.out.delivery(),
            Command::Table(a) => a.out.delivery(),
            Command::Classes(a) => a.out.delivery(),
            Command::Puzzles(a) => a.out.delivery(),
            Command::Group(a) => a.out.delivery(),
            Command::Graph(a) => a.delivery(),
            Command::Lookup { command } => command.delivery(),
            Command::Astar(a) => a.out.delivery(),
            Command::Fifteen(a) => a.out.delivery(),
            Command::Boards(a) => a.delivery(),
            Command::Optimal(a) => a.out.delivery(),
            Command::Five { command, out } => five::delivery(command.as_ref(), out),
            Command::Random(a) => a.out.delivery(),
            Command::Regenerate(_)
            | Command::Explore(_)
            | Command::Completions(_)
            | Command::Man(_) => Delivery::default(),
        }
    }
}

/// The command line: the derived parser, each command's `--format`
/// offering only what it writes ([`cli::with_formats`]).
fn cli_command() -> clap::Command {
    cli::with_formats(Cli::command())
}

fn main() -> ExitCode {
    let cli = match cli_command()
        .try_get_matches()
        .and_then(|m| Cli::from_arg_matches(&m))
    {
        Ok(cli) => cli,
        Err(e) => return cli::usage_error(e, &cli_command()),
    };
    let sink = cli::common::Sink {
        delivery: cli.command.delivery(),
        ascii: cli::common::Ascii {
            asked: cli.ascii,
            locale: !cli::common::locale_is_utf8(),
        },
    };
    cli::finish(run(cli.command, &sink), &sink)
}
