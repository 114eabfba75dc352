// Package lobbytest is the shared test suite of lobby.Lobby: every
// implementation (memory, Redis) runs the same tests.
//
//	func TestMemoryLobby(t *testing.T) {
//		lobbytest.LobbySuite(t, func(t *testing.T) lobby.Lobby { return lobby.NewMemory() })
//	}
package lobbytest

import (
	"context"
	"errors"
	"fmt"
	"slices"
	"sync"
	"testing"
	"time"

	"github.com/solitaire-race/racer/hub/lobby"
	"github.com/solitaire-race/racer/internal/testenv"
	"github.com/solitaire-race/racer/match"
)

var nMu sync.Mutex
var n int

func unique(prefix string) string {
	nMu.Lock()
	defer nMu.Unlock()
	n++
	return fmt.Sprintf("%s-%d-%d", prefix, time.Now().UnixNano(), n)
}

func racer(id string) match.Racer { return match.Racer{ID: id, Name: "n" + id} }

// LobbySuite runs the shared Lobby tests, one fresh lobby per subtest.
// Queue names, room codes and race IDs are unique per call.
func LobbySuite(t *testing.T, newLobby func(t *testing.T) lobby.Lobby) {
	t.Helper()
	ctx := context.Background()
	for _, ttl := range []time.Duration{0, time.Minute} {
		t.Run(fmt.Sprint("QueuePairs/ttl=", ttl), func(t *testing.T) {
			l := newLobby(t)
			q := unique("q")
			if _, paired, err := l.Enqueue(ctx, q, racer("a"), ttl); err != nil || paired {
				t.Fatalf("first Enqueue: paired %v, %v; want waiting", paired, err)
			}
			if _, paired, err := l.Enqueue(ctx, q, racer("a"), ttl); err != nil || paired {
				t.Fatalf("Enqueue again: paired %v, %v; want waiting, not paired with itself", paired, err)
			}
			touch(t, l, q, []string{"a", "x"}, ttl, []string{"x"})
			p, paired, err := l.Enqueue(ctx, q, racer("b"), ttl)
			if err != nil || !paired || p != racer("a") {
				t.Fatalf("second player: got %v %v %v, want paired with a", p, paired, err)
			}
			touch(t, l, q, []string{"a", "b"}, ttl, []string{"a", "b"})
			if _, paired, _ := l.Enqueue(ctx, q, racer("c"), ttl); paired {
				t.Errorf("third player paired, want waiting (a left the queue when paired, Touch adds nobody)")
			}
			if ok, err := l.Dequeue(ctx, q, "c"); err != nil || !ok {
				t.Errorf("Dequeue c: %v %v, want true", ok, err)
			}
			if ok, _ := l.Dequeue(ctx, q, "c"); ok {
				t.Errorf("Dequeue twice reported true")
			}
			if _, paired, _ := l.Enqueue(ctx, q, racer("d"), ttl); paired {
				t.Errorf("d paired with a dequeued player")
			}
		})
	}
	// A player whose node stopped renewing their entry (it died) is never
	// paired once the TTL has passed: the next player waits instead.
	t.Run("QueueExpires", func(t *testing.T) {
		t.Parallel() // waits out real TTLs, beside the other waiting subtests
		l := newLobby(t)
		q := unique("qe")
		const ttl = 300 * time.Millisecond
		if _, paired, err := l.Enqueue(ctx, q, racer("ghost"), ttl); err != nil || paired {
			t.Fatalf("Enqueue ghost: paired %v, %v; want waiting", paired, err)
		}
		time.Sleep(ttl + 100*time.Millisecond)
		touch(t, l, q, []string{"ghost"}, time.Minute, []string{"ghost"})
		if p, paired, err := l.Enqueue(ctx, q, racer("b"), ttl); err != nil || paired {
			t.Fatalf("b after the ghost's TTL: got %v %v %v, want waiting (not paired with an expired entry, not revived by Touch)", p, paired, err)
		}
		p, paired, err := l.Enqueue(ctx, q, racer("c"), ttl)
		if err != nil || !paired || p != racer("b") {
			t.Fatalf("c: got %v %v %v, want paired with b", p, paired, err)
		}
		if ok, err := l.Dequeue(ctx, q, "ghost"); err != nil || ok {
			t.Errorf("Dequeue ghost: %v %v, want false (dropped)", ok, err)
		}
	})
	// A player whose entry is renewed keeps waiting well past the TTL and
	// is then paired; an expired one cannot be dequeued. The TTL is 500 ms,
	// or 200 ms with -short and without the race detector (renewals every
	// tenth of it either way).
	t.Run("QueueTouchKeepsWaiting", func(t *testing.T) {
		t.Parallel() // waits out real TTLs, beside the other waiting subtests
		l := newLobby(t)
		q, q2 := unique("qt"), unique("qt2")
		ttl := 500 * time.Millisecond
		if testing.Short() && !testenv.RaceDetector {
			ttl = 200 * time.Millisecond
		}
		for _, qq := range []string{q, q2} {
			if _, paired, err := l.Enqueue(ctx, qq, racer("a"), ttl); err != nil || paired {
				t.Fatalf("Enqueue a: paired %v, %v; want waiting", paired, err)
			}
		}
		for end := time.Now().Add(3 * ttl); time.Now().Before(end); {
			touch(t, l, q, []string{"a"}, ttl, nil)
			time.Sleep(ttl / 10)
		}
		p, paired, err := l.Enqueue(ctx, q, racer("b"), ttl)
		if err != nil || !paired || p != racer("a") {
			t.Errorf("b after 3 TTLs of renewals: got %v %v %v, want paired with a", p, paired, err)
		}
		if ok, err := l.Dequeue(ctx, q2, "a"); err != nil || ok {
			t.Errorf("Dequeue of a's entry left 3 TTLs without renewal: %v %v, want false", ok, err)
		}
		if _, paired, err := l.Enqueue(ctx, q2, racer("c"), ttl); err != nil || paired {
			t.Fatalf("Enqueue c: paired %v, %v; want waiting", paired, err)
		}
		if ok, err := l.Dequeue(ctx, q2, "c"); err != nil || !ok {
			t.Errorf("Dequeue c: %v %v, want true", ok, err)
		}
	})
	// Touch reports exactly the players it did not find waiting in the
	// queue (paired, dequeued, never queued, or waiting in another one),
	// in the order asked, each once; it keeps the others waiting and adds
	// none. Expired entries: TouchMissesExpired.
	for _, ttl := range []time.Duration{0, time.Minute} {
		t.Run(fmt.Sprint("TouchReportsMissing/ttl=", ttl), func(t *testing.T) {
			l := newLobby(t)
			q, q2 := unique("qm"), unique("qm2")
			enqueue := func(q, id string, wantPaired bool) {
				t.Helper()
				if _, paired, err := l.Enqueue(ctx, q, racer(id), ttl); err != nil || paired != wantPaired {
					t.Fatalf("Enqueue %s in %s: got paired %v, %v; want %v", id, q, paired, err, wantPaired)
				}
			}
			enqueue(q, "paired", false)
			enqueue(q, "pairer", true)
			enqueue(q, "gone", false)
			if ok, err := l.Dequeue(ctx, q, "gone"); err != nil || !ok {
				t.Fatalf("Dequeue gone: %v %v, want true", ok, err)
			}
			enqueue(q, "waiting", false)
			enqueue(q2, "other", false) // waits, but in another queue
			ask := []string{"paired", "waiting", "gone", "never", "pairer", "other", "never"}
			touch(t, l, q, ask, ttl, []string{"paired", "gone", "never", "pairer", "other"})
			touch(t, l, q, []string{"waiting"}, ttl, nil)
			touch(t, l, q, nil, ttl, nil)
			touch(t, l, q2, ask, ttl, []string{"paired", "waiting", "gone", "never", "pairer"})
			if p, paired, err := l.Enqueue(ctx, q, racer("next"), ttl); err != nil || !paired || p != racer("waiting") {
				t.Errorf("next: got %v %v %v, want paired with waiting (Touch kept them, added nobody)", p, paired, err)
			}
			touch(t, l, q, []string{"waiting", "next"}, ttl, []string{"waiting", "next"})
		})
	}
	// An entry past its expiry is missing for Touch even when no call has
	// dropped it yet (its queue was renewed for longer than the entry),
	// and Touch does not revive it: Enqueue and Dequeue do not find it
	// either.
	t.Run("TouchMissesExpired", func(t *testing.T) {
		t.Parallel() // waits out real TTLs, beside the other waiting subtests
		l := newLobby(t)
		q := unique("qx")
		const short = 200 * time.Millisecond
		if _, paired, err := l.Enqueue(ctx, q, racer("a"), time.Minute); err != nil || paired {
			t.Fatalf("Enqueue a: paired %v, %v; want waiting", paired, err)
		}
		touch(t, l, q, []string{"a"}, short, nil)
		time.Sleep(short + 100*time.Millisecond)
		touch(t, l, q, []string{"a"}, time.Minute, []string{"a"})
		if p, paired, err := l.Enqueue(ctx, q, racer("b"), time.Minute); err != nil || paired {
			t.Fatalf("b: got %v %v %v, want waiting (a expired, not revived by Touch)", p, paired, err)
		}
		touch(t, l, q, []string{"a", "b"}, time.Minute, []string{"a"})
	})
	t.Run("QueueConcurrent", func(t *testing.T) {
		l := newLobby(t)
		q := unique("qc")
		const players = 20
		var mu sync.Mutex
		seen := map[string]int{}
		var wg sync.WaitGroup
		for i := range players {
			wg.Add(1)
			go func() {
				defer wg.Done()
				me := racer(fmt.Sprint(i))
				p, paired, err := l.Enqueue(ctx, q, me, time.Minute)
				if err != nil {
					t.Error(err)
					return
				}
				if paired {
					mu.Lock()
					seen[me.ID]++
					seen[p.ID]++
					mu.Unlock()
				}
			}()
		}
		wg.Wait()
		if len(seen) != players {
			t.Errorf("%d players paired, want %d", len(seen), players)
		}
		for id, c := range seen {
			if c != 1 {
				t.Errorf("player %s paired %d times, want 1", id, c)
			}
		}
	})
	t.Run("Rooms", func(t *testing.T) {
		l := newLobby(t)
		code := unique("R")
		r, err := l.CreateRoom(ctx, lobby.Room{Code: code, Host: "h", Profile: "bvs", Max: 3, Members: []match.Racer{racer("h")}})
		if err != nil {
			t.Fatal(err)
		}
		if _, err := l.CreateRoom(ctx, r); !errors.Is(err, lobby.ErrRoomExists) {
			t.Errorf("CreateRoom twice: got %v, want ErrRoomExists", err)
		}
		if _, err := l.StartRoom(ctx, code, "h", "", "race1"); !errors.Is(err, lobby.ErrRoomTooSmall) {
			t.Errorf("start alone: got %v, want ErrRoomTooSmall", err)
		}
		for _, id := range []string{"a", "b", "a"} {
			if _, err := l.JoinRoom(ctx, code, racer(id)); err != nil {
				t.Fatalf("JoinRoom %s: %v", id, err)
			}
		}
		if _, err := l.JoinRoom(ctx, code, racer("c")); !errors.Is(err, lobby.ErrRoomFull) {
			t.Errorf("JoinRoom over Max: got %v, want ErrRoomFull", err)
		}
		if _, err := l.JoinRoom(ctx, "nope"+code, racer("c")); !errors.Is(err, lobby.ErrRoomNotFound) {
			t.Errorf("JoinRoom unknown: got %v, want ErrRoomNotFound", err)
		}
		if _, err := l.StartRoom(ctx, code, "a", "", "race1"); !errors.Is(err, lobby.ErrNotHost) {
			t.Errorf("start by non-host: got %v, want ErrNotHost", err)
		}
		r, err = l.StartRoom(ctx, code, "h", "", "race1")
		if err != nil || r.Race != "race1" {
			t.Fatalf("StartRoom: %+v %v", r, err)
		}
		if _, err := l.StartRoom(ctx, code, "h", "", "race2"); !errors.Is(err, lobby.ErrRoomStale) {
			t.Errorf("second start from the same state: got %v, want ErrRoomStale", err)
		}
		r, err = l.LeaveRoom(ctx, code, "h")
		if err != nil || r.Host != "a" || len(r.Members) != 2 {
			t.Errorf("host leaves: got %+v %v, want host a and 2 members", r, err)
		}
		got, err := l.Room(ctx, code)
		if err != nil || got.Race != "race1" || got.Profile != "bvs" || got.Max != 3 {
			t.Errorf("Room = %+v %v", got, err)
		}
		l.LeaveRoom(ctx, code, "a")
		l.LeaveRoom(ctx, code, "b")
		if _, err := l.Room(ctx, code); !errors.Is(err, lobby.ErrRoomNotFound) {
			t.Errorf("empty room: got %v, want ErrRoomNotFound", err)
		}
	})
	// A room's rematch starts when every member who raced the last race
	// and is still in the room is ready, once; a decline or a
	// withdrawal is recorded, a member who left does not block, a
	// member who joined since does not vote but races.
	t.Run("RoomRematch", func(t *testing.T) {
		l := newLobby(t)
		code := unique("RR")
		if _, err := l.CreateRoom(ctx, lobby.Room{Code: code, Host: "h", Profile: "bvs", Max: 4, Members: []match.Racer{racer("h")}}); err != nil {
			t.Fatal(err)
		}
		for _, id := range []string{"a", "b"} {
			if _, err := l.JoinRoom(ctx, code, racer(id)); err != nil {
				t.Fatal(err)
			}
		}
		voters := []string{"h", "a", "b"}
		rm := func(player string, ready bool, prev, next string) (lobby.Room, bool, error) {
			return l.RematchRoom(ctx, code, lobby.Rematch{Prev: prev, Voters: voters, Next: next, Player: player, Ready: ready})
		}
		if _, _, err := rm("h", true, "", "r1"); !errors.Is(err, lobby.ErrRoomStale) {
			t.Errorf("rematch before any race: got %v, want ErrRoomStale", err)
		}
		if _, err := l.StartRoom(ctx, code, "h", "", "r1"); err != nil {
			t.Fatal(err)
		}
		if _, _, err := rm("h", true, "r0", "r2"); !errors.Is(err, lobby.ErrRoomStale) {
			t.Errorf("rematch of another race: got %v, want ErrRoomStale", err)
		}
		if _, _, err := rm("x", true, "r1", "r2"); !errors.Is(err, lobby.ErrNotMember) {
			t.Errorf("rematch by a stranger: got %v, want ErrNotMember", err)
		}
		if _, _, err := l.RematchRoom(ctx, "nope"+code, lobby.Rematch{Prev: "r1", Player: "h", Ready: true}); !errors.Is(err, lobby.ErrRoomNotFound) {
			t.Errorf("rematch in no room: got %v, want ErrRoomNotFound", err)
		}
		r, started, err := rm("h", true, "r1", "r2")
		if err != nil || started || !slices.Equal(r.Ready, []string{"h"}) || r.Race != "r1" {
			t.Fatalf("host ready: got %+v %v %v, want ready [h], not started", r, started, err)
		}
		r, started, err = rm("a", false, "r1", "r2")
		if err != nil || started || !slices.Equal(r.Declined, []string{"a"}) || !slices.Equal(r.Ready, []string{"h"}) {
			t.Fatalf("a declines: got %+v %v %v, want declined [a], ready [h]", r, started, err)
		}
		r, started, err = rm("h", false, "r1", "r2")
		if err != nil || started || len(r.Ready) != 0 || !slices.Equal(r.Declined, []string{"a", "h"}) {
			t.Fatalf("host withdraws: got %+v %v %v, want nobody ready", r, started, err)
		}
		for _, p := range []string{"h", "a"} {
			if r, started, err = rm(p, true, "r1", "r2"); err != nil || started {
				t.Fatalf("%s ready: got %+v %v %v, want not started (b is not ready)", p, r, started, err)
			}
		}
		if got, _ := l.Room(ctx, code); !slices.Equal(got.Ready, []string{"h", "a"}) || len(got.Declined) != 0 {
			t.Errorf("Room = %+v, want ready [h a], nobody declined", got)
		}
		// c joins after r1: racing next, not voting; b leaves, and a
		// check alone then starts the race.
		if _, err := l.JoinRoom(ctx, code, racer("c")); err != nil {
			t.Fatal(err)
		}
		if r, err = l.LeaveRoom(ctx, code, "b"); err != nil || r.Race != "r1" {
			t.Fatalf("b leaves: %+v %v", r, err)
		}
		r, started, err = rm("", false, "r1", "r2")
		if err != nil || !started || r.Race != "r2" || len(r.Ready) != 0 || len(r.Declined) != 0 || len(r.Members) != 3 {
			t.Fatalf("check after b left: got %+v %v %v, want r2 started for h, a, c with the lists cleared", r, started, err)
		}
		if _, started, err = rm("h", true, "r1", "r3"); !errors.Is(err, lobby.ErrRoomStale) || started {
			t.Errorf("a late ready for r1: got %v %v, want ErrRoomStale", started, err)
		}
		// A member who leaves leaves the lists; the last two ready start
		// r3 once however many say so at once.
		voters = []string{"h", "a", "c"}
		if _, _, err := rm("c", false, "r2", "r3"); err != nil {
			t.Fatal(err)
		}
		if r, err = l.LeaveRoom(ctx, code, "c"); err != nil || len(r.Declined) != 0 {
			t.Fatalf("c leaves: %+v %v, want c off the declined list", r, err)
		}
		var wg sync.WaitGroup
		var mu sync.Mutex
		starts := 0
		for _, p := range []string{"h", "a", "h", "a"} {
			wg.Add(1)
			go func() {
				defer wg.Done()
				_, ok, err := rm(p, true, "r2", "r3")
				if err != nil && !errors.Is(err, lobby.ErrRoomStale) {
					t.Error(err)
				}
				if ok {
					mu.Lock()
					starts++
					mu.Unlock()
				}
			}()
		}
		wg.Wait()
		if got, _ := l.Room(ctx, code); starts != 1 || got.Race != "r3" {
			t.Errorf("%d callers started the rematch, room race %q; want 1 and r3", starts, got.Race)
		}
		// A room of one never starts.
		l.LeaveRoom(ctx, code, "a")
		if _, started, err := rm("h", true, "r3", "r4"); err != nil || started {
			t.Errorf("alone: got %v %v, want not started", started, err)
		}
	})
	t.Run("Rematch", func(t *testing.T) {
		l := newLobby(t)
		race := unique("race")
		var wg sync.WaitGroup
		var mu sync.Mutex
		completes := 0
		for _, p := range []string{"a", "b", "c", "a", "b"} {
			wg.Add(1)
			go func() {
				defer wg.Done()
				ok, err := l.VoteRematch(ctx, race, p, 3)
				if err != nil {
					t.Error(err)
				}
				if ok {
					mu.Lock()
					completes++
					mu.Unlock()
				}
			}()
		}
		wg.Wait()
		if completes != 1 {
			t.Errorf("%d callers saw the vote complete, want 1", completes)
		}
	})
}

// touch calls Touch and checks the players it reports missing.
func touch(t *testing.T, l lobby.Lobby, q string, ids []string, ttl time.Duration, want []string) {
	t.Helper()
	got, err := l.Touch(context.Background(), q, ids, ttl)
	if err != nil {
		t.Fatalf("Touch %v: %v", ids, err)
	}
	if !slices.Equal(got, want) {
		t.Fatalf("Touch %v missed %q, want %q", ids, got, want)
	}
}
