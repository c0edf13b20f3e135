package puzzle

import (
	"bufio"
	"bytes"
	"encoding/xml"
	"errors"
	"fmt"
	"io"
	"strconv"
	"strings"
	"unicode"
	"unicode/utf8"
)

// webpbn XML (Jan Wolter's "XML Format for Paint-by-Number Puzzles",
// https://webpbn.com/pbn_fmt.html). A <puzzleset> holds one or more
// <puzzle type="grid" defaultcolor="black" backgroundcolor="white">, each
// with <color name=".." char="..">RGB</color> entries, <clues type="rows">
// and <clues type="columns"> made of <line>s of <count [color=".."]>N</count>,
// and <solution type="goal|solution|saved"><image>|..X.|...</image>.
//
// The reader uses encoding/xml, which never fetches a DTD or external
// entity; HTML entities such as &copy; are known. The background colour
// becomes palette entry 0 whatever its name; the default colour, when
// used, entry 1; the other declared colours follow in order. Undefined
// "white" and "black" get the spec's defaults. The goal image is taken
// from a goal solution, else from a plain solution; saved (partial)
// solutions are ignored. A puzzle with a goal but no clues gets its clues
// from the goal. Triddlers, and blotted clues (count 0), are reported as
// unsupported.

// maxXMLDepth bounds element nesting; real files nest four deep.
const maxXMLDepth = 64

// xnode is an element of the document: its name, attributes, character
// data and children, and the line where its start tag ends.
type xnode struct {
	name  string
	attr  []xml.Attr
	text  strings.Builder
	kids  []*xnode
	line  int
	start int // line where the start tag begins
	n     int // kids counted against a limit (see countKid)
}

// countKid counts kid n of element top against the limits the puzzle
// will be held to (lines per <clues>, counts per <line>), so that a
// document far over them stops at the first element too many instead of
// being read whole.
func countKid(top, n *xnode) error {
	switch {
	case top.name == "clues" && n.name == "line":
		if top.n++; top.n > MaxSide {
			return errorf(n.line, "%w: more than %d lines", ErrTooLarge, MaxSide)
		}
	case top.name == "line" && n.name == "count":
		if top.n++; top.n > MaxSide {
			return errorf(n.line, "%w: more than %d counts in a line", ErrTooLarge, MaxSide)
		}
	}
	return nil
}

func (n *xnode) get(key string) (string, bool) {
	for _, a := range n.attr {
		if a.Name.Local == key {
			return a.Value, true
		}
	}
	return "", false
}

// readXMLTree parses the whole document into xnodes.
func readXMLTree(r io.Reader) (*xnode, error) {
	br := bufio.NewReader(r)
	if bom, err := br.Peek(3); err == nil && string(bom) == "\xef\xbb\xbf" {
		br.Discard(3)
	}
	cr := &countReader{r: br}
	d := xml.NewDecoder(cr)
	d.Strict = true
	d.Entity = xml.HTMLEntity
	d.CharsetReader = xmlCharsetReader
	var root *xnode
	var stack []*xnode
	for {
		before, _ := d.InputPos()
		tok, err := d.Token()
		if err == io.EOF {
			break
		}
		if err != nil {
			var se *xml.SyntaxError
			if errors.As(err, &se) {
				return nil, syntaxAt(se.Line, "%s", se.Msg)
			}
			line, _ := d.InputPos()
			return nil, syntaxAt(line, "%v", err)
		}
		line, _ := d.InputPos()
		switch t := tok.(type) {
		case xml.StartElement:
			if len(stack) >= maxXMLDepth {
				return nil, errorf(line, "%w: elements nested more than %d deep", ErrTooLarge, maxXMLDepth)
			}
			n := &xnode{name: t.Name.Local, attr: t.Attr, line: line, start: before}
			if len(stack) == 0 {
				if root != nil {
					return nil, syntaxAt(line, "a second root element <%s>", n.name)
				}
				root = n
			} else {
				top := stack[len(stack)-1]
				if err := countKid(top, n); err != nil {
					return nil, err
				}
				top.kids = append(top.kids, n)
			}
			stack = append(stack, n)
		case xml.EndElement:
			stack = stack[:len(stack)-1]
		case xml.CharData:
			if len(stack) > 0 {
				stack[len(stack)-1].text.Write(t)
			} else if rest := bytes.TrimLeft(t, " \t\r\n"); len(rest) > 0 {
				// line is where the text ends: name the line it starts on,
				// counted from where the token starts. The text has a
				// newline for each bare "\r" and "&#10;" too, which the
				// decoder does not count: never pass the line it is on.
				start := before + bytes.Count(t[:len(t)-len(rest)], []byte("\n"))
				return nil, syntaxAt(min(start, line), "text outside the root element")
			}
		}
	}
	if root == nil {
		return nil, errorf(cr.lines+1, "%w: no XML element", ErrNoPuzzle)
	}
	return root, nil
}

// countReader counts the lines it has passed on, for errors at the end of
// the input.
type countReader struct {
	r     io.Reader
	lines int
}

func (c *countReader) Read(p []byte) (int, error) {
	n, err := c.r.Read(p)
	for _, b := range p[:n] {
		if b == '\n' {
			c.lines++
		}
	}
	return n, err
}

// xmlCharsetReader accepts the 8-bit encodings older files declare,
// reading them as Latin-1.
func xmlCharsetReader(charset string, input io.Reader) (io.Reader, error) {
	switch strings.ToLower(charset) {
	case "iso-8859-1", "iso8859-1", "latin1", "latin-1", "windows-1252", "cp1252", "us-ascii", "ascii":
		return &latin1Reader{r: bufio.NewReader(input)}, nil
	}
	return nil, fmt.Errorf("unsupported encoding %q", charset)
}

// latin1Reader turns Latin-1 bytes into UTF-8.
type latin1Reader struct {
	r       *bufio.Reader
	pending []byte
}

func (l *latin1Reader) Read(p []byte) (int, error) {
	n := 0
	for n < len(p) {
		if len(l.pending) > 0 {
			k := copy(p[n:], l.pending)
			l.pending = l.pending[k:]
			n += k
			continue
		}
		b, err := l.r.ReadByte()
		if err != nil {
			if n > 0 {
				return n, nil
			}
			return 0, err
		}
		if b < utf8.RuneSelf {
			p[n] = b
			n++
			continue
		}
		l.pending = utf8.AppendRune(l.pending[:0], rune(b))
	}
	return n, nil
}

func decodeXML(r io.Reader) ([]parsed, error) {
	root, err := readXMLTree(r)
	if err != nil {
		return nil, err
	}
	var puzzles []*xnode
	set := map[string]string{}
	switch root.name {
	case "puzzleset":
		for _, k := range root.kids {
			switch k.name {
			case "puzzle":
				puzzles = append(puzzles, k)
			case "author", "copyright":
				set[k.name] = strings.TrimSpace(k.text.String())
			}
		}
	case "puzzle":
		puzzles = []*xnode{root}
	default:
		return nil, syntaxAt(root.line, "root element <%s>, want <puzzleset>", root.name)
	}
	if len(puzzles) == 0 {
		return nil, errorf(root.line, "%w: <puzzleset> holds no <puzzle>", ErrNoPuzzle)
	}
	out := make([]parsed, 0, len(puzzles))
	for _, pz := range puzzles {
		p, err := xmlPuzzle(pz)
		if err != nil {
			out = append(out, parsed{err: err}) // the others are read
			continue
		}
		if p.p.Author == "" {
			p.p.Author = set["author"]
		}
		if p.p.Copyright == "" {
			p.p.Copyright = set["copyright"]
		}
		out = append(out, p)
	}
	return out, nil
}

// xmlColor is a colour as declared or referenced in one puzzle.
type xmlColor struct {
	name    string
	rgb     RGB
	char    rune // 0 when not given
	line    int
	implied bool // referenced but not declared: the spec's default
}

// xmlCount is one <count> of a clue line.
type xmlCount struct {
	n     int
	color string
	line  int
}

// xmlDoc is one <puzzle> as xmlPuzzle reads it: first its children, then
// the colours its counts name, the palette, the clues and the goal.
type xmlDoc struct {
	pz              *xnode
	p               *Puzzle
	defName, bgName string // the default colour of counts, and the background

	colors             []*xmlColor // in the order declared, then the implied ones
	byName             map[string]*xmlColor
	rows, cols         [][]xmlCount
	rowLines, colLines []int // the line of each clue, for messages
	haveRows, haveCols bool
	goal, solution     *xnode

	index map[string]Color // palette index by colour name
	chars map[rune]Color   // palette index by character
}

func xmlPuzzle(pz *xnode) (parsed, error) {
	d := &xmlDoc{pz: pz, p: &Puzzle{}, byName: map[string]*xmlColor{}}
	if t, _ := pz.get("type"); t == "triddler" {
		return parsed{}, errorf(pz.line, "%w: triddlers (hexagonal grids)", ErrUnsupported)
	} else if t != "" && t != "grid" {
		return parsed{}, syntaxAt(pz.line, "puzzle type %q, want grid", clip(t))
	}
	var ok bool
	if d.defName, ok = pz.get("defaultcolor"); !ok {
		d.defName = "black"
	}
	if d.bgName, ok = pz.get("backgroundcolor"); !ok {
		d.bgName = "white"
	}
	for _, k := range pz.kids {
		if err := d.child(k); err != nil {
			return parsed{}, err
		}
	}
	if d.haveRows != d.haveCols {
		return parsed{}, syntaxAt(pz.line, "puzzle has row clues or column clues but not both")
	}
	if d.goal == nil {
		d.goal = d.solution
	}
	if !d.haveRows && d.goal == nil {
		return parsed{}, errorf(pz.line, "%w: puzzle has neither clues nor a goal", ErrNoPuzzle)
	}
	if err := d.namedColors(); err != nil {
		return parsed{}, err
	}
	if err := d.palette(); err != nil {
		return parsed{}, err
	}
	p := d.p
	p.Rows, p.Cols = d.clues(d.rows), d.clues(d.cols)
	pos := positions{start: pz.line, rows: d.rowLines, cols: d.colLines}
	if d.goal != nil {
		if err := d.readGoal(); err != nil {
			return parsed{}, err
		}
	}
	return parsed{p: p, pos: pos}, nil
}

// child reads one child element of <puzzle>; unknown ones are ignored.
func (d *xmlDoc) child(k *xnode) error {
	p := d.p
	text := strings.TrimSpace(k.text.String())
	switch k.name {
	case "id":
		p.ID = text
	case "title":
		p.Title = text
	case "author":
		p.Author = text
	case "copyright":
		p.Copyright = text
	case "description":
		p.Description = text
	case "color":
		c, err := xmlParseColor(k, text)
		if err != nil {
			return err
		}
		if prev := d.byName[c.name]; prev != nil {
			return syntaxAt(k.line, "colour %q defined twice (first on line %d)", clip(c.name), prev.line)
		}
		if len(d.colors) > MaxColors {
			return errorf(k.line, "%w: more than %d colours", ErrTooLarge, MaxColors)
		}
		d.byName[c.name] = c
		d.colors = append(d.colors, c)
	case "clues":
		return d.clueSet(k)
	case "solution":
		typ, ok := k.get("type")
		if !ok {
			typ = "goal"
		}
		switch typ {
		case "goal":
			if d.goal == nil {
				d.goal = k
			}
		case "solution":
			if d.solution == nil {
				d.solution = k
			}
		case "saved":
		default:
			return syntaxAt(k.line, "solution type %q, want goal, solution or saved", clip(typ))
		}
	}
	return nil
}

// clueSet reads <clues type="rows"> or <clues type="columns">.
func (d *xmlDoc) clueSet(k *xnode) error {
	typ, _ := k.get("type")
	lines, nums, err := xmlClueLines(k)
	if err != nil {
		return err
	}
	switch typ {
	case "rows":
		if d.haveRows {
			return syntaxAt(k.line, "second <clues type=\"rows\">")
		}
		d.rows, d.rowLines, d.haveRows = lines, nums, true
	case "columns":
		if d.haveCols {
			return syntaxAt(k.line, "second <clues type=\"columns\">")
		}
		d.cols, d.colLines, d.haveCols = lines, nums, true
	default:
		return syntaxAt(k.line, "clues type %q, want rows or columns", clip(typ))
	}
	return nil
}

// ref makes sure the colour name, referenced on line, exists: declared,
// or one of the two the format implies (white and black).
func (d *xmlDoc) ref(name string, line int) error {
	if d.byName[name] != nil {
		return nil
	}
	c := &xmlColor{name: name, line: line, implied: true}
	switch name {
	case "white":
		c.rgb, c.char = RGB{255, 255, 255}, '.'
	case "black":
		c.rgb, c.char = RGB{0, 0, 0}, 'X'
	default:
		return errorf(line, "%w %q", ErrColor, clip(name))
	}
	d.byName[name] = c
	d.colors = append(d.colors, c)
	return nil
}

// namedColors gives every count its colour (the default one when it names
// none) and checks the colours referenced by name: the background always,
// the default colour when a count has none (or when only a goal is given).
func (d *xmlDoc) namedColors() error {
	if err := d.ref(d.bgName, d.pz.line); err != nil {
		return err
	}
	usesDefault := !d.haveRows
	sets := [][][]xmlCount{d.rows, d.cols}
	if len(d.colLines) > 0 && len(d.rowLines) > 0 && d.colLines[0] < d.rowLines[0] {
		sets = [][][]xmlCount{d.cols, d.rows} // report the first problem in the file
	}
	for _, set := range sets {
		for _, line := range set {
			for i, c := range line {
				if c.color == "" {
					line[i].color = d.defName
					usesDefault = true
				}
				if c.n == 0 {
					return errorf(c.line, "%w: blotted clue (count 0)", ErrUnsupported)
				}
				if err := d.ref(line[i].color, c.line); err != nil {
					return err
				}
				if line[i].color == d.bgName {
					return syntaxAt(c.line, "count in the background colour %q", clip(d.bgName))
				}
			}
		}
	}
	if usesDefault && d.defName != d.bgName {
		return d.ref(d.defName, d.pz.line)
	}
	return nil
}

// palette builds the puzzle's palette: background, default colour, the
// rest in order, each with a character of its own.
func (d *xmlDoc) palette() error {
	p := d.p
	d.index = map[string]Color{}
	add := func(c *xmlColor) {
		if _, done := d.index[c.name]; done {
			return
		}
		d.index[c.name] = Color(len(p.Palette))
		p.Palette = append(p.Palette, Swatch{Name: c.name, RGB: c.rgb, Char: c.char})
	}
	add(d.byName[d.bgName])
	if c := d.byName[d.defName]; c != nil && d.defName != d.bgName {
		add(c)
	}
	for _, c := range d.colors {
		add(c)
	}
	if len(p.Palette)-1 > MaxColors {
		return errorf(d.pz.line, "%w: %d colours, at most %d", ErrTooLarge, len(p.Palette)-1, MaxColors)
	}
	d.chars = map[rune]Color{}
	for i := range p.Palette {
		ch := p.Palette[i].Char
		if ch == 0 {
			continue
		}
		if prev, dup := d.chars[ch]; dup {
			if d.byName[p.Palette[i].Name].implied {
				p.Palette[i].Char = 0 // a default char that is taken: pick another
				continue
			}
			if d.byName[p.Palette[prev].Name].implied {
				p.Palette[prev].Char = 0
				d.chars[ch] = Color(i)
				continue
			}
			return syntaxAt(d.byName[p.Palette[i].Name].line, "colours %q and %q share the character %q", clip(p.Palette[prev].Name), clip(p.Palette[i].Name), ch)
		}
		d.chars[ch] = Color(i)
	}
	// Colours without a character of their own get an unused one, for
	// display and for images.
	taken := func(r rune) bool { _, ok := d.chars[r]; return ok }
	for i := range p.Palette {
		if p.Palette[i].Char == 0 {
			p.Palette[i].Char = spareChar(Color(i), taken)
			d.chars[p.Palette[i].Char] = Color(i)
		}
	}
	return nil
}

// clues turns the counts of one set of clue lines into clues.
func (d *xmlDoc) clues(set [][]xmlCount) []Clue {
	out := make([]Clue, len(set))
	for i, line := range set {
		out[i] = make(Clue, len(line))
		for j, c := range line {
			out[i][j] = Block{Len: c.n, Color: d.index[c.color]}
		}
	}
	return out
}

// readGoal reads the goal (or solution) grid; without clues, the clues
// come from it.
func (d *xmlDoc) readGoal() error {
	p := d.p
	g, err := xmlGoal(d.goal, d.chars)
	if err != nil {
		return err
	}
	if !d.haveRows {
		q := FromGrid(g, p.Palette)
		p.Rows, p.Cols = q.Rows, q.Cols
	}
	if len(g) != p.Height() || len(g) > 0 && len(g[0]) != p.Width() {
		w := 0
		if len(g) > 0 {
			w = len(g[0])
		}
		return syntaxAt(d.goal.line, "goal is %dx%d, puzzle %dx%d", w, len(g), p.Width(), p.Height())
	}
	p.Goal = g
	return nil
}

func xmlParseColor(k *xnode, text string) (*xmlColor, error) {
	name, ok := k.get("name")
	if !ok || name == "" {
		return nil, syntaxAt(k.line, "<color> without a name")
	}
	c := &xmlColor{name: name, line: k.line}
	if ch, ok := k.get("char"); ok && ch != "" {
		if utf8.RuneCountInString(ch) != 1 {
			return nil, syntaxAt(k.line, "colour %q: char %q is not one character", clip(name), clip(ch))
		}
		c.char, _ = utf8.DecodeRuneInString(ch)
		if c.char == '|' || c.char == utf8.RuneError || (c.char != ' ' && !unicode.IsGraphic(c.char)) {
			return nil, syntaxAt(k.line, "colour %q: char %q cannot be used in images", clip(name), ch)
		}
	}
	rgb, err := ParseRGB(text)
	if err != nil {
		return nil, errorf(k.line, "%w: %v", ErrColor, err)
	}
	c.rgb = rgb
	return c, nil
}

// xmlClueLines reads the <line>s of a <clues> element.
func xmlClueLines(k *xnode) ([][]xmlCount, []int, error) {
	var lines [][]xmlCount
	var nums []int
	for _, l := range k.kids {
		if l.name != "line" {
			continue
		}
		if len(lines) >= MaxSide {
			return nil, nil, errorf(l.line, "%w: more than %d lines", ErrTooLarge, MaxSide)
		}
		var line []xmlCount
		for _, c := range l.kids {
			if c.name != "count" {
				continue
			}
			s := strings.TrimSpace(c.text.String())
			color, _ := c.get("color")
			n, err := parseBlock(s)
			if err != nil {
				return nil, nil, errorf(c.line, "count: %w", err)
			}
			line = append(line, xmlCount{n: n, color: color, line: c.line})
		}
		lines = append(lines, line)
		nums = append(nums, l.start)
	}
	return lines, nums, nil
}

// xmlGoal reads the <image> of a solution: rows delimited by '|', one
// character per cell.
func xmlGoal(sol *xnode, chars map[rune]Color) (Grid, error) {
	var img *xnode
	for _, k := range sol.kids {
		if k.name == "image" {
			img = k
			break
		}
	}
	if img == nil {
		return nil, syntaxAt(sol.line, "solution without <image>")
	}
	s := img.text.String()
	line := img.line
	var g Grid
	for {
		// Skip white space between rows.
		i := strings.IndexFunc(s, func(r rune) bool { return !unicode.IsSpace(r) })
		if i < 0 {
			break
		}
		line += strings.Count(s[:i], "\n")
		s = s[i:]
		if s[0] != '|' {
			return nil, syntaxAt(line, "image row does not start with '|'")
		}
		end := strings.IndexByte(s[1:], '|')
		if end < 0 {
			return nil, syntaxAt(line, "image row does not end with '|'")
		}
		rowText := s[1 : 1+end]
		s = s[end+2:]
		if len(g) >= MaxSide || utf8.RuneCountInString(rowText) > MaxSide {
			return nil, errorf(line, "%w: image larger than %d per side", ErrTooLarge, MaxSide)
		}
		row := make([]Color, 0, len(rowText))
		for _, ch := range rowText {
			c, ok := chars[ch]
			if !ok {
				return nil, errorf(line, "%w: image row %d: character %q", ErrColor, len(g)+1, ch)
			}
			row = append(row, c)
		}
		if len(g) > 0 && len(row) != len(g[0]) {
			return nil, syntaxAt(line, "image row %d has %d cells, row 1 has %d", len(g)+1, len(row), len(g[0]))
		}
		line += strings.Count(rowText, "\n")
		g = append(g, row)
	}
	if len(g) == 0 || len(g[0]) == 0 {
		return nil, syntaxAt(img.line, "empty image")
	}
	return g, nil
}

func encodeXML(w io.Writer, p *Puzzle) error { return encodeXMLSet(w, []*Puzzle{p}) }

// encodeXMLSet writes several puzzles in one <puzzleset>.
func encodeXMLSet(w io.Writer, ps []*Puzzle) error {
	type prepared struct {
		pal   []Swatch
		names []string
		chars []rune
	}
	prep := make([]prepared, len(ps))
	for i, p := range ps {
		pal, err := writablePalette(p)
		if err != nil {
			return err
		}
		names, chars := xmlNames(pal), xmlChars(pal)
		prep[i] = prepared{pal, names, chars}
	}
	bw := bufio.NewWriter(w)
	bw.WriteString("<?xml version=\"1.0\"?>\n<puzzleset>\n")
	for i, p := range ps {
		x := prep[i]
		fmt.Fprintf(bw, "<puzzle type=\"grid\" defaultcolor=\"%s\" backgroundcolor=\"%s\">\n", xmlEscape(x.names[1]), xmlEscape(x.names[0]))
		for _, kv := range [][2]string{{"id", p.ID}, {"title", p.Title}, {"author", p.Author}, {"copyright", p.Copyright}, {"description", p.Description}} {
			if v := strings.TrimSpace(kv[1]); v != "" {
				fmt.Fprintf(bw, "<%s>%s</%s>\n", kv[0], xmlEscape(v), kv[0])
			}
		}
		for c, sw := range x.pal {
			fmt.Fprintf(bw, "<color name=\"%s\" char=\"%s\">%s</color>\n", xmlEscape(x.names[c]), xmlEscape(string(x.chars[c])), sw.RGB.String()[1:])
		}
		for _, sec := range []struct {
			typ   string
			clues []Clue
		}{{"columns", p.Cols}, {"rows", p.Rows}} {
			fmt.Fprintf(bw, "<clues type=\"%s\">\n", sec.typ)
			for _, c := range sec.clues {
				bw.WriteString("<line>")
				for _, b := range c {
					if b.Color == 1 {
						fmt.Fprintf(bw, "<count>%d</count>", b.Len)
					} else {
						fmt.Fprintf(bw, "<count color=\"%s\">%d</count>", xmlEscape(x.names[b.Color]), b.Len)
					}
				}
				bw.WriteString("</line>\n")
			}
			bw.WriteString("</clues>\n")
		}
		if g := p.Goal; goalFits(p, g, len(x.pal)) {
			bw.WriteString("<solution type=\"goal\">\n<image>\n")
			for _, row := range g {
				bw.WriteByte('|')
				for _, c := range row {
					bw.WriteRune(x.chars[c])
				}
				bw.WriteString("|\n")
			}
			bw.WriteString("</image>\n</solution>\n")
		}
		bw.WriteString("</puzzle>\n")
	}
	bw.WriteString("</puzzleset>\n")
	return bw.Flush()
}

// goalFits reports whether g has the puzzle's size and only colours of a
// palette of n entries.
func goalFits(p *Puzzle, g Grid, n int) bool {
	if len(g) == 0 || len(g) != p.Height() {
		return false
	}
	for _, row := range g {
		if len(row) != p.Width() {
			return false
		}
		for _, c := range row {
			if int(c) >= n {
				return false
			}
		}
	}
	return true
}

func xmlEscape(s string) string {
	var sb strings.Builder
	xml.EscapeText(&sb, []byte(s))
	return sb.String()
}

// xmlNames gives each palette entry a distinct, non-empty colour name.
func xmlNames(pal []Swatch) []string {
	names := make([]string, len(pal))
	used := map[string]bool{}
	for c, sw := range pal {
		n := strings.TrimSpace(sw.Name)
		plain := strings.IndexFunc(n, func(r rune) bool { return r == utf8.RuneError || (r != ' ' && !unicode.IsGraphic(r)) }) < 0
		if n == "" || used[n] || !plain {
			for k := c; ; k++ {
				n = "color" + strconv.Itoa(k)
				if !used[n] {
					break
				}
			}
		}
		names[c] = n
		used[n] = true
	}
	return names
}

// xmlChars gives each palette entry a distinct image character, keeping
// the swatch's own where it is printable and not white space or '|'.
func xmlChars(pal []Swatch) []rune {
	chars := make([]rune, len(pal))
	used := map[rune]bool{}
	bad := func(r rune) bool {
		return r == 0 || r == '|' || r == utf8.RuneError || !unicode.IsGraphic(r) || unicode.IsSpace(r) || used[r]
	}
	for c, sw := range pal {
		r := sw.Char
		if bad(r) {
			r = spareChar(Color(c), bad)
		}
		chars[c] = r
		used[r] = true
	}
	return chars
}

// spareChar returns a display character for colour c that taken rejects:
// its default character if possible, else the first of a list.
func spareChar(c Color, taken func(rune) bool) rune {
	if r := defaultChar(c); !taken(r) {
		return r
	}
	for _, r := range ".X#abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWYZ0123456789@%&*+=!?$^~<>;:'`_-/\\()[]{}" {
		if !taken(r) {
			return r
		}
	}
	return '?'
}
