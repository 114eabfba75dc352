package clitest

import (
	"io"
	"testing"

	"github.com/solitaire-race/racer/internal/cli"
)

func demo() *cli.App {
	a := cli.NewApp("demo")
	a.Register("hi", "greet", func(args []string, _ io.Reader, stdout, stderr io.Writer) int {
		fs := a.FlagSet("hi", stderr, "usage: demo hi [--name N]")
		name := fs.String("name", "", "who to greet; required")
		if code, ok := a.Parse(fs, args); !ok {
			return code
		}
		if *name == "" {
			return a.UsageError(fs, "hi: --name is required")
		}
		io.WriteString(stdout, "hi "+*name+"\n")
		return 0
	})
	return a
}

func TestExec(t *testing.T) {
	out, errOut, code := Exec(t, demo(), "", "hi", "--name", "x")
	if out != "hi x\n" || errOut != "" || code != 0 {
		t.Errorf("got %q, %q, %d; want \"hi x\\n\", nothing, 0", out, errOut, code)
	}
}

// readAll is a demo subcommand that copies stdin and fails on a read error.
func readAll(a *cli.App) *cli.App {
	a.Register("cat", "copy stdin", func(_ []string, stdin io.Reader, stdout, stderr io.Writer) int {
		if _, err := io.Copy(stdout, stdin); err != nil {
			io.WriteString(stderr, "demo cat: "+err.Error()+"\n")
			return 1
		}
		return 0
	})
	return a
}

func TestChecksPass(t *testing.T) {
	WantReadError(t, readAll(demo()), "x", "cat")
	if out := WantOutput(t, demo(), []string{"hi", "--name", "x"}, "hi", "x\n"); out != "hi x\n" {
		t.Errorf("WantOutput: got %q, want \"hi x\\n\"", out)
	}
	WantUsageError(t, demo(), "", []string{"hi"}, "--name is required")
	WantHelp(t, demo(), "hi", "name")
}

// recorder is a testing.TB that records failures instead of failing.
type recorder struct {
	testing.TB
	failed bool
}

func (r *recorder) Helper()               {}
func (r *recorder) Errorf(string, ...any) { r.failed = true }

func TestChecksFail(t *testing.T) {
	for name, check := range map[string]func(testing.TB){
		"usage error that succeeds":          func(tb testing.TB) { WantUsageError(tb, demo(), "", []string{"hi", "--name", "x"}, "x") },
		"usage error naming another problem": func(tb testing.TB) { WantUsageError(tb, demo(), "", []string{"hi"}, "--age") },
		"help without a flag":                func(tb testing.TB) { WantHelp(tb, demo(), "hi", "age") },
		"help of no command":                 func(tb testing.TB) { WantHelp(tb, demo(), "nope") },
	} {
		r := &recorder{TB: t}
		check(r)
		if !r.failed {
			t.Errorf("%s: the check passed, want it to fail", name)
		}
	}
}
