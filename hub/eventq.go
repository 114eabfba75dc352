package hub

import "sync"

// maxEventBacklog bounds a race's queue of broker events waiting for its
// loop; past it an event is dropped and the race reloads from the store.
const maxEventBacklog = 1024

// eventQueue hands broker events to a race's loop. Unlike a channel with
// room for the worst backlog, it holds memory only for the events waiting:
// a buffered channel of 1,024 slices cost 24 KB per live race, all of it
// scanned by every garbage collection (60 MB with 2,500 races, the largest
// item of the heap at 5,000 racers).
type eventQueue struct {
	mu     sync.Mutex
	q      [][]byte
	spare  [][]byte      // the slice handed out last, reused
	notify chan struct{} // a token when q became non-empty
}

func newEventQueue() *eventQueue {
	return &eventQueue{notify: make(chan struct{}, 1)}
}

// push queues b and reports false, dropping it, when the backlog is full.
func (e *eventQueue) push(b []byte) bool {
	e.mu.Lock()
	if len(e.q) >= maxEventBacklog {
		e.mu.Unlock()
		return false
	}
	e.q = append(e.q, b)
	wake := len(e.q) == 1
	e.mu.Unlock()
	if wake {
		select {
		case e.notify <- struct{}{}:
		default:
		}
	}
	return true
}

// take returns the waiting events in order and empties the queue. The
// slice is valid until the next take.
func (e *eventQueue) take() [][]byte {
	e.mu.Lock()
	out := e.q
	clear(e.spare) // drop references to the events handled last time
	e.q = e.spare[:0]
	e.spare = out
	e.mu.Unlock()
	return out
}
