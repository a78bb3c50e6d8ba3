//! Pieces every command shares: the `--format` flag, the result type,
//! progress bars, output files and the cache folder.

use clap::{Args, ValueEnum};
use schofield::render::Format;
use std::path::{Path, PathBuf};

/// What a command returns: the text for standard output, or the error to
/// report on one line.
pub type Outcome = Result<String, Box<dyn std::error::Error>>;

/// `--format`, shared by every command.
#[derive(Args)]
pub struct FormatArg {
    /// Output format.
    #[arg(long, value_enum, default_value_t = OutputFormat::Text)]
    pub format: OutputFormat,
}

impl FormatArg {
    /// The library's format.
    pub fn get(&self) -> Format {
        self.format.into()
    }
}

/// The values of `--format` (the library's [`Format`]).
#[derive(Debug, Clone, Copy, PartialEq, Eq, ValueEnum)]
pub enum OutputFormat {
    /// Aligned text for people.
    Text,
    /// JSON (pretty-printed).
    Json,
    /// YAML.
    Yaml,
    /// CSV with a header line.
    Csv,
}

impl From<OutputFormat> for Format {
    fn from(f: OutputFormat) -> Format {
        match f {
            OutputFormat::Text => Format::Text,
            OutputFormat::Json => Format::Json,
            OutputFormat::Yaml => Format::Yaml,
            OutputFormat::Csv => Format::Csv,
        }
    }
}

/// `--max-moves`, `--within`: a whole number of moves, 0 or more.
pub fn parse_moves(s: &str) -> Result<u8, String> {
    s.trim().parse::<u8>().map_err(|_| {
        format!(
            "expected a whole number of moves from 0 to 255 (positions need at most 30); got {}",
            schofield::render::quoted(s)
        )
    })
}

/// A progress bar on standard error (indicatif draws it only on a
/// terminal). `template` is an indicatif template; `{{`/`}}` in a
/// `format!` give its braces.
pub fn progress_bar(len: u64, template: &str) -> indicatif::ProgressBar {
    let bar = indicatif::ProgressBar::with_draw_target(
        Some(len),
        indicatif::ProgressDrawTarget::stderr(),
    );
    if let Ok(style) = indicatif::ProgressStyle::with_template(template) {
        bar.set_style(style);
    }
    bar
}

/// Checks, before any long work, that a file can be written at `path`: its
/// folder exists and files can be created in it, and `path` is not a
/// folder. The error is the reason, for the caller to put after the path.
pub fn check_writable(path: &Path) -> Result<(), String> {
    if path.is_dir() {
        return Err("it is a folder".into());
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
    // Permissions alone do not tell (root, read-only file systems): try.
    let probe = folder.join(format!(".schofield-probe-{}", std::process::id()));
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
    schofield::store::write_atomically(path, text.as_bytes())
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

/// The file `name` in the user's cache folder (`$XDG_CACHE_HOME/schofield`
/// or `~/.cache/schofield` on Linux), else in the current folder.
pub fn cache_file(name: &str) -> PathBuf {
    match dirs::cache_dir() {
        Some(base) => base.join("schofield").join(name),
        None => PathBuf::from(name),
    }
}

/// The bytes a search may use: `--max-memory` in megabytes, but no more
/// than nine tenths of the memory this machine has available now (Linux's
/// `MemAvailable`), so that a generous bound stops the search cleanly
/// instead of exhausting the machine.
pub fn memory_bound(max_memory_mb: u64) -> u64 {
    let asked = max_memory_mb.saturating_mul(1 << 20);
    let available = std::fs::read_to_string("/proc/meminfo").ok().and_then(|m| {
        m.lines()
            .find_map(|l| l.strip_prefix("MemAvailable:"))
            .and_then(|v| v.trim().trim_end_matches("kB").trim().parse::<u64>().ok())
            .map(|kb| kb.saturating_mul(1024) / 10 * 9)
    });
    match available {
        Some(free) => asked.min(free),
        None => asked,
    }
}
