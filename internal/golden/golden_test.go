package golden

import (
	"os"
	"path/filepath"
	"testing"
)

func TestCheckUpdateThenCompare(t *testing.T) {
	name := filepath.Join(t.TempDir(), "sub", "out.golden")
	Check(t, name, []byte("a\nb\n"), true)
	if b, err := os.ReadFile(name); err != nil || string(b) != "a\nb\n" {
		t.Fatalf("Check(update) wrote %q, error %v; want %q", b, err, "a\nb\n")
	}
	Check(t, name, []byte("a\nb\n"), false)
}

func TestFirstDiff(t *testing.T) {
	tests := []struct {
		got, want string
		line      int
		g, w      string
	}{
		{"a\nb\nc\n", "a\nx\nc\n", 2, "b", "x"},
		{"a\nb\n", "a\nb", 3, "", ""},
		{"a\n", "a\nb\n", 2, "", "b"},
	}
	for _, tt := range tests {
		line, g, w := firstDiff([]byte(tt.got), []byte(tt.want))
		if line != tt.line || g != tt.g || w != tt.w {
			t.Errorf("firstDiff(%q, %q) = %d, %q, %q; want %d, %q, %q", tt.got, tt.want, line, g, w, tt.line, tt.g, tt.w)
		}
	}
}
