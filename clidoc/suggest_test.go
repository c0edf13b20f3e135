package clidoc

import "testing"

func TestEditDistance(t *testing.T) {
	tests := []struct {
		a, b string
		want int
	}{
		{"", "", 0}, {"max", "max", 0}, {"maxx", "max", 1}, {"slove", "solve", 1},
		{"chek", "check", 1}, {"jsno", "json", 1}, {"abc", "", 3}, {"kitten", "sitting", 3},
	}
	for _, tt := range tests {
		if got := editDistance(tt.a, tt.b); got != tt.want {
			t.Errorf("editDistance(%q, %q) = %d, want %d", tt.a, tt.b, got, tt.want)
		}
	}
}

func TestNearest(t *testing.T) {
	commands := []string{"solve", "check", "count", "batch", "make", "render", "convert", "info"}
	flags := []string{"max", "timeout", "json", "no-presolve", "no-progress", "no-search", "o", "output"}
	tests := []struct {
		s          string
		candidates []string
		want       string
	}{
		{"slove", commands, "solve"},
		{"chekc", commands, "check"},
		{"cont", commands, "count"},
		{"mk", commands, ""},          // too short to guess from
		{"bogus", commands, ""},       // nothing near
		{"conv", commands, "convert"}, // the one it begins
		{"maxx", flags, "max"},
		{"tim", flags, "timeout"},
		{"no-pro", flags, "no-progress"},
		{"no-pr", flags, ""}, // begins two
		{"outptu", flags, "output"},
	}
	for _, tt := range tests {
		if got := Nearest(tt.s, tt.candidates); got != tt.want {
			t.Errorf("Nearest(%q) = %q, want %q", tt.s, got, tt.want)
		}
	}
}
