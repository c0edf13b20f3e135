// Drawing the board: the cells, and the clues in two gutters that stay in
// view while the board scrolls (sticky), laid out as a printed nonogram
// (row clues right-aligned to the left, column clues bottom-aligned on
// top, a thick line every five cells).
//
// The board is built once per puzzle shape (build) and then changed in
// place: a painted cell updates that cell and the clues of its row and
// column, nothing else (a 200×200 board has 40,000 cells: rebuilding them
// took 1.9 s per stroke). The gutters' sizes are fixed while a stroke
// runs (freeze), so that the cells never move under the pointer; hit
// tests use the geometry of the cells, not the element under the point.
// Colours are set through the CSSOM, which the Content-Security-Policy
// allows (inline style attributes it does not).

export const UNKNOWN = -1; // play mode: a cell the player has not touched
export const EMPTY = -2; // play mode: a cell the player marked empty

// The marks a cell can carry, each a class of its own.
const MARKS = ["open", "differ", "mistake", "hint", "fix"];

// textOn returns black or white, whichever reads better on rgb.
export function textOn(rgb) {
  const n = parseInt(rgb.slice(1), 16);
  const y = 0.299 * (n >> 16) + 0.587 * ((n >> 8) & 255) + 0.114 * (n & 255);
  return y > 150 ? "#000" : "#fff";
}

// slotsOf is the number of clue slots the longest clue of lines needs.
function slotsOf(lines) {
  let n = 1;
  for (const l of lines) n = Math.max(n, l.length);
  return n;
}

export class Board {
  // wrap is the scroll container the board lives in.
  constructor(wrap) {
    this.wrap = wrap;
    this.el = document.createElement("div");
    this.el.className = "board";
    this.el.id = "board";
    wrap.replaceChildren(this.el);
    this.h = 0;
    this.w = 0;
    this.cell = 24;
    this.frozen = false;
    this.slots = [1, 1]; // row gutter, column gutter (in slots of one cell)
    this.marks = {}; // kind → Set of cell indexes
    this.lines = new Set(); // "row:3" / "col:5" highlighted
    this.cursor = -1;
  }

  // build makes the board for v (see the fields below) from scratch.
  //   v.rows, v.cols: clues as [length, colour] pairs
  //   v.palette: swatches ({name, rgb}); v.cells[r][c]: a palette index,
  //     UNKNOWN or EMPTY
  // with cells zoom pixels wide, or (zoom 0) as large as fit in the wrap.
  build(v, zoom = 0) {
    this.h = v.rows.length;
    this.w = v.cols.length;
    this.palette = v.palette;
    this.bw = v.palette.length === 2;
    this.rowClues = v.rows.slice();
    this.colClues = v.cols.slice();
    this.vals = new Int8Array(this.h * this.w);
    this.slots = [slotsOf(v.rows), slotsOf(v.cols)];
    this.marks = {};
    this.lines = new Set();
    this.cursor = -1;
    // The old board goes first: measuring the wrap then takes no layout
    // of its cells, and the new one is laid out once, at its size.
    this.el.replaceChildren();
    this.el.style.setProperty("--w", String(this.w));
    this.sizeGutters();
    this.setCellSize(zoom || this.fitCell());

    const corner = div("corner");
    const cols = div("cols");
    const rows = div("rows");
    const cells = div("cells");
    cells.setAttribute("role", "grid");
    cells.setAttribute("aria-rowcount", String(this.h));
    cells.setAttribute("aria-colcount", String(this.w));
    cells.tabIndex = 0;
    cells.dataset.testid = "grid";
    this.cellsEl = cells;
    this.colsEl = cols;
    this.rowsEl = rows;
    this.colEls = v.cols.map((b, c) => {
      const d = div("cline");
      d.dataset.col = String(c);
      cols.append(d);
      return d;
    });
    this.rowEls = v.rows.map((b, r) => {
      const d = div("rline");
      d.dataset.row = String(r);
      rows.append(d);
      return d;
    });
    this.cellEls = new Array(this.h * this.w);
    for (let r = 0; r < this.h; r++) {
      const row = div("crow");
      row.setAttribute("role", "row");
      row.setAttribute("aria-rowindex", String(r + 1));
      for (let c = 0; c < this.w; c++) {
        const d = document.createElement("div");
        d.dataset.r = String(r);
        d.dataset.c = String(c);
        d.setAttribute("role", "gridcell");
        this.cellEls[r * this.w + c] = d;
        row.append(d);
      }
      cells.append(row);
    }
    this.bandR = div("band band-r");
    this.bandC = div("band band-c");
    this.bandR.hidden = this.bandC.hidden = true;
    cells.append(this.bandR, this.bandC);
    this.el.replaceChildren(corner, cols, rows, cells);
    this.rowClues.forEach((b, r) => this.fillClue(this.rowEls[r], b));
    this.colClues.forEach((b, c) => this.fillClue(this.colEls[c], b));
    for (let r = 0; r < this.h; r++) {
      for (let c = 0; c < this.w; c++) {
        const i = r * this.w + c;
        this.vals[i] = v.cells[r][c];
        this.paintCell(i);
      }
    }
    this.sizeGutters();
  }

  // same says whether the board was built for a puzzle of this shape and
  // palette (then set* calls are enough).
  same(h, w, palette) {
    return this.h === h && this.w === w && this.palette === palette;
  }

  fillClue(el, blocks) {
    const list = blocks.length ? blocks : [[0, 0]];
    el.replaceChildren(
      ...list.map(([len, color]) => {
        const s = document.createElement("span");
        s.className = "clue" + (len === 0 ? " zero" : "");
        s.textContent = String(len);
        if (len > 0 && !this.bw) {
          const rgb = this.palette[color]?.rgb || "#000000";
          s.classList.add("chip");
          s.style.backgroundColor = rgb;
          s.style.color = textOn(rgb);
        }
        return s;
      }),
    );
    el.setAttribute("aria-label", (el.dataset.row ? "row " + (Number(el.dataset.row) + 1) : "column " + (Number(el.dataset.col) + 1)) + " clue " + (blocks.length ? blocks.map(([n]) => n).join(" ") : "0"));
  }

  // setCell shows value v in cell (r, c).
  setCell(r, c, v) {
    const i = r * this.w + c;
    if (this.vals[i] === v) return;
    this.vals[i] = v;
    this.paintCell(i);
  }

  // setRowClue and setColClue show a line's clue; the gutter grows when
  // it needs more slots, unless frozen (then after unfreeze).
  setRowClue(r, blocks) {
    if (sameBlocks(this.rowClues[r], blocks)) return;
    this.rowClues[r] = blocks;
    this.fillClue(this.rowEls[r], blocks);
    if (blocks.length > this.slots[0] && !this.frozen) this.sizeGutters();
  }

  setColClue(c, blocks) {
    if (sameBlocks(this.colClues[c], blocks)) return;
    this.colClues[c] = blocks;
    this.fillClue(this.colEls[c], blocks);
    if (blocks.length > this.slots[1] && !this.frozen) this.sizeGutters();
  }

  // freeze keeps the gutters' sizes (and so the cells' places) until
  // unfreeze, which fits them to the clues again.
  freeze() {
    this.frozen = true;
  }

  unfreeze() {
    this.frozen = false;
    this.sizeGutters();
  }

  // sizeGutters fits the gutters to the clues. They only grow while a
  // puzzle is open, so that the board does not jump back and forth as
  // lines gain and lose blocks.
  sizeGutters() {
    const rs = Math.max(this.slots[0], slotsOf(this.rowClues));
    const cs = Math.max(this.slots[1], slotsOf(this.colClues));
    this.slots = [rs, cs];
    this.el.style.setProperty("--rs", String(rs));
    this.el.style.setProperty("--cs", String(cs));
  }

  // fitCell is the cell size in pixels at which the whole board fits in
  // the wrap, within [min, max].
  fitCell(min = 14, max = 64) {
    const aw = this.wrap.clientWidth - 4;
    // On a phone the area grows with the board up to its max-height;
    // elsewhere it has a height of its own.
    const mh = parseFloat(getComputedStyle(this.wrap).maxHeight);
    const ah = (Number.isFinite(mh) ? mh : this.wrap.clientHeight) - 4;
    // A clue slot is 0.8 of a cell wide in the row gutter, 0.72 high in
    // the column gutter (style.css).
    const n = Math.floor(Math.min(aw / (this.w + 0.8 * this.slots[0]), ah > 80 ? ah / (this.h + 0.72 * this.slots[1]) : Infinity));
    return Math.max(min, Math.min(max, n));
  }

  // setCellSize sets the cell size in pixels.
  setCellSize(px) {
    this.cell = px;
    this.el.style.setProperty("--cell", px + "px");
  }

  // paintCell sets the class and colour of cell i from its value, its
  // marks, the highlighted lines and the cursor.
  paintCell(i) {
    const d = this.cellEls[i];
    const r = Math.floor(i / this.w);
    const c = i - r * this.w;
    const v = this.vals[i];
    let cls = "cell";
    if ((c + 1) % 5 === 0 || c === this.w - 1) cls += " x5";
    if ((r + 1) % 5 === 0 || r === this.h - 1) cls += " y5";
    if (c === 0) cls += " x0";
    if (r === 0) cls += " y0";
    if (v === EMPTY) cls += " empty";
    else if (v === UNKNOWN) cls += " unknown";
    for (const k of MARKS) if (this.marks[k]?.has(i)) cls += " " + k;
    if (this.lines.has("row:" + r) || this.lines.has("col:" + c)) cls += " hl";
    if (i === this.cursor) cls += " cursor";
    if (d.className !== cls) d.className = cls;
    const bg = v >= 0 ? this.palette[v]?.rgb || "" : "";
    if (d.dataset.bg !== bg) {
      d.dataset.bg = bg;
      d.style.backgroundColor = bg;
    }
  }

  // setMarks replaces the marks: {kind: Set of "r,c" keys}. Only the
  // cells whose marks change are touched.
  setMarks(m) {
    const next = {};
    const touched = new Set();
    for (const k of MARKS) {
      next[k] = new Set();
      for (const key of m?.[k] || []) {
        const [r, c] = key.split(",").map(Number);
        if (r >= 0 && r < this.h && c >= 0 && c < this.w) next[k].add(r * this.w + c);
      }
      for (const i of this.marks[k] || []) if (!next[k].has(i)) touched.add(i);
      for (const i of next[k]) if (!this.marks[k]?.has(i)) touched.add(i);
    }
    this.marks = next;
    for (const i of touched) this.paintCell(i);
  }

  // setLines highlights lines ("row:3", "col:5") and their clues.
  setLines(lines) {
    const old = this.lines;
    this.lines = new Set(lines);
    const touched = new Set();
    for (const key of new Set([...old, ...this.lines])) {
      if (old.has(key) === this.lines.has(key)) continue;
      const [kind, n] = key.split(":");
      const k = Number(n);
      if (kind === "row" && k < this.h) {
        this.rowEls[k].classList.toggle("hl", this.lines.has(key));
        for (let c = 0; c < this.w; c++) touched.add(k * this.w + c);
      } else if (kind === "col" && k < this.w) {
        this.colEls[k].classList.toggle("hl", this.lines.has(key));
        for (let r = 0; r < this.h; r++) touched.add(r * this.w + k);
      }
    }
    for (const i of touched) this.paintCell(i);
  }

  // setCursor moves the keyboard cursor to (r, c) (-1: none).
  setCursor(r, c) {
    const old = this.cursor;
    this.cursor = r < 0 ? -1 : r * this.w + c;
    if (old >= 0) {
      this.cellEls[old].removeAttribute("id");
      this.paintCell(old);
    }
    if (this.cursor >= 0) {
      const d = this.cellEls[this.cursor];
      d.id = "cursor-cell";
      this.paintCell(this.cursor);
      this.cellsEl.setAttribute("aria-activedescendant", d.id);
      this.focusLine(r, c);
    } else {
      this.cellsEl.removeAttribute("aria-activedescendant");
    }
  }

  // label gives the cursor's cell its words for screen readers.
  label(r, c, text) {
    if (r >= 0 && r < this.h && c >= 0 && c < this.w) this.cellEls[r * this.w + c].setAttribute("aria-label", text);
  }

  // focusLine shows the current row and column: a light band over each
  // and their clues marked (-1: none).
  focusLine(r, c) {
    const show = r >= 0 && c >= 0 && r < this.h && c < this.w;
    this.bandR.hidden = this.bandC.hidden = !show;
    for (const el of this.el.querySelectorAll(".cur")) el.classList.remove("cur");
    if (!show) return;
    this.bandR.style.top = `calc(var(--cell) * ${r})`;
    this.bandC.style.left = `calc(var(--cell) * ${c})`;
    this.rowEls[r].classList.add("cur");
    this.colEls[c].classList.add("cur");
  }

  // cellAt returns [r, c] of the cell under the client point, or null:
  // from the geometry of the cells (the gutters' sticky parts cover
  // cells and count as outside).
  cellAt(x, y) {
    if (!this.cellsEl) return null;
    const rect = this.cellsEl.getBoundingClientRect();
    const wr = this.wrap.getBoundingClientRect();
    const left = Math.max(rect.left, wr.left + this.rowsEl.offsetWidth);
    const top = Math.max(rect.top, wr.top + this.colsEl.offsetHeight);
    if (x < left || y < top || x >= Math.min(rect.right, wr.right) || y >= Math.min(rect.bottom, wr.bottom)) return null;
    const step = rect.width / this.w;
    const c = Math.floor((x - rect.left) / step);
    const r = Math.floor((y - rect.top) / (rect.height / this.h));
    if (r < 0 || c < 0 || r >= this.h || c >= this.w) return null;
    return [r, c];
  }

  // cellRect is where cell (r, c) is on the screen.
  cellRect(r, c) {
    return this.cellEls[r * this.w + c].getBoundingClientRect();
  }

  // scrollToCell brings cell (r, c) into view, outside the sticky gutters.
  scrollToCell(r, c) {
    const wr = this.wrap.getBoundingClientRect();
    const cr = this.cellRect(r, c);
    const left = wr.left + this.rowsEl.offsetWidth;
    const top = wr.top + this.colsEl.offsetHeight;
    if (cr.left < left) this.wrap.scrollLeft -= left - cr.left;
    else if (cr.right > wr.left + this.wrap.clientWidth) this.wrap.scrollLeft += cr.right - (wr.left + this.wrap.clientWidth);
    if (cr.top < top) this.wrap.scrollTop -= top - cr.top;
    else if (cr.bottom > wr.top + this.wrap.clientHeight) this.wrap.scrollTop += cr.bottom - (wr.top + this.wrap.clientHeight);
  }
}

function div(cls) {
  const d = document.createElement("div");
  d.className = cls;
  return d;
}

function sameBlocks(a, b) {
  if (!a || a.length !== b.length) return false;
  for (let i = 0; i < a.length; i++) if (a[i][0] !== b[i][0] || a[i][1] !== b[i][1]) return false;
  return true;
}
