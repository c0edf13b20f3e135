package randpuzzle_test

import (
	"path/filepath"
	"reflect"
	"testing"

	"github.com/nonosat/nonosat/internal/randpuzzle"
	"github.com/nonosat/nonosat/puzzle"
)

// TestDomIsSurvey9Dom: Dom(9) has the clues of the survey's 9-Dom
// (webpbn 8098), read from the corpus.
func TestDomIsSurvey9Dom(t *testing.T) {
	p, err := puzzle.ReadFile(filepath.Join("..", "..", "..", "shared", "corpora", "webpbn-survey-nin", "webpbn-08098.nin"))
	if err != nil {
		t.Skipf("needs ../shared/corpora beside the repository: %v", err)
	}
	d := randpuzzle.Dom(9)
	if !reflect.DeepEqual(d.Rows, p.Rows) || !reflect.DeepEqual(d.Cols, p.Cols) {
		t.Fatalf("Dom(9) clues differ from webpbn 8098:\nrows %v\nwant %v\ncols %v\nwant %v", d.Rows, p.Rows, d.Cols, p.Cols)
	}
}

// TestPictureSeeded: the same arguments give the same puzzle, another
// seed another picture, and the goal satisfies the clues.
func TestPictureSeeded(t *testing.T) {
	a, b, c := randpuzzle.Picture(1, 20, 15, 3, 0.4), randpuzzle.Picture(1, 20, 15, 3, 0.4), randpuzzle.Picture(2, 20, 15, 3, 0.4)
	if !a.Goal.Equal(b.Goal) || a.Goal.Equal(c.Goal) {
		t.Fatal("Picture is not a function of its seed")
	}
	if err := puzzle.Check(a, a.Goal); err != nil {
		t.Fatal(err)
	}
	if a.Width() != 20 || a.Height() != 15 || a.NumColors() != 3 {
		t.Fatalf("size %dx%d, %d colours", a.Width(), a.Height(), a.NumColors())
	}
}
