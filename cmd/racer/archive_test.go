package main

import (
	"context"
	"os"
	"path/filepath"
	"testing"
	"time"

	"github.com/solitaire-race/racer/match/archive"
)

func TestArchiveURL(t *testing.T) {
	for _, tc := range []struct {
		archive, redis, want string
	}{
		{"", "", archive.DefaultPath()},
		{"off", "", ""},
		{"", "redis://x", ""},
		{"off", "redis://x", ""},
		{"postgres://db/racer", "redis://x", "postgres://db/racer"},
		{"/var/lib/racer/a.db", "", "/var/lib/racer/a.db"},
	} {
		if got := archiveURL(options{archive: tc.archive, redis: tc.redis}); got != tc.want {
			t.Errorf("archive %q, redis %q: got %q, want %q", tc.archive, tc.redis, got, tc.want)
		}
	}
}

// A single node on its defaults keeps its replays in the SQLite file
// under XDG_DATA_HOME: restarted, it serves the replay of a race that
// finished before, byte for byte.
func TestRestartKeepsReplays(t *testing.T) {
	t.Setenv("XDG_DATA_HOME", t.TempDir())
	seed, line := winLine()
	args := []string{"-seed", itoa(seed), "-countdown", "1ns", "-rate", "10000", "-burst", "10000"}
	ctx, cancel := context.WithTimeout(context.Background(), 60*time.Second)
	defer cancel()

	stop, base := startStoppableNode(t, args...)
	a, wa := dialNode(t, ctx, base, "Ann")
	b, _ := dialNode(t, ctx, base, "Bob")
	_, end := raceToWin(t, ctx, a, b, line)
	checkResults(t, base, end.Race, wa.Player, len(line))
	_, before := get(t, base+"api/replay/"+end.Race)
	a.Drop()
	b.Drop()
	stop()
	if _, err := os.Stat(filepath.Join(os.Getenv("XDG_DATA_HOME"), "racer", "archive.db")); err != nil {
		t.Fatalf("got %v, want the archive at the documented default", err)
	}

	_, base = startStoppableNode(t, args...)
	code, after := get(t, base+"api/replay/"+end.Race)
	if code != 200 || after != before {
		t.Errorf("after a restart: got %d\n%s\nwant 200 and the replay served before\n%s", code, after, before)
	}
}
