package puzzle

import (
	"bufio"
	"bytes"
	"errors"
	"fmt"
	"io"
	"os"
	"path/filepath"
	"slices"
	"strings"
)

// Format names a puzzle file format.
type Format string

// The formats nonosat reads; docs/formats.md describes each grammar.
const (
	XML    Format = "xml"    // webpbn XML, colours, goal, several puzzles per file
	NON    Format = "non"    // Steve Simpson .non, with goal and colour extensions
	NIN    Format = "nin"    // Jakub Wilk .nin
	MK     Format = "mk"     // Olšák simple .mk
	G      Format = "g"      // Olšák .g, colours
	CWD    Format = "cwd"    // QNonograms CWD (Copris)
	CWC    Format = "cwc"    // multicolour CWD
	TAAI   Format = "taai"   // TAAI/TCGA/ICGA tournament files, many puzzles per file
	Tatham Format = "tatham" // Simon Tatham Pattern game id, one per line
	Text   Format = "text"   // rows, blank line, columns
	String Format = "string" // compact "2:2:3-1,1:3:2" puzzle string
)

// parsed is what a decoder returns for each puzzle: the puzzle and where its
// clues were, for validation errors; or, in a file of several puzzles,
// why this one could not be read (the others are).
type parsed struct {
	p   *Puzzle
	pos positions
	err error
}

type codec struct {
	decode func(r io.Reader) ([]parsed, error)
	encode func(w io.Writer, p *Puzzle) error // nil: not writable
	// encodeAll writes several puzzles where that is more than writing
	// each in turn (a shared XML root, numbered tournament blocks).
	encodeAll func(w io.Writer, ps []*Puzzle) error
	suffixes  []string
	multi     bool // one file may hold several puzzles
	color     bool // can express more than one colour
}

type formatCodec struct {
	f Format
	c codec
}

// codecs is a table rather than a map so that it costs nothing at start-up.
var codecs = []formatCodec{
	{XML, codec{decode: decodeXML, encode: encodeXML, encodeAll: encodeXMLSet, suffixes: []string{".xml", ".pbn"}, multi: true, color: true}},
	{NON, codec{decode: decodeNON, encode: encodeNON, encodeAll: encodeNONBundle, suffixes: []string{".non", ".nonpack"}, multi: true, color: true}},
	{NIN, codec{decode: decodeNIN, encode: encodeNIN, suffixes: []string{".nin"}}},
	{MK, codec{decode: decodeMK, encode: encodeMK, suffixes: []string{".mk"}}},
	{G, codec{decode: decodeG, encode: encodeG, suffixes: []string{".g"}, color: true}},
	{CWD, codec{decode: decodeCWD, encode: encodeCWD, suffixes: []string{".cwd"}}},
	{CWC, codec{decode: decodeCWC, encode: encodeCWC, suffixes: []string{".cwc"}, color: true}},
	{TAAI, codec{decode: decodeTAAI, encode: encodeTAAI, encodeAll: encodeTAAISet, suffixes: []string{".taai"}, multi: true}},
	{Tatham, codec{decode: decodeTatham, encode: encodeTatham, suffixes: []string{".tatham", ".pattern"}, multi: true}},
	{Text, codec{decode: decodeText, encode: encodeText, suffixes: []string{".txt", ".text"}}},
	{String, codec{decode: decodeString, encode: encodeString, suffixes: []string{".str"}}},
}

// codecOf is the codec of f.
func codecOf(f Format) (codec, bool) {
	for _, fc := range codecs {
		if fc.f == f {
			return fc.c, true
		}
	}
	return codec{}, false
}

// Formats lists every format name, sorted.
func Formats() []Format {
	fs := make([]Format, 0, len(codecs))
	for _, fc := range codecs {
		fs = append(fs, fc.f)
	}
	slices.Sort(fs)
	return fs
}

// ParseFormat returns the format with the given name.
func ParseFormat(name string) (Format, error) {
	f := Format(strings.ToLower(strings.TrimPrefix(name, ".")))
	if _, ok := codecOf(f); !ok {
		return "", fmt.Errorf("%w %q (known: %v)", ErrFormat, name, Formats())
	}
	return f, nil
}

// CanWrite reports whether [Encode] supports f.
func (f Format) CanWrite() bool { c, _ := codecOf(f); return c.encode != nil }

// Multi reports whether one file of format f may hold several puzzles.
func (f Format) Multi() bool { c, _ := codecOf(f); return c.multi }

// Color reports whether f can express puzzles with more than one colour.
func (f Format) Color() bool { c, _ := codecOf(f); return c.color }

// Suffix is the usual file suffix of f, with its dot.
func (f Format) Suffix() string {
	if c, _ := codecOf(f); len(c.suffixes) > 0 {
		return c.suffixes[0]
	}
	return "." + string(f)
}

// DecodeAll reads every puzzle of format f from r and validates each. One
// invalid puzzle fails the whole file; [DecodeEntries] keeps the others.
func DecodeAll(r io.Reader, f Format) ([]*Puzzle, error) {
	return puzzlesOf(DecodeEntries(r, f))
}

// puzzlesOf returns the puzzles of es, or the first error among them.
func puzzlesOf(es []Entry, err error) ([]*Puzzle, error) {
	if err != nil {
		return nil, err
	}
	out := make([]*Puzzle, len(es))
	for i, e := range es {
		if e.Err != nil {
			return nil, e.Err
		}
		out[i] = e.Puzzle
	}
	return out, nil
}

// Entry is one puzzle of a file: the puzzle, or the reason it cannot be
// used (a block of no length, a colour the palette lacks…),
// with the line where the reason lies. The other puzzles of the file are
// not affected.
type Entry struct {
	Puzzle *Puzzle
	Err    error // a *ParseError when not nil; Puzzle is then nil
}

// DecodeEntries reads every puzzle of format f from r and validates each
// on its own. The error is for the file as a whole: a syntax error, or no
// puzzle at all ([ErrNoPuzzle]; "it is empty" when r holds nothing but
// white space, whatever the format).
func DecodeEntries(r io.Reader, f Format) ([]Entry, error) {
	c, ok := codecOf(f)
	if !ok {
		return nil, fmt.Errorf("%w %q", ErrFormat, f)
	}
	// Read the leading white space (and byte order mark) aside: if
	// nothing else follows, the input is empty; else the decoder reads
	// it all, its line numbers unchanged.
	br := bufio.NewReader(r)
	var lead []byte
	for {
		b, err := br.ReadByte()
		if err == io.EOF {
			if empty(lead) {
				return nil, &ParseError{Err: errEmpty}
			}
			break
		}
		if err != nil {
			return nil, &ParseError{Err: err}
		}
		lead = append(lead, b)
		if !empty(lead) {
			break
		}
	}
	ps, err := c.decode(io.MultiReader(bytes.NewReader(lead), br))
	if err != nil {
		return nil, err
	}
	if len(ps) == 0 {
		return nil, &ParseError{Err: ErrNoPuzzle}
	}
	out := make([]Entry, len(ps))
	for i, x := range ps {
		err := x.err
		if err == nil {
			err = validate(x.p, x.pos)
		}
		if err != nil {
			var pe *ParseError
			if len(ps) > 1 && errors.As(err, &pe) { // say which one
				pe.Err = fmt.Errorf("puzzle %d: %w", i+1, pe.Err)
			}
			out[i].Err = err
			continue
		}
		out[i].Puzzle = x.p
	}
	return out, nil
}

// Decode reads the first puzzle of format f from r.
func Decode(r io.Reader, f Format) (*Puzzle, error) {
	ps, err := DecodeAll(r, f)
	if err != nil {
		return nil, err
	}
	return ps[0], nil
}

// Encode writes p to w in format f.
func Encode(w io.Writer, p *Puzzle, f Format) error {
	c, ok := codecOf(f)
	if !ok {
		return fmt.Errorf("%w %q", ErrFormat, f)
	}
	if c.encode == nil {
		return fmt.Errorf("%w: %s is read-only", ErrUnsupported, f)
	}
	if !c.color && !p.IsBW() {
		return fmt.Errorf("%w: %s is black and white only, puzzle has %d colours", ErrUnsupported, f, p.NumColors())
	}
	return c.encode(w, p)
}

// EncodeAll writes several puzzles to w in format f, which must be able to
// hold more than one puzzle per file unless len(ps) == 1.
func EncodeAll(w io.Writer, ps []*Puzzle, f Format) error {
	if len(ps) > 1 && !f.Multi() {
		return fmt.Errorf("%w: %s holds one puzzle per file, have %d", ErrUnsupported, f, len(ps))
	}
	if len(ps) > 1 {
		if c, _ := codecOf(f); c.encodeAll != nil {
			return c.encodeAll(w, ps)
		}
	}
	for _, p := range ps {
		if err := Encode(w, p, f); err != nil {
			return err
		}
	}
	return nil
}

// ReadFile reads the first puzzle of the named file; see [ReadFileAll].
func ReadFile(name string) (*Puzzle, error) {
	ps, err := ReadFileAll(name, "")
	if err != nil {
		return nil, err
	}
	return ps[0], nil
}

// ReadFileAll reads every puzzle of the named file ("-" is standard input).
// An empty format is chosen from the file suffix, then from the content.
// Errors are *ParseError values naming the file. One invalid puzzle fails
// the whole file; [ReadFileEntries] keeps the others.
func ReadFileAll(name string, f Format) ([]*Puzzle, error) {
	return puzzlesOf(ReadFileEntries(name, f))
}

// ReadFileEntries is [ReadFileAll] that validates each puzzle on its own:
// an invalid one is an [Entry] with an error naming the file and line, and
// the others are read. The error is for the file as a whole. Errors name
// standard input "standard input"; an empty file, or one of white space
// only, is [ErrNoPuzzle] whatever its format.
func ReadFileEntries(name string, f Format) ([]Entry, error) {
	var data []byte
	var err error
	if name == "-" {
		data, err = io.ReadAll(io.LimitReader(os.Stdin, maxFileSize+1))
	} else {
		data, err = readLimited(name)
	}
	if err != nil {
		return nil, err
	}
	if name == "-" {
		name = StdinName
	}
	if len(data) > maxFileSize {
		return nil, &ParseError{File: name, Err: fmt.Errorf("%w: file over %d bytes", ErrTooLarge, maxFileSize)}
	}
	if empty(data) {
		return nil, &ParseError{File: name, Err: errEmpty}
	}
	guessed, bySuffix := false, f == "" // say in errors how the format was chosen
	if f == "" {
		if f, guessed, err = detect(name, data); err != nil {
			return nil, &ParseError{File: name, Err: err}
		}
		bySuffix = !guessed
	}
	note := func(err error) error {
		err = named(name, err)
		if pe := err.(*ParseError); guessed {
			pe.Err = fmt.Errorf("%w (read as %s, the format guessed from the content)", pe.Err, f)
		}
		return err
	}
	es, err := DecodeEntries(bytes.NewReader(data), f)
	if err != nil {
		err = note(err)
		if alt := Format(""); bySuffix {
			if alt = otherFormat(data, f); alt != "" {
				pe := err.(*ParseError)
				pe.Err = fmt.Errorf("%w (read as %s, from the file name; the content reads as %s: --format %s)", pe.Err, f, alt, alt)
			}
		}
		return nil, err
	}
	for i := range es {
		if es[i].Err != nil {
			es[i].Err = note(es[i].Err)
		}
	}
	return es, nil
}

// otherFormat is the format the content of a file that format f cannot
// read looks like, if that format reads a valid puzzle from it; "" if none
// does. A misnamed file (XML saved as .non) then says what would read it.
func otherFormat(data []byte, f Format) Format {
	alt := Sniff(data)
	if alt == "" || alt == f {
		return ""
	}
	es, err := DecodeEntries(bytes.NewReader(data), alt)
	if err != nil {
		return ""
	}
	for _, e := range es {
		if e.Err == nil {
			return alt
		}
	}
	return ""
}

// named makes err a *ParseError naming file name.
func named(name string, err error) error {
	var pe *ParseError
	if errors.As(err, &pe) {
		pe.File = name
		return pe
	}
	return &ParseError{File: name, Err: err}
}

// errEmpty is the error of an input with no puzzle because it holds
// nothing but white space.
var errEmpty = fmt.Errorf("%w: it is empty", ErrNoPuzzle)

// empty reports whether data holds nothing but white space, after a
// byte order mark (or the first bytes of one).
func empty(data []byte) bool {
	for _, bom := range [][]byte{[]byte("\ufeff"), []byte("\xef\xbb"), []byte("\xef")} {
		if bytes.HasPrefix(data, bom) {
			data = data[len(bom):]
			break
		}
	}
	return len(bytes.TrimSpace(data)) == 0
}

// StdinName is how errors name standard input, the file "-".
const StdinName = "standard input"

// maxFileSize bounds what ReadFileAll reads into memory.
const maxFileSize = 64 << 20

func readLimited(name string) ([]byte, error) {
	fh, err := os.Open(name)
	if err != nil {
		return nil, err
	}
	defer fh.Close()
	return io.ReadAll(io.LimitReader(fh, maxFileSize+1))
}

// Detect chooses the format of a file from its name's suffix, then from its
// content.
func Detect(name string, data []byte) (Format, error) {
	f, _, err := detect(name, data)
	return f, err
}

// detect is Detect that also says whether the format was guessed from
// the content (no suffix named one).
func detect(name string, data []byte) (f Format, guessed bool, err error) {
	if f, ok := suffixFormat(name); ok {
		return f, false, nil
	}
	if f := Sniff(data); f != "" {
		return f, true, nil
	}
	return "", false, fmt.Errorf("%w: cannot tell the format from the name or content; use --format", ErrFormat)
}

// suffixFormat is the format a file name's suffix names, if any; .txt
// and .text name none (several formats are plain text).
func suffixFormat(name string) (Format, bool) {
	ext := strings.ToLower(filepath.Ext(name))
	if ext != "" && ext != ".txt" && ext != ".text" {
		for _, fc := range codecs {
			if slices.Contains(fc.c.suffixes, ext) {
				return fc.f, true
			}
		}
	}
	return "", false
}

// Sniff guesses a format from file content, or returns "".
func Sniff(data []byte) Format {
	data = bytes.TrimPrefix(data, []byte("\xef\xbb\xbf"))
	s := strings.ReplaceAll(string(data), "\r\n", "\n")
	trimmed := strings.TrimSpace(s)
	if trimmed == "" {
		return ""
	}
	if strings.HasPrefix(trimmed, "<") {
		return XML
	}
	lines := strings.Split(trimmed, "\n")
	first := strings.TrimSpace(lines[0])
	switch {
	case matchTAAI(first):
		return TAAI
	case matchTatham(first):
		return Tatham
	case len(lines) == 1 && matchString(first):
		return String
	}
	for _, l := range lines {
		if strings.HasPrefix(l, "#d") || strings.HasPrefix(l, "#D") || strings.HasPrefix(l, ":") {
			return G
		}
	}
	if matchKeyword(s) {
		return NON
	}
	// Keyword-free line formats: the first strict parse that succeeds wins;
	// the heuristics below name the likeliest format otherwise.
	if f := sniffStrict(data); f != "" {
		return f
	}
	if matchInts(first, 2) {
		for _, l := range lines {
			if strings.TrimSpace(l) == "#" {
				return MK
			}
		}
		return NIN
	}
	if len(lines) >= 3 && matchInts(first, 1) && matchInts(lines[1], 1) {
		// CWC has a colour count on line 3 and two blank-separated
		// sections per direction; CWD has one blank line in all.
		blank := 0
		for _, l := range lines {
			if strings.TrimSpace(l) == "" {
				blank++
			}
		}
		if blank >= 3 {
			return CWC
		}
		return CWD
	}
	return Text
}
