//! Our own puzzle files, in YAML: the orbits, the moves in GAP's cycle
//! notation (slots numbered from 0) or as KPuzzle's lists, the words that
//! price them, the symmetries, rotations and a drawing. `docs/puzzles.md`
//! documents the format with the five-puzzle as its worked example; the
//! library's files are in `data/puzzles/`.
//!
//! ```
//! use schofield::puzzle::{yaml, Puzzle};
//! let text = "
//! name: three-cycle
//! orbits: {pieces: 3}
//! moves:
//!   T: (0,1,2)
//! ";
//! let p = Puzzle::new(yaml::read(text).unwrap()).unwrap();
//! assert_eq!(p.declared_moves()[0].transformation().orbits()[0].permutation(), &[2, 0, 1]);
//! ```

mod write;

pub use write::write;

use super::{CellDef, Definition, Metric, MoveDef, OrbitDef, Vocabulary, WordDef};
use crate::text::quoted;
use serde::Deserialize;
use serde_yaml::{Mapping, Value};
use std::collections::BTreeMap;

/// Why a YAML file is not a puzzle definition.
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
#[error("{0}")]
pub struct YamlError(pub String);

#[derive(Deserialize)]
#[serde(deny_unknown_fields)]
struct File {
    name: String,
    #[serde(default)]
    description: Option<String>,
    #[serde(default)]
    vocabulary: Option<VocabularyYaml>,
    #[serde(default)]
    metric: Option<String>,
    orbits: Value,
    #[serde(default)]
    goal: Option<Mapping>,
    #[serde(default)]
    layout: Option<Vec<String>>,
    #[serde(default)]
    tile_moves: bool,
    #[serde(default)]
    moves: Mapping,
    #[serde(default)]
    rotations: Option<Mapping>,
    #[serde(default)]
    symmetries: Option<Mapping>,
    #[serde(default)]
    symmetry_generators: Option<Mapping>,
    #[serde(default)]
    drawing: Vec<StickerYaml>,
}

/// One sticker of the drawing ([`super::drawing`]).
#[derive(Deserialize)]
#[serde(deny_unknown_fields)]
struct StickerYaml {
    #[serde(default)]
    slot: Option<Value>,
    #[serde(default)]
    facelet: usize,
    colour: String,
    points: String,
}

#[derive(Deserialize)]
#[serde(deny_unknown_fields)]
struct VocabularyYaml {
    #[serde(rename = "move")]
    move_: String,
    moves: String,
    slot: String,
    slots: String,
}

fn err(s: String) -> YamlError {
    YamlError(s)
}

fn key_name(k: &Value) -> Result<String, YamlError> {
    match k {
        Value::String(s) => Ok(s.clone()),
        Value::Number(n) => Ok(n.to_string()),
        Value::Bool(b) => Ok(b.to_string()),
        _ => Err(err("a key must be a name".into())),
    }
}

fn as_usize(v: &Value, what: &str) -> Result<usize, YamlError> {
    v.as_u64()
        .and_then(|n| usize::try_from(n).ok())
        .ok_or_else(|| {
            err(format!(
                "{what} must be a whole number, not {}",
                quoted(&short(v))
            ))
        })
}

fn short(v: &Value) -> String {
    serde_yaml::to_string(v)
        .unwrap_or_default()
        .trim()
        .to_string()
}

fn list(v: &Value, what: &str) -> Result<Vec<usize>, YamlError> {
    match v {
        Value::Sequence(s) => s.iter().map(|x| as_usize(x, what)).collect(),
        Value::String(s) => s
            .split(|c: char| c == ',' || c.is_whitespace())
            .filter(|t| !t.is_empty())
            .map(|t| {
                t.parse::<usize>()
                    .map_err(|_| err(format!("{what} must list whole numbers, not {}", quoted(t))))
            })
            .collect(),
        _ => Err(err(format!("{what} must be a list of whole numbers"))),
    }
}

/// A cell of a layout, or a sticker's slot: a slot number, `ORBIT:number`,
/// `_` for the blank or `.` for nothing.
fn cell(tok: &str) -> Result<CellDef, YamlError> {
    Ok(match tok {
        "_" => CellDef::Blank,
        "." => CellDef::Gap,
        t => {
            let (orbit, slot) = match t.rsplit_once(':') {
                Some((o, s)) => (Some(o.to_string()), s),
                None => (None, t),
            };
            let slot = slot.parse::<usize>().map_err(|_| {
                err(format!(
                    "cell {} is not a slot; expected a slot number, ORBIT:number, '_' for the blank or '.' for nothing",
                    quoted(t)
                ))
            })?;
            CellDef::Slot(orbit, slot)
        }
    })
}

/// Reads our YAML into a definition (checked by [`super::Puzzle::new`]).
pub fn read(text: &str) -> Result<Definition, YamlError> {
    let file = parsed(text)?;
    let mut def = Definition {
        name: file.name,
        description: file.description,
        tile_moves: file.tile_moves,
        ..Definition::default()
    };
    def.vocabulary = file.vocabulary.map(|v| Vocabulary {
        move_: v.move_,
        moves: v.moves,
        slot: v.slot,
        slots: v.slots,
    });
    def.metric = match file.metric.as_deref() {
        None => None,
        Some("face") => Some(Metric::Face),
        Some("quarter") => Some(Metric::Quarter),
        Some(other) => {
            return Err(err(format!(
                "metric {} is not known; expected face or quarter",
                quoted(other)
            )));
        }
    };
    def.orbits = orbits(&file.orbits)?;
    let first = def
        .orbits
        .first()
        .map(|o| o.name.clone())
        .unwrap_or_default();
    let sizes: BTreeMap<String, usize> = def
        .orbits
        .iter()
        .map(|o| (o.name.clone(), o.pieces))
        .collect();
    if let Some(g) = &file.goal {
        goal(g, &mut def)?;
    }
    for row in file.layout.iter().flatten() {
        let cells = row.split_whitespace().map(cell).collect::<Result<_, _>>()?;
        def.layout.push(cells);
    }
    for st in &file.drawing {
        def.drawing.push(super::drawing::StickerDef {
            slot: st.slot.as_ref().map(|v| cell(&key_name(v)?)).transpose()?,
            facelet: st.facelet,
            colour: st.colour.clone(),
            points: st.points.clone(),
        });
    }
    let ctx = Context {
        first: &first,
        sizes: &sizes,
    };
    for (k, v) in &file.moves {
        let m = ctx.named(&key_name(k)?, v, "move")?;
        def.moves.push(m);
    }
    if file.symmetries.is_some() && file.symmetry_generators.is_some() {
        return Err(err(
            "the file gives both symmetries and symmetry_generators; give the whole group or its generators"
                .into(),
        ));
    }
    for (key, target, what) in [
        (&file.rotations, &mut def.rotations, "rotation"),
        (&file.symmetries, &mut def.symmetries, "symmetry"),
        (
            &file.symmetry_generators,
            &mut def.symmetry_generators,
            "symmetry",
        ),
    ] {
        if let Some(m) = key {
            for (k, v) in m {
                let x = ctx.named(&key_name(k)?, v, what)?;
                target.push(x);
            }
        }
    }
    Ok(def)
}

/// The file as YAML, its nesting and its aliases bounded first.
fn parsed(text: &str) -> Result<File, YamlError> {
    // The YAML reader's time grows with the square of the nesting: a
    // puzzle never nests deeper than a few levels.
    let Shape { deepest, aliases } = shape(text);
    if deepest > MAX_NESTING {
        return Err(err(format!(
            "the file nests brackets {deepest} deep; a puzzle needs at most {MAX_NESTING}"
        )));
    }
    // Each alias may repeat up to the whole file in memory.
    if aliases.saturating_mul(text.len()) > MAX_REPEATED {
        return Err(err(format!(
            "the file's {aliases} aliases (*name) could repeat {} bytes; a puzzle file may repeat at most {} MB (write the parts out, or use fewer aliases)",
            aliases.saturating_mul(text.len()),
            MAX_REPEATED >> 20
        )));
    }
    serde_yaml::from_str(text).map_err(|e| {
        err(in_plain_words(&crate::text::without_escapes(&one_line(
            &e.to_string(),
        ))))
    })
}

/// The orbits: `{pieces: 8}` for one unnamed orbit, or a mapping of names.
fn orbits(v: &Value) -> Result<Vec<OrbitDef>, YamlError> {
    let mut orbits = Vec::new();
    match v {
        Value::Mapping(m) if m.contains_key("pieces") => {
            let mut o = orbit("pieces", v)?;
            o.name = "pieces".into();
            orbits.push(o);
        }
        Value::Mapping(m) => {
            for (k, v) in m {
                let name = key_name(k)?;
                let mut o = orbit(&name, v)?;
                o.name = name;
                orbits.push(o);
            }
        }
        _ => {
            return Err(err(
                "orbits must be a mapping, like {squares: {pieces: 8}}".into()
            ));
        }
    }
    Ok(orbits)
}

/// The goal into `def`: each orbit's pieces as a list, or its pieces and
/// orientations.
fn goal(goal: &Mapping, def: &mut Definition) -> Result<(), YamlError> {
    for (k, v) in goal {
        let name = key_name(k)?;
        let what = format!("the goal of orbit {}", quoted(&name));
        let (pieces, ori) = match v {
            Value::Mapping(m) => {
                let pieces = m
                    .get("pieces")
                    .map(|x| list(x, &what))
                    .transpose()?
                    .unwrap_or_default();
                let ori = m
                    .get("orientation")
                    .map(|x| list(x, &what))
                    .transpose()?
                    .unwrap_or_default();
                (pieces, ori)
            }
            other => (list(other, &what)?, Vec::new()),
        };
        def.goal.insert(name, (pieces, ori));
    }
    Ok(())
}

fn orbit(name: &str, v: &Value) -> Result<OrbitDef, YamlError> {
    let what = format!("orbit {}", quoted(name));
    match v {
        Value::Number(_) => Ok(OrbitDef {
            name: name.into(),
            pieces: as_usize(v, &what)?,
            orientations: 1,
        }),
        Value::Mapping(m) => {
            for k in m.keys() {
                let k = key_name(k)?;
                if k != "pieces" && k != "orientations" {
                    return Err(err(format!(
                        "{what}: unknown key {}; expected pieces and orientations",
                        quoted(&k)
                    )));
                }
            }
            let pieces = m
                .get("pieces")
                .ok_or_else(|| err(format!("{what} needs pieces: its number of slots")))?;
            Ok(OrbitDef {
                name: name.into(),
                pieces: as_usize(pieces, &format!("{what}'s pieces"))?,
                orientations: m
                    .get("orientations")
                    .map(|x| as_usize(x, &format!("{what}'s orientations")))
                    .transpose()?
                    .unwrap_or(1),
            })
        }
        _ => Err(err(format!(
            "{what} must be a number of pieces or {{pieces: N, orientations: M}}"
        ))),
    }
}

struct Context<'a> {
    first: &'a str,
    sizes: &'a BTreeMap<String, usize>,
}

impl Context<'_> {
    /// A move, rotation or symmetry: a cycle string (first orbit), or a
    /// mapping with `cycles`, `permutation`, `orientation`, `blank`,
    /// `word`, `alg` and `mirror`.
    fn named(&self, name: &str, v: &Value, kind: &str) -> Result<MoveDef, YamlError> {
        let what = format!("{kind} {}", quoted(name));
        let mut m = MoveDef {
            name: name.into(),
            ..MoveDef::default()
        };
        let map = match v {
            Value::String(s) => {
                self.cycles(&mut m, &Value::String(s.clone()), &what)?;
                return Ok(m);
            }
            Value::Mapping(map) => map,
            _ => {
                return Err(err(format!(
                    "{what} must be cycles like (0,1,2) or a mapping with cycles, permutation, orientation, blank, word, alg or mirror"
                )));
            }
        };
        // One way to say where the pieces go: cycles, a permutation or an
        // alg, never two (one would silently win).
        let keys: Vec<String> = map.keys().map(key_name).collect::<Result<_, _>>()?;
        let ways: Vec<&str> = ["cycles", "permutation", "alg"]
            .into_iter()
            .filter(|w| keys.iter().any(|k| k == w))
            .collect();
        if ways.len() > 1 {
            return Err(err(format!(
                "{what} gives both {} and {}; give one",
                ways[0], ways[1]
            )));
        }
        if keys.iter().any(|k| k == "blank") && keys.iter().any(|k| k == "word") {
            return Err(err(format!("{what} gives both blank and word; give one")));
        }
        for (k, x) in map {
            match key_name(k)?.as_str() {
                "cycles" => self.cycles(&mut m, x, &what)?,
                "permutation" => self.per_orbit(&mut m, x, &what, "permutation")?,
                "orientation" => self.per_orbit(&mut m, x, &what, "orientation")?,
                "mirror" => {
                    m.mirror = x
                        .as_bool()
                        .ok_or_else(|| err(format!("{what}: mirror must be true or false")))?;
                }
                "blank" => {
                    let s = x.as_str().ok_or_else(|| {
                        err(format!(
                            "{what}: blank must be the cells the blank visits, like \"_ 2 1 0 _\""
                        ))
                    })?;
                    m.word = Some(WordDef::Blank(
                        s.split_whitespace().map(String::from).collect(),
                    ));
                }
                "word" => {
                    let s = x.as_str().ok_or_else(|| {
                        err(format!("{what}: word must be base steps, like \"a b c'\""))
                    })?;
                    m.word = Some(WordDef::Steps(
                        s.split_whitespace()
                            .map(|t| match t.strip_suffix('\'') {
                                Some(b) => (b.to_string(), true),
                                None => (t.to_string(), false),
                            })
                            .collect(),
                    ));
                }
                "alg" => {
                    let s = x.as_str().ok_or_else(|| {
                        err(format!(
                            "{what}: alg must be a string of earlier moves, like \"R U R'\""
                        ))
                    })?;
                    m.alg = Some(s.to_string());
                }
                other => {
                    return Err(err(format!(
                        "{what}: unknown key {}; expected cycles, permutation, orientation, blank, word, alg or mirror",
                        quoted(other)
                    )));
                }
            }
        }
        Ok(m)
    }

    fn size(&self, orbit: &str, what: &str) -> Result<usize, YamlError> {
        let n = self.sizes.get(orbit).copied().ok_or_else(|| {
            err(format!(
                "{what} names orbit {}, which the puzzle does not have; its orbits are {}",
                quoted(orbit),
                self.sizes.keys().cloned().collect::<Vec<_>>().join(", ")
            ))
        })?;
        // The orbit's own check, before its size reads a move.
        if !(1..=super::MAX_SLOTS).contains(&n) {
            return Err(err(format!(
                "orbit {} has {n} pieces; expected 1 to {}",
                quoted(orbit),
                super::MAX_SLOTS
            )));
        }
        Ok(n)
    }

    fn cycles(&self, m: &mut MoveDef, v: &Value, what: &str) -> Result<(), YamlError> {
        let mut one = |orbit: &str, text: &str| -> Result<(), YamlError> {
            let n = self.size(orbit, what)?;
            let dest = crate::perm::parse_product(text, n)
                .map_err(|e| err(format!("{what}, orbit {}: {e}", quoted(orbit))))?;
            // The source of slot dest[i] is i.
            let mut src = vec![0usize; n];
            for (i, &d) in dest.iter().enumerate() {
                src[usize::from(d)] = i;
            }
            m.orbits.entry(orbit.to_string()).or_default().permutation = src;
            Ok(())
        };
        match v {
            Value::String(s) => one(self.first, s),
            Value::Mapping(map) => {
                for (k, x) in map {
                    let orbit = key_name(k)?;
                    let s = x.as_str().ok_or_else(|| {
                        err(format!(
                            "{what}, orbit {}: cycles must be a string like (0,1,2)",
                            quoted(&orbit)
                        ))
                    })?;
                    one(&orbit, s)?;
                }
                Ok(())
            }
            _ => Err(err(format!(
                "{what}: cycles must be a string like (0,1,2), or a mapping of orbits to such strings"
            ))),
        }
    }

    fn per_orbit(
        &self,
        m: &mut MoveDef,
        v: &Value,
        what: &str,
        field: &str,
    ) -> Result<(), YamlError> {
        let mut one = |orbit: &str, x: &Value| -> Result<(), YamlError> {
            self.size(orbit, what)?;
            let l = list(x, &format!("{what}, orbit {}: {field}", quoted(orbit)))?;
            let def = m.orbits.entry(orbit.to_string()).or_default();
            if field == "permutation" {
                def.permutation = l;
            } else {
                def.orientation = l;
            }
            Ok(())
        };
        match v {
            Value::Mapping(map) => {
                for (k, x) in map {
                    one(&key_name(k)?, x)?;
                }
                Ok(())
            }
            other => one(self.first, other),
        }
    }
}

/// The deepest a puzzle file's `[…]` and `{…}` may nest.
const MAX_NESTING: usize = 64;

/// What the YAML reader would make of `text` before it is asked to: how
/// deep `[…]` and `{…}` nest and how many aliases (`*name`) it holds,
/// outside quoted strings and comments.
struct Shape {
    deepest: usize,
    aliases: usize,
}

/// Reads the [`Shape`] of `text`. A quote opens a string only where a
/// scalar starts (after `[`, `{`, `,`, `:`, `-` or at the start of a line,
/// spaces aside), never inside a plain scalar (`a 'b` and `R'` are plain),
/// as YAML reads it; so brackets cannot hide behind a quote that is none.
/// A comment starts at `#` after a space.
fn shape(text: &str) -> Shape {
    let (mut depth, mut deepest, mut aliases) = (0usize, 0usize, 0usize);
    for line in text.lines() {
        let mut quote: Option<char> = None;
        let mut scalar_may_start = true;
        let mut before = ' ';
        for c in line.chars() {
            match (quote, c) {
                (Some(q), c) if c == q => {
                    quote = None;
                    scalar_may_start = false;
                }
                (Some(_), _) => {}
                (None, '"' | '\'') if scalar_may_start => quote = Some(c),
                (None, '#') if before == ' ' => break,
                (None, '*') if scalar_may_start => {
                    aliases += 1;
                    scalar_may_start = false;
                }
                (None, '[' | '{') => {
                    depth += 1;
                    deepest = deepest.max(depth);
                    scalar_may_start = true;
                }
                (None, ']' | '}') => {
                    depth = depth.saturating_sub(1);
                    scalar_may_start = false;
                }
                (None, ',' | ':' | '-') => scalar_may_start = true,
                (None, ' ' | '\t') => {}
                _ => scalar_may_start = false,
            }
            before = c;
        }
    }
    Shape { deepest, aliases }
}

/// The most bytes the aliases of a file may repeat, all told (each alias
/// counted as the whole file): a puzzle has no need of more, and the YAML
/// reader builds every repetition in memory.
const MAX_REPEATED: usize = 64 << 20;

/// A YAML error message on one line.
fn one_line(s: &str) -> String {
    s.split_whitespace().collect::<Vec<_>>().join(" ")
}

/// A parser's message without its Rust types: `expected struct File`
/// becomes what a puzzle file is, `u8` a whole number from 0 to 255, an
/// integer too large for any type says so.
fn in_plain_words(message: &str) -> String {
    let mut out = message
        .replace(
            "expected struct File",
            "expected a puzzle: a mapping with name, orbits and moves (docs/puzzles.md)",
        )
        .replace("expected u8", "expected a whole number from 0 to 255")
        .replace("expected u16", "expected a whole number from 0 to 65535")
        .replace("expected u32", "expected a whole number")
        .replace("expected u64", "expected a whole number")
        .replace("expected usize", "expected a whole number");
    for kind in ["struct", "enum", "tuple struct"] {
        out = out.replace(&format!("expected {kind} "), "expected a mapping for ");
    }
    // `a mapping for VocabularyYaml`: the section, by its key's name.
    if let Some(at) = out.find("a mapping for ") {
        let from = at + "a mapping for ".len();
        let end = out[from..]
            .find(|c: char| !c.is_ascii_alphanumeric())
            .map_or(out.len(), |e| from + e);
        let name = out[from..end].trim_end_matches("Yaml").to_lowercase();
        out.replace_range(from..end, &format!("a {name}"));
    }
    // `integer `N` as u128, expected …`: a number too large to read.
    out = out.replace(
        " as u128, expected any YAML value",
        ", a number too large for any count a puzzle has",
    );
    out = out.replace(" as u128, expected", ", a number too large; expected");
    out
}
