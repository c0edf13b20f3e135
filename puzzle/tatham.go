package puzzle

import (
	"bufio"
	"errors"
	"fmt"
	"io"
	"strings"
)

// Simon Tatham's Pattern game id: "WxH:" then W column clues and H row
// clues separated by "/", the numbers of a clue separated by "."; an empty
// clue is nothing at all between its slashes. An optional "," and
// run-length letters after the clues give pre-filled squares; the reader
// ignores them. A file holds one id per line.

func decodeTatham(r io.Reader) ([]parsed, error) {
	ls, err := readAllLines(r)
	if err != nil {
		return nil, err
	}
	var out []parsed
	for i, l := range ls {
		s := strings.TrimSpace(l)
		if s == "" {
			continue
		}
		p, err := parseTatham(s)
		if err != nil {
			return nil, errorf(i+1, "%w", err)
		}
		out = append(out, parsed{p: p, pos: positions{start: i + 1}})
	}
	return out, nil
}

// parseTatham reads one game id.
func parseTatham(s string) (*Puzzle, error) {
	params, desc, ok := strings.Cut(s, ":")
	if !ok {
		return nil, syntaxMsg(fmt.Sprintf("%q: want WIDTHxHEIGHT:clues", shorten(s)))
	}
	ws, hs, ok := strings.Cut(params, "x")
	if !ok {
		hs = ws // "10:..." is a square puzzle
	}
	w, err := parseSide("width", ws)
	if err != nil {
		return nil, err
	}
	h, err := parseSide("height", hs)
	if err != nil {
		return nil, err
	}
	desc, _, _ = strings.Cut(desc, ",")
	p := &Puzzle{Palette: BlackWhite(), Cols: make([]Clue, 0, w), Rows: make([]Clue, 0, h)}
	for k, more := 0, true; more; k++ {
		var piece string
		piece, desc, more = strings.Cut(desc, "/")
		if k == w+h {
			return nil, syntaxMsg(fmt.Sprintf("more than %d clues for a %dx%d puzzle", w+h, w, h))
		}
		kind, n := "column", k+1
		if k >= w {
			kind, n = "row", k-w+1
		}
		c, err := parseTathamClue(piece)
		if err != nil {
			return nil, fmt.Errorf("%s %d: %w", kind, n, err)
		}
		if k < w {
			p.Cols = append(p.Cols, c)
		} else {
			p.Rows = append(p.Rows, c)
		}
	}
	if got := len(p.Cols) + len(p.Rows); got < w+h {
		return nil, syntaxMsg(fmt.Sprintf("%d clues for a %dx%d puzzle, want %d", got, w, h, w+h))
	}
	return p, nil
}

// parseTathamClue reads one clue: numbers separated by single dots, or
// nothing (or "0") for an empty clue.
func parseTathamClue(s string) (Clue, error) {
	if s == "" || s == "0" {
		return nil, nil
	}
	var c Clue
	clue := s
	for more := true; more; {
		var tok string
		tok, s, more = strings.Cut(s, ".")
		n, err := parseBlock(tok)
		if err != nil && !errors.Is(err, ErrTooLarge) || err == nil && n == 0 {
			err = syntaxMsg(fmt.Sprintf("clue %q: not a positive integer", shorten(clue)))
		}
		if err != nil {
			return nil, err
		}
		if len(c) == MaxSide {
			return nil, fmt.Errorf("%w: more than %d blocks", ErrTooLarge, MaxSide)
		}
		c = append(c, Block{Len: n, Color: 1})
	}
	return c, nil
}

func encodeTatham(w io.Writer, p *Puzzle) error {
	bw := bufio.NewWriter(w)
	fmt.Fprintf(bw, "%dx%d:", p.Width(), p.Height())
	k := 0
	for _, clues := range [][]Clue{p.Cols, p.Rows} {
		for _, c := range clues {
			if k > 0 {
				bw.WriteByte('/')
			}
			writeLensTo(bw, c, ".", "")
			k++
		}
	}
	bw.WriteByte('\n')
	return bw.Flush()
}
