package main

import (
	"bytes"
	"context"
	"encoding/json"
	"fmt"
	"io"
	"net/http"
	"os"
	"strconv"
	"strings"
	"testing"
	"time"

	"github.com/coder/websocket"
	"github.com/solitaire-race/racer/hub/client"
	"github.com/solitaire-race/racer/hub/wire"
	"github.com/solitaire-race/racer/internal/testenv"
)

// TestMain tells the person at the terminal which tests skipped for want
// of redis-server (package testenv). No test writes the user's files:
// -pool-file is off unless a test names a file, and a node started
// without -archive keeps its SQLite archive under XDG_DATA_HOME, a
// directory of this run. The parallel tests mostly wait on their nodes,
// so up to eight run at once (testenv.Parallel).
func TestMain(m *testing.M) {
	serveSolverProcess() // the nodes a test runs start this binary as their solver process
	testenv.Parallel(8)
	os.Setenv("RACER_POOL_FILE", "")
	dir, err := os.MkdirTemp("", "racer-test-data-")
	if err != nil {
		fmt.Fprintln(os.Stderr, err)
		os.Exit(1)
	}
	os.Setenv("XDG_DATA_HOME", dir)
	code := testenv.Run(m)
	os.RemoveAll(dir)
	os.Exit(code)
}

func TestFlagsFromEnvironment(t *testing.T) {
	t.Setenv("RACER_ADDR", "127.0.0.1:9999")
	t.Setenv("RACER_SPECTATOR_DELAY", "5s")
	o, err := parseFlags([]string{"-rate", "3"}, io.Discard)
	if err != nil {
		t.Fatal(err)
	}
	if o.addr != "127.0.0.1:9999" || o.spectatorDelay != 5*time.Second || o.rate != 3 {
		t.Errorf("options %+v, want addr and delay from the environment, rate from the flag", o)
	}
	o, err = parseFlags([]string{"-addr", ":1"}, io.Discard)
	if err != nil || o.addr != ":1" {
		t.Errorf("flag should win over the environment: %+v %v", o, err)
	}
	t.Setenv("RACER_BURST", "many")
	if _, err := parseFlags(nil, io.Discard); err == nil || !strings.Contains(err.Error(), "RACER_BURST") {
		t.Errorf("bad environment value: %v, want an error naming RACER_BURST", err)
	}
}

func TestRedisURLEnvironment(t *testing.T) {
	t.Setenv("REDIS_URL", "redis://127.0.0.1:1/2")
	o, err := parseFlags(nil, io.Discard)
	if err != nil || o.redis != "redis://127.0.0.1:1/2" {
		t.Errorf("redis = %q (%v), want REDIS_URL's value", o.redis, err)
	}
	t.Setenv("RACER_REDIS", "redis://127.0.0.1:1/3")
	if o, err = parseFlags(nil, io.Discard); err != nil || o.redis != "redis://127.0.0.1:1/3" {
		t.Errorf("redis = %q (%v), want RACER_REDIS to win over REDIS_URL", o.redis, err)
	}
	if o, err = parseFlags([]string{"-redis", ""}, io.Discard); err != nil || o.redis != "" {
		t.Errorf("redis = %q (%v), want the flag to win", o.redis, err)
	}
}

func TestHelpListsEnvironment(t *testing.T) {
	var out bytes.Buffer
	_, err := parseFlags([]string{"-h"}, &out)
	if err == nil {
		t.Fatal("-h did not stop")
	}
	for _, want := range []string{"-addr", "RACER_ADDR", "RACER_SECRET", "RACER_SPECTATOR_DELAY"} {
		if !strings.Contains(out.String(), want) {
			t.Errorf("-h output lacks %s", want)
		}
	}
}

// lineWriter hands the first line written to a channel.
type lineWriter struct {
	buf  bytes.Buffer
	line chan string
}

func (w *lineWriter) Write(p []byte) (int, error) {
	w.buf.Write(p)
	if i := bytes.IndexByte(w.buf.Bytes(), '\n'); i >= 0 && w.line != nil {
		w.line <- string(w.buf.Bytes()[:i])
		w.line = nil
	}
	return len(p), nil
}

func TestRunServesAndShutsDown(t *testing.T) {
	ctx, cancel := context.WithCancel(context.Background())
	defer cancel()
	lines := make(chan string, 1) // not out.line, which Write sets to nil
	out := &lineWriter{line: lines}
	done := make(chan error, 1)
	go func() {
		done <- run(ctx, []string{"-addr", "127.0.0.1:0", "-log-level", "error", "-daily-warm=false"}, out, io.Discard)
	}()
	var line string
	select {
	case line = <-lines:
	case err := <-done:
		t.Fatalf("run ended: %v", err)
	case <-time.After(20 * time.Second):
		t.Fatal("no URL printed")
	}
	base := strings.TrimPrefix(line, "racer listening on ")
	if !strings.HasPrefix(base, "http://127.0.0.1:") {
		t.Fatalf("printed %q", line)
	}
	resp, err := http.Get(base)
	if err != nil {
		t.Fatal(err)
	}
	page, _ := io.ReadAll(resp.Body)
	resp.Body.Close()
	if resp.StatusCode != 200 || !strings.Contains(string(page), "Solitaire race") {
		t.Errorf("GET / = %d %q", resp.StatusCode, page)
	}
	resp, err = http.Get(base + "api/races")
	if err != nil || resp.StatusCode != 200 {
		t.Fatalf("GET /api/races: %v %v", resp, err)
	}
	resp.Body.Close()

	wctx, wcancel := context.WithTimeout(context.Background(), 20*time.Second)
	defer wcancel()
	c, err := client.Dial(wctx, "ws"+strings.TrimPrefix(base, "http")+"ws", client.Options{})
	if err != nil {
		t.Fatal(err)
	}
	defer c.Drop()
	if _, err := c.Hello(wctx, "Ann", ""); err != nil {
		t.Fatal(err)
	}
	_ = c.Send(wctx, wire.ClientMessage{Type: wire.TypeQueue})
	if _, err := c.WaitType(wctx, wire.TypeQueued); err != nil {
		t.Fatal(err)
	}
	cancel()
	waitClosedAndReturned(t, wctx, c, done, "shutdown")
}

// waitClosedAndReturned waits, until ctx ends, for the server to close c
// with 1012 (service restart) and for run to return without an error, after
// a shutdown or drain (what) began.
func waitClosedAndReturned(t *testing.T, ctx context.Context, c *client.Client, done <-chan error, what string) {
	t.Helper()
	select {
	case <-c.Done():
		if code := c.CloseStatus(); code != websocket.StatusServiceRestart {
			t.Errorf("close code %v, want 1012", code)
		}
	case <-ctx.Done():
		t.Fatalf("WebSocket not closed on %s", what)
	}
	select {
	case err := <-done:
		if err != nil {
			t.Errorf("run: %v", err)
		}
	case <-ctx.Done():
		t.Fatal("run did not return")
	}
}

// getDaily GETs a daily challenge as a client does: a 503 (the
// challenge being prepared) is asked again after its Retry-After, for up
// to a minute.
func getDaily(t *testing.T, url string) (int, string) {
	t.Helper()
	deadline := time.Now().Add(time.Minute)
	for {
		resp, err := (&http.Client{Timeout: 10 * time.Second}).Get(url)
		if err != nil {
			t.Fatalf("GET %s: %v", url, err)
		}
		b, _ := io.ReadAll(resp.Body)
		resp.Body.Close()
		after, err := strconv.Atoi(resp.Header.Get("Retry-After"))
		if resp.StatusCode != http.StatusServiceUnavailable || err != nil || time.Now().After(deadline) {
			return resp.StatusCode, string(b)
		}
		<-time.After(time.Duration(after) * time.Second)
	}
}

// TestDailySameOnEveryNode: nodes sharing -secret deal the same daily
// challenge, each from its own memory.
func TestDailySameOnEveryNode(t *testing.T) {
	args := []string{"-secret", "shared-secret-0123456789"}
	var commitments []string
	for range 2 {
		base := startNode(t, args...)
		code, body := getDaily(t, base+"api/daily/bvs")
		if code != 200 {
			t.Fatalf("GET /api/daily/bvs = %d %s", code, body)
		}
		var d struct {
			Commitment string `json:"commitment"`
		}
		if err := json.Unmarshal([]byte(body), &d); err != nil || d.Commitment == "" {
			t.Fatalf("daily %s: %v", body, err)
		}
		commitments = append(commitments, d.Commitment)
	}
	if commitments[0] != commitments[1] {
		t.Errorf("commitments %q, want one challenge on both nodes", commitments)
	}
}
