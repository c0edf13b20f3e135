package puzzle

import (
	"bufio"
	"fmt"
	"io"
	"strconv"
	"strings"
)

// TAAI, TCGA and ICGA tournament files hold many square black-and-white
// puzzles. Each starts with a line "$k"; then come N column clues (left to
// right, each read top to bottom) and N row clues (top to bottom), one per
// line, numbers separated by TABs. An empty line (or "0") is an empty clue.
// The matching solution files hold "$k" and then N rows of N TAB-separated
// 0s and 1s; see [DecodeTAAISolutions].

// taaiHeader returns the puzzle id "$k" of a header line, or "".
func taaiHeader(line string) string {
	s := strings.TrimSpace(line)
	if len(s) < 2 || s[0] != '$' {
		return ""
	}
	for i := 1; i < len(s); i++ {
		if s[i] < '0' || s[i] > '9' {
			return ""
		}
	}
	return s
}

// taaiPuzzle collects the clue lines of one tournament puzzle.
type taaiPuzzle struct {
	id    string
	start int      // line of "$k"
	lines []string // clue lines, columns then rows
	nums  []int    // line number of each clue line
}

func decodeTAAI(r io.Reader) ([]parsed, error) {
	lr := newLineReader(r)
	var out []parsed
	var cur *taaiPuzzle
	finish := func() error {
		if cur == nil {
			return nil
		}
		cur.trimTrailingBlank()
		p, err := cur.build()
		if err != nil {
			p = parsed{err: err} // the others are read
		}
		out = append(out, p)
		cur = nil
		return nil
	}
	for {
		line, ok := lr.next()
		if !ok {
			break
		}
		if id := taaiHeader(line); id != "" {
			if err := finish(); err != nil {
				return nil, err
			}
			cur = &taaiPuzzle{id: id, start: lr.line()}
			continue
		}
		if cur == nil {
			if strings.TrimSpace(line) == "" {
				continue
			}
			return nil, syntaxAt(lr.line(), "want a puzzle header \"$1\", found %q", clip(line))
		}
		if len(cur.lines) >= 2*MaxSide {
			return nil, errorf(lr.line(), "%w: puzzle %s has more than %d clue lines", ErrTooLarge, cur.id, 2*MaxSide)
		}
		cur.lines = append(cur.lines, line)
		cur.nums = append(cur.nums, lr.line())
	}
	if err := lineReaderError(lr); err != nil {
		return nil, err
	}
	if err := finish(); err != nil {
		return nil, err
	}
	return out, nil
}

// trimTrailingBlank drops a blank line at the end of a puzzle when it
// makes the number of lines odd: it cannot be a clue, and files often end
// in one.
func (tp *taaiPuzzle) trimTrailingBlank() {
	k := len(tp.lines)
	if k%2 == 1 && strings.TrimSpace(tp.lines[k-1]) == "" {
		tp.lines, tp.nums = tp.lines[:k-1], tp.nums[:k-1]
	}
}

func (tp *taaiPuzzle) build() (parsed, error) {
	k := len(tp.lines)
	if k == 0 {
		return parsed{}, syntaxAt(tp.start, "puzzle %s has no clues", tp.id)
	}
	if k%2 != 0 {
		return parsed{}, syntaxAt(tp.start, "puzzle %s has %d clue lines, want N columns then N rows", tp.id, k)
	}
	n := k / 2
	p := &Puzzle{ID: tp.id, Palette: BlackWhite(), Cols: make([]Clue, n), Rows: make([]Clue, n)}
	pos := positions{start: tp.start, cols: tp.nums[:n], rows: tp.nums[n:]}
	for i, line := range tp.lines {
		c, err := parseLensLine(line)
		if err != nil {
			if i < n {
				return parsed{}, errorf(tp.nums[i], "column %d: %w", i+1, err)
			}
			return parsed{}, errorf(tp.nums[i], "row %d: %w", i-n+1, err)
		}
		if i < n {
			p.Cols[i] = c
		} else {
			p.Rows[i-n] = c
		}
	}
	return parsed{p: p, pos: pos}, nil
}

// clip shortens s for quoting in an error message.
func clip(s string) string {
	const max = 40
	n := 0
	for i := range s {
		if n == max {
			return s[:i] + "..."
		}
		n++
	}
	return s
}

func encodeTAAI(w io.Writer, p *Puzzle) error {
	id := p.ID
	if id == "" || taaiHeader(id) != id {
		id = "$1"
	}
	return writeTAAI(w, []*Puzzle{p}, []string{id})
}

// encodeTAAISet writes several puzzles, keeping their "$k" ids when every
// puzzle has a distinct one and numbering them $1, $2, ... otherwise.
func encodeTAAISet(w io.Writer, ps []*Puzzle) error {
	ids := make([]string, len(ps))
	seen := make(map[string]bool, len(ps))
	keep := true
	for i, p := range ps {
		ids[i] = p.ID
		if p.ID == "" || taaiHeader(p.ID) != p.ID || seen[p.ID] {
			keep = false
		}
		seen[p.ID] = true
	}
	if !keep {
		for i := range ids {
			ids[i] = "$" + strconv.Itoa(i+1)
		}
	}
	return writeTAAI(w, ps, ids)
}

func writeTAAI(w io.Writer, ps []*Puzzle, ids []string) error {
	for _, p := range ps {
		if p.Height() != p.Width() {
			return fmt.Errorf("%w: taai puzzles are square, puzzle is %dx%d", ErrUnsupported, p.Width(), p.Height())
		}
		if !p.IsBW() {
			return fmt.Errorf("%w: taai is black and white only, puzzle has %d colours", ErrUnsupported, p.NumColors())
		}
	}
	bw := bufio.NewWriter(w)
	for i, p := range ps {
		fmt.Fprintf(bw, "%s\n", ids[i])
		for _, clues := range [][]Clue{p.Cols, p.Rows} {
			for _, c := range clues {
				for j, b := range c {
					if j > 0 {
						bw.WriteByte('\t')
					}
					bw.WriteString(strconv.Itoa(b.Len))
				}
				bw.WriteByte('\n')
			}
		}
	}
	return bw.Flush()
}

// DecodeTAAISolutions reads a tournament solution file: for each puzzle a
// line "$k" and then N rows of N TAB-separated 0s and 1s. It returns the
// grids keyed by "$k". Errors are *ParseError values.
func DecodeTAAISolutions(r io.Reader) (map[string]Grid, error) {
	lr := newLineReader(r)
	out := make(map[string]Grid)
	var id string
	var g Grid
	start := 0
	finish := func() error {
		if id == "" {
			return nil
		}
		if len(g) == 0 {
			return syntaxAt(start, "solution %s has no rows", id)
		}
		if len(g) != len(g[0]) {
			return syntaxAt(start, "solution %s has %d rows of %d cells, want a square", id, len(g), len(g[0]))
		}
		out[id] = g
		return nil
	}
	for {
		line, ok := lr.next()
		if !ok {
			break
		}
		if h := taaiHeader(line); h != "" {
			if err := finish(); err != nil {
				return nil, err
			}
			if _, dup := out[h]; dup {
				return nil, syntaxAt(lr.line(), "solution %s appears twice", h)
			}
			id, g, start = h, nil, lr.line()
			continue
		}
		f := strings.Fields(line)
		if len(f) == 0 {
			continue
		}
		if id == "" {
			return nil, syntaxAt(lr.line(), "want a solution header \"$1\", found %q", clip(line))
		}
		if len(g) >= MaxSide || len(f) > MaxSide {
			return nil, errorf(lr.line(), "%w: solution %s is larger than %d per side", ErrTooLarge, id, MaxSide)
		}
		if len(g) > 0 && len(f) != len(g[0]) {
			return nil, syntaxAt(lr.line(), "solution %s row %d has %d cells, row 1 has %d", id, len(g)+1, len(f), len(g[0]))
		}
		row := make([]Color, len(f))
		for c, s := range f {
			switch s {
			case "0":
			case "1":
				row[c] = 1
			default:
				return nil, syntaxAt(lr.line(), "solution %s row %d column %d: %q is not 0 or 1", id, len(g)+1, c+1, clip(s))
			}
		}
		g = append(g, row)
	}
	if err := lineReaderError(lr); err != nil {
		return nil, err
	}
	if err := finish(); err != nil {
		return nil, err
	}
	if len(out) == 0 {
		return nil, &ParseError{Err: fmt.Errorf("%w: no solutions", ErrNoPuzzle)}
	}
	return out, nil
}
