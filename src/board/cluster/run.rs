//! One run on the cluster: timely started in a thread of its own, the
//! wait for its processes to connect and then for its workers' outcomes,
//! with each process's liveness watched, and the answer made from what
//! worker 0 gathered.

use super::worker::{Gathered, Job, work};
use super::{CaseGraph, Checkpoints, Cluster, ClusterError, Graph, Run, Traffic};
use crate::board::Progress;
use crate::board::census::{Case, CaseSpace};
use std::sync::Arc;

/// When each process of a run was last heard from, in milliseconds since
/// the run started: written by the workers that hear the others' pulses,
/// read by the thread that waits for the run.
pub(crate) struct Liveness {
    start: std::time::Instant,
    heard: Vec<std::sync::atomic::AtomicU64>,
    /// A worker of this process broke off (its thread panicked).
    broken: std::sync::atomic::AtomicBool,
}

impl Liveness {
    fn new(processes: usize) -> Liveness {
        Liveness {
            start: std::time::Instant::now(),
            heard: (0..processes)
                .map(|_| std::sync::atomic::AtomicU64::new(0))
                .collect(),
            broken: std::sync::atomic::AtomicBool::new(false),
        }
    }

    /// A worker of this process broke off.
    pub(crate) fn broke(&self) {
        self.broken
            .store(true, std::sync::atomic::Ordering::Relaxed);
    }

    fn now(&self) -> u64 {
        self.start.elapsed().as_millis() as u64
    }

    /// Process `p` was heard from just now.
    pub(crate) fn heard(&self, p: usize) {
        if let Some(h) = self.heard.get(p) {
            h.fetch_max(self.now(), std::sync::atomic::Ordering::Relaxed);
        }
    }

    /// Every process counts as heard from now (when the run starts).
    fn all_heard(&self) {
        for p in 0..self.heard.len() {
            self.heard(p);
        }
    }

    /// The process, other than `me`, heard from longest ago, if that is
    /// more than `timeout` ago; with how long.
    fn silent(&self, me: usize, timeout: std::time::Duration) -> Option<(usize, u64)> {
        let now = self.now();
        self.heard
            .iter()
            .enumerate()
            .filter(|&(p, _)| p != me)
            .map(|(p, h)| {
                (
                    p,
                    now.saturating_sub(h.load(std::sync::atomic::Ordering::Relaxed)),
                )
            })
            .filter(|&(_, quiet)| quiet > timeout.as_millis() as u64)
            .max_by_key(|&(_, quiet)| quiet)
    }
}

/// Runs `case` on the workers of `cluster` (this process's part of it);
/// with `checkpoints`, writes each worker's slice there after every layer
/// and resumes from the newest complete layer found (and stops after the
/// layer it names, if it names one). `progress` is called in worker 0
/// after each layer. If the processes of a hosts file do not connect in
/// time, the connection is left waiting in a thread of its own. (Timely
/// prints to standard output when a connection breaks: holding that back
/// is the caller's, as the command line's `quietly` does.)
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
    let liveness = Arc::new(Liveness::new(cluster.processes()));
    let job = Arc::new(Job {
        graph: Arc::clone(&graph),
        checkpoints: checkpoints.map(|c| (c.dir.clone(), c.key.clone())),
        stop_after: checkpoints.and_then(|c| c.stop_after),
        workers: cluster.workers,
        progress,
        liveness: Arc::clone(&liveness),
    });
    // The run lives in a thread of its own; the waits are bounded.
    let (started_rx, done_rx) = spawn(cluster, job);
    wait_to_start(cluster, started_rx)?;
    let outcomes = wait_for_outcomes(cluster, &liveness, done_rx)?;
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
    Ok(Run {
        result: run
            .result
            .map(|(counts, antipodes, kept)| graph.answer(&counts, &antipodes, &kept)),
        exchange: run.exchange,
        resumed_from: run.resumed_from,
        discarded: run.discarded,
    })
}

/// What the thread of a run sends once timely has started (or failed to).
type Started = Result<(), String>;

/// The outcome of each worker thread of this process: its part of the
/// answer, or its error, or the panic that ended it.
type Outcomes = Vec<Result<Result<Option<Run<Gathered>>, ClusterError>, String>>;

/// Starts the run in a thread of its own, where it lives: the thread
/// reports the start, then the workers' outcomes.
///
/// A process whose peers never come would wait for ever, so the caller
/// waits for the start only as long as `connect_timeout`. After a
/// time-out that thread is left waiting (a dial or an `accept` cannot be
/// told to stop);
/// the process is expected to end, as the command line does. The
/// processes of a hosts file are connected by `connect.rs`, not by
/// timely, which would look for its peers once a second only.
/// If the cluster breaks (a process killed, a connection cut, processes
/// started with different workers), timely's threads panic; the channel
/// then closes, or a worker says it broke off ([`Liveness::broke`]), and
/// that is an error of the run, not a panic of the caller.
fn spawn<G: Graph>(
    cluster: &Cluster,
    job: Arc<Job<G>>,
) -> (
    std::sync::mpsc::Receiver<Started>,
    std::sync::mpsc::Receiver<Outcomes>,
) {
    let (started_tx, started_rx) = std::sync::mpsc::channel();
    let (done_tx, done_rx) = std::sync::mpsc::channel();
    let cluster = cluster.clone();
    std::thread::spawn(move || {
        let started = super::connect::communication(&cluster).and_then(|(builders, others)| {
            timely::execute::execute_from(
                builders,
                others,
                timely::WorkerConfig::default(),
                move |worker| work(worker, &job),
            )
        });
        let guards = match started {
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
    (started_rx, done_rx)
}

/// Waits for the processes to connect and timely to start, at most the
/// cluster's connect time-out.
fn wait_to_start(
    cluster: &Cluster,
    started: std::sync::mpsc::Receiver<Started>,
) -> Result<(), ClusterError> {
    let started = started.recv_timeout(cluster.connect_timeout);
    let here = cluster
        .hosts
        .get(cluster.process)
        .map_or(String::new(), |h| format!(" on {h}"));
    match started {
        Ok(Ok(())) => Ok(()),
        Ok(Err(e)) => Err(ClusterError::Start(format!("{e}{here}"))),
        Err(std::sync::mpsc::RecvTimeoutError::Timeout) => Err(ClusterError::Start(format!(
            "the {} processes of the hosts file did not all connect within {} s",
            cluster.processes(),
            cluster.connect_timeout.as_secs()
        ))),
        Err(std::sync::mpsc::RecvTimeoutError::Disconnected) => Err(ClusterError::Start(format!(
            "it failed while the processes were connecting{here} (processes started with different numbers of workers?)"
        ))),
    }
}

/// Waits for the workers' outcomes once the run is under way: every
/// process counts as heard from now, and one that stays silent past the
/// peer time-out ends the wait (its threads are left, as after a connect
/// time-out).
fn wait_for_outcomes(
    cluster: &Cluster,
    liveness: &Liveness,
    done: std::sync::mpsc::Receiver<Outcomes>,
) -> Result<Outcomes, ClusterError> {
    liveness.all_heard();
    loop {
        let looked = std::time::Instant::now();
        let heard = done.recv_timeout(std::time::Duration::from_millis(200));
        // A wait far longer than asked for means this process was itself
        // stopped (kill -STOP) and has just been woken: the others' silence
        // is its own, and they count as heard from now.
        if looked.elapsed() > cluster.peer_timeout / 2 {
            liveness.all_heard();
        }
        let broken = liveness.broken.load(std::sync::atomic::Ordering::Relaxed);
        match heard {
            Ok(outcomes) => return Ok(outcomes),
            // A worker that broke off may leave timely's threads waiting
            // for ever: its failure is the run's at once.
            Err(e) if broken || e == std::sync::mpsc::RecvTimeoutError::Disconnected => {
                return Err(ClusterError::Worker(
                    "the cluster broke off: a process stopped or a connection was cut".into(),
                ));
            }
            Err(_) => {
                if let Some((process, quiet)) = cluster
                    .networked()
                    .then(|| liveness.silent(cluster.process, cluster.peer_timeout))
                    .flatten()
                {
                    return Err(ClusterError::Silent {
                        process,
                        host: cluster.hosts[process].clone(),
                        seconds: quiet / 1000,
                    });
                }
            }
        }
    }
}
