package match_test

import (
	"context"
	"errors"
	"fmt"
	"sync"
	"sync/atomic"
	"testing"
	"time"

	"github.com/redis/go-redis/v9"

	"github.com/solitaire-race/racer/internal/redistest"
	"github.com/solitaire-race/racer/match"
)

// pipelineSizes is a go-redis hook that records the most appends sent in
// one pipeline and in one script run of a pipeline.
type pipelineSizes struct{ most, mostRun atomic.Int64 }

func (h *pipelineSizes) DialHook(next redis.DialHook) redis.DialHook { return next }
func (h *pipelineSizes) ProcessHook(next redis.ProcessHook) redis.ProcessHook {
	return next
}
func (h *pipelineSizes) ProcessPipelineHook(next redis.ProcessPipelineHook) redis.ProcessPipelineHook {
	return func(ctx context.Context, cmds []redis.Cmder) error {
		n := int64(0)
		for _, c := range cmds {
			if c.Name() == "evalsha" || c.Name() == "eval" {
				// EVALSHA sha numkeys keys... args...: one key an append
				keys, _ := c.Args()[2].(int)
				n += int64(keys)
				raise(&h.mostRun, int64(keys))
			}
		}
		raise(&h.most, n)
		return next(ctx, cmds)
	}
}

// raise sets v to n if n is more.
func raise(v *atomic.Int64, n int64) {
	for {
		m := v.Load()
		if n <= m || v.CompareAndSwap(m, n) {
			return
		}
	}
}

var _ redis.Hook = (*pipelineSizes)(nil)

// firstCommand is a go-redis hook that closes seen when the first command
// called name is sent alone.
type firstCommand struct {
	name string
	once sync.Once
	seen chan struct{}
}

func (h *firstCommand) DialHook(next redis.DialHook) redis.DialHook { return next }
func (h *firstCommand) ProcessHook(next redis.ProcessHook) redis.ProcessHook {
	return func(ctx context.Context, cmd redis.Cmder) error {
		if cmd.Name() == h.name {
			h.once.Do(func() { close(h.seen) })
		}
		return next(ctx, cmd)
	}
}
func (h *firstCommand) ProcessPipelineHook(next redis.ProcessPipelineHook) redis.ProcessPipelineHook {
	return next
}

// Many racers of many races append at once through one flight, so their
// appends share pipelines: each gets its own reply (its own time, its own
// win, its own error), a duplicate gets the stored entry back, an
// append out of sequence and one with a stale epoch their errors.
func TestRedisStoreBatchedAppends(t *testing.T) {
	for _, tc := range []struct {
		name   string
		client func(t *testing.T) redis.UniversalClient
	}{
		{"single", func(t *testing.T) redis.UniversalClient { return redistest.Client(t) }},
		{"cluster", func(t *testing.T) redis.UniversalClient { return redistest.Cluster(t) }},
	} {
		t.Run(tc.name, func(t *testing.T) {
			if testing.Short() && tc.name == "cluster" {
				t.Skip("-short: skips the Redis Cluster case; CI runs it (go test without -short)")
			}
			c := tc.client(t)
			sizes := &pipelineSizes{}
			c.AddHook(sizes)
			testBatchedAppends(t, c, sizes)
			if n := sizes.mostRun.Load(); tc.name == "single" && n < 2 {
				t.Errorf("largest script run: %d appends, want the appends of a pipeline in one run", n)
			}
		})
	}
}

func testBatchedAppends(t *testing.T, c redis.UniversalClient, sizes *pipelineSizes) {
	ctx := context.Background()
	s := newRedisStore(t, match.RedisStoreConfig{Client: c, AppendPipelines: 1, AppendBatch: 16})
	const races, moves = 12, 6
	racers := []string{"p", "q", "r"}
	type key struct {
		race, racer string
		seq         uint64
	}
	var mu sync.Mutex
	got := map[key]match.Appended{}
	wins := map[string][]string{}
	ids := make([]string, races)
	start := make(chan struct{})
	var wg sync.WaitGroup
	for i := range races {
		r := mustCreate(t, s, racers...)
		ids[i] = r.ID
		for _, p := range racers {
			e := mustJoin(t, s, r.ID, p)
			wg.Go(func() {
				<-start
				app := func(seq, epoch uint64, win bool) (match.Appended, error) {
					return s.Append(ctx, match.Append{Race: r.ID, Racer: p, Seq: seq, Epoch: epoch,
						Action: fmt.Sprintf("%s-%d", p, seq), Win: win})
				}
				for seq := uint64(1); seq <= moves; seq++ {
					res, err := app(seq, e, seq == moves)
					if err != nil {
						t.Errorf("%s %s seq %d: %v", r.ID, p, seq, err)
						return
					}
					mu.Lock()
					got[key{r.ID, p, seq}] = res
					if res.Winner {
						wins[r.ID] = append(wins[r.ID], p)
					}
					mu.Unlock()
					switch seq {
					case 2: // the reply was lost: the same append again
						again, err := app(seq, e, false)
						if err != nil || !again.At.Equal(res.At) {
							t.Errorf("%s %s: duplicate of seq 2: got %v, %v; want the stored %v", r.ID, p, again.At, err, res.At)
						}
					case 3: // a gap
						var se *match.SeqError
						if _, err := app(seq+2, e, false); !errors.As(err, &se) || se.Got != seq+2 || se.Next != seq+1 {
							t.Errorf("%s %s: seq %d after %d: got %v, want SeqError{%d, %d}", r.ID, p, seq+2, seq, err, seq+2, seq+1)
						}
					case 4: // an old session
						if _, err := app(seq+1, e-1, false); !errors.Is(err, match.ErrStaleEpoch) {
							t.Errorf("%s %s: epoch %d: got %v, want ErrStaleEpoch", r.ID, p, e-1, err)
						}
					}
				}
			})
		}
	}
	wg.Go(func() { // an unknown race among them
		<-start
		if _, err := s.Append(ctx, match.Append{Race: "no-such-race", Racer: "p", Seq: 1, Epoch: 1, Action: "D"}); !errors.Is(err, match.ErrNotFound) {
			t.Errorf("unknown race: got %v, want ErrNotFound", err)
		}
	})
	close(start)
	wg.Wait()
	if t.Failed() {
		return
	}
	for _, id := range ids {
		snap, err := s.Load(ctx, id)
		if err != nil {
			t.Fatal(err)
		}
		if w := wins[id]; len(w) != 1 || snap.Winner != w[0] {
			t.Errorf("%s: winners %v, stored %q; want one, the stored one", id, w, snap.Winner)
		}
		for _, p := range racers {
			log := snap.Logs[p]
			if len(log) != moves {
				t.Fatalf("%s %s: %d entries, want %d", id, p, len(log), moves)
			}
			for _, e := range log {
				want := fmt.Sprintf("%s-%d", p, e.Seq)
				if res := got[key{id, p, e.Seq}]; e.Action != want || !e.At.Equal(res.At) {
					t.Errorf("%s %s seq %d: stored %q at %v, acked at %v; want %q, the acked time", id, p, e.Seq, e.Action, e.At, res.At, want)
				}
			}
		}
	}
	if n := sizes.most.Load(); n < 2 {
		t.Errorf("largest pipeline: %d commands, want appends sharing pipelines", n)
	}
}

// An append still waiting for a flight when its caller gives up is never
// sent; the one in flight is unaffected.
func TestRedisStoreBatchedAppendCancelled(t *testing.T) {
	ctx := context.Background()
	srv := redistest.Start(t, redistest.Options{})
	c := srv.Client(t)
	sent := &firstCommand{name: "evalsha", seen: make(chan struct{})}
	c.AddHook(sent)
	s := newRedisStore(t, match.RedisStoreConfig{Client: c, AppendPipelines: 1})
	r := mustCreate(t, s, "a", "b")
	ea, eb := mustJoin(t, s, r.ID, "a"), mustJoin(t, s, r.ID, "b")

	srv.Pause(t)
	first := make(chan error, 1)
	go func() { // takes the one flight and waits for the frozen Redis
		_, err := s.Append(ctx, match.Append{Race: r.ID, Racer: "a", Seq: 1, Epoch: ea, Action: "D"})
		first <- err
	}()
	<-sent.seen
	cctx, cancel := context.WithCancel(ctx)
	second := make(chan error, 1)
	go func() {
		_, err := s.Append(cctx, match.Append{Race: r.ID, Racer: "b", Seq: 1, Epoch: eb, Action: "D"})
		second <- err
	}()
	cancel() // queued or not yet, it is never sent
	select {
	case err := <-second:
		if !errors.Is(err, context.Canceled) {
			t.Errorf("cancelled append: got %v, want context.Canceled", err)
		}
	case <-time.After(5 * time.Second):
		t.Fatal("a cancelled append waiting for a flight did not return within 5s")
	}
	srv.Resume(t)
	if err := <-first; err != nil {
		t.Fatalf("append in flight: %v", err)
	}
	snap, err := s.Load(ctx, r.ID)
	if err != nil {
		t.Fatal(err)
	}
	if len(snap.Logs["a"]) != 1 || len(snap.Logs["b"]) != 0 {
		t.Errorf("logs: a %d, b %d entries; want 1 and 0 (the cancelled append never sent)", len(snap.Logs["a"]), len(snap.Logs["b"]))
	}
}

// With AppendWait, an append after a quiet spell goes out at once, alone;
// appends that come within the wait of it share a pipeline, sent once the
// wait has passed.
func TestRedisStoreAppendWait(t *testing.T) {
	if testing.Short() {
		t.Skip("-short: skips waiting out a 2 s append wait; CI runs it (go test without -short)")
	}
	ctx := context.Background()
	c := redistest.Client(t)
	// Long enough that the second and third appends, sent together, come
	// within it of each other on a loaded machine.
	const wait = 2 * time.Second
	s := newRedisStore(t, match.RedisStoreConfig{Client: c, AppendWait: wait})
	r := mustCreate(t, s, "a", "b", "c")
	epochs := map[string]uint64{}
	for _, p := range []string{"a", "b", "c"} {
		epochs[p] = mustJoin(t, s, r.ID, p)
	}
	// Hooks from here on: the race's set-up runs scripts and pipelines.
	sizes := &pipelineSizes{}
	c.AddHook(sizes)
	alone := &firstCommand{name: "evalsha", seen: make(chan struct{})}
	c.AddHook(alone)
	app := func(p string) error {
		_, err := s.Append(ctx, match.Append{Race: r.ID, Racer: p, Seq: 1, Epoch: epochs[p], Action: "D"})
		return err
	}
	if err := app("a"); err != nil {
		t.Fatal(err)
	}
	select {
	case <-alone.seen:
	default:
		t.Fatal("the first append did not go out alone")
	}
	if n := sizes.most.Load(); n != 0 {
		t.Fatalf("a pipeline of %d appends before any waited", n)
	}
	start := time.Now()
	var wg sync.WaitGroup
	for _, p := range []string{"b", "c"} {
		wg.Go(func() {
			if err := app(p); err != nil {
				t.Errorf("%s: %v", p, err)
			}
		})
	}
	wg.Wait()
	if n := sizes.most.Load(); n != 2 {
		t.Errorf("largest pipeline: %d appends, want the two that came together", n)
	}
	if d := time.Since(start); d > wait+time.Second {
		t.Errorf("the waiting appends took %v, want about the wait (%v)", d, wait)
	}
	snap, err := s.Load(ctx, r.ID)
	if err != nil {
		t.Fatal(err)
	}
	for _, p := range []string{"a", "b", "c"} {
		if len(snap.Logs[p]) != 1 {
			t.Errorf("%s: %d entries stored, want 1", p, len(snap.Logs[p]))
		}
	}
}

// takeoffs is a go-redis hook that records when each append (a run of
// the append script, alone or in a pipeline) goes out.
type takeoffs struct {
	mu sync.Mutex
	at []time.Time
}

func (h *takeoffs) DialHook(next redis.DialHook) redis.DialHook { return next }
func (h *takeoffs) ProcessHook(next redis.ProcessHook) redis.ProcessHook {
	return func(ctx context.Context, cmd redis.Cmder) error {
		h.saw([]redis.Cmder{cmd})
		return next(ctx, cmd)
	}
}
func (h *takeoffs) ProcessPipelineHook(next redis.ProcessPipelineHook) redis.ProcessPipelineHook {
	return func(ctx context.Context, cmds []redis.Cmder) error {
		h.saw(cmds)
		return next(ctx, cmds)
	}
}
func (h *takeoffs) saw(cmds []redis.Cmder) {
	for _, c := range cmds {
		if c.Name() == "evalsha" || c.Name() == "eval" {
			h.mu.Lock()
			h.at = append(h.at, time.Now())
			h.mu.Unlock()
			return
		}
	}
}

// With AppendWait, pipelines take off at most once a wait while appends
// keep coming: an append that comes right after a pipeline has landed
// waits for the wait since that pipeline took off, rather than going out
// at once with the few that came during its flight.
func TestRedisStoreAppendWaitPacesTakeoffs(t *testing.T) {
	if testing.Short() {
		t.Skip("-short: skips pacing appends over real 300 ms waits; CI runs it (go test without -short)")
	}
	for _, flights := range []int{1, 2} {
		t.Run(fmt.Sprintf("pipelines=%d", flights), func(t *testing.T) { testAppendWaitPaces(t, flights) })
	}
}

func testAppendWaitPaces(t *testing.T, flights int) {
	ctx := context.Background()
	c := redistest.Client(t)
	const wait = 300 * time.Millisecond
	s := newRedisStore(t, match.RedisStoreConfig{Client: c, AppendWait: wait, AppendPipelines: flights})
	players := []string{"a", "b", "c", "d"}
	r := mustCreate(t, s, players...)
	epochs := map[string]uint64{}
	for _, p := range players {
		epochs[p] = mustJoin(t, s, r.ID, p)
	}
	offs := &takeoffs{}
	c.AddHook(offs)
	// Each append starts as soon as the one before has returned: a's goes
	// alone, b's within the wait of it, c's and d's right after the
	// landing of the one before.
	for _, p := range players {
		if _, err := s.Append(ctx, match.Append{Race: r.ID, Racer: p, Seq: 1, Epoch: epochs[p], Action: "D"}); err != nil {
			t.Fatalf("%s: %v", p, err)
		}
	}
	offs.mu.Lock()
	defer offs.mu.Unlock()
	if len(offs.at) != len(players) {
		t.Fatalf("%d takeoffs, want one for each of the %d appends", len(offs.at), len(players))
	}
	for i := 1; i < len(offs.at); i++ {
		if d := offs.at[i].Sub(offs.at[i-1]); d < wait/2 {
			t.Errorf("takeoff %d came %v after the one before, want at least the wait (%v)", i+1, d, wait)
		}
	}
}
