//! Permutations of `0..n`: composition, inverse, parity, cycle notation and
//! lexicographic ranking.
//!
//! # Convention (written once, used everywhere)
//!
//! A permutation is a slice `p` with `p[i]` the *image* of `i`. For a puzzle
//! position we store `pieces[square]`, the piece standing on each square
//! (Schofield's `C[i]`); as a permutation that is the map square → piece.
//!
//! [`compose`]`(p, q)` is "first `q`, then `p`": `compose(p, q)[i] = p[q[i]]`.
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

use std::fmt;

/// Why a list is not a permutation of `0..n`.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum PermutationError {
    /// An entry `n` or more.
    OutOfRange {
        /// The entry.
        value: u8,
        /// The number of entries.
        n: usize,
    },
    /// An entry given twice.
    Repeated(u8),
    /// More than 256 entries: more than a byte numbers.
    TooLong(usize),
}

impl fmt::Display for PermutationError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            PermutationError::OutOfRange { value, n } => {
                write!(f, "{value} is out of range; expected 0 to {}", n - 1)
            }
            PermutationError::Repeated(v) => write!(f, "{v} appears twice"),
            PermutationError::TooLong(n) => write!(f, "{n} entries; expected at most 256"),
        }
    }
}

impl std::error::Error for PermutationError {}

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

/// `compose(p, q)[i] = p[q[i]]`: apply `q` first, then `p`.
pub fn compose(p: &[u8], q: &[u8]) -> Vec<u8> {
    q.iter().map(|&x| p[usize::from(x)]).collect()
}

/// The inverse permutation: `inverse(p)[p[i]] = i`.
pub fn inverse(p: &[u8]) -> Vec<u8> {
    let mut inv = vec![0u8; p.len()];
    for (i, &x) in p.iter().enumerate() {
        inv[usize::from(x)] = i as u8;
    }
    inv
}

/// The disjoint cycles of `p`, each starting with its smallest element, in
/// increasing order of that element; fixed points are left out.
pub fn cycles(p: &[u8]) -> Vec<Vec<u8>> {
    let mut done = vec![false; p.len()];
    let mut out = Vec::new();
    for start in 0..p.len() {
        if done[start] {
            continue;
        }
        let mut cycle = Vec::new();
        let mut i = start;
        while !done[i] {
            done[i] = true;
            cycle.push(i as u8);
            i = usize::from(p[i]);
        }
        if cycle.len() > 1 {
            out.push(cycle);
        }
    }
    out
}

/// Parity by cycles in O(n): a cycle of length `k` is `k − 1` transpositions.
/// Returns `true` for an even permutation.
pub fn is_even(p: &[u8]) -> bool {
    let transpositions: usize = cycles(p).iter().map(|c| c.len() - 1).sum();
    transpositions.is_multiple_of(2)
}

/// Cycle notation in Schofield's compact form, `(132)(67)`; the identity is
/// written `()`.
pub fn format_cycles(p: &[u8]) -> String {
    let cs = cycles(p);
    if cs.is_empty() {
        return "()".to_string();
    }
    let mut s = String::new();
    for c in cs {
        s.push('(');
        for x in c {
            s.push_str(&x.to_string());
        }
        s.push(')');
    }
    s
}

/// Why a piece of cycle notation could not be read.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum CycleError {
    /// A character that is neither a digit, a parenthesis nor white space.
    BadCharacter(char),
    /// A parenthesis opened inside another, or closed without being opened.
    Unbalanced,
    /// The text ended inside a cycle.
    Unclosed,
    /// A digit outside `0..n`.
    OutOfRange {
        /// The element named.
        element: u8,
        /// The number of elements permuted.
        n: usize,
    },
    /// An element named twice (in one cycle or in two).
    Repeated(u8),
    /// Digits outside any parenthesis.
    OutsideCycle,
    /// Cycle notation is read for permutations of 1 to 10 elements (single
    /// digits); this many was asked for.
    Size(usize),
}

impl fmt::Display for CycleError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            CycleError::BadCharacter(c) => write!(
                f,
                "unexpected character {} in cycle notation; expected digits in parentheses, like (01)(3465)",
                crate::text::quoted_char(*c)
            ),
            CycleError::Unbalanced => write!(
                f,
                "unbalanced parentheses in cycle notation; expected cycles like (01)(3465)"
            ),
            CycleError::Unclosed => {
                write!(f, "cycle notation ends inside a cycle: a ')' is missing")
            }
            CycleError::OutOfRange { element, n } => write!(
                f,
                "square {element} in cycle notation is out of range; squares are 0 to {}",
                n - 1
            ),
            CycleError::Repeated(x) => write!(
                f,
                "square {x} appears twice in cycle notation; cycles must be disjoint"
            ),
            CycleError::Size(n) => write!(
                f,
                "cycle notation is read for 1 to 10 elements (single digits), not {n}"
            ),
            CycleError::OutsideCycle => write!(
                f,
                "digits outside parentheses in cycle notation; write each cycle in parentheses, like (01)(3465)"
            ),
        }
    }
}

impl std::error::Error for CycleError {}

/// Reads cycle notation such as `(132)(67)` or `(1 3 2) (6 7)` into the
/// permutation of `0..n` it denotes. `()` and `I` (Schofield's identity)
/// denote the identity.
pub fn parse_cycles(s: &str, n: usize) -> Result<Vec<u8>, CycleError> {
    if !(1..=10).contains(&n) {
        return Err(CycleError::Size(n));
    }
    let mut p: Vec<u8> = (0..n as u8).collect();
    let mut used = 0u64;
    let trimmed = s.trim();
    if trimmed == "I" || trimmed == "e" {
        return Ok(p);
    }
    let mut current: Option<Vec<u8>> = None;
    for ch in trimmed.chars() {
        match ch {
            '(' => {
                if current.is_some() {
                    return Err(CycleError::Unbalanced);
                }
                current = Some(Vec::new());
            }
            ')' => {
                let cycle = current.take().ok_or(CycleError::Unbalanced)?;
                for (k, &x) in cycle.iter().enumerate() {
                    p[usize::from(x)] = cycle[(k + 1) % cycle.len()];
                }
            }
            c if c.is_whitespace() || c == ',' => {}
            c if c.is_ascii_digit() => {
                let x = c as u8 - b'0';
                let cycle = current.as_mut().ok_or(CycleError::OutsideCycle)?;
                if usize::from(x) >= n {
                    return Err(CycleError::OutOfRange { element: x, n });
                }
                if used & (1 << x) != 0 {
                    return Err(CycleError::Repeated(x));
                }
                used |= 1 << x;
                cycle.push(x);
            }
            c => return Err(CycleError::BadCharacter(c)),
        }
    }
    if current.is_some() {
        return Err(CycleError::Unclosed);
    }
    Ok(p)
}

/// Why a product of cycles could not be read.
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
pub enum ProductError {
    /// A character that is not part of cycle notation.
    #[error("unexpected character {} in cycle notation; expected numbers in parentheses, like (0,1,2)(3,4) or (012)(34)", crate::text::quoted_char(*.0))]
    BadCharacter(char),
    /// A parenthesis opened inside another, or closed without being opened.
    #[error("unbalanced parentheses in cycle notation; expected cycles like (0,1,2)(3,4)")]
    Unbalanced,
    /// The text ended inside a cycle.
    #[error("cycle notation ends inside a cycle: a ')' is missing")]
    Unclosed,
    /// Numbers outside any parenthesis.
    #[error(
        "numbers outside parentheses in cycle notation; write each cycle in parentheses, like (0,1,2)"
    )]
    OutsideCycle,
    /// A number outside `0..n`.
    #[error("{} in cycle notation is out of range; expected 0 to {}", crate::text::quoted(.element), .n - 1)]
    OutOfRange {
        /// The number named, as written.
        element: String,
        /// How many elements are permuted.
        n: usize,
    },
    /// A number named twice in one cycle.
    #[error("{0} appears twice in one cycle; a cycle names each element once")]
    RepeatedInCycle(usize),
    /// Digits run together where elements need more than one digit.
    #[error("the cycle {} runs digits together, but elements go up to {}; separate them with commas, like (10,11,2)", crate::text::quoted(.cycle), .n - 1)]
    Ambiguous {
        /// The cycle as written.
        cycle: String,
        /// How many elements are permuted.
        n: usize,
    },
    /// More elements than a slot number holds.
    #[error("cycle notation is read for up to 256 elements, not {0}")]
    Size(usize),
}

/// Reads a product of cycles as GAP writes it, on elements `0..n`, into
/// the map of where each element goes (`dest[i]`). The cycles need not be
/// disjoint: they are applied left to right, as GAP multiplies, so
/// `(0,1)(1,2)` sends 0 to 1 and then 1 to 2, that is 0 ↦ 2. Elements are
/// separated by commas or spaces; when every element is a single digit
/// (`n ≤ 10`) they may run together, as Schofield writes them: `(012)`.
/// `()` is the identity.
///
/// ```
/// use schofield::perm::parse_product;
/// assert_eq!(parse_product("(0,1,2)", 4).unwrap(), vec![1, 2, 0, 3]);
/// assert_eq!(parse_product("(012)", 4).unwrap(), vec![1, 2, 0, 3]);
/// assert_eq!(parse_product("(0,1)(1,2)", 3).unwrap(), vec![2, 0, 1]);
/// assert_eq!(parse_product("(012)(012)", 3).unwrap(), vec![2, 0, 1]);
/// assert_eq!(parse_product("()", 2).unwrap(), vec![0, 1]);
/// assert!(parse_product("(10,11)", 12).is_ok());
/// assert!(parse_product("(1011)", 12).is_err());
/// ```
pub fn parse_product(s: &str, n: usize) -> Result<Vec<u8>, ProductError> {
    if n > 256 {
        return Err(ProductError::Size(n));
    }
    let mut dest: Vec<u8> = (0..n).map(|i| i as u8).collect();
    let mut rest = s.trim();
    if rest == "I" || rest == "e" {
        return Ok(dest);
    }
    while let Some(c) = rest.chars().next() {
        if c.is_whitespace() || c == '*' {
            rest = &rest[c.len_utf8()..];
            continue;
        }
        match c {
            '(' => {
                let close = rest.find(')');
                let open_again = rest[1..].find('(').map(|i| i + 1);
                let end = match (close, open_again) {
                    (None, _) => return Err(ProductError::Unclosed),
                    (Some(e), Some(o)) if o < e => return Err(ProductError::Unbalanced),
                    (Some(e), _) => e,
                };
                let body = &rest[1..end];
                let cycle = cycle_elements(body, n)?;
                // Apply this cycle after what came before.
                let mut step: Vec<u8> = (0..n).map(|i| i as u8).collect();
                for (k, &x) in cycle.iter().enumerate() {
                    step[x] = cycle[(k + 1) % cycle.len()] as u8;
                }
                for d in dest.iter_mut() {
                    *d = step[usize::from(*d)];
                }
                rest = &rest[end + 1..];
            }
            ')' => return Err(ProductError::Unbalanced),
            c if c.is_ascii_digit() || c == ',' => return Err(ProductError::OutsideCycle),
            c => return Err(ProductError::BadCharacter(c)),
        }
    }
    Ok(dest)
}

/// The elements of one cycle's body (between its parentheses).
fn cycle_elements(body: &str, n: usize) -> Result<Vec<usize>, ProductError> {
    if let Some(c) = body
        .chars()
        .find(|c| !(c.is_ascii_digit() || c.is_whitespace() || *c == ','))
    {
        return Err(ProductError::BadCharacter(c));
    }
    let separated = body.contains(',') || body.trim().contains(char::is_whitespace);
    let mut out: Vec<usize> = Vec::new();
    let mut written: Vec<&str> = Vec::new();
    if separated {
        for tok in body
            .split(|c: char| c == ',' || c.is_whitespace())
            .filter(|t| !t.is_empty())
        {
            // A token too long for any element is out of range, whatever it says.
            let x = if tok.len() > 4 {
                usize::MAX
            } else {
                tok.parse::<usize>().unwrap_or(usize::MAX)
            };
            out.push(x);
            written.push(tok);
        }
    } else {
        if n > 10 && body.trim().len() > 1 {
            return Err(ProductError::Ambiguous {
                cycle: format!("({body})"),
                n,
            });
        }
        let digits = body.trim();
        out = digits.bytes().map(|b| usize::from(b - b'0')).collect();
        written = (0..digits.len()).map(|i| &digits[i..i + 1]).collect();
    }
    let mut seen = vec![false; n];
    for (&x, w) in out.iter().zip(&written) {
        if x >= n {
            return Err(ProductError::OutOfRange {
                element: w.to_string(),
                n,
            });
        }
        if std::mem::replace(&mut seen[x], true) {
            return Err(ProductError::RepeatedInCycle(x));
        }
    }
    Ok(out)
}

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
/// use schofield::perm::{Lehmer, Ranker};
/// let l = Lehmer::<u32>::even(8).unwrap();
/// let r = Ranker::even(8).unwrap();
/// let list: u64 = 0x6231_7045; // entries 5 4 0 7 1 3 2 6, a nibble each
/// assert_eq!(r.rank_packed(list), l.rank_packed(list));
/// ```
#[derive(Debug, Clone, Copy)]
pub struct Ranker {
    /// The first four entries' share, by their values (three bits each).
    first: &'static [u16; 4096],
    /// The last four entries' share, likewise.
    last: &'static [u16; 4096],
}

/// The two tables of [`Ranker`] for permutations of `M` entries.
struct EvenShares<const M: usize>;

impl<const M: usize> EvenShares<M> {
    const FIRST: [u16; 4096] = even_shares(&HalfFactorials::<M>::WEIGHTS, 0, M.saturating_sub(2));
    const LAST: [u16; 4096] = even_shares(&HalfFactorials::<M>::WEIGHTS, 4, M.saturating_sub(2));
    const RANKER: Ranker = Ranker {
        first: &Self::FIRST,
        last: &Self::LAST,
    };
}

/// The two tables of [`Ranker::lex`] for permutations of `M` entries: the
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
    const RANKER: Ranker = Ranker {
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

impl Ranker {
    /// The ranker of sequence numbers of `M` entries, `M` at most 8 (a
    /// larger `M` does not compile).
    pub const fn of<const M: usize>() -> Ranker {
        const { assert!(M <= 8, "the table ranker takes at most 8 entries") };
        EvenShares::<M>::RANKER
    }

    /// The ranker of sequence numbers of `m` entries; `None` unless `m`
    /// is at most 8.
    pub fn even(m: usize) -> Option<Ranker> {
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
    /// use schofield::perm::{Ranker, fields, lex_rank};
    /// let r = Ranker::lex(5).unwrap();
    /// let p = [3u8, 0, 4, 1, 2];
    /// assert_eq!(u64::from(r.rank_fields(fields(&p))), lex_rank(&p));
    /// ```
    pub fn lex(m: usize) -> Option<Ranker> {
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
/// `3i … 3i+2`, as [`Ranker::rank_fields`] takes them. The entries are read
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

/// The lexicographic rank of a permutation of `0..n` (n ≤ 16): its Lehmer
/// code read in the factorial number system, `Σ d_i (n−1−i)!` (see
/// [`lehmer_rank`]). The identity has rank 0, the reversal `n! − 1`.
#[inline]
pub fn lex_rank(p: &[u8]) -> u64 {
    let n = p.len();
    lehmer_rank(p.iter().copied(), (0..n).map(|i| FACTORIALS[n - 1 - i]))
}

/// The permutation of `0..n` with lexicographic rank `r` (inverse of
/// [`lex_rank`]); `r` must be below `n!`.
pub fn lex_unrank(mut r: u64, n: usize) -> Vec<u8> {
    let mut digits = vec![0u64; n];
    for i in (0..n).rev() {
        let base = (n - i) as u64;
        digits[i] = r % base;
        r /= base;
    }
    let mut free: u32 = if n >= 32 { u32::MAX } else { (1u32 << n) - 1 };
    digits
        .iter()
        .map(|&d| {
            // The d-th smallest element still free.
            let mut f = free;
            for _ in 0..d {
                f &= f - 1;
            }
            let x = f.trailing_zeros();
            free &= !(1 << x);
            x as u8
        })
        .collect()
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
    if !is_even(&p) {
        p.swap(n - 2, n - 1);
    }
    p
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
            let fast = Ranker::even(m).unwrap();
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
        assert!(Ranker::even(9).is_none());
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
