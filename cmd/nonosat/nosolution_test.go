package main

import (
	"strings"
	"testing"

	"github.com/nonosat/nonosat/report"
)

// TestCluesThatCannotHold: row and column totals that differ, or a clue
// longer than its line, make a well-formed puzzle with no solution:
// verdict none and exit 20 everywhere (batch's verdict "none"), with the
// reason where there is room for it; a malformed file stays an error.
func TestCluesThatCannotHold(t *testing.T) {
	var pigeons strings.Builder // 12 rows of one cell over 11 columns of one
	pigeons.WriteString("width 12\nheight 12\nrows\n" + strings.Repeat("1\n", 12) + "columns\n" + strings.Repeat("1\n", 11) + "0\n")
	tests := []struct {
		name, text, why string
	}{
		{"totals.non", "width 2\nheight 2\nrows\n2\n0\ncolumns\n1\n0\n", "row and column totals differ: row clues fill 2 black cells, column clues 1"},
		{"pigeons.non", pigeons.String(), "row and column totals differ: row clues fill 12 black cells, column clues 11"},
		{"colour.non", "width 2\nheight 2\ncolor a 000\ncolor b f00\nrows\n1a\n1b\ncolumns\n1a\n1a\n", "row and column totals differ: row clues fill 1 a cells, column clues 2"},
		{"long.non", "width 2\nheight 2\nrows\n3\n0\ncolumns\n2\n1\n", "row 1: clue does not fit its line: clue 3 needs 3 cells, row has 2"},
	}
	for _, tt := range tests {
		file := writeFile(t, tt.name, tt.text)
		for _, args := range [][]string{{"check"}, {"check", "--grade"}, {"check", "--no-presolve"}, {"check", "--no-search"}, {"solve"}, {"count"}, {"hint"}, {"steps"}, {"fix"}} {
			r := run(t, append(args, file)...)
			if r.code != exitNoSolution {
				t.Errorf("%s %s: %v; want exit %d", strings.Join(args, " "), tt.name, r, exitNoSolution)
			}
			var want string
			switch args[0] {
			case "check":
				want = "none"
				if len(args) > 1 && args[1] == "--grade" {
					want = "none (grade 0: no solution)"
				}
				if r.stdout != want+"\n" {
					t.Errorf("%s %s printed %q, want %q", strings.Join(args, " "), tt.name, r.stdout, want+"\n")
				}
				continue
			case "solve":
				want = "none (" + tt.why + ")"
			case "count":
				want = "0\n"
			default:
				want = tt.why
			}
			if !strings.Contains(r.stdout+r.stderr, want) {
				t.Errorf("%s %s: %v; want %q", strings.Join(args, " "), tt.name, r, want)
			}
		}
		r := run(t, "info", file)
		if r.code != exitOK || !strings.Contains(r.stdout, "no solution: "+tt.why) {
			t.Errorf("info %s: %v; want exit 0 and the reason", tt.name, r)
		}
		r = run(t, "batch", "-j", "1", file)
		if lines := jsonLines[report.Result](t, r); r.code != exitOK || len(lines) != 1 || lines[0].Verdict != "none" {
			t.Errorf("batch %s: %v; want exit 0 and verdict none", tt.name, r)
		}
		dir := t.TempDir()
		r = run(t, "check", "--proof", dir, file)
		switch {
		case r.code != exitNoSolution || r.stdout != "none\n":
			t.Errorf("check --proof %s: %v; want none, exit %d", tt.name, r, exitNoSolution)
		case strings.HasPrefix(tt.why, "row and column totals differ") && !strings.Contains(r.stderr, "warning: "+file+": certificate: no proof: "+tt.why):
			t.Errorf("check --proof %s: %v; want a warning that there is no certificate", tt.name, r)
		}
	}
	// A malformed file is still an error.
	bad := writeFile(t, "bad.non", "width 2\nheight 2\nrows\n1,0\n0\ncolumns\n1\n0\n")
	if r := run(t, "check", bad); r.code != exitError || !strings.Contains(r.stderr, "0 stands for an empty clue") {
		t.Errorf("check %s: %v; want exit 1 and the error", bad, r)
	}
}
