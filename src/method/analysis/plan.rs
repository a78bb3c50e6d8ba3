//! How `counts` searches a puzzle's move-count table, decided before
//! anything large is built ([`plan`]): by the group's elements, by classes
//! under the symmetries, by positions two bits each, or the dense analysis
//! of [`Analysis::new`]; and the searches each plan runs.

use super::*;
use crate::board::store::Checkpoints;

/// The move-count table by the search by classes
/// ([`search::classes`]): positions, classes and extended classes at each
/// distance, two bits a class, without the dictionary of every position
/// that [`Analysis::new`] builds. `Ok(None)` when the search by classes
/// does not apply: moves priced by words, positions taken up to rotation,
/// symmetries that carry a coordinate's slots onto several coordinates
/// ([`SymmetryCoordinate::new`]), or fewer than [`CLASSES_PAY`] symmetries
/// (unless [`Options::always_by_classes`]); [`Analysis::new`] then
/// answers.
///
/// ```
/// use schofield::puzzle::library;
/// use schofield::method::analysis::{Options, move_counts_by_classes};
/// let rows = move_counts_by_classes(&library::get("corners").unwrap(), &Options::default(), &|_| {})
///     .unwrap()
///     .unwrap();
/// assert_eq!(rows.symmetries, 48);
/// assert_eq!(rows.rows.len(), 12);
/// assert_eq!(rows.rows[11].positions, 64_736);
/// assert_eq!(rows.rows[11].classes, Some(1_450));
/// assert_eq!(rows.rows[11].extended_classes, Some(902));
/// ```
pub fn move_counts_by_classes(
    puzzle: &Puzzle,
    options: &Options,
    progress: &dyn Fn(LayerProgress),
) -> Result<Option<ByClasses>, AnalysisError> {
    let Plan::Classes(setup) = plan(puzzle, options)? else {
        return Ok(None);
    };
    Ok(Some(setup.run(options.checkpoints.as_ref(), progress)?))
}

/// What the search by classes searches: the space, its symmetry
/// coordinate, whether classes with inverses are counted, and the memory
/// left for the search ([`by_classes`]).
#[derive(Debug)]
pub struct ClassSearch {
    /// The positions.
    pub space: Space,
    /// The classes.
    pub coordinate: SymmetryCoordinate,
    /// True when every piece is different: the extended classes are
    /// counted.
    pub inverses: bool,
    /// The memory left for the two-bit table, when bounded.
    pub left: Option<u64>,
    /// The bytes of the tables held beside it: the moves' and the
    /// coordinate's.
    pub beside: u64,
}

impl ClassSearch {
    /// Runs the search on one machine, with `checkpoints` if given: the
    /// move-count table.
    pub fn run(
        &self,
        checkpoints: Option<&Checkpoints>,
        progress: &dyn Fn(LayerProgress),
    ) -> Result<ByClasses, AnalysisError> {
        let found = search::classes::class_counts(
            &self.space,
            &self.coordinate,
            self.inverses,
            self.left,
            checkpoints,
            progress,
        )
        .map_err(|e| match e {
            // Told whole: the tables beside, and the memory allowed in all.
            SearchError::Memory {
                needed, allowed, ..
            } => SearchError::ClassMemory {
                needed: needed.saturating_add(self.beside),
                classes: self.coordinate.len(),
                allowed: allowed.saturating_add(self.beside),
            },
            e => e,
        })?;
        Ok(self.rows(&found))
    }

    /// The move-count table of what the search found.
    pub fn rows(&self, found: &search::classes::ClassCounts) -> ByClasses {
        ClassSearch::rows_of(found, self.coordinate.symmetries())
    }

    /// The move-count table of what a search by classes under
    /// `symmetries` found.
    pub fn rows_of(found: &search::classes::ClassCounts, symmetries: usize) -> ByClasses {
        let rows = (0..found.classes.len())
            .map(|d| MoveCount {
                moves: d as u32,
                positions: found.positions[d],
                classes: Some(found.classes[d]),
                extended_classes: found.extended.as_ref().map(|e| e[d]),
            })
            .collect();
        ByClasses { rows, symmetries }
    }
}

/// How a puzzle's move-count table is searched, decided before anything
/// large is built: the choice [`plan`] makes for `counts`, one process or
/// the cluster.
#[derive(Debug)]
pub enum Plan {
    /// The group's elements numbered by its stabiliser chain, two bits
    /// each, positions alone ([`move_counts_by_group`]).
    Group(GroupSearch),
    /// The classes under the symmetries, two bits a class
    /// ([`move_counts_by_classes`]; the cluster runs it too:
    /// [`search::classes::ClassGraph`]).
    Classes(Box<ClassSearch>),
    /// The positions, two bits each, no classes
    /// ([`move_counts_without_symmetries`]).
    Positions {
        /// The positions.
        space: Box<Space>,
        /// The symmetries that map the moves onto themselves: more than
        /// one when the search by classes cannot take them.
        symmetries: usize,
    },
    /// The dense analysis ([`Analysis::new`]: a byte a position, and the
    /// classes found afterwards): moves priced by words, positions up to
    /// rotation, or a space small enough that it is the fastest.
    Dense,
}

/// What the search by the group's elements searches ([`Plan::Group`]).
#[derive(Debug)]
pub struct GroupSearch {
    /// The group's elements, numbered.
    pub numbering: crate::group::numbering::ChainNumbering,
    /// The moves, as permutations of the chain's points.
    pub moves: Vec<Vec<u32>>,
    /// The arrangements the positions would number instead (`None` past
    /// `u64`).
    pub arrangements: Option<u64>,
}

/// Decides how `counts` searches `puzzle` under `options`: by the group's
/// elements where the arrangements number far more ([`OVERSIZED`]), by
/// classes where the symmetries pay ([`CLASSES_PAY`], or any past
/// [`DENSE_MOST`] positions), by positions two bits each where no symmetry
/// helps or the dense analysis cannot take the space, and otherwise the
/// dense analysis. The move tables are built only for the searches that
/// use them.
///
/// ```
/// use schofield::puzzle::library;
/// use schofield::method::analysis::{Options, Plan, plan};
/// let corners = library::get("corners").unwrap();
/// assert!(matches!(plan(&corners, &Options::default()).unwrap(), Plan::Classes(_)));
/// let eight = library::get("eight").unwrap();
/// assert!(matches!(plan(&eight, &Options::default()).unwrap(), Plan::Dense));
/// ```
pub fn plan(puzzle: &Puzzle, options: &Options) -> Result<Plan, AnalysisError> {
    let metric = options.metric.unwrap_or(puzzle.default_metric());
    let moves = puzzle.moves(metric, options.generators.as_deref())?;
    if moves.has_words() {
        return Ok(Plan::Dense);
    }
    if let Some(group) = group_search(puzzle, &moves, options.max_memory)? {
        return Ok(Plan::Group(group));
    }
    // Positions too many for two bits each may still be searched by
    // classes where the classes of one worked coordinate apply.
    let (space, refused) = match two_bit_space(puzzle, &moves, options.max_memory) {
        Err(e) if e.is_memory() && Space::is_one_worked(puzzle, &moves)? => (
            Space::with_limit(puzzle, &moves, options.max_memory)?,
            Some(e),
        ),
        found => (found?, None),
    };
    let symmetries = usable_symmetries(puzzle, &moves, &space);
    let count = symmetries.len();
    let pays = count >= CLASSES_PAY || (count > 1 && space.len() > DENSE_MOST);
    if pays || options.always_by_classes {
        let actions: Vec<SpaceSymmetry> = symmetries.into_iter().map(|s| s.action).collect();
        let left = options
            .max_memory
            .map(|m| m.saturating_sub(space.table_bytes()));
        let coordinate = match SymmetryCoordinate::new(&space, &actions, left) {
            // A worked coordinate's classes take an entry an arrangement
            // (the Dino cube's: 958 MB, where its positions take 60 MB at
            // two bits): past the memory allowed, the positions answer.
            Err(SpaceError::Memory { .. }) if space.has_worked() && refused.is_none() => None,
            // Nor the positions: what the classes would need, the least.
            Err(SpaceError::Memory { needed, .. }) if refused.is_some() => {
                let classes = space.len().div_ceil(count as u64);
                return Err(SearchError::ClassMemory {
                    needed: needed
                        .saturating_add(space.table_bytes())
                        .saturating_add(crate::board::two_bit::TwoBit::bytes(classes)),
                    classes,
                    allowed: options.max_memory.unwrap_or(u64::MAX),
                }
                .into());
            }
            found => found?,
        };
        if let Some(coordinate) = coordinate {
            let beside = space.table_bytes().saturating_add(coordinate.bytes());
            let left = left.map(|m| m.saturating_sub(coordinate.bytes()));
            return Ok(Plan::Classes(Box::new(ClassSearch {
                space,
                coordinate,
                inverses: puzzle.has_distinct_pieces(),
                left,
                beside,
            })));
        }
    }
    if let Some(e) = refused {
        return Err(e);
    }
    let dense = space.len() <= DENSE_MOST && !space.has_worked();
    if space.up_to_rotation() || (count > 1 && dense) {
        return Ok(Plan::Dense);
    }
    Ok(Plan::Positions {
        space: Box::new(space),
        symmetries: count,
    })
}

impl Plan {
    /// Runs a two-bit plan, refused before it allocates past `max_memory`,
    /// with checkpoints when they are given (once a minute, and after the
    /// layer to stop after):
    /// the move-count table (positions at each distance, and classes when
    /// the plan searches them). `None` for [`Plan::Dense`], which is
    /// [`Analysis::new`]'s to run.
    ///
    /// ```
    /// use schofield::puzzle::library;
    /// use schofield::method::analysis::{Options, plan};
    /// let corners = library::get("corners").unwrap();
    /// let rows = plan(&corners, &Options::default()).unwrap().run(None, None, &|_| {});
    /// let rows = rows.unwrap().unwrap();
    /// assert_eq!(rows.iter().map(|r| r.positions).sum::<u64>(), 88_179_840);
    /// assert_eq!(rows.iter().filter_map(|r| r.classes).sum::<u64>(), 1_841_970);
    /// ```
    pub fn run(
        &self,
        max_memory: Option<u64>,
        checkpoints: Option<&Checkpoints>,
        progress: &dyn Fn(LayerProgress),
    ) -> Option<Result<Vec<MoveCount>, AnalysisError>> {
        Some(match self {
            Plan::Group(g) => g.run(max_memory, checkpoints, progress),
            Plan::Classes(c) => c.run(checkpoints, progress).map(|found| found.rows),
            Plan::Positions { space, .. } => {
                search::two_bit_counts(space, max_memory, checkpoints, progress)
                    .map(|counts| MoveCount::distribution(&counts))
                    .map_err(AnalysisError::from)
            }
            Plan::Dense => return None,
        })
    }
}

impl GroupSearch {
    /// Runs the search, refused before it allocates past `max_memory`:
    /// the elements at each distance.
    pub fn run(
        &self,
        max_memory: Option<u64>,
        checkpoints: Option<&Checkpoints>,
        progress: &dyn Fn(LayerProgress),
    ) -> Result<Vec<MoveCount>, AnalysisError> {
        let counts = search::group_counts(
            &self.numbering,
            &self.moves,
            max_memory,
            checkpoints,
            progress,
        )?;
        Ok(MoveCount::distribution(&counts))
    }
}

/// The search by the group's elements, where it applies: distinct pieces
/// (a position is an element, not a coset), no rotation, and arrangements
/// past `u64`, or past [`DENSE_MOST`] and [`OVERSIZED`] times the group.
/// Sized without building a move table.
fn group_search(
    puzzle: &Puzzle,
    moves: &MoveSet,
    max_memory: Option<u64>,
) -> Result<Option<GroupSearch>, AnalysisError> {
    use crate::puzzle::transformation::{as_points, perm_group};
    if !puzzle.has_distinct_pieces() {
        return Ok(None);
    }
    let raw: Vec<Transformation> = moves.transformations();
    let points = raw
        .first()
        .map_or(0, |t| crate::puzzle::transformation::points(t).1);
    // Moves that commute make a chain at once (a long twisted cycle's).
    let abelian = raw
        .iter()
        .enumerate()
        .all(|(i, a)| raw[..i].iter().all(|b| a.then(b) == b.then(a)));
    if points > GROUP_POINTS && !abelian {
        return match Space::count(puzzle, moves) {
            Err(SpaceError::Overflow) => Err(AnalysisError::TooManyPoints { points }),
            _ => Ok(None),
        };
    }
    match crate::method::space::effective_moves(puzzle, &raw) {
        Ok((_, false)) => {}
        _ => return Ok(None),
    }
    let arrangements = match Space::count(puzzle, moves) {
        Err(SpaceError::Overflow) => None,
        Ok(n) if n > DENSE_MOST => Some(n),
        _ => return Ok(None),
    };
    let group = match perm_group(&raw, max_memory) {
        Ok(group) => group,
        // Past u64 nothing else can search it: the bound is the reason.
        Err(e) if arrangements.is_none() => return Err(e.into()),
        Err(_) => return Ok(None),
    };
    let Some(numbering) = crate::group::numbering::ChainNumbering::new(&group) else {
        return Ok(None);
    };
    if arrangements.is_some_and(|a| a / OVERSIZED < numbering.len()) {
        return Ok(None);
    }
    Ok(Some(GroupSearch {
        numbering,
        moves: raw.iter().map(as_points).collect(),
        arrangements,
    }))
}

/// The search by classes ([`Plan::Classes`]) alone, set up but not run;
/// `Ok(None)` where [`plan`] chooses another.
pub fn by_classes(
    puzzle: &Puzzle,
    options: &Options,
) -> Result<Option<ClassSearch>, AnalysisError> {
    Ok(match plan(puzzle, options)? {
        Plan::Classes(c) => Some(*c),
        _ => None,
    })
}

/// The move-count table of a puzzle that no symmetry but the identity maps
/// onto itself: the positions at each distance by the two-bit search
/// ([`search::two_bit_counts`], a quarter of a byte a position), and no
/// class pass, for a class is then a position (the classes with inverses
/// are left out). Past [`DENSE_MOST`] positions, or with a coordinate
/// worked move by move ([`Space::has_worked`], where the dense analysis is
/// slow), it answers whatever the symmetries, the classes left out, where
/// the search by classes cannot take them. `Ok(None)` when it does not
/// apply: moves priced by words, positions taken up to rotation, or a
/// symmetry besides the identity that maps the moves onto themselves on a
/// space the dense analysis takes ([`move_counts_by_classes`] or
/// [`Analysis::new`] answers).
///
/// ```
/// use schofield::puzzle::{Puzzle, library, yaml};
/// use schofield::method::analysis::{Options, move_counts_without_symmetries};
/// let options = Options::default();
/// // The cube's 48 symmetries: classes can save something.
/// let corners = library::get("corners").unwrap();
/// assert!(move_counts_without_symmetries(&corners, &options, &|_| {}).unwrap().is_none());
/// // Two 3-cycles sharing a slot generate A5, and declare no symmetry.
/// let text = "{name: two-three-cycles, orbits: {pieces: 5}, moves: {A: '(0,1,2)', B: '(2,3,4)'}}";
/// let a5 = Puzzle::new(yaml::read(text).unwrap()).unwrap();
/// let rows = move_counts_without_symmetries(&a5, &options, &|_| {}).unwrap().unwrap();
/// let positions: Vec<u64> = rows.iter().map(|r| r.positions).collect();
/// assert_eq!(positions, [1, 4, 8, 16, 24, 6, 1]);
/// assert!(rows.iter().all(|r| r.classes.is_none()));
/// ```
pub fn move_counts_without_symmetries(
    puzzle: &Puzzle,
    options: &Options,
    progress: &dyn Fn(LayerProgress),
) -> Result<Option<Vec<MoveCount>>, AnalysisError> {
    let Plan::Positions { space, .. } = plan(puzzle, options)? else {
        return Ok(None);
    };
    let counts = search::two_bit_counts(
        &space,
        options.max_memory,
        options.checkpoints.as_ref(),
        progress,
    )?;
    Ok(Some(MoveCount::distribution(&counts)))
}

/// The move-count table of a puzzle whose numbering by arrangements is far
/// larger than its group: the group's elements numbered by its stabiliser
/// chain ([`crate::group::numbering::ChainNumbering`]) and searched two
/// bits each ([`search::group_counts`]), positions alone. It answers when
/// the arrangements pass `u64` (M24 on 24 points: 24! of them, 244 823 040
/// elements), or number more than [`DENSE_MOST`] positions and at least
/// [`OVERSIZED`] times the group's order (twsearch's `turnfour.tws`, 256
/// times). `Ok(None)` when it does not apply: moves priced by words,
/// identical pieces (a position is then a coset, not an element),
/// positions taken up to rotation, or a numbering close to the group.
///
/// ```
/// use schofield::puzzle::{Puzzle, yaml};
/// use schofield::method::analysis::{Options, move_counts_by_group};
/// // Two 3-cycles sharing a point make A5: its 60 even arrangements are
/// // numbered as they are, and the arrangements answer.
/// let text = "{name: two-three-cycles, orbits: {pieces: 5}, moves: {A: '(0,1,2)', B: '(2,3,4)'}}";
/// let a5 = Puzzle::new(yaml::read(text).unwrap()).unwrap();
/// assert!(move_counts_by_group(&a5, &Options::default(), &|_| {}).unwrap().is_none());
/// ```
pub fn move_counts_by_group(
    puzzle: &Puzzle,
    options: &Options,
    progress: &dyn Fn(LayerProgress),
) -> Result<Option<Vec<MoveCount>>, AnalysisError> {
    let Plan::Group(g) = plan(puzzle, options)? else {
        return Ok(None);
    };
    Ok(Some(g.run(
        options.max_memory,
        options.checkpoints.as_ref(),
        progress,
    )?))
}

/// The most points (a point for each slot and orientation) on which
/// [`move_counts_by_group`] runs Schreier–Sims for moves that do not all
/// commute (those that do, a long cycle of many orientations, make their
/// chain at once): past them its chain can
/// take minutes and gigabytes before the plan is made (a 150-cycle of 13
/// orientations, 1 950 points), and the arrangements' refusal comes at
/// once instead. M24 has 24 points; twsearch's `turnfour.tws`, 64.
pub const GROUP_POINTS: usize = 256;

/// How many times its group's order a puzzle's arrangements must number
/// before [`move_counts_by_group`] searches the group instead.
pub const OVERSIZED: u64 = 16;

/// The fewest symmetries with which [`move_counts_by_classes`] answers by
/// default: with fewer, the dense search is faster (measured on the corner
/// group: 48 symmetries 0.8 s against 4.9 s; none, 17 s against 4.2 s).
/// Past [`DENSE_MOST`] positions any symmetry but the identity will do.
pub const CLASSES_PAY: usize = 16;

/// The most positions for which a move-count table is left to the dense
/// analysis ([`Analysis::new`]: a byte a position and a pass for the
/// classes) when fewer than [`CLASSES_PAY`] symmetries make the search by
/// classes slower. Past it, [`move_counts_by_classes`] answers with any
/// symmetry besides the identity, and [`move_counts_without_symmetries`]
/// where the search by classes does not apply (twsearch's `turnstile.tws`,
/// 6 286 896 000 positions and 4 symmetries: 179 s by classes, where the
/// dense analysis needed 6.3 GB for its bytes and had not finished its
/// classes after 250 s).
pub const DENSE_MOST: u64 = 1 << 28;

/// True when `puzzle` under `moves` has no whole table: more than
/// [`DENSE_MOST`] positions, or more than `u64` numbers (the 3×3×3). One
/// position of it is solved by IDA* ([`crate::method::search::ida`]);
/// moves with words always take the table.
///
/// ```
/// use schofield::puzzle::{Metric, library};
/// use schofield::method::analysis::past_the_table;
/// let cube = library::get("3x3x3").unwrap();
/// assert!(past_the_table(&cube, &cube.moves(Metric::Face, None).unwrap()));
/// let small = library::get("2x2x2").unwrap();
/// assert!(!past_the_table(&small, &small.moves(Metric::Face, None).unwrap()));
/// ```
pub fn past_the_table(puzzle: &Puzzle, moves: &MoveSet) -> bool {
    !moves.has_words()
        && match Space::count(puzzle, moves) {
            Ok(n) => n > DENSE_MOST,
            Err(crate::method::space::SpaceError::Overflow) => true,
            Err(_) => false,
        }
}

/// The numbered positions from which one position is answered sooner by
/// one search (IDA*, its tables kept on disk) than by the whole table: 2²¹.
/// Under it the analysis takes well under a second.
pub const ONE_SEARCH_FROM: u64 = 1 << 21;

/// True when one position of `puzzle` under `moves` is answered sooner by
/// IDA* than by the whole table, the table not being past reach
/// ([`past_the_table`]): more than [`ONE_SEARCH_FROM`] positions, no
/// words (IDA*'s canonical form needs none), positions held still (up to
/// rotation the table, which answers in the engine's frames, is kept),
/// and every piece different (so that the group's
/// stabiliser chain tells a position the moves never reach, on which IDA*
/// would never end). twsearch's 2×2×2 (88 179 840 positions) is; the
/// library's 2×2×2, taken up to rotation, is not.
///
/// ```
/// use schofield::puzzle::{Metric, library, read};
/// use schofield::method::analysis::one_search_pays;
/// let corners = library::get("corners").unwrap();
/// assert!(one_search_pays(&corners, &corners.moves(Metric::Face, None).unwrap()));
/// let turned = library::get("2x2x2").unwrap();
/// assert!(!one_search_pays(&turned, &turned.moves(Metric::Face, None).unwrap()));
/// let pyraminx = library::get("pyraminx").unwrap();
/// assert!(!one_search_pays(&pyraminx, &pyraminx.moves(Metric::Face, None).unwrap()));
/// ```
pub fn one_search_pays(puzzle: &Puzzle, moves: &MoveSet) -> bool {
    !moves.has_words()
        && puzzle.rotations().is_empty()
        && puzzle.has_distinct_pieces()
        && Space::count(puzzle, moves).is_ok_and(|n| n > ONE_SEARCH_FROM)
}

/// The move-count table found by the search by classes.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct ByClasses {
    /// The rows, one a distance.
    pub rows: Vec<MoveCount>,
    /// The symmetries the classes are taken under: the puzzle's that map
    /// the moves onto themselves.
    pub symmetries: usize,
}

/// The puzzle's symmetries that map the moves analysed onto themselves
/// (with their costs and elisions), and the rotations onto the rotations.
pub(super) fn usable_symmetries(
    puzzle: &Puzzle,
    moves: &MoveSet,
    space: &Space,
) -> Vec<PuzzleSymmetry> {
    let n = moves.len();
    let mut out = Vec::new();
    for s in puzzle.symmetries() {
        let image = moves.image_under(s.transformation());
        let Some(image) = image.into_iter().collect::<Option<Vec<usize>>>() else {
            continue;
        };
        let keeps_costs = (0..n).all(|a| moves.get(a).cost() == moves.get(image[a]).cost())
            && (0..n).all(|a| {
                (0..n).all(|b| moves.cancelled(a, b) == moves.cancelled(image[a], image[b]))
            });
        let keeps_rotations = space.rotation_group().iter().all(|r| {
            space
                .rotation_group()
                .contains(&r.conjugate(s.transformation()))
        });
        if keeps_costs && keeps_rotations {
            out.push(PuzzleSymmetry {
                name: s.name().to_string(),
                transformation: s.transformation().clone(),
                image,
                action: space.symmetry(s.transformation()),
            });
        }
    }
    if out.is_empty() {
        // The identity alone.
        let id = puzzle.identity();
        out.push(PuzzleSymmetry {
            name: "identity".into(),
            image: (0..n).collect(),
            action: space.symmetry(&id),
            transformation: id,
        });
    }
    out
}

/// Refuses, before any move table is made, a search of `puzzle` under
/// `moves` whose `bytes` for its positions (and its move tables) would
/// pass `max_memory`: the 3×3×3 up to rotation has 3.6·10¹⁸ positions,
/// and its move tables alone take a minute to make.
fn fits_before_tables(
    puzzle: &Puzzle,
    moves: &MoveSet,
    max_memory: Option<u64>,
    bytes: impl Fn(u64) -> u64,
) -> Result<(), AnalysisError> {
    let Some(allowed) = max_memory else {
        return Ok(());
    };
    let (positions, tables) = Space::planned(puzzle, moves)?;
    let needed = bytes(positions).saturating_add(tables);
    Ok(search::within(needed, positions, Some(allowed))?)
}

/// [`fits_before_tables`] for the dense analysis: a byte a position and
/// more ([`search::bytes_per_position`]).
pub(super) fn fits_a_byte_a_position(
    puzzle: &Puzzle,
    moves: &MoveSet,
    max_memory: Option<u64>,
) -> Result<(), AnalysisError> {
    let per = search::bytes_per_position(moves);
    fits_before_tables(puzzle, moves, max_memory, |n| n.saturating_mul(per))
}

/// The space of the two-bit search of positions alone
/// ([`search::two_bit_counts`]), refused before its move tables are made
/// when two bits a position would pass `max_memory`.
///
/// ```
/// use schofield::puzzle::{Metric, library};
/// use schofield::method::analysis::two_bit_space;
/// let cube = library::get("2x2x2").unwrap();
/// let moves = cube.moves(Metric::Face, None).unwrap();
/// assert_eq!(two_bit_space(&cube, &moves, None).unwrap().len(), 3_674_160);
/// assert!(two_bit_space(&cube, &moves, Some(1 << 20)).unwrap_err().is_memory());
/// ```
pub fn two_bit_space(
    puzzle: &Puzzle,
    moves: &MoveSet,
    max_memory: Option<u64>,
) -> Result<Space, AnalysisError> {
    fits_before_tables(
        puzzle,
        moves,
        max_memory,
        crate::board::two_bit::TwoBit::bytes,
    )?;
    Ok(Space::with_limit(puzzle, moves, max_memory)?)
}
