//! Files on disk: one container for lookup tables and pattern databases,
//! read back with every check done in order, and writing files safely
//! (never a half-written file).
//!
//! **The container** (all integers little-endian; see `docs/formats.md`):
//!
//! | bytes | field |
//! |---|---|
//! | 0–7 | magic `SCHOFBIN` |
//! | 8–9 | format version ([`VERSION`]) |
//! | 10 | kind: 1 a lookup table, 2 pattern databases, 3 a pruning table |
//! | 11, 12 | rows, columns |
//! | 13 | `s`, the number of tile sets (0 for a table) |
//! | 14–15 | zero |
//! | 16–31 | the goal, one byte per cell (0 the blank), zero-padded |
//! | 32–39 | `p`, the payload's length in bytes |
//! | 40–47 | xxh3-64 (seed 0) of every byte of the file but these 8 |
//! | 48– | the tile sets: for each, its size `k`, then its `k` tiles |
//! | then | the payload: `p` bytes |
//!
//! ```
//! use schofield::board::Board;
//! use schofield::board::store::{self, Contents, Kind};
//! let board: Board = "2x3".parse().unwrap();
//! let goal = board.goal_blank_last();
//! let payload = vec![0u8; 360];
//! let bytes = store::to_bytes(Kind::LookupTable, &board, &goal, &[], &payload);
//! let back: Contents = store::from_bytes(&bytes, "t.bin", Kind::LookupTable).unwrap();
//! assert_eq!((back.board, back.goal, back.payload), (board, goal, payload));
//! // One changed byte is refused.
//! let mut bad = bytes.clone();
//! bad[60] ^= 1;
//! let e = store::from_bytes(&bad, "t.bin", Kind::LookupTable).unwrap_err();
//! assert!(e.to_string().contains("checksum"), "{e}");
//! ```
//!
//! Writing any file atomically:
//!
//! ```
//! let dir = std::env::temp_dir().join(format!("schofield-doc-{}", std::process::id()));
//! std::fs::create_dir_all(&dir).unwrap();
//! let path = dir.join("t.txt");
//! schofield::board::store::write_atomically(&path, b"20 160\n").unwrap();
//! assert_eq!(std::fs::read(&path).unwrap(), b"20 160\n");
//! std::fs::remove_dir_all(&dir).unwrap();
//! ```

mod atomic;
pub(crate) mod checkpoint;
mod keyed;
mod parse;
mod seal;

pub use checkpoint::{CheckpointKey, Checkpoints};
pub use parse::from_bytes;
use parse::{check_fixed, parse};

pub use atomic::{
    open_pipe, remove_leftovers, temporary_prefix, write_atomically, write_atomically_with,
};
pub use keyed::{KEY_BYTES, MAX_PRUNING_PAYLOAD, keyed_bytes, read_keyed, write_keyed};

use crate::board::{Arrangement, Board};
use crate::text::{quoted, quoted_path};
use std::fmt;
use std::fs;
use std::io::{self, Read};
use std::path::Path;

/// The first eight bytes of every container.
pub const MAGIC: &[u8; 8] = b"SCHOFBIN";
/// The container's format version: 4 since the databases number the cells
/// along a curve ([`crate::search::regions::numbering`]); 3 kept one bit a
/// state of a placement and the blank's region with the cells in row
/// order, 2 four bits a placement. A lookup table of versions 1 to 3 is
/// still read, its payload did not change.
pub const VERSION: u16 = 4;
/// The fixed part of the header, in bytes; the tile sets follow it.
pub const FIXED_HEADER: usize = 48;
/// The longest header: the fixed part and 15 tiles in 15 sets.
pub const MAX_HEADER: usize = FIXED_HEADER + 30;
/// The largest lookup-table payload: `12!/2` bytes (a 3×4 or 2×6 board).
pub const MAX_TABLE_PAYLOAD: u64 = 239_500_800;
/// The largest pattern-database payload: 300 MB (the 7-8 partition of the
/// 4×4 holds 1 565 040 960 states in 195 630 120 bytes).
pub const MAX_DATABASES_PAYLOAD: u64 = 300_000_000;

/// What a container holds.
///
/// ```
/// use schofield::board::store::Kind;
/// assert_eq!(Kind::from_byte(1), Some(Kind::LookupTable));
/// assert_eq!(Kind::PatternDatabases.to_string(), "pattern databases");
/// ```
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Kind {
    /// A lookup table ([`crate::board::lookup::LookupTable`]).
    LookupTable,
    /// Pattern databases ([`crate::search::pdb::Partition`]).
    PatternDatabases,
    /// One pruning table of IDA* over a puzzle
    /// ([`crate::method::search::ida`]), keyed by what it projects
    /// ([`read_keyed`]).
    PruningTable,
}

impl Kind {
    /// The byte at offset 10.
    pub fn byte(self) -> u8 {
        match self {
            Kind::LookupTable => 1,
            Kind::PatternDatabases => 2,
            Kind::PruningTable => 3,
        }
    }

    /// The kind a byte names, if any.
    pub fn from_byte(b: u8) -> Option<Kind> {
        match b {
            1 => Some(Kind::LookupTable),
            2 => Some(Kind::PatternDatabases),
            3 => Some(Kind::PruningTable),
            _ => None,
        }
    }

    /// The largest payload a file of this kind may have.
    pub fn max_payload(self) -> u64 {
        match self {
            Kind::LookupTable => MAX_TABLE_PAYLOAD,
            Kind::PatternDatabases => MAX_DATABASES_PAYLOAD,
            Kind::PruningTable => MAX_PRUNING_PAYLOAD,
        }
    }

    /// The largest file of this kind.
    pub fn max_file(self) -> u64 {
        let header = match self {
            Kind::LookupTable | Kind::PruningTable => FIXED_HEADER,
            Kind::PatternDatabases => MAX_HEADER,
        };
        self.max_payload() + header as u64
    }
}

impl fmt::Display for Kind {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(match self {
            Kind::LookupTable => "a lookup table",
            Kind::PatternDatabases => "pattern databases",
            Kind::PruningTable => "a pruning table",
        })
    }
}

/// Why a file could not be written or read back. Each variant names the
/// file (as given) and carries what was found and what was expected.
///
/// ```
/// use schofield::board::store::{self, Kind, StoreError};
/// let e = store::from_bytes(b"SCHOF", "x.bin", Kind::LookupTable).unwrap_err();
/// assert!(matches!(e, StoreError::Length { .. }));
/// assert_eq!(e.to_string(), "\"x.bin\" is too short: 5 bytes, but a header needs at least 48");
/// let e = store::from_bytes(b"#!/bin/sh\n", "x.bin", Kind::LookupTable).unwrap_err();
/// assert_eq!(
///     e.to_string(),
///     "\"x.bin\" is not a schofield file: its first bytes are \"#!/bin/s\", expected \"SCHOFBIN\""
/// );
/// ```
#[derive(Debug, thiserror::Error)]
pub enum StoreError {
    /// Reading, writing or inspecting the file failed.
    #[error("cannot {doing} {}: {source}", quoted_path(.path))]
    Io {
        /// The file.
        path: String,
        /// What was being done: `read`, `write`, `inspect`.
        doing: &'static str,
        /// The system's error.
        source: io::Error,
    },
    /// Not a regular file (a directory, a FIFO, a device …).
    #[error("{} is {found}, not a regular file", quoted_path(.path))]
    NotAFile {
        /// The file.
        path: String,
        /// What it is instead.
        found: &'static str,
    },
    /// Larger than any file of the kind can be.
    #[error("{} is too large: {found} bytes, but a schofield file of its kind has at most {expected}", quoted_path(.path))]
    TooLarge {
        /// The file.
        path: String,
        /// Its size.
        found: u64,
        /// The largest allowed.
        expected: u64,
    },
    /// Shorter or longer than its header says.
    #[error("{} {}", quoted_path(.path), length_problem(*.found, *.expected))]
    Length {
        /// The file.
        path: String,
        /// Its size.
        found: u64,
        /// The size its header implies (or the least a header needs).
        expected: u64,
    },
    /// The first eight bytes are not [`MAGIC`].
    #[error("{} is not a schofield file: its first bytes are {}, expected {}", quoted_path(.path), quoted(&String::from_utf8_lossy(.found)), quoted(&String::from_utf8_lossy(MAGIC)))]
    Magic {
        /// The file.
        path: String,
        /// The bytes found.
        found: Vec<u8>,
    },
    /// Another format version.
    #[error("{} has format version {found}; this program reads version {expected}", quoted_path(.path))]
    Version {
        /// The file.
        path: String,
        /// The version found.
        found: u16,
        /// The version this program reads.
        expected: u16,
    },
    /// The file holds another kind of contents (or an unknown kind byte).
    #[error("{} {}", quoted_path(.path), kind_problem(*.found, *.expected))]
    Kind {
        /// The file.
        path: String,
        /// The kind byte found.
        found: u8,
        /// The kind asked for.
        expected: Kind,
    },
    /// The checksum does not match the contents.
    #[error("{} is damaged: its checksum does not match its contents (xxh3 {found:016x}, the header says {expected:016x})", quoted_path(.path))]
    Checksum {
        /// The file.
        path: String,
        /// The checksum of the contents.
        found: u64,
        /// The checksum stored in the header.
        expected: u64,
    },
    /// A census checkpoint's seal was not made with this user's key: the
    /// file was written with another key, or changed after it was sealed.
    #[error("{} is not sealed with this user's checkpoint key {}: it was written by another user or machine, or changed since it was written", quoted_path(.path), quoted_path(.key))]
    Seal {
        /// The file.
        path: String,
        /// The key's file.
        key: String,
    },
    /// The checksum matches but the contents are wrong (a crafted file,
    /// or one written by a faulty program).
    #[error("{} has wrong contents: {found}; expected {expected}", quoted_path(.path))]
    Contents {
        /// The file.
        path: String,
        /// What is wrong.
        found: String,
        /// What was expected.
        expected: String,
    },
}

/// The folder where schofield keeps what it builds between runs (the
/// 15-puzzle's pattern databases, IDA*'s pruning tables): `schofield` in
/// the user's cache folder (`$XDG_CACHE_HOME` or `~/.cache` on Linux),
/// else the current folder.
///
/// ```
/// let f = schofield::board::store::cache_folder();
/// assert!(f.ends_with("schofield") || f == std::path::Path::new("."));
/// ```
pub fn cache_folder() -> std::path::PathBuf {
    match dirs::cache_dir() {
        Some(base) => base.join("schofield"),
        None => ".".into(),
    }
}

/// True when `path` holds nothing, or a file some schofield wrote (its
/// first bytes start like [`MAGIC`], as the older formats' did too): a
/// file that may be replaced by a new build. Any other file belongs to
/// someone else and is never overwritten by a rebuild; a FIFO, a device or
/// a folder is never replaced (nor opened, which could wait for ever).
pub fn may_replace(path: &Path) -> bool {
    // Not opened unless it is a regular file: opening a FIFO to read
    // would wait for a writer for ever.
    match fs::metadata(path) {
        Ok(m) if !m.is_file() => return false,
        Err(_) => return !path.exists(),
        Ok(_) => {}
    }
    let Ok(mut file) = fs::File::open(path) else {
        return false;
    };
    let mut head = [0u8; 5];
    match file.read(&mut head) {
        Ok(0) => true,
        Ok(n) => head[..n] == MAGIC[..n],
        Err(_) => false,
    }
}

impl StoreError {
    /// True when the file was written by an older schofield: another
    /// format version, or the magic of the formats before this container
    /// (`SCHOFPDB`, `SCHOFLUT`). Such a file in our own cache is rebuilt,
    /// not reported.
    pub fn is_outdated(&self) -> bool {
        match self {
            StoreError::Version { .. } => true,
            StoreError::Magic { found, .. } => found.starts_with(b"SCHOF"),
            _ => false,
        }
    }

    /// The file the error is about.
    pub fn path(&self) -> &str {
        use StoreError::*;
        match self {
            Io { path, .. }
            | NotAFile { path, .. }
            | TooLarge { path, .. }
            | Length { path, .. }
            | Magic { path, .. }
            | Version { path, .. }
            | Kind { path, .. }
            | Checksum { path, .. }
            | Seal { path, .. }
            | Contents { path, .. } => path,
        }
    }

    /// How an error of the system `doing` (`"read"`, `"write"`) the file
    /// `path` is told: a [`StoreError::Io`] naming both.
    pub(crate) fn io<'a>(
        path: &'a str,
        doing: &'static str,
    ) -> impl Fn(std::io::Error) -> StoreError + 'a {
        move |source| StoreError::Io {
            path: path.to_string(),
            doing,
            source,
        }
    }

    /// A [`StoreError::Contents`] error.
    pub fn contents(path: &str, found: impl Into<String>, expected: impl Into<String>) -> Self {
        StoreError::Contents {
            path: path.to_string(),
            found: found.into(),
            expected: expected.into(),
        }
    }
}

/// What [`StoreError::Length`] says after the file's name: too short for
/// a header, or cut or padded against what its header says.
fn length_problem(found: u64, expected: u64) -> String {
    if expected as usize == FIXED_HEADER && found < expected {
        format!("is too short: {found} bytes, but a header needs at least {expected}")
    } else {
        format!(
            "is damaged: it has {found} bytes but its header needs {expected} (a cut or padded file)"
        )
    }
}

/// What [`StoreError::Kind`] says after the file's name: the kind the file
/// holds, or its unknown kind byte.
fn kind_problem(found: u8, expected: Kind) -> String {
    match Kind::from_byte(found) {
        Some(k) => format!("holds {k}, expected {expected}"),
        None => format!(
            "has the unknown kind {found}, expected {expected} ({})",
            expected.byte()
        ),
    }
}

/// A container's typed contents, checked: a real board, a valid goal,
/// tile sets that partition the tiles (databases) or none (a table), and a
/// payload of the length they imply.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Contents {
    /// What it holds.
    pub kind: Kind,
    /// The board.
    pub board: Board,
    /// The goal.
    pub goal: Arrangement,
    /// The tile sets (empty for a table).
    pub sets: Vec<Vec<u8>>,
    /// The payload.
    pub payload: Vec<u8>,
}

/// The payload length of a table: `n!/2`.
pub fn table_len(board: &Board) -> u64 {
    board.reachable()
}

/// The file image of a container.
pub fn to_bytes(
    kind: Kind,
    board: &Board,
    goal: &Arrangement,
    sets: &[Vec<u8>],
    payload: &[u8],
) -> Vec<u8> {
    let header = FIXED_HEADER + sets.iter().map(|s| 1 + s.len()).sum::<usize>();
    let mut out = Vec::with_capacity(header + payload.len());
    out.extend_from_slice(MAGIC);
    out.extend_from_slice(&VERSION.to_le_bytes());
    out.push(kind.byte());
    out.push(board.rows() as u8);
    out.push(board.cols() as u8);
    out.push(sets.len() as u8);
    out.extend_from_slice(&[0, 0]);
    let mut g = [0u8; 16];
    g[..goal.cells().len()].copy_from_slice(goal.cells());
    out.extend_from_slice(&g);
    out.extend_from_slice(&(payload.len() as u64).to_le_bytes());
    out.extend_from_slice(&[0; 8]);
    for s in sets {
        out.push(s.len() as u8);
        out.extend_from_slice(s);
    }
    out.extend_from_slice(payload);
    let sum = checksum(&out);
    out[40..48].copy_from_slice(&sum.to_le_bytes());
    out
}

/// The checksum a container image must carry at bytes 40–47: xxh3-64,
/// seed 0, of the whole image but those 8 bytes. The image must be at
/// least [`FIXED_HEADER`] bytes long.
///
/// ```
/// let image = vec![0u8; schofield::board::store::FIXED_HEADER];
/// assert_eq!(schofield::board::store::checksum(&image), schofield::board::store::checksum(&image));
/// ```
pub fn checksum(image: &[u8]) -> u64 {
    let mut h = xxhash_rust::xxh3::Xxh3::new();
    h.update(&image[..40]);
    h.update(&image[FIXED_HEADER..]);
    h.digest()
}

/// Writes a container atomically (see [`write_atomically`]).
pub fn write(
    path: &Path,
    kind: Kind,
    board: &Board,
    goal: &Arrangement,
    sets: &[Vec<u8>],
    payload: &[u8],
) -> Result<(), StoreError> {
    write_atomically(path, &to_bytes(kind, board, goal, sets, payload))
        .map_err(StoreError::io(&path.display().to_string(), "write"))
}

/// Reads a container of `kind` from `path`, checking in this order, each
/// check before any work the next one needs: the path is a regular file
/// (by its metadata, before opening it, so that a FIFO or a device is
/// refused at once); its size is at least a header and at most the largest
/// file of any kind; the magic; the version; the kind; the size against the
/// kind's own limit; the header's lengths against the file's size; the
/// checksum; and then the typed contents (see [`from_bytes`]).
pub fn read(path: &Path, kind: Kind) -> Result<Contents, StoreError> {
    let name = path.display().to_string();
    let io = |doing, source| StoreError::io(&name, doing)(source);
    let size = regular_size(path)?;
    // The kinds with a board (a pruning table is read by `read_keyed`).
    let largest = Kind::LookupTable
        .max_file()
        .max(Kind::PatternDatabases.max_file());
    if size > largest {
        return Err(StoreError::TooLarge {
            path: name,
            found: size,
            expected: largest,
        });
    }
    let mut file = fs::File::open(path).map_err(|e| io("read", e))?;
    if size < FIXED_HEADER as u64 {
        // Too short for a header: read it all, so that a file that is not
        // ours is called that rather than short.
        let mut bytes = Vec::new();
        file.take(FIXED_HEADER as u64)
            .read_to_end(&mut bytes)
            .map_err(|e| io("read", e))?;
        return parse(bytes, &name, kind);
    }
    let mut head = [0u8; FIXED_HEADER];
    file.read_exact(&mut head).map_err(|e| io("read", e))?;
    check_fixed(&head, size, &name, kind)?;
    // At most one byte more than the size: a file growing meanwhile is
    // caught as a length error below.
    let mut bytes = Vec::with_capacity(size as usize + 1);
    bytes.extend_from_slice(&head);
    file.take(size - FIXED_HEADER as u64 + 1)
        .read_to_end(&mut bytes)
        .map_err(|e| io("read", e))?;
    parse(bytes, &name, kind)
}

/// The size of `path`, refused by its metadata, before it is opened,
/// when it is not a regular file (a FIFO or a device at once).
pub(super) fn regular_size(path: &Path) -> Result<u64, StoreError> {
    let name = path.display().to_string();
    let meta = fs::metadata(path).map_err(StoreError::io(&name, "read"))?;
    if !meta.is_file() {
        return Err(StoreError::NotAFile {
            path: name,
            found: describe(&meta),
        });
    }
    Ok(meta.len())
}

fn describe(meta: &fs::Metadata) -> &'static str {
    let t = meta.file_type();
    if t.is_dir() {
        return "a directory";
    }
    #[cfg(unix)]
    {
        use std::os::unix::fs::FileTypeExt;
        if t.is_fifo() {
            return "a FIFO";
        }
        if t.is_char_device() {
            return "a character device";
        }
        if t.is_block_device() {
            return "a block device";
        }
        if t.is_socket() {
            return "a socket";
        }
    }
    "not a regular file"
}
