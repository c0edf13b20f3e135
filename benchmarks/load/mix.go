//go:build linux

package main

import (
	"bytes"
	"fmt"
	"os"
	"path/filepath"
	"sort"
	"strings"

	"github.com/nonosat/nonosat/internal/randpuzzle"
	"github.com/nonosat/nonosat/linesolve"
	"github.com/nonosat/nonosat/puzzle"
)

// body is a request body and the query that goes with it.
type body struct {
	name  string
	data  []byte
	query string // without '?'
}

// puzzles holds the bodies of the request classes.
type puzzles struct {
	line       []body // 10×10 black-and-white pictures line solving decides
	surveyLine []body // survey puzzles line solving decides
	colour     []body // 15×15 pictures in three colours line solving decides
	hard       []body // 12-Dom, and survey puzzles line solving leaves open
	endless    body   // 16-Dom: no solver here decides it within a minute
	malformed  []body
}

// linesSolve reports whether line solving alone decides p.
func linesSolve(p *puzzle.Puzzle) bool {
	st := linesolve.NewState(p)
	return !st.Propagate() || st.Solved()
}

func encodeBody(name string, p *puzzle.Puzzle) body {
	var b bytes.Buffer
	if err := puzzle.Encode(&b, p, puzzle.NON); err != nil {
		panic(err) // the puzzles made here are valid
	}
	return body{name: name, data: b.Bytes(), query: "format=non"}
}

// makePuzzles makes the generated puzzles and reads the survey's from
// corpora, if there; it says how many of each it has.
func makePuzzles(corpora string) (*puzzles, string) {
	ps := &puzzles{}
	for seed := uint64(1); len(ps.line) < 32; seed++ {
		p := randpuzzle.Picture(seed, 10, 10, 1, 0.6)
		p.Goal = nil
		if linesSolve(p) {
			ps.line = append(ps.line, encodeBody(fmt.Sprintf("line-%d", seed), p))
		}
	}
	for seed := uint64(1); len(ps.colour) < 16 && seed < 10000; seed++ {
		p := randpuzzle.Picture(seed, 15, 15, 3, 0.7)
		p.Goal = nil
		if linesSolve(p) {
			ps.colour = append(ps.colour, encodeBody(fmt.Sprintf("colour-%d", seed), p))
		}
	}
	ps.hard = append(ps.hard, encodeBody("12-Dom", randpuzzle.Dom(12)))
	ps.endless = encodeBody("16-Dom", randpuzzle.Dom(16))
	dir := filepath.Join(corpora, "webpbn-survey-nin")
	files, _ := filepath.Glob(filepath.Join(dir, "*.nin"))
	more, _ := filepath.Glob(filepath.Join(dir, "hard", "*.nin"))
	files = append(files, more...)
	sort.Strings(files)
	for _, f := range files {
		data, err := os.ReadFile(f)
		if err != nil {
			continue
		}
		p, err := puzzle.Decode(bytes.NewReader(data), puzzle.NIN)
		if err != nil {
			continue
		}
		b := body{name: strings.TrimSuffix(filepath.Base(f), ".nin"), data: data, query: "format=nin"}
		if linesSolve(p) {
			ps.surveyLine = append(ps.surveyLine, b)
		} else {
			ps.hard = append(ps.hard, b)
		}
	}
	ps.malformed = []body{
		{name: "garbage", data: []byte("\x00\x01 not a puzzle \xff")},
		{name: "bad clue", data: []byte("width 2\nheight 1\nrows\nx\ncolumns\n1\n1\n"), query: "format=non"},
		{name: "sums differ", data: []byte("width 2\nheight 2\nrows\n2\n2\ncolumns\n1\n1\n"), query: "format=non"},
		{name: "cut xml", data: []byte(`<puzzleset><puzzle><clues type="rows"><line><count>1`)},
		{name: "bad parameter", data: ps.line[0].data, query: "format=non&puzzle=x"},
	}
	have := fmt.Sprintf("%d line-solvable 10×10, %d line-solvable colour 15×15, %d hard (12-Dom and %d survey), %d survey line-solvable",
		len(ps.line), len(ps.colour), len(ps.hard), len(ps.hard)-1, len(ps.surveyLine))
	if len(files) == 0 {
		have += fmt.Sprintf("; no survey corpus at %s", dir)
	}
	return ps, have
}
