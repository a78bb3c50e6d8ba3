//! A puzzle written for GAP: its moves as permutations of points, a script
//! that defines the group they generate, so that a GAP user can check any
//! figure of ours (`Size`, `Centralizer`, orbits) with GAP's own code.
//!
//! Each orbit of `n` slots and `m` orientations is `n · m` points, one for
//! each slot and orientation, numbered orbit after orbit from 1: slot `s`
//! (from 0) in orientation `f` of an orbit that starts at point `b` is
//! point `b + s · m + f` ([`super::transformation::as_points`], the
//! numbering that `group` computes with). A move sends the point of the
//! piece it takes from slot `j` in orientation `f` to the slot the piece
//! goes to, in its new orientation. The script binds:
//!
//! - `names`: the moves' names, as strings (they need not be GAP names);
//! - `gens`: their permutations, in the same order;
//! - `G`: the group they generate;
//! - `symmetries`: the puzzle's symmetries on the same points, when it
//!   declares any (for classes by conjugation: Burnside's lemma over them
//!   counts the classes `classes` prints).
//!
//! ```
//! let cube = schofield::puzzle::library::get("2x2x2").unwrap();
//! let script = schofield::puzzle::gap::write(&cube).unwrap();
//! assert!(script.contains("G := Group(gens);"));
//! // U turns four corners, three points each: three 4-cycles.
//! assert!(script.contains("(1,10,7,4)(2,11,8,5)(3,12,9,6)") || script.contains("(1,4,7,10)(2,5,8,11)(3,6,9,12)"));
//! ```

use super::transformation::{Transformation, as_points, points};
use std::fmt::Write as _;

/// The GAP script of puzzle `p` (see the module's text); `None` for a
/// tray moved by tile moves, whose moves are no group's generators.
pub fn write(p: &super::Puzzle) -> Option<String> {
    p.tile_tray().is_none().then_some(())?;
    let moves = p.generators(None).ok()?;
    let mut out = String::new();
    let _ = writeln!(
        out,
        "# {} as schofield writes it for GAP (docs/formats.md): its moves as permutations of points.",
        p.name()
    );
    if let Some(first) = moves.first() {
        let (offsets, n) = points(first.transformation());
        let _ = writeln!(out, "# {n} points:");
        for (o, b) in p.orbits().iter().zip(offsets) {
            let m = usize::from(o.orientations.max(1));
            let _ = writeln!(
                out,
                "#   {}: points {} to {}, slot s (from 0) in orientation f is point {} + s*{m} + f",
                o.name,
                b + 1,
                b + o.pieces * m,
                b + 1
            );
        }
    }
    let _ = writeln!(
        out,
        "# Read(\"FILE\"); then Size(G) is the order `schofield group` prints."
    );
    let names: Vec<String> = moves
        .iter()
        .map(|m| {
            format!(
                "\"{}\"",
                m.name().replace('\\', "\\\\").replace('"', "\\\"")
            )
        })
        .collect();
    let _ = writeln!(out, "names := [ {} ];", names.join(", "));
    let perms: Vec<String> = moves.iter().map(|m| cycles(m.transformation())).collect();
    let _ = writeln!(out, "gens := [\n  {}\n];", perms.join(",\n  "));
    let _ = writeln!(out, "G := Group(gens);");
    let symmetries = p.symmetry_transformations();
    if symmetries.len() > 1 {
        let listed: Vec<String> = symmetries.iter().map(cycles).collect();
        let _ = writeln!(
            out,
            "# The {} symmetries the puzzle declares, on the same points.",
            symmetries.len()
        );
        let _ = writeln!(out, "symmetries := [\n  {}\n];", listed.join(",\n  "));
    }
    Some(out)
}

/// One orbit's part of a position in GAP's cycle notation, on the points
/// [`write()`] numbers: pasted together, the orbits' parts are the position
/// as an element of the script's `G`.
#[derive(Debug, Clone, PartialEq, Eq, serde::Serialize)]
pub struct OrbitCycles {
    /// The orbit's name.
    pub orbit: String,
    /// Its cycles, points from 1.
    pub cycles: String,
}

/// The orbit's name, then its cycles: `CORNERS (1,15,2,13,3,14)`.
impl std::fmt::Display for OrbitCycles {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        write!(f, "{} {}", self.orbit, self.cycles)
    }
}

/// The cycles of transformation `t` of puzzle `p`, orbit by orbit, on the
/// points [`write()`] numbers; orbits it leaves alone are left out.
///
/// ```
/// use schofield::puzzle::{gap, library};
/// let cube = library::get("3x3x3").unwrap();
/// let u = cube.declared_moves()[0].transformation();
/// let orbits = gap::orbit_cycles(&cube, u);
/// // U moves four edges (two points each) and four corners (three each).
/// assert_eq!(orbits.len(), 2);
/// assert_eq!(orbits.iter().map(|o| o.cycles.matches('(').count()).sum::<usize>(), 2 + 3);
/// ```
pub fn orbit_cycles(p: &super::Puzzle, t: &Transformation) -> Vec<OrbitCycles> {
    let (offsets, n) = points(t);
    let image = as_points(t);
    let ends = offsets.iter().skip(1).copied().chain(std::iter::once(n));
    p.orbits()
        .iter()
        .zip(offsets.iter().copied().zip(ends))
        .filter_map(|(o, (from, to))| {
            let cycles = cycles_within(&image, from..to);
            (!cycles.is_empty()).then(|| OrbitCycles {
                orbit: o.name.clone(),
                cycles,
            })
        })
        .collect()
}

/// A transformation's permutation of points in GAP's cycle notation,
/// points from 1 (`()` for the identity).
pub fn cycles(t: &Transformation) -> String {
    let p = as_points(t);
    let out = cycles_within(&p, 0..p.len());
    if out.is_empty() {
        "()".to_string()
    } else {
        out
    }
}

/// The cycles of `p` that start among `points` (empty when none moves),
/// each from its least point, points from 1.
fn cycles_within(p: &[u32], points: std::ops::Range<usize>) -> String {
    let mut done = vec![false; p.len()];
    let mut out = String::new();
    for start in points {
        if done[start] || p[start] as usize == start {
            continue;
        }
        let mut cycle = Vec::new();
        let mut i = start;
        while !done[i] {
            done[i] = true;
            cycle.push((i + 1).to_string());
            i = p[i] as usize;
        }
        let _ = write!(out, "({})", cycle.join(","));
    }
    out
}
