//! The canonical form of IDA*'s sequences, the size of the tree it
//! leaves (how many sequences of each length a search without tables
//! would walk), and random sequences drawn in it ([`RandomSequences`],
//! `random --moves`).

use super::*;

impl Solver<'_> {
    /// The canonical form: for each move `a`, the moves `b` that may follow
    /// it. Left out: `b` that makes with `a` no move or a single move (the
    /// same face: [`Space::redundancy`]), and with `ordered`, `b` that
    /// commutes with `a` and whose face comes first (a face known by its
    /// first move in the moves' order), or of the same face and before it
    /// in the moves' order (two moves that commute, neither making with
    /// the other a move, may still share a first move). Faces, not moves,
    /// are ordered: by moves, `U2 D2 U'` (which is `U D2`) would pass,
    /// since `D2` comes after `U2` and `U'` after `D2`.
    pub fn follows(space: &Space, ordered: bool) -> Vec<MoveBits> {
        follows(space.effective_moves(), ordered)
    }

    /// How many sequences of each length from 1 to `most` the canonical
    /// form takes ([`Solver::follows`], commuting moves in one order): the
    /// nodes of the tree IDA* walks to that depth without a table, which
    /// its tables cut. Past `u128`, `u128::MAX`.
    ///
    /// The 3×3×3's are Korf's (1997, Table 1): 18, 243, 3 240, 43 254, …
    /// about 13.35 times as many a move.
    ///
    /// ```
    /// use schofield::puzzle::{Metric, library};
    /// use schofield::method::space::Space;
    /// use schofield::method::search::ida::Solver;
    /// let cube = library::get("3x3x3").unwrap();
    /// let moves = cube.moves(Metric::Face, None).unwrap();
    /// let space = Space::unnumbered(&cube, &moves, None).unwrap();
    /// assert_eq!(Solver::canonical_sequences(&space, 4), [18, 243, 3_240, 43_254]);
    /// ```
    pub fn canonical_sequences(space: &Space, most: usize) -> Vec<u128> {
        let follows = Solver::follows(space, true);
        let nm = follows.len();
        // Sequences of the length reached, by their last move.
        let mut ending = vec![1u128; nm];
        let mut counts = Vec::with_capacity(most);
        for length in 1..=most {
            if length > 1 {
                let mut next = vec![0u128; nm];
                for (a, &count) in ending.iter().enumerate() {
                    for b in follows[a].iter() {
                        next[b] = next[b].saturating_add(count);
                    }
                }
                ending = next;
            }
            counts.push(ending.iter().fold(0u128, |sum, &n| sum.saturating_add(n)));
        }
        counts
    }
}

/// [`Solver::follows`] of the moves `e` as the engine applies them
/// ([`Space::effective_moves`]).
fn follows(e: &[Transformation], ordered: bool) -> Vec<MoveBits> {
    let nm = e.len();

    // Looked up, not searched for: a thousand moves make a million pairs.
    let is_move: std::collections::HashSet<_> = e.iter().collect();
    let same_face = |a: usize, b: usize| {
        let ab = e[a].then(&e[b]);
        ab.is_identity() || is_move.contains(&ab)
    };
    // A move's face: the first move of the same face as it, or itself.
    let face: Vec<usize> = (0..nm)
        .map(|a| (0..a).find(|&c| same_face(a, c)).unwrap_or(a))
        .collect();
    (0..nm)
        .map(|a| {
            (0..nm)
                .filter(|&b| {
                    let out_of_order = ordered
                        && (face[b], b) < (face[a], a)
                        && e[a].then(&e[b]) == e[b].then(&e[a]);
                    !same_face(a, b) && !out_of_order
                })
                .collect()
        })
        .collect()
}

/// Sequences of `n` moves drawn at random in the canonical form
/// ([`Solver::follows`]), for scrambles: each move among those the last
/// may be followed by and that the moves still to come may follow, so
/// that a draw never finds itself with no move left (a move that every
/// other commutes with, last in the order, is followed by none of them).
///
/// ```
/// use schofield::puzzle::{Metric, library};
/// use schofield::method::space::effective_moves;
/// use schofield::method::search::ida::RandomSequences;
/// let cube = library::get("3x3x3").unwrap();
/// let moves = cube.moves(Metric::Face, None).unwrap();
/// let (effective, _) = effective_moves(&cube, &moves.transformations()).unwrap();
/// let sequences = RandomSequences::new(&effective, 20).unwrap();
/// let walk = sequences.draw(&mut fastrand::Rng::with_seed(1));
/// assert_eq!(walk.len(), 20);
/// ```
#[derive(Debug, Clone)]
pub struct RandomSequences {
    follows: Vec<MoveBits>,
    /// `can[k]`: the moves that some `k` moves may follow.
    can: Vec<MoveBits>,
}

impl RandomSequences {
    /// The draws of `n` moves whose transformations, as the engine
    /// applies them, are `effective` ([`crate::method::space::effective_moves`],
    /// made without a move table); `None` when no canonical sequence has
    /// `n` moves.
    pub fn new(effective: &[Transformation], n: usize) -> Option<RandomSequences> {
        let follows = follows(effective, true);
        let nm = follows.len();
        let mut can = Vec::with_capacity(n + 1);
        can.push(MoveBits::all(nm));
        for k in 0..n {
            let after = &can[k];
            let next = (0..nm).filter(|&a| follows[a].intersects(after)).collect();
            can.push(next);
        }
        (n == 0 || !can[n - 1].is_empty()).then_some(RandomSequences { follows, can })
    }

    /// One sequence, its moves by number.
    pub fn draw(&self, rng: &mut fastrand::Rng) -> Vec<usize> {
        let n = self.can.len() - 1;
        let mut last: Option<usize> = None;
        let mut walk = Vec::with_capacity(n);
        for i in 0..n {
            let left = &self.can[n - 1 - i];
            let allowed: Vec<usize> = left
                .iter()
                .filter(|&m| last.is_none_or(|a| self.follows[a].contains(m)))
                .collect();
            let m = allowed[rng.usize(..allowed.len())];
            walk.push(m);
            last = Some(m);
        }
        walk
    }
}
