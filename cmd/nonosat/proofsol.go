package main

import (
	"bytes"
	"errors"
	"fmt"
	"io"
	"strings"

	"github.com/nonosat/nonosat/cnf"
	"github.com/nonosat/nonosat/drat"
	"github.com/nonosat/nonosat/encode"
	"github.com/nonosat/nonosat/puzzle"
	"github.com/urfave/cli/v2"
)

// isModels tells a solution file (comments, then "s SATISFIABLE") from
// a DRAT proof by its first line that is not a comment.
func isModels(head []byte) bool {
	for _, l := range strings.Split(string(head), "\n") {
		l = strings.TrimSpace(l)
		if l == "" || strings.HasPrefix(l, "c") {
			continue
		}
		return strings.HasPrefix(l, "s ")
	}
	return false
}

// checkModels checks the models of a NAME.sol file against f, whose
// comment lines are comments: see proofCmd. The CNF's header, when it
// has one, turns each model into a grid, which must pass puzzle.Check
// against the header's clues.
func checkModels(c *cli.Context, cnfName, solName string, f *cnf.Formula, comments []string, r io.Reader) error {
	data, err := io.ReadAll(r)
	if err != nil {
		return cli.Exit(fmt.Sprintf("%s: %v", solName, err), exitError)
	}
	hdr, _ := encode.ParseHeader(comments) // nil without a nonosat header
	w := c.App.Writer
	chunks, lines := splitModels(data)
	all := &cnf.Formula{NumVars: f.NumVars, Clauses: f.Clauses}
	butLast := &cnf.Formula{NumVars: f.NumVars, Clauses: f.Clauses[:max(len(f.Clauses)-1, 0)]}
	var grids []puzzle.Grid
	var models []cnf.Model
	fail := ""
	// A model may give some variables only: it is completed by unit
	// propagation over the clauses it must satisfy, then checked.
	complete := all
	if len(chunks) == 1 {
		complete = butLast
	}
	for i, chunk := range chunks {
		st, lits, err := cnf.ReadAssignment(bytes.NewReader(chunk), f.NumVars)
		if err != nil {
			var de *cnf.DIMACSError
			if errors.As(err, &de) {
				return cli.Exit(fmt.Sprintf("%s:%d: %v", solName, lines[i]+de.Line-1, de.Err), exitError)
			}
			return cli.Exit(fmt.Sprintf("%s: %v", solName, err), exitError)
		}
		if st != cnf.Sat {
			return cli.Exit(fmt.Sprintf("%s:%d: answer %v, want SATISFIABLE", solName, lines[i], st), exitError)
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
			fmt.Fprintf(w, "model %d: satisfies the CNF\n", i+1)
		case len(chunks) == 1 && m.Satisfies(butLast):
			fmt.Fprintf(w, "model %d: satisfies every clause but the last, which forbids it\n", i+1)
		default:
			fmt.Fprintf(w, "model %d: falsifies a clause\n", i+1)
			fail = fmt.Sprintf("model %d is no model of %s", i+1, cnfName)
		}
		if hdr != nil && int(hdr.MaxVar()) <= f.NumVars {
			g := hdr.Grid(m)
			if p := hdr.Puzzle(); p != nil {
				if err := puzzle.Check(p, g); err != nil && fail == "" {
					fail = fmt.Sprintf("model %d: %v", i+1, err)
				}
			}
			for j, h := range grids {
				if h.Equal(g) && fail == "" {
					fail = fmt.Sprintf("models %d and %d are the same solution", j+1, i+1)
				}
			}
			grids = append(grids, g)
		}
		for j, n := range models {
			if slicesEqual(n, m) && fail == "" {
				fail = fmt.Sprintf("models %d and %d are the same", j+1, i+1)
			}
		}
		models = append(models, m)
	}
	switch {
	case len(chunks) == 0:
		fail = "no model"
	case fail == "" && len(chunks) > 1:
		fmt.Fprintf(w, "verified: %d different solutions\n", len(chunks))
		return nil
	case fail == "":
		fmt.Fprintln(w, "verified")
		return nil
	}
	fmt.Fprintf(w, "not verified: %s\n", fail)
	return cli.Exit("", exitError)
}

func slicesEqual(a, b cnf.Model) bool {
	if len(a) != len(b) {
		return false
	}
	for i := range a {
		if a[i] != b[i] {
			return false
		}
	}
	return true
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
