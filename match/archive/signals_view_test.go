package archive_test

import (
	"context"
	"fmt"
	"math/rand/v2"
	"slices"
	"strings"
	"testing"
	"time"

	"github.com/solitaire-race/racer/match"
	"github.com/solitaire-race/racer/match/archive"
	"github.com/solitaire-race/racer/match/game"
	"github.com/solitaire-race/racer/match/game/games"
	"github.com/solitaire-race/racer/match/replay"
)

// maxLine bounds the moves of a measured line: the lines that reach it
// are long tails of draws through the stock of a game gone nowhere.
const maxLine = 300

// winnableSeeds returns the first n seeds from 1 whose deals the
// game's solver proves winnable for profile within a pool's budget.
func winnableSeeds(tb testing.TB, profile string, n int) []uint64 {
	tb.Helper()
	v, err := games.Lookup(profile)
	if err != nil {
		tb.Fatal(err)
	}
	var seeds []uint64
	for seed := uint64(1); len(seeds) < n && seed < uint64(20*n+100); seed++ {
		if won, _ := v.Winnable(context.Background(), seed, game.PoolNodes, time.Minute); won {
			seeds = append(seeds, seed)
		}
	}
	if len(seeds) < n {
		tb.Fatalf("%s: %d winnable seeds found, want %d", profile, len(seeds), n)
	}
	return seeds
}

// playLine plays the deal of seed under profile, a move at a time as
// next chooses from the board and the practice game (which are in the
// same position), until the game is won, stuck, next has no move or
// maxLine moves: a racer's line.
func playLine(tb testing.TB, profile string, seed uint64, next func(b game.Board, g game.Practice) string) []string {
	tb.Helper()
	v, err := games.Lookup(profile)
	if err != nil {
		tb.Fatal(err)
	}
	p := v.(game.Practicer)
	opts, err := p.Options(game.PracticeOptions{Hints: true})
	if err != nil {
		tb.Fatal(err)
	}
	g, err := p.Practice(seed, opts)
	if err != nil {
		tb.Fatal(err)
	}
	b := v.NewBoard(seed)
	var line []string
	for len(line) < maxLine && !b.Won() {
		m := next(b, g)
		if m == "" {
			break
		}
		st, err := b.Try(m, match.DefaultStuckBudget)
		if err != nil {
			tb.Fatalf("%s seed %d: move %d %q: %v", profile, seed, len(line)+1, m, err)
		}
		if err := b.Commit(m); err != nil {
			tb.Fatal(err)
		}
		if _, err := g.Play(m); err != nil {
			tb.Fatal(err)
		}
		line = append(line, m)
		if st == game.Stuck {
			break
		}
	}
	return line
}

// The lines a racer may play: an honest player's, the view-only bot at
// a level (greedy, one move ahead, plays in a style of its own); a
// cheat's, who sees every card and plays the all-knowing solver's hint
// at each move, as the signals ask it (1,500 positions) or searching
// further (5,000); and a part-time cheat's, who plays the hint at
// about half the moves and the steady bot's move at the rest.
type lineKind struct {
	name  string
	cheat bool
	play  func(profile string, seed uint64) func(b game.Board, g game.Practice) string
}

func botPlayer(level string) func(profile string, seed uint64) func(b game.Board, g game.Practice) string {
	return func(profile string, seed uint64) func(b game.Board, g game.Practice) string {
		v, _ := games.Lookup(profile)
		bot, err := v.(game.Botter).NewBot(level, seed)
		if err != nil {
			panic(err)
		}
		return func(b game.Board, _ game.Practice) string {
			m, ok := bot.NextBoard(b)
			if !ok {
				return ""
			}
			return m.Move
		}
	}
}

func hintPlayer(share float64, nodes int64) func(profile string, seed uint64) func(b game.Board, g game.Practice) string {
	return func(profile string, seed uint64) func(b game.Board, g game.Practice) string {
		v, _ := games.Lookup(profile)
		bot, err := v.(game.Botter).NewBot("steady", seed)
		if err != nil {
			panic(err)
		}
		rng := rand.New(rand.NewPCG(seed, 36))
		return func(b game.Board, g game.Practice) string {
			m, ok := bot.NextBoard(b) // every view, so the bot remembers what it saw
			if share >= 1 || rng.Float64() < share {
				h, _ := g.Hint(context.Background(), game.SearchBudget{Nodes: nodes})
				return h
			}
			if !ok {
				return ""
			}
			return m.Move
		}
	}
}

var lineKinds = []lineKind{
	{"relaxed", false, botPlayer("relaxed")},
	{"steady", false, botPlayer("steady")},
	{"greedy", false, botPlayer("greedy")},
	{"cheat", true, hintPlayer(1, 1500)},
	{"cheat-5k", true, hintPlayer(1, 5000)},
	{"half-cheat", true, hintPlayer(0.5, 1500)},
}

// accountRace is a race of one account playing line on the deal of
// seed, at a person's uneven pace (0.6 to 2.9 s a move).
func accountRace(profile string, seed uint64, line []string) replay.Replay {
	start := time.Date(2026, 12, 7, 10, 0, 0, 0, time.UTC)
	var acts []replay.Action
	ms := int64(0)
	for i, m := range line {
		ms += 600 + int64(i*7919%2300)
		acts = append(acts, replay.Action{Seq: uint64(i + 1), Action: m, At: start.Add(time.Duration(ms) * time.Millisecond), Ms: ms})
	}
	const id = "00000000000000a1"
	return replay.Replay{Race: fmt.Sprintf("%s-%d", profile, seed), Profile: profile, Seed: seed, StartAt: start,
		Racers:  []match.Racer{{ID: id, Name: "Racer", Account: true}},
		Result:  match.Result{Race: "r", FinishedAt: start.Add(time.Hour), Standings: []match.Standing{{Place: 1, Player: id, Name: "Racer"}}},
		Actions: map[string][]replay.Action{id: acts}}
}

// BenchmarkFairPlayBeyondViewRates measures the beyond_view signal on
// the lines of lineKinds over proven-winnable deals of each profile
// (the seeds of winnableSeeds), at ComputeSignals' defaults with a
// budget that never cuts the sampling: one row a line with -v, then
// each kind's share of lines flagged. docs/OPERATIONS.md ("Fair play")
// publishes its figures; re-run it when a bot or the solver changes:
//
//	go test -run XXX -bench FairPlayBeyondViewRates -benchtime 1x -timeout 2h -v ./match/archive
func BenchmarkFairPlayBeyondViewRates(b *testing.B) {
	deals := map[string]int{"bvs": 20, "classic": 20, "spider-1": 8, "spider-2": 6, "freecell": 4}
	cfg := archive.SignalsConfig{Games: games.All, Budget: time.Hour}
	for b.Loop() {
		for _, profile := range []string{"bvs", "classic", "spider-1", "spider-2", "freecell"} {
			type tally struct{ lines, beyond, agreement, diverged, divergent, beyondView int }
			tallies := map[string]*tally{}
			for _, seed := range winnableSeeds(b, profile, deals[profile]) {
				for _, k := range lineKinds {
					line := playLine(b, profile, seed, k.play(profile, seed))
					ss, err := archive.ComputeSignals(b.Context(), accountRace(profile, seed, line), cfg)
					if err != nil {
						b.Fatal(err)
					}
					s := ss[0]
					b.Logf("row %s %d %s moves=%d sampled=%d agreed=%d divergent=%d beyond=%d share=%.2f flags=%s",
						profile, seed, k.name, len(line), s.Sampled, s.Agreed, s.Divergent, s.BeyondView, s.BeyondShare(), strings.Join(s.Flags, ","))
					t := tallies[k.name]
					if t == nil {
						t = &tally{}
						tallies[k.name] = t
					}
					t.lines++
					t.divergent += s.Divergent
					t.beyondView += s.BeyondView
					if s.Divergent > 0 {
						t.diverged++
					}
					if slices.Contains(s.Flags, archive.FlagBeyondView) {
						t.beyond++
					}
					if slices.Contains(s.Flags, archive.FlagSolverAgreement) {
						t.agreement++
					}
				}
			}
			for _, k := range lineKinds {
				t := tallies[k.name]
				b.Logf("sum %s %s (cheat %v): %d lines, beyond_view %d, solver_agreement %d, lines with a divergent position %d, divergent %d, beyond %d",
					profile, k.name, k.cheat, t.lines, t.beyond, t.agreement, t.diverged, t.divergent, t.beyondView)
			}
		}
	}
}

// TestFairPlayBeyondView: on a Klondike deal, the line of a cheat who
// plays the all-knowing solver's hint at each move is flagged
// beyond_view: wherever the strong bot's view pointed elsewhere, it
// played the solver's move; an honest line, the relaxed bot's from its
// own view, is not. In FreeCell, which hides no card, the signal does
// not apply: no position is divergent, whatever the line. The deals
// are from BenchmarkFairPlayBeyondViewRates' rows, with a wide margin
// (13 of 13 against 0 of 13 at commit 36fa477's bots); when a bot
// changes, re-run it.
func TestFairPlayBeyondView(t *testing.T) {
	t.Parallel()
	const profile, seed = "classic", 81
	cfg := archive.SignalsConfig{Games: games.All, Budget: time.Minute}
	signals := func(t *testing.T, profile string, seed uint64, line []string) archive.Signals {
		t.Helper()
		ss, err := archive.ComputeSignals(t.Context(), accountRace(profile, seed, line), cfg)
		if err != nil {
			t.Fatal(err)
		}
		return ss[0]
	}
	cheatLine := playLine(t, profile, seed, hintPlayer(1, 1500)(profile, seed))
	cheat := signals(t, profile, seed, cheatLine)
	if !slices.Contains(cheat.Flags, archive.FlagBeyondView) || cheat.Divergent < 6 || cheat.BeyondView != cheat.Divergent {
		t.Errorf("the cheat: got %d of %d divergent positions beyond the view, flags %v; want every one of at least 6, flagged %s",
			cheat.BeyondView, cheat.Divergent, cheat.Flags, archive.FlagBeyondView)
	}
	honest := signals(t, profile, seed, playLine(t, profile, seed, botPlayer("relaxed")(profile, seed)))
	t.Logf("%s deal %d: the cheat %d of %d divergent positions beyond the view, the honest line %d of %d",
		profile, seed, cheat.BeyondView, cheat.Divergent, honest.BeyondView, honest.Divergent)
	if slices.Contains(honest.Flags, archive.FlagBeyondView) || honest.Divergent < 6 || honest.BeyondShare() > 0.5 {
		t.Errorf("the honest line: got %d of %d divergent positions beyond the view, flags %v; want at most half of at least 6, not flagged",
			honest.BeyondView, honest.Divergent, honest.Flags)
	}

	// A guest's line is not compared: the solver's part is for accounts.
	rp := accountRace(profile, seed, cheatLine[:40])
	rp.Racers[0].Account = false
	if ss, err := archive.ComputeSignals(t.Context(), rp, cfg); err != nil || ss[0].Divergent != 0 || ss[0].BeyondShare() != -1 {
		t.Errorf("a guest: got %+v, %v, want nothing compared", ss, err)
	}

	line := playLine(t, "freecell", 2, hintPlayer(1, 1500)("freecell", 2))
	if fc := signals(t, "freecell", 2, line); fc.Sampled < 15 || fc.Divergent != 0 || fc.BeyondShare() != -1 || slices.Contains(fc.Flags, archive.FlagBeyondView) {
		t.Errorf("FreeCell: got %d sampled, %d divergent (share %v), flags %v; want positions sampled, none divergent, not flagged",
			fc.Sampled, fc.Divergent, fc.BeyondShare(), fc.Flags)
	}
}
