//! The positions of a puzzle, numbered: the *space* the engine searches.
//!
//! A position is what stands in every slot. The engine numbers positions
//! densely with *coordinates*, as cube solvers do: the slots fall into the
//! orbits of the group the moves generate (a piece never leaves its orbit),
//! and each orbit contributes the rank of its pieces' arrangement and the
//! rank of their orientations. Invariants shrink the coordinates: when
//! every move permutes an orbit evenly only even arrangements are counted
//! (the eight-puzzle's 8!/2 = 20 160, numbered by Schofield's sequence
//! number), and when every move keeps an orbit's orientation sum the last
//! orientation follows from the others (the 2×2×2's 3⁶). A slot that no
//! move touches is left out. The number of a position is the mixed-radix
//! number of its coordinates, the first orbit's arrangement most
//! significant; the goal need not be 0.
//!
//! **Up to rotation.** When the puzzle has whole-puzzle rotations that act
//! on one piece's places and orientations regularly (one rotation for each,
//! as the cube's 24 act on a corner), a position is taken up to rotation:
//! it is turned so that piece stands at home, and each move is followed by
//! the rotation that brings it back. The 2×2×2's 88 179 840 arrangements
//! become its 3 674 160 positions.
//!
//! ```
//! use schofield::puzzle::{library, Metric};
//! use schofield::method::space::Space;
//! let eight = library::get("eight").unwrap();
//! let moves = eight.moves(Metric::Face, None).unwrap();
//! let space = Space::new(&eight, &moves).unwrap();
//! assert_eq!(space.len(), 20_160);
//! assert_eq!(space.goal_index(), 0); // Schofield's sequence number of the target
//! let a = space.apply(space.goal_index(), 0); // twist A
//! assert_eq!(space.decode(a).orbits()[0].pieces, vec![2, 0, 1, 3, 4, 5, 6, 7]);
//! ```

use crate::perm::{self, Divisor, SmallRanker};
use crate::puzzle::transformation::{turn_add, turn_sub};
use crate::puzzle::{MoveBits, MoveSet, OrbitPattern, Pattern, Puzzle, Transformation};
use crate::text::quoted;

mod classes;
mod coordinate;
mod flat;
mod layout;
mod pieces;
mod symmetry;
mod tables;

pub use classes::SymmetryCoordinate;
pub use coordinate::Packed;
pub use flat::Flat;
use flat::{FlatMap, apply_flat, apply_into, flat_map, reduced_sum};
pub use pieces::{MAX_SET_SLOTS, PieceSet};
pub use symmetry::SpaceSymmetry;
use symmetry::rotations_of;
pub use tables::MoveTable;

/// The most values of one coordinate whose move table is made; a larger
/// coordinate (the 3×3×3's twelve edges, the Dino cube's) is *worked*: a
/// move unranks its value, moves the pieces and ranks them again.
pub const MAX_TABLE: u64 = 1 << 26;

/// The most bytes the move tables of a space made for IDA*
/// ([`Space::unnumbered`]) take when no memory is given: larger
/// coordinates are worked.
pub const UNNUMBERED_TABLES: u64 = 256 << 20;

/// The most slots of one group orbit: a coordinate's pieces are worked on
/// the stack, a byte each.
pub const MAX_WORKED_SLOTS: usize = 255;

/// Why a puzzle's positions cannot be numbered.
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
pub enum SpaceError {
    /// A puzzle the searches cannot take yet ([`Puzzle::searchable`]).
    #[error(transparent)]
    Definition(#[from] crate::puzzle::DefinitionError),
    /// More positions than a 64-bit number holds.
    #[error("the puzzle has more than 2^64 arrangements; it is too large to search")]
    Overflow,
    /// A group orbit of more slots than a coordinate numbers.
    #[error("orbit {} has {count} arrangements of its pieces in one group orbit of {slots} slots; the engine numbers orbits of at most {MAX_WORKED_SLOTS} slots", quoted(.orbit))]
    Coordinate {
        /// The orbit.
        orbit: String,
        /// Slots in the group orbit.
        slots: usize,
        /// Its arrangements.
        count: u64,
    },
    /// Rotations that do not map the moves onto the moves.
    #[error("rotation {} does not map the moves onto the moves, so positions cannot be taken up to rotation", quoted(.0))]
    Rotation(String),
    /// Move tables larger than allowed.
    #[error("the move tables need {} bytes, more than the {} allowed", crate::text::grouped(*.needed as usize), crate::text::grouped(*.allowed as usize))]
    Memory {
        /// Bytes needed.
        needed: u64,
        /// Bytes allowed.
        allowed: u64,
    },
    /// Rotations that act regularly on no piece.
    #[error(
        "the {count} rotations ({names}) move no piece regularly round all its places and orientations; positions are taken up to rotation by the one piece whose places and orientations the rotations match one to one (the cube's corner, a Top-Spin disc)"
    )]
    NotRegular {
        /// How many rotations the generators make.
        count: usize,
        /// The generators' names.
        names: String,
    },
}

/// How one coordinate's arrangements are ranked.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
enum Kind {
    /// Every arrangement of distinct pieces: `s!`.
    Full,
    /// Only those of the goal's parity: `s!/2`.
    Even {
        /// True when the goal's arrangement is odd.
        odd: bool,
    },
    /// Pieces that repeat: `s! / Π mᵢ!`.
    Multiset,
}

/// One orbit of the move group on slots, with its two digits.
#[derive(Debug, Clone)]
struct Coordinate {
    /// Its global slots, ascending.
    slots: Vec<u16>,
    /// The dense value of each piece label of the orbit (distinct pieces:
    /// its rank among the coordinate's pieces; repeated: its kind's rank).
    dense: Vec<u8>,
    /// The piece label of each dense value (the first, for repeats).
    label: Vec<u8>,
    /// How many pieces of each dense value.
    counts: Vec<u8>,
    kind: Kind,
    perm_count: u64,
    modulus: u8,
    /// Orientation digits ranked: all slots, or all but the last when the
    /// sum is kept.
    ori_digits: usize,
    /// The kept sum, when it is kept.
    ori_sum: Option<u8>,
    ori_count: u64,
    /// When no move turns a piece here: the orientation of each piece (by
    /// dense value), which it always has.
    follow: Option<Vec<u8>>,
    /// For arrangements of at most eight distinct pieces: every
    /// arrangement in rank order, packed three bits an entry (an unrank is
    /// a look-up).
    packed: Option<&'static [u32]>,
    /// For at most eight slots and 65 536 orientation values: every
    /// orientation value's orientations, a byte a slot.
    ori_packed: Option<Vec<u64>>,
    /// `perm_table[v * moves + m]`: the value move `m` makes of value `v`
    /// (empty when the arrangements are worked, not tabulated: more than
    /// [`MAX_TABLE`] of them).
    perm_table: MoveTable,
    ori_table: MoveTable,
    /// For a coordinate with more than [`MAX_TABLE`] arrangements or
    /// orientations: each move on its own slots, to work a move out.
    worked: Option<Box<Worked>>,
    /// For rank with tables: the ranker of ≤ 8 distinct pieces.
    ranker: Option<SmallRanker>,
    /// The goal's arrangement here (dense values, slot by slot), each dense
    /// value's slot in it, and the goal's orientations here: what an
    /// inverse is taken against ([`Space::inverse_index`]).
    goal_arr: Vec<u8>,
    home: Vec<u8>,
    goal_ori: Vec<u8>,
    /// Each arrangement's inverse's, made on first use.
    inverse: std::sync::OnceLock<Vec<u16>>,
}

/// A move on one coordinate's own slots, for a coordinate too large for a
/// move table: `src[m * slots + k]` is the slot whose piece move `m` brings
/// to slot `k`, `gain[m * slots + k]` the orientation it gains there.
#[derive(Debug, Clone)]
struct Worked {
    src: Vec<u8>,
    gain: Vec<u8>,
    /// True when the arrangements are worked (else only the orientations).
    perm: bool,
    /// True when the orientations are worked.
    ori: bool,
}

/// One digit of a position's number.
#[derive(Debug, Clone)]
struct Digit {
    coord: usize,
    /// True for the orientation digit.
    ori: bool,
    radix: Divisor,
    stride: u64,
}

/// Positions taken up to rotation: the piece whose place and orientation
/// fix the rotation, and the rotation for each.
#[derive(Debug, Clone)]
struct Rotations {
    /// The reference piece's label and its orientation in the goal.
    label: u8,
    home_ori: u8,
    /// The slots of its orbit (global range).
    first: usize,
    len: usize,
    modulus: u8,
    /// `by_place[slot * m + ori]`: the number of the rotation that brings
    /// the piece home from there (the orientation read relative to the
    /// goal's).
    by_place: Vec<usize>,
    /// The rotations, and each as a flat map.
    elements: Vec<Transformation>,
    maps: Vec<FlatMap>,
}

/// A puzzle's positions, numbered, with its moves on those numbers.
#[derive(Debug, Clone)]
pub struct Space {
    orbits: Vec<(usize, usize, u8)>,
    goal: Flat,
    goal_index: u64,
    coords: Vec<Coordinate>,
    /// Least significant first.
    digits: Vec<Digit>,
    size: u64,
    /// False when the positions number more than `u64` holds: the digits
    /// and their moves are kept ([`Space::unnumbered`]), no position has
    /// a number.
    numbered: bool,
    moves: Vec<FlatMap>,
    effective: Vec<Transformation>,
    rotations: Option<Rotations>,
    /// `home_of[first + label]`: the slot (within its orbit) where the goal
    /// has that piece.
    home_of: Vec<u8>,
    /// The move table of a digit of one value, every move keeping it: the
    /// inner table of blocks of one position ([`Space::blocks`]).
    unit: MoveTable,
    /// The most values of a coordinate that is tabulated ([`MAX_TABLE`]).
    max_table: u64,
}

impl Space {
    /// Numbers the positions of `puzzle` under `moves`.
    pub fn new(puzzle: &Puzzle, moves: &MoveSet) -> Result<Space, SpaceError> {
        Space::with_limit(puzzle, moves, None)
    }

    /// [`Space::new`], refusing before its move tables are allocated when
    /// they would take more than `max_memory` bytes.
    pub fn with_limit(
        puzzle: &Puzzle,
        moves: &MoveSet,
        max_memory: Option<u64>,
    ) -> Result<Space, SpaceError> {
        Space::build(puzzle, moves, max_memory, MAX_TABLE)
    }

    /// How many positions [`Space::new`] would number, found without
    /// building a move table: [`SpaceError::Overflow`] past `u64`.
    ///
    /// ```
    /// use schofield::puzzle::{Metric, library};
    /// use schofield::method::space::Space;
    /// let corners = library::get("corners").unwrap();
    /// let moves = corners.moves(Metric::Face, None).unwrap();
    /// assert_eq!(Space::count(&corners, &moves).unwrap(), 88_179_840);
    /// ```
    pub fn count(puzzle: &Puzzle, moves: &MoveSet) -> Result<u64, SpaceError> {
        let space = Space::layout(puzzle, moves, MAX_TABLE)?;
        if !space.numbered {
            return Err(SpaceError::Overflow);
        }
        Ok(space.size)
    }

    /// The coordinates of `puzzle` under `moves` and their move tables,
    /// whether or not the positions can be numbered in `u64`
    /// ([`Space::is_numbered`]): a position is then its digits
    /// ([`Space::digits_of`]), each moved on its own
    /// ([`Space::digit_step`]), as IDA* takes them. Refused before the
    /// tables are allocated past `max_memory`.
    ///
    /// ```
    /// use schofield::puzzle::{Metric, library};
    /// use schofield::method::space::Space;
    /// let cube = library::get("3x3x3").unwrap();
    /// let moves = cube.moves(Metric::Face, None).unwrap();
    /// assert!(Space::new(&cube, &moves).is_err());
    /// let space = Space::unnumbered(&cube, &moves, None).unwrap();
    /// assert!(!space.is_numbered());
    /// // Corner arrangement and orientations, edge arrangement and flips.
    /// assert_eq!(space.digit_count(), 4);
    /// ```
    pub fn unnumbered(
        puzzle: &Puzzle,
        moves: &MoveSet,
        max_memory: Option<u64>,
    ) -> Result<Space, SpaceError> {
        let mut space = Space::layout(puzzle, moves, MAX_TABLE)?;
        // The move tables take at most a quarter of the budget (of
        // UNNUMBERED_TABLES without one): the largest coordinates past it
        // are worked. Up to rotation, the 3×3×3's edges less the reference
        // one number 11! = 39 916 800, whose table for 45 moves would take
        // 7.2 GB.
        let budget = max_memory.map_or(UNNUMBERED_TABLES, |m| m / 4);
        let mut counts: Vec<u64> = space
            .coords
            .iter()
            .flat_map(|c| [c.perm_count, c.ori_count])
            .filter(|&v| v <= MAX_TABLE)
            .collect();
        counts.sort_unstable_by(|a, b| b.cmp(a));
        for t in counts {
            space.max_table = t;
            if space.table_bytes() <= budget {
                break;
            }
        }
        Space::assemble(space, max_memory)
    }

    /// True when every position has a number ([`Space::len`] of them).
    pub fn is_numbered(&self) -> bool {
        self.numbered
    }

    /// [`Space::with_limit`], tabulating coordinates of at most
    /// `max_table` values and working the others ([`MAX_TABLE`]): the
    /// tests' way to a worked coordinate on a small puzzle.
    pub(crate) fn build(
        puzzle: &Puzzle,
        moves: &MoveSet,
        max_memory: Option<u64>,
        max_table: u64,
    ) -> Result<Space, SpaceError> {
        let space = Space::layout(puzzle, moves, max_table)?;
        if !space.numbered {
            return Err(SpaceError::Overflow);
        }
        Space::assemble(space, max_memory)
    }

    /// Builds the move tables of a laid-out space, refused past
    /// `max_memory`, and numbers its goal.
    fn assemble(mut space: Space, max_memory: Option<u64>) -> Result<Space, SpaceError> {
        let needed = space.table_bytes();
        if let Some(allowed) = max_memory
            && needed > allowed
        {
            return Err(SpaceError::Memory { needed, allowed });
        }
        for c in 0..space.coords.len() {
            space.build_tables(c);
        }
        if space.numbered {
            space.goal_index = space.encode_flat(&space.goal.clone());
        }
        Ok(space)
    }

    /// The bytes of the move tables: for each coordinate, an entry for
    /// each value and move, two bytes or four (none for a worked one).
    pub fn table_bytes(&self) -> u64 {
        let nm = self.moves.len() as u64;
        self.coords
            .iter()
            .map(|c| {
                let table = |values: u64| match values {
                    _ if values > self.max_table => 0,
                    0..=0x1_0000 => values * 2,
                    _ => values * 4,
                };
                (table(c.perm_count) + table(c.ori_count)) * nm
            })
            .sum()
    }

    /// The number of positions the numbering covers (every reachable one,
    /// perhaps more when invariants tie orbits together).
    pub fn len(&self) -> u64 {
        self.size
    }

    /// Always false.
    pub fn is_empty(&self) -> bool {
        self.size == 0
    }

    /// The goal's number.
    pub fn goal_index(&self) -> u64 {
        self.goal_index
    }

    /// The number of moves.
    pub fn move_count(&self) -> usize {
        self.moves.len()
    }

    /// Each move as the engine applies it: followed, up to rotation, by
    /// the rotation that brings the reference piece home.
    pub fn effective_moves(&self) -> &[Transformation] {
        &self.effective
    }

    /// For each move `a` as the engine applies it, the moves `b` that
    /// never follow it in a reduced path: `a` then `b` is no move
    /// at all or a single move ([`MoveSet::redundant_after`]). Up to
    /// rotation this is judged on the moves as the engine applies them
    /// ([`Space::effective_moves`]), whose pairs make other moves than the
    /// moves held still do: on Top-Spin, a turnstile that carries the
    /// reference disc is followed by a turn of the track, and the same
    /// turnstile twice is no longer the identity. (With words, only pairs
    /// that make no move at all are left out.)
    pub fn redundancy(&self, moves: &MoveSet) -> Vec<MoveBits> {
        let n = moves.len();
        if !self.up_to_rotation() {
            return (0..n).map(|a| moves.redundant_after(a).clone()).collect();
        }
        let e = &self.effective;
        let is_move: std::collections::HashSet<_> = e.iter().collect();
        (0..n)
            .map(|a| {
                (0..n)
                    .filter(|&b| {
                        let t = e[a].then(&e[b]);
                        t.is_identity() || (!moves.has_words() && is_move.contains(&t))
                    })
                    .collect()
            })
            .collect()
    }

    /// How many digits a position's number has: the arrangement and the
    /// orientations of each coordinate that takes more than one value,
    /// each moved by the moves on its own (a projection of the puzzle).
    pub fn digit_count(&self) -> usize {
        self.digits.len()
    }

    /// Digit `d`'s radix (how many values it takes) and the coordinate it
    /// belongs to.
    pub fn digit(&self, d: usize) -> (u64, usize) {
        (self.digits[d].radix.get(), self.digits[d].coord)
    }

    /// Digit `d` of position `index`.
    #[inline]
    pub fn digit_of(&self, index: u64, d: usize) -> u64 {
        let digit = &self.digits[d];
        digit.radix.div_rem(index / digit.stride).1
    }

    /// The value move `m` makes of value `v` of digit `d`.
    #[inline]
    pub fn digit_step(&self, d: usize, v: u64, m: usize) -> u64 {
        let digit = &self.digits[d];
        self.coords[digit.coord].step(digit.ori, v, m, self.moves.len())
    }

    /// The position reached from position `index` by move `m`.
    #[inline]
    pub fn apply(&self, index: u64, m: usize) -> u64 {
        let nm = self.moves.len();
        if let [d] = self.digits.as_slice()
            && d.stride == 1
        {
            return self.coords[d.coord].step(d.ori, index, m, nm);
        }
        self.step_digits(&self.digits, index, m)
    }

    /// The positions reached from `index` by every move, in order, into
    /// `out` (as long as the moves).
    #[inline]
    pub fn neighbours(&self, index: u64, out: &mut [u64]) {
        /// Adds a digit's row of the move table, times its stride.
        #[inline(always)]
        fn add_row<T: Copy + Into<u64>>(out: &mut [u64], row: &[T], stride: u64) {
            for (o, &v) in out.iter_mut().zip(row) {
                *o += v.into() * stride;
            }
        }
        let nm = self.moves.len();
        let out = &mut out[..nm];
        out.fill(0);
        let mut rest = index;
        for d in &self.digits {
            let (q, r) = d.radix.div_rem(rest);
            rest = q;
            let c = &self.coords[d.coord];
            if c.is_worked(d.ori) {
                c.step_all(d.ori, r, d.stride, out);
                continue;
            }
            let table = if d.ori { &c.ori_table } else { &c.perm_table };
            let at = r as usize * nm;
            // The table's width is settled once a digit, not once a move.
            match table {
                MoveTable::Small(t) => add_row(out, &t[at..at + nm], d.stride),
                MoveTable::Large(t) => add_row(out, &t[at..at + nm], d.stride),
            }
        }
    }

    /// The global slots of each declared orbit: `(first, count, modulus)`.
    pub fn orbit_ranges(&self) -> &[(usize, usize, u8)] {
        &self.orbits
    }

    /// The goal as a flat state.
    pub fn goal_flat(&self) -> &Flat {
        &self.goal
    }

    /// How many orbits of slots the moves have (the coordinates).
    pub fn coordinates(&self) -> usize {
        self.coords.len()
    }

    /// True when a coordinate is worked move by move, too large for a
    /// move table ([`MAX_TABLE`]): the search by classes, which tabulates
    /// what the symmetries do to each coordinate, cannot take the space.
    pub fn has_worked(&self) -> bool {
        self.coords.iter().any(|c| c.worked.is_some())
    }
}

/// Each orbit's `(first slot, slots, modulus)` in the flat arrays, and the
/// goal as a flat state.
fn layout_of(puzzle: &Puzzle) -> (Vec<(usize, usize, u8)>, Flat) {
    let mut orbits = Vec::new();
    let mut at = 0;
    for o in puzzle.orbits() {
        orbits.push((at, o.pieces, o.orientations));
        at += o.pieces;
    }
    let goal = Flat {
        pieces: puzzle
            .goal()
            .orbits()
            .iter()
            .flat_map(|o| o.pieces.clone())
            .collect(),
        ori: puzzle
            .goal()
            .orbits()
            .iter()
            .flat_map(|o| o.orientation.clone())
            .collect(),
    };
    (orbits, goal)
}

/// The moves as the engine applies them: when positions are taken up to
/// rotation, each move followed by the rotation that brings the reference
/// piece home.
fn reduce(
    puzzle: &Puzzle,
    raw: &[Transformation],
    orbits: &[(usize, usize, u8)],
    goal: &Flat,
) -> Result<(Vec<Transformation>, Option<Rotations>), SpaceError> {
    let rotations = rotations_of(puzzle, raw, orbits, goal)?;
    let effective = raw
        .iter()
        .map(|t| match &rotations {
            None => t.clone(),
            Some(r) => {
                let mut f = goal.clone();
                apply_flat(&mut f, &flat_map(t, orbits), orbits);
                let back = r.rotation_for(&f);
                t.then(&r.elements[back])
            }
        })
        .collect();
    Ok((effective, rotations))
}

/// The moves of `moves` as the engine applies them (see [`Space`]: up to
/// rotation, each followed by the rotation that brings the reference piece
/// home), and whether positions are taken up to rotation; without building
/// any table, so that large puzzles' groups can be studied.
pub fn effective_moves(
    puzzle: &Puzzle,
    moves: &[Transformation],
) -> Result<(Vec<Transformation>, bool), SpaceError> {
    let (orbits, goal) = layout_of(puzzle);
    let (effective, rotations) = reduce(puzzle, moves, &orbits, &goal)?;
    Ok((effective, rotations.is_some()))
}

/// `element` as the engine sees a position reached by `moves`: when
/// positions are taken up to rotation, followed by the rotation that
/// brings the reference piece home (as each of [`effective_moves`] is), so
/// that it can be tested against the group those moves generate; else
/// `element` itself.
pub fn in_home_frame(
    puzzle: &Puzzle,
    moves: &[Transformation],
    element: &Transformation,
) -> Result<Transformation, SpaceError> {
    let (orbits, goal) = layout_of(puzzle);
    Ok(match rotations_of(puzzle, moves, &orbits, &goal)? {
        None => element.clone(),
        Some(r) => {
            let mut f = goal.clone();
            apply_flat(&mut f, &flat_map(element, &orbits), &orbits);
            element.then(&r.elements[r.rotation_for(&f)])
        }
    })
}
