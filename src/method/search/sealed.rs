//! One process's checkpoints of a layered two-bit search (`counts --puzzle
//! P --checkpoint DIR`): after a layer the whole table, the counts and
//! what the search counts beside them (the *side values*: a search by
//! classes keeps its positions and its classes that are their own
//! inverse's at each distance) are sealed into one file, the same format
//! as a cluster worker's ([`crate::board::store::checkpoint`]) as worker 0
//! of 1. The file of the layer before is then removed, so a folder holds
//! one layer's table at a time (two while the next is written). A search
//! started again with the same folder takes up its newest file, checked
//! before it is trusted, and goes on from that layer; a search asked to
//! stop after a layer stops once that layer's file is written.
//!
//! The table is written whole whatever the layer holds (5.1 GB for the
//! 3×3×3's edges), so a layer is sealed only once the search has run
//! [`SEAL_EVERY`] since the last file (or since it began), and always
//! when it is the layer to stop after: the first layers, found in
//! seconds, are not written at all.

use super::{LayerProgress, SearchError, two_bit_table, within};
use crate::board::store::Checkpoints;
use crate::board::store::checkpoint::{Checkpoint, Saved, Slice};
use crate::board::two_bit::{Layers, Next, Pull, TwoBit};
use crate::text::quoted_path;
use std::time::{Duration, Instant};

/// The least time a search runs between two checkpoints: a layer found
/// sooner is not sealed (unless it is the one to stop after), since a run
/// stopped then loses less than writing the table costs.
pub const SEAL_EVERY: Duration = Duration::from_secs(60);

/// Where one search keeps its checkpoints, and the kinds of side values
/// it keeps a layer.
pub(crate) struct Sealed<'a> {
    file: Checkpoint,
    asked: &'a Checkpoints,
    side: usize,
}

impl<'a> Sealed<'a> {
    /// The checkpoints `asked` for of the search named `name` (its part of
    /// the file names, and the three numbers its header carries), keeping
    /// `side` kinds of side values; temporary files an interrupted run
    /// left are removed. Refused when the folder holds this search's
    /// checkpoints from a cluster of several workers, or when no file can
    /// be written there (told before the search, not after its first
    /// minute). Only one run may use a folder at a time: each removes the
    /// temporary files of its search that it finds there.
    pub(crate) fn new(
        asked: &'a Checkpoints,
        name: (String, [u64; 3]),
        side: usize,
    ) -> Result<Sealed<'a>, SearchError> {
        let file = Checkpoint::new(&asked.dir, &asked.key, name, 1, 0);
        if let Some(trouble) = file.foreign() {
            return Err(SearchError::Resume(trouble));
        }
        file.remove_leftovers();
        file.check_folder().map_err(|e| {
            SearchError::Checkpoint(format!(
                "the folder {} cannot take one: {e}",
                quoted_path(&asked.dir.display().to_string())
            ))
        })?;
        Ok(Sealed { file, asked, side })
    }

    /// The newest checkpoint in the folder, read and checked (its length,
    /// seal, header, counts, and the states its table holds against the
    /// counts) for a search of `states` states; `None` when there is none.
    pub(crate) fn newest(&self, states: usize) -> Result<Option<Saved>, SearchError> {
        let Some(depth) = self.file.layers().into_iter().max() else {
            return Ok(None);
        };
        let slice = Slice {
            states,
            standard: 0,
            first_standard: 0,
            board_states: states as u64,
            side: self.side,
        };
        let saved = self
            .file
            .read(depth, &slice)
            .map_err(|e| SearchError::Resume(e.to_string()))?;
        let d = depth as usize;
        let before: u64 = saved.counts[..d].iter().sum();
        if (saved.tally.old, saved.tally.this) != (before, saved.counts[d]) {
            return Err(self.refuse(
                depth,
                format!(
                    "its table holds {} states before layer {depth} and {} in it",
                    saved.tally.old, saved.tally.this
                ),
                format!("what its counts say, {before} and {}", saved.counts[d]),
            ));
        }
        Ok(Some(saved))
    }

    /// True when the search was asked to stop after layer `depth`.
    pub(crate) fn stops_after(&self, depth: u32) -> bool {
        self.asked.stop_after.is_some_and(|d| depth >= d)
    }

    /// Seals the search's state after its newest layer (`counts` so far,
    /// `side` kind by kind, the table) and removes the file of the layer
    /// before.
    pub(crate) fn seal(
        &self,
        counts: &[u64],
        side: &[u64],
        table: &TwoBit,
    ) -> Result<(), SearchError> {
        let depth = counts.len() as u32 - 1;
        debug_assert_eq!(side.len(), self.side * counts.len());
        self.file
            .write(depth, counts, side, table, &[])
            .map_err(|e| {
                SearchError::Checkpoint(format!(
                    "{}: {e}",
                    quoted_path(&self.file.path(depth).display().to_string())
                ))
            })?;
        self.file.remove_before(depth);
        Ok(())
    }

    /// A checkpoint of layer `depth` refused by its search: what it holds
    /// (`found`) against what the search `expected`.
    fn refuse(&self, depth: u32, found: String, expected: String) -> SearchError {
        let path = self.file.path(depth).display().to_string();
        let e = crate::board::store::StoreError::contents(&path, found, expected);
        SearchError::Resume(e.to_string())
    }

    /// What a search stopped here says: the layer and the folder.
    pub(crate) fn stopped(&self, layer: u32) -> SearchError {
        SearchError::Stopped {
            layer,
            dir: self.folder(),
        }
    }

    /// The folder, as messages name it.
    fn folder(&self) -> String {
        quoted_path(&self.file.dir().display().to_string())
    }
}

/// A layered two-bit search with pulls ([`TwoBit::resume_pulling`]) from
/// `start` over `states` numbered states, whose table with what the
/// search holds beside takes `needed` bytes: refused before it allocates
/// when that passes `max_memory`. With checkpoints (`sealed`), it goes on
/// from the newest one and seals its layers ([`SEAL_EVERY`]).
pub(super) struct Layered<'a> {
    pub(super) states: u64,
    pub(super) start: u64,
    pub(super) needed: u64,
    pub(super) max_memory: Option<u64>,
    pub(super) sealed: Option<&'a Sealed<'a>>,
}

/// A search's side values: those of its first `layers` layers, kind by
/// kind, to seal.
pub(super) type Side<'a> = &'a dyn Fn(usize) -> Vec<u64>;

/// What a search found in a checkpoint it refuses, and what it expected.
pub(super) type Refused = (String, String);

/// What a search hears of a checkpoint it takes up, before it goes on: its
/// counts and side values, which it may refuse (the file is then named).
pub(super) type Resumed<'a> = &'a mut dyn FnMut(&[u64], &[u64]) -> Result<(), Refused>;

impl Layered<'_> {
    /// Runs the search: `expand` and `pull` as [`TwoBit::resume_pulling`]
    /// takes them; `progress` hears of each layer, and first of the layer
    /// a checkpoint held.
    pub(super) fn run(
        &self,
        expand: impl Fn(usize, &mut Next) + Sync,
        pull: impl Pull,
        resumed: Resumed,
        side: Side,
        progress: &dyn Fn(LayerProgress),
    ) -> Result<Layers, SearchError> {
        let saved = match self.sealed {
            Some(sealed) => {
                within(self.needed, self.states, self.max_memory)?;
                let states = usize::try_from(self.states).map_err(|_| SearchError::Allocation {
                    needed: self.needed,
                    positions: self.states,
                })?;
                sealed.newest(states)?.map(|saved| (sealed, saved))
            }
            None => None,
        };
        let (table, counts) = match saved {
            Some((sealed, saved)) => {
                let depth = saved.counts.len() as u32 - 1;
                resumed(&saved.counts, &saved.side)
                    .map_err(|(found, expected)| sealed.refuse(depth, found, expected))?;
                progress(self.progress(&saved.counts, true));
                (saved.table, saved.counts)
            }
            None => {
                let table = two_bit_table(self.states, self.needed, self.max_memory)?;
                table.claim_start(self.start as usize);
                (table, vec![1])
            }
        };
        let mut failed = None;
        let mut sealed_at = Instant::now();
        let layers = table.resume_pulling(&[self.start as usize], counts, expand, pull, |counts| {
            progress(self.progress(counts, false));
            let Some(sealed) = self.sealed else {
                return true;
            };
            let depth = counts.len() as u32 - 1;
            let stop = sealed.stops_after(depth);
            if !stop && sealed_at.elapsed() < SEAL_EVERY {
                return true;
            }
            if let Err(e) = sealed.seal(counts, &side(counts.len()), &table) {
                failed = Some(e);
                return false;
            }
            sealed_at = Instant::now();
            if stop {
                failed = Some(sealed.stopped(depth));
            }
            !stop
        });
        failed.map_or(Ok(layers), Err)
    }

    /// What the search says of its newest layer, whose `counts` it holds.
    fn progress(&self, counts: &[u64], resumed: bool) -> LayerProgress {
        LayerProgress {
            distance: counts.len() as u32 - 1,
            positions: counts[counts.len() - 1],
            reached: counts.iter().sum(),
            of: self.states,
            resumed,
        }
    }
}
