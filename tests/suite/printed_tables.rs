//! Schofield's printed tables: the text is parsed back and checked entry by
//! entry, and the starting-twist fields are confirmed by an independent
//! computation.

use super::common;
use super::common::{fails, schofield, spec};
use schofield::method::MoveBits;
use schofield::method::analysis::Analysis;
use schofield::method::table::{self, Tabulation};
use std::collections::{BTreeMap, BTreeSet, BinaryHeap};
use std::sync::OnceLock;

fn analysis() -> &'static Analysis {
    common::eight()
}

fn pages() -> &'static str {
    static P: OnceLock<String> = OnceLock::new();
    P.get_or_init(|| schofield::render::render_pages(&Tabulation::new(analysis(), false).unwrap()))
}

/// One entry read back from the printed text.
struct Printed {
    code: String,
    field: String,
    moves: usize,
    /// The specimen's letters, struck-through marks removed.
    path: String,
}

/// Reads the printed tabulation back: pages split at form feeds, half-pages
/// at their heads, entries at ` ) `.
fn parse(text: &str) -> (usize, Vec<(String, Vec<Printed>)>) {
    let pages: Vec<&str> = text.split('\u{c}').collect();
    let mut halves = Vec::new();
    for page in &pages {
        let mut lines = page.lines().peekable();
        assert!(lines.next().unwrap().contains("page"));
        let mut current: Option<(String, Vec<Printed>)> = None;
        for line in lines {
            let t = line.trim();
            if t.len() == 3 && t.chars().all(|c| c.is_ascii_digit()) {
                if let Some(h) = current.take() {
                    halves.push(h);
                }
                current = Some((t.to_string(), Vec::new()));
            } else if !t.is_empty() {
                let (head, entries) = current.as_mut().expect("entries follow a head");
                // Entries are separated by runs of spaces; each is
                // `DEF ) field length path`.
                let words: Vec<&str> = t.split_whitespace().collect();
                for e in words.chunks(5) {
                    assert_eq!(e[1], ")");
                    entries.push(Printed {
                        code: format!("{head}{}", e[0]),
                        field: e[2].to_string(),
                        moves: e[3].parse().unwrap(),
                        path: if e[4] == "-" {
                            String::new()
                        } else {
                            e[4].replace('\u{338}', "")
                        },
                    });
                }
            }
        }
        halves.extend(current);
    }
    (pages.len(), halves)
}

#[test]
fn layout_168_pages_336_half_pages_20160_entries() {
    let (page_count, halves) = parse(pages());
    assert_eq!(page_count, 168);
    assert_eq!(halves.len(), 336);
    assert!(halves.iter().all(|(_, e)| e.len() == 60));
    let codes: BTreeSet<&str> = halves
        .iter()
        .flat_map(|(_, e)| e.iter().map(|p| p.code.as_str()))
        .collect();
    assert_eq!(codes.len(), 20_160, "each code exactly once");
    // Every half-page's entries share its head, and lines hold 3 entries.
    for (head, entries) in &halves {
        assert!(entries.iter().all(|e| e.code.starts_with(head.as_str())));
    }
    let entry_lines = pages()
        .lines()
        .filter(|l| l.contains(" ) "))
        .map(|l| l.matches(" ) ").count())
        .collect::<Vec<_>>();
    assert_eq!(entry_lines.len(), 336 * 20);
    assert!(entry_lines.iter().all(|&n| n == 3));
}

#[test]
fn every_printed_entry_is_right() {
    let a = analysis();
    let (_, halves) = parse(pages());
    let target: Vec<u8> = (0..8).collect();
    for (_, entries) in &halves {
        for e in entries {
            let x = a.parse_position(&e.code).unwrap();
            assert_eq!(e.moves, usize::from(a.moves_at(x).unwrap()), "{}", e.code);
            assert_eq!(e.field, a.starting_moves(x).field(a.moves()), "{}", e.code);
            let pieces = a.position(x).orbits()[0].pieces.clone();
            if pieces == target {
                continue;
            }
            // The specimen replays to the target (as SPEC.md's twists
            // move the squares) in the printed number of moves, and starts
            // with a twist of its field.
            assert_eq!(spec::follow(&pieces, &e.path), target, "{}", e.code);
            assert_eq!(spec::cost(&e.path), e.moves, "{}", e.code);
            let first = e.path.chars().next().unwrap();
            let slot = spec::TWISTS.iter().position(|&(l, _)| l == first).unwrap();
            assert_eq!(e.field.chars().nth(slot), Some(first));
        }
    }
}

#[test]
fn half_page_102_holds_the_worked_example() {
    let t = Tabulation::new(analysis(), false).unwrap();
    let h = t.half_page("102").unwrap();
    let text = schofield::render::render_half_page(&h);
    assert!(text.starts_with("102\n"));
    assert!(text.contains("536 ) ....W..Z 20 WX̸Y̸Z̸AD̸Y"), "{text}");
    let e = t.entry("102536").unwrap();
    assert_eq!(e.specimen.to_string(), "WXYZADY");
    assert_eq!(e.starting_twists.letters, "WZ");
}

/// Dijkstra over (position, last twist) from the target, using only
/// SPEC.md's twists and elision rule (the `spec` model of the tests):
/// the least cost of reaching each position with each last twist. Shares
/// nothing with the layered search or the puzzle's data file.
fn independent_costs() -> BTreeMap<(Vec<u8>, Option<usize>), usize> {
    let mut best: BTreeMap<(Vec<u8>, Option<usize>), usize> = BTreeMap::new();
    let mut heap = BinaryHeap::new();
    let start: (Vec<u8>, Option<usize>) = ((0..8).collect(), None);
    best.insert(start.clone(), 0);
    heap.push(std::cmp::Reverse((0usize, start)));
    while let Some(std::cmp::Reverse((c, (p, last)))) = heap.pop() {
        if best.get(&(p.clone(), last)) != Some(&c) {
            continue;
        }
        for t in 0..8 {
            let step = match last {
                Some(l) if t == l || t == spec::inverse(l) => continue,
                Some(l) if spec::elides(l, t) => 2,
                _ => 4,
            };
            let key = (spec::apply(&p, t), Some(t));
            if best.get(&key).is_none_or(|&b| c + step < b) {
                best.insert(key.clone(), c + step);
                heap.push(std::cmp::Reverse((c + step, key)));
            }
        }
    }
    best
}

#[test]
fn fields_agree_with_an_independent_search_for_every_puzzle() {
    // A minimal solution of P starting with σ is, reversed and inverted, a
    // minimal path from the target to P ending with σ⁻¹.
    let costs = independent_costs();
    let a = analysis();
    let mut by_length: BTreeMap<usize, usize> = BTreeMap::new();
    let mut seen = 0;
    for x in 0..a.space().len() {
        let p = a.position(x).orbits()[0].pieces.clone();
        if x == a.goal() {
            continue;
        }
        seen += 1;
        let g = |t: usize| {
            costs
                .get(&(p.clone(), Some(t)))
                .copied()
                .unwrap_or(usize::MAX)
        };
        let d = (0..8).map(g).min().unwrap();
        assert_eq!(d, usize::from(a.moves_at(x).unwrap()), "{}", a.name_of(x));
        let starting: MoveBits = (0..8).filter(|&s| g(spec::inverse(s)) == d).collect();
        assert_eq!(starting, a.starting_moves(x), "{}", a.name_of(x));
        *by_length.entry(d).or_default() += 1;
    }
    assert_eq!(seen, 20_159);
    // Every length from 4 to 30 was covered.
    assert_eq!(by_length.len(), 14);
}

#[test]
fn class_dictionaries() {
    let a = analysis();
    for (with_inverses, n) in [(false, 2572), (true, 1439)] {
        let records = table::class_dictionary(
            a,
            table::Dictionary {
                extended: with_inverses,
                members: true,
                specimens: false,
            },
        )
        .unwrap();
        assert_eq!(records.len(), n);
        let total: u64 = records.iter().map(|r| r.size).sum();
        assert_eq!(total, 20_160);
        for r in &records {
            let members = r.members.as_ref().unwrap();
            assert_eq!(members.len() as u64, r.size);
            assert_eq!(members[0], r.representative);
            for m in members {
                assert_eq!(a.moves_at(a.parse_position(m).unwrap()), Some(r.moves));
            }
        }
    }
}

#[test]
fn machine_readable_records() {
    let out = schofield(&["table", "--code", "102536", "--format", "json"]);
    let v: serde_json::Value = serde_json::from_slice(&out.stdout).unwrap();
    let r = &v[0];
    for key in [
        "code",
        "grid",
        "sequence_number",
        "moves",
        "starting_twists",
        "ending_twists",
        "specimen",
        "minimal_path_count",
        "class_id",
    ] {
        assert!(r.get(key).is_some(), "missing {key}");
    }
    assert_eq!(r["minimal_path_count"], 2);
    assert_eq!(r["specimen"], "WXYZADY");
    let csv = String::from_utf8(schofield(&["table", "--head", "102", "--format", "csv"]).stdout)
        .unwrap();
    assert_eq!(csv.lines().count(), 61);
    assert!(
        csv.lines()
            .any(|l| l.starts_with("102536,025/1_3/746,") && l.contains(",WZ,AY,WXYZADY,2,"))
    );
}

#[test]
fn bad_heads_and_codes() {
    for (args, needle) in [
        (vec!["table", "--head", "10"], "got 2 characters"),
        (vec!["table", "--head", "1022"], "got 4 characters"),
        (vec!["table", "--head", "112"], "1 appears twice"),
        (vec!["table", "--head", "108"], "'8' is not one of them"),
        (
            vec!["table", "--code", "1025"],
            "a code number has 6 digits",
        ),
        (vec!["table", "--code", "102533"], "piece 3 appears twice"),
        (vec!["table", "--code", "025/1_3/764"], "odd permutation"),
    ] {
        fails(&args, needle);
    }
}

#[test]
fn a_reader_that_stops_early_is_not_an_error() {
    use std::io::Read;
    use std::process::{Command as Std, Stdio};
    let mut child = Std::new(assert_cmd::cargo::cargo_bin("schofield"))
        .arg("table")
        .stdout(Stdio::piped())
        .stderr(Stdio::piped())
        .spawn()
        .unwrap();
    let mut first = [0u8; 64];
    child.stdout.take().unwrap().read_exact(&mut first).unwrap();
    // stdout is now closed: the rest of the write meets a broken pipe.
    let out = child.wait_with_output().unwrap();
    assert!(
        out.status.success(),
        "{}",
        String::from_utf8_lossy(&out.stderr)
    );
    assert!(out.stderr.is_empty());
}
