package main

import (
	"fmt"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/nonosat/nonosat/internal/randpuzzle"
	"github.com/nonosat/nonosat/puzzle"
)

func TestParseSize(t *testing.T) {
	tests := []struct {
		in   string
		want int64
		ok   bool
	}{
		{"0", 0, true}, {"512", 512, true}, {"2K", 2048, true}, {"1.5G", 3 << 29, true},
		{"500M", 500 << 20, true}, {"4GiB", 4 << 30, true}, {"1t", 1 << 40, true}, {"8MB", 8 << 20, true},
		{"", 0, false}, {"-1G", 0, false}, {"lots", 0, false}, {"9999999T", 0, false},
	}
	for _, tt := range tests {
		got, err := parseSize(tt.in)
		if (err == nil) != tt.ok || got != tt.want {
			t.Errorf("parseSize(%q) = %d, %v; want %d, ok %v", tt.in, got, err, tt.want, tt.ok)
		}
	}
}

// TestMaxMemory: a puzzle whose formula would pass --max-memory is refused
// with the size it would need; within the budget it is solved.
func TestMaxMemory(t *testing.T) {
	p := randpuzzle.Picture(3, 20, 20, 3, 0.5)
	name := filepath.Join(t.TempDir(), "p.xml")
	f, err := os.Create(name)
	if err != nil {
		t.Fatal(err)
	}
	if err := puzzle.Encode(f, p, puzzle.XML); err != nil {
		t.Fatal(err)
	}
	f.Close()
	r := run(t, "check", "--no-presolve", "--max-memory", "1M", name)
	if r.code != exitError || !strings.Contains(r.stderr, "its CNF formula alone would take about") || !strings.Contains(r.stderr, "over --max-memory") {
		t.Errorf("check --max-memory 1M: %v; want exit 1 and the size it would need", r)
	}
	out := filepath.Join(t.TempDir(), "p.cnf")
	r = run(t, "dimacs", "--no-presolve", "--max-memory", "1M", name, "-o", out)
	if _, err := os.Stat(out); r.code != exitError || !strings.Contains(r.stderr, "over --max-memory") || err == nil {
		t.Errorf("dimacs --max-memory 1M: %v; want exit 1, the size it would need and no file", r)
	}
	// dimacs runs no SAT solver: a limit that refuses the solve (the
	// formula and the solver, six times the formula) lets it write.
	r = run(t, "check", "--no-presolve", "--max-memory", "4M", name)
	if r.code != exitError || !strings.Contains(r.stderr, "over --max-memory") {
		t.Errorf("check --max-memory 4M: %v; want exit 1 and the size it would need", r)
	}
	if r := run(t, "dimacs", "--no-presolve", "--max-memory", "4M", name, "-o", out); r.code != exitOK {
		t.Errorf("dimacs --max-memory 4M: %v; want the CNF written", r)
	}
	r = run(t, "check", "--no-presolve", "--max-memory", "1G", name)
	if r.code == exitError || strings.Contains(r.stderr, "max-memory") {
		t.Errorf("check --max-memory 1G: %v; want a verdict", r)
	}
	if r := run(t, "check", "--max-memory", "lots", name); r.code != exitUsage {
		t.Errorf("check --max-memory lots: %v; want exit %d", r, exitUsage)
	}
}

// machineMemory agrees with /proc/meminfo's MemTotal.
func TestMachineMemory(t *testing.T) {
	b, err := os.ReadFile("/proc/meminfo")
	if err != nil {
		t.Skipf("no /proc/meminfo: %v", err)
	}
	var kb int64
	for _, l := range strings.Split(string(b), "\n") {
		if rest, ok := strings.CutPrefix(l, "MemTotal:"); ok {
			fmt.Sscan(rest, &kb)
		}
	}
	if got := machineMemory(); kb == 0 || got != kb<<10 {
		t.Errorf("machineMemory() = %d, /proc/meminfo says %d kB", got, kb)
	}
}
