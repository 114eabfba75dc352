package main

import (
	"bufio"
	"context"
	"errors"
	"flag"
	"fmt"
	"io"
	"log/slog"
	"net"
	"net/http"
	"os"
	"os/exec"
	"strings"
	"time"

	"github.com/coder/websocket"
)

// echoPayload has the size and shape of a move message.
var echoPayload = []byte(`{"type":"move","race":"r-0123456789","seq":123,"move":"3-5x4"}`)

// echoHandler is the bare endpoint every figure is compared to: accept,
// then write back each message, one reader and writer per connection.
func echoHandler(w http.ResponseWriter, r *http.Request) {
	c, err := websocket.Accept(w, r, nil)
	if err != nil {
		return
	}
	defer c.CloseNow()
	c.SetReadLimit(4096)
	ctx := r.Context()
	for {
		typ, data, err := c.Read(ctx)
		if err != nil {
			return
		}
		if err := c.Write(ctx, typ, data); err != nil {
			return
		}
	}
}

// serveEcho runs the echo endpoint on addr until ctx ends, printing its
// URL on stdout once it listens.
func serveEcho(ctx context.Context, args []string, stdout io.Writer) error {
	fs := flag.NewFlagSet("echo-server", flag.ContinueOnError)
	addr := fs.String("addr", "127.0.0.1:0", "listen address (loopback)")
	if err := fs.Parse(args); err != nil {
		return err
	}
	if _, err := checkLoopback("ws://" + *addr); err != nil {
		return err
	}
	if _, err := raiseFileLimit(); err != nil {
		return err
	}
	ln, err := net.Listen("tcp", *addr)
	if err != nil {
		return err
	}
	mux := http.NewServeMux()
	mux.HandleFunc("/echo", echoHandler)
	mux.HandleFunc("/fanout", (&fanoutHub{}).serve)
	srv := &http.Server{Handler: mux, ReadHeaderTimeout: 10 * time.Second,
		ErrorLog: slog.NewLogLogger(slog.Default().Handler(), slog.LevelDebug)}
	fmt.Fprintf(stdout, "listening ws://%s/echo\n", ln.Addr())
	errc := make(chan error, 1)
	go func() { errc <- srv.Serve(ln) }()
	select {
	case err := <-errc:
		return err
	case <-ctx.Done():
	}
	sctx, cancel := context.WithTimeout(context.Background(), 5*time.Second)
	defer cancel()
	srv.Shutdown(sctx)
	return nil
}

// startEchoServer starts `loadgen echo-server` as a child process (a
// process of its own, as the racer server is) and returns its URL.
func startEchoServer(ctx context.Context) (url string, cmd *exec.Cmd, err error) {
	exe, err := os.Executable()
	if err != nil {
		return "", nil, err
	}
	cmd = exec.CommandContext(ctx, exe, "echo-server")
	cmd.Stderr = os.Stderr
	out, err := cmd.StdoutPipe()
	if err != nil {
		return "", nil, err
	}
	if err := cmd.Start(); err != nil {
		return "", nil, err
	}
	line, err := bufio.NewReader(out).ReadString('\n')
	if err != nil {
		cmd.Process.Kill()
		cmd.Wait()
		return "", nil, fmt.Errorf("echo server: %w", err)
	}
	url, ok := strings.CutPrefix(strings.TrimSpace(line), "listening ")
	if !ok {
		cmd.Process.Kill()
		cmd.Wait()
		return "", nil, fmt.Errorf("echo server said %q", line)
	}
	return url, cmd, nil
}

// stopChild interrupts a child process and waits for it, killing it
// after five seconds.
func stopChild(cmd *exec.Cmd) {
	cmd.Process.Signal(os.Interrupt)
	done := make(chan struct{})
	go func() { cmd.Wait(); close(done) }()
	select {
	case <-done:
	case <-time.After(5 * time.Second):
		cmd.Process.Kill()
		<-done
	}
}

// dialer returns the dial options shared by one process's connections.
// Worker k dials from 127.0.0.(k+1), so that many workers together are
// not limited by one source address's ephemeral ports.
func dialer(sp *spec) *websocket.DialOptions {
	d := &net.Dialer{Timeout: 10 * time.Second}
	if sp.worker > 0 && strings.Contains(sp.target, "://127.") {
		d.LocalAddr = &net.TCPAddr{IP: net.IPv4(127, 0, 0, byte(sp.worker))}
	}
	tr := &http.Transport{DialContext: d.DialContext, DisableCompression: true}
	return &websocket.DialOptions{HTTPClient: &http.Client{Transport: tr}}
}

// dial opens one WebSocket connection within ten seconds.
func dial(ctx context.Context, url string, opts *websocket.DialOptions) (*websocket.Conn, error) {
	dctx, cancel := context.WithTimeout(ctx, 10*time.Second)
	defer cancel()
	c, _, err := websocket.Dial(dctx, url, opts)
	if err != nil {
		return nil, withCode("dial", err)
	}
	c.SetReadLimit(1 << 20)
	return c, nil
}

// echoSession does request/response round trips at sp.pace.
func echoSession(sp *spec) session {
	opts := dialer(sp)
	return func(ctx context.Context, i int, m *metrics, ready func(), start <-chan struct{}) error {
		c, err := dial(ctx, sp.target, opts)
		if err != nil {
			return err
		}
		defer c.CloseNow()
		ready()
		select {
		case <-start:
		case <-ctx.Done():
			return nil
		}
		p := newPacer(sp.pace, i)
		for {
			if !p.wait(ctx) {
				return nil
			}
			t := time.Now()
			if err := c.Write(ctx, websocket.MessageText, echoPayload); err != nil {
				return withCode("write", err)
			}
			if _, _, err := c.Read(ctx); err != nil {
				return withCode("read", err)
			}
			m.op(time.Since(t))
		}
	}
}

// idleSession opens a connection and keeps it open, reading (and so
// answering pings) until the end. With hello it first says hello as a
// new player, as the racer server wants of every connection.
func idleSession(sp *spec, hello bool) session {
	opts := dialer(sp)
	return func(ctx context.Context, i int, m *metrics, ready func(), start <-chan struct{}) error {
		c, err := dial(ctx, sp.target, opts)
		if err != nil {
			return err
		}
		defer c.CloseNow()
		if hello {
			msg := []byte(`{"type":"hello","name":"` + playerName(sp.worker, i) + `"}`)
			if err := c.Write(ctx, websocket.MessageText, msg); err != nil {
				return withCode("hello", err)
			}
			if _, _, err := c.Read(ctx); err != nil {
				return withCode("hello", err)
			}
		}
		ready()
		for {
			if _, _, err := c.Read(ctx); err != nil {
				if ctx.Err() != nil {
					return nil
				}
				var ce websocket.CloseError
				if errors.As(err, &ce) {
					return withCode("closed-"+itoa(int(ce.Code)), err)
				}
				return withCode("read", err)
			}
		}
	}
}

// pacer spaces one connection's operations 1/pace apart, on a grid of
// slots whose offset spreads the connections over the interval. When it
// falls behind (a race's countdown, a slow ack) it waits for its next slot
// on the grid instead of going at once: going at once would move every
// racer of races that started together in the same instant, and keep them
// in step for the rest of the run (a burst of thousands of moves each
// interval, which is not the load of racers moving once a second each).
type pacer struct {
	interval time.Duration
	next     time.Time
}

func newPacer(pace float64, i int) *pacer {
	if pace <= 0 {
		return &pacer{}
	}
	iv := time.Duration(float64(time.Second) / pace)
	// Golden-ratio spreading of the first operation over the interval.
	frac := float64(uint64(i)*0x9E3779B97F4A7C15>>11) / (1 << 53)
	return &pacer{interval: iv, next: time.Now().Add(time.Duration(frac * float64(iv)))}
}

// wait returns when the next operation is due, false when ctx ended.
func (p *pacer) wait(ctx context.Context) bool {
	if ctx.Err() != nil {
		return false
	}
	if p.interval == 0 {
		return true
	}
	now := time.Now()
	if behind := now.Sub(p.next); behind > 0 {
		// Skip the missed slots: the next one is after now.
		p.next = p.next.Add((behind/p.interval + 1) * p.interval)
	}
	t := time.NewTimer(p.next.Sub(now))
	select {
	case <-t.C:
	case <-ctx.Done():
		t.Stop()
		return false
	}
	p.next = p.next.Add(p.interval)
	return true
}
