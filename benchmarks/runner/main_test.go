package main

import (
	"testing"

	"github.com/nonosat/nonosat/encode"
)

// TestBackendSuffixes: the option suffixes of a back end name come off in
// any order and set the options they name.
func TestBackendSuffixes(t *testing.T) {
	var c config
	for _, tc := range []struct {
		name, bare string
		search     int
		restarts   int
		enc        encode.Kind
	}{
		{"gophersat", "gophersat", 0, 0, ""},
		{"cadical+nosearch+order", "cadical", -1, 0, encode.Order},
		{"cadical+order+nosearch", "cadical", -1, 0, encode.Order},
		{"gini+classic", "gini", 0, 0, encode.Classic},
		{"portfolio+norestart", "portfolio", 0, -1, ""},
	} {
		if got := bareBackend(tc.name); got != tc.bare {
			t.Errorf("bareBackend(%q) = %q, want %q", tc.name, got, tc.bare)
		}
		o := c.options(tc.name, nil)
		if o.Backend != tc.bare || o.Search != tc.search || o.Restarts != tc.restarts || o.Encoding != tc.enc {
			t.Errorf("options(%q) = backend %q, search %d, restarts %d, encoding %q; want %q, %d, %d, %q",
				tc.name, o.Backend, o.Search, o.Restarts, o.Encoding, tc.bare, tc.search, tc.restarts, tc.enc)
		}
	}
}
