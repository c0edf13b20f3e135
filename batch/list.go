package batch

import (
	"errors"
	"fmt"
	"io"
	"io/fs"
	"os"
	"path/filepath"
	"strings"

	"github.com/nonosat/nonosat/puzzle"
)

// File is a file to read, named by the caller or found in a folder.
type File struct {
	Path     string
	Explicit bool  // named by the caller: always read
	Err      error // the folder walk could not read it: one error line
}

// List lists the files to read: each file named, and every file under
// each folder named, in lexical order, each once. The output file is left
// out when it is the results of an earlier run; when it is a puzzle file
// (named, or found in a folder and read as one), List refuses to
// overwrite it with an error. Names starting with "." inside folders are
// ignored. A path named that does not exist is an error; a file or
// folder inside that cannot be read is listed with its error, for an
// error line.
func List(paths []string, output string) ([]File, error) {
	outAbs := ""
	var outInfo fs.FileInfo
	if output != "" {
		outAbs, _ = filepath.Abs(output)
		outInfo, _ = os.Stat(output)
	}
	seen := map[string]bool{}
	var files []File
	var clash error
	add := func(path string, explicit bool) {
		path = filepath.Clean(path)
		if seen[path] {
			return
		}
		seen[path] = true
		if isOutput(path, outAbs, outInfo) {
			if explicit || isPuzzleFile(path) {
				clash = fmt.Errorf("-o %s: it is one of the input puzzle files; write the results elsewhere", output)
			}
			return
		}
		files = append(files, File{Path: path, Explicit: explicit})
	}
	for _, a := range paths {
		fi, err := os.Stat(a)
		if err != nil {
			return nil, err
		}
		if !fi.IsDir() {
			add(a, true)
			continue
		}
		err = filepath.WalkDir(a, func(path string, d fs.DirEntry, err error) error {
			if err != nil && path == a {
				return err
			}
			if err != nil { // an unreadable file or folder inside: an error line
				if !seen[path] {
					seen[path] = true
					files = append(files, File{Path: path, Err: err})
				}
				return nil
			}
			if path != a && strings.HasPrefix(d.Name(), ".") {
				if d.IsDir() {
					return filepath.SkipDir
				}
				return nil
			}
			if d.Type().IsRegular() || d.Type()&fs.ModeSymlink != 0 && !d.IsDir() {
				add(path, false)
			}
			return nil
		})
		if err != nil {
			return nil, err
		}
	}
	if clash != nil {
		return nil, clash
	}
	return files, nil
}

// isOutput reports whether path is the output file: the same name, or the
// same file under another name (a link).
func isOutput(path, outAbs string, outInfo fs.FileInfo) bool {
	if outAbs == "" {
		return false
	}
	if abs, err := filepath.Abs(path); err == nil && abs == outAbs {
		return true
	}
	fi, err := os.Stat(path)
	return err == nil && outInfo != nil && os.SameFile(fi, outInfo)
}

// isPuzzleFile reports whether a file found in a folder would be read as
// puzzles: a puzzle suffix, or content that looks like a puzzle format.
func isPuzzleFile(path string) bool {
	if skipByName(path) {
		return false
	}
	if _, err := puzzle.Detect(path, nil); err == nil {
		return true
	}
	data, err := readHead(path, 4096)
	return err == nil && puzzle.Sniff(data) != ""
}

// readHead reads up to n bytes from the start of a file.
func readHead(name string, n int) ([]byte, error) {
	f, err := os.Open(name)
	if err != nil {
		return nil, err
	}
	defer f.Close()
	buf := make([]byte, n)
	k, err := io.ReadFull(f, buf)
	if errors.Is(err, io.ErrUnexpectedEOF) || errors.Is(err, io.EOF) {
		err = nil
	}
	return buf[:k], err
}

// skipByName reports whether a file found in a folder is surely not a
// puzzle: documentation, tables, pictures, archives, results and code.
func skipByName(name string) bool {
	base := strings.ToUpper(filepath.Base(name))
	for _, p := range []string{"LICENSE", "LICENCE", "COPYING", "README", "AUTHORS", "CHANGELOG", "NOTICE", "MAKEFILE"} {
		if strings.HasPrefix(base, p) {
			return true
		}
	}
	switch strings.ToLower(filepath.Ext(name)) {
	case ".md", ".rst", ".html", ".htm", ".pdf", ".tsv", ".csv", ".json", ".jsonl", ".toml", ".yaml", ".yml", ".ini",
		".png", ".gif", ".jpg", ".jpeg", ".bmp", ".svg", ".pbm", ".pgm", ".ppm", ".webp",
		".zip", ".gz", ".tgz", ".bz2", ".xz", ".zst", ".tar", ".7z",
		".err", ".golden", ".grid", ".sol", ".cnf", ".go", ".py", ".sh", ".c", ".h", ".rs", ".mod", ".sum":
		return true
	}
	return false
}

// scanned is what reading a file gave.
type scanned struct {
	path string
	es   []puzzle.Entry // nil after the first pass: only n is kept
	n    int            // puzzles in the file, invalid ones included
	err  error          // the file could not be read or parsed: one error line
	skip bool           // not a puzzle file
}

// scan reads the puzzles of one file. Files found in folders that have
// no puzzle suffix are read only if their content looks like a puzzle and
// parses; otherwise they are skipped.
func scan(f File, format puzzle.Format) (s scanned) {
	s.path = f.Path
	if f.Err != nil {
		s.err = f.Err
		return s
	}
	defer func() {
		if r := recover(); r != nil {
			s.es, s.n, s.skip = nil, 0, false
			s.err = fmt.Errorf("%s: reading crashed: %v", f.Path, r)
		}
	}()
	claimed := f.Explicit
	if !claimed {
		_, err := puzzle.Detect(f.Path, nil) // the suffix alone
		claimed = err == nil
	}
	if !claimed {
		if skipByName(f.Path) {
			s.skip = true
			return s
		}
		data, err := readHead(f.Path, 4096)
		if err != nil || puzzle.Sniff(data) == "" {
			s.skip = true
			return s
		}
	}
	es, err := puzzle.ReadFileEntries(f.Path, format)
	if err != nil && !claimed {
		s.skip = true
		return s
	}
	s.es, s.n, s.err = es, len(es), err
	return s
}
