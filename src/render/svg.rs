//! Pictures as SVG: a position as a board, a solution as a strip of boards,
//! a distribution as a bar chart.
//!
//! The documents are built with the `svg` crate, which escapes every text
//! and attribute and has no dependencies of its own; a charting crate
//! (plotters) would have drawn the bars but not the boards, and would bring
//! its font machinery into the default build. The pictures use only
//! rectangles, lines and text in a generic font family, so they look the
//! same in every browser and need no system fonts.

use super::{Steps, grid_cells};
use crate::text::grouped;
use svg::Document;
use svg::node::element::{Group, Line, Rectangle, Text, Title};

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
    let (rows, cols) = size(grid);
    let width = cols as f64 * SQUARE + 2.0 * GAP;
    let height = rows as f64 * SQUARE + 2.0 * GAP + 24.0;
    document(width, height, title)
        .add(caption(title, GAP, GAP + 8.0, 14))
        .add(board(grid, squares, GAP, GAP + 24.0))
        .to_string()
}

/// A solution drawn as a strip of boards, eight to a row: the start, then
/// the board after each twist or move, each under its label (a twist struck
/// through when elided, drawn with a line through it, or the tile moved).
///
/// ```
/// use schofield::render::{Steps, svg::strip_svg};
/// let steps = Steps { grids: vec!["1_/32".into(), "12/3_".into()], labels: vec!["2".into()] };
/// let svg = strip_svg(&steps, None, "two boards");
/// assert_eq!(svg.matches("class=\"board\"").count(), 2);
/// ```
pub fn strip_svg(steps: &Steps, squares: Option<&[Option<u8>]>, title: &str) -> String {
    let (rows, cols) = steps.grids.first().map_or((1, 1), |g| size(g));
    let (bw, bh) = (cols as f64 * SQUARE, rows as f64 * SQUARE);
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
        doc = doc.add(head).add(board(grid, squares, x, y + 20.0));
    }
    doc.to_string()
}

/// A sheet of boards, each under its label, [`PER_ROW`] to a row: a
/// class's members, a printable exercise sheet of positions and its answer
/// sheet, a batch of positions. A label may hold a second line after `\n`
/// (an answer's specimen path, say).
///
/// ```
/// use schofield::render::svg::sheet_svg;
/// let boards = [("123/0_4/765".to_string(), "1".to_string()), ("025/1_3/746".to_string(), "2\n20 moves".to_string())];
/// let svg = sheet_svg(&boards, None, "Exercises");
/// assert!(svg.starts_with("<svg") && svg.contains("Exercises") && svg.contains("20 moves"));
/// ```
pub fn sheet_svg(
    boards: &[(String, String)],
    squares: Option<&[Option<u8>]>,
    title: &str,
) -> String {
    let (rows, cols) = boards.first().map_or((1, 1), |(g, _)| size(g));
    let lines = boards
        .iter()
        .map(|(_, l)| l.lines().count().max(1))
        .max()
        .unwrap_or(1);
    let label_h = 16.0 * lines as f64 + 4.0;
    let (bw, bh) = (cols as f64 * SQUARE, rows as f64 * SQUARE);
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
        doc = doc.add(head).add(board(grid, squares, x, y + label_h));
    }
    doc.to_string()
}

/// One bar group of a chart: the move count, and a value for each series.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Bar {
    /// The minimum number of moves (the x axis).
    pub moves: u32,
    /// One value for each series, in the order of the series' names.
    pub values: Vec<u64>,
}

const SERIES_FILL: [&str; 3] = ["#4c72b0", "#dd8452", "#55a868"];

/// A distribution drawn as a bar chart: the minimum number of moves along
/// the x axis, one bar a series at each (positions, and where the command
/// has them, classes and extended classes), a y axis with grouped numbers,
/// a legend, and the value over each bar of the first series.
///
/// ```
/// use schofield::render::svg::{Bar, chart_svg};
/// let bars = [Bar { moves: 0, values: vec![1] }, Bar { moves: 2, values: vec![8] }];
/// let svg = chart_svg("a small distribution", &["positions"], &bars);
/// assert_eq!(svg.matches("class=\"bar\"").count(), 2);
/// ```
pub fn chart_svg(title: &str, series: &[&str], bars: &[Bar]) -> String {
    chart_svg_scaled(title, series, bars, Scale::Linear)
}

/// How a chart's bars are scaled.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Scale {
    /// Heights in proportion to the values.
    Linear,
    /// Heights in proportion to the values' logarithms, a grid line at
    /// each power of ten, so that short rows show beside long ones (a
    /// value of 1 has the height of one decade; 0 has none).
    Log,
}

/// [`chart_svg`] on either scale.
pub fn chart_svg_scaled(title: &str, series: &[&str], bars: &[Bar], scale: Scale) -> String {
    let (left, right, top, bottom) = (72.0, 24.0, 64.0, 56.0);
    let plot_h = 300.0;
    let group_w = (14.0 * series.len().max(1) as f64 + 8.0).max(24.0);
    let plot_w = group_w * bars.len().max(1) as f64;
    let width = left + plot_w + right;
    let height = top + plot_h + bottom;
    let max = bars
        .iter()
        .flat_map(|b| b.values.iter().copied())
        .max()
        .unwrap_or(1)
        .max(1);
    let step = nice_step(max);
    let top_value = max.div_ceil(step) * step;
    // On the log scale, decades: 1 at one decade's height, up to the
    // power of ten at or above the largest value.
    let decades = (max as f64).log10().ceil().max(1.0) + 1.0;
    let y_of = |v: u64| match scale {
        Scale::Linear => top + plot_h - plot_h * v as f64 / top_value as f64,
        Scale::Log if v == 0 => top + plot_h,
        Scale::Log => top + plot_h - plot_h * ((v as f64).log10() + 1.0) / decades,
    };
    let ticks: Vec<u64> = match scale {
        Scale::Linear => (0..=top_value / step).map(|k| k * step).collect(),
        Scale::Log => (0..decades as u32).map(|k| 10u64.pow(k)).collect(),
    };
    let mut doc = document(width, height, title).add(caption(title, GAP, 24.0, 15));
    // The legend.
    let mut lx = left;
    for (k, name) in series.iter().enumerate() {
        doc = doc
            .add(
                Rectangle::new()
                    .set("x", lx)
                    .set("y", 36.0)
                    .set("width", 12)
                    .set("height", 12)
                    .set("fill", SERIES_FILL[k % SERIES_FILL.len()]),
            )
            .add(caption(name, lx + 16.0, 46.0, 12));
        lx += 24.0 + 7.0 * name.len() as f64;
    }
    // The y axis: grid lines and grouped numbers.
    for &v in &ticks {
        let y = y_of(v);
        doc = doc
            .add(
                Line::new()
                    .set("x1", left)
                    .set("x2", left + plot_w)
                    .set("y1", y)
                    .set("y2", y)
                    .set("stroke", "#dddddd"),
            )
            .add(caption(&grouped(v as usize), left - 6.0, y + 4.0, 11).set("text-anchor", "end"));
    }
    // The bars.
    for (i, b) in bars.iter().enumerate() {
        let gx = left + i as f64 * group_w + 4.0;
        for (k, &value) in b.values.iter().enumerate() {
            let y = y_of(value);
            doc = doc.add(
                Rectangle::new()
                    .set("class", "bar")
                    .set("x", gx + k as f64 * 14.0)
                    .set("y", y)
                    .set("width", 12)
                    .set("height", top + plot_h - y)
                    .set("fill", SERIES_FILL[k % SERIES_FILL.len()])
                    .add(Title::new(format!(
                        "{} moves: {} {}",
                        b.moves,
                        grouped(value as usize),
                        series.get(k).copied().unwrap_or("")
                    ))),
            );
        }
        doc = doc.add(
            caption(
                &b.moves.to_string(),
                gx + group_w / 2.0 - 4.0,
                top + plot_h + 16.0,
                11,
            )
            .set("text-anchor", "middle"),
        );
    }
    doc.add(
        Line::new()
            .set("x1", left)
            .set("x2", left + plot_w)
            .set("y1", top + plot_h)
            .set("y2", top + plot_h)
            .set("stroke", INK),
    )
    .add(
        Line::new()
            .set("x1", left)
            .set("x2", left)
            .set("y1", top)
            .set("y2", top + plot_h)
            .set("stroke", INK),
    )
    .add(
        caption(
            "minimum number of moves",
            left + plot_w / 2.0,
            height - 16.0,
            12,
        )
        .set("text-anchor", "middle"),
    )
    .to_string()
}

/// Schofield's move-count table as a chart: positions, classes and
/// extended classes at each minimum number of moves.
pub fn move_counts_svg(name: &str, counts: &[crate::twist::analysis::MoveCount]) -> String {
    move_counts_svg_scaled(name, counts, Scale::Linear)
}

/// [`move_counts_svg`] on either scale.
pub fn move_counts_svg_scaled(
    name: &str,
    counts: &[crate::twist::analysis::MoveCount],
    scale: Scale,
) -> String {
    let puzzle = super::capitalised(name);
    let classes = counts.iter().all(|c| c.classes.is_some());
    let extended = classes && counts.iter().all(|c| c.extended_classes.is_some());
    let (title, series): (&str, &[&str]) = if extended {
        (
            "positions, classes and extended classes",
            &["positions", "classes", "extended classes"],
        )
    } else if classes {
        ("positions and classes", &["positions", "classes"])
    } else {
        ("positions", &["positions"])
    };
    let scale_note = if scale == Scale::Log {
        " (log scale)"
    } else {
        ""
    };
    chart_svg_scaled(
        &format!("{puzzle}: {title} by minimum number of moves{scale_note}"),
        series,
        &counts
            .iter()
            .map(|c| Bar {
                moves: c.moves,
                values: [Some(c.positions), c.classes, c.extended_classes]
                    .into_iter()
                    .take(series.len())
                    .flatten()
                    .collect(),
            })
            .collect::<Vec<_>>(),
        scale,
    )
}

/// Schofield's binary trees of the five-puzzle, drawn left to right from
/// the target: each word a box with its moves and the position it reaches
/// (dashed when an earlier word reaches that position first), each edge
/// labelled with its last twist.
///
/// ```
/// use schofield::twist::analysis::{Analysis, Options};
/// let five = schofield::puzzle::library::get("five").unwrap();
/// let a = Analysis::new(five, &Options::default(), &|_| {}).unwrap();
/// let trees = schofield::twist::five::binary_trees(&a, 2);
/// let svg = schofield::render::svg::trees_svg(&trees);
/// // The target, and a root and its two children in each of the four trees.
/// assert_eq!(svg.matches("class=\"word").count(), 1 + 4 * 3);
/// ```
pub fn trees_svg(trees: &crate::twist::five::BinaryTrees) -> String {
    use crate::twist::five::TreeNode;
    const W: f64 = 86.0;
    const H: f64 = 44.0;
    const COL: f64 = 124.0;
    const ROW: f64 = 52.0;
    const TOP: f64 = 44.0;
    struct Layout {
        next_row: f64,
        nodes: Vec<(f64, f64, [String; 3], bool)>,
        edges: Vec<(f64, f64, f64, f64, char)>,
    }
    // Leaves take the next row; a parent sits midway between its children.
    fn place(n: &TreeNode, depth: usize, out: &mut Layout) -> f64 {
        let x = GAP + depth as f64 * COL;
        let ys: Vec<f64> = n
            .children
            .iter()
            .map(|c| place(c, depth + 1, out))
            .collect();
        let y = if ys.is_empty() {
            let y = TOP + out.next_row * ROW;
            out.next_row += 1.0;
            y
        } else {
            (ys[0] + ys[ys.len() - 1]) / 2.0
        };
        for (c, cy) in n.children.iter().zip(&ys) {
            let letter = c.word.plain.chars().last().unwrap_or('?');
            out.edges
                .push((x + W, y + H / 2.0, x + COL, cy + H / 2.0, letter));
        }
        out.nodes.push((
            x,
            y,
            [
                n.word.marked.clone(),
                format!("{} moves", n.moves),
                n.position.clone(),
            ],
            !n.first,
        ));
        y
    }
    let mut out = Layout {
        next_row: 0.0,
        nodes: Vec::new(),
        edges: Vec::new(),
    };
    let roots: Vec<&TreeNode> = trees.roots.iter().chain(&trees.reflected).collect();
    let ys: Vec<f64> = roots.iter().map(|r| place(r, 1, &mut out)).collect();
    let y0 = (ys.first().copied().unwrap_or(TOP) + ys.last().copied().unwrap_or(TOP)) / 2.0;
    for (r, y) in roots.iter().zip(&ys) {
        let letter = r.word.plain.chars().last().unwrap_or('?');
        out.edges
            .push((GAP + W, y0 + H / 2.0, GAP + COL, y + H / 2.0, letter));
    }
    out.nodes.push((
        GAP,
        y0,
        ["target".into(), "0 moves".into(), "012".into()],
        false,
    ));
    let title = format!(
        "Five-puzzle: Schofield's binary trees, {} twists deep (dashed: reached earlier by another word)",
        trees.depth
    );
    let width = GAP + (trees.depth + 1) as f64 * COL;
    let height = TOP + out.next_row * ROW + GAP;
    let mut doc = document(width, height, &title).add(caption(&title, GAP, 24.0, 14));
    for (x1, y1, x2, y2, letter) in &out.edges {
        doc = doc
            .add(
                Line::new()
                    .set("x1", *x1)
                    .set("y1", *y1)
                    .set("x2", *x2)
                    .set("y2", *y2)
                    .set("stroke", FAINT),
            )
            .add(caption(
                &letter.to_string(),
                (x1 + x2) / 2.0 - 4.0,
                (y1 + y2) / 2.0 - 3.0,
                11,
            ));
    }
    for (x, y, lines, dashed) in &out.nodes {
        let mut g = Group::new().set(
            "class",
            if *dashed {
                "word reached-before"
            } else {
                "word"
            },
        );
        let mut rect = Rectangle::new()
            .set("x", *x)
            .set("y", *y)
            .set("width", W)
            .set("height", H)
            .set("fill", if *dashed { BLANK_FILL } else { TILE_FILL })
            .set("stroke", INK);
        if *dashed {
            rect = rect.set("stroke-dasharray", "4 3");
        }
        g = g.add(rect);
        for (k, line) in lines.iter().enumerate() {
            g = g.add(caption(line, x + 6.0, y + 13.0 + 12.0 * k as f64, 11));
        }
        doc = doc.add(g);
    }
    doc.to_string()
}

/// A round step for the y axis: 1, 2 or 5 times a power of ten, giving
/// four to ten grid lines.
fn nice_step(max: u64) -> u64 {
    let mut step = 1;
    loop {
        for m in [1, 2, 5] {
            if max / (step * m) <= 8 {
                return step * m;
            }
        }
        step *= 10;
    }
}

#[cfg(test)]
mod tests {
    use super::nice_step;

    #[test]
    fn steps_are_round() {
        assert_eq!(nice_step(1), 1);
        assert_eq!(nice_step(8), 1);
        assert_eq!(nice_step(20), 5);
        assert_eq!(nice_step(3_000), 500);
        assert_eq!(nice_step(24_047), 5_000);
    }
}
