//! Classes of positions under a symmetry group, written once for every
//! puzzle and every board: positions `X` and `φ⁻¹Xφ` are equivalent
//! (Schofield's classes), and with inverses also `X` and `X⁻¹` (his
//! extended classes). Counted two ways that share nothing but the action:
//! by walking the orbits, and by Burnside's lemma, the average number of
//! positions each symmetry fixes.
//!
//! A class is numbered by its smallest member (its representative), in
//! increasing order of representatives. Every member of a class has the
//! same distance, so classes are counted by distance too.
//!
//! ```
//! use schofield::group::classes::{Action, orbits, burnside};
//! // The 6 arrangements of 3 beads on a triangle under its rotations.
//! struct Necklace;
//! const ALL: [[u8; 3]; 6] = [[0,1,2],[0,2,1],[1,0,2],[1,2,0],[2,0,1],[2,1,0]];
//! impl Action for Necklace {
//!     fn len(&self) -> u64 { 6 }
//!     fn symmetries(&self) -> usize { 3 }
//!     fn image(&self, x: u64, g: usize) -> u64 {
//!         let a = ALL[x as usize];
//!         let b = [a[(3 - g) % 3], a[(4 - g) % 3], a[(5 - g) % 3]];
//!         ALL.iter().position(|c| *c == b).unwrap() as u64
//!     }
//! }
//! let c = orbits(&Necklace, &|_| Some(0), false);
//! assert_eq!(c.count(), 2);
//! assert_eq!(burnside(&Necklace, &|_| true).classes, 2);
//! ```

use rayon::prelude::*;

/// A symmetry group acting on the positions `0 … len − 1`.
pub trait Action: Sync {
    /// The number of positions.
    fn len(&self) -> u64;
    /// True when there are none.
    fn is_empty(&self) -> bool {
        self.len() == 0
    }
    /// The number of symmetries, the identity being number 0.
    fn symmetries(&self) -> usize;
    /// Position `x` seen through symmetry `g` (`φ⁻¹Xφ`).
    fn image(&self, x: u64, g: usize) -> u64;
    /// The inverse of position `x`, when positions have inverses.
    fn inverse(&self, x: u64) -> Option<u64> {
        let _ = x;
        None
    }
    /// The images of `x` under every symmetry, the identity first, into
    /// `out` (cleared first). An action may decode `x` once for all of
    /// them.
    fn images(&self, x: u64, out: &mut Vec<u64>) {
        out.clear();
        out.push(x);
        for g in 1..self.symmetries() {
            out.push(self.image(x, g));
        }
    }

    /// Burnside's terms for `x`: how many symmetries fix it (`φ⁻¹Xφ = X`),
    /// and, when positions have inverses, that plus how many take its
    /// inverse to it (`φ⁻¹X⁻¹φ = X`). `images` is scratch. An action may
    /// compare positions without numbering the images.
    fn fixed(&self, x: u64, images: &mut Vec<u64>) -> (u64, u64) {
        fixed_by_numbers(self, x, images)
    }
}

/// [`Action::fixed`] by the images' numbers: every action's way, and the
/// default.
pub fn fixed_by_numbers<A: Action + ?Sized>(
    action: &A,
    x: u64,
    images: &mut Vec<u64>,
) -> (u64, u64) {
    action.images(x, images);
    let plain = images.iter().filter(|&&z| z == x).count() as u64;
    let mut extended = plain;
    if let Some(y) = action.inverse(x) {
        action.images(y, images);
        extended += images.iter().filter(|&&z| z == x).count() as u64;
    }
    (plain, extended)
}

/// One class: its representative (smallest member), its size and its
/// members' distance.
#[derive(Debug, Clone, Copy, PartialEq, Eq, serde::Serialize)]
pub struct Class {
    /// The smallest member.
    pub representative: u64,
    /// How many members.
    pub size: u64,
    /// The members' distance.
    pub distance: u8,
}

/// The classes of every reached position: how many at each distance, and
/// (when each position's class is kept) the list and each position's class.
#[derive(Debug, Clone)]
pub struct Classes {
    classes: Vec<Class>,
    class_of: Option<Vec<u32>>,
    /// Classes at each distance.
    counts: Vec<u64>,
}

/// Classes at each distance, from their list.
fn counts_of(classes: &[Class]) -> Vec<u64> {
    let mut out = Vec::new();
    for c in classes {
        let d = usize::from(c.distance);
        if out.len() <= d {
            out.resize(d + 1, 0);
        }
        out[d] += 1;
    }
    out
}

/// Marks a position with no class (not reached).
pub const NO_CLASS: u32 = u32::MAX;

impl Classes {
    /// The number of classes.
    pub fn count(&self) -> usize {
        self.counts.iter().sum::<u64>() as usize
    }

    /// The classes in order of their numbers (empty when they were only
    /// counted: each position's class not kept).
    pub fn list(&self) -> &[Class] {
        &self.classes
    }

    /// The number of the class of position `x`, when each position's class
    /// was kept and `x` was reached.
    pub fn class_of(&self, x: u64) -> Option<usize> {
        let c = *self.class_of.as_ref()?.get(x as usize)?;
        (c != NO_CLASS).then_some(c as usize)
    }

    /// The number of the class whose representative (smallest member) is
    /// `least` and whose size is `size`, found in the list: for classes
    /// given by [`adopt`], where each position's class is not kept. `None`
    /// when the list has no such class.
    pub fn class_by_least(&self, least: u64, size: u64) -> Option<usize> {
        let id = self
            .classes
            .binary_search_by_key(&least, |c| c.representative)
            .ok()?;
        (self.classes[id].size == size).then_some(id)
    }

    /// The members of class `id`, ascending (when each position's class was
    /// kept).
    pub fn members(&self, id: usize) -> Vec<u64> {
        match &self.class_of {
            Some(v) => v
                .iter()
                .enumerate()
                .filter(|&(_, &c)| c as usize == id)
                .map(|(x, _)| x as u64)
                .collect(),
            None => Vec::new(),
        }
    }

    /// How many classes there are at each distance `0 … max`.
    pub fn by_distance(&self, max: u8) -> Vec<u64> {
        let mut out = self.counts.clone();
        out.resize(usize::from(max) + 1, 0);
        out
    }
}

/// Fewer positions than this are walked by [`orbits_kept`], and numbered
/// by `class_numbers`, on the calling thread: a small space costs less
/// there than waking the others.
const SMALL_WALK: u64 = 1 << 17;

/// The classes of the positions that `distance` says are reached, walking
/// each orbit once (with `inverses`, the orbit under the symmetries and
/// inversion), on every core. With `keep`, the classes are listed and each
/// position's class recorded (four bytes a position); without, they are
/// only counted, by distance (an eighth of a byte a position).
///
/// Cost: the images of each class's first member found, so about `len ×
/// (1 + inverses)` images in all, not `len × symmetries`.
///
/// Cores scan stretches of the positions. An orbit is claimed by setting
/// its smallest member's bit in a shared bitmap; the core that sets it
/// counts the class and marks the other members, and one that finds it set
/// leaves the orbit, so every class is counted once, at its smallest
/// member, its representative.
pub fn orbits_kept(
    action: &dyn Action,
    distance: &(dyn Fn(u64) -> Option<u8> + Sync),
    inverses: bool,
    keep: bool,
) -> Classes {
    use std::sync::atomic::{AtomicU32, AtomicU64, Ordering::Relaxed};
    let n = action.len();
    let seen: Vec<AtomicU64> = (0..n.div_ceil(64)).map(|_| AtomicU64::new(0)).collect();
    let rep_of: Option<Vec<AtomicU32>> =
        keep.then(|| (0..n).map(|_| AtomicU32::new(NO_CLASS)).collect());
    const STRETCH: u64 = 1 << 14;
    // Stretch `k`: each orbit first claimed here, with its members (the
    // smallest first) and its distance.
    let claim_stretch = |k: u64, claimed: &mut dyn FnMut(&[u64], u8)| {
        let mut orbit: Vec<u64> = Vec::new();
        let mut images: Vec<u64> = Vec::new();
        for x in k * STRETCH..((k + 1) * STRETCH).min(n) {
            if seen[(x / 64) as usize].load(Relaxed) & (1 << (x % 64)) != 0 {
                continue;
            }
            let Some(d) = distance(x) else { continue };
            if claim_orbit(action, x, inverses, &seen, &mut orbit, &mut images) {
                claimed(&orbit, d);
            }
        }
    };
    if !keep {
        // Counted by distance on each core, then added up.
        let counts = (0..n.div_ceil(STRETCH))
            .into_par_iter()
            .map(|k| {
                let mut counts = vec![0u64; 256];
                claim_stretch(k, &mut |_, d| counts[usize::from(d)] += 1);
                counts
            })
            .reduce(|| vec![0u64; 256], added);
        let last = counts.iter().rposition(|&c| c > 0).map_or(0, |d| d + 1);
        return Classes {
            classes: Vec::new(),
            class_of: None,
            counts: counts[..last].to_vec(),
        };
    }
    let chunk = |k: u64| {
        let mut found = Vec::new();
        claim_stretch(k, &mut |orbit, d| {
            let rep = orbit[0];
            if let Some(r) = &rep_of {
                for &z in orbit {
                    r[z as usize].store(rep as u32, Relaxed);
                }
            }
            found.push(Class {
                representative: rep,
                size: orbit.len() as u64,
                distance: d,
            });
        });
        found
    };
    // A small space costs less on this thread than waking the others.
    let mut classes: Vec<Class> = if n < SMALL_WALK {
        (0..n.div_ceil(STRETCH)).flat_map(chunk).collect()
    } else {
        (0..n.div_ceil(STRETCH))
            .into_par_iter()
            .flat_map_iter(chunk)
            .collect()
    };
    classes.sort_unstable_by_key(|c| c.representative);
    let class_of = rep_of.map(|r| class_numbers(&classes, r, n));
    let counts = counts_of(&classes);
    Classes {
        classes,
        class_of,
        counts,
    }
}

/// Each position's class number, from the representative of its class
/// recorded in `rep_of` (or [`NO_CLASS`]): the rank of that representative
/// among the representatives of `classes` (sorted), `n` positions.
fn class_numbers(classes: &[Class], rep_of: Vec<std::sync::atomic::AtomicU32>, n: u64) -> Vec<u32> {
    let mut is_rep = vec![0u64; n.div_ceil(64) as usize];
    for c in classes {
        is_rep[(c.representative / 64) as usize] |= 1 << (c.representative % 64);
    }
    let mut before = Vec::with_capacity(is_rep.len());
    let mut total = 0u32;
    for w in &is_rep {
        before.push(total);
        total += w.count_ones();
    }
    let number = |a: std::sync::atomic::AtomicU32| {
        let rep = a.into_inner();
        if rep == NO_CLASS {
            return NO_CLASS;
        }
        let (w, b) = ((rep / 64) as usize, rep % 64);
        before[w] + (is_rep[w] & ((1u64 << b) - 1)).count_ones()
    };
    if n < SMALL_WALK {
        rep_of.into_iter().map(number).collect()
    } else {
        rep_of.into_par_iter().map(number).collect()
    }
}

/// Two tallies by distance, added place by place.
fn added(mut a: Vec<u64>, b: Vec<u64>) -> Vec<u64> {
    for (x, y) in a.iter_mut().zip(b) {
        *x += y;
    }
    a
}

/// Finds the orbit of `x` (its images, with `inverses` those of its
/// inverse too) into `orbit`, ascending, and claims it by its smallest
/// member's bit in `seen`, marking the rest: false when another core
/// claimed it first.
fn claim_orbit(
    action: &dyn Action,
    x: u64,
    inverses: bool,
    seen: &[std::sync::atomic::AtomicU64],
    orbit: &mut Vec<u64>,
    images: &mut Vec<u64>,
) -> bool {
    use std::sync::atomic::Ordering::Relaxed;
    orbit_of(action, x, inverses, orbit, images);
    let rep = orbit[0];
    let bit = 1u64 << (rep % 64);
    if seen[(rep / 64) as usize].fetch_or(bit, Relaxed) & bit != 0 {
        return false;
    }
    for &z in &orbit[1..] {
        seen[(z / 64) as usize].fetch_or(1 << (z % 64), Relaxed);
    }
    true
}

impl Classes {
    /// The extended classes from these classes (with each position's class
    /// kept): each class joined with the class of its members' inverses.
    /// Inversion commutes with the symmetries (`(φ⁻¹Xφ)⁻¹ = φ⁻¹X⁻¹φ`), so
    /// the inverses of one class fill one class, found from the
    /// representative alone: one inverse a class, no further images.
    /// `None` when each position's class was not kept or positions have no
    /// inverses.
    pub fn with_inverses(&self, action: &dyn Action) -> Option<Classes> {
        let class_of = self.class_of.as_ref()?;
        let mut merged = vec![NO_CLASS; self.classes.len()];
        let mut classes = Vec::new();
        for (c, class) in self.classes.iter().enumerate() {
            if merged[c] != NO_CLASS {
                continue;
            }
            let partner = class_of[action.inverse(class.representative)? as usize] as usize;
            let id = classes.len() as u32;
            merged[c] = id;
            merged[partner] = id;
            let size = if partner == c {
                class.size
            } else {
                class.size + self.classes[partner].size
            };
            classes.push(Class {
                representative: class.representative,
                size,
                distance: class.distance,
            });
        }
        let class_of = class_of
            .iter()
            .map(|&c| {
                if c == NO_CLASS {
                    NO_CLASS
                } else {
                    merged[c as usize]
                }
            })
            .collect();
        let counts = counts_of(&classes);
        Some(Classes {
            classes,
            class_of: Some(class_of),
            counts,
        })
    }
}

/// Why a list of representatives is not the list of classes.
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
pub enum AdoptError {
    /// Not strictly ascending, or beyond the positions.
    #[error("representative {0} is out of order or beyond the positions")]
    Order(u64),
    /// Not reached, or not the smallest member of its class.
    #[error("representative {0} is not the smallest reached member of its class")]
    NotLeast(u64),
    /// Extended classes given where positions have no inverses (`false`),
    /// or not given where they have (`true`).
    #[error("extended classes are {} here, since positions {} inverses", if *.0 { "needed" } else { "not wanted" }, if *.0 { "have" } else { "have no" })]
    Extended(bool),
    /// The classes listed do not hold every reached position.
    #[error("the classes listed hold {listed} positions, but {reached} are reached")]
    Incomplete {
        /// Positions in the classes listed.
        listed: u64,
        /// Positions reached.
        reached: u64,
    },
}

/// The classes from their representatives and sizes, found before (by
/// [`orbits_kept`] elsewhere) and given again, without walking any orbit:
/// the list is checked to be ascending, of reached positions, and to hold
/// every reached position once (the sizes add up). Each position's class is
/// not kept; a look-up finds the smallest member and size of the orbit
/// ([`orbit_summary`]) and must find them in the list
/// ([`Classes::class_by_least`]), so a class listed wrongly is caught when
/// it is asked for.
pub fn adopt(
    len: u64,
    distance: &(dyn Fn(u64) -> Option<u8> + Sync),
    listed: &[(u64, u64)],
    reached: u64,
) -> Result<Classes, AdoptError> {
    let mut classes = Vec::with_capacity(listed.len());
    let mut total = 0u64;
    let mut last = None;
    for &(rep, size) in listed {
        if rep >= len || last.is_some_and(|l| rep <= l) {
            return Err(AdoptError::Order(rep));
        }
        last = Some(rep);
        let d = distance(rep).ok_or(AdoptError::NotLeast(rep))?;
        total = total.saturating_add(size);
        classes.push(Class {
            representative: rep,
            size,
            distance: d,
        });
    }
    if total != reached || classes.iter().any(|c| c.size == 0) {
        return Err(AdoptError::Incomplete {
            listed: total,
            reached,
        });
    }
    let counts = counts_of(&classes);
    Ok(Classes {
        classes,
        class_of: None,
        counts,
    })
}

/// The smallest member of the class of `x` (with `inverses`, of its
/// extended class), its representative, and the class's size.
pub fn orbit_summary(action: &dyn Action, x: u64, inverses: bool) -> (u64, u64) {
    let (mut orbit, mut images) = (Vec::new(), Vec::new());
    orbit_of(action, x, inverses, &mut orbit, &mut images);
    (orbit[0], orbit.len() as u64)
}

/// The orbit of `x` (with `inverses`, with its inverse's), ascending.
fn orbit_of(
    action: &dyn Action,
    x: u64,
    inverses: bool,
    orbit: &mut Vec<u64>,
    images: &mut Vec<u64>,
) {
    orbit.clear();
    let starts: [Option<u64>; 2] = [Some(x), if inverses { action.inverse(x) } else { None }];
    for y in starts.into_iter().flatten() {
        action.images(y, images);
        orbit.extend_from_slice(images);
    }
    orbit.sort_unstable();
    orbit.dedup();
}

/// [`orbits_kept`] without each position's class.
pub fn orbits(
    action: &dyn Action,
    distance: &(dyn Fn(u64) -> Option<u8> + Sync),
    inverses: bool,
) -> Classes {
    orbits_kept(action, distance, inverses, false)
}

/// Classes and extended classes counted by distance, and both Burnside
/// counts, in one pass that looks at each position on its own: a position
/// is a class's representative when none of its images is smaller (and an
/// extended class's when none of its inverse's images is smaller either).
/// Every position costs all its images, so this suits groups of few
/// symmetries (a board's), where walking orbits (`orbits_kept`) would
/// cost as much per orbit and need a bitmap besides. Positions must have
/// inverses.
pub fn count_by_least(action: &dyn Action, distance: &(dyn Fn(u64) -> u8 + Sync)) -> Counted {
    let k = action.symmetries() as u64;
    let add = |a: &mut Vec<u64>, d: u8| {
        let d = usize::from(d);
        if a.len() <= d {
            a.resize(d + 1, 0);
        }
        a[d] += 1;
    };
    let (classes, extended, fixed, fixed_ext) = (0..action.len())
        .into_par_iter()
        .fold(
            || (Vec::new(), Vec::new(), 0u64, 0u64, Vec::new(), Vec::new()),
            |(mut cl, mut ex, mut f, mut fe, mut images, mut inverse_images), x| {
                action.images(x, &mut images);
                let y = action
                    .inverse(x)
                    .expect("positions counted by least have inverses");
                action.images(y, &mut inverse_images);
                let least = images.iter().all(|&z| z >= x);
                let least_ext = least && inverse_images.iter().all(|&z| z >= x);
                let plain = images.iter().filter(|&&z| z == x).count() as u64;
                f += plain;
                fe += plain + inverse_images.iter().filter(|&&z| z == x).count() as u64;
                let d = distance(x);
                if least {
                    add(&mut cl, d);
                }
                if least_ext {
                    add(&mut ex, d);
                }
                (cl, ex, f, fe, images, inverse_images)
            },
        )
        .map(|(cl, ex, f, fe, _, _)| (cl, ex, f, fe))
        .reduce(
            || (Vec::new(), Vec::new(), 0, 0),
            |(mut a, mut b, f, fe), (c, d, g, ge)| {
                for (v, w) in [(&mut a, c), (&mut b, d)] {
                    if v.len() < w.len() {
                        v.resize(w.len(), 0);
                    }
                    for (p, q) in v.iter_mut().zip(w) {
                        *p += q;
                    }
                }
                (a, b, f + g, fe + ge)
            },
        );
    Counted {
        classes,
        extended,
        burnside: BurnsideCount {
            classes: fixed / k,
            extended: Some(fixed_ext / (2 * k)),
        },
    }
}

/// What [`count_by_least`] counts.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Counted {
    /// Classes at each distance.
    pub classes: Vec<u64>,
    /// Extended classes at each distance.
    pub extended: Vec<u64>,
    /// Both counts by Burnside's lemma.
    pub burnside: BurnsideCount,
}

/// Burnside's counts: the classes, and the extended classes when positions
/// have inverses.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct BurnsideCount {
    /// The classes.
    pub classes: u64,
    /// The extended classes (a position ~ its inverse too), when positions
    /// have inverses.
    pub extended: Option<u64>,
}

/// The classes of the positions `reached` says are reached, counted by
/// Burnside's lemma: the number of (symmetry, position) pairs where the
/// symmetry fixes the position, over the order of the group. For the
/// extended classes the group is doubled by inversion: `X` is fixed by
/// `(φ, inverse)` when `φ⁻¹X⁻¹φ = X`. One pass over the positions, on
/// every core, gives both.
pub fn burnside(action: &dyn Action, reached: &(dyn Fn(u64) -> bool + Sync)) -> BurnsideCount {
    let k = action.symmetries() as u64;
    let inverses = !action.is_empty() && action.inverse(0).is_some();
    let (fixed, fixed_ext) = (0..action.len())
        .into_par_iter()
        .filter(|&x| reached(x))
        .fold(
            || (0u64, 0u64, Vec::new()),
            |(f, fe, mut images), x| {
                let (plain, extended) = action.fixed(x, &mut images);
                (f + plain, fe + extended, images)
            },
        )
        .map(|(f, fe, _)| (f, fe))
        .reduce(|| (0, 0), |a, b| (a.0 + b.0, a.1 + b.1));
    BurnsideCount {
        classes: fixed / k,
        extended: inverses.then_some(fixed_ext / (2 * k)),
    }
}
