package main

import (
	"context"
	"encoding/json"
	"fmt"
	"maps"
	"math"
	"slices"
	"strconv"
	"strings"
	"sync"
	"testing"
	"time"

	"github.com/solitaire-race/racer/hub/client"
	"github.com/solitaire-race/racer/hub/wire"
	"github.com/solitaire-race/racer/internal/redistest"
	"github.com/solitaire-race/racer/match"
	"github.com/solitaire-race/racer/match/game/games"
	"github.com/solitaire-race/racer/match/matchtest"
	"github.com/solitaire-race/racer/match/rating"
	"github.com/solitaire-race/racer/match/replay"
)

// TestFailoverSIGKILL is the failover test: three racer processes on
// one Redis; Ann on node A races Bob on node B; node A dies of SIGKILL
// with two of Ann's moves in flight; Ann reconnects to node C with her
// token, resends what was not acknowledged, and wins. Then, through the
// HTTP API of the surviving nodes and Redis itself: every acknowledged
// move is in the replay once, in order; there is exactly one winner; the
// ratings and the wins board were updated once.
func TestFailoverSIGKILL(t *testing.T) {
	if testing.Short() {
		t.Skip("SKIP: -short: builds cmd/racer and runs three processes")
	}
	srv := redistest.Start(t, redistest.Options{}) // skips without redis-server, fails under CI=true
	bin := buildRacerBinary(t)
	seed, line := failoverLine(t)
	args := []string{"-redis", "redis://" + srv.Addr + "/0", "-secret", "failover-test-secret-0123456789abcdef",
		"-seed", strconv.FormatUint(seed, 10), "-countdown", "300ms",
		"-rate", "1000", "-burst", "1000", "-shutdown-timeout", "2s", "-log-level", "debug"}
	nodeA := startRacerProc(t, bin, "nodeA", args...)
	nodeB := startRacerProc(t, bin, "nodeB", args...)
	nodeC := startRacerProc(t, bin, "nodeC", args...)

	ctx, cancel := context.WithTimeout(context.Background(), 45*time.Second)
	defer cancel()
	began := time.Now()
	annAcks, bobAcks := &ackLog{}, &ackLog{}
	ann, wa := failoverDial(t, ctx, nodeA, "Ann", "", annAcks)
	bob, wb := failoverDial(t, ctx, nodeB, "Bob", "", bobAcks)

	// Paired across nodes from the quick-race queue.
	if err := ann.Send(ctx, wire.ClientMessage{Type: wire.TypeQueue}); err != nil {
		t.Fatal(err)
	}
	if _, err := ann.WaitType(ctx, wire.TypeQueued); err != nil {
		t.Fatalf("Ann's queued: %v", err)
	}
	if err := bob.Send(ctx, wire.ClientMessage{Type: wire.TypeQueue}); err != nil {
		t.Fatal(err)
	}
	ra, err := ann.WaitRace(ctx)
	if err != nil {
		t.Fatalf("Ann's race: %v", err)
	}
	rb, err := bob.WaitRace(ctx)
	if err != nil {
		t.Fatalf("Bob's race: %v", err)
	}
	id := ra.Race.ID
	if rb.Race.ID != id {
		t.Fatalf("Ann is in race %s, Bob in %s; want one race", id, rb.Race.ID)
	}
	// The countdown: start_at is the store's clock, which is this
	// machine's; 50 ms of slack.
	if wait := time.Until(ra.Race.StartAt); wait > 10*time.Second {
		t.Fatalf("race starts in %v, want within the 300ms countdown", wait)
	} else {
		time.Sleep(wait + 50*time.Millisecond)
	}

	// Before the failure: Ann plays 20 moves on A, Bob sees them on B,
	// and plays 3.
	const before = 20
	playAcked(t, ctx, ann, id, line[:before])
	if _, err := bob.Wait(ctx, func(m client.Message) bool {
		var p wire.ProgressMessage
		return m.Type == wire.TypeProgress && m.Decode(&p) == nil && p.Progress.Racer == wa.Player && p.Progress.Seq >= before
	}); err != nil {
		t.Fatalf("Bob on node B never saw Ann's progress from node A: %v", err)
	}
	playAcked(t, ctx, bob, id, line[:3])

	// Two moves in flight, then SIGKILL. Redis is frozen meanwhile, so
	// that node A has sent the first move's script to Redis but cannot
	// have acknowledged it: once Redis goes on, that move is stored but
	// was never acknowledged, the case a resend must not apply twice. The
	// pause only makes that case likely (node A may be slower than 300
	// ms); the checks below hold whichever moves were stored.
	srv.Pause(t)
	for _, mv := range line[before : before+2] {
		if _, err := ann.Move(ctx, id, mv); err != nil {
			srv.Resume(t)
			t.Fatalf("Ann's move %s: %v", mv, err)
		}
	}
	time.Sleep(300 * time.Millisecond) // see above; nothing is timed
	nodeA.kill(t)
	srv.Resume(t)
	select {
	case <-ann.Done():
	case <-ctx.Done():
		t.Fatal("Ann's connection to the killed node A did not end")
	}
	pending := ann.Pending(id)
	rdb := srv.Client(t)
	store, err := match.NewRedisStore(match.RedisStoreConfig{Client: rdb})
	if err != nil {
		t.Fatal(err)
	}
	snap, err := store.Load(ctx, id)
	if err != nil {
		t.Fatalf("load the race from Redis after the kill: %v", err)
	}
	stored := len(snap.Logs[wa.Player])
	acked := before + 2 - len(pending)
	if stored < acked || stored > before+2 {
		t.Fatalf("after the kill Redis holds %d of Ann's moves; %d were acknowledged, %d sent", stored, acked, before+2)
	}
	storedUnacked := stored - acked
	t.Logf("node A killed: of Ann's %d moves, %d acknowledged, %d stored without an acknowledgement, %d lost in flight",
		before+2, acked, storedUnacked, before+2-stored)

	// Bob's node is fine: he plays on meanwhile.
	playAcked(t, ctx, bob, id, line[3:6])

	// Ann resumes on node C with her token.
	ann2, wa2 := failoverDial(t, ctx, nodeC, "", wa.Token, annAcks)
	if wa2.Player != wa.Player {
		t.Fatalf("Ann is %s on node C, want %s (same token)", wa2.Player, wa.Player)
	}
	r, err := ann2.WaitRace(ctx)
	if err != nil {
		t.Fatalf("Ann's resume on node C: %v", err)
	}
	if r.Race.ID != id || r.Seq < before || r.Seq > before+2 {
		t.Fatalf("resumed race %s at seq %d, want %s at %d…%d", r.Race.ID, r.Seq, id, before, before+2)
	}
	next := r.Seq
	if len(pending) > 0 {
		if err := ann2.Resend(ctx, id, pending); err != nil {
			t.Fatal(err)
		}
		last := slices.Max(slices.Collect(maps.Keys(pending)))
		if _, err := ann2.WaitAck(ctx, id, last); err != nil {
			t.Fatalf("ack of resent seq %d: %v", last, err)
		}
		next = max(next, last)
	}
	if ack := playAcked(t, ctx, ann2, id, line[next:]); ack.Status != match.StatusWon {
		t.Fatalf("Ann's last ack has status %q, want %q", ack.Status, match.StatusWon)
	}
	var dups int
	for _, a := range annAcks.of(id) {
		if a.Duplicate {
			dups++
		}
	}
	if dups != storedUnacked {
		t.Errorf("Ann got %d duplicate acks for her resent moves, want %d (stored but unacknowledged)", dups, storedUnacked)
	}

	// Both see one end: Ann wins, alone.
	endA, err := ann2.WaitEnd(ctx, id)
	if err != nil {
		t.Fatalf("Ann's race_end on node C: %v", err)
	}
	endB, err := bob.WaitEnd(ctx, id)
	if err != nil {
		t.Fatalf("Bob's race_end on node B: %v", err)
	}
	for who, res := range map[string]match.Result{"Ann's race_end": endA.Result, "Bob's race_end": endB.Result} {
		checkOneWinner(t, who, res, wa.Player)
	}
	if endA.Reveal.Seed != seed {
		t.Errorf("revealed seed %d, want %d", endA.Reveal.Seed, seed)
	}

	t.Logf("race over %v after the three nodes were ready", time.Since(began).Round(time.Millisecond))
	// The finish hook saved the replay before race_end was published (the
	// API would otherwise rebuild it from the race's hot state).
	if n, err := rdb.Exists(ctx, "racer:replay:{"+id+"}").Result(); err != nil || n != 1 {
		t.Errorf("replay key of %s in Redis: exists %d, %v; want 1", id, n, err)
	}

	// The replay, from each surviving node.
	for _, n := range []*racerProc{nodeB, nodeC} {
		var rp replay.Replay
		url := n.base + "api/replay/" + id
		if code, body, err := fetchJSON(ctx, url, &rp); err != nil || code != 200 {
			t.Fatalf("GET %s: %d %s %v, want 200", url, code, body, err)
		}
		if rp.Race != id || rp.Seed != seed {
			t.Errorf("%s: race %s seed %d, want %s and %d", n.name, rp.Race, rp.Seed, id, seed)
		}
		checkOneWinner(t, n.name+"'s replay", rp.Result, wa.Player)
		checkLog(t, n.name+": Ann's log", rp.Actions[wa.Player], line, annAcks.of(id))
		checkLog(t, n.name+": Bob's log", rp.Actions[wb.Player], line[:6], bobAcks.of(id))
		if len(rp.Actions) != 2 {
			t.Errorf("%s: replay has logs of %d racers, want 2", n.name, len(rp.Actions))
		}
	}

	// Ratings: one game each, Ann up and Bob down. The finish hook may
	// still be writing when race_end arrives: poll, bounded.
	ratings := map[string]ratingView{}
	for _, p := range []string{wa.Player, wb.Player} {
		var okB, okC bool
		ratings[p], okB = waitRated(t, ctx, nodeB, p)
		got, okC := waitRated(t, ctx, nodeC, p)
		if !okB || !okC {
			t.Fatalf("rating of %s: rated on node B %v, on node C %v; want both", p, okB, okC)
		}
		if got != ratings[p] {
			t.Errorf("rating of %s: node C says %+v, node B %+v", p, got, ratings[p])
		}
	}
	// Exactly one game's change from the start: lichess's Glicko-2 of a
	// new player beating a new player.
	want := rating.Config{}.Race(nil, []rating.Placing{{Player: wa.Player, Place: 1}, {Player: wb.Player, Place: 2}},
		endA.Result.FinishedAt)
	for _, p := range []string{wa.Player, wb.Player} {
		got, w := ratings[p], want[p]
		if got.Games != 1 || math.Abs(got.Rating-w.Rating) > 1e-6 || math.Abs(got.Deviation-w.Deviation) > 1e-6 {
			t.Errorf("rating of %s: %+v; want one game: rating %.3f, deviation %.3f", p, got, w.Rating, w.Deviation)
		}
	}
	if ra, rb := ratings[wa.Player], ratings[wb.Player]; ra.Rating <= 1500 || rb.Rating >= 1500 {
		t.Errorf("ratings: Ann %.3f, Bob %.3f; want Ann above 1500, Bob below", ra.Rating, rb.Rating)
	}
	var wins struct {
		Entries []struct {
			Player string  `json:"player"`
			Score  float64 `json:"score"`
		} `json:"entries"`
	}
	url := nodeB.base + "api/leaderboard/bvs/wins?period=all"
	if code, body, err := fetchJSON(ctx, url, &wins); err != nil || code != 200 {
		t.Fatalf("GET %s: %d %s %v, want 200", url, code, body, err)
	}
	if len(wins.Entries) != 1 || wins.Entries[0].Player != wa.Player || wins.Entries[0].Score != 1 {
		t.Errorf("all-time wins board %+v, want Ann (%s) alone with 1", wins.Entries, wa.Player)
	}
	// The applied-once marker: one, of this race.
	keys, err := rdb.Keys(ctx, "racer:lb:*applied:*").Result()
	if err != nil {
		t.Fatal(err)
	}
	if want := "racer:lb:{bvs}:applied:" + id; len(keys) != 1 || keys[0] != want {
		t.Errorf("applied markers %q, want [%q]", keys, want)
	}

	if nodeB.exited() || nodeC.exited() {
		t.Errorf("a surviving node exited: B %v, C %v", nodeB.exited(), nodeC.exited())
	}
}

// failoverLine is the winning line of the first winnable bvs seed.
func failoverLine(t *testing.T) (uint64, []string) {
	t.Helper()
	seed, moves := matchtest.Winnable(games.All, "bvs")
	if moves == nil {
		t.Fatal("matchtest found no winnable bvs seed")
	}
	line := make([]string, len(moves))
	for i, m := range moves {
		line[i] = m.String()
	}
	return seed, line
}

// ackLog records every ack a player's connections receive, as the client
// reads them (Options.Record), whether or not the test waits for them.
type ackLog struct {
	mu   sync.Mutex
	acks []wire.Ack
}

func (l *ackLog) record(frame []byte) {
	var head struct {
		Type      string `json:"type"`
		Race      string `json:"race"`
		Seq       uint64 `json:"seq"`
		Duplicate bool   `json:"duplicate"`
	}
	if json.Unmarshal(frame, &head) != nil || head.Type != wire.TypeAck {
		return
	}
	l.mu.Lock()
	defer l.mu.Unlock()
	l.acks = append(l.acks, wire.Ack{Type: head.Type, Race: head.Race, Seq: head.Seq, Duplicate: head.Duplicate})
}

// of returns the acks of race, in the order received.
func (l *ackLog) of(race string) []wire.Ack {
	l.mu.Lock()
	defer l.mu.Unlock()
	var out []wire.Ack
	for _, a := range l.acks {
		if a.Race == race {
			out = append(out, a)
		}
	}
	return out
}

// failoverDial connects to node n and says hello, as a new player (name)
// or a returning one (token); every ack received goes to acks.
func failoverDial(t *testing.T, ctx context.Context, n *racerProc, name, token string, acks *ackLog) (*client.Client, wire.Welcome) {
	t.Helper()
	c, err := client.Dial(ctx, "ws"+strings.TrimPrefix(n.base, "http")+"ws", client.Options{Record: acks.record})
	if err != nil {
		t.Fatalf("dial %s: %v", n.name, err)
	}
	t.Cleanup(c.Drop)
	w, err := c.Hello(ctx, name, token)
	if err != nil {
		t.Fatalf("hello on %s: %v", n.name, err)
	}
	return c, w
}

// playAcked sends moves one by one, each acknowledged before the next, and
// returns the last ack.
func playAcked(t *testing.T, ctx context.Context, c *client.Client, race string, moves []string) wire.Ack {
	t.Helper()
	var ack wire.Ack
	for _, mv := range moves {
		seq, err := c.Move(ctx, race, mv)
		if err != nil {
			t.Fatalf("move %s: %v", mv, err)
		}
		if ack, err = c.WaitAck(ctx, race, seq); err != nil {
			t.Fatalf("ack of %s (seq %d): %v", mv, seq, err)
		}
	}
	return ack
}

// checkOneWinner checks that res is a win by winner, the only racer in
// first place and the only one who won.
func checkOneWinner(t *testing.T, who string, res match.Result, winner string) {
	t.Helper()
	var first, won []string
	for _, s := range res.Standings {
		if s.Place == 1 {
			first = append(first, s.Player)
		}
		if s.Status == match.StatusWon {
			won = append(won, s.Player)
		}
	}
	want := []string{winner}
	if res.Reason != match.EndWin || !slices.Equal(first, want) || !slices.Equal(won, want) {
		t.Errorf("%s: reason %q, first place %v, won %v; want %q and %v alone", who, res.Reason, first, won, match.EndWin, want)
	}
}

// checkLog checks a racer's replayed log against the moves they sent
// (seq i+1 is sent[i]) and the acks they received: the log is exactly the
// moves sent, in order, each once; every acknowledged seq is in it; no
// seq was acknowledged twice as new.
func checkLog(t *testing.T, who string, log []replay.Action, sent []string, acks []wire.Ack) {
	t.Helper()
	got := make([]string, len(log))
	for i, a := range log {
		got[i] = a.Action
		if a.Seq != uint64(i+1) {
			t.Errorf("%s: entry %d has seq %d, want %d", who, i+1, a.Seq, i+1)
		}
		if i > 0 && a.At.Before(log[i-1].At) {
			t.Errorf("%s: entry %d at %v, before entry %d at %v", who, i+1, a.At, i, log[i-1].At)
		}
	}
	if !slices.Equal(got, sent) {
		t.Errorf("%s: %d entries\n%v\nwant the %d moves sent\n%v", who, len(got), got, len(sent), sent)
	}
	fresh := map[uint64]int{}
	for _, a := range acks {
		if a.Seq == 0 || a.Seq > uint64(len(log)) {
			t.Errorf("%s: ack of seq %d, but the log has %d entries", who, a.Seq, len(log))
			continue
		}
		if !a.Duplicate {
			fresh[a.Seq]++
		}
	}
	for seq := uint64(1); seq <= uint64(len(sent)); seq++ {
		if fresh[seq] > 1 {
			t.Errorf("%s: seq %d acknowledged as new %d times, want once", who, seq, fresh[seq])
		}
	}
	if len(acks) == 0 {
		t.Errorf("%s: no acks recorded", who)
	}
}

// ratingView is the part of GET /api/rating/{profile}/{player} checked.
type ratingView struct {
	Rating    float64 `json:"rating"`
	Deviation float64 `json:"deviation"`
	Rated     bool    `json:"rated"`
	Games     int     `json:"games"`
}

// waitRated polls node n's rating of player under bvs until it is rated,
// for at most 10 s; it returns false (and logs the last answer) if it
// never is.
func waitRated(t *testing.T, ctx context.Context, n *racerProc, player string) (ratingView, bool) {
	t.Helper()
	url := n.base + "api/rating/bvs/" + player
	var last string
	for deadline := time.Now().Add(10 * time.Second); time.Now().Before(deadline); {
		var rv ratingView
		code, body, err := fetchJSON(ctx, url, &rv)
		switch {
		case err != nil:
			last = err.Error()
		case code != 200:
			last = fmt.Sprintf("%d %s", code, body)
		case rv.Rated:
			return rv, true
		default:
			last = fmt.Sprintf("%+v", rv)
		}
		time.Sleep(100 * time.Millisecond) // bounded by deadline
	}
	t.Logf("GET %s: %s after 10s, want a rated player", url, last)
	return ratingView{}, false
}
