package main

import (
	"runtime/debug"
	"strings"
	"testing"
)

func TestVersionOf(t *testing.T) {
	bi := &debug.BuildInfo{GoVersion: "go1.26.8", Main: debug.Module{Path: "github.com/nonosat/nonosat", Version: "v1.2.3"},
		Settings: []debug.BuildSetting{{Key: "vcs.revision", Value: "0123456789abcdef0123"}, {Key: "vcs.time", Value: "2026-11-25T04:00:00Z"}, {Key: "vcs.modified", Value: "true"}}}
	if got, want := versionOf(bi), "v1.2.3, commit 0123456789ab (modified) of 2026-11-25T04:00:00Z, go1.26.8"; got != want {
		t.Errorf("versionOf = %q, want %q", got, want)
	}
	if got, want := versionOf(&debug.BuildInfo{GoVersion: "go1.26.8"}), "(devel), go1.26.8"; got != want {
		t.Errorf("versionOf(no module version, no VCS) = %q, want %q", got, want)
	}
}

// TestVersionFlag: nonosat --version prints the name and this build's
// version and exits 0.
func TestVersionFlag(t *testing.T) {
	r := run(t, "--version")
	if r.code != exitOK || !strings.HasPrefix(r.stdout, "nonosat version ") || !strings.Contains(r.stdout, "go1.") {
		t.Errorf("nonosat --version: %v", r)
	}
}
