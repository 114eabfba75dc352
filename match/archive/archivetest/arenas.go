package archivetest

import (
	"errors"
	"reflect"
	"sync"
	"testing"
	"time"

	"github.com/solitaire-race/racer/match/archive"
	"github.com/solitaire-race/racer/match/arena"
)

// arenaAt is a finished arena of this test alone, ending at end, and its
// final standings from results of its players.
func arenaAt(name string, end time.Time, private bool, players []arena.Entrant, results []arena.RaceResult) (arena.Arena, []arena.Standing) {
	a := arena.Arena{ID: UniqueID("arena"), Name: name, Profile: "bvs", Start: end.Add(-30 * time.Minute),
		Duration: 30 * time.Minute, RaceSize: 2, Rated: true, Private: private}
	if private {
		a.Host = UniqueID("host")
	}
	return a, arena.Recompute(players, results)
}

// testArenas archives arenas' final standings: each once however many
// nodes save it at the same time, read back as saved, and listed for
// each of its players, latest first, private arenas left out.
func testArenas(t *testing.T, a archive.Archive) {
	ctx := t.Context()
	ann, bob, cat := UniqueID("ann"), UniqueID("bob"), UniqueID("cat")
	players := []arena.Entrant{{ID: ann, Name: "Ann"}, {ID: bob, Name: "Bob"}, {ID: cat, Name: "Bot Cat", Bot: true}}
	base := time.Date(2026, 11, 30, 18, 0, 0, 0, time.UTC)
	race := func(id string, fin time.Time, first, second string) arena.RaceResult {
		return arena.RaceResult{Race: id, FinishedAt: fin, Outcomes: []arena.Outcome{
			{Player: first, Place: 1, Cards: 52}, {Player: second, Place: 2, Cards: 20}}}
	}
	results := []arena.RaceResult{race("r1", base, ann, bob), race("r2", base.Add(time.Minute), ann, bob),
		race("r3", base.Add(2*time.Minute), ann, cat)}

	early, earlySt := arenaAt("Early", base, false, players, results)
	late, lateSt := arenaAt("Late", base.Add(time.Hour), false, players[:2], results[:1])
	hidden, hiddenSt := arenaAt("Private", base.Add(2*time.Hour), true, players[:2], results[:1])

	// Four nodes finish the early arena at once: one copy.
	var wg sync.WaitGroup
	firsts := make(chan bool, 4)
	for range 4 {
		wg.Go(func() {
			first, err := a.SaveArena(ctx, early, earlySt)
			if err != nil {
				t.Error(err)
			}
			firsts <- first
		})
	}
	wg.Wait()
	close(firsts)
	n := 0
	for f := range firsts {
		if f {
			n++
		}
	}
	if n != 1 {
		t.Errorf("got %d first saves of one arena by 4 nodes, want 1", n)
	}
	for _, x := range []struct {
		a  arena.Arena
		st []arena.Standing
	}{{late, lateSt}, {hidden, hiddenSt}} {
		if first, err := a.SaveArena(ctx, x.a, x.st); err != nil || !first {
			t.Fatalf("saving %s: got %v, %v, want a first save", x.a.Name, first, err)
		}
	}

	gotA, gotSt, err := a.LoadArena(ctx, early.ID)
	if err != nil {
		t.Fatal(err)
	}
	if !reflect.DeepEqual(gotA, early) {
		t.Errorf("got arena %+v, want %+v", gotA, early)
	}
	if !reflect.DeepEqual(gotSt, earlySt) {
		t.Errorf("got standings %+v, want %+v", gotSt, earlySt)
	}
	if gotSt[0].Player != ann || gotSt[0].Points != 2+2+4 || !gotSt[0].Fire {
		t.Errorf("got first line %+v, want Ann with 8 points on fire", gotSt[0])
	}
	if _, _, err := a.LoadArena(ctx, UniqueID("none")); !errors.Is(err, archive.ErrNotFound) {
		t.Errorf("loading an unknown arena: got %v, want ErrNotFound", err)
	}

	got, err := a.PlayerArenas(ctx, bob, archive.Page{})
	if err != nil {
		t.Fatal(err)
	}
	if len(got) != 2 || got[0].Arena.ID != late.ID || got[1].Arena.ID != early.ID {
		t.Fatalf("got Bob's arenas %+v, want Late then Early (not the private one)", got)
	}
	if e := got[1]; e.Players != 3 || e.Standing.Rank != 2 || e.Standing.Points != 2 || e.Standing.Races != 2 || e.Arena.Name != "Early" {
		t.Errorf("got Bob's Early line %+v, want rank 2 of 3, 2 points, 2 races", e)
	}
	if page, err := a.PlayerArenas(ctx, bob, archive.Page{Limit: 1, Offset: 1}); err != nil || len(page) != 1 || page[0].Arena.ID != early.ID {
		t.Errorf("got Bob's second page %+v, %v, want Early", page, err)
	}
	if none, err := a.PlayerArenas(ctx, UniqueID("nobody"), archive.Page{}); err != nil || len(none) != 0 {
		t.Errorf("got %+v, %v for a player in no arena, want none", none, err)
	}
}
