package main

import (
	"runtime/debug"
	"strings"
)

// version describes this build from its build information: the module
// version ("(devel)" for a build from a checkout) and, when the build
// recorded it, the commit, its time and whether the tree had changes.
func version() string {
	bi, ok := debug.ReadBuildInfo()
	if !ok {
		return "unknown (no build information)"
	}
	return versionOf(bi)
}

func versionOf(bi *debug.BuildInfo) string {
	v := bi.Main.Version
	if v == "" {
		v = "(devel)"
	}
	var rev, at string
	dirty := false
	for _, s := range bi.Settings {
		switch s.Key {
		case "vcs.revision":
			rev = s.Value
		case "vcs.time":
			at = s.Value
		case "vcs.modified":
			dirty = s.Value == "true"
		}
	}
	parts := []string{v}
	if rev != "" {
		c := "commit " + rev[:min(len(rev), 12)]
		if dirty {
			c += " (modified)"
		}
		if at != "" {
			c += " of " + at
		}
		parts = append(parts, c)
	}
	parts = append(parts, bi.GoVersion)
	return strings.Join(parts, ", ")
}
