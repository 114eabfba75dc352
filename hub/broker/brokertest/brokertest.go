// Package brokertest is the shared test suite of broker.Broker,
// broker.Presence and broker.Nodes: every implementation (memory, Redis)
// runs the same tests.
//
//	func TestMemoryBroker(t *testing.T) {
//		brokertest.BrokerSuite(t, func(t *testing.T) broker.Broker { return broker.NewMemory() })
//	}
package brokertest

import (
	"context"
	"fmt"
	"sync"
	"testing"
	"time"

	"github.com/solitaire-race/racer/hub/broker"
)

// Wait bounds every wait for a delivery in the suites.
const Wait = 5 * time.Second

var chMu sync.Mutex
var chN int

// Channel returns a channel name unique to this process and call.
func Channel(prefix string) string {
	chMu.Lock()
	defer chMu.Unlock()
	chN++
	return fmt.Sprintf("brokertest:%s:%d:%d", prefix, time.Now().UnixNano(), chN)
}

type collector struct {
	ch chan string
}

func newCollector() *collector { return &collector{ch: make(chan string, 1024)} }

func (c *collector) handle(b []byte) {
	select {
	case c.ch <- string(b):
	default:
	}
}

func (c *collector) expect(t *testing.T, want ...string) {
	t.Helper()
	for _, w := range want {
		select {
		case got := <-c.ch:
			if got != w {
				t.Fatalf("received %q, want %q", got, w)
			}
		case <-time.After(Wait):
			t.Fatalf("no delivery of %q within %v", w, Wait)
		}
	}
}

func (c *collector) expectNothingAfter(t *testing.T, b broker.Broker, channel string) {
	t.Helper()
	// A marker published on a channel c is subscribed to proves that
	// anything published before it has been delivered or dropped.
	marker := newCollector()
	cancel, err := b.Subscribe(context.Background(), channel+":marker", marker.handle)
	if err != nil {
		t.Fatal(err)
	}
	defer cancel()
	if err := b.Publish(context.Background(), channel+":marker", []byte("m")); err != nil {
		t.Fatal(err)
	}
	marker.expect(t, "m")
	select {
	case got := <-c.ch:
		t.Fatalf("received %q, want nothing", got)
	default:
	}
}

// BrokerSuite runs the shared Broker tests, one fresh broker per subtest.
func BrokerSuite(t *testing.T, newBroker func(t *testing.T) broker.Broker) {
	t.Helper()
	t.Run("PublishSubscribe", func(t *testing.T) {
		b := newBroker(t)
		ch := Channel("ps")
		c1, c2 := newCollector(), newCollector()
		cancel1, err := b.Subscribe(context.Background(), ch, c1.handle)
		if err != nil {
			t.Fatal(err)
		}
		defer cancel1()
		cancel2, err := b.Subscribe(context.Background(), ch, c2.handle)
		if err != nil {
			t.Fatal(err)
		}
		defer cancel2()
		for i := range 20 {
			if err := b.Publish(context.Background(), ch, fmt.Appendf(nil, "m%d", i)); err != nil {
				t.Fatal(err)
			}
		}
		for i := range 20 {
			c1.expect(t, fmt.Sprintf("m%d", i))
			c2.expect(t, fmt.Sprintf("m%d", i))
		}
	})
	t.Run("OtherChannel", func(t *testing.T) {
		b := newBroker(t)
		ch := Channel("other")
		c := newCollector()
		cancel, err := b.Subscribe(context.Background(), ch, c.handle)
		if err != nil {
			t.Fatal(err)
		}
		defer cancel()
		if err := b.Publish(context.Background(), ch+"x", []byte("no")); err != nil {
			t.Fatal(err)
		}
		c.expectNothingAfter(t, b, ch)
	})
	t.Run("Cancel", func(t *testing.T) {
		b := newBroker(t)
		ch := Channel("cancel")
		c := newCollector()
		cancel, err := b.Subscribe(context.Background(), ch, c.handle)
		if err != nil {
			t.Fatal(err)
		}
		if err := b.Publish(context.Background(), ch, []byte("a")); err != nil {
			t.Fatal(err)
		}
		c.expect(t, "a")
		cancel()
		cancel() // twice is fine
		if err := b.Publish(context.Background(), ch, []byte("b")); err != nil {
			t.Fatal(err)
		}
		c.expectNothingAfter(t, b, ch)
	})
	t.Run("ContextEndsSubscription", func(t *testing.T) {
		b := newBroker(t)
		ch := Channel("ctx")
		c := newCollector()
		ctx, stop := context.WithCancel(context.Background())
		cancel, err := b.Subscribe(ctx, ch, c.handle)
		if err != nil {
			t.Fatal(err)
		}
		defer cancel()
		stop()
		// Delivery after the context ends is refused once the broker has
		// seen the cancellation; publish until it has, boundedly.
		deadline := time.Now().Add(Wait)
		for {
			if err := b.Publish(context.Background(), ch, []byte("x")); err != nil {
				t.Fatal(err)
			}
			marker := newCollector()
			mc, err := b.Subscribe(context.Background(), ch+":m", marker.handle)
			if err != nil {
				t.Fatal(err)
			}
			_ = b.Publish(context.Background(), ch+":m", []byte("m"))
			marker.expect(t, "m")
			mc()
			drained := 0
			for len(c.ch) > 0 {
				<-c.ch
				drained++
			}
			if drained == 0 {
				return
			}
			if time.Now().After(deadline) {
				t.Fatal("subscription still delivering after its context ended")
			}
		}
	})
}

// PresenceSuite runs the shared Presence tests, one fresh instance per
// subtest.
func PresenceSuite(t *testing.T, newPresence func(t *testing.T) broker.Presence) {
	t.Helper()
	ctx := context.Background()
	t.Run("SetRemove", func(t *testing.T) {
		p := newPresence(t)
		ch := Channel("pres")
		if err := p.SetPresence(ctx, ch, "a", []byte("A"), time.Minute); err != nil {
			t.Fatal(err)
		}
		if err := p.SetPresence(ctx, ch, "b", []byte("B"), time.Minute); err != nil {
			t.Fatal(err)
		}
		got, err := p.Presence(ctx, ch)
		if err != nil {
			t.Fatal(err)
		}
		if len(got) != 2 || string(got["a"]) != "A" || string(got["b"]) != "B" {
			t.Errorf("Presence = %q, want a:A b:B", got)
		}
		if err := p.RemovePresence(ctx, ch, "a"); err != nil {
			t.Fatal(err)
		}
		got, err = p.Presence(ctx, ch)
		if err != nil {
			t.Fatal(err)
		}
		if len(got) != 1 || string(got["b"]) != "B" {
			t.Errorf("Presence after remove = %q, want b:B", got)
		}
		other, err := p.Presence(ctx, ch+"-other")
		if err != nil || len(other) != 0 {
			t.Errorf("Presence of empty channel = %q, %v; want empty", other, err)
		}
	})
	t.Run("Refresh", func(t *testing.T) {
		p := newPresence(t)
		ch := Channel("refresh")
		if err := p.SetPresence(ctx, ch, "c", []byte("C"), time.Minute); err != nil {
			t.Fatal(err)
		}
		got, err := p.RefreshPresence(ctx, ch, []string{"a", "b"}, []byte("N"), time.Minute)
		if err != nil {
			t.Fatal(err)
		}
		if len(got) != 3 || string(got["a"]) != "N" || string(got["b"]) != "N" || string(got["c"]) != "C" {
			t.Errorf("RefreshPresence = %q, want a:N b:N c:C", got)
		}
		if again, err := p.Presence(ctx, ch); err != nil || fmt.Sprint(again) != fmt.Sprint(got) {
			t.Errorf("Presence after RefreshPresence = %q, %v; want %q", again, err, got)
		}
		got, err = p.RefreshPresence(ctx, ch+"-other", nil, []byte("N"), time.Minute)
		if err != nil || len(got) != 0 {
			t.Errorf("RefreshPresence of nobody on an empty channel = %q, %v; want empty", got, err)
		}
	})
	t.Run("Expiry", func(t *testing.T) {
		p := newPresence(t)
		ch := Channel("expiry")
		if err := p.SetPresence(ctx, ch, "a", []byte("A"), 100*time.Millisecond); err != nil {
			t.Fatal(err)
		}
		if err := p.SetPresence(ctx, ch, "b", []byte("B"), time.Minute); err != nil {
			t.Fatal(err)
		}
		deadline := time.Now().Add(Wait)
		for {
			got, err := p.Presence(ctx, ch)
			if err != nil {
				t.Fatal(err)
			}
			if _, ok := got["a"]; !ok {
				if string(got["b"]) != "B" {
					t.Errorf("b gone with a: %q", got)
				}
				return
			}
			if time.Now().After(deadline) {
				t.Fatalf("entry with 100ms TTL still present after %v", Wait)
			}
			time.Sleep(20 * time.Millisecond) // polling a TTL, bounded by deadline
		}
	})
}

// NodesSuite runs the shared Nodes tests, one fresh instance per subtest.
func NodesSuite(t *testing.T, newNodes func(t *testing.T) broker.Nodes) {
	t.Helper()
	ctx := context.Background()
	t.Run("Beat", func(t *testing.T) {
		n := newNodes(t)
		a, b := Channel("node-a"), Channel("node-b")
		got, err := n.Beat(ctx, a, time.Minute)
		if err != nil {
			t.Fatal(err)
		}
		if len(got) != 1 || !got[a] {
			t.Errorf("first beat: got %v, want %s alive alone", got, a)
		}
		if _, err := n.Beat(ctx, b, time.Minute); err != nil {
			t.Fatal(err)
		}
		got, err = n.Beat(ctx, a, time.Minute)
		if err != nil {
			t.Fatal(err)
		}
		if len(got) != 2 || !got[a] || !got[b] {
			t.Errorf("two nodes: got %v, want %s and %s alive", got, a, b)
		}
	})
	t.Run("Expiry", func(t *testing.T) {
		n := newNodes(t)
		a, b := Channel("node-a"), Channel("node-b")
		if _, err := n.Beat(ctx, b, 100*time.Millisecond); err != nil {
			t.Fatal(err)
		}
		deadline := time.Now().Add(Wait)
		for {
			got, err := n.Beat(ctx, a, time.Minute)
			if err != nil {
				t.Fatal(err)
			}
			alive, listed := got[b]
			if !listed {
				t.Fatalf("%s dropped from %v right after its beat expired, want it listed as dead", b, got)
			}
			if !alive {
				if !got[a] {
					t.Errorf("%s dead with %s: %v", a, b, got)
				}
				break
			}
			if time.Now().After(deadline) {
				t.Fatalf("node with a 100ms TTL still alive after %v", Wait)
			}
			time.Sleep(20 * time.Millisecond) // polling a TTL, bounded by deadline
		}
		// A new beat brings it back.
		got, err := n.Beat(ctx, b, time.Minute)
		if err != nil {
			t.Fatal(err)
		}
		if !got[a] || !got[b] {
			t.Errorf("after %s beat again: %v, want both alive", b, got)
		}
	})
}
