package memsize

import (
	"fmt"
	"os"
	"strings"
	"testing"
)

func TestParse(t *testing.T) {
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
		got, err := Parse(tt.in)
		if (err == nil) != tt.ok || got != tt.want {
			t.Errorf("Parse(%q) = %d, %v; want %d, ok %v", tt.in, got, err, tt.want, tt.ok)
		}
	}
}

// TestMachine: the machine's memory agrees with /proc/meminfo's MemTotal,
// and "auto" is half of it.
func TestMachine(t *testing.T) {
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
	if got := machine(); kb == 0 || got != kb<<10 {
		t.Errorf("machine() = %d, /proc/meminfo says %d kB", got, kb)
	}
	for _, s := range []string{"auto", ""} {
		if got, err := Flag(s); err != nil || got != kb<<9 {
			t.Errorf("Flag(%q) = %d, %v; want half of %d kB", s, got, err, kb)
		}
	}
}
