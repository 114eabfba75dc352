package main

import (
	"bytes"
	"strings"
	"testing"

	"github.com/solitaire-race/racer/klondike"
)

// execKlondike runs the command in-process as "klondike args…" with stdin
// and returns what it wrote and its exit status.
func execKlondike(t *testing.T, stdin string, args ...string) (stdout, stderr string, code int) {
	t.Helper()
	var out, errOut bytes.Buffer
	code = runMain(args, strings.NewReader(stdin), &out, &errOut)
	return out.String(), errOut.String(), code
}

// wantUsageError checks a run that must fail with status 2 and name the
// problem on stderr, printing nothing on stdout.
func wantUsageError(t *testing.T, stdin string, args []string, problem string) {
	t.Helper()
	out, errOut, code := execKlondike(t, stdin, args...)
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

// wantHelp checks that -h exits 0 and documents every flag on stderr.
func wantHelp(t *testing.T, cmd string, flags ...string) {
	t.Helper()
	for _, h := range []string{"-h", "--help"} {
		out, errOut, code := execKlondike(t, "", cmd, h)
		if code != 0 || out != "" {
			t.Errorf("%s %s: exit %d, stdout %q; want 0 and nothing", cmd, h, code, out)
		}
		if !strings.Contains(errOut, "usage: klondike "+cmd) {
			t.Errorf("%s %s: stderr %q has no usage line", cmd, h, errOut)
		}
		for _, f := range flags {
			if !strings.Contains(errOut, "  -"+f+" ") && !strings.Contains(errOut, "  -"+f+"\n") {
				t.Errorf("%s %s does not document -%s:\n%s", cmd, h, f, errOut)
			}
		}
	}
}

func TestDeal(t *testing.T) {
	for _, tt := range []struct {
		seed string
		want klondike.Deal
	}{
		{"0", klondike.NewDeal(0)},
		{"42", klondike.NewDeal(42)},
		{"18446744073709551615", klondike.NewDeal(1<<64 - 1)},
	} {
		for _, flagName := range []string{"--seed", "-seed"} {
			out, errOut, code := execKlondike(t, "", "deal", flagName, tt.seed)
			if code != 0 || errOut != "" {
				t.Errorf("deal %s %s: exit %d, stderr %q", flagName, tt.seed, code, errOut)
			}
			if want := tt.want.String() + "\n"; out != want {
				t.Errorf("deal %s %s: got %q, want %q", flagName, tt.seed, out, want)
			}
		}
	}
	out, _, _ := execKlondike(t, "", "deal", "--seed=7")
	if _, err := klondike.ParseDeal(out); err != nil || strings.Count(out, "\n") != 1 {
		t.Errorf("deal --seed=7 printed %q: not one line holding a deal (%v)", out, err)
	}
}

func TestDealUsageErrors(t *testing.T) {
	for _, tt := range []struct {
		args    []string
		problem string
	}{
		{[]string{"deal"}, "--seed is required"},
		{[]string{"deal", "--seed"}, "seed"},
		{[]string{"deal", "--seed", "-1"}, "seed"},
		{[]string{"deal", "--seed", "x"}, "seed"},
		{[]string{"deal", "--seed", "18446744073709551616"}, "seed"},
		{[]string{"deal", "--seed", "1", "extra"}, `unexpected argument "extra"`},
		{[]string{"deal", "--bogus"}, "bogus"},
	} {
		wantUsageError(t, "", tt.args, tt.problem)
	}
	wantHelp(t, "deal", "seed")
}

func TestRunMain(t *testing.T) {
	_, errOut, code := execKlondike(t, "")
	if code != 2 || !strings.Contains(errOut, "deal") || !strings.Contains(errOut, "play") || !strings.Contains(errOut, "show") {
		t.Errorf("no arguments: exit %d, stderr %q; want 2 and the commands listed", code, errOut)
	}
	_, errOut, code = execKlondike(t, "", "-h")
	if code != 0 || !strings.Contains(errOut, "play") {
		t.Errorf("-h: exit %d, stderr %q; want 0 and the commands listed", code, errOut)
	}
	wantUsageError(t, "", []string{"nosuch"}, `unknown command "nosuch"`)
}
