package archivetest

import (
	"context"
	"fmt"
	"math/rand/v2"
	"sync"
	"testing"
	"time"

	"github.com/solitaire-race/racer/match"
	"github.com/solitaire-race/racer/match/game"
	"github.com/solitaire-race/racer/match/replay"
)

// PlayRace plays a real race of profile, one of games', on
// match.MemoryStore: two racers each make moves legal moves of the deal
// of seed, picked by a random source seeded with seed, then the first
// resigns and the race ends. The
// store's clock steps 0.3 to 3 s between actions, to the microsecond, as
// Redis's TIME does; it reads in the local time zone, as time.Now.
// PlayRace returns the race's replay as replay.FromSnapshot builds it.
func PlayRace(t testing.TB, games *game.Registry, id, profile string, seed uint64, moves int) replay.Replay {
	t.Helper()
	ctx := context.Background()
	rnd := rand.New(rand.NewPCG(seed, 1))
	var clockMu sync.Mutex
	now := time.Date(2026, 11, 30, 9, 0, 0, 0, time.UTC).Local()
	clock := func() time.Time {
		clockMu.Lock()
		defer clockMu.Unlock()
		now = now.Add(300*time.Millisecond + time.Duration(rnd.Int64N(2_700_000))*time.Microsecond)
		return now
	}
	st := match.NewMemoryStore(match.MemoryStoreConfig{Clock: clock})
	r := match.Race{ID: id, Profile: profile, TimeLimit: 15 * time.Minute,
		Racers: []match.Racer{{ID: "p-" + id + "-a", Name: "Ann"}, {ID: "p-" + id + "-b", Name: "Bob"}}}
	if err := match.DealRace(ctx, match.FixedDealer{Seed: seed}, &r); err != nil {
		t.Fatal(err)
	}
	r, err := st.CreateRace(ctx, r)
	if err != nil {
		t.Fatal(err)
	}
	v, err := games.Lookup(profile)
	if err != nil {
		t.Fatal(err)
	}
	texts := v.Game().MoveTexts()
	type seat struct {
		id    string
		epoch uint64
		seq   uint64
	}
	seats := make([]*seat, len(r.Racers))
	for i, x := range r.Racers {
		e, err := st.Join(ctx, id, x.ID)
		if err != nil {
			t.Fatal(err)
		}
		seats[i] = &seat{id: x.ID, epoch: e}
	}
	// The moves picked depend on profile, seed and moves alone: a later
	// race of the same key (or one that waited for the first) replays
	// the first one's picks, drawing from the random source as the first
	// did (the clock shares it), without trying every move text at each
	// position.
	e, loaded := lines.LoadOrStore(lineKey{games, profile, seed, moves}, &picks{done: make(chan struct{})})
	first := e.(*picks)
	var known [][]pick
	if loaded {
		<-first.done
		known = first.lines // nil when the first race failed: pick afresh
	} else {
		defer close(first.done)
	}
	var picked [][]pick
	for i, s := range seats {
		var line []pick
		if known != nil {
			line = known[i]
		}
		var b game.Board
		if known == nil {
			b = v.NewBoard(seed)
		}
		for k := range moves {
			var p pick
			if known != nil {
				if k == len(line) {
					break
				}
				p = line[k]
				if got := rnd.IntN(p.legal); got != p.index {
					t.Fatalf("%s seed %d move %d: drew %d of %d legal moves, the first race %d", profile, seed, k+1, got, p.legal, p.index)
				}
			} else {
				var legal []string
				for _, m := range texts {
					if _, err := b.Try(m, -1); err == nil {
						legal = append(legal, m)
					}
				}
				if len(legal) == 0 || b.Won() {
					break
				}
				p = pick{legal: len(legal), index: rnd.IntN(len(legal))}
				p.move = legal[p.index]
				if err := b.Commit(p.move); err != nil {
					t.Fatal(err)
				}
				line = append(line, p)
			}
			s.seq++
			if _, err := st.Append(ctx, match.Append{Race: id, Racer: s.id, Seq: s.seq, Epoch: s.epoch, Action: p.move}); err != nil {
				t.Fatalf("append %s of %s: %v", p.move, s.id, err)
			}
		}
		picked = append(picked, line)
	}
	if !loaded {
		first.lines = picked
	}
	seats[0].seq++
	if _, err := st.Append(ctx, match.Append{Race: id, Racer: seats[0].id, Seq: seats[0].seq, Epoch: seats[0].epoch, Action: match.ActionResign}); err != nil {
		t.Fatal(err)
	}
	snap, err := st.Load(ctx, id)
	if err != nil {
		t.Fatal(err)
	}
	// Ann's resignation, the last entry, ends the race and Bob's game.
	ended := func(id string) time.Time {
		l := snap.Logs[id]
		return l[len(l)-1].At
	}
	res := match.Result{Race: id, Reason: match.EndAllDone, Standings: []match.Standing{
		{Place: 1, Player: seats[1].id, Name: "Bob", Status: match.StatusPlaying, EndedAt: ended(seats[0].id), Actions: int(seats[1].seq)},
		{Place: 2, Player: seats[0].id, Name: "Ann", Status: match.StatusResigned, EndedAt: ended(seats[0].id), Actions: int(seats[0].seq)},
	}}
	if _, _, err := st.Finish(ctx, id, res); err != nil {
		t.Fatal(err)
	}
	if snap, err = st.Load(ctx, id); err != nil {
		t.Fatal(err)
	}
	rp, err := replay.FromSnapshot(snap)
	if err != nil {
		t.Fatal(err)
	}
	return rp
}

// lines holds the moves PlayRace picked, by lineKey: *picks.
var lines sync.Map

// picks are the lines of a race's racers, set before done is closed.
type picks struct {
	done  chan struct{}
	lines [][]pick
}

type lineKey struct {
	games   *game.Registry
	profile string
	seed    uint64
	moves   int
}

// pick is one move PlayRace picked: the index drawn among the legal
// moves of the position, in the order of the game's move texts.
type pick struct {
	move         string
	legal, index int
}

// UniqueID returns a race ID no other call of this process returns, with
// prefix.
func UniqueID(prefix string) string {
	return fmt.Sprintf("%s-%d-%d", prefix, time.Now().UnixNano()%1e9, counter.Add(1))
}
