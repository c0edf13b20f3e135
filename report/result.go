package report

import (
	"github.com/nonosat/nonosat/design"
	"github.com/nonosat/nonosat/puzzle"
	"github.com/nonosat/nonosat/solver"
)

// Result is the JSON object printed for one puzzle by solve, check and
// count with --json (and by batch, and answered by the APIs).
type Result struct {
	File       string        `json:"file"`
	Index      int           `json:"index"` // the puzzle's place in its file, from 1; 0: the file as a whole could not be read
	ID         string        `json:"id,omitempty"`
	Title      string        `json:"title"`
	Width      int           `json:"width"`
	Height     int           `json:"height"`
	Palette    []Swatch      `json:"palette"`
	Verdict    string        `json:"verdict"`
	Count      int           `json:"count"`
	Complete   bool          `json:"complete"`
	MemoryOut  bool          `json:"memory_out,omitempty"` // --max-memory stopped the enumeration: count is a lower bound
	LineSolved bool          `json:"line_solved"`
	Learned    bool          `json:"learned"`
	By         string        `json:"by,omitempty"` // what decided: "line", "learner", or the SAT back end (Result.SAT); absent on a timeout
	Solutions  [][]string    `json:"solutions"`
	Known      []string      `json:"known,omitempty"` // solve after a timeout: line-solved cells, '?' elsewhere
	Stats      Stats         `json:"stats"`
	Grade      *design.Grade `json:"grade,omitempty"` // check only
	Proof      string        `json:"proof,omitempty"` // batch --proof: the certificate's files, this path plus .cnf, .drat, .sol
	Error      string        `json:"error,omitempty"`
}

// VerdictError is the verdict of a result that carries an error: a
// puzzle or file that could not be read or solved.
const VerdictError = "error"

// Failed is the result of a puzzle or file that could not be read: no
// puzzle, verdict [VerdictError] and msg as its error.
func Failed(file string, index int, msg string) Result {
	return Result{File: file, Index: index, Palette: []Swatch{}, Verdict: VerdictError, Solutions: [][]string{}, Error: msg}
}

// Swatch is one colour of a puzzle's palette; [0] is the background.
type Swatch struct {
	Char string `json:"char"`
	Name string `json:"name"`
	RGB  string `json:"rgb"`
}

// Stats are the solver's figures for one puzzle.
type Stats struct {
	Vars      int   `json:"vars"`
	Clauses   int   `json:"clauses"`
	SATCalls  int   `json:"sat_calls"`
	Conflicts int   `json:"conflicts"`
	Fixed     int   `json:"fixed_cells"`
	MS        int64 `json:"ms"`
}

// By is [Result.By] for res: "line", "learner", the SAT back end, or ""
// when no stage decided.
func By(res *solver.Result) string {
	switch {
	case res.Verdict == solver.Timeout:
		return ""
	case res.LineSolved:
		return "line"
	case res.Learned:
		return "learner"
	}
	return res.SAT
}

// PaletteOf lists p's colours, background first, as [Result.Palette].
func PaletteOf(p *puzzle.Puzzle) []Swatch {
	var out []Swatch
	for c := range p.NumColors() + 1 {
		s := puzzle.Swatch{}
		if c < len(p.Palette) {
			s = p.Palette[c]
		}
		out = append(out, Swatch{Char: string(p.Char(puzzle.Color(c))), Name: s.Name, RGB: s.RGB.String()})
	}
	return out
}

// Rows draws g as rows of p's palette characters.
func Rows(p *puzzle.Puzzle, g puzzle.Grid) []string {
	rows := make([]string, len(g))
	for r, row := range g {
		b := make([]rune, len(row))
		for c, v := range row {
			b[c] = p.Char(v)
		}
		rows[r] = string(b)
	}
	return rows
}

// New describes puzzle p (the index-th of file, from 1) and, if res
// is not nil, its verdict and solutions.
func New(file string, index int, p *puzzle.Puzzle, res *solver.Result) Result {
	j := Result{File: file, Index: index, ID: p.ID, Title: p.Title, Width: p.Width(), Height: p.Height()}
	j.Palette = PaletteOf(p)
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
	j.By = By(res)
	for _, g := range res.Solutions {
		j.Solutions = append(j.Solutions, Rows(p, g))
	}
	j.Stats = Stats{
		Vars: res.Stats.Vars, Clauses: res.Stats.Clauses, SATCalls: res.Stats.SATCalls,
		Conflicts: res.Stats.Conflicts, Fixed: res.Stats.FixedCells, MS: res.Stats.Total.Milliseconds(),
	}
	return j
}

// ForSolve is the result of `solve --json --max n` and of the API's
// solve: at most n of the solutions (0: every one found).
func ForSolve(file string, index int, p *puzzle.Puzzle, res *solver.Result, n int) Result {
	j := New(file, index, p, res)
	if n > 0 && len(j.Solutions) > n {
		j.Solutions = j.Solutions[:n]
	}
	return j
}

// ForCheck is the result of `check --json` and of the API's analyze:
// at most the two solutions that decide the verdict, and the grade (nil
// when the deadline came first).
func ForCheck(file string, index int, p *puzzle.Puzzle, res *solver.Result, g *design.Grade) Result {
	j := New(file, index, p, res)
	j.Solutions = j.Solutions[:min(len(j.Solutions), 2)]
	j.Grade = g
	return j
}

// ForCount is the result of `count --json` and of the API's count: the
// count, and the solutions only when asked for (count --solutions).
func ForCount(file string, index int, p *puzzle.Puzzle, res *solver.Result, solutions bool) Result {
	if !solutions {
		bare := *res
		bare.Solutions = nil
		res = &bare
	}
	return New(file, index, p, res)
}
