package report_test

import (
	"context"
	"encoding/json"
	"strings"
	"testing"

	"github.com/nonosat/nonosat/puzzle"
	"github.com/nonosat/nonosat/report"
	"github.com/nonosat/nonosat/solver"
)

// The solutions of a result read back, through the palette it lists, as
// grids that satisfy the clues.
func TestNewSolutionsReadBack(t *testing.T) {
	p, err := puzzle.ReadFile("../examples/flower.xml")
	if err != nil {
		t.Fatal(err)
	}
	res, err := solver.Solve(context.Background(), p, solver.Options{Max: 2})
	if err != nil {
		t.Fatal(err)
	}
	j := report.New("flower.xml", 0, p, res)
	b, err := json.Marshal(j)
	if err != nil {
		t.Fatal(err)
	}
	var back report.Result
	if err := json.Unmarshal(b, &back); err != nil {
		t.Fatal(err)
	}
	if back.Verdict != "unique" || back.Count != 1 || len(back.Solutions) != 1 {
		t.Fatalf("New(flower) = verdict %q count %d, %d solutions; want unique, 1, 1", back.Verdict, back.Count, len(back.Solutions))
	}
	if len(back.Palette) != p.NumColors()+1 {
		t.Fatalf("palette has %d swatches, want %d", len(back.Palette), p.NumColors()+1)
	}
	chars := map[rune]puzzle.Color{}
	for c, s := range back.Palette {
		chars[[]rune(s.Char)[0]] = puzzle.Color(c)
	}
	var g puzzle.Grid
	for _, row := range back.Solutions[0] {
		var r []puzzle.Color
		for _, ch := range row {
			c, ok := chars[ch]
			if !ok {
				t.Fatalf("solution has %q, not in the palette %v", ch, back.Palette)
			}
			r = append(r, c)
		}
		g = append(g, r)
	}
	if err := puzzle.Check(p, g); err != nil {
		t.Fatalf("the solution read back: %v\n%s", err, strings.Join(back.Solutions[0], "\n"))
	}
}

// A result without a solve has no verdict and an empty (not null) list of
// solutions; the grade is left out unless given.
func TestNewUnsolved(t *testing.T) {
	p := &puzzle.Puzzle{Rows: []puzzle.Clue{{{Len: 1, Color: 1}}}, Cols: []puzzle.Clue{{{Len: 1, Color: 1}}}}
	b, _ := json.Marshal(report.New("-", 0, p, nil))
	s := string(b)
	if !strings.Contains(s, `"solutions":[]`) || strings.Contains(s, `"grade"`) {
		t.Errorf("New(unsolved) = %s; want an empty solutions list and no grade", s)
	}
}

// A failure keeps the lists of its JSON form empty, not null, as the
// results of solved puzzles have them, so that readers need no special case.
func TestFailed(t *testing.T) {
	b, _ := json.Marshal(report.Failed("x.non", 2, "x.non:3: bad clue"))
	var back map[string]any
	if err := json.Unmarshal(b, &back); err != nil {
		t.Fatal(err)
	}
	if back["verdict"] != report.VerdictError || back["error"] != "x.non:3: bad clue" || back["index"] != 2.0 {
		t.Errorf("Failed = %s; want verdict %q, the message and index 2", b, report.VerdictError)
	}
	for _, k := range []string{"palette", "solutions"} {
		if l, ok := back[k].([]any); !ok || len(l) != 0 {
			t.Errorf("Failed = %s; want %q an empty list", b, k)
		}
	}
}
