package learner_test

import (
	"reflect"
	"testing"

	"github.com/nonosat/nonosat/internal/paramtable"
	"github.com/nonosat/nonosat/learner"
)

// TestParamsTable: the comment of each field of Params in params.go
// starts with the field's value in DefaultParams and its range ("100,
// ≥ 1:" or "0.7, in [0.5, 1):"), and the default is in the range, so
// that the table a reader sees is the one the learner runs with.
func TestParamsTable(t *testing.T) {
	t.Parallel()
	paramtable.Check(t, "params.go", "Params", reflect.ValueOf(learner.DefaultParams()))
}
