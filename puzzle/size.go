package puzzle

import (
	"fmt"
	"strconv"
	"strings"
)

// ParseSize reads a size given as "WxH", or as "Wx" or "xH" where one side
// is left to the caller (0).
func ParseSize(s string) (int, int, error) {
	ws, hs, ok := strings.Cut(strings.ToLower(s), "x")
	if !ok || ws == "" && hs == "" {
		return 0, 0, fmt.Errorf("%q: want WxH, Wx or xH", s)
	}
	var n [2]int
	for i, part := range []string{ws, hs} {
		if part == "" {
			continue
		}
		v, err := strconv.Atoi(part)
		if err != nil || v < 1 || v > MaxSide {
			return 0, 0, fmt.Errorf("%q: want whole numbers from 1 to %d", s, MaxSide)
		}
		n[i] = v
	}
	return n[0], n[1], nil
}
