package main

import (
	"bytes"
	"strings"
	"testing"

	"github.com/solitaire-race/racer/spider"
)

// execSpider runs the command in-process as "spider args…" with stdin
// and returns what it wrote and its exit status.
func execSpider(t *testing.T, stdin string, args ...string) (stdout, stderr string, code int) {
	t.Helper()
	var out, errOut bytes.Buffer
	code = runMain(args, strings.NewReader(stdin), &out, &errOut)
	return out.String(), errOut.String(), code
}

// wantUsageError checks a run that must fail with status 2 and name the
// problem on stderr, printing nothing on stdout.
func wantUsageError(t *testing.T, stdin string, args []string, problem string) {
	t.Helper()
	out, errOut, code := execSpider(t, stdin, args...)
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
		out, errOut, code := execSpider(t, "", cmd, h)
		if code != 0 || out != "" {
			t.Errorf("%s %s: exit %d, stdout %q; want 0 and nothing", cmd, h, code, out)
		}
		if !strings.Contains(errOut, "usage: spider "+cmd) {
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
		rules string
		seed  string
		want  spider.Deal
	}{
		{"spider-1", "0", spider.NewDeal(0, 1)},
		{"spider-2", "42", spider.NewDeal(42, 2)},
		{"spider-4-std", "18446744073709551615", spider.NewDeal(1<<64-1, 4)},
	} {
		out, errOut, code := execSpider(t, "", "deal", "--rules", tt.rules, "--seed", tt.seed)
		if code != 0 || errOut != "" {
			t.Errorf("deal %s %s: exit %d, stderr %q", tt.rules, tt.seed, code, errOut)
		}
		rules, _ := spider.Profile(tt.rules)
		s := spider.MustNew(tt.want, rules)
		if want := tt.want.String() + "\n" + s.String(); out != want {
			t.Errorf("deal %s %s: got\n%s\nwant\n%s", tt.rules, tt.seed, out, want)
		}
	}
	// The default rules are spider-1; the first line is a deal.
	out, _, _ := execSpider(t, "", "deal", "--seed=7")
	first, layout, _ := strings.Cut(out, "\n")
	if d, err := spider.ParseDeal(first); err != nil || d != spider.NewDeal(7, 1) {
		t.Errorf("deal --seed=7: first line %q is not the 1-suit deal of seed 7 (%v)", first, err)
	}
	for _, want := range []string{" 1: (", "10: (", "stock: ", "completed 0/8"} {
		if !strings.Contains(layout, want) {
			t.Errorf("deal --seed=7: layout lacks %q:\n%s", want, layout)
		}
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
		{[]string{"deal", "--seed", "1", "--rules", "klondike"}, "--rules"},
		{[]string{"deal", "--seed", "1", "extra"}, `unexpected argument "extra"`},
		{[]string{"deal", "--bogus"}, "bogus"},
	} {
		wantUsageError(t, "", tt.args, tt.problem)
	}
	wantHelp(t, "deal", "seed", "rules")
}

func TestRunMain(t *testing.T) {
	_, errOut, code := execSpider(t, "")
	for _, c := range []string{"deal", "play", "solve", "stats"} {
		if code != 2 || !strings.Contains(errOut, c) {
			t.Errorf("no arguments: exit %d, stderr %q; want 2 and %q listed", code, errOut, c)
		}
	}
	_, errOut, code = execSpider(t, "", "-h")
	if code != 0 || !strings.Contains(errOut, "play") {
		t.Errorf("-h: exit %d, stderr %q; want 0 and the commands listed", code, errOut)
	}
	wantUsageError(t, "", []string{"nosuch"}, `unknown command "nosuch"`)
}
