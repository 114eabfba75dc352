package cli

import (
	"errors"
	"strings"
	"testing"
)

func TestPlayMoves(t *testing.T) {
	var played []string
	play := func(text string) error {
		if text == "bad" {
			return errors.New("no such move")
		}
		played = append(played, text)
		return nil
	}
	reason := func(err error) string { return "because " + err.Error() }
	var out strings.Builder
	after := func() { out.WriteString("--\n") }
	if err := PlayMoves(strings.NewReader(" a\n bad\tb "), &out, play, reason, after); err != nil {
		t.Fatal(err)
	}
	const want = "ok a\n--\nillegal bad: because no such move\n--\nok b\n--\n"
	if got := out.String(); got != want || strings.Join(played, " ") != "a b" {
		t.Errorf("got %q, played %q; want %q, played \"a b\"", got, played, want)
	}
	out.Reset()
	if err := PlayMoves(strings.NewReader("x"), &out, play, reason, nil); err != nil || out.String() != "ok x\n" {
		t.Errorf("without after: got %q, %v; want \"ok x\\n\", nil", out.String(), err)
	}
}

type move string

func (m move) String() string { return string(m) }

func TestSortedMoves(t *testing.T) {
	for _, tc := range []struct {
		in   []move
		want string
	}{
		{nil, ""},
		{[]move{"W-F", "D", "10-1", "3-5"}, "10-1 3-5 D W-F"},
	} {
		if got := SortedMoves(tc.in); got != tc.want {
			t.Errorf("SortedMoves(%q): got %q, want %q", tc.in, got, tc.want)
		}
	}
}

func TestResult(t *testing.T) {
	for _, tc := range []struct {
		won, stuck bool
		want       string
	}{{true, false, "won"}, {true, true, "won"}, {false, true, "stuck"}, {false, false, "playing"}} {
		if got := Result(tc.won, tc.stuck); got != tc.want {
			t.Errorf("Result(%v, %v): got %q, want %q", tc.won, tc.stuck, got, tc.want)
		}
	}
}
