package redisscript

import (
	"context"
	"errors"
	"slices"
	"testing"
	"time"

	"github.com/redis/go-redis/v9"

	"github.com/solitaire-race/racer/internal/redistest"
)

// useRegistry gives the test a registry of srcs alone, restored at
// cleanup, and returns their scripts. Tests that call it do not run in
// parallel.
func useRegistry(t *testing.T, srcs ...string) []*redis.Script {
	t.Helper()
	registryMu.Lock()
	saved := registry
	registry = nil
	registryMu.Unlock()
	t.Cleanup(func() {
		registryMu.Lock()
		registry = saved
		registryMu.Unlock()
	})
	out := make([]*redis.Script, len(srcs))
	for i, src := range srcs {
		out[i] = New(src)
	}
	return out
}

// registered returns the SHAs of the registry.
func registered() []string {
	registryMu.Lock()
	defer registryMu.Unlock()
	shas := make([]string, len(registry))
	for i, s := range registry {
		shas[i] = s.sha
	}
	return shas
}

// flushed starts a Redis for this test alone and empties its script
// cache, returning the server and a client without OnConnect.
func flushed(t *testing.T) (*redistest.Server, *redis.Client) {
	t.Helper()
	srv := redistest.Start(t, redistest.Options{})
	admin := srv.Client(t)
	if err := admin.ScriptFlush(context.Background()).Err(); err != nil {
		t.Fatalf("SCRIPT FLUSH: %v", err)
	}
	return srv, admin
}

// wantLoaded fails the test unless Redis has every SHA in its cache.
func wantLoaded(t *testing.T, c redis.Cmdable, shas []string) {
	t.Helper()
	got, err := c.ScriptExists(context.Background(), shas...).Result()
	if err != nil {
		t.Fatalf("SCRIPT EXISTS: %v", err)
	}
	if want := slices.Repeat([]bool{true}, len(shas)); !slices.Equal(got, want) {
		t.Errorf("SCRIPT EXISTS %q: got %v, want %v", shas, got, want)
	}
}

const (
	srcOne = "return 1"
	srcTwo = "return redis.call('GET', KEYS[1])"
)

func TestNewDeduplicates(t *testing.T) {
	s := useRegistry(t, srcOne, srcTwo, srcOne)
	if s[0].Hash() != s[2].Hash() {
		t.Errorf("hashes of one source: got %s and %s, want equal", s[0].Hash(), s[2].Hash())
	}
	if got, want := registered(), []string{s[0].Hash(), s[1].Hash()}; !slices.Equal(got, want) {
		t.Errorf("registry: got %q, want %q", got, want)
	}
}

func TestLoad(t *testing.T) {
	useRegistry(t, srcOne, srcTwo)
	_, admin := flushed(t)
	if err := Load(context.Background(), admin); err != nil {
		t.Fatalf("Load: %v", err)
	}
	wantLoaded(t, admin, registered())
}

func TestLoadEmptyRegistry(t *testing.T) {
	useRegistry(t)
	c := redis.NewClient(&redis.Options{Addr: "127.0.0.1:1", MaxRetries: -1})
	defer c.Close()
	if err := Load(context.Background(), c); err != nil {
		t.Errorf("Load of no scripts: got %v, want nil (no command sent)", err)
	}
}

// TestOnConnect runs one command on a new connection of a client with
// OnConnect: every registered script is in the cache after it.
func TestOnConnect(t *testing.T) {
	useRegistry(t, srcOne, srcTwo)
	srv, admin := flushed(t)
	c := redis.NewClient(&redis.Options{Addr: srv.Addr, OnConnect: OnConnect})
	defer c.Close()
	if err := c.Ping(context.Background()).Err(); err != nil {
		t.Fatalf("PING: %v", err)
	}
	wantLoaded(t, admin, registered())
}

// TestOnConnectRefused connects as an ACL user without SCRIPT: Load fails
// with NOPERM, OnConnect keeps the connection, and Script.Run still runs
// the script, as EVAL.
func TestOnConnectRefused(t *testing.T) {
	scripts := useRegistry(t, srcOne, srcTwo)
	srv, admin := flushed(t)
	ctx := context.Background()
	if err := admin.Do(ctx, "ACL", "SETUSER", "noscript", "on", ">pw", "~*", "&*", "+@all", "-script").Err(); err != nil {
		t.Fatalf("ACL SETUSER: %v", err)
	}
	c := redis.NewClient(&redis.Options{Addr: srv.Addr, Username: "noscript", Password: "pw", OnConnect: OnConnect})
	defer c.Close()

	cn := c.Conn()
	defer cn.Close()
	if err := cn.Ping(ctx).Err(); err != nil {
		t.Fatalf("PING: %v", err)
	}
	if err := Load(ctx, cn); !redis.HasErrorPrefix(errors.Unwrap(err), "NOPERM") {
		t.Fatalf("Load: got %v, want NOPERM", err)
	}
	if err := OnConnect(ctx, cn); err != nil {
		t.Errorf("OnConnect: got %v, want nil", err)
	}
	if err := cn.Ping(ctx).Err(); err != nil {
		t.Errorf("PING after OnConnect: %v", err)
	}
	if got, err := scripts[0].Run(ctx, c, nil).Int(); err != nil || got != 1 {
		t.Errorf("Run: got %d, %v, want 1, nil", got, err)
	}
}

// TestOnConnectBroken calls OnConnect on a connection to a Redis that has
// died: it returns the error, so that go-redis drops the connection.
func TestOnConnectBroken(t *testing.T) {
	useRegistry(t, srcOne)
	srv, _ := flushed(t)
	c := redis.NewClient(&redis.Options{Addr: srv.Addr, MaxRetries: -1})
	defer c.Close()
	cn := c.Conn()
	defer cn.Close()
	ctx, cancel := context.WithTimeout(context.Background(), 5*time.Second)
	defer cancel()
	if err := cn.Ping(ctx).Err(); err != nil {
		t.Fatalf("PING: %v", err)
	}
	srv.Kill(t)
	if err := OnConnect(ctx, cn); err == nil {
		t.Error("OnConnect on a dead server's connection: got nil, want an error")
	}
}
