package hub

import (
	"context"
	"sync"
	"time"
)

// moveCtx is the context of a connection's store calls for its moves: the
// connection's context with a deadline set again for each move (arm, then
// disarm when the call returns). One timer serves every move of the
// connection, where context.WithTimeout would allocate a context, a
// timer and a done channel per move.
//
// Only the connection's reader arms and disarms it, one move at a time;
// Deadline, Done, Err and Value are safe for concurrent use, as a context's
// must be. Its Done channel closes when the deadline passes or the
// connection's context ends, and is made anew by the next arm only after
// it has closed.
type moveCtx struct {
	parent context.Context
	timer  *time.Timer

	mu       sync.Mutex
	deadline time.Time
	armed    bool
	done     chan struct{}
	err      error // set when done closed
}

// newMoveCtx returns a moveCtx whose calls end with parent.
func newMoveCtx(parent context.Context) *moveCtx {
	mc := &moveCtx{parent: parent, done: make(chan struct{})}
	mc.timer = time.AfterFunc(time.Hour, mc.expire)
	mc.timer.Stop()
	context.AfterFunc(parent, func() { mc.end(parent.Err()) })
	return mc
}

// arm starts a call that must end within d.
func (mc *moveCtx) arm(d time.Duration) {
	mc.mu.Lock()
	if mc.err != nil && mc.parent.Err() == nil {
		// The last call timed out: a fresh channel for this one.
		mc.done, mc.err = make(chan struct{}), nil
	}
	mc.deadline, mc.armed = time.Now().Add(d), true
	mc.mu.Unlock()
	mc.timer.Reset(d)
}

// disarm ends the call armed last.
func (mc *moveCtx) disarm() {
	mc.timer.Stop()
	mc.mu.Lock()
	mc.armed = false
	mc.mu.Unlock()
}

// expire is the timer's: the armed call's deadline has passed.
func (mc *moveCtx) expire() {
	mc.mu.Lock()
	defer mc.mu.Unlock()
	// A timer that fired as its call was disarmed, or rearmed for a later
	// deadline, is late for a call that is over.
	if !mc.armed || time.Now().Before(mc.deadline) || mc.err != nil {
		return
	}
	mc.err = context.DeadlineExceeded
	close(mc.done)
}

// end closes Done for good: the connection's context ended.
func (mc *moveCtx) end(err error) {
	mc.mu.Lock()
	defer mc.mu.Unlock()
	if mc.err == nil {
		mc.err = err
		close(mc.done)
	}
}

// Deadline implements context.Context: the armed call's deadline.
func (mc *moveCtx) Deadline() (time.Time, bool) {
	mc.mu.Lock()
	defer mc.mu.Unlock()
	return mc.deadline, mc.armed
}

// Done implements context.Context.
func (mc *moveCtx) Done() <-chan struct{} {
	mc.mu.Lock()
	defer mc.mu.Unlock()
	return mc.done
}

// Err implements context.Context.
func (mc *moveCtx) Err() error {
	mc.mu.Lock()
	defer mc.mu.Unlock()
	return mc.err
}

// Value implements context.Context.
func (mc *moveCtx) Value(key any) any { return mc.parent.Value(key) }
