//! Do minimal paths from the target pass through positions by routes that
//! are not minimal for them? (docs/graphs.md)
use schofield::twist::Path;
use schofield::twist::dictionary::Analysis;
use schofield::twist::position::Position;
use schofield::twist::puzzle::EIGHT;

fn main() {
    let a = Analysis::new(&EIGHT);
    let (mut paths, mut with_detour, mut example) = (0u64, 0u64, None);
    for x in Position::<8>::all() {
        // The same letters that solve x⁻¹ lead the target to x.
        for w in a.minimal_paths(&x.inverse()) {
            paths += 1;
            let t = w.twists();
            let detour = (1..t.len()).find(|&i| {
                let prefix = Path::new(t[..i].to_vec());
                let y = Position::<8>::target().apply_path(&prefix);
                prefix.moves() > usize::from(a.moves(&y))
            });
            if let Some(i) = detour {
                with_detour += 1;
                example.get_or_insert((x.code(), w.to_string(), i));
            }
        }
    }
    println!(
        "minimal paths from the target: {paths}; passing a position non-minimally: {with_detour}; example {example:?}"
    );
}
