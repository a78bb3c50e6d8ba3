//! The checks [`Puzzle::new`] runs on a definition: orbits, lists, moves
//! as transformations, the drawing and the tile tray, the words, and the
//! symmetry groups closed under products.

use super::*;

mod words;

pub(super) use words::check_words;

pub(super) fn check_orbits(defs: &[OrbitDef]) -> Result<Vec<Orbit>, DefinitionError> {
    if defs.is_empty() {
        return Err(DefinitionError::NoOrbits);
    }
    if defs.len() > MAX_ORBITS {
        return Err(DefinitionError::TooManyOrbits(defs.len()));
    }
    let mut out: Vec<Orbit> = Vec::new();
    for d in defs {
        if out.iter().any(|o| o.name == d.name) {
            return Err(DefinitionError::RepeatedOrbit(d.name.clone()));
        }
        if !(1..=MAX_SLOTS).contains(&d.pieces) {
            return Err(DefinitionError::OrbitSize {
                orbit: d.name.clone(),
                pieces: d.pieces,
            });
        }
        if !(1..=MAX_ORIENTATIONS).contains(&d.orientations) {
            return Err(DefinitionError::Orientations {
                orbit: d.name.clone(),
                orientations: d.orientations,
            });
        }
        out.push(Orbit {
            name: d.name.clone(),
            pieces: d.pieces,
            orientations: d.orientations as u8,
        });
    }
    Ok(out)
}

/// A list of `expected` entries below `limit`.
pub(super) fn check_list(
    what: &str,
    orbit: &str,
    list: &'static str,
    values: &[usize],
    expected: usize,
    limit: usize,
) -> Result<(), DefinitionError> {
    if values.len() != expected {
        return Err(DefinitionError::Length {
            what: what.to_string(),
            orbit: orbit.to_string(),
            list,
            found: values.len(),
            expected,
        });
    }
    if let Some((index, &value)) = values.iter().enumerate().find(|(_, v)| **v >= limit) {
        return Err(DefinitionError::OutOfRange {
            what: what.to_string(),
            orbit: orbit.to_string(),
            list,
            index,
            value,
            limit,
        });
    }
    Ok(())
}

pub(super) fn transformation_of(
    m: &MoveDef,
    what: &str,
    orbits: &[Orbit],
    defs: &[OrbitDef],
    index_of: &dyn Fn(&str, &str) -> Result<usize, DefinitionError>,
) -> Result<Transformation, DefinitionError> {
    let mut maps: Vec<OrbitMap> = orbits
        .iter()
        .map(|o| OrbitMap::identity(o.pieces, o.orientations))
        .collect();
    for (name, def) in &m.orbits {
        let k = index_of(what, name)?;
        let o = &orbits[k];
        let n = o.pieces;
        let perm = if def.permutation.is_empty() {
            (0..n).collect()
        } else {
            def.permutation.clone()
        };
        check_list(what, name, "permutation", &perm, n, n)?;
        let mut first = vec![usize::MAX; n];
        for (i, &p) in perm.iter().enumerate() {
            if first[p] != usize::MAX {
                return Err(DefinitionError::NotAPermutation {
                    what: what.to_string(),
                    orbit: name.clone(),
                    value: p,
                    first: first[p],
                    index: i,
                });
            }
            first[p] = i;
        }
        let ori = if def.orientation.is_empty() {
            vec![0; n]
        } else {
            def.orientation.clone()
        };
        check_list(
            what,
            name,
            "orientation",
            &ori,
            n,
            usize::from(o.orientations),
        )?;
        maps[k] = OrbitMap::from_parts(
            perm.iter().map(|&p| p as u8).collect(),
            ori.iter().map(|&p| p as u8).collect(),
            o.orientations,
        );
    }
    let _ = defs;
    Ok(Transformation::new(maps, m.mirror))
}

pub(super) fn check_layout(
    rows: &[Vec<CellDef>],
    orbits: &[Orbit],
    defs: &[OrbitDef],
) -> Result<Vec<Vec<Cell>>, DefinitionError> {
    let mut seen = std::collections::HashSet::new();
    let mut out = Vec::new();
    for (r, row) in rows.iter().enumerate() {
        let mut cells = Vec::new();
        for (c, cell) in row.iter().enumerate() {
            let bad = |problem: String| DefinitionError::Layout {
                row: r + 1,
                col: c + 1,
                problem,
            };
            cells.push(match cell {
                CellDef::Blank => Cell::Blank,
                CellDef::Gap => Cell::Gap,
                CellDef::Slot(orbit, slot) => {
                    let k = match orbit {
                        None => 0,
                        Some(name) => {
                            defs.iter().position(|o| &o.name == name).ok_or_else(|| {
                                bad(format!(
                                    "orbit {} does not exist; the orbits are {}",
                                    quoted(name),
                                    orbit_names(defs)
                                ))
                            })?
                        }
                    };
                    if *slot >= orbits[k].pieces {
                        return Err(bad(format!(
                            "slot {slot} of orbit {} does not exist; expected 0 to {}",
                            quoted(&orbits[k].name),
                            orbits[k].pieces - 1
                        )));
                    }
                    if !seen.insert((k, *slot)) {
                        return Err(bad(format!(
                            "slot {slot} of orbit {} is drawn twice",
                            quoted(&orbits[k].name)
                        )));
                    }
                    Cell::Slot {
                        orbit: k,
                        slot: *slot as u8,
                    }
                }
            });
        }
        out.push(cells);
    }
    Ok(out)
}

/// A tray moved by tile moves: no moves, rotations or symmetries of its
/// own, one orbit of plain pieces, and a drawing that fills a rectangle with
/// every slot once and one blank.
pub(super) fn check_tile_tray(
    def: &Definition,
    orbits: &[Orbit],
) -> Result<TileTray, DefinitionError> {
    let refuse = |what: &str| Err(DefinitionError::TileTray(what.to_string()));
    if !def.moves.is_empty() {
        return refuse(
            "has no moves of its own: its moves are the tile moves of its drawing; remove the moves",
        );
    }
    if !def.rotations.is_empty()
        || !def.symmetries.is_empty()
        || !def.symmetry_generators.is_empty()
    {
        return refuse(
            "takes the symmetries of its rectangle that keep the blank's cell; give no rotations or symmetries",
        );
    }
    if orbits.len() != 1 || orbits[0].orientations != 1 {
        return refuse("has one orbit of pieces without orientations");
    }
    let rows = def.layout.len();
    let cols = def.layout.first().map_or(0, Vec::len);
    if rows == 0 || def.layout.iter().any(|r| r.len() != cols) {
        return refuse("needs a drawing whose rows all have the same number of cells");
    }
    let blanks: Vec<usize> = def
        .layout
        .iter()
        .flatten()
        .enumerate()
        .filter(|(_, c)| **c == CellDef::Blank)
        .map(|(i, _)| i)
        .collect();
    let [home] = blanks[..] else {
        return refuse(&format!(
            "needs one blank in its drawing, not {}",
            blanks.len()
        ));
    };
    if def.layout.iter().flatten().any(|c| *c == CellDef::Gap)
        || orbits[0].pieces + 1 != rows * cols
    {
        return refuse(&format!(
            "needs its {} pieces on every cell of its {rows}x{cols} drawing but the blank's",
            orbits[0].pieces
        ));
    }
    if crate::board::Board::new(rows, cols).is_err() {
        return refuse(&format!(
            "of {rows}x{cols} is not a board the engine searches (docs/boards.md)"
        ));
    }
    Ok(TileTray { rows, cols, home })
}

/// The transformation an alg of earlier named transformations makes.
pub(super) fn eval_alg(
    text: &str,
    before: &[&Named],
    what: &str,
    identity: &Transformation,
) -> Result<Transformation, DefinitionError> {
    let names: Vec<&str> = before.iter().map(|n| n.name.as_str()).collect();
    let wrap = |e: alg::AlgError| DefinitionError::Alg {
        what: what.to_string(),
        problem: e.to_string(),
    };
    // A file's algs name its moves exactly, as cubing.js reads them.
    let parsed = alg::Alg::parse_for(text, &names, false).map_err(wrap)?;
    parsed
        .evaluate(
            &|name, at| {
                before
                    .iter()
                    .find(|n| n.name == name)
                    .map(|n| n.transformation.clone())
                    .ok_or_else(|| alg::AlgError::UnknownMove {
                        name: name.to_string(),
                        at: Some(at),
                        known: names.join(" "),
                        noun: alg::move_nouns(),
                    })
            },
            identity,
            &|a, b| a.then(b),
            &|a| a.inverse(),
        )
        .map_err(wrap)
}

/// The listed symmetries, checked to be a group: the identity is there,
/// and every product and inverse is listed. The identity comes first.
pub(super) fn check_group(list: Vec<Named>) -> Result<Vec<Named>, DefinitionError> {
    if list.is_empty() {
        return Ok(list);
    }
    if list.len() > MAX_SYMMETRIES {
        return Err(DefinitionError::TooManySymmetries);
    }
    let Some(id) = list.iter().position(|s| s.transformation.is_identity()) else {
        return Err(DefinitionError::NotAGroup(
            "the identity is not listed".into(),
        ));
    };
    let set: std::collections::HashMap<&Transformation, &str> = list
        .iter()
        .map(|s| (&s.transformation, s.name.as_str()))
        .collect();
    if set.len() < list.len() {
        return Err(DefinitionError::NotAGroup(
            "two listed symmetries are the same transformation".into(),
        ));
    }
    for a in &list {
        for b in &list {
            if !set.contains_key(&a.transformation.then(&b.transformation)) {
                return Err(DefinitionError::NotAGroup(format!(
                    "{} then {} is not listed",
                    quoted(&a.name),
                    quoted(&b.name)
                )));
            }
        }
    }
    let mut list = list;
    list.swap(0, id);
    Ok(list)
}

/// The group made by `group` (already a group, or empty) and the
/// generators `more`: the elements of `group` first, with their names,
/// then new ones named by words. Unchanged when `more` adds nothing.
pub(super) fn extend_group(
    group: Vec<Named>,
    more: &[Named],
) -> Result<Vec<Named>, DefinitionError> {
    if more.is_empty() {
        return Ok(group);
    }
    let mut gens: Vec<Named> = group
        .iter()
        .filter(|g| !g.transformation.is_identity())
        .cloned()
        .collect();
    gens.extend(more.iter().cloned());
    let mut closed = close_group(gens)?;
    // Keep the listed elements' own names.
    for g in &group {
        if let Some(e) = closed
            .iter_mut()
            .find(|e| e.transformation == g.transformation)
        {
            e.name.clone_from(&g.name);
        }
    }
    Ok(closed)
}

/// The group the generators make, each element named by a shortest word in
/// them (`identity` for the identity); at most [`MAX_SYMMETRIES`] elements.
pub(super) fn close_group(gens: Vec<Named>) -> Result<Vec<Named>, DefinitionError> {
    let Some(first) = gens.first() else {
        return Ok(gens);
    };
    let id = Transformation::identity_like(&first.transformation);
    let mut out = vec![Named {
        name: "identity".into(),
        transformation: id.clone(),
        word: None,
    }];
    let mut seen: std::collections::HashSet<Transformation> = [id].into_iter().collect();
    let mut i = 0;
    while i < out.len() {
        for g in &gens {
            let t = out[i].transformation.then(&g.transformation);
            if seen.insert(t.clone()) {
                if out.len() >= MAX_SYMMETRIES {
                    return Err(DefinitionError::TooManySymmetries);
                }
                let name = if i == 0 {
                    g.name.clone()
                } else {
                    format!("{} {}", out[i].name, g.name)
                };
                out.push(Named {
                    name,
                    transformation: t,
                    word: None,
                });
            }
        }
        i += 1;
    }
    Ok(out)
}

/// Whole-puzzle rotations a file declares that do not map every move onto
/// a move (cubing.js's derived moves, such as the FTO's `r = R 2BL'`, whose
/// images under a turn of the whole puzzle are no move of the file): they
/// are left out, and the rotations kept are the elements of the declared
/// rotations' group that do map the moves onto the moves (a subgroup).
///
/// ```
/// use schofield::puzzle::read;
/// let fto = read::puzzle("tests/fixtures/twsearch/json/fto-UL.def.json").unwrap();
/// let dropped = fto.rotations_dropped().unwrap();
/// assert_eq!((dropped.kept, dropped.of), (1, 24));
/// assert_eq!(dropped.broken, "f");
/// ```
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct RotationsDropped {
    /// The rotations kept, the identity included.
    pub kept: usize,
    /// The elements of the declared rotations' group.
    pub of: usize,
    /// A move whose image under a rotation left out is no move.
    pub broken: String,
}

impl std::fmt::Display for RotationsDropped {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        write!(
            f,
            "{} of the {} rotations its rotations make map move {} onto no move of the file, and are left out; the {} that map every move onto a move are kept",
            self.of - self.kept,
            self.of,
            crate::text::quoted(&self.broken),
            self.kept
        )
    }
}

impl Puzzle {
    /// The rotations a search may take positions up to: those of the
    /// declared rotations' group that keep the goal and map every move
    /// onto a move.
    pub(super) fn settle_rotations(&mut self) -> Result<(), DefinitionError> {
        // Rotations that do not keep the goal (a puck's quarter turn about a
        // horizontal axis) are left out, as twsearch filters its rotations
        // too: the rotations kept are the elements of the declared
        // rotations' group that do keep it (a subgroup: each relabels the
        // goal's pieces consistently, and so does a product of two).
        if !self.rotations.is_empty()
            && self
                .rotations
                .iter()
                .any(|r| self.check_goal_symmetry(r).is_err())
        {
            let closed = close_group(self.rotations.clone())?;
            self.rotations = closed
                .into_iter()
                .filter(|r| !r.transformation.is_identity() && self.check_goal_symmetry(r).is_ok())
                .collect();
        }
        self.keep_rotations_that_map_moves()
    }

    /// Leaves out the rotations that map some move onto no move
    /// ([`RotationsDropped`]), keeping the subgroup that maps every move
    /// onto a move.
    fn keep_rotations_that_map_moves(&mut self) -> Result<(), DefinitionError> {
        if self.rotations.is_empty() {
            return Ok(());
        }
        let (list, _) = moves::moves_kept(self);
        let set: std::collections::HashSet<&Transformation> =
            list.iter().map(|m| m.transformation()).collect();
        let maps =
            |r: &Named, m: &Named| set.contains(&m.transformation.conjugate(&r.transformation));
        // The first move, in the moves' order, that a declared rotation
        // maps onto no move.
        let Some(broken) = self
            .moves
            .iter()
            .find(|m| self.rotations.iter().any(|r| !maps(r, m)))
            .map(|m| m.name.clone())
        else {
            return Ok(());
        };
        let closed = close_group(self.rotations.clone())?;
        let of = closed.len();
        let kept: Vec<Named> = closed
            .into_iter()
            .filter(|r| self.moves.iter().all(|m| maps(r, m)))
            .collect();
        self.rotations_dropped = Some(RotationsDropped {
            kept: kept.len(),
            of,
            broken,
        });
        self.rotations = kept
            .into_iter()
            .filter(|r| !r.transformation.is_identity())
            .collect();
        Ok(())
    }
}

/// Pieces forbidden from one slot (twsearch's `Illegal`): no move may
/// bring one of them there, so the positions are fewer than the group's
/// elements and the moves are not always allowed.
///
/// ```
/// use schofield::puzzle::{tws, Puzzle};
/// let text = "Set P 3 1\nSolved\nP\n1 2 3\nEnd\nMove T\nP\n3 1 2\nEnd\nIllegal P 1 2\n";
/// let p = Puzzle::new(tws::read(text).unwrap()).unwrap();
/// assert_eq!(p.forbidden()[0].pieces, vec![1]);
/// assert!(p.searchable().is_err());
/// ```
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Forbidden {
    /// The orbit, by index.
    pub orbit: usize,
    /// The slot.
    pub slot: usize,
    /// The pieces that may not stand there.
    pub pieces: Vec<u8>,
}

/// Each orbit's goal slots whose piece's orientation does not matter,
/// checked: identical pieces agree.
pub(super) fn free_orientations(
    def: &Definition,
    orbits: &[Orbit],
    goal: &Pattern,
    index_of: impl Fn(&str, &str) -> Result<usize, DefinitionError>,
) -> Result<Vec<Vec<bool>>, DefinitionError> {
    let mut free: Vec<Vec<bool>> = vec![Vec::new(); orbits.len()];
    for (name, slots) in &def.free_orientations {
        let k = index_of("the goal", name)?;
        let n = orbits[k].pieces;
        check_list("the goal", name, "free orientations", slots, slots.len(), n)?;
        free[k] = vec![false; n];
        for &s in slots {
            free[k][s] = true;
        }
        let pieces = &goal.orbits()[k].pieces;
        for a in 0..n {
            if let Some(b) =
                (a + 1..n).find(|&b| pieces[a] == pieces[b] && free[k][a] != free[k][b])
            {
                return Err(DefinitionError::FreeOrientation {
                    orbit: name.clone(),
                    piece: usize::from(pieces[a]),
                    first: a,
                    second: b,
                });
            }
        }
    }
    Ok(free)
}
