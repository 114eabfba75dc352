package match

import (
	"context"
	"fmt"
	"slices"
	"testing"
	"time"

	"github.com/solitaire-race/racer/internal/redistest"
)

// The append script refuses malformed runs as a whole and a sequence
// number not written in canonical decimal, storing nothing for either;
// a well-formed append after them is stored as the first.
func TestRedisAppendScriptBadInput(t *testing.T) {
	ctx := context.Background()
	c := redistest.Client(t)
	s, err := NewRedisStore(RedisStoreConfig{Client: c})
	if err != nil {
		t.Fatal(err)
	}
	r, err := s.CreateRace(ctx, Race{ID: fmt.Sprintf("bad-append-%d", time.Now().UnixNano()), Racers: []Racer{{ID: "a"}, {ID: "b"}}})
	if err != nil {
		t.Fatal(err)
	}
	e, err := s.Join(ctx, r.ID, "a")
	if err != nil {
		t.Fatal(err)
	}
	keys := s.keys(r.ID)[:1]
	good := []any{s.idleTTL, "a", "1", e, "D", "0", "", "", ""}
	for _, tc := range []struct {
		name string
		keys []string
		args []any
	}{
		{"no TTL", keys, good[1:]},
		{"no key", nil, good},
		{"an argument short", keys, good[:8]},
		{"two keys, one append's arguments", s.keys(r.ID), good},
		{"an argument over", keys, append(slices.Clone(good), "x")},
		{"a TTL not a number", keys, append([]any{"x"}, good[1:]...)},
	} {
		if err := appendScript.Run(ctx, c, tc.keys, tc.args...).Err(); err == nil {
			t.Errorf("%s: no error", tc.name)
		}
	}
	for _, seq := range []string{"01", "1.0", "1e0", "+1", " 1", "0x1", ""} {
		args := slices.Clone(good)
		args[2] = seq
		v, err := appendScript.Run(ctx, c, keys, args...).Slice()
		if err != nil {
			t.Fatalf("seq %q: %v", seq, err)
		}
		if len(v) != 3 {
			t.Fatalf("seq %q: reply %v, want the clock and one append's reply", seq, v)
		}
		if got := fmt.Sprint(v[2]); got != "[5 1]" {
			t.Errorf("seq %q: reply %s, want [5 1] (out of sequence, next 1)", seq, got)
		}
	}
	snap, err := s.Load(ctx, r.ID)
	if err != nil {
		t.Fatal(err)
	}
	if n := len(snap.Logs["a"]); n != 0 {
		t.Fatalf("%d entries stored by bad appends, want none", n)
	}
	if _, err := s.Append(ctx, Append{Race: r.ID, Racer: "a", Seq: 1, Epoch: e, Action: "D"}); err != nil {
		t.Fatalf("first good append: %v", err)
	}
	if snap, err = s.Load(ctx, r.ID); err != nil || len(snap.Logs["a"]) != 1 || snap.Logs["a"][0].Seq != 1 {
		t.Fatalf("after a good append: %v, %v; want one entry, seq 1", snap.Logs["a"], err)
	}
}
