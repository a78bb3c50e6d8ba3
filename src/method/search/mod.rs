//! The exhaustive search: every position's distance from the goal, layer
//! by layer.
//!
//! With every move costing one, it is a breadth-first search. With words
//! (Schofield's elision) a move's cost depends on the move before it, and
//! the search is his: positions are taken in increasing order of their
//! cost, each remembering the last moves of its minimal paths from the
//! goal (his *terminal twists*); a move costs its word's length, less two
//! for each step it cancels with one of those last moves. Paths are
//! *reduced*: a move never follows one with which it makes no move or a
//! single move (A A is W). Keeping only
//! the last moves of *minimal* paths is exact when every word has an even
//! length and at most one step cancels at a junction (checked when the
//! puzzle is read): a path ending at `x` with any other last move costs at
//! least two more, which the one step it might save does not repay (see
//! `docs/search.md`).
//!
//! ```
//! use schofield::puzzle::{library, Metric};
//! use schofield::method::{search, space::Space};
//! let five = library::get("five").unwrap();
//! let moves = five.moves(Metric::Face, None).unwrap();
//! let space = Space::new(&five, &moves).unwrap();
//! let found = search::distances(&space, &moves, None, &|_| {}).unwrap();
//! assert_eq!(found.counts().iter().sum::<u64>(), 60);
//! assert_eq!(found.max(), 20);
//! ```

use crate::board::store::Checkpoints;
use crate::method::space::{MoveTable, Space};
use crate::puzzle::MoveSet;
use crate::text::grouped;

/// Marks a position not reached.
pub const UNSEEN: u8 = u8::MAX;

mod breadth;
pub mod classes;
pub mod ida;
mod sealed;
mod words;
use breadth::breadth_first;
pub use sealed::SEAL_EVERY;
use sealed::{Layered, Sealed};
use words::schofield;

/// Why a search could not run.
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
pub enum SearchError {
    /// The tables would not fit the memory allowed.
    #[error("the search needs {} bytes for {} positions (with its move tables), more than the {} allowed", grouped(*.needed as usize), grouped(*.positions as usize), grouped(*.allowed as usize))]
    Memory {
        /// Bytes needed.
        needed: u64,
        /// Positions numbered.
        positions: u64,
        /// Bytes allowed.
        allowed: u64,
    },
    /// The search by classes would not fit the memory allowed: its tables
    /// (the moves', the symmetry coordinate's) and two bits a class.
    #[error("the search by classes needs at least {} bytes (its tables, and two bits for each of at least {} classes), more than the {} allowed", grouped(*.needed as usize), grouped(*.classes as usize), grouped(*.allowed as usize))]
    ClassMemory {
        /// Bytes needed, at least (the classes are counted only once the
        /// coordinate is made; before, their least number is the
        /// positions over the symmetries).
        needed: u64,
        /// Classes numbered, at least.
        classes: u64,
        /// Bytes allowed.
        allowed: u64,
    },
    /// The machine would not give the memory.
    #[error("the search needs {} bytes for {} positions, which this machine cannot allocate", grouped(*.needed as usize), grouped(*.positions as usize))]
    Allocation {
        /// Bytes needed.
        needed: u64,
        /// Positions numbered.
        positions: u64,
    },
    /// A distance past what a byte holds.
    #[error("a position needs more than 254 moves; the distance table holds at most 254")]
    TooDeep,
    /// IDA* takes sequences in a canonical form, which needs positions
    /// held still (not taken up to rotation), and carries a position in at
    /// most [`ida::MAX_DIGITS`] parts.
    #[error("IDA* searches positions of at most 64 parts (digits of their numbering)")]
    NotCanonical,
    /// A checkpoint could not be taken up: what is wrong with it (the
    /// file named).
    #[error("cannot resume: {0}")]
    Resume(String),
    /// A checkpoint could not be written (the file and the reason).
    #[error("cannot write a checkpoint: {0}")]
    Checkpoint(String),
    /// The search stopped after the layer its checkpoints were asked to
    /// stop at; run it again with the same folder to go on.
    #[error(
        "stopped after layer {layer}, as asked; its checkpoint is in {dir}: run again with the same checkpoint folder to go on"
    )]
    Stopped {
        /// The last layer found.
        layer: u32,
        /// The checkpoint folder.
        dir: String,
    },
}

/// What the search found: each position's distance (cost in moves) and,
/// with words, the last moves of its minimal paths from the goal.
#[derive(Debug, Clone)]
pub struct Distances {
    distance: Vec<u8>,
    last: Option<LastMoves>,
    /// Sets of last moves kept a position: of its minimal paths, and of
    /// paths costing 2, 4, … more (as many as steps may cancel at a
    /// junction).
    levels: usize,
    counts: Vec<u64>,
}

/// The last moves of each position's minimal paths, a bit a move, in the
/// narrowest words that hold the moves (a byte for the eight-puzzle's
/// eight twists).
#[derive(Debug, Clone)]
enum LastMoves {
    Eight(Vec<u8>),
    Sixteen(Vec<u16>),
    ThirtyTwo(Vec<u32>),
    SixtyFour(Vec<u64>),
}

/// A word of move bits.
trait Mask: Copy + Default + std::ops::BitOrAssign + Send {
    fn get(self) -> u64;
    fn bit(t: usize, on: bool) -> Self;
}

macro_rules! mask {
    ($t:ty) => {
        impl Mask for $t {
            #[inline(always)]
            fn get(self) -> u64 {
                u64::from(self)
            }
            #[inline(always)]
            fn bit(t: usize, on: bool) -> Self {
                <$t>::from(on) << t
            }
        }
    };
}
mask!(u8);
mask!(u16);
mask!(u32);
mask!(u64);

/// Progress of a search: the layer just finished and the positions
/// reached so far.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct LayerProgress {
    /// The distance of the layer.
    pub distance: u32,
    /// Positions at that distance.
    pub positions: u64,
    /// Positions reached so far.
    pub reached: u64,
    /// Positions numbered in all.
    pub of: u64,
    /// True for the layer a search took up from its checkpoint, before it
    /// went on: reported first, once.
    pub resumed: bool,
}

impl LayerProgress {
    /// Layer 0 of a search over `of` positions: the goal alone.
    pub fn goal(of: u64) -> LayerProgress {
        LayerProgress {
            distance: 0,
            positions: 1,
            reached: 1,
            of,
            resumed: false,
        }
    }
}

/// The bytes a search of `space` with `moves` needs: the space's move
/// tables, and a byte a position for its distance; with words, its sets of
/// last moves (a bit a move, one set for each step a junction may cancel)
/// and four bytes for the order positions are reached in.
pub fn bytes_needed(space: &Space, moves: &MoveSet) -> u64 {
    space
        .len()
        .saturating_mul(bytes_per_position(moves))
        .saturating_add(space.table_bytes())
}

/// The bytes [`distances`] takes for each position under `moves` (its
/// move tables aside): see [`bytes_needed`].
pub fn bytes_per_position(moves: &MoveSet) -> u64 {
    if moves.has_words() {
        let mask = match moves.len() {
            0..=8 => 1,
            9..=16 => 2,
            17..=32 => 4,
            _ => 8,
        };
        1 + mask * u64::from(moves.max_cancel().max(1)) + 4
    } else {
        1
    }
}

/// `n` copies of `fill`, allocated fallibly ([`crate::memory::try_filled`]),
/// or the search's error saying what it needed.
fn try_vec<T: Clone>(n: u64, fill: T, needed: u64, positions: u64) -> Result<Vec<T>, SearchError> {
    usize::try_from(n)
        .ok()
        .and_then(|n| crate::memory::try_filled(n, fill))
        .ok_or(SearchError::Allocation { needed, positions })
}

/// Runs the search over `space` with `moves`, refusing before it
/// allocates when `max_memory` is too small; `progress` hears of each
/// layer.
pub fn distances(
    space: &Space,
    moves: &MoveSet,
    max_memory: Option<u64>,
    progress: &dyn Fn(LayerProgress),
) -> Result<Distances, SearchError> {
    let words = moves.has_words();
    let needed = bytes_needed(space, moves);
    let levels = moves.max_cancel().max(1) as usize;
    let positions = space.len();
    within(needed, positions, max_memory)?;
    let mut distance = try_vec(positions, UNSEEN, needed, positions)?;
    if words {
        macro_rules! run {
            ($t:ty, $v:ident) => {{
                let sets = positions.saturating_mul(levels as u64);
                let mut last = try_vec(sets, <$t>::default(), needed, positions)?;
                let counts = schofield(space, moves, &mut distance, &mut last, levels, progress)?;
                (LastMoves::$v(last), counts)
            }};
        }
        let (last, counts) = match moves.len() {
            0..=8 => run!(u8, Eight),
            9..=16 => run!(u16, Sixteen),
            17..=32 => run!(u32, ThirtyTwo),
            _ => run!(u64, SixtyFour),
        };
        Ok(Distances {
            distance,
            last: Some(last),
            levels,
            counts,
        })
    } else {
        let counts = breadth_first(space, &mut distance, progress)?;
        Ok(Distances {
            distance,
            last: None,
            levels: 1,
            counts,
        })
    }
}

/// Refuses a search of `positions` that needs `needed` bytes, more than
/// `max_memory` allows, before anything is allocated.
///
/// ```
/// use schofield::method::search::within;
/// assert!(within(100, 400, Some(99)).is_err());
/// assert!(within(100, 400, None).is_ok());
/// ```
pub fn within(needed: u64, positions: u64, max_memory: Option<u64>) -> Result<(), SearchError> {
    match max_memory {
        Some(allowed) if needed > allowed => Err(SearchError::Memory {
            needed,
            positions,
            allowed,
        }),
        _ => Ok(()),
    }
}

/// The number of elements at each distance from the identity, every move
/// costing one, by the layered two-bit search over the group's elements
/// numbered by its stabiliser chain ([`crate::group::numbering::ChainNumbering`]): sized by the
/// group, not by the arrangements. `moves` are permutations of the
/// chain's points, closed under inverses, at most 64 of them. Refused
/// before it allocates when `max_memory` is too small.
///
/// ```
/// use schofield::group::PermGroup;
/// use schofield::group::numbering::ChainNumbering;
/// use schofield::method::search::{SearchError, group_counts};
/// // A 3-cycle and its inverse: three elements, at distances 0, 1, 1.
/// let (a, b) = (vec![1, 2, 0], vec![2, 0, 1]);
/// let g = PermGroup::new(3, &[a.clone(), b.clone()]);
/// let n = ChainNumbering::new(&g).unwrap();
/// assert_eq!(group_counts(&n, &[a.clone(), b], None, None, &|_| {}).unwrap(), [1, 2]);
/// // Past 64 moves as well: the 3-cycle alone, 65 times over.
/// let many = vec![a; 65];
/// assert_eq!(group_counts(&n, &many, None, None, &|_| {}).unwrap(), [1, 1, 1]);
/// ```
pub fn group_counts(
    numbering: &crate::group::numbering::ChainNumbering,
    moves: &[Vec<u32>],
    max_memory: Option<u64>,
    checkpoints: Option<&Checkpoints>,
    progress: &dyn Fn(LayerProgress),
) -> Result<Vec<u64>, SearchError> {
    let nm = moves.len();
    let states = numbering.len();
    let step = |i, out: &mut [u64]| numbering.steps(i, &moves[..nm], &mut out[..nm]);
    let sealed = match checkpoints {
        Some(asked) => Some(Sealed::new(
            asked,
            sampled_name("group", states, nm, &step),
            0,
        )?),
        None => None,
    };
    let layered = Layered {
        states,
        start: 0,
        needed: crate::board::two_bit::TwoBit::bytes(states),
        max_memory,
        sealed: sealed.as_ref(),
    };
    pulled_counts(&layered, &step, nm, progress)
}

/// The name and header of the checkpoints of a search over `states`
/// states whose `nm` neighbours `step` writes (the group's elements, whose
/// numbering has no digest of its own): a digest of the sizes and of the
/// neighbours of 512 states spread over the numbers, so that a checkpoint
/// of another numbering is never taken up.
fn sampled_name<F: Fn(u64, &mut [u64])>(
    kind: &str,
    states: u64,
    nm: usize,
    step: &F,
) -> (String, [u64; 3]) {
    let mut h = blake3::Hasher::new();
    h.update(&states.to_le_bytes());
    h.update(&(nm as u64).to_le_bytes());
    crate::memory::scratch(nm, |out: &mut [u64]| {
        for i in samples(states) {
            step(i, out);
            for y in out.iter() {
                h.update(&y.to_le_bytes());
            }
        }
    });
    let fingerprint = u64::from_le_bytes(h.finalize().as_bytes()[..8].try_into().unwrap_or([0; 8]));
    (
        format!("{kind}-{fingerprint:016x}"),
        [states, nm as u64, fingerprint],
    )
}

/// The number of positions at each distance, by the layered two-bit
/// search ([`crate::board::two_bit`]: a quarter of a byte a position, so
/// four times the positions of [`distances`] fit), for a space whose moves
/// all cost one; refused before it allocates when `max_memory` is too
/// small. Only the counts come out: a position's distance is not kept, so
/// no class can be found.
///
/// With `checkpoints`, the search goes on from the newest checkpoint in
/// their folder and seals its layers there ([`SEAL_EVERY`]; as worker 0 of a
/// cluster of one: `counts --workers 1` takes up its files, and it theirs).
pub fn two_bit_counts(
    space: &Space,
    max_memory: Option<u64>,
    checkpoints: Option<&Checkpoints>,
    progress: &dyn Fn(LayerProgress),
) -> Result<Vec<u64>, SearchError> {
    let sealed = match checkpoints {
        Some(asked) => {
            let name = space_name("puzzle", space, &[]).ok_or(SearchError::Allocation {
                needed: u64::MAX,
                positions: space.len(),
            })?;
            Some(Sealed::new(asked, name, 0)?)
        }
        None => None,
    };
    let layered = Layered {
        states: space.len(),
        start: space.goal_index(),
        needed: crate::board::two_bit::TwoBit::bytes(space.len())
            .saturating_add(space.table_bytes()),
        max_memory,
        sealed: sealed.as_ref(),
    };
    pulled_counts(
        &layered,
        &|i, out: &mut [u64]| space.neighbours(i, out),
        space.move_count(),
        progress,
    )
}

/// The two-bit table of a search over `states` states, which with what
/// it holds beside takes `needed` bytes: refused before it allocates when
/// that passes `max_memory`, or when the memory cannot be had.
fn two_bit_table(
    states: u64,
    needed: u64,
    max_memory: Option<u64>,
) -> Result<crate::board::two_bit::TwoBit, SearchError> {
    within(needed, states, max_memory)?;
    let allocation = SearchError::Allocation {
        needed,
        positions: states,
    };
    let n = usize::try_from(states).map_err(|_| allocation.clone())?;
    crate::board::two_bit::TwoBit::try_new(n).ok_or(allocation)
}

/// The layered two-bit search `layered` over states whose `nm` neighbours
/// `step` writes (every move costing one, a move undone by a move), the
/// last layers pulled: each state left looks for one neighbour in the
/// layer.
fn pulled_counts<F: Fn(u64, &mut [u64]) + Sync>(
    layered: &Layered,
    step: &F,
    nm: usize,
    progress: &dyn Fn(LayerProgress),
) -> Result<Vec<u64>, SearchError> {
    let layers = layered.run(
        |i, next| {
            crate::memory::scratch(nm, |out: &mut [u64]| {
                step(i as u64, out);
                // Every neighbour's word is read before any is claimed, so
                // that the reads overlap.
                next.claim_all(out, |_, _| {});
            })
        },
        |i: usize, _: u32, in_layer: &dyn Fn(usize) -> bool| {
            crate::memory::scratch(nm, |out: &mut [u64]| {
                step(i as u64, out);
                out.iter().any(|&j| in_layer(j as usize))
            })
        },
        &mut |_, _| Ok(()),
        &|_| Vec::new(),
        progress,
    )?;
    Ok(layers.counts)
}

impl Distances {
    /// The distance of position `x`, `None` when the moves never reach it.
    #[inline]
    pub fn get(&self, x: u64) -> Option<u8> {
        let d = self.distance[x as usize];
        (d != UNSEEN).then_some(d)
    }

    /// Every position's distance ([`UNSEEN`] where not reached).
    pub fn table(&self) -> &[u8] {
        &self.distance
    }

    /// With words: the last moves (a bit each) of the minimal paths from
    /// the goal to `x`.
    pub fn last_moves(&self, x: u64) -> Option<u64> {
        self.last_moves_at(x, 0)
    }

    /// With words: the last moves of the paths from the goal to `x` that
    /// cost `2 * level` more than its minimum, for `level` below
    /// [`Distances::levels`] (`None` without words).
    pub fn last_moves_at(&self, x: u64, level: usize) -> Option<u64> {
        if level >= self.levels {
            return self.last.as_ref().map(|_| 0);
        }
        let i = x as usize * self.levels + level;
        self.last.as_ref().map(|l| match l {
            LastMoves::Eight(v) => u64::from(v[i]),
            LastMoves::Sixteen(v) => u64::from(v[i]),
            LastMoves::ThirtyTwo(v) => u64::from(v[i]),
            LastMoves::SixtyFour(v) => v[i],
        })
    }

    /// How many sets of last moves a position keeps: as many as the most
    /// steps that cancel at a junction, and at least one (1 for the
    /// eight-puzzle, where one step may cancel).
    pub fn levels(&self) -> usize {
        self.levels
    }

    /// How many positions are at each distance `0 … max` (zero for a
    /// distance no position has: with words, only even costs occur).
    pub fn counts(&self) -> &[u64] {
        &self.counts
    }

    /// The largest distance.
    pub fn max(&self) -> u8 {
        self.counts.len().saturating_sub(1) as u8
    }

    /// The positions reached.
    pub fn reached(&self) -> u64 {
        self.counts.iter().sum()
    }
}

/// A puzzle's positions as a graph the workers of a timely-dataflow
/// cluster search together ([`crate::board::cluster::search`]), for a
/// space whose moves all cost one: the answer is the positions at each
/// distance and the first antipodes, as [`two_bit_counts`] gives them on
/// one machine.
///
/// ```
/// use schofield::board::cluster::{self, Cluster};
/// use schofield::puzzle::{library, Metric};
/// use schofield::method::search::SpaceGraph;
/// use schofield::method::space::Space;
/// use std::sync::Arc;
/// let p = library::get("squares").unwrap();
/// let space = Space::new(&p, &p.moves(Metric::Face, None).unwrap()).unwrap();
/// let graph = Arc::new(SpaceGraph::new(space, "squares").unwrap());
/// let run = cluster::search(graph, &Cluster::local(2).unwrap(), None, Arc::new(|_| {})).unwrap();
/// let (counts, _) = run.result.unwrap();
/// assert_eq!(counts.iter().sum::<u64>(), 663_552); // OEIS A080627
/// ```
#[cfg(feature = "distributed")]
pub struct SpaceGraph {
    space: Space,
    name: String,
    len: usize,
    /// What identifies the space in its checkpoints: a digest of its moves
    /// as the engine applies them and of its goal.
    fingerprint: u64,
}

/// 512 numbers spread over `0 … n − 1` (all of them when fewer): where a
/// checkpoint's name samples what a search does with its states.
fn samples(n: u64) -> impl Iterator<Item = u64> {
    let n = n.max(1);
    // An odd stride, so that the samples fall everywhere.
    let stride = (n / 512).max(1) | 1;
    (0..512u64.min(n)).map(move |k| k.wrapping_mul(stride) % n)
}

/// The name and header of a puzzle's checkpoints, for states of `kind`
/// (`puzzle`, `classes`): the fingerprint in the name, and the states,
/// the moves and the fingerprint in the header.
fn checkpoint_name(kind: &str, len: usize, space: &Space, fingerprint: u64) -> (String, [u64; 3]) {
    (
        format!("{kind}-{fingerprint:016x}"),
        [len as u64, space.move_count() as u64, fingerprint],
    )
}

/// [`checkpoint_name`] of `space`'s states of `kind`, its fingerprint
/// digesting `more` too; `None` when the states do not fit this machine's
/// numbers.
fn space_name(kind: &str, space: &Space, more: &[u64]) -> Option<(String, [u64; 3])> {
    let len = usize::try_from(space.len()).ok()?;
    Some(checkpoint_name(kind, len, space, fingerprint(space, more)?))
}

/// The cluster's refusal when a worker's share of `what` does not fit.
#[cfg(feature = "distributed")]
fn refused_share(what: &str) -> crate::board::cluster::ClusterError {
    crate::board::cluster::ClusterError::Refused(format!(
        "a worker's share of {what} does not fit in memory"
    ))
}

#[cfg(feature = "distributed")]
impl SpaceGraph {
    /// The graph of `space`'s positions, `name` naming it in messages;
    /// `None` when its positions do not fit in this machine's numbers.
    pub fn new(space: Space, name: &str) -> Option<SpaceGraph> {
        let len = usize::try_from(space.len()).ok()?;
        let fingerprint = fingerprint(&space, &[])?;
        Some(SpaceGraph {
            space,
            name: name.to_string(),
            len,
            fingerprint,
        })
    }
}

/// What identifies a space (and `more`) in its checkpoints: a digest of its
/// positions' count, its moves as the engine applies them and its goal.
fn fingerprint(space: &Space, more: &[u64]) -> Option<u64> {
    let mut h = blake3::Hasher::new();
    h.update(&space.len().to_le_bytes());
    for t in space.effective_moves() {
        h.update(&[u8::from(t.mirrors())]);
        for o in t.orbits() {
            h.update(&(o.len() as u64).to_le_bytes());
            h.update(o.permutation());
            h.update(o.orientation());
        }
    }
    let goal = space.goal_flat();
    h.update(&goal.pieces);
    h.update(&goal.ori);
    for x in more {
        h.update(&x.to_le_bytes());
    }
    let digest = h.finalize();
    Some(u64::from_le_bytes(digest.as_bytes()[..8].try_into().ok()?))
}

#[cfg(feature = "distributed")]
impl crate::board::cluster::Graph for SpaceGraph {
    type Answer = (Vec<u64>, Vec<usize>);

    fn len(&self) -> usize {
        self.len
    }

    fn start(&self) -> usize {
        self.space.goal_index() as usize
    }

    fn most_neighbours(&self) -> usize {
        self.space.move_count()
    }

    fn neighbours(&self, i: usize, out: &mut [usize]) -> usize {
        let nm = self.space.move_count();
        crate::memory::scratch(nm, |found: &mut [u64]| {
            self.space.neighbours(i as u64, found);
            for (o, &j) in out.iter_mut().zip(found.iter()) {
                *o = j as usize;
            }
        });
        nm
    }

    fn kept(&self) -> std::ops::Range<usize> {
        0..0
    }

    fn describe(&self) -> String {
        format!("the puzzle {}", crate::text::quoted(&self.name))
    }

    /// Named by the space's fingerprint (a puzzle's name may hold any
    /// character; a file name may not), which the header carries too with
    /// the positions and the moves: a checkpoint of another puzzle, or of
    /// the same puzzle with other moves, is never resumed.
    fn checkpoint(&self) -> Option<(String, [u64; 3])> {
        Some(checkpoint_name(
            "puzzle",
            self.len,
            &self.space,
            self.fingerprint,
        ))
    }

    fn out_of_memory(&self) -> crate::board::cluster::ClusterError {
        refused_share(&format!("the two-bit table of {} positions", self.len))
    }

    fn answer(&self, counts: &[u64], antipodes: &[usize], _: &[u8]) -> (Vec<u64>, Vec<usize>) {
        (counts.to_vec(), antipodes.to_vec())
    }
}
