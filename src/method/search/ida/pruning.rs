//! The pruning tables: a projection's distances, built by a breadth-first
//! search of its values and checked when read back.

use super::*;
use crate::perm::Divisor;

/// A projection's distances: the parts it keeps, and for each value of
/// them the fewest moves to the goal's value ([`UNSEEN`] where none leads),
/// four bits a value: distances past [`MOST_KEPT`] are kept as
/// [`MOST_KEPT`], still a bound from below. A table by classes, where
/// every move's inverse is a move, keeps its distances modulo 3 in two
/// bits instead, exact however far ([`Pruning::is_modulo_three`]).
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
    /// Two values a byte, the even one in the low four bits (or four
    /// values a byte, modulo 3: `exact`); shared with the readings of the
    /// table at the position's conjugates ([`Solver::conjugated`]).
    pub(super) table: Arc<Vec<u8>>,
    /// How many values.
    pub(super) values: u64,
    /// Where the table is the whole puzzle's by classes, the symmetry
    /// coordinate that numbers them ([`Pruning::by_classes`]); the parts
    /// are then every digit of the position, in order.
    pub(super) classes: Option<Arc<SymmetryCoordinate>>,
    /// Where the table keeps distances modulo 3 ([`Encoding::ModThree`]):
    /// its goal, and where the search carries the position's distance.
    pub(super) exact: Option<Exact>,
}

/// A table of distances modulo 3 in a search: the position's distance
/// is carried beside its parts, a child's found from its parent's and its
/// own residue ([`beside`]), the first position's by walking down
/// ([`descend`]).
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub(super) struct Exact {
    /// The goal's value.
    pub(super) goal: u64,
    /// The index among the parts the search carries of the position's
    /// distance in this table (after the conjugates' parts; placed by
    /// the solver, [`Solver::place_exact`]).
    pub(super) slot: usize,
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
    let moves: std::collections::HashSet<&Transformation> = e.iter().collect();
    e.iter().all(|a| moves.contains(&a.inverse()))
}

/// The four bits of value `v` in a table of two values a byte.
#[inline]
pub(super) fn bits(table: &[u8], v: u64) -> u8 {
    table[(v >> 1) as usize] >> ((v & 1) * 4) & 15
}

/// How a table keeps its values.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub(super) enum Encoding {
    /// Four bits a value, two a byte, the even one low: the distance,
    /// past [`MOST_KEPT`] kept as that, [`UNSEEN_BITS`] where none leads.
    /// `closed`: every move's inverse is a move ([`closed_under_inverse`]).
    Nibbles { closed: bool },
    /// Two bits a value, four a byte, the first low: the distance modulo
    /// 3, and 3 where none leads. Only where every move's inverse is a
    /// move, so that a value's neighbours are one nearer, as far or one
    /// farther: three residues, which tell which, so that a search that
    /// knows a position's distance knows each child's
    /// ([`beside`]), and a position's own is found by walking down
    /// ([`descend`]). Half the bytes of four bits, and no distance
    /// clipped (Kociemba's and Rokicki's optimal solvers keep theirs so).
    ModThree,
}

/// [`Encoding::ModThree`]'s mark of a value not reached.
pub(super) const UNSEEN_MOD_THREE: u8 = 3;

impl Encoding {
    /// The encoding of a table by classes for `space`: modulo 3 where
    /// every move's inverse is a move, else four bits.
    pub(super) fn of_classes(space: &Space) -> Encoding {
        if closed_under_inverse(space) {
            Encoding::ModThree
        } else {
            Encoding::Nibbles { closed: false }
        }
    }

    /// Whether every move's inverse is a move.
    fn closed(self) -> bool {
        match self {
            Encoding::Nibbles { closed } => closed,
            Encoding::ModThree => true,
        }
    }

    /// Bits a value.
    #[inline]
    fn width(self) -> u64 {
        match self {
            Encoding::Nibbles { .. } => 4,
            Encoding::ModThree => 2,
        }
    }

    /// The base-2 logarithm of the values a byte holds.
    #[inline]
    fn per_byte_log(self) -> u64 {
        match self {
            Encoding::Nibbles { .. } => 1,
            Encoding::ModThree => 2,
        }
    }

    /// The bytes a table of `len` values takes.
    pub(super) fn bytes(self, len: u64) -> u64 {
        len.div_ceil(1 << self.per_byte_log())
    }

    /// The mark of a value not reached: every bit of its field set.
    #[inline]
    pub(super) fn unseen(self) -> u8 {
        (1 << self.width()) - 1
    }

    /// What the table keeps of distance `d`.
    #[inline]
    fn code(self, d: u8) -> u8 {
        match self {
            Encoding::Nibbles { .. } => d.min(MOST_KEPT),
            Encoding::ModThree => d % 3,
        }
    }

    /// The byte of value `v`, and its field's shift there.
    #[inline]
    fn at(self, v: u64) -> (usize, u64) {
        let log = self.per_byte_log();
        ((v >> log) as usize, (v & ((1 << log) - 1)) * self.width())
    }

    /// The field of value `v` in `table`.
    #[inline]
    pub(super) fn get(self, table: &[u8], v: u64) -> u8 {
        let (byte, shift) = self.at(v);
        table[byte] >> shift & self.unseen()
    }

    /// Whether some field of `byte` holds `wanted`.
    #[inline]
    fn holds(self, byte: u8, wanted: u8) -> bool {
        let (w, mask) = (self.width(), self.unseen());
        (0..1u64 << self.per_byte_log()).any(|k| byte >> (k * w) & mask == wanted)
    }
}

/// A table's moves: `neighbours(v, f)` calls `f` on each value a move
/// makes of `v` until `f` says true, and says whether it did.
pub(super) trait Neighbours: Fn(u64, &mut dyn FnMut(u64) -> bool) -> bool {}

impl<F: Fn(u64, &mut dyn FnMut(u64) -> bool) -> bool> Neighbours for F {}

/// The distance of a neighbour of a value at distance `h`, in a table
/// modulo 3 where the neighbour's field is `code` ([`Encoding::ModThree`]):
/// one nearer, as far or one farther, whichever has that residue.
#[inline]
pub(super) fn beside(h: u8, code: u8) -> u8 {
    if code == UNSEEN_MOD_THREE {
        return UNSEEN;
    }
    match (code + 3 - h % 3) % 3 {
        0 => h,
        1 => h.saturating_add(1),
        _ => h.saturating_sub(1),
    }
}

/// The distance of value `v` in a table modulo 3 ([`Encoding::ModThree`])
/// whose goal is `goal`: walked down, each step to a neighbour whose
/// residue is one less (one nearer: the three residues of one nearer, as
/// far and one farther differ), until the goal. [`UNSEEN`] for a value not
/// reached; an error where a value before the goal has no neighbour
/// nearer, or the walk passes the farthest distance kept (a wrong table).
pub(super) fn descend(
    table: &[u8],
    mut v: u64,
    goal: u64,
    neighbours: &dyn Neighbours,
) -> Result<u8, String> {
    let code = |v: u64| Encoding::ModThree.get(table, v);
    if code(v) == UNSEEN_MOD_THREE {
        return Ok(UNSEEN);
    }
    let mut d = 0u8;
    while v != goal {
        let nearer = (code(v) + 2) % 3;
        let mut next = None;
        neighbours(v, &mut |w| {
            let found = code(w) == nearer;
            if found {
                next = Some(w);
            }
            found
        });
        match next {
            Some(w) if d < UNSEEN - 1 => (v, d) = (w, d + 1),
            Some(_) => return Err(format!("value {v} more than {d} moves from the goal")),
            None => {
                return Err(format!(
                    "value {v} with no neighbour nearer, {d} moves down"
                ));
            }
        }
    }
    Ok(d)
}

/// The distances from `goal` of `len` values, kept as `encoding` says
/// ([`Pruning`]), by a breadth-first search, one layer a scan of every
/// value shared among the cores. `neighbours(v, f)` calls `f` on each
/// value a move makes of `v` until `f` says true, and says whether it did;
/// `reduced(v)` says whether `v` can be reached at all (a class's reduced
/// form). Where every move's inverse is a move, a layer may be found from
/// the values not yet reached, each looking for a neighbour in the layer
/// before: cheaper once those are fewer than the layer. Four bits keep a
/// layer past [`MOST_KEPT`] as [`MOST_KEPT`], and the values there are all
/// moved again for the next one; modulo 3, a forward layer moves the
/// values three (six, …) layers back as well, whose neighbours are all
/// reached, and a backward one finds its neighbours in the layer before
/// alone (no value farther is reached yet). `halt` is asked before each
/// run of values; once it says stop, the table is dropped (`None`).
fn fill_layers(
    len: u64,
    goal: u64,
    encoding: Encoding,
    neighbours: &(impl Neighbours + Sync),
    reduced: &(impl Fn(u64) -> bool + Sync),
    halt: Halt,
) -> Option<Vec<u8>> {
    let bytes = encoding.bytes(len);
    let mut table: Vec<AtomicU8> = Vec::with_capacity(bytes as usize);
    crate::memory::advise_huge_pages(&table);
    table.extend((0..bytes).map(|_| AtomicU8::new(u8::MAX)));
    let unseen_code = encoding.unseen();
    let get = |v: u64| {
        let (byte, shift) = encoding.at(v);
        table[byte].load(Relaxed) >> shift & unseen_code
    };
    // Only bits of an unseen value are cleared, and a value is only ever
    // set from unseen: two cores marking one byte's values each clear
    // their own bits.
    let set = |v: u64, d: u8| {
        let (byte, shift) = encoding.at(v);
        table[byte].fetch_and(!(unseen_code << shift) | d << shift, Relaxed);
    };
    set(goal, 0);
    const RUN: u64 = 1 << 17;
    let log = encoding.per_byte_log();
    let (mut layer, mut unseen) = (1u64, len - 1);
    let halted = std::sync::atomic::AtomicBool::new(false);
    for depth in 0..UNSEEN - 1 {
        let (at, next) = (encoding.code(depth), encoding.code(depth + 1));
        let backward = encoding.closed() && unseen < layer;
        // The values a layer moves: in a backward one the unseen, in a
        // forward one those of the layer before. A byte holding neither
        // is passed over whole.
        let wanted = if backward { unseen_code } else { at };
        let grew: u64 = (0..len.div_ceil(RUN))
            .into_par_iter()
            .map(|c| {
                let mut grew = 0;
                if halted.load(Relaxed) || halt() {
                    halted.store(true, Relaxed);
                    return 0;
                }
                let (first, end) = (c * RUN, (c * RUN + RUN).min(len));
                for i in first >> log..end.div_ceil(1 << log) {
                    let byte = table[i as usize].load(Relaxed);
                    if !encoding.holds(byte, wanted) {
                        continue;
                    }
                    for v in i << log..(i + 1) << log {
                        if v >= end || encoding.get(&[byte], v & ((1 << log) - 1)) != wanted {
                            continue;
                        }
                        if !backward {
                            neighbours(v, &mut |w| {
                                if get(w) == unseen_code {
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

/// Checks a table of `len` values read back (after its checksum), kept as
/// `encoding` says: its length, the goal's value 0, then
/// ([`check_nibbles`], [`check_mod_three`]) its distances.
fn check_layers(
    table: &[u8],
    len: u64,
    goal: u64,
    encoding: Encoding,
    neighbours: &dyn Neighbours,
    reduced: &dyn Fn(u64) -> bool,
) -> Result<(), String> {
    if table.len() as u64 != encoding.bytes(len) {
        return Err(format!(
            "{} bytes, expected {} for {len} values",
            table.len(),
            encoding.bytes(len)
        ));
    }
    if encoding.get(table, goal) != 0 {
        return Err("the goal is not at distance 0".into());
    }
    match encoding {
        Encoding::Nibbles { closed } => {
            check_nibbles(table, len, goal, closed, neighbours, reduced)
        }
        Encoding::ModThree => check_mod_three(table, len, goal, neighbours, reduced),
    }
}

/// Checks a table of four bits a value: no distance missing below the
/// farthest, and, at values spread over the table (no other at 0), every
/// value that `reduced` says no position takes unseen, and no neighbour
/// more than one farther; where every move's inverse is a move
/// (`closed`), none more than one nearer and, unless it is the goal, one
/// exactly one nearer (or as far, at [`MOST_KEPT`]).
fn check_nibbles(
    table: &[u8],
    len: u64,
    goal: u64,
    closed: bool,
    neighbours: &dyn Neighbours,
    reduced: &dyn Fn(u64) -> bool,
) -> Result<(), String> {
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
    for v in sampled(len) {
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

/// Checks a table of distances modulo 3: at the goal and at values spread
/// over the table, every value that `reduced` says no position takes
/// unseen, no reached value beside one not reached, and each reached value
/// and each of its neighbours walked down to the goal ([`descend`]), their
/// distances at most one apart (a residue one too high walks down
/// sideways, one move too far, and is caught beside a neighbour's).
fn check_mod_three(
    table: &[u8],
    len: u64,
    goal: u64,
    neighbours: &dyn Neighbours,
    reduced: &dyn Fn(u64) -> bool,
) -> Result<(), String> {
    let code = |v: u64| Encoding::ModThree.get(table, v);
    for v in std::iter::once(goal).chain(sampled(len)) {
        let c = code(v);
        if c == UNSEEN_MOD_THREE {
            continue;
        }
        if !reduced(v) {
            return Err(format!("value {v} of residue {c}, which no position takes"));
        }
        let mut beside_unseen = None;
        neighbours(v, &mut |w| {
            let found = code(w) == UNSEEN_MOD_THREE;
            if found {
                beside_unseen = Some(w);
            }
            found
        });
        if let Some(w) = beside_unseen {
            return Err(format!("value {v} reached beside {w}, which is not"));
        }
        let d = descend(table, v, goal, neighbours)?;
        let mut wrong = None;
        neighbours(v, &mut |w| {
            wrong = match descend(table, w, goal, neighbours) {
                Ok(e) if e.abs_diff(d) <= 1 => None,
                Ok(e) => Some(format!("value {v} at distance {d} beside {w} at {e}")),
                Err(e) => Some(e),
            };
            wrong.is_some()
        });
        if let Some(wrong) = wrong {
            return Err(wrong);
        }
    }
    Ok(())
}

/// About 1 024 values spread over `len`, the first among them.
fn sampled(len: u64) -> impl Iterator<Item = u64> {
    (0..len).step_by((len / 1024).max(1) as usize)
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
    encoding: Encoding,
    neighbours: &(impl Neighbours + Sync),
    reduced: &(impl Fn(u64) -> bool + Sync),
    read: Option<Vec<u8>>,
    halt: Halt,
) -> Result<Vec<u8>, NotMade> {
    match read {
        Some(table) => {
            check_layers(&table, len, goal, encoding, neighbours, reduced)
                .map_err(NotMade::Unfit)?;
            Ok(table)
        }
        None => fill_layers(len, goal, encoding, neighbours, reduced, halt).ok_or(NotMade::Halted),
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
            Encoding::Nibbles {
                closed: closed_under_inverse(space),
            },
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
            exact: None,
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
        if let Some(exact) = &self.exact {
            return x[exact.slot] as u8;
        }
        match bits(&self.table, self.value(x)) {
            UNSEEN_BITS => UNSEEN,
            d => d,
        }
    }

    /// The value of the position of parts `x` in this table.
    #[inline]
    fn value(&self, x: &[u64]) -> u64 {
        match &self.classes {
            None => self.parts.iter().map(|&(p, stride)| x[p] * stride).sum(),
            Some(sc) => Pruning::class_of(sc, &self.parts, x),
        }
    }

    /// For a table modulo 3, the distance of the position of parts `x`
    /// (its own parts alone are read), walked down ([`descend`]: an error
    /// only where the table is wrong); for another, its estimate.
    pub(super) fn exact_at(&self, space: &Space, x: &[u64]) -> Result<u8, String> {
        match (&self.exact, &self.classes) {
            (Some(exact), Some(sc)) => descend(&self.table, self.value(x), exact.goal, &|v, f| {
                sc.find_neighbour(space, v, |w, _, _| f(w))
            }),
            _ => Ok(self.estimate(x)),
        }
    }

    /// For a table modulo 3, the distance of `child` (a row of parts
    /// whose own are made) carried into its slot, from its parent's and
    /// its residue ([`beside`]); nothing for another table.
    #[inline]
    pub(super) fn settle(&self, parent: &[u64], child: &mut [u64]) {
        if let Some(exact) = &self.exact {
            let code = Encoding::ModThree.get(&self.table, self.value(child));
            child[exact.slot] = u64::from(beside(parent[exact.slot] as u8, code));
        }
    }

    /// Whether the table keeps its distances modulo 3, two bits a value
    /// (a table by classes where every move's inverse is a move), exact
    /// however far; else four bits a value.
    pub fn is_modulo_three(&self) -> bool {
        self.exact.is_some()
    }

    /// The values of the projection.
    pub fn len(&self) -> usize {
        self.values as usize
    }

    /// The bytes its values take: two a byte (four, modulo 3).
    pub fn bytes(&self) -> usize {
        self.table.len()
    }

    /// True when the projection has no value (never: the goal's is one).
    pub fn is_empty(&self) -> bool {
        self.values == 0
    }
}
