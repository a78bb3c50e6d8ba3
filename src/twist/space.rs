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
//! use schofield::twist::space::Space;
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
use crate::puzzle::{MoveSet, OrbitPattern, Pattern, Puzzle, Transformation};
use crate::text::quoted;

/// The most entries of one coordinate's move table.
pub const MAX_TABLE: u64 = 1 << 26;

/// Why a puzzle's positions cannot be numbered.
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
pub enum SpaceError {
    /// More positions than a 64-bit number holds.
    #[error("the puzzle has more than 2^64 arrangements; it is too large to search")]
    Overflow,
    /// A coordinate too large for its table.
    #[error("orbit {} has {count} arrangements of its pieces in one group orbit of {slots} slots; the engine tabulates at most {MAX_TABLE}", quoted(.orbit))]
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
    #[error("the move tables need {} bytes, more than the {} allowed (--max-memory)", crate::text::grouped(*.needed as usize), crate::text::grouped(*.allowed as usize))]
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

/// A whole-puzzle state as flat arrays over every slot of every orbit.
#[derive(Debug, Clone, PartialEq, Eq, Hash)]
pub struct Flat {
    /// The piece on each slot (orbits one after the other).
    pub pieces: Vec<u8>,
    /// Its orientation.
    pub ori: Vec<u8>,
}

/// A transformation on flat arrays: each slot's source slot and gain.
#[derive(Debug, Clone)]
struct FlatMap {
    src: Vec<u16>,
    gain: Vec<u8>,
    mirror: bool,
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
    /// `perm_table[v * moves + m]`: the value move `m` makes of value `v`.
    perm_table: MoveTable,
    ori_table: MoveTable,
    /// For rank with tables: the ranker of ≤ 8 distinct pieces.
    ranker: Option<SmallRanker>,
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
    moves: Vec<FlatMap>,
    effective: Vec<Transformation>,
    rotations: Option<Rotations>,
    /// `home_of[first + label]`: the slot (within its orbit) where the goal
    /// has that piece.
    home_of: Vec<u8>,
}

fn flat_map(t: &Transformation, orbits: &[(usize, usize, u8)]) -> FlatMap {
    let mut src = Vec::new();
    let mut gain = Vec::new();
    for (o, &(first, _, _)) in t.orbits().iter().zip(orbits) {
        for i in 0..o.len() {
            src.push((first + usize::from(o.permutation()[i])) as u16);
            gain.push(o.orientation()[i]);
        }
    }
    FlatMap {
        src,
        gain,
        mirror: t.mirrors(),
    }
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
        let (orbits, goal) = layout_of(puzzle);
        let total = goal.pieces.len();
        let raw: Vec<Transformation> = moves.iter().map(|m| m.transformation().clone()).collect();
        let (effective, rotations) = reduce(puzzle, &raw, &orbits, &goal)?;
        let maps: Vec<FlatMap> = effective.iter().map(|t| flat_map(t, &orbits)).collect();
        let modulus_of = |g: usize| {
            orbits
                .iter()
                .find(|&&(f, n, _)| g >= f && g < f + n)
                .map(|o| o.2)
                .unwrap_or(1)
        };
        let orbit_of = |g: usize| {
            orbits
                .iter()
                .position(|&(f, n, _)| g >= f && g < f + n)
                .unwrap_or(0)
        };

        // The orbits of the move group on slots (union of each move's
        // cycles), each a coordinate unless nothing ever changes there.
        let mut parent: Vec<usize> = (0..total).collect();
        fn find(p: &mut [usize], x: usize) -> usize {
            let mut r = x;
            while p[r] != r {
                r = p[r];
            }
            let mut y = x;
            while p[y] != r {
                let next = p[y];
                p[y] = r;
                y = next;
            }
            r
        }
        for m in &maps {
            for g in 0..total {
                let (a, b) = (
                    find(&mut parent, g),
                    find(&mut parent, usize::from(m.src[g])),
                );
                if a != b {
                    parent[a.max(b)] = a.min(b);
                }
            }
        }
        let mut groups: Vec<Vec<u16>> = Vec::new();
        let mut root_group = vec![usize::MAX; total];
        for g in 0..total {
            let r = find(&mut parent, g);
            if root_group[r] == usize::MAX {
                root_group[r] = groups.len();
                groups.push(Vec::new());
            }
            groups[root_group[r]].push(g as u16);
        }
        let mut coords = Vec::new();
        for slots in groups {
            let g0 = usize::from(slots[0]);
            let orbit = orbit_of(g0);
            let modulus = modulus_of(g0);
            let s = slots.len();
            let moved = maps.iter().any(|m| {
                slots.iter().any(|&g| {
                    usize::from(m.src[usize::from(g)]) != usize::from(g)
                        || m.gain[usize::from(g)] != 0
                })
            });
            if !moved {
                continue;
            }
            // Dense labels of the pieces the goal puts here.
            let mut present: Vec<u8> = slots.iter().map(|&g| goal.pieces[usize::from(g)]).collect();
            present.sort_unstable();
            let mut label: Vec<u8> = present.clone();
            label.dedup();
            let mut dense = vec![u8::MAX; 256];
            for (k, &l) in label.iter().enumerate() {
                dense[usize::from(l)] = k as u8;
            }
            let counts: Vec<u8> = label
                .iter()
                .map(|l| present.iter().filter(|p| *p == l).count() as u8)
                .collect();
            let distinct = label.len() == s;
            let even = maps.iter().all(|m| {
                let local: Vec<u8> = slots
                    .iter()
                    .map(|&g| {
                        slots
                            .iter()
                            .position(|&x| x == m.src[usize::from(g)])
                            .unwrap_or(0) as u8
                    })
                    .collect();
                perm::is_even(&local)
            });
            let goal_arr: Vec<u8> = slots
                .iter()
                .map(|&g| dense[usize::from(goal.pieces[usize::from(g)])])
                .collect();
            let kind = if !distinct {
                Kind::Multiset
            } else if even && s >= 2 {
                Kind::Even {
                    odd: !perm::is_even(&goal_arr),
                }
            } else {
                Kind::Full
            };
            let perm_count = match kind {
                Kind::Full => perm::checked_factorial::<u64>(s),
                Kind::Even { .. } => perm::checked_factorial::<u64>(s).map(|f| f / 2),
                Kind::Multiset => multinomial(&counts),
            }
            .ok_or(SpaceError::Overflow)?;
            let keeps_sum = modulus > 1
                && maps.iter().all(|m| {
                    slots
                        .iter()
                        .map(|&g| u32::from(m.gain[usize::from(g)]))
                        .sum::<u32>()
                        % u32::from(modulus)
                        == 0
                        && !m.mirror
                });
            // When no move turns a piece here, each piece keeps the
            // orientation the goal gives it: the orientations follow from
            // the arrangement (the squares group's corners and edges).
            let still = modulus > 1
                && maps
                    .iter()
                    .all(|m| !m.mirror && slots.iter().all(|&g| m.gain[usize::from(g)] == 0));
            let follow = if still {
                let mut of_label = vec![None::<u8>; label.len()];
                let mut ok = true;
                for &g in &slots {
                    let d = usize::from(dense[usize::from(goal.pieces[usize::from(g)])]);
                    let o = goal.ori[usize::from(g)];
                    match of_label[d] {
                        None => of_label[d] = Some(o),
                        Some(x) => ok &= x == o,
                    }
                }
                ok.then(|| {
                    of_label
                        .into_iter()
                        .map(|o| o.unwrap_or(0))
                        .collect::<Vec<u8>>()
                })
            } else {
                None
            };
            let (ori_digits, ori_sum) = if modulus == 1 || follow.is_some() {
                (0, None)
            } else if keeps_sum {
                let sum = slots
                    .iter()
                    .map(|&g| u32::from(goal.ori[usize::from(g)]))
                    .sum::<u32>()
                    % u32::from(modulus);
                (s - 1, Some(sum as u8))
            } else {
                (s, None)
            };
            let ori_count = u64::from(modulus)
                .checked_pow(ori_digits as u32)
                .ok_or(SpaceError::Overflow)?;
            let name = || puzzle.orbits()[orbit].name.clone();
            if perm_count > MAX_TABLE || ori_count > MAX_TABLE {
                return Err(SpaceError::Coordinate {
                    orbit: name(),
                    slots: s,
                    count: perm_count.max(ori_count),
                });
            }
            let ranker = match kind {
                Kind::Full if s <= 8 => SmallRanker::lex(s),
                Kind::Even { .. } if s <= 8 => SmallRanker::even(s),
                _ => None,
            };
            coords.push(Coordinate {
                slots,
                dense,
                label,
                counts,
                kind,
                perm_count,
                modulus,
                ori_digits,
                ori_sum,
                ori_count,
                follow,
                packed: None,
                ori_packed: None,
                perm_table: MoveTable::Small(Vec::new()),
                ori_table: MoveTable::Small(Vec::new()),
                ranker,
            });
        }
        // Digits, least significant last in the list order of coordinates.
        let mut digits = Vec::new();
        let mut stride = 1u64;
        for (c, coord) in coords.iter().enumerate().rev() {
            for (ori, radix) in [(true, coord.ori_count), (false, coord.perm_count)] {
                if radix > 1 {
                    digits.push(Digit {
                        coord: c,
                        ori,
                        radix: Divisor::new(radix).expect("a radix is at least 2"),
                        stride,
                    });
                    stride = stride.checked_mul(radix).ok_or(SpaceError::Overflow)?;
                }
            }
        }
        let size = stride;
        let mut home_of = vec![0u8; total];
        for &(first, n, _) in &orbits {
            for i in 0..n {
                home_of[first + usize::from(goal.pieces[first + i])] = i as u8;
            }
        }
        let mut space = Space {
            home_of,
            orbits,
            goal: goal.clone(),
            goal_index: 0,
            coords,
            digits,
            size,
            moves: maps,
            effective,
            rotations,
        };
        let needed = space.table_bytes();
        if let Some(allowed) = max_memory
            && needed > allowed
        {
            return Err(SpaceError::Memory { needed, allowed });
        }
        for c in 0..space.coords.len() {
            space.build_tables(c);
        }
        space.goal_index = space.encode_flat(&goal);
        Ok(space)
    }

    /// The bytes of the move tables: for each coordinate, an entry for
    /// each value and move, two bytes or four.
    pub fn table_bytes(&self) -> u64 {
        let nm = self.moves.len() as u64;
        self.coords
            .iter()
            .map(|c| {
                let entry = |values: u64| if values <= 1 << 16 { 2 } else { 4 };
                (c.perm_count * entry(c.perm_count) + c.ori_count * entry(c.ori_count)) * nm
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

    /// True when positions are taken up to whole-puzzle rotation.
    pub fn up_to_rotation(&self) -> bool {
        self.rotations.is_some()
    }

    /// The rotations positions are taken up to (empty when they are not).
    pub fn rotation_group(&self) -> &[Transformation] {
        self.rotations.as_ref().map_or(&[], |r| &r.elements)
    }

    /// Each move as the engine applies it: followed, up to rotation, by
    /// the rotation that brings the reference piece home.
    pub fn effective_moves(&self) -> &[Transformation] {
        &self.effective
    }

    /// For each move `a` as the engine applies it, the moves `b` (a bit
    /// each) that never follow it in a reduced path: `a` then `b` is no move
    /// at all or a single move ([`MoveSet::redundant_after`]). Up to
    /// rotation this is judged on the moves as the engine applies them
    /// ([`Space::effective_moves`]), whose pairs make other moves than the
    /// moves held still do: on Top-Spin, a turnstile that carries the
    /// reference disc is followed by a turn of the track, and the same
    /// turnstile twice is no longer the identity. (With words, only pairs
    /// that make no move at all are left out.)
    pub fn redundancy(&self, moves: &MoveSet) -> Vec<u64> {
        let n = moves.len();
        if !self.up_to_rotation() {
            return (0..n).map(|a| moves.redundant_after(a)).collect();
        }
        let e = &self.effective;
        (0..n)
            .map(|a| {
                (0..n)
                    .filter(|&b| {
                        let t = e[a].then(&e[b]);
                        t.is_identity() || (!moves.has_words() && e.contains(&t))
                    })
                    .fold(0u64, |acc, b| acc | 1 << b)
            })
            .collect()
    }

    /// The rotation that brings pattern `p`'s reference piece home, as
    /// [`Space::encode`] applies it (`None` when positions are not taken up
    /// to rotation, or the piece is not in its orbit).
    pub fn home_rotation(&self, p: &Pattern) -> Option<&Transformation> {
        let r = self.rotations.as_ref()?;
        let k = r.rotation_for_checked(&self.flat_of(p))?;
        Some(&r.elements[k])
    }

    fn build_tables(&mut self, c: usize) {
        let nm = self.moves.len();
        let coord = &self.coords[c];
        let s = coord.slots.len();
        // Each move on the coordinate's own places: where each place's
        // piece comes from, and the orientation it gains there.
        let (local, gains): (Vec<Vec<usize>>, Vec<Vec<u8>>) = self
            .moves
            .iter()
            .map(|m| {
                coord
                    .slots
                    .iter()
                    .map(|&g| {
                        let from = coord
                            .slots
                            .iter()
                            .position(|&x| x == m.src[usize::from(g)])
                            .expect("a move keeps each group orbit");
                        (from, m.gain[usize::from(g)])
                    })
                    .unzip()
            })
            .unzip();
        let mut perm_table = MoveTable::zeroed(coord.perm_count, nm);
        let mut packed = None;
        if let (Some(ranker), true) = (coord.ranker, s <= 8) {
            // Arrangements in rank order, packed three bits an entry.
            let all = packed_in_order(s, coord.kind);
            // Each move as the fields it moves, `(to, from)` bit offsets,
            // padded to one length with fields that stay (a loop of fixed
            // length, which the compiler unrolls); the table is written a
            // row at a time.
            let moved: Vec<Vec<(u32, u32)>> = local
                .iter()
                .map(|l| {
                    l.iter()
                        .enumerate()
                        .filter(|&(k, &src)| k != src)
                        .map(|(k, &src)| (3 * k as u32, 3 * src as u32))
                        .collect()
                })
                .collect();
            match &mut perm_table {
                MoveTable::Small(t) => fill_rows(all, ranker, t, nm, &moved),
                MoveTable::Large(t) => fill_rows(all, ranker, t, nm, &moved),
            }
            packed = Some(all);
        } else {
            match &mut perm_table {
                MoveTable::Small(t) => fill_any(coord, &local, t, nm),
                MoveTable::Large(t) => fill_any(coord, &local, t, nm),
            }
        }
        let mut ori_table = MoveTable::zeroed(coord.ori_count, nm);
        if coord.ori_count > 1 {
            let mut o = vec![0u8; s];
            let mut out = vec![0u8; s];
            let md = u16::from(coord.modulus);
            for w in 0..coord.ori_count {
                coord.unrank_ori(w, &mut o);
                for (m, l) in local.iter().enumerate() {
                    for (k, &src) in l.iter().enumerate() {
                        out[k] = ((u16::from(o[src]) + u16::from(gains[m][k])) % md) as u8;
                    }
                    ori_table.set(w as usize * nm + m, coord.rank_ori(&out) as u32);
                }
            }
        }
        let ori_packed = (s <= 8 && coord.ori_count > 1 && coord.ori_count <= 1 << 16).then(|| {
            let mut o = [0u8; 8];
            (0..coord.ori_count)
                .map(|w| {
                    coord.unrank_ori(w, &mut o[..s]);
                    o[..s]
                        .iter()
                        .enumerate()
                        .fold(0u64, |acc, (k, &v)| acc | u64::from(v) << (8 * k))
                })
                .collect()
        });
        let coord = &mut self.coords[c];
        coord.ori_packed = ori_packed;
        coord.perm_table = perm_table;
        coord.ori_table = ori_table;
        coord.packed = packed;
    }

    /// The whole move table, `table[x * moves + m]` the position move `m`
    /// reaches from `x`, when a position's number is its only coordinate's
    /// value (the eight- and five-puzzles).
    pub fn direct_table(&self) -> Option<&MoveTable> {
        let [d] = self.digits.as_slice() else {
            return None;
        };
        let c = &self.coords[d.coord];
        Some(if d.ori { &c.ori_table } else { &c.perm_table })
    }

    /// The positions in blocks: a block is every value of the least
    /// significant digit (a position's number is `block × size + inner`),
    /// and a move takes a block's positions into one block, each by its
    /// inner value alone. Returns the block size and the inner digit's move
    /// table (`at(inner × moves + m)`).
    pub fn blocks(&self) -> Option<(u64, &MoveTable)> {
        let d = self.digits.first()?;
        let c = &self.coords[d.coord];
        Some((
            d.radix.get(),
            if d.ori { &c.ori_table } else { &c.perm_table },
        ))
    }

    /// The first position of the block that move `m` takes block `b` into
    /// (see [`Space::blocks`]): the outer digits worked through.
    #[inline]
    pub fn block_step(&self, b: u64, m: usize) -> u64 {
        self.step_digits(&self.digits[1..], b, m)
    }

    /// Move `m` on the number whose digits, least significant first, are
    /// `digits` of a position: each digit looked up in its coordinate's
    /// table and placed at its stride.
    #[inline]
    fn step_digits(&self, digits: &[Digit], index: u64, m: usize) -> u64 {
        let nm = self.moves.len();
        let mut rest = index;
        let mut out = 0u64;
        for d in digits {
            let (q, r) = d.radix.div_rem(rest);
            rest = q;
            let c = &self.coords[d.coord];
            let table = if d.ori { &c.ori_table } else { &c.perm_table };
            out += u64::from(table.at(r as usize * nm + m)) * d.stride;
        }
        out
    }

    /// The position reached from position `index` by move `m`.
    #[inline]
    pub fn apply(&self, index: u64, m: usize) -> u64 {
        let nm = self.moves.len();
        if let [d] = self.digits.as_slice()
            && d.stride == 1
        {
            let c = &self.coords[d.coord];
            let table = if d.ori { &c.ori_table } else { &c.perm_table };
            return u64::from(table.at(index as usize * nm + m));
        }
        self.step_digits(&self.digits, index, m)
    }

    /// The positions reached from `index` by every move, in order, into
    /// `out` (as long as the moves).
    #[inline]
    pub fn neighbours(&self, index: u64, out: &mut [u64]) {
        let nm = self.moves.len();
        out[..nm].fill(0);
        let mut rest = index;
        for d in &self.digits {
            let (q, r) = d.radix.div_rem(rest);
            rest = q;
            let c = &self.coords[d.coord];
            let table = if d.ori { &c.ori_table } else { &c.perm_table };
            let at = r as usize * nm;
            for (k, o) in out.iter_mut().enumerate().take(nm) {
                *o += u64::from(table.at(at + k)) * d.stride;
            }
        }
    }

    /// The flat state of position `index`.
    pub fn decode_flat(&self, index: u64, f: &mut Flat) {
        f.pieces.clone_from(&self.goal.pieces);
        f.ori.clone_from(&self.goal.ori);
        let mut rest = index;
        let mut arr = [0u8; 256];
        for d in &self.digits {
            let (q, r) = d.radix.div_rem(rest);
            rest = q;
            let c = &self.coords[d.coord];
            let s = c.slots.len();
            if d.ori {
                c.unrank_ori(r, &mut arr[..s]);
                for (k, &g) in c.slots.iter().enumerate() {
                    f.ori[usize::from(g)] = arr[k];
                }
            } else {
                c.unrank_perm(r, &mut arr[..s]);
                for (k, &g) in c.slots.iter().enumerate() {
                    f.pieces[usize::from(g)] = c.label[usize::from(arr[k])];
                }
            }
        }
        // Orientations that follow the pieces.
        for c in &self.coords {
            if let Some(follow) = &c.follow {
                for &g in &c.slots {
                    let g = usize::from(g);
                    f.ori[g] = follow[usize::from(c.dense[usize::from(f.pieces[g])])];
                }
            }
        }
    }

    /// The number of the flat state `f` (which must be a position of the
    /// space: its pieces where the coordinates allow them).
    pub fn encode_flat(&self, f: &Flat) -> u64 {
        let mut out = 0u64;
        let mut arr = [0u8; 256];
        for d in &self.digits {
            let c = &self.coords[d.coord];
            let s = c.slots.len();
            let v = if d.ori {
                for (k, &g) in c.slots.iter().enumerate() {
                    arr[k] = f.ori[usize::from(g)];
                }
                c.rank_ori(&arr[..s])
            } else {
                for (k, &g) in c.slots.iter().enumerate() {
                    arr[k] = c.dense[usize::from(f.pieces[usize::from(g)])];
                }
                c.rank_perm(&arr[..s])
            };
            out += v * d.stride;
        }
        out
    }

    /// The pattern of position `index`.
    pub fn decode(&self, index: u64) -> Pattern {
        let mut f = self.scratch();
        self.decode_flat(index, &mut f);
        self.pattern_of(&f)
    }

    /// A flat state to decode into.
    pub fn scratch(&self) -> Flat {
        self.goal.clone()
    }

    /// The pattern of a flat state.
    pub fn pattern_of(&self, f: &Flat) -> Pattern {
        Pattern::new(
            self.orbits
                .iter()
                .map(|&(first, n, _)| OrbitPattern {
                    pieces: f.pieces[first..first + n].to_vec(),
                    orientation: f.ori[first..first + n].to_vec(),
                })
                .collect(),
        )
    }

    /// The flat state of a pattern.
    pub fn flat_of(&self, p: &Pattern) -> Flat {
        Flat {
            pieces: p.orbits().iter().flat_map(|o| o.pieces.clone()).collect(),
            ori: p
                .orbits()
                .iter()
                .flat_map(|o| o.orientation.clone())
                .collect(),
        }
    }

    /// The number of a pattern, turned home first when positions are taken
    /// up to rotation; `None` when it is not a position of this space (a
    /// piece where the moves never bring it, an orientation sum the moves
    /// never make, or a parity they never make).
    pub fn encode(&self, p: &Pattern) -> Option<u64> {
        let mut f = self.flat_of(p);
        if f.pieces.len() != self.goal.pieces.len() {
            return None;
        }
        if let Some(r) = &self.rotations {
            let k = r.rotation_for_checked(&f)?;
            apply_flat(&mut f, &r.maps[k], &self.orbits);
        }
        self.check_flat(&f).then(|| self.encode_flat(&f))
    }

    /// True when the flat state is one the numbering covers.
    fn check_flat(&self, f: &Flat) -> bool {
        let mut covered = vec![false; f.pieces.len()];
        for c in &self.coords {
            let mut present: Vec<u8> = c.slots.iter().map(|&g| f.pieces[usize::from(g)]).collect();
            present.sort_unstable();
            let mut want: Vec<u8> = c
                .slots
                .iter()
                .map(|&g| self.goal.pieces[usize::from(g)])
                .collect();
            want.sort_unstable();
            if present != want {
                return false;
            }
            if let Kind::Even { odd } = c.kind {
                let arr: Vec<u8> = c
                    .slots
                    .iter()
                    .map(|&g| c.dense[usize::from(f.pieces[usize::from(g)])])
                    .collect();
                if perm::is_even(&arr) == odd {
                    return false;
                }
            }
            if let Some(follow) = &c.follow {
                let wrong = c.slots.iter().any(|&g| {
                    let g = usize::from(g);
                    f.ori[g] != follow[usize::from(c.dense[usize::from(f.pieces[g])])]
                });
                if wrong {
                    return false;
                }
            }
            if c.modulus > 1 {
                if c.slots.iter().any(|&g| f.ori[usize::from(g)] >= c.modulus) {
                    return false;
                }
                if let Some(sum) = c.ori_sum {
                    let s = c
                        .slots
                        .iter()
                        .map(|&g| u32::from(f.ori[usize::from(g)]))
                        .sum::<u32>()
                        % u32::from(c.modulus);
                    if s != u32::from(sum) {
                        return false;
                    }
                }
            }
            for &g in &c.slots {
                covered[usize::from(g)] = true;
            }
        }
        // Slots no move touches hold the goal's piece.
        (0..f.pieces.len()).all(|g| {
            covered[g] || (f.pieces[g] == self.goal.pieces[g] && f.ori[g] == self.goal.ori[g])
        })
    }

    /// Applies a transformation (a symmetry, or any move) to a flat state in
    /// place, then turns it home when positions are taken up to rotation.
    pub fn transform_flat(&self, f: &mut Flat, t: &Transformation) {
        apply_flat(f, &flat_map(t, &self.orbits), &self.orbits);
        self.turn_home(f);
    }

    /// Turns a flat state home (up to rotation), if positions are taken so.
    pub fn turn_home(&self, f: &mut Flat) {
        if let Some(r) = &self.rotations {
            let k = r.rotation_for(f);
            apply_flat(f, &r.maps[k], &self.orbits);
        }
    }

    /// The symmetry `s` of the puzzle as it acts on positions.
    pub fn symmetry(&self, s: &Transformation) -> SpaceSymmetry {
        let mut image = self.goal.clone();
        apply_flat(
            &mut image,
            &flat_map(&s.inverse(), &self.orbits),
            &self.orbits,
        );
        let total = self.goal.pieces.len();
        let mut relabel = vec![0u8; total];
        let mut offset = vec![0u8; total];
        for &(first, n, m) in &self.orbits {
            for g in first..first + n {
                let label = usize::from(self.goal.pieces[g]);
                relabel[first + label] = image.pieces[g];
                offset[first + label] = turn_sub(image.ori[g], self.goal.ori[g], m);
            }
        }
        let map = flat_map(s, &self.orbits);
        // For packed positions, each slot's new turn by the piece arriving
        // and its old turn: a look-up in place of three remainders.
        let turns = match self.packed() {
            Some(p) if p.coord.modulus > 1 => {
                let (n, m) = (p.coord.slots.len(), p.coord.modulus);
                let mut t = Vec::with_capacity(n * n * usize::from(m));
                for i in 0..n {
                    for &arrived in &offset[..n] {
                        for o in 0..m {
                            let carried = turn_add(o, arrived, m);
                            let carried = if map.mirror {
                                turn_sub(0, carried, m)
                            } else {
                                carried
                            };
                            t.push(turn_add(carried, map.gain[i], m));
                        }
                    }
                }
                t
            }
            _ => Vec::new(),
        };
        SpaceSymmetry {
            map,
            relabel,
            offset,
            turns,
        }
    }

    /// Writes `φ⁻¹Xφ` for the position `x` (flat) into `out`, turned home
    /// when positions are taken up to rotation; `tmp` is scratch.
    pub fn conjugate_into(&self, x: &Flat, s: &SpaceSymmetry, tmp: &mut Flat, out: &mut Flat) {
        for &(first, n, m) in &self.orbits {
            for g in first..first + n {
                let l = first + usize::from(x.pieces[g]);
                tmp.pieces[g] = s.relabel[l];
                tmp.ori[g] = turn_add(x.ori[g], s.offset[l], m);
            }
        }
        apply_into(tmp, &s.map, &self.orbits, out);
        self.turn_home(out);
    }

    /// Writes the inverse of the position `x` (flat; its pieces all
    /// different) into `out`, turned home when positions are taken up to
    /// rotation.
    pub fn invert_into(&self, x: &Flat, out: &mut Flat) {
        for &(first, n, m) in &self.orbits {
            for i in first..first + n {
                // The home of the piece on slot i: where the goal has it.
                let h = first + usize::from(self.home_of[first + usize::from(x.pieces[i])]);
                out.pieces[h] = self.goal.pieces[i];
                out.ori[h] = ((u16::from(self.goal.ori[i]) + u16::from(m) * 2
                    - u16::from(x.ori[i])
                    + u16::from(self.goal.ori[h]))
                    % u16::from(m)) as u8;
            }
        }
        self.turn_home(out);
    }

    /// The fast path for spaces of one orbit of at most eight distinct
    /// pieces, the goal holding piece `i` on slot `i`, every slot moved and
    /// no rotation (the eight- and five-puzzles, the cube's corner group):
    /// positions packed three bits a piece and a byte an orientation,
    /// symmetries and inverses applied to the fields.
    pub fn packed(&self) -> Option<Packed<'_>> {
        let [c] = self.coords.as_slice() else {
            return None;
        };
        let s = c.slots.len();
        let identity = self
            .goal
            .pieces
            .iter()
            .enumerate()
            .all(|(i, &p)| usize::from(p) == i);
        let ori_ok = c.modulus == 1 || (c.follow.is_none() && c.ori_packed.is_some());
        (c.ranker.is_some()
            && s == self.goal.pieces.len()
            && ori_ok
            && self.rotations.is_none()
            && identity)
            .then_some(Packed {
                space: self,
                coord: c,
            })
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
}

/// Positions of a space of one small arrangement, packed in 3-bit fields
/// ([`Space::packed`]).
#[derive(Debug, Clone, Copy)]
pub struct Packed<'a> {
    space: &'a Space,
    coord: &'a Coordinate,
}

impl Packed<'_> {
    /// The perm value, the orientations (a byte a slot) and the orientation
    /// modulus of position `x`.
    #[inline]
    fn split(&self, x: u64) -> (u32, u64) {
        let c = self.coord;
        let (p, w) = if c.ori_count > 1 {
            (x / c.ori_count, x % c.ori_count)
        } else {
            (x, 0)
        };
        let perm = c.packed.map_or(0, |t| t[p as usize]);
        let ori = c.ori_packed.as_ref().map_or(0, |t| t[w as usize]);
        (perm, ori)
    }

    /// The number of the position with these fields.
    #[inline]
    fn join(&self, perm: u32, ori: u64) -> u64 {
        let c = self.coord;
        let ranker = c.ranker.expect("a packed space has a table ranker");
        let p = u64::from(ranker.rank_fields(perm));
        if c.ori_count > 1 {
            let m = u64::from(c.modulus);
            let w = (0..c.ori_digits).fold(0u64, |acc, k| acc * m + ((ori >> (8 * k)) & 0xff));
            p * c.ori_count + w
        } else {
            p
        }
    }

    /// The images of `x` under each symmetry, in order, appended to `out`.
    pub fn images<'s>(
        &self,
        x: u64,
        symmetries: impl Iterator<Item = &'s SpaceSymmetry>,
        out: &mut Vec<u64>,
    ) {
        let s = self.coord.slots.len();
        let m = u64::from(self.coord.modulus);
        let (f, o) = self.split(x);
        let m = m as usize;
        for sym in symmetries {
            let mut g = 0u32;
            let mut no = 0u64;
            for (i, &src) in sym.map.src.iter().enumerate().take(s) {
                let piece = usize::from(((f >> (3 * u32::from(src))) & 7) as u8);
                g |= u32::from(sym.relabel[piece]) << (3 * i);
                if m > 1 {
                    let turned = ((o >> (8 * u32::from(src))) & 0xff) as usize;
                    no |= u64::from(sym.turns[(i * s + piece) * m + turned]) << (8 * i);
                }
            }
            out.push(self.join(g, no));
        }
        let _ = self.space;
    }

    /// The inverse of position `x` (the goal holds piece `i` on slot `i`):
    /// the piece on slot `i` is `p`, so the inverse has piece `i` on slot
    /// `p`, turned back.
    pub fn inverse(&self, x: u64) -> u64 {
        let s = self.coord.slots.len();
        let m = u64::from(self.coord.modulus);
        let goal_ori = &self.space.goal.ori;
        let (f, o) = self.split(x);
        let mut g = 0u32;
        let mut no = 0u64;
        for i in 0..s {
            let p = (f >> (3 * i)) & 7;
            g |= (i as u32) << (3 * p);
            if m > 1 {
                let oi = (o >> (8 * i)) & 0xff;
                let v = (u64::from(goal_ori[i]) + m - oi + u64::from(goal_ori[p as usize])) % m;
                no |= v << (8 * p);
            }
        }
        self.join(g, no)
    }
}

impl Coordinate {
    fn rank_perm(&self, arr: &[u8]) -> u64 {
        match self.kind {
            Kind::Full => match self.ranker {
                Some(r) => u64::from(r.rank_fields(perm::fields(arr))),
                None => lex_rank_fast(arr),
            },
            Kind::Even { .. } => match self.ranker {
                Some(r) => u64::from(r.rank_fields(perm::fields(arr))),
                None => lex_rank_fast(arr) >> 1,
            },
            Kind::Multiset => multiset_rank(arr, &self.counts),
        }
    }

    fn unrank_perm(&self, v: u64, out: &mut [u8]) {
        let s = self.slots.len();
        if let Some(f) = self.packed.as_ref().and_then(|p| p.get(v as usize)) {
            for (k, o) in out.iter_mut().enumerate().take(s) {
                *o = ((f >> (3 * k)) & 7) as u8;
            }
            return;
        }
        match self.kind {
            Kind::Full => lex_unrank_into(v, out),
            Kind::Even { odd } => {
                lex_unrank_into(2 * v, out);
                if parity_is_even(out) == odd {
                    out.swap(s - 2, s - 1);
                }
            }
            Kind::Multiset => multiset_unrank(v, &self.counts, out),
        }
    }

    fn rank_ori(&self, o: &[u8]) -> u64 {
        o[..self.ori_digits]
            .iter()
            .fold(0u64, |acc, &x| acc * u64::from(self.modulus) + u64::from(x))
    }

    fn unrank_ori(&self, mut w: u64, out: &mut [u8]) {
        let m = u64::from(self.modulus);
        let s = self.slots.len();
        for k in (0..self.ori_digits).rev() {
            out[k] = (w % m) as u8;
            w /= m;
        }
        if let Some(sum) = self.ori_sum {
            let rest: u64 = out[..s - 1].iter().map(|&x| u64::from(x)).sum();
            out[s - 1] = ((u64::from(sum) + m * (s as u64) - rest % m) % m) as u8;
        } else if self.ori_digits == 0 {
            out[..s].fill(0);
        }
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

/// Applies a flat map in place.
fn apply_flat(f: &mut Flat, m: &FlatMap, orbits: &[(usize, usize, u8)]) {
    let old = f.clone();
    apply_into(&old, m, orbits, f);
}

/// Writes `src` after the flat map `m` into `dst`.
fn apply_into(src: &Flat, m: &FlatMap, orbits: &[(usize, usize, u8)], dst: &mut Flat) {
    for &(first, n, md) in orbits {
        let md = u16::from(md);
        for g in first..first + n {
            let j = usize::from(m.src[g]);
            dst.pieces[g] = src.pieces[j];
            let carried = u16::from(src.ori[j]);
            let carried = if m.mirror {
                (md - carried) % md
            } else {
                carried
            };
            dst.ori[g] = ((carried + u16::from(m.gain[g])) % md) as u8;
        }
    }
}

/// A symmetry as the space applies it to positions: `φ⁻¹Xφ` is the
/// position `X` with its pieces relabelled as `φ⁻¹` relabels the goal, and
/// then `φ` applied.
#[derive(Debug, Clone)]
pub struct SpaceSymmetry {
    map: FlatMap,
    /// The new label of each piece (by global slot of its orbit's labels).
    relabel: Vec<u8>,
    /// The orientation each piece gains in the relabelling.
    offset: Vec<u8>,
    /// Packed spaces only: the turn slot `i` ends with, when piece `p`
    /// arrives there turned `o`, at `(i · n + p) · m + o`.
    turns: Vec<u8>,
}

impl Rotations {
    /// The number of the rotation that brings the reference piece home.
    fn rotation_for(&self, f: &Flat) -> usize {
        self.rotation_for_checked(f)
            .expect("the reference piece is in its orbit")
    }

    fn rotation_for_checked(&self, f: &Flat) -> Option<usize> {
        let j = (self.first..self.first + self.len).find(|&g| f.pieces[g] == self.label)?;
        let m = usize::from(self.modulus);
        let o = usize::from(*f.ori.get(j)?);
        if o >= m {
            return None;
        }
        let rel = (o + m - usize::from(self.home_ori)) % m;
        Some(self.by_place[(j - self.first) * m + rel])
    }
}

/// The rotations of `puzzle` positions are taken up to, when they map the
/// moves onto the moves and act regularly on one piece's places.
fn rotations_of(
    puzzle: &Puzzle,
    moves: &[Transformation],
    orbits: &[(usize, usize, u8)],
    goal: &Flat,
) -> Result<Option<Rotations>, SpaceError> {
    let gens = puzzle.rotations();
    if gens.is_empty() {
        return Ok(None);
    }
    // Rotations must map the move set onto itself; otherwise the moves
    // chosen single out an orientation, and positions are not reduced.
    for r in gens {
        for m in moves {
            let c = m.conjugate(r.transformation());
            if !moves.contains(&c) {
                return Ok(None);
            }
        }
    }
    // The rotation group, closed (small: at most a few hundred).
    let id = puzzle.identity();
    let mut elements = vec![id.clone()];
    let mut seen: std::collections::HashSet<Transformation> = [id].into_iter().collect();
    let mut i = 0;
    while i < elements.len() {
        for g in gens {
            let t = elements[i].then(g.transformation());
            if seen.insert(t.clone()) {
                elements.push(t);
                if elements.len() > 100_000 {
                    return Err(SpaceError::Rotation(g.name().to_string()));
                }
            }
        }
        i += 1;
    }
    // A piece on whose places and orientations the rotations act
    // regularly: the last such piece of the first orbit that has one.
    for &(first, n, m) in orbits {
        if elements.len() != n * usize::from(m) {
            continue;
        }
        for home in (first..first + n).rev() {
            let label = goal.pieces[home];
            if goal.pieces[first..first + n]
                .iter()
                .filter(|&&p| p == label)
                .count()
                != 1
            {
                continue;
            }
            // The inverse of each rotation brings the piece home from where
            // the rotation took it.
            let inverses: Vec<Transformation> =
                elements.iter().map(Transformation::inverse).collect();
            let mut by_place = vec![usize::MAX; n * usize::from(m)];
            let mut regular = true;
            for (k, e) in elements.iter().enumerate() {
                let mut f = goal.clone();
                apply_flat(&mut f, &flat_map(e, orbits), orbits);
                let j = (first..first + n)
                    .find(|&g| f.pieces[g] == label)
                    .expect("a rotation keeps the piece in its orbit");
                let place = (j - first) * usize::from(m)
                    + usize::from(turn_sub(f.ori[j], goal.ori[home], m));
                if by_place[place] != usize::MAX {
                    regular = false;
                    break;
                }
                by_place[place] = k;
            }
            if regular && by_place.iter().all(|&k| k != usize::MAX) {
                let maps = inverses.iter().map(|t| flat_map(t, orbits)).collect();
                return Ok(Some(Rotations {
                    label,
                    home_ori: goal.ori[home],
                    first,
                    len: n,
                    modulus: m,
                    by_place,
                    elements: inverses,
                    maps,
                }));
            }
        }
    }
    Err(SpaceError::NotRegular {
        count: elements.len(),
        names: gens.iter().map(|g| g.name()).collect::<Vec<_>>().join(", "),
    })
}

/// A move table: `at(x * moves + m)` is the value move `m` makes of value
/// `x`; two bytes an entry when every value fits (all arrangements of at
/// most eight pieces), else four.
#[derive(Debug, Clone)]
pub enum MoveTable {
    /// Values below 65 536.
    Small(Vec<u16>),
    /// Larger values.
    Large(Vec<u32>),
}

impl MoveTable {
    fn zeroed(values: u64, moves: usize) -> MoveTable {
        let n = values as usize * moves;
        if values <= 1 << 16 {
            MoveTable::Small(vec![0; n])
        } else {
            MoveTable::Large(vec![0; n])
        }
    }

    /// Entry `i`.
    #[inline(always)]
    pub fn at(&self, i: usize) -> u32 {
        match self {
            MoveTable::Small(t) => u32::from(t[i]),
            MoveTable::Large(t) => t[i],
        }
    }

    fn set(&mut self, i: usize, v: u32) {
        match self {
            MoveTable::Small(t) => t[i] = v as u16,
            MoveTable::Large(t) => t[i] = v,
        }
    }
}

/// An entry of a move table.
trait Entry: Copy {
    fn of(v: u32) -> Self;
}

impl Entry for u16 {
    #[inline(always)]
    fn of(v: u32) -> u16 {
        v as u16
    }
}

impl Entry for u32 {
    #[inline(always)]
    fn of(v: u32) -> u32 {
        v
    }
}

/// Fills a move table over packed arrangements (`all`, in rank order) row
/// by row; each move is the fields it moves.
fn fill_rows<T: Entry>(
    all: &[u32],
    ranker: SmallRanker,
    table: &mut [T],
    nm: usize,
    moved: &[Vec<(u32, u32)>],
) {
    match moved.iter().map(Vec::len).max().unwrap_or(0) {
        0..=2 => fill_fixed::<T, 2>(all, ranker, table, nm, moved),
        3 => fill_fixed::<T, 3>(all, ranker, table, nm, moved),
        4 => fill_fixed::<T, 4>(all, ranker, table, nm, moved),
        5 => fill_fixed::<T, 5>(all, ranker, table, nm, moved),
        6 => fill_fixed::<T, 6>(all, ranker, table, nm, moved),
        7 => fill_fixed::<T, 7>(all, ranker, table, nm, moved),
        _ => fill_fixed::<T, 8>(all, ranker, table, nm, moved),
    }
}

/// [`fill_rows`] for moves of at most `K` fields each, padded with a field
/// the move does not write (a loop of fixed length, which the compiler
/// unrolls).
fn fill_fixed<T: Entry, const K: usize>(
    all: &[u32],
    ranker: SmallRanker,
    table: &mut [T],
    nm: usize,
    moved: &[Vec<(u32, u32)>],
) {
    let fixed: Vec<([(u32, u32); K], u32)> = moved
        .iter()
        .map(|m| {
            // Or-ing a field it does not write into itself changes nothing.
            let still = (0..8u32)
                .find(|k| m.iter().all(|&(to, _)| to != 3 * k))
                .unwrap_or(7);
            let mut f = [(3 * still, 3 * still); K];
            for (slot, &pair) in f.iter_mut().zip(m) {
                *slot = pair;
            }
            let keep = m.iter().fold(u32::MAX, |acc, &(to, _)| acc & !(7 << to));
            (f, keep)
        })
        .collect();
    for (row, &f) in table.chunks_exact_mut(nm).zip(all) {
        for (out, (pairs, keep)) in row.iter_mut().zip(&fixed) {
            let mut g = f & keep;
            for &(to, from) in pairs {
                g |= ((f >> from) & 7) << to;
            }
            *out = T::of(ranker.rank_fields(g));
        }
    }
}

/// Fills a move table for any coordinate, a run of values at a time on
/// every core: each value is unranked, moved and each image ranked.
fn fill_any<T: Entry + Send>(coord: &Coordinate, local: &[Vec<usize>], table: &mut [T], nm: usize) {
    use rayon::prelude::*;
    const RUN: usize = 4096;
    let s = coord.slots.len();
    table
        .par_chunks_mut(RUN * nm)
        .enumerate()
        .for_each(|(chunk, rows)| {
            let mut arr = vec![0u8; s];
            let mut out = vec![0u8; s];
            for (i, row) in rows.chunks_exact_mut(nm).enumerate() {
                coord.unrank_perm((chunk * RUN + i) as u64, &mut arr);
                for (entry, l) in row.iter_mut().zip(local) {
                    for (o, &src) in out.iter_mut().zip(l) {
                        *o = arr[src];
                    }
                    *entry = T::of(coord.rank_perm(&out) as u32);
                }
            }
        });
}

/// The lexicographic rank of an arrangement of the distinct values
/// `0..n` (`n < 64`): its Lehmer digits, each counted in a mask of the
/// values still free, read in Horner's form.
#[inline]
fn lex_rank_fast(p: &[u8]) -> u64 {
    let n = p.len() as u64;
    let mut free: u64 = (1u64 << n) - 1;
    let mut r = 0u64;
    for (i, &x) in p.iter().enumerate() {
        let below = free & ((1u64 << x) - 1);
        r = r * (n - i as u64) + u64::from(below.count_ones());
        free &= !(1u64 << x);
    }
    r
}

/// Every arrangement of `s ≤ 8` distinct pieces in rank order, packed
/// three bits an entry ([`perm::fields`]): all of them, or those of one
/// parity in lexicographic order (of two arrangements that differ in the
/// last two entries, the one of that parity).
fn packed_in_order(s: usize, kind: Kind) -> &'static [u32] {
    use std::sync::OnceLock;
    // A constant table for each size and kind, made once, on first use (as
    // the rankers' tables are made at compile time); never changed after.
    #[allow(clippy::declare_interior_mutable_const)]
    const NONE: OnceLock<Vec<u32>> = OnceLock::new();
    #[allow(clippy::declare_interior_mutable_const)]
    const ROW: [OnceLock<Vec<u32>>; 3] = [NONE, NONE, NONE];
    static TABLES: [[OnceLock<Vec<u32>>; 3]; 9] = [ROW, ROW, ROW, ROW, ROW, ROW, ROW, ROW, ROW];
    let k = match kind {
        Kind::Even { odd: false } => 0,
        Kind::Even { odd: true } => 1,
        _ => 2,
    };
    TABLES[s.min(8)][k].get_or_init(|| packed_in_order_uncached(s, kind))
}

/// [`packed_in_order`], made afresh.
fn packed_in_order_uncached(s: usize, kind: Kind) -> Vec<u32> {
    fn fill(
        s: usize,
        i: usize,
        free: u32,
        odd: bool,
        f: u32,
        want: Option<bool>,
        out: &mut Vec<u32>,
    ) {
        if i + 2 >= s {
            // The last two (or fewer) values.
            let a = free.trailing_zeros();
            let b = (free & free.wrapping_sub(1)).trailing_zeros();
            match free.count_ones() {
                0 => out.push(f),
                1 => out.push(f | a << (3 * i)),
                2 => {
                    let (lo, hi) = (
                        f | a << (3 * i) | b << (3 * (i + 1)),
                        f | b << (3 * i) | a << (3 * (i + 1)),
                    );
                    match want {
                        None => out.extend([lo, hi]),
                        // In order the pair adds no inversion; swapped, one.
                        Some(w) => out.push(if odd == w { lo } else { hi }),
                    }
                }
                _ => unreachable!("at most two values are left"),
            }
            return;
        }
        let mut rest = free;
        while rest != 0 {
            let v = rest.trailing_zeros();
            rest &= rest - 1;
            let below = (free & ((1u32 << v) - 1)).count_ones();
            fill(
                s,
                i + 1,
                free & !(1 << v),
                odd ^ (below & 1 == 1),
                f | v << (3 * i),
                want,
                out,
            );
        }
    }
    let mut out = Vec::new();
    let want = match kind {
        Kind::Even { odd } => Some(odd),
        _ => None,
    };
    fill(s, 0, (1u32 << s) - 1, false, 0, want, &mut out);
    out
}

/// The permutation of `0..out.len()` (at most 20) with lexicographic rank
/// `r`, written into `out` without allocating.
fn lex_unrank_into(mut r: u64, out: &mut [u8]) {
    let n = out.len();
    let mut digits = [0u8; 32];
    for i in (0..n).rev() {
        let base = (n - i) as u64;
        digits[i] = (r % base) as u8;
        r /= base;
    }
    let mut free: u64 = if n >= 64 { u64::MAX } else { (1u64 << n) - 1 };
    for (o, &d) in out.iter_mut().zip(&digits[..n]) {
        let mut f = free;
        for _ in 0..d {
            f &= f - 1;
        }
        let x = f.trailing_zeros();
        free &= !(1 << x);
        *o = x as u8;
    }
}

/// True when the arrangement of distinct values `0..n` is even, without
/// allocating (by counting inversions, for the small `n` of a coordinate).
fn parity_is_even(p: &[u8]) -> bool {
    let mut inversions = 0usize;
    for i in 0..p.len() {
        for j in i + 1..p.len() {
            inversions += usize::from(p[j] < p[i]);
        }
    }
    inversions.is_multiple_of(2)
}

/// `n! / Π cᵢ!` with `n = Σ cᵢ`, or `None` past `u64`.
fn multinomial(counts: &[u8]) -> Option<u64> {
    let mut total = 0u64;
    let mut acc = 1u64;
    for &c in counts {
        for k in 1..=u64::from(c) {
            total += 1;
            // acc * total / k stays whole: binomial built one step at a time.
            acc = acc.checked_mul(total)? / k;
        }
    }
    Some(acc)
}

/// The rank of an arrangement of a multiset (values `0..counts.len()`,
/// value `v` appearing `counts[v]` times) in lexicographic order.
fn multiset_rank(arr: &[u8], counts: &[u8]) -> u64 {
    let mut left: Vec<u8> = counts.to_vec();
    let mut rank = 0u64;
    for &x in arr {
        for v in 0..usize::from(x) {
            if left[v] > 0 {
                left[v] -= 1;
                rank += multinomial(&left).unwrap_or(0);
                left[v] += 1;
            }
        }
        left[usize::from(x)] -= 1;
    }
    rank
}

/// The arrangement of a multiset with rank `r`.
fn multiset_unrank(mut r: u64, counts: &[u8], out: &mut [u8]) {
    let mut left: Vec<u8> = counts.to_vec();
    for o in out.iter_mut() {
        for v in 0..left.len() {
            if left[v] == 0 {
                continue;
            }
            left[v] -= 1;
            let n = multinomial(&left).unwrap_or(0);
            if r < n {
                *o = v as u8;
                break;
            }
            r -= n;
            left[v] += 1;
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn multiset_ranks_round_trip() {
        let counts = [2u8, 1, 2];
        let n = multinomial(&counts).unwrap();
        assert_eq!(n, 30);
        let mut seen = std::collections::HashSet::new();
        let mut out = [0u8; 5];
        for r in 0..n {
            multiset_unrank(r, &counts, &mut out);
            assert_eq!(multiset_rank(&out, &counts), r);
            seen.insert(out);
        }
        assert_eq!(seen.len(), 30);
    }

    #[test]
    fn fast_lex_rank_is_the_lex_rank() {
        for n in [1usize, 2, 5, 9, 11] {
            let count = perm::checked_factorial::<u64>(n).unwrap();
            for r in (0..count).step_by((count as usize / 997).max(1)) {
                let mut out = vec![0u8; n];
                lex_unrank_into(r, &mut out);
                assert_eq!(lex_rank_fast(&out), r);
                assert_eq!(perm::lex_rank(&out), r);
            }
        }
    }
}
