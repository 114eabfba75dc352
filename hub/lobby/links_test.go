package lobby_test

import (
	"testing"
	"time"

	"github.com/solitaire-race/racer/hub/lobby"
	"github.com/solitaire-race/racer/hub/lobby/lobbytest"
	"github.com/solitaire-race/racer/internal/redistest"
	"github.com/solitaire-race/racer/match"
)

// Players kept apart (linked accounts) wait side by side, and each is
// paired with the next player who may meet them.
func TestLinkedKeptApartInQueue(t *testing.T) {
	t.Parallel()
	for name, newLobby := range map[string]func(t *testing.T) lobby.Apart{
		"memory": func(t *testing.T) lobby.Apart { return lobby.NewMemory() },
		"redis":  func(t *testing.T) lobby.Apart { return lobbytest.NewRedis(t, lobby.RedisConfig{}) },
	} {
		t.Run(name, func(t *testing.T) {
			l := newLobby(t)
			q := redistest.Unique("queue")
			enqueue := func(id string, apart ...string) (string, bool) {
				t.Helper()
				p, ok, err := l.EnqueueApart(t.Context(), q, match.Racer{ID: id, Name: "n" + id, Account: true}, time.Minute, apart)
				if err != nil {
					t.Fatal(err)
				}
				return p.ID, ok
			}
			if _, ok := enqueue("ann"); ok {
				t.Fatal("ann paired in an empty queue")
			}
			if p, ok := enqueue("bob", "ann"); ok {
				t.Fatalf("bob, kept apart from ann, paired with %s", p)
			}
			// Queued again (a renewal), each still kept apart.
			if p, ok := enqueue("ann", "bob"); ok {
				t.Fatalf("ann, queued again, paired with %s", p)
			}
			if p, ok := enqueue("bob", "ann"); ok {
				t.Fatalf("bob, queued again, paired with %s", p)
			}
			// The longest waiting (ann, queued again before bob) goes
			// first.
			if p, ok := enqueue("cat"); !ok || p != "ann" {
				t.Fatalf("cat paired with %q (%v), want ann", p, ok)
			}
			if p, ok := enqueue("dan"); !ok || p != "bob" {
				t.Fatalf("dan paired with %q (%v), want bob", p, ok)
			}
			// A player kept apart from one and not the other meets the
			// other.
			enqueue("eve")
			enqueue("fay", "eve")
			if p, ok := enqueue("gus", "eve"); !ok || p != "fay" {
				t.Fatalf("gus paired with %q (%v), want fay", p, ok)
			}
			if p, ok, err := l.(lobby.Lobby).Enqueue(t.Context(), q, match.Racer{ID: "hal"}, time.Minute); err != nil || !ok || p.ID != "eve" {
				t.Fatalf("hal paired with %q (%v), want eve", p.ID, ok)
			}
		})
	}
}
