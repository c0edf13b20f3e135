package batch

import (
	"fmt"
	"io"
	"slices"
	"strings"
	"text/tabwriter"
	"time"

	"github.com/nonosat/nonosat/report"
	"github.com/nonosat/nonosat/solver"
)

// VerdictOrder is the order of the verdicts in the summary and in a
// progress display.
func VerdictOrder() []string {
	return []string{
		string(solver.Unique), string(solver.Multiple), string(solver.Solved),
		string(solver.None), string(solver.Timeout), report.VerdictError,
	}
}

// verdictsSeen lists the verdicts seen, in verdictOrder, then any others.
func verdictsSeen(s Stats) []string {
	var vs []string
	order := VerdictOrder()
	for _, v := range order {
		if len(s.Times[v]) > 0 {
			vs = append(vs, v)
		}
	}
	var other []string
	for v := range s.Times {
		if !slices.Contains(order, v) {
			other = append(other, v)
		}
	}
	slices.Sort(other)
	return append(vs, other...)
}

// WriteSummary writes what the run did, as `nonosat batch` ends: a table
// of the verdicts with their median and longest times, then the files,
// the wall time and rate with jobs workers, and what was skipped or left.
// output is the results file (named for --resume) and shard the run's
// shard as given (K/N), or "".
func (s Stats) WriteSummary(w io.Writer, jobs int, output, shard string) error {
	var b strings.Builder
	tw := tabwriter.NewWriter(&b, 0, 0, 2, ' ', tabwriter.AlignRight)
	fmt.Fprintln(tw, "verdict\tpuzzles\tmedian\tmax\t")
	var all []time.Duration
	for _, v := range verdictsSeen(s) {
		ts := s.Times[v]
		all = append(all, ts...)
		med, mx := medianMax(ts)
		fmt.Fprintf(tw, "%s\t%d\t%s\t%s\t\n", v, len(ts), roundDuration(med), roundDuration(mx))
	}
	med, mx := medianMax(all)
	fmt.Fprintf(tw, "total\t%d\t%s\t%s\t\n", len(all), roundDuration(med), roundDuration(mx))
	tw.Flush()
	rate := ""
	if s.Wall > 0 && s.Written > 0 {
		rate = fmt.Sprintf(", %.1f puzzles/s", float64(s.Written)/s.Wall.Seconds())
	}
	check := "every solution checked against the clues"
	if s.CheckFailures > 0 {
		check = fmt.Sprintf("%d solutions FAILED the check against the clues (a bug: please report it)", s.CheckFailures)
	}
	part := ""
	if shard != "" && s.AllShards >= 0 {
		part = fmt.Sprintf(", %d of %d puzzles (shard %s)", s.InShard, s.AllShards, shard)
	}
	fmt.Fprintf(&b, "%d puzzle files%s, wall time %s%s with -j %d; %s\n",
		s.Files, part, roundDuration(s.Wall), rate, jobs, check)
	if len(s.Skipped) > 0 {
		fmt.Fprintf(&b, "skipped %d files found in folders that hold no puzzle (%s)\n", len(s.Skipped), examples(s.Skipped, 3))
	}
	if s.Resumed > 0 {
		fmt.Fprintf(&b, "skipped %d puzzles already in %s (--resume)\n", s.Resumed, output)
	}
	switch {
	case s.Interrupted && s.Left >= 0:
		fmt.Fprintf(&b, "interrupted with %d puzzles left\n", s.Left)
	case s.Interrupted:
		fmt.Fprintln(&b, "interrupted while listing the puzzles")
	}
	_, err := io.WriteString(w, b.String())
	return err
}

// examples names the first n of names, and how many more there are.
func examples(names []string, n int) string {
	if len(names) <= n {
		return strings.Join(names, ", ")
	}
	return fmt.Sprintf("%s and %d more", strings.Join(names[:n], ", "), len(names)-n)
}

// medianMax is the median and the longest of ts.
func medianMax(ts []time.Duration) (med, mx time.Duration) {
	if len(ts) == 0 {
		return 0, 0
	}
	s := slices.Clone(ts)
	slices.Sort(s)
	return s[len(s)/2], s[len(s)-1]
}

// roundDuration shortens d for display: 1.234s, 12ms, 3m4s.
func roundDuration(d time.Duration) time.Duration {
	switch {
	case d >= time.Minute:
		return d.Round(time.Second)
	case d >= time.Second:
		return d.Round(time.Millisecond)
	case d >= time.Millisecond:
		return d.Round(100 * time.Microsecond)
	}
	return d.Round(time.Microsecond)
}
