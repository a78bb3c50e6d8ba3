//! Counting and ranking permutations: factorials and placements with
//! checked arithmetic, the Lehmer code, lexicographic and sequence-number
//! ranks and their inverses, ranks of a multiset's arrangements (an orbit
//! of identical pieces), and the table-driven rankers of inner loops
//! (sequence numbers of at most 8 entries from two tables made at compile
//! time, digits from a table of leading parts).

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

/// The one ranking of the crate: the weighted sum `Σ d_i w_i` of the Lehmer
/// digits `d_i = #{j > i : v[j] < v[i]}` of a sequence of distinct values
/// below 16, over as many leading entries as there are weights. Every rank
/// in the crate is this sum with other weights ([`Lehmer`]): the
/// lexicographic rank (`w_i = (n−1−i)!`), Schofield's sequence number
/// (`(n−1−i)!/2`, leaving out the last two digits) and the rank of a
/// placement of `k` of `n` items (`(n−1−i)!/(n−k)!`).
///
/// Nibble `v` of `ranks` holds the rank of value `v` among the values not
/// yet read, which is the digit it would get next; reading `c` lowers the
/// rank of every larger value by one. No popcount is needed, and the digits
/// do not depend on one another, so the sum has no long dependency chain.
///
/// ```
/// use schofield::perm::lehmer_rank;
/// // 2 0 1: digits 2, 0 with weights 2!, 1!.
/// assert_eq!(lehmer_rank([2u8, 0, 1], [2u64, 1]), 4);
/// ```
#[inline(always)]
pub fn lehmer_rank<W: num_traits::PrimInt + From<u8>>(
    values: impl IntoIterator<Item = u8>,
    weights: impl IntoIterator<Item = W>,
) -> W {
    let mut ranks: u64 = IDENTITY_LIST;
    let mut r = W::zero();
    for (c, w) in values.into_iter().zip(weights) {
        let shift = 4 * u32::from(c);
        let d = ((ranks >> shift) & 0xf) as u8;
        r = r + <W as From<u8>>::from(d) * w;
        ranks = ranks.wrapping_sub((ONES << shift) << 4);
    }
    r
}

/// The weights of [`lehmer_rank`] for one kind of rank, in an integer type
/// wide enough for it (`u32` for sequence numbers and database placements,
/// `u64` for the lexicographic rank of 16 items), computed once with checked
/// arithmetic.
///
/// ```
/// use schofield::perm::Lehmer;
/// // Placements of 7 tiles on the 16 cells: 16!/9! of them.
/// let l = Lehmer::<u32>::placements(16, 7).unwrap();
/// assert_eq!(l.count(), 57_657_600);
/// assert_eq!(l.rank([0u8, 1, 2, 3, 4, 5, 6]), 0);
/// assert_eq!(l.rank([15u8, 14, 13, 12, 11, 10, 9]), 57_657_599);
/// // Schofield's sequence numbers of A8: 8!/2.
/// assert_eq!(Lehmer::<u32>::even(8).unwrap().count(), 20_160);
/// assert!(Lehmer::<u32>::placements(16, 16).is_none()); // 16! > u32::MAX
/// ```
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Lehmer<W> {
    weights: [W; 16],
    digits: usize,
    count: W,
}

/// The values `0 … 15` as a nibble list, in order.
pub(crate) const IDENTITY_LIST: u64 = 0xfedc_ba98_7654_3210;
/// A 1 in each of the 16 nibbles: multiplying a nibble list by it sums
/// the nibbles at and below each place.
pub(crate) const ONES: u64 = 0x1111_1111_1111_1111;

impl<W: num_traits::PrimInt + From<u8>> Lehmer<W> {
    /// Ranks placements of `k` of `n ≤ 16` items in order: weights
    /// `(n−1−i)!/(n−k)!`, ranks `0 … n!/(n−k)! − 1`. `None` when `n > 16`,
    /// `k > n`, or the count does not fit in `W`.
    pub fn placements(n: usize, k: usize) -> Option<Lehmer<W>> {
        if n > 16 || k > n {
            return None;
        }
        let count = checked_placements::<W>(n, k)?;
        let mut weights = [W::zero(); 16];
        for (i, w) in weights.iter_mut().enumerate().take(k) {
            // (n−1−i)! / (n−k)!: the placements of the k−1−i entries after i.
            *w = checked_placements::<W>(n - 1 - i, k - 1 - i)?;
        }
        Some(Lehmer {
            weights,
            digits: k,
            count,
        })
    }

    /// Schofield's sequence numbers of the even permutations of `n`
    /// items: the placements of the first `n − 2` (the last two follow from
    /// the parity).
    pub fn even(n: usize) -> Option<Lehmer<W>> {
        Self::placements(n, n.checked_sub(2)?)
    }

    /// How many ranks there are.
    pub fn count(&self) -> W {
        self.count
    }

    /// The weights of the leading digits.
    pub fn weights(&self) -> &[W] {
        &self.weights[..self.digits]
    }

    /// The rank of the leading entries of `values` (as many as there are
    /// digits; any further entries are ignored).
    #[inline(always)]
    pub fn rank(&self, values: impl IntoIterator<Item = u8>) -> W {
        lehmer_rank(values, self.weights[..self.digits].iter().copied())
    }

    /// The leading entries whose [`Lehmer::rank`] is `r` (`r` below
    /// [`Lehmer::count`]), the inverse of the rank; the entries past the
    /// digits are 0.
    ///
    /// ```
    /// use schofield::perm::Lehmer;
    /// let l = Lehmer::<u32>::placements(16, 8).unwrap();
    /// let cells = [3u8, 15, 0, 7, 9, 1, 12, 4];
    /// let back = l.unrank(l.rank(cells));
    /// assert_eq!(back[..8], cells);
    /// ```
    #[inline]
    pub fn unrank(&self, r: W) -> [u8; 16] {
        from_digits(self.digits(r), self.digits)
    }

    /// The Lehmer digits of rank `r`, packed in nibbles (digit `i` in bits
    /// `4i … 4i+3`), by division ([`Unranker::digits`] reads them from
    /// tables).
    #[inline]
    pub fn digits(&self, mut r: W) -> u64 {
        let mut digits = 0u64;
        for (i, &w) in self.weights[..self.digits].iter().enumerate() {
            let d = r / w;
            r = r - d * w;
            digits |= d.to_u64().expect("a digit below 16") << (4 * i);
        }
        digits
    }

    /// The rank of a list packed in nibbles (entry `i` in bits `4i … 4i+3`).
    #[inline(always)]
    pub fn rank_packed(&self, list: u64) -> W {
        self.rank((0..16).map(|i| ((list >> (4 * i)) & 0xf) as u8))
    }
}

/// The entries whose Lehmer digits (packed in nibbles, digit `i` in bits
/// `4i … 4i+3`) are `digits`: entry `i` is the `dᵢ`-th smallest value not
/// taken by the entries before it.
#[inline]
fn from_digits(digits: u64, k: usize) -> [u8; 16] {
    let mut out = [0u8; 16];
    let mut unused = IDENTITY_LIST;
    for (i, o) in out.iter_mut().enumerate().take(k) {
        let (value, rest) = take_nth(unused, (digits >> (4 * i)) & 0xf);
        *o = value as u8;
        unused = rest;
    }
    out
}

/// Entry `d` of a list of values packed in nibbles (the values not yet
/// used, in order), and the list without it, the entries above moving
/// down one place: one step of turning Lehmer digits into entries.
#[inline(always)]
pub(crate) fn take_nth(list: u64, d: u64) -> (u64, u64) {
    let shift = 4 * d as u32;
    let below = list & ((1u64 << shift) - 1);
    (
        (list >> shift) & 0xf,
        below | ((list >> shift) >> 4) << shift,
    )
}

/// A faster [`Lehmer::unrank`] for placement ranks in `u32`, for inner
/// loops: one division (by multiplication, [`Divisor`]) splits the rank
/// into its leading and trailing digits, and two tables give each half's
/// digits.
///
/// ```
/// use schofield::perm::{Lehmer, Unranker};
/// let l = Lehmer::<u32>::placements(16, 8).unwrap();
/// let u = Unranker::new(&l);
/// for r in [0, 1, 11_879, 11_880, 518_918_399, 123_456_789] {
///     assert_eq!(u.unrank(r), l.unrank(r));
/// }
/// ```
#[derive(Debug, Clone)]
pub struct Unranker {
    digits: usize,
    /// The number of leading digits.
    lead: usize,
    /// The rank of one step of the leading digits, divided by
    /// multiplication ([`Unranker::parts`]).
    split: Divisor,
    /// Digits of each leading part, packed.
    high: Vec<u64>,
    /// Digits of each trailing part, packed (shifted into place).
    low: Vec<u64>,
}

impl Unranker {
    /// The tables for `ranks`: at most four leading digits, the rest
    /// trailing (a few hundred KB for 16 cells).
    pub fn new(ranks: &Lehmer<u32>) -> Unranker {
        Self::with_leading(ranks, 4)
    }

    /// The tables for `ranks` with at most `lead` leading digits: more
    /// leading digits make a longer table of leading parts and a shorter
    /// one of trailing parts.
    pub fn with_leading(ranks: &Lehmer<u32>, lead: usize) -> Unranker {
        let k = ranks.digits;
        let lead = k.min(lead);
        let w = ranks.weights();
        let split = if lead == 0 { 1 } else { w[lead - 1] };
        let digits_of = |mut r: u32, from: usize, to: usize| -> u64 {
            let mut d = 0u64;
            for (i, &wi) in w.iter().enumerate().take(to).skip(from) {
                let x = r / wi;
                r -= x * wi;
                d |= u64::from(x) << (4 * i);
            }
            d
        };
        // Leading digits: the ranks h · split; trailing: the remainders.
        let high = (0..ranks.count / split)
            .map(|h| digits_of(h * split, 0, lead))
            .collect();
        let low = (0..split).map(|l| digits_of(l, lead, k)).collect();
        Unranker {
            digits: k,
            lead,
            split: Divisor::new(u64::from(split)).expect("a weight is at least 1"),
            high,
            low,
        }
    }

    /// The entries of rank `r` (as [`Lehmer::unrank`]).
    #[inline]
    pub fn unrank(&self, r: u32) -> [u8; 16] {
        from_digits(self.digits(r), self.digits)
    }

    /// The Lehmer digits of rank `r`, packed in nibbles (digit `i` in bits
    /// `4i … 4i+3`).
    #[inline]
    pub fn digits(&self, r: u32) -> u64 {
        let (h, low) = self.parts(r);
        self.high[h] | low
    }

    /// Rank `r` in two parts: the index of its leading part (its digits are
    /// [`Unranker::leading`]`()[index]`) and the digits of its trailing
    /// part; [`Unranker::digits`] is the two together.
    #[inline]
    pub fn parts(&self, r: u32) -> (usize, u64) {
        let (h, l) = self.split.div_rem(u64::from(r));
        (h as usize, self.low[l as usize])
    }

    /// The digits of every leading part, by index, and how many leading
    /// digits they hold.
    pub fn leading(&self) -> (&[u64], usize) {
        (&self.high, self.lead)
    }
}

/// A divisor fixed once and then divided by many times, by a
/// multiplication instead of a division (the searches' inner loops split
/// indices this way). The reciprocal `⌊(2⁶⁴ − 1) / d⌋` is short of
/// `2⁶⁴ / d` by at most one, which costs a numerator `x < 2⁶⁴` less than one
/// in the quotient: the first quotient is the true one or one less, and
/// the remainder tells which.
///
/// ```
/// use schofield::perm::Divisor;
/// let d = Divisor::new(60).unwrap();
/// assert_eq!(d.div_rem(12_345), (205, 45));
/// ```
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Divisor {
    d: u64,
    reciprocal: u64,
}

impl Divisor {
    /// The divisor `d`; `None` for 0.
    pub fn new(d: u64) -> Option<Divisor> {
        (d != 0).then(|| Divisor {
            d,
            reciprocal: u64::MAX / d,
        })
    }

    /// The divisor itself.
    #[inline(always)]
    pub fn get(self) -> u64 {
        self.d
    }

    /// `(x / d, x % d)`.
    #[inline(always)]
    pub fn div_rem(self, x: u64) -> (u64, u64) {
        let q = ((u128::from(x) * u128::from(self.reciprocal)) >> 64) as u64;
        let r = x - q * self.d;
        let over = r >= self.d;
        (q + u64::from(over), r - if over { self.d } else { 0 })
    }
}

/// A faster sequence number ([`Lehmer::even`], [`even_rank_array`]) for
/// permutations of at most 8 entries (the eight-puzzle's positions and the
/// tile orders of the 3×3 and smaller boards), for inner loops: two lookups
/// in tables of 8 KB, computed at compile time, and an add.
///
/// A Lehmer digit counts the smaller values not yet used; for one of the
/// first four entries that depends on the first four values only, and for
/// one of the last four it is the number of smaller values after it, which
/// depends on the last four only. So each half of the list (its values
/// below 8 need three bits each, twelve a half) indexes a table of its
/// digits' share of the sequence number.
///
/// ```
/// use schofield::perm::{Lehmer, SmallRanker};
/// let l = Lehmer::<u32>::even(8).unwrap();
/// let r = SmallRanker::even(8).unwrap();
/// let list: u64 = 0x6231_7045; // entries 5 4 0 7 1 3 2 6, a nibble each
/// assert_eq!(r.rank_packed(list), l.rank_packed(list));
/// ```
#[derive(Debug, Clone, Copy)]
pub struct SmallRanker {
    /// The first four entries' share, by their values (three bits each).
    first: &'static [u16; 4096],
    /// The last four entries' share, likewise.
    last: &'static [u16; 4096],
}

/// The two tables of [`SmallRanker`] for permutations of `M` entries.
struct EvenShares<const M: usize>;

impl<const M: usize> EvenShares<M> {
    const FIRST: [u16; 4096] = even_shares(&HalfFactorials::<M>::WEIGHTS, 0, M.saturating_sub(2));
    const LAST: [u16; 4096] = even_shares(&HalfFactorials::<M>::WEIGHTS, 4, M.saturating_sub(2));
    const RANKER: SmallRanker = SmallRanker {
        first: &Self::FIRST,
        last: &Self::LAST,
    };
}

/// The two tables of [`SmallRanker::lex`] for permutations of `M` entries: the
/// lexicographic rank, whose weights are `(M−1−i)!`.
struct LexShares<const M: usize>;

impl<const M: usize> LexShares<M> {
    const WEIGHTS: [u32; M] = {
        let mut w = [0u32; M];
        let mut i = 0;
        while i < M {
            w[i] = factorial(M - 1 - i) as u32;
            i += 1;
        }
        w
    };
    const FIRST: [u16; 4096] = even_shares(&Self::WEIGHTS, 0, M.saturating_sub(1));
    const LAST: [u16; 4096] = even_shares(&Self::WEIGHTS, 4, M.saturating_sub(1));
    const RANKER: SmallRanker = SmallRanker {
        first: &Self::FIRST,
        last: &Self::LAST,
    };
}

/// The share in a rank of `m = weights.len()` entries of the four entries
/// at `offset … offset + 3`, for every choice of their values (the 3-bit
/// fields of the index), with the digits' `weights` (of
/// [`even_rank_array`], or the lexicographic rank's); only the first
/// `digits` digits count. Only the halves of permutations are looked up;
/// the other entries may say anything.
const fn even_shares(weights: &[u32], offset: usize, digits: usize) -> [u16; 4096] {
    let m = weights.len();
    let mut table = [0u16; 4096];
    let mut index = 0;
    while index < 4096 {
        let mut r = 0u64;
        let mut i = 0;
        // Digits 0 … digits − 1 carry the rank.
        while i < 4 && offset + i < digits {
            let v = field(index, i);
            let mut d = 0;
            if offset == 0 {
                // Smaller values not used before it.
                let mut used = 0;
                let mut j = 0;
                while j < i {
                    used += (field(index, j) < v) as usize;
                    j += 1;
                }
                d = v.saturating_sub(used);
            } else {
                // Smaller values after it.
                let mut j = i + 1;
                while j < 4 && offset + j < m {
                    d += (field(index, j) < v) as usize;
                    j += 1;
                }
            }
            r += d as u64 * weights[offset + i] as u64;
            i += 1;
        }
        table[index] = if r > u16::MAX as u64 {
            u16::MAX
        } else {
            r as u16
        };
        index += 1;
    }
    table
}

/// The 3-bit field `i` of `index`.
const fn field(index: usize, i: usize) -> usize {
    (index >> (3 * i)) & 7
}

impl SmallRanker {
    /// The ranker of sequence numbers of `M` entries, `M` at most 8 (a
    /// larger `M` does not compile).
    pub const fn of<const M: usize>() -> SmallRanker {
        const { assert!(M <= 8, "the table ranker takes at most 8 entries") };
        EvenShares::<M>::RANKER
    }

    /// The ranker of sequence numbers of `m` entries; `None` unless `m`
    /// is at most 8.
    pub fn even(m: usize) -> Option<SmallRanker> {
        Some(match m {
            0 => Self::of::<0>(),
            1 => Self::of::<1>(),
            2 => Self::of::<2>(),
            3 => Self::of::<3>(),
            4 => Self::of::<4>(),
            5 => Self::of::<5>(),
            6 => Self::of::<6>(),
            7 => Self::of::<7>(),
            8 => Self::of::<8>(),
            _ => return None,
        })
    }

    /// The ranker of lexicographic ranks ([`lex_rank`]) of permutations of
    /// `m` entries; `None` unless `m` is at most 8.
    ///
    /// ```
    /// use schofield::perm::{SmallRanker, fields, lex_rank};
    /// let r = SmallRanker::lex(5).unwrap();
    /// let p = [3u8, 0, 4, 1, 2];
    /// assert_eq!(u64::from(r.rank_fields(fields(&p))), lex_rank(&p));
    /// ```
    pub fn lex(m: usize) -> Option<SmallRanker> {
        Some(match m {
            0 => LexShares::<0>::RANKER,
            1 => LexShares::<1>::RANKER,
            2 => LexShares::<2>::RANKER,
            3 => LexShares::<3>::RANKER,
            4 => LexShares::<4>::RANKER,
            5 => LexShares::<5>::RANKER,
            6 => LexShares::<6>::RANKER,
            7 => LexShares::<7>::RANKER,
            8 => LexShares::<8>::RANKER,
            _ => return None,
        })
    }

    /// Four nibbles (values below 8) as four 3-bit fields.
    #[inline(always)]
    fn squeeze(x: u64) -> usize {
        ((x & 0x7) | ((x >> 1) & 0x38) | ((x >> 2) & 0x1c0) | ((x >> 3) & 0xe00)) as usize
    }

    /// The sequence number of a permutation packed in nibbles (entry `i`
    /// in bits `4i … 4i+3`), as [`Lehmer::rank_packed`].
    #[inline]
    pub fn rank_packed(&self, list: u64) -> u32 {
        u32::from(self.first[Self::squeeze(list)]) + u32::from(self.last[Self::squeeze(list >> 16)])
    }

    /// The sequence number of a permutation of at most 8 entries packed in
    /// 3-bit fields ([`fields`]).
    #[inline]
    pub fn rank_fields(&self, fields: u32) -> u32 {
        u32::from(self.first[(fields & 0xfff) as usize])
            + u32::from(self.last[(fields >> 12 & 0xfff) as usize])
    }
}

/// Up to 8 entries below 8 packed in 3-bit fields, entry `i` in bits
/// `3i … 3i+2`, as [`SmallRanker::rank_fields`] takes them. The entries are read
/// one by one, never as a word, so that an array just written a byte at a
/// time is read without waiting.
///
/// ```
/// assert_eq!(schofield::perm::fields(&[1, 0, 2]), 0b010_000_001);
/// ```
#[inline]
pub fn fields(p: &[u8]) -> u32 {
    p.iter()
        .take(8)
        .enumerate()
        .fold(0, |x, (i, &v)| x | u32::from(v & 7) << (3 * i))
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
/// counted in a mask of the values still free and the sum taken in
/// Horner's form. The identity has rank 0, the reversal `n! − 1`.
///
/// ```
/// use schofield::perm::{lex_rank, lex_unrank};
/// assert_eq!(lex_rank(&[0, 1, 2]), 0);
/// assert_eq!(lex_rank(&[2, 1, 0]), 5);
/// assert_eq!(lex_unrank(lex_rank(&[3, 0, 2, 1]), 4), [3, 0, 2, 1]);
/// ```
#[inline]
pub fn lex_rank(p: &[u8]) -> u64 {
    let n = p.len() as u64;
    let mut free: u64 = u64::MAX;
    let mut r = 0u64;
    for (i, &x) in p.iter().enumerate() {
        let below = free & ((1u64 << x) - 1);
        r = r * (n - i as u64) + u64::from(below.count_ones());
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
            acc = acc.checked_mul(total)? / k;
        }
    }
    Some(acc)
}

/// The rank of an arrangement of a multiset (values `0..counts.len()`,
/// value `v` appearing `counts[v]` times) in lexicographic order.
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
    let mut left: Vec<u8> = counts.to_vec();
    let mut rank = 0u64;
    for &x in arr {
        for v in 0..usize::from(x) {
            if left[v] > 0 {
                left[v] -= 1;
                rank += multinomial(&left).unwrap_or(0);
                left[v] += 1;
            }
        }
        left[usize::from(x)] -= 1;
    }
    rank
}

/// The arrangement of a multiset with [`multiset_rank`] `r`, written into
/// `out`.
pub fn multiset_unrank(mut r: u64, counts: &[u8], out: &mut [u8]) {
    let mut left: Vec<u8> = counts.to_vec();
    for o in out.iter_mut() {
        for v in 0..left.len() {
            if left[v] == 0 {
                continue;
            }
            left[v] -= 1;
            let n = multinomial(&left).unwrap_or(0);
            if r < n {
                *o = v as u8;
                break;
            }
            r -= n;
            left[v] += 1;
        }
    }
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
