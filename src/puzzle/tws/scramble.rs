//! twsearch's scramble files (`.scr`): positions given by `ScrambleAlg`
//! blocks of moves or by `Scramble` blocks of pieces and orientations, read
//! as a batch against a puzzle.

use super::*;

/// One position of a twsearch scramble file (`.scr`): its name, and the
/// position as twsearch gives it.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Scramble {
    /// The name after `ScrambleAlg` or `Scramble`.
    pub name: String,
    /// The moves (`ScrambleAlg`), or the pattern (`Scramble`).
    pub position: ScramblePosition,
}

/// How a scramble gives its position.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum ScramblePosition {
    /// The moves that make it from the goal, as written.
    Alg(String),
    /// The pieces (numbered from 1) and orientations of the orbits it
    /// names; the orbits it leaves out are as in the goal.
    Pattern(crate::puzzle::Pattern),
}

/// The scrambles of a twsearch scramble file for `puzzle`: `ScrambleAlg
/// NAME`, the moves on the lines up to `End`; `Scramble NAME`, orbit
/// blocks up to `End` as in a `.tws` file's `Solved` block (pieces
/// numbered from 1, then their orientations).
///
/// ```
/// use schofield::puzzle::library;
/// use schofield::puzzle::tws::{ScramblePosition, read_scrambles};
/// let cube = library::get("2x2x2").unwrap();
/// let text = "ScrambleAlg sexy\n R U R' U'\nEnd\n\nScramble twisted\nCORNERS\n1 2 3 4 5 6 7 8\n1 2 0 0 0 0 0 0\nEnd\n";
/// let s = read_scrambles(text, &cube).unwrap();
/// assert_eq!(s[0].position, ScramblePosition::Alg("R U R' U'".into()));
/// let ScramblePosition::Pattern(p) = &s[1].position else { panic!() };
/// assert_eq!(p.orbits()[0].orientation[..3], [1, 2, 0]);
/// assert!(read_scrambles("Scramble x\nEDGES\n1 2\nEnd\n", &cube).is_err());
/// ```
pub fn read_scrambles(
    text: &str,
    puzzle: &crate::puzzle::Puzzle,
) -> Result<Vec<Scramble>, TwsError> {
    let ls = lines(text);
    let def = Definition {
        orbits: puzzle
            .orbits()
            .iter()
            .map(|o| OrbitDef {
                name: o.name.clone(),
                pieces: o.pieces,
                orientations: usize::from(o.orientations),
            })
            .collect(),
        ..Definition::default()
    };
    let mut out = Vec::new();
    let mut i = 0;
    while i < ls.len() {
        let (line, words) = (ls[i].0, ls[i].1.clone());
        i += 1;
        let keyword = words[0].to_ascii_lowercase();
        if keyword != "scramblealg" && keyword != "scramble" {
            return Err(bad(
                line,
                format!(
                    "{} is not a keyword of a scramble file; expected ScrambleAlg or Scramble",
                    quoted(words[0])
                ),
            ));
        }
        let name = words[1..].join(" ");
        if keyword == "scramblealg" {
            let alg = scramble_alg(&ls, &mut i, line)?;
            out.push(Scramble {
                name,
                position: ScramblePosition::Alg(alg),
            });
            continue;
        }
        let mut orbits = puzzle.goal().orbits().to_vec();
        for (orbit, (pieces, ori)) in block(&ls, &mut i, &def, line, "Scramble")? {
            let k = def
                .orbits
                .iter()
                .position(|o| o.name == orbit)
                .expect("found by block");
            let (pieces, orientation) =
                scramble_orbit(&def.orbits[k], &pieces, &ori).map_err(|p| {
                    bad(
                        line,
                        format!("scramble {}, orbit {}: {p}", quoted(&name), quoted(&orbit)),
                    )
                })?;
            orbits[k].pieces = pieces;
            orbits[k].orientation = orientation;
        }
        out.push(Scramble {
            name,
            position: ScramblePosition::Pattern(crate::puzzle::Pattern::new(orbits)),
        });
    }
    Ok(out)
}

/// The moves of a `ScrambleAlg` block, from line `i` to its `End`
/// (the block began on line `line`).
fn scramble_alg(ls: &[(usize, Vec<&str>)], i: &mut usize, line: usize) -> Result<String, TwsError> {
    let mut alg = Vec::new();
    loop {
        let Some((_, words)) = ls.get(*i) else {
            return Err(bad(line, "the ScrambleAlg block has no End".into()));
        };
        *i += 1;
        if words[0].eq_ignore_ascii_case("end") {
            return Ok(alg.join(" "));
        }
        alg.extend(words.iter().map(|w| w.to_string()));
    }
}

/// One orbit of a `Scramble` block: its pieces (numbered from 1) and
/// orientations, checked against the orbit, as the pattern's pieces
/// (from 0) and orientations; the problem otherwise.
fn scramble_orbit(
    orbit: &OrbitDef,
    pieces: &[usize],
    ori: &[usize],
) -> Result<(Vec<u8>, Vec<u8>), String> {
    let (n, m) = (orbit.pieces, orbit.orientations);
    if pieces.len() != n || (!ori.is_empty() && ori.len() != n) {
        return Err(format!("expected {n} pieces and as many orientations"));
    }
    if let Some(&p) = pieces.iter().find(|&&p| p == 0 || p == ANY || p > n) {
        let p = if p == ANY {
            "?".to_string()
        } else {
            p.to_string()
        };
        return Err(format!("piece {p} is not one of 1 to {n}"));
    }
    if let Some(&f) = ori.iter().find(|&&f| f == ANY || f >= m) {
        let f = if f == ANY {
            "?".to_string()
        } else {
            f.to_string()
        };
        return Err(format!("orientation {f} is not one of 0 to {}", m - 1));
    }
    let orientation = if ori.is_empty() {
        vec![0; n]
    } else {
        ori.iter().map(|&f| f as u8).collect()
    };
    Ok((pieces.iter().map(|&p| (p - 1) as u8).collect(), orientation))
}
