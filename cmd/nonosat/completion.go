package main

import (
	"fmt"
	"io"
	"slices"
	"sort"
	"strings"

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
				return writeBash(w, c.App)
			case "zsh":
				return writeZsh(w, c.App)
			case "fish":
				return writeFish(w, c.App)
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

// satNames are the back ends --sat takes by name (exec:PATH besides).
var satNames = []string{"gophersat", "gini", "portfolio", "cadical", "kissat", "minisat", "picosat", "cryptominisat", "glucose", "lingeling"}

// flagValues lists the values flag f of command cmd ("" for the app's
// own flags) takes, for completion; nil when it takes a file, a number or
// anything else that cannot be listed.
func flagValues(cmd string, f cli.Flag) []string {
	switch {
	case hasName(f, "format"):
		var names []string
		for _, f := range puzzle.Formats() {
			names = append(names, string(f))
		}
		return names
	case hasName(f, "to") && cmd == "render":
		return []string{"svg", "png"}
	case hasName(f, "to"):
		var names []string
		for _, f := range puzzle.Formats() {
			if f.CanWrite() {
				names = append(names, string(f))
			}
		}
		return names
	case hasName(f, "sat"):
		return satNames
	case hasName(f, "encoding"):
		var names []string
		for _, k := range encode.Kinds() {
			names = append(names, string(k))
		}
		return names
	case hasName(f, "color"):
		return []string{"auto", "always", "never"}
	}
	return nil
}

// takesFile reports whether flag f of command cmd takes a file name.
func takesFile(cmd string, f cli.Flag) bool {
	return hasName(f, "output") || hasName(f, "block") || hasName(f, "cnf") || hasName(f, "grid") || hasName(f, "proof") ||
		hasName(f, "puzzle") && cmd == "decode"
}

// dashedNames are the names of f as typed: "--output -o".
func dashedNames(f cli.Flag) []string {
	var out []string
	for _, n := range f.Names() {
		out = append(out, dashed(n))
	}
	return out
}

// writeBash writes a bash completion function: commands first, then each
// command's flags for a word that starts with "-", the values of a flag
// that has a list of them, and file names otherwise.
func writeBash(w io.Writer, app *cli.App) error {
	var names []string
	var cases strings.Builder
	// valueCases is a case statement on $prev giving the values of flags.
	valueCases := func(cmd string, flags []cli.Flag, indent string) string {
		var b strings.Builder
		for _, f := range flags {
			if v := flagValues(cmd, f); v != nil {
				fmt.Fprintf(&b, "%s%s) values=\"%s\" ;;\n", indent, strings.Join(dashedNames(f), "|"), strings.Join(v, " "))
			}
		}
		if b.Len() == 0 {
			return ""
		}
		return indent[1:] + "case $prev in\n" + b.String() + indent[1:] + "esac\n"
	}
	for _, c := range visible(app) {
		names = append(names, c.Name)
		fmt.Fprintf(&cases, "\t%s)\n\t\tflags=\"%s\"\n%s\t\t;;\n", c.Name, strings.Join(flagNames(c.Flags), " "), valueCases(c.Name, c.Flags, "\t\t\t"))
	}
	_, err := fmt.Fprintf(w, `# bash completion for nonosat, written by "nonosat completion bash"
_nonosat() {
	local cur=${COMP_WORDS[COMP_CWORD]} prev="" cmd="" flags="" values="" i
	((COMP_CWORD > 1)) && prev=${COMP_WORDS[COMP_CWORD-1]}
	# bash splits "--to=x" at the "=" (COMP_WORDBREAKS): complete x for --to
	if [[ $cur == "=" ]]; then
		cur=""
	elif [[ $prev == "=" ]] && ((COMP_CWORD > 2)); then
		prev=${COMP_WORDS[COMP_CWORD-2]}
	fi
	for ((i = 1; i < COMP_CWORD; i++)); do
		case ${COMP_WORDS[i]} in
		--format)
			[[ ${COMP_WORDS[i+1]} == "=" ]] && ((i++))
			((i++))
			;;
		-*) ;;
		*) cmd=${COMP_WORDS[i]}; break ;;
		esac
	done
	if [[ -z $cmd ]]; then
%s		if [[ -z $values ]]; then
			values="%s"
		fi
		COMPREPLY=($(compgen -W "$values" -- "$cur"))
		return
	fi
	case $cmd in
%s	esac
	if [[ -n $values ]]; then
		COMPREPLY=($(compgen -W "$values" -- "$cur"))
	elif [[ $cur == -* ]]; then
		COMPREPLY=($(compgen -W "$flags" -- "$cur"))
	else
		COMPREPLY=($(compgen -f -- "$cur"))
	fi
}
complete -o filenames -o bashdefault -F _nonosat nonosat
`, valueCases("", app.Flags, "\t\t\t"), strings.Join(append(names, "--format", "--help", "--version"), " "), cases.String())
	return err
}

// zshQuote makes the first clause of s safe inside a single-quoted
// _arguments spec.
func zshQuote(s string) string {
	r := strings.NewReplacer("'", "'\\''", "[", "\\[", "]", "\\]", ":", "\\:", "`", "")
	return r.Replace(firstClause(s))
}

// firstClause is s up to its first parenthesis or semicolon: enough to
// describe a flag or command beside its name.
func firstClause(s string) string {
	if i := strings.IndexAny(s, "(;"); i > 0 {
		s = strings.TrimSpace(s[:i])
	}
	return s
}

// writeZsh writes a zsh completion function (for a file _nonosat in
// $fpath): commands with their descriptions, then each command's flags,
// the values of those that have a list of them, and file names.
func writeZsh(w io.Writer, app *cli.App) error {
	var b strings.Builder
	b.WriteString("#compdef nonosat\n# zsh completion for nonosat, written by \"nonosat completion zsh\"\n\n")
	b.WriteString("local -a subcommands\nsubcommands=(\n")
	for _, c := range visible(app) {
		fmt.Fprintf(&b, "\t'%s:%s'\n", c.Name, zshQuote(c.Usage))
	}
	b.WriteString(")\n\nif (( CURRENT == 2 )); then\n\t_describe 'command' subcommands\n\treturn\nfi\n\ncase $words[2] in\n")
	for _, c := range visible(app) {
		fmt.Fprintf(&b, "%s)\n\t_arguments \\\n", c.Name)
		for _, f := range c.Flags {
			usage, value := "", false
			if d, ok := f.(cli.DocGenerationFlag); ok {
				usage, value = d.GetUsage(), d.TakesValue()
			}
			for _, n := range f.Names() {
				spec := fmt.Sprintf("%s[%s]", dashed(n), zshQuote(usage))
				if value {
					spec += ":value:"
					if v := flagValues(c.Name, f); v != nil {
						spec += "(" + strings.Join(v, " ") + ")"
					} else if takesFile(c.Name, f) {
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

// fishQuote quotes s for fish, in single quotes.
func fishQuote(s string) string {
	return "'" + strings.NewReplacer(`\`, `\\`, "'", `\'`).Replace(s) + "'"
}

// writeFish writes fish completions: commands with their descriptions,
// then each command's flags, the values of those that have a list of
// them, and file names for the arguments and the flags that take files.
func writeFish(w io.Writer, app *cli.App) error {
	var b strings.Builder
	var names []string
	for _, c := range visible(app) {
		names = append(names, c.Name)
	}
	fmt.Fprintf(&b, `# fish completion for nonosat, written by "nonosat completion fish"

function __fish_nonosat_no_subcommand --description 'Test if there has been any subcommand yet'
    for i in (commandline -opc)
        if contains -- $i %s
            return 1
        end
    end
    return 0
end

`, strings.Join(names, " "))
	flag := func(cmd, cond string, f cli.Flag) {
		d, ok := f.(cli.DocGenerationFlag)
		if !ok {
			return
		}
		line := "complete -c nonosat -n " + fishQuote(cond)
		for _, n := range f.Names() {
			if len(n) == 1 {
				line += " -s " + n
			} else {
				line += " -l " + n
			}
		}
		switch v := flagValues(cmd, f); {
		case !d.TakesValue():
		case v != nil:
			line += " -x -a " + fishQuote(strings.Join(v, " "))
		case takesFile(cmd, f):
			line += " -r -F"
		default:
			line += " -x"
		}
		_, usage := flagValue(f)
		fmt.Fprintf(&b, "%s -d %s\n", line, fishQuote(firstClause(usage)))
	}
	for _, f := range app.Flags {
		flag("", "__fish_nonosat_no_subcommand", f)
	}
	for _, c := range visible(app) {
		fmt.Fprintf(&b, "complete -c nonosat -n __fish_nonosat_no_subcommand -f -a %s -d %s\n", c.Name, fishQuote(firstClause(c.Usage)))
	}
	for _, c := range visible(app) {
		for _, f := range c.Flags {
			flag(c.Name, "__fish_seen_subcommand_from "+c.Name, f)
		}
	}
	_, err := io.WriteString(w, b.String())
	return err
}
