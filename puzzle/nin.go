package puzzle

import (
	"bufio"
	"fmt"
	"io"
)

// Jakub Wilk's .nin: a first line "WIDTH HEIGHT", then HEIGHT row clues and
// WIDTH column clues, one per line, numbers separated by spaces. An empty
// clue is "0" (a blank line is accepted too: lines are read by position).

func decodeNIN(r io.Reader) ([]parsed, error) {
	ls, err := readAllLines(r)
	if err != nil {
		return nil, err
	}
	i := skipBlankLines(ls, 0)
	if i == len(ls) {
		return nil, nil
	}
	w, h, err := parseSides(ls[i], "width", "height")
	if err != nil {
		return nil, errorf(i+1, "%w", err)
	}
	ps := positions{start: i + 1}
	p := &Puzzle{Palette: BlackWhite()}
	if p.Rows, ps.rows, i, err = readClueLines(ls, i+1, h, "row", nil); err != nil {
		return nil, err
	}
	if p.Cols, ps.cols, i, err = readClueLines(ls, i, w, "column", nil); err != nil {
		return nil, err
	}
	if err := expectNoMore(ls, i, "the last column clue"); err != nil {
		return nil, err
	}
	return []parsed{{p: p, pos: ps}}, nil
}

func encodeNIN(w io.Writer, p *Puzzle) error {
	bw := bufio.NewWriter(w)
	fmt.Fprintf(bw, "%d %d\n", p.Width(), p.Height())
	writeClueLines(bw, p, "0")
	return bw.Flush()
}

// parseSides reads a header line of two sizes, such as "WIDTH HEIGHT".
func parseSides(line, first, second string) (a, b int, err error) {
	t1, rest := cutToken(line, isClueSep)
	t2, rest := cutToken(rest, isClueSep)
	if t3, _ := cutToken(rest, isClueSep); t2 == "" || t3 != "" {
		return 0, 0, syntaxMsg(fmt.Sprintf("header %q: want %s and %s", shorten(line), first, second))
	}
	if a, err = parseSide(first, t1); err != nil {
		return 0, 0, err
	}
	if b, err = parseSide(second, t2); err != nil {
		return 0, 0, err
	}
	return a, b, nil
}

// writeClueLines writes every row clue and then every column clue, one per
// line, numbers separated by spaces; empty is what an empty clue becomes.
func writeClueLines(bw *bufio.Writer, p *Puzzle, empty string) {
	for _, c := range p.Rows {
		writeLensTo(bw, c, " ", empty)
		bw.WriteByte('\n')
	}
	for _, c := range p.Cols {
		writeLensTo(bw, c, " ", empty)
		bw.WriteByte('\n')
	}
}
