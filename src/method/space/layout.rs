//! How a space is laid out before any table is built: the orbits of the
//! move group on slots, a coordinate for each (its kind of arrangement and
//! its orientation digits), and the mixed-radix digits of the number.

use super::*;

impl Space {
    /// The coordinates and digits of the numbering, the move tables not
    /// yet built.
    pub(super) fn layout(
        puzzle: &Puzzle,
        moves: &MoveSet,
        max_table: u64,
    ) -> Result<Space, SpaceError> {
        puzzle.searchable()?;
        let (orbits, goal) = layout_of(puzzle);
        let total = goal.pieces.len();
        let raw: Vec<Transformation> = moves.transformations();
        let (effective, rotations) = reduce(puzzle, &raw, &orbits, &goal)?;
        let maps: Vec<FlatMap> = effective.iter().map(|t| flat_map(t, &orbits)).collect();
        let mut coords = Vec::new();
        for slots in slot_orbits(&maps, total) {
            let g0 = usize::from(slots[0]);
            let Some(k) = orbits.iter().position(|&(f, n, _)| g0 >= f && g0 < f + n) else {
                continue;
            };
            let moved = maps.iter().any(|m| {
                slots.iter().any(|&g| {
                    usize::from(m.src[usize::from(g)]) != usize::from(g)
                        || m.gain[usize::from(g)] != 0
                })
            });
            if moved {
                let name = &puzzle.orbits()[k].name;
                coords.push(Coordinate::of_slots(
                    slots,
                    orbits[k].2,
                    &maps,
                    &goal,
                    name,
                )?);
            }
        }
        let (digits, size, numbered) = digits_of(&coords);
        let mut home_of = vec![0u8; total];
        for &(first, n, _) in &orbits {
            for i in 0..n {
                home_of[first + usize::from(goal.pieces[first + i])] = i as u8;
            }
        }
        Ok(Space {
            numbered,
            home_of,
            orbits,
            goal,
            goal_index: 0,
            coords,
            digits,
            size,
            unit: MoveTable::zeroed(1, maps.len()),
            max_table,
            moves: maps,
            effective,
            rotations,
        })
    }
}

/// The orbits of the move group on slots (the union of each move's
/// cycles, petgraph's union-find), in the order of their first slots: each
/// is a coordinate unless nothing ever changes there.
fn slot_orbits(maps: &[FlatMap], total: usize) -> Vec<Vec<u16>> {
    let mut orbits_of_moves = petgraph::unionfind::UnionFind::<usize>::new(total);
    for m in maps {
        for g in 0..total {
            orbits_of_moves.union(g, usize::from(m.src[g]));
        }
    }
    let mut groups: Vec<Vec<u16>> = Vec::new();
    let mut root_group = vec![usize::MAX; total];
    for g in 0..total {
        let r = orbits_of_moves.find_mut(g);
        if root_group[r] == usize::MAX {
            root_group[r] = groups.len();
            groups.push(Vec::new());
        }
        groups[root_group[r]].push(g as u16);
    }
    groups
}

/// The digits of the number, least significant last in the list order of
/// coordinates (an orientation digit, then an arrangement digit, for each
/// coordinate of more than one value); the number of positions; and
/// whether that number fits 64 bits.
fn digits_of(coords: &[Coordinate]) -> (Vec<Digit>, u64, bool) {
    let mut digits = Vec::new();
    let mut stride = 1u64;
    let mut numbered = true;
    for (c, coord) in coords.iter().enumerate().rev() {
        for (ori, radix) in [(true, coord.ori_count), (false, coord.perm_count)] {
            if radix > 1 {
                digits.push(Digit {
                    coord: c,
                    ori,
                    radix: Divisor::new(radix).expect("a radix is at least 2"),
                    stride,
                });
                stride = stride.checked_mul(radix).unwrap_or_else(|| {
                    numbered = false;
                    stride.saturating_mul(radix)
                });
            }
        }
    }
    (digits, stride, numbered)
}

impl Coordinate {
    /// The coordinate of the pieces on `slots` (an orbit of the move
    /// group, in an orbit of the puzzle called `orbit`, with `modulus`
    /// orientations) under the flat moves `maps`, from the goal `goal`.
    fn of_slots(
        slots: Vec<u16>,
        modulus: u8,
        maps: &[FlatMap],
        goal: &Flat,
        orbit: &str,
    ) -> Result<Coordinate, SpaceError> {
        let s = slots.len();
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
        let goal_arr: Vec<u8> = slots
            .iter()
            .map(|&g| dense[usize::from(goal.pieces[usize::from(g)])])
            .collect();
        let kind = arrangement_kind(&slots, maps, label.len() == s, &goal_arr);
        let perm_count = match kind {
            Kind::Full => perm::checked_factorial::<u64>(s),
            Kind::Even { .. } => perm::checked_factorial::<u64>(s).map(|f| f / 2),
            Kind::Multiset => perm::multinomial(&counts),
        }
        .ok_or(SpaceError::Overflow)?;
        let follow = followed_orientations(&slots, modulus, maps, goal, &dense, label.len());
        let (ori_digits, ori_sum) = if modulus == 1 || follow.is_some() {
            (0, None)
        } else if keeps_orientation_sum(&slots, modulus, maps) {
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
        if s > MAX_WORKED_SLOTS {
            return Err(SpaceError::Coordinate {
                orbit: orbit.to_string(),
                slots: s,
                count: perm_count.max(ori_count),
            });
        }
        let ranker = match kind {
            Kind::Full if s <= 8 => SmallRanker::lex(s),
            Kind::Even { .. } if s <= 8 => SmallRanker::even(s),
            _ => None,
        };
        let home = (0..label.len())
            .map(|p| {
                goal_arr
                    .iter()
                    .position(|&x| usize::from(x) == p)
                    .unwrap_or(0) as u8
            })
            .collect();
        let goal_ori = slots.iter().map(|&g| goal.ori[usize::from(g)]).collect();
        Ok(Coordinate {
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
            worked: None,
            ranker,
            home,
            goal_ori,
            goal_arr,
            inverse: std::sync::OnceLock::new(),
        })
    }
}

/// How the arrangements on `slots` are ranked: a multiset when pieces
/// repeat (`distinct` false), only the goal's parity when every move
/// permutes the slots evenly, else all of them.
fn arrangement_kind(slots: &[u16], maps: &[FlatMap], distinct: bool, goal_arr: &[u8]) -> Kind {
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
    if !distinct {
        Kind::Multiset
    } else if even && slots.len() >= 2 {
        Kind::Even {
            odd: !perm::is_even(goal_arr),
        }
    } else {
        Kind::Full
    }
}

/// True when every move keeps the sum of the orientations on `slots`
/// (modulo `modulus`): the last orientation follows from the others.
fn keeps_orientation_sum(slots: &[u16], modulus: u8, maps: &[FlatMap]) -> bool {
    modulus > 1
        && maps.iter().all(|m| {
            slots
                .iter()
                .map(|&g| u32::from(m.gain[usize::from(g)]))
                .sum::<u32>()
                % u32::from(modulus)
                == 0
                && !m.mirror
        })
}

/// When no move turns a piece on `slots`, each piece keeps the orientation
/// the goal gives it, so the orientations follow from the arrangement (the
/// squares group's corners and edges): that orientation for each of the
/// `labels` dense labels, or `None` when some move turns a piece or
/// identical pieces differ.
fn followed_orientations(
    slots: &[u16],
    modulus: u8,
    maps: &[FlatMap],
    goal: &Flat,
    dense: &[u8],
    labels: usize,
) -> Option<Vec<u8>> {
    let still = modulus > 1
        && maps
            .iter()
            .all(|m| !m.mirror && slots.iter().all(|&g| m.gain[usize::from(g)] == 0));
    if !still {
        return None;
    }
    let mut of_label = vec![None::<u8>; labels];
    for &g in slots {
        let d = usize::from(dense[usize::from(goal.pieces[usize::from(g)])]);
        let o = goal.ori[usize::from(g)];
        match of_label[d] {
            None => of_label[d] = Some(o),
            Some(x) if x != o => return None,
            Some(_) => {}
        }
    }
    Some(of_label.into_iter().map(|o| o.unwrap_or(0)).collect())
}
