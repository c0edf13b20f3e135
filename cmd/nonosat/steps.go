package main

import (
	"errors"
	"fmt"

	"github.com/nonosat/nonosat/design"
	"github.com/urfave/cli/v2"
)

func stepsCmd() *cli.Command {
	return &cli.Command{
		Name:      "steps",
		Usage:     "print the whole logical solution as steps with reasons",
		ArgsUsage: "FILE",
		Description: "Solves the puzzle the way a person would, one step at a time from the empty\n" +
			"grid (see hint): each step the cells it fixes, its line and its reason. The last\n" +
			"line counts the steps of each kind. --json prints one object per step. On a puzzle\n" +
			"with several solutions it warns, follows the goal (or one solution), says at a\n" +
			"guess where the solutions part, and exits 3, as check does.",
		Flags: []cli.Flag{
			&cli.BoolFlag{Name: "json", Usage: "print one JSON object per step (JSON Lines): cells, line, reason"},
			indexFlag(),
			runTimeoutFlag(),
			formatFlag(),
		},
		Action: withArgs(1, 1, steps),
	}
}

func steps(c *cli.Context, args []string) error {
	p, err := onePuzzle(c, args[0], c.Int("index"), "--index")
	if err != nil {
		return err
	}
	ctx, cancel, err := designContext(c)
	if err != nil {
		return err
	}
	defer cancel()
	several, err := warnNotUnique(c, ctx, args[0], p, "the steps follow")
	if err != nil {
		return err
	}
	ss, err := design.Steps(ctx, p)
	if err := designStopped(c, ctx, err, args[0]); err != nil {
		return err
	}
	if errors.Is(err, design.ErrNoSolution) {
		return cli.Exit(fmt.Sprintf("%s: %v", args[0], err), exitNoSolution)
	}
	if err != nil {
		return cli.Exit(fmt.Sprintf("%s: %v", args[0], err), exitError)
	}
	w := c.App.Writer
	count := map[design.Kind]int{}
	for i, s := range ss {
		count[s.Kind]++
		if c.Bool("json") {
			err = writeJSON(w, s)
		} else {
			err = s.WriteText(w, i+1)
		}
		if err != nil {
			return err
		}
	}
	if !c.Bool("json") {
		fmt.Fprintf(w, "%s: %d line, %d lookahead, %d guess\n", plural(len(ss), "step", "steps"), count[design.KindLine], count[design.KindLookahead], count[design.KindGuess])
	}
	if several {
		return cli.Exit("", exitMultiple)
	}
	return nil
}
