package main

import (
	"context"
	"errors"
	"fmt"
	"strconv"
	"strings"
	"sync"
	"testing"
	"time"

	"github.com/solitaire-race/racer/hub/client"
	"github.com/solitaire-race/racer/hub/wire"
	"github.com/solitaire-race/racer/internal/redistest"
	"github.com/solitaire-race/racer/match"
	"github.com/solitaire-race/racer/match/archive"
	"github.com/solitaire-race/racer/match/archive/archivetest"
	"github.com/solitaire-race/racer/match/arena"
	"github.com/solitaire-race/racer/match/game/games"
)

// TestArenaTwoNodesFailover runs 20 scripted players through a short
// arena on two racer processes sharing one Redis, half connected to
// each; node A dies of SIGKILL mid-arena and its players reconnect to
// node B. At the end, read from Redis: every race a player was dealt has
// its result recorded, no player was in two races at once, and the
// standings are what the recorded results give; the PostgreSQL archive
// both nodes share holds the final standings once, and the leader's
// player page lists the arena from it.
func TestArenaTwoNodesFailover(t *testing.T) {
	if testing.Short() {
		t.Skip("SKIP: -short: builds cmd/racer and runs two processes through an arena")
	}
	srv := redistest.Start(t, redistest.Options{})
	pg := archivetest.PostgresURL(t) // skips without PostgreSQL, fails under CI=true
	bin := buildRacerBinary(t)
	seed, line := failoverLine(t)
	args := []string{"-redis", "redis://" + srv.Addr + "/0", "-secret", "arena-test-secret-0123456789abcdef",
		"-seed", strconv.FormatUint(seed, 10), "-countdown", "300ms", "-rate", "1000", "-burst", "1000",
		"-shutdown-timeout", "2s", "-pool-size", "0", "-analysis-workers", "0", "-archive", pg,
		"-arenas", "bvs/1m/40s", "-arena-short", "-arena-tick", "200ms", "-node-ttl", "1s"}
	nodeA := startRacerProc(t, bin, "nodeA", args...)
	nodeB := startRacerProc(t, bin, "nodeB", args...)

	ctx, cancel := context.WithTimeout(context.Background(), 4*time.Minute)
	defer cancel()
	// The scheduled arena running with 30 s left, or the next one.
	var id string
	var end time.Time
	for id == "" {
		var list struct {
			ServerTime time.Time `json:"server_time"`
			Arenas     []struct {
				ID    string    `json:"id"`
				Start time.Time `json:"start"`
				End   time.Time `json:"end"`
			} `json:"arenas"`
		}
		if st, body, err := fetchJSON(ctx, nodeB.base+"api/arenas", &list); err != nil || st != 200 {
			t.Fatalf("GET /api/arenas: %d %s %v", st, body, err)
		}
		for _, a := range list.Arenas {
			if a.End.Sub(list.ServerTime) >= 30*time.Second && (id == "" || a.Start.Before(end)) {
				id, end = a.ID, a.End
			}
		}
		if id == "" {
			waitCtx(ctx, time.Second) // the schedule creates the next arena
		}
	}

	pctx, stop := context.WithCancel(ctx)
	defer stop()
	var wg sync.WaitGroup
	players := make([]*arenaPlayer, 20)
	for i := range players {
		node := nodeA
		if i%2 == 1 {
			node = nodeB
		}
		// A quarter of the players play the winning line; the others a
		// few moves, then finish (which scores as resigning: 0 points).
		moves := line[:(i%3)*6]
		if i%4 == 0 {
			moves = line
		}
		p := &arenaPlayer{t: t, name: fmt.Sprintf("P%02d", i), moves: moves, fallback: nodeB}
		p.dial(pctx, node, "")
		if err := p.c.Arena(pctx, wire.TypeArenaJoin, id); err != nil {
			t.Fatal(err)
		}
		players[i] = p
		wg.Go(func() { p.run(pctx) })
	}

	// Node A dies once some races have been recorded.
	st, err := arena.NewRedis(arena.RedisConfig{Client: srv.Client(t)})
	if err != nil {
		t.Fatal(err)
	}
	for {
		rs, err := st.Results(ctx, id)
		if err != nil {
			t.Fatal(err)
		}
		if len(rs) >= 12 {
			break
		}
		waitCtx(ctx, 200*time.Millisecond)
		if ctx.Err() != nil {
			t.Fatalf("only %d results before the deadline", len(rs))
		}
	}
	nodeA.kill(t)
	killedAt := time.Now()

	// The arena ends; its last races finish and count.
	for {
		var one struct {
			Arena struct {
				Phase string `json:"phase"`
			} `json:"arena"`
			Races  []any `json:"races"`
			Podium []any `json:"podium"`
		}
		if st, body, err := fetchJSON(ctx, nodeB.base+"api/arenas/"+id, &one); err != nil || st != 200 {
			t.Fatalf("GET /api/arenas/%s: %d %s %v", id, st, body, err)
		}
		if one.Arena.Phase == arena.PhaseFinished && len(one.Races) == 0 && len(one.Podium) > 0 {
			break
		}
		waitCtx(ctx, 500*time.Millisecond)
		if ctx.Err() != nil {
			t.Fatalf("the arena did not end: %+v", one)
		}
	}
	stop()
	wg.Wait()

	results, err := st.Results(ctx, id)
	if err != nil {
		t.Fatal(err)
	}
	recorded := map[string]arena.RaceResult{}
	after := 0
	for _, r := range results {
		recorded[r.Race] = r
		if r.FinishedAt.After(killedAt) {
			after++
		}
	}
	if after == 0 {
		t.Error("no race finished after node A died")
	}
	// Every race dealt to a player has its result.
	dealt := map[string]bool{}
	for _, p := range players {
		for _, r := range p.races() {
			dealt[r] = true
			if _, ok := recorded[r]; !ok {
				t.Errorf("%s's race %s has no recorded result", p.name, r)
			}
		}
	}
	if len(dealt) != len(recorded) {
		t.Errorf("%d races dealt, %d results recorded", len(dealt), len(recorded))
	}
	// Never in two races at once: a player's races do not overlap.
	ms, err := match.NewRedisStore(match.RedisStoreConfig{Client: srv.Client(t)})
	if err != nil {
		t.Fatal(err)
	}
	type span struct {
		race       string
		start, end time.Time
	}
	spans := map[string][]span{}
	for _, r := range results {
		snap, err := ms.Load(ctx, r.Race)
		if err != nil {
			t.Fatalf("load race %s: %v", r.Race, err)
		}
		if snap.Race.Arena != id {
			t.Errorf("race %s belongs to arena %q, want %q", r.Race, snap.Race.Arena, id)
		}
		if !snap.Race.CreatedAt.Before(end) {
			t.Errorf("race %s paired at %v, after the arena's end %v", r.Race, snap.Race.CreatedAt, end)
		}
		for _, o := range r.Outcomes {
			spans[o.Player] = append(spans[o.Player], span{r.Race, snap.Race.CreatedAt, r.FinishedAt})
		}
	}
	for player, ss := range spans {
		for i, a := range ss {
			for _, b := range ss[i+1:] {
				if a.start.Before(b.end) && b.start.Before(a.end) {
					t.Errorf("player %s in races %s and %s at once", player, a.race, b.race)
				}
			}
		}
	}
	// The standings are a recomputation of the stored results.
	ps, err := st.Players(ctx, id)
	if err != nil {
		t.Fatal(err)
	}
	var es []arena.Entrant
	for _, p := range ps {
		es = append(es, p.Entrant)
	}
	want := arena.Recompute(es, results)
	got := arena.Standings(ps)
	for i := range want {
		if got[i].Player != want[i].Player || got[i].Score != want[i].Score {
			t.Errorf("standings line %d: got %+v, recomputed %+v", i, got[i], want[i])
		}
	}
	if got[0].Points == 0 {
		t.Errorf("the leader has no points: %+v", got[0])
	}
	// Node B, the one left, archives the final standings once its last
	// race is over: one copy, equal to the recomputation.
	ar, err := archive.Open(ctx, pg, games.All)
	if err != nil {
		t.Fatal(err)
	}
	defer ar.Close()
	var archived []arena.Standing
	for {
		_, archived, err = ar.LoadArena(ctx, id)
		if err == nil {
			break
		}
		if !errors.Is(err, archive.ErrNotFound) {
			t.Fatal(err)
		}
		waitCtx(ctx, 200*time.Millisecond)
		if ctx.Err() != nil {
			t.Fatal("the arena was never archived")
		}
	}
	if len(archived) != len(want) {
		t.Fatalf("archived %d lines, want %d", len(archived), len(want))
	}
	// Players sharing a rank may come in either order.
	recomputed := map[string]arena.Standing{}
	for _, w := range want {
		recomputed[w.Player] = w
	}
	for i, a := range archived {
		if w, ok := recomputed[a.Player]; !ok || a.Rank != w.Rank || a.Score != w.Score || (i > 0 && a.Rank < archived[i-1].Rank) {
			t.Errorf("archived line %d: got %+v, recomputed %+v", i, a, w)
		}
	}
	var copies int
	if err := ar.DB().QueryRowContext(ctx, `SELECT COUNT(*) FROM archive_arenas WHERE id = $1`, id).Scan(&copies); err != nil || copies != 1 {
		t.Errorf("got %d copies of the arena in the archive (%v), want 1", copies, err)
	}
	// The leader's page lists it, from the archive.
	var page struct {
		Arenas []struct {
			Arena   string `json:"arena"`
			Rank    int    `json:"rank"`
			Players int    `json:"players"`
		} `json:"arenas"`
	}
	if st, body, err := fetchJSON(ctx, nodeB.base+"api/players/"+want[0].Player, &page); err != nil || st != 200 {
		t.Fatalf("GET /api/players/%s: %d %s %v", want[0].Player, st, body, err)
	}
	if len(page.Arenas) != 1 || page.Arenas[0].Arena != id || page.Arenas[0].Rank != 1 || page.Arenas[0].Players != len(want) {
		t.Errorf("the leader's page lists %+v, want %s, rank 1 of %d", page.Arenas, id, len(want))
	}
	t.Logf("%d players, %d races (%d finished after node A died); leader %s with %d points", len(ps), len(results), after, got[0].Name, got[0].Points)
}

// waitCtx waits d or until ctx ends.
func waitCtx(ctx context.Context, d time.Duration) {
	tm := time.NewTimer(d)
	defer tm.Stop()
	select {
	case <-ctx.Done():
	case <-tm.C:
	}
}

// arenaPlayer is a scripted arena player: in each race it sends its
// moves (a prefix of a winning line) and finishes. When its node dies it
// reconnects to fallback with its token and finishes the race it was
// in. Its moves go without waiting for their acks: a move refused once
// the race is over is harmless.
type arenaPlayer struct {
	t        *testing.T
	name     string
	moves    []string
	fallback *racerProc
	c        *client.Client
	token    string

	mu    sync.Mutex
	dealt []string
}

func (p *arenaPlayer) dial(ctx context.Context, n *racerProc, token string) error {
	c, err := client.Dial(ctx, "ws"+strings.TrimPrefix(n.base, "http")+"ws", client.Options{})
	if err != nil {
		return err
	}
	p.t.Cleanup(c.Drop)
	w, err := c.Hello(ctx, p.name, token)
	if err != nil {
		return err
	}
	p.c, p.token = c, w.Token
	return nil
}

func (p *arenaPlayer) races() []string {
	p.mu.Lock()
	defer p.mu.Unlock()
	return append([]string(nil), p.dealt...)
}

func (p *arenaPlayer) run(ctx context.Context) {
	for ctx.Err() == nil {
		m, err := p.c.Next(ctx)
		if err != nil {
			if ctx.Err() != nil {
				return
			}
			// The node died: connect to the other one.
			for ctx.Err() == nil {
				if err := p.dial(ctx, p.fallback, p.token); err == nil {
					break
				}
				waitCtx(ctx, 100*time.Millisecond)
			}
			continue
		}
		switch m.Type {
		case wire.TypeRace:
			var r wire.RaceMessage
			if m.Decode(&r) != nil {
				continue
			}
			p.mu.Lock()
			known := false
			for _, x := range p.dealt {
				known = known || x == r.Race.ID
			}
			if !known {
				p.dealt = append(p.dealt, r.Race.ID)
			}
			p.mu.Unlock()
			if r.Status != "playing" {
				continue
			}
			waitCtx(ctx, time.Until(r.Race.StartAt)+20*time.Millisecond)
			seq := r.Seq
			if !known {
				for _, mv := range p.moves {
					if _, err := p.c.Move(ctx, r.Race.ID, mv); err != nil {
						break
					}
					seq++
				}
			}
			_ = p.c.Send(ctx, wire.ClientMessage{Type: wire.TypeFinish, Race: r.Race.ID, Seq: seq + 1})
		case wire.TypeError:
			var e client.Error
			if m.Decode(&e) == nil && !errors.Is(ctx.Err(), context.Canceled) && e.Code == wire.CodeInternal {
				p.t.Errorf("%s: %s", p.name, e.Message)
			}
		}
	}
}
