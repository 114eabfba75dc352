package deploy

import (
	"bufio"
	"context"
	"fmt"
	"net"
	"net/http"
	"os"
	"path/filepath"
	"syscall"
	"testing"
	"time"

	"github.com/coder/websocket"
	"github.com/solitaire-race/racer/hub/client"
	"github.com/solitaire-race/racer/hub/wire"
	"github.com/solitaire-race/racer/match/game/games"
	"github.com/solitaire-race/racer/match/matchtest"
)

// startRedis runs a throwaway redis-server on a free loopback port and
// returns its URL.
func startRedis(t *testing.T) string {
	t.Helper()
	bin := needTool(t, "redis-server")
	addr := freeAddr(t)
	_, port, _ := net.SplitHostPort(addr)
	p := startProc(t, "redis-server", bin, nil, "--port", port, "--bind", "127.0.0.1",
		"--save", "", "--appendonly", "no", "--dir", t.TempDir())
	for i := 0; ; i++ {
		if p.exited() {
			t.Fatalf("redis-server exited: %v", p.err)
		}
		if c, err := net.DialTimeout("tcp", addr, time.Second); err == nil {
			_ = c.SetDeadline(time.Now().Add(time.Second))
			fmt.Fprint(c, "PING\r\n")
			line, _ := bufio.NewReader(c).ReadString('\n')
			c.Close()
			if line == "+PONG\r\n" {
				return "redis://" + addr + "/0"
			}
		}
		if i == 100 {
			t.Fatalf("redis-server on %s does not answer PING", addr)
		}
		time.Sleep(100 * time.Millisecond)
	}
}

// startHAProxy balances HTTP and WebSocket traffic over servers with the
// settings of haproxy/haproxy.cfg that matter for a drain (health check
// on /readyz, retries and redispatch of refused connections, tunnel
// timeout), checking every 200ms. "balance first" sends every new
// connection to the first server that is up, so a test knows where its
// players are. It returns the frontend's address.
func startHAProxy(t *testing.T, servers []string) string {
	t.Helper()
	bin := needTool(t, "haproxy")
	front := freeAddr(t)
	cfg := fmt.Sprintf(`global
    maxconn 1000
defaults
    mode http
    timeout connect 2s
    timeout client 30s
    timeout server 30s
    timeout tunnel 1h
    retries 3
    option redispatch 1
frontend players
    bind %s
    default_backend racers
backend racers
    balance first
    option httpchk GET /readyz
    http-check expect status 200
    default-server check inter 200ms fall 1 rise 1
`, front)
	for i, s := range servers {
		cfg += fmt.Sprintf("    server node%d %s\n", i, s)
	}
	path := filepath.Join(t.TempDir(), "haproxy.cfg")
	if err := os.WriteFile(path, []byte(cfg), 0o644); err != nil {
		t.Fatal(err)
	}
	p := startProc(t, "haproxy", bin, nil, "-db", "-f", path)
	waitHTTP(t, p, "http://"+front+"/readyz", http.StatusOK, 100)
	return front
}

// TestDrainBehindHAProxy: two nodes share one Redis behind HAProxy; both
// racers play on node 0, which gets SIGTERM mid-race. They are told to
// reconnect (1012), land on node 1 through HAProxy, resume where their
// acknowledged moves left them, and finish the race; node 0 exits cleanly
// within its deadline.
func TestDrainBehindHAProxy(t *testing.T) {
	if testing.Short() {
		t.Skip("-short: skips draining two racer processes behind HAProxy; CI runs it (go test without -short)")
	}
	needTool(t, "haproxy")
	needTool(t, "redis-server")
	bin := buildRacer(t)
	if !racerEnvNames(t, bin)["RACER_REDIS"] {
		t.Fatal("racer -h has no RACER_REDIS: a drain needs the shared store")
	}
	redisURL := startRedis(t)
	// A winnable deal: on a random unchecked one a racer can be stuck
	// from the first draws, and their next move refused as game_over.
	seed, _ := matchtest.Winnable(games.All, "bvs")
	env := []string{"RACER_REDIS=" + redisURL, "RACER_SECRET=drain-test-secret-0123456789abcdef",
		"RACER_LOG_FORMAT=json", "RACER_LOG_LEVEL=warn", "RACER_COUNTDOWN=200ms", "RACER_SHUTDOWN_TIMEOUT=10s",
		"RACER_POOL_SIZE=0", fmt.Sprintf("RACER_SEED=%d", seed)}
	var nodes []*proc
	var addrs []string
	for i := 0; i < 2; i++ {
		addr := freeAddr(t)
		n := startProc(t, fmt.Sprintf("racer node%d", i), bin, env, "-addr", addr)
		waitHTTP(t, n, "http://"+addr+"/readyz", http.StatusOK, 200)
		nodes, addrs = append(nodes, n), append(addrs, addr)
	}
	front := startHAProxy(t, addrs)
	wsURL := "ws://" + front + "/ws"

	ctx, cancel := context.WithTimeout(context.Background(), 90*time.Second)
	defer cancel()
	type player struct {
		name  string
		c     *client.Client
		token string
		acked uint64
		// resumed is the seq the race resumed at on the new node.
		resumed uint64
	}
	players := []*player{{name: "Ann"}, {name: "Bob"}}
	for _, p := range players {
		c, err := client.Dial(ctx, wsURL, client.Options{})
		if err != nil {
			t.Fatalf("%s: dial: %v", p.name, err)
		}
		p.c = c
		t.Cleanup(func() { p.c.Drop() })
		w, err := c.Hello(ctx, p.name, "")
		if err != nil {
			t.Fatalf("%s: hello: %v", p.name, err)
		}
		p.token = w.Token
		if err := c.Send(ctx, wire.ClientMessage{Type: wire.TypeQueue, Profile: "bvs"}); err != nil {
			t.Fatal(err)
		}
	}
	var raceID string
	var startAt time.Time
	for _, p := range players {
		r, err := p.c.WaitRace(ctx)
		if err != nil {
			t.Fatalf("%s: race: %v", p.name, err)
		}
		raceID, startAt = r.Race.ID, r.Race.StartAt
	}
	if wait := time.Until(startAt); wait > 0 && wait < 10*time.Second {
		time.Sleep(wait + 50*time.Millisecond)
	}
	draw := func(p *player, n int) {
		t.Helper()
		for i := 0; i < n; i++ {
			seq, err := p.c.Move(ctx, raceID, "D")
			if err != nil {
				t.Fatalf("%s: move: %v", p.name, err)
			}
			a, err := p.c.WaitAck(ctx, raceID, seq)
			if err != nil {
				t.Fatalf("%s: ack of %d: %v", p.name, seq, err)
			}
			p.acked = a.Seq
		}
	}
	draw(players[0], 4)
	draw(players[1], 2)
	// Two more of Ann's moves are in flight when the drain starts.
	const sent = 2
	for i := 0; i < sent; i++ {
		if _, err := players[0].c.Move(ctx, raceID, "D"); err != nil {
			t.Fatal(err)
		}
	}
	inFlight := players[0].c.Pending(raceID) // those not acknowledged yet

	// Node 0 holds both players ("balance first"). Drain it.
	nodes[0].signal(t, syscall.SIGTERM)
	for _, p := range players {
		select {
		case <-p.c.Done():
		case <-ctx.Done():
			t.Fatalf("%s: not disconnected by the drain", p.name)
		}
		if code := p.c.CloseStatus(); code != websocket.StatusServiceRestart {
			t.Errorf("%s: close code %v, want 1012", p.name, code)
		}
	}
	if err := nodes[0].wait(t, 15*time.Second); err != nil {
		t.Errorf("drained node exited with %v, want status 0", err)
	}

	// Reconnect through HAProxy: node 0 is gone, so node 1 serves them.
	for _, p := range players {
		var c *client.Client
		var err error
		for i := 0; i < 20; i++ {
			if c, err = client.Dial(ctx, wsURL, client.Options{}); err == nil {
				break
			}
			time.Sleep(100 * time.Millisecond)
		}
		if err != nil {
			t.Fatalf("%s: redial: %v", p.name, err)
		}
		p.c = c
		if _, err := c.Hello(ctx, "", p.token); err != nil {
			t.Fatalf("%s: hello with token: %v", p.name, err)
		}
		rctx, rcancel := context.WithTimeout(ctx, 15*time.Second)
		r, err := c.WaitRace(rctx)
		rcancel()
		if err != nil {
			t.Fatalf("%s: resume: %v", p.name, err)
		}
		// Every acknowledged move is there; of the ones in flight, those
		// node 0 stored before it closed.
		maxSeq := p.acked
		if p == players[0] {
			maxSeq += sent
		}
		p.resumed = r.Seq
		if r.Race.ID != raceID || r.Seq < p.acked || r.Seq > maxSeq {
			t.Errorf("%s resumed race %s at seq %d, want %s at %d…%d", p.name, r.Race.ID, r.Seq, raceID, p.acked, maxSeq)
		}
	}
	// Ann resends what was in flight and not acknowledged: each is
	// applied once (a stored one is acknowledged as a duplicate).
	ann := players[0]
	if len(inFlight) > 0 {
		if err := ann.c.Resend(ctx, raceID, inFlight); err != nil {
			t.Fatal(err)
		}
		a, err := ann.c.WaitAck(ctx, raceID, ann.acked+sent)
		if err != nil {
			t.Fatalf("Ann: ack of resent moves: %v", err)
		}
		ann.acked = a.Seq
	} else {
		ann.acked = ann.resumed // both were acknowledged before the close
	}
	if nodes[1].exited() {
		t.Fatal("node 1 exited")
	}

	// The race goes on and finishes on node 1.
	draw(players[0], 2)
	draw(players[1], 1)
	if players[0].acked != 8 || players[1].acked != 3 {
		t.Errorf("acknowledged seqs %d and %d, want 8 and 3", players[0].acked, players[1].acked)
	}
	for _, p := range players {
		if err := p.c.Send(ctx, wire.ClientMessage{Type: wire.TypeResign, Race: raceID, Seq: p.acked + 1}); err != nil {
			t.Fatal(err)
		}
		if _, err := p.c.WaitAck(ctx, raceID, p.acked+1); err != nil {
			t.Fatalf("%s: resign: %v", p.name, err)
		}
	}
	for _, p := range players {
		end, err := p.c.WaitEnd(ctx, raceID)
		if err != nil {
			t.Fatalf("%s: race end: %v", p.name, err)
		}
		if len(end.Result.Standings) != 2 {
			t.Errorf("%s: standings %+v, want both racers", p.name, end.Result.Standings)
		}
	}
}
