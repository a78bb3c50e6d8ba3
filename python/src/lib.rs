//! `schofield._schofield`: the library's puzzles, searches and reports
//! for Python. Each method calls the library the command line calls and
//! hands back text or JSON; the package `schofield` (python/schofield/)
//! turns these into Python's types. No search is written here.

use pyo3::exceptions::PyValueError;
use pyo3::prelude::*;
use schofield::method::analysis::{Analysis, MoveCount, Options, plan};
use schofield::method::solve::SolutionReport;
use schofield::method::table::class_record_or_why;
use schofield::puzzle::found::Adopted;
use schofield::puzzle::transformation::perm_group;
use schofield::puzzle::{Metric, Puzzle, library, read};
use schofield::render::{self, Format, svg};
use std::sync::OnceLock;

/// The width the text reports are wrapped to.
const WIDTH: usize = 80;

/// Any error of the library, as Python's `ValueError` with its one line.
fn fail(e: impl std::fmt::Display) -> PyErr {
    PyValueError::new_err(e.to_string())
}

/// A puzzle of the library or of a file, with the metric, generators and
/// memory its searches use, and its analysis once one is asked for.
#[pyclass(frozen, name = "Puzzle", module = "schofield._schofield")]
struct PyPuzzle {
    puzzle: Puzzle,
    options: Options,
    /// How many symmetries were found from the moves (0: none sought or
    /// none found).
    found: usize,
    /// The whole analysis (a byte a position), made on first need.
    analysis: OnceLock<Result<Analysis, String>>,
}

impl PyPuzzle {
    /// The analysis, made once.
    fn analysis(&self) -> PyResult<&Analysis> {
        self.analysis
            .get_or_init(|| {
                Analysis::new(self.puzzle.clone(), &self.options, &|_| {})
                    .map_err(|e| e.to_string())
            })
            .as_ref()
            .map_err(fail)
    }

    /// The move-count table: by the two-bit search the command line's
    /// `counts` plans, or from the analysis.
    fn rows(&self) -> PyResult<Vec<MoveCount>> {
        if self.puzzle.tile_tray().is_some() {
            return Err(fail(format!(
                "{} is searched as a board by the command line (`schofield counts --puzzle {}`); its counts are not offered here yet",
                schofield::text::quoted(self.puzzle.name()),
                self.puzzle.name()
            )));
        }
        let mut options = self.options.clone();
        options.counts_only = true;
        let plan = plan(&self.puzzle, &options).map_err(fail)?;
        match plan.run(options.max_memory, None, &|_| {}) {
            Some(rows) => rows.map_err(fail),
            None => Ok(self.analysis()?.move_counts()),
        }
    }
}

#[pymethods]
impl PyPuzzle {
    /// Reads the puzzle `name` (the library's, or a `.yaml`, `.tws` or
    /// KPuzzle file), with the symmetries found from its moves when it
    /// declares none and `symmetries` is "found".
    #[new]
    #[pyo3(signature = (name, metric=None, generators=None, symmetries="found", max_memory=None))]
    fn new(
        name: &str,
        metric: Option<&str>,
        generators: Option<Vec<String>>,
        symmetries: &str,
        max_memory: Option<u64>,
    ) -> PyResult<Self> {
        let metric = match metric {
            None => None,
            Some("face") => Some(Metric::Face),
            Some("quarter") => Some(Metric::Quarter),
            Some(other) => {
                return Err(fail(format!(
                    "metric {}: expected \"face\" or \"quarter\"",
                    schofield::text::quoted(other)
                )));
            }
        };
        let puzzle = read::puzzle(name).map_err(fail)?;
        puzzle.searchable().map_err(fail)?;
        let (puzzle, found) = match symmetries {
            "found" => match puzzle.with_found_symmetries().map_err(fail)? {
                (p, Adopted::Found(n)) => (p, n),
                (p, _) => (p, 0),
            },
            "none" => (puzzle, 0),
            other => {
                return Err(fail(format!(
                    "symmetries {}: expected \"found\" or \"none\"",
                    schofield::text::quoted(other)
                )));
            }
        };
        let max_memory = match max_memory {
            None => None,
            Some(mb) => Some(mb.checked_mul(1 << 20).ok_or_else(|| {
                fail(format!(
                    "max_memory {mb}: expected megabytes, at most {}",
                    u64::MAX >> 20
                ))
            })?),
        };
        let options = Options {
            metric,
            generators,
            max_memory,
            ..Options::default()
        };
        // The moves are checked now, so that a bad generator fails here.
        let moves_metric = metric.unwrap_or(puzzle.default_metric());
        puzzle
            .moves(moves_metric, options.generators.as_deref())
            .map_err(fail)?;
        Ok(PyPuzzle {
            puzzle,
            options,
            found,
            analysis: OnceLock::new(),
        })
    }

    /// Its name.
    #[getter]
    fn name(&self) -> String {
        self.puzzle.name().to_string()
    }

    /// How many symmetries were found from its moves (0 when it declares
    /// its own or none were sought).
    #[getter]
    fn symmetries_found(&self) -> usize {
        self.found
    }

    /// How many symmetries it has (declared or found).
    #[getter]
    fn symmetry_count(&self) -> usize {
        self.puzzle.symmetries().len()
    }

    /// The names of the moves of its metric.
    fn moves(&self) -> PyResult<Vec<String>> {
        let metric = self.options.metric.unwrap_or(self.puzzle.default_metric());
        let moves = self
            .puzzle
            .moves(metric, self.options.generators.as_deref())
            .map_err(fail)?;
        Ok(moves.iter().map(|m| m.name().to_string()).collect())
    }

    /// The order of the group its generators make (Schreier–Sims, exact),
    /// in decimal.
    fn group_order(&self) -> PyResult<String> {
        let chosen = self
            .puzzle
            .generators(self.options.generators.as_deref())
            .map_err(fail)?;
        let gens: Vec<_> = chosen.iter().map(|m| m.transformation().clone()).collect();
        let group = perm_group(&gens, self.options.max_memory).map_err(fail)?;
        Ok(group.order().to_string())
    }

    /// The move-count table as JSON (`counts --format json`).
    fn counts_json(&self) -> PyResult<String> {
        render::render_counts(&self.rows()?, Format::Json).map_err(fail)
    }

    /// The move-count table as text (`counts`).
    fn counts_text(&self) -> PyResult<String> {
        render::render_counts(&self.rows()?, Format::Text).map_err(fail)
    }

    /// The move-count table drawn as a chart (`counts --format svg`).
    fn counts_svg(&self) -> PyResult<String> {
        Ok(svg::move_counts_svg(self.puzzle.name(), &self.rows()?))
    }

    /// A position's minimal solutions in `format` ("json" or "text"), as
    /// `solve` reports them; with `all`, every one listed.
    fn solve(&self, position: &str, all: bool, format: &str) -> PyResult<String> {
        let a = self.analysis()?;
        let (x, frame) = a.parse_position_framed(position).map_err(fail)?;
        let sol = SolutionReport::in_frame(a, x, frame.as_ref(), all);
        render::render_solution(&sol, format_of(format)?, WIDTH).map_err(fail)
    }

    /// The number of the class of a position (`solve` names it too).
    fn class_of(&self, position: &str) -> PyResult<usize> {
        let a = self.analysis()?;
        let x = a.parse_position(position).map_err(fail)?;
        a.class_of(x)
            .ok_or_else(|| fail("the analysis kept no position's class"))
    }

    /// Class `number` in `format` ("json" or "text"), its members listed,
    /// as `classes N` reports it; with `inverses`, the extended class.
    fn class_record(&self, number: usize, inverses: bool, format: &str) -> PyResult<String> {
        let a = self.analysis()?;
        let record = class_record_or_why(a, number, inverses).map_err(fail)?;
        render::render_class(
            &record,
            render::words::Words::of_analysis(a),
            format_of(format)?,
        )
        .map_err(fail)
    }

    /// A position drawn as `solve --format svg` draws it: as the puzzle's
    /// net of stickers, or on its layout.
    fn position_svg(&self, position: &str) -> PyResult<String> {
        // Refused before the analysis when there is nothing to draw with.
        let pictures = svg::Pictures::of(&self.puzzle).map_err(fail)?;
        let a = self.analysis()?;
        let (x, frame) = a.parse_position_framed(position).map_err(fail)?;
        let title = format!(
            "{} position {}: {} moves",
            render::capitalised(a.puzzle().name()),
            a.name_of(x),
            a.moves_at(x).unwrap_or_default()
        );
        let picture = pictures.of_position(a, x, frame.as_ref());
        Ok(svg::picture_svg(&pictures.look(), &picture, &title))
    }
}

/// The report formats offered here.
fn format_of(name: &str) -> PyResult<Format> {
    match name {
        "json" => Ok(Format::Json),
        "text" => Ok(Format::Text),
        other => Err(fail(format!(
            "format {}: expected \"json\" or \"text\"",
            schofield::text::quoted(other)
        ))),
    }
}

/// The names of the library's puzzles.
#[pyfunction]
fn puzzle_names() -> Vec<&'static str> {
    library::names()
}

/// The compiled half of `import schofield`.
#[pymodule]
fn _schofield(m: &Bound<'_, PyModule>) -> PyResult<()> {
    m.add_class::<PyPuzzle>()?;
    m.add_function(wrap_pyfunction!(puzzle_names, m)?)?;
    Ok(())
}
