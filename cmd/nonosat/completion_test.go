package main

import (
	"os/exec"
	"strings"
	"testing"
)

// TestCompletion: each shell's script names every visible command and a
// command's flags; the bash one is valid bash.
func TestCompletion(t *testing.T) {
	for _, sh := range []string{"bash", "zsh", "fish"} {
		r := run(t, "completion", sh)
		if r.code != exitOK {
			t.Fatalf("completion %s: %v", sh, r)
		}
		for _, want := range []string{"solve", "check", "batch", "dimacs", "max-memory", "shard"} {
			if !strings.Contains(r.stdout, want) {
				t.Errorf("completion %s does not mention %q", sh, want)
			}
		}
		if strings.Contains(r.stdout, workerCommand) {
			t.Errorf("completion %s offers the hidden %s command", sh, workerCommand)
		}
		if sh == "bash" {
			if _, err := exec.LookPath("bash"); err != nil {
				continue
			}
			cmd := exec.Command("bash", "-n")
			cmd.Stdin = strings.NewReader(r.stdout)
			if out, err := cmd.CombinedOutput(); err != nil {
				t.Errorf("bash -n on the bash completion: %v\n%s", err, out)
			}
		}
	}
	if r := run(t, "completion", "tcsh"); r.code != exitUsage {
		t.Errorf("completion tcsh: %v; want exit %d", r, exitUsage)
	}
}
