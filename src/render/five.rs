//! Renderers for the five-puzzle's reports.

use super::{Format, OutputError, csv, render_counts, structured};
use crate::method::Path;
use crate::method::analysis::{Analysis, MoveCount};
use crate::method::five::{BinaryTrees, Bound, CycleTypeClass, Dodecahedron, TreeNode};
use itertools::Itertools;
use serde::Serialize;
use std::fmt::Write as _;

/// One row of the count by number of twists.
#[derive(Debug, Clone, Copy, Serialize)]
pub struct TwistCount {
    /// Number of twists.
    pub twists: usize,
    /// Positions first reached with that many.
    pub positions: u64,
}

#[derive(Serialize)]
struct FiveCounts<'a> {
    by_moves: &'a [MoveCount],
    by_twists: Vec<TwistCount>,
}

fn twist_counts(counts: &[u64]) -> Vec<TwistCount> {
    counts
        .iter()
        .enumerate()
        .map(|(twists, &positions)| TwistCount { twists, positions })
        .collect()
}

/// The five-puzzle's move-count table and its count by number of twists.
/// JSON/YAML: `{by_moves: [...], by_twists: [{twists, positions}]}`; CSV: the
/// move-count rows.
pub fn render_five_counts(a: &Analysis, format: Format) -> Result<String, OutputError> {
    let rows = a.move_counts();
    match format {
        Format::Json | Format::Jsonl | Format::Yaml => structured(
            &FiveCounts {
                by_moves: &rows,
                by_twists: twist_counts(&a.twist_counts()),
            },
            format,
        ),
        Format::Csv => render_counts(&rows, format),
        Format::Text => {
            let mut s =
                String::from("By number of moves (classes: under the reflection i ↦ 4 − i)\n\n");
            s += &render_counts(&rows, Format::Text)?;
            s += "\nBy number of twists first reached (elision ignored)\n\n";
            let _ = writeln!(s, "{:>6} {:>10}", "twists", "positions");
            for c in twist_counts(&a.twist_counts()) {
                let _ = writeln!(s, "{:>6} {:>10}", c.twists, c.positions);
            }
            let _ = writeln!(s, "{:>6} {:>10}", "total", a.positions());
            Ok(s)
        }
    }
}

fn tree_lines(node: &TreeNode, s: &mut String) {
    let indent = "  ".repeat(node.twists - 1);
    let word = format!("{indent}{}", node.word);
    let mark = match &node.same_as {
        None => "new".to_string(),
        Some(w) if w.plain.is_empty() => "= target".to_string(),
        Some(w) => format!("= {w}"),
    };
    let _ = writeln!(
        s,
        "{word:<16} {:>3} moves   {}   {mark}",
        node.moves, node.position
    );
    for c in &node.children {
        tree_lines(c, s);
    }
}

/// The binary trees. Text shows the trees from A and W in full and says how
/// the reflection gives the other two; JSON/YAML hold all four.
pub fn render_trees(trees: &BinaryTrees, format: Format) -> Result<String, OutputError> {
    match format {
        Format::Json | Format::Jsonl | Format::Yaml => structured(trees, format),
        Format::Csv => {
            #[derive(Serialize)]
            struct Row<'a> {
                tree: char,
                word: String,
                twists: usize,
                moves: usize,
                position: &'a str,
                first: bool,
                same_as: String,
            }
            fn rows<'a>(tree: char, n: &'a TreeNode, out: &mut Vec<Row<'a>>) {
                out.push(Row {
                    tree,
                    word: n.word.plain.clone(),
                    twists: n.twists,
                    moves: n.moves,
                    position: &n.position,
                    first: n.first,
                    same_as: n
                        .same_as
                        .as_ref()
                        .map(|p| p.to_string())
                        .unwrap_or_default(),
                });
                for c in &n.children {
                    rows(tree, c, out);
                }
            }
            let mut out = Vec::new();
            for root in trees.roots.iter().chain(&trees.reflected) {
                let tree = root.word.plain.chars().next().unwrap_or('?');
                rows(tree, root, &mut out);
            }
            csv(out)
        }
        Format::Text => {
            let mut s = String::new();
            let _ = writeln!(
                s,
                "Reduced twist words from the target, {} twists deep. After A or W only B or X\n\
                 can usefully follow, and vice versa, so every node has two children.\n\
                 Each line: word, moves (4t − 2e), the position reached (code number), and\n\
                 'new' when no earlier word reaches it (words taken by number of twists, then\n\
                 in the order A B W X, across all four trees) or '= WORD' naming the earliest.\n",
                trees.depth
            );
            for root in &trees.roots {
                let _ = writeln!(s, "Tree from {}", root.word);
                tree_lines(root, &mut s);
                s.push('\n');
            }
            let _ = writeln!(
                s,
                "The reflection in the vertical axis (i ↦ 4 − i) sends A ↔ X and W ↔ B, so the\n\
                 tree from A becomes the tree from X and the tree from W the tree from B,\n\
                 node for node, each position reflected (JSON/YAML list them in full).\n"
            );
            let _ = writeln!(s, "Positions first reached, by number of twists:");
            let parts: Vec<String> = trees
                .first_reached
                .iter()
                .enumerate()
                .map(|(t, n)| format!("{t}: {n}"))
                .collect();
            let total: usize = trees.first_reached.iter().sum();
            let _ = writeln!(s, "    {}   (total {total})", parts.join(", "));
            Ok(s)
        }
    }
}

/// The classes of A5 beside the dodecahedron's axes.
pub fn render_five_classes(
    classes: &[CycleTypeClass],
    format: Format,
) -> Result<String, OutputError> {
    match format {
        Format::Json | Format::Jsonl | Format::Yaml => structured(classes, format),
        Format::Csv => {
            #[derive(Serialize)]
            struct Row<'a> {
                name: &'a str,
                elements: usize,
                order: usize,
                cyclic_subgroups: usize,
                conjugacy_classes: String,
                axes: &'a str,
                dodecahedron_axes: usize,
                rotations: &'a str,
            }
            csv(classes.iter().map(|c| Row {
                name: c.name,
                elements: c.elements,
                order: c.order,
                cyclic_subgroups: c.cyclic_subgroups,
                conjugacy_classes: c.conjugacy_classes.iter().map(|n| n.to_string()).join("+"),
                axes: c.axes,
                dodecahedron_axes: c.dodecahedron_axes,
                rotations: c.rotations,
            }))
        }
        Format::Text => {
            let mut s = String::new();
            let _ = writeln!(
                s,
                "{:<35} {:>9} {:>6} {:>17} {:>11}   dodecahedron: axes, rotations about each",
                "five-puzzle: class of permutations",
                "positions",
                "order",
                "cyclic subgroups",
                "conjugacy",
            );
            for c in classes {
                let subgroups = if c.order == 1 {
                    "1".to_string()
                } else {
                    format!("{} × {}", c.cyclic_subgroups, c.per_subgroup)
                };
                let conj: Vec<String> = c.conjugacy_classes.iter().map(|n| n.to_string()).collect();
                let axes = if c.order == 1 {
                    "the identity".to_string()
                } else {
                    format!("{} {} ({})", c.dodecahedron_axes, c.axes, c.rotations)
                };
                let _ = writeln!(
                    s,
                    "{:<35} {:>9} {:>6} {:>17} {:>11}   {axes}",
                    c.name,
                    c.elements,
                    c.order,
                    subgroups,
                    conj.join(" + ")
                );
            }
            let total: usize = classes.iter().map(|c| c.elements).sum();
            let d = Dodecahedron::REGULAR;
            let _ = writeln!(
                s,
                "{:<35} {:>9}\n\nThe dodecahedron: {} faces of {} sides, {} at each vertex, so {} edges and {} vertices\n\
                 (V − E + F = {}); rotations: 1 + {}·{} + {}·{} + {}·1 = {} = |A5|.",
                "total",
                total,
                d.faces,
                d.face_sides,
                d.vertex_degree,
                d.edges(),
                d.vertices(),
                d.vertices() + d.faces - d.edges(),
                d.vertices() / 2,
                d.vertex_degree - 1,
                d.faces / 2,
                d.face_sides - 1,
                d.edges() / 2,
                d.rotations()
            );
            Ok(s)
        }
    }
}

/// Schofield's bound beside the true maxima.
pub fn render_bound(b: &Bound, format: Format) -> Result<String, OutputError> {
    match format {
        Format::Json | Format::Jsonl | Format::Yaml => structured(b, format),
        Format::Csv => csv([b]),
        Format::Text => Ok(format!(
            "five-puzzle, most moves needed          {:>2}   computed; all of A5 within {} twists\n\
             eight-puzzle, Schofield's crude bound   {:>2}   printed in the paper, no derivation given\n\
             eight-puzzle, most moves needed         {:>2}   computed; the crude bound holds, {} moves to spare\n",
            b.five_puzzle_max,
            b.five_puzzle_twists,
            b.schofield_crude_bound,
            b.eight_puzzle_max,
            b.schofield_crude_bound - b.eight_puzzle_max
        )),
    }
}

/// The whole five-puzzle analysis as text: counts, every position, the
/// trees, the classes and the bound (this is `tables/five-puzzle.txt`).
pub fn render_five_report(
    a: &Analysis,
    trees: &BinaryTrees,
    classes: &[CycleTypeClass],
    bound: &Bound,
    format: Format,
) -> Result<String, OutputError> {
    if format != Format::Text {
        // The four parts as one record: each part's own JSON, side by side.
        let part = |text: Result<String, OutputError>| -> Result<serde_json::Value, OutputError> {
            serde_json::from_str(&text?).map_err(|e| OutputError(e.to_string()))
        };
        let whole = serde_json::json!({
            "counts": part(render_five_counts(a, Format::Json))?,
            "trees": part(render_trees(trees, Format::Json))?,
            "cycle_type_classes": part(render_five_classes(classes, Format::Json))?,
            "bound": part(render_bound(bound, Format::Json))?,
        });
        return match format {
            Format::Csv => Err(OutputError(
                "the whole analysis has no one table; ask for a part (five counts, five classes, five bound, five trees) as CSV".into(),
            )),
            _ => structured(&whole, format),
        };
    }
    let mut s = String::from(
        "SCHOFIELD'S FIVE-PUZZLE\n\n    1 2 3\n    0 _ 4\n\nTwists A = (012), B = (234), W = A⁻¹, X = B⁻¹; B then A elides, and W then X.\n\n",
    );
    s += "1. COUNTS\n\n";
    s += &render_five_counts(a, Format::Text)?;
    s += "\n2. EVERY POSITION (puzzle → target; field slots A B W X; specimen: the first\n   minimal solution in the order A B W X, elided twists struck through)\n\n";
    let _ = writeln!(
        s,
        "{:<5} {:<8} {:>5}  {:<5} specimen",
        "code", "grid", "moves", "field"
    );
    let moves = a.moves();
    for x in (0..a.space().len()).filter(|&x| a.moves_at(x).is_some()) {
        let spec = Path::new(a.specimen(x));
        let _ = writeln!(
            s,
            "{:<5} {:<8} {:>5}  {:<5} {}",
            a.code(x).unwrap_or_default(),
            a.grid(x).unwrap_or_default(),
            a.moves_at(x).unwrap_or(0),
            a.starting_moves(x).field(moves),
            if spec.is_empty() {
                "(target)".to_string()
            } else {
                spec.marked(moves)
            }
        );
    }
    s += "\n3. THE BINARY TREES\n\n";
    s += &render_trees(trees, Format::Text)?;
    s += "\n4. THE CLASSES OF A5 AND THE DODECAHEDRON\n\n";
    s += &render_five_classes(classes, Format::Text)?;
    s += "\n5. THE BOUND\n\n";
    s += &render_bound(bound, Format::Text)?;
    Ok(s)
}
