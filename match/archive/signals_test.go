package archive_test

import (
	"context"
	"slices"
	"sync"
	"testing"
	"time"

	"github.com/solitaire-race/racer/internal/enginetest"
	"github.com/solitaire-race/racer/match"
	"github.com/solitaire-race/racer/match/archive"
	"github.com/solitaire-race/racer/match/game"
	"github.com/solitaire-race/racer/match/game/games"
	"github.com/solitaire-race/racer/match/replay"
)

// solverLine plays n moves of the deal of seed under profile, each the
// all-knowing solver's hint with the budget ComputeSignals uses by
// default: the line of a player who knew every card.
func solverLine(profile string, seed uint64, n int) ([]string, error) {
	v, err := games.Lookup(profile)
	if err != nil {
		return nil, err
	}
	p := v.(game.Practicer)
	opts, err := p.Options(game.PracticeOptions{Hints: true})
	if err != nil {
		return nil, err
	}
	g, err := p.Practice(seed, opts)
	if err != nil {
		return nil, err
	}
	var line []string
	for range n {
		h, _ := g.Hint(context.Background(), game.SearchBudget{Nodes: 1500})
		if h == "" {
			break
		}
		if _, err := g.Play(h); err != nil {
			return nil, err
		}
		line = append(line, h)
	}
	return line, nil
}

// fairPlayLine is the solver's line of fairPlayRace, computed once per
// test binary (the solver is deterministic); callers only read it.
var fairPlayLine = sync.OnceValues(func() ([]string, error) { return solverLine("bvs", 7, 60) })

// fairPlayRace is a race of two seats on one deal: "fast" plays the
// all-knowing solver's line at a machine's pace (an action every 100 ms)
// and wins; "seat" plays the first seven moves of that line at a
// person's uneven pace, turning cards up, then resigns with no card off
// the table.
func fairPlayRace(t testing.TB) replay.Replay {
	t.Helper()
	const seed = 7
	line, err := fairPlayLine()
	if err != nil {
		t.Fatal(err)
	}
	if len(line) < 45 {
		t.Fatalf("the solver's line has %d moves, want at least 45", len(line))
	}
	start := time.Date(2026, 12, 1, 10, 0, 0, 0, time.UTC)
	act := func(seq int, a string, ms int64) replay.Action {
		return replay.Action{Seq: uint64(seq), Action: a, At: start.Add(time.Duration(ms) * time.Millisecond), Ms: ms}
	}
	var fast []replay.Action
	for i, m := range line {
		fast = append(fast, act(i+1, m, 1000+100*int64(i)))
	}
	var seat []replay.Action
	for i, ms := range []int64{1000, 1400, 2600, 3300, 5800, 6700, 7000} {
		seat = append(seat, act(i+1, line[i], ms))
	}
	seat = append(seat, act(len(seat)+1, "resign", 8000))
	end := start.Add(time.Duration(1000+100*len(line)) * time.Millisecond)
	return replay.Replay{
		Race: "fairplay-race", Profile: "bvs", Seed: seed, StartAt: start,
		Racers: []match.Racer{{ID: "00000000000000f1", Name: "Fast", Account: true}, {ID: "00000000000000f2", Name: "Seat", Account: true}},
		Result: match.Result{Race: "fairplay-race", FinishedAt: end, Standings: []match.Standing{
			{Place: 1, Player: "00000000000000f1", Name: "Fast", Status: match.StatusWon, Foundation: 52},
			{Place: 2, Player: "00000000000000f2", Name: "Seat", Status: match.StatusResigned, Foundation: 0},
		}},
		Actions: map[string][]replay.Action{"00000000000000f1": fast, "00000000000000f2": seat},
	}
}

// TestFairPlaySignals computes the signals of a known log: the timing
// figures by hand, the sacrificial pattern, and the agreement with the
// all-knowing solver of a line that is the solver's own.
func TestFairPlaySignals(t *testing.T) {
	t.Parallel()
	rp := fairPlayRace(t)
	var asked [][2]string
	cfg := archive.SignalsConfig{Games: games.All, Budget: time.Minute,
		Linked: func(_ context.Context, a, b string) (bool, error) {
			asked = append(asked, [2]string{a, b})
			return true, nil
		}}
	if testing.Short() {
		// The view comparison is TestFairPlayBeyondView's; the relaxed
		// bot imagines no deals.
		cfg.ViewBot = storedSignals().ViewBot
	}
	ss, err := archive.ComputeSignals(t.Context(), rp, cfg)
	if err != nil {
		t.Fatal(err)
	}
	if len(ss) != 2 {
		t.Fatalf("got %d racers' signals, want 2", len(ss))
	}
	fast, seat := ss[0], ss[1]
	n := len(rp.Actions[fast.Player])
	if fast.Actions != n || fast.MedianMs != 100 || fast.SpreadMs != 0 || fast.QuickRun != n || fast.PeakMoves != 10 {
		t.Errorf("fast: got actions %d, median %d, spread %d, quick run %d, peak %d; want %d, 100, 0, %d, 10",
			fast.Actions, fast.MedianMs, fast.SpreadMs, fast.QuickRun, fast.PeakMoves, n, n)
	}
	if fast.Sampled < 15 || fast.Agreed != fast.Sampled || fast.Agreement != 1 {
		t.Errorf("fast: got %d of %d sampled moves agreeing (%v), want every one of at least 15", fast.Agreed, fast.Sampled, fast.Agreement)
	}
	for _, f := range []string{archive.FlagQuickRun, archive.FlagPeakSpeed, archive.FlagSteadyTiming, archive.FlagSolverAgreement, archive.FlagSacrificeWinner} {
		if !slices.Contains(fast.Flags, f) {
			t.Errorf("fast: got flags %v, want %s among them", fast.Flags, f)
		}
	}
	// The seat's gaps: 400, 1200, 700, 2500, 900, 300 ms.
	if seat.Actions != 7 || seat.MedianMs != 800 || seat.SpreadMs != 800 || seat.QuickRun != 0 || seat.PeakMoves != 2 {
		t.Errorf("seat: got actions %d, median %d, spread %d, quick run %d, peak %d; want 7, 800, 800, 0, 2",
			seat.Actions, seat.MedianMs, seat.SpreadMs, seat.QuickRun, seat.PeakMoves)
	}
	if seat.Revealed < 3 {
		t.Fatalf("seat: got %d cards turned up, want at least 3 for the pattern", seat.Revealed)
	}
	if !slices.Equal(seat.Flags, []string{archive.FlagSacrificialSeat}) || seat.Partner != fast.Player || fast.Partner != seat.Player {
		t.Errorf("seat: got flags %v, partner %q (winner's %q), want the sacrificial seat of the winner", seat.Flags, seat.Partner, fast.Partner)
	}
	if !seat.Linked || !fast.Linked || len(asked) != 1 || asked[0] != [2]string{seat.Player, fast.Player} {
		t.Errorf("got linked %v/%v after asking %v, want the pair asked once and linked", seat.Linked, fast.Linked, asked)
	}

	// A guest's game gets the timing signals but no solver's part.
	guests := rp
	guests.Racers = []match.Racer{{ID: "00000000000000f1", Name: "Fast"}, {ID: "00000000000000f2", Name: "Seat"}}
	gs, err := archive.ComputeSignals(t.Context(), guests, archive.SignalsConfig{Games: games.All, Budget: time.Minute})
	if err != nil {
		t.Fatal(err)
	}
	if gs[0].Sampled != 0 || gs[0].Agreement != -1 || gs[0].MedianMs != 100 || gs[0].QuickRun != n {
		t.Errorf("a guest: got %d positions sampled (agreement %v), median %d, quick run %d; want none sampled and the timing there",
			gs[0].Sampled, gs[0].Agreement, gs[0].MedianMs, gs[0].QuickRun)
	}

	// Without a link lookup the pattern is flagged on the race alone;
	// without the games no agreement is measured.
	ss, err = archive.ComputeSignals(t.Context(), rp, archive.SignalsConfig{})
	if err != nil {
		t.Fatal(err)
	}
	if ss[0].Agreement != -1 || ss[0].Sampled != 0 || ss[1].Revealed != 0 || slices.Contains(ss[1].Flags, archive.FlagSacrificialSeat) {
		t.Errorf("without games: got %+v, want no agreement and no reveal counted", ss)
	}
}

// TestFairPlaySignalsBounded: the solver's part stops at the race's
// budget; the timing signals are there all the same.
func TestFairPlaySignalsBounded(t *testing.T) {
	t.Parallel()
	rp := fairPlayRace(t)
	ss, err := archive.ComputeSignals(t.Context(), rp, archive.SignalsConfig{Games: games.All, Budget: time.Nanosecond})
	if err != nil {
		t.Fatal(err)
	}
	if ss[0].Sampled != 0 || ss[0].MedianMs != 100 {
		t.Errorf("got %d positions sampled, median %d ms, want none sampled and the median there", ss[0].Sampled, ss[0].MedianMs)
	}
}

// BenchmarkFairPlaySignals is the CPU of one race's signals at the
// defaults (cpu-ns/op: the process's, the garbage collector's
// included): a 60-move line sampled at 20 positions, and a short seat.
func BenchmarkFairPlaySignals(b *testing.B) {
	rp := fairPlayRace(b)
	cfg := archive.SignalsConfig{Games: games.All}
	b.ReportAllocs()
	done := enginetest.CPUTimer(b)
	for b.Loop() {
		if _, err := archive.ComputeSignals(b.Context(), rp, cfg); err != nil {
			b.Fatal(err)
		}
	}
	done()
}
