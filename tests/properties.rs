//! Round trips for everything that has an inverse: rank/unrank, parse/print,
//! path/inverse path, and the group laws of the symmetries.

use proptest::prelude::*;
use schofield::perm;
use schofield::twist::position::Position;
use schofield::twist::puzzle::{EIGHT, FIVE};
use schofield::twist::symmetry::D4;
use schofield::twist::{Path, Twist};

fn position() -> impl Strategy<Value = Position<8>> {
    (0u64..20_160).prop_map(|s| Position::<8>::from_sequence_number(s).unwrap())
}

fn path() -> impl Strategy<Value = Path> {
    prop::collection::vec(0usize..8, 0..12)
        .prop_map(|v| Path::new(v.into_iter().map(Twist::from_index).collect()))
}

fn d4() -> impl Strategy<Value = D4> {
    (0usize..8).prop_map(|i| D4::ALL[i])
}

proptest! {
    #[test]
    fn lex_rank_round_trip(r in 0u64..3_628_800) {
        prop_assert_eq!(perm::lex_rank(&perm::lex_unrank(r, 10)), r);
    }

    #[test]
    fn grid_code_cycles_round_trip(p in position()) {
        prop_assert_eq!(EIGHT.parse_position(&EIGHT.grid_compact(&p)).unwrap(), p);
        prop_assert_eq!(EIGHT.parse_position(&EIGHT.grid(&p)).unwrap(), p);
        prop_assert_eq!(EIGHT.parse_position(&p.code()).unwrap(), p);
        prop_assert_eq!(EIGHT.parse_position(&p.cycles()).unwrap(), p);
    }

    #[test]
    fn five_puzzle_forms_round_trip(s in 0u64..60) {
        let p = Position::<5>::from_sequence_number(s).unwrap();
        prop_assert_eq!(FIVE.parse_position(&FIVE.grid_compact(&p)).unwrap(), p);
        prop_assert_eq!(FIVE.parse_position(&p.code()).unwrap(), p);
        prop_assert_eq!(FIVE.parse_position(&p.cycles()).unwrap(), p);
    }

    #[test]
    fn path_print_parse_and_inverse(q in path(), p in position()) {
        prop_assert_eq!(q.to_string().parse::<Path>().unwrap(), q.clone());
        prop_assert_eq!(q.marked().parse::<Path>().unwrap(), q.clone());
        prop_assert_eq!(q.inverse().inverse(), q.clone());
        prop_assert_eq!(q.inverse().moves(), q.moves());
        prop_assert_eq!(p.apply_path(&q).apply_path(&q.inverse()), p);
        prop_assert_eq!(schofield::twist::expand(&q, p.pieces()).len(), q.moves());
    }

    #[test]
    fn conjugation_is_an_action(p in position(), g in d4(), h in d4(), q in path()) {
        prop_assert_eq!(p.conjugate(h).conjugate(g), p.conjugate(g.compose(h)));
        // Relabelling commutes with twisting: φ(p·t) = φ(p)·φ(t).
        let image = q.map(|t| g.twist(t));
        prop_assert_eq!(p.apply_path(&q).conjugate(g), p.conjugate(g).apply_path(&image));
        prop_assert_eq!(image.moves(), q.moves());
    }

    #[test]
    fn a_path_from_the_target_solves_the_inverse(q in path()) {
        // The same letters that lead the target to X lead X⁻¹ to the target.
        let x = Position::<8>::target().apply_path(&q);
        prop_assert!(x.inverse().apply_path(&q).is_target());
    }
}
