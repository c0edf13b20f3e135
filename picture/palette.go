package picture

import (
	"strconv"
	"unicode"

	"github.com/nonosat/nonosat/puzzle"
)

// named are the colour names given to picture colours: each colour takes
// the name of the nearest entry.
var named = []struct {
	name string
	rgb  puzzle.RGB
}{
	{"black", puzzle.RGB{}},
	{"white", puzzle.RGB{R: 255, G: 255, B: 255}},
	{"grey", puzzle.RGB{R: 128, G: 128, B: 128}},
	{"silver", puzzle.RGB{R: 192, G: 192, B: 192}},
	{"red", puzzle.RGB{R: 220, G: 20, B: 20}},
	{"maroon", puzzle.RGB{R: 128, G: 0, B: 0}},
	{"orange", puzzle.RGB{R: 255, G: 140, B: 0}},
	{"yellow", puzzle.RGB{R: 255, G: 220, B: 0}},
	{"olive", puzzle.RGB{R: 128, G: 128, B: 0}},
	{"green", puzzle.RGB{R: 0, G: 160, B: 0}},
	{"lime", puzzle.RGB{R: 50, G: 230, B: 50}},
	{"teal", puzzle.RGB{R: 0, G: 128, B: 128}},
	{"cyan", puzzle.RGB{R: 0, G: 220, B: 220}},
	{"blue", puzzle.RGB{R: 0, G: 60, B: 220}},
	{"navy", puzzle.RGB{R: 0, G: 0, B: 128}},
	{"purple", puzzle.RGB{R: 128, G: 0, B: 128}},
	{"magenta", puzzle.RGB{R: 230, G: 0, B: 230}},
	{"pink", puzzle.RGB{R: 255, G: 170, B: 200}},
	{"brown", puzzle.RGB{R: 140, G: 80, B: 30}},
	{"tan", puzzle.RGB{R: 210, G: 180, B: 140}},
}

// colorName is the name of the named colour nearest to c.
func colorName(c puzzle.RGB) string {
	rgbs := make([]puzzle.RGB, len(named))
	for i, n := range named {
		rgbs[i] = n.rgb
	}
	return named[nearest(rgbs, c)].name
}

// fallbackChars are tried in order for colours with no character of their
// own (the same run as the numbered palettes of package puzzle).
const fallbackChars = "#abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ123456789@%&*+=?"

// palette builds the palette: bg, then one swatch per colour. A colour the
// input named (text art) keeps its swatch; others are named after the
// nearest named colour ("red", "red 2", ...) and drawn with the initial of
// that name, or '#' for black, or the first free fallback character.
func palette(bg puzzle.Swatch, colors []puzzle.RGB, known map[puzzle.RGB]puzzle.Swatch) []puzzle.Swatch {
	pal := make([]puzzle.Swatch, 0, len(colors)+1)
	pal = append(pal, bg)
	names := map[string]bool{bg.Name: true}
	chars := map[rune]bool{bg.Char: true}
	// Known swatches first, so that generated ones avoid their names and
	// characters.
	for _, c := range colors {
		if sw, ok := known[c]; ok {
			names[sw.Name] = true
			chars[sw.Char] = true
		}
	}
	for _, c := range colors {
		if sw, ok := known[c]; ok {
			pal = append(pal, sw)
			continue
		}
		name := colorName(c)
		if names[name] {
			for i := 2; ; i++ {
				if n := name + " " + strconv.Itoa(i); !names[n] {
					name = n
					break
				}
			}
		}
		names[name] = true
		ch := rune(name[0])
		if name == "black" {
			ch = '#'
		}
		if chars[ch] || !unicode.IsLetter(ch) && ch != '#' {
			ch = 0
			for _, f := range fallbackChars {
				if !chars[f] {
					ch = f
					break
				}
			}
		}
		chars[ch] = true
		pal = append(pal, puzzle.Swatch{Name: name, RGB: c, Char: ch})
	}
	return pal
}

// nearEnough is the squared RGB distance under which two colours are
// nearly equal: 40 in each channel of three.
const nearEnough = 3 * 40 * 40

// NearColors groups the colours of pal that are nearly equal (chains of
// them, the background among them) and returns the number of groups and
// the first nearly equal pair. Fewer groups than colours is the mark of
// a photo or a smoothed drawing, whose colours Options.Colors reduces.
func NearColors(pal []puzzle.Swatch) (groups int, a, b puzzle.RGB) {
	group := make([]int, len(pal))
	for i := range group {
		group[i] = i
	}
	var find func(int) int
	find = func(i int) int {
		if group[i] != i {
			group[i] = find(group[i])
		}
		return group[i]
	}
	first := true
	for i := range pal {
		for j := range i {
			x, y := pal[i].RGB, pal[j].RGB
			dr, dg, db := int(x.R)-int(y.R), int(x.G)-int(y.G), int(x.B)-int(y.B)
			if dr*dr+dg*dg+db*db < nearEnough {
				if first {
					a, b, first = y, x, false
				}
				group[find(i)] = find(j)
			}
		}
	}
	for i := range group {
		if find(i) == i {
			groups++
		}
	}
	return groups, a, b
}
