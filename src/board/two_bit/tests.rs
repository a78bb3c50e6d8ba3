//! The two-bit search against a plain breadth-first search.

use super::*;

#[test]
fn a_group_is_first_reached_once_whatever_its_size() {
    for group in [1usize, 2, 4, 8, 16, 32] {
        let len = 100;
        let table = TwoBit::try_grouped(len, group).unwrap();
        // Every state reached from 0 in one layer, in a scrambled order.
        let layers = table.search(
            &[0],
            |i, next| {
                if i == 0 {
                    for j in (1..len).rev() {
                        next.claim_group((j * 37) % len);
                    }
                }
            },
            |_, _, _| {},
        );
        assert_eq!(layers.counts, vec![1, 99], "group {group}");
        assert_eq!(
            layers.groups.iter().sum::<u64>(),
            len.div_ceil(group) as u64,
            "group {group}"
        );
        assert_eq!(table.unreached_groups().count(), 0, "group {group}");
    }
    // Groups none of whose states are reached are listed.
    let table = TwoBit::try_grouped(40, 8).unwrap();
    table.search(&[9], |_, _| {}, |_, _, _| {});
    assert_eq!(
        table.unreached_groups().collect::<Vec<_>>(),
        vec![0, 2, 3, 4]
    );
}

/// Distances by a plain breadth-first search, for comparison.
fn plain(len: usize, start: usize, neighbours: impl Fn(usize) -> Vec<usize>) -> Vec<u32> {
    let mut dist = vec![u32::MAX; len];
    dist[start] = 0;
    let mut frontier = vec![start];
    let mut d = 0;
    while !frontier.is_empty() {
        d += 1;
        let mut next = Vec::new();
        for i in frontier {
            for j in neighbours(i) {
                if dist[j] == u32::MAX {
                    dist[j] = d;
                    next.push(j);
                }
            }
        }
        frontier = next;
    }
    dist
}

/// The counts and the last layer of the two-bit search, and of the
/// plain one.
fn both(len: usize, neighbours: impl Fn(usize) -> Vec<usize> + Sync) {
    let table = TwoBit::try_new(len).unwrap();
    let layers = table.search(
        &[0],
        |i, next| {
            for j in neighbours(i) {
                next.claim(j);
            }
        },
        |_, _, _| {},
    );
    let dist = plain(len, 0, &neighbours);
    let max = dist
        .iter()
        .filter(|&&d| d != u32::MAX)
        .max()
        .copied()
        .unwrap();
    let mut counts = vec![0u64; max as usize + 1];
    for &d in dist.iter().filter(|&&d| d != u32::MAX) {
        counts[d as usize] += 1;
    }
    assert_eq!(layers.counts, counts);
    let last: Vec<usize> = (0..len).filter(|&i| dist[i] == max).collect();
    assert_eq!(table.last_layer(&layers).collect::<Vec<_>>(), last);
    // The states never reached are exactly those left unmarked.
    let unreached: Vec<usize> = (0..len).filter(|&i| dist[i] == u32::MAX).collect();
    assert_eq!(table.unreached_groups().collect::<Vec<_>>(), unreached);
}

/// Moves of one kind by whole words (to the same places of the next
/// block of 64 words), the rest state by state.
struct ByWords<'a> {
    edges: &'a [usize],
    words: usize,
}

impl Expand for ByWords<'_> {
    fn word(&self, w: usize, hits: u64, next: &mut Next) {
        next.claim_word((w + 64) % self.words, hits);
    }

    fn state(&self, i: usize, next: &mut Next) {
        next.claim(self.edges[i]);
    }
}

#[test]
fn claims_a_word_at_a_time_equal_claims_one_by_one() {
    let words = 64 * 200;
    let len = 32 * words;
    let mut rng = fastrand::Rng::with_seed(11);
    let edges: Vec<usize> = (0..len).map(|_| rng.usize(0..len)).collect();
    for group in [1, 2] {
        let one_by_one = TwoBit::try_grouped(len, group).unwrap();
        let a = one_by_one.search(
            &[5],
            |i, next| {
                next.claim((i + 64 * 32) % len);
                next.claim(edges[i]);
            },
            |_, _, _| {},
        );
        let by_words = TwoBit::try_grouped(len, group).unwrap();
        let b = by_words.search_with(
            &[5],
            ByWords {
                edges: &edges,
                words,
            },
            |_, _, _| {},
        );
        assert_eq!(a, b, "group {group}");
        assert!(a.counts.len() > 5 && a.counts.iter().any(|&c| c > LISTED));
        assert_eq!(
            one_by_one.last_layer(&a).collect::<Vec<_>>(),
            by_words.last_layer(&b).collect::<Vec<_>>()
        );
    }
}

#[test]
fn a_large_last_layer_is_found_again() {
    // One state whose neighbours are all the others: a last layer far
    // larger than LISTED, turned old as it is expanded, then found by
    // searching again.
    let len = 3 * LISTED as usize;
    both(len, |i| if i == 0 { (1..len).collect() } else { vec![0] });
}

#[test]
fn layers_large_and_small_agree_with_a_plain_search() {
    // A random sparse graph with layers on both sides of LISTED, and
    // a long thin tail.
    let len = 600_000;
    let mut rng = fastrand::Rng::with_seed(7);
    let edges: Vec<[usize; 3]> = (0..len)
        .map(|i| {
            let far = if i < len - 1000 {
                rng.usize(0..len - 1000)
            } else {
                i - 1
            };
            [far, rng.usize(0..len - 1000), (i + 1).min(len - 1)]
        })
        .collect();
    both(len, |i| edges[i].to_vec());
    // A path: every layer small.
    both(1000, |i| [i.saturating_sub(1), (i + 1).min(999)].to_vec());
}
