use schofield::fifteen::solve;
fn main() {
    let mut total = 0;
    let mut raw = 0;
    let mut n = 0;
    let t0 = std::time::Instant::now();
    for seed in 0..1000u64 {
        // random permutation by Fisher-Yates with a simple LCG
        let mut x = seed
            .wrapping_mul(6364136223846793005)
            .wrapping_add(1442695040888963407);
        let mut v: Vec<u8> = (0..16).collect();
        for i in (1..16).rev() {
            x = x
                .wrapping_mul(6364136223846793005)
                .wrapping_add(1442695040888963407);
            let j = (x >> 33) as usize % (i + 1);
            v.swap(i, j);
        }
        match solve(&v) {
            Ok(s) => {
                assert!(s.replays_to_goal(), "{v:?}");
                total += s.moves;
                raw += s.moves_before_cancelling;
                n += 1;
            }
            Err(_) => {}
        }
    }
    println!(
        "{n} solved, mean moves {} (raw {}), {:?} per position",
        total / n,
        raw / n,
        t0.elapsed() / 1000
    );
}
