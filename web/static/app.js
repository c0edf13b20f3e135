// The workbench page: state, controls and the calls that keep the verdict
// live. Design mode paints the picture (the goal) and asks /api/analyze after
// every stroke; play mode shows the clues only and checks the player's cells
// against the solution. Every text that came from a file or the server goes
// into the page through textContent, never as HTML.
import { call, callJSON, download, isAbort } from "./api.js";
import { draw, cellAt, UNKNOWN, EMPTY } from "./board.js";
import { blankGrid, colsOf, rowsOf, freeChar, fromServer, gridOf, sameClues, toXML } from "./puzzle.js";

const $ = (id) => document.getElementById(id);

const WHITE = { name: "white", rgb: "#ffffff", char: "." };
const BLACK = { name: "black", rgb: "#000000", char: "#" };

const st = {
  mode: "design",
  title: "",
  palette: [WHITE, BLACK],
  grid: blankGrid(15, 15),
  version: 0, // bumped by every design edit
  verdict: "", // of the picture as it is, once /api/analyze has said
  play: { rows: [], cols: [], solution: null, cells: [], version: -1 },
  brush: { design: 1, play: 1 },
  marks: {},
  lines: new Set(),
  undo: { design: [], play: [] },
  stroke: null,
};

const exportKinds = [
  ["xml", "XML (webpbn)"], ["non", ".non"], ["nin", ".nin"], ["mk", ".mk"], ["g", ".g"], ["cwd", ".cwd"], ["cwc", ".cwc"],
  ["taai", "TAAI"], ["tatham", "Tatham id"], ["text", "text"], ["string", "puzzle string"],
  ["svg", "SVG"], ["svg+", "SVG, solved"], ["png", "PNG"], ["png+", "PNG, solved"], ["cnf", "CNF (DIMACS)"], ["proof", "certificate (tar)"],
];

function say(msg) {
  $("message").textContent = msg;
}

function setVerdict(kind, text) {
  const v = $("verdict");
  v.dataset.verdict = kind;
  v.textContent = text;
}

// ---- drawing

function render() {
  const design = st.mode === "design";
  document.body.dataset.mode = st.mode;
  $("mode-design").classList.toggle("on", design);
  $("mode-play").classList.toggle("on", !design);
  $("mode-design").setAttribute("aria-pressed", String(design));
  $("mode-play").setAttribute("aria-pressed", String(!design));
  $("title").textContent = st.title;
  renderPalette();
  const v = design
    ? { rows: rowsOf(st.grid), cols: colsOf(st.grid, st.grid[0].length), cells: st.grid }
    : { rows: st.play.rows, cols: st.play.cols, cells: st.play.cells };
  draw($("board"), $("board-wrap"), { ...v, palette: st.palette, marks: st.marks, lines: st.lines });
}

function renderPalette() {
  const pal = $("palette");
  const items = st.palette.map((s, i) => [i, s]);
  if (st.mode === "play") {
    items.shift();
    items.push([EMPTY, { name: "mark empty", rgb: "#ffffff", char: "✕" }]);
  }
  const brush = st.brush[st.mode];
  pal.replaceChildren(
    ...items.map(([i, s]) => {
      const b = document.createElement("button");
      b.className = "swatch" + (i === EMPTY ? " x" : "");
      b.dataset.index = String(i);
      b.title = s.name;
      b.setAttribute("aria-label", s.name);
      b.setAttribute("aria-pressed", String(i === brush));
      b.style.backgroundColor = s.rgb;
      if (i === EMPTY) b.textContent = "✕";
      b.addEventListener("click", () => {
        st.brush[st.mode] = i;
        renderPalette();
      });
      return b;
    }),
  );
}

// ---- verdict

const verdictText = {
  unique: (a) => (a.line_solved ? ["unique-line", "Unique, and line logic solves it"] : ["unique-guess", `Unique, but needs guessing: line logic leaves ${a.open?.length ?? "some"} cells open (hatched)`]),
  multiple: (a) => ["multiple", `Multiple solutions: ${a.differ?.length ?? 0} cells differ between two of them (ringed)`],
  none: () => ["none", "No solution"],
  timeout: () => ["timeout", "Undecided within the server's time limit"],
};

async function analyze() {
  if (st.mode !== "design") return;
  const version = st.version;
  st.verdict = "";
  setVerdict("pending", "Checking…");
  try {
    const a = await callJSON("analyze", toXML(st.title, st.palette, st.grid), { detail: 1 }, "analyze");
    if (version !== st.version) return;
    const [kind, text] = (verdictText[a.verdict] || (() => [a.verdict, a.verdict]))(a);
    st.verdict = a.verdict;
    setVerdict(kind, `${text}. ${a.width}×${a.height}, ${a.stats.ms} ms`);
    st.marks = { open: keys(a.open), differ: keys(a.differ) };
    render();
  } catch (err) {
    if (isAbort(err)) return;
    setVerdict("error", "No verdict");
    say(err.message);
  }
}

function keys(cells) {
  return new Set((cells || []).map(([r, c]) => r - 1 + "," + (c - 1))); // the API counts from 1
}

// ---- editing

function snapshot() {
  if (st.mode === "design") {
    return { palette: st.palette.map((s) => ({ ...s })), grid: st.grid.map((r) => r.slice()), title: st.title };
  }
  return { cells: st.play.cells.map((r) => r.slice()) };
}

function pushUndo() {
  const u = st.undo[st.mode];
  u.push(snapshot());
  if (u.length > 200) u.shift();
}

function undo() {
  const s = st.undo[st.mode].pop();
  if (!s) return say("Nothing to undo");
  if (st.mode === "design") {
    Object.assign(st, { palette: s.palette, grid: s.grid, title: s.title });
    designChanged();
  } else {
    st.play.cells = s.cells;
    st.marks = {};
    render();
  }
}

function designChanged() {
  st.version++;
  st.marks = {};
  render();
  analyze();
}

function paint(r, c) {
  const cells = st.mode === "design" ? st.grid : st.play.cells;
  if (cells[r][c] === st.stroke.value) return false;
  cells[r][c] = st.stroke.value;
  st.marks.mistake?.delete(r + "," + c);
  return true;
}

function strokeStart(e) {
  const at = cellAt(e.clientX, e.clientY);
  if (!at) return;
  e.preventDefault();
  const [r, c] = at;
  const cells = st.mode === "design" ? st.grid : st.play.cells;
  let value = st.brush[st.mode];
  if (st.mode === "play" && e.button === 2) value = EMPTY;
  const clear = st.mode === "design" ? 0 : UNKNOWN;
  if (cells[r][c] === value) value = clear;
  pushUndo();
  st.stroke = { value };
  if (st.mode === "design") st.marks = {};
  else {
    delete st.marks.hint; // a hint is about the cells as they were
    st.lines = new Set();
  }
  paint(r, c);
  render();
}

function strokeMove(e) {
  if (!st.stroke) return;
  const at = cellAt(e.clientX, e.clientY);
  if (at && paint(at[0], at[1])) render();
}

function strokeEnd() {
  if (!st.stroke) return;
  st.stroke = null;
  if (st.mode === "design") designChanged();
}

// ---- opening

function setDesign(title, palette, grid) {
  Object.assign(st, { title, palette, grid });
  st.undo = { design: [], play: [] };
  st.brush = { design: Math.min(1, palette.length - 1), play: 1 };
  st.version++;
  resetPlay(rowsOf(grid), colsOf(grid, grid[0].length), grid);
}

function resetPlay(rows, cols, solution) {
  st.play = { rows, cols, solution, cells: blankGrid(rows.length, cols.length, UNKNOWN), version: st.version };
  st.undo.play = [];
}

// openPuzzle takes the server's puzzle object (j.__source: the file it
// came from). A file without a goal gets the solver's first solution as its
// picture; play mode keeps the file's own clues.
async function openPuzzle(j) {
  const p = fromServer(j);
  let grid = p.grid;
  let note = "";
  if (!grid) {
    const s = await callJSON("solve", j.__source, { max: 1 });
    if (s.solutions.length > 0) {
      grid = gridOf(s.solutions[0], p.palette);
      note = s.verdict === "unique" ? "" : ` (the file has no picture; showing one solution, verdict ${s.verdict})`;
    } else {
      grid = blankGrid(p.height, p.width);
      note = ` (verdict ${s.verdict}: no picture to show)`;
    }
  }
  setDesign(p.title, p.palette, grid);
  if (!sameClues(p.rows, st.play.rows) || !sameClues(p.cols, st.play.cols)) {
    resetPlay(p.rows, p.cols, p.grid);
  }
  say(`Opened ${p.title || "a puzzle"}, ${p.width}×${p.height}${note}`);
  render();
  analyze();
}

// openBytes opens a file's content: a picture through /api/make, anything
// else as a puzzle file, or failing that as text art. It says whether it
// opened something.
async function openBytes(buf, name, isImage) {
  say("Opening " + name + "…");
  const params = {};
  if ($("img-colors").value) params.colors = $("img-colors").value;
  if ($("img-size").value.trim()) params.size = $("img-size").value.trim();
  params.title = name.replace(/\.[^.]*$/, "");
  try {
    if (isImage) {
      await openPuzzle(await callJSON("make", buf, params));
      return true;
    }
    let j;
    try {
      j = await callJSON("parse", buf);
    } catch (err) {
      try {
        j = await callJSON("make", buf, params); // text art
      } catch {
        throw err;
      }
    }
    j.__source = buf;
    await openPuzzle(j);
    return true;
  } catch (err) {
    say(`${name}: ${err.message}`);
    return false;
  }
}

function openFile(file) {
  const isImage = /^image\//.test(file.type) || /\.(png|gif|jpe?g|pbm|pgm|ppm|pnm)$/i.test(file.name);
  file.arrayBuffer().then((buf) => openBytes(buf, file.name, isImage));
}

async function openExample() {
  const name = $("example").value;
  const res = await fetch("examples/" + encodeURIComponent(name));
  await openBytes(await res.arrayBuffer(), name, false);
}

function newCanvas(keep) {
  const w = Math.max(1, Math.min(200, Number($("width").value) || 15));
  const h = Math.max(1, Math.min(200, Number($("height").value) || 15));
  if (keep) {
    pushUndo();
    st.grid = Array.from({ length: h }, (_, r) => Array.from({ length: w }, (_, c) => st.grid[r]?.[c] ?? 0));
    return designChanged();
  }
  setDesign("", [{ ...WHITE }, { ...BLACK }], blankGrid(h, w));
  setMode("design");
  say(`New ${w}×${h} canvas`);
  designChanged();
}

// ---- palette

function addColor() {
  if (st.palette.length > 63) return say("At most 63 colours");
  const rgb = $("new-color").value;
  pushUndo();
  st.palette = [...st.palette, { name: "colour " + rgb.slice(1), rgb, char: freeChar(st.palette) }];
  st.brush.design = st.palette.length - 1;
  designChanged();
}

function removeColor() {
  const i = st.brush.design;
  if (i === 0 || st.palette.length <= 2) return say("Keep the background and at least one colour");
  pushUndo();
  st.palette = st.palette.filter((_, k) => k !== i);
  st.grid = st.grid.map((row) => row.map((v) => (v === i ? 0 : v > i ? v - 1 : v)));
  st.brush.design = 1;
  designChanged();
}

// ---- play

function setMode(mode) {
  if (mode === st.mode) return;
  st.mode = mode;
  st.marks = {};
  st.lines = new Set();
  if (mode === "play" && st.play.version !== st.version) {
    resetPlay(rowsOf(st.grid), colsOf(st.grid, st.grid[0].length), st.grid.map((r) => r.slice()));
  }
  if (mode === "play") setVerdict("play", "Play: fill the cells the clues ask for");
  render();
  if (mode === "design") analyze();
}

function checkPlay() {
  const { cells, solution, rows, cols } = st.play;
  const filled = cells.map((row) => row.map((v) => (v > 0 ? v : 0)));
  if (sameClues(rowsOf(filled), rows) && sameClues(colsOf(filled, cols.length), cols)) {
    st.marks = {};
    setVerdict("solved", "Solved: every clue is satisfied");
    return render();
  }
  if (!solution) return setVerdict("unknown", "No known solution to check against");
  const mistake = new Set();
  let left = 0;
  cells.forEach((row, r) =>
    row.forEach((v, c) => {
      const want = solution[r][c];
      if ((v >= 0 && v !== want) || (v === EMPTY && want !== 0)) mistake.add(r + "," + c);
      else if (v === UNKNOWN && want !== 0) left++;
    }),
  );
  st.marks = { mistake };
  if (mistake.size) setVerdict("mistakes", `${mistake.size} mistake${mistake.size > 1 ? "s" : ""} (marked)`);
  else setVerdict("ok", `No mistakes so far; ${left} cells still to fill`);
  render();
}

// ---- designer calls

// cellKeys turns the server's cells (rows and columns from 1) into keys.
function cellKeys(cells) {
  return new Set((cells || []).map((x) => x.row - 1 + "," + (x.col - 1)));
}

// lineKey turns "row 3" / "column 5" into the board's "row:2" / "col:4".
function lineKey(name) {
  const m = /^(row|column) (\d+)$/.exec(name || "");
  return m ? (m[1] === "row" ? "row:" : "col:") + (Number(m[2]) - 1) : "";
}

// hint asks for the next deduction on the player's cells and shows it: the
// cells it fixes ringed, its line highlighted, the reason in words, and
// any known cell that no solution has as a mistake.
async function hint() {
  const pic = st.play.solution || st.grid;
  const ch = (v) => (v === UNKNOWN ? "?" : st.palette[v === EMPTY ? 0 : v].char);
  const grid = st.play.cells.map((row) => row.map(ch).join("")).join("\n") + "\n"; // not "/": a palette may use it (the last new line: a grid of one row has one too)
  setVerdict("pending", "Thinking…");
  try {
    const h = await callJSON("hint", toXML(st.title, st.palette, pic), { grid }, "hint");
    st.marks = { hint: cellKeys(h.cells), mistake: cellKeys(h.mistakes) };
    st.lines = new Set([lineKey(h.line)].filter(Boolean));
    if (h.mistakes.length) setVerdict("mistakes", `${h.mistakes.length} cell${h.mistakes.length > 1 ? "s" : ""} no solution has (marked). Hint: ${h.reason}`);
    else if (!h.cells.length) setVerdict("solved", "Nothing left to deduce");
    else setVerdict("hint", `Hint, ${h.line}: ${h.reason}`);
    render();
  } catch (err) {
    if (isAbort(err)) return;
    setVerdict("error", "No hint");
    say(err.message);
  }
}

// fix asks for the best edits of the picture and rings the best one.
async function fix() {
  const version = st.version;
  setVerdict("pending", "Looking for a fix…");
  try {
    const r = await callJSON("fix", toXML(st.title, st.palette, st.grid), { best: 3 }, "fix");
    if (version !== st.version) return;
    if (!r.edits.length) {
      // A unique picture gets only edits that leave line logic less to do.
      setVerdict("fix", st.verdict === "unique" ? "Already unique: no edit of one or two cells makes it easier" : "No edit of one or two cells found");
      return;
    }
    const best = r.edits[0];
    st.marks = { ...st.marks, fix: cellKeys(best.cells) };
    const colour = (ch) => st.palette.find((s) => s.char === ch)?.name || ch;
    const what = best.cells.map((x) => `row ${x.row}, column ${x.col} to ${colour(x.color)}`).join(" and ");
    setVerdict("fix", `Suggested fix: ${what} makes it ${best.verdict}` + (best.open ? `, ${best.open} cells open to line logic` : ", line-solvable") + " (ringed green)");
    render();
  } catch (err) {
    if (isAbort(err)) return;
    setVerdict("error", "No fix");
    say(err.message);
  }
}

// ---- export

async function exportPuzzle() {
  const kind = $("export-kind").value;
  const xml = toXML(st.title, st.palette, st.grid);
  try {
    let res;
    if (kind === "cnf") res = await call("dimacs", xml);
    else if (kind === "proof") res = await call("proof", xml);
    else if (/^(svg|png)\+?$/.test(kind)) res = await call("render", xml, { to: kind.replace("+", ""), ...(kind.endsWith("+") ? { solution: 1 } : {}) });
    else res = await call("convert", xml, { to: kind });
    say("Exported " + (await download(res)));
  } catch (err) {
    say("Export: " + err.message);
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
    return false;
  }
  return openBytes(bytes, "the link's puzzle", false);
}

// copyLink copies a link that opens the puzzle on the board.
async function copyLink() {
  const xml = toXML(st.title, st.palette, st.grid);
  let frag;
  try {
    if (st.palette.length <= 2) {
      const s = (await (await call("convert", xml, { to: "string" })).text()).trim();
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
  $("file").addEventListener("change", (e) => e.target.files[0] && openFile(e.target.files[0]));
  $("example-open").addEventListener("click", openExample);
  $("paste-toggle").addEventListener("click", () => {
    const box = $("paste-box");
    box.hidden = !box.hidden;
    $("paste-toggle").setAttribute("aria-expanded", String(!box.hidden));
  });
  $("paste-load").addEventListener("click", async () => {
    if (await openBytes(new TextEncoder().encode($("paste").value), "pasted text", false)) $("paste-toggle").click();
  });
  $("new").addEventListener("click", () => newCanvas(false));
  $("resize").addEventListener("click", () => newCanvas(true));
  $("add-color").addEventListener("click", addColor);
  $("remove-color").addEventListener("click", removeColor);
  $("undo").addEventListener("click", undo);
  $("check").addEventListener("click", checkPlay);
  $("hint").addEventListener("click", hint);
  $("fix").addEventListener("click", fix);
  $("clear").addEventListener("click", () => {
    pushUndo();
    st.play.cells = blankGrid(st.play.rows.length, st.play.cols.length, UNKNOWN);
    st.marks = {};
    render();
  });
  $("export").addEventListener("click", exportPuzzle);
  $("copy-link").addEventListener("click", copyLink);
  window.addEventListener("hashchange", openLink);
  const board = $("board");
  board.addEventListener("pointerdown", strokeStart);
  window.addEventListener("pointermove", strokeMove);
  window.addEventListener("pointerup", strokeEnd);
  window.addEventListener("pointercancel", strokeEnd);
  board.addEventListener("contextmenu", (e) => e.preventDefault());
  document.addEventListener("keydown", (e) => {
    if ((e.ctrlKey || e.metaKey) && e.key === "z" && e.target.tagName !== "TEXTAREA" && e.target.tagName !== "INPUT") {
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
  // Redraw when the board's width changes (the cell size follows it),
  // not on every resize: a redraw replaces every cell.
  let width = $("board-wrap").clientWidth;
  window.addEventListener("resize", () => {
    if ($("board-wrap").clientWidth !== width) {
      width = $("board-wrap").clientWidth;
      render();
    }
  });
  openLink().then((opened) => opened || openExample());
}

init();
