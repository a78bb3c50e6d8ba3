//! Permutations of `0..n`: composition, inverse, parity, cycle notation and
//! lexicographic ranking.
//!
//! # Convention (written once, used everywhere)
//!
//! A permutation is a slice `p` with `p[i]` the *image* of `i`. For a puzzle
//! position we store `pieces[square]`, the piece standing on each square
//! (Schofield's `C[i]`); as a permutation that is the map square → piece.
//!
//! Products read left to right, in the order the moves are made (and as GAP
//! reads them): [`compose`]`(p, q)` is "first `p`, then `q`",
//! `compose(p, q)[i] = q[p[i]]`. The groups' products ([`crate::group`])
//! are the same function on their own points ([`Point`]).
//!
//! Cycle notation `(0 1 2)` means `0 ↦ 1 ↦ 2 ↦ 0`, exactly as Schofield writes
//! the corner twist A = (012).
//!
//! ```
//! use schofield::perm;
//! let a = [1u8, 2, 0, 3]; // (0 1 2)
//! assert_eq!(perm::format_cycles(&a), "(012)");
//! assert!(perm::is_even(&a));
//! assert_eq!(perm::compose(&a, &perm::inverse(&a)), vec![0, 1, 2, 3]);
//! assert_eq!(perm::lex_rank(&[0u8, 1, 2, 3]), 0);
//! assert_eq!(perm::lex_unrank(23, 4), vec![3, 2, 1, 0]);
//! ```

mod cycles;
mod rank;

pub use cycles::*;
pub use rank::*;

/// A list of at most 16 entries below 16 packed four bits an entry, entry
/// `i` in bits `4i … 4i+3`: how the inner loops keep a short list (a
/// board's cells, tiles' places) in one word.
///
/// ```
/// use schofield::perm::{nibble, pack_nibbles};
/// let list = pack_nibbles(&[3, 0, 2, 1]);
/// assert_eq!(list, 0x1203);
/// assert_eq!(nibble(list, 2), 2);
/// ```
#[inline]
pub fn pack_nibbles(entries: &[u8]) -> u64 {
    debug_assert!(entries.len() <= 16 && entries.iter().all(|&e| e < 16));
    entries
        .iter()
        .enumerate()
        .fold(0, |list, (i, &e)| list | u64::from(e) << (4 * i))
}

/// Entry `i` of a list packed in nibbles ([`pack_nibbles`]).
#[inline]
pub fn nibble(list: u64, i: usize) -> usize {
    ((list >> (4 * i)) & 0xf) as usize
}

/// Why a list is not a permutation of `0..n`.
#[derive(Debug, Clone, Copy, PartialEq, Eq, thiserror::Error)]
pub enum PermutationError {
    /// An entry `n` or more.
    #[error("{value} is out of range; expected 0 to {}", .n.saturating_sub(1))]
    OutOfRange {
        /// The entry.
        value: u8,
        /// The number of entries.
        n: usize,
    },
    /// An entry given twice.
    #[error("{0} appears twice")]
    Repeated(u8),
    /// More than 256 entries: more than a byte numbers.
    #[error("{0} entries; expected at most 256")]
    TooLong(usize),
}

/// Checks that `p` holds each of `0..p.len()` exactly once (at most 256
/// entries): the one permutation check that every reader of positions,
/// arrangements and files calls. With `n` entries all in range and none
/// repeated, none can be missing.
///
/// ```
/// use schofield::perm::{PermutationError, check_permutation};
/// assert_eq!(check_permutation(&[2, 0, 1]), Ok(()));
/// assert_eq!(check_permutation(&[2, 0, 2]), Err(PermutationError::Repeated(2)));
/// assert_eq!(check_permutation(&[3, 0, 1]), Err(PermutationError::OutOfRange { value: 3, n: 3 }));
/// ```
pub fn check_permutation(p: &[u8]) -> Result<(), PermutationError> {
    let n = p.len();
    if n > 256 {
        return Err(PermutationError::TooLong(n));
    }
    let mut seen = [false; 256];
    for &x in p {
        if usize::from(x) >= n {
            return Err(PermutationError::OutOfRange { value: x, n });
        }
        if std::mem::replace(&mut seen[usize::from(x)], true) {
            return Err(PermutationError::Repeated(x));
        }
    }
    Ok(())
}

/// True when `p` holds each of `0..p.len()` exactly once.
pub fn is_permutation(p: &[u8]) -> bool {
    check_permutation(p).is_ok()
}

/// A point a permutation moves: a square (`u8`, arrangements of up to 256)
/// or a point of a permutation group (`u32`).
pub trait Point: Copy {
    /// The point as an index.
    fn index(self) -> usize;
    /// The point of index `i` (below the type's bound).
    fn at(i: usize) -> Self;
}

impl Point for u8 {
    fn index(self) -> usize {
        usize::from(self)
    }
    fn at(i: usize) -> u8 {
        i as u8
    }
}

impl Point for u32 {
    fn index(self) -> usize {
        self as usize
    }
    fn at(i: usize) -> u32 {
        i as u32
    }
}

/// The product `p·q`, first `p`, then `q`: `compose(p, q)[i] = q[p[i]]`.
///
/// ```
/// use schofield::perm::compose;
/// // (0 1) then (1 2) is (0 2 1): 0 goes to 1, then to 2.
/// assert_eq!(compose(&[1u8, 0, 2], &[0, 2, 1]), vec![2, 0, 1]);
/// ```
pub fn compose<T: Point>(p: &[T], q: &[T]) -> Vec<T> {
    p.iter().map(|&x| q[x.index()]).collect()
}

/// The inverse permutation: `inverse(p)[p[i]] = i`.
pub fn inverse<T: Point>(p: &[T]) -> Vec<T> {
    let mut inv = vec![T::at(0); p.len()];
    for (i, &x) in p.iter().enumerate() {
        inv[x.index()] = T::at(i);
    }
    inv
}

/// The transpositions `(i j)` that, applied in order to the positions of
/// `from`, turn it into `to` (both arrangements of the same distinct items):
/// at most `n − 1` of them, one fewer than the cycle length for each cycle.
pub fn transpositions_between(from: &[u8], to: &[u8]) -> Vec<(usize, usize)> {
    let mut cur = from.to_vec();
    let mut where_is = vec![0usize; 256];
    for (i, &x) in cur.iter().enumerate() {
        where_is[usize::from(x)] = i;
    }
    let mut out = Vec::new();
    for i in 0..cur.len() {
        if cur[i] != to[i] {
            let j = where_is[usize::from(to[i])];
            out.push((i, j));
            let (a, b) = (cur[i], cur[j]);
            cur.swap(i, j);
            where_is[usize::from(a)] = j;
            where_is[usize::from(b)] = i;
        }
    }
    out
}

/// A 3-cycle on positions `(i, j, k)`: the item at `i` moves to `j`, the one
/// at `j` to `k`, the one at `k` to `i`.
pub type ThreeCycle = (usize, usize, usize);

/// Applies a 3-cycle of positions to `items`.
pub fn apply_three_cycle<T: Copy>(items: &mut [T], (i, j, k): ThreeCycle) {
    let (a, b, c) = (items[i], items[j], items[k]);
    items[j] = a;
    items[k] = b;
    items[i] = c;
}

/// The 3-cycles of positions that, applied in order, turn `from` into `to`
/// (arrangements of the same distinct items, differing by an even
/// permutation): position by position, the item wanted at `i` is brought in
/// by a 3-cycle through `i`, its current position and a spare position
/// further on. The last two positions need no spare: if the permutation is
/// even they come right by themselves. Returns `None` for an odd permutation.
///
/// ```
/// use schofield::perm::{apply_three_cycle, three_cycles_between};
/// let from = [3u8, 4, 0, 2, 1, 5];
/// let to = [0u8, 5, 1, 4, 3, 2];
/// let cycles = three_cycles_between(&from, &to).unwrap();
/// let mut cur = from;
/// for c in cycles {
///     apply_three_cycle(&mut cur, c);
/// }
/// assert_eq!(cur, to);
/// assert!(three_cycles_between(&[1u8, 0, 2], &[0u8, 1, 2]).is_none());
/// ```
pub fn three_cycles_between(from: &[u8], to: &[u8]) -> Option<Vec<ThreeCycle>> {
    let n = from.len();
    let mut cur = from.to_vec();
    let mut out = Vec::new();
    for i in 0..n.saturating_sub(2) {
        if cur[i] == to[i] {
            continue;
        }
        let at = (i + 1..n).find(|&p| cur[p] == to[i])?;
        let spare = if at == i + 1 { i + 2 } else { i + 1 };
        // at → i, i → spare, spare → at.
        let c = (at, i, spare);
        apply_three_cycle(&mut cur, c);
        out.push(c);
    }
    (cur == to).then_some(out)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn multiset_ranks_round_trip() {
        let counts = [2u8, 1, 2];
        let n = multinomial(&counts).unwrap();
        assert_eq!(n, 30);
        let mut seen = std::collections::HashSet::new();
        let mut out = [0u8; 5];
        for r in 0..n {
            multiset_unrank(r, &counts, &mut out);
            assert_eq!(multiset_rank(&out, &counts), r);
            seen.insert(out);
        }
        assert_eq!(seen.len(), 30);
    }

    /// Ranks are the lexicographic order: rank 0 is sorted and each next
    /// rank the next arrangement; among them a multiset whose count of
    /// arrangements is near the top of `u64` (products are taken wider).
    #[test]
    fn multiset_ranks_are_the_lexicographic_order() {
        for counts in [
            vec![1u8, 1, 1, 1],
            vec![3, 2, 2, 1],
            vec![0, 2, 0, 3],
            vec![4, 4],
        ] {
            let size: usize = counts.iter().map(|&c| usize::from(c)).sum();
            let mut p: Vec<u8> = (0..counts.len() as u8)
                .flat_map(|v| std::iter::repeat_n(v, usize::from(counts[usize::from(v)])))
                .collect();
            let mut out = vec![0u8; size];
            for r in 0..multinomial(&counts).unwrap() {
                multiset_unrank(r, &counts, &mut out);
                assert_eq!(out, p, "{counts:?} rank {r}");
                assert_eq!(multiset_rank(&p, &counts), r);
                next_lex(&mut p);
            }
        }
        // 21 slots, two pairs: 21!/4 arrangements, whose products by a
        // count of two pass u64.
        let mut counts = [1u8; 19];
        counts[..2].copy_from_slice(&[2, 2]);
        let n = multinomial(&counts).unwrap();
        assert!(n.checked_mul(2).is_none(), "{n}");
        let mut out = [0u8; 21];
        for r in [0, 1, n / 3, n / 2 + 12_345, n - 2, n - 1] {
            multiset_unrank(r, &counts, &mut out);
            assert_eq!(multiset_rank(&out, &counts), r);
        }
    }

    #[test]
    fn lexicographic_ranks_are_the_lehmer_ranks_and_parity_the_cycles() {
        for n in [1usize, 2, 5, 9, 11, 16, 20] {
            let count = checked_factorial::<u64>(n).unwrap();
            let weights: Vec<u64> = (0..n)
                .map(|i| checked_factorial::<u64>(n - 1 - i).unwrap())
                .collect();
            for r in (0..count).step_by((count / 997).max(1) as usize) {
                let p = lex_unrank(r, n);
                assert_eq!(lex_rank(&p), r);
                if n <= 16 {
                    assert_eq!(lehmer_rank(p.iter().copied(), weights.iter().copied()), r);
                }
                let transpositions: usize = cycles(&p).iter().map(|c| c.len() - 1).sum();
                assert_eq!(is_even(&p), transpositions.is_multiple_of(2), "{p:?}");
            }
        }
    }

    #[test]
    fn division_by_multiplication_is_division() {
        let mut rng = fastrand::Rng::with_seed(15);
        let mut divisors: Vec<u64> = (1..3000)
            .chain([12, 60, 360, 2520, 20_160, 181_440, 1_814_400, 19_958_400])
            .chain([
                u64::from(u32::MAX),
                1 << 31,
                1 << 40,
                u64::MAX - 1,
                u64::MAX,
            ])
            .collect();
        divisors.extend((0..2000).map(|_| rng.u64(1..)));
        divisors.extend((0..2000).map(|_| rng.u64(1..1 << 40)));
        for d in divisors {
            let div = Divisor::new(d).unwrap();
            let edges = [
                0,
                1,
                d - 1,
                d,
                d.wrapping_add(1),
                u64::from(u32::MAX),
                u64::MAX - 1,
                u64::MAX,
            ];
            let mut random: Vec<u64> = (0..100).map(|_| rng.u64(..)).collect();
            random.extend((0..100).map(|_| u64::from(rng.u32(..))));
            for x in edges.into_iter().chain(random) {
                assert_eq!(div.div_rem(x), (x / d, x % d), "{x} / {d}");
            }
        }
        assert!(Divisor::new(0).is_none());
    }

    #[test]
    fn the_unranker_splits_every_rank_as_division_does() {
        for (n, k) in [(16, 8), (16, 7), (12, 5), (9, 9)] {
            let l = Lehmer::<u32>::placements(n, k).unwrap();
            for lead in 1..=k.min(5) {
                let u = Unranker::with_leading(&l, lead);
                for r in (0..l.count()).step_by((l.count() / 5000).max(1) as usize) {
                    assert_eq!(u.unrank(r), l.unrank(r), "{n} {k} {lead} {r}");
                }
                assert_eq!(u.unrank(l.count() - 1), l.unrank(l.count() - 1));
            }
        }
    }

    #[test]
    fn the_table_ranker_is_the_lehmer_rank_of_every_small_permutation() {
        for m in 2..=8 {
            let l = Lehmer::<u32>::even(m).unwrap();
            let fast = SmallRanker::even(m).unwrap();
            for r in 0..factorial(m) {
                // Both parities: the two orders sharing a sequence number.
                let p = lex_unrank(r, m);
                let packed = p
                    .iter()
                    .enumerate()
                    .fold(0u64, |a, (i, &x)| a | u64::from(x) << (4 * i));
                let want = l.rank_packed(packed);
                assert_eq!(fast.rank_packed(packed), want, "m = {m}, {p:?}");
                assert_eq!(fast.rank_fields(fields(&p)), want, "m = {m}, {p:?}");
            }
        }
        // Larger ones are not its business.
        assert!(SmallRanker::even(9).is_none());
    }

    #[test]
    fn every_rank_is_the_one_lehmer_rank() {
        // The placements rank of k = n equals the lexicographic rank, and
        // k = n − 2 equals the sequence number, on all of S6.
        let full = Lehmer::<u64>::placements(6, 6).unwrap();
        let even = Lehmer::<u32>::even(6).unwrap();
        for r in 0..720 {
            let p = lex_unrank(r, 6);
            assert_eq!(full.rank(p.iter().copied()), r);
            assert_eq!(u64::from(even.rank(p.iter().copied())), r / 2);
        }
        assert_eq!(
            Lehmer::<u64>::placements(16, 16).unwrap().count(),
            factorial(16)
        );
        assert!(Lehmer::<u64>::placements(17, 1).is_none());
        assert!(Lehmer::<u32>::placements(3, 4).is_none());
    }

    #[test]
    fn rank_unrank_all_of_s5() {
        for r in 0..120 {
            let p = lex_unrank(r, 5);
            assert!(is_permutation(&p));
            assert_eq!(lex_rank(&p), r);
        }
    }

    #[test]
    fn even_permutations_in_sequence_order() {
        fn check<const N: usize>() {
            let all = even_permutations::<N>();
            assert_eq!(all.len() as u64, factorial(N) / 2);
            for (s, p) in all.iter().enumerate() {
                assert!(is_even(p));
                assert_eq!(even_rank(p), s as u64);
                // From the tables up to 8 entries, by Lehmer digits above.
                assert_eq!(even_rank_array(p), s as u32);
                assert_eq!(even_unrank(s as u64, N), p.to_vec());
            }
        }
        check::<3>();
        check::<4>();
        check::<5>();
        check::<6>();
        check::<7>();
        check::<8>();
        check::<9>();
    }

    #[test]
    fn cycles_round_trip() {
        let p = parse_cycles("(132)(67)", 8).unwrap();
        assert_eq!(format_cycles(&p), "(132)(67)");
        assert!(!is_even(&p));
        assert_eq!(parse_cycles("I", 8).unwrap(), (0..8).collect::<Vec<u8>>());
    }

    #[test]
    fn cycle_errors() {
        assert_eq!(parse_cycles("(1(2)", 8), Err(CycleError::Unbalanced));
        assert_eq!(parse_cycles("(12", 8), Err(CycleError::Unclosed));
        assert_eq!(
            parse_cycles("(19)", 8),
            Err(CycleError::OutOfRange { element: 9, n: 8 })
        );
        assert_eq!(parse_cycles("(12)(23)", 8), Err(CycleError::Repeated(2)));
        assert_eq!(parse_cycles("12", 8), Err(CycleError::OutsideCycle));
        assert_eq!(parse_cycles("(1x)", 8), Err(CycleError::BadCharacter('x')));
    }

    #[test]
    fn transpositions_sort() {
        let from = [3u8, 1, 0, 2];
        let to = [0u8, 1, 2, 3];
        let ts = transpositions_between(&from, &to);
        let mut cur = from.to_vec();
        for (i, j) in &ts {
            cur.swap(*i, *j);
        }
        assert_eq!(cur, to);
        assert_eq!(ts.len(), 2);
    }
}
