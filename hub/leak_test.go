package hub_test

import (
	"context"
	"encoding/json"
	"regexp"
	"sync"
	"testing"
	"time"

	"github.com/solitaire-race/racer/hub"
	"github.com/solitaire-race/racer/hub/client"
	"github.com/solitaire-race/racer/hub/wire"
	"github.com/solitaire-race/racer/klondike"
	"github.com/solitaire-race/racer/match"
	"github.com/solitaire-race/racer/match/game/games"
	"github.com/solitaire-race/racer/match/game/spidergame"
	"github.com/solitaire-race/racer/match/matchtest"
	"github.com/solitaire-race/racer/spider"
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
	t.Parallel()
	s := newServer(t, hub.Config{SpectatorDelay: 30 * time.Millisecond})
	var recA, recB, recW recorder
	a, b, wa, wb, race := s.pair(t, client.Options{Record: recA.record}, client.Options{Record: recB.record})
	id := race.Race.ID
	w, _ := s.dial(t, "Watcher", client.Options{Record: recW.record})
	_ = w.Send(ctxT(t), wire.ClientMessage{Type: wire.TypeWatch, Race: id})
	if _, err := w.WaitType(ctxT(t), wire.TypeWatching); err != nil {
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
	_ = b.Send(ctxT(t), wire.ClientMessage{Type: wire.TypeMove, Race: id, Seq: uint64(half + 1), Move: "FS-1"})
	expectError(t, b, wire.CodeIllegalMove)
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

// TestNoHiddenCardLeaksSpider records every frame sent to two racers and
// a spectator over a whole spider-2 race and checks that, before the
// race_end, every view in a frame is exactly what its racer could see at
// that sequence number (the engine's view of the true position: face-up
// cards, counts of face-down cards and of the stock, never their order)
// and that no other part of any frame names a card.
func TestNoHiddenCardLeaksSpider(t *testing.T) {
	t.Parallel()
	seed, moves := matchtest.WinnableSpider(games.All, "spider-2")
	line := make([]string, len(moves))
	for i, m := range moves {
		line[i] = m.String()
	}
	s := newServer(t, hub.Config{SpectatorDelay: 30 * time.Millisecond, Dealer: match.FixedDealer{Seed: seed}})
	var recA, recB, recW recorder
	a, b, wa, wb, race := s.pairProfile(t, "spider-2", client.Options{Record: recA.record}, client.Options{Record: recB.record})
	id := race.Race.ID
	w, _ := s.dial(t, "Watcher", client.Options{Record: recW.record})
	_ = w.Send(ctxT(t), wire.ClientMessage{Type: wire.TypeWatch, Race: id})
	if _, err := w.WaitType(ctxT(t), wire.TypeWatching); err != nil {
		t.Fatal(err)
	}
	half := len(line) / 2
	for i := range half {
		play(t, a, id, line[i:i+1])
		play(t, b, id, line[i:i+1])
	}
	// The spectator sees delayed boards of the half-played race.
	if _, err := w.Wait(ctxT(t), func(m client.Message) bool {
		var bd wire.Board
		return m.Type == wire.TypeBoard && m.Decode(&bd) == nil && bd.Racer == wb.Player && bd.Seq == uint64(half)
	}); err != nil {
		t.Fatal(err)
	}
	_ = b.Send(ctxT(t), wire.ClientMessage{Type: wire.TypeMove, Race: id, Seq: uint64(half + 1), Move: "1-2x13"})
	expectError(t, b, wire.CodeIllegalMove)
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
	// truth[racer][seq] is the racer's view after seq actions.
	truth := map[string][]spider.View{}
	m, err := match.New(snap.Race, match.Options{Games: games.All})
	if err != nil {
		t.Fatal(err)
	}
	for _, r := range snap.Race.Racers {
		truth[r.ID] = []spider.View{spiderTruth(t, m, r.ID)}
		for _, e := range snap.Logs[r.ID] {
			if _, err := m.Advance(r.ID, e.Seq, e.Action, e.At); err != nil {
				t.Fatal(err)
			}
			truth[r.ID] = append(truth[r.ID], spiderTruth(t, m, r.ID))
		}
	}
	for _, rec := range []struct {
		name, racer string
		r           *recorder
	}{{"racer Ann", wa.Player, &recA}, {"racer Bob", wb.Player, &recB}, {"spectator", "", &recW}} {
		rec.r.mu.Lock()
		frames := rec.r.frames
		rec.r.mu.Unlock()
		views := 0
		for _, f := range frames {
			n, end := checkSpiderFrame(t, rec.name, rec.racer, f.frame, truth)
			if end {
				break
			}
			views += n
		}
		if views == 0 {
			t.Errorf("%s: no view checked in %d frames", rec.name, len(frames))
		}
		t.Logf("%s: %d frames, %d views checked", rec.name, len(frames), views)
	}
}

// checkSpiderFrame checks one frame (see TestNoHiddenCardLeaksSpider) and
// returns the number of views checked, and whether it is the race_end.
func checkSpiderFrame(t *testing.T, who, own, frame string, truth map[string][]spider.View) (int, bool) {
	t.Helper()
	var head struct{ Type string }
	if err := json.Unmarshal([]byte(frame), &head); err != nil {
		t.Fatalf("%s: frame %s: %v", who, frame, err)
	}
	type seen struct {
		racer string
		seq   uint64
		view  wire.View
	}
	var vs []seen
	switch head.Type {
	case wire.TypeRaceEnd:
		return 0, true
	case wire.TypeRace:
		var m wire.RaceMessage
		_ = json.Unmarshal([]byte(frame), &m)
		vs = append(vs, seen{own, m.Seq, m.View})
	case wire.TypeAck:
		var m wire.Ack
		_ = json.Unmarshal([]byte(frame), &m)
		vs = append(vs, seen{own, m.Seq, m.View})
	case wire.TypeBoard:
		var m wire.Board
		_ = json.Unmarshal([]byte(frame), &m)
		vs = append(vs, seen{m.Racer, m.Seq, m.View})
	case wire.TypeWatching:
		var m wire.Watching
		_ = json.Unmarshal([]byte(frame), &m)
		for _, bd := range m.Boards {
			vs = append(vs, seen{bd.Racer, bd.Seq, bd.View})
		}
	default:
		if cardRE.MatchString(frame) {
			t.Fatalf("%s: a %s frame names a card: %s", who, head.Type, frame)
		}
		return 0, false
	}
	for _, s := range vs {
		if own != "" && s.racer != own {
			t.Fatalf("%s was sent %s's board: %s", who, s.racer, frame)
		}
		views := truth[s.racer]
		if len(s.view.JSON) == 0 || s.seq >= uint64(len(views)) {
			t.Fatalf("%s: view of %s at seq %d is not a stored Spider position: %s", who, s.racer, s.seq, frame)
		}
		if got, want := string(s.view.JSON), trueSpiderJSON(t, views[s.seq]); got != want {
			t.Fatalf("%s: view of %s at seq %d\ngot  %s\nwant %s", who, s.racer, s.seq, got, want)
		}
	}
	return len(vs), false
}

// trueSpiderJSON is what the wire must carry of v: its face-up cards and
// counts, nothing else.
func trueSpiderJSON(t *testing.T, v spider.View) string {
	t.Helper()
	w := spidergame.WireView{Stock: v.Stock, Completed: v.Completed, Actions: v.Actions, Won: v.Won, CompletedSuits: []string{}}
	for _, su := range v.CompletedSuits {
		w.CompletedSuits = append(w.CompletedSuits, string(su.Letter()))
	}
	for i, c := range v.Columns {
		w.Columns[i] = spidergame.WireColumn{Down: c.Down, Up: append([]spider.Card{}, c.Up...)}
	}
	b, err := json.Marshal(w)
	if err != nil {
		t.Fatal(err)
	}
	return string(b)
}

// spiderTruth returns the engine's view of racer's Spider board in m.
func spiderTruth(t *testing.T, m *match.Match, racer string) spider.View {
	t.Helper()
	b, _ := m.Board(racer)
	sb, ok := b.(*spidergame.Board)
	if !ok {
		t.Fatalf("%s's board is a %T, want Spider's", racer, b)
	}
	s := sb.State()
	return s.View()
}
