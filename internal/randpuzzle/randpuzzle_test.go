package randpuzzle_test

import (
	"math"
	"testing"

	"github.com/nonosat/nonosat/internal/randpuzzle"
	"github.com/nonosat/nonosat/puzzle"
)

func TestPictureGoalPassesCheck(t *testing.T) {
	for _, colors := range []int{1, 3, 8} {
		p := randpuzzle.Picture(7, 30, 20, colors, 0.6)
		if err := p.Validate(); err != nil {
			t.Fatalf("Picture(7, 30, 20, %d, 0.6).Validate() = %v", colors, err)
		}
		if err := puzzle.Check(p, p.Goal); err != nil {
			t.Errorf("Check(Picture(7, 30, 20, %d, 0.6), its goal) = %v, want nil", colors, err)
		}
		if p.Width() != 30 || p.Height() != 20 || p.NumColors() > colors {
			t.Errorf("Picture(7, 30, 20, %d, 0.6) is %dx%d with %d colours", colors, p.Width(), p.Height(), p.NumColors())
		}
	}
}

func TestPictureSeededAndDense(t *testing.T) {
	a, b := randpuzzle.Picture(1, 100, 100, 3, 0.7).Goal, randpuzzle.Picture(1, 100, 100, 3, 0.7).Goal
	if !a.Equal(b) {
		t.Fatal("Picture(1, …) differs between two calls")
	}
	if c := randpuzzle.Picture(2, 100, 100, 3, 0.7).Goal; a.Equal(c) {
		t.Error("Picture with seeds 1 and 2 gave the same grid")
	}
	filled := 0
	for _, row := range a {
		for _, v := range row {
			if v > 3 {
				t.Fatalf("Picture(…, 3 colours, …) has colour %d", v)
			}
			if v != 0 {
				filled++
			}
		}
	}
	if d := float64(filled) / 10000; math.Abs(d-0.7) > 0.03 {
		t.Errorf("Picture(…, density 0.7) filled %.3f of its cells", d)
	}
}
