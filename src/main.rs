//! The `schofield` command line: parses arguments, calls the library,
//! prints. Bad input ends with a one-line error and exit status 2.

use clap::{Args, Parser, Subcommand};
use schofield::board::census::{self, Case};
use schofield::board::lookup::LookupTable;
use schofield::board::{Arrangement, Board, BoardError};
use schofield::render::AstarReport;
use schofield::render::OptimalReport;
use schofield::render::{self, Format};
use schofield::search::ida::{self, IdaHeuristic};
use schofield::search::pdb::{self, Partition};
use schofield::search::three_cycles::{self, FifteenError};
use schofield::search::{self, Heuristic, Limits, SearchError};
use schofield::twist::dictionary::Analysis;
use schofield::twist::five;
use schofield::twist::graph::{GraphFormat, GraphKind, TwistGraph};
use schofield::twist::position::Position;
use schofield::twist::puzzle::{EIGHT, FIVE, Puzzle};
use schofield::twist::solve::{PathReport, Solution};
use schofield::twist::table::{self, Tabulation};
use std::io::Write;
use std::process::ExitCode;

type Outcome = Result<String, Box<dyn std::error::Error>>;

/// Schofield's complete solution of the eight-puzzle, computed exactly.
#[derive(Parser)]
#[command(name = "schofield", version, about, long_about = None)]
struct Cli {
    #[command(subcommand)]
    command: Command,
}

/// `--format`, shared by every command.
#[derive(Args)]
struct FormatArg {
    /// Output format.
    #[arg(long, value_enum, default_value_t = Format::Text)]
    format: Format,
}

/// The arguments of `solve` (eight- and five-puzzle alike).
#[derive(Args)]
struct SolveArgs {
    /// The puzzle: a grid (025/1_3/746; five-puzzle 231/0_4), a code number
    /// (102536; 023) or cycle notation on squares ((132)(67)).
    position: String,
    /// List every minimal path.
    #[arg(long)]
    all: bool,
    #[command(flatten)]
    out: FormatArg,
}

/// The arguments of `path` (eight- and five-puzzle alike).
#[derive(Args)]
struct PathArgs {
    /// The twists, e.g. WXYZADY (five-puzzle: letters A B W X).
    path: String,
    /// The position to start from (default: the target).
    #[arg(long)]
    from: Option<String>,
    #[command(flatten)]
    out: FormatArg,
}

#[derive(Subcommand)]
enum Command {
    /// Print Schofield's move-count table: positions, classes and extended
    /// classes at each minimum number of moves.
    Counts(FormatArg),
    /// Solve one position: minimum moves, starting twists, a specimen
    /// minimal path, tile moves, classes.
    Solve(SolveArgs),
    /// Follow a path of twists (e.g. WXYZADY): its moves, elisions, inverse,
    /// the position it reaches and its tile moves.
    Path(PathArgs),
    /// Schofield's printed tables: every puzzle's starting twists, minimum
    /// and a specimen path, in 168 pages of half-pages.
    Table {
        /// Only the half-page with this head (the first three code digits).
        #[arg(long, conflicts_with = "code")]
        head: Option<String>,
        /// Only the entry of this puzzle (a code number, or any position form).
        #[arg(long)]
        code: Option<String>,
        /// text is the printed layout; csv, json and yaml give one record
        /// per puzzle.
        #[command(flatten)]
        out: FormatArg,
    },
    /// The class dictionary (Schofield's short dictionary): every class with
    /// its representative, size, minimum, starting and ending twists.
    Classes {
        /// Extended classes (a position and its inverse are equivalent).
        #[arg(long)]
        with_inverses: bool,
        /// List every class's members.
        #[arg(long)]
        members: bool,
        #[command(flatten)]
        out: FormatArg,
    },
    /// Export the twist graph (or a quotient, or the shortest-path graph) as
    /// DOT, GraphML or node-link JSON.
    Graph {
        /// Which graph.
        #[arg(long, value_enum, default_value_t = GraphKind::Cayley)]
        kind: GraphKind,
        /// File format.
        #[arg(long, value_enum, default_value_t = GraphFormat::Graphml)]
        format: GraphFormat,
        /// Keep only the positions (or classes) within this many moves.
        #[arg(long, value_parser = parse_moves, allow_hyphen_values = true)]
        max_moves: Option<u8>,
        /// The five-puzzle instead of the eight-puzzle.
        #[arg(long)]
        five: bool,
        /// Write to this file (atomically) instead of standard output.
        #[arg(long)]
        output: Option<std::path::PathBuf>,
    },
    /// Utgoff and Saxena's perfect lookup table: every arrangement of a board
    /// (blank anywhere) with its exact distance from the goal.
    Lookup {
        #[command(subcommand)]
        command: LookupCommand,
    },
    /// A* over a sliding board (any N×N, or R×C with --board): an optimal
    /// solution, the vertices expanded and the largest queue.
    Astar {
        /// The position: rows like 867/254/3_1, or a reading-order list with
        /// 0 for the blank (N×N).
        grid: String,
        /// The distance estimate.
        #[arg(long, value_enum, default_value_t = Heuristic::Manhattan)]
        heuristic: Heuristic,
        /// Run every heuristic and show them side by side.
        #[arg(long, conflicts_with = "heuristic")]
        compare: bool,
        /// The board, ROWSxCOLS (default: read from the grid).
        #[arg(long)]
        board: Option<String>,
        /// The goal: blank-last (123/456/78_, the default), blank-first
        /// (_12/345/678), or a grid.
        #[arg(long)]
        goal: Option<String>,
        /// Stop after expanding this many vertices.
        #[arg(long)]
        max_nodes: Option<u64>,
        /// Stop before the search uses this many megabytes (default 2048).
        #[arg(long, default_value_t = 2048)]
        max_memory: u64,
        #[command(flatten)]
        out: FormatArg,
    },
    /// Solve a 4x4 position constructively by 3-cycles and conjugation (the
    /// chapter "Permutations and 3-cycles"): the list of tiles moved.
    Fifteen {
        /// The position in reading order, 0 for the blank (1 2 … 15 0 is
        /// solved); or rows separated by '/'.
        list: String,
        /// Show each 3-cycle and the board after it.
        #[arg(long)]
        verbose: bool,
        #[command(flatten)]
        out: FormatArg,
    },
    /// Schofield's method on every small board: distances from the goal for
    /// each board of up to 12 cells and each home cell of the blank, and the
    /// standard positions' classes (by orbits and by Burnside's lemma).
    Boards {
        /// One board, ROWSxCOLS (all its home cells up to symmetry, unless
        /// --home).
        #[arg(long, conflicts_with = "all")]
        board: Option<String>,
        /// The blank's home cell, from 0 in reading order.
        #[arg(long, requires = "board")]
        home: Option<usize>,
        /// Every board of up to --max-cells cells, with every home cell up to
        /// symmetry.
        #[arg(long)]
        all: bool,
        /// With --all: the largest boards to include.
        #[arg(long, default_value_t = 12)]
        max_cells: usize,
        /// Allow boards of more than 12 cells.
        #[arg(long)]
        force: bool,
        #[command(flatten)]
        out: FormatArg,
    },
    /// Solve optimally with IDA* and additive pattern databases (the
    /// 15-puzzle), or run a batch such as Korf's 100 with --all-korf.
    Optimal {
        /// The position in reading order, 0 for the blank, or rows with '/'.
        #[arg(required_unless_present = "all_korf")]
        list: Option<String>,
        /// Solve every position in this file (one a line, `#` comments), in
        /// parallel.
        #[arg(long)]
        all_korf: Option<std::path::PathBuf>,
        /// The goal: blank-first (Korf's, the default) or blank-last.
        #[arg(long, default_value = "blank-first")]
        goal: String,
        /// The pattern databases: 7-7-1 (default), 7-8 (fewest nodes, a
        /// 7-minute build) or 6-6-3 (seconds to build); or manhattan or
        /// linear-conflict for no databases (for comparison).
        #[arg(long, default_value = "7-7-1")]
        partition: String,
        /// The database file: loaded if present, else built and saved there
        /// (default: in the user's cache folder).
        #[arg(long)]
        pdb: Option<std::path::PathBuf>,
        /// Build the databases again even if the file exists.
        #[arg(long)]
        rebuild: bool,
        #[command(flatten)]
        out: FormatArg,
    },
    /// Schofield's five-puzzle (1 2 3 / 0 _ 4): the group A5. With no
    /// subcommand, the whole analysis.
    Five {
        #[command(subcommand)]
        command: Option<FiveCommand>,
    },
    /// Rewrite the generated tables (tables/ by default) from the code.
    Regenerate {
        /// The folder to write into.
        #[arg(long, default_value = "tables")]
        dir: std::path::PathBuf,
    },
}

/// Which table: a board and goal to build, or a saved file.
#[derive(Args)]
struct TableArgs {
    /// The board, ROWSxCOLS (2x2 up to 12 cells).
    #[arg(long)]
    board: Option<String>,
    /// The goal: a grid, or blank-last (123/456/78_, the default) or
    /// blank-first (_12/345/678).
    #[arg(long)]
    goal: Option<String>,
    /// Use this saved table instead of building one.
    #[arg(long)]
    table: Option<std::path::PathBuf>,
}

#[derive(Subcommand)]
enum LookupCommand {
    /// Build the table by breadth-first search (or load it with --table) and
    /// print the number of states at each distance, the maximum and the mean.
    Build {
        #[command(flatten)]
        which: TableArgs,
        /// Save the table to this file (written atomically).
        #[arg(long)]
        save: Option<std::path::PathBuf>,
        /// Also count the states within this many moves.
        #[arg(long, value_parser = parse_moves, allow_hyphen_values = true)]
        within: Option<u8>,
        #[command(flatten)]
        out: FormatArg,
    },
    /// Solve an arrangement optimally by hill-climbing on the table.
    Solve {
        /// The arrangement: rows like 867/254/3_1, or a reading-order list
        /// with 0 for the blank.
        grid: String,
        #[command(flatten)]
        which: TableArgs,
        #[command(flatten)]
        out: FormatArg,
    },
}

#[derive(Subcommand)]
enum FiveCommand {
    /// Positions, classes and extended classes at each number of moves, and
    /// positions by number of twists.
    Counts(FormatArg),
    /// Solve one position: a grid (231/0_4), a code number (023) or cycle
    /// notation ((123)).
    Solve(SolveArgs),
    /// Follow a path of twists A B W X (the paper's example: BA from 231/0_4).
    Path(PathArgs),
    /// Schofield's binary trees of twist sequences from A and from W.
    Trees {
        /// How many twists deep.
        #[arg(long, default_value_t = 6, value_parser = clap::value_parser!(u8).range(1..=12))]
        depth: u8,
        /// Write all four trees as a Graphviz DOT digraph instead.
        #[arg(long)]
        dot: bool,
        #[command(flatten)]
        out: FormatArg,
    },
    /// The classes of A5 by cycle type beside the dodecahedron's axes.
    Classes(FormatArg),
    /// The 20-move maximum, Schofield's crude bound of 48, and the true 30.
    Bound(FormatArg),
}

fn solve<const N: usize>(puzzle: &'static Puzzle<N>, args: SolveArgs) -> Outcome {
    let p = puzzle.parse_position(&args.position)?;
    let a = Analysis::new(puzzle);
    Ok(render::render_solution(
        &Solution::new(&a, &p, args.all),
        args.out.format,
    )?)
}

fn follow<const N: usize>(puzzle: &'static Puzzle<N>, args: PathArgs) -> Outcome {
    let path = puzzle.parse_path(&args.path)?;
    let start = match args.from {
        Some(s) => puzzle.parse_position(&s)?,
        None => Position::target(),
    };
    Ok(render::render_path(
        &PathReport::new(puzzle, &start, &path),
        args.out.format,
    )?)
}

fn run_five(command: Option<FiveCommand>) -> Outcome {
    let a = Analysis::new(&FIVE);
    Ok(match command {
        None => render::render_five_report(
            &a,
            &five::binary_trees(6),
            &five::cycle_type_classes(&a),
            &five::bound(&a, &Analysis::new(&EIGHT)),
        )?,
        Some(FiveCommand::Counts(out)) => render::render_five_counts(&a, out.format)?,
        Some(FiveCommand::Solve(args)) => return solve(&FIVE, args),
        Some(FiveCommand::Path(args)) => return follow(&FIVE, args),
        Some(FiveCommand::Trees { depth, dot, out }) => {
            let trees = five::binary_trees(usize::from(depth));
            if dot {
                render::render_trees_dot(&trees)
            } else {
                render::render_trees(&trees, out.format)?
            }
        }
        Some(FiveCommand::Classes(out)) => {
            render::render_five_classes(&five::cycle_type_classes(&a), out.format)?
        }
        Some(FiveCommand::Bound(out)) => {
            render::render_bound(&five::bound(&a, &Analysis::new(&EIGHT)), out.format)?
        }
    })
}

fn run_table(head: Option<String>, code: Option<String>, format: Format) -> Outcome {
    let a = Analysis::new(&EIGHT);
    let data = format != Format::Text;
    if let Some(code) = code {
        let p = EIGHT.parse_position(&code)?;
        let entry = Tabulation::entry_for(&a, &p, data);
        return Ok(render::render_entries(&[entry], format)?);
    }
    let t = Tabulation::new(&a, data);
    match head {
        Some(head) => {
            let head = table::parse_head(&head)?;
            let h = t.half_page(&head).ok_or("no such half-page")?;
            Ok(if data {
                render::render_entries(h.entries, format)?
            } else {
                render::render_half_page_text(&h)
            })
        }
        None if data => Ok(render::render_entries(t.entries(), format)?),
        None => Ok(table::render_pages(&t)),
    }
}

/// `--max-moves`: a whole number of moves, 0 or more.
fn parse_moves(s: &str) -> Result<u8, String> {
    s.trim().parse::<u8>().map_err(|_| {
        format!(
            "expected a whole number of moves from 0 to 255 (positions need at most 30); got {s:?}"
        )
    })
}

fn export_graph(
    kind: GraphKind,
    format: GraphFormat,
    max_moves: Option<u8>,
    five: bool,
    output: Option<std::path::PathBuf>,
) -> Outcome {
    let g = if five {
        TwistGraph::build(&Analysis::new(&FIVE), kind, max_moves)
    } else {
        TwistGraph::build(&Analysis::new(&EIGHT), kind, max_moves)
    };
    let text = g.render(format);
    match output {
        None => Ok(text),
        Some(path) => {
            schofield::store::write_atomically(&path, text.as_bytes())
                .map_err(|e| format!("cannot write {}: {e}", path.display()))?;
            Ok(String::new())
        }
    }
}

/// The table asked for: loaded from `--table` (checked against any
/// `--board`/`--goal` given) or built.
fn table_for(which: &TableArgs) -> Result<LookupTable, Box<dyn std::error::Error>> {
    let board: Option<Board> = which.board.as_deref().map(str::parse).transpose()?;
    let goal_for = |b: &Board| -> Result<Arrangement, BoardError> {
        match which.goal.as_deref() {
            None | Some("blank-last") => Ok(b.goal_blank_last()),
            Some("blank-first") => Ok(b.goal_blank_first()),
            Some(g) => b.parse_arrangement(g),
        }
    };
    match &which.table {
        Some(path) => {
            let t = LookupTable::load(path)?;
            let b = board.unwrap_or(*t.board());
            if board.is_some() || which.goal.is_some() {
                t.check_matches(&b, &goal_for(&b)?, &path.display().to_string())?;
            }
            Ok(t)
        }
        None => {
            let b = match board {
                Some(b) => b,
                None => "3x3".parse()?,
            };
            let goal = goal_for(&b)?;
            Ok(LookupTable::try_build(b, goal)?)
        }
    }
}

fn run_lookup(command: LookupCommand) -> Outcome {
    match command {
        LookupCommand::Build {
            which,
            save,
            within,
            out,
        } => {
            let t = table_for(&which)?;
            if let Some(path) = save {
                t.save(&path)?;
            }
            Ok(render::render_summary(&t.summary(within), out.format)?)
        }
        LookupCommand::Solve { grid, which, out } => {
            let t = table_for(&which)?;
            let a = t.board().parse_arrangement(&grid)?;
            Ok(render::render_table_solution(&t.solve(&a)?, out.format)?)
        }
    }
}

#[allow(clippy::too_many_arguments)]
fn run_astar(
    grid: &str,
    heuristic: Heuristic,
    compare: bool,
    board: Option<&str>,
    goal: Option<&str>,
    max_nodes: Option<u64>,
    max_memory: u64,
    format: Format,
) -> Outcome {
    let board = match board {
        Some(b) => b.parse::<Board>()?,
        None => Board::infer(grid)?,
    };
    let start = board.parse_arrangement(grid)?;
    let goal = match goal {
        None | Some("blank-last") => board.goal_blank_last(),
        Some("blank-first") => board.goal_blank_first(),
        Some(g) => board.parse_arrangement(g)?,
    };
    let limits = Limits {
        max_nodes,
        max_bytes: max_memory.saturating_mul(1 << 20),
    };
    let report = |h: Heuristic| -> Result<AstarReport, SearchError> {
        Ok(AstarReport {
            board: board.to_string(),
            start: board.format(&start),
            goal: board.format(&goal),
            result: search::astar(&board, &start, &goal, h, &limits)?,
        })
    };
    if compare {
        let runs = Heuristic::ALL
            .into_iter()
            .map(report)
            .collect::<Result<Vec<_>, _>>()?;
        Ok(render::render_compare(&runs, format)?)
    } else {
        Ok(render::render_astar(&report(heuristic)?, format)?)
    }
}

fn run_fifteen(list: &str, verbose: bool, format: Format) -> Outcome {
    let board: Board = "4x4".parse()?;
    let cleaned = list.replace(['[', ']'], " ");
    let a = board.parse_arrangement(&cleaned).map_err(|e| match e {
        // A list of the wrong length: say it in the chapter's terms.
        BoardError::CellCount { found, .. } => {
            Box::new(FifteenError::Length(found)) as Box<dyn std::error::Error>
        }
        other => other.into(),
    })?;
    let solution = three_cycles::solve(a.cells())?;
    Ok(render::render_fifteen(&solution, verbose, format)?)
}

fn run_boards(
    board: Option<&str>,
    home: Option<usize>,
    all: bool,
    max_cells: usize,
    force: bool,
    format: Format,
) -> Outcome {
    let list: Vec<Case> = match (board, all) {
        (Some(b), _) => {
            let b: Board = b.parse()?;
            match home {
                Some(h) => vec![Case::new(b, h)?],
                None => census::cases(b.cells())
                    .into_iter()
                    .filter(|c| c.board == b)
                    .collect(),
            }
        }
        (None, true) => census::cases(max_cells),
        (None, false) => return Err("give --board RxC (and perhaps --home CELL), or --all".into()),
    };
    for c in &list {
        c.check_size(force)?;
    }
    if list.is_empty() {
        return Err(format!(
            "no board of at most {max_cells} cells; the smallest is 2x2 (4 cells)"
        )
        .into());
    }
    let results: Vec<_> = list
        .iter()
        .map(|c| {
            let bar = progress_bar(c);
            let r = census::analyse(c, &|p| {
                bar.set_position(p.found);
                bar.set_message(format!("layer {}", p.layer));
            });
            bar.finish_and_clear();
            r
        })
        .collect();
    Ok(render::render_cases(&results, format)?)
}

/// A progress bar on standard error, drawn only on a terminal.
fn progress_bar(c: &Case) -> indicatif::ProgressBar {
    let states = schofield::perm::factorial(c.board.cells()) / 2;
    let bar = indicatif::ProgressBar::with_draw_target(
        Some(states),
        indicatif::ProgressDrawTarget::stderr(),
    );
    if let Ok(style) = indicatif::ProgressStyle::with_template(&format!(
        "{} home {}: {{msg}} [{{bar:30}}] {{human_pos}}/{{human_len}} states ({{elapsed}})",
        c.board, c.home
    )) {
        bar.set_style(style);
    }
    bar
}

/// The default database file: `$XDG_CACHE_HOME/schofield/` or
/// `~/.cache/schofield/`, else the current folder.
fn default_pdb_path(partition: &str, goal: &str) -> std::path::PathBuf {
    let name = format!("pdb-{partition}-{goal}.bin");
    let base = std::env::var_os("XDG_CACHE_HOME")
        .map(std::path::PathBuf::from)
        .or_else(|| std::env::var_os("HOME").map(|h| std::path::PathBuf::from(h).join(".cache")));
    match base {
        Some(b) => b.join("schofield").join(name),
        None => std::path::PathBuf::from(name),
    }
}

/// Loads the databases, or builds and saves them (saying so on stderr).
fn databases(
    board: &Board,
    goal: &Arrangement,
    goal_name: &str,
    partition: &str,
    pdb: Option<std::path::PathBuf>,
    rebuild: bool,
) -> Result<Partition, Box<dyn std::error::Error>> {
    let path = pdb.unwrap_or_else(|| default_pdb_path(partition, goal_name));
    let name: pdb::PartitionName = partition.parse()?;
    if path.exists() && !rebuild {
        return Ok(Partition::load(&path, board, goal, name)?);
    }
    let expect = match partition {
        "7-7-1" => " (about a minute)",
        "7-8" => " (about 7 minutes and 4.5 GB of memory)",
        _ => "",
    };
    eprintln!("building the {partition} pattern databases{expect} …");
    let clock = std::time::Instant::now();
    // A bar on a terminal (indicatif draws nothing elsewhere).
    let bar =
        indicatif::ProgressBar::with_draw_target(Some(1), indicatif::ProgressDrawTarget::stderr());
    if let Ok(style) = indicatif::ProgressStyle::with_template(
        "{msg} [{bar:30}] {human_pos}/{human_len} states ({elapsed})",
    ) {
        bar.set_style(style);
    }
    let part = Partition::build(board, goal, name, &|i, n, layer, found, total| {
        bar.set_length(total);
        bar.set_position(found);
        bar.set_message(format!("database {} of {n}, layer {layer}", i + 1));
    });
    bar.finish_and_clear();
    if let Some(parent) = path.parent().filter(|p| !p.as_os_str().is_empty()) {
        std::fs::create_dir_all(parent)
            .map_err(|e| format!("cannot create {}: {e}", parent.display()))?;
    }
    part.save(&path)?;
    eprintln!(
        "built in {:.1} s, saved to {}",
        clock.elapsed().as_secs_f64(),
        path.display()
    );
    Ok(part)
}

/// Reads a batch file: one position a line (16 numbers, or 17 with the
/// instance number first); blank lines and `#` comments skipped.
fn read_batch(
    path: &std::path::Path,
    board: &Board,
) -> Result<Vec<(usize, Arrangement)>, Box<dyn std::error::Error>> {
    let text = std::fs::read_to_string(path)
        .map_err(|e| format!("cannot read {}: {e}", path.display()))?;
    let mut out = Vec::new();
    for (no, line) in text.lines().enumerate() {
        let line = line.trim();
        if line.is_empty() || line.starts_with('#') {
            continue;
        }
        let mut fields: Vec<&str> = line.split_whitespace().collect();
        if fields.len() == board.cells() + 1 {
            fields.remove(0);
        }
        let a = board
            .parse_arrangement(&fields.join(" "))
            .map_err(|e| format!("{} line {}: {e}", path.display(), no + 1))?;
        out.push((out.len() + 1, a));
    }
    if out.is_empty() {
        return Err(format!("{} holds no positions", path.display()).into());
    }
    Ok(out)
}

#[allow(clippy::too_many_arguments)]
fn run_optimal(
    list: Option<&str>,
    all_korf: Option<&std::path::Path>,
    goal_name: &str,
    partition: &str,
    pdb: Option<std::path::PathBuf>,
    rebuild: bool,
    format: Format,
) -> Outcome {
    use rayon::prelude::*;
    let board: Board = "4x4".parse()?;
    let goal = match goal_name {
        "blank-first" => board.goal_blank_first(),
        "blank-last" => board.goal_blank_last(),
        other => {
            return Err(
                format!("unknown goal {other:?}; expected blank-first or blank-last").into(),
            );
        }
    };
    let starts: Vec<(usize, Arrangement)> = match (all_korf, list) {
        (Some(path), _) => read_batch(path, &board)?,
        (None, Some(l)) => vec![(1, board.parse_arrangement(&l.replace(['[', ']'], " "))?)],
        (None, None) => return Err("give a position, or --all-korf FILE".into()),
    };
    for (i, a) in &starts {
        if !board.is_solvable(a, &goal) {
            return Err(
                ida::IdaError::Unsolvable(format!("instance {i}, {}", board.format(a))).into(),
            );
        }
    }
    let part = match partition {
        "manhattan" | "linear-conflict" => None,
        p => Some(databases(&board, &goal, goal_name, p, pdb, rebuild)?),
    };
    let heuristic = match (&part, partition) {
        (Some(p), _) => IdaHeuristic::Pdb(p),
        (None, "linear-conflict") => IdaHeuristic::LinearConflict,
        (None, _) => IdaHeuristic::Manhattan,
    };
    let clock = std::time::Instant::now();
    let runs: Vec<OptimalReport> = starts
        .par_iter()
        .map(|(i, a)| -> Result<OptimalReport, ida::IdaError> {
            Ok(OptimalReport {
                instance: *i,
                start: a.list(),
                goal: board.format(&goal),
                heuristic: partition.to_string(),
                solution: ida::solve(&board, a, &goal, &heuristic)?,
            })
        })
        .collect::<Result<_, _>>()?;
    let wall = clock.elapsed().as_secs_f64();
    Ok(if all_korf.is_some() {
        render::render_batch(&runs, wall, format)?
    } else {
        render::render_optimal(&runs[0], format)?
    })
}

fn regenerate(dir: &std::path::Path) -> Outcome {
    if !dir.is_dir() {
        return Err(format!(
            "cannot write {}: no such folder (run from the repository, or pass --dir to an existing folder)",
            dir.display()
        )
        .into());
    }
    let mut report = String::new();
    for (name, text) in schofield::render::generated::generated() {
        let path = dir.join(&name);
        if let Some(parent) = path.parent() {
            std::fs::create_dir_all(parent)
                .map_err(|e| format!("cannot create {}: {e}", parent.display()))?;
        }
        schofield::store::write_atomically(&path, text.as_bytes())
            .map_err(|e| format!("cannot write {}: {e}", path.display()))?;
        report += &format!("wrote {}\n", path.display());
    }
    Ok(report)
}

fn run(cli: Cli) -> Outcome {
    match cli.command {
        Command::Counts(out) => {
            let a = Analysis::new(&EIGHT);
            Ok(render::render_counts(&a.move_counts(), out.format)?)
        }
        Command::Solve(args) => solve(&EIGHT, args),
        Command::Path(args) => follow(&EIGHT, args),
        Command::Table { head, code, out } => run_table(head, code, out.format),
        Command::Classes {
            with_inverses,
            members,
            out,
        } => {
            let a = Analysis::new(&EIGHT);
            Ok(render::render_classes(
                &table::class_dictionary(&a, with_inverses, members),
                out.format,
            )?)
        }
        Command::Graph {
            kind,
            format,
            max_moves,
            five,
            output,
        } => export_graph(kind, format, max_moves, five, output),
        Command::Lookup { command } => run_lookup(command),
        Command::Astar {
            grid,
            heuristic,
            compare,
            board,
            goal,
            max_nodes,
            max_memory,
            out,
        } => run_astar(
            &grid,
            heuristic,
            compare,
            board.as_deref(),
            goal.as_deref(),
            max_nodes,
            max_memory,
            out.format,
        ),
        Command::Fifteen { list, verbose, out } => run_fifteen(&list, verbose, out.format),
        Command::Boards {
            board,
            home,
            all,
            max_cells,
            force,
            out,
        } => run_boards(board.as_deref(), home, all, max_cells, force, out.format),
        Command::Optimal {
            list,
            all_korf,
            goal,
            partition,
            pdb,
            rebuild,
            out,
        } => run_optimal(
            list.as_deref(),
            all_korf.as_deref(),
            &goal,
            &partition,
            pdb,
            rebuild,
            out.format,
        ),
        Command::Five { command } => run_five(command),
        Command::Regenerate { dir } => regenerate(&dir),
    }
}

fn main() -> ExitCode {
    match run(Cli::parse()) {
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
