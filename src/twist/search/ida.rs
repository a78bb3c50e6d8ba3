//! Minimal move sequences for one position without the whole table:
//! IDA* (iterative deepening on `g + h`) over a puzzle's numbered
//! positions, with pruning tables derived from the puzzle itself.
//!
//! A position is carried as *parts*, each moved by the moves on its own:
//! the digits of its number ([`Space::digit`]: the arrangement and the
//! orientations of each orbit of slots) or, where an orbit's digits are
//! too many for one table, sets of its pieces ([`PieceSet`]). Any parts
//! make a *projection* of the puzzle: a smaller puzzle whose every path
//! is the image of a path of the whole. The distance to the goal in a
//! projection is found for every value by a breadth-first search and kept
//! a byte a value ([`Pruning`]); it is never more than the whole
//! puzzle's, so the largest over the projections is an admissible
//! estimate.
//!
//! Sequences are searched in a canonical form ([`Solver::follows`]): a
//! move is never followed by one that makes, with it, no move or a single
//! move (the same face again), and of two moves that commute only one
//! order is taken. No minimum is lost: a minimal sequence has neither
//! pair, and moving commuting moves into the fixed order keeps its length.
//! The first move is taken outside the form, so that one pass finds every
//! starting move with the specimen: a move starts a minimal sequence when
//! the position it makes is solved in one move fewer.
//!
//! The tables are chosen to fit a memory budget, the largest first
//! ([`Solver::kept`]: the cube's edges in a set of seven or of six), read
//! at the position's conjugates by the puzzle's symmetries as well
//! ([`Solver::conjugated`]), and
//! kept on disk between runs in the store's keyed container
//! ([`crate::board::store::read_keyed`]), checked when read back.
//!
//! ```
//! use schofield::puzzle::{Metric, library};
//! use schofield::twist::space::Space;
//! use schofield::twist::search::ida::{Allowance, Solver};
//! let p = library::get("corners").unwrap();
//! let moves = p.moves(Metric::Face, None).unwrap();
//! let space = Space::new(&p, &moves).unwrap();
//! let solver = Solver::new(&space, 1 << 16, None).unwrap();
//! let x = space.apply(space.apply(space.goal_index(), 0), 4);
//! let s = solver.solve_index(x, &Allowance::default()).unwrap();
//! assert_eq!(s.moves, 2);
//! assert_eq!(space.apply(space.apply(x, s.path[0]), s.path[1]), space.goal_index());
//! ```

use super::SearchError;
use crate::puzzle::transformation::Transformation;
use crate::twist::space::{Flat, PieceSet, Space, SpaceSymmetry};
use rayon::prelude::*;
use std::sync::Arc;
use std::sync::atomic::{AtomicU8, AtomicU64, Ordering::Relaxed};

/// One part of a position as the search carries it: a digit of its
/// number, or some of one coordinate's pieces ([`PieceSet`]). The parts
/// together tell the whole position.
#[derive(Debug)]
enum Part {
    Digit(usize),
    Pieces(Arc<PieceSet>),
}

/// A projection's distances: the parts it keeps, and for each value of
/// them the fewest moves to the goal's value ([`UNSEEN`] where none leads).
#[derive(Debug, Clone)]
pub struct Pruning {
    /// The parts of the position kept, and the stride of each in the
    /// projection's own number.
    parts: Vec<(usize, u64)>,
    /// A byte a value, shared with the readings of the table at the
    /// position's conjugates ([`Solver::conjugated`]).
    table: Arc<Vec<u8>>,
}

/// A value no sequence of moves reaches from the goal's.
pub const UNSEEN: u8 = u8::MAX;

/// The most parts a position may have: digits, or piece sets where a
/// coordinate is too large for one table.
pub const MAX_DIGITS: usize = 64;

impl Part {
    /// How many values the part takes.
    fn radix(&self, space: &Space) -> u64 {
        match self {
            Part::Digit(d) => space.digit(*d).0,
            Part::Pieces(set) => set.len(),
        }
    }

    /// The part's value in the flat state `f`.
    fn value_in(&self, space: &Space, f: &Flat) -> u64 {
        match self {
            Part::Digit(d) => space.digits_of_flat(f)[*d],
            Part::Pieces(set) => set.value_of(space, f),
        }
    }

    /// The value move `m` makes of value `v`.
    #[inline]
    fn step(&self, space: &Space, v: u64, m: usize) -> u64 {
        match self {
            Part::Digit(d) => space.digit_step(*d, v, m),
            Part::Pieces(set) => set.step(v, m),
        }
    }
}

/// True when every move's inverse is a move: a step then changes a
/// projection's distance by at most one, either way.
fn closed_under_inverse(space: &Space) -> bool {
    let e = space.effective_moves();
    e.iter().all(|a| e.iter().any(|b| a.then(b).is_identity()))
}

impl Pruning {
    /// The distances of the projection onto the parts `kept` of `parts`,
    /// by a breadth-first search from the goal's value (`goal`, the
    /// parts' values), one layer a scan of every value, shared among the
    /// cores.
    fn build(space: &Space, parts: &[Part], kept: &[usize], goal: &[u64]) -> Pruning {
        let nm = space.move_count();
        let mut strides = Vec::new();
        let mut len = 1u64;
        for &p in kept {
            strides.push((p, len));
            len *= parts[p].radix(space);
        }
        let radices: Vec<u64> = kept.iter().map(|&p| parts[p].radix(space)).collect();
        let mut table: Vec<AtomicU8> = Vec::with_capacity(len as usize);
        crate::memory::advise_huge_pages(&table);
        table.extend((0..len).map(|_| AtomicU8::new(UNSEEN)));
        let at_goal: u64 = strides.iter().map(|&(p, stride)| goal[p] * stride).sum();
        table[at_goal as usize].store(0, Relaxed);
        // Where every move's inverse is a move, a layer may be found from
        // the values not yet reached, each looking for a neighbour in the
        // layer before: cheaper once those are fewer than the layer.
        let closed = closed_under_inverse(space);
        let images = |v: u64, images: &mut [u64; 64]| {
            let mut rest = v;
            images[..nm].fill(0);
            for (&(p, stride), radix) in strides.iter().zip(&radices) {
                let v = rest % radix;
                rest /= radix;
                for (m, image) in images[..nm].iter_mut().enumerate() {
                    *image += parts[p].step(space, v, m) * stride;
                }
            }
        };
        let (mut layer, mut unseen) = (1u64, len - 1);
        for depth in 0..UNSEEN - 1 {
            let backward = closed && unseen < layer;
            let grew: u64 = table
                .par_chunks(1 << 16)
                .enumerate()
                .map(|(c, chunk)| {
                    let mut out = [0u64; 64];
                    let mut grew = 0;
                    for (k, cell) in chunk.iter().enumerate() {
                        let v = (c << 16 | k) as u64;
                        if backward {
                            if cell.load(Relaxed) != UNSEEN {
                                continue;
                            }
                            images(v, &mut out);
                            if out[..nm]
                                .iter()
                                .any(|&w| table[w as usize].load(Relaxed) == depth)
                            {
                                cell.store(depth + 1, Relaxed);
                                grew += 1;
                            }
                            continue;
                        }
                        if cell.load(Relaxed) != depth {
                            continue;
                        }
                        images(v, &mut out);
                        for &w in &out[..nm] {
                            let cell = &table[w as usize];
                            if cell.load(Relaxed) == UNSEEN {
                                cell.store(depth + 1, Relaxed);
                                grew += 1;
                            }
                        }
                    }
                    grew
                })
                .sum();
            if grew == 0 {
                break;
            }
            // Two cores may both mark one value in a forward layer: the
            // counts only choose the direction.
            layer = grew;
            unseen = unseen.saturating_sub(grew);
        }
        Pruning {
            parts: strides,
            table: Arc::new(table.into_iter().map(AtomicU8::into_inner).collect()),
        }
    }

    /// The table `table` read back for the projection onto `kept`,
    /// checked after its checksum: its length, the goal's value 0 and no
    /// other, and, at values spread over the table, no neighbour more
    /// than one farther; where every move's inverse is a move, none more
    /// than one nearer and, unless it is the goal, one exactly one nearer.
    fn checked(
        space: &Space,
        parts: &[Part],
        kept: &[usize],
        goal: &[u64],
        table: Vec<u8>,
    ) -> Result<Pruning, String> {
        let mut strides = Vec::new();
        let mut len = 1u64;
        for &p in kept {
            strides.push((p, len));
            len *= parts[p].radix(space);
        }
        if table.len() as u64 != len {
            return Err(format!("{} values, expected {len}", table.len()));
        }
        let at_goal: u64 = strides.iter().map(|&(p, stride)| goal[p] * stride).sum();
        let pruning = Pruning {
            parts: strides,
            table: Arc::new(table),
        };
        if pruning.table[at_goal as usize] != 0 {
            return Err("the goal is not at distance 0".into());
        }
        let nm = space.move_count();
        let closed = closed_under_inverse(space);
        let step = (len / 1024).max(1);
        let mut x = vec![0u64; parts.len()];
        for v in (0..len).step_by(step as usize) {
            let d = pruning.table[v as usize];
            if d == 0 && v != at_goal {
                return Err(format!("value {v} at distance 0, which is not the goal"));
            }
            if d == UNSEEN {
                continue;
            }
            let mut rest = v;
            for &(p, _) in &pruning.parts {
                let radix = parts[p].radix(space);
                x[p] = rest % radix;
                rest /= radix;
            }
            let mut nearer = d == 0;
            for m in 0..nm {
                let w: u64 = pruning
                    .parts
                    .iter()
                    .map(|&(p, stride)| parts[p].step(space, x[p], m) * stride)
                    .sum();
                let e = pruning.table[w as usize];
                if e == UNSEEN || e > d + 1 || (closed && e + 1 < d) {
                    return Err(format!("value {v} at distance {d} beside {w} at {e}"));
                }
                nearer |= e + 1 == d;
            }
            if closed && !nearer {
                return Err(format!(
                    "value {v} at distance {d} with no neighbour nearer"
                ));
            }
        }
        Ok(pruning)
    }

    /// Asks the memory for the entry of the position of parts `x` ahead of
    /// its reading ([`Pruning::estimate`]); nothing where the processor
    /// has no such hint.
    #[inline]
    fn prefetch(&self, x: &[u64]) {
        #[cfg(target_arch = "x86_64")]
        {
            let v: u64 = self.parts.iter().map(|&(p, stride)| x[p] * stride).sum();
            if let Some(entry) = self.table.get(v as usize) {
                // SAFETY: a prefetch is a hint; it reads nothing and cannot
                // fault, and the pointer is to an element of the table.
                unsafe {
                    std::arch::x86_64::_mm_prefetch(
                        (entry as *const u8).cast::<i8>(),
                        std::arch::x86_64::_MM_HINT_T0,
                    );
                }
            }
        }
        #[cfg(not(target_arch = "x86_64"))]
        let _ = x;
    }

    /// The estimate for the position of parts `x`: its projection's
    /// distance.
    #[inline]
    fn estimate(&self, x: &[u64]) -> u8 {
        let v: u64 = self.parts.iter().map(|&(p, stride)| x[p] * stride).sum();
        self.table[v as usize]
    }

    /// The values of the projection.
    pub fn len(&self) -> usize {
        self.table.len()
    }

    /// True when the projection has no value (never: the goal's is one).
    pub fn is_empty(&self) -> bool {
        self.table.is_empty()
    }
}

/// IDA* over a space: its pruning tables and the canonical form of its
/// sequences.
#[derive(Debug)]
pub struct Solver<'s> {
    space: &'s Space,
    /// What the search carries of a position.
    parts: Vec<Part>,
    /// The goal's parts, then its conjugates' (the goal's own).
    goal: Vec<u64>,
    prunings: Vec<Pruning>,
    /// The symmetries whose conjugates of a position are read in the
    /// tables as well ([`Solver::conjugated`]).
    conjugations: Vec<Conjugation>,
    /// The parts of the conjugates carried after the position's own: a
    /// part of the position's and the conjugation; its values follow the
    /// conjugation's moves.
    conjugate_parts: Vec<(usize, usize)>,
    /// The tables read at the conjugates, their strides over the
    /// conjugates' parts (numbered after the position's own).
    conjugate_prunings: Vec<Pruning>,
    /// For each move, the moves that may follow it (a bit each).
    follows: Vec<u64>,
    /// For each move, the moves that may follow it in some minimal
    /// sequence: all but those making with it no move or a single move.
    may_follow: Vec<u64>,
}

/// A minimal sequence found for one position.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Solution {
    /// The minimum number of moves.
    pub moves: u32,
    /// One minimal sequence (the specimen), moves by number.
    pub path: Vec<usize>,
    /// Every move that starts a minimal sequence (a bit each).
    pub starting: u64,
    /// The positions generated, the starting moves' searches included.
    pub nodes: u64,
}

/// Why a search stopped before its answer.
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
pub enum Stopped {
    /// More positions than allowed were generated.
    #[error(
        "the search stopped after {} positions (the most allowed), having proved that at least {lower_bound} moves are needed", crate::text::grouped(*.nodes as usize)
    )]
    Nodes {
        /// Positions generated.
        nodes: u64,
        /// A bound proved: no sequence of fewer moves solves it.
        lower_bound: u32,
    },
    /// The time allowed ran out.
    #[error(
        "the search stopped after {} s (the most allowed), {} positions generated, having proved that at least {lower_bound} moves are needed", .after.as_secs(), crate::text::grouped(*.nodes as usize)
    )]
    Time {
        /// The time allowed.
        after: std::time::Duration,
        /// Positions generated.
        nodes: u64,
        /// A bound proved: no sequence of fewer moves solves it.
        lower_bound: u32,
    },
    /// No sequence of moves reaches the goal (a projection has no path).
    #[error("no sequence of these moves reaches the goal")]
    Unreachable,
}

/// What one search is allowed, and whom it tells how it goes.
///
/// ```
/// use schofield::twist::search::ida::Allowance;
/// let quick = Allowance { max_nodes: Some(1000), ..Allowance::default() };
/// assert!(quick.max_seconds.is_none() && quick.progress.is_none());
/// ```
#[derive(Default, Clone, Copy)]
pub struct Allowance<'p> {
    /// Stop after generating this many positions.
    pub max_nodes: Option<u64>,
    /// Stop after this long (checked every few thousand positions).
    pub max_seconds: Option<std::time::Duration>,
    /// Told, a few times a second and at each new bound, how far the
    /// search has come.
    pub progress: Option<&'p (dyn Fn(Progress) + Sync)>,
}

/// How far a search has come.
#[derive(Debug, Clone, Copy, PartialEq)]
pub struct Progress {
    /// The bound of the pass under way: no sequence shorter solves it.
    pub bound: u32,
    /// Positions generated so far.
    pub nodes: u64,
    /// Seconds since the search began.
    pub seconds: f64,
}

/// A symmetry of the puzzle under which the search reads its tables a
/// second time, at the position's conjugate `φ⁻¹Xφ`
/// ([`Space::conjugate_into`]). A symmetry that keeps the goal and takes
/// every move to a move keeps every distance, so a table's value at the
/// conjugate bounds the position's own distance as well; and the
/// conjugate of `X` moved by `m` is the conjugate of `X` moved by `m`'s
/// image, so the conjugate's parts are carried beside the position's,
/// each move read through `moves`. Where a table keeps some of a
/// coordinate's pieces (seven of the cube's twelve edges), its reading
/// at a conjugate is a reading of other pieces: more of the position is
/// seen for no more memory.
#[derive(Debug)]
struct Conjugation {
    symmetry: SpaceSymmetry,
    /// The move each move becomes.
    moves: Vec<u8>,
}

impl Conjugation {
    /// The symmetry `t` of the puzzle as the search reads it, when it keeps
    /// the goal and takes every move to a move. Each move's image is found
    /// as the move whose position from the goal is the conjugate of the
    /// move's: exact where every piece is different (a position then tells
    /// its transformation) and the moves' positions are all different;
    /// elsewhere no symmetry is read.
    fn new(space: &Space, t: &Transformation) -> Option<Conjugation> {
        if !space.has_distinct_pieces() {
            return None;
        }
        let symmetry = space.symmetry(t);
        let goal = space.goal_flat();
        if Conjugation::of_flat(space, &symmetry, goal) != *goal {
            return None;
        }
        let moved: Vec<Flat> = space
            .effective_moves()
            .iter()
            .map(|m| {
                let mut f = goal.clone();
                space.transform_flat(&mut f, m);
                f
            })
            .collect();
        let distinct = moved
            .iter()
            .enumerate()
            .all(|(a, f)| moved[..a].iter().all(|g| g != f));
        if !distinct {
            return None;
        }
        let moves = moved
            .iter()
            .map(|f| {
                let image = Conjugation::of_flat(space, &symmetry, f);
                let m = moved.iter().position(|g| *g == image)?;
                u8::try_from(m).ok()
            })
            .collect::<Option<Vec<u8>>>()?;
        Some(Conjugation { symmetry, moves })
    }

    /// Those of `symmetries` that the search may read: all but the
    /// identity that keep the goal and take moves to moves.
    fn all(space: &Space, symmetries: &[Transformation]) -> Vec<Conjugation> {
        symmetries
            .iter()
            .filter(|t| !t.is_identity())
            .filter_map(|t| Conjugation::new(space, t))
            .collect()
    }

    /// The conjugate of the flat state `f`.
    fn of_flat(space: &Space, symmetry: &SpaceSymmetry, f: &Flat) -> Flat {
        let (mut tmp, mut out) = (f.clone(), f.clone());
        space.conjugate_into(f, symmetry, &mut tmp, &mut out);
        out
    }
}

/// The most conjugates a solver reads its tables at
/// ([`Solver::conjugated`]).
pub const MAX_CONJUGATES: usize = 8;

/// Positions sampled to choose the conjugates read
/// ([`Solver::conjugated`]), and the moves of the walk that makes each.
const CONJUGATE_SAMPLES: usize = 2048;
const SAMPLE_WALK: usize = 40;

/// A part before it is made: which digit, or which pieces of which
/// coordinate.
#[derive(Debug, Clone, PartialEq, Eq)]
enum PartSpec {
    Digit(usize),
    Pieces(usize, Vec<u8>),
}

/// The parts and the projections a solver takes, and the bytes their
/// tables need, counted before any is made.
struct Plan {
    parts: Vec<PartSpec>,
    projections: Vec<Vec<usize>>,
    bytes: u64,
}

impl Plan {
    /// Each coordinate's digits together where they number at most
    /// `most_values`; past it, pieces all different, the pieces in sets
    /// of as many as fit (and each digit alone that fits), one set only
    /// where its readings at the conjugates by `conjugations` see every
    /// piece; else each digit alone that fits.
    fn new(
        space: &Space,
        most_values: u64,
        conjugations: &[Conjugation],
    ) -> Result<Plan, SearchError> {
        let mut parts: Vec<PartSpec> = Vec::new();
        let mut projections: Vec<Vec<usize>> = Vec::new();
        let mut bytes = 0u64;
        let mut d = 0;
        while d < space.digit_count() {
            let coord = space.digit(d).1;
            let mut same = vec![d];
            while d + same.len() < space.digit_count() && space.digit(d + same.len()).1 == coord {
                same.push(d + same.len());
            }
            d += same.len();
            let together = same
                .iter()
                .try_fold(1u64, |acc, &k| acc.checked_mul(space.digit(k).0));
            let first = parts.len();
            if together.is_some_and(|n| n <= most_values) {
                parts.extend(same.iter().map(|&k| PartSpec::Digit(k)));
                projections.push((first..parts.len()).collect());
                continue;
            }
            let alone =
                |parts: &mut Vec<PartSpec>, projections: &mut Vec<Vec<usize>>, all: bool| {
                    for &k in &same {
                        let (radix, _) = space.digit(k);
                        let fits = radix <= most_values;
                        if fits && (all || radix <= crate::twist::space::MAX_TABLE) {
                            projections.push(vec![parts.len()]);
                        }
                        if all || (fits && radix <= crate::twist::space::MAX_TABLE) {
                            parts.push(PartSpec::Digit(k));
                        }
                    }
                };
            match Plan::sets(space, coord, most_values) {
                Some((n, k)) if first + n.div_ceil(k) + same.len() <= MAX_DIGITS => {
                    let (_, modulus) = space.distinct_pieces(coord).expect("distinct");
                    let (places, orientations) = PieceSet::size(n, k, modulus).expect("sized");
                    // Sets of `k` pieces each, the last one ending at the
                    // last piece: twelve edges in sevens overlap in two.
                    // Where the first set read at the conjugates sees
                    // every piece, it alone ([`Solver::conjugated`]).
                    let first_set: Vec<u8> = (0..k as u8).collect();
                    let seen = conjugations.iter().fold(0u64, |seen, c| {
                        seen | space.pieces_read_at(coord, &first_set, &c.symmetry)
                    });
                    let every = u64::MAX >> (64 - n);
                    let sets = if seen | (every >> (n - k)) == every {
                        1
                    } else {
                        n.div_ceil(k)
                    };
                    for set in 0..sets {
                        let start = (set * k).min(n - k);
                        let pieces: Vec<u8> = (start..start + k).map(|p| p as u8).collect();
                        bytes = bytes.saturating_add(PieceSet::bytes(
                            places,
                            orientations,
                            space.move_count(),
                        ));
                        projections.push(vec![parts.len()]);
                        parts.push(PartSpec::Pieces(coord, pieces));
                    }
                    alone(&mut parts, &mut projections, false);
                }
                _ => alone(&mut parts, &mut projections, true),
            }
        }
        if parts.len() > MAX_DIGITS {
            return Err(SearchError::NotCanonical);
        }
        let radix = |k: usize| match &parts[k] {
            PartSpec::Digit(d) => space.digit(*d).0,
            PartSpec::Pieces(coord, pieces) => {
                let (n, modulus) = space.distinct_pieces(*coord).expect("distinct");
                let (p, o) = PieceSet::size(n, pieces.len(), modulus).expect("sized");
                p * o
            }
        };
        // Projections together are a stronger estimate than apart: the two
        // smallest are joined while they fit (the Skewb's corners and
        // centres, each too small alone to guide the search).
        let size = |p: &Vec<usize>| -> u64 {
            p.iter()
                .try_fold(1u64, |acc, &k| acc.checked_mul(radix(k)))
                .unwrap_or(u64::MAX)
        };
        loop {
            projections.sort_by_key(size);
            match projections.as_slice() {
                [a, b, ..]
                    if size(a)
                        .checked_mul(size(b))
                        .is_some_and(|n| n <= most_values) =>
                {
                    let b = projections.remove(1);
                    projections[0].extend(b);
                }
                _ => break,
            }
        }
        let bytes = projections
            .iter()
            .map(size)
            .fold(bytes, u64::saturating_add);
        Ok(Plan {
            parts,
            projections,
            bytes,
        })
    }

    /// The plan of the largest tables whose bytes fit `bytes`: `most_values`
    /// halved from 2^33 until the plan fits, else the smallest plan.
    fn fitted(
        space: &Space,
        bytes: u64,
        conjugations: &[Conjugation],
    ) -> Result<Plan, SearchError> {
        let mut most = 1u64 << 33;
        loop {
            let plan = Plan::new(space, most, conjugations)?;
            if plan.bytes <= bytes || most == 1 {
                return Ok(plan);
            }
            most /= 2;
        }
    }

    /// For coordinate `coord` of distinct pieces, its slots and the most
    /// pieces a set may have within `most_values`.
    fn sets(space: &Space, coord: usize, most_values: u64) -> Option<(usize, usize)> {
        let (n, modulus) = space.distinct_pieces(coord)?;
        (1..=n)
            .take_while(|&k| {
                PieceSet::size(n, k, modulus).is_some_and(|(p, o)| p * o <= most_values)
            })
            .last()
            .map(|k| (n, k))
    }

    /// The parts made.
    fn parts(&self, space: &Space) -> Vec<Part> {
        self.parts
            .iter()
            .map(|p| match p {
                PartSpec::Digit(d) => Part::Digit(*d),
                PartSpec::Pieces(coord, pieces) => Part::Pieces(Arc::new(
                    space.piece_set(*coord, pieces).expect("a piece set"),
                )),
            })
            .collect()
    }

    /// The key of projection `p` on disk: the space's fingerprint, the
    /// parts it keeps and the layout of the table ([`TABLE_LAYOUT`]).
    fn key(&self, space: &Space, p: usize) -> [u8; crate::board::store::KEY_BYTES] {
        let kept: Vec<&PartSpec> = self.projections[p]
            .iter()
            .map(|&k| &self.parts[k])
            .collect();
        let text = format!("{TABLE_LAYOUT} {:032x} {kept:?}", space.fingerprint());
        xxhash_rust::xxh3::xxh3_128(text.as_bytes()).to_le_bytes()
    }
}

/// The layout of a pruning table as it is kept on disk: a byte a value,
/// [`UNSEEN`] where no path leads. Part of every key, so that a table of
/// another layout is never read as this one.
const TABLE_LAYOUT: &str = "pruning-bytes-1";

/// Where a solver's tables are kept between runs, and what became of each
/// ([`Solver::kept`]).
///
/// ```
/// use schofield::puzzle::{Metric, library};
/// use schofield::twist::space::Space;
/// use schofield::twist::search::ida::{Solver, TableSource};
/// let p = library::get("pyraminx").unwrap();
/// let moves = p.moves(Metric::Face, None).unwrap();
/// let space = Space::new(&p, &moves).unwrap();
/// let dir = std::env::temp_dir().join(format!("schofield-kept-{}", std::process::id()));
/// std::fs::create_dir_all(&dir).unwrap();
/// let (_, first) = Solver::kept(&space, 1 << 20, &dir, &[]).unwrap();
/// assert!(first.iter().all(|k| k.source == TableSource::Built && k.path.exists()));
/// let (_, again) = Solver::kept(&space, 1 << 20, &dir, &[]).unwrap();
/// assert!(again.iter().all(|k| k.source == TableSource::Read));
/// std::fs::remove_dir_all(&dir).unwrap();
/// ```
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct KeptTable {
    /// Its file.
    pub path: std::path::PathBuf,
    /// Its values (a byte each).
    pub values: u64,
    /// How it was had.
    pub source: TableSource,
}

/// How a kept table was had.
///
/// ```
/// use schofield::twist::search::ida::TableSource;
/// let damaged = TableSource::Replaced("its checksum does not match".into());
/// assert_ne!(damaged, TableSource::Built);
/// ```
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum TableSource {
    /// Read from its file.
    Read,
    /// Built and written to its file.
    Built,
    /// Built, its file being unfit (the reason), and written again.
    Replaced(String),
    /// Built; the file could not be written (the reason).
    NotKept(String),
}

impl<'s> Solver<'s> {
    /// A solver for `space`, its pruning tables the projections onto each
    /// coordinate's digits together where they number at most
    /// `most_values`; past it, onto sets of the coordinate's pieces as
    /// large as fit, where its pieces are all different
    /// ([`PieceSet`]: six of the 3×3×3's twelve edges), else onto each
    /// digit alone that fits. Refused before it allocates when the tables
    /// would pass `max_memory` bytes. Positions taken up to rotation,
    /// whose moves as applied depend on the frame, and more than 64 moves
    /// are refused ([`SearchError::NotCanonical`]).
    pub fn new(
        space: &'s Space,
        most_values: u64,
        max_memory: Option<u64>,
    ) -> Result<Solver<'s>, SearchError> {
        Solver::check(space)?;
        let plan = Plan::new(space, most_values, &[])?;
        super::within(plan.bytes, plan.bytes, max_memory)?;
        Ok(Solver::made(space, &plan, |_, parts, p, goal| {
            Pruning::build(space, parts, p, goal)
        }))
    }

    /// A solver for `space` whose tables are the largest that fit `bytes`
    /// (move tables included), each read from the folder `store` where it
    /// was kept by an earlier run, else built and kept there (written
    /// whole or not at all), and read at the position's conjugates by the
    /// puzzle's `symmetries` as well ([`Solver::conjugated`]). Where the
    /// conjugates of one set of a coordinate's pieces see every piece,
    /// that set is the coordinate's only table: the cube's edges in one
    /// set of seven from 886 MB, read at eight conjugates; without
    /// symmetries, in two sets of seven from 1.68 GB, of six from 269 MB.
    /// A file that fails its checks (checksum, key, values) is built
    /// again and replaced. Says what became of each table.
    pub fn kept(
        space: &'s Space,
        bytes: u64,
        store: &std::path::Path,
        symmetries: &[Transformation],
    ) -> Result<(Solver<'s>, Vec<KeptTable>), SearchError> {
        use crate::board::store::{self, Kind};
        Solver::check(space)?;
        let conjugations = Conjugation::all(space, symmetries);
        let plan = Plan::fitted(space, bytes, &conjugations)?;
        super::within(plan.bytes, plan.bytes, Some(bytes))?;
        let mut kept = Vec::new();
        let solver = Solver::made(space, &plan, |k, parts, p, goal| {
            let key = plan.key(space, k);
            let hex: String = key.iter().rev().map(|b| format!("{b:02x}")).collect();
            let path = store.join(format!("pruning-{hex}.bin"));
            let len: u64 = p.iter().map(|&k| parts[k].radix(space)).product();
            let mut source = TableSource::Built;
            if path.exists() {
                let read = store::read_keyed(&path, Kind::PruningTable, &key)
                    .map_err(|e| e.to_string())
                    .and_then(|table| {
                        Pruning::checked(space, parts, p, goal, table)
                            .map_err(|e| format!("{} has wrong values: {e}", path.display()))
                    });
                match read {
                    Ok(pruning) => {
                        kept.push(KeptTable {
                            path,
                            values: len,
                            source: TableSource::Read,
                        });
                        return pruning;
                    }
                    Err(why) => source = TableSource::Replaced(why),
                }
            }
            let pruning = Pruning::build(space, parts, p, goal);
            if let Err(e) = store::write_keyed(&path, Kind::PruningTable, &key, &pruning.table) {
                source = TableSource::NotKept(e.to_string());
            }
            kept.push(KeptTable {
                path,
                values: len,
                source,
            });
            pruning
        });
        Ok((solver.conjugated_by(conjugations), kept))
    }

    /// This solver reading its tables at conjugates of the position as
    /// well ([`Conjugation`]), by at most [`MAX_CONJUGATES`] of the
    /// puzzle's `symmetries` (those that keep the goal and take moves to
    /// moves, where every piece is different). First, for each table of
    /// one set of a coordinate's pieces, the readings that let it see every
    /// piece (greedily: each time the one that sees most pieces not yet
    /// seen); then, on positions sampled by random walks from the goal,
    /// each time the table and the symmetry that raise the sampled
    /// estimates most, while they raise them at all. A table of some of a
    /// coordinate's pieces reads other pieces at a conjugate; a table whose
    /// values a symmetry keeps (the corners whole) gains nothing and is not
    /// chosen. The answers are the same, found with fewer positions. Once
    /// conjugated, a solver is not conjugated again.
    ///
    /// ```
    /// use schofield::puzzle::{Metric, library};
    /// use schofield::twist::space::Space;
    /// use schofield::twist::search::ida::{Allowance, Solver};
    /// let p = library::get("corners").unwrap();
    /// let moves = p.moves(Metric::Face, None).unwrap();
    /// let space = Space::new(&p, &moves).unwrap();
    /// // The corners in pairs: a conjugate reads another pair.
    /// let plain = Solver::new(&space, 1 << 12, None).unwrap();
    /// let symmetries: Vec<_> = p.symmetries().iter().map(|s| s.transformation().clone()).collect();
    /// let seen = Solver::new(&space, 1 << 12, None).unwrap().conjugated(&symmetries);
    /// assert!(seen.conjugates() > 0);
    /// let mut x = space.goal_index();
    /// for m in [0, 4, 8, 1, 5, 7, 2, 3] {
    ///     x = space.apply(x, m);
    /// }
    /// let (a, b) = (plain.solve_index(x, &Allowance::default()).unwrap(),
    ///               seen.solve_index(x, &Allowance::default()).unwrap());
    /// assert_eq!((a.moves, a.starting), (b.moves, b.starting));
    /// assert!(b.nodes < a.nodes);
    /// ```
    pub fn conjugated(self, symmetries: &[Transformation]) -> Solver<'s> {
        let candidates = Conjugation::all(self.space, symmetries);
        self.conjugated_by(candidates)
    }

    /// [`Solver::conjugated`] by the symmetries `candidates`.
    fn conjugated_by(mut self, candidates: Vec<Conjugation>) -> Solver<'s> {
        let space = self.space;
        // Once only: the readings chosen are for the tables alone.
        if candidates.is_empty() || self.prunings.is_empty() || !self.conjugate_prunings.is_empty()
        {
            return self;
        }
        // The samples: each position's own estimate, and the value of
        // every table at each candidate's conjugate.
        let mut own = Vec::with_capacity(CONJUGATE_SAMPLES);
        let options = self.prunings.len() * candidates.len();
        let mut values = vec![0u8; options * CONJUGATE_SAMPLES];
        let mut seed = 0x9e37_79b9_7f4a_7c15u64;
        let nm = space.move_count();
        let mut f = space.goal_flat().clone();
        for i in 0..CONJUGATE_SAMPLES {
            for _ in 0..SAMPLE_WALK {
                seed = seed
                    .wrapping_mul(6_364_136_223_846_793_005)
                    .wrapping_add(1_442_695_040_888_963_407);
                let m = ((seed >> 33) % nm as u64) as usize;
                space.transform_flat(&mut f, &space.effective_moves()[m]);
            }
            let digits = space.digits_of_flat(&f);
            let x = Solver::parts_in(space, &self.parts, &digits);
            own.push(
                self.prunings
                    .iter()
                    .map(|p| p.estimate(&x))
                    .max()
                    .unwrap_or(0),
            );
            for (c, candidate) in candidates.iter().enumerate() {
                let conjugate = Conjugation::of_flat(space, &candidate.symmetry, &f);
                let x: Vec<u64> = self
                    .parts
                    .iter()
                    .map(|p| p.value_in(space, &conjugate))
                    .collect();
                for (t, pruning) in self.prunings.iter().enumerate() {
                    let option = t * candidates.len() + c;
                    values[option * CONJUGATE_SAMPLES + i] = pruning.estimate(&x);
                }
            }
        }
        let mut chosen = self.covering(&candidates);
        let mut now = own;
        for &option in &chosen {
            let row = &values[option * CONJUGATE_SAMPLES..(option + 1) * CONJUGATE_SAMPLES];
            for (h, &v) in now.iter_mut().zip(row) {
                *h = (*h).max(v);
            }
        }
        while chosen.len() < MAX_CONJUGATES {
            let gain = |option: usize| -> u64 {
                let row = &values[option * CONJUGATE_SAMPLES..(option + 1) * CONJUGATE_SAMPLES];
                row.iter()
                    .zip(&now)
                    .map(|(&v, &h)| u64::from(v.saturating_sub(h)))
                    .sum()
            };
            let best = (0..options)
                .filter(|o| !chosen.contains(o))
                .max_by_key(|&o| (gain(o), std::cmp::Reverse(o)));
            let Some(best) = best.filter(|&o| gain(o) > 0) else {
                break;
            };
            let row = &values[best * CONJUGATE_SAMPLES..(best + 1) * CONJUGATE_SAMPLES];
            for (h, &v) in now.iter_mut().zip(row) {
                *h = (*h).max(v);
            }
            chosen.push(best);
        }
        // Each chosen reading: its symmetry (once), the table's parts
        // carried at the conjugate, the table read over them.
        let mut candidates: Vec<Option<Conjugation>> = candidates.into_iter().map(Some).collect();
        let mut taken: Vec<(usize, usize)> = Vec::new();
        for option in chosen {
            let (t, c) = (option / candidates.len(), option % candidates.len());
            let by = match taken.iter().find(|&&(k, _)| k == c) {
                Some(&(_, by)) => by,
                None => {
                    let conjugation = candidates[c].take().expect("taken once");
                    self.conjugations.push(conjugation);
                    taken.push((c, self.conjugations.len() - 1));
                    self.conjugations.len() - 1
                }
            };
            let parts = self.prunings[t]
                .parts
                .iter()
                .map(|&(p, stride)| {
                    self.conjugate_parts.push((p, by));
                    // The goal is its own conjugate.
                    self.goal.push(self.goal[p]);
                    (self.parts.len() + self.conjugate_parts.len() - 1, stride)
                })
                .collect();
            self.conjugate_prunings.push(Pruning {
                parts,
                table: Arc::clone(&self.prunings[t].table),
            });
        }
        self
    }

    /// The readings (table and symmetry, as `table × candidates +
    /// symmetry`) that let each table of one set of a coordinate's pieces
    /// see every piece of the coordinate, chosen greedily: each time the
    /// reading that sees most pieces not yet seen.
    fn covering(&self, candidates: &[Conjugation]) -> Vec<usize> {
        let mut chosen = Vec::new();
        for (t, pruning) in self.prunings.iter().enumerate() {
            let [(p, _)] = pruning.parts[..] else {
                continue;
            };
            let Part::Pieces(set) = &self.parts[p] else {
                continue;
            };
            let (coord, pieces) = set.pieces();
            let Some((n, _)) = self.space.distinct_pieces(coord) else {
                continue;
            };
            let every = u64::MAX >> (64 - n);
            let mut seen = pieces.iter().fold(0u64, |m, &d| m | 1 << d);
            let reads: Vec<u64> = candidates
                .iter()
                .map(|c| self.space.pieces_read_at(coord, &pieces, &c.symmetry))
                .collect();
            while seen != every && chosen.len() < MAX_CONJUGATES {
                let best = (0..candidates.len())
                    .max_by_key(|&c| ((reads[c] & !seen).count_ones(), std::cmp::Reverse(c)));
                match best.filter(|&c| reads[c] & !seen != 0) {
                    Some(c) => {
                        seen |= reads[c];
                        chosen.push(t * candidates.len() + c);
                    }
                    None => break,
                }
            }
        }
        chosen
    }

    /// How many readings of the tables at conjugates the search makes
    /// ([`Solver::conjugated`]).
    pub fn conjugates(&self) -> usize {
        self.conjugate_prunings.len()
    }

    /// Refuses a space IDA* cannot search.
    fn check(space: &Space) -> Result<(), SearchError> {
        if space.move_count() > 64 || space.up_to_rotation() || space.digit_count() > MAX_DIGITS {
            return Err(SearchError::NotCanonical);
        }
        Ok(())
    }

    /// The solver of `plan`, each projection's table from `table`.
    fn made(
        space: &'s Space,
        plan: &Plan,
        mut table: impl FnMut(usize, &[Part], &[usize], &[u64]) -> Pruning,
    ) -> Solver<'s> {
        let parts = plan.parts(space);
        let goal = Solver::parts_in(space, &parts, &space.goal_digits());
        let prunings: Vec<Pruning> = plan
            .projections
            .iter()
            .enumerate()
            .map(|(k, p)| table(k, &parts, p, &goal))
            .collect();

        Solver {
            space,
            parts,
            goal,
            prunings,
            conjugations: Vec::new(),
            conjugate_parts: Vec::new(),
            conjugate_prunings: Vec::new(),
            follows: Solver::follows(space, true),
            may_follow: Solver::follows(space, false),
        }
    }

    /// The values of `parts` for the position of digits `digits`.
    fn parts_in(space: &Space, parts: &[Part], digits: &[u64]) -> Vec<u64> {
        let flat = parts
            .iter()
            .any(|p| matches!(p, Part::Pieces(_)))
            .then(|| space.flat_of_digits(digits));
        parts
            .iter()
            .map(|p| match p {
                Part::Digit(d) => digits[*d],
                Part::Pieces(set) => set.value_of(space, flat.as_ref().expect("the flat state")),
            })
            .collect()
    }

    /// The canonical form: for each move `a`, the moves `b` that may follow
    /// it. Left out: `b` that makes with `a` no move or a single move
    /// ([`Space::redundancy`]), and with `ordered`, `b` that commutes with
    /// `a` and comes before it in the moves' order.
    pub fn follows(space: &Space, ordered: bool) -> Vec<u64> {
        let e = space.effective_moves();
        let nm = e.len();
        (0..nm)
            .map(|a| {
                (0..nm)
                    .filter(|&b| {
                        let ab = e[a].then(&e[b]);
                        let same_face = ab.is_identity() || e.contains(&ab);
                        let out_of_order = ordered && b < a && ab == e[b].then(&e[a]);
                        !same_face && !out_of_order
                    })
                    .fold(0u64, |acc, b| acc | 1 << b)
            })
            .collect()
    }

    /// The pruning tables.
    pub fn prunings(&self) -> &[Pruning] {
        &self.prunings
    }

    /// The estimate for the position of digits `x`: the largest of its
    /// projections' distances, and of theirs at its conjugates
    /// ([`UNSEEN`] where one of them cannot reach the goal).
    pub fn estimate(&self, x: &[u64]) -> u8 {
        self.estimate_parts(&self.parts_of(x))
    }

    /// [`Solver::estimate`] of a position's parts.
    fn estimate_parts(&self, x: &[u64]) -> u8 {
        self.prunings
            .iter()
            .chain(&self.conjugate_prunings)
            .map(|p| p.estimate(x))
            .max()
            .unwrap_or(0)
    }

    /// True when the position of parts `x`, `g` moves from the start, may
    /// be on a sequence of at most `bound` moves: no projection's
    /// distance says otherwise, at the position or at its conjugates.
    #[inline]
    fn within_reach(&self, x: &[u64], g: u32, bound: u32) -> bool {
        Solver::all_within(&self.prunings, x, g, bound)
            && Solver::all_within(&self.conjugate_prunings, x, g, bound)
    }

    /// True when no table of `prunings` puts the position of parts `x`,
    /// `g` moves from the start, beyond `bound`.
    #[inline]
    fn all_within(prunings: &[Pruning], x: &[u64], g: u32, bound: u32) -> bool {
        prunings
            .iter()
            .all(|p| g + u32::from(p.estimate(x)) <= bound)
    }

    /// The children of `live` (rows of `width` parts in `kids`, a row a
    /// move) left once those that a table of `tables` puts out of reach
    /// are cut: every entry asked of the memory first, then read.
    #[inline]
    fn cut(tables: &[Pruning], kids: &[u64], width: usize, live: u64, g: u32, bound: u32) -> u64 {
        let mut left = live;
        let rows = || (0..64).filter(move |&m| live >> m & 1 == 1);
        for m in rows() {
            for p in tables {
                p.prefetch(&kids[m * width..(m + 1) * width]);
            }
        }
        for m in rows() {
            if !Solver::all_within(tables, &kids[m * width..(m + 1) * width], g, bound) {
                left &= !(1 << m);
            }
        }
        left
    }

    /// The parts the search carries for the position of digits `digits`:
    /// its own, then its conjugates'.
    fn parts_of(&self, digits: &[u64]) -> Vec<u64> {
        let mut x = Solver::parts_in(self.space, &self.parts, digits);
        if !self.conjugate_parts.is_empty() {
            let flat = self.space.flat_of_digits(digits);
            let conjugates: Vec<Flat> = self
                .conjugations
                .iter()
                .map(|c| Conjugation::of_flat(self.space, &c.symmetry, &flat))
                .collect();
            for &(p, c) in &self.conjugate_parts {
                x.push(self.parts[p].value_in(self.space, &conjugates[c]));
            }
        }
        x
    }

    /// The digits of numbered position `x`.
    pub fn digits(&self, x: u64) -> Vec<u64> {
        (0..self.space.digit_count())
            .map(|d| self.space.digit_of(x, d))
            .collect()
    }

    /// The parts move `m` makes of the parts `x`, the conjugates' too.
    #[inline]
    fn step(&self, x: &[u64], m: usize, out: &mut [u64]) {
        self.step_own(x, m, out);
        self.step_conjugates(x, m, out);
    }

    /// The position's own parts that move `m` makes of the parts `x`.
    #[inline]
    fn step_own(&self, x: &[u64], m: usize, out: &mut [u64]) {
        for ((o, &v), part) in out.iter_mut().zip(x).zip(&self.parts) {
            *o = part.step(self.space, v, m);
        }
    }

    /// The conjugates' parts that move `m` makes of the parts `x`: each
    /// moved by `m`'s image under its symmetry.
    #[inline]
    fn step_conjugates(&self, x: &[u64], m: usize, out: &mut [u64]) {
        let own = self.parts.len();
        for (k, &(p, c)) in self.conjugate_parts.iter().enumerate() {
            let image = usize::from(self.conjugations[c].moves[m]);
            out[own + k] = self.parts[p].step(self.space, x[own + k], image);
        }
    }

    /// A minimal sequence for numbered position `x` ([`Solver::solve`]).
    pub fn solve_index(&self, x: u64, allowed: &Allowance) -> Result<Solution, Stopped> {
        self.solve(&self.digits(x), allowed)
    }

    /// A minimal sequence for the position of digits `x`
    /// ([`Space::digits_of`]), with every starting move; stopped by the
    /// limits `allowed`, with the bound proved so far. Each pass under a
    /// bound is shared among the cores, a subtree each; the specimen is
    /// the first in the moves' order whatever the cores.
    pub fn solve(&self, x: &[u64], allowed: &Allowance) -> Result<Solution, Stopped> {
        let x = self.parts_of(x);
        self.solve_within(&x, &Budget::new(allowed))
    }

    /// [`Solver::solve`], then every minimal sequence
    /// ([`Solver::every_minimal`]), the two under one allowance: the
    /// positions and the time of both count against the limits, and the
    /// solution's `nodes` are those of both.
    pub fn solve_every(
        &self,
        x: &[u64],
        allowed: &Allowance,
    ) -> Result<(Solution, Vec<Vec<usize>>), Stopped> {
        let x = self.parts_of(x);
        let budget = Budget::new(allowed);
        let mut found = self.solve_within(&x, &budget)?;
        let every = self.every_within(&x, found.moves, &budget)?;
        found.nodes = budget.used();
        Ok((found, every))
    }

    /// [`Solver::solve`] of the parts `x` within `budget`.
    fn solve_within(&self, x: &[u64], budget: &Budget<'_>) -> Result<Solution, Stopped> {
        let h = self.estimate_parts(x);
        if h == UNSEEN {
            return Err(Stopped::Unreachable);
        }
        let mut bound = u32::from(h);
        loop {
            budget.begin(bound);
            if let Some((path, starting)) = self.pass(x, bound, budget)? {
                return Ok(Solution {
                    moves: bound,
                    path,
                    starting,
                    nodes: budget.used(),
                });
            }
            bound += 1;
        }
    }

    /// One pass of IDA* under `bound` from the parts `x`, which no
    /// shorter sequence solves: every first move `m` is tried, each
    /// followed by the canonical sequences from `m·x` whose first move is
    /// not of `m`'s face (a minimal sequence never has that), so that the
    /// pass finds every starting move as well as a specimen, the first in
    /// the moves' order. The subtrees two moves down are shared among the
    /// cores; once a first move is known to start a minimal sequence, the
    /// subtrees after it in the order are left.
    fn pass(
        &self,
        x: &[u64],
        bound: u32,
        budget: &Budget<'_>,
    ) -> Result<Option<(Vec<usize>, u64)>, Stopped> {
        use std::sync::atomic::AtomicUsize;
        if bound == 0 {
            return Ok((x == self.goal.as_slice()).then(|| (Vec::new(), 0)));
        }
        let nm = self.space.move_count();
        // The subtrees: a first move and a second (none when the bound is
        // one), and the position they make.
        let starts = {
            let mut starts: Vec<(usize, Option<usize>, Vec<u64>)> = Vec::new();
            let mut y = vec![0u64; x.len()];
            let mut z = vec![0u64; x.len()];
            let mut counted = Search::new(self, budget);
            let mut spent = false;
            'first: for a in 0..nm {
                if !counted.count() {
                    spent = true;
                    break 'first;
                }
                self.step(x, a, &mut y);
                if !self.within_reach(&y, 1, bound) {
                    continue;
                }
                if bound == 1 {
                    starts.push((a, None, y.clone()));
                    continue;
                }
                for b in (0..nm).filter(|&b| self.may_follow[a] >> b & 1 == 1) {
                    if !counted.count() {
                        spent = true;
                        break 'first;
                    }
                    self.step(&y, b, &mut z);
                    if self.within_reach(&z, 2, bound) {
                        starts.push((a, Some(b), z.clone()));
                    }
                }
            }
            // Counted on the budget when the search is dropped.
            drop(counted);
            if spent {
                return Err(budget.stopped(bound));
            }
            starts
        };
        // For each first move, the first subtree (in order) found to
        // solve: those after it need not be searched.
        let first_found: Vec<AtomicUsize> = (0..nm).map(|_| AtomicUsize::new(usize::MAX)).collect();
        let found: Vec<Found> = starts
            .par_iter()
            .enumerate()
            .map(|(k, (a, b, z))| {
                if first_found[*a].load(Relaxed) < k {
                    return Found::No;
                }
                let mut search = Search::new(self, budget);
                search.path.push(*a);
                search.path.extend(*b);
                let g = 1 + u32::from(b.is_some());
                let found = search.walk(z, g, bound, Some(b.unwrap_or(*a)), &mut Goal::First);
                if matches!(found, Found::Yes(_)) {
                    first_found[*a].fetch_min(k, Relaxed);
                }
                found
            })
            .collect();
        let mut specimen = None;
        let mut starting = 0u64;
        for ((a, _, _), f) in starts.iter().zip(found) {
            match f {
                Found::Yes(path) => {
                    starting |= 1 << a;
                    specimen.get_or_insert(path);
                }
                Found::No => {}
                Found::Stopped => return Err(budget.stopped(bound)),
            }
        }
        Ok(specimen.map(|path| (path, starting)))
    }
}

impl Solver<'_> {
    /// Every minimal sequence for the position of digits `x`, whose
    /// minimum `moves` is known ([`Solver::solve`]), in the order of the
    /// moves; stopped by the limits `allowed`.
    pub fn every_minimal(
        &self,
        x: &[u64],
        moves: u32,
        allowed: &Allowance,
    ) -> Result<Vec<Vec<usize>>, Stopped> {
        let x = self.parts_of(x);
        self.every_within(&x, moves, &Budget::new(allowed))
    }

    /// [`Solver::every_minimal`] of the parts `x` within `budget`.
    fn every_within(
        &self,
        x: &[u64],
        moves: u32,
        budget: &Budget<'_>,
    ) -> Result<Vec<Vec<usize>>, Stopped> {
        budget.begin(moves);
        let mut out = Vec::new();
        let found = Search::new(self, budget).walk(x, 0, moves, None, &mut Goal::Every(&mut out));
        match found {
            Found::Stopped => Err(budget.stopped(moves)),
            _ => Ok(out),
        }
    }
}

/// The positions a search may still generate, shared among the cores:
/// each takes them a block at a time and gives back what it leaves. Taking
/// a block is also when the clock is read and progress told.
struct Budget<'p> {
    left: AtomicU64,
    used: AtomicU64,
    started: std::time::Instant,
    allowed: Allowance<'p>,
    /// The bound of the pass under way, the last report's time in
    /// milliseconds, and whether the time ran out.
    bound: std::sync::atomic::AtomicU32,
    reported: AtomicU64,
    late: std::sync::atomic::AtomicBool,
}

impl<'p> Budget<'p> {
    /// Positions a core takes at a time.
    const BLOCK: u64 = 1 << 12;
    /// Milliseconds between reports.
    const EVERY: u64 = 250;

    fn new(allowed: &Allowance<'p>) -> Budget<'p> {
        Budget {
            left: AtomicU64::new(allowed.max_nodes.unwrap_or(u64::MAX)),
            used: AtomicU64::new(0),
            started: std::time::Instant::now(),
            allowed: *allowed,
            bound: Default::default(),
            reported: AtomicU64::new(0),
            late: Default::default(),
        }
    }

    /// A pass under `bound` begins: told at once.
    fn begin(&self, bound: u32) {
        self.bound.store(bound, Relaxed);
        self.tell(self.started.elapsed());
    }

    fn tell(&self, elapsed: std::time::Duration) {
        if let Some(progress) = self.allowed.progress {
            progress(Progress {
                bound: self.bound.load(Relaxed),
                nodes: self.used.load(Relaxed),
                seconds: elapsed.as_secs_f64(),
            });
        }
    }

    /// Up to a block of positions, none when all are taken or the time
    /// is up.
    fn take(&self) -> u64 {
        let elapsed = self.started.elapsed();
        if self.allowed.max_seconds.is_some_and(|most| elapsed > most) {
            self.late.store(true, Relaxed);
            return 0;
        }
        let ms = elapsed.as_millis() as u64;
        let last = self.reported.load(Relaxed);
        if self.allowed.progress.is_some()
            && ms >= last + Budget::EVERY
            && self
                .reported
                .compare_exchange(last, ms, Relaxed, Relaxed)
                .is_ok()
        {
            self.tell(elapsed);
        }
        self.left
            .fetch_update(Relaxed, Relaxed, |left| {
                (left > 0).then(|| left - left.min(Budget::BLOCK))
            })
            .map_or(0, |left| left.min(Budget::BLOCK))
    }

    /// The positions generated so far.
    fn used(&self) -> u64 {
        self.used.load(Relaxed)
    }

    /// Why a search within `bound` stopped: the time up, or the
    /// positions spent.
    fn stopped(&self, bound: u32) -> Stopped {
        match self.allowed.max_seconds {
            Some(after) if self.late.load(Relaxed) => Stopped::Time {
                after,
                nodes: self.used(),
                lower_bound: bound,
            },
            _ => Stopped::Nodes {
                nodes: self.used(),
                lower_bound: bound,
            },
        }
    }
}

/// What one bounded depth-first pass found.
enum Found {
    Yes(Vec<usize>),
    No,
    Stopped,
}

/// One core's part of a search: the positions it may still generate and
/// the path so far.
struct Search<'a, 's> {
    solver: &'a Solver<'s>,
    budget: &'a Budget<'a>,
    /// Positions taken from the budget and not yet generated, and those
    /// generated.
    allowance: u64,
    nodes: u64,
    path: Vec<usize>,
    /// For each depth, the children's parts, a row of parts a move: made
    /// all at once, so that their table reads overlap in memory.
    children: Vec<Vec<u64>>,
}

/// What a pass looks for: the first canonical sequence within the bound,
/// or every sequence of exactly the bound (commuting moves in both
/// orders), added to the list.
enum Goal<'o> {
    First,
    Every(&'o mut Vec<Vec<usize>>),
}

impl Drop for Search<'_, '_> {
    fn drop(&mut self) {
        self.budget.left.fetch_add(self.allowance, Relaxed);
        self.budget.used.fetch_add(self.nodes, Relaxed);
    }
}

impl<'a, 's> Search<'a, 's> {
    fn new(solver: &'a Solver<'s>, budget: &'a Budget<'a>) -> Search<'a, 's> {
        Search {
            solver,
            budget,
            allowance: 0,
            nodes: 0,
            path: Vec::new(),
            children: Vec::new(),
        }
    }

    /// Counts one position generated; false when the budget is spent.
    #[inline]
    fn count(&mut self) -> bool {
        if self.allowance == 0 {
            self.allowance = self.budget.take();
            if self.allowance == 0 {
                return false;
            }
        }
        self.allowance -= 1;
        self.nodes += 1;
        true
    }

    /// The depth-first pass under `bound` from the parts `x`, reached in
    /// `g` moves by `last`, looking for `goal`.
    fn walk(
        &mut self,
        x: &[u64],
        g: u32,
        bound: u32,
        last: Option<usize>,
        goal: &mut Goal,
    ) -> Found {
        let solver = self.solver;
        // The bound first: a digit without a table leaves a position one
        // move from the goal estimated 0, and its child the goal.
        if !solver.within_reach(x, g, bound) {
            return Found::No;
        }
        let solved = x == solver.goal.as_slice();
        let follows = match goal {
            Goal::First if solved => return Found::Yes(self.path.clone()),
            Goal::First => &solver.follows,
            Goal::Every(out) => {
                if g == bound {
                    if solved {
                        out.push(self.path.clone());
                    }
                    return Found::No;
                }
                &solver.may_follow
            }
        };
        let nm = solver.space.move_count();
        let every = if nm >= 64 { u64::MAX } else { (1u64 << nm) - 1 };
        let allowed = last.map_or(u64::MAX, |a| follows[a]) & every;
        // Every child first, then their estimates, then the walks under
        // those within reach: the table reads of one position's children
        // are independent, so the memory serves them together.
        let width = x.len();
        let depth = g as usize;
        if self.children.len() <= depth {
            self.children.resize_with(depth + 1, Vec::new);
        }
        let mut kids = std::mem::take(&mut self.children[depth]);
        kids.resize(nm * width, 0);
        let mut live = 0u64;
        let mut stopped = false;
        for m in (0..nm).filter(|&m| allowed >> m & 1 == 1) {
            if !self.count() {
                stopped = true;
                break;
            }
            let kid = &mut kids[m * width..(m + 1) * width];
            solver.step_own(x, m, kid);
            live |= 1 << m;
        }
        live = Solver::cut(&solver.prunings, &kids, width, live, g + 1, bound);
        // The conjugates only of the children the position's own tables
        // leave: most are cut by those alone.
        if !solver.conjugate_prunings.is_empty() {
            let left = live;
            for m in (0..nm).filter(|&m| left >> m & 1 == 1) {
                let kid = &mut kids[m * width..(m + 1) * width];
                solver.step_conjugates(x, m, kid);
            }
            live = Solver::cut(&solver.conjugate_prunings, &kids, width, live, g + 1, bound);
        }
        let mut found = Found::No;
        for m in (0..nm).filter(|&m| live >> m & 1 == 1) {
            self.path.push(m);
            found = self.walk(
                &kids[m * width..(m + 1) * width],
                g + 1,
                bound,
                Some(m),
                goal,
            );
            self.path.pop();
            if !matches!(found, Found::No) {
                break;
            }
        }
        self.children[depth] = kids;
        match found {
            Found::No if stopped => Found::Stopped,
            found => found,
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::puzzle::{Metric, library};
    use crate::twist::analysis::{Analysis, Options};

    /// Every position of a few small puzzles, solved by IDA* against the
    /// whole table: the minimum, a specimen that solves it, and every
    /// starting move; with the coordinates together and each digit alone.
    #[test]
    fn ida_agrees_with_the_table() {
        for (name, metric) in [
            ("pyraminx", Metric::Face),
            ("squares", Metric::Face),
            ("pyraminx", Metric::Quarter),
            ("corners", Metric::Face),
        ] {
            let options = Options {
                metric: Some(metric),
                ..Options::default()
            };
            let p = library::get(name).unwrap();
            let a = Analysis::new(p.clone(), &options, &|_| {}).unwrap();
            let space = a.space();
            // The corner group's digits are 8! and 3^7 values apart; the
            // others' coordinates fit together, or are taken a digit at a
            // time.
            // Past a coordinate's whole, its pieces in sets: the corner
            // group's in sets of six, or of three.
            let mosts: &[u64] = if name == "corners" {
                &[1 << 24, 1 << 16]
            } else {
                &[1 << 24, 1 << 8]
            };
            let symmetries: Vec<Transformation> = p
                .symmetries()
                .iter()
                .map(|s| s.transformation().clone())
                .collect();
            // Each bound three ways: the tables alone, read at conjugates
            // too, and one set of a coordinate's pieces read at the
            // conjugates that see the rest (as `solve` takes the cube).
            for (&most, way) in mosts.iter().flat_map(|m| [(m, 0), (m, 1), (m, 2)]) {
                let solver = match way {
                    0 => Solver::new(space, most, None).unwrap(),
                    1 => Solver::new(space, most, None)
                        .unwrap()
                        .conjugated(&symmetries),
                    _ => one_set(space, most, &symmetries),
                };
                if name == "corners" && way > 0 {
                    assert!(solver.conjugates() > 0, "{most} {way}");
                }
                let mut x = 12345u64;
                for _ in 0..100 {
                    x = (x
                        .wrapping_mul(6364136223846793005)
                        .wrapping_add(1442695040888963407))
                        % space.len();
                    let Some(d) = a.moves_at(x) else { continue };
                    let s = solver.solve_index(x, &Allowance::default()).unwrap();
                    let end = s.path.iter().fold(x, |y, &m| space.apply(y, m));
                    assert_eq!(end, space.goal_index(), "{name} {x} {:?}", s.path);
                    assert_eq!(s.path.len(), s.moves as usize, "{name} {x}");
                    assert_eq!(s.moves, u32::from(d), "{name} {x} {most}");
                    assert_eq!(s.starting, a.starting_moves(x), "{name} {x}");
                    // Every minimal sequence, from positions near the goal
                    // (a walk of up to six moves) and from this one when
                    // it is near.
                    let mut near = space.goal_index();
                    for k in 0..(x % 7) {
                        near = space
                            .apply(near, ((x >> (3 * k)) % space.move_count() as u64) as usize);
                    }
                    for y in [x, near] {
                        let Some(d) = a.moves_at(y).filter(|&d| d <= 6) else {
                            continue;
                        };
                        let every = solver
                            .every_minimal(&solver.digits(y), d.into(), &Allowance::default())
                            .unwrap();
                        assert_eq!(every, a.minimal_paths(y), "{name} {y}");
                    }
                }
            }
        }
    }

    /// The solver `solve` makes under a bound `most` on a table's values:
    /// one set of a coordinate's pieces where its conjugates by
    /// `symmetries` see every piece, read at them.
    fn one_set<'s>(space: &'s Space, most: u64, symmetries: &[Transformation]) -> Solver<'s> {
        let conjugations = Conjugation::all(space, symmetries);
        let plan = Plan::new(space, most, &conjugations).unwrap();
        Solver::made(space, &plan, |_, parts, p, goal| {
            Pruning::build(space, parts, p, goal)
        })
        .conjugated_by(conjugations)
    }

    /// The parts of a position's conjugates, carried move by move through
    /// the moves' images, are always those of the conjugate of the
    /// position reached; and the corners in pairs, read at
    /// conjugates, see every corner: one pair of corners where four
    /// would be kept without them.
    #[test]
    fn conjugates_follow_the_moves() {
        let p = library::get("corners").unwrap();
        let moves = p.moves(Metric::Face, None).unwrap();
        let space = Space::new(&p, &moves).unwrap();
        let symmetries: Vec<Transformation> = p
            .symmetries()
            .iter()
            .map(|s| s.transformation().clone())
            .collect();
        assert_eq!(Conjugation::all(&space, &symmetries).len(), 47);
        let sets = Plan::new(&space, 1 << 12, &Conjugation::all(&space, &symmetries)).unwrap();
        let plain = Plan::new(&space, 1 << 12, &[]).unwrap();
        let count = |plan: &Plan| {
            plan.parts
                .iter()
                .filter(|p| matches!(p, PartSpec::Pieces(..)))
                .count()
        };
        assert_eq!((count(&sets), count(&plain)), (1, 4));
        // Several coordinates, parity-bound ones, coordinates worked move
        // by move (the cube's edges), symmetries that map one coordinate
        // onto another (the Pyraminx's axial slots).
        for (name, most) in [
            ("corners", 1 << 12),
            ("pyraminx", 1 << 8),
            ("squares", 1 << 8),
            ("3x3x3", 1 << 16),
        ] {
            let p = library::get(name).unwrap();
            let moves = p.moves(p.default_metric(), None).unwrap();
            let space = Space::unnumbered(&p, &moves, None).unwrap();
            let symmetries: Vec<Transformation> = p
                .symmetries()
                .iter()
                .map(|s| s.transformation().clone())
                .collect();
            for solver in [
                Solver::new(&space, most, None)
                    .unwrap()
                    .conjugated(&symmetries),
                one_set(&space, most, &symmetries),
            ] {
                let mut f = space.goal_flat().clone();
                let mut x = solver.parts_of(&space.digits_of_flat(&f));
                assert_eq!(x, solver.goal, "{name}");
                let mut y = x.clone();
                for k in 0..200usize {
                    let m = (k * 7 + k / 3) % space.move_count();
                    solver.step(&x, m, &mut y);
                    space.transform_flat(&mut f, &space.effective_moves()[m]);
                    assert_eq!(
                        y,
                        solver.parts_of(&space.digits_of_flat(&f)),
                        "{name} move {k}"
                    );
                    std::mem::swap(&mut x, &mut y);
                }
                // Where a coordinate has one set, its readings see every
                // piece.
                for (q, part) in solver.parts.iter().enumerate() {
                    let Part::Pieces(set) = part else { continue };
                    let (coord, pieces) = set.pieces();
                    let alone = solver
                        .parts
                        .iter()
                        .filter(|other| matches!(other, Part::Pieces(s) if s.pieces().0 == coord));
                    if alone.count() > 1 {
                        continue;
                    }
                    let (n, _) = space.distinct_pieces(coord).unwrap();
                    let seen = solver
                        .conjugate_parts
                        .iter()
                        .filter(|&&(r, _)| r == q)
                        .fold(
                            pieces.iter().fold(0u64, |m, &d| m | 1 << d),
                            |m, &(_, by)| {
                                m | space.pieces_read_at(
                                    coord,
                                    &pieces,
                                    &solver.conjugations[by].symmetry,
                                )
                            },
                        );
                    assert_eq!(seen, u64::MAX >> (64 - n), "{name}: coordinate {coord}");
                }
            }
        }
    }

    #[test]
    fn a_search_stops_at_its_bound_with_what_it_proved() {
        let p = library::get("corners").unwrap();
        let moves = p.moves(Metric::Face, None).unwrap();
        let space = Space::new(&p, &moves).unwrap();
        // Each digit alone, weak estimates: a deep position takes work.
        let solver = Solver::new(&space, 1 << 12, None).unwrap();
        let mut x = space.goal_index();
        for m in [0, 4, 8, 1, 5, 7, 2, 3, 6, 0, 4] {
            x = space.apply(x, m);
        }
        let fifty = Allowance {
            max_nodes: Some(50),
            ..Allowance::default()
        };
        match solver.solve_index(x, &fifty) {
            Err(Stopped::Nodes { nodes, lower_bound }) => {
                assert_eq!(nodes, 50);
                assert!(lower_bound >= u32::from(solver.estimate(&solver.digits(x))));
            }
            other => panic!("{other:?}"),
        }
        // No time at all: stopped at the first block, saying so; told of
        // the first bound as it began.
        let told = std::sync::Mutex::new(Vec::new());
        let tell = |p: Progress| told.lock().unwrap().push(p.bound);
        let none = Allowance {
            max_seconds: Some(std::time::Duration::ZERO),
            progress: Some(&tell),
            ..Allowance::default()
        };
        let first = u32::from(solver.estimate(&solver.digits(x)));
        match solver.solve_index(x, &none) {
            Err(Stopped::Time {
                nodes, lower_bound, ..
            }) => assert_eq!((nodes, lower_bound), (0, first)),
            other => panic!("{other:?}"),
        }
        assert_eq!(told.into_inner().unwrap(), [first]);
        assert!(Solver::new(&space, 1 << 24, Some(1000)).is_err());
        // The listing of every minimal sequence shares the limit with the
        // search: a few positions more than the search alone took stop it,
        // and the positions counted are those of both.
        let alone = solver.solve_index(x, &Allowance::default()).unwrap();
        let (both, every) = solver
            .solve_every(&solver.digits(x), &Allowance::default())
            .unwrap();
        assert!(both.nodes > alone.nodes + 1000 && !every.is_empty());
        let tight = Allowance {
            max_nodes: Some(alone.nodes + 10),
            ..Allowance::default()
        };
        assert!(matches!(
            solver.solve_every(&solver.digits(x), &tight),
            Err(Stopped::Nodes { .. })
        ));
    }

    /// Tables kept on disk: built and written once, read back the next
    /// time with the same answers; a damaged file, or one under another
    /// projection's name, is built again and replaced; the budget picks
    /// the tables.
    #[test]
    fn pruning_tables_are_kept_read_and_replaced() {
        let p = library::get("corners").unwrap();
        let moves = p.moves(Metric::Face, None).unwrap();
        let space = Space::new(&p, &moves).unwrap();
        let dir = tempfile::tempdir().unwrap();
        let mut x = space.goal_index();
        for m in [0, 4, 8, 1, 5, 7, 2] {
            x = space.apply(x, m);
        }
        // Sets of corners, a few megabytes.
        let budget = 40 << 20;
        let sources = |kept: &[KeptTable]| -> Vec<TableSource> {
            kept.iter().map(|k| k.source.clone()).collect()
        };
        let (built, kept) = Solver::kept(&space, budget, dir.path(), &[]).unwrap();
        assert!(kept.len() >= 2, "{kept:?}");
        assert!(
            kept.iter().all(|k| k.source == TableSource::Built),
            "{kept:?}"
        );
        let answer = built.solve_index(x, &Allowance::default()).unwrap();
        let (read, again) = Solver::kept(&space, budget, dir.path(), &[]).unwrap();
        assert!(
            again.iter().all(|k| k.source == TableSource::Read),
            "{again:?}"
        );
        // The same answer (the positions generated vary with the cores).
        let again_answer = read.solve_index(x, &Allowance::default()).unwrap();
        assert_eq!(
            (again_answer.moves, again_answer.path, again_answer.starting),
            (answer.moves, answer.path, answer.starting)
        );
        assert_eq!(
            again.iter().map(|k| &k.path).collect::<Vec<_>>(),
            kept.iter().map(|k| &k.path).collect::<Vec<_>>()
        );
        // One byte changed in the first table's payload.
        let first = &kept[0].path;
        let mut bytes = std::fs::read(first).unwrap();
        let at = bytes.len() - 1;
        bytes[at] ^= 1;
        std::fs::write(first, &bytes).unwrap();
        let (_, fixed) = Solver::kept(&space, budget, dir.path(), &[]).unwrap();
        match &sources(&fixed)[0] {
            TableSource::Replaced(why) => assert!(why.contains("checksum"), "{why}"),
            other => panic!("{other:?}"),
        }
        assert!(sources(&fixed)[1..].iter().all(|s| *s == TableSource::Read));
        // The second table's file under the first one's name.
        std::fs::copy(&kept[1].path, first).unwrap();
        let (_, fixed) = Solver::kept(&space, budget, dir.path(), &[]).unwrap();
        match &sources(&fixed)[0] {
            TableSource::Replaced(why) => assert!(why.contains("keyed"), "{why}"),
            other => panic!("{other:?}"),
        }
        let (_, last) = Solver::kept(&space, budget, dir.path(), &[]).unwrap();
        assert!(
            last.iter().all(|k| k.source == TableSource::Read),
            "{last:?}"
        );
        // A table of the right key whose values are wrong: refused after
        // its checksum, by the check of neighbours.
        let plan = Plan::fitted(&space, budget, &[]).unwrap();
        let key = plan.key(&space, 0);
        let mut table =
            crate::board::store::read_keyed(first, crate::board::store::Kind::PruningTable, &key)
                .unwrap();
        for v in table.iter_mut() {
            if *v > 1 {
                *v = 1;
            }
        }
        crate::board::store::write_keyed(
            first,
            crate::board::store::Kind::PruningTable,
            &key,
            &table,
        )
        .unwrap();
        let (_, fixed) = Solver::kept(&space, budget, dir.path(), &[]).unwrap();
        match &sources(&fixed)[0] {
            TableSource::Replaced(why) => {
                assert!(why.contains("beside") || why.contains("nearer"), "{why}")
            }
            other => panic!("{other:?}"),
        }
        // A larger budget takes larger tables: the corners whole.
        let (_, whole) = Solver::kept(&space, 200 << 20, dir.path(), &[]).unwrap();
        assert_eq!(
            whole.iter().map(|k| k.values).max(),
            Some(88_179_840),
            "{whole:?}"
        );
    }
}
