package web

import (
	"context"
	"io"
	"log/slog"
	"testing"

	"github.com/solitaire-race/racer/match/daily"
	"github.com/solitaire-race/racer/match/game/games"
	"github.com/solitaire-race/racer/match/leaderboard"
	"github.com/solitaire-race/racer/web/api"
)

// TestBrowserDailyPreparing: on a fresh server whose daily search is not
// done, the home page says each challenge is being prepared, asks again
// after Retry-After, and shows the challenges once the search is done.
func TestBrowserDailyPreparing(t *testing.T) {
	requireBrowser(t)
	release := make(chan struct{})
	t.Cleanup(func() {
		select {
		case <-release:
		default:
			close(release)
		}
	})
	boards := leaderboard.NewMemoryStore()
	dailies, err := daily.New(daily.Config{Games: games.All, Secret: []byte("web browser test daily secret"), Store: boards,
		Checker: func(ctx context.Context, _ uint64, _ string) (bool, error) {
			select {
			case <-release:
				return true, nil
			case <-ctx.Done():
				return false, ctx.Err()
			}
		}})
	if err != nil {
		t.Fatal(err)
	}
	apiHandler, err := api.New(api.Config{Boards: boards, Daily: dailies, Logger: slog.New(slog.NewTextHandler(io.Discard, nil))})
	if err != nil {
		t.Fatal(err)
	}
	ts := newTestServer(t, Config{API: apiHandler})
	a := newTab(t, "daily-preparing", desktopW, desktopH)
	a.open(ts.URL + "/")
	a.wait(`(() => { const b = document.querySelector('#h-daily-b'); return b !== null && !document.querySelector('#h-daily-p').hidden &&
		/Klondike · draw 3: today's challenge is being prepared/.test(b.textContent) && /Spider · 1 suit: today's challenge is being prepared/.test(b.textContent); })()`,
		"both challenges said to be in preparation")
	a.shot("daily-preparing")
	close(release)
	a.wait(`(() => { const b = document.querySelector('#h-daily-b'); return !/being prepared/.test(b.textContent) &&
		b.querySelectorAll('a[href*="board=daily"]').length >= 2 && /Proven winnable/.test(b.textContent) &&
		!document.querySelector('#h-fair').hidden; })()`, "both challenges shown once searched")
}
