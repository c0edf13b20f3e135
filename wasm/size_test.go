//go:build !js

package main

import (
	"bytes"
	"compress/gzip"
	"os"
	"path/filepath"
	"testing"

	"github.com/nonosat/nonosat/internal/browsertest"
)

// The engine a page downloads stays under 8 MB, and 2.5 MB gzipped (what
// a server sends): a designer on a phone waits for it before anything
// works.
func TestSiteSize(t *testing.T) {
	dir := t.TempDir()
	if err := browsertest.BuildSite("..", dir); err != nil {
		t.Fatal(err)
	}
	b, err := os.ReadFile(filepath.Join(dir, "nonosat.wasm"))
	if err != nil {
		t.Fatal(err)
	}
	var gz bytes.Buffer
	w, _ := gzip.NewWriterLevel(&gz, gzip.BestCompression)
	w.Write(b)
	w.Close()
	t.Logf("nonosat.wasm: %d bytes, %d gzipped", len(b), gz.Len())
	if len(b) > 8_000_000 || gz.Len() > 2_500_000 {
		t.Errorf("nonosat.wasm is %d bytes, %d gzipped; want at most 8,000,000 and 2,500,000", len(b), gz.Len())
	}
}
