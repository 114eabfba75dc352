package broker

import (
	"context"
	"errors"
	"net"
	"sync"
	"time"

	"github.com/redis/go-redis/v9"
)

// healthCheck is how long a shard's connection may stay silent before
// the broker pings it; a ping unanswered for as long again ends it.
const healthCheck = time.Second

// resubscribers bounds the subscriptions sent at once when a shard's
// connection is replaced.
const resubscribers = 64

// shard is the Pub/Sub connection to one master (the only one on a single
// Redis), carrying this node's channels of that master's slots. A
// connection that breaks, or that Redis redirects (a failover, a slot
// that moved), is not reconnected: it ends, and its channels are
// subscribed again on the master that serves them now. (go-redis would
// reconnect it with one SSUBSCRIBE of every channel, which Redis Cluster
// refuses when they are not all of one slot.)
type shard struct {
	addr string
	ps   *redis.PubSub
	done chan struct{} // closed when the shard ends; err says why

	mu      sync.Mutex
	err     error                   // guarded by mu, set before done closes
	waiters map[redisAck]chan error // guarded by mu
	chans   map[string]struct{}     // guarded by mu: subscribed, or being
}

// redisAck is a confirmation Redis sends: kind "ssubscribe" or
// "sunsubscribe", and the channel.
type redisAck struct{ kind, channel string }

// errShardEnded is what a command waiting on a shard gets when the shard
// ended without a reason of its own.
var errShardEnded = errors.New("broker: redis pub/sub connection closed")

func (sh *shard) dead() bool {
	select {
	case <-sh.done:
		return true
	default:
		return false
	}
}

// end ends the shard with err, once, and reports whether this call did.
func (sh *shard) end(err error) bool {
	sh.mu.Lock()
	if sh.err != nil {
		sh.mu.Unlock()
		return false
	}
	sh.err = err
	close(sh.done)
	sh.mu.Unlock()
	sh.ps.Close()
	return true
}

func (sh *shard) close() { sh.end(errShardEnded) }

// has reports whether channel is subscribed on the live shard sh.
func (sh *shard) has(channel string) bool {
	sh.mu.Lock()
	defer sh.mu.Unlock()
	_, ok := sh.chans[channel]
	return ok && sh.err == nil
}

// drop forgets channel, unsubscribed.
func (sh *shard) drop(channel string) {
	sh.mu.Lock()
	delete(sh.chans, channel)
	sh.mu.Unlock()
}

// command sends SSUBSCRIBE or SUNSUBSCRIBE (kind) of channel and waits
// for Redis's confirmation. The caller holds the channel's opMu. An
// SSUBSCRIBE lists the channel as the shard's before it is sent, so that
// a shard that ends meanwhile subscribes it again elsewhere.
func (sh *shard) command(ctx context.Context, kind, channel string) error {
	ack := redisAck{kind, channel}
	w := make(chan error, 1)
	sh.mu.Lock()
	if sh.err != nil {
		err := sh.err
		sh.mu.Unlock()
		return err
	}
	sh.waiters[ack] = w
	if kind == "ssubscribe" {
		sh.chans[channel] = struct{}{}
	}
	sh.mu.Unlock()
	var err error
	if kind == "ssubscribe" {
		err = sh.ps.SSubscribe(ctx, channel)
	} else {
		err = sh.ps.SUnsubscribe(ctx, channel)
	}
	if err == nil {
		select {
		case err = <-w:
		case <-ctx.Done():
			err = ctx.Err()
		case <-sh.done:
			sh.mu.Lock()
			err = sh.err
			sh.mu.Unlock()
		}
	}
	sh.mu.Lock()
	if sh.waiters[ack] == w {
		delete(sh.waiters, ack)
	}
	if err != nil && kind == "ssubscribe" {
		delete(sh.chans, channel)
	}
	sh.mu.Unlock()
	return err
}

// confirm answers the command waiting for ack, and reports whether one
// was.
func (sh *shard) confirm(ack redisAck) bool {
	sh.mu.Lock()
	defer sh.mu.Unlock()
	w, ok := sh.waiters[ack]
	if ok {
		delete(sh.waiters, ack)
		w <- nil
	}
	return ok
}

// shardFor returns the live shard of the master that serves channel's
// hash slot, opening one if needed.
func (b *Redis) shardFor(ctx context.Context, channel string) (*shard, error) {
	addr, client := "", b.c
	if b.cc != nil {
		node, err := b.cc.MasterForKey(ctx, channel)
		if err != nil {
			return nil, err
		}
		addr, client = node.Options().Addr, node
	}
	b.mu.Lock()
	defer b.mu.Unlock()
	if b.closed {
		return nil, errShardEnded
	}
	if sh := b.shards[addr]; sh != nil && !sh.dead() {
		return sh, nil
	}
	sh := &shard{addr: addr, ps: client.SSubscribe(context.Background()), done: make(chan struct{}),
		waiters: map[redisAck]chan error{}, chans: map[string]struct{}{}}
	b.shards[addr] = sh
	b.bg.Add(1)
	go b.loop(sh)
	return sh, nil
}

// subscribe makes sure that Redis has confirmed channel's subscription on
// a live shard, trying again (another master after a redirect, the same
// after a broken connection) until ctx ends.
func (b *Redis) subscribe(ctx context.Context, channel string, rc *redisChan) error {
	rc.opMu.Lock()
	defer rc.opMu.Unlock()
	for try := 0; ; try++ {
		if rc.on != nil {
			if rc.on.has(channel) {
				return nil
			}
			rc.on = nil
		}
		back := b.answering()
		sh, err := b.shardFor(ctx, channel)
		if err == nil {
			if err = sh.command(ctx, "ssubscribe", channel); err == nil {
				rc.on = sh
				rc.made++
				b.answered()
				continue // checks that the shard is still alive
			}
		}
		if isUnknownCommand(err) || ctx.Err() != nil || errors.Is(err, redis.ErrClosed) && b.isClosed() {
			return err
		}
		if b.cc != nil {
			b.cc.ReloadState(ctx)
		}
		t := time.NewTimer(min(20*time.Millisecond<<min(try, 6), time.Second))
		select {
		case <-t.C:
		case <-back:
			t.Stop()
		case <-ctx.Done():
			t.Stop()
			return err
		case <-b.done:
			t.Stop()
			return err
		}
	}
}

func (b *Redis) isClosed() bool {
	b.mu.Lock()
	defer b.mu.Unlock()
	return b.closed
}

// loop reads what sh's connection receives until it ends, pinging it when
// silent, then subscribes its channels again elsewhere.
func (b *Redis) loop(sh *shard) {
	defer b.bg.Done()
	ctx := context.Background()
	var subs []*redisSub
	pinged := false
	var err error
	for err == nil {
		var msg any
		msg, err = sh.ps.ReceiveTimeout(ctx, healthCheck)
		var ne net.Error
		switch {
		case err != nil && errors.As(err, &ne) && ne.Timeout() && !sh.dead():
			if pinged {
				break // unanswered: the connection is gone
			}
			pinged, err = true, sh.ps.Ping(ctx)
			continue
		case err != nil:
			continue
		}
		pinged = false
		switch msg := msg.(type) {
		case *redis.Message:
			subs = b.dispatch(msg.Channel, []byte(msg.Payload), subs)
		case *redis.Subscription:
			ack := redisAck{msg.Kind, msg.Channel}
			if !sh.confirm(ack) && msg.Kind == "sunsubscribe" {
				// Redis unsubscribed it: its slot moved to another
				// master. Subscribe it again there.
				sh.drop(msg.Channel)
				if b.cc != nil {
					b.cc.ReloadState(ctx)
				}
				b.resubscribe([]string{msg.Channel})
			}
		}
	}
	if !sh.end(err) {
		err = nil // closed on purpose
	}
	b.mu.Lock()
	if b.shards[sh.addr] == sh {
		delete(b.shards, sh.addr)
	}
	closed := b.closed
	b.mu.Unlock()
	if closed {
		return
	}
	sh.mu.Lock()
	chans := make([]string, 0, len(sh.chans))
	for ch := range sh.chans {
		chans = append(chans, ch)
	}
	sh.mu.Unlock()
	if b.cc != nil {
		b.cc.ReloadState(ctx)
	}
	b.resubscribe(chans)
}

// resubscribe subscribes channels again in the background, each until it
// succeeds, its last subscriber leaves or the broker shuts down.
func (b *Redis) resubscribe(chans []string) {
	if len(chans) == 0 {
		return
	}
	b.mu.Lock()
	if b.closed {
		b.mu.Unlock()
		return
	}
	b.bg.Add(1)
	b.mu.Unlock()
	go func() {
		defer b.bg.Done()
		sem := make(chan struct{}, resubscribers)
		var wg sync.WaitGroup
		for _, ch := range chans {
			sem <- struct{}{}
			wg.Go(func() {
				defer func() { <-sem }()
				b.resubscribeOne(ch)
			})
		}
		wg.Wait()
	}()
}

func (b *Redis) resubscribeOne(channel string) {
	for {
		b.mu.Lock()
		rc := b.chans[channel]
		if b.closed || rc == nil || len(rc.subs) == 0 {
			b.mu.Unlock()
			return
		}
		b.mu.Unlock()
		start := time.Now()
		ctx, cancel := context.WithTimeout(context.Background(), b.timeout)
		err := b.subscribe(ctx, channel, rc)
		cancel()
		b.m.Observe("subscribe", start, err != nil)
		if err == nil {
			// Several resubscriptions of one channel may run at once (each
			// connection that ended starts one): its subscribers hear of
			// the gap once per new subscription.
			rc.opMu.Lock()
			gap := rc.told != rc.made
			rc.told = rc.made
			rc.opMu.Unlock()
			if gap {
				b.gap(channel)
			}
			return
		}
		if isUnknownCommand(err) {
			return
		}
		select {
		case <-b.done:
			return
		default:
		}
	}
}

// gap tells the subscribers of channel, subscribed again after a break,
// that what was published meanwhile may be lost: each handler is called
// once with nil (the Broker contract).
func (b *Redis) gap(channel string) { b.dispatch(channel, nil, nil) }
