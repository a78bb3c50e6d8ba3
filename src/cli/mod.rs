//! The commands: each module turns its flags into library calls and returns
//! the text to print. Shared pieces (the `--format` flag, progress bars,
//! output files, the cache folder) are in [`common`].

pub mod astar;
pub mod census;
pub mod common;
pub mod counts;
pub mod draw;
pub mod explore;
pub mod fifteen;
pub mod five;
#[cfg(test)]
mod fuzz;
pub mod graph;
pub mod group;
pub mod layers;
pub mod lookup;
pub mod method;
pub mod optimal;
pub mod puzzle;
pub mod random;
pub mod regenerate;
pub mod shell;

/// The moves `--generators` names: algs separated by commas outside
/// brackets, so that `[R, U],F` is a commutator and a move
/// ([`schofield::text::split_list`]).
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct MoveList(Vec<String>);

impl std::ops::Deref for MoveList {
    type Target = [String];
    fn deref(&self) -> &[String] {
        &self.0
    }
}

/// `--generators`' value as a [`MoveList`].
pub fn move_list(s: &str) -> Result<MoveList, std::convert::Infallible> {
    Ok(MoveList(schofield::text::split_list(s)))
}

/// Ends a run whose arguments clap refused: help and version as clap writes
/// them (a command without its subcommand gets its help, exit 2); any other
/// usage error on one line, as every other error, with clap's tips but not
/// its usage summary, and the commands that take a misplaced flag.
pub fn usage_error(e: clap::Error, root: &clap::Command) -> std::process::ExitCode {
    // Help and the version go to standard output, which must take them.
    if !e.use_stderr() {
        if !common::stdout_is_open() {
            common::report(common::closed_stdout().message);
            return std::process::ExitCode::from(1);
        }
        use std::io::Write;
        let text = e.render().to_string();
        let mut out = common::stdout_file();
        return match out.write_all(text.as_bytes()).and_then(|()| out.flush()) {
            Ok(()) => std::process::ExitCode::from(e.exit_code() as u8),
            Err(w) if w.kind() == std::io::ErrorKind::BrokenPipe => std::process::ExitCode::SUCCESS,
            Err(w) => {
                common::report(common::stdout_failed(&w).message);
                std::process::ExitCode::from(1)
            }
        };
    }
    if e.kind() == clap::error::ErrorKind::DisplayHelpOnMissingArgumentOrSubcommand {
        e.exit()
    }
    eprintln!("{}", usage_line(&e, root));
    std::process::ExitCode::from(2)
}

/// The one line a usage error is reported as: clap's message without its
/// usage and tips, with the commands that take a misplaced flag
/// ([`flag_hint`]), every word past 300 characters cut
/// ([`schofield::text::one_line`]).
pub fn usage_line(e: &clap::Error, root: &clap::Command) -> String {
    let text = e.to_string();
    let mut line = String::new();
    for part in text
        .lines()
        .map(str::trim)
        .take_while(|l| !l.starts_with("Usage:") && !l.starts_with("For more"))
        // Positions never start with '--': the tip about '-- --flag' misleads.
        .filter(|l| !l.is_empty() && !l.starts_with("tip: to pass"))
    {
        if !line.is_empty() {
            line += if line.ends_with(':') { " " } else { "; " };
        }
        line += part;
    }
    schofield::text::one_line(&format!("{line}{}", flag_hint(e, root)))
}

/// Ends a run: delivers the command's text (or, for a batch with failed
/// lines, the records of the others), reports an error on one line with its
/// hint, and gives the exit status: 2 for bad input, 3 for a search stopped
/// by a limit ([`stopped_by_a_limit`]).
pub fn finish(outcome: common::Outcome, sink: &common::Sink) -> std::process::ExitCode {
    use std::process::ExitCode;
    let ascii = sink.ascii;
    // A batch written as it was made succeeded too.
    let written = matches!(&outcome, Err(e) if e.downcast_ref::<common::Written>().is_some());
    common::say_notes((outcome.is_ok() || written) && !sink.delivery.quiet);
    let e = match outcome {
        Ok(text) => {
            return match common::deliver(&text, sink) {
                Ok(()) => ExitCode::SUCCESS,
                Err(failure) => {
                    common::report(&failure.message);
                    ExitCode::from(failure.status)
                }
            };
        }
        Err(e) => e,
    };
    if written {
        return ExitCode::SUCCESS;
    }
    if let Some(failure) = e.downcast_ref::<common::DeliveryFailed>() {
        common::report(&failure.message);
        return ExitCode::from(failure.status);
    }
    if let Some(b) = e.downcast_ref::<common::BatchFailed>()
        && let Some(output) = &b.output
        && let Err(failure) = common::deliver(output, sink)
    {
        common::report(&failure.message);
    }
    // The prefix counts toward the limit of a line's characters.
    let message = schofield::text::one_line(&format!("error: {e}{}", hint(e.as_ref())));
    eprintln!(
        "{}",
        if ascii.any() {
            schofield::text::to_ascii(&message)
        } else {
            message
        }
    );
    // A table that could not be written is a failed write, as for every
    // output.
    if let Some(schofield::board::lookup::TableError::Store(
        schofield::board::store::StoreError::Io { doing: "write", .. },
    )) = e.downcast_ref::<schofield::board::lookup::TableError>()
    {
        return ExitCode::from(1);
    }
    ExitCode::from(if stopped_by_a_limit(e.as_ref()) { 3 } else { 2 })
}

/// True when `e` is a run stopped by a limit it was given, not bad input
/// (exit status 3): a search at its bound, Schreier–Sims at its memory, a
/// lookup table past its own, a cluster at the layer asked for, or a batch
/// whose every failed line was one of these.
pub fn stopped_by_a_limit(e: &(dyn std::error::Error + 'static)) -> bool {
    use schofield::search::SolveError;
    if let Some(b) = e.downcast_ref::<common::BatchFailed>() {
        return b.failed > 0 && b.stopped == b.failed;
    }
    // A search that reached a limit did not fail on bad input.
    let stopped = matches!(common::search_error(e), Some(SolveError::Stopped { .. }));
    // … nor did Schreier–Sims stopped at its limit of memory, nor a
    // lookup table whose frontiers grew past theirs.
    let stopped = stopped
        || e.downcast_ref::<schofield::group::GroupTooLarge>()
            .is_some()
        || matches!(
            e.downcast_ref::<schofield::board::lookup::TableError>(),
            Some(schofield::board::lookup::TableError::OverBudget { .. })
        );
    // … nor did IDA* stopped at its bound on nodes or on time (its
    // tables' build included).
    let stopped = stopped
        || matches!(
            e.downcast_ref::<schofield::method::search::ida::Stopped>(),
            Some(
                schofield::method::search::ida::Stopped::Nodes { .. }
                    | schofield::method::search::ida::Stopped::Time { .. }
                    | schofield::method::search::ida::Stopped::Building { .. }
            )
        );
    // … nor did a search in one process stopped after the layer asked for.
    let one_process = |e: &schofield::method::search::SearchError| {
        matches!(e, schofield::method::search::SearchError::Stopped { .. })
    };
    let stopped = stopped
        || e.downcast_ref().is_some_and(one_process)
        || matches!(
            e.downcast_ref::<schofield::method::analysis::AnalysisError>(),
            Some(schofield::method::analysis::AnalysisError::Search(s)) if one_process(s)
        );
    // … nor did a distributed census stopped after the layer asked for.
    #[cfg(feature = "distributed")]
    let stopped = stopped
        || matches!(
            e.downcast_ref::<schofield::board::cluster::ClusterError>(),
            Some(schofield::board::cluster::ClusterError::Stopped { .. })
        );
    stopped
}

/// For a flag a command does not take: the commands that do take it
/// (`; --board is taken by lookup build, lookup solve, astar, boards`),
/// read from the parser's own description of every command.
pub fn flag_hint(e: &clap::Error, root: &clap::Command) -> String {
    use clap::error::{ContextKind, ContextValue, ErrorKind};
    if e.kind() == ErrorKind::InvalidValue
        && let (Some(ContextValue::String(arg)), Some(ContextValue::String(value))) = (
            e.get(ContextKind::InvalidArg),
            e.get(ContextKind::InvalidValue),
        )
        && arg.starts_with("--format")
    {
        // What the refused format is for, and where it is taken.
        return match value.as_str() {
            "svg" => format!(
                "; --format svg draws positions, solutions and distributions ({}), not this command's output",
                common::SVG_COMMANDS.join(", ")
            ),
            "dot" => "; --format dot is for drawings of graphs (five trees; graph has formats of its own)".to_string(),
            _ => String::new(),
        };
    }
    if e.kind() != ErrorKind::UnknownArgument {
        return String::new();
    }
    let Some(ContextValue::String(given)) = e.get(ContextKind::InvalidArg) else {
        return String::new();
    };
    let Some(name) = given
        .strip_prefix("--")
        .map(|n| n.split('=').next().unwrap_or(n))
    else {
        return String::new();
    };
    let mut takers = Vec::new();
    let mut stack: Vec<(String, &clap::Command)> = root
        .get_subcommands()
        .map(|c| (c.get_name().to_string(), c))
        .collect();
    while let Some((path, c)) = stack.pop() {
        if c.get_arguments().any(|a| a.get_long() == Some(name)) {
            takers.push(path.clone());
        }
        for sub in c.get_subcommands() {
            stack.push((format!("{path} {}", sub.get_name()), sub));
        }
    }
    if takers.is_empty() {
        return String::new();
    }
    takers.sort();
    format!("; --{name} is taken by {}", takers.join(", "))
}

/// What the library's errors cannot say, since the library knows no flags:
/// the flag that gets past them, appended to the message. Asked in order:
/// a search's limits, the memory allowed, the goal, the files read.
pub fn hint(e: &(dyn std::error::Error + 'static)) -> &'static str {
    [search_hint, memory_hint, goal_hint, file_hint]
        .iter()
        .find_map(|h| h(e))
        .unwrap_or("")
}

/// A search stopped by a limit, or databases that cannot be had: the flag
/// that allows more or the partition that needs less.
fn search_hint(e: &(dyn std::error::Error + 'static)) -> Option<&'static str> {
    use schofield::search::SolveError;
    use schofield::search::pdb::PdbError;
    // A* keeps what it stores; IDA* stores nothing.
    match common::search_error(e) {
        Some(SolveError::Stopped {
            stored: Some(_), ..
        }) => {
            return Some(
                "; raise --max-nodes or --max-memory, or choose a stronger --heuristic (linear-conflict is the strongest); a 4x4 is solved by `schofield optimal` (IDA* with pattern databases)",
            );
        }
        Some(SolveError::Stopped { stored: None, .. }) => {
            return Some(
                "; raise --max-nodes or --max-memory, or choose stronger databases with --partition (7-8 is the strongest)",
            );
        }
        _ => {}
    }
    match e.downcast_ref::<PdbError>()? {
        PdbError::TooLarge { .. } => Some("; raise --max-memory or choose a smaller --partition"),
        PdbError::BuildTooLarge { .. } => Some(
            "; raise --max-memory, build them once without it, or choose a smaller --partition",
        ),
        PdbError::BlankNotInCorner { .. } => Some(" (or use --partition manhattan)"),
        _ => None,
    }
}

/// Tables past the memory allowed: the flag that allows more, or what
/// else reaches further.
fn memory_hint(e: &(dyn std::error::Error + 'static)) -> Option<&'static str> {
    use schofield::board::census::CaseError;
    use schofield::method::analysis::AnalysisError;
    use schofield::method::search::SearchError;
    use schofield::method::space::SpaceError;
    // A puzzle's tables past the memory allowed: the flag that allows more.
    let memory = e.downcast_ref::<AnalysisError>().is_some_and(|a| {
        matches!(
            a,
            AnalysisError::Search(SearchError::Memory { .. } | SearchError::ClassMemory { .. })
                | AnalysisError::Space(SpaceError::Memory { .. })
                | AnalysisError::ViewMemory { .. }
        )
    }) || matches!(
        e.downcast_ref::<SearchError>(),
        Some(SearchError::Memory { .. } | SearchError::ClassMemory { .. })
    ) || matches!(
        e.downcast_ref::<SpaceError>(),
        Some(SpaceError::Memory { .. })
    );
    if memory {
        return Some(" (--max-memory)");
    }
    if let Some(schofield::board::lookup::TableError::OverBudget { .. }) =
        e.downcast_ref::<schofield::board::lookup::TableError>()
    {
        return Some("; raise --max-memory");
    }
    if e.is::<schofield::group::GroupTooLarge>() {
        return Some("; raise --max-memory (GAP's randomised methods reach groups of more points)");
    }
    if let Some(CaseError::TooLarge(_)) = e.downcast_ref::<CaseError>() {
        return Some("; boards of more than 12 cells need --force");
    }
    None
}

/// A position that cannot reach the goal, or a board not named as one:
/// which goal is meant, and how to name a board.
fn goal_hint(e: &(dyn std::error::Error + 'static)) -> Option<&'static str> {
    use schofield::board::BoardError;
    use schofield::board::lookup::TableError;
    use schofield::search::SolveError;
    let unsolvable = e
        .downcast_ref::<schofield::board::Unsolvable>()
        .or(match common::search_error(e) {
            Some(SolveError::Unsolvable(u)) => Some(u),
            _ => None,
        })
        .or(match e.downcast_ref::<TableError>() {
            Some(TableError::Unsolvable(u)) => Some(u),
            _ => None,
        });
    if let Some(u) = unsolvable {
        return Some(if u.even_width {
            "; the goal is blank-last (1 2 3 … _) unless --goal names another, and on boards of even width blank-first is the other half"
        } else {
            "; the goal is blank-last (1 2 3 … _) unless --goal names another"
        });
    }
    if let Some(BoardError::NotSquare(_)) = e.downcast_ref::<BoardError>() {
        return Some(" or --board RxC");
    }
    None
}

/// A lookup table or databases read from a file that does not fit: the
/// flags that build or name another.
fn file_hint(e: &(dyn std::error::Error + 'static)) -> Option<&'static str> {
    use schofield::board::lookup::TableError;
    use schofield::search::pdb::PdbError;
    match e.downcast_ref::<TableError>() {
        Some(TableError::Mismatch { .. }) => {
            return Some("; pass matching --board/--goal or another --table");
        }
        // A table that could not be written needs no other table.
        Some(TableError::Store(schofield::board::store::StoreError::Io {
            doing: "write", ..
        })) => return Some(""),
        Some(TableError::Store(_)) => {
            return Some("; build a table with `schofield lookup build --save FILE`");
        }
        _ => {}
    }
    match e.downcast_ref::<PdbError>()? {
        // Someone else's file: --rebuild would not overwrite it.
        PdbError::Store(s)
            if !schofield::board::store::may_replace(std::path::Path::new(s.path())) =>
        {
            Some(
                "; pass a file of schofield's databases with --pdb, or a new file to build them in",
            )
        }
        PdbError::Store(_) | PdbError::Mismatch { .. } => {
            Some("; build them again with --rebuild, or pass another --pdb")
        }
        _ => None,
    }
}

/// The command line as clap parses it, with each command's `--format`
/// offering only the formats it writes: data (text, json, jsonl, yaml,
/// csv) everywhere, `svg` where the command draws, `dot` only on
/// `five trees` (`graph` has formats of its own). The help, the manual
/// pages and the completions all list what the command takes, and any
/// other value is refused by clap with the list.
pub fn with_formats(root: clap::Command) -> clap::Command {
    fn walk(cmd: clap::Command, path: &str) -> clap::Command {
        let subs: Vec<String> = cmd
            .get_subcommands()
            .map(|s| s.get_name().to_string())
            .collect();
        let mut cmd = cmd;
        for name in subs {
            let full = if path.is_empty() {
                name.clone()
            } else {
                format!("{path} {name}")
            };
            cmd = cmd.mut_subcommand(name, |sub| walk(sub, &full));
        }
        if path.is_empty() || path == "graph" {
            return cmd;
        }
        let offered: &[&str] = if path == "five trees" {
            &["text", "json", "jsonl", "yaml", "csv", "dot", "svg"]
        } else if common::SVG_COMMANDS.contains(&path) {
            &["text", "json", "jsonl", "yaml", "csv", "svg"]
        } else {
            &["text", "json", "jsonl", "yaml", "csv"]
        };
        if cmd.get_arguments().any(|a| a.get_id() == "format") {
            cmd = cmd.mut_arg("format", |arg| {
                use clap::ValueEnum;
                use clap::builder::TypedValueParser;
                let values: Vec<clap::builder::PossibleValue> =
                    common::OutputFormat::value_variants()
                        .iter()
                        .filter_map(|f| f.to_possible_value())
                        .filter(|v| offered.contains(&v.get_name()))
                        .collect();
                arg.value_parser(clap::builder::PossibleValuesParser::new(values).map(|s| {
                    <common::OutputFormat as clap::ValueEnum>::from_str(&s, false)
                        .expect("an offered format is a format")
                }))
            });
        }
        cmd
    }
    walk(root, "")
}
