package clidoc_test

import (
	"reflect"
	"strings"
	"testing"

	"github.com/nonosat/nonosat/clidoc"
	"github.com/urfave/cli/v2"
)

// testApp is a small program with one command whose flags take a listed
// value, a file and nothing.
func testApp() *cli.App {
	app := &cli.App{
		Name:  "hello",
		Usage: "say hello",
		Flags: []cli.Flag{&cli.StringFlag{Name: "lang", Usage: "speak `CODE`"}},
		Commands: []*cli.Command{{
			Name:        "greet",
			Usage:       "greet someone",
			ArgsUsage:   "--name WHO [-o FILE] PERSON...",
			Description: "Greets PERSON.\n\n   hello greet --name x bob",
			Flags: []cli.Flag{
				&cli.StringFlag{Name: "name", Usage: "greet as `WHO`", Value: "me"},
				&cli.StringFlag{Name: "output", Aliases: []string{"o"}, Usage: "write to `FILE`"},
				&cli.BoolFlag{Name: "loud", Usage: "shout"},
			},
		}, {Name: "secret", Hidden: true}},
	}
	app.Setup()
	return app
}

func TestMan(t *testing.T) {
	app := testApp()
	var b strings.Builder
	err := clidoc.Man(&b, app, clidoc.Page{
		Description: "Says hello.\n",
		ExitStatus:  []clidoc.Exit{{Code: 0, Text: "Said it."}, {Code: 7, Text: "Lost -for words."}},
		Sections:    []clidoc.Section{{Name: "NOTES", Roff: "A note.\n"}},
		Examples:    map[string][]string{"greet": {"hello greet --name x bob"}},
		ExamplesSay: "Try these.",
	})
	if err != nil {
		t.Fatal(err)
	}
	page := b.String()
	for _, want := range []string{
		".TH hello 1",
		".SH NAME\nhello \\- say hello\n",
		".SY hello\n[\\fB\\-\\-lang\\fR \\fICODE\\fR]\n",
		".SY \"hello greet\"\n\\fB\\-\\-name\\fR\\ \\fIWHO\\fR\n[\\fB\\-\\-output\\fR\\ \\fIFILE\\fR]\n[\\fB\\-\\-loud\\fR]\n\\fIPERSON\\fR...\n.YS\n",
		".SH DESCRIPTION\nSays hello.\n",
		".SS greet\nGreet someone.\n.PP\nGreets PERSON.\n.PP\n.RS 4\n.nf\nhello greet \\-\\-name x bob\n.fi\n.RE\n",
		".TP\n\\fB\\-\\-name\\fR \\fIWHO\\fR\ngreet as WHO (default: me)\n",
		".TP\n\\fB\\-\\-output\\fR, \\fB\\-o\\fR \\fIFILE\\fR\nwrite to FILE\n",
		".SH EXIT STATUS\n.TP\n.B 0\nSaid it.\n.TP\n.B 7\nLost \\-for words.\n",
		".SH NOTES\nA note.\n",
		".SH EXAMPLES\nTry these.\n.PP\nGreet someone:\n",
	} {
		if !strings.Contains(page, want) {
			t.Errorf("Man page lacks %q:\n%s", want, page)
		}
	}
	if strings.Contains(page, "secret") {
		t.Errorf("Man page shows the hidden command:\n%s", page)
	}
}

func TestSplitArgsUsage(t *testing.T) {
	tests := []struct {
		in          string
		needed, arg []string
	}{
		{"FILE", nil, []string{"FILE"}},
		{"FILE --to NAME [-o OUT]", []string{"to"}, []string{"FILE"}},
		{"[--grid [G]] A B...", nil, []string{"A", "B..."}},
	}
	for _, tt := range tests {
		needed, args := clidoc.SplitArgsUsage(tt.in)
		if !reflect.DeepEqual(needed, tt.needed) || !reflect.DeepEqual(args, tt.arg) {
			t.Errorf("SplitArgsUsage(%q) = %q, %q, want %q, %q", tt.in, needed, args, tt.needed, tt.arg)
		}
	}
}

func TestArgRoff(t *testing.T) {
	for in, want := range map[string]string{
		"FILE":        "\\fIFILE\\fR\n",
		"[FILE]...":   "[\\fIFILE\\fR]...\n",
		"bash|zsh":    "\\fBbash\\fR|\\fBzsh\\fR\n",
		".dot-dashed": "\\fB.dot\\-dashed\\fR\n",
	} {
		if got := clidoc.ArgRoff(in); got != want {
			t.Errorf("ArgRoff(%q) = %q, want %q", in, got, want)
		}
	}
}
