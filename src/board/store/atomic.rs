//! Writing a file so that no reader ever sees half of it: a temporary file
//! beside the target, synced and renamed into place (the container, the
//! checkpoints and every `--output` are written this way).

use std::fs;
use std::io::{self, Write};
use std::path::{Path, PathBuf};

/// The file a write to `path` should replace: `path` itself, or, if it is
/// a symbolic link, the file it finally points to (a link that points to
/// nothing yet names the file to create).
fn resolve_links(path: &Path) -> io::Result<PathBuf> {
    let mut p = path.to_path_buf();
    for _ in 0..40 {
        match fs::symlink_metadata(&p) {
            Ok(m) if m.file_type().is_symlink() => {
                let target = fs::read_link(&p)?;
                p = match p.parent() {
                    Some(dir) if target.is_relative() => dir.join(target),
                    _ => target,
                };
            }
            _ => return Ok(p),
        }
    }
    Err(io::Error::other("too many levels of symbolic links"))
}

/// The start of the name of every temporary file or folder this process
/// makes beside a target: `.schofield-tmp-PID-`. A run killed before it
/// renamed its temporary file into place leaves it behind under this name,
/// and the next write into that folder removes it
/// ([`remove_leftovers`]).
pub fn temporary_prefix() -> String {
    format!("{LEFTOVER}{}-", std::process::id())
}

/// What every temporary name begins with, before the process id.
const LEFTOVER: &str = ".schofield-tmp-";

/// Removes from `dir` the temporary files and folders ([`temporary_prefix`])
/// of processes that no longer run: what a run killed mid-write left. A
/// name whose process still runs (another schofield writing beside this
/// one) is left alone; where the system cannot tell (no `/proc`), nothing
/// is removed.
pub fn remove_leftovers(dir: &Path) {
    let proc = Path::new("/proc");
    if !proc.join("self").exists() {
        return;
    }
    let Ok(entries) = fs::read_dir(dir) else {
        return;
    };
    for e in entries.flatten() {
        let name = e.file_name();
        let Some(rest) = name.to_str().and_then(|n| n.strip_prefix(LEFTOVER)) else {
            continue;
        };
        let Some((pid, _)) = rest.split_once('-') else {
            continue;
        };
        if pid.is_empty() || !pid.bytes().all(|b| b.is_ascii_digit()) {
            continue;
        }
        if proc.join(pid).exists() {
            continue;
        }
        let path = e.path();
        let _ = match e.file_type() {
            Ok(t) if t.is_dir() => fs::remove_dir_all(&path),
            _ => fs::remove_file(&path),
        };
    }
}

/// Writes `bytes` to `path` by writing a temporary file beside it
/// ([`tempfile::NamedTempFile`], with a short name, so that targets with
/// names of up to 255 bytes work) and renaming it into place, so that
/// readers see either the old file or the whole new one. If `path` is a
/// symbolic link, the file it points to is replaced and the link kept. A
/// new file gets the usual permissions (0666 less the umask), a replaced
/// one keeps its own. A target that is a device, a pipe or a socket
/// (`/dev/null`, `/dev/stdout`, a FIFO) is not replaced but written to
/// directly, as a shell's `>` would. On failure the temporary file is
/// removed and the target is left as it was.
pub fn write_atomically(path: &Path, bytes: &[u8]) -> io::Result<()> {
    write_atomically_with(path, &temporary_prefix(), |out| out.write_all(bytes))
}

/// Opens `path` if it is a pipe (FIFO), as [`write_atomically`] would open
/// it: `Ok(None)` for anything else. A caller that holds the pipe open
/// until its write ends refuses a pipe no reader has before any work, and
/// its reader sees no end of file before the output.
pub fn open_pipe(path: &Path) -> io::Result<Option<fs::File>> {
    let Ok(m) = fs::metadata(path) else {
        return Ok(None);
    };
    #[cfg(unix)]
    {
        use std::os::unix::fs::FileTypeExt;
        if m.file_type().is_fifo() {
            return open_stream(path, &m).map(Some);
        }
    }
    #[cfg(not(unix))]
    let _ = m;
    Ok(None)
}

/// How long a pipe with no reader is waited for before it is refused.
#[cfg(unix)]
const PIPE_GRACE: std::time::Duration = std::time::Duration::from_secs(2);

/// Opens a device, a pipe or a socket to write into. A pipe (FIFO) is a
/// reader waiting: opened without waiting, it is refused within two
/// seconds when no reader has it open (where a plain open would wait for
/// one for ever),
/// and written with blocking writes when one has.
#[cfg(unix)]
fn open_stream(path: &Path, m: &fs::Metadata) -> io::Result<fs::File> {
    use std::os::unix::fs::{FileTypeExt, OpenOptionsExt};
    if !m.file_type().is_fifo() {
        return fs::OpenOptions::new().write(true).open(path);
    }
    use rustix::fs::{OFlags, fcntl_getfl, fcntl_setfl};
    let open = || {
        fs::OpenOptions::new()
            .write(true)
            .custom_flags(OFlags::NONBLOCK.bits() as i32)
            .open(path)
    };
    let no_reader =
        |e: &io::Error| e.raw_os_error() == Some(rustix::io::Errno::NXIO.raw_os_error());
    // A reader started just before (`cat fifo & schofield …`) may not have
    // opened its end yet: it has a moment, never for ever.
    let deadline = std::time::Instant::now() + PIPE_GRACE;
    let file = loop {
        match open() {
            Err(e) if no_reader(&e) && std::time::Instant::now() < deadline => {
                std::thread::sleep(std::time::Duration::from_millis(20));
            }
            Err(e) if no_reader(&e) => {
                return Err(io::Error::new(
                    io::ErrorKind::NotConnected,
                    "it is a pipe (FIFO) that no reader has open; start the reader first",
                ));
            }
            other => break other?,
        }
    };
    let flags = fcntl_getfl(&file)?;
    fcntl_setfl(&file, flags - OFlags::NONBLOCK)?;
    Ok(file)
}

/// Elsewhere a stream is opened as it is.
#[cfg(not(unix))]
fn open_stream(path: &Path, _: &fs::Metadata) -> io::Result<fs::File> {
    fs::OpenOptions::new().write(true).open(path)
}

/// [`write_atomically`] for contents too large to hold at once: `write`
/// streams them into a buffered writer. The temporary file's name starts
/// with `prefix` (say, so that a writer can find its own leftovers after
/// a crash; [`temporary_prefix`] is the one the next write removes). After
/// the rename the folder is synced too, where the system allows it, so
/// that the rename itself survives a power cut. Before it writes, it
/// removes what killed runs left in the folder ([`remove_leftovers`]).
pub fn write_atomically_with(
    path: &Path,
    prefix: &str,
    write: impl FnOnce(&mut dyn Write) -> io::Result<()>,
) -> io::Result<()> {
    let existing = fs::metadata(path).ok();
    if let Some(m) = &existing {
        if m.is_dir() {
            return Err(io::Error::new(
                io::ErrorKind::IsADirectory,
                "it is a folder",
            ));
        }
        if !m.is_file() {
            let mut stream = io::BufWriter::new(open_stream(path, m)?);
            write(&mut stream)?;
            return stream.flush();
        }
    }
    let target = resolve_links(path)?;
    let dir = match target.parent() {
        Some(d) if !d.as_os_str().is_empty() => d,
        _ => Path::new("."),
    };
    if target.file_name().is_none() {
        return Err(io::Error::new(
            io::ErrorKind::InvalidInput,
            "the path names no file",
        ));
    }
    remove_leftovers(dir);
    let mut builder = tempfile::Builder::new();
    builder.prefix(prefix);
    #[cfg(unix)]
    {
        use std::os::unix::fs::PermissionsExt;
        // 0666 less the umask, which the system applies at creation.
        builder.permissions(fs::Permissions::from_mode(0o666));
    }
    let tmp = builder.tempfile_in(dir).map_err(without_temporary_name)?;
    if let Some(m) = &existing {
        tmp.as_file().set_permissions(m.permissions())?;
    }
    {
        let mut out = io::BufWriter::with_capacity(1 << 16, tmp.as_file());
        write(&mut out)?;
        out.flush()?;
    }
    tmp.as_file().sync_all()?;
    // On failure the temporary file is dropped, which removes it.
    tmp.persist(&target)
        .map_err(|e| without_temporary_name(e.error))?;
    // Not every system lets a folder be opened and synced; the file's own
    // contents are already safe.
    let _ = fs::File::open(dir).and_then(|d| d.sync_all());
    Ok(())
}

/// `tempfile` adds ` at path "…/.tmpXXXXXX"` to its errors; the temporary
/// name means nothing to the reader, who is told the target's name.
fn without_temporary_name(e: io::Error) -> io::Error {
    if e.get_ref().is_none() {
        return e;
    }
    let text = e.to_string();
    match text.rfind(" at path ") {
        Some(at) => io::Error::new(e.kind(), text[..at].to_string()),
        None => e,
    }
}
