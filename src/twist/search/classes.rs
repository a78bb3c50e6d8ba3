//! The search by classes: the layered two-bit search
//! ([`crate::board::two_bit`]) over the states of a
//! [`SymmetryCoordinate`], each a class of positions under the puzzle's
//! symmetries. Two bits a class, where the dense search takes a byte a
//! position: the corner group's 88 179 840 positions are 2 152 008 states
//! under the cube's 48 symmetries, half a megabyte.
//!
//! A state of a layer is expanded by its representative position: each
//! move's position is reduced to its class's state, which is claimed for
//! the next layer if no layer has it. The positions at each distance come
//! out exactly: the state that claims a class adds its size, the number of
//! symmetries over its stabiliser's order. With the positions' inverses
//! (every piece different), the claiming state also reduces the class's
//! inverse: a class is its own inverse's or pairs with another of the same
//! distance, so the classes with inverses at a distance are the classes
//! plus those that are their own inverse's, halved.
//!
//! ```
//! use schofield::puzzle::{library, Metric};
//! use schofield::twist::search::classes::class_counts;
//! use schofield::twist::space::{Space, SymmetryCoordinate};
//! let p = library::get("corners").unwrap();
//! let moves = p.moves(Metric::Face, None).unwrap();
//! let space = Space::new(&p, &moves).unwrap();
//! let syms: Vec<_> = p.symmetries().iter().map(|s| space.symmetry(s.transformation())).collect();
//! let sc = SymmetryCoordinate::new(&space, &syms, None).unwrap().unwrap();
//! let found = class_counts(&space, &sc, true, None, &|_| {}).unwrap();
//! assert_eq!(found.positions.iter().sum::<u64>(), 88_179_840);
//! assert_eq!(found.classes.iter().sum::<u64>(), 1_841_970);
//! assert_eq!(found.extended.unwrap().iter().sum::<u64>(), 934_778);
//! ```

use super::{Layer, SearchError, within};
use crate::board::two_bit::TwoBit;
use crate::twist::space::{Space, SymmetryCoordinate};
use std::sync::atomic::{AtomicU64, Ordering};

/// What the search by classes found at each distance `0 … max`.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct ClassCounts {
    /// Positions.
    pub positions: Vec<u64>,
    /// Classes under the symmetries.
    pub classes: Vec<u64>,
    /// Classes when a position and its inverse are also equivalent
    /// (`None` when positions have no inverses).
    pub extended: Option<Vec<u64>>,
}

/// The most layers a search may have.
const MAX_LAYERS: usize = 256;

/// The bytes [`class_counts`] needs beside the coordinate's and the
/// space's tables: two bits a state.
pub fn bytes_needed(coordinate: &SymmetryCoordinate) -> u64 {
    TwoBit::bytes(coordinate.len())
}

/// Whether the class of position `x`, whose state is `state`, is its own
/// inverse's (`packed`: the space's [`Space::packed`]).
fn own_inverse(
    space: &Space,
    coordinate: &SymmetryCoordinate,
    packed: Option<&crate::twist::space::Packed>,
    x: u64,
    state: u64,
) -> bool {
    if let Some(p) = packed {
        return coordinate.reduce_index(p.inverse(x)).0 == state;
    }
    if let Some(y) = space.inverse_index(x) {
        return coordinate.reduce_index(y).0 == state;
    }
    let mut f = space.scratch();
    let mut g = space.scratch();
    space.decode_flat(x, &mut f);
    space.invert_into(&f, &mut g);
    coordinate.reduce_index(space.encode_flat(&g)).0 == state
}

/// Searches the classes of `coordinate` over `space` from the goal, every
/// move costing one; with `inverses` (every piece different), the
/// extended classes too. Refused before it allocates when the table would
/// take more than `max_memory` bytes; `progress` hears of each layer (in
/// classes).
pub fn class_counts(
    space: &Space,
    coordinate: &SymmetryCoordinate,
    inverses: bool,
    max_memory: Option<u64>,
    progress: &dyn Fn(Layer),
) -> Result<ClassCounts, SearchError> {
    let states = coordinate.len();
    let needed = bytes_needed(coordinate);
    within(needed, states, max_memory)?;
    let n = usize::try_from(states).map_err(|_| SearchError::Allocation {
        needed,
        positions: states,
    })?;
    let table = TwoBit::try_new(n).ok_or(SearchError::Allocation {
        needed,
        positions: states,
    })?;
    let symmetries = coordinate.symmetries() as u64;
    let tally = || {
        (0..MAX_LAYERS)
            .map(|_| AtomicU64::new(0))
            .collect::<Vec<_>>()
    };
    let (positions, own, claimed) = (tally(), tally(), tally());
    let nm = space.move_count();
    let packed = space.packed();
    let own_inverse =
        |x: u64, state: u64| own_inverse(space, coordinate, packed.as_ref(), x, state);
    let (goal, hits) = coordinate.reduce_index(space.goal_index());
    positions[0].store(symmetries / hits as u64, Ordering::Relaxed);
    own[0].store(
        u64::from(inverses && own_inverse(space.goal_index(), goal)),
        Ordering::Relaxed,
    );
    let mut before = 1u64;
    // A class past the last distance the tallies hold.
    let deep = std::sync::atomic::AtomicBool::new(false);
    // The class of state `i` is claimed at distance `d`: its positions
    // and, with inverses, whether it is its own inverse's are counted.
    let count = |i: u64, x: u64, hits: usize, d: usize| {
        positions[d].fetch_add(symmetries / hits as u64, Ordering::Relaxed);
        claimed[d].fetch_add(1, Ordering::Relaxed);
        if inverses && own_inverse(x, i) {
            own[d].fetch_add(1, Ordering::Relaxed);
        }
    };
    let layers = table.search_pulling(
        &[goal as usize],
        |i, next| {
            let d = next.depth() as usize;
            if d >= MAX_LAYERS {
                deep.store(true, Ordering::Relaxed);
                return;
            }
            let mut out = [0u64; 64];
            space.neighbours(coordinate.index_of(i as u64), &mut out[..nm]);
            for &y in &out[..nm] {
                let (state, hits) = coordinate.reduce_index(y);
                if next.claim(state as usize) {
                    count(state, y, hits, d);
                }
            }
        },
        |i: usize, depth: u32, in_layer: &dyn Fn(usize) -> bool| {
            let d = depth as usize;
            let x = coordinate.index_of(i as u64);
            // A state that is no class's reduced form is never reached.
            let (own_state, hits) = coordinate.reduce_index(x);
            if d >= MAX_LAYERS {
                deep.store(true, Ordering::Relaxed);
                return false;
            }
            if own_state != i as u64 {
                return false;
            }
            let mut out = [0u64; 64];
            space.neighbours(x, &mut out[..nm]);
            let found = out[..nm]
                .iter()
                .any(|&y| in_layer(coordinate.reduce_index(y).0 as usize));
            if found {
                count(own_state, x, hits, d);
            }
            found
        },
        |depth, reached, _| {
            progress(Layer {
                distance: depth,
                positions: reached - before,
                reached,
                of: states,
            });
            before = reached;
        },
    );
    if deep.load(Ordering::Relaxed) {
        return Err(SearchError::TooDeep);
    }
    let classes = layers.counts;
    let take = |v: &[AtomicU64], d: usize| {
        let x = v[d].load(Ordering::Relaxed);
        // A search whose last layer was large runs again up to it, and the
        // claims of those layers are counted twice.
        if d > 0 && claimed[d].load(Ordering::Relaxed) == 2 * classes[d] {
            x / 2
        } else {
            x
        }
    };
    let positions: Vec<u64> = (0..classes.len()).map(|d| take(&positions, d)).collect();
    let extended = inverses.then(|| {
        (0..classes.len())
            .map(|d| (classes[d] + take(&own, d)) / 2)
            .collect()
    });
    Ok(ClassCounts {
        positions,
        classes,
        extended,
    })
}

/// A puzzle's classes as a graph the workers of a timely-dataflow cluster
/// search together ([`crate::board::cluster::search`]): a state is a class
/// of [`SymmetryCoordinate`], its neighbours the classes its
/// representative's moves reach, and a state that is no class's reduced
/// form has none. Every state's distance is kept (a byte a class, beside
/// the two bits) and handed to the answer, which weighs each class into
/// its positions and, with inverses, counts the extended classes: the
/// same [`ClassCounts`] as [`class_counts`] on one machine.
///
/// ```
/// use schofield::board::cluster::{self, Cluster};
/// use schofield::puzzle::{library, Metric};
/// use schofield::twist::search::classes::ClassGraph;
/// use schofield::twist::space::{Space, SymmetryCoordinate};
/// use std::sync::Arc;
/// let p = library::get("squares").unwrap();
/// let space = Space::new(&p, &p.moves(Metric::Face, None).unwrap()).unwrap();
/// let syms: Vec<_> = p.symmetries().iter().map(|s| space.symmetry(s.transformation())).collect();
/// let sc = SymmetryCoordinate::new(&space, &syms, None).unwrap().unwrap();
/// let graph = Arc::new(ClassGraph::new(space, sc, true, "squares").unwrap());
/// let run = cluster::search(graph, &Cluster::local(2).unwrap(), None, Arc::new(|_| {})).unwrap();
/// let found = run.result.unwrap();
/// assert_eq!(found.positions.iter().sum::<u64>(), 663_552); // OEIS A080627
/// assert_eq!(found.classes.iter().sum::<u64>(), 15_752);
/// ```
#[cfg(feature = "distributed")]
pub struct ClassGraph {
    space: Space,
    coordinate: SymmetryCoordinate,
    inverses: bool,
    name: String,
    len: usize,
    fingerprint: u64,
}

#[cfg(feature = "distributed")]
impl ClassGraph {
    /// The graph of the classes of `coordinate` over `space`, with
    /// extended classes when `inverses` (every piece different); `name`
    /// names it in messages. `None` when its states do not fit in this
    /// machine's numbers.
    pub fn new(
        space: Space,
        coordinate: SymmetryCoordinate,
        inverses: bool,
        name: &str,
    ) -> Option<ClassGraph> {
        let len = usize::try_from(coordinate.len()).ok()?;
        let fingerprint = super::fingerprint(
            &space,
            &[
                coordinate.len(),
                coordinate.symmetries() as u64,
                u64::from(inverses),
            ],
        )?;
        Some(ClassGraph {
            space,
            coordinate,
            inverses,
            name: name.to_string(),
            len,
            fingerprint,
        })
    }
}

#[cfg(feature = "distributed")]
impl crate::board::cluster::Graph for ClassGraph {
    type Answer = ClassCounts;

    fn len(&self) -> usize {
        self.len
    }

    fn start(&self) -> usize {
        self.coordinate.reduce_index(self.space.goal_index()).0 as usize
    }

    fn neighbours(
        &self,
        i: usize,
        out: &mut [usize; crate::board::cluster::MAX_NEIGHBOURS],
    ) -> usize {
        let x = self.coordinate.index_of(i as u64);
        // A state that is no class's reduced form is never reached.
        if self.coordinate.reduce_index(x).0 != i as u64 {
            return 0;
        }
        let nm = self.space.move_count();
        let mut found = [0u64; crate::board::cluster::MAX_NEIGHBOURS];
        self.space.neighbours(x, &mut found[..nm]);
        for (o, &y) in out.iter_mut().zip(&found[..nm]) {
            *o = self.coordinate.reduce_index(y).0 as usize;
        }
        nm
    }

    fn kept(&self) -> std::ops::Range<usize> {
        0..self.len
    }

    fn describe(&self) -> String {
        format!(
            "the classes of the puzzle {} under {} symmetries",
            crate::text::quoted(&self.name),
            self.coordinate.symmetries()
        )
    }

    /// Named by a fingerprint of the space and the coordinate, which the
    /// header carries too: a checkpoint of the positions, or of classes
    /// under other symmetries, is never resumed.
    fn checkpoint(&self) -> Option<(String, [u64; 3])> {
        Some((
            format!("classes-{:016x}", self.fingerprint),
            [
                self.len as u64,
                self.space.move_count() as u64,
                self.fingerprint,
            ],
        ))
    }

    fn out_of_memory(&self) -> crate::board::cluster::ClusterError {
        crate::board::cluster::ClusterError::Refused(format!(
            "a worker's share of the two-bit table and the distances of {} classes does not fit in memory",
            self.len
        ))
    }

    /// Each reached class weighed into its positions (the symmetries over
    /// its stabiliser's order) and, with inverses, counted towards the
    /// extended classes, on every core.
    fn answer(&self, counts: &[u64], _: &[usize], kept: &[u8]) -> ClassCounts {
        use rayon::prelude::*;
        let layers = counts.len();
        let symmetries = self.coordinate.symmetries() as u64;
        let packed = self.space.packed();
        let (positions, own) = kept
            .par_chunks(1 << 16)
            .enumerate()
            .map(|(c, chunk)| {
                let mut positions = vec![0u64; layers];
                let mut own = vec![0u64; layers];
                for (k, &d) in chunk.iter().enumerate() {
                    let d = usize::from(d);
                    if d >= layers {
                        continue;
                    }
                    let i = ((c << 16) + k) as u64;
                    let x = self.coordinate.index_of(i);
                    let (state, hits) = self.coordinate.reduce_index(x);
                    positions[d] += symmetries / hits as u64;
                    if self.inverses
                        && own_inverse(&self.space, &self.coordinate, packed.as_ref(), x, state)
                    {
                        own[d] += 1;
                    }
                }
                (positions, own)
            })
            .reduce(
                || (vec![0u64; layers], vec![0u64; layers]),
                |(mut a, mut b), (c, d)| {
                    for (x, y) in a.iter_mut().zip(c) {
                        *x += y;
                    }
                    for (x, y) in b.iter_mut().zip(d) {
                        *x += y;
                    }
                    (a, b)
                },
            );
        let extended = self
            .inverses
            .then(|| (0..layers).map(|d| (counts[d] + own[d]) / 2).collect());
        ClassCounts {
            positions,
            classes: counts.to_vec(),
            extended,
        }
    }
}
