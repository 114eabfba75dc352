package web

import (
	"path/filepath"
	"strings"
	"testing"
	"time"

	"github.com/chromedp/chromedp"

	"github.com/solitaire-race/racer/match/archive"
	"github.com/solitaire-race/racer/match/arena"
	"github.com/solitaire-race/racer/match/game/games"
)

// arenaLayout is where an arena page puts the race and the standings, in
// CSS pixels of a 1366×768 screen.
type arenaLayout struct {
	RaceLeft, RaceRight, RaceTop float64
	BoardTop                     float64
	StandLeft, StandTop          float64
	InnerHeight                  float64
}

const measureArena = `(() => {
  const r = document.querySelector('#ar-race .race').getBoundingClientRect();
  const s = document.querySelector('#ar-standings').closest('.panel').getBoundingClientRect();
  return { RaceLeft: r.left, RaceRight: r.right, RaceTop: r.top, BoardTop: document.querySelector('#r-board').getBoundingClientRect().top,
    StandLeft: s.left, StandTop: s.top, InnerHeight: innerHeight };
})()`

// TestBrowserArenaLayout: the arena list says how long each arena has
// left or when it starts; on a 1366×768 screen an arena's race sits
// beside its standings, and it ends with no rematch; a finished arena's
// podium is drawn, with no emoji.
func TestBrowserArenaLayout(t *testing.T) {
	ar, err := archive.Open(t.Context(), filepath.Join(t.TempDir(), "archive.db"), games.All)
	if err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() { _ = ar.Close() })
	const ann, bob, cy = "00000000000000aa", "00000000000000bb", "00000000000000cc"
	end := time.Now().Add(-time.Hour).Truncate(time.Second).UTC()
	done := arena.Arena{ID: "done1", Name: "Morning bvs", Profile: "bvs", Start: end.Add(-30 * time.Minute), Duration: 30 * time.Minute, RaceSize: 2, Rated: true}
	results := []arena.RaceResult{
		{Race: "r1", FinishedAt: end.Add(-20 * time.Minute), Outcomes: []arena.Outcome{{Player: bob, Place: 1, Cards: 52}, {Player: ann, Place: 2, Cards: 30}}},
		{Race: "r2", FinishedAt: end.Add(-10 * time.Minute), Outcomes: []arena.Outcome{{Player: ann, Place: 1, Cards: 52}, {Player: cy, Place: 2, Cards: 3}}},
	}
	if _, err := ar.SaveArena(t.Context(), done, arena.Recompute([]arena.Entrant{{ID: ann, Name: "Ann"}, {ID: bob, Name: "Bob"}, {ID: cy, Name: "Cy"}}, results)); err != nil {
		t.Fatal(err)
	}
	arenas := arena.NewMemory(arena.MemoryConfig{})
	ts, _ := newArenaServer(t, arenas, ar)
	later := arena.Arena{ID: "later", Name: "Later on", Profile: "spider-1", Start: time.Now().Add(20 * time.Minute), Duration: 10 * time.Minute, RaceSize: 2, Rated: true}
	if err := arenas.Create(t.Context(), later); err != nil {
		t.Fatal(err)
	}

	a := newTab(t, "arena desktop", 1366, 768)
	a.recordErrors()
	a.open(ts.URL + "/arenas")
	a.wait(`/^Ends in \d+:\d\d$/.test((document.querySelector('#al-running .when') || {}).textContent || '') &&
		/^Starts in 1\d:\d\d$/.test((document.querySelector('#al-upcoming .when') || {}).textContent || '')`, "the time left in the arena list")
	a.shot("arena-list")

	b := newTab(t, "arena phone", phoneW, phoneH)
	for _, tb := range []*tab{a, b} {
		tb.open(ts.URL + "/arena/t1")
		tb.wait(`document.querySelector('#ar-join') && !document.querySelector('#ar-join').hidden && (document.querySelector('#ar-h') || {}).textContent === 'Evening bvs'`, "the join button")
		tb.click(`#ar-join`)
		tb.wait(`document.querySelector('#ar-standings tr.me') !== null || document.querySelector('#ar-race .race') !== null`, "the player in the arena")
	}
	for _, tb := range []*tab{a, b} {
		tb.wait(`document.querySelector('#ar-race .race') !== null && !document.querySelector('#r-board').classList.contains('passive')`, "the arena race, started")
	}
	got := eval[arenaLayout](a, measureArena)
	t.Logf("arena at 1366×768: %+v", got)
	if got.StandLeft < got.RaceRight || got.StandTop < 0 || got.StandTop >= got.InnerHeight || got.BoardTop >= got.InnerHeight {
		t.Errorf("race %.0f–%.0f px, board top %.0f, standings at %.0f, %.0f: want the standings beside the race, both on screen", got.RaceLeft, got.RaceRight, got.BoardTop, got.StandLeft, got.StandTop)
	}
	a.shot("arena-race")

	// Both resign: no rematch, no way back to the lobby, M does nothing.
	for _, tb := range []*tab{a, b} {
		eval[bool](tb, `(window.confirm = () => true, true)`)
		tb.do(chromedp.KeyEvent("Q", chromedp.KeyModifiers(chromedp.ModifierShift)))
	}
	a.wait(`!document.querySelector('#r-result').hidden && document.querySelector('#res-replay') !== null`, "the race's result")
	a.keys("m")
	if n := eval[int](a, `document.querySelectorAll('#ar-race #res-rematch, #ar-race a.button[href="/"]').length`); n != 0 {
		t.Errorf("%d rematch buttons or lobby links in the arena's race, want none", n)
	}
	if got := text(a, "#r-msg"); strings.Contains(got, "rematch") {
		t.Errorf("M in an arena race says %q, want nothing of a rematch", got)
	}
	a.shot("arena-race-over")

	// A finished arena's podium: drawn, the first on the highest step.
	a.open(ts.URL + "/arena/done1")
	a.wait(`document.querySelectorAll('#ar-podium li').length === 3`, "the podium")
	medals := eval[[]string](a, `[...document.querySelectorAll('#ar-podium li')].map((li) => li.querySelector('.medal').textContent + ' ' + li.querySelector('.who').textContent)`)
	if strings.Join(medals, ", ") != "1 Ann, 2 Bob, 3 Cy" {
		t.Errorf("podium %q, want 1 Ann, 2 Bob, 3 Cy", medals)
	}
	if !eval[bool](a, `(() => { const h = (n) => document.querySelector('#ar-podium .p' + n + ' .step').getBoundingClientRect().height; return h(1) > h(2) && h(2) > h(3); })()`) {
		t.Error("the podium's steps are not highest for the first, lowest for the third")
	}
	if eval[bool](a, `/\p{Extended_Pictographic}/u.test(document.querySelector('main').textContent)`) {
		t.Error("an emoji on the arena page")
	}
	a.shot("arena-podium")
	a.audit("arena podium")
	a.noErrors("the arena pages")
}
