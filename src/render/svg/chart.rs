//! Charts: a distribution as bars, and the five-puzzle's binary trees.

use super::{BLANK_FILL, FAINT, GAP, INK, TILE_FILL, caption, document};
use crate::text::grouped;
use svg::node::element::{Group, Line, Rectangle, Title};

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
    let mut doc = legend(
        document(width, height, title).add(caption(title, GAP, 24.0, 15)),
        series,
        left,
    );
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
    axes(doc, (left, top), (plot_w, plot_h), height).to_string()
}

/// A chart's legend: a swatch and a name for each series, from `left`
/// along the line under the title.
fn legend(mut doc: svg::Document, series: &[&str], left: f64) -> svg::Document {
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
    doc
}

/// A chart's two axes, along the left side and the foot of the plot (its
/// top left corner at `left`, `top`; `plot_w` wide and `plot_h` tall), and
/// the x axis's caption near the foot of a drawing `height` tall.
fn axes(
    doc: svg::Document,
    (left, top): (f64, f64),
    (plot_w, plot_h): (f64, f64),
    height: f64,
) -> svg::Document {
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
}

/// Schofield's move-count table as a chart: positions, classes and
/// extended classes at each minimum number of moves.
pub fn move_counts_svg(name: &str, counts: &[crate::method::analysis::MoveCount]) -> String {
    move_counts_svg_scaled(name, counts, Scale::Linear)
}

/// [`move_counts_svg`] on either scale.
pub fn move_counts_svg_scaled(
    name: &str,
    counts: &[crate::method::analysis::MoveCount],
    scale: Scale,
) -> String {
    let puzzle = crate::render::capitalised(name);
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
/// use schofield::method::analysis::{Analysis, Options};
/// let five = schofield::puzzle::library::get("five").unwrap();
/// let a = Analysis::new(five, &Options::default(), &|_| {}).unwrap();
/// let trees = schofield::method::five::binary_trees(&a, 2);
/// let svg = schofield::render::svg::trees_svg(&trees);
/// // The target, and a root and its two children in each of the four trees.
/// assert_eq!(svg.matches("class=\"word").count(), 1 + 4 * 3);
/// ```
pub fn trees_svg(trees: &crate::method::five::BinaryTrees) -> String {
    use crate::method::five::TreeNode;
    let mut out = TreeLayout {
        next_row: 0.0,
        nodes: Vec::new(),
        edges: Vec::new(),
    };
    let roots: Vec<&TreeNode> = trees.roots.iter().chain(&trees.reflected).collect();
    let ys: Vec<f64> = roots.iter().map(|r| out.place(r, 1)).collect();
    let y0 =
        (ys.first().copied().unwrap_or(TREE_TOP) + ys.last().copied().unwrap_or(TREE_TOP)) / 2.0;
    for (r, y) in roots.iter().zip(&ys) {
        let letter = r.word.plain.chars().last().unwrap_or('?');
        out.edges.push((
            GAP + NODE_W,
            y0 + NODE_H / 2.0,
            GAP + TREE_COL,
            y + NODE_H / 2.0,
            letter,
        ));
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
    let width = GAP + (trees.depth + 1) as f64 * TREE_COL;
    let height = TREE_TOP + out.next_row * TREE_ROW + GAP;
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
        doc = doc.add(tree_node(*x, *y, lines, *dashed));
    }
    doc.to_string()
}

/// The width of a word's box in [`trees_svg`].
const NODE_W: f64 = 86.0;
/// The height of a word's box.
const NODE_H: f64 = 44.0;
/// The distance between the trees' columns (a twist deeper).
const TREE_COL: f64 = 124.0;
/// The distance between their rows.
const TREE_ROW: f64 = 52.0;
/// The top of the first row, below the title.
const TREE_TOP: f64 = 44.0;

/// The binary trees laid out: the rows taken so far, each word's box
/// (place, its three lines, dashed) and each edge (ends, last twist).
struct TreeLayout {
    next_row: f64,
    nodes: Vec<(f64, f64, [String; 3], bool)>,
    edges: Vec<(f64, f64, f64, f64, char)>,
}

impl TreeLayout {
    /// Places `n` and its subtree at `depth`, the top of its box returned: leaves
    /// take the next row; a parent sits midway between its children.
    fn place(&mut self, n: &crate::method::five::TreeNode, depth: usize) -> f64 {
        let x = GAP + depth as f64 * TREE_COL;
        let ys: Vec<f64> = n
            .children
            .iter()
            .map(|c| self.place(c, depth + 1))
            .collect();
        let y = if ys.is_empty() {
            let y = TREE_TOP + self.next_row * TREE_ROW;
            self.next_row += 1.0;
            y
        } else {
            (ys[0] + ys[ys.len() - 1]) / 2.0
        };
        for (c, cy) in n.children.iter().zip(&ys) {
            let letter = c.word.plain.chars().last().unwrap_or('?');
            self.edges.push((
                x + NODE_W,
                y + NODE_H / 2.0,
                x + TREE_COL,
                cy + NODE_H / 2.0,
                letter,
            ));
        }
        self.nodes.push((
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
}

/// A word's box at `(x, y)` with its three lines; dashed when an earlier
/// word reaches its position first.
fn tree_node(x: f64, y: f64, lines: &[String; 3], dashed: bool) -> Group {
    let mut g = Group::new().set(
        "class",
        if dashed {
            "word reached-before"
        } else {
            "word"
        },
    );
    let mut rect = Rectangle::new()
        .set("x", x)
        .set("y", y)
        .set("width", NODE_W)
        .set("height", NODE_H)
        .set("fill", if dashed { BLANK_FILL } else { TILE_FILL })
        .set("stroke", INK);
    if dashed {
        rect = rect.set("stroke-dasharray", "4 3");
    }
    g = g.add(rect);
    for (k, line) in lines.iter().enumerate() {
        g = g.add(caption(line, x + 6.0, y + 13.0 + 12.0 * k as f64, 11));
    }
    g
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
