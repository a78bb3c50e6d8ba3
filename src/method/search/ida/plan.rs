//! Which tables a solver takes within a memory budget, and how they are
//! kept on disk between runs.

use super::*;

/// A part before it is made: which digit, or which pieces of which
/// coordinate.
#[derive(Debug, Clone, PartialEq, Eq)]
pub(super) enum PartSpec {
    Digit(usize),
    Pieces(usize, Vec<u8>),
}

/// The parts and the projections a solver takes, and the bytes their
/// tables need, counted before any is made.
pub(super) struct TablePlan {
    pub(super) parts: Vec<PartSpec>,
    pub(super) projections: Vec<Vec<usize>>,
    pub(super) bytes: u64,
    /// The last projection's table when it is one coordinate's by its
    /// classes ([`ClassProjection`]).
    pub(super) classes: Option<super::classes::ClassProjection>,
}

impl TablePlan {
    /// Each coordinate's digits together where they number at most
    /// `most_values`; past it, pieces all different, the pieces in sets
    /// of as many as fit (and each digit alone that fits), one set only
    /// where its readings at the conjugates by `conjugations` see every
    /// piece; else each digit alone that fits.
    pub(super) fn new(
        space: &Space,
        most_values: u64,
        conjugations: &[Conjugation],
    ) -> Result<TablePlan, SearchError> {
        TablePlan::besides(space, most_values, conjugations, None)
    }

    /// [`TablePlan::new`] of every coordinate but `left` (planned by its
    /// classes: [`ClassProjection`]).
    pub(super) fn besides(
        space: &Space,
        most_values: u64,
        conjugations: &[Conjugation],
        left: Option<usize>,
    ) -> Result<TablePlan, SearchError> {
        let mut parts: Vec<PartSpec> = Vec::new();
        let mut projections: Vec<Vec<usize>> = Vec::new();
        let mut bytes = 0u64;
        let mut d = 0;
        while d < space.digit_count() {
            let coord = space.digit(d).1;
            let mut same = vec![d];
            while d + same.len() < space.digit_count() && space.digit(d + same.len()).1 == coord {
                same.push(d + same.len());
            }
            d += same.len();
            if left == Some(coord) {
                continue;
            }
            let together = same
                .iter()
                .try_fold(1u64, |acc, &k| acc.checked_mul(space.digit(k).0));
            let first = parts.len();
            if together.is_some_and(|n| n <= most_values) {
                parts.extend(same.iter().map(|&k| PartSpec::Digit(k)));
                projections.push((first..parts.len()).collect());
                continue;
            }
            let alone =
                |parts: &mut Vec<PartSpec>, projections: &mut Vec<Vec<usize>>, all: bool| {
                    for &k in &same {
                        let (radix, _) = space.digit(k);
                        let fits = radix <= most_values;
                        if fits && (all || radix <= crate::method::space::MAX_TABLE) {
                            projections.push(vec![parts.len()]);
                        }
                        if all || (fits && radix <= crate::method::space::MAX_TABLE) {
                            parts.push(PartSpec::Digit(k));
                        }
                    }
                };
            match TablePlan::sets(space, coord, most_values) {
                Some((n, k)) if first + n.div_ceil(k) + same.len() <= MAX_DIGITS => {
                    let (_, modulus) = space.distinct_pieces(coord).expect("distinct");
                    let (places, orientations) = PieceSet::size(n, k, modulus).expect("sized");
                    // Sets of `k` pieces each, the last one ending at the
                    // last piece: twelve edges in sevens overlap in two.
                    // They share one move table ([`PieceSet::with_pieces`]).
                    bytes = bytes.saturating_add(PieceSet::bytes(
                        places,
                        orientations,
                        space.move_count(),
                    ));
                    for set in 0..TablePlan::set_count(space, coord, (n, k), conjugations) {
                        let start = (set * k).min(n - k);
                        let pieces: Vec<u8> = (start..start + k).map(|p| p as u8).collect();
                        projections.push(vec![parts.len()]);
                        parts.push(PartSpec::Pieces(coord, pieces));
                    }
                    alone(&mut parts, &mut projections, false);
                }
                _ => alone(&mut parts, &mut projections, true),
            }
        }
        if parts.len() > MAX_DIGITS {
            return Err(SearchError::NotCanonical);
        }
        let radix = |k: usize| match &parts[k] {
            PartSpec::Digit(d) => space.digit(*d).0,
            PartSpec::Pieces(coord, pieces) => {
                let (n, modulus) = space.distinct_pieces(*coord).expect("distinct");
                let (p, o) = PieceSet::size(n, pieces.len(), modulus).expect("sized");
                p * o
            }
        };
        let size = |p: &Vec<usize>| -> u64 {
            p.iter()
                .try_fold(1u64, |acc, &k| acc.checked_mul(radix(k)))
                .unwrap_or(u64::MAX)
        };
        TablePlan::join_largest(&mut projections, &size, most_values);
        // Two values a byte ([`Pruning`]).
        let bytes = projections
            .iter()
            .map(|p| size(p).div_ceil(2))
            .fold(bytes, u64::saturating_add);
        Ok(TablePlan {
            parts,
            projections,
            bytes,
            classes: None,
        })
    }

    /// How many sets of `k` of its `n` pieces coordinate `coord` is taken
    /// in: one where the first set read at the conjugates by
    /// `conjugations` sees every piece ([`Solver::conjugated`]), else
    /// enough to hold every piece.
    fn set_count(
        space: &Space,
        coord: usize,
        (n, k): (usize, usize),
        conjugations: &[Conjugation],
    ) -> usize {
        let first_set: Vec<u8> = (0..k as u8).collect();
        let seen = conjugations.iter().fold(0u64, |seen, c| {
            seen | space.pieces_read_at(coord, &first_set, &c.symmetry)
        });
        let every = u64::MAX >> (64 - n);
        if seen | (every >> (n - k)) == every {
            1
        } else {
            n.div_ceil(k)
        }
    }

    /// Joins two projections while some pair's sizes' product is at most
    /// `most_values`, the pair of the largest product first: together
    /// they are a stronger estimate than apart (the Skewb's corners and
    /// centres, each too small alone to guide the search), and the largest
    /// table the budget takes is the strongest (the Pyraminx's edges with
    /// its corners' twists, 11 million values, where the two smallest
    /// joined made 300 thousand).
    fn join_largest(
        projections: &mut Vec<Vec<usize>>,
        size: &dyn Fn(&Vec<usize>) -> u64,
        most_values: u64,
    ) {
        loop {
            let n = projections.len();
            let best = (0..n)
                .flat_map(|a| (a + 1..n).map(move |b| (a, b)))
                .filter_map(|(a, b)| {
                    let product = size(&projections[a]).checked_mul(size(&projections[b]))?;
                    (product <= most_values).then_some((product, a, b))
                })
                .max();
            let Some((_, a, b)) = best else { break };
            let joined = projections.remove(b);
            projections[a].extend(joined);
        }
        projections.sort_by_key(size);
    }

    /// The plan of the largest tables whose bytes fit `bytes`: `most_values`
    /// halved from 2^33 until the plan fits, else the smallest plan.
    pub(super) fn fitted(
        space: &Space,
        bytes: u64,
        conjugations: &[Conjugation],
    ) -> Result<TablePlan, SearchError> {
        let mut most = 1u64 << 33;
        loop {
            let plan = TablePlan::new(space, most, conjugations)?;
            if plan.bytes <= bytes || most == 1 {
                return Ok(plan);
            }
            most /= 2;
        }
    }

    /// For coordinate `coord` of distinct pieces, its slots and the most
    /// pieces a set may have within `most_values`.
    pub(super) fn sets(space: &Space, coord: usize, most_values: u64) -> Option<(usize, usize)> {
        let (n, modulus) = space.distinct_pieces(coord)?;
        (1..=n)
            .take_while(|&k| {
                PieceSet::size(n, k, modulus).is_some_and(|(p, o)| p * o <= most_values)
            })
            .last()
            .map(|k| (n, k))
    }

    /// The parts made, the sets of one coordinate on one move table.
    pub(super) fn parts(&self, space: &Space) -> Vec<Part> {
        let mut made: Vec<Arc<PieceSet>> = Vec::new();
        self.parts
            .iter()
            .map(|p| match p {
                PartSpec::Digit(d) => Part::Digit(*d),
                PartSpec::Pieces(coord, pieces) => {
                    let shared = made
                        .iter()
                        .filter(|set| set.pieces().0 == *coord)
                        .find_map(|set| set.with_pieces(pieces));
                    let set = shared
                        .unwrap_or_else(|| space.piece_set(*coord, pieces).expect("a piece set"));
                    let set = Arc::new(set);
                    made.push(Arc::clone(&set));
                    Part::Pieces(set)
                }
            })
            .collect()
    }

    /// The key of projection `p` on disk: the space's fingerprint, the
    /// parts it keeps and the layout of the table ([`TABLE_LAYOUT`]).
    pub(super) fn key(&self, space: &Space, p: usize) -> [u8; crate::board::store::KEY_BYTES] {
        if let Some(classes) = self.class_projection(p) {
            return classes.key;
        }
        let kept: Vec<&PartSpec> = self.projections[p]
            .iter()
            .map(|&k| &self.parts[k])
            .collect();
        let text = format!("{TABLE_LAYOUT} {:032x} {kept:?}", space.fingerprint());
        xxhash_rust::xxh3::xxh3_128(text.as_bytes()).to_le_bytes()
    }
}

impl TablePlan {
    /// The plan of one table of the whole position, every digit a part
    /// (a table by classes: [`Pruning::by_classes`]), of `bytes` bytes.
    pub(super) fn whole(space: &Space, bytes: u64) -> TablePlan {
        let n = space.digit_count();
        TablePlan {
            parts: (0..n).map(PartSpec::Digit).collect(),
            projections: vec![(0..n).collect()],
            bytes,
            classes: None,
        }
    }

    /// The key of the table by classes on disk: the layout, the
    /// numbering of the classes ([`CLASS_NUMBERING`], and the coordinate's
    /// states and classes of top values), the space's fingerprint and the
    /// symmetries its classes are taken under.
    pub(super) fn class_key(
        space: &Space,
        sc: &SymmetryCoordinate,
        symmetries: &[Transformation],
    ) -> [u8; crate::board::store::KEY_BYTES] {
        let encoding = super::pruning::Encoding::of_classes(space);
        let text = format!(
            "{TABLE_LAYOUT} {encoding:?} by classes {CLASS_NUMBERING} {} {} {:032x} {symmetries:?}",
            sc.len(),
            sc.top_classes(),
            space.fingerprint()
        );
        xxhash_rust::xxh3::xxh3_128(text.as_bytes()).to_le_bytes()
    }
}

/// The layout of a pruning table as it is kept on disk: four bits a value,
/// two a byte, the even value low,
/// [`UNSEEN`] where no path leads (a table by classes may keep two bits a
/// value instead, its key naming its `pruning::Encoding` as well). Part
/// of every key, so that a table of another layout is never read as this
/// one.
pub(super) const TABLE_LAYOUT: &str = "pruning-nibbles-1";

/// How a table by classes numbers its values: the states of
/// [`SymmetryCoordinate`] as it numbers them now. Part of the key of every
/// such table, to be changed with that numbering.
pub(super) const CLASS_NUMBERING: &str = "symmetry-coordinate-1";

/// Where a solver's tables are kept between runs, and what became of each
/// ([`Solver::kept`]).
///
/// ```
/// use schofield::puzzle::{Metric, library};
/// use schofield::method::space::Space;
/// use schofield::method::search::ida::{Solver, TableSource};
/// let p = library::get("pyraminx").unwrap();
/// let moves = p.moves(Metric::Face, None).unwrap();
/// let space = Space::new(&p, &moves).unwrap();
/// let dir = std::env::temp_dir().join(format!("schofield-kept-{}", std::process::id()));
/// std::fs::create_dir_all(&dir).unwrap();
/// let (_, first) = Solver::kept(&space, 1 << 20, &dir, &[]).unwrap();
/// assert!(first.iter().all(|k| k.source == TableSource::Built && k.path.exists()));
/// let (_, again) = Solver::kept(&space, 1 << 20, &dir, &[]).unwrap();
/// assert!(again.iter().all(|k| k.source == TableSource::Read));
/// std::fs::remove_dir_all(&dir).unwrap();
/// ```
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct KeptTable {
    /// Its file.
    pub path: std::path::PathBuf,
    /// Its values.
    pub values: u64,
    /// The bytes they take (four bits a value, or two: [`Pruning`]).
    pub bytes: u64,
    /// How it was had.
    pub source: TableSource,
}

/// How a kept table was had.
///
/// ```
/// use schofield::method::search::ida::TableSource;
/// let damaged = TableSource::Replaced("its checksum does not match".into());
/// assert_ne!(damaged, TableSource::Built);
/// ```
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum TableSource {
    /// Read from its file.
    Read,
    /// Built and written to its file.
    Built,
    /// Built, its file being unfit (the reason), and written again.
    Replaced(String),
    /// Built; the file could not be written (the reason).
    NotKept(String),
}

impl<'s> Solver<'s> {
    /// A solver for `space` whose tables are the largest that fit `bytes`
    /// (move tables included), each read from the folder `store` where it
    /// was kept by an earlier run, else built and kept there (written
    /// whole or not at all), and read at the position's conjugates by the
    /// puzzle's `symmetries` as well ([`Solver::conjugated`]). Where the
    /// conjugates of one set of a coordinate's pieces see every piece,
    /// that set is the coordinate's only table: the cube's edges in one
    /// set of seven from 587 MB, read at eight conjugates; without
    /// symmetries, in two sets of seven from 842 MB, of six from 135 MB
    /// (the sets of one coordinate share their move table, and a table
    /// keeps four bits a value).
    /// A file that fails its checks (checksum, key, values) is built
    /// again and replaced. Says what became of each table.
    ///
    /// Where the puzzle's classes under `symmetries` fit `bytes` at four
    /// bits, with a symmetry coordinate whose tables (made on every run)
    /// take no more than the table, the one table is the whole puzzle's
    /// by classes (`Pruning::by_classes`), an exact estimate.
    pub fn kept(
        space: &'s Space,
        bytes: u64,
        store: &std::path::Path,
        symmetries: &[Transformation],
    ) -> Result<(Solver<'s>, Vec<KeptTable>), SearchError> {
        Solver::kept_within(space, bytes, None, store, symmetries)
    }

    /// [`Solver::kept`] for many positions: the symmetry coordinate's
    /// tables may take all of `bytes` with the table by classes, since
    /// their making on every run is shared by every position, each then
    /// walked down an exact table.
    pub fn kept_for_many(
        space: &'s Space,
        bytes: u64,
        store: &std::path::Path,
        symmetries: &[Transformation],
    ) -> Result<(Solver<'s>, Vec<KeptTable>), SearchError> {
        Solver::kept_within(space, bytes, Some(bytes), store, symmetries)
    }

    /// [`Solver::kept`], the symmetry coordinate's tables within
    /// `coordinate_bytes` (`None`: no more than the table by classes).
    fn kept_within(
        space: &'s Space,
        bytes: u64,
        coordinate_bytes: Option<u64>,
        store: &std::path::Path,
        symmetries: &[Transformation],
    ) -> Result<(Solver<'s>, Vec<KeptTable>), SearchError> {
        let planned = PlannedTables::within(space, bytes, coordinate_bytes, symmetries)?;
        let made = Solver::kept_as_planned(space, planned, store, &|| false);
        Ok(made.expect("tables built without a halt are always made"))
    }

    /// The solver of `planned` (made for `space`), each table read from
    /// `store` or built and kept there, as [`Solver::kept`] does; stopped
    /// ([`Stopped::Building`], saying how many tables are kept) when `halt`
    /// says so while a table is built.
    /// The tables finished before are kept; the one being built is not
    /// written.
    pub fn kept_as_planned(
        space: &'s Space,
        planned: PlannedTables,
        store: &std::path::Path,
        halt: Halt,
    ) -> Result<(Solver<'s>, Vec<KeptTable>), Stopped> {
        let mut kept = Vec::new();
        // How many tables are on disk, and of how many, once halted.
        let halted = |kept: &[KeptTable], tables: usize| Stopped::Building {
            kept: kept
                .iter()
                .filter(|k| !matches!(k.source, TableSource::NotKept(_)))
                .count(),
            tables,
        };
        match planned.how {
            Planned::Classes { sc, plan, key } => {
                let solver = Solver::made(space, &plan, |_, _, _, _| {
                    let (pruning, table) = keep(store, key, |read| {
                        Pruning::by_classes(space, Arc::clone(&sc), read, halt)
                    })?;
                    kept.push(table);
                    Ok(pruning)
                });
                let solver = solver.map_err(|_: NotMade| halted(&kept, 1))?;
                Ok((solver, kept))
            }
            Planned::Projections { conjugations, plan } => {
                let solver = Solver::made(space, &plan, |k, parts, p, goal| {
                    let (pruning, table) = keep(store, plan.key(space, k), |read| {
                        plan.table(space, k, parts, p, goal, read, halt)
                    })?;
                    kept.push(table);
                    Ok(pruning)
                });
                let tables = plan.projections.len();
                let solver = solver.map_err(|_: NotMade| halted(&kept, tables))?;
                Ok((solver.conjugated_by(conjugations), kept))
            }
        }
    }
}

/// The tables of a first look: before tables that are not kept yet are
/// built (the 3×3×3's default ones take about 18 s), a caller may first
/// search with tables of at most this many bytes (the 3×3×3's take 3 MB,
/// built in half a second), for at most [`FIRST_LOOK_NODES`] positions.
/// A position a dozen moves from the goal is answered so; a deeper one
/// costs the look's second more.
pub const FIRST_LOOK_BYTES: u64 = 10 << 20;

/// The positions a first look generates at most ([`FIRST_LOOK_BYTES`]):
/// about a second on two cores.
pub const FIRST_LOOK_NODES: u64 = 10_000_000;

/// The tables a solver takes, chosen before any is made: those of
/// [`Solver::kept`] ([`PlannedTables::new`]) or of
/// [`Solver::kept_for_many`] ([`PlannedTables::for_many`]). Whether a
/// folder holds them all already ([`PlannedTables::is_kept`]) tells
/// whether making the solver ([`Solver::kept_as_planned`]) reads them or
/// builds them.
///
/// ```
/// use schofield::puzzle::{Metric, library};
/// use schofield::method::space::Space;
/// use schofield::method::search::ida::{PlannedTables, Solver};
/// let p = library::get("pyraminx").unwrap();
/// let moves = p.moves(Metric::Face, None).unwrap();
/// let space = Space::new(&p, &moves).unwrap();
/// let dir = std::env::temp_dir().join(format!("schofield-planned-{}", std::process::id()));
/// std::fs::create_dir_all(&dir).unwrap();
/// let planned = PlannedTables::new(&space, 1 << 20, &[]).unwrap();
/// assert!(!planned.is_kept(&space, &dir));
/// let (_, kept) = Solver::kept_as_planned(&space, planned, &dir, &|| false).unwrap();
/// assert!(kept.iter().all(|k| k.path.exists()));
/// assert!(PlannedTables::new(&space, 1 << 20, &[]).unwrap().is_kept(&space, &dir));
/// std::fs::remove_dir_all(&dir).unwrap();
/// ```
pub struct PlannedTables {
    how: Planned,
}

/// What [`PlannedTables`] holds: the one table by classes, or
/// projections read at conjugates.
enum Planned {
    Classes {
        sc: Arc<SymmetryCoordinate>,
        plan: TablePlan,
        key: [u8; crate::board::store::KEY_BYTES],
    },
    Projections {
        conjugations: Vec<Conjugation>,
        plan: TablePlan,
    },
}

impl PlannedTables {
    /// The tables [`Solver::kept`] takes for `space` within `bytes`, read
    /// at conjugates by `symmetries`.
    pub fn new(
        space: &Space,
        bytes: u64,
        symmetries: &[Transformation],
    ) -> Result<PlannedTables, SearchError> {
        PlannedTables::within(space, bytes, None, symmetries)
    }

    /// The tables [`Solver::kept_for_many`] takes.
    pub fn for_many(
        space: &Space,
        bytes: u64,
        symmetries: &[Transformation],
    ) -> Result<PlannedTables, SearchError> {
        PlannedTables::within(space, bytes, Some(bytes), symmetries)
    }

    /// The plan of [`Solver::kept_within`].
    fn within(
        space: &Space,
        bytes: u64,
        coordinate_bytes: Option<u64>,
        symmetries: &[Transformation],
    ) -> Result<PlannedTables, SearchError> {
        Solver::check(space)?;
        // Up to rotation a symmetry's image of a move as the engine makes
        // it (the move, then the turn home) is not known to be one: no
        // classes, no conjugates.
        let symmetries = if space.up_to_rotation() {
            &[]
        } else {
            symmetries
        };
        if let Some(sc) =
            super::classes::class_coordinate(space, symmetries, bytes, coordinate_bytes)
        {
            let table = super::pruning::Encoding::of_classes(space).bytes(sc.len());
            let plan = TablePlan::whole(space, sc.bytes() + table);
            let key = TablePlan::class_key(space, &sc, symmetries);
            let sc = Arc::new(sc);
            return Ok(PlannedTables {
                how: Planned::Classes { sc, plan, key },
            });
        }
        let conjugations = Conjugation::all(space, symmetries);
        let plan = match TablePlan::with_classes(space, bytes, symmetries, &conjugations)? {
            Some(plan) => plan,
            None => TablePlan::fitted(space, bytes, &conjugations)?,
        };
        super::super::within(plan.bytes, plan.bytes, Some(bytes))?;
        Ok(PlannedTables {
            how: Planned::Projections { conjugations, plan },
        })
    }

    /// The bytes the tables take, their move tables included.
    pub fn bytes(&self) -> u64 {
        match &self.how {
            Planned::Classes { plan, .. } | Planned::Projections { plan, .. } => plan.bytes,
        }
    }

    /// Whether every table is kept in `store` already (a file under its
    /// key; its checks are made when it is read): `space` is the space
    /// the tables were planned for.
    pub fn is_kept(&self, space: &Space, store: &std::path::Path) -> bool {
        match &self.how {
            Planned::Classes { key, .. } => table_path(store, *key).exists(),
            Planned::Projections { plan, .. } => {
                (0..plan.projections.len()).all(|p| table_path(store, plan.key(space, p)).exists())
            }
        }
    }
}

/// The file in `store` of the table of key `key`.
fn table_path(
    store: &std::path::Path,
    key: [u8; crate::board::store::KEY_BYTES],
) -> std::path::PathBuf {
    let hex: String = key.iter().rev().map(|b| format!("{b:02x}")).collect();
    store.join(format!("pruning-{hex}.bin"))
}

/// The table of key `key`, read from its file in `store` and checked by
/// `made` (given the bytes read), else built by `made` (given none) and
/// kept there (written whole or not at all), with what became of it;
/// [`NotMade::Halted`] when `made` was halted.
fn keep(
    store: &std::path::Path,
    key: [u8; crate::board::store::KEY_BYTES],
    made: impl Fn(Option<Vec<u8>>) -> Result<Pruning, NotMade>,
) -> Result<(Pruning, KeptTable), NotMade> {
    use crate::board::store::{self, Kind};
    let path = table_path(store, key);
    let mut source = TableSource::Built;
    if path.exists() {
        let read = store::read_keyed(&path, Kind::PruningTable, &key)
            .map_err(|e| NotMade::Unfit(e.to_string()))
            .and_then(|table| {
                made(Some(table)).map_err(|e| match e {
                    NotMade::Unfit(e) => {
                        NotMade::Unfit(format!("{} has wrong values: {e}", path.display()))
                    }
                    halted => halted,
                })
            });
        match read {
            Ok(pruning) => {
                let (values, bytes) = (pruning.values, pruning.bytes() as u64);
                let source = TableSource::Read;
                return Ok((
                    pruning,
                    KeptTable {
                        path,
                        values,
                        bytes,
                        source,
                    },
                ));
            }
            Err(NotMade::Unfit(why)) => source = TableSource::Replaced(why),
            Err(NotMade::Halted) => return Err(NotMade::Halted),
        }
    }
    let pruning = match made(None) {
        Ok(pruning) => pruning,
        Err(NotMade::Halted) => return Err(NotMade::Halted),
        Err(NotMade::Unfit(why)) => unreachable!("a table built is never unfit: {why}"),
    };
    if let Err(e) = store::write_keyed(&path, Kind::PruningTable, &key, &pruning.table) {
        source = TableSource::NotKept(e.to_string());
    }
    let (values, bytes) = (pruning.values, pruning.bytes() as u64);
    Ok((
        pruning,
        KeptTable {
            path,
            values,
            bytes,
            source,
        },
    ))
}
