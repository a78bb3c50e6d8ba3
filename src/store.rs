//! Writing files safely: never a half-written file.
//!
//! ```
//! let dir = std::env::temp_dir().join(format!("schofield-doc-{}", std::process::id()));
//! std::fs::create_dir_all(&dir).unwrap();
//! let path = dir.join("t.txt");
//! schofield::store::write_atomically(&path, b"20 160\n").unwrap();
//! assert_eq!(std::fs::read(&path).unwrap(), b"20 160\n");
//! std::fs::remove_dir_all(&dir).unwrap();
//! ```

use std::fs;
use std::io::{self, Write};
use std::path::Path;

/// Writes `bytes` to `path` by writing a temporary file beside it and
/// renaming it into place, so that readers see either the old file or the
/// whole new one. On failure the temporary file is removed and `path` is
/// left as it was.
pub fn write_atomically(path: &Path, bytes: &[u8]) -> io::Result<()> {
    let dir = match path.parent() {
        Some(d) if !d.as_os_str().is_empty() => d,
        _ => Path::new("."),
    };
    let name = path
        .file_name()
        .ok_or_else(|| io::Error::new(io::ErrorKind::InvalidInput, "the path names no file"))?;
    let tmp = dir.join(format!(
        ".{}.{}.tmp",
        name.to_string_lossy(),
        std::process::id()
    ));
    let result = (|| {
        let mut f = fs::File::create(&tmp)?;
        f.write_all(bytes)?;
        f.sync_all()?;
        fs::rename(&tmp, path)
    })();
    if result.is_err() {
        let _ = fs::remove_file(&tmp);
    }
    result
}
