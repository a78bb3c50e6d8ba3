//! `group`: the group a puzzle's moves generate, as GAP users expect it:
//! its order (Schreier–Sims, exact), the orbits of pieces, the invariants
//! that split the arrangements, and for a position whether it is reached,
//! its order and its cycle type.

use super::common::{FormatArg, Outcome};
use super::puzzle::PuzzleArgs;
use clap::Args;
use schofield::group::PermGroup;
use schofield::method::space;
use schofield::puzzle::invariants::{self, Invariant};
use schofield::puzzle::transformation::{as_points, perm_group, points};
use schofield::puzzle::{DefinitionError, Metric, Puzzle};
use schofield::render::{self, Format};
use schofield::text::{counted, grouped_digits};
use serde::Serialize;
use std::fmt::Write as _;

/// Group theory as GAP users expect it: the order of the group the moves
/// generate (Schreier–Sims, exact), the orbits of pieces, the invariants
/// that split the arrangements, and for a position whether it is reached,
/// its order and its cycle type.
#[derive(Args)]
#[command(
    after_help = "Examples:\n  schofield group\n  schofield group --puzzle 3x3x3\n  schofield group --puzzle 2x2x2 \"R U R' U'\"\n  schofield group '(67)'"
)]
pub struct GroupArgs {
    /// A position to test for membership (any form `solve` reads), with
    /// its order and cycle type.
    #[arg(value_name = "POSITION", num_args = 0..)]
    position: Vec<String>,
    #[command(flatten)]
    puzzle: PuzzleArgs,
    #[command(flatten)]
    pub out: FormatArg,
}

/// An orbit of the group on one orbit's slots.
#[derive(Serialize)]
struct SlotOrbit {
    orbit: String,
    slots: Vec<u8>,
    orientations: u8,
}

/// What `group` reports.
#[derive(Serialize)]
struct GroupReport {
    puzzle: String,
    metric: &'static str,
    generators: Vec<String>,
    /// Decimal digits: an order may pass 2^64.
    group_order: String,
    up_to_rotation: bool,
    #[serde(skip_serializing_if = "Option::is_none")]
    position_count: Option<String>,
    piece_orbits: Vec<SlotOrbit>,
    invariants: Vec<String>,
    #[serde(skip_serializing_if = "Option::is_none")]
    membership: Option<Membership>,
}

/// A position tested against the group.
#[derive(Serialize)]
struct Membership {
    given: String,
    reachable: bool,
    #[serde(skip_serializing_if = "Option::is_none")]
    reason: Option<String>,
    #[serde(skip_serializing_if = "Option::is_none")]
    element_order: Option<String>,
    #[serde(skip_serializing_if = "Option::is_none")]
    cycle_structure: Option<String>,
    #[serde(skip_serializing_if = "Vec::is_empty")]
    cycles_by_orbit: Vec<schofield::puzzle::gap::OrbitCycles>,
}

/// How positions are framed: as they are, up to rotation with the moves
/// taken to the reference piece's home frame, or up to rotations that fix
/// no piece (the cosets of the rotations' group).
enum Frame {
    Home,
    Turned(PermGroup),
    Cosets {
        with_rotations: PermGroup,
        rotations: num_bigint::BigUint,
    },
}

/// `group`.
pub fn group(args: GroupArgs) -> Outcome {
    let format = args.out.get()?;
    if format == Format::Csv {
        return Err("group writes text, json, jsonl or yaml, not csv: its orbits and invariants are no one table".into());
    }
    // The group of the moves is studied even where the positions cannot
    // be searched (orientations that do not matter, forbidden pieces).
    let p = args.puzzle.read_any()?;
    if p.tile_tray().is_some() {
        return Err(DefinitionError::TileMoves(p.name().to_string()).into());
    }
    let metric = args
        .puzzle
        .metric
        .map(Metric::from)
        .unwrap_or(p.default_metric());
    // The generators as declared (a metric's powers add nothing to the group).
    let chosen = p.generators(args.puzzle.generators.as_deref())?;
    let gens: Vec<_> = chosen.iter().map(|m| m.transformation().clone()).collect();
    // The stabiliser chains take at most the memory allowed, the whole
    // group's and then the reduced one's (the first is dropped first).
    let budget = Some(super::common::memory_bound(
        args.puzzle.max_memory.unwrap_or(u64::MAX),
    ));
    let whole = perm_group(&gens, budget)?;
    // A second chain (positions up to rotation) has what the first left.
    let budget = budget.map(|b| b.saturating_sub(whole.memory()));
    let frame = frame_of(&p, &gens, budget)?;
    let up_to_rotation = !matches!(frame, Frame::Home);
    let searchable = p.searchable().is_ok();
    let position_count = match &frame {
        Frame::Home => whole.order(),
        Frame::Turned(g) => g.order(),
        Frame::Cosets {
            with_rotations,
            rotations,
        } => with_rotations.order() / rotations,
    };
    let orbits = slot_orbits(&p, &gens, &whole);
    // The invariants are the generators' (a power keeps what its move
    // keeps), whatever the metric.
    let generators: Vec<&schofield::puzzle::Transformation> = gens.iter().collect();
    let kept = invariants::kept_by(&p, &generators);
    let invariants = invariant_lines(&p, &kept);
    let position = if args.position.is_empty() {
        None
    } else {
        // Reading an alg needs the moves' names; a metric of too many
        // moves (a move of enormous order) still has the quarter metric's.
        let given = args.puzzle.generators.as_deref();
        let ms = p.moves(metric, given).or_else(|e| match e {
            DefinitionError::TooManyMoves { .. } => p.moves(Metric::Quarter, given),
            e => Err(e),
        })?;
        let text = args.position.join(" ");
        Some(membership(&p, &ms, &generators, &whole, &frame, &text)?)
    };
    let report = GroupReport {
        puzzle: p.name().to_string(),
        metric: metric.name(),
        generators: chosen.iter().map(|m| m.name().to_string()).collect(),
        group_order: whole.order().to_string(),
        up_to_rotation,
        // Not a count of positions where some orientations do not matter,
        // pieces are forbidden from slots or some pieces are identical
        // (then there are fewer positions than elements).
        position_count: (searchable && p.has_distinct_pieces()).then(|| position_count.to_string()),
        piece_orbits: orbits,
        invariants,
        membership: position,
    };
    if format != Format::Text {
        return Ok(render::structured(&report, format)?);
    }
    Ok(group_text(&report, &p, &frame, &position_count))
}

/// How positions are framed ([`Frame`]), the chains within `budget`.
fn frame_of(
    p: &Puzzle,
    gens: &[schofield::puzzle::Transformation],
    budget: Option<u64>,
) -> Result<Frame, Box<dyn std::error::Error>> {
    Ok(match space::effective_moves(p, gens) {
        Ok((_, false)) => Frame::Home,
        Ok((effective, true)) => Frame::Turned(perm_group(&effective, budget)?),
        // No piece fixes the frame: positions up to rotation are the cosets
        // of the rotations in the group they make with the moves (the
        // rotations map the moves onto the moves, so normalise their group).
        Err(space::SpaceError::NotRegular { .. }) => {
            let turns: Vec<_> = p
                .rotations()
                .iter()
                .map(|r| r.transformation().clone())
                .collect();
            let both: Vec<_> = gens.iter().chain(&turns).cloned().collect();
            Frame::Cosets {
                with_rotations: perm_group(&both, budget)?,
                rotations: perm_group(&turns, budget)?.order(),
            }
        }
        Err(e) => return Err(e.into()),
    })
}

/// The group's orbits on slots: its orbits on points, each slot's points
/// taken together, one entry for each orbit of slots.
fn slot_orbits(
    p: &Puzzle,
    gens: &[schofield::puzzle::Transformation],
    whole: &PermGroup,
) -> Vec<SlotOrbit> {
    let (offsets, _) = points(&gens[0]);
    let mut orbits = Vec::new();
    for pts in whole.orbits() {
        let first = pts[0] as usize;
        let k = offsets.iter().rposition(|&o| o <= first).unwrap_or(0);
        let o = &p.orbits()[k];
        let m = usize::from(o.orientations);
        let mut slots: Vec<u8> = pts
            .iter()
            .map(|&x| ((x as usize - offsets[k]) / m) as u8)
            .collect();
        slots.dedup();
        // One entry per slot orbit: keep the orbit of each slot's first point only.
        if !(first - offsets[k]).is_multiple_of(m) && slots.len() * m == pts.len() {
            continue;
        }
        if orbits
            .iter()
            .any(|s: &SlotOrbit| s.orbit == o.name && s.slots == slots)
        {
            continue;
        }
        orbits.push(SlotOrbit {
            orbit: o.name.clone(),
            slots,
            orientations: o.orientations,
        });
    }
    orbits
}

/// The invariants `kept`, in words: a run of orbits whose parities are
/// alike is one line.
fn invariant_lines(p: &Puzzle, kept: &[Invariant]) -> Vec<String> {
    let name = |k: usize| p.orbits()[k].name.as_str();
    let mut invariants: Vec<String> = Vec::new();
    for (at, i) in kept.iter().enumerate() {
        match i {
            Invariant::Parity { orbit } => {
                invariants.push(format!("every move permutes {} evenly", name(*orbit)));
            }
            // A class of linked orbits comes as its first paired with each
            // other one, in a run: one line for the run.
            Invariant::ParitiesAlike { first, .. } => {
                let starts = at == 0
                    || !matches!(kept[at - 1], Invariant::ParitiesAlike { first: f, .. } if f == *first);
                if starts {
                    let mut linked = vec![name(*first)];
                    linked.extend(kept[at..].iter().map_while(|j| match j {
                        Invariant::ParitiesAlike { first: f, second } if f == first => {
                            Some(name(*second))
                        }
                        _ => None,
                    }));
                    let (last, rest) = linked.split_last().expect("two orbits at least");
                    invariants.push(format!(
                        "every move permutes {} and {last} with the same parity",
                        rest.join(", ")
                    ));
                }
            }
            Invariant::OrientationSum { orbit, modulus } => invariants.push(format!(
                "every move keeps the orientation sum of {} (mod {modulus})",
                name(*orbit)
            )),
        }
    }
    invariants
}

/// `group`'s text: the report, a line a fact.
fn group_text(
    report: &GroupReport,
    p: &Puzzle,
    frame: &Frame,
    position_count: &num_bigint::BigUint,
) -> String {
    let mut s = String::new();
    let mut line = |k: &str, v: String| {
        let _ = writeln!(s, "{k:<14}{v}");
    };
    line("puzzle", report.puzzle.clone());
    line("generators", report.generators.join(" "));
    line(
        "group order",
        format!(
            "{}   (Schreier–Sims, exact)",
            grouped_digits(&report.group_order)
        ),
    );
    let distinct = p.has_distinct_pieces();
    line(
        "positions",
        if !p.forbidden().is_empty() {
            "not the group's elements: pieces forbidden from slots (Illegal) make some moves illegal in some positions".to_string()
        } else if p.has_free_orientations() {
            "fewer than the group's elements: orientations that do not matter ('?')".to_string()
        } else {
            match (report.up_to_rotation, distinct) {
                (true, true) => format!("{}   (up to whole-puzzle rotation)", grouped_digits(&position_count.to_string())),
                (false, true) => format!("{}   (one for each element: the pieces are all different)", grouped_digits(&position_count.to_string())),
                // `counts` needs a piece that fixes the frame.
                (_, false) if matches!(frame, Frame::Cosets { .. }) => "fewer than the group's elements: identical pieces".to_string(),
                (_, false) => "fewer than the group's elements: identical pieces (count them with `schofield counts`)".to_string(),
            }
        },
    );
    for (i, o) in report.piece_orbits.iter().enumerate() {
        let slots = o
            .slots
            .iter()
            .map(u8::to_string)
            .collect::<Vec<_>>()
            .join(" ");
        let ori = if o.orientations > 1 {
            format!(", {} orientations", o.orientations)
        } else {
            String::new()
        };
        line(
            if i == 0 { "orbits" } else { "" },
            format!(
                "{}: slots {slots} ({}{ori})",
                o.orbit,
                counted(o.slots.len(), "slot", "slots")
            ),
        );
    }
    if report.invariants.is_empty() {
        line(
            "invariants",
            "none of parity or orientation sum".to_string(),
        );
    }
    for (i, inv) in report.invariants.iter().enumerate() {
        line(if i == 0 { "invariants" } else { "" }, inv.clone());
    }
    if let Some(m) = &report.membership {
        membership_lines(m, &mut line);
    }
    s
}

/// The lines `group` prints of a position it tests: reached or not, its
/// order, cycle type and cycles.
fn membership_lines(m: &Membership, line: &mut impl FnMut(&str, String)) {
    line("position", m.given.clone());
    line(
        "reachable",
        match &m.reason {
            None => "yes".to_string(),
            Some(r) => format!("no: {r}"),
        },
    );
    if let Some(o) = &m.element_order {
        line("order", grouped_digits(o));
    }
    if let Some(c) = &m.cycle_structure {
        line("cycle type", c.clone());
    }
    for (i, o) in m.cycles_by_orbit.iter().enumerate() {
        line(if i == 0 { "cycles" } else { "" }, o.to_string());
    }
}

/// Tests a position against the group: reached or not (and the invariant
/// it breaks), its order as an element and its cycle type.
fn membership(
    p: &Puzzle,
    moves: &schofield::puzzle::MoveSet,
    generators: &[&schofield::puzzle::Transformation],
    whole: &PermGroup,
    frame: &Frame,
    text: &str,
) -> Result<Membership, Box<dyn std::error::Error>> {
    // Read with a small analysis only when the puzzle is small; otherwise
    // the pattern forms alone (no alg).
    let pattern = schofield::method::notation::read_pattern_of(p, moves, text)?;
    let element = schofield::method::notation::element_of(p, &pattern);
    let reason = invariants::broken_by(p, generators, &pattern).map(|b| b.to_string());
    // Up to rotation, the group is the moves' as the engine applies them:
    // the element is brought to the same frame first.
    let in_group = match &element {
        Some(t) => {
            let moves: Vec<_> = generators.iter().map(|&g| g.clone()).collect();
            match frame {
                Frame::Home => whole.contains(&as_points(t)),
                Frame::Turned(g) => g.contains(&as_points(&space::in_home_frame(p, &moves, t)?)),
                Frame::Cosets { with_rotations, .. } => with_rotations.contains(&as_points(t)),
            }
        }
        None => reason.is_none(),
    };
    let reason = match (in_group, reason) {
        (true, _) => None,
        (false, Some(r)) => Some(r),
        (false, None) => Some("it breaks no parity or orientation sum, but it is outside the group the moves generate".to_string()),
    };
    let (order, cycle_type) = match &element {
        Some(t) => (
            Some(schofield::puzzle::order_of(t).to_string()),
            Some(schofield::method::notation::cycle_type(p, t)),
        ),
        None => (None, None),
    };
    Ok(Membership {
        given: text.to_string(),
        reachable: in_group,
        reason,
        element_order: order,
        cycle_structure: cycle_type,
        cycles_by_orbit: element
            .as_ref()
            .map(|t| schofield::puzzle::gap::orbit_cycles(p, t))
            .unwrap_or_default(),
    })
}
