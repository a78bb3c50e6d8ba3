//! The explorer in a real browser (issues #14 and #34): `schofield explore`
//! writes the site, headless Chromium opens it from `file://`, and what the
//! page shows must equal the command line's JSON, for every puzzle of the
//! library that a site holds. Playing (`?play=…`) must end where `schofield
//! path` does, and the address must follow play: a harness page drives the
//! explorer in a frame (Target, Go to, Back and Forward) and reports its
//! address and figures.

use super::common;
use super::common::{chromium, stdout};
use serde_json::Value;
use std::path::Path;

/// At most two browsers at once (tests run side by side): each takes a
/// core and a few hundred megabytes.
fn browser_slot() -> impl Drop {
    use std::sync::{Condvar, Mutex};
    static FREE: Mutex<usize> = Mutex::new(2);
    static CHANGED: Condvar = Condvar::new();
    let mut free = FREE.lock().unwrap();
    while *free == 0 {
        free = CHANGED.wait(free).unwrap();
    }
    *free -= 1;
    struct Slot;
    impl Drop for Slot {
        fn drop(&mut self) {
            *FREE.lock().unwrap() += 1;
            CHANGED.notify_one();
        }
    }
    Slot
}

/// The page's DOM once its script has run and its timers for `budget`
/// (virtual) ms, if given; one browser at a time per slot.
fn dom_of(browser: &str, url: &str, budget: Option<u32>) -> String {
    let _shared = common::shared();
    let _slot = browser_slot();
    let out = std::process::Command::new(browser)
        .args([
            "--headless",
            "--no-sandbox",
            "--disable-gpu",
            "--allow-file-access-from-files",
        ])
        .args(budget.map(|b| format!("--virtual-time-budget={b}")))
        .args(["--dump-dom", url])
        .output()
        .unwrap();
    assert!(out.status.success(), "{url}: {out:?}");
    String::from_utf8(out.stdout).unwrap()
}

/// Runs a harness page: writes `html` into `dir` as `file` and opens it
/// with `plan` (JSON) in its address, for `budget` (virtual) ms; its DOM
/// at the end.
fn harness(browser: &str, dir: &Path, file: &str, html: &str, plan: &str, budget: u32) -> String {
    let path = dir.join(file);
    std::fs::write(&path, html).unwrap();
    let plan = plan
        .replace('%', "%25")
        .replace('#', "%23")
        .replace(' ', "%20");
    dom_of(
        browser,
        &format!("file://{}#{plan}", path.display()),
        Some(budget),
    )
}

/// The DOMs of several pages from one browser. The explorer draws in one
/// go as it loads, so each page is read at its load event, as
/// `--dump-dom` reads one: a harness page opens each address in a fresh
/// frame, one after another. A browser's start costs more than a page
/// (about 1.7 s of processor time), so a test that reads many pages reads
/// them here. The harness is written into `dir`.
fn pages(browser: &str, dir: &Path, urls: &[String]) -> Vec<String> {
    let html = r#"<!DOCTYPE html><meta charset="utf-8"><body><pre id="out"></pre>
<script>
const urls = JSON.parse(decodeURIComponent(location.hash.slice(1)));
const doms = [];
function open(k) {
  if (k === urls.length) {
    document.getElementById("out").textContent = btoa(unescape(encodeURIComponent(JSON.stringify(doms))));
    return;
  }
  const f = document.createElement("iframe");
  f.width = 900; f.height = 700;
  f.onload = () => { doms.push(f.contentDocument.documentElement.outerHTML); f.remove(); open(k + 1); };
  f.src = urls[k];
  document.body.appendChild(f);
}
open(0);
</script>"#;
    let list = serde_json::to_string(urls).unwrap();
    let dom = harness(browser, dir, "pages.html", html, &list, 60_000);
    use base64::Engine;
    let json = base64::engine::general_purpose::STANDARD
        .decode(element(&dom, "out").1)
        .unwrap_or_else(|e| panic!("{e}: {dom}"));
    let doms: Vec<String> = serde_json::from_slice(&json)
        .unwrap_or_else(|e| panic!("{e}: the harness ended so: {dom}"));
    assert_eq!(doms.len(), urls.len(), "{dom}");
    doms
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

/// The text of an element, entities decoded.
fn text(dom: &str, id: &str) -> String {
    element(dom, id)
        .1
        .replace("&amp;", "&")
        .replace("&lt;", "<")
        .replace("&gt;", ">")
        .replace("&quot;", "\"")
        .replace("&#39;", "'")
}

fn data_id(dom: &str, id: &str) -> Option<u64> {
    let tag = element(dom, id).0;
    let v = tag.split("data-id=\"").nth(1)?;
    Some(v[..v.find('"').unwrap()].parse().unwrap())
}

fn paths(dom: &str) -> Vec<String> {
    dom.split("data-path=\"")
        .skip(1)
        .map(|s| {
            s[..s.find('"').unwrap()]
                .replace("&#39;", "'")
                .replace("&apos;", "'")
        })
        .collect()
}

/// The fills of the net's stickers on the page, in order (empty when the
/// puzzle has no net), as CSS writes them back.
fn net_fills(dom: &str) -> Vec<String> {
    dom.split("id=\"sticker-")
        .skip(1)
        .map(|s| {
            let tag = &s[..s.find('>').unwrap()];
            let fill = tag.split("fill: ").nth(1).unwrap_or("");
            fill[..fill.find(';').unwrap_or(0)].to_string()
        })
        .collect()
}

/// The fills of the first net `solve --format svg` draws, each as the
/// browser writes it back (`#009e60` as `rgb(0, 158, 96)`).
fn svg_fills(svg: &str) -> Vec<String> {
    svg.split("<polygon")
        .skip(1)
        .map(|s| {
            let f = s.split("fill=\"").nth(1).unwrap();
            let f = &f[..f.find('"').unwrap()];
            match f.strip_prefix('#') {
                Some(h) => {
                    let c = |i: usize| u8::from_str_radix(&h[i..i + 2], 16).unwrap();
                    format!("rgb({}, {}, {})", c(0), c(2), c(4))
                }
                None => f.to_string(),
            }
        })
        .collect()
}

/// A site of these puzzles in `dir`; its index as a `file://` address.
fn site(dir: &Path, puzzles: &[&str]) -> String {
    let mut args = vec!["explore", "--output", dir.to_str().unwrap()];
    for p in puzzles {
        args.extend(["--puzzle", p]);
    }
    let said = stdout(&args);
    assert!(said.contains("index.html"), "{said}");
    format!("file://{}", dir.join("index.html").display())
}

/// A position's text in an address.
fn in_address(position: &str) -> String {
    position
        .replace('%', "%25")
        .replace('#', "%23")
        .replace('?', "%3F")
        .replace('&', "%26")
        .replace('+', "%2B")
        .replace(' ', "+")
}

/// The page at `position` shows what `solve --puzzle P --all --format json`
/// says of it from the whole table (`--whole-table`: the explorer's card).
fn check_position(browser: &str, index: &str, puzzle: &str, position: &str) -> String {
    let dom = dom_of(browser, &format!("{index}#{}", in_address(position)), None);
    check_dom(&dom, puzzle, position);
    dom
}

/// [`check_position`] on a page already loaded at `position`.
fn check_dom(dom: &str, puzzle: &str, position: &str) {
    let v: Value = serde_json::from_str(&stdout(&[
        "solve",
        "--puzzle",
        puzzle,
        position,
        "--all",
        "--whole-table",
        "--format",
        "json",
    ]))
    .unwrap();
    let at = format!("{puzzle} {position}");
    assert_eq!(text(dom, "message"), "", "{at}");
    if let Some(code) = v["code"].as_str() {
        assert_eq!(text(dom, "code"), code, "{at}");
    }
    if let Some(shown) = v["grid"].as_str().or(v["pattern"].as_str()) {
        assert_eq!(text(dom, "grid"), shown, "{at}");
    }
    // In the puzzle's words: Schofield's sequence number and dotted field
    // on a tray, a position number and the moves' names elsewhere.
    let number = v
        .get("sequence_number")
        .or(v.get("position_number"))
        .and_then(Value::as_u64)
        .unwrap();
    assert_eq!(text(dom, "sequence-number"), grouped(number), "{at}");
    let label = if v.get("sequence_number").is_some() {
        "sequence number"
    } else {
        "position number"
    };
    assert_eq!(text(dom, "number-label"), label, "{at}");
    assert_eq!(text(dom, "moves"), v["moves"].to_string(), "{at}");
    let field = match v.get("starting_field") {
        Some(f) => f.as_str().unwrap().to_string(),
        None => v["starting_moves"]
            .as_array()
            .unwrap()
            .iter()
            .map(|m| m.as_str().unwrap())
            .collect::<Vec<_>>()
            .join(" "),
    };
    assert_eq!(text(dom, "field"), field, "{at}");
    if let Some(c) = v["cycles"].as_str() {
        assert_eq!(text(dom, "cycles"), c, "{at}");
    }
    assert_eq!(
        data_id(dom, "class"),
        v["class"]["class_id"].as_u64(),
        "{at}"
    );
    assert_eq!(
        data_id(dom, "extended-class"),
        v["extended_class"]["class_id"].as_u64(),
        "{at}"
    );
    // A puzzle drawn as a net shows the stickers `solve --format svg` draws.
    if schofield::puzzle::read::puzzle(puzzle).is_ok_and(|p| p.drawing().is_some()) {
        let svg = stdout(&["solve", "--puzzle", puzzle, position, "--format", "svg"]);
        assert_eq!(net_fills(dom), svg_fills(&svg), "{at}");
        assert!(!net_fills(dom).is_empty(), "{at}");
    }
    let want = common::minimal_paths(&v);
    let got = paths(dom);
    assert!(!got.is_empty(), "{at}");
    assert_eq!(got, want[..got.len()], "{at}");
    assert!(
        text(dom, "path-count").contains(&grouped(v["minimal_path_count"].as_u64().unwrap())),
        "{at}"
    );
}

/// The page opened at a position paints it at once, with no message, and
/// records when (`#ready-ms`, the page's own `performance.now()`). How
/// soon is a benchmark's figure (`cargo bench --bench explorer`), not a
/// test's: a clock in a test measures the machine as much as the page.
#[test]
fn the_first_paint_is_the_position_asked_for_even_for_the_2x2x2() {
    if !super::common::has(
        super::common::Outside::Chromium,
        "the_first_paint_is_the_position_asked_for_even_for_the_2x2x2",
    ) {
        return;
    }
    let browser = chromium();
    let dir = tempfile::tempdir().unwrap();
    let cube = site(&dir.path().join("cube"), &["2x2x2"]);
    let eight = site(&dir.path().join("eight"), &[]);
    let far = random("2x2x2", 1, 11)[0].clone();
    for (index, puzzle, position) in [(&cube, "2x2x2", far.as_str()), (&eight, "eight", "102536")] {
        let dom = check_position(browser, index, puzzle, position);
        let ms: f64 = text(&dom, "ready-ms").parse().unwrap();
        assert!(ms > 0.0, "{position}: {ms}");
    }
}

fn grouped(n: u64) -> String {
    schofield::text::grouped_digits(&n.to_string())
}

/// The explorer's address that plays `moves` from `start`.
fn play_address(index: &str, start: &str, moves: &str) -> String {
    format!("{index}?play={}#{}", in_address(moves), in_address(start))
}

/// Playing `moves` from `start` ends where `path --puzzle P` does, on a
/// page loaded at [`play_address`].
fn check_played(dom: &str, puzzle: &str, start: &str, moves: &str) {
    let v: Value = serde_json::from_str(&stdout(&[
        "path", "--puzzle", puzzle, moves, "--from", start, "--format", "json",
    ]))
    .unwrap();
    let at = format!("{puzzle}: {moves} from {start}");
    assert_eq!(text(dom, "message"), "", "{at}");
    assert_eq!(text(dom, "grid"), v["end"], "{at}");
    let played = text(dom, "played-moves");
    // The moves written: Schofield's twists, or a cube's length.
    let written = v.get("twists").or(v.get("length")).unwrap();
    assert!(
        played.starts_with(&format!("({written} ")),
        "{at}: {played}"
    );
    if &v["moves"] != written {
        assert!(
            played.ends_with(&format!("{} moves)", v["moves"])),
            "{at}: {played}"
        );
    }
}

/// Random positions of a puzzle, from `random`.
fn random(puzzle: &str, count: usize, seed: u64) -> Vec<String> {
    let out = stdout(&[
        "random",
        "--puzzle",
        puzzle,
        "--count",
        &count.to_string(),
        "--seed",
        &seed.to_string(),
        "--format",
        "json",
    ]);
    let v: Value = serde_json::from_str(&out).unwrap();
    let rows = v.as_array().cloned().unwrap_or_else(|| vec![v.clone()]);
    rows.iter()
        .map(|r| {
            r["start"]
                .as_str()
                .unwrap_or_else(|| panic!("{r}"))
                .to_string()
        })
        .collect()
}

/// Every puzzle of the library that a site holds whole (`eight-tiles`
/// is no group and is refused; `eleven`, `corners` and `3x3x3` are past
/// the table a page holds, and played without it).
const EXPLORED: [&str; 6] = ["eight", "five", "2x2x2", "squares", "pyraminx", "topspin"];

/// Puzzles of users' files: our YAML, twsearch's .tws (the 2×2×2 with
/// its symmetries) and cubing.js's KPuzzle JSON.
const FILES: [&str; 3] = [
    "tests/fixtures/puzzles/seven.yaml",
    "tests/fixtures/twsearch/symm-2x2x2.tws",
    "tests/fixtures/twsearch/2x2x2.kpuzzle.json",
];

#[test]
fn every_library_puzzle_and_users_files_in_the_browser_show_what_the_command_line_computes() {
    if !super::common::has(
        super::common::Outside::Chromium,
        "every_library_puzzle_and_users_files_in_the_browser_show_what_the_command_line_computes",
    ) {
        return;
    }
    let browser = chromium();
    let dir = tempfile::tempdir().unwrap();
    std::thread::scope(|s| {
        for (k, puzzle) in EXPLORED.into_iter().chain(FILES).enumerate() {
            let folder = dir.path().join(format!("site-{k}"));
            s.spawn(move || {
                let index = site(&folder, &[puzzle]);
                let size: u64 = std::fs::read_dir(&folder)
                    .unwrap()
                    .map(|f| f.unwrap().metadata().unwrap().len())
                    .sum();
                assert!(size <= 5 << 20, "{puzzle}: the site has {size} bytes");
                let positions = random(puzzle, 2, 34 + k as u64);
                // Play the start of a minimal path and a few moves more.
                let v: Value = serde_json::from_str(&stdout(&[
                    "solve",
                    "--puzzle",
                    puzzle,
                    &positions[0],
                    "--format",
                    "json",
                ]))
                .unwrap();
                let specimen = v["specimen"].as_str().unwrap().to_string();
                let mut urls = vec![index.clone()];
                urls.extend(
                    positions
                        .iter()
                        .map(|p| format!("{index}#{}", in_address(p))),
                );
                urls.extend(positions.iter().map(|p| play_address(&index, p, &specimen)));
                let doms = pages(browser, &folder, &urls);
                let goal = &doms[0];
                assert_eq!(text(goal, "moves"), "0", "{puzzle}");
                assert_eq!(text(goal, "path-count"), "(1)", "{puzzle}");
                // The page opened without a position shows the goal.
                check_dom(goal, puzzle, &text(goal, "grid"));
                for (p, dom) in positions.iter().zip(&doms[1..3]) {
                    check_dom(dom, puzzle, p);
                }
                for (p, dom) in positions.iter().zip(&doms[3..5]) {
                    check_played(dom, puzzle, p, &specimen);
                }
            });
        }
    });
}

#[test]
fn schofields_site_shows_the_eight_and_five_puzzle_in_every_form_solve_reads() {
    if !super::common::has(
        super::common::Outside::Chromium,
        "schofields_site_shows_the_eight_and_five_puzzle_in_every_form_solve_reads",
    ) {
        return;
    }
    let browser = chromium();
    let dir = tempfile::tempdir().unwrap();
    let index = site(dir.path(), &[]);
    let codes = ["102536", "012346", "254163", "736102"];
    // Every form `solve` reads: a grid, cycles, the usual 1–8 notation.
    let forms = [
        ("025/1_3/746", false),
        ("(01)(3465)", false),
        ("825/1_3/746", true),
    ];
    let at = |p: &str| format!("{index}#{}", in_address(p));
    let mut urls: Vec<String> = codes.iter().map(|c| at(c)).collect();
    urls.extend(forms.iter().map(|(f, _)| at(f)));
    urls.extend([
        play_address(&index, "012345", "WXYZ"),
        format!("{index}?play=WXYZ"),
        format!("{index}?play=WQX"),
        format!("{index}#five:231/0_4"),
        at("_23/104/765"),
        at("99"),
    ]);
    let doms = pages(browser, dir.path(), &urls);
    for (code, dom) in codes.iter().zip(&doms) {
        check_dom(dom, "eight", code);
    }
    for ((form, note), dom) in forms.iter().zip(&doms[4..]) {
        assert_eq!(text(dom, "code"), "102536", "{form}");
        assert_eq!(text(dom, "moves"), "20", "{form}");
        assert_eq!(text(dom, "field"), "....W..Z", "{form}");
        assert_eq!(
            text(dom, "message").contains("1–8 notation"),
            *note,
            "{form}"
        );
    }
    let [wxyz_from, wxyz, wqx, five, off_centre, not_one] = &doms[7..] else {
        panic!("{} pages", doms.len())
    };
    // Schofield's twists W X Y Z: three elisions, 10 moves.
    check_played(wxyz_from, "eight", "012345", "WXYZ");
    assert_eq!(text(wxyz, "played-moves"), "(4 twists, 10 moves)");
    let played =
        &wxyz[wxyz.find("id=\"played\"").unwrap()..wxyz.find("id=\"played-moves\"").unwrap()];
    assert_eq!(played.matches("class=\"elided\"").count(), 3);
    // A letter that is not a twist is named on the page.
    assert!(
        text(wqx, "message").contains("'Q'"),
        "{}",
        text(wqx, "message")
    );
    assert_eq!(text(wqx, "code"), "012345");
    // The five-puzzle, with its own examples in the Go to box.
    let v: Value =
        serde_json::from_str(&stdout(&["five", "solve", "231/0_4", "--format", "json"])).unwrap();
    assert_eq!(text(five, "code"), v["code"]);
    assert_eq!(text(five, "moves"), v["moves"].to_string());
    assert_eq!(text(five, "field"), v["starting_field"]);
    let tag = five[five.find("id=\"goto\"").unwrap()..]
        .split('>')
        .next()
        .unwrap();
    assert!(tag.contains("placeholder=\"012 or "), "{tag}");
    // The blank off the centre: no twist position, and the page says
    // where the command line answers it.
    assert!(
        text(off_centre, "message").contains("lookup table"),
        "{}",
        text(off_centre, "message")
    );
    // A position that is not one says so, and the page still works.
    assert!(
        text(not_one, "message").contains("99"),
        "{}",
        text(not_one, "message")
    );
}

/// Drives the explorer in a frame: each step a click on an id, a Go to,
/// Back or Forward; after each, the frame's address and figures.
fn drive(browser: &str, dir: &Path, start: &str, steps: &[&str]) -> Vec<Value> {
    drive_at(browser, dir, start, steps, 900)
}

/// [`drive`] in a window `width` pixels wide.
fn drive_at(browser: &str, dir: &Path, start: &str, steps: &[&str], width: u32) -> Vec<Value> {
    let html = r#"<!DOCTYPE html><meta charset="utf-8"><body>
<iframe id="f" width="900" height="700"></iframe><pre id="out"></pre>
<script>
const steps = JSON.parse(decodeURIComponent(location.hash.slice(1)));
const f = document.getElementById("f");
const out = [];
const ids = ["code", "grid", "moves", "played", "played-moves", "message"];
function record(step) {
  const d = f.contentDocument;
  const r = { step, href: f.contentWindow.location.href.replace(/^.*index\.html/, ""), wide: d.documentElement.scrollWidth, history: f.contentWindow.history.length };
  for (const id of ids) r[id] = d.getElementById(id).textContent.trim();
  out.push(r);
}
function run(k) {
  if (k === steps.steps.length + 1) { document.getElementById("out").textContent = JSON.stringify(out); return; }
  const step = steps.steps[k - 1];
  const d = f.contentDocument, w = f.contentWindow;
  if (step === "wait") {}
  else if (step.startsWith("hash:")) w.location.hash = step.slice(5);
  else if (step === "back") w.history.back();
  else if (step === "forward") w.history.forward();
  else if (step.startsWith("goto:")) {
    const box = d.getElementById("goto");
    box.value = step.slice(5);
    box.dispatchEvent(new KeyboardEvent("keydown", { key: "Enter" }));
  } else d.getElementById(step).click();
  setTimeout(() => { record(step); run(k + 1); }, 400);
}
f.onload = () => setTimeout(() => { record("open"); run(1); }, 800);
f.width = steps.width;
f.src = "index.html" + steps.url;
</script>"#;
    let plan = serde_json::json!({ "url": start, "steps": steps, "width": width });
    let dom = harness(
        browser,
        dir,
        "harness.html",
        html,
        &plan.to_string(),
        20_000,
    );
    let json = text(&dom, "out");
    serde_json::from_str::<Vec<Value>>(&json).unwrap_or_else(|e| panic!("{e}: {dom}"))
}

#[test]
fn the_address_is_the_state() {
    if !super::common::has(super::common::Outside::Chromium, "the_address_is_the_state") {
        return;
    }
    let browser = chromium();
    let dir = tempfile::tempdir().unwrap();
    site(dir.path(), &[]);
    // Play W X, press Target, go back twice, forward, then Go to.
    let r = drive(
        browser,
        dir.path(),
        "#102536",
        &[
            "move-4",
            "move-5",
            "to-target",
            "back",
            "back",
            "forward",
            "goto:102536",
            "goto:102536",
        ],
    );
    let code = |k: usize| r[k]["code"].as_str().unwrap().to_string();
    let href = |k: usize| r[k]["href"].as_str().unwrap().to_string();
    assert_eq!(code(0), "102536");
    // Playing writes the start and the moves into the address.
    assert_eq!(href(1), "?play=W#102536");
    assert_eq!(href(2), "?play=WX#102536");
    let v: Value = serde_json::from_str(&stdout(&[
        "path", "WX", "--from", "102536", "--format", "json",
    ]))
    .unwrap();
    assert_eq!(code(2), v["end_code"].as_str().unwrap());
    // Target re-renders.
    assert_eq!(code(3), "012345");
    assert_eq!(r[3]["played"], "–");
    // Back and Forward walk through the moves played.
    assert_eq!(href(4), "?play=WX#102536");
    assert_eq!(code(4), code(2));
    assert_eq!(href(5), "?play=W#102536");
    assert_eq!(href(6), "?play=WX#102536");
    assert_eq!(code(6), code(2));
    // Go to re-renders, also to the position the address already names.
    assert_eq!(code(7), "102536");
    assert_eq!(href(7), "#102536");
    assert_eq!(code(8), "102536");
    assert_eq!(r[8]["played"], "–");
    // The same Go to twice is one entry of the history, not two.
    assert_eq!(r[8]["history"], r[7]["history"]);

    // A step-through stops when the person goes elsewhere: Target after
    // its first twist, and the page stays at the target.
    let r = drive(
        browser,
        dir.path(),
        "#102536",
        &["step-path-0", "to-target", "wait", "wait", "wait"],
    );
    for step in &r[2..] {
        assert_eq!(step["code"], "012345", "{step}");
        assert_eq!(step["href"], "#", "{step}");
    }
    // A stray % in the address is read as it stands and named.
    let r = drive(browser, dir.path(), "#%", &["hash:%E0%A4%A", "goto:100%"]);
    for step in &r {
        let said = step["message"].as_str().unwrap();
        assert!(said.contains('%'), "{step}");
        assert!(!said.contains("could not start"), "{step}");
    }

    // On the 2x2x2, moves with primes and a pattern for a start.
    let cube = tempfile::tempdir().unwrap();
    site(cube.path(), &["2x2x2"]);
    let r = drive(browser, cube.path(), "", &["move-1", "move-12", "undo"]);
    assert_eq!(r[1]["href"], "?play=R#");
    // (A browser writes the prime in a query as %27.)
    assert_eq!(r[2]["href"], "?play=R+U%27#");
    assert_eq!(r[2]["moves"], "2");
    assert_eq!(r[3]["href"], "?play=R#");
    assert_eq!(r[3]["moves"], "1");
    // "step through" beside the moves played plays them again from their
    // start, a move at a time, and ends where they did.
    let r = drive(
        browser,
        cube.path(),
        "",
        &["move-1", "move-12", "replay", "wait", "wait"],
    );
    assert_eq!(r[2]["href"], "?play=R+U%27#");
    assert_eq!(r[3]["href"], "?play=R#", "{}", r[3]);
    assert_eq!(r[4]["href"], "?play=R+U%27#", "{}", r[4]);
    assert_eq!(r[5]["href"], "?play=R+U%27#");
    assert_eq!(r[5]["grid"], r[2]["grid"]);
}

#[test]
fn a_narrow_window_does_not_scroll_sideways() {
    if !super::common::has(
        super::common::Outside::Chromium,
        "a_narrow_window_does_not_scroll_sideways",
    ) {
        return;
    }
    let browser = chromium();
    let dir = tempfile::tempdir().unwrap();
    for (puzzle, at) in [
        ("eight", "#102536".to_string()),
        (
            "2x2x2",
            format!("#{}", in_address(&random("2x2x2", 1, 5)[0])),
        ),
        ("pyraminx", String::new()),
    ] {
        let folder = dir.path().join(puzzle);
        site(&folder, &[puzzle]);
        // Open, then play the first move and step through nothing more.
        let r = drive_at(browser, &folder, &at, &["move-0"], 420);
        for step in &r {
            assert!(
                step["wide"].as_u64().unwrap() <= 420,
                "{puzzle}: the page is {} px wide in a 420 px window",
                step["wide"]
            );
        }
    }
}

#[test]
fn the_figures_of_docs_explore_md_are_the_tools() {
    // Each "After pressing W X Y Z: 3 elisions, so 4 twists take 10 moves."
    let doc = std::fs::read_to_string("docs/explore.md").unwrap();
    let mut seen = 0;
    for line in doc.lines().filter(|l| l.starts_with("After pressing ")) {
        let rest = &line["After pressing ".len()..];
        let (twists, figures) = rest.split_once(": ").unwrap();
        let words: Vec<&str> = figures.split_whitespace().collect();
        // [E, "elisions,", "so", T, "twists", "take", M, "moves."]
        let v: Value = serde_json::from_str(&stdout(&[
            "path",
            &twists.replace(' ', ""),
            "--format",
            "json",
        ]))
        .unwrap();
        assert_eq!(words[0], v["elisions"].to_string(), "{line}");
        assert_eq!(words[3], v["twists"].to_string(), "{line}");
        assert_eq!(words[6], v["moves"].to_string(), "{line}");
        seen += 1;
    }
    assert!(seen > 0, "docs/explore.md has no figures of twists pressed");
}

#[test]
fn a_site_refuses_a_file_for_its_folder_and_a_tray_of_tile_moves() {
    let dir = tempfile::tempdir().unwrap();
    let file = dir.path().join("site");
    std::fs::write(&file, "not a folder").unwrap();
    common::fails(
        &["explore", "--output", file.to_str().unwrap()],
        "is not a folder; name a folder",
    );
    let out = dir.path().join("tiles");
    common::fails(
        &[
            "explore",
            "--puzzle",
            "eight-tiles",
            "--output",
            out.to_str().unwrap(),
        ],
        "not a group of moves",
    );
    assert!(!out.exists());
}

/// A puzzle past the table a page holds is written all the same, and the
/// command says so: the eleven-puzzle (19 958 400 positions, past the
/// page's 16 777 216) and the 3×3×3 (past any number).
#[test]
fn a_site_holds_a_puzzle_past_the_table_and_says_so() {
    let dir = tempfile::tempdir().unwrap();
    for puzzle in ["eleven", "3x3x3"] {
        let out = dir.path().join(puzzle);
        let said = stdout(&[
            "explore",
            "--puzzle",
            puzzle,
            "--output",
            out.to_str().unwrap(),
        ]);
        assert!(
            said.contains(&format!(
                "past the table a page holds, {puzzle} is played and drawn but not solved in the page"
            )),
            "{said}"
        );
        let data = std::fs::read_to_string(out.join("data.js")).unwrap();
        assert!(data.contains("\"past_the_table\":true"), "{puzzle}");
    }
}

/// The 3×3×3 in the browser: past the table, its moves are played and its
/// positions drawn as `path --format svg` draws them, a position it is
/// given is checked against the group, and the figures that need the
/// table are not shown.
#[test]
fn a_cube_past_the_table_is_played_and_drawn_in_the_browser() {
    if !super::common::has(
        super::common::Outside::Chromium,
        "a_cube_past_the_table_is_played_and_drawn_in_the_browser",
    ) {
        return;
    }
    let browser = chromium();
    let dir = tempfile::tempdir().unwrap();
    let folder = dir.path().join("cube");
    let index = site(&folder, &["3x3x3"]);
    let start = random("3x3x3", 1, 7).remove(0);
    let moves = "R U R' U'";
    // Two corners exchanged, the edges at home: a parity no move breaks.
    let odd =
        "1 0 2 3 4 5 6 7 / 0 0 0 0 0 0 0 0 ; 0 1 2 3 4 5 6 7 8 9 10 11 / 0 0 0 0 0 0 0 0 0 0 0 0";
    let urls = [
        index.clone(),
        format!("{index}#{}", in_address(&start)),
        play_address(&index, &start, moves),
        format!("{index}#{}", in_address(odd)),
    ];
    let doms = pages(browser, &folder, &urls);
    let svg = stdout(&[
        "path", "--puzzle", "3x3x3", moves, "--from", &start, "--format", "svg",
    ]);
    let fills = svg_fills(&svg);
    let stickers = fills.len() / (moves.split(' ').count() + 1);
    assert_eq!(stickers, 54);
    // The goal: no table's figures, the group's order instead.
    let goal = &doms[0];
    assert_eq!(text(goal, "message"), "");
    assert!(element(goal, "browse").0.contains("hidden"));
    assert!(element(goal, "distribution").0.contains("hidden"));
    assert!(!element(goal, "past-note").0.contains("hidden"));
    assert!(
        text(goal, "past-note").contains("43 252 003 274 489 856 000 elements"),
        "{}",
        text(goal, "past-note")
    );
    assert_eq!(net_fills(goal).len(), 54);
    // The position as given, drawn as `path` draws its start.
    let at = &doms[1];
    assert_eq!(text(at, "message"), "", "{start}");
    assert_eq!(text(at, "grid"), start);
    assert_eq!(net_fills(at), fills[..stickers], "{start}");
    assert_ne!(net_fills(at), net_fills(goal));
    // Played: where `path` ends, and as it draws the end.
    let played = &doms[2];
    check_played(played, "3x3x3", &start, moves);
    assert_eq!(net_fills(played), fills[fills.len() - stickers..]);
    // A position the moves never make is refused, saying why.
    let refused = text(&doms[3], "message");
    assert!(refused.contains("different parities"), "{refused}");
}

/// The committed engine's stamp (`assets/explore/engine.sources`, written
/// by scripts/build-explorer.sh) names the compiler and the sources as they
/// are now: an edit to the library, its data or the explorer's crate
/// without rebuilding the engine fails here. The rebuild byte for byte is
/// the long check below.
#[test]
fn the_engine_was_built_from_these_sources() {
    let out = std::process::Command::new("scripts/build-explorer.sh")
        .arg("--sources")
        .output()
        .unwrap();
    assert!(out.status.success(), "{out:?}");
    let now = String::from_utf8(out.stdout).unwrap();
    let stamp = std::fs::read_to_string("assets/explore/engine.sources").unwrap();
    // The lines of one that the other lacks.
    let apart = |a: &str, b: &str| -> Vec<String> {
        a.lines()
            .filter(|l| !b.lines().any(|k| k == *l))
            .map(str::to_string)
            .collect()
    };
    assert!(
        now == stamp,
        "assets/explore/engine.wasm was built from other sources (now {:?}, then {:?}): run scripts/build-explorer.sh and commit both",
        apart(&now, &stamp),
        apart(&stamp, &now)
    );
}

#[test]
#[ignore = "a long check (128 s of processor time): cargo test --profile suite --all-features --test suite -- --ignored"]
fn the_engine_in_the_binary_is_built_from_these_sources() {
    if !super::common::has(
        super::common::Outside::Wasm32,
        "the_engine_in_the_binary_is_built_from_these_sources",
    ) {
        return;
    }
    // The engine is the library compiled to WebAssembly; rebuilding it
    // needs the wasm32 target (skipped without it, off CI).
    let dir = tempfile::tempdir().unwrap();
    let out = dir.path().join("engine.wasm");
    let status = std::process::Command::new("scripts/build-explorer.sh")
        .arg(&out)
        .status()
        .unwrap();
    assert!(status.success());
    let built = std::fs::read(&out).unwrap();
    let committed = std::fs::read("assets/explore/engine.wasm").unwrap();
    assert!(
        built == committed,
        "assets/explore/engine.wasm is not what the sources build now: run scripts/build-explorer.sh and commit it"
    );
}

/// The engine natively: a setup from `explore`, and the page's requests.
mod engine {
    use schofield::method::analysis::{Analysis, Options};
    use schofield::method::explorer::{Explorer, Setup, pack, unpack};
    use schofield::puzzle::library;
    use serde_json::Value;

    fn setup(name: &str) -> Setup {
        let options = Options::default();
        let a = Analysis::new(library::get(name).unwrap(), &options, &|_| {}).unwrap();
        Setup::of(name, Some(name), None, &a, &options)
    }

    fn answer(e: &Explorer, request: &str) -> Value {
        serde_json::from_str(&e.answer(request)).unwrap()
    }

    #[test]
    fn the_engine_answers_as_solve_and_path_do() {
        let e = Explorer::from_setup(&setup("eight")).unwrap();
        let v = answer(&e, r#"{"show": "102536"}"#);
        let s = &v["ok"]["solution"];
        assert_eq!(s["moves"], 20);
        assert_eq!(s["class"]["class_id"], 298);
        assert_eq!(s["extended_class"]["class_id"], 172);
        assert_eq!(v["ok"]["orbit_cycles"], "(01)(3465)");
        let v = answer(&e, r#"{"from": "012345", "play": "WXYZ"}"#);
        assert_eq!(v["ok"]["path"]["elisions"], 3);
        assert_eq!(v["ok"]["path"]["moves"], 10);
        let elided: Vec<bool> = v["ok"]["steps"]
            .as_array()
            .unwrap()
            .iter()
            .map(|s| s["elided"].as_bool().unwrap())
            .collect();
        assert_eq!(elided, [false, true, true, true]);
        let v = answer(&e, r#"{"classes": 30}"#);
        assert_eq!(v["ok"]["total"], 12);
    }

    #[test]
    fn careless_requests_get_a_message() {
        let e = Explorer::from_setup(&setup("five")).unwrap();
        for request in [
            "",
            "{",
            "[]",
            r#"{"show": 7}"#,
            r#"{"show": "99"}"#,
            r#"{"show": "(0 1"}"#,
            r#"{"from": "", "play": "AQ"}"#,
            r#"{"from": "junk", "play": "A"}"#,
            r#"{"classes": 300}"#,
            r#"{"classes": 12, "from": 999999999}"#,
        ] {
            let v = answer(&e, request);
            let fine = v["ok"].is_object() && request.contains("classes");
            assert!(v["error"].is_string() || fine, "{request}: {v}");
        }
    }

    #[test]
    fn a_damaged_setup_is_refused_or_caught_at_the_class() {
        let good = setup("eight");
        let classes = unpack(&good.classes).unwrap();
        // Not base64, cut short, out of order, sizes that do not add up.
        let mut cases: Vec<Setup> = Vec::new();
        for packed in [
            "!!".to_string(),
            good.classes[..good.classes.len() - 8].to_string(),
            pack(&classes[1..]),
            pack(&[classes.clone(), vec![(classes.last().unwrap().0 + 1, 1)]].concat()),
        ] {
            cases.push(Setup {
                classes: packed,
                ..good.clone()
            });
        }
        cases.push(Setup {
            library: Some("no-such-puzzle".into()),
            ..good.clone()
        });
        for (k, s) in cases.iter().enumerate() {
            assert!(Explorer::from_setup(s).is_err(), "case {k} was accepted");
        }
        assert!(Explorer::from_json("not json").is_err());
        // Sizes moved between two classes still add up: the classes are
        // adopted, but a position of either is refused, never misclassed.
        let mut moved = classes.clone();
        moved[5].1 += 1;
        moved[6].1 -= 1;
        let e = Explorer::from_setup(&Setup {
            classes: pack(&moved),
            ..good.clone()
        })
        .unwrap();
        let a = e.analysis().expect("analysed");
        for id in [5, 6] {
            let rep = a.name_of(moved[id].0);
            let v = answer(&e, &serde_json::json!({ "show": rep }).to_string());
            assert!(
                v["error"].as_str().unwrap().contains("damaged"),
                "class {id}: {v}"
            );
        }
        let d = a.moves_at(moved[5].0).unwrap();
        let v = answer(&e, &format!(r#"{{"classes": {d}}}"#));
        assert!(v["error"].as_str().unwrap().contains("damaged"), "{v}");
    }

    #[test]
    fn unpacking_never_panics() {
        let mut rng = fastrand::Rng::with_seed(34);
        for _ in 0..20_000 {
            let len = rng.usize(0..40);
            let text: String = (0..len)
                .map(|_| {
                    let b = rng.u8(0..128);
                    if rng.bool() { char::from(b) } else { 'A' }
                })
                .collect();
            let _ = unpack(&text);
        }
    }
}
