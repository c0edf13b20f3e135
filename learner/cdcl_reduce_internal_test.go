package learner

import (
	"slices"
	"testing"

	"github.com/nonosat/nonosat/linesolve"
	"github.com/nonosat/nonosat/puzzle"
)

// TestReduceDBKeeps: reduceDB's keep rule on learnt clauses of known LBD,
// activity and use. Before Params.ReduceUsedAfter conflicts, the half of
// all learnt clauses of largest LBD (then lowest activity) go unless their
// LBD is at most KeepLBD or they are reasons, whatever their use; after,
// a clause used within the last ReduceUsedRounds halvings stays, and the
// share ReduceUsedTarget of the others of LBD over KeepLBD goes.
func TestReduceDBKeeps(t *testing.T) {
	t.Parallel()
	// Clauses by name: LBD, activity, halvings left to survive unused.
	type cl struct {
		name     string
		lbd      int
		act      float32
		used     uint8
		isReason bool
	}
	clauses := []cl{
		{"a", 9, 1, 0, false},
		{"b", 9, 2, 2, false},
		{"c", 8, 1, 1, false},
		{"d", 7, 5, 0, false},
		{"e", 6, 1, 0, true},
		{"f", 5, 1, 0, false},
		{"g", 4, 3, 0, false},
		{"h", 4, 9, 0, false},
		{"i", 2, 0, 0, false},
		{"j", 1, 0, 2, false},
	}
	tests := []struct {
		name   string
		before int     // conflicts short of ReduceUsedAfter
		target float64 // ReduceUsedTarget
		kept   string
		used   string // the clauses kept with a use left, after
	}{
		// Sorted a b c d e f g h (i, j: LBD ≤ 2); the first five of ten
		// go but e, a reason.
		{"before the tier", 1, 0.75, "efghij", "j"},
		// b, c, j used: kept. Of a d e f g h i, i has LBD 2: half of
		// the six others go, a d and e, which stays as a reason; or
		// three quarters, a d e f.
		{"after", 0, 0.5, "bcefghij", "bj"},
		{"after, three quarters", 0, 0.75, "bceghij", "bj"},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			g := puzzle.NewGrid(8, 8)
			for i := range 8 {
				g[i][i] = 1 // a cell a line: no line solving decides a cell
			}
			p := puzzle.FromGrid(g, puzzleColors(1))
			c := newCDCLOf(linesolve.NewState(p))
			if c.unsat {
				t.Fatal("the puzzle has no solution")
			}
			byIdx := map[int32]string{}
			for k, x := range clauses {
				lits := []int32{int32(2 * k), int32(2*k + 3)} // cells 0 to 10, open
				if x.isReason {
					lits = []int32{int32(2*k + 1), int32(2*k + 2)}
				}
				ci := c.addClause(lits, true, x.lbd)
				c.clauses[ci].act, c.clauses[ci].used = x.act, x.used
				byIdx[ci] = x.name
				if x.isReason {
					c.lim = append(c.lim, int32(len(c.trail)))
					c.assign(lits[0], ci)
				}
			}
			c.conflicts = c.p.ReduceUsedAfter - tt.before
			c.p.ReduceUsedTarget = tt.target
			c.reduceDB()
			var kept, used []byte
			for _, ci := range c.learnts {
				kept = append(kept, byIdx[ci][0])
				if c.clauses[ci].used > 0 {
					used = append(used, byIdx[ci][0])
				}
			}
			slices.Sort(kept)
			slices.Sort(used)
			if string(kept) != tt.kept || string(used) != tt.used {
				t.Errorf("reduceDB kept %s (used %s), want %s (used %s)", kept, used, tt.kept, tt.used)
			}
			for ci, x := range c.clauses {
				if x.deleted == slices.Contains(c.learnts, int32(ci)) {
					t.Errorf("clause %s: deleted %v, but in the learnt list %v", byIdx[int32(ci)], x.deleted, !x.deleted)
				}
			}
		})
	}
}
