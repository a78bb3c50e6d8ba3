//! Writing a puzzle as our YAML: everything the file format holds, read
//! back to the same puzzle.

use super::super::{Cell, Metric, Named, Puzzle, Vocabulary};
use serde_yaml::{Mapping, Value};

/// The nouns of a puzzle's text, as the `vocabulary` section writes them.
fn vocabulary(v: &Vocabulary) -> Value {
    let s = |x: &str| Value::String(x.to_string());
    let mut m = Mapping::new();
    for (k, x) in [
        ("move", &v.move_),
        ("moves", &v.moves),
        ("slot", &v.slot),
        ("slots", &v.slots),
    ] {
        m.insert(s(k), s(x));
    }
    Value::Mapping(m)
}

/// Writes a puzzle as our YAML, which [`super::read`] reads back to the same
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
pub fn write(p: &Puzzle) -> String {
    use serde_yaml::Value as V;
    let s = |x: &str| V::String(x.to_string());
    let n = |x: usize| V::Number(x.into());
    let mut top = Mapping::new();
    top.insert(s("name"), s(p.name()));
    if let Some(d) = p.description() {
        top.insert(s("description"), s(d));
    }
    if *p.vocabulary() != Vocabulary::default() {
        top.insert(s("vocabulary"), vocabulary(p.vocabulary()));
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
    if let Some(d) = p.drawing() {
        top.insert(s("drawing"), d.to_yaml(p.orbits()));
    }
    let body = serde_yaml::to_string(&V::Mapping(top)).unwrap_or_default();
    format!(
        "# {} as schofield writes it (docs/puzzles.md): slots from 0, moves in GAP's\n# cycle notation, each slot's orientation gain listed by the slot.\n{body}",
        p.name()
    )
}
