package deploy

import (
	"context"
	"errors"
	"net/http"
	"strings"
	"testing"
	"time"

	"github.com/solitaire-race/racer/hub/client"
	"github.com/solitaire-race/racer/hub/wire"
)

// playRace pairs two players from the quick-race queue on the node at
// wsURL and plays: accepted draws, an illegal move, a duplicate resend,
// then both resign. It returns the session tokens the players got.
func playRace(t *testing.T, ctx context.Context, wsURL string) (tokens []string) {
	t.Helper()
	dial := func(name string) *client.Client {
		c, err := client.Dial(ctx, wsURL, client.Options{})
		if err != nil {
			t.Fatalf("dial %s: %v", name, err)
		}
		t.Cleanup(c.Drop)
		w, err := c.Hello(ctx, name, "")
		if err != nil {
			t.Fatalf("hello %s: %v", name, err)
		}
		tokens = append(tokens, w.Token)
		if err := c.Send(ctx, wire.ClientMessage{Type: wire.TypeQueue, Profile: "bvs"}); err != nil {
			t.Fatal(err)
		}
		return c
	}
	ann, bob := dial("Ann"), dial("Bob")
	race, err := ann.WaitRace(ctx)
	if err != nil {
		t.Fatalf("Ann's race: %v", err)
	}
	if _, err := bob.WaitRace(ctx); err != nil {
		t.Fatalf("Bob's race: %v", err)
	}
	id := race.Race.ID
	if wait := time.Until(race.Race.StartAt); wait > 0 && wait < 10*time.Second {
		time.Sleep(wait + 50*time.Millisecond)
	}
	var first uint64
	for i := 0; i < 3; i++ {
		seq, err := ann.Move(ctx, id, "D")
		if err != nil {
			t.Fatal(err)
		}
		if _, err := ann.WaitAck(ctx, id, seq); err != nil {
			t.Fatalf("draw %d: %v", i+1, err)
		}
		if first == 0 {
			first = seq
		}
	}
	// The same frame again, as after a dropped connection: a duplicate.
	if err := ann.Send(ctx, wire.ClientMessage{Type: wire.TypeMove, Race: id, Seq: first, Move: "D"}); err != nil {
		t.Fatal(err)
	}
	if a, err := ann.WaitAck(ctx, id, first); err != nil || !a.Duplicate {
		t.Fatalf("resend: got %+v, %v; want a duplicate ack", a, err)
	}
	// An illegal move changes nothing, so it does not use up its
	// sequence number: Bob's resignation reuses it.
	if err := bob.Send(ctx, wire.ClientMessage{Type: wire.TypeMove, Race: id, Seq: 1, Move: "zz"}); err != nil {
		t.Fatal(err)
	}
	var herr *client.Error
	if _, err := bob.WaitAck(ctx, id, 1); !errors.As(err, &herr) {
		t.Fatalf("move zz: got %v, want an error", err)
	}
	if err := bob.Send(ctx, wire.ClientMessage{Type: wire.TypeResign, Race: id, Seq: 1}); err != nil {
		t.Fatal(err)
	}
	if _, err := bob.WaitAck(ctx, id, 1); err != nil {
		t.Fatalf("Bob's resignation: %v", err)
	}
	if seq, err := ann.Move(ctx, id, "resign"); err != nil {
		t.Fatal(err)
	} else if _, err := ann.WaitAck(ctx, id, seq); err != nil {
		t.Fatalf("Ann's resignation: %v", err)
	}
	for name, c := range map[string]*client.Client{"Ann": ann, "Bob": bob} {
		if _, err := c.WaitEnd(ctx, id); err != nil {
			t.Fatalf("%s: race end: %v", name, err)
		}
	}
	return tokens
}

// TestPrometheusScrapesARacingNode starts a real racer node (in memory,
// then on Redis) and a real Prometheus scraping it, plays a race, and asks
// Prometheus's API for the move and connection metrics; then it checks
// that every metric of METRICS.md that the node can export has arrived.
func TestPrometheusScrapesARacingNode(t *testing.T) {
	if testing.Short() {
		t.Skip("-short: skips a Prometheus server scraping a racer process; CI runs it (go test without -short)")
	}
	for _, store := range []string{"memory", "redis"} {
		t.Run(store, func(t *testing.T) { testPrometheusScrapes(t, store == "redis") })
	}
}

func testPrometheusScrapes(t *testing.T, useRedis bool) {
	needTool(t, "prometheus")
	bin := buildRacer(t)
	addr, metricsAddr := freeAddr(t), freeAddr(t)
	// Without -redis the node keeps its archive in an SQLite file under
	// XDG_DATA_HOME: this test's.
	env := []string{"RACER_LOG_FORMAT=json", "XDG_DATA_HOME=" + t.TempDir()}
	if useRedis {
		env = append(env, "RACER_REDIS="+startRedis(t))
	}
	node := startProc(t, "racer", bin, env,
		"-addr", addr, "-metrics-addr", metricsAddr, "-countdown", "200ms", "-log-level", "debug", "-pool-size", "1", "-daily-warm=false")
	waitHTTP(t, node, "http://"+addr+"/readyz", http.StatusOK, 200)
	prom := startPrometheus(t, []string{metricsAddr})

	ctx, cancel := context.WithTimeout(context.Background(), 60*time.Second)
	defer cancel()
	tokens := playRace(t, ctx, "ws://"+addr+"/ws")

	atLeast := func(n float64) func([]promSample) bool {
		return func(s []promSample) bool { return len(s) == 1 && s[0].Value >= n }
	}
	checks := []struct {
		query string
		min   float64
	}{
		{`sum(racer_moves_total{job="racer",outcome="accepted"})`, 3},
		{`sum(racer_moves_total{job="racer",outcome="duplicate"})`, 1},
		{`sum(racer_moves_total{job="racer",outcome="illegal"})`, 1},
		{`sum(racer_move_duration_seconds_count{job="racer"})`, 3},
		{`sum(racer_connections{job="racer"})`, 2},
		{`sum(racer_races_created_total{job="racer",kind="quick"})`, 1},
		{`sum(racer_races_finished_total{job="racer"})`, 1},
		{`racer_ready{job="racer"}`, 1},
		{`up{job="racer"}`, 1},
	}
	for _, c := range checks {
		got := eventually(t, prom, c.query, 60, atLeast(c.min))
		t.Logf("%s = %v", c.query, got[0].Value)
	}

	// Every documented metric this node can export has arrived (the
	// Redis ones need a Redis store, the in-memory store's its absence,
	// the archive's an archive: the default without Redis),
	// and so have the runtime collectors the dashboard reads.
	if useRedis {
		eventually(t, prom, `sum(racer_redis_command_seconds_count{job="racer"})`, 60, atLeast(1))
	}
	documented := documentedMetrics(t)
	present := map[string]bool{}
	for _, s := range promQuery(t, prom, `group by (__name__) ({job="racer"})`) {
		for _, n := range metricNames(s.Metric["__name__"], documented) {
			present[n] = true
		}
	}
	for name := range documented {
		// With -redis and no -archive a node keeps no archive, and
		// without an archive no accounts and no fair-play review.
		if strings.HasPrefix(name, "racer_redis_") && !useRedis || strings.HasPrefix(name, "racer_memory_store_") && useRedis ||
			strings.HasPrefix(name, "racer_archive_") && useRedis || strings.HasPrefix(name, "racer_fairplay_") && useRedis {
			continue
		}
		if strings.HasPrefix(name, "racer_dealer_") {
			continue // the dealer's, and a node's with -dealer redis
		}
		if !present[name] {
			t.Errorf("%s (METRICS.md) not exported by a node that played a race", name)
		}
	}
	// And the contract is complete: the node exports no racer_ metric
	// that METRICS.md does not list.
	for name := range present {
		if strings.HasPrefix(name, "racer_") && documented[name] == "" {
			t.Errorf("%s is exported but not in METRICS.md (nor the dashboard)", name)
		}
	}
	for name := range runtimeMetrics {
		if !present[name] {
			t.Errorf("%s (dashboard) not exported", name)
		}
	}

	// The node logged at debug level, as JSON, and never a session token.
	logs := node.out.String()
	if !strings.Contains(logs, `"level":"DEBUG"`) && !strings.Contains(logs, `"level":"INFO"`) {
		t.Errorf("no JSON log lines from the node:\n%.500s", logs)
	}
	for i, tok := range tokens {
		if tok == "" || strings.Contains(logs, tok) {
			t.Errorf("token %d (%q) is empty or appears in the node's logs", i, tok)
		}
	}
}
