package hub

import (
	"testing"
	"time"

	"github.com/solitaire-race/racer/match"
)

// delayedLocked returns the latest board at least the delay old, drops the
// older ones in place (keeping the array, so that appends after a trim do
// not reallocate), and never returns a board newer than the delay.
func TestDelayedBoardsTrimInPlace(t *testing.T) {
	t0 := time.Unix(1_700_000_000, 0)
	lr := &liveRace{race: match.Race{SpectatorDelay: 10 * time.Second}, hist: map[string][]histEntry{}}
	h := make([]histEntry, 0, 16)
	for s := range uint64(8) {
		h = append(h, histEntry{at: t0.Add(time.Duration(s) * 2 * time.Second), seq: s})
	}
	lr.hist["r"] = h
	// At t0+15s the cutoff is t0+5s: entries at 0, 2, 4 s are old enough,
	// the latest of them (seq 2) is shown and seqs 0 and 1 are dropped.
	e := lr.delayedLocked("r", t0.Add(15*time.Second))
	if e.seq != 2 {
		t.Fatalf("shown seq %d at +15s, want 2", e.seq)
	}
	got := lr.hist["r"]
	if len(got) != 6 || got[0].seq != 2 || got[5].seq != 7 {
		t.Fatalf("history after trim: len %d, first %d, last %d; want 6 entries 2…7", len(got), got[0].seq, got[len(got)-1].seq)
	}
	if &got[0] != &h[0] || cap(got) != cap(h) {
		t.Fatal("trim moved the history to another array")
	}
	// Nothing newer than the cutoff, even when every entry is too new.
	lr.hist["q"] = []histEntry{{at: t0, seq: 0}, {at: t0.Add(time.Hour), seq: 1}}
	if e := lr.delayedLocked("q", t0.Add(time.Minute)); e.seq != 0 {
		t.Fatalf("shown seq %d, newer than the delay allows", e.seq)
	}
}
