package puzzle_test

import (
	"bytes"
	"errors"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/nonosat/nonosat/puzzle"
)

// badInputKinds is the list of bad inputs the robustness issue asks for,
// each with the testdata/bad files that cover it and the sentinel their
// errors wrap (nil: any error). TestBadLineFormats and TestBadXMLGTAAI
// compare every file's message with its .err golden; this table makes sure
// each kind is there, in several formats.
var badInputKinds = []struct {
	kind  string
	files []string
	want  error
}{
	{"truncated files", []string{
		"syntax-truncated.nin", "syntax-truncated.non", "syntax-truncated.mk", "syntax-truncated.cwd",
		"syntax-truncated.cwc", "syntax-truncated.taai", "syntax-truncated.xml", "syntax-unclosed.xml",
	}, nil},
	{"binary junk", []string{
		"syntax-binary.nin", "syntax-binary.taai", "syntax-binary.text", "syntax-binary.xml",
		"empty-binary.non", "empty-binary.g",
	}, nil},
	{"huge numbers", []string{
		"large-block.nin", "large-block.g", "large-block.str", "large-block.taai", "large-size.nin",
		"large-size.mk", "large-size.cwd", "large-size.tatham", "large-width.non", "large-count.xml",
		"large-colours.cwc",
	}, puzzle.ErrTooLarge},
	{"negative numbers", []string{
		"syntax-negative.nin", "syntax-negative.non", "syntax-negative.taai", "syntax-negative.xml",
	}, puzzle.ErrSyntax},
	{"unknown colours", []string{
		"colour-unknown.non", "colour-unknown.cwc", "colour-undefined.xml", "colour-undeclared.g",
	}, puzzle.ErrColor},
	{"empty files", []string{
		"empty.nin", "empty.non", "empty-blank.taai", "empty-set.xml", "empty-no-rows.g",
	}, puzzle.ErrNoPuzzle},
}

// TestBadInputKinds reads every file of badInputKinds in the format of its
// suffix, and wants the error of its .err golden ("file:line: message"),
// wrapping the kind's sentinel; and the same message when the file has
// CRLF line ends or starts with a UTF-8 byte order mark, which readers
// must accept.
func TestBadInputKinds(t *testing.T) {
	t.Chdir("testdata")
	for _, k := range badInputKinds {
		t.Run(strings.ReplaceAll(k.kind, " ", "_"), func(t *testing.T) {
			if len(k.files) < 4 {
				t.Errorf("%s: %d files, want at least 4", k.kind, len(k.files))
			}
			for _, base := range k.files {
				name := filepath.Join("bad", base)
				want, err := os.ReadFile(name + ".err")
				if err != nil {
					t.Errorf("%s: %v", k.kind, err)
					continue
				}
				wantMsg := strings.TrimRight(string(want), "\n")
				f := suffixFormat(t, name)
				_, err = puzzle.ReadFileAll(name, f)
				var pe *puzzle.ParseError
				switch {
				case err == nil:
					t.Errorf("ReadFileAll(%q) error = nil, want %q", name, wantMsg)
					continue
				case err.Error() != wantMsg:
					t.Errorf("ReadFileAll(%q) error = %q, want %q", name, err, wantMsg)
				case !errors.As(err, &pe) || pe.File != name:
					t.Errorf("ReadFileAll(%q) error = %#v, want a *ParseError naming the file", name, err)
				case k.want != nil && !errors.Is(err, k.want):
					t.Errorf("ReadFileAll(%q) error = %v, want it to wrap %v", name, err, k.want)
				}
				data, err := os.ReadFile(name)
				if err != nil {
					t.Fatal(err)
				}
				lf := bytes.ReplaceAll(data, []byte("\r\n"), []byte("\n"))
				for _, v := range []struct {
					name string
					data []byte
				}{
					{"crlf", bytes.ReplaceAll(lf, []byte("\n"), []byte("\r\n"))},
					{"bom", append([]byte("\xef\xbb\xbf"), data...)},
				} {
					_, err := puzzle.DecodeAll(bytes.NewReader(v.data), f)
					_, msg, _ := strings.Cut(wantMsg, name)
					msg = strings.TrimPrefix(strings.TrimPrefix(msg, ":"), " ")
					if msg != "" && msg[0] >= '0' && msg[0] <= '9' {
						msg = "line " + msg // "line N: message" without a file name
					}
					if err == nil || err.Error() != msg {
						t.Errorf("DecodeAll(%s with %s, %s) error = %v, want %q", name, v.name, f, err, msg)
					}
				}
			}
		})
	}
}

// suffixFormat is the format of a test file's suffix; unlike Detect it
// takes .text for text rather than looking at the content.
func suffixFormat(t *testing.T, name string) puzzle.Format {
	t.Helper()
	ext := filepath.Ext(name)
	if ext == ".text" {
		return puzzle.Text
	}
	f, err := puzzle.Detect(name, nil)
	if err != nil {
		t.Fatalf("Detect(%q) error = %v", name, err)
	}
	return f
}

// TestJunkWithoutSuffix reads binary junk from files with no suffix, or a
// suffix of no format: the format cannot come from the name, and content
// sniffing must give an error naming the file, not a puzzle or a panic.
func TestJunkWithoutSuffix(t *testing.T) {
	dir := t.TempDir()
	junk, err := os.ReadFile(filepath.Join("testdata", "bad", "syntax-binary.nin"))
	if err != nil {
		t.Fatal(err)
	}
	inputs := map[string][]byte{
		"junk":      junk,
		"junk.bin":  junk,
		"zeros":     make([]byte, 4096),
		"junk.txt":  junk,
		"empty":     nil,
		"bom-only":  []byte("\xef\xbb\xbf"),
		"crlf-only": []byte("\r\n\r\n"),
	}
	for base, data := range inputs {
		name := filepath.Join(dir, base)
		if err := os.WriteFile(name, data, 0o644); err != nil {
			t.Fatal(err)
		}
		ps, err := puzzle.ReadFileAll(name, "")
		if err == nil {
			t.Errorf("ReadFileAll(%s) = %d puzzles, want an error", base, len(ps))
			continue
		}
		if !strings.HasPrefix(err.Error(), name+":") {
			t.Errorf("ReadFileAll(%s) error = %q, want it to start with the file name", base, err)
		}
	}
}
