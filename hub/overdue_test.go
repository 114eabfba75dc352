package hub_test

import (
	"context"
	"encoding/json"
	"net/http"
	"sync/atomic"
	"testing"
	"testing/synctest"
	"time"

	"github.com/solitaire-race/racer/hub"
	"github.com/solitaire-race/racer/hub/broker"
	"github.com/solitaire-race/racer/hub/client"
	"github.com/solitaire-race/racer/hub/lobby"
	"github.com/solitaire-race/racer/hub/wire"
	"github.com/solitaire-race/racer/internal/redistest"
	"github.com/solitaire-race/racer/internal/testenv"
	"github.com/solitaire-race/racer/match"
	"github.com/solitaire-race/racer/match/game/games"
	"github.com/solitaire-race/racer/match/leaderboard"
	"github.com/solitaire-race/racer/match/replay"
	"github.com/solitaire-race/racer/match/results"
	"github.com/solitaire-race/racer/match/scoreboard"
)

// skewedBackends are the memory backends of one or more nodes, with a
// store whose clock runs ahead of the real one by skew: a test moves the
// store's time past a race's deadline without waiting for it.
type skewedBackends struct {
	skew   atomic.Int64
	broker *broker.Memory
	store  *match.MemoryStore
	lobby  *lobby.Memory
}

func newSkewedBackends() *skewedBackends {
	b := &skewedBackends{broker: broker.NewMemory(), lobby: lobby.NewMemory()}
	b.store = match.NewMemoryStore(match.MemoryStoreConfig{Publish: b.broker.PublishNow,
		Clock: func() time.Time { return time.Now().Add(time.Duration(b.skew.Load())) }})
	return b
}

// setNow sets the store's clock to at, from now on running with the
// real one.
func (b *skewedBackends) setNow(at time.Time) { b.skew.Store(int64(time.Until(at))) }

func (b *skewedBackends) config() hub.Config {
	return hub.Config{Store: b.store, Broker: b.broker, Presence: b.broker, Lobby: b.lobby, Secret: []byte("overdue secret")}
}

// finished is one call of OnFinish: the finished race and what it did to
// the ratings.
type finished struct {
	snap    match.Snapshot
	ratings *scoreboard.Ratings
}

// recordResults sets cfg.OnFinish to a results.Service's, as cmd/racer
// wires it (ratings, leaderboards, the replay that the archive takes),
// and returns each of its calls and the replays it saved.
func recordResults(t *testing.T, cfg *hub.Config) (<-chan finished, *replay.MemoryStore) {
	t.Helper()
	replays := replay.NewMemoryStore()
	res, err := results.New(results.Config{Games: games.All, Boards: leaderboard.NewMemoryStore(), Replays: replays})
	if err != nil {
		t.Fatal(err)
	}
	calls := make(chan finished, 8)
	cfg.OnFinish = func(ctx context.Context, snap match.Snapshot) *scoreboard.Ratings {
		r := res.OnFinish(ctx, snap)
		calls <- finished{snap: snap, ratings: r}
		return r
	}
	return calls, replays
}

// runHub runs s's hub until the test ends.
func runHub(t *testing.T, s *testServer) {
	t.Helper()
	ctx, cancel := context.WithCancel(context.Background())
	done := make(chan struct{})
	go func() { _ = s.hub.Run(ctx); close(done) }()
	t.Cleanup(func() { cancel(); <-done })
}

// leaveRace pairs Ann and Bob on s, lets Ann make two moves, and has both
// leave: the race is held by no node. It returns the race's ID.
func leaveRace(t *testing.T, s *testServer) string {
	t.Helper()
	a, b, _, _, race := s.pair(t)
	play(t, a, race.Race.ID, winningLine(t)[:2])
	for _, c := range []*client.Client{a, b} {
		_ = c.Close()
		<-c.Done()
	}
	return race.Race.ID
}

// loadRace returns the stored race id (its setup as stored, with its
// creation time).
func loadRace(t *testing.T, store match.Store, id string) match.Snapshot {
	t.Helper()
	snap, err := store.Load(ctxT(t), id)
	if err != nil {
		t.Fatal(err)
	}
	return snap
}

// waitFinished waits for the OnFinish call of race id and checks what an
// abandoned race leaves: a result at its time limit, stored on the
// store's clock within grace and a second of the deadline, ratings for
// both racers, and its replay saved.
func waitFinished(t *testing.T, calls <-chan finished, replays *replay.MemoryStore, race match.Race, grace time.Duration) {
	t.Helper()
	var f finished
	select {
	case f = <-calls:
	case <-ctxT(t).Done():
		t.Fatalf("the abandoned race %s was never finished", race.ID)
	}
	res := f.snap.Result
	if f.snap.Race.ID != race.ID || res == nil || res.Reason != match.EndTimeLimit {
		t.Fatalf("finished %s with %+v, want %s at its time limit", f.snap.Race.ID, res, race.ID)
	}
	if late := res.FinishedAt.Sub(race.Deadline()); late < grace || late > grace+2*time.Second {
		t.Errorf("finished %v after its deadline, want %v (the grace) to %v", late, grace, grace+2*time.Second)
	}
	if len(res.Standings) != 2 || !race.HasRacer(res.Standings[0].Player) {
		t.Errorf("standings %+v, want both racers", res.Standings)
	}
	if f.ratings == nil || !f.ratings.Rated || len(f.ratings.Changes) != 2 {
		t.Errorf("ratings %+v, want both racers rated", f.ratings)
	}
	if _, err := replays.Load(ctxT(t), race.ID); err != nil {
		t.Errorf("the replay the archive takes: %v", err)
	}
}

// listedRaces is what GET /api/races answers on s.
func listedRaces(t *testing.T, s *testServer) []wire.RaceInfo {
	t.Helper()
	req, err := http.NewRequestWithContext(ctxT(t), http.MethodGet, s.srv.URL+"/api/races", nil)
	if err != nil {
		t.Fatal(err)
	}
	resp, err := http.DefaultClient.Do(req)
	if err != nil {
		t.Fatal(err)
	}
	defer resp.Body.Close()
	var page wire.Races
	if err := json.NewDecoder(resp.Body).Decode(&page); err != nil {
		t.Fatal(err)
	}
	return page.Races
}

// TestAbandonedRaceFinishedAtDeadline: a race whose racers both left
// mid-race is held by no node. Past its deadline it is no longer listed
// (Store.Live, GET /api/races) though not finished yet; past the grace,
// the node's sweep finishes it: ranked at its time limit, rated, its
// replay saved for the archive, gone from the live races.
func TestAbandonedRaceFinishedAtDeadline(t *testing.T) {
	t.Parallel()
	be := newSkewedBackends()
	cfg := be.config()
	const grace = 30 * time.Second // long, to look at the race between its deadline and its finish
	cfg.TimeLimit, cfg.OverdueEvery, cfg.OverdueGrace = time.Minute, 10*time.Millisecond, grace
	calls, replays := recordResults(t, &cfg)
	s := newServer(t, cfg)
	runHub(t, s)

	race := loadRace(t, be.store, leaveRace(t, s)).Race
	if got := listedRaces(t, s); len(got) != 1 || got[0].ID != race.ID {
		t.Fatalf("GET /api/races before the deadline lists %+v, want the race", got)
	}

	be.setNow(race.Deadline().Add(time.Second))
	if got := listedRaces(t, s); len(got) != 0 {
		t.Errorf("GET /api/races past the deadline lists %+v, want none", got)
	}
	if live, err := be.store.Live(ctxT(t), 0); err != nil || len(live) != 0 {
		t.Errorf("Live past the deadline: %d races, %v; want none", len(live), err)
	}
	if snap := loadRace(t, be.store, race.ID); snap.Result != nil {
		t.Fatalf("finished %+v within the grace, want it left to a node that holds it", snap.Result)
	}

	be.setNow(race.Deadline().Add(grace))
	waitFinished(t, calls, replays, race, grace)
	if snap := loadRace(t, be.store, race.ID); snap.Result == nil {
		t.Error("the finished race has no stored result")
	}
	if got := listedRaces(t, s); len(got) != 0 {
		t.Errorf("GET /api/races after the finish lists %+v, want none", got)
	}
}

// TestAbandonedRaceFinishedByAnotherNode: the node that created a race
// stops while its racers are away; another node sharing the store
// finishes the race at its deadline plus the grace.
func TestAbandonedRaceFinishedByAnotherNode(t *testing.T) {
	t.Parallel()
	be := newSkewedBackends()
	cfg := be.config()
	const grace = 2 * time.Second
	cfg.TimeLimit, cfg.OverdueEvery, cfg.OverdueGrace = time.Minute, 10*time.Millisecond, grace
	calls, replays := recordResults(t, &cfg)
	first := newServer(t, cfg)
	race := loadRace(t, be.store, leaveRace(t, first)).Race
	ctx, cancel := context.WithTimeout(context.Background(), 5*time.Second)
	err := first.hub.Shutdown(ctx)
	cancel()
	if err != nil {
		t.Fatal(err)
	}
	first.srv.Close()

	second := newServer(t, cfg)
	runHub(t, second)
	be.setNow(race.Deadline().Add(grace))
	waitFinished(t, calls, replays, race, grace)
}

// TestAbandonedRaceDefaults: with the default sweep period and grace, a
// race that no node holds (its node died once it was created) is still
// unfinished just before its deadline plus the grace, and finished
// within a sweep period after. The clock is synctest's.
func TestAbandonedRaceDefaults(t *testing.T) {
	synctest.Test(t, func(t *testing.T) {
		const every, grace = time.Second, 2 * time.Second // the documented defaults
		store, b, l := hub.MemoryBackends()
		h, err := hub.New(hub.Config{Store: store, Broker: b, Presence: b, Lobby: l, Logger: discardLogger()})
		if err != nil {
			t.Fatal(err)
		}
		ctx, cancel := context.WithCancel(t.Context())
		done := make(chan struct{})
		go func() { _ = h.Run(ctx); close(done) }()
		defer func() {
			cancel()
			<-done
			_ = h.Shutdown(context.Background())
		}()

		race, err := store.CreateRace(ctx, match.Race{ID: "left", Profile: "bvs", Seed: 7, Countdown: 3 * time.Second,
			TimeLimit: 15 * time.Second, Racers: []match.Racer{{ID: "ann", Name: "Ann"}, {ID: "bob", Name: "Bob"}}})
		if err != nil {
			t.Fatal(err)
		}
		result := func() *match.Result {
			t.Helper()
			synctest.Wait()
			snap, err := store.Load(ctx, race.ID)
			if err != nil {
				t.Fatal(err)
			}
			return snap.Result
		}
		time.Sleep(time.Until(race.Deadline().Add(grace)) - time.Millisecond)
		if res := result(); res != nil {
			t.Fatalf("finished at %v, %v after the deadline: want no sooner than the grace, %v", res.FinishedAt, res.FinishedAt.Sub(race.Deadline()), grace)
		}
		time.Sleep(every + time.Millisecond)
		res := result()
		if res == nil || res.Reason != match.EndTimeLimit {
			t.Fatalf("result %+v a sweep period after the deadline plus the grace, want one at the time limit", res)
		}
		if late := res.FinishedAt.Sub(race.Deadline()); late < grace || late > grace+every {
			t.Errorf("finished %v after the deadline, want %v to %v", late, grace, grace+every)
		}
	})
}

// TestAbandonedRaceFinishedByAnotherNodeRedis is
// TestAbandonedRaceFinishedByAnotherNode on Redis, on the real clock: the
// node that created the race stops while its racers are away, and
// another node, with a client of its own, finishes the race within the
// grace (and a sweep period) of its deadline. The time limit leaves the
// racers time to pair, move and leave first: 4 s, or 1 s with -short
// and without the race detector (which slows them tenfold).
func TestAbandonedRaceFinishedByAnotherNodeRedis(t *testing.T) {
	t.Parallel()
	nodes := redistest.Nodes(t, 2)
	const every, grace = 20 * time.Millisecond, 200 * time.Millisecond
	limit := 4 * time.Second
	if testing.Short() && !testenv.RaceDetector {
		limit = time.Second
	}
	cfg1, cfg2 := redisBackends(t, nodes[0]), redisBackends(t, nodes[1])
	for _, c := range []*hub.Config{&cfg1, &cfg2} {
		c.TimeLimit, c.OverdueEvery, c.OverdueGrace = limit, every, grace
	}
	calls, replays := recordResults(t, &cfg2)
	first := newServer(t, cfg1)
	id := leaveRace(t, first)
	ctx, cancel := context.WithTimeout(context.Background(), 5*time.Second)
	err := first.hub.Shutdown(ctx)
	cancel()
	if err != nil {
		t.Fatal(err)
	}
	first.srv.Close()
	snap := loadRace(t, cfg2.Store, id)
	if snap.Result != nil {
		t.Skipf("the race reached its %v time limit before its racers left: the machine is too slow for this test", limit)
	}

	second := newServer(t, cfg2)
	runHub(t, second)
	waitFinished(t, calls, replays, snap.Race, grace)
	if live, err := cfg2.Store.Live(ctxT(t), 0); err != nil || len(live) != 0 {
		t.Errorf("Live after the finish: %d races, %v; want none", len(live), err)
	}
}
