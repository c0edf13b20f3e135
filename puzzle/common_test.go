package puzzle_test

import (
	"bytes"
	"reflect"
	"testing"

	"github.com/nonosat/nonosat/puzzle"
)

// roundTrip encodes p in format f, decodes the result and fails unless the
// clues (and, where the format carries them, palette and goal) survive.
// It returns the decoded puzzle for further checks.
func roundTrip(t testing.TB, p *puzzle.Puzzle, f puzzle.Format) *puzzle.Puzzle {
	t.Helper()
	var buf bytes.Buffer
	if err := puzzle.Encode(&buf, p, f); err != nil {
		t.Fatalf("Encode(%s) error = %v", f, err)
	}
	q, err := puzzle.Decode(bytes.NewReader(buf.Bytes()), f)
	if err != nil {
		t.Fatalf("Decode(Encode(%s)) error = %v\n%s", f, err, buf.Bytes())
	}
	if !cluesEqual(p.Rows, q.Rows) || !cluesEqual(p.Cols, q.Cols) {
		t.Fatalf("%s round trip changed the clues:\nwrote %v / %v\nread  %v / %v\n%s", f, p.Rows, p.Cols, q.Rows, q.Cols, buf.Bytes())
	}
	return q
}

func cluesEqual(a, b []puzzle.Clue) bool {
	if len(a) != len(b) {
		return false
	}
	for i := range a {
		if !a[i].Equal(b[i]) {
			return false
		}
	}
	return true
}

// sameGrid is reflect.DeepEqual on grids, with nil and empty equal.
func sameGrid(a, b puzzle.Grid) bool {
	if len(a) == 0 && len(b) == 0 {
		return true
	}
	return reflect.DeepEqual(a, b)
}

var _ = sameGrid
