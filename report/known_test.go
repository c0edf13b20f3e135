package report_test

import (
	"context"
	"slices"
	"testing"
	"time"

	"github.com/nonosat/nonosat/puzzle"
	"github.com/nonosat/nonosat/report"
)

func TestKnown(t *testing.T) {
	tests := []struct {
		name  string
		p     *puzzle.Puzzle
		rows  []string
		known int
	}{
		{"line solved", puzzle.New([][]int{{1}, {3}, {1}}, [][]int{{1}, {3}, {1}}), []string{".#.", "###", ".#."}, 9},
		{"two diagonals", puzzle.New([][]int{{1}, {1}}, [][]int{{1}, {1}}), []string{"??", "??"}, 0},
		{"an L", puzzle.New([][]int{{2}, {1}, {}}, [][]int{{2}, {1}, {}}), []string{"##.", "#..", "..."}, 9},
		{"contradiction", puzzle.New([][]int{{1, 1}, {1}, {}}, [][]int{{2}, {1}, {}}), nil, 0},
	}
	for _, tt := range tests {
		rows, known := report.Known(context.Background(), tt.p, time.Minute)
		if !slices.Equal(rows, tt.rows) || known != tt.known {
			t.Errorf("%s: Known = %q, %d; want %q, %d", tt.name, rows, known, tt.rows, tt.known)
		}
	}
}
