package main

import (
	"fmt"
	"regexp"
	"strings"

	"github.com/nonosat/nonosat/clidoc"
	"github.com/urfave/cli/v2"
)

// flagMessage words a flag error of the command of c as a person reads
// it: the flag as typed (one dash or two), what its value should look
// like, and the near miss of an unknown flag. Other errors pass as they
// are.
func flagMessage(c *cli.Context, err error) string {
	// The flag package's errors, which urfave/cli passes on, and
	// parseFlags words the same way: they spell every flag with one dash
	// and say "parse error" for a value of the wrong kind. (Compiled
	// here, not at start-up: start-up stays quick.)
	reUndefined := regexp.MustCompile(`^flag provided but not defined: -+(\S+)$`)
	reNoValue := regexp.MustCompile(`^flag needs an argument: -+(\S+)$`)
	reBadValue := regexp.MustCompile(`^invalid value "(.*)" for flag -+(\S+): `)
	reBadBool := regexp.MustCompile(`^invalid boolean value "(.*)" for -+(\S+): `)
	msg := err.Error()
	if m := reUndefined.FindStringSubmatch(msg); m != nil {
		s := "unknown flag " + typed(c, m[1])
		switch near := clidoc.Nearest(m[1], lineageFlagNames(c)); {
		case near == m[1]: // a flag of the app's that this command does not take after it (-v, the version)
			s += fmt.Sprintf(" (%s is nonosat's own flag, given alone: nonosat %s)", clidoc.Dashed(near), clidoc.Dashed(near))
		case near != "":
			s += fmt.Sprintf(" (did you mean %s?)", clidoc.Dashed(near))
		}
		return s
	}
	if m := reNoValue.FindStringSubmatch(msg); m != nil {
		return fmt.Sprintf("%s needs a value", typed(c, m[1]))
	}
	value, name := "", ""
	if m := reBadValue.FindStringSubmatch(msg); m != nil {
		value, name = m[1], m[2]
	} else if m := reBadBool.FindStringSubmatch(msg); m != nil {
		value, name = m[1], m[2]
	} else {
		return msg
	}
	want := "a value of another kind"
	switch lookupFlag(c, name).(type) {
	case *cli.DurationFlag:
		want = "a duration such as 5s, 2m or 1h30m"
	case *cli.IntFlag, *cli.Int64Flag, *cli.UintFlag, *cli.Uint64Flag:
		want = "a whole number"
	case *cli.Float64Flag:
		want = "a number such as 0.5"
	case *cli.BoolFlag:
		return fmt.Sprintf("%s=%s: want true or false (or the flag alone)", typed(c, name), value)
	}
	return fmt.Sprintf("%s %s: want %s", typed(c, name), value, want)
}

// typed is flag name as the command line spelt it: "-o", "--max", or
// "-max" when that is what was typed.
func typed(c *cli.Context, name string) string {
	if args, ok := c.App.Metadata[argsKey].([]string); ok {
		for _, a := range args {
			if a == "--" {
				break
			}
			bare := strings.TrimLeft(a, "-")
			if n, _, _ := strings.Cut(bare, "="); n == name && len(a) > len(bare) {
				return a[:len(a)-len(bare)] + name
			}
		}
	}
	return clidoc.Dashed(name)
}

// lineageFlagNames lists the names of the flags of the command of c and of its
// parents (the app's among them), which may come after it.
func lineageFlagNames(c *cli.Context) []string {
	var names []string
	for _, x := range c.Lineage() {
		if x.Command == nil {
			continue
		}
		for _, f := range x.Command.Flags {
			names = append(names, f.Names()...)
		}
	}
	return names
}
