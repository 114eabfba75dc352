package web

import (
	"strings"
	"testing"
	"time"

	"github.com/solitaire-race/racer/match/arena"
	"github.com/solitaire-race/racer/match/storetest"
)

// newHomeServer serves web with a hub in memory that runs arenas, the
// JSON API with daily challenges and arenas, one arena running and one
// coming up, and a live race between two people.
func newHomeServer(t *testing.T) string {
	t.Helper()
	arenas := arena.NewMemory(arena.MemoryConfig{})
	ts := newServer(t, serverOptions{seed: 1, arenas: arenas})
	ctx := t.Context()
	now := time.Now()
	for _, a := range []arena.Arena{
		{ID: "evening", Name: "Evening race", Profile: "spider-1", Start: now.Add(-time.Minute), Duration: 30 * time.Minute, RaceSize: 2, Rated: true, Host: "0123456789abcdef"},
		{ID: "later", Name: "Later on", Profile: "bvs", Start: now.Add(20 * time.Minute), Duration: 20 * time.Minute, RaceSize: 2, Rated: true, Host: "0123456789abcdef"},
	} {
		if err := arenas.Create(ctx, a); err != nil {
			t.Fatal(err)
		}
	}
	race := storetest.NewRace(t, "a1b2c3d4e5f60718", "0f1e2d3c4b5a6978")
	race.Profile = "spider-2"
	if _, err := ts.races.CreateRace(ctx, race); err != nil {
		t.Fatal(err)
	}
	return ts.URL
}

// homeFirstScreen is what the home page shows without scrolling.
type homeFirstScreen struct {
	Daily    []string `json:"daily"`    // daily challenges one can race
	Arenas   []string `json:"arenas"`   // arenas, with their time
	Races    []string `json:"races"`    // live races
	Online   string   `json:"online"`   // how many race now
	Choices  []string `json:"choices"`  // quick races, in words
	Games    []string `json:"games"`    // games offered
	Pictures []string `json:"pictures"` // games drawn
	More     bool     `json:"more"`     // the other rules, a choice away
	Images   int      `json:"images"`   // <img> and emoji: none wanted
	Codes    []string `json:"codes"`    // profile codes in the page's words
}

const measureHome = `(async () => {
  const shown = (e) => { const r = e.getBoundingClientRect(); const s = getComputedStyle(e);
    return r.width > 0 && r.height > 0 && s.visibility !== 'hidden' && r.top >= 0 && r.bottom <= innerHeight && r.right <= innerWidth; };
  const words = (sel) => [...document.querySelectorAll(sel)].filter(shown).map((e) => e.textContent.replace(/\s+/g, ' ').trim());
  const cfg = await (await fetch('/api/web/config')).json();
  const main = document.querySelector('main');
  // Every word of the page: its text (hidden parts too) and the words of
  // its titles, labels and options.
  const said = [main.textContent, ...[...main.querySelectorAll('[title], [aria-label], [label]')]
    .flatMap((e) => ['title', 'aria-label', 'label'].map((a) => e.getAttribute(a) || ''))].join(' ');
  const code = (p) => new RegExp('(^|[^\\w-])' + p.replace(/[-]/g, '\\-') + '($|[^\\w-])').test(said);
  return {
    daily: words('#h-daily-b [data-daily]'),
    arenas: words('#h-arenas-l li'),
    races: words('#h-races li'),
    online: shown(document.querySelector('#h-online')) ? document.querySelector('#h-online').textContent : '',
    choices: words('#h-games [data-queue]'),
    games: [...document.querySelectorAll('#h-games .game')].map((g) => g.dataset.game),
    pictures: [...document.querySelectorAll('#h-games .game')].filter((g) => shown(g.querySelector('svg.pic'))).map((g) => g.dataset.game),
    more: shown(document.querySelector('#h-more summary')),
    images: main.querySelectorAll('img').length + (main.textContent.match(/\p{Extended_Pictographic}/gu) || []).length,
    codes: cfg.profiles.map((p) => p.name).filter(code),
  };
})()`

// TestBrowserHome: the home page's first screen at 1366×768 offers
// today's daily challenges, the arenas with their time, the live races
// and how many race now, and at most eight quick races named in words,
// each game drawn, the other rules a choice away; no profile code shows
// anywhere, in English or Portuguese, and on a phone nothing scrolls
// sideways.
func TestBrowserHome(t *testing.T) {
	url := newHomeServer(t)
	tb := newTab(t, "desktop", 1366, 768)
	tb.recordErrors()
	tb.open(url + "/")
	ready := `document.querySelector('[data-queue="bvs"]') !== null && document.querySelector('[data-daily="spider-1"]') !== null &&
		!document.querySelector('#h-online').hidden && document.querySelector('#h-races a[href^="/watch/"]') !== null &&
		document.querySelectorAll('#h-arenas-l a[href^="/arena/"]').length === 2`
	tb.wait(ready, "the home page, its dailies, arenas and live races")
	got := eval[homeFirstScreen](tb, measureHome)
	t.Logf("first screen: %+v", got)
	if d := strings.Join(got.Daily, "|"); !strings.Contains(d, "Klondike · draw 3") || !strings.Contains(d, "Spider · 1 suit") {
		t.Errorf("daily challenges on the first screen %q, want Klondike's and Spider's among them", got.Daily)
	}
	if len(got.Arenas) != 2 || !strings.Contains(got.Arenas[0], "Ends in") || !strings.Contains(got.Arenas[1], "Starts in") {
		t.Errorf("arenas on the first screen %q, want the running one's end, then the next one's start", got.Arenas)
	}
	if len(got.Races) != 1 || !strings.Contains(got.Races[0], "Spider · 2 suits") {
		t.Errorf("live races on the first screen %q, want the Spider 2-suit race in words", got.Races)
	}
	if got.Online != "2 racing now" {
		t.Errorf("players online %q, want 2 racing now", got.Online)
	}
	if len(got.Choices) == 0 || len(got.Choices) > 8 {
		t.Errorf("quick races on the first screen %q, want 1 to 8", got.Choices)
	}
	for _, c := range got.Choices {
		if !strings.Contains(c, " · ") {
			t.Errorf("quick race %q, want its game and rules in words", c)
		}
	}
	if g := strings.Join(got.Games, " "); !strings.HasPrefix(g, "klondike spider") || strings.Join(got.Pictures, " ") != g {
		t.Errorf("games drawn on the first screen %v of %v, want every game drawn, Klondike and Spider first", got.Pictures, got.Games)
	}
	if !got.More {
		t.Error("no \"more rules\" on the first screen")
	}
	if got.Images > 0 {
		t.Errorf("%d images or emoji on the home page, want drawings only", got.Images)
	}
	if len(got.Codes) > 0 {
		t.Errorf("profile codes on the home page: %q", got.Codes)
	}
	tb.shot("home")

	// The other rules, a click away, named in words.
	tb.click(`#h-more summary`)
	tb.wait(`document.querySelector('#h-more').open && document.querySelector('[data-queue="spider-2-std"]') !== null`, "the more rules")
	if got := text(tb, `[data-queue="spider-2-std"]`); got != "Spider · 2 suits, one-suit runs" {
		t.Errorf("spider-2-std named %q, want Spider · 2 suits, one-suit runs", got)
	}
	tb.shot("home-more")
	tb.audit("home")
	tb.noErrors("the home page")

	pt := newTab(t, "phone pt", phoneW, phoneH)
	pt.emulateTouch()
	pt.browserLanguage("pt-BR")
	pt.open(url + "/")
	pt.wait(ready+` && document.documentElement.lang === 'pt-BR'`, "the home page in Portuguese")
	if got := eval[homeFirstScreen](pt, measureHome); len(got.Codes) > 0 {
		t.Errorf("profile codes on the Portuguese home page: %q", got.Codes)
	}
	if eval[bool](pt, `document.documentElement.scrollWidth > innerWidth`) {
		t.Error("the phone's home page scrolls sideways")
	}
	pt.shot("home-pt")
}
