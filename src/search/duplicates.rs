//! Duplicate walks of the blank, found once and pruned by an automaton
//! (Taylor and Korf's method for depth-first search).
//!
//! Two walks of the blank from the same cell that end with the same
//! arrangement are *twins*. IDA* need follow only one of them: a path that
//! contains a walk with a twin that is shorter, or as long and earlier in
//! the order of [`Direction::ALL`] (U, L, R, D), reaches nothing that the
//! path with the twin in its place does not reach as soon. So the search
//! keeps, for every arrangement, the path that is shortest and first in
//! dictionary order, and drops every path that contains a *duplicate*.
//!
//! **Finding them.** [`find`] walks the blank on a board too large for any
//! walk of up to `max_moves` moves to reach its edge, every walk in order
//! of length and then of dictionary, extending only walks that contain no
//! duplicate found so far. A walk whose arrangement an earlier walk has
//! already made is a duplicate of it, provided that the earlier walk stays
//! inside the rectangle the later one spans: then wherever the later walk
//! fits on a board, its twin fits too. The first duplicates are the walks
//! straight back (`UD`, the twin is no move); then six moves round a 2×2
//! square (three laps are the identity, so six one way equal six the other
//! way); then walks of eight moves that go round a square inside a 3×3
//! one, and so on. The pairs up to [`MAX_MOVES`] moves are the generated
//! table `tables/duplicates.txt`, checked by a test against [`find`].
//!
//! **Pruning them.** An [`Automaton`] reads the blank's path a move at a
//! time and reaches [`PRUNED`] as soon as the path ends with a duplicate
//! (Aho and Corasick's machine for finding many words in a text): one
//! table read a move.
//!
//! ```
//! use schofield::board::Direction::{Down, Left, Right, Up};
//! use schofield::search::duplicates::{find, Automaton, PRUNED};
//! let pairs = find(8);
//! assert_eq!((pairs[0].walk.as_slice(), pairs[0].twin.as_slice()), (&[Up, Down][..], &[][..]));
//! let a = Automaton::new(pairs.iter().map(|p| p.walk.as_slice()));
//! // Up then Down is a walk straight back.
//! assert_eq!(a.walk(&[Up, Down]), PRUNED);
//! // Six moves round a square: the walk that starts right is later than
//! // its twin, which starts up.
//! assert_eq!(a.walk(&[Right, Up, Left, Down, Right, Up]), PRUNED);
//! assert_ne!(a.walk(&[Up, Right, Down, Left, Up, Right]), PRUNED);
//! ```

use crate::board::Direction;
use std::collections::{HashMap, HashSet, VecDeque};
use std::sync::OnceLock;

/// The longest duplicates in `tables/duplicates.txt`, which the searches
/// prune. Longer ones save few more positions for a larger automaton
/// (docs/performance.md, item 13).
pub const MAX_MOVES: usize = 12;

/// A duplicate walk and the twin the searches take instead.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Pair {
    /// The walk pruned.
    pub walk: Vec<Direction>,
    /// Its twin: the same arrangement from the same cell, no longer,
    /// earlier in dictionary order when as long, and inside the rectangle
    /// `walk` spans.
    pub twin: Vec<Direction>,
}

/// The cells a walk visits, relative to its first: `(left, right, up,
/// down)`, the extreme columns and rows.
type Span = (i32, i32, i32, i32);

/// The step of each direction, `(column, row)`.
fn delta(d: Direction) -> (i32, i32) {
    match d {
        Direction::Up => (0, -1),
        Direction::Left => (-1, 0),
        Direction::Right => (1, 0),
        Direction::Down => (0, 1),
    }
}

/// A cell, `(column, row)` relative to the blank's first cell.
type Cell = (i32, i32);

/// What a walk does on a board too large for it to reach an edge: where
/// the blank ends, which tile each cell it moved holds (a tile is named by
/// its first cell), and the rectangle the walk spans.
struct Effect {
    blank: Cell,
    moved: Vec<(Cell, Cell)>,
    span: Span,
}

impl Effect {
    /// The walk `walk` from cell `(0, 0)`.
    fn of(walk: &[Direction]) -> Effect {
        // The cells visited, with the tile each holds.
        let mut cells: Vec<(Cell, Cell)> = vec![((0, 0), (0, 0))];
        let mut blank = 0;
        let mut span = (0, 0, 0, 0);
        for &d in walk {
            let (dx, dy) = delta(d);
            let (x, y) = cells[blank].0;
            let to = (x + dx, y + dy);
            span = (
                span.0.min(to.0),
                span.1.max(to.0),
                span.2.min(to.1),
                span.3.max(to.1),
            );
            let t = cells.iter().position(|&(c, _)| c == to).unwrap_or_else(|| {
                cells.push((to, to));
                cells.len() - 1
            });
            let tile = cells[t].1;
            cells[t].1 = cells[blank].1;
            cells[blank].1 = tile;
            blank = t;
        }
        let blank = cells[blank].0;
        let mut moved: Vec<(Cell, Cell)> = cells.into_iter().filter(|(c, t)| c != t).collect();
        moved.sort_unstable();
        Effect { blank, moved, span }
    }

    /// A hash of the arrangement (not of the span), the same for equal
    /// arrangements.
    fn key(&self) -> u64 {
        let pack = |(x, y): Cell| ((x + 128) as u64) << 8 | (y + 128) as u64;
        self.moved.iter().fold(mix(pack(self.blank)), |h, &(c, t)| {
            mix(h ^ (pack(c) << 16 | pack(t)))
        })
    }

    /// Whether two walks make the same arrangement.
    fn same(&self, other: &Effect) -> bool {
        self.blank == other.blank && self.moved == other.moved
    }
}

/// A 64-bit mixing function (the finaliser of MurmurHash3).
fn mix(mut x: u64) -> u64 {
    x ^= x >> 33;
    x = x.wrapping_mul(0xff51_afd7_ed55_8ccd);
    x ^= x >> 33;
    x = x.wrapping_mul(0xc4ce_b9fe_1a85_ec53);
    x ^ (x >> 33)
}

/// Whether rectangle `inner` lies inside `outer`.
fn within(inner: Span, outer: Span) -> bool {
    inner.0 >= outer.0 && inner.1 <= outer.1 && inner.2 >= outer.2 && inner.3 <= outer.3
}

/// Every duplicate walk of at most `max_moves` moves that contains no
/// shorter duplicate, with its twin, in order of length and then of
/// dictionary (see the module's documentation). Exact: arrangements are
/// compared in full, the hash only finds candidates.
pub fn find(max_moves: usize) -> Vec<Pair> {
    // Walks kept so far, by the hash of their arrangement.
    let mut kept: HashMap<u64, Vec<Vec<Direction>>> = HashMap::new();
    kept.insert(Effect::of(&[]).key(), vec![Vec::new()]);
    let mut pruned: HashSet<Vec<Direction>> = HashSet::new();
    let mut pairs = Vec::new();
    // The walks of the last length kept, in dictionary order.
    let mut frontier: Vec<Vec<Direction>> = vec![Vec::new()];
    for moves in 1..=max_moves {
        let mut next = Vec::new();
        for walk in &frontier {
            for d in Direction::ALL {
                let mut w = walk.clone();
                w.push(d);
                // Its prefixes are kept walks: only a suffix can be a
                // duplicate already found.
                if (1..moves.saturating_sub(1)).any(|i| pruned.contains(&w[i..])) {
                    continue;
                }
                let effect = Effect::of(&w);
                let key = effect.key();
                let twin = kept.get(&key).and_then(|walks| {
                    walks.iter().find(|t| {
                        let e = Effect::of(t);
                        within(e.span, effect.span) && e.same(&effect)
                    })
                });
                match twin {
                    Some(t) => {
                        pairs.push(Pair {
                            walk: w.clone(),
                            twin: t.clone(),
                        });
                        pruned.insert(w);
                    }
                    None => {
                        kept.entry(key).or_default().push(w.clone());
                        next.push(w);
                    }
                }
            }
        }
        frontier = next;
    }
    pairs
}

/// The walk in letters (`-` for no move).
fn letters(walk: &[Direction]) -> String {
    if walk.is_empty() {
        return "-".to_string();
    }
    crate::board::letters(walk)
}

/// The table `tables/duplicates.txt`: a comment, then one pair a line, the
/// duplicate and its twin.
pub fn render(pairs: &[Pair]) -> String {
    let longest = pairs.iter().map(|p| p.walk.len()).max().unwrap_or(0);
    let mut out = format!(
        "# The duplicate walks of the blank of up to {longest} moves (schofield::search::duplicates):\n\
         # each walk, then its twin: the same arrangement from the same cell, no longer,\n\
         # earlier in the order U L R D when as long, inside the rectangle the first spans.\n\
         # IDA* never extends a path that ends with a walk of the first column.\n\
         # {} pairs.\n",
        crate::text::grouped(pairs.len())
    );
    for p in pairs {
        out.push_str(&format!("{} {}\n", letters(&p.walk), letters(&p.twin)));
    }
    out
}

/// The duplicates (first column) of a table as [`render`] writes it.
fn parse(text: &str) -> Vec<Vec<Direction>> {
    text.lines()
        .filter(|l| !l.starts_with('#'))
        .filter_map(|l| l.split_whitespace().next())
        .map(|w| {
            w.chars()
                .map(|c| Direction::from_letter(c).expect("the table holds walks"))
                .collect()
        })
        .collect()
}

/// No move: it would end the path with a duplicate.
pub const PRUNED: u16 = u16::MAX;

/// A machine that reads the blank's path a move at a time and tells when
/// it ends with one of a set of duplicate walks: `next[s][k]` is the state
/// after the move `Direction::ALL[k]` from state `s`, or [`PRUNED`]. State
/// 0 is the start.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Automaton {
    next: Vec<[u16; 4]>,
}

impl Automaton {
    /// The machine that reaches [`PRUNED`] exactly when the path read so
    /// far ends with one of `walks` (none of them empty): Aho and
    /// Corasick's machine, whose states are the beginnings of the walks.
    ///
    /// # Panics
    /// If a walk is empty, or if it has more than 65 535 states (the
    /// duplicates of [`MAX_MOVES`] moves need 9 732).
    pub fn new<'w>(walks: impl IntoIterator<Item = &'w [Direction]>) -> Automaton {
        // The trie of the walks.
        const NONE: usize = usize::MAX;
        let mut trie: Vec<[usize; 4]> = vec![[NONE; 4]];
        let mut ends = vec![false];
        for w in walks {
            assert!(!w.is_empty(), "the empty walk is no duplicate");
            let mut s = 0;
            for &d in w {
                let k = d.index();
                if trie[s][k] == NONE {
                    trie.push([NONE; 4]);
                    ends.push(false);
                    trie[s][k] = trie.len() - 1;
                }
                s = trie[s][k];
            }
            ends[s] = true;
        }
        // Each state's moves, falling back on the longest suffix that is a
        // state, in breadth-first order; a state ends a walk when its
        // fallback does.
        let mut goto = vec![[0usize; 4]; trie.len()];
        let mut fallback = vec![0usize; trie.len()];
        let mut queue = VecDeque::from([0usize]);
        while let Some(s) = queue.pop_front() {
            ends[s] |= ends[fallback[s]];
            for k in 0..4 {
                match trie[s][k] {
                    NONE => goto[s][k] = goto[fallback[s]][k],
                    t => {
                        goto[s][k] = t;
                        fallback[t] = if s == 0 { 0 } else { goto[fallback[s]][k] };
                        queue.push_back(t);
                    }
                }
            }
        }
        // Number the states that end no walk, in order (the start is 0).
        let mut number = vec![PRUNED; trie.len()];
        let mut live = Vec::new();
        for s in (0..trie.len()).filter(|&s| !ends[s]) {
            number[s] = u16::try_from(live.len())
                .ok()
                .filter(|&m| m != PRUNED)
                .expect("at most 65 535 states");
            live.push(s);
        }
        let next = live.iter().map(|&s| goto[s].map(|t| number[t])).collect();
        Automaton { next }
    }

    /// The machine for the duplicates of `tables/duplicates.txt`, built
    /// once.
    pub fn standard() -> &'static Automaton {
        static STANDARD: OnceLock<Automaton> = OnceLock::new();
        STANDARD.get_or_init(|| {
            let walks = parse(include_str!("../../tables/duplicates.txt"));
            Automaton::new(walks.iter().map(Vec::as_slice))
        })
    }

    /// The number of states.
    pub fn len(&self) -> usize {
        self.next.len()
    }

    /// Always false: there is a start state.
    pub fn is_empty(&self) -> bool {
        self.next.is_empty()
    }

    /// The state after move `Direction::ALL[k]` from state `s`
    /// ([`PRUNED`] if the path then ends with a duplicate).
    #[inline]
    pub fn step(&self, s: u16, k: usize) -> u16 {
        self.next[usize::from(s)][k]
    }

    /// The state after the walk `walk` from the start, or [`PRUNED`] if
    /// some part of it ends with a duplicate.
    pub fn walk(&self, walk: &[Direction]) -> u16 {
        walk.iter()
            .try_fold(0u16, |s, &d| match self.step(s, d.index()) {
                PRUNED => None,
                t => Some(t),
            })
            .unwrap_or(PRUNED)
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::board::Board;

    #[test]
    fn every_pair_is_a_twin_on_a_real_board_and_comes_first() {
        // On every board of up to 16 cells at least 3 wide and high, from
        // every cell, with the board's own moves: where the duplicate fits,
        // its twin fits and ends on the same arrangement.
        let pairs = find(MAX_MOVES);
        let boards: Vec<Board> = ["4x4", "3x5", "5x3", "3x4", "4x3", "3x3"]
            .iter()
            .map(|s| s.parse().unwrap())
            .collect();
        let mut fitted = 0;
        for p in &pairs {
            let shorter = p.twin.len() < p.walk.len();
            let earlier = p.twin.len() == p.walk.len()
                && p.twin
                    .iter()
                    .map(|&d| d.index())
                    .lt(p.walk.iter().map(|&d| d.index()));
            assert!(shorter || earlier, "{p:?}");
            let mut fits = false;
            for b in &boards {
                for blank in 0..b.cells() {
                    let mut cells: Vec<u8> = (1..b.cells() as u8).collect();
                    cells.insert(blank, 0);
                    let a = b.arrangement(&cells).unwrap();
                    if let Some((end, _)) = b.walk(&a, &p.walk) {
                        let twin = b.walk(&a, &p.twin).map(|(e, _)| e);
                        assert_eq!(twin, Some(end), "{p:?} on {b} from {blank}");
                        fits = true;
                    }
                }
            }
            fitted += usize::from(fits);
        }
        assert_eq!(pairs.len(), 2_667);
        // Each pair was checked somewhere.
        assert_eq!(fitted, pairs.len());
    }

    #[test]
    fn a_twin_must_stay_inside_the_rectangle_its_duplicate_spans() {
        use Direction::{Down, Left, Right, Up};
        // Round a square: one column right of the start, one row up.
        let square = Effect::of(&[Up, Right, Down, Left]).span;
        assert_eq!(square, (0, 1, -1, 0));
        assert!(within(Effect::of(&[Right, Up]).span, square));
        // A walk that leaves the square by the left, or by the bottom.
        assert!(!within(Effect::of(&[Up, Left]).span, square));
        assert!(!within(Effect::of(&[Right, Down]).span, square));
        // Or by the top, or by the right.
        assert!(!within(Effect::of(&[Up, Up]).span, square));
        assert!(!within(Effect::of(&[Right, Right]).span, square));
    }

    #[test]
    fn no_duplicate_contains_another() {
        let pairs = find(MAX_MOVES);
        let walks: HashSet<&[Direction]> = pairs.iter().map(|p| p.walk.as_slice()).collect();
        for p in &pairs {
            let w = &p.walk;
            for i in 0..w.len() {
                for j in i + 1..=w.len() {
                    if (i, j) != (0, w.len()) {
                        assert!(!walks.contains(&w[i..j]), "{w:?} contains {:?}", &w[i..j]);
                    }
                }
            }
        }
    }

    #[test]
    fn the_machine_prunes_exactly_the_paths_that_contain_a_duplicate() {
        let pairs = find(10);
        let machine = Automaton::new(pairs.iter().map(|p| p.walk.as_slice()));
        let walks: HashSet<&[Direction]> = pairs.iter().map(|p| p.walk.as_slice()).collect();
        // Every path of up to 11 moves, against a plain search for a
        // duplicate inside it.
        let mut paths = vec![(Vec::new(), 0u16)];
        let mut checked = 0;
        while let Some((path, state)) = paths.pop() {
            for (k, d) in Direction::ALL.into_iter().enumerate() {
                let mut longer: Vec<Direction> = path.clone();
                longer.push(d);
                let ends = (0..longer.len()).any(|i| walks.contains(&longer[i..]));
                let next = machine.step(state, k);
                assert_eq!(next == PRUNED, ends, "{longer:?}");
                checked += 1;
                if !ends && longer.len() < 11 {
                    paths.push((longer, next));
                }
            }
        }
        assert!(checked > 100_000, "{checked}");
    }

    #[test]
    fn a_walk_inside_another_prunes_the_paths_through_the_longer_ones_start() {
        // Not the case of the duplicates (none contains another), but of
        // the machine: U L L is on the way to U L L U and ends with L L.
        use Direction::{Left as L, Up as U};
        let machine = Automaton::new([&[U, L, L, U][..], &[L, L][..]]);
        assert_eq!(machine.walk(&[U, L, L]), PRUNED);
        assert_eq!(machine.walk(&[L, L]), PRUNED);
        assert_ne!(machine.walk(&[U, L, U, L]), PRUNED);
    }

    #[test]
    fn the_table_reads_back_and_the_standard_machine_is_built_from_it() {
        let pairs = find(8);
        let walks: Vec<Vec<Direction>> = pairs.iter().map(|p| p.walk.clone()).collect();
        assert_eq!(parse(&render(&pairs)), walks);
        assert!(render(&pairs).contains("\nUD -\n"));
        let standard = Automaton::standard();
        assert_eq!(standard.len(), 9_732);
        assert_eq!(standard.walk(&[Direction::Up, Direction::Down]), PRUNED);
    }
}
