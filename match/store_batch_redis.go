package match

import (
	"context"
	"errors"
	"fmt"
	"sync"
	"time"

	"github.com/redis/go-redis/v9"
)

// appendBatcher sends the appends of concurrent callers in shared script
// runs, so that a loaded node pays one round trip (and one socket write
// and read on each side) and Redis one script call for many moves instead
// of one each.
//
// At most flights pipelines of appends are in flight at once. An append
// that finds a flight free and nobody waiting goes out at once, as one
// script run in its caller's goroutine: no added latency when idle. An
// append that finds every flight busy waits in pending; when a flight
// ends it takes up to maxBatch of the waiting appends, in arrival order,
// into its next pipeline: one run of the append script for them all on a
// single Redis, one per race on a Cluster. The script checks and answers
// each append on its own, so an append's errors are exactly those of a
// lone run (only an error of the whole run, such as an unreachable Redis,
// reaches every append in it).
//
// With a wait (RedisStoreConfig.AppendWait), flights take off at most
// once a wait while appends keep coming: an append that comes within the
// wait of the latest takeoff waits for the wait to pass (or for a flight
// to land, if that is later), then goes with whatever came meanwhile. At
// a person's pace, when the appends of a busy node come one at a time,
// each pipeline then carries the appends of a whole wait, and Redis and
// the node wake once for them, not once each. An append after a quiet
// spell (a wait since the latest takeoff) still goes out at once.
//
// A caller whose context ends while its append waits leaves the queue and
// nothing is sent for it; once sent, it returns the context's error at
// once (as a lone run does, the script may have run). A pipeline's own
// context has the latest deadline of its appends' contexts (none if one
// has none), so a frozen Redis holds a flight no longer than its most
// patient caller would have waited.
type appendBatcher struct {
	s        *RedisStore
	flights  int
	maxBatch int
	wait     time.Duration // 0: none
	cluster  bool          // a run's keys must share a hash slot

	mu      sync.Mutex
	pending []*appendCall
	flying  int       // flights taken, lingering ones included
	off     time.Time // when the latest flight took off (with a wait)
	// lingering: a flight is waiting for its takeoff time; appends that
	// come meanwhile join it rather than take another.
	lingering bool
}

// appendCall is one append waiting for its reply.
type appendCall struct {
	ctx  context.Context
	keys []string // the race's hash
	// args are the script's arguments for this append alone: the idle
	// TTL, then the append's eight.
	args  []any
	start time.Time
	// deadline is ctx's when the append came (bounded: it has one), read
	// once: a caller may reuse its context for its next call once this
	// one has returned.
	deadline time.Time
	bounded  bool

	// Guarded by appendBatcher.mu until done is closed.
	sent, gone bool

	v    []any
	err  error
	done chan struct{}
}

// run sends one append (script keys and args, as for a run of it alone)
// and returns its reply.
func (b *appendBatcher) run(ctx context.Context, keys []string, args []any) ([]any, error) {
	var now time.Time
	if b.wait > 0 {
		now = time.Now()
	}
	b.mu.Lock()
	if b.flying < b.flights && len(b.pending) == 0 && (b.wait == 0 || now.Sub(b.off) >= b.wait) {
		b.flying++
		b.off = now
		b.mu.Unlock()
		start := time.Now()
		v, err := appendScript.Run(ctx, b.s.c, keys, args...).Slice()
		b.s.appendM.Observe(start, err != nil)
		b.land()
		if err != nil {
			return nil, err
		}
		return oneReply(v, 0)
	}
	c := &appendCall{ctx: ctx, keys: keys, args: args, start: time.Now(), done: make(chan struct{})}
	c.deadline, c.bounded = ctx.Deadline()
	b.pending = append(b.pending, c)
	if b.flying < b.flights && !b.lingering {
		b.flying++
		go b.fly()
	}
	b.mu.Unlock()
	select {
	case <-c.done:
		return c.v, c.err
	case <-ctx.Done():
	}
	b.mu.Lock()
	if !c.sent {
		c.gone = true // fly skips it; it was never sent
		b.mu.Unlock()
		b.s.appendM.Observe(c.start, true)
		return nil, ctx.Err()
	}
	b.mu.Unlock()
	select {
	case <-c.done: // the reply is here already: it says what happened
		return c.v, c.err
	default:
		return nil, ctx.Err()
	}
}

// land ends a lone run's flight, or hands it on to the appends that came
// meanwhile.
func (b *appendBatcher) land() {
	b.mu.Lock()
	defer b.mu.Unlock()
	if len(b.pending) > 0 {
		go b.fly() // keeps the flight
		return
	}
	b.flying--
}

// fly sends pipelines of waiting appends until none wait, then ends its
// flight. With a wait, a pipeline takes off no sooner than a wait after
// the latest one: until then the flight lingers (a timer calls fly again)
// and gathers the appends that come.
func (b *appendBatcher) fly() { b.flyOn(false) }

// flyOn is fly; lingered is true when the flight comes back from
// lingering (it was the one that set b.lingering).
func (b *appendBatcher) flyOn(lingered bool) {
	batch := make([]*appendCall, 0, min(b.maxBatch, 64))
	for {
		batch = batch[:0]
		b.mu.Lock()
		if lingered {
			b.lingering, lingered = false, false
		}
		if b.wait > 0 && len(b.pending) > 0 {
			now := time.Now()
			if due := b.off.Add(b.wait); now.Before(due) {
				if b.lingering {
					// Another flight waits for that takeoff and will
					// take the waiting appends: this one ends.
					b.flying--
					b.mu.Unlock()
					return
				}
				b.lingering = true
				time.AfterFunc(due.Sub(now), func() { b.flyOn(true) })
				b.mu.Unlock()
				return
			}
			b.off = now
		}
		n := 0
		for _, c := range b.pending {
			n++
			if c.gone {
				continue
			}
			c.sent = true
			batch = append(batch, c)
			if len(batch) == b.maxBatch {
				break
			}
		}
		rest := copy(b.pending, b.pending[n:])
		clear(b.pending[rest:])
		b.pending = b.pending[:rest]
		if len(batch) == 0 {
			b.flying--
			b.mu.Unlock()
			return
		}
		b.mu.Unlock()
		b.send(batch)
	}
}

// send runs batch as one pipeline of script runs and hands each append
// its own reply. On a single Redis the whole batch is one run; on a
// Cluster, where one run's keys must share a hash slot, it is one run per
// race, in one pipeline that the client splits by node. Scripts missing
// from Redis's cache (after a restart or SCRIPT FLUSH) are sent again as
// EVAL, as Script.Run does.
func (b *appendBatcher) send(batch []*appendCall) {
	ctx, cancel := batchContext(batch)
	defer cancel()
	groups := b.group(batch)
	runs := make([]appendRun, len(groups))
	cmds := make([]*redis.Cmd, len(groups))
	p := b.s.c.Pipeline()
	for i, g := range groups {
		runs[i] = runArgs(g)
		cmds[i] = p.EvalSha(ctx, appendScript.Hash(), runs[i].keys, runs[i].args...)
	}
	_, _ = p.Exec(ctx) // each command carries its own error
	var again []int
	for i, cmd := range cmds {
		if err := cmd.Err(); err != nil && (errors.Is(err, redis.ErrNoScript) || redis.HasErrorPrefix(err, "NOSCRIPT")) {
			again = append(again, i)
		}
	}
	if len(again) > 0 {
		p := b.s.c.Pipeline()
		for _, i := range again {
			cmds[i] = p.Eval(ctx, appendLua, runs[i].keys, runs[i].args...)
		}
		_, _ = p.Exec(ctx)
	}
	for i, g := range groups {
		v, err := cmds[i].Slice()
		for j, c := range g {
			c.v, c.err = v, err
			if err == nil {
				c.v, c.err = oneReply(v, j)
			}
			b.s.appendM.Observe(c.start, c.err != nil)
			close(c.done)
		}
	}
}

// group splits a batch into the appends of each script run: all of them
// on a single Redis, those of each race on a Cluster. Each group keeps
// the batch's order.
func (b *appendBatcher) group(batch []*appendCall) [][]*appendCall {
	if !b.cluster {
		return [][]*appendCall{batch}
	}
	var groups [][]*appendCall
	at := make(map[string]int, len(batch))
	for _, c := range batch {
		i, ok := at[c.keys[0]]
		if !ok {
			i = len(groups)
			at[c.keys[0]] = i
			groups = append(groups, nil)
		}
		groups[i] = append(groups[i], c)
	}
	return groups
}

// appendRun is the keys and arguments of one run of the append script.
type appendRun struct {
	keys []string
	args []any
}

// runArgs is the run of the appends g: their keys in turn, the idle TTL
// once, then each one's arguments after its own TTL.
func runArgs(g []*appendCall) appendRun {
	if len(g) == 1 {
		return appendRun{keys: g[0].keys, args: g[0].args}
	}
	r := appendRun{keys: make([]string, 0, len(g)), args: make([]any, 0, 1+8*len(g))}
	r.args = append(r.args, g[0].args[0])
	for _, c := range g {
		r.keys = append(r.keys, c.keys...)
		r.args = append(r.args, c.args[1:]...)
	}
	return r
}

// oneReply is the reply of the i-th append of a script run, as the
// script's table for it: a stored append's number (0, or 1 when it
// claimed the win) becomes {0, sec, usec, won} with the run's clock.
func oneReply(v []any, i int) ([]any, error) {
	if len(v) < 2 || i+2 >= len(v) {
		return nil, fmt.Errorf("match: redis append: %d replies for append %d", len(v), i+1)
	}
	switch r := v[i+2].(type) {
	case []any:
		return r, nil
	case int64:
		return []any{int64(0), v[0], v[1], r}, nil
	}
	return nil, fmt.Errorf("match: redis append: unexpected reply %v", v[i+2])
}

// batchContext is the context of a pipeline: no cancellation (one caller
// giving up must not fail the others), the latest deadline of its
// appends, or none if one of them has none.
func batchContext(batch []*appendCall) (context.Context, context.CancelFunc) {
	var last time.Time
	for _, c := range batch {
		if !c.bounded {
			return context.Background(), func() {}
		}
		if c.deadline.After(last) {
			last = c.deadline
		}
	}
	return context.WithDeadline(context.Background(), last)
}
