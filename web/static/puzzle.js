// The page's puzzle model and how it travels to the server. A design is a
// palette ([0] is the background; each {name, rgb: "#rrggbb", char}) and a
// grid of palette indexes, grid[r][c]. The server reads it as webpbn XML with
// a goal and no clues: the reader derives the clues from the goal.

// clueOf returns the blocks of one line as [length, colour] pairs.
export function clueOf(line) {
  const out = [];
  let run = 0;
  for (let i = 0; i <= line.length; i++) {
    const v = i < line.length ? line[i] : 0;
    if (run > 0 && v !== line[i - 1]) {
      out.push([run, line[i - 1]]);
      run = 0;
    }
    if (v !== 0) run++;
  }
  return out;
}

export function rowsOf(grid) {
  return grid.map(clueOf);
}

export function colsOf(grid, width) {
  const cols = [];
  for (let c = 0; c < width; c++) cols.push(clueOf(grid.map((row) => row[c])));
  return cols;
}

export function blankGrid(h, w, v = 0) {
  return Array.from({ length: h }, () => new Array(w).fill(v));
}

export function sameClues(a, b) {
  return JSON.stringify(a) === JSON.stringify(b);
}

const spareChars = "#abcdefghijklmnopqrstuvwxyz0123456789ABCDEFGHIJKLMNOPQRSTUVWYZ@$%&*+=?";

// freeChar is a grid character no swatch of the palette uses yet.
export function freeChar(palette) {
  const used = new Set(palette.map((s) => s.char));
  for (const ch of spareChars) if (!used.has(ch)) return ch;
  return "";
}

function xmlEscape(s) {
  return s.replace(/[<>&"']/g, (ch) => ({ "<": "&lt;", ">": "&gt;", "&": "&amp;", '"': "&quot;", "'": "&apos;" })[ch]);
}

// toXML writes the design as webpbn XML: the colours the grid uses (at
// least one besides the background, so that a blank canvas is black and
// white) and the goal.
export function toXML(title, palette, grid, author = "") {
  const used = new Set([0]);
  for (const row of grid) for (const v of row) used.add(v);
  if (used.size === 1) used.add(1);
  const names = new Set();
  const name = (i) => {
    let n = palette[i].name || "colour " + i;
    while (names.has(n)) n += " " + i;
    names.add(n);
    return n;
  };
  const lines = ['<?xml version="1.0"?>', "<puzzleset>"];
  const colors = [];
  const nameOf = [];
  for (let i = 0; i < palette.length; i++) {
    if (!used.has(i)) continue;
    nameOf[i] = name(i);
    colors.push(`<color name="${xmlEscape(nameOf[i])}" char="${xmlEscape(palette[i].char)}">${palette[i].rgb.slice(1)}</color>`);
  }
  const firstColor = [...used].filter((i) => i > 0).sort((a, b) => a - b)[0];
  lines.push(`<puzzle type="grid" defaultcolor="${xmlEscape(nameOf[firstColor])}" backgroundcolor="${xmlEscape(nameOf[0])}">`);
  if (title) lines.push(`<title>${xmlEscape(title)}</title>`);
  if (author) lines.push(`<author>${xmlEscape(author)}</author>`);
  lines.push(...colors, '<solution type="goal">', "<image>");
  for (const row of grid) lines.push("|" + row.map((v) => xmlEscape(palette[v].char)).join("") + "|");
  lines.push("</image>", "</solution>", "</puzzle>", "</puzzleset>", "");
  return lines.join("\n");
}

// cluesXML writes a puzzle given by its clues (rows and cols as [length,
// colour] pairs) as webpbn XML without a picture: what the page sends
// when the verdict or a hint must come from the puzzle's own clues (a
// file whose solution is not known, or the player's puzzle). Every colour
// the clues use is written, and at least one besides the background.
export function cluesXML(title, palette, rows, cols) {
  const used = new Set([0]);
  for (const line of [...rows, ...cols]) for (const [, c] of line) used.add(c);
  if (used.size === 1) used.add(1);
  const names = new Set();
  const nameOf = [];
  const lines = ['<?xml version="1.0"?>', "<puzzleset>"];
  const colors = [];
  for (let i = 0; i < palette.length; i++) {
    if (!used.has(i)) continue;
    let n = palette[i].name || "colour " + i;
    while (names.has(n)) n += " " + i;
    names.add(n);
    nameOf[i] = n;
    colors.push(`<color name="${xmlEscape(n)}" char="${xmlEscape(palette[i].char)}">${palette[i].rgb.slice(1)}</color>`);
  }
  const firstColor = [...used].filter((i) => i > 0).sort((a, b) => a - b)[0];
  lines.push(`<puzzle type="grid" defaultcolor="${xmlEscape(nameOf[firstColor])}" backgroundcolor="${xmlEscape(nameOf[0])}">`);
  if (title) lines.push(`<title>${xmlEscape(title)}</title>`);
  lines.push(...colors);
  for (const [typ, clues] of [["rows", rows], ["columns", cols]]) {
    lines.push(`<clues type="${typ}">`);
    for (const line of clues) lines.push("<line>" + line.map(([n, c]) => `<count color="${xmlEscape(nameOf[c])}">${n}</count>`).join("") + "</line>");
    lines.push("</clues>");
  }
  lines.push("</puzzle>", "</puzzleset>", "");
  return lines.join("\n");
}

// packGrid and unpackGrid store a grid compactly (autosave, undo): its
// values, which lie in -2..63, as the characters of a string.
export function packGrid(grid) {
  let s = "";
  for (const row of grid) for (const v of row) s += String.fromCharCode(v + 48);
  return { h: grid.length, w: grid[0]?.length || 0, s };
}

export function unpackGrid(g) {
  const out = [];
  for (let r = 0; r < g.h; r++) {
    const row = new Array(g.w);
    for (let c = 0; c < g.w; c++) row[c] = g.s.charCodeAt(r * g.w + c) - 48;
    out.push(row);
  }
  return out;
}

// fromServer turns the server's puzzle object (/api/parse, /api/make) into
// the page's: palette with "#rrggbb" colours, grid from the goal (or null).
export function fromServer(j) {
  const palette = j.palette.map((s, i) => ({ name: s.name || (i === 0 ? "white" : "colour " + i), rgb: s.rgb, char: s.char }));
  return { title: j.title || "", author: j.author || "", palette, rows: j.rows, cols: j.cols, grid: j.goal ? gridOf(j.goal, palette) : null, width: j.width, height: j.height };
}

// gridOf reads rows of palette characters.
export function gridOf(rows, palette) {
  const index = new Map(palette.map((s, i) => [s.char, i]));
  return rows.map((row) => [...row].map((ch) => index.get(ch) ?? 0));
}
