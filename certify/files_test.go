package certify_test

import (
	"context"
	"errors"
	"testing"

	"github.com/nonosat/nonosat/certify"
)

// Writes fail past the limit and once the context ends; finished files
// come out of All whole, in order.
func TestMemory(t *testing.T) {
	ctx, cancel := context.WithCancel(context.Background())
	fs := certify.NewMemory(ctx, 10)
	w, _ := fs.Create("a")
	if _, err := w.Write([]byte("12345678")); err != nil {
		t.Fatal(err)
	}
	w.Close()
	w2, _ := fs.Create("b")
	if _, err := w2.Write(make([]byte, 8)); !errors.Is(err, certify.ErrTooBig) {
		t.Errorf("a write past the limit: %v, want ErrTooBig", err)
	}
	fs.Discard("b")
	var names []string
	for n, b := range fs.All() {
		names = append(names, n)
		if n == "a" && string(b) != "12345678" {
			t.Errorf("a holds %q", b)
		}
	}
	if len(names) != 1 || names[0] != "a" {
		t.Errorf("files kept: %q, want a alone", names)
	}
	cancel()
	if _, err := w.Write(nil); !errors.Is(err, context.Canceled) {
		t.Errorf("a write after the context ended: %v", err)
	}
}

func TestName(t *testing.T) {
	tests := []struct {
		file  string
		index int
		want  string
	}{{"dir/p.non", 0, "p"}, {"-", 0, "stdin"}, {"set.taai", 12, "set-0012"}}
	for _, tt := range tests {
		if got := certify.Name(tt.file, tt.index); got != tt.want {
			t.Errorf("Name(%q, %d) = %q, want %q", tt.file, tt.index, got, tt.want)
		}
	}
}
