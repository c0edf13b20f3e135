package servecli

import (
	"slices"
	"testing"

	"github.com/urfave/cli/v2"
)

// run runs the serve command on args and returns what Args and Check
// made of them.
func run(t *testing.T, args ...string) (passed []string, mem int64, checkErr error) {
	t.Helper()
	cmd := Command()
	cmd.Action = func(c *cli.Context) error {
		passed = Args(c)
		mem, checkErr = Check(c)
		return nil
	}
	app := &cli.App{Commands: []*cli.Command{cmd}}
	if err := app.Run(append([]string{"nonosat", "serve"}, args...)); err != nil {
		t.Fatalf("%q: %v", args, err)
	}
	return passed, mem, checkErr
}

// TestArgs: the flags set, and only those, are passed on under their
// first names, and read back the same.
func TestArgs(t *testing.T) {
	passed, mem, err := run(t, "--timeout", "3s", "--open", "--max-memory", "2G", "--site", "a dir")
	want := []string{"--open=true", "--request-timeout=3s", "--max-memory=2G", "--site=a dir"}
	if !slices.Equal(passed, want) || err != nil || mem != 2<<30 {
		t.Errorf("Args = %q, Check = %d, %v; want %q, 2 GiB", passed, mem, err, want)
	}
	again, mem2, err := run(t, passed...)
	if !slices.Equal(again, want) || err != nil || mem2 != mem {
		t.Errorf("read back: %q, %d, %v", again, mem2, err)
	}
	if passed, _, _ := run(t); len(passed) != 0 {
		t.Errorf("no flags set: Args = %q, want none", passed)
	}
}

// TestCheck: values a server cannot run with are refused.
func TestCheck(t *testing.T) {
	for _, args := range [][]string{{"--request-timeout", "0s"}, {"--header-timeout", "-1s"}, {"--max-solves", "0"}, {"--max-queue", "-1"}, {"--grace", "-1s"}, {"--max-memory", "lots"}} {
		if _, _, err := run(t, args...); err == nil {
			t.Errorf("%q: no error", args)
		}
	}
	if _, mem, err := run(t, "--max-memory", "0"); err != nil || mem != 0 {
		t.Errorf("--max-memory 0: %d, %v; want no limit", mem, err)
	}
}
