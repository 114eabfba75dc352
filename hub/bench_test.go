package hub_test

import (
	"bytes"
	"context"
	"net/http"
	"net/http/httptest"
	"runtime/metrics"
	"strconv"
	"strings"
	"testing"

	"github.com/coder/websocket"
	"github.com/solitaire-race/racer/hub"
	"github.com/solitaire-race/racer/match"
)

// BenchmarkMoveRoundTrip measures one move over a real WebSocket: frame
// sent, validated, stored (memory store), acknowledged with the new view.
// Compare with BenchmarkEchoRoundTrip from the same run.
func BenchmarkMoveRoundTrip(b *testing.B) {
	s := newBenchServer(b)
	ctx := context.Background()
	a, w := benchDial(b, s.url, "Ann")
	_ = w
	o, _ := benchDial(b, s.url, "Bob")
	_ = a.Write(ctx, websocket.MessageText, []byte(`{"type":"queue","profile":"relaxed-1"}`))
	_ = o.Write(ctx, websocket.MessageText, []byte(`{"type":"queue","profile":"relaxed-1"}`))
	race := ""
	for race == "" {
		_, m, err := a.Read(ctx)
		if err != nil {
			b.Fatal(err)
		}
		if bytes.Contains(m, []byte(`"type":"race"`)) {
			i := bytes.Index(m, []byte(`"id":"`)) + 6
			race = string(m[i : i+bytes.IndexByte(m[i:], '"')])
		}
	}
	prefix := []byte(`{"type":"move","race":"` + race + `","seq":`)
	frame := make([]byte, 0, 128)
	move := "D"
	b.ReportAllocs()
	b.ResetTimer()
	started := goroutinesCreated()
	defer func() {
		b.ReportMetric(float64(goroutinesCreated()-started)/float64(b.N), "goroutines/op")
	}()
	for i := range b.N {
		frame = append(frame[:0], prefix...)
		frame = strconv.AppendInt(frame, int64(i+1), 10)
		frame = append(frame, `,"move":"`...)
		frame = append(frame, move...)
		frame = append(frame, `"}`...)
		if err := a.Write(ctx, websocket.MessageText, frame); err != nil {
			b.Fatal(err)
		}
		for {
			_, m, err := a.Read(ctx)
			if err != nil {
				b.Fatal(err)
			}
			if bytes.HasPrefix(m, []byte(`{"type":"ack"`)) {
				if bytes.Contains(m, []byte(`"stock":0,`)) {
					move = "R"
				} else {
					move = "D"
				}
				break
			}
			if bytes.HasPrefix(m, []byte(`{"type":"error"`)) {
				b.Fatalf("move %d: %s", i+1, m)
			}
		}
	}
}

// BenchmarkEchoRoundTrip is the floor: a bare coder/websocket echo of a
// frame the size of an ack.
func BenchmarkEchoRoundTrip(b *testing.B) {
	srv := httptest.NewServer(http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		c, err := websocket.Accept(w, r, nil)
		if err != nil {
			return
		}
		defer c.CloseNow()
		ctx := context.Background()
		reply := bytes.Repeat([]byte("x"), 420)
		for {
			if _, _, err := c.Read(ctx); err != nil {
				return
			}
			if err := c.Write(ctx, websocket.MessageText, reply); err != nil {
				return
			}
		}
	}))
	defer srv.Close()
	ctx := context.Background()
	c, _, err := websocket.Dial(ctx, "ws"+strings.TrimPrefix(srv.URL, "http"), nil)
	if err != nil {
		b.Fatal(err)
	}
	defer c.CloseNow()
	frame := []byte(`{"type":"move","race":"5f1c0a9e2b7d4c3a81","seq":123,"move":"D"}`)
	b.ReportAllocs()
	b.ResetTimer()
	for range b.N {
		if err := c.Write(ctx, websocket.MessageText, frame); err != nil {
			b.Fatal(err)
		}
		if _, _, err := c.Read(ctx); err != nil {
			b.Fatal(err)
		}
	}
}

func newBenchServer(b *testing.B) *testServer {
	b.Helper()
	h, err := hub.New(hub.Config{Countdown: 1, RateLimit: 1e9, RateBurst: 1 << 30, Dealer: match.FixedDealer{Seed: 9},
		Logger: discardLogger()})
	if err != nil {
		b.Fatal(err)
	}
	srv := httptest.NewServer(h.Handler())
	b.Cleanup(func() {
		_ = h.Shutdown(context.Background())
		srv.Close()
	})
	return &testServer{hub: h, srv: srv, url: "ws" + strings.TrimPrefix(srv.URL, "http") + "/ws"}
}

func benchDial(b *testing.B, url, name string) (*websocket.Conn, []byte) {
	b.Helper()
	ctx := context.Background()
	c, _, err := websocket.Dial(ctx, url, nil)
	if err != nil {
		b.Fatal(err)
	}
	b.Cleanup(func() { c.CloseNow() })
	c.SetReadLimit(1 << 20)
	_ = c.Write(ctx, websocket.MessageText, []byte(`{"type":"hello","name":"`+name+`"}`))
	_, m, err := c.Read(ctx)
	if err != nil {
		b.Fatal(err)
	}
	return c, m
}

// goroutinesCreated counts the goroutines the process has started: a
// move's hand-offs between goroutines, where one is started for it.
func goroutinesCreated() uint64 {
	s := []metrics.Sample{{Name: "/sched/goroutines-created:goroutines"}}
	metrics.Read(s)
	return s[0].Value.Uint64()
}
