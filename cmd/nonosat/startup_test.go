package main

import (
	"bytes"
	"debug/elf"
	"os"
	"os/exec"
	"path/filepath"
	"strconv"
	"strings"
	"testing"
)

// makefileBuild returns the environment and go build arguments of the
// Makefile's build target (its BUILD_ENV and BUILD_FLAGS).
func makefileBuild(t *testing.T) (env, args []string) {
	t.Helper()
	data, err := os.ReadFile(filepath.Join("..", "..", "Makefile"))
	if err != nil {
		t.Fatal(err)
	}
	for _, line := range strings.Split(string(data), "\n") {
		name, value, ok := strings.Cut(line, "=")
		switch strings.TrimSpace(name) {
		case "BUILD_ENV":
			env = strings.Fields(value)
		case "BUILD_FLAGS":
			args = strings.Fields(value)
		default:
			continue
		}
		if !ok {
			t.Fatalf("Makefile: %q", line)
		}
	}
	if env == nil || args == nil {
		t.Fatal("the Makefile sets no BUILD_ENV or BUILD_FLAGS")
	}
	return env, args
}

// TestReleaseStart builds nonosat as the Makefile does and runs check on
// a puzzle with GODEBUG=inittrace=1: the binary must be static, link no
// Markdown library (urfave/cli's man page renderer), and no package of
// this module may do more than a little work at initialisation, since
// every run of every command pays for it (one compiled regexp is some 60
// allocations).
func TestReleaseStart(t *testing.T) {
	if testing.Short() {
		t.Skip("builds the program")
	}
	goTool, err := exec.LookPath("go")
	if err != nil {
		t.Skip("needs the go command")
	}
	env, args := makefileBuild(t)
	bin := filepath.Join(t.TempDir(), "nonosat")
	build := exec.Command(goTool, append(append([]string{"build", "-o", bin}, args...), ".")...)
	build.Env = append(os.Environ(), env...)
	if out, err := build.CombinedOutput(); err != nil {
		t.Fatalf("%s %s: %v\n%s", strings.Join(env, " "), strings.Join(build.Args, " "), err, out)
	}
	f, err := elf.Open(bin)
	if err != nil {
		t.Fatal(err)
	}
	for _, p := range f.Progs {
		if p.Type == elf.PT_INTERP {
			t.Errorf("the release build is dynamically linked: it needs an ELF interpreter")
		}
	}
	f.Close()

	cmd := exec.Command(bin, "check", filepath.Join("..", "..", "examples", "house.non"))
	cmd.Env = append(os.Environ(), "GODEBUG=inittrace=1")
	var stdout, stderr bytes.Buffer
	cmd.Stdout, cmd.Stderr = &stdout, &stderr
	if err := cmd.Run(); err != nil || stdout.String() != "unique\n" {
		t.Fatalf("nonosat check examples/house.non: %v, %q\n%s", err, stdout.String(), stderr.String())
	}
	inits := 0
	for _, line := range strings.Split(stderr.String(), "\n") {
		// init PKG @T ms, C ms clock, B bytes, A allocs
		f := strings.Fields(line)
		if len(f) != 11 || f[0] != "init" {
			continue
		}
		inits++
		pkg := f[1]
		if strings.Contains(pkg, "blackfriday") || strings.Contains(pkg, "md2man") {
			t.Errorf("the release build links %s", pkg)
		}
		allocs, err := strconv.Atoi(f[9])
		if err != nil {
			t.Fatalf("init trace line %q: %v", line, err)
		}
		if (pkg == "main" || strings.HasPrefix(pkg, "github.com/nonosat/nonosat/")) && allocs > 64 {
			t.Errorf("package %s allocates %d times at initialisation, want 64 at most: %s", pkg, allocs, line)
		}
	}
	if inits == 0 {
		t.Errorf("GODEBUG=inittrace=1 printed no init lines:\n%s", stderr.String())
	}
}
