//go:build !js

package main

import (
	"context"
	"encoding/json"
	"errors"
	"os"
	"slices"
	"strings"
	"testing"

	"github.com/chromedp/chromedp"
	"github.com/nonosat/nonosat/api"
	"github.com/nonosat/nonosat/design"
	"github.com/nonosat/nonosat/internal/randpuzzle"
	"github.com/nonosat/nonosat/puzzle"
)

// The tests of the defects of issue 38's "wrong or lost" list, one each.
// Each failed on the page before its fix.

// verdicts are the kinds of verdict the page shows for a puzzle.
var verdicts = []string{"unique", "unique-line", "unique-lookahead", "unique-guess", "multiple", "none", "timeout"}

// newCanvas starts a blank w×h canvas through the page's controls.
func (p *page) newCanvas(w, h string) {
	p.t.Helper()
	p.do(chromedp.SetValue(chromedp.CSS("#width"), w), chromedp.SetValue(chromedp.CSS("#height"), h))
	p.click("#new")
	p.waitFor(`document.querySelectorAll("#board .cell").length === ` + w + `*` + h)
	p.verdict()
}

// TestWorkbenchStrokeStaysPut drags across cells whose painting makes the
// row's and the columns' clues longer: the gutters must not grow under the
// pointer, so that the stroke paints exactly the cells it crossed.
func TestWorkbenchStrokeStaysPut(t *testing.T) {
	p := openSite(t, "", 1280, 800)
	defer p.consoleErrors()
	p.waitFor(`document.getElementById("title").textContent !== ""`)
	p.newCanvas("15", "15")
	at := func(r, c int) [2]float64 {
		x, y := p.cellXY(r, c)
		return [2]float64{x, y}
	}
	p.drag(at(2, 0), at(2, 2))
	p.verdict()
	p.drag(at(0, 9), at(0, 13))
	p.verdict()
	// Row 2 gains a second block, columns 9 to 13 a second one each: the
	// points are where the cells were when the stroke began.
	p.drag(at(2, 9), at(2, 10), at(2, 11), at(2, 12), at(2, 13))
	p.verdict()
	want := puzzle.NewGrid(15, 15)
	for _, c := range []int{0, 1, 2, 9, 10, 11, 12, 13} {
		want[2][c] = 1
	}
	for c := 9; c <= 13; c++ {
		want[0][c] = 1
	}
	if g := p.picture(); !g.Equal(want) {
		t.Errorf("after the strokes the board shows\n%vwant\n%v", g, want)
	}
}

// TestWorkbenchUnknownSolution opens puzzles whose solution the page does
// not know (there is none; the time limit comes first): the verdict and
// the hints come from the puzzle's clues, not from a blank picture.
func TestWorkbenchUnknownSolution(t *testing.T) {
	// Rows 2 and 0, columns 2 and 0: no solution.
	p := openSite(t, "#p=2:0-2:0", 1280, 800)
	defer p.consoleErrors()
	if kind, text := p.verdict(); kind != "none" {
		t.Errorf("#p=2:0-2:0 (no solution): verdict %s %q, want none", kind, text)
	}
	p.click("#mode-play")
	p.click("#hint")
	kind, text := p.verdict()
	msg := p.text("#message")
	if kind == "hint" || !strings.Contains(msg+text, "no solution") {
		t.Errorf("hint on a puzzle with no solution: verdict %s %q, message %q; want no hint and \"no solution\"", kind, text, msg)
	}

	// 20-Dom within a 2 s limit: no picture, verdict timeout; a hint is
	// the first step the clues give.
	p.click("#mode-design")
	p.do(chromedp.SetValue(chromedp.CSS("[data-testid=time-limit]"), "2"))
	p.js(`document.querySelector("[data-testid=time-limit]").dispatchEvent(new Event("change")); return "";`)
	dom := randpuzzle.Dom(20)
	p.openLink(linkOf(xmlText(t, dom)))
	p.waitFor(`document.getElementById("title").textContent.startsWith("20-Dom")`)
	if kind, text := p.verdict(); kind != "timeout" {
		t.Errorf("20-Dom within 2 s: verdict %s %q, want timeout", kind, text)
	}
	// Its hint needs a solution, which takes far longer than 2 s: the
	// page says so, and gives no hint (the blank picture's was "row 1,
	// clue 0").
	p.click("#mode-play")
	p.click("#hint")
	kind, text = p.verdict()
	if msg := p.text("#message"); kind == "hint" || !strings.Contains(msg, "time limit") {
		t.Errorf("hint on 20-Dom within 2 s: verdict %s %q, message %q; want no hint, and the time limit named", kind, text, msg)
	}
}

func cmpCell(a, b [2]int) int {
	if a[0] != b[0] {
		return a[0] - b[0]
	}
	return a[1] - b[1]
}

// TestWorkbenchFreshState opens a puzzle after a hint: nothing of the
// previous puzzle (hint text, highlighted lines, rings) stays.
func TestWorkbenchFreshState(t *testing.T) {
	p := openSite(t, "", 1280, 800)
	defer p.consoleErrors()
	p.waitFor(`document.getElementById("title").textContent !== ""`)
	p.click("#mode-play")
	p.clickCell(0, 0) // white in the house: a mistake
	p.click("#hint")
	if kind, text := p.verdict(); kind != "mistakes" {
		t.Fatalf("hint on the house with a wrong cell: verdict %s %q", kind, text)
	}
	marked := `document.querySelectorAll("#board .hl, #board .hint, #board .mistake, #board .fix, #board .differ").length`
	if p.js(`return String(`+marked+`);`) == "0" {
		t.Fatal("the hint marked nothing")
	}
	p.do(chromedp.SetValue(chromedp.CSS("#example"), "flower.xml"))
	p.click("#example-open")
	p.waitFor(`document.getElementById("title").textContent.startsWith("Flower")`)
	p.settle()
	if n := p.js(`return String(` + marked + `);`); n != "0" {
		t.Errorf("after opening the flower, %s marks of the house's hint stay", n)
	}
	if v := p.text("#verdict"); hasAny(v, "Hint", "mistake", "no solution has") {
		t.Errorf("after opening the flower the verdict still says %q", v)
	}
}

// TestWorkbenchBadInput opens what is not a puzzle: the page shows the
// reader's error (the native engine's message) and no verdict, and reads
// text art only when asked. The paste box's example is a puzzle.
func TestWorkbenchBadInput(t *testing.T) {
	svc := api.New(config)
	native := func(text string) string {
		_, err := svc.Call(context.Background(), "parse", api.Request{Body: []byte(text)})
		var ae *api.Error
		if !errors.As(err, &ae) {
			t.Fatalf("native parse(%q) = %v, want an error", text, err)
		}
		return ae.Msg
	}
	// A link to a puzzle string that does not read: a letter in a clue.
	bad := "3:2,x-1,2:3"
	p := openSite(t, "#p="+bad, 1280, 800)
	defer p.consoleErrors()
	kind, text := p.verdict()
	if msg, want := p.text("#message"), native(bad); !strings.Contains(msg, want) || slices.Contains(verdicts, kind) {
		t.Errorf("#p=%s: message %q, verdict %s %q; want the reader's %q and no verdict", bad, msg, kind, text, want)
	}

	// The example the paste box shows reads as a puzzle; the one it
	// showed had a clue longer than its line, a puzzle with no solution
	// (as the CLI says).
	old := "3:2,1-1,2:3"
	if v, err := p.checkIn(old, `{}`); err != nil || v != "none" {
		t.Errorf("check(%q) = %q, %v; want none", old, v, err)
	}
	ph := p.js(`return document.getElementById("paste").placeholder;`)
	if strings.Contains(ph, old) {
		t.Errorf("the paste box still shows %s as an example: %q", old, ph)
	}
	for _, ex := range examplesIn(ph) {
		if _, err := p.checkIn(ex, `{}`); err != nil {
			t.Errorf("the paste box's example %q: %v", ex, err)
		}
	}

	// Open the house, then paste what is not a puzzle: the house stays.
	p.do(chromedp.SetValue(chromedp.CSS("#example"), "house.non"))
	p.click("#example-open")
	p.waitFor(`document.getElementById("title").textContent.startsWith("House")`)
	p.verdict()
	house := p.picture()
	flower, err := os.ReadFile("../examples/flower.xml")
	if err != nil {
		t.Fatal(err)
	}
	p.click("#paste-toggle")
	for _, text := range []string{"hello world", string(flower[:len(flower)/2])} {
		p.do(chromedp.SetValue(chromedp.CSS("#paste"), text))
		p.js(`document.getElementById("verdict").dataset.verdict = "pending"; return "";`)
		p.click("#paste-load")
		kind, vtext := p.verdict()
		msg := p.text("#message")
		if want := native(text); !strings.Contains(msg, want) || slices.Contains(verdicts, kind) {
			t.Errorf("paste %.30q: message %q, verdict %s %q; want the reader's %q and no verdict", text, msg, kind, vtext, want)
		}
		if g := p.picture(); !g.Equal(house) {
			t.Errorf("paste %.30q replaced the house by\n%v", text, g)
		}
	}

	// Text art when asked.
	p.do(chromedp.SetValue(chromedp.CSS("[data-testid=read-as]"), "art"))
	p.do(chromedp.SetValue(chromedp.CSS("#paste"), "#.\n.#\n"))
	p.click("#paste-load")
	p.waitFor(`document.querySelectorAll("#board .cell").length === 4`)
	if kind, text := p.verdict(); kind != "multiple" {
		t.Errorf("text art #./.#: verdict %s %q, want multiple", kind, text)
	}
}

// examplesIn finds the examples in parentheses in a placeholder text.
func examplesIn(s string) []string {
	var out []string
	for {
		i := strings.Index(s, "(")
		if i < 0 {
			return out
		}
		j := strings.Index(s[i:], ")")
		if j < 0 {
			return out
		}
		out = append(out, s[i+1:i+j])
		s = s[i+j+1:]
	}
}

// TestWorkbenchKeepsWork: a reload brings the board back, opening another
// puzzle can be undone, and redo (Ctrl-Y, Ctrl-Shift-Z) redoes.
func TestWorkbenchKeepsWork(t *testing.T) {
	p := openSite(t, "", 1280, 800)
	defer p.consoleErrors()
	p.waitFor(`document.getElementById("title").textContent.startsWith("House")`)
	p.verdict()
	p.clickCell(0, 0)
	p.verdict()
	edited := p.picture()
	if edited[0][0] != 1 {
		t.Fatal("painting (0,0) did not paint it")
	}
	if err := chromedp.Do(p.Ctx, chromedp.Reload()); err != nil {
		t.Fatal(err)
	}
	if _, err := p.WaitAPI(); err != nil {
		t.Fatal(err)
	}
	p.waitFor(`document.querySelectorAll("#board .cell").length === 100`)
	p.verdict()
	if g := p.picture(); !g.Equal(edited) {
		t.Errorf("after a reload the board shows\n%vwant the edited house\n%v", g, edited)
	}

	p.do(chromedp.SetValue(chromedp.CSS("#example"), "flower.xml"))
	p.click("#example-open")
	p.waitFor(`document.getElementById("title").textContent.startsWith("Flower")`)
	p.verdict()
	p.click("#undo")
	p.waitFor(`document.getElementById("title").textContent.startsWith("House")`)
	p.verdict()
	if g := p.picture(); !g.Equal(edited) {
		t.Errorf("Undo after opening the flower shows\n%vwant the edited house\n%v", g, edited)
	}
	for _, redo := range []chromedp.Modifier{chromedp.ModifierCtrl, chromedp.ModifierCtrl | chromedp.ModifierShift} {
		p.js(`document.activeElement?.blur(); return "";`)
		if redo&chromedp.ModifierShift != 0 {
			p.key("z", redo)
		} else {
			p.key("y", redo)
		}
		p.waitFor(`document.getElementById("title").textContent.startsWith("Flower")`)
		p.key("z", chromedp.ModifierCtrl)
		p.waitFor(`document.getElementById("title").textContent.startsWith("House")`)
	}
}

// TestWorkbenchCheckSeveralSolutions: on a puzzle with two solutions, a
// cell that one of them has is no mistake, whichever the page drew.
func TestWorkbenchCheckSeveralSolutions(t *testing.T) {
	p := openSite(t, "#p=1:1-1:1", 1280, 800)
	defer p.consoleErrors()
	if kind, _ := p.verdict(); kind != "multiple" {
		t.Fatalf("the 2x2 diagonal: verdict %s", kind)
	}
	p.click("#mode-play")
	for _, c := range []int{0, 1} {
		p.clickCell(0, c)
		p.click("#check")
		kind, text := p.verdict()
		if kind != "ok" || len(p.cellsWith("mistake")) > 0 {
			t.Errorf("check with (0,%d) filled, which a solution has: verdict %s %q, mistakes %v", c, kind, text, p.cellsWith("mistake"))
		}
		p.clickCell(0, c) // clears it again
	}
	// A real mistake: both cells of row 0.
	p.clickCell(0, 0)
	p.clickCell(0, 1)
	p.click("#check")
	if kind, text := p.verdict(); kind != "mistakes" {
		t.Errorf("check with row 0 full (no solution has it): verdict %s %q", kind, text)
	}
}

// TestWorkbenchFix: nothing to fix on a puzzle that is unique and line
// logic solves; on one no edit makes unique, it says so and how many
// cells the best leaves open; Apply makes the edit, and the verdict
// after it is the one the suggestion promised; Apply until unique goes on
// until it is.
func TestWorkbenchFix(t *testing.T) {
	p := openSite(t, "", 1280, 800)
	defer p.consoleErrors()
	p.waitFor(`document.getElementById("title").textContent.startsWith("House")`)
	p.verdict()
	p.click("#fix")
	if kind, text := p.verdict(); !strings.Contains(text, "Nothing to fix") || len(p.cellsWith("fix")) > 0 {
		t.Errorf("fix on the house (unique, line logic solves it): %s %q, %d cells ringed", kind, text, len(p.cellsWith("fix")))
	}

	// Three separate 2×2 diagonals: no edit of one or two cells helps.
	p.openLink("#p=1:1:0:1:1:0:1:1-1:1:0:1:1:0:1:1")
	if kind, _ := p.verdict(); kind != "multiple" {
		t.Fatalf("three diagonals: verdict %s", kind)
	}
	p.click("#fix")
	_, text := p.verdict()
	if !strings.Contains(text, "No edit of one or two cells makes it unique") || !strings.Contains(text, "16 cells open") || strings.Contains(text, "makes it multiple") {
		t.Errorf("fix on three diagonals: %q; want no edit makes it unique, the best leaves 16 cells open", text)
	}
	p.click("[data-testid=fix-until]")
	p.waitFor(`document.getElementById("verdict").dataset.verdict.startsWith("unique")`)

	// The 2×2 diagonal: apply the suggestion; the verdict is what it said.
	p.openLink("#p=1:1-1:1")
	if kind, _ := p.verdict(); kind != "multiple" {
		t.Fatalf("the diagonal: verdict %s", kind)
	}
	before := p.picture()
	p.click("#fix")
	_, text = p.verdict()
	ringed := p.cellsWith("fix")
	if len(ringed) == 0 || !strings.Contains(text, "line logic alone solves it") {
		t.Fatalf("fix on the diagonal: %q, ringed %v", text, ringed)
	}
	p.click("[data-testid=fix-apply]")
	kind, vtext := p.verdict()
	after := p.picture()
	var changed [][2]int
	for r := range after {
		for c := range after[r] {
			if after[r][c] != before[r][c] {
				changed = append(changed, [2]int{r, c})
			}
		}
	}
	slices.SortFunc(changed, cmpCell)
	slices.SortFunc(ringed, cmpCell)
	if kind != "unique-line" || !slices.Equal(changed, ringed) {
		t.Errorf("after Apply: verdict %s %q, cells changed %v; want unique-line and the ringed %v", kind, vtext, changed, ringed)
	}
}

// TestWorkbenchGrade: the verdict names the grade in check --grade's
// words, and never says line logic solves a puzzle the grader rates
// lookahead.
func TestWorkbenchGrade(t *testing.T) {
	// Generated with nonosat generate --size 8x8 --unique --seed 1:
	// check --grade says grade 2: lookahead.
	const lookahead = "3,3:1,1,1:2,4:1,1:2,2,1:2,1:1,1,1:1,1,4-2,1:3,2:1,1,1,1:2,1:1,1,1:1,1,1,2:3,1,1:1,3,2"
	pz, err := puzzle.Decode(strings.NewReader(lookahead), puzzle.String)
	if err != nil {
		t.Fatal(err)
	}
	g, err := design.GradeOf(context.Background(), pz)
	if err != nil || g.Name != "lookahead" {
		t.Fatalf("the lookahead example grades %+v, %v", g, err)
	}
	p := openSite(t, "#p="+lookahead, 1280, 800)
	defer p.consoleErrors()
	kind, text := p.verdict()
	if !strings.Contains(text, "grade 2: lookahead") || strings.Contains(text, "line logic solves it") || strings.Contains(text, "line logic alone solves it") {
		t.Errorf("a lookahead puzzle: verdict %s %q, want grade 2: lookahead", kind, text)
	}
	p.openLink("#p=2:2:3-1,1:3:2")
	if kind, text := p.verdict(); !strings.Contains(text, "grade 1: line") {
		t.Errorf("a line-solvable puzzle: verdict %s %q, want grade 1: line", kind, text)
	}
	var a struct {
		Grade struct{ Name string }
	}
	if err := json.Unmarshal([]byte(p.js(`return JSON.stringify(await window.nonosat.check(`+jsString(lookahead)+`));`)), &a); err != nil || a.Grade.Name != "lookahead" {
		t.Errorf("the API's grade of the lookahead example: %+v, %v", a, err)
	}
}
