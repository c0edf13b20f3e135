package puzzle

import (
	"bufio"
	"fmt"
	"html"
	"io"
	"strconv"
	"strings"
	"unicode/utf8"
)

// Steve Simpson's .non: "keyword value" lines. "width" and "height" give the
// size; "rows" and "columns" are each followed by one clue line per row or
// column, numbers separated by commas, an empty clue written "0" or left
// blank. "title", "by", "copyright" and "catalogue" are kept (quoted or not,
// with HTML entities); "goal" gives the solution row by row ("0" blank,
// anything else filled); other keywords are ignored. Lines "====" separate
// the puzzles of a bundle (.nonpack).
//
// Two colour extensions are read:
//   - mikix/nonogram-db: "color a #ff0000" lines and clue items like "3a,1b",
//     where the letter after a number names the block's colour; goal cells
//     use the same letters.
//   - Nonny: "color green 00B000 #" lines (name, RGB, display character) and
//     clue lines like "green 2" or "black 4 brown 2 black 4", where a colour
//     name applies to the numbers after it. A number with no colour is
//     black.
//
// The writer writes plain .non for black-and-white puzzles and the mikix
// extension otherwise: colours are named by single letters in the clues
// and the goal. A colour whose name is a word other than its letter is
// declared the Nonny way, "color green #228822 g", so that the name
// survives; others the mikix way, "color g #228822".

// nonSeparator reports whether s separates puzzles in a bundle.
func nonSeparator(s string) bool {
	s = strings.TrimSpace(s)
	return len(s) >= 4 && strings.Trim(s, "=") == ""
}

func decodeNON(r io.Reader) ([]parsed, error) {
	ls, err := readAllLines(r)
	if err != nil {
		return nil, err
	}
	var out []parsed
	start := 0
	for i := 0; i <= len(ls); i++ {
		if i < len(ls) && !nonSeparator(ls[i]) {
			continue
		}
		x, ok, err := parseNONSection(ls, start, i)
		switch {
		case err != nil:
			out = append(out, parsed{err: err}) // the others are read
		case ok:
			out = append(out, x)
		}
		start = i + 1
	}
	return out, nil
}

// nonLine is a raw clue line and its line number.
type nonLine struct {
	text string
	line int
}

// nonSection collects one puzzle's keywords before the clues are resolved,
// since colours may be declared after the clues that use them.
type nonSection struct {
	ls         []string
	end        int // index after the section's last line
	p          *Puzzle
	w, h       int // 0 until given
	wAt, hAt   int // lines of "width" and "height"
	rows, cols []nonLine
	rowsAt     int // lines of "rows" and "columns"
	colsAt     int
	goal       string
	goalAt     int
	pal        nonPalette
	found      bool // saw a keyword that only puzzles have
}

// parseNONSection reads the puzzle in lines [a, b). ok is false when the
// section holds no puzzle at all (only blank lines or properties).
func parseNONSection(ls []string, a, b int) (x parsed, ok bool, err error) {
	s := &nonSection{ls: ls, end: b, p: &Puzzle{}}
	s.pal.init()
	for i := a; i < b; i++ {
		line := strings.TrimSpace(ls[i])
		if line == "" {
			continue
		}
		key, val := cutKeyword(line)
		switch key {
		case "width", "height":
			if err := s.size(key, val, i+1); err != nil {
				return x, false, err
			}
		case "rows", "columns":
			if i, err = s.clues(key, i); err != nil {
				return x, false, err
			}
		case "color", "colour":
			s.found = true
			if err := s.pal.declare(val, i+1); err != nil {
				return x, false, err
			}
		case "goal":
			s.found = true
			s.goal, s.goalAt = nonString(val), i+1
		case "title":
			s.p.Title = nonString(val)
		case "name":
			if s.p.Title == "" {
				s.p.Title = nonString(val)
			}
		case "by":
			s.p.Author = nonString(val)
		case "copyright":
			s.p.Copyright = nonString(val)
		case "catalogue":
			s.p.ID = nonString(val)
		}
	}
	if !s.found {
		return x, false, nil
	}
	x, err = s.build(a + 1)
	return x, err == nil, err
}

// cutKeyword splits a line into its lower-case keyword and the rest.
func cutKeyword(line string) (key, val string) {
	i := strings.IndexAny(line, " \t")
	if i < 0 {
		return strings.ToLower(line), ""
	}
	return strings.ToLower(line[:i]), strings.TrimSpace(line[i+1:])
}

func (s *nonSection) size(key, val string, n int) error {
	s.found = true
	v, err := parseSide(key, val)
	if err != nil {
		return errorf(n, "%w", err)
	}
	d, at := &s.w, &s.wAt
	if key == "height" {
		d, at = &s.h, &s.hAt
	}
	if *d != 0 && *d != v {
		return syntaxAt(n, "%s %d, but line %d gave %d", key, v, *at, *d)
	}
	*d, *at = v, n
	return nil
}

// isClueLine reports whether line can be a clue: blank, starting with a
// digit, or (Nonny) starting with the name of a colour. With loose set, a
// line that starts with some other word which is not a keyword, and goes
// on with numbers, counts too (it names an unknown colour).
func (s *nonSection) isClueLine(line string, loose bool) bool {
	line = strings.TrimSpace(line)
	if line == "" || line[0] >= '0' && line[0] <= '9' {
		return true
	}
	word, _ := cutToken(line, isNONSep)
	if s.pal.isName(word) {
		return true
	}
	return loose && !nonKeyword(strings.ToLower(word)) && !strings.Contains(line, "\"") &&
		strings.ContainsAny(line, "0123456789")
}

// nonKeyword reports whether w is a keyword a clue line never starts with.
func nonKeyword(w string) bool {
	switch w {
	case "width", "height", "rows", "columns", "color", "colour",
		"goal", "saved", "title", "name", "by", "copyright",
		"catalogue", "license", "collection", "id":
		return true
	}
	return false
}

// clues reads the clue lines after the "rows" or "columns" keyword at
// index i and returns the index of the last line it used. With a known
// count the lines are taken by position (a blank line is an empty clue);
// blank lines beyond the count at either end of the block are dropped.
// Without a count the block ends at the first blank line.
func (s *nonSection) clues(key string, i int) (int, error) {
	s.found = true
	kind, dim, n, dst, at := "row", "height", s.h, &s.rows, &s.rowsAt
	if key == "columns" {
		kind, dim, n, dst, at = "column", "width", s.w, &s.cols, &s.colsAt
	}
	if *at != 0 {
		return 0, syntaxAt(i+1, "second %q section (the first is on line %d)", key, *at)
	}
	*at = i + 1
	lo := i + 1
	if n == 0 {
		lo = skipBlankLines(s.ls[:s.end], lo)
	}
	hi := lo
	for hi < s.end && s.isClueLine(s.ls[hi], hi-lo < n) && (n > 0 || !blankLine(s.ls[hi])) {
		hi++
	}
	stop := hi
	if n > 0 {
		for hi-lo > n && blankLine(s.ls[hi-1]) {
			hi--
		}
		for hi-lo > n && blankLine(s.ls[lo]) {
			lo++
		}
		switch {
		case hi-lo > n:
			return 0, syntaxAt(lo+n+1, "extra %s clue %q: %s is %d", kind, shorten(s.ls[lo+n]), dim, n)
		case hi-lo < n && stop == len(s.ls):
			return 0, syntaxAt(len(s.ls), "file ends after %d of %d %s clues", hi-lo, n, kind)
		case hi-lo < n:
			return 0, syntaxAt(stop+1, "%q after %d of %d %s clues", shorten(s.ls[stop]), hi-lo, n, kind)
		}
	} else if hi-lo > MaxSide {
		return 0, errorf(lo+MaxSide+1, "%w: more than %d %ss", ErrTooLarge, MaxSide, kind)
	}
	*dst = make([]nonLine, 0, hi-lo)
	for j := lo; j < hi; j++ {
		*dst = append(*dst, nonLine{s.ls[j], j + 1})
	}
	return stop - 1, nil
}

// build resolves the collected clues, colours and goal into a puzzle.
func (s *nonSection) build(start int) (parsed, error) {
	ps := positions{start: start}
	switch {
	case s.rowsAt == 0:
		return parsed{}, syntaxAt(start, "puzzle has no \"rows\" section")
	case s.colsAt == 0:
		return parsed{}, syntaxAt(start, "puzzle has no \"columns\" section")
	case s.h != 0 && len(s.rows) != s.h:
		return parsed{}, syntaxAt(s.hAt, "height %d, but %d row clues", s.h, len(s.rows))
	case s.w != 0 && len(s.cols) != s.w:
		return parsed{}, syntaxAt(s.wAt, "width %d, but %d column clues", s.w, len(s.cols))
	}
	p := s.p
	var err error
	if p.Rows, ps.rows, err = s.resolve(s.rows, "row"); err != nil {
		return parsed{}, err
	}
	if p.Cols, ps.cols, err = s.resolve(s.cols, "column"); err != nil {
		return parsed{}, err
	}
	if s.goalAt != 0 {
		if p.Goal, err = s.resolveGoal(len(p.Rows), len(p.Cols)); err != nil {
			return parsed{}, err
		}
	}
	p.Palette = s.pal.finish()
	return parsed{p: p, pos: ps}, nil
}

func (s *nonSection) resolve(lines []nonLine, kind string) ([]Clue, []int, error) {
	clues := make([]Clue, len(lines))
	at := make([]int, len(lines))
	for i, l := range lines {
		c, err := s.pal.parseClue(l.text)
		if err != nil {
			return nil, nil, errorf(l.line, "%s %d: %w", kind, i+1, err)
		}
		clues[i], at[i] = c, l.line
	}
	return clues, at, nil
}

func (s *nonSection) resolveGoal(h, w int) (Grid, error) {
	cells := strings.Join(strings.Fields(s.goal), "")
	if n := utf8.RuneCountInString(cells); n != w*h {
		return nil, syntaxAt(s.goalAt, "goal has %d cells, puzzle %dx%d has %d", n, w, h, w*h)
	}
	g := NewGrid(h, w)
	k := 0
	for _, ch := range cells {
		c, err := s.pal.goalColor(ch)
		if err != nil {
			return nil, errorf(s.goalAt, "goal row %d: %w", k/w+1, err)
		}
		g[k/w][k%w] = c
		k++
	}
	return g, nil
}

// nonString reads a property value: outer quotes removed, Latin-1 (really
// Windows-1252) bytes taken as such when the value is not UTF-8, and HTML
// entities decoded.
func nonString(v string) string {
	v = strings.TrimSpace(v)
	if len(v) >= 2 && v[0] == '"' && v[len(v)-1] == '"' {
		v = v[1 : len(v)-1]
	} else {
		v = strings.TrimPrefix(v, "\"")
	}
	if !utf8.ValidString(v) {
		v = decodeCP1252(v)
	}
	return html.UnescapeString(v)
}

// cp1252 maps the bytes 0x80..0x9F of Windows-1252 to runes; the other
// bytes are Latin-1.
var cp1252 = [32]rune{
	'€', 0x81, '‚', 'ƒ', '„', '…', '†', '‡', 'ˆ', '‰', 'Š', '‹', 'Œ', 0x8d, 'Ž', 0x8f,
	0x90, '‘', '’', '“', '”', '•', '–', '—', '˜', '™', 'š', '›', 'œ', 0x9d, 'ž', 'Ÿ',
}

func decodeCP1252(s string) string {
	var sb strings.Builder
	for i := 0; i < len(s); i++ {
		b := s[i]
		switch {
		case b < 0x80:
			sb.WriteByte(b)
		case b < 0xa0:
			sb.WriteRune(cp1252[b-0x80])
		default:
			sb.WriteRune(rune(b))
		}
	}
	return sb.String()
}

// isNONSep reports whether b separates the items of a .non clue line.
func isNONSep(b byte) bool { return b == ',' || b == ' ' || b == '\t' || b == ':' }

// nonPalette builds the palette of a .non puzzle: the background, then the
// declared colours in order, then colours used but not declared, in order
// of first use.
type nonPalette struct {
	sw       []Swatch
	declared []int // line of each declaration, 0 for implicit colours
	def      Color // colour of numbers with no colour; 0 until needed
}

func (np *nonPalette) init() {
	np.sw = []Swatch{White}
	np.declared = []int{0}
}

// find returns the colour with the given name, or with the given display
// character if the name is one character long.
func (np *nonPalette) find(name string) (Color, bool) {
	for i := 1; i < len(np.sw); i++ {
		if np.sw[i].Name == name {
			return Color(i), true
		}
	}
	if r, n := utf8.DecodeRuneInString(name); n == len(name) && n > 0 {
		for i := 1; i < len(np.sw); i++ {
			if np.sw[i].Char == r {
				return Color(i), true
			}
		}
	}
	return 0, false
}

func (np *nonPalette) isName(word string) bool {
	if word == "black" {
		return true
	}
	for i := 1; i < len(np.sw); i++ {
		if np.sw[i].Name == word {
			return true
		}
	}
	return false
}

func (np *nonPalette) add(sw Swatch, line int) (Color, error) {
	if len(np.sw) > MaxColors {
		return 0, fmt.Errorf("%w: more than %d colours", ErrTooLarge, MaxColors)
	}
	np.sw = append(np.sw, sw)
	np.declared = append(np.declared, line)
	return Color(len(np.sw) - 1), nil
}

// declare reads the value of a "color" line: "a #ff0000" (mikix) or
// "green 00B000 #" (Nonny).
func (np *nonPalette) declare(val string, n int) error {
	name, rest := cutToken(val, isSpace)
	hex, rest := cutToken(rest, isSpace)
	char, rest := cutToken(rest, isSpace)
	if hex == "" || strings.TrimSpace(rest) != "" {
		return syntaxAt(n, "colour %q: want a name, an RGB value and an optional character", shorten(val))
	}
	rgb, err := ParseRGB(hex)
	if err != nil {
		return syntaxAt(n, "%v", err)
	}
	sw := Swatch{Name: name, RGB: rgb}
	switch {
	case char != "":
		r, size := utf8.DecodeRuneInString(char)
		if size != len(char) {
			return syntaxAt(n, "colour %s: character %q: want one character", name, shorten(char))
		}
		sw.Char = r
	case utf8.RuneCountInString(name) == 1:
		sw.Char, _ = utf8.DecodeRuneInString(name)
	}
	if name == "background" {
		np.sw[0] = sw
		return nil
	}
	for i := 1; i < len(np.sw); i++ {
		if np.sw[i].Name == name {
			return syntaxAt(n, "colour %s declared twice (first on line %d)", name, np.declared[i])
		}
	}
	if _, err := np.add(sw, n); err != nil {
		return errorf(n, "%w", err)
	}
	return nil
}

func isSpace(b byte) bool { return b == ' ' || b == '\t' }

// defaultColor is the colour of a number with no colour: black, declared or
// not.
func (np *nonPalette) defaultColor() (Color, error) {
	if np.def != 0 {
		return np.def, nil
	}
	for i := 1; i < len(np.sw); i++ {
		if np.sw[i].Name == "black" {
			np.def = Color(i)
			return np.def, nil
		}
	}
	sw := Black
	for _, r := range "#X@*%+" {
		if _, used := np.find(string(r)); !used {
			sw.Char = r
			break
		}
	}
	c, err := np.add(sw, 0)
	np.def = c
	return c, err
}

// letter returns the colour a block's letter suffix names (mikix); a
// letter nobody declared becomes a new colour with a default value.
func (np *nonPalette) letter(s string) (Color, error) {
	if c, ok := np.find(s); ok {
		return c, nil
	}
	r, _ := utf8.DecodeRuneInString(s)
	return np.add(Swatch{Name: s, RGB: defaultRGB(len(np.sw)), Char: r}, 0)
}

// parseClue reads one clue line in any of the .non dialects.
func (np *nonPalette) parseClue(s string) (Clue, error) {
	var c Clue
	zero := false
	cur := Color(0)
	for tok, rest := cutToken(s, isNONSep); tok != ""; tok, rest = cutToken(rest, isNONSep) {
		d := 0
		for d < len(tok) && tok[d] >= '0' && tok[d] <= '9' {
			d++
		}
		if d == 0 && !isLetter(tok[0]) {
			return nil, syntaxMsg(fmt.Sprintf("clue %q: not a positive integer", shorten(tok)))
		}
		if d == 0 { // a Nonny colour name
			col, ok := np.find(tok)
			if !ok && tok == "black" {
				col, _ = np.defaultColor()
				ok = col != 0
			}
			if !ok {
				return nil, fmt.Errorf("%w %q", ErrColor, shorten(tok))
			}
			cur = col
			continue
		}
		n, err := parseBlock(tok[:d])
		if err != nil {
			return nil, err
		}
		col := cur
		switch suf := tok[d:]; {
		case suf != "" && (len(suf) > 1 || !isLetter(suf[0])):
			return nil, syntaxMsg(fmt.Sprintf("block %q: want a number and an optional colour letter", shorten(tok)))
		case suf != "":
			if col, err = np.letter(suf); err != nil {
				return nil, err
			}
		case col == 0 && n > 0:
			if col, err = np.defaultColor(); err != nil {
				return nil, err
			}
		}
		if n == 0 {
			zero = true
			continue
		}
		if len(c) == MaxSide {
			return nil, fmt.Errorf("%w: more than %d blocks", ErrTooLarge, MaxSide)
		}
		c = append(c, Block{Len: n, Color: col})
	}
	if zero && len(c) > 0 {
		return nil, syntaxMsg(fmt.Sprintf("clue %q: 0 stands for an empty clue and cannot be a block", shorten(s)))
	}
	return c, nil
}

func isLetter(b byte) bool { return b >= 'a' && b <= 'z' || b >= 'A' && b <= 'Z' }

// goalColor reads one goal cell: '0' is the background; otherwise a colour
// letter or character, and in a one-colour puzzle anything else is filled.
func (np *nonPalette) goalColor(ch rune) (Color, error) {
	if ch == '0' {
		return Background, nil
	}
	if c, ok := np.find(string(ch)); ok {
		return c, nil
	}
	if len(np.sw) <= 2 {
		if len(np.sw) == 1 {
			return np.defaultColor()
		}
		return 1, nil
	}
	if ch == '1' {
		return np.defaultColor()
	}
	return 0, fmt.Errorf("%w %q", ErrColor, string(ch))
}

// finish returns the palette, black and white if no colour was seen.
func (np *nonPalette) finish() []Swatch {
	if len(np.sw) == 1 {
		np.sw = append(np.sw, Black)
	}
	return np.sw
}

func encodeNON(w io.Writer, p *Puzzle) error {
	bw := bufio.NewWriter(w)
	if err := writeNON(bw, p); err != nil {
		return err
	}
	return bw.Flush()
}

// encodeNONBundle writes several puzzles separated by "====" lines.
func encodeNONBundle(w io.Writer, ps []*Puzzle) error {
	bw := bufio.NewWriter(w)
	for i, p := range ps {
		if i > 0 {
			bw.WriteString("====\n")
		}
		if err := writeNON(bw, p); err != nil {
			return err
		}
	}
	return bw.Flush()
}

func writeNON(bw *bufio.Writer, p *Puzzle) error {
	letters, err := nonLetters(p)
	if err != nil {
		return err
	}
	goal, err := nonGoal(p, letters)
	if err != nil {
		return err
	}
	for _, kv := range [][2]string{{"catalogue", p.ID}, {"title", p.Title}, {"by", p.Author}, {"copyright", p.Copyright}} {
		if kv[1] != "" {
			fmt.Fprintf(bw, "%s \"%s\"\n", kv[0], nonEscape(kv[1]))
		}
	}
	fmt.Fprintf(bw, "width %d\nheight %d\n", p.Width(), p.Height())
	if letters != nil {
		bw.WriteByte('\n')
		for c := 1; c < len(letters); c++ {
			if name := p.Palette[c].Name; nonName(name) && name != string(letters[c]) {
				fmt.Fprintf(bw, "color %s %v %c\n", name, p.Palette[c].RGB, letters[c])
			} else {
				fmt.Fprintf(bw, "color %c %v\n", letters[c], p.Palette[c].RGB)
			}
		}
	}
	for _, sec := range []struct {
		key   string
		clues []Clue
	}{{"rows", p.Rows}, {"columns", p.Cols}} {
		fmt.Fprintf(bw, "\n%s\n", sec.key)
		for _, c := range sec.clues {
			if len(c) == 0 {
				bw.WriteString("0\n")
				continue
			}
			for i, b := range c {
				if i > 0 {
					bw.WriteByte(',')
				}
				bw.WriteString(strconv.Itoa(b.Len))
				if letters != nil {
					if int(b.Color) >= len(letters) || b.Color == Background {
						return fmt.Errorf("%w: %s clue %v has colour %d, palette has %d", ErrColor, sec.key, c, b.Color, len(letters)-1)
					}
					bw.WriteByte(letters[b.Color])
				}
			}
			bw.WriteByte('\n')
		}
	}
	if goal != "" {
		fmt.Fprintf(bw, "\ngoal \"%s\"\n", goal)
	}
	return nil
}

// nonName reports whether a colour's name can be written on a "color"
// line and read back as that colour's name: a word of two or more
// letters, digits, '-' and '_' that starts with a letter (one letter
// could be another colour's), and no keyword of the format.
func nonName(name string) bool {
	if len(name) < 2 || !isLetter(name[0]) || nonKeyword(strings.ToLower(name)) || name == "background" {
		return false
	}
	for i := 0; i < len(name); i++ {
		if b := name[i]; !isLetter(b) && !(b >= '0' && b <= '9') && b != '-' && b != '_' {
			return false
		}
	}
	return true
}

// nonLetters chooses the mikix colour letter of each colour (index 0
// unused), or returns nil for a puzzle written as plain black and white.
// A colour keeps its character or the initial of its name when that is a
// free letter.
func nonLetters(p *Puzzle) ([]byte, error) {
	if len(p.Palette) < 2 || len(p.Palette) == 2 && p.Palette[1].RGB == (RGB{}) {
		return nil, nil
	}
	const pool = "abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ"
	if len(p.Palette)-1 > len(pool) {
		return nil, fmt.Errorf("%w: .non colour letters name at most %d colours, puzzle has %d", ErrUnsupported, len(pool), len(p.Palette)-1)
	}
	letters := make([]byte, len(p.Palette))
	used := map[byte]bool{}
	for c := 1; c < len(p.Palette); c++ {
		sw := p.Palette[c]
		var cands []byte
		if sw.Char < utf8.RuneSelf && isLetter(byte(sw.Char)) {
			cands = append(cands, toLower(byte(sw.Char)))
		}
		if sw.Name != "" && isLetter(sw.Name[0]) {
			cands = append(cands, toLower(sw.Name[0]))
		}
		cands = append(cands, pool...)
		for _, l := range cands {
			if !used[l] {
				letters[c], used[l] = l, true
				break
			}
		}
	}
	return letters, nil
}

func toLower(b byte) byte {
	if b >= 'A' && b <= 'Z' {
		return b + 'a' - 'A'
	}
	return b
}

// nonGoal returns the goal line's cells, or "" if p has no goal.
func nonGoal(p *Puzzle, letters []byte) (string, error) {
	if p.Goal == nil {
		return "", nil
	}
	h, w := p.Height(), p.Width()
	if len(p.Goal) != h {
		return "", fmt.Errorf("%w: goal has %d rows, puzzle %d", ErrUnsupported, len(p.Goal), h)
	}
	var sb strings.Builder
	for r, row := range p.Goal {
		if len(row) != w {
			return "", fmt.Errorf("%w: goal row %d has %d cells, puzzle width %d", ErrUnsupported, r+1, len(row), w)
		}
		for _, c := range row {
			switch {
			case c == Background:
				sb.WriteByte('0')
			case letters == nil && int(c) <= max(1, len(p.Palette)-1):
				sb.WriteByte('1')
			case letters != nil && int(c) < len(letters):
				sb.WriteByte(letters[c])
			default:
				return "", fmt.Errorf("%w: goal row %d has colour %d, puzzle has %d", ErrColor, r+1, c, p.NumColors())
			}
		}
	}
	return sb.String(), nil
}

// nonEscape prepares a property value for writing between quotes: the
// characters that would end the value or the line become HTML entities,
// which the reader decodes, and bytes that are not UTF-8 become U+FFFD.
func nonEscape(s string) string {
	return nonEscaper.Replace(strings.ToValidUTF8(s, "\uFFFD"))
}

var nonEscaper = strings.NewReplacer("&", "&amp;", "\"", "&quot;", "\n", "&#10;", "\r", "&#13;")
