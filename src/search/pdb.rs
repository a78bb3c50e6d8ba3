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

use crate::board::{Arrangement, Board, Progress};
use crate::perm::Lehmer;
use crate::store;
use fixedbitset::FixedBitSet;
use std::fmt;
use std::path::Path;

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
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Partition {
    /// Its name, such as `6-6-3`.
    pub name: String,
    /// The databases.
    pub dbs: Vec<PatternDb>,
}

/// The partitions known by name, for the 4×4 with the blank's home in a
/// corner of the main diagonal. Tiles are grouped in compact blocks of the
/// goal.
pub fn partition_tiles(name: &str, goal: &Arrangement) -> Option<Vec<Vec<u8>>> {
    // Blocks of goal cells, read from the goal: the tile on each cell.
    let blocks: Vec<Vec<usize>> = match name {
        // Rows 0–1 right of column 0, then the rest of the left and bottom,
        // then the 3 cells at the bottom right.
        "6-6-3" => vec![
            vec![1, 2, 3, 5, 6, 7],
            vec![4, 8, 9, 12, 13, 14],
            vec![10, 11, 15],
        ],
        "5-5-5" => vec![
            vec![1, 2, 3, 6, 7],
            vec![4, 5, 8, 9, 12],
            vec![10, 11, 13, 14, 15],
        ],
        // The top two rows but the blank's cell, and the bottom two rows.
        "7-8" => vec![
            vec![1, 2, 3, 4, 5, 6, 7],
            vec![8, 9, 10, 11, 12, 13, 14, 15],
        ],
        // The same with the last tile on its own (its Manhattan distance).
        "7-7-1" => vec![
            vec![1, 2, 3, 4, 5, 6, 7],
            vec![8, 9, 10, 11, 12, 13, 14],
            vec![15],
        ],
        _ => return None,
    };
    let cells = goal.cells();
    // With the blank elsewhere than cell 0, swap the blank's cell for 0.
    let home = goal.blank();
    let tile_at = |c: usize| -> u8 { if c == home { cells[0] } else { cells[c] } };
    Some(
        blocks
            .iter()
            .map(|b| b.iter().map(|&c| tile_at(c)).collect())
            .collect(),
    )
}

/// Why a database file could not be used.
#[derive(Debug)]
pub enum PdbError {
    /// Reading or writing failed.
    Io(String, std::io::Error),
    /// Not a database file.
    NotADatabase(String),
    /// Damaged: wrong length or checksum.
    Damaged(String, String),
    /// For another board, goal or partition.
    Mismatch(String, String),
    /// An unknown partition name.
    UnknownPartition(String),
}

impl fmt::Display for PdbError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            PdbError::Io(p, e) => write!(f, "cannot use the pattern database file {p}: {e}"),
            PdbError::NotADatabase(p) => write!(
                f,
                "{p} is not a schofield pattern database (its first bytes are not SCHOFPDB)"
            ),
            PdbError::Damaged(p, why) => {
                write!(f, "{p} is damaged ({why}); rebuild it with --rebuild")
            }
            PdbError::Mismatch(p, why) => write!(
                f,
                "{p} holds {why}; rebuild it with --rebuild or pass another file"
            ),
            PdbError::UnknownPartition(n) => write!(
                f,
                "unknown partition {n:?}; expected 7-7-1, 7-8, 6-6-3 or 5-5-5"
            ),
        }
    }
}

impl std::error::Error for PdbError {}

const MAGIC: &[u8; 8] = b"SCHOFPDB";
const VERSION: u16 = 1;

/// A fast 64-bit checksum over 8-byte words (multiply, rotate, xor).
fn checksum(bytes: &[u8]) -> u64 {
    let mut h: u64 = 0x9e37_79b9_7f4a_7c15 ^ bytes.len() as u64;
    let mut chunks = bytes.chunks_exact(8);
    for c in &mut chunks {
        let w = u64::from_le_bytes(c.try_into().expect("8 bytes"));
        h = (h ^ w).wrapping_mul(0xff51_afd7_ed55_8ccd).rotate_left(31);
    }
    for &b in chunks.remainder() {
        h = (h ^ u64::from(b))
            .wrapping_mul(0xc4ce_b9fe_1a85_ec53)
            .rotate_left(29);
    }
    h
}

impl Partition {
    /// Builds the named partition's databases for `goal` on `board`.
    /// `progress` is called (with the database as the part) as each
    /// database's search finishes a layer.
    pub fn build(
        board: &Board,
        goal: &Arrangement,
        name: &str,
        progress: &(dyn Fn(Progress) + Sync),
    ) -> Result<Partition, PdbError> {
        let sets = partition_tiles(name, goal)
            .ok_or_else(|| PdbError::UnknownPartition(name.to_string()))?;
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
        Ok(Partition {
            name: name.to_string(),
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

    /// The file image: magic, version, board, goal, name, the patterns with
    /// their entry counts, a checksum, then the entries.
    pub fn to_bytes(&self) -> Vec<u8> {
        let mut head = Vec::new();
        head.extend_from_slice(&VERSION.to_le_bytes());
        head.push(self.board().rows() as u8);
        head.push(self.board().cols() as u8);
        let mut goal = [0u8; 16];
        goal[..self.board().cells()].copy_from_slice(self.goal().cells());
        head.extend_from_slice(&goal);
        let mut name = [0u8; 16];
        let bytes = self.name.as_bytes();
        name[..bytes.len().min(16)].copy_from_slice(&bytes[..bytes.len().min(16)]);
        head.extend_from_slice(&name);
        head.push(self.dbs.len() as u8);
        for db in &self.dbs {
            let mut tiles = [0u8; 16];
            tiles[..db.tiles.len()].copy_from_slice(&db.tiles);
            head.push(db.tiles.len() as u8);
            head.extend_from_slice(&tiles);
            head.extend_from_slice(&(db.table.len() as u64).to_le_bytes());
        }
        let mut body = Vec::new();
        for db in &self.dbs {
            body.extend_from_slice(&db.table);
        }
        let sum = checksum(&head) ^ checksum(&body).rotate_left(17);
        let mut out = Vec::with_capacity(8 + head.len() + 8 + body.len());
        out.extend_from_slice(MAGIC);
        out.extend_from_slice(&(head.len() as u32).to_le_bytes());
        out.extend_from_slice(&head);
        out.extend_from_slice(&sum.to_le_bytes());
        out.extend_from_slice(&body);
        out
    }

    /// Saves atomically.
    pub fn save(&self, path: &Path) -> Result<(), PdbError> {
        store::write_atomically(path, &self.to_bytes())
            .map_err(|e| PdbError::Io(path.display().to_string(), e))
    }

    /// Reads a file image, refusing anything damaged.
    pub fn from_bytes(bytes: &[u8], name: &str) -> Result<Partition, PdbError> {
        let p = name.to_string();
        if bytes.len() < 12 || &bytes[..8] != MAGIC {
            return Err(PdbError::NotADatabase(p));
        }
        let damaged = |why: &str| PdbError::Damaged(p.clone(), why.to_string());
        let head_len = u32::from_le_bytes(bytes[8..12].try_into().expect("4 bytes")) as usize;
        if bytes.len() < 12 + head_len + 8 || head_len < 37 {
            return Err(damaged("the file is cut short"));
        }
        let head = &bytes[12..12 + head_len];
        let sum = u64::from_le_bytes(
            bytes[12 + head_len..20 + head_len]
                .try_into()
                .expect("8 bytes"),
        );
        let body = &bytes[20 + head_len..];
        if u16::from_le_bytes([head[0], head[1]]) != VERSION {
            return Err(damaged("another format version"));
        }
        let board = Board::new(usize::from(head[2]), usize::from(head[3]))
            .map_err(|e| damaged(&e.to_string()))?;
        let goal = board
            .arrangement(&head[4..4 + board.cells()])
            .map_err(|e| damaged(&e.to_string()))?;
        let pname: String = head[20..36]
            .iter()
            .take_while(|&&b| b != 0)
            .map(|&b| char::from(b))
            .collect();
        let count = usize::from(head[36]);
        let mut at = 37;
        let mut specs = Vec::new();
        for _ in 0..count {
            if at + 25 > head.len() {
                return Err(damaged("the header is cut short"));
            }
            let k = usize::from(head[at]);
            let tiles = head[at + 1..at + 1 + k.min(16)].to_vec();
            let entries =
                u64::from_le_bytes(head[at + 17..at + 25].try_into().expect("8 bytes")) as usize;
            specs.push((tiles, entries));
            at += 25;
        }
        let total: usize = specs.iter().map(|s| s.1).sum();
        if body.len() != total {
            return Err(damaged(&format!(
                "{} bytes of entries where the header says {total}",
                body.len()
            )));
        }
        if checksum(head) ^ checksum(body).rotate_left(17) != sum {
            return Err(damaged("its checksum does not match its contents"));
        }
        let n = board.cells();
        let mut dbs = Vec::new();
        let mut offset = 0;
        for (tiles, entries) in specs {
            let k = tiles.len();
            let expect = (n - k + 1..=n).product::<usize>();
            if entries != expect {
                return Err(damaged("a pattern's entry count does not fit its size"));
            }
            dbs.push(PatternDb {
                board,
                goal: goal.clone(),
                ranks: PatternDb::placement_ranks(n, k),
                tiles,
                table: body[offset..offset + entries].to_vec(),
            });
            offset += entries;
        }
        Ok(Partition { name: pname, dbs })
    }

    /// Loads from `path`, refusing a file for another board, goal or
    /// partition than the one given.
    pub fn load(
        path: &Path,
        board: &Board,
        goal: &Arrangement,
        name: &str,
    ) -> Result<Partition, PdbError> {
        let p = path.display().to_string();
        let bytes = std::fs::read(path).map_err(|e| PdbError::Io(p.clone(), e))?;
        let part = Self::from_bytes(&bytes, &p)?;
        if part.board() != board || part.goal() != goal || part.name != name {
            return Err(PdbError::Mismatch(
                p,
                format!(
                    "the {} databases for the {} board with goal {}, not {name} for {board} with goal {}",
                    part.name,
                    part.board(),
                    part.board().format(part.goal()),
                    board.format(goal)
                ),
            ));
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
