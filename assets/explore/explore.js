// The schofield explorer. It holds no model of the puzzles: each puzzle's
// engine is the tool's library compiled to WebAssembly (engine.js), started
// from the setup in data.js, and every figure on the page is its answer.
// This script keeps the address, asks the engine and draws.
//
// The address is the state: index.html?play=MOVES#KEY:START is the
// position START of puzzle KEY (the first puzzle when "KEY:" is left out)
// with MOVES played from it. Playing pushes a new address, so Back and
// Forward walk through the moves played.
"use strict";

const DATA = window.SCHOFIELD;
const SIZE = 56; // pixels a cell
const $ = (id) => document.getElementById(id);

let wasm = null; // the engine module's exports
const engines = new Map(); // key -> handle
let P = null; // the puzzle shown: { key, setup, info, page }
let state = { start: "", played: [] }; // what the address says
let shown = null; // the engine's answer for the position shown
let busy = false; // a minimal path is being stepped through

// A number with a space between groups of three digits, as the tool prints
// them: 2 571.
const group = (n) => String(n).replace(/\B(?=(\d{3})+(?!\d))/g, " ");

// ---- The engine ----------------------------------------------------------

// The engine is compiled at once where the browser allows it (so that the
// page is drawn in one go), else in the background.
async function loadEngine() {
  const text = atob(window.SCHOFIELD_ENGINE);
  const bytes = new Uint8Array(text.length);
  for (let i = 0; i < text.length; i++) bytes[i] = text.charCodeAt(i);
  try {
    wasm = new WebAssembly.Instance(new WebAssembly.Module(bytes), {}).exports;
  } catch (e) {
    wasm = (await WebAssembly.instantiate(bytes, {})).instance.exports;
  }
}

// Calls an export with a UTF-8 JSON argument; returns the parsed answer.
function call(name, handle, text) {
  const input = new TextEncoder().encode(text);
  const at = wasm.alloc(input.length);
  new Uint8Array(wasm.memory.buffer, at, input.length).set(input);
  const out = handle === null ? wasm[name](at, input.length) : wasm[name](handle, at, input.length);
  const len = new DataView(wasm.memory.buffer).getUint32(out, true);
  const answer = new TextDecoder().decode(new Uint8Array(wasm.memory.buffer, out + 4, len));
  wasm.release(out);
  return JSON.parse(answer);
}

function ask(request) {
  try {
    return call("ask", engines.get(P.key), JSON.stringify(request));
  } catch (e) {
    // A fault in the engine is a fault of the tool: say so, keep the page.
    return { error: `the engine failed on ${JSON.stringify(request)} (${e.message}); please report it` };
  }
}

function engineFor(puzzle) {
  const key = puzzle.setup.key;
  if (!engines.has(key)) {
    const r = call("start", null, JSON.stringify(puzzle.setup));
    if (r.error) throw new Error(r.error);
    engines.set(key, r.ok);
  }
}

// ---- The address ---------------------------------------------------------

function puzzleOf(key) {
  return DATA.puzzles.find((p) => p.setup.key === key);
}

// The state the address says: { key, start, played, playText }.
function fromAddress() {
  // "+" stands for a space, as in the query: #2+4+5+0+… is a pattern.
  let h = decoded(location.hash.slice(1).replace(/\+/g, " "));
  let key = DATA.puzzles[0].setup.key;
  const colon = h.indexOf(":");
  if (colon >= 0 && puzzleOf(h.slice(0, colon))) {
    key = h.slice(0, colon);
    h = h.slice(colon + 1);
  }
  let play = "";
  try {
    play = new URLSearchParams(location.search).get("play") || "";
  } catch (e) {
    play = location.search;
  }
  return { key, start: h.trim(), playText: play.trim() };
}

// Text from an address; a stray "%" is kept as it stands.
function decoded(text) {
  try {
    return decodeURIComponent(text);
  } catch (e) {
    return text;
  }
}

function address(key, start, played) {
  const prefix = key === DATA.puzzles[0].setup.key ? "" : key + ":";
  const search = played.length ? "?play=" + encodeURIComponent(played.join(" ")).replace(/%20/g, "+") : "";
  return location.pathname + search + "#" + encodeURIComponent(prefix + start).replace(/%20/g, "+").replace(/%2F/g, "/").replace(/%3A/g, ":");
}

// Pushes the state to the address (a new entry for Back, unless the
// address already names it), then shows it.
function go(key, start, played) {
  const next = address(key, start, played);
  if (next === location.pathname + location.search + location.hash) history.replaceState(null, "", next);
  else history.pushState(null, "", next);
  render();
}

// A step-through stops when the person goes elsewhere.
let stepping = 0;
function stopStepping() {
  stepping++;
  if (busy) setBusy(false);
}

// ---- Drawing -------------------------------------------------------------

function choosePuzzle(key) {
  P = { ...puzzleOf(key) };
  engineFor(P);
  P.key = key;
  const asked = ask({ info: true });
  if (asked.error) throw new Error(asked.error);
  P.info = asked.ok;
  const info = P.info;
  $("puzzle-name").textContent = info.name;
  $("description").textContent = info.description;
  document.title = `${info.name}: schofield explorer`;
  for (const b of document.querySelectorAll(".puzzle-choice")) {
    b.setAttribute("aria-pressed", b.dataset.key === key);
  }
  $("goto").placeholder = P.examples.slice(0, 2).join(" or ");
  $("goto").title = "a position: " + info.forms;
  // Schofield's words where the puzzle's vocabulary has them; the dotted
  // field only where there is a tray to lay it on.
  $("field-label").textContent = `starting ${info.vocabulary.moves}` + (hasGrid() ? " (field)" : "");
  $("number-label").textContent = info.vocabulary.moves === "twists" ? "sequence number" : "position number";
  $("grid-label").textContent = hasGrid() ? "grid" : "pattern";
  $("code-row").hidden = false;
  $("elision-note").hidden = !info.elisions;
  // Past the table a page holds (the 3×3×3): moves are played and drawn,
  // and no position is solved, so the figures that need the table go.
  for (const el of document.querySelectorAll(".table-only")) el.hidden = info.past_the_table;
  const note = $("past-note");
  note.hidden = !info.past_the_table;
  note.innerHTML = "";
  if (info.past_the_table) {
    const v = info.vocabulary;
    const name = P.setup.library || (P.setup.file && P.setup.file[0]) || P.setup.key;
    const command = document.createElement("code");
    command.textContent = `schofield solve --puzzle ${name} POSITION`;
    note.append(
      `The group of its ${v.moves} has ${info.group_order} elements: too many for a table in a page. ` +
        `Its ${v.moves} are played and drawn here; `,
      command,
      " finds a position's minimal paths by IDA*, where each orbit's arrangements fit 64 bits."
    );
  }
  // A key to the colours of orientations.
  const turns = Math.max(...info.orbits.map((o) => o[2]));
  const legend = $("key");
  legend.innerHTML = "";
  // A net shows orientations by its stickers' colours.
  legend.hidden = turns < 2 || hasNet();
  if (turns > 1 && !hasNet()) {
    legend.appendChild(document.createTextNode("orientation:"));
    for (let t = 0; t < Math.min(turns, 4); t++) {
      const box = document.createElement("span");
      box.className = "slot";
      box.dataset.orientation = t;
      legend.appendChild(box);
      legend.appendChild(document.createTextNode(String(t)));
    }
    legend.appendChild(document.createTextNode(" (small figures: the orientation at the top right, the slot at the bottom left)"));
  }

  const buttons = $("move-buttons");
  buttons.innerHTML = "";
  info.moves.forEach((name, i) => {
    const b = document.createElement("button");
    b.type = "button";
    b.id = "move-" + i;
    b.className = "move";
    b.textContent = name;
    b.title = `${info.vocabulary.move} ${name}`;
    b.addEventListener("click", () => playMove(name));
    buttons.appendChild(b);
  });

  const select = $("class-moves");
  select.innerHTML = "";
  for (const row of info.distribution) {
    const o = document.createElement("option");
    o.value = row.moves;
    o.textContent = `${row.moves} (${group(row.classes)} class${row.classes === 1 ? "" : "es"})`;
    select.appendChild(o);
  }
  select.onchange = () => listClasses(0);
  showChart();
  drawBoard(null);
}

function hasGrid() {
  return P.info.layout.length > 0;
}

function hasNet() {
  return P.info.stickers.length > 0;
}

const NET = 288; // pixels, the net's larger side
const SVG = "http://www.w3.org/2000/svg";

// The net: a polygon a sticker, drawn once, each filled with the colour the
// engine says it shows (a fill changes smoothly, so moves are seen).
function drawNet(colours) {
  const board = $("board");
  let svg = board.querySelector("svg.net");
  if (!svg) {
    board.innerHTML = "";
    board.className = "net";
    board.style.width = "";
    board.style.height = "";
    // The net's bounds, in a loop: a spread of every corner could pass
    // the most arguments a call takes.
    let [l, t, r, b] = [Infinity, Infinity, -Infinity, -Infinity];
    for (const [x, y] of P.info.stickers.flat()) {
      [l, t, r, b] = [Math.min(l, x), Math.min(t, y), Math.max(r, x), Math.max(b, y)];
    }
    const k = NET / Math.max(r - l, b - t, 1e-9);
    svg = document.createElementNS(SVG, "svg");
    svg.setAttribute("class", "net");
    svg.setAttribute("width", (r - l) * k + 4);
    svg.setAttribute("height", (b - t) * k + 4);
    P.info.stickers.forEach((corners, i) => {
      const poly = document.createElementNS(SVG, "polygon");
      poly.setAttribute("points", corners.map(([x, y]) => `${2 + (x - l) * k},${2 + (y - t) * k}`).join(" "));
      poly.id = "sticker-" + i;
      svg.appendChild(poly);
    });
    board.appendChild(svg);
  }
  colours.forEach((c, i) => {
    svg.children[i].style.fill = c;
  });
}

function showChart() {
  $("chart").innerHTML = $("log-scale").checked ? P.chart_log : P.chart;
}

// The board: the puzzle's net of stickers when it has one; its layout when
// it has one (a tile a piece, so that moves slide); else the pieces orbit
// by orbit with their orientations.
function drawBoard(orbits, colours) {
  const board = $("board");
  const info = P.info;
  if (!orbits) {
    board.innerHTML = "";
    board.className = hasNet() ? "net" : hasGrid() ? "grid" : "orbits";
    return;
  }
  if (hasNet()) {
    drawNet(colours);
    return;
  }
  if (hasGrid()) {
    const rows = info.layout.length;
    const cols = Math.max(...info.layout.map((r) => r.length));
    board.style.width = cols * SIZE + "px";
    board.style.height = rows * SIZE + "px";
    if (!board.childElementCount) {
      info.layout.forEach((row, r) =>
        row.forEach((cell, c) => {
          if (!Array.isArray(cell)) return;
          const d = document.createElement("div");
          d.className = "square";
          d.style.left = c * SIZE + "px";
          d.style.top = r * SIZE + "px";
          const slotWord = info.vocabulary.slot === "square" ? "s" : "";
          d.textContent = (info.orbits.length > 1 ? info.orbits[cell[0]][0] + " " : "") + slotWord + cell[1];
          board.appendChild(d);
        })
      );
    }
    const seen = new Set();
    info.layout.forEach((row, r) =>
      row.forEach((cell, c) => {
        if (!Array.isArray(cell)) return;
        const [o, slot] = cell;
        const piece = orbits[o].pieces[slot];
        const turn = orbits[o].orientation[slot] || 0;
        // Identical pieces share a number: the n-th of them is its own tile.
        let id = `tile-${o}-${piece}`;
        for (let k = 1; seen.has(id); k++) id = `tile-${o}-${piece}-${k}`;
        seen.add(id);
        let t = $(id);
        if (!t) {
          t = document.createElement("div");
          t.className = "tile";
          t.id = id;
          t.textContent = piece;
          board.appendChild(t);
        }
        t.style.left = c * SIZE + "px";
        t.style.top = r * SIZE + "px";
        t.dataset.orientation = turn;
        t.title = turn ? `piece ${piece}, twisted ${turn}` : `piece ${piece}`;
      })
    );
    return;
  }
  board.style.width = "";
  board.style.height = "";
  board.innerHTML = "";
  orbits.forEach((o, k) => {
    const line = document.createElement("div");
    line.className = "orbit";
    const name = document.createElement("div");
    name.className = "orbit-name";
    const n = info.orbits[k][2];
    name.textContent = `${o.name} (${o.pieces.length} ${info.vocabulary.slots}${n > 1 ? `, ${n} orientations` : ""})`;
    line.appendChild(name);
    o.pieces.forEach((piece, slot) => {
      const cell = document.createElement("div");
      cell.className = "slot";
      const turn = o.orientation[slot] || 0;
      cell.dataset.orientation = turn;
      cell.title = `${info.vocabulary.slot} ${slot}: piece ${piece}` + (n > 1 ? `, orientation ${turn}` : "");
      const p = document.createElement("span");
      p.className = "piece";
      p.textContent = piece;
      cell.appendChild(p);
      if (n > 1) {
        const t = document.createElement("span");
        t.className = "turn";
        t.textContent = turn;
        cell.appendChild(t);
      }
      const s = document.createElement("span");
      s.className = "slot-number";
      s.textContent = slot;
      cell.appendChild(s);
      line.appendChild(cell);
    });
    board.appendChild(line);
  });
}

// A path's moves, each elided one struck through (in CSS, so that no mark
// is mistaken for a letter).
function marked(steps) {
  const out = document.createDocumentFragment();
  steps.forEach((s, i) => {
    if (i) out.appendChild(document.createTextNode(" "));
    const span = document.createElement("span");
    span.textContent = s.name;
    if (s.elided) {
      span.className = "elided";
      span.title = "completes an elision";
    }
    out.appendChild(span);
  });
  return out;
}

function classText(c, count) {
  return `${group(c.class_id)} (of 0 … ${group(count - 1)}): representative ${c.representative}, ${group(c.size)} member${c.size === 1 ? "" : "s"}`;
}

function showFigures(s) {
  const sol = s.solution;
  if (!sol) {
    // Past the table: the position as read, drawn, and its cycles.
    $("code-row").hidden = true;
    $("grid").textContent = s.pattern;
    $("cycles").textContent = s.orbit_cycles;
    $("paths").innerHTML = "";
    return;
  }
  $("code-row").hidden = sol.code === undefined;
  $("code").textContent = sol.code ?? "";
  $("grid").textContent = sol.grid ?? sol.pattern ?? s.pattern;
  $("sequence-number").textContent = group(sol.sequence_number);
  $("cycles").textContent = s.orbit_cycles;
  $("moves").textContent = sol.moves;
  $("field").textContent = hasGrid() ? sol.starting_field : sol.starting_twists.join(" ");
  for (const [id, c] of [["class", sol.class], ["extended-class", sol.extended_class]]) {
    const el = $(id);
    el.innerHTML = "";
    if (!c) {
      el.textContent = "— (pieces repeat, so positions have no inverses)";
      delete el.dataset.id;
      continue;
    }
    el.dataset.id = c.class_id;
    el.appendChild(document.createTextNode(classText(c, c.class_count) + " "));
    const a = document.createElement("a");
    a.href = "#";
    a.textContent = "go to the representative";
    a.addEventListener("click", (e) => {
      e.preventDefault();
      stopStepping();
      go(P.key, c.representative, []);
    });
    el.appendChild(a);
  }
  $("path-count").textContent =
    sol.minimal_path_count > s.paths.length
      ? `(${group(sol.minimal_path_count)}; the first ${s.paths.length} listed)`
      : `(${group(sol.minimal_path_count)})`;
  const list = $("paths");
  list.innerHTML = "";
  (sol.minimal_paths || []).forEach((path, k) => {
    const li = document.createElement("li");
    li.dataset.path = path;
    if (!path) {
      li.textContent = "the empty path: this is the target";
      list.appendChild(li);
      return;
    }
    li.appendChild(marked(s.paths[k] || []));
    const b = document.createElement("button");
    b.type = "button";
    b.id = "step-path-" + k;
    b.textContent = "step through";
    b.disabled = busy;
    b.addEventListener("click", () => stepThrough(s.paths[k].map((m) => m.name)));
    li.appendChild(b);
    list.appendChild(li);
  });
}

function clearFigures() {
  for (const id of ["code", "grid", "sequence-number", "cycles", "moves", "field", "class", "extended-class", "path-count"]) {
    $(id).textContent = "—";
    delete $(id).dataset.id;
  }
  $("paths").innerHTML = "";
}

// Shows what the address says.
function render() {
  const a = fromAddress();
  if (!P || P.key !== a.key) choosePuzzle(a.key);
  const message = [];
  let answer;
  if (a.playText) {
    const asked = ask({ from: a.start, play: a.playText });
    answer = asked;
    if (asked.error) {
      answer = ask({ show: a.start });
      // The moves are at fault only when the start is not.
      if (!answer.error) message.push(`?play=${a.playText}: ${asked.error}`);
      state = { start: a.start, played: [] };
    } else {
      state = { start: a.start, played: answer.ok.steps.map((m) => m.name) };
      // The moves as the tool writes them (WX on the eight-puzzle, R U'
      // on a cube), in place of the address that asked for them.
      const canonical = address(a.key, a.start, [answer.ok.path.path]);
      if (location.pathname + location.search + location.hash !== canonical) {
        history.replaceState(null, "", canonical);
      }
      const p = answer.ok.path;
      $("played").innerHTML = "";
      $("played").appendChild(marked(answer.ok.steps));
      const v = P.info.vocabulary;
      const counted = `${p.twists} ${p.twists === 1 ? v.move : v.moves}`;
      // The cost too, when it is not the count (twists with elisions).
      $("played-moves").textContent =
        v.moves === "moves" && p.moves === p.twists ? `(${group(counted)})` : `(${group(counted)}, ${group(p.moves)} moves)`;
      answer = { ok: answer.ok.end };
    }
  } else {
    answer = ask({ show: a.start });
    state = { start: a.start, played: [] };
  }
  if (!state.played.length) {
    $("played").textContent = "–";
    $("played-moves").textContent = "";
  }
  $("replay").hidden = !state.played.length;
  if (answer.error) {
    message.push(answer.error);
    shown = null;
    clearFigures();
    drawBoard(null);
  } else {
    shown = answer.ok;
    if (shown.note) message.push(shown.note);
    showFigures(shown);
    drawBoard(shown.orbits, shown.sticker_colours);
    if (shown.solution) openClassesAt(shown.solution.moves);
  }
  $("message").textContent = message.join("; ");
  $("goto").value = "";
  setBusy(busy);
}

function setBusy(b) {
  busy = b;
  for (const el of document.querySelectorAll("#move-buttons button, #paths button, #replay")) {
    el.disabled = b;
  }
}

function playMove(name) {
  go(P.key, fromAddress().start, [...state.played, name]);
}

// Plays a path move by move, a moment apart, so the pieces are seen to move.
function stepThrough(names) {
  if (busy) return;
  const queue = [...names];
  const mine = ++stepping;
  setBusy(true);
  const next = () => {
    if (mine !== stepping) return;
    if (!queue.length) {
      setBusy(false);
      return;
    }
    busy = false;
    playMove(queue.shift());
    setBusy(true);
    setTimeout(next, 450);
  };
  setTimeout(next, 200);
}

// ---- Classes -------------------------------------------------------------

let classFrom = 0;

function openClassesAt(moves) {
  const select = $("class-moves");
  if (select.value !== String(moves)) {
    select.value = String(moves);
    listClasses(0);
  } else if (!$("class-list").childElementCount) {
    listClasses(0);
  }
}

function listClasses(from) {
  const m = Number($("class-moves").value);
  const answer = ask({ classes: m, from });
  const ul = $("class-list");
  if (from === 0) ul.innerHTML = "";
  if (answer.error) {
    $("message").textContent = answer.error;
    return;
  }
  const page = answer.ok;
  for (const [id, rep, size] of page.classes) {
    const li = document.createElement("li");
    const a = document.createElement("a");
    a.href = "#";
    a.textContent = `class ${group(id)}: ${rep} (${group(size)} member${size === 1 ? "" : "s"})`;
    a.addEventListener("click", (e) => {
      e.preventDefault();
      stopStepping();
      go(P.key, rep, []);
    });
    li.appendChild(a);
    ul.appendChild(li);
  }
  classFrom = from + page.classes.length;
  $("class-total").textContent = `${group(page.total)} class${page.total === 1 ? "" : "es"}`;
  $("class-more").hidden = classFrom >= page.total;
}

// ---- Start ---------------------------------------------------------------

async function start() {
  const nav = $("puzzle-choices");
  if (DATA.puzzles.length > 1) {
    for (const p of DATA.puzzles) {
      const b = document.createElement("button");
      b.type = "button";
      b.className = "puzzle-choice";
      b.dataset.key = p.setup.key;
      b.textContent = p.setup.key;
      b.addEventListener("click", () => {
        stopStepping();
        go(p.setup.key, "", []);
      });
      nav.appendChild(b);
    }
  }
  $("to-target").addEventListener("click", () => {
    stopStepping();
    go(P.key, "", []);
  });
  $("undo").addEventListener("click", () => {
    stopStepping();
    if (state.played.length) go(P.key, state.start, state.played.slice(0, -1));
  });
  $("goto").addEventListener("keydown", (e) => {
    if (e.key !== "Enter") return;
    stopStepping();
    go(P.key, e.target.value.trim(), []);
  });
  // The moves played, played again from their start a move at a time (on
  // every puzzle, and the only way to watch a sequence past the table).
  $("replay").addEventListener("click", () => {
    const moves = [...state.played];
    stopStepping();
    go(P.key, state.start, []);
    stepThrough(moves);
  });
  $("log-scale").addEventListener("change", showChart);
  $("class-more").addEventListener("click", () => listClasses(classFrom));
  const elsewhere = () => {
    stopStepping();
    render();
  };
  window.addEventListener("popstate", elsewhere);
  window.addEventListener("hashchange", elsewhere);
  try {
    await loadEngine();
    render();
  } catch (e) {
    $("message").textContent = "the engine could not start: " + e.message;
  }
  $("ready-ms").textContent = Math.round(performance.now());
}

start();
