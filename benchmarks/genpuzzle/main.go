// Command genpuzzle writes a seeded random puzzle (internal/randpuzzle) in
// webpbn XML, goal included, for measuring nonosat on large inputs:
//
//	go run ./benchmarks/genpuzzle -size 1000x1000 -colors 3 -density 0.7 > big.xml
//	/usr/bin/time -v nonosat check --timeout 1s big.xml
//
// With -dom N it writes N-Dom instead (randpuzzle.Dom), the family of issue 22:
//
//	go run ./benchmarks/genpuzzle -dom 16 > 16dom.xml
//
// With -recolor K it colours the black-and-white picture's filled cells
// (randpuzzle.Recolor), for comparing a colour puzzle with the
// black-and-white one of the same shape.
package main

import (
	"bufio"
	"flag"
	"fmt"
	"os"

	"github.com/nonosat/nonosat/internal/randpuzzle"
	"github.com/nonosat/nonosat/puzzle"
)

func main() {
	size := flag.String("size", "30x30", "`WxH` of the grid")
	colors := flag.Int("colors", 1, "number of colours besides the background (1: black and white)")
	density := flag.Float64("density", 0.6, "probability that a cell is filled")
	seed := flag.Uint64("seed", 1, "random seed")
	dom := flag.Int("dom", 0, "write N-Dom, `N` ≥ 1, instead of a random picture")
	recolor := flag.Int("recolor", 0, "write the black-and-white picture of -size, -density and -seed with each filled cell in one of `K` colours, at random")
	flag.Parse()
	if *dom < 0 {
		fmt.Fprintln(os.Stderr, "genpuzzle: -dom must be at least 1")
		os.Exit(2)
	}
	var w, h int
	if _, err := fmt.Sscanf(*size, "%dx%d", &w, &h); err != nil || w < 1 || h < 1 {
		fmt.Fprintf(os.Stderr, "genpuzzle: -size %q: want WxH, as 200x200\n", *size)
		os.Exit(2)
	}
	if *recolor < 0 || *recolor > puzzle.MaxColors || *recolor > 0 && (*dom > 0 || *colors != 1) {
		fmt.Fprintf(os.Stderr, "genpuzzle: -recolor must be 1…%d, without -dom or -colors\n", puzzle.MaxColors)
		os.Exit(2)
	}
	if *colors < 1 || *colors > 255 || *density < 0 || *density > 1 {
		fmt.Fprintln(os.Stderr, "genpuzzle: -colors must be 1…255 and -density 0…1")
		os.Exit(2)
	}
	p := randpuzzle.Picture(*seed, w, h, *colors, *density)
	switch {
	case *dom > 0:
		p = randpuzzle.Dom(*dom)
	case *recolor > 0:
		p = randpuzzle.Recolor(randpuzzle.Picture(*seed, w, h, 1, *density), *recolor, *seed)
	}
	out := bufio.NewWriter(os.Stdout)
	err := puzzle.Encode(out, p, puzzle.XML)
	if err == nil {
		err = out.Flush()
	}
	if err != nil {
		fmt.Fprintln(os.Stderr, "genpuzzle:", err)
		os.Exit(1)
	}
}
