//! A partition of the tiles into sets, one database for each: the named
//! partitions of the 4×4 (7-8, 6-6-3, …) and their tile sets, building
//! them (on the two-bit search for large sets), their file in the one
//! container, and the cache folder they are kept in.

use super::*;
use crate::board::symmetry::Recast;

/// A partition of the tiles into disjoint patterns, with a database each.
///
/// ```
/// use schofield::board::Board;
/// use schofield::search::pdb::Partition;
/// let b: Board = "2x3".parse().unwrap();
/// let g = b.goal_blank_last();
/// let p = Partition::of_sets(&b, &g, &[&[1, 2, 3], &[4, 5]]);
/// let bytes = p.to_bytes();
/// assert_eq!(Partition::from_bytes(&bytes, "p.bin").unwrap(), p);
/// // The payload: a bit a state, for tiles 1–3 then for tiles 4 and 5.
/// let (first, second) = (p.dbs[0].len(), p.dbs[1].len());
/// let mut payload = bytes[bytes.len() - first.div_ceil(8) - second.div_ceil(8)..].to_vec();
/// // The goal's state of tiles 1–3 made odd: its value would be 2, not 0.
/// // With the checksum recomputed, still refused.
/// let s = p.dbs[0].state(&[0, 1, 2], 5);
/// payload[s / 8] ^= 1 << (s % 8);
/// let forged = schofield::board::store::to_bytes(
///     schofield::board::store::Kind::PatternDatabases, &b, &g, &p.sets(), &payload);
/// let e = Partition::from_bytes(&forged, "p.bin").unwrap_err();
/// assert!(e.to_string().contains("the goal's state with an odd excess"), "{e}");
/// ```
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Partition {
    /// Its name, such as `6-6-3`, or `None` for tile sets that are not one
    /// of the named partitions of the 4×4 (on smaller boards, say).
    pub name: Option<PartitionName>,
    /// The databases.
    pub dbs: Vec<PatternDb>,
}

/// The partitions of the 4×4 known by name.
///
/// ```
/// use schofield::search::pdb::PartitionName;
/// let p: PartitionName = "6-6-3".parse().unwrap();
/// assert_eq!(p, PartitionName::SixSixThree);
/// assert_eq!(p.to_string(), "6-6-3");
/// let e = "6-6-4".parse::<PartitionName>().unwrap_err();
/// assert_eq!(e.to_string(), "unknown partition \"6-6-4\"; expected 7-7-1, 7-8, 6-6-3 or 5-5-5");
/// ```
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub enum PartitionName {
    /// `7-7-1`: tiles 1–7, 8–14 and 15.
    SevenSevenOne,
    /// `7-8`: tiles 1–7 and 8–15 (the default).
    SevenEight,
    /// `6-6-3`: {1,2,3,5,6,7}, {4,8,9,12,13,14}, {10,11,15}.
    SixSixThree,
    /// `5-5-5`: three blocks of five.
    FiveFiveFive,
}

impl PartitionName {
    /// Every name, in the order the help lists them.
    pub const ALL: [PartitionName; 4] = [
        PartitionName::SevenSevenOne,
        PartitionName::SevenEight,
        PartitionName::SixSixThree,
        PartitionName::FiveFiveFive,
    ];

    /// The name as written: `7-7-1`, `7-8`, `6-6-3`, `5-5-5`.
    pub fn name(self) -> &'static str {
        match self {
            PartitionName::SevenSevenOne => "7-7-1",
            PartitionName::SevenEight => "7-8",
            PartitionName::SixSixThree => "6-6-3",
            PartitionName::FiveFiveFive => "5-5-5",
        }
    }

    /// Where schofield keeps these databases between runs: the file
    /// `pdb-NAME-blank-first.bin` (they are always built for the
    /// blank-first goal) in the user's cache folder (`$XDG_CACHE_HOME/schofield`
    /// or `~/.cache/schofield` on Linux), else in the current folder.
    ///
    /// ```
    /// use schofield::search::pdb::PartitionName;
    /// let f = PartitionName::SevenEight.cache_file();
    /// assert!(f.ends_with("pdb-7-8-blank-first.bin"));
    /// ```
    pub fn cache_file(self) -> std::path::PathBuf {
        crate::board::store::cache_folder().join(format!("pdb-{}-blank-first.bin", self.name()))
    }

    /// The bytes the databases hold in memory: an eighth of a byte for
    /// each state of each block's tiles, rounded up ([`States`]).
    ///
    /// ```
    /// use schofield::search::pdb::PartitionName;
    /// assert_eq!(PartitionName::SevenEight.table_bytes(), 17_481_240 + 178_148_880);
    /// ```
    pub fn table_bytes(self) -> u64 {
        let board = Board::new(4, 4).expect("the 4x4");
        self.blocks()
            .iter()
            .map(|b| PatternDb::table_bytes(&board, b.len()).expect("16 cells"))
            .sum()
    }

    /// The most memory building the databases takes at once: the largest
    /// database's build ([`PatternDb::build_bytes`]) with the databases
    /// built before it.
    ///
    /// ```
    /// use schofield::search::pdb::PartitionName;
    /// // 8 tiles: 1 425 191 040 states at two bits and a parity bit each;
    /// // and the 7 tiles' database.
    /// assert_eq!(PartitionName::SevenEight.build_bytes(), 356_297_760 + 178_148_880 + 17_481_240);
    /// ```
    pub fn build_bytes(self) -> u64 {
        let board = Board::new(4, 4).expect("the 4x4");
        let mut done = 0u64;
        let mut peak = 0u64;
        for b in self.blocks() {
            let k = b.len();
            peak = peak.max(done + PatternDb::build_bytes(&board, k).expect("16 cells fit"));
            done += PatternDb::table_bytes(&board, k).expect("16 cells");
        }
        peak
    }

    /// Refuses a memory bound of `max_mb` MB (2²⁰ bytes) that these
    /// databases alone exceed ([`PartitionName::table_bytes`]), before
    /// they are built or read.
    ///
    /// ```
    /// use schofield::search::pdb::PartitionName;
    /// assert!(PartitionName::SixSixThree.check_memory(Some(100)).is_ok());
    /// let e = PartitionName::SevenEight.check_memory(Some(10)).unwrap_err();
    /// assert!(e.to_string().starts_with("the 7-8 databases hold 187 MB, more than the 10 MB allowed"));
    /// ```
    pub fn check_memory(self, max_mb: Option<u64>) -> Result<(), PdbError> {
        self.check_bytes(self.table_bytes(), max_mb, |allowed_mb| {
            PdbError::TooLarge {
                name: self,
                allowed_mb,
            }
        })
    }

    /// Refuses a memory bound of `max_mb` MB that building these databases
    /// exceeds ([`PartitionName::build_bytes`]): the build needs more than
    /// the databases it leaves.
    pub fn check_build_memory(self, max_mb: Option<u64>) -> Result<(), PdbError> {
        self.check_bytes(self.build_bytes(), max_mb, |allowed_mb| {
            PdbError::BuildTooLarge {
                name: self,
                allowed_mb,
            }
        })
    }

    /// `too_many(max_mb)` when `bytes` exceed `max_mb` MB (2²⁰ bytes).
    fn check_bytes(
        self,
        bytes: u64,
        max_mb: Option<u64>,
        too_many: impl Fn(u64) -> PdbError,
    ) -> Result<(), PdbError> {
        match max_mb {
            Some(mb) if bytes > mb.saturating_mul(1 << 20) => Err(too_many(mb)),
            _ => Ok(()),
        }
    }

    /// The goal the databases are built for: the blank first. They serve
    /// every goal with the blank in a corner through a recast
    /// ([`PartitionName::check_goal`]).
    pub fn goal(board: &Board) -> Arrangement {
        board.goal_blank_first()
    }

    /// Refuses a goal the databases cannot serve: one whose blank is not in
    /// a corner (no symmetry of the board carries it to the goal they are
    /// built for).
    ///
    /// ```
    /// use schofield::board::Board;
    /// use schofield::search::pdb::PartitionName;
    /// let b: Board = "4x4".parse().unwrap();
    /// assert!(PartitionName::check_goal(&b, &b.goal_blank_last()).is_ok());
    /// let middle = b.parse_arrangement("1 2 3 4/5 _ 6 7/8 9 10 11/12 13 14 15").unwrap();
    /// let e = PartitionName::check_goal(&b, &middle).unwrap_err();
    /// assert!(e.to_string().contains("has its blank on cell 5"), "{e}");
    /// ```
    pub fn check_goal(board: &Board, goal: &Arrangement) -> Result<(), PdbError> {
        match Recast::between(board, goal, &Self::goal(board)) {
            Some(_) => Ok(()),
            None => Err(PdbError::BlankNotInCorner {
                goal: board.format(goal),
                blank: goal.blank(),
            }),
        }
    }

    /// Blocks of goal cells (of the 4×4 with the blank's home on cell 0).
    fn blocks(self) -> Vec<Vec<usize>> {
        match self {
            // Rows 0–1 right of column 0, then the rest of the left and
            // bottom, then the 3 cells at the bottom right.
            PartitionName::SixSixThree => vec![
                vec![1, 2, 3, 5, 6, 7],
                vec![4, 8, 9, 12, 13, 14],
                vec![10, 11, 15],
            ],
            PartitionName::FiveFiveFive => vec![
                vec![1, 2, 3, 6, 7],
                vec![4, 5, 8, 9, 12],
                vec![10, 11, 13, 14, 15],
            ],
            // The top two rows but the blank's cell, and the bottom two rows.
            PartitionName::SevenEight => vec![
                vec![1, 2, 3, 4, 5, 6, 7],
                vec![8, 9, 10, 11, 12, 13, 14, 15],
            ],
            // The same with the last tile on its own (its Manhattan distance).
            PartitionName::SevenSevenOne => vec![
                vec![1, 2, 3, 4, 5, 6, 7],
                vec![8, 9, 10, 11, 12, 13, 14],
                vec![15],
            ],
        }
    }
}

impl fmt::Display for PartitionName {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.name())
    }
}

impl FromStr for PartitionName {
    type Err = PdbError;

    fn from_str(s: &str) -> Result<Self, Self::Err> {
        PartitionName::ALL
            .into_iter()
            .find(|p| p.name() == s)
            .ok_or_else(|| PdbError::UnknownPartition(s.to_string()))
    }
}

/// The tile sets of a named partition for `goal` on the 4×4, with the
/// blank's home in a corner of the main diagonal; tiles are grouped in
/// compact blocks of the goal. `None` if `goal` is not of the 4×4.
pub fn partition_tiles(name: PartitionName, goal: &Arrangement) -> Option<Vec<Vec<u8>>> {
    let cells = goal.cells();
    if cells.len() != 16 {
        return None;
    }
    // With the blank elsewhere than cell 0, swap the blank's cell for 0.
    let home = goal.blank();
    let tile_at = |c: usize| -> u8 { if c == home { cells[0] } else { cells[c] } };
    Some(
        name.blocks()
            .iter()
            .map(|b| b.iter().map(|&c| tile_at(c)).collect())
            .collect(),
    )
}

impl Partition {
    /// The databases of `sets`, one for each set of tiles, towards `goal`,
    /// each built by [`PatternDb::build`], the plain method: for small
    /// boards and tests. Named by [`Partition::name_of`] when the sets are
    /// a named partition.
    ///
    /// ```
    /// use schofield::board::Board;
    /// use schofield::search::pdb::Partition;
    /// let b: Board = "2x3".parse().unwrap();
    /// let p = Partition::of_sets(&b, &b.goal_blank_last(), &[&[1, 2, 3], &[4, 5]]);
    /// assert_eq!(p.sets(), [vec![1, 2, 3], vec![4, 5]]);
    /// assert_eq!(p.name, None);
    /// ```
    pub fn of_sets(board: &Board, goal: &Arrangement, sets: &[&[u8]]) -> Partition {
        let dbs: Vec<PatternDb> = sets
            .iter()
            .map(|tiles| PatternDb::build(board, goal, tiles))
            .collect();
        let mut p = Partition { name: None, dbs };
        p.name = Self::name_of(&p.sets(), goal);
        p
    }

    /// Builds the named partition's databases for `goal` on the 4×4
    /// `board`. `progress` is called (with the database as the part) as
    /// each database's search finishes a layer. The memory each build
    /// needs ([`PartitionName::build_bytes`]) is allocated fallibly: when
    /// it cannot be had, the error says how much was asked for.
    pub fn build(
        board: &Board,
        goal: &Arrangement,
        name: PartitionName,
        progress: &(dyn Fn(Progress) + Sync),
    ) -> Result<Partition, PdbError> {
        let sets = partition_tiles(name, goal).expect("a goal of the 4x4");
        let count = sets.len();
        let mut dbs = Vec::new();
        for (i, tiles) in sets.iter().enumerate() {
            let db = PatternDb::build_by_regions(board, goal, tiles, &|p| {
                progress(Progress {
                    part: i,
                    parts: count,
                    ..p
                })
            })
            .ok_or(PdbError::OutOfMemory {
                bytes: name.build_bytes(),
            })?;
            dbs.push(db);
        }
        Ok(Partition {
            name: Some(name),
            dbs,
        })
    }

    /// The board.
    pub fn board(&self) -> &Board {
        &self.dbs[0].board
    }

    /// The goal.
    pub fn goal(&self) -> &Arrangement {
        &self.dbs[0].goal
    }

    /// The tile sets, one per database.
    pub fn sets(&self) -> Vec<Vec<u8>> {
        self.dbs.iter().map(|db| db.tiles.clone()).collect()
    }

    /// The named partition these tile sets are for `goal`, if any.
    pub fn name_of(sets: &[Vec<u8>], goal: &Arrangement) -> Option<PartitionName> {
        PartitionName::ALL
            .into_iter()
            .find(|&p| partition_tiles(p, goal).as_deref() == Some(sets))
    }

    /// The file image: a [`crate::board::store`] container of kind
    /// [`Kind::PatternDatabases`] with the tile sets in its header and
    /// every database's parities, one after the other, as its payload.
    pub fn to_bytes(&self) -> Vec<u8> {
        store::to_bytes(
            Kind::PatternDatabases,
            self.board(),
            self.goal(),
            &self.sets(),
            &self.payload(),
        )
    }

    /// Each database's parities in turn (an eighth of a byte a state,
    /// rounded up).
    fn payload(&self) -> Vec<u8> {
        let mut body = Vec::with_capacity(self.dbs.iter().map(|db| db.bytes() as usize).sum());
        for db in &self.dbs {
            body.extend_from_slice(&db.parity);
        }
        body
    }

    /// Saves atomically.
    pub fn save(&self, path: &Path) -> Result<(), PdbError> {
        store::write(
            path,
            Kind::PatternDatabases,
            self.board(),
            self.goal(),
            &self.sets(),
            &self.payload(),
        )
        .map_err(PdbError::Store)
    }

    /// Reads a file image, refusing anything damaged or wrong: every check
    /// of [`store::from_bytes`], then each database's values (see
    /// [`check_values`]). The name is found from the tile sets.
    pub fn from_bytes(bytes: &[u8], name: &str) -> Result<Partition, PdbError> {
        Self::from_contents(
            store::from_bytes(bytes, name, Kind::PatternDatabases)?,
            name,
        )
    }

    /// Reads the databases in `path`, whatever their board, goal and tiles
    /// (see [`store::read`]).
    pub fn read(path: &Path) -> Result<Partition, PdbError> {
        let p = path.display().to_string();
        Self::from_contents(store::read(path, Kind::PatternDatabases)?, &p)
    }

    fn from_contents(c: store::Contents, path: &str) -> Result<Partition, PdbError> {
        // Where each database's parities lie: an eighth of a byte a state,
        // rounded up, one database after another, filling the payload.
        let mut parts = Vec::with_capacity(c.sets.len());
        let mut at = 0usize;
        for tiles in &c.sets {
            let db = PatternDb::empty(&c.board, &c.goal, tiles).ok_or_else(|| {
                StoreError::contents(
                    path,
                    format!("the tile set {tiles:?}"),
                    "fewer tiles than cells on a board of at most 16 cells",
                )
            })?;
            let bytes = db.len().div_ceil(8);
            parts.push((db, at, bytes));
            at += bytes;
        }
        if c.payload.len() != at {
            return Err(StoreError::contents(
                path,
                format!("a payload of {} bytes", c.payload.len()),
                format!("{at} for pattern databases of the {} board", c.board),
            )
            .into());
        }
        // The parities: copies, but the largest database's are the payload
        // itself, cut down to them (the others are copied out first).
        let largest = (0..parts.len())
            .max_by_key(|&i| parts[i].2)
            .expect("at least one database");
        let mut copies: Vec<Vec<u8>> = parts
            .iter()
            .enumerate()
            .map(|(i, (_, start, bytes))| {
                if i == largest {
                    Vec::new()
                } else {
                    c.payload[*start..start + bytes].to_vec()
                }
            })
            .collect();
        let mut payload = c.payload;
        let mut dbs = Vec::with_capacity(parts.len());
        for (i, (mut db, start, bytes)) in parts.into_iter().enumerate() {
            db.parity = if i == largest {
                let mut own = std::mem::take(&mut payload);
                own.truncate(start + bytes);
                own.drain(..start);
                own.shrink_to_fit();
                own
            } else {
                std::mem::take(&mut copies[i])
            };
            check_values(&db).map_err(|(found, expected)| {
                StoreError::contents(
                    path,
                    format!("in the database of tiles {:?}, {found}", db.tiles),
                    expected,
                )
            })?;
            dbs.push(db);
        }
        Ok(Partition {
            name: Self::name_of(&c.sets, &c.goal),
            dbs,
        })
    }

    /// Loads from `path`, refusing a file for another board, goal or
    /// partition than the one given.
    pub fn load(
        path: &Path,
        board: &Board,
        goal: &Arrangement,
        name: PartitionName,
    ) -> Result<Partition, PdbError> {
        let part = Self::read(path)?;
        if part.board() != board || part.goal() != goal || part.name != Some(name) {
            let held = match part.name {
                Some(n) => format!("the {n} databases"),
                None => format!("databases of the tile sets {:?}", part.sets()),
            };
            return Err(PdbError::Mismatch {
                path: path.display().to_string(),
                holds: format!(
                    "{held} for the {} board with goal {}",
                    part.board(),
                    part.board().format(part.goal())
                ),
                wanted: format!("{name} for {board} with goal {}", board.format(goal)),
            });
        }
        Ok(part)
    }
}

/// Checks that a partition's tile sets are disjoint and cover the tiles.
pub fn is_partition(sets: &[Vec<u8>], tiles: usize) -> bool {
    let mut seen = vec![false; tiles + 1];
    for s in sets {
        for &t in s {
            if t == 0 || usize::from(t) > tiles || seen[usize::from(t)] {
                return false;
            }
            seen[usize::from(t)] = true;
        }
    }
    seen[1..].iter().all(|&x| x)
}
