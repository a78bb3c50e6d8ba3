//! How a definition becomes a puzzle ([`Puzzle::new`]): its names
//! checked, the goal and the forbidden slots read, the moves and rotations
//! built (an alg may name moves defined after it), the symmetries made a
//! group, and the rotations and symmetries checked against the moves.

use super::*;

impl Puzzle {
    /// Checks a definition and builds the puzzle.
    pub fn new(mut def: Definition) -> Result<Puzzle, DefinitionError> {
        def.without_free_orbits();
        check_showable(&def)?;
        let orbits = check_orbits(&def.orbits)?;
        let index_of = |what: &str, name: &str| orbit_index(&def.orbits, what, name);
        let goal = goal_of(&def, &orbits, &index_of)?;
        let free_orientations = free_orientations(&def, &orbits, &goal, index_of)?;
        let forbidden = forbidden_of(&def, &orbits, &index_of)?;
        check_move_names(&def)?;
        let tray = if def.tile_moves {
            Some(check_tile_tray(&def, &orbits)?)
        } else {
            None
        };
        if def.moves.is_empty() && tray.is_none() {
            return Err(DefinitionError::NoMoves);
        }
        let layout = check_layout(&def.layout, &orbits, &def.orbits)?;
        let maker = Maker {
            orbits: &orbits,
            def: &def,
            identity: Transformation::new(
                orbits
                    .iter()
                    .map(|o| OrbitMap::identity(o.pieces, o.orientations))
                    .collect(),
                false,
            ),
        };
        let (mut moves, rotations) = maker.moves_and_rotations()?;
        let (steps, words) = check_words(&def, &moves, &layout)?;
        for (m, w) in moves.iter_mut().zip(words) {
            m.word = w;
        }
        let symmetries = maker.symmetries(&moves, &rotations)?;
        let drawing = drawing::Drawing::check(&def.drawing, &orbits, &goal)?;
        let mut puzzle = Puzzle {
            name: def.name.clone(),
            description: def.description.clone(),
            orbits,
            goal,
            moves,
            rotations,
            symmetries,
            layout,
            drawing,
            steps,
            vocabulary: def.vocabulary.clone().unwrap_or_default(),
            metric: def.metric.unwrap_or(Metric::Face),
            tray,
            free_orientations,
            forbidden,
            rotations_dropped: None,
        };
        if puzzle.tray.is_some() {
            return Ok(puzzle);
        }
        puzzle.settle_rotations()?;
        // Whole-puzzle rotations are symmetries too (as twsearch takes
        // them): the group grows by them, its named elements kept.
        puzzle.symmetries =
            extend_group(std::mem::take(&mut puzzle.symmetries), &puzzle.rotations)?;
        for s in &puzzle.symmetries {
            puzzle.check_goal_symmetry(s)?;
        }
        // The symmetries must map the moves (as the default metric derives
        // them) onto the moves; checked here once so that a file is refused
        // as soon as it is read.
        // (Puzzles of more moves than a search takes are still puzzles:
        // their groups can be studied.)
        // A move of enormous order would give enormously many powers: then
        // each move's image must be a move or its inverse.
        moves::check_symmetries_map_moves(&puzzle)?;
        Ok(puzzle)
    }
}

/// Names are printed on standard output and written into files: the
/// puzzle's and each orbit's must show as it is.
fn check_showable(def: &Definition) -> Result<(), DefinitionError> {
    let showable = |what: &'static str, name: &str| {
        if name.chars().count() > definition::MAX_NAME || name.chars().any(crate::text::is_hidden) {
            return Err(DefinitionError::UnshowableName {
                what,
                name: name.to_string(),
            });
        }
        Ok(())
    };
    showable("puzzle", &def.name)?;
    for o in &def.orbits {
        showable("orbit", &o.name)?;
    }
    Ok(())
}

/// The number of the orbit called `name`, which `what` names.
fn orbit_index(orbits: &[OrbitDef], what: &str, name: &str) -> Result<usize, DefinitionError> {
    orbits
        .iter()
        .position(|o| o.name == name)
        .ok_or_else(|| DefinitionError::UnknownOrbit {
            what: what.to_string(),
            orbit: name.to_string(),
            known: orbit_names(orbits),
        })
}

/// The goal: each orbit's pieces in order, unturned, unless the
/// definition gives them.
fn goal_of(
    def: &Definition,
    orbits: &[Orbit],
    index_of: &dyn Fn(&str, &str) -> Result<usize, DefinitionError>,
) -> Result<Pattern, DefinitionError> {
    let mut goal: Vec<OrbitPattern> = orbits
        .iter()
        .map(|o| OrbitPattern {
            pieces: (0..o.pieces as u8).collect(),
            orientation: vec![0; o.pieces],
        })
        .collect();
    for (name, (pieces, ori)) in &def.goal {
        let what = "the goal";
        let k = index_of(what, name)?;
        let o = &orbits[k];
        check_list(what, name, "pieces", pieces, o.pieces, o.pieces)?;
        if !ori.is_empty() {
            let most = usize::from(o.orientations);
            check_list(what, name, "orientation", ori, o.pieces, most)?;
        }
        goal[k] = OrbitPattern {
            pieces: pieces.iter().map(|&p| p as u8).collect(),
            orientation: if ori.is_empty() {
                vec![0; o.pieces]
            } else {
                ori.iter().map(|&x| x as u8).collect()
            },
        };
    }
    Ok(Pattern::new(goal))
}

/// The pieces forbidden from slots (twsearch's `Illegal`), checked.
fn forbidden_of(
    def: &Definition,
    orbits: &[Orbit],
    index_of: &dyn Fn(&str, &str) -> Result<usize, DefinitionError>,
) -> Result<Vec<Forbidden>, DefinitionError> {
    let mut forbidden = Vec::new();
    for f in &def.forbidden {
        let what = "Illegal";
        let k = index_of(what, &f.orbit)?;
        let n = orbits[k].pieces;
        check_list(what, &f.orbit, "slot", &[f.slot], 1, n)?;
        check_list(what, &f.orbit, "pieces", &f.pieces, f.pieces.len(), n)?;
        forbidden.push(Forbidden {
            orbit: k,
            slot: f.slot,
            pieces: f.pieces.iter().map(|&p| p as u8).collect(),
        });
    }
    Ok(forbidden)
}

/// The names of moves, rotations and symmetries are unique, not too
/// many, and those of moves and rotations usable in alg notation.
fn check_move_names(def: &Definition) -> Result<(), DefinitionError> {
    let mut names = std::collections::HashSet::new();
    for m in def
        .moves
        .iter()
        .chain(&def.rotations)
        .chain(&def.symmetries)
        .chain(&def.symmetry_generators)
    {
        if !names.insert(m.name.as_str()) {
            return Err(DefinitionError::RepeatedName(m.name.clone()));
        }
    }
    for (what, count) in [
        ("moves", def.moves.len()),
        ("rotations", def.rotations.len()),
        (
            "symmetries",
            def.symmetries.len() + def.symmetry_generators.len(),
        ),
    ] {
        if count > MAX_DECLARED {
            return Err(DefinitionError::TooManyDeclared { what, count });
        }
    }
    for m in def.moves.iter().chain(&def.rotations) {
        if !is_move_name(&m.name) {
            return Err(DefinitionError::BadName(m.name.clone()));
        }
    }
    Ok(())
}

/// What builds the definition's transformations: each given as a map of
/// the orbits, or as an alg of those built before it.
struct Maker<'a> {
    orbits: &'a [Orbit],
    def: &'a Definition,
    identity: Transformation,
}

impl Maker<'_> {
    /// `m`, which `what` names in a message, in terms of `before`.
    fn made(
        &self,
        m: &MoveDef,
        what: &str,
        before: &[&Named],
    ) -> Result<Transformation, DefinitionError> {
        match &m.alg {
            Some(text) => eval_alg(text, before, what, &self.identity),
            None => {
                let index_of = |w: &str, n: &str| orbit_index(&self.def.orbits, w, n);
                transformation_of(m, what, self.orbits, &self.def.orbits, &index_of)
            }
        }
    }

    /// The moves and the rotations, in the definition's order. Those given
    /// as maps first, then those given as algs (cubing.js's derived moves),
    /// each in terms of all before it. Algs may name moves defined after
    /// them (cubing.js's 2×2×2 defines L as [z: U] and z later): each pass
    /// builds those whose names are all known, until none is left or none
    /// can be built.
    fn moves_and_rotations(&self) -> Result<(Vec<Named>, Vec<Named>), DefinitionError> {
        let def = self.def;
        let mut built: Vec<Option<Named>> = vec![None; def.moves.len() + def.rotations.len()];
        let all_names: Vec<&str> = def
            .moves
            .iter()
            .chain(&def.rotations)
            .map(|m| m.name.as_str())
            .collect();
        let all_defs: Vec<(&MoveDef, &'static str)> = def
            .moves
            .iter()
            .map(|m| (m, "move"))
            .chain(def.rotations.iter().map(|m| (m, "rotation")))
            .collect();
        // Each alg is read once: the names it needs (`None` when it cannot
        // be read, which building it reports).
        let needs: Vec<Option<Vec<String>>> = all_defs
            .iter()
            .map(|(m, _)| match &m.alg {
                None => Some(Vec::new()),
                Some(text) => alg::Alg::parse_for(text, &all_names, false)
                    .ok()
                    .map(|a| a.names().iter().map(|(n, _)| n.to_string()).collect()),
            })
            .collect();
        let mut known: std::collections::HashSet<String> = std::collections::HashSet::new();
        let mut pending: Vec<usize> = (0..all_defs.len()).collect();
        loop {
            let ready: Vec<usize> = pending
                .iter()
                .copied()
                .filter(|&i| {
                    needs[i]
                        .as_ref()
                        .is_some_and(|n| n.iter().all(|n| known.contains(n)))
                })
                .collect();
            // Nothing ready: build the first pending one, which reports why.
            let todo = if ready.is_empty() {
                match pending.first() {
                    Some(&i) => vec![i],
                    None => break,
                }
            } else {
                ready
            };
            pending.retain(|i| !todo.contains(i));
            for i in todo {
                let (m, kind) = all_defs[i];
                let before: Vec<&Named> = built.iter().flatten().collect();
                built[i] = Some(self.move_or_rotation(m, kind, &before)?);
                known.insert(m.name.clone());
            }
        }
        let mut built = built.into_iter().flatten();
        let moves: Vec<Named> = built.by_ref().take(def.moves.len()).collect();
        Ok((moves, built.collect()))
    }

    /// One move or rotation (`kind`), built and checked: no mirror, and a
    /// move that does something.
    fn move_or_rotation(
        &self,
        m: &MoveDef,
        kind: &'static str,
        before: &[&Named],
    ) -> Result<Named, DefinitionError> {
        let t = self.made(m, &format!("{kind} {}", quoted(&m.name)), before)?;
        if t.mirrors() {
            return Err(DefinitionError::MirroredMove {
                what: kind,
                name: m.name.clone(),
            });
        }
        if kind == "move" && t.is_identity() {
            return Err(DefinitionError::IdentityMove(m.name.clone()));
        }
        Ok(Named {
            name: m.name.clone(),
            transformation: t,
            word: None,
        })
    }

    /// The symmetries: the group listed, or the closure of the generators.
    fn symmetries(
        &self,
        moves: &[Named],
        rotations: &[Named],
    ) -> Result<Vec<Named>, DefinitionError> {
        let def = self.def;
        let mut symmetries: Vec<Named> = Vec::new();
        for m in def.symmetries.iter().chain(&def.symmetry_generators) {
            let before: Vec<&Named> = moves.iter().chain(rotations).chain(&symmetries).collect();
            let t = self.made(m, &format!("symmetry {}", quoted(&m.name)), &before)?;
            symmetries.push(Named {
                name: m.name.clone(),
                transformation: t,
                word: None,
            });
        }
        if def.symmetry_generators.is_empty() {
            check_group(symmetries)
        } else {
            close_group(symmetries)
        }
    }
}
