//! Looking the databases up during a search: each database's view of the
//! board (and of its reflection), read against the value before the move,
//! and the estimate their excesses add to the Manhattan distance.

use super::*;

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

/// The sum of some views' excesses.
pub(crate) fn excess_sum(views: &[u8]) -> u32 {
    views.iter().map(|&e| u32::from(e)).sum()
}

/// A partition's databases set up for estimating whole arrangements: each
/// database looked up on its own tiles, and, when the board is square and
/// the blank's goal cell lies on the main diagonal, looked up again on the
/// arrangement reflected about that diagonal (the reflection carries the
/// goal to itself, so both sums are admissible and so is the larger).
/// A* estimates each vertex with [`Lookups::estimate`]; IDA* keeps the
/// values and updates only the database of the tile that moved.
///
/// Each view gives its database's *excess* (see [`PatternDb`]); the views
/// of either kind cover every tile once, and the reflection keeps each
/// tile's Manhattan distance, so both sums are the whole arrangement's
/// Manhattan distance plus twice the excesses, and the estimate is
/// `manhattan + 2 · max(regular excesses, reflected excesses)`.
///
/// ```
/// use schofield::board::Board;
/// use schofield::search::pdb::{Lookups, Partition};
/// let b: Board = "3x3".parse().unwrap();
/// let goal = b.goal_blank_first();
/// let p = Partition::of_sets(&b, &goal, &[&[1, 2, 3, 4], &[5, 6, 7, 8]]);
/// let lookups = Lookups::new(&p);
/// assert!(lookups.reflects());
/// assert_eq!(lookups.estimate(goal.cells()), 0);
/// let near = b.parse_arrangement("1_2/345/678").unwrap();
/// assert_eq!(lookups.estimate(near.cells()), 1);
/// ```
#[derive(Debug, Clone)]
pub struct Lookups<'a> {
    /// The databases.
    pub(crate) dbs: Vec<&'a PatternDb>,
    /// `distance[t][c]`: the Manhattan distance of tile `t` on cell `c`
    /// from its goal cell ([`Target`]'s table; row 0, the blank's, is not
    /// summed).
    pub(crate) distance: Box<[[u8; 16]; 16]>,
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
    /// Whether a tile's reflected view lies in a smaller database than its
    /// regular view (so it misses the cache less often, and a search
    /// looks it up first).
    pub(crate) reflected_first: [bool; 16],
    /// The number ([`States::number`]) of each cell, as the regular views
    /// see it.
    pub(crate) regular_cells: [u8; 16],
    /// The number of each cell's reflection about the main diagonal, as
    /// the reflected views see it.
    pub(crate) reflected_cells: [u8; 16],
}

impl<'a> Lookups<'a> {
    /// Sets up the lookups of `part`'s databases.
    pub fn new(part: &'a Partition) -> Lookups<'a> {
        let board = part.board();
        let goal = part.goal();
        let n = board.cells();
        let target = Target::new(*board, goal.clone());
        let goal_cell = |t: usize| usize::from(target.goal_cell(t as u8));
        // The reflection about the main diagonal, when it carries the goal
        // to itself (a square board, the blank's goal cell on the diagonal);
        // otherwise no reflection, and the reflected views are the regular
        // ones (so that every view names tiles, never the blank).
        let blank_goal = goal_cell(0);
        let reflect = Symmetry::Transpose.fits(board)
            && Symmetry::Transpose.cell(board, blank_goal) == blank_goal;
        let transpose: [u8; 16] = std::array::from_fn(|c| {
            if reflect && c < n {
                Symmetry::Transpose.cell(board, c) as u8
            } else {
                c as u8
            }
        });
        // The tile whose goal cell is the reflection of tile t's.
        let mut mirror = [0u8; 16];
        for (t, m) in mirror.iter_mut().enumerate().take(n) {
            *m = goal.cells()[usize::from(transpose[goal_cell(t)])];
        }
        let number = numbering(board);
        let mut l = Lookups {
            dbs: Vec::new(),
            distance: Box::new(target.distance),
            regular: Vec::new(),
            reflected: Vec::new(),
            reflect,
            regular_of: [0; 16],
            reflected_of: [0; 16],
            reflected_first: [false; 16],
            regular_cells: number,
            reflected_cells: transpose.map(|c| number[usize::from(c)]),
        };
        for (i, db) in part.dbs.iter().enumerate() {
            l.dbs.push(db);
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
        if reflect {
            let size = |v: &View| l.dbs[v.db].len();
            for t in 0..16 {
                l.reflected_first[t] =
                    size(&l.reflected[l.reflected_of[t]]) < size(&l.regular[l.regular_of[t]]);
            }
        }
        l
    }

    /// True when the reflected lookups are used.
    pub fn reflects(&self) -> bool {
        self.reflect
    }

    /// The view's tiles' cells (the first `K` entries; `K` 0 for all of
    /// the view's tiles), the set of them as a mask and as a nibble a cell,
    /// and the blank's cell, all seen in the view and numbered as its
    /// database's states number them ([`States::number`]), given each
    /// tile's cell (`pos[t]`, the blank's `pos[0]`).
    #[inline(always)]
    fn cells<const K: usize>(
        &self,
        v: &View,
        reflected: bool,
        pos: &[u8; 16],
    ) -> ([u8; 16], u32, u64, u8) {
        let map: &[u8; 16] = if reflected {
            &self.reflected_cells
        } else {
            &self.regular_cells
        };
        let k = if K == 0 { v.sources.len() } else { K };
        let mut cells = [0u8; 16];
        // The set as `regions::set_of` makes it, but in the same loop as
        // the cells: a second pass made the search 3 % slower.
        let mut set = 0u32;
        let mut spread = 0u64;
        for (i, &t) in v.sources[..k].iter().enumerate() {
            let c = map[usize::from(pos[usize::from(t) & 15])];
            cells[i] = c;
            set |= 1 << (c & 15);
            spread |= 1 << (4 * (c & 15));
        }
        (cells, set, spread, map[usize::from(pos[0]) & 15])
    }

    /// The excess of one view, given each tile's cell (`pos[t]`), found by
    /// walking down ([`PatternDb::value`]): where a search starts, and for
    /// A*. A state with no way down (only in a damaged file) counts 0.
    pub(crate) fn value(&self, v: &View, reflected: bool, pos: &[u8; 16]) -> u8 {
        let (cells, _, _, blank) = self.cells::<0>(v, reflected, pos);
        let k = v.sources.len();
        self.dbs[v.db]
            .excess_numbered(&cells[..k], blank)
            .unwrap_or(0)
    }

    /// The parity of one view's excess, given each tile's cell (`pos[t]`):
    /// what a search reads after a move (see [`PatternDb::excess_after`]).
    /// The common pattern sizes get loops of fixed length.
    #[inline(always)]
    pub(crate) fn parity(&self, v: &View, reflected: bool, pos: &[u8; 16]) -> u8 {
        match v.sources.len() {
            7 => self.parity_of::<7>(v, reflected, pos),
            8 => self.parity_of::<8>(v, reflected, pos),
            _ => self.parity_of::<0>(v, reflected, pos),
        }
    }

    /// [`Lookups::parity`] for a pattern of `K` tiles (0: any number).
    #[inline(always)]
    fn parity_of<const K: usize>(&self, v: &View, reflected: bool, pos: &[u8; 16]) -> u8 {
        let (cells, set, spread, blank) = self.cells::<K>(v, reflected, pos);
        let db = self.dbs[v.db];
        db.parity_of(db.states.index_of_k::<K>(&cells, set, spread, blank))
    }

    /// The Manhattan distance of the arrangement with each tile's cell
    /// `pos[t]`.
    pub(crate) fn manhattan(&self, pos: &[u8; 16]) -> u32 {
        // Tiles only: row 0 is the blank's.
        crate::search::manhattan_of_places(&self.distance[1..], &pos[1..])
    }

    /// The excesses of every regular view and every reflected view (the
    /// regular ones again when the reflection is not used).
    pub(crate) fn values(&self, pos: &[u8; 16]) -> (Vec<u8>, Vec<u8>) {
        let of = |views: &[View], reflected| -> Vec<u8> {
            views
                .iter()
                .map(|v| self.value(v, reflected, pos))
                .collect()
        };
        (of(&self.regular, false), of(&self.reflected, true))
    }

    /// The estimate from the Manhattan distance and the views' excesses:
    /// the regular sum, or the larger of the two sums when the reflection
    /// is used, doubled, on top of the Manhattan distance. With no
    /// reflected excesses given, the regular sum alone (a lower estimate,
    /// still admissible).
    #[inline]
    pub(crate) fn combine(&self, manhattan: u32, regular: &[u8], reflected: &[u8]) -> u32 {
        self.combine_sums(manhattan, excess_sum(regular), excess_sum(reflected))
    }

    /// [`Lookups::combine`] from the two sums of excesses, for a search
    /// that keeps them as it goes.
    #[inline]
    pub(crate) fn combine_sums(&self, manhattan: u32, regular: u32, reflected: u32) -> u32 {
        let e = if self.reflect {
            regular.max(reflected)
        } else {
            regular
        };
        manhattan + 2 * e
    }

    /// The estimate for the arrangement whose cells are `cells` (0 the
    /// blank): at most the number of moves to the partition's goal. From
    /// nothing, so each view walks down to its goal ([`PatternDb::value`]):
    /// some microseconds on the 4×4, about 30 times a look-up. IDA* does
    /// this once, at the start; A* does it for every arrangement it meets.
    pub fn estimate(&self, cells: &[u8]) -> u32 {
        let mut pos = [0u8; 16];
        for (c, &t) in cells.iter().enumerate().take(16) {
            pos[usize::from(t) & 15] = c as u8;
        }
        let (regular, reflected) = self.values(&pos);
        self.combine(self.manhattan(&pos), &regular, &reflected)
    }
}
