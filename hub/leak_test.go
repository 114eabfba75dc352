package hub_test

import (
	"context"
	"regexp"
	"sync"
	"testing"
	"time"

	"github.com/solitaire-race/racer/hub"
	"github.com/solitaire-race/racer/hub/client"
	"github.com/solitaire-race/racer/klondike"
	"github.com/solitaire-race/racer/match"
)

// recorder keeps every frame a client receives, with when.
type recorder struct {
	mu     sync.Mutex
	frames []recorded
}

type recorded struct {
	at    time.Time
	frame string
}

func (r *recorder) record(b []byte) {
	r.mu.Lock()
	defer r.mu.Unlock()
	r.frames = append(r.frames, recorded{time.Now(), string(b)})
}

var cardRE = regexp.MustCompile(`"([A2-9TJQK][CDHS])"`)

// visibleBy returns, for the true game of every racer, the cards that had
// been visible in their views by time at: the initial deal's face-up
// cards, and every card a racer's view showed after an action stored by
// then. With only set, just that racer's game counts.
func visibleBy(t *testing.T, snap match.Snapshot, at time.Time, only string) map[string]bool {
	t.Helper()
	rules, _ := klondike.Profile(snap.Race.Profile)
	seen := map[string]bool{}
	add := func(v klondike.View) {
		for _, c := range v.Columns {
			for _, card := range c.Up {
				seen[card.String()] = true
			}
		}
		for _, card := range v.Waste {
			seen[card.String()] = true
		}
	}
	for _, r := range snap.Race.Racers {
		if only != "" && r.ID != only {
			continue
		}
		s := klondike.MustNew(klondike.NewDeal(snap.Race.Seed), rules)
		add(s.View())
		for _, e := range snap.Logs[r.ID] {
			if e.At.After(at) {
				break
			}
			if m, err := klondike.ParseMove(e.Action); err == nil {
				if err := s.Apply(m); err != nil {
					t.Fatal(err)
				}
				add(s.View())
			}
		}
	}
	return seen
}

// TestNoHiddenCardLeaks records every frame sent to a racer and to a
// spectator over whole races and checks that none names a card before it
// could be seen: a face-down card or a card of the stock.
func TestNoHiddenCardLeaks(t *testing.T) {
	s := newServer(t, hub.Config{SpectatorDelay: 30 * time.Millisecond})
	var recA, recB, recW recorder
	a, b, wa, wb, race := s.pair(t, client.Options{Record: recA.record}, client.Options{Record: recB.record})
	id := race.Race.ID
	w, _ := s.dial(t, "Watcher", client.Options{Record: recW.record})
	_ = w.Send(ctxT(t), hub.ClientMessage{Type: hub.TypeWatch, Race: id})
	if _, err := w.WaitType(ctxT(t), hub.TypeWatching); err != nil {
		t.Fatal(err)
	}
	line := winningLine(t)
	half := len(line) / 2
	// Interleave: both play the first half, Bob makes an illegal move and
	// resends a duplicate, then Ann finishes.
	for i := range half {
		play(t, a, id, line[i:i+1])
		play(t, b, id, line[i:i+1])
	}
	_ = b.Send(ctxT(t), hub.ClientMessage{Type: hub.TypeMove, Race: id, Seq: uint64(half + 1), Move: "FS-1"})
	expectError(t, b, hub.CodeIllegalMove)
	play(t, a, id, line[half:])
	for _, c := range []*client.Client{a, b, w} {
		if _, err := c.WaitEnd(ctxT(t), id); err != nil {
			t.Fatal(err)
		}
	}
	snap, err := s.hub.Store().Load(context.Background(), id)
	if err != nil {
		t.Fatal(err)
	}
	for _, rec := range []struct {
		name string
		r    *recorder
		only string // a racer may see only their own cards
	}{{"racer Ann", &recA, wa.Player}, {"racer Bob", &recB, wb.Player}, {"spectator", &recW, ""}} {
		rec.r.mu.Lock()
		frames := rec.r.frames
		rec.r.mu.Unlock()
		checked := 0
		for _, f := range frames {
			if cardRE.FindStringIndex(f.frame) != nil && regexp.MustCompile(`"type":"race_end"`).MatchString(f.frame) {
				break // the reveal: everything may be shown from here
			}
			seen := visibleBy(t, snap, f.at, rec.only)
			for _, m := range cardRE.FindAllStringSubmatch(f.frame, -1) {
				checked++
				if !seen[m[1]] {
					t.Fatalf("%s received %s before it was visible: %s", rec.name, m[1], f.frame)
				}
			}
		}
		if checked == 0 {
			t.Errorf("%s: no card checked in %d frames", rec.name, len(frames))
		}
		t.Logf("%s: %d frames, %d card mentions checked", rec.name, len(frames), checked)
	}
}
