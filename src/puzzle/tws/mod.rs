//! twsearch's (and ksolve's) `.tws` files:
//!
//! ```text
//! Name 2x2x2
//! Set CORNERS 8 3
//! Solved
//! CORNERS
//! 1 2 3 4 5 6 7 8
//! 0 0 0 0 0 0 0 0
//! End
//! Move U
//! CORNERS
//! 4 1 2 3 5 6 7 8
//! 0 0 0 0 0 0 0 0
//! End
//! ```
//!
//! As twsearch reads them (its `readksolve`): `Set NAME PIECES
//! ORIENTATIONS` declares an orbit. The `Solved` block gives each orbit's
//! pieces, numbered from 1 (equal numbers are identical pieces, `?` one
//! more kind of identical piece), and optionally their orientations
//! (`StartState` the same, numbered from 0). A `Move NAME` block gives
//! each orbit's permutation as sources numbered from 1 (slot `i` receives
//! the piece of slot `perm[i]`, KPuzzle's convention) and optionally the
//! orientation each piece gains, listed by the slot it comes *from*, as
//! ksolve lists it; `MoveTransformation` numbers from 0 and lists gains by
//! the slot a piece goes *to*. `MoveSequence NAME M1 M2 …` defines a move
//! as a sequence of earlier ones; `MoveAlias` is read and left aside, as
//! twsearch leaves it. An orbit a block leaves out is left alone; `#`
//! starts a comment. Moves named as twsearch names rotations (`x`, `y`,
//! `z` with an optional `2` or `'`, or capitals ending in `v`) are
//! rotations of the whole puzzle, not moves. An orientation `?` in the
//! `Solved` block is one that does not matter, and `Illegal ORBIT SLOT
//! PIECE…` forbids pieces from a slot; a puzzle with either is read (its
//! group can be studied) but not searched yet.
//!
//! ```
//! use schofield::puzzle::{tws, Puzzle};
//! let text = "Name t\nSet P 3 1\nSolved\nP\n1 2 3\nEnd\nMove T\nP\n3 1 2\nEnd\n";
//! let p = Puzzle::new(tws::read(text).unwrap()).unwrap();
//! assert_eq!(p.declared_moves()[0].transformation().orbits()[0].permutation(), &[2, 0, 1]);
//! ```

use super::{Definition, ForbiddenDef, MoveDef, OrbitDef, OrbitMapDef};
use crate::text::quoted;

mod scramble;

pub use scramble::{Scramble, ScramblePosition, read_scrambles};

/// Why a `.tws` file could not be read: its line and what is wrong.
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
#[error("line {line}: {problem}")]
pub struct TwsError {
    /// The line, from 1.
    pub line: usize,
    /// What is wrong.
    pub problem: String,
}

/// The lines with words, each with its number, comments removed.
fn lines(text: &str) -> Vec<(usize, Vec<&str>)> {
    text.lines()
        .enumerate()
        .map(|(i, l)| {
            (
                i + 1,
                l.split('#')
                    .next()
                    .unwrap_or("")
                    .split_whitespace()
                    .collect::<Vec<_>>(),
            )
        })
        .filter(|(_, w)| !w.is_empty())
        .collect()
}

/// Marks `?` in a line of pieces.
const ANY: usize = usize::MAX;

fn numbers(words: &[&str], line: usize, what: &str) -> Result<Vec<usize>, TwsError> {
    words
        .iter()
        .map(|w| {
            if *w == "?" {
                return Ok(ANY);
            }
            match w.parse::<usize>() {
                Ok(n) if n <= 255 => Ok(n),
                _ => Err(TwsError {
                    line,
                    problem: format!("{what}: {} is not a whole number from 0 to 255", quoted(w)),
                }),
            }
        })
        .collect()
}

/// True for a name twsearch takes as a whole-puzzle rotation: `x`, `y` or
/// `z`, alone or with one `2` or `'`; or capitals and `_` ending in one
/// lower-case `v` (`Fv`, `DFRv`).
pub fn is_rotation_name(name: &str) -> bool {
    let axis = name.strip_prefix(['x', 'y', 'z']);
    if let Some(rest) = axis {
        return matches!(rest, "" | "2" | "'");
    }
    match name.strip_suffix('v') {
        Some(stem) => !stem.is_empty() && stem.chars().all(|c| c.is_ascii_uppercase() || c == '_'),
        None => false,
    }
}

/// Reads a `.tws` file into a definition (checked by
/// [`super::Puzzle::new`]).
pub fn read(text: &str) -> Result<Definition, TwsError> {
    let ls = lines(text);
    let mut def = Definition::default();
    let mut i = 0;
    while i < ls.len() {
        let (line, words) = &ls[i];
        let (line, words) = (*line, words.clone());
        i += 1;
        match words[0].to_ascii_lowercase().as_str() {
            "name" => def.name = words[1..].join(" "),
            "set" => read_set(&mut def, line, &words)?,
            "solved" | "startstate" => {
                let block = block(&ls, &mut i, &def, line, words[0])?;
                read_goal(&mut def, line, &words, block)?;
            }
            "move" | "movetransformation" => {
                if words.len() != 2 {
                    return Err(bad(line, format!("{} takes one name", words[0])));
                }
                let block = block(&ls, &mut i, &def, line, words[0])?;
                read_move(&mut def, line, &words, block)?;
            }
            "movesequence" => {
                if words.len() < 3 {
                    return Err(bad(
                        line,
                        "MoveSequence takes a name and the moves it is made of".into(),
                    ));
                }
                let m = MoveDef {
                    name: words[1].to_string(),
                    alg: Some(words[2..].join(" ")),
                    ..MoveDef::default()
                };
                push_move(&mut def, m);
            }
            // An alias is never searched (nor is it here).
            "movealias" => {}
            "illegal" => read_illegal(&mut def, line, &words)?,
            other => {
                return Err(bad(
                    line,
                    format!(
                        "{} is not a keyword this reader knows; expected Name, Set, Solved (or StartState), Move and End",
                        quoted(other)
                    ),
                ));
            }
        }
    }
    Ok(def)
}

/// A problem on line `line`.
fn bad(line: usize, problem: String) -> TwsError {
    TwsError { line, problem }
}

/// `Set NAME PIECES ORIENTATIONS`: an orbit.
fn read_set(def: &mut Definition, line: usize, words: &[&str]) -> Result<(), TwsError> {
    if words.len() != 4 {
        return Err(bad(
            line,
            "Set takes a name, a number of pieces and a number of orientations".into(),
        ));
    }
    let n = numbers(&words[2..], line, "Set")?;
    def.orbits.push(OrbitDef {
        name: words[1].to_string(),
        pieces: n[0],
        orientations: n[1],
    });
    Ok(())
}

/// A `Solved` block (pieces from 1) or a `StartState` block (from 0): the
/// goal of the orbits it names, `?` read as orientations that do not
/// matter and as one more kind of identical piece.
fn read_goal(
    def: &mut Definition,
    line: usize,
    words: &[&str],
    block: Block,
) -> Result<(), TwsError> {
    let from = usize::from(words[0].eq_ignore_ascii_case("solved"));
    for (orbit, (pieces, mut ori)) in block {
        // An orientation that does not matter is read as 0 and
        // its slot noted (in an orbit of one orientation, it
        // is 0 anyway).
        let free: Vec<usize> = (0..ori.len()).filter(|&j| ori[j] == ANY).collect();
        // A later block gives the whole goal of its orbits.
        def.free_orientations.remove(&orbit);
        if !free.is_empty() {
            let oriented = def
                .orbits
                .iter()
                .any(|o| o.name == orbit && o.orientations > 1);
            for &j in &free {
                ori[j] = 0;
            }
            if oriented {
                def.free_orientations.insert(orbit.clone(), free);
            }
        }
        // `?` is one more kind of identical piece, after the others.
        let top = pieces
            .iter()
            .filter(|&&p| p != ANY)
            .max()
            .copied()
            .unwrap_or(0);
        let pieces = pieces
            .into_iter()
            .map(|p| {
                let p = if p == ANY { top + 1 } else { p };
                p.checked_sub(from).ok_or_else(|| {
                    bad(
                        line,
                        format!("orbit {}: pieces are numbered from {from}", quoted(&orbit)),
                    )
                })
            })
            .collect::<Result<Vec<_>, _>>()?;
        def.goal.insert(orbit, (pieces, ori));
    }
    Ok(())
}

/// A `Move` block (slots from 1, gains by source slot, as ksolve writes
/// them) or a `MoveTransformation` block (from 0, gains by destination
/// slot): a move, or a rotation when twsearch would take its name for one.
fn read_move(
    def: &mut Definition,
    line: usize,
    words: &[&str],
    block: Block,
) -> Result<(), TwsError> {
    // Move numbers from 1 and lists gains by source slot;
    // MoveTransformation numbers from 0, gains by destination.
    let ksolve = words[0].eq_ignore_ascii_case("move");
    let name = words[1].to_string();
    let mut m = MoveDef {
        name: name.clone(),
        ..MoveDef::default()
    };
    for (orbit, (perm, ori)) in block {
        let wrong = |p: &str| {
            bad(
                line,
                format!("move {}, orbit {}: {p}", quoted(&name), quoted(&orbit)),
            )
        };
        if perm.contains(&ANY) || ori.contains(&ANY) {
            return Err(wrong("a move cannot have '?'"));
        }
        let permutation = perm
            .into_iter()
            .map(|p| {
                p.checked_sub(usize::from(ksolve))
                    .ok_or_else(|| wrong("slots are numbered from 1"))
            })
            .collect::<Result<Vec<_>, _>>()?;
        // The slots as the file numbers them (from 1 in a
        // `Move`, from 0 in a `MoveTransformation`).
        let first = usize::from(ksolve);
        let n = permutation.len();
        let mut seen = vec![false; n];
        for &src in &permutation {
            if src >= n {
                return Err(wrong(&format!(
                    "slot {} is out of range; expected {first} to {}",
                    src + first,
                    n - 1 + first
                )));
            }
            if std::mem::replace(&mut seen[src], true) {
                return Err(wrong(&format!(
                    "slot {} is listed twice; each slot's piece goes to one slot",
                    src + first
                )));
            }
        }
        if !ori.is_empty() && ori.len() != permutation.len() {
            return Err(wrong(&format!(
                "{} orientations for {} slots; expected one for each slot",
                ori.len(),
                permutation.len()
            )));
        }
        let orientation = if ksolve && !ori.is_empty() {
            // The piece arriving in slot j came from perm[j].
            permutation
                .iter()
                .map(|&src| ori.get(src).copied().unwrap_or(0))
                .collect()
        } else {
            ori
        };
        m.orbits.insert(
            orbit,
            OrbitMapDef {
                permutation,
                orientation,
            },
        );
    }
    push_move(def, m);
    Ok(())
}

/// `Illegal ORBIT SLOT PIECE…` (numbered from 1): pieces forbidden from a
/// slot.
fn read_illegal(def: &mut Definition, line: usize, words: &[&str]) -> Result<(), TwsError> {
    if words.len() < 4 {
        return Err(bad(
            line,
            "Illegal takes an orbit, a slot and the pieces forbidden there".into(),
        ));
    }
    let n = numbers(&words[2..], line, "Illegal")?;
    if n.contains(&ANY) {
        return Err(bad(line, "Illegal takes numbers, not '?'".into()));
    }
    let from_one = |x: usize| {
        x.checked_sub(1)
            .ok_or_else(|| bad(line, "Illegal numbers slots and pieces from 1".into()))
    };
    // Out of range, said as the file numbers them (the
    // definition's own check counts from 0).
    if let Some(o) = def.orbits.iter().find(|o| o.name == words[1])
        && let Some(&x) = n.iter().find(|&&x| x > o.pieces)
    {
        return Err(bad(
            line,
            format!(
                "Illegal: {x} is out of range; orbit {} numbers its slots and pieces from 1 to {}",
                quoted(&o.name),
                o.pieces
            ),
        ));
    }
    let slot = from_one(n[0])?;
    let pieces = n[1..]
        .iter()
        .map(|&x| from_one(x))
        .collect::<Result<Vec<_>, _>>()?;
    match def
        .forbidden
        .iter_mut()
        .find(|f| f.orbit == words[1] && f.slot == slot)
    {
        Some(f) => f.pieces.extend(pieces),
        None => def.forbidden.push(ForbiddenDef {
            orbit: words[1].to_string(),
            slot,
            pieces,
        }),
    }
    Ok(())
}

/// A move, or a rotation when twsearch would take its name for one.
fn push_move(def: &mut Definition, m: MoveDef) {
    if is_rotation_name(&m.name) {
        def.rotations.push(m);
    } else {
        def.moves.push(m);
    }
}

type Block = Vec<(String, (Vec<usize>, Vec<usize>))>;

/// The orbit lines of a `Solved` or `Move` block up to its `End`: each
/// orbit's name, a line of numbers and, when the next line holds numbers
/// too, a line of orientations.
fn block(
    ls: &[(usize, Vec<&str>)],
    i: &mut usize,
    def: &Definition,
    start: usize,
    what: &str,
) -> Result<Block, TwsError> {
    let mut out = Vec::new();
    loop {
        let Some((line, words)) = ls.get(*i) else {
            return Err(TwsError {
                line: start,
                problem: format!("the {what} block has no End"),
            });
        };
        *i += 1;
        if words[0].eq_ignore_ascii_case("end") {
            return Ok(out);
        }
        let name = words[0].to_string();
        let Some(orbit) = def.orbits.iter().find(|o| o.name == name) else {
            return Err(TwsError {
                line: *line,
                problem: format!(
                    "{} is not an orbit declared by Set; the orbits are {}",
                    quoted(&name),
                    def.orbits
                        .iter()
                        .map(|o| o.name.as_str())
                        .collect::<Vec<_>>()
                        .join(", ")
                ),
            });
        };
        let is_numbers = |w: &Vec<&str>| {
            w.first()
                .is_some_and(|x| *x == "?" || x.parse::<usize>().is_ok())
        };
        let Some((pl, pw)) = ls.get(*i).filter(|(_, w)| is_numbers(w)) else {
            return Err(TwsError {
                line: *line,
                problem: format!(
                    "orbit {} in the {what} block needs a line of {} numbers",
                    quoted(&name),
                    orbit.pieces
                ),
            });
        };
        *i += 1;
        let perm = numbers(pw, *pl, &format!("orbit {}", quoted(&name)))?;
        let ori = match ls.get(*i).filter(|(_, w)| is_numbers(w)) {
            Some((ol, ow)) => {
                *i += 1;
                numbers(ow, *ol, &format!("orbit {}", quoted(&name)))?
            }
            None => Vec::new(),
        };
        out.push((name, (perm, ori)));
    }
}

/// The name a rotation is written under in twsearch's formats, so that
/// reading it back (here or in twsearch) takes it for a rotation: its own
/// name when twsearch would take it so, else its letters in capitals
/// followed by `v` (Top-Spin's `R` is written `Rv`).
pub fn rotation_name(name: &str) -> String {
    if is_rotation_name(name) {
        return name.to_string();
    }
    let stem: String = name
        .chars()
        .filter(|c| c.is_ascii_alphabetic() || *c == '_')
        .map(|c| c.to_ascii_uppercase())
        .collect();
    if stem.is_empty() {
        "ROTATIONv".to_string()
    } else {
        format!("{stem}v")
    }
}

/// Writes a puzzle as a `.tws` file twsearch reads: `Set` for each orbit,
/// the `Solved` pattern (pieces numbered from 1) and a `Move` block for
/// each move and rotation (sources numbered from 1, gains listed by the
/// slot a piece comes from). What the format has no place for is left
/// out: words (every move costs one there), symmetries, the drawing.
/// `None` for a tray moved by tile moves, which has no moves to write.
///
/// ```
/// use schofield::puzzle::{library, tws, Puzzle};
/// let cube = library::get("2x2x2").unwrap();
/// let text = tws::write(&cube).unwrap();
/// let again = Puzzle::new(tws::read(&text).unwrap()).unwrap();
/// assert_eq!(again.declared_moves(), cube.declared_moves());
/// assert_eq!(again.rotations().len(), 3);
/// ```
pub fn write(p: &super::Puzzle) -> Option<String> {
    use std::fmt::Write as _;
    p.tile_tray().is_none().then_some(())?;
    let mut out = String::new();
    let _ = writeln!(
        out,
        "# {} as schofield writes it (docs/puzzles.md)",
        p.name()
    );
    let _ = writeln!(out, "Name {}\n", p.name().replace(char::is_whitespace, "_"));
    for o in p.orbits() {
        let _ = writeln!(out, "Set {} {} {}", o.name, o.pieces, o.orientations);
    }
    let join = |l: &mut dyn Iterator<Item = usize>| -> String {
        l.map(|x| x.to_string()).collect::<Vec<_>>().join(" ")
    };
    let _ = writeln!(out, "\nSolved");
    for (o, g) in p.orbits().iter().zip(p.goal().orbits()) {
        let _ = writeln!(out, "{}", o.name);
        let _ = writeln!(
            out,
            "{}",
            join(&mut g.pieces.iter().map(|&x| usize::from(x) + 1))
        );
        if o.orientations > 1 {
            let _ = writeln!(
                out,
                "{}",
                join(&mut g.orientation.iter().map(|&x| usize::from(x)))
            );
        }
    }
    let _ = writeln!(out, "End");
    let moves = p.declared_moves().iter().map(|m| (m.name().to_string(), m));
    let rotations = p.rotations().iter().map(|r| (rotation_name(r.name()), r));
    for (name, t) in moves.chain(rotations) {
        let _ = writeln!(out, "\nMove {name}");
        for (o, map) in p.orbits().iter().zip(t.transformation().orbits()) {
            if map.is_identity() {
                continue;
            }
            let perm = map.permutation();
            let _ = writeln!(out, "{}", o.name);
            let _ = writeln!(
                out,
                "{}",
                join(&mut perm.iter().map(|&x| usize::from(x) + 1))
            );
            if o.orientations > 1 {
                // ksolve lists the gain by the slot the piece comes from.
                let mut by_source = vec![0usize; perm.len()];
                for (to, &from) in perm.iter().enumerate() {
                    by_source[usize::from(from)] = usize::from(map.orientation()[to]);
                }
                let _ = writeln!(out, "{}", join(&mut by_source.into_iter()));
            }
        }
        let _ = writeln!(out, "End");
    }
    Some(out)
}
