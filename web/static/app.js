// The workbench page: state, controls and the calls that keep the verdict
// live. Design mode paints the picture (the goal) and analyses it after
// every stroke; play mode shows the puzzle's clues and checks the player's
// cells against them. The verdict, hints and checks always come from the
// puzzle's own clues: a picture when one is known, else the clues
// themselves. Every text that came from a file or the engine goes into
// the page through textContent, never as HTML.
import { call, callJSON, cancelAll, download, isAbort } from "./api.js";
import { Board, UNKNOWN, EMPTY } from "./board.js";
import { blankGrid, clueOf, cluesXML, colsOf, rowsOf, freeChar, fromServer, gridOf, packGrid, sameClues, toXML, unpackGrid } from "./puzzle.js";
import { addLine, fillCells, flip, invert, lineCells, mirror, rectCells, removeLine, rotate, shift } from "./tools.js";
import { clock, colourName, fixText, hintText, safeColours, verdictOf } from "./words.js";

const $ = (id) => document.getElementById(id);

const WHITE = { name: "white", rgb: "#ffffff", char: "." };
const BLACK = { name: "black", rgb: "#000000", char: "#" };
const SAVE = "nonosat.board"; // localStorage: the board, restored on the next visit
const PROGRESS = "nonosat.play:"; // + the clues' key: a player's cells and time
const SETTINGS = "nonosat.settings";

const st = {
  mode: "design",
  title: "",
  author: "",
  name: "", // the file the puzzle came from
  palette: [WHITE, BLACK],
  grid: blankGrid(15, 15),
  // placeholder holds the puzzle's clues while its picture is not known
  // (the solve timed out, or there is none): the grid is blank then, and
  // the verdict comes from these clues. The first stroke drops it.
  placeholder: null,
  rows: [], // the design's clues, kept line by line as cells change
  cols: [],
  version: 0, // bumped by every design edit
  play: { rows: [], cols: [], cells: [[]], solution: null, version: -1, elapsed: 0, since: 0, solved: false },
  brush: { design: 1, play: 1 },
  marks: {}, // kind → Set of "r,c"
  lines: new Set(),
  analysis: null, // the verdict of the design at analysisVersion
  analysisVersion: -1,
  suggestion: null, // the best edit Suggest a fix found, at its version
  undo: [],
  redo: [],
  stroke: null,
  tool: "paint", // or "pan"
  shape: "free", // design: free, line, rect, fill
  zoom: 0, // cell size in pixels; 0 fits the board to its area
  cursor: [-1, -1],
  settings: { timeLimit: 10, safe: false, showDiffer: true, showOpen: true },
};

let board;

const exportKinds = [
  ["xml", "XML (webpbn)"], ["non", ".non"], ["nin", ".nin"], ["mk", ".mk"], ["g", ".g"], ["cwd", ".cwd"], ["cwc", ".cwc"],
  ["taai", "TAAI"], ["tatham", "Tatham id"], ["text", "text"], ["string", "puzzle string"],
  ["svg", "SVG"], ["svg+", "SVG, solved"], ["png", "PNG"], ["png+", "PNG, solved"], ["cnf", "CNF (DIMACS)"], ["proof", "certificate (tar)"],
];

// say shows a message; with undoLabel, an Undo button beside it.
function say(msg, undoLabel) {
  $("message-text").textContent = msg;
  $("message-undo").hidden = !undoLabel;
}

function setVerdict(kind, text) {
  const v = $("verdict");
  v.dataset.verdict = kind;
  v.textContent = text;
}

// failed shows why a call failed: the engine's message, or that the time
// limit came first.
function failed(err, what) {
  if (err.status === 503 && st.settings.timeLimit > 0) say(`${what}: no answer within the time limit (${st.settings.timeLimit} s; Settings changes it)`);
  else say(err.message);
}

function timeoutMs() {
  return st.settings.timeLimit > 0 ? st.settings.timeLimit * 1000 : undefined;
}

// ---- the view

// displayPalette is the palette as drawn: the puzzle's colours, or the
// colour-blind safe ones when asked.
let shownPalette = null;
function displayPalette() {
  const want = st.settings.safe
    ? st.palette.map((s, i) => (i === 0 ? s : { ...s, rgb: st.palette.length === 2 ? "#000000" : safeColours[(i - 1) % safeColours.length] }))
    : st.palette;
  if (!shownPalette || shownPalette.length !== want.length || shownPalette.some((s, i) => s.rgb !== want[i].rgb)) shownPalette = want;
  return shownPalette;
}

function view() {
  if (st.mode === "design") return { rows: st.rows, cols: st.cols, cells: st.grid };
  return { rows: st.play.rows, cols: st.play.cols, cells: st.play.cells };
}

// render rebuilds the board and the controls from the state.
function render() {
  const design = st.mode === "design";
  document.body.dataset.mode = st.mode;
  for (const [id, on] of [["mode-design", design], ["mode-play", !design]]) {
    $(id).classList.toggle("on", on);
    $(id).setAttribute("aria-pressed", String(on));
  }
  showTitle();
  if (document.activeElement !== $("title-input")) $("title-input").value = st.title;
  if (document.activeElement !== $("author-input")) $("author-input").value = st.author;
  renderPalette();
  const v = view();
  board.build({ ...v, palette: displayPalette() }, st.zoom);
  board.setMarks(visibleMarks());
  board.setLines(st.lines);
  const [r, c] = st.cursor;
  if (r >= 0 && r < v.rows.length && c < v.cols.length) board.setCursor(r, c);
  else st.cursor = [-1, -1];
  $("undo").disabled = st.undo.length === 0;
  $("redo").disabled = st.redo.length === 0;
  $("board-wrap").setAttribute("aria-label", `${design ? "design" : "puzzle"}, ${v.cols.length} by ${v.rows.length}`);
}

function showTitle() {
  $("title").textContent = st.title;
  $("byline").textContent = st.author ? " by " + st.author : "";
}

// visibleMarks are the marks the map toggles let through.
function visibleMarks() {
  const m = { ...st.marks };
  if (!st.settings.showDiffer) delete m.differ;
  if (!st.settings.showOpen) delete m.open;
  return m;
}

function setMarks(m) {
  st.marks = m;
  board.setMarks(visibleMarks());
}

function setLines(lines) {
  st.lines = new Set(lines);
  board.setLines(st.lines);
}

function fitZoom() {
  board.setCellSize(st.zoom || board.fitCell());
}

function zoomBy(f, cx, cy) {
  const wrap = $("board-wrap");
  const old = board.cell;
  const next = Math.max(6, Math.min(64, Math.round(old * f)));
  if (next === old) return;
  const r = wrap.getBoundingClientRect();
  const px = cx ?? r.left + wrap.clientWidth / 2;
  const py = cy ?? r.top + wrap.clientHeight / 2;
  const x = wrap.scrollLeft + px - r.left;
  const y = wrap.scrollTop + py - r.top;
  st.zoom = next;
  board.setCellSize(next);
  wrap.scrollLeft = (x * next) / old - (px - r.left);
  wrap.scrollTop = (y * next) / old - (py - r.top);
}

function renderPalette() {
  const pal = $("palette");
  const shown = displayPalette();
  const items = shown.map((s, i) => [i, s]);
  if (st.mode === "play") {
    const used = usedColours(st.play.rows, st.play.cols);
    const keep = items.filter(([i]) => i > 0 && used.has(i));
    items.length = 0;
    items.push(...keep, [EMPTY, { name: "mark empty", rgb: "#ffffff", char: "✕" }]);
    if (!items.some(([i]) => i === st.brush.play)) st.brush.play = items[0][0];
  }
  const brush = st.brush[st.mode];
  pal.replaceChildren(
    ...items.map(([i, s], k) => {
      const b = document.createElement("button");
      b.className = "swatch" + (i === EMPTY ? " x" : "");
      b.dataset.index = String(i);
      b.dataset.testid = "swatch-" + (i === EMPTY ? "x" : i);
      const key = k < 9 && i !== EMPTY ? ` (key ${k + 1})` : i === EMPTY ? " (key X)" : "";
      b.title = s.name + key;
      b.setAttribute("aria-label", (i === 0 ? "background, " : "") + s.name);
      b.setAttribute("aria-pressed", String(i === brush));
      b.style.backgroundColor = s.rgb;
      if (i === EMPTY) b.textContent = "✕";
      b.addEventListener("click", () => chooseBrush(i));
      return b;
    }),
  );
  if (st.mode === "design") {
    const s = st.palette[st.brush.design];
    if (s && document.activeElement !== $("color-name")) {
      $("color-rgb").value = s.rgb;
      $("color-name").value = s.name;
    }
  }
}

function chooseBrush(i) {
  st.brush[st.mode] = i;
  renderPalette();
}

function usedColours(rows, cols) {
  const used = new Set();
  for (const l of [...rows, ...cols]) for (const [, c] of l) used.add(c);
  if (used.size === 0) used.add(1);
  return used;
}

// ---- history: undo, redo and the autosaved board

// snapshot is everything undo brings back; grids packed (a 200×200 grid
// is 40 kB as a string, against 320 kB as arrays of numbers).
function snapshot() {
  return {
    mode: st.mode,
    title: st.title,
    author: st.author,
    name: st.name,
    palette: st.palette.map((s) => ({ ...s })),
    grid: packGrid(st.grid),
    placeholder: st.placeholder,
    play: {
      rows: st.play.rows,
      cols: st.play.cols,
      cells: packGrid(st.play.cells),
      solution: st.play.solution ? packGrid(st.play.solution) : null,
      elapsed: elapsed(),
      solved: st.play.solved,
      fromDesign: st.play.version === st.version,
    },
  };
}

function restore(s) {
  Object.assign(st, { title: s.title, author: s.author || "", name: s.name || "", palette: s.palette, grid: unpackGrid(s.grid), placeholder: s.placeholder || null });
  st.version++;
  designClues();
  st.play = {
    rows: s.play.rows,
    cols: s.play.cols,
    cells: unpackGrid(s.play.cells),
    solution: s.play.solution ? unpackGrid(s.play.solution) : null,
    version: s.play.fromDesign ? st.version : -1,
    elapsed: s.play.elapsed || 0,
    since: 0,
    solved: !!s.play.solved,
  };
  st.mode = s.mode;
  st.brush.design = Math.min(st.brush.design, st.palette.length - 1) || Math.min(1, st.palette.length - 1);
  clearMarks();
}

// pushUndo records the state before a change called label.
function pushUndo(label) {
  st.undo.push({ label, snap: snapshot() });
  if (st.undo.length > 100) st.undo.shift();
  st.redo = [];
}

function undo() {
  const e = st.undo.pop();
  if (!e) return say("Nothing to undo");
  st.redo.push({ label: e.label, snap: snapshot() });
  restore(e.snap);
  say(`Undone: ${e.label} (Redo: Ctrl-Y)`);
  changed();
}

function redo() {
  const e = st.redo.pop();
  if (!e) return say("Nothing to redo");
  st.undo.push({ label: e.label, snap: snapshot() });
  restore(e.snap);
  say(`Redone: ${e.label}`);
  changed();
}

// changed redraws after a change of the whole state, saves it and asks
// for the verdict.
function changed() {
  render();
  save();
  if (st.mode === "design") analyze();
  else playStarted();
}

// save keeps the board in localStorage, and the player's cells under
// their puzzle's key, so that a reload loses nothing.
function save() {
  try {
    localStorage.setItem(SAVE, JSON.stringify(snapshot()));
  } catch {
    // storage full or refused: the board lives on in this tab
  }
  saveProgress();
}

// saveProgress keeps the player's cells and time under their puzzle's key.
function saveProgress() {
  if (!st.play.rows.length) return;
  try {
    localStorage.setItem(PROGRESS + playKey(), JSON.stringify({ cells: packGrid(st.play.cells), elapsed: elapsed(), solved: st.play.solved }));
  } catch {
    // as above
  }
}

function saveSettings() {
  try {
    localStorage.setItem(SETTINGS, JSON.stringify(st.settings));
  } catch {
    // as above
  }
}

function loadSaved() {
  try {
    const s = JSON.parse(localStorage.getItem(SETTINGS) || "null");
    if (s) Object.assign(st.settings, s);
    const b = JSON.parse(localStorage.getItem(SAVE) || "null");
    if (b && b.grid && b.play) {
      restore(b);
      return true;
    }
  } catch {
    // a damaged save: start afresh
  }
  return false;
}

// playKey names the player's puzzle by its clues.
function playKey() {
  const s = JSON.stringify([st.play.rows, st.play.cols, st.palette.map((p) => p.rgb)]);
  let h = 5381;
  for (let i = 0; i < s.length; i++) h = ((h * 33) ^ s.charCodeAt(i)) >>> 0;
  return `${st.play.cols.length}x${st.play.rows.length}-${h.toString(36)}`;
}

// ---- verdict

let analyzing = null; // the promise of the analysis under way

function designXML() {
  return st.placeholder ? cluesXML(st.title, st.palette, st.placeholder.rows, st.placeholder.cols) : toXML(st.title, st.palette, st.grid, st.author);
}

async function analyze() {
  if (st.mode !== "design") return;
  const version = st.version;
  setVerdict("pending", "Checking…");
  const p = (async () => {
    const a = await callJSON("analyze", designXML(), { detail: 1, timeoutMs: timeoutMs() }, "analyze");
    if (version !== st.version) return null;
    st.analysis = a;
    st.analysisVersion = version;
    return a;
  })();
  analyzing = p;
  try {
    const a = await track("Checking", p);
    if (!a || st.mode !== "design") return;
    const [kind, text] = verdictOf(a, st.settings.timeLimit);
    setVerdict(kind, `${text}. ${a.width}×${a.height}, ${a.stats.ms} ms`);
    setMarks({ open: keys(a.open), differ: keys(a.differ) });
  } catch (err) {
    if (version !== st.version) return;
    if (isAbort(err)) return setVerdict("stopped", "Stopped: no verdict");
    setVerdict("error", "No verdict");
    failed(err, "Checking");
  }
}

// currentAnalysis answers the verdict of the design as it is now.
async function currentAnalysis() {
  if (st.analysisVersion === st.version && st.analysis) return st.analysis;
  if (!analyzing) analyze();
  await analyzing;
  return st.analysisVersion === st.version ? st.analysis : null;
}

function keys(cells) {
  return new Set((cells || []).map(([r, c]) => r - 1 + "," + (c - 1))); // the API counts from 1
}

// ---- progress: a line with the elapsed time and a Stop button while a
// call runs

let tracked = 0;
let progressTimer = 0;
async function track(label, p) {
  const t0 = performance.now();
  tracked++;
  const show = () => {
    $("progress").hidden = false;
    $("progress-text").textContent = `${label}… ${((performance.now() - t0) / 1000).toFixed(1)} s`;
  };
  clearInterval(progressTimer);
  const timer = setTimeout(() => {
    show();
    progressTimer = setInterval(show, 100);
  }, 300);
  try {
    return await p;
  } finally {
    clearTimeout(timer);
    if (--tracked === 0) {
      clearInterval(progressTimer);
      $("progress").hidden = true;
    }
  }
}

async function stop() {
  await cancelAll();
  say("Stopped");
}

// ---- editing

function clearMarks() {
  st.marks = {};
  st.lines = new Set();
  st.suggestion = null;
  $("fix-bar").hidden = true;
}

// designClues recomputes the design's clues from the grid.
function designClues() {
  if (st.placeholder) {
    st.rows = st.placeholder.rows;
    st.cols = st.placeholder.cols;
  } else {
    st.rows = rowsOf(st.grid);
    st.cols = colsOf(st.grid, st.grid[0].length);
  }
}

// designChanged follows an edit of the whole picture.
function designChanged() {
  st.version++;
  st.placeholder = null;
  designClues();
  clearMarks();
  changed();
}

// setCell changes one cell of the current mode's grid, and on the board
// that cell and the clues of its lines.
function setCell(r, c, v) {
  if (st.mode === "design") {
    if (st.grid[r][c] === v) return false;
    if (st.placeholder) dropPlaceholder();
    st.grid[r][c] = v;
    board.setCell(r, c, v);
    st.rows[r] = clueOf(st.grid[r]);
    st.cols[c] = clueOf(st.grid.map((row) => row[c]));
    board.setRowClue(r, st.rows[r]);
    board.setColClue(c, st.cols[c]);
    return true;
  }
  const cells = st.play.cells;
  if (cells[r][c] === v) return false;
  cells[r][c] = v;
  board.setCell(r, c, v);
  dirtyLines.add("r" + r).add("c" + c);
  if (st.marks.mistake?.delete(r + "," + c)) board.setMarks(visibleMarks());
  return true;
}

// dropPlaceholder makes the blank grid the picture: the design is now
// what the designer paints.
function dropPlaceholder() {
  st.placeholder = null;
  st.rows = rowsOf(st.grid);
  st.cols = colsOf(st.grid, st.grid[0].length);
  st.rows.forEach((b, r) => board.setRowClue(r, b));
  st.cols.forEach((b, c) => board.setColClue(c, b));
}

function cellValue(r, c) {
  return st.mode === "design" ? st.grid[r][c] : st.play.cells[r][c];
}

// strokeValue is what a stroke starting on (r, c) paints: the brush, or
// the cleared value when the cell already has the brush's.
function strokeValue(r, c, button) {
  let value = st.brush[st.mode];
  if (st.mode === "play" && button === 2) value = EMPTY;
  const clear = st.mode === "design" ? 0 : UNKNOWN;
  return cellValue(r, c) === value ? clear : value;
}

// beginEdit starts a change of cells: the undo entry, and the marks that
// no longer hold.
function beginEdit(label) {
  pushUndo(label);
  if (st.mode === "design") {
    st.version++;
    clearMarks();
    board.setMarks({});
    board.setLines([]);
  } else {
    delete st.marks.hint; // a hint is about the cells as they were
    board.setMarks(visibleMarks());
    setLines([]);
    st.suggestion = null;
  }
}

// endEdit follows a change of cells: save, and the verdict.
function endEdit() {
  $("undo").disabled = st.undo.length === 0;
  $("redo").disabled = st.redo.length === 0;
  save();
  if (st.mode === "design") {
    st.version++;
    analyze();
  } else {
    noticeSolved();
  }
}

// ---- strokes: the pointer on the board

const pointers = new Map(); // pointerId → {x, y}
let gesture = null; // {kind: "pan" | "pinch", ...}

function onPointerDown(e) {
  const wrap = $("board-wrap");
  pointers.set(e.pointerId, { x: e.clientX, y: e.clientY });
  if (pointers.size === 2 && e.pointerType === "touch") {
    // A second finger: pan and zoom, and the first finger's stroke is
    // taken back.
    if (st.stroke) cancelStroke();
    const [a, b] = [...pointers.values()];
    gesture = { kind: "pinch", d0: dist(a, b), m0: mid(a, b), cell0: board.cell, sx: wrap.scrollLeft, sy: wrap.scrollTop };
    e.preventDefault();
    return;
  }
  if (pointers.size > 1) return;
  if (st.tool === "pan" || e.button === 1) {
    gesture = { kind: "pan", x: e.clientX, y: e.clientY, sx: wrap.scrollLeft, sy: wrap.scrollTop };
    e.preventDefault();
    return;
  }
  const at = board.cellAt(e.clientX, e.clientY);
  if (!at) return;
  e.preventDefault();
  board.cellsEl.focus({ preventScroll: true });
  const [r, c] = at;
  if (st.mode === "design" && st.shape === "fill") {
    const value = strokeValue(r, c, e.button);
    beginEdit("fill");
    for (const [y, x] of fillCells(st.grid, r, c)) setCell(y, x, value);
    endEdit();
    return;
  }
  const value = strokeValue(r, c, e.button);
  const redo = st.redo; // back if the stroke changes nothing
  beginEdit(st.mode === "design" ? "paint" : "play");
  board.freeze();
  const shape = st.mode === "design" ? st.shape : "free";
  st.stroke = { value, shape, r0: r, c0: c, last: [r, c], before: new Map(), id: e.pointerId, redo };
  strokeTo(r, c);
  moveCursor(r, c, false);
}

function onPointerMove(e) {
  if (pointers.has(e.pointerId)) pointers.set(e.pointerId, { x: e.clientX, y: e.clientY });
  const wrap = $("board-wrap");
  if (gesture?.kind === "pinch" && pointers.size >= 2) {
    const [a, b] = [...pointers.values()];
    const m = mid(a, b);
    const f = dist(a, b) / Math.max(1, gesture.d0);
    const next = Math.max(6, Math.min(64, Math.round(gesture.cell0 * f)));
    const r = wrap.getBoundingClientRect();
    const x = gesture.sx + gesture.m0.x - r.left;
    const y = gesture.sy + gesture.m0.y - r.top;
    st.zoom = next;
    board.setCellSize(next);
    wrap.scrollLeft = (x * next) / gesture.cell0 - (m.x - r.left);
    wrap.scrollTop = (y * next) / gesture.cell0 - (m.y - r.top);
    return;
  }
  if (gesture?.kind === "pan") {
    wrap.scrollLeft = gesture.sx - (e.clientX - gesture.x);
    wrap.scrollTop = gesture.sy - (e.clientY - gesture.y);
    return;
  }
  if (!st.stroke) {
    if (e.pointerType === "mouse" && e.target.closest?.(".cells")) {
      const at = board.cellAt(e.clientX, e.clientY);
      if (at) board.focusLine(at[0], at[1]);
    }
    return;
  }
  if (e.pointerId !== st.stroke.id) return;
  const at = board.cellAt(e.clientX, e.clientY);
  if (at && (at[0] !== st.stroke.last[0] || at[1] !== st.stroke.last[1])) strokeTo(at[0], at[1]);
}

// strokeTo extends the stroke to (r, c): free strokes paint the cells
// between the last point and this one (a fast pointer skips cells); line
// and rectangle strokes redraw their shape from the stroke's start.
function strokeTo(r, c) {
  const s = st.stroke;
  let cells;
  if (s.shape === "line" || s.shape === "rect") {
    for (const [key, v] of s.before) {
      const [y, x] = key.split(",").map(Number);
      setCell(y, x, v);
    }
    s.before.clear();
    cells = s.shape === "line" ? lineCells(s.r0, s.c0, r, c) : rectCells(s.r0, s.c0, r, c, false);
  } else {
    cells = lineCells(s.last[0], s.last[1], r, c);
  }
  for (const [y, x] of cells) {
    const key = y + "," + x;
    if (!s.before.has(key)) s.before.set(key, cellValue(y, x));
    setCell(y, x, s.value);
  }
  s.last = [r, c];
  if (st.mode === "design") board.focusLine(r, c);
}

function onPointerUp(e) {
  pointers.delete(e.pointerId);
  if (gesture) {
    if (pointers.size === 0) gesture = null;
    return;
  }
  if (!st.stroke || e.pointerId !== st.stroke.id) return;
  const s = st.stroke;
  st.stroke = null;
  board.unfreeze();
  if (s.before.size === 0 || [...s.before].every(([key, v]) => {
    const [y, x] = key.split(",").map(Number);
    return cellValue(y, x) === v;
  })) {
    // Nothing changed: no undo entry, and redo as it was.
    st.undo.pop();
    st.redo = s.redo;
  }
  endEdit();
}

// cancelStroke takes back the stroke under way (a second finger came).
function cancelStroke() {
  const s = st.stroke;
  st.stroke = null;
  for (const [key, v] of s.before) {
    const [y, x] = key.split(",").map(Number);
    setCell(y, x, v);
  }
  board.unfreeze();
  st.undo.pop();
  st.redo = s.redo;
}

function dist(a, b) {
  return Math.hypot(a.x - b.x, a.y - b.y);
}

function mid(a, b) {
  return { x: (a.x + b.x) / 2, y: (a.y + b.y) / 2 };
}

// ---- keyboard: a cursor on the board

function moveCursor(r, c, scroll = true) {
  const v = view();
  r = Math.max(0, Math.min(v.rows.length - 1, r));
  c = Math.max(0, Math.min(v.cols.length - 1, c));
  st.cursor = [r, c];
  board.setCursor(r, c);
  board.label(r, c, cellWords(r, c));
  if (scroll) board.scrollToCell(r, c);
}

function cellWords(r, c) {
  const v = cellValue(r, c);
  const what = v === UNKNOWN ? "open" : v === EMPTY ? "marked empty" : v === 0 ? "empty" : st.palette[v]?.name || "colour " + v;
  return `row ${r + 1}, column ${c + 1}: ${what}`;
}

// keyCell sets the cursor's cell from the keyboard, as one edit.
function keyCell(value) {
  const [r, c] = st.cursor;
  if (r < 0) return;
  if (cellValue(r, c) === value) return;
  beginEdit(st.mode === "design" ? "paint" : "play");
  setCell(r, c, value);
  board.label(r, c, cellWords(r, c));
  endEdit();
}

function onBoardKey(e) {
  if (e.ctrlKey || e.metaKey || e.altKey) return;
  const [r, c] = st.cursor;
  const moves = { ArrowUp: [-1, 0], ArrowDown: [1, 0], ArrowLeft: [0, -1], ArrowRight: [0, 1] };
  if (r < 0 && (moves[e.key] || e.key === " " || e.key === "Enter")) {
    e.preventDefault();
    moveCursor(0, 0);
    return;
  }
  if (moves[e.key]) {
    e.preventDefault();
    const [dr, dc] = moves[e.key];
    moveCursor(r + dr, c + dc);
    if (e.shiftKey) keyCell(st.brush[st.mode]);
    return;
  }
  switch (e.key) {
    case "Home":
      e.preventDefault();
      return moveCursor(r, 0);
    case "End":
      e.preventDefault();
      return moveCursor(r, view().cols.length - 1);
    case " ":
    case "Enter":
    case "f":
    case "F":
      e.preventDefault();
      return keyCell(strokeValue(r, c, 0));
    case "x":
    case "X":
      e.preventDefault();
      return keyCell(st.mode === "design" ? 0 : EMPTY);
    case "Delete":
    case "Backspace":
    case "c":
    case "C":
      e.preventDefault();
      return keyCell(st.mode === "design" ? 0 : UNKNOWN);
    case "+":
    case "=":
      e.preventDefault();
      return zoomBy(1.25);
    case "-":
      e.preventDefault();
      return zoomBy(0.8);
  }
  if (/^[1-9]$/.test(e.key)) {
    const swatches = [...$("palette").querySelectorAll(".swatch")].filter((b) => b.dataset.index !== String(EMPTY));
    const b = swatches[Number(e.key) - 1];
    if (b) {
      e.preventDefault();
      chooseBrush(Number(b.dataset.index));
    }
  }
}

// ---- opening

// setPuzzle puts a new puzzle on the board: its picture (or a blank
// grid and its clues as the placeholder), and the player's puzzle with
// the player's saved cells for it, if any. Everything of the previous
// puzzle goes: marks, hints, suggestions, the cursor.
function setPuzzle({ title, author, name, palette, grid, placeholder, rows, cols, solution }) {
  pauseTimer();
  saveProgress(); // the player's time on the puzzle that goes
  Object.assign(st, { title, author: author || "", name: name || "", palette, grid, placeholder: placeholder || null });
  st.brush = { design: Math.min(1, palette.length - 1), play: 1 };
  st.version++;
  st.cursor = [-1, -1];
  st.zoom = 0;
  st.analysis = null;
  clearMarks();
  designClues();
  setPlay(rows || st.rows, cols || st.cols, solution !== undefined ? solution : placeholder ? null : grid.map((r) => r.slice()));
  const w = grid[0].length;
  $("width").value = String(w);
  $("height").value = String(grid.length);
}

// setPlay sets the player's puzzle, restoring the player's cells and
// time on it from an earlier visit.
function setPlay(rows, cols, solution) {
  st.play = { rows, cols, cells: blankGrid(rows.length, cols.length, UNKNOWN), solution, version: st.version, elapsed: 0, since: 0, solved: false, restored: false };
  try {
    const saved = JSON.parse(localStorage.getItem(PROGRESS + playKey()) || "null");
    if (saved && saved.cells.h === rows.length && saved.cells.w === cols.length) {
      st.play.cells = unpackGrid(saved.cells);
      st.play.elapsed = saved.elapsed || 0;
      st.play.solved = !!saved.solved;
      st.play.restored = st.play.cells.some((row) => row.some((v) => v !== UNKNOWN));
    }
  } catch {
    // no saved progress
  }
}

// openPuzzle takes the engine's puzzle object (parse, make). A file
// without a picture gets the solver's first solution as its picture; when
// there is none (no solution, or the time limit came first), the board
// keeps the file's clues and the verdict comes from them.
async function openPuzzle(j, name, initial = false) {
  const p = fromServer(j);
  let grid = p.grid;
  let placeholder = null;
  let note = "";
  if (!grid) {
    const s = await track("Solving", callJSON("solve", cluesXML(p.title, p.palette, p.rows, p.cols), { max: 1, timeoutMs: timeoutMs() }, "open"));
    if (s.solutions.length > 0) {
      grid = gridOf(s.solutions[0], p.palette);
      note = s.verdict === "unique" ? "" : ` (the file has no picture; showing one solution, verdict ${s.verdict})`;
    } else {
      grid = blankGrid(p.height, p.width);
      placeholder = { rows: p.rows, cols: p.cols };
      note = s.verdict === "none" ? " (no solution: the board shows its clues only)" : " (no solution found within the time limit: the board shows its clues only)";
    }
  }
  if (initial && st.undo.length > 0) return; // the user began something else meanwhile
  pushUndo("open " + name);
  setPuzzle({ title: p.title, author: j.author, name, palette: p.palette, grid, placeholder, rows: p.rows, cols: p.cols, solution: p.grid || (placeholder ? null : grid.map((r) => r.slice())) });
  say(`Opened ${p.title || name}, ${p.width}×${p.height}${note}`, true);
  changed();
}

// openBytes opens a file's content: a picture through make, text art
// when asked (Read text as), anything else as a puzzle file, whose
// reader's error is shown when it cannot be read. It says whether it
// opened something.
async function openBytes(buf, name, isImage, initial = false) {
  say("Opening " + name + "…");
  const params = {};
  if ($("img-colors").value) params.colors = $("img-colors").value;
  if ($("img-size").value.trim()) params.size = $("img-size").value.trim();
  params.title = name.replace(/\.[^.]*$/, "");
  const art = !isImage && $("read-as").value === "art";
  try {
    if (isImage || art) {
      $("pick-row").hidden = true;
      await openPuzzle(await track("Reading", callJSON("make", buf, params, "open")), name);
      return true;
    }
    const j = await track("Reading", callJSON("parse", buf, {}, "open"));
    await openPuzzle(j, name, initial);
    offerPicker(buf, name);
    return true;
  } catch (err) {
    if (isAbort(err)) {
      say(`Stopped opening ${name}`);
      return false;
    }
    say(`${name}: ${err.message}`);
    setVerdict("error", `Not opened: ${name} cannot be read (the reason is below)`);
    return false;
  }
}

// offerPicker lists the puzzles of a file that holds several.
let pickSource = null;
async function offerPicker(buf, name) {
  const row = $("pick-row");
  row.hidden = true;
  let n = 1;
  try {
    await callJSON("parse", buf, { puzzle: 2 }, "pick");
  } catch {
    return; // one puzzle
  }
  try {
    await callJSON("parse", buf, { puzzle: 1 << 30 }, "pick");
  } catch (err) {
    n = Number(/holds (\d+) puzzle/.exec(err.message)?.[1] || 2);
  }
  pickSource = { buf, name };
  const sel = $("pick");
  sel.replaceChildren(
    ...Array.from({ length: n }, (_, i) => {
      const o = document.createElement("option");
      o.value = String(i + 1);
      o.textContent = `${i + 1} of ${n}`;
      return o;
    }),
  );
  row.hidden = false;
  say(`${name} holds ${n} puzzles: opened the first (Puzzle chooses another)`, true);
  // The titles, as far as they are quick to read.
  for (let i = 2; i <= Math.min(n, 200); i++) {
    try {
      const j = await callJSON("parse", buf, { puzzle: i });
      if (j.title && sel.options[i - 1]) sel.options[i - 1].textContent = `${i}: ${j.title}`;
    } catch {
      // a bad puzzle: its number stays
    }
  }
}

async function pick() {
  if (!pickSource) return;
  const i = Number($("pick").value);
  try {
    const j = await track("Reading", callJSON("parse", pickSource.buf, { puzzle: i }, "open"));
    await openPuzzle(j, `${pickSource.name} #${i}`);
  } catch (err) {
    if (!isAbort(err)) say(`${pickSource.name} #${i}: ${err.message}`);
  }
}

function openFile(file) {
  const isImage = /^image\//.test(file.type) || /\.(png|gif|jpe?g|pbm|pgm|ppm|pnm)$/i.test(file.name);
  file.arrayBuffer().then((buf) => openBytes(new Uint8Array(buf), file.name, isImage));
}

async function openExample(initial = false) {
  const name = $("example").value;
  const res = await fetch("examples/" + encodeURIComponent(name));
  const save = $("read-as").value;
  $("read-as").value = "puzzle";
  try {
    await openBytes(new Uint8Array(await res.arrayBuffer()), name, false, initial === true);
  } finally {
    $("read-as").value = save;
  }
}

function newCanvas() {
  const w = Math.max(1, Math.min(200, Number($("width").value) || 15));
  const h = Math.max(1, Math.min(200, Number($("height").value) || 15));
  pushUndo("new canvas");
  setPuzzle({ title: "", author: "", name: "", palette: [{ ...WHITE }, { ...BLACK }], grid: blankGrid(h, w) });
  setModeQuiet("design");
  say(`New ${w}×${h} canvas`, true);
  changed();
}

// ---- the design: whole-picture edits, lines at the edges, colours

function replaceGrid(label, grid) {
  pushUndo(label);
  if (st.placeholder) st.placeholder = null;
  st.grid = grid;
  st.cursor = [-1, -1];
  designChanged();
}

function transform(op) {
  if (st.placeholder) return say("The picture is not known: paint one first");
  const g = st.grid;
  const ops = {
    mirror: () => mirror(g),
    flip: () => flip(g),
    rotate: () => rotate(g),
    invert: () => invert(g, st.brush.design || 1),
    left: () => shift(g, 0, -1),
    right: () => shift(g, 0, 1),
    up: () => shift(g, -1, 0),
    down: () => shift(g, 1, 0),
  };
  replaceGrid(op, ops[op]());
}

function edgeLine(add) {
  const edge = $("edge").value;
  const g = add ? addLine(st.grid, edge) : removeLine(st.grid, edge);
  if (!g) return say("A puzzle keeps at least one row and one column");
  if (g.length > 200 || g[0].length > 200) return say("At most 200 rows and 200 columns");
  replaceGrid(`${add ? "add" : "remove"} a line at the ${edge}`, g);
  $("width").value = String(g[0].length);
  $("height").value = String(g.length);
}

// colourProblem says why rgb and name cannot be colour i: the background's
// colour, or another colour's value or name.
function colourProblem(rgb, name, i) {
  if (i !== 0 && rgb.toLowerCase() === st.palette[0].rgb.toLowerCase()) return "that is the background's colour";
  for (let k = 0; k < st.palette.length; k++) {
    if (k === i) continue;
    if (st.palette[k].rgb.toLowerCase() === rgb.toLowerCase()) return `${st.palette[k].name} already has that colour`;
    if (name && st.palette[k].name === name) return `another colour is called ${name}`;
  }
  if (!name.trim()) return "a colour needs a name";
  return "";
}

function addColor() {
  if (st.palette.length > 63) return say("At most 63 colours");
  const rgb = $("color-rgb").value;
  let name = $("color-name").value.trim();
  if (!name || st.palette.some((s) => s.name === name)) name = "colour " + rgb.slice(1);
  const why = colourProblem(rgb, name, -1);
  if (why) return say(`Not added: ${why}`);
  pushUndo("add a colour");
  st.palette = [...st.palette, { name, rgb, char: freeChar(st.palette) }];
  st.brush.design = st.palette.length - 1;
  say(`Added ${name}`);
  designChanged();
}

function setColor() {
  const i = st.brush.design;
  const rgb = $("color-rgb").value;
  const name = $("color-name").value.trim();
  const why = colourProblem(rgb, name, i);
  if (why) return say(`Not changed: ${why}`);
  pushUndo("change a colour");
  st.palette = st.palette.map((s, k) => (k === i ? { ...s, rgb, name } : s));
  say(`Colour ${i} is now ${name}`);
  designChanged();
}

function moveColor(d) {
  const i = st.brush.design;
  const j = i + d;
  if (i === 0 || j < 1 || j >= st.palette.length) return say("The background stays first");
  pushUndo("reorder the colours");
  const p = st.palette.slice();
  [p[i], p[j]] = [p[j], p[i]];
  st.palette = p;
  st.grid = st.grid.map((row) => row.map((v) => (v === i ? j : v === j ? i : v)));
  st.brush.design = j;
  designChanged();
}

function removeColor() {
  const i = st.brush.design;
  if (i === 0 || st.palette.length <= 2) return say("Keep the background and at least one colour");
  pushUndo("remove a colour");
  st.palette = st.palette.filter((_, k) => k !== i);
  st.grid = st.grid.map((row) => row.map((v) => (v === i ? 0 : v > i ? v - 1 : v)));
  st.brush.design = 1;
  designChanged();
}

// ---- modes

function setModeQuiet(mode) {
  st.mode = mode;
  if (mode === "play" && st.play.version !== st.version) {
    // The design changed since the player's puzzle was made from it.
    setPlay(st.rows, st.cols, st.placeholder ? null : st.grid.map((r) => r.slice()));
  }
}

function setMode(mode) {
  if (mode === st.mode) return;
  pauseTimer();
  clearMarks();
  setModeQuiet(mode);
  render();
  save();
  if (mode === "design") analyze();
  else playStarted();
}

// ---- play

function elapsed() {
  return st.play.elapsed + (st.play.since ? performance.now() - st.play.since : 0);
}

let clockTimer = 0;
function showTime() {
  $("timer").textContent = clock(elapsed());
}

function startTimer() {
  if (st.play.since || st.play.solved || st.mode !== "play" || document.hidden) return;
  st.play.since = performance.now();
  clearInterval(clockTimer);
  clockTimer = setInterval(showTime, 1000);
  showTime();
}

function pauseTimer() {
  if (st.play.since) {
    st.play.elapsed = elapsed();
    st.play.since = 0;
  }
  clearInterval(clockTimer);
  showTime();
}

// playStarted says where the player stands on entering play mode.
function playStarted() {
  lineState();
  if (isSolved()) {
    st.play.solved = true;
    setVerdict("solved", `Solved in ${clock(st.play.elapsed)}: every clue is satisfied`);
    return showTime();
  }
  setVerdict("play", st.play.restored ? "Play: your cells on this puzzle are back (Start again clears them)" : "Play: fill the cells the clues ask for");
  startTimer();
}

// The lines whose clues the player's cells do not satisfy yet, kept as
// cells change, so that "solved" shows the moment the last cell is right.
let badLines = new Set();
const dirtyLines = new Set();

function lineOK(cells) {
  return cells.map((v) => (v > 0 ? v : 0));
}

function lineState() {
  const { cells, rows, cols } = st.play;
  badLines = new Set();
  dirtyLines.clear();
  rows.forEach((clue, r) => sameClues(clueOf(lineOK(cells[r])), clue) || badLines.add("r" + r));
  cols.forEach((clue, c) => sameClues(clueOf(lineOK(cells.map((row) => row[c]))), clue) || badLines.add("c" + c));
}

function isSolved() {
  return badLines.size === 0 && st.play.rows.length > 0;
}

function noticeSolved() {
  const { cells, rows, cols } = st.play;
  // Only the lines of the cells this edit changed can have changed.
  for (const key of dirtyLines) {
    const i = Number(key.slice(1));
    const ok = key[0] === "r" ? sameClues(clueOf(lineOK(cells[i])), rows[i]) : sameClues(clueOf(lineOK(cells.map((row) => row[i]))), cols[i]);
    if (ok) badLines.delete(key);
    else badLines.add(key);
  }
  dirtyLines.clear();
  if (isSolved()) {
    if (!st.play.solved) {
      pauseTimer();
      st.play.solved = true;
      save();
    }
    setMarks({});
    setVerdict("solved", `Solved in ${clock(st.play.elapsed)}: every clue is satisfied`);
  } else {
    if (st.play.solved) {
      st.play.solved = false;
      startTimer();
    }
    if ($("verdict").dataset.verdict === "solved") setVerdict("play", "Play: fill the cells the clues ask for");
    startTimer();
  }
}

// playGrid is the player's cells as the hint call reads them.
function playGrid() {
  const ch = (v) => (v === UNKNOWN ? "?" : st.palette[v === EMPTY ? 0 : v].char);
  return st.play.cells.map((row) => row.map(ch).join("")).join("\n") + "\n"; // not "/": a palette may use it (the last new line: a grid of one row has one too)
}

function playXML() {
  return cluesXML(st.title, st.palette, st.play.rows, st.play.cols);
}

// cellKeys turns the engine's cells (rows and columns from 1) into keys.
function cellKeys(cells) {
  return new Set((cells || []).map((x) => x.row - 1 + "," + (x.col - 1)));
}

// lineKey turns "row 3" / "column 5" into the board's "row:2" / "col:4".
function lineKey(name) {
  const m = /^(row|column) (\d+)$/.exec(name || "");
  return m ? (m[1] === "row" ? "row:" : "col:") + (Number(m[2]) - 1) : "";
}

// playCall asks the engine about the player's cells (hint), from the
// puzzle's clues.
async function playCall(label) {
  return track(label, callJSON("hint", playXML(), { grid: playGrid(), timeoutMs: timeoutMs() }, "hint"));
}

// check marks the filled cells that no solution has: on a puzzle with
// several solutions, a cell that one of them has is no mistake.
async function checkPlay() {
  noticeSolved();
  if (isSolved()) return;
  setVerdict("pending", "Checking…");
  const cells = st.play.cells;
  try {
    const h = await playCall("Checking");
    if (st.play.cells !== cells || st.mode !== "play") return;
    setMarks({ mistake: cellKeys(h.mistakes) });
    setLines([]);
    const open = cells.reduce((n, row) => n + row.filter((v) => v === UNKNOWN).length, 0);
    const n = h.mistakes.length;
    if (!n && !h.cells.length && h.reason !== "solved") setVerdict("mistakes", "No one filled cell is wrong, but together they fit no solution");
    else if (n) setVerdict("mistakes", `${n} filled cell${n > 1 ? "s" : ""} no solution has (marked)`);
    else setVerdict("ok", `No mistakes: every filled cell fits a solution; ${open} cell${open === 1 ? "" : "s"} still open`);
  } catch (err) {
    if (isAbort(err)) return setVerdict("stopped", "Stopped");
    setVerdict("error", "No check");
    failed(err, "Check");
  }
}

// hint asks for the next deduction on the player's cells and shows it: the
// cells it fixes ringed, its line highlighted, the reason in words, and
// any filled cell that no solution has as a mistake.
async function hint() {
  setVerdict("pending", "Thinking…");
  const cells = st.play.cells;
  try {
    const h = await playCall("Thinking");
    if (st.play.cells !== cells || st.mode !== "play") return;
    setMarks({ hint: cellKeys(h.cells), mistake: cellKeys(h.mistakes) });
    setLines([lineKey(h.line)].filter(Boolean));
    const text = h.cells.length ? hintText(h, st.palette) : "";
    if (h.mistakes.length) setVerdict("mistakes", `${h.mistakes.length} filled cell${h.mistakes.length > 1 ? "s" : ""} no solution has (marked). Hint, with them open: ${text}`);
    else if (!h.cells.length && h.reason === "solved") setVerdict("solved", "Nothing left to deduce");
    else if (!h.cells.length) setVerdict("mistakes", "No one filled cell is wrong, but together they fit no solution");
    else setVerdict("hint", `Hint: ${text}`);
    const first = h.cells[0];
    if (first) board.scrollToCell(first.row - 1, first.col - 1);
  } catch (err) {
    if (isAbort(err)) return setVerdict("stopped", "Stopped");
    setVerdict("error", "No hint");
    failed(err, "Hint");
  }
}

function clearPlay() {
  pushUndo("start again");
  st.play.cells = blankGrid(st.play.rows.length, st.play.cols.length, UNKNOWN);
  st.play.elapsed = 0;
  st.play.since = 0;
  st.play.solved = false;
  st.play.restored = false;
  clearMarks();
  changed();
}

// ---- suggest a fix

// fix asks for the best edits of the picture and rings the best one; a
// puzzle that is unique and line logic solves has nothing to fix.
async function fix() {
  const version = st.version;
  setVerdict("pending", "Looking for a fix…");
  try {
    const a = await currentAnalysis();
    if (!a || version !== st.version) return;
    if (a.verdict === "unique" && a.grade?.level === 1) {
      setVerdict("fix", "Nothing to fix: it is unique, and line logic alone solves it");
      return;
    }
    if (st.placeholder) {
      setVerdict("fix", `Nothing to edit: no picture of this puzzle is known (verdict ${a.verdict})`);
      return;
    }
    const r = await track("Looking for a fix", callJSON("fix", designXML(), { best: 3, timeoutMs: timeoutMs() }, "fix"));
    if (version !== st.version) return;
    if (!r.edits.length) {
      // A unique picture gets only edits that leave line logic less to do.
      setVerdict("fix", a.verdict === "unique" ? "Already unique: no edit of one or two cells makes it easier" : "No edit of one or two cells makes it unique");
      return;
    }
    const best = r.edits[0];
    st.suggestion = { version, edit: best };
    setMarks({ ...st.marks, fix: cellKeys(best.cells) });
    const [text] = fixText(best, st.palette, a);
    setVerdict("fix", text);
    $("fix-bar").hidden = false;
  } catch (err) {
    if (isAbort(err)) return setVerdict("stopped", "Stopped");
    setVerdict("error", "No fix");
    failed(err, "Suggest a fix");
  }
}

// applyFix makes the suggested edit.
function applyFix() {
  const s = st.suggestion;
  if (!s || s.version !== st.version) return say("No suggestion for this picture: Suggest a fix first");
  pushUndo("apply a fix");
  for (const x of s.edit.cells) {
    const v = st.palette.findIndex((p) => p.char === x.color);
    st.grid[x.row - 1][x.col - 1] = v < 0 ? 0 : v;
  }
  say("Applied: " + s.edit.cells.map((x) => `row ${x.row}, column ${x.col} to ${colourName(st.palette, x.color)}`).join(" and "));
  designChanged();
}

// fixUntilUnique applies the best edit until the puzzle is unique (or no
// edit helps, or 20 rounds).
async function fixUntilUnique() {
  const touched = new Set();
  for (let round = 0; round < 20; round++) {
    const a = await currentAnalysis();
    if (!a) return;
    if (a.verdict === "unique") {
      say(`Unique after ${round} edit${round === 1 ? "" : "s"} (Undo takes them back one by one)`);
      return;
    }
    if (a.verdict !== "multiple") return say(`Cannot go on: verdict ${a.verdict}`);
    await fix();
    const s = st.suggestion;
    if (!s || s.version !== st.version) return;
    // An edit that takes back an earlier one would go round in circles.
    if (s.edit.cells.some((x) => touched.has(x.row + "," + x.col))) return say("Stopped: the best edit would change a cell an earlier edit changed");
    for (const x of s.edit.cells) touched.add(x.row + "," + x.col);
    applyFix();
  }
  say("Stopped after 20 edits");
}

// ---- export

async function exportPuzzle() {
  const kind = $("export-kind").value;
  const xml = st.placeholder ? designXML() : toXML(st.title, st.palette, st.grid, st.author);
  try {
    let res;
    let rename;
    if (kind === "cnf") res = await call("dimacs", xml, {}, "export");
    else if (kind === "proof") res = await call("proof", xml, {}, "export");
    else if (/^(svg|png)\+?$/.test(kind)) {
      const solved = kind.endsWith("+");
      res = await call("render", xml, { to: kind.replace("+", ""), ...(solved ? { solution: 1 } : {}) }, "export");
      // The solved drawing and the puzzle's own are different files.
      if (solved) rename = (n) => n.replace(/(\.[a-z]+)$/, "-solved$1");
    } else res = await call("convert", xml, { to: kind }, "export");
    say("Exported " + (await download(res, rename)));
  } catch (err) {
    if (!isAbort(err)) say("Export: " + err.message);
  }
}

// ---- links: index.html#p=<puzzle string> (2:2:3-1,1:3:2, or a Tatham
// id), or #p=<base64url of a puzzle file in any format> for colour

const plainLink = /^[0-9,:\-\/x.]+$/;

function fromBase64url(s) {
  const b64 = s.replace(/-/g, "+").replace(/_/g, "/") + "===".slice((s.length + 3) % 4);
  return Uint8Array.from(atob(b64), (c) => c.charCodeAt(0));
}

function toBase64url(bytes) {
  let bin = "";
  for (const b of bytes) bin += String.fromCharCode(b);
  return btoa(bin).replace(/\+/g, "-").replace(/\//g, "_").replace(/=+$/, "");
}

// openLink opens the puzzle of the page's #p= link, if it has one.
async function openLink() {
  const m = /^#p=(.+)$/s.exec(location.hash);
  if (!m) return false;
  let v;
  try {
    v = decodeURIComponent(m[1]);
  } catch {
    v = m[1];
  }
  let bytes;
  try {
    bytes = plainLink.test(v) ? new TextEncoder().encode(v) : fromBase64url(v);
  } catch {
    say("The link's puzzle is neither a puzzle string nor base64url");
    setVerdict("error", "Not opened: the link holds no puzzle");
    return false;
  }
  const save = $("read-as").value;
  $("read-as").value = "puzzle";
  try {
    return await openBytes(bytes, "the link's puzzle", false);
  } finally {
    $("read-as").value = save;
  }
}

// copyLink copies a link that opens the puzzle on the board.
async function copyLink() {
  const xml = designXML();
  let frag;
  try {
    if (st.palette.length <= 2 && !st.title) {
      const s = (await (await call("convert", xml, { to: "string" }, "link")).text()).trim();
      frag = encodeURIComponent(s).replace(/%3A/g, ":").replace(/%2C/g, ",");
    } else {
      frag = toBase64url(new TextEncoder().encode(xml));
    }
  } catch (err) {
    return say("Copy link: " + err.message);
  }
  const url = location.href.replace(/#.*$/, "") + "#p=" + frag;
  $("link").value = url;
  try {
    await navigator.clipboard.writeText(url);
    say("Link copied");
  } catch {
    say("Link ready: copy it from the box");
  }
}

// ---- wiring

function init() {
  board = new Board($("board-wrap"));
  $("export-kind").replaceChildren(
    ...exportKinds.map(([v, label]) => {
      const o = document.createElement("option");
      o.value = v;
      o.textContent = label;
      return o;
    }),
  );
  $("mode-design").addEventListener("click", () => setMode("design"));
  $("mode-play").addEventListener("click", () => setMode("play"));
  $("open-file").addEventListener("click", () => $("file").click());
  $("file").addEventListener("change", (e) => {
    if (e.target.files[0]) openFile(e.target.files[0]);
    e.target.value = "";
  });
  $("example-open").addEventListener("click", openExample);
  $("paste-toggle").addEventListener("click", () => {
    const box = $("paste-box");
    box.hidden = !box.hidden;
    $("paste-toggle").setAttribute("aria-expanded", String(!box.hidden));
    if (!box.hidden) $("paste").focus();
  });
  $("paste-load").addEventListener("click", async () => {
    if (await openBytes(new TextEncoder().encode($("paste").value), "pasted text", false)) $("paste-toggle").click();
  });
  $("pick").addEventListener("change", pick);
  $("new").addEventListener("click", newCanvas);
  $("title-input").addEventListener("change", () => {
    pushUndo("title");
    st.title = $("title-input").value.trim();
    showTitle();
    save();
  });
  $("author-input").addEventListener("change", () => {
    pushUndo("author");
    st.author = $("author-input").value.trim();
    showTitle();
    save();
  });
  for (const b of document.querySelectorAll(".shape")) {
    b.addEventListener("click", () => {
      st.shape = b.dataset.shape;
      for (const x of document.querySelectorAll(".shape")) x.setAttribute("aria-pressed", String(x === b));
    });
  }
  for (const b of document.querySelectorAll(".transform")) b.addEventListener("click", () => transform(b.dataset.op));
  $("edge-add").addEventListener("click", () => edgeLine(true));
  $("edge-remove").addEventListener("click", () => edgeLine(false));
  $("color-add").addEventListener("click", addColor);
  $("color-set").addEventListener("click", setColor);
  $("color-earlier").addEventListener("click", () => moveColor(-1));
  $("color-later").addEventListener("click", () => moveColor(1));
  $("color-remove").addEventListener("click", removeColor);
  $("show-differ").addEventListener("change", () => {
    st.settings.showDiffer = $("show-differ").checked;
    saveSettings();
    board.setMarks(visibleMarks());
  });
  $("show-open").addEventListener("change", () => {
    st.settings.showOpen = $("show-open").checked;
    saveSettings();
    board.setMarks(visibleMarks());
  });
  $("time-limit").addEventListener("change", () => {
    st.settings.timeLimit = Number($("time-limit").value);
    saveSettings();
  });
  $("safe-colours").addEventListener("change", () => {
    st.settings.safe = $("safe-colours").checked;
    saveSettings();
    render();
  });
  $("undo").addEventListener("click", undo);
  $("redo").addEventListener("click", redo);
  $("message-undo").addEventListener("click", undo);
  $("check").addEventListener("click", checkPlay);
  $("hint").addEventListener("click", hint);
  $("fix").addEventListener("click", fix);
  $("fix-apply").addEventListener("click", applyFix);
  $("fix-until").addEventListener("click", fixUntilUnique);
  $("clear").addEventListener("click", clearPlay);
  $("stop").addEventListener("click", stop);
  $("export").addEventListener("click", exportPuzzle);
  $("copy-link").addEventListener("click", copyLink);
  for (const [id, tool] of [["tool-paint", "paint"], ["tool-pan", "pan"]]) {
    $(id).addEventListener("click", () => {
      st.tool = tool;
      $("board-wrap").dataset.tool = tool;
      $("tool-paint").setAttribute("aria-pressed", String(tool === "paint"));
      $("tool-pan").setAttribute("aria-pressed", String(tool === "pan"));
    });
  }
  $("zoom-in").addEventListener("click", () => zoomBy(1.25));
  $("zoom-out").addEventListener("click", () => zoomBy(0.8));
  $("zoom-fit").addEventListener("click", () => {
    st.zoom = 0;
    fitZoom();
  });
  window.addEventListener("hashchange", openLink);

  const wrap = $("board-wrap");
  wrap.addEventListener("pointerdown", onPointerDown);
  window.addEventListener("pointermove", onPointerMove);
  window.addEventListener("pointerup", onPointerUp);
  window.addEventListener("pointercancel", onPointerUp);
  wrap.addEventListener("pointerleave", (e) => {
    if (!st.stroke && e.pointerType === "mouse") board.focusLine(st.cursor[0], st.cursor[1]);
  });
  wrap.addEventListener("contextmenu", (e) => e.preventDefault());
  wrap.addEventListener("keydown", onBoardKey);
  wrap.addEventListener("focusin", (e) => {
    if (e.target === board.cellsEl && st.cursor[0] >= 0) board.setCursor(st.cursor[0], st.cursor[1]);
  });
  wrap.addEventListener(
    "wheel",
    (e) => {
      if (!e.ctrlKey) return;
      e.preventDefault();
      zoomBy(e.deltaY < 0 ? 1.1 : 1 / 1.1, e.clientX, e.clientY);
    },
    { passive: false },
  );
  document.addEventListener("keydown", (e) => {
    const typing = ["TEXTAREA", "INPUT", "SELECT"].includes(e.target.tagName);
    if (!(e.ctrlKey || e.metaKey) || typing) return;
    const k = e.key.toLowerCase();
    if ((k === "z" && e.shiftKey) || k === "y") {
      e.preventDefault();
      redo();
    } else if (k === "z") {
      e.preventDefault();
      undo();
    }
  });
  document.addEventListener("dragover", (e) => e.preventDefault());
  document.addEventListener("drop", (e) => {
    e.preventDefault();
    const f = e.dataTransfer?.files?.[0];
    if (f) openFile(f);
  });
  document.addEventListener("visibilitychange", () => {
    if (document.hidden) {
      pauseTimer();
      save();
    } else if (st.mode === "play" && !st.play.solved) startTimer();
  });
  window.addEventListener("pagehide", save);
  // Refit the board when its area changes size, unless zoomed by hand.
  let size = "";
  new ResizeObserver(() => {
    const s = wrap.clientWidth + "x" + wrap.clientHeight;
    if (s !== size) {
      size = s;
      if (!st.zoom) fitZoom();
    }
  }).observe(wrap);

  const restored = loadSaved();
  $("time-limit").value = String(st.settings.timeLimit);
  $("safe-colours").checked = st.settings.safe;
  $("show-differ").checked = st.settings.showDiffer;
  $("show-open").checked = st.settings.showOpen;
  designClues();
  if (!restored) setPlay(st.rows, st.cols, st.grid.map((r) => r.slice()));
  render();
  if (restored) {
    say("Your board from last time is back", false);
    if (st.mode === "design") analyze();
    else playStarted();
  }
  openLink().then(async (opened) => {
    if (!opened && !restored && !location.hash) {
      const before = st.undo.length;
      await openExample(true);
      if (before === 0 && st.undo.length === 1) {
        // The blank canvas the page starts with is nothing to go back to.
        st.undo = [];
        $("undo").disabled = true;
        $("message-undo").hidden = true;
      }
    }
  });
}

init();
