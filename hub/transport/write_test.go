package transport

import (
	"context"
	"errors"
	"runtime"
	"strconv"
	"strings"
	"sync/atomic"
	"syscall"
	"testing"
	"time"

	"github.com/coder/websocket"
)

// TestSendKeepsOrder queues frames faster than the writer writes them,
// from two goroutines, then closes after them: every frame arrives once,
// in its goroutine's order, before the close code, and the writer is gone
// once the outbox is empty.
func TestSendKeepsOrder(t *testing.T) {
	ctx := testCtx(t)
	s := newTestServer(t, Config{SendQueue: 10_000}, 0, nil)
	ws, sv := s.dial(ctx, t, 0)
	c := sv.c
	const n = 2000
	done := make(chan struct{})
	for g := range 2 {
		go func() {
			defer func() { done <- struct{}{} }()
			for i := range n {
				c.Send([]byte(strconv.Itoa(g) + ":" + strconv.Itoa(i)))
			}
		}()
	}
	<-done
	<-done
	c.CloseAfterFlush(websocket.StatusNormalClosure, "done")
	if c.Send([]byte("after the close")) {
		t.Error("Send after CloseAfterFlush queued a frame")
	}
	next := [2]int{}
	for {
		_, b, err := ws.Read(ctx)
		if err != nil {
			if code := websocket.CloseStatus(err); code != websocket.StatusNormalClosure {
				t.Fatalf("read: %v (close code %d), want %d", err, code, websocket.StatusNormalClosure)
			}
			break
		}
		g, i, ok := strings.Cut(string(b), ":")
		gi, _ := strconv.Atoi(g)
		ii, _ := strconv.Atoi(i)
		if !ok || gi > 1 || ii != next[gi] {
			t.Fatalf("got frame %q, want %d:%d", b, gi, next[gi])
		}
		next[gi]++
	}
	if next != [2]int{n, n} {
		t.Fatalf("got %v frames, want %d of each", next, n)
	}
	waitDone(ctx, t, sv)
	st := c.Stats()
	if st.Writing || st.Queued != 0 {
		t.Errorf("got stats %+v after the close, want no writer and nothing queued", st)
	}
	if st.Frames != 2*n {
		t.Errorf("got %d frames written, want %d", st.Frames, 2*n)
	}
}

// stallWriter sends a frame far larger than the sockets' buffers (the
// client does not read) and waits until the writer is blocked writing it.
func stallWriter(ctx context.Context, t *testing.T, c *Conn, size int) {
	t.Helper()
	if !c.Send(make([]byte, size)) {
		t.Fatal("Send refused the first frame")
	}
	tick := time.NewTicker(time.Millisecond)
	defer tick.Stop()
	for {
		c.outMu.Lock()
		flight := c.flight
		c.outMu.Unlock()
		if flight == 1 {
			return
		}
		select {
		case <-tick.C:
		case <-ctx.Done():
			t.Fatal("the writer did not take the frame")
		}
	}
}

// TestSendFrameLengths sends messages at each boundary of a frame
// header's length forms (7 bits, 16 bits, 64 bits): each arrives whole,
// as a text message.
func TestSendFrameLengths(t *testing.T) {
	ctx := testCtx(t)
	s := newTestServer(t, Config{}, 0, nil)
	ws, sv := s.dial(ctx, t, 0)
	for _, n := range []int{0, 1, 125, 126, 127, 0xFFFF, 0x10000, 0x10001} {
		b := make([]byte, n)
		for i := range b {
			b[i] = 'a' + byte(i%26)
		}
		if !sv.c.Send(b) {
			t.Fatalf("Send of %d bytes refused", n)
		}
		typ, got, err := ws.Read(ctx)
		if err != nil {
			t.Fatalf("read of %d bytes: %v", n, err)
		}
		if typ != websocket.MessageText || string(got) != string(b) {
			t.Fatalf("got a %v message of %d bytes, want text of %d", typ, len(got), n)
		}
	}
}

// TestSlowReaderHoldsAtMostSendBuffer is a client that never reads,
// with the defaults of the socket buffers: the writer blocks on a full
// socket, frames pile up in the outbox, and the connection must hold at
// most Config.SendBuffer for it (measured by the outbox's count with the
// kernel's send queue, and by the heap), refuse the frame past it, and be
// closed within 1.5 times WriteTimeout, with a reset: the client learns
// at once that the connection ended. The write timeout (500 ms, 250 ms
// under -short) outlasts the few milliseconds the outbox takes to fill.
func TestSlowReaderHoldsAtMostSendBuffer(t *testing.T) {
	ctx := testCtx(t)
	writeTimeout := 500 * time.Millisecond
	if testing.Short() {
		writeTimeout = 250 * time.Millisecond
	}
	var slow atomic.Int32
	cfg := Config{SendQueue: 100_000, WriteTimeout: writeTimeout, OnSlow: func() { slow.Add(1) }}
	s := newTestServer(t, cfg, 0, nil)
	ws, sv := s.dial(ctx, t, 0)
	c := sv.c

	var ms runtime.MemStats
	runtime.GC()
	runtime.ReadMemStats(&ms)
	base := ms.HeapAlloc
	stallWriter(ctx, t, c, 512<<10)
	const size = 16 << 10
	var maxHeld, maxSocket, sent int
	heap := uint64(0)
	var refusedAt time.Time
	for sent < 64<<20 {
		st := c.Stats()
		maxHeld = max(maxHeld, st.QueuedBytes+st.SocketBytes)
		maxSocket = max(maxSocket, st.SocketBytes)
		if heap == 0 && st.QueuedBytes+2*size > c.sendBuffer {
			// Nearly full: what does the server hold now? (Two
			// collections: one may leave the stall frame, let go since.)
			runtime.GC()
			runtime.GC()
			runtime.ReadMemStats(&ms)
			heap = ms.HeapAlloc - min(base, ms.HeapAlloc)
		}
		if !c.Send(make([]byte, size)) {
			refusedAt = time.Now()
			break
		}
		sent += size
	}
	if refusedAt.IsZero() {
		t.Fatalf("sent %d MiB to a client that does not read, want a refusal past %d bytes", sent>>20, DefaultSendBuffer)
	}
	if maxHeld > DefaultSendBuffer {
		t.Errorf("the outbox and the socket held %d bytes (the socket %d), want at most %d", maxHeld, maxSocket, DefaultSendBuffer)
	}
	if heap == 0 || heap > DefaultSendBuffer*5/4 {
		t.Errorf("the heap grew by %d bytes with the outbox nearly full, want 1 to %d", heap, DefaultSendBuffer*5/4)
	}
	if c.Context().Err() == nil {
		t.Error("context alive after the refusal")
	}
	waitDone(ctx, t, sv)
	if d, most := time.Since(refusedAt), writeTimeout*3/2+time.Second; d > most {
		t.Errorf("closed %v after falling behind, want within %v (a write gets at most 1.5 times its timeout)", d, most)
	}
	if n := slow.Load(); n != 1 {
		t.Errorf("OnSlow called %d times, want 1", n)
	}
	if st := c.Stats(); st.QueuedBytes != 0 {
		t.Errorf("got %d bytes queued after the close, want 0", st.QueuedBytes)
	}
	var err error
	for err == nil {
		_, _, err = ws.Read(ctx)
	}
	if !errors.Is(err, syscall.ECONNRESET) {
		t.Errorf("read after the close: %v, want the connection reset", err)
	}
	t.Logf("held at most %d KiB (the socket %d KiB); heap growth %d KiB", maxHeld>>10, maxSocket>>10, heap>>10)
}

// TestStalledWriteTimesOut: a client that stops reading while the outbox
// is far from full is closed when a write to its socket has not ended
// within WriteTimeout.
func TestStalledWriteTimesOut(t *testing.T) {
	parallel(t)
	ctx := testCtx(t)
	writeTimeout := stallTimeout()
	var slow atomic.Int32
	cfg := Config{SendQueue: 100_000, SendBuffer: 1 << 30, WriteTimeout: writeTimeout, OnSlow: func() { slow.Add(1) }}
	s := newTestServer(t, cfg, 16<<10, nil)
	_, sv := s.dial(ctx, t, 16<<10)
	c := sv.c
	frame := make([]byte, 64<<10)
	// Enough to fill both sockets' buffers many times over: the writer
	// blocks, and its write times out.
	start := time.Now()
	for range 64 {
		if !c.Send(frame) {
			t.Fatal("Send refused a frame below the bounds")
		}
	}
	waitSlowClosed(ctx, t, sv, start, writeTimeout, &slow)
}

// TestLateReaderGets1008: when the close frame can still be sent, a slow
// reader learns why it is dropped: the frames written before, then 1008.
func TestLateReaderGets1008(t *testing.T) {
	ctx := testCtx(t)
	s := newTestServer(t, Config{SendBuffer: 64 << 10}, 0, nil)
	ws, sv := s.dial(ctx, t, 0)
	c := sv.c
	if !c.Send([]byte("first")) {
		t.Fatal("Send refused a small frame")
	}
	if c.Send(make([]byte, 65<<10)) {
		t.Fatal("Send queued a frame larger than SendBuffer")
	}
	for {
		_, b, err := ws.Read(ctx)
		if err != nil {
			if code := websocket.CloseStatus(err); code != StatusTooSlow {
				t.Fatalf("read: %v (code %d), want close %d", err, code, StatusTooSlow)
			}
			break
		}
		if string(b) != "first" {
			t.Fatalf("got frame %q, want %q", b, "first")
		}
	}
	waitDone(ctx, t, sv)
}

// TestSlowReaderDefaults: with the default Config, a client that stops
// reading is closed within 10 seconds of falling behind; with a frame cut
// off in its socket, it gets no close frame.
func TestSlowReaderDefaults(t *testing.T) {
	if testing.Short() {
		t.Skip("waits for the default write timeout")
	}
	ctx := testCtx(t)
	s := newTestServer(t, Config{}, 16<<10, nil)
	ws, sv := s.dial(ctx, t, 16<<10)
	c := sv.c
	stallWriter(ctx, t, c, 256<<10)
	frame := make([]byte, 32<<10)
	var behind time.Time
	for behind.IsZero() {
		if !c.Send(frame) {
			behind = time.Now()
		}
	}
	waitDone(ctx, t, sv)
	if d := time.Since(behind); d > 10*time.Second {
		t.Errorf("closed %v after falling behind, want within 10s", d)
	}
	var err error
	for err == nil {
		_, _, err = ws.Read(ctx)
	}
	if code := websocket.CloseStatus(err); code != -1 {
		t.Errorf("read: %v, want no close frame after a frame cut off", err)
	}
}

// TestHoldFlush: frames sent between Hold and Flush, from the holding
// goroutine and another, start no writer goroutine; Flush writes them in
// order, in the calling goroutine (they are written when it returns), and
// leaves no writer running. A Flush that finds the writer running leaves
// the frames to it.
func TestHoldFlush(t *testing.T) {
	parallel(t)
	ctx := testCtx(t)
	s := newTestServer(t, Config{}, 16<<10, nil)
	ws, sv := s.dial(ctx, t, 16<<10)
	ws.SetReadLimit(1 << 20)
	c := sv.c
	c.Hold()
	c.Send([]byte("ack"))
	sent := make(chan struct{})
	go func() {
		c.Send([]byte("progress"))
		close(sent)
	}()
	<-sent
	if st := c.Stats(); st.Writing || st.Queued != 2 {
		t.Fatalf("held: stats %+v, want no writer and 2 frames queued", st)
	}
	c.Flush()
	if st := c.Stats(); st.Writing || st.Queued != 0 || st.Frames != 2 {
		t.Fatalf("after Flush: stats %+v, want both frames written and no writer", st)
	}
	for _, want := range []string{"ack", "progress"} {
		if _, b, err := ws.Read(ctx); err != nil || string(b) != want {
			t.Fatalf("read %q, %v; want %q", b, err, want)
		}
	}
	// With the writer stalled on a large frame, Flush leaves the next
	// frame to it.
	stallWriter(ctx, t, c, 256<<10)
	c.Hold()
	c.Send([]byte("after"))
	c.Flush()
	if st := c.Stats(); !st.Writing || st.Queued != 2 {
		t.Fatalf("Flush behind a stalled writer: stats %+v, want the writer running and 2 frames queued", st)
	}
	if _, b, err := ws.Read(ctx); err != nil || len(b) != 256<<10 {
		t.Fatalf("read %d bytes, %v; want the large frame", len(b), err)
	}
	if _, b, err := ws.Read(ctx); err != nil || string(b) != "after" {
		t.Fatalf("read %q, %v; want %q", b, err, "after")
	}
}

// TestSendTakePush: SendTake on a connection with no writer gives the
// caller the write, frames sent meanwhile wait for it, and Push writes
// them in order in the calling goroutine, leaving no writer. With a Hold
// in force or a writer running, SendTake takes nothing.
func TestSendTakePush(t *testing.T) {
	parallel(t)
	ctx := testCtx(t)
	s := newTestServer(t, Config{}, 16<<10, nil)
	ws, sv := s.dial(ctx, t, 16<<10)
	ws.SetReadLimit(1 << 20)
	c := sv.c
	if queued, took := c.SendTake([]byte("progress")); !queued || !took {
		t.Fatalf("SendTake on an idle connection: queued %v, took %v; want both", queued, took)
	}
	sent := make(chan struct{})
	go func() {
		c.Send([]byte("end"))
		close(sent)
	}()
	<-sent
	if st := c.Stats(); !st.Writing || st.Queued != 2 || st.Frames != 0 {
		t.Fatalf("taken: stats %+v, want the write taken and 2 frames waiting", st)
	}
	c.Push()
	if st := c.Stats(); st.Writing || st.Queued != 0 || st.Frames != 2 {
		t.Fatalf("after Push: stats %+v, want both frames written and no writer", st)
	}
	for _, want := range []string{"progress", "end"} {
		if _, b, err := ws.Read(ctx); err != nil || string(b) != want {
			t.Fatalf("read %q, %v; want %q", b, err, want)
		}
	}

	c.Hold()
	if _, took := c.SendTake([]byte("held")); took {
		t.Error("SendTake took the write of a held connection")
	}
	c.Flush()
	if _, b, err := ws.Read(ctx); err != nil || string(b) != "held" {
		t.Fatalf("read %q, %v; want %q", b, err, "held")
	}

	stallWriter(ctx, t, c, 256<<10)
	if _, took := c.SendTake([]byte("behind")); took {
		t.Error("SendTake took the write from a running writer")
	}
	if _, b, err := ws.Read(ctx); err != nil || len(b) != 256<<10 {
		t.Fatalf("read %d bytes, %v; want the large frame", len(b), err)
	}
	if _, b, err := ws.Read(ctx); err != nil || string(b) != "behind" {
		t.Fatalf("read %q, %v; want %q", b, err, "behind")
	}
}

// TestPushDoesNotWait: a Push to a client that does not read returns
// with what the socket did not take left to the writer goroutine, which
// writes it, then the frames sent after, in order, once the client reads.
func TestPushDoesNotWait(t *testing.T) {
	ctx := testCtx(t)
	s := newTestServer(t, Config{WriteTimeout: time.Minute}, 16<<10, nil)
	ws, sv := s.dial(ctx, t, 16<<10)
	ws.SetReadLimit(1 << 20)
	c := sv.c
	const size = 512 << 10 // far more than both sockets' buffers
	if _, took := c.SendTake(make([]byte, size)); !took {
		t.Fatal("SendTake on an idle connection took nothing")
	}
	c.Push() // returns although the client reads nothing
	st := c.Stats()
	if !st.Writing {
		t.Fatalf("after a Push the socket could not take: stats %+v, want the writer running", st)
	}
	if !c.Send([]byte("after")) {
		t.Fatal("Send refused a frame")
	}
	if _, b, err := ws.Read(ctx); err != nil || len(b) != size {
		t.Fatalf("read %d bytes, %v; want the %d-byte frame", len(b), err, size)
	}
	if _, b, err := ws.Read(ctx); err != nil || string(b) != "after" {
		t.Fatalf("read %q, %v; want %q", b, err, "after")
	}
}

// TestPushedRestCounts: the part of a pushed batch that the socket did
// not take at once counts against SendBuffer until it is written: a
// client that does not read cannot make the connection hold a pushed
// batch and a full outbox besides.
func TestPushedRestCounts(t *testing.T) {
	parallel(t)
	ctx := testCtx(t)
	const size = 600 << 10 // far more than both sockets' buffers
	s := newTestServer(t, Config{SendBuffer: 1 << 20, WriteTimeout: time.Second}, 16<<10, nil)
	ws, sv := s.dial(ctx, t, 16<<10)
	c := sv.c
	if _, took := c.SendTake(make([]byte, size)); !took {
		t.Fatal("SendTake on an idle connection took nothing")
	}
	c.Push()
	if st := c.Stats(); st.QueuedBytes != size || st.Queued != 1 {
		t.Errorf("after a Push the socket could not take: stats %+v, want the %d-byte frame queued", st, size)
	}
	if c.Send(make([]byte, size)) {
		t.Errorf("Send queued %d bytes behind a pushed %d, want a refusal past SendBuffer (%d)", size, size, 1<<20)
	}
	// The client goes: the write it stalled fails, and the connection ends.
	ws.CloseNow()
	waitDone(ctx, t, sv)
}

// TestPushedStallTimesOut: the rest of a pushed batch that a client never
// reads is bounded by WriteTimeout like any write: the connection is
// closed as too slow.
func TestPushedStallTimesOut(t *testing.T) {
	parallel(t)
	ctx := testCtx(t)
	writeTimeout := stallTimeout()
	var slow atomic.Int32
	cfg := Config{SendBuffer: 1 << 30, WriteTimeout: writeTimeout, OnSlow: func() { slow.Add(1) }}
	s := newTestServer(t, cfg, 16<<10, nil)
	_, sv := s.dial(ctx, t, 16<<10)
	c := sv.c
	if _, took := c.SendTake(make([]byte, 4<<20)); !took {
		t.Fatal("SendTake on an idle connection took nothing")
	}
	start := time.Now()
	c.Push()
	waitSlowClosed(ctx, t, sv, start, writeTimeout, &slow)
}

// TestPushAfterDeadlinePassed: a Push to a connection whose last write
// deadline passed while it was idle writes the frame; it is not taken
// for a client too slow to read.
func TestPushAfterDeadlinePassed(t *testing.T) {
	ctx := testCtx(t)
	slow := make(chan struct{}, 1)
	s := newTestServer(t, Config{WriteTimeout: time.Minute, OnSlow: func() { slow <- struct{}{} }}, 16<<10, nil)
	ws, sv := s.dial(ctx, t, 16<<10)
	c := sv.c
	// Written by this goroutine: no writer runs once Flush returns.
	c.Hold()
	c.Send([]byte("first"))
	c.Flush()
	if _, b, err := ws.Read(ctx); err != nil || string(b) != "first" {
		t.Fatalf("read %q, %v; want %q", b, err, "first")
	}
	// The deadline of that write, as if the connection had then been idle
	// for longer than the write timeout.
	c.bc.mu.Lock()
	past := time.Now().Add(-time.Second)
	c.bc.deadline = past.UnixNano()
	_ = c.bc.Conn.SetWriteDeadline(past)
	c.bc.mu.Unlock()
	if _, took := c.SendTake([]byte("progress")); !took {
		t.Fatal("SendTake on an idle connection took nothing")
	}
	c.Push()
	if _, b, err := ws.Read(ctx); err != nil || string(b) != "progress" {
		t.Fatalf("read %q, %v; want %q", b, err, "progress")
	}
	select {
	case <-slow:
		t.Fatal("OnSlow called for a client that reads")
	default:
	}
	if st := c.Stats(); st.Writing || st.Frames != 2 {
		t.Fatalf("stats %+v, want 2 frames written and no writer", st)
	}
}

// stallTimeout is the write timeout of the tests whose client never
// reads: 300 ms, or 150 ms under -short. A stalled write never ends, so
// any timeout finds it.
func stallTimeout() time.Duration {
	if testing.Short() {
		return 150 * time.Millisecond
	}
	return 300 * time.Millisecond
}

// waitSlowClosed waits for sv's connection to end and checks that it
// ended within 1.5 times writeTimeout (and some slack) from start, with OnSlow
// (counted by slow) called once.
func waitSlowClosed(ctx context.Context, t *testing.T, sv served, start time.Time, writeTimeout time.Duration, slow *atomic.Int32) {
	t.Helper()
	waitDone(ctx, t, sv)
	// A write gets at most 1.5 times its timeout (TestNextWriteDeadline
	// checks the deadline itself); the slack past it is for a machine
	// busy with other tests, not part of the promise.
	if d, most := time.Since(start), writeTimeout*3/2+3*time.Second; d > most {
		t.Errorf("closed %v after the client fell behind, want within %v (a write gets at most 1.5 times its timeout)", d, most)
	}
	if n := slow.Load(); n != 1 {
		t.Errorf("OnSlow called %d times, want 1", n)
	}
}

// TestNextWriteDeadline: every write gets at least the timeout and at
// most 1.5 times it, and a deadline that leaves the timeout is kept (no
// timer touched).
func TestNextWriteDeadline(t *testing.T) {
	const timeout = 4 * time.Second
	const s = int64(time.Second)
	for _, tc := range []struct {
		name     string
		now, set int64
		want     int64
		wantSet  bool
	}{
		{"none set", 100 * s, 0, 106 * s, true},
		{"just set", 100 * s, 106 * s, 106 * s, false},
		{"the timeout left", 102 * s, 106 * s, 106 * s, false},
		{"less than the timeout left", 102*s + 1, 106 * s, 108*s + 1, true},
		{"past", 110 * s, 106 * s, 116 * s, true},
	} {
		d, set := nextWriteDeadline(tc.now, tc.set, timeout)
		if d != tc.want || set != tc.wantSet {
			t.Errorf("%s: nextWriteDeadline(%d, %d) = %d, %v; want %d, %v", tc.name, tc.now, tc.set, d, set, tc.want, tc.wantSet)
		}
		if d-tc.now < int64(timeout) || d-tc.now > int64(timeout)*3/2 {
			t.Errorf("%s: a write starting at %d gets %v, want %v to %v", tc.name, tc.now, time.Duration(d-tc.now), timeout, timeout*3/2)
		}
	}
}
