package solver_test

import (
	"reflect"
	"testing"

	"github.com/nonosat/nonosat/internal/paramtable"
	"github.com/nonosat/nonosat/learner"
	"github.com/nonosat/nonosat/solver"
)

// TestParamsTable: the comment of each field of Params in params.go
// starts with the field's value in DefaultParams and its range ("4, ≥
// 0:", or "true:" for a bool), and the default is in the range, so that
// the table a reader sees is the one the solver runs with; the learner's
// settings in it are learner.DefaultParams. (package learner checks its
// own table the same way.)
func TestParamsTable(t *testing.T) {
	t.Parallel()
	def := solver.DefaultParams()
	paramtable.Check(t, "params.go", "Params", reflect.ValueOf(def))
	if def.Learner != learner.DefaultParams() {
		t.Errorf("DefaultParams().Learner = %+v, want learner.DefaultParams()", def.Learner)
	}
}
