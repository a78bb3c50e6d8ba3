//! The whole puzzle's distances as one pruning table, a class of
//! positions under the puzzle's symmetries a value: an exact estimate, so
//! that IDA* walks only down minimal sequences. Where the classes fit the
//! memory allowed (the 2×2×2's 2 152 008 states under 48 symmetries: half
//! a megabyte at two bits, `pruning::Encoding`), one table by classes answers every position of
//! the puzzle at once, where projections bound it from below.
//!
//! Where the whole puzzle's classes do not fit but one coordinate's do
//! (the 3×3×3's twelve edges: 20 451 262 464 states under the cube's 48
//! symmetries, 5.1 GB at two bits), that coordinate's table is by its
//! classes ([`ClassProjection`]): the exact distance of the position's
//! edges, where a set of its pieces bounds it from below.

use super::plan::{CLASS_NUMBERING, PartSpec, TABLE_LAYOUT, TablePlan};
use super::pruning::{Encoding, Exact, layers};
use super::*;
use crate::method::space::SymmetryCoordinate;

/// The most states a table by classes is made of.
pub(super) const MOST_CLASS_STATES: u64 = 1 << 27;

/// The symmetry coordinate of `space` under those of `symmetries` that
/// IDA* may read ([`Conjugation::new`], the identity among them), when
/// its tables and its classes' table fit `bytes` (two bits a class where
/// every move's inverse is a move, else four: [`Encoding::of_classes`]), its tables within
/// `coordinate_bytes` (`None`: no more than the table by classes):
/// `None` where the space is not numbered, no symmetry but the identity
/// is usable, or the coordinate cannot be made or does not fit.
pub(super) fn class_coordinate(
    space: &Space,
    symmetries: &[Transformation],
    bytes: u64,
    coordinate_bytes: Option<u64>,
) -> Option<SymmetryCoordinate> {
    if !space.is_numbered() {
        return None;
    }
    let identity = symmetries.iter().find(|t| t.is_identity())?;
    let mut actions = vec![space.symmetry(identity)];
    actions.extend(
        Conjugation::all(space, symmetries)
            .into_iter()
            .map(|c| c.symmetry),
    );
    if actions.len() < 2 {
        return None;
    }
    // The classes are about the positions over the symmetries. The
    // coordinate's own tables are made on every run, where the table by
    // classes is read from disk: for one position they are allowed no
    // more bytes than that table, so that the making stays within a read
    // of it (twsearch's 2×2×2 under its 48 symmetries would make 11 MB of
    // them, in 87 ms, for a table of half a megabyte; its Skewb 57 KB, in
    // 1 ms, for 5 MB).
    let encoding = Encoding::of_classes(space);
    let classes = space.len() / actions.len() as u64;
    let table = encoding.bytes(classes);
    if table > bytes {
        return None;
    }
    // A batch may wait for the table's making, but not for long: at most
    // 2^27 states (a breadth-first search of a few seconds a hundred
    // million states on two cores, as `counts` of twsearch's 233 takes).
    if coordinate_bytes.is_some() && classes > MOST_CLASS_STATES {
        return None;
    }
    let allowed = coordinate_bytes.unwrap_or(table).min(bytes - table);
    let sc = SymmetryCoordinate::new(space, &actions, Some(allowed)).ok()??;
    (sc.len() <= MOST_CLASS_STATES && sc.bytes().saturating_add(encoding.bytes(sc.len())) <= bytes)
        .then_some(sc)
}

impl Pruning {
    /// The parts of a table by classes: every digit, in order (their
    /// strides unused).
    pub(super) fn class_parts(space: &Space) -> Vec<(usize, u64)> {
        (0..space.digit_count()).map(|d| (d, 0)).collect()
    }

    /// The state of the class of the position whose digits are the parts
    /// `parts` of `x`.
    #[inline]
    pub(super) fn class_of(sc: &SymmetryCoordinate, parts: &[(usize, u64)], x: &[u64]) -> u64 {
        let mut d = [0u64; MAX_DIGITS];
        for (k, &(p, _)) in parts.iter().enumerate() {
            d[k] = x[p];
        }
        sc.reduce(&d[..parts.len()]).0
    }

    /// The whole puzzle's distances by classes of `sc`, a state a value:
    /// the table `read` back, checked after its checksum (a state no
    /// position takes must be unseen), or without one built, each class's
    /// neighbours those of its representative ([`layers`]), unless `halt`
    /// stops it.
    pub(super) fn by_classes(
        space: &Space,
        sc: Arc<SymmetryCoordinate>,
        read: Option<Vec<u8>>,
        halt: Halt,
    ) -> Result<Pruning, NotMade> {
        let goal = space.goal_digits();
        Pruning::of_classes(space, sc, Pruning::class_parts(space), &goal, read, halt)
    }

    /// The distances of the states of `sc` from the goal's (`at_goal`, its
    /// digits), each class's neighbours its representative's, a position's
    /// digits read from the parts `parts`: the table `read` back and
    /// checked, or without one built unless `halt` stops it ([`layers`]).
    fn of_classes(
        space: &Space,
        sc: Arc<SymmetryCoordinate>,
        parts: Vec<(usize, u64)>,
        at_goal: &[u64],
        read: Option<Vec<u8>>,
        halt: Halt,
    ) -> Result<Pruning, NotMade> {
        let goal = sc.reduce(at_goal).0;
        let encoding = Encoding::of_classes(space);
        let table = layers(
            sc.len(),
            goal,
            encoding,
            &|v, f| sc.find_neighbour(space, v, |w, _, _| f(w)),
            &|v| sc.reduced_stabiliser(v).is_some(),
            read,
            halt,
        )?;
        Ok(Pruning {
            parts,
            table: Arc::new(table),
            values: sc.len(),
            classes: Some(sc),
            // The slot is the solver's to place.
            exact: (encoding == Encoding::ModThree).then_some(Exact {
                goal,
                slot: usize::MAX,
            }),
        })
    }
}

/// One coordinate's table by its classes, planned: the coordinate's
/// symmetry coordinate (made with the plan: the 3×3×3's edges take about
/// 20 s and 1.9 GB) and the table's key on disk.
#[derive(Debug)]
pub(super) struct ClassProjection {
    pub(super) sc: Arc<SymmetryCoordinate>,
    pub(super) key: [u8; crate::board::store::KEY_BYTES],
}

impl TablePlan {
    /// The plan whose last table is the classes of the largest coordinate
    /// whose arrangements are worked, where they fit `bytes` with the
    /// tables of the other coordinates ([`TablePlan::besides`], the
    /// largest that fit what is left); `None` where no coordinate's do, or
    /// the puzzle has no symmetry IDA* may read (`conjugations`).
    pub(super) fn with_classes(
        space: &Space,
        bytes: u64,
        symmetries: &[Transformation],
        conjugations: &[Conjugation],
    ) -> Result<Option<TablePlan>, SearchError> {
        let Some(identity) = symmetries.iter().find(|t| t.is_identity()) else {
            return Ok(None);
        };
        if conjugations.is_empty() {
            return Ok(None);
        }
        let encoding = Encoding::of_classes(space);
        let ns = conjugations.len() + 1;
        let largest = (0..space.coordinates())
            .filter_map(|c| {
                let (tables, states) = SymmetryCoordinate::coordinate_planned(space, c, ns)?;
                (tables.saturating_add(encoding.bytes(states)) <= bytes).then_some((states, c))
            })
            .max();
        let Some((_, coord)) = largest else {
            return Ok(None);
        };
        let mut actions = vec![space.symmetry(identity)];
        actions.extend(conjugations.iter().map(|c| c.symmetry.clone()));
        let Ok(Some(sc)) = SymmetryCoordinate::of_coordinate(space, coord, &actions, Some(bytes))
        else {
            return Ok(None);
        };
        let Some(left) = bytes.checked_sub(sc.bytes() + encoding.bytes(sc.len())) else {
            return Ok(None);
        };
        let mut most = 1u64 << 33;
        let mut plan = loop {
            let plan = TablePlan::besides(space, most, conjugations, Some(coord))?;
            if plan.bytes <= left || most == 1 {
                break plan;
            }
            most /= 2;
        };
        if plan.bytes > left {
            return Ok(None);
        }
        let first = plan.parts.len();
        plan.parts.extend(
            (0..space.digit_count())
                .filter(|&d| space.digit(d).1 == coord)
                .map(PartSpec::Digit),
        );
        if plan.parts.len() > MAX_DIGITS {
            return Err(SearchError::NotCanonical);
        }
        plan.projections.push((first..plan.parts.len()).collect());
        plan.bytes += sc.bytes() + encoding.bytes(sc.len());
        let text = format!(
            "{TABLE_LAYOUT} {encoding:?} by the classes of coordinate {coord} {CLASS_NUMBERING} {} {} {:032x} {symmetries:?}",
            sc.len(),
            sc.top_classes(),
            space.fingerprint()
        );
        let key = xxhash_rust::xxh3::xxh3_128(text.as_bytes()).to_le_bytes();
        plan.classes = Some(ClassProjection {
            sc: Arc::new(sc),
            key,
        });
        Ok(Some(plan))
    }

    /// Projection `k`'s table, `kept` its parts of `parts` (`goal` the
    /// goal's): by the coordinate's classes where `k` is the class
    /// projection, else by its values; `read` back and checked, or built
    /// unless `halt` stops it.
    #[allow(clippy::too_many_arguments)]
    pub(super) fn table(
        &self,
        space: &Space,
        k: usize,
        parts: &[Part],
        kept: &[usize],
        goal: &[u64],
        read: Option<Vec<u8>>,
        halt: Halt,
    ) -> Result<Pruning, NotMade> {
        match self.class_projection(k) {
            Some(c) => {
                Pruning::of_coordinate_classes(space, Arc::clone(&c.sc), kept, goal, read, halt)
            }
            None => Pruning::projection(space, parts, kept, goal, read, halt),
        }
    }

    /// The class projection, when projection `p` is it (the last).
    pub(super) fn class_projection(&self, p: usize) -> Option<&ClassProjection> {
        self.classes
            .as_ref()
            .filter(|_| p + 1 == self.projections.len())
    }
}

impl Pruning {
    /// The distances of one coordinate's positions by their classes under
    /// `sc` ([`SymmetryCoordinate::of_coordinate`]), a state a value: the
    /// table `read` back and checked, or without one built unless `halt`
    /// stops it ([`layers`]). `kept` are the parts that are the
    /// coordinate's digits, in their order; `goal` the goal's parts.
    pub(super) fn of_coordinate_classes(
        space: &Space,
        sc: Arc<SymmetryCoordinate>,
        kept: &[usize],
        goal: &[u64],
        read: Option<Vec<u8>>,
        halt: Halt,
    ) -> Result<Pruning, NotMade> {
        let at_goal: Vec<u64> = kept.iter().map(|&p| goal[p]).collect();
        let parts = kept.iter().map(|&p| (p, 0)).collect();
        Pruning::of_classes(space, sc, parts, &at_goal, read, halt)
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::method::analysis::{Analysis, Options};
    use crate::puzzle::{Metric, library};

    /// The 3×3×3 with small move tables, its corners' 8! arrangements
    /// worked: within 4 MB its corners are read by their classes (the
    /// corner group's 2 152 008 states, 1 841 970 of them classes, none
    /// past 11 moves), and every position is answered as by the tables
    /// of pieces: the same minimum, specimen and starting moves.
    #[test]
    fn one_coordinate_by_its_classes_answers_as_the_projections() {
        let p = library::get("3x3x3").unwrap();
        let moves = p.moves(Metric::Face, None).unwrap();
        let space = Space::unnumbered(&p, &moves, Some(1 << 18)).unwrap();
        let symmetries = p.symmetry_transformations();
        let conjugations = Conjugation::all(&space, &symmetries);
        let plan = TablePlan::with_classes(&space, 4 << 20, &symmetries, &conjugations)
            .unwrap()
            .expect("the corners' classes fit");
        let last = plan.projections.len() - 1;
        let sc = Arc::clone(&plan.class_projection(last).unwrap().sc);
        assert_eq!(sc.len(), 2_152_008);
        // Read at conjugates too, whose parts come before the distance the
        // search carries for the table modulo 3.
        let solver = Solver::made(&space, &plan, |k, parts, p, goal| {
            plan.table(&space, k, parts, p, goal, None, &|| false)
        })
        .unwrap()
        .conjugated_by(conjugations.clone());
        assert!(solver.conjugates() > 0);
        // Two bits a state, modulo 3: every move's inverse is a move.
        let table = &solver.prunings()[last];
        assert!(table.is_modulo_three());
        assert_eq!(table.bytes(), 538_002);
        let code = |v| pruning::Encoding::ModThree.get(&table.table, v);
        let reached = (0..table.len() as u64).filter(|&v| code(v) != 3).count();
        assert_eq!(reached, 1_841_970);
        // Walked down from states spread over the table, none past 11.
        let goal = table.exact.unwrap().goal;
        let neighbours =
            |v, f: &mut dyn FnMut(u64) -> bool| sc.find_neighbour(&space, v, |w, _, _| f(w));
        let mut farthest = 0;
        for v in (0..table.len() as u64).step_by(997) {
            let d = pruning::descend(&table.table, v, goal, &neighbours).unwrap();
            if d != pruning::UNSEEN {
                farthest = farthest.max(d);
            }
        }
        assert!((9..=11).contains(&farthest), "{farthest}");
        // The distance the search carries follows the moves: a child's,
        // from its parent's and its residue, is the one walked down.
        let mut f = space.goal_flat().clone();
        let mut x = solver.parts_of(&space.digits_of_flat(&f)).unwrap();
        assert_eq!(x, solver.goal);
        let mut y = x.clone();
        for k in 0..300usize {
            let m = (k * 7 + k / 3) % space.move_count();
            solver.step(&x, m, &mut y);
            space.transform_flat(&mut f, &space.effective_moves()[m]);
            assert_eq!(
                y,
                solver.parts_of(&space.digits_of_flat(&f)).unwrap(),
                "move {k}"
            );
            std::mem::swap(&mut x, &mut y);
        }
        let plain = Solver::new(&space, 1 << 16, None).unwrap();
        let mut seed = 99u64;
        for k in 0..12 {
            let mut f = space.goal_flat().clone();
            for _ in 0..2 + k % 6 {
                seed = seed
                    .wrapping_mul(6_364_136_223_846_793_005)
                    .wrapping_add(1_442_695_040_888_963_407);
                let m = (seed >> 33) as usize % space.move_count();
                space.transform_flat(&mut f, &space.effective_moves()[m]);
            }
            let x = space.digits_of_flat(&f);
            let a = solver.solve(&x, &Allowance::default()).unwrap();
            let b = plain.solve(&x, &Allowance::default()).unwrap();
            assert_eq!(
                (a.moves, &a.path, &a.starting),
                (b.moves, &b.path, &b.starting),
                "{k}"
            );
        }
    }

    /// Distances modulo 3 past what four bits keep: a ring of 41 values,
    /// each beside the next, 20 moves at the farthest. Each walked down is
    /// its distance, each neighbour's found from it and its residue, and
    /// the table read back passes its check.
    #[test]
    fn distances_modulo_three_are_exact_past_four_bits() {
        use pruning::{Encoding, beside, descend, layers};
        let n = 41u64;
        let neighbours =
            |v: u64, f: &mut dyn FnMut(u64) -> bool| f((v + 1) % n) || f((v + n - 1) % n);
        let made = |read| {
            layers(
                n,
                0,
                Encoding::ModThree,
                &neighbours,
                &|_| true,
                read,
                &|| false,
            )
        };
        let table = made(None).unwrap();
        assert_eq!(table.len(), 11);
        let distance = |v: u64| v.min(n - v) as u8;
        for v in 0..n {
            assert_eq!(descend(&table, v, 0, &neighbours), Ok(distance(v)), "{v}");
            neighbours(v, &mut |w| {
                let code = Encoding::ModThree.get(&table, w);
                assert_eq!(beside(distance(v), code), distance(w), "{v} {w}");
                false
            });
        }
        assert_eq!(made(Some(table.clone())), Ok(table));
    }

    /// Where the classes fit, one table of the whole puzzle by classes: an
    /// exact estimate. Every position of the Pyraminx, the squares group and
    /// twsearch's 2×2×2 by walks, against the whole table: the minimum, the
    /// specimen's end, every starting move; and the table read back.
    #[test]
    fn one_table_by_classes_answers_as_the_whole_table() {
        for name in ["pyraminx", "squares", "corners"] {
            let p = library::get(name).unwrap();
            let a = Analysis::new(p.clone(), &Options::default(), &|_| {}).unwrap();
            let space = a.space();
            let symmetries = p.symmetry_transformations();
            let dir = tempfile::tempdir().unwrap();
            // For one position the coordinate's tables, made on every run,
            // may take no more than the table; for many, the whole budget.
            let (one, _) = Solver::kept(space, 64 << 20, dir.path(), &symmetries).unwrap();
            let classes = one.prunings().iter().any(|p| p.classes.is_some());
            assert_eq!(classes, name == "squares", "{name}");
            let (solver, kept) =
                Solver::kept_for_many(space, 64 << 20, dir.path(), &symmetries).unwrap();
            assert_eq!(kept.len(), 1, "{name}: {kept:?}");
            assert!(solver.prunings()[0].classes.is_some(), "{name}");
            let (again, kept) =
                Solver::kept_for_many(space, 64 << 20, dir.path(), &symmetries).unwrap();
            assert_eq!(kept[0].source, TableSource::Read, "{name}");
            // Every move's inverse is a move: distances modulo 3, a quarter of
            // a byte each.
            let table = &solver.prunings()[0];
            assert!(table.is_modulo_three(), "{name}");
            assert_eq!(table.bytes(), table.len().div_ceil(4), "{name}");
            // Values made wrong under a good checksum: refused, built again.
            // Every residue 2 made 0 (a value at distance 2 or 3 then has no
            // neighbour one nearer), or every value but the goal's made
            // unseen (the goal beside values not reached).
            let sc = table.classes.clone().unwrap();
            let key = TablePlan::class_key(space, &sc, &symmetries);
            let goal = table.exact.unwrap().goal;
            type Forgery<'a> = &'a dyn Fn(u64, u8) -> u8;
            let forgeries: [(Forgery, &str); 2] = [
                (&|_, c| if c == 2 { 0 } else { c }, "no neighbour nearer"),
                (&|v, c| if v == goal { c } else { 3 }, "which is not"),
            ];
            for (to, why) in forgeries {
                forge_mod_three(&kept[0].path, &key, to);
                let (_, fixed) =
                    Solver::kept_for_many(space, 64 << 20, dir.path(), &symmetries).unwrap();
                assert!(
                    matches!(&fixed[0].source, TableSource::Replaced(w) if w.contains(why)),
                    "{name}: {fixed:?}"
                );
            }
            // Positions spread over the numbers by Knuth's multiplier.
            for y in (1..=300u64).map(|k| k.wrapping_mul(2_654_435_761) % space.len()) {
                let Some(moves) = a.moves_at(y) else {
                    continue;
                };
                let digits = again.digits(y);
                // Exact: the estimate is the distance.
                assert_eq!(
                    u32::from(again.estimate(&digits).unwrap()),
                    u32::from(moves),
                    "{name} {y}"
                );
                let found = again.solve(&digits, &Allowance::default()).unwrap();
                assert_eq!(found.moves, u32::from(moves), "{name} {y}");
                assert_eq!(found.starting, a.starting_moves(y), "{name} {y}");
                let end = found.path.iter().fold(y, |z, &m| space.apply(z, m));
                assert_eq!(end, space.goal_index(), "{name} {y}");
            }
        }
    }

    /// Rewrites the kept table modulo 3 at `path` (of key `key`), each
    /// value's residue `c` made `to(value, c)`, under a good checksum.
    fn forge_mod_three(
        path: &std::path::Path,
        key: &[u8; crate::board::store::KEY_BYTES],
        to: &dyn Fn(u64, u8) -> u8,
    ) {
        use crate::board::store::{Kind, read_keyed, write_keyed};
        let mut table = read_keyed(path, Kind::PruningTable, key).unwrap();
        for (i, byte) in table.iter_mut().enumerate() {
            *byte = (0..4).fold(0, |b, k| {
                let c = to(4 * i as u64 + k, *byte >> (2 * k) & 3);
                b | c << (2 * k)
            });
        }
        write_keyed(path, Kind::PruningTable, key, &table).unwrap();
    }
}
