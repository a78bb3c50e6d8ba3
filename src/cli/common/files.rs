//! Files given on the command line: checked writable before any work,
//! written atomically, pipes held open.

use std::path::Path;

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
