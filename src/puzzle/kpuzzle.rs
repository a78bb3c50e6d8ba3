//! cubing.js's KPuzzle JSON: `orbits` (a list of `{orbitName, numPieces,
//! numOrientations}`, or in older files an object of them),
//! `defaultPattern` (older: `startStateData`), `moves` (each orbit's
//! `permutation` and `orientationDelta`, older: `orientation`) and
//! `derivedMoves` in alg notation. KPuzzle's conventions are ours
//! ([`super::transformation`]), so lists are taken as they are. Moves named
//! as twsearch names rotations (`x`, `y`, `z`, or ending in `v`) are
//! rotations of the whole puzzle, not moves.
//!
//! ```
//! use schofield::puzzle::{kpuzzle, Puzzle};
//! let json = r#"{"name": "turn", "orbits": [{"orbitName": "P", "numPieces": 2, "numOrientations": 1}],
//!   "defaultPattern": {"P": {"pieces": [0, 1], "orientation": [0, 0]}},
//!   "moves": {"S": {"P": {"permutation": [1, 0], "orientationDelta": [0, 0]}}}}"#;
//! let p = Puzzle::new(kpuzzle::read(json).unwrap()).unwrap();
//! assert_eq!(p.declared_moves().len(), 1);
//! ```

use super::tws::is_rotation_name;
use super::{Definition, MoveDef, OrbitDef, OrbitMapDef};
use crate::text::quoted;
use serde_json::Value;

/// Why a JSON file is not a KPuzzle.
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
#[error("{0}")]
pub struct KpuzzleError(pub String);

fn err(s: String) -> KpuzzleError {
    KpuzzleError(s)
}

fn numbers(v: &Value, what: &str) -> Result<Vec<usize>, KpuzzleError> {
    let a = v
        .as_array()
        .ok_or_else(|| err(format!("{what} must be a list of whole numbers")))?;
    a.iter()
        .map(|x| {
            x.as_u64()
                .and_then(|n| usize::try_from(n).ok())
                .ok_or_else(|| {
                    err(format!(
                        "{what} must list whole numbers, not {}",
                        quoted(&x.to_string())
                    ))
                })
        })
        .collect()
}

fn whole(v: Option<&Value>, what: &str) -> Result<usize, KpuzzleError> {
    v.and_then(Value::as_u64)
        .and_then(|n| usize::try_from(n).ok())
        .ok_or_else(|| err(format!("{what} must be a whole number")))
}

/// A JSON value read only to check that no object gives a key twice: a
/// JSON reader keeps the last of them without a word, and a puzzle whose
/// move is given twice is a mistake to report, as the YAML reader does.
struct Unique;

impl<'de> serde::Deserialize<'de> for Unique {
    fn deserialize<D: serde::Deserializer<'de>>(d: D) -> Result<Unique, D::Error> {
        d.deserialize_any(Unique)
    }
}

impl<'de> serde::de::Visitor<'de> for Unique {
    type Value = Unique;

    fn expecting(&self, f: &mut std::fmt::Formatter) -> std::fmt::Result {
        f.write_str("a JSON value")
    }
    fn visit_bool<E>(self, _: bool) -> Result<Unique, E> {
        Ok(Unique)
    }
    fn visit_i64<E>(self, _: i64) -> Result<Unique, E> {
        Ok(Unique)
    }
    fn visit_u64<E>(self, _: u64) -> Result<Unique, E> {
        Ok(Unique)
    }
    fn visit_f64<E>(self, _: f64) -> Result<Unique, E> {
        Ok(Unique)
    }
    fn visit_str<E>(self, _: &str) -> Result<Unique, E> {
        Ok(Unique)
    }
    fn visit_unit<E>(self) -> Result<Unique, E> {
        Ok(Unique)
    }
    fn visit_seq<A: serde::de::SeqAccess<'de>>(self, mut a: A) -> Result<Unique, A::Error> {
        while a.next_element::<Unique>()?.is_some() {}
        Ok(Unique)
    }
    fn visit_map<A: serde::de::MapAccess<'de>>(self, mut a: A) -> Result<Unique, A::Error> {
        let mut seen = std::collections::HashSet::new();
        while let Some(key) = a.next_key::<String>()? {
            if !seen.insert(key.clone()) {
                return Err(serde::de::Error::custom(format!(
                    "the key {} is given twice in one object",
                    crate::text::quoted(&key)
                )));
            }
            a.next_value::<Unique>()?;
        }
        Ok(Unique)
    }
}

/// Reads KPuzzle JSON into a definition (checked by [`super::Puzzle::new`]).
pub fn read(text: &str) -> Result<Definition, KpuzzleError> {
    let not_json = |e: serde_json::Error| {
        err(format!(
            "not JSON: {}",
            crate::text::without_escapes(&e.to_string())
        ))
    };
    serde_json::from_str::<Unique>(text).map_err(not_json)?;
    let v: Value = serde_json::from_str(text).map_err(not_json)?;
    let top = v
        .as_object()
        .ok_or_else(|| err("a KPuzzle is a JSON object".into()))?;
    let mut def = Definition {
        name: top
            .get("name")
            .and_then(Value::as_str)
            .unwrap_or_default()
            .to_string(),
        ..Definition::default()
    };
    def.orbits = orbits(top.get("orbits"))?;
    if let Some(p) = top
        .get("defaultPattern")
        .or_else(|| top.get("startStateData"))
        .and_then(Value::as_object)
    {
        default_pattern(&mut def, p)?;
    }
    let moves = top
        .get("moves")
        .and_then(Value::as_object)
        .ok_or_else(|| err("a KPuzzle needs moves".into()))?;
    for (name, m) in moves {
        let d = move_def(name, m)?;
        if is_rotation_name(name) {
            def.rotations.push(d);
        } else {
            def.moves.push(d);
        }
    }
    if let Some(derived) = top.get("derivedMoves").and_then(Value::as_object) {
        for (name, alg) in derived {
            let text = alg.as_str().ok_or_else(|| {
                err(format!(
                    "derived move {} must be an alg string",
                    quoted(name)
                ))
            })?;
            let d = MoveDef {
                name: name.clone(),
                alg: Some(text.to_string()),
                ..MoveDef::default()
            };
            if is_rotation_name(name) {
                def.rotations.push(d);
            } else {
                def.moves.push(d);
            }
        }
    }
    Ok(def)
}

/// The orbits, a list of objects with their `orbitName` or an object of
/// them by name.
fn orbits(orbits: Option<&Value>) -> Result<Vec<OrbitDef>, KpuzzleError> {
    // An orbit's definition, under its name.
    let orbit = |name: &str, o: &Value| -> Result<OrbitDef, KpuzzleError> {
        let field = |key: &str| whole(o.get(key), &format!("orbit {}'s {key}", quoted(name)));
        Ok(OrbitDef {
            name: name.to_string(),
            pieces: field("numPieces")?,
            orientations: field("numOrientations")?,
        })
    };
    let mut out = Vec::new();
    match orbits {
        Some(Value::Array(list)) => {
            for o in list {
                let name = o
                    .get("orbitName")
                    .and_then(Value::as_str)
                    .ok_or_else(|| err("each orbit needs an orbitName".into()))?;
                out.push(orbit(name, o)?);
            }
        }
        Some(Value::Object(map)) => {
            for (name, o) in map {
                out.push(orbit(name, o)?);
            }
        }
        _ => return Err(err("a KPuzzle needs orbits".into())),
    }
    Ok(out)
}

/// The default pattern into `def`'s goal; an orbit's `orientationMod`
/// records which of its slots' orientations do not matter
/// ([`free_orientations`]).
fn default_pattern(
    def: &mut Definition,
    pattern: &serde_json::Map<String, Value>,
) -> Result<(), KpuzzleError> {
    for (orbit, data) in pattern {
        let what = format!("the default pattern of orbit {}", quoted(orbit));
        let pieces = data
            .get("pieces")
            .map(|x| numbers(x, &what))
            .transpose()?
            .unwrap_or_default();
        let ori = data
            .get("orientation")
            .map(|x| numbers(x, &what))
            .transpose()?
            .unwrap_or_default();
        if let Some(m) = data.get("orientationMod") {
            free_orientations(def, orbit, &numbers(m, &what)?)
                .map_err(|e| err(format!("{what} {e}")))?;
        }
        def.goal.insert(orbit.clone(), (pieces, ori));
    }
    Ok(())
}

/// Move `name`'s definition: each orbit's permutation and orientation
/// change.
fn move_def(name: &str, m: &Value) -> Result<MoveDef, KpuzzleError> {
    let what = format!("move {}", quoted(name));
    let obj = m.as_object().ok_or_else(|| {
        err(format!(
            "{what} must map orbits to permutation and orientationDelta"
        ))
    })?;
    let mut d = MoveDef {
        name: name.to_string(),
        ..MoveDef::default()
    };
    for (orbit, data) in obj {
        let w = format!("{what}, orbit {}", quoted(orbit));
        let permutation = data
            .get("permutation")
            .map(|x| numbers(x, &format!("{w}: permutation")))
            .transpose()?
            .unwrap_or_default();
        let orientation = data
            .get("orientationDelta")
            .or_else(|| data.get("orientation"))
            .map(|x| numbers(x, &format!("{w}: orientationDelta")))
            .transpose()?
            .unwrap_or_default();
        d.orbits.insert(
            orbit.clone(),
            OrbitMapDef {
                permutation,
                orientation,
            },
        );
    }
    Ok(d)
}

/// Writes a puzzle as cubing.js's KPuzzle JSON: `orbits`, the
/// `defaultPattern` and every move and rotation (rotations named as
/// twsearch names them, [`super::tws::rotation_name`]). Words, symmetries
/// and the drawing have no place in the format and are left out. `None`
/// for a tray moved by tile moves.
///
/// ```
/// use schofield::puzzle::{kpuzzle, library, Puzzle};
/// let squares = library::get("squares").unwrap();
/// let json = kpuzzle::write(&squares).unwrap();
/// let again = Puzzle::new(kpuzzle::read(&json).unwrap()).unwrap();
/// assert_eq!(again.declared_moves(), squares.declared_moves());
/// ```
pub fn write(p: &super::Puzzle) -> Option<String> {
    use serde_json::{Map, json};
    p.tile_tray().is_none().then_some(())?;
    let orbits: Vec<Value> = p
        .orbits()
        .iter()
        .map(|o| json!({"orbitName": o.name, "numPieces": o.pieces, "numOrientations": o.orientations}))
        .collect();
    let mut pattern = Map::new();
    for (o, g) in p.orbits().iter().zip(p.goal().orbits()) {
        pattern.insert(
            o.name.clone(),
            json!({"pieces": g.pieces, "orientation": g.orientation}),
        );
    }
    let mut moves = Map::new();
    let all = p
        .declared_moves()
        .iter()
        .map(|m| (m.name().to_string(), m))
        .chain(
            p.rotations()
                .iter()
                .map(|r| (super::tws::rotation_name(r.name()), r)),
        );
    for (name, t) in all {
        let mut m = Map::new();
        for (o, map) in p.orbits().iter().zip(t.transformation().orbits()) {
            m.insert(
                o.name.clone(),
                json!({"permutation": map.permutation(), "orientationDelta": map.orientation()}),
            );
        }
        moves.insert(name, Value::Object(m));
    }
    let doc = json!({
        "name": p.name(),
        "orbits": orbits,
        "defaultPattern": pattern,
        "moves": moves,
    });
    serde_json::to_string_pretty(&doc).ok().map(|s| s + "\n")
}

/// cubing.js's `orientationMod` of one orbit's default pattern, read as
/// twsearch's `?`: 1 where a piece's orientation does not matter, 0 or the
/// orbit's orientations where it all does. Any other divisor counts
/// orientations modulo it, which no reader here models: the error says so.
fn free_orientations(def: &mut Definition, orbit: &str, mods: &[usize]) -> Result<(), String> {
    let full = def
        .orbits
        .iter()
        .find(|o| o.name == orbit)
        .map_or(1, |o| o.orientations);
    if let Some(&d) = mods.iter().find(|&&d| d > 1 && d != full) {
        return Err(format!(
            "has orientationMod {d} of {full} orientations; expected 1 (the orientation does not matter) or 0 (it all does): orientations counted modulo a divisor are not supported"
        ));
    }
    let free: Vec<usize> = (0..mods.len()).filter(|&j| mods[j] == 1).collect();
    if !free.is_empty() && full > 1 {
        def.free_orientations.insert(orbit.to_string(), free);
    }
    Ok(())
}
