package clidoc_test

import (
	"os/exec"
	"strings"
	"testing"

	"github.com/nonosat/nonosat/clidoc"
	"github.com/urfave/cli/v2"
)

// values lists the languages for --lang and says --output takes a file.
func values(_ string, f cli.Flag) ([]string, bool) {
	switch f.Names()[0] {
	case "lang":
		return []string{"en", "fr"}, false
	case "output":
		return nil, true
	}
	return nil, false
}

func TestCompletion(t *testing.T) {
	tests := []struct {
		shell string
		write func(*strings.Builder, *cli.App) error
		check []string // a syntax check, when the shell is installed
		want  []string
	}{
		{"bash", func(b *strings.Builder, a *cli.App) error { return clidoc.Bash(b, a, values) }, []string{"bash", "-n"},
			[]string{"complete -o filenames -o bashdefault -F _hello hello\n", "\t\t--lang)\n", "--lang) values=\"en fr\"", "values=\"greet help --lang --help --version\"", "flags=\"--name --output -o --loud --help\""}},
		{"zsh", func(b *strings.Builder, a *cli.App) error { return clidoc.Zsh(b, a, values) }, []string{"zsh", "-n"},
			[]string{"#compdef hello\n", "'greet:greet someone'", "'--output[write to FILE]:value:_files'", "'-o[write to FILE]:value:_files'", "'--loud[shout]'"}},
		{"fish", func(b *strings.Builder, a *cli.App) error { return clidoc.Fish(b, a, values) }, []string{"fish", "--no-execute"},
			[]string{"complete -c hello -n '__fish_hello_no_subcommand' -l lang -x -a 'en fr' -d 'speak CODE'\n", "-l output -s o -r -F -d 'write to FILE'", "-f -a greet -d 'greet someone'"}},
	}
	for _, tt := range tests {
		var b strings.Builder
		if err := tt.write(&b, testApp()); err != nil {
			t.Fatalf("%s: %v", tt.shell, err)
		}
		script := b.String()
		for _, want := range tt.want {
			if !strings.Contains(script, want) {
				t.Errorf("%s completion lacks %q:\n%s", tt.shell, want, script)
			}
		}
		if strings.Contains(script, "secret") {
			t.Errorf("%s completion offers the hidden command", tt.shell)
		}
		if _, err := exec.LookPath(tt.check[0]); err != nil {
			t.Logf("%s is not installed: the syntax of its script is not checked", tt.shell)
			continue
		}
		cmd := exec.Command(tt.check[0], tt.check[1:]...)
		cmd.Stdin = strings.NewReader(script)
		if out, err := cmd.CombinedOutput(); err != nil {
			t.Errorf("%s on the %s completion: %v\n%s", strings.Join(tt.check, " "), tt.shell, err, out)
		}
	}
}
