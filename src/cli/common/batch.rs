//! Batches: a position a line from standard input, each answered and
//! written as it is made, and the failures of some lines.

use super::{
    DeliveryFailed, Outcome, Sink, TERMINAL_LIMIT, Written, closed_stdout, report, stdout_failed,
    stdout_file, stdout_is_open,
};
use schofield::render::Format;

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
    pub error: schofield::search::SolveError,
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
) -> Option<&'a schofield::search::SolveError> {
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
pub struct BatchTally {
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
    write: impl FnOnce(&mut dyn std::io::Write) -> std::io::Result<BatchTally>,
) -> Result<BatchTally, Box<dyn std::error::Error>> {
    use std::io::{Error, ErrorKind};
    match &sink.delivery.to {
        Some(path) => {
            let mut tally = BatchTally::default();
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
) -> std::io::Result<BatchTally> {
    let mut tally = BatchTally::default();
    let mut first = true;
    for item in schofield::board::batch::Lines::new(input) {
        tally.total += 1;
        let mut by_a_limit = false;
        let result = item
            .map_err(|e| -> Box<dyn std::error::Error> { e.into() })
            .and_then(|(line, text)| {
                one(&text, format).map_err(|e| {
                    by_a_limit = crate::cli::stopped_by_a_limit(e.as_ref());
                    format!("line {line}: {e}{}", crate::cli::hint(e.as_ref())).into()
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
