package main

import "github.com/nonosat/nonosat/clidoc"

// The man page tests read the page with the helpers that wrote it.
var (
	roff           = clidoc.Roff
	dashed         = clidoc.Dashed
	splitArgsUsage = clidoc.SplitArgsUsage
	argRoff        = clidoc.ArgRoff
)
