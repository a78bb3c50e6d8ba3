//! The census's checkpoints (the distributed search, [`crate::board::cluster`]):
//! one file a worker and a layer, beside the container of [`super`] and
//! written the same safe way ([`super::write_atomically_with`]), but
//! streamed, since a slice of a two-bit table may be larger than memory
//! should hold twice.
//!
//! **A checkpoint** (integers little-endian; see `docs/formats.md`): the
//! magic `SCHOFCKP`; ten eight-byte fields (the format version, rows,
//! columns, home cell, workers, this worker; the layer, the number of
//! counts, the slice's states, its standard positions); the counts; the
//! slice's two-bit table; the standard positions' distances, a byte
//! each; and last the xxh3-64 (seed 0) of every byte before it. It is read
//! in that order of trust: its size against what this worker expects,
//! then the checksum, then each field.
//!
//! Its name, `{case}.worker-{w}-of-{n}.layer-{layer}.ckpt`, says whose it
//! is, so that a folder may hold several runs' files.

use super::StoreError;
use crate::board::try_vec_with;
use crate::board::two_bit::TwoBit;
use crate::text::quoted;
use std::fs;
use std::io::{self, BufReader, Read, Write};
use std::path::{Path, PathBuf};

/// One worker's checkpoint files in a folder.
pub(crate) struct Checkpoint {
    dir: PathBuf,
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
    /// The worker's slice of the two-bit table.
    pub(crate) table: TwoBit,
    /// The distances of the slice's standard positions.
    pub(crate) distances: Vec<u8>,
}

/// The first bytes of a checkpoint.
const MAGIC: &[u8; 8] = b"SCHOFCKP";
/// The checkpoint format's version.
const CHECKPOINT_VERSION: u64 = 1;
/// The header's eight-byte fields after the magic: the identity (version,
/// rows, columns, home, workers, this worker), then the layer, the number
/// of counts, the slice's states and its standard positions.
const HEADER_FIELDS: usize = 10;

impl Checkpoint {
    pub(crate) fn new(
        dir: &Path,
        (name, ids): (String, [u64; 3]),
        peers: usize,
        me: usize,
    ) -> Checkpoint {
        Checkpoint {
            dir: dir.to_path_buf(),
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

    /// What this worker's file names begin with.
    fn stem(&self) -> String {
        format!("{}.worker-{}-of-{}", self.case, self.worker, self.peers)
    }

    /// The start of this worker's temporary files' names.
    fn temporary_prefix(&self) -> String {
        format!(".{}.", self.stem())
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
    /// renamed into place, ending in the checksum of all before it.
    pub(crate) fn write(
        &self,
        depth: u32,
        counts: &[u64],
        table: &TwoBit,
        distances: &[u8],
    ) -> io::Result<()> {
        fs::create_dir_all(&self.dir)?;
        let prefix = self.temporary_prefix();
        super::write_atomically_with(&self.path(depth), &prefix, |out| {
            let mut out = Hashing::new(out);
            out.write_all(MAGIC)?;
            let sizes = [
                u64::from(depth),
                counts.len() as u64,
                table.len() as u64,
                distances.len() as u64,
            ];
            for x in self.identity.iter().chain(&sizes) {
                out.write_all(&x.to_le_bytes())?;
            }
            for c in counts {
                out.write_all(&c.to_le_bytes())?;
            }
            table.write_to(&mut out)?;
            out.write_all(distances)?;
            let sum = out.hash.digest();
            out.inner.write_all(&sum.to_le_bytes())
        })
    }

    /// Reads the checkpoint of layer `depth`: the checksum first, then
    /// each field against what this worker expects.
    pub(crate) fn read(
        &self,
        depth: u32,
        states: usize,
        standard: usize,
    ) -> Result<Saved, StoreError> {
        let path = self.path(depth);
        let name = path.display().to_string();
        let io = |e: io::Error| StoreError::Io {
            path: name.clone(),
            doing: "read",
            source: e,
        };
        let size = fs::metadata(&path).map_err(io)?.len();
        let expected_size = 8
            + 8 * HEADER_FIELDS as u64
            + 8 * (u64::from(depth) + 1)
            + TwoBit::bytes(states as u64)
            + standard as u64
            + 8;
        if size != expected_size {
            return Err(StoreError::Length {
                path: name,
                found: size,
                expected: expected_size,
            });
        }
        // The checksum, over everything but its own eight bytes.
        {
            let mut input = BufReader::new(fs::File::open(&path).map_err(io)?).take(size - 8);
            let mut hash = xxhash_rust::xxh3::Xxh3::new();
            let mut buffer = vec![0u8; 1 << 16];
            loop {
                let n = input.read(&mut buffer).map_err(io)?;
                if n == 0 {
                    break;
                }
                hash.update(&buffer[..n]);
            }
            let mut stored = [0u8; 8];
            input.into_inner().read_exact(&mut stored).map_err(io)?;
            let (found, expected) = (hash.digest(), u64::from_le_bytes(stored));
            if found != expected {
                return Err(StoreError::Checksum {
                    path: name,
                    found,
                    expected,
                });
            }
        }
        let wrong = |found: String, expected: String| StoreError::contents(&name, found, expected);
        let mut input = BufReader::new(fs::File::open(&path).map_err(io)?);
        let next = |input: &mut BufReader<fs::File>| -> Result<u64, StoreError> {
            let mut word = [0u8; 8];
            input.read_exact(&mut word).map_err(io)?;
            Ok(u64::from_le_bytes(word))
        };
        let mut magic = [0u8; 8];
        input.read_exact(&mut magic).map_err(io)?;
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
            *x = next(&mut input)?;
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
        let fields = [
            next(&mut input)?,
            next(&mut input)?,
            next(&mut input)?,
            next(&mut input)?,
        ];
        let expected = [
            u64::from(depth),
            u64::from(depth) + 1,
            states as u64,
            standard as u64,
        ];
        let said = |f: &[u64; 4]| {
            format!(
                "layer {}, {} counts, {} states and {} standard positions",
                f[0], f[1], f[2], f[3]
            )
        };
        if fields != expected {
            return Err(wrong(
                format!("it holds {}", said(&fields)),
                format!("{} for this worker", said(&expected)),
            ));
        }
        let counts = (0..=depth)
            .map(|_| next(&mut input))
            .collect::<Result<Vec<u64>, _>>()?;
        let out_of_memory = || {
            io(io::Error::new(
                io::ErrorKind::OutOfMemory,
                format!("its {size} bytes of tables cannot be had"),
            ))
        };
        let table = TwoBit::read_from(states, &mut input)
            .map_err(io)?
            .ok_or_else(out_of_memory)?;
        let mut distances = try_vec_with(standard, || 0u8).ok_or_else(out_of_memory)?;
        input.read_exact(&mut distances).map_err(io)?;
        Ok(Saved {
            counts,
            table,
            distances,
        })
    }
}

/// A writer that hashes what passes through it.
struct Hashing<W: Write> {
    inner: W,
    hash: xxhash_rust::xxh3::Xxh3,
}

impl<W: Write> Hashing<W> {
    fn new(inner: W) -> Self {
        Hashing {
            inner,
            hash: xxhash_rust::xxh3::Xxh3::new(),
        }
    }
}

impl<W: Write> Write for Hashing<W> {
    fn write(&mut self, buf: &[u8]) -> io::Result<usize> {
        let n = self.inner.write(buf)?;
        self.hash.update(&buf[..n]);
        Ok(n)
    }

    fn flush(&mut self) -> io::Result<()> {
        self.inner.flush()
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_checkpoint_name_reads_back_as_written() {
        for (me, peers, depth) in [(0, 1, 0), (1, 2, 17), (15, 16, 4000)] {
            let c = Checkpoint::new(
                Path::new("/tmp/x"),
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
