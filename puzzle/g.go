package puzzle

import (
	"bufio"
	"fmt"
	"io"
	"strconv"
	"strings"
	"sync"
	"unicode"
)

// Olšák's .g format (the "grid" package; full description in the sample
// file oko.g):
//
//	free text, ignored (lines not starting with '#' or ':')
//	#d                      starts the colour table
//	   0:.  white           background (optional, default white)
//	   1:X  black           default block colour (optional)
//	   r:%  red   comment   inchar:outchar, then an XPM colour word or #RRGGBB
//	: rows                  a ':' in column 1 starts the row clues
//	2r 1                    blocks are a number and an optional inchar
//	: columns               the next ':' line starts the column clues
//	1r 1r
//	: end                   the last ':' line ends the task
//
// A blank line (or "0") is an empty clue. Without a colour table the puzzle
// is black and white. A line starting "#t" or "#T" declares a triddler, and
// a colour whose comment starts with two of '<' and '>' is a triangle glued
// to its block (Malované křížovky style): neither fits the row-and-column
// model, so both are reported as unsupported. Triangles in the griddlers.net
// style are ordinary colours whose XPM word holds a '/' or '\' between two
// colour words ("black/orange") and are read as such.

type gColor struct {
	in   rune
	sw   Swatch
	line int
}

type gState int

const (
	gPreamble gState = iota
	gColors
	gRows
	gCols
)

func decodeG(r io.Reader) ([]parsed, error) {
	lr := newLineReader(r)
	g := &gReader{p: &Puzzle{}, state: gPreamble}
	done := false
	for !done {
		line, ok := lr.next()
		if !ok {
			break
		}
		n := lr.line()
		if strings.HasPrefix(line, ":") {
			switch g.state {
			case gPreamble, gColors:
				var err error
				if g.p.Palette, g.inchars, err = gPalette(g.decls, g.hasTable, n); err != nil {
					return nil, err
				}
				g.pos.start = n
				g.state = gRows
			case gRows:
				g.state = gCols
			case gCols:
				done = true
			}
			continue
		}
		var err error
		switch g.state {
		case gPreamble:
			err = g.preamble(line, n)
		case gColors:
			err = g.color(line, n)
		case gRows, gCols:
			err = g.clue(line, n)
		}
		if err != nil {
			return nil, err
		}
	}
	if err := lineReaderError(lr); err != nil {
		return nil, err
	}
	switch g.state {
	case gPreamble, gColors:
		return nil, errorf(lr.line(), "%w: no line starting with ':' begins the row clues", ErrNoPuzzle)
	case gRows:
		return nil, syntaxAt(lr.line(), "no line starting with ':' begins the column clues")
	}
	p, pos := g.p, g.pos
	if !done {
		// No closing ':' line: blank lines at the end of the file are not
		// clues.
		k := len(p.Cols)
		for k > 0 && g.blankCols[k-1] {
			k--
		}
		p.Cols, pos.cols = p.Cols[:k], pos.cols[:k]
	}
	return []parsed{{p: p, pos: pos}}, nil
}

// gReader is the state of decodeG: the puzzle so far, and the section of
// the file being read.
type gReader struct {
	p         *Puzzle
	pos       positions
	decls     []gColor
	hasTable  bool
	inchars   map[rune]Color // set when the rows start
	blankCols []bool         // which column clue lines were blank
	state     gState
}

// preamble reads line n before the colour table or the clues.
func (g *gReader) preamble(line string, n int) error {
	switch {
	case strings.HasPrefix(line, "#d") || strings.HasPrefix(line, "#D"):
		g.state, g.hasTable = gColors, true
	case strings.HasPrefix(line, "#t") || strings.HasPrefix(line, "#T"):
		return errorf(n, "%w: triddlers (hexagonal grids)", ErrUnsupported)
	default:
		if key, value, ok := matchGMeta(strings.TrimSpace(line)); ok {
			setGMeta(g.p, strings.ToLower(key), value)
		}
	}
	return nil
}

// color reads line n of the colour table.
func (g *gReader) color(line string, n int) error {
	switch {
	case strings.HasPrefix(line, "#t") || strings.HasPrefix(line, "#T"):
		return errorf(n, "%w: triddlers (hexagonal grids)", ErrUnsupported)
	case strings.HasPrefix(line, "#") || strings.TrimSpace(line) == "":
		return nil
	}
	d, err := parseGColor(line, n)
	if err != nil {
		return err
	}
	for _, e := range g.decls {
		if e.in == d.in {
			return syntaxAt(n, "colour %q declared twice (first on line %d)", d.in, e.line)
		}
	}
	if len(g.decls) > MaxColors+1 {
		return errorf(n, "%w: more than %d colours", ErrTooLarge, MaxColors)
	}
	g.decls = append(g.decls, d)
	return nil
}

// clue reads line n, a row's or a column's clue.
func (g *gReader) clue(line string, n int) error {
	kind, clues, nums := "row", &g.p.Rows, &g.pos.rows
	if g.state == gCols {
		kind, clues, nums = "column", &g.p.Cols, &g.pos.cols
	}
	if len(*clues) >= MaxSide {
		return errorf(n, "%w: more than %d %ss", ErrTooLarge, MaxSide, kind)
	}
	c, err := parseGClue(line, g.inchars)
	if err != nil {
		return errorf(n, "%s %d: %w", kind, len(*clues)+1, err)
	}
	*clues = append(*clues, c)
	*nums = append(*nums, n)
	if g.state == gCols {
		g.blankCols = append(g.blankCols, strings.TrimSpace(line) == "")
	}
	return nil
}

func setGMeta(p *Puzzle, key, val string) {
	val = strings.TrimSpace(val)
	switch key {
	case "id":
		p.ID = val
	case "title":
		p.Title = val
	case "author":
		p.Author = val
	case "copyright":
		p.Copyright = val
	case "description":
		p.Description = val
	}
}

// parseGColor reads one line of the colour table.
func parseGColor(line string, n int) (gColor, error) {
	mIn, mOut, mRest, ok := matchGColor(line)
	if !ok {
		return gColor{}, syntaxAt(n, "colour line %q: want \"c:X colour\"", clip(line))
	}
	in := []rune(mIn)[0]
	if in == ',' || (unicode.IsDigit(in) && in != '0' && in != '1') {
		return gColor{}, syntaxAt(n, "colour character %q: digits other than 0 and 1 and commas cannot name colours", in)
	}
	out := rune(0)
	if mOut != "" {
		out = []rune(mOut)[0]
		if out == '\t' {
			out = ' '
		}
	}
	f := strings.Fields(mRest)
	if len(f) == 0 {
		return gColor{}, errorf(n, "%w: colour %q has no XPM colour word or #RRGGBB", ErrColor, in)
	}
	if len(f) > 1 && matchGGlue(f[1]) {
		return gColor{}, errorf(n, "%w: glued triangles (comment %q)", ErrUnsupported, f[1])
	}
	word := f[0]
	sw := Swatch{Char: out}
	if strings.HasPrefix(word, "#") {
		rgb, err := ParseRGB(word)
		if err != nil {
			return gColor{}, errorf(n, "%w: %v", ErrColor, err)
		}
		sw.RGB = rgb
		switch {
		case len(f) > 1: // the name after the value, as encodeG writes it
			sw.Name = strings.Join(f[1:], " ")
		case in == '0':
			sw.Name = "background"
		case in == '1':
			sw.Name = "default"
		default:
			sw.Name = string(in)
		}
	} else {
		// Unknown XPM words are kept by name; their value only matters
		// for display.
		sw.Name = word
		if rgb, ok := xpmRGB(word); ok {
			sw.RGB = rgb
		} else {
			sw.RGB = RGB{128, 128, 128}
		}
	}
	return gColor{in: in, sw: sw, line: n}, nil
}

// gPalette orders the declared colours: background, default colour, then
// the rest as declared. It returns the palette and the colour of each
// inchar.
func gPalette(decls []gColor, hasTable bool, n int) ([]Swatch, map[rune]Color, error) {
	if !hasTable {
		return BlackWhite(), map[rune]Color{'1': 1}, nil
	}
	bg := White
	var def *gColor
	for i := range decls {
		switch decls[i].in {
		case '0':
			bg = decls[i].sw
		case '1':
			def = &decls[i]
		}
	}
	pal := []Swatch{bg}
	in := map[rune]Color{}
	if def != nil {
		pal = append(pal, def.sw)
		in['1'] = 1
	}
	for _, d := range decls {
		if d.in == '0' || d.in == '1' {
			continue
		}
		in[d.in] = Color(len(pal))
		pal = append(pal, d.sw)
	}
	if len(pal) < 2 {
		return nil, nil, errorf(n, "%w: the colour table declares no block colour", ErrColor)
	}
	if len(pal)-1 > MaxColors {
		return nil, nil, errorf(n, "%w: %d colours, at most %d", ErrTooLarge, len(pal)-1, MaxColors)
	}
	return pal, in, nil
}

// parseGClue reads a clue line: blocks like "3" or "2r" separated by
// spaces, tabs or commas.
func parseGClue(line string, inchars map[rune]Color) (Clue, error) {
	f := strings.FieldsFunc(line, func(r rune) bool { return r == ' ' || r == '\t' || r == ',' })
	if len(f) == 1 && f[0] == "0" {
		return Clue{}, nil
	}
	c := make(Clue, 0, len(f))
	for _, tok := range f {
		i := 0
		for i < len(tok) && tok[i] >= '0' && tok[i] <= '9' {
			i++
		}
		if i == 0 {
			return nil, syntaxMsg(fmt.Sprintf("block %q: want a number and an optional colour character", clip(tok)))
		}
		k, err := parseBlock(tok[:i])
		if err != nil {
			return nil, err
		}
		if k == 0 {
			return nil, syntaxMsg(fmt.Sprintf("block %q: a block has at least one cell (a lone 0 is an empty clue)", clip(tok)))
		}
		in := '1'
		if rest := []rune(tok[i:]); len(rest) == 1 {
			in = rest[0]
		} else if len(rest) > 1 {
			return nil, syntaxMsg(fmt.Sprintf("block %q: want a number and an optional colour character", clip(tok)))
		}
		col, ok := inchars[in]
		if !ok {
			if in == '1' {
				return nil, fmt.Errorf("%w: block %q has no colour character and no default colour (1) is declared", ErrColor, tok)
			}
			return nil, fmt.Errorf("%w: block %q: colour %q is not declared", ErrColor, clip(tok), in)
		}
		c = append(c, Block{Len: k, Color: col})
	}
	return c, nil
}

func encodeG(w io.Writer, p *Puzzle) error {
	pal, err := writablePalette(p)
	if err != nil {
		return err
	}
	bw := bufio.NewWriter(w)
	for _, kv := range [][2]string{{"id", p.ID}, {"title", p.Title}, {"author", p.Author}, {"copyright", p.Copyright}, {"description", p.Description}} {
		if v := strings.Join(strings.Fields(kv[1]), " "); v != "" {
			fmt.Fprintf(bw, "%s: %s\n", kv[0], v)
		}
	}
	in := gInchars(pal)
	bw.WriteString("#d\n")
	for c, sw := range pal {
		word, comment := gWord(sw)
		out := sw.Char
		if out == 0 || (out != ' ' && !unicode.IsGraphic(out)) {
			out = defaultChar(Color(c))
		}
		fmt.Fprintf(bw, "   %c:%c  %s", in[c], out, word)
		if comment != "" {
			fmt.Fprintf(bw, "  %s", comment)
		}
		bw.WriteByte('\n')
	}
	for _, sec := range []struct {
		head  string
		clues []Clue
	}{{": rows", p.Rows}, {": columns", p.Cols}} {
		bw.WriteString(sec.head + "\n")
		for _, c := range sec.clues {
			for j, b := range c {
				if j > 0 {
					bw.WriteByte(' ')
				}
				bw.WriteString(strconv.Itoa(b.Len))
				if in[b.Color] != '1' {
					bw.WriteRune(in[b.Color])
				}
			}
			bw.WriteByte('\n')
		}
	}
	bw.WriteString(": end\n")
	return bw.Flush()
}

// writablePalette returns the palette of p (black and white when it has
// none) after checking that every block has a colour from it.
func writablePalette(p *Puzzle) ([]Swatch, error) {
	pal := p.Palette
	if len(pal) == 0 {
		pal = BlackWhite()
	}
	if len(pal) < 2 {
		return nil, fmt.Errorf("%w: palette has %d entries, need background and a colour", ErrColor, len(pal))
	}
	if len(pal)-1 > MaxColors {
		return nil, fmt.Errorf("%w: %d colours, at most %d", ErrTooLarge, len(pal)-1, MaxColors)
	}
	for _, clues := range [][]Clue{p.Rows, p.Cols} {
		for _, c := range clues {
			for _, b := range c {
				if b.Color == Background || int(b.Color) >= len(pal) {
					return nil, fmt.Errorf("%w %d in clue %v", ErrColor, b.Color, c)
				}
			}
		}
	}
	return pal, nil
}

// gInchars picks the clue character of each colour: '0' for the
// background, '1' for colour 1 when it has an XPM name (a colour written as
// #RRGGBB is named after its character, which '1' cannot keep), and for
// the rest the swatch name or display character where it is a single
// usable character, else a letter or symbol.
func gInchars(pal []Swatch) []rune {
	in := make([]rune, len(pal))
	used := map[rune]bool{'0': true, '1': true}
	in[0] = '0'
	usable := func(r rune) bool {
		return r < 127 && unicode.IsGraphic(r) && !unicode.IsDigit(r) && !unicode.IsSpace(r) &&
			!strings.ContainsRune(",:#", r) && !used[r]
	}
	first := 1
	if word, _ := gWord(pal[1]); !strings.HasPrefix(word, "#") {
		in[1], first = '1', 2
	}
	const spare = "abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ@%&*+=!?$^~<>;'\"`_-|/\\()[]{}"
	for c := first; c < len(pal); c++ {
		var pick rune
		if r := []rune(pal[c].Name); len(r) == 1 && usable(r[0]) {
			pick = r[0]
		} else if usable(pal[c].Char) {
			pick = pal[c].Char
		} else {
			for _, r := range spare {
				if usable(r) {
					pick = r
					break
				}
			}
		}
		in[c] = pick
		used[pick] = true
	}
	return in
}

// gWord gives the XPM colour word to write for sw, and a comment: the
// swatch name when it is a known XPM word for the same value, otherwise
// #RRGGBB with the name as comment.
func gWord(sw Swatch) (word, comment string) {
	if rgb, ok := xpmRGB(sw.Name); ok && rgb == sw.RGB && !strings.ContainsAny(sw.Name, " \t") {
		return sw.Name, ""
	}
	return strings.ToUpper(sw.RGB.String()), strings.Join(strings.Fields(sw.Name), " ")
}

// xpmRGB returns the value of an X11 colour name as used in XPM files
// ("red", "LightBlue", "gray50"), or of a griddlers.net triangle word
// naming two colours split by '/' or '\' ("black/orange"), whose value is
// their mean. Only common names are known.
func xpmRGB(word string) (RGB, bool) {
	if i := strings.IndexAny(word, `/\`); i >= 0 {
		a, ok1 := xpmRGB(word[:i])
		b, ok2 := xpmRGB(word[i+1:])
		if !ok1 || !ok2 {
			return RGB{}, false
		}
		mean := func(x, y uint8) uint8 { return uint8((int(x) + int(y) + 1) / 2) }
		return RGB{mean(a.R, b.R), mean(a.G, b.G), mean(a.B, b.B)}, true
	}
	w := strings.ToLower(strings.NewReplacer(" ", "", "_", "").Replace(word))
	for _, prefix := range []string{"gray", "grey"} {
		if rest, ok := strings.CutPrefix(w, prefix); ok && rest != "" {
			k, err := strconv.Atoi(rest)
			if err != nil || k < 0 || k > 100 || rest[0] == '+' {
				return RGB{}, false
			}
			v := uint8((k*255 + 50) / 100)
			return RGB{v, v, v}, true
		}
	}
	v, ok := xpmColors()[w]
	return v, ok
}

// xpmColors are the colour names xpmRGB knows, lower case and without
// spaces, with their values: X11's where X11 and CSS differ (gray is 190,
// maroon 176, 48, 96). The map is made on first use: only the .g reader
// needs it, and a map made at start-up costs every run.
var xpmColors = sync.OnceValue(func() map[string]RGB {
	return map[string]RGB{
		"white":      {255, 255, 255},
		"black":      {0, 0, 0},
		"red":        {255, 0, 0},
		"green":      {0, 255, 0},
		"lime":       {0, 255, 0},
		"blue":       {0, 0, 255},
		"yellow":     {255, 255, 0},
		"orange":     {255, 165, 0},
		"brown":      {165, 42, 42},
		"gray":       {190, 190, 190},
		"grey":       {190, 190, 190},
		"pink":       {255, 192, 203},
		"violet":     {238, 130, 238},
		"purple":     {160, 32, 240},
		"magenta":    {255, 0, 255},
		"fuchsia":    {255, 0, 255},
		"cyan":       {0, 255, 255},
		"aqua":       {0, 255, 255},
		"navy":       {0, 0, 128},
		"navyblue":   {0, 0, 128},
		"maroon":     {176, 48, 96},
		"gold":       {255, 215, 0},
		"beige":      {245, 245, 220},
		"tan":        {210, 180, 140},
		"khaki":      {240, 230, 140},
		"olive":      {128, 128, 0},
		"teal":       {0, 128, 128},
		"silver":     {192, 192, 192},
		"darkgreen":  {0, 100, 0},
		"darkblue":   {0, 0, 139},
		"darkred":    {139, 0, 0},
		"darkgray":   {169, 169, 169},
		"darkgrey":   {169, 169, 169},
		"lightblue":  {173, 216, 230},
		"lightgreen": {144, 238, 144},
		"lightgray":  {211, 211, 211},
		"lightgrey":  {211, 211, 211},
		"skyblue":    {135, 206, 235},
		"salmon":     {250, 128, 114},
		"turquoise":  {64, 224, 208},
		"chocolate":  {210, 105, 30},
		"coral":      {255, 127, 80},
		"indigo":     {75, 0, 130},
		"lavender":   {230, 230, 250},
		"orchid":     {218, 112, 214},
		"plum":       {221, 160, 221},
		"sienna":     {160, 82, 45},
	}
})
