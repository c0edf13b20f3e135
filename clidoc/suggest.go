package clidoc

import (
	"slices"
	"strings"
)

// Nearest is the candidate closest to s, as git and go suggest: one
// whose spelling is at most two edits away (one for short words; a swap
// of neighbours counts once), or the only one that s begins. It is ""
// when there is none or the best two tie.
func Nearest(s string, candidates []string) string {
	best, bestD, tie := "", 1<<30, false
	limit := min(2, max(1, len(s)/3))
	var prefixed []string
	for _, cand := range candidates {
		if len(s) >= 2 && strings.HasPrefix(cand, s) && !slices.Contains(prefixed, cand) {
			prefixed = append(prefixed, cand)
		}
		d := editDistance(s, cand)
		switch {
		case d > limit || cand == best:
		case d < bestD:
			best, bestD, tie = cand, d, false
		case d == bestD:
			tie = true
		}
	}
	if best != "" && !tie {
		return best
	}
	if len(prefixed) == 1 {
		return prefixed[0]
	}
	return ""
}

// editDistance counts the insertions, deletions, substitutions and swaps
// of neighbouring letters that make a into b (optimal string alignment).
func editDistance(a, b string) int {
	ra, rb := []rune(a), []rune(b)
	d := make([][]int, len(ra)+1)
	for i := range d {
		d[i] = make([]int, len(rb)+1)
		d[i][0] = i
	}
	for j := range d[0] {
		d[0][j] = j
	}
	for i := 1; i <= len(ra); i++ {
		for j := 1; j <= len(rb); j++ {
			cost := 1
			if ra[i-1] == rb[j-1] {
				cost = 0
			}
			d[i][j] = min(d[i-1][j]+1, d[i][j-1]+1, d[i-1][j-1]+cost)
			if i > 1 && j > 1 && ra[i-1] == rb[j-2] && ra[i-2] == rb[j-1] {
				d[i][j] = min(d[i][j], d[i-2][j-2]+1)
			}
		}
	}
	return d[len(ra)][len(rb)]
}
