package clitest

import (
	"errors"
	"strings"
	"testing"

	"github.com/solitaire-race/racer/internal/cli"
)

// Exec runs app in-process as "NAME args…" with stdin and returns what it
// wrote and its exit status.
func Exec(t testing.TB, app *cli.App, stdin string, args ...string) (stdout, stderr string, code int) {
	t.Helper()
	var out, errOut strings.Builder
	code = app.Main(args, strings.NewReader(stdin), &out, &errOut)
	return out.String(), errOut.String(), code
}

// WantUsageError checks a run that must fail with status 2 and name the
// problem on stderr, printing nothing on stdout.
func WantUsageError(t testing.TB, app *cli.App, stdin string, args []string, problem string) {
	t.Helper()
	out, errOut, code := Exec(t, app, stdin, args...)
	if code != 2 {
		t.Errorf("%v: exit %d, want 2", args, code)
	}
	if out != "" {
		t.Errorf("%v: stdout %q, want nothing", args, out)
	}
	if !strings.Contains(errOut, problem) {
		t.Errorf("%v: stderr %q does not name the problem %q", args, errOut, problem)
	}
}

// WantHelp checks that "NAME cmd -h" and "--help" exit 0 and print the
// usage line and every one of flags on stderr.
func WantHelp(t testing.TB, app *cli.App, cmd string, flags ...string) {
	t.Helper()
	for _, h := range []string{"-h", "--help"} {
		out, errOut, code := Exec(t, app, "", cmd, h)
		if code != 0 || out != "" {
			t.Errorf("%s %s: exit %d, stdout %q; want 0 and nothing", cmd, h, code, out)
		}
		if !strings.Contains(errOut, "usage: "+app.Name()+" "+cmd) {
			t.Errorf("%s %s: stderr %q has no usage line", cmd, h, errOut)
		}
		for _, f := range flags {
			if !strings.Contains(errOut, "  -"+f+" ") && !strings.Contains(errOut, "  -"+f+"\n") {
				t.Errorf("%s %s does not document -%s:\n%s", cmd, h, f, errOut)
			}
		}
	}
}

// errDiskOnFire is the error of failingReader.
var errDiskOnFire = errors.New("disk on fire")

// failingReader gives its text, then fails with errDiskOnFire.
type failingReader struct {
	text string
	done bool
}

func (r *failingReader) Read(p []byte) (int, error) {
	if r.done {
		return 0, errDiskOnFire
	}
	r.done = true
	return copy(p, r.text), nil
}

// WantReadError checks that a run whose stdin gives text and then fails
// exits 1 and names the read error on stderr.
func WantReadError(t testing.TB, app *cli.App, text string, args ...string) {
	t.Helper()
	var out, errOut strings.Builder
	code := app.Main(args, &failingReader{text: text}, &out, &errOut)
	if code != 1 || !strings.Contains(errOut.String(), errDiskOnFire.Error()) {
		t.Errorf("%v: exit %d, stderr %q; want 1 and the read error", args, code, errOut.String())
	}
}

// WantOutput checks a run that must succeed (status 0, nothing on
// stderr) and print each of wants on stdout, and returns its stdout.
func WantOutput(t testing.TB, app *cli.App, args []string, wants ...string) string {
	t.Helper()
	out, errOut, code := Exec(t, app, "", args...)
	if code != 0 || errOut != "" {
		t.Fatalf("%v: exit %d, stderr %q; want 0 and nothing", args, code, errOut)
	}
	for _, want := range wants {
		if !strings.Contains(out, want) {
			t.Errorf("%v: output %q lacks %q", args, out, want)
		}
	}
	return out
}
