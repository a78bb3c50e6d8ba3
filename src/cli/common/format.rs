//! `--format` and what it chooses: the output formats, drawings, and
//! `--steps`; and reading a position on a board that may belong to
//! another command.

use super::{Delivery, Outcome, check_output};
use clap::{Args, ValueEnum};
use schofield::render::Format;
use schofield::text::quoted;
use std::path::{Path, PathBuf};

/// `--format` and `--output`, shared by every command that prints data.
#[derive(Args, Clone)]
pub struct FormatArg {
    /// Output format: text (the default) or one of the others this command
    /// writes (listed below); with --output, taken from the file's
    /// extension when not given.
    #[arg(long, value_enum)]
    pub format: Option<OutputFormat>,
    /// Write the output to this file (atomically) instead of standard
    /// output.
    #[arg(long)]
    pub output: Option<PathBuf>,
    /// Say nothing on standard error but errors: no progress bar, no
    /// notes (progress bars appear only on a terminal anyway).
    #[arg(long, short = 'q', conflicts_with = "verbose")]
    pub quiet: bool,
    /// Say more: a line for each layer of a long search on standard error
    /// (the census, a distributed run); `fifteen` shows each 3-cycle.
    #[arg(long, short = 'v')]
    pub verbose: bool,
}

impl FormatArg {
    /// The library's format: `--format`, else the one `--output`'s
    /// extension names (`.txt`, `.json`, `.jsonl`, `.yaml`/`.yml`, `.csv`),
    /// else text. A `--format` the extension contradicts is refused, and a
    /// file that cannot be written is refused before any work.
    pub fn get(&self) -> Result<Format, String> {
        match self.get_drawing()? {
            WrittenAs::Data(f) => Ok(f),
            WrittenAs::Dot => Err("--format dot is for drawings (five trees, graph); this command writes text, json, jsonl, yaml or csv".to_string()),
            WrittenAs::Svg => Err(format!("--format svg draws positions, solutions and distributions ({}); this command writes text, json, jsonl, yaml or csv", SVG_COMMANDS.join(", "))),
        }
    }

    /// The same format with the output left to another process (a
    /// distributed run's process 0): a format named by `--output`'s
    /// extension stays chosen, and the file is neither checked nor
    /// written here.
    pub fn elsewhere(&self) -> Result<FormatArg, String> {
        Ok(FormatArg {
            format: Some(self.chosen()?),
            output: None,
            quiet: self.quiet,
            verbose: self.verbose,
        })
    }

    /// Where this command's output goes, for `main` to deliver it (text
    /// when no format can be chosen: the command then fails anyway).
    pub fn delivery(&self) -> Delivery {
        let chosen = self.chosen().ok();
        Delivery {
            to: self.output.clone(),
            text: chosen == Some(OutputFormat::Text),
            data: chosen
                .and_then(OutputFormat::records)
                .is_some_and(|f| f != Format::Text),
            quiet: self.quiet,
        }
    }

    /// The width text is wrapped at: `COLUMNS` if set, else the
    /// terminal's when the output goes to one, else 80 (files and pipes).
    pub fn text_width(&self) -> usize {
        std::env::var("COLUMNS")
            .ok()
            .and_then(|c| c.trim().parse().ok())
            .filter(|&w: &usize| w >= 20)
            .or_else(|| {
                if self.output.is_some() {
                    return None;
                }
                console::Term::stdout()
                    .size_checked()
                    .map(|(_, cols)| usize::from(cols))
            })
            .unwrap_or(schofield::render::TEXT_WIDTH)
    }

    /// As [`FormatArg::get`], for a command that can also draw.
    pub fn get_drawing(&self) -> Result<WrittenAs, String> {
        let format = self.chosen()?;
        if let Some(path) = &self.output {
            check_output(path)?;
        }
        Ok(match format.records() {
            Some(records) => WrittenAs::Data(records),
            None if format == OutputFormat::Dot => WrittenAs::Dot,
            None => WrittenAs::Svg,
        })
    }

    /// `--format`, else the one `--output`'s extension names, else text.
    fn chosen(&self) -> Result<OutputFormat, String> {
        choose_format(
            self.format,
            self.output.as_deref(),
            |ext| {
                Some(match ext {
                    "txt" | "text" => OutputFormat::Text,
                    "json" => OutputFormat::Json,
                    "jsonl" | "ndjson" => OutputFormat::Jsonl,
                    "yaml" | "yml" => OutputFormat::Yaml,
                    "csv" => OutputFormat::Csv,
                    "dot" | "gv" => OutputFormat::Dot,
                    "svg" => OutputFormat::Svg,
                    _ => return None,
                })
            },
            OutputFormat::name,
            OutputFormat::Text,
            "format; use .txt, .json, .jsonl, .yaml, .csv or .svg",
        )
    }

    /// As [`FormatArg::get`], for a command that draws SVG too.
    pub fn get_or_svg(&self) -> Result<Option<Format>, String> {
        match self.get_drawing()? {
            WrittenAs::Svg => Ok(None),
            WrittenAs::Dot => Err(
                "--format dot is for drawings of graphs (five trees, graph); this command writes text, json, jsonl, yaml or csv, or draws --format svg"
                    .to_string(),
            ),
            WrittenAs::Data(f) => Ok(Some(f)),
        }
    }
}

/// Reads a position of `board`; when the text is a position of another
/// board, or of Schofield's twist puzzles, the error says so and names the
/// command that takes it (`elsewhere`), rather than how the grid is wrong.
pub fn read_on(
    board: &schofield::board::Board,
    text: &str,
    elsewhere: impl Fn(&schofield::board::Board) -> String,
) -> Result<schofield::board::Arrangement, Box<dyn std::error::Error>> {
    use schofield::board::Board;
    // Whether the text reads as a position of a library twist puzzle.
    let of = |name: &str| {
        schofield::puzzle::library::get(name).is_some_and(|p| {
            p.moves(p.default_metric(), None).is_ok_and(|m| {
                schofield::method::notation::read_pattern_of(&p, &m, text)
                    .is_ok_and(|pat| schofield::puzzle::invariants::broken(&p, &m, &pat).is_none())
            })
        })
    };
    board.parse_arrangement(text).map_err(|e| {
        let shown = quoted(text.trim());
        // Only a grid is taken for a twist puzzle's position: a short list
        // of numbers is more likely a list cut short.
        let grid = text.contains(['/', '_', '\n']);
        if grid && of("five") {
            return format!(
                "{shown} is a position of Schofield's five-puzzle; use `schofield five solve`"
            )
            .into();
        }
        match Board::infer(text) {
            Ok(b) if b != *board && b.parse_arrangement(text).is_ok() => format!(
                "{shown} is a position of the {b} board, not the {board}; {}",
                elsewhere(&b)
            )
            .into(),
            _ if grid && of("eight") => {
                format!("{shown} is a position of Schofield's eight-puzzle; use `schofield solve`")
                    .into()
            }
            _ => e.into(),
        }
    })
}

/// `1 move`, `20 moves`.
pub fn moves(n: usize) -> String {
    schofield::text::counted(n, "move", "moves")
}

/// The format of an output: `--format` when given, else the one the
/// `--output` file's extension names (`by_extension` reads a lower-case
/// extension), else `default`. A `--format` the extension contradicts is
/// refused, and so is an extension that names none (`names` says what it
/// should have named, for the message).
pub fn choose_format<F: Copy + PartialEq>(
    given: Option<F>,
    output: Option<&Path>,
    by_extension: impl Fn(&str) -> Option<F>,
    name: impl Fn(F) -> &'static str,
    default: F,
    names: &str,
) -> Result<F, String> {
    let shown = || quoted(&output.unwrap_or(Path::new("")).display().to_string());
    let ext = output
        .and_then(Path::extension)
        .map(|e| e.to_string_lossy().to_ascii_lowercase());
    match (given, ext.as_deref().map(&by_extension)) {
        (Some(f), Some(Some(e))) if f != e => Err(format!(
            "--format {} disagrees with --output {} (a .{} file); leave out --format or change the file's extension",
            name(f),
            shown(),
            ext.unwrap_or_default()
        )),
        (Some(f), _) => Ok(f),
        (None, Some(Some(e))) => Ok(e),
        // An extension that names no format is not guessed at.
        (None, Some(None)) => Err(format!(
            "--output {}: the extension .{} names no {names}, or give --format",
            shown(),
            ext.unwrap_or_default()
        )),
        (None, None) => Ok(default),
    }
}

/// The commands that draw `--format svg`: the one list that both the
/// formats each command offers ([`crate::cli::with_formats`]) and the messages
/// that name them read.
pub const SVG_COMMANDS: &[&str] = &[
    "solve",
    "five solve",
    "path",
    "five path",
    "classes",
    "random",
    "lookup solve",
    "astar",
    "optimal",
    "fifteen",
    "counts",
    "five counts",
    "five trees",
    "lookup build",
    "boards",
];

/// What a command is asked to write: data in a [`Format`], or a drawing.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum WrittenAs {
    /// Text or data.
    Data(Format),
    /// Graphviz DOT.
    Dot,
    /// An SVG picture.
    Svg,
}

/// The values of `--format` (the library's [`Format`]).
#[derive(Debug, Clone, Copy, PartialEq, Eq, ValueEnum)]
pub enum OutputFormat {
    /// Aligned text for people.
    Text,
    /// JSON (pretty-printed).
    Json,
    /// JSON lines: one compact record a line (batches, lists).
    Jsonl,
    /// YAML.
    Yaml,
    /// CSV with a header line.
    Csv,
    /// Graphviz DOT, for drawings (`five trees`; `graph` has its own).
    Dot,
    /// An SVG picture: a position's board or net, a solution's strip of
    /// them, a distribution's bar chart.
    Svg,
}

impl OutputFormat {
    /// The name `--format` takes.
    pub fn name(self) -> &'static str {
        match self {
            OutputFormat::Text => "text",
            OutputFormat::Json => "json",
            OutputFormat::Jsonl => "jsonl",
            OutputFormat::Yaml => "yaml",
            OutputFormat::Csv => "csv",
            OutputFormat::Dot => "dot",
            OutputFormat::Svg => "svg",
        }
    }
}

impl OutputFormat {
    /// The library's format of records; `None` for DOT and SVG, which are
    /// drawings (sorted out by [`FormatArg::get_drawing`]).
    pub fn records(self) -> Option<Format> {
        match self {
            OutputFormat::Dot | OutputFormat::Svg => None,
            OutputFormat::Text => Some(Format::Text),
            OutputFormat::Json => Some(Format::Json),
            OutputFormat::Jsonl => Some(Format::Jsonl),
            OutputFormat::Yaml => Some(Format::Yaml),
            OutputFormat::Csv => Some(Format::Csv),
        }
    }
}

/// `--steps`: the board after each twist or move.
#[derive(Args, Clone, Copy)]
pub struct StepsArg {
    /// Show the board after each twist or move (text: boards side by side;
    /// JSON: `steps`, grid strings from the start to the goal).
    #[arg(long)]
    pub steps: bool,
}

/// Adds the steps to `body` when `--steps` asks for them.
pub fn steps_if(
    steps: StepsArg,
    body: String,
    replay: impl FnOnce() -> schofield::render::Steps,
    format: Format,
    width: usize,
) -> Outcome {
    if !steps.steps {
        return Ok(body);
    }
    Ok(schofield::render::with_steps(
        body,
        &replay(),
        format,
        width,
    )?)
}
