//! Where a command's output goes: the sink (standard output or the
//! `--output` file, in which alphabet), its failures, notes kept until
//! success, and progress bars.

use super::{check_writable, write_file};
use std::path::{Path, PathBuf};

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
