//! The moves of a metric ([`MoveSet`]): each declared move's powers and
//! inverses, their costs from the words, which moves cancel or elide, which
//! pairs are redundant; and the order of a transformation.

use super::*;

mod pairs;
mod words;

/// A move of a [`MoveSet`]: its name, transformation, cost and word.
#[derive(Debug, Clone)]
pub struct Move {
    name: String,
    transformation: Transformation,
    word: Option<Word>,
    cost: u32,
    inverse: usize,
    /// The declared move it is a power of, and the exponent.
    base: (usize, i64),
}

impl Move {
    /// Its name (`A`, `U2`, `R'`).
    pub fn name(&self) -> &str {
        &self.name
    }

    /// What it does.
    pub fn transformation(&self) -> &Transformation {
        &self.transformation
    }

    /// Its word, when moves are priced by words.
    pub fn word(&self) -> Option<&Word> {
        self.word.as_ref()
    }

    /// Its cost alone: the length of its word, or 1.
    pub fn cost(&self) -> u32 {
        self.cost
    }

    /// The number of its inverse in the move set.
    pub fn inverse(&self) -> usize {
        self.inverse
    }

    /// The declared move it is a power of (by its number among the moves
    /// chosen) and the exponent.
    pub fn power_of(&self) -> (usize, i64) {
        self.base
    }
}

/// The moves of one metric, numbered in order, with their costs and
/// which pairs elide.
#[derive(Debug, Clone)]
pub struct MoveSet {
    moves: Vec<Move>,
    metric: Metric,
    /// `cancel[a * n + b]`: steps cancelled when `b` follows `a`.
    cancel: Vec<u8>,
    /// `redundant[a]`: the moves `b` such that `a` then `b`
    /// is no move at all or a single move.
    redundant: Vec<MoveBits>,
    /// Whether names are read in either case ([`MoveSet::folds_case`]).
    fold_case: bool,
    /// Declared moves left out as the same as a move of the set (`Rw`
    /// beside `r`), each with that move's number ([`MoveSet::aliases`]).
    aliases: Vec<(String, usize)>,
}

impl MoveSet {
    /// The moves `metric` makes of `chosen`. With `named` (the generators
    /// were named, not every declared move taken), a generator that adds
    /// no move is refused ([`DefinitionError::RedundantGenerator`]).
    pub(super) fn derive(
        puzzle: &Puzzle,
        chosen: &[Named],
        metric: Metric,
        named: bool,
    ) -> Result<MoveSet, DefinitionError> {
        let (orders, count) = Self::count(chosen, metric);
        if count > BigUint::from(MAX_MOVES) {
            return Err(DefinitionError::TooManyMoves {
                metric: metric.name(),
                count: count.to_string(),
            });
        }
        let orders = small(&orders);
        if named {
            Self::check_redundant(chosen, &orders, metric)?;
        }
        let mut list = Self::derive_list(puzzle, chosen, &orders, metric);
        Self::check_names(chosen, &list, metric)?;
        // Inverses: the quarter and face metrics both hold them (and the
        // list holds each transformation once).
        let at: std::collections::HashMap<Transformation, usize> = list
            .iter()
            .enumerate()
            .map(|(k, m)| (m.transformation.clone(), k))
            .collect();
        for m in &mut list {
            m.inverse = *at
                .get(&m.transformation.inverse())
                .expect("both metrics hold every move's inverse");
        }
        let mut set = Self::from_list(list, &orders, metric)?;
        set.fold_case = !puzzle.layout().is_empty() || puzzle.tile_tray().is_some();
        for d in &puzzle.moves {
            if set.find(&d.name).is_none()
                && let Some(m) = set
                    .moves
                    .iter()
                    .position(|m| m.transformation == d.transformation)
            {
                set.aliases.push((d.name.clone(), m));
            }
        }
        Ok(set)
    }

    /// The moves of `metric` made from `chosen`, in Schofield's order, with
    /// their names, costs and words (inverses not yet found).
    /// The order of each chosen move, and how many moves `metric` makes of
    /// them, counted before any is made: a move of order n gives n − 1 in
    /// the face metric, and n may be astronomically large. The quarter
    /// metric needs only to know an order of 3 or more, and says 3.
    fn count(chosen: &[Named], metric: Metric) -> (Vec<BigUint>, BigUint) {
        let orders: Vec<BigUint> = chosen
            .iter()
            .map(|m| {
                let o = order_of(&m.transformation);
                match metric {
                    Metric::Face => o,
                    Metric::Quarter => o.min(BigUint::from(3u32)),
                }
            })
            .collect();
        let count = orders.iter().map(|o| o - 1u32).sum();
        (orders, count)
    }

    /// Refuses a generator whose moves in `metric` the others already make
    /// (`U2` beside `U` in the face metric, `U'` beside `U` in either): it
    /// would add nothing but a name.
    fn check_redundant(
        chosen: &[Named],
        orders: &[u64],
        metric: Metric,
    ) -> Result<(), DefinitionError> {
        use std::collections::HashSet;
        let made: Vec<HashSet<Transformation>> = chosen
            .iter()
            .zip(orders)
            .map(|(g, &o)| {
                exponents(o, metric)
                    .into_iter()
                    .map(|x| g.transformation.pow(x))
                    .filter(|t| !t.is_identity())
                    .collect()
            })
            .collect();
        // The last named first: of U and U', U' is the one said to repeat.
        for i in (0..chosen.len()).rev() {
            let others: Vec<usize> = (0..chosen.len()).filter(|&j| j != i).collect();
            let covered = made[i]
                .iter()
                .all(|t| others.iter().any(|&j| made[j].contains(t)));
            if covered {
                let by = others
                    .iter()
                    .find(|&&j| made[i].is_subset(&made[j]))
                    .map_or_else(
                        || "the others".to_string(),
                        |&j| crate::text::quoted(&chosen[j].name),
                    );
                return Err(DefinitionError::RedundantGenerator {
                    name: chosen[i].name.clone(),
                    by,
                    metric: metric.name(),
                });
            }
        }
        Ok(())
    }

    fn derive_list(puzzle: &Puzzle, chosen: &[Named], orders: &[u64], metric: Metric) -> Vec<Move> {
        let mut list: Vec<Move> = Vec::new();
        // Column k of the exponent lists, for every move, in turn.
        let lists: Vec<Vec<i64>> = orders.iter().map(|&o| exponents(o, metric)).collect();
        let width = lists.iter().map(Vec::len).max().unwrap_or(0);
        let mut columns: Vec<Vec<(usize, i64)>> = vec![Vec::new(); width];
        for (i, l) in lists.iter().enumerate() {
            // Negative exponents line up from the right, so that every
            // inverse is in the last column.
            let neg = l.iter().filter(|&&x| x < 0).count();
            for (k, &x) in l.iter().enumerate() {
                let col = if x > 0 {
                    k
                } else {
                    width - neg + (k - (l.len() - neg))
                };
                columns[col].push((i, x));
            }
        }
        let declared_by: std::collections::HashMap<&Transformation, &Named> = puzzle
            .moves
            .iter()
            .rev()
            .map(|m| (&m.transformation, m))
            .collect();
        let mut made: std::collections::HashSet<Transformation> = std::collections::HashSet::new();
        for (i, x) in columns.into_iter().flatten() {
            let base = &chosen[i];
            let t = base.transformation.pow(x);
            if t.is_identity() || !made.insert(t.clone()) {
                continue;
            }
            // A declared move equal to this power lends its name and word.
            let declared = declared_by.get(&t).copied();
            let name = match declared {
                Some(d) => d.name.clone(),
                None => match x {
                    1 => base.name.clone(),
                    -1 => format!("{}'", base.name),
                    x if x > 0 => format!("{}{x}", base.name),
                    x => format!("{}{}'", base.name, -x),
                },
            };
            let word = match declared.and_then(|d| d.word.clone()) {
                Some(w) => Some(w),
                None => base.word.as_ref().map(|w| {
                    let step = if x < 0 { w.inverse() } else { w.clone() };
                    (1..x.unsigned_abs()).fold(step.clone(), |acc, _| acc.then(&step))
                }),
            };
            let cost = word.as_ref().map_or(1, |w| w.len() as u32);
            list.push(Move {
                name,
                transformation: t,
                word,
                cost,
                inverse: usize::MAX,
                base: (i, x),
            });
        }
        list
    }

    /// Refuses two moves of `list` written alike: a path printed with that
    /// name would read back as the other move.
    fn check_names(chosen: &[Named], list: &[Move], metric: Metric) -> Result<(), DefinitionError> {
        let mut seen: std::collections::HashMap<&str, &Move> = std::collections::HashMap::new();
        for m in list {
            if let Some(other) = seen.insert(&m.name, m) {
                let power = |m: &Move| match m.base {
                    (i, 1) => chosen[i].name.clone(),
                    (i, x) => format!("{}^{x}", chosen[i].name),
                };
                return Err(DefinitionError::NameClash {
                    metric: metric.name(),
                    name: m.name.clone(),
                    first: power(other),
                    second: power(m),
                });
            }
        }
        Ok(())
    }

    /// Every symmetry maps every move to a move of this set, with the same
    /// cost, and carries elision along.
    pub fn check_symmetries(&self, symmetries: &[Named]) -> Result<(), DefinitionError> {
        for s in symmetries {
            let image = self.image_under(s.transformation());
            for (a, m) in self.moves.iter().enumerate() {
                let Some(b) = image[a] else {
                    return Err(DefinitionError::SymmetryBreaksMoves {
                        symmetry: s.name.clone(),
                        move_: m.name.clone(),
                        detail: String::new(),
                    });
                };
                if self.moves[b].cost != m.cost {
                    return Err(DefinitionError::SymmetryBreaksMoves {
                        symmetry: s.name.clone(),
                        move_: m.name.clone(),
                        detail: format!(
                            " of the same cost (it becomes {})",
                            quoted(&self.moves[b].name)
                        ),
                    });
                }
            }
            let n = self.moves.len();
            for a in 0..n {
                for b in 0..n {
                    let (x, y) = (image[a].unwrap_or(a), image[b].unwrap_or(b));
                    if self.cancel[a * n + b] != self.cancel[x * n + y] {
                        return Err(DefinitionError::SymmetryBreaksMoves {
                            symmetry: s.name.clone(),
                            move_: self.moves[a].name.clone(),
                            detail: format!(
                                " that elides as it does ({} then {} elide differently from {} then {})",
                                quoted(&self.moves[a].name),
                                quoted(&self.moves[b].name),
                                quoted(&self.moves[x].name),
                                quoted(&self.moves[y].name)
                            ),
                        });
                    }
                }
            }
        }
        Ok(())
    }

    /// The move each move becomes under the symmetry `s` (by conjugation),
    /// `None` where that is not a move of the set.
    pub fn image_under(&self, s: &Transformation) -> Vec<Option<usize>> {
        self.moves
            .iter()
            .map(|m| {
                let c = m.transformation.conjugate(s);
                self.moves.iter().position(|x| x.transformation == c)
            })
            .collect()
    }

    /// The moves, in order.
    pub fn iter(&self) -> impl Iterator<Item = &Move> {
        self.moves.iter()
    }

    /// Each move's permutation of the slots, in order.
    ///
    /// ```
    /// use schofield::puzzle::{library, Metric};
    /// let cube = library::get("2x2x2").unwrap();
    /// let moves = cube.moves(Metric::Face, None).unwrap();
    /// assert_eq!(moves.transformations().len(), 18);
    /// ```
    pub fn transformations(&self) -> Vec<crate::puzzle::Transformation> {
        self.moves
            .iter()
            .map(|m| m.transformation.clone())
            .collect()
    }

    /// The move numbered `i`.
    pub fn get(&self, i: usize) -> &Move {
        &self.moves[i]
    }

    /// How many moves there are.
    pub fn len(&self) -> usize {
        self.moves.len()
    }

    /// Always false: a puzzle has a move.
    pub fn is_empty(&self) -> bool {
        self.moves.is_empty()
    }

    /// The metric.
    pub fn metric(&self) -> Metric {
        self.metric
    }

    /// Whether the moves' names are read in either case: on a puzzle drawn
    /// as a board (a layout or a tray: Schofield's twists `A`…`D`,
    /// `W`…`Z`, typed `wxyz` as readily as `WXYZ`), never elsewhere, where
    /// case is part of a name as cubing.js and twsearch read it: a cuber's
    /// `r` is a wide turn, a Pyraminx solver's `u` a tip, and neither is
    /// `R` or `U`.
    ///
    /// ```
    /// use schofield::puzzle::{Metric, library};
    /// let eight = library::get("eight").unwrap();
    /// assert!(eight.moves(Metric::Face, None).unwrap().folds_case());
    /// let cube = library::get("3x3x3").unwrap();
    /// assert!(!cube.moves(Metric::Face, None).unwrap().folds_case());
    /// ```
    pub fn folds_case(&self) -> bool {
        self.fold_case
    }

    /// The number of the move called `name`, or of the move a declared
    /// move of that name was left out as ([`MoveSet::aliases`]).
    pub fn find(&self, name: &str) -> Option<usize> {
        self.moves.iter().position(|m| m.name == name).or_else(|| {
            self.aliases
                .iter()
                .find(|(a, _)| a == name)
                .map(|&(_, m)| m)
        })
    }

    /// The declared moves left out of the set as the same as one of its
    /// moves, each with that move's number: a path may name them (`Rw`,
    /// read as `r`), and it is printed with the move's own name.
    ///
    /// ```
    /// use schofield::puzzle::{Metric, read};
    /// let text = "name: two names\norbits: {A: {pieces: 3}}\n\
    ///             moves:\n  T: {cycles: {A: \"(0,1,2)\"}}\n  Tw: {cycles: {A: \"(0,1,2)\"}}\n";
    /// let p = read::parse("t.yaml", text, read::FileFormat::Yaml).unwrap();
    /// let moves = p.moves(Metric::Face, None).unwrap();
    /// assert_eq!(moves.aliases(), &[("Tw".to_string(), 0)]);
    /// assert_eq!(moves.find("Tw"), moves.find("T"));
    /// ```
    pub fn aliases(&self) -> &[(String, usize)] {
        &self.aliases
    }

    /// True when moves are priced by words.
    pub fn has_words(&self) -> bool {
        self.moves.iter().any(|m| m.word.is_some())
    }

    /// The steps cancelled when move `b` follows move `a`.
    pub fn cancelled(&self, a: usize, b: usize) -> u32 {
        u32::from(self.cancel[a * self.moves.len() + b])
    }

    /// True when move `b` right after move `a` completes an elision (and is
    /// not `a`'s inverse, which undoes it).
    pub fn elides(&self, a: usize, b: usize) -> bool {
        b != self.moves[a].inverse && self.cancelled(a, b) > 0
    }

    /// The moves that never follow `a` in a *reduced* path:
    /// those that make with `a` no move at all or a single move (after A,
    /// A and W: A A is the twist W). Minimal paths in Schofield's sense are
    /// reduced. When words cancel so much that a pair may cost less than
    /// the single move it makes, only the moves that undo `a` are left out.
    pub fn redundant_after(&self, a: usize) -> &MoveBits {
        &self.redundant[a]
    }

    /// The cost of `b` right after `a` (`None`: at the start).
    ///
    /// Schofield's count `m = 4t − 2e`: only an elision saves; a move right
    /// after its inverse (which undoes it, and is never in a reduced path)
    /// costs in full.
    pub fn cost_after(&self, a: Option<usize>, b: usize) -> u32 {
        let saved = match a {
            Some(a) if self.elides(a, b) => 2 * self.cancelled(a, b),
            _ => 0,
        };
        self.moves[b].cost.saturating_sub(saved)
    }
}

/// The most powers of the declared moves made to check a file's
/// symmetries (more than a search takes, fewer than would take long).
const MAX_CHECKED_POWERS: u32 = 4096;

/// The exponents of a move of order `order` that `metric` makes moves of,
/// in Schofield's order: 1, 2, …, then the negative ones, −1 last (face);
/// 1 and −1 (quarter). None is a multiple of the order.
fn exponents(order: u64, metric: Metric) -> Vec<i64> {
    let order = order as i64;
    let mut e: Vec<i64> = match metric {
        Metric::Quarter => vec![1, -1],
        Metric::Face => {
            let half = order / 2;
            let mut v: Vec<i64> = (1..=half).collect();
            v.extend((1..=(order - 1 - half)).rev().map(|k| -k));
            v
        }
    };
    e.retain(|&x| x.rem_euclid(order) != 0);
    e
}

/// Orders known to be small (counted against a bound first).
fn small(orders: &[BigUint]) -> Vec<u64> {
    orders
        .iter()
        .map(|o| u64::try_from(o).expect("orders are bounded before they are made small"))
        .collect()
}

/// The order of a transformation, from its cycles: the least common
/// multiple, over cycles, of the length times the order of the turn a piece
/// gains going round once (doubled for an odd order that mirrors). Exact
/// however large: the lcm is taken over prime powers, so a move of many
/// long cycles of different lengths is not an overflow.
///
/// ```
/// use schofield::puzzle::{library, order_of};
/// let cube = library::get("2x2x2").unwrap();
/// let r = cube.declared_moves().iter().find(|m| m.name() == "R").unwrap();
/// assert_eq!(order_of(r.transformation()), 4u32.into());
/// ```
pub fn order_of(t: &Transformation) -> BigUint {
    fn gcd(a: u64, b: u64) -> u64 {
        if b == 0 { a } else { gcd(b, a % b) }
    }
    // The highest power of each prime dividing some cycle's order.
    let mut powers: BTreeMap<u64, u32> = BTreeMap::new();
    let mut take = |mut k: u64| {
        let mut p = 2;
        while k > 1 {
            if p * p > k {
                p = k;
            }
            let mut e = 0;
            while k.is_multiple_of(p) {
                k /= p;
                e += 1;
            }
            if e > 0 {
                let best = powers.entry(p).or_insert(0);
                *best = (*best).max(e);
            }
            p += 1;
        }
    };
    for o in t.orbits() {
        let m = u64::from(o.modulus());
        for (c, gain) in o.cycles() {
            let g = u64::from(gain);
            let twist_order = if g == 0 { 1 } else { m / gcd(m, g) };
            take(c.len() as u64 * twist_order);
        }
        // Fixed slots that twist.
        for (i, &p) in o.permutation().iter().enumerate() {
            let g = u64::from(o.orientation()[i]);
            if usize::from(p) == i && g != 0 {
                take(m / gcd(m, g));
            }
        }
    }
    if t.mirrors() && !powers.contains_key(&2) {
        powers.insert(2, 1);
    }
    powers.iter().fold(BigUint::from(1u32), |acc, (&p, &e)| {
        acc * BigUint::from(p).pow(e)
    })
}

/// The moves a symmetry must map onto the moves: those of the puzzle's
/// default metric, or, when a move of enormous order would give more than
/// [`MAX_CHECKED_POWERS`] powers, each move and its inverse (the quarter
/// metric); with the metric taken.
pub(super) fn moves_kept(puzzle: &Puzzle) -> (Vec<Move>, Metric) {
    let all = &puzzle.moves;
    let (orders, count) = MoveSet::count(all, puzzle.metric);
    let (orders, metric) = if count <= BigUint::from(MAX_CHECKED_POWERS) {
        (orders, puzzle.metric)
    } else {
        (MoveSet::count(all, Metric::Quarter).0, Metric::Quarter)
    };
    (
        MoveSet::derive_list(puzzle, all, &small(&orders), metric),
        metric,
    )
}

/// The symmetries map the moves (as the puzzle's metric derives them, or
/// the quarter-turn metric when that gives too many powers to list) onto
/// the moves: checked when a puzzle is made, so that a file is refused as
/// soon as it is read.
pub(super) fn check_symmetries_map_moves(puzzle: &Puzzle) -> Result<(), DefinitionError> {
    let (list, metric) = moves_kept(puzzle);
    let set: std::collections::HashSet<&Transformation> =
        list.iter().map(|m| &m.transformation).collect();
    for s in &puzzle.symmetries {
        for m in &puzzle.moves {
            if !set.contains(&m.transformation.conjugate(&s.transformation)) {
                return Err(DefinitionError::SymmetryBreaksMoves {
                    symmetry: s.name.clone(),
                    move_: m.name.clone(),
                    detail: String::new(),
                });
            }
        }
    }
    // Costs and cancellations are checked on the metric's move set where
    // it can be made (at most [`MAX_MOVES`] powers counted, no two written
    // alike): `group` studies the generators all the same.
    match puzzle.moves(metric, None) {
        Ok(moves) => moves.check_symmetries(&puzzle.symmetries),
        Err(DefinitionError::TooManyMoves { .. } | DefinitionError::NameClash { .. }) => Ok(()),
        Err(e) => Err(e),
    }
}
