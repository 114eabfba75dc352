package main

import (
	"context"
	"net/http"
	"strconv"
	"sync"
	"time"

	"github.com/coder/websocket"
)

// fanoutHub is the bare fan-out endpoint of the echo server: what a
// message costs to reach many connections with nothing else to do. Each
// connection has one writer and a bounded queue, as the hub's do; a
// message from one connection is acknowledged to it, then queued to all
// the others.
type fanoutHub struct {
	mu    sync.Mutex
	conns map[*fanoutConn]struct{}
}

type fanoutConn struct {
	send chan []byte
}

func (h *fanoutHub) serve(w http.ResponseWriter, r *http.Request) {
	c, err := websocket.Accept(w, r, nil)
	if err != nil {
		return
	}
	defer c.CloseNow()
	c.SetReadLimit(4096)
	ctx, cancel := context.WithCancel(r.Context())
	defer cancel()
	me := &fanoutConn{send: make(chan []byte, 256)}
	h.mu.Lock()
	if h.conns == nil {
		h.conns = map[*fanoutConn]struct{}{}
	}
	h.conns[me] = struct{}{}
	h.mu.Unlock()
	defer func() {
		h.mu.Lock()
		delete(h.conns, me)
		h.mu.Unlock()
	}()
	go func() {
		defer cancel()
		for {
			select {
			case b := <-me.send:
				if c.Write(ctx, websocket.MessageText, b) != nil {
					return
				}
			case <-ctx.Done():
				return
			}
		}
	}()
	for {
		_, b, err := c.Read(ctx)
		if err != nil {
			return
		}
		seq, _ := progressSeq(b, bareRacer)
		ack := []byte(`{"type":"ack","seq":` + strconv.FormatUint(seq, 10) + `}`)
		select {
		case me.send <- ack:
		default:
			return
		}
		h.mu.Lock()
		for o := range h.conns {
			if o == me {
				continue
			}
			select {
			case o.send <- b:
			default: // a slow reader loses the message, as a closed one would
			}
		}
		h.mu.Unlock()
	}
}

// bareRacer names the mover of the bare fan-out.
const bareRacer = "bare"

// bareFrame is a progress event of the bare racer.
func bareFrame(seq uint64) []byte {
	return []byte(`{"type":"progress","race":"bare","progress":{"racer":"` + bareRacer + `","seq":` +
		strconv.FormatUint(seq, 10) + `,"foundation":0}}`)
}

// bareSpectateSession is spectate mode against the echo server's
// /fanout endpoint: the physical limit of the spectator figure.
func bareSpectateSession(sp *spec) (session, error) {
	opts := dialer(sp)
	f := &fanout{racer: bareRacer, acked: make([]atomic64, maxCycleActions+2)}
	mover, err := dial(context.Background(), sp.target, opts)
	if err != nil {
		return nil, err
	}
	return func(ctx context.Context, i int, m *metrics, ready func(), start <-chan struct{}) error {
		if i == 0 {
			go func() {
				defer mover.CloseNow()
				select {
				case <-start:
				case <-ctx.Done():
					return
				}
				p := newPacer(sp.pace, 0)
				for seq := uint64(1); seq <= maxCycleActions && p.wait(ctx); seq++ {
					t := time.Now()
					if mover.Write(ctx, websocket.MessageText, bareFrame(seq)) != nil {
						return
					}
					if _, _, err := mover.Read(ctx); err != nil {
						return
					}
					now := time.Now()
					f.ack(seq, now)
					m.op(now.Sub(t))
				}
			}()
		}
		c, err := dial(ctx, sp.target, opts)
		if err != nil {
			return err
		}
		defer c.CloseNow()
		ready()
		for {
			_, b, err := c.Read(ctx)
			if err != nil {
				if ctx.Err() != nil {
					return nil
				}
				return withCode("read", err)
			}
			recv := time.Now()
			seq, ok := progressSeq(b, f.racer)
			if !ok || seq >= uint64(len(f.acked)) || !m.rec.Load() {
				continue
			}
			d := time.Duration(0)
			if at := f.acked[seq].Load(); at != 0 {
				d = max(recv.Sub(time.Unix(0, at)), 0)
			}
			m.fan.Record(d)
		}
	}, nil
}
