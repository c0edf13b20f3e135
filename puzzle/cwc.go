package puzzle

import (
	"bufio"
	"fmt"
	"io"
	"strconv"
	"strings"
)

// CWC, the multicolour CWD (webpbn export, Wolter's Copris colour solver,
// NonogramSolver.jl): the height, the width and the number K of colours
// besides the background on lines 1 to 3; then the row clue lengths, a
// blank line, the row clue colours (1..K, one per block), a blank line, the
// column clue lengths, a blank line and the column clue colours. An empty
// clue is a blank line in both halves. No colour values are carried: the
// reader names them "color1".."colorK" (or black when K is 1) and gives
// them distinct default RGB values and characters.

func decodeCWC(r io.Reader) ([]parsed, error) {
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
	if i >= len(ls) {
		return nil, syntaxAt(len(ls), "file ends before the number of colours")
	}
	k, err := parseSide("number of colours", strings.TrimSpace(ls[i]))
	if err == nil && k > MaxColors {
		err = fmt.Errorf("%w: %d colours, at most %d", ErrTooLarge, k, MaxColors)
	}
	if err != nil {
		return nil, errorf(i+1, "%w", err)
	}
	i++
	p := &Puzzle{Palette: numberedPalette(k)}
	if p.Rows, ps.rows, i, err = readClueLines(ls, i, h, "row", nil); err != nil {
		return nil, err
	}
	if i, err = readSeparator(ls, i, "the row clues"); err != nil {
		return nil, err
	}
	if i, err = readColorLines(ls, i, p.Rows, "row", k); err != nil {
		return nil, err
	}
	if i, err = readSeparator(ls, i, "the row colours"); err != nil {
		return nil, err
	}
	if p.Cols, ps.cols, i, err = readClueLines(ls, i, w, "column", nil); err != nil {
		return nil, err
	}
	if i, err = readSeparator(ls, i, "the column clues"); err != nil {
		return nil, err
	}
	if i, err = readColorLines(ls, i, p.Cols, "column", k); err != nil {
		return nil, err
	}
	if err := expectNoMore(ls, i, "the last column colours"); err != nil {
		return nil, err
	}
	return []parsed{{p: p, pos: ps}}, nil
}

// readColorLines reads one line of block colours (1..k) for each clue,
// starting at index i, and sets the colours of the clues' blocks.
func readColorLines(ls []string, i int, clues []Clue, kind string, k int) (int, error) {
	for n, c := range clues {
		if i >= len(ls) {
			return 0, syntaxAt(len(ls), "file ends after %d of %d %s colour lines", n, len(clues), kind)
		}
		j, have := 0, 0
		for tok, rest := cutToken(ls[i], isClueSep); tok != ""; tok, rest = cutToken(rest, isClueSep) {
			v, err := parseBlock(tok)
			if err != nil {
				return 0, syntaxAt(i+1, "%s %d: colour %q: not a colour number", kind, n+1, shorten(tok))
			}
			if v == 0 && len(c) == 0 && have == 0 {
				continue // "0" for an empty clue
			}
			have++
			if v < 1 || v > k {
				return 0, errorf(i+1, "%s %d: %w %d, colours are 1 to %d", kind, n+1, ErrColor, v, k)
			}
			if j < len(c) {
				c[j].Color = Color(v)
				j++
			}
		}
		if have != len(c) {
			return 0, syntaxAt(i+1, "%s %d: want %d colours for clue %v, have %d", kind, n+1, len(c), c, have)
		}
		i++
	}
	return i, nil
}

func encodeCWC(w io.Writer, p *Puzzle) error {
	k := p.NumColors()
	bw := bufio.NewWriter(w)
	fmt.Fprintf(bw, "%d\n%d\n%d\n", p.Height(), p.Width(), k)
	half := func(clues []Clue) {
		for _, c := range clues {
			writeLensTo(bw, c, " ", "")
			bw.WriteByte('\n')
		}
		bw.WriteByte('\n')
		for _, c := range clues {
			for j, b := range c {
				if j > 0 {
					bw.WriteByte(' ')
				}
				bw.WriteString(strconv.Itoa(int(b.Color)))
			}
			bw.WriteByte('\n')
		}
	}
	half(p.Rows)
	bw.WriteByte('\n')
	half(p.Cols)
	return bw.Flush()
}

// numberedPalette returns a palette for k colours known only by number, as
// in CWC files: black and white when k is 1, otherwise white and colours
// named "color1".."colorK" with distinct RGB values and characters. k must
// be between 1 and MaxColors.
func numberedPalette(k int) []Swatch {
	if k <= 1 {
		return BlackWhite()
	}
	pal := make([]Swatch, k+1)
	pal[0] = White
	for c := 1; c <= k; c++ {
		pal[c] = Swatch{Name: "color" + strconv.Itoa(c), RGB: defaultRGB(c), Char: numberedChars[(c-1)%len(numberedChars)]}
	}
	return pal
}

// numberedChars are the display characters of numberedPalette, one per
// colour up to MaxColors.
var numberedChars = []rune("#abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ123456789@")

// baseRGB are the first default colour values: black, then colours far
// apart from each other and from the white background.
var baseRGB = []RGB{
	{0, 0, 0}, {255, 0, 0}, {0, 160, 0}, {0, 0, 255}, {255, 200, 0}, {255, 0, 255},
	{0, 200, 200}, {255, 128, 0}, {128, 0, 128}, {128, 64, 0}, {128, 128, 128},
	{255, 160, 200}, {0, 80, 0}, {0, 0, 128}, {128, 0, 0}, {128, 128, 0}, {0, 128, 128},
}

// defaultRGB is the default value of colour c (1-based). Colours past
// baseRGB step through values no earlier colour has.
func defaultRGB(c int) RGB {
	if c >= 1 && c <= len(baseRGB) {
		return baseRGB[c-1]
	}
	n := c - len(baseRGB)
	return RGB{uint8(37*n + 11), uint8(91*n + 53), uint8(151*n + 97)}
}
