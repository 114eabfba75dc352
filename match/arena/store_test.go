package arena

import (
	"context"
	"errors"
	"fmt"
	"slices"
	"sync"
	"testing"
	"time"
)

// testStore is the suite every Store passes. newStore returns an empty
// store; the arenas it creates start now and run for an hour.
func testStore(t *testing.T, st Store, prefix string) {
	ctx := context.Background()
	now, err := st.Now(ctx)
	if err != nil {
		t.Fatal(err)
	}
	id := prefix + "a"
	a := Arena{ID: id, Name: "Test", Profile: "bvs", Start: now.Add(-time.Second).Truncate(time.Millisecond).UTC(), Duration: time.Hour, RaceSize: 2, Rated: true}
	if err := st.Create(ctx, a); err != nil {
		t.Fatal(err)
	}
	if err := st.Create(ctx, a); !errors.Is(err, ErrExists) {
		t.Fatalf("second create: got %v, want ErrExists", err)
	}
	priv := a
	priv.ID, priv.Private = prefix+"private", true
	if err := st.Create(ctx, priv); err != nil {
		t.Fatal(err)
	}
	got, err := st.Get(ctx, id)
	if err != nil || !got.Start.Equal(a.Start) || got.Name != a.Name {
		t.Fatalf("got %+v %v, want %+v", got, err, a)
	}
	if _, err := st.Get(ctx, prefix+"nope"); !errors.Is(err, ErrNotFound) {
		t.Fatalf("got %v, want ErrNotFound", err)
	}
	list, err := st.List(ctx, now.Add(-time.Minute), 100)
	if err != nil {
		t.Fatal(err)
	}
	var listed []string
	for _, x := range list {
		listed = append(listed, x.ID)
	}
	if !slices.Contains(listed, id) || !slices.Contains(listed, priv.ID) {
		t.Fatalf("listed %v, want %s and the private arena", listed, id)
	}

	t.Run("finished", func(t *testing.T) {
		// Three ended 10, 20 and 30 minutes ago; a lasts past now.
		var ended []string
		for i := 1; i <= 3; i++ {
			e := Arena{ID: fmt.Sprintf("%sended%d", prefix, i), Name: "Ended", Profile: "bvs", RaceSize: 2,
				Start: now.Add(-time.Duration(i)*10*time.Minute - MinDuration).Truncate(time.Millisecond).UTC(), Duration: MinDuration}
			if err := st.Create(ctx, e); err != nil {
				t.Fatal(err)
			}
			ended = append(ended, e.ID)
		}
		got, err := st.Finished(ctx, now, 2)
		if err != nil || len(got) != 2 || got[0].ID != ended[0] || got[1].ID != ended[1] {
			t.Fatalf("Finished(now, 2) = %+v, %v; want %v, the latest to end first", got, err, ended[:2])
		}
		got, err = st.Finished(ctx, now.Add(-15*time.Minute), 0)
		if err != nil || len(got) != 2 || got[0].ID != ended[1] || got[1].ID != ended[2] {
			t.Fatalf("Finished(15 minutes ago, 0) = %+v, %v; want %v", got, err, ended[1:])
		}
		all, err := st.Finished(ctx, now, 0)
		if err != nil {
			t.Fatal(err)
		}
		for _, x := range all {
			if x.ID == id || x.ID == priv.ID {
				t.Errorf("Finished(now) holds %s, which ends after now", x.ID)
			}
		}
	})

	t.Run("join", func(t *testing.T) {
		if err := st.Join(ctx, id, Entrant{ID: "bot:1", Name: "Bot", Bot: true}); !errors.Is(err, ErrBotRated) {
			t.Fatalf("bot in a rated arena: got %v", err)
		}
		if err := st.Join(ctx, prefix+"nope", Entrant{ID: "x", Name: "X"}); !errors.Is(err, ErrNotFound) {
			t.Fatalf("unknown arena: got %v", err)
		}
		if err := st.SetPaused(ctx, id, "nobody", true); !errors.Is(err, ErrNotJoined) {
			t.Fatalf("pause a stranger: got %v", err)
		}
		over := Arena{ID: prefix + "over", Name: "Over", Profile: "bvs", Start: now.Add(-2 * time.Hour), Duration: time.Hour, RaceSize: 2}
		if err := st.Create(ctx, over); err != nil {
			t.Fatal(err)
		}
		if err := st.Join(ctx, over.ID, Entrant{ID: "p1", Name: "Ann"}); !errors.Is(err, ErrFinished) {
			t.Fatalf("finished arena: got %v", err)
		}
	})

	for _, p := range []string{"p1", "p2", "p3", "p4"} {
		if err := st.Join(ctx, id, Entrant{ID: p, Name: "N" + p}); err != nil {
			t.Fatal(err)
		}
	}
	if err := st.Join(ctx, id, Entrant{ID: "p1", Name: "Ann"}); err != nil {
		t.Fatal(err)
	}
	players, err := st.Players(ctx, id)
	if err != nil || len(players) != 4 || players[0].Name != "Ann" {
		t.Fatalf("got %+v %v, want 4 players, p1 named Ann", players, err)
	}

	t.Run("lease", func(t *testing.T) {
		ok, err := st.Lease(ctx, id, "n1", time.Minute)
		if err != nil || !ok {
			t.Fatalf("got %v %v, want the lease", ok, err)
		}
		if ok, _ := st.Lease(ctx, id, "n2", time.Minute); ok {
			t.Fatal("a second holder got the lease")
		}
		if ok, _ := st.Lease(ctx, id, "n1", time.Minute); !ok {
			t.Fatal("the holder could not renew")
		}
		if got, err := st.Take(ctx, id, "n2", []Group{{Race: "r0", Players: []string{"p1", "p2"}}}); err != nil || len(got) != 0 {
			t.Fatalf("take without the lease: got %v %v, want nothing", got, err)
		}
	})

	// Pairing exactly once: concurrent takes of overlapping groups seat
	// every player at most once.
	var wg sync.WaitGroup
	var mu sync.Mutex
	var taken []string
	for i := range 8 {
		wg.Go(func() {
			g := []Group{{Race: fmt.Sprintf("r%d", i), Players: []string{"p1", fmt.Sprintf("p%d", 2+i%3)}}}
			got, err := st.Take(ctx, id, "n1", g)
			if err != nil {
				t.Error(err)
			}
			mu.Lock()
			taken = append(taken, got...)
			mu.Unlock()
		})
	}
	wg.Wait()
	if len(taken) != 1 {
		t.Fatalf("taken %v, want exactly one race with p1", taken)
	}
	race := taken[0]
	players, _ = st.Players(ctx, id)
	var other string
	for _, p := range players {
		if p.Race == race && p.ID != "p1" {
			other = p.ID
		}
	}
	// A group with a seated player is refused; the others are taken.
	var free []string
	for _, p := range []string{"p2", "p3", "p4"} {
		if p != other {
			free = append(free, p)
		}
	}
	got2, err := st.Take(ctx, id, "n1", []Group{{Race: "rx", Players: []string{"p1", free[0]}}, {Race: "ry", Players: free}})
	if err != nil || !slices.Equal(got2, []string{"ry"}) {
		t.Fatalf("got %v %v, want only ry taken", got2, err)
	}
	if err := st.Release(ctx, id, "ry"); err != nil {
		t.Fatal(err)
	}
	players, _ = st.Players(ctx, id)
	seated := map[string]string{}
	for _, p := range players {
		seated[p.ID] = p.Race
	}
	if seated["p1"] != race {
		t.Fatalf("p1 is in %q, want %q", seated["p1"], race)
	}
	if live := LiveRaces(players); len(live) != 1 || live[0].Race != race {
		t.Fatalf("live races %+v, want %s", live, race)
	}

	t.Run("record once", func(t *testing.T) {
		fin := now.Add(time.Minute).Truncate(time.Millisecond).UTC()
		r := RaceResult{Race: race, FinishedAt: fin, Outcomes: []Outcome{{Player: "p1", Place: 1, Cards: 52}, {Player: other, Place: 2, Cards: 10}}}
		for i := range 3 {
			first, err := st.Record(ctx, id, r, 0)
			if err != nil || first != (i == 0) {
				t.Fatalf("record %d: got %v %v", i, first, err)
			}
		}
		players, _ := st.Players(ctx, id)
		for _, p := range players {
			switch p.ID {
			case "p1":
				if p.Points != 2 || p.Race != "" || p.Streak != 1 || !slices.Equal(p.Last, []string{other}) {
					t.Errorf("p1: got %+v", p)
				}
			case other:
				if p.Points != 1 || p.Race != "" || p.Cards != 10 {
					t.Errorf("%s: got %+v", other, p)
				}
			}
		}
		res, err := st.Results(ctx, id)
		if err != nil || len(res) != 1 || res[0].Race != race || !res[0].FinishedAt.Equal(fin) {
			t.Fatalf("results %+v %v", res, err)
		}
		top, err := st.Top(ctx, id, 2)
		if err != nil || len(top) != 2 || top[0].Player != "p1" || top[0].Rank != 1 || top[0].Perf != 520 {
			t.Fatalf("top %+v %v", top, err)
		}
		all, _ := st.Players(ctx, id)
		want := Recompute(entrants(all), res)
		if got := Standings(all); !sameStandings(got, want) {
			t.Errorf("standings %+v, recomputed %+v", got, want)
		}
		// Each player's own line is their line of the whole standings.
		for _, w := range Standings(all) {
			got, n, err := st.Standing(ctx, id, w.Player)
			if err != nil || n != len(all) || got.Rank != w.Rank || got.Points != w.Points || got.Streak != w.Streak ||
				got.Perf != w.Perf || got.Name != w.Name {
				t.Errorf("Standing(%s): got %+v of %d, %v, want %+v of %d", w.Player, got, n, err, w, len(all))
			}
		}
		if _, _, err := st.Standing(ctx, id, "nobody"); !errors.Is(err, ErrNotJoined) {
			t.Errorf("Standing of a stranger: got %v, want ErrNotJoined", err)
		}
	})

	t.Run("pause and withdraw", func(t *testing.T) {
		if err := st.SetPaused(ctx, id, "p1", true); err != nil {
			t.Fatal(err)
		}
		if err := st.Withdraw(ctx, id, other); err != nil {
			t.Fatal(err)
		}
		players, _ := st.Players(ctx, id)
		n, _ := st.Now(ctx)
		for _, w := range Pool(players, n.Add(time.Second)) {
			if w.Player == "p1" || w.Player == other {
				t.Errorf("%s is in the pool", w.Player)
			}
		}
		if err := st.SetPaused(ctx, id, "p1", false); err != nil {
			t.Fatal(err)
		}
		players, _ = st.Players(ctx, id)
		if !slices.ContainsFunc(Pool(players, n.Add(time.Second)), func(w Waiting) bool { return w.Player == "p1" }) {
			t.Error("p1 is not back in the pool")
		}
	})

	t.Run("release", func(t *testing.T) {
		if _, err := st.Lease(ctx, id, "n1", time.Minute); err != nil {
			t.Fatal(err)
		}
		got, err := st.Take(ctx, id, "n1", []Group{{Race: "rz", Players: []string{"p1", "p3"}}})
		if err != nil {
			t.Fatal(err)
		}
		if len(got) == 1 {
			if err := st.Release(ctx, id, "rz"); err != nil {
				t.Fatal(err)
			}
		}
		players, _ := st.Players(ctx, id)
		for _, p := range players {
			if p.Race == "rz" {
				t.Errorf("%s still in the released race", p.ID)
			}
		}
	})
}

func entrants(ps []Player) []Entrant {
	out := make([]Entrant, len(ps))
	for i, p := range ps {
		out[i] = p.Entrant
	}
	return out
}

// sameStandings compares the lines that scores decide.
func sameStandings(a, b []Standing) bool {
	if len(a) != len(b) {
		return false
	}
	for i := range a {
		if a[i].Player != b[i].Player || a[i].Rank != b[i].Rank || a[i].Score != b[i].Score {
			return false
		}
	}
	return true
}

func TestArenaStoreMemory(t *testing.T) {
	testStore(t, NewMemory(MemoryConfig{}), "")
}

// TestArenaMemoryKeep drops an arena from the memory store once it has
// ended Keep ago, as Redis lets its keys expire.
func TestArenaMemoryKeep(t *testing.T) {
	now := time.Now()
	st := NewMemory(MemoryConfig{Now: func() time.Time { return now }, Keep: time.Hour})
	ctx := context.Background()
	for _, a := range []Arena{
		{ID: "kept", Name: "Kept", Start: now.Add(-80 * time.Minute), Duration: 30 * time.Minute},
		{ID: "gone", Name: "Gone", Start: now.Add(-100 * time.Minute), Duration: 30 * time.Minute},
	} {
		if err := st.Create(ctx, a); err != nil {
			t.Fatal(err)
		}
	}
	list, err := st.List(ctx, time.Time{}, 0)
	if err != nil || len(list) != 1 || list[0].ID != "kept" {
		t.Fatalf("got %+v, %v; want the arena that ended 50 minutes ago only", list, err)
	}
	if _, err := st.Get(ctx, "gone"); !errors.Is(err, ErrNotFound) {
		t.Errorf("got %v for an arena past its keeping time, want ErrNotFound", err)
	}
}
