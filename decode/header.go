package decode

import (
	"errors"
	"fmt"
	"io"
	"math"
	"strconv"
	"strings"
	"unicode"
	"unicode/utf8"

	"github.com/nonosat/nonosat/cnf"
	"github.com/nonosat/nonosat/encode"
	"github.com/nonosat/nonosat/puzzle"
)

// ErrHeader is wrapped by every error [ParseHeader] returns.
var ErrHeader = errors.New("bad nonosat header")

// HeaderError is a header syntax error with the number of its comment
// line, counting comment lines only (in a file nonosat wrote, the header
// comes first and the number is the file's line).
type HeaderError struct {
	Line int
	Err  error
}

func (e *HeaderError) Error() string { return fmt.Sprintf("line %d: %v", e.Line, e.Err) }
func (e *HeaderError) Unwrap() error { return e.Err }

// Map is the cell map a CNF header gives: enough to turn a model into a
// grid without the puzzle.
type Map struct {
	Title         string
	Width, Height int
	Palette       []puzzle.Swatch // [0] is the background
	Rows, Cols    []puzzle.Clue   // nil when the header gives no clues
	Blocked       int             // the last Blocked clauses forbid known solutions

	cells  [][]mapLit // r*Width + c
	fixed  []int      // the fixed colour, or -1
	maxVar cnf.Var
}

// mapLit is one "cell" line: the cell has color when lit is true.
type mapLit struct {
	color puzzle.Color
	lit   cnf.Lit
}

// MaxVar is the largest variable the map mentions; a formula with fewer
// variables does not go with it.
func (m *Map) MaxVar() cnf.Var { return m.maxVar }

// Grid reads the colour of every cell from model: a fixed cell's colour,
// or else the colour of the first "cell" line of the cell whose literal is
// true, or else the background. Callers check the grid with
// [puzzle.Check].
func (m *Map) Grid(model cnf.Model) puzzle.Grid {
	g := puzzle.NewGrid(m.Height, m.Width)
	for r := range m.Height {
		for c := range m.Width {
			i := r*m.Width + c
			if m.fixed[i] >= 0 {
				g[r][c] = puzzle.Color(m.fixed[i])
				continue
			}
			for _, x := range m.cells[i] {
				if model.Value(x.lit) {
					g[r][c] = x.color
					break
				}
			}
		}
	}
	return g
}

// Puzzle returns the puzzle the header describes, with its title, palette
// and clues, or nil when the header gives no clues.
func (m *Map) Puzzle() *puzzle.Puzzle {
	if m.Rows == nil {
		return nil
	}
	return &puzzle.Puzzle{Title: m.Title, Palette: m.Palette, Rows: m.Rows, Cols: m.Cols}
}

// ParseHeader reads the header of a CNF that nonosat wrote from its
// comment lines, as [cnf.ReadDIMACS] returns them. Lines before the
// "nonosat dimacs 1" line, and lines whose first word is no keyword of
// the header, are ignored. Errors are *HeaderError values wrapping
// ErrHeader.
func ParseHeader(comments []string) (*Map, error) {
	start := -1
	for i, l := range comments {
		if fs := strings.Fields(l); len(fs) >= 2 && fs[0] == "nonosat" && fs[1] == "dimacs" {
			start = i
			break
		}
	}
	if start < 0 {
		return nil, fmt.Errorf("%w: no %q line (the CNF was not written by nonosat dimacs)", ErrHeader, encode.HeaderLine)
	}
	hp := &headerParser{m: &Map{}}
	for i := start; i < len(comments); i++ {
		if err := hp.line(comments[i]); err != nil {
			return nil, &HeaderError{Line: i + 1, Err: fmt.Errorf("%w: %v", ErrHeader, err)}
		}
	}
	if err := hp.finish(); err != nil {
		return nil, &HeaderError{Line: len(comments), Err: fmt.Errorf("%w: %v", ErrHeader, err)}
	}
	return hp.m, nil
}

// headerParser holds what ParseHeader has read so far.
type headerParser struct {
	m              *Map
	seen           map[string]bool // title, width, height, block
	rowSet, colSet []bool
	sized          bool
}

// line reads one comment line of the header.
func (hp *headerParser) line(l string) error {
	ws, err := words(l)
	if err != nil {
		return err
	}
	if len(ws) == 0 {
		return nil
	}
	key, args := ws[0], ws[1:]
	switch key {
	case "nonosat":
		if l != encode.HeaderLine {
			return fmt.Errorf("header %q, want %q (a newer nonosat wrote it?)", l, encode.HeaderLine)
		}
	case "title":
		if err := arity(args, 1, "title TEXT", l); err != nil {
			return err
		}
		hp.m.Title = args[0]
	case "width", "height":
		if err := hp.dimension(key, args, l); err != nil {
			return err
		}
	case "block":
		if err := arity(args, 1, "block N", l); err != nil {
			return err
		}
		n, err := number(args[0], 0, math.MaxInt32)
		if err != nil {
			return fmt.Errorf("block: %v", err)
		}
		hp.m.Blocked = n
	case "palette":
		return hp.palette(args, l)
	case "row", "col":
		return hp.clueLine(key, args, l)
	case "cell", "fixed":
		return hp.cell(key, args, l)
	default:
		return nil // not ours: ignored
	}
	return hp.once(key)
}

// arity checks that line l, of the given form, has n arguments.
func arity(args []string, n int, form, l string) error {
	if len(args) != n {
		return fmt.Errorf("want %q, have %q", form, l)
	}
	return nil
}

// once checks that the line of key is the first of its kind.
func (hp *headerParser) once(key string) error {
	if hp.seen == nil {
		hp.seen = make(map[string]bool)
	}
	if hp.seen[key] {
		return fmt.Errorf("second %q line", key)
	}
	hp.seen[key] = true
	return nil
}

// dimension reads a "width N" or "height N" line.
func (hp *headerParser) dimension(key string, args []string, l string) error {
	if err := arity(args, 1, key+" N", l); err != nil {
		return err
	}
	if hp.sized {
		return fmt.Errorf("%s after the first cell or clue", key)
	}
	n, err := number(args[0], 1, puzzle.MaxSide)
	if err != nil {
		return fmt.Errorf("%s: %v", key, err)
	}
	if key == "width" {
		hp.m.Width = n
	} else {
		hp.m.Height = n
	}
	return nil
}

// palette reads a "palette K NAME #RRGGBB CHAR" line: colours come in
// order, before the first cell or clue.
func (hp *headerParser) palette(args []string, l string) error {
	m := hp.m
	if err := arity(args, 4, "palette K NAME #RRGGBB CHAR", l); err != nil {
		return err
	}
	if hp.sized {
		return errors.New("palette after the first cell or clue")
	}
	k, err := number(args[0], 0, puzzle.MaxColors)
	if err != nil {
		return fmt.Errorf("palette: %v", err)
	}
	if k != len(m.Palette) {
		return fmt.Errorf("palette %d, want %d next", k, len(m.Palette))
	}
	rgb, err := puzzle.ParseRGB(args[2])
	if err != nil {
		return err
	}
	ch, n := utf8.DecodeRuneInString(args[3])
	if n == 0 || n != len(args[3]) {
		return fmt.Errorf("palette %d: character %q is not one character", k, args[3])
	}
	m.Palette = append(m.Palette, puzzle.Swatch{Name: args[1], RGB: rgb, Char: ch})
	return nil
}

// clueLine reads a "row N CLUE" or "col N CLUE" line.
func (hp *headerParser) clueLine(key string, args []string, l string) error {
	m := hp.m
	if len(args) < 2 {
		return fmt.Errorf("want %q, have %q", key+" N CLUE", l)
	}
	if err := hp.size(); err != nil {
		return err
	}
	lines, set, n := &m.Rows, hp.rowSet, m.Height
	if key == "col" {
		lines, set, n = &m.Cols, hp.colSet, m.Width
	}
	i, err := number(args[0], 1, n)
	if err != nil {
		return fmt.Errorf("%s: %v", key, err)
	}
	if set[i-1] {
		return fmt.Errorf("second clue for %s %d", key, i)
	}
	set[i-1] = true
	clue, err := hp.clue(args[1:])
	if err != nil {
		return fmt.Errorf("%s %d: %v", key, i, err)
	}
	(*lines)[i-1] = clue
	return nil
}

// cell reads a "cell ROW COL COLOUR LITERAL" or "fixed ROW COL COLOUR"
// line: a cell has literals or is fixed, never both.
func (hp *headerParser) cell(key string, args []string, l string) error {
	m := hp.m
	form := "cell ROW COL COLOUR LITERAL"
	if key == "fixed" {
		form = "fixed ROW COL COLOUR"
	}
	if err := arity(args, strings.Count(form, " "), form, l); err != nil {
		return err
	}
	if err := hp.size(); err != nil {
		return err
	}
	r, err := number(args[0], 1, m.Height)
	if err != nil {
		return fmt.Errorf("%s: row: %v", key, err)
	}
	c, err := number(args[1], 1, m.Width)
	if err != nil {
		return fmt.Errorf("%s: column: %v", key, err)
	}
	k, err := number(args[2], 0, len(m.Palette)-1)
	if err != nil {
		return fmt.Errorf("%s %d %d: colour: %v", key, r, c, err)
	}
	i := (r-1)*m.Width + c - 1
	if m.fixed[i] >= 0 {
		return fmt.Errorf("cell %d %d is already fixed", r, c)
	}
	if key == "fixed" {
		if len(m.cells[i]) > 0 {
			return fmt.Errorf("cell %d %d has a variable and cannot be fixed", r, c)
		}
		m.fixed[i] = k
		return nil
	}
	x, err := strconv.ParseInt(args[3], 10, 32)
	if err != nil || x == 0 || x == math.MinInt32 {
		return fmt.Errorf("cell %d %d: %q is not a literal", r, c, args[3])
	}
	for _, y := range m.cells[i] {
		if y.color == puzzle.Color(k) {
			return fmt.Errorf("cell %d %d: second literal for colour %d", r, c, k)
		}
	}
	lit := cnf.Lit(x)
	m.cells[i] = append(m.cells[i], mapLit{puzzle.Color(k), lit})
	m.maxVar = max(m.maxVar, lit.Var())
	return nil
}

// size ends the size and palette lines, at the first cell or clue line.
func (hp *headerParser) size() error {
	if hp.sized {
		return nil
	}
	m := hp.m
	if m.Width == 0 || m.Height == 0 {
		return errors.New("cell or clue before the width and height lines")
	}
	if len(m.Palette) == 0 {
		m.Palette = puzzle.BlackWhite()
	}
	if len(m.Palette) < 2 {
		return errors.New("palette has no colour besides the background")
	}
	m.cells = make([][]mapLit, m.Width*m.Height)
	m.fixed = make([]int, m.Width*m.Height)
	for i := range m.fixed {
		m.fixed[i] = -1
	}
	m.Rows, m.Cols = make([]puzzle.Clue, m.Height), make([]puzzle.Clue, m.Width)
	hp.rowSet, hp.colSet = make([]bool, m.Height), make([]bool, m.Width)
	hp.sized = true
	return nil
}

// clue reads a clue written by [puzzle.Clue.String]: block lengths, each
// with ":COLOUR" unless it is colour 1, or "0" for an empty line.
func (hp *headerParser) clue(items []string) (puzzle.Clue, error) {
	if len(items) == 1 && items[0] == "0" {
		return puzzle.Clue{}, nil
	}
	clue := make(puzzle.Clue, 0, len(items))
	for _, it := range items {
		ls, cs, hasColor := strings.Cut(it, ":")
		n, err := number(ls, 1, puzzle.MaxSide)
		if err != nil {
			return nil, fmt.Errorf("block %q: %v", it, err)
		}
		k := 1
		if hasColor {
			if k, err = number(cs, 1, len(hp.m.Palette)-1); err != nil {
				return nil, fmt.Errorf("block %q: colour: %v", it, err)
			}
		}
		clue = append(clue, puzzle.Block{Len: n, Color: puzzle.Color(k)})
	}
	return clue, nil
}

func (hp *headerParser) finish() error {
	m := hp.m
	if !hp.seen["width"] || !hp.seen["height"] {
		return errors.New("no width and height lines")
	}
	if err := hp.size(); err != nil {
		return err
	}
	for i := range m.cells {
		if len(m.cells[i]) == 0 && m.fixed[i] < 0 {
			return fmt.Errorf("cell %d %d has no literal and is not fixed", i/m.Width+1, i%m.Width+1)
		}
	}
	rows, cols := 0, 0
	for _, b := range hp.rowSet {
		if b {
			rows++
		}
	}
	for _, b := range hp.colSet {
		if b {
			cols++
		}
	}
	switch {
	case rows == 0 && cols == 0:
		m.Rows, m.Cols = nil, nil
	case rows != m.Height || cols != m.Width:
		return fmt.Errorf("clues for %d of %d rows and %d of %d columns", rows, m.Height, cols, m.Width)
	}
	return nil
}

// number reads a decimal integer in [lo, hi].
func number(s string, lo, hi int) (int, error) {
	n, err := strconv.Atoi(s)
	if err != nil {
		return 0, fmt.Errorf("%q is not a number", s)
	}
	if n < lo || n > hi {
		return 0, fmt.Errorf("%d is not in %d..%d", n, lo, hi)
	}
	return n, nil
}

// words splits a header line into words: runs of non-space characters, or
// Go-quoted strings.
func words(l string) ([]string, error) {
	var ws []string
	for {
		l = strings.TrimLeftFunc(l, unicode.IsSpace)
		if l == "" {
			return ws, nil
		}
		if l[0] == '"' {
			q, err := strconv.QuotedPrefix(l)
			if err != nil {
				return nil, fmt.Errorf("bad quoted string %s", l)
			}
			s, _ := strconv.Unquote(q)
			ws = append(ws, s)
			l = l[len(q):]
			continue
		}
		i := strings.IndexFunc(l, unicode.IsSpace)
		if i < 0 {
			i = len(l)
		}
		ws = append(ws, l[:i])
		l = l[i:]
	}
}

// ReadCNF reads a CNF that [encode.Encoding.WriteDIMACS] wrote: the
// formula and the map its header gives. name is the file's name, for
// errors: "NAME:LINE: ..." for the DIMACS text, "NAME: comment line N:
// ..." for the header (a *[HeaderError] inside), "NAME: ..." otherwise.
func ReadCNF(r io.Reader, name string) (*cnf.Formula, *Map, error) {
	f, comments, err := cnf.ReadDIMACS(r)
	if err != nil {
		var de *cnf.DIMACSError
		if errors.As(err, &de) {
			return nil, nil, fmt.Errorf("%s:%d: %w", name, de.Line, de.Err)
		}
		return nil, nil, fmt.Errorf("%s: %w", name, err)
	}
	m, err := ParseHeader(comments)
	if err != nil {
		var he *HeaderError
		if errors.As(err, &he) {
			return nil, nil, fmt.Errorf("%s: comment %w", name, err)
		}
		return nil, nil, fmt.Errorf("%s: %w", name, err)
	}
	if int(m.MaxVar()) > f.NumVars {
		return nil, nil, fmt.Errorf("%s: the header names variable %d of %d", name, m.MaxVar(), f.NumVars)
	}
	return f, m, nil
}
