package linestate

import (
	"math/rand/v2"
	"testing"

	"github.com/nonosat/nonosat/puzzle"
)

// TestProbeOrder: a round's order holds every undecided cell once, sorted
// by the open cells of its row and column, then by its lines' slack (from
// Clue.MinLen), then by cell number; colour puzzles included, and rounds
// on a scratch that has served before.
func TestProbeOrder(t *testing.T) {
	t.Parallel()
	rng := rand.New(rand.NewPCG(41, 42))
	for i := range 200 {
		h, w := 1+rng.IntN(40), 1+rng.IntN(40)
		g := puzzle.NewGrid(h, w)
		colours := 1 + i%3
		for r := range g {
			for c := range g[r] {
				if rng.IntN(100) < 45 {
					g[r][c] = puzzle.Color(1 + rng.IntN(colours))
				}
			}
		}
		pal := []puzzle.Swatch{puzzle.White}
		for c := range colours {
			pal = append(pal, puzzle.Swatch{Name: string(rune('a' + c))})
		}
		p := puzzle.FromGrid(g, pal)
		s := NewState(p)
		s.Propagate()
		ps := s.prober()
		if i%2 == 1 {
			// A second round on the same scratch, after some probing.
			ps.probeOrder(s)
			s.Probe(1 + rng.IntN(20))
		}
		ps.probeOrder(s)
		// Slack from the clues, apart from the scratch's own.
		slack := make([]int32, h+w)
		for r, cl := range p.Rows {
			slack[r] = int32(max(w-cl.MinLen(), 0))
		}
		for c, cl := range p.Cols {
			slack[h+c] = int32(max(h-cl.MinLen(), 0))
		}
		open := make([]int32, h+w)
		undecided := 0
		for x, d := range s.cells {
			if d&(d-1) != 0 {
				undecided++
				open[x/w]++
				open[h+x%w]++
			}
		}
		if len(ps.order) != undecided {
			t.Fatalf("case %d: %d cells in the order, %d undecided", i, len(ps.order), undecided)
		}
		key := func(x int32) [3]int32 {
			r, c := int(x)/w, h+int(x)%w
			return [3]int32{open[r] + open[c], slack[r] + slack[c], x}
		}
		for j, x := range ps.order {
			if d := s.cells[x]; d&(d-1) == 0 {
				t.Fatalf("case %d: decided cell %d in the order", i, x)
			}
			if j > 0 {
				a, b := key(ps.order[j-1]), key(x)
				if a[0] > b[0] || a[0] == b[0] && (a[1] > b[1] || a[1] == b[1] && a[2] >= b[2]) {
					t.Fatalf("case %d: %v before %v", i, a, b)
				}
			}
		}
	}
}
