//! An upper bound on the order of a puzzle's group, from the shape of its
//! moves alone: the *wreath bound*.
//!
//! A puzzle's points come in blocks, one block for each slot, holding the
//! slot's orientations (`offset + slot·m + f`, as
//! [`crate::puzzle::transformation::points`] numbers them). A move that
//! carries slot `j` to slot `i` with a gain `c` sends orientation `f` to
//! `f + c` mod `m`: every such move lies in the wreath product `C_m ≀ S_k`
//! of each orbit of `k` slots the moves make. Two maps from that wreath
//! product to an abelian group are homomorphisms: the sign of the slots'
//! permutation, and the sum of the gains mod `m`. So the group `G` the
//! moves generate lies in the preimage of the subgroup `H` that the moves'
//! signs and sums generate, and
//!
//! ```text
//! |G| ≤ Π (m^k · k!) · |H| / |A|,
//! ```
//!
//! where `A` is the group of every sign and sum. This is the bound a cuber
//! writes down by hand for the 3×3×3 (`8!·3⁸·12!·2¹²` shared by three
//! invariants). Schreier–Sims's randomised phase builds a chain whose order
//! is a *lower* bound (every element it represents is in `G`); when the two
//! bounds meet, the order is proved and the deterministic check has nothing
//! left to do. That is what makes the big cubes' groups quick: the check
//! sifts every Schreier generator through every level.
//!
//! `|H|` is found by linear algebra over `GF(p)` for each prime `p` of the
//! moduli; a modulus divisible by `p²` (an orientation mod 4, say) gives
//! no bound, and neither does a move that reverses orientations (a
//! mirror): then only the check proves the order.
//!
//! ```
//! use schofield::group::bound::{wreath_bound, Blocks};
//! // Two slots with two orientations each; one move swaps them and flips
//! // the first. The sum of gains is 1 whenever the sign is odd.
//! let swap_flip = vec![3, 2, 0, 1];
//! let bound = wreath_bound(4, &[swap_flip], &[Blocks { offset: 0, slots: 2, modulus: 2 }]);
//! // (2²·2!) · |H| / |A| = 8 · 2 / 4.
//! assert_eq!(bound.unwrap().to_string(), "4");
//! ```

use num_bigint::BigUint;

use super::Perm;

/// One orbit of a puzzle's slots as blocks of points: slot `j`'s
/// orientation `f` is point `offset + j·modulus + f`.
///
/// ```
/// use schofield::group::bound::Blocks;
/// let corners = Blocks { offset: 0, slots: 8, modulus: 3 };
/// assert_eq!(corners.offset + corners.slots * corners.modulus, 24);
/// ```
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Blocks {
    /// The first point.
    pub offset: usize,
    /// The slots.
    pub slots: usize,
    /// The orientations of a slot.
    pub modulus: usize,
}

/// The wreath bound on the order of the group `gens` generate on `n`
/// points laid out as `layout` (see the module's text), or `None` when a
/// generator does not keep the blocks with their orientations turning
/// cyclically, or a modulus has a square factor.
pub fn wreath_bound(n: usize, gens: &[Perm], layout: &[Blocks]) -> Option<BigUint> {
    let shape = Shape::new(n, gens, layout)?;
    let mut order = BigUint::from(1u32);
    for o in &shape.orbits {
        order *= BigUint::from(o.modulus).pow(o.points.len() as u32 / o.modulus as u32)
            * factorial(o.points.len() / o.modulus);
    }
    let all: Vec<usize> = (0..shape.moduli.len()).collect();
    Some(order * shape.image(&all)? / shape.whole(&all))
}

/// A tighter bound, where a few orbits of slots move as a small group
/// (the 6 face centres of an odd cube turn as the 24 rotations, not as
/// the 720 arrangements of 6): the group lies in the product of its
/// projections on the orbits of slots, and within that in the preimage of
/// the signs and sums the moves generate, so
///
/// ```text
/// |G| ≤ Π |Gᵢ| · |H| / Π |Hᵢ|,
/// ```
///
/// where `Gᵢ` is the group on orbit `i`'s points alone (found by
/// Schreier–Sims within `budget`) and `Hᵢ` its signs and sums. `None` where
/// [`wreath_bound`] is, for a single orbit of slots (the projection is the
/// group), or when a projection needs more memory than `budget`.
///
/// ```
/// use schofield::group::bound::{projection_bound, Blocks};
/// // Two orbits of three slots; each move turns both the same way, so
/// // the group is C3 though each orbit alone could have been S3.
/// let turn = vec![1, 2, 0, 4, 5, 3];
/// let layout = [Blocks { offset: 0, slots: 3, modulus: 1 }, Blocks { offset: 3, slots: 3, modulus: 1 }];
/// assert_eq!(projection_bound(6, &[turn], &layout, None).unwrap().to_string(), "9");
/// ```
pub fn projection_bound(
    n: usize,
    gens: &[Perm],
    layout: &[Blocks],
    budget: Option<u64>,
) -> Option<BigUint> {
    let shape = Shape::new(n, gens, layout)?;
    if shape.orbits.len() < 2 {
        return None;
    }
    let mut order = BigUint::from(1u32);
    let mut den = BigUint::from(1u32);
    for o in &shape.orbits {
        let mut place = vec![u32::MAX; n];
        for (k, &x) in o.points.iter().enumerate() {
            place[x] = k as u32;
        }
        let local: Vec<Perm> = gens
            .iter()
            .map(|g| o.points.iter().map(|&x| place[g[x] as usize]).collect())
            .collect();
        order *= super::PermGroup::within_memory(o.points.len(), &local, budget)
            .ok()?
            .order();
        den *= shape.image(&o.components)?;
    }
    let all: Vec<usize> = (0..shape.moduli.len()).collect();
    Some(order * shape.image(&all)? / den)
}

/// What both bounds read from the moves: the orbits of slots, and the
/// abelian group of signs and sums with each generator's image in it.
struct Shape {
    orbits: Vec<SlotOrbit>,
    /// One component of the abelian group a modulus: 2 for a sign, `m`
    /// for a sum of orientations mod `m`.
    moduli: Vec<usize>,
    /// Each generator's image, a residue for each component.
    images: Vec<Vec<usize>>,
}

/// An orbit of slots under the moves.
struct SlotOrbit {
    modulus: usize,
    /// Its points, every orientation of every slot.
    points: Vec<usize>,
    /// Its components of the abelian group.
    components: Vec<usize>,
}

impl Shape {
    fn new(n: usize, gens: &[Perm], layout: &[Blocks]) -> Option<Shape> {
        let mut next = 0;
        for b in layout {
            if b.offset != next || b.modulus == 0 {
                return None;
            }
            next = b.offset.checked_add(b.slots.checked_mul(b.modulus)?)?;
        }
        if next != n || gens.iter().any(|g| g.len() != n) {
            return None;
        }
        let mut shape = Shape {
            orbits: Vec::new(),
            moduli: Vec::new(),
            images: vec![Vec::new(); gens.len()],
        };
        for b in layout {
            let moves = gens
                .iter()
                .map(|g| slot_move(g, b))
                .collect::<Option<Vec<_>>>()?;
            let sigmas: Vec<Vec<usize>> = moves.iter().map(|(sigma, _)| sigma.clone()).collect();
            for orbit in orbits_under(b.slots, &sigmas) {
                let mut components = Vec::new();
                if orbit.len() >= 2 {
                    components.push(shape.moduli.len());
                    shape.moduli.push(2);
                    for (image, (sigma, _)) in shape.images.iter_mut().zip(&moves) {
                        image.push(odd_on(sigma, &orbit));
                    }
                }
                if b.modulus >= 2 {
                    components.push(shape.moduli.len());
                    shape.moduli.push(b.modulus);
                    for (image, (_, gain)) in shape.images.iter_mut().zip(&moves) {
                        image.push(orbit.iter().map(|&j| gain[j]).sum::<usize>() % b.modulus);
                    }
                }
                let points = orbit
                    .iter()
                    .flat_map(|&j| (0..b.modulus).map(move |f| b.offset + j * b.modulus + f))
                    .collect();
                shape.orbits.push(SlotOrbit {
                    modulus: b.modulus,
                    points,
                    components,
                });
            }
        }
        Some(shape)
    }

    /// The order of the subgroup the generators' images generate in the
    /// components `columns`, prime by prime (`p^rank` over `GF(p)`), or
    /// `None` when a modulus has a square factor.
    fn image(&self, columns: &[usize]) -> Option<BigUint> {
        let mut primes: Vec<usize> = columns
            .iter()
            .flat_map(|&c| prime_factors(self.moduli[c]))
            .collect();
        primes.sort_unstable();
        primes.dedup();
        let mut size = BigUint::from(1u32);
        for p in primes {
            if columns
                .iter()
                .any(|&c| self.moduli[c].is_multiple_of(p * p))
            {
                return None;
            }
            let mine: Vec<usize> = columns
                .iter()
                .copied()
                .filter(|&c| self.moduli[c].is_multiple_of(p))
                .collect();
            let rows: Vec<Vec<usize>> = self
                .images
                .iter()
                .map(|image| mine.iter().map(|&c| image[c] % p).collect())
                .collect();
            size *= BigUint::from(p).pow(rank_mod(rows, p) as u32);
        }
        Some(size)
    }

    /// The order of the whole abelian group in the components `columns`.
    fn whole(&self, columns: &[usize]) -> BigUint {
        columns.iter().fold(BigUint::from(1u32), |acc, &c| {
            acc * BigUint::from(self.moduli[c])
        })
    }
}

/// A generator's action on the slots of `b`: where each slot goes and the
/// gain it takes, or `None` when it leaves the blocks or does not turn the
/// orientations cyclically.
fn slot_move(g: &[u32], b: &Blocks) -> Option<(Vec<usize>, Vec<usize>)> {
    let m = b.modulus;
    let mut sigma = Vec::with_capacity(b.slots);
    let mut gain = Vec::with_capacity(b.slots);
    for j in 0..b.slots {
        let first = (g[b.offset + j * m] as usize).checked_sub(b.offset)?;
        let (i, c) = (first / m, first % m);
        if i >= b.slots {
            return None;
        }
        for f in 0..m {
            if g[b.offset + j * m + f] as usize != b.offset + i * m + (f + c) % m {
                return None;
            }
        }
        sigma.push(i);
        gain.push(c);
    }
    Some((sigma, gain))
}

/// The orbits of `0..n` under the permutations `perms` (each a list of
/// images, or of sources: the orbits are the same), each in the order
/// first reached.
///
/// ```
/// use schofield::group::bound::orbits_under;
/// let swap = vec![1, 0, 2, 3];
/// let cycle = vec![0, 1, 3, 2];
/// assert_eq!(orbits_under(4, &[swap, cycle]), vec![vec![0, 1], vec![2, 3]]);
/// ```
pub fn orbits_under(n: usize, perms: &[Vec<usize>]) -> Vec<Vec<usize>> {
    let mut seen = vec![false; n];
    let mut out = Vec::new();
    for start in 0..n {
        if seen[start] {
            continue;
        }
        seen[start] = true;
        let mut orbit = vec![start];
        let mut i = 0;
        while i < orbit.len() {
            for p in perms {
                let y = p[orbit[i]];
                if !seen[y] {
                    seen[y] = true;
                    orbit.push(y);
                }
            }
            i += 1;
        }
        out.push(orbit);
    }
    out
}

/// 1 when `sigma` (which maps `orbit` onto itself) is odd on it, else 0.
fn odd_on(sigma: &[usize], orbit: &[usize]) -> usize {
    let mut seen = vec![false; sigma.len()];
    let mut odd = 0;
    for &start in orbit {
        if seen[start] {
            continue;
        }
        let mut x = start;
        let mut length = 0;
        while !seen[x] {
            seen[x] = true;
            x = sigma[x];
            length += 1;
        }
        odd ^= (length + 1) % 2;
    }
    odd
}

fn factorial(k: usize) -> BigUint {
    (2..=k).fold(BigUint::from(1u32), |acc, i| acc * BigUint::from(i))
}

fn prime_factors(mut m: usize) -> Vec<usize> {
    let mut out = Vec::new();
    let mut p = 2;
    while p * p <= m {
        if m.is_multiple_of(p) {
            out.push(p);
            while m.is_multiple_of(p) {
                m /= p;
            }
        }
        p += 1;
    }
    if m > 1 {
        out.push(m);
    }
    out
}

/// The rank of `rows` (entries in `0..p`) over `GF(p)`.
fn rank_mod(mut rows: Vec<Vec<usize>>, p: usize) -> usize {
    let width = rows.first().map_or(0, Vec::len);
    let mut rank = 0;
    for c in 0..width {
        let Some(pivot) = (rank..rows.len()).find(|&r| rows[r][c] != 0) else {
            continue;
        };
        rows.swap(rank, pivot);
        let inverse = (1..p).find(|&x| x * rows[rank][c] % p == 1).unwrap_or(1);
        let top: Vec<usize> = rows[rank].iter().map(|&x| x * inverse % p).collect();
        for row in rows.iter_mut().skip(rank + 1) {
            let f = row[c];
            if f != 0 {
                for (x, &t) in row.iter_mut().zip(&top) {
                    *x = (*x + (p - f) * t) % p;
                }
            }
        }
        rows[rank] = top;
        rank += 1;
    }
    rank
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_mirror_or_a_square_modulus_gives_no_bound() {
        // Orientations reversed, not turned.
        let mirror = vec![0, 2, 1];
        assert!(
            wreath_bound(
                3,
                &[mirror],
                &[Blocks {
                    offset: 0,
                    slots: 1,
                    modulus: 3
                }]
            )
            .is_none()
        );
        let quarter = vec![1, 2, 3, 0];
        assert!(
            wreath_bound(
                4,
                &[quarter],
                &[Blocks {
                    offset: 0,
                    slots: 1,
                    modulus: 4
                }]
            )
            .is_none()
        );
    }
}
