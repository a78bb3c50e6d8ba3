//! Pieces every command shares: the `--format` flag, the result type,
//! progress bars and output files.

use clap::{Args, ValueEnum};
use schofield::render::Format;
use schofield::text::quoted;
use std::path::{Path, PathBuf};

/// What a command returns: the text for standard output, or the error to
/// report on one line.
pub type Outcome = Result<String, Box<dyn std::error::Error>>;

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

/// Where a command's text goes and how: the output context `main`
/// derives from the parsed command before it runs and hands to
/// [`deliver`] when it returns (no global state: the command's own flags
/// say it).
#[derive(Clone, Debug, Default)]
pub struct Delivery {
    /// The file `--output` names; standard output when `None`.
    pub to: Option<PathBuf>,
    /// Whether the output is text, which `--ascii` and a locale that is
    /// not UTF-8 both rewrite.
    pub text: bool,
    /// Whether the output is data (JSON, JSON lines, YAML, CSV), whose
    /// strings `--ascii` rewrites when asked for by name (data otherwise
    /// reads the same in every locale). Drawings are never rewritten.
    pub data: bool,
    /// `--quiet`: no notes on standard error, whatever said them.
    pub quiet: bool,
}

impl Delivery {
    /// To a file, as is (graphs and other drawings).
    pub fn file(to: Option<&Path>) -> Delivery {
        Delivery {
            to: to.map(Path::to_path_buf),
            text: false,
            data: false,
            quiet: false,
        }
    }
}

/// Why the output could not be delivered, and the exit status to end with.
pub struct DeliveryFailed {
    /// The one-line message (without `error: `).
    pub message: String,
    /// 2 for a file that cannot be written, 1 for standard output failing.
    pub status: u8,
}

/// Checks, before any work, that `path` (the `--output` file `main` will
/// write when the command returns) can be written.
pub fn check_output(path: &Path) -> Result<(), String> {
    check_writable(path).map_err(|e| format!("cannot write {}: {e}", path.display()))
}

/// When output is written in ASCII: `--ascii` given by name (text and
/// data), or a locale that is not UTF-8 (text only).
#[derive(Clone, Copy, Debug, Default)]
pub struct Ascii {
    /// `--ascii` was given.
    pub asked: bool,
    /// The locale cannot show UTF-8.
    pub locale: bool,
}

impl Ascii {
    /// Whether text is written in ASCII.
    pub fn any(self) -> bool {
        self.asked || self.locale
    }
}

/// How a command's output is written: where ([`Delivery`]) and in which
/// alphabet ([`Ascii`]). `main` makes it from the command line, delivers
/// what a command returns with it, and hands it to the commands that write
/// as they go (the batches).
#[derive(Clone, Debug, Default)]
pub struct Sink {
    /// Where the output goes.
    pub delivery: Delivery,
    /// Whether it is written in ASCII.
    pub ascii: Ascii,
}

impl Sink {
    /// `text` as this sink writes it: in ASCII when `--ascii` or the locale
    /// asks for it (data only when `--ascii` is given by name).
    pub fn converted<'a>(&self, text: &'a str) -> std::borrow::Cow<'a, str> {
        let (to, ascii) = (&self.delivery, self.ascii);
        if (ascii.any() && to.text) || (ascii.asked && to.data) {
            std::borrow::Cow::Owned(schofield::text::to_ascii(text))
        } else {
            std::borrow::Cow::Borrowed(text)
        }
    }
}

/// The output was written as it was made (a batch, record by record):
/// nothing is left for `main` to deliver, and the command succeeded.
#[derive(Debug)]
pub struct Written;

impl std::fmt::Display for Written {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.write_str("the output is written")
    }
}

impl std::error::Error for Written {}

impl std::fmt::Display for DeliveryFailed {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.write_str(&self.message)
    }
}

impl std::fmt::Debug for DeliveryFailed {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.write_str(&self.message)
    }
}

impl std::error::Error for DeliveryFailed {}

/// Whether standard output was closed when the program was loaded
/// (`>&-`). The standard library's runtime then opens `/dev/null` in its
/// place before `main`, for reading and writing, just as Python's
/// `subprocess.DEVNULL` opens it; only a look before the runtime tells the
/// two apart, which [`look_at_stdout`] takes as the loader starts the
/// program. Written once, before `main`: a fact of the process, not a
/// setting.
static CLOSED_AT_LOAD: std::sync::atomic::AtomicBool = std::sync::atomic::AtomicBool::new(false);

/// The loader runs the functions of `.init_array` before the runtime.
#[cfg(target_os = "linux")]
#[used]
#[unsafe(link_section = ".init_array")]
static LOOK_AT_STDOUT: extern "C" fn() = look_at_stdout;

/// Notes whether descriptor 1 is open as the program is loaded.
#[cfg(target_os = "linux")]
extern "C" fn look_at_stdout() {
    // SAFETY: F_GETFD only reads descriptor 1's flags; -1 (EBADF) means it
    // is not open.
    let closed = unsafe { libc::fcntl(1, libc::F_GETFD) } == -1;
    CLOSED_AT_LOAD.store(closed, std::sync::atomic::Ordering::Relaxed);
}

/// True unless standard output was closed when the program started
/// (`>&-`). Any other standard output is judged by its writes
/// ([`stdout_file`]): `/dev/null` however it was opened takes them, one
/// open for reading only refuses them.
pub fn stdout_is_open() -> bool {
    !CLOSED_AT_LOAD.load(std::sync::atomic::Ordering::Relaxed)
}

/// Standard output as a file, so that every failed write is seen: the
/// standard library's `Stdout` takes EBADF (a descriptor not open for
/// writing, as `1<file` leaves it) for success.
pub fn stdout_file() -> std::mem::ManuallyDrop<std::fs::File> {
    use std::os::fd::FromRawFd;
    // SAFETY: descriptor 1 is open for the whole run (the runtime reopens
    // it when it was closed), and ManuallyDrop never closes it.
    std::mem::ManuallyDrop::new(unsafe { std::fs::File::from_raw_fd(1) })
}

/// Prints an error on standard error as one clean line
/// ([`schofield::text::one_line`]): `error: ` and the message.
pub fn report(message: impl std::fmt::Display) {
    eprintln!(
        "{}",
        schofield::text::one_line(&format!("error: {message}"))
    );
}

/// A write to standard output that failed: exit status 1, and what the
/// system said (a descriptor open for reading only named as such).
pub fn stdout_failed(e: &std::io::Error) -> DeliveryFailed {
    let why = if e.raw_os_error() == Some(9) {
        "standard output is not open for writing (give --output FILE, or open it for writing)"
            .to_string()
    } else {
        e.to_string()
    };
    DeliveryFailed {
        message: format!("cannot write the output: {why}"),
        status: 1,
    }
}

/// The failure of standard output that is closed.
pub fn closed_stdout() -> DeliveryFailed {
    DeliveryFailed {
        message: "cannot write the output: standard output is closed (give --output FILE, or leave standard output open)".to_string(),
        status: 1,
    }
}

/// Delivers a command's text: to the `--output` file (atomically), else to
/// standard output (refusing several megabytes on a terminal). `ascii`
/// turns text into its ASCII form, and with `--ascii` given by name the
/// strings of data too. A reader that stops early (`| head`, a pager
/// quit) is not an error; standard output closed, or a write that fails,
/// is.
pub fn deliver(text: &str, sink: &Sink) -> Result<(), DeliveryFailed> {
    use std::io::Write;
    let text = sink.converted(text);
    // A failed write is exit status 1, to a file as to standard output.
    if let Some(path) = &sink.delivery.to {
        return write_file(path, &text).map_err(|message| DeliveryFailed { message, status: 1 });
    }
    fits_terminal(&text).map_err(|message| DeliveryFailed { message, status: 2 })?;
    if !stdout_is_open() {
        return Err(closed_stdout());
    }
    let mut out = stdout_file();
    match out.write_all(text.as_bytes()).and_then(|()| out.flush()) {
        Err(e) if e.kind() != std::io::ErrorKind::BrokenPipe => Err(stdout_failed(&e)),
        _ => Ok(()),
    }
}

impl FormatArg {
    /// The library's format: `--format`, else the one `--output`'s
    /// extension names (`.txt`, `.json`, `.jsonl`, `.yaml`/`.yml`, `.csv`),
    /// else text. A `--format` the extension contradicts is refused, and a
    /// file that cannot be written is refused before any work.
    pub fn get(&self) -> Result<Format, String> {
        match self.get_drawing()? {
            Drawing::Data(f) => Ok(f),
            Drawing::Dot => Err("--format dot is for drawings (five trees, graph); this command writes text, json, jsonl, yaml or csv".to_string()),
            Drawing::Svg => Err(format!("--format svg draws positions, solutions and distributions ({}); this command writes text, json, jsonl, yaml or csv", SVG_COMMANDS.join(", "))),
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
    pub fn get_drawing(&self) -> Result<Drawing, String> {
        let format = self.chosen()?;
        if let Some(path) = &self.output {
            check_output(path)?;
        }
        Ok(match format.records() {
            Some(records) => Drawing::Data(records),
            None if format == OutputFormat::Dot => Drawing::Dot,
            None => Drawing::Svg,
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
            Drawing::Svg => Ok(None),
            Drawing::Dot => Err(
                "--format dot is for drawings of graphs (five trees, graph); this command writes text, json, jsonl, yaml or csv, or draws --format svg"
                    .to_string(),
            ),
            Drawing::Data(f) => Ok(Some(f)),
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
                schofield::twist::notation::read_pattern_of(&p, &m, text)
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
/// formats each command offers ([`super::with_formats`]) and the messages
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
pub enum Drawing {
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

/// False when the locale names a character set other than UTF-8
/// (`LC_ALL`, then `LC_CTYPE`, then `LANG`, the first that is set); true
/// when it is UTF-8 or not set at all.
pub fn locale_is_utf8() -> bool {
    ["LC_ALL", "LC_CTYPE", "LANG"]
        .iter()
        .find_map(|k| std::env::var(k).ok().filter(|v| !v.is_empty()))
        .is_none_or(|v| {
            let v = v.to_ascii_lowercase();
            v.contains("utf-8") || v.contains("utf8")
        })
}

/// Adds the steps to `body` when `--steps` asks for them.
pub fn steps_if<T: serde::Serialize>(
    steps: StepsArg,
    body: String,
    record: &T,
    replay: impl FnOnce() -> schofield::render::Steps,
    format: Format,
    width: usize,
) -> Outcome {
    if !steps.steps {
        return Ok(body);
    }
    Ok(schofield::render::with_steps(
        body,
        record,
        &replay(),
        format,
        width,
    )?)
}

/// A position argument of `-`: the positions come from standard input,
/// one a line.
pub fn is_stdin(words: &[String]) -> bool {
    matches!(words, [w] if w == "-")
}

/// A batch in which some lines failed: the records of the others (already
/// complete), how many failed and how many of those a limit stopped.
/// `main` prints the records, then this one line, and exits with status 3
/// when a limit stopped every failed line, else 2.
#[derive(Debug)]
pub struct BatchFailed {
    /// The records of the lines that succeeded, for `main` to deliver;
    /// `None` when they are written already.
    pub output: Option<String>,
    /// Lines that failed.
    pub failed: usize,
    /// Of those, lines stopped by a limit (`--max-nodes`, `--max-seconds`).
    pub stopped: usize,
    /// Lines read.
    pub total: usize,
}

impl std::fmt::Display for BatchFailed {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        let lines = if self.total == 1 { "line" } else { "lines" };
        let (failed, total) = (self.failed, self.total);
        match self.stopped {
            0 => write!(f, "{failed} of {total} {lines} failed"),
            s if s == failed => write!(f, "{failed} of {total} {lines} stopped by a limit"),
            s => write!(
                f,
                "{failed} of {total} {lines} failed, {s} of them stopped by a limit"
            ),
        }?;
        write!(f, " (each reported above with its line number)")
    }
}

impl std::error::Error for BatchFailed {}

/// A search of a batch that failed: the instance it was solving, and why.
#[derive(Debug)]
pub struct AtInstance {
    /// The instance's number (its line's position among the instances).
    pub instance: usize,
    /// What stopped it.
    pub error: schofield::search::SearchError,
}

impl std::fmt::Display for AtInstance {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        write!(f, "instance {}: {}", self.instance, self.error)
    }
}

impl std::error::Error for AtInstance {}

/// The search error behind `e`, whether alone or in a batch's instance.
pub fn search_error<'a>(
    e: &'a (dyn std::error::Error + 'static),
) -> Option<&'a schofield::search::SearchError> {
    e.downcast_ref()
        .or_else(|| e.downcast_ref::<AtInstance>().map(|a| &a.error))
}

/// Runs `one` on every position line of standard input and writes each
/// record as soon as it is made ([`batch`]).
pub fn batch_from_stdin(
    format: Format,
    sink: &Sink,
    one: impl Fn(&str, Format) -> Outcome,
) -> Outcome {
    let stdin = std::io::stdin();
    batch(stdin.lock(), format, sink, one)
}

/// How often a batch's output is flushed at least, so that each answer
/// shows soon after its line was read without a write for every record.
const FLUSH_EVERY: std::time::Duration = std::time::Duration::from_millis(50);

/// Runs `one` on every position line of `input`, reading, answering and
/// writing one line at a time, so that memory does not grow with the
/// batch and the first answer appears at once: JSON lines or YAML
/// documents one after the other, CSV under one header, text separated by
/// blank lines. A line that fails is reported on standard error with its
/// number and the rest still run. The records go to standard output, or
/// to the `--output` file, written whole or not at all (a temporary file
/// renamed into place at the end). A reader that stops early (`| head`)
/// ends the batch quietly.
pub fn batch(
    input: impl std::io::BufRead,
    format: Format,
    sink: &Sink,
    one: impl Fn(&str, Format) -> Outcome,
) -> Outcome {
    if format == Format::Json {
        return Err(
            "a batch is written one record a line: use --format jsonl (or csv, yaml, text)".into(),
        );
    }
    let tally = streamed(sink, |out| stream(input, format, sink, &one, out))?;
    if tally.total == 0 {
        return Err(
            "standard input holds no positions; give one a line (# starts a comment)".into(),
        );
    }
    if tally.failed > 0 {
        return Err(BatchFailed {
            output: None,
            failed: tally.failed,
            stopped: tally.stopped,
            total: tally.total,
        }
        .into());
    }
    Err(Written.into())
}

/// What a batch did: the lines read and the lines that failed.
#[derive(Default)]
pub struct Tally {
    /// Lines read (not blank, not comments).
    pub total: usize,
    /// Lines that failed, each reported.
    pub failed: usize,
    /// Of those, lines stopped by a limit.
    pub stopped: usize,
}

/// Runs `write` on the sink's output as it is made: standard output
/// (flushed at least every [`FLUSH_EVERY`], at most [`TERMINAL_LIMIT`]
/// bytes to a terminal; a reader that stops early ends the run quietly,
/// as [`Written`]), or the `--output` file, written whole or not at all (a
/// temporary file renamed at the end; not at all when `write` reads
/// nothing, its tally's `total` 0). What `write` tallied.
pub fn streamed(
    sink: &Sink,
    write: impl FnOnce(&mut dyn std::io::Write) -> std::io::Result<Tally>,
) -> Result<Tally, Box<dyn std::error::Error>> {
    use std::io::{Error, ErrorKind};
    match &sink.delivery.to {
        Some(path) => {
            let mut tally = Tally::default();
            let written = schofield::board::store::write_atomically_with(
                path,
                &schofield::board::store::temporary_prefix(),
                |out| {
                    tally = write(&mut Paced::new(out, None))?;
                    if tally.total == 0 {
                        // Nothing is written over the target.
                        return Err(Error::new(ErrorKind::InvalidInput, "nothing was read"));
                    }
                    Ok(())
                },
            );
            match written {
                Err(_) if tally.total == 0 => Ok(tally),
                Err(e) => Err(DeliveryFailed {
                    message: format!("cannot write {}: {e}", path.display()),
                    status: 1,
                }
                .into()),
                Ok(()) => Ok(tally),
            }
        }
        None => {
            use std::io::IsTerminal;
            if !stdout_is_open() {
                return Err(closed_stdout().into());
            }
            let limit = std::io::stdout().is_terminal().then_some(TERMINAL_LIMIT);
            let mut file = stdout_file();
            let mut out = Paced::new(
                std::io::BufWriter::with_capacity(1 << 16, &mut *file),
                limit,
            );
            let result = write(&mut out);
            let result = result.and_then(|t| std::io::Write::flush(&mut out).map(|()| t));
            match result {
                Ok(t) => Ok(t),
                // A reader that stopped early: the run ends here.
                Err(e) if e.kind() == ErrorKind::BrokenPipe => Err(Written.into()),
                Err(e) if e.kind() == ErrorKind::FileTooLarge => Err(e.to_string().into()),
                Err(e) => Err(stdout_failed(&e).into()),
            }
        }
    }
}

/// A writer that flushes what it was given at least every
/// [`FLUSH_EVERY`] (so each answer of a batch shows soon after its line
/// was read, without a write for every record), and refuses to go past
/// `limit` bytes (a terminal's).
struct Paced<W: std::io::Write> {
    inner: W,
    limit: Option<usize>,
    written: usize,
    flushed: Option<std::time::Instant>,
}

impl<W: std::io::Write> Paced<W> {
    fn new(inner: W, limit: Option<usize>) -> Paced<W> {
        Paced {
            inner,
            limit,
            written: 0,
            flushed: None,
        }
    }
}

impl<W: std::io::Write> std::io::Write for Paced<W> {
    fn write(&mut self, buf: &[u8]) -> std::io::Result<usize> {
        self.written += buf.len();
        if self.limit.is_some_and(|l| self.written > l) {
            return Err(std::io::Error::new(
                std::io::ErrorKind::FileTooLarge,
                format!(
                    "the output is over {:.1} MB, too much for a terminal; write it to a file with --output FILE, or pipe it",
                    TERMINAL_LIMIT as f64 / f64::from(1 << 20)
                ),
            ));
        }
        self.inner.write_all(buf)?;
        if self.flushed.is_none_or(|t| t.elapsed() >= FLUSH_EVERY) {
            self.inner.flush()?;
            self.flushed = Some(std::time::Instant::now());
        }
        Ok(buf.len())
    }

    fn flush(&mut self) -> std::io::Result<()> {
        self.inner.flush()
    }
}

/// The loop of [`batch`]: each line read, answered and its record written
/// to `out` as one write.
fn stream(
    input: impl std::io::BufRead,
    format: Format,
    sink: &Sink,
    one: &impl Fn(&str, Format) -> Outcome,
    out: &mut dyn std::io::Write,
) -> std::io::Result<Tally> {
    let mut tally = Tally::default();
    let mut first = true;
    for item in schofield::board::batch::Lines::new(input) {
        tally.total += 1;
        let mut by_a_limit = false;
        let result = item
            .map_err(|e| -> Box<dyn std::error::Error> { e.into() })
            .and_then(|(line, text)| {
                one(&text, format).map_err(|e| {
                    by_a_limit = super::stopped_by_a_limit(e.as_ref());
                    format!("line {line}: {e}{}", super::hint(e.as_ref())).into()
                })
            });
        let record = match result {
            Ok(record) => record,
            Err(e) => {
                tally.failed += 1;
                tally.stopped += usize::from(by_a_limit);
                report(e);
                continue;
            }
        };
        let record = match format {
            // One header for the whole batch.
            Format::Csv if !first => record.split_once('\n').map_or("", |(_, rest)| rest),
            _ => &record,
        };
        let before = match format {
            Format::Yaml => "---\n",
            Format::Text if !first => "\n",
            _ => "",
        };
        first = false;
        out.write_all(sink.converted(&format!("{before}{record}")).as_bytes())?;
    }
    Ok(tally)
}

/// The most bytes written to a terminal: more is almost never meant to be
/// read there.
pub const TERMINAL_LIMIT: usize = 4 << 20;

/// Refuses to pour more than [`TERMINAL_LIMIT`] bytes onto a terminal;
/// a pipe or a file takes any amount.
pub fn fits_terminal(text: &str) -> Result<(), String> {
    use std::io::IsTerminal;
    if text.len() > TERMINAL_LIMIT && std::io::stdout().is_terminal() {
        return Err(format!(
            "the output is {:.1} MB, too much for a terminal; write it to a file with --output FILE, or pipe it",
            text.len() as f64 / f64::from(1 << 20)
        ));
    }
    Ok(())
}

/// A whole number for a flag, in `range`, or what is expected in words
/// (`what` names the unit: " of seconds"): never the parser's own words
/// ("invalid digit found in string").
pub fn whole<T>(s: &str, what: &str, range: std::ops::RangeInclusive<T>) -> Result<T, String>
where
    T: std::str::FromStr
        + num_traits::Bounded
        + num_traits::ToPrimitive
        + std::fmt::Display
        + PartialOrd,
{
    match s.trim().parse::<T>() {
        Ok(v) if range.contains(&v) => Ok(v),
        _ => {
            let (lo, hi) = (range.start(), range.end());
            // A bound as large as the type's is no bound a reader needs.
            let open = *hi == T::max_value() && hi.to_u64().is_none_or(|h| h == u64::MAX);
            let zero = T::min_value();
            let expected = if open && *lo == zero {
                format!("expected a whole number{what}")
            } else if open {
                format!("expected a whole number{what}, {lo} or more")
            } else {
                format!("expected a whole number{what} from {lo} to {hi}")
            };
            Err(format!("{expected}; got {}", schofield::text::quoted(s)))
        }
    }
}

/// `--max-moves`, `--within`, `--moves`: a whole number of moves, 0 to 255.
pub fn parse_moves(s: &str) -> Result<u8, String> {
    whole(s, " of moves", 0..=u8::MAX)
}

/// `--max-memory`: a whole number of megabytes.
pub fn megabytes(s: &str) -> Result<u64, String> {
    whole(s, " of megabytes", 0..=u64::MAX)
}

/// `--max-nodes`: a whole number of nodes (astar: vertices expanded;
/// optimal: nodes generated).
pub fn nodes(s: &str) -> Result<u64, String> {
    whole(s, " of nodes", 0..=u64::MAX)
}

/// `--seed`: any whole number from 0.
pub fn seed(s: &str) -> Result<u64, String> {
    whole(s, "", 0..=u64::MAX)
}

/// `--connect-timeout`, `--peer-timeout`: seconds, 1 to a day.
pub fn seconds(s: &str) -> Result<u64, String> {
    whole(s, " of seconds", 1..=86_400)
}

/// `--workers`: a whole number of workers (the cluster checks how many
/// it takes).
pub fn workers(s: &str) -> Result<usize, String> {
    whole(s, " of workers", 0..=usize::MAX)
}

/// `--process`, `--home`: a number counted from 0 (the range is checked
/// where the hosts file or the board is known).
pub fn index(s: &str) -> Result<usize, String> {
    whole(s, " counted from 0", 0..=usize::MAX)
}

/// `--max-cells`: a whole number of cells.
pub fn cells(s: &str) -> Result<usize, String> {
    whole(s, " of cells", 0..=usize::MAX)
}

/// `--stop-after-layer`: a layer, a whole number of moves (layer 0 is
/// refused where the run is set up).
pub fn layer(s: &str) -> Result<u32, String> {
    whole(s, " of moves (a layer)", 0..=u32::MAX)
}

/// A progress bar on standard error (indicatif draws it only on a
/// terminal). `template` is an indicatif template; `{{`/`}}` in a
/// `format!` give its braces.
pub fn progress_bar(len: u64, template: &str, quiet: bool) -> indicatif::ProgressBar {
    let target = if quiet {
        indicatif::ProgressDrawTarget::hidden()
    } else {
        indicatif::ProgressDrawTarget::stderr()
    };
    let bar = indicatif::ProgressBar::with_draw_target(Some(len), target);
    if let Ok(style) = indicatif::ProgressStyle::with_template(template) {
        bar.set_style(style);
    }
    bar
}

/// Checks, before any long work, that a file can be written at `path`: its
/// folder exists and files can be created in it, and `path` is not a
/// folder (a device or a pipe is written to as it is). The error is the reason, for the caller to put after the path.
pub fn check_writable(path: &Path) -> Result<(), String> {
    match std::fs::metadata(path) {
        Ok(m) if m.is_dir() => return Err("it is a folder".into()),
        // A device, a pipe or a socket is written to, not replaced; a pipe
        // is opened now, refused at once when no reader has it.
        Ok(m) if !m.is_file() => return hold_pipe(path),
        // A name too long, a loop of symbolic links, a folder on the way
        // that is a file: what the write at the end would meet.
        Err(e) if e.kind() != std::io::ErrorKind::NotFound => return Err(e.to_string()),
        _ => {}
    }
    let folder = match path.parent() {
        Some(p) if !p.as_os_str().is_empty() => p,
        _ => Path::new("."),
    };
    match std::fs::metadata(folder) {
        Err(e) => return Err(format!("no folder {}: {e}", folder.display())),
        Ok(m) if !m.is_dir() => return Err(format!("{} is not a folder", folder.display())),
        Ok(_) => {}
    }
    // Permissions alone do not tell (root, read-only file systems): try,
    // under a temporary name the next write removes if this run is killed
    // before it removes it.
    schofield::board::store::remove_leftovers(folder);
    let probe = folder.join(format!(
        "{}probe",
        schofield::board::store::temporary_prefix()
    ));
    std::fs::OpenOptions::new()
        .write(true)
        .create_new(true)
        .open(&probe)
        .map_err(|e| format!("cannot create files in {}: {e}", folder.display()))?;
    let _ = std::fs::remove_file(&probe);
    Ok(())
}

/// Writes `text` to `path` atomically.
pub fn write_file(path: &Path, text: &str) -> Result<(), String> {
    schofield::board::store::write_atomically(path, text.as_bytes())
        .map_err(|e| format!("cannot write {}: {e}", path.display()))
}

/// Checks that `path` is a regular file (not a FIFO, a device or a folder,
/// which could block or never end) before it is opened.
pub fn check_regular_file(path: &Path) -> Result<(), String> {
    let m = std::fs::metadata(path).map_err(|e| format!("cannot read {}: {e}", path.display()))?;
    if m.is_file() {
        Ok(())
    } else {
        Err(format!(
            "cannot read {}: not a regular file (a folder, a pipe or a device)",
            path.display()
        ))
    }
}

/// The bytes a search may use: `--max-memory` in megabytes, but no more
/// than nine tenths of the memory this machine has available now (Linux's
/// `MemAvailable`), so that a generous bound stops the search cleanly
/// instead of exhausting the machine. The bound is on the tables a command
/// counts before it takes them; the program itself (its code, libraries
/// and small buffers, about 5 to 20 MB) comes on top.
pub fn memory_bound(max_memory_mb: u64) -> u64 {
    let asked = max_memory_mb.saturating_mul(1 << 20);
    let kilobytes = |file: &str, key: &str| {
        std::fs::read_to_string(file).ok().and_then(|m| {
            m.lines()
                .find_map(|l| l.strip_prefix(key))
                .and_then(|v| v.trim().trim_end_matches("kB").trim().parse::<u64>().ok())
                .map(|kb| kb.saturating_mul(1024))
        })
    };
    let available = kilobytes("/proc/meminfo", "MemAvailable:").map(|b| b / 10 * 9);
    // A limit on the address space (`ulimit -v`) is memory not to be had
    // either: past it an allocation fails, and the process would abort.
    let limited = address_space_limit().map(|limit| {
        let used = kilobytes("/proc/self/status", "VmSize:").unwrap_or(0);
        limit.saturating_sub(used) / 10 * 9
    });
    [Some(asked), available, limited]
        .into_iter()
        .flatten()
        .min()
        .unwrap_or(asked)
}

/// Pipes given as outputs, opened before the work and held open until the
/// program ends ([`hold_pipe`]).
static PIPES: std::sync::Mutex<Vec<std::fs::File>> = std::sync::Mutex::new(Vec::new());

/// Opens `path` now if it is a pipe (FIFO) and holds it open: a pipe no
/// reader has is refused before any work (it was refused after it), and
/// the reader sees no end of file before the output is written at the end.
fn hold_pipe(path: &Path) -> Result<(), String> {
    let pipe = schofield::board::store::open_pipe(path).map_err(|e| e.to_string())?;
    if let (Some(pipe), Ok(mut held)) = (pipe, PIPES.lock()) {
        held.push(pipe);
    }
    Ok(())
}

/// Notes kept until the command succeeds: a note that comes before an
/// error would make the error two lines.
static NOTES: std::sync::Mutex<Vec<String>> = std::sync::Mutex::new(Vec::new());

/// Says `text` (once, if said twice) on standard error as `note: …` once
/// the command has succeeded ([`say_notes`]), and never if it fails.
pub fn note_on_success(text: String) {
    let mut notes = NOTES.lock().unwrap_or_else(|e| e.into_inner());
    (!notes.contains(&text)).then(|| notes.push(text));
}

/// Writes the notes kept ([`note_on_success`]), or only forgets them when
/// the command failed.
pub fn say_notes(succeeded: bool) {
    if let Ok(mut notes) = NOTES.lock() {
        for n in notes.drain(..) {
            if succeeded {
                eprintln!("note: {n}");
            }
        }
    }
}

/// `--max-memory` for a command whose tables are counted before they are
/// taken (`boards`, `lookup`, `explore`, `random`), as the puzzles'
/// searches count theirs.
#[derive(Args, Clone, Copy, Debug, Default)]
pub struct MemoryArg {
    /// The most memory the command's tables may use, in megabytes (a run
    /// that needs more is refused before it starts, or stopped when its
    /// frontiers grow past it). Default: nine tenths of the memory
    /// available.
    #[arg(long, value_name = "MB", value_parser = megabytes, allow_negative_numbers = true)]
    pub max_memory: Option<u64>,
}

impl MemoryArg {
    /// The bytes allowed ([`memory_allowed`]).
    pub fn bytes(&self) -> u64 {
        memory_allowed(self.max_memory)
    }

    /// Refuses `needed` bytes of tables for `what` past the bytes allowed,
    /// naming both and where the bound comes from.
    pub fn check(&self, needed: u64, what: &str) -> Result<(), String> {
        let allowed = self.bytes();
        if needed <= allowed {
            return Ok(());
        }
        let source = match self.max_memory {
            Some(mb) if mb.saturating_mul(1 << 20) <= allowed => "allowed (--max-memory)",
            _ => "this machine has available",
        };
        Err(format!(
            "{what} needs {} bytes of tables, more than the {} {source}",
            schofield::text::grouped(needed as usize),
            schofield::text::grouped(allowed as usize)
        ))
    }
}

/// The bytes a command may use, given `--max-memory` or not: without it,
/// the memory to be had ([`memory_bound`]), so that a run past it is
/// refused before it allocates rather than aborted when an allocation
/// fails.
pub fn memory_allowed(max_memory_mb: Option<u64>) -> u64 {
    memory_bound(max_memory_mb.unwrap_or(u64::MAX))
}

/// The soft limit on this process's address space (`ulimit -v`), if any.
#[cfg(unix)]
fn address_space_limit() -> Option<u64> {
    let mut limit = libc::rlimit {
        rlim_cur: 0,
        rlim_max: 0,
    };
    // SAFETY: getrlimit writes the struct it is given, nothing else.
    let found = unsafe { libc::getrlimit(libc::RLIMIT_AS, &mut limit) } == 0;
    (found && limit.rlim_cur != libc::RLIM_INFINITY).then_some(limit.rlim_cur)
}

#[cfg(not(unix))]
fn address_space_limit() -> Option<u64> {
    None
}

/// A flag whose value is free text, with the values a shell may offer to
/// complete it (the library's puzzle names, the named goals, the
/// partitions): they appear in the completions and the help, and anything
/// else (a file, a grid) is still read.
#[derive(Clone)]
pub struct Suggested(pub fn() -> Vec<&'static str>);

impl clap::builder::TypedValueParser for Suggested {
    type Value = String;

    fn parse_ref(
        &self,
        cmd: &clap::Command,
        arg: Option<&clap::Arg>,
        value: &std::ffi::OsStr,
    ) -> Result<String, clap::Error> {
        clap::builder::StringValueParser::new().parse_ref(cmd, arg, value)
    }

    fn possible_values(
        &self,
    ) -> Option<Box<dyn Iterator<Item = clap::builder::PossibleValue> + '_>> {
        Some(Box::new(
            (self.0)()
                .into_iter()
                .map(clap::builder::PossibleValue::new),
        ))
    }
}

/// The named goals `--goal` offers besides a grid.
pub fn goal_names() -> Vec<&'static str> {
    vec!["blank-last", "blank-first"]
}

/// The partitions `--partition` offers.
pub fn partition_names() -> Vec<&'static str> {
    schofield::search::pdb::PartitionName::ALL
        .iter()
        .map(|p| p.name())
        .chain(["manhattan", "linear-conflict"])
        .collect()
}
