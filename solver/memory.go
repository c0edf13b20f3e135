package solver

import (
	"github.com/nonosat/nonosat/learner"
	"github.com/nonosat/nonosat/puzzle"
)

// MemoryFactor is how many times the formula's own bytes
// (encode.FormulaBytes) a solve takes in all, parent and SAT worker
// together, once the back end has the formula. Measured on a random
// 200×200 three-colour puzzle at 50 % with --no-presolve (18.1 M clauses,
// 54.7 M literals, 693 MB by FormulaBytes): the parent's Go heap reached
// 2.0 GB (the clause list grows by doubling, and the collector lets the
// heap reach twice what is live), and parent and gophersat worker 3.2 GB
// after 30 s; learned clauses add more the longer the search runs.
const MemoryFactor = 6

// formulaBudget is the share of o.MaxMemory the formula may take while
// it is built (0: no limit).
func formulaBudget(o Options) int64 {
	if o.MaxMemory <= 0 {
		return 0
	}
	return max(o.MaxMemory/MemoryFactor, 1)
}

// learnerBudget is the share of o.MaxMemory that the learner's clauses
// and the solutions kept may take (0: no limit): a fifth, as the
// collector lets the heap reach twice what is live and the arrays that
// grow by doubling leave their old halves behind. Counting the 30!
// solutions of a 30×30 puzzle (count --max 0), the process peaked at 49,
// 89, 155 and 697 MB under --max-memory 50M, 100M, 200M and 1G (with a
// third, 75 MB under 50M).
func learnerBudget(o Options) int64 {
	if o.MaxMemory <= 0 {
		return 0
	}
	return max(o.MaxMemory/5, 1)
}

// learnerFits reports whether the arrays of the learners (two for the
// portfolio) take at most half of o.MaxMemory: they come before any
// clause, and before the deadline is asked (6 GB and seconds for a
// 1000×1000 puzzle in 63 colours); the other half is for the clauses
// (learnerBudget), the presolved state and the collector's slack.
func learnerFits(o Options, p *puzzle.Puzzle) bool {
	n := int64(1)
	if o.Portfolio {
		n = 2
	}
	return o.MaxMemory <= 0 || n*learner.Footprint(p.Height(), p.Width(), p.NumColors()) <= o.MaxMemory/2
}

// enumerationFull reports whether an enumeration that has found found
// solutions, whose kept solutions and blocking clauses take about bytes,
// should stop at budget (0: no limit). Only enumeration fills the
// memory: before a second solution a search blocks at most one, and the
// learner halves its learnt clauses as they pile up, so a search for the
// verdict is never stopped (it would end as "timeout").
func enumerationFull(budget int64, found int, bytes int64) bool {
	return budget > 0 && found >= 2 && bytes > budget
}

// gridsBytes is about how much memory n solution grids of p take.
func gridsBytes(p *puzzle.Puzzle, n int) int64 {
	h, w := p.Height(), p.Width()
	return int64(n) * int64(24+h*(24+w))
}
