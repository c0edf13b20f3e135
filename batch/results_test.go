package batch

import (
	"bytes"
	"cmp"
	"maps"
	"slices"
	"strings"
	"testing"
)

func TestReadResults(t *testing.T) {
	tests := []struct {
		name string
		in   string
		keep int64
		want []Key
		err  string
	}{
		{"empty", "", 0, nil, ""},
		{"whole lines", "{\"file\":\"a\"}\n{\"file\":\"b\",\"index\":2}\n", 36, []Key{{"a", 0}, {"a", 1}, {"b", 2}}, ""},
		{"cut last line", "{\"file\":\"a\"}\n{\"file\":\"b\",\"in", 13, []Key{{"a", 0}, {"a", 1}}, ""},
		{"blank line", "\n{\"file\":\"a\"}\n", 14, []Key{{"a", 0}, {"a", 1}}, ""},
		// Before index counted from 1, a file's one puzzle was index 0.
		{"old one-puzzle line", "{\"file\":\"a\",\"index\":0,\"verdict\":\"unique\"}\n", 42, []Key{{"a", 0}, {"a", 1}}, ""},
		{"bad line", "{\"file\":\"a\"}\nhello\n{\"file\":\"b\"}\n", 0, nil, "out.jsonl:2: not a batch result line"},
		{"no file", "{\"index\":1}\n", 0, nil, "out.jsonl:1: not a batch result line"},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			done := map[Key]bool{}
			keep, err := readResults(strings.NewReader(tt.in), "out.jsonl", done)
			if tt.err != "" {
				if err == nil || !strings.Contains(err.Error(), tt.err) {
					t.Errorf("readResults(%q) error = %v, want %q", tt.in, err, tt.err)
				}
				return
			}
			got := slices.SortedFunc(maps.Keys(done), func(a, b Key) int { return cmp.Or(strings.Compare(a.File, b.File), a.Index-b.Index) })
			if err != nil || keep != tt.keep || !slices.Equal(got, tt.want) {
				t.Errorf("readResults(%q) = %d, %v, %v; want %d, %v", tt.in, keep, got, err, tt.keep, tt.want)
			}
		})
	}
}

// FuzzReadResults feeds a resumed run arbitrary files: it must never
// panic, and what it keeps must end at a line end, hold a key for each
// line it accepted, and read back the same.
func FuzzReadResults(f *testing.F) {
	f.Add([]byte("{\"file\":\"a\"}\n{\"file\":\"b\",\"index\":2}\n"))
	f.Add([]byte("{\"file\":\"a\"}\n{\"file\":\"b\",\"in"))
	f.Add([]byte("\n\n{\"file\":\"\",\"index\":-1,\"verdict\":\"error\",\"error\":\"x\"}\r\n"))
	f.Add([]byte("hello\n"))
	f.Fuzz(func(t *testing.T, data []byte) {
		done := map[Key]bool{}
		keep, err := readResults(bytes.NewReader(data), "out.jsonl", done)
		if err != nil {
			return
		}
		if keep < 0 || keep > int64(len(data)) || keep > 0 && data[keep-1] != '\n' {
			t.Fatalf("readResults(%q) keeps %d bytes", data, keep)
		}
		again := map[Key]bool{}
		keep2, err := readResults(bytes.NewReader(data[:keep]), "out.jsonl", again)
		if err != nil || keep2 != keep || !maps.Equal(done, again) {
			t.Fatalf("readResults of the %d bytes kept of %q = %d, %v, %v; first read %v", keep, data, keep2, again, err, done)
		}
	})
}
