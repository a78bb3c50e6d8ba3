//! The quick reductions ([`quick`](super::quick)) against the general one.

use super::*;
use crate::puzzle::{Metric, library};

/// The coordinate of a library puzzle under its declared symmetries.
fn coordinate(name: &str) -> (Space, SymmetryCoordinate) {
    let p = library::get(name).unwrap();
    let space = Space::new(&p, &p.moves(Metric::Face, None).unwrap()).unwrap();
    let syms: Vec<_> = p
        .symmetries()
        .iter()
        .map(|s| space.symmetry(s.transformation()))
        .collect();
    let sc = SymmetryCoordinate::new(&space, &syms, None)
        .unwrap()
        .unwrap();
    (space, sc)
}

/// The tabulated minima and the one-coordinate reduction give every
/// position the state and stabiliser that the conjugations one by one
/// give, and say of every state whether it is a class's reduced form as
/// reducing its representative does.
#[test]
fn the_quick_reductions_agree_with_the_general_one() {
    for (name, one) in [("corners", true), ("pyraminx", false), ("squares", false)] {
        let (space, quick) = coordinate(name);
        assert_eq!(quick.one.is_some(), one, "{name}");
        let mut plain = quick.clone();
        plain.one = None;
        plain.minima_at.clear();
        plain.minima.clear();
        if name == "corners" {
            // 244 of the 984 arrangements' classes are self-symmetric.
            assert_eq!(quick.minima.len(), 244 * 2187);
        }
        let step = (space.len() / 200_000).max(1) as usize;
        for x in (0..space.len()).step_by(step) {
            assert_eq!(quick.reduce_index(x), plain.reduce_index(x), "{name}: {x}");
        }
        let step = (quick.len() / 200_000).max(1) as usize;
        for state in (0..quick.len()).step_by(step) {
            let (reduced, hits) = plain.reduce_index(plain.index_of(state));
            let expected = (reduced == state).then_some(hits);
            assert_eq!(quick.reduced_stabiliser(state), expected, "{name}: {state}");
        }
    }
}
