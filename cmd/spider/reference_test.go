package main_test

import (
	"encoding/json"
	"fmt"
	"math/rand/v2"
	"slices"
	"strings"
	"testing"

	"github.com/solitaire-race/racer/internal/cli/clitest"
	"github.com/solitaire-race/racer/spider"
)

// The reference check of "spider analyze": games it has never seen
// (seeds and random legal move sequences drawn here), the built command
// run as a process, and what it prints checked against the contract,
// against "spider solve" and "spider play" (other code paths of the
// same binary), and every lost verdict of a small position against an
// exhaustive search written here over the engine's legal moves.

// randomGame plays up to n random legal moves on s from rng, favouring
// moves other than the deal (so that random games get somewhere), and
// returns them in notation with the positions after each.
func randomGame(rng *rand.Rand, s spider.State, n int) (moves []string, states []spider.State) {
	states = append(states, s)
	for range n {
		legal := s.Moves()
		if len(legal) == 0 {
			break
		}
		var other []spider.Move
		for _, m := range legal {
			if !m.IsDeal() {
				other = append(other, m)
			}
		}
		pick := legal
		if len(other) > 0 && rng.IntN(6) != 0 {
			pick = other
		}
		m := pick[rng.IntN(len(pick))]
		if err := s.Apply(m); err != nil {
			panic(err) // a move the engine listed as legal
		}
		moves, states = append(moves, m.String()), append(states, s)
		if s.Won() {
			break
		}
	}
	return moves, states
}

// key is the position of s without its counters: the columns (face-down
// count and cards), the stock and the runs completed.
func key(s *spider.State) string {
	b := make([]byte, 0, 128)
	for i := range spider.NumColumns {
		b = append(b, byte(s.FaceDown(i)))
		for _, c := range s.Column(i) {
			b = append(b, byte(c))
		}
		b = append(b, 0xff)
	}
	for _, c := range s.Stock() {
		b = append(b, byte(c))
	}
	return string(append(b, 0xff, byte(s.Completed())))
}

// winnable searches every position reachable from s by the engine's legal
// moves, each once, for a won one. It gives up (ok false) past limit
// positions.
func winnable(s spider.State, limit int) (won, ok bool) {
	seen := map[string]bool{key(&s): true}
	stack := []spider.State{s}
	for len(stack) > 0 {
		p := stack[len(stack)-1]
		stack = stack[:len(stack)-1]
		if p.Won() {
			return true, true
		}
		for _, m := range p.Moves() {
			q := p
			if err := q.Apply(m); err != nil {
				panic(err)
			}
			k := key(&q)
			if seen[k] {
				continue
			}
			if len(seen) >= limit {
				return false, false
			}
			seen[k] = true
			stack = append(stack, q)
		}
	}
	return false, true
}

func TestAnalyzeAgainstReference(t *testing.T) {
	if testing.Short() {
		t.Skip("-short: skips building cmd/spider and checking analyze against solve, play and an exhaustive search; CI runs it (go test without -short)")
	}
	bin := clitest.BuildCommand(t, "github.com/solitaire-race/racer/cmd/spider")
	games, limit := 6, 20_000
	rng := clitest.ReferenceRand(t)
	profiles := []string{"spider-1", "spider-2"}
	var lines, lost, confirmed, solveAgreed int
	for g := range games {
		profile := profiles[g%len(profiles)]
		seed := rng.Uint64()
		rules, err := spider.Profile(profile)
		if err != nil {
			t.Fatal(err)
		}
		moves, states := randomGame(rng, spider.MustNew(spider.NewDeal(seed, rules.Suits), rules), 40+rng.IntN(60))
		name := fmt.Sprintf("%s seed %d, %d moves", profile, seed, len(moves))
		deal := []string{"--rules", profile, "--seed", fmt.Sprint(seed)}
		a := clitest.DecodeAnalysis(t, clitest.Run(t, bin, "", append([]string{"analyze", "--json", "--moves", strings.Join(moves, " ")}, deal...)...))
		clitest.CheckContract(t, a, len(moves))
		t.Logf("%s: %s", name, clitest.Runs(a.Verdicts))
		if t.Failed() {
			t.Fatalf("%s: %s", name, strings.Join(moves, " "))
		}

		// verdicts[0] is solve's verdict of the deal.
		var solve struct {
			Result string   `json:"result"`
			Moves  []string `json:"moves"`
		}
		if err := json.Unmarshal([]byte(clitest.Run(t, bin, "", append([]string{"solve", "--json", "--nodes", "1000000", "--timeout", "20s"}, deal...)...)), &solve); err != nil {
			t.Fatal(err)
		}
		switch {
		case solve.Result != "unknown" && a.Verdicts[0] != "unknown" && solve.Result != a.Verdicts[0]:
			t.Errorf("%s: verdicts[0] %s, solve says %s", name, a.Verdicts[0], solve.Result)
		case solve.Result == a.Verdicts[0]:
			solveAgreed++
		}

		// The line replays to a win through play.
		if a.FirstLost != nil {
			k := *a.FirstLost
			in := strings.Join(append(slices.Clone(moves[:k-1]), a.Line...), " ")
			out := clitest.Run(t, bin, in, append([]string{"play"}, deal...)...)
			if strings.Contains(out, "illegal") || !strings.Contains(out, "result: won") {
				t.Errorf("%s: the line from move %d does not win through play:\n%s", name, k, out)
			}
			lines++
		}

		// Every lost verdict of a small position: no legal sequence of
		// moves wins from it. Positions get smaller towards the end, so
		// the search goes back from the last until one is too big.
		for i := len(a.Verdicts) - 1; i >= 0 && a.Verdicts[i] == "lost"; i-- {
			lost++
			won, ok := winnable(states[i], limit)
			if !ok {
				break
			}
			if won {
				t.Errorf("%s: verdict %d is lost, but the exhaustive search wins from it", name, i)
			}
			confirmed++
		}
	}
	t.Logf("%d games: %d lines replayed to a win, %d lost verdicts, %d confirmed exhaustively, verdicts[0] equal to solve's in %d", games, lines, lost, confirmed, solveAgreed)
	// Random Spider games are often never lost, or lost where positions
	// are too big to search here: lost verdicts are checked where they
	// occur and are small, without a minimum.
	if solveAgreed == 0 {
		t.Errorf("checked too little: %d agreements with solve", solveAgreed)
	}
}
