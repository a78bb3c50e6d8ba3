//! The Lehmer code as a rank: the weights of one kind of rank, ranking and
//! unranking with a nibble list of the values still free, the unranker of
//! a table of leading parts, and division by a constant as a multiplication.

use super::*;

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
