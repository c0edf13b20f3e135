package main

import (
	"fmt"
	"maps"
	"strings"
	"testing"

	"github.com/nonosat/nonosat/batch"
)

// TestBatchShards: the shards of a run, each run on its own, hold every
// puzzle of the whole run exactly once, with the same verdicts, and a
// shard is the same on every run.
func TestBatchShards(t *testing.T) {
	whole := verdicts(t, readLines(t, run(t, "batch", "--no-progress", "testdata/batch").stdout))
	for _, n := range []int{1, 2, 3, 7} {
		got := map[batch.Key]string{}
		total := 0
		for k := 1; k <= n; k++ {
			shard := fmt.Sprintf("%d/%d", k, n)
			r := run(t, "batch", "--no-progress", "--shard", shard, "testdata/batch")
			again := run(t, "batch", "--no-progress", "--shard", shard, "-j", "1", "testdata/batch")
			lines := readLines(t, r.stdout)
			if !maps.Equal(verdicts(t, lines), verdicts(t, readLines(t, again.stdout))) {
				t.Errorf("--shard %s differs between two runs", shard)
			}
			// The summary says how much of the whole the shard is, in
			// words and not Go names.
			if want := fmt.Sprintf(", %d of %d puzzles (shard %s), ", len(lines), len(whole), shard); !strings.Contains(r.stderr, want) || strings.Contains(r.stderr, "Check") {
				t.Errorf("batch --shard %s: summary %q; want %q, and no Check", shard, r.stderr, want)
			}
			total += len(lines)
			maps.Copy(got, verdicts(t, lines))
		}
		if total != len(whole) || !maps.Equal(got, whole) {
			t.Errorf("%d shards gave %d lines, verdicts %v; the whole run %d lines, %v", n, total, got, len(whole), whole)
		}
	}
	for _, bad := range []string{"0/3", "4/3", "3", "a/b", "1/0"} {
		if r := run(t, "batch", "--shard", bad, "testdata/batch"); r.code != exitUsage {
			t.Errorf("batch --shard %s: %v; want exit %d", bad, r, exitUsage)
		}
	}
}
