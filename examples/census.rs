//! Totals quoted in docs/search.md: class sizes, minimal twist words,
//! shortest tile sequences, and the positions where the two differ.
use schofield::group::classes::Classes;
use schofield::method::Path;
use schofield::method::analysis::{Analysis, Options};
use schofield::puzzle::library;

fn main() {
    let eight = library::get("eight").expect("the library has the eight-puzzle");
    let a = Analysis::new(eight, &Options::default(), &|_| {}).expect("the eight-puzzle analyses");
    let moves = a.moves();
    let (mut words, mut tiles, mut differ, mut most) = (0u64, 0u64, 0, (0u64, String::new()));
    for x in 0..a.space().len() {
        let w = a.minimal_paths(x);
        let t: u64 = w
            .iter()
            .map(|p| Path::new(p.clone()).tile_sequences(moves))
            .sum();
        words += w.len() as u64;
        tiles += t;
        differ += usize::from(t != w.len() as u64);
        if w.len() as u64 > most.0 {
            most = (w.len() as u64, a.name_of(x));
        }
    }
    let sizes = |c: &Classes| {
        let mut d = std::collections::BTreeMap::new();
        for k in c.list() {
            *d.entry(k.size).or_insert(0) += 1;
        }
        d
    };
    println!("class sizes {:?}", sizes(a.classes()));
    println!(
        "extended class sizes {:?}",
        sizes(a.extended_classes().expect("positions have inverses"))
    );
    println!(
        "minimal words {words}, tile sequences {tiles}, positions differing {differ}, most words {} at {}",
        most.0, most.1
    );
}
