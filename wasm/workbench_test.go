//go:build !js

package main

import (
	"context"
	"encoding/base64"
	"encoding/json"
	"fmt"
	"strings"
	"time"

	"github.com/chromedp/cdproto/input"
	"github.com/chromedp/chromedp"
	"github.com/nonosat/nonosat/puzzle"
)

// The workbench tests drive the page as a user does: real mouse, touch
// and key events through Chromium, and the page's own controls (found by
// id or data-testid). Each opens a fresh browser profile, so that no
// autosaved board leaks from one test into another.

// do runs chromedp actions on the page, within 30 s (a selector that
// matches nothing would wait for ever).
func (p *page) do(actions ...chromedp.Action[chromedp.Void]) {
	p.t.Helper()
	ctx, cancel := context.WithTimeout(p.Ctx, 30*time.Second)
	defer cancel()
	if err := chromedp.Do(ctx, actions...); err != nil {
		p.t.Fatal(err)
	}
}

// js runs the body of an async function returning a string, failing the
// test on an error.
func (p *page) js(body string) string {
	p.t.Helper()
	out, err := p.eval(body)
	if err != nil {
		p.t.Fatalf("%v\nin: %s", err, body)
	}
	return out
}

// click clicks the element of CSS selector sel with the mouse, where it
// is on the screen (scrolled into view first).
func (p *page) click(sel string) {
	p.t.Helper()
	var xy [2]float64
	if err := json.Unmarshal([]byte(p.js(`const e = document.querySelector(`+jsString(sel)+`);
		if (!e) throw new Error("no element " + `+jsString(sel)+`);
		e.scrollIntoView({block: "nearest", inline: "nearest"});
		const r = e.getBoundingClientRect();
		return JSON.stringify([r.x + r.width / 2, r.y + r.height / 2]);`)), &xy); err != nil {
		p.t.Fatal(err)
	}
	p.do(chromedp.MouseClickXY(xy[0], xy[1]))
}

// cellXY is the middle of cell (r, c) of the board on the screen.
func (p *page) cellXY(r, c int) (x, y float64) {
	p.t.Helper()
	var xy [2]float64
	if err := json.Unmarshal([]byte(p.js(fmt.Sprintf(`const e = document.querySelector('#board .cell[data-r="%d"][data-c="%d"]');
		if (!e) throw new Error("no cell %d,%d");
		const r = e.getBoundingClientRect();
		return JSON.stringify([r.x + r.width / 2, r.y + r.height / 2]);`, r, c, r, c))), &xy); err != nil {
		p.t.Fatal(err)
	}
	return xy[0], xy[1]
}

// clickCell clicks cell (r, c) (button: "left" or "right").
func (p *page) clickCell(r, c int, button ...string) {
	p.t.Helper()
	x, y := p.cellXY(r, c)
	opt := chromedp.ButtonLeft
	if len(button) > 0 && button[0] == "right" {
		opt = chromedp.ButtonRight
	}
	p.do(chromedp.MouseClickXY(x, y, opt))
}

// drag presses the left button at the first point, moves through the
// others in steps, and lets go at the last.
func (p *page) drag(points ...[2]float64) {
	p.t.Helper()
	acts := []chromedp.Action[chromedp.Void]{chromedp.MouseEvent(input.DispatchMouseEventTypeMousePressed, points[0][0], points[0][1], chromedp.ButtonLeft, chromedp.ClickCount(1))}
	for i := 1; i < len(points); i++ {
		a, b := points[i-1], points[i]
		for s := 1; s <= 4; s++ {
			f := float64(s) / 4
			acts = append(acts, chromedp.MouseEvent(input.DispatchMouseEventTypeMouseMoved, a[0]+(b[0]-a[0])*f, a[1]+(b[1]-a[1])*f, chromedp.ButtonLeft))
		}
	}
	last := points[len(points)-1]
	acts = append(acts, chromedp.MouseEvent(input.DispatchMouseEventTypeMouseReleased, last[0], last[1], chromedp.ButtonLeft, chromedp.ClickCount(1)))
	p.do(acts...)
}

// key sends key presses (chromedp's kb names: "\r", kb.ArrowUp, ...)
// with modifiers.
func (p *page) key(keys string, mods ...chromedp.Modifier) {
	p.t.Helper()
	p.do(chromedp.KeyEvent(keys, chromedp.KeyModifiers(mods...)))
}

// board reads the board's cells: the colour of each as "rgb(r, g, b)",
// "" where none is set.
func (p *page) board() [][]string {
	p.t.Helper()
	var g [][]string
	if err := json.Unmarshal([]byte(p.js(`const rows = [];
		for (const e of document.querySelectorAll("#board .cell")) {
			const r = +e.dataset.r;
			(rows[r] ||= [])[+e.dataset.c] = e.style.backgroundColor || "";
		}
		return JSON.stringify(rows);`)), &g); err != nil {
		p.t.Fatal(err)
	}
	return g
}

// picture reads a black and white board as a grid: 1 for black cells.
func (p *page) picture() puzzle.Grid {
	p.t.Helper()
	b := p.board()
	g := puzzle.NewGrid(len(b), len(b[0]))
	for r, row := range b {
		for c, v := range row {
			if v == "rgb(0, 0, 0)" {
				g[r][c] = 1
			}
		}
	}
	return g
}

// cellsWith answers the cells whose class list has cls, as [r, c].
func (p *page) cellsWith(cls string) [][2]int {
	p.t.Helper()
	var out [][2]int
	if err := json.Unmarshal([]byte(p.js(`return JSON.stringify([...document.querySelectorAll("#board .cell.`+cls+`")].map((e) => [+e.dataset.r, +e.dataset.c]));`)), &out); err != nil {
		p.t.Fatal(err)
	}
	return out
}

// text answers the text of the element of selector sel.
func (p *page) text(sel string) string {
	p.t.Helper()
	return p.js(`const e = document.querySelector(` + jsString(sel) + `); return e ? e.textContent : "";`)
}

// waitFor waits until the JavaScript condition cond holds (within 30 s).
func (p *page) waitFor(cond string) {
	p.t.Helper()
	p.js(`const t0 = Date.now();
		while (!(` + cond + `)) {
			if (Date.now() - t0 > 30000) throw new Error("waited 30 s for " + ` + jsString(cond) + `);
			await new Promise((r) => setTimeout(r, 20));
		}
		return "";`)
}

// settle waits until the page is idle: no verdict pending, and the
// board drawn (two animation frames).
func (p *page) settle() {
	p.t.Helper()
	p.waitFor(`!["pending"].includes(document.getElementById("verdict").dataset.verdict)`)
	p.frames()
}

// frames waits for two animation frames: the board drawn.
func (p *page) frames() {
	p.t.Helper()
	p.js(`await new Promise((r) => requestAnimationFrame(() => requestAnimationFrame(r))); return "";`)
}

// openLink opens a #p= link in the page as a user pasting it would.
func (p *page) openLink(hash string) {
	p.t.Helper()
	p.js(`document.getElementById("verdict").dataset.verdict = "pending"; location.hash = ` + jsString(hash) + `; return "";`)
}

// linkOf is the #p= link of a puzzle file's text.
func linkOf(text string) string {
	return "#p=" + base64.RawURLEncoding.EncodeToString([]byte(text))
}

// hasAny says whether s contains any of subs.
func hasAny(s string, subs ...string) bool {
	for _, x := range subs {
		if strings.Contains(s, x) {
			return true
		}
	}
	return false
}
