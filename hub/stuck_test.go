package hub_test

import (
	"github.com/solitaire-race/racer/hub/wire"
	"sync"
	"sync/atomic"
	"testing"
	"time"

	"github.com/solitaire-race/racer/hub"
	"github.com/solitaire-race/racer/hub/client"
	"github.com/solitaire-race/racer/internal/testenv"
	"github.com/solitaire-race/racer/klondike"
	"github.com/solitaire-race/racer/match"
	"github.com/solitaire-race/racer/match/game/games"
	"github.com/solitaire-race/racer/match/matchtest"
)

// stuckAfterDraws finds a seed whose classic deal is stuck (exactly) after
// drawing n cards with no other move, and is not stuck before.
func stuckAfterDraws(t *testing.T) (uint64, int) {
	t.Helper()
	rules, _ := klondike.Profile("classic")
	for seed := uint64(1); seed < 2000; seed++ {
		s := klondike.MustNew(klondike.NewDeal(seed), rules)
		for n := 1; n <= 24; n++ {
			if err := s.Apply(klondike.DrawMove()); err != nil {
				break
			}
			stuck, sure := s.StuckWithin(match.DefaultStuckBudget)
			if stuck && sure {
				return seed, n
			}
			if sure && !stuck && n == 24 {
				break
			}
		}
	}
	t.Fatal("no seed gets stuck by drawing alone")
	return 0, 0
}

func TestStuckFinishNowEndsRace(t *testing.T) {
	t.Parallel()
	seed, n := stuckAfterDraws(t)
	s := newServer(t, hub.Config{Dealer: match.FixedDealer{Seed: seed}})
	a, _ := s.dial(t, "Ann", client.Options{})
	b, _ := s.dial(t, "Bob", client.Options{})
	_ = a.Send(ctxT(t), wire.ClientMessage{Type: wire.TypeQueue, Profile: "classic"})
	if _, err := a.WaitType(ctxT(t), wire.TypeQueued); err != nil {
		t.Fatal(err)
	}
	_ = b.Send(ctxT(t), wire.ClientMessage{Type: wire.TypeQueue, Profile: "classic"})
	race, err := a.WaitRace(ctxT(t))
	if err != nil {
		t.Fatal(err)
	}
	if _, err := b.WaitRace(ctxT(t)); err != nil {
		t.Fatal(err)
	}
	id := race.Race.ID
	draws := make([]string, n)
	for i := range draws {
		draws[i] = "D"
	}
	ack := play(t, a, id, draws)
	if ack.Status != match.StatusStuck {
		t.Fatalf("after %d draws status %s, want stuck", n, ack.Status)
	}
	// Stuck is terminal: more moves are refused, "finish now" is accepted.
	_ = a.Send(ctxT(t), wire.ClientMessage{Type: wire.TypeMove, Race: id, Seq: uint64(n + 1), Move: "D"})
	expectError(t, a, wire.CodeGameOver)
	play(t, a, id, []string{"finish"})
	play(t, b, id, []string{"resign"})
	end, err := a.WaitEnd(ctxT(t), id)
	if err != nil {
		t.Fatal(err)
	}
	if end.Result.Reason != match.EndAllDone {
		t.Errorf("reason %s, want all_done", end.Result.Reason)
	}
	got := map[match.Status]bool{}
	for _, st := range end.Result.Standings {
		got[st.Status] = true
	}
	if !got[match.StatusStuck] || !got[match.StatusResigned] {
		t.Errorf("standings %+v, want one stuck and one resigned", end.Result.Standings)
	}
}

// TestTimeLimitEndsRace: Ann puts a card up, and at the time limit the
// race ends with her first. The limit leaves time for her moves: 1.5 s,
// or 600 ms with -short and without the race detector.
func TestTimeLimitEndsRace(t *testing.T) {
	t.Parallel()
	limit := 1500 * time.Millisecond
	if testing.Short() && !testenv.RaceDetector {
		limit = 600 * time.Millisecond
	}
	s := newServer(t, hub.Config{TimeLimit: limit})
	a, b, wa, _, race := s.pair(t)
	id := race.Race.ID
	line := winningLine(t)
	k, _ := prefixWithCards(t, line, 1)
	play(t, a, id, line[:k])
	end, err := b.WaitEnd(ctxT(t), id)
	if err != nil {
		t.Fatal(err)
	}
	if end.Result.Reason != match.EndTimeLimit || end.Result.Standings[0].Player != wa.Player {
		t.Errorf("result %+v, want time limit with Ann first", end.Result)
	}
	if _, err := a.WaitEnd(ctxT(t), id); err != nil {
		t.Fatal(err)
	}
}

// TestFinishWhilePlaying: "finish now" is the racer's decision. On a
// board that is not stuck it is acknowledged (status resigned, the board
// as it was), on every deal alike, so the answer tells nothing of the
// face-down cards; the race then ranks by cards off the table.
func TestFinishWhilePlaying(t *testing.T) {
	t.Parallel()
	testSeed, _ := matchtest.Winnable(games.All, "bvs")
	for _, seed := range []uint64{testSeed, testSeed + 1, testSeed + 2} {
		s := newServer(t, hub.Config{Dealer: match.FixedDealer{Seed: seed}})
		a, b, wa, _, race := s.pair(t)
		id := race.Race.ID
		ack := play(t, a, id, []string{"finish"})
		if ack.Status != match.StatusResigned || ack.Seq != 1 || ack.Duplicate {
			t.Errorf("seed %d: finish got %+v, want a first ack with status resigned", seed, ack)
		}
		if string(ack.View.JSON) != string(race.View.JSON) {
			t.Errorf("seed %d: finish changed the view:\n%s\nwant\n%s", seed, ack.View.JSON, race.View.JSON)
		}
		_ = a.Send(ctxT(t), wire.ClientMessage{Type: wire.TypeMove, Race: id, Seq: 2, Move: "D"})
		expectError(t, a, wire.CodeGameOver)
		if seed == testSeed {
			// The test deal: b puts cards up, then finishes, and ranks first.
			line := winningLine(t)
			k, _ := prefixWithCards(t, line, 1)
			play(t, b, id, line[:k])
		}
		play(t, b, id, []string{"finish"})
		end, err := a.WaitEnd(ctxT(t), id)
		if err != nil {
			t.Fatal(err)
		}
		if end.Result.Reason != match.EndAllDone {
			t.Errorf("seed %d: reason %s, want all_done", seed, end.Result.Reason)
		}
		if seed == testSeed && end.Result.Standings[1].Player != wa.Player {
			t.Errorf("seed %d: standings %+v, want Bob (cards up) before Ann", seed, end.Result.Standings)
		}
	}
}

// TestStuckSearchHoldsNoOtherRacer: a racer's stuck search runs outside
// the race's lock. While Ann's search is held (the hook blocks until told),
// Bob's move in the same race is acknowledged; Ann's ack follows once her
// search goes on.
func TestStuckSearchHoldsNoOtherRacer(t *testing.T) {
	s := newServer(t, hub.Config{})
	a, wa := s.dial(t, "Ann", client.Options{})
	b, _ := s.dial(t, "Bob", client.Options{})
	_ = a.Send(ctxT(t), wire.ClientMessage{Type: wire.TypeQueue, Profile: "bvs"})
	if _, err := a.WaitType(ctxT(t), wire.TypeQueued); err != nil {
		t.Fatal(err)
	}
	_ = b.Send(ctxT(t), wire.ClientMessage{Type: wire.TypeQueue, Profile: "bvs"})
	race, err := a.WaitRace(ctxT(t))
	if err != nil {
		t.Fatal(err)
	}
	if _, err := b.WaitRace(ctxT(t)); err != nil {
		t.Fatal(err)
	}
	id := race.Race.ID

	entered := make(chan string, 1)
	release := make(chan struct{})
	letGo := sync.OnceFunc(func() { close(release) })
	t.Cleanup(letGo)
	var held atomic.Bool
	hub.SetSearchHook(t, func(r, racer string) {
		if r == id && held.CompareAndSwap(false, true) {
			entered <- racer
			<-release
		}
	})

	mv := winningLine(t)[0]
	seqA, err := a.Move(ctxT(t), id, mv)
	if err != nil {
		t.Fatal(err)
	}
	select {
	case racer := <-entered:
		if racer != wa.Player {
			t.Fatalf("search held for %s, want Ann (%s)", racer, wa.Player)
		}
	case <-ctxT(t).Done():
		t.Fatal("Ann's move ran no stuck search")
	}
	seqB, err := b.Move(ctxT(t), id, mv)
	if err != nil {
		t.Fatal(err)
	}
	if _, err := b.WaitAck(ctxT(t), id, seqB); err != nil {
		t.Fatalf("Bob's ack while Ann's search runs: %v", err)
	}
	letGo()
	ack, err := a.WaitAck(ctxT(t), id, seqA)
	if err != nil {
		t.Fatalf("Ann's ack after her search: %v", err)
	}
	if ack.Status != match.StatusPlaying || ack.Seq != 1 {
		t.Errorf("Ann's ack: status %s seq %d, want playing at 1", ack.Status, ack.Seq)
	}
}

// TestStuckAcrossNodes: a racer stuck on one node is shown stuck on the
// other, whose copy of the board learns it from the move events (its
// stuck search runs outside the race's lock, after the move is applied).
func TestStuckAcrossNodes(t *testing.T) {
	t.Parallel()
	seed, n := stuckAfterDraws(t)
	store, broker, lobby := hub.MemoryBackends()
	cfg := hub.Config{Store: store, Broker: broker, Presence: broker, Lobby: lobby, Secret: []byte("cluster secret"),
		Dealer: match.FixedDealer{Seed: seed}}
	n1 := newServer(t, cfg)
	n2 := newServer(t, cfg)
	a, wa := n1.dial(t, "Ann", client.Options{})
	b, _ := n2.dial(t, "Bob", client.Options{})
	_ = a.Send(ctxT(t), wire.ClientMessage{Type: wire.TypeQueue, Profile: "classic"})
	if _, err := a.WaitType(ctxT(t), wire.TypeQueued); err != nil {
		t.Fatal(err)
	}
	_ = b.Send(ctxT(t), wire.ClientMessage{Type: wire.TypeQueue, Profile: "classic"})
	race, err := a.WaitRace(ctxT(t))
	if err != nil {
		t.Fatal(err)
	}
	if _, err := b.WaitRace(ctxT(t)); err != nil {
		t.Fatal(err)
	}
	id := race.Race.ID
	draws := make([]string, n)
	for i := range draws {
		draws[i] = "D"
	}
	if ack := play(t, a, id, draws); ack.Status != match.StatusStuck {
		t.Fatalf("after %d draws Ann's ack says %s, want stuck", n, ack.Status)
	}
	if _, err := b.Wait(ctxT(t), func(m client.Message) bool {
		var p wire.ProgressMessage
		return m.Type == wire.TypeProgress && m.Decode(&p) == nil && p.Progress.Racer == wa.Player &&
			p.Progress.Seq == uint64(n) && p.Progress.Status == match.StatusStuck
	}); err != nil {
		t.Fatalf("Bob on node 2 never saw Ann stuck: %v", err)
	}
}
