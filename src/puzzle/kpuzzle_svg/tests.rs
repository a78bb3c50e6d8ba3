//! The reader's checks: paths, transforms, ids, what is not drawn, and
//! careless pictures refused, never panicked on.

use super::*;

fn close(a: &[(f64, f64)], b: &[(f64, f64)]) -> bool {
    a.len() == b.len()
        && a.iter()
            .zip(b)
            .all(|(p, q)| (p.0 - q.0).abs() < 1e-9 && (p.1 - q.1).abs() < 1e-9)
}

#[test]
fn paths_of_straight_lines_are_read_relative_and_absolute() {
    // cubing.js's 4×4×4: relative, H and V, numbers run together.
    let sq = [
        (184.6, 147.8),
        (184.6, 184.6),
        (147.8, 184.6),
        (147.8, 147.8),
    ];
    assert!(close(&path("m184.6 147.8v36.8h-36.8v-36.8z").unwrap(), &sq));
    assert!(close(
        &path("M 0 0 L 1 0 L 1 1 Z M 0 0").unwrap(),
        &[(0.0, 0.0), (1.0, 0.0), (1.0, 1.0)]
    ));
    // Pairs after a moveto are lines; a closing corner is not repeated.
    assert!(close(
        &path("m 0,1 1,-1 1,1 z").unwrap(),
        &[(0.0, 1.0), (1.0, 0.0), (2.0, 1.0)]
    ));
    assert!(close(
        &path("M0-1.5.5,2").unwrap(),
        &[(0.0, -1.5), (0.5, 2.0)]
    ));
    assert!(
        path("M0,0 Q1,1 2,0 Z")
            .unwrap_err()
            .contains("Q draws a curve")
    );
    assert!(
        path("M0,0 L1 Z")
            .unwrap_err()
            .contains("a number is missing")
    );
    assert!(
        path("M0,0 L1,0 L1,1 Z M2,2 L3,3")
            .unwrap_err()
            .contains("closes")
    );
}

proptest::proptest! {
    /// Whatever the text, a picture is read or refused, never a panic.
    #[test]
    fn careless_pictures_are_refused_not_panicked_on(
        parts in proptest::collection::vec(proptest::sample::select(vec![
            "<svg>", "</svg>", "<g transform=\"", "rotate(9", ")", "scale(2,", "\">", "</g>",
            "<path id=\"A-l0-o0\" d=\"", "M0,0", "l1-.5.5e3", "hv", "Zm", "é", "C1",
            "<use href=\"#", "s\"", "<rect id=\"s\" width=\"1\"/>", "/>", "\"", " ",
            "<polygon id=\"A-l1-o2\" points=\"", "1,2 3", "fill=\"red\"", "matrix(",
        ]), 0..24)
    ) {
        let _ = stickers(&parts.concat());
    }
}

#[test]
fn transforms_compose_right_to_left() {
    let p = (1.0, 0.0);
    let t = transform("translate(10, 0) scale(2)").unwrap();
    assert!(close(&[t.apply(p)], &[(12.0, 0.0)]));
    let r = transform("rotate(90)").unwrap();
    assert!(close(&[r.apply(p)], &[(0.0, 1.0)]));
    let about = transform("rotate(180, 1, 1)").unwrap();
    assert!(close(&[about.apply((0.0, 0.0))], &[(2.0, 2.0)]));
    let m = transform("matrix(1 0 0 -1 0 5)").unwrap();
    assert!(close(&[m.apply((1.0, 1.0))], &[(1.0, 4.0)]));
    assert!(
        transform("shear(1)")
            .unwrap_err()
            .contains("is not translate")
    );
    assert!(
        transform("scale(1, 2, 3)")
            .unwrap_err()
            .contains("does not take 3")
    );
}

#[test]
fn ids_name_orbit_slot_and_facelet() {
    assert_eq!(
        facelet_of("CORNERS-l3-o2"),
        Ok(Some(("CORNERS".into(), 3, 2)))
    );
    assert_eq!(
        facelet_of("C4RNER-l10-o0"),
        Ok(Some(("C4RNER".into(), 10, 0)))
    );
    // A number too large for a slot is refused, not passed over.
    assert!(
        facelet_of("CORNERS-l99999999999999999999999-o0")
            .unwrap_err()
            .contains("past any slot")
    );
    assert_eq!(
        facelet_of("EDGE-PAIRS-l1-o1"),
        Ok(Some(("EDGE-PAIRS".into(), 1, 1)))
    );
    for not in ["puzzle", "CORNERS-l3", "-l1-o1", "X-lA-o1", "X-l1-o"] {
        assert_eq!(facelet_of(not), Ok(None), "{not}");
    }
}

#[test]
fn what_is_not_drawn_is_no_sticker() {
    let square = r#"points="0,0 1,0 1,1 0,1" fill="red""#;
    let svg = format!(
        r#"<svg>
        <clipPath id="clip"><polygon id="CORNERS-l0-o0" {square}/></clipPath>
        <mask id="m"><polygon id="CORNERS-l0-o1" {square}/></mask>
        <polygon id="CORNERS-l0-o2" {square} display="none"/>
        <g style="fill: blue; display: none"><polygon id="CORNERS-l1-o0" {square}/></g>
        <polygon id="CORNERS-l1-o1" {square} display="None"/>
        <polygon id="CORNERS-l1-o2" {square} style="Display: none !important"/>
        <polygon id="CORNERS-l2-o0" {square}/>
        </svg>"#
    );
    let read = named_stickers(&svg).unwrap();
    let ids: Vec<&str> = read.iter().map(|(id, _)| id.as_str()).collect();
    assert_eq!(ids, ["CORNERS-l2-o0"]);
    // A slot number past any slot is refused, not passed over.
    let far = format!(r#"<svg><polygon id="CORNERS-l99999999999999999999999-o0" {square}/></svg>"#);
    assert!(named_stickers(&far).unwrap_err().contains("past any slot"));
}
