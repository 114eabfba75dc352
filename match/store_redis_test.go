package match_test

import (
	"context"
	"errors"
	"sync"
	"testing"
	"time"

	"github.com/prometheus/client_golang/prometheus"
	"github.com/redis/go-redis/v9"

	"github.com/solitaire-race/racer/internal/redistest"
	"github.com/solitaire-race/racer/match"
	"github.com/solitaire-race/racer/match/game/games"
	"github.com/solitaire-race/racer/match/storetest"
)

func newRedisStore(t testing.TB, cfg match.RedisStoreConfig) *match.RedisStore {
	t.Helper()
	if cfg.Client == nil {
		cfg.Client = redistest.Client(t)
	}
	s, err := match.NewRedisStore(cfg)
	if err != nil {
		t.Fatal(err)
	}
	return s
}

func TestRedisStore(t *testing.T) {
	storetest.StoreSuite(t, games.All, func(t *testing.T) match.Store {
		return newRedisStore(t, match.RedisStoreConfig{})
	})
}

func mustCreate(t *testing.T, s match.Store, racers ...string) match.Race {
	t.Helper()
	r, err := s.CreateRace(context.Background(), storetest.NewRace(t, racers...))
	if err != nil {
		t.Fatalf("CreateRace: %v", err)
	}
	return r
}

func mustJoin(t testing.TB, s match.Store, race, racer string) uint64 {
	t.Helper()
	e, err := s.Join(context.Background(), race, racer)
	if err != nil {
		t.Fatalf("Join: %v", err)
	}
	return e
}

// subscribe returns a channel of the payloads published on ch, once the
// subscription is confirmed.
func subscribe(t *testing.T, c redis.UniversalClient, ch string) <-chan string {
	t.Helper()
	ps := c.SSubscribe(context.Background(), ch)
	t.Cleanup(func() { ps.Close() })
	if _, err := ps.Receive(context.Background()); err != nil {
		t.Fatalf("SSUBSCRIBE: %v", err)
	}
	out := make(chan string, 100)
	go func() {
		for m := range ps.Channel() {
			out <- m.Payload
		}
	}()
	return out
}

func expectPayloads(t *testing.T, got <-chan string, want ...string) {
	t.Helper()
	for _, w := range want {
		select {
		case g := <-got:
			if g != w {
				t.Fatalf("received %q, want %q", g, w)
			}
		case <-time.After(5 * time.Second):
			t.Fatalf("no %q within 5s", w)
		}
	}
}

func TestRedisStorePublishesStoredAppendsOnly(t *testing.T) {
	ctx := context.Background()
	c := redistest.Client(t)
	s := newRedisStore(t, match.RedisStoreConfig{Client: c})
	r := mustCreate(t, s, "a", "b")
	e := mustJoin(t, s, r.ID, "a")
	ch := "race:{" + r.ID + "}"
	got := subscribe(t, c, ch)
	appends := []struct {
		seq, epoch uint64
		event      string
		ok         bool
	}{
		{1, e, "x", true},
		{3, e, "skip", false},
		{2, e + 1, "stale", false},
		{2, e, "y", true},
		{2, e, "retry", true}, // a retry of seq 2: answered, not published again
	}
	for _, a := range appends {
		_, err := s.Append(ctx, match.Append{Race: r.ID, Racer: "a", Seq: a.seq, Epoch: a.epoch, Action: "D", Channel: ch, Event: []byte(a.event)})
		if (err == nil) != a.ok {
			t.Fatalf("append %+v: got %v, want ok=%v", a, err, a.ok)
		}
	}
	if err := c.SPublish(ctx, ch, "marker").Err(); err != nil {
		t.Fatal(err)
	}
	expectPayloads(t, got, "x", "y", "marker")
}

func TestRedisStoreRetriedAppend(t *testing.T) {
	ctx := context.Background()
	s := newRedisStore(t, match.RedisStoreConfig{})
	r := mustCreate(t, s, "a", "b")
	e := mustJoin(t, s, r.ID, "a")
	first, err := s.Append(ctx, match.Append{Race: r.ID, Racer: "a", Seq: 1, Epoch: e, Action: "W-F", Win: true})
	if err != nil || !first.Winner {
		t.Fatalf("append: %+v, %v; want the win", first, err)
	}
	again, err := s.Append(ctx, match.Append{Race: r.ID, Racer: "a", Seq: 1, Epoch: e, Action: "W-F", Win: true})
	if want := (match.Appended{At: first.At, Winner: true, Again: true}); err != nil || again != want {
		t.Errorf("retried append: got %+v, %v; want %+v (the stored one, again)", again, err, want)
	}
	tests := []struct {
		name string
		a    match.Append
	}{
		{"other action", match.Append{Race: r.ID, Racer: "a", Seq: 1, Epoch: e, Action: "D"}},
		{"older seq", match.Append{Race: r.ID, Racer: "a", Seq: 0, Epoch: e, Action: "W-F"}},
	}
	for _, tc := range tests {
		if _, err := s.Append(ctx, tc.a); !errors.Is(err, match.ErrSequence) {
			t.Errorf("%s: got %v, want ErrSequence", tc.name, err)
		}
	}
	snap, err := s.Load(ctx, r.ID)
	if err != nil {
		t.Fatal(err)
	}
	if log := snap.Logs["a"]; len(log) != 1 || !log[0].At.Equal(first.At) || snap.Winner != "a" {
		t.Errorf("log %+v, winner %q; want one entry at %v, winner a", log, snap.Winner, first.At)
	}
}

func TestRedisStoreRetriedCreate(t *testing.T) {
	ctx := context.Background()
	s := newRedisStore(t, match.RedisStoreConfig{})
	given := storetest.NewRace(t, "a", "b")
	first, err := s.CreateRace(ctx, given)
	if err != nil {
		t.Fatal(err)
	}
	again, err := s.CreateRace(ctx, given)
	if err != nil || !again.CreatedAt.Equal(first.CreatedAt) {
		t.Errorf("retried CreateRace: got %v, %v; want the stored race, created at %v", again.CreatedAt, err, first.CreatedAt)
	}
	other := given
	other.Nonce = []byte("another node's race")
	if _, err := s.CreateRace(ctx, other); !errors.Is(err, match.ErrExists) {
		t.Errorf("another race with the ID: got %v, want ErrExists", err)
	}
}

// Two nodes (two clients with their own connections) race to finish the
// same races and to win them.
func TestRedisStoreTwoNodes(t *testing.T) {
	ctx := context.Background()
	nodes := redistest.Nodes(t, 2)
	a := newRedisStore(t, match.RedisStoreConfig{Client: nodes[0]})
	b := newRedisStore(t, match.RedisStoreConfig{Client: nodes[1]})
	const races = 20
	for i := range races {
		r := mustCreate(t, a, "p", "q")
		ep, eq := mustJoin(t, a, r.ID, "p"), mustJoin(t, b, r.ID, "q")
		type out struct {
			who  string
			res  match.Appended
			err  error
			fin  match.Result
			frst bool
		}
		outs := make(chan out, 4)
		var wg sync.WaitGroup
		for _, n := range []struct {
			s      *match.RedisStore
			racer  string
			epoch  uint64
			reason string
		}{{a, "p", ep, "a"}, {b, "q", eq, "b"}} {
			wg.Go(func() {
				res, err := n.s.Append(ctx, match.Append{Race: r.ID, Racer: n.racer, Seq: 1, Epoch: n.epoch, Action: "W-F", Win: true})
				outs <- out{who: n.racer, res: res, err: err}
			})
			wg.Go(func() {
				fin, first, err := n.s.Finish(ctx, r.ID, match.Result{Reason: n.reason})
				outs <- out{fin: fin, frst: first, err: err}
			})
		}
		wg.Wait()
		close(outs)
		var winners, firsts []string
		var reasons []string
		for o := range outs {
			switch {
			case o.err != nil && !errors.Is(o.err, match.ErrFinished):
				t.Fatalf("race %d: %v", i, o.err)
			case o.who != "" && o.res.Winner:
				winners = append(winners, o.who)
			case o.who == "":
				reasons = append(reasons, o.fin.Reason)
				if o.frst {
					firsts = append(firsts, o.fin.Reason)
				}
			}
		}
		if len(firsts) != 1 || reasons[0] != reasons[1] || reasons[0] != firsts[0] {
			t.Errorf("race %d: first finishes %v, results %v; want exactly one first, both the same", i, firsts, reasons)
		}
		snap, err := b.Load(ctx, r.ID)
		if err != nil {
			t.Fatal(err)
		}
		if len(winners) > 1 || (len(winners) == 1) != (snap.Winner != "") || (len(winners) == 1 && snap.Winner != winners[0]) {
			t.Errorf("race %d: winners %v, stored %q; want at most one, the stored one", i, winners, snap.Winner)
		}
		if snap.Result == nil || snap.Result.Reason != firsts[0] {
			t.Errorf("race %d: node b loads result %+v, want reason %q", i, snap.Result, firsts[0])
		}
	}
}

// Two racers on two nodes win at once, before any finish: exactly one
// claims the win, and each node rebuilds the other's log.
func TestRedisStoreTwoNodesWin(t *testing.T) {
	ctx := context.Background()
	nodes := redistest.Nodes(t, 2)
	stores := []*match.RedisStore{
		newRedisStore(t, match.RedisStoreConfig{Client: nodes[0]}),
		newRedisStore(t, match.RedisStoreConfig{Client: nodes[1]}),
	}
	for i := range 20 {
		r := mustCreate(t, stores[0], "p", "q")
		racers := []string{"p", "q"}
		winners := make(chan string, 2)
		var wg sync.WaitGroup
		for j, s := range stores {
			e := mustJoin(t, s, r.ID, racers[j])
			wg.Go(func() {
				for seq := uint64(1); seq <= 5; seq++ {
					res, err := s.Append(ctx, match.Append{Race: r.ID, Racer: racers[j], Seq: seq, Epoch: e, Action: "D", Win: seq == 5})
					if err != nil {
						t.Errorf("append: %v", err)
						return
					}
					if res.Winner {
						winners <- racers[j]
					}
				}
			})
		}
		wg.Wait()
		close(winners)
		var got []string
		for w := range winners {
			got = append(got, w)
		}
		for _, s := range stores {
			snap, err := s.Load(ctx, r.ID)
			if err != nil {
				t.Fatal(err)
			}
			if len(got) != 1 || snap.Winner != got[0] || len(snap.Logs["p"]) != 5 || len(snap.Logs["q"]) != 5 {
				t.Fatalf("race %d: winners %v, stored %q, logs %d and %d; want one winner, the stored one, 5 entries each",
					i, got, snap.Winner, len(snap.Logs["p"]), len(snap.Logs["q"]))
			}
		}
	}
}

func TestRedisStoreHotStateExpires(t *testing.T) {
	t.Parallel() // waits on a timeout or a TTL beside the other tests
	ctx := context.Background()
	s := newRedisStore(t, match.RedisStoreConfig{Prefix: "expiry:", HotTTL: 200 * time.Millisecond})
	r := mustCreate(t, s, "a", "b")
	e := mustJoin(t, s, r.ID, "a")
	if _, err := s.Append(ctx, match.Append{Race: r.ID, Racer: "a", Seq: 1, Epoch: e, Action: "D"}); err != nil {
		t.Fatal(err)
	}
	res, first, err := s.Finish(ctx, r.ID, match.Result{Reason: match.EndAllDone, Standings: []match.Standing{{Place: 1, Player: "a"}}})
	if err != nil || !first {
		t.Fatalf("Finish: %v, first %v", err, first)
	}
	deadline := time.Now().Add(10 * time.Second)
	for {
		snap, err := s.Load(ctx, r.ID)
		if err != nil {
			t.Fatal(err)
		}
		if snap.Result == nil || !snap.Result.FinishedAt.Equal(res.FinishedAt) || snap.Race.Seed != r.Seed || !snap.Race.CreatedAt.Equal(r.CreatedAt) {
			t.Fatalf("Load = %+v, want the race and its result", snap)
		}
		if len(snap.Logs["a"]) == 0 {
			break // the hot state is gone, the result stays
		}
		if time.Now().After(deadline) {
			t.Fatal("hot state of a finished race with HotTTL 200ms still there after 10s")
		}
		time.Sleep(50 * time.Millisecond) // polling a TTL, bounded by deadline
	}
	if got, first, err := s.Finish(ctx, r.ID, match.Result{Reason: match.EndTimeLimit}); err != nil || first || got.Reason != match.EndAllDone {
		t.Errorf("Finish after expiry: %+v, first %v, %v; want the stored result, not first", got, first, err)
	}
	if _, err := s.Append(ctx, match.Append{Race: r.ID, Racer: "a", Seq: 2, Epoch: e, Action: "D"}); !errors.Is(err, match.ErrFinished) {
		t.Errorf("Append after expiry: got %v, want ErrFinished", err)
	}
}

// TestRedisStoreCluster runs the shared suite on a Redis Cluster of three
// masters: every script and transaction keeps to one hash slot.
func TestRedisStoreCluster(t *testing.T) {
	if testing.Short() {
		t.Skip("-short: skips the store suite on a Redis Cluster; CI runs it (go test without -short)")
	}
	c := redistest.Cluster(t)
	storetest.StoreSuite(t, games.All, func(t *testing.T) match.Store {
		return newRedisStore(t, match.RedisStoreConfig{Client: c})
	})
	t.Run("Publishes", func(t *testing.T) {
		ctx := context.Background()
		s := newRedisStore(t, match.RedisStoreConfig{Client: c})
		r := mustCreate(t, s, "a", "b")
		e := mustJoin(t, s, r.ID, "a")
		ch := "race:{" + r.ID + "}"
		got := subscribe(t, c, ch)
		if _, err := s.Append(ctx, match.Append{Race: r.ID, Racer: "a", Seq: 1, Epoch: e, Action: "D", Channel: ch, Event: []byte("x")}); err != nil {
			t.Fatal(err)
		}
		expectPayloads(t, got, "x")
	})
	t.Run("LiveForIndex", func(t *testing.T) { testLiveForIndex(t, c) })
}

// ExampleNewRedisStore shows how a node builds its store from a Redis URL
// (cmd/racer's --redis). One client serves the store, the broker and the
// lobby; ContextTimeoutEnabled makes go-redis honour the deadlines of the
// contexts passed in, so a frozen Redis refuses a move within its
// deadline instead of after ReadTimeout.
func ExampleNewRedisStore() {
	opt, err := redis.ParseURL("redis://127.0.0.1:6379/0")
	if err != nil {
		panic(err)
	}
	opt.ContextTimeoutEnabled = true
	client := redis.NewClient(opt) // or redis.NewUniversalClient for Sentinel or Cluster
	defer client.Close()
	store, err := match.NewRedisStore(match.RedisStoreConfig{
		Client:     client,
		Registerer: prometheus.NewRegistry(), // main's registry
		HotTTL:     30 * time.Minute,         // logs of a finished race; 0: one hour
	})
	if err != nil {
		panic(err)
	}
	_ = store
}

// TestRedisStoreAppendIdleTTL: an append sets the race's idle TTL again
// only once a sixteenth of it has passed since it was set, not at every
// move.
func TestRedisStoreAppendIdleTTL(t *testing.T) {
	ctx := context.Background()
	c := redistest.Client(t)
	idle := 160 * time.Second
	s := newRedisStore(t, match.RedisStoreConfig{Client: c, IdleTTL: idle})
	r := mustCreate(t, s, "a", "b")
	e := mustJoin(t, s, r.ID, "a")
	key := "racer:race:{" + r.ID + "}"
	appendAndTTL := func(seq uint64) time.Duration {
		t.Helper()
		if _, err := s.Append(ctx, match.Append{Race: r.ID, Racer: "a", Seq: seq, Epoch: e, Action: "D"}); err != nil {
			t.Fatal(err)
		}
		ttl, err := c.PTTL(ctx, key).Result()
		if err != nil {
			t.Fatal(err)
		}
		return ttl
	}
	if err := c.PExpire(ctx, key, time.Minute).Err(); err != nil {
		t.Fatal(err)
	}
	if ttl := appendAndTTL(1); ttl <= time.Minute || ttl > idle {
		t.Errorf("first append: got TTL %v, want (1m, %v]", ttl, idle)
	}
	if err := c.PExpire(ctx, key, time.Minute).Err(); err != nil {
		t.Fatal(err)
	}
	if ttl := appendAndTTL(2); ttl > time.Minute {
		t.Errorf("append within a sixteenth of the TTL: got TTL %v, want it left at most 1m", ttl)
	}
	// As if the sixteenth (10 s) had passed since the TTL was set.
	if err := c.HSet(ctx, key, "x", 0).Err(); err != nil {
		t.Fatal(err)
	}
	if ttl := appendAndTTL(3); ttl <= time.Minute || ttl > idle {
		t.Errorf("append a sixteenth later: got TTL %v, want (1m, %v]", ttl, idle)
	}
}

// TestRedisStorePublishesToOtherListeners: an append whose listener is
// the race's only one publishes nothing; once another listener listens
// it publishes again, and an append without a listener always does.
func TestRedisStorePublishesToOtherListeners(t *testing.T) {
	ctx := context.Background()
	c := redistest.Client(t)
	s := newRedisStore(t, match.RedisStoreConfig{Client: c})
	r := mustCreate(t, s, "a", "b")
	e := mustJoin(t, s, r.ID, "a")
	ch := "race:{" + r.ID + "}"
	got := subscribe(t, c, ch)
	for _, l := range []string{"n1/1", "n1/1"} { // a second Listen changes nothing
		if err := s.Listen(ctx, r.ID, l); err != nil {
			t.Fatal(err)
		}
	}
	steps := []struct {
		listen, unlisten string // before the append
		listener, event  string
	}{
		{listener: "n1/1", event: "alone"},
		{listen: "n2/7", listener: "n1/1", event: "heard"},
		{listener: "n2/7", event: "heard too"},
		{unlisten: "n2/7", listener: "n1/1", event: "alone again"},
		{unlisten: "n2/7", listener: "n1/1", event: "still alone"}, // a second Unlisten changes nothing
		{listener: "", event: "no listener"},
		{listener: "n3/1", event: "not listening"},
	}
	for i, st := range steps {
		if st.listen != "" {
			if err := s.Listen(ctx, r.ID, st.listen); err != nil {
				t.Fatal(err)
			}
		}
		if st.unlisten != "" {
			if err := s.Unlisten(ctx, r.ID, st.unlisten); err != nil {
				t.Fatal(err)
			}
		}
		a := match.Append{Race: r.ID, Racer: "a", Seq: uint64(i + 1), Epoch: e, Action: "D",
			Channel: ch, Event: []byte(st.event), Listener: st.listener}
		if _, err := s.Append(ctx, a); err != nil {
			t.Fatalf("append %q: %v", st.event, err)
		}
	}
	if err := c.SPublish(ctx, ch, "marker").Err(); err != nil {
		t.Fatal(err)
	}
	expectPayloads(t, got, "heard", "heard too", "no listener", "not listening", "marker")

	// Neither makes a hash for a race that is gone.
	if err := s.Listen(ctx, "gone", "n1/1"); err != nil {
		t.Fatal(err)
	}
	if err := s.Unlisten(ctx, "gone", "n1/1"); err != nil {
		t.Fatal(err)
	}
	if n, err := c.Exists(ctx, "racer:race:{gone}").Result(); err != nil || n != 0 {
		t.Errorf("a gone race's hash: got %d, %v, want none", n, err)
	}
}
