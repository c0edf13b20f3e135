//go:build !js

package main

import (
	"encoding/base64"
	"os"
	"slices"
	"strings"
	"testing"

	"github.com/chromedp/chromedp"
	"github.com/nonosat/nonosat/puzzle"
)

// The tests of what designers and players expect beyond the defects
// (issue 38's third list).

// link makes the page's Copy link and reads the puzzle in it.
func (p *page) linkPuzzle() *puzzle.Puzzle {
	p.t.Helper()
	p.js(`document.getElementById("link").value = ""; return "";`)
	p.click("[data-testid=copy-link]")
	p.waitFor(`document.getElementById("link").value !== ""`)
	url := p.js(`return document.getElementById("link").value;`)
	_, frag, ok := strings.Cut(url, "#p=")
	if !ok {
		p.t.Fatalf("Copy link made %q", url)
	}
	var text []byte
	if b, err := base64.RawURLEncoding.DecodeString(frag); err == nil && strings.Contains(string(b), "<") {
		text = b
	} else {
		text = []byte(frag)
	}
	pz, err := puzzle.Decode(strings.NewReader(string(text)), "")
	if err != nil {
		f, _ := puzzle.Detect("", text)
		if pz, err = puzzle.Decode(strings.NewReader(string(text)), f); err != nil {
			p.t.Fatalf("the link's puzzle %q: %v", text, err)
		}
	}
	return pz
}

// grid reads a picture given as rows of '#' and '.'.
func grid(rows ...string) puzzle.Grid {
	g := puzzle.NewGrid(len(rows), len(rows[0]))
	for r, row := range rows {
		for c, ch := range row {
			if ch == '#' {
				g[r][c] = 1
			}
		}
	}
	return g
}

// TestWorkbenchDrawingTools draws with the line, rectangle and fill tools,
// then mirrors, flips, rotates, inverts and shifts the picture and adds
// and removes lines at its edges; each time the board is compared with
// the picture worked out here.
func TestWorkbenchDrawingTools(t *testing.T) {
	p := openSite(t, "", 1280, 800)
	defer p.consoleErrors()
	p.waitFor(`document.getElementById("title").textContent !== ""`)
	p.newCanvas("6", "5")
	at := func(r, c int) [2]float64 {
		x, y := p.cellXY(r, c)
		return [2]float64{x, y}
	}
	step := func(what string, want puzzle.Grid) {
		t.Helper()
		p.verdict()
		if g := p.picture(); !g.Equal(want) {
			t.Fatalf("after %s the board shows\n%vwant\n%v", what, g, want)
		}
	}
	p.click("[data-testid=shape-line]")
	p.drag(at(0, 0), at(2, 5), at(3, 3)) // the line follows the pointer to its last cell
	step("a line from (0,0) to (3,3)", grid("#.....", ".#....", "..#...", "...#..", "......"))
	p.click("[data-testid=shape-rect]")
	p.drag(at(0, 3), at(2, 5))
	step("a rectangle from (0,3) to (2,5)", grid("#..###", ".#.#.#", "..####", "...#..", "......"))
	p.click("[data-testid=shape-fill]")
	p.clickCell(4, 0)
	g := grid("#..###", "##.#.#", "######", "######", "######")
	step("a fill from (4,0)", g)

	// Whole-picture edits, worked out here cell by cell.
	h, w := len(g), len(g[0])
	picture := func(h, w int, f func(r, c int) puzzle.Color) puzzle.Grid {
		out := puzzle.NewGrid(h, w)
		for r := range h {
			for c := range w {
				out[r][c] = f(r, c)
			}
		}
		return out
	}
	for _, op := range []struct {
		id   string
		edit func(g puzzle.Grid) puzzle.Grid
	}{
		{"op-mirror", func(g puzzle.Grid) puzzle.Grid {
			return picture(h, w, func(r, c int) puzzle.Color { return g[r][w-1-c] })
		}},
		{"op-flip", func(g puzzle.Grid) puzzle.Grid {
			return picture(h, w, func(r, c int) puzzle.Color { return g[h-1-r][c] })
		}},
		{"op-invert", func(g puzzle.Grid) puzzle.Grid {
			return picture(h, w, func(r, c int) puzzle.Color { return 1 - g[r][c] })
		}},
		{"op-right", func(g puzzle.Grid) puzzle.Grid {
			return picture(h, w, func(r, c int) puzzle.Color { return g[r][(c+w-1)%w] })
		}},
		{"op-up", func(g puzzle.Grid) puzzle.Grid {
			return picture(h, w, func(r, c int) puzzle.Color { return g[(r+1)%h][c] })
		}},
		{"op-rotate", func(g puzzle.Grid) puzzle.Grid {
			return picture(w, h, func(r, c int) puzzle.Color { return g[h-1-c][r] })
		}},
	} {
		p.click("[data-testid=" + op.id + "]")
		g = op.edit(g)
		h, w = len(g), len(g[0])
		step(op.id, g)
	}

	// A blank column at the right, then the top row removed.
	p.do(chromedp.SetValue(chromedp.CSS("[data-testid=edge]"), "right"))
	p.click("[data-testid=edge-add]")
	g = picture(h, w+1, func(r, c int) puzzle.Color {
		if c == w {
			return 0
		}
		return g[r][c]
	})
	h, w = len(g), len(g[0])
	step("a column added at the right", g)
	p.do(chromedp.SetValue(chromedp.CSS("[data-testid=edge]"), "top"))
	p.click("[data-testid=edge-remove]")
	g = g[1:]
	step("the top row removed", g)

	// Undo goes back through them, one at a time.
	p.click("#undo")
	p.click("#undo")
	p.verdict()
	if got := p.picture(); len(got) != 6 || len(got[0]) != 5 {
		t.Errorf("two undos later the board is %dx%d, want 5 wide and 6 high", len(got[0]), len(got))
	}
}

// TestWorkbenchDesignerFields: the title and author go into the puzzle
// the page shares; colours are added, renamed, recoloured and reordered,
// and a colour equal to another or to the background is refused.
func TestWorkbenchDesignerFields(t *testing.T) {
	p := openSite(t, "", 1280, 800)
	defer p.consoleErrors()
	p.waitFor(`document.getElementById("title").textContent !== ""`)
	p.newCanvas("4", "3")
	setInput := func(testid, v string) {
		t.Helper()
		p.do(chromedp.SetValue(chromedp.CSS("[data-testid="+testid+"]"), v))
		p.js(`document.querySelector("[data-testid=` + testid + `]").dispatchEvent(new Event("change")); return "";`)
	}
	setInput("title-input", "Test card")
	setInput("author-input", "A. Designer")
	p.clickCell(0, 0) // black
	p.verdict()

	// A red colour; then black's colour and white's are refused.
	addColour := func(rgb, name string) string {
		t.Helper()
		p.do(chromedp.SetValue(chromedp.CSS("[data-testid=color-rgb]"), rgb), chromedp.SetValue(chromedp.CSS("[data-testid=color-name]"), name))
		p.click("[data-testid=color-add]")
		p.settle()
		return p.text("#message")
	}
	addColour("#cc0000", "red")
	p.clickCell(1, 1) // red
	p.verdict()
	if msg := addColour("#000000", "ink"); !strings.Contains(msg, "Not added") {
		t.Errorf("adding black again: %q, want it refused", msg)
	}
	if msg := addColour("#ffffff", "paper"); !strings.Contains(msg, "Not added") {
		t.Errorf("adding the background's colour: %q, want it refused", msg)
	}
	// Rename red to "black": refused; to "crimson" at #990000: done.
	p.click("[data-testid=swatch-2]")
	p.do(chromedp.SetValue(chromedp.CSS("[data-testid=color-name]"), "black"))
	p.click("[data-testid=color-set]")
	if msg := p.text("#message"); !strings.Contains(msg, "Not changed") {
		t.Errorf("renaming red to black: %q, want it refused", msg)
	}
	p.do(chromedp.SetValue(chromedp.CSS("[data-testid=color-rgb]"), "#990000"), chromedp.SetValue(chromedp.CSS("[data-testid=color-name]"), "crimson"))
	p.click("[data-testid=color-set]")
	p.verdict()
	// Crimson before black.
	p.click("[data-testid=swatch-2]")
	p.click("[data-testid=color-earlier]")
	p.verdict()

	pz := p.linkPuzzle()
	if pz.Title != "Test card" || pz.Author != "A. Designer" {
		t.Errorf("the shared puzzle's title and author: %q, %q", pz.Title, pz.Author)
	}
	var names []string
	for _, s := range pz.Palette[1:] {
		names = append(names, s.Name+"="+s.RGB.String())
	}
	if got := strings.Join(names, " "); got != "crimson=#990000 black=#000000" {
		t.Errorf("the shared puzzle's colours: %s, want crimson then black", got)
	}
	if pz.Goal == nil || pz.Goal[0][0] != 2 || pz.Goal[1][1] != 1 {
		t.Errorf("the shared puzzle's picture:\n%v want (0,0) black and (1,1) crimson", pz.Goal)
	}

	// The title survives a reload.
	if err := chromedp.Do(p.Ctx, chromedp.Reload()); err != nil {
		t.Fatal(err)
	}
	if _, err := p.WaitAPI(); err != nil {
		t.Fatal(err)
	}
	p.waitFor(`document.getElementById("title").textContent === "Test card"`)
}

// TestWorkbenchMaps turns the ambiguity map (rings where two solutions
// differ) and the needs-guessing map (hatched cells) off and on.
func TestWorkbenchMaps(t *testing.T) {
	p := openSite(t, "#p=1:1:0:1:1:0:1:1-1:1:0:1:1:0:1:1", 1280, 800)
	defer p.consoleErrors()
	if kind, _ := p.verdict(); kind != "multiple" {
		t.Fatalf("three diagonals: verdict %s", kind)
	}
	differ, open := len(p.cellsWith("differ")), len(p.cellsWith("open"))
	if differ == 0 || open == 0 {
		t.Fatalf("three diagonals: %d cells ringed, %d hatched", differ, open)
	}
	for _, m := range []struct{ box, cls string }{{"show-differ", "differ"}, {"show-open", "open"}} {
		p.click("[data-testid=" + m.box + "]")
		if n := len(p.cellsWith(m.cls)); n != 0 {
			t.Errorf("with %s off, %d cells are %s", m.box, n, m.cls)
		}
		p.click("[data-testid=" + m.box + "]")
		if n := len(p.cellsWith(m.cls)); n == 0 {
			t.Errorf("with %s on again, no cell is %s", m.box, m.cls)
		}
	}
}

// TestWorkbenchPicker opens a file of two puzzles: the page offers them
// by title and opens the one chosen.
func TestWorkbenchPicker(t *testing.T) {
	p := openSite(t, "", 1280, 800)
	defer p.consoleErrors()
	p.waitFor(`document.getElementById("title").textContent !== ""`)
	two := `<?xml version="1.0"?>
<puzzleset>
<puzzle><title>Dot</title><clues type="rows"><line><count>1</count></line></clues><clues type="columns"><line><count>1</count></line></clues></puzzle>
<puzzle><title>Bar</title><clues type="rows"><line><count>2</count></line></clues><clues type="columns"><line><count>1</count></line><line><count>1</count></line></clues></puzzle>
</puzzleset>
`
	p.click("#paste-toggle")
	p.do(chromedp.SetValue(chromedp.CSS("#paste"), two))
	p.click("#paste-load")
	p.waitFor(`document.getElementById("title").textContent === "Dot"`)
	p.waitFor(`[...document.querySelectorAll("[data-testid=pick] option")].map((o) => o.textContent).join("|") === "1 of 2|2: Bar"`)
	p.do(chromedp.SetValue(chromedp.CSS("[data-testid=pick]"), "2"))
	p.js(`document.querySelector("[data-testid=pick]").dispatchEvent(new Event("change")); return "";`)
	p.waitFor(`document.getElementById("title").textContent === "Bar"`)
	if kind, _ := p.verdict(); !strings.HasPrefix(kind, "unique") || len(p.board()[0]) != 2 {
		t.Errorf("the second puzzle: verdict %s, %d columns", kind, len(p.board()[0]))
	}
}

// TestWorkbenchPlayer: the player's cells and time are kept per puzzle
// (back after opening another and coming back, and after a reload), the
// timer runs, hints speak of colours by name, the colour-blind palette
// draws other colours without changing the puzzle's, and the solved
// drawing exports under a name of its own.
func TestWorkbenchPlayer(t *testing.T) {
	flower, err := os.ReadFile("../examples/flower.xml")
	if err != nil {
		t.Fatal(err)
	}
	p := openSite(t, linkOf(string(flower)), 1280, 800)
	defer p.consoleErrors()
	p.waitFor(`document.getElementById("title").textContent === "Flower"`)
	p.verdict()
	p.click("#mode-play")

	// Hints in words: colour names, not the file's characters.
	p.click("#hint")
	kind, text := p.verdict()
	if kind != "hint" || !hasAny(text, "red", "yellow", "green") || hasAny(text, " r,", " g,", " y,", " r ", " g ", " y ") {
		t.Errorf("hint on the flower: %s %q; want colour names", kind, text)
	}

	// Fill one of the hint's cells.
	hinted := p.cellsWith("hint")
	p.clickCell(hinted[0][0], hinted[0][1])
	p.verdict()
	mine := p.board()
	p.waitFor(`/[1-9]$/.test(document.querySelector("[data-testid=timer]").textContent)`)

	// Another puzzle, then the flower again: the cells are back.
	p.openLink("#p=1:1-1:1")
	p.verdict()
	p.openLink(linkOf(string(flower)))
	p.waitFor(`document.getElementById("title").textContent === "Flower"`)
	p.settle()
	if got := p.board(); !sameBoard(got, mine) {
		t.Errorf("back on the flower, the player's cells are\n%v want\n%v", got, mine)
	}
	if err := chromedp.Do(p.Ctx, chromedp.Reload()); err != nil {
		t.Fatal(err)
	}
	if _, err := p.WaitAPI(); err != nil {
		t.Fatal(err)
	}
	p.waitFor(`document.body.dataset.mode === "play" && document.querySelectorAll("#board .cell").length === 80`)
	if got := p.board(); !sameBoard(got, mine) {
		t.Errorf("after a reload, the player's cells are\n%v want\n%v", got, mine)
	}
	if tm := p.text("[data-testid=timer]"); tm == "0:00" {
		t.Errorf("after a reload the timer shows %s", tm)
	}

	// Colour-blind safe colours: drawn, not written.
	p.click("#mode-design")
	p.verdict()
	before := p.board()
	p.click("[data-testid=safe-colours]")
	after := p.board()
	if sameBoard(before, after) {
		t.Errorf("the colour-blind palette drew the same colours")
	}
	var rgbs []string
	for _, s := range p.linkPuzzle().Palette {
		rgbs = append(rgbs, s.RGB.String())
	}
	slices.Sort(rgbs)
	if got := strings.Join(rgbs, " "); got != "#228822 #cc0000 #ffcc00 #ffffff" {
		t.Errorf("with the colour-blind palette shown, the shared puzzle's colours are %s", got)
	}

	// The solved drawing's file name differs from the puzzle's.
	names := map[string]string{}
	for _, kind := range []string{"svg", "svg+"} {
		p.do(chromedp.SetValue(chromedp.CSS("#export-kind"), kind))
		p.js(`window.__saved = ""; HTMLAnchorElement.prototype.click = function () { window.__saved = this.download; }; return "";`)
		p.click("#export")
		p.waitFor(`window.__saved !== ""`)
		names[kind] = p.js(`return window.__saved;`)
	}
	if names["svg"] == names["svg+"] {
		t.Errorf("the drawing and the solved drawing export as %q and %q", names["svg"], names["svg+"])
	}
}

// sameBoard compares two boards read by page.board.
func sameBoard(a, b [][]string) bool {
	if len(a) != len(b) {
		return false
	}
	for r := range a {
		if strings.Join(a[r], ",") != strings.Join(b[r], ",") {
			return false
		}
	}
	return true
}
