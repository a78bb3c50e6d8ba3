//! `explore`: writes the explorer, a static site.

use super::common::{self, Outcome};
use super::puzzle::{MetricArg, PuzzleArgs};
use clap::Args;
use schofield::method::explorer::{Explorer, Held, Setup, explorable};
use schofield::puzzle::{library, read};
use schofield::render::explore::{PagePuzzle, site};
use schofield::render::svg::{Scale, move_counts_svg_scaled};
use std::path::PathBuf;

/// Write the explorer: a static site (index.html, its script, its engine
/// and its data) to play a puzzle, read every position's figures, step
/// through its minimal paths and browse the classes. It works from
/// file://, with no server and no network; the page runs this tool's
/// library, compiled to WebAssembly.
#[derive(Args)]
#[command(
    after_help = "Open DIR/index.html in a browser. index.html#POSITION opens at a position in any form `solve --puzzle P` reads (#102536, #825/1_3/746, #(01)(3465)); with several puzzles, #KEY:POSITION (#five:023). index.html?play=WXY#START plays those moves from START, and the address follows play.\n\nExamples:\n  schofield explore --output site\n  schofield explore --puzzle 2x2x2 --output cube\n  schofield explore --puzzle pyraminx --puzzle topspin --output more   # or --puzzle FILE (.yaml, .tws, .json)"
)]
pub struct ExploreArgs {
    /// The folder to write the site into (created if it does not exist;
    /// the site's five files in it are replaced).
    #[arg(long)]
    output: PathBuf,
    /// The puzzle: a name from the library (`schofield puzzles` lists
    /// them) or a file (.yaml, .tws, KPuzzle .json); repeat for several.
    /// Default: Schofield's eight- and five-puzzle. A site holds puzzles
    /// of at most 16 777 216 numbered positions whole; a larger one (the
    /// 3×3×3) is played and drawn, not solved.
    #[arg(long = "puzzle", value_name = "NAME|FILE")]
    puzzles: Vec<String>,
    /// Which powers of a move count as one move, for every puzzle (as in
    /// `counts --metric`).
    #[arg(long, value_enum)]
    metric: Option<MetricArg>,
    /// The moves that generate, by name, separated by commas (as in
    /// `counts --generators`).
    #[arg(long, value_name = "MOVES", value_parser = super::move_list)]
    generators: Option<super::MoveList>,
    #[command(flatten)]
    memory: common::MemoryArg,
}

/// The explorer's engine: the library compiled to WebAssembly from
/// `explorer/` by `scripts/build-explorer.sh` (tests/suite/explore.rs checks that
/// it matches the sources).
const ENGINE: &[u8] = include_bytes!("../../assets/explore/engine.wasm");

/// A site's key for a puzzle: its library name, or its file's stem.
fn key_of(name: &str) -> String {
    if library::get(name).is_some() {
        return name.to_string();
    }
    let stem = std::path::Path::new(name)
        .file_stem()
        .and_then(|s| s.to_str())
        .unwrap_or("puzzle");
    let key: String = stem
        .chars()
        .map(|c| if c.is_alphanumeric() { c } else { '-' })
        .collect();
    if key.is_empty() { "puzzle".into() } else { key }
}

/// One puzzle analysed for the site.
fn page_puzzle(
    args: &ExploreArgs,
    name: &str,
    key: String,
) -> Result<PagePuzzle, Box<dyn std::error::Error>> {
    let flags = PuzzleArgs {
        puzzle: name.to_string(),
        metric: args.metric,
        generators: args.generators.clone(),
        max_memory: args.memory.max_memory,
        // The page's engine reads the file as it is declared.
        symmetries: super::puzzle::SymmetriesArg::None,
        // The page's engine reads the file alone (a picture goes in a
        // yaml file's drawing: `puzzles --write yaml --drawing`).
        drawing: None,
    };
    let puzzle = flags.read()?;
    let options = flags.options(false);
    let held = explorable(&puzzle, &options).map_err(|e| format!("--puzzle {name}: {e}"))?;
    let library = library::get(name).is_some().then_some(name);
    let file = match library {
        Some(_) => None,
        None => Some((name.to_string(), read::file_text(name)?)),
    };
    if held == Held::Past {
        return past_page_puzzle(name, Setup::past(&key, library, file, &options));
    }
    let a = super::puzzle::analyse(puzzle, &options, false, false)?;
    let setup = Setup::of(&key, library, file, &a, &options);
    let counts = a.move_counts();
    let far = a.antipode().map(|x| a.name_of(x));
    Ok(PagePuzzle {
        setup,
        chart: move_counts_svg_scaled(a.puzzle().name(), &counts, Scale::Linear),
        chart_log: move_counts_svg_scaled(a.puzzle().name(), &counts, Scale::Log),
        examples: std::iter::once(a.name_of(a.goal())).chain(far).collect(),
    })
}

/// A puzzle past the table a page holds: its engine started here as the
/// page will start it (the group of its moves made), no chart, and the
/// goal and two moves as examples.
fn past_page_puzzle(name: &str, setup: Setup) -> Result<PagePuzzle, Box<dyn std::error::Error>> {
    let engine = Explorer::from_setup(&setup).map_err(|e| format!("--puzzle {name}: {e}"))?;
    let info = engine.info();
    let moves = &info.moves;
    // The first two moves (in any metric two different ones: U R, or U U'
    // would be the goal again).
    let played = match &moves[..] {
        [] => None,
        [one] => Some(one.clone()),
        [first, second, ..] => Some(format!("{first} {second}")),
    };
    Ok(PagePuzzle {
        setup,
        chart: String::new(),
        chart_log: String::new(),
        examples: std::iter::once(info.goal).chain(played).collect(),
    })
}

/// Writes the site's files into a temporary folder beside `dir` (named
/// as every temporary file is, so that the next write removes it if this
/// run is killed) and renames it to `dir`.
fn write_new_site(dir: &std::path::Path, files: &[(&str, String)]) -> Result<(), String> {
    let parent = match dir.parent() {
        Some(p) if !p.as_os_str().is_empty() => p,
        _ => std::path::Path::new("."),
    };
    let cannot = |e: std::io::Error| format!("cannot create the folder {}: {e}", dir.display());
    std::fs::create_dir_all(parent).map_err(cannot)?;
    schofield::board::store::remove_leftovers(parent);
    let temporary = parent.join(format!(
        "{}site",
        schofield::board::store::temporary_prefix()
    ));
    let written = std::fs::create_dir(&temporary).and_then(|()| {
        for (name, text) in files {
            std::fs::write(temporary.join(name), text)?;
        }
        std::fs::rename(&temporary, dir)
    });
    written.map_err(|e| {
        let _ = std::fs::remove_dir_all(&temporary);
        cannot(e)
    })
}

pub fn run(args: ExploreArgs) -> Outcome {
    let dir = &args.output;
    let names = if args.puzzles.is_empty() {
        vec!["eight".to_string(), "five".to_string()]
    } else {
        args.puzzles.clone()
    };
    // Every puzzle analysed before the folder is made, so that a refusal
    // leaves nothing behind.
    let mut puzzles = Vec::new();
    let mut keys: Vec<String> = Vec::new();
    for name in &names {
        let key = key_of(name);
        if keys.contains(&key) {
            return Err(format!(
                "--puzzle {name}: a second puzzle called {key}; name each puzzle once (a file's key is its stem)"
            )
            .into());
        }
        keys.push(key.clone());
        puzzles.push(page_puzzle(&args, name, key)?);
    }
    let files = site(&puzzles, ENGINE);
    let bytes: usize = files.iter().map(|(_, text)| text.len()).sum();
    match std::fs::metadata(dir) {
        Ok(m) if !m.is_dir() => {
            return Err(format!(
                "--output {} is not a folder; name a folder for the site (it is created if missing)",
                dir.display()
            )
            .into());
        }
        // A folder that is there: each file replaced whole, in turn.
        Ok(_) => {
            common::check_writable(&dir.join("index.html"))
                .map_err(|e| format!("cannot write into {}: {e}", dir.display()))?;
            for (name, text) in &files {
                common::write_file(&dir.join(name), text)?;
            }
        }
        // A new folder: the whole site written beside it, then renamed
        // into place, so that a run killed half-way leaves no half site.
        Err(_) => write_new_site(dir, &files)?,
    }
    let first = &puzzles[0].examples[puzzles[0].examples.len() - 1];
    let past: Vec<&PagePuzzle> = puzzles.iter().filter(|p| p.setup.past_the_table).collect();
    let past = match &past[..] {
        [] => String::new(),
        [first, ..] => {
            let keys: Vec<&str> = past.iter().map(|p| p.setup.key.as_str()).collect();
            // The puzzle as the user named it: a library name or a file.
            let name = first
                .setup
                .library
                .clone()
                .or_else(|| first.setup.file.as_ref().map(|f| f.0.clone()))
                .unwrap_or_else(|| first.setup.key.clone());
            format!(
                "; past the table a page holds, {} {} played and drawn but not solved in the page (`schofield solve --puzzle {name} POSITION` solves one by IDA* where each orbit's arrangements fit 64 bits)",
                keys.join(", "),
                if keys.len() == 1 { "is" } else { "are" },
            )
        }
    };
    Ok(format!(
        "wrote the explorer of {} to {} ({} files, {:.1} MB): open {}/index.html, or index.html#{} at a position{past}\n",
        keys.join(", "),
        dir.display(),
        files.len(),
        bytes as f64 / 1e6,
        dir.display(),
        first.replace(' ', "+")
    ))
}
