//! The checkpoints' seal: the user's [`CheckpointKey`], and the writer
//! that digests what passes through it under that key (a keyed BLAKE3
//! digest, the last bytes of every checkpoint, [`super::checkpoint`]).

use super::StoreError;
use std::fs;
use std::io::{self, Read, Write};
use std::path::{Path, PathBuf};

/// The secret that seals a user's census checkpoints: 32 random bytes in
/// a file of their own (readable by the user alone), made on first use.
/// A checkpoint whose seal was not made with this key is refused, so that
/// a file edited by hand, or by a program that recomputed a public
/// checksum, cannot make a resumed census give a wrong answer.
///
/// ```
/// use schofield::board::store::CheckpointKey;
/// let dir = tempfile::tempdir().unwrap();
/// let file = dir.path().join("checkpoint.key");
/// let made = CheckpointKey::at(&file).unwrap();
/// // Read back, the same key: checkpoints sealed with it can be resumed.
/// assert_eq!(CheckpointKey::at(&file).unwrap(), made);
/// assert_eq!(std::fs::metadata(&file).unwrap().len(), 32);
/// ```
#[derive(Clone, PartialEq, Eq)]
pub struct CheckpointKey {
    bytes: [u8; KEY_BYTES],
    file: PathBuf,
}

/// The bytes of a key file.
const KEY_BYTES: usize = 32;
/// The bytes of a checkpoint's seal.
pub(super) const SEAL_BYTES: u64 = 32;

impl std::fmt::Debug for CheckpointKey {
    /// The key's file, never its bytes.
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        write!(f, "CheckpointKey({})", self.file.display())
    }
}

impl CheckpointKey {
    /// Where the user's key lives: `checkpoint.key` in schofield's folder
    /// of the user's local data (`$XDG_DATA_HOME/schofield` or
    /// `~/.local/share/schofield` on Linux), else in the current folder.
    pub fn default_file() -> PathBuf {
        match dirs::data_local_dir() {
            Some(base) => base.join("schofield").join("checkpoint.key"),
            None => PathBuf::from("checkpoint.key"),
        }
    }

    /// The user's key ([`CheckpointKey::default_file`]), made if missing.
    pub fn for_user() -> Result<CheckpointKey, StoreError> {
        CheckpointKey::at(&CheckpointKey::default_file())
    }

    /// The key in `file`, made there (from the system's random source,
    /// readable by the user alone) if the file does not exist. Two runs
    /// that make it at once agree on one key: each writes a temporary
    /// file and links it into place only if no key is there yet.
    pub fn at(file: &Path) -> Result<CheckpointKey, StoreError> {
        let name = file.display().to_string();
        let io = |doing: &'static str| StoreError::io(&name, doing);
        if fs::symlink_metadata(file).is_err() {
            let dir = file.parent().filter(|d| !d.as_os_str().is_empty());
            let dir = dir.unwrap_or(Path::new("."));
            fs::create_dir_all(dir).map_err(io("write"))?;
            let bytes = random_key().map_err(io("write"))?;
            // tempfile's files are readable by their owner alone.
            let mut temp = tempfile::Builder::new()
                .prefix(".checkpoint.key.")
                .tempfile_in(dir)
                .map_err(io("write"))?;
            temp.write_all(&bytes).map_err(io("write"))?;
            temp.as_file().sync_all().map_err(io("write"))?;
            match temp.persist_noclobber(file) {
                Ok(_) => {}
                Err(e) if e.error.kind() == io::ErrorKind::AlreadyExists => {}
                Err(e) => return Err(io("write")(e.error)),
            }
        }
        let meta = fs::metadata(file).map_err(io("read"))?;
        if !meta.is_file() {
            return Err(StoreError::NotAFile {
                path: name,
                found: super::describe(&meta),
            });
        }
        if meta.len() != KEY_BYTES as u64 {
            return Err(StoreError::contents(
                &name,
                format!("it has {} bytes", meta.len()),
                format!(
                    "a checkpoint key of {KEY_BYTES} bytes (remove it to make a new one; checkpoints sealed with the old key then start again)"
                ),
            ));
        }
        let mut bytes = [0u8; KEY_BYTES];
        fs::File::open(file)
            .and_then(|mut f| f.read_exact(&mut bytes))
            .map_err(io("read"))?;
        Ok(CheckpointKey {
            bytes,
            file: file.to_path_buf(),
        })
    }

    /// The file the key was read from.
    pub fn file(&self) -> &Path {
        &self.file
    }
}

/// A new key from the operating system's random source.
#[cfg(not(target_family = "wasm"))]
fn random_key() -> io::Result<[u8; KEY_BYTES]> {
    let mut bytes = [0u8; KEY_BYTES];
    getrandom::fill(&mut bytes).map_err(|e| io::Error::other(e.to_string()))?;
    Ok(bytes)
}

/// No key is made in WebAssembly (the explorer's engine keeps no
/// checkpoints, and has no operating system to ask).
#[cfg(target_family = "wasm")]
fn random_key() -> io::Result<[u8; KEY_BYTES]> {
    Err(io::Error::new(
        io::ErrorKind::Unsupported,
        "no random source in WebAssembly",
    ))
}

impl CheckpointKey {
    /// A digest keyed by this key: what a file's seal is checked with.
    pub(super) fn hasher(&self) -> blake3::Hasher {
        blake3::Hasher::new_keyed(&self.bytes)
    }

    /// A key of `bytes` said to be read from `file`, for tests.
    #[cfg(test)]
    pub(super) fn of(bytes: [u8; KEY_BYTES], file: PathBuf) -> CheckpointKey {
        CheckpointKey { bytes, file }
    }
}

/// A writer that seals what passes through it: the keyed digest of it
/// all.
pub(super) struct Sealing<W: Write> {
    pub(super) inner: W,
    pub(super) hash: blake3::Hasher,
}

impl<W: Write> Sealing<W> {
    pub(super) fn new(inner: W, key: &CheckpointKey) -> Self {
        Sealing {
            inner,
            hash: blake3::Hasher::new_keyed(&key.bytes),
        }
    }
}

impl<W: Write> Write for Sealing<W> {
    fn write(&mut self, buf: &[u8]) -> io::Result<usize> {
        let n = self.inner.write(buf)?;
        self.hash.update(&buf[..n]);
        Ok(n)
    }

    fn flush(&mut self) -> io::Result<()> {
        self.inner.flush()
    }
}
