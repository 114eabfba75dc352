package web

import (
	"fmt"
	"strings"
	"testing"

	"github.com/solitaire-race/racer/spider"
)

// phoneRace is what a phone racer's page measures, in CSS pixels, with
// the page scrolled to its top.
type phoneRace struct {
	Coarse    bool        `json:"coarse"`    // the touch screen is seen as one
	HoverNone bool        `json:"hoverNone"` // and as one without hover
	ScrollY   float64     `json:"scrollY"`   // the page is at its top
	BoardTop  float64     `json:"boardTop"`  // the board's top edge
	CardW     float64     `json:"cardW"`     // a face-up card's width
	Overflow  float64     `json:"overflow"`  // page width past the screen's
	Opponents []string    `json:"opponents"` // racers whose progress shows on the first screen
	Keys      []string    `json:"keys"`      // visible key names and key help
	Names     []phoneName `json:"names"`     // each racer's name and rating in the strip
}

// phoneName is how a racer's name and rating read in a phone's strip.
type phoneName struct {
	Racer  string  `json:"racer"`
	Name   string  `json:"name"`   // the name as written
	Cut    bool    `json:"cut"`    // the name is cut short (ellipsis)
	Rating string  `json:"rating"` // the rating as shown, '' when hidden
	Font   float64 `json:"font"`   // the smaller of the two font sizes, px
	Counts string  `json:"counts"` // the counts line as shown
	// CountsCut: the counts line is cut short (ellipsis).
	CountsCut bool `json:"countsCut"`
}

const measurePhoneRace = `(() => {
  const vis = (e) => { const r = e.getBoundingClientRect(); const s = getComputedStyle(e);
    return r.width > 0 && r.height > 0 && s.visibility !== 'hidden' && s.display !== 'none'; };
  const onScreen = (e) => { const r = e.getBoundingClientRect(); return vis(e) && r.top >= 0 && r.bottom <= innerHeight; };
  const card = document.querySelector('#r-board .column .card.up');
  return {
    coarse: matchMedia('(pointer: coarse)').matches,
    hoverNone: matchMedia("(hover: none)").matches,
    scrollY: scrollY,
    boardTop: document.querySelector('#r-board').getBoundingClientRect().top,
    cardW: card ? card.getBoundingClientRect().width : 0,
    overflow: document.documentElement.scrollWidth - innerWidth,
    opponents: [...document.querySelectorAll('#r-opps .opp')].filter(onScreen).map((e) => e.dataset.racer),
    keys: [...document.querySelectorAll('kbd, .keys, .board .key')].filter(vis).map((e) => e.textContent.trim()),
    names: [...document.querySelectorAll('#r-opps .opp')].map((e) => {
      const nm = e.querySelector('.nm');
      const r = e.querySelector('.rating');
      const shown = r && onScreen(r);
      const c = e.querySelector('.counts');
      return { racer: e.dataset.racer, name: nm.textContent, cut: nm.scrollWidth > nm.clientWidth + 1,
        counts: c.innerText.trim(), countsCut: c.scrollWidth > c.clientWidth + 1,
        rating: shown ? r.textContent.trim() : '', font: Math.min(parseFloat(getComputedStyle(nm).fontSize), r ? parseFloat(getComputedStyle(r).fontSize) : 99) };
    }),
  };
})()`

// TestBrowserPhoneRace: a Spider race on a phone held upright (390×844,
// a touch screen) shows the board near the top without scrolling, cards
// a thumb can take, the opponent's progress, name and rating on the same
// screen (their counts in few words, not cut short), and no key help; a tapped card with no move is explained in
// taps, not keys.
func TestBrowserPhoneRace(t *testing.T) {
	const seed = 11
	ts := newRaceServer(t, seed)
	desk, phone := raceTabs(t, ts.URL, "spider-1")
	deskID := eval[string](desk, `window.__hub.me.player`)
	phoneID := eval[string](phone, `window.__hub.me.player`)

	// The desktop racer plays a move: its progress reaches the phone.
	rules, err := spider.Profile("spider-1")
	if err != nil {
		t.Fatal(err)
	}
	st := spider.MustNew(spider.NewDeal(seed, rules.Suits), rules)
	m, ok := keyMove(st)
	if !ok {
		t.Fatal("no column move at the deal")
	}
	desk.keys(spiderKey(m.From()))
	desk.keys(spiderKey(m.To()))
	desk.waitSeq(1)
	phone.wait(fmt.Sprintf(`/ 1 action/.test((document.querySelector('[data-racer="%s"]') || {}).textContent || '')`, deskID), "the desktop racer's move, on the phone")

	eval[bool](phone, `(scrollTo(0, 0), true)`)
	got := eval[phoneRace](phone, measurePhoneRace)
	t.Logf("hover none %v; phone race: board top %.0f px, card %.1f px wide, opponents on screen %v, keys %q", got.HoverNone, got.BoardTop, got.CardW, got.Opponents, got.Keys)
	if !got.Coarse {
		t.Fatal("the phone's touch screen is not seen as (pointer: coarse)")
	}
	if got.ScrollY != 0 || got.BoardTop > 220 {
		t.Errorf("board top %.0f px at scroll %.0f, want within 220 px of the top unscrolled", got.BoardTop, got.ScrollY)
	}
	if got.CardW < 34 {
		t.Errorf("Spider card %.1f px wide, want at least 34", got.CardW)
	}
	if got.Overflow > 0 {
		t.Errorf("the page is %.0f px wider than the screen", got.Overflow)
	}
	for _, id := range []string{deskID, phoneID} {
		if !strings.Contains(strings.Join(got.Opponents, " "), id) {
			t.Errorf("racer %s's progress is not on the first screen (on screen: %v)", id, got.Opponents)
		}
	}
	// Names and ratings, whole and legible.
	for _, n := range got.Names {
		if n.Cut || n.Rating == "" || n.Font < 12 {
			t.Errorf("racer %s on the phone: name %q cut short %v, rating %q, smallest font %.1f px; want the whole name, the rating, 12 px or more", n.Racer, n.Name, n.Cut, n.Rating, n.Font)
		}
		if n.CountsCut || !strings.HasSuffix(n.Counts, "/8 runs") {
			t.Errorf("racer %s's counts on the phone: %q, cut short %v; want the runs completed in few words, whole", n.Racer, n.Counts, n.CountsCut)
		}
	}
	if len(got.Keys) > 0 {
		t.Errorf("key help shown on a touch screen: %q", got.Keys)
	}
	phone.shot("phone-race")

	// A tap on a card with no move says what to tap, not which key.
	col := -1
	for c := range 10 {
		has := false
		for _, m := range st.Moves() {
			has = has || (!m.IsDeal() && m.From() == c)
		}
		if !has {
			col = c
			break
		}
	}
	if col < 0 {
		t.Fatal("every column has a move at the deal")
	}
	phone.click(fmt.Sprintf(`#r-board [data-pile="%d"] .card.up:last-child`, col))
	phone.wait(`document.querySelector('#r-msg').textContent !== ''`, "the explanation of a card with no move")
	msg := eval[string](phone, `document.querySelector('#r-msg').textContent`)
	if strings.Contains(msg, "Esc") || strings.Contains(msg, "1–9") || !strings.Contains(msg, "tap") {
		t.Errorf("message after a tap %q, want it in taps, with no keys", msg)
	}
	phone.shot("phone-race-tapped")
}
