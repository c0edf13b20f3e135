package main

import (
	"bytes"
	"encoding/json"
	"io"
	"math/rand/v2"
	"net/http"
	"net/http/httptest"
	"testing"

	"github.com/nonosat/nonosat/api"
	"github.com/nonosat/nonosat/puzzle"
)

// blobs draws a picture a designer might: random cells of colours 0..k,
// smoothed three times (each cell takes the most common colour of its 3x3
// neighbourhood), so that it has regions and edges rather than noise.
func blobs(h, w, k int, seed uint64) puzzle.Grid {
	rng := rand.New(rand.NewPCG(seed, 21))
	g := puzzle.NewGrid(h, w)
	for r := range g {
		for c := range g[r] {
			g[r][c] = puzzle.Color(rng.IntN(k + 1))
		}
	}
	for range 3 {
		next := puzzle.NewGrid(h, w)
		for r := range g {
			for c := range g[r] {
				count := make([]int, k+1)
				for dr := -1; dr <= 1; dr++ {
					for dc := -1; dc <= 1; dc++ {
						if rr, cc := r+dr, c+dc; rr >= 0 && rr < h && cc >= 0 && cc < w {
							count[g[rr][cc]]++
						}
					}
				}
				best := g[r][c]
				for v, n := range count {
					if n > count[best] {
						best = puzzle.Color(v)
					}
				}
				next[r][c] = best
			}
		}
		g = next
	}
	return g
}

// BenchmarkAnalyze measures what the page waits for after an edit: one
// POST /api/analyze?detail=1 over loopback HTTP (httptest) with the
// picture as webpbn XML, goal included, as the page sends it; the server
// parses it, decides uniqueness (the goal is known, so: is there another
// solution?) and lists the open cells. Each iteration sends the picture
// with one more cell flipped (16 variants in turn), since every edit is a
// new puzzle to a server that keeps nothing.
func BenchmarkAnalyze(b *testing.B) {
	colours := []puzzle.Swatch{puzzle.White, {Name: "red", RGB: puzzle.RGB{R: 204}, Char: 'r'}, {Name: "green", RGB: puzzle.RGB{G: 136}, Char: 'g'}, {Name: "blue", RGB: puzzle.RGB{B: 204}, Char: 'b'}}
	for _, tc := range []struct {
		name string
		g    puzzle.Grid
		pal  []puzzle.Swatch
	}{
		{"bw40x40", blobs(40, 40, 1, 1), nil},                // multiple as drawn
		{"bw40x40-unique", blobs(40, 40, 1, 3), nil},         // unique, line-solvable as drawn
		{"colour30x30", blobs(30, 30, 3, 2), colours},        // multiple as drawn
		{"colour30x30-unique", blobs(30, 30, 3, 1), colours}, // unique, line-solvable as drawn
	} {
		b.Run(tc.name, func(b *testing.B) {
			worker, err := workerArgv()
			if err != nil {
				b.Fatal(err)
			}
			srv := newServer(serverConfig{Worker: worker})
			bodies := make([][]byte, 16)
			rng := rand.New(rand.NewPCG(3, 3))
			g := tc.g.Clone()
			for i := range bodies {
				r, c := rng.IntN(len(g)), rng.IntN(len(g[0]))
				g[r][c] = (g[r][c] + 1) % puzzle.Color(max(len(tc.pal), 2)) // a nil palette is black and white
				p := puzzle.FromGrid(g, tc.pal)
				var buf bytes.Buffer
				if err := puzzle.Encode(&buf, p, puzzle.XML); err != nil {
					b.Fatal(err)
				}
				bodies[i] = buf.Bytes()
			}
			ts := httptest.NewServer(srv)
			defer ts.Close()
			verdicts := map[string]int{}
			i := 0
			for b.Loop() {
				res, err := http.Post(ts.URL+"/api/analyze?detail=1", "application/xml", bytes.NewReader(bodies[i%len(bodies)]))
				if err != nil {
					b.Fatal(err)
				}
				data, err := io.ReadAll(res.Body)
				res.Body.Close()
				var a api.Analysis
				if err != nil || json.Unmarshal(data, &a) != nil || res.StatusCode != 200 {
					b.Fatalf("%d %v %s", res.StatusCode, err, data)
				}
				if i < len(bodies) {
					verdicts[a.Verdict+map[bool]string{true: "/line", false: ""}[a.LineSolved]]++
				}
				i++
			}
			b.Logf("%s: verdicts of the %d variants: %v", tc.name, len(bodies), verdicts)
		})
	}
}
