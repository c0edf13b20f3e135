package picture_test

import (
	"bytes"
	"errors"
	"reflect"
	"strings"
	"testing"

	"github.com/nonosat/nonosat/picture"
	"github.com/nonosat/nonosat/puzzle"
)

func TestTextArtColors(t *testing.T) {
	art := "⬜🟥🟥⬜\n🟩⬛️⬛🟩\n  r\n"
	g, pal, err := picture.DecodeTextArt(strings.NewReader(art), picture.Options{})
	if err != nil {
		t.Fatalf("DecodeTextArt(%q) error = %v", art, err)
	}
	p := puzzle.FromGrid(g, pal)
	if got, want := p.FormatGrid(g), "⬜🟥🟥⬜\n🟩⬛⬛🟩\n⬜⬜r⬜\n"; got != want {
		t.Errorf("DecodeTextArt(%q) drawn again = %q, want %q", art, got, want)
	}
	names := map[string]puzzle.RGB{}
	for _, sw := range pal {
		if _, dup := names[sw.Name]; dup {
			t.Errorf("palette %v repeats the name %q", pal, sw.Name)
		}
		names[sw.Name] = sw.RGB
	}
	if names["black"] != (puzzle.RGB{}) || names["red"] == (puzzle.RGB{}) || names["green"] == (puzzle.RGB{}) {
		t.Errorf("palette %v: want black, red and green named", pal)
	}
}

func TestTextArtDistinctChars(t *testing.T) {
	// '#' and 'X' are both black by nature, but different characters are
	// different colours.
	g, pal, err := picture.DecodeTextArt(strings.NewReader("#X\nX#\n.."), picture.Options{})
	if err != nil {
		t.Fatal(err)
	}
	if len(pal) != 3 || pal[1].RGB == pal[2].RGB || g[0][0] == g[0][1] {
		t.Errorf("DecodeTextArt(#X) = %v %v, want two different colours", g, pal)
	}
}

// TestTextArtNoBackgroundChar: text art with no '.' or ' ' has no
// background cell; no colour is taken for it (as the lightest colour of a
// picture without transparent pixels is).
func TestTextArtNoBackgroundChar(t *testing.T) {
	g, pal, err := picture.DecodeTextArt(strings.NewReader("ab\nba\n"), picture.Options{})
	if err != nil {
		t.Fatal(err)
	}
	if len(pal) != 3 || g[0][0] == puzzle.Background || g[0][1] == puzzle.Background || g[0][0] == g[0][1] || g[1][0] != g[0][1] {
		t.Errorf("DecodeTextArt(ab/ba) = %v %v, want two colours and no background cell", g, pal)
	}
}

func TestTextArtTooManyColors(t *testing.T) {
	var sb strings.Builder
	for i := range puzzle.MaxColors + 1 {
		sb.WriteRune(rune(0x4e00 + i))
	}
	sb.WriteString(".\n")
	_, _, err := picture.DecodeTextArt(strings.NewReader(sb.String()), picture.Options{})
	if !errors.Is(err, picture.ErrTooManyColors) {
		t.Errorf("DecodeTextArt(64 characters) error = %v, want ErrTooManyColors", err)
	}
	// With a colour limit they are merged instead.
	g, pal, err := picture.DecodeTextArt(strings.NewReader(sb.String()[:3*20]+"."), picture.Options{Colors: 4})
	if err != nil || len(pal) > 5 || len(g[0]) != 21 {
		t.Errorf("DecodeTextArt(20 characters, 4 colours) = %d colours, error %v", len(pal)-1, err)
	}
}

// FuzzTextArt decodes anything as text art; what decodes, drawn again with
// its palette characters, must decode to the same grid and palette.
func FuzzTextArt(f *testing.F) {
	for _, s := range []string{
		".#.\n###\n.#.\n",
		" X\nXXX\n X",
		"⬜🟥\n🟩⬛️\n",
		"ab\nba\n",
		"\ufeff\n\n#\n\n",
		"010\r\n111\r\n",
		" ◢◼\n◼◼◤",
	} {
		f.Add([]byte(s))
	}
	f.Fuzz(func(t *testing.T, data []byte) {
		g, pal, err := picture.DecodeTextArt(bytes.NewReader(data), picture.Options{})
		if err != nil {
			var pe *puzzle.ParseError
			if !errors.As(err, &pe) && !errors.Is(err, picture.ErrBlank) {
				t.Fatalf("DecodeTextArt(%q) error = %v, want a ParseError", data, err)
			}
			return
		}
		p := puzzle.FromGrid(g, pal)
		if err := p.Validate(); err != nil {
			t.Fatalf("FromGrid(DecodeTextArt(%q)).Validate() error = %v", data, err)
		}
		art := p.FormatGrid(g)
		g2, pal2, err := picture.DecodeTextArt(strings.NewReader(art), picture.Options{})
		if err != nil {
			t.Fatalf("DecodeTextArt(%q) (drawn from %q) error = %v", art, data, err)
		}
		if !g.Equal(g2) || !reflect.DeepEqual(pal, pal2) {
			t.Fatalf("text art round trip of %q:\n%q\ngrid %v palette %v\nbecame %v palette %v", data, art, g, pal, g2, pal2)
		}
		_, _, _ = picture.DecodeTextArt(bytes.NewReader(data), picture.Options{Colors: 2, Height: 1})
	})
}

// TestTextArtQuestionMark: a '?' in text art is a colour of its own, but
// its palette character is another (the first letter the art does not
// use): '?' is an open cell in a partial grid, so a player's cells of
// that colour could not be given back to hint.
func TestTextArtQuestionMark(t *testing.T) {
	g, pal, err := picture.DecodeTextArt(strings.NewReader("?#a\n#?.\n"), picture.Options{})
	if err != nil {
		t.Fatal(err)
	}
	q := g[0][0]
	if q == puzzle.Background || q == g[0][1] || q == g[0][2] || g[1][1] != q {
		t.Fatalf("DecodeTextArt(?#a) = %v: want '?' a colour of its own", g)
	}
	for _, sw := range pal {
		if sw.Char == '?' {
			t.Errorf("palette %v has '?' as a character", pal)
		}
	}
	if c := pal[q].Char; c != 'b' {
		t.Errorf("the '?' colour is drawn %q, want 'b' (the first letter the art does not use)", c)
	}
	// Its name, like every made-up colour's, is a plain colour name
	// (it was "colour '?'", naming a character it is not drawn with).
	for _, sw := range pal {
		if strings.ContainsAny(sw.Name, "?'\"") || sw.Name == "" {
			t.Errorf("palette %v: colour name %q is not plain", pal, sw.Name)
		}
	}
	if pal[q].Name != "red" {
		t.Errorf("the '?' colour is named %q, want red (the first spare colour after black)", pal[q].Name)
	}
}
