//! Alg notation, as cubing.js writes it: moves separated by spaces, each
//! with an optional amount and prime (`R`, `U2`, `F'`, `R2'`), groups with
//! an amount (`(R U)3`), conjugates `[A: B]` (A B A⁻¹) and commutators
//! `[A, B]` (A B A⁻¹ B⁻¹). Schofield's paths read as algs too: letters may
//! run together when every move is named by one letter (`WXYZADY`), and a
//! move followed by `⁻¹` or `^-1` is its inverse, as in Lemma A's
//! `A B⁻¹ A⁻¹ B`.
//!
//! Parsing is bounded: at most [`MAX_DEPTH`] nested brackets and
//! [`MAX_ALG_LEN`] characters; expanding is bounded by the caller's limit
//! on moves, checked before any move is written; evaluating to a
//! transformation raises powers by squaring, so `((R)1000000)1000000` costs
//! a few dozen products.
//!
//! ```
//! use schofield::puzzle::alg::Alg;
//! let a: Alg = "[R, U] (R U)2 F2'".parse().unwrap();
//! assert_eq!(a.to_string(), "[R, U] (R U)2 F2'");
//! let names = ["R", "U", "F"];
//! let moves = a.expand(&|m| names.iter().position(|n| *n == m), 100).unwrap();
//! assert_eq!(moves.len(), 4 + 4 + 1); // F2' is one entry: F to the power −2
//! assert_eq!(a.expanded_len(), Some(10));
//! assert!("((R)1000000)1000000".parse::<Alg>().unwrap().expand(&|_| Some(0), 1000).is_err());
//! ```

mod read;

use crate::text::quoted;
use std::fmt;
use std::str::FromStr;

/// The most nested brackets an alg may have.
pub const MAX_DEPTH: usize = 64;
/// The most characters an alg may have.
pub const MAX_ALG_LEN: usize = 100_000;

/// For a name that is a move's in another case: that names keep their
/// case on this puzzle (a cuber's `r` is a wide turn, not `R`).
fn case_hint(name: &str, known: &str) -> String {
    match known.split(' ').find(|k| k.eq_ignore_ascii_case(name)) {
        Some(k) => format!(
            "; names keep their case here: {} is a move, {} is not",
            shown_name(k),
            shown_name(name)
        ),
        None => String::new(),
    }
}

/// The ways to write the inverse of the first of `known` moves, as an
/// unknown move's message lists them: `A' A^-1 A⁻¹`.
fn inverse_forms(known: &str) -> String {
    let first = known.split(' ').next().unwrap_or("A");
    format!("{first}', {first}^-1 or {first}⁻¹")
}

/// Why an alg could not be read or used.
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
pub enum AlgError {
    /// A character that alg notation does not use.
    #[error("unexpected character {} at character {at} of the alg; expected move names, each with an amount and a prime for the inverse (A, A2, A', also A^-1 or A⁻¹), and brackets ( ) [ : , ]", crate::text::quoted_char(*.ch))]
    BadCharacter {
        /// The character.
        ch: char,
        /// Its place, from 1.
        at: usize,
    },
    /// A bracket not closed, or closed without being opened.
    #[error("unbalanced {what} at character {at} of the alg")]
    Unbalanced {
        /// What is wrong.
        what: &'static str,
        /// Its place, from 1.
        at: usize,
    },
    /// Brackets nested too deep.
    #[error("the alg nests brackets more than {MAX_DEPTH} deep")]
    TooDeep,
    /// Too long.
    #[error("the alg has {0} characters; at most {MAX_ALG_LEN} are read")]
    TooLong(usize),
    /// An amount too large.
    #[error("the amount {} at character {at} of the alg is too large; expected at most 1 000 000", quoted(.amount))]
    Amount {
        /// The amount as written.
        amount: String,
        /// Its place, from 1.
        at: usize,
    },
    /// A name no move has.
    #[error("unknown {} {}{}; expected {} {known}, each with a prime for its inverse if need be ({}){}", .noun.0, shown_name(.name), .at.map(|a| format!(" at character {a} of the path")).unwrap_or_default(), if known.split(' ').all(|n| n.chars().count() == 1) { "letters from" } else { "one of" }, inverse_forms(.known), case_hint(.name, .known))]
    UnknownMove {
        /// The name.
        name: String,
        /// Its place, from 1, when known.
        at: Option<usize>,
        /// The moves there are.
        known: String,
        /// What a move is called, one and many (`twist`, `twists`).
        noun: (String, String),
    },
    /// The expansion would be too long.
    #[error("the alg expands to more than {limit} moves")]
    TooManyMoves {
        /// The limit.
        limit: u64,
    },
}

/// A name as a message shows it: one character as `'Q'`, longer in
/// double quotes.
fn shown_name(name: &str) -> String {
    let mut c = name.chars();
    match (c.next(), c.next()) {
        (Some(one), None) => crate::text::quoted_char(one),
        _ => quoted(name),
    }
}

/// The nouns of a plain move.
pub fn move_nouns() -> (String, String) {
    ("move".to_string(), "moves".to_string())
}

/// The largest amount a move or group may have.
pub const MAX_AMOUNT: i64 = 1_000_000;

/// One unit of an alg.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum Unit {
    /// A move, by name, with its amount (negative for a prime), and where
    /// it starts in the text (from 1); when the amount was read from
    /// digits ending the name, the name as written with them and whether a
    /// prime followed (a move may be called `T0` or `F2`).
    Move(String, i64, usize, Option<(String, bool)>),
    /// A group `(…)n`.
    Group(Alg, i64),
    /// A conjugate `[A: B]n`.
    Conjugate(Alg, Alg, i64),
    /// A commutator `[A, B]n`.
    Commutator(Alg, Alg, i64),
}

/// A parsed alg: units, applied left to right.
#[derive(Debug, Clone, PartialEq, Eq, Default)]
pub struct Alg(Vec<Unit>);

impl Alg {
    /// The units.
    pub fn units(&self) -> &[Unit] {
        &self.0
    }

    /// True for the empty alg.
    pub fn is_empty(&self) -> bool {
        self.0.is_empty()
    }

    /// The number of moves the alg expands to, or `None` past `u64`.
    pub fn expanded_len(&self) -> Option<u64> {
        self.0.iter().try_fold(0u64, |acc, u| {
            let n = match u {
                Unit::Move(_, a, _, _) => Some(a.unsigned_abs()),
                Unit::Group(g, a) => g.expanded_len()?.checked_mul(a.unsigned_abs()),
                Unit::Conjugate(x, y, a) => x
                    .expanded_len()?
                    .checked_mul(2)?
                    .checked_add(y.expanded_len()?)?
                    .checked_mul(a.unsigned_abs()),
                Unit::Commutator(x, y, a) => x
                    .expanded_len()?
                    .checked_add(y.expanded_len()?)?
                    .checked_mul(2)?
                    .checked_mul(a.unsigned_abs()),
            }?;
            acc.checked_add(n)
        })
    }

    /// The inverse alg: units reversed, each inverted.
    pub fn inverse(&self) -> Alg {
        Alg(self
            .0
            .iter()
            .rev()
            .map(|u| match u {
                Unit::Move(n, a, at, _) => Unit::Move(n.clone(), -a, *at, None),
                Unit::Group(g, a) => Unit::Group(g.clone(), -a),
                Unit::Conjugate(x, y, a) => Unit::Conjugate(x.clone(), y.clone(), -a),
                Unit::Commutator(x, y, a) => Unit::Commutator(x.clone(), y.clone(), -a),
            })
            .collect())
    }

    /// Every move name the alg uses, with where it starts.
    pub fn names(&self) -> Vec<(&str, usize)> {
        let mut out = Vec::new();
        for u in &self.0 {
            match u {
                Unit::Move(n, _, at, _) => out.push((n.as_str(), *at)),
                Unit::Group(g, _) => out.extend(g.names()),
                Unit::Conjugate(x, y, _) | Unit::Commutator(x, y, _) => {
                    out.extend(x.names());
                    out.extend(y.names());
                }
            }
        }
        out
    }

    /// The alg as a list of moves, each a move's number and a signed power
    /// of it, resolving names with `find`; refused when it would pass
    /// `limit` moves (checked before anything is written).
    pub fn expand(
        &self,
        find: &dyn Fn(&str) -> Option<usize>,
        limit: u64,
    ) -> Result<Vec<(usize, i64)>, AlgError> {
        match self.expanded_len() {
            Some(n) if n <= limit => {}
            _ => return Err(AlgError::TooManyMoves { limit }),
        }
        let mut out = Vec::new();
        self.expand_into(find, &mut out)?;
        Ok(out)
    }

    fn expand_into(
        &self,
        find: &dyn Fn(&str) -> Option<usize>,
        out: &mut Vec<(usize, i64)>,
    ) -> Result<(), AlgError> {
        for u in &self.0 {
            let (body, amount) = match u {
                Unit::Move(n, a, at, _) => {
                    let i = find(n).ok_or_else(|| AlgError::UnknownMove {
                        name: n.clone(),
                        at: Some(*at),
                        known: String::new(),
                        noun: move_nouns(),
                    })?;
                    out.push((i, *a));
                    continue;
                }
                Unit::Group(g, a) => (g.clone(), *a),
                Unit::Conjugate(x, y, a) => {
                    (Alg([x.0.clone(), y.0.clone(), x.inverse().0].concat()), *a)
                }
                Unit::Commutator(x, y, a) => (
                    Alg([x.0.clone(), y.0.clone(), x.inverse().0, y.inverse().0].concat()),
                    *a,
                ),
            };
            let body = if amount < 0 { body.inverse() } else { body };
            for _ in 0..amount.unsigned_abs() {
                body.expand_into(find, out)?;
            }
        }
        Ok(())
    }

    /// The alg evaluated in a group: `value(name)` gives a move's element,
    /// `id` the identity, `mul` the product (first, then second) and `inv`
    /// the inverse. Powers are raised by squaring, so the work grows with
    /// the logarithm of the amounts.
    pub fn evaluate<T: Clone>(
        &self,
        value: &dyn Fn(&str, usize) -> Result<T, AlgError>,
        id: &T,
        mul: &dyn Fn(&T, &T) -> T,
        inv: &dyn Fn(&T) -> T,
    ) -> Result<T, AlgError> {
        let pow = |x: &T, k: i64| -> T {
            let base = if k < 0 { inv(x) } else { x.clone() };
            let mut e = k.unsigned_abs();
            let mut acc = id.clone();
            let mut sq = base;
            while e > 0 {
                if e & 1 == 1 {
                    acc = mul(&acc, &sq);
                }
                sq = mul(&sq, &sq);
                e >>= 1;
            }
            acc
        };
        let mut acc = id.clone();
        for u in &self.0 {
            let x = match u {
                Unit::Move(n, a, at, _) => pow(&value(n, *at)?, *a),
                Unit::Group(g, a) => pow(&g.evaluate(value, id, mul, inv)?, *a),
                Unit::Conjugate(x, y, a) => {
                    let xv = x.evaluate(value, id, mul, inv)?;
                    let yv = y.evaluate(value, id, mul, inv)?;
                    pow(&mul(&mul(&xv, &yv), &inv(&xv)), *a)
                }
                Unit::Commutator(x, y, a) => {
                    let xv = x.evaluate(value, id, mul, inv)?;
                    let yv = y.evaluate(value, id, mul, inv)?;
                    pow(&mul(&mul(&mul(&xv, &yv), &inv(&xv)), &inv(&yv)), *a)
                }
            };
            acc = mul(&acc, &x);
        }
        Ok(acc)
    }

    /// Reads an alg, splitting a run of letters that is no move's name into
    /// one-letter moves when each letter is one (`WXYZADY`), and, with
    /// `fold` (a board's twists, [`crate::puzzle::MoveSet::folds_case`]),
    /// matching names regardless of case when no two names differ only in
    /// case. `known` lists the move names.
    pub fn parse_for(s: &str, known: &[&str], fold: bool) -> Result<Alg, AlgError> {
        let alg: Alg = s.parse()?;
        let fold = fold && {
            let mut lower: Vec<String> = known.iter().map(|n| n.to_lowercase()).collect();
            lower.sort();
            lower.dedup();
            lower.len() == known.len()
        };
        let resolve = |n: &str| -> Option<String> {
            if known.contains(&n) {
                return Some(n.to_string());
            }
            if fold {
                return known
                    .iter()
                    .find(|k| k.eq_ignore_ascii_case(n))
                    .map(|k| k.to_string());
            }
            None
        };
        let all_known = known.join(" ");
        alg.resolve(&resolve, &all_known)
    }

    fn resolve(
        &self,
        resolve: &dyn Fn(&str) -> Option<String>,
        known: &str,
    ) -> Result<Alg, AlgError> {
        let mut out = Vec::new();
        for u in &self.0 {
            match u {
                // A name that ends in digits is first a move of its own
                // (twsearch allows `F2`, Top-Spin's turnstile is `T0`).
                Unit::Move(_, _, at, Some((whole, primed))) if resolve(whole).is_some() => {
                    let name = resolve(whole).unwrap_or_default();
                    out.push(Unit::Move(name, if *primed { -1 } else { 1 }, *at, None));
                }
                Unit::Move(n, a, at, _) => match resolve(n) {
                    Some(name) => out.push(Unit::Move(name, *a, *at, None)),
                    None => {
                        // A run of one-letter moves, the amount on the last.
                        let letters: Option<Vec<String>> =
                            n.chars().map(|c| resolve(&c.to_string())).collect();
                        match letters {
                            Some(ls) if n.chars().count() > 1 => {
                                let k = ls.len();
                                for (i, l) in ls.into_iter().enumerate() {
                                    out.push(Unit::Move(
                                        l,
                                        if i + 1 == k { *a } else { 1 },
                                        at + i,
                                        None,
                                    ));
                                }
                            }
                            _ => {
                                // In a run of one-letter moves, the first
                                // letter that is none.
                                let single = n.chars().count() > 1
                                    && n.chars().any(|c| resolve(&c.to_string()).is_some());
                                let (name, at) = match n
                                    .chars()
                                    .enumerate()
                                    .find(|(_, c)| resolve(&c.to_string()).is_none())
                                {
                                    Some((i, c)) if single => (c.to_string(), at + i),
                                    _ => (n.clone(), *at),
                                };
                                return Err(AlgError::UnknownMove {
                                    name,
                                    at: Some(at),
                                    known: known.to_string(),
                                    noun: move_nouns(),
                                });
                            }
                        }
                    }
                },
                Unit::Group(g, a) => out.push(Unit::Group(g.resolve(resolve, known)?, *a)),
                Unit::Conjugate(x, y, a) => out.push(Unit::Conjugate(
                    x.resolve(resolve, known)?,
                    y.resolve(resolve, known)?,
                    *a,
                )),
                Unit::Commutator(x, y, a) => out.push(Unit::Commutator(
                    x.resolve(resolve, known)?,
                    y.resolve(resolve, known)?,
                    *a,
                )),
            }
        }
        Ok(Alg(out))
    }
}

fn write_amount(f: &mut fmt::Formatter<'_>, a: i64) -> fmt::Result {
    if a.unsigned_abs() != 1 {
        write!(f, "{}", a.unsigned_abs())?;
    }
    if a < 0 {
        write!(f, "'")?;
    }
    Ok(())
}

impl fmt::Display for Alg {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        for (i, u) in self.0.iter().enumerate() {
            if i > 0 {
                write!(f, " ")?;
            }
            match u {
                Unit::Move(n, a, _, _) => {
                    write!(f, "{n}")?;
                    write_amount(f, *a)?;
                }
                Unit::Group(g, a) => {
                    write!(f, "({g})")?;
                    write_amount(f, *a)?;
                }
                Unit::Conjugate(x, y, a) => {
                    write!(f, "[{x}: {y}]")?;
                    write_amount(f, *a)?;
                }
                Unit::Commutator(x, y, a) => {
                    write!(f, "[{x}, {y}]")?;
                    write_amount(f, *a)?;
                }
            }
        }
        Ok(())
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn reads_and_writes_back() {
        for s in ["R U R' U'", "[R: U]", "[R, U]2", "(R U)3'", "R2' F", ""] {
            assert_eq!(s.parse::<Alg>().unwrap().to_string(), s);
        }
    }

    #[test]
    fn schofield_paths_read_as_algs() {
        let names = ["A", "B", "C", "D", "W", "X", "Y", "Z"];
        let a = Alg::parse_for("WXYZADY", &names, true).unwrap();
        assert_eq!(a.to_string(), "W X Y Z A D Y");
        let b = Alg::parse_for("A B⁻¹ A^-1 B", &names, true).unwrap();
        assert_eq!(b.to_string(), "A B' A' B");
        let c = Alg::parse_for("w x̸ y", &names, true).unwrap();
        assert_eq!(c.to_string(), "W X Y");
    }

    #[test]
    fn bombs_are_bounded() {
        let deep = "(".repeat(40_000) + &")".repeat(40_000);
        assert!(matches!(deep.parse::<Alg>(), Err(AlgError::TooDeep)));
        let big: Alg = "((R)1000000)1000000".parse().unwrap();
        assert_eq!(big.expanded_len(), Some(1_000_000_000_000));
        // Evaluated by squaring in Z/4: R has order 4.
        let v = big
            .evaluate(&|_, _| Ok(1i64), &0, &|a, b| (a + b) % 4, &|a| (4 - a) % 4)
            .unwrap();
        assert_eq!(v, 0);
        assert!("R99999999999".parse::<Alg>().is_err());
    }

    #[test]
    fn conjugates_and_commutators_expand() {
        let names = ["R", "U"];
        let find = |m: &str| names.iter().position(|n| *n == m);
        let a: Alg = "[R: U]".parse().unwrap();
        assert_eq!(a.expand(&find, 10).unwrap(), vec![(0, 1), (1, 1), (0, -1)]);
        let c: Alg = "[R, U]'".parse().unwrap();
        assert_eq!(
            c.expand(&find, 10).unwrap(),
            vec![(1, 1), (0, 1), (1, -1), (0, -1)]
        );
    }
}
