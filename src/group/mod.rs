//! Permutation groups as GAP users know them: a group given by generators,
//! its exact order by the Schreier–Sims algorithm (in big integers),
//! membership by sifting, and orbits. The puzzles' moves become
//! permutations of *points*, one point for each slot and orientation
//! ([`crate::puzzle::transformation::points`]), so orientation is part of
//! the group.
//!
//! The algorithm is Schreier–Sims as set out in Holt, Eick and O'Brien,
//! *Handbook of Computational Group Theory* (2005), §4.4–4.5: a base
//! `β₁, β₂, …` and for each `i` the orbit of `βᵢ` under the stabiliser of
//! `β₁ … βᵢ₋₁`, with a transversal. A randomised phase first builds the
//! chain from random elements (product replacement, §3.2.2), sifting each
//! and keeping what does not sift to the identity, until thirty in a row
//! do; then a deterministic check (Sims's original test, §4.4.2) sifts every
//! Schreier generator of every level and adds what fails. Only the check
//! makes the order exact, and it is cheap once the random phase has found a
//! small strong generating set: the symmetric group on 200 points takes
//! seconds, where the deterministic algorithm alone took a minute. The
//! order is the product of the orbit lengths. That product is always a
//! lower bound, so when it meets an upper bound known another way (a
//! puzzle's [`bound`]), the order is proved and the check is skipped: the
//! 20×20×20's group in seconds, where the check took more than five
//! minutes.
//!
//! Memory is counted before it is taken (transversals, strong generators,
//! the levels' indices): [`PermGroup::within_memory`] stops with
//! [`GroupTooLarge`] rather than exhaust the machine.

//! ```
//! use schofield::group::PermGroup;
//! // S4 from a 4-cycle and a transposition.
//! let g = PermGroup::new(4, &[vec![1, 2, 3, 0], vec![1, 0, 2, 3]]);
//! assert_eq!(g.order().to_string(), "24");
//! assert!(g.contains(&[0, 1, 3, 2]));
//! // A4 from two 3-cycles does not hold a transposition.
//! let a4 = PermGroup::new(4, &[vec![1, 2, 0, 3], vec![0, 2, 3, 1]]);
//! assert_eq!(a4.order().to_string(), "12");
//! assert!(!a4.contains(&[1, 0, 2, 3]));
//! ```

pub mod bound;
pub mod classes;
pub mod numbering;
mod random;

use num_bigint::BigUint;

/// A permutation of points `0..n`: `p[x]` is the image of `x`. Products
/// read left to right, as everywhere ([`crate::perm::compose`]): `mul(a,
/// b)` is first `a`, then `b`.
pub type Perm = Vec<u32>;

use crate::perm::{compose as mul, inverse as inv};
use random::Random;

/// `g` becomes `g·b` (first `g`, then `b`), in place.
fn mul_into(g: &mut [u32], b: &[u32]) {
    for x in g.iter_mut() {
        *x = b[*x as usize];
    }
}

fn is_id(a: &[u32]) -> bool {
    a.iter().enumerate().all(|(i, &x)| x as usize == i)
}

/// No place: a point outside a level's orbit.
const NONE: u32 = u32::MAX;

/// One level of the stabiliser chain.
#[derive(Debug, Clone)]
struct Level {
    /// The base point.
    beta: u32,
    /// This level's strong generators (they fix every earlier base point),
    /// as indices into the group's list of strong generators.
    gens: Vec<usize>,
    /// The orbit of `beta`, in the order found.
    orbit: Vec<u32>,
    /// `place[x]`: where `x` stands in `orbit` (and `trans`, `back`), or
    /// [`NONE`].
    place: Vec<u32>,
    /// `trans[i]`: an element taking `beta` to `orbit[i]`.
    trans: Vec<Perm>,
    /// `back[i]`: the inverse of `trans[i]` (sifting multiplies by it).
    back: Vec<Perm>,
    /// For each orbit point (by its place), how many of `gens` its
    /// Schreier generators have been sifted for.
    done: Vec<usize>,
}

/// Schreier–Sims stopped because the stabiliser chain needs more memory
/// than it was allowed.
///
/// ```
/// use schofield::group::PermGroup;
/// // S40 on 40 points needs far more than 10 kB of transversals.
/// let cycle: Vec<u32> = (0..40).map(|i| (i + 1) % 40).collect();
/// let mut swap: Vec<u32> = (0..40).collect();
/// swap.swap(0, 1);
/// let e = PermGroup::within_memory(40, &[cycle, swap], Some(10_000)).unwrap_err();
/// assert_eq!(e.allowed, 10_000);
/// ```
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
#[error(
    "Schreier–Sims on {points} points (a point for each slot and orientation) needs {}", too_large(*.needed, *.allowed)
)]
pub struct GroupTooLarge {
    /// The points.
    pub points: usize,
    /// The bytes allowed.
    pub allowed: u64,
    /// The bytes it had asked for when it stopped: a lower bound of what
    /// it needs.
    pub needed: u64,
}

/// What a chain past its budget needs, in megabytes: at least the request
/// that passed it, when that says more than the budget itself.
fn too_large(needed: u64, allowed: u64) -> String {
    let (needed, allowed) = (needed.div_ceil(1 << 20), allowed.div_ceil(1 << 20));
    if needed > allowed {
        format!(
            "at least {needed} MB for its transversals, more than the {allowed} MB of memory allowed"
        )
    } else {
        format!("more than the {allowed} MB of memory allowed for its transversals")
    }
}

/// A permutation group on `0..n` with a base and strong generating set.
#[derive(Debug, Clone)]
pub struct PermGroup {
    n: usize,
    levels: Vec<Level>,
    generators: Vec<Perm>,
    /// The strong generators, each stored once; a level holds indices.
    strong: Vec<Perm>,
    /// Bytes of transversals, strong generators and indices taken so far,
    /// the most allowed, and whether a request passed it.
    bytes: u64,
    budget: Option<u64>,
    over: bool,
    /// The bytes asked for by the request that passed the budget.
    wanted: u64,
}

/// How many random elements in a row must sift to the identity before the
/// randomised phase hands over to the deterministic check.
const QUIET: usize = 30;

impl PermGroup {
    /// The group generated by `gens` (each a permutation of `0..n`), with
    /// no bound on memory. A chain that reaches `n!`, or `n!/2` when the
    /// generators are even (up to 256 points), is whole: `Sn` and `An`
    /// skip the deterministic check.
    pub fn new(n: usize, gens: &[Perm]) -> PermGroup {
        let even = |g: &Perm| crate::perm::is_even(&g.iter().map(|&x| x as u8).collect::<Vec<_>>());
        let factorial = (2..=n).fold(BigUint::from(1u32), |f, k| f * k);
        let halved = n <= 256 && gens.iter().all(even);
        let bound = if halved { factorial / 2u32 } else { factorial };
        PermGroup::build(n, gens, None, &|lower, _| *lower == bound)
    }

    /// The group `gens` generate on `n` points, using at most `budget`
    /// bytes for its stabiliser chain (a puzzle's moves as permutations
    /// of points: [`crate::puzzle::transformation::perm_group`]).
    ///
    /// ```
    /// use schofield::group::PermGroup;
    /// let g = PermGroup::within_memory(3, &[vec![1, 2, 0], vec![1, 0, 2]], Some(1 << 20)).unwrap();
    /// assert_eq!(g.order().to_string(), "6");
    /// ```
    pub fn within_memory(
        n: usize,
        gens: &[Perm],
        budget: Option<u64>,
    ) -> Result<PermGroup, GroupTooLarge> {
        PermGroup::within_memory_and_bound(n, gens, budget, |_, _| false)
    }

    /// As [`PermGroup::within_memory`], given a way to prove the order:
    /// `proved(lower, held)` says whether an upper bound known another way (a
    /// puzzle's [`bound`]) is `lower`. The chain built from random elements
    /// has an order that is a lower bound; when `proved` says it is also
    /// the upper one, the chain is complete and the deterministic check is
    /// skipped. Otherwise the check runs as always.
    ///
    /// ```
    /// use num_bigint::BigUint;
    /// use schofield::group::PermGroup;
    /// let s3 = [vec![1, 2, 0], vec![1, 0, 2]];
    /// let six = BigUint::from(6u32);
    /// let g = PermGroup::within_memory_and_bound(3, &s3, None, |lower, _| *lower == six).unwrap();
    /// assert_eq!(g.order(), six);
    /// ```
    pub fn within_memory_and_bound(
        n: usize,
        gens: &[Perm],
        budget: Option<u64>,
        proved: impl Fn(&BigUint, u64) -> bool,
    ) -> Result<PermGroup, GroupTooLarge> {
        let g = PermGroup::build(n, gens, budget, &proved);
        if g.over {
            return Err(GroupTooLarge {
                points: n,
                allowed: budget.unwrap_or(u64::MAX),
                needed: g.wanted,
            });
        }
        Ok(g)
    }

    fn build(
        n: usize,
        gens: &[Perm],
        budget: Option<u64>,
        proved: &dyn Fn(&BigUint, u64) -> bool,
    ) -> PermGroup {
        let mut g = PermGroup {
            n,
            levels: Vec::new(),
            generators: gens.to_vec(),
            strong: Vec::new(),
            bytes: 0,
            budget,
            over: false,
            wanted: 0,
        };
        let moving: Vec<Perm> = gens.iter().filter(|x| !is_id(x)).cloned().collect();
        if moving.is_empty() {
            return g;
        }
        // The first level's transversal alone, an element for each point of
        // the first base point's orbit, may be more than is allowed: say so
        // before building it.
        let beta = moving[0]
            .iter()
            .enumerate()
            .position(|(i, &x)| x as usize != i);
        if let Some(beta) = beta {
            let reach = orbit_of(beta, &moving).len() as u64;
            if !g.charge(reach.saturating_mul(g.perm_bytes() * 2)) {
                return g;
            }
            g.bytes = 0;
        }
        // The generators first, so that the first level's orbit is whole.
        for x in &moving {
            let mut h = x.clone();
            let j = g.sift(&mut h, 0);
            if !is_id(&h) {
                g.add_strong(h, 0, j);
                if g.over {
                    return g;
                }
            }
        }
        // The randomised phase.
        let mut random = Random::new(n, &moving);
        let mut quiet = 0;
        while quiet < QUIET && !g.over {
            let mut h = random.next();
            let j = g.sift(&mut h, 0);
            if is_id(&h) {
                quiet += 1;
            } else {
                quiet = 0;
                // `h` fixes the base points before level `j` (`j ≥ 1`, as
                // the first level's orbit is whole), so it belongs to every
                // level's stabiliser from the second to `j`, and each of
                // their orbits must be closed under it: kept at level `j`
                // alone, it left the orbits above too small and the order
                // wrong. The first level's generators, the moves, already
                // generate the group.
                g.add_strong(h, 1, j);
            }
        }
        // The chain's order is a lower bound: meeting the upper bound
        // proves it, and leaves the check nothing to find.
        if g.over || proved(&g.order(), g.bytes) {
            return g;
        }
        // The deterministic check, the deepest level first.
        for l in (0..g.levels.len()).rev() {
            g.close(l);
            if g.over {
                break;
            }
        }
        g
    }

    /// Takes `bytes` more, or notes that the budget is passed.
    fn charge(&mut self, bytes: u64) -> bool {
        let total = self.bytes.saturating_add(bytes);
        if self.budget.is_some_and(|b| total > b) {
            self.over = true;
            self.wanted = total;
            return false;
        }
        self.bytes = total;
        true
    }

    /// The bytes one permutation takes.
    fn perm_bytes(&self) -> u64 {
        self.n as u64 * 4
    }

    /// The number of points.
    pub fn degree(&self) -> usize {
        self.n
    }

    /// The generators it was given.
    pub fn generators(&self) -> &[Perm] {
        &self.generators
    }

    /// The bytes its stabiliser chain takes (transversals, strong
    /// generators and the levels' indices), as counted against the budget.
    pub fn memory(&self) -> u64 {
        self.bytes
    }

    /// Adds `h` (which fixes the base points before level `j`) to the
    /// strong generators of levels `from..=j`, creating level `j` if
    /// needed, and extends those levels' orbits.
    fn add_strong(&mut self, h: Perm, from: usize, j: usize) {
        if !self.charge(self.perm_bytes()) {
            return;
        }
        if j == self.levels.len() && !self.new_level(&h) {
            return;
        }
        let k = self.strong.len();
        self.strong.push(h);
        for l in from..=j {
            self.levels[l].gens.push(k);
            self.extend(l);
        }
    }

    /// A new level at the first point `h` moves.
    fn new_level(&mut self, h: &[u32]) -> bool {
        let beta = h
            .iter()
            .enumerate()
            .find(|&(i, &x)| x as usize != i)
            .map(|(i, _)| i as u32)
            .expect("a non-identity element moves a point");
        if !self.charge(self.perm_bytes() * 3) {
            return false;
        }
        let mut place = vec![NONE; self.n];
        place[beta as usize] = 0;
        let id: Perm = (0..self.n as u32).collect();
        self.levels.push(Level {
            beta,
            gens: Vec::new(),
            orbit: vec![beta],
            place,
            trans: vec![id.clone()],
            back: vec![id],
            done: vec![0],
        });
        true
    }

    /// Adds `y`, reached as `trans` from the base point, to level `l`'s
    /// orbit.
    fn grow(&mut self, l: usize, y: u32, trans: Perm) -> bool {
        if !self.charge(self.perm_bytes() * 2 + 16) {
            return false;
        }
        let lev = &mut self.levels[l];
        lev.place[y as usize] = lev.orbit.len() as u32;
        lev.orbit.push(y);
        lev.back.push(inv(&trans));
        lev.trans.push(trans);
        lev.done.push(0);
        true
    }

    /// Extends level `l`'s orbit, closed under its generators but the
    /// last, by that last one (no Schreier generator is sifted): the old
    /// points under the new generator, then the new points under all.
    fn extend(&mut self, l: usize) {
        let old = self.levels[l].orbit.len();
        let last = self.levels[l].gens.len() - 1;
        let mut p = 0;
        while p < self.levels[l].orbit.len() {
            let first = if p < old { last } else { 0 };
            for gi in first..self.levels[l].gens.len() {
                let lev = &self.levels[l];
                let s = &self.strong[lev.gens[gi]];
                let y = s[lev.orbit[p] as usize];
                if lev.place[y as usize] == NONE {
                    let t = mul(&lev.trans[p], s);
                    if !self.grow(l, y, t) {
                        return;
                    }
                }
            }
            p += 1;
        }
    }

    /// Extends level `l`'s orbit and sifts its Schreier generators until
    /// every one sifts to the identity, adding to the levels below what
    /// does not.
    fn close(&mut self, l: usize) {
        let mut p = 0;
        while p < self.levels[l].orbit.len() {
            loop {
                if self.over {
                    return;
                }
                let lev = &self.levels[l];
                let k = lev.done[p];
                if k >= lev.gens.len() {
                    break;
                }
                let s = &self.strong[lev.gens[k]];
                let y = s[lev.orbit[p] as usize];
                let uxs = mul(&lev.trans[p], s);
                self.levels[l].done[p] = k + 1;
                match self.levels[l].place[y as usize] {
                    NONE => {
                        if !self.grow(l, y, uxs) {
                            return;
                        }
                    }
                    q => {
                        let mut schreier = uxs;
                        mul_into(&mut schreier, &self.levels[l].back[q as usize]);
                        if !is_id(&schreier) {
                            let j = self.sift(&mut schreier, l + 1);
                            if !is_id(&schreier) {
                                self.add_strong(schreier, l + 1, j);
                                // The deepest level first: its group is
                                // complete before the levels above sift
                                // into it.
                                for m in (l + 1..=j.min(self.levels.len() - 1)).rev() {
                                    self.close(m);
                                }
                            }
                        }
                    }
                }
            }
            p += 1;
            // New generators may have come to this level from below.
            if p == self.levels[l].orbit.len() {
                let lev = &self.levels[l];
                if let Some(q) = (0..lev.orbit.len()).find(|&q| lev.done[q] < lev.gens.len()) {
                    p = q;
                }
            }
        }
    }

    /// Strips `g` through the levels from `from`, in place: the residue is
    /// left in `g`, and the level where it stopped returned (the number of
    /// levels when it passed them all).
    fn sift(&self, g: &mut [u32], from: usize) -> usize {
        for (k, lev) in self.levels.iter().enumerate().skip(from) {
            let x = g[lev.beta as usize];
            match lev.place[x as usize] {
                NONE => return k,
                // The base point's own element is the identity.
                0 => {}
                q => mul_into(g, &lev.back[q as usize]),
            }
        }
        self.levels.len()
    }

    /// An element drawn at random, every element equally likely: at each
    /// level a representative of one of its cosets, each as likely (an
    /// element is one product of them, `g = t₀ ∘ t₁ ∘ … ∘ tₖ`, the last
    /// applied first).
    ///
    /// ```
    /// use schofield::group::PermGroup;
    /// // The Klein four-group inside S4: each element about a quarter of
    /// // the time.
    /// let g = PermGroup::new(4, &[vec![1, 0, 3, 2], vec![2, 3, 0, 1]]);
    /// let mut rng = fastrand::Rng::with_seed(1);
    /// let mut seen = std::collections::HashMap::new();
    /// for _ in 0..4000 {
    ///     let x = g.random(&mut rng);
    ///     assert!(g.contains(&x));
    ///     *seen.entry(x).or_insert(0) += 1;
    /// }
    /// assert_eq!(seen.len(), 4);
    /// assert!(seen.values().all(|&n| (800..1200).contains(&n)), "{seen:?}");
    /// ```
    pub fn random(&self, rng: &mut fastrand::Rng) -> Perm {
        let mut g: Perm = (0..self.n as u32).collect();
        for lev in &self.levels {
            let t = &lev.trans[rng.usize(..lev.trans.len())];
            g = mul(t, &g);
        }
        g
    }

    /// The exact order: the product of the basic orbits' lengths.
    pub fn order(&self) -> BigUint {
        self.levels.iter().fold(BigUint::from(1u32), |acc, l| {
            acc * BigUint::from(l.orbit.len())
        })
    }

    /// True when `g` is an element.
    pub fn contains(&self, g: &[u32]) -> bool {
        if g.len() != self.n {
            return false;
        }
        let mut h = g.to_vec();
        self.sift(&mut h, 0);
        is_id(&h)
    }

    /// The base points.
    pub fn base(&self) -> Vec<u32> {
        self.levels.iter().map(|l| l.beta).collect()
    }

    /// The orbits of the points under the generators, each sorted, in order
    /// of their smallest point; fixed points are orbits of one.
    pub fn orbits(&self) -> Vec<Vec<u32>> {
        let mut seen = vec![false; self.n];
        let mut out = Vec::new();
        for start in 0..self.n {
            if seen[start] {
                continue;
            }
            let mut orbit = orbit_of(start, &self.generators);
            for &x in &orbit {
                seen[x as usize] = true;
            }
            orbit.sort_unstable();
            out.push(orbit);
        }
        out
    }
}

/// The orbit of point `start` under `gens`, in the order found.
fn orbit_of(start: usize, gens: &[Perm]) -> Vec<u32> {
    let n = gens.first().map_or(start + 1, Vec::len);
    let mut seen = vec![false; n];
    seen[start] = true;
    let mut orbit = vec![start as u32];
    let mut i = 0;
    while i < orbit.len() {
        let x = orbit[i] as usize;
        for g in gens {
            let y = g[x] as usize;
            if !seen[y] {
                seen[y] = true;
                orbit.push(y as u32);
            }
        }
        i += 1;
    }
    orbit
}

#[cfg(test)]
mod tests {
    use super::*;

    fn sym(n: usize) -> PermGroup {
        let cycle: Perm = (0..n as u32).map(|i| (i + 1) % n as u32).collect();
        let mut swap: Perm = (0..n as u32).collect();
        swap.swap(0, 1);
        PermGroup::new(n, &[cycle, swap])
    }

    #[test]
    fn symmetric_groups_have_factorial_order() {
        for n in 2..=10 {
            let f: u64 = (1..=n as u64).product();
            assert_eq!(sym(n).order(), BigUint::from(f), "S{n}");
        }
    }

    #[test]
    fn every_random_residue_joins_each_level_it_fixes() {
        // The 13×13×13's moves and rotations on one orbit of 24 centre
        // pieces: GAP's Size is 24!. A residue of the random phase that was
        // kept only at the level where it stopped left the levels above it
        // with orbits too small, and the order came out 566 496 366 799 914
        // 270 720 000, not a divisor of 24!.
        let gens: Vec<Perm> = vec![
            vec![
                0, 3, 6, 8, 9, 2, 13, 14, 17, 7, 20, 19, 21, 5, 4, 15, 22, 1, 18, 16, 12, 10, 11,
                23,
            ],
            vec![
                0, 1, 2, 3, 4, 5, 6, 7, 8, 9, 21, 11, 20, 13, 14, 15, 16, 17, 18, 19, 10, 12, 22,
                23,
            ],
            vec![
                0, 3, 2, 8, 4, 5, 6, 7, 17, 9, 10, 11, 12, 13, 14, 15, 16, 1, 18, 19, 20, 21, 22,
                23,
            ],
            vec![
                0, 1, 2, 3, 9, 5, 6, 14, 8, 7, 10, 11, 12, 13, 4, 15, 16, 17, 18, 19, 20, 21, 22,
                23,
            ],
            vec![
                0, 1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 12, 20, 14, 15, 17, 13, 18, 19, 16, 21, 22,
                23,
            ],
            vec![
                0, 1, 2, 3, 4, 9, 6, 7, 8, 19, 10, 11, 12, 13, 14, 15, 16, 17, 18, 23, 20, 21, 22,
                5,
            ],
            vec![
                0, 1, 2, 3, 4, 5, 14, 7, 8, 9, 10, 11, 12, 13, 22, 6, 16, 17, 18, 19, 20, 21, 15,
                23,
            ],
            vec![
                1, 4, 2, 3, 10, 9, 15, 8, 18, 19, 0, 11, 7, 20, 6, 22, 17, 13, 12, 23, 16, 21, 14,
                5,
            ],
            vec![
                0, 1, 2, 3, 4, 5, 10, 7, 6, 9, 19, 11, 12, 13, 14, 15, 16, 17, 18, 8, 20, 21, 22,
                23,
            ],
            vec![
                0, 1, 2, 3, 11, 5, 6, 7, 8, 9, 10, 18, 12, 4, 14, 15, 16, 17, 13, 19, 20, 21, 22,
                23,
            ],
            vec![
                2, 1, 7, 3, 4, 5, 6, 16, 8, 9, 10, 11, 12, 13, 14, 15, 0, 17, 18, 19, 20, 21, 22,
                23,
            ],
            vec![
                0, 5, 2, 3, 4, 12, 6, 7, 8, 9, 10, 11, 22, 13, 14, 15, 16, 17, 18, 19, 20, 21, 1,
                23,
            ],
        ];
        let factorial: BigUint = (1..=24u32).map(BigUint::from).product();
        assert_eq!(PermGroup::new(24, &gens).order(), factorial);
    }

    #[test]
    fn the_alternating_group_is_proved_by_its_bound_and_others_checked() {
        // A7 from a 3-cycle and a 5-cycle; the Klein four-group, even too.
        let a7 = [vec![1, 2, 0, 3, 4, 5, 6], vec![0, 1, 3, 4, 5, 6, 2]];
        assert_eq!(PermGroup::new(7, &a7).order(), BigUint::from(2520u32));
        let v = [vec![1, 0, 3, 2], vec![2, 3, 0, 1]];
        assert_eq!(PermGroup::new(4, &v).order(), BigUint::from(4u32));
    }

    #[test]
    fn membership_matches_brute_force_on_a_small_group() {
        // The dihedral group of the square on its 4 corners: order 8.
        let g = PermGroup::new(4, &[vec![1, 2, 3, 0], vec![3, 2, 1, 0]]);
        assert_eq!(g.order(), BigUint::from(8u32));
        let mut members = 0;
        let mut p: Vec<u32> = (0..4).collect();
        // All 24 permutations by Heap's algorithm.
        fn heap(k: usize, p: &mut Vec<u32>, f: &mut dyn FnMut(&[u32])) {
            if k == 1 {
                f(p);
                return;
            }
            for i in 0..k {
                heap(k - 1, p, f);
                if k.is_multiple_of(2) {
                    p.swap(i, k - 1)
                } else {
                    p.swap(0, k - 1)
                }
            }
        }
        heap(4, &mut p, &mut |q| members += usize::from(g.contains(q)));
        assert_eq!(members, 8);
    }
}
