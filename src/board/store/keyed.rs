//! The container keyed by a fingerprint rather than a board: kind 3, one
//! pruning table of IDA* over a puzzle ([`crate::method::search::ida`]).
//! The header is the container's own ([`super::MAGIC`], version, kind,
//! payload length, checksum), with bytes 11–15 zero and bytes 16–31 the
//! *key*: a fingerprint of what the table projects, so that a file is
//! never taken for another projection's table.
//!
//! ```
//! use schofield::board::store::{self, Kind, StoreError};
//! let dir = std::env::temp_dir().join(format!("schofield-keyed-{}", std::process::id()));
//! std::fs::create_dir_all(&dir).unwrap();
//! let path = dir.join("t.bin");
//! let key = [7u8; store::KEY_BYTES];
//! store::write_keyed(&path, Kind::PruningTable, &key, &[0, 1, 2, 1]).unwrap();
//! assert_eq!(store::read_keyed(&path, Kind::PruningTable, &key).unwrap(), [0, 1, 2, 1]);
//! // Another key is another table.
//! let e = store::read_keyed(&path, Kind::PruningTable, &[8; store::KEY_BYTES]).unwrap_err();
//! assert!(matches!(e, StoreError::Contents { .. }), "{e}");
//! std::fs::remove_dir_all(&dir).unwrap();
//! ```

use super::{FIXED_HEADER, Kind, MAGIC, StoreError, VERSION, check_fixed, checksum, regular_size};
use std::fs;
use std::io::Read;
use std::path::Path;

/// The bytes of a key.
pub const KEY_BYTES: usize = 16;

/// The largest pruning-table payload: 32 GiB (the 3×3×3 edges' table by
/// classes takes 5.1 GB, 10.2 GB at four bits a class).
pub const MAX_PRUNING_PAYLOAD: u64 = 1 << 35;

/// The header of a keyed container, its checksum field zero.
fn header(kind: Kind, key: &[u8; KEY_BYTES], len: u64) -> [u8; FIXED_HEADER] {
    let mut h = [0u8; FIXED_HEADER];
    h[..8].copy_from_slice(MAGIC);
    h[8..10].copy_from_slice(&VERSION.to_le_bytes());
    h[10] = kind.byte();
    h[16..32].copy_from_slice(key);
    h[32..40].copy_from_slice(&len.to_le_bytes());
    h
}

/// The file image of a keyed container (for tests and small tables;
/// [`write_keyed`] streams).
pub fn keyed_bytes(kind: Kind, key: &[u8; KEY_BYTES], payload: &[u8]) -> Vec<u8> {
    let mut out = header(kind, key, payload.len() as u64).to_vec();
    out.extend_from_slice(payload);
    let sum = checksum(&out);
    out[40..48].copy_from_slice(&sum.to_le_bytes());
    out
}

/// Writes a keyed container atomically, the payload streamed (a table
/// may be half a gigabyte): a run stopped on the way leaves no file under
/// `path`, only a temporary one the next write removes.
pub fn write_keyed(
    path: &Path,
    kind: Kind,
    key: &[u8; KEY_BYTES],
    payload: &[u8],
) -> Result<(), StoreError> {
    // A file no read would take is not written.
    let size = FIXED_HEADER as u64 + payload.len() as u64;
    if size > kind.max_file() {
        return Err(StoreError::TooLarge {
            path: path.display().to_string(),
            found: size,
            expected: kind.max_file(),
        });
    }
    let mut head = header(kind, key, payload.len() as u64);
    let mut h = xxhash_rust::xxh3::Xxh3::new();
    h.update(&head[..40]);
    h.update(payload);
    head[40..48].copy_from_slice(&h.digest().to_le_bytes());
    super::write_atomically_with(path, &super::temporary_prefix(), |out| {
        out.write_all(&head)?;
        out.write_all(payload)
    })
    .map_err(StoreError::io(&path.display().to_string(), "write"))
}

/// Reads the payload of a keyed container of `kind` under `key`, checking
/// in the container's order ([`super::read`]): a regular file; at least a
/// header and at most the kind's largest file; the magic, the version and
/// the kind; the payload's length against the file's; the checksum; and
/// then the contents: zero padding, and the key.
pub fn read_keyed(path: &Path, kind: Kind, key: &[u8; KEY_BYTES]) -> Result<Vec<u8>, StoreError> {
    let name = path.display().to_string();
    let io = |doing, source| StoreError::io(&name, doing)(source);
    let size = regular_size(path)?;
    let mut file = fs::File::open(path).map_err(|e| io("read", e))?;
    let mut head = [0u8; FIXED_HEADER];
    let got = (&mut file)
        .take(FIXED_HEADER as u64)
        .read(&mut head)
        .map_err(|e| io("read", e))?;
    if size < FIXED_HEADER as u64 || got < FIXED_HEADER {
        let seen = &head[..got.min(MAGIC.len())];
        if seen != &MAGIC[..seen.len()] {
            return Err(StoreError::Magic {
                path: name,
                found: seen.to_vec(),
            });
        }
        return Err(StoreError::Length {
            path: name,
            found: size,
            expected: FIXED_HEADER as u64,
        });
    }
    check_fixed(&head, size, &name, kind)?;
    let len = u64::from_le_bytes(head[32..40].try_into().expect("8 bytes"));
    let expected = len.saturating_add(FIXED_HEADER as u64);
    if size != expected {
        return Err(StoreError::Length {
            path: name,
            found: size,
            expected,
        });
    }
    let mut payload = Vec::new();
    payload
        .try_reserve_exact(len as usize + 1)
        .map_err(|e| io("read", std::io::Error::other(e.to_string())))?;
    crate::memory::advise_huge_pages(&payload);
    // One byte more than the header says: a file growing meanwhile is
    // caught as a length error.
    file.take(len + 1)
        .read_to_end(&mut payload)
        .map_err(|e| io("read", e))?;
    if payload.len() as u64 != len {
        return Err(StoreError::Length {
            path: name,
            found: FIXED_HEADER as u64 + payload.len() as u64,
            expected,
        });
    }
    let stored = u64::from_le_bytes(head[40..48].try_into().expect("8 bytes"));
    let mut h = xxhash_rust::xxh3::Xxh3::new();
    h.update(&head[..40]);
    h.update(&payload);
    let sum = h.digest();
    if sum != stored {
        return Err(StoreError::Checksum {
            path: name,
            found: sum,
            expected: stored,
        });
    }
    if head[11..16].iter().any(|&b| b != 0) {
        return Err(StoreError::contents(
            &name,
            "non-zero padding in the header",
            "zero bytes at 11–15",
        ));
    }
    if head[16..32] != key[..] {
        return Err(StoreError::contents(
            &name,
            format!("the table of the projection keyed {}", hex(&head[16..32])),
            format!("the one keyed {}", hex(key)),
        ));
    }
    Ok(payload)
}

/// A key as hexadecimal digits.
fn hex(key: &[u8]) -> String {
    key.iter().map(|b| format!("{b:02x}")).collect()
}

#[cfg(test)]
mod tests {
    use super::*;

    /// Each damage is refused by the check that should see it: a cut
    /// file, a changed byte, another kind, another key.
    #[test]
    fn a_keyed_file_is_refused_where_it_is_damaged() {
        let dir = tempfile::tempdir().unwrap();
        let path = dir.path().join("p.bin");
        let key = [3u8; KEY_BYTES];
        let payload: Vec<u8> = (0..1000u32).map(|i| (i % 13) as u8).collect();
        write_keyed(&path, Kind::PruningTable, &key, &payload).unwrap();
        assert_eq!(
            std::fs::read(&path).unwrap(),
            keyed_bytes(Kind::PruningTable, &key, &payload),
            "streamed as the image is made"
        );
        assert_eq!(
            read_keyed(&path, Kind::PruningTable, &key).unwrap(),
            payload
        );
        let image = std::fs::read(&path).unwrap();
        let mut cut = image.clone();
        cut.truncate(500);
        std::fs::write(&path, &cut).unwrap();
        let e = read_keyed(&path, Kind::PruningTable, &key).unwrap_err();
        assert!(matches!(e, StoreError::Length { .. }), "{e}");
        let mut changed = image.clone();
        changed[700] ^= 1;
        std::fs::write(&path, &changed).unwrap();
        let e = read_keyed(&path, Kind::PruningTable, &key).unwrap_err();
        assert!(matches!(e, StoreError::Checksum { .. }), "{e}");
        std::fs::write(&path, &image).unwrap();
        let e = read_keyed(&path, Kind::LookupTable, &key).unwrap_err();
        assert!(matches!(e, StoreError::Kind { .. }), "{e}");
        let e = read_keyed(&path, Kind::PruningTable, &[4; KEY_BYTES]).unwrap_err();
        assert!(e.to_string().contains("0303"), "{e}");
        std::fs::write(&path, b"SCH").unwrap();
        let e = read_keyed(&path, Kind::PruningTable, &key).unwrap_err();
        assert!(matches!(e, StoreError::Length { .. }), "{e}");
        std::fs::write(&path, b"hello").unwrap();
        let e = read_keyed(&path, Kind::PruningTable, &key).unwrap_err();
        assert!(matches!(e, StoreError::Magic { .. }), "{e}");
        let e = super::super::read(&path.with_file_name("none"), Kind::PruningTable).unwrap_err();
        assert!(matches!(e, StoreError::Io { .. }), "{e}");
    }
}
