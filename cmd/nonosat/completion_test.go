package main

import (
	"errors"
	"os"
	"os/exec"
	"path/filepath"
	"slices"
	"strings"
	"testing"

	"github.com/nonosat/nonosat/solver/backend"
)

// TestCompletion: each shell's script names every visible command and a
// command's flags; the bash one is valid bash.
func TestCompletion(t *testing.T) {
	for _, sh := range []string{"bash", "zsh", "fish"} {
		r := run(t, "completion", sh)
		if r.code != exitOK {
			t.Fatalf("completion %s: %v", sh, r)
		}
		for _, want := range []string{"solve", "check", "batch", "dimacs", "max-memory", "shard", "man"} {
			if !strings.Contains(r.stdout, want) {
				t.Errorf("completion %s does not mention %q", sh, want)
			}
		}
		if strings.Contains(r.stdout, workerCommand) {
			t.Errorf("completion %s offers the hidden %s command", sh, workerCommand)
		}
		check := map[string][]string{"bash": {"bash", "-n"}, "zsh": {"zsh", "-n"}, "fish": {"fish", "--no-execute"}}[sh]
		if _, err := exec.LookPath(check[0]); err != nil {
			t.Logf("%s is not installed: the syntax of its script is not checked", sh)
			continue
		}
		cmd := exec.Command(check[0], check[1:]...)
		cmd.Stdin = strings.NewReader(r.stdout)
		if out, err := cmd.CombinedOutput(); err != nil {
			t.Errorf("%s on the %s completion: %v\n%s", strings.Join(check, " "), sh, err, out)
		}
	}
	if r := run(t, "completion", "tcsh"); r.code != exitUsage {
		t.Errorf("completion tcsh: %v; want exit %d", r, exitUsage)
	}
}

// completionCases are command lines (the word being completed last) and
// completions they must, and must not, offer.
var completionCases = []struct {
	words        []string
	want, reject []string
}{
	{[]string{"nonosat", "convert", "--to", ""}, []string{"nin", "non", "xml", "tatham"}, []string{"svg", "examples"}},
	{[]string{"nonosat", "convert", "-t", "n"}, []string{"nin", "non"}, []string{"xml"}},
	{[]string{"nonosat", "render", "--to", ""}, []string{"svg", "png"}, []string{"xml"}},
	{[]string{"nonosat", "make", "--to", "x"}, []string{"xml"}, []string{"svg"}},
	{[]string{"nonosat", "check", "--format", ""}, []string{"cwc", "xml", "text"}, nil},
	{[]string{"nonosat", "--format", ""}, []string{"non", "mk"}, []string{"solve"}},
	{[]string{"nonosat", "check", "--sat", "c"}, []string{"cadical", "cryptominisat"}, []string{"gini"}},
	{[]string{"nonosat", "batch", "--encoding", ""}, []string{"path", "classic", "order"}, nil},
	{[]string{"nonosat", "dimacs", "--encoding", "o"}, []string{"order"}, []string{"path"}},
	{[]string{"nonosat", "solve", "--color", ""}, []string{"always", "never", "auto"}, nil},
	{[]string{"nonosat", "m"}, []string{"make", "man"}, []string{"sat-worker"}},
	{[]string{"nonosat", "check", "--ti"}, []string{"--timeout"}, []string{"--to"}},
}

// TestCompletionBash runs the bash completion function on command lines
// and checks what it offers: commands, flags, the values of --to,
// --format, --sat, --encoding and --color.
func TestCompletionBash(t *testing.T) {
	if _, err := exec.LookPath("bash"); err != nil {
		t.Skip("bash is not installed")
	}
	script := filepath.Join(t.TempDir(), "nonosat.bash")
	if err := os.WriteFile(script, []byte(run(t, "completion", "bash").stdout), 0o666); err != nil {
		t.Fatal(err)
	}
	complete := func(words ...string) []string {
		t.Helper()
		cmd := exec.Command("bash", "-c", `source "$0"; COMP_WORDS=("$@"); COMP_CWORD=$(($# - 1)); _nonosat; printf '%s\n' "${COMPREPLY[@]}"`, script)
		cmd.Args = append(cmd.Args, words...)
		cmd.Dir = t.TempDir() // no file names to offer
		out, err := cmd.CombinedOutput()
		if err != nil {
			t.Fatalf("completing %q: %v\n%s", words, err, out)
		}
		return strings.Fields(string(out))
	}
	for _, tt := range completionCases {
		got := complete(tt.words...)
		for _, w := range tt.want {
			if !slices.Contains(got, w) {
				t.Errorf("bash completion of %q = %q, want %q among them", tt.words, got, w)
			}
		}
		for _, w := range tt.reject {
			if slices.Contains(got, w) {
				t.Errorf("bash completion of %q = %q, want no %q", tt.words, got, w)
			}
		}
	}
	// "--to=n": bash gives the "=" a word of its own.
	if got := complete("nonosat", "convert", "--to", "=", "n"); !slices.Equal(got, []string{"nin", "non"}) {
		t.Errorf(`bash completion of "convert --to=n" = %q, want [nin non]`, got)
	}
	if got := complete("nonosat", "check", "--sat", "="); !slices.Contains(got, "gini") {
		t.Errorf(`bash completion of "check --sat=" = %q, want gini among them`, got)
	}
	if got := complete("nonosat", "--format", "=", "xml", "ch"); !slices.Equal(got, []string{"check"}) {
		t.Errorf(`bash completion of "--format=xml ch" = %q, want [check]`, got)
	}
}

// TestCompletionFish asks fish itself (complete -C) what the fish script
// offers, when fish is installed.
func TestCompletionFish(t *testing.T) {
	if _, err := exec.LookPath("fish"); err != nil {
		t.Skip("fish is not installed")
	}
	script := filepath.Join(t.TempDir(), "nonosat.fish")
	if err := os.WriteFile(script, []byte(run(t, "completion", "fish").stdout), 0o666); err != nil {
		t.Fatal(err)
	}
	for _, tt := range completionCases {
		line := strings.Join(tt.words, " ")
		cmd := exec.Command("fish", "--no-config", "-c", `source $argv[1]; complete -C $argv[2]`, script, line)
		cmd.Dir = t.TempDir()
		out, err := cmd.CombinedOutput()
		if err != nil {
			t.Fatalf("fish complete -C %q: %v\n%s", line, err, out)
		}
		var got []string
		for _, l := range strings.Split(strings.TrimSpace(string(out)), "\n") {
			w, _, _ := strings.Cut(l, "\t") // a description follows the tab
			got = append(got, w)
		}
		for _, w := range tt.want {
			if !slices.Contains(got, w) {
				t.Errorf("fish completion of %q = %q, want %q among them", line, got, w)
			}
		}
		for _, w := range tt.reject {
			if slices.Contains(got, w) {
				t.Errorf("fish completion of %q = %q, want no %q", line, got, w)
			}
		}
	}
}

// TestCompletionZsh runs the zsh script with _arguments and _describe
// replaced by stubs that print what they are given, when zsh is
// installed: each command's specs must carry the values of its flags.
func TestCompletionZsh(t *testing.T) {
	if _, err := exec.LookPath("zsh"); err != nil {
		t.Skip("zsh is not installed")
	}
	script := filepath.Join(t.TempDir(), "_nonosat")
	if err := os.WriteFile(script, []byte(run(t, "completion", "zsh").stdout), 0o666); err != nil {
		t.Fatal(err)
	}
	specs := func(words ...string) string {
		t.Helper()
		cmd := exec.Command("zsh", "-f", "-c", `_arguments() { print -rl -- "$@" }; _describe() { print -rl -- ${(P)2} }; words=("${@:2}"); CURRENT=${#words}; source "$1"`, "zsh", script)
		cmd.Args = append(cmd.Args, words...)
		out, err := cmd.CombinedOutput()
		if err != nil {
			t.Fatalf("zsh completion of %q: %v\n%s", words, err, out)
		}
		return string(out)
	}
	for _, tt := range []struct {
		words []string
		want  string
	}{
		{[]string{"nonosat", "convert", ""}, "--to[write format NAME]:value:(cwc cwd g mk nin non string taai tatham text xml)"},
		{[]string{"nonosat", "render", ""}, "--to[draw KIND svg or png]:value:(svg png)"},
		{[]string{"nonosat", "check", ""}, ":value:(auto gophersat gini portfolio cadical"},
		{[]string{"nonosat", "count", ""}, "--encoding[CNF encoding KIND of each line\\: path]:value:(path classic order)"},
		{[]string{"nonosat", "solve", ""}, "--color[draw the grids in ANSI colour\\: WHEN is always, never or auto]:value:(auto always never)"},
		{[]string{"nonosat", "dimacs", ""}, "--format[read input as format NAME]:value:(cwc cwd"},
		{[]string{"nonosat", ""}, "man:print the manual page"},
	} {
		if got := specs(tt.words...); !strings.Contains(got, tt.want) {
			t.Errorf("zsh completion of %q:\n%s\nwant a spec holding %q", tt.words, got, tt.want)
		}
	}
}

// TestSatNames: every back end completion offers is one --sat accepts
// (it may be missing from PATH).
func TestSatNames(t *testing.T) {
	for _, name := range satNames {
		if name == "portfolio" { // solverOptions makes it Options.Portfolio
			continue
		}
		name = resolveSAT(name, 2)
		var nf *backend.NotFoundError
		if err := backend.Check(name); err != nil && !errors.As(err, &nf) {
			t.Errorf("backend.Check(%q) = %v, want nil or a *backend.NotFoundError", name, err)
		}
	}
}

// TestManListed: the man command is in the help and in completion.
func TestManListed(t *testing.T) {
	if r := run(t, "--help"); !strings.Contains(r.stdout, "\n   man ") {
		t.Errorf("nonosat --help does not list man:\n%s", r.stdout)
	}
	if r := run(t, "completion", "bash"); !strings.Contains(r.stdout, " man ") {
		t.Errorf("the bash completion does not offer man")
	}
}
