package report

import (
	"fmt"
	"io"
	"strings"
	"text/tabwriter"
	"unicode/utf8"

	"github.com/nonosat/nonosat/design"
	"github.com/nonosat/nonosat/puzzle"
	"github.com/nonosat/nonosat/solver"
)

// The text forms of results, as the command prints them without --json.

// WriteText writes in as `nonosat info` prints it, a table of one
// property a line; named starts it with the file's name (info of several
// files).
func (in Info) WriteText(w io.Writer, named bool) error {
	tw := tabwriter.NewWriter(w, 0, 4, 1, ' ', 0)
	if named {
		fmt.Fprintf(tw, "file:\t%s\n", in.File)
	}
	if in.Puzzles > 1 {
		fmt.Fprintf(tw, "puzzle:\t%d of %d\n", in.Index, in.Puzzles)
	}
	fmt.Fprintf(tw, "title:\t%s\n", orNone(in.Title))
	fmt.Fprintf(tw, "id:\t%s\n", orNone(in.ID))
	if in.Author != "" {
		fmt.Fprintf(tw, "author:\t%s\n", in.Author)
	}
	if in.Copyright != "" {
		fmt.Fprintf(tw, "copyright:\t%s\n", in.Copyright)
	}
	fmt.Fprintf(tw, "size:\t%dx%d (width x height)\n", in.Width, in.Height)
	fmt.Fprintf(tw, "colours:\t%d\n", len(in.Colors)-1)
	for _, ci := range in.Colors {
		cells := "background"
		if ci.Index > 0 {
			cells = plural(ci.Cells, "cell", "cells") + " by the row clues"
			if in.NoSolution == "" {
				cells = plural(ci.Cells, "cell", "cells")
			}
		}
		ch, _ := utf8.DecodeRuneInString(ci.Char)
		fmt.Fprintf(tw, "\t%d\t%s\t%q\t%s\t%s\n", ci.Index, orNone(ci.Name), ch, ci.RGB, cells)
	}
	goal := "none"
	switch {
	case in.GoalOK == nil:
	case *in.GoalOK:
		goal = "present, satisfies the clues"
	default:
		goal = "present, does NOT satisfy the clues: " + in.GoalError
	}
	fmt.Fprintf(tw, "goal:\t%s\n", goal)
	if in.NoSolution != "" {
		fmt.Fprintf(tw, "clues:\tcannot all hold, no solution: %s\n", in.NoSolution)
	}
	if in.Verdict != "" {
		fmt.Fprintf(tw, "verdict:\t%s\n", in.Verdict)
	}
	if in.Grade != nil {
		fmt.Fprintf(tw, "grade:\t%s\n", strings.TrimPrefix(strings.Trim(GradeText(*in.Grade, solver.Verdict(in.Verdict)), "()"), "grade "))
	}
	return tw.Flush()
}

// orNone is s, or "-" for nothing.
func orNone(s string) string {
	if s == "" {
		return "-"
	}
	return s
}

// GradeText is a grade as check --grade and info print it. A puzzle with
// no solution gets only its name: the work of line logic until its
// contradiction says nothing about the puzzle.
func GradeText(g design.Grade, v solver.Verdict) string {
	if v == solver.None {
		return fmt.Sprintf("(grade %d: %s)", g.Level, g.Name)
	}
	s := fmt.Sprintf("(grade %d: %s; %s, %s", g.Level, g.Name, plural(g.Passes, "pass", "passes"), plural(g.Lines, "line solve", "line solves"))
	if !g.LineSolvable {
		s += fmt.Sprintf(", %s, %s open after them", plural(g.Probes, "probe", "probes"), plural(g.Open, "cell", "cells"))
	}
	if g.Level == design.LevelGuessing {
		s += ", " + plural(g.Guesses, "guess", "guesses")
	}
	return s + ")"
}

// VerdictLine is the verdict line solve prints after the solutions of p.
func VerdictLine(p *puzzle.Puzzle, res *solver.Result) string {
	s := string(res.Verdict)
	switch res.Verdict {
	case solver.None:
		if why := p.Contradiction(); why != nil {
			s += " (" + why.Error() + ")"
		}
	case solver.Unique:
		switch {
		case res.LineSolved:
			s += " (line solved)"
		case res.Learned:
			s += fmt.Sprintf(" (learner, %d conflicts)", res.Stats.Conflicts)
		}
	case solver.Multiple:
		if res.Complete {
			s += fmt.Sprintf(" (%d solutions)", res.Count)
		} else {
			s += fmt.Sprintf(" (at least %d solutions)", res.Count)
		}
	case solver.Solved:
		s += " (uniqueness not checked)"
	}
	return s
}

// plural is n with the noun for one or for several.
func plural(n int, one, several string) string {
	if n == 1 {
		return "1 " + one
	}
	return fmt.Sprintf("%d %s", n, several)
}
