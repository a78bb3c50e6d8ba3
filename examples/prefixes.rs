//! Do minimal paths from the target pass through positions by routes that
//! are not minimal for them? (docs/graphs.md)
use schofield::method::Path;
use schofield::method::analysis::{Analysis, Options};
use schofield::puzzle::library;

fn main() {
    let eight = library::get("eight").expect("the library has the eight-puzzle");
    let a = Analysis::new(eight, &Options::default(), &|_| {}).expect("the eight-puzzle analyses");
    let moves = a.moves();
    let (mut paths, mut with_detour, mut example) = (0u64, 0u64, None);
    for x in 0..a.space().len() {
        // The same letters that solve x⁻¹ lead the target to x.
        let inv = a.inverse(x).expect("positions have inverses");
        for w in a.minimal_paths(inv) {
            paths += 1;
            let detour = (1..w.len()).find(|&i| {
                let prefix = Path::new(w[..i].to_vec());
                let y = prefix.moves().iter().fold(a.goal(), |y, &m| a.next(y, m));
                prefix.cost(moves) > usize::from(a.moves_at(y).unwrap_or(0))
            });
            if let Some(i) = detour {
                with_detour += 1;
                example.get_or_insert((a.name_of(x), Path::new(w.clone()).write(moves), i));
            }
        }
    }
    println!(
        "minimal paths from the target: {paths}; passing a position non-minimally: {with_detour}; example {example:?}"
    );
}
