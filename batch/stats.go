package batch

import (
	"time"

	"github.com/nonosat/nonosat/report"
)

// Stats says what a run did.
type Stats struct {
	Times         map[string][]time.Duration // per verdict, the time of each line written
	Written       int                        // result lines written by this run
	Errors        int                        // of which error lines
	CheckFailures int                        // solutions that failed puzzle.Check, and solver bugs: please report them
	Files         int                        // puzzle files read
	Skipped       []string                   // files found in folders that are not puzzles
	Resumed       int                        // puzzles skipped: already in the output file
	Left          int                        // puzzles not done when the run stopped; -1: not counted
	InShard       int                        // puzzles of the run's shard (all of them without one), done already or not
	AllShards     int                        // puzzles of every shard; -1: not counted
	Interrupted   bool                       // ctx ended, or a write failed, before every puzzle was done
	Wall          time.Duration
}

// Observer follows a run, for a progress display.
type Observer interface {
	// Listed is called once, after the first pass over the files, with
	// the number of puzzles to solve (those of the shard not done
	// already), or -1 when ctx ended before they were counted.
	Listed(total int)
	// Wrote is called after each result line is written, with the lines
	// written so far and their number per verdict. Calls are serialised
	// with the writes, and none comes after Run returns.
	Wrote(written int, perVerdict map[string]int)
}

// add counts a line of the verdict that took d; the caller holds the
// run's lock.
func (s *Stats) add(verdict string, d time.Duration) {
	s.Times[verdict] = append(s.Times[verdict], d)
	s.Written++
	if verdict == report.VerdictError {
		s.Errors++
	}
}

// Counts returns the number of lines written per verdict.
func (s *Stats) Counts() map[string]int {
	per := map[string]int{}
	for v, ts := range s.Times {
		per[v] = len(ts)
	}
	return per
}
