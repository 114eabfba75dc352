package hub_test

import (
	"context"
	"encoding/hex"
	"encoding/json"
	"testing"
	"time"

	"github.com/solitaire-race/racer/hub"
	"github.com/solitaire-race/racer/hub/client"
	"github.com/solitaire-race/racer/hub/wire"
	"github.com/solitaire-race/racer/internal/redistest"
	"github.com/solitaire-race/racer/match"
	"github.com/solitaire-race/racer/match/fair"
	"github.com/solitaire-race/racer/match/game/games"
	"github.com/solitaire-race/racer/match/game/spidergame"
	"github.com/solitaire-race/racer/match/matchtest"
	"github.com/solitaire-race/racer/match/replay"
	"github.com/solitaire-race/racer/spider"
)

// spiderLine returns the seed of the spider-1 deal matchtest wins and the
// winning line in notation.
func spiderLine(t *testing.T) (uint64, []string) {
	t.Helper()
	seed, line := matchtest.WinnableSpider(games.All, "spider-1")
	out := make([]string, len(line))
	for i, m := range line {
		out[i] = m.String()
	}
	return seed, out
}

// spiderDealer deals spider-1's winnable deal to every race.
func spiderDealer(t *testing.T) match.Dealer {
	seed, _ := spiderLine(t)
	return match.FixedDealer{Seed: seed}
}

// TestSpiderRaceMemory races two clients on a Spider deal over real
// WebSockets, on two nodes sharing the memory backends.
func TestSpiderRaceMemory(t *testing.T) {
	t.Parallel()
	store, broker, lobby := hub.MemoryBackends()
	cfg := hub.Config{Store: store, Broker: broker, Presence: broker, Lobby: lobby, Secret: []byte("cluster secret"),
		Dealer: spiderDealer(t), SpectatorDelay: 20 * time.Millisecond}
	spiderRace(t, newServer(t, cfg), newServer(t, cfg), store)
}

// TestSpiderRaceRedis is TestSpiderRaceMemory on Redis: each node with
// clients of its own.
func TestSpiderRaceRedis(t *testing.T) {
	t.Parallel()
	nodes := redistest.Nodes(t, 2)
	cfg1, cfg2 := redisBackends(t, nodes[0]), redisBackends(t, nodes[1])
	for _, c := range []*hub.Config{&cfg1, &cfg2} {
		c.Dealer, c.SpectatorDelay = spiderDealer(t), 20*time.Millisecond
	}
	spiderRace(t, newServer(t, cfg1), newServer(t, cfg2), cfg2.Store)
}

// spiderRace queues Ann (on n1) and Bob (on n2) for spider-1; Carl
// watches from n2. Bob plays a little; bad input is refused; Ann plays
// half the winning line, n1 dies, and she plays the rest from n2. Bob sees her progress in completed runs and cards turned
// up, everyone gets the result and the 104-card deal, Carl saw Spider
// boards, and the replay of the stored race plays back to Ann's win.
func spiderRace(t *testing.T, n1, n2 *testServer, store match.Store) {
	t.Helper()
	seed, line := spiderLine(t)
	a, wa := n1.dial(t, "Ann", client.Options{})
	b, wb := n2.dial(t, "Bob", client.Options{})
	_ = a.Send(ctxT(t), wire.ClientMessage{Type: wire.TypeQueue, Profile: "spider-1"})
	if _, err := a.WaitType(ctxT(t), wire.TypeQueued); err != nil {
		t.Fatal(err)
	}
	_ = b.Send(ctxT(t), wire.ClientMessage{Type: wire.TypeQueue, Profile: "spider-1"})
	ra, err := a.WaitRace(ctxT(t))
	if err != nil {
		t.Fatal(err)
	}
	if _, err := b.WaitRace(ctxT(t)); err != nil {
		t.Fatal(err)
	}
	id := ra.Race.ID
	info := ra.Race
	if info.Game != match.GameSpider || info.Profile != "spider-1" || info.RankingRule != spidergame.RankingRule ||
		info.DealNote != "deal not solver-checked" || info.Rules == "" {
		t.Fatalf("race info %+v, want a spider-1 race", info)
	}
	v := spiderView(t, ra.View)
	if ra.View.Game != match.GameSpider || v.Stock != 50 || v.Completed != 0 || len(v.Columns) != 10 {
		t.Fatalf("start view %+v, want Spider's with a stock of 50", ra.View)
	}

	w, _ := n2.dial(t, "Carl", client.Options{})
	_ = w.Send(ctxT(t), wire.ClientMessage{Type: wire.TypeWatch, Race: id})
	m, err := w.WaitType(ctxT(t), wire.TypeWatching)
	if err != nil {
		t.Fatal(err)
	}
	var watching wire.Watching
	if err := m.Decode(&watching); err != nil {
		t.Fatal(err)
	}
	if len(watching.Boards) != 2 || watching.Boards[0].View.Game != match.GameSpider || watching.Race.Game != match.GameSpider {
		t.Fatalf("watching %+v, want two Spider boards", watching)
	}

	play(t, b, id, line[:3])
	// Carl sees Bob's board once the spectator delay has passed.
	if _, err := w.Wait(ctxT(t), func(m client.Message) bool {
		var bd wire.Board
		return m.Type == wire.TypeBoard && m.Decode(&bd) == nil && bd.Racer == wb.Player && bd.Seq == 3 &&
			spiderView(t, bd.View).Actions == 3
	}); err != nil {
		t.Fatalf("Carl saw no delayed Spider board of Bob's: %v", err)
	}
	// Klondike's notation is not Spider's; an illegal Spider move says why.
	_ = a.Send(ctxT(t), wire.ClientMessage{Type: wire.TypeMove, Race: id, Seq: 1, Move: "W-F"})
	expectError(t, a, wire.CodeBadMove)
	_ = a.Send(ctxT(t), wire.ClientMessage{Type: wire.TypeMove, Race: id, Seq: 1, Move: "1-2x13"})
	if e := expectError(t, a, wire.CodeIllegalMove); len(e.Message) <= len("1-2x13: ") || e.Message[:8] != "1-2x13: " {
		t.Errorf("illegal move message %q, want the move and a reason", e.Message)
	}

	// Ann plays half the line on node 1, which then dies; she resumes on
	// node 2, which rebuilds her board from the seed and the stored log.
	half := len(line) / 2
	mid := play(t, a, id, line[:half])
	ctx, cancel := context.WithTimeout(context.Background(), 5*time.Second)
	_ = n1.hub.Shutdown(ctx)
	cancel()
	a2, _ := n2.redial(t, wa.Token, client.Options{})
	resumed, err := a2.WaitRace(ctxT(t))
	if err != nil {
		t.Fatal(err)
	}
	if resumed.Race.ID != id || resumed.Seq != uint64(half) || resumed.View.Game != match.GameSpider ||
		wireJSON(t, resumed.View) != wireJSON(t, mid.View) {
		t.Fatalf("resumed on node 2 at seq %d with view %s, want seq %d and the view acknowledged on node 1", resumed.Seq,
			wireJSON(t, resumed.View), half)
	}
	a = a2
	ack := play(t, a, id, line[half:])
	if v := spiderView(t, ack.View); ack.View.Game != match.GameSpider || !v.Won || v.Completed != 8 || ack.Status != match.StatusWon {
		t.Fatalf("last ack %+v, want a won Spider game", ack)
	}
	var runs, turned int
	if _, err := b.Wait(ctxT(t), func(m client.Message) bool {
		var p wire.ProgressMessage
		if m.Type != wire.TypeProgress || m.Decode(&p) != nil || p.Progress.Racer != wa.Player {
			return false
		}
		runs, turned = max(runs, p.Progress.Counts.Get("completed")), max(turned, p.Progress.TurnedUp)
		return p.Progress.Seq == uint64(len(line))
	}); err != nil {
		t.Fatalf("Bob never saw Ann's last progress: %v", err)
	}
	if runs != 8 || turned != 44 {
		t.Errorf("Bob saw at most %d runs and %d cards turned up, want 8 and 44", runs, turned)
	}
	// At the end Carl gets every final board, then the result.
	if _, err := w.Wait(ctxT(t), func(m client.Message) bool {
		var bd wire.Board
		return m.Type == wire.TypeBoard && m.Decode(&bd) == nil && bd.Racer == wa.Player && spiderView(t, bd.View).Won
	}); err != nil {
		t.Errorf("Carl saw no final Spider board of Ann's: %v", err)
	}
	want := spider.NewDeal(seed, 1)
	for _, c := range []struct {
		name string
		c    *client.Client
	}{{"Ann", a}, {"Bob", b}, {"Carl", w}} {
		end, err := c.c.WaitEnd(ctxT(t), id)
		if err != nil {
			t.Fatalf("%s: %v", c.name, err)
		}
		st := end.Result.Standings
		if end.Result.Reason != match.EndWin || st[0].Player != wa.Player || st[0].Foundation != 104 || st[0].Counts.Get("completed") != 8 ||
			st[1].Player != wb.Player || st[1].Place != 2 {
			t.Errorf("%s: result %+v, want Ann first with 8 runs, Bob second", c.name, end.Result)
		}
		if d, err := (spidergame.Game{}).ParseDeal(end.Reveal.Deal); err != nil || d != want.String() {
			t.Errorf("%s: revealed deal %v, want spider-1's of seed %d", c.name, end.Reveal.Deal, seed)
		}
		nonce, _ := hex.DecodeString(end.Reveal.Nonce)
		if err := fair.Verify(info.Commitment, fair.Reveal{Seed: end.Reveal.Seed, Profile: end.Reveal.Profile, Nonce: nonce}); err != nil {
			t.Errorf("%s: reveal does not verify: %v", c.name, err)
		}
	}
	snap, err := store.Load(context.Background(), id)
	if err != nil {
		t.Fatal(err)
	}
	rp, err := replay.FromSnapshot(snap)
	if err != nil {
		t.Fatal(err)
	}
	replayed := match.Snapshot{Race: snap.Race, Logs: map[string][]match.Entry{}}
	for racer, as := range rp.Actions {
		for _, x := range as {
			replayed.Logs[racer] = append(replayed.Logs[racer], match.Entry{Seq: x.Seq, Action: x.Action, At: x.At})
		}
	}
	mm, err := match.Rebuild(replayed, match.Options{Games: games.All})
	if err != nil {
		t.Fatal(err)
	}
	if p, _ := mm.Progress(wa.Player); p.Status != match.StatusWon || p.Counts.Get("completed") != 8 || len(rp.Actions[wa.Player]) != len(line) {
		t.Errorf("replay of %d actions gives %+v, want Ann's %d-move win", len(rp.Actions[wa.Player]), p, len(line))
	}
	if p, _ := mm.Progress(wb.Player); p.Seq != 3 {
		t.Errorf("replay gives Bob %+v, want his 3 actions", p)
	}
}

func wireJSON(t *testing.T, v wire.View) string {
	t.Helper()
	b, err := json.Marshal(v)
	if err != nil {
		t.Fatal(err)
	}
	return string(b)
}

// pairProfile queues two new players for profile and returns them with
// their race.
func (s *testServer) pairProfile(t *testing.T, profile string, oa, ob client.Options) (a, b *client.Client, wa, wb wire.Welcome, race wire.RaceMessage) {
	t.Helper()
	a, wa = s.dial(t, "Ann", oa)
	b, wb = s.dial(t, "Bob", ob)
	if err := a.Send(ctxT(t), wire.ClientMessage{Type: wire.TypeQueue, Profile: profile}); err != nil {
		t.Fatal(err)
	}
	if _, err := a.WaitType(ctxT(t), wire.TypeQueued); err != nil {
		t.Fatal(err)
	}
	if err := b.Send(ctxT(t), wire.ClientMessage{Type: wire.TypeQueue, Profile: profile}); err != nil {
		t.Fatal(err)
	}
	ra, err := a.WaitRace(ctxT(t))
	if err != nil {
		t.Fatal(err)
	}
	if _, err := b.WaitRace(ctxT(t)); err != nil {
		t.Fatal(err)
	}
	if ra.Race.Profile != profile {
		t.Fatalf("race of profile %s, want %s", ra.Race.Profile, profile)
	}
	return a, b, wa, wb, ra
}
