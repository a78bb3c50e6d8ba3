use schofield::dictionary::Analysis;
use schofield::puzzle::{EIGHT, FIVE};
fn main() {
    let t = std::time::Instant::now();
    let a = Analysis::new(&EIGHT);
    eprintln!("{:?}", t.elapsed());
    for r in a.move_counts() {
        println!("{:?}", r);
    }
    let p = EIGHT.parse_position("102536").unwrap();
    println!(
        "{} {} {:?}",
        a.moves(&p),
        a.starting_twists(&p).letters(),
        a.minimal_paths(&p)
    );
    let f = Analysis::new(&FIVE);
    for r in f.move_counts() {
        println!("{:?}", r);
    }
    let l = EIGHT.parse_position("(123)").unwrap();
    println!("{} {:?}", a.moves(&l), a.minimal_paths(&l));
}
