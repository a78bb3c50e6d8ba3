//! Pictures as SVG: a position as a board or as its puzzle's net of
//! stickers, a solution as a strip of them, positions on a sheet; the
//! charts are in `chart`.
//!
//! The documents are built with the `svg` crate, which escapes every text
//! and attribute and has no dependencies of its own; a charting crate
//! (plotters) would have drawn the bars but not the boards, and would bring
//! its font machinery into the default build. The pictures use only
//! rectangles, polygons, lines and text in a generic font family, so they look the
//! same in every browser and need no system fonts.

mod chart;

pub use chart::*;

use super::{Steps, grid_cells};
use crate::puzzle::drawing::{Drawing, is_colour};
use crate::puzzle::{Pattern, Puzzle};
use svg::Document;
use svg::node::element::{Group, Line, Polygon, Rectangle, Text, Title};

/// The side of one square of a board, in SVG units.
const SQUARE: f64 = 48.0;
/// The room between boards in a strip, and around a picture.
const GAP: f64 = 16.0;
/// Boards to a row in a strip: four, so that a strip is at most 656 units
/// wide and reads on a narrow screen (a longer path wraps into rows).
const PER_ROW: usize = 4;

const TILE_FILL: &str = "#f3e2b3";
const BLANK_FILL: &str = "#ffffff";
const INK: &str = "#222222";
const FAINT: &str = "#8a8a8a";
const FONT: &str = "sans-serif";

/// One board drawn at `(x, y)`: a square a cell, the blank left white, each
/// tile's number in the middle and, when `squares` is given (the twist
/// puzzles), Schofield's number of the square in its corner.
fn board(grid: &str, squares: Option<&[Option<u8>]>, x: f64, y: f64) -> Group {
    let mut g = Group::new().set("class", "board");
    let mut k = 0;
    for (r, row) in grid_cells(grid).iter().enumerate() {
        for (c, cell) in row.iter().enumerate() {
            let (cx, cy) = (x + c as f64 * SQUARE, y + r as f64 * SQUARE);
            let blank = cell == "_";
            g = g.add(
                Rectangle::new()
                    .set("x", cx)
                    .set("y", cy)
                    .set("width", SQUARE)
                    .set("height", SQUARE)
                    .set("fill", if blank { BLANK_FILL } else { TILE_FILL })
                    .set("stroke", INK)
                    .set("stroke-width", 1.5),
            );
            if !blank {
                g = g.add(
                    Text::new(cell.as_str())
                        .set("x", cx + SQUARE / 2.0)
                        .set("y", cy + SQUARE / 2.0 + 8.0)
                        .set("text-anchor", "middle")
                        .set("font-family", FONT)
                        .set("font-size", 22)
                        .set("fill", INK),
                );
            }
            if let Some(Some(sq)) = squares.and_then(|s| s.get(k)) {
                g = g.add(
                    Text::new(format!("s{sq}"))
                        .set("x", cx + 4.0)
                        .set("y", cy + 12.0)
                        .set("font-family", FONT)
                        .set("font-size", 10)
                        .set("fill", FAINT),
                );
            }
            k += 1;
        }
    }
    g
}

/// Rows and columns of a grid string.
fn size(grid: &str) -> (usize, usize) {
    let cells = grid_cells(grid);
    (cells.len(), cells.iter().map(Vec::len).max().unwrap_or(0))
}

/// The width or height of a drawn net, whichever is larger, in SVG units.
const NET: f64 = 240.0;

/// How a puzzle's positions are drawn. Each position is given to the
/// drawing functions as text: a board's grid (`025/1_3/746`), or a net's
/// sticker colours separated by spaces ([`Look::stickers`]).
#[derive(Debug, Clone, Copy)]
pub enum Look<'a> {
    /// A board of numbered tiles on the puzzle's layout, with Schofield's
    /// number of each square in its corner when given (the twist puzzles).
    Board(Option<&'a [Option<u8>]>),
    /// The puzzle's net of coloured stickers.
    Net(&'a Drawing),
}

impl Look<'_> {
    /// A position's stickers as a net is given them: the colour each
    /// sticker shows ([`Drawing::paint`]), separated by spaces.
    ///
    /// ```
    /// use schofield::puzzle::library;
    /// use schofield::render::svg::{Look, net_svg};
    /// let cube = library::get("3x3x3").unwrap();
    /// let drawing = cube.drawing().unwrap();
    /// let goal = Look::stickers(&drawing.paint(cube.goal(), cube.goal()));
    /// let svg = net_svg(drawing, &goal, "the 3x3x3 solved");
    /// assert_eq!(svg.matches("<polygon").count(), 54);
    /// ```
    pub fn stickers(colours: &[&str]) -> String {
        colours.join(" ")
    }

    /// The width and height `picture` draws in.
    fn extent(&self, picture: &str) -> (f64, f64) {
        match self {
            Look::Board(_) => {
                let (rows, cols) = size(picture);
                (cols as f64 * SQUARE, rows as f64 * SQUARE)
            }
            Look::Net(d) => {
                let (l, t, r, b) = d.bounds();
                let k = net_scale(d);
                ((r - l) * k, (b - t) * k)
            }
        }
    }

    /// `picture` drawn with its top left corner at `(x, y)`.
    fn draw(&self, picture: &str, x: f64, y: f64) -> Group {
        match self {
            Look::Board(squares) => board(picture, *squares, x, y),
            Look::Net(d) => net(d, picture, x, y),
        }
    }
}

/// SVG units a unit of the drawing, so that its larger side is [`NET`]
/// (a checked drawing has both sides above 0).
fn net_scale(d: &Drawing) -> f64 {
    let (l, t, r, b) = d.bounds();
    NET / (r - l).max(b - t)
}

/// A net drawn at `(x, y)`: each sticker a polygon in the colour the
/// position gives it (`colours`, separated by spaces; a colour missing or
/// not a colour is drawn grey).
fn net(d: &Drawing, colours: &str, x: f64, y: f64) -> Group {
    let (l, t, _, _) = d.bounds();
    let k = net_scale(d);
    let mut colours = colours.split(' ');
    let mut g = Group::new().set("class", "net");
    for s in d.stickers() {
        let fill = colours.next().filter(|c| is_colour(c)).unwrap_or("grey");
        let points: Vec<String> = s
            .points
            .iter()
            .map(|&(px, py)| format!("{:.2},{:.2}", x + (px - l) * k, y + (py - t) * k))
            .collect();
        g = g.add(
            Polygon::new()
                .set("points", points.join(" "))
                .set("fill", fill)
                .set("stroke", INK)
                .set("stroke-width", 1.5)
                .set("stroke-linejoin", "round"),
        );
    }
    g
}

/// How a puzzle's positions are drawn, for the command line and the Python
/// package alike: its net of stickers when its file draws one, else the
/// board of its layout, with the number of each square.
///
/// ```
/// use schofield::puzzle::library;
/// use schofield::render::svg::{Pictures, picture_svg};
/// let cube = library::get("2x2x2").unwrap();
/// let pictures = Pictures::of(&cube).unwrap();
/// let moves = cube.moves(cube.default_metric(), None).unwrap();
/// let notation = schofield::method::notation::Notation::new(&cube, &moves);
/// let svg = picture_svg(&pictures.look(), &pictures.of_pattern(&notation, cube.goal()), "solved");
/// assert_eq!(svg.matches("<polygon").count(), 24);
/// // A puzzle with neither a net nor a layout has no pictures.
/// let text = "name: bare\norbits:\n  A: {pieces: 3}\nmoves:\n  M: \"(0,1,2)\"\n";
/// let bare = schofield::puzzle::read::parse("bare.yaml", text, schofield::puzzle::read::FileFormat::Yaml).unwrap();
/// assert!(Pictures::of(&bare).is_err());
/// ```
pub struct Pictures<'a> {
    puzzle: &'a Puzzle,
    squares: Vec<Option<u8>>,
}

impl<'a> Pictures<'a> {
    /// The pictures of `puzzle`'s positions, or the refusal when it has
    /// neither a net of stickers nor a layout.
    pub fn of(puzzle: &'a Puzzle) -> Result<Pictures<'a>, String> {
        if puzzle.drawing().is_none() && (puzzle.layout().is_empty() || puzzle.orbits().len() != 1)
        {
            return Err(nothing_to_draw(puzzle.name()));
        }
        Ok(Pictures {
            puzzle,
            squares: square_numbers(puzzle),
        })
    }

    /// The look the drawing functions take.
    pub fn look(&self) -> Look<'_> {
        match self.puzzle.drawing() {
            Some(d) => Look::Net(d),
            None => Look::Board(Some(&self.squares)),
        }
    }

    /// A position's picture, as the look takes it: its stickers' colours,
    /// or its board's grid.
    pub fn of_pattern(
        &self,
        notation: &crate::method::notation::Notation,
        pattern: &Pattern,
    ) -> String {
        match self.puzzle.drawing() {
            Some(d) => Look::stickers(&d.paint(self.puzzle.goal(), pattern)),
            None => notation
                .grid(pattern)
                .unwrap_or_else(|| notation.pattern_text(pattern)),
        }
    }

    /// Position `x` of an analysis, as given (up to rotation, in `frame`).
    pub fn of_position(
        &self,
        a: &crate::method::analysis::Analysis,
        x: u64,
        frame: Option<&crate::puzzle::Transformation>,
    ) -> String {
        self.of_pattern(&a.notation(), &a.pattern_in_frame(x, frame))
    }
}

/// The refusal of a drawing for the puzzle `name`, which has neither a net
/// of stickers nor a layout.
pub fn nothing_to_draw(name: &str) -> String {
    format!(
        "--format svg draws positions as a puzzle's net of stickers or on its layout, and the {name} has neither; use text, json, jsonl, yaml or csv"
    )
}

/// A position drawn as a net of stickers, under a caption.
pub fn net_svg(drawing: &Drawing, colours: &str, title: &str) -> String {
    picture_svg(&Look::Net(drawing), colours, title)
}

/// About how wide a line of text is drawn, in SVG units.
fn text_extent(text: &str, size: f64) -> f64 {
    text.chars().count() as f64 * size * 0.6
}

/// A document at least as wide as its caption (14 units high) needs.
fn document(width: f64, height: f64, title: &str) -> Document {
    let width = width.max(text_extent(title, 15.0) + 2.0 * GAP);
    Document::new()
        .set("viewBox", (0, 0, width, height))
        .set("width", width)
        .set("height", height)
        .add(Title::new(title))
        .add(
            Rectangle::new()
                .set("width", "100%")
                .set("height", "100%")
                .set("fill", "#ffffff"),
        )
}

fn caption(text: &str, x: f64, y: f64, size: u32) -> Text {
    Text::new(text)
        .set("x", x)
        .set("y", y)
        .set("font-family", FONT)
        .set("font-size", size)
        .set("fill", INK)
}

/// The number of each cell of `puzzle`'s drawing (its layout), in reading
/// order; `None` for the blank and for cells that hold no slot. The
/// numbers [`board_svg`] writes in the corner of each square.
///
/// ```
/// use schofield::puzzle::library;
/// use schofield::render::svg::square_numbers;
/// let eight = library::get("eight").unwrap();
/// let squares = square_numbers(&eight);
/// assert_eq!(squares.len(), 9);
/// assert_eq!(squares.iter().filter(|s| s.is_none()).count(), 1);
/// ```
pub fn square_numbers(puzzle: &crate::puzzle::Puzzle) -> Vec<Option<u8>> {
    puzzle
        .layout()
        .iter()
        .flatten()
        .map(|c| match c {
            crate::puzzle::Cell::Slot { slot, .. } => Some(*slot),
            _ => None,
        })
        .collect()
}

/// A position drawn as a board, with a caption (its code number or grid).
/// `squares` gives, cell by cell in reading order, Schofield's number of
/// each square (`None` for the centre) on the twist puzzles.
///
/// ```
/// let svg = schofield::render::svg::board_svg("025/1_3/746", None, "position 102536");
/// assert!(svg.starts_with("<svg") && svg.contains("position 102536"));
/// ```
pub fn board_svg(grid: &str, squares: Option<&[Option<u8>]>, title: &str) -> String {
    picture_svg(&Look::Board(squares), grid, title)
}

/// One position drawn as `look` draws it, with a caption.
pub fn picture_svg(look: &Look, picture: &str, title: &str) -> String {
    let (w, h) = look.extent(picture);
    document(w + 2.0 * GAP, h + 2.0 * GAP + 24.0, title)
        .add(caption(title, GAP, GAP + 8.0, 14))
        .add(look.draw(picture, GAP, GAP + 24.0))
        .to_string()
}

/// A solution drawn as a strip of boards or nets, four to a row: the start, then
/// the board after each twist or move, each under its label (a twist struck
/// through when elided, drawn with a line through it, or the tile moved).
///
/// ```
/// use schofield::render::{Steps, svg::{Look, strip_svg}};
/// let steps = Steps { grids: vec!["1_/32".into(), "12/3_".into()], labels: vec!["2".into()] };
/// let svg = strip_svg(&steps, &Look::Board(None), "two boards");
/// assert_eq!(svg.matches("class=\"board\"").count(), 2);
/// ```
pub fn strip_svg(steps: &Steps, look: &Look, title: &str) -> String {
    let (bw, bh) = steps
        .grids
        .first()
        .map_or((SQUARE, SQUARE), |g| look.extent(g));
    let (cell_w, cell_h) = (bw + GAP, bh + 24.0 + GAP);
    let across = steps.grids.len().clamp(1, PER_ROW);
    let down = steps.grids.len().div_ceil(PER_ROW).max(1);
    let width = across as f64 * cell_w + GAP;
    let height = down as f64 * cell_h + GAP + 28.0;
    let mut doc = document(width, height, title).add(caption(title, GAP, GAP + 8.0, 14));
    for (i, grid) in steps.grids.iter().enumerate() {
        let x = GAP + (i % PER_ROW) as f64 * cell_w;
        let y = GAP + 28.0 + (i / PER_ROW) as f64 * cell_h;
        let label = if i == 0 {
            "start".to_string()
        } else {
            steps.labels.get(i - 1).cloned().unwrap_or_default()
        };
        let elided = label.contains('\u{338}');
        let plain: String = label.chars().filter(|&c| c != '\u{338}').collect();
        // A tile moved, not a step's number.
        let plain = if plain.parse::<u32>().is_ok() {
            format!("tile {plain}")
        } else {
            plain
        };
        let mut head = Group::new().set("class", if elided { "step elided" } else { "step" });
        head = head.add(caption(&plain, x, y + 14.0, 15));
        if elided {
            // The struck-through twist of the printed tables.
            let w = 9.0 * plain.chars().count() as f64;
            head = head.add(
                Line::new()
                    .set("x1", x - 1.0)
                    .set("y1", y + 15.0)
                    .set("x2", x + w + 1.0)
                    .set("y2", y + 2.0)
                    .set("stroke", INK)
                    .set("stroke-width", 1.5),
            );
        }
        doc = doc.add(head).add(look.draw(grid, x, y + 20.0));
    }
    doc.to_string()
}

/// A sheet of boards, each under its label, four to a row (`PER_ROW`): a
/// class's members, a printable exercise sheet of positions and its answer
/// sheet, a batch of positions. A label may hold a second line after `\n`
/// (an answer's specimen path, say).
///
/// ```
/// use schofield::render::svg::{Look, sheet_svg};
/// let boards = [("123/0_4/765".to_string(), "1".to_string()), ("025/1_3/746".to_string(), "2\n20 moves".to_string())];
/// let svg = sheet_svg(&boards, &Look::Board(None), "Exercises");
/// assert!(svg.starts_with("<svg") && svg.contains("Exercises") && svg.contains("20 moves"));
/// ```
pub fn sheet_svg(boards: &[(String, String)], look: &Look, title: &str) -> String {
    let lines = boards
        .iter()
        .map(|(_, l)| l.lines().count().max(1))
        .max()
        .unwrap_or(1);
    let label_h = 16.0 * lines as f64 + 4.0;
    let (bw, bh) = boards
        .first()
        .map_or((SQUARE, SQUARE), |(g, _)| look.extent(g));
    let widest = boards
        .iter()
        .flat_map(|(_, l)| l.lines())
        .map(|l| text_extent(l, 13.0))
        .fold(0.0, f64::max);
    let (cell_w, cell_h) = (bw.max(widest) + 2.0 * GAP, bh + label_h + GAP);
    let across = boards.len().clamp(1, PER_ROW);
    let down = boards.len().div_ceil(PER_ROW).max(1);
    let width = (across as f64 * cell_w + GAP).max(text_extent(title, 14.0) + 2.0 * GAP);
    let height = down as f64 * cell_h + GAP + 28.0;
    let mut doc = document(width, height, title).add(caption(title, GAP, GAP + 8.0, 14));
    for (i, (grid, label)) in boards.iter().enumerate() {
        let x = GAP + (i % PER_ROW) as f64 * cell_w;
        let y = GAP + 28.0 + (i / PER_ROW) as f64 * cell_h;
        let mut head = Group::new().set("class", "label");
        for (k, line) in label.lines().enumerate() {
            head = head.add(caption(line, x, y + 14.0 + 16.0 * k as f64, 13));
        }
        doc = doc.add(head).add(look.draw(grid, x, y + label_h));
    }
    doc.to_string()
}
