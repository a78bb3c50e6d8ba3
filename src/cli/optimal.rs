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

/// The refusal of `--steps` for a batch.
const STEPS_IN_BATCH: &str = "--steps draws one position's solution; a batch prints a table of lengths, so leave out --steps (or give one position)";

/// The plan `--partition` names, and its name: the estimate, or the
/// databases and their file, checked before anything is built or read.
fn plan(
    args: &OptimalArgs,
    board: &Board,
    goal: &Arrangement,
) -> Result<(Plan, &'static str), Box<dyn std::error::Error>> {
    let choice: Partitioning = args.partition.parse()?;
    let partition = choice.name();
    if matches!(choice, Partitioning::Estimate(_)) && (args.pdb.is_some() || args.rebuild) {
        return Err(format!(
            "--partition {partition} uses no pattern databases, so --pdb and --rebuild do not apply; leave them out or choose 7-7-1, 7-8, 6-6-3 or 5-5-5"
        )
        .into());
    }
    let plan = match choice {
        Partitioning::Databases(name) => {
            name.check_memory(args.max_memory)?;
            PartitionName::check_goal(board, goal)?;
            Plan::Databases(name, pdb_file(name, args)?)
        }
        Partitioning::Estimate(h) => Plan::Estimate(h),
    };
    Ok((plan, partition))
}

/// What a plan has ready: the estimate, or the databases in memory.
enum Loaded {
    Estimate(Heuristic),
    Databases(Partition),
}

impl Plan {
    /// The databases (loaded, or built and saved) when the plan names
    /// them, else its estimate.
    fn load(self, board: &Board, args: &OptimalArgs) -> Result<Loaded, Box<dyn std::error::Error>> {
        Ok(match self {
            Plan::Estimate(h) => Loaded::Estimate(h),
            Plan::Databases(name, path) => Loaded::Databases(databases(
                board,
                name,
                &path,
                args.rebuild,
                args.pdb.is_none(),
                args.out.quiet,
            )?),
        })
    }
}

impl Loaded {
    /// What guides the search.
    fn guide(&self) -> Guide<'_> {
        match self {
            Loaded::Estimate(h) => Guide::Estimate(*h),
            Loaded::Databases(p) => Guide::Databases(p),
        }
    }
}

/// The search's limits: `--max-nodes`, `--max-memory`.
fn limits(args: &OptimalArgs) -> Limits {
    Limits {
        max_nodes: args.max_nodes,
        max_bytes: args
            .max_memory
            .map_or(u64::MAX, |mb| mb.saturating_mul(1 << 20)),
    }
}

/// The instances a thread solves before the batch writes what is solved:
/// enough to keep every thread busy, few enough that answers come soon.
const CHUNK_PER_THREAD: usize = 2;

/// `optimal -` or `--all-korf FILE` written as it is solved (text, CSV,
/// JSON lines): the lines are read a chunk at a time, the chunk's
/// instances solved in parallel and written in input order, so memory
/// does not grow with the batch; the totals come last (text).
fn stream_batch(
    args: &OptimalArgs,
    board: &Board,
    asked: Option<Goal>,
    format: render::Format,
    sink: &common::Sink,
) -> Outcome {
    let chunk = CHUNK_PER_THREAD * rayon::current_num_threads();
    let (mut arrivals, declared) = Arrivals::start(args, board, chunk)?;
    let first = arrivals.next(true)?;
    if first.is_none() {
        return Err(if arrivals.failed == 0 {
            format!("{} holds no positions", arrivals.name)
        } else {
            "no instance of the batch can be solved; each failure is reported above".to_string()
        }
        .into());
    }
    let declared = declared.recv().ok().flatten();
    let goal = agreed_goal(board, asked, declared)?;
    let (plan, partition) = plan(args, board, &goal)?;
    let loaded = plan.load(board, args)?;
    let heuristic = loaded.guide();
    let limits = limits(args);
    let clock = std::time::Instant::now();
    let mut totals = render::BatchTotals::default();
    let mut pending = first;
    let mut stopped: Option<Box<dyn std::error::Error>> = None;
    let end = |totals: &render::BatchTotals| {
        render::render_batch_end(totals, clock.elapsed().as_secs_f64(), format)
            .map_err(|e| std::io::Error::other(e.to_string()))
    };
    let tally = common::streamed(sink, |out| {
        let mut tally = common::BatchTally::default();
        let mut header = true;
        loop {
            let starts = arrivals.chunk(&mut pending, board, &goal, chunk)?;
            if starts.is_empty() {
                break;
            }
            let mut runs = Vec::with_capacity(starts.len());
            for r in solve_chunk(board, &starts, &goal, heuristic, &limits, partition) {
                match r {
                    Ok(r) => runs.push(r),
                    Err(e) => {
                        // A search stopped by a limit ends the batch after
                        // what was solved before it.
                        stopped = Some(e.into());
                        break;
                    }
                }
            }
            runs.iter().for_each(|r| totals.add(r));
            tally.total += runs.len();
            let text = render::render_batch_rows(&runs, format, header)
                .map_err(|e| std::io::Error::other(e.to_string()))?;
            header = false;
            out.write_all(sink.converted(&text).as_bytes())?;
            if stopped.is_some() {
                // Standard output has what was solved (a document closed
                // with its totals); a file is not written.
                let end = end(&totals)?;
                if matches!(format, render::Format::Json | render::Format::Yaml) {
                    out.write_all(sink.converted(&end).as_bytes())?;
                }
                return Err(std::io::Error::other("stopped by a limit"));
            }
        }
        out.write_all(sink.converted(&end(&totals)?).as_bytes())?;
        // Nothing solved leaves the output file unwritten.
        Ok(tally)
    });
    if let Some(e) = stopped {
        return Err(e);
    }
    let tally = tally?;
    if tally.total == 0 {
        return Err(
            "no instance of the batch can be solved; each failure is reported above".into(),
        );
    }
    if arrivals.failed > 0 {
        return Err(common::BatchFailed {
            output: None,
            failed: arrivals.failed,
            stopped: 0,
            total: tally.total + arrivals.failed,
        }
        .into());
    }
    Err(common::Written.into())
}

/// A chunk's instances solved in parallel, in input order: each an
/// optimal solution, or the search error at that instance.
fn solve_chunk(
    board: &Board,
    starts: &[Instance],
    goal: &Arrangement,
    heuristic: Guide<'_>,
    limits: &Limits,
    partition: &str,
) -> Vec<Result<OptimalReport, common::AtInstance>> {
    starts
        .par_iter()
        .map(|s| {
            ida::solve(board, &s.arrangement, goal, heuristic, limits)
                .map(|solution| OptimalReport {
                    instance: s.number,
                    start: board.format(&s.arrangement),
                    goal: board.format(goal),
                    heuristic: partition.to_string(),
                    solution,
                })
                .map_err(|error| common::AtInstance {
                    instance: s.number,
                    error,
                })
        })
        .collect()
}

/// Where the goal a batch declares above its first position arrives
/// (`None` when it declares none).
type Declared = std::sync::mpsc::Receiver<Option<Goal>>;

/// The instances of a batch as they arrive from the thread that reads
/// them, the lines that fail reported on the way.
struct Arrivals {
    arrived: std::sync::mpsc::Receiver<Result<Instance, BatchError>>,
    /// The file or standard input, for messages.
    name: String,
    /// The lines that failed so far.
    failed: usize,
}

impl Arrivals {
    /// Starts reading the batch (`--all-korf FILE`, or standard input) on
    /// a thread of its own, a few chunks ahead at most: the solving takes
    /// what has come, so that the first answer does not wait for a whole
    /// chunk of input. The goal a batch declares above its first position
    /// comes first, on the second channel.
    fn start(
        args: &OptimalArgs,
        board: &Board,
        chunk: usize,
    ) -> Result<(Arrivals, Declared), Box<dyn std::error::Error>> {
        let (input, name): (Box<dyn std::io::BufRead + Send>, String) = match &args.all_korf {
            Some(path) => {
                common::check_regular_file(path)?;
                let file = std::fs::File::open(path)
                    .map_err(|e| format!("cannot read {}: {e}", path.display()))?;
                (
                    Box::new(std::io::BufReader::new(file)),
                    path.display().to_string(),
                )
            }
            None => (
                Box::new(std::io::BufReader::new(std::io::stdin())),
                "standard input".to_string(),
            ),
        };
        let (items, arrived) = std::sync::mpsc::sync_channel(2 * chunk);
        let (declared_tx, declared_rx) = std::sync::mpsc::sync_channel(1);
        let reading_board = *board;
        std::thread::spawn(move || {
            let mut reader = batch::Reader::new(input, &reading_board);
            let mut told = false;
            while let Some(item) = reader.next() {
                if !told {
                    let _ = declared_tx.send(reader.goal().cloned());
                    told = true;
                }
                if items.send(item).is_err() {
                    return;
                }
            }
            if !told {
                let _ = declared_tx.send(reader.goal().cloned());
            }
        });
        let arrivals = Arrivals {
            arrived,
            name,
            failed: 0,
        };
        Ok((arrivals, declared_rx))
    }

    /// The next instance, the errors before it reported; `None` at the
    /// end, or when `wait` is false and none has come yet.
    fn next(&mut self, wait: bool) -> Result<Option<Instance>, String> {
        loop {
            let item = if wait {
                self.arrived.recv().ok()
            } else {
                self.arrived.try_recv().ok()
            };
            match item {
                None => return Ok(None),
                Some(Ok(i)) => return Ok(Some(i)),
                Some(Err(
                    e @ (BatchError::Position { .. }
                    | BatchError::LineTooLong { .. }
                    | BatchError::NotText { .. }),
                )) => {
                    common::report(format!("{}, {e}", self.name));
                    self.failed += 1;
                }
                Some(Err(BatchError::Io { error, .. })) => {
                    return Err(format!("cannot read {}: {error}", self.name));
                }
                Some(Err(e)) => return Err(format!("{}, {e}", self.name)),
            }
        }
    }

    /// A chunk of at most `chunk` solvable instances, in input order,
    /// starting with `pending` (waited for when there is none): what has
    /// come, without waiting for more. An instance that cannot reach
    /// `goal` is reported and counted as failed.
    fn chunk(
        &mut self,
        pending: &mut Option<Instance>,
        board: &Board,
        goal: &Arrangement,
        chunk: usize,
    ) -> std::io::Result<Vec<Instance>> {
        let mut starts = Vec::with_capacity(chunk);
        if pending.is_none() {
            *pending = self.next(true).map_err(std::io::Error::other)?;
        }
        while starts.len() < chunk {
            let Some(s) = pending.take() else { break };
            match board.check_solvable(&s.arrangement, goal) {
                Ok(()) => starts.push(s),
                Err(e) => {
                    common::report(format!(
                        "{}, line {}: {e} (the batch's goal is {})",
                        self.name,
                        s.line,
                        board.format(goal)
                    ));
                    self.failed += 1;
                }
            }
            *pending = self.next(false).map_err(std::io::Error::other)?;
        }
        Ok(starts)
    }
}

/// `optimal`.
pub fn run(args: OptimalArgs, sink: &common::Sink) -> Outcome {
    let board: Board = "4x4".parse()?;
    // A bad --goal is named before the positions are read.
    let asked: Option<Goal> = args.goal.as_deref().map(str::parse).transpose()?;
    if let Some(g) = &asked {
        g.arrangement(&board)?;
    }
    // A batch is written as it is solved.
    if args.all_korf.is_some() || common::is_stdin(&args.list) {
        let Some(format) = args.out.get_or_svg()? else {
            return Err(super::method::NO_SVG_BATCH.into());
        };
        if args.steps.steps {
            return Err(STEPS_IN_BATCH.into());
        }
        return stream_batch(&args, &board, asked, format, sink);
    }
    // One position.
    if args.list.is_empty() {
        return Err("give a position, or --all-korf FILE".into());
    }
    let start = common::read_on(&board, &args.list.join(" ").replace(['[', ']'], " "), |b| {
        format!(
            "`optimal` solves the 15-puzzle: use `schofield astar` or `schofield lookup solve --board {b}`"
        )
    })?;
    let goal = agreed_goal(&board, asked, None)?;
    let (plan, partition) = plan(&args, &board, &goal)?;
    board.check_solvable(&start, &goal)?;
    let loaded = plan.load(&board, &args)?;
    let solution = ida::solve(&board, &start, &goal, loaded.guide(), &limits(&args))?;
    let r = OptimalReport {
        instance: 1,
        start: board.format(&start),
        goal: board.format(&goal),
        heuristic: partition.to_string(),
        solution,
    };
    let Some(format) = args.out.get_or_svg()? else {
        let title = format!(
            "4x4 board, {}: {} to {} (IDA*, {})",
            r.start,
            common::moves(r.solution.path.length as usize),
            r.goal,
            r.heuristic
        );
        return Ok(super::draw::board_solution(
            args.steps,
            &board,
            &start,
            &r.solution.path.tiles,
            &title,
        ));
    };
    let width = args.out.text_width();
    let body = render::render_optimal(&r, format, width)?;
    let grids = || render::Steps::of_tiles(&board, &start, &r.solution.path.tiles);
    common::steps_if(args.steps, body, grids, format, width)
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

/// A note on standard error, unless `--quiet`.
fn note(quiet: bool, text: &str) {
    if !quiet {
        eprintln!("{}", schofield::text::one_line(text));
    }
}
