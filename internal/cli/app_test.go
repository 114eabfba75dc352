package cli

import (
	"errors"
	"flag"
	"io"
	"strings"
	"testing"
	"time"
)

// run calls a.Main and returns what it wrote and its status.
func run(a *App, args ...string) (stdout, stderr string, code int) {
	var out, errOut strings.Builder
	code = a.Main(args, strings.NewReader(""), &out, &errOut)
	return out.String(), errOut.String(), code
}

func testApp() *App {
	a := NewApp("demo")
	a.Register("echo", "print the arguments", func(args []string, _ io.Reader, stdout, stderr io.Writer) int {
		fs := a.FlagSet("echo", stderr, "usage: demo echo [--loud]", "Prints hello.")
		loud := fs.Bool("loud", false, "shout")
		if code, ok := a.Parse(fs, args); !ok {
			return code
		}
		if *loud {
			io.WriteString(stdout, "HELLO\n")
			return 0
		}
		io.WriteString(stdout, "hello\n")
		return 0
	})
	a.Register("b", "second", func([]string, io.Reader, io.Writer, io.Writer) int { return 1 })
	return a
}

func TestAppMain(t *testing.T) {
	const usage = "usage: demo COMMAND [flags]   (demo COMMAND -h documents its flags)\ncommands:\n  b        second\n  echo     print the arguments\n"
	for _, tc := range []struct {
		args           []string
		stdout, stderr string
		code           int
	}{
		{nil, "", usage, 2},
		{[]string{"-h"}, "", usage, 0},
		{[]string{"help"}, "", usage, 0},
		{[]string{"nope"}, "", "demo: unknown command \"nope\"\n" + usage, 2},
		{[]string{"echo"}, "hello\n", "", 0},
		{[]string{"echo", "--loud"}, "HELLO\n", "", 0},
		{[]string{"echo", "x"}, "", "demo echo: unexpected argument \"x\"\n(demo echo -h documents the flags)\n", 2},
		{[]string{"echo", "-h"}, "", "usage: demo echo [--loud]\nPrints hello.\n  -loud\n    \tshout\n", 0},
		{[]string{"b"}, "", "", 1},
	} {
		out, errOut, code := run(testApp(), tc.args...)
		if out != tc.stdout || errOut != tc.stderr || code != tc.code {
			t.Errorf("%q: got %q, %q, %d; want %q, %q, %d", tc.args, out, errOut, code, tc.stdout, tc.stderr, tc.code)
		}
	}
}

func TestParseSeedRange(t *testing.T) {
	for _, tc := range []struct {
		in      string
		lo, hi  uint64
		problem string
	}{
		{"1-1000", 1, 1000, ""},
		{"5-5", 5, 5, ""},
		{"5", 0, 0, "want A-B"},
		{"x-3", 0, 0, "bad first seed"},
		{"3-y", 0, 0, "bad last seed"},
		{"5-1", 0, 0, "A ≤ B"},
		{"0-100000000", 0, 0, "at most"},
	} {
		lo, hi, err := ParseSeedRange(tc.in)
		switch {
		case tc.problem == "" && (err != nil || lo != tc.lo || hi != tc.hi):
			t.Errorf("%q: got %d, %d, %v; want %d, %d", tc.in, lo, hi, err, tc.lo, tc.hi)
		case tc.problem != "" && (err == nil || !strings.Contains(err.Error(), tc.problem)):
			t.Errorf("%q: got error %v, want one naming %q", tc.in, err, tc.problem)
		}
	}
}

// toy is a game for Start: the rules are a number, a deal is a string.
var toy = Game[int, string, string]{
	DefaultProfile: "one",
	Profile: func(name string) (int, error) {
		if name != "one" {
			return 0, errors.New("no such profile")
		}
		return 1, nil
	},
	NewDeal:   func(seed uint64, r int) string { return strings.Repeat("s", int(seed)+r) },
	ParseDeal: func(text string) (string, error) { return text, nil },
	New: func(d string, _ int) (string, error) {
		if d == "bad" {
			return "", errors.New("--deal: unplayable")
		}
		return "state " + d, nil
	},
}

func TestStart(t *testing.T) {
	for _, tc := range []struct {
		args           []string
		state, problem string
	}{
		{[]string{"--seed", "2"}, "state sss", ""},
		{[]string{"--deal", "xy"}, "state xy", ""},
		{[]string{"--rules", "two", "--seed", "2"}, "", "play: --rules: no such profile"},
		{[]string{"--seed", "2", "--deal", "xy"}, "", "play: give --seed or --deal, not both"},
		{nil, "", "play: give --seed N or --deal \"DEAL\""},
		{[]string{"--deal", "bad"}, "", "play: --deal: unplayable"},
	} {
		fs := flag.NewFlagSet("play", flag.ContinueOnError)
		g := toy.Flags(fs)
		if err := fs.Parse(tc.args); err != nil {
			t.Fatal(err)
		}
		s, problem := toy.Start(fs, g)
		if s != tc.state || problem != tc.problem {
			t.Errorf("%q: got %q, %q; want %q, %q", tc.args, s, problem, tc.state, tc.problem)
		}
	}
}

func TestPrintSolution(t *testing.T) {
	won := Solution{Verdict: "won", Moves: []string{"D", "3-F"}, Nodes: 7, Duration: 1500 * time.Millisecond}
	unknown := Solution{Verdict: "unknown", Stop: "nodes", Nodes: 5, Duration: 2 * time.Millisecond}
	for _, tc := range []struct {
		s      Solution
		asJSON bool
		want   string
	}{
		{won, false, "result: won\nmoves (2): D 3-F\nnodes: 7\nseconds: 1.500\n"},
		{won, true, `{"result":"won","moves":["D","3-F"],"nodes":7,"seconds":1.5}` + "\n"},
		{unknown, false, "result: unknown\nstopped: nodes budget\nnodes: 5\nseconds: 0.002\n"},
		{unknown, true, `{"result":"unknown","moves":[],"nodes":5,"seconds":0.002}` + "\n"},
	} {
		var out, errOut strings.Builder
		if code := NewApp("demo").PrintSolution(&out, &errOut, tc.s, tc.asJSON); code != 0 || out.String() != tc.want || errOut.Len() != 0 {
			t.Errorf("%+v json=%v: got %d, %q, %q; want 0, %q, nothing", tc.s, tc.asJSON, code, out.String(), errOut.String(), tc.want)
		}
	}
}

func TestSolveFlagsProblem(t *testing.T) {
	fs := flag.NewFlagSet("solve", flag.ContinueOnError)
	var f SolveFlags
	f.Register(fs, SolveFlags{Timeout: time.Second, Nodes: 100, MemoryMiB: 64})
	if p := f.Problem(); p != "" || f.MemoryMiB != 64 {
		t.Fatalf("defaults: got problem %q, memory %d MiB; want none, 64", p, f.MemoryMiB)
	}
	if err := fs.Parse([]string{"--nodes", "0"}); err != nil {
		t.Fatal(err)
	}
	if p := f.Problem(); !strings.Contains(p, "positive") {
		t.Errorf("--nodes 0: got problem %q, want one saying positive", p)
	}
}
