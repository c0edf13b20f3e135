package main

import (
	"fmt"
	"regexp"
	"slices"
	"strings"

	"github.com/urfave/cli/v2"
)

// flagMessage words a flag error of the command of c as a person reads
// it: the flag as typed (one dash or two), what its value should look
// like, and the near miss of an unknown flag. Other errors pass as they
// are.
func flagMessage(c *cli.Context, err error) string {
	// The flag package's errors, which urfave/cli passes on, and
	// parseFlags words the same way: they spell every flag with one dash
	// and say "parse error" for a value of the wrong kind. (Compiled
	// here, not at start-up: start-up stays quick.)
	reUndefined := regexp.MustCompile(`^flag provided but not defined: -+(\S+)$`)
	reNoValue := regexp.MustCompile(`^flag needs an argument: -+(\S+)$`)
	reBadValue := regexp.MustCompile(`^invalid value "(.*)" for flag -+(\S+): `)
	reBadBool := regexp.MustCompile(`^invalid boolean value "(.*)" for -+(\S+): `)
	msg := err.Error()
	if m := reUndefined.FindStringSubmatch(msg); m != nil {
		s := "unknown flag " + typed(c, m[1])
		if near := nearest(m[1], lineageFlagNames(c)); near != "" {
			s += fmt.Sprintf(" (did you mean %s?)", dashed(near))
		}
		return s
	}
	if m := reNoValue.FindStringSubmatch(msg); m != nil {
		return fmt.Sprintf("%s needs a value", typed(c, m[1]))
	}
	value, name := "", ""
	if m := reBadValue.FindStringSubmatch(msg); m != nil {
		value, name = m[1], m[2]
	} else if m := reBadBool.FindStringSubmatch(msg); m != nil {
		value, name = m[1], m[2]
	} else {
		return msg
	}
	want := "a value of another kind"
	switch lookupFlag(c, name).(type) {
	case *cli.DurationFlag:
		want = "a duration such as 5s, 2m or 1h30m"
	case *cli.IntFlag, *cli.Int64Flag, *cli.UintFlag, *cli.Uint64Flag:
		want = "a whole number"
	case *cli.Float64Flag:
		want = "a number such as 0.5"
	case *cli.BoolFlag:
		return fmt.Sprintf("%s=%s: want true or false (or the flag alone)", typed(c, name), value)
	}
	return fmt.Sprintf("%s %s: want %s", typed(c, name), value, want)
}

// typed is flag name as the command line spelt it: "-o", "--max", or
// "-max" when that is what was typed.
func typed(c *cli.Context, name string) string {
	if args, ok := c.App.Metadata[argsKey].([]string); ok {
		for _, a := range args {
			if a == "--" {
				break
			}
			bare := strings.TrimLeft(a, "-")
			if n, _, _ := strings.Cut(bare, "="); n == name && len(a) > len(bare) {
				return a[:len(a)-len(bare)] + name
			}
		}
	}
	return dashed(name)
}

// lineageFlagNames lists the names of the flags of the command of c and of its
// parents (the app's among them), which may come after it.
func lineageFlagNames(c *cli.Context) []string {
	var names []string
	for _, x := range c.Lineage() {
		if x.Command == nil {
			continue
		}
		for _, f := range x.Command.Flags {
			names = append(names, f.Names()...)
		}
	}
	return names
}

// nearest is the candidate closest to s, as git and go suggest: one
// whose spelling is at most two edits away (one for short words; a swap
// of neighbours counts once), or the only one that s begins. It is ""
// when there is none or the best two tie.
func nearest(s string, candidates []string) string {
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
