//! One worker of a distributed search: its share of the states, its two
//! dataflows (the claims, routed to their owners, and the notes the
//! workers exchange), and its run from the agreed start through every
//! layer to its part of the answer.

use super::{ClusterError, Graph, Liveness, MAX_NEIGHBOURS, Run, Slices, Traffic};
use crate::board::census::ANTIPODES_LISTED;
use crate::board::store::checkpoint::{Checkpoint, CheckpointKey, Slice};
use crate::board::two_bit::{Layer, Tally, TwoBit};
use crate::board::{Progress, try_vec_with};
use crate::text::quoted_path;
use serde::{Deserialize, Serialize};
use std::cell::RefCell;
use std::path::PathBuf;
use std::rc::Rc;
use std::sync::Arc;
use timely::container::CapacityContainerBuilder;
use timely::dataflow::channels::pact::Exchange;
use timely::dataflow::operators::generic::operator::Operator;
use timely::dataflow::operators::{Input, Probe};
use timely::dataflow::{InputHandle, ProbeHandle};

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
        /// The states its table holds as old, and as the last layer.
        old: u64,
        frontier: u64,
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

/// Claims that arrived, each batch with the layer whose expansions sent it.
type Arrivals = Rc<RefCell<Vec<(u64, Vec<u64>)>>>;

/// What every worker needs.
pub(super) struct Job<G> {
    /// The graph searched.
    pub(super) graph: Arc<G>,
    /// The checkpoint folder, if any.
    pub(super) checkpoints: Option<(PathBuf, CheckpointKey)>,
    /// The layer to stop after, if any.
    pub(super) stop_after: Option<u32>,
    /// Worker threads a process.
    pub(super) workers: usize,
    /// Hears of each layer (in worker 0).
    pub(super) progress: Arc<dyn Fn(Progress) + Send + Sync>,
    /// When each process was last heard from.
    pub(super) liveness: Arc<Liveness>,
}

/// How often a worker tells the other processes it is alive.
const PULSE: std::time::Duration = std::time::Duration::from_secs(1);

/// The longest a waiting worker sleeps before it looks again (it is woken
/// at once when a message comes; this bounds the wait if a wake-up is
/// missed).
const WAIT: std::time::Duration = std::time::Duration::from_millis(1);

/// Words of the table expanded between two looks at the channels.
const STRETCH: usize = 1 << 12;

/// The states one worker owns: its slice `lo … hi − 1`, and the kept
/// states in it, `std_lo … std_hi − 1` counted among all the kept ones.
struct Share {
    me: usize,
    peers: usize,
    slices: Slices,
    lo: usize,
    hi: usize,
    kept: std::ops::Range<usize>,
    std_lo: usize,
    std_hi: usize,
}

impl Share {
    fn new(graph: &impl Graph, me: usize, peers: usize) -> Share {
        let slices = Slices::new(graph.len(), peers);
        let mine = slices.range(me);
        let kept = graph.kept();
        let clamp = |i: usize| i.clamp(kept.start, kept.end) - kept.start;
        Share {
            me,
            peers,
            slices,
            lo: mine.start,
            hi: mine.end,
            std_lo: clamp(mine.start),
            std_hi: clamp(mine.end),
            kept,
        }
    }

    fn owns(&self, j: usize) -> bool {
        (self.lo..self.hi).contains(&j)
    }

    /// Where state `j` (one of this worker's) keeps its distance, if it is
    /// a kept state.
    fn distance_slot(&self, j: usize) -> Option<usize> {
        self.kept
            .contains(&j)
            .then(|| j - self.kept.start - self.std_lo)
    }
}

/// A worker's two dataflows, the claims (routed to their owners) and the
/// notes, and its rounds of notes.
struct Channels {
    claims: InputHandle<u64, CapacityContainerBuilder<Vec<u64>>>,
    claims_probe: ProbeHandle<u64>,
    notes: InputHandle<u64, CapacityContainerBuilder<Vec<Note>>>,
    notes_probe: ProbeHandle<u64>,
    /// What other workers said, by round: a worker that is ahead may say
    /// its part of the next round before this one has heard all of this.
    heard: Rc<RefCell<Vec<(u64, u32, Said)>>>,
    /// Claims that arrived, by the layer that made them: a faster worker
    /// may already send the next layer's claims while this one is still
    /// closing the last, so they wait here until this worker gets to that
    /// layer.
    arrivals: Arrivals,
    round: u64,
    me: usize,
    peers: usize,
    /// Pulses to the first worker of every other process, a pulse naming
    /// the process it comes from, each in a round of its own.
    pulses: InputHandle<u64, CapacityContainerBuilder<Vec<(u32, u32)>>>,
    pulses_probe: ProbeHandle<u64>,
    /// This worker's process, the processes and their workers each.
    process: usize,
    processes: usize,
    workers: usize,
    /// When this worker last sent its pulses.
    pulsed: Option<std::time::Instant>,
    /// Where the run hears that this worker broke off.
    liveness: Arc<Liveness>,
}

impl Channels {
    fn new(
        worker: &mut timely::worker::Worker,
        slices: Slices,
        workers: usize,
        liveness: &Arc<Liveness>,
    ) -> Channels {
        let mut claims = InputHandle::new();
        let claims_probe = ProbeHandle::new();
        let mut notes = InputHandle::new();
        let notes_probe = ProbeHandle::new();
        let heard: Rc<RefCell<Vec<(u64, u32, Said)>>> = Rc::new(RefCell::new(Vec::new()));
        let arrivals: Arrivals = Rc::new(RefCell::new(Vec::new()));
        {
            let arrived = Rc::clone(&arrivals);
            worker.dataflow::<u64, _, _>(|scope| {
                scope
                    .input_from(&mut claims)
                    .container::<Vec<u64>>()
                    .unary::<CapacityContainerBuilder<Vec<u64>>, _, _, _>(
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
                    .unary::<CapacityContainerBuilder<Vec<()>>, _, _, _>(
                        Exchange::new(|n: &Note| u64::from(n.0)),
                        "Hear",
                        move |_, _| {
                            move |input, _output| {
                                input.for_each(|time, data| {
                                    let Some(&t) = time.least() else { return };
                                    heard.borrow_mut().extend(
                                        data.drain(..).map(|(_, from, said)| (t, from, said)),
                                    );
                                });
                            }
                        },
                    )
                    .probe_with(&notes_probe);
            });
        }
        let mut pulses = InputHandle::new();
        let pulses_probe = ProbeHandle::new();
        {
            let liveness = Arc::clone(liveness);
            worker.dataflow::<u64, _, _>(|scope| {
                scope
                    .input_from(&mut pulses)
                    .container::<Vec<(u32, u32)>>()
                    .unary::<CapacityContainerBuilder<Vec<()>>, _, _, _>(
                        Exchange::new(|&(to, _): &(u32, u32)| u64::from(to)),
                        "Pulse",
                        move |_, _| {
                            move |input, _output| {
                                input.for_each(|_, data| {
                                    for (_, from) in data.drain(..) {
                                        liveness.heard(from as usize);
                                    }
                                });
                            }
                        },
                    )
                    .probe_with(&pulses_probe);
            });
        }
        Channels {
            claims,
            claims_probe,
            notes,
            notes_probe,
            heard,
            arrivals,
            round: 0,
            me: worker.index(),
            peers: worker.peers(),
            pulses,
            pulses_probe,
            process: worker.index() / workers,
            processes: worker.peers() / workers,
            workers,
            pulsed: None,
            liveness: Arc::clone(liveness),
        }
    }

    /// Tells the first worker of every other process that this one is
    /// alive, at most once every [`PULSE`]: called wherever a worker looks
    /// at the network, so that a process is heard from while it expands a
    /// layer as well as while it waits.
    fn pulse(&mut self) {
        if self.processes < 2 || self.pulsed.is_some_and(|t| t.elapsed() < PULSE) {
            return;
        }
        self.pulsed = Some(std::time::Instant::now());
        for q in (0..self.processes).filter(|&q| q != self.process) {
            self.pulses
                .send(((q * self.workers) as u32, self.process as u32));
        }
        // An input and the exchange after it hold what they are given
        // until a round closes: each pulse is a round of its own, so that
        // it leaves now.
        let next = self.pulses.time() + 1;
        self.pulses.advance_to(next);
    }

    /// One step of the worker, waiting at most [`WAIT`] for news, with a
    /// pulse when one is due.
    fn step(&mut self, worker: &mut timely::worker::Worker) {
        self.pulse();
        worker.step_or_park(Some(WAIT));
    }

    /// One round of notes: `said`, each to its worker, then what all said
    /// to this one, in worker order.
    fn talk(
        &mut self,
        worker: &mut timely::worker::Worker,
        said: Vec<(usize, Said)>,
    ) -> Vec<(u32, Said)> {
        for (to, s) in said {
            self.notes.send((to as u32, self.me as u32, s));
        }
        let this = self.round;
        self.round += 1;
        self.notes.advance_to(self.round);
        while self.notes_probe.less_than(self.notes.time()) {
            self.step(worker);
        }
        let all = std::mem::take(&mut *self.heard.borrow_mut());
        let (now, later): (Vec<_>, Vec<_>) = all.into_iter().partition(|(t, _, _)| *t == this);
        *self.heard.borrow_mut() = later;
        let mut now: Vec<(u32, Said)> = now.into_iter().map(|(_, f, s)| (f, s)).collect();
        now.sort_by_key(|(from, _)| *from);
        now
    }

    /// A round in which this worker says `said` to every worker.
    fn tell_everyone(
        &mut self,
        worker: &mut timely::worker::Worker,
        said: Said,
    ) -> Vec<(u32, Said)> {
        let all = (0..self.peers).map(|to| (to, said.clone())).collect();
        self.talk(worker, all)
    }

    /// Closes the dataflows and runs them down: every worker leaves
    /// together, and none is left parked in timely's own last loop.
    fn run_down(mut self, worker: &mut timely::worker::Worker) {
        drop(std::mem::take(&mut self.claims));
        drop(std::mem::take(&mut self.notes));
        drop(std::mem::take(&mut self.pulses));
        while !self.claims_probe.done() || !self.notes_probe.done() || !self.pulses_probe.done() {
            worker.step_or_park(Some(WAIT));
        }
    }

    /// Claims the states that arrived from `layer`'s expansions elsewhere;
    /// how many were new.
    fn take_arrivals(
        &self,
        table: &TwoBit,
        layer: Layer,
        share: &Share,
        distances: &mut [u8],
    ) -> u64 {
        let depth = (layer.depth() + 1) as u8;
        let mut next = table.next(layer);
        self.arrivals.borrow_mut().retain(|(t, data)| {
            if *t != u64::from(layer.depth()) {
                return true;
            }
            for &j in data {
                let j = j as usize;
                if next.claim(j - share.lo)
                    && let Some(r) = share.distance_slot(j)
                {
                    distances[r] = depth;
                }
            }
            false
        });
        next.claimed()
    }

    /// Waits until every claim of `layer`'s expansions has arrived.
    fn close_round(&mut self, worker: &mut timely::worker::Worker, layer: Layer) {
        self.claims.advance_to(u64::from(layer.depth()) + 1);
        while self.claims_probe.less_than(self.claims.time()) {
            self.step(worker);
        }
    }
}

/// A worker's inputs close when they are dropped, sending what they hold,
/// except while its thread unwinds from a panic: when the cluster breaks
/// (a process killed, or timed out and gone), timely's threads panic, and
/// an input closed then sends into the broken connection and panics again;
/// a panic while unwinding aborts the whole process ("thread caused
/// non-unwinding panic", exit 134) before the run can report the break.
/// Left open, the inputs end with their thread, the run being lost anyway;
/// as they keep timely's sending threads waiting, the run is told at once.
impl Drop for Channels {
    fn drop(&mut self) {
        if std::thread::panicking() {
            self.liveness.broke();
            std::mem::forget(std::mem::take(&mut self.claims));
            std::mem::forget(std::mem::take(&mut self.notes));
            std::mem::forget(std::mem::take(&mut self.pulses));
        }
    }
}

/// Where a worker starts: its tables, the counts so far and the layer,
/// fresh or read from the newest checkpoint every worker has.
struct Start {
    table: TwoBit,
    distances: Vec<u8>,
    counts: Vec<u64>,
    layer: Layer,
    resume: Option<u32>,
    discarded: Option<u32>,
}

/// The line that names a job, the same in every worker of one run.
fn job_line<G: Graph>(job: &Job<G>, peers: usize) -> String {
    format!(
        "{} ({} states) on {peers} workers, {} a process{}{}",
        job.graph.describe(),
        job.graph.len(),
        job.workers,
        if job.checkpoints.is_some() {
            ", with checkpoints"
        } else {
            ""
        },
        job.stop_after
            .map_or(String::new(), |d| format!(", stopping after layer {d}"))
    )
}

/// The first rounds: every worker says it was started for the same job,
/// has its table and which checkpoints it has; all then resume from the
/// newest layer they all have (each reads its own file and they compare
/// their counts), or start afresh.
fn agree_to_start<G: Graph>(
    worker: &mut timely::worker::Worker,
    channels: &mut Channels,
    job: &Job<G>,
    share: &Share,
    name: Option<&Checkpoint>,
) -> Result<Start, ClusterError> {
    let graph = &job.graph;
    let table = TwoBit::try_new(share.hi - share.lo);
    let distances = try_vec_with(share.std_hi - share.std_lo, || u8::MAX);
    if let Some(name) = name {
        name.remove_leftovers();
    }
    let this_job = job_line(job, share.peers);
    let heard = channels.tell_everyone(
        worker,
        Said::Ready {
            job: this_job.clone(),
            ok: table.is_some() && distances.is_some(),
            checkpoints: name.map(Checkpoint::layers).unwrap_or_default(),
            trouble: name.and_then(Checkpoint::foreign),
        },
    );
    let mut common: Option<Vec<u32>> = None;
    let mut refusal = None;
    let mut newest_anywhere = None;
    for (_, said) in &heard {
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
        newest_anywhere = newest_anywhere.max(checkpoints.iter().max().copied());
        common = Some(match common {
            None => checkpoints.clone(),
            Some(c) => c.into_iter().filter(|d| checkpoints.contains(d)).collect(),
        });
    }
    if let Some(e) = refusal {
        return Err(e);
    }
    let (Some(table), Some(distances)) = (table, distances) else {
        unreachable!("every worker said its tables could be had");
    };
    let fresh = |table, distances| Start {
        table,
        distances,
        counts: Vec::new(),
        layer: Layer::FIRST,
        resume: None,
        discarded: newest_anywhere,
    };
    let resume = common.unwrap_or_default().into_iter().max();
    let (Some(depth), Some(name)) = (resume, name) else {
        return Ok(fresh(table, distances));
    };
    // The fresh tables make room for the saved ones.
    drop((table, distances));
    let slice = Slice {
        states: share.hi - share.lo,
        standard: share.std_hi - share.std_lo,
        first_standard: (share.kept.start + share.std_lo).saturating_sub(share.lo),
        board_states: graph.len() as u64,
    };
    let loaded = name.read(depth, &slice);
    let counts = loaded.as_ref().map_or(Vec::new(), |s| s.counts.clone());
    let tally = loaded.as_ref().map_or(Tally::default(), |s| s.tally);
    // The claims' rounds are the layers: go on at this one.
    channels.claims.advance_to(u64::from(depth));
    let heard = channels.tell_everyone(
        worker,
        Said::Loaded {
            trouble: loaded.as_ref().err().map(ToString::to_string),
            counts: counts.clone(),
            old: tally.old,
            frontier: tally.this,
        },
    );
    let mut refusal = None;
    // What the tables hold, all told, against what the counts say.
    let (mut old, mut frontier) = (0u64, 0u64);
    for (from, said) in heard {
        if let Said::Loaded {
            trouble,
            counts: c,
            old: o,
            frontier: f,
        } = said
        {
            old += o;
            frontier += f;
            if let Some(t) = trouble {
                refusal.get_or_insert(ClusterError::Resume(t));
            } else if c != counts && refusal.is_none() {
                refusal.get_or_insert(ClusterError::Resume(format!(
                    "the checkpoints of layer {depth} disagree: worker {from} counts {} states, worker {} {}",
                    c.iter().sum::<u64>(),
                    share.me,
                    counts.iter().sum::<u64>()
                )));
            }
        }
    }
    let before: u64 = counts[..counts.len().saturating_sub(1)].iter().sum();
    let last = counts.last().copied().unwrap_or(0);
    if refusal.is_none() && (old, frontier) != (before, last) {
        refusal = Some(ClusterError::Resume(format!(
            "the checkpoints of layer {depth} in {} do not add up: their tables hold {old} states before layer {depth} and {frontier} in it, where their counts say {before} and {last}",
            quoted_path(&name.dir().display().to_string())
        )));
    }
    match (refusal, loaded) {
        (Some(e), _) => Err(e),
        (None, Ok(saved)) => Ok(Start {
            table: saved.table,
            distances: saved.distances,
            counts: saved.counts,
            layer: Layer::at(depth),
            resume,
            discarded: None,
        }),
        (None, Err(e)) => unreachable!("a worker's own trouble is heard: {e}"),
    }
}

/// Expands `layer` of this worker's slice, a stretch of words at a time:
/// claims the neighbours it owns and sends the others to their owners,
/// then takes in what the others sent. How many states it claimed.
#[allow(clippy::too_many_arguments)]
fn expand_layer<G: Graph>(
    worker: &mut timely::worker::Worker,
    channels: &mut Channels,
    job: &Job<G>,
    share: &Share,
    table: &TwoBit,
    distances: &mut [u8],
    layer: Layer,
    traffic: &mut Traffic,
) -> u64 {
    let process_of = |w: usize| w / job.workers;
    let depth = (layer.depth() + 1) as u8;
    let mut claimed = 0u64;
    let mut js = [0usize; MAX_NEIGHBOURS];
    let mut w = 0;
    while w < table.words() {
        let end = (w + STRETCH).min(table.words());
        let mut next = table.next(layer);
        table.expand_words(layer, w..end, &mut next, |i, next| {
            let count = job.graph.neighbours(share.lo + i, &mut js);
            let mut local = [0usize; MAX_NEIGHBOURS];
            let mut n = 0;
            for &j in &js[..count] {
                if share.owns(j) {
                    local[n] = j - share.lo;
                    n += 1;
                } else {
                    if process_of(share.slices.owner(j)) == process_of(share.me) {
                        traffic.to_workers += 1;
                    } else {
                        traffic.to_processes += 1;
                    }
                    channels.claims.send(j as u64);
                }
            }
            traffic.kept += n as u64;
            next.claim_all(&local[..n], |k, _| {
                if let Some(r) = share.distance_slot(share.lo + local[k]) {
                    distances[r] = depth;
                }
            });
        });
        claimed += next.claimed();
        channels.pulse();
        worker.step();
        claimed += channels.take_arrivals(table, layer, share, distances);
        w = end;
    }
    channels.close_round(worker, layer);
    claimed + channels.take_arrivals(table, layer, share, distances)
}

/// What worker 0 gathers, from which the answer is made
/// ([`Graph::answer`]): the states at each distance, the first antipodes
/// and the kept states' distances.
pub(super) type Gathered = (Vec<u64>, Vec<usize>, Vec<u8>);

/// One worker's whole run: it agrees with the others where to start,
/// expands layer after layer until no worker claims a state (writing a
/// checkpoint after each when asked to, and stopping after the layer the
/// job names), and hands its part of the answer to worker 0, which gathers
/// them. The answer is made once the run is over: the other processes
/// would wait for it without a word, and time this one out.
pub(super) fn work<G: Graph>(
    worker: &mut timely::worker::Worker,
    job: &Job<G>,
) -> Result<Option<Run<Gathered>>, ClusterError> {
    let share = Share::new(&*job.graph, worker.index(), worker.peers());
    let mut channels = Channels::new(worker, share.slices, job.workers, &job.liveness);
    let name = job.checkpoints.as_ref().and_then(|(dir, key)| {
        Some(Checkpoint::new(
            dir,
            key,
            job.graph.checkpoint()?,
            share.peers,
            share.me,
        ))
    });
    let start = match agree_to_start(worker, &mut channels, job, &share, name.as_ref()) {
        Ok(start) => start,
        Err(e) => {
            channels.run_down(worker);
            return Err(e);
        }
    };
    let Start {
        table,
        mut distances,
        mut counts,
        mut layer,
        resume,
        discarded,
    } = start;
    let begin = job.graph.start();
    if counts.is_empty() {
        if share.owns(begin) {
            table.claim_start(begin - share.lo);
            if let Some(r) = share.distance_slot(begin) {
                distances[r] = 0;
            }
        }
        counts.push(1);
    }

    let mut traffic = Traffic::default();
    let mut written: Option<u32> = None;
    let mut trouble: Option<String> = None;
    // The checkpoint folder, as errors name it.
    let folder = job
        .checkpoints
        .as_ref()
        .map_or(String::new(), |(d, _)| d.display().to_string());
    let checkpoint_trouble = |heard: Vec<(u32, Said)>| {
        heard.into_iter().find_map(|(_, s)| match s {
            Said::Claimed {
                trouble: Some(why), ..
            } => Some(ClusterError::Checkpoint {
                path: folder.clone(),
                why,
            }),
            _ => None,
        })
    };
    let mut stopped = false;
    loop {
        let claimed = expand_layer(
            worker,
            &mut channels,
            job,
            &share,
            &table,
            &mut distances,
            layer,
            &mut traffic,
        );
        // How many states the workers claimed, all told.
        let heard = channels.tell_everyone(
            worker,
            Said::Claimed {
                states: claimed,
                trouble: trouble.take(),
            },
        );
        let total: u64 = heard
            .iter()
            .map(|(_, s)| match s {
                Said::Claimed { states, .. } => *states,
                _ => 0,
            })
            .sum();
        if let Some(e) = checkpoint_trouble(heard) {
            channels.run_down(worker);
            return Err(e);
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
        if share.me == 0 {
            (job.progress)(Progress {
                part: 0,
                parts: 1,
                layer: layer.depth(),
                found: counts.iter().sum(),
                total: job.graph.len() as u64,
            });
        }
        if let Some(name) = &name {
            match name.write(layer.depth(), &counts, &table, &distances) {
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
        let heard = channels.tell_everyone(
            worker,
            Said::Claimed {
                states: 0,
                trouble: trouble.take(),
            },
        );
        channels.run_down(worker);
        if let Some(e) = checkpoint_trouble(heard) {
            return Err(e);
        }
        if let Some(name) = &name {
            name.remove_before(layer.depth());
        }
        return Err(ClusterError::Stopped {
            layer: layer.depth(),
            dir: folder,
        });
    }
    let antipodes: Vec<u64> = table
        .states_of(layer)
        .take(ANTIPODES_LISTED)
        .map(|i| (share.lo + i) as u64)
        .collect();
    drop(table);
    let done = Said::Done {
        antipodes,
        traffic,
        first: share.std_lo as u64,
        distances,
    };
    let heard = channels.talk(worker, vec![(0, done)]);
    channels.run_down(worker);
    if share.me != 0 {
        return Ok(None);
    }
    let (antipodes, exchange, standard) = gather(&*job.graph, &share, heard)?;
    Ok(Some(Run {
        result: Some((counts, antipodes, standard)),
        exchange,
        resumed_from: resume,
        discarded,
    }))
}

/// What worker 0 makes of every worker's last note: the first antipodes,
/// the traffic and the kept states' distances, in one piece.
fn gather(
    graph: &impl Graph,
    share: &Share,
    heard: Vec<(u32, Said)>,
) -> Result<(Vec<usize>, Traffic, Vec<u8>), ClusterError> {
    let mut antipodes = Vec::new();
    let mut all = Traffic {
        states: graph.len() as u64,
        ..Traffic::default()
    };
    let mut standard =
        try_vec_with(share.kept.len(), || u8::MAX).ok_or_else(|| graph.out_of_memory())?;
    for (_, s) in heard {
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
    Ok((antipodes, all, standard))
}
