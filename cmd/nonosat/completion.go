package main

import (
	"fmt"
	"io"
	"slices"
	"sort"
	"strings"

	"github.com/urfave/cli/v2"
)

func completionCmd() *cli.Command {
	return &cli.Command{
		Name:      "completion",
		Usage:     "print a shell completion script",
		ArgsUsage: "bash|zsh|fish",
		Description: "Prints the completion script for SHELL: commands, their flags, and file names for\n" +
			"arguments. 'make install' puts them where distributions do; by hand:\n" +
			"\n" +
			"   nonosat completion bash > ~/.local/share/bash-completion/completions/nonosat\n" +
			"   nonosat completion zsh > \"${fpath[1]}/_nonosat\"\n" +
			"   nonosat completion fish > ~/.config/fish/completions/nonosat.fish",
		Action: withArgs(1, 1, func(c *cli.Context, args []string) error {
			w := c.App.Writer
			switch args[0] {
			case "bash":
				return writeBash(w, c.App)
			case "zsh":
				return writeZsh(w, c.App)
			case "fish":
				s, err := c.App.ToFishCompletion()
				if err != nil {
					return cli.Exit(err, exitError)
				}
				_, err = io.WriteString(w, s)
				return err
			}
			return usagef(c, "unknown shell %q: bash, zsh or fish", args[0])
		}),
	}
}

// visible lists the commands a user sees, sorted by name.
func visible(app *cli.App) []*cli.Command {
	var cs []*cli.Command
	for _, c := range app.Commands {
		if !c.Hidden {
			cs = append(cs, c)
		}
	}
	sort.Slice(cs, func(i, j int) bool { return cs[i].Name < cs[j].Name })
	return cs
}

// flagNames lists "--name" (or "-n") for every name of every flag, and
// --help, each once.
func flagNames(flags []cli.Flag) []string {
	var out []string
	for _, f := range flags {
		for _, n := range f.Names() {
			if len(n) == 1 {
				out = append(out, "-"+n)
			} else {
				out = append(out, "--"+n)
			}
		}
	}
	if !slices.Contains(out, "--help") {
		out = append(out, "--help")
	}
	return out
}

// writeBash writes a bash completion function: commands first, then each
// command's flags for a word that starts with "-", file names otherwise.
func writeBash(w io.Writer, app *cli.App) error {
	var names []string
	var cases strings.Builder
	for _, c := range visible(app) {
		names = append(names, c.Name)
		fmt.Fprintf(&cases, "\t%s) flags=%q ;;\n", c.Name, strings.Join(flagNames(c.Flags), " "))
	}
	_, err := fmt.Fprintf(w, `# bash completion for nonosat, written by "nonosat completion bash"
_nonosat() {
	local cur=${COMP_WORDS[COMP_CWORD]} cmd="" flags i
	for ((i = 1; i < COMP_CWORD; i++)); do
		case ${COMP_WORDS[i]} in
		--format) ((i++)) ;;
		-*) ;;
		*) cmd=${COMP_WORDS[i]}; break ;;
		esac
	done
	if [[ -z $cmd ]]; then
		COMPREPLY=($(compgen -W %q -- "$cur"))
		return
	fi
	case $cmd in
%s	*) flags="" ;;
	esac
	if [[ $cur == -* ]]; then
		COMPREPLY=($(compgen -W "$flags" -- "$cur"))
	else
		COMPREPLY=($(compgen -f -- "$cur"))
	fi
}
complete -o filenames -o bashdefault -F _nonosat nonosat
`, strings.Join(append(names, "--format", "--help", "--version"), " "), cases.String())
	return err
}

// zshQuote makes s safe inside a single-quoted _arguments spec.
func zshQuote(s string) string {
	r := strings.NewReplacer("'", "'\\''", "[", "\\[", "]", "\\]", ":", "\\:", "`", "")
	if i := strings.IndexAny(s, "(;"); i > 0 { // the first clause is enough
		s = strings.TrimSpace(s[:i])
	}
	return r.Replace(s)
}

// writeZsh writes a zsh completion function (for a file _nonosat in
// $fpath): commands with their descriptions, then each command's flags
// and file names.
func writeZsh(w io.Writer, app *cli.App) error {
	var b strings.Builder
	b.WriteString("#compdef nonosat\n# zsh completion for nonosat, written by \"nonosat completion zsh\"\n\n")
	b.WriteString("local -a commands\ncommands=(\n")
	for _, c := range visible(app) {
		fmt.Fprintf(&b, "\t'%s:%s'\n", c.Name, zshQuote(c.Usage))
	}
	b.WriteString(")\n\nif (( CURRENT == 2 )); then\n\t_describe 'command' commands\n\treturn\nfi\n\ncase $words[2] in\n")
	for _, c := range visible(app) {
		fmt.Fprintf(&b, "%s)\n\t_arguments \\\n", c.Name)
		for _, f := range c.Flags {
			usage, value := "", false
			if d, ok := f.(cli.DocGenerationFlag); ok {
				usage, value = d.GetUsage(), d.TakesValue()
			}
			for _, n := range f.Names() {
				dash := "--"
				if len(n) == 1 {
					dash = "-"
				}
				spec := fmt.Sprintf("%s%s[%s]", dash, n, zshQuote(usage))
				if value {
					spec += ":value:"
					if strings.Contains(n, "output") || n == "o" || n == "block" || n == "cnf" || n == "puzzle" && c.Name == "decode" {
						spec += "_files"
					}
				}
				fmt.Fprintf(&b, "\t\t'%s' \\\n", spec)
			}
		}
		b.WriteString("\t\t'*:file:_files'\n\t;;\n")
	}
	b.WriteString("esac\n")
	_, err := io.WriteString(w, b.String())
	return err
}
