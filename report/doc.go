// Package report holds the one JSON shape of a puzzle's result, shared by
// every front end: `nonosat solve|check|count --json`, the lines of
// `nonosat batch`, the HTTP API of `nonosat serve` and the browser build's
// JavaScript API. It also holds the JSON form of a puzzle itself (palette,
// clues, goal) that the workbench page reads, the description `nonosat
// info` gives of a puzzle ([Info]), and what line solving knows of a grid
// when a solve times out ([Known]).
//
// A [Result] names its puzzle by file and index: index counts from 1 in a
// file that holds several puzzles and is 0 when the file holds one (see
// [Index]). Solutions are rows of palette characters, as the puzzle's text
// formats draw them.
package report
