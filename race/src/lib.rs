//! What the races share: their flags, medians and twsearch's output.

/// The value following the flag `name` on the command line, if given.
pub fn flag(name: &str) -> Option<String> {
    std::env::args().skip_while(|a| a != name).nth(1)
}

/// The median of `v` (the upper one of an even count).
pub fn median(mut v: Vec<f64>) -> f64 {
    v.sort_by(f64::total_cmp);
    v[v.len() / 2]
}

/// twsearch's `-g` lines `Dist D cnt N …`: the positions it counted at
/// each distance, in order.
pub fn twsearch_counts(out: &str) -> Vec<u64> {
    out.lines()
        .filter_map(|l| {
            let w: Vec<&str> = l.split_whitespace().collect();
            match w.as_slice() {
                ["Dist", _, "cnt", n, ..] => n.parse().ok(),
                _ => None,
            }
        })
        .filter(|&n| n > 0)
        .collect()
}
