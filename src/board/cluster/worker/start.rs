//! Where the workers of a run start: each says it was started for the same
//! job and which checkpoints it has, and all resume from the newest layer
//! every one of them has, or start afresh.

use super::channels::{Channels, Said};
use super::{Job, Share};
use crate::board::cluster::{ClusterError, Graph};
use crate::board::store::checkpoint::{Checkpoint, Slice};
use crate::board::try_vec_with;
use crate::board::two_bit::{Layer, Tally, TwoBit};
use crate::text::quoted_path;

/// Where a worker starts: its tables, the counts so far and the layer,
/// fresh or read from the newest checkpoint every worker has.
pub(super) struct Start {
    /// The worker's slice of the two-bit table.
    pub(super) table: TwoBit,
    /// The distances of the kept states in its slice.
    pub(super) distances: Vec<u8>,
    /// The states at each distance so far, every worker's.
    pub(super) counts: Vec<u64>,
    /// The layer to expand next.
    pub(super) layer: Layer,
    /// The layer resumed from, if any.
    pub(super) resume: Option<u32>,
    /// The newest checkpoint some worker had, when they start afresh.
    pub(super) discarded: Option<u32>,
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
pub(super) fn agree_to_start<G: Graph>(
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
    resume_at(worker, channels, share, name, graph.len() as u64, depth)
}

/// The second round when the workers resume at layer `depth`: each reads
/// its own checkpoint of it, and they compare their counts and what their
/// tables hold before any goes on.
fn resume_at(
    worker: &mut timely::worker::Worker,
    channels: &mut Channels,
    share: &Share,
    name: &Checkpoint,
    board_states: u64,
    depth: u32,
) -> Result<Start, ClusterError> {
    let slice = Slice {
        states: share.hi - share.lo,
        standard: share.std_hi - share.std_lo,
        first_standard: (share.kept.start + share.std_lo).saturating_sub(share.lo),
        board_states,
        side: 0,
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
            resume: Some(depth),
            discarded: None,
        }),
        (None, Err(e)) => unreachable!("a worker's own trouble is heard: {e}"),
    }
}
