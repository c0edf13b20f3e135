package encode

import (
	"context"
	"fmt"

	"github.com/nonosat/nonosat/internal/clock"

	"github.com/nonosat/nonosat/cnf"
)

// WithMaxBytes makes [Puzzle] stop with a *[TooBigError] as soon as the
// formula it builds holds more than n bytes of memory (counted as
// [FormulaBytes] does; with [WithText], bytes of DIMACS text); 0 or less
// means no budget.
func WithMaxBytes(n int64) Option { return func(c *config) { c.maxBytes = max(n, 0) } }

// TooBigError says that a formula passed its budget while being built,
// with an estimate of the whole: what was built, scaled by the lines
// still to encode.
type TooBigError struct {
	Budget int64 // bytes allowed
	Bytes  int64 // estimated bytes of the whole formula
	Vars   int   // estimated variables
	Clause int   // estimated clauses
}

func (e *TooBigError) Error() string {
	return fmt.Sprintf("the CNF formula would take about %s of memory (%s), over the budget of %s", Bytes(e.Bytes), e.Size(), Bytes(e.Budget))
}

// Size gives the estimated variables and clauses, as "5.8 M variables,
// 18.1 M clauses".
func (e *TooBigError) Size() string {
	return count(e.Vars) + " variables, " + count(e.Clause) + " clauses"
}

// clauseBytes is the memory one clause of n literals takes in a
// cnf.Formula: its slice header and its literals, in the 8-byte size
// classes of Go's allocator.
func clauseBytes(n int) int64 { return 24 + 8*int64((n+1)/2) }

// FormulaBytes estimates the memory f takes: its clause slices and their
// literals.
func FormulaBytes(f *cnf.Formula) int64 {
	var b int64
	for _, c := range f.Clauses {
		b += clauseBytes(len(c))
	}
	return b
}

// meter follows a formula's size as it grows: first the rows of cell
// variables, then the lines.
type meter struct {
	max         int64
	text        *textCNF // WithText's clauses: their bytes are counted
	rows, lines int      // rows of cell variables, lines to encode
	seen        int      // clauses counted so far
	bytes       int64    // their bytes
	cellBytes   int64    // the bytes of the cell variables' clauses, once done
	cellVars    int
	cellClauses int
	cellsDone   bool
}

// check returns ctx's error, or a *TooBigError if f has passed the
// budget; done is the number of cell rows done, or of lines once
// cellsDone is set. The estimate of the whole scales what was built by
// the steps left of its kind.
func (m *meter) check(ctx context.Context, f *cnf.Formula, done int) error {
	if err := clock.Err(ctx); err != nil {
		return err
	}
	if m.max <= 0 {
		return nil
	}
	clauses := m.measure(f)
	if m.bytes <= m.max {
		return nil
	}
	scale := func(n, base int64) int64 {
		if !m.cellsDone {
			return n * int64(m.rows) / int64(max(done, 1)) // and the lines to come, unknown
		}
		return base + (n-base)*int64(m.lines)/int64(max(done, 1))
	}
	return &TooBigError{Budget: m.max, Bytes: scale(m.bytes, m.cellBytes),
		Vars: int(scale(int64(f.NumVars), int64(m.cellVars))), Clause: int(scale(int64(clauses), int64(m.cellClauses)))}
}

// endCells notes that the cell variables are done and the lines come.
func (m *meter) endCells(f *cnf.Formula) {
	clauses := m.measure(f)
	m.cellBytes, m.cellVars, m.cellClauses, m.cellsDone = m.bytes, f.NumVars, clauses, true
}

// measure brings m.bytes up to date with f (or, with WithText, with the
// text of its clauses) and returns the number of clauses so far.
func (m *meter) measure(f *cnf.Formula) (clauses int) {
	if m.text != nil {
		m.bytes = int64(len(m.text.body))
		return m.text.clauses
	}
	for _, c := range f.Clauses[m.seen:] {
		m.bytes += clauseBytes(len(c))
	}
	m.seen = len(f.Clauses)
	return len(f.Clauses)
}

// Bytes formats a byte count for people: 512 B, 3.4 MB, 12 GB (powers of
// 1000, as disk sizes are given).
func Bytes(n int64) string {
	switch {
	case n < 1000:
		return fmt.Sprintf("%d B", n)
	case n < 1e6:
		return fmt.Sprintf("%.1f kB", float64(n)/1e3)
	case n < 1e9:
		return fmt.Sprintf("%.1f MB", float64(n)/1e6)
	}
	return fmt.Sprintf("%.1f GB", float64(n)/1e9)
}

// count formats a large count for people: 15.7 M.
func count(n int) string {
	switch {
	case n < 10_000:
		return fmt.Sprint(n)
	case n < 1e6:
		return fmt.Sprintf("%.0f k", float64(n)/1e3)
	}
	return fmt.Sprintf("%.1f M", float64(n)/1e6)
}
