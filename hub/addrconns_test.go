package hub_test

import (
	"net/http"
	"testing"
	"time"

	"github.com/coder/websocket"
	"github.com/prometheus/client_golang/prometheus"

	"github.com/solitaire-race/racer/hub"
)

// TestConnsPerClient: a client holding Config.MaxConnsPerClient
// connections is refused another with 429 before the upgrade, and the
// refusal is counted; another client is not held back, nor are
// connections of no client; once one of its connections has ended, the
// client connects again.
func TestConnsPerClient(t *testing.T) {
	t.Parallel()
	reg := prometheus.NewRegistry()
	s := newServer(t, hub.Config{Registerer: reg, MaxConnsPerClient: 2,
		Client: func(r *http.Request) string { return r.Header.Get("X-Test-Client") }})
	dial := func(client string) (*websocket.Conn, int) {
		t.Helper()
		h := http.Header{}
		h.Set("X-Test-Client", client)
		c, resp, err := websocket.Dial(ctxT(t), s.url, &websocket.DialOptions{HTTPHeader: h})
		if err != nil {
			if resp == nil {
				t.Fatalf("dial as %q: %v", client, err)
			}
			return nil, resp.StatusCode
		}
		t.Cleanup(func() { c.CloseNow() })
		return c, http.StatusSwitchingProtocols
	}
	a1, _ := dial("198.51.100.7")
	if _, code := dial("198.51.100.7"); code != http.StatusSwitchingProtocols {
		t.Fatalf("the client's second connection: got %d, want 101", code)
	}
	if _, code := dial("198.51.100.7"); code != http.StatusTooManyRequests {
		t.Fatalf("the client's third connection: got %d, want 429", code)
	}
	if got := sample(t, reg, "racer_connections_refused_total", nil).GetCounter().GetValue(); got != 1 {
		t.Errorf("racer_connections_refused_total: got %v, want 1", got)
	}
	if _, code := dial("203.0.113.9"); code != http.StatusSwitchingProtocols {
		t.Errorf("another client's connection: got %d, want 101", code)
	}
	for i := range 3 {
		if _, code := dial(""); code != http.StatusSwitchingProtocols {
			t.Errorf("connection %d of no client: got %d, want 101", i+1, code)
		}
	}
	// One of the client's connections ends: the node lets go of it once
	// its reading stops, and the client is taken again.
	a1.CloseNow()
	deadline := time.Now().Add(5 * time.Second)
	for {
		c, code := dial("198.51.100.7")
		if c != nil {
			break
		}
		if code != http.StatusTooManyRequests || time.Now().After(deadline) {
			t.Fatalf("after one of its connections ended: got %d", code)
		}
		time.Sleep(10 * time.Millisecond) // bounded by deadline
	}
}
