//! The table-driven ranker of inner loops: sequence numbers (or
//! lexicographic ranks) of at most 8 entries as the sum of two shares read
//! from tables made at compile time.

use super::*;

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
pub(super) struct EvenShares<const M: usize>;

impl<const M: usize> EvenShares<M> {
    const FIRST: [u16; 4096] = even_shares(&HalfFactorials::<M>::WEIGHTS, 0, M.saturating_sub(2));
    const LAST: [u16; 4096] = even_shares(&HalfFactorials::<M>::WEIGHTS, 4, M.saturating_sub(2));
    pub(super) const RANKER: SmallRanker = SmallRanker {
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
