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
//! slice in the layer ([`crate::board::two_bit::TwoBit::expand_words`]); a neighbour in its own
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

use crate::board::census::{self, Case, CaseError, CaseResult, CaseSpace};
use run::Liveness;
use serde::{Deserialize, Serialize};

pub use crate::board::store::checkpoint::{CheckpointKey, Checkpoints};

mod connect;
mod run;
mod worker;

pub use run::{analyse, search};

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
    peer_timeout: std::time::Duration,
}

/// How long the processes of a hosts file have to connect to each other,
/// unless [`Cluster::with_connect_timeout`] says otherwise.
pub const CONNECT_TIMEOUT: std::time::Duration = std::time::Duration::from_secs(120);

/// How long a process of a hosts file may say nothing before the others
/// give up on it, unless [`Cluster::with_peer_timeout`] says otherwise.
/// Every worker says it is alive at least once a second, whatever it is
/// doing between its looks at the network (expanding a layer, waiting for
/// the others); only writing or reading a checkpoint keeps it quiet longer.
pub const PEER_TIMEOUT: std::time::Duration = std::time::Duration::from_secs(60);

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
    /// A process of the hosts file said nothing for longer than the
    /// cluster's peer time-out.
    #[error(
        "process {process} ({host}) has said nothing for {seconds} s: it is stopped, frozen or cut off, so this run ends here (give --peer-timeout more seconds if it was only busy)"
    )]
    Silent {
        /// The silent process.
        process: usize,
        /// Its line of the hosts file.
        host: String,
        /// How long it has been silent.
        seconds: u64,
    },
    /// A checkpoint could not be written or read.
    #[error("checkpoint {path}: {why}")]
    Checkpoint {
        /// The file.
        path: String,
        /// Why.
        why: String,
    },
}

/// A hosts-file line as [`ClusterError::Host`] shows it: as every message
/// quotes input ([`crate::text::quoted`]), its control characters named
/// and a long line cut.
fn shown_line(text: &str) -> String {
    crate::text::quoted(text)
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
            peer_timeout: PEER_TIMEOUT,
        })
    }

    /// The same cluster, whose processes have `timeout` to connect.
    pub fn with_connect_timeout(self, timeout: std::time::Duration) -> Cluster {
        Cluster {
            connect_timeout: timeout,
            ..self
        }
    }

    /// The same cluster, whose processes give up on one that has said
    /// nothing for `timeout` ([`PEER_TIMEOUT`] by default): a process that
    /// is stopped (`kill -STOP`), frozen or cut off without its
    /// connection closing.
    pub fn with_peer_timeout(self, timeout: std::time::Duration) -> Cluster {
        Cluster {
            peer_timeout: timeout,
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
                // Names, IPv4 and bracketed IPv6 addresses (with a zone).
                || !host
                    .chars()
                    .all(|c| c.is_ascii_alphanumeric() || ".-_[]:%".contains(c))
                || port.parse::<u16>().is_err()
                || port.parse::<u16>() == Ok(0)
            {
                return Err(bad());
            }
            if hosts.iter().any(|h| h == line) {
                return Err(ClusterError::Refused(format!(
                    "hosts file line {}: {} is given twice; each process needs its own HOST:PORT",
                    k + 1,
                    crate::text::quoted(line)
                )));
            }
            hosts.push(line.to_string());
        }
        if hosts.is_empty() || hosts.len() > MAX_PROCESSES {
            return Err(ClusterError::Hosts(hosts.len()));
        }
        Ok(hosts)
    }

    /// True when the processes of a hosts file connect over the network
    /// (timely then prints to standard output if a connection breaks).
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
    /// The most neighbours a state has: a puzzle's moves, a board's four
    /// directions.
    fn most_neighbours(&self) -> usize;
    /// Writes the neighbours of state `i` into `out`, which holds
    /// [`Graph::most_neighbours`]; how many.
    fn neighbours(&self, i: usize, out: &mut [usize]) -> usize;
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

    fn most_neighbours(&self) -> usize {
        4
    }

    #[inline]
    fn neighbours(&self, i: usize, out: &mut [usize]) -> usize {
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
