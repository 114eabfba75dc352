package web

import (
	"context"
	"io"
	"log/slog"
	"net/http/httptest"
	"testing"
	"time"

	"github.com/chromedp/chromedp"

	"github.com/solitaire-race/racer/hub"
	"github.com/solitaire-race/racer/match"
	"github.com/solitaire-race/racer/match/arena"
	"github.com/solitaire-race/racer/match/leaderboard"
	"github.com/solitaire-race/racer/web/api"
)

// newArenaServer serves web with a hub in memory running arenas, and one
// arena, "t1", running for ten minutes.
func newArenaServer(t *testing.T) *httptest.Server {
	t.Helper()
	store, broker, lobby := hub.MemoryBackends()
	arenas := arena.NewMemory(arena.MemoryConfig{})
	quiet := slog.New(slog.NewTextHandler(io.Discard, nil))
	h, err := hub.New(hub.Config{Store: store, Broker: broker, Presence: broker, Lobby: lobby,
		Dealer: match.FixedDealer{Seed: 1}, Countdown: time.Second, SpectatorDelay: time.Second, StuckBudget: 2000,
		Arenas: arenas, ArenaTick: 100 * time.Millisecond, ArenaPause: 100 * time.Millisecond,
		ArenaPair: arena.PairConfig{RepeatAfter: time.Hour}, Logger: quiet})
	if err != nil {
		t.Fatal(err)
	}
	ctx, cancel := context.WithCancel(context.Background())
	go h.Run(ctx)
	a := arena.Arena{ID: "t1", Name: "Evening bvs", Profile: "bvs", Start: time.Now().Add(-time.Second), Duration: 10 * time.Minute, RaceSize: 2, Rated: true}
	if err := arenas.Create(ctx, a); err != nil {
		t.Fatal(err)
	}
	apiHandler, err := api.New(api.Config{Boards: leaderboard.NewMemoryStore(), Races: store, Arenas: arenas, Logger: quiet})
	if err != nil {
		t.Fatal(err)
	}
	ts := newTestServer(t, Config{Hub: h.Handler(), API: apiHandler})
	t.Cleanup(func() {
		sctx, scancel := context.WithTimeout(context.Background(), 5*time.Second)
		defer scancel()
		_ = h.Shutdown(sctx)
		cancel()
	})
	return ts
}

// TestBrowserArena: two browsers find the running arena, join it (one
// with the mouse on a desktop, one with the keyboard on a phone), are
// paired into one race shown on the arena page, resign, and see the
// standings move with their own line highlighted.
func TestBrowserArena(t *testing.T) {
	ts := newArenaServer(t)
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
