//! A solution found in the engine's turning frame, told for the puzzle
//! held still. Where the moves turn the whole puzzle, positions are taken
//! up to rotation and IDA* walks the engine's frame, which turns the
//! puzzle back home after every move that carries the reference piece
//! away; a cuber reads the moves of a puzzle held still in their hand.

use super::Solution;
use crate::method::space::Space;
use crate::puzzle::{MoveBits, MoveSet, Pattern};

impl Solution {
    /// This solution of `pattern` renamed for the puzzle held still, from
    /// the position as given ([`Space::reframe`]): the specimen and every
    /// starting move. `moves` are the moves the space was made from.
    /// Unchanged where positions are not taken up to rotation.
    pub fn held_still(self, space: &Space, moves: &MoveSet, pattern: &Pattern) -> Solution {
        let frame = space.home_rotation(pattern);
        let mut starting = MoveBits::new();
        for m in self.starting.iter() {
            starting.insert(space.reframe(moves, &[m], frame, true)[0]);
        }
        Solution {
            path: space.reframe(moves, &self.path, frame, true),
            starting,
            ..self
        }
    }
}

/// Every minimal solution of `pattern` (`paths`, in the engine's frame)
/// renamed for the puzzle held still, as [`Solution::held_still`] renames
/// the specimen.
pub fn paths_held_still(
    space: &Space,
    moves: &MoveSet,
    pattern: &Pattern,
    paths: &[Vec<usize>],
) -> Vec<Vec<usize>> {
    let frame = space.home_rotation(pattern);
    paths
        .iter()
        .map(|p| space.reframe(moves, p, frame, true))
        .collect()
}
