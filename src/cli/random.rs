//! `random`: positions for exercises, drawn uniformly (from all solvable
//! positions, or from those at a given distance), reproducibly with
//! `--seed`.

use super::common::{FormatArg, Outcome};
use clap::Args;
use schofield::board::Board;
use schofield::board::BoardSpace;
use schofield::board::goal::Goal;
use schofield::board::lookup;
use schofield::method::Path;
use schofield::method::analysis::Analysis;
use schofield::puzzle::{Pattern, read};
use schofield::render::svg::{Look, Pictures};
use schofield::render::{self, RandomPosition};

/// Draw random positions for exercises: Schofield's eight- or
/// five-puzzle (blank at the centre), any board with the blank anywhere,
/// always solvable, or any puzzle (past the whole table, such as the
/// 3x3x3, uniform over its group).
#[derive(Args)]
#[command(
    after_help = "An exercise sheet: --format svg draws the positions as boards or as the puzzle's net, numbered; with --answers a second sheet beside it (FILE-answers.svg for --output FILE.svg) gives each one's minimum and a specimen solution.\n\nExamples:\n  schofield random --count 5 --moves 20 --seed 7\n  schofield random --puzzle 4x4 --count 3 --format jsonl\n  schofield random --puzzle 3x3x3 --moves 15 --seed 1\n  schofield random --count 12 --seed 1 --format svg --answers --output sheet.svg"
)]
pub struct RandomArgs {
    /// The puzzle: eight (Schofield's, the default), any puzzle of the
    /// library or a file (as every --puzzle), or a board ROWSxCOLS such as
    /// 3x3 or 4x4 (blank anywhere).
    #[arg(long, default_value = "eight", value_name = "NAME|FILE|RxC")]
    puzzle: String,
    /// Which powers of a move count as one move (twist puzzles): face or
    /// quarter.
    #[arg(long, value_enum)]
    metric: Option<super::puzzle::MetricArg>,
    /// The moves that generate, by name, separated by commas (twist
    /// puzzles).
    #[arg(long, value_name = "MOVES", value_parser = super::move_list)]
    generators: Option<super::MoveList>,
    /// Draw the puzzle by this picture (as every --drawing: cubing.js's
    /// SVG of it).
    #[arg(long, value_name = "FILE")]
    drawing: Option<String>,
    /// Only positions at exactly this many moves from the goal (twist
    /// puzzles; boards of at most 12 cells). Past the whole table (the
    /// 3x3x3), positions made by this many random moves, none followed by
    /// one of the same face, written as those moves: at most this many
    /// from the goal.
    #[arg(long, value_parser = super::common::parse_moves, allow_negative_numbers = true)]
    moves: Option<u8>,
    /// How many positions (1 to 100000).
    #[arg(long, value_name = "N", default_value_t = 1, value_parser = count, allow_negative_numbers = true)]
    count: u32,
    /// The seed: the same seed gives the same positions.
    #[arg(long, value_parser = super::common::seed, allow_negative_numbers = true)]
    seed: Option<u64>,
    /// With each position its minimum and a specimen solution (on a board,
    /// the blank's moves; boards of at most 12 cells).
    #[arg(long)]
    answers: bool,
    /// The goal on a board: blank-last (the default), blank-first or a grid.
    #[arg(long, value_parser = super::common::Suggested(super::common::goal_names), hide_possible_values = true)]
    goal: Option<String>,
    #[command(flatten)]
    memory: super::common::MemoryArg,
    #[command(flatten)]
    pub out: FormatArg,
}

/// The most positions one call draws.
const MAX_COUNT: u32 = 100_000;

/// `--count`: 1 to [`MAX_COUNT`] positions.
fn count(s: &str) -> Result<u32, String> {
    super::common::whole(s, " of positions", 1..=MAX_COUNT)
}

/// `random`.
pub fn run(args: RandomArgs) -> Outcome {
    let mut rng = match args.seed {
        Some(s) => fastrand::Rng::with_seed(s),
        None => fastrand::Rng::new(),
    };
    let drawing = args.out.get_or_svg()?;
    if drawing.is_none() && args.count as usize > super::draw::MAX_SHEET {
        return Err(format!("--count {}: a sheet drawn with --format svg shows at most {} positions (write more as text or jsonl)", args.count, super::draw::MAX_SHEET).into());
    }
    let (records, puzzle, name) = match args.puzzle.parse::<Board>() {
        Ok(b) if read::puzzle(&args.puzzle).is_err() => {
            let goal: Goal = args.goal.as_deref().unwrap_or("blank-last").parse()?;
            let name = format!("{b} board (goal {})", b.format(&goal.arrangement(&b)?));
            let records = board(b, &args, &mut rng)?;
            let pictures: Vec<String> = records.iter().map(|r| r.start.clone()).collect();
            ((records, pictures), None, name)
        }
        _ => {
            let options = super::puzzle::PuzzleArgs {
                puzzle: args.puzzle.clone(),
                metric: args.metric,
                generators: args.generators.clone(),
                max_memory: args.memory.max_memory,
                symmetries: super::puzzle::SymmetriesArg::Found,
                drawing: args.drawing.clone(),
            };
            let puzzle = options.read_any()?;
            puzzle.searchable()?;
            let moves = options.moves_of(&puzzle)?;
            // Refused before any work when there is nothing to draw.
            let shown = drawing
                .is_none()
                .then(|| Pictures::of(&puzzle))
                .transpose()?;
            let name = render::capitalised(puzzle.name());
            if schofield::method::analysis::past_the_table(&puzzle, &moves) {
                let unseen = drawing.is_none() && puzzle.drawing().is_none();
                let drawn_at = scrambled(&puzzle, &moves, &args, &mut rng, unseen)?;
                let (records, patterns): (Vec<_>, Vec<_>) = drawn_at.into_iter().unzip();
                if let Some(format) = drawing {
                    return Ok(render::render_random(&records, format)?);
                }
                let notation = schofield::method::notation::Notation::new(&puzzle, &moves);
                let pictures = shown.map_or_else(Vec::new, |s| {
                    patterns
                        .iter()
                        .map(|p| s.of_pattern(&notation, p))
                        .collect()
                });
                ((records, pictures), Some(puzzle), name)
            } else {
                let a = options.analyse(!args.answers, args.out.quiet)?;
                let records = twist(&a, &args, &mut rng)?;
                let pictures = shown.map_or_else(Vec::new, |s| {
                    records
                        .iter()
                        .map(|r| s.of_position(&a, r.1, None))
                        .collect()
                });
                let goal = a
                    .grid(a.space().goal_index())
                    .unwrap_or_else(|| a.pattern_text(a.space().goal_index()));
                let records = records.into_iter().map(|r| r.0).collect();
                (
                    (records, pictures),
                    Some(puzzle),
                    format!("{name} (goal {goal})"),
                )
            }
        }
    };
    let (records, pictures) = records;
    let Some(format) = drawing else {
        // A board's own pictures, or the puzzle's net or layout.
        let shown = puzzle.as_ref().map(Pictures::of).transpose()?;
        let look = shown.as_ref().map_or(Look::Board(None), Pictures::look);
        let exercises = sheet(&records, &pictures, &look, &name, args.seed, false);
        if args.answers {
            // The answers are a second sheet, beside the first.
            let Some(out) = &args.out.output else {
                return Err("--answers with --format svg draws a second sheet beside the first: give --output FILE.svg (the answers go to FILE-answers.svg)".into());
            };
            let path = answers_path(out);
            let answers = sheet(&records, &pictures, &look, &name, args.seed, true);
            schofield::board::store::write_atomically(&path, answers.as_bytes())
                .map_err(|e| format!("cannot write {}: {e}", path.display()))?;
            if !args.out.quiet {
                eprintln!(
                    "{}",
                    schofield::text::one_line(&format!("the answers are in {}", path.display()))
                );
            }
        }
        return Ok(exercises);
    };
    Ok(render::render_random(&records, format)?)
}

/// An exercise sheet: the positions drawn numbered (boards or nets), or with
/// `--answers` each with its minimum and a specimen solution.
fn sheet(
    records: &[RandomPosition],
    pictures: &[String],
    look: &Look,
    name: &str,
    seed: Option<u64>,
    answers: bool,
) -> String {
    let boards: Vec<(String, String)> = records
        .iter()
        .enumerate()
        .map(|(i, r)| {
            let label = match (r.specimen_marked.as_ref().or(r.specimen.as_ref()), r.moves) {
                (Some(s), Some(m)) if answers => {
                    format!("{}: {}\n{}", i + 1, super::common::moves(usize::from(m)), s)
                }
                _ => (i + 1).to_string(),
            };
            (pictures[i].clone(), label)
        })
        .collect();
    let seed = seed.map_or(String::new(), |s| format!(", seed {s}"));
    let title = if answers {
        format!("{name}: answers{seed}")
    } else {
        format!("{name}: {} to solve{seed}", records.len())
    };
    render::svg::sheet_svg(&boards, look, &title)
}

/// Draws `count` places in `0..n` uniformly (with repetition), sorted.
fn places(rng: &mut fastrand::Rng, n: u64, count: u32) -> Vec<u64> {
    let mut v: Vec<u64> = (0..count).map(|_| rng.u64(0..n)).collect();
    v.sort_unstable();
    v
}

/// Positions of a twist puzzle: uniform over all, or over one distance.
fn twist(
    a: &Analysis,
    args: &RandomArgs,
    rng: &mut fastrand::Rng,
) -> Result<Vec<(RandomPosition, u64)>, Box<dyn std::error::Error>> {
    let name = a.puzzle().name();
    if args.goal.is_some() {
        return Err(format!("--goal is for boards; the {name} is solved towards its goal").into());
    }
    let table = a.main_dictionary();
    let reached = |x: u64| table[x as usize] != schofield::method::search::UNSEEN;
    let pool_len: u64 = match args.moves {
        Some(m) => table.iter().filter(|&&d| d == m).count() as u64,
        None => a.positions(),
    };
    if pool_len == 0 {
        let even = if a.moves().has_words() { "even, " } else { "" };
        return Err(format!(
            "no {name} position needs exactly {}; the minima are {even}from 0 to {}",
            super::common::moves(usize::from(args.moves.unwrap_or_default())),
            a.max_moves()
        )
        .into());
    }
    // The positions of the pool are numbered in order; draw their numbers,
    // then find them all in one pass, keeping the order they were drawn in.
    let drawn: Vec<u64> = (0..args.count)
        .map(|_| rng.usize(0..pool_len as usize) as u64)
        .collect();
    let mut order: Vec<usize> = (0..drawn.len()).collect();
    order.sort_by_key(|&i| drawn[i]);
    let mut found = vec![0u64; drawn.len()];
    let mut next = order.iter().peekable();
    let mut k = 0u64;
    for x in 0..a.space().len() {
        let Some(&&i) = next.peek() else { break };
        let in_pool = match args.moves {
            Some(m) => table[x as usize] == m,
            None => reached(x),
        };
        if !in_pool {
            continue;
        }
        let _ = i;
        while let Some(&&i) = next.peek() {
            if drawn[i] != k {
                break;
            }
            found[i] = x;
            next.next();
        }
        k += 1;
    }
    Ok(found
        .into_iter()
        .map(|x| {
            let written = args.answers.then(|| {
                a.held_still(&Path::new(a.specimen(x)), None)
                    .written(a.moves())
            });
            let record = RandomPosition {
                start: a.grid_or_pattern(x),
                code: a.code(x),
                moves: a.moves_at(x),
                specimen_marked: written
                    .as_ref()
                    .filter(|_| a.moves().has_words())
                    .map(|w| w.marked.clone()),
                specimen: written.map(|w| w.plain),
            };
            (record, x)
        })
        .collect())
}

/// Positions of a puzzle past the whole table
/// ([`schofield::method::analysis::past_the_table`]): uniform over the
/// group its moves generate, drawn from its stabiliser chain; or, with
/// `--moves N`, made by `N` random moves, none followed by one of the same
/// face or by one it commutes with out of order, written as those moves.
fn scrambled(
    puzzle: &schofield::puzzle::Puzzle,
    moves: &schofield::puzzle::MoveSet,
    args: &RandomArgs,
    rng: &mut fastrand::Rng,
    drawing: bool,
) -> Result<Vec<(RandomPosition, Pattern)>, Box<dyn std::error::Error>> {
    use schofield::puzzle::transformation::{from_points, perm_group};
    let name = schofield::text::quoted(puzzle.name());
    let refused = if args.answers {
        Some("--answers (solve each with solve --puzzle, by IDA*)")
    } else if drawing {
        Some("--format svg")
    } else if args.goal.is_some() {
        Some("--goal")
    } else {
        None
    };
    if let Some(what) = refused {
        return Err(format!(
            "{name} has more positions than the whole table takes: {what} is not answered there; its positions are drawn at random in text, json, jsonl, yaml or csv"
        )
        .into());
    }
    let notation = schofield::method::notation::Notation::new(puzzle, moves);
    let raw: Vec<_> = moves.transformations();
    let Some(n) = args.moves else {
        let group = perm_group(
            &raw,
            Some(super::common::memory_allowed(args.memory.max_memory)),
        )?;
        return (0..args.count)
            .map(|_| {
                let t = from_points(&raw[0], &group.random(rng))
                    .ok_or("an element of the group that moves no whole piece")?;
                let at = puzzle.goal().clone().apply(&t);
                let start = notation.pattern_text(&at);
                let record = RandomPosition {
                    start,
                    code: None,
                    moves: None,
                    specimen: None,
                    specimen_marked: None,
                };
                Ok((record, at))
            })
            .collect();
    };
    // The moves as the engine applies them (up to rotation, each followed
    // by the rotation home), without a move table.
    let (effective, _) = schofield::method::space::effective_moves(puzzle, &raw)?;
    let Some(sequences) =
        schofield::method::search::ida::RandomSequences::new(&effective, usize::from(n))
    else {
        return Err(format!(
            "{name} has no sequence of {n} moves in the canonical form (none followed by a move of its face, moves that commute in one order); --moves must be smaller"
        )
        .into());
    };
    let names: Vec<&str> = moves.iter().map(|m| m.name()).collect();
    Ok((0..args.count)
        .map(|_| {
            let mut at = puzzle.goal().clone();
            let mut walk = Vec::with_capacity(usize::from(n));
            for m in sequences.draw(rng) {
                walk.push(names[m]);
                at = at.apply(moves.get(m).transformation());
            }
            let record = RandomPosition {
                // No move: the goal, as its pattern.
                start: if walk.is_empty() {
                    notation.pattern_text(puzzle.goal())
                } else {
                    walk.join(" ")
                },
                code: None,
                moves: None,
                specimen: None,
                specimen_marked: None,
            };
            (record, at)
        })
        .collect())
}

/// Arrangements of a board towards its goal: uniform over the solvable
/// half, or (boards of at most 12 cells) over one distance.
fn board(
    board: Board,
    args: &RandomArgs,
    rng: &mut fastrand::Rng,
) -> Result<Vec<RandomPosition>, Box<dyn std::error::Error>> {
    if let Some(path) = &args.drawing {
        return Err(format!(
            "--drawing {}: a board {board} is drawn as its grid; a picture draws a puzzle's stickers (a library name or a file)",
            schofield::text::quoted_path(path)
        )
        .into());
    }
    let goal: Goal = args.goal.as_deref().unwrap_or("blank-last").parse()?;
    let goal = goal.arrangement(&board)?;
    let mut out = match args.moves {
        None => {
            let space = BoardSpace::new(board, goal.clone());
            places(rng, space.len() as u64, args.count)
                .into_iter()
                .map(|i| RandomPosition {
                    start: board.format(&space.arrangement(i as usize)),
                    code: None,
                    moves: None,
                    specimen: None,
                    specimen_marked: None,
                })
                .collect::<Vec<_>>()
        }
        Some(m) => {
            if board.cells() > lookup::MAX_TABLE_CELLS {
                return Err(format!(
                    "--moves needs the board's lookup table, built for boards of at most {} cells; {board} has {} (leave out --moves for uniform positions)",
                    lookup::MAX_TABLE_CELLS,
                    board.cells()
                )
                .into());
            }
            let t = super::lookup::build(board, goal.clone(), args.memory)?;
            let at = t
                .distribution()
                .iter()
                .find(|d| d.moves == m)
                .map_or(0, |d| d.states);
            if at == 0 {
                return Err(format!(
                    "no arrangement of {board} is exactly {} from the goal; the distances run from 0 to {}",
                    super::common::moves(usize::from(m)),
                    t.max()
                )
                .into());
            }
            t.arrangements_at(m, &places(rng, at, args.count))
                .iter()
                .map(|a| RandomPosition {
                    start: board.format(a),
                    code: None,
                    moves: Some(m),
                    specimen: None,
                    specimen_marked: None,
                })
                .collect()
        }
    };
    rng.shuffle(&mut out);
    if args.answers {
        if board.cells() > lookup::MAX_TABLE_CELLS {
            return Err(format!(
                "--answers solves each position with the board's lookup table, built for boards of at most {} cells; {board} has {} (solve them with `schofield optimal -`)",
                lookup::MAX_TABLE_CELLS,
                board.cells()
            )
            .into());
        }
        let t = super::lookup::build(board, goal, args.memory)?;
        for r in &mut out {
            let solution = t.solve(&board.parse_arrangement(&r.start)?)?;
            r.moves = Some(solution.path.length as u8);
            r.specimen = Some(schofield::board::letters(&solution.path.moves));
        }
    }
    Ok(out)
}

/// Where the answer sheet beside `sheet.svg` goes: `sheet-answers.svg`.
fn answers_path(out: &std::path::Path) -> std::path::PathBuf {
    let stem = out
        .file_stem()
        .map_or("sheet".into(), |s| s.to_string_lossy());
    let ext = out
        .extension()
        .map_or("svg".into(), |e| e.to_string_lossy());
    out.with_file_name(format!("{stem}-answers.{ext}"))
}
