package batch

import (
	"os"
	"path/filepath"
	"slices"
	"strings"
	"testing"
)

func TestSkipByName(t *testing.T) {
	for name, want := range map[string]bool{
		"a/LICENSE": true, "a/README-simpson": true, "COPYING": true, "x.md": true, "PROVENANCE.tsv": true,
		"pic.PNG": true, "results.jsonl": true, "bad.non.err": true,
		"a.non": false, "question.txt": false, "blotted": false, "x.xml": false,
	} {
		if got := skipByName(name); got != want {
			t.Errorf("skipByName(%q) = %v, want %v", name, got, want)
		}
	}
}

// TestList: a folder's files in lexical order, hidden ones left out, a
// file named twice listed once, and the output file left out when it is
// results but refused when it is a puzzle.
func TestList(t *testing.T) {
	files, err := List([]string{"testdata", "testdata/cross.non"}, "")
	if err != nil {
		t.Fatal(err)
	}
	var got []string
	for _, f := range files {
		got = append(got, filepath.ToSlash(f.Path))
		if f.Explicit || f.Err != nil {
			t.Errorf("List: %+v, want found in a folder and readable", f)
		}
	}
	want := []string{"testdata/README.md", "testdata/broken.nin", "testdata/cross.non", "testdata/notes.txt", "testdata/set.tatham", "testdata/sub/boat.nin"}
	if !slices.Equal(got, want) {
		t.Errorf("List(testdata) = %q, want %q", got, want)
	}

	dir := t.TempDir()
	out := filepath.Join(dir, "out.jsonl")
	if err := os.WriteFile(out, []byte("{\"file\":\"a\"}\n"), 0o666); err != nil {
		t.Fatal(err)
	}
	if files, err := List([]string{dir}, out); err != nil || len(files) != 0 {
		t.Errorf("List of a folder holding only the output = %v, %v; want nothing", files, err)
	}
	if _, err := List([]string{"testdata"}, "testdata/cross.non"); err == nil || !strings.Contains(err.Error(), "one of the input puzzle files") {
		t.Errorf("List with a puzzle file as output: error %v, want a refusal", err)
	}
	if _, err := List([]string{"testdata/nothing-here"}, ""); !os.IsNotExist(err) {
		t.Errorf("List of a missing path: error %v, want it does not exist", err)
	}
}
