//! `--puzzle`, `--metric` and `--generators`, shared by the commands that
//! analyse a puzzle; and the command `puzzles` (the library, and
//! `--write`). `group` is `cli/group.rs`.

use super::common::{FormatArg, Outcome};
use super::layers::{LayerBar, LayerUnit};
use clap::{Args, ValueEnum};
use schofield::board::Board;
use schofield::board::census::{self, Case};
use schofield::method::analysis::{Analysis, AnalysisError, MoveCount, Options, Plan};
use schofield::method::search;
use schofield::method::search::LayerProgress;
use schofield::method::space;
use schofield::puzzle::found::Adopted;
use schofield::puzzle::transformation::perm_group;
use schofield::puzzle::{DefinitionError, Metric, Puzzle, TileTray, library, read};
use schofield::render::{self, Format};
use schofield::text::{grouped, grouped_digits, quoted};
use serde::Serialize;
use std::fmt::Write as _;

/// The values of `--metric`.
#[derive(Debug, Clone, Copy, PartialEq, Eq, ValueEnum)]
pub enum MetricArg {
    /// Every power of a move is one move: U, U2, U' (twsearch's default,
    /// the cube's half-turn metric).
    Face,
    /// Only a move and its inverse are one move: U, U' (the quarter-turn
    /// metric).
    Quarter,
}

impl From<MetricArg> for Metric {
    fn from(m: MetricArg) -> Metric {
        match m {
            MetricArg::Face => Metric::Face,
            MetricArg::Quarter => Metric::Quarter,
        }
    }
}

/// The puzzle a command analyses.
#[derive(Args, Clone, Debug)]
pub struct PuzzleArgs {
    /// The puzzle: a name from the library (`schofield puzzles` lists
    /// them) or a file: our YAML, twsearch's .tws or cubing.js's KPuzzle
    /// JSON.
    #[arg(long, default_value = "eight", value_name = "NAME|FILE", value_parser = super::common::Suggested(schofield::puzzle::library::names), hide_possible_values = true)]
    pub puzzle: String,
    /// Which powers of a move count as one move: face (every power: U, U2,
    /// U') or quarter (a move and its inverse: U, U'). The puzzle's file
    /// may choose; otherwise face.
    #[arg(long, value_enum)]
    pub metric: Option<MetricArg>,
    /// The moves that generate, by name, separated by commas (default:
    /// every move; a whole-puzzle rotation never).
    #[arg(long, value_name = "MOVES", value_parser = super::move_list)]
    pub generators: Option<super::MoveList>,
    /// The most memory the search may use, in megabytes (it is refused
    /// before it starts when it needs more; IDA*'s pruning tables are
    /// chosen to fit it).
    #[arg(long, value_name = "MB", value_parser = super::common::megabytes, allow_negative_numbers = true)]
    pub max_memory: Option<u64>,
    /// For a puzzle that declares no symmetries (a .tws or KPuzzle file):
    /// found, the maps of its slots that carry its moves onto its moves are
    /// found and used as if declared; none, no symmetries.
    #[arg(long, value_enum, default_value = "found")]
    pub symmetries: SymmetriesArg,
    /// Draw the puzzle by this picture, in place of its file's own
    /// drawing: cubing.js's SVG of it (or its .svg.ts), whose stickers
    /// carry ids ORBIT-lN-oK.
    #[arg(long, value_name = "FILE")]
    pub drawing: Option<String>,
}

/// `--symmetries`: whether a puzzle that declares none has its moves'
/// symmetries found.
#[derive(ValueEnum, Clone, Copy, Debug, PartialEq, Eq)]
pub enum SymmetriesArg {
    /// Find them from the moves.
    Found,
    /// Use none.
    None,
}

impl PuzzleArgs {
    /// The puzzle named by `--puzzle`, with the symmetries found from its
    /// moves when it declares none (and `--symmetries none` is not given):
    /// a note on standard error says how many.
    pub fn read(&self) -> Result<Puzzle, Box<dyn std::error::Error>> {
        let p = self.read_any()?;
        p.searchable()?;
        if self.symmetries == SymmetriesArg::None || self.past_every_search(&p) {
            return Ok(p);
        }
        let (p, adopted) = p.with_found_symmetries()?;
        let name = quoted(p.name());
        super::common::note_on_success(match adopted {
            Adopted::Found(count) => format!(
                "{name} declares no symmetries; the {count} found from its moves are used (--symmetries none uses none)"
            ),
            Adopted::PassedBound => format!(
                "{name} declares no symmetries, and the search for its moves' symmetries passed its bound; none are used"
            ),
            Adopted::Kept => return Ok(p),
        });
        Ok(p)
    }

    /// True when an orbit of `puzzle` under the moves asked has more
    /// arrangements than a number holds, or more slots than a coordinate
    /// takes: every search refuses it, so its symmetries are not sought
    /// first (seconds on the 20×20×20). The moves' own errors are left for
    /// the command to report.
    fn past_every_search(&self, puzzle: &Puzzle) -> bool {
        use schofield::method::space::{Space, SpaceError};
        self.moves_of(puzzle).is_ok_and(|moves| {
            matches!(
                Space::unnumbered(puzzle, &moves, Some(0)),
                Err(SpaceError::Overflow | SpaceError::Coordinate { .. })
            )
        })
    }

    /// Reads the puzzle named, searchable or not (for `group`, which
    /// studies only the moves' group).
    pub fn read_any(&self) -> Result<Puzzle, Box<dyn std::error::Error>> {
        let p = read_drawn(&self.puzzle, self.drawing.as_deref())?;
        if let Some(d) = p.rotations_dropped() {
            super::common::note_on_success(format!("{}: {d}", quoted(p.name())));
        }
        Ok(p)
    }

    /// The moves of `puzzle` that `--metric` and `--generators` ask for.
    pub fn moves_of(
        &self,
        puzzle: &schofield::puzzle::Puzzle,
    ) -> Result<schofield::puzzle::MoveSet, Box<dyn std::error::Error>> {
        let metric = self.metric.map_or(puzzle.default_metric(), Metric::from);
        Ok(puzzle.moves(metric, self.generators.as_deref())?)
    }

    /// The analysis options the flags ask for.
    pub fn options(&self, counts_only: bool) -> Options {
        Options {
            metric: self.metric.map(Metric::from),
            generators: self.generators.as_deref().map(<[String]>::to_vec),
            max_memory: Some(super::common::memory_allowed(self.max_memory)),
            counts_only,
            always_by_classes: false,
            known_classes: None,
            checkpoints: None,
        }
    }

    /// Reads the puzzle and runs its analysis, with a progress bar when the
    /// search takes over a second on a terminal, and notes, unless
    /// `quiet`. With `counts_only`, each position's class is not kept (for
    /// large puzzles).
    pub fn analyse(
        &self,
        counts_only: bool,
        quiet: bool,
    ) -> Result<Analysis, Box<dyn std::error::Error>> {
        let puzzle = self.read()?;
        Ok(analyse(puzzle, &self.options(counts_only), quiet, false)?)
    }
}

/// Runs the analysis of `puzzle` with a [`LayerBar`].
pub fn analyse(
    puzzle: Puzzle,
    options: &Options,
    quiet: bool,
    verbose: bool,
) -> Result<Analysis, AnalysisError> {
    let declared = puzzle.symmetries().len();
    let bar = LayerBar::new(puzzle.name(), quiet, verbose);
    let a = Analysis::new(puzzle, options, &|l: LayerProgress| {
        bar.show(l.distance, l.reached, l.of)
    });
    bar.finish();
    if let Ok(a) = &a {
        note_symmetries(declared, a.symmetries().len(), quiet);
    }
    a
}

/// Says, unless `quiet`, once the command has succeeded (and not under
/// `--quiet`), when the classes are taken under fewer than the puzzle's
/// `declared` symmetries: only `kept` map the moves onto themselves.
pub fn note_symmetries(declared: usize, kept: usize, quiet: bool) {
    if !quiet && declared > 1 && kept < declared {
        super::common::note_on_success(format!(
            "{kept} of the puzzle's {declared} symmetries map these moves onto themselves; the classes are taken under those {kept}"
        ));
    }
}

/// The move-count table by the two-bit search that `plan` chose
/// ([`schofield::method::analysis::plan`]): the group's elements, the
/// classes, or the positions, with a layer bar and a note on standard error
/// saying what was searched; `None` for [`Plan::Dense`], which the whole
/// analysis answers.
pub fn counts_by_plan(
    puzzle: &Puzzle,
    plan: Plan,
    options: &Options,
    quiet: bool,
    verbose: bool,
) -> Result<Option<Vec<MoveCount>>, AnalysisError> {
    let unit = match plan {
        Plan::Classes(_) => LayerUnit::Classes,
        _ => LayerUnit::Positions,
    };
    let bar = LayerBar::counting(puzzle.name(), unit, quiet, verbose);
    let progress = |l: LayerProgress| bar.layer(l);
    let Some(found) = plan.run(options.max_memory, options.checkpoints.as_ref(), &progress) else {
        return Ok(None);
    };
    bar.finish();
    let rows = found?;
    if quiet {
        return Ok(Some(rows));
    }
    match plan {
        Plan::Group(_) => {
            let total: u64 = rows.iter().map(|r| r.positions).sum();
            super::common::note_on_success(format!(
                "the arrangements number far more positions than the moves reach: the group's {} elements are numbered by its stabiliser chain and searched two bits each, positions alone",
                grouped(total as usize)
            ));
        }
        Plan::Classes(c) => {
            note_symmetries(puzzle.symmetries().len(), c.coordinate.symmetries(), quiet)
        }
        Plan::Positions { symmetries, .. } if symmetries > 1 => {
            super::common::note_on_success(format!(
                "the search by classes cannot take these symmetries (an orbit too large for a move table, or more than {} positions): the positions alone, two bits each, without classes (--burnside adds the classes, by a byte a position)",
                grouped(schofield::method::analysis::DENSE_MOST as usize)
            ));
        }
        Plan::Positions { .. } => super::common::note_on_success(
            "no symmetry maps these moves onto themselves, so a class is a position: the positions alone, two bits each (--burnside adds the classes with inverses)".into(),
        ),
        Plan::Dense => {}
    }
    Ok(Some(rows))
}

/// The distribution alone, by the two-bit search, when the analysis
/// (`refused`) needs more memory than allowed or to be had: a quarter of a
/// byte a position instead of a byte and more, with `checkpoints` if
/// given. Says so on standard error.
pub fn two_bit_counts(
    puzzle: &Puzzle,
    args: &PuzzleArgs,
    refused: &AnalysisError,
    checkpoints: Option<&schofield::board::store::Checkpoints>,
    quiet: bool,
    verbose: bool,
) -> Result<Vec<MoveCount>, Box<dyn std::error::Error>> {
    let options = args.options(true);
    let moves = args.moves_of(puzzle)?;
    if moves.has_words() {
        // Words need each position's last moves: no two-bit search.
        return Err(format!("{refused}{}", super::hint(refused)).into());
    }
    let space = schofield::method::analysis::two_bit_space(puzzle, &moves, options.max_memory)?;
    let bar = LayerBar::new(puzzle.name(), quiet, verbose);
    let counts = search::two_bit_counts(
        &space,
        options.max_memory,
        checkpoints,
        &|l: LayerProgress| bar.layer(l),
    );
    bar.finish();
    let counts = counts.map_err(|e| -> Box<dyn std::error::Error> {
        match e {
            search::SearchError::Memory { .. } | search::SearchError::Allocation { .. } => format!(
                "{refused}; the two-bit search of the distribution alone: {e} (--max-memory)"
            )
            .into(),
            // A checkpoint refused, not written, or stopped at: as it is.
            e => e.into(),
        }
    })?;
    if !quiet {
        eprintln!(
            "note: {refused}; the distribution alone, by the two-bit search ({} bytes), without classes",
            grouped(schofield::board::two_bit::TwoBit::bytes(space.len()) as usize)
        );
    }
    Ok(MoveCount::distribution(&counts))
}

/// The move-count table of a tray moved by tile moves: the engine of
/// boards searches every arrangement, and the rows are Schofield's
/// positions (the blank at home) by their fewest tile moves, with their
/// classes under the symmetries that keep the home cell.
pub fn tile_counts(
    puzzle: &Puzzle,
    tray: TileTray,
    args: &PuzzleArgs,
) -> Result<Vec<MoveCount>, Box<dyn std::error::Error>> {
    if args.metric.is_some() || args.generators.is_some() {
        return Err(format!(
            "{} is moved by tile moves, which have no powers and no choice of generators; drop --metric and --generators",
            quoted(puzzle.name())
        )
        .into());
    }
    let board = Board::new(tray.rows, tray.cols)?;
    let case = Case::new(board, tray.home)?;
    case.check_size(false)?;
    super::common::MemoryArg {
        max_memory: args.max_memory,
    }
    .check(
        case.table_bytes(),
        &format!("the search of {}", quoted(puzzle.name())),
    )?;
    let result = census::analyse(&case, &|_| {})?;
    Ok(result
        .standard
        .rows
        .iter()
        .filter(|r| r.positions > 0)
        .map(|r| MoveCount {
            moves: r.moves,
            positions: r.positions,
            classes: Some(r.classes),
            extended_classes: Some(r.extended_classes),
        })
        .collect())
}

/// List the puzzles of the library with their sizes, or write one puzzle
/// in one of the formats the tool reads.
#[derive(Args)]
#[command(
    after_help = "Examples:\n  schofield puzzles\n  schofield puzzles --format json\n  schofield puzzles --write tws --puzzle 2x2x2 --output 2x2x2.tws\n  schofield puzzles --write kpuzzle --puzzle 2x2x2 --output cube.json\n  schofield puzzles --write yaml --puzzle cube.json\n  schofield puzzles --write gap --puzzle 3x3x3 --output cube.g"
)]
pub struct PuzzlesArgs {
    /// Write the puzzle --puzzle names in this format instead of listing
    /// the library: yaml (ours, everything), tws (twsearch's) or kpuzzle
    /// (cubing.js's JSON); the last two have no place for words,
    /// symmetries or the drawing.
    #[arg(long, value_enum, requires = "puzzle", value_name = "FORMAT")]
    write: Option<PuzzleFormat>,
    /// The puzzle to write: a library name or a file.
    #[arg(long, value_name = "NAME|FILE", requires = "write", value_parser = super::common::Suggested(schofield::puzzle::library::names), hide_possible_values = true)]
    puzzle: Option<String>,
    /// For a puzzle that declares no symmetries (a .tws or KPuzzle file)
    /// written as yaml: found, the maps of its slots that carry its moves
    /// onto its moves are found and written as its symmetries; none, none
    /// are written.
    #[arg(long, value_enum, default_value = "found", requires = "write")]
    symmetries: SymmetriesArg,
    /// Draw the puzzle written by this picture (as every --drawing; only
    /// yaml has a place for it).
    #[arg(long, value_name = "FILE", requires = "write")]
    drawing: Option<String>,
    #[command(flatten)]
    pub out: FormatArg,
}

/// The formats `puzzles --write` writes.
#[derive(Debug, Clone, Copy, PartialEq, Eq, ValueEnum)]
pub enum PuzzleFormat {
    /// Our YAML.
    Yaml,
    /// twsearch's .tws.
    Tws,
    /// cubing.js's KPuzzle JSON.
    Kpuzzle,
    /// A GAP script that defines the group of the moves.
    Gap,
}

impl PuzzleFormat {
    /// The name `--write` takes.
    fn name(self) -> String {
        self.to_possible_value()
            .map_or_else(String::new, |v| v.get_name().to_string())
    }
}

/// The puzzle by library name or file, drawn by `--drawing`'s picture
/// when one is given.
fn read_drawn(name: &str, drawing: Option<&str>) -> Result<Puzzle, Box<dyn std::error::Error>> {
    let p = read::puzzle(name)?;
    let Some(path) = drawing else {
        return Ok(p);
    };
    let named = schofield::puzzle::kpuzzle_svg::fit(read::drawing(path)?, &p);
    p.with_named_drawing(&named).map_err(|error| {
        read::ReadError::Definition {
            path: path.to_string(),
            error,
        }
        .into()
    })
}

/// `--drawing` is refused where `--write`'s format would drop it.
fn kept_drawing(format: PuzzleFormat, drawing: Option<&str>) -> Result<(), String> {
    match drawing {
        Some(path) if format != PuzzleFormat::Yaml => Err(format!(
            "--drawing {}: only --write yaml has a place for a drawing; {} would leave it out",
            schofield::text::quoted_path(path),
            format.name()
        )),
        _ => Ok(()),
    }
}

/// `puzzles --write`: the puzzle in that format, and a note on standard
/// error of what the format leaves out.
fn write_puzzle(
    format: PuzzleFormat,
    name: &str,
    drawing: Option<&str>,
    symmetries: SymmetriesArg,
    out: &FormatArg,
) -> Outcome {
    if out.format.is_some() {
        return Err("--write names the file's format; drop --format".into());
    }
    // A file named for another format would not read back as this one.
    if let Some(path) = &out.output {
        let ext = path
            .extension()
            .and_then(|e| e.to_str())
            .map(str::to_ascii_lowercase);
        let named = match ext.as_deref() {
            Some("yaml" | "yml") => Some(PuzzleFormat::Yaml),
            Some("tws") => Some(PuzzleFormat::Tws),
            Some("json") => Some(PuzzleFormat::Kpuzzle),
            Some("g" | "gap") => Some(PuzzleFormat::Gap),
            _ => None,
        };
        if let Some(named) = named.filter(|&n| n != format) {
            return Err(format!(
                "--output {} names the {} format, but --write asks for {}; use a .yaml, .tws, .json or .g name to match",
                schofield::text::quoted_path(&path.display().to_string()),
                named.name(),
                format.name()
            )
            .into());
        }
    }
    kept_drawing(format, drawing)?;
    let p = read_drawn(name, drawing)?;
    // A file without them would be another puzzle, searched as if it were
    // this one.
    if !p.forbidden().is_empty() || p.has_free_orientations() {
        return Err(format!(
            "puzzle {} has orientations that do not matter ('?') or pieces forbidden from slots (Illegal), which --write does not write yet; the file would be another puzzle",
            schofield::text::quoted(p.name())
        )
        .into());
    }
    // Ours has a place for symmetries: those found from the moves of a
    // puzzle that declares none are written there.
    let wanted = format == PuzzleFormat::Yaml && symmetries == SymmetriesArg::Found;
    let found = wanted
        .then(|| p.symmetries_found(schofield::puzzle::found::NODE_BUDGET))
        .flatten();
    let p = match found {
        Some(found) if found.len() > 1 => {
            super::common::note_on_success(format!(
                "{} declares no symmetries; the {} found from its moves are written (--symmetries none writes none)",
                quoted(p.name()),
                found.len()
            ));
            p.with_symmetries(found)?
        }
        _ => p,
    };
    let refused = || {
        DefinitionError::TileMoves(p.name().to_string()).to_string()
            + "; only --write yaml writes it"
    };
    let text = match format {
        PuzzleFormat::Yaml => schofield::puzzle::yaml::write(&p),
        PuzzleFormat::Tws => schofield::puzzle::tws::write(&p).ok_or_else(refused)?,
        PuzzleFormat::Kpuzzle => schofield::puzzle::kpuzzle::write(&p).ok_or_else(refused)?,
        PuzzleFormat::Gap => schofield::puzzle::gap::write(&p).ok_or_else(refused)?,
    };
    if format != PuzzleFormat::Yaml {
        let mut left = Vec::new();
        if p.has_words() {
            left.push("the words (every move costs one there)");
        }
        if format == PuzzleFormat::Gap {
            left.push("the goal (the script is the group of the moves)");
        } else if p.symmetries().len() > 1 {
            left.push("the symmetries");
        }
        if !p.layout().is_empty() {
            left.push("the drawing");
        }
        if !left.is_empty() {
            let note = format!("note: the file leaves out {}", left.join(", "));
            eprintln!("{}", schofield::text::one_line(&note));
        }
    }
    if let Some(path) = &out.output {
        super::common::check_output(path)?;
    }
    Ok(text)
}

/// One library puzzle, as `puzzles` lists it.
#[derive(Serialize)]
struct Listed {
    name: &'static str,
    title: String,
    pieces: String,
    move_count: usize,
    metric: &'static str,
    symmetries: usize,
    /// Decimal digits: a puzzle's positions may pass 2^64.
    position_count: String,
    description: String,
}

/// `puzzles`.
pub fn puzzles(args: PuzzlesArgs) -> Outcome {
    if let (Some(format), Some(name)) = (args.write, &args.puzzle) {
        return write_puzzle(
            format,
            name,
            args.drawing.as_deref(),
            args.symmetries,
            &args.out,
        );
    }
    let mut rows = Vec::new();
    for name in library::names() {
        let p = library::get(name).ok_or("the library lists a puzzle it has not")?;
        if let Some(tray) = p.tile_tray() {
            // Schofield's positions (the blank at home) under tile moves:
            // up to four a position, the blank's directions.
            let board = Board::new(tray.rows, tray.cols)?;
            let case = Case::new(board, tray.home)?;
            rows.push(Listed {
                name,
                title: p.name().to_string(),
                pieces: format!("{} {}", p.orbits()[0].name, p.orbits()[0].pieces),
                move_count: 4,
                metric: "tile",
                symmetries: case.symmetries().len(),
                position_count: (board.reachable() / board.cells() as u64).to_string(),
                description: p.description().unwrap_or_default().to_string(),
            });
            continue;
        }
        let metric = p.default_metric();
        let moves = p.moves(metric, None)?;
        let raw: Vec<_> = moves.transformations();
        let (effective, _) = space::effective_moves(&p, &raw)?;
        let order = perm_group(&effective, Some(super::common::memory_allowed(None)))?.order();
        rows.push(Listed {
            name,
            title: p.name().to_string(),
            pieces: p
                .orbits()
                .iter()
                .map(|o| {
                    if o.orientations > 1 {
                        format!("{} {}×{}", o.name, o.pieces, o.orientations)
                    } else {
                        format!("{} {}", o.name, o.pieces)
                    }
                })
                .collect::<Vec<_>>()
                .join(", "),
            move_count: moves.len(),
            metric: metric.name(),
            symmetries: p.symmetries().len().max(1),
            position_count: order.to_string(),
            description: p.description().unwrap_or_default().to_string(),
        });
    }
    let format = args.out.get()?;
    if format == Format::Csv {
        return Ok(render::csv(&rows)?);
    }
    if format != Format::Text {
        return Ok(render::structured(&rows, format)?);
    }
    let mut s = String::new();
    let name_width = rows.iter().map(|r| r.name.len()).max().unwrap_or(0).max(4);
    let width = rows
        .iter()
        .map(|r| grouped_digits(&r.position_count).chars().count())
        .max()
        .unwrap_or(0)
        .max(9);
    let _ = writeln!(
        s,
        "{:<name_width$}  {:>width$} {:>6} {:>11}  puzzle",
        "name", "positions", "moves", "symmetries"
    );
    for r in &rows {
        let _ = writeln!(
            s,
            "{:<name_width$}  {:>width$} {:>6} {:>11}  {}",
            r.name,
            grouped_digits(&r.position_count),
            r.move_count,
            r.symmetries,
            r.description
        );
    }
    let _ = writeln!(
        s,
        "\nAny command that takes --puzzle reads these names or a file (.yaml, .tws, KPuzzle .json); see docs/puzzles.md."
    );
    Ok(s)
}
