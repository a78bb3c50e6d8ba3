//! The file store: round trips, damage refused, crafted contents refused,
//! odd paths refused at once, and atomic writes.

use schofield::board::Board;
use schofield::board::lookup::{LookupTable, TableError};
use schofield::board::store::{self, Kind, StoreError};
use schofield::search::pdb::{Partition, PatternDb, PdbError};
use std::path::PathBuf;
use std::sync::OnceLock;
use std::time::Duration;

fn temp(name: &str) -> PathBuf {
    let dir = std::env::temp_dir().join(format!("schofield-store-{}", std::process::id()));
    std::fs::create_dir_all(&dir).unwrap();
    dir.join(name)
}

/// A fresh, empty folder of its own.
fn folder(name: &str) -> PathBuf {
    let dir = temp(name);
    let _ = std::fs::remove_dir_all(&dir);
    std::fs::create_dir_all(&dir).unwrap();
    dir
}

fn board(s: &str) -> Board {
    s.parse().unwrap()
}

fn table() -> &'static LookupTable {
    static T: OnceLock<LookupTable> = OnceLock::new();
    T.get_or_init(|| {
        let b = board("3x3");
        LookupTable::build(b, b.goal_blank_last())
    })
}

/// Databases of the 3×3 for the tiles {1,2,3,4} and {5,6,7,8}.
fn dbs() -> &'static Partition {
    static P: OnceLock<Partition> = OnceLock::new();
    P.get_or_init(|| {
        let b = board("3x3");
        let g = b.goal_blank_last();
        Partition::of_sets(&b, &g, &[&[1, 2, 3, 4], &[5, 6, 7, 8]])
    })
}

fn table_error(bytes: &[u8]) -> StoreError {
    match LookupTable::from_bytes(bytes, "t.bin") {
        Err(TableError::Store(e)) => e,
        Err(e) => panic!("not a file error: {e}"),
        Ok(_) => panic!("accepted"),
    }
}

/// The key of the pruning table the tests write.
const KEY: [u8; store::KEY_BYTES] = *b"a pruning table!";

/// A pruning table's image: a keyed container (kind 3).
fn pruning() -> Vec<u8> {
    let payload: Vec<u8> = (0..3000u32).map(|i| (i % 11) as u8).collect();
    store::keyed_bytes(Kind::PruningTable, &KEY, &payload)
}

/// What reading `bytes` as a pruning table under [`KEY`] says.
fn pruning_error(bytes: &[u8]) -> StoreError {
    let dir = tempfile::tempdir().unwrap();
    let path = dir.path().join("p.bin");
    std::fs::write(&path, bytes).unwrap();
    match store::read_keyed(&path, Kind::PruningTable, &KEY) {
        Err(e) => e,
        Ok(_) => panic!("accepted"),
    }
}

fn pdb_error(bytes: &[u8]) -> StoreError {
    match Partition::from_bytes(bytes, "p.bin") {
        Err(PdbError::Store(e)) => e,
        Err(e) => panic!("not a file error: {e}"),
        Ok(_) => panic!("accepted"),
    }
}

#[test]
fn round_trips() {
    let path = temp("round.lut");
    table().save(&path).unwrap();
    assert_eq!(&LookupTable::load(&path).unwrap(), table());
    assert_eq!(
        std::fs::metadata(&path).unwrap().len(),
        store::FIXED_HEADER as u64 + 181_440
    );
    let path = temp("round.pdb");
    dbs().save(&path).unwrap();
    assert_eq!(&Partition::read(&path).unwrap(), dbs());
    assert_eq!(
        &Partition::from_bytes(&dbs().to_bytes(), "p").unwrap(),
        dbs()
    );
    // 2x3 databases, including one of every tile (half of whose states
    // cannot reach the goal).
    let b = board("2x3");
    let g = b.goal_blank_first();
    for sets in [&[&[1, 2, 3][..], &[4, 5]][..], &[&[1, 2, 3, 4, 5]]] {
        let p = Partition::of_sets(&b, &g, sets);
        assert_eq!(Partition::from_bytes(&p.to_bytes(), "p").unwrap(), p);
    }
}

#[test]
fn damage_is_refused() {
    for (bytes, kind) in [
        (table().to_bytes(), Kind::LookupTable),
        (dbs().to_bytes(), Kind::PatternDatabases),
        (pruning(), Kind::PruningTable),
    ] {
        let refuse = |b: &[u8]| -> StoreError {
            match kind {
                Kind::LookupTable => table_error(b),
                Kind::PatternDatabases => pdb_error(b),
                Kind::PruningTable => pruning_error(b),
            }
        };
        // A flipped byte anywhere: in the header, the tile sets, the payload.
        for at in [11, 20, 33, 41, 50, 1000, bytes.len() - 1] {
            let mut b = bytes.clone();
            b[at] ^= 0x04;
            let e = refuse(&b);
            assert!(
                matches!(e, StoreError::Checksum { .. } | StoreError::Length { .. }),
                "byte {at}: {e}"
            );
        }
        // Cut, extended.
        for b in [&bytes[..bytes.len() - 1], &bytes[..100], &bytes[..47]] {
            assert!(matches!(refuse(b), StoreError::Length { .. }));
        }
        let mut longer = bytes.clone();
        longer.push(0);
        let e = refuse(&longer);
        assert!(matches!(e, StoreError::Length { .. }), "{e}");
        assert!(e.to_string().contains("is damaged: it has"), "{e}");
        // Magic, version, kind.
        let mut b = bytes.clone();
        b[0] = b'X';
        let e = refuse(&b);
        assert!(matches!(e, StoreError::Magic { .. }), "{e}");
        assert!(e.to_string().contains("not a schofield file"), "{e}");
        let mut b = bytes.clone();
        b[8] = 5;
        assert!(matches!(
            refuse(&b),
            StoreError::Version {
                found: 5,
                expected: 4,
                ..
            }
        ));
        // Versions 1 to 3: a table reads as before (its payload did not
        // change); databases of version 1 (a byte a placement), 2 (four
        // bits a placement) or 3 (cells in row order) are outdated.
        // There was no version 0.
        let mut b = bytes.clone();
        b[8] = 0;
        recompute(&mut b);
        assert!(matches!(
            refuse(&b),
            StoreError::Version {
                found: 0,
                expected: 4,
                ..
            }
        ));
        for version in [1, 2, 3] {
            let mut b = bytes.clone();
            b[8] = version;
            recompute(&mut b);
            match kind {
                Kind::LookupTable => assert!(LookupTable::from_bytes(&b, "t.bin").is_ok()),
                Kind::PatternDatabases | Kind::PruningTable => {
                    let e = refuse(&b);
                    assert!(e.is_outdated(), "{e}");
                }
            }
        }
        for k in [0, 1, 2, 3, 4, 255]
            .into_iter()
            .filter(|&k| k != kind.byte())
        {
            let mut b = bytes.clone();
            b[10] = k;
            let e = refuse(&b);
            assert!(
                matches!(e, StoreError::Kind { found, .. } if found == k),
                "{e}"
            );
        }
    }
    // Each kind refuses the other.
    let e = table_error(&dbs().to_bytes());
    assert_eq!(
        e.to_string(),
        "\"t.bin\" holds pattern databases, expected a lookup table"
    );
    let e = pdb_error(&table().to_bytes());
    assert_eq!(
        e.to_string(),
        "\"p.bin\" holds a lookup table, expected pattern databases"
    );
}

/// A table image with a right checksum and the given entries.
fn crafted_table(entries: &[u8]) -> Vec<u8> {
    let t = table();
    store::to_bytes(Kind::LookupTable, t.board(), t.goal(), &[], entries)
}

fn assert_contents(e: &StoreError, needle: &str) {
    assert!(matches!(e, StoreError::Contents { .. }), "{e}");
    let msg = e.to_string();
    assert!(msg.contains(needle), "{msg} lacks {needle:?}");
    assert!(!msg.contains("--"), "{msg} names a flag");
    assert!(!msg.contains('\n'), "{msg}");
}

#[test]
fn crafted_tables_are_refused() {
    let t = table();
    let goal = t.space().index(t.goal());
    // All zero.
    let e = table_error(&crafted_table(&vec![0; 181_440]));
    assert_contents(&e, "is 0 too");
    // One entry 5 higher, anywhere.
    for i in [1, 500, 90_000, 181_439] {
        let i = if i == goal { i + 1 } else { i };
        let mut entries = t.entries().to_vec();
        entries[i] += 5;
        let e = table_error(&crafted_table(&entries));
        assert_contents(&e, "neighbouring entries");
    }
    // One entry 1 higher or lower: caught too.
    let mut entries = t.entries().to_vec();
    let far = entries.iter().position(|&d| d == 31).unwrap();
    entries[far] = 30;
    assert_contents(&table_error(&crafted_table(&entries)), "expected");
    let mut entries = t.entries().to_vec();
    entries[far] = 29;
    assert_contents(&table_error(&crafted_table(&entries)), "expected");
    // All entries one higher but the goal's: no neighbour one nearer next
    // to the goal.
    let entries: Vec<u8> = t
        .entries()
        .iter()
        .map(|&d| if d == 0 { 0 } else { d + 1 })
        .collect();
    assert_contents(
        &table_error(&crafted_table(&entries)),
        "neighbouring entries 2 (index",
    );
    // The goal's entry 3.
    let mut entries = t.entries().to_vec();
    entries[goal] = 3;
    assert_contents(
        &table_error(&crafted_table(&entries)),
        "the goal's entry (index",
    );
    // Shuffled entries (the same multiset, in another order).
    let mut entries = t.entries().to_vec();
    let mut x: u64 = 0x9e37_79b9_7f4a_7c15;
    for i in (1..entries.len()).rev() {
        x ^= x << 13;
        x ^= x >> 7;
        x ^= x << 17;
        entries.swap(i, (x % (i as u64 + 1)) as usize);
    }
    let e = table_error(&crafted_table(&entries));
    assert!(matches!(e, StoreError::Contents { .. }), "{e}");
    // Entries reversed: the goal's no longer 0.
    let mut entries = t.entries().to_vec();
    entries.reverse();
    assert!(matches!(
        table_error(&crafted_table(&entries)),
        StoreError::Contents { .. }
    ));
    // The wrong number of entries; a bad goal; a bad board; tile sets.
    let e = table_error(&crafted_table(&t.entries()[1..]));
    assert_contents(&e, "a payload of 181439 bytes; expected 181440");
    let mut bytes = crafted_table(t.entries());
    bytes[16] = 9;
    recompute(&mut bytes);
    assert_contents(&table_error(&bytes), "the goal");
    let mut bytes = crafted_table(t.entries());
    bytes[11] = 1;
    recompute(&mut bytes);
    assert_contents(&table_error(&bytes), "a 1x3 board");
    let b = board("3x3");
    let bytes = store::to_bytes(
        Kind::LookupTable,
        &b,
        &b.goal_blank_last(),
        &[vec![1]],
        t.entries(),
    );
    assert_contents(&table_error(&bytes), "1 tile sets");
}

/// Recomputes the checksum of a changed image, as a forger would:
/// xxh3-64 of everything but bytes 40–47.
fn recompute(bytes: &mut [u8]) -> u64 {
    let mut h = xxhash_rust::xxh3::Xxh3::new();
    h.update(&bytes[..40]);
    h.update(&bytes[48..]);
    let sum = h.digest();
    bytes[40..48].copy_from_slice(&sum.to_le_bytes());
    sum
}

#[test]
fn the_documented_checksum_is_the_one_written() {
    let bytes = table().to_bytes();
    let mut again = bytes.clone();
    again[40..48].fill(0);
    recompute(&mut again);
    assert_eq!(again, bytes);
}

/// A database image of the 3×3 with a right checksum.
fn crafted_dbs(sets: &[Vec<u8>], payload: &[u8]) -> Vec<u8> {
    let b = board("3x3");
    store::to_bytes(
        Kind::PatternDatabases,
        &b,
        &b.goal_blank_last(),
        sets,
        payload,
    )
}

/// The payload of databases: each one's parities.
fn payload_of(dbs: &[&PatternDb]) -> Vec<u8> {
    dbs.iter().flat_map(|d| d.parities().to_vec()).collect()
}

#[test]
fn crafted_databases_are_refused() {
    let good = dbs();
    let sets = good.sets();
    let first = &good.dbs[0];
    let payload = payload_of(&[first, &good.dbs[1]]);
    assert!(Partition::from_bytes(&crafted_dbs(&sets, &payload), "p").is_ok());
    // No databases.
    assert_contents(&pdb_error(&crafted_dbs(&[], &[])), "no tile sets");
    // A tile that does not exist.
    assert_contents(
        &pdb_error(&crafted_dbs(
            &[vec![1, 2, 3, 4], vec![5, 6, 7, 16]],
            &payload,
        )),
        "the tile 16",
    );
    assert_contents(
        &pdb_error(&crafted_dbs(
            &[vec![0, 1, 2, 3, 4], vec![5, 6, 7, 8]],
            &payload,
        )),
        "the tile 0",
    );
    // Overlapping sets; a tile left out; an empty set.
    assert_contents(
        &pdb_error(&crafted_dbs(
            &[vec![1, 2, 3, 4], vec![4, 5, 6, 7, 8]],
            &payload,
        )),
        "the tile 4 in two sets",
    );
    assert_contents(
        &pdb_error(&crafted_dbs(&[vec![1, 2, 3, 4], vec![5, 6, 7]], &payload)),
        "the tile 8 in no set",
    );
    assert_contents(
        &pdb_error(&crafted_dbs(
            &[vec![1, 2, 3, 4], vec![5, 6, 7, 8], vec![]],
            &payload,
        )),
        "an empty tile set",
    );
    // A byte short, a byte too many: the size is exact.
    let expected = format!("expected {}", payload.len());
    for p in [&payload[1..], &[payload.as_slice(), &[0]].concat()[..]] {
        let e = pdb_error(&crafted_dbs(&sets, p));
        assert_contents(&e, &format!("a payload of {} bytes", p.len()));
        assert_contents(&e, &expected);
    }
    // The goal's state with an odd excess.
    let s = first.state(&[0, 1, 2, 3], 8);
    let mut p = payload.clone();
    p[s / 8] ^= 1 << (s % 8);
    assert_contents(
        &pdb_error(&crafted_dbs(&sets, &p)),
        "the goal's state with an odd excess",
    );
    // Padding bits past the last state (on the 2x3, whose database of tile
    // 5 alone has 6 states).
    let small_board = board("2x3");
    let small_goal = small_board.goal_blank_last();
    let small = Partition::of_sets(&small_board, &small_goal, &[&[1, 2, 3, 4], &[5]]);
    assert_eq!(small.dbs[1].len(), 6, "the test needs padding bits");
    let mut p = payload_of(&[&small.dbs[0], &small.dbs[1]]);
    *p.last_mut().unwrap() |= 0x80;
    let image = store::to_bytes(
        Kind::PatternDatabases,
        &small_board,
        &small_goal,
        &small.sets(),
        &p,
    );
    assert_contents(&pdb_error(&image), "padding bits");
    // Damage that breaks the walks down: every parity of the second
    // database but the goal's flipped.
    let second = &good.dbs[1];
    let mut p = payload.clone();
    let at = first.parities().len();
    for x in &mut p[at..] {
        *x = !*x;
    }
    let g = second.state(&[4, 5, 6, 7], 8);
    p[at + g / 8] ^= 1 << (g % 8);
    let tail = second.len() % 8;
    if tail != 0 {
        *p.last_mut().unwrap() &= (1u8 << tail) - 1;
    }
    assert_contents(
        &pdb_error(&crafted_dbs(&sets, &p)),
        "no way down to the goal",
    );
    // Every parity 0 would make each value its Manhattan distance; but
    // then a state whose blank is walled off from where the tiles need it
    // has no way down, and the file is refused.
    assert_contents(
        &pdb_error(&crafted_dbs(&sets, &vec![0; payload.len()])),
        "no way down to the goal",
    );
}

/// `f`'s answer, which must come: a read of an endless device or a pipe
/// that no one writes must be refused, not wait. A guard against a hang,
/// not a measure of time (the refusals take microseconds).
fn quick<T: Send + 'static>(f: impl FnOnce() -> T + Send + 'static) -> T {
    let (tx, rx) = std::sync::mpsc::channel();
    std::thread::spawn(move || tx.send(f()));
    match rx.recv_timeout(Duration::from_secs(60)) {
        Ok(out) => out,
        Err(std::sync::mpsc::RecvTimeoutError::Timeout) => panic!("the read hung"),
        Err(std::sync::mpsc::RecvTimeoutError::Disconnected) => panic!("the read panicked"),
    }
}

#[test]
fn odd_paths_are_refused_at_once() {
    let e = quick(|| LookupTable::load("/dev/zero".as_ref()).unwrap_err());
    assert_eq!(
        e.to_string(),
        "\"/dev/zero\" is a character device, not a regular file"
    );
    let e = quick(|| Partition::read("/dev/urandom".as_ref()).unwrap_err());
    assert!(matches!(e, PdbError::Store(StoreError::NotAFile { .. })));
    let dir = folder("odd");
    let e = quick({
        let dir = dir.clone();
        move || LookupTable::load(&dir).unwrap_err()
    });
    assert!(
        e.to_string()
            .ends_with("is a directory, not a regular file"),
        "{e}"
    );
    let fifo = dir.join("fifo");
    let made = std::process::Command::new("mkfifo")
        .arg(&fifo)
        .status()
        .map(|s| s.success())
        .unwrap_or(false);
    if made {
        let e = quick({
            let fifo = fifo.clone();
            move || LookupTable::load(&fifo).unwrap_err()
        });
        assert!(
            e.to_string().ends_with("is a FIFO, not a regular file"),
            "{e}"
        );
        let e = quick({
            let fifo = fifo.clone();
            move || Partition::read(&fifo).unwrap_err()
        });
        assert!(matches!(e, PdbError::Store(StoreError::NotAFile { .. })));
    }
    let missing = dir.join("missing.bin");
    let e = LookupTable::load(&missing).unwrap_err();
    assert!(e.to_string().starts_with("cannot read \""), "{e}");
    // A file larger than any table, refused by its size before reading.
    let big = dir.join("big.bin");
    let f = std::fs::File::create(&big).unwrap();
    f.set_len(store::MAX_DATABASES_PAYLOAD + 1000).unwrap();
    let e = quick({
        let big = big.clone();
        move || LookupTable::load(&big).unwrap_err()
    });
    assert!(
        matches!(e, TableError::Store(StoreError::TooLarge { .. })),
        "{e}"
    );
    // A header claiming a huge payload, in a small file.
    let mut bytes = table().to_bytes();
    bytes[32..40].copy_from_slice(&u64::MAX.to_le_bytes());
    std::fs::write(&big, &bytes).unwrap();
    let e = quick({
        let big = big.clone();
        move || LookupTable::load(&big).unwrap_err()
    });
    assert!(
        matches!(e, TableError::Store(StoreError::Length { .. })),
        "{e}"
    );
    std::fs::remove_dir_all(&dir).unwrap();
}

#[test]
fn a_long_file_name_works() {
    let dir = folder("long");
    let name = format!("{}.bin", "n".repeat(246));
    assert_eq!(name.len(), 250);
    let path = dir.join(&name);
    store::write_atomically(&path, b"x").unwrap();
    assert_eq!(std::fs::read(&path).unwrap(), b"x");
    let name = "m".repeat(255);
    store::write_atomically(&dir.join(&name), b"y").unwrap();
    assert_eq!(std::fs::read_dir(&dir).unwrap().count(), 2);
    std::fs::remove_dir_all(&dir).unwrap();
}

#[cfg(unix)]
#[test]
fn writing_through_a_symbolic_link_writes_its_target() {
    let dir = folder("link");
    std::fs::create_dir_all(dir.join("real")).unwrap();
    let target = dir.join("real").join("t.bin");
    std::fs::write(&target, b"old").unwrap();
    // A relative link, and a link to that link.
    let link = dir.join("link.bin");
    std::os::unix::fs::symlink("real/t.bin", &link).unwrap();
    let link2 = dir.join("link2.bin");
    std::os::unix::fs::symlink(&link, &link2).unwrap();
    store::write_atomically(&link2, b"new").unwrap();
    assert!(
        std::fs::symlink_metadata(&link)
            .unwrap()
            .file_type()
            .is_symlink()
    );
    assert!(
        std::fs::symlink_metadata(&link2)
            .unwrap()
            .file_type()
            .is_symlink()
    );
    assert_eq!(std::fs::read(&target).unwrap(), b"new");
    // A table saved through the link loads through it and directly.
    table().save(&link).unwrap();
    assert!(
        std::fs::symlink_metadata(&link)
            .unwrap()
            .file_type()
            .is_symlink()
    );
    assert_eq!(&LookupTable::load(&target).unwrap(), table());
    assert_eq!(&LookupTable::load(&link2).unwrap(), table());
    // Nothing left over beside the target.
    assert_eq!(std::fs::read_dir(dir.join("real")).unwrap().count(), 1);
    std::fs::remove_dir_all(&dir).unwrap();
}

#[test]
fn a_failed_write_changes_nothing_and_leaves_nothing() {
    let dir = folder("fail");
    // The target is a folder with a file in it: renaming over it fails
    // after the temporary file was written.
    let target = dir.join("t.bin");
    std::fs::create_dir_all(&target).unwrap();
    std::fs::write(target.join("keep"), b"kept").unwrap();
    assert!(store::write_atomically(&target, b"new").is_err());
    let e = table().save(&target).unwrap_err();
    assert!(e.to_string().starts_with("cannot write \""), "{e}");
    assert!(!e.to_string().contains(".tmp"), "{e}");
    assert_eq!(std::fs::read(target.join("keep")).unwrap(), b"kept");
    let left: Vec<_> = std::fs::read_dir(&dir)
        .unwrap()
        .map(|e| e.unwrap().file_name())
        .collect();
    assert_eq!(left, vec![std::ffi::OsString::from("t.bin")]);
    // A folder that does not exist: nothing is created.
    let e = store::write_atomically(&dir.join("no").join("t.bin"), b"x").unwrap_err();
    assert_eq!(e.kind(), std::io::ErrorKind::NotFound);
    assert!(!dir.join("no").exists());
    // An existing file whose folder cannot be written (unless we are root).
    #[cfg(unix)]
    {
        use std::os::unix::fs::PermissionsExt;
        let ro = dir.join("ro");
        std::fs::create_dir_all(&ro).unwrap();
        let file = ro.join("t.bin");
        std::fs::write(&file, b"old").unwrap();
        std::fs::set_permissions(&ro, std::fs::Permissions::from_mode(0o555)).unwrap();
        if store::write_atomically(&file, b"new").is_err() {
            assert_eq!(std::fs::read(&file).unwrap(), b"old");
            assert_eq!(std::fs::read_dir(&ro).unwrap().count(), 1);
        }
        std::fs::set_permissions(&ro, std::fs::Permissions::from_mode(0o755)).unwrap();
    }
    std::fs::remove_dir_all(&dir).unwrap();
}

#[test]
fn known_diameters() {
    use schofield::search::pdb::known_diameter;
    for name in ["2x2", "2x3", "3x2", "2x4", "4x2", "3x3"] {
        let b = board(name);
        // Relabelling tiles maps tables onto each other, so the blank's
        // cell in the goal is all that matters.
        let most = (0..b.cells())
            .map(|blank| {
                let mut cells: Vec<u8> = (1..b.cells() as u8).collect();
                cells.insert(blank, 0);
                LookupTable::build(b, b.arrangement(&cells).unwrap()).max()
            })
            .max();
        assert_eq!(most, known_diameter(&b), "{name}");
    }
}

#[test]
fn a_database_of_every_tile_reads_back() {
    // A database of every tile of the 2x4: half its states cannot be
    // reached, and no walk down starts there.
    let b = board("2x4");
    let g = b.goal_blank_last();
    let db = PatternDb::build(&b, &g, &[1, 2, 3, 4, 5, 6, 7]);
    let image = store::to_bytes(Kind::PatternDatabases, &b, &g, &db_sets(&db), db.parities());
    let back = Partition::from_bytes(&image, "p").unwrap();
    assert_eq!(back.dbs[0], db);
}

fn db_sets(db: &PatternDb) -> Vec<Vec<u8>> {
    vec![db.tiles().to_vec()]
}

/// Issue #36: the Python writer docs/formats.md prints ("Writing a table
/// from Python") writes, byte for byte, the file `lookup build --board 2x3
/// --save` writes, and the tool solves with it.
#[test]
fn the_documented_python_writer_writes_what_the_tool_writes() {
    if !super::common::has(
        super::common::Outside::Xxhash,
        "the_documented_python_writer_writes_what_the_tool_writes",
    ) {
        return;
    }
    use super::common::{schofield, stdout};
    let doc =
        std::fs::read_to_string(concat!(env!("CARGO_MANIFEST_DIR"), "/docs/formats.md")).unwrap();
    let after = doc
        .split_once("**Writing a table from Python.**")
        .expect("formats.md has the Python writer")
        .1;
    let script = after
        .split_once("```python\n")
        .and_then(|(_, rest)| rest.split_once("```"))
        .expect("a python block")
        .0;
    let dir = folder("python-writer");
    let (ours, theirs) = (dir.join("tool.lut"), dir.join("python.lut"));
    let out = std::process::Command::new("python3")
        .arg("-c")
        .arg(script)
        .arg(&theirs)
        .output()
        .expect("python3 runs");
    assert!(
        out.status.success(),
        "{}",
        String::from_utf8_lossy(&out.stderr)
    );
    let built = schofield(&[
        "lookup",
        "build",
        "--board",
        "2x3",
        "--save",
        ours.to_str().unwrap(),
    ]);
    assert!(built.status.success());
    let (a, b) = (
        std::fs::read(&ours).unwrap(),
        std::fs::read(&theirs).unwrap(),
    );
    assert_eq!(a.len(), b.len());
    assert!(
        a == b,
        "the documented writer's file differs from the tool's"
    );
    let solved = stdout(&[
        "lookup",
        "solve",
        "45_/123",
        "--table",
        theirs.to_str().unwrap(),
    ]);
    assert!(solved.contains("moves"), "{solved}");
}

/// Issue #36, point 4: what a killed run left beside a target (a temporary
/// file or folder named for a process that no longer runs) is removed by
/// the next write into that folder; a live process's is left alone.
#[test]
fn leftovers_of_killed_runs_are_removed_by_the_next_write() {
    let dir = folder("leftovers");
    let dead = dir.join(".schofield-tmp-4000000000-a1b2c3");
    let dead_site = dir.join(".schofield-tmp-4000000001-site");
    let live = dir.join(format!(".schofield-tmp-{}-d4e5f6", std::process::id()));
    let other = dir.join(".tmp-not-ours");
    std::fs::write(&dead, b"half").unwrap();
    std::fs::create_dir_all(dead_site.join("inner")).unwrap();
    std::fs::write(&live, b"busy").unwrap();
    std::fs::write(&other, b"someone else's").unwrap();
    store::write_atomically(&dir.join("out.txt"), b"whole\n").unwrap();
    assert!(!dead.exists() && !dead_site.exists());
    assert!(live.exists() && other.exists());
    assert_eq!(std::fs::read(dir.join("out.txt")).unwrap(), b"whole\n");
}

/// Issue #36, point 4: runs killed (`kill -9`) at any moment leave either
/// nothing or the whole target: an explorer site written to a new folder
/// is all there or not there, a lookup table saved over an older one is
/// the old or the new one, a graph is whole; and what a killed run left
/// in the folder is gone after the next run there.
#[test]
fn killed_runs_leave_whole_targets_and_no_strays() {
    let _gate = super::common::alone();
    let dir = folder("killed");
    let bin = env!("CARGO_BIN_EXE_schofield");
    let table = dir.join("t.lut");
    let old = {
        let out = std::process::Command::new(bin)
            .args(["lookup", "build", "--board", "2x3", "--save"])
            .arg(&table)
            .output()
            .unwrap();
        assert!(out.status.success());
        std::fs::read(&table).unwrap()
    };
    let jobs: [(&str, Vec<String>); 3] = [
        (
            "site",
            ["explore", "--puzzle", "five", "--output"]
                .map(String::from)
                .to_vec(),
        ),
        (
            "t.lut",
            ["lookup", "build", "--board", "3x3", "--save"]
                .map(String::from)
                .to_vec(),
        ),
        (
            "g.graphml",
            ["graph", "--kind", "cayley", "--output"]
                .map(String::from)
                .to_vec(),
        ),
    ];
    for trial in 0..12u64 {
        for (target, args) in &jobs {
            let path = dir.join(target);
            if *target == "site" {
                let _ = std::fs::remove_dir_all(&path);
            }
            let mut child = std::process::Command::new(bin)
                .args(args)
                .arg(&path)
                .stdout(std::process::Stdio::null())
                .stderr(std::process::Stdio::null())
                .spawn()
                .unwrap();
            std::thread::sleep(std::time::Duration::from_millis(15 * trial));
            let _ = child.kill();
            let _ = child.wait();
            match *target {
                "site" => {
                    if path.exists() {
                        let mut files: Vec<_> = std::fs::read_dir(&path)
                            .unwrap()
                            .map(|e| e.unwrap().file_name().into_string().unwrap())
                            .collect();
                        files.sort();
                        assert_eq!(
                            files,
                            [
                                "data.js",
                                "engine.js",
                                "explore.css",
                                "explore.js",
                                "index.html"
                            ],
                            "trial {trial}"
                        );
                    }
                }
                "t.lut" => {
                    let now = std::fs::read(&path).unwrap();
                    // The 2×3 table, or the whole 3×3 one, never a part.
                    assert!(
                        now == old || now.len() == 181_440 + 48,
                        "trial {trial}: {}",
                        now.len()
                    );
                }
                _ => {
                    if let Ok(text) = std::fs::read_to_string(&path) {
                        assert!(text.trim_end().ends_with("</graphml>"), "trial {trial}");
                    }
                }
            }
        }
    }
    // The next whole run in the folder clears what the killed ones left.
    let out = std::process::Command::new(bin)
        .args(["graph", "--kind", "cayley", "--output"])
        .arg(dir.join("g.graphml"))
        .output()
        .unwrap();
    assert!(out.status.success());
    let strays: Vec<_> = std::fs::read_dir(&dir)
        .unwrap()
        .map(|e| e.unwrap().file_name().into_string().unwrap())
        .filter(|n| n.starts_with('.'))
        .collect();
    assert!(strays.is_empty(), "{strays:?}");
}
