//! The engine of a puzzle past the table a page holds (the 3×3×3): its
//! positions read in every form `solve` reads, checked against the group
//! of the moves, played and drawn; none is solved, since that takes a
//! search with pruning tables of hundreds of megabytes
//! (`schofield solve --puzzle P POSITION`, by IDA*).

use super::*;
use crate::group::PermGroup;
use crate::method::Path;
use crate::method::notation::Notation;
use std::cell::OnceCell;

/// Why a page lists no classes of a puzzle past the table.
pub(super) const NO_CLASSES: &str =
    "this puzzle is past the table a page holds: it has no classes to list";

/// A puzzle past the table: its moves and the group they generate.
pub(super) struct PastTable {
    puzzle: Puzzle,
    moves: MoveSet,
    /// The group of the moves, made at the start (its order is shown).
    group: OnceCell<PermGroup>,
}

impl PastTable {
    /// The puzzle under the metric and generators of `options`, with the
    /// group of its moves.
    pub(super) fn new(puzzle: Puzzle, options: &Options) -> Result<PastTable, ExplorerError> {
        let metric = options.metric.unwrap_or(puzzle.default_metric());
        let moves = puzzle
            .moves(metric, options.generators.as_deref())
            .map_err(|e| ExplorerError::Analysis(AnalysisError::from(e)))?;
        let group = OnceCell::new();
        let made = crate::puzzle::transformation::perm_group(&moves.transformations(), None)
            .map_err(|e| ExplorerError::Group(e.to_string()))?;
        let _ = group.set(made);
        Ok(PastTable {
            puzzle,
            moves,
            group,
        })
    }

    fn notation(&self) -> Notation<'_> {
        Notation::new(&self.puzzle, &self.moves)
    }

    /// What the page draws once: no distribution and no classes, the
    /// group's order instead.
    pub(super) fn info(&self) -> Info {
        let p = &self.puzzle;
        let (layout, stickers, orbits) = drawn(p);
        let notation = self.notation();
        let order = self.group.get().map(|g| g.order().to_string());
        Info {
            name: p.name().to_string(),
            description: p.description().unwrap_or_default().to_string(),
            vocabulary: p.vocabulary().clone(),
            moves: self.moves.iter().map(|m| m.name().to_string()).collect(),
            layout,
            stickers,
            orbits,
            goal: notation.grid_or_pattern(p.goal()),
            forms: notation.position_forms(),
            distribution: Vec::new(),
            class_count: 0,
            extended_class_count: None,
            metric: self.moves.metric(),
            elisions: self.moves.has_words(),
            past_the_table: true,
            group_order: order.map(|o| crate::text::grouped_digits(&o)),
        }
    }

    /// The position `text` as read, checked to be reached.
    fn read(&self, text: &str) -> Result<Pattern, PositionError> {
        let notation = self.notation();
        if text.trim().is_empty() {
            return Ok(self.puzzle.goal().clone());
        }
        let pattern = notation.read_pattern(text)?;
        // The group was made at the start, so no budget is spent here.
        let reached = notation
            .reaches(&pattern, &self.group, None)
            .map_err(|e| PositionError::Pattern(e.to_string()))?;
        if !reached {
            return Err(notation.why_unreached(&pattern));
        }
        Ok(pattern)
    }

    /// A position as the page shows it: as read, drawn, its cycles; no
    /// solution.
    pub(super) fn show(&self, text: &str) -> Result<Shown, PositionError> {
        let pattern = self.read(text)?;
        Ok(self.shown(&pattern, text))
    }

    fn shown(&self, pattern: &Pattern, text: &str) -> Shown {
        let notation = self.notation();
        let p = &self.puzzle;
        let written = notation.grid_or_pattern(pattern);
        Shown {
            solution: None,
            text: if text.trim().is_empty() {
                written
            } else {
                text.trim().to_string()
            },
            pattern: notation.pattern_text(pattern),
            note: None,
            orbits: orbits_shown(p, pattern),
            orbit_cycles: notation
                .cycles(pattern)
                .unwrap_or_else(|| notation.orbit_cycles(pattern)),
            paths: Vec::new(),
            sticker_colours: sticker_colours(p, pattern),
        }
    }

    /// Moves played from a position (the goal when `from` is empty), as
    /// `path --puzzle P --from` follows them.
    pub(super) fn play(&self, from: &str, moves: &str) -> Result<Played, String> {
        let path = Path::parse(&self.moves, moves).map_err(|e| e.to_string())?;
        let start = self.read(from).map_err(|e| e.to_string())?;
        let report = PathReport::from_pattern(&self.puzzle, &self.moves, &start, &path);
        let end = path
            .moves()
            .iter()
            .fold(start, |p, &m| p.apply(self.moves.get(m).transformation()));
        Ok(Played {
            end: self.shown(&end, &report.end),
            path: report,
            steps: steps(&self.moves, &path),
        })
    }
}
