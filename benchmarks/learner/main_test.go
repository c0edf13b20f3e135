package main

import (
	"testing"

	"github.com/nonosat/nonosat/learner"
)

func TestSetParam(t *testing.T) {
	p := learner.DefaultParams()
	for _, kv := range []string{"RestartUnit=300", "VarDecay=0.5"} {
		if err := setParam(&p, kv); err != nil {
			t.Fatalf("setParam(%q): %v", kv, err)
		}
	}
	if p.RestartUnit != 300 || p.VarDecay != 0.5 {
		t.Errorf("RestartUnit %d, VarDecay %g after setting 300 and 0.5", p.RestartUnit, p.VarDecay)
	}
	want := learner.DefaultParams()
	want.RestartUnit, want.VarDecay = 300, 0.5
	if p != want {
		t.Errorf("other fields changed: %+v", p)
	}
	for _, kv := range []string{"RestartUnit", "Nope=1", "RestartUnit=x", "VarDecay=y"} {
		if err := setParam(&p, kv); err == nil {
			t.Errorf("setParam(%q) took it", kv)
		}
	}
}
