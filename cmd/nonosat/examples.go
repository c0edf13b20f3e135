package main

import (
	"strings"

	"github.com/urfave/cli/v2"
)

// helpExamples are shell lines for each command's help ("" for nonosat
// --help), run from the top of the repository (examples/ holds the
// puzzles, docs/ the picture); TestHelpExamples runs every one.
var helpExamples = map[string][]string{
	"": {
		"nonosat check examples/house.non",
		"nonosat solve examples/flower.xml",
		"nonosat make docs/example.txt -o example.non",
		"nonosat render --solution examples/house.non -o house.svg",
	},
	"solve": {
		"nonosat solve examples/house.non",
		"nonosat solve --max 0 --plain examples/flower.xml",
		"echo 2:2:3-1,1:3:2 | nonosat solve -",
	},
	"check": {
		"nonosat check examples/house.non examples/flower.xml",
		"nonosat check -v examples/house.non",
		"nonosat check --timeout 10s --sat gini --json examples/house.non",
	},
	"count": {
		"nonosat count --max 100 examples/house.non",
		"nonosat count --solutions --json examples/flower.xml",
	},
	"batch": {
		"nonosat batch examples -j 2 -o results.jsonl",
		"nonosat batch examples --shard 1/2 -o results-1.jsonl",
	},
	"dimacs": {
		"nonosat dimacs examples/house.non -o house.cnf",
		"nonosat dimacs --block-goal examples/house.non -o another.cnf",
	},
	"decode": {
		"nonosat dimacs examples/house.non -o house.cnf",
		"cadical house.cnf > house.model",
		"nonosat decode --cnf house.cnf house.model",
	},
	"make": {
		"nonosat make docs/example.txt -o example.non",
	},
	"render": {
		"nonosat render examples/flower.xml -o flower.svg",
		"nonosat render --solution examples/house.non -o house.png",
	},
	"convert": {
		"nonosat convert examples/house.non --to nin -o house.nin",
	},
	"info": {
		"nonosat info --json examples/flower.xml",
	},
	"verify": {
		"nonosat solve --plain examples/house.non > house.grid",
		"nonosat verify examples/house.non house.grid",
	},
	"hint": {
		"nonosat hint examples/house.non",
		"nonosat hint --json examples/flower.xml",
	},
	"steps": {
		"nonosat steps examples/house.non",
	},
	"fix": {
		"nonosat generate --size 10x10 --density 0.5 --seed 1 -o random.non",
		"nonosat fix random.non",
		"nonosat fix --apply -o fixed.non random.non",
	},
	"generate": {
		"nonosat generate --size 15x15 --line-solvable --seed 7 -o random.non",
		"nonosat generate --size 20x20 --colors 3 --unique -o colour.xml",
	},
	"proof": {
		"nonosat check --proof certs examples/house.non",
		"nonosat proof check certs/house.cnf certs/house.drat",
		"nonosat proof check certs/house.cnf certs/house.sol",
	},
	"completion": {
		"nonosat completion bash > nonosat.bash",
	},
}

// addExamples appends the examples of the app and of each command to their
// help text.
func addExamples(app *cli.App) {
	app.Description = "Examples:\n   " + strings.Join(helpExamples[""], "\n   ") + "\n\nEach command's --help has its own examples; 'nonosat man' prints the manual."
	addCommandExamples(app.Commands)
}

// addCommandExamples appends each command's examples to its help text.
func addCommandExamples(cmds []*cli.Command) {
	for _, c := range cmds {
		if ex := helpExamples[c.Name]; len(ex) > 0 {
			c.Description = strings.TrimRight(c.Description, "\n") + "\n\nExamples:\n   " + strings.Join(ex, "\n   ")
		}
	}
}
