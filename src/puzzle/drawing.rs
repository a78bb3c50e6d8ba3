//! A puzzle drawn as its users see it: a net of coloured stickers.
//!
//! A *sticker* is one face of a piece (a *facelet*), drawn as a polygon on
//! a flat net: slot `s`'s facelet `k` of an orbit sits on that polygon,
//! and in the goal it shows the sticker's colour. A sticker that belongs
//! to no slot (a cube's centre, a Pyraminx tip the moves leave alone) keeps
//! its colour always.
//!
//! In any position the sticker of slot `s`, facelet `k` shows the colour
//! the goal gives to the piece now on `s`, facelet `k − o`, where `o` is
//! the piece's orientation there (cubing.js's KPuzzle convention, the one
//! every move of ours is written in: docs/puzzles.md). So the drawing is
//! data only: it says where each goal sticker is and what colour it has,
//! and the moves do the rest.
//!
//! ```
//! use schofield::puzzle::{library, word};
//! let cube = library::get("2x2x2").unwrap();
//! let drawing = cube.drawing().expect("the 2x2x2 is drawn as a net");
//! assert_eq!(drawing.stickers().len(), 24);
//! // The goal: every face one colour.
//! let goal = drawing.paint(cube.goal(), cube.goal());
//! assert_eq!(goal.iter().filter(|&&c| c == "white").count(), 4);
//! // After R the U face's right-hand stickers (the file draws the U face
//! // first, row by row) are green, the F face's colour.
//! let r = cube.declared_moves().iter().find(|m| m.name() == "R").unwrap();
//! let after = drawing.paint(cube.goal(), &cube.goal().apply(r.transformation()));
//! assert_eq!(after[..4], ["white", "#009e60", "white", "#009e60"]);
//! ```

use super::{CellDef, DefinitionError, Orbit, Pattern};
use crate::text::quoted;

/// The most stickers a drawing may have.
pub const MAX_STICKERS: usize = 20_000;
/// The most corners a sticker's polygon may have.
pub const MAX_CORNERS: usize = 64;
/// The largest coordinate a drawing may use, either way from 0.
pub const MAX_COORDINATE: f64 = 10_000.0;

/// One sticker as a file gives it, before any check.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct StickerDef {
    /// The slot it is on (`None` for a sticker of no slot, which never
    /// changes colour).
    pub slot: Option<CellDef>,
    /// Which facelet of the slot's piece (0 when the orbit has one
    /// orientation).
    pub facelet: usize,
    /// Its colour in the goal: a CSS colour name or `#` and hex digits.
    pub colour: String,
    /// Its polygon's corners, as SVG writes a polygon's points
    /// (`"0,0 1,0 1,1 0,1"`).
    pub points: String,
}

/// A checked sticker: where it is, its goal colour and its polygon.
#[derive(Debug, Clone, PartialEq)]
pub struct Sticker {
    /// The orbit, slot and facelet it shows (`None`: a fixed sticker).
    pub facelet: Option<(usize, usize, usize)>,
    /// Its colour in the goal.
    pub colour: String,
    /// Its polygon's corners.
    pub points: Vec<(f64, f64)>,
}

/// A puzzle's net of stickers, checked against its orbits.
#[derive(Debug, Clone, PartialEq)]
pub struct Drawing {
    stickers: Vec<Sticker>,
    /// For each orbit, slot and facelet, its sticker's goal colour.
    goal_colours: Vec<Vec<Vec<Option<usize>>>>,
}

/// CSS's named colours (CSS Color Module Level 4's 148, which browsers draw in SVG),
/// in alphabetical order.
#[rustfmt::skip]
pub const NAMED_COLOURS: [&str; 148] = [
    "aliceblue", "antiquewhite", "aqua", "aquamarine", "azure", "beige", "bisque", "black",
    "blanchedalmond", "blue", "blueviolet", "brown", "burlywood", "cadetblue", "chartreuse",
    "chocolate", "coral", "cornflowerblue", "cornsilk", "crimson", "cyan", "darkblue",
    "darkcyan", "darkgoldenrod", "darkgray", "darkgreen", "darkgrey", "darkkhaki",
    "darkmagenta", "darkolivegreen", "darkorange", "darkorchid", "darkred", "darksalmon",
    "darkseagreen", "darkslateblue", "darkslategray", "darkslategrey", "darkturquoise",
    "darkviolet", "deeppink", "deepskyblue", "dimgray", "dimgrey", "dodgerblue", "firebrick",
    "floralwhite", "forestgreen", "fuchsia", "gainsboro", "ghostwhite", "gold", "goldenrod",
    "gray", "green", "greenyellow", "grey", "honeydew", "hotpink", "indianred", "indigo",
    "ivory", "khaki", "lavender", "lavenderblush", "lawngreen", "lemonchiffon", "lightblue",
    "lightcoral", "lightcyan", "lightgoldenrodyellow", "lightgray", "lightgreen", "lightgrey",
    "lightpink", "lightsalmon", "lightseagreen", "lightskyblue", "lightslategray",
    "lightslategrey", "lightsteelblue", "lightyellow", "lime", "limegreen", "linen", "magenta",
    "maroon", "mediumaquamarine", "mediumblue", "mediumorchid", "mediumpurple",
    "mediumseagreen", "mediumslateblue", "mediumspringgreen", "mediumturquoise",
    "mediumvioletred", "midnightblue", "mintcream", "mistyrose", "moccasin", "navajowhite",
    "navy", "oldlace", "olive", "olivedrab", "orange", "orangered", "orchid", "palegoldenrod",
    "palegreen", "paleturquoise", "palevioletred", "papayawhip", "peachpuff", "peru", "pink",
    "plum", "powderblue", "purple", "rebeccapurple", "red", "rosybrown", "royalblue",
    "saddlebrown", "salmon", "sandybrown", "seagreen", "seashell", "sienna", "silver",
    "skyblue", "slateblue", "slategray", "slategrey", "snow", "springgreen", "steelblue", "tan",
    "teal", "thistle", "tomato", "turquoise", "violet", "wheat", "white", "whitesmoke",
    "yellow", "yellowgreen",
];

/// A colour as SVG and CSS take it, with nothing that could break out of
/// an attribute: one of CSS's named colours ([`NAMED_COLOURS`], in any
/// case), or `#` and 3, 4, 6 or 8 hex digits. A word that names no colour
/// (a misspelling, `none`, `transparent`) would leave its sticker
/// unpainted or black, and is refused.
///
/// ```
/// use schofield::puzzle::drawing::is_colour;
/// assert!(is_colour("white") && is_colour("LimeGreen") && is_colour("#26f"));
/// assert!(!is_colour("whte") && !is_colour("none") && !is_colour("#12345"));
/// ```
pub fn is_colour(s: &str) -> bool {
    match s.strip_prefix('#') {
        Some(hex) => {
            [3, 4, 6, 8].contains(&hex.len()) && hex.bytes().all(|b| b.is_ascii_hexdigit())
        }
        None => NAMED_COLOURS
            .binary_search(&s.to_ascii_lowercase().as_str())
            .is_ok(),
    }
}

/// The corners of a polygon written as SVG writes them: pairs `x,y`
/// separated by spaces (commas and spaces are interchangeable).
///
/// ```
/// use schofield::puzzle::drawing::points;
/// assert_eq!(points("0,0 1,0 0.5,1").unwrap(), vec![(0.0, 0.0), (1.0, 0.0), (0.5, 1.0)]);
/// assert!(points("0,0 1").is_err());
/// ```
pub fn points(text: &str) -> Result<Vec<(f64, f64)>, String> {
    let numbers = text
        .split(|c: char| c == ',' || c.is_whitespace())
        .filter(|t| !t.is_empty())
        .map(|t| {
            t.parse::<f64>()
                .ok()
                .filter(|x| x.is_finite() && x.abs() <= MAX_COORDINATE)
                .ok_or_else(|| {
                    format!(
                        "{} is not a coordinate; expected a number between -{MAX_COORDINATE} and {MAX_COORDINATE}",
                        quoted(t)
                    )
                })
        })
        .collect::<Result<Vec<f64>, String>>()?;
    if numbers.len() % 2 != 0 {
        return Err(format!(
            "{} has an odd number of coordinates; expected pairs x,y",
            quoted(text)
        ));
    }
    let corners: Vec<(f64, f64)> = numbers.chunks(2).map(|p| (p[0], p[1])).collect();
    if !(3..=MAX_CORNERS).contains(&corners.len()) {
        return Err(format!(
            "{} has {} corners; a sticker has 3 to {MAX_CORNERS}",
            quoted(text),
            corners.len()
        ));
    }
    Ok(corners)
}

/// The orbit, slot and facelet a sticker shows, checked against the
/// orbits; `None` for a sticker of no slot. A facelet given without a slot,
/// and the layout's `_` and `.`, are refused: they say nothing here.
fn place(d: &StickerDef, orbits: &[Orbit]) -> Result<Option<(usize, usize, usize)>, String> {
    let (orbit, slot) = match &d.slot {
        None if d.facelet == 0 => return Ok(None),
        None => return Err(format!("facelet {} is given without a slot", d.facelet)),
        Some(CellDef::Blank | CellDef::Gap) => {
            return Err("a sticker's slot is a slot number or ORBIT:number".to_string());
        }
        Some(CellDef::Slot(orbit, slot)) => (orbit, *slot),
    };
    let o = match orbit {
        None => 0,
        Some(name) => orbits.iter().position(|o| &o.name == name).ok_or_else(|| {
            let known: Vec<&str> = orbits.iter().map(|o| o.name.as_str()).collect();
            format!(
                "orbit {} does not exist; the orbits are {}",
                quoted(name),
                known.join(", ")
            )
        })?,
    };
    let orbit = &orbits[o];
    if slot >= orbit.pieces {
        return Err(format!(
            "slot {slot} of {} does not exist; it has slots 0 to {}",
            orbit.name,
            orbit.pieces - 1
        ));
    }
    if d.facelet >= usize::from(orbit.orientations) {
        return Err(format!(
            "facelet {} does not exist; the pieces of {} have facelets 0 to {}",
            d.facelet,
            orbit.name,
            orbit.orientations - 1
        ));
    }
    Ok(Some((o, slot, d.facelet)))
}

impl Drawing {
    /// Checks a file's stickers against the puzzle's orbits and goal: each
    /// sticker on a slot that exists, a facelet its orbit has, no facelet
    /// drawn twice, identical pieces drawn alike, a colour and a polygon
    /// that SVG draws. `None` when the file has no drawing.
    pub fn check(
        defs: &[StickerDef],
        orbits: &[Orbit],
        goal: &Pattern,
    ) -> Result<Option<Drawing>, DefinitionError> {
        if defs.is_empty() {
            return Ok(None);
        }
        let bad = |k: usize, problem: String| DefinitionError::Drawing {
            sticker: k + 1,
            problem,
        };
        if defs.len() > MAX_STICKERS {
            return Err(bad(
                MAX_STICKERS,
                format!(
                    "the drawing has {} stickers; at most {MAX_STICKERS} are allowed",
                    defs.len()
                ),
            ));
        }
        let mut goal_colours: Vec<Vec<Vec<Option<usize>>>> = orbits
            .iter()
            .map(|o| vec![vec![None; usize::from(o.orientations)]; o.pieces])
            .collect();
        let mut stickers = Vec::with_capacity(defs.len());
        for (k, d) in defs.iter().enumerate() {
            if !is_colour(&d.colour) {
                return Err(bad(
                    k,
                    format!(
                        "colour {} is not a colour; expected a CSS colour name such as white or # and hex digits such as #ffd500",
                        quoted(&d.colour)
                    ),
                ));
            }
            let corners = points(&d.points).map_err(|e| bad(k, e))?;
            let facelet = place(d, orbits).map_err(|e| bad(k, e))?;
            if let Some((o, slot, f)) = facelet {
                let seen = &mut goal_colours[o][slot][f];
                if seen.is_some() {
                    let name = &orbits[o].name;
                    return Err(bad(
                        k,
                        format!("{name} slot {slot}, facelet {f}, is drawn twice"),
                    ));
                }
                *seen = Some(k);
            }
            stickers.push(Sticker {
                facelet,
                colour: d.colour.clone(),
                points: corners,
            });
        }
        let drawing = Drawing {
            stickers,
            goal_colours,
        };
        drawing
            .identical_alike(orbits, goal)
            .map_err(|(k, e)| bad(k, e))?;
        // A net with no width or no height cannot be scaled to a picture.
        let (l, t, r, b) = drawing.bounds();
        if r - l <= 0.0 || b - t <= 0.0 {
            return Err(bad(
                defs.len() - 1,
                format!(
                    "the drawing is {} wide and {} high; a net needs both above 0",
                    r - l,
                    b - t
                ),
            ));
        }
        Ok(Some(drawing))
    }

    /// Identical pieces look alike: [`Drawing::paint`] paints a piece by
    /// the first goal slot that holds its like, so every other slot holding
    /// one in the goal must show each of its facelets in the same colour.
    /// Else the sticker that differs, and why.
    fn identical_alike(&self, orbits: &[Orbit], goal: &Pattern) -> Result<(), (usize, String)> {
        for (o, (orbit, at)) in orbits.iter().zip(goal.orbits()).enumerate() {
            let n = usize::from(orbit.orientations);
            let mut first: Vec<Option<usize>> = vec![None; 256];
            for (slot, &piece) in at.pieces.iter().enumerate() {
                let Some(g) = first[usize::from(piece)] else {
                    first[usize::from(piece)] = Some(slot);
                    continue;
                };
                // Facelet j of the piece is on facelet j + o of its slot.
                let on = |s: usize, j: usize| {
                    let k = (j + usize::from(at.orientation[s])) % n;
                    self.goal_colours[o][s][k].map(|i| (i, &self.stickers[i].colour))
                };
                for j in 0..n {
                    // CSS reads colours in any case: `Red` is `red`.
                    if let (Some((_, c)), Some((i, d))) = (on(g, j), on(slot, j))
                        && !c.eq_ignore_ascii_case(d)
                    {
                        let name = &orbit.name;
                        return Err((
                            i,
                            format!(
                                "{name} slots {g} and {slot} hold identical pieces in the goal, drawn in {c} and {d}; identical pieces must be drawn alike"
                            ),
                        ));
                    }
                }
            }
        }
        Ok(())
    }

    /// The stickers, in the file's order.
    pub fn stickers(&self) -> &[Sticker] {
        &self.stickers
    }

    /// The smallest and largest coordinates: `(left, top, right, bottom)`.
    pub fn bounds(&self) -> (f64, f64, f64, f64) {
        self.stickers.iter().flat_map(|s| &s.points).fold(
            (f64::MAX, f64::MAX, f64::MIN, f64::MIN),
            |(l, t, r, b), &(x, y)| (l.min(x), t.min(y), r.max(x), b.max(y)),
        )
    }

    /// The colour each sticker shows in `position`, sticker by sticker, on
    /// a puzzle whose goal is `goal`. A facelet the drawing leaves out
    /// shows grey where it arrives.
    pub fn paint<'a>(&'a self, goal: &Pattern, position: &Pattern) -> Vec<&'a str> {
        // Where each piece stands in the goal (identical pieces look alike,
        // so the first of them will do).
        let home: Vec<Vec<Option<usize>>> = goal
            .orbits()
            .iter()
            .map(|o| {
                let mut home = vec![None; 256];
                for (slot, &p) in o.pieces.iter().enumerate().rev() {
                    home[usize::from(p)] = Some(slot);
                }
                home
            })
            .collect();
        self.stickers
            .iter()
            .map(|s| {
                let Some((o, slot, k)) = s.facelet else {
                    return s.colour.as_str();
                };
                let now = &position.orbits()[o];
                let n = self.goal_colours[o][slot].len();
                let piece = now.pieces[slot];
                let shown = home[o][usize::from(piece)].and_then(|g| {
                    let at_home = usize::from(goal.orbits()[o].orientation[g]);
                    let turned = usize::from(now.orientation[slot]);
                    self.goal_colours[o][g][(k + n + at_home % n - turned % n) % n]
                });
                shown.map_or("grey", |i| self.stickers[i].colour.as_str())
            })
            .collect()
    }

    /// The drawing as our YAML writes it (the `drawing` section): each
    /// sticker's slot as `ORBIT:number`, its facelet, colour and points.
    pub fn to_yaml(&self, orbits: &[Orbit]) -> serde_yaml::Value {
        use serde_yaml::{Mapping, Value as V};
        let s = |x: &str| V::String(x.to_string());
        V::Sequence(
            self.stickers
                .iter()
                .map(|st| {
                    let mut m = Mapping::new();
                    if let Some((o, slot, k)) = st.facelet {
                        m.insert(s("slot"), s(&format!("{}:{slot}", orbits[o].name)));
                        if k > 0 {
                            m.insert(s("facelet"), V::Number(k.into()));
                        }
                    }
                    m.insert(s("colour"), s(&st.colour));
                    let points: Vec<String> =
                        st.points.iter().map(|(x, y)| format!("{x},{y}")).collect();
                    m.insert(s("points"), s(&points.join(" ")));
                    V::Mapping(m)
                })
                .collect(),
        )
    }
}

#[cfg(test)]
mod tests {
    use crate::puzzle::{Puzzle, library, yaml};

    /// The cell of the net where a sticker's polygon starts (its least x
    /// and y), on a net of unit squares.
    fn cell(s: &super::Sticker) -> (usize, usize) {
        let x = s.points.iter().map(|p| p.0).fold(f64::MAX, f64::min);
        let y = s.points.iter().map(|p| p.1).fold(f64::MAX, f64::min);
        (x as usize, y as usize)
    }

    /// Each face turn turns its own face of the net a quarter (or half)
    /// turn clockwise, as seen from outside, and leaves the opposite face
    /// alone: checked from a scrambled position on every cube of the
    /// library, so that a sticker placed on the wrong square or facelet
    /// shows.
    #[test]
    fn a_face_turn_turns_its_face_of_the_net() {
        // Where each face's square sits in the net, in faces, and its opposite.
        let faces = [
            ('U', (1, 0), 'D'),
            ('L', (0, 1), 'R'),
            ('F', (1, 1), 'B'),
            ('R', (2, 1), 'L'),
            ('B', (3, 1), 'F'),
            ('D', (1, 2), 'U'),
        ];
        for (name, n, half) in [
            ("2x2x2", 2, false),
            ("corners", 2, false),
            ("3x3x3", 3, false),
            ("squares", 3, true),
        ] {
            let p = library::get(name).unwrap();
            let d = p.drawing().unwrap();
            let turn = |f: char| {
                let name = if half { format!("{f}2") } else { f.to_string() };
                p.declared_moves()
                    .iter()
                    .find(|m| m.name() == name)
                    .unwrap()
                    .transformation()
                    .clone()
            };
            let mut at = p.goal().clone();
            for f in "RUFLDBRFU".chars() {
                at = at.apply(&turn(f));
            }
            let before = d.paint(p.goal(), &at);
            let index =
                |x: usize, y: usize| d.stickers().iter().position(|s| cell(s) == (x, y)).unwrap();
            for &(face, (fx, fy), opposite) in &faces {
                let after = d.paint(p.goal(), &at.apply(&turn(face)));
                for r in 0..n {
                    for c in 0..n {
                        let (r0, c0) = if half {
                            (n - 1 - r, n - 1 - c)
                        } else {
                            (n - 1 - c, r)
                        };
                        assert_eq!(
                            after[index(fx * n + c, fy * n + r)],
                            before[index(fx * n + c0, fy * n + r0)],
                            "{name}: {face} at row {r}, column {c}"
                        );
                        let &(_, (ox, oy), _) = faces.iter().find(|f| f.0 == opposite).unwrap();
                        let k = index(ox * n + c, oy * n + r);
                        assert_eq!(after[k], before[k], "{name}: {face} moves {opposite}");
                    }
                }
            }
            // The goal shows each face in one colour.
            let goal = d.paint(p.goal(), p.goal());
            for &(face, (fx, fy), _) in &faces {
                let first = goal[index(fx * n, fy * n)];
                for r in 0..n {
                    for c in 0..n {
                        assert_eq!(goal[index(fx * n + c, fy * n + r)], first, "{name}: {face}");
                    }
                }
            }
        }
    }

    /// A face of a net, named by the vertex opposite it, and where each of
    /// its corners (named by their vertices) is drawn.
    type Face = (char, [(char, (f64, f64)); 3]);

    /// The Pyraminx's net (faces of side 3).
    fn pyraminx_faces() -> [Face; 4] {
        let r = 3f64.sqrt() / 2.0;
        let (u, l, rr) = ((3.0, 0.0), (1.5, 3.0 * r), (4.5, 3.0 * r));
        [
            ('B', [('U', u), ('L', l), ('R', rr)]),
            ('R', [('U', u), ('L', l), ('B', (0.0, 0.0))]),
            ('L', [('U', u), ('R', rr), ('B', (6.0, 0.0))]),
            ('U', [('L', l), ('R', rr), ('B', (3.0, 6.0 * r))]),
        ]
    }

    fn centre(s: &super::Sticker) -> (f64, f64) {
        let n = s.points.len() as f64;
        s.points
            .iter()
            .fold((0.0, 0.0), |a, q| (a.0 + q.0 / n, a.1 + q.1 / n))
    }

    /// A sticker's face and the weight of each of its corners at the
    /// sticker's centre.
    fn on_face(s: &super::Sticker) -> (char, [(char, f64); 3]) {
        let c = centre(s);
        pyraminx_faces()
            .into_iter()
            .find_map(|(face, k)| {
                let [(_, a), (_, b), (_, e)] = k;
                let det = (b.0 - a.0) * (e.1 - a.1) - (e.0 - a.0) * (b.1 - a.1);
                let u = ((c.0 - a.0) * (e.1 - a.1) - (e.0 - a.0) * (c.1 - a.1)) / det;
                let v = ((b.0 - a.0) * (c.1 - a.1) - (c.0 - a.0) * (b.1 - a.1)) / det;
                let w = [(k[0].0, 1.0 - u - v), (k[1].0, u), (k[2].0, v)];
                w.iter().all(|x| x.1 > 0.0).then_some((face, w))
            })
            .unwrap()
    }

    #[test]
    fn a_pyraminx_turn_carries_its_stickers_round_its_vertex() {
        // Each move turns the other three vertices a third of a turn
        // clockwise round its own, seen from outside: in the net the faces
        // round U are, clockwise, L, B and R, so U takes L's corner to B's.
        let turns = [('U', "LBR"), ('L', "URB"), ('R', "UBL"), ('B', "ULR")];
        let p = library::get("pyraminx").unwrap();
        let d = p.drawing().unwrap();
        let turn = |v: char| {
            let m = p
                .declared_moves()
                .iter()
                .find(|m| m.name() == v.to_string());
            m.unwrap().transformation().clone()
        };
        let mut at = p.goal().clone();
        for v in "ULRBLUR".chars() {
            at = at.apply(&turn(v));
        }
        let before = d.paint(p.goal(), &at);
        for (v, cycle) in turns {
            let after = d.paint(p.goal(), &at.apply(&turn(v)));
            let image = |x: char| {
                cycle
                    .find(x)
                    .map_or(x, |i| cycle.as_bytes()[(i + 1) % 3] as char)
            };
            for (i, s) in d.stickers().iter().enumerate() {
                let (face, w) = on_face(s);
                let moved = w.iter().any(|&(corner, x)| corner == v && x > 0.4);
                if s.facelet.is_none() || !moved {
                    assert_eq!(after[i], before[i], "{v} moves sticker {i}");
                    continue;
                }
                // Where the turn carries its centre: the same weights on
                // the turned corners of the turned face.
                let faces = pyraminx_faces();
                let (_, k) = faces.iter().find(|f| f.0 == image(face)).unwrap();
                let at = |corner: char| k.iter().find(|c| c.0 == corner).unwrap().1;
                let to = w.iter().fold((0.0, 0.0), |a, &(corner, x)| {
                    (a.0 + x * at(image(corner)).0, a.1 + x * at(image(corner)).1)
                });
                let j = d.stickers().iter().position(|t| {
                    let c = centre(t);
                    (c.0 - to.0).abs() + (c.1 - to.1).abs() < 1e-3
                });
                assert_eq!(
                    after[j.unwrap()],
                    before[i],
                    "{v}: sticker {i} on face {face}"
                );
            }
        }
        // The goal shows each face in one colour, and 9 stickers a face.
        let goal = d.paint(p.goal(), p.goal());
        for (face, _) in pyraminx_faces() {
            let on: Vec<&str> = (0..goal.len())
                .filter(|&i| on_face(&d.stickers()[i]).0 == face)
                .map(|i| goal[i])
                .collect();
            assert_eq!(on.len(), 9, "{face}");
            assert!(on.iter().all(|&c| c == on[0]), "{face}: {on:?}");
        }
    }

    fn refusal(drawing: &str) -> String {
        let text = format!(
            "name: t\norbits:\n  A: {{pieces: 2, orientations: 2}}\nmoves:\n  M: {{cycles: {{A: \"(0,1)\"}}}}\ndrawing:\n{drawing}"
        );
        Puzzle::new(yaml::read(&text).unwrap())
            .unwrap_err()
            .to_string()
    }

    #[test]
    fn a_wrong_sticker_is_named_with_what_is_expected() {
        let square = "points: \"0,0 1,0 1,1\"";
        for (sticker, expected) in [
            (
                format!("{{slot: B:0, colour: red, {square}}}"),
                "orbit \"B\" does not exist; the orbits are A",
            ),
            (
                format!("{{slot: A:2, colour: red, {square}}}"),
                "slot 2 of A does not exist; it has slots 0 to 1",
            ),
            (
                format!("{{slot: A:1, facelet: 2, colour: red, {square}}}"),
                "facelet 2 does not exist",
            ),
            (
                format!("{{slot: A:0, colour: \"red;x\", {square}}}"),
                "is not a colour",
            ),
            // A misspelt name, or none, would leave the sticker black or
            // unpainted.
            (
                format!("{{slot: A:0, colour: whte, {square}}}"),
                "colour \"whte\" is not a colour",
            ),
            (
                format!("{{slot: A:0, colour: none, {square}}}"),
                "is not a colour",
            ),
            (
                "{slot: A:0, colour: red, points: \"0,0 1,0\"}".to_string(),
                "has 2 corners",
            ),
            (
                "{slot: A:0, colour: red, points: \"0,0 1,0 1\"}".to_string(),
                "odd number",
            ),
            (
                "{slot: A:0, colour: red, points: \"0,0 1,0 1,NaN\"}".to_string(),
                "is not a coordinate",
            ),
        ] {
            let message = refusal(&format!("  - {sticker}\n"));
            assert!(
                message.contains("sticker 1") && message.contains(expected),
                "{message}"
            );
        }
        let loose = "  - {facelet: 1, colour: red, points: \"0,0 1,0 1,1\"}\n";
        assert!(
            refusal(loose).contains("sticker 1: facelet 1 is given without a slot"),
            "{}",
            refusal(loose)
        );
        let blank = "  - {slot: _, colour: red, points: \"0,0 1,0 1,1\"}\n";
        assert!(
            refusal(blank).contains("a slot number or ORBIT:number"),
            "{}",
            refusal(blank)
        );
        let flat = "  - {slot: A:0, colour: red, points: \"0,0 1,0 2,0\"}\n";
        assert!(
            refusal(flat).contains("the drawing is 2 wide and 0 high"),
            "{}",
            refusal(flat)
        );
        let twice = format!(
            "  - {{slot: A:0, colour: red, {square}}}\n  - {{slot: A:0, colour: red, {square}}}\n"
        );
        assert!(refusal(&twice).contains("sticker 2: A slot 0, facelet 0, is drawn twice"));
    }

    #[test]
    fn identical_pieces_must_be_drawn_alike() {
        let file = |slot1: &str| {
            format!(
                "name: t\norbits:\n  A: {{pieces: 2, orientations: 2}}\ngoal:\n  A: {{pieces: [0, 0], orientation: [0, 1]}}\nmoves:\n  M: {{cycles: {{A: \"(0,1)\"}}}}\ndrawing:\n  - {{slot: A:0, colour: red, points: \"0,0 1,0 1,1\"}}\n  - {{slot: A:0, facelet: 1, colour: blue, points: \"1,0 2,0 2,1\"}}\n{slot1}"
            )
        };
        // The second piece is turned once in the goal: its facelet 0 is on
        // its slot's facelet 1, so that facelet is red like the first's.
        let alike = file("  - {slot: A:1, facelet: 1, colour: red, points: \"0,1 1,1 1,2\"}\n");
        assert!(Puzzle::new(yaml::read(&alike).unwrap()).is_ok());
        // A colour's name in any case is the same colour, as CSS reads it.
        let cased = file("  - {slot: A:1, facelet: 1, colour: Red, points: \"0,1 1,1 1,2\"}\n");
        assert!(Puzzle::new(yaml::read(&cased).unwrap()).is_ok());
        let unlike = file("  - {slot: A:1, colour: red, points: \"0,1 1,1 1,2\"}\n");
        let message = Puzzle::new(yaml::read(&unlike).unwrap())
            .unwrap_err()
            .to_string();
        assert!(
            message.contains("sticker 3: A slots 0 and 1 hold identical pieces in the goal, drawn in blue and red"),
            "{message}"
        );
    }
}
