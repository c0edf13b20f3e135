// Package report holds the one JSON shape of a puzzle's result, shared by
// every front end: `nonosat solve|check|count --json`, the lines of
// `nonosat batch`, the HTTP API of `nonosat serve` and the browser build's
// JavaScript API. It also holds the JSON form of a puzzle itself (palette,
// clues, goal) that the workbench page reads, the description `nonosat
// info` gives of a puzzle ([Info]), and what line solving knows of a grid
// when a solve times out ([Known]).
//
// A [Result] names its puzzle by file and index, the puzzle's place in
// the file counted from 1 (1 for a file that holds one puzzle); index 0
// names the file as a whole, in the error line of a file that could not
// be read. Rows and columns count from 1 everywhere, as in the DIMACS
// header's cell map. Solutions are rows of palette characters, as the
// puzzle's text formats draw them. docs/json.md describes every field.
package report
