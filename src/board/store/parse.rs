//! Reading a container image: the fixed header, the frame (tile sets,
//! lengths, checksum) and then the typed contents, each checked in that
//! order so that a damaged file is named by its first fault.

use super::*;

/// Magic, version, kind, and the size against the kind's limit.
pub(super) fn check_fixed(
    head: &[u8],
    size: u64,
    name: &str,
    kind: Kind,
) -> Result<(), StoreError> {
    let path = name.to_string();
    if &head[..8] != MAGIC {
        return Err(StoreError::Magic {
            path,
            found: head[..8].to_vec(),
        });
    }
    let version = u16::from_le_bytes([head[8], head[9]]);
    // Versions 2 to 4 changed only the databases' payload: a table of
    // versions 1 to 3 reads the same (there was no version 0).
    let same = version == VERSION
        || ((1..VERSION).contains(&version) && head[10] == Kind::LookupTable.byte());
    if !same {
        return Err(StoreError::Version {
            path,
            found: version,
            expected: VERSION,
        });
    }
    if head[10] != kind.byte() {
        return Err(StoreError::Kind {
            path,
            found: head[10],
            expected: kind,
        });
    }
    if size > kind.max_file() {
        return Err(StoreError::TooLarge {
            path,
            found: size,
            expected: kind.max_file(),
        });
    }
    Ok(())
}

/// Reads a container image of `kind`, checking in order: a header's worth
/// of bytes, magic, version, kind, the size against the kind's limit, the
/// lengths (tile sets and payload against the image's size), the checksum,
/// and then the contents: the board is a board, the goal an arrangement of
/// it, the padding zero, the tile sets absent for a table and, for
/// databases, at least one, each non-empty, of tiles `1 … n−1`, disjoint and
/// covering; and the payload's length is `n!/2` for a table, and for
/// databases at least the sum of `⌈n!/(n−k)!/2⌉ + 4` over the sets (the
/// databases read the rest). What the payload's bytes mean
/// is checked by the caller ([`crate::board::lookup::LookupTable::from_bytes`],
/// [`crate::search::pdb::Partition::from_bytes`]).
pub fn from_bytes(bytes: &[u8], name: &str, kind: Kind) -> Result<Contents, StoreError> {
    parse(bytes.to_vec(), name, kind)
}

/// [`from_bytes`] on an image it owns: the payload is the image itself
/// with the header taken off the front, not a copy (a 7-8 database file
/// is 196 MB).
pub(super) fn parse(bytes: Vec<u8>, name: &str, kind: Kind) -> Result<Contents, StoreError> {
    let (sets, at, payload_len) = framed(&bytes, name, kind)?;
    let (board, goal) = typed(&bytes, name, kind, &sets, payload_len)?;
    Ok(Contents {
        kind,
        board,
        goal,
        sets,
        payload: {
            let mut bytes = bytes;
            bytes.drain(..at);
            bytes
        },
    })
}

/// The frame of an image, checked in order: a header's worth of bytes,
/// magic, version, kind, the size against the kind's limit, the tile sets
/// and the payload against the image's size, and the checksum. The tile
/// sets, where the payload starts, and its length.
fn framed(bytes: &[u8], name: &str, kind: Kind) -> Result<(Vec<Vec<u8>>, usize, u64), StoreError> {
    let path = || name.to_string();
    let size = bytes.len() as u64;
    if bytes.len() < FIXED_HEADER {
        // Say "not a schofield file" rather than "too short" when even the
        // magic is wrong.
        let head = &bytes[..bytes.len().min(MAGIC.len())];
        if head != &MAGIC[..head.len()] {
            return Err(StoreError::Magic {
                path: path(),
                found: head.to_vec(),
            });
        }
        return Err(StoreError::Length {
            path: path(),
            found: size,
            expected: FIXED_HEADER as u64,
        });
    }
    check_fixed(bytes, size, name, kind)?;
    if kind == Kind::PruningTable {
        return Err(StoreError::contents(
            name,
            "a pruning table, which has no board",
            "a board's lookup table or pattern databases (pruning tables are read by read_keyed)",
        ));
    }
    let count = usize::from(bytes[13]);
    let payload_len = u64::from_le_bytes(bytes[32..40].try_into().expect("8 bytes"));
    // The tile sets: each a size byte and its tiles.
    let mut at = FIXED_HEADER;
    let mut sets = Vec::with_capacity(count);
    for _ in 0..count {
        let k = bytes.get(at).map(|&k| usize::from(k));
        match k {
            Some(k) if at + 1 + k <= bytes.len() => {
                sets.push(bytes[at + 1..at + 1 + k].to_vec());
                at += 1 + k;
            }
            _ => {
                return Err(StoreError::Length {
                    path: path(),
                    found: size,
                    expected: (at + 1 + k.unwrap_or(0)) as u64 + payload_len,
                });
            }
        }
    }
    let expected = (at as u64).saturating_add(payload_len);
    if size != expected {
        return Err(StoreError::Length {
            path: path(),
            found: size,
            expected,
        });
    }
    let stored = u64::from_le_bytes(bytes[40..48].try_into().expect("8 bytes"));
    let sum = checksum(bytes);
    if sum != stored {
        return Err(StoreError::Checksum {
            path: path(),
            found: sum,
            expected: stored,
        });
    }
    Ok((sets, at, payload_len))
}

/// The typed contents of a framed image: the board is a board, the goal an
/// arrangement of it, the padding zero, the tile sets as `kind` has them,
/// and the payload's length. The board and the goal.
fn typed(
    bytes: &[u8],
    name: &str,
    kind: Kind,
    sets: &[Vec<u8>],
    payload_len: u64,
) -> Result<(Board, Arrangement), StoreError> {
    let wrong = |found: String, expected: String| StoreError::contents(name, found, expected);
    let (rows, cols) = (usize::from(bytes[11]), usize::from(bytes[12]));
    let board = Board::new(rows, cols).map_err(|e| {
        wrong(
            format!("a {rows}x{cols} board ({e})"),
            "a board of 2 to 16 cells, at least 2 by 2".into(),
        )
    })?;
    let n = board.cells();
    if bytes[14..16] != [0, 0] || bytes[16 + n..32].iter().any(|&b| b != 0) {
        return Err(wrong(
            "non-zero padding in the header".into(),
            "zero bytes at 14–15 and after the goal".into(),
        ));
    }
    let goal = board.arrangement(&bytes[16..16 + n]).map_err(|e| {
        wrong(
            format!("the goal {:?} ({e})", &bytes[16..16 + n]),
            format!("each of 0 … {} once", n - 1),
        )
    })?;
    let expected_payload = match kind {
        // Refused by `framed`: it has no board.
        Kind::PruningTable => payload_len,
        Kind::LookupTable => {
            if !sets.is_empty() {
                return Err(wrong(
                    format!("{} tile sets", sets.len()),
                    "none in a lookup table".into(),
                ));
            }
            table_len(&board)
        }
        Kind::PatternDatabases => {
            check_sets(sets, n).map_err(|found| {
                wrong(
                    found,
                    format!(
                        "one or more non-empty, disjoint sets covering the tiles 1 … {}",
                        n - 1
                    ),
                )
            })?;
            // The databases check the payload's length against their
            // states (`Partition::from_bytes`).
            payload_len
        }
    };
    if payload_len != expected_payload {
        return Err(wrong(
            format!("a payload of {payload_len} bytes"),
            format!("{expected_payload} for {kind} of the {board} board"),
        ));
    }
    Ok((board, goal))
}

/// Checks that `sets` partition the tiles `1 … n−1`; the error says how not.
fn check_sets(sets: &[Vec<u8>], n: usize) -> Result<(), String> {
    if sets.is_empty() {
        return Err("no tile sets".into());
    }
    let mut seen = vec![false; n];
    for s in sets {
        if s.is_empty() {
            return Err("an empty tile set".into());
        }
        for &t in s {
            let i = usize::from(t);
            if i == 0 || i >= n {
                return Err(format!("the tile {t} (the board has tiles 1 … {})", n - 1));
            }
            if seen[i] {
                return Err(format!("the tile {t} in two sets"));
            }
            seen[i] = true;
        }
    }
    if let Some(t) = (1..n).find(|&t| !seen[t]) {
        return Err(format!("the tile {t} in no set"));
    }
    Ok(())
}
