package solverproc_test

import (
	"context"
	"testing"
	"time"

	"github.com/solitaire-race/racer/match/solverproc"
)

// fakeNode is the clock and the wait counts a governor samples.
type fakeNode struct {
	now         time.Time
	waits, slow uint64
}

func (n *fakeNode) governor() *solverproc.Governor {
	return solverproc.NewGovernor(solverproc.GovernorConfig{
		Latency: 2 * time.Millisecond, Share: 0.01, MaxRate: 5000, // not the default: round numbers for the test MinWaits: 100, Every: 250 * time.Millisecond, Hold: time.Second,
		Now:    func() time.Time { return n.now },
		Sample: func(time.Duration) (uint64, uint64) { return n.waits, n.slow },
	})
}

// step advances the clock by d, adds waits of which slow were slow, and
// samples.
func (n *fakeNode) step(g *solverproc.Governor, d time.Duration, waits, slow uint64) {
	n.now = n.now.Add(d)
	n.waits += waits
	n.slow += slow
	g.Observe()
}

// TestGovernorHoldsBackWhileBusy: the node is busy from a sample with
// more than 1 % slow waits until Hold after the last such sample, and
// idle otherwise; Wait blocks while busy and returns when it ends.
func TestGovernorHoldsBackWhileBusy(t *testing.T) {
	n := &fakeNode{now: time.Unix(1e9, 0)}
	g := n.governor()
	if g.Busy() {
		t.Fatal("a governor before any sample: busy, want idle")
	}
	q := 250 * time.Millisecond
	n.step(g, q, 1000, 900) // the first sample only sets the baseline
	if g.Busy() {
		t.Error("after the first sample: busy, want idle (no interval yet)")
	}
	n.step(g, q, 1000, 10) // exactly 1 %: not more
	if g.Busy() {
		t.Error("1 % slow: busy, want idle")
	}
	n.step(g, q, 99, 99) // all slow, but too few waits to tell
	if g.Busy() {
		t.Error("99 waits, all slow: busy, want idle (fewer than MinWaits)")
	}
	n.step(g, q, 1000, 11) // 1.1 %
	if !g.Busy() {
		t.Fatal("1.1 % slow: idle, want busy")
	}
	ctx, cancel := context.WithCancel(context.Background())
	cancel()
	if err := g.Wait(ctx); err == nil {
		t.Error("Wait while busy with an ended context: got nil, want its error")
	}
	waited := make(chan error, 1)
	go func() { waited <- g.Wait(context.Background()) }()
	n.step(g, q, 1000, 0) // 250 ms after the busy sample
	n.step(g, q, 0, 0)    // no waits at all: no evidence either way
	n.step(g, q, 50, 50)  // too few to tell
	n.step(g, 0, 1000, 0) // still 750 ms
	if !g.Busy() {
		t.Error("750 ms after the last busy sample: idle, want busy (Hold 1 s)")
	}
	select {
	case err := <-waited:
		t.Fatalf("Wait returned while busy: %v", err)
	default:
	}
	n.step(g, q, 1000, 0) // 1 s
	if g.Busy() {
		t.Error("Hold after the last busy sample: busy, want idle")
	}
	if err := <-waited; err != nil {
		t.Errorf("Wait once idle: %v", err)
	}
	n.step(g, q, 1000, 50) // busy again
	n.step(g, q, 1000, 50) // and again: the hold starts from here
	n.step(g, 900*time.Millisecond, 1000, 0)
	if !g.Busy() {
		t.Error("900 ms after the second of two busy samples: idle, want busy")
	}
}

// TestGovernorReadsTheRuntime: with no Sample, a governor reads this
// process's scheduling latencies without error and starts idle.
func TestGovernorReadsTheRuntime(t *testing.T) {
	g := solverproc.NewGovernor(solverproc.GovernorConfig{})
	g.Observe()
	g.Observe()
	if err := g.Wait(context.Background()); err != nil {
		t.Fatal(err)
	}
}

// TestGovernorHoldsBackWhileServing: more than MaxRate wake-ups a second
// make the node busy however short their waits.
func TestGovernorHoldsBackWhileServing(t *testing.T) {
	n := &fakeNode{now: time.Unix(1e9, 0)}
	g := n.governor()
	q := 250 * time.Millisecond
	n.step(g, q, 0, 0)
	n.step(g, q, 1250, 0) // 5,000 a second: not more
	if g.Busy() {
		t.Error("5,000 wake-ups a second: busy, want idle")
	}
	n.step(g, q, 1300, 0) // 5,200 a second
	if !g.Busy() {
		t.Error("5,200 wake-ups a second: idle, want busy")
	}
	n.step(g, 2*time.Second, 1300, 0) // 650 a second, after the hold
	if g.Busy() {
		t.Error("650 wake-ups a second after the hold: busy, want idle")
	}
}

// TestGovernorStateChanges: State's channel is closed when the node turns
// busy and again when it turns idle, and not by a sample that changes
// nothing.
func TestGovernorStateChanges(t *testing.T) {
	n := &fakeNode{now: time.Unix(1e9, 0)}
	g := n.governor()
	q := 250 * time.Millisecond
	n.step(g, q, 1000, 0)
	busy, changed := g.State()
	if busy {
		t.Fatal("idle node: State busy")
	}
	n.step(g, q, 1000, 0) // still idle
	select {
	case <-changed:
		t.Fatal("State's channel closed by a sample that changed nothing")
	default:
	}
	n.step(g, q, 1000, 500) // busy
	select {
	case <-changed:
	default:
		t.Fatal("State's channel open after the node turned busy")
	}
	busy, changed = g.State()
	if !busy {
		t.Fatal("after a busy sample: State idle")
	}
	n.step(g, 2*time.Second, 1000, 0) // past Hold: idle
	select {
	case <-changed:
	default:
		t.Fatal("State's channel open after the node turned idle")
	}
	if busy, _ := g.State(); busy {
		t.Error("past Hold: State busy")
	}
}
