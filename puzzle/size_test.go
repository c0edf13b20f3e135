package puzzle_test

import (
	"testing"

	"github.com/nonosat/nonosat/puzzle"
)

func TestParseSize(t *testing.T) {
	tests := []struct {
		in     string
		w, h   int
		hasErr bool
	}{
		{"30x20", 30, 20, false}, {"30X20", 30, 20, false}, {"30x", 30, 0, false}, {"x20", 0, 20, false},
		{"x", 0, 0, true}, {"30", 0, 0, true}, {"0x5", 0, 0, true}, {"ax5", 0, 0, true}, {"5x100000", 0, 0, true},
	}
	for _, tt := range tests {
		w, h, err := puzzle.ParseSize(tt.in)
		if (err != nil) != tt.hasErr || w != tt.w || h != tt.h {
			t.Errorf("ParseSize(%q) = %d, %d, %v; want %d, %d, error %v", tt.in, w, h, err, tt.w, tt.h, tt.hasErr)
		}
	}
}
