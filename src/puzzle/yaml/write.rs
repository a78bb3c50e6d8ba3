//! Writing a puzzle as our YAML: everything the file format holds, read
//! back to the same puzzle.

use super::super::{Cell, Cells, Metric, Named, Puzzle, Vocabulary};
use serde_yaml::{Mapping, Value};

/// The nouns of a puzzle's text, as the `vocabulary` section writes them.
fn vocabulary(v: &Vocabulary) -> Value {
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
    top.insert(s("orbits"), orbits(p));
    if let Some(goal) = goal(p) {
        top.insert(s("goal"), goal);
    }
    if p.tile_tray().is_some() {
        top.insert(s("tile_moves"), Value::Bool(true));
    }
    let w = Writer::new(p);
    if !w.cells.layout.is_empty() {
        top.insert(s("layout"), w.layout_rows());
    }
    if !p.declared_moves().is_empty() {
        top.insert(s("moves"), w.section(p.declared_moves(), false));
    }
    if !p.rotations().is_empty() {
        top.insert(s("rotations"), w.section(p.rotations(), false));
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
        top.insert(s("symmetry_generators"), w.section(&own, true));
    }
    if let Some(d) = p.drawing() {
        top.insert(s("drawing"), d.to_yaml(p.orbits()));
    }
    let body = serde_yaml::to_string(&Value::Mapping(top)).unwrap_or_default();
    format!(
        "# {} as schofield writes it (docs/puzzles.md): slots from 0, moves in GAP's\n# cycle notation, each slot's orientation gain listed by the slot.\n{body}",
        p.name()
    )
}

/// A YAML string.
fn s(x: &str) -> Value {
    Value::String(x.to_string())
}

/// A YAML number.
fn n(x: usize) -> Value {
    Value::Number(x.into())
}

/// A YAML list of numbers.
fn list(l: &[u8]) -> Value {
    Value::Sequence(l.iter().map(|&x| n(usize::from(x))).collect())
}

/// The `orbits` section: each orbit's pieces, and its orientations when
/// more than one.
fn orbits(p: &Puzzle) -> Value {
    let mut orbits = Mapping::new();
    for o in p.orbits() {
        let mut m = Mapping::new();
        m.insert(s("pieces"), n(o.pieces));
        if o.orientations > 1 {
            m.insert(s("orientations"), n(usize::from(o.orientations)));
        }
        orbits.insert(s(&o.name), Value::Mapping(m));
    }
    Value::Mapping(orbits)
}

/// The `goal` section: the orbits whose goal is not the identity (`None`
/// when none is).
fn goal(p: &Puzzle) -> Option<Value> {
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
            goal.insert(s(&o.name), Value::Mapping(m));
        }
    }
    (!goal.is_empty()).then_some(Value::Mapping(goal))
}

/// What writing the moves needs of the drawing: the layout, and where the
/// blank is, so that a word of slides is written as a walk of the blank.
struct Writer<'a> {
    p: &'a Puzzle,
    cells: Cells<'a>,
    blank: Option<usize>,
    slides: &'a [(usize, usize)],
}

impl<'a> Writer<'a> {
    fn new(p: &'a Puzzle) -> Writer<'a> {
        let cells = Cells::new(p.layout());
        let blank = (0..cells.len()).find(|&i| cells.at(i) == Cell::Blank);
        Writer {
            p,
            cells,
            blank,
            slides: p.slides(),
        }
    }

    /// A cell's name in the layout: `_` the blank, `.` a gap, a slot by
    /// its number (in the first orbit) or as `orbit:slot`.
    fn cell_name(&self, c: Cell) -> String {
        match c {
            Cell::Blank => "_".to_string(),
            Cell::Gap => ".".to_string(),
            Cell::Slot { orbit: 0, slot } => slot.to_string(),
            Cell::Slot { orbit, slot } => format!("{}:{slot}", self.p.orbits()[orbit].name),
        }
    }

    /// The `layout` section: a row of cell names a line.
    fn layout_rows(&self) -> Value {
        Value::Sequence(
            self.cells
                .layout
                .iter()
                .map(|row| {
                    s(&row
                        .iter()
                        .map(|&c| self.cell_name(c))
                        .collect::<Vec<_>>()
                        .join(" "))
                })
                .collect(),
        )
    }

    /// A section of named transformations (`moves`, `rotations`,
    /// `symmetry_generators`), `mirror` written when `mirror_key`.
    fn section(&self, items: &[Named], mirror_key: bool) -> Value {
        Value::Mapping(
            items
                .iter()
                .map(|t| (s(t.name()), self.named(t, mirror_key)))
                .collect(),
        )
    }

    /// One named transformation: its cycles in GAP's notation, its
    /// orientation gains, its word (a walk of the blank where there is
    /// one) and, when `mirror_key`, whether it mirrors.
    fn named(&self, t: &Named, mirror_key: bool) -> Value {
        let p = self.p;
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
        m.insert(s("cycles"), Value::Mapping(cycles));
        if !ori.is_empty() {
            m.insert(s("orientation"), Value::Mapping(ori));
        }
        if let Some(w) = t.word() {
            match self.blank {
                Some(_) if !self.slides.is_empty() => {
                    // A step (lo, hi) taken forwards moves the blank to hi.
                    let mut walk = vec!["_".to_string()];
                    for &(id, back) in w.steps() {
                        let (lo, hi) = self.slides[usize::from(id)];
                        walk.push(self.cell_name(self.cells.at(if back { lo } else { hi })));
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
            m.insert(s("mirror"), Value::Bool(true));
        }
        Value::Mapping(m)
    }
}
