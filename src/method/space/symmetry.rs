//! A space's symmetries: the whole-puzzle rotations a position is taken up
//! to (turned so that one piece stands at home), and a puzzle symmetry's
//! action on positions, conjugating and inverting them.

use super::*;

impl Space {
    /// True when positions are taken up to whole-puzzle rotation.
    pub fn up_to_rotation(&self) -> bool {
        self.rotations.is_some()
    }

    /// Renames a path of the engine's moves (`to_still`), or of a puzzle
    /// held still (else), into the other, starting in `frame`: up to
    /// rotation the engine holds the reference piece at home and turns the
    /// puzzle back after each move that carries it away, so a move as the
    /// engine names it is, held still, its conjugate by the rotation
    /// accumulated so far. `moves` are the moves the space was made from.
    /// The path unchanged when positions are not taken up to rotation.
    pub fn reframe(
        &self,
        moves: &MoveSet,
        path: &[usize],
        frame: Option<&Transformation>,
        to_still: bool,
    ) -> Vec<usize> {
        if !self.up_to_rotation() || path.is_empty() {
            return path.to_vec();
        }
        let raw = |m: usize| moves.get(m).transformation();
        let index = |t: &Transformation| {
            (0..moves.len())
                .find(|&m| raw(m) == t)
                .expect("the rotations map the moves onto the moves")
        };
        let mut out = Vec::with_capacity(path.len());
        let mut f = frame
            .cloned()
            .unwrap_or_else(|| Transformation::identity_like(raw(0)));
        for &m in path {
            let engine = if to_still {
                out.push(index(&f.then(raw(m)).then(&f.inverse())));
                m
            } else {
                let e = index(&f.inverse().then(raw(m)).then(&f));
                out.push(e);
                e
            };
            f = f.then(&self.turned_back(moves, engine));
        }
        out
    }

    /// The rotation the engine turns the puzzle back by after its move `m`
    /// (of `moves`, the moves the space was made from).
    pub fn turned_back(&self, moves: &MoveSet, m: usize) -> Transformation {
        moves
            .get(m)
            .transformation()
            .inverse()
            .then(&self.effective[m])
    }

    /// The rotations positions are taken up to (empty when they are not).
    pub fn rotation_group(&self) -> &[Transformation] {
        self.rotations.as_ref().map_or(&[], |r| &r.elements)
    }

    /// The rotation that brings pattern `p`'s reference piece home, as
    /// [`Space::encode`] applies it (`None` when positions are not taken up
    /// to rotation, or the piece is not in its orbit).
    pub fn home_rotation(&self, p: &Pattern) -> Option<&Transformation> {
        let r = self.rotations.as_ref()?;
        let k = r.rotation_for_checked(&self.flat_of(p))?;
        Some(&r.elements[k])
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
        let mut lands = vec![0u16; total];
        for (g, &j) in map.src.iter().enumerate() {
            lands[usize::from(j)] = g as u16;
        }
        // Up to rotation: the piece this symmetry relabels as the
        // reference piece, when the relabelling of the reference orbit is
        // a permutation (its pieces all different), so that one piece is.
        let becomes_reference = self.rotations.as_ref().and_then(|r| {
            let labels = &relabel[r.first..r.first + r.len];
            let mut seen = vec![false; r.len];
            for &l in labels {
                if usize::from(l) >= r.len || std::mem::replace(&mut seen[usize::from(l)], true) {
                    return None;
                }
            }
            labels.iter().position(|&l| l == r.label).map(|l| l as u8)
        });
        SpaceSymmetry {
            map,
            relabel,
            offset,
            turns,
            lands,
            becomes_reference,
        }
    }

    /// Writes `φ⁻¹Xφ` for the position `x` (flat) into `out`, turned home
    /// when positions are taken up to rotation; `tmp` is scratch.
    pub fn conjugate_into(&self, x: &Flat, s: &SpaceSymmetry, tmp: &mut Flat, out: &mut Flat) {
        for &(first, n, m) in &self.orbits {
            for g in first..first + n {
                (out.pieces[g], out.ori[g]) = conjugated_slot(x, s, first, m, g);
            }
        }
        // Turned home through `tmp`, not a fresh copy.
        if let Some(r) = &self.rotations {
            let k = r.rotation_for(out);
            apply_into(out, &r.maps[k], &self.orbits, tmp);
            std::mem::swap(out, tmp);
        }
    }

    /// True when `φ⁻¹Xφ` for the position `x` (flat), turned home when
    /// positions are taken up to rotation, is the position `y`: the
    /// question Burnside's count asks of every position and symmetry.
    /// Where [`Space::conjugate_into`] builds the whole image, this stops
    /// at the first slot that differs.
    pub fn conjugate_is(&self, x: &Flat, s: &SpaceSymmetry, y: &Flat) -> bool {
        let same = |g: usize, (piece, ori): (u8, u8)| piece == y.pieces[g] && ori == y.ori[g];
        let Some(r) = &self.rotations else {
            return self.orbits.iter().all(|&(first, n, m)| {
                (first..first + n).all(|g| same(g, conjugated_slot(x, s, first, m, g)))
            });
        };
        let Some(from) = s
            .becomes_reference
            .and_then(|l| (r.first..r.first + r.len).find(|&j| x.pieces[j] == l))
        else {
            let (mut tmp, mut image) = (x.clone(), x.clone());
            self.conjugate_into(x, s, &mut tmp, &mut image);
            return image == *y;
        };
        // The turn home is the one that brings the reference piece home
        // from the slot it lands on, turned as it lands.
        let g = usize::from(s.lands[from]);
        let (_, ori) = conjugated_slot(x, s, r.first, r.modulus, g);
        let turn = &r.maps[r.rotation_at(g, ori)];
        // Each slot of the turned image is read from the unturned one,
        // which is worked out slot by slot as the comparison asks.
        self.orbits.iter().all(|&(first, n, m)| {
            (first..first + n).all(|g| {
                let j = usize::from(turn.src[g]);
                let (piece, ori) = conjugated_slot(x, s, first, m, j);
                same(g, (piece, turn.carry(ori, g, m)))
            })
        })
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
}

impl Space {
    /// The number of the inverse of position `index` (its pieces all
    /// different), worked coordinate by coordinate on the stack, as
    /// [`Space::invert_into`] works it on flat states: a piece never leaves
    /// its coordinate's slots, so each coordinate's inverse is its own.
    /// `None` when positions are taken up to rotation (the inverse is
    /// turned home, which mixes the coordinates) or a coordinate has more
    /// than 64 slots; [`Space::invert_into`] then answers.
    pub fn inverse_index(&self, index: u64) -> Option<u64> {
        const MOST: usize = 16;
        if self.rotations.is_some()
            || self.coords.len() > MOST
            || self.coords.iter().any(|c| c.slots.len() > 64)
        {
            return None;
        }
        let mut values = [[0u64; 2]; MOST];
        let mut rest = index;
        for d in &self.digits {
            let (q, r) = d.radix.div_rem(rest);
            rest = q;
            values[d.coord][usize::from(d.ori)] = r;
        }
        for (c, coord) in self.coords.iter().enumerate() {
            values[c] = coord.inverse_of(values[c]);
        }
        Some(
            self.digits
                .iter()
                .map(|d| values[d.coord][usize::from(d.ori)] * d.stride)
                .sum(),
        )
    }
}

/// The most arrangements whose inverses a coordinate tabulates.
const MAX_INVERSE_TABLE: u64 = 1 << 16;

impl Coordinate {
    /// The arrangement and orientation values of the inverse of a position
    /// whose values here are `[perm, ori]` (see [`Space::inverse_index`]).
    /// The arrangement's inverse is tabulated on first use for at most
    /// [`MAX_INVERSE_TABLE`] arrangements without orientations to work out.
    #[inline]
    fn inverse_of(&self, [perm, ori]: [u64; 2]) -> [u64; 2] {
        let turned = self.ori_count > 1;
        if !turned && self.perm_count <= MAX_INVERSE_TABLE {
            let table = self.inverse.get_or_init(|| {
                (0..self.perm_count)
                    .map(|v| self.inverse_worked([v, 0])[0] as u16)
                    .collect()
            });
            return [u64::from(table[perm as usize]), 0];
        }
        self.inverse_worked([perm, ori])
    }

    /// [`Coordinate::inverse_of`], worked out.
    fn inverse_worked(&self, [perm, ori]: [u64; 2]) -> [u64; 2] {
        let s = self.slots.len();
        let (mut arr, mut o) = ([0u8; 64], [0u8; 64]);
        let (mut inv, mut inv_o) = ([0u8; 64], [0u8; 64]);
        self.unrank_perm(perm, &mut arr[..s]);
        let m = u16::from(self.modulus);
        let turned = self.ori_count > 1;
        if turned {
            self.unrank_ori(ori, &mut o[..s]);
        }
        for k in 0..s {
            let h = usize::from(self.home[usize::from(arr[k])]);
            inv[h] = self.goal_arr[k];
            if turned {
                let (gk, gh) = (self.goal_ori[k], self.goal_ori[h]);
                inv_o[h] = ((u16::from(gk) + 2 * m - u16::from(o[k]) + u16::from(gh)) % m) as u8;
            }
        }
        [
            self.rank_perm(&inv[..s]),
            if turned {
                self.rank_ori(&inv_o[..s])
            } else {
                0
            },
        ]
    }
}

impl Rotations {
    /// The number of the rotation that brings the reference piece home.
    pub(super) fn rotation_for(&self, f: &Flat) -> usize {
        self.rotation_for_checked(f)
            .expect("the reference piece is in its orbit")
    }

    pub(super) fn rotation_for_checked(&self, f: &Flat) -> Option<usize> {
        let j = (self.first..self.first + self.len).find(|&g| f.pieces[g] == self.label)?;
        let o = *f.ori.get(j)?;
        (o < self.modulus).then(|| self.rotation_at(j, o))
    }

    /// The rotation that brings the reference piece home from slot `j`
    /// (global) with orientation `o` (below the modulus).
    pub(super) fn rotation_at(&self, j: usize, o: u8) -> usize {
        let m = usize::from(self.modulus);
        let rel = (usize::from(o) + m - usize::from(self.home_ori)) % m;
        self.by_place[(j - self.first) * m + rel]
    }
}

/// The rotations of `puzzle` positions are taken up to, when they map the
/// moves onto the moves and act regularly on one piece's places.
pub(super) fn rotations_of(
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
    if frame_fixed_by_moves(moves, orbits, goal, &elements) {
        return Ok(None);
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

/// True when slots no move touches (the 3×3×3's centres under face turns)
/// fix the frame: no rotation of `elements` but the identity keeps them
/// all, so the moves can never turn the whole puzzle, and each position
/// is its own class up to rotation.
fn frame_fixed_by_moves(
    moves: &[Transformation],
    orbits: &[(usize, usize, u8)],
    goal: &Flat,
    elements: &[Transformation],
) -> bool {
    let maps: Vec<FlatMap> = moves.iter().map(|t| flat_map(t, orbits)).collect();
    let still: Vec<usize> = (0..goal.pieces.len())
        .filter(|&g| {
            maps.iter()
                .all(|f| usize::from(f.src[g]) == g && f.gain[g] == 0)
        })
        .collect();
    let keeps_still = |e: &&Transformation| {
        let f = flat_map(e, orbits);
        still
            .iter()
            .all(|&g| usize::from(f.src[g]) == g && f.gain[g] == 0)
    };
    !still.is_empty() && elements.iter().filter(keeps_still).count() == 1
}

/// The piece and orientation on slot `g` (of the orbit whose slots begin
/// at `first`, with `m` orientations) of `φ⁻¹Xφ`, before any turn home:
/// the piece `φ` moves there, relabelled and turned as `φ` relabels and
/// turns it.
fn conjugated_slot(x: &Flat, s: &SpaceSymmetry, first: usize, m: u8, g: usize) -> (u8, u8) {
    let j = usize::from(s.map.src[g]);
    let l = first + usize::from(x.pieces[j]);
    let turned = reduced_sum(x.ori[j], s.offset[l], m);
    (s.relabel[l], s.map.carry(turned, g, m))
}

/// A symmetry as the space applies it to positions: `φ⁻¹Xφ` is the
/// position `X` with its pieces relabelled as `φ⁻¹` relabels the goal, and
/// then `φ` applied.
#[derive(Debug, Clone)]
pub struct SpaceSymmetry {
    pub(super) map: FlatMap,
    /// The new label of each piece (by global slot of its orbit's labels).
    pub(super) relabel: Vec<u8>,
    /// The orientation each piece gains in the relabelling.
    pub(super) offset: Vec<u8>,
    /// Packed spaces only: the turn slot `i` ends with, when piece `p`
    /// arrives there turned `o`, at `(i · n + p) · m + o`.
    pub(super) turns: Vec<u8>,
    /// The slot each slot's piece lands on (the inverse of `map.src`).
    lands: Vec<u16>,
    /// Up to rotation: the label of the piece that the relabelling makes
    /// the reference piece (`None` when the reference orbit's pieces
    /// repeat: [`Space::conjugate_is`] then builds the image whole).
    becomes_reference: Option<u8>,
}
