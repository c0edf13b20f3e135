package puzzle

import (
	"bufio"
	"fmt"
	"io"
	"strings"
)

// CWD (QNonograms, Copris): the height on line 1, the width on line 2, the
// row clues, one blank line, then the column clues, one per line, numbers
// separated by spaces. An empty clue is a blank line ("0" is accepted).

func decodeCWD(r io.Reader) ([]parsed, error) {
	ls, err := readAllLines(r)
	if err != nil {
		return nil, err
	}
	i := skipBlankLines(ls, 0)
	if i == len(ls) {
		return nil, nil
	}
	ps := positions{start: i + 1}
	h, w, i, err := readHeightWidth(ls, i)
	if err != nil {
		return nil, err
	}
	p := &Puzzle{Palette: BlackWhite()}
	if p.Rows, ps.rows, i, err = readClueLines(ls, i, h, "row", nil); err != nil {
		return nil, err
	}
	if i, err = readSeparator(ls, i, "the row clues"); err != nil {
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

func encodeCWD(w io.Writer, p *Puzzle) error {
	bw := bufio.NewWriter(w)
	fmt.Fprintf(bw, "%d\n%d\n", p.Height(), p.Width())
	for _, c := range p.Rows {
		writeLensTo(bw, c, " ", "")
		bw.WriteByte('\n')
	}
	bw.WriteByte('\n')
	for _, c := range p.Cols {
		writeLensTo(bw, c, " ", "")
		bw.WriteByte('\n')
	}
	return bw.Flush()
}

// readHeightWidth reads the height and width lines that start CWD and CWC
// files, at index i, and returns the index after them.
func readHeightWidth(ls []string, i int) (h, w, next int, err error) {
	for k, what := range []string{"height", "width"} {
		if i+k >= len(ls) {
			return 0, 0, 0, syntaxAt(len(ls), "file ends before the %s", what)
		}
		n, err := parseSide(what, strings.TrimSpace(ls[i+k]))
		if err != nil {
			return 0, 0, 0, errorf(i+k+1, "%w", err)
		}
		if k == 0 {
			h = n
		} else {
			w = n
		}
	}
	return h, w, i + 2, nil
}

// readSeparator checks that line i is blank and returns the index after it.
func readSeparator(ls []string, i int, after string) (int, error) {
	switch {
	case i >= len(ls):
		return 0, syntaxAt(len(ls), "file ends after %s", after)
	case !blankLine(ls[i]):
		return 0, syntaxAt(i+1, "want a blank line after %s, have %q", after, shorten(ls[i]))
	}
	return i + 1, nil
}
