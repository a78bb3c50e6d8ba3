//! Additive disjoint pattern databases (Korf and Felner): for a set of
//! tiles, the least number of moves *of those tiles* that brings them home,
//! whatever the other tiles do. Databases for disjoint sets of tiles can be
//! added, since every move moves one tile of one set.
//!
//! **Building** is a breadth-first search in the abstract puzzle where the
//! other tiles are indistinguishable: a state is the cells of the pattern's
//! tiles and of the blank; sliding a pattern tile costs 1, moving the blank
//! through the other tiles costs 0 (a 0-1 breadth-first search, layer by
//! layer in the cost). The database keeps, for each placement of the
//! pattern's tiles, the least cost over the blank's cells.
//!
//! **Indexing.** A placement of `k` tiles on `n` cells is a partial
//! permutation, ranked by its Lehmer code: `Σ d_i (n−1−i)!/(n−k)!`, with
//! `d_i` the number of free cells below tile `i`'s.
//!
//! ```
//! use schofield::board::Board;
//! use schofield::search::pdb::PatternDb;
//! let b: Board = "2x3".parse().unwrap();
//! let db = PatternDb::build(&b, &b.goal_blank_last(), &[1, 2]);
//! assert_eq!(db.len(), 6 * 5);
//! assert_eq!(db.max(), db.entries().iter().copied().max().unwrap());
//! ```

use crate::board::symmetry::Symmetry;
use crate::board::{Arrangement, Board, Progress};
use crate::perm::Lehmer;
use crate::render::quoted;
use crate::store::{self, Kind, StoreError};
use fixedbitset::FixedBitSet;
use std::fmt;
use std::path::Path;
use std::str::FromStr;

/// A pattern database for one set of tiles.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct PatternDb {
    board: Board,
    goal: Arrangement,
    tiles: Vec<u8>,
    ranks: Lehmer<u32>,
    table: Vec<u8>,
}

/// Nibble `i`.
#[inline]
fn nib(x: u64, i: usize) -> usize {
    ((x >> (4 * i)) & 0xf) as usize
}

impl PatternDb {
    /// The rank of placements of `k` tiles on the `n` cells
    /// ([`Lehmer::placements`]); `n ≤ 16` cells always fit in 32 bits.
    fn placement_ranks(n: usize, k: usize) -> Lehmer<u32> {
        Lehmer::placements(n, k).expect("at most 16!/9! placements: 32 bits suffice")
    }

    /// The number of placements: `n!/(n−k)!`.
    pub fn len(&self) -> usize {
        self.table.len()
    }

    /// Never empty.
    pub fn is_empty(&self) -> bool {
        self.table.is_empty()
    }

    /// Its placement rank (see [`PatternDb::index`]).
    pub(crate) fn ranks(&self) -> &Lehmer<u32> {
        &self.ranks
    }

    /// The tiles of the pattern.
    pub fn tiles(&self) -> &[u8] {
        &self.tiles
    }

    /// The largest value.
    pub fn max(&self) -> u8 {
        self.table.iter().copied().max().unwrap_or(0)
    }

    /// The values, by placement rank.
    pub fn entries(&self) -> &[u8] {
        &self.table
    }

    /// The rank of a placement: `cells[i]` is the cell of the pattern's
    /// `i`-th tile.
    #[inline]
    pub fn index(&self, cells: &[u8]) -> usize {
        self.ranks.rank(cells.iter().copied()) as usize
    }

    /// The value for a placement.
    #[inline]
    pub fn value(&self, cells: &[u8]) -> u8 {
        self.table[self.index(cells)]
    }

    /// Builds the database of `tiles` towards `goal` by a 0-1 breadth-first
    /// search over (pattern cells, blank cell).
    pub fn build(board: &Board, goal: &Arrangement, tiles: &[u8]) -> PatternDb {
        let n = board.cells();
        let k = tiles.len();
        let ranks = Self::placement_ranks(n, k);
        let size = ranks.count() as usize;
        let mut table = vec![u8::MAX; size];
        // Visited (placement, blank cell) pairs.
        let mut seen = FixedBitSet::with_capacity(size * n);
        let neighbours: Vec<Vec<usize>> = (0..n).map(|c| board.neighbours(c).collect()).collect();
        let goal_cell = |t: u8| {
            goal.cells()
                .iter()
                .position(|&x| x == t)
                .expect("tile on the goal")
        };
        let mut start = 0u64;
        for (i, &t) in tiles.iter().enumerate() {
            start |= (goal_cell(t) as u64) << (4 * i);
        }
        let blank = goal.blank();
        // A state packs the k cells in nibbles and the blank's cell above.
        let pack = |cells: u64, blank: usize| cells | (blank as u64) << (4 * k);
        let mut cells_of = [0u8; 16];
        let mark = |cells: u64,
                    blank: usize,
                    seen: &mut FixedBitSet,
                    cells_of: &mut [u8; 16]|
         -> Option<usize> {
            for (i, c) in cells_of.iter_mut().enumerate().take(k) {
                *c = nib(cells, i) as u8;
            }
            let r = ranks.rank(cells_of[..k].iter().copied()) as usize;
            let bit = r * n + blank;
            if seen.put(bit) {
                return None;
            }
            Some(r)
        };
        let r0 = mark(start, blank, &mut seen, &mut cells_of).expect("first");
        table[r0] = 0;
        let mut current = vec![pack(start, blank)];
        let mut cost = 0u8;
        let cell_mask = (1u64 << (4 * k)) - 1;
        while !current.is_empty() {
            let mut next = Vec::new();
            while let Some(state) = current.pop() {
                let cells = state & cell_mask;
                let blank = (state >> (4 * k)) as usize;
                let mut occupied = 0u32;
                for i in 0..k {
                    occupied |= 1 << nib(cells, i);
                }
                for &to in &neighbours[blank] {
                    if occupied & (1 << to) != 0 {
                        // A pattern tile slides into the blank: cost 1.
                        let i = (0..k).find(|&i| nib(cells, i) == to).expect("occupied");
                        let moved = (cells & !(0xf << (4 * i))) | (blank as u64) << (4 * i);
                        if let Some(r) = mark(moved, to, &mut seen, &mut cells_of) {
                            if table[r] == u8::MAX {
                                table[r] = cost + 1;
                            }
                            next.push(pack(moved, to));
                        }
                    } else if let Some(r) = mark(cells, to, &mut seen, &mut cells_of) {
                        // The blank passes another tile: cost 0.
                        if table[r] == u8::MAX {
                            table[r] = cost;
                        }
                        current.push(pack(cells, to));
                    }
                }
            }
            current = next;
            cost += 1;
        }
        PatternDb {
            board: *board,
            goal: goal.clone(),
            tiles: tiles.to_vec(),
            ranks,
            table,
        }
    }
}

impl PatternDb {
    /// Builds the same database as [`PatternDb::build`], exactly, by a
    /// faster route. Moving the blank through the other tiles is free, so
    /// all that matters of the blank is which *connected region of free
    /// cells* it is in. A state is a placement with one of its free regions
    /// (named by its smallest cell), every move costs 1, and the search is a
    /// plain breadth-first search, each layer expanded in parallel (rayon).
    /// Each placement keeps a 16-bit mask of the regions seen and its least
    /// distance. The 7-8 partition of the 4×4 (518 918 400 placements for 8
    /// tiles) is built this way.
    pub fn build_by_regions(
        board: &Board,
        goal: &Arrangement,
        tiles: &[u8],
        progress: &(dyn Fn(Progress) + Sync),
    ) -> PatternDb {
        use rayon::prelude::*;
        use std::sync::atomic::{AtomicU8, AtomicU16, Ordering};
        let n = board.cells();
        let cols = board.cols();
        let k = tiles.len();
        let ranks = Self::placement_ranks(n, k);
        let size = ranks.count() as usize;
        let table: Vec<AtomicU8> = (0..size).map(|_| AtomicU8::new(u8::MAX)).collect();
        let regions: Vec<AtomicU16> = (0..size).map(|_| AtomicU16::new(0)).collect();
        let full: u32 = (1u32 << n) - 1;
        let mut not_first_col = 0u32;
        let mut not_last_col = 0u32;
        for c in 0..n {
            if c % cols != 0 {
                not_first_col |= 1 << c;
            }
            if c % cols != cols - 1 {
                not_last_col |= 1 << c;
            }
        }
        let spread = move |m: u32| -> u32 {
            (m | ((m << 1) & not_first_col) | ((m >> 1) & not_last_col) | (m << cols) | (m >> cols))
                & full
        };
        let flood = move |from: u32, free: u32| -> u32 {
            let mut region = 1u32 << from;
            loop {
                let next = spread(region) & free;
                if next == region {
                    return region;
                }
                region = next;
            }
        };
        let neighbour_mask: Vec<u32> = (0..n).map(|c| spread(1 << c) & !(1 << c)).collect();
        let goal_cell = |t: u8| {
            goal.cells()
                .iter()
                .position(|&x| x == t)
                .expect("tile on the goal") as u64
        };
        let mut start = 0u64;
        let mut occupied = 0u32;
        for (i, &t) in tiles.iter().enumerate() {
            start |= goal_cell(t) << (4 * i);
            occupied |= 1 << goal_cell(t);
        }
        let blank_region = flood(goal.blank() as u32, full & !occupied);
        let mut cells = [0u8; 16];
        for (i, c) in cells.iter_mut().enumerate().take(k) {
            *c = ((start >> (4 * i)) & 0xf) as u8;
        }
        let r0 = ranks.rank(cells[..k].iter().copied()) as usize;
        table[r0].store(0, Ordering::Relaxed);
        regions[r0].store(1 << blank_region.trailing_zeros(), Ordering::Relaxed);
        // A frontier entry: the k cells in nibbles, the region's name above.
        let mut frontier: Vec<u64> = vec![start | u64::from(blank_region.trailing_zeros()) << 60];
        // Placements reached (the frontier counts placements with regions).
        let placed = std::sync::atomic::AtomicU64::new(1);
        let mut layer = 0u8;
        while !frontier.is_empty() {
            let d = layer + 1;
            let next: Vec<u64> = frontier
                .par_chunks(4096)
                .flat_map_iter(|chunk| {
                    let mut out = Vec::new();
                    let mut cells = [0u8; 16];
                    for &entry in chunk {
                        let mut occupied = 0u32;
                        for (i, c) in cells.iter_mut().enumerate().take(k) {
                            *c = ((entry >> (4 * i)) & 0xf) as u8;
                            occupied |= 1 << *c;
                        }
                        let free = full & !occupied;
                        let region = flood((entry >> 60) as u32, free);
                        for i in 0..k {
                            let from = cells[i];
                            let mut into = neighbour_mask[usize::from(from)] & region;
                            while into != 0 {
                                let to = into.trailing_zeros() as u8;
                                into &= into - 1;
                                cells[i] = to;
                                // The blank ends where the tile was.
                                let free2 = (free | 1 << from) & !(1 << to);
                                let name = flood(u32::from(from), free2).trailing_zeros();
                                let q = ranks.rank(cells[..k].iter().copied()) as usize;
                                let bit = 1u16 << name;
                                if regions[q].load(Ordering::Relaxed) & bit == 0
                                    && regions[q].fetch_or(bit, Ordering::Relaxed) & bit == 0
                                {
                                    if table[q]
                                        .compare_exchange(
                                            u8::MAX,
                                            d,
                                            Ordering::Relaxed,
                                            Ordering::Relaxed,
                                        )
                                        .is_ok()
                                    {
                                        placed.fetch_add(1, Ordering::Relaxed);
                                    }
                                    let mut packed = u64::from(name) << 60;
                                    for (j, &c) in cells.iter().enumerate().take(k) {
                                        packed |= u64::from(c) << (4 * j);
                                    }
                                    out.push(packed);
                                }
                            }
                            cells[i] = from;
                        }
                    }
                    out
                })
                .collect();
            layer = d;
            progress(Progress {
                part: 0,
                parts: 1,
                layer: u32::from(layer),
                found: placed.load(Ordering::Relaxed),
                total: size as u64,
            });
            frontier = next;
        }
        PatternDb {
            board: *board,
            goal: goal.clone(),
            tiles: tiles.to_vec(),
            ranks,
            table: table.into_iter().map(AtomicU8::into_inner).collect(),
        }
    }
}

/// A partition of the tiles into disjoint patterns, with a database each.
///
/// ```
/// use schofield::board::Board;
/// use schofield::search::pdb::{Partition, PatternDb};
/// let b: Board = "2x3".parse().unwrap();
/// let g = b.goal_blank_last();
/// let p = Partition {
///     name: None,
///     dbs: vec![PatternDb::build(&b, &g, &[1, 2, 3]), PatternDb::build(&b, &g, &[4, 5])],
/// };
/// let bytes = p.to_bytes();
/// assert_eq!(Partition::from_bytes(&bytes, "p.bin").unwrap(), p);
/// // A value below the Manhattan distance, checksum recomputed: refused.
/// let mut entries = bytes[bytes.len() - 30..].to_vec();
/// entries[7] = 0;
/// let mut payload = bytes[bytes.len() - 150..bytes.len() - 30].to_vec();
/// payload.extend_from_slice(&entries);
/// let forged = schofield::store::to_bytes(
///     schofield::store::Kind::PatternDatabases, &b, &g, &p.sets(), &payload);
/// let e = Partition::from_bytes(&forged, "p.bin").unwrap_err();
/// assert!(e.to_string().contains("Manhattan"), "{e}");
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
    /// `7-7-1`: tiles 1–7, 8–14 and 15 (the default).
    SevenSevenOne,
    /// `7-8`: tiles 1–7 and 8–15.
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

    /// The bytes the databases hold in memory: one byte for each placement
    /// of each block's tiles, `16!/(16−k)!` for a block of `k`.
    ///
    /// ```
    /// use schofield::search::pdb::PartitionName;
    /// assert_eq!(PartitionName::SixSixThree.table_bytes(), 2 * 5_765_760 + 3_360);
    /// ```
    pub fn table_bytes(self) -> u64 {
        self.blocks()
            .iter()
            .map(|b| (0..b.len() as u64).map(|i| 16 - i).product::<u64>())
            .sum()
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

/// Why databases could not be used.
///
/// ```
/// use schofield::search::pdb::{Partition, PdbError};
/// let e = Partition::read("/dev/null".as_ref()).unwrap_err();
/// assert!(matches!(e, PdbError::Store(_)));
/// assert_eq!(e.to_string(), "\"/dev/null\" is a character device, not a regular file");
/// ```
#[derive(Debug)]
pub enum PdbError {
    /// The file could not be written or read back, or it is damaged or
    /// wrong (see [`StoreError`]).
    Store(StoreError),
    /// For another board, goal or partition.
    Mismatch {
        /// The file.
        path: String,
        /// What it holds.
        holds: String,
        /// What was asked for.
        wanted: String,
    },
    /// An unknown partition name.
    UnknownPartition(String),
}

impl From<StoreError> for PdbError {
    fn from(e: StoreError) -> Self {
        PdbError::Store(e)
    }
}

impl fmt::Display for PdbError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            PdbError::Store(e) => e.fmt(f),
            PdbError::Mismatch {
                path,
                holds,
                wanted,
            } => write!(f, "{} holds {holds}, not {wanted}", quoted(path)),
            PdbError::UnknownPartition(n) => {
                let names: Vec<&str> = PartitionName::ALL.iter().map(|p| p.name()).collect();
                let (last, rest) = names.split_last().expect("names");
                write!(
                    f,
                    "unknown partition {}; expected {} or {last}",
                    quoted(n),
                    rest.join(", ")
                )
            }
        }
    }
}

impl std::error::Error for PdbError {
    fn source(&self) -> Option<&(dyn std::error::Error + 'static)> {
        match self {
            PdbError::Store(e) => Some(e),
            _ => None,
        }
    }
}

impl Partition {
    /// Builds the named partition's databases for `goal` on the 4×4
    /// `board`. `progress` is called (with the database as the part) as
    /// each database's search finishes a layer.
    pub fn build(
        board: &Board,
        goal: &Arrangement,
        name: PartitionName,
        progress: &(dyn Fn(Progress) + Sync),
    ) -> Partition {
        let sets = partition_tiles(name, goal).expect("a goal of the 4x4");
        let count = sets.len();
        let mut dbs = Vec::new();
        for (i, tiles) in sets.iter().enumerate() {
            dbs.push(PatternDb::build_by_regions(board, goal, tiles, &|p| {
                progress(Progress {
                    part: i,
                    parts: count,
                    ..p
                })
            }));
        }
        Partition {
            name: Some(name),
            dbs,
        }
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

    /// The file image: a [`crate::store`] container of kind
    /// [`Kind::PatternDatabases`] with the tile sets in its header and
    /// every database's entries, one after the other, as its payload.
    pub fn to_bytes(&self) -> Vec<u8> {
        store::to_bytes(
            Kind::PatternDatabases,
            self.board(),
            self.goal(),
            &self.sets(),
            &self.payload(),
        )
    }

    fn payload(&self) -> Vec<u8> {
        let mut body = Vec::with_capacity(self.dbs.iter().map(PatternDb::len).sum());
        for db in &self.dbs {
            body.extend_from_slice(&db.table);
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
        let n = c.board.cells();
        let mut dbs = Vec::with_capacity(c.sets.len());
        let mut offset = 0;
        for tiles in &c.sets {
            let k = tiles.len();
            let entries = store::placements(n, k) as usize;
            let db = PatternDb {
                board: c.board,
                goal: c.goal.clone(),
                ranks: PatternDb::placement_ranks(n, k),
                tiles: tiles.clone(),
                table: c.payload[offset..offset + entries].to_vec(),
            };
            check_values(&db).map_err(|(found, expected)| {
                StoreError::contents(
                    path,
                    format!("in the database of tiles {tiles:?}, {found}"),
                    expected,
                )
            })?;
            dbs.push(db);
            offset += entries;
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

/// The largest distance between two arrangements of the boards whose
/// diameter is known and checked: the 2×2, 2×3, 2×4 and 3×3 by this
/// program's own lookup tables (the test `known_diameters` builds them for
/// every blank cell of the goal), and the 4×4, 80 moves (Brüngger,
/// Marzetta, Fukuda and Nievergelt, 1999; Korf, 2008). Other boards are
/// left out rather than taken on trust: their databases are capped at 254.
pub fn known_diameter(board: &Board) -> Option<u8> {
    match (board.rows(), board.cols()) {
        (2, 2) => Some(6),
        (2, 3) | (3, 2) => Some(21),
        (2, 4) | (4, 2) => Some(36),
        (3, 3) => Some(31),
        (4, 4) => Some(80),
        _ => None,
    }
}

/// The largest value a database of `tiles` tiles on `board` may hold.
///
/// Never 255: the builders mark an unreached placement with it. When the
/// pattern leaves at least two tiles out, at most the board's
/// [`known_diameter`]: the placement extends to an arrangement that can
/// reach the goal (swapping two of the other tiles fixes the parity if
/// needed); an optimal solution of it moves the pattern's tiles at most as
/// often as its length, which is at most the diameter; and the pattern's
/// moves in that solution are a path in the database's search, so the
/// database's value is no more. Otherwise (a pattern of all tiles but one
/// or none, or a board of unknown diameter) 254.
pub fn value_cap(board: &Board, tiles: usize) -> u8 {
    match known_diameter(board) {
        Some(d) if tiles + 3 <= board.cells() => d,
        _ => 254,
    }
}

/// Checks a database's values, so that a file with a right checksum but
/// wrong values is refused. On failure it says what was found and what was
/// expected.
///
/// The checks: the goal's placement has 0; every value is at least the sum
/// of the Manhattan distances of the pattern's tiles from their goal cells
/// (each such tile must move at least that often, so a true database never
/// says less); and at most [`value_cap`]. When the pattern holds every tile,
/// half the placements cannot be reached and hold 255; they are allowed.
///
/// What it cannot catch: a database crafted to over-estimate within those
/// bounds and consistently (say, every value but the goal's one higher)
/// looks like a real one; only rebuilding it would tell. Such a file makes
/// the search return longer solutions, never crash.
///
/// It walks every placement once in rank order (the ranks are
/// lexicographic), about a second for the 518 918 400 entries of the 7-8
/// partition in a release build.
pub fn check_values(db: &PatternDb) -> Result<(), (String, String)> {
    let b = db.board;
    let n = b.cells();
    let k = db.tiles.len();
    let home: Vec<usize> = db
        .tiles
        .iter()
        .map(|&t| {
            db.goal
                .cells()
                .iter()
                .position(|&x| x == t)
                .expect("tile on the goal")
        })
        .collect();
    let goal_rank = {
        let cells: Vec<u8> = home.iter().map(|&c| c as u8).collect();
        db.index(&cells)
    };
    if db.table[goal_rank] != 0 {
        return Err((
            format!("the goal placement's value is {}", db.table[goal_rank]),
            "0".into(),
        ));
    }
    let cap = value_cap(&b, k);
    let whole = k + 1 == n;
    // dist[i][c]: the Manhattan distance of tile i on cell c from home.
    let manhattan: Vec<Vec<u8>> = home
        .iter()
        .map(|&h| (0..n).map(|c| b.manhattan(c, h) as u8).collect())
        .collect();
    // Depth-first over placements in lexicographic order, which is rank
    // order: cells[i] is tile i's cell.
    let mut cells = vec![0usize; k];
    let mut used = 0u32;
    let mut sum = vec![0u16; k + 1];
    let mut r = 0usize;
    let mut depth = 0usize;
    let mut next = 0usize;
    loop {
        if depth == k {
            let v = db.table[r];
            let placed: Vec<u8> = cells.iter().map(|&c| c as u8).collect();
            if u16::from(v) < sum[k] && v != u8::MAX {
                return Err((
                    format!("the value {v} for the cells {placed:?}"),
                    format!(
                        "at least {}, the tiles' Manhattan distances from home",
                        sum[k]
                    ),
                ));
            }
            if v > cap {
                let allowed = whole && v == u8::MAX && !reachable(&b, &db.tiles, &cells, &db.goal);
                if !allowed {
                    return Err((
                        format!("the value {v} for the cells {placed:?}"),
                        format!("at most {cap} on the {b} board"),
                    ));
                }
            } else if whole && !reachable(&b, &db.tiles, &cells, &db.goal) {
                return Err((
                    format!("the value {v} for the unreachable cells {placed:?}"),
                    "255 (unreached)".into(),
                ));
            }
            r += 1;
            // Back up.
            depth -= 1;
            used &= !(1 << cells[depth]);
            next = cells[depth] + 1;
            continue;
        }
        // The next free cell from `next` for tile `depth`.
        let mut c = next;
        while c < n && used & (1 << c) != 0 {
            c += 1;
        }
        if c < n {
            cells[depth] = c;
            used |= 1 << c;
            sum[depth + 1] = sum[depth] + u16::from(manhattan[depth][c]);
            depth += 1;
            next = 0;
        } else {
            if depth == 0 {
                break;
            }
            depth -= 1;
            used &= !(1 << cells[depth]);
            next = cells[depth] + 1;
        }
    }
    debug_assert_eq!(r, db.table.len());
    Ok(())
}

/// For a pattern of every tile: whether the placement can reach the goal.
fn reachable(b: &Board, tiles: &[u8], cells: &[usize], goal: &Arrangement) -> bool {
    let mut grid = vec![0u8; b.cells()];
    for (&t, &c) in tiles.iter().zip(cells) {
        grid[c] = t;
    }
    b.arrangement(&grid)
        .map(|a| b.is_solvable(&a, goal))
        .unwrap_or(false)
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

/// One database looked up on one set of tiles: the database's own tiles
/// (a regular view) or the tiles whose goal cells are their reflections
/// (a reflected view).
#[derive(Debug, Clone)]
pub(crate) struct View {
    /// Which database of the partition.
    pub(crate) db: usize,
    /// The tiles whose cells, in this order, make the placement.
    pub(crate) sources: Vec<u8>,
}

/// A partition's databases set up for estimating whole arrangements: each
/// database looked up on its own tiles, and, when the board is square and
/// the blank's goal cell lies on the main diagonal, looked up again on the
/// arrangement reflected about that diagonal (the reflection carries the
/// goal to itself, so both sums are admissible and so is the larger).
/// A* estimates each vertex with [`Lookups::estimate`]; IDA* keeps the
/// values and updates only the database of the tile that moved.
///
/// ```
/// use schofield::board::Board;
/// use schofield::search::pdb::{Lookups, PatternDb, Partition};
/// let b: Board = "3x3".parse().unwrap();
/// let goal = b.goal_blank_first();
/// let p = Partition {
///     name: None,
///     dbs: vec![PatternDb::build(&b, &goal, &[1, 2, 3, 4]), PatternDb::build(&b, &goal, &[5, 6, 7, 8])],
/// };
/// let lookups = Lookups::new(&p);
/// assert!(lookups.reflects());
/// assert_eq!(lookups.estimate(goal.cells()), 0);
/// let near = b.parse_arrangement("1_2/345/678").unwrap();
/// assert_eq!(lookups.estimate(near.cells()), 1);
/// ```
#[derive(Debug, Clone)]
pub struct Lookups<'a> {
    /// Each database's entries and placement rank.
    pub(crate) tables: Vec<(&'a [u8], Lehmer<u32>)>,
    /// One regular view per database.
    pub(crate) regular: Vec<View>,
    /// One reflected view per database.
    pub(crate) reflected: Vec<View>,
    /// Whether the reflected views are sound (and so used).
    pub(crate) reflect: bool,
    /// The regular view each tile belongs to.
    pub(crate) regular_of: [usize; 16],
    /// The reflected view each tile belongs to.
    pub(crate) reflected_of: [usize; 16],
    /// The reflection of each cell about the main diagonal.
    pub(crate) transpose: [u8; 16],
}

impl<'a> Lookups<'a> {
    /// Sets up the lookups of `part`'s databases.
    pub fn new(part: &'a Partition) -> Lookups<'a> {
        let board = part.board();
        let goal = part.goal();
        let n = board.cells();
        let square = Symmetry::Transpose.fits(board);
        let mut transpose = [0u8; 16];
        for (c, x) in transpose.iter_mut().enumerate().take(n) {
            *x = if square {
                Symmetry::Transpose.cell(board, c) as u8
            } else {
                c as u8
            };
        }
        let mut goal_cell = [0u8; 16];
        for (c, &t) in goal.cells().iter().enumerate() {
            goal_cell[usize::from(t)] = c as u8;
        }
        let blank_goal = usize::from(goal_cell[0]);
        let reflect = square && usize::from(transpose[blank_goal]) == blank_goal;
        // The tile whose goal cell is the reflection of tile t's.
        let mut mirror = [0u8; 16];
        for (t, m) in mirror.iter_mut().enumerate().take(n) {
            *m = goal.cells()[usize::from(transpose[usize::from(goal_cell[t])])];
        }
        let mut l = Lookups {
            tables: Vec::new(),
            regular: Vec::new(),
            reflected: Vec::new(),
            reflect,
            regular_of: [0; 16],
            reflected_of: [0; 16],
            transpose,
        };
        for (i, db) in part.dbs.iter().enumerate() {
            l.tables.push((db.entries(), *db.ranks()));
            l.regular.push(View {
                db: i,
                sources: db.tiles().to_vec(),
            });
            l.reflected.push(View {
                db: i,
                sources: db.tiles().iter().map(|&u| mirror[usize::from(u)]).collect(),
            });
            for &t in db.tiles() {
                l.regular_of[usize::from(t)] = i;
                l.reflected_of[usize::from(mirror[usize::from(t)])] = i;
            }
        }
        l
    }

    /// True when the reflected lookups are used.
    pub fn reflects(&self) -> bool {
        self.reflect
    }

    /// The value of one view, given each tile's cell (`pos[t]`).
    #[inline]
    pub(crate) fn value(&self, v: &View, reflected: bool, pos: &[u8; 16]) -> u8 {
        let mut cells = [0u8; 16];
        for (i, &t) in v.sources.iter().enumerate() {
            let c = pos[usize::from(t)];
            cells[i] = if reflected {
                self.transpose[usize::from(c)]
            } else {
                c
            };
        }
        let (table, ranks) = &self.tables[v.db];
        table[ranks.rank(cells) as usize]
    }

    /// The values of every regular view and every reflected view.
    pub(crate) fn values(&self, pos: &[u8; 16]) -> (Vec<u8>, Vec<u8>) {
        (
            self.regular
                .iter()
                .map(|v| self.value(v, false, pos))
                .collect(),
            self.reflected
                .iter()
                .map(|v| self.value(v, true, pos))
                .collect(),
        )
    }

    /// The estimate from view values: the regular sum, or the larger of the
    /// two sums when the reflection is used.
    #[inline]
    pub(crate) fn combine(&self, regular: &[u8], reflected: &[u8]) -> u32 {
        let r: u32 = regular.iter().map(|&v| u32::from(v)).sum();
        if self.reflect {
            r.max(reflected.iter().map(|&v| u32::from(v)).sum())
        } else {
            r
        }
    }

    /// The estimate for the arrangement whose cells are `cells` (0 the
    /// blank): at most the number of moves to the partition's goal.
    pub fn estimate(&self, cells: &[u8]) -> u32 {
        let mut pos = [0u8; 16];
        for (c, &t) in cells.iter().enumerate().take(16) {
            pos[usize::from(t) & 15] = c as u8;
        }
        let (regular, reflected) = self.values(&pos);
        self.combine(&regular, &reflected)
    }
}
