package report_test

import (
	"context"
	"encoding/json"
	"strings"
	"testing"

	"github.com/nonosat/nonosat/design"
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

// TestForModes: each mode keeps the solutions its command prints, on a
// puzzle with exactly two solutions (the diagonals of a 2x2 grid).
func TestForModes(t *testing.T) {
	p := puzzle.New([][]int{{1}, {1}}, [][]int{{1}, {1}})
	res, err := solver.Solve(context.Background(), p, solver.Options{Max: -1})
	if err != nil {
		t.Fatal(err)
	}
	if res.Count != 2 || len(res.Solutions) != 2 {
		t.Fatalf("Solve(diagonals) found %d solutions, want 2", res.Count)
	}
	g := &design.Grade{Level: design.LevelGuessing}
	tests := []struct {
		name      string
		got       report.Result
		solutions int
		grade     *design.Grade
	}{
		{"ForSolve n=1", report.ForSolve("f", 1, p, res, 1), 1, nil},
		{"ForSolve n=0", report.ForSolve("f", 1, p, res, 0), 2, nil},
		{"ForCheck", report.ForCheck("f", 1, p, res, g), 2, g},
		{"ForCount", report.ForCount("f", 1, p, res, false), 0, nil},
		{"ForCount solutions", report.ForCount("f", 1, p, res, true), 2, nil},
	}
	for _, tt := range tests {
		if len(tt.got.Solutions) != tt.solutions || tt.got.Grade != tt.grade || tt.got.Count != 2 || tt.got.Verdict != string(solver.Multiple) {
			t.Errorf("%s: %d solutions, grade %v, count %d, verdict %s; want %d, %v, 2, multiple",
				tt.name, len(tt.got.Solutions), tt.got.Grade, tt.got.Count, tt.got.Verdict, tt.solutions, tt.grade)
		}
		if tt.got.Solutions == nil {
			t.Errorf("%s: solutions is nil; JSON wants []", tt.name)
		}
	}
	if res.Solutions == nil {
		t.Error("ForCount changed the result it was given")
	}
}

// TestBy: "by" names the stage that decided, the SAT back end when SAT
// did, and is left out of a timeout's JSON.
func TestBy(t *testing.T) {
	p := puzzle.New([][]int{{1}}, [][]int{{1}})
	tests := []struct {
		res  solver.Result
		want string
	}{
		{solver.Result{Verdict: solver.Unique, LineSolved: true}, "line"},
		{solver.Result{Verdict: solver.Multiple, Learned: true}, "learner"},
		{solver.Result{Verdict: solver.None, SAT: "cadical"}, "cadical"},
		{solver.Result{Verdict: solver.Timeout, SAT: "gophersat"}, ""},
	}
	for _, tt := range tests {
		j := report.New("f", 1, p, &tt.res)
		b, _ := json.Marshal(j)
		if j.By != tt.want || (tt.want == "") != !strings.Contains(string(b), `"by"`) {
			t.Errorf("New(%+v).By = %q, JSON %s; want %q", tt.res, j.By, b, tt.want)
		}
	}
}
