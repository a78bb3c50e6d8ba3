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
//! use schofield::method::search::classes::class_counts;
//! use schofield::method::space::{Space, SymmetryCoordinate};
//! let p = library::get("corners").unwrap();
//! let moves = p.moves(Metric::Face, None).unwrap();
//! let space = Space::new(&p, &moves).unwrap();
//! let syms: Vec<_> = p.symmetries().iter().map(|s| space.symmetry(s.transformation())).collect();
//! let sc = SymmetryCoordinate::new(&space, &syms, None).unwrap().unwrap();
//! let found = class_counts(&space, &sc, true, None, None, &|_| {}).unwrap();
//! assert_eq!(found.positions.iter().sum::<u64>(), 88_179_840);
//! assert_eq!(found.classes.iter().sum::<u64>(), 1_841_970);
//! assert_eq!(found.extended.unwrap().iter().sum::<u64>(), 934_778);
//! ```

use super::sealed::{Layered, Refused, Sealed};
use super::{LayerProgress, SearchError};
use crate::board::store::Checkpoints;
use crate::board::two_bit::{Next, TwoBit};
use crate::method::space::{Space, SymmetryCoordinate};
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

/// What [`Tallies`] counts at each distance: positions, classes that
/// are their own inverse's, and claims.
const POSITIONS: usize = 0;
const OWN: usize = 1;
const CLAIMED: usize = 2;

/// Counts at each distance, a row for each of rayon's threads (and one
/// for any other), so that no two cores add to one cache line: the
/// claims of a layer come from every core at once.
struct Tallies {
    rows: Vec<Vec<AtomicU64>>,
}

impl Tallies {
    fn new() -> Tallies {
        let rows = rayon::current_num_threads() + 1;
        Tallies {
            rows: (0..rows)
                .map(|_| (0..3 * MAX_LAYERS).map(|_| AtomicU64::new(0)).collect())
                .collect(),
        }
    }

    /// Adds `x` to what `what` counts at distance `d`, in this thread's row.
    #[inline]
    fn add(&self, what: usize, d: usize, x: u64) {
        let row = rayon::current_thread_index()
            .map_or(self.rows.len() - 1, |i| i.min(self.rows.len() - 1));
        self.rows[row][what * MAX_LAYERS + d].fetch_add(x, Ordering::Relaxed);
    }

    /// Sets every count to 0.
    fn clear(&self) {
        for x in self.rows.iter().flatten() {
            x.store(0, Ordering::Relaxed);
        }
    }

    /// The side values a checkpoint keeps of the first `layers` layers:
    /// the positions at each distance, then the classes that are their own
    /// inverse's.
    fn side(&self, layers: usize) -> Vec<u64> {
        (0..layers)
            .map(|d| self.sum(POSITIONS, d))
            .chain((0..layers).map(|d| self.sum(OWN, d)))
            .collect()
    }

    /// What `what` counts at distance `d`, over every row.
    fn sum(&self, what: usize, d: usize) -> u64 {
        self.rows
            .iter()
            .map(|r| r[what * MAX_LAYERS + d].load(Ordering::Relaxed))
            .sum()
    }
}

/// Which classes are their own inverse's.
///
/// The inverse of a position's top digits is the inverse of its top
/// digits alone, and inverting commutes with conjugating, so the inverse
/// of every position of a top class lies in one top class, found once from
/// the representative: a class whose top class is not its own inverse's
/// is not its own inverse's, and most classes are settled without
/// inverting their positions.
struct Inverses<'a> {
    space: &'a Space,
    coordinate: &'a SymmetryCoordinate,
    packed: Option<crate::method::space::Packed<'a>>,
    /// A bit a top class: set when it is its own inverse's top class (a
    /// bit, not the class, so that the look-up each claim makes stays in
    /// the caches).
    own_top: Vec<u64>,
}

impl<'a> Inverses<'a> {
    fn new(space: &'a Space, coordinate: &'a SymmetryCoordinate) -> Inverses<'a> {
        use rayon::prelude::*;
        let mut inverses = Inverses {
            space,
            coordinate,
            packed: space.packed(),
            own_top: Vec::new(),
        };
        let rest = coordinate.len() / coordinate.top_classes();
        let tops = coordinate.top_classes();
        inverses.own_top = (0..tops.div_ceil(64))
            .into_par_iter()
            .map(|w| {
                (w * 64..tops.min(w * 64 + 64)).fold(0u64, |bits, k| {
                    let y = inverses.inverse(coordinate.index_of(k * rest));
                    let own = coordinate.top_class_of(coordinate.reduce_index(y).0) == k;
                    bits | u64::from(own) << (k % 64)
                })
            })
            .collect();
        inverses
    }

    /// The number of position `x`'s inverse.
    fn inverse(&self, x: u64) -> u64 {
        if let Some(p) = &self.packed {
            return p.inverse(x);
        }
        if let Some(y) = self.space.inverse_index(x) {
            return y;
        }
        let mut f = self.space.scratch();
        let mut g = self.space.scratch();
        self.space.decode_flat(x, &mut f);
        self.space.invert_into(&f, &mut g);
        self.space.encode_flat(&g)
    }

    /// Whether the class of position `x`, whose state is `state`, is its
    /// own inverse's.
    #[inline]
    fn own(&self, x: u64, state: u64) -> bool {
        let k = self.coordinate.top_class_of(state);
        self.own_top[(k / 64) as usize] >> (k % 64) & 1 == 1
            && self.coordinate.reduce_index(self.inverse(x)).0 == state
    }
}

/// Searches the classes of `coordinate` over `space` from the goal, every
/// move costing one; with `inverses` (every piece different), the
/// extended classes too. Refused before it allocates when the table would
/// take more than `max_memory` bytes; `progress` hears of each layer (in
/// classes).
///
/// With `checkpoints`, it goes on from the newest in their folder and
/// seals its layers there, with the positions and the classes their own
/// inverse's at each distance, which the table does not keep.
pub fn class_counts(
    space: &Space,
    coordinate: &SymmetryCoordinate,
    inverses: bool,
    max_memory: Option<u64>,
    checkpoints: Option<&Checkpoints>,
    progress: &dyn Fn(LayerProgress),
) -> Result<ClassCounts, SearchError> {
    let symmetries = coordinate.symmetries() as u64;
    let tallies = Tallies::new();
    let own = inverses.then(|| Inverses::new(space, coordinate));
    let own_inverse = |x: u64, state: u64| own.as_ref().is_some_and(|o| o.own(x, state));
    let (goal, hits) = coordinate.reduce_index(space.goal_index());
    tallies.add(POSITIONS, 0, symmetries / hits as u64);
    tallies.add(OWN, 0, u64::from(own_inverse(space.goal_index(), goal)));
    let sealed = checkpoints
        .map(|asked| sealed(asked, space, coordinate, inverses))
        .transpose()?;
    // A class past the last distance the tallies hold.
    let deep = std::sync::atomic::AtomicBool::new(false);
    // The class of state `i` is claimed at distance `d`: its positions
    // and, with inverses, whether it is its own inverse's are counted.
    let count = |i: u64, x: u64, hits: usize, d: usize| {
        tallies.add(POSITIONS, d, symmetries / hits as u64);
        tallies.add(CLAIMED, d, 1);
        if own_inverse(x, i) {
            tallies.add(OWN, d, 1);
        }
    };
    let checks = Resumption {
        symmetries,
        inverses,
        positions: space.len(),
    };
    let layered = Layered {
        states: coordinate.len(),
        start: goal,
        needed: bytes_needed(coordinate),
        max_memory,
        sealed: sealed.as_ref(),
    };
    let layers = layered.run(
        |i, next| {
            let d = next.depth() as usize;
            if d >= MAX_LAYERS {
                deep.store(true, Ordering::Relaxed);
                return;
            }
            claim_neighbours(space, coordinate, i as u64, next, |state, y, hits| {
                count(state, y, hits, d)
            });
        },
        |i: usize, depth: u32, in_layer: &dyn Fn(usize) -> bool| {
            let d = depth as usize;
            if d >= MAX_LAYERS {
                deep.store(true, Ordering::Relaxed);
                return false;
            }
            // A state that is no class's reduced form is never reached.
            let Some(hits) = coordinate.reduced_stabiliser(i as u64) else {
                return false;
            };
            let found =
                coordinate.find_neighbour(space, i as u64, |state, _, _| in_layer(state as usize));
            if found {
                count(i as u64, coordinate.index_of(i as u64), hits, d);
            }
            found
        },
        &mut |counts, side| checks.take_up(&tallies, counts, side),
        &|layers| tallies.side(layers),
        progress,
    )?;
    if deep.load(Ordering::Relaxed) {
        return Err(SearchError::TooDeep);
    }
    Ok(answered(&tallies, layers.counts, inverses))
}

/// Claims the classes next to state `i` in the layer `next` makes: every
/// neighbour found first, then their words read together before any is
/// claimed (the claims fall at random in the table); `count(state, x,
/// hits)` hears of each this call claimed, with the position `x` found
/// and its class's stabiliser's size.
fn claim_neighbours(
    space: &Space,
    coordinate: &SymmetryCoordinate,
    i: u64,
    next: &mut Next,
    mut count: impl FnMut(u64, u64, usize),
) {
    let nm = space.move_count();
    crate::memory::scratch(nm, |states: &mut [usize]| {
        crate::memory::scratch(nm, |found: &mut [(usize, u64)]| {
            let mut n = 0;
            coordinate.find_neighbour(space, i, |state, hits, y| {
                states[n] = state as usize;
                found[n] = (hits, y);
                n += 1;
                false
            });
            next.claim_all(&states[..n], |k, _| {
                let (hits, y) = found[k];
                count(states[k] as u64, y, hits);
            });
        })
    });
}

/// The checkpoints `asked` for of the search by classes of `coordinate`
/// over `space`: named by the space's fingerprint with the coordinate's
/// [`identity`], and keeping two side values a layer, the positions and
/// the classes that are their own inverse's.
fn sealed<'a>(
    asked: &'a Checkpoints,
    space: &Space,
    coordinate: &SymmetryCoordinate,
    inverses: bool,
) -> Result<Sealed<'a>, SearchError> {
    let more = identity(space, coordinate, inverses);
    let name =
        super::space_name("classes-tallied", space, &more).ok_or(SearchError::Allocation {
            needed: bytes_needed(coordinate),
            positions: coordinate.len(),
        })?;
    Sealed::new(asked, name, 2)
}

/// What tells a search by classes from another over the same space, for
/// its checkpoints: the coordinate's states, the number of symmetries,
/// whether inverses are counted, and the class and stabiliser of 512
/// positions spread over the space. Two groups of symmetries of one order
/// (conjugate ones, say) number the same states; they reduce positions
/// differently, and a checkpoint of one must never be taken up by the
/// other.
fn identity(space: &Space, coordinate: &SymmetryCoordinate, inverses: bool) -> Vec<u64> {
    let mut more = vec![
        coordinate.len(),
        coordinate.symmetries() as u64,
        u64::from(inverses),
    ];
    for x in super::samples(space.len()) {
        let (state, hits) = coordinate.reduce_index(x);
        more.extend([state, hits as u64]);
    }
    more
}

/// What a search by classes checks a checkpoint's side values against
/// before it takes them up.
struct Resumption {
    symmetries: u64,
    inverses: bool,
    /// The positions of the space.
    positions: u64,
}

impl Resumption {
    /// Takes up a checkpoint's classes `counts` and side values `side`
    /// (the positions at each distance, then the classes that are their
    /// own inverse's) into `tallies`, in place of the goal's: refused
    /// unless each distance has between one and every symmetry's
    /// positions a class, at most its classes their own inverse's (none
    /// without inverses), and all told no more positions than the space.
    /// A refusal says what was found and what was expected.
    fn take_up(&self, tallies: &Tallies, counts: &[u64], side: &[u64]) -> Result<(), Refused> {
        let n = counts.len();
        if n > MAX_LAYERS {
            return Err((format!("{n} layers"), format!("at most {MAX_LAYERS}")));
        }
        let (positions, own) = side.split_at(n);
        for d in 0..n {
            let most = counts[d].saturating_mul(self.symmetries);
            if positions[d] < counts[d] || positions[d] > most {
                return Err((
                    format!(
                        "{} positions at distance {d} for {} classes",
                        positions[d], counts[d]
                    ),
                    format!(
                        "between 1 and {} positions a class (the symmetries)",
                        self.symmetries
                    ),
                ));
            }
            if own[d] > counts[d] || (!self.inverses && own[d] != 0) {
                return Err((
                    format!(
                        "{} classes at distance {d} their own inverse's, of {}",
                        own[d], counts[d]
                    ),
                    if self.inverses {
                        "at most the classes".to_string()
                    } else {
                        "none: these positions have no inverses".to_string()
                    },
                ));
            }
        }
        let total = positions.iter().try_fold(0u64, |a, &p| a.checked_add(p));
        if total.is_none_or(|t| t > self.positions) {
            return Err((
                "more positions in all than the puzzle has".to_string(),
                format!("at most its {}", self.positions),
            ));
        }
        tallies.clear();
        for d in 0..n {
            tallies.add(POSITIONS, d, positions[d]);
            tallies.add(OWN, d, own[d]);
            if d > 0 {
                tallies.add(CLAIMED, d, counts[d]);
            }
        }
        Ok(())
    }
}

/// The counts of a search by classes from its tallies and the classes at
/// each distance: the positions, and with `inverses` the extended classes.
fn answered(tallies: &Tallies, classes: Vec<u64>, inverses: bool) -> ClassCounts {
    let take = |what: usize, d: usize| {
        let x = tallies.sum(what, d);
        // A search whose last layer was large runs again up to it, and the
        // claims of those layers are counted twice.
        if d > 0 && tallies.sum(CLAIMED, d) == 2 * classes[d] {
            x / 2
        } else {
            x
        }
    };
    let positions: Vec<u64> = (0..classes.len()).map(|d| take(POSITIONS, d)).collect();
    let extended = inverses.then(|| {
        (0..classes.len())
            .map(|d| (classes[d] + take(OWN, d)) / 2)
            .collect()
    });
    ClassCounts {
        positions,
        classes,
        extended,
    }
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
/// use schofield::method::search::classes::ClassGraph;
/// use schofield::method::space::{Space, SymmetryCoordinate};
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
        let fingerprint = super::fingerprint(&space, &identity(&space, &coordinate, inverses))?;
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

    fn most_neighbours(&self) -> usize {
        self.space.move_count()
    }

    fn neighbours(&self, i: usize, out: &mut [usize]) -> usize {
        let x = self.coordinate.index_of(i as u64);
        // A state that is no class's reduced form is never reached.
        if self.coordinate.reduce_index(x).0 != i as u64 {
            return 0;
        }
        let nm = self.space.move_count();
        crate::memory::scratch(nm, |found: &mut [u64]| {
            self.space.neighbours(x, found);
            for (o, &y) in out.iter_mut().zip(found.iter()) {
                *o = self.coordinate.reduce_index(y).0 as usize;
            }
        });
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
        Some(super::checkpoint_name(
            "classes",
            self.len,
            &self.space,
            self.fingerprint,
        ))
    }

    fn out_of_memory(&self) -> crate::board::cluster::ClusterError {
        super::refused_share(&format!(
            "the two-bit table and the distances of {} classes",
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
        let inverses = self
            .inverses
            .then(|| Inverses::new(&self.space, &self.coordinate));
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
                    if inverses.as_ref().is_some_and(|o| o.own(x, state)) {
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

#[cfg(test)]
mod tests {
    use super::*;
    use crate::puzzle::library;

    /// A space whose one coordinate is worked, not tabulated, has its
    /// classes tabulated an arrangement each: they count as the general
    /// coordinate's at every distance, for the corner group (twists) and
    /// the eight-puzzle (even arrangements, no orientations).
    #[test]
    fn a_worked_coordinate_counts_as_a_tabulated_one() {
        for name in ["corners", "eight"] {
            let p = library::get(name).unwrap();
            let moves = p.moves(p.default_metric(), None).unwrap();
            let counts = |space: &Space| {
                let syms: Vec<_> = p
                    .symmetries()
                    .iter()
                    .map(|s| space.symmetry(s.transformation()))
                    .collect();
                let sc = SymmetryCoordinate::new(space, &syms, None)
                    .unwrap()
                    .unwrap();
                class_counts(space, &sc, p.has_distinct_pieces(), None, None, &|_| {}).unwrap()
            };
            let tabulated = Space::new(&p, &moves).unwrap();
            let worked = Space::build(&p, &moves, None, 1 << 10).unwrap();
            assert!(worked.has_worked() && !tabulated.has_worked());
            let found = counts(&worked);
            assert_eq!(found, counts(&tabulated), "{name}");
            assert_eq!(found.positions.iter().sum::<u64>(), worked.len());
        }
    }
}
