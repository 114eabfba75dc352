package cmdutil

import (
	"context"
	"crypto/sha1"
	"encoding/hex"
	"fmt"
	"net/url"
	"os"
	"slices"
	"strings"
	"testing"

	"github.com/redis/go-redis/v9"

	"github.com/solitaire-race/racer/internal/redistest"
	_ "github.com/solitaire-race/racer/match" // registers the store's scripts
)

func TestNewRedisClientSingle(t *testing.T) {
	c, err := NewRedisClient("redis://127.0.0.1:6380/4", false)
	if err != nil {
		t.Fatal(err)
	}
	defer c.Close()
	rc, ok := c.(*redis.Client)
	if !ok {
		t.Fatalf("got %T, want *redis.Client", c)
	}
	if o := rc.Options(); o.Addr != "127.0.0.1:6380" || o.DB != 4 || !o.ContextTimeoutEnabled || o.OnConnect == nil {
		t.Errorf("got addr %q db %d context timeouts %v OnConnect set %v, want 127.0.0.1:6380 4 true true",
			o.Addr, o.DB, o.ContextTimeoutEnabled, o.OnConnect != nil)
	}
}

func TestNewRedisClientCluster(t *testing.T) {
	for name, tc := range map[string]struct {
		url     string
		cluster bool
		addrs   []string
	}{
		"flag":           {"redis://10.0.0.1:7000", true, []string{"10.0.0.1:7000"}},
		"addr parameter": {"redis://10.0.0.1:7000?addr=10.0.0.2:7001", false, []string{"10.0.0.1:7000", "10.0.0.2:7001"}},
	} {
		t.Run(name, func(t *testing.T) {
			c, err := NewRedisClient(tc.url, tc.cluster)
			if err != nil {
				t.Fatal(err)
			}
			defer c.Close()
			cc, ok := c.(*redis.ClusterClient)
			if !ok {
				t.Fatalf("got %T, want *redis.ClusterClient", c)
			}
			if o := cc.Options(); !slices.Equal(o.Addrs, tc.addrs) || !o.ContextTimeoutEnabled || o.OnConnect == nil {
				t.Errorf("got addrs %q context timeouts %v OnConnect set %v, want %q true true",
					o.Addrs, o.ContextTimeoutEnabled, o.OnConnect != nil, tc.addrs)
			}
		})
	}
}

func TestNewRedisClientBadURL(t *testing.T) {
	for _, tc := range []struct {
		url     string
		cluster bool
	}{
		{"http://localhost:6379", false},
		{"http://localhost:6379", true},
		{"redis://%zz", false},
	} {
		if c, err := NewRedisClient(tc.url, tc.cluster); err == nil || !strings.HasPrefix(err.Error(), "-redis: ") {
			if c != nil {
				c.Close()
			}
			t.Errorf("%q cluster %v: got %v, want an error naming -redis", tc.url, tc.cluster, err)
		}
	}
}

// TestNewRedisClientPing talks to a real Redis through a client built
// from its URL.
func TestNewRedisClientPing(t *testing.T) {
	opt := redistest.Client(t).(*redis.Client).Options()
	u := url.URL{Scheme: "redis", Host: opt.Addr, Path: fmt.Sprintf("/%d", opt.DB)}
	if opt.Password != "" {
		u.User = url.UserPassword(opt.Username, opt.Password)
	}
	c, err := NewRedisClient(u.String(), false)
	if err != nil {
		t.Fatal(err)
	}
	defer c.Close()
	if err := c.Ping(context.Background()).Err(); err != nil {
		t.Fatalf("ping: %v", err)
	}
}

// TestNewRedisClientLoadsScripts flushes a Redis's script cache: the
// first command of a client from NewRedisClient leaves the match store's
// append script loaded.
func TestNewRedisClientLoadsScripts(t *testing.T) {
	srv := redistest.Start(t, redistest.Options{})
	admin := srv.Client(t)
	ctx := context.Background()
	if err := admin.ScriptFlush(ctx).Err(); err != nil {
		t.Fatalf("SCRIPT FLUSH: %v", err)
	}
	src, err := os.ReadFile("../../match/store_redis_append.lua")
	if err != nil {
		t.Fatal(err)
	}
	sum := sha1.Sum(src)
	sha := hex.EncodeToString(sum[:])
	if got, err := admin.ScriptExists(ctx, sha).Result(); err != nil || !slices.Equal(got, []bool{false}) {
		t.Fatalf("SCRIPT EXISTS after SCRIPT FLUSH: got %v, %v, want [false], nil", got, err)
	}

	c, err := NewRedisClient("redis://"+srv.Addr+"/0", false)
	if err != nil {
		t.Fatal(err)
	}
	defer c.Close()
	if err := c.Ping(ctx).Err(); err != nil {
		t.Fatalf("PING: %v", err)
	}
	if got, err := admin.ScriptExists(ctx, sha).Result(); err != nil || !slices.Equal(got, []bool{true}) {
		t.Errorf("SCRIPT EXISTS of the append script: got %v, %v, want [true], nil", got, err)
	}
}

// TestNewRedisClientNamesItself: a client from NewRedisClient names its
// connections after the program, and sends no CLIENT SETINFO (an error
// before Redis 7.2, counted in INFO errorstats).
func TestNewRedisClientNamesItself(t *testing.T) {
	srv := redistest.Start(t, redistest.Options{})
	ctx := context.Background()
	c, err := NewRedisClient("redis://"+srv.Addr+"/0", false)
	if err != nil {
		t.Fatal(err)
	}
	defer c.Close()
	if o := c.(*redis.Client).Options(); !o.DisableIdentity {
		t.Error("DisableIdentity unset: go-redis sends CLIENT SETINFO on each new connection")
	}
	name, err := c.ClientGetName(ctx).Result()
	if want := clientName(); err != nil || name != want || want != "cmdutil.test" {
		t.Errorf("CLIENT GETNAME: got %q, %v; want %q, the test binary's name", name, err, want)
	}
}
