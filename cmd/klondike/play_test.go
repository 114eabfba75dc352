package main

import (
	"fmt"
	"slices"
	"strings"
	"testing"

	"github.com/solitaire-race/racer/internal/cli/clitest"
	"github.com/solitaire-race/racer/klondike"
)

// wonGame returns a deal and a move list that wins it under a draw-1
// profile: the stock holds A … 6 of every suit in foundation order, and
// each column holds 7 … K with its lowest card on top.
func wonGame() (deal, moves string) {
	var d klondike.Deal
	var play []string
	k := 28
	for r := klondike.Ace; r <= 6; r++ {
		for su := klondike.Suit(0); su < klondike.NumSuits; su++ {
			d[k] = klondike.NewCard(r, su)
			k++
			play = append(play, "D", "W-F")
		}
	}
	// The 28 high cards in foundation order; column c gets cards
	// c, c+7, … of it, bottom card the highest.
	var high []klondike.Card
	for r := klondike.Rank(7); r <= klondike.King; r++ {
		for su := klondike.Suit(0); su < klondike.NumSuits; su++ {
			high = append(high, klondike.NewCard(r, su))
		}
	}
	var cols [klondike.NumColumns][]klondike.Card
	col := map[klondike.Card]int{}
	i := 0
	for c := range cols {
		for range c + 1 {
			cols[c] = append(cols[c], high[i])
			col[high[i]] = c
			i++
		}
		slices.Reverse(cols[c])
	}
	k = 0
	for row := 0; row < klondike.NumColumns; row++ {
		for c := row; c < klondike.NumColumns; c++ {
			d[k] = cols[c][row]
			k++
		}
	}
	for _, c := range high {
		play = append(play, fmt.Sprintf("%d-F", col[c]+1))
	}
	return d.String(), strings.Join(play, " ")
}

// engineLegal lists the legal moves of s sorted bytewise, computed here
// from the engine.
func engineLegal(s *klondike.State) string {
	var names []string
	for _, m := range s.Moves(nil) {
		names = append(names, m.String())
	}
	slices.Sort(names)
	return strings.TrimSpace("legal: " + strings.Join(names, " "))
}

func TestPlayTrace(t *testing.T) {
	moves := []string{"D", "7-1", "3-3", "zz", "W-F", "2-6", "D", "R"}
	out, errOut, code := clitest.Exec(t, app, strings.Join(moves, "  \n\t"), "play", "--seed", "42", "--trace")
	if code != 0 || errOut != "" {
		t.Fatalf("exit %d, stderr %q", code, errOut)
	}
	// The expected transcript, from the engine.
	rules, _ := klondike.Profile("bvs")
	s := klondike.MustNew(klondike.NewDeal(42), rules)
	want := []string{engineLegal(&s)}
	for _, text := range moves {
		m, err := klondike.ParseMove(text)
		if err == nil {
			err = s.Apply(m)
		}
		switch e := err.(type) {
		case nil:
			want = append(want, "ok "+text)
		case *klondike.IllegalMoveError:
			want = append(want, "illegal "+text+": "+e.Reason)
		default:
			want = append(want, "illegal "+text+": "+err.Error())
		}
		want = append(want, engineLegal(&s))
	}
	want = append(want, "result: playing", "actions: 3", "foundations: 0")
	got := strings.Split(strings.TrimSuffix(out, "\n"), "\n")
	if !slices.Equal(got, want) {
		t.Errorf("got:\n%s\nwant:\n%s", strings.Join(got, "\n"), strings.Join(want, "\n"))
	}
	// The lines the contract spells out, literally.
	for _, line := range []string{
		"legal: 2-6 4-7 7-3 D",
		"ok D",
		"illegal 7-1: 6H does not go on JS in column 1: it needs a card one rank lower",
		`illegal 3-3: klondike: bad notation: move "3-3": a column cannot move onto itself`,
		"illegal W-F: 3C cannot start the clubs foundation: it starts with the ace",
		"ok 2-6",
		"illegal R: the stock is not empty yet",
	} {
		if !slices.Contains(got, line) {
			t.Errorf("output lacks the line %q:\n%s", line, out)
		}
	}
}

func TestPlayResults(t *testing.T) {
	wonDeal, wonMoves := wonGame()
	tests := []struct {
		name  string
		args  []string
		stdin string
		tail  string
	}{
		{"won", []string{"--rules", "relaxed-1", "--deal", wonDeal}, wonMoves,
			"result: won\nactions: 76\nfoundations: 52\n"},
		{"won then more", []string{"--rules", "classic", "--deal", wonDeal}, wonMoves + " D",
			"illegal D: the game is already won\nresult: won\nactions: 76\nfoundations: 52\n"},
		{"stuck", []string{"--rules", "classic", "--seed", "11"}, strings.Repeat("D ", 24),
			"ok D\nresult: stuck\nactions: 24\nfoundations: 0\n"},
		{"playing", []string{"--seed", "42"}, "", "result: playing\nactions: 0\nfoundations: 0\n"},
		{"default rules are bvs", []string{"--seed", "42"}, "D D D D D D D D R D D D D D D D D R D D D D D D D D R",
			"illegal R: no passes left: all 3 are used\nresult: playing\nactions: 26\nfoundations: 0\n"},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			out, errOut, code := clitest.Exec(t, app, tt.stdin, append([]string{"play"}, tt.args...)...)
			if code != 0 || errOut != "" {
				t.Fatalf("exit %d, stderr %q", code, errOut)
			}
			if !strings.HasSuffix(out, tt.tail) {
				t.Errorf("output ends:\n%s\nwant it to end:\n%s", lastLines(out, 5), tt.tail)
			}
			if strings.Contains(out, "legal:") {
				t.Error("legal: lines without --trace")
			}
			n := len(strings.Fields(tt.stdin))
			if got := strings.Count(out, "\n"); got != n+3 {
				t.Errorf("%d lines, want one per move (%d) and 3", got, n)
			}
		})
	}
}

func lastLines(s string, n int) string {
	lines := strings.Split(strings.TrimSuffix(s, "\n"), "\n")
	return strings.Join(lines[max(0, len(lines)-n):], "\n")
}

func TestPlayTraceWon(t *testing.T) {
	wonDeal, wonMoves := wonGame()
	out, _, code := clitest.Exec(t, app, wonMoves, "play", "--rules", "windows-1", "--deal", wonDeal, "--trace")
	if code != 0 || !strings.HasSuffix(out, "ok 7-F\nlegal:\nresult: won\nactions: 76\nfoundations: 52\n") {
		t.Errorf("exit %d; a won game should end with an empty legal: line, got:\n%s", code, lastLines(out, 5))
	}
}

func TestPlayUsageErrors(t *testing.T) {
	d := klondike.NewDeal(3).String()
	for _, tt := range []struct {
		args    []string
		problem string
	}{
		{[]string{"play"}, "give --seed N or --deal"},
		{[]string{"play", "--seed", "1", "--deal", d}, "not both"},
		{[]string{"play", "--rules", "nosuch", "--seed", "1"}, `unknown rule profile "nosuch"`},
		{[]string{"play", "--deal", "AS KS"}, "a deal is 52 cards, this one has 2"},
		{[]string{"play", "--deal", strings.Replace(d, d[:2], "ZZ", 1)}, "deal position 1"},
		{[]string{"play", "--deal", d[:len(d)-2] + d[:2]}, "twice"},
		{[]string{"play", "--seed", "x"}, "seed"},
		{[]string{"play", "--seed", "1", "D"}, `unexpected argument "D"`},
		{[]string{"play", "--trace=maybe", "--seed", "1"}, "trace"},
	} {
		clitest.WantUsageError(t, app, "D", tt.args, tt.problem)
	}
	clitest.WantHelp(t, app, "play", "rules", "seed", "deal", "trace")
}

func TestPlayReadError(t *testing.T) {
	clitest.WantReadError(t, app, "D ", "play", "--seed", "1")
}
