package backend

import (
	"context"
	"fmt"
	"sync"
	"time"

	"github.com/nonosat/nonosat/internal/clock"

	sat "github.com/crillab/gophersat/solver"
	"github.com/go-air/gini"
	"github.com/go-air/gini/z"

	"github.com/nonosat/nonosat/cnf"
)

// Solver is an incremental SAT solver: clauses are only ever added.
type Solver interface {
	// Solve decides the formula so far. On SAT the model is returned. A
	// done context gives clock.Err(ctx) if the solver could stop in time.
	Solve(ctx context.Context) (sat bool, m cnf.Model, err error)
	// Add adds a permanent clause for later calls to Solve.
	Add(c cnf.Clause)
	// Close ends the solver and any process it started.
	Close()
}

// gophersatMu serialises every gophersat call in the process: gophersat
// shares scratch space between solvers, and two solving at once in one
// process crash.
var gophersatMu sync.Mutex

// gophersatBackend runs gophersat in process. Its Solve cannot be
// interrupted: on a done context solve returns at once, but the search
// goes on in the background, holding gophersatMu, until it ends.
type gophersatBackend struct {
	f       *cnf.Formula
	s       *sat.Solver
	pending []cnf.Clause
}

func newGophersat(f *cnf.Formula) *gophersatBackend { return &gophersatBackend{f: f} }

func (b *gophersatBackend) Add(c cnf.Clause) { b.pending = append(b.pending, c) }

func (b *gophersatBackend) Close() {}

func (b *gophersatBackend) Solve(ctx context.Context) (bool, cnf.Model, error) {
	type answer struct {
		sat bool
		m   cnf.Model
	}
	if err := clock.Err(ctx); err != nil {
		return false, nil, err
	}
	done := make(chan answer, 1)
	go func() {
		gophersatMu.Lock()
		defer gophersatMu.Unlock()
		if clock.Err(ctx) != nil { // given up on while waiting for the lock
			done <- answer{}
			return
		}
		if b.s == nil {
			b.s = sat.New(sat.ParseSliceNb(toInts(b.f.Clauses, b.pending), b.f.NumVars))
		} else {
			for _, c := range b.pending {
				b.s.AppendClause(sat.NewClause(toLits(c)))
			}
		}
		b.pending = nil
		if b.s.Solve() != sat.Sat {
			done <- answer{}
			return
		}
		done <- answer{true, append(cnf.Model(nil), b.s.Model()...)}
	}()
	select {
	case a := <-done:
		return a.sat, a.m, nil
	case <-ctx.Done():
		return false, nil, clock.Err(ctx)
	}
}

func toInts(cs ...[]cnf.Clause) [][]int {
	n := 0
	for _, c := range cs {
		n += len(c)
	}
	out := make([][]int, 0, n)
	for _, c := range cs {
		for _, cl := range c {
			ints := make([]int, len(cl))
			for i, l := range cl {
				ints[i] = int(l)
			}
			out = append(out, ints)
		}
	}
	return out
}

func toLits(c cnf.Clause) []sat.Lit {
	ls := make([]sat.Lit, len(c))
	for i, l := range c {
		ls[i] = sat.IntToLit(int32(l))
	}
	return ls
}

// giniBackend runs gini in process. It can be stopped and is safe to run
// concurrently with other gini instances. The formula goes to gini in the
// first solve, which stops loading it when the context ends.
type giniBackend struct {
	g       *gini.Gini
	f       *cnf.Formula
	pending []cnf.Clause // added before the first solve
	nvars   int
	unsat   bool
}

func newGini(f *cnf.Formula) *giniBackend { return &giniBackend{f: f, nvars: f.NumVars} }

// load gives gini the formula and the clauses added so far, asking ctx
// every 65,536 clauses.
func (b *giniBackend) load(ctx context.Context) error {
	b.g = gini.NewVc(b.f.NumVars, len(b.f.Clauses))
	for i, c := range b.f.Clauses {
		if i&0xffff == 0 {
			if err := clock.Err(ctx); err != nil {
				return err
			}
		}
		b.put(c)
	}
	for _, c := range b.pending {
		b.put(c)
	}
	b.pending = nil
	return nil
}

func (b *giniBackend) Add(c cnf.Clause) {
	if b.g == nil {
		b.pending = append(b.pending, c)
		return
	}
	b.put(c)
}

func (b *giniBackend) put(c cnf.Clause) {
	if len(c) == 0 {
		b.unsat = true // gini treats an empty clause as a no-op
		return
	}
	for _, l := range c {
		b.g.Add(z.Dimacs2Lit(int(l)))
	}
	b.g.Add(0)
}

func (b *giniBackend) Close() {}

func (b *giniBackend) Solve(ctx context.Context) (bool, cnf.Model, error) {
	if b.g == nil {
		if err := b.load(ctx); err != nil {
			b.g = nil
			return false, nil, err
		}
	}
	if b.unsat {
		return false, nil, nil
	}
	// gini's Wait holds the lock Stop needs, so poll Test instead.
	s := b.g.GoSolve()
	tick := time.NewTicker(time.Millisecond)
	defer tick.Stop()
	var r int
	for {
		res, done := s.Test()
		if done {
			r = res
			break
		}
		select {
		case <-ctx.Done():
			s.Stop()
			return false, nil, clock.Err(ctx)
		case <-tick.C:
		}
	}
	switch r {
	case 1:
		m := make(cnf.Model, b.nvars)
		for v := 1; v <= b.nvars; v++ {
			m[v-1] = b.g.Value(z.Dimacs2Lit(v))
		}
		return true, m, nil
	case -1:
		return false, nil, nil
	}
	return false, nil, fmt.Errorf("gini: no answer")
}
