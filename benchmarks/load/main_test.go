//go:build linux

package main

import (
	"testing"
	"time"
)

func TestParseMix(t *testing.T) {
	if ws, err := parseMix(defaultMix); err != nil || len(ws) != len(classes) {
		t.Errorf("parseMix(defaultMix) = %v, %v", ws, err)
	}
	for _, bad := range []string{"line=50", "line=50,nope=50", "line=x", "line=-10,search=110"} {
		if _, err := parseMix(bad); err == nil {
			t.Errorf("parseMix(%q) took it", bad)
		}
	}
}

func TestMemoryLimit(t *testing.T) {
	tests := []struct {
		args string
		want int64
	}{
		{"--max-memory 2G", 2 << 30},
		{"--max-solves 2 --max-memory=512M", 512 << 20},
		{"--max-memory 1.5GiB", 3 << 29},
		{"--max-solves 2", 0},
		{"--max-memory auto", 0},
	}
	for _, tt := range tests {
		if got := memoryLimit(tt.args); got != tt.want {
			t.Errorf("memoryLimit(%q) = %d, want %d", tt.args, got, tt.want)
		}
	}
}

// pct is the nearest-rank percentile: the smallest value with at least
// p % of the values at or below it.
func TestPct(t *testing.T) {
	var ds []time.Duration
	for i := 100; i >= 1; i-- {
		ds = append(ds, time.Duration(i))
	}
	for _, p := range []int{1, 50, 99, 100} {
		got := pct(ds, p)
		below := 0
		for _, d := range ds {
			if d <= got {
				below++
			}
		}
		if below*100 < p*len(ds) || (below-1)*100 >= p*len(ds) {
			t.Errorf("pct(1..100, %d) = %d: %d values at or below", p, got, below)
		}
	}
	if pct(nil, 99) != 0 {
		t.Errorf("pct of nothing is not 0")
	}
}
