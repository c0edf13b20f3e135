// Drawing the board: the clues and the cells on one CSS grid, laid out as a
// printed nonogram (row clues right-aligned to the left, column clues
// bottom-aligned on top, a thick line every five cells). Colours are set
// through the CSSOM, which the Content-Security-Policy allows (inline style
// attributes it does not).

export const UNKNOWN = -1; // play mode: a cell the player has not touched
export const EMPTY = -2; // play mode: a cell the player marked empty

// textOn returns black or white, whichever reads better on rgb.
function textOn(rgb) {
  const n = parseInt(rgb.slice(1), 16);
  const y = 0.299 * (n >> 16) + 0.587 * ((n >> 8) & 255) + 0.114 * (n & 255);
  return y > 150 ? "#000" : "#fff";
}

// draw fills board with the puzzle view:
//   v.rows, v.cols: clues as [length, colour] pairs
//   v.palette: swatches; v.cells[r][c]: a palette index, UNKNOWN or EMPTY
//   v.marks: {open, differ, mistake, hint, fix}: Sets of "r,c" keys;
//     v.lines: Set of "row:3" / "col:5" keys of highlighted lines
export function draw(board, wrap, v) {
  const h = v.rows.length;
  const w = v.cols.length;
  const slotsR = Math.max(1, ...v.rows.map((c) => c.length));
  const slotsC = Math.max(1, ...v.cols.map((c) => c.length));
  const avail = Math.max(200, wrap.clientWidth - 12);
  const cell = Math.max(16, Math.min(30, Math.floor(avail / (slotsR + w)))); // below 16 the clues are too small to read: the board scrolls instead
  board.style.setProperty("--cell", cell + "px");
  board.style.gridTemplateColumns = `repeat(${slotsR + w}, ${cell}px)`;
  board.style.gridTemplateRows = `repeat(${slotsC + h}, ${cell}px)`;
  const bw = v.palette.length === 2;
  const frag = document.createDocumentFragment();
  const lines = v.lines || new Set();

  const clue = (blocks, kind, index) => {
    const hl = lines.has(kind + ":" + index);
    const list = blocks.length ? blocks : [[0, 0]];
    const slots = kind === "row" ? slotsR : slotsC;
    list.forEach(([len, color], i) => {
      const d = document.createElement("div");
      d.className = "clue" + (len === 0 ? " zero" : "") + (hl ? " hl" : "");
      d.textContent = String(len);
      d.dataset[kind] = String(index);
      const at = slots - list.length + i + 1;
      if (kind === "row") {
        d.style.gridRow = String(slotsC + index + 1);
        d.style.gridColumn = String(at);
      } else {
        d.style.gridColumn = String(slotsR + index + 1);
        d.style.gridRow = String(at);
      }
      if (len > 0 && !bw) {
        const rgb = v.palette[color]?.rgb || "#000000";
        d.classList.add("chip");
        d.style.backgroundColor = rgb;
        d.style.color = textOn(rgb);
      }
      frag.append(d);
    });
  };
  v.rows.forEach((b, r) => clue(b, "row", r));
  v.cols.forEach((b, c) => clue(b, "col", c));

  const m = v.marks || {};
  for (let r = 0; r < h; r++) {
    for (let c = 0; c < w; c++) {
      const d = document.createElement("div");
      const key = r + "," + c;
      const val = v.cells[r][c];
      let cls = "cell";
      if ((c + 1) % 5 === 0 || c === w - 1) cls += " x5";
      if ((r + 1) % 5 === 0 || r === h - 1) cls += " y5";
      if (c === 0) cls += " x0";
      if (r === 0) cls += " y0";
      if (val === EMPTY) cls += " empty";
      if (m.open?.has(key)) cls += " open";
      if (m.differ?.has(key)) cls += " differ";
      if (m.mistake?.has(key)) cls += " mistake";
      if (m.hint?.has(key)) cls += " hint";
      if (m.fix?.has(key)) cls += " fix";
      if (lines.has("row:" + r) || lines.has("col:" + c)) cls += " hl";
      d.className = cls;
      d.dataset.r = String(r);
      d.dataset.c = String(c);
      d.style.gridRow = String(slotsC + r + 1);
      d.style.gridColumn = String(slotsR + c + 1);
      if (val >= 0) d.style.backgroundColor = v.palette[val].rgb;
      frag.append(d);
    }
  }
  board.replaceChildren(frag);
}

// cellAt returns [r, c] of the cell under the point, or null.
export function cellAt(x, y) {
  const el = document.elementFromPoint(x, y);
  if (!el || !el.classList.contains("cell")) return null;
  return [Number(el.dataset.r), Number(el.dataset.c)];
}
