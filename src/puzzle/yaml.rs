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

/// Reads our YAML into a definition (checked by [`super::Puzzle::new`]).
pub fn read(text: &str) -> Result<Definition, YamlError> {
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
    let file: File = serde_yaml::from_str(text).map_err(|e| {
        err(in_plain_words(&crate::text::without_escapes(&one_line(
            &e.to_string(),
        ))))
    })?;
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
    // Orbits: `{pieces: 8}` for one unnamed orbit, or a mapping of names.
    match &file.orbits {
        Value::Mapping(m) if m.contains_key("pieces") => {
            def.orbits.push(orbit("pieces", &file.orbits)?);
            def.orbits[0].name = "pieces".into();
        }
        Value::Mapping(m) => {
            for (k, v) in m {
                let name = key_name(k)?;
                let mut o = orbit(&name, v)?;
                o.name = name;
                def.orbits.push(o);
            }
        }
        _ => {
            return Err(err(
                "orbits must be a mapping, like {squares: {pieces: 8}}".into()
            ));
        }
    }
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
    if let Some(goal) = &file.goal {
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
    }
    if let Some(rows) = &file.layout {
        for row in rows {
            let mut cells = Vec::new();
            for tok in row.split_whitespace() {
                cells.push(match tok {
                    "_" => CellDef::Blank,
                    "." => CellDef::Gap,
                    t => {
                        let (orbit, slot) = match t.rsplit_once(':') {
                            Some((o, s)) => (Some(o.to_string()), s),
                            None => (None, t),
                        };
                        let slot = slot.parse::<usize>().map_err(|_| {
                            err(format!(
                                "layout cell {} is not a slot; expected a slot number, ORBIT:number, '_' for the blank or '.' for nothing",
                                quoted(t)
                            ))
                        })?;
                        CellDef::Slot(orbit, slot)
                    }
                });
            }
            def.layout.push(cells);
        }
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

/// Writes a puzzle as our YAML, which [`read`] reads back to the same
/// puzzle: its orbits, goal (when not the identity), drawing, moves in
/// GAP's cycle notation with their orientation gains and words, rotations
/// and every symmetry (as generators, which the rotations join).
///
/// ```
/// use schofield::puzzle::{library, yaml, Puzzle};
/// let five = library::get("five").unwrap();
/// let again = Puzzle::new(yaml::read(&yaml::write(&five)).unwrap()).unwrap();
/// assert_eq!(again.declared_moves(), five.declared_moves());
/// ```
pub fn write(p: &super::Puzzle) -> String {
    use super::{Cell, Named};
    use serde_yaml::Value as V;
    let s = |x: &str| V::String(x.to_string());
    let n = |x: usize| V::Number(x.into());
    let mut top = Mapping::new();
    top.insert(s("name"), s(p.name()));
    if let Some(d) = p.description() {
        top.insert(s("description"), s(d));
    }
    let v = p.vocabulary();
    if *v != Vocabulary::default() {
        let mut m = Mapping::new();
        for (k, x) in [
            ("move", &v.move_),
            ("moves", &v.moves),
            ("slot", &v.slot),
            ("slots", &v.slots),
        ] {
            m.insert(s(k), s(x));
        }
        top.insert(s("vocabulary"), V::Mapping(m));
    }
    if p.default_metric() != Metric::Face {
        top.insert(s("metric"), s(p.default_metric().name()));
    }
    let mut orbits = Mapping::new();
    for o in p.orbits() {
        let mut m = Mapping::new();
        m.insert(s("pieces"), n(o.pieces));
        if o.orientations > 1 {
            m.insert(s("orientations"), n(usize::from(o.orientations)));
        }
        orbits.insert(s(&o.name), V::Mapping(m));
    }
    top.insert(s("orbits"), V::Mapping(orbits));
    let list = |l: &[u8]| V::Sequence(l.iter().map(|&x| n(usize::from(x))).collect());
    let mut goal = Mapping::new();
    for (o, g) in p.orbits().iter().zip(p.goal().orbits()) {
        let identity = g
            .pieces
            .iter()
            .enumerate()
            .all(|(i, &x)| usize::from(x) == i)
            && g.orientation.iter().all(|&x| x == 0);
        if !identity {
            let mut m = Mapping::new();
            m.insert(s("pieces"), list(&g.pieces));
            m.insert(s("orientation"), list(&g.orientation));
            goal.insert(s(&o.name), V::Mapping(m));
        }
    }
    if !goal.is_empty() {
        top.insert(s("goal"), V::Mapping(goal));
    }
    if p.tile_tray().is_some() {
        top.insert(s("tile_moves"), V::Bool(true));
    }
    // The drawing, and the cells' names in a walk of the blank.
    let layout = p.layout();
    let width = layout.iter().map(Vec::len).max().unwrap_or(0);
    let cell_name = |c: Cell| match c {
        Cell::Blank => "_".to_string(),
        Cell::Gap => ".".to_string(),
        Cell::Slot { orbit: 0, slot } => slot.to_string(),
        Cell::Slot { orbit, slot } => format!("{}:{slot}", p.orbits()[orbit].name),
    };
    if !layout.is_empty() {
        top.insert(
            s("layout"),
            V::Sequence(
                layout
                    .iter()
                    .map(|row| {
                        s(&row
                            .iter()
                            .map(|&c| cell_name(c))
                            .collect::<Vec<_>>()
                            .join(" "))
                    })
                    .collect(),
            ),
        );
    }
    let cell_at = |i: usize| {
        layout[i / width]
            .get(i % width)
            .copied()
            .unwrap_or(Cell::Gap)
    };
    let blank = (0..layout.len() * width).find(|&i| cell_at(i) == Cell::Blank);
    let slides = p.slides();
    let named = |t: &Named, mirror_key: bool| -> V {
        let mut m = Mapping::new();
        let mut cycles = Mapping::new();
        let mut ori = Mapping::new();
        for (o, map) in p.orbits().iter().zip(t.transformation().orbits()) {
            if !map
                .permutation()
                .iter()
                .enumerate()
                .all(|(i, &x)| usize::from(x) == i)
            {
                let dest = map.destinations();
                let text: String = crate::perm::cycles(&dest)
                    .iter()
                    .map(|c| {
                        let parts: Vec<String> = c.iter().map(u8::to_string).collect();
                        format!("({})", parts.join(","))
                    })
                    .collect();
                cycles.insert(s(&o.name), s(&text));
            }
            if map.orientation().iter().any(|&x| x != 0) {
                ori.insert(s(&o.name), list(map.orientation()));
            }
        }
        if cycles.is_empty() {
            cycles.insert(s(&p.orbits()[0].name), s("()"));
        }
        m.insert(s("cycles"), V::Mapping(cycles));
        if !ori.is_empty() {
            m.insert(s("orientation"), V::Mapping(ori));
        }
        if let Some(w) = t.word() {
            match blank {
                Some(_) if !slides.is_empty() => {
                    // A step (lo, hi) taken forwards moves the blank to hi.
                    let mut walk = vec!["_".to_string()];
                    for &(id, back) in w.steps() {
                        let (lo, hi) = slides[usize::from(id)];
                        walk.push(cell_name(cell_at(if back { lo } else { hi })));
                    }
                    m.insert(s("blank"), s(&walk.join(" ")));
                }
                _ => {
                    let steps: Vec<String> = w
                        .steps()
                        .iter()
                        .map(|&(id, back)| format!("s{id}{}", if back { "'" } else { "" }))
                        .collect();
                    m.insert(s("word"), s(&steps.join(" ")));
                }
            }
        }
        if mirror_key && t.transformation().mirrors() {
            m.insert(s("mirror"), V::Bool(true));
        }
        V::Mapping(m)
    };
    let section = |items: &[Named], mirror_key: bool| -> Mapping {
        items
            .iter()
            .map(|t| (s(t.name()), named(t, mirror_key)))
            .collect()
    };
    if !p.declared_moves().is_empty() {
        top.insert(s("moves"), V::Mapping(section(p.declared_moves(), false)));
    }
    if !p.rotations().is_empty() {
        top.insert(s("rotations"), V::Mapping(section(p.rotations(), false)));
    }
    if p.symmetries().len() > 1 {
        // Every symmetry, as generators: the rotations join them when read
        // (so the elements named as rotations are left to them).
        let own: Vec<Named> = p
            .symmetries()
            .iter()
            .filter(|t| p.rotations().iter().all(|r| r.name() != t.name()))
            .cloned()
            .collect();
        top.insert(s("symmetry_generators"), V::Mapping(section(&own, true)));
    }
    let body = serde_yaml::to_string(&V::Mapping(top)).unwrap_or_default();
    format!(
        "# {} as schofield writes it (docs/puzzles.md): slots from 0, moves in GAP's\n# cycle notation, each slot's orientation gain listed by the slot.\n{body}",
        p.name()
    )
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
