package hub

import (
	"bytes"
	"io"
	"log/slog"
	"testing"
	"time"

	"github.com/solitaire-race/racer/match"
	"github.com/solitaire-race/racer/match/game"
	"github.com/solitaire-race/racer/match/game/games"
	"github.com/solitaire-race/racer/match/matchtest"
)

// delayedLocked returns the board after the latest entry at least the
// delay old (the position the moves up to it make), drops the entries it
// played in place (keeping the array, so that appends after a trim do not
// reallocate), and never shows an entry newer than the delay.
func TestDelayedBoardsTrimInPlace(t *testing.T) {
	t.Parallel()
	t0 := time.Unix(1_700_000_000, 0)
	seed, line := matchtest.Winnable(games.All, "bvs")
	race := match.Race{ID: "r", Profile: "bvs", Seed: seed, SpectatorDelay: 10 * time.Second,
		Racers: []match.Racer{{ID: "r"}, {ID: "q"}}}
	m, err := match.New(race, match.Options{Games: games.All})
	if err != nil {
		t.Fatal(err)
	}
	start, _ := m.Board("r")
	var after []game.Board // after[i]: the board after entry i+1
	h := make([]histEntry, 0, 16)
	for i, mv := range line[:8] {
		seq := uint64(i + 1)
		if _, err := m.Advance("r", seq, mv.String(), t0); err != nil {
			t.Fatal(err)
		}
		pos, _ := m.Board("r")
		after = append(after, pos)
		h = append(h, histEntry{at: t0.Add(time.Duration(i) * 2 * time.Second).UnixNano(), seq: seq, action: mv.String()})
	}
	lr := &liveRace{h: &Hub{log: slog.New(slog.NewTextHandler(io.Discard, nil))}, race: race,
		feed: raceFeed{hist: map[string][]histEntry{"r": h},
			delayed: map[string]*delayedBoard{"r": {pos: start.Clone()}, "q": {pos: start.Clone()}}}}
	lr.feed.lr = lr
	// At t0+15s the cutoff is t0+5s: entries at 0, 2, 4 s (seqs 1-3) are
	// old enough; the board after seq 3 is shown and they are dropped.
	e := lr.feed.delayedLocked("r", t0.Add(15*time.Second))
	if e.seq != 3 || !sameView(e.pos, after[2]) {
		t.Fatalf("shown seq %d at +15s (board after it: %v), want 3", e.seq, sameView(e.pos, after[2]))
	}
	got := lr.feed.hist["r"]
	if len(got) != 5 || got[0].seq != 4 || got[4].seq != 8 {
		t.Fatalf("history after trim: len %d, first %d, last %d; want 5 entries 4…8", len(got), got[0].seq, got[len(got)-1].seq)
	}
	if &got[0] != &h[0] || cap(got) != cap(h) {
		t.Fatal("trim moved the history to another array")
	}
	// Later calls go on from the board shown.
	if e := lr.feed.delayedLocked("r", t0.Add(time.Hour)); e.seq != 8 || !sameView(e.pos, after[7]) || len(lr.feed.hist["r"]) != 0 {
		t.Fatalf("shown seq %d after an hour (board right: %v, %d entries left), want 8", e.seq, sameView(e.pos, after[7]), len(lr.feed.hist["r"]))
	}
	// Nothing newer than the cutoff, even when every entry is too new.
	lr.feed.hist["q"] = []histEntry{{at: t0.Add(time.Hour).UnixNano(), seq: 1, action: line[0].String()}}
	if e := lr.feed.delayedLocked("q", t0.Add(time.Minute)); e.seq != 0 || !sameView(e.pos, start) {
		t.Fatalf("shown seq %d, newer than the delay allows", e.seq)
	}
}

// sameView reports whether two boards show their owner the same view.
func sameView(a, b game.Board) bool { return bytes.Equal(a.AppendView(nil), b.AppendView(nil)) }
