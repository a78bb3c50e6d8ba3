//! Totals quoted in docs/search.md: class sizes, minimal twist words,
//! shortest tile sequences, and the positions where the two differ.
use schofield::twist::dictionary::Analysis;
use schofield::twist::position::Position;
use schofield::twist::puzzle::EIGHT;

fn main() {
    let a = Analysis::new(&EIGHT);
    let (mut words, mut tiles, mut differ, mut most) = (0u64, 0u64, 0, (0u64, String::new()));
    for p in Position::<8>::all() {
        let w = a.minimal_paths(&p);
        let t: u64 = w.iter().map(|x| x.tile_sequences()).sum();
        words += w.len() as u64;
        tiles += t;
        differ += usize::from(t != w.len() as u64);
        if w.len() as u64 > most.0 {
            most = (w.len() as u64, p.code());
        }
    }
    let sizes = |c: &schofield::twist::dictionary::Classes| {
        let mut d = std::collections::BTreeMap::new();
        for k in c.iter() {
            *d.entry(k.size).or_insert(0) += 1;
        }
        d
    };
    println!("class sizes {:?}", sizes(a.classes()));
    println!("extended class sizes {:?}", sizes(a.extended_classes()));
    println!(
        "minimal words {words}, tile sequences {tiles}, positions differing {differ}, most words {} at {}",
        most.0, most.1
    );
}
