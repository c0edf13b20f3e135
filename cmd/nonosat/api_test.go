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
	"math/rand/v2"
	"net"
	"net/http"
	"net/http/httptest"
	"strings"
	"sync"
	"testing"
	"time"

	"github.com/nonosat/nonosat/api"
	"github.com/nonosat/nonosat/report"
	"github.com/nonosat/nonosat/server"

	"github.com/nonosat/nonosat/puzzle"
)

// apiError decodes an error answer, failing unless it is JSON with a
// message.
func errorMessage(t *testing.T, hd http.Header, body []byte) string {
	t.Helper()
	var e struct{ Error string }
	if hd.Get("Content-Type") != "application/json" || json.Unmarshal(body, &e) != nil || e.Error == "" {
		t.Fatalf("not a JSON error: %s %s", hd.Get("Content-Type"), body)
	}
	return e.Error
}

// TestAPIBadInput: every bad request gets a JSON error with its status and
// a message that says what is wrong.
func TestAPIBadInput(t *testing.T) {
	url, _ := testServer(t, serverConfig{MaxBody: 64 << 10, MaxCells: 100 * 100})
	huge := "width 150\nheight 150\nrows\n" + strings.Repeat("1\n", 150) + "columns\n" + strings.Repeat("1\n", 150)
	for _, tc := range []struct {
		path, body string
		status     int
		msg        string
	}{
		{"/api/analyze", "", 400, "empty request"},
		{"/api/analyze", "\x00\x01garbage\xff", 400, "request:1:"},
		{"/api/analyze", "width 2\nheight 2\nrows\n1,0\n1\ncolumns\n1\n1\n", 400, "request:"},
		{"/api/analyze", "1 1\n2\n\n1\n1 x\n", 400, "(read as nin, the format guessed from the content; ?format=NAME chooses)"},
		{"/api/analyze?format=text", "1 1\n2\n\n1\n1 x\n", 400, `request:5: column 2: clue "x"`},
		{"/api/analyze?format=nope", "1-1", 400, "format"},
		{"/api/analyze?puzzle=3", "2x2:1/1/1/1\n", 400, "holds 1 puzzle"},
		{"/api/analyze", strings.Repeat("x", 65<<10), 413, "over 65536 bytes"},
		{"/api/analyze", huge, 413, "150x150 cells is too large"},
		{"/api/solve?max=0", "2x2:1/1/1/1", 400, "max="},
		{"/api/render?to=gif", "2x2:1/1/1/1", 400, "svg or png"},
		{"/api/render?solution=1", "3x3:/2//1.1//", 422, "no solution"},
		{"/api/convert?to=nope", "2x2:1/1/1/1", 400, "unknown format"},
		{"/api/convert", "2x2:1/1/1/1", 400, "to:"},
		{"/api/convert?to=nin", string(readTestFile(t, "../../examples/flower.xml")), 400, "black and white only"},
		{"/api/dimacs?block-goal=1", "2x2:1/1/1/1", 400, "no goal"},
		{"/api/make", "not a picture\x00", 400, "picture"},
		{"/api/make?size=0x0", "#.\n.#\n", 400, "size"},
		{"/api/nope", "2x2:1/1/1/1", 404, "no API call"},
		{"/api/hint?grid=xyz", "2x2:1/1/1/1", 400, "grid"},
		{"/api/hint", "3x3:/2//1.1//", 422, "no solution"},
		{"/api/fix?best=0", "2x2:1/1/1/1", 400, "best="},
	} {
		status, hd, body := post(t, url+tc.path, []byte(tc.body))
		msg := errorMessage(t, hd, body)
		if status != tc.status || !strings.Contains(msg, tc.msg) {
			t.Errorf("%s %.30q: %d %q, want %d and %q", tc.path, tc.body, status, msg, tc.status, tc.msg)
		}
	}
	res, err := http.Get(url + "/api/analyze")
	if err != nil {
		t.Fatal(err)
	}
	res.Body.Close()
	if res.StatusCode != http.StatusMethodNotAllowed || res.Header.Get("Allow") != "POST" {
		t.Errorf("GET /api/analyze: %d, Allow %q; want 405, Allow POST", res.StatusCode, res.Header.Get("Allow"))
	}
}

// TestAPISolveRenderConvert runs the other calls on the examples and checks
// their answers with independent readers: puzzle.Check, puzzle.Decode,
// image/png.
func TestAPISolveRenderConvert(t *testing.T) {
	url, _ := testServer(t, serverConfig{})
	flower := readTestFile(t, "../../examples/flower.xml")
	want := firstPuzzle(t, "../../examples/flower.xml")

	status, _, body := post(t, url+"/api/solve?max=5", []byte("2x2:1/1/1/1"))
	var j report.Result
	if err := json.Unmarshal(body, &j); status != 200 || err != nil || j.Verdict != "multiple" || len(j.Solutions) != 2 || !j.Complete {
		t.Fatalf("solve: %d %v %s", status, err, body)
	}
	bw := puzzle.New([][]int{{1}, {1}}, [][]int{{1}, {1}})
	for _, rows := range j.Solutions {
		if err := puzzle.Check(bw, parseRows(t, bw, rows)); err != nil {
			t.Error(err)
		}
	}

	status, _, body = post(t, url+"/api/parse", flower)
	var jp report.Puzzle
	if err := json.Unmarshal(body, &jp); status != 200 || err != nil {
		t.Fatalf("parse: %d %v %s", status, err, body)
	}
	if jp.Width != 8 || jp.Height != 10 || len(jp.Palette) != 4 || len(jp.Rows) != 10 || len(jp.Goal) != 10 {
		t.Errorf("parse: %s", body)
	}
	for r, clue := range want.Rows {
		for i, b := range clue {
			if jp.Rows[r][i] != [2]int{b.Len, int(b.Color)} {
				t.Errorf("row %d block %d: %v, file has %v", r, i, jp.Rows[r][i], b)
			}
		}
	}

	for _, to := range []puzzle.Format{puzzle.XML, puzzle.NON, puzzle.G, puzzle.CWC} {
		status, hd, body := post(t, url+"/api/convert?to="+string(to), flower)
		if status != 200 || !strings.Contains(hd.Get("Content-Disposition"), "flower"+to.Suffix()) {
			t.Fatalf("convert %s: %d %s %s", to, status, hd.Get("Content-Disposition"), body)
		}
		got, err := puzzle.Decode(bytes.NewReader(body), to)
		if err != nil {
			t.Fatalf("convert %s: %v", to, err)
		}
		if !sameClues(got, want) {
			t.Errorf("convert %s: clues changed", to)
		}
	}

	status, hd, body := post(t, url+"/api/render?to=png&solution=1&cell=10", flower)
	if status != 200 || hd.Get("Content-Type") != "image/png" {
		t.Fatalf("render png: %d %s", status, body)
	}
	img, err := png.Decode(bytes.NewReader(body))
	if err != nil {
		t.Fatal(err)
	}
	// Cell (0, 3) is red in the solution; its centre is where the package
	// picture documentation puts it (R row-clue slots, C column-clue slots,
	// cell size 10, margin 5).
	slotsR, slotsC := 0, 0
	for _, c := range want.Rows {
		slotsR = max(slotsR, len(c))
	}
	for _, c := range want.Cols {
		slotsC = max(slotsC, len(c))
	}
	if r, g, b, _ := img.At(5+(slotsR+3)*10+5, 5+(slotsC+0)*10+5).RGBA(); r>>8 != 0xcc || g>>8 != 0 || b>>8 != 0 {
		t.Errorf("cell (0,3) drawn as %02x%02x%02x, want cc0000", r>>8, g>>8, b>>8)
	}
	status, hd, body = post(t, url+"/api/render", []byte("1:1-1:1"))
	if status != 200 || hd.Get("Content-Type") != "image/svg+xml" || !bytes.Contains(body, []byte("<svg")) {
		t.Errorf("render svg: %d %s", status, body)
	}

	status, _, body = post(t, url+"/api/dimacs?block-goal=1", flower)
	if status != 200 || !bytes.HasPrefix(body, []byte("c nonosat dimacs 1")) || !bytes.Contains(body, []byte("\np cnf ")) {
		t.Errorf("dimacs: %d %.200s", status, body)
	}
}

// TestAPIMake turns a PNG into a puzzle whose goal is the picture.
func TestAPIMake(t *testing.T) {
	url, _ := testServer(t, serverConfig{})
	img := image.NewRGBA(image.Rect(0, 0, 6, 4))
	want := []string{"......", ".rr.b.", ".rr.b.", "......"}
	pal := map[byte]color.RGBA{'.': {255, 255, 255, 255}, 'r': {220, 0, 0, 255}, 'b': {0, 0, 200, 255}}
	for y, row := range want {
		for x := range row {
			img.Set(x, y, pal[row[x]])
		}
	}
	var buf bytes.Buffer
	if err := png.Encode(&buf, img); err != nil {
		t.Fatal(err)
	}
	status, _, body := post(t, url+"/api/make?title=Two&colors=2", buf.Bytes())
	var jp report.Puzzle
	if err := json.Unmarshal(body, &jp); status != 200 || err != nil {
		t.Fatalf("make: %d %v %s", status, err, body)
	}
	if jp.Title != "Two" || jp.Width != 6 || jp.Height != 4 || len(jp.Palette) != 3 {
		t.Fatalf("make: %s", body)
	}
	// Cells of one colour in the picture are one character in the goal,
	// and different colours differ.
	seen := map[byte]byte{}
	for y, row := range want {
		for x := range row {
			if ch, ok := seen[row[x]]; ok && ch != jp.Goal[y][x] {
				t.Errorf("cell (%d,%d): %c, the colour's other cells %c", y, x, jp.Goal[y][x], ch)
			}
			seen[row[x]] = jp.Goal[y][x]
		}
	}
	if seen['.'] == seen['r'] || seen['r'] == seen['b'] || seen['.'] != '.' {
		t.Errorf("goal %q", jp.Goal)
	}
}

// TestAPIPage: the page and its scripts come from the embedded files with
// a strict Content-Security-Policy, and the page has no inline script.
func TestAPIPage(t *testing.T) {
	url, _ := testServer(t, serverConfig{})
	for _, path := range []string{"/", "/app.js", "/style.css", "/examples/house.non", "/api/analyze"} {
		res, err := http.Get(url + path)
		if err != nil {
			t.Fatal(err)
		}
		var b bytes.Buffer
		_, _ = b.ReadFrom(res.Body)
		res.Body.Close()
		csp := res.Header.Get("Content-Security-Policy")
		if !strings.Contains(csp, "default-src 'none'") || !strings.Contains(csp, "script-src 'self'") || strings.Contains(csp, "unsafe") {
			t.Errorf("%s: CSP %q", path, csp)
		}
		if res.Header.Get("X-Content-Type-Options") != "nosniff" {
			t.Errorf("%s: no nosniff", path)
		}
		if path == "/" {
			if res.StatusCode != 200 || strings.Count(b.String(), "<script") != strings.Count(b.String(), "<script type=\"module\" src=") {
				t.Errorf("/: %d, inline script in %s", res.StatusCode, b.String())
			}
		}
	}
}

// hardPuzzle is a random 60x60 black-and-white picture's clues without
// the picture: a puzzle no solver here decides within a second (measured:
// `check --timeout 5s` says timeout).
func hardPuzzle(t *testing.T) []byte {
	t.Helper()
	rng := rand.New(rand.NewPCG(60, 60))
	g := puzzle.NewGrid(60, 60)
	for r := range g {
		for c := range g[r] {
			if rng.IntN(2) == 0 {
				g[r][c] = 1
			}
		}
	}
	p := puzzle.FromGrid(g, nil)
	p.Goal = nil
	var buf bytes.Buffer
	if err := puzzle.Encode(&buf, p, puzzle.NON); err != nil {
		t.Fatal(err)
	}
	return buf.Bytes()
}

// TestAPIDeadline: a solve that outlasts the deadline answers verdict
// timeout, and a client that hangs up frees its solve slot.
func TestAPIDeadline(t *testing.T) {
	url, _ := testServer(t, serverConfig{Deadline: 300 * time.Millisecond, MaxSolves: 1})
	hard := hardPuzzle(t)
	status, _, body := post(t, url+"/api/analyze", hard)
	var a api.Analysis
	if err := json.Unmarshal(body, &a); status != 200 || err != nil || a.Verdict != "timeout" {
		t.Fatalf("analyze past the deadline: %d %v %s", status, err, body)
	}

	url, s := testServer(t, serverConfig{Deadline: time.Hour, MaxSolves: 1})
	ctx, cancel := context.WithTimeout(context.Background(), 300*time.Millisecond)
	defer cancel()
	req, _ := http.NewRequestWithContext(ctx, "POST", url+"/api/analyze", bytes.NewReader(hard))
	if res, err := http.DefaultClient.Do(req); err == nil {
		res.Body.Close()
		t.Fatalf("the hard puzzle was answered in 300 ms: %d", res.StatusCode)
	}
	for i := 0; s.Busy() > 0; i++ {
		if i == 200 {
			t.Fatal("the solve goes on 20 s after its client left")
		}
		time.Sleep(100 * time.Millisecond)
	}
}

// TestAPIConcurrent: requests beyond the solve slots wait for one, or get
// 503 when their deadline passes first; concurrent requests all get their
// own right answer.
func TestAPIConcurrent(t *testing.T) {
	url, s := testServer(t, serverConfig{Deadline: 200 * time.Millisecond, MaxSolves: 2})
	var held []func()
	for range 2 {
		release, err := s.Acquire(context.Background())
		if err != nil {
			t.Fatal(err)
		}
		held = append(held, release)
	}
	status, hd, body := post(t, url+"/api/analyze", []byte("2x2:1/1/1/1"))
	if msg := errorMessage(t, hd, body); status != http.StatusServiceUnavailable || !strings.Contains(msg, "slots") {
		t.Errorf("all slots busy: %d %s", status, msg)
	}
	for _, release := range held {
		release()
	}

	// Room for every request in the queue: a full queue answers 503.
	url, _ = testServer(t, serverConfig{MaxSolves: 2, MaxQueue: 64})
	files := map[string]string{"../../examples/house.non": "unique", "../../examples/flower.xml": "unique", "testdata/batch/set.tatham": "multiple"}
	var wg sync.WaitGroup
	for i := range 12 {
		for file, want := range files {
			wg.Add(1)
			go func() {
				defer wg.Done()
				res, err := http.Post(url+"/api/analyze", "", bytes.NewReader(readTestFile(t, file)))
				if err != nil {
					t.Error(err)
					return
				}
				defer res.Body.Close()
				var a api.Analysis
				if err := json.NewDecoder(res.Body).Decode(&a); err != nil || a.Verdict != want {
					t.Errorf("request %d, %s: %v, verdict %q", i, file, err, a.Verdict)
				}
			}()
		}
	}
	wg.Wait()
}

// TestAPIGuard: a loopback server answers its own host names only, and
// refuses API calls from other sites' pages.
func TestAPIGuard(t *testing.T) {
	ts := httptest.NewUnstartedServer(nil)
	n := ts.Listener.Addr().(*net.TCPAddr).Port
	ts.Config.Handler = newServer(serverConfig{Hosts: server.LoopbackHosts(n)})
	ts.Start()
	defer ts.Close()
	url, port := ts.URL, fmt.Sprint(n)
	for _, tc := range []struct {
		host, origin string
		status       int
	}{
		{"", "", 200},
		{"localhost:" + port, "", 200},
		{"", "http://127.0.0.1:" + port, 200},
		{"evil.example:" + port, "", 403},
		{"", "http://evil.example", 403},
		{"", "null", 403},
	} {
		req, _ := http.NewRequest("POST", url+"/api/analyze", strings.NewReader("2x2:1/1/1/1"))
		if tc.host != "" {
			req.Host = tc.host
		}
		if tc.origin != "" {
			req.Header.Set("Origin", tc.origin)
		}
		res, err := http.DefaultClient.Do(req)
		if err != nil {
			t.Fatal(err)
		}
		body, _ := io.ReadAll(res.Body)
		res.Body.Close()
		if res.StatusCode != tc.status {
			t.Errorf("Host %q, Origin %q: %d, want %d: %s", tc.host, tc.origin, res.StatusCode, tc.status, body)
		}
	}
}

// TestAPIEscapes: text from the request comes back JSON-escaped, never as
// markup (the page then sets it as text, not HTML).
func TestAPIEscapes(t *testing.T) {
	url, _ := testServer(t, serverConfig{})
	xml := `<?xml version="1.0"?><puzzleset><puzzle type="grid" defaultcolor="black">` +
		`<title>&lt;script&gt;alert(1)&lt;/script&gt;</title>` +
		`<solution type="goal"><image>|X.|</image></solution></puzzle></puzzleset>`
	for _, path := range []string{"/api/parse", "/api/analyze"} {
		status, _, body := post(t, url+path, []byte(xml))
		var j struct{ Title string }
		if err := json.Unmarshal(body, &j); status != 200 || err != nil {
			t.Fatalf("%s: %d %v %s", path, status, err, body)
		}
		if j.Title != "<script>alert(1)</script>" || bytes.Contains(body, []byte("<script")) {
			t.Errorf("%s: title %q in %s", path, j.Title, body)
		}
	}
	_, hd, body := post(t, url+"/api/analyze?format=xml", []byte("<title><script>"))
	if msg := errorMessage(t, hd, body); bytes.Contains(body, []byte("<script")) || msg == "" {
		t.Errorf("error %s", body)
	}
}

// TestAPIAnalyzeDeadline: the grade and the open cells of /api/analyze
// probe, which on a large puzzle takes far longer than its solve; they are
// held to the same deadline, so that --timeout bounds the call. The
// puzzle is 200x200 with a 1 in every line: the learner finds two
// solutions in about a second, but probing it to the end takes 7 s more
// (2 CPUs, 2026-11-27).
func TestAPIAnalyzeDeadline(t *testing.T) {
	const n = 200
	ones := make([][]int, n)
	for i := range ones {
		ones[i] = []int{1}
	}
	var buf bytes.Buffer
	if err := puzzle.Encode(&buf, puzzle.New(ones, ones), puzzle.NON); err != nil {
		t.Fatal(err)
	}
	deadline := 3 * time.Second
	url, s := testServer(t, serverConfig{Deadline: deadline, MaxSolves: 1})
	start := time.Now()
	status, _, body := post(t, url+"/api/analyze?detail=1", buf.Bytes())
	took := time.Since(start)
	var a api.Analysis
	if err := json.Unmarshal(body, &a); status != 200 || err != nil {
		t.Fatalf("analyze: %d %v %s", status, err, body)
	}
	if a.Verdict == "unique" || a.Verdict == "none" {
		t.Fatalf("verdict %s, want multiple or timeout", a.Verdict)
	}
	if took > 2*deadline {
		t.Errorf("analyze took %v with a deadline of %v", took.Round(time.Millisecond), deadline)
	}
	if s.Busy() != 0 {
		t.Errorf("%d solve slots still held after the answer", s.Busy())
	}
}
