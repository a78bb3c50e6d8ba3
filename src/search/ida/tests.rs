//! IDA*'s own checks: the running sums of the database views against
//! exact lengths, and the duplicate-path rule (the circuits of six and
//! seven moves) against paths walked on an open board.

use super::*;
use crate::search::duplicates::find;

#[test]
fn the_running_sums_stay_the_views_sums_and_the_lengths_are_exact() {
    // Databases of unequal sizes, so that tile 6's reflected view (in
    // the smaller one) is looked up first: both orders of look-up run,
    // and `refine` checks the sums at every node entered.
    use crate::board::lookup::LookupTable;
    use crate::search::pdb::Partition;
    let b: Board = "3x3".parse().unwrap();
    let goal = b.goal_blank_first();
    let table = LookupTable::build(b, goal.clone());
    let p = Partition::of_sets(&b, &goal, &[&[1, 2, 3], &[4, 5, 6, 7, 8]]);
    let limits = Limits {
        max_nodes: Some(20_000_000),
        ..Limits::default()
    };
    // Every 7th arrangement (25 920 of them).
    for i in (0..table.space().len()).step_by(7) {
        let a = table.space().arrangement(i);
        let s = solve(&b, &a, &goal, Guide::Databases(&p), &limits).unwrap();
        assert_eq!(Some(s.path.length as u8), table.distance(&a), "{a:?}");
    }
}

/// The quarter turns the same way that the blank's path ends with: the
/// blank walks round one 2×2 square, turning the three tiles on it.
///
/// Three laps are the identity (twelve moves), so a walk of `k` moves
/// round the square does what the walk of `12 − k` moves the other way
/// round does. A path is *redundant*, and IDA* does not extend it, when it
/// ends with
/// - seven or more such moves (the other way round is five or fewer), or
/// - exactly six, where the other way round, which then begins one
///   quarter turn further, begins with a direction that comes earlier in
///   [`Direction::ALL`].
///
/// Every redundant path has a twin to the same arrangement that is
/// shorter, or as long and earlier in dictionary order (the redundant path
/// is the later one). So the shortest path that is first in dictionary
/// order has no redundant prefix: each arrangement keeps an optimal path,
/// the search's lengths are what they are without the rule, and its bounds
/// stay at or below the optimum. This was the searches' first rule,
/// written by hand for the shortest cycles; the tests keep it as a
/// restatement that [`crate::search::duplicates`] must agree with.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
struct Circuit {
    /// The blank's last move (none at the start).
    last: Option<Direction>,
    /// How many moves the run has (1 after a move that is not a turn).
    moves: u8,
    /// Whether its turns are clockwise (a run of one move has none).
    clockwise: bool,
    /// The run's first move.
    first: Direction,
}

impl Circuit {
    /// Before any move.
    const START: Circuit = Circuit {
        last: None,
        moves: 0,
        clockwise: false,
        first: Direction::Up,
    };

    /// A run of the one move `d`.
    fn one(d: Direction) -> Circuit {
        Circuit {
            last: Some(d),
            moves: 1,
            clockwise: false,
            first: d,
        }
    }

    /// The run after the blank moves `d` (never back).
    fn then(self, d: Direction) -> Circuit {
        let Some(last) = self.last else {
            return Circuit::one(d);
        };
        let clockwise = if d == last.clockwise() {
            true
        } else if d == last.anticlockwise() {
            false
        } else {
            // Straight on.
            return Circuit::one(d);
        };
        if self.moves >= 2 && self.clockwise == clockwise {
            Circuit {
                last: Some(d),
                moves: self.moves + 1,
                ..self
            }
        } else {
            Circuit {
                last: Some(d),
                moves: 2,
                clockwise,
                first: last,
            }
        }
    }

    /// Whether a path ending with this run is redundant (see [`Circuit`]).
    fn redundant(self) -> bool {
        match self.moves {
            0..=5 => false,
            6 => {
                // The other way round begins a quarter turn on, the way
                // this run turns.
                let other = if self.clockwise {
                    self.first.clockwise()
                } else {
                    self.first.anticlockwise()
                };
                other.index() < self.first.index()
            }
            _ => true,
        }
    }
}

/// Every [`Circuit`] a path can end with, numbered from 0 (the start) in
/// the order first met: `table[i][k]` is the number of circuit `i` after
/// the blank moves `Direction::ALL[k]`, or [`CIRCUIT_PRUNED`] when that move goes
/// back or makes the path redundant. The search follows the numbers, so
/// the rule costs it one table read a move.
fn circuit_table() -> [[u8; 4]; 64] {
    let mut circuits = vec![Circuit::START];
    let mut table = [[CIRCUIT_PRUNED; 4]; 64];
    let mut i = 0;
    while i < circuits.len() {
        let c = circuits[i];
        for (k, d) in Direction::ALL.into_iter().enumerate() {
            let n = c.then(d);
            if c.last == Some(d.opposite()) || n.redundant() {
                continue;
            }
            let j = circuits.iter().position(|&x| x == n).unwrap_or_else(|| {
                circuits.push(n);
                circuits.len() - 1
            });
            table[i][k] = j as u8;
        }
        i += 1;
    }
    debug_assert!(circuits.len() <= table.len());
    table
}

/// No move: back, or redundant (see [`circuit_table`]).
const CIRCUIT_PRUNED: u8 = u8::MAX;

/// The circuit after `moves` from the start, or `None` if the rule
/// prunes the path on the way.
fn follow(table: &[[u8; 4]; 64], moves: &[Direction]) -> Option<u8> {
    moves.iter().try_fold(0u8, |c, &d| {
        Some(table[usize::from(c)][d.index()]).filter(|&n| n != CIRCUIT_PRUNED)
    })
}

/// `k` moves round a 2×2 square from `first`, clockwise or not.
fn round(first: Direction, clockwise: bool, k: usize) -> Vec<Direction> {
    std::iter::successors(Some(first), |&d| {
        Some(if clockwise {
            d.clockwise()
        } else {
            d.anticlockwise()
        })
    })
    .take(k)
    .collect()
}

#[test]
fn a_walk_round_a_square_equals_the_rest_of_three_laps_the_other_way() {
    let b: Board = "3x3".parse().unwrap();
    let a = b.parse_arrangement("123/4_5/678").unwrap();
    let mut checked = 0;
    for start in 0..9 {
        // The blank on every cell, the rest in order.
        let mut cells: Vec<u8> = a.cells().iter().copied().filter(|&t| t != 0).collect();
        cells.insert(start, 0);
        let a = b.arrangement(&cells).unwrap();
        for first in Direction::ALL {
            for clockwise in [true, false] {
                // From two moves on, the walk fixes its square (one
                // move lies on two).
                for k in 2..=12 {
                    let Some((here, _)) = b.walk(&a, &round(first, clockwise, k)) else {
                        continue;
                    };
                    // The other way round begins a quarter turn on.
                    let other = if clockwise {
                        first.clockwise()
                    } else {
                        first.anticlockwise()
                    };
                    let back = b.walk(&a, &round(other, !clockwise, 12 - k));
                    assert_eq!(
                        back.map(|(e, _)| e),
                        Some(here),
                        "{first:?} {clockwise} {k}"
                    );
                    checked += 1;
                }
            }
        }
    }
    assert!(checked > 100);
}

#[test]
fn the_circuit_rule_prunes_one_of_each_pair_of_six_and_every_seven() {
    let table = circuit_table();
    let follow = |moves: &[Direction]| follow(&table, moves);
    let mut kept = 0;
    for first in Direction::ALL {
        for clockwise in [true, false] {
            assert!(follow(&round(first, clockwise, 5)).is_some());
            assert!(follow(&round(first, clockwise, 7)).is_none());
            let six = follow(&round(first, clockwise, 6)).is_some();
            let other = if clockwise {
                first.clockwise()
            } else {
                first.anticlockwise()
            };
            // Exactly one of the pair, the one first in dictionary order.
            assert_ne!(six, follow(&round(other, !clockwise, 6)).is_some());
            assert_eq!(six, first.index() < other.index());
            kept += usize::from(six);
        }
        // Straight on and back.
        assert!(follow(&[first, first, first]).is_some());
        assert!(follow(&[first, first.opposite()]).is_none());
    }
    assert_eq!(kept, 4);
    // The start, four straight runs, runs of 2 to 5 each way after each
    // last move, and the four kept runs of six.
    let used = table
        .iter()
        .filter(|row| row.iter().any(|&n| n != CIRCUIT_PRUNED))
        .count();
    assert_eq!(used, 1 + 4 + 4 * 4 * 2 + 4);
}

#[test]
fn the_duplicates_of_up_to_seven_moves_are_the_circuit_rule() {
    // Found by walking every path on an open board, against the rule
    // written by hand: the same verdict on every path of up to 13
    // moves.
    let pairs = find(7);
    let machine = Automaton::new(pairs.iter().map(|p| p.walk.as_slice()));
    let table = circuit_table();
    let mut paths = vec![(Vec::new(), 0u8, 0u16)];
    let mut checked = 0;
    while let Some((path, circuit, state)) = paths.pop() {
        for (k, d) in Direction::ALL.into_iter().enumerate() {
            let c = table[usize::from(circuit)][k];
            let m = machine.step(state, k);
            let mut longer = path.clone();
            longer.push(d);
            assert_eq!(c == CIRCUIT_PRUNED, m == PRUNED, "{longer:?}");
            checked += 1;
            if m != PRUNED && longer.len() < 13 {
                paths.push((longer, c, m));
            }
        }
    }
    assert!(checked > 1_000_000, "{checked}");
    // Beyond seven moves the duplicates are more than the rule: eight
    // moves round a square inside a 3×3 one.
    let eight = Automaton::standard();
    use Direction::{Down as D, Left as L, Right as R, Up as U};
    assert_eq!(eight.walk(&[L, U, U, L, D, R, D, R]), PRUNED);
    assert_ne!(eight.walk(&[U, L, U, L, D, R, R, D]), PRUNED);
    assert!(follow(&table, &[L, U, U, L, D, R, D, R]).is_some());
}
