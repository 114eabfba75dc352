package analysis_test

import (
	"bytes"
	"context"
	"log/slog"
	"strings"
	"sync/atomic"
	"testing"

	"github.com/prometheus/client_golang/prometheus"

	"github.com/solitaire-race/racer/match"
	"github.com/solitaire-race/racer/match/analysis"
	"github.com/solitaire-race/racer/match/game"
	"github.com/solitaire-race/racer/match/game/games"
	"github.com/solitaire-race/racer/match/replay"
)

// thrownAway is a relaxed-3 game of seed 2 whose eleventh move, 6-4x4,
// throws a won position away.
const thrownAway = "6-F D 4-F 6-F 6-5 3-2 W-6 5-6x2 W-3 W-4 6-4x4 D D"

// sample returns the replay of a relaxed-3 race of seed 2: Ann plays
// thrownAway and resigns, Bob resigns at once.
func sample(race string) replay.Replay {
	rp := replay.Replay{Race: race, Profile: "relaxed-3", Seed: 2,
		Racers:  []match.Racer{{ID: "a", Name: "Ann"}, {ID: "b", Name: "Bob"}},
		Actions: map[string][]replay.Action{"b": {{Seq: 1, Action: "resign"}}},
	}
	for i, m := range strings.Fields(thrownAway) {
		rp.Actions["a"] = append(rp.Actions["a"], replay.Action{Seq: uint64(i + 1), Action: m})
	}
	rp.Actions["a"] = append(rp.Actions["a"], replay.Action{Seq: 14, Action: "resign"})
	return rp
}

func TestPoolAnalysesEveryRacer(t *testing.T) {
	store := replay.NewMemoryStore()
	reg := prometheus.NewRegistry()
	var workers atomic.Int32
	p, err := analysis.New(analysis.Config{Store: store, Lookup: games.Lookup, Registerer: reg, Workers: 2,
		Worker: func(work func()) { workers.Add(1); work() }})
	if err != nil {
		t.Fatal(err)
	}
	ctx, cancel := context.WithCancel(t.Context())
	done := make(chan error)
	go func() { done <- p.Run(ctx) }()
	p.Enqueue(sample("r1"))
	<-p.Idle()
	cancel()
	<-done
	if n := workers.Load(); n != 2 {
		t.Errorf("Config.Worker ran %d workers, want 2", n)
	}

	got, err := store.LoadAnalyses(t.Context(), "r1")
	if err != nil {
		t.Fatal(err)
	}
	a, b := got["a"], got["b"]
	if len(a.Verdicts) != 14 || a.FirstLost == nil || *a.FirstLost != 11 || len(a.Line) == 0 {
		t.Errorf("Ann: got %d verdicts, first lost %v, line %v; want 14, 11 and a line", len(a.Verdicts), a.FirstLost, a.Line)
	}
	if len(b.Verdicts) != 1 || b.Verdicts[0] != "won" || b.FirstLost != nil || b.Line != nil {
		t.Errorf("Bob: got %+v, want one won verdict and nothing lost", b)
	}
	// The line replays to a win from the position before the losing move.
	v, _ := games.Lookup("relaxed-3")
	board, err := game.Replay(v, 2, append(strings.Fields(thrownAway)[:10], a.Line...))
	if err != nil || !board.Won() {
		t.Errorf("Ann's line: %v; want a win", err)
	}
	if n := gamesTotal(t, reg, "done"); n != 2 {
		t.Errorf("games done: got %v, want 2", n)
	}
}

func TestPoolDropsTheOldest(t *testing.T) {
	store := replay.NewMemoryStore()
	reg := prometheus.NewRegistry()
	var log bytes.Buffer
	p, err := analysis.New(analysis.Config{Store: store, Lookup: games.Lookup, Registerer: reg, Queue: 1,
		Logger: slog.New(slog.NewTextHandler(&log, nil))})
	if err != nil {
		t.Fatal(err)
	}
	// No worker runs yet: of four games queued one at a time, three are
	// dropped, and the newest (r2's Bob) is analysed.
	p.Enqueue(sample("r1"))
	p.Enqueue(sample("r2"))
	if n := gamesTotal(t, reg, "dropped"); n != 3 {
		t.Errorf("dropped: got %v, want 3", n)
	}
	if n := pending(t, reg); n != 1 {
		t.Errorf("racer_analysis_pending before the workers run: got %v, want 1", n)
	}
	// One warning for the first drop; the next would come a minute later
	// with the count since.
	if n := strings.Count(log.String(), "queue full"); n != 1 {
		t.Errorf("got %d warnings for 3 drops, want 1:\n%s", n, log.String())
	}
	runUntilIdle(t, p)
	if n := pending(t, reg); n != 0 {
		t.Errorf("racer_analysis_pending once idle: got %v, want 0", n)
	}
	r1, _ := store.LoadAnalyses(t.Context(), "r1")
	r2, _ := store.LoadAnalyses(t.Context(), "r2")
	if len(r1) != 0 || len(r2) != 1 || len(r2["b"].Verdicts) != 1 {
		t.Errorf("got r1 %v, r2 %v; want only r2's Bob", r1, r2)
	}
}

func TestMoves(t *testing.T) {
	got := analysis.Moves([]replay.Action{{Action: "D"}, {Action: "W-F"}, {Action: "finish"}, {Action: "resign"}})
	if strings.Join(got, " ") != "D W-F" {
		t.Errorf("got %v, want [D W-F]", got)
	}
}

// gamesTotal returns racer_analysis_games_total{outcome} from reg (0
// when absent).
func gamesTotal(t *testing.T, reg *prometheus.Registry, outcome string) float64 {
	t.Helper()
	mfs, err := reg.Gather()
	if err != nil {
		t.Fatal(err)
	}
	for _, mf := range mfs {
		if mf.GetName() != "racer_analysis_games_total" {
			continue
		}
		for _, m := range mf.GetMetric() {
			if m.GetLabel()[0].GetValue() == outcome {
				return m.GetCounter().GetValue()
			}
		}
	}
	return 0
}

// pending returns racer_analysis_pending from reg.
func pending(t *testing.T, reg *prometheus.Registry) float64 {
	t.Helper()
	mfs, err := reg.Gather()
	if err != nil {
		t.Fatal(err)
	}
	for _, mf := range mfs {
		if mf.GetName() == "racer_analysis_pending" {
			return mf.GetMetric()[0].GetGauge().GetValue()
		}
	}
	t.Fatal("no racer_analysis_pending")
	return 0
}

func TestPoolGames(t *testing.T) {
	races, practice := replay.NewMemoryStore(), replay.NewMemoryStore()
	p, err := analysis.New(analysis.Config{Store: races, Lookup: games.Lookup, Queue: 1})
	if err != nil {
		t.Fatal(err)
	}
	outcomes := make(chan string, 4)
	game := func(id string) analysis.Game {
		return analysis.Game{ID: id, Profile: "relaxed-3", Seed: 2, Moves: strings.Fields(thrownAway), Store: practice,
			Ended: func(o string) { outcomes <- id + " " + o }}
	}
	// The queue holds one game: the first is dropped, and told so.
	p.EnqueueGame(game("p1"))
	p.EnqueueGame(game("p2"))
	if got := <-outcomes; got != "p1 dropped" {
		t.Errorf("got %q, want p1 dropped", got)
	}
	runUntilIdle(t, p)
	if got := <-outcomes; got != "p2 done" {
		t.Errorf("got %q, want p2 done", got)
	}
	got, _ := practice.LoadAnalyses(t.Context(), "p2")
	if a := got[""]; a.FirstLost == nil || *a.FirstLost != 11 {
		t.Errorf("p2: got %+v, want move 11 lost it", a)
	}
	if r, _ := races.LoadAnalyses(t.Context(), "p2"); len(r) != 0 {
		t.Errorf("the races' store got %v, want nothing", r)
	}
}

// TestPoolRequest: a game asked for again while it waits is not queued
// twice; one dropped from a full queue is queued again when asked for,
// and analysed.
func TestPoolRequest(t *testing.T) {
	store := replay.NewMemoryStore()
	reg := prometheus.NewRegistry()
	p, err := analysis.New(analysis.Config{Store: store, Lookup: games.Lookup, Registerer: reg, Queue: 2,
		Logger: slog.New(slog.DiscardHandler)})
	if err != nil {
		t.Fatal(err)
	}
	// No worker runs yet. r1's two games fill the queue; asking for Ann's
	// again changes nothing.
	p.Enqueue(sample("r1"))
	p.Request("", sample("r1"), []string{"a"})
	if n := pending(t, reg); n != 2 {
		t.Fatalf("pending after asking for a queued game again: got %v, want 2", n)
	}
	// r2's games push r1's out; asking for r1's Ann queues her again
	// (pushing out r2's Ann).
	p.Enqueue(sample("r2"))
	p.Request("", sample("r1"), []string{"a"})
	if n := gamesTotal(t, reg, "dropped"); n != 3 {
		t.Errorf("dropped: got %v, want 3", n)
	}
	runUntilIdle(t, p)
	r1, _ := store.LoadAnalyses(t.Context(), "r1")
	if len(r1) != 1 || len(r1["a"].Verdicts) != 14 {
		t.Errorf("r1's analyses: got %v, want Ann's, asked for after it was dropped", r1)
	}
}

// TestPoolPerClient: a client with Config.PerClient games waiting is
// refused more until one of them ends, and its refusal is counted; other
// clients and the races' own games are not held back by it.
func TestPoolPerClient(t *testing.T) {
	store, practice := replay.NewMemoryStore(), replay.NewMemoryStore()
	reg := prometheus.NewRegistry()
	p, err := analysis.New(analysis.Config{Store: store, Lookup: games.Lookup, Registerer: reg, PerClient: 3,
		Logger: slog.New(slog.DiscardHandler)})
	if err != nil {
		t.Fatal(err)
	}
	outcomes := make(chan string, 8)
	game := func(id, client string) analysis.Game {
		return analysis.Game{ID: id, Profile: "relaxed-3", Seed: 2, Moves: strings.Fields(thrownAway), Store: practice,
			Client: client, Ended: func(o string) { outcomes <- id + " " + o }}
	}
	// No worker runs yet. The client asks for r1's two games (taken),
	// then r2's two, which would make four: refused.
	if !p.Request("198.51.100.7", sample("r1"), []string{"a", "b"}) {
		t.Fatal("the client's first race was refused")
	}
	if p.Request("198.51.100.7", sample("r2"), []string{"a", "b"}) {
		t.Error("a race past the client's three games was taken")
	}
	// Asking again for a game it has queued adds nothing, so is taken.
	if !p.Request("198.51.100.7", sample("r1"), []string{"a"}) {
		t.Error("asking again for a queued game was refused")
	}
	// One more game fits; a second does not.
	if !p.EnqueueGame(game("p1", "198.51.100.7")) {
		t.Error("the client's third game was refused")
	}
	if p.EnqueueGame(game("p2", "198.51.100.7")) {
		t.Error("the client's fourth game was taken")
	}
	// Another client, and the races' own games, go on.
	if !p.EnqueueGame(game("p3", "2001:db8::/64")) {
		t.Error("another client's game was refused")
	}
	p.Enqueue(sample("r3"))
	if n := pending(t, reg); n != 6 {
		t.Errorf("pending: got %v, want 6 (r1's two, p1, p3, r3's two)", n)
	}
	if n := gamesTotal(t, reg, "refused"); n != 3 {
		t.Errorf("refused: got %v, want 3 (r2's two and p2)", n)
	}
	// Once its games ended, the client is taken again.
	runUntilIdle(t, p)
	if !p.Request("198.51.100.7", sample("r2"), []string{"a", "b"}) {
		t.Error("the client was refused after its games ended")
	}
	runUntilIdle(t, p)
	r2, _ := store.LoadAnalyses(t.Context(), "r2")
	if len(r2) != 2 {
		t.Errorf("r2's analyses: got %d, want 2", len(r2))
	}
}

// runUntilIdle runs p's workers until every game queued so far has
// ended, then stops them.
func runUntilIdle(t *testing.T, p *analysis.Pool) {
	t.Helper()
	ctx, cancel := context.WithCancel(t.Context())
	done := make(chan error)
	go func() { done <- p.Run(ctx) }()
	<-p.Idle()
	cancel()
	<-done
}
