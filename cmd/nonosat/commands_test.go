package main

import (
	"bytes"
	"errors"
	"slices"
	"strings"
	"testing"

	"github.com/urfave/cli/v2"
)

// TestCommandTable: each entry of commandTable builds the command it is
// named for, once.
func TestCommandTable(t *testing.T) {
	var names []string
	for _, c := range commandTable {
		if got := c.build().Name; got != c.name {
			t.Errorf("commandTable entry %q builds command %q", c.name, got)
		}
		if slices.Contains(names, c.name) {
			t.Errorf("commandTable has %q twice", c.name)
		}
		names = append(names, c.name)
	}
}

// TestCommandsFor: an app with only the command a command line names
// answers as the whole app does: the same help, the same usage errors.
func TestCommandsFor(t *testing.T) {
	runWith := func(app *cli.App, args ...string) (string, string, int) {
		var out, errb bytes.Buffer
		app.Writer, app.ErrWriter = &out, &errb
		err := runApp(app, append([]string{"nonosat"}, args...))
		code := exitOK
		var ec cli.ExitCoder
		if errors.As(err, &ec) {
			code = ec.ExitCode()
		} else if err != nil {
			code = exitError
		}
		exitReport(&errb, err)
		return out.String(), errb.String(), code
	}
	for _, c := range commandTable {
		args := []string{"nonosat", c.name}
		if cmds := commandsFor(args); !c.allCommands && (len(cmds) != 1 || cmds[0].Name != c.name) {
			t.Errorf("commandsFor(%q) gives %d commands, want %s alone", args, len(cmds), c.name)
			continue
		}
		tails := [][]string{{"--help"}, {"-h"}, {"--no-such-flag"}, {"--format", "nope", "--help"}}
		switch c.name {
		case "completion": // actions that read the other commands
			tails = append(tails, []string{"bash"}, []string{"zsh"}, []string{"fish"})
		case "man":
			tails = append(tails, nil)
		}
		for _, tail := range tails {
			line := append([]string{c.name}, tail...)
			wantOut, wantErr, wantCode := runWith(newApp(nil, nil), line...)
			gotOut, gotErr, gotCode := runWith(newAppFor(nil, nil, append([]string{"nonosat"}, line...)), line...)
			if gotOut != wantOut || gotErr != wantErr || gotCode != wantCode {
				t.Errorf("nonosat %q with %s alone: exit %d\n%s%s\nwith every command: exit %d\n%s%s", line, c.name, gotCode, gotOut, gotErr, wantCode, wantOut, wantErr)
			}
		}
	}
	// The version needs no command, and says the same with all of them.
	for _, flag := range []string{"--version", "-v"} {
		wantOut, wantErr, wantCode := runWith(newApp(nil, nil), flag)
		gotOut, gotErr, gotCode := runWith(newAppFor(nil, nil, []string{"nonosat", flag}), flag)
		if gotOut != wantOut || gotErr != wantErr || gotCode != wantCode || !strings.HasPrefix(gotOut, "nonosat version ") {
			t.Errorf("nonosat %s with no command: exit %d\n%s%s\nwith every command: exit %d\n%s%s", flag, gotCode, gotOut, gotErr, wantCode, wantOut, wantErr)
		}
	}
	for _, args := range [][]string{{"nonosat"}, {"nonosat", "help"}, {"nonosat", "--format", "non", "check"}, {"nonosat", "chekc"}} {
		if got := commandsFor(args); len(got) != len(commandTable) {
			t.Errorf("commandsFor(%q) gives %d commands, want all %d", args, len(got), len(commandTable))
		}
	}
}
