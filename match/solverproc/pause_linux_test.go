package solverproc_test

import (
	"context"
	"sync"
	"syscall"
	"testing"
	"time"

	"github.com/solitaire-race/racer/match/solverproc"
)

// busyFlag is a Config.Pause the test sets.
type busyFlag struct {
	mu      sync.Mutex
	busy    bool
	changed chan struct{}
}

func (f *busyFlag) state() (bool, <-chan struct{}) {
	f.mu.Lock()
	defer f.mu.Unlock()
	return f.busy, f.changed
}

func (f *busyFlag) set(busy bool) {
	f.mu.Lock()
	defer f.mu.Unlock()
	f.busy = busy
	close(f.changed)
	f.changed = make(chan struct{})
}

// TestPauseStopsTheProcess: while Config.Pause reports the node busy the
// solver process is stopped, so a search sent meanwhile gets no answer;
// once it is not, the process continues and answers.
func TestPauseStopsTheProcess(t *testing.T) {
	f := &busyFlag{changed: make(chan struct{})}
	c := startClientWith(t, solverproc.Config{Pause: f.state})
	ctx, cancel := context.WithTimeout(context.Background(), time.Minute)
	defer cancel()
	if _, err := c.Winnable(ctx, "bvs", 1, 1000, time.Second); err != nil {
		t.Fatal(err)
	}
	pid := c.PID()

	f.set(true)
	waitChild(t, pid, syscall.WUNTRACED, "stopped", syscall.WaitStatus.Stopped)
	answered := make(chan error, 1)
	go func() {
		_, err := c.Winnable(ctx, "bvs", 2, 1000, time.Minute)
		answered <- err
	}()
	select {
	case err := <-answered:
		t.Fatalf("a stopped process answered a search: %v", err)
	case <-time.After(50 * time.Millisecond):
	}

	f.set(false)
	waitChild(t, pid, syscall.WCONTINUED, "continued", syscall.WaitStatus.Continued)
	if err := <-answered; err != nil {
		t.Errorf("the search sent while stopped: %v", err)
	}
	if p := c.PID(); p != pid {
		t.Errorf("process %d after the pause, want %d still", p, pid)
	}
}

// waitChild waits (wait4 with options) for the child pid to report the
// change that want tells, for at most 10 s.
func waitChild(t *testing.T, pid, options int, what string, want func(syscall.WaitStatus) bool) {
	t.Helper()
	type result struct {
		ws  syscall.WaitStatus
		err error
	}
	done := make(chan result, 1)
	go func() {
		var ws syscall.WaitStatus
		_, err := syscall.Wait4(pid, &ws, options, nil)
		done <- result{ws, err}
	}()
	select {
	case r := <-done:
		if r.err != nil || !want(r.ws) {
			t.Fatalf("waiting for the process to be %s: %v, status %#x", what, r.err, r.ws)
		}
	case <-time.After(10 * time.Second):
		t.Fatalf("the process was not %s within 10 s", what)
	}
}
