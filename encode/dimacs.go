package encode

import (
	"errors"
	"fmt"
	"io"
	"strconv"
	"strings"
	"unicode"
	"unicode/utf8"

	"github.com/nonosat/nonosat/cnf"
	"github.com/nonosat/nonosat/puzzle"
)

// HeaderLine opens every header that [Encoding.WriteDIMACS] writes; the
// number is the header's version. Package decode reads the header.
const HeaderLine = "nonosat dimacs 1"

// DIMACSOptions choose what [Encoding.WriteDIMACS] writes besides the
// formula.
type DIMACSOptions struct {
	// NoUnits leaves out the unit clauses that fix cells (cells presolving
	// decided, or with one colour possible). The header lists those cells
	// on "fixed" lines instead; their variables then appear in no clause.
	NoUnits bool
	// Block adds the blocking clause ([Encoding.Block]) of each grid, so
	// that the formula asks for a solution other than these.
	Block []puzzle.Grid
}

// Header returns the comment lines that describe e, the encoding of p,
// as [Encoding.WriteDIMACS] writes them by default: enough to turn a model
// into a grid without nonosat. The grammar is in the package doc.
func (e *Encoding) Header(p *puzzle.Puzzle) []string { return e.header(p, false, 0) }

// WriteDIMACS writes e's formula in DIMACS form to w, after the header
// ([Encoding.Header]) for p, the puzzle e encodes. It fails if p or a grid
// to block does not have e's size.
func (e *Encoding) WriteDIMACS(w io.Writer, p *puzzle.Puzzle, o DIMACSOptions) error {
	if p.Width() != e.width || p.Height() != e.height {
		return fmt.Errorf("puzzle is %dx%d, encoding %dx%d", p.Width(), p.Height(), e.width, e.height)
	}
	f := cnf.Formula{NumVars: e.Formula.NumVars, Clauses: e.Formula.Clauses}
	if o.NoUnits && e.text != nil {
		return errors.New("encode: NoUnits needs an encoding with its clauses (Puzzle without WithText)")
	}
	if o.NoUnits {
		f.Clauses = e.withoutFixedUnits()
	}
	for i, g := range o.Block {
		if len(g) != e.height || (e.height > 0 && len(g[0]) != e.width) {
			return fmt.Errorf("grid %d to block is not %dx%d", i+1, e.width, e.height)
		}
		for r := range g {
			if len(g[r]) != e.width {
				return fmt.Errorf("grid %d to block: row %d has %d cells, want %d", i+1, r+1, len(g[r]), e.width)
			}
		}
		block, ok := e.Block(g)
		if !ok {
			return fmt.Errorf("grid %d to block is not a solution: a cell has a colour the clues rule out", i+1)
		}
		f.Clauses = append(f.Clauses[:len(f.Clauses):len(f.Clauses)], block)
	}
	if e.text != nil {
		return e.writeText(w, f.Clauses, e.header(p, false, len(o.Block)))
	}
	return f.WriteDIMACS(w, e.header(p, o.NoUnits, len(o.Block))...)
}

// writeText writes the DIMACS form of a WithText encoding, with the
// clauses more after its own, in the form of [cnf.Formula.WriteDIMACS].
func (e *Encoding) writeText(w io.Writer, more []cnf.Clause, header []string) error {
	var buf []byte
	for _, h := range header {
		for _, l := range strings.Split(h, "\n") {
			buf = append(append(append(buf, "c "...), l...), '\n')
		}
	}
	buf = fmt.Appendf(buf, "p cnf %d %d\n", e.Formula.NumVars, e.text.clauses+len(more))
	if _, err := w.Write(buf); err != nil {
		return err
	}
	if _, err := w.Write(e.text.body); err != nil {
		return err
	}
	buf = buf[:0]
	for _, c := range more {
		for _, l := range c {
			buf = append(strconv.AppendInt(buf, int64(l), 10), ' ')
		}
		buf = append(buf, '0', '\n')
	}
	_, err := w.Write(buf)
	return err
}

// withoutFixedUnits returns the clauses less the unit clauses of fixed
// cells.
func (e *Encoding) withoutFixedUnits() []cnf.Clause {
	fixed := make([]bool, e.Formula.NumVars+1)
	for _, x := range e.cells {
		if len(x.vals) == 1 {
			fixed[x.lits[0].Var()] = true
		}
	}
	out := make([]cnf.Clause, 0, len(e.Formula.Clauses))
	for _, c := range e.Formula.Clauses {
		if len(c) == 1 && fixed[c[0].Var()] {
			continue
		}
		out = append(out, c)
	}
	return out
}

func (e *Encoding) header(p *puzzle.Puzzle, noUnits bool, blocks int) []string {
	lines := []string{
		HeaderLine,
		"title " + strconv.Quote(p.Title),
		fmt.Sprintf("width %d", e.width),
		fmt.Sprintf("height %d", e.height),
	}
	pal := p.Palette
	if len(pal) == 0 {
		pal = puzzle.BlackWhite()
	}
	for k := range e.numColors + 1 {
		sw := puzzle.Swatch{}
		if k < len(pal) {
			sw = pal[k]
		}
		lines = append(lines, fmt.Sprintf("palette %d %s %s %s", k, word(sw.Name), sw.RGB, word(string(p.Char(puzzle.Color(k))))))
	}
	for r, c := range p.Rows {
		lines = append(lines, fmt.Sprintf("row %d %s", r+1, c))
	}
	for c, cl := range p.Cols {
		lines = append(lines, fmt.Sprintf("col %d %s", c+1, cl))
	}
	bw := e.numColors == 1
	var fixed []string
	for r := range e.height {
		for c := range e.width {
			x := e.at(r, c)
			if noUnits && len(x.vals) == 1 {
				fixed = append(fixed, fmt.Sprintf("fixed %d %d %d", r+1, c+1, x.vals[0]))
				continue
			}
			for i, v := range x.vals {
				if bw && len(x.vals) == 2 && v == 0 {
					continue // the negation of the colour 1 literal
				}
				lines = append(lines, fmt.Sprintf("cell %d %d %d %d", r+1, c+1, v, x.lits[i]))
			}
		}
	}
	lines = append(lines, fixed...)
	if blocks > 0 {
		lines = append(lines, fmt.Sprintf("block %d", blocks))
	}
	return lines
}

// word gives s as one header word: as it is when it is non-empty and
// holds no space, control character or double quote, else Go-quoted.
func word(s string) string {
	if s == "" || !utf8.ValidString(s) || strings.ContainsFunc(s, func(r rune) bool {
		return r == '"' || unicode.IsSpace(r) || !unicode.IsPrint(r)
	}) {
		return strconv.Quote(s)
	}
	return s
}
