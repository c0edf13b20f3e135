package main

import (
	"slices"
	"strings"
	"testing"
	"time"

	"github.com/nonosat/nonosat/encode"
)

// TestBackendSuffixes: the option suffixes of a back end name come off in
// any order and set the options they name.
func TestBackendSuffixes(t *testing.T) {
	var c config
	for _, tc := range []struct {
		name, bare string
		nosearch   bool
		portfolio  bool
		enc        encode.Kind
	}{
		{"gophersat", "gophersat", false, false, ""},
		{"cadical+nosearch+order", "cadical", true, false, encode.Order},
		{"cadical+order+nosearch", "cadical", true, false, encode.Order},
		{"gini+classic", "gini", false, false, encode.Classic},
		{"portfolio+nosearch", "portfolio", true, true, ""},
	} {
		if got := bareBackend(tc.name); got != tc.bare {
			t.Errorf("bareBackend(%q) = %q, want %q", tc.name, got, tc.bare)
		}
		o := c.options(tc.name, nil)
		backend := tc.bare
		if tc.portfolio {
			backend = ""
		}
		if o.Backend != backend || o.Portfolio != tc.portfolio || o.NoSearch != tc.nosearch || o.Encoding != tc.enc {
			t.Errorf("options(%q) = backend %q, portfolio %v, no search %v, encoding %q; want %q, %v, %v, %q",
				tc.name, o.Backend, o.Portfolio, o.NoSearch, o.Encoding, backend, tc.portfolio, tc.nosearch, tc.enc)
		}
	}
}

// TestPickRows: -rows keeps the n slowest rows and every row not decided
// right, in set order.
func TestPickRows(t *testing.T) {
	ms := time.Millisecond
	rows := []keptRow{
		{i: 0, wall: 5 * ms, ok: true},
		{i: 1, wall: 1 * ms, ok: false}, // wrong, fast: kept
		{i: 2, wall: 9 * ms, ok: true},
		{i: 3, wall: 2 * ms, ok: true},
		{i: 4, wall: 7 * ms, ok: true},
	}
	for _, tc := range []struct {
		n    int
		want []int
	}{
		{1, []int{1, 2}},
		{2, []int{1, 2, 4}},
		{3, []int{0, 1, 2, 4}},
		{9, []int{0, 1, 2, 3, 4}},
	} {
		var got []int
		for _, k := range pickRows(rows, tc.n) {
			got = append(got, k.i)
		}
		if !slices.Equal(got, tc.want) {
			t.Errorf("pickRows(n=%d) = %v, want %v", tc.n, got, tc.want)
		}
	}
}

// TestParseFlagsRows: -rows takes a count, not a negative one, and the
// webpbn set is a set of its own and part of all.
func TestParseFlagsRows(t *testing.T) {
	var stderr strings.Builder
	cfg, err := parseFlags([]string{"-corpora", t.TempDir(), "-set", "webpbn", "-rows", "30"}, &stderr)
	if err != nil {
		t.Fatal(err)
	}
	if cfg.rows != 30 || !slices.Equal(cfg.sets, []string{"webpbn"}) {
		t.Errorf("rows %d, sets %v; want 30, [webpbn]", cfg.rows, cfg.sets)
	}
	if _, err := parseFlags([]string{"-corpora", t.TempDir(), "-rows", "-1"}, &stderr); err == nil {
		t.Error("-rows -1: no error")
	}
	cfg, err = parseFlags([]string{"-corpora", t.TempDir(), "-set", "all"}, &stderr)
	if err != nil {
		t.Fatal(err)
	}
	if !slices.Contains(cfg.sets, "webpbn") {
		t.Errorf("-set all = %v, want webpbn in it", cfg.sets)
	}
}
