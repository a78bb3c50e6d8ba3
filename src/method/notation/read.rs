//! Reading a position in any of the forms [`Notation`] writes: a list of
//! every square's piece, a code number, cycle notation, a grid (through
//! [`crate::text::grid_cells`]) and, for any puzzle, a pattern of orbits.

use super::*;

impl Notation<'_> {
    /// Whether the moves reach `pattern`: its invariants first (a broken
    /// one is the commonest reason, and [`Notation::why_unreached`] names
    /// it); then, every piece being different, the group of the moves
    /// itself (made on first use, into `group`, within `budget` bytes),
    /// since a search past the table would never end on a position whose
    /// parts are each reached while it is not.
    ///
    /// ```
    /// use schofield::method::notation::Notation;
    /// use schofield::puzzle::{Metric, library};
    /// let cube = library::get("3x3x3").unwrap();
    /// let moves = cube.moves(Metric::Face, None).unwrap();
    /// let n = Notation::new(&cube, &moves);
    /// let group = std::cell::OnceCell::new();
    /// let turned = n.read_pattern("R U").unwrap();
    /// assert!(n.reaches(&turned, &group, None).unwrap());
    /// ```
    pub fn reaches(
        &self,
        pattern: &Pattern,
        group: &std::cell::OnceCell<crate::group::PermGroup>,
        budget: Option<u64>,
    ) -> Result<bool, crate::group::GroupTooLarge> {
        use crate::puzzle::transformation::{as_points, perm_group};
        let broken = crate::puzzle::invariants::broken(self.puzzle, self.moves, pattern);
        if broken.is_some() {
            return Ok(false);
        }
        let Some(element) = element_of(self.puzzle, pattern) else {
            return Ok(true);
        };
        if group.get().is_none() {
            let _ = group.set(perm_group(&self.moves.transformations(), budget)?);
        }
        Ok(group
            .get()
            .is_some_and(|g| g.contains(&as_points(&element))))
    }

    /// A pattern in KPuzzle's pattern JSON (cubing.js's `KPatternData`):
    /// each orbit by name, `{"pieces": [...], "orientation": [...]}`,
    /// pieces numbered from 0; an orbit left out is as in the goal, and
    /// orientations left out are 0. Read through the pattern text, with
    /// its checks.
    fn pattern_of_kpuzzle(&self, t: &str) -> Result<Pattern, PositionError> {
        let bad = |why: String| PositionError::Pattern(format!("KPuzzle pattern JSON: {why}"));
        let json: serde_json::Value = serde_json::from_str(t).map_err(|e| bad(e.to_string()))?;
        let Some(given) = json.as_object() else {
            return Err(bad("expected an object of orbits".into()));
        };
        let names: Vec<&str> = self
            .puzzle
            .orbits()
            .iter()
            .map(|o| o.name.as_str())
            .collect();
        if let Some(name) = given.keys().find(|k| !names.contains(&k.as_str())) {
            return Err(bad(format!(
                "{} is not an orbit of the puzzle; its orbits are {}",
                quoted(name),
                names.join(", ")
            )));
        }
        let list = |v: Option<&serde_json::Value>,
                    name: &str,
                    what: &str|
         -> Result<Option<String>, PositionError> {
            let Some(v) = v else { return Ok(None) };
            let numbers = v.as_array().and_then(|a| {
                a.iter()
                    .map(|x| x.as_u64().map(|n| n.to_string()))
                    .collect::<Option<Vec<_>>>()
            });
            numbers.map(|n| Some(n.join(" "))).ok_or_else(|| {
                bad(format!(
                    "orbit {}: {what} must be a list of whole numbers",
                    quoted(name)
                ))
            })
        };
        let mut parts = Vec::new();
        for (orbit, goal) in self.puzzle.orbits().iter().zip(self.puzzle.goal().orbits()) {
            let of_goal = |v: &[u8]| v.iter().map(u8::to_string).collect::<Vec<_>>().join(" ");
            let (pieces, ori) = match given.get(&orbit.name) {
                Some(o) => {
                    let pieces =
                        list(o.get("pieces"), &orbit.name, "pieces")?.ok_or_else(|| {
                            bad(format!("orbit {} has no pieces", quoted(&orbit.name)))
                        })?;
                    let ori = list(o.get("orientation"), &orbit.name, "orientation")?
                        .unwrap_or_else(|| of_goal(&vec![0; orbit.pieces]));
                    (pieces, ori)
                }
                None => (of_goal(&goal.pieces), of_goal(&goal.orientation)),
            };
            parts.push(format!("{}: {pieces} / {ori}", orbit.name));
        }
        self.read_pattern(&parts.join(" ; "))
    }

    /// Reads a pattern, without checking that the moves reach it.
    pub fn read_pattern(&self, text: &str) -> Result<Pattern, PositionError> {
        let t = text.trim();
        if t.is_empty() {
            return Err(PositionError::Empty(self.position_forms()));
        }
        if t.starts_with('{') {
            return self.pattern_of_kpuzzle(t);
        }
        let p = self.puzzle;
        let one_plain = p.orbits().len() == 1 && p.orbits()[0].orientations == 1;
        let cycle_like = t.starts_with('(')
            && (t
                .chars()
                .all(|c| "(),".contains(c) || c.is_ascii_digit() || c.is_whitespace())
                || t[1..]
                    .trim_start()
                    .starts_with(|c: char| c.is_ascii_digit()));
        if cycle_like || t == "I" {
            if !one_plain {
                return Err(PositionError::Cycles(
                    "cycle notation is read for puzzles of one orbit without orientation; give the pattern (each orbit's pieces / orientations) or moves from the goal".into(),
                ));
            }
            return self.pattern_of_cycles(t);
        }
        // Moves from the goal: letters, and no grid's marks. Text with
        // digits that does not read as moves is a mistyped position. A tray
        // (a puzzle drawn with its blank) takes positions as Schofield
        // wrote them, and points twists to `path`.
        // A ':' names an orbit in a pattern, or makes a conjugate `[A: B]`.
        // A '_' is a grid's blank only where the puzzle is drawn as a
        // grid; elsewhere it is part of a move's name (`R_`).
        let grid_marks = t.contains(['/', '\n']) || (t.contains('_') && !p.layout().is_empty());
        let orbit_named = t.contains(':') && !t.contains('[');
        if t.chars().any(|c| c.is_alphabetic())
            && !orbit_named
            && !grid_marks
            && let Some(read) = self.pattern_of_moves(t)
        {
            return read;
        }
        let digits: String = t.chars().filter(|c| !c.is_whitespace()).collect();
        let has_layout = !p.layout().is_empty() && one_plain;
        if one_plain
            && !t.contains(['/', '\n', '_', '.', ';', ':'])
            && digits.chars().all(|c| c.is_ascii_digit())
            && let Some(read) = self.pattern_of_numbers(t, &digits)
        {
            return read;
        }
        if has_layout && t.contains(['/', '\n', '_', '.', ' ']) {
            return self.pattern_of_grid(t);
        }
        if !has_layout
            && t.chars()
                .all(|c| c.is_ascii_alphanumeric() || " \t\n/;:_".contains(c))
        {
            return self.pattern_of_text(t);
        }
        Err(PositionError::Unrecognised {
            input: t.to_string(),
            expected: self.position_forms(),
        })
    }

    /// Moves from the goal, when `t` reads as moves (`None` when it does
    /// not, and may be a pattern): a tray (a puzzle drawn with its blank)
    /// takes positions as Schofield wrote them and points twists to
    /// `path`; on any other puzzle text with letters is moves, and their
    /// error is the one.
    fn pattern_of_moves(&self, t: &str) -> Option<Result<Pattern, PositionError>> {
        let tray = !self.puzzle.slides().is_empty();
        match Path::parse(self.moves, t) {
            Ok(_) if tray => Some(Err(PositionError::Twists {
                text: t.to_string(),
                forms: self.position_forms(),
            })),
            Ok(path) => {
                let goal = self.puzzle.goal().clone();
                Some(Ok(path.moves().iter().fold(goal, |x, &m| {
                    x.apply(self.moves.get(m).transformation())
                })))
            }
            // Too long to list, or naming a move the metric leaves out:
            // a position is only the product.
            Err(AlgError::TooManyMoves { .. } | AlgError::UnknownMove { .. }) if !tray => Some(
                self.pattern_of_alg_product(t)
                    .map_err(|e| self.in_vocabulary(e)),
            ),
            // A pattern has no letters: on a puzzle without a tray,
            // text with letters is moves, and their error is the one.
            Err(e) if !tray => Some(Err(self.in_vocabulary(PositionError::Alg(e)))),
            Err(_) => None,
        }
    }

    /// An unknown move's error in the puzzle's own words (`twist`).
    fn in_vocabulary(&self, e: PositionError) -> PositionError {
        match e {
            PositionError::Alg(AlgError::UnknownMove {
                name, at, known, ..
            }) => {
                let v = self.puzzle.vocabulary();
                PositionError::Alg(AlgError::UnknownMove {
                    name,
                    at,
                    known,
                    noun: (v.move_.clone(), v.moves.clone()),
                })
            }
            other => other,
        }
    }

    /// A position of one orbit of plain pieces written in numbers (`t`,
    /// `digits` its digits without spaces): a code number, or the pieces
    /// slot by slot; `None` when it is neither.
    fn pattern_of_numbers(&self, t: &str, digits: &str) -> Option<Result<Pattern, PositionError>> {
        let n = self.puzzle.orbits()[0].pieces;
        let tokens: Vec<&str> = t.split_whitespace().collect();
        let single_digits = tokens.len() == 1 || tokens.iter().all(|w| w.len() == 1);
        if self.has_codes() && single_digits && digits.len() == n - 2 {
            return Some(self.pattern_of_code(digits));
        }
        if tokens.len() == n || (tokens.len() == 1 && digits.len() == n && n <= 10) {
            let list: Vec<usize> = if tokens.len() == n {
                tokens
                    .iter()
                    .map(|w| w.parse::<usize>().unwrap_or(usize::MAX))
                    .collect()
            } else {
                digits.bytes().map(|b| usize::from(b - b'0')).collect()
            };
            return Some(self.pattern_of_pieces(&list));
        }
        if self.has_codes() && tokens.len() == 1 {
            return Some(Err(PositionError::CodeLength {
                code: digits.to_string(),
                found: digits.len(),
                expected: n - 2,
            }));
        }
        None
    }

    /// The goal's pieces of the first orbit.
    fn goal_pieces(&self) -> &[u8] {
        &self.puzzle.goal().orbits()[0].pieces
    }

    fn one_orbit(&self, pieces: Vec<u8>) -> Pattern {
        let n = pieces.len();
        Pattern::new(vec![OrbitPattern {
            pieces,
            orientation: vec![0; n],
        }])
    }

    /// Every slot's piece, checked to be the goal's pieces rearranged.
    fn pattern_of_pieces(&self, list: &[usize]) -> Result<Pattern, PositionError> {
        let goal = self.goal_pieces();
        let n = goal.len();
        let mut left: Vec<u8> = goal.to_vec();
        for &piece in list {
            if piece >= n {
                return Err(PositionError::PieceOutOfRange { piece, pieces: n });
            }
            match left.iter().position(|&g| usize::from(g) == piece) {
                Some(k) => {
                    left.swap_remove(k);
                }
                None => return Err(PositionError::RepeatedPiece(piece)),
            }
        }
        Ok(self.one_orbit(list.iter().map(|&p| p as u8).collect()))
    }

    fn pattern_of_code(&self, code: &str) -> Result<Pattern, PositionError> {
        let n = self.goal_pieces().len();
        let mut pieces = Vec::with_capacity(n);
        let mut seen = 0u32;
        for (i, ch) in code.chars().enumerate() {
            let d = ch.to_digit(10).ok_or(PositionError::CodeCharacter {
                ch,
                position: i + 1,
            })? as usize;
            if d >= n {
                return Err(PositionError::PieceOutOfRange {
                    piece: d,
                    pieces: n,
                });
            }
            if seen & (1 << d) != 0 {
                return Err(PositionError::RepeatedPiece(d));
            }
            seen |= 1 << d;
            pieces.push(d as u8);
        }
        let rest: Vec<u8> = (0..n as u8).filter(|p| seen & (1 << p) == 0).collect();
        pieces.extend(&rest);
        // The last two in the one order the moves can make.
        perm::set_parity(&mut pieces, !perm::is_even(self.goal_pieces()));
        Ok(self.one_orbit(pieces))
    }

    /// The position an alg reaches from the goal, its product taken with
    /// powers raised by squaring ([`Alg::evaluate`]): for algs too long to
    /// list as a path (`((R)1000000)1000000`), and for names that are no
    /// move of the metric but are the puzzle's (a move left out as the
    /// same as another, `Rw` beside `r`; a whole-puzzle rotation, `x`).
    fn pattern_of_alg_product(&self, t: &str) -> Result<Pattern, PositionError> {
        let mut named: Vec<(&str, &Transformation)> = (0..self.moves.len())
            .map(|m| (self.moves.get(m).name(), self.moves.get(m).transformation()))
            .collect();
        let p = self.puzzle;
        for m in p.declared_moves().iter().chain(p.rotations()) {
            if named.iter().all(|(n, _)| *n != m.name()) {
                named.push((m.name(), m.transformation()));
            }
        }
        let names: Vec<&str> = named.iter().map(|(n, _)| *n).collect();
        let alg = crate::puzzle::alg::Alg::parse_for(t, &names, self.moves.folds_case())
            .map_err(PositionError::Alg)?;
        let product = alg
            .evaluate(
                &|name, at| {
                    named
                        .iter()
                        .find(|(n, _)| *n == name)
                        .map(|(_, t)| (*t).clone())
                        .ok_or_else(|| AlgError::UnknownMove {
                            name: name.to_string(),
                            at: Some(at),
                            known: names.join(" "),
                            noun: crate::puzzle::alg::move_nouns(),
                        })
                },
                &p.identity(),
                &|a, b| a.then(b),
                &|a| a.inverse(),
            )
            .map_err(PositionError::Alg)?;
        Ok(p.goal().clone().apply(&product))
    }

    fn pattern_of_cycles(&self, s: &str) -> Result<Pattern, PositionError> {
        let n = self.goal_pieces().len();
        let v = self.puzzle.vocabulary();
        let dest = perm::parse_product(s, n).map_err(|e| match e {
            ProductError::OutOfRange { element, n } => PositionError::Cycles(format!(
                "{} {element} in cycle notation is out of range; {} are 0 to {}",
                v.slot,
                v.slots,
                n.saturating_sub(1)
            )),
            ProductError::RepeatedInCycle(x) => PositionError::Cycles(format!(
                "{} {x} appears twice in one cycle; a cycle names each {} once",
                v.slot, v.slot
            )),
            other => PositionError::Cycles(other.to_string()),
        })?;
        // The piece of slot i goes to dest[i].
        let goal = self.goal_pieces();
        let mut pieces = vec![0u8; n];
        for (i, &d) in dest.iter().enumerate() {
            pieces[usize::from(d)] = goal[i];
        }
        Ok(self.one_orbit(pieces))
    }

    fn pattern_of_grid(&self, s: &str) -> Result<Pattern, PositionError> {
        let layout = self.puzzle.layout();
        let shape: Vec<usize> = layout.iter().map(Vec::len).collect();
        let written = crate::text::grid_cells(s, &shape)?;
        let n = self.goal_pieces().len();
        let mut pieces = vec![u8::MAX; n];
        let mut blanks = Vec::new();
        let mut seen = vec![false; n];
        let mut centre = (0, 0);
        let mut written = written.iter();
        for (r, cells) in layout.iter().enumerate() {
            for (c, cell) in cells.iter().enumerate() {
                let token = written.next().expect("the grid has the layout's shape");
                if *cell == LayoutCell::Blank {
                    centre = (r, c);
                }
                let mut chars = token.chars();
                let piece = match (chars.next(), chars.next()) {
                    (Some('_' | '.'), None) => {
                        blanks.push((r, c));
                        continue;
                    }
                    (Some(d), None) if d.is_ascii_digit() => usize::from(d as u8 - b'0'),
                    (Some(other), None) => return Err(PositionError::BadCharacter(other)),
                    _ => return Err(PositionError::BadCell(token.clone())),
                };
                if piece >= n {
                    return Err(PositionError::PieceOutOfRange { piece, pieces: n });
                }
                if std::mem::replace(&mut seen[piece], true) {
                    return Err(PositionError::RepeatedPiece(piece));
                }
                if let LayoutCell::Slot { slot, .. } = cell {
                    pieces[usize::from(*slot)] = piece as u8;
                }
            }
        }
        match blanks.as_slice() {
            [] => return Err(PositionError::NoBlank),
            [(r, c)] if (*r, *c) != centre => {
                return Err(PositionError::BlankOffCentre {
                    row: r + 1,
                    col: c + 1,
                    centre_row: centre.0 + 1,
                    centre_col: centre.1 + 1,
                });
            }
            [_] => {}
            many => return Err(PositionError::SeveralBlanks(many.len())),
        }
        Ok(self.one_orbit(pieces))
    }

    /// A pattern as text: orbits separated by `;`, each optionally named
    /// (`CORNERS:`), its pieces, then after `/` its orientations.
    fn pattern_of_text(&self, s: &str) -> Result<Pattern, PositionError> {
        let p = self.puzzle;
        let parts: Vec<&str> = s.split(';').collect();
        if parts.len() != p.orbits().len() {
            return Err(PositionError::Pattern(format!(
                "the pattern has {}; the puzzle has {} ({}), separated by ';'",
                counted(parts.len(), "orbit", "orbits"),
                counted(p.orbits().len(), "orbit", "orbits"),
                p.orbits()
                    .iter()
                    .map(|o| o.name.as_str())
                    .collect::<Vec<_>>()
                    .join(", ")
            )));
        }
        let mut orbits = Vec::new();
        for (part, orbit) in parts.iter().zip(p.orbits()) {
            let body = match part.split_once(':') {
                Some((name, rest)) if name.trim() == orbit.name => rest,
                Some((name, _)) => {
                    return Err(PositionError::Pattern(format!(
                        "the pattern names orbit {} where the puzzle has {}",
                        quoted(name.trim()),
                        quoted(&orbit.name)
                    )));
                }
                None => part,
            };
            let (pieces, ori) = match body.split_once('/') {
                Some((a, b)) => (a, Some(b)),
                None => (body, None),
            };
            let numbers = |text: &str,
                           what: &str,
                           limit: usize|
             -> Result<Vec<u8>, PositionError> {
                let v: Vec<&str> = text.split_whitespace().collect();
                if v.len() != orbit.pieces {
                    return Err(PositionError::Pattern(format!(
                        "orbit {} has {}; expected {}",
                        quoted(&orbit.name),
                        crate::text::counted(v.len(), what.strip_suffix('s').unwrap_or(what), what),
                        orbit.pieces
                    )));
                }
                v.iter()
                    .map(|w| match w.parse::<usize>() {
                        Ok(n) if n < limit => Ok(n as u8),
                        _ => Err(PositionError::Pattern(format!(
                            "orbit {}: {} is not one of its {what} (0 to {})",
                            quoted(&orbit.name),
                            quoted(w),
                            limit - 1
                        ))),
                    })
                    .collect()
            };
            let pieces = numbers(pieces, "pieces", orbit.pieces)?;
            let orientation = match ori {
                Some(o) => numbers(o, "orientations", usize::from(orbit.orientations))?,
                None => vec![0; orbit.pieces],
            };
            orbits.push(OrbitPattern {
                pieces,
                orientation,
            });
        }
        Ok(Pattern::new(orbits))
    }
}
