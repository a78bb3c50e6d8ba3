//! The exhaustive search, in Schofield's manner: a *main dictionary* with the
//! minimum number of moves for every position, the twists that can end a
//! minimal path from the target, and the equivalence classes under the
//! puzzle's symmetries (his *short dictionary* holds one representative of
//! each class with those twists).
//!
//! The search runs layer by layer in the number of moves `m` (always even):
//! a position first reached in `m` moves is reached either by a twist
//! without elision from a position of `m − 4` moves, or by a twist that
//! elides with the last twist of a position of `m − 2` moves. Only the last
//! twists of *minimal* paths need to be kept: any other way in is matched or
//! beaten by one of those (see `docs/search.md`).
//!
//! ```
//! use schofield::twist::dictionary::Analysis;
//! use schofield::twist::puzzle::EIGHT;
//! let a = Analysis::new(&EIGHT);
//! assert_eq!(a.len(), 20_160);
//! assert_eq!(a.max_moves(), 30);
//! assert_eq!(a.classes().len(), 2572);
//! assert_eq!(a.extended_classes().len(), 1439);
//! let p = EIGHT.parse_position("102536").unwrap();
//! assert_eq!(a.moves(&p), 20);
//! assert_eq!(a.starting_twists(&p).letters(), "WZ");
//! assert_eq!(a.specimen(&p).to_string(), "WXYZADY");
//! ```

use crate::perm;
use crate::twist::position::{Position, SequenceNumber};
use crate::twist::puzzle::Puzzle;
use crate::twist::symmetry::D4;
use crate::twist::{Path, Twist, TwistSet};
use serde::Serialize;
use std::ops::ControlFlow;

/// Marks a position not yet reached in the main dictionary.
const UNSEEN: u8 = u8::MAX;

/// The number of an equivalence class: classes are numbered from 0 in
/// increasing order of their representatives' sequence numbers.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, PartialOrd, Ord, Serialize)]
#[serde(transparent)]
pub struct ClassId(u16);

impl ClassId {
    /// The number as an index.
    pub const fn index(self) -> usize {
        self.0 as usize
    }
}

impl std::fmt::Display for ClassId {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        std::fmt::Display::fmt(&self.0, f)
    }
}

/// One equivalence class of positions.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize)]
pub struct Class {
    /// Its number.
    pub id: ClassId,
    /// The member with the smallest sequence number.
    pub representative: SequenceNumber,
    /// How many positions it holds.
    pub size: u8,
    /// The minimum number of moves, shared by every member.
    pub moves: u8,
}

/// A partition of all positions into equivalence classes.
#[derive(Debug, Clone)]
pub struct Classes {
    class_of: Vec<ClassId>,
    classes: Vec<Class>,
}

impl Classes {
    /// The number of classes.
    pub fn len(&self) -> usize {
        self.classes.len()
    }

    /// True when there are no classes.
    pub fn is_empty(&self) -> bool {
        self.classes.is_empty()
    }

    /// The classes in order of their numbers.
    pub fn iter(&self) -> impl Iterator<Item = &Class> {
        self.classes.iter()
    }

    /// The class of the position with sequence number `s`.
    pub fn class_of(&self, s: SequenceNumber) -> &Class {
        &self.classes[self.class_of[s.index()].index()]
    }

    /// The class with number `id`.
    pub fn get(&self, id: ClassId) -> &Class {
        &self.classes[id.index()]
    }

    /// The sequence numbers of the members of class `id`, ascending.
    pub fn members(&self, id: ClassId) -> Vec<SequenceNumber> {
        self.class_of
            .iter()
            .enumerate()
            .filter(|(_, c)| **c == id)
            .map(|(s, _)| SequenceNumber::new(s as u32))
            .collect()
    }

    /// The orbits of the symmetries `group` acting by conjugation. Classes
    /// are numbered in increasing order of their smallest member, which is
    /// their representative.
    fn orbits<const N: usize>(positions: &[Position<N>], moves: &[u8], group: &[D4]) -> Classes {
        const NONE: ClassId = ClassId(u16::MAX);
        let ranker = perm::Ranker::of::<N>();
        let mut class_of = vec![NONE; positions.len()];
        let mut classes = Vec::new();
        for (s, p) in positions.iter().enumerate() {
            if class_of[s] != NONE {
                continue;
            }
            let id = ClassId(classes.len() as u16);
            let mut size = 0u8;
            let v = perm::fields(p.pieces());
            for &g in group {
                let t = ranker.rank_fields(g.conjugate_fields(v, N)) as usize;
                if class_of[t] != id {
                    class_of[t] = id;
                    size += 1;
                }
            }
            classes.push(Class {
                id,
                representative: SequenceNumber::new(s as u32),
                size,
                moves: moves[s],
            });
        }
        Classes { class_of, classes }
    }

    /// The extended classes: each class joined with the class of its
    /// members' inverses. Inversion commutes with conjugation
    /// (`(φ⁻¹Xφ)⁻¹ = φ⁻¹X⁻¹φ`), so the inverses of one class fill exactly one
    /// class, found from the representative alone.
    fn with_inverses<const N: usize>(&self, positions: &[Position<N>]) -> Classes {
        const NONE: ClassId = ClassId(u16::MAX);
        let mut merged = vec![NONE; self.classes.len()];
        let mut classes = Vec::new();
        for c in &self.classes {
            if merged[c.id.index()] != NONE {
                continue;
            }
            let inverse = positions[c.representative.index()].inverse();
            let partner = self.class_of[inverse.sequence_number().index()];
            let id = ClassId(classes.len() as u16);
            merged[c.id.index()] = id;
            merged[partner.index()] = id;
            let size = if partner == c.id {
                c.size
            } else {
                c.size + self.classes[partner.index()].size
            };
            classes.push(Class {
                id,
                representative: c.representative,
                size,
                moves: c.moves,
            });
        }
        let class_of = self.class_of.iter().map(|c| merged[c.index()]).collect();
        Classes { class_of, classes }
    }
}

/// One row of the move-count table.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize)]
pub struct MoveCount {
    /// The minimum number of moves.
    pub moves: u8,
    /// Positions needing exactly that many.
    pub positions: usize,
    /// Equivalence classes under the puzzle's symmetries.
    pub classes: usize,
    /// Classes when a position and its inverse are also equivalent.
    pub extended_classes: usize,
}

/// The complete analysis of a twist puzzle: main dictionary, terminal
/// twists, and both kinds of equivalence class.
#[derive(Debug, Clone)]
pub struct Analysis<const N: usize> {
    puzzle: &'static Puzzle<N>,
    positions: Vec<Position<N>>,
    next: Vec<[u16; 8]>,
    moves: Vec<u8>,
    last: Vec<TwistSet>,
    classes: Classes,
    extended: Classes,
}

impl<const N: usize> Analysis<N> {
    /// Runs the whole analysis of `puzzle`.
    ///
    /// Cost: one ranking per position and twist (two lookups in tables made
    /// at compile time) to build the twist table, then one table look-up per
    /// (position, twist) pair in each of the two layers that feed from it,
    /// and eight rankings per class for the classes; about 0.9 ms for the
    /// eight-puzzle.
    pub fn new(puzzle: &'static Puzzle<N>) -> Analysis<N> {
        let positions = Position::<N>::all();
        let next = twist_table(puzzle, &positions);
        let (moves, last) = search(puzzle, &next);
        let classes = Classes::orbits(&positions, &moves, puzzle.symmetries);
        let extended = classes.with_inverses(&positions);
        Analysis {
            puzzle,
            positions,
            next,
            moves,
            last,
            classes,
            extended,
        }
    }

    /// The puzzle analysed.
    pub fn puzzle(&self) -> &'static Puzzle<N> {
        self.puzzle
    }

    /// The number of positions, `N!/2`.
    pub fn len(&self) -> usize {
        self.positions.len()
    }

    /// Always false: a puzzle has at least its target.
    pub fn is_empty(&self) -> bool {
        self.positions.is_empty()
    }

    /// The position with sequence number `s`.
    pub fn position(&self, s: SequenceNumber) -> Position<N> {
        self.positions[s.index()]
    }

    /// The sequence number reached from `s` by `twist` (a twist of the
    /// puzzle), by table look-up.
    #[inline]
    pub fn next(&self, s: SequenceNumber, twist: Twist) -> SequenceNumber {
        SequenceNumber::new(u32::from(self.next[s.index()][twist.index()]))
    }

    /// The minimum number of moves between `p` and the target.
    pub fn moves(&self, p: &Position<N>) -> u8 {
        self.moves_at(p.sequence_number())
    }
    /// The positions at exactly `moves` moves from the target, in
    /// sequence-number order.
    pub fn positions_at(&self, moves: u8) -> Vec<SequenceNumber> {
        (0..self.len() as u32)
            .map(SequenceNumber::new)
            .filter(|&s| self.moves_at(s) == moves)
            .collect()
    }

    /// The main dictionary entry: minimum moves for sequence number `s`.
    pub fn moves_at(&self, s: SequenceNumber) -> u8 {
        self.moves[s.index()]
    }

    /// The main dictionary: minimum moves indexed by sequence number.
    pub fn main_dictionary(&self) -> &[u8] {
        &self.moves
    }

    /// The largest minimum (30 for the eight-puzzle, 20 for the five).
    pub fn max_moves(&self) -> u8 {
        self.moves.iter().copied().max().unwrap_or(0)
    }

    /// Schofield's terminal twists of `s`: the last twists of the minimal
    /// paths that lead *from the target to* position `s`.
    pub fn terminal_twists_from_target(&self, s: SequenceNumber) -> TwistSet {
        self.last[s.index()]
    }

    /// The twists that can start a minimal solution of the puzzle `p`
    /// (from `p` to the target), as the printed tables give them: the
    /// inverses of the terminal twists of paths from the target to `p`.
    pub fn starting_twists(&self, p: &Position<N>) -> TwistSet {
        self.last[p.sequence_number().index()].inverses()
    }

    /// The twists that can end a minimal solution of `p`. A solution of `p`
    /// is, letter for letter, a path from the target to `p⁻¹`, so these are
    /// the terminal twists of `p⁻¹`.
    pub fn ending_twists(&self, p: &Position<N>) -> TwistSet {
        self.last[p.inverse().sequence_number().index()]
    }

    /// Equivalence classes under the puzzle's symmetries (2572 for the
    /// eight-puzzle).
    pub fn classes(&self) -> &Classes {
        &self.classes
    }

    /// Equivalence classes when a position is also equivalent to its
    /// inverse (1439 for the eight-puzzle).
    pub fn extended_classes(&self) -> &Classes {
        &self.extended
    }

    /// The move-count table: for every number of moves that occurs, how many
    /// positions, classes and extended classes need exactly that many.
    pub fn move_counts(&self) -> Vec<MoveCount> {
        let max = usize::from(self.max_moves());
        let mut rows: Vec<MoveCount> = (0..=max)
            .map(|m| MoveCount {
                moves: m as u8,
                positions: 0,
                classes: 0,
                extended_classes: 0,
            })
            .collect();
        for &m in &self.moves {
            rows[usize::from(m)].positions += 1;
        }
        for c in self.classes.iter() {
            rows[usize::from(c.moves)].classes += 1;
        }
        for c in self.extended.iter() {
            rows[usize::from(c.moves)].extended_classes += 1;
        }
        rows.retain(|r| r.positions > 0);
        rows
    }

    /// How many positions are first reached with each number of twists
    /// (0, 1, 2, …), ignoring elision: a breadth-first search of the twist
    /// (Cayley) graph. For the five-puzzle: 1, 4, 8, 16, 24, 6, 1.
    pub fn twist_counts(&self) -> Vec<usize> {
        let mut depth = vec![u8::MAX; self.len()];
        depth[0] = 0;
        let mut frontier = vec![0usize];
        let mut counts = vec![1];
        while !frontier.is_empty() {
            let d = counts.len() as u8;
            let mut next = Vec::new();
            for &x in &frontier {
                for &t in self.puzzle.twists {
                    let y = usize::from(self.next[x][t.index()]);
                    if depth[y] == u8::MAX {
                        depth[y] = d;
                        next.push(y);
                    }
                }
            }
            if !next.is_empty() {
                counts.push(next.len());
            }
            frontier = next;
        }
        counts
    }

    /// A lower bound on the moves still needed from `s` when the previous
    /// twist was `prev`: the continuation's own minimum, less 2 when its first
    /// twist can elide with `prev` and start a minimal solution of `s`.
    fn remaining_bound(&self, s: SequenceNumber, prev: Option<Twist>) -> u8 {
        let m = self.moves[s.index()];
        match prev {
            Some(t)
                if self.last[s.index()]
                    .inverses()
                    .contains(t.eliding_successor()) =>
            {
                m - 2
            }
            _ => m,
        }
    }

    /// Calls `visit` on every minimal solution of `p` (from `p` to the
    /// target), in increasing order of the letters A B C D W X Y Z, until it
    /// returns `ControlFlow::Break`.
    ///
    /// Depth-first search over twists, cut by the main dictionary: a branch
    /// is followed only while the moves spent plus [a lower bound on what is
    /// left] stay within the minimum. Independent of the terminal-twist sets
    /// except for that bound, which is only ever used to prune.
    pub fn for_each_minimal_path(
        &self,
        p: &Position<N>,
        mut visit: impl FnMut(&Path) -> ControlFlow<()>,
    ) {
        let s = p.sequence_number();
        let mut path = Vec::new();
        let _ = self.dfs(s, None, self.moves[s.index()], &mut path, &mut visit);
    }

    fn dfs(
        &self,
        s: SequenceNumber,
        prev: Option<Twist>,
        budget: u8,
        path: &mut Vec<Twist>,
        visit: &mut impl FnMut(&Path) -> ControlFlow<()>,
    ) -> ControlFlow<()> {
        if budget == 0 {
            if s.get() == 0 {
                return visit(&Path::new(path.clone()));
            }
            return ControlFlow::Continue(());
        }
        for &t in self.puzzle.twists {
            let cost = match prev {
                Some(q) if t == q || t == q.inverse() => continue,
                Some(q) if q.elides_into(t) => 2,
                _ => 4,
            };
            if cost > budget {
                continue;
            }
            let u = self.next(s, t);
            if self.remaining_bound(u, Some(t)) > budget - cost {
                continue;
            }
            path.push(t);
            let flow = self.dfs(u, Some(t), budget - cost, path, visit);
            path.pop();
            flow?;
        }
        ControlFlow::Continue(())
    }

    /// The specimen minimal solution of `p`: the first in the order
    /// A B C D W X Y Z, letter by letter. Empty for the target.
    pub fn specimen(&self, p: &Position<N>) -> Path {
        let mut found = Path::default();
        self.for_each_minimal_path(p, |path| {
            found = path.clone();
            ControlFlow::Break(())
        });
        found
    }

    /// Every minimal solution of `p`, in order.
    pub fn minimal_paths(&self, p: &Position<N>) -> Vec<Path> {
        let mut all = Vec::new();
        self.for_each_minimal_path(p, |path| {
            all.push(path.clone());
            ControlFlow::Continue(())
        });
        all
    }

    /// The number of minimal solutions of `p`.
    pub fn count_minimal_paths(&self, p: &Position<N>) -> u64 {
        let mut n = 0u64;
        self.for_each_minimal_path(p, |_| {
            n += 1;
            ControlFlow::Continue(())
        });
        n
    }

    /// The specimen and the number of minimal solutions, from one search.
    pub fn specimen_and_count(&self, p: &Position<N>) -> (Path, u64) {
        let mut first = None;
        let mut n = 0u64;
        self.for_each_minimal_path(p, |path| {
            if first.is_none() {
                first = Some(path.clone());
            }
            n += 1;
            ControlFlow::Continue(())
        });
        (first.unwrap_or_default(), n)
    }
}

/// `next[s][t]`: the sequence number reached from `s` by twist `t`. The
/// positions are packed in 3-bit fields once; each twist then runs over all
/// of them, moving three fields and ranking from two small tables
/// ([`perm::Ranker`]), and the table is written in order. Slots of twists
/// the puzzle lacks hold `u16::MAX`.
fn twist_table<const N: usize>(puzzle: &Puzzle<N>, positions: &[Position<N>]) -> Vec<[u16; 8]> {
    let ranker = perm::Ranker::of::<N>();
    let packed: Vec<u32> = positions.iter().map(|p| perm::fields(p.pieces())).collect();
    let mut next = vec![[u16::MAX; 8]; positions.len()];
    for &t in puzzle.twists {
        for (row, &v) in next.iter_mut().zip(&packed) {
            row[t.index()] = ranker.rank_fields(t.apply_fields(v)) as u16;
        }
    }
    next
}

/// Schofield's layered search. Returns the main dictionary (moves by
/// sequence number) and, for each position, the last twists of its minimal
/// paths from the target.
fn search<const N: usize>(puzzle: &Puzzle<N>, next: &[[u16; 8]]) -> (Vec<u8>, Vec<TwistSet>) {
    let all = puzzle.twist_set().bits();
    // For a set of last twists: the twists that may follow some member
    // without elision (never the same twist or its inverse), and those that
    // elide with some member.
    let mut plain = [0u8; 256];
    let mut eliding = [0u8; 256];
    for mask in 0..256usize {
        if mask == 0 {
            plain[0] = all;
            continue;
        }
        for t in TwistSet::from_bits(mask as u8).iter() {
            let e = t.eliding_successor();
            let excluded = (1u8 << t.index()) | (1 << t.inverse().index()) | (1 << e.index());
            plain[mask] |= all & !excluded;
            eliding[mask] |= all & (1 << e.index());
        }
    }

    let n = next.len();
    let mut moves = vec![UNSEEN; n];
    let mut last = vec![0u8; n];
    moves[0] = 0;
    // Every position once, in the order first reached: layer k (the
    // positions first reached in 2k moves) is `order[bounds[k]..bounds[k + 1]]`.
    // A new layer is written past the end, with room for the one position
    // written but not kept after the last new one.
    let mut order = vec![0u16; n + 1];
    let mut bounds = vec![0usize, 1];
    loop {
        let k = bounds.len() - 1;
        let m = (2 * k) as u8;
        let (before, after) = order.split_at_mut(bounds[k]);
        let mut found = 0;
        // Every twist of `table[last twists]` from each position of `from`.
        let mut reach = |from: &[u16], table: &[u8; 256]| {
            for &x in from {
                let x = usize::from(x);
                let mut allowed = table[usize::from(last[x])];
                let row = &next[x];
                while allowed != 0 {
                    let t = allowed.trailing_zeros() as usize;
                    allowed &= allowed - 1;
                    let y = row[t];
                    let yi = usize::from(y);
                    // Branch-free: whether y is new or already in this layer
                    // is unpredictable, so select rather than jump.
                    let d = moves[yi];
                    let fresh = d == UNSEEN;
                    let hit = fresh | (d == m);
                    moves[yi] = if fresh { m } else { d };
                    last[yi] |= u8::from(hit) << t;
                    after[found] = y;
                    found += usize::from(fresh);
                }
            }
        };
        if k >= 2 {
            reach(&before[bounds[k - 2]..bounds[k - 1]], &plain);
        }
        reach(&before[bounds[k - 1]..bounds[k]], &eliding);
        let done = found == 0 && bounds[k] == bounds[k - 1];
        bounds.push(bounds[k] + found);
        if done {
            break;
        }
    }
    let last = last.into_iter().map(TwistSet::from_bits).collect();
    (moves, last)
}
