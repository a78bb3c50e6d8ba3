//! The checkpoints of a layered search: the distributed census's and
//! puzzles' ([`crate::board::cluster`]), one file a worker and a layer, and
//! one process's search of a puzzle (a single "worker"). Each is written
//! beside the container of [`super`] and the same safe way
//! ([`super::write_atomically_with`]), but streamed, since a slice of a
//! two-bit table may be larger than memory should hold twice.
//!
//! **A checkpoint** (integers little-endian; see `docs/formats.md`): the
//! magic `SCHOFCKP`; eleven eight-byte fields (the format version, rows,
//! columns, home cell, workers, this worker; the layer, the number of
//! counts, the slice's states, its standard positions, the side values a
//! layer); the counts; the side values (what a search counts at each
//! distance beside its states, such as the positions of a search by
//! classes); the slice's two-bit table; the standard positions' distances,
//! a byte each; and last the *seal*, the keyed BLAKE3 digest of every byte before
//! it under the user's [`CheckpointKey`]. A checkpoint is read in that
//! order of trust: its size against what this worker expects, then the
//! seal, then each field, and then the contents against each other (the
//! counts against the board, the table against the counts, the distances
//! against the table): a file edited with its digest made right again is
//! refused for want of the key, and a file sealed with the key but not
//! consistent with itself is refused as well.
//!
//! Its name, `{case}.worker-{w}-of-{n}.layer-{layer}.ckpt`, says whose it
//! is, so that a folder may hold several runs' files.

use super::StoreError;
pub use super::seal::CheckpointKey;
use super::seal::{SEAL_BYTES, Sealing};
use crate::board::try_vec_with;
use crate::board::two_bit::{Layer, Tally, TwoBit};
use crate::text::quoted;
use std::fs;
use std::io::{self, BufReader, Read, Write};
use std::path::{Path, PathBuf};

/// Where a layered search keeps its checkpoints, and whether it should
/// stop early (to go on later, say on a machine lent for a fixed time):
/// a distributed census or puzzle's workers ([`crate::board::cluster`]),
/// or one process's search of a puzzle
/// ([`crate::method::search::classes::class_counts`]).
///
/// ```
/// use schofield::board::store::{CheckpointKey, Checkpoints};
/// let dir = tempfile::tempdir().unwrap();
/// let at = Checkpoints {
///     dir: dir.path().join("run"),
///     stop_after: Some(9),
///     key: CheckpointKey::at(&dir.path().join("checkpoint.key")).unwrap(),
/// };
/// assert_eq!(at.stop_after, Some(9));
/// ```
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Checkpoints {
    /// The folder (created if missing).
    pub dir: PathBuf,
    /// Stop once the checkpoints of this layer (or, resuming past it, of
    /// the next one) are written.
    pub stop_after: Option<u32>,
    /// The key that seals the checkpoints: one written with another key
    /// is not resumed.
    pub key: CheckpointKey,
}

/// One worker's checkpoint files in a folder.
pub(crate) struct Checkpoint {
    dir: PathBuf,
    key: CheckpointKey,
    /// What the header says besides the sizes: the format, the case and
    /// this worker's place.
    identity: [u64; 6],
    /// The case's part of the file names.
    case: String,
    peers: usize,
    worker: usize,
}

/// What the name of a checkpoint file says:
/// `{case}.worker-{worker}-of-{peers}.layer-{layer}.ckpt`, as
/// [`Checkpoint::path`] writes it.
#[derive(Debug, PartialEq, Eq)]
struct CheckpointName<'a> {
    case: &'a str,
    worker: usize,
    peers: usize,
    layer: u32,
}

impl CheckpointName<'_> {
    /// Reads a file name; `None` unless it is exactly such a name, with
    /// its numbers written as `path` writes them (no sign, no leading
    /// zero) and at least one worker.
    fn parse(name: &str) -> Option<CheckpointName<'_>> {
        fn number<T: std::str::FromStr>(digits: &str) -> Option<T> {
            let plain = !digits.is_empty()
                && digits.bytes().all(|b| b.is_ascii_digit())
                && (digits == "0" || !digits.starts_with('0'));
            plain.then(|| digits.parse().ok()).flatten()
        }
        let (rest, layer) = name.strip_suffix(".ckpt")?.rsplit_once(".layer-")?;
        let (case, workers) = rest.rsplit_once(".worker-")?;
        let (worker, peers) = workers.split_once("-of-")?;
        let n = CheckpointName {
            case,
            worker: number(worker)?,
            peers: number(peers)?,
            layer: number(layer)?,
        };
        (n.peers > 0 && n.worker < n.peers).then_some(n)
    }
}

/// What a checkpoint holds.
pub(crate) struct Saved {
    /// The count of every layer so far.
    pub(crate) counts: Vec<u64>,
    /// The side values: for each of [`Slice::side`] kinds, one a layer so
    /// far (kind by kind).
    pub(crate) side: Vec<u64>,
    /// The worker's slice of the two-bit table.
    pub(crate) table: TwoBit,
    /// The distances of the slice's standard positions (the cluster's
    /// alone: a search in one process keeps none).
    #[cfg_attr(not(feature = "distributed"), allow(dead_code))]
    pub(crate) distances: Vec<u8>,
    /// How many of the slice's states the table holds as old and as the
    /// frontier: the workers check together that they add up to the
    /// counts.
    pub(crate) tally: Tally,
}

/// What a worker knows of its slice before it reads a checkpoint.
pub(crate) struct Slice {
    /// The states of the slice.
    pub(crate) states: usize,
    /// The standard positions in the slice.
    pub(crate) standard: usize,
    /// The slice's index of the first standard position (its distance is
    /// the first byte of the distances).
    pub(crate) first_standard: usize,
    /// The states of the whole board.
    pub(crate) board_states: u64,
    /// The kinds of side values the search keeps a layer (none for the
    /// census and the cluster).
    pub(crate) side: usize,
}

/// The first bytes of a checkpoint.
const MAGIC: &[u8; 8] = b"SCHOFCKP";
/// The checkpoint format's version: 3 since the side values (issue #44;
/// version 2 had none, and version 1 ended in an unkeyed xxh3 checksum).
const CHECKPOINT_VERSION: u64 = 3;
/// The header's eight-byte fields after the magic: the identity (version,
/// rows, columns, home, workers, this worker), then the layer, the number
/// of counts, the slice's states, its standard positions and the kinds of
/// side values.
const HEADER_FIELDS: usize = 11;

impl Checkpoint {
    pub(crate) fn new(
        dir: &Path,
        key: &CheckpointKey,
        (name, ids): (String, [u64; 3]),
        peers: usize,
        me: usize,
    ) -> Checkpoint {
        Checkpoint {
            dir: dir.to_path_buf(),
            key: key.clone(),
            worker: me,
            identity: [
                CHECKPOINT_VERSION,
                ids[0],
                ids[1],
                ids[2],
                peers as u64,
                me as u64,
            ],
            case: name,
            peers,
        }
    }

    /// Trouble if the folder holds checkpoints of this case for another
    /// number of workers: resuming them needs that number, and starting
    /// again beside them would silently throw them away.
    pub(crate) fn foreign(&self) -> Option<String> {
        let entries = fs::read_dir(&self.dir).ok()?;
        for e in entries.flatten() {
            let Ok(name) = e.file_name().into_string() else {
                continue;
            };
            let Some(n) = CheckpointName::parse(&name) else {
                continue;
            };
            if n.case == self.case && n.peers != self.peers {
                return Some(format!(
                    "{} holds checkpoints of the {} case for {} workers, and this run has {}: run it with {} workers, or give another folder",
                    self.dir.display(),
                    self.case,
                    n.peers,
                    self.peers,
                    n.peers
                ));
            }
        }
        None
    }

    /// The folder of the files.
    pub(crate) fn dir(&self) -> &Path {
        &self.dir
    }

    /// What this worker's file names begin with.
    fn stem(&self) -> String {
        format!("{}.worker-{}-of-{}", self.case, self.worker, self.peers)
    }

    /// The start of this worker's temporary files' names.
    fn temporary_prefix(&self) -> String {
        format!(".{}.", self.stem())
    }

    /// Makes the folder if missing and writes (and removes) a temporary
    /// file in it: a folder where no checkpoint can be written is told
    /// before the search, not after its first layers.
    pub(crate) fn check_folder(&self) -> io::Result<()> {
        fs::create_dir_all(&self.dir)?;
        tempfile::Builder::new()
            .prefix(&self.temporary_prefix())
            .tempfile_in(&self.dir)
            .map(drop)
    }

    /// Removes this worker's temporary files that an interrupted run left.
    pub(crate) fn remove_leftovers(&self) {
        let Ok(entries) = fs::read_dir(&self.dir) else {
            return;
        };
        let prefix = self.temporary_prefix();
        for e in entries.flatten() {
            if e.file_name()
                .to_str()
                .is_some_and(|n| n.starts_with(&prefix))
            {
                let _ = fs::remove_file(e.path());
            }
        }
    }

    /// The file of layer `depth`'s checkpoint (its name is read back by
    /// [`CheckpointName::parse`]).
    pub(crate) fn path(&self, depth: u32) -> PathBuf {
        self.dir.join(format!("{}.layer-{depth}.ckpt", self.stem()))
    }

    /// The layers this worker has checkpoints of.
    pub(crate) fn layers(&self) -> Vec<u32> {
        let Ok(entries) = fs::read_dir(&self.dir) else {
            return Vec::new();
        };
        entries
            .filter_map(|e| {
                let name = e.ok()?.file_name().into_string().ok()?;
                let n = CheckpointName::parse(&name)?;
                (n.case == self.case && n.peers == self.peers && n.worker == self.worker)
                    .then_some(n.layer)
            })
            .collect()
    }

    pub(crate) fn remove_before(&self, depth: u32) {
        for d in self.layers() {
            if d < depth {
                let _ = fs::remove_file(self.path(d));
            }
        }
    }

    /// Writes the state after layer `depth` was closed: a temporary file,
    /// renamed into place, ending in the seal of all before it. `side`
    /// holds the side values, kind by kind, `depth + 1` of each.
    pub(crate) fn write(
        &self,
        depth: u32,
        counts: &[u64],
        side: &[u64],
        table: &TwoBit,
        distances: &[u8],
    ) -> io::Result<()> {
        fs::create_dir_all(&self.dir)?;
        // A checkpoint replaces a file: anything else in its place (a FIFO
        // would be written into, and wait for a reader for ever) is refused.
        let path = self.path(depth);
        if let Ok(m) = fs::metadata(&path)
            && !m.is_file()
        {
            return Err(io::Error::other(format!(
                "{} is {}, not a regular file",
                crate::text::quoted_path(&path.display().to_string()),
                super::describe(&m)
            )));
        }
        let prefix = self.temporary_prefix();
        super::write_atomically_with(&self.path(depth), &prefix, |out| {
            let mut out = Sealing::new(out, &self.key);
            out.write_all(MAGIC)?;
            let sizes = [
                u64::from(depth),
                counts.len() as u64,
                table.len() as u64,
                distances.len() as u64,
                (side.len() / counts.len()) as u64,
            ];
            for x in self.identity.iter().chain(&sizes) {
                out.write_all(&x.to_le_bytes())?;
            }
            for c in counts.iter().chain(side) {
                out.write_all(&c.to_le_bytes())?;
            }
            table.write_to(&mut out)?;
            out.write_all(distances)?;
            let seal = out.hash.finalize();
            out.inner.write_all(seal.as_bytes())
        })
    }

    /// Reads the checkpoint of layer `depth`: the seal first, then each
    /// field against what this worker expects, then the contents against
    /// each other and the board.
    pub(crate) fn read(&self, depth: u32, slice: &Slice) -> Result<Saved, StoreError> {
        let (states, standard) = (slice.states, slice.standard);
        let path = self.path(depth);
        let name = path.display().to_string();
        let io = StoreError::io(&name, "read");
        let meta = fs::metadata(&path).map_err(&io)?;
        if !meta.is_file() {
            return Err(StoreError::NotAFile {
                path: name.clone(),
                found: super::describe(&meta),
            });
        }
        let size = meta.len();
        let expected_size = 8
            + 8 * HEADER_FIELDS as u64
            + 8 * (u64::from(depth) + 1) * (1 + slice.side as u64)
            + TwoBit::bytes(states as u64)
            + standard as u64
            + SEAL_BYTES;
        if size != expected_size {
            // A file of another version is told as such, not as damaged.
            if let Some(version) = other_version(&path) {
                return Err(StoreError::contents(
                    &name,
                    format!("it is a checkpoint of format {version}"),
                    format!(
                        "format {CHECKPOINT_VERSION}, this version's (remove it to start again)"
                    ),
                ));
            }
            return Err(StoreError::Length {
                path: name.clone(),
                found: size,
                expected: expected_size,
            });
        }
        self.check_seal(&path, &name, size)?;
        let wrong = |found: String, expected: String| StoreError::contents(&name, found, expected);
        let mut input = BufReader::new(fs::File::open(&path).map_err(&io)?);
        let mut counts = self.read_header(&mut input, &name, depth, slice)?;
        let side = counts.split_off(depth as usize + 1);
        let out_of_memory = || {
            io(io::Error::new(
                io::ErrorKind::OutOfMemory,
                format!("its {size} bytes of tables cannot be had"),
            ))
        };
        let table = TwoBit::read_from(states, &mut input)
            .map_err(&io)?
            .ok_or_else(out_of_memory)?;
        let mut distances = try_vec_with(standard, || 0u8).ok_or_else(out_of_memory)?;
        input.read_exact(&mut distances).map_err(&io)?;
        let tally = consistent(depth, &counts, &table, &distances, slice)
            .map_err(|(found, expected)| wrong(found, expected))?;
        Ok(Saved {
            counts,
            side,
            table,
            distances,
            tally,
        })
    }

    /// Checks the seal of the file at `path` (`size` bytes), over
    /// everything but its own bytes.
    fn check_seal(&self, path: &Path, name: &str, size: u64) -> Result<(), StoreError> {
        let io = StoreError::io(name, "read");
        let mut input = BufReader::new(fs::File::open(path).map_err(&io)?).take(size - SEAL_BYTES);
        let mut hash = self.key.hasher();
        let mut buffer = vec![0u8; 1 << 16];
        loop {
            let n = input.read(&mut buffer).map_err(&io)?;
            if n == 0 {
                break;
            }
            hash.update(&buffer[..n]);
        }
        let mut stored = [0u8; SEAL_BYTES as usize];
        input.into_inner().read_exact(&mut stored).map_err(&io)?;
        // Compared in constant time (blake3's equality).
        if hash.finalize() != stored {
            return Err(StoreError::Seal {
                path: name.to_string(),
                key: self.key.file().display().to_string(),
            });
        }
        Ok(())
    }

    /// Reads a sealed checkpoint's header from `input`: its magic, the run
    /// it belongs to and the layer, counts and sizes it holds, each against
    /// this worker's; the layer counts, then the side values.
    fn read_header(
        &self,
        input: &mut BufReader<fs::File>,
        name: &str,
        depth: u32,
        slice: &Slice,
    ) -> Result<Vec<u64>, StoreError> {
        let io = StoreError::io(name, "read");
        let wrong = |found: String, expected: String| StoreError::contents(name, found, expected);
        let next = |input: &mut BufReader<fs::File>| -> Result<u64, StoreError> {
            let mut word = [0u8; 8];
            input.read_exact(&mut word).map_err(&io)?;
            Ok(u64::from_le_bytes(word))
        };
        let mut magic = [0u8; 8];
        input.read_exact(&mut magic).map_err(&io)?;
        if &magic != MAGIC {
            return Err(wrong(
                format!(
                    "its first bytes are {}",
                    quoted(&String::from_utf8_lossy(&magic))
                ),
                format!(
                    "a schofield checkpoint, {}",
                    quoted(&String::from_utf8_lossy(MAGIC))
                ),
            ));
        }
        let mut identity = [0u64; 6];
        for x in &mut identity {
            *x = next(input)?;
        }
        let run = |i: &[u64; 6]| {
            format!(
                "format {}, a {}x{} board, home {}, worker {} of {}",
                i[0], i[1], i[2], i[3], i[5], i[4]
            )
        };
        if identity != self.identity {
            return Err(wrong(
                format!("it belongs to another run ({})", run(&identity)),
                format!("this run's ({})", run(&self.identity)),
            ));
        }
        let mut fields = [0u64; 5];
        for x in &mut fields {
            *x = next(input)?;
        }
        let expected = [
            u64::from(depth),
            u64::from(depth) + 1,
            slice.states as u64,
            slice.standard as u64,
            slice.side as u64,
        ];
        let said = |f: &[u64; 5]| {
            format!(
                "layer {}, {} counts, {} states, {} standard positions and {} kinds of side values",
                f[0], f[1], f[2], f[3], f[4]
            )
        };
        if fields != expected {
            return Err(wrong(
                format!("it holds {}", said(&fields)),
                format!("{} for this worker", said(&expected)),
            ));
        }
        let values = (u64::from(depth) + 1) * (1 + slice.side as u64);
        (0..values).map(|_| next(input)).collect()
    }
}

/// The format version of the checkpoint at `path` when it is one of
/// another version than this one's (its magic read, then its version).
fn other_version(path: &Path) -> Option<u64> {
    let mut head = [0u8; 16];
    fs::File::open(path).ok()?.read_exact(&mut head).ok()?;
    let version = u64::from_le_bytes(head[8..].try_into().ok()?);
    (&head[..8] == MAGIC && version != CHECKPOINT_VERSION).then_some(version)
}

/// Checks a checkpoint's contents against each other and the board: one
/// start, no empty layer, no more states than the board has; the table
/// holds layers up to `depth` and none beyond; each standard position's
/// distance agrees with its state's mark. The table's tally, or what is
/// wrong and what was expected.
fn consistent(
    depth: u32,
    counts: &[u64],
    table: &TwoBit,
    distances: &[u8],
    slice: &Slice,
) -> Result<Tally, (String, String)> {
    if counts[0] != 1 {
        return Err((
            format!("its count of layer 0 is {}", counts[0]),
            "1, the start alone".to_string(),
        ));
    }
    if let Some(d) = counts.iter().position(|&c| c == 0) {
        return Err((
            format!("its count of layer {d} is 0"),
            "states in every layer up to the last".to_string(),
        ));
    }
    let total = counts.iter().try_fold(0u64, |a, &c| a.checked_add(c));
    if total.is_none_or(|t| t > slice.board_states) {
        return Err((
            format!(
                "its counts add up to {}",
                total.map_or("more than 2^64".to_string(), |t| t.to_string())
            ),
            format!("at most the board's {} states", slice.board_states),
        ));
    }
    let layer = Layer::at(depth);
    let tally = table.tally(layer);
    if tally.next != 0 {
        return Err((
            format!(
                "its table marks {} states of layer {}",
                tally.next,
                depth + 1
            ),
            format!("none beyond layer {depth}"),
        ));
    }
    for (r, &d) in distances.iter().enumerate() {
        let i = slice.first_standard + r;
        let (reached, old) = (table.is_reached(i), table.is_old(i));
        let agrees = match d {
            u8::MAX => !reached,
            d if u32::from(d) < depth => old,
            d if u32::from(d) == depth => reached && !old,
            _ => false,
        };
        if !agrees {
            let mark = if old {
                "an old state"
            } else if reached {
                "a state of the last layer"
            } else {
                "a state not reached"
            };
            let distance = if d == u8::MAX {
                "none".to_string()
            } else {
                d.to_string()
            };
            return Err((
                format!(
                    "its standard position {r} has distance {distance}, and its table calls it {mark}"
                ),
                format!("distances that agree with the table, at most {depth}"),
            ));
        }
    }
    Ok(tally)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_checkpoint_name_reads_back_as_written() {
        for (me, peers, depth) in [(0, 1, 0), (1, 2, 17), (15, 16, 4000)] {
            let key = CheckpointKey::of([7; 32], PathBuf::from("/tmp/x.key"));
            let c = Checkpoint::new(
                Path::new("/tmp/x"),
                &key,
                ("3x4-home-11".to_string(), [3, 4, 11]),
                peers,
                me,
            );
            let path = c.path(depth);
            let name = path.file_name().unwrap().to_str().unwrap();
            assert_eq!(
                CheckpointName::parse(name),
                Some(CheckpointName {
                    case: "3x4-home-11",
                    worker: me,
                    peers,
                    layer: depth,
                })
            );
        }
        for name in [
            "3x4-home-11.worker-0-of-2.layer-5.ckpt.tmp",
            "3x4-home-11.worker-0-of-2.layer-05.ckpt",
            "3x4-home-11.worker-0-of-2.layer-+5.ckpt",
            "3x4-home-11.worker-0-of-2.layer-.ckpt",
            "3x4-home-11.worker-2-of-2.layer-5.ckpt",
            "3x4-home-11.worker-0-of-0.layer-5.ckpt",
            "3x4-home-11.worker-0-of-02.layer-5.ckpt",
            "3x4-home-11.worker-0.layer-5.ckpt",
            ".3x4-home-11.worker-0-of-2.layer-5.ckpt.abc123",
        ] {
            assert_eq!(CheckpointName::parse(name), None, "{name}");
        }
    }
}
