//! Round trips for everything that has an inverse: rank/unrank, parse/print,
//! path/inverse path, and the group laws of the symmetries.

use super::common::{eight, five};
use proptest::prelude::*;
use schofield::method::{Path, expand};
use schofield::perm;

fn position() -> impl Strategy<Value = u64> {
    0u64..20_160
}

fn path() -> impl Strategy<Value = Path> {
    prop::collection::vec(0usize..8, 0..12).prop_map(Path::new)
}

fn symmetry() -> impl Strategy<Value = usize> {
    0usize..8
}

/// Follows a path from position `x`.
fn follow(a: &schofield::method::analysis::Analysis, x: u64, q: &Path) -> u64 {
    q.moves().iter().fold(x, |y, &m| a.next(y, m))
}

proptest! {
    #[test]
    fn lex_rank_round_trip(r in 0u64..3_628_800) {
        prop_assert_eq!(perm::lex_rank(&perm::lex_unrank(r, 10)), r);
    }

    #[test]
    fn grid_code_cycles_round_trip(p in position()) {
        let a = eight();
        prop_assert_eq!(a.parse_position(&a.grid(p).unwrap()).unwrap(), p);
        prop_assert_eq!(a.parse_position(&a.grid_lines(p).unwrap()).unwrap(), p);
        prop_assert_eq!(a.parse_position(&a.code(p).unwrap()).unwrap(), p);
        prop_assert_eq!(a.parse_position(&a.cycles(p).unwrap()).unwrap(), p);
        prop_assert_eq!(a.parse_position(&a.pattern_text(p)).unwrap(), p);
    }

    #[test]
    fn five_puzzle_forms_round_trip(s in 0u64..60) {
        let a = five();
        prop_assert_eq!(a.parse_position(&a.grid(s).unwrap()).unwrap(), s);
        prop_assert_eq!(a.parse_position(&a.code(s).unwrap()).unwrap(), s);
        prop_assert_eq!(a.parse_position(&a.cycles(s).unwrap()).unwrap(), s);
    }

    #[test]
    fn path_print_parse_and_inverse(q in path(), p in position()) {
        let a = eight();
        let moves = a.moves();
        prop_assert_eq!(Path::parse(moves, &q.write(moves)).unwrap(), q.clone());
        prop_assert_eq!(Path::parse(moves, &q.marked(moves)).unwrap(), q.clone());
        prop_assert_eq!(Path::parse(moves, &q.marked_ascii(moves)).unwrap(), q.clone());
        prop_assert_eq!(q.inverse(moves).inverse(moves), q.clone());
        prop_assert_eq!(q.inverse(moves).cost(moves), q.cost(moves));
        prop_assert_eq!(follow(a, follow(a, p, &q), &q.inverse(moves)), p);
        let pieces = a.position(p).orbits()[0].pieces.clone();
        prop_assert_eq!(expand(a.puzzle(), moves, &q, &pieces).len(), q.cost(moves));
    }

    #[test]
    fn conjugation_is_an_action(p in position(), g in symmetry(), h in symmetry(), q in path()) {
        let a = eight();
        let syms = a.symmetries();
        // First h, then g: the symmetry h·g.
        let hg = syms[h].transformation.then(&syms[g].transformation);
        let k = syms.iter().position(|s| s.transformation == hg).unwrap();
        prop_assert_eq!(a.conjugate(a.conjugate(p, h), g), a.conjugate(p, k));
        // Relabelling commutes with twisting: φ(p·t) = φ(p)·φ(t).
        let image = q.map(|t| syms[g].image[t]);
        prop_assert_eq!(a.conjugate(follow(a, p, &q), g), follow(a, a.conjugate(p, g), &image));
        prop_assert_eq!(image.cost(a.moves()), q.cost(a.moves()));
    }

    #[test]
    fn a_path_from_the_target_solves_the_inverse(q in path()) {
        // The same letters that lead the target to X lead X⁻¹ to the target.
        let a = eight();
        let x = follow(a, a.goal(), &q);
        prop_assert_eq!(follow(a, a.inverse(x).unwrap(), &q), a.goal());
    }
}

/// Spaces of distinct pieces: every
/// library puzzle whose space can be built, and Kociemba's group H.
fn spaces_with_inverses() -> &'static [schofield::method::space::Space] {
    use schofield::method::space::Space;
    use schofield::puzzle::{Metric, library};
    static SPACES: std::sync::OnceLock<Vec<Space>> = std::sync::OnceLock::new();
    SPACES.get_or_init(|| {
        let h: Vec<String> = ["U", "D", "R2", "L2", "F2", "B2"]
            .map(String::from)
            .to_vec();
        let mut chosen: Vec<(String, Option<Vec<String>>)> = library::names()
            .into_iter()
            .map(|n| (n.to_string(), None))
            .collect();
        chosen.push(("3x3x3".to_string(), Some(h)));
        chosen
            .into_iter()
            .filter_map(|(name, generators)| {
                let p = library::get(&name).unwrap();
                if !p.has_distinct_pieces() || p.tile_tray().is_some() {
                    return None;
                }
                let moves = p.moves(Metric::Face, generators.as_deref()).ok()?;
                Space::with_limit(&p, &moves, Some(1 << 30)).ok()
            })
            .collect()
    })
}

proptest! {
    /// The inverse worked coordinate by coordinate is the inverse worked on
    /// the flat state.
    #[test]
    fn a_positions_inverse_by_coordinates_is_its_inverse(k in 0usize..64, at in 0.0f64..1.0) {
        let spaces = spaces_with_inverses();
        let space = &spaces[k % spaces.len()];
        let x = ((space.len() as f64 * at) as u64).min(space.len() - 1);
        let mut f = space.scratch();
        let mut g = space.scratch();
        space.decode_flat(x, &mut f);
        space.invert_into(&f, &mut g);
        let want = space.encode_flat(&g);
        match space.inverse_index(x) {
            Some(y) => prop_assert_eq!(y, want),
            None => prop_assert!(space.up_to_rotation()),
        }
    }
}

#[test]
fn inverses_by_coordinates_cover_spaces_of_several_coordinates() {
    let spaces = spaces_with_inverses();
    assert!(spaces.len() >= 5, "{}", spaces.len());
    assert!(
        spaces
            .iter()
            .any(|s| s.coordinates() >= 3 && s.inverse_index(0).is_some())
    );
}

/// A small puzzle made up at random: two orbits (the second's pieces
/// perhaps alike), two or three moves of random permutations and
/// orientation gains, and no symmetry declared.
fn small_puzzle() -> impl Strategy<Value = String> {
    let orbit = |most: usize| {
        (2usize..=most, 1u8..=3).prop_flat_map(|(n, m)| {
            let moves = prop::collection::vec(
                (
                    Just((0..n).collect::<Vec<usize>>()).prop_shuffle(),
                    prop::collection::vec(0..m, n),
                ),
                3,
            );
            (Just(n), Just(m), moves)
        })
    };
    (orbit(5), orbit(3), 2usize..=3, any::<bool>()).prop_map(|(a, b, count, alike)| {
        let mut text = format!(
            "name: random\norbits:\n  A: {{pieces: {}, orientations: {}}}\n  B: {{pieces: {}, orientations: {}}}\n",
            a.0, a.1, b.0, b.1
        );
        if alike {
            let pieces: Vec<String> = (0..b.0).map(|k| (k / 2).to_string()).collect();
            text += &format!("goal:\n  B: {{pieces: [{}]}}\n", pieces.join(", "));
        }
        text += "moves:\n";
        let list = |v: &[usize]| v.iter().map(|x| x.to_string()).collect::<Vec<_>>().join(", ");
        for k in 0..count {
            let (pa, oa) = &a.2[k];
            let (pb, ob) = &b.2[k];
            let gains = |m: u8, o: &[u8], name: &str| {
                (m > 1).then(|| format!("{name}: [{}]", list(&o.iter().map(|&x| usize::from(x)).collect::<Vec<_>>())))
            };
            let orientation: Vec<String> = [gains(a.1, oa, "A"), gains(b.1, ob, "B")]
                .into_iter()
                .flatten()
                .collect();
            text += &format!(
                "  M{k}: {{permutation: {{A: [{}], B: [{}]}}, orientation: {{{}}}}}\n",
                list(pa),
                list(pb),
                orientation.join(", ")
            );
        }
        text
    })
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(24))]
    /// Issue #44: a puzzle with no symmetry is counted two bits a position
    /// (`move_counts_without_symmetries`), and gets the dense search's
    /// positions at every distance.
    #[test]
    fn two_bits_a_position_agree_with_the_dense_search(text in small_puzzle()) {
        use schofield::puzzle::{Puzzle, yaml};
        use schofield::method::analysis::{Analysis, Options, move_counts_without_symmetries};
        let p = yaml::read(&text).ok().and_then(|d| Puzzle::new(d).ok());
        // A move that does nothing (or an orientation the moves cannot
        // keep) is refused, and there is nothing to compare.
        prop_assume!(p.is_some());
        let p = p.unwrap();
        let options = Options::default();
        let rows = move_counts_without_symmetries(&p, &options, &|_| {});
        // A move of order past 65 has more powers than a metric holds:
        // both searches refuse it.
        if rows.is_err() {
            let dense = Analysis::new(p, &options, &|_| {});
            prop_assert!(dense.is_err());
            return Ok(());
        }
        let rows = rows.unwrap();
        prop_assume!(rows.is_some());
        let dense = Analysis::new(p, &options, &|_| {}).unwrap();
        let want: Vec<(u32, u64)> = dense.move_counts().iter().map(|r| (r.moves, r.positions)).collect();
        let got: Vec<(u32, u64)> = rows.unwrap().iter().map(|r| (r.moves, r.positions)).collect();
        prop_assert_eq!(got, want, "{}", text);
    }
}
