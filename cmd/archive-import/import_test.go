package main

import (
	"bytes"
	"encoding/json"
	"fmt"
	"path/filepath"
	"strings"
	"testing"

	"github.com/redis/go-redis/v9"

	"github.com/solitaire-race/racer/internal/redistest"
	"github.com/solitaire-race/racer/internal/testenv"
	"github.com/solitaire-race/racer/match/archive"
	"github.com/solitaire-race/racer/match/archive/archivetest"
	"github.com/solitaire-race/racer/match/game/games"
	"github.com/solitaire-race/racer/match/replay"
	"github.com/solitaire-race/racer/match/replay/replaytest"
)

func TestMain(m *testing.M) { testenv.Main(m) }

// Replays in Redis move to the archive once, byte for byte; running again
// archives nothing twice, and -delete empties Redis.
func TestImport(t *testing.T) {
	c := redistest.Client(t)
	ctx := t.Context()
	prefix := "racer:replay:" + archivetest.UniqueID("imp") + ":"
	rs, err := replay.NewRedisStore(replay.RedisConfig{Client: c, Prefix: prefix})
	if err != nil {
		t.Fatal(err)
	}
	rps := []replay.Replay{replaytest.Sample(), replaytest.Sample(), archivetest.PlayRace(t, games.All, archivetest.UniqueID("imp"), "spider-1", 2, 40)}
	for _, rp := range rps {
		if _, err := rs.Save(ctx, rp); err != nil {
			t.Fatal(err)
		}
	}
	if err := c.Set(ctx, prefix+"{junk}", "not json", 0).Err(); err != nil {
		t.Fatal(err)
	}
	path := filepath.Join(t.TempDir(), "archive.db")
	a, err := archive.Open(ctx, path, games.All)
	if err != nil {
		t.Fatal(err)
	}
	defer a.Close()

	for i, want := range []counts{{found: 4, written: 3, bad: 1}, {found: 4, before: 3, bad: 1}} {
		got, err := importReplays(ctx, c, a, prefix, false)
		if err != nil || got != want {
			t.Fatalf("run %d: got %+v, %v, want %+v", i+1, got, err, want)
		}
	}
	for _, rp := range rps {
		got, err := a.Load(ctx, rp.Race)
		if err != nil {
			t.Fatal(err)
		}
		today, err := rs.Load(ctx, rp.Race)
		if err != nil {
			t.Fatal(err)
		}
		g, _ := json.Marshal(got)
		w, _ := json.Marshal(today)
		if !bytes.Equal(g, w) {
			t.Errorf("got %s, want %s", g, w)
		}
	}

	var out bytes.Buffer
	opt := c.(*redis.Client).Options()
	url := fmt.Sprintf("redis://%s/%d", opt.Addr, opt.DB)
	if err := run(ctx, []string{"-redis", url, "-archive", path, "-prefix", prefix, "-delete"}, &out, &out); err != nil {
		t.Fatalf("run: %v\n%s", err, out.String())
	}
	if want := "replays: 4 found, 0 archived now, 3 archived before, 1 bad, 3 deleted from Redis"; strings.TrimSpace(out.String()) != want {
		t.Errorf("got %q, want %q", out.String(), want)
	}
	if n, err := c.Exists(ctx, prefix+"{"+rps[0].Race+"}").Result(); err != nil || n != 0 {
		t.Errorf("got %d, %v: want the replay gone from Redis", n, err)
	}
}
