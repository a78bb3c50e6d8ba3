// The schofield explorer. Everything it knows of the puzzles is in data.js,
// written by `schofield explore`: the tray, each twist as a permutation of
// the squares, which twist elides into which, and every position's figures.
// This script applies permutations, looks figures up and draws.
"use strict";

const DATA = window.SCHOFIELD;
const SIZE = 56; // pixels a square
let P = null; // the puzzle shown, with its lookups
let cells = []; // the piece on each cell, reading order; null for the blank
let undoStack = [];
let played = []; // twists played since the last jump
let tileMoves = 0; // tiles slid by hand since the last jump
let busy = false; // a minimal path is being stepped through

const $ = (id) => document.getElementById(id);

// A number with a space between groups of three digits, as the tool and
// Schofield print them: 2 571.
const group = (n) => String(n).replace(/\B(?=(\d{3})+(?!\d))/g, " ");

function setup(key) {
  P = DATA[key];
  P.key = key;
  P.rows = P.layout.length;
  P.cols = P.layout[0].length;
  P.squareCell = [];
  P.layout.flat().forEach((sq, i) => {
    if (sq === null) P.centre = i;
    else P.squareCell[sq] = i;
  });
  P.squares = P.squareCell.length;
  P.byCode = new Map(P.positions.map((p, i) => [p[0], i]));
  P.elide = new Set(P.elisions);
  $("puzzle-name").textContent = P.name;
  $("choose-eight").setAttribute("aria-pressed", key === "eight");
  $("choose-five").setAttribute("aria-pressed", key === "five");

  const board = $("board");
  board.innerHTML = "";
  board.style.width = P.cols * SIZE + "px";
  board.style.height = P.rows * SIZE + "px";
  P.layout.flat().forEach((sq, i) => {
    const d = document.createElement("div");
    d.className = "square";
    d.style.left = (i % P.cols) * SIZE + "px";
    d.style.top = Math.floor(i / P.cols) * SIZE + "px";
    d.textContent = sq === null ? "home" : "s" + sq;
    board.appendChild(d);
  });
  for (let k = 0; k < P.squares; k++) {
    const t = document.createElement("div");
    t.className = "tile";
    t.id = "tile-" + k;
    t.textContent = k;
    t.addEventListener("click", () => slide(k));
    board.appendChild(t);
  }

  const buttons = $("twist-buttons");
  buttons.innerHTML = "";
  for (const letter of P.letters) {
    const b = document.createElement("button");
    b.type = "button";
    b.id = "twist-" + letter;
    b.textContent = letter;
    b.title = "twist " + letter;
    b.addEventListener("click", () => twist(letter));
    buttons.appendChild(b);
  }

  const select = $("class-moves");
  select.innerHTML = "";
  const counts = [...new Set(P.classes.map((c) => c[2]))].sort((a, b) => a - b);
  for (const m of counts) {
    const o = document.createElement("option");
    o.value = m;
    o.textContent = m;
    select.appendChild(o);
  }
  select.onchange = listClasses;
  listClasses();
  $("chart").innerHTML = P.chart;
}

// The target: piece s on square s.
function targetCells() {
  const c = new Array(P.rows * P.cols).fill(null);
  for (let s = 0; s < P.squares; s++) c[P.squareCell[s]] = s;
  return c;
}

function piecesOnSquares() {
  return P.squareCell.map((cell) => cells[cell]);
}

function blankAtHome() {
  return cells[P.centre] === null;
}

function code() {
  return piecesOnSquares().slice(0, P.squares - 2).join("");
}

function grid() {
  const rows = [];
  for (let r = 0; r < P.rows; r++) {
    rows.push(
      cells
        .slice(r * P.cols, (r + 1) * P.cols)
        .map((x) => (x === null ? "_" : x))
        .join("")
    );
  }
  return rows.join("/");
}

// Reads a position: a code number or a grid (rows separated by '/', '_' for
// the blank). Returns the cells, or a message saying what is wrong.
function parse(text) {
  text = text.trim();
  if (/^\d+$/.test(text)) {
    const i = P.byCode.get(text);
    if (i === undefined) {
      return { error: `no ${P.name} position has the code number ${text}` };
    }
    return { cells: cellsOfGrid(P.positions[i][7]) };
  }
  const rows = text.split("/");
  if (rows.length !== P.rows || rows.some((r) => r.length !== P.cols)) {
    return { error: `"${text}" is not a ${P.rows}-row grid like ${gridOf(targetCells())}` };
  }
  const c = cellsOfGrid(text);
  const pieces = c.filter((x) => x !== null);
  const seen = new Set(pieces);
  if (pieces.length !== P.squares || seen.size !== P.squares || pieces.some((x) => isNaN(x) || x >= P.squares)) {
    return { error: `"${text}" must hold the pieces 0 to ${P.squares - 1} once each and one '_'` };
  }
  return { cells: c };
}

function cellsOfGrid(g) {
  return g
    .split("/")
    .join("")
    .split("")
    .map((ch) => (ch === "_" ? null : Number(ch)));
}

function gridOf(c) {
  const saved = cells;
  cells = c;
  const g = grid();
  cells = saved;
  return g;
}

function remember() {
  undoStack.push({ cells: cells.slice(), played: played.slice(), tileMoves });
}

function twist(letter) {
  if (!blankAtHome()) return;
  remember();
  const perm = P.twists[letter];
  const before = piecesOnSquares();
  const after = perm.map((from) => before[from]);
  after.forEach((piece, s) => (cells[P.squareCell[s]] = piece));
  played.push(letter);
  show();
}

function slide(piece) {
  if (busy) return;
  const at = cells.indexOf(piece);
  const blank = cells.indexOf(null);
  const [r1, c1, r2, c2] = [Math.floor(at / P.cols), at % P.cols, Math.floor(blank / P.cols), blank % P.cols];
  if (Math.abs(r1 - r2) + Math.abs(c1 - c2) !== 1) return;
  remember();
  cells[blank] = piece;
  cells[at] = null;
  played = [];
  tileMoves += 1;
  show();
}

// A path's letters, each elided twist struck through.
function marked(letters) {
  const out = document.createDocumentFragment();
  [...letters].forEach((t, i) => {
    const s = document.createElement("span");
    s.textContent = t;
    if (i > 0 && P.elide.has(letters[i - 1] + t)) s.className = "elided";
    out.appendChild(s);
    out.appendChild(document.createTextNode(" "));
  });
  return out;
}

function movesOf(letters) {
  let e = 0;
  for (let i = 1; i < letters.length; i++) if (P.elide.has(letters[i - 1] + letters[i])) e++;
  return 4 * letters.length - 2 * e;
}

function show() {
  cells.forEach((piece, i) => {
    if (piece === null) return;
    const t = $("tile-" + piece);
    t.style.left = (i % P.cols) * SIZE + "px";
    t.style.top = Math.floor(i / P.cols) * SIZE + "px";
  });
  for (const letter of P.letters) $("twist-" + letter).disabled = busy || !blankAtHome();
  const p = $("played");
  p.innerHTML = "";
  if (played.length) {
    p.appendChild(marked(played.join("")));
    $("played-moves").textContent = `(${played.length} twists, ${movesOf(played.join(""))} moves)`;
  } else {
    p.textContent = tileMoves ? "" : "–";
    $("played-moves").textContent = tileMoves ? `${tileMoves} tile move${tileMoves === 1 ? "" : "s"}` : "";
  }
  $("grid").textContent = grid();
  const figures = ["code", "cycles", "moves", "field", "class", "extended-class"];
  $("paths").innerHTML = "";
  if (!blankAtHome()) {
    figures.forEach((id) => ($(id).textContent = "—"));
    $("message").textContent =
      "The blank is away from the centre: Schofield's figures are for positions with the blank at home.";
    return;
  }
  $("message").textContent = "";
  const i = P.byCode.get(code());
  const [c, moves, field, cycles, cls, ext, paths] = P.positions[i];
  $("code").textContent = c;
  $("cycles").textContent = cycles;
  $("moves").textContent = moves;
  $("field").textContent = field;
  const klass = (k, list) => {
    const [rep, size, m] = list[k];
    return `${group(k)} (of 0 … ${group(list.length - 1)}): representative ${rep}, ${size} member${size === 1 ? "" : "s"}, ${m} moves`;
  };
  $("class").textContent = klass(cls, P.classes);
  $("class").dataset.id = cls;
  $("extended-class").textContent = klass(ext, P.extended_classes);
  $("extended-class").dataset.id = ext;
  const list = $("paths");
  paths.split(" ").forEach((path, k) => {
    const li = document.createElement("li");
    li.dataset.path = path;
    if (!path) {
      li.textContent = "the empty path: this is the target";
      list.appendChild(li);
      return;
    }
    li.appendChild(marked(path));
    const b = document.createElement("button");
    b.type = "button";
    b.id = "step-path-" + k;
    b.textContent = "step through";
    b.disabled = busy;
    b.addEventListener("click", () => stepThrough(path));
    li.appendChild(b);
    list.appendChild(li);
  });
}

// Plays a path twist by twist, a moment apart, so the tiles are seen to move.
function stepThrough(path) {
  if (busy) return;
  played = [];
  tileMoves = 0;
  const letters = [...path];
  busy = true;
  show();
  const next = () => {
    if (!letters.length) {
      busy = false;
      show();
      return;
    }
    busy = false;
    twist(letters.shift());
    busy = true;
    show();
    setTimeout(next, 450);
  };
  setTimeout(next, 300);
}

function listClasses() {
  const m = Number($("class-moves").value);
  const ul = $("class-list");
  ul.innerHTML = "";
  P.classes.forEach(([rep, size], k) => {
    if (P.classes[k][2] !== m) return;
    const li = document.createElement("li");
    const a = document.createElement("a");
    a.textContent = `class ${group(k)}: ${rep} (${size} member${size === 1 ? "" : "s"})`;
    a.addEventListener("click", () => (location.hash = prefix() + rep));
    li.appendChild(a);
    ul.appendChild(li);
  });
}

function prefix() {
  return P.key === "five" ? "five:" : "";
}

// index.html#102536, #025/1_3/746, #five:023, #five:231/0_4; an empty hash
// is the target.
function fromHash() {
  let h = decodeURIComponent(location.hash.slice(1));
  const key = h.startsWith("five:") ? "five" : "eight";
  if (key === "five") h = h.slice(5);
  if (!P || P.key !== key) setup(key);
  undoStack = [];
  played = [];
  tileMoves = 0;
  if (!h) {
    cells = targetCells();
  } else {
    const r = parse(h);
    if (r.error) {
      cells = targetCells();
      show();
      $("message").textContent = r.error;
      return;
    }
    cells = r.cells;
  }
  show();
}

function start() {
  $("choose-eight").addEventListener("click", () => (location.hash = ""));
  $("choose-five").addEventListener("click", () => (location.hash = "five:"));
  $("to-target").addEventListener("click", () => (location.hash = prefix()));
  $("undo").addEventListener("click", () => {
    const u = undoStack.pop();
    if (!u || busy) return;
    cells = u.cells;
    played = u.played;
    tileMoves = u.tileMoves;
    show();
  });
  $("goto").addEventListener("keydown", (e) => {
    if (e.key === "Enter") location.hash = prefix() + e.target.value.trim();
  });
  window.addEventListener("hashchange", fromHash);
  fromHash();
  // ?play=WXY presses those twist buttons in turn, as a person would.
  const play = new URLSearchParams(location.search).get("play");
  if (play) for (const letter of play.toUpperCase()) $("twist-" + letter)?.click();
  $("ready-ms").textContent = Math.round(performance.now());
}

start();
