//! `counts`: Schofield's move-count table for any puzzle, the positions and
//! classes at each minimum, one process or a cluster.

use super::common::{FormatArg, Outcome};
use super::puzzle::PuzzleArgs;
use clap::Args;
use schofield::board::store::Checkpoints;
use schofield::board::two_bit::TwoBit;
use schofield::method::analysis::{Analysis, AnalysisError, MoveCount, Plan};
use schofield::method::search::SearchError;
use schofield::render::{self, Format, svg};
use schofield::text::grouped;
use serde::Serialize;
use std::fmt::Write as _;

/// Print the move-count table: positions, classes and extended classes at
/// each minimum number of moves.
#[derive(Args)]
#[command(
    after_help = "Examples:\n  schofield counts\n  schofield counts --format csv --output counts.csv\n  schofield counts --puzzle 2x2x2 --metric quarter\n  schofield counts --puzzle corners --generators U,F,R"
)]
pub struct CountsArgs {
    #[command(flatten)]
    pub puzzle: PuzzleArgs,
    /// Also list the antipodes: the positions at the largest minimum (the
    /// first 100, in number order).
    #[arg(long)]
    pub antipodes: bool,
    /// Also count the classes by Burnside's lemma (every position under
    /// every symmetry), the cross-check of the count by orbits.
    #[arg(long)]
    pub burnside: bool,
    #[command(flatten)]
    pub cluster: super::census::ClusterArgs,
    #[command(flatten)]
    pub out: FormatArg,
}

/// The table by a layered search of two bits a state, when the plan is
/// one ([`schofield::method::analysis::plan`]): the group's elements, the
/// classes, or the positions. A search by classes refused for memory
/// leaves the answer to the dense search and its two-bit fallback. Never
/// with `--antipodes` or `--burnside`, which need every position's
/// distance: refused where only the group's elements can be searched.
fn two_bits(
    puzzle: &schofield::puzzle::Puzzle,
    args: &CountsArgs,
    checkpoints: Option<&Checkpoints>,
) -> Result<Option<Vec<MoveCount>>, Box<dyn std::error::Error>> {
    let mut options = args.puzzle.options(true);
    options.checkpoints = checkpoints.cloned();
    let plan = match schofield::method::analysis::plan(puzzle, &options) {
        // The dense analysis needs more than the two-bit searches: where
        // the group's or the classes' search was refused, so is it.
        Err(e)
            if e.is_memory()
                && !matches!(
                    e,
                    AnalysisError::Group(_)
                        | AnalysisError::Search(SearchError::ClassMemory { .. })
                ) =>
        {
            return Ok(None);
        }
        other => other?,
    };
    if args.antipodes || args.burnside {
        if let Plan::Group(g) = &plan {
            return Err(group_only(
                puzzle,
                g,
                "--antipodes and --burnside need every position's distance, a byte each",
            )
            .into());
        }
        return Ok(None);
    }
    let (quiet, verbose) = (args.out.quiet, args.out.verbose);
    Ok(super::puzzle::counts_by_plan(
        puzzle, plan, &options, quiet, verbose,
    )?)
}

/// Why a puzzle searched by its group's elements cannot be searched as
/// `what` asks.
fn group_only(
    puzzle: &schofield::puzzle::Puzzle,
    g: &schofield::method::analysis::GroupSearch,
    what: &str,
) -> String {
    let arrangements = match g.arrangements {
        Some(n) => format!("{} arrangements", grouped(n as usize)),
        None => "more than 2^64 arrangements".to_string(),
    };
    format!(
        "{what}, and {} numbers its positions among {arrangements} for a group of {}: only the group's elements are searched, two bits each (run `counts` without it)",
        schofield::text::quoted(puzzle.name()),
        grouped(g.numbering.len() as usize)
    )
}

/// `counts`: the move-count table.
pub fn counts(args: CountsArgs) -> Outcome {
    let format = args.out.get_or_svg()?;
    if (args.antipodes || args.burnside) && matches!(format, Some(Format::Csv) | None) {
        let given = if format.is_none() { "svg" } else { "csv" };
        return Err(format!(
            "--antipodes and --burnside are listed in the text, json, jsonl and yaml formats, not in {given}"
        )
        .into());
    }
    let puzzle = args.puzzle.read()?;
    let name = puzzle.name().to_string();
    if args.cluster.asked() {
        return distributed_counts(&puzzle, &args, format);
    }
    let mut extra = Extra::default();
    let checkpoints = args.cluster.checkpoints()?;
    let (counts, checkpointed) = if let Some(tray) = puzzle.tile_tray() {
        if args.antipodes || args.burnside {
            return Err(format!(
                "{} is searched as a board; `schofield boards --board {}x{} --home {}` lists its antipodes and its classes by Burnside's lemma",
                schofield::text::quoted(&name),
                tray.rows,
                tray.cols,
                tray.home
            )
            .into());
        }
        (
            super::puzzle::tile_counts(&puzzle, tray, &args.puzzle)?,
            false,
        )
    } else if let Some(rows) = two_bits(&puzzle, &args, checkpoints.as_ref())? {
        (rows, true)
    } else {
        analysed_counts(&puzzle, &args, checkpoints.as_ref(), &mut extra)?
    };
    if checkpoints.is_some() && !checkpointed && !args.out.quiet {
        super::common::note_on_success(format!(
            "--checkpoint: {} is analysed whole in memory, in one pass, and keeps no checkpoints (only the two-bit searches do)",
            schofield::text::quoted(&name)
        ));
    }
    let text = match format {
        Some(f @ (Format::Json | Format::Jsonl | Format::Yaml))
            if extra.antipodes.is_some() || extra.burnside.is_some() =>
        {
            return Ok(render::structured(
                &WithExtra {
                    rows: &counts,
                    extra: &extra,
                },
                f,
            )?);
        }
        Some(format) => render::render_counts(&counts, format)?,
        None => return Ok(svg::move_counts_svg(&name, &counts)),
    };
    let mut text = text;
    if format == Some(Format::Text) {
        extra_text(&extra, &mut text);
    }
    Ok(text)
}

/// The table by the whole analysis, with the antipodes and Burnside's
/// count when asked into `extra`; past the memory allowed or a byte's
/// depth, the two-bit search of the distribution alone, which has neither
/// limit (refused when the extras were asked, which need the analysis).
/// The rows come with whether the two-bit search made them: only it keeps
/// `checkpoints`.
fn analysed_counts(
    puzzle: &schofield::puzzle::Puzzle,
    args: &CountsArgs,
    checkpoints: Option<&Checkpoints>,
    extra: &mut Extra,
) -> Result<(Vec<MoveCount>, bool), Box<dyn std::error::Error>> {
    match super::puzzle::analyse(
        puzzle.clone(),
        &args.puzzle.options(true),
        args.out.quiet,
        args.out.verbose,
    ) {
        Ok(a) => {
            if args.antipodes {
                extra.antipodes = Some(antipodes(&a));
            }
            if args.burnside {
                extra.burnside = Some(burnside(&a));
            }
            Ok((a.move_counts(), false))
        }
        Err(e) if (e.is_memory() || e.is_too_deep()) && !(args.antipodes || args.burnside) => {
            let rows = super::puzzle::two_bit_counts(
                puzzle,
                &args.puzzle,
                &e,
                checkpoints,
                args.out.quiet,
                args.out.verbose,
            )?;
            Ok((rows, true))
        }
        Err(e) if e.is_memory() => Err(format!(
            "{e} (--max-memory); --antipodes and --burnside need the whole analysis, so the two-bit search of the distribution alone cannot stand in"
        )
        .into()),
        Err(e) => Err(e.into()),
    }
}

/// The classes of `a` counted by listing their orbits and by Burnside's
/// lemma, and the extended classes likewise where positions have inverses.
fn burnside(a: &Analysis) -> Burnside {
    let counted = a.burnside();
    Burnside {
        class_total: Total {
            orbits: a.classes().count() as u64,
            burnside: counted.classes,
        },
        extended_class_total: a.extended_classes().and_then(|e| {
            Some(Total {
                orbits: e.count() as u64,
                burnside: counted.extended?,
            })
        }),
    }
}

/// The antipodes and the two counts of classes, as lines below the table.
fn extra_text(extra: &Extra, text: &mut String) {
    if let Some(ap) = &extra.antipodes {
        let _ = writeln!(
            text,
            "\nantipodes: {} at {} moves{}: {}",
            grouped(ap.antipode_count as usize),
            ap.max,
            if ap.antipode_count as usize > ap.antipodes.len() {
                format!(" (the first {})", ap.antipodes.len())
            } else {
                String::new()
            },
            ap.antipodes.join("  ")
        );
    }
    if let Some(b) = &extra.burnside {
        let _ = writeln!(
            text,
            "\nclasses {} by orbits, {} by Burnside's lemma",
            grouped(b.class_total.orbits as usize),
            grouped(b.class_total.burnside as usize)
        );
        if let Some(e) = &b.extended_class_total {
            let _ = writeln!(
                text,
                "extended classes {} by orbits, {} by Burnside's lemma",
                grouped(e.orbits as usize),
                grouped(e.burnside as usize)
            );
        }
    }
}

/// `counts --workers`: the distribution alone, by the two-bit search
/// spread over the workers of a timely-dataflow cluster.
fn distributed_counts(
    puzzle: &schofield::puzzle::Puzzle,
    args: &CountsArgs,
    format: Option<Format>,
) -> Outcome {
    if args.antipodes || args.burnside {
        return Err("--workers gives the distribution alone; --antipodes and --burnside need the whole analysis in one process".into());
    }
    if puzzle.tile_tray().is_some() {
        return Err(format!(
            "{} is a tray of tile moves; `schofield boards --workers` searches boards",
            schofield::text::quoted(puzzle.name())
        )
        .into());
    }
    let distributed = super::census::Distributed::new(&args.cluster)?;
    let options = args.puzzle.options(true);
    let metric = options.metric.unwrap_or(puzzle.default_metric());
    let moves = puzzle.moves(metric, options.generators.as_deref())?;
    if moves.has_words() {
        return Err(format!(
            "--workers searches puzzles whose moves all cost one; {} prices its moves by words (run it without --workers)",
            schofield::text::quoted(puzzle.name())
        )
        .into());
    }
    let name = puzzle.name().to_string();
    // The plan one process would follow, so that the table is the same
    // bytes.
    let (space, positions) = match schofield::method::analysis::plan(puzzle, &options)? {
        Plan::Group(g) => {
            return Err(group_only(
                puzzle,
                &g,
                "--workers searches the positions or their classes",
            )
            .into());
        }
        Plan::Classes(setup) => {
            let bar = super::layers::LayerBar::counting(
                &name,
                super::layers::LayerUnit::Classes,
                args.out.quiet,
                args.out.verbose,
            );
            let shown = bar.clone();
            let symmetries = setup.coordinate.symmetries();
            // Two bits and a byte a class, on the workers together.
            let classes = setup.coordinate.len();
            let needed = classes.saturating_add(TwoBit::bytes(classes));
            schofield::method::search::within(needed, classes, setup.left)?;
            let found = distributed.class_counts(*setup, &name, move |p| {
                shown.show(p.layer, p.found, p.total)
            });
            bar.finish();
            let Some(found) = found? else {
                return Ok(String::new());
            };
            super::puzzle::note_symmetries(puzzle.symmetries().len(), symmetries, args.out.quiet);
            let rows = schofield::method::analysis::ClassSearch::rows_of(&found, symmetries).rows;
            return Ok(match format {
                Some(f) => render::render_counts(&rows, f)?,
                None => svg::move_counts_svg(&name, &rows),
            });
        }
        Plan::Positions { space, .. } => {
            let positions = space.len();
            (*space, positions)
        }
        Plan::Dense => {
            let space =
                schofield::method::space::Space::with_limit(puzzle, &moves, options.max_memory)?;
            let positions = space.len();
            (space, positions)
        }
    };
    let needed = TwoBit::bytes(positions).saturating_add(space.table_bytes());
    schofield::method::search::within(needed, positions, options.max_memory)?;
    let bar = super::layers::LayerBar::new(&name, args.out.quiet, args.out.verbose);
    let shown = bar.clone();
    let counts = distributed.puzzle_counts(space, &name, move |p| {
        shown.show(p.layer, p.found, p.total);
    })?;
    bar.finish();
    // Only process 0 of a hosts file has the answer.
    let Some(counts) = counts else {
        return Ok(String::new());
    };
    let rows = MoveCount::distribution(&counts);
    Ok(match format {
        Some(f) => render::render_counts(&rows, f)?,
        None => svg::move_counts_svg(&name, &rows),
    })
}

/// What `counts` lists besides the table, when asked. The keys are the
/// ones `boards` uses for the same figures.
#[derive(Default, Serialize)]
struct Extra {
    #[serde(flatten, skip_serializing_if = "Option::is_none")]
    antipodes: Option<Antipodes>,
    #[serde(flatten, skip_serializing_if = "Option::is_none")]
    burnside: Option<Burnside>,
}

/// The table with what was asked besides.
#[derive(Serialize)]
struct WithExtra<'a> {
    rows: &'a [MoveCount],
    #[serde(flatten)]
    extra: &'a Extra,
}

/// The positions at the largest minimum.
#[derive(Serialize)]
struct Antipodes {
    max: u8,
    antipode_count: u64,
    antipodes: Vec<String>,
}

/// The classes counted two ways.
#[derive(Serialize)]
struct Burnside {
    class_total: Total,
    #[serde(skip_serializing_if = "Option::is_none")]
    extended_class_total: Option<Total>,
}

/// One class count by listing orbits and by Burnside's lemma.
#[derive(Serialize)]
struct Total {
    orbits: u64,
    burnside: u64,
}

/// How many antipodes are listed.
const ANTIPODES_LISTED: usize = 100;

fn antipodes(a: &Analysis) -> Antipodes {
    let max = a.max_moves();
    let all: Vec<u64> = (0..a.space().len())
        .filter(|&x| a.moves_at(x) == Some(max))
        .collect();
    Antipodes {
        max,
        antipode_count: all.len() as u64,
        antipodes: all
            .iter()
            .take(ANTIPODES_LISTED)
            .map(|&x| a.name_of(x))
            .collect(),
    }
}
