package api_test

import (
	"context"
	"errors"
	"slices"
	"strings"
	"sync"
	"testing"

	"github.com/nonosat/nonosat/api"
	"github.com/nonosat/nonosat/puzzle"
)

// lanesTaken is an api.Config.Acquire that records the lanes asked for.
type lanesTaken struct {
	mu    sync.Mutex
	lanes []api.Lane
}

func (l *lanesTaken) acquire(_ context.Context, lane api.Lane) (func(), error) {
	l.mu.Lock()
	defer l.mu.Unlock()
	l.lanes = append(l.lanes, lane)
	return func() {}, nil
}

// A puzzle that line solving decides (solved, or no solution) is solved
// in the lines lane alone; one that needs search asks for a lines slot,
// then a search slot. Info reports the lane and the verdict.
func TestLanes(t *testing.T) {
	tests := []struct {
		name       string
		p          *puzzle.Puzzle
		lanes      []api.Lane
		verdict    string
		lineSolved bool
	}{
		{"line-solvable", puzzle.New([][]int{{3}, {1}, {3}}, [][]int{{3}, {1, 1}, {1, 1}}), []api.Lane{api.Lines}, "unique", true},
		{"contradiction", puzzle.New([][]int{{1, 1}, {}}, [][]int{{1}, {1}, {}}), []api.Lane{api.Lines}, "none", true},
		{"needs search", puzzle.New([][]int{{1}, {1}}, [][]int{{1}, {1}}), []api.Lane{api.Lines, api.Search}, "multiple", false},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			var l lanesTaken
			rep, err := call(t, api.New(api.Config{Acquire: l.acquire}), "analyze", text(t, tt.p), nil)
			if err != nil {
				t.Fatal(err)
			}
			a := rep.Value.(api.Analysis)
			if a.Verdict != tt.verdict || a.LineSolved != tt.lineSolved {
				t.Fatalf("analyze = verdict %s, line solved %v; want %s, %v", a.Verdict, a.LineSolved, tt.verdict, tt.lineSolved)
			}
			want := api.Info{Width: tt.p.Width(), Height: tt.p.Height(), Lane: tt.lanes[len(tt.lanes)-1], Verdict: tt.verdict}
			if !slices.Equal(l.lanes, tt.lanes) || rep.Info != want {
				t.Errorf("lanes %v, info %+v; want %v, %+v", l.lanes, rep.Info, tt.lanes, want)
			}
		})
	}
}

// Config.MaxMemory refuses a puzzle that needs search, before it takes a
// search slot, when the learner's arrays alone would pass half of it; a
// puzzle that line solving decides needs no such memory.
func TestMemoryCheck(t *testing.T) {
	var l lanesTaken
	s := api.New(api.Config{MaxMemory: 1000, Acquire: l.acquire})
	hard := puzzle.New([][]int{{1}, {1}}, [][]int{{1}, {1}})
	_, err := call(t, s, "solve", text(t, hard), nil)
	var ae *api.Error
	if !errors.As(err, &ae) || ae.Status != api.StatusTooLarge || !strings.Contains(ae.Msg, "memory") {
		t.Errorf("solve over the memory = %v, want 413 naming the memory", err)
	}
	if slices.Contains(l.lanes, api.Search) {
		t.Errorf("the refused puzzle took a search slot: %v", l.lanes)
	}
	easy := puzzle.New([][]int{{3}, {1}, {3}}, [][]int{{3}, {1, 1}, {1, 1}})
	if _, err := call(t, s, "solve", text(t, easy), nil); err != nil {
		t.Errorf("solve of a line-solvable puzzle with little memory: %v", err)
	}
	if _, err := call(t, api.New(api.Config{MaxMemory: 1 << 20}), "solve", text(t, hard), nil); err != nil {
		t.Errorf("solve within the memory: %v", err)
	}
}
