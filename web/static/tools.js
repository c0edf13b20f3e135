// The designer's drawing tools, as functions on grids (grid[r][c], palette
// indexes, 0 the background): shapes give the cells they cover, and the
// whole-picture edits return a new grid. None changes its arguments.

// lineCells is the cells of the straight line from (r0, c0) to (r1, c1)
// (Bresenham's).
export function lineCells(r0, c0, r1, c1) {
  const out = [];
  const dr = Math.abs(r1 - r0);
  const dc = Math.abs(c1 - c0);
  const sr = r0 < r1 ? 1 : -1;
  const sc = c0 < c1 ? 1 : -1;
  let err = dc - dr;
  let r = r0;
  let c = c0;
  for (;;) {
    out.push([r, c]);
    if (r === r1 && c === c1) break;
    const e2 = 2 * err;
    if (e2 > -dr) {
      err -= dr;
      c += sc;
    }
    if (e2 < dc) {
      err += dc;
      r += sr;
    }
  }
  return out;
}

// rectCells is the outline of the rectangle with corners (r0, c0) and
// (r1, c1), or the whole of it when filled.
export function rectCells(r0, c0, r1, c1, filled) {
  const out = [];
  const [ra, rb] = [Math.min(r0, r1), Math.max(r0, r1)];
  const [ca, cb] = [Math.min(c0, c1), Math.max(c0, c1)];
  for (let r = ra; r <= rb; r++) {
    for (let c = ca; c <= cb; c++) {
      if (filled || r === ra || r === rb || c === ca || c === cb) out.push([r, c]);
    }
  }
  return out;
}

// fillCells is the region of cells of (r, c)'s colour connected to it
// (four neighbours).
export function fillCells(grid, r, c) {
  const h = grid.length;
  const w = grid[0].length;
  const v = grid[r][c];
  const seen = new Uint8Array(h * w);
  const out = [];
  const stack = [[r, c]];
  seen[r * w + c] = 1;
  while (stack.length) {
    const [y, x] = stack.pop();
    out.push([y, x]);
    for (const [ny, nx] of [[y - 1, x], [y + 1, x], [y, x - 1], [y, x + 1]]) {
      if (ny < 0 || nx < 0 || ny >= h || nx >= w || seen[ny * w + nx] || grid[ny][nx] !== v) continue;
      seen[ny * w + nx] = 1;
      stack.push([ny, nx]);
    }
  }
  return out;
}

// mirror flips the picture left to right; flip, top to bottom.
export function mirror(grid) {
  return grid.map((row) => row.slice().reverse());
}

export function flip(grid) {
  return grid.slice().reverse().map((row) => row.slice());
}

// rotate turns the picture a quarter turn clockwise.
export function rotate(grid) {
  const h = grid.length;
  const w = grid[0].length;
  return Array.from({ length: w }, (_, r) => Array.from({ length: h }, (_, c) => grid[h - 1 - c][r]));
}

// invert swaps the background and colour v.
export function invert(grid, v) {
  return grid.map((row) => row.map((x) => (x === 0 ? v : x === v ? 0 : x)));
}

// shift moves the picture one cell (dr, dc), round the edges.
export function shift(grid, dr, dc) {
  const h = grid.length;
  const w = grid[0].length;
  return Array.from({ length: h }, (_, r) => Array.from({ length: w }, (_, c) => grid[(r - dr + h) % h][(c - dc + w) % w]));
}

// addLine adds a blank row or column at an edge ("top", "bottom",
// "left", "right"); removeLine removes the one there (a grid keeps at
// least one of each).
export function addLine(grid, edge) {
  const w = grid[0].length;
  switch (edge) {
    case "top":
      return [new Array(w).fill(0), ...grid.map((r) => r.slice())];
    case "bottom":
      return [...grid.map((r) => r.slice()), new Array(w).fill(0)];
    case "left":
      return grid.map((r) => [0, ...r]);
    default:
      return grid.map((r) => [...r, 0]);
  }
}

export function removeLine(grid, edge) {
  const h = grid.length;
  const w = grid[0].length;
  if ((edge === "top" || edge === "bottom") && h === 1) return null;
  if ((edge === "left" || edge === "right") && w === 1) return null;
  switch (edge) {
    case "top":
      return grid.slice(1).map((r) => r.slice());
    case "bottom":
      return grid.slice(0, -1).map((r) => r.slice());
    case "left":
      return grid.map((r) => r.slice(1));
    default:
      return grid.map((r) => r.slice(0, -1));
  }
}
