// Package memsize reads memory sizes as users write them on command lines
// ("2G", "500M", "auto") and knows the machine's memory, for the
// --max-memory flags of nonosat and nonosat-serve.
package memsize

import (
	"errors"
	"strconv"
	"strings"
)

// Fallback is "auto" where the machine's memory cannot be read.
const Fallback = 4 << 30

// Flag reads a --max-memory value, in bytes (0: no limit): a size (see
// [Parse]), or "auto" or "" for half the machine's memory.
func Flag(s string) (int64, error) {
	if s == "auto" || s == "" {
		if n := machine(); n > 0 {
			return n / 2, nil
		}
		return Fallback, nil
	}
	return Parse(s)
}

// Parse reads a byte count with an optional suffix K, M, G or T (powers
// of 1024; a trailing B or iB is allowed).
func Parse(s string) (int64, error) {
	t := strings.TrimSuffix(strings.TrimSuffix(strings.ToUpper(strings.TrimSpace(s)), "B"), "I")
	shift := 0
	if n := len(t); n > 0 {
		if i := strings.IndexByte("KMGT", t[n-1]); i >= 0 {
			shift, t = 10*(i+1), t[:n-1]
		}
	}
	v, err := strconv.ParseFloat(strings.TrimSpace(t), 64)
	if err != nil || v < 0 || v*float64(int64(1)<<shift) > 1<<62 {
		return 0, errors.New("want a size such as 2G, 512M or 0")
	}
	return int64(v * float64(int64(1)<<shift)), nil
}
