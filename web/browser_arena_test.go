package web

import (
	"fmt"
	"path/filepath"
	"strings"
	"testing"
	"time"

	"github.com/chromedp/chromedp"

	"github.com/solitaire-race/racer/match/archive"
	"github.com/solitaire-race/racer/match/arena"
	"github.com/solitaire-race/racer/match/game/games"
	"github.com/solitaire-race/racer/web/api"
)

// newArenaServer serves web with a hub in memory running the arenas of
// arenas, and one arena, "t1", running for ten minutes, with history
// (nil: none) the archive of the players' pages. It records no ratings.
func newArenaServer(t *testing.T, arenas *arena.Memory, history api.History) (*testServer, arena.Arena) {
	t.Helper()
	ts := newServer(t, serverOptions{seed: 1, arenas: arenas, history: history, unrated: true})
	a := arena.Arena{ID: "t1", Name: "Evening bvs", Profile: "bvs", Start: time.Now().Add(-time.Second), Duration: 10 * time.Minute, RaceSize: 2, Rated: true}
	if err := arenas.Create(t.Context(), a); err != nil {
		t.Fatal(err)
	}
	return ts, a
}

// TestBrowserArena: two browsers find the running arena, join it (one
// with the mouse on a desktop, one with the keyboard on a phone), are
// paired into one race shown on the arena page, resign, and see the
// standings move with their own line highlighted.
func TestBrowserArena(t *testing.T) {
	ts, _ := newArenaServer(t, arena.NewMemory(arena.MemoryConfig{}), nil)
	a := newTab(t, "arena A", desktopW, desktopH)
	b := newTab(t, "arena B", phoneW, phoneH)
	a.open(ts.URL + "/arenas")
	a.wait(`document.querySelector('#al-running a[href="/arena/t1"]') !== null`, "the running arena in the list")
	a.shot("arenas")
	a.open(eval[string](a, `document.querySelector('#al-running a.button').href`))
	a.wait(`location.pathname === '/arena/t1' && (document.querySelector('#ar-h') || {}).textContent === 'Evening bvs'`, "the arena page")
	a.click(`#ar-join`)
	a.wait(`document.querySelector('#ar-standings tr.me') !== null`, "A's own line")

	b.open(ts.URL + "/arena/t1")
	b.wait(`document.querySelector('#ar-join') && !document.querySelector('#ar-join').hidden && (document.querySelector('#ar-h') || {}).textContent === 'Evening bvs'`, "the join button")
	eval[bool](b, `(document.querySelector('#ar-join').focus(), true)`)
	b.keys("\r")
	for _, tb := range []*tab{a, b} {
		tb.wait(`document.querySelector('#ar-race .race') !== null`, "the arena race on the arena page")
		tb.wait(`location.pathname === '/arena/t1'`, "the arena's address kept")
		tb.wait(`document.querySelectorAll('#ar-races li').length === 1 && document.querySelectorAll('#ar-standings tr').length === 2`, "the live race and both players")
	}
	b.shot("arena-race")
	// Both resign: the race ends and counts.
	for _, tb := range []*tab{a, b} {
		tb.wait(`!document.querySelector('#r-board').classList.contains('passive')`, "the start")
		eval[bool](tb, `(window.confirm = () => true, true)`)
		tb.do(chromedp.KeyEvent("Q", chromedp.KeyModifiers(chromedp.ModifierShift)))
	}
	for _, tb := range []*tab{a, b} {
		tb.wait(`[...document.querySelectorAll('#ar-standings tr')].every((r) => r.children[3].textContent === '1')`, "one race each in the standings")
		tb.wait(`document.querySelectorAll('#ar-standings tr.me[aria-current="true"]').length === 1`, "the player's own line, highlighted")
	}
	// This server records no ratings (no OnFinish): the result view says
	// the rating is not known rather than wait for good.
	a.wait(`/player page/.test((document.querySelector('#res-rating') || {}).textContent || '')`, "the rating not known yet")
	me := eval[string](a, `document.querySelector('#ar-standings tr.me th').textContent`)
	other := eval[string](b, `document.querySelector('#ar-standings tr.me th').textContent`)
	if me == other {
		t.Fatalf("both browsers highlight %q, want each its own line", me)
	}
	a.shot("arena-standings")
	// Pause takes A out of the pool; the page says so.
	a.click(`#ar-pause`)
	a.wait(`!document.querySelector('#ar-resume').hidden && /paused/.test(document.querySelector('#ar-standings tr.me th').textContent)`, "A paused")
}

// TestBrowserArenaOwnRank puts a browser's player 60th of 60 in a
// running arena: the standings show the top 50, then a gap and the
// player's own line, highlighted, which follows a result live.
func TestBrowserArenaOwnRank(t *testing.T) {
	arenas := arena.NewMemory(arena.MemoryConfig{})
	ts, a := newArenaServer(t, arenas, nil)
	ctx := t.Context()
	now := time.Now()
	for i := 1; i <= 59; i++ {
		p := fmt.Sprintf("p%02d", i)
		if err := arenas.Join(ctx, a.ID, arena.Entrant{ID: p, Name: "Player " + p}); err != nil {
			t.Fatal(err)
		}
		if err := arenas.SetPaused(ctx, a.ID, p, true); err != nil {
			t.Fatal(err)
		}
		r := arena.RaceResult{Race: "solo-" + p, FinishedAt: now, Outcomes: []arena.Outcome{{Player: p, Place: 1, Cards: i}}}
		if _, err := arenas.Record(ctx, a.ID, r, 0); err != nil {
			t.Fatal(err)
		}
	}
	tb := newTab(t, "arena own rank", phoneW, phoneH)
	tb.open(ts.URL + "/arena/t1")
	tb.wait(`document.querySelectorAll('#ar-standings tr').length === 50 && !document.querySelector('#ar-join').hidden`, "the top 50 and the join button")
	tb.click(`#ar-join`)
	tb.wait(`document.querySelector('#ar-standings tr.gap') !== null && (document.querySelector('#ar-you td') || {}).textContent === '60'`, "the gap and the player's own line, 60th")
	if got := eval[int](tb, `document.querySelectorAll('#ar-standings tr').length`); got != 52 {
		t.Errorf("got %d rows, want the top 50, the gap and the player's line", got)
	}
	if !eval[bool](tb, `document.querySelector('#ar-you').matches('tr.me[aria-current="true"]') && document.querySelector('#ar-join').hidden && !document.querySelector('#ar-pause').hidden`) {
		t.Error("the player's own line is not highlighted, or the page does not know they joined")
	}
	tb.shot("arena-own-rank")
	// A second place with 5 cards: 1 point, 56th.
	ps, _ := arenas.Players(ctx, a.ID)
	var me string // the browser's player: the one not named pNN
	for _, p := range ps {
		if len(p.ID) == 16 {
			me = p.ID
		}
	}
	r := arena.RaceResult{Race: "you-1", FinishedAt: now.Add(time.Second), Outcomes: []arena.Outcome{
		{Player: "p01", Place: 1, Cards: 1}, {Player: me, Place: 2, Cards: 5}}}
	if _, err := arenas.Record(ctx, a.ID, r, time.Hour); err != nil {
		t.Fatal(err)
	}
	tb.wait(`(document.querySelector('#ar-you td') || {}).textContent === '56' && document.querySelector('#ar-you').children[2].textContent === '1'`, "the player's line, 56th with 1 point")
	tb.audit("arena, own line below the top") // last: it skips without axe-core
}

// TestBrowserArenaPlayerHistory shows a player's finished arena on their
// page, from the archive, and follows its link to the arena's final
// standings, which the arena store keeps no more.
func TestBrowserArenaPlayerHistory(t *testing.T) {
	ar, err := archive.Open(t.Context(), filepath.Join(t.TempDir(), "archive.db"), games.All)
	if err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() { _ = ar.Close() })
	const ann, bob, cy = "00000000000000aa", "00000000000000bb", "00000000000000cc"
	end := time.Now().Add(-time.Hour).Truncate(time.Second).UTC()
	done := arena.Arena{ID: "done1", Name: "Morning bvs", Profile: "bvs", Start: end.Add(-30 * time.Minute), Duration: 30 * time.Minute,
		RaceSize: 2, Rated: true}
	players := []arena.Entrant{{ID: ann, Name: "Ann"}, {ID: bob, Name: "Bob"}, {ID: cy, Name: "Cy"}}
	results := []arena.RaceResult{
		{Race: "r1", FinishedAt: end.Add(-20 * time.Minute), Outcomes: []arena.Outcome{{Player: bob, Place: 1, Cards: 52}, {Player: ann, Place: 2, Cards: 30}}},
		{Race: "r2", FinishedAt: end.Add(-10 * time.Minute), Outcomes: []arena.Outcome{{Player: ann, Place: 1, Cards: 52}, {Player: cy, Place: 2, Cards: 3}}},
	}
	if _, err := ar.SaveArena(t.Context(), done, arena.Recompute(players, results)); err != nil {
		t.Fatal(err)
	}
	ts, _ := newArenaServer(t, arena.NewMemory(arena.MemoryConfig{}), ar)
	tb := newTab(t, "arena history", desktopW, desktopH)
	tb.open(ts.URL + "/player/" + ann)
	tb.wait(`document.querySelector('#pl-arenas tr[data-arena="done1"]') !== null`, "the arena in the player's history")
	row := eval[string](tb, `document.querySelector('#pl-arenas tr[data-arena="done1"]').textContent`)
	if name := eval[string](tb, `document.querySelector('#pl-name').textContent`); name != "Ann" {
		t.Errorf("got the name %q, want Ann (from the arena)", name)
	}
	for _, want := range []string{"Morning bvs", "1 of 3", "3"} {
		if !strings.Contains(row, want) {
			t.Errorf("history row %q lacks %q", row, want)
		}
	}
	tb.shot("player-arenas")
	history := eval[string](tb, `location.href`)
	tb.open(eval[string](tb, `document.querySelector('#pl-arenas a[href="/arena/done1"]').href`))
	tb.wait(`location.pathname === '/arena/done1' && (document.querySelector('#ar-h') || {}).textContent === 'Morning bvs'`, "the archived arena's page")
	tb.wait(`document.querySelectorAll('#ar-standings tr').length === 3 && !document.querySelector('#ar-podium-p').hidden && document.querySelector('#ar-join').hidden`, "the final standings and podium")
	tb.shot("arena-archived")
	// Last, as they skip without axe-core: both pages pass the audit.
	tb.audit("archived arena")
	tb.open(history)
	tb.wait(`document.querySelector('#pl-arenas') !== null`, "the player's arenas again")
	tb.audit("player page with arenas")
}

// TestBrowserArenasUnavailable: on a server that runs no arenas, the
// arena list says so once and offers no form to create one.
func TestBrowserArenasUnavailable(t *testing.T) {
	ts := newRaceServer(t, 1)
	a := newTab(t, "arenas", phoneW, phoneH)
	a.open(ts.URL + "/arenas")
	a.wait(`(document.querySelector('#al-none') || {}).textContent === 'This server runs no arenas.'`, "the one sentence")
	if n := eval[int](a, `document.querySelectorAll('#al-create, .msg.error, #al-running').length`); n != 0 {
		t.Errorf("%d create forms, error messages or lists on the page, want none", n)
	}
}
