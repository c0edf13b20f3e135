package puzzle

import (
	"bufio"
	"fmt"
	"io"
	"strings"
)

// The compact puzzle string of the R nonogram package: row clues, "-",
// column clues; clues separated by ":", numbers within a clue by ",". An
// empty clue is "0". Example: "2:2:3-1,1:3:2" (rows 2, 2 and 3; columns
// 1 1, 3 and 2).

func decodeString(r io.Reader) ([]parsed, error) {
	ls, err := readAllLines(r)
	if err != nil {
		return nil, err
	}
	i := skipBlankLines(ls, 0)
	if i == len(ls) {
		return nil, nil
	}
	n := i + 1
	if err := expectNoMore(ls, n, "the puzzle string"); err != nil {
		return nil, err
	}
	line := strings.TrimSpace(ls[i])
	rs, cs, ok := strings.Cut(line, "-")
	if !ok || strings.Contains(cs, "-") {
		return nil, syntaxAt(n, "want row clues, \"-\", column clues; have %q", shorten(line))
	}
	p := &Puzzle{Palette: BlackWhite()}
	if p.Rows, err = parseStringClues(rs, "row"); err != nil {
		return nil, errorf(n, "%w", err)
	}
	if p.Cols, err = parseStringClues(cs, "column"); err != nil {
		return nil, errorf(n, "%w", err)
	}
	return []parsed{{p: p, pos: positions{start: n}}}, nil
}

// parseStringClues reads ":"-separated clues of the given kind.
func parseStringClues(s, kind string) ([]Clue, error) {
	var clues []Clue
	for more := true; more; {
		var piece string
		piece, s, more = strings.Cut(s, ":")
		if len(clues) == MaxSide {
			return nil, fmt.Errorf("%w: more than %d %ss", ErrTooLarge, MaxSide, kind)
		}
		if strings.TrimSpace(piece) == "" {
			return nil, syntaxMsg(fmt.Sprintf("%s %d: empty clue (write 0 for an empty line)", kind, len(clues)+1))
		}
		c, err := parseLensLine(piece)
		if err != nil {
			return nil, fmt.Errorf("%s %d: %w", kind, len(clues)+1, err)
		}
		clues = append(clues, c)
	}
	return clues, nil
}

func encodeString(w io.Writer, p *Puzzle) error {
	bw := bufio.NewWriter(w)
	half := func(clues []Clue) {
		for i, c := range clues {
			if i > 0 {
				bw.WriteByte(':')
			}
			writeLensTo(bw, c, ",", "0")
		}
	}
	half(p.Rows)
	bw.WriteByte('-')
	half(p.Cols)
	bw.WriteByte('\n')
	return bw.Flush()
}
