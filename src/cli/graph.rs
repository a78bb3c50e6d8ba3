//! `graph`: export the twist graph.

use super::common::{self, Outcome, parse_moves};
use super::puzzle::PuzzleArgs;
use clap::{Args, ValueEnum};
use schofield::method::graph::{GraphKind, TwistGraph};
use schofield::render::{GraphFormat, render_graph};
use std::path::PathBuf;

/// Export the twist graph (or a quotient, or the shortest-path graph) as
/// DOT, GraphML or node-link JSON.
#[derive(Args)]
#[command(
    after_help = "Examples:\n  schofield graph --kind classes --max-moves 8 --format dot\n  schofield graph --kind extended-classes --format json --max-moves 10"
)]
pub struct GraphArgs {
    /// Which graph.
    #[arg(long, value_enum, default_value_t = KindArg::Cayley)]
    kind: KindArg,
    /// File format: graphml (the default), dot or json; with --output,
    /// taken from the file's extension when not given.
    #[arg(long, value_enum)]
    format: Option<GraphFormatArg>,
    /// Keep only the positions (or classes) within this many moves.
    #[arg(long, value_parser = parse_moves, allow_hyphen_values = true)]
    max_moves: Option<u8>,
    /// The five-puzzle instead of the eight-puzzle (the same as --puzzle
    /// five).
    #[arg(long, conflicts_with = "puzzle")]
    five: bool,
    #[command(flatten)]
    puzzle: PuzzleArgs,
    /// Write to this file (atomically) instead of standard output.
    #[arg(long)]
    output: Option<PathBuf>,
}

impl GraphArgs {
    /// Where the graph goes.
    pub fn delivery(&self) -> common::Delivery {
        common::Delivery::file(self.output.as_deref())
    }
}

impl GraphFormatArg {
    /// The name `--format` takes.
    fn name(self) -> &'static str {
        match self {
            GraphFormatArg::Dot => "dot",
            GraphFormatArg::Graphml => "graphml",
            GraphFormatArg::Json => "json",
        }
    }
}

/// The values of `--kind` (the library's [`GraphKind`]).
#[derive(Debug, Clone, Copy, PartialEq, Eq, ValueEnum)]
pub enum KindArg {
    /// Positions joined by twists (a twist and its inverse are one edge).
    Cayley,
    /// The quotient by the D4 classes.
    Classes,
    /// The quotient by the extended classes (a position ~ its inverse).
    ExtendedClasses,
    /// The directed edges that end minimal paths from the target.
    ShortestPaths,
}

impl From<KindArg> for GraphKind {
    fn from(k: KindArg) -> GraphKind {
        match k {
            KindArg::Cayley => GraphKind::Cayley,
            KindArg::Classes => GraphKind::Classes,
            KindArg::ExtendedClasses => GraphKind::ExtendedClasses,
            KindArg::ShortestPaths => GraphKind::ShortestPaths,
        }
    }
}

/// The values of `graph --format` (the library's [`GraphFormat`]).
#[derive(Debug, Clone, Copy, PartialEq, Eq, ValueEnum)]
pub enum GraphFormatArg {
    /// Graphviz DOT, written by petgraph.
    Dot,
    /// GraphML, for Gephi, networkx and yEd.
    Graphml,
    /// Node-link JSON, for networkx (`node_link_graph(data, edges="links")`)
    /// and D3.
    Json,
}

impl From<GraphFormatArg> for GraphFormat {
    fn from(f: GraphFormatArg) -> GraphFormat {
        match f {
            GraphFormatArg::Dot => GraphFormat::Dot,
            GraphFormatArg::Graphml => GraphFormat::Graphml,
            GraphFormatArg::Json => GraphFormat::Json,
        }
    }
}

/// `graph`.
pub fn run(args: GraphArgs) -> Outcome {
    let format = common::choose_format(
        args.format,
        args.output.as_deref(),
        |ext| match ext {
            "dot" | "gv" => Some(GraphFormatArg::Dot),
            "graphml" | "xml" => Some(GraphFormatArg::Graphml),
            "json" => Some(GraphFormatArg::Json),
            _ => None,
        },
        GraphFormatArg::name,
        GraphFormatArg::Graphml,
        "graph format; use .graphml, .dot or .json",
    )?;
    if let Some(path) = &args.output {
        common::check_output(path)?;
    }
    let (kind, max_moves) = (args.kind.into(), args.max_moves);
    let mut puzzle = args.puzzle.clone();
    if args.five {
        puzzle.puzzle = "five".to_string();
    }
    let a = puzzle.analyse(false, false)?;
    refuse_huge(&a, args.kind, max_moves)?;
    let allowed = Some(common::memory_allowed(puzzle.max_memory));
    a.check_view(
        "the graph",
        TwistGraph::bytes_needed(&a, kind, max_moves),
        allowed,
    )?;
    let g = TwistGraph::build(&a, kind, max_moves).ok_or_else(|| {
        format!(
            "the {} has identical pieces, so its positions have no inverses and no extended classes",
            a.puzzle().name()
        )
    })?;
    Ok(render_graph(&g, format.into()))
}

/// The most nodes a graph is drawn with: a million nodes already make
/// about a gigabyte of DOT, more than any drawing tool takes.
const MAX_NODES: u64 = 1_000_000;

/// Refuses a graph of more than [`MAX_NODES`] nodes before it is built,
/// naming the cut that fits.
fn refuse_huge(
    a: &schofield::method::analysis::Analysis,
    kind: KindArg,
    max_moves: Option<u8>,
) -> Result<(), String> {
    let nodes_at = |r: &schofield::method::analysis::MoveCount| match kind {
        KindArg::Cayley | KindArg::ShortestPaths => r.positions,
        KindArg::Classes => r.classes.unwrap_or(r.positions),
        KindArg::ExtendedClasses => r.extended_classes.unwrap_or(r.positions),
    };
    let rows = a.move_counts();
    let cut = max_moves.unwrap_or(u8::MAX);
    let nodes: u64 = rows
        .iter()
        .filter(|r| r.moves <= u32::from(cut))
        .map(nodes_at)
        .sum();
    if nodes <= MAX_NODES {
        return Ok(());
    }
    let mut total = 0;
    let fits = rows
        .iter()
        .take_while(|r| {
            total += nodes_at(r);
            total <= MAX_NODES
        })
        .last()
        .map(|r| r.moves);
    Err(format!(
        "the graph would have {} nodes; at most {} are drawn: give --max-moves {} or a quotient (--kind classes)",
        schofield::text::grouped(nodes as usize),
        schofield::text::grouped(MAX_NODES as usize),
        fits.unwrap_or(0)
    ))
}
