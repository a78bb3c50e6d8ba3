use schofield::boards::{Case, analyse, cases};
fn main() {
    for c in cases(10) {
        let t = std::time::Instant::now();
        let r = analyse(&c, &|_| {});
        println!(
            "{} home {} states {} max {} mean {} std max {} classes {:?} ext {:?} sym {} {:?}",
            r.board,
            r.home,
            r.states,
            r.max,
            r.mean,
            r.standard.max,
            r.standard.classes,
            r.standard.extended_classes,
            r.standard.symmetries,
            t.elapsed()
        );
    }
    let c = Case::new("3x3".parse().unwrap(), 4).unwrap();
    let r = analyse(&c, &|_| {});
    for row in &r.standard.rows {
        print!(
            "{}:{}/{}/{} ",
            row.moves, row.positions, row.classes, row.extended_classes
        );
    }
    println!();
}
