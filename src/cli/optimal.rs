//! `optimal`: IDA* with additive pattern databases (the 15-puzzle), one
//! position or a batch such as Korf's 100.

use super::common::{self, FormatArg, Outcome};
use clap::Args;
use rayon::prelude::*;
use schofield::board::batch::{self, BatchError, Instance};
use schofield::board::goal::Goal;
use schofield::board::{Arrangement, Board};
use schofield::render::{self, OptimalReport};
use schofield::search::Limits;
use schofield::search::ida;
use schofield::search::pdb::{Partition, PartitionName, PdbError};
use schofield::search::{Guide, Heuristic, Partitioning};
use schofield::text::quoted;
use std::path::{Path, PathBuf};

/// Solve optimally with IDA* and additive pattern databases (the
/// 15-puzzle), or run a batch such as Korf's 100 with --all-korf.
#[derive(Args)]
#[command(
    after_help = "The goal is blank-last (1 2 3 4/.../13 14 15 _, the puzzle as sold) unless --goal names another; Korf's list declares blank-first in its header. One set of databases serves both.\n\nExamples:\n  schofield optimal 1 2 3 4 5 6 7 8 9 10 11 12 13 14 0 15 --partition 6-6-3\n  schofield optimal --all-korf data/korf100.txt"
)]
pub struct OptimalArgs {
    /// The position in reading order, 0 for the blank, or rows with '/';
    /// `-` reads positions from standard input, one a line (as --all-korf).
    #[arg(required_unless_present = "all_korf", conflicts_with = "all_korf", num_args = 1..)]
    list: Vec<String>,
    /// Solve every position in this file (one a line, `#` comments), in
    /// parallel.
    #[arg(long, conflicts_with = "steps")]
    all_korf: Option<PathBuf>,
    /// The goal: blank-last (as the puzzle is sold, the default),
    /// blank-first (Korf's), or a grid with the blank in a corner. A batch
    /// file may declare its own in a `# goal:` comment. One set of
    /// databases serves every such goal.
    #[arg(long, value_parser = super::common::Suggested(super::common::goal_names), hide_possible_values = true)]
    goal: Option<String>,
    /// The heuristic: pattern databases 7-8 (the default: fewest nodes, a
    /// 2-minute build on first use), 7-7-1 (half a minute), 6-6-3 or
    /// 5-5-5 (seconds to build); or manhattan or linear-conflict, with no
    /// databases (for comparison).
    #[arg(long, default_value = "7-8", value_parser = super::common::Suggested(super::common::partition_names), hide_possible_values = true)]
    partition: String,
    /// The database file: loaded if present, else built and saved there
    /// (default: in the user's cache folder).
    #[arg(long)]
    pdb: Option<PathBuf>,
    /// Build the databases again even if the file exists.
    #[arg(long)]
    rebuild: bool,
    /// Stop each search after generating this many nodes.
    #[arg(long, value_name = "N", value_parser = common::nodes, allow_negative_numbers = true)]
    max_nodes: Option<u64>,
    /// Stop each search before it uses this many megabytes.
    #[arg(long, value_name = "MB", value_parser = common::megabytes, allow_negative_numbers = true)]
    max_memory: Option<u64>,
    #[command(flatten)]
    steps: common::StepsArg,
    #[command(flatten)]
    pub out: FormatArg,
}

/// What guides the search: an estimate, or the databases of a partition
/// and their file.
enum Plan {
    Estimate(Heuristic),
    Databases(PartitionName, PathBuf),
}

/// `optimal`.
pub fn run(args: OptimalArgs, sink: &common::Sink) -> Outcome {
    let _ = sink;
    let board: Board = "4x4".parse()?;
    // A bad --goal is named before the positions are read.
    let asked: Option<Goal> = args.goal.as_deref().map(str::parse).transpose()?;
    if let Some(g) = &asked {
        g.arrangement(&board)?;
    }
    let (mut starts, declared, mut failed) = read_starts(&args, &board)?;
    let goal = agreed_goal(&board, asked, declared)?;
    let choice: Partitioning = args.partition.parse()?;
    let partition = choice.name();
    if matches!(choice, Partitioning::Estimate(_)) && (args.pdb.is_some() || args.rebuild) {
        return Err(format!(
            "--partition {partition} uses no pattern databases, so --pdb and --rebuild do not apply; leave them out or choose 7-7-1, 7-8, 6-6-3 or 5-5-5"
        )
        .into());
    }
    // The estimate, or the databases and their file, checked before
    // anything is built or read.
    let plan = match choice {
        Partitioning::Databases(name) => {
            name.check_memory(args.max_memory)?;
            PartitionName::check_goal(&board, &goal)?;
            Plan::Databases(name, pdb_file(name, &args)?)
        }
        Partitioning::Estimate(h) => Plan::Estimate(h),
    };
    let batch_mode = args.all_korf.is_some() || common::is_stdin(&args.list);
    if batch_mode && args.steps.steps {
        return Err("--steps draws one position's solution; a batch prints a table of lengths, so leave out --steps (or give one position)".into());
    }
    if batch_mode {
        failed += drop_unsolvable(&mut starts, &board, &goal, &args)?;
    } else {
        board.check_solvable(&starts[0].arrangement, &goal)?;
    }
    // The databases (loaded, or built and saved) when the partition names
    // them, else the estimate it names.
    let loaded;
    let heuristic = match plan {
        Plan::Estimate(h) => Guide::Estimate(h),
        Plan::Databases(name, path) => {
            loaded = databases(
                &board,
                name,
                &path,
                args.rebuild,
                args.pdb.is_none(),
                args.out.quiet,
            )?;
            Guide::Databases(&loaded)
        }
    };
    let limits = Limits {
        max_nodes: args.max_nodes,
        max_bytes: args
            .max_memory
            .map_or(u64::MAX, |mb| mb.saturating_mul(1 << 20)),
    };
    let clock = std::time::Instant::now();
    let runs: Vec<OptimalReport> = starts
        .par_iter()
        .map(
            |s| -> Result<OptimalReport, Box<dyn std::error::Error + Send + Sync>> {
                let solution = ida::solve(&board, &s.arrangement, &goal, heuristic, &limits);
                Ok(OptimalReport {
                    instance: s.number,
                    start: board.format(&s.arrangement),
                    goal: board.format(&goal),
                    heuristic: partition.to_string(),
                    solution: match solution {
                        Ok(x) => x,
                        Err(error) if batch_mode => {
                            return Err(common::AtInstance {
                                instance: s.number,
                                error,
                            }
                            .into());
                        }
                        Err(e) => return Err(e.into()),
                    },
                })
            },
        )
        .collect::<Result<_, _>>()
        .map_err(|e| -> Box<dyn std::error::Error> { e })?;
    let wall = clock.elapsed().as_secs_f64();
    let Some(format) = args.out.get_or_svg()? else {
        if batch_mode {
            return Err(super::twist::NO_SVG_BATCH.into());
        }
        let r = &runs[0];
        let title = format!(
            "4x4 board, {}: {} to {} (IDA*, {})",
            r.start,
            common::moves(r.solution.path.length as usize),
            r.goal,
            r.heuristic
        );
        return Ok(common::draw_solution(
            args.steps,
            &board,
            &starts[0].arrangement,
            &r.solution.path.tiles,
            &title,
        ));
    };
    Ok(if batch_mode {
        let output = render::render_batch(&runs, wall, format)?;
        if failed > 0 {
            return Err(common::BatchFailed {
                output: Some(output),
                failed,
                total: runs.len() + failed,
            }
            .into());
        }
        output
    } else {
        let width = args.out.text_width();
        let body = render::render_optimal(&runs[0], format, width)?;
        let grids = || {
            render::Steps::of_tiles(&board, &starts[0].arrangement, &runs[0].solution.path.tiles)
        };
        return common::steps_if(args.steps, body, &runs[0], grids, format, width);
    })
}

/// The instances of a batch, the goal its header declares, and how many
/// of its lines were not positions.
type Starts = (Vec<Instance>, Option<Goal>, usize);

/// The positions to solve: a batch file's (`--all-korf`), standard
/// input's, or the one on the command line; with the goal a batch declares
/// and how many of its lines were not positions (each reported on
/// standard error).
fn read_starts(args: &OptimalArgs, board: &Board) -> Result<Starts, Box<dyn std::error::Error>> {
    Ok(match (&args.all_korf, args.list.is_empty()) {
        (Some(path), _) => {
            common::check_regular_file(path)?;
            let file = std::fs::File::open(path)
                .map_err(|e| format!("cannot read {}: {e}", path.display()))?;
            let name = path.display().to_string();
            read_batch(std::io::BufReader::new(file), board, &name)?
        }
        (None, false) if common::is_stdin(&args.list) => {
            read_batch(std::io::stdin().lock(), board, "standard input")?
        }
        (None, false) => {
            let l = args.list.join(" ");
            let arrangement = common::read_on(board, &l.replace(['[', ']'], " "), |b| {
                format!(
                    "`optimal` solves the 15-puzzle: use `schofield astar` or `schofield lookup solve --board {b}`"
                )
            })?;
            let one = Instance {
                number: 1,
                line: 1,
                arrangement,
            };
            (vec![one], None, 0)
        }
        (None, true) => return Err("give a position, or --all-korf FILE".into()),
    })
}

/// The goal: `--goal`, or the one a batch file declares (they must agree
/// when both are given), else blank last.
fn agreed_goal(
    board: &Board,
    asked: Option<Goal>,
    declared: Option<Goal>,
) -> Result<Arrangement, Box<dyn std::error::Error>> {
    Ok(match (asked, declared) {
        (Some(a), Some(d)) => {
            let goal = a.arrangement(board)?;
            if d.arrangement(board)? != goal {
                return Err(format!(
                    "--goal {} disagrees with the goal the batch file declares ({}); leave out --goal or change the file's '# goal:' line",
                    quoted(&a.to_string()),
                    quoted(&d.to_string())
                )
                .into());
            }
            goal
        }
        (Some(g), None) | (None, Some(g)) => g.arrangement(board)?,
        (None, None) => board.goal_blank_last(),
    })
}

/// Drops the instances of a batch that `goal` cannot reach, each reported
/// on standard error; how many. An error when none is left.
fn drop_unsolvable(
    starts: &mut Vec<Instance>,
    board: &Board,
    goal: &Arrangement,
    args: &OptimalArgs,
) -> Result<usize, String> {
    let before = starts.len();
    starts.retain(|s| match board.check_solvable(&s.arrangement, goal) {
        Ok(()) => true,
        Err(e) => {
            let source = args
                .all_korf
                .as_ref()
                .map_or("standard input".to_string(), |p| p.display().to_string());
            common::report(format!(
                "{source}, line {}: {e} (the batch's goal is {})",
                s.line,
                board.format(goal)
            ));
            false
        }
    });
    if starts.is_empty() {
        return Err(
            "no instance of the batch can be solved; each failure is reported above".into(),
        );
    }
    Ok(before - starts.len())
}

/// The databases' file: `--pdb`, or the cache file
/// ([`PartitionName::cache_file`], its folder created if missing). One that
/// is to be built must be writable, the build must fit `--max-memory`, and
/// `--rebuild` never overwrites a file that is not schofield's.
fn pdb_file(
    name: PartitionName,
    args: &OptimalArgs,
) -> Result<PathBuf, Box<dyn std::error::Error>> {
    let path = match &args.pdb {
        Some(p) => p.clone(),
        None => {
            let path = name.cache_file();
            if let Some(parent) = path.parent().filter(|p| !p.as_os_str().is_empty()) {
                std::fs::create_dir_all(parent)
                    .map_err(|e| format!("cannot create {}: {e}", parent.display()))?;
            }
            path
        }
    };
    if args.rebuild && !schofield::board::store::may_replace(&path) {
        return Err(format!(
            "--pdb {} is not a file of schofield's databases, so --rebuild will not overwrite it; name a new file (or leave out --pdb for the cache)",
            schofield::text::quoted_path(&path.display().to_string())
        )
        .into());
    }
    if args.rebuild || !path.exists() {
        common::check_writable(&path)
            .map_err(|e| format!("cannot write {}: {e}", path.display()))?;
        name.check_build_memory(args.max_memory)?;
    }
    Ok(path)
}

/// Loads the databases, or builds and saves them (saying so on stderr),
/// for the goal they are built for ([`PartitionName::goal`]).
/// A file in our own cache (`cached`) that an older schofield wrote is
/// built again; a file the user named is never overwritten unasked.
fn databases(
    board: &Board,
    partition: PartitionName,
    path: &Path,
    rebuild: bool,
    cached: bool,
    quiet: bool,
) -> Result<Partition, Box<dyn std::error::Error>> {
    let goal = &PartitionName::goal(board);
    if path.exists() && !rebuild {
        match Partition::load(path, board, goal, partition) {
            Ok(p) => return Ok(p),
            Err(PdbError::Store(e)) if cached && e.is_outdated() => {
                note(
                    quiet,
                    &format!(
                        "the cached databases {} were written by an older schofield; building them again",
                        path.display()
                    ),
                );
            }
            Err(e) => return Err(e.into()),
        }
    }
    let memory = partition.build_bytes() as f64 / 1e9;
    let expect = match partition {
        PartitionName::SevenSevenOne => {
            format!(" (about 20 seconds and {memory:.1} GB of memory, once)")
        }
        PartitionName::SevenEight => {
            format!(" (about 2 minutes and {memory:.1} GB of memory, once)")
        }
        _ => String::new(),
    };
    note(
        quiet,
        &format!("building the {partition} pattern databases{expect} …"),
    );
    let clock = std::time::Instant::now();
    let bar = common::progress_bar(
        1,
        "{msg} [{bar:30}] {human_pos}/{human_len} states ({elapsed})",
        quiet,
    );
    let part = Partition::build(board, goal, partition, &|p| {
        bar.set_length(p.total);
        bar.set_position(p.found);
        bar.set_message(format!(
            "database {} of {}, layer {}",
            p.part + 1,
            p.parts,
            p.layer
        ));
    });
    bar.finish_and_clear();
    let part = part?;
    part.save(path)?;
    note(
        quiet,
        &format!(
            "built in {:.1} s, saved to {}",
            clock.elapsed().as_secs_f64(),
            path.display()
        ),
    );
    Ok(part)
}

/// Reads a batch line by line: the instances, the goal its header
/// declares, and how many lines were not positions (each reported on
/// standard error with its number; the rest still run). A line too long,
/// or input that is not text, stops the reading.
fn read_batch(input: impl std::io::BufRead, board: &Board, name: &str) -> Result<Starts, String> {
    let mut reader = batch::Reader::new(input, board);
    let mut instances = Vec::new();
    let mut failed = 0;
    for item in reader.by_ref() {
        match item {
            Ok(i) => instances.push(i),
            Err(e @ BatchError::Position { .. }) => {
                common::report(format!("{name}, {e}"));
                failed += 1;
            }
            Err(BatchError::Io { error, .. }) => {
                return Err(format!("cannot read {name}: {error}"));
            }
            Err(e) => return Err(format!("{name}, {e}")),
        }
    }
    if instances.is_empty() && failed == 0 {
        return Err(format!("{name} holds no positions"));
    }
    Ok((instances, reader.goal().cloned(), failed))
}

/// A note on standard error, unless `--quiet`.
fn note(quiet: bool, text: &str) {
    if !quiet {
        eprintln!("{text}");
    }
}
