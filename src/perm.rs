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

/// True when `p` holds each of `0..p.len()` exactly once.
pub fn is_permutation(p: &[u8]) -> bool {
    let mut seen = 0u64;
    for &x in p {
        if usize::from(x) >= p.len() || seen & (1 << x) != 0 {
            return false;
        }
        seen |= 1 << x;
    }
    true
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
    let mut done = 0u64;
    let mut out = Vec::new();
    for start in 0..p.len() {
        if done & (1 << start) != 0 {
            continue;
        }
        let mut cycle = Vec::new();
        let mut i = start;
        while done & (1 << i) == 0 {
            done |= 1 << i;
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
    transpositions % 2 == 0
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
}

impl fmt::Display for CycleError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            CycleError::BadCharacter(c) => write!(
                f,
                "unexpected character {c:?} in cycle notation; expected digits in parentheses, like (132)(67)"
            ),
            CycleError::Unbalanced => write!(
                f,
                "unbalanced parentheses in cycle notation; expected cycles like (132)(67)"
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
            CycleError::OutsideCycle => write!(
                f,
                "digits outside parentheses in cycle notation; write each cycle in parentheses, like (132)(67)"
            ),
        }
    }
}

impl std::error::Error for CycleError {}

/// Reads cycle notation such as `(132)(67)` or `(1 3 2) (6 7)` into the
/// permutation of `0..n` it denotes. `()` and `I` (Schofield's identity)
/// denote the identity.
pub fn parse_cycles(s: &str, n: usize) -> Result<Vec<u8>, CycleError> {
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

/// n! for small n.
pub const fn factorial(n: usize) -> u64 {
    let mut f = 1u64;
    let mut k = 2;
    while k <= n {
        f *= k as u64;
        k += 1;
    }
    f
}

/// The lexicographic rank of a permutation of `0..n` (n ≤ 16): its Lehmer
/// code `d_i = #{j > i : p[j] < p[i]}` read in the factorial number system,
/// `Σ d_i (n−1−i)!`. The identity has rank 0, the reversal `n! − 1`.
#[inline]
pub fn lex_rank(p: &[u8]) -> u64 {
    let n = p.len();
    let mut seen = 0u32;
    let mut r = 0u64;
    for (i, &c) in p.iter().enumerate() {
        let smaller_seen = (seen & ((1u32 << c) - 1)).count_ones();
        let less_after = u64::from(c) - u64::from(smaller_seen);
        r = r * (n - i) as u64 + less_after;
        seen |= 1 << c;
    }
    r
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

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn rank_unrank_all_of_s5() {
        for r in 0..120 {
            let p = lex_unrank(r, 5);
            assert!(is_permutation(&p));
            assert_eq!(lex_rank(&p), r);
        }
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
