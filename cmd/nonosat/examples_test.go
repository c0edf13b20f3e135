package main

import (
	"os"
	"os/exec"
	"path/filepath"
	"strings"
	"testing"
)

// TestHelpExamples runs every example of every command's help with sh, in
// a copy of the repository's examples and docs, with this test binary as
// nonosat (see TestMain); each must exit 0 (check's and count's examples
// are unique puzzles). Examples that need a SAT solver that is not
// installed are skipped.
func TestHelpExamples(t *testing.T) {
	if _, err := exec.LookPath("sh"); err != nil {
		t.Skip("no sh to run the examples")
	}
	exe, err := os.Executable()
	if err != nil {
		t.Fatal(err)
	}
	bin := t.TempDir()
	if err := os.Symlink(exe, filepath.Join(bin, "nonosat")); err != nil {
		t.Fatal(err)
	}
	for name, lines := range helpExamples {
		t.Run(name, func(t *testing.T) {
			dir := t.TempDir()
			for _, sub := range []string{"examples", "docs"} {
				if out, err := exec.Command("cp", "-R", filepath.Join("..", "..", sub), dir).CombinedOutput(); err != nil {
					t.Fatalf("copying %s: %v\n%s", sub, err, out)
				}
			}
			if !strings.Contains(strings.Join(helpOf(t, name), "\n"), lines[0]) {
				t.Errorf("nonosat %s --help does not show its examples", name)
			}
			for _, line := range lines {
				if tool, _, _ := strings.Cut(line, " "); tool != "nonosat" && tool != "echo" {
					if _, err := exec.LookPath(tool); err != nil {
						t.Skipf("%s is not installed: %q skipped", tool, line)
					}
				}
				cmd := exec.Command("sh", "-c", "set -e; "+line)
				cmd.Dir = dir
				cmd.Env = append(os.Environ(), "PATH="+bin+string(os.PathListSeparator)+os.Getenv("PATH"), "NONOSAT_TEST_AS_MAIN=1")
				out, err := cmd.CombinedOutput()
				if err != nil && !strings.HasPrefix(line, "cadical") { // cadical exits 10 on SAT
					t.Errorf("%s: %v\n%s", line, err, out)
				}
			}
		})
	}
}

// helpOf returns the lines of nonosat COMMAND --help.
func helpOf(t *testing.T, command string) []string {
	t.Helper()
	args := []string{command, "--help"}
	if command == "" {
		args = args[1:]
	}
	r := run(t, args...)
	if r.code != exitOK {
		t.Fatalf("nonosat %s --help: %v", command, r)
	}
	return strings.Split(r.stdout, "\n")
}
