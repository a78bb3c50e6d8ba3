//! `boards`: Schofield's method on every small board.

use super::common::{self, FormatArg, Outcome};
use clap::Args;
use schofield::board::Board;
use schofield::board::census::{self, Case};
use schofield::render;
use std::path::PathBuf;

/// Schofield's method on every small board: distances from the goal for
/// each board of up to 12 cells and each home cell of the blank, and the
/// standard positions' classes (by orbits and by Burnside's lemma).
#[derive(Args)]
#[command(
    after_help = "Examples:\n  schofield boards --board 2x3\n  schofield boards --all --max-cells 8 --format csv"
)]
pub struct BoardsArgs {
    /// One board, ROWSxCOLS (all its home cells up to symmetry, unless
    /// --home).
    #[arg(long, conflicts_with = "all")]
    board: Option<String>,
    /// The blank's home cell, from 0 in reading order.
    #[arg(long, requires = "board", value_name = "CELL", value_parser = common::index, allow_negative_numbers = true)]
    home: Option<usize>,
    /// Every board of up to --max-cells cells, with every home cell up to
    /// symmetry.
    #[arg(long)]
    all: bool,
    /// With --all: the largest boards to include.
    #[arg(long, value_name = "N", default_value_t = 12, value_parser = common::cells, allow_negative_numbers = true)]
    max_cells: usize,
    /// Allow boards of more than 12 cells.
    #[arg(long)]
    force: bool,
    #[command(flatten)]
    memory: common::MemoryArg,
    #[command(flatten)]
    cluster: ClusterArgs,
    #[command(flatten)]
    pub out: FormatArg,
}

/// The flags of a search on timely dataflow (`boards` and `counts`).
#[derive(Args, Clone, Debug)]
pub struct ClusterArgs {
    /// Search on timely dataflow with N worker threads in this process
    /// (the `distributed` build); without it, one table in memory.
    #[arg(long, value_name = "N", value_parser = common::workers, allow_negative_numbers = true)]
    workers: Option<usize>,
    /// With --workers: the processes of the run, one HOST:PORT a line in
    /// process order (timely's hosts file); every process is started with
    /// the same arguments and its own --process.
    #[arg(long, requires = "workers", value_name = "FILE")]
    hostfile: Option<PathBuf>,
    /// With --hostfile: this process's line in it, from 0.
    #[arg(long, requires = "hostfile", value_name = "I", value_parser = common::index, allow_negative_numbers = true)]
    process: Option<usize>,
    /// A folder for checkpoints, to go on from the newest when the same
    /// command is run again. With --workers, each worker writes one after
    /// every layer. Without (`counts --puzzle` only), the two-bit search
    /// writes one after a layer when a minute or more has passed since the
    /// last, and after the layer --stop-after-layer names.
    #[arg(long, value_name = "DIR")]
    checkpoint: Option<PathBuf>,
    /// With --checkpoint: stop once this layer's checkpoints are written
    /// (or, resuming past it, the next layer's), exit status 3; the same
    /// command with the same --checkpoint goes on from there.
    #[arg(long, requires = "checkpoint", value_name = "LAYER", value_parser = common::layer, allow_negative_numbers = true)]
    stop_after_layer: Option<u32>,
    /// With --hostfile: seconds the processes have to connect to each
    /// other before this one gives up.
    #[arg(
        long,
        requires = "hostfile",
        value_name = "SECONDS",
        default_value_t = 120,
        value_parser = common::seconds,
        allow_negative_numbers = true
    )]
    connect_timeout: u64,
    /// With --hostfile: seconds another process may say nothing (stopped,
    /// frozen, cut off) before this one ends the run; every process says it
    /// is alive once a second while it works.
    #[arg(
        long,
        requires = "hostfile",
        value_name = "SECONDS",
        default_value_t = 60,
        value_parser = common::seconds,
        allow_negative_numbers = true
    )]
    peer_timeout: u64,
}

impl ClusterArgs {
    /// True when a distributed run is asked for.
    pub fn asked(&self) -> bool {
        self.workers.is_some()
    }

    /// The checkpoints `--checkpoint` and `--stop-after-layer` ask for,
    /// checked: a folder (made if missing) and the user's key (made if
    /// missing); the layer, past the goal's, is checked as it is read.
    pub fn checkpoints(&self) -> Result<Option<Checkpoints>, Box<dyn std::error::Error>> {
        let Some(dir) = &self.checkpoint else {
            return Ok(None);
        };
        if dir.exists() && !dir.is_dir() {
            return Err(format!(
                "--checkpoint {}: expected a folder (it is created if missing)",
                dir.display()
            )
            .into());
        }
        Ok(Some(Checkpoints {
            dir: dir.clone(),
            stop_after: self.stop_after_layer,
            key: CheckpointKey::for_user()?,
        }))
    }

    /// True in a process of a hosts file other than the first: it must not
    /// touch an --output file that process 0 may be writing.
    pub fn secondary(&self) -> bool {
        self.process.is_some_and(|p| p > 0)
    }
}

impl BoardsArgs {
    /// `--format` and `--output` as this process uses them. Only process 0
    /// of a hosts file has the answer: the others must not touch an
    /// --output file that process 0 may be writing, but choose the same
    /// format from its name.
    fn out(&self) -> Result<FormatArg, String> {
        if self.cluster.secondary() {
            self.out.elsewhere()
        } else {
            Ok(self.out.clone())
        }
    }

    /// Where this process's output goes.
    pub fn delivery(&self) -> common::Delivery {
        self.out()
            .map_or_else(|_| self.out.delivery(), |o| o.delivery())
    }
}

/// `boards`.
pub fn run(mut args: BoardsArgs) -> Outcome {
    args.out = args.out()?;
    let max_cells = args.max_cells;
    let list = cases_asked(&args)?;
    let drawing = args.out.get_or_svg()?;
    if drawing.is_none() && list.len() != 1 {
        return Err(format!(
            "--format svg draws one board at a time; {} cases were asked for: give --board RxC --home CELL",
            list.len()
        )
        .into());
    }
    for c in &list {
        c.check_size(args.force)?;
    }
    if list.is_empty() {
        return Err(format!(
            "no board of at most {max_cells} cells; the smallest is 2x2 (4 cells)"
        )
        .into());
    }
    let distributed = match args.cluster.workers {
        Some(_) => Some(Distributed::new(&args.cluster)?),
        None if args.cluster.checkpoint.is_some() => {
            return Err("--checkpoint: the census in one process keeps no checkpoints; run it on timely dataflow with --workers N to keep them".into());
        }
        None => None,
    };
    // Each process holds its share of the tables.
    let processes = distributed.as_ref().map_or(1, Distributed::processes) as u64;
    for c in &list {
        args.memory.check(
            c.table_bytes().div_ceil(processes),
            &format!("the {} board, home {},", c.board, c.home),
        )?;
    }
    let mut results = Vec::with_capacity(list.len());
    for c in &list {
        if c.board.cells() > 12 && !args.out.quiet {
            eprintln!(
                "the {} board, home {}: {} states, {} bytes of tables ({:.1} GiB) …",
                c.board,
                c.home,
                schofield::text::grouped(c.board.reachable() as usize),
                schofield::text::grouped(c.table_bytes() as usize),
                c.table_bytes() as f64 / f64::from(1u32 << 30)
            );
        }
        let report = layer_report(c, args.out.quiet, args.out.verbose);
        let r = match &distributed {
            Some(d) => match d.analyse(c, report)? {
                Some(r) => r,
                // Only process 0 has the answer.
                None => continue,
            },
            None => census::analyse(c, &report)?,
        };
        results.push(r);
    }
    if results.is_empty() {
        return Ok(String::new());
    }
    match drawing {
        Some(format) => Ok(render::render_cases(&results, format)?),
        None => match results.as_slice() {
            [r] => Ok(chart(r)),
            _ => Err("--format svg draws one board at a time".into()),
        },
    }
}

/// The cases `--board`, `--home` and `--all` ask for.
fn cases_asked(args: &BoardsArgs) -> Result<Vec<Case>, Box<dyn std::error::Error>> {
    Ok(match (&args.board, args.all) {
        (Some(b), _) => {
            let b: Board = b.parse()?;
            match args.home {
                Some(h) => vec![Case::new(b, h)?],
                None => census::cases_of(b),
            }
        }
        (None, true) => census::cases(args.max_cells),
        (None, false) => return Err("give --board RxC (and perhaps --home CELL), or --all".into()),
    })
}

/// What a case's search says of each layer: the progress bar on a
/// terminal (unless `quiet`), and with `verbose` a line a layer (a long
/// run redirected to a file, say).
fn layer_report(
    c: &Case,
    quiet: bool,
    verbose: bool,
) -> impl Fn(schofield::board::Progress) + Send + Sync + 'static {
    let title = format!("{} home {}", c.board, c.home);
    let bar = common::progress_bar(
        c.board.reachable(),
        &format!("{title}: {{msg}} [{{bar:30}}] {{human_pos}}/{{human_len}} states ({{elapsed}})"),
        quiet,
    );
    let started = std::time::Instant::now();
    move |p: schofield::board::Progress| {
        bar.set_position(p.found);
        bar.set_message(format!("layer {}", p.layer));
        if verbose {
            bar.suspend(|| {
                eprintln!(
                    "{title}: layer {} done, {} of {} states, {:.1} s",
                    p.layer,
                    schofield::text::grouped(p.found as usize),
                    schofield::text::grouped(p.total as usize),
                    started.elapsed().as_secs_f64()
                )
            });
        }
        if p.found == p.total {
            bar.finish_and_clear();
        }
    }
}

/// One case's standard positions by distance, drawn as a bar chart.
fn chart(r: &census::CaseResult) -> String {
    render::svg::chart_svg(
        &format!(
            "{} board, blank's home cell {}: standard positions (blank at home) by distance",
            r.board, r.home
        ),
        &["positions", "classes", "extended classes"],
        &r.standard
            .rows
            .iter()
            .map(|row| render::svg::Bar {
                moves: row.moves,
                values: vec![row.positions, row.classes, row.extended_classes],
            })
            .collect::<Vec<_>>(),
    )
}

/// A hosts file's text: a regular file of at most 64 KiB (256 lines of
/// HOST:PORT), so that a device or a pipe given by mistake is refused, not
/// read for ever.
#[cfg(feature = "distributed")]
fn read_hosts_file(path: &std::path::Path) -> Result<String, String> {
    use std::io::Read;
    const MOST: u64 = 64 << 10;
    let meta = std::fs::metadata(path).map_err(|e| e.to_string())?;
    if !meta.is_file() {
        return Err("expected a file of HOST:PORT lines".into());
    }
    let mut text = String::new();
    std::fs::File::open(path)
        .map_err(|e| e.to_string())?
        .take(MOST + 1)
        .read_to_string(&mut text)
        .map_err(|e| e.to_string())?;
    if text.len() as u64 > MOST {
        return Err("it is larger than 64 KiB, too large for a hosts file".into());
    }
    Ok(text)
}

/// Says on standard error whether a distributed run resumed from its
/// checkpoints, or had to start again.
#[cfg(feature = "distributed")]
fn say_resumed(what: &str, discarded: Option<u32>, resumed_from: Option<u32>) {
    if let Some(depth) = discarded {
        eprintln!(
            "{what}: some workers had checkpoints up to layer {depth} but not all had one layer in common; started again from the goal"
        );
    }
    if let Some(depth) = resumed_from {
        eprintln!("{what}: resumed from the checkpoints of layer {depth}");
    }
}

/// The distributed search's flags, checked.
#[cfg(feature = "distributed")]
pub struct Distributed {
    cluster: Cluster,
    checkpoint: Option<Checkpoints>,
}

/// Without the `distributed` build no distributed run can be asked for:
/// the type has no values.
#[cfg(not(feature = "distributed"))]
pub enum Distributed {}

#[cfg(feature = "distributed")]
use schofield::board::cluster::{self, Cluster};
use schofield::board::store::{CheckpointKey, Checkpoints};

#[cfg(not(feature = "distributed"))]
impl Distributed {
    pub fn new(_: &ClusterArgs) -> Result<Distributed, Box<dyn std::error::Error>> {
        Err(
            "--workers needs the distributed build: cargo build --release --features distributed"
                .into(),
        )
    }

    fn analyse(
        &self,
        _: &Case,
        _: impl Fn(schofield::board::Progress) + Send + Sync + 'static,
    ) -> Result<Option<census::CaseResult>, Box<dyn std::error::Error>> {
        match *self {}
    }

    /// The processes of the run (never reached here).
    pub fn processes(&self) -> usize {
        match *self {}
    }

    /// A puzzle's distribution on the workers (never reached here).
    pub fn puzzle_counts(
        &self,
        _: schofield::method::space::Space,
        _: &str,
        _: impl Fn(schofield::board::Progress) + Send + Sync + 'static,
    ) -> Result<Option<Vec<u64>>, Box<dyn std::error::Error>> {
        match *self {}
    }

    /// A puzzle's classes on the workers (never reached here).
    pub fn class_counts(
        &self,
        _: schofield::method::analysis::ClassSearch,
        _: &str,
        _: impl Fn(schofield::board::Progress) + Send + Sync + 'static,
    ) -> Result<Option<schofield::method::search::classes::ClassCounts>, Box<dyn std::error::Error>>
    {
        match *self {}
    }
}

#[cfg(feature = "distributed")]
impl Distributed {
    /// The processes of the run, among which the tables are shared.
    pub fn processes(&self) -> usize {
        self.cluster.processes()
    }

    pub fn new(args: &ClusterArgs) -> Result<Distributed, Box<dyn std::error::Error>> {
        let connect_timeout = args.connect_timeout;
        let checkpoint = args.checkpoints()?;
        let hosts = match &args.hostfile {
            Some(path) => {
                let text = read_hosts_file(path)
                    .map_err(|e| format!("cannot read the hosts file {}: {e}", path.display()))?;
                Cluster::parse_hosts(&text).map_err(|e| format!("{}: {e}", path.display()))?
            }
            None => Vec::new(),
        };
        Ok(Distributed {
            cluster: Cluster::new(args.workers.unwrap_or(1), args.process, hosts)?
                .with_connect_timeout(std::time::Duration::from_secs(connect_timeout))
                .with_peer_timeout(std::time::Duration::from_secs(args.peer_timeout)),
            checkpoint,
        })
    }

    /// A puzzle's positions at each distance, searched on the workers: in
    /// process 0, `None` in the others.
    pub fn puzzle_counts(
        &self,
        space: schofield::method::space::Space,
        name: &str,
        report: impl Fn(schofield::board::Progress) + Send + Sync + 'static,
    ) -> Result<Option<Vec<u64>>, Box<dyn std::error::Error>> {
        let graph = schofield::method::search::SpaceGraph::new(space, name)
            .ok_or("the puzzle has more positions than this machine can number")?;
        let run = self.search(graph, report)?;
        self.told(name, &run, true);
        Ok(run.result.map(|(counts, _)| counts))
    }

    /// A puzzle's classes searched on the workers
    /// ([`schofield::method::search::classes::ClassGraph`]); the answer in
    /// process 0, `None` in the others.
    pub fn class_counts(
        &self,
        setup: schofield::method::analysis::ClassSearch,
        name: &str,
        report: impl Fn(schofield::board::Progress) + Send + Sync + 'static,
    ) -> Result<Option<schofield::method::search::classes::ClassCounts>, Box<dyn std::error::Error>>
    {
        let graph = schofield::method::search::classes::ClassGraph::new(
            setup.space,
            setup.coordinate,
            setup.inverses,
            name,
        )
        .ok_or("the puzzle has more classes than this machine can number")?;
        let run = self.search(graph, report)?;
        self.told(name, &run, false);
        Ok(run.result)
    }

    /// Runs one case; the answer in process 0, `None` in the others.
    fn analyse(
        &self,
        case: &Case,
        report: impl Fn(schofield::board::Progress) + Send + Sync + 'static,
    ) -> Result<Option<census::CaseResult>, Box<dyn std::error::Error>> {
        let run = quietly(self.cluster.networked(), || {
            cluster::analyse(
                case,
                &self.cluster,
                self.checkpoint.as_ref(),
                std::sync::Arc::new(report),
            )
        })?;
        self.told(&format!("{} home {}", case.board, case.home), &run, true);
        Ok(run.result)
    }

    /// Searches `graph` on the workers, quietly (see [`quietly`]).
    fn search<G: cluster::Graph>(
        &self,
        graph: G,
        report: impl Fn(schofield::board::Progress) + Send + Sync + 'static,
    ) -> Result<cluster::Run<G::Answer>, Box<dyn std::error::Error>> {
        quietly(self.cluster.networked(), || {
            cluster::search(
                std::sync::Arc::new(graph),
                &self.cluster,
                self.checkpoint.as_ref(),
                std::sync::Arc::new(report),
            )
        })
    }

    /// In process 0, says on standard error whether the run `name` resumed
    /// (or discarded) checkpoints and, with `traffic`, where the
    /// neighbours went.
    fn told<R>(&self, name: &str, run: &cluster::Run<R>, traffic: bool) {
        if self.cluster.process() != 0 {
            return;
        }
        say_resumed(name, run.discarded, run.resumed_from);
        if traffic {
            let t = &run.exchange;
            eprintln!(
                "{name}: {} workers; neighbours kept {}, sent to other workers {}, to other processes {} ({:.3} bytes a state over TCP)",
                self.cluster.peers(),
                schofield::text::grouped(t.kept as usize),
                schofield::text::grouped(t.to_workers as usize),
                schofield::text::grouped(t.to_processes as usize),
                t.network_bytes_per_state()
            );
        }
    }
}

/// Runs `f` with the panics of timely's threads held back: when a cluster
/// breaks (a process killed, a connection cut), timely's threads panic and
/// the run returns an error, which is reported on one line; the first
/// panic's message is kept for that line. When the processes connect over
/// the network (`networked`), standard output, which carries the answer,
/// is held back too: timely prints there when a connection breaks
/// ("failed to read full header!").
#[cfg(feature = "distributed")]
fn quietly<R>(
    networked: bool,
    f: impl FnOnce() -> Result<cluster::Run<R>, cluster::ClusterError>,
) -> Result<cluster::Run<R>, Box<dyn std::error::Error>> {
    let held = networked.then(|| gag::Gag::stdout().ok()).flatten();
    use std::sync::{Arc, Mutex};
    let first: Arc<Mutex<Option<String>>> = Arc::new(Mutex::new(None));
    let kept = Arc::clone(&first);
    let previous = std::panic::take_hook();
    std::panic::set_hook(Box::new(move |info| {
        let mut first = kept.lock().unwrap_or_else(|e| e.into_inner());
        if first.is_none() {
            let message = info
                .payload()
                .downcast_ref::<String>()
                .cloned()
                .or_else(|| info.payload().downcast_ref::<&str>().map(|s| s.to_string()))
                .unwrap_or_default();
            *first = Some(message.lines().next().unwrap_or("").to_string());
        }
    }));
    let outcome = f();
    // After a failed run, timely's threads are left behind, and panic as
    // the other processes end and their connections close: they stay quiet
    // until this process ends, which it is about to, with the error.
    if outcome.is_ok() {
        std::panic::set_hook(previous);
    }
    if matches!(outcome, Err(cluster::ClusterError::Start(_))) {
        std::mem::forget(held);
    } else {
        drop(held);
    }
    outcome.map_err(|e| match (&e, first.lock().map(|f| f.clone())) {
        (cluster::ClusterError::Worker(_), Ok(Some(why))) if !why.is_empty() => {
            format!("{e} ({why})").into()
        }
        _ => e.into(),
    })
}
