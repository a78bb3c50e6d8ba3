//! One worker of a distributed search: its share of the states and its run
//! from the agreed start (`start.rs`) through every layer to its part of
//! the answer, over its dataflows (`channels.rs`).

mod channels;
mod start;

use super::{ClusterError, Graph, Liveness, Run, Slices, Traffic};
use crate::board::census::ANTIPODES_LISTED;
use crate::board::store::checkpoint::{Checkpoint, CheckpointKey};
use crate::board::two_bit::{Layer, TwoBit};
use crate::board::{Progress, try_vec_with};
use channels::{Channels, Said};
use start::{Start, agree_to_start};
use std::path::PathBuf;
use std::sync::Arc;

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
    // A state's neighbours, and those this worker owns: buffers made once.
    let mut js = vec![0usize; job.graph.most_neighbours()];
    let mut local = js.clone();
    let mut w = 0;
    while w < table.words() {
        let end = (w + STRETCH).min(table.words());
        let mut next = table.next(layer);
        table.expand_words(layer, w..end, &mut next, |i, next| {
            let count = job.graph.neighbours(share.lo + i, &mut js);
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
    let mut start = match agree_to_start(worker, &mut channels, job, &share, name.as_ref()) {
        Ok(start) => start,
        Err(e) => {
            channels.run_down(worker);
            return Err(e);
        }
    };
    let begin = job.graph.start();
    if start.counts.is_empty() {
        if share.owns(begin) {
            start.table.claim_start(begin - share.lo);
            if let Some(r) = share.distance_slot(begin) {
                start.distances[r] = 0;
            }
        }
        start.counts.push(1);
    }
    let run = Layers {
        channels,
        job,
        share: &share,
        name: name.as_ref(),
        traffic: Traffic::default(),
    };
    let Layers {
        mut channels,
        traffic,
        ..
    } = run.every_layer(worker, &mut start)?;
    let Start {
        table,
        distances,
        counts,
        layer,
        resume,
        discarded,
    } = start;
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

/// A worker's run through its layers: what it needs from the start to the
/// last layer, and its traffic so far.
struct Layers<'a, G> {
    channels: Channels,
    job: &'a Job<G>,
    share: &'a Share,
    name: Option<&'a Checkpoint>,
    traffic: Traffic,
}

impl<G: Graph> Layers<'_, G> {
    /// Expands layer after layer from `start` until no worker claims a
    /// state, writing a checkpoint after each when asked to; stops after
    /// the layer the job names with [`ClusterError::Stopped`]. On an error
    /// the channels are run down.
    fn every_layer(
        mut self,
        worker: &mut timely::worker::Worker,
        start: &mut Start,
    ) -> Result<Self, ClusterError> {
        let mut written: Option<u32> = None;
        let mut trouble: Option<String> = None;
        loop {
            let claimed = expand_layer(
                worker,
                &mut self.channels,
                self.job,
                self.share,
                &start.table,
                &mut start.distances,
                start.layer,
                &mut self.traffic,
            );
            // How many states the workers claimed, all told.
            let heard = self.channels.tell_everyone(
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
            if let Some(e) = self.checkpoint_trouble(heard) {
                self.channels.run_down(worker);
                return Err(e);
            }
            // Every worker has written its checkpoint of the layer before:
            // the older one may go.
            if let (Some(name), Some(d)) = (self.name, written) {
                name.remove_before(d);
            }
            if total == 0 {
                return Ok(self);
            }
            start.layer = start.table.close(start.layer);
            start.counts.push(total);
            if self.share.me == 0 {
                (self.job.progress)(Progress {
                    part: 0,
                    parts: 1,
                    layer: start.layer.depth(),
                    found: start.counts.iter().sum(),
                    total: self.job.graph.len() as u64,
                });
            }
            if let Some(name) = self.name {
                let depth = start.layer.depth();
                match name.write(depth, &start.counts, &[], &start.table, &start.distances) {
                    Ok(()) => written = Some(depth),
                    Err(e) => trouble = Some(e.to_string()),
                }
                if self.job.stop_after.is_some_and(|d| depth >= d) {
                    return Err(self.stop(worker, depth, trouble));
                }
            }
        }
    }

    /// Stops after layer `depth`, as the job asked: every worker says
    /// whether its checkpoint is written, then all stop.
    fn stop(
        mut self,
        worker: &mut timely::worker::Worker,
        depth: u32,
        trouble: Option<String>,
    ) -> ClusterError {
        let heard = self
            .channels
            .tell_everyone(worker, Said::Claimed { states: 0, trouble });
        let failed = self.checkpoint_trouble(heard);
        let dir = self.folder();
        let Layers { channels, name, .. } = self;
        channels.run_down(worker);
        if let Some(e) = failed {
            return e;
        }
        if let Some(name) = name {
            name.remove_before(depth);
        }
        ClusterError::Stopped { layer: depth, dir }
    }

    /// The checkpoint folder, as errors name it.
    fn folder(&self) -> String {
        self.job
            .checkpoints
            .as_ref()
            .map_or(String::new(), |(d, _)| d.display().to_string())
    }

    /// The first trouble a worker had writing its checkpoint, from what
    /// they said.
    fn checkpoint_trouble(&self, heard: Vec<(u32, Said)>) -> Option<ClusterError> {
        heard.into_iter().find_map(|(_, s)| match s {
            Said::Claimed {
                trouble: Some(why), ..
            } => Some(ClusterError::Checkpoint {
                path: self.folder(),
                why,
            }),
            _ => None,
        })
    }
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
