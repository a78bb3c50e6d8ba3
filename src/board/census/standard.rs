//! The standard positions (blank at home) as Schofield viewed his: their
//! distances, and their classes under the symmetries that fix the home
//! cell, counted by orbits and by Burnside's lemma.

use super::*;

/// `g σ g⁻¹` on nibble lists of `m` entries: the entry `x` at `c` becomes
/// `g(x)` at `g(c)`.
#[inline]
fn conjugate(g: &[usize; 16], s: u64, m: usize) -> u64 {
    let mut out = 0u64;
    for c in 0..m {
        out |= (g[nibble(s, c)] as u64) << (4 * g[c]);
    }
    out
}

/// `σ⁻¹` on a nibble list of `m` entries.
#[inline]
fn invert(s: u64, m: usize) -> u64 {
    let mut out = 0u64;
    for c in 0..m {
        out |= (c as u64) << (4 * nibble(s, c));
    }
    out
}

/// The standard positions, viewed as Schofield viewed his: each is the
/// permutation `σ` of the non-home cells (renumbered `0 … n−2` in reading
/// order) with `σ(c)` the goal cell of the tile on `c`. With the goal's tiles
/// in reading order, that is just the tiles' order, so `σ` for the position
/// of tile rank `r` comes from [`crate::board::half_from_digits`] and its index is `r`.
///
/// A class is counted at its smallest member, so every position can be
/// looked at on its own, in parallel.
pub(super) fn standard_view(case: &Case, moves: &CaseSpace, distances: &[u8]) -> Standard {
    let b = case.board;
    let n = b.cells();
    let m = n - 1;
    let per_blank = moves.per_blank;
    let weights = tile_ranks(m).expect("the census's boards have at most 14 cells");
    let odd = moves.odd_for[case.home];
    let squeeze: Vec<usize> = (0..n)
        .map(|c| {
            if c < case.home {
                c
            } else {
                c.saturating_sub(1)
            }
        })
        .collect();
    let unsqueeze: Vec<usize> = (0..n).filter(|&c| c != case.home).collect();
    // The identity is counted apart: it fixes every position, and its
    // conjugate of the inverse is the inverse.
    let syms: Vec<[usize; 16]> = case
        .symmetries()
        .iter()
        .filter(|g| g.iter().enumerate().any(|(c, &x)| c != x))
        .map(|g| {
            let mut a = [0usize; 16];
            for (k, &c) in unsqueeze.iter().enumerate() {
                a[k] = squeeze[g[c]];
            }
            a
        })
        .collect();
    let max = distances.iter().copied().max().unwrap_or(0);
    let rows_len = usize::from(max) + 1;
    // Counted as every puzzle's classes are, by the one walk of orbits and
    // the one Burnside's lemma (`group::classes`).
    let action = StandardAction {
        moves,
        weights,
        odd,
        m,
        syms,
    };
    let counted = classes::count_by_least(&action, &|x| distances[x as usize]);
    let (mut classes_by_d, mut extended_by_d) = (counted.classes, counted.extended);
    classes_by_d.resize(rows_len, 0);
    extended_by_d.resize(rows_len, 0);
    let mut positions_by_d = vec![0u64; rows_len];
    for &d in distances {
        positions_by_d[usize::from(d)] += 1;
    }
    let rows: Vec<StandardRow> = (0..rows_len)
        .filter(|&d| positions_by_d[d] > 0)
        .map(|d| StandardRow {
            moves: d as u32,
            positions: positions_by_d[d],
            classes: classes_by_d[d],
            extended_classes: extended_by_d[d],
        })
        .collect();
    let order = action.symmetries();
    Standard {
        positions: per_blank as u64,
        max: u32::from(max),
        symmetries: order,
        classes: ClassCount {
            orbits: classes_by_d.iter().sum(),
            burnside: counted.burnside.classes,
        },
        extended_classes: ClassCount {
            orbits: extended_by_d.iter().sum(),
            burnside: counted
                .burnside
                .extended
                .expect("board positions have inverses"),
        },
        rows,
    }
}

/// The board's symmetries acting on the standard positions (numbered by
/// their tiles' order, as the census numbers them), for `group::classes`.
struct StandardAction<'a> {
    moves: &'a CaseSpace,
    weights: perm::Lehmer<u32>,
    odd: bool,
    /// Cells other than home.
    m: usize,
    /// The symmetries but the identity, on the non-home cells.
    syms: Vec<[usize; 16]>,
}

impl StandardAction<'_> {
    fn order(&self, x: u64) -> u64 {
        self.moves.tile_order(x as u32, self.odd).0
    }
}

impl Action for StandardAction<'_> {
    fn len(&self) -> u64 {
        self.moves.per_blank as u64
    }

    fn symmetries(&self) -> usize {
        self.syms.len() + 1
    }

    fn image(&self, x: u64, g: usize) -> u64 {
        if g == 0 {
            return x;
        }
        let a = conjugate(&self.syms[g - 1], self.order(x), self.m);
        u64::from(self.weights.rank_packed(a))
    }

    fn inverse(&self, x: u64) -> Option<u64> {
        Some(u64::from(
            self.weights.rank_packed(invert(self.order(x), self.m)),
        ))
    }

    fn images(&self, x: u64, out: &mut Vec<u64>) {
        out.clear();
        out.push(x);
        let s = self.order(x);
        for g in &self.syms {
            out.push(u64::from(self.weights.rank_packed(conjugate(g, s, self.m))));
        }
    }
}
