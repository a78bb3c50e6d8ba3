//! The census's two-bit layered search spread over the workers of a timely
//! dataflow cluster: one process with several worker threads, or several
//! processes (on one machine or many) joined by TCP, with timely's own
//! conventions (each process knows its index and the list of all the
//! processes' addresses, the *hosts file*).
//!
//! **Ownership.** The states `0 … n!/2 − 1` of a case ([`CaseSpace`]) are cut
//! into one contiguous slice a worker, aligned to 32 states (a word of the
//! two-bit table). A worker owns its slice's two-bit table and the
//! distances of the standard positions that fall in it.
//!
//! **A layer** is one timely round. Each worker expands the states of its
//! slice in the layer ([`TwoBit::expand_words`]); a neighbour in its own
//! slice is claimed at once, any other is sent to its owner through an
//! exchange channel, and the owner claims it when it arrives. When the
//! round's frontier has passed, every claim of the next layer is in; the
//! workers then tell each other how many states they claimed (a second,
//! small exchange), and all of them close the layer together or, if no
//! worker claimed anything, stop: the layer is the last, its states the
//! antipodes.
//!
//! **Checkpoints.** With a checkpoint folder, every worker writes its slice
//! after each layer (to a temporary file, renamed into place, with a
//! checksum) and removes its previous one once every worker has written the
//! new one. A run started again with the same folder and the same number of
//! workers resumes from the newest layer that every worker has.
//!
//! **The answer** is gathered in worker 0: the layer counts, the first
//! antipodes and the standard positions' distances, from which
//! [`census::result`] makes the same [`CaseResult`] as the one-table search
//! ([`census::analyse`]), byte for byte.
//!
//! ```
//! use schofield::board::census::{self, Case};
//! use schofield::board::cluster::{self, Cluster};
//! use std::sync::Arc;
//! let case = Case::new("2x3".parse().unwrap(), 5).unwrap();
//! let run = cluster::analyse(&case, &Cluster::local(2).unwrap(), None, Arc::new(|_| {})).unwrap();
//! let alone = census::analyse(&case, &|_| {}).unwrap();
//! assert_eq!(run.result.unwrap(), alone);
//! assert_eq!(run.exchange.states, 360);
//! ```

use crate::board::census::{self, ANTIPODES_LISTED, Case, CaseError, CaseResult, CaseSpace};
use crate::board::two_bit::{Layer, TwoBit};
use crate::board::{Progress, try_vec_with};
use serde::{Deserialize, Serialize};
use std::cell::RefCell;
use std::fs;
use std::io::{self, BufReader, Read, Write};
use std::path::{Path, PathBuf};
use std::rc::Rc;
use std::sync::Arc;
use timely::dataflow::channels::pact::Exchange;
use timely::dataflow::operators::generic::operator::Operator;
use timely::dataflow::operators::{Input, Probe};
use timely::dataflow::{InputHandle, ProbeHandle};

/// The most worker threads a process may run.
pub const MAX_WORKERS: usize = 64;
/// The most processes a hosts file may list.
pub const MAX_PROCESSES: usize = 256;

/// Where the workers of a run are: `workers` threads in each process, and
/// either one process or the processes listed in a hosts file, this one
/// being `process`.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Cluster {
    workers: usize,
    process: usize,
    hosts: Vec<String>,
    connect_timeout: std::time::Duration,
}

/// How long the processes of a hosts file have to connect to each other,
/// unless [`Cluster::with_connect_timeout`] says otherwise.
pub const CONNECT_TIMEOUT: std::time::Duration = std::time::Duration::from_secs(120);

/// Why a distributed run could not be done.
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
pub enum ClusterError {
    /// The number of workers a process is not `1 … MAX_WORKERS`.
    #[error("{0} workers a process: expected 1 to {MAX_WORKERS}")]
    Workers(usize),
    /// The process index is not a line of the hosts file.
    #[error("process {process} is not in the hosts file, which lists {processes} processes (0 to {})", .processes - 1)]
    Process {
        /// The index given.
        process: usize,
        /// The processes the hosts file lists.
        processes: usize,
    },
    /// A line of the hosts file is not `HOST:PORT`.
    #[error("hosts file line {line}: {} is not a new HOST:PORT with a port of 1 to 65535 (say 127.0.0.1:2101)", shown_line(.text))]
    Host {
        /// The line number, from 1.
        line: usize,
        /// What it says.
        text: String,
    },
    /// The hosts file lists no process, or more than `MAX_PROCESSES`.
    #[error("the hosts file lists {0} processes: expected 1 to {MAX_PROCESSES} lines of HOST:PORT")]
    Hosts(usize),
    /// A process index without a hosts file.
    #[error("process {0} was given without a hosts file (the list of every process's HOST:PORT)")]
    ProcessWithoutHosts(usize),
    /// A hosts file of several processes, but no process index.
    #[error("the hosts file lists {n} processes: say which one this is (0 to {})", .0 - 1, n = .0)]
    ProcessMissing(usize),
    /// The case itself is refused (memory, size).
    #[error("{0}")]
    Case(CaseError),
    /// Timely could not start (say, a port in use).
    #[error("timely could not start: {0}")]
    Start(String),
    /// A worker failed (it panicked; timely gives the message).
    #[error("a worker failed: {0}")]
    Worker(String),
    /// The processes were not started for the same job: each must be given
    /// the same case, workers, checkpoint folder and stop.
    #[error("the processes were not started alike: this one runs {this}, another {other}")]
    Mismatch {
        /// This process's job.
        this: String,
        /// Another's.
        other: String,
    },
    /// The run stopped after the layer its [`Checkpoints`] named; run it
    /// again with the same folder to go on.
    #[error(
        "stopped after layer {layer}, as asked; its checkpoints are in {dir}: run again with the same checkpoint folder to go on"
    )]
    Stopped {
        /// The last layer found.
        layer: u32,
        /// The checkpoint folder.
        dir: String,
    },
    /// A worker could not read its checkpoint (the reason, with the file).
    #[error("cannot resume: {0}")]
    Resume(String),
    /// The graph refuses what was asked (checkpoints it cannot take, a
    /// table that does not fit): the reason.
    #[error("{0}")]
    Refused(String),
    /// A checkpoint could not be written or read.
    #[error("checkpoint {path}: {why}")]
    Checkpoint {
        /// The file.
        path: String,
        /// Why.
        why: String,
    },
}

/// A hosts-file line as [`ClusterError::Host`] shows it: quoted and
/// escaped, cut after 60 characters with `…`.
fn shown_line(text: &str) -> String {
    let shown: String = text.chars().take(60).collect();
    let more = if shown.len() < text.len() { "…" } else { "" };
    format!("{shown:?}{more}")
}

impl From<CaseError> for ClusterError {
    fn from(e: CaseError) -> Self {
        ClusterError::Case(e)
    }
}

impl Cluster {
    /// One process of `workers` worker threads.
    pub fn local(workers: usize) -> Result<Cluster, ClusterError> {
        Cluster::new(workers, None, Vec::new())
    }

    /// `workers` threads in each process; with `hosts` (the lines of a
    /// hosts file, one `HOST:PORT` a process) this is process `process`
    /// of them, without, the only process.
    pub fn new(
        workers: usize,
        process: Option<usize>,
        hosts: Vec<String>,
    ) -> Result<Cluster, ClusterError> {
        if workers == 0 || workers > MAX_WORKERS {
            return Err(ClusterError::Workers(workers));
        }
        if hosts.is_empty() {
            if let Some(p) = process {
                return Err(ClusterError::ProcessWithoutHosts(p));
            }
        } else if hosts.len() > MAX_PROCESSES {
            return Err(ClusterError::Hosts(hosts.len()));
        }
        if hosts.len() > 1 && process.is_none() {
            return Err(ClusterError::ProcessMissing(hosts.len()));
        }
        let process = process.unwrap_or(0);
        if !hosts.is_empty() && process >= hosts.len() {
            return Err(ClusterError::Process {
                process,
                processes: hosts.len(),
            });
        }
        Ok(Cluster {
            workers,
            process,
            hosts,
            connect_timeout: CONNECT_TIMEOUT,
        })
    }

    /// The same cluster, whose processes have `timeout` to connect.
    pub fn with_connect_timeout(self, timeout: std::time::Duration) -> Cluster {
        Cluster {
            connect_timeout: timeout,
            ..self
        }
    }

    /// The processes' addresses from a hosts file's text: one `HOST:PORT`
    /// a line, in process order; blank lines and lines starting with `#`
    /// are skipped.
    pub fn parse_hosts(text: &str) -> Result<Vec<String>, ClusterError> {
        let mut hosts = Vec::new();
        for (k, line) in text.lines().enumerate() {
            let line = line.trim();
            if line.is_empty() || line.starts_with('#') {
                continue;
            }
            let bad = || ClusterError::Host {
                line: k + 1,
                text: line.to_string(),
            };
            let (host, port) = line.rsplit_once(':').ok_or_else(bad)?;
            if line.len() > 300
                || host.is_empty()
                || host.contains(char::is_whitespace)
                || port.parse::<u16>().is_err()
                || port.parse::<u16>() == Ok(0)
            {
                return Err(bad());
            }
            if hosts.iter().any(|h| h == line) {
                return Err(ClusterError::Host {
                    line: k + 1,
                    text: format!("{line} (given twice)"),
                });
            }
            hosts.push(line.to_string());
        }
        if hosts.is_empty() || hosts.len() > MAX_PROCESSES {
            return Err(ClusterError::Hosts(hosts.len()));
        }
        Ok(hosts)
    }

    /// True when the processes of a hosts file connect over the network;
    /// timely then prints its connection messages to standard output.
    pub fn networked(&self) -> bool {
        !self.hosts.is_empty()
    }

    /// The number of processes.
    pub fn processes(&self) -> usize {
        self.hosts.len().max(1)
    }

    /// This process's index.
    pub fn process(&self) -> usize {
        self.process
    }

    /// The number of workers in all.
    pub fn peers(&self) -> usize {
        self.workers * self.processes()
    }

    fn config(&self) -> timely::Config {
        let communication = if self.hosts.is_empty() {
            if self.workers == 1 {
                timely::CommunicationConfig::Thread
            } else {
                timely::CommunicationConfig::Process(self.workers)
            }
        } else {
            timely::CommunicationConfig::Cluster {
                threads: self.workers,
                process: self.process,
                addresses: self.hosts.clone(),
                report: false,
                zerocopy: false,
            }
        };
        timely::Config {
            communication,
            worker: timely::WorkerConfig::default(),
        }
    }
}

/// Where a run keeps its checkpoints, and whether it should stop early
/// (to go on later, say on a machine lent for a fixed time).
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Checkpoints {
    /// The folder (created if missing).
    pub dir: PathBuf,
    /// Stop once the checkpoints of this layer (or, resuming past it, of
    /// the next one) are written.
    pub stop_after: Option<u32>,
}

/// What crossed between workers: the traffic of a run, summed over all
/// workers.
#[derive(Debug, Clone, Copy, Default, PartialEq, Eq, Serialize, Deserialize)]
pub struct Traffic {
    /// The states of the case.
    pub states: u64,
    /// Neighbours claimed in the expanding worker's own slice.
    pub kept: u64,
    /// Neighbours sent to another worker of the same process.
    pub to_workers: u64,
    /// Neighbours sent to a worker of another process (over TCP), eight
    /// bytes each before timely's framing.
    pub to_processes: u64,
}

impl Traffic {
    /// Bytes of neighbours sent between processes, per state of the case.
    pub fn network_bytes_per_state(&self) -> f64 {
        8.0 * self.to_processes as f64 / self.states.max(1) as f64
    }
}

/// What a distributed run gives back to the process that called it.
#[derive(Debug, Clone, PartialEq)]
pub struct Run<R = CaseResult> {
    /// The answer: in process 0 only (the others get `None`).
    pub result: Option<R>,
    /// The traffic, summed over all workers (in process 0; zero
    /// elsewhere).
    pub exchange: Traffic,
    /// The layer the run resumed from, if it found checkpoints.
    pub resumed_from: Option<u32>,
    /// The newest layer that some workers had checkpoints of but not all,
    /// when the run started again from the beginning for want of a layer
    /// every worker had.
    pub discarded: Option<u32>,
}

/// A message between workers: (to, from, what).
type Note = (u32, u32, Said);

/// What one worker tells another.
#[derive(Debug, Clone, Serialize, Deserialize)]
enum Said {
    /// The job it was started with, whether its table could be had, the
    /// layers it has checkpoints of, and any trouble with its folder.
    Ready {
        job: String,
        ok: bool,
        checkpoints: Vec<u32>,
        trouble: Option<String>,
    },
    /// Its checkpoint of the agreed layer was read (or the reason not),
    /// and the layer counts it holds.
    Loaded {
        trouble: Option<String>,
        counts: Vec<u64>,
    },
    /// States it claimed in this round, and any trouble writing its
    /// checkpoint.
    Claimed {
        states: u64,
        trouble: Option<String>,
    },
    /// Its first antipodes, its traffic and its standard distances (to
    /// worker 0).
    Done {
        antipodes: Vec<u64>,
        traffic: Traffic,
        first: u64,
        distances: Vec<u8>,
    },
}

/// The most neighbours a state may have (a move set is a 64-bit word).
pub const MAX_NEIGHBOURS: usize = 64;

/// A graph the workers search breadth first from one state: a board's
/// arrangements under tile moves (the census), or a puzzle's positions
/// under its moves.
pub trait Graph: Send + Sync + 'static {
    /// What the search gives back, made in worker 0.
    type Answer: Send + 'static;
    /// The states, `0 … len − 1`.
    fn len(&self) -> usize;
    /// True when there are none.
    fn is_empty(&self) -> bool {
        self.len() == 0
    }
    /// The state the search starts from.
    fn start(&self) -> usize;
    /// Writes the neighbours of state `i` into `out`; how many.
    fn neighbours(&self, i: usize, out: &mut [usize; MAX_NEIGHBOURS]) -> usize;
    /// The states whose distances are kept and handed to [`Graph::answer`].
    fn kept(&self) -> std::ops::Range<usize>;
    /// One line that names the job, checked to be the same in every worker.
    fn describe(&self) -> String;
    /// The checkpoints' name and the three numbers their headers carry,
    /// when the graph can be checkpointed.
    fn checkpoint(&self) -> Option<(String, [u64; 3])>;
    /// The error when a worker's tables do not fit.
    fn out_of_memory(&self) -> ClusterError;
    /// The answer from the states at each distance, the first antipodes
    /// and the kept states' distances.
    fn answer(&self, counts: &[u64], antipodes: &[usize], kept: &[u8]) -> Self::Answer;
}

/// A census case as a [`Graph`].
struct CaseGraph {
    case: Case,
    moves: CaseSpace,
}

impl Graph for CaseGraph {
    type Answer = CaseResult;

    fn len(&self) -> usize {
        self.moves.len()
    }

    fn start(&self) -> usize {
        self.moves.start()
    }

    #[inline]
    fn neighbours(&self, i: usize, out: &mut [usize; MAX_NEIGHBOURS]) -> usize {
        let mut js = [0usize; 4];
        let n = self.moves.of(i, &mut js);
        out[..n].copy_from_slice(&js[..n]);
        n
    }

    fn kept(&self) -> std::ops::Range<usize> {
        let lo = self.case.home * self.moves.standard_len();
        lo..lo + self.moves.standard_len()
    }

    fn describe(&self) -> String {
        format!("the {} board with home {}", self.case.board, self.case.home)
    }

    fn checkpoint(&self) -> Option<(String, [u64; 3])> {
        Some((
            format!("{}-home-{}", self.case.board, self.case.home),
            [
                self.case.board.rows() as u64,
                self.case.board.cols() as u64,
                self.case.home as u64,
            ],
        ))
    }

    fn out_of_memory(&self) -> ClusterError {
        self.case.out_of_memory().into()
    }

    fn answer(&self, counts: &[u64], antipodes: &[usize], kept: &[u8]) -> CaseResult {
        census::result(&self.case, &self.moves, counts, antipodes, kept)
    }
}

/// Contiguous slices of the states, one a worker, aligned to words.
#[derive(Debug, Clone, Copy)]
struct Slices {
    len: usize,
    size: usize,
}

impl Slices {
    fn new(len: usize, peers: usize) -> Slices {
        Slices {
            len,
            size: len.div_ceil(peers).div_ceil(32).max(1) * 32,
        }
    }

    fn owner(&self, i: usize) -> usize {
        i / self.size
    }

    fn range(&self, w: usize) -> std::ops::Range<usize> {
        let lo = (w * self.size).min(self.len);
        lo..(lo + self.size).min(self.len)
    }
}

/// Runs `case` on the workers of `cluster` (this process's part of it);
/// with `checkpoints`, writes each worker's slice there after every layer
/// and resumes from the newest complete layer found (and stops after the
/// layer it names, if it names one). `progress` is called in worker 0
/// after each layer. If the processes of a hosts file do not connect in
/// time, timely's start is left waiting in a thread of its own (timely
/// then goes on printing to standard output: holding that back is the
/// caller's, as the command line's `quietly` does).
pub fn analyse(
    case: &Case,
    cluster: &Cluster,
    checkpoints: Option<&Checkpoints>,
    progress: Arc<dyn Fn(Progress) + Send + Sync>,
) -> Result<Run, ClusterError> {
    let moves = CaseSpace::new(case).ok_or_else(|| case.out_of_memory())?;
    let graph = Arc::new(CaseGraph { case: *case, moves });
    search(graph, cluster, checkpoints, progress)
}

/// Searches `graph` breadth first on the workers of `cluster`, as
/// [`analyse`] does a census case; a graph that cannot be checkpointed is
/// refused with `checkpoints`.
pub fn search<G: Graph>(
    graph: Arc<G>,
    cluster: &Cluster,
    checkpoints: Option<&Checkpoints>,
    progress: Arc<dyn Fn(Progress) + Send + Sync>,
) -> Result<Run<G::Answer>, ClusterError> {
    if checkpoints.is_some() && graph.checkpoint().is_none() {
        return Err(ClusterError::Refused(format!(
            "{} cannot be checkpointed; run it without --checkpoint",
            graph.describe()
        )));
    }
    let job = Arc::new(Job {
        graph,
        checkpoints: checkpoints.map(|c| c.dir.clone()),
        stop_after: checkpoints.and_then(|c| c.stop_after),
        workers: cluster.workers,
        progress,
    });
    // A process whose peers never come would wait for ever: the start runs
    // in a thread of its own, given `connect_timeout`. After a time-out
    // that thread is left waiting (timely cannot be told to stop); the
    // process is expected to end, as the command line does. While the
    // processes of a hosts file connect, timely prints to standard output
    // ("awaiting connections"): the library prints nothing of its own, and
    // holding that back is the caller's business ([`Cluster::networked`]).
    // The whole run lives in that thread: it reports the start, then the
    // workers' outcomes. If the cluster breaks (a process killed, a
    // connection cut, processes started with different workers), timely's
    // threads panic; the channel then closes, and that is an error here,
    // not a panic of the caller.
    let (started_tx, started_rx) = std::sync::mpsc::channel();
    let (done_tx, done_rx) = std::sync::mpsc::channel();
    let config = cluster.config();
    std::thread::spawn(move || {
        let guards = match timely::execute(config, move |worker| work(worker, &job)) {
            Ok(g) => {
                let _ = started_tx.send(Ok(()));
                g
            }
            Err(e) => {
                let _ = started_tx.send(Err(e));
                return;
            }
        };
        let outcomes = guards.join();
        let _ = done_tx.send(outcomes);
    });
    let started = started_rx.recv_timeout(cluster.connect_timeout);
    let here = cluster
        .hosts
        .get(cluster.process)
        .map_or(String::new(), |h| format!(" on {h}"));
    match started {
        Ok(Ok(())) => {}
        Ok(Err(e)) => return Err(ClusterError::Start(format!("{e}{here}"))),
        Err(std::sync::mpsc::RecvTimeoutError::Timeout) => {
            return Err(ClusterError::Start(format!(
                "the {} processes of the hosts file did not all connect within {} s",
                cluster.processes(),
                cluster.connect_timeout.as_secs()
            )));
        }
        Err(std::sync::mpsc::RecvTimeoutError::Disconnected) => {
            return Err(ClusterError::Start(format!(
                "it failed while the processes were connecting{here} (a port in use, a stray connection, or processes started with different numbers of workers?)"
            )));
        }
    }
    let Ok(outcomes) = done_rx.recv() else {
        return Err(ClusterError::Worker(
            "the cluster broke off: a process stopped or a connection was cut".into(),
        ));
    };
    let mut run = Run {
        result: None,
        exchange: Traffic::default(),
        resumed_from: None,
        discarded: None,
    };
    for outcome in outcomes {
        match outcome {
            Ok(Ok(Some(r))) => run = r,
            Ok(Ok(None)) => {}
            Ok(Err(e)) => return Err(e),
            Err(e) => return Err(ClusterError::Worker(e)),
        }
    }
    Ok(run)
}

/// Claims that arrived, each batch with the layer whose expansions sent it.
type Arrivals = Rc<RefCell<Vec<(u64, Vec<u64>)>>>;

/// What every worker needs.
struct Job<G> {
    graph: Arc<G>,
    checkpoints: Option<PathBuf>,
    stop_after: Option<u32>,
    workers: usize,
    progress: Arc<dyn Fn(Progress) + Send + Sync>,
}

/// The longest a waiting worker sleeps before it looks again (it is woken
/// at once when a message comes; this bounds the wait if a wake-up is
/// missed).
const WAIT: std::time::Duration = std::time::Duration::from_millis(1);

/// Words of the table expanded between two looks at the channels.
const STRETCH: usize = 1 << 12;

/// One worker's whole run.
fn work<G: Graph>(
    worker: &mut timely::worker::Worker,
    job: &Job<G>,
) -> Result<Option<Run<G::Answer>>, ClusterError> {
    let me = worker.index();
    let peers = worker.peers();
    let graph = Arc::clone(&job.graph);
    let len = graph.len();
    let slices = Slices::new(len, peers);
    let mine = slices.range(me);
    let (lo, hi) = (mine.start, mine.end);
    // The kept states in this slice, as ranks among all of them.
    let kept = graph.kept();
    let std_lo = lo.clamp(kept.start, kept.end) - kept.start;
    let std_hi = hi.clamp(kept.start, kept.end) - kept.start;
    let standard = |j: usize| kept.contains(&j).then(|| j - kept.start);

    let mut table = TwoBit::try_new(hi - lo).map(Rc::new);
    let mut distances = try_vec_with(std_hi - std_lo, || u8::MAX).map(|v| Rc::new(RefCell::new(v)));

    // Two dataflows: the claims, routed to their owners, and the notes.
    let mut claims: InputHandle<u64, _> = InputHandle::new();
    let claims_probe = ProbeHandle::new();
    let mut notes: InputHandle<u64, _> = InputHandle::new();
    let notes_probe = ProbeHandle::new();
    // What other workers said, by round: a worker that is ahead may say
    // its part of the next round before this one has heard all of this.
    let heard: Rc<RefCell<Vec<(u64, u32, Said)>>> = Rc::new(RefCell::new(Vec::new()));
    // Claims that arrived, by the layer that made them: a faster worker may
    // already send the next layer's claims while this one is still closing
    // the last, so they wait here until this worker gets to that layer.
    let arrivals: Arrivals = Rc::new(RefCell::new(Vec::new()));
    {
        let arrived = Rc::clone(&arrivals);
        worker.dataflow::<u64, _, _>(|scope| {
            scope
                .input_from(&mut claims)
                .container::<Vec<u64>>()
                .unary::<timely::container::CapacityContainerBuilder<Vec<u64>>, _, _, _>(
                    Exchange::new(move |j: &u64| slices.owner(*j as usize) as u64),
                    "Claim",
                    move |_, _| {
                        move |input, _output| {
                            input.for_each(|time, data| {
                                if let Some(&t) = time.least() {
                                    arrived.borrow_mut().push((t, std::mem::take(data)));
                                }
                            });
                        }
                    },
                )
                .probe_with(&claims_probe);
        });
    }
    {
        let heard = Rc::clone(&heard);
        worker.dataflow::<u64, _, _>(|scope| {
            scope
                .input_from(&mut notes)
                .container::<Vec<Note>>()
                .unary::<timely::container::CapacityContainerBuilder<Vec<()>>, _, _, _>(
                    Exchange::new(|n: &Note| u64::from(n.0)),
                    "Hear",
                    move |_, _| {
                        move |input, _output| {
                            input.for_each(|time, data| {
                                let Some(&t) = time.least() else { return };
                                heard
                                    .borrow_mut()
                                    .extend(data.drain(..).map(|(_, from, said)| (t, from, said)));
                            });
                        }
                    },
                )
                .probe_with(&notes_probe);
        });
    }
    // One round of notes: `said`, each to its worker, then what all said
    // to this one, in worker order.
    let mut round = 0u64;
    let mut talk = |worker: &mut timely::worker::Worker, said: Vec<(usize, Said)>| {
        for (to, s) in said {
            notes.send((to as u32, me as u32, s));
        }
        let this = round;
        round += 1;
        notes.advance_to(round);
        while notes_probe.less_than(notes.time()) {
            worker.step_or_park(Some(WAIT));
        }
        let all = std::mem::take(&mut *heard.borrow_mut());
        let (now, later): (Vec<_>, Vec<_>) = all.into_iter().partition(|(t, _, _)| *t == this);
        *heard.borrow_mut() = later;
        let mut now: Vec<(u32, Said)> = now.into_iter().map(|(_, f, s)| (f, s)).collect();
        now.sort_by_key(|(from, _)| *from);
        now
    };

    // Closes both dataflows and runs them down: every worker leaves
    // together, and none is left parked in timely's own last loop.
    macro_rules! run_down {
        () => {
            drop(claims);
            drop(notes);
            while !claims_probe.done() || !notes_probe.done() {
                worker.step_or_park(Some(WAIT));
            }
        };
    }

    let everyone = |said: Said| (0..peers).map(|to| (to, said.clone())).collect::<Vec<_>>();

    // Ready: every worker was started for the same job, has its table, and
    // says which checkpoints it has.
    let name = job
        .checkpoints
        .as_ref()
        .and_then(|dir| Some(Checkpoint::new(dir, job.graph.checkpoint()?, peers, me)));
    if let Some(name) = &name {
        name.remove_leftovers();
    }
    let have = name.as_ref().map(Checkpoint::layers).unwrap_or_default();
    let folder_trouble = name.as_ref().and_then(Checkpoint::foreign);
    let this_job = format!(
        "{} ({len} states) on {peers} workers, {} a process{}{}",
        graph.describe(),
        job.workers,
        if job.checkpoints.is_some() {
            ", with checkpoints"
        } else {
            ""
        },
        job.stop_after
            .map_or(String::new(), |d| format!(", stopping after layer {d}"))
    );
    let ok = table.is_some() && distances.is_some();
    let heard_now = talk(
        worker,
        everyone(Said::Ready {
            job: this_job.clone(),
            ok,
            checkpoints: have,
            trouble: folder_trouble,
        }),
    );
    let mut common: Option<Vec<u32>> = None;
    let mut refusal = None;
    for (_, said) in &heard_now {
        let Said::Ready {
            job: other,
            ok,
            checkpoints,
            trouble,
        } = said
        else {
            continue;
        };
        if *other != this_job {
            refusal.get_or_insert(ClusterError::Mismatch {
                this: this_job.clone(),
                other: other.clone(),
            });
        } else if !ok {
            refusal.get_or_insert(graph.out_of_memory());
        } else if let Some(t) = trouble {
            refusal.get_or_insert(ClusterError::Resume(t.clone()));
        }
        common = Some(match common {
            None => checkpoints.clone(),
            Some(c) => c.into_iter().filter(|d| checkpoints.contains(d)).collect(),
        });
    }
    if let Some(e) = refusal {
        run_down!();
        return Err(e);
    }
    let resume = common.unwrap_or_default().into_iter().max();
    let discarded = if resume.is_none() {
        heard_now
            .iter()
            .filter_map(|(_, s)| match s {
                Said::Ready { checkpoints, .. } => checkpoints.iter().max().copied(),
                _ => None,
            })
            .max()
    } else {
        None
    };

    let mut counts: Vec<u64> = Vec::new();
    let mut layer = Layer::FIRST;
    if let (Some(depth), Some(name)) = (resume, &name) {
        // The fresh tables make room for the saved ones.
        table = None;
        distances = None;
        let loaded = name.read(depth, hi - lo, std_hi - std_lo);
        let trouble = loaded.as_ref().err().map(ToString::to_string);
        if let Ok(state) = loaded {
            table = Some(Rc::new(state.table));
            distances = Some(Rc::new(RefCell::new(state.distances)));
            counts = state.counts;
            layer = Layer::at(depth);
        }
        // The claims' rounds are the layers: go on at this one.
        claims.advance_to(u64::from(depth));
        let heard_now = talk(
            worker,
            everyone(Said::Loaded {
                trouble,
                counts: counts.clone(),
            }),
        );
        let mut refusal = None;
        for (from, said) in heard_now {
            if let Said::Loaded { trouble, counts: c } = said {
                if let Some(t) = trouble {
                    refusal.get_or_insert(ClusterError::Resume(t));
                } else if c != counts && refusal.is_none() {
                    refusal.get_or_insert(ClusterError::Resume(format!(
                        "the checkpoints of layer {depth} disagree: worker {from} counts {} states, worker {me} {}",
                        c.iter().sum::<u64>(),
                        counts.iter().sum::<u64>()
                    )));
                }
            }
        }
        if let Some(e) = refusal {
            run_down!();
            return Err(e);
        }
    }
    let (Some(table), Some(distances)) = (table, distances) else {
        unreachable!("every worker said it is ready");
    };
    // Claims the states that arrived from `layer`'s expansions elsewhere.
    let take_arrivals = |layer: Layer, distances: &mut [u8]| -> u64 {
        let depth = (layer.depth() + 1) as u8;
        let mut next = table.next(layer);
        arrivals.borrow_mut().retain(|(t, data)| {
            if *t != u64::from(layer.depth()) {
                return true;
            }
            for &j in data {
                let j = j as usize;
                if next.claim(j - lo)
                    && let Some(r) = standard(j)
                {
                    distances[r - std_lo] = depth;
                }
            }
            false
        });
        next.claimed()
    };

    let start = graph.start();
    if counts.is_empty() {
        if mine.contains(&start) {
            table.claim_start(start - lo);
            if let Some(r) = standard(start) {
                distances.borrow_mut()[r - std_lo] = 0;
            }
        }
        counts.push(1);
    }

    let mut traffic = Traffic::default();
    let process_of = |w: usize| w / job.workers;
    let mut written: Option<u32> = None;
    let mut trouble: Option<String> = None;
    let mut stopped = false;
    // The checkpoint folder, as errors name it.
    let folder = job
        .checkpoints
        .as_ref()
        .map_or(String::new(), |d| d.display().to_string());
    loop {
        // Expand this layer, a stretch of words at a time.
        let mut claimed = 0u64;
        let depth = (layer.depth() + 1) as u8;
        let mut w = 0;
        let mut js = [0usize; MAX_NEIGHBOURS];
        while w < table.words() {
            let end = (w + STRETCH).min(table.words());
            let mut next = table.next(layer);
            {
                let mut distances = distances.borrow_mut();
                table.expand_words(layer, w..end, &mut next, |i, next| {
                    let count = graph.neighbours(lo + i, &mut js);
                    let mut local = [0usize; MAX_NEIGHBOURS];
                    let mut n = 0;
                    for &j in &js[..count] {
                        if mine.contains(&j) {
                            local[n] = j - lo;
                            n += 1;
                        } else {
                            let owner = slices.owner(j);
                            if process_of(owner) == process_of(me) {
                                traffic.to_workers += 1;
                            } else {
                                traffic.to_processes += 1;
                            }
                            claims.send(j as u64);
                        }
                    }
                    traffic.kept += n as u64;
                    next.claim_all(&local[..n], |k, _| {
                        if let Some(r) = standard(lo + local[k]) {
                            distances[r - std_lo] = depth;
                        }
                    });
                });
            }
            claimed += next.claimed();
            worker.step();
            claimed += take_arrivals(layer, &mut distances.borrow_mut());
            w = end;
        }
        claims.advance_to(u64::from(layer.depth()) + 1);
        while claims_probe.less_than(claims.time()) {
            worker.step_or_park(Some(WAIT));
        }
        claimed += take_arrivals(layer, &mut distances.borrow_mut());
        // How many states the workers claimed, all told.
        let said = Said::Claimed {
            states: claimed,
            trouble: trouble.take(),
        };
        let heard_now = talk(worker, everyone(said));
        let mut total = 0u64;
        for (_, s) in heard_now {
            if let Said::Claimed { states, trouble } = s {
                if let Some(t) = trouble {
                    run_down!();
                    return Err(ClusterError::Checkpoint {
                        path: folder.clone(),
                        why: t,
                    });
                }
                total += states;
            }
        }
        // Every worker has written its checkpoint of the layer before: the
        // older one may go.
        if let (Some(name), Some(d)) = (&name, written) {
            name.remove_before(d);
        }
        if total == 0 {
            break;
        }
        layer = table.close(layer);
        counts.push(total);
        if me == 0 {
            (job.progress)(Progress {
                part: 0,
                parts: 1,
                layer: layer.depth(),
                found: counts.iter().sum(),
                total: len as u64,
            });
        }
        if let Some(name) = &name {
            match name.write(layer.depth(), &counts, &table, &distances.borrow()) {
                Ok(()) => written = Some(layer.depth()),
                Err(e) => trouble = Some(e.to_string()),
            }
            if job.stop_after.is_some_and(|d| layer.depth() >= d) {
                stopped = true;
                break;
            }
        }
    }
    if stopped {
        // Every worker says whether its checkpoint is written, then all stop.
        let said = Said::Claimed {
            states: 0,
            trouble: trouble.take(),
        };
        let heard_now = talk(worker, everyone(said));
        run_down!();
        for (_, s) in heard_now {
            if let Said::Claimed {
                trouble: Some(t), ..
            } = s
            {
                return Err(ClusterError::Checkpoint {
                    path: folder,
                    why: t,
                });
            }
        }
        if let Some(name) = &name {
            name.remove_before(layer.depth());
        }
        return Err(ClusterError::Stopped {
            layer: layer.depth(),
            dir: folder,
        });
    }

    // Gather the answer in worker 0.
    let antipodes: Vec<u64> = table
        .states_of(layer)
        .take(ANTIPODES_LISTED)
        .map(|i| (lo + i) as u64)
        .collect();
    drop(table);
    let done = Said::Done {
        antipodes,
        traffic,
        first: std_lo as u64,
        distances: std::mem::take(&mut *distances.borrow_mut()),
    };
    drop(distances);
    let heard_now = talk(worker, vec![(0, done)]);
    run_down!();
    if me != 0 {
        return Ok(None);
    }
    let mut antipodes = Vec::new();
    let mut all = Traffic {
        states: len as u64,
        ..Traffic::default()
    };
    let mut standard = try_vec_with(kept.len(), || u8::MAX).ok_or_else(|| graph.out_of_memory())?;
    for (_, s) in heard_now {
        if let Said::Done {
            antipodes: a,
            traffic: t,
            first,
            distances: d,
        } = s
        {
            antipodes.extend(a.into_iter().map(|i| i as usize));
            all.kept += t.kept;
            all.to_workers += t.to_workers;
            all.to_processes += t.to_processes;
            let first = first as usize;
            standard[first..first + d.len()].copy_from_slice(&d);
        }
    }
    antipodes.sort_unstable();
    antipodes.truncate(ANTIPODES_LISTED);
    let result = graph.answer(&counts, &antipodes, &standard);
    Ok(Some(Run {
        result: Some(result),
        exchange: all,
        resumed_from: resume,
        discarded,
    }))
}

/// One worker's checkpoint files in a folder.
struct Checkpoint {
    dir: PathBuf,
    /// What the header says besides the sizes: the format, the case and
    /// this worker's place.
    identity: [u64; 6],
    /// The case's part of the file names.
    case: String,
    peers: usize,
    worker: usize,
}

/// What the name of a checkpoint file says:
/// `{case}.worker-{worker}-of-{peers}.layer-{layer}.ckpt`, as
/// [`Checkpoint::path`] writes it.
#[derive(Debug, PartialEq, Eq)]
struct CheckpointName<'a> {
    case: &'a str,
    worker: usize,
    peers: usize,
    layer: u32,
}

impl CheckpointName<'_> {
    /// Reads a file name; `None` unless it is exactly such a name, with
    /// its numbers written as `path` writes them (no sign, no leading
    /// zero) and at least one worker.
    fn parse(name: &str) -> Option<CheckpointName<'_>> {
        fn number<T: std::str::FromStr>(digits: &str) -> Option<T> {
            let plain = !digits.is_empty()
                && digits.bytes().all(|b| b.is_ascii_digit())
                && (digits == "0" || !digits.starts_with('0'));
            plain.then(|| digits.parse().ok()).flatten()
        }
        let (rest, layer) = name.strip_suffix(".ckpt")?.rsplit_once(".layer-")?;
        let (case, workers) = rest.rsplit_once(".worker-")?;
        let (worker, peers) = workers.split_once("-of-")?;
        let n = CheckpointName {
            case,
            worker: number(worker)?,
            peers: number(peers)?,
            layer: number(layer)?,
        };
        (n.peers > 0 && n.worker < n.peers).then_some(n)
    }
}

/// What a checkpoint holds.
struct Saved {
    counts: Vec<u64>,
    table: TwoBit,
    distances: Vec<u8>,
}

/// The first bytes of a checkpoint.
const MAGIC: &[u8; 8] = b"SCHOFCKP";
/// The checkpoint format's version.
const CHECKPOINT_VERSION: u64 = 1;
/// The header's eight-byte fields after the magic: the identity (version,
/// rows, columns, home, workers, this worker), then the layer, the number
/// of counts, the slice's states and its standard positions.
const HEADER_FIELDS: usize = 10;

impl Checkpoint {
    fn new(dir: &Path, (name, ids): (String, [u64; 3]), peers: usize, me: usize) -> Checkpoint {
        Checkpoint {
            dir: dir.to_path_buf(),
            worker: me,
            identity: [
                CHECKPOINT_VERSION,
                ids[0],
                ids[1],
                ids[2],
                peers as u64,
                me as u64,
            ],
            case: name,
            peers,
        }
    }

    /// Trouble if the folder holds checkpoints of this case for another
    /// number of workers: resuming them needs that number, and starting
    /// again beside them would silently throw them away.
    fn foreign(&self) -> Option<String> {
        let entries = fs::read_dir(&self.dir).ok()?;
        for e in entries.flatten() {
            let Ok(name) = e.file_name().into_string() else {
                continue;
            };
            let Some(n) = CheckpointName::parse(&name) else {
                continue;
            };
            if n.case == self.case && n.peers != self.peers {
                return Some(format!(
                    "{} holds checkpoints of the {} case for {} workers, and this run has {}: run it with {} workers, or give another folder",
                    self.dir.display(),
                    self.case,
                    n.peers,
                    self.peers,
                    n.peers
                ));
            }
        }
        None
    }

    /// What this worker's file names begin with.
    fn stem(&self) -> String {
        format!("{}.worker-{}-of-{}", self.case, self.worker, self.peers)
    }

    /// The start of this worker's temporary files' names.
    fn temporary_prefix(&self) -> String {
        format!(".{}.", self.stem())
    }

    /// Removes this worker's temporary files that an interrupted run left.
    fn remove_leftovers(&self) {
        let Ok(entries) = fs::read_dir(&self.dir) else {
            return;
        };
        let prefix = self.temporary_prefix();
        for e in entries.flatten() {
            if e.file_name()
                .to_str()
                .is_some_and(|n| n.starts_with(&prefix))
            {
                let _ = fs::remove_file(e.path());
            }
        }
    }

    /// The file of layer `depth`'s checkpoint (its name is read back by
    /// [`CheckpointName::parse`]).
    fn path(&self, depth: u32) -> PathBuf {
        self.dir.join(format!("{}.layer-{depth}.ckpt", self.stem()))
    }

    /// The layers this worker has checkpoints of.
    fn layers(&self) -> Vec<u32> {
        let Ok(entries) = fs::read_dir(&self.dir) else {
            return Vec::new();
        };
        entries
            .filter_map(|e| {
                let name = e.ok()?.file_name().into_string().ok()?;
                let n = CheckpointName::parse(&name)?;
                (n.case == self.case && n.peers == self.peers && n.worker == self.worker)
                    .then_some(n.layer)
            })
            .collect()
    }

    fn remove_before(&self, depth: u32) {
        for d in self.layers() {
            if d < depth {
                let _ = fs::remove_file(self.path(d));
            }
        }
    }

    /// Writes the state after layer `depth` was closed: a temporary file,
    /// renamed into place, ending in the checksum of all before it.
    fn write(
        &self,
        depth: u32,
        counts: &[u64],
        table: &TwoBit,
        distances: &[u8],
    ) -> io::Result<()> {
        fs::create_dir_all(&self.dir)?;
        let prefix = self.temporary_prefix();
        crate::board::store::write_atomically_with(&self.path(depth), &prefix, |out| {
            let mut out = Hashing::new(out);
            out.write_all(MAGIC)?;
            let sizes = [
                u64::from(depth),
                counts.len() as u64,
                table.len() as u64,
                distances.len() as u64,
            ];
            for x in self.identity.iter().chain(&sizes) {
                out.write_all(&x.to_le_bytes())?;
            }
            for c in counts {
                out.write_all(&c.to_le_bytes())?;
            }
            table.write_to(&mut out)?;
            out.write_all(distances)?;
            let sum = out.hash.digest();
            out.inner.write_all(&sum.to_le_bytes())
        })
    }

    /// Reads the checkpoint of layer `depth`: the checksum first, then
    /// each field against what this worker expects.
    fn read(&self, depth: u32, states: usize, standard: usize) -> Result<Saved, ClusterError> {
        let path = self.path(depth);
        let bad = |why: String| ClusterError::Checkpoint {
            path: path.display().to_string(),
            why,
        };
        let io = |e: io::Error| bad(e.to_string());
        let size = fs::metadata(&path).map_err(io)?.len();
        let expected_size = 8
            + 8 * HEADER_FIELDS as u64
            + 8 * (u64::from(depth) + 1)
            + TwoBit::bytes(states as u64)
            + standard as u64
            + 8;
        if size != expected_size {
            return Err(bad(format!(
                "{size} bytes, where this worker's checkpoint of layer {depth} has {expected_size}"
            )));
        }
        // The checksum, over everything but its own eight bytes.
        {
            let mut input = BufReader::new(fs::File::open(&path).map_err(io)?).take(size - 8);
            let mut hash = xxhash_rust::xxh3::Xxh3::new();
            let mut buffer = vec![0u8; 1 << 16];
            loop {
                let n = input.read(&mut buffer).map_err(io)?;
                if n == 0 {
                    break;
                }
                hash.update(&buffer[..n]);
            }
            let mut stored = [0u8; 8];
            input.into_inner().read_exact(&mut stored).map_err(io)?;
            if hash.digest() != u64::from_le_bytes(stored) {
                return Err(bad(
                    "its checksum does not match: the file is damaged".into()
                ));
            }
        }
        let mut input = BufReader::new(fs::File::open(&path).map_err(io)?);
        let next = |input: &mut BufReader<fs::File>| -> Result<u64, ClusterError> {
            let mut word = [0u8; 8];
            input.read_exact(&mut word).map_err(io)?;
            Ok(u64::from_le_bytes(word))
        };
        let mut magic = [0u8; 8];
        input.read_exact(&mut magic).map_err(io)?;
        if &magic != MAGIC {
            return Err(bad("not a schofield checkpoint".into()));
        }
        let mut identity = [0u64; 6];
        for x in &mut identity {
            *x = next(&mut input)?;
        }
        if identity != self.identity {
            return Err(bad(format!(
                "it belongs to another run (format {}, a {}x{} board, home {}, worker {} of {})",
                identity[0], identity[1], identity[2], identity[3], identity[5], identity[4]
            )));
        }
        let fields = [
            next(&mut input)?,
            next(&mut input)?,
            next(&mut input)?,
            next(&mut input)?,
        ];
        let expected = [
            u64::from(depth),
            u64::from(depth) + 1,
            states as u64,
            standard as u64,
        ];
        if fields != expected {
            return Err(bad(format!(
                "it holds layer {}, {} counts, {} states and {} standard positions; this worker expects {}, {}, {} and {}",
                fields[0],
                fields[1],
                fields[2],
                fields[3],
                expected[0],
                expected[1],
                expected[2],
                expected[3]
            )));
        }
        let counts = (0..=depth)
            .map(|_| next(&mut input))
            .collect::<Result<Vec<u64>, _>>()?;
        let out_of_memory = || bad(format!("its {size} bytes of tables cannot be had"));
        let table = TwoBit::read_from(states, &mut input)
            .map_err(io)?
            .ok_or_else(out_of_memory)?;
        let mut distances = try_vec_with(standard, || 0u8).ok_or_else(out_of_memory)?;
        input.read_exact(&mut distances).map_err(io)?;
        Ok(Saved {
            counts,
            table,
            distances,
        })
    }
}

/// A writer that hashes what passes through it.
struct Hashing<W: Write> {
    inner: W,
    hash: xxhash_rust::xxh3::Xxh3,
}

impl<W: Write> Hashing<W> {
    fn new(inner: W) -> Self {
        Hashing {
            inner,
            hash: xxhash_rust::xxh3::Xxh3::new(),
        }
    }
}

impl<W: Write> Write for Hashing<W> {
    fn write(&mut self, buf: &[u8]) -> io::Result<usize> {
        let n = self.inner.write(buf)?;
        self.hash.update(&buf[..n]);
        Ok(n)
    }

    fn flush(&mut self) -> io::Result<()> {
        self.inner.flush()
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_checkpoint_name_reads_back_as_written() {
        let case = Case::new("3x4".parse().unwrap(), 11).unwrap();
        let graph = CaseGraph {
            case,
            moves: CaseSpace::new(&case).unwrap(),
        };
        for (me, peers, depth) in [(0, 1, 0), (1, 2, 17), (15, 16, 4000)] {
            let c = Checkpoint::new(Path::new("/tmp/x"), graph.checkpoint().unwrap(), peers, me);
            let path = c.path(depth);
            let name = path.file_name().unwrap().to_str().unwrap();
            assert_eq!(
                CheckpointName::parse(name),
                Some(CheckpointName {
                    case: "3x4-home-11",
                    worker: me,
                    peers,
                    layer: depth,
                })
            );
        }
        for name in [
            "3x4-home-11.worker-0-of-2.layer-5.ckpt.tmp",
            "3x4-home-11.worker-0-of-2.layer-05.ckpt",
            "3x4-home-11.worker-0-of-2.layer-+5.ckpt",
            "3x4-home-11.worker-0-of-2.layer-.ckpt",
            "3x4-home-11.worker-2-of-2.layer-5.ckpt",
            "3x4-home-11.worker-0-of-0.layer-5.ckpt",
            "3x4-home-11.worker-0-of-02.layer-5.ckpt",
            "3x4-home-11.worker-0.layer-5.ckpt",
            ".3x4-home-11.worker-0-of-2.layer-5.ckpt.abc123",
        ] {
            assert_eq!(CheckpointName::parse(name), None, "{name}");
        }
    }
}
