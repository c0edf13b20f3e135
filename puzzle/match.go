package puzzle

import (
	"strings"
	"unicode/utf8"
)

// Hand-written matchers for the few fixed patterns format sniffing and
// the .g reader need. The regexp package would cost the browser build a
// quarter of a megabyte of code and every run its compilation; each
// function says the pattern it matches exactly (as Go's regexp syntax,
// where \s is [\t\n\f\r ] and \d is [0-9]), and match_test.go checks them
// against regexp on random text.

func isSpaceRE(b byte) bool { return b == ' ' || b == '\t' || b == '\n' || b == '\f' || b == '\r' }

func isWordRE(b byte) bool {
	return b >= '0' && b <= '9' || b >= 'a' && b <= 'z' || b >= 'A' && b <= 'Z' || b == '_'
}

// skipSpace returns the index of the first byte from i on that is not \s.
func skipSpace(s string, i int) int {
	for i < len(s) && isSpaceRE(s[i]) {
		i++
	}
	return i
}

// skipDigits returns the index of the first byte from i on that is not \d.
func skipDigits(s string, i int) int {
	for i < len(s) && s[i] >= '0' && s[i] <= '9' {
		i++
	}
	return i
}

// matchTatham is ^\d+x\d+:
func matchTatham(s string) bool {
	i := skipDigits(s, 0)
	if i == 0 || i == len(s) || s[i] != 'x' {
		return false
	}
	j := skipDigits(s, i+1)
	return j > i+1 && j < len(s) && s[j] == ':'
}

// matchTAAI is ^\$\d+\s*$
func matchTAAI(s string) bool {
	if !strings.HasPrefix(s, "$") {
		return false
	}
	i := skipDigits(s, 1)
	return i > 1 && skipSpace(s, i) == len(s)
}

// matchString is ^[\d,:]+-[\d,:]+$
func matchString(s string) bool {
	l, r, ok := strings.Cut(s, "-")
	inSet := func(t string) bool {
		for i := 0; i < len(t); i++ {
			if c := t[i]; !(c >= '0' && c <= '9' || c == ',' || c == ':') {
				return false
			}
		}
		return t != ""
	}
	return ok && inSet(l) && inSet(r)
}

// matchKeyword is (?m)^\s*(width|height|rows|columns)\b
func matchKeyword(s string) bool {
	for line := range strings.SplitSeq(s, "\n") {
		i := skipSpace(line, 0)
		for _, k := range []string{"width", "height", "rows", "columns"} {
			if strings.HasPrefix(line[i:], k) && (i+len(k) == len(line) || !isWordRE(line[i+len(k)])) {
				return true
			}
		}
	}
	return false
}

// matchInts is ^\s*\d+\s*$ (n = 1) or ^\s*\d+\s+\d+\s*$ (n = 2).
func matchInts(s string, n int) bool {
	i := skipSpace(s, 0)
	for k := range n {
		if k > 0 {
			j := skipSpace(s, i)
			if j == i {
				return false
			}
			i = j
		}
		j := skipDigits(s, i)
		if j == i {
			return false
		}
		i = j
	}
	return skipSpace(s, i) == len(s)
}

// matchGColor is ^[ \t]*([^ \t]):(.?)(.*)$, a colour line of a .g file:
// it returns the three groups.
func matchGColor(s string) (in, out, rest string, ok bool) {
	i := 0
	for i < len(s) && (s[i] == ' ' || s[i] == '\t') {
		i++
	}
	if i == len(s) {
		return "", "", "", false
	}
	_, n := utf8.DecodeRuneInString(s[i:])
	in, j := s[i:i+n], i+n
	if j == len(s) || s[j] != ':' || strings.Contains(s[j+1:], "\n") {
		return "", "", "", false
	}
	rest = s[j+1:]
	if rest != "" {
		_, n := utf8.DecodeRuneInString(rest)
		out, rest = rest[:n], rest[n:]
	}
	return in, out, rest, true
}

// matchGGlue is ^[<>][<>]$
func matchGGlue(s string) bool {
	return len(s) == 2 && strings.IndexByte("<>", s[0]) >= 0 && strings.IndexByte("<>", s[1]) >= 0
}

// matchGMeta is (?i)^(id|title|author|copyright|description):\s*(.*)$,
// a descriptive line of a .g file: it returns the two groups.
func matchGMeta(s string) (key, value string, ok bool) {
	k, v, found := strings.Cut(s, ":")
	if !found {
		return "", "", false
	}
	for _, name := range []string{"id", "title", "author", "copyright", "description"} {
		if strings.EqualFold(k, name) {
			v = v[skipSpace(v, 0):]
			if strings.Contains(v, "\n") {
				return "", "", false
			}
			return k, v, true
		}
	}
	return "", "", false
}
