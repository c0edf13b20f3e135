package main

import (
	"github.com/nonosat/nonosat/design"
	"github.com/nonosat/nonosat/puzzle"
	"github.com/nonosat/nonosat/solver"
)

// jsonResult is the JSON object printed for one puzzle by solve, check and
// count with --json (and by batch): one object per line.
type jsonResult struct {
	File       string        `json:"file"`
	Index      int           `json:"index"` // 1-based position in a multi-puzzle file; 0 when the file holds one
	ID         string        `json:"id,omitempty"`
	Title      string        `json:"title"`
	Width      int           `json:"width"`
	Height     int           `json:"height"`
	Palette    []jsonSwatch  `json:"palette"`
	Verdict    string        `json:"verdict"`
	Count      int           `json:"count"`
	Complete   bool          `json:"complete"`
	MemoryOut  bool          `json:"memory_out,omitempty"` // --max-memory stopped the enumeration: count is a lower bound
	LineSolved bool          `json:"line_solved"`
	Learned    bool          `json:"learned"`
	Solutions  [][]string    `json:"solutions"`
	Known      []string      `json:"known,omitempty"` // solve after a timeout: line-solved cells, '?' elsewhere
	Stats      jsonStats     `json:"stats"`
	Grade      *design.Grade `json:"grade,omitempty"` // check only
	Proof      string        `json:"proof,omitempty"` // batch --proof: the certificate's files, this path plus .cnf, .drat, .sol
	Error      string        `json:"error,omitempty"`
}

type jsonSwatch struct {
	Char string `json:"char"`
	Name string `json:"name"`
	RGB  string `json:"rgb"`
}

type jsonStats struct {
	Vars      int   `json:"vars"`
	Clauses   int   `json:"clauses"`
	SATCalls  int   `json:"sat_calls"`
	Conflicts int   `json:"conflicts"`
	Fixed     int   `json:"fixed_cells"`
	MS        int64 `json:"ms"`
}

// newJSONResult describes puzzle p (the index-th of file, 1-based; 0 when
// the file holds one puzzle) and, if res is not nil, its solutions.
func newJSONResult(file string, index int, p *puzzle.Puzzle, res *solver.Result) jsonResult {
	j := jsonResult{File: file, Index: index, ID: p.ID, Title: p.Title, Width: p.Width(), Height: p.Height()}
	for c := range p.NumColors() + 1 {
		s := puzzle.Swatch{}
		if c < len(p.Palette) {
			s = p.Palette[c]
		}
		j.Palette = append(j.Palette, jsonSwatch{Char: string(p.Char(puzzle.Color(c))), Name: s.Name, RGB: s.RGB.String()})
	}
	j.Solutions = [][]string{}
	if res == nil {
		return j
	}
	j.Verdict = string(res.Verdict)
	j.Count = res.Count
	j.Complete = res.Complete
	j.MemoryOut = res.MemoryOut
	j.LineSolved = res.LineSolved
	j.Learned = res.Learned
	for _, g := range res.Solutions {
		rows := make([]string, len(g))
		for r, row := range g {
			b := make([]rune, len(row))
			for c, v := range row {
				b[c] = p.Char(v)
			}
			rows[r] = string(b)
		}
		j.Solutions = append(j.Solutions, rows)
	}
	j.Stats = jsonStats{
		Vars: res.Stats.Vars, Clauses: res.Stats.Clauses, SATCalls: res.Stats.SATCalls,
		Conflicts: res.Stats.Conflicts, Fixed: res.Stats.FixedCells, MS: res.Stats.Total.Milliseconds(),
	}
	return j
}
