package batch

import (
	"reflect"
	"strings"
	"testing"
	"time"
)

func TestWriteSummary(t *testing.T) {
	ms := time.Millisecond
	s := Stats{
		Times: map[string][]time.Duration{
			"unique":  {3 * ms, 1 * ms, 2 * ms},
			"error":   {5 * ms},
			"strange": {4 * ms},
		},
		Written: 5, Files: 2, Skipped: []string{"a", "b", "c", "d"}, Resumed: 7,
		InShard: 5, AllShards: 10, Interrupted: true, Left: 3, Wall: 2 * time.Second,
	}
	var b strings.Builder
	if err := s.WriteSummary(&b, 4, "out.jsonl", "1/2"); err != nil {
		t.Fatal(err)
	}
	want := []string{
		"  verdict  puzzles  median  max",
		"   unique        3     2ms  3ms",
		"    error        1     5ms  5ms",
		"  strange        1     4ms  4ms",
		"    total        5     3ms  5ms",
		"2 puzzle files, 5 of 10 puzzles (shard 1/2), wall time 2s, 2.5 puzzles/s with -j 4; every solution checked against the clues",
		"skipped 4 files found in folders that hold no puzzle (a, b, c and 1 more)",
		"skipped 7 puzzles already in out.jsonl (--resume)",
		"interrupted with 3 puzzles left",
	}
	got := strings.Split(strings.TrimSuffix(b.String(), "\n"), "\n")
	for i := range got {
		got[i] = strings.TrimRight(got[i], " ")
	}
	if !reflect.DeepEqual(got, want) {
		t.Errorf("WriteSummary =\n%s\nwant\n%s", strings.Join(got, "\n"), strings.Join(want, "\n"))
	}
}

func TestRoundDuration(t *testing.T) {
	for _, tt := range []struct{ in, want time.Duration }{
		{1234567 * time.Microsecond, 1235 * time.Millisecond},
		{12345 * time.Microsecond, 12300 * time.Microsecond},
		{183400 * time.Millisecond, 183 * time.Second},
		{1499 * time.Nanosecond, time.Microsecond},
	} {
		if got := roundDuration(tt.in); got != tt.want {
			t.Errorf("roundDuration(%v) = %v, want %v", tt.in, got, tt.want)
		}
	}
}
