//! The explorer in a real browser (issue #14): `schofield explore` writes
//! the site, headless Chromium opens it from `file://` at a sample of
//! positions, and what the page shows must equal the command line's JSON.
//! Pressing twist buttons (`?play=…`) must move the board as `schofield
//! path` does.

mod common;
use common::{chromium, stdout};

/// The page's DOM once its script has run.
fn page(browser: &str, url: &str) -> String {
    let out = std::process::Command::new(browser)
        .args([
            "--headless",
            "--no-sandbox",
            "--disable-gpu",
            "--virtual-time-budget=3000",
            "--dump-dom",
            url,
        ])
        .output()
        .unwrap();
    assert!(out.status.success(), "{url}: {out:?}");
    String::from_utf8(out.stdout).unwrap()
}

/// The opening tag and text of the element with this id.
fn element<'a>(dom: &'a str, id: &str) -> (&'a str, &'a str) {
    let at = dom
        .find(&format!("id=\"{id}\""))
        .unwrap_or_else(|| panic!("no #{id} in the page"));
    let open_end = at + dom[at..].find('>').unwrap();
    let text_end = open_end + dom[open_end..].find('<').unwrap();
    (&dom[at..open_end], dom[open_end + 1..text_end].trim())
}

fn text<'a>(dom: &'a str, id: &str) -> &'a str {
    element(dom, id).1
}

fn data_id(dom: &str, id: &str) -> u64 {
    let tag = element(dom, id).0;
    let v = tag.split("data-id=\"").nth(1).unwrap();
    v[..v.find('"').unwrap()].parse().unwrap()
}

fn paths(dom: &str) -> Vec<String> {
    dom.split("data-path=\"")
        .skip(1)
        .map(|s| s[..s.find('"').unwrap()].to_string())
        .collect()
}

#[test]
fn the_explorer_shows_what_the_command_line_computes() {
    let Some(browser) = chromium() else { return };
    let dir = tempfile::tempdir().unwrap();
    let site = dir.path().join("site");
    let said = stdout(&["explore", "--output", site.to_str().unwrap()]);
    assert!(said.contains("index.html"), "{said}");
    let data = std::fs::metadata(site.join("data.js")).unwrap().len();
    assert!(data <= 2 << 20, "data.js is {data} bytes, more than 2 MB");
    let index = format!("file://{}", site.join("index.html").display());

    // Schofield's worked example, the target, an antipode and a spread of
    // others, each by code number; one by grid.
    for code in ["102536", "012345", "012346", "254163", "736102", "410756"] {
        let dom = page(browser, &format!("{index}#{code}"));
        let v: serde_json::Value =
            serde_json::from_str(&stdout(&["solve", code, "--all", "--format", "json"])).unwrap();
        assert_eq!(text(&dom, "code"), v["code"], "{code}");
        assert_eq!(text(&dom, "grid"), v["grid"], "{code}");
        assert_eq!(text(&dom, "moves"), v["moves"].to_string(), "{code}");
        assert_eq!(text(&dom, "field"), v["starting_field"], "{code}");
        assert_eq!(text(&dom, "cycles"), v["cycles"], "{code}");
        assert_eq!(data_id(&dom, "class"), v["class"]["class_id"], "{code}");
        assert_eq!(
            data_id(&dom, "extended-class"),
            v["extended_class"]["class_id"],
            "{code}"
        );
        let want: Vec<String> = v["minimal_paths"]
            .as_array()
            .unwrap()
            .iter()
            .map(|p| {
                p["path"]
                    .as_str()
                    .unwrap_or_else(|| p.as_str().unwrap())
                    .to_string()
            })
            .collect();
        assert_eq!(paths(&dom), want, "{code}");
        // The first paint, measured by the page itself.
        let ms: u64 = text(&dom, "ready-ms").parse().unwrap();
        assert!(ms <= 1000, "{code}: first paint took {ms} ms");
    }
    let dom = page(browser, &format!("{index}#025/1_3/746"));
    assert_eq!(text(&dom, "code"), "102536");
    assert_eq!(text(&dom, "moves"), "20");
    assert_eq!(text(&dom, "field"), "....W..Z");

    // Pressing twist buttons moves the board as `path` does.
    for (from, twists) in [("012345", "AXWB"), ("102536", "WXYZADY"), ("254163", "CZ")] {
        let dom = page(browser, &format!("{index}?play={twists}#{from}"));
        let v: serde_json::Value = serde_json::from_str(&stdout(&[
            "path", twists, "--from", from, "--format", "json",
        ]))
        .unwrap();
        assert_eq!(text(&dom, "code"), v["end_code"], "{from} {twists}");
        assert_eq!(text(&dom, "grid"), v["end"], "{from} {twists}");
        let moves = format!("({} twists, {} moves)", v["twists"], v["moves"]);
        assert_eq!(text(&dom, "played-moves"), moves, "{from} {twists}");
    }

    // The five-puzzle.
    let dom = page(browser, &format!("{index}#five:231/0_4"));
    let v: serde_json::Value =
        serde_json::from_str(&stdout(&["five", "solve", "231/0_4", "--format", "json"])).unwrap();
    assert_eq!(text(&dom, "code"), v["code"]);
    assert_eq!(text(&dom, "moves"), v["moves"].to_string());
    assert_eq!(text(&dom, "field"), v["starting_field"]);

    // A position that is not one says so, and the page still works.
    let dom = page(browser, &format!("{index}#99"));
    assert!(text(&dom, "message").contains("no eight-puzzle position has the code number 99"));
}

#[test]
fn explore_refuses_a_file_for_its_folder() {
    let dir = tempfile::tempdir().unwrap();
    let file = dir.path().join("site");
    std::fs::write(&file, "not a folder").unwrap();
    common::fails(
        &["explore", "--output", file.to_str().unwrap()],
        "is not a folder; name a folder",
    );
}
