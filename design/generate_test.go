package design_test

import (
	"context"
	"fmt"
	"testing"

	"github.com/nonosat/nonosat/design"
	"github.com/nonosat/nonosat/linesolve"
	"github.com/nonosat/nonosat/solver"
)

// TestGenerate: every generated puzzle is unique by a re-solve from its
// clues alone (written out and read back, the goal ignored) with the goal
// as its solution, line-solvable by linesolve.State when asked, of the
// size and colours asked, and the same for the same seed.
func TestGenerate(t *testing.T) {
	t.Parallel()
	ctx := context.Background()
	for _, o := range []design.GenerateOptions{
		{Width: 12, Height: 9, Unique: true, Density: 0.5, Seed: 1},
		{Width: 12, Height: 9, LineSolvable: true, Density: 0.5, Seed: 2},
		{Width: 15, Height: 15, LineSolvable: true, Density: 0.45, Seed: 3},
		{Width: 10, Height: 12, Colors: 2, Unique: true, Seed: 4},
		{Width: 14, Height: 10, Colors: 3, LineSolvable: true, Density: 0.5, Seed: 5},
		{Width: 20, Height: 20, Colors: 1, Unique: true, Density: 0.4, Seed: 6},
	} {
		t.Run(fmt.Sprintf("%dx%d-k%d-ls%v-%d", o.Width, o.Height, o.Colors, o.LineSolvable, o.Seed), func(t *testing.T) {
			p, err := design.Generate(ctx, o)
			if err != nil {
				t.Fatal(err)
			}
			if p.Width() != o.Width || p.Height() != o.Height || p.NumColors() != max(o.Colors, 1) {
				t.Fatalf("got %dx%d with %d colours", p.Width(), p.Height(), p.NumColors())
			}
			q := roundTrip(t, p)
			res, err := solver.Solve(ctx, q, solver.Options{IgnoreGoal: true})
			if err != nil {
				t.Fatal(err)
			}
			if res.Verdict != solver.Unique || !res.Solutions[0].Equal(p.Goal) {
				t.Fatalf("re-solve: %s, solution equals the goal: %v", res.Verdict, len(res.Solutions) > 0 && res.Solutions[0].Equal(p.Goal))
			}
			if o.LineSolvable {
				s := linesolve.NewState(q)
				if !s.Propagate() || !s.Solved() {
					t.Fatal("not line-solvable")
				}
			}
			again, err := design.Generate(ctx, o)
			if err != nil || !again.Goal.Equal(p.Goal) {
				t.Fatalf("the same seed gave another puzzle (%v)", err)
			}
		})
	}
}

func TestGenerateErrors(t *testing.T) {
	t.Parallel()
	for _, o := range []design.GenerateOptions{
		{Width: 0, Height: 5},
		{Width: 5, Height: 5, Colors: 99},
		{Width: 5, Height: 5, Density: 1.5},
	} {
		if _, err := design.Generate(context.Background(), o); err == nil {
			t.Errorf("Generate(%+v): no error", o)
		}
	}
}
