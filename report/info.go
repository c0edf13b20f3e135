package report

import (
	"github.com/nonosat/nonosat/design"
	"github.com/nonosat/nonosat/puzzle"
)

// Info describes one puzzle of a file, as `nonosat info --json` prints it:
// its properties, palette and goal, and with --grade its verdict and
// grade.
type Info struct {
	File        string        `json:"file"`
	Index       int           `json:"index"`   // see [Index]
	Puzzles     int           `json:"puzzles"` // puzzles in the file
	ID          string        `json:"id"`
	Title       string        `json:"title"`
	Author      string        `json:"author,omitempty"`
	Copyright   string        `json:"copyright,omitempty"`
	Description string        `json:"description,omitempty"`
	Width       int           `json:"width"`
	Height      int           `json:"height"`
	Colors      []InfoColor   `json:"palette"` // [0] is the background; "palette" as in Result
	Goal        bool          `json:"goal"`
	GoalOK      *bool         `json:"goal_ok,omitempty"`     // present with a goal
	GoalError   string        `json:"goal_error,omitempty"`  // why the goal fails Check
	NoSolution  string        `json:"no_solution,omitempty"` // why the clues cannot all hold (puzzle.Puzzle.Contradiction)
	Verdict     string        `json:"verdict,omitempty"`     // with --grade
	Grade       *design.Grade `json:"grade,omitempty"`       // with --grade, unless timed out
	Error       string        `json:"error,omitempty"`       // a puzzle of the file that cannot be read: the rest is empty
}

// InfoColor is one colour of [Info.Colors].
type InfoColor struct {
	Index int    `json:"index"`
	Name  string `json:"name"`
	Char  string `json:"char"`
	RGB   string `json:"rgb"`
	Cells int    `json:"cells"` // cells of this colour the row clues fill; 0 for the background
}

// Describe describes p, the puzzle of the given index (see [Index]) of a
// file that holds count puzzles; p must be valid.
func Describe(file string, index, count int, p *puzzle.Puzzle) Info {
	in := Info{
		File: file, Index: index, Puzzles: count,
		ID: p.ID, Title: p.Title, Author: p.Author, Copyright: p.Copyright, Description: p.Description,
		Width: p.Width(), Height: p.Height(),
		Goal: p.Goal != nil,
	}
	rows, _ := p.Totals() // the column totals may differ: then NoSolution says so
	for c := 0; c <= p.NumColors(); c++ {
		ci := InfoColor{Index: c, Char: string(p.Char(puzzle.Color(c)))}
		if c < len(p.Palette) {
			ci.Name, ci.RGB = p.Palette[c].Name, p.Palette[c].RGB.String()
		}
		if c > 0 && c < len(rows) {
			ci.Cells = rows[c]
		}
		in.Colors = append(in.Colors, ci)
	}
	if why := p.Contradiction(); why != nil {
		in.NoSolution = why.Error()
	}
	if p.Goal != nil {
		err := puzzle.Check(p, p.Goal)
		ok := err == nil
		in.GoalOK = &ok
		if err != nil {
			in.GoalError = err.Error()
		}
	}
	return in
}
