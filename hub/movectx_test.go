package hub

import (
	"context"
	"errors"
	"testing"
	"testing/synctest"
	"time"
)

// TestMoveCtxDeadline: a call armed for d ends at d with
// DeadlineExceeded; the next call gets a fresh Done and its own deadline.
func TestMoveCtxDeadline(t *testing.T) {
	synctest.Test(t, func(t *testing.T) {
		mc := newMoveCtx(t.Context())
		start := time.Now()
		mc.arm(500 * time.Millisecond)
		if d, ok := mc.Deadline(); !ok || !d.Equal(start.Add(500*time.Millisecond)) {
			t.Fatalf("deadline: got %v %v, want %v true", d, ok, start.Add(500*time.Millisecond))
		}
		<-mc.Done()
		if got := time.Since(start); got != 500*time.Millisecond {
			t.Errorf("done after %v, want 500ms", got)
		}
		if !errors.Is(mc.Err(), context.DeadlineExceeded) {
			t.Errorf("err: got %v, want %v", mc.Err(), context.DeadlineExceeded)
		}
		mc.disarm()

		mc.arm(time.Second)
		if mc.Err() != nil {
			t.Fatalf("rearmed: err %v, want nil", mc.Err())
		}
		select {
		case <-mc.Done():
			t.Fatal("rearmed: Done closed")
		default:
		}
		time.Sleep(999 * time.Millisecond) // a fake clock: synctest's
		if mc.Err() != nil {
			t.Fatalf("before the deadline: err %v", mc.Err())
		}
		mc.disarm()
		time.Sleep(time.Hour)
		if mc.Err() != nil {
			t.Fatalf("disarmed: err %v, want nil", mc.Err())
		}
	})
}

// TestMoveCtxParentEnds: the connection's end ends the call at once, and
// every later one.
func TestMoveCtxParentEnds(t *testing.T) {
	synctest.Test(t, func(t *testing.T) {
		parent, cancel := context.WithCancel(t.Context())
		mc := newMoveCtx(parent)
		mc.arm(time.Second)
		cancel()
		<-mc.Done()
		if !errors.Is(mc.Err(), context.Canceled) {
			t.Errorf("err: got %v, want %v", mc.Err(), context.Canceled)
		}
		mc.disarm()
		mc.arm(time.Second)
		select {
		case <-mc.Done():
		default:
			t.Fatal("armed after the parent ended: Done open")
		}
	})
}

// TestMoveCtxAllocs: arming and disarming, as each move does, allocates
// nothing.
func TestMoveCtxAllocs(t *testing.T) {
	mc := newMoveCtx(t.Context())
	allocs := testing.AllocsPerRun(100, func() {
		mc.arm(time.Second)
		_, _ = mc.Deadline()
		select {
		case <-mc.Done():
		default:
		}
		mc.disarm()
	})
	if allocs != 0 {
		t.Errorf("allocs per move: got %v, want 0", allocs)
	}
}
