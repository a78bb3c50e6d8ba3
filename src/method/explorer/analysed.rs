//! The engine of a puzzle the page holds whole: every answer read off its
//! analysis, as `solve`, `path` and `classes` read it.

use super::*;

/// What the page draws once.
pub(super) fn info(a: &Analysis) -> Info {
    let p = a.puzzle();
    let (layout, stickers, orbits) = drawn(p);
    Info {
        name: p.name().to_string(),
        description: p.description().unwrap_or_default().to_string(),
        vocabulary: p.vocabulary().clone(),
        moves: a.moves().iter().map(|m| m.name().to_string()).collect(),
        layout,
        stickers,
        orbits,
        goal: a.name_of(a.goal()),
        forms: a.position_forms(),
        distribution: a.move_counts(),
        class_count: a.classes().count(),
        extended_class_count: a.extended_classes().map(|e| e.count()),
        metric: a.moves().metric(),
        elisions: a.moves().has_words(),
        past_the_table: false,
        group_order: None,
    }
}

/// A position as the page shows it, read as `solve` reads it.
pub(super) fn show(a: &Analysis, text: &str) -> Result<Shown, PositionError> {
    let text = if text.trim().is_empty() {
        a.name_of(a.goal())
    } else {
        text.trim().to_string()
    };
    let r = match a.read_position(&text) {
        Err(e @ PositionError::BlankOffCentre { .. }) if a.on_tray(3) => {
            return Err(PositionError::Pattern(format!(
                "{e}; Schofield's twists need the blank at home (`schofield solve {text}` answers it with the 3x3 lookup table)"
            )));
        }
        r => r?,
    };
    if a.class_of(r.x).is_none()
        || (a.extended_classes().is_some() && a.extended_class_of(r.x).is_none())
    {
        return Err(PositionError::Pattern(format!(
            "the site's list of classes has no class for {text}: its data.js is damaged; write the site again with `schofield explore`"
        )));
    }
    let solution = SolutionReport::in_frame_at_most(a, r.x, r.frame.as_ref(), MAX_PATHS_SHOWN);
    let paths = solution
        .minimal_paths
        .iter()
        .flatten()
        .filter_map(|p| a.parse_path(&p.plain).ok())
        .map(|p| steps(a.moves(), &p))
        .collect();
    let notation = a.notation();
    let held = a.pattern_in_frame(r.x, r.frame.as_ref());
    let p = a.puzzle();
    Ok(Shown {
        sticker_colours: sticker_colours(p, &held),
        paths,
        pattern: notation.pattern_text(&held),
        text: if r.note.is_some() {
            a.name_of(r.x)
        } else {
            text
        },
        note: r.note.map(str::to_string),
        // The pieces as given (up to rotation, not turned home).
        orbits: orbits_shown(p, &r.pattern),
        orbit_cycles: notation
            .cycles(&held)
            .unwrap_or_else(|| notation.orbit_cycles(&held)),
        solution: Some(solution),
    })
}

/// Moves played from a position (the goal when `from` is empty), as
/// `path --from` follows them.
pub(super) fn play(a: &Analysis, from: &str, moves: &str) -> Result<Played, String> {
    let path = a.parse_path(moves).map_err(|e| e.to_string())?;
    let (start, frame) = if from.trim().is_empty() {
        (a.goal(), None)
    } else {
        let r = a.read_position(from).map_err(|e| e.to_string())?;
        (r.x, r.frame)
    };
    let report = PathReport::in_frame(a, start, frame.as_ref(), &path);
    let end = show(a, &report.end).map_err(|e| e.to_string())?;
    Ok(Played {
        path: report,
        steps: steps(a.moves(), &path),
        end,
    })
}

/// The classes at minimum `moves`, [`MAX_CLASSES_SHOWN`] from `from`,
/// each checked against its orbit.
pub(super) fn classes_at(a: &Analysis, moves: u8, from: usize) -> Result<ClassPage, String> {
    let at: Vec<(usize, &crate::group::classes::Class)> = a
        .classes()
        .list()
        .iter()
        .enumerate()
        .filter(|(_, c)| c.distance == moves)
        .collect();
    let mut classes = Vec::new();
    for (id, c) in at.iter().skip(from).take(MAX_CLASSES_SHOWN) {
        if a.class_of(c.representative) != Some(*id) {
            return Err(format!(
                "the site lists class {id} wrongly: its data.js is damaged; write the site again with `schofield explore`"
            ));
        }
        classes.push((*id, a.name_of(c.representative), c.size));
    }
    Ok(ClassPage {
        moves,
        total: at.len(),
        from,
        classes,
    })
}
