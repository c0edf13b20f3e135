package puzzle

import (
	"math/rand/v2"
	"regexp"
	"strings"
	"testing"
)

// The hand-written matchers agree with the patterns they replace, on
// random text over the characters the patterns care about.
func TestMatchersAreTheirPatterns(t *testing.T) {
	bools := []struct {
		re string
		f  func(string) bool
		rx *regexp.Regexp
	}{
		{`^\d+x\d+:`, matchTatham, nil},
		{`^\$\d+\s*$`, matchTAAI, nil},
		{`^[\d,:]+-[\d,:]+$`, matchString, nil},
		{`(?m)^\s*(width|height|rows|columns)\b`, matchKeyword, nil},
		{`^\s*\d+\s+\d+\s*$`, func(s string) bool { return matchInts(s, 2) }, nil},
		{`^\s*\d+\s*$`, func(s string) bool { return matchInts(s, 1) }, nil},
		{`^[<>][<>]$`, matchGGlue, nil},
	}
	for i := range bools {
		bools[i].rx = regexp.MustCompile(bools[i].re)
	}
	gColor := regexp.MustCompile(`^[ \t]*([^ \t]):(.?)(.*)$`)
	gMeta := regexp.MustCompile(`(?i)^(id|title|author|copyright|description):\s*(.*)$`)
	pieces := []string{"0", "1", "7", "42", "x", "$", ":", ",", "-", " ", "\t", "\n", "\r", "\f", "<", ">", "#",
		"width", "height", "rows", "columns", "widths", "_", "a", "é", "\xff", "ſ", "id", "Title", "AUTHOR", "copyright", "description", "c"}
	rng := rand.New(rand.NewPCG(1, 2))
	for range 50000 {
		var b strings.Builder
		for range rng.IntN(7) {
			b.WriteString(pieces[rng.IntN(len(pieces))])
		}
		s := b.String()
		for _, m := range bools {
			if got, want := m.f(s), m.rx.MatchString(s); got != want {
				t.Fatalf("matcher of %s on %q = %v, regexp says %v", m.re, s, got, want)
			}
		}
		in, out, rest, ok := matchGColor(s)
		if m := gColor.FindStringSubmatch(s); (m != nil) != ok || ok && (m[1] != in || m[2] != out || m[3] != rest) {
			t.Fatalf("matchGColor(%q) = %q %q %q %v, regexp says %q", s, in, out, rest, ok, m)
		}
		k, v, ok := matchGMeta(s)
		if m := gMeta.FindStringSubmatch(s); (m != nil) != ok || ok && (m[1] != k || m[2] != v) {
			t.Fatalf("matchGMeta(%q) = %q %q %v, regexp says %q", s, k, v, ok, m)
		}
	}
}
