// What the page says, in words: verdicts with the grade (the words of
// `check --grade`: grade 1 line, 2 lookahead, 3 guessing), suggested
// fixes, and hints with colour names instead of palette characters.

// verdictOf turns an analysis (the object check --json prints, with the
// cells of detail=1) into the verdict's kind and text. limit is the time
// limit in seconds (0: none).
export function verdictOf(a, limit) {
  switch (a.verdict) {
    case "unique": {
      const g = a.grade;
      if (!g) return ["unique", "Unique (no grade: the time limit came first)"];
      if (g.level === 1) return ["unique-line", "Unique, grade 1: line logic alone solves it"];
      if (g.level === 2) return ["unique-lookahead", "Unique, grade 2: lookahead (line logic alone leaves cells open; trying a colour and seeing a line fail settles them)"];
      const open = a.open?.length ?? g.open;
      return ["unique-guess", `Unique, grade 3: guessing (${open} cells stay open after line logic and lookahead: hatched)`];
    }
    case "multiple":
      return ["multiple", `Multiple solutions: ${a.differ?.length ?? 0} cells differ between two of them (ringed)`];
    case "none":
      return ["none", "No solution: the clues contradict each other"];
    case "timeout":
      return ["timeout", limit ? `Undecided within the time limit (${limit} s): no verdict` : "Undecided: no verdict"];
  }
  return [a.verdict, a.verdict];
}

// colourName names palette colour char ch in words ("empty" for the
// background).
export function colourName(palette, ch) {
  const i = palette.findIndex((s) => s.char === ch);
  if (i === 0) return "empty";
  if (i < 0) return ch;
  return palette[i].name || "colour " + i;
}

// ranges writes sorted numbers as "1, 3, 5–8".
export function ranges(ns) {
  const out = [];
  for (let i = 0; i < ns.length; ) {
    let j = i;
    while (j + 1 < ns.length && ns[j + 1] === ns[j] + 1) j++;
    out.push(j > i + 1 ? `${ns[i]}–${ns[j]}` : j === i + 1 ? `${ns[i]}, ${ns[j]}` : String(ns[i]));
    i = j + 1;
  }
  return out.join(", ");
}

// cellsText says which cells a step fixes, grouped by colour, along its
// line: "columns 1, 3–5 black; column 2 empty".
export function cellsText(cells, line, palette) {
  const isRow = /^row /.test(line || "");
  const isCol = /^column /.test(line || "");
  const byColour = new Map();
  for (const x of cells) {
    const k = colourName(palette, x.color);
    if (!byColour.has(k)) byColour.set(k, []);
    byColour.get(k).push(x);
  }
  const parts = [];
  for (const [name, xs] of byColour) {
    if (isRow) {
      const ns = xs.map((x) => x.col).sort((a, b) => a - b);
      parts.push(`${ns.length > 1 ? "columns" : "column"} ${ranges(ns)} ${name}`);
    } else if (isCol) {
      const ns = xs.map((x) => x.row).sort((a, b) => a - b);
      parts.push(`${ns.length > 1 ? "rows" : "row"} ${ranges(ns)} ${name}`);
    } else {
      parts.push(xs.map((x) => `row ${x.row}, column ${x.col}`).join("; ") + " " + name);
    }
  }
  return parts.join("; ");
}

// reasonText rewrites a hint's reason with colour names for the palette
// characters ("column 8 #" → "column 8 black"), and cuts the list of what
// the clue gives, which cellsText already says.
export function reasonText(reason, palette) {
  let s = reason.replace(/, every placement gives .*$/, "");
  s = s.replace(/(row \d+|column \d+|were|so it is) (\S)(?=[,;:\s]|$)/g, (m, what, ch) => {
    if (!palette.some((p) => p.char === ch)) return m;
    return `${what} ${colourName(palette, ch)}`;
  });
  return s;
}

// hintText is a hint in words: the line, the cells it fixes and why.
export function hintText(h, palette) {
  const line = h.line ? h.line[0].toUpperCase() + h.line.slice(1) : "A guess";
  return `${line}: ${cellsText(h.cells, h.line, palette)}. Why: ${reasonText(h.reason, palette)}`;
}

// fixText says what the best edit makes of the puzzle, and whether it is
// worth applying: [kind, text, useful].
export function fixText(best, palette, analysis) {
  const colour = (ch) => colourName(palette, ch);
  const what = best.cells.map((x) => `row ${x.row}, column ${x.col} to ${colour(x.color)}`).join(" and ");
  if (best.verdict === "unique") {
    if (best.open === 0) return [`Suggested fix (ringed green): ${what}. Then it is unique and line logic alone solves it`, true];
    if (analysis?.verdict === "unique") return [`No edit of one or two cells makes line logic alone solve it; the best (ringed green, ${what}) leaves ${best.open} cells open to line logic`, true];
    return [`Suggested fix (ringed green): ${what}. Then it is unique, though line logic alone leaves ${best.open} cells open`, true];
  }
  if (best.verdict === "timeout") return [`No edit of one or two cells was shown to make it unique within the time limit; the best (ringed green, ${what}) leaves ${best.open} cells open to line logic`, true];
  return [`No edit of one or two cells makes it unique; the best (ringed green, ${what}) leaves ${best.open} cells open to line logic`, true];
}

// clock writes milliseconds as m:ss (or h:mm:ss).
export function clock(ms) {
  const s = Math.floor(ms / 1000);
  const pad = (n) => String(n).padStart(2, "0");
  if (s >= 3600) return `${Math.floor(s / 3600)}:${pad(Math.floor(s / 60) % 60)}:${pad(s % 60)}`;
  return `${Math.floor(s / 60)}:${pad(s % 60)}`;
}

// The Okabe–Ito colours, which people with the common kinds of colour
// blindness tell apart: the page draws the puzzle's colours with them
// when asked (the puzzle keeps its own).
export const safeColours = ["#000000", "#e69f00", "#56b4e9", "#009e73", "#f0e442", "#0072b2", "#d55e00", "#cc79a7", "#999999"];
