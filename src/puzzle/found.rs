//! Symmetries found from the moves, not declared (issue #44, point 4): the
//! maps of the slots (each orbit onto itself, a piece's orientations turned
//! or, for a mirror, reversed) that carry the set of moves onto itself.
//!
//! A `.tws` or KPuzzle file declares no symmetries, yet its moves often have
//! them: twsearch's `233.tws` is the 2×3×3 cuboid, whose square prism has
//! 16. Such a map `σ` conjugates every move `g` to a move `h = σ g σ⁻¹`, so
//! `σ(g(x)) = h(σ(x))` for every point `x` (a slot in an orientation). The
//! search is a backtrack over those equations: the image of one point, then
//! the image of each generator among the moves of its shape (the same cycle
//! lengths); every choice is carried along the generators' cycles
//! (propagation), and a contradiction (a point sent to two places, two
//! points to one, a slot split between two) prunes the branch at once. When
//! every generator has its image, points the generators never reach from
//! those already mapped get images of their own, in turn. Each complete
//! map is a symmetry; the search visits at most a budget of nodes, and says
//! when it stopped short (then nothing is used: a part of a group is not a
//! group).
//!
//! The goal is left to the caller ([`super::Puzzle::symmetries_found`]):
//! a map that relabels identical pieces inconsistently is no symmetry of
//! the puzzle, and those that keep the goal are a subgroup.
//!
//! ```
//! use schofield::puzzle::{library, found::move_symmetries};
//! // The 3×3×3's corners under U and R: 4 symmetries (the identity; the
//! // reflection that swaps U and R, which takes U to R'; the reflection
//! // that keeps both faces, taking U to U' and R to R'; and their
//! // product).
//! let cube = library::get("corners").unwrap();
//! let names = ["U".to_string(), "R".to_string()];
//! let moves = cube.moves(cube.default_metric(), Some(&names)).unwrap();
//! let gens: Vec<_> = cube.generators(Some(&names)).unwrap().iter().map(|g| g.transformation().clone()).collect();
//! let all = moves.transformations();
//! let found = move_symmetries(&gens, &all, 1_000_000).unwrap();
//! assert_eq!(found.len(), 4);
//! ```

use super::Named;
use super::transformation::{OrbitMap, Transformation, as_points, points};

/// The search's bound on nodes when none is given: enough for every
/// sample of twsearch's that has symmetries, small enough to answer in a
/// moment.
pub const NODE_BUDGET: u64 = 2_000_000;

const NONE: u32 = u32::MAX;

/// Points a node's worth of work: a node that maps many points (a long
/// cycle of many orientations carries one choice to thousands of points)
/// is charged for them, so that the budget bounds the time, not only the
/// choices.
const POINTS_PER_NODE: u64 = 256;

/// Every symmetry of the moves `all` (the moves of a metric, closed under
/// the powers it takes), found from the generators `gens` they are made
/// of: each a [`Transformation`] `σ` with `σ g σ⁻¹` in `all` for every
/// generator `g`, the identity first. `None` when the search passed
/// `budget` nodes.
pub fn move_symmetries(
    gens: &[Transformation],
    all: &[Transformation],
    budget: u64,
) -> Option<Vec<Transformation>> {
    let Some(first) = gens.first() else {
        return Some(Vec::new());
    };
    let (offsets, n) = points(first);
    let shape: Vec<(usize, usize, usize)> = first
        .orbits()
        .iter()
        .zip(&offsets)
        .map(|(o, &off)| (off, o.len(), usize::from(o.modulus())))
        .collect();
    let g: Vec<Vec<u32>> = gens.iter().map(as_points).collect();
    let h: Vec<Vec<u32>> = all.iter().map(as_points).collect();
    let g_inv: Vec<Vec<u32>> = g.iter().map(|p| crate::perm::inverse(p)).collect();
    let h_inv: Vec<Vec<u32>> = h.iter().map(|p| crate::perm::inverse(p)).collect();
    let h_types: Vec<Vec<usize>> = h.iter().map(|p| cycle_type(p)).collect();
    let candidates: Vec<Vec<usize>> = g
        .iter()
        .map(|p| {
            let t = cycle_type(p);
            (0..h.len()).filter(|&k| h_types[k] == t).collect()
        })
        .collect();
    // Which orbit (by its first point) each point is in.
    let mut orbit_of = vec![0usize; n];
    for (k, &(off, slots, m)) in shape.iter().enumerate() {
        orbit_of[off..off + slots * m].fill(k);
    }
    let mut found = Vec::new();
    // Mirrors reverse orientations, which only orbits of three or more
    // orientations can tell from turning them.
    let mirrors: &[bool] = if shape.iter().any(|&(_, _, m)| m >= 3) {
        &[false, true]
    } else {
        &[false]
    };
    let mut nodes = 0u64;
    // One map for each way of conjugating the generators.
    let mut seen: std::collections::HashSet<Vec<usize>> = std::collections::HashSet::new();
    for &mirror in mirrors {
        let mut s = State {
            shape: &shape,
            orbit_of: &orbit_of,
            mirror,
            sigma: vec![NONE; n],
            taken: vec![false; n],
            trail: Vec::new(),
            images: vec![usize::MAX; g.len()],
            work: 0,
        };
        let done = s.search(
            &Tables {
                g: &g,
                g_inv: &g_inv,
                h: &h,
                h_inv: &h_inv,
                candidates: &candidates,
            },
            &mut nodes,
            budget,
            &mut |sigma, images| {
                if seen.insert(images.to_vec()) {
                    found.push(transformation(sigma, &shape, mirror));
                }
            },
        );
        if !done {
            return None;
        }
    }
    // A turn of every piece of one orbit of slots by the same amount
    // commutes with every move: each map found may be composed with such
    // turns and still conjugate the moves the same way. Of those, the one
    // whose gains add up to 0 on each orbit of slots (where a turn can
    // make it so) is kept, so that the maps kept compose among themselves.
    let classes = slot_orbits(gens);
    let mut found: Vec<Transformation> =
        found.into_iter().map(|t| normalised(t, &classes)).collect();
    // The identity first, then as found.
    if let Some(at) = found.iter().position(Transformation::is_identity) {
        let id = found.remove(at);
        found.insert(0, id);
    }
    found.dedup();
    Some(found)
}

/// The lengths of a permutation's cycles, fixed points included, in
/// order: a symmetry maps a generator only to a move of the same type.
fn cycle_type(p: &[u32]) -> Vec<usize> {
    let mut seen = vec![false; p.len()];
    let mut lengths = Vec::new();
    for s in 0..p.len() {
        let mut x = s;
        let mut l = 0;
        while !seen[x] {
            seen[x] = true;
            x = p[x] as usize;
            l += 1;
        }
        if l > 0 {
            lengths.push(l);
        }
    }
    lengths.sort_unstable();
    lengths
}

/// The point permutations the search reads.
struct Tables<'a> {
    g: &'a [Vec<u32>],
    g_inv: &'a [Vec<u32>],
    h: &'a [Vec<u32>],
    h_inv: &'a [Vec<u32>],
    /// For each generator, the moves of its shape.
    candidates: &'a [Vec<usize>],
}

/// A partial map of the points, with what undoes it.
struct State<'a> {
    /// Each orbit's first point, slots and orientations.
    shape: &'a [(usize, usize, usize)],
    orbit_of: &'a [usize],
    mirror: bool,
    sigma: Vec<u32>,
    taken: Vec<bool>,
    /// The points mapped, in order, to undo.
    trail: Vec<u32>,
    /// Each generator's image, by its number among the moves.
    images: Vec<usize>,
    /// Points mapped and scanned so far, charged to the budget
    /// ([`POINTS_PER_NODE`]).
    work: u64,
}

impl State<'_> {
    /// Maps the block of slot-point `x` so that `x ↦ y`: its other
    /// orientations follow (turned, or reversed for a mirror). False on a
    /// contradiction; what was mapped is on the trail either way.
    fn map(&mut self, x: usize, y: usize, queue: &mut Vec<u32>) -> bool {
        let k = self.orbit_of[x];
        if self.orbit_of[y] != k {
            return false;
        }
        let (off, _, m) = self.shape[k];
        self.work += m as u64;
        let (jx, fx) = ((x - off) / m, (x - off) % m);
        let (jy, fy) = ((y - off) / m, (y - off) % m);
        for f in 0..m {
            let from = off + jx * m + f;
            let turn = if self.mirror {
                (fy + m * 2 - (f + m - fx) % m) % m
            } else {
                (fy + (f + m - fx) % m) % m
            };
            let to = off + jy * m + turn;
            match self.sigma[from] {
                NONE if !self.taken[to] => {
                    self.sigma[from] = to as u32;
                    self.taken[to] = true;
                    self.trail.push(from as u32);
                    queue.push(from as u32);
                }
                already if already == to as u32 => {}
                _ => return false,
            }
        }
        true
    }

    /// Carries the map along every generator whose image is chosen, from
    /// the points in `queue`, until nothing new follows.
    fn propagate(&mut self, t: &Tables, queue: &mut Vec<u32>) -> bool {
        while let Some(x) = queue.pop() {
            let x = x as usize;
            let y = self.sigma[x] as usize;
            for l in 0..self.images.len() {
                let image = self.images[l];
                if image == usize::MAX {
                    continue;
                }
                // σ(g x) = h σ(x), and σ(g⁻¹ x) = h⁻¹ σ(x).
                for (from, to) in [
                    (t.g[l][x], t.h[image][y]),
                    (t.g_inv[l][x], t.h_inv[image][y]),
                ] {
                    if !self.map(from as usize, to as usize, queue) {
                        return false;
                    }
                }
            }
        }
        true
    }

    fn undo(&mut self, to: usize) {
        while self.trail.len() > to {
            let x = self.trail.pop().expect("longer than to") as usize;
            self.taken[self.sigma[x] as usize] = false;
            self.sigma[x] = NONE;
        }
    }

    /// The search from here: false when it passed the budget. Each map
    /// found is handed to `found` with the generators' images.
    fn search(
        &mut self,
        t: &Tables,
        nodes: &mut u64,
        budget: u64,
        found: &mut dyn FnMut(&[u32], &[usize]),
    ) -> bool {
        if !self.charge(nodes, budget) {
            return false;
        }
        let mark = self.trail.len();
        let open = self.images.iter().filter(|&&i| i == usize::MAX).count();
        self.work += (mark * open) as u64;
        let mut queue = Vec::new();
        // A point first, so that each generator's image is carried at once;
        // then the generator that moves the most points already mapped,
        // whose image is the most constrained.
        let next_generator = (0..self.images.len())
            .filter(|&l| self.images[l] == usize::MAX)
            .max_by_key(|&l| {
                let moved = self
                    .trail
                    .iter()
                    .filter(|&&x| t.g[l][x as usize] != x)
                    .count();
                (moved, std::cmp::Reverse(l))
            });
        match (self.trail.is_empty(), next_generator) {
            (false, Some(l)) => {
                for &image in &t.candidates[l] {
                    self.images[l] = image;
                    queue.extend(self.trail.iter().copied());
                    if self.propagate(t, &mut queue) && !self.search(t, nodes, budget, found) {
                        return false;
                    }
                    queue.clear();
                    self.undo(mark);
                }
                self.images[l] = usize::MAX;
            }
            (true, Some(_)) => {
                let Some(x) = self.sigma.iter().position(|&s| s == NONE) else {
                    return true;
                };
                for y in self.targets(x) {
                    if self.map(x, y, &mut queue)
                        && self.propagate(t, &mut queue)
                        && !self.search(t, nodes, budget, found)
                    {
                        return false;
                    }
                    queue.clear();
                    self.undo(mark);
                }
            }
            // Every generator has its image, and so the conjugation by the
            // map is settled: one completion of the points left is enough
            // (another differs by a map that commutes with every move).
            (_, None) => match self.complete(t, nodes, budget) {
                None => return false,
                Some(true) => {
                    found(&self.sigma, &self.images);
                    self.undo(mark);
                }
                Some(false) => {}
            },
        }
        true
    }

    /// Counts a node and the points mapped since the last: false once the
    /// whole passes `budget` nodes.
    fn charge(&self, nodes: &mut u64, budget: u64) -> bool {
        *nodes += 1;
        nodes.saturating_add(self.work / POINTS_PER_NODE) <= budget
    }

    /// The points of `x`'s orbit not yet anyone's image.
    fn targets(&mut self, x: usize) -> Vec<usize> {
        let (off, slots, m) = self.shape[self.orbit_of[x]];
        self.work += (slots * m) as u64;
        (off..off + slots * m).filter(|&y| !self.taken[y]).collect()
    }

    /// Maps every point left, the first way that works: `Some(true)` with
    /// the map whole, `Some(false)` when there is none, `None` past the
    /// budget.
    fn complete(&mut self, t: &Tables, nodes: &mut u64, budget: u64) -> Option<bool> {
        if !self.charge(nodes, budget) {
            return None;
        }
        let Some(x) = self.sigma.iter().position(|&s| s == NONE) else {
            return Some(true);
        };
        let mark = self.trail.len();
        let mut queue = Vec::new();
        for y in self.targets(x) {
            if self.map(x, y, &mut queue) && self.propagate(t, &mut queue) {
                match self.complete(t, nodes, budget) {
                    Some(false) => {}
                    done => return done,
                }
            }
            queue.clear();
            self.undo(mark);
        }
        Some(false)
    }
}

/// The transformation of a whole point map: slot `i`'s source is the slot
/// whose block lands on it, its gain the orientation point 0 lands on.
fn transformation(sigma: &[u32], shape: &[(usize, usize, usize)], mirror: bool) -> Transformation {
    let orbits = shape
        .iter()
        .map(|&(off, slots, m)| {
            let mut perm = vec![0u8; slots];
            let mut ori = vec![0u8; slots];
            for j in 0..slots {
                let y = sigma[off + j * m] as usize - off;
                perm[y / m] = j as u8;
                ori[y / m] = (y % m) as u8;
            }
            OrbitMap::from_lists(perm, ori, m as u8).expect("a symmetry maps slots to slots")
        })
        .collect();
    Transformation::new(orbits, mirror)
}

/// For each orbit of the puzzle, the orbits of its slots under the moves.
fn slot_orbits(gens: &[Transformation]) -> Vec<Vec<Vec<usize>>> {
    (0..gens[0].orbits().len())
        .map(|k| {
            let perms: Vec<Vec<usize>> = gens
                .iter()
                .map(|g| {
                    g.orbits()[k]
                        .permutation()
                        .iter()
                        .map(|&x| usize::from(x))
                        .collect()
                })
                .collect();
            crate::group::bound::orbits_under(gens[0].orbits()[k].len(), &perms)
        })
        .collect()
}

/// `t` composed with the turn of each orbit of slots that brings the sum
/// of its gains there nearest 0 (to 0 where the orbit's size and the
/// modulus are coprime).
fn normalised(t: Transformation, classes: &[Vec<Vec<usize>>]) -> Transformation {
    let mirror = t.mirrors();
    let orbits = t
        .orbits()
        .iter()
        .zip(classes)
        .map(|(o, slot_orbits)| {
            let m = usize::from(o.modulus());
            let mut ori: Vec<u8> = o.orientation().to_vec();
            if m >= 2 {
                for orbit in slot_orbits {
                    let sum = |ori: &[u8], c: usize| {
                        orbit
                            .iter()
                            .map(|&i| (usize::from(ori[i]) + c) % m)
                            .sum::<usize>()
                            % m
                    };
                    let best = (0..m).min_by_key(|&c| (sum(&ori, c), c)).unwrap_or(0);
                    for &i in orbit {
                        ori[i] = ((usize::from(ori[i]) + best) % m) as u8;
                    }
                }
            }
            OrbitMap::from_lists(o.permutation().to_vec(), ori, o.modulus())
                .expect("the same slots, gains below the modulus")
        })
        .collect();
    Transformation::new(orbits, mirror)
}

impl super::Puzzle {
    /// The symmetries of its moves, found from them (this module's search) for a
    /// puzzle that declares none: every map of the slots that carries the
    /// moves (as its default metric makes them) onto the moves and the goal
    /// onto the goal, named `identity`, `S1`, `S2`, … . `None` where
    /// symmetries are declared or whole-puzzle rotations are, for a tray,
    /// for moves priced by words, for a puzzle the searches do not take
    /// ([`crate::puzzle::Puzzle::searchable`]), and when the search passes `budget` nodes.
    ///
    /// ```
    /// use schofield::puzzle::read;
    /// // Three slots turned by one 3-cycle: its own powers commute with it
    /// // (they conjugate nothing, and one map stands for them all), and the
    /// // reflections take it to its inverse, a move too in the face metric.
    /// let text = "Set P 3 1\nSolved\nP\n1 2 3\nEnd\nMove T\nP\n2 3 1\nEnd\n";
    /// let p = schofield::puzzle::Puzzle::new(schofield::puzzle::tws::read(text).unwrap()).unwrap();
    /// let found = p.symmetries_found(1_000).unwrap();
    /// assert_eq!(found.len(), 2);
    /// assert_eq!(found[0].name(), "identity");
    /// ```
    pub fn symmetries_found(&self, budget: u64) -> Option<Vec<Named>> {
        if !self.seeks_symmetries() {
            return None;
        }
        let gens: Vec<Transformation> = self
            .moves
            .iter()
            .map(|m| m.transformation.clone())
            .collect();
        let all: Vec<Transformation> = super::moves::moves_kept(self)
            .0
            .iter()
            .map(|m| m.transformation().clone())
            .collect();
        let found = move_symmetries(&gens, &all, budget)?;
        let mut named = Vec::new();
        for t in found {
            let name = if t.is_identity() {
                "identity".to_string()
            } else {
                format!("S{}", named.len())
            };
            let s = Named {
                name,
                transformation: t,
                word: None,
            };
            if self.check_goal_symmetry(&s).is_ok() {
                named.push(s);
            }
        }
        // Renumbered once those that break the goal are gone.
        for (k, s) in named.iter_mut().enumerate().skip(1) {
            s.name = format!("S{k}");
        }
        // One map for each way of conjugating the moves need not make a
        // group (a turn of every edge commutes with every move, and the
        // 3×3×3's maps may differ by one); then the group they generate.
        match super::checks::check_group(named.clone()) {
            Ok(group) => Some(group),
            Err(_) => super::checks::close_group(named.into_iter().skip(1).collect()).ok(),
        }
    }

    /// Whether [`crate::puzzle::Puzzle::symmetries_found`] looks for symmetries: the
    /// puzzle declares none and no rotations, has moves not priced by
    /// words and no tray, and the searches take it.
    pub fn seeks_symmetries(&self) -> bool {
        self.symmetries.is_empty()
            && self.rotations.is_empty()
            && self.tray.is_none()
            && !self.has_words()
            && self.searchable().is_ok()
            && !self.moves.is_empty()
    }

    /// The puzzle with the symmetries found from its moves
    /// ([`crate::puzzle::Puzzle::symmetries_found`], within [`NODE_BUDGET`]) used as if
    /// declared, when it declares none; and what was done.
    ///
    /// ```
    /// use schofield::puzzle::{found::Adopted, read};
    /// let file = "tests/fixtures/twsearch/samples/main/2x2x2.tws";
    /// let (p, adopted) = read::puzzle(file).unwrap().with_found_symmetries().unwrap();
    /// assert_eq!(adopted, Adopted::Found(48));
    /// assert_eq!(p.symmetries().len(), 48);
    /// let (_, adopted) = p.with_found_symmetries().unwrap();
    /// assert_eq!(adopted, Adopted::Kept);
    /// ```
    pub fn with_found_symmetries(self) -> Result<(super::Puzzle, Adopted), super::DefinitionError> {
        match self.symmetries_found(NODE_BUDGET) {
            Some(found) if found.len() > 1 => {
                let count = found.len();
                Ok((self.with_symmetries(found)?, Adopted::Found(count)))
            }
            None if self.seeks_symmetries() => Ok((self, Adopted::PassedBound)),
            _ => Ok((self, Adopted::Kept)),
        }
    }
}

/// What [`super::Puzzle::with_found_symmetries`] did.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Adopted {
    /// Nothing: the puzzle declares its symmetries, or its moves have none
    /// but the identity, or it is not one whose symmetries are sought.
    Kept,
    /// This many symmetries were found and are used.
    Found(usize),
    /// The search passed its bound: none are used.
    PassedBound,
}
