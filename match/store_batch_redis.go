package match

import (
	"context"
	"errors"
	"sync"
	"time"

	"github.com/redis/go-redis/v9"
)

// appendBatcher sends the appends of concurrent callers in shared
// pipelines of EVALSHAs, so that a loaded node pays one round trip (and
// one socket write and read on each side) for many moves instead of one
// each.
//
// At most flights pipelines of appends are in flight at once. An append
// that finds a flight free and nobody waiting goes out at once, as one
// script run in its caller's goroutine: no added latency when idle. An
// append that finds every flight busy waits in pending; when a flight
// ends it takes up to maxBatch of the waiting appends, in arrival order,
// into its next pipeline. Each append gets the reply of its own script
// run, so its errors are exactly those of a lone run.
//
// With a wait (RedisStoreConfig.AppendWait), an append that finds a
// flight free but came within the wait of the append before it (so that
// more are likely to come) waits for the wait to pass before its flight
// takes off, with whatever came meanwhile: at a person's pace, when the
// appends of a busy node come one at a time, each pipeline then carries
// several, and Redis and the node wake once for them, not once each. An
// append after a quiet spell still goes out at once.
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

	mu      sync.Mutex
	pending []*appendCall
	flying  int
	last    time.Time // when the latest append came (with a wait)
}

// appendCall is one append waiting for its reply.
type appendCall struct {
	ctx   context.Context
	keys  []string
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

// run sends one append (script keys and args) and returns its reply.
func (b *appendBatcher) run(ctx context.Context, keys []string, args []any) ([]any, error) {
	var now time.Time
	if b.wait > 0 {
		now = time.Now()
	}
	b.mu.Lock()
	linger := b.wait > 0 && now.Sub(b.last) < b.wait
	if b.wait > 0 {
		b.last = now
	}
	if b.flying < b.flights && len(b.pending) == 0 && !linger {
		b.flying++
		b.mu.Unlock()
		start := time.Now()
		v, err := appendScript.Run(ctx, b.s.c, keys, args...).Slice()
		b.s.appendM.Observe(start, err != nil)
		b.land()
		return v, err
	}
	c := &appendCall{ctx: ctx, keys: keys, args: args, start: time.Now(), done: make(chan struct{})}
	c.deadline, c.bounded = ctx.Deadline()
	b.pending = append(b.pending, c)
	if b.flying < b.flights {
		b.flying++
		if linger {
			time.AfterFunc(b.wait, b.fly)
		} else {
			go b.fly()
		}
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
// flight.
func (b *appendBatcher) fly() {
	batch := make([]*appendCall, 0, min(b.maxBatch, 64))
	for {
		batch = batch[:0]
		b.mu.Lock()
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

// send runs batch as one pipeline (per cluster node) and hands each
// append its own reply. Scripts missing from Redis's cache (after a
// restart or SCRIPT FLUSH) are sent again as EVAL, as Script.Run does.
func (b *appendBatcher) send(batch []*appendCall) {
	ctx, cancel := batchContext(batch)
	defer cancel()
	cmds := make([]*redis.Cmd, len(batch))
	p := b.s.c.Pipeline()
	for i, c := range batch {
		cmds[i] = p.EvalSha(ctx, appendScript.Hash(), c.keys, c.args...)
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
			cmds[i] = p.Eval(ctx, appendLua, batch[i].keys, batch[i].args...)
		}
		_, _ = p.Exec(ctx)
	}
	for i, c := range batch {
		c.v, c.err = cmds[i].Slice()
		b.s.appendM.Observe(c.start, c.err != nil)
		close(c.done)
	}
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
