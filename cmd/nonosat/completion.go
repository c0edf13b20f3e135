package main

import (
	"slices"

	"github.com/nonosat/nonosat/clidoc"
	"github.com/nonosat/nonosat/encode"
	"github.com/nonosat/nonosat/puzzle"
	"github.com/urfave/cli/v2"
)

func completionCmd() *cli.Command {
	return &cli.Command{
		Name:      "completion",
		Usage:     "print a shell completion script",
		ArgsUsage: "bash|zsh|fish",
		Description: "Prints the completion script for SHELL: commands, their flags, the values of the flags\n" +
			"that take a name (--to, --format, --sat, --encoding, --color), and file names for\n" +
			"arguments. 'make install' puts them where distributions do; by hand:\n" +
			"\n" +
			"   nonosat completion bash > ~/.local/share/bash-completion/completions/nonosat\n" +
			"   nonosat completion zsh > \"${fpath[1]}/_nonosat\"\n" +
			"   nonosat completion fish > ~/.config/fish/completions/nonosat.fish",
		Action: withArgs(1, 1, func(c *cli.Context, args []string) error {
			w := c.App.Writer
			switch args[0] {
			case "bash":
				return clidoc.Bash(w, c.App, completionValues)
			case "zsh":
				return clidoc.Zsh(w, c.App, completionValues)
			case "fish":
				return clidoc.Fish(w, c.App, completionValues)
			}
			return usagef(c, "unknown shell %q: bash, zsh or fish", args[0])
		}),
	}
}

// satNames are the back ends --sat takes by name (exec:PATH besides).
var satNames = []string{satAuto, "gophersat", "gini", "portfolio", "cadical", "kissat", "minisat", "picosat", "cryptominisat", "glucose", "lingeling"}

// flagValues lists the values flag f of command cmd ("" for the app's
// own flags) takes, for completion; nil when it takes a file, a number or
// anything else that cannot be listed.
func flagValues(cmd string, f cli.Flag) []string {
	switch {
	case flagHas(f, "format"):
		var names []string
		for _, f := range puzzle.Formats() {
			names = append(names, string(f))
		}
		return names
	case flagHas(f, "to") && cmd == "render":
		return []string{"svg", "png"}
	case flagHas(f, "to"):
		var names []string
		for _, f := range puzzle.Formats() {
			if f.CanWrite() {
				names = append(names, string(f))
			}
		}
		return names
	case flagHas(f, "sat"):
		return satNames
	case flagHas(f, "encoding"):
		var names []string
		for _, k := range encode.Kinds() {
			names = append(names, string(k))
		}
		return names
	case flagHas(f, "color"):
		return []string{"auto", "always", "never"}
	}
	return nil
}

// takesFile reports whether flag f of command cmd takes a file name.
func takesFile(cmd string, f cli.Flag) bool {
	return flagHas(f, "output") || flagHas(f, "block") || flagHas(f, "cnf") || flagHas(f, "grid") || flagHas(f, "proof") ||
		flagHas(f, "puzzle") && cmd == "decode"
}

// completionValues gives clidoc the values and file names of the flags.
func completionValues(cmd string, f cli.Flag) ([]string, bool) {
	return flagValues(cmd, f), takesFile(cmd, f)
}

// flagHas reports whether f has the name name.
func flagHas(f cli.Flag, name string) bool { return slices.Contains(f.Names(), name) }
