package web

import (
	"slices"
	"strings"
	"testing"
	"time"

	"github.com/solitaire-race/racer/match/arena"
	"github.com/solitaire-race/racer/match/game/games"
)

// TestBrowserArenaNames: scheduled arenas are named in the page's
// language from their schedule and profile (hourly, daily, every 90
// minutes), in the list, on the arena's page and in its title; an arena
// a host made keeps the host's name in both languages. Both pages pass
// the axe-core audit in both languages.
func TestBrowserArenaNames(t *testing.T) {
	arenas := arena.NewMemory(arena.MemoryConfig{})
	ts := newServer(t, serverOptions{seed: 1, arenas: arenas})
	ctx := t.Context()
	sched, err := arena.ParseSchedule("bvs/1h/50m,spider-1/24h/1h/@18h,bvs/90m/30m", arena.MinDuration, func(p string) bool { return slices.Contains(games.Profiles(), p) })
	if err != nil {
		t.Fatal(err)
	}
	now := time.Now()
	for _, a := range sched.Due(now) {
		if a.Start.After(now) {
			if err := arenas.Create(ctx, a); err != nil {
				t.Fatal(err)
			}
		}
	}
	hosted := arena.Arena{ID: "mine", Name: "Evening bvs", Profile: "bvs", Start: now.Add(time.Hour), Duration: 10 * time.Minute, RaceSize: 2, Rated: true, Host: "0123456789abcdef"}
	if err := arenas.Create(ctx, hosted); err != nil {
		t.Fatal(err)
	}

	var tabs []*tab
	for _, tc := range []struct {
		lang  string
		names []string
		page  string
	}{
		{"en", []string{"Hourly arena: Klondike · draw 3", "Daily arena: Spider · 1 suit", "Arena every 90 min: Klondike · draw 3", "Evening bvs"}, "Hourly arena: Klondike · draw 3"},
		{"pt-BR", []string{"Arena de hora em hora: Paciência · vira 3", "Arena diária: Spider · 1 naipe", "Arena a cada 90 min: Paciência · vira 3", "Evening bvs"}, "Arena de hora em hora: Paciência · vira 3"},
	} {
		w, ht := int64(desktopW), int64(desktopH)
		if tc.lang == "pt-BR" {
			w, ht = phoneW, phoneH
		}
		tb := newTab(t, "arena names "+tc.lang, w, ht)
		tb.recordErrors()
		tb.browserLanguage(tc.lang)
		tb.open(ts.URL + "/arenas")
		tb.wait(`document.querySelectorAll('#al-upcoming a[href^="/arena/"]:not(.button)').length === 4`, "the four upcoming arenas")
		got := eval[[]string](tb, `[...document.querySelectorAll('#al-upcoming a[href^="/arena/"]:not(.button)')].map((a) => a.textContent)`)
		for _, n := range tc.names {
			if !strings.Contains(strings.Join(got, "|"), n) {
				t.Errorf("%s: arenas listed %q, want %q among them", tc.lang, got, n)
			}
		}
		if eval[bool](tb, `document.documentElement.scrollWidth > innerWidth`) {
			t.Errorf("%s: the arena list scrolls sideways", tc.lang)
		}
		tb.open(ts.URL + "/arena/" + eval[string](tb, `document.querySelector('#al-upcoming a[href^="/arena/bvs-60m-"]').getAttribute('href').slice(7)`))
		tb.wait(`(document.querySelector('#ar-h') || {}).textContent === `+jsString(tc.page)+` && document.title.startsWith(`+jsString(tc.page)+`)`, "the scheduled arena's page, named in "+tc.lang)
		tb.noErrors("the arena pages in " + tc.lang)
		tabs = append(tabs, tb)
	}
	// Last, as it skips the test where axe-core is not installed: the
	// arena pages pass the accessibility audit in both languages.
	for _, tb := range tabs {
		tb.audit("arena")
		tb.open(ts.URL + "/arenas")
		tb.wait(`document.querySelectorAll('#al-upcoming a[href^="/arena/"]:not(.button)').length === 4`, "the arena list again")
		tb.audit("arena list")
	}
}
