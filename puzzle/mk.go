package puzzle

import (
	"bufio"
	"fmt"
	"io"
	"strings"
)

// Olšák's simple .mk: a first line "HEIGHT WIDTH" (height first), the row
// clues, a line "#", then the column clues, one per line, numbers separated
// by spaces. An empty clue is "0" or a blank line.

func isHashLine(s string) bool { return strings.TrimSpace(s) == "#" }

func decodeMK(r io.Reader) ([]parsed, error) {
	ls, err := readAllLines(r)
	if err != nil {
		return nil, err
	}
	i := skipBlankLines(ls, 0)
	if i == len(ls) {
		return nil, nil
	}
	h, w, err := parseSides(ls[i], "height", "width")
	if err != nil {
		return nil, errorf(i+1, "%w", err)
	}
	ps := positions{start: i + 1}
	p := &Puzzle{Palette: BlackWhite()}
	if p.Rows, ps.rows, i, err = readClueLines(ls, i+1, h, "row", isHashLine); err != nil {
		return nil, err
	}
	i = skipBlankLines(ls, i) // tolerate blank lines before the "#"
	switch {
	case i == len(ls):
		return nil, syntaxAt(len(ls), "file ends after the row clues, want a line \"#\"")
	case !isHashLine(ls[i]):
		return nil, syntaxAt(i+1, "want a line \"#\" after %d row clues, have %q", h, shorten(ls[i]))
	}
	if p.Cols, ps.cols, i, err = readClueLines(ls, i+1, w, "column", isHashLine); err != nil {
		return nil, err
	}
	if err := expectNoMore(ls, i, "the last column clue"); err != nil {
		return nil, err
	}
	return []parsed{{p: p, pos: ps}}, nil
}

func encodeMK(w io.Writer, p *Puzzle) error {
	bw := bufio.NewWriter(w)
	fmt.Fprintf(bw, "%d %d\n", p.Height(), p.Width())
	for _, c := range p.Rows {
		writeLensTo(bw, c, " ", "0")
		bw.WriteByte('\n')
	}
	bw.WriteString("#\n")
	for _, c := range p.Cols {
		writeLensTo(bw, c, " ", "0")
		bw.WriteByte('\n')
	}
	return bw.Flush()
}
