//! Breadth-first search over tile moves by the lexicographic rank of the
//! cells, a byte an arrangement (`Board::plain_distances`, and with it the number
//! of shortest paths): the plain method every compact one is checked
//! against.

use super::*;
impl Board {
    /// Breadth-first search over tile moves from `goal`, giving the distance
    /// of every arrangement it reaches, by [`Board::lex_rank`]. One byte per
    /// arrangement, `n!` of them; [`BoardSpace::distance_table`] is the compact form.
    /// `None` when the `n!` bytes cannot be allocated (a 4×4 would need
    /// 21 TB).
    pub fn plain_distances(&self, goal: &[u8]) -> Option<PlainDistances> {
        let (dist, _) = self.bfs(goal, false)?;
        Some(PlainDistances { dist })
    }

    /// Breadth-first search from `goal` that also counts, for every
    /// arrangement, the shortest tile-move sequences that reach it. Returns
    /// the distances and the counts, indexed by [`perm::lex_rank`] of the
    /// cells as given (0 the blank).
    /// `None` when the tables cannot be allocated.
    pub fn count_shortest_paths(&self, goal: &[u8]) -> Option<(PlainDistances, Vec<u64>)> {
        let (dist, count) = self.bfs(goal, true)?;
        Some((PlainDistances { dist }, count))
    }

    fn bfs(&self, goal: &[u8], counting: bool) -> Option<(Vec<u8>, Vec<u64>)> {
        let n = self.cells();
        let size = usize::try_from(perm::factorial(n)).ok()?;
        let mut dist = try_filled(size, u8::MAX)?;
        let mut count = try_filled(if counting { size } else { 0 }, 0u64)?;
        let start = perm::lex_rank(goal) as usize;
        dist[start] = 0;
        if counting {
            count[start] = 1;
        }
        let mut queue = VecDeque::from([start]);
        while let Some(r) = queue.pop_front() {
            let mut tiles = perm::lex_unrank(r as u64, n);
            let blank = tiles.iter().position(|&t| t == 0).expect("one blank");
            for next in self.neighbours(blank) {
                tiles.swap(blank, next);
                let q = perm::lex_rank(&tiles) as usize;
                if dist[q] == u8::MAX {
                    dist[q] = dist[r] + 1;
                    queue.push_back(q);
                }
                if counting && dist[q] == dist[r] + 1 {
                    count[q] += count[r];
                }
                tiles.swap(blank, next);
            }
        }
        Some((dist, count))
    }
}

/// Distances from a goal by the plain search ([`Board::plain_distances`]),
/// indexed by the lexicographic rank of the cells;
/// `None` for arrangements the goal cannot reach.
#[derive(Debug, Clone)]
pub struct PlainDistances {
    dist: Vec<u8>,
}

impl PlainDistances {
    /// The distance of `tiles` from the goal, if reachable.
    pub fn get(&self, tiles: &[u8]) -> Option<u8> {
        let d = self.dist[perm::lex_rank(tiles) as usize];
        (d != u8::MAX).then_some(d)
    }

    /// How many arrangements the goal reaches.
    pub fn reached(&self) -> usize {
        self.dist.iter().filter(|&&d| d != u8::MAX).count()
    }

    /// The largest distance.
    pub fn max(&self) -> u8 {
        self.dist
            .iter()
            .copied()
            .filter(|&d| d != u8::MAX)
            .max()
            .unwrap_or(0)
    }
}
