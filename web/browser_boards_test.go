package web

import (
	"context"
	"fmt"
	"io"
	"log/slog"
	"strings"
	"testing"
	"time"

	"github.com/solitaire-race/racer/match/leaderboard"
	"github.com/solitaire-race/racer/match/rating"
	"github.com/solitaire-race/racer/web/api"
)

// boardLine is one line of a leaderboard as the page shows it.
type boardLine struct {
	Name string `json:"name"` // the name's link text
	Href string `json:"href"` // where it leads
	Tag  string `json:"tag"`  // the ID's tag beside it
	Text string `json:"text"` // the line's cells, " | " between them
}

const readBoard = `((sel) => [...document.querySelectorAll(sel + ' tr')].filter((tr) => tr.querySelector('a[href^="/player/"]')).map((tr) => {
  const a = tr.querySelector('a[href^="/player/"]');
  return { name: a.textContent, href: a.getAttribute('href'), tag: (tr.querySelector('.tag') || {}).textContent || '', text: [...tr.cells].map((c) => c.textContent.replace(/\s+/g, ' ').trim()).join(' | ') };
}))`

// TestBrowserLeaderboards: the rating board lists settled ratings and,
// apart below it, provisional ones; every name links to its player's page
// and carries its ID's tag, so two players of one name differ; an empty
// board and a player page with no race say so kindly, in no error red.
func TestBrowserLeaderboards(t *testing.T) {
	boards := leaderboard.NewMemoryStore()
	seed := []struct {
		id, name string
		r        rating.Rating
	}{
		{"a1b2c3d4e5f60718", "Ann", rating.Rating{Rating: 1700, Deviation: 60, Games: 30}},
		{"0f1e2d3c4b5a6978", "Ann", rating.Rating{Rating: 1650, Deviation: 70, Games: 25}},
		{"1111222233334444", "Bob", rating.Rating{Rating: 1900, Deviation: 300, Games: 1}},
	}
	for i, p := range seed {
		u := leaderboard.Update{Profile: "bvs", Race: fmt.Sprint("r", i), At: time.Now(), Rated: []string{p.id}, Names: map[string]string{p.id: p.name}}
		if _, err := boards.Apply(context.Background(), u, func(map[string]rating.Rating) map[string]rating.Rating {
			return map[string]rating.Rating{p.id: p.r}
		}); err != nil {
			t.Fatal(err)
		}
	}
	apiHandler, err := api.New(api.Config{Boards: boards, Logger: slog.New(slog.NewTextHandler(io.Discard, nil))})
	if err != nil {
		t.Fatal(err)
	}
	ts := newTestServer(t, Config{API: apiHandler})
	tb := newTab(t, "desktop", desktopW, desktopH)
	tb.recordErrors()
	tb.open(ts.URL + "/leaderboards?profile=bvs&board=rating")
	tb.wait(`document.querySelectorAll('#lb-rows a[href^="/player/"]').length > 0 && !document.querySelector('#lb-prov-s').hidden`, "the rating board")
	settled := eval[[]boardLine](tb, readBoard+`('#lb-rows')`)
	prov := eval[[]boardLine](tb, readBoard+`('#lb-prov-rows')`)
	t.Logf("settled %+v; provisional %+v", settled, prov)
	if len(settled) != 2 || settled[0].Href != "/player/a1b2c3d4e5f60718" || settled[1].Href != "/player/0f1e2d3c4b5a6978" || !strings.HasPrefix(settled[0].Text, "1 | ") {
		t.Errorf("settled ratings %+v, want both Anns, the 1700 first in 1st place", settled)
	}
	if len(prov) != 1 || prov[0].Href != "/player/1111222233334444" || !strings.Contains(prov[0].Text, "1,900?") {
		t.Errorf("provisional ratings %+v, want Bob's 1,900? apart", prov)
	}
	if len(settled) == 2 && (settled[0].Name != settled[1].Name || settled[0].Tag == "" || settled[0].Tag == settled[1].Tag) {
		t.Errorf("two players named Ann show tags %q and %q, want two different tags", settled[0].Tag, settled[1].Tag)
	}
	tb.shot("leaderboard")
	tb.audit("leaderboard")

	// An empty board says how to get on it, not an error.
	tb.open(ts.URL + "/leaderboards?profile=spider-2&board=rating")
	tb.wait(`document.querySelector('#lb-empty') !== null`, "the empty board")
	if got := text(tb, "#lb-empty"); !strings.Contains(got, "No rated races yet — play a race to appear here") {
		t.Errorf("empty board says %q, want the friendly line", got)
	}
	if red := eval[bool](tb, `getComputedStyle(document.querySelector('#lb-empty')).color === getComputedStyle(document.querySelector('.msg.error') || document.createElement('p')).color && !!document.querySelector('.error')`); red {
		t.Error("the empty board is shown as an error")
	}
	tb.shot("leaderboard-empty")

	// The player's own page before any rated race: the same, kindly.
	eval[bool](tb, `(localStorage.setItem('racer.player', '9999888877776666'), true)`)
	tb.open(ts.URL + "/player/9999888877776666")
	tb.wait(`document.querySelector('#pl-none') !== null`, "the player page with no race")
	if got := text(tb, "#pl-none"); !strings.Contains(got, "No rated races yet — play a race to appear here") {
		t.Errorf("own player page says %q, want the friendly line", got)
	}
	if eval[bool](tb, `document.querySelector('#pl-none').classList.contains('error')`) {
		t.Error("the own player page with no race is shown as an error")
	}
	tb.shot("player-none")
	tb.noErrors("the leaderboards and player pages")
}
