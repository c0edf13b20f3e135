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

// TestRecolorKeepsShape: Recolor fills the cells p's goal fills, in more
// than one colour, and its goal satisfies its own clues.
func TestRecolorKeepsShape(t *testing.T) {
	p := randpuzzle.Picture(3, 25, 20, 1, 0.4)
	q := randpuzzle.Recolor(p, 3, 3)
	if err := puzzle.Check(q, q.Goal); err != nil {
		t.Fatal(err)
	}
	used := map[puzzle.Color]bool{}
	for r := range p.Goal {
		for c, v := range p.Goal[r] {
			if w := q.Goal[r][c]; (v == 0) != (w == 0) {
				t.Fatalf("cell (%d, %d): %d in the picture, %d recoloured", r, c, v, w)
			}
			used[q.Goal[r][c]] = true
		}
	}
	if len(used) != 4 || q.NumColors() != 3 {
		t.Fatalf("%d values used, %d colours: want the background and 3", len(used), q.NumColors())
	}
}
