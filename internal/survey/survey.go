// Package survey reads what Wolter's survey says of its puzzles
// (fastnonogramsolver-survey/expected-results-summary.csv in the corpora),
// for the corpus tests and the benchmark runner.
package survey

import (
	"encoding/csv"
	"fmt"
	"os"
	"path/filepath"
	"strings"
)

// Entry is one puzzle's line of the survey's table.
type Entry struct {
	Title   string
	Verdict string // "unique" or "multiple"
	Ref     string // the published CPU seconds: nonosolve / nonogrid-SAT / pbnsolve
}

// Expected reads the survey's table under the corpora directory corpora,
// by puzzle name (the file name without .nin, as "webpbn-00001").
func Expected(corpora string) (map[string]Entry, error) {
	fh, err := os.Open(filepath.Join(corpora, "fastnonogramsolver-survey", "expected-results-summary.csv"))
	if err != nil {
		return nil, err
	}
	defer fh.Close()
	r := csv.NewReader(fh)
	r.Comment = '#'
	r.FieldsPerRecord = -1
	recs, err := r.ReadAll()
	if err != nil {
		return nil, fmt.Errorf("%s: %w", fh.Name(), err)
	}
	out := map[string]Entry{}
	for i, rec := range recs {
		if i == 0 || len(rec) < 6 {
			continue // the header
		}
		out[rec[0]] = Entry{Title: rec[1], Verdict: strings.ToLower(rec[2]), Ref: rec[3] + " / " + rec[4] + " / " + rec[5]}
	}
	return out, nil
}
