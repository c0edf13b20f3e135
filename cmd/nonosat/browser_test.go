package main

import (
	"bytes"
	"context"
	"encoding/json"
	"fmt"
	"image"
	"image/color"
	"image/png"
	"io"
	"net"
	"net/http"
	"net/http/httptest"
	"os"
	"os/exec"
	"path/filepath"
	"strings"
	"sync/atomic"
	"testing"
	"time"

	"github.com/chromedp/cdproto/browser"
	"github.com/chromedp/cdproto/input"
	"github.com/chromedp/chromedp"
	"github.com/nonosat/nonosat/puzzle"
	"github.com/nonosat/nonosat/server"
	"github.com/nonosat/nonosat/solver"
)

// The browser test drives the page in a real Chromium (Debian's chromium
// package; .ci/run installs it) through the steps a user takes, and saves
// a screenshot of each, on a phone-sized and a desktop-sized window, in
// the test's temporary folder, or in $NONOSAT_SHOTS to keep them.

// chromiumPath finds the browser, or skips the test saying why.
func chromiumPath(t *testing.T) string {
	t.Helper()
	for _, name := range []string{"chromium", "chromium-browser", "google-chrome"} {
		if p, err := exec.LookPath(name); err == nil {
			return p
		}
	}
	t.Skip("no chromium on PATH (Debian: apt-get install chromium); the browser test needs one")
	return ""
}

// browserRun is one browser tab on the page, with where its screenshots
// and downloads go.
type browserRun struct {
	t     *testing.T
	ctx   context.Context
	shots string
	dl    string
	name  string // window kind, for screenshot names
	step  int
}

func (b *browserRun) do(actions ...chromedp.Action[chromedp.Void]) {
	b.t.Helper()
	if err := chromedp.Do(b.ctx, actions...); err != nil {
		b.t.Fatal(err)
	}
}

// eval runs a JavaScript expression that yields a string.
func (b *browserRun) eval(js string) string {
	b.t.Helper()
	s, err := chromedp.Run(b.ctx, chromedp.Evaluate[string](js))
	if err != nil {
		b.t.Fatal(err)
	}
	return s
}

// shot saves a screenshot of the whole page as NN-window-what.png.
func (b *browserRun) shot(what string) {
	b.t.Helper()
	png, err := chromedp.Run(b.ctx, chromedp.FullScreenshot(100))
	if err != nil {
		b.t.Fatal(err)
	}
	b.step++
	name := filepath.Join(b.shots, fmt.Sprintf("%02d-%s-%s.png", b.step, b.name, what))
	if err := os.WriteFile(name, png, 0o666); err != nil {
		b.t.Fatal(err)
	}
}

// verdict waits for a verdict other than "pending" and returns its kind
// and text.
func (b *browserRun) verdict() (string, string) {
	b.t.Helper()
	b.do(chromedp.WaitVisible(chromedp.CSS(`#verdict:not([data-verdict="pending"]):not([data-verdict=""])`)))
	kind := b.eval(`document.getElementById("verdict").dataset.verdict`)
	text := b.eval(`document.getElementById("verdict").textContent`)
	return kind, text
}

func (b *browserRun) click(sel string) {
	b.t.Helper()
	b.do(chromedp.Click(chromedp.CSS(sel)))
}

func (b *browserRun) clickCell(r, c int) {
	b.t.Helper()
	b.click(fmt.Sprintf(`#board .cell[data-r="%d"][data-c="%d"]`, r, c))
}

// cells returns the cells that have class cls, as (row, column) pairs.
func (b *browserRun) cells(cls string) [][2]int {
	b.t.Helper()
	js := b.eval(fmt.Sprintf(`JSON.stringify([...document.querySelectorAll("#board .cell.%s")].map(e => [+e.dataset.r, +e.dataset.c]))`, cls))
	var out [][2]int
	if err := json.Unmarshal([]byte(js), &out); err != nil {
		b.t.Fatal(err)
	}
	return out
}

// picture reads the board's cells as a grid: colour 1 for black cells.
func (b *browserRun) picture(h, w int) puzzle.Grid {
	b.t.Helper()
	js := b.eval(`JSON.stringify([...document.querySelectorAll("#board .cell")].map(e => e.style.backgroundColor === "rgb(0, 0, 0)" ? 1 : 0))`)
	var flat []int
	if err := json.Unmarshal([]byte(js), &flat); err != nil || len(flat) != w*h {
		b.t.Fatalf("board has %d cells, want %dx%d (%v)", len(flat), w, h, err)
	}
	g := puzzle.NewGrid(h, w)
	for i, v := range flat {
		g[i/w][i%w] = puzzle.Color(v)
	}
	return g
}

// TestBrowser runs under -short too: make test, the quick gate, runs the
// tests with -short, and the page is part of what it checks.
func TestBrowser(t *testing.T) {
	exe := chromiumPath(t)
	worker, err := workerArgv()
	if err != nil {
		t.Fatal(err)
	}
	// While hold.slow is set, the server holds each analysis until the
	// test releases it and counts those whose client hangs up meanwhile:
	// the page must cancel a stale request when a newer edit comes.
	// The server is set up as `nonosat serve` sets it up on loopback.
	ts := httptest.NewUnstartedServer(nil)
	srv := newServer(serverConfig{Worker: worker, Hosts: server.LoopbackHosts(ts.Listener.Addr().(*net.TCPAddr).Port)})
	var hold holdServer
	ts.Config.Handler = http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		if r.URL.Path == "/api/analyze" && hold.slow.Load() {
			// Read the body first, as the API does: only then does the
			// server watch the connection for the client hanging up.
			body, err := io.ReadAll(r.Body)
			if err != nil {
				return
			}
			r.Body = io.NopCloser(bytes.NewReader(body))
			select {
			case <-r.Context().Done():
				hold.cancelled.Add(1)
				return
			case <-hold.release:
			}
		}
		srv.ServeHTTP(w, r)
	})
	ts.Start()
	defer ts.Close()
	shots := os.Getenv("NONOSAT_SHOTS")
	if shots == "" {
		shots = t.TempDir()
	} else if err := os.MkdirAll(shots, 0o777); err != nil {
		t.Fatal(err)
	}
	t.Logf("screenshots in %s", shots)

	opts := []chromedp.ExecAllocatorOption{
		chromedp.ExecPath(exe),
		chromedp.Headless, chromedp.NoSandbox, chromedp.DisableGPU, chromedp.NoFirstRun,
		chromedp.Flag("disable-quic", true),
		chromedp.Flag("disable-background-networking", true),
		chromedp.Flag("disable-component-update", true),
		chromedp.Flag("disable-sync", true),
	}
	for _, win := range []struct {
		name string
		w, h int64
	}{{"phone", 390, 844}, {"wide", 1280, 900}} {
		t.Run(win.name, func(t *testing.T) {
			// A profile of its own: the page restores the board it
			// saved in the last one.
			actx, cancel := chromedp.NewExecAllocator(context.Background(), append(opts, chromedp.UserDataDir(t.TempDir()))...)
			defer cancel()
			ctx, cancel := chromedp.NewContext(actx)
			defer cancel()
			ctx, cancelT := context.WithTimeout(ctx, 60*time.Second)
			defer cancelT()
			b := &browserRun{t: t, ctx: ctx, shots: shots, dl: t.TempDir(), name: win.name}
			b.do(chromedp.EmulateViewport(win.w, win.h),
				chromedp.Func(func(ctx context.Context, _ *chromedp.Target) error {
					_, err := chromedp.CallBrowser(ctx, browser.SetDownloadBehavior, browser.SetDownloadBehaviorParams{
						Behavior: browser.SetDownloadBehaviorBehaviorAllow, DownloadPath: b.dl,
					})
					return err
				}),
				chromedp.Navigate(ts.URL))
			workbench(b)
			if win.name == "wide" {
				stale(b, &hold)
			}
		})
	}
}

// holdServer holds the analyses while slow is set, until release is
// closed, and counts those whose client hung up meanwhile.
type holdServer struct {
	slow      atomic.Bool
	release   chan struct{} // set before slow
	cancelled atomic.Int32
}

// stale paints two cells of a new canvas while the server holds the
// analyses: the page cancels the analysis of the first edit, and shows the
// verdict of the second once the server lets it through.
func stale(b *browserRun, hold *holdServer) {
	t := b.t
	b.do(chromedp.SetValue(chromedp.CSS("#width"), "5"), chromedp.SetValue(chromedp.CSS("#height"), "5"))
	b.click("#new")
	b.verdict()
	hold.release = make(chan struct{})
	hold.slow.Store(true)
	b.clickCell(0, 0)
	b.clickCell(0, 1)
	for i := 0; i < 100 && hold.cancelled.Load() == 0; i++ { // the server learns of it a moment later
		time.Sleep(100 * time.Millisecond)
	}
	hold.slow.Store(false)
	close(hold.release)
	kind, _ := b.verdict()
	if n := hold.cancelled.Load(); n != 1 || kind != "unique-line" {
		t.Errorf("the page cancelled %d analyses (want 1); verdict %s", n, kind)
	}
}

// openImage opens img through the page's file button as name.png and
// waits for the page to show its title.
func openImage(b *browserRun, img image.Image, name string) {
	b.t.Helper()
	file := filepath.Join(b.dl, name+".png")
	var buf bytes.Buffer
	if err := png.Encode(&buf, img); err != nil {
		b.t.Fatal(err)
	}
	if err := os.WriteFile(file, buf.Bytes(), 0o666); err != nil {
		b.t.Fatal(err)
	}
	b.do(chromedp.SetUploadFiles(chromedp.CSS("#file"), []string{file}))
	for range 100 {
		if b.eval(`document.getElementById("title").textContent`) == name {
			return
		}
		time.Sleep(100 * time.Millisecond)
	}
	b.t.Fatalf("%s.png did not open", name)
}

// workbench is the user's path through the page.
func workbench(b *browserRun) {
	t := b.t
	house, err := puzzle.ReadFile("../../examples/house.non")
	if err != nil {
		t.Fatal(err)
	}

	// The page opens the bundled house example: unique, line-solvable.
	kind, text := b.verdict()
	if kind != "unique-line" || !strings.Contains(text, "Unique") {
		t.Fatalf("house: verdict %s %q", kind, text)
	}
	if g := b.picture(10, 10); !g.Equal(house.Goal) {
		t.Fatalf("the board shows\n%v, the file's picture is\n%v", g, house.Goal)
	}
	b.shot("house")

	// Paint two cells: (0,0), then (1,1) makes the picture ambiguous.
	b.clickCell(0, 0)
	b.verdict()
	b.clickCell(1, 1)
	kind, text = b.verdict()
	if kind != "multiple" {
		t.Fatalf("after painting (0,0) and (1,1): verdict %s %q", kind, text)
	}
	edited := house.Goal.Clone()
	edited[0][0], edited[1][1] = 1, 1
	if g := b.picture(10, 10); !g.Equal(edited) {
		t.Fatalf("after painting, the board shows\n%v", g)
	}
	// The ringed cells are where a second solution differs: flipping them
	// in the picture gives another grid that satisfies the clues.
	differ := b.cells("differ")
	other := edited.Clone()
	for _, d := range differ {
		other[d[0]][d[1]] = 1 - other[d[0]][d[1]]
	}
	if len(differ) == 0 || puzzle.Check(puzzle.FromGrid(edited, nil), other) != nil {
		t.Errorf("ringed cells %v are not where a second solution differs", differ)
	}
	if open := b.cells("open"); len(open) < len(differ) {
		t.Errorf("%d open cells, fewer than the %d that differ", len(open), len(differ))
	}
	b.shot("multiple")

	// Suggest a fix: the ringed edit, made, gives the verdict it promises.
	b.click("#fix")
	kind, text = b.verdict()
	fixed := b.cells("fix")
	if kind != "fix" || len(fixed) == 0 {
		t.Fatalf("fix: verdict %s %q, %d cells ringed", kind, text, len(fixed))
	}
	made := edited.Clone()
	for _, f := range fixed {
		made[f[0]][f[1]] = 1 - made[f[0]][f[1]]
	}
	if res, err := solver.Solve(context.Background(), puzzle.FromGrid(made, nil), solver.Options{IgnoreGoal: true}); err != nil || !strings.Contains(text, "Then it is "+string(res.Verdict)) {
		t.Errorf("fix says %q; the edited picture is %s (%v)", text, res.Verdict, err)
	}
	b.shot("fix")

	// Undo twice: the picture and the verdict come back.
	b.click("#undo")
	b.verdict()
	b.click("#undo")
	if kind, _ = b.verdict(); kind != "unique-line" {
		t.Errorf("after undo: verdict %s", kind)
	}
	if g := b.picture(10, 10); !g.Equal(house.Goal) {
		t.Errorf("after undo the board shows\n%v", g)
	}

	// Export XML and read it back with the library.
	b.do(chromedp.SetValue(chromedp.CSS(`#export-kind`), "xml"))
	b.click("#export")
	p := waitDownload(b, "house.xml")
	if !sameClues(p, house) || !p.Goal.Equal(house.Goal) {
		t.Errorf("exported XML holds other clues or another picture")
	}

	// Play: fill one right and one wrong cell, check marks the wrong one.
	b.click("#mode-play")
	b.clickCell(0, 4) // black in the solution
	b.clickCell(0, 0) // white in the solution
	b.click("#check")
	if kind, _ = b.verdict(); kind != "mistakes" {
		t.Errorf("check: verdict %s", kind)
	}
	if m := b.cells("mistake"); len(m) != 1 || m[0] != [2]int{0, 0} {
		t.Errorf("mistakes marked at %v, want (0,0) only", m)
	}
	b.shot("play-check")

	// Hint: on the player's cells with the wrong one gone, the next
	// deduction lies on a highlighted line and agrees with the solution.
	b.clickCell(0, 0) // clears it
	b.click("#hint")
	kind, text = b.verdict()
	hinted := b.cells("hint")
	if kind != "hint" || len(hinted) == 0 {
		t.Fatalf("hint: verdict %s %q, %d cells ringed", kind, text, len(hinted))
	}
	if n := b.eval(`String(document.querySelectorAll(".rline.hl, .cline.hl").length)`); n == "0" {
		t.Errorf("hint %q: no clue highlighted", text)
	}
	for _, h := range hinted {
		if b.eval(fmt.Sprintf(`String(document.querySelector('.cell[data-r="%d"][data-c="%d"]').classList.contains("hl"))`, h[0], h[1])) != "true" {
			t.Errorf("hinted cell %v is not on the highlighted line", h)
		}
	}
	b.shot("play-hint")

	// A colour example: the clue chips take their block's colours.
	b.click("#mode-design")
	b.do(chromedp.SetValue(chromedp.CSS(`#example`), "flower.xml"))
	b.click("#example-open")
	var title string
	for range 50 {
		title = b.eval(`document.getElementById("title").textContent`)
		if title == "Flower" {
			break
		}
		time.Sleep(100 * time.Millisecond)
	}
	if kind, _ = b.verdict(); kind != "unique-line" || title != "Flower" {
		t.Errorf("flower: title %q, verdict %s", title, kind)
	}
	chips := b.eval(`JSON.stringify([...new Set([...document.querySelectorAll(".clue.chip")].map(e => e.style.backgroundColor))].sort())`)
	if chips != `["rgb(204, 0, 0)","rgb(255, 204, 0)","rgb(34, 136, 34)"]` {
		t.Errorf("clue colours %s", chips)
	}
	b.shot("flower")

	// A blank 5x5 canvas; drag across row 2 to paint it.
	b.do(chromedp.SetValue(chromedp.CSS("#width"), "5"), chromedp.SetValue(chromedp.CSS("#height"), "5"))
	b.click("#new")
	b.verdict()
	b.click(`#palette .swatch[data-index="1"]`)
	var from, to [2]float64
	pos := `(() => { const e = document.querySelector('#board .cell[data-r="2"][data-c="%d"]'); e.scrollIntoView({block: "center"}); const r = e.getBoundingClientRect(); return JSON.stringify([r.x + r.width / 2, r.y + r.height / 2]); })()`
	_ = json.Unmarshal([]byte(b.eval(fmt.Sprintf(pos, 0))), &from)
	_ = json.Unmarshal([]byte(b.eval(fmt.Sprintf(pos, 4))), &to)
	drag := []chromedp.Action[chromedp.Void]{chromedp.MouseEvent(input.DispatchMouseEventTypeMousePressed, from[0], from[1], chromedp.ButtonLeft)}
	for i := 1; i <= 8; i++ {
		x := from[0] + (to[0]-from[0])*float64(i)/8
		drag = append(drag, chromedp.MouseEvent(input.DispatchMouseEventTypeMouseMoved, x, from[1], chromedp.ButtonLeft))
	}
	b.do(append(drag, chromedp.MouseEvent(input.DispatchMouseEventTypeMouseReleased, to[0], to[1], chromedp.ButtonLeft))...)
	kind, _ = b.verdict()
	row := puzzle.NewGrid(5, 5)
	for c := range 5 {
		row[2][c] = 1
	}
	if g := b.picture(5, 5); kind != "unique-line" || !g.Equal(row) {
		t.Errorf("after dragging across row 2: verdict %s, board\n%v", kind, g)
	}
	b.shot("drag")

	// Add a colour (#cc0000, "red") and paint (0,0) with it: the cell
	// takes the colour, the verdict follows.
	b.do(chromedp.SetValue(chromedp.CSS("#color-rgb"), "#cc0000"), chromedp.SetValue(chromedp.CSS("#color-name"), "red"))
	b.click("#color-add")
	b.verdict()
	b.clickCell(0, 0)
	kind, _ = b.verdict()
	if got := b.eval(`document.querySelector('#board .cell[data-r="0"][data-c="0"]').style.backgroundColor`); got != "rgb(204, 0, 0)" || kind != "unique-line" {
		t.Errorf("painted (0,0) red: cell %s, verdict %s", got, kind)
	}
	b.shot("colour")

	// Paste a Tatham id without a picture: the page shows a solution
	// and the verdict for the clues.
	b.click("#paste-toggle")
	b.do(chromedp.SetValue(chromedp.CSS("#paste"), "2x2:1/1/1/1"))
	b.click("#paste-load")
	for range 50 {
		if kind, _ = b.verdict(); kind == "multiple" {
			break
		}
		time.Sleep(100 * time.Millisecond)
	}
	g := b.picture(2, 2)
	if kind != "multiple" || puzzle.Check(puzzle.New([][]int{{1}, {1}}, [][]int{{1}, {1}}), g) != nil {
		t.Errorf("pasted 2x2:1/1/1/1: verdict %s, board\n%v", kind, g)
	}
	b.shot("paste")

	// Open a 40x40 picture through the file button: the board shows it.
	pic := blobs(40, 40, 1, 3)
	img := image.NewGray(image.Rect(0, 0, 40, 40))
	for r, row := range pic {
		for c, v := range row {
			img.SetGray(c, r, color.Gray{Y: uint8(255 * (1 - v))})
		}
	}
	openImage(b, img, "blobs")
	kind, _ = b.verdict()
	if g := b.picture(40, 40); !g.Equal(pic) || kind == "error" {
		t.Errorf("opened blobs.png: verdict %s, board\n%v\nwant\n%v", kind, g, pic)
	}
	b.shot("picture")
}

// waitDownload waits for the browser to save name and reads the puzzle in
// it.
func waitDownload(b *browserRun, name string) *puzzle.Puzzle {
	b.t.Helper()
	path := filepath.Join(b.dl, name)
	for range 100 {
		if data, err := os.ReadFile(path); err == nil && len(data) > 0 {
			p, err := puzzle.Decode(strings.NewReader(string(data)), puzzle.XML)
			if err != nil {
				b.t.Fatalf("%s: %v", name, err)
			}
			return p
		}
		time.Sleep(100 * time.Millisecond)
	}
	entries, _ := os.ReadDir(b.dl)
	b.t.Fatalf("no %s downloaded (folder holds %v)", name, entries)
	return nil
}
