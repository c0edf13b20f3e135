// Package examples holds the example puzzles drawn for nonosat, so that
// the program can offer them (the page of `nonosat serve` opens them).
package examples

import (
	"embed"
	"io/fs"
)

//go:embed *.non *.xml
var files embed.FS

// Files returns the example puzzle files, by name (house.non, flower.xml).
func Files() fs.FS { return files }
