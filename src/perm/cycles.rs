//! Cycle notation and parity: a permutation's cycles, written and read as
//! GAP and Schofield write them (`(012)`, products of cycles composed as
//! GAP composes them), and whether it is even.

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
/// It allocates nothing (the inner loops of the rankers call it): the
/// entries seen are marked in a bit set of 256, the most a `u8` names.
pub fn is_even(p: &[u8]) -> bool {
    let mut seen = [0u64; 4];
    let mut transpositions = 0usize;
    for start in 0..p.len() {
        let mut i = start;
        let mut length = 0usize;
        while seen[i / 64] >> (i % 64) & 1 == 0 {
            seen[i / 64] |= 1 << (i % 64);
            length += 1;
            i = usize::from(p[i]);
        }
        transpositions += length.saturating_sub(1);
    }
    transpositions.is_multiple_of(2)
}

/// Gives `p` the parity `odd` (true for odd) by swapping its last two
/// entries when it has the other: of two permutations that differ only in
/// their last two entries, exactly one has each parity. Every "the last
/// two follow from the parity" of the rankers and readers is this rule (the
/// packed forms, [`crate::perm::even_permutations`] and the board's tile
/// orders, apply it to nibbles and bit sets).
///
/// ```
/// let mut p = vec![0u8, 1, 2, 3];
/// schofield::perm::set_parity(&mut p, true);
/// assert_eq!(p, [0, 1, 3, 2]);
/// schofield::perm::set_parity(&mut p, true);
/// assert_eq!(p, [0, 1, 3, 2]);
/// ```
pub fn set_parity(p: &mut [u8], odd: bool) {
    let n = p.len();
    if n >= 2 && is_even(p) == odd {
        p.swap(n - 2, n - 1);
    }
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
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
pub enum CycleError {
    /// A character that is neither a digit, a parenthesis nor white space.
    #[error("unexpected character {} in cycle notation; expected digits in parentheses, like (01)(3465)", crate::text::quoted_char(*.0))]
    BadCharacter(char),
    /// A parenthesis opened inside another, or closed without being opened.
    #[error("unbalanced parentheses in cycle notation; expected cycles like (01)(3465)")]
    Unbalanced,
    /// The text ended inside a cycle.
    #[error("cycle notation ends inside a cycle: a ')' is missing")]
    Unclosed,
    /// A digit outside `0..n`.
    #[error("square {element} in cycle notation is out of range; squares are 0 to {}", .n.saturating_sub(1))]
    OutOfRange {
        /// The element named.
        element: u8,
        /// The number of elements permuted.
        n: usize,
    },
    /// An element named twice (in one cycle or in two).
    #[error("square {0} appears twice in cycle notation; cycles must be disjoint")]
    Repeated(u8),
    /// Digits outside any parenthesis.
    #[error(
        "digits outside parentheses in cycle notation; write each cycle in parentheses, like (01)(3465)"
    )]
    OutsideCycle,
    /// Cycle notation is read for permutations of 1 to 10 elements (single
    /// digits); this many was asked for.
    #[error("cycle notation is read for 1 to 10 elements (single digits), not {0}")]
    Size(usize),
}

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
    #[error("{} in cycle notation is out of range; expected 0 to {}", crate::text::quoted(.element), .n.saturating_sub(1))]
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
    #[error("the cycle {} runs digits together, but elements go up to {}; separate them with commas, like (10,11,2)", crate::text::quoted(.cycle), .n.saturating_sub(1))]
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
