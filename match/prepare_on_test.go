package match_test

import (
	"testing"
	"time"

	"github.com/solitaire-race/racer/match"
	"github.com/solitaire-race/racer/match/game/games"
)

// TestPrepareOnSearch: PrepareOn leaves the stuck search to Search on the
// caller's scratch board, and the verdict is Prepare's: each draw of a
// deal that gets stuck by drawing alone, prepared both ways.
func TestPrepareOnSearch(t *testing.T) {
	seed, n := stuckAfterDraws(t)
	r := newRace(t, seed, "a", "b")
	r.Profile = "classic"
	m, err := match.New(r, match.Options{Games: games.All})
	if err != nil {
		t.Fatal(err)
	}
	scratch := m.Variant().NewBoard(0)
	for seq := uint64(1); seq <= uint64(n); seq++ {
		want, err := m.Prepare("a", seq, "D")
		if err != nil {
			t.Fatal(err)
		}
		p, err := m.PrepareOn("a", seq, "D", scratch)
		if err != nil {
			t.Fatal(err)
		}
		if !p.Searching() || p.Status != match.StatusPlaying {
			t.Fatalf("draw %d: PrepareOn: searching %v, status %s; want a search waiting, playing", seq, p.Searching(), p.Status)
		}
		p.Search(scratch)
		if p.Searching() || p.Status != want.Status {
			t.Fatalf("draw %d: after Search: searching %v, status %s; want none, %s (Prepare's)", seq, p.Searching(), p.Status, want.Status)
		}
		if !m.Commit(p, t0.Add(time.Second)) {
			t.Fatalf("draw %d not committed", seq)
		}
	}
	if pr, _ := m.Progress("a"); pr.Status != match.StatusStuck || pr.Seq != uint64(n) {
		t.Errorf("after %d draws: %s at seq %d, want stuck at %d", n, pr.Status, pr.Seq, n)
	}
	if p, err := m.PrepareOn("b", 1, match.ActionResign, scratch); err != nil || p.Searching() {
		t.Errorf("resign: searching %v, %v; want no search", p.Searching(), err)
	}
}

// TestPrepareOnMovedOn: a verdict reached on a board that has moved on
// since (its moves heard from the store) is dropped: the racer's status
// is the board's own.
func TestPrepareOnMovedOn(t *testing.T) {
	seed, n := stuckAfterDraws(t)
	if n < 2 {
		t.Skipf("seed %d is stuck after its first draw", seed)
	}
	r := newRace(t, seed, "a", "b")
	r.Profile = "classic"
	m, err := match.New(r, match.Options{Games: games.All})
	if err != nil {
		t.Fatal(err)
	}
	at := t0.Add(time.Second)
	for seq := uint64(1); seq < uint64(n-1); seq++ {
		if _, err := m.Advance("a", seq, "D", at); err != nil {
			t.Fatal(err)
		}
	}
	scratch := m.Variant().NewBoard(0)
	p, err := m.PrepareOn("a", uint64(n-1), "D", scratch)
	if err != nil {
		t.Fatal(err)
	}
	// Meanwhile the store's events bring this draw and the next, which
	// leaves the racer stuck.
	for seq := uint64(n - 1); seq <= uint64(n); seq++ {
		if ok, err := m.Advance("a", seq, "D", at); !ok || err != nil {
			t.Fatalf("Advance %d: %v, %v", seq, ok, err)
		}
	}
	p.Search(scratch)
	if p.Status != match.StatusPlaying {
		t.Fatalf("verdict after draw %d: %s, want playing", n-1, p.Status)
	}
	if m.Commit(p, at) {
		t.Error("Commit took a move the board has moved past")
	}
	if pr, _ := m.Progress("a"); pr.Status != match.StatusStuck || pr.Seq != uint64(n) {
		t.Errorf("after the events: %s at seq %d, want stuck at %d", pr.Status, pr.Seq, n)
	}
}

// TestPrepareOnAllocatesNothing: a Klondike move through PrepareOn,
// Search on the scratch board, Commit and Progress allocates nothing.
func TestPrepareOnAllocatesNothing(t *testing.T) {
	r := match.Race{ID: "r", Profile: "relaxed-3", Seed: 9, StartAt: t0, Racers: []match.Racer{{ID: "a"}, {ID: "b"}}}
	m, err := match.New(r, match.Options{Games: games.All})
	if err != nil {
		t.Fatal(err)
	}
	scratch := m.Variant().NewBoard(0)
	at := t0.Add(time.Second)
	n := 0
	if allocs := testing.AllocsPerRun(100, func() {
		move := "D"
		if n%9 == 8 { // relaxed-3 draws three: 8 draws empty the stock
			move = "R"
		}
		n++
		p, err := m.PrepareOn("a", m.Seq("a")+1, move, scratch)
		if err != nil {
			t.Fatal(err)
		}
		p.Search(scratch)
		if !m.Commit(p, at) {
			t.Fatal("not committed")
		}
		_, _ = m.Progress("a")
	}); allocs != 0 {
		t.Errorf("PrepareOn, Search, Commit and Progress allocate %.1f times a Klondike move, want 0", allocs)
	}
}

// TestAdvanceOnSettle: AdvanceOn applies a stored action at once and
// leaves its stuck search to Search and Settle; the statuses it reaches
// are Advance's. A verdict on a board that has moved on is dropped.
func TestAdvanceOnSettle(t *testing.T) {
	seed, n := stuckAfterDraws(t)
	r := newRace(t, seed, "a", "b")
	r.Profile = "classic"
	want, err := match.New(r, match.Options{Games: games.All})
	if err != nil {
		t.Fatal(err)
	}
	m, err := match.New(r, match.Options{Games: games.All})
	if err != nil {
		t.Fatal(err)
	}
	scratch := m.Variant().NewBoard(0)
	at := t0.Add(time.Second)
	for seq := uint64(1); seq <= uint64(n); seq++ {
		if _, err := want.Advance("a", seq, "D", at); err != nil {
			t.Fatal(err)
		}
		p, ok, err := m.AdvanceOn("a", seq, "D", at, scratch)
		if !ok || err != nil || !p.Searching() {
			t.Fatalf("draw %d: AdvanceOn: %v, %v, searching %v; want applied, a search waiting", seq, ok, err, p.Searching())
		}
		if pr, _ := m.Progress("a"); pr.Status != match.StatusPlaying || pr.Seq != seq {
			t.Fatalf("draw %d before the search: %s at %d, want playing at %d", seq, pr.Status, pr.Seq, seq)
		}
		p.Search(scratch)
		changed := m.Settle(p)
		wp, _ := want.Progress("a")
		if got, _ := m.Progress("a"); got.Status != wp.Status || changed != (wp.Status == match.StatusStuck) {
			t.Fatalf("draw %d: %s (changed %v), want %s (Advance's)", seq, got.Status, changed, wp.Status)
		}
	}
	if _, ok, err := m.AdvanceOn("a", 1, "D", at, scratch); ok || err != nil {
		t.Errorf("an entry applied already: %v, %v; want false, nil", ok, err)
	}

	// Moved on: the verdict of draw n reaches a board past it.
	m2, err := match.New(r, match.Options{Games: games.All})
	if err != nil {
		t.Fatal(err)
	}
	for seq := uint64(1); seq < uint64(n); seq++ {
		if _, _, err := m2.AdvanceOn("a", seq, "D", at, scratch); err != nil {
			t.Fatal(err)
		}
	}
	p, _, err := m2.AdvanceOn("a", uint64(n), "D", at, scratch)
	if err != nil {
		t.Fatal(err)
	}
	p.Search(scratch)
	if p.Status != match.StatusStuck {
		t.Fatalf("draw %d: verdict %s, want stuck", n, p.Status)
	}
	if _, err := m2.Advance("a", uint64(n+1), match.ActionResign, at); err != nil {
		t.Fatal(err)
	}
	if m2.Settle(p) {
		t.Error("Settle took a verdict for a board that has moved on")
	}
	if pr, _ := m2.Progress("a"); pr.Status != match.StatusResigned {
		t.Errorf("after the resign: %s, want resigned", pr.Status)
	}
}
