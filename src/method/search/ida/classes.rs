//! The whole puzzle's distances as one pruning table, a class of
//! positions under the puzzle's symmetries a value: an exact estimate, so
//! that IDA* walks only down minimal sequences. Where the classes fit the
//! memory allowed (the 2×2×2's 2 152 008 states under 48 symmetries: a
//! megabyte at four bits), one table by classes answers every position of
//! the puzzle at once, where projections bound it from below.

use super::pruning::{closed_under_inverse, layers};
use super::*;
use crate::method::space::SymmetryCoordinate;

/// The most states a table by classes is made of.
pub(super) const MOST_CLASS_STATES: u64 = 1 << 27;

/// The symmetry coordinate of `space` under those of `symmetries` that
/// IDA* may read ([`Conjugation::new`], the identity among them), when
/// its tables and its classes at four bits fit `bytes`, its tables within
/// `coordinate_bytes` (`None`: no more than the table by classes):
/// `None` where the space is not numbered, no symmetry but the identity
/// is usable, or the coordinate cannot be made or does not fit.
pub(super) fn class_coordinate(
    space: &Space,
    symmetries: &[Transformation],
    bytes: u64,
    coordinate_bytes: Option<u64>,
) -> Option<SymmetryCoordinate> {
    if !space.is_numbered() {
        return None;
    }
    let identity = symmetries.iter().find(|t| t.is_identity())?;
    let mut actions = vec![space.symmetry(identity)];
    actions.extend(
        Conjugation::all(space, symmetries)
            .into_iter()
            .map(|c| c.symmetry),
    );
    if actions.len() < 2 {
        return None;
    }
    // The classes are about the positions over the symmetries, two a
    // byte. The coordinate's own tables are made on every run, where the
    // table by classes is read from disk: for one position they are
    // allowed no more bytes than that table, so that the making stays
    // within a read of it (twsearch's 2×2×2 under its 48 symmetries would
    // make 11 MB of them, in 87 ms, for a table of 1 MB; its Skewb 57 KB,
    // in 1 ms, for 10 MB).
    let table = space.len() / actions.len() as u64 / 2;
    if table > bytes {
        return None;
    }
    // A batch may wait for the table's making, but not for long: at most
    // 2^27 states (a breadth-first search of a few seconds a hundred
    // million states on two cores, as `counts` of twsearch's 233 takes).
    if coordinate_bytes.is_some() && table > MOST_CLASS_STATES / 2 {
        return None;
    }
    let allowed = coordinate_bytes.unwrap_or(table).min(bytes - table);
    let sc = SymmetryCoordinate::new(space, &actions, Some(allowed)).ok()??;
    (sc.len() <= MOST_CLASS_STATES && sc.bytes().saturating_add(sc.len().div_ceil(2)) <= bytes)
        .then_some(sc)
}

impl Pruning {
    /// The parts of a table by classes: every digit, in order (their
    /// strides unused).
    pub(super) fn class_parts(space: &Space) -> Vec<(usize, u64)> {
        (0..space.digit_count()).map(|d| (d, 0)).collect()
    }

    /// The state of the class of the position whose digits are the parts
    /// `parts` of `x`.
    #[inline]
    pub(super) fn class_of(sc: &SymmetryCoordinate, parts: &[(usize, u64)], x: &[u64]) -> u64 {
        let mut d = [0u64; MAX_DIGITS];
        for (k, &(p, _)) in parts.iter().enumerate() {
            d[k] = x[p];
        }
        sc.reduce(&d[..parts.len()]).0
    }

    /// The whole puzzle's distances by classes of `sc`, a state a value:
    /// the table `read` back, checked after its checksum (a state no
    /// position takes must be unseen), or without one built, each class's
    /// neighbours those of its representative ([`layers`]), unless `halt`
    /// stops it.
    pub(super) fn by_classes(
        space: &Space,
        sc: Arc<SymmetryCoordinate>,
        read: Option<Vec<u8>>,
        halt: Halt,
    ) -> Result<Pruning, NotMade> {
        let table = layers(
            sc.len(),
            sc.reduce(&space.goal_digits()).0,
            closed_under_inverse(space),
            &|v, f| sc.find_neighbour(space, v, |w, _, _| f(w)),
            &|v| sc.reduced_stabiliser(v).is_some(),
            read,
            halt,
        )?;
        Ok(Pruning {
            parts: Pruning::class_parts(space),
            table: Arc::new(table),
            values: sc.len(),
            classes: Some(sc),
        })
    }
}
