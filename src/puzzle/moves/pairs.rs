//! What the pairs of moves make (no move, a single move, or neither), and
//! so which moves are redundant after which: the products of a
//! [`MoveSet`]'s moves, taken once when it is made.

use super::super::*;
use super::{Move, MoveSet};

impl MoveSet {
    /// The move set of a derived list: which pairs cancel steps and which
    /// are redundant. `orders` are the chosen moves' orders as
    /// `MoveSet::count` gives them (exact in the face metric).
    pub(super) fn from_list(
        list: Vec<Move>,
        orders: &[u64],
        metric: Metric,
    ) -> Result<MoveSet, DefinitionError> {
        let n = list.len();
        let mut cancel = vec![0u8; n * n];
        for a in 0..n {
            for b in 0..n {
                if let (Some(x), Some(y)) = (&list[a].word, &list[b].word) {
                    cancel[a * n + b] = x.cancelled_with(y).min(255) as u8;
                }
            }
        }
        let (undoing, single) = Self::pairs(&list, orders, metric);
        let mut redundant: Vec<MoveBits> = (0..n)
            .map(|a| {
                let mut set = undoing[a].clone();
                (0..n)
                    .filter(|&b| single[a * n + b].is_some())
                    .for_each(|b| set.insert(b));
                set
            })
            .collect();
        // A pair that makes a single move may be left out of minimal paths
        // only when it never costs less than that move, whatever stands on
        // either side: its words, less the most each junction can cancel,
        // are at least the single move's word. (The eight-puzzle's A A,
        // 4 + 4 − 2·(1 + 0 + 1), costs no less than W.) Otherwise only a
        // move and its inverse are kept apart.
        let saved = |a: usize, b: usize| {
            if b != list[a].inverse {
                u32::from(cancel[a * n + b])
            } else {
                0
            }
        };
        let max_in: Vec<u32> = (0..n)
            .map(|b| (0..n).map(|a| saved(a, b)).max().unwrap_or(0))
            .collect();
        let max_out: Vec<u32> = (0..n)
            .map(|a| (0..n).map(|b| saved(a, b)).max().unwrap_or(0))
            .collect();
        let reduced = (0..n).all(|a| {
            (0..n).all(|b| match single[a * n + b] {
                Some(r) => {
                    let pair = list[a].cost + list[b].cost;
                    let most = 2 * (max_in[a] + saved(a, b) + max_out[b]);
                    pair.saturating_sub(most) >= r
                }
                _ => true,
            })
        });
        if !reduced {
            redundant = undoing;
        }
        let set = MoveSet {
            moves: list,
            metric,
            cancel,
            redundant,
            fold_case: false,
            aliases: Vec::new(),
        };
        set.check_words()?;
        Ok(set)
    }

    /// What each pair `a`, `b` of `list` makes: the moves each undoes
    /// (`a` then `b` is no move at all), and, at `a·n + b`, the least cost
    /// of a single move the pair makes, if it makes one.
    fn pairs(list: &[Move], orders: &[u64], metric: Metric) -> (Vec<MoveBits>, Vec<Option<u32>>) {
        let n = list.len();
        let mut undoing = vec![MoveBits::new(); n];
        let mut single: Vec<Option<u32>> = vec![None; n * n];
        // The least cost of a move of each transformation.
        let mut cheapest: std::collections::HashMap<&Transformation, u32> = Default::default();
        for m in list {
            let c = cheapest.entry(&m.transformation).or_insert(m.cost);
            *c = (*c).min(m.cost);
        }
        // In the face metric every power of a chosen move is a move (unless
        // an earlier move made it already), so two powers of one move make
        // the power of their exponents' sum, found without a product: a
        // move of order 1 020 has a million pairs.
        let power: std::collections::HashMap<(usize, i64), usize> = match metric {
            Metric::Face => list
                .iter()
                .enumerate()
                .map(|(k, m)| ((m.base.0, m.base.1.rem_euclid(orders[m.base.0] as i64)), k))
                .collect(),
            Metric::Quarter => Default::default(),
        };
        for a in 0..n {
            for b in 0..n {
                let ((i, x), (j, y)) = (list[a].base, list[b].base);
                if metric == Metric::Face && i == j {
                    let e = (x + y).rem_euclid(orders[i] as i64);
                    if e == 0 {
                        undoing[a].insert(b);
                        continue;
                    }
                    if let Some(&c) = power.get(&(i, e)) {
                        single[a * n + b] = Some(list[c].cost);
                        continue;
                    }
                }
                let t = list[a].transformation.then(&list[b].transformation);
                if t.is_identity() {
                    undoing[a].insert(b);
                } else {
                    single[a * n + b] = cheapest.get(&t).copied();
                }
            }
        }
        (undoing, single)
    }
}
