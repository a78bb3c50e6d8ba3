//! Counting and ranking permutations: factorials and placements with
//! checked arithmetic, the Lehmer code, lexicographic and sequence-number
//! ranks and their inverses, ranks of a multiset's arrangements (an orbit
//! of identical pieces), and the table-driven rankers of inner loops
//! (sequence numbers of at most 8 entries from two tables made at compile
//! time, digits from a table of leading parts).

mod lehmer;
mod small;

pub use lehmer::*;
pub use small::*;

use super::*;

/// `n!` in 64 bits, for the sizes the code itself chooses (`n ≤ 20`).
/// Past `20!` the product would not fit: that stops the program (at compile
/// time in a constant) rather than wrap silently. Sizes that come from
/// users go through [`checked_factorial`].
pub const fn factorial(n: usize) -> u64 {
    let mut f = 1u64;
    let mut k = 2;
    while k <= n {
        f = match f.checked_mul(k as u64) {
            Some(x) => x,
            None => panic!("n! does not fit in 64 bits past n = 20"),
        };
        k += 1;
    }
    f
}

/// `n!` in any primitive integer type, or `None` when it does not fit.
///
/// ```
/// use schofield::perm::checked_factorial;
/// assert_eq!(checked_factorial::<u64>(20), Some(2_432_902_008_176_640_000));
/// assert_eq!(checked_factorial::<u64>(21), None);
/// assert_eq!(checked_factorial::<u32>(12), Some(479_001_600));
/// assert_eq!(checked_factorial::<u32>(13), None);
/// ```
pub fn checked_factorial<T: num_traits::PrimInt>(n: usize) -> Option<T> {
    (2..=n).try_fold(T::one(), |f, k| f.checked_mul(&T::from(k)?))
}

/// `n` choose `r`, the number of sets of `r` of `n` items (0 for `r > n`);
/// for the small `n` of a board, where it cannot overflow.
///
/// ```
/// use schofield::perm::binomial;
/// assert_eq!(binomial(16, 8), 12_870);
/// assert_eq!(binomial(3, 4), 0);
/// ```
pub fn binomial(n: usize, r: usize) -> u64 {
    if r > n {
        return 0;
    }
    (0..r).fold(1u64, |x, i| x * (n - i) as u64 / (i as u64 + 1))
}

/// `n! / (n − k)!`, the number of ways to place `k` of `n` items in order,
/// or `None` when it does not fit in `T` (or `k > n`).
///
/// ```
/// use schofield::perm::checked_placements;
/// assert_eq!(checked_placements::<u64>(16, 8), Some(518_918_400));
/// assert_eq!(checked_placements::<u64>(4, 5), None);
/// ```
pub fn checked_placements<T: num_traits::PrimInt>(n: usize, k: usize) -> Option<T> {
    if k > n {
        return None;
    }
    (n - k + 1..=n).try_fold(T::one(), |f, v| f.checked_mul(&T::from(v)?))
}

/// `0!, 1!, … 16!`.
pub(crate) const FACTORIALS: [u64; 17] = {
    let mut f = [1u64; 17];
    let mut i = 1;
    while i < 17 {
        f[i] = f[i - 1] * i as u64;
        i += 1;
    }
    f
};

/// The lexicographic rank of a permutation of `0..n` (n ≤ 20): its Lehmer
/// code read in the factorial number system, `Σ d_i (n−1−i)!`, each digit
/// counted in a mask of the values still free. The digits are weighed by
/// a table of factorials rather than summed in Horner's form, so that the
/// products do not wait on one another. The identity has rank 0, the
/// reversal `n! − 1`.
///
/// ```
/// use schofield::perm::{lex_rank, lex_unrank};
/// assert_eq!(lex_rank(&[0, 1, 2]), 0);
/// assert_eq!(lex_rank(&[2, 1, 0]), 5);
/// assert_eq!(lex_unrank(lex_rank(&[3, 0, 2, 1]), 4), [3, 0, 2, 1]);
/// ```
#[inline]
pub fn lex_rank(p: &[u8]) -> u64 {
    const WEIGHTS: [u64; 21] = {
        let mut f = [0u64; 21];
        let mut i = 0;
        while i < 21 {
            f[i] = factorial(i);
            i += 1;
        }
        f
    };
    let n = p.len();
    let mut free: u64 = u64::MAX;
    let mut r = 0u64;
    for (i, &x) in p.iter().enumerate() {
        let below = free & ((1u64 << x) - 1);
        r += u64::from(below.count_ones()) * WEIGHTS[n - 1 - i];
        free &= !(1u64 << x);
    }
    r
}

/// The permutation of `0..n` with lexicographic rank `r` (inverse of
/// [`lex_rank`]); `r` must be below `n!`.
pub fn lex_unrank(r: u64, n: usize) -> Vec<u8> {
    let mut out = vec![0u8; n];
    lex_unrank_into(r, &mut out);
    out
}

/// [`lex_unrank`] into `out` (the permutation of `0..out.len()`, at most
/// 20), without allocating.
pub fn lex_unrank_into(mut r: u64, out: &mut [u8]) {
    let n = out.len();
    let mut digits = [0u8; 20];
    for i in (0..n).rev() {
        let base = (n - i) as u64;
        digits[i] = (r % base) as u8;
        r /= base;
    }
    let mut free: u64 = u64::MAX;
    for (o, &d) in out.iter_mut().zip(&digits[..n]) {
        // The d-th smallest value still free.
        let mut f = free;
        for _ in 0..d {
            f &= f - 1;
        }
        let x = f.trailing_zeros();
        free &= !(1 << x);
        *o = x as u8;
    }
}

/// `n! / Π cᵢ!` with `n = Σ cᵢ`: the arrangements of a multiset in which
/// value `i` appears `cᵢ` times; `None` past `u64`.
///
/// ```
/// assert_eq!(schofield::perm::multinomial(&[2, 1, 2]), Some(30));
/// ```
pub fn multinomial(counts: &[u8]) -> Option<u64> {
    let mut total = 0u64;
    let mut acc = 1u64;
    for &c in counts {
        for k in 1..=u64::from(c) {
            total += 1;
            // acc * total / k stays whole: binomial built one step at a time.
            acc = exact_div(acc.checked_mul(total)?, k);
        }
    }
    Some(acc)
}

/// The rank of an arrangement of a multiset (values `0..counts.len()`,
/// value `v` appearing `counts[v]` times) in lexicographic order. The
/// arrangement is the whole multiset (`counts` add up to its length), of
/// at most 256 values.
///
/// ```
/// use schofield::perm::{multiset_rank, multiset_unrank};
/// let counts = [2u8, 1];
/// assert_eq!(multiset_rank(&[0, 0, 1], &counts), 0);
/// assert_eq!(multiset_rank(&[1, 0, 0], &counts), 2);
/// let mut out = [0u8; 3];
/// multiset_unrank(1, &counts, &mut out);
/// assert_eq!(out, [0, 1, 0]);
/// ```
pub fn multiset_rank(arr: &[u8], counts: &[u8]) -> u64 {
    multiset_rank_of(arr, counts, multinomial(counts).unwrap_or(0))
}

/// [`multiset_rank`] where the arrangements' number, `arrangements`, is
/// [`multinomial`]`(counts)` already (a coordinate's, found once rather
/// than for every arrangement a move table ranks).
///
/// ```
/// use schofield::perm::{multinomial, multiset_rank, multiset_rank_of};
/// let counts = [2u8, 1, 2];
/// let n = multinomial(&counts).unwrap();
/// assert_eq!(multiset_rank_of(&[2, 0, 1, 2, 0], &counts, n), multiset_rank(&[2, 0, 1, 2, 0], &counts));
/// ```
pub fn multiset_rank_of(arr: &[u8], counts: &[u8], arrangements: u64) -> u64 {
    debug_assert!(counts.len() <= 256, "at most 256 values");
    debug_assert_eq!(
        counts.iter().map(|&c| usize::from(c)).sum::<usize>(),
        arr.len(),
        "the arrangement is the whole multiset"
    );
    debug_assert_eq!(multinomial(counts), Some(arrangements));
    let (mut left, mut m, mut rem) = multiset_start(counts, arrangements, arr.len());
    let mut rank = 0u64;
    for &x in arr {
        let x = usize::from(x);
        // Of the `m` arrangements of what is left, `m · left[v] / rem`
        // begin with `v`: a whole number for each `v`, so for all those
        // below `x` together too.
        let below: u64 = left[..x].iter().map(|&c| u64::from(c)).sum();
        rank += share(m, below, rem);
        m = share(m, u64::from(left[x]), rem);
        left[x] -= 1;
        rem -= 1;
    }
    rank
}

/// What a multiset's rank and unrank start from: the counts left (at most
/// 256 values), the arrangements of them, and how many places are left.
fn multiset_start(counts: &[u8], arrangements: u64, places: usize) -> ([u8; 256], u64, u64) {
    let mut left = [0u8; 256];
    left[..counts.len()].copy_from_slice(counts);
    (left, arrangements, places as u64)
}

/// `m · c / rem`, a whole number no larger than `m`, the product taken
/// wider where it passes `u64`. The quotient is exact, so a divisor of at
/// most 256 is taken by multiplying (`exact_div`), not dividing: a move
/// table of the Master Skewb's centres ranks sixty million arrangements.
#[inline]
fn share(m: u64, c: u64, rem: u64) -> u64 {
    match m.checked_mul(c) {
        Some(p) => exact_div(p, rem),
        None => (u128::from(m) * u128::from(c) / u128::from(rem)) as u64,
    }
}

/// `x / d` where `d` divides `x`: for `d` up to 256, `x` shifted by `d`'s
/// factors of two and multiplied by the inverse of its odd part modulo
/// 2^64 ([`ODD_INVERSES`]), which is the quotient when the division is
/// exact; past 256, divided.
#[inline]
fn exact_div(x: u64, d: u64) -> u64 {
    match ODD_INVERSES.get(d as usize) {
        Some(&inverse) if d != 0 => (x >> d.trailing_zeros()).wrapping_mul(inverse),
        _ => x / d,
    }
}

/// For each `d` from 0 to 256, the inverse modulo 2^64 of `d`'s odd part
/// (0 for 0), by Newton's iteration: each step doubles the bits correct,
/// and an odd number is its own inverse modulo 8.
const ODD_INVERSES: [u64; 257] = {
    let mut table = [0u64; 257];
    let mut d = 1;
    while d <= 256 {
        let odd = (d as u64) >> (d as u64).trailing_zeros();
        let mut x = odd;
        let mut i = 0;
        while i < 5 {
            x = x.wrapping_mul(2u64.wrapping_sub(odd.wrapping_mul(x)));
            i += 1;
        }
        table[d] = x;
        d += 1;
    }
    table
};

/// The arrangement of a multiset with [`multiset_rank`] `r`, written into
/// `out`.
pub fn multiset_unrank(r: u64, counts: &[u8], out: &mut [u8]) {
    multiset_unrank_of(r, counts, multinomial(counts).unwrap_or(0), out);
}

/// [`multiset_unrank`] where the arrangements' number, `arrangements`, is
/// [`multinomial`]`(counts)` already ([`multiset_rank_of`]).
pub fn multiset_unrank_of(mut r: u64, counts: &[u8], arrangements: u64, out: &mut [u8]) {
    debug_assert_eq!(multinomial(counts), Some(arrangements));
    let (mut left, mut m, mut rem) = multiset_start(counts, arrangements, out.len());
    for o in out.iter_mut() {
        for (v, c) in left.iter_mut().enumerate().take(counts.len()) {
            if *c == 0 {
                continue;
            }
            let beginning = share(m, u64::from(*c), rem);
            if r < beginning {
                *o = v as u8;
                m = beginning;
                *c -= 1;
                break;
            }
            r -= beginning;
        }
        rem -= 1;
    }
}

/// Steps `p` to the next arrangement in lexicographic order (of a
/// permutation, or of a multiset: equal values are not told apart),
/// returning false, and leaving `p` as it was, at the last one. Where
/// arrangements are visited in the order of their ranks ([`lex_rank`],
/// [`multiset_rank`]), this takes a few comparisons and swaps where an
/// unranking takes a division a place.
///
/// ```
/// use schofield::perm::{lex_rank, next_lex};
/// let mut p = [0, 2, 1];
/// assert!(next_lex(&mut p));
/// assert_eq!((p, lex_rank(&p)), ([1, 0, 2], 2));
/// let mut m = [0, 1, 1, 0];
/// assert!(next_lex(&mut m));
/// assert_eq!(m, [1, 0, 0, 1]);
/// let mut last = [2, 1, 0];
/// assert!(!next_lex(&mut last) && last == [2, 1, 0]);
/// ```
pub fn next_lex(p: &mut [u8]) -> bool {
    next_lex_flips(p).is_some()
}

/// [`next_lex`], saying whether the step changed the permutation's parity
/// (`None` at the last arrangement): it swaps two entries and reverses the
/// `k` after the first of them, `1 + ⌊k/2⌋` transpositions in all, so the
/// parity of each next permutation is known without walking its cycles.
///
/// ```
/// use schofield::perm::{is_even, next_lex_flips};
/// let mut p = [0, 1, 2, 3];
/// let mut even = true;
/// while let Some(flip) = next_lex_flips(&mut p) {
///     even ^= flip;
///     assert_eq!(even, is_even(&p));
/// }
/// ```
pub fn next_lex_flips(p: &mut [u8]) -> Option<bool> {
    let n = p.len();
    let i = (1..n).rev().find(|&i| p[i - 1] < p[i])?;
    // The rightmost value past the pivot that is larger than it.
    let j = (i..n)
        .rev()
        .find(|&j| p[j] > p[i - 1])
        .expect("p[i] is one");
    p.swap(i - 1, j);
    p[i..].reverse();
    Some((1 + (n - i) / 2) % 2 == 1)
}

/// Schofield's sequence number (his equation (1)) generalised to even
/// permutations of `0..n`: half the lexicographic rank. Every even
/// permutation gets its own number in `0..n!/2`, the identity 0.
#[inline]
pub fn even_rank(p: &[u8]) -> u64 {
    lex_rank(p) >> 1
}

/// [`even_rank`] for a fixed-size array, unrolled: with `d_i` the Lehmer
/// digits, `⌊rank / 2⌋ = Σ_{i < n−2} d_i (n−1−i)!/2`, because the digit
/// `d_{n−2}` (weight 1) is the only odd term. This is [`lehmer_rank`] with
/// weights computed at compile time.
#[inline]
pub fn even_rank_array<const N: usize>(p: &[u8; N]) -> u32 {
    if N <= 8 {
        // Two lookups in tables computed at compile time.
        EvenShares::<N>::RANKER.rank_fields(fields(p))
    } else {
        lehmer_rank(
            p.iter().copied(),
            HalfFactorials::<N>::WEIGHTS[..N - 2].iter().copied(),
        )
    }
}

/// The weights `(N−1−i)!/2` of [`even_rank_array`], computed at compile time.
struct HalfFactorials<const N: usize>;

impl<const N: usize> HalfFactorials<N> {
    const WEIGHTS: [u32; N] = {
        let mut w = [0u32; N];
        let mut i = 0;
        while i + 2 < N {
            w[i] = (factorial(N - 1 - i) / 2) as u32;
            i += 1;
        }
        w
    };
}

/// Every even permutation of `0..N` in increasing order of sequence number
/// ([`even_rank`]), generated directly: the first `N − 2` entries run
/// through their arrangements in lexicographic order, and the last two
/// values are placed in the one order that makes the permutation even
/// (the inversion parity is kept along the way).
pub fn even_permutations<const N: usize>() -> Vec<[u8; N]> {
    fn fill<const N: usize>(
        p: &mut [u8; N],
        i: usize,
        free: u32,
        odd: bool,
        out: &mut Vec<[u8; N]>,
    ) {
        // The last two entries: a < b add no inversion in order, one
        // swapped.
        let last_two = |p: &mut [u8; N], free: u32, odd: bool| {
            let a = free.trailing_zeros() as u8;
            let b = (free & (free - 1)).trailing_zeros() as u8;
            (p[N - 2], p[N - 1]) = if odd { (b, a) } else { (a, b) };
        };
        if i + 2 == N {
            last_two(p, free, odd);
            out.push(*p);
            return;
        }
        if i + 3 == N {
            // Three values left: each in turn (the k-th smallest makes k
            // inversions), then the last two, without going deeper.
            let mut f = free;
            for k in 0..3 {
                let v = f.trailing_zeros();
                f &= f - 1;
                p[i] = v as u8;
                last_two(p, free & !(1 << v), odd ^ (k == 1));
                out.push(*p);
            }
            return;
        }
        let mut f = free;
        while f != 0 {
            let v = f.trailing_zeros();
            f &= f - 1;
            // Inversions that v makes with the smaller values placed later.
            let below = (free & ((1u32 << v) - 1)).count_ones();
            p[i] = v as u8;
            fill(p, i + 1, free & !(1 << v), odd ^ (below & 1 == 1), out);
        }
    }
    let mut out = Vec::with_capacity(factorial(N) as usize / 2);
    let mut p = [0u8; N];
    fill(&mut p, 0, (1u32 << N) - 1, false, &mut out);
    out
}

/// The even permutation of `0..n` with sequence number `s` (inverse of
/// [`even_rank`]); `s` must be below `n!/2`. Of the two permutations with
/// lexicographic ranks `2s` and `2s + 1`, which differ by a swap of the last
/// two entries, exactly one is even.
pub fn even_unrank(s: u64, n: usize) -> Vec<u8> {
    let mut p = lex_unrank(2 * s, n);
    set_parity(&mut p, false);
    p
}

#[cfg(test)]
mod tests {
    use super::*;

    /// Every divisor the table holds gives the quotient of every multiple
    /// of it, small, large and at the top of `u64`; past the table, the
    /// division.
    #[test]
    fn exact_division_by_multiplying_is_division() {
        for d in 1..=300u64 {
            let top = u64::MAX / d;
            for q in (0..2000).chain([top / 3, top / 2, top - 1, top]) {
                assert_eq!(exact_div(q * d, d), q, "{q} · {d}");
            }
        }
    }
}
