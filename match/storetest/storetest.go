// Package storetest is the shared test suite of match.Store: every
// implementation (memory, Redis) runs the same tests.
//
//	func TestMemoryStore(t *testing.T) {
//		storetest.StoreSuite(t, func(t *testing.T) match.Store {
//			return match.NewMemoryStore(match.MemoryStoreConfig{})
//		})
//	}
package storetest

import (
	"context"
	"errors"
	"fmt"
	"slices"
	"sync"
	"testing"
	"time"

	"github.com/solitaire-race/racer/match"
	"github.com/solitaire-race/racer/match/game"
	"github.com/solitaire-race/racer/match/matchtest"
)

// StoreSuite runs the shared tests against stores made by newStore, one
// fresh store per subtest; a whole race is played in a Spider profile of
// games. Race IDs are unique per call, so a store that shares a backend
// between subtests (a Redis database) still works.
func StoreSuite(t *testing.T, games *game.Registry, newStore func(t *testing.T) match.Store) {
	t.Helper()
	tests := []struct {
		name string
		fn   func(t *testing.T, s match.Store)
	}{
		{"CreateLoad", testCreateLoad},
		{"CreateTwice", testCreateTwice},
		{"UnknownRace", testUnknownRace},
		{"JoinEpochs", testJoinEpochs},
		{"AppendSequence", testAppendSequence},
		{"StaleEpoch", testStaleEpoch},
		{"NotRacer", testNotRacer},
		{"WinClaimedOnce", testWinClaimedOnce},
		{"FinishOnce", testFinishOnce},
		{"Live", testLive},
		{"LiveFor", testLiveFor},
		{"Deadlines", testDeadlines},
		{"ConcurrentRacers", testConcurrentRacers},
		{"Now", testNow},
		{"SpiderRace", func(t *testing.T, s match.Store) { testSpiderRace(t, games, s) }},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			tc.fn(t, newStore(t))
		})
	}
}

var idMu sync.Mutex
var idN int

// NewRace returns a race with a unique ID and the given racers.
func NewRace(t *testing.T, racers ...string) match.Race {
	t.Helper()
	idMu.Lock()
	idN++
	n := idN
	idMu.Unlock()
	r := match.Race{
		ID:             fmt.Sprintf("storetest-%d-%d", time.Now().UnixNano(), n),
		Profile:        "bvs",
		Seed:           uint64(1000 + n),
		Nonce:          []byte{1, 2, 3, byte(n)},
		Commitment:     "c0ffee",
		Countdown:      3 * time.Second,
		TimeLimit:      10 * time.Minute,
		SpectatorDelay: 20 * time.Second,
	}
	for _, id := range racers {
		r.Racers = append(r.Racers, match.Racer{ID: id, Name: "name-" + id})
	}
	return r
}

func create(t *testing.T, s match.Store, racers ...string) match.Race {
	t.Helper()
	r, err := s.CreateRace(context.Background(), NewRace(t, racers...))
	if err != nil {
		t.Fatalf("CreateRace: %v", err)
	}
	return r
}

func join(t *testing.T, s match.Store, race, racer string) uint64 {
	t.Helper()
	e, err := s.Join(context.Background(), race, racer)
	if err != nil {
		t.Fatalf("Join(%s, %s): %v", race, racer, err)
	}
	return e
}

func testCreateLoad(t *testing.T, s match.Store) {
	ctx := context.Background()
	want := NewRace(t, "a", "b")
	got, err := s.CreateRace(ctx, want)
	if err != nil {
		t.Fatalf("CreateRace: %v", err)
	}
	if got.CreatedAt.IsZero() {
		t.Errorf("CreatedAt is zero")
	}
	if d := got.StartAt.Sub(got.CreatedAt); d != want.Countdown {
		t.Errorf("StartAt-CreatedAt = %v, want %v", d, want.Countdown)
	}
	snap, err := s.Load(ctx, want.ID)
	if err != nil {
		t.Fatalf("Load: %v", err)
	}
	r := snap.Race
	if r.ID != want.ID || r.Seed != want.Seed || r.Profile != want.Profile || string(r.Nonce) != string(want.Nonce) ||
		r.Commitment != want.Commitment || r.TimeLimit != want.TimeLimit || r.SpectatorDelay != want.SpectatorDelay ||
		len(r.Racers) != 2 || r.Racers[0] != want.Racers[0] || r.Racers[1] != want.Racers[1] {
		t.Errorf("Load race = %+v, want %+v", r, want)
	}
	if !r.StartAt.Equal(got.StartAt) {
		t.Errorf("Load StartAt = %v, want %v", r.StartAt, got.StartAt)
	}
	if snap.Winner != "" || snap.Result != nil || len(snap.Logs["a"]) != 0 {
		t.Errorf("fresh race has winner %q, result %v, log %v", snap.Winner, snap.Result, snap.Logs["a"])
	}
}

func testCreateTwice(t *testing.T, s match.Store) {
	r := create(t, s, "a", "b")
	_, err := s.CreateRace(context.Background(), r)
	if !errors.Is(err, match.ErrExists) {
		t.Errorf("second CreateRace: got %v, want ErrExists", err)
	}
}

func testUnknownRace(t *testing.T, s match.Store) {
	ctx := context.Background()
	if _, err := s.Load(ctx, "no-such-race"); !errors.Is(err, match.ErrNotFound) {
		t.Errorf("Load: got %v, want ErrNotFound", err)
	}
	if _, err := s.Join(ctx, "no-such-race", "a"); !errors.Is(err, match.ErrNotFound) {
		t.Errorf("Join: got %v, want ErrNotFound", err)
	}
	_, err := s.Append(ctx, match.Append{Race: "no-such-race", Racer: "a", Seq: 1, Epoch: 1, Action: "D"})
	if !errors.Is(err, match.ErrNotFound) {
		t.Errorf("Append: got %v, want ErrNotFound", err)
	}
	if _, _, err := s.Finish(ctx, "no-such-race", match.Result{}); !errors.Is(err, match.ErrNotFound) {
		t.Errorf("Finish: got %v, want ErrNotFound", err)
	}
}

func testJoinEpochs(t *testing.T, s match.Store) {
	r := create(t, s, "a", "b")
	for want := uint64(1); want <= 3; want++ {
		if got := join(t, s, r.ID, "a"); got != want {
			t.Errorf("Join #%d = %d, want %d", want, got, want)
		}
	}
	if got := join(t, s, r.ID, "b"); got != 1 {
		t.Errorf("Join b = %d, want 1", got)
	}
	snap, err := s.Load(context.Background(), r.ID)
	if err != nil {
		t.Fatal(err)
	}
	if snap.Epochs["a"] != 3 || snap.Epochs["b"] != 1 {
		t.Errorf("Epochs = %v, want a:3 b:1", snap.Epochs)
	}
}

func testAppendSequence(t *testing.T, s match.Store) {
	ctx := context.Background()
	r := create(t, s, "a", "b")
	e := join(t, s, r.ID, "a")
	actions := []string{"D", "D", "W-F", match.ActionResign}
	var last time.Time
	for i, act := range actions {
		res, err := s.Append(ctx, match.Append{Race: r.ID, Racer: "a", Seq: uint64(i + 1), Epoch: e, Action: act})
		if err != nil {
			t.Fatalf("Append %d: %v", i+1, err)
		}
		if res.Winner {
			t.Errorf("Append %d claimed the win without Win", i+1)
		}
		if res.At.Before(last) {
			t.Errorf("Append %d at %v, before %v", i+1, res.At, last)
		}
		last = res.At
	}
	for _, seq := range []uint64{0, 1, 4, 6} {
		_, err := s.Append(ctx, match.Append{Race: r.ID, Racer: "a", Seq: seq, Epoch: e, Action: "D"})
		var se *match.SeqError
		if !errors.As(err, &se) || !errors.Is(err, match.ErrSequence) {
			t.Errorf("Append seq %d: got %v, want *SeqError", seq, err)
		} else if se.Next != 5 || se.Got != seq {
			t.Errorf("Append seq %d: got %+v, want Got %d Next 5", seq, se, seq)
		}
	}
	snap, err := s.Load(ctx, r.ID)
	if err != nil {
		t.Fatal(err)
	}
	log := snap.Logs["a"]
	if len(log) != len(actions) {
		t.Fatalf("log has %d entries, want %d", len(log), len(actions))
	}
	for i, en := range log {
		if en.Seq != uint64(i+1) || en.Action != actions[i] || en.At.IsZero() {
			t.Errorf("entry %d = %+v, want seq %d action %q", i, en, i+1, actions[i])
		}
	}
	if len(snap.Logs["b"]) != 0 {
		t.Errorf("b's log = %v, want empty", snap.Logs["b"])
	}
}

func testStaleEpoch(t *testing.T, s match.Store) {
	ctx := context.Background()
	r := create(t, s, "a", "b")
	e1 := join(t, s, r.ID, "a")
	if _, err := s.Append(ctx, match.Append{Race: r.ID, Racer: "a", Seq: 1, Epoch: e1, Action: "D"}); err != nil {
		t.Fatal(err)
	}
	e2 := join(t, s, r.ID, "a")
	_, err := s.Append(ctx, match.Append{Race: r.ID, Racer: "a", Seq: 2, Epoch: e1, Action: "D"})
	if !errors.Is(err, match.ErrStaleEpoch) {
		t.Errorf("append with old epoch: got %v, want ErrStaleEpoch", err)
	}
	if _, err := s.Append(ctx, match.Append{Race: r.ID, Racer: "a", Seq: 2, Epoch: e2, Action: "D"}); err != nil {
		t.Errorf("append with new epoch: %v", err)
	}
	_, err = s.Append(ctx, match.Append{Race: r.ID, Racer: "b", Seq: 1, Epoch: 0, Action: "D"})
	if !errors.Is(err, match.ErrStaleEpoch) {
		t.Errorf("append before Join: got %v, want ErrStaleEpoch", err)
	}
}

func testNotRacer(t *testing.T, s match.Store) {
	ctx := context.Background()
	r := create(t, s, "a", "b")
	if _, err := s.Join(ctx, r.ID, "x"); !errors.Is(err, match.ErrNotRacer) {
		t.Errorf("Join stranger: got %v, want ErrNotRacer", err)
	}
	_, err := s.Append(ctx, match.Append{Race: r.ID, Racer: "x", Seq: 1, Epoch: 1, Action: "D"})
	if !errors.Is(err, match.ErrNotRacer) {
		t.Errorf("Append stranger: got %v, want ErrNotRacer", err)
	}
}

func testWinClaimedOnce(t *testing.T, s match.Store) {
	ctx := context.Background()
	r := create(t, s, "a", "b")
	ea, eb := join(t, s, r.ID, "a"), join(t, s, r.ID, "b")
	res, err := s.Append(ctx, match.Append{Race: r.ID, Racer: "b", Seq: 1, Epoch: eb, Action: "W-F", Win: true})
	if err != nil || !res.Winner {
		t.Fatalf("first win: got %+v, %v, want Winner", res, err)
	}
	res, err = s.Append(ctx, match.Append{Race: r.ID, Racer: "a", Seq: 1, Epoch: ea, Action: "W-F", Win: true})
	if err != nil || res.Winner {
		t.Errorf("second win: got %+v, %v, want stored, not Winner", res, err)
	}
	snap, err := s.Load(ctx, r.ID)
	if err != nil {
		t.Fatal(err)
	}
	if snap.Winner != "b" {
		t.Errorf("Winner = %q, want b", snap.Winner)
	}
}

func testFinishOnce(t *testing.T, s match.Store) {
	ctx := context.Background()
	r := create(t, s, "a", "b")
	e := join(t, s, r.ID, "a")
	first := match.Result{Reason: match.EndAllDone, Standings: []match.Standing{{Place: 1, Player: "a", Foundation: 3}, {Place: 2, Player: "b"}}}
	got, ok, err := s.Finish(ctx, r.ID, first)
	if err != nil || !ok {
		t.Fatalf("first Finish: %v, first=%v", err, ok)
	}
	if got.FinishedAt.IsZero() || got.Race != r.ID || len(got.Standings) != 2 {
		t.Errorf("first Finish stored %+v", got)
	}
	second := match.Result{Reason: match.EndTimeLimit, Standings: []match.Standing{{Place: 1, Player: "b"}}}
	got2, ok, err := s.Finish(ctx, r.ID, second)
	if err != nil || ok {
		t.Fatalf("second Finish: %v, first=%v, want stored result and first=false", err, ok)
	}
	if got2.Reason != match.EndAllDone || got2.Standings[0].Player != "a" || !got2.FinishedAt.Equal(got.FinishedAt) {
		t.Errorf("second Finish returned %+v, want the first result", got2)
	}
	_, err = s.Append(ctx, match.Append{Race: r.ID, Racer: "a", Seq: 1, Epoch: e, Action: "D"})
	if !errors.Is(err, match.ErrFinished) {
		t.Errorf("Append after Finish: got %v, want ErrFinished", err)
	}
	snap, err := s.Load(ctx, r.ID)
	if err != nil {
		t.Fatal(err)
	}
	if snap.Result == nil || snap.Result.Reason != match.EndAllDone {
		t.Errorf("Load result = %+v, want the first", snap.Result)
	}
}

func testLive(t *testing.T, s match.Store) {
	ctx := context.Background()
	r1 := create(t, s, "a", "b")
	r2 := create(t, s, "c", "d")
	if _, _, err := s.Finish(ctx, r1.ID, match.Result{Reason: match.EndAllDone}); err != nil {
		t.Fatal(err)
	}
	live, err := s.Live(ctx, 0)
	if err != nil {
		t.Fatal(err)
	}
	var saw1, saw2 bool
	for _, r := range live {
		saw1 = saw1 || r.ID == r1.ID
		saw2 = saw2 || r.ID == r2.ID
	}
	if saw1 || !saw2 {
		t.Errorf("Live: finished race listed %v, live race listed %v; want false, true", saw1, saw2)
	}

	// A limit keeps the newest races, oldest first.
	r3 := create(t, s, "e", "f")
	r4 := create(t, s, "g", "h")
	two, err := s.Live(ctx, 2)
	if err != nil {
		t.Fatal(err)
	}
	if got := IDs(two); len(got) != 2 || got[0] != r3.ID || got[1] != r4.ID {
		t.Errorf("Live(2) = %v, want the two newest [%s %s]", got, r3.ID, r4.ID)
	}
}

// Player returns a player ID unique to this run of the suite, so that a
// store sharing a backend between subtests sees no other test's races for
// it.
func Player(t *testing.T, name string) string {
	t.Helper()
	idMu.Lock()
	idN++
	n := idN
	idMu.Unlock()
	return fmt.Sprintf("%s-%d-%d", name, time.Now().UnixNano(), n)
}

// IDs returns the IDs of races, in order.
func IDs(races []match.Race) []string {
	ids := make([]string, len(races))
	for i, r := range races {
		ids[i] = r.ID
	}
	return ids
}

func testLiveFor(t *testing.T, s match.Store) {
	ctx := context.Background()
	ann, bob, cat, dan := Player(t, "ann"), Player(t, "bob"), Player(t, "cat"), Player(t, "dan")
	r1 := create(t, s, ann, bob)
	r2 := create(t, s, cat, ann)
	r3 := create(t, s, bob, cat)
	liveFor := func(player string, want ...match.Race) {
		t.Helper()
		got, err := s.LiveFor(ctx, player)
		if err != nil {
			t.Fatalf("LiveFor(%s): %v", player, err)
		}
		if g, w := fmt.Sprint(IDs(got)), fmt.Sprint(IDs(want)); g != w {
			t.Errorf("LiveFor(%s) = %s, want %s", player, g, w)
		}
		for i, r := range got {
			if !r.HasRacer(player) || !r.CreatedAt.Equal(want[i].CreatedAt) || !r.StartAt.Equal(want[i].StartAt) || len(r.Racers) != 2 {
				t.Errorf("LiveFor(%s)[%d] = %+v, want %+v", player, i, r, want[i])
			}
		}
	}
	liveFor(ann, r1, r2)
	liveFor(bob, r1, r3)
	liveFor(cat, r2, r3)
	liveFor(dan)
	if _, _, err := s.Finish(ctx, r1.ID, match.Result{Reason: match.EndAllDone}); err != nil {
		t.Fatal(err)
	}
	liveFor(ann, r2)
	liveFor(bob, r3)
	if _, _, err := s.Finish(ctx, r1.ID, match.Result{Reason: match.EndAllDone}); err != nil {
		t.Fatal(err) // a second Finish changes nothing
	}
	for _, r := range []match.Race{r2, r3} {
		if _, _, err := s.Finish(ctx, r.ID, match.Result{Reason: match.EndTimeLimit}); err != nil {
			t.Fatal(err)
		}
	}
	for _, p := range []string{ann, bob, cat} {
		liveFor(p)
	}
}

// testDeadlines: a race is over at its deadline (creation + countdown +
// time limit) whether or not a node finished it. Overdue lists the
// unfinished races whose deadline is before a time, the earliest deadline
// first, never a race without a time limit; Live does not list a race
// past its deadline at the store's clock, and lists one without a time
// limit.
func testDeadlines(t *testing.T, s match.Store) {
	ctx := context.Background()
	ann, bob := Player(t, "ann"), Player(t, "bob")
	mk := func(countdown, limit time.Duration) match.Race {
		t.Helper()
		r := NewRace(t, ann, bob)
		r.Countdown, r.TimeLimit = countdown, limit
		got, err := s.CreateRace(ctx, r)
		if err != nil {
			t.Fatalf("CreateRace: %v", err)
		}
		return got
	}
	long := mk(3*time.Second, 10*time.Minute)
	short := mk(time.Second, time.Minute) // created later, due earlier
	none := mk(3*time.Second, 0)
	done := mk(0, time.Minute)
	past := mk(0, time.Millisecond)
	if _, _, err := s.Finish(ctx, done.ID, match.Result{Reason: match.EndAllDone}); err != nil {
		t.Fatal(err)
	}
	if !none.Deadline().IsZero() {
		t.Fatalf("a race without a time limit has deadline %v, want none", none.Deadline())
	}
	// The store's clock passes past's deadline within a millisecond.
	for {
		now, err := s.Now(ctx)
		if err != nil {
			t.Fatal(err)
		}
		if !now.Before(past.Deadline()) {
			break
		}
	}
	mine := func(ids []string) []string {
		var out []string
		for _, id := range ids {
			switch id {
			case long.ID, short.ID, none.ID, done.ID, past.ID:
				out = append(out, id)
			}
		}
		return out
	}
	overdue := func(before time.Time, limit int, want ...match.Race) {
		t.Helper()
		got, err := s.Overdue(ctx, before, limit)
		if err != nil {
			t.Fatalf("Overdue: %v", err)
		}
		if g, w := fmt.Sprint(mine(got)), fmt.Sprint(IDs(want)); g != w {
			t.Errorf("Overdue(%v, %d) = %s, want %s", before, limit, g, w)
		}
	}
	later := long.Deadline().Add(24 * time.Hour)
	overdue(later, 0, past, short, long)
	// A race due at deadlineBefore is not due before it.
	overdue(short.Deadline(), 0, past)
	overdue(short.Deadline().Add(time.Microsecond), 0, past, short)
	overdue(past.Deadline(), 0)

	live, err := s.Live(ctx, 0)
	if err != nil {
		t.Fatal(err)
	}
	if g, w := fmt.Sprint(mine(IDs(live))), fmt.Sprint(IDs([]match.Race{long, short, none})); g != w {
		t.Errorf("Live = %s, want %s: not the finished race nor the one past its deadline", g, w)
	}
	// LiveFor still names the race past its deadline: its racers resume
	// it, and the node that loads it finishes it.
	theirs, err := s.LiveFor(ctx, ann)
	if err != nil {
		t.Fatal(err)
	}
	if g, w := fmt.Sprint(IDs(theirs)), fmt.Sprint(IDs([]match.Race{long, short, none, past})); g != w {
		t.Errorf("LiveFor = %s, want %s", g, w)
	}

	if _, _, err := s.Finish(ctx, past.ID, match.Result{Reason: match.EndTimeLimit}); err != nil {
		t.Fatal(err)
	}
	overdue(later, 0, short, long)
	// A limit keeps the earliest deadlines (a store shared with other
	// tests may list their races too: the limit is set from the full
	// list).
	all, err := s.Overdue(ctx, later, 0)
	if err != nil {
		t.Fatal(err)
	}
	n := slices.Index(all, short.ID) + 1
	got, err := s.Overdue(ctx, later, n)
	if err != nil {
		t.Fatal(err)
	}
	if len(got) != n || got[n-1] != short.ID {
		t.Errorf("Overdue(%v, %d) = %v, want the first %d of %v", later, n, got, n, all)
	}
}

func testConcurrentRacers(t *testing.T, s match.Store) {
	ctx := context.Background()
	racers := []string{"a", "b", "c", "d"}
	r := create(t, s, racers...)
	const n = 50
	var wg sync.WaitGroup
	winners := make(chan string, len(racers))
	errs := make(chan error, len(racers))
	for _, id := range racers {
		e := join(t, s, r.ID, id)
		wg.Add(1)
		go func() {
			defer wg.Done()
			for i := 1; i <= n; i++ {
				res, err := s.Append(ctx, match.Append{Race: r.ID, Racer: id, Seq: uint64(i), Epoch: e, Action: "D", Win: i == n})
				if err != nil {
					errs <- err
					return
				}
				if res.Winner {
					winners <- id
				}
			}
		}()
	}
	wg.Wait()
	close(winners)
	close(errs)
	for err := range errs {
		t.Errorf("Append: %v", err)
	}
	var got []string
	for w := range winners {
		got = append(got, w)
	}
	snap, err := s.Load(ctx, r.ID)
	if err != nil {
		t.Fatal(err)
	}
	if len(got) != 1 || snap.Winner != got[0] {
		t.Errorf("winners %v, stored winner %q; want exactly one, the same", got, snap.Winner)
	}
	for _, id := range racers {
		if len(snap.Logs[id]) != n {
			t.Errorf("log of %s has %d entries, want %d", id, len(snap.Logs[id]), n)
		}
	}
}

func testNow(t *testing.T, s match.Store) {
	a, err := s.Now(context.Background())
	if err != nil {
		t.Fatal(err)
	}
	b, err := s.Now(context.Background())
	if err != nil {
		t.Fatal(err)
	}
	if a.IsZero() || b.Before(a) {
		t.Errorf("Now: %v then %v, want non-zero and non-decreasing", a, b)
	}
}

// testSpiderRace stores a whole spider-1 race (a winning line, the win
// claim, a result with completed runs) and rebuilds every board from the
// loaded snapshot, as a node that takes over after another died would.
func testSpiderRace(t *testing.T, games *game.Registry, s match.Store) {
	ctx := context.Background()
	seed, moves := matchtest.WinnableSpider(games, "spider-1")
	r := NewRace(t, "a", "b")
	r.Profile, r.Seed = "spider-1", seed
	r, err := s.CreateRace(ctx, r)
	if err != nil {
		t.Fatal(err)
	}
	ea, eb := join(t, s, r.ID, "a"), join(t, s, r.ID, "b")
	m, err := match.New(r, match.Options{Games: games})
	if err != nil {
		t.Fatal(err)
	}
	appendAs := func(racer string, epoch uint64, action string) match.Appended {
		t.Helper()
		p, err := m.Prepare(racer, m.Seq(racer)+1, action)
		if err != nil {
			t.Fatalf("Prepare %s %s: %v", racer, action, err)
		}
		res, err := s.Append(ctx, match.Append{Race: r.ID, Racer: racer, Seq: p.Seq, Epoch: epoch, Action: action, Win: p.Win})
		if err != nil {
			t.Fatalf("Append %s %s: %v", racer, action, err)
		}
		m.Commit(p, res.At)
		return res
	}
	for _, mv := range moves[:4] {
		appendAs("b", eb, mv.String())
	}
	var last match.Appended
	for _, mv := range moves {
		last = appendAs("a", ea, mv.String())
	}
	if !last.Winner {
		t.Fatalf("the winning move did not claim the win")
	}
	snap, err := s.Load(ctx, r.ID)
	if err != nil {
		t.Fatal(err)
	}
	now, err := s.Now(ctx)
	if err != nil {
		t.Fatal(err)
	}
	res, over, err := match.Rank(snap, now, match.Options{Games: games})
	if err != nil || !over {
		t.Fatalf("Rank: %v, over %v", err, over)
	}
	stored, _, err := s.Finish(ctx, r.ID, res)
	if err != nil {
		t.Fatal(err)
	}
	if stored.Standings[0].Player != "a" || stored.Standings[0].Counts.Get("completed") != 8 || stored.Standings[0].Foundation != 104 {
		t.Errorf("stored result %+v, want a first with 8 runs", stored)
	}
	snap, err = s.Load(ctx, r.ID)
	if err != nil {
		t.Fatal(err)
	}
	rebuilt, err := match.Rebuild(snap, match.Options{Games: games})
	if err != nil {
		t.Fatal(err)
	}
	for _, racer := range []string{"a", "b"} {
		got, _ := rebuilt.Progress(racer)
		want, _ := m.Progress(racer)
		if got != want {
			t.Errorf("%s: rebuilt progress %+v, want %+v", racer, got, want)
		}
	}
	if res, ok := rebuilt.Result(); !ok || res.Standings[0].Counts.Get("completed") != 8 {
		t.Errorf("rebuilt result %+v, want the stored one", res)
	}
}
