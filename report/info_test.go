package report_test

import (
	"reflect"
	"testing"

	"github.com/nonosat/nonosat/puzzle"
	"github.com/nonosat/nonosat/report"
)

func TestDescribe(t *testing.T) {
	p := puzzle.New([][]int{{1}, {}}, [][]int{{1}, {}})
	got := report.Describe("p.nin", 0, 1, p)
	want := report.Info{
		File: "p.nin", Index: 0, Puzzles: 1, Width: 2, Height: 2,
		Colors: []report.InfoColor{
			{Index: 0, Name: "white", Char: ".", RGB: "#ffffff"},
			{Index: 1, Name: "black", Char: "#", RGB: "#000000", Cells: 1},
		},
	}
	if !reflect.DeepEqual(got, want) {
		t.Errorf("Describe(2x2) = %+v, want %+v", got, want)
	}
}
