//go:build !js

package main

import (
	"bytes"
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"math/rand/v2"
	"os"
	"path/filepath"
	"strings"
	"testing"
	"time"

	"github.com/nonosat/nonosat/api"
	"github.com/nonosat/nonosat/internal/brute"
	"github.com/nonosat/nonosat/internal/randpuzzle"
	"github.com/nonosat/nonosat/internal/survey"
	"github.com/nonosat/nonosat/puzzle"
	"github.com/nonosat/nonosat/solver"
)

var corpora = filepath.Join("..", "..", "shared", "corpora")

func xmlText(t *testing.T, p *puzzle.Puzzle) string {
	t.Helper()
	var b bytes.Buffer
	if err := puzzle.Encode(&b, p, puzzle.XML); err != nil {
		t.Fatal(err)
	}
	return b.String()
}

// jsString quotes s for JavaScript source.
func jsString(s string) string {
	b, _ := json.Marshal(s)
	return string(b)
}

// checkIn runs window.nonosat.check(text, opts) and answers the verdict,
// or the error message.
func (p *page) checkIn(text, opts string) (verdict string, err error) {
	out, err := p.eval(`const r = await window.nonosat.check(` + jsString(text) + `, ` + opts + `); return r.verdict;`)
	return out, err
}

// TestBrowserAPI drives the JavaScript API of the static site in Chromium:
// its verdicts are the native engine's (on brute-forced small puzzles, on
// the survey and on the colour puzzles of the corpora), its errors are
// the reader's, and timeoutMs and cancel() stop a hard solve on time.
func TestBrowserAPI(t *testing.T) {
	p := openSite(t, "", 1280, 800)
	defer p.consoleErrors()

	t.Run("brute force", func(t *testing.T) {
		rng := rand.New(rand.NewPCG(5, 5))
		for i := range 40 {
			pz := brute.RandomPuzzle(rng, 1+rng.IntN(4), 1+rng.IntN(4), 1+i%3, 0.5)
			want := "unique"
			switch n := len(brute.Solutions(pz)); {
			case n == 0:
				want = "none"
			case n > 1:
				want = "multiple"
			}
			got, err := p.checkIn(xmlText(t, pz), `{format: "xml"}`)
			if err != nil || got != want {
				t.Errorf("check(%s) = %q, %v; brute force says %s", xmlText(t, pz), got, err, want)
			}
		}
	})

	t.Run("corpus", func(t *testing.T) {
		if _, err := os.Stat(corpora); err != nil {
			t.Skipf("the corpus sample needs ../shared/corpora beside the repository: %v", err)
		}
		want, err := survey.Expected(corpora)
		if err != nil {
			t.Fatal(err)
		}
		files, _ := filepath.Glob(filepath.Join(corpora, "fastnonogramsolver-survey", "*.nin"))
		for _, pat := range []string{"gkikola-nonny/*/*.non", "number-loom-xml/puzzles/*.xml"} {
			more, _ := filepath.Glob(filepath.Join(corpora, filepath.FromSlash(pat)))
			files = append(files, more...)
		}
		checked, colour := 0, 0
		for _, f := range files {
			pz, err := puzzle.ReadFile(f)
			if errors.Is(err, puzzle.ErrUnsupported) {
				continue // triddlers: puzzle's corpus test says which
			}
			if err != nil {
				t.Fatal(err)
			}
			// The native verdict, within 2 s: the sample is the
			// puzzles native answers that fast (the rest are benchmarks).
			ctx, cancel := context.WithTimeout(context.Background(), 2*time.Second)
			res, err := solver.Solve(ctx, pz, solver.Options{Max: 2})
			cancel()
			if err != nil {
				t.Fatal(err)
			}
			if res.Verdict == solver.Timeout {
				continue
			}
			name := strings.TrimSuffix(filepath.Base(f), filepath.Ext(f))
			if e, ok := want[name]; ok && e.Verdict != string(res.Verdict) {
				t.Errorf("%s: native verdict %s, the survey says %s", name, res.Verdict, e.Verdict)
			}
			text, _ := os.ReadFile(f)
			got, err := p.checkIn(string(text), `{timeoutMs: 20000}`)
			if err != nil || got != string(res.Verdict) {
				t.Errorf("%s: check in the browser = %q, %v; native %s", name, got, err, res.Verdict)
			}
			checked++
			if pz.NumColors() > 1 {
				colour++
			}
		}
		if checked < 40 || colour < 10 {
			t.Errorf("only %d corpus puzzles checked, %d in colour", checked, colour)
		}
		t.Logf("%d corpus puzzles (%d in colour): the browser's verdicts are the native ones", checked, colour)
	})

	t.Run("reader errors", func(t *testing.T) {
		// Clues that cannot hold are no reader error (verdict none).
		bad := []string{"width 2\nheight 1\nrows\n1,0\ncolumns\n1\n0\n", "3:2,0-1,2:3", "<puzzleset><puzzle><clues type=\"rows\"><line><count>1"}
		svc := api.New(config)
		for _, text := range bad {
			_, werr := svc.Call(context.Background(), "analyze", api.Request{Body: []byte(text)})
			var ae *api.Error
			if !errors.As(werr, &ae) {
				t.Fatalf("native analyze(%q) = %v, want an error", text, werr)
			}
			_, err := p.checkIn(text, `{}`)
			if err == nil || !strings.Contains(err.Error(), ae.Msg) {
				t.Errorf("check(%q) in the browser: error %v, want the native %q", text, err, ae.Msg)
			}
		}
	})

	t.Run("bytes", func(t *testing.T) {
		// A file's content as the page reads it: an ArrayBuffer or a
		// Uint8Array, as well as text.
		out, err := p.eval(`const text = "1:1-1:1";
			const u8 = new TextEncoder().encode(text);
			const v = [];
			for (const body of [text, u8, u8.buffer]) v.push((await window.nonosat.check(body)).verdict);
			return v.join(" ");`)
		if err != nil || out != "multiple multiple multiple" {
			t.Errorf("check of text, Uint8Array and ArrayBuffer = %q, %v; want multiple each time", out, err)
		}
	})

	t.Run("too large", func(t *testing.T) {
		big := randpuzzle.Picture(9, 201, 201, 1, 0.5)
		out, err := p.eval(`try { await window.nonosat.check(` + jsString(xmlText(t, big)) + `); return "answered"; }
			catch (e) { return e.status + " " + e.message; }`)
		if err != nil || !strings.HasPrefix(out, "413 ") || !strings.Contains(out, "too large") {
			t.Errorf("check of a 201x201 puzzle = %q, %v; want 413 and a message saying it is too large", out, err)
		}
	})

	t.Run("timeout", func(t *testing.T) {
		dom := xmlText(t, randpuzzle.Dom(20))
		start := time.Now()
		got, err := p.checkIn(dom, `{timeoutMs: 2000}`)
		if d := time.Since(start); err != nil || got != "timeout" || d > 3*time.Second {
			t.Errorf("20-Dom with timeoutMs 2000 = %q, %v after %v; want timeout within 3 s", got, err, d)
		}
	})

	t.Run("cancel", func(t *testing.T) {
		dom := xmlText(t, randpuzzle.Dom(20))
		out, err := p.eval(`const ns = window.nonosat;
			const t0 = performance.now();
			const hard = ns.check(` + jsString(dom) + `).then(() => "answered", (e) => e.name);
			await new Promise((r) => setTimeout(r, 300));
			ns.cancel();
			const how = await hard;
			const after = (await ns.check("2x2:1/1/1/1")).verdict;
			return how + " " + Math.round(performance.now() - t0) + " " + after;`)
		var how, after string
		var ms int
		fmt.Sscan(out, &how, &ms, &after)
		if err != nil || how != "AbortError" || after != "multiple" || ms > 2000 {
			t.Errorf("cancel() of a 20-Dom check: %q, %v; want AbortError, then a fresh call answering multiple", out, err)
		}
	})
}
