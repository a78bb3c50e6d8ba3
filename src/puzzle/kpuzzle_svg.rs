//! cubing.js's own pictures of its puzzles, read as drawings
//! ([`super::drawing`]).
//!
//! cubing.js keeps a puzzle's picture apart from its KPuzzle definition: an
//! SVG net whose stickers carry ids `ORBIT-lN-oK`, the facelet `K` of slot
//! `N` of orbit `ORBIT`, filled with their goal colour. That is our
//! drawing's convention too (a sticker shows the goal colour of the piece
//! now on its slot, at its facelet less the piece's orientation), so each
//! such element becomes one sticker: its polygon is the shape it draws
//! (a `polygon`, a `rect`, a `path` of straight lines, or a `use` of one of
//! these), carried through every `transform` above it into the picture's
//! coordinates. Elements without such an id (titles, outlines, the faint
//! copies of `data-copy-id`) are left out. The text may be the SVG itself
//! or cubing.js's `.svg.ts` file that holds it in a string.
//!
//! ```
//! use schofield::puzzle::kpuzzle_svg;
//! let svg = r##"<svg><defs><g id="sticker"><rect width="1" height="1"/></g></defs>
//!   <g transform="scale(10)">
//!     <use id="CORNERS-l0-o1" href="#sticker" transform="translate(2, 0)" style="fill: red"/>
//!     <polygon id="CORNERS-l1-o0" points="0,0 1,0 0.5,1" fill="#26f"/>
//!   </g></svg>"##;
//! let stickers = kpuzzle_svg::stickers(svg).unwrap();
//! assert_eq!(stickers.len(), 2);
//! assert_eq!(stickers[0].facelet, 1);
//! assert_eq!(stickers[0].colour, "red");
//! assert_eq!(stickers[0].points, "20,0 30,0 30,10 20,10");
//! assert_eq!(stickers[1].colour, "#26f");
//! ```

use super::CellDef;
use super::drawing::{MAX_STICKERS, StickerDef};
use crate::text::quoted;
use std::collections::HashMap;

/// The most elements a picture may have.
pub const MAX_ELEMENTS: usize = 200_000;
/// The deepest a picture's elements may nest (and a `use` may refer).
pub const MAX_DEPTH: usize = 64;

/// One element of the picture: its name, attributes and children.
struct Element {
    name: String,
    attributes: Vec<(String, String)>,
    children: Vec<usize>,
}

impl Element {
    fn get(&self, key: &str) -> Option<&str> {
        self.attributes
            .iter()
            .find(|(k, _)| k == key)
            .map(|(_, v)| v.as_str())
    }

    /// Its fill, from `style` first, then the `fill` attribute.
    fn fill(&self) -> Option<String> {
        let from_style = self.get("style").and_then(|s| {
            s.split(';').find_map(|d| {
                let (k, v) = d.split_once(':')?;
                (k.trim() == "fill").then(|| v.trim().to_string())
            })
        });
        from_style.or_else(|| self.get("fill").map(|f| f.trim().to_string()))
    }

    /// A `use`'s target, by `href` or `xlink:href`.
    fn href(&self) -> Option<&str> {
        self.get("href")
            .or_else(|| self.get("xlink:href"))
            .and_then(|h| h.strip_prefix('#'))
    }
}

/// An affine map of the plane, `(a, b, c, d, e, f)` as SVG's `matrix`.
#[derive(Clone, Copy, Debug)]
struct Affine([f64; 6]);

impl Affine {
    const ID: Affine = Affine([1.0, 0.0, 0.0, 1.0, 0.0, 0.0]);

    /// `self` after `then`: a point is mapped by `then` first.
    fn then(self, inner: Affine) -> Affine {
        let [a, b, c, d, e, f] = self.0;
        let [p, q, r, s, t, u] = inner.0;
        Affine([
            a * p + c * q,
            b * p + d * q,
            a * r + c * s,
            b * r + d * s,
            a * t + c * u + e,
            b * t + d * u + f,
        ])
    }

    fn apply(&self, (x, y): (f64, f64)) -> (f64, f64) {
        let [a, b, c, d, e, f] = self.0;
        (a * x + c * y + e, b * x + d * y + f)
    }

    fn translate(x: f64, y: f64) -> Affine {
        Affine([1.0, 0.0, 0.0, 1.0, x, y])
    }
}

/// The numbers of an attribute, separated by commas or spaces.
fn numbers(text: &str) -> Result<Vec<f64>, String> {
    text.split(|c: char| c == ',' || c.is_whitespace())
        .filter(|t| !t.is_empty())
        .map(|t| {
            t.trim_end_matches("px")
                .parse::<f64>()
                .ok()
                .filter(|x| x.is_finite())
                .ok_or_else(|| format!("{} is not a number", quoted(t)))
        })
        .collect()
}

/// An SVG `transform` list: `translate`, `scale`, `rotate`, `skewX`,
/// `skewY` and `matrix`, applied right to left as SVG does.
fn transform(text: &str) -> Result<Affine, String> {
    let mut m = Affine::ID;
    let mut rest = text.trim();
    while !rest.is_empty() {
        let open = rest
            .find('(')
            .ok_or_else(|| format!("transform {}: expected NAME(NUMBERS)", quoted(text)))?;
        let close = rest[open..]
            .find(')')
            .ok_or_else(|| format!("transform {}: a ( is not closed", quoted(text)))?
            + open;
        let name = rest[..open].trim().trim_start_matches(',').trim();
        let v = numbers(&rest[open + 1..close])?;
        let bad = || {
            format!(
                "transform {}: {name} does not take {} numbers",
                quoted(text),
                v.len()
            )
        };
        let step = match (name, v.as_slice()) {
            ("translate", [x]) => Affine::translate(*x, 0.0),
            ("translate", [x, y]) => Affine::translate(*x, *y),
            ("scale", [s]) => Affine([*s, 0.0, 0.0, *s, 0.0, 0.0]),
            ("scale", [x, y]) => Affine([*x, 0.0, 0.0, *y, 0.0, 0.0]),
            ("rotate", [a, centre @ ..]) if centre.is_empty() || centre.len() == 2 => {
                let (s, c) = a.to_radians().sin_cos();
                let r = Affine([c, s, -s, c, 0.0, 0.0]);
                match centre {
                    [x, y] => Affine::translate(*x, *y)
                        .then(r)
                        .then(Affine::translate(-x, -y)),
                    _ => r,
                }
            }
            ("skewX", [a]) => Affine([1.0, 0.0, a.to_radians().tan(), 1.0, 0.0, 0.0]),
            ("skewY", [a]) => Affine([1.0, a.to_radians().tan(), 0.0, 1.0, 0.0, 0.0]),
            ("matrix", [a, b, c, d, e, f]) => Affine([*a, *b, *c, *d, *e, *f]),
            ("translate" | "scale" | "rotate" | "skewX" | "skewY" | "matrix", _) => {
                return Err(bad());
            }
            _ => {
                return Err(format!(
                    "transform {}: {} is not translate, scale, rotate, skewX, skewY or matrix",
                    quoted(text),
                    quoted(name)
                ));
            }
        };
        m = m.then(step);
        rest = rest[close + 1..].trim_start();
    }
    Ok(m)
}

/// A path's tokens: command letters (`Ok`) and numbers (`Err`); `1.5.5`
/// is 1.5 then .5.
type Token = Result<char, f64>;

fn path_tokens(d: &str) -> Result<Vec<Token>, String> {
    let mut tokens: Vec<Token> = Vec::new();
    let b = d.as_bytes();
    let mut i = 0;
    while i < b.len() {
        let c = b[i] as char;
        if c.is_ascii_alphabetic() && c != 'e' && c != 'E' {
            tokens.push(Ok(c));
            i += 1;
        } else if c.is_whitespace() || c == ',' {
            i += 1;
        } else if !matches!(b[i], b'0'..=b'9' | b'-' | b'+' | b'.') {
            let bad: String = d[i..].chars().take(1).collect();
            return Err(format!(
                "path {}: {} is neither a command nor a number",
                quoted(d),
                quoted(&bad)
            ));
        } else {
            let start = i;
            let mut dot = false;
            if b[i] == b'-' || b[i] == b'+' {
                i += 1;
            }
            while i < b.len() {
                match b[i] {
                    b'0'..=b'9' => i += 1,
                    b'.' if !dot => {
                        dot = true;
                        i += 1;
                    }
                    b'e' | b'E' => {
                        i += 1;
                        if i < b.len() && (b[i] == b'-' || b[i] == b'+') {
                            i += 1;
                        }
                    }
                    _ => break,
                }
            }
            let text = &d[start..i.max(start + 1).min(d.len())];
            let x = text
                .parse::<f64>()
                .ok()
                .filter(|x| x.is_finite())
                .ok_or_else(|| format!("path {}: {} is not a number", quoted(d), quoted(text)))?;
            i = i.max(start + 1);
            tokens.push(Err(x));
        }
    }
    Ok(tokens)
}

/// The corners of a path of straight lines (`M L H V Z`, either case):
/// one closed outline. Curves and arcs are refused.
fn path(d: &str) -> Result<Vec<(f64, f64)>, String> {
    let tokens = path_tokens(d)?;
    let mut corners = Vec::new();
    let mut at = (0.0, 0.0);
    let mut command = None;
    let mut k = 0;
    let number = |k: &mut usize| match tokens.get(*k) {
        Some(Err(x)) => {
            *k += 1;
            Ok(*x)
        }
        _ => Err(format!("path {}: a number is missing", quoted(d))),
    };
    while k < tokens.len() {
        if let Ok(c) = tokens[k] {
            command = Some(c);
            k += 1;
            if c == 'z' || c == 'Z' {
                // A moveto alone after the close draws nothing (cubing.js's
                // megaminx ends its paths so).
                let lone_move = matches!(&tokens[k..], [Ok('M' | 'm'), Err(_), Err(_)]);
                if k < tokens.len() && !lone_move {
                    return Err(format!(
                        "path {}: a sticker is one closed outline; this goes on after it closes",
                        quoted(d)
                    ));
                }
                break;
            }
        }
        let c = command.ok_or_else(|| format!("path {}: expected M first", quoted(d)))?;
        let relative = c.is_ascii_lowercase();
        let base = if relative { at } else { (0.0, 0.0) };
        at = match c.to_ascii_uppercase() {
            'M' | 'L' => {
                let x = number(&mut k)?;
                let y = number(&mut k)?;
                (base.0 + x, base.1 + y)
            }
            'H' => (base.0 + number(&mut k)?, at.1),
            'V' => (at.0, base.1 + number(&mut k)?),
            other => {
                return Err(format!(
                    "path {}: {other} draws a curve; a sticker's path is straight lines (M L H V Z)",
                    quoted(d)
                ));
            }
        };
        if c.eq_ignore_ascii_case(&'M') {
            if !corners.is_empty() {
                return Err(format!(
                    "path {}: a sticker is one outline; this one has two",
                    quoted(d)
                ));
            }
            // Pairs after a moveto are lines to.
            command = Some(if relative { 'l' } else { 'L' });
        }
        corners.push(at);
    }
    if corners.len() > 1 && corners.first() == corners.last() {
        corners.pop();
    }
    Ok(corners)
}

/// The corners a shape draws in its own coordinates, its own transform
/// applied; `None` for an element that draws no shape.
fn shape(e: &Element) -> Result<Option<Vec<(f64, f64)>>, String> {
    let corners = match e.name.as_str() {
        "polygon" | "polyline" => {
            let v = numbers(e.get("points").unwrap_or(""))?;
            if v.len() % 2 != 0 {
                return Err("a polygon's points come in pairs x,y".to_string());
            }
            v.chunks(2).map(|p| (p[0], p[1])).collect()
        }
        "rect" => {
            let n = |k: &str| -> Result<f64, String> {
                Ok(numbers(e.get(k).unwrap_or("0"))?
                    .first()
                    .copied()
                    .unwrap_or(0.0))
            };
            let (x, y, w, h) = (n("x")?, n("y")?, n("width")?, n("height")?);
            vec![(x, y), (x + w, y), (x + w, y + h), (x, y + h)]
        }
        "path" => path(e.get("d").unwrap_or(""))?,
        "circle" | "ellipse" => {
            return Err(format!(
                "a {} is not drawn; a sticker is a polygon, a rect or a path of straight lines",
                e.name
            ));
        }
        _ => return Ok(None),
    };
    let m = match e.get("transform") {
        Some(t) => transform(t)?,
        None => Affine::ID,
    };
    Ok(Some(corners.into_iter().map(|p| m.apply(p)).collect()))
}

/// The picture parsed into elements (the first is the root).
fn elements(text: &str) -> Result<Vec<Element>, String> {
    use quick_xml::events::Event;
    let mut reader = quick_xml::Reader::from_str(text);
    let mut all: Vec<Element> = Vec::new();
    let mut open: Vec<usize> = Vec::new();
    loop {
        let event = reader
            .read_event()
            .map_err(|e| format!("not well-formed XML: {e}"))?;
        let (start, empty) = match &event {
            Event::Start(s) => (s, false),
            Event::Empty(s) => (s, true),
            Event::End(_) => {
                open.pop();
                continue;
            }
            Event::Eof => break,
            _ => continue,
        };
        if all.len() >= MAX_ELEMENTS || open.len() >= MAX_DEPTH {
            return Err(format!(
                "more than {MAX_ELEMENTS} elements, or nested deeper than {MAX_DEPTH}"
            ));
        }
        let name = start.local_name().into_inner().to_string();
        let mut attributes = Vec::new();
        for a in start.attributes() {
            let a = a.map_err(|e| format!("an attribute of <{name}>: {e}"))?;
            let value = a
                .normalized_value(quick_xml::XmlVersion::Implicit1_0)
                .map_err(|e| format!("an attribute of <{name}>: {e}"))?;
            attributes.push((a.key.into_inner().to_string(), value.into_owned()));
        }
        let k = all.len();
        all.push(Element {
            name,
            attributes,
            children: Vec::new(),
        });
        if let Some(&parent) = open.last() {
            all[parent].children.push(k);
        }
        if !empty {
            open.push(k);
        }
    }
    if all.first().is_none_or(|e| e.name != "svg") {
        return Err("expected an <svg> picture".to_string());
    }
    Ok(all)
}

/// What a sticker's id names: orbit, slot and facelet (`ORBIT-lN-oK`);
/// `None` for any other id, and a message for a slot or facelet number
/// too large to be one.
fn facelet_of(id: &str) -> Result<Option<(String, usize, usize)>, String> {
    let Some((rest, o)) = id.rsplit_once("-o") else {
        return Ok(None);
    };
    let Some((orbit, l)) = rest.rsplit_once("-l") else {
        return Ok(None);
    };
    let digits = |s: &str| !s.is_empty() && s.bytes().all(|b| b.is_ascii_digit());
    if orbit.is_empty() || !digits(l) || !digits(o) {
        return Ok(None);
    }
    let number = |n: &str| {
        n.parse::<usize>()
            .map_err(|_| format!("sticker {}: {n} is past any slot or facelet", quoted(id)))
    };
    Ok(Some((orbit.to_string(), number(l)?, number(o)?)))
}

/// A shape's corners in the picture's coordinates, and its fill if it
/// has one.
type Outline = (Vec<(f64, f64)>, Option<String>);

/// The picture being read: its elements and their ids.
struct Picture {
    all: Vec<Element>,
    by_id: HashMap<String, usize>,
}

impl Picture {
    /// The one shape `e` draws (through a `use`, or as the only shape in
    /// a group), mapped by `m`, with the nearest fill on the way.
    fn outline(&self, e: usize, m: Affine, depth: usize) -> Result<Outline, String> {
        if depth > MAX_DEPTH {
            return Err(format!("refers deeper than {MAX_DEPTH} elements"));
        }
        let el = &self.all[e];
        if let Some(corners) = shape(el)? {
            return Ok((corners.into_iter().map(|p| m.apply(p)).collect(), el.fill()));
        }
        let own = match el.get("transform") {
            Some(t) => m.then(transform(t)?),
            None => m,
        };
        let (inner, found) = match el.name.as_str() {
            "use" => {
                let target = el
                    .href()
                    .ok_or("a <use> without href=\"#ID\"".to_string())?;
                let &t = self
                    .by_id
                    .get(target)
                    .ok_or_else(|| format!("it uses {}, which no element is", quoted(target)))?;
                let n = |k: &str| {
                    numbers(el.get(k).unwrap_or("0")).map(|v| v.first().copied().unwrap_or(0.0))
                };
                let at = own.then(Affine::translate(n("x")?, n("y")?));
                (None, Some(self.outline(t, at, depth + 1)?))
            }
            "g" | "symbol" => {
                let shapes: Vec<usize> = el
                    .children
                    .iter()
                    .copied()
                    .filter(|&c| !matches!(self.all[c].name.as_str(), "title" | "desc"))
                    .collect();
                match shapes.as_slice() {
                    [one] => (None, Some(self.outline(*one, own, depth + 1)?)),
                    _ => (Some(shapes.len()), None),
                }
            }
            _ => (None, None),
        };
        match found {
            // The innermost fill wins, as in SVG.
            Some((corners, fill)) => Ok((corners, fill.or(el.fill()))),
            None => Err(match inner {
                Some(n) => format!("a group of {n} elements; a sticker is one shape"),
                None => format!("a <{}> draws no polygon", el.name),
            }),
        }
    }

    /// Walks `e` and its children outside `<defs>`, collecting stickers.
    fn walk(
        &self,
        e: usize,
        m: Affine,
        fill: Option<&str>,
        out: &mut Vec<(String, StickerDef)>,
    ) -> Result<(), String> {
        let el = &self.all[e];
        // What is not drawn where it stands: definitions, clips, masks,
        // and what is hidden.
        // CSS's keywords in any case, `!important` or not.
        let none = |v: &str| {
            let v = v.trim();
            let v = v.strip_suffix("!important").unwrap_or(v);
            v.trim().eq_ignore_ascii_case("none")
        };
        let hidden = el.get("display").is_some_and(none)
            || el.get("style").is_some_and(|st| {
                st.split(';').any(|d| {
                    d.split_once(':')
                        .is_some_and(|(k, v)| k.trim().eq_ignore_ascii_case("display") && none(v))
                })
            });
        if hidden
            || matches!(
                el.name.as_str(),
                "defs"
                    | "symbol"
                    | "title"
                    | "desc"
                    | "style"
                    | "clipPath"
                    | "mask"
                    | "pattern"
                    | "marker"
                    | "metadata"
            )
        {
            return Ok(());
        }
        let id = el.get("id").unwrap_or("");
        if let Some((orbit, slot, facelet)) = facelet_of(id)? {
            let problem = |p: String| format!("sticker {}: {p}", quoted(id));
            let (corners, own) = self.outline(e, m, 0).map_err(problem)?;
            let colour = own.or(fill.map(str::to_string)).ok_or_else(|| {
                problem("it has no fill; expected style=\"fill: COLOUR\"".to_string())
            })?;
            if out.len() >= MAX_STICKERS {
                return Err(format!("more than {MAX_STICKERS} stickers"));
            }
            let points: Vec<String> = corners
                .iter()
                .map(|&(x, y)| format!("{},{}", round(x), round(y)))
                .collect();
            out.push((
                id.to_string(),
                StickerDef {
                    slot: Some(CellDef::Slot(Some(orbit), slot)),
                    facelet,
                    colour,
                    points: points.join(" "),
                },
            ));
            return Ok(());
        }
        let inner = match el.get("transform") {
            Some(t) => m.then(transform(t).map_err(|p| format!("<{}>: {p}", el.name))?),
            None => m,
        };
        // A group's fill passes to what it holds.
        let own = el.fill();
        let fill = own.as_deref().or(fill);
        for &c in &el.children {
            self.walk(c, inner, fill, out)?;
        }
        Ok(())
    }
}

/// A coordinate written with at most six decimals, no trailing zeros.
fn round(x: f64) -> String {
    let r = (x * 1e6).round() / 1e6;
    let r = if r == 0.0 { 0.0 } else { r };
    format!("{r}")
}

/// `stickers` fitted to `puzzle`: cubing.js draws every orientation of
/// a piece whose orientation does not matter (the 3×3×3's centres) on one
/// square, where the puzzle read here has dropped those orientations
/// ([`super::Definition::without_free_orbits`]); a facelet past its
/// orbit's orientations that lies exactly on the same slot's facelet 0 is
/// left out. Any other sticker is kept, for the drawing's checks to name.
pub fn fit(
    stickers: Vec<(String, StickerDef)>,
    puzzle: &super::Puzzle,
) -> Vec<(String, StickerDef)> {
    let beyond = |s: &StickerDef| match &s.slot {
        Some(CellDef::Slot(Some(orbit), slot)) => puzzle
            .orbits()
            .iter()
            .find(|o| &o.name == orbit)
            .filter(|o| s.facelet >= usize::from(o.orientations))
            .map(|_| (orbit.clone(), *slot)),
        _ => None,
    };
    let on_facelet_0 = |orbit: &str, slot: usize, points: &str| {
        stickers.iter().any(|(_, t)| {
            t.facelet == 0
                && t.points == points
                && matches!(&t.slot, Some(CellDef::Slot(Some(o), s)) if o == orbit && *s == slot)
        })
    };
    let keep: Vec<bool> = stickers
        .iter()
        .map(|(_, s)| beyond(s).is_none_or(|(orbit, slot)| !on_facelet_0(&orbit, slot, &s.points)))
        .collect();
    stickers
        .into_iter()
        .zip(keep)
        .filter_map(|(s, k)| k.then_some(s))
        .collect()
}

/// The stickers of cubing.js's SVG picture of a puzzle (or of its
/// `.svg.ts` file), in the picture's order, as a drawing's definition
/// takes them; a message naming the element when one cannot be read.
pub fn stickers(text: &str) -> Result<Vec<StickerDef>, String> {
    Ok(named_stickers(text)?.into_iter().map(|(_, s)| s).collect())
}

/// [`stickers`], each with its id, for messages that name it.
pub fn named_stickers(text: &str) -> Result<Vec<(String, StickerDef)>, String> {
    // cubing.js's `.svg.ts` holds the picture in a template string.
    let text = match (text.find("<svg"), text.rfind("</svg>")) {
        (Some(a), Some(b)) if b > a && text[..a].contains('`') => &text[a..b + "</svg>".len()],
        _ => text,
    };
    let all = elements(text)?;
    let mut by_id = HashMap::new();
    for (k, e) in all.iter().enumerate() {
        if let Some(id) = e.get("id") {
            by_id.entry(id.to_string()).or_insert(k);
        }
    }
    let picture = Picture { all, by_id };
    let mut out = Vec::new();
    picture.walk(0, Affine::ID, None, &mut out)?;
    if out.is_empty() {
        return Err(
            "no sticker: expected elements with ids ORBIT-lN-oK (slot N of ORBIT, facelet K), as cubing.js draws them"
                .to_string(),
        );
    }
    Ok(out)
}

#[cfg(test)]
mod tests;
