package batch

import (
	"bufio"
	"bytes"
	"encoding/json"
	"errors"
	"fmt"
	"io"
	"os"
)

// Key names one puzzle of a run: its file, and its 1-based index in a
// file of several puzzles (0 when the file holds one, or failed to
// parse), as the result line's "file" and "index" give them.
type Key struct {
	File  string
	Index int
}

// OpenResults opens the output file. Without resume it is created afresh
// and done is empty. With resume, done holds the keys of its lines, a last
// line cut short by a killed run is cut off, and the file is opened for
// appending; a line that is not a result is an error naming it
// ("NAME:LINE: ..."), so that a resumed run never writes over something
// that is not a batch result file.
func OpenResults(name string, resume bool) (f *os.File, done map[Key]bool, err error) {
	done = map[Key]bool{}
	if !resume {
		f, err = os.Create(name)
		return f, done, err
	}
	f, err = os.OpenFile(name, os.O_RDWR|os.O_CREATE, 0o666)
	if err != nil {
		return nil, nil, err
	}
	keep, err := readResults(f, name, done)
	if err == nil {
		err = f.Truncate(keep)
	}
	if err == nil {
		_, err = f.Seek(keep, io.SeekStart)
	}
	if err != nil {
		f.Close()
		return nil, nil, err
	}
	return f, done, nil
}

// readResults reads the JSON lines of an earlier run into done and returns
// the length of the file up to the end of its last whole line. A last line
// without its newline was cut short by a killed run and is dropped; any
// other line that is not a result is an error.
func readResults(r io.Reader, name string, done map[Key]bool) (int64, error) {
	br := bufio.NewReader(r)
	var keep int64
	for n := 1; ; n++ {
		line, err := br.ReadBytes('\n')
		if errors.Is(err, io.EOF) {
			return keep, nil // a last line without its newline, if any, is dropped
		}
		if err != nil {
			return 0, err
		}
		keep += int64(len(line))
		if len(bytes.TrimSpace(line)) == 0 {
			continue
		}
		var j struct {
			File  *string `json:"file"`
			Index int     `json:"index"`
		}
		if err := json.Unmarshal(line, &j); err != nil || j.File == nil {
			return 0, fmt.Errorf("%s:%d: not a batch result line; --resume wants the output of an earlier batch run", name, n)
		}
		done[Key{*j.File, j.Index}] = true
		if j.Index == 0 { // before index counted from 1, a file's one puzzle was 0
			done[Key{*j.File, 1}] = true
		}
	}
}
