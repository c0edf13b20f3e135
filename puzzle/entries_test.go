package puzzle_test

import (
	"errors"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/nonosat/nonosat/puzzle"
)

// TestReadFileEntriesBadMiddle reads three-puzzle files, in each format
// that holds several, whose middle puzzle is bad (a block of length 0,
// of a colour the file does not declare): the first and last are read,
// the middle one is an error that names the file, the line and the
// puzzle. (A Tatham id list has no such error: a bad id is a syntax
// error of the file.)
func TestReadFileEntriesBadMiddle(t *testing.T) {
	tests := []struct {
		name, text, line string
	}{
		{"set.non", "width 2\nheight 2\nrows\n1\n0\ncolumns\n1\n0\n====\nwidth 2\nheight 2\nrows\n1,0\n0\ncolumns\n1\n0\n====\nwidth 2\nheight 2\nrows\n2\n0\ncolumns\n1\n1\n", ":13: puzzle 2: row 1: clue \"1,0\": 0 stands for an empty clue"},
		{"set.taai", "$1\n1\n\n1\n\n$2\n1\n\n0\t1\n\n$3\n2\n2\n2\n2\n", ":9: puzzle 2: row 1: clue \"0\\t1\": 0 stands for an empty clue"},
		{"set.xml", strings.Replace(xmlSet, "<count>3</count>", "<count>0</count>", 1), ": puzzle 2: not supported: blotted clue"},
		// The middle puzzle cannot be read at all, not only validated.
		{"syntax.non", "width 2\nheight 2\nrows\n1\n0\ncolumns\n1\n0\n====\nwidth 2\nheight 2\nrows\nx\n0\ncolumns\n1\n0\n====\nwidth 2\nheight 2\nrows\n2\n0\ncolumns\n1\n1\n", ":13: puzzle 2: "},
		{"syntax.taai", "$1\n1\n\n1\n\n$2\n1\n$3\n2\n2\n2\n2\n", ":6: puzzle 2: puzzle $2 has 1 clue lines"},
		{"syntax.xml", strings.Replace(xmlSet, "<count>3</count>", `<count color="purple">1</count>`, 1), ": puzzle 2: unknown colour \"purple\""},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			name := filepath.Join(t.TempDir(), tt.name)
			if err := os.WriteFile(name, []byte(tt.text), 0o644); err != nil {
				t.Fatal(err)
			}
			es, err := puzzle.ReadFileEntries(name, "")
			if err != nil || len(es) != 3 {
				t.Fatalf("ReadFileEntries(%s) = %d entries, %v; want 3 entries", tt.name, len(es), err)
			}
			if es[0].Puzzle == nil || es[2].Puzzle == nil || es[0].Err != nil || es[2].Err != nil {
				t.Errorf("ReadFileEntries(%s): first and last = %+v, %+v; want puzzles", tt.name, es[0], es[2])
			}
			var pe *puzzle.ParseError
			if es[1].Puzzle != nil || !errors.As(es[1].Err, &pe) || pe.File != name || !strings.Contains(es[1].Err.Error(), tt.line) {
				t.Errorf("ReadFileEntries(%s): middle = %+v; want a ParseError naming the file and %q", tt.name, es[1], tt.line)
			}
			if _, err := puzzle.ReadFileAll(name, ""); err == nil || err.Error() != es[1].Err.Error() {
				t.Errorf("ReadFileAll(%s) error = %v, want the middle puzzle's", tt.name, err)
			}
		})
	}
}

const xmlSet = `<?xml version="1.0"?>
<puzzleset>
<puzzle><clues type="columns"><line><count>1</count></line><line></line></clues><clues type="rows"><line><count>1</count></line><line></line></clues></puzzle>
<puzzle><clues type="columns"><line><count>1</count></line><line></line></clues><clues type="rows"><line><count>3</count></line><line></line></clues></puzzle>
<puzzle><clues type="columns"><line><count>1</count></line><line><count>1</count></line></clues><clues type="rows"><line><count>2</count></line><line></line></clues></puzzle>
</puzzleset>
`

// TestGuessedFormatNamed: an error in a file whose format was guessed
// from its content (a .txt file, standard input, no suffix) says which
// format it was read as, since a wrong guess makes the message about
// another format's rules; a suffix or a given format leaves it out.
func TestGuessedFormatNamed(t *testing.T) {
	const text = "1 1\n2\n\n1\n1 x\n" // text rows "1 1" and "2"; NIN reads "1 1" as its size
	dir := t.TempDir()
	for _, tt := range []struct {
		file   string
		format puzzle.Format
		want   string // in the error; "" for no note
	}{
		{"p.txt", "", "(read as nin, the format guessed from the content)"},
		{"p", "", "(read as nin, the format guessed from the content)"},
		{"p.nin", "", ""},
		{"p.txt", puzzle.Text, ""},
	} {
		name := filepath.Join(dir, tt.file)
		if err := os.WriteFile(name, []byte(text), 0o644); err != nil {
			t.Fatal(err)
		}
		_, err := puzzle.ReadFileAll(name, tt.format)
		var pe *puzzle.ParseError
		if !errors.As(err, &pe) || pe.File != name {
			t.Fatalf("ReadFileAll(%s, %q) = %v, want a ParseError naming the file", tt.file, tt.format, err)
		}
		if got := strings.Contains(err.Error(), "guessed"); got != (tt.want != "") || !strings.Contains(err.Error(), tt.want) {
			t.Errorf("ReadFileAll(%s, %q) = %v; want the note %q", tt.file, tt.format, err, tt.want)
		}
	}
}

// TestMisnamedFileSaysWhatReadsIt: a file that the format of its suffix
// cannot read, but another format reads, says which and how to choose it;
// a given format, or content no other format reads, leaves that out.
func TestMisnamedFileSaysWhatReadsIt(t *testing.T) {
	const xml = `<puzzleset><puzzle><clues type="columns"><line><count>1</count></line></clues>` +
		`<clues type="rows"><line><count>1</count></line></clues></puzzle></puzzleset>`
	dir := t.TempDir()
	for _, tt := range []struct {
		file, data string
		format     puzzle.Format
		want       string // in the error; "" for no hint
	}{
		{"p.non", xml, "", "(read as non, from the file name; the content reads as xml: --format xml)"},
		{"p.nin", "width 2\nheight 1\nrows\n2\ncolumns\n1\n1\n", "", "the content reads as non: --format non"},
		{"p.non", xml, puzzle.NON, ""},
		{"p.non", "<puzzleset>", "", ""},
	} {
		name := filepath.Join(dir, tt.file)
		if err := os.WriteFile(name, []byte(tt.data), 0o644); err != nil {
			t.Fatal(err)
		}
		_, err := puzzle.ReadFileAll(name, tt.format)
		if err == nil {
			t.Fatalf("ReadFileAll(%s, %q) read %q", tt.file, tt.format, tt.data)
		}
		if got := strings.Contains(err.Error(), "--format"); got != (tt.want != "") || !strings.Contains(err.Error(), tt.want) {
			t.Errorf("ReadFileAll(%s, %q) = %v; want the hint %q", tt.file, tt.format, err, tt.want)
		}
	}
}

// TestReadEmpty: an empty file, or one of white space, says so the same
// way whatever its name or format, and standard input is named "standard
// input" (it used to be "-: unknown format: cannot tell the format").
func TestReadEmpty(t *testing.T) {
	dir := t.TempDir()
	for _, tt := range []struct{ name, data string }{
		{"empty.non", ""}, {"empty", ""}, {"blank.xml", "\n \n"}, {"bom.txt", "\ufeff\r\n"},
	} {
		name := filepath.Join(dir, tt.name)
		if err := os.WriteFile(name, []byte(tt.data), 0o644); err != nil {
			t.Fatal(err)
		}
		_, err := puzzle.ReadFileAll(name, "")
		if want := name + ": no puzzle found: it is empty"; err == nil || err.Error() != want || !errors.Is(err, puzzle.ErrNoPuzzle) {
			t.Errorf("ReadFileAll(%q) error = %v, want %q", tt.name, err, want)
		}
	}
	r, w, err := os.Pipe()
	if err != nil {
		t.Fatal(err)
	}
	w.Close()
	stdin := os.Stdin
	os.Stdin = r
	defer func() { os.Stdin = stdin; r.Close() }()
	_, err = puzzle.ReadFileAll("-", "")
	if want := "standard input: no puzzle found: it is empty"; err == nil || err.Error() != want {
		t.Errorf("ReadFileAll(-) of empty standard input: error = %v, want %q", err, want)
	}
}
