package main

import (
	"bytes"
	"encoding/json"
	"io"
	"math/rand/v2"
	"net/http"
	"net/http/httptest"
	"os"
	"strings"
	"testing"
	"time"

	"github.com/nonosat/nonosat/api"
	"github.com/nonosat/nonosat/puzzle"
	"github.com/nonosat/nonosat/server"
)

// testServer starts the API with cfg (the test binary is the SAT worker,
// see TestMain) and returns its URL and the server value.
func testServer(t *testing.T, cfg serverConfig) (string, *server.Server) {
	t.Helper()
	worker, err := workerArgv()
	if err != nil {
		t.Fatal(err)
	}
	cfg.Worker = worker
	s := newServer(cfg)
	ts := httptest.NewServer(s)
	t.Cleanup(ts.Close)
	return ts.URL, s
}

// serverConfig is server.Config with its fields flat, as the tests
// write them.
type serverConfig struct {
	MaxBody   int64
	Deadline  time.Duration
	MaxSolves int
	MaxQueue  int
	MaxCells  int
	MaxProof  int64
	Worker    []string
	Hosts     []string
}

func newServer(c serverConfig) *server.Server {
	return server.New(server.Config{
		Config:  api.Config{Deadline: c.Deadline, MaxCells: c.MaxCells, MaxProof: c.MaxProof, Worker: c.Worker},
		MaxBody: c.MaxBody, MaxSolves: c.MaxSolves, MaxQueue: c.MaxQueue, Hosts: c.Hosts,
	})
}

// post sends body to url and returns the status and the response body.
func post(t *testing.T, url string, body []byte) (int, http.Header, []byte) {
	t.Helper()
	res, err := http.Post(url, "application/octet-stream", bytes.NewReader(body))
	if err != nil {
		t.Fatal(err)
	}
	defer res.Body.Close()
	b, err := io.ReadAll(res.Body)
	if err != nil {
		t.Fatal(err)
	}
	return res.StatusCode, res.Header, b
}

func readTestFile(t *testing.T, name string) []byte {
	t.Helper()
	b, err := os.ReadFile(name)
	if err != nil {
		t.Fatal(err)
	}
	return b
}

// checkJSON runs `nonosat check --json` on file and returns its object
// with the fields that vary between runs (file, time) removed.
func checkJSON(t *testing.T, file string) map[string]any {
	t.Helper()
	var out, errb bytes.Buffer
	err := newApp(&out, &errb).Run([]string{"nonosat", "check", "--json", file})
	if code := exitReport(&errb, err); code != exitOK && code != exitMultiple && code != exitNoSolution {
		t.Fatalf("check %s: exit %d: %s", file, code, errb.String())
	}
	first, _, _ := bytes.Cut(out.Bytes(), []byte("\n")) // the API reads the first puzzle
	return comparable(t, first)
}

func comparable(t *testing.T, b []byte) map[string]any {
	t.Helper()
	var m map[string]any
	if err := json.Unmarshal(b, &m); err != nil {
		t.Fatalf("%v in %s", err, b)
	}
	delete(m, "file")
	if st, ok := m["stats"].(map[string]any); ok {
		delete(st, "ms")
	}
	return m
}

// TestAnalyzeIsCheck: /api/analyze answers what `check --json` prints, and
// every solution in it passes puzzle.Check.
func TestAnalyzeIsCheck(t *testing.T) {
	url, _ := testServer(t, serverConfig{})
	for _, file := range []string{"../../examples/house.non", "../../examples/flower.xml", "testdata/heart.non", "testdata/garden.xml", "testdata/batch/set.tatham"} {
		t.Run(file, func(t *testing.T) {
			status, hd, body := post(t, url+"/api/analyze", readTestFile(t, file))
			if status != http.StatusOK || hd.Get("Content-Type") != "application/json" {
				t.Fatalf("status %d, %s: %s", status, hd.Get("Content-Type"), body)
			}
			got, want := comparable(t, body), checkJSON(t, file)
			if g, w := mustJSON(t, got), mustJSON(t, want); !bytes.Equal(g, w) {
				t.Errorf("analyze:\n%s\ncheck --json:\n%s", g, w)
			}
			var a api.Analysis
			if err := json.Unmarshal(body, &a); err != nil {
				t.Fatal(err)
			}
			p := firstPuzzle(t, file)
			for _, rows := range a.Solutions {
				g, err := puzzle.ParseGrid(strings.NewReader(strings.Join(rows, "\n")), p)
				if err != nil {
					t.Fatal(err)
				}
				if err := puzzle.Check(p, g); err != nil {
					t.Errorf("solution fails the checker: %v", err)
				}
			}
		})
	}
}

func mustJSON(t *testing.T, v any) []byte {
	t.Helper()
	b, err := json.Marshal(v)
	if err != nil {
		t.Fatal(err)
	}
	return b
}

func firstPuzzle(t *testing.T, file string) *puzzle.Puzzle {
	t.Helper()
	ps, err := puzzle.ReadFileAll(file, "")
	if err != nil {
		t.Fatal(err)
	}
	return ps[0]
}

// TestAnalyzeDetail checks the verdict, the open cells and the differing
// cells of small random puzzles against brute force: every solution of the
// clues, found by trying every grid.
func TestAnalyzeDetail(t *testing.T) {
	url, _ := testServer(t, serverConfig{})
	rng := rand.New(rand.NewPCG(21, 1))
	seen := map[string]bool{}
	for i := 0; i < 40; i++ {
		w, h := 3+rng.IntN(2), 3 // brute force tries 2^(w*h) grids
		if rng.IntN(2) == 0 {
			w, h = h, w
		}
		g := puzzle.NewGrid(h, w)
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
		status, _, body := post(t, url+"/api/analyze?detail=1", buf.Bytes())
		if status != http.StatusOK {
			t.Fatalf("status %d: %s", status, body)
		}
		var a api.Analysis
		if err := json.Unmarshal(body, &a); err != nil {
			t.Fatal(err)
		}
		sols := bruteForce(p)
		want := map[int]string{1: "unique"}[len(sols)]
		if len(sols) > 1 {
			want = "multiple"
		}
		seen[want] = true
		if a.Verdict != want {
			t.Fatalf("%s: verdict %s, brute force finds %d solutions", buf.String(), a.Verdict, len(sols))
		}
		// A cell line logic decides has the same colour in every solution.
		open := map[[2]int]bool{}
		for _, x := range a.Open { // the API counts from 1
			open[[2]int{x[0] - 1, x[1] - 1}] = true
		}
		for r := range h {
			for c := range w {
				if open[[2]int{r, c}] {
					continue
				}
				for _, s := range sols[1:] {
					if s[r][c] != sols[0][r][c] {
						t.Fatalf("%s: cell (%d,%d) not open but solutions differ there", buf.String(), r, c)
					}
				}
			}
		}
		if a.LineSolved != (len(a.Open) == 0) {
			t.Errorf("line_solved %v with %d open cells", a.LineSolved, len(a.Open))
		}
		if want == "multiple" {
			s0, s1 := parseRows(t, p, a.Solutions[0]), parseRows(t, p, a.Solutions[1])
			if len(a.Differ) == 0 {
				t.Fatal("multiple without differing cells")
			}
			for _, d1 := range a.Differ {
				d := [2]int{d1[0] - 1, d1[1] - 1}
				if s0[d[0]][d[1]] == s1[d[0]][d[1]] || !open[d] {
					t.Errorf("cell %v listed as differing (open %v)", d, open[d])
				}
			}
		} else if len(a.Differ) != 0 {
			t.Errorf("unique puzzle with differing cells %v", a.Differ)
		}
	}
	if !seen["unique"] || !seen["multiple"] {
		t.Errorf("the random puzzles were not varied enough: %v", seen)
	}
}

func parseRows(t *testing.T, p *puzzle.Puzzle, rows []string) puzzle.Grid {
	t.Helper()
	g, err := puzzle.ParseGrid(strings.NewReader(strings.Join(rows, "\n")), p)
	if err != nil {
		t.Fatal(err)
	}
	return g
}

// bruteForce returns every black-and-white grid that passes puzzle.Check.
func bruteForce(p *puzzle.Puzzle) []puzzle.Grid {
	w, h := p.Width(), p.Height()
	var out []puzzle.Grid
	for bits := 0; bits < 1<<(w*h); bits++ {
		g := puzzle.NewGrid(h, w)
		for i := range w * h {
			if bits>>i&1 == 1 {
				g[i/w][i%w] = 1
			}
		}
		if puzzle.Check(p, g) == nil {
			out = append(out, g)
		}
	}
	return out
}
