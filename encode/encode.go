package encode

import (
	"context"

	"github.com/nonosat/nonosat/internal/clock"

	"github.com/nonosat/nonosat/cnf"
	"github.com/nonosat/nonosat/puzzle"
)

// Encoding is a puzzle's CNF together with the map from cells to variables.
type Encoding struct {
	Formula cnf.Formula

	width, height, numColors int
	cells                    []cell   // r*width + c
	lineVars                 int      // start and gap variables
	text                     *textCNF // the clauses as text (WithText), Formula has none
}

// textCNF is a formula's clauses as DIMACS lines.
type textCNF struct {
	body    []byte
	clauses int
}

// cell records the literals of one cell: lits[i] is "the cell has colour
// vals[i]". fixed cells have a single value.
type cell struct {
	vals []puzzle.Color
	lits []cnf.Lit
}

// Domains gives the colours each cell may still take, g[r][c] a bit set
// (bit v for colour v), as computed by line solving. Nil means unrestricted.
type Domains [][]uint64

type config struct {
	domains Domains
	nodes   NodeFunc
	kind    Kind
	// maxBytes bounds the formula's memory (see WithMaxBytes); 0: none.
	maxBytes int64
	text     bool            // WithText
	ctx      context.Context // WithContext; nil: none
}

// NodeFunc returns, for one line, which block starts and gap cells lie on a
// placement of the clue consistent with the cell domains (bit sets as in
// [Domains]): start[j][p] and gap[j][i]. ok is false when the line has no
// placement.
type NodeFunc func(clue puzzle.Clue, cells []uint64) (start, gap [][]bool, ok bool)

// Option configures [Puzzle].
type Option func(*config)

// WithDomains restricts cell colours to d, typically the fixpoint of line
// solving. Cells with one colour left become units and drop out of the
// line clauses.
func WithDomains(d Domains) Option { return func(c *config) { c.domains = d } }

// WithNodes sets the function that prunes block starts and gaps per line,
// typically an exact line solver. Without it the static ranges of each
// block (leftmost and rightmost packing) are used.
func WithNodes(f NodeFunc) Option { return func(c *config) { c.nodes = f } }

// Width, Height and NumColors describe the encoded puzzle.
func (e *Encoding) Width() int     { return e.width }
func (e *Encoding) Height() int    { return e.height }
func (e *Encoding) NumColors() int { return e.numColors }

// LineVars is the number of block-start and gap variables.
func (e *Encoding) LineVars() int { return e.lineVars }

// Values lists the colours cell (r, c) may take in the encoding.
func (e *Encoding) Values(r, c int) []puzzle.Color { return e.at(r, c).vals }

// Cell returns the literal for "cell (r, c) has colour v", and false if the
// encoding already rules that colour out.
func (e *Encoding) Cell(r, c int, v puzzle.Color) (cnf.Lit, bool) {
	x := e.at(r, c)
	for i, w := range x.vals {
		if w == v {
			return x.lits[i], true
		}
	}
	return 0, false
}

// Fixed returns the colour of cell (r, c) if the encoding fixes it.
func (e *Encoding) Fixed(r, c int) (puzzle.Color, bool) {
	x := e.at(r, c)
	if len(x.vals) == 1 {
		return x.vals[0], true
	}
	return 0, false
}

// NumFixed counts the cells whose colour the encoding fixes.
func (e *Encoding) NumFixed() int {
	n := 0
	for _, x := range e.cells {
		if len(x.vals) == 1 {
			n++
		}
	}
	return n
}

func (e *Encoding) at(r, c int) *cell {
	if r < 0 || r >= e.height || c < 0 || c >= e.width {
		panic("encode: cell out of range")
	}
	return &e.cells[r*e.width+c]
}

// Block returns the clause that forbids grid g: one literal per cell the
// encoding leaves open, saying that cell differs from g. The clause is empty
// when every cell is fixed (adding it makes the formula unsatisfiable, which
// is right: no other grid exists). ok is false when g is no model of the
// encoding at all (a fixed cell or an impossible colour differs): there is
// nothing to block, and no clause must be added.
func (e *Encoding) Block(g puzzle.Grid) (cl cnf.Clause, ok bool) {
	for r := range e.height {
		for c := range e.width {
			x := e.at(r, c)
			l, allowed := e.Cell(r, c, g[r][c])
			switch {
			case !allowed:
				return nil, false
			case len(x.vals) > 1:
				cl = append(cl, l.Not())
			}
		}
	}
	return cl, true
}

// Puzzle encodes p. Contradictory clues give an unsatisfiable formula,
// not an error; p must be valid (see [puzzle.Puzzle.Validate]). The error
// is the context's error (clock.Err) once the context of [WithContext] is
// done, or a *[TooBigError] once the formula passes the budget of
// [WithMaxBytes]: Puzzle looks at both after every line, so that a
// deadline or a memory budget holds on puzzles of any size. Without these
// two options it always succeeds.
func Puzzle(p *puzzle.Puzzle, opts ...Option) (*Encoding, error) {
	var cfg config
	for _, o := range opts {
		o(&cfg)
	}
	if cfg.ctx == nil {
		cfg.ctx = context.Background()
	}
	return build(cfg.ctx, p, cfg)
}

// WithContext makes [Puzzle] stop when ctx is done.
func WithContext(ctx context.Context) Option { return func(c *config) { c.ctx = ctx } }

// WithText makes [Puzzle] keep the clauses as DIMACS text only, for
// [Encoding.WriteDIMACS]: the Formula has the variables and no clauses,
// while Cell, Block, Values and Header work as usual, and the budget of
// [WithMaxBytes] counts bytes of that text (not as [FormulaBytes] counts a
// formula's memory). A certificate's CNF, written once and never solved,
// takes half the time this way (webpbn-02040: 3.9 MB of DIMACS), without
// a slice per clause for the garbage collector to follow.
func WithText() Option { return func(c *config) { c.text = true } }

func build(ctx context.Context, p *puzzle.Puzzle, cfg config) (*Encoding, error) {
	if cfg.nodes == nil {
		cfg.nodes = staticNodes
	}
	if err := clock.Err(ctx); err != nil {
		return nil, err
	}
	e := &Encoding{width: p.Width(), height: p.Height(), numColors: p.NumColors()}
	b := &builder{f: &e.Formula}
	if cfg.text {
		e.text = &textCNF{body: make([]byte, 0, 1<<20)}
		b.text = e.text
	}
	encodeLine := e.lineFunc(cfg.kind) // by Kind; panics on an unknown one
	m := meter{max: cfg.maxBytes, rows: e.height, lines: e.height + e.width, text: e.text}
	if err := e.cellVars(ctx, p, cfg.domains, b, &m); err != nil {
		return nil, err
	}
	if b.unsat {
		return e, nil
	}
	m.endCells(&e.Formula)
	for r, clue := range p.Rows {
		if err := m.check(ctx, &e.Formula, r); err != nil {
			return nil, err
		}
		line := make([]*cell, e.width)
		for c := range line {
			line[c] = e.at(r, c)
		}
		encodeLine(clue, line, cfg.nodes, b)
	}
	for c, clue := range p.Cols {
		if err := m.check(ctx, &e.Formula, e.height+c); err != nil {
			return nil, err
		}
		line := make([]*cell, e.height)
		for r := range line {
			line[r] = e.at(r, c)
		}
		encodeLine(clue, line, cfg.nodes, b)
	}
	if err := m.check(ctx, &e.Formula, m.lines); err != nil {
		return nil, err
	}
	return e, nil
}

// cellVars allocates the cell variables and their exactly-one clauses,
// asking m before each row.
func (e *Encoding) cellVars(ctx context.Context, p *puzzle.Puzzle, dom Domains, b *builder, m *meter) error {
	e.cells = make([]cell, e.width*e.height)
	colsets := func(cl []puzzle.Clue) []uint64 {
		s := make([]uint64, len(cl))
		for i, c := range cl {
			s[i] = 1 // background
			for _, blk := range c {
				s[i] |= 1 << blk.Color
			}
		}
		return s
	}
	rowSets, colSets := colsets(p.Rows), colsets(p.Cols)
	bw := e.numColors == 1
	for r := range e.height {
		if err := m.check(ctx, &e.Formula, r); err != nil {
			return err
		}
		for c := range e.width {
			set := rowSets[r] & colSets[c]
			if dom != nil {
				set &= dom[r][c]
			}
			x := &e.cells[r*e.width+c]
			for v := range e.numColors + 1 {
				if set&(1<<v) != 0 {
					x.vals = append(x.vals, puzzle.Color(v))
				}
			}
			switch {
			case len(x.vals) == 0:
				b.empty() // no colour possible: unsatisfiable
				x.vals = []puzzle.Color{0}
				x.lits = []cnf.Lit{e.Formula.NewVar().Pos()}
			case len(x.vals) == 1:
				v := e.Formula.NewVar()
				x.lits = []cnf.Lit{v.Pos()}
				b.put(v.Pos())
			case bw: // values {0, 1}: one variable, true = black
				v := e.Formula.NewVar()
				x.lits = []cnf.Lit{v.Neg(), v.Pos()}
			default:
				x.lits = make([]cnf.Lit, len(x.vals))
				for i := range x.vals {
					x.lits[i] = e.Formula.NewVar().Pos()
				}
				exactlyOne(b, x.lits)
			}
		}
	}
	return nil
}

// exactlyOne adds at-least-one and at-most-one over lits: pairwise up to six
// literals, a sequential ladder beyond.
func exactlyOne(b *builder, lits []cnf.Lit) {
	b.put(lits...)
	if len(lits) <= 6 {
		for i := range lits {
			for j := i + 1; j < len(lits); j++ {
				b.put(lits[i].Not(), lits[j].Not())
			}
		}
		return
	}
	// s_i: some of lits[0..i] is true.
	prev := lits[0]
	for i := 1; i < len(lits); i++ {
		b.put(prev.Not(), lits[i].Not())
		if i == len(lits)-1 {
			break
		}
		s := b.f.NewVar().Pos()
		b.put(prev.Not(), s)
		b.put(lits[i].Not(), s)
		prev = s
	}
}

// CellOf returns the inverse of [Encoding.Cell]: for a variable of the
// formula, the cell and colour it says the cell has when true, and ok
// false for a line's own (auxiliary) variable. In black and white a
// cell's variable says it is black (colour 1).
func (e *Encoding) CellOf() func(v cnf.Var) (r, c int, color puzzle.Color, ok bool) {
	type at struct {
		x     int32
		color puzzle.Color
	}
	m := make([]at, e.Formula.NumVars+1)
	for i := range m {
		m[i].x = -1
	}
	for x, cl := range e.cells {
		for i, l := range cl.lits {
			if l.IsPos() {
				m[l.Var()] = at{int32(x), cl.vals[i]}
			}
		}
	}
	return func(v cnf.Var) (int, int, puzzle.Color, bool) {
		if v < 1 || int(v) >= len(m) || m[v].x < 0 {
			return 0, 0, 0, false
		}
		x := int(m[v].x)
		return x / e.width, x % e.width, m[v].color, true
	}
}
