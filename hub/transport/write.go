package transport

import (
	"errors"
	"os"

	"github.com/coder/websocket"
)

// The write side. Frames wait in the outbox (a list allocated only while
// frames wait); a writer goroutine runs only while the outbox holds
// frames, so an idle connection has no writer and no queue; a goroutine
// that answers on its own connection writes its frames itself (Hold,
// Flush). Each time it wakes, the writer takes every frame waiting and
// writes them as one batch: the socket is corked for the batch
// (batchConn), the messages are framed into it there, and the frames
// leave in one write. coder/websocket, which would take two locks, a
// select and a flush per message, writes only its control frames (pong,
// close), each whole, before or after a batch's messages.

// StatusTooSlow is the close code of a connection whose client reads too
// slowly, and slowReason its reason.
const (
	StatusTooSlow = websocket.StatusPolicyViolation
	slowReason    = "too slow reading"
)

// Send queues b to be written as one text frame and reports whether it
// was queued (SendTake with the writer started for the caller). It never
// blocks: past Config.SendQueue frames or Config.SendBuffer bytes waiting
// or being written, the waiting frames are dropped and the connection
// closes with 1008 (Config.OnSlow is called).
// b must not change until it is written; it may be shared between
// connections.
func (c *Conn) Send(b []byte) bool {
	queued, took := c.send(b, false)
	if took {
		go c.writeLoop() // carries the count of workers on
	}
	return queued
}

// SendTake queues b like Send. If no goroutine writes the connection's
// frames (no writer runs and no Hold is in force), the caller takes the
// write in its place (took) and must call Push soon after, outside the
// locks it holds; frames sent meanwhile wait for that Push. It never
// blocks.
func (c *Conn) SendTake(b []byte) (queued, took bool) {
	return c.send(b, true)
}

// send queues b (Send, SendTake): with take, a writer to start is the
// caller's to run, and took reports so.
func (c *Conn) send(b []byte, take bool) (queued, took bool) {
	if c.ctx.Err() != nil {
		return false, false
	}
	c.outMu.Lock()
	if c.stopped || c.closeQueued {
		c.outMu.Unlock()
		return false, false
	}
	if len(c.out)+c.flight >= c.sendQueue || c.outBytes+c.flightBytes+len(b) > c.sendBuffer {
		c.tooSlowLocked()
		c.outMu.Unlock()
		c.closeDeadline()
		if c.onSlow != nil {
			c.onSlow()
		}
		return false, false
	}
	c.out = append(c.out, b)
	c.outBytes += len(b)
	took = c.claimWriterLocked()
	c.outMu.Unlock()
	return true, took
}

// Push writes the frames waiting, after a SendTake that took the write,
// without waiting for the socket: the frames it does not take at once,
// and those sent meanwhile, go to the writer goroutine, started for
// them. Push thus costs the caller one write to the socket, and no
// goroutine when the client keeps up.
func (c *Conn) Push() {
	c.outMu.Lock()
	if c.stopIfIdleLocked() {
		return
	}
	if c.closeQueued || !c.bc.canWriteNow() {
		c.outMu.Unlock()
		go c.writeLoop()
		return
	}
	b, size := c.takeLocked()
	c.out = nil
	c.outMu.Unlock()

	pending, err := c.writeBatchNow(b, size)

	c.outMu.Lock()
	if err != nil || !pending {
		// A batch with a rest stays in flight, counted against the
		// bounds, until drainLoop has written the rest.
		c.landedLocked(err)
	}
	if err != nil {
		c.stopFailedLocked(err)
		return
	}
	if !pending && c.stopIfIdleLocked() {
		return
	}
	c.outMu.Unlock()
	go c.drainLoop()
}

// drainLoop is the writer after a Push the socket did not take whole: it
// writes the rest, within the write timeout, which lands the pushed
// batch, then the frames waiting.
func (c *Conn) drainLoop() {
	err := c.bc.drain()
	c.outMu.Lock()
	c.landedLocked(err)
	if err != nil {
		c.stopFailedLocked(err)
		return
	}
	c.outMu.Unlock()
	c.writeLoop()
}

// stopFailedLocked ends the caller's turn as the writer after a write
// that failed with err: it lets c.outMu go, ends the connection
// (writeFailed) and counts the writer done. c.outMu is held.
func (c *Conn) stopFailedLocked(err error) {
	stopped := c.stopped
	c.writing = false
	c.outMu.Unlock()
	c.writeFailed(err, stopped)
	c.workers.Done()
}

// tooSlowLocked drops the waiting frames and queues the close for a slow
// reader; the context ends at once. c.outMu is held.
func (c *Conn) tooSlowLocked() {
	c.slow = true
	clear(c.out)
	c.out, c.outBytes = nil, 0
	c.closeQueued, c.closeCode, c.closeReason = true, StatusTooSlow, slowReason
	c.cancel()
	c.startWriterLocked()
}

// CloseAfterFlush closes the connection with code after the frames
// already queued have been written; frames sent after it are dropped. If
// the outbox is full it closes at once (Close).
func (c *Conn) CloseAfterFlush(code websocket.StatusCode, reason string) {
	c.outMu.Lock()
	if c.stopped || c.closeQueued {
		c.outMu.Unlock()
		return
	}
	if len(c.out)+c.flight >= c.sendQueue {
		c.outMu.Unlock()
		c.Close(code, reason)
		return
	}
	c.closeQueued, c.closeCode, c.closeReason = true, code, reason
	c.startWriterLocked()
	c.outMu.Unlock()
}

// startWriterLocked starts the writer unless it runs, a Push is to
// come, or the outbox is held (Hold). c.outMu is held.
func (c *Conn) startWriterLocked() {
	if c.claimWriterLocked() {
		go c.writeLoop()
	}
}

// claimWriterLocked makes the caller the connection's writer, counted in
// workers, unless a writer runs, a Push is to come, or the outbox is held
// (Hold), and reports whether it did. c.outMu is held: the count never
// grows after End has begun to wait.
func (c *Conn) claimWriterLocked() bool {
	if c.writing || c.held {
		return false
	}
	c.writing = true
	c.workers.Add(1)
	return true
}

// Hold keeps frames sent from now on in the outbox, without starting the
// writer goroutine, until Flush, which the caller must call soon: a
// goroutine about to queue a frame for its own connection (a reader
// answering a frame) then writes it itself, without handing it to a
// writer goroutine. Frames other goroutines send meanwhile wait for the
// Flush. Hold and Flush are called by one goroutine at a time.
func (c *Conn) Hold() {
	c.outMu.Lock()
	c.held = true
	c.outMu.Unlock()
}

// Flush ends a Hold: the frames waiting are written as one batch in the
// calling goroutine, unless the writer runs already (it writes them).
// Frames that come while that batch is written go to the writer
// goroutine. Like the writer's, a write blocks for at most the
// connection's write timeout.
func (c *Conn) Flush() {
	c.outMu.Lock()
	c.held = false
	if c.ended || c.idleLocked() || !c.claimWriterLocked() {
		c.outMu.Unlock()
		return
	}
	c.outMu.Unlock()
	var batch [][]byte
	if !c.writeOnce(&batch) {
		c.workers.Done()
		return
	}
	c.outMu.Lock()
	if c.stopIfIdleLocked() {
		return
	}
	c.outMu.Unlock()
	go c.writeLoop() // carries the count of workers on
}

// stopIfIdleLocked ends the caller's turn as the connection's writer
// when there is nothing left to write: it lets c.outMu go, counts the
// writer done and reports true. Otherwise c.outMu stays held. c.outMu is
// held.
func (c *Conn) stopIfIdleLocked() bool {
	if !c.idleLocked() {
		return false
	}
	c.writing = false
	c.outMu.Unlock()
	c.workers.Done()
	return true
}

// idleLocked reports whether the writer has nothing left to write, and
// if so lets go of a large outbox. c.outMu is held.
func (c *Conn) idleLocked() bool {
	if c.stopped || len(c.out) == 0 && !c.closeQueued {
		if cap(c.out) > 16 { // a burst grew it: let it go
			c.out = nil
		}
		return true
	}
	return false
}

// takeLocked takes the frames waiting as the batch in flight and
// returns them with their size; the caller gives c.out a new slice.
// c.outMu is held.
func (c *Conn) takeLocked() (batch [][]byte, size int) {
	batch = c.out
	c.flight, c.flightBytes, c.outBytes = len(batch), c.outBytes, 0
	return batch, c.flightBytes
}

// landedLocked counts the batch in flight as written unless err, ends
// the flight, and reports whether the connection has stopped. c.outMu is
// held.
func (c *Conn) landedLocked(err error) (stopped bool) {
	if err == nil {
		c.frames += uint64(c.flight)
		c.bytes += uint64(c.flightBytes)
	}
	c.flight, c.flightBytes = 0, 0
	return c.stopped
}

// writeLoop writes batches of queued frames, in order, until the outbox
// is empty or the connection stops, then the close if one is queued.
func (c *Conn) writeLoop() {
	defer c.workers.Done()
	var batch [][]byte
	for c.writeOnce(&batch) {
	}
}

// writeOnce writes the frames waiting as one batch (batch is the
// writer's spare slice), then the close if one is queued. It reports
// whether the writer goes on; when it does not, writing is false.
func (c *Conn) writeOnce(batch *[][]byte) bool {
	c.outMu.Lock()
	if c.idleLocked() {
		c.writing = false
		c.outMu.Unlock()
		return false
	}
	b, size := c.takeLocked()
	c.out, *batch = (*batch)[:0], nil
	closing, code, reason := c.closeQueued, c.closeCode, c.closeReason
	c.outMu.Unlock()

	err := c.writeBatch(b, size)
	*batch = b

	c.outMu.Lock()
	stopped := c.landedLocked(err)
	if err != nil || closing {
		c.writing = false
	}
	c.outMu.Unlock()
	if err != nil {
		c.writeFailed(err, stopped)
		return false
	}
	if closing {
		// Every frame queued before the close was in this batch:
		// CloseAfterFlush and Send refuse frames after it. From now on
		// the reader takes no frame itself (readNext), while
		// coder/websocket waits for the client's close.
		c.closing.Store(true)
		_ = c.ws.Close(code, reason)
		c.cancel()
		return false
	}
	return true
}

// maxHeader is the largest header of a frame the server sends.
const maxHeader = 10

// writeBatch writes the frames, size bytes in all, with the socket corked,
// so that they leave in one write. It clears batch.
func (c *Conn) writeBatch(batch [][]byte, size int) error {
	if len(batch) == 0 {
		return nil
	}
	err := c.frameBatch(batch, size)
	if uerr := c.bc.uncork(); err == nil {
		err = uerr
	}
	return err
}

// frameBatch corks the socket and frames batch into it as text frames;
// the frames are let go, copied, before the uncork's write, which may
// block.
func (c *Conn) frameBatch(batch [][]byte, size int) error {
	c.bc.cork(size + maxHeader*len(batch))
	err := c.bc.appendFrames(batch)
	clear(batch)
	return err
}

// writeBatchNow writes the frames like writeBatch, but without waiting
// for the socket: pending reports bytes left for drain. batch is let go.
func (c *Conn) writeBatchNow(batch [][]byte, size int) (pending bool, err error) {
	err = c.frameBatch(batch, size)
	pending, uerr := c.bc.uncorkNow()
	if err == nil {
		err = uerr
	}
	return pending, err
}

// writeFailed ends the connection after a failed write. A write that
// timed out means a client that does not read.
func (c *Conn) writeFailed(err error, stopped bool) {
	c.cancel()
	if stopped {
		return // a close is under way
	}
	if errors.Is(err, os.ErrDeadlineExceeded) {
		c.outMu.Lock()
		first := !c.slow
		c.slow = true
		c.outMu.Unlock()
		if first && c.onSlow != nil {
			c.onSlow()
		}
		_ = c.bc.abort()
	}
	_ = c.bc.Conn.Close()
	_ = c.ws.CloseNow()
}
