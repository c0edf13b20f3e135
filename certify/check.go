package certify

import (
	"bytes"
	"errors"
	"fmt"
	"io"
	"slices"
	"strings"

	"github.com/nonosat/nonosat/cnf"
	"github.com/nonosat/nonosat/decode"
	"github.com/nonosat/nonosat/drat"
	"github.com/nonosat/nonosat/puzzle"
)

// IsSolutions tells a solution file (comments, then "s SATISFIABLE") from
// a DRAT proof by the first line of head that is not a comment.
func IsSolutions(head []byte) bool {
	for _, l := range strings.Split(string(head), "\n") {
		l = strings.TrimSpace(l)
		if l == "" || strings.HasPrefix(l, "c") {
			continue
		}
		return strings.HasPrefix(l, "s ")
	}
	return false
}

// ModelFit says how one model of a solution file fits the CNF.
type ModelFit int

const (
	Satisfies        ModelFit = iota // every clause
	SatisfiesButLast                 // every clause but the last, which forbids it: a unique verdict's model
	Falsifies                        // some clause
)

// CNF is a formula read from a DIMACS file, for [CheckSolutions].
type CNF struct {
	Name     string // the file's name, for messages
	Formula  *cnf.Formula
	Comments []string // its comment lines, which may hold the header of [encode.Encoding.WriteDIMACS]
}

// SolutionsCheck is what [CheckSolutions] found.
type SolutionsCheck struct {
	Models  []ModelFit // one per model, in the file's order
	Failure string     // why the file does not verify; "" when it does
}

// Verified reports whether the solution file verified.
func (c SolutionsCheck) Verified() bool { return c.Failure == "" }

// SolutionsError is a solution file that cannot be read: its name, the
// line (0 when the error has none) and what is wrong.
type SolutionsError struct {
	File string
	Line int
	Err  error
}

func (e *SolutionsError) Error() string {
	if e.Line == 0 {
		return fmt.Sprintf("%s: %v", e.File, e.Err)
	}
	return fmt.Sprintf("%s:%d: %v", e.File, e.Line, e.Err)
}

func (e *SolutionsError) Unwrap() error { return e.Err }

// CheckSolutions checks the models of a solution file (as [Write] makes
// NAME.sol; name is its name, for errors) against the CNF it goes with.
// One model must satisfy the CNF, or every clause but the last (a unique
// verdict's blocking clause); several must each satisfy it, and be
// different. A model may give only some
// variables (NAME.sol gives the cells'): unit propagation over the
// clauses sets the rest, and then every clause is checked. When the CNF
// carries the header of [encode.Encoding.WriteDIMACS], each model is also read as
// a grid, which must pass [puzzle.Check] against the header's clues and
// differ from the others' grids.
//
// A model that does not fit is a failure of the check (see
// [SolutionsCheck.Failure]); a file that cannot be read is an error, a
// *[SolutionsError], with the models checked before it.
func CheckSolutions(in CNF, name string, r io.Reader) (SolutionsCheck, error) {
	var c SolutionsCheck
	f := in.Formula
	data, err := io.ReadAll(r)
	if err != nil {
		return c, &SolutionsError{File: name, Err: err}
	}
	hdr, _ := decode.ParseHeader(in.Comments) // nil without a nonosat header
	chunks, lines := splitModels(data)
	all := &cnf.Formula{NumVars: f.NumVars, Clauses: f.Clauses}
	butLast := &cnf.Formula{NumVars: f.NumVars, Clauses: f.Clauses[:max(len(f.Clauses)-1, 0)]}
	// A model is completed by unit propagation over the clauses it must
	// satisfy: all of them, or all but the blocking clause of a unique
	// verdict's one model.
	complete := all
	if len(chunks) == 1 {
		complete = butLast
	}
	var grids []puzzle.Grid
	var models []cnf.Model
	fail := func(format string, args ...any) {
		if c.Failure == "" {
			c.Failure = fmt.Sprintf(format, args...)
		}
	}
	for i, chunk := range chunks {
		st, lits, err := cnf.ReadAssignment(bytes.NewReader(chunk), f.NumVars)
		if err != nil {
			var de *cnf.DIMACSError
			if errors.As(err, &de) {
				return c, &SolutionsError{File: name, Line: lines[i] + de.Line - 1, Err: de.Err}
			}
			return c, &SolutionsError{File: name, Err: err}
		}
		if st != cnf.Sat {
			return c, &SolutionsError{File: name, Line: lines[i], Err: fmt.Errorf("answer %v, want SATISFIABLE", st)}
		}
		m, ok := drat.Complete(complete, lits)
		if !ok {
			m = make(cnf.Model, f.NumVars) // its literals conflict: no model
			for _, l := range lits {
				m[l.Var()-1] = l.IsPos()
			}
		}
		switch {
		case m.Satisfies(all):
			c.Models = append(c.Models, Satisfies)
		case len(chunks) == 1 && m.Satisfies(butLast):
			c.Models = append(c.Models, SatisfiesButLast)
		default:
			c.Models = append(c.Models, Falsifies)
			c.Failure = fmt.Sprintf("model %d is no model of %s", i+1, in.Name) // the last such model
		}
		if hdr != nil && int(hdr.MaxVar()) <= f.NumVars {
			g := hdr.Grid(m)
			if p := hdr.Puzzle(); p != nil {
				if err := puzzle.Check(p, g); err != nil {
					fail("model %d: %v", i+1, err)
				}
			}
			for j, h := range grids {
				if h.Equal(g) {
					fail("models %d and %d are the same solution", j+1, i+1)
				}
			}
			grids = append(grids, g)
		}
		for j, n := range models {
			if slices.Equal(n, m) {
				fail("models %d and %d are the same", j+1, i+1)
			}
		}
		models = append(models, m)
	}
	if len(chunks) == 0 {
		c.Failure = "no model"
	}
	return c, nil
}

// splitModels cuts a solution file before each status line ("s ..."),
// comments before it included, and gives the first line of each piece.
func splitModels(data []byte) (chunks [][]byte, first []int) {
	var cur []byte
	start, n := 1, 0
	seenStatus := false
	for _, l := range bytes.SplitAfter(data, []byte("\n")) {
		n++
		if bytes.HasPrefix(bytes.TrimSpace(l), []byte("s ")) {
			if seenStatus {
				chunks, first = append(chunks, cur), append(first, start)
				cur, start = nil, n
			}
			seenStatus = true
		}
		if cur == nil {
			start = n
		}
		cur = append(cur, l...)
	}
	if seenStatus {
		chunks, first = append(chunks, cur), append(first, start)
	}
	return chunks, first
}
