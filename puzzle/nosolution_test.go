package puzzle_test

import (
	"errors"
	"path/filepath"
	"testing"

	"github.com/nonosat/nonosat/puzzle"
)

// TestNoSolutionFiles reads the files of testdata/nosolution: clues that
// cannot all hold (totals that differ, a clue longer than its line) in
// every format. They are well-formed puzzles with no solution, not bad
// files: each reads without error, and Contradiction says why.
func TestNoSolutionFiles(t *testing.T) {
	tests := []struct {
		file string
		want string
		is   error
	}{
		{"long-column.text", "column 2: clue does not fit its line: clue 2 1 needs 4 cells, column has 2", puzzle.ErrClueTooLong},
		{"long-row.nin", "row 1: clue does not fit its line: clue 1 2 needs 4 cells, row has 3", puzzle.ErrClueTooLong},
		{"long-row.non", "row 1: clue does not fit its line: clue 1 1 1 needs 5 cells, row has 3", puzzle.ErrClueTooLong},
		// Totals that differ come first.
		{"long-row.taai", "row and column totals differ: row clues fill 2 black cells, column clues 1", puzzle.ErrTotals},
		{"long-row.xml", "row 1: clue does not fit its line: clue 1 1 needs 3 cells, row has 2", puzzle.ErrClueTooLong},
		// .g declares no size: a file cut in its column clues reads as a
		// narrower puzzle whose row clues no longer fit (and whose totals
		// differ, which comes first).
		{"long-truncated.g", "row and column totals differ: row clues fill 23 black cells, column clues 5", puzzle.ErrTotals},
		{"totals-colour.cwc", "row and column totals differ: row clues fill 1 color1 cells, column clues 2", puzzle.ErrTotals},
		{"totals-colour.non", "row and column totals differ: row clues fill 1 b cells, column clues 0", puzzle.ErrTotals},
		{"totals-g.g", "row and column totals differ: row clues fill 2 black cells, column clues 1", puzzle.ErrTotals},
		{"totals-rows-columns.xml", "row and column totals differ: row clues fill 1 black cells, column clues 2", puzzle.ErrTotals},
		{"totals-taai.taai", "row and column totals differ: row clues fill 3 black cells, column clues 2", puzzle.ErrTotals},
		{"totals.nin", "row and column totals differ: row clues fill 4 black cells, column clues 5", puzzle.ErrTotals},
	}
	for _, tt := range tests {
		name := filepath.Join("testdata", "nosolution", tt.file)
		ps, err := puzzle.ReadFileAll(name, suffixFormat(t, name))
		if err != nil || len(ps) != 1 {
			t.Errorf("ReadFileAll(%q) = %d puzzles, %v; want one puzzle", name, len(ps), err)
			continue
		}
		err = ps[0].Contradiction()
		if err == nil || err.Error() != tt.want || !errors.Is(err, tt.is) {
			t.Errorf("ReadFileAll(%q).Contradiction() = %v, want %q wrapping %v", name, err, tt.want, tt.is)
		}
		if err := ps[0].Validate(); err != nil {
			t.Errorf("ReadFileAll(%q).Validate() = %v, want nil", name, err)
		}
	}
}

// TestContradiction checks what Contradiction finds, and that it finds
// nothing in the clues of a picture.
func TestContradiction(t *testing.T) {
	tests := []struct {
		name       string
		rows, cols [][]int
		is         error
	}{
		{"fine", [][]int{{1}, {}}, [][]int{{1}, {}}, nil},
		{"totals", [][]int{{2}, {}}, [][]int{{1}, {}}, puzzle.ErrTotals},
		{"row too long", [][]int{{1, 1}, {1}}, [][]int{{2}, {1}}, puzzle.ErrClueTooLong},
		{"column too long", [][]int{{1}, {1}, {1}}, [][]int{{1, 1, 1}, {}}, puzzle.ErrClueTooLong},
		// Clues that fit and agree may still have no solution: that is
		// the solver's to find.
		{"no solution", [][]int{{2}, {}}, [][]int{{2}, {}}, nil},
	}
	for _, tt := range tests {
		p := puzzle.New(tt.rows, tt.cols)
		err := p.Contradiction()
		if tt.is == nil && err != nil || tt.is != nil && !errors.Is(err, tt.is) {
			t.Errorf("%s: Contradiction() = %v, want %v", tt.name, err, tt.is)
		}
	}
	g := puzzle.Grid{{1, 0, 1}, {1, 1, 0}}
	if err := puzzle.FromGrid(g, puzzle.BlackWhite()).Contradiction(); err != nil {
		t.Errorf("FromGrid(%v).Contradiction() = %v, want nil", g, err)
	}
}
