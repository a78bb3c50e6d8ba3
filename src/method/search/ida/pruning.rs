//! The pruning tables: a projection's distances, built by a breadth-first
//! search of its values and checked when read back.

use super::*;
use crate::perm::Divisor;

/// A projection's distances: the parts it keeps, and for each value of
/// them the fewest moves to the goal's value ([`UNSEEN`] where none leads),
/// four bits a value: distances past [`MOST_KEPT`] are kept as
/// [`MOST_KEPT`], still a bound from below.
///
/// ```
/// use schofield::puzzle::{Metric, library};
/// use schofield::method::space::Space;
/// use schofield::method::search::ida::Solver;
/// let p = library::get("pyraminx").unwrap();
/// let moves = p.moves(Metric::Face, None).unwrap();
/// let space = Space::new(&p, &moves).unwrap();
/// let solver = Solver::new(&space, 1 << 20, None).unwrap();
/// for table in solver.prunings() {
///     // Two values a byte.
///     assert_eq!(table.bytes(), table.len().div_ceil(2));
/// }
/// ```
#[derive(Debug, Clone)]
pub struct Pruning {
    /// The parts of the position kept, and the stride of each in the
    /// projection's own number.
    pub(super) parts: Vec<(usize, u64)>,
    /// Two values a byte, the even one in the low four bits; shared with
    /// the readings of the table at the position's conjugates
    /// ([`Solver::conjugated`]).
    pub(super) table: Arc<Vec<u8>>,
    /// How many values.
    pub(super) values: u64,
    /// Where the table is the whole puzzle's by classes, the symmetry
    /// coordinate that numbers them ([`Pruning::by_classes`]); the parts
    /// are then every digit of the position, in order.
    pub(super) classes: Option<Arc<SymmetryCoordinate>>,
}

/// A value no sequence of moves reaches from the goal's.
pub const UNSEEN: u8 = u8::MAX;

/// The largest distance a table keeps: four bits hold 0 to 15, and 15
/// marks a value not reached.
pub const MOST_KEPT: u8 = 14;

/// [`UNSEEN`] in four bits.
pub(super) const UNSEEN_BITS: u8 = 15;

/// True when every move's inverse is a move: a step then changes a
/// projection's distance by at most one, either way.
pub(super) fn closed_under_inverse(space: &Space) -> bool {
    let e = space.effective_moves();
    e.iter().all(|a| e.iter().any(|b| a.then(b).is_identity()))
}

/// The four bits of value `v` in a table of two values a byte.
#[inline]
pub(super) fn bits(table: &[u8], v: u64) -> u8 {
    table[(v >> 1) as usize] >> ((v & 1) * 4) & 15
}

/// A table's moves: `neighbours(v, f)` calls `f` on each value a move
/// makes of `v` until `f` says true, and says whether it did.
pub(super) trait Neighbours: Fn(u64, &mut dyn FnMut(u64) -> bool) -> bool {}

impl<F: Fn(u64, &mut dyn FnMut(u64) -> bool) -> bool> Neighbours for F {}

/// The distances from `goal` of `len` values, four bits each, two a byte
/// ([`Pruning`]), by a breadth-first search, one layer a scan of every
/// value shared among the cores. `neighbours(v, f)` calls `f` on each
/// value a move makes of `v` until `f` says true, and says whether it did;
/// `reduced(v)` says whether `v` can be reached at all (a class's reduced
/// form). Where every move's inverse is a move (`closed`), a layer may be
/// found from the values not yet reached, each looking for a neighbour in
/// the layer before: cheaper once those are fewer than the layer. Past
/// [`MOST_KEPT`] a layer is kept as [`MOST_KEPT`], and the values there
/// are all moved again for the next one. `halt` is asked before each run
/// of values; once it says stop, the table is dropped (`None`).
fn fill_layers(
    len: u64,
    goal: u64,
    closed: bool,
    neighbours: &(impl Neighbours + Sync),
    reduced: &(impl Fn(u64) -> bool + Sync),
    halt: Halt,
) -> Option<Vec<u8>> {
    let mut table: Vec<AtomicU8> = Vec::with_capacity(len.div_ceil(2) as usize);
    crate::memory::advise_huge_pages(&table);
    table.extend((0..len.div_ceil(2)).map(|_| AtomicU8::new(u8::MAX)));
    let get = |v: u64| table[(v >> 1) as usize].load(Relaxed) >> ((v & 1) * 4) & 15;
    // Only bits of an unseen value are cleared, and a value is only ever
    // set from unseen: two cores marking one byte's two values each clear
    // their own four bits.
    let set = |v: u64, d: u8| {
        let shift = (v & 1) * 4;
        table[(v >> 1) as usize].fetch_and(!(15 << shift) | d << shift, Relaxed);
    };
    set(goal, 0);
    const RUN: u64 = 1 << 17;
    let (mut layer, mut unseen) = (1u64, len - 1);
    let halted = std::sync::atomic::AtomicBool::new(false);
    for depth in 0..UNSEEN - 1 {
        let (at, next) = (depth.min(MOST_KEPT), (depth + 1).min(MOST_KEPT));
        let backward = closed && unseen < layer;
        // The values a layer moves: in a backward one the unseen, in a
        // forward one those of the layer before. A byte holding neither
        // is passed over whole.
        let wanted = if backward { UNSEEN_BITS } else { at };
        let grew: u64 = (0..len.div_ceil(RUN))
            .into_par_iter()
            .map(|c| {
                let mut grew = 0;
                if halted.load(Relaxed) || halt() {
                    halted.store(true, Relaxed);
                    return 0;
                }
                let (first, end) = (c * RUN, (c * RUN + RUN).min(len));
                for i in first >> 1..end.div_ceil(2) {
                    let byte = table[i as usize].load(Relaxed);
                    if byte & 15 != wanted && byte >> 4 != wanted {
                        continue;
                    }
                    for v in [2 * i, 2 * i + 1] {
                        if v >= end || byte >> ((v & 1) * 4) & 15 != wanted {
                            continue;
                        }
                        if !backward {
                            neighbours(v, &mut |w| {
                                if get(w) == UNSEEN_BITS {
                                    set(w, next);
                                    grew += 1;
                                }
                                false
                            });
                        } else if reduced(v) && neighbours(v, &mut |w| get(w) == at) {
                            set(v, next);
                            grew += 1;
                        }
                    }
                }
                grew
            })
            .sum();
        if halted.load(Relaxed) {
            return None;
        }
        if grew == 0 {
            break;
        }
        // Two cores may both mark one value in a forward layer: the counts
        // only choose the direction.
        layer = grew;
        unseen = unseen.saturating_sub(grew);
    }
    Some(table.into_iter().map(AtomicU8::into_inner).collect())
}

/// Checks a table of `len` values read back (after its checksum): its
/// length, the goal's value 0, no distance missing below the farthest,
/// and, at values spread over the table (no other at 0), every value that `reduced` says no position takes unseen,
/// and no neighbour more than one farther; where every move's inverse is a move
/// (`closed`), none more than one nearer and, unless it is the goal, one
/// exactly one nearer (or as far, at [`MOST_KEPT`]).
fn check_layers(
    table: &[u8],
    len: u64,
    goal: u64,
    closed: bool,
    neighbours: &dyn Neighbours,
    reduced: &dyn Fn(u64) -> bool,
) -> Result<(), String> {
    if table.len() as u64 != len.div_ceil(2) {
        return Err(format!(
            "{} bytes, expected {} for {len} values",
            table.len(),
            len.div_ceil(2)
        ));
    }
    if bits(table, goal) != 0 {
        return Err("the goal is not at distance 0".into());
    }
    // Every distance up to the farthest is some value's: a table whose
    // layers were raised (past a sampled value's neighbours) leaves a gap.
    // Which bytes occur (a store a byte, no chain of sums), then which
    // distances.
    let mut bytes = [false; 256];
    for &byte in table {
        bytes[usize::from(byte)] = true;
    }
    let seen = (0..256usize)
        .filter(|&b| bytes[b])
        .fold(0u16, |seen, b| seen | 1 << (b & 15) | 1 << (b >> 4));
    let has = |d: u8| seen >> d & 1 == 1;
    let farthest = (0..UNSEEN_BITS).rev().find(|&d| has(d));
    if let Some(gap) = (0..farthest.unwrap_or(0)).find(|&d| !has(d)) {
        return Err(format!(
            "no value at distance {gap}, though some are at {}",
            farthest.unwrap_or(0)
        ));
    }
    let step = (len / 1024).max(1);
    for v in (0..len).step_by(step as usize) {
        let d = bits(table, v);
        if d == 0 && v != goal {
            return Err(format!("value {v} at distance 0, which is not the goal"));
        }
        if d == UNSEEN_BITS {
            continue;
        }
        if !reduced(v) {
            return Err(format!(
                "value {v} at distance {d}, which no position takes"
            ));
        }
        let mut nearer = d == 0;
        let mut wrong = None;
        neighbours(v, &mut |w| {
            let e = bits(table, w);
            if e == UNSEEN_BITS || e > d + 1 || (closed && e + 1 < d) {
                wrong = Some(format!("value {v} at distance {d} beside {w} at {e}"));
                return true;
            }
            nearer |= e + 1 == d || (d == MOST_KEPT && e == MOST_KEPT);
            false
        });
        if let Some(wrong) = wrong {
            return Err(wrong);
        }
        if closed && !nearer {
            return Err(format!(
                "value {v} at distance {d} with no neighbour nearer"
            ));
        }
    }
    Ok(())
}

/// Asked now and then while a table is filled whether to stop (a time
/// allowed has passed): true drops the table, half made.
pub type Halt<'a> = &'a (dyn Fn() -> bool + Sync);

/// Why a table was not had.
#[derive(Debug, Clone, PartialEq, Eq)]
pub(super) enum NotMade {
    /// The table read back has wrong values (why).
    Unfit(String),
    /// Its filling was stopped by the halt.
    Halted,
}

/// A table's distances: `read` back and checked ([`check_layers`]), or
/// without one filled ([`fill_layers`]) unless `halt` stops it.
pub(super) fn layers(
    len: u64,
    goal: u64,
    closed: bool,
    neighbours: &(impl Neighbours + Sync),
    reduced: &(impl Fn(u64) -> bool + Sync),
    read: Option<Vec<u8>>,
    halt: Halt,
) -> Result<Vec<u8>, NotMade> {
    match read {
        Some(table) => {
            check_layers(&table, len, goal, closed, neighbours, reduced).map_err(NotMade::Unfit)?;
            Ok(table)
        }
        None => fill_layers(len, goal, closed, neighbours, reduced, halt).ok_or(NotMade::Halted),
    }
}

impl Pruning {
    /// The strides of the projection onto the parts `kept` of `parts`,
    /// and how many values it takes.
    fn strides(space: &Space, parts: &[Part], kept: &[usize]) -> (Vec<(usize, u64)>, u64) {
        let mut strides = Vec::new();
        let mut len = 1u64;
        for &p in kept {
            strides.push((p, len));
            len *= parts[p].radix(space);
        }
        (strides, len)
    }

    /// Calls `f` on the values each move makes of value `v` of the
    /// projection of strides `strides` (each part's radix beside it),
    /// until `f` says true.
    fn neighbours(
        space: &Space,
        parts: &[Part],
        strides: &[(usize, u64, Divisor)],
        v: u64,
        f: &mut dyn FnMut(u64) -> bool,
    ) -> bool {
        crate::memory::scratch(space.move_count(), |images: &mut [u64]| {
            let mut rest = v;
            for &(p, stride, radix) in strides {
                let x;
                (rest, x) = radix.div_rem(rest);
                for (m, image) in images.iter_mut().enumerate() {
                    *image += parts[p].step(space, x, m) * stride;
                }
            }
            images.iter().any(|&w| f(w))
        })
    }

    /// The distances of the projection onto the parts `kept` of `parts`
    /// from the goal's value (`goal`, the parts' values): the table `read`
    /// back, checked after its checksum, or without one built unless
    /// `halt` stops it ([`layers`]).
    pub(super) fn projection(
        space: &Space,
        parts: &[Part],
        kept: &[usize],
        goal: &[u64],
        read: Option<Vec<u8>>,
        halt: Halt,
    ) -> Result<Pruning, NotMade> {
        let (strides, len) = Pruning::strides(space, parts, kept);
        let at_goal: u64 = strides.iter().map(|&(p, stride)| goal[p] * stride).sum();
        let radices: Vec<(usize, u64, Divisor)> = strides
            .iter()
            .map(|&(p, stride)| {
                let radix = Divisor::new(parts[p].radix(space)).expect("a part takes a value");
                (p, stride, radix)
            })
            .collect();
        let table = layers(
            len,
            at_goal,
            closed_under_inverse(space),
            &|v, f| Pruning::neighbours(space, parts, &radices, v, f),
            &|_| true,
            read,
            halt,
        )?;
        Ok(Pruning {
            parts: strides,
            table: Arc::new(table),
            values: len,
            classes: None,
        })
    }

    /// Asks the memory for the entry of the position of parts `x` ahead of
    /// its reading ([`Pruning::estimate`]); nothing where the processor
    /// has no such hint.
    #[inline]
    pub(super) fn prefetch(&self, x: &[u64]) {
        match &self.classes {
            None => {
                let v: u64 = self.parts.iter().map(|&(p, stride)| x[p] * stride).sum();
                if let Some(entry) = self.table.get((v >> 1) as usize) {
                    crate::memory::prefetch(entry);
                }
            }
            // The class's entry is read once the state is known; what the
            // reduction reads first is asked now.
            Some(sc) => {
                let mut d = [0u64; MAX_DIGITS];
                for (k, &(p, _)) in self.parts.iter().enumerate() {
                    d[k] = x[p];
                }
                sc.prefetch(&d[..self.parts.len()]);
            }
        }
    }

    /// The estimate for the position of parts `x`: its projection's
    /// distance.
    #[inline]
    pub(super) fn estimate(&self, x: &[u64]) -> u8 {
        let v: u64 = match &self.classes {
            None => self.parts.iter().map(|&(p, stride)| x[p] * stride).sum(),
            Some(sc) => Pruning::class_of(sc, &self.parts, x),
        };
        match bits(&self.table, v) {
            UNSEEN_BITS => UNSEEN,
            d => d,
        }
    }

    /// The values of the projection.
    pub fn len(&self) -> usize {
        self.values as usize
    }

    /// The bytes its values take: two a byte.
    pub fn bytes(&self) -> usize {
        self.table.len()
    }

    /// True when the projection has no value (never: the goal's is one).
    pub fn is_empty(&self) -> bool {
        self.values == 0
    }
}
