//! Reading an alg: a recursive-descent reader over its characters, with
//! the depth of brackets and the length bounded, each error placed at the
//! character where it was found.

use super::*;

/// A recursive-descent reader over the characters.
struct Reader<'a> {
    chars: Vec<(usize, char)>,
    i: usize,
    depth: usize,
    /// Open `[` brackets.
    square: usize,
    _text: &'a str,
}

impl Reader<'_> {
    fn peek(&self) -> Option<char> {
        self.chars.get(self.i).map(|&(_, c)| c)
    }

    fn at(&self) -> usize {
        self.i + 1
    }

    /// Skips white space, and commas outside `[ ]` (Schofield's paths may
    /// be written `W,X,Y`).
    fn skip_space(&mut self) {
        while matches!(self.peek(), Some(c) if c.is_whitespace() || (c == ',' && self.square == 0))
        {
            self.i += 1;
        }
    }

    /// An alg, up to a closing `)` or `]`, a `:` or a `,` (left for the caller).
    fn alg(&mut self) -> Result<Alg, AlgError> {
        let mut units = Vec::new();
        loop {
            self.skip_space();
            match self.peek() {
                None | Some(')' | ']' | ':' | ',') => return Ok(Alg(units)),
                Some('(') => {
                    let start = self.at();
                    self.enter()?;
                    self.i += 1;
                    let g = self.alg()?;
                    if self.peek() != Some(')') {
                        return Err(AlgError::Unbalanced {
                            what: "'('",
                            at: start,
                        });
                    }
                    self.i += 1;
                    self.depth -= 1;
                    let a = self.amount()?;
                    units.push(Unit::Group(g, a));
                }
                Some('[') => {
                    let start = self.at();
                    self.enter()?;
                    self.square += 1;
                    self.i += 1;
                    let x = self.alg()?;
                    let sep = self.peek();
                    if !matches!(sep, Some(':' | ',')) {
                        return Err(AlgError::Unbalanced {
                            what: "'[' (expected [A: B] or [A, B])",
                            at: start,
                        });
                    }
                    self.i += 1;
                    let y = self.alg()?;
                    if self.peek() != Some(']') {
                        return Err(AlgError::Unbalanced {
                            what: "'['",
                            at: start,
                        });
                    }
                    self.i += 1;
                    self.depth -= 1;
                    self.square -= 1;
                    let a = self.amount()?;
                    units.push(if sep == Some(':') {
                        Unit::Conjugate(x, y, a)
                    } else {
                        Unit::Commutator(x, y, a)
                    });
                }
                Some(c) if c.is_ascii_alphanumeric() || c == '_' => {
                    let start = self.at();
                    let mut name = String::new();
                    // A name: letters, digits and '_'; its trailing digits
                    // are the amount.
                    while let Some(c) = self.peek() {
                        if c.is_ascii_alphanumeric() || c == '_' {
                            name.push(c);
                            self.i += 1;
                        } else {
                            break;
                        }
                    }
                    let digits =
                        name.len() - name.trim_end_matches(|c: char| c.is_ascii_digit()).len();
                    let (name, amount_text) = if digits == name.len() {
                        // All digits: a layer prefix like 2R is a name.
                        (name, String::new())
                    } else {
                        let k = name.len() - digits;
                        (name[..k].to_string(), name[k..].to_string())
                    };
                    let whole = format!("{name}{amount_text}");
                    let mut a = if amount_text.is_empty() {
                        1
                    } else {
                        parse_amount(&amount_text, start + name.len())?
                    };
                    let primed = self.prime()?;
                    if primed {
                        a = -a;
                    }
                    let written = (!amount_text.is_empty()).then_some((whole, primed));
                    units.push(Unit::Move(name, a, start, written));
                }
                Some(c) => {
                    return Err(AlgError::BadCharacter {
                        ch: c,
                        at: self.at(),
                    });
                }
            }
        }
    }

    fn enter(&mut self) -> Result<(), AlgError> {
        self.depth += 1;
        if self.depth > MAX_DEPTH {
            return Err(AlgError::TooDeep);
        }
        Ok(())
    }

    /// After a group: an optional amount and prime.
    fn amount(&mut self) -> Result<i64, AlgError> {
        let start = self.at();
        let mut digits = String::new();
        while let Some(c) = self.peek() {
            if c.is_ascii_digit() {
                digits.push(c);
                self.i += 1;
            } else {
                break;
            }
        }
        let a = if digits.is_empty() {
            1
        } else {
            parse_amount(&digits, start)?
        };
        Ok(if self.prime()? { -a } else { a })
    }

    /// A prime (`'`, `’`), `⁻¹` or `^-1`, if one follows.
    fn prime(&mut self) -> Result<bool, AlgError> {
        match self.peek() {
            Some('\'' | '’') => {
                self.i += 1;
                Ok(true)
            }
            Some('⁻') => {
                if self.chars.get(self.i + 1).map(|&(_, c)| c) == Some('¹') {
                    self.i += 2;
                    Ok(true)
                } else {
                    Err(AlgError::BadCharacter {
                        ch: '⁻',
                        at: self.at(),
                    })
                }
            }
            Some('^') => {
                let rest: String = self.chars[self.i..]
                    .iter()
                    .take(3)
                    .map(|&(_, c)| c)
                    .collect();
                if rest == "^-1" {
                    self.i += 3;
                    Ok(true)
                } else {
                    Err(AlgError::BadCharacter {
                        ch: '^',
                        at: self.at(),
                    })
                }
            }
            _ => Ok(false),
        }
    }
}

fn parse_amount(text: &str, at: usize) -> Result<i64, AlgError> {
    match text.parse::<i64>() {
        Ok(a) if a <= MAX_AMOUNT => Ok(a),
        _ => Err(AlgError::Amount {
            amount: text.to_string(),
            at,
        }),
    }
}

impl FromStr for Alg {
    type Err = AlgError;

    fn from_str(s: &str) -> Result<Alg, AlgError> {
        let n = s.chars().count();
        if n > MAX_ALG_LEN {
            return Err(AlgError::TooLong(n));
        }
        // The strike-through mark of elided twists is ignored, so marked
        // paths read back.
        let mut r = Reader {
            chars: s.chars().filter(|&c| c != '\u{338}').enumerate().collect(),
            i: 0,
            depth: 0,
            square: 0,
            _text: s,
        };
        let alg = r.alg()?;
        match r.peek() {
            None => Ok(alg),
            Some(c) => Err(AlgError::Unbalanced {
                what: match c {
                    ')' => "')'",
                    ']' => "']'",
                    ':' => "':' outside [A: B]",
                    _ => "',' outside [A, B]",
                },
                at: r.at(),
            }),
        }
    }
}
