// Package web holds the page of `nonosat serve`: one HTML file, its script
// and its style sheet, embedded so that the binary needs nothing else and
// the page fetches nothing from elsewhere. The page talks to the server's
// JSON API (/api/...) only; see cmd/nonosat/api.go.
package web

import (
	"embed"
	"io/fs"
)

//go:embed static
var static embed.FS

// Files returns the page's files: index.html, app.js and style.css.
func Files() fs.FS {
	sub, err := fs.Sub(static, "static")
	if err != nil { // cannot happen: "static" is a valid path
		return static
	}
	return sub
}
