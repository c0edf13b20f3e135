package clidoc

import (
	"fmt"
	"io"
	"slices"
	"sort"
	"strings"

	"github.com/urfave/cli/v2"
)

// Values says which values flag f of command cmd ("" for the app's own
// flags) takes, for completion: the list of them, or nil when they cannot
// be listed (a number, a duration), and whether the value is a file name.
type Values func(cmd string, f cli.Flag) (list []string, file bool)

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

// dashedNames are the names of f as typed: "--output -o".
func dashedNames(f cli.Flag) []string {
	var out []string
	for _, n := range f.Names() {
		out = append(out, Dashed(n))
	}
	return out
}

// Bash writes a bash completion function: commands first, then each
// command's flags for a word that starts with "-", the values of a flag
// that has a list of them, and file names otherwise.
func Bash(w io.Writer, app *cli.App, values Values) error {
	var names []string
	var cases strings.Builder
	// valueCases is a case statement on $prev giving the values of flags.
	valueCases := func(cmd string, flags []cli.Flag, indent string) string {
		var b strings.Builder
		for _, f := range flags {
			if v, _ := values(cmd, f); v != nil {
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
	var globals, globalValues []string
	for _, f := range app.Flags {
		if hasName(f, "help") || hasName(f, "version") {
			continue
		}
		globals = append(globals, dashedNames(f)...)
		if d, ok := f.(cli.DocGenerationFlag); ok && d.TakesValue() {
			globalValues = append(globalValues, dashedNames(f)...)
		}
	}
	script := strings.ReplaceAll(bashScript, "@PROG@", app.Name)
	_, err := fmt.Fprintf(w, script, strings.Join(globalValues, "|"), valueCases("", app.Flags, "\t\t\t"),
		strings.Join(slices.Concat(names, globals, []string{"--help", "--version"}), " "), cases.String())
	return err
}

// bashScript is the frame of the bash completion: @PROG@ is the
// program's name; the verbs fill in the global flags that take a value,
// the cases for their values, the words at the top level and the cases
// for each command.
const bashScript = `# bash completion for @PROG@, written by "@PROG@ completion bash"
_@PROG@() {
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
		%s)
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
complete -o filenames -o bashdefault -F _@PROG@ @PROG@
`

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

// Zsh writes a zsh completion function (for a file _nonosat in
// $fpath): commands with their descriptions, then each command's flags,
// the values of those that have a list of them, and file names.
func Zsh(w io.Writer, app *cli.App, values Values) error {
	var b strings.Builder
	fmt.Fprintf(&b, "#compdef %[1]s\n# zsh completion for %[1]s, written by \"%[1]s completion zsh\"\n\n", app.Name)
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
				spec := fmt.Sprintf("%s[%s]", Dashed(n), zshQuote(usage))
				if value {
					spec += ":value:"
					if v, file := values(c.Name, f); v != nil {
						spec += "(" + strings.Join(v, " ") + ")"
					} else if file {
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

// Fish writes fish completions: commands with their descriptions,
// then each command's flags, the values of those that have a list of
// them, and file names for the arguments and the flags that take files.
func Fish(w io.Writer, app *cli.App, values Values) error {
	var b strings.Builder
	var names []string
	for _, c := range visible(app) {
		names = append(names, c.Name)
	}
	fmt.Fprintf(&b, `# fish completion for %[1]s, written by "%[1]s completion fish"

function __fish_%[1]s_no_subcommand --description 'Test if there has been any subcommand yet'
    for i in (commandline -opc)
        if contains -- $i %[2]s
            return 1
        end
    end
    return 0
end

`, app.Name, strings.Join(names, " "))
	flag := func(cmd, cond string, f cli.Flag) {
		d, ok := f.(cli.DocGenerationFlag)
		if !ok {
			return
		}
		line := "complete -c " + app.Name + " -n " + fishQuote(cond)
		for _, n := range f.Names() {
			if len(n) == 1 {
				line += " -s " + n
			} else {
				line += " -l " + n
			}
		}
		switch v, file := values(cmd, f); {
		case !d.TakesValue():
		case v != nil:
			line += " -x -a " + fishQuote(strings.Join(v, " "))
		case file:
			line += " -r -F"
		default:
			line += " -x"
		}
		_, usage := flagValue(f)
		fmt.Fprintf(&b, "%s -d %s\n", line, fishQuote(firstClause(usage)))
	}
	for _, f := range app.Flags {
		flag("", "__fish_"+app.Name+"_no_subcommand", f)
	}
	for _, c := range visible(app) {
		fmt.Fprintf(&b, "complete -c %[1]s -n __fish_%[1]s_no_subcommand -f -a %s -d %s\n", app.Name, c.Name, fishQuote(firstClause(c.Usage)))
	}
	for _, c := range visible(app) {
		for _, f := range c.Flags {
			flag(c.Name, "__fish_seen_subcommand_from "+c.Name, f)
		}
	}
	_, err := io.WriteString(w, b.String())
	return err
}
