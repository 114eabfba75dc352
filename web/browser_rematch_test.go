package web

import (
	"fmt"
	"os"
	"strings"
	"testing"

	"github.com/chromedp/chromedp"
	"github.com/solitaire-race/racer/klondike"
)

// ratingsShownCurrent is true when the race view shows, beside each racer
// of the last ratings message the page heard (window.__rated), the
// rating that race left them with as the ratings API gives it
// (window.__ratedAPI, player -> rating: the message's are rounded to a
// tenth) and the leaderboards show it.
const ratingsShownCurrent = `(() => {
  const r = window.__rated;
  const api = window.__ratedAPI;
  if (!r || !r.rated || !(r.changes || []).length || !api) return false;
  return r.changes.every((c) => {
    const el = document.querySelector('#r-opps [data-racer="' + c.player + '"] .rating');
    return el !== null && api.has(c.player) && el.textContent.replace(/\D/g, '') === String(Math.round(api.get(c.player)));
  });
})()`

// hearRatings keeps, in window.__rated, the last ratings message the
// page hears and, in window.__ratedAPI, the ratings API's answer for its
// racers once it has come.
const hearRatings = `window.__hub.on('ratings', (r) => {
  window.__rated = r;
  fetch('/api/ratings/' + r.profile + '?players=' + r.changes.map((c) => c.player).join(','))
    .then((x) => x.json()).then((d) => { window.__ratedAPI = new Map(d.ratings.map((x) => [x.player, x.rating])); });
})`

// axeInstalled tells whether axe-core is where audit finds it (a test
// that audits calls requireAxe, which skips it otherwise).
func axeInstalled() bool {
	path := os.Getenv("AXE_CORE")
	if path == "" {
		path = axeDefault
	}
	_, err := os.Stat(path)
	return err == nil
}

// TestBrowserRoomRematch: in a room of two (the host at a desktop, the
// guest on a touch phone), the host's Rematch is an offer the guest sees
// as a notice in their result view, which stays on screen; the guest
// declines (the host reads it), then accepts, and the next race starts
// for both, showing the ratings the last race left them with.
func TestBrowserRoomRematch(t *testing.T) {
	ts := newRaceServer(t, 1)
	host := newTab(t, "host", 1366, 768)
	guest := newTab(t, "guest", phoneW, phoneH)
	guest.emulateTouch()
	host.open(ts.URL + "/")
	host.wait(`document.querySelector('[data-queue]') !== null`, "the lobby")
	eval[bool](host, `(document.querySelector('#h-profile').value = 'bvs', true)`)
	host.click(`#h-create button[type="submit"]`)
	host.wait(`document.querySelector('#rm-link') !== null`, "the room page")
	guest.open(eval[string](host, `document.querySelector('#rm-link').href`))
	host.wait(`document.querySelectorAll('#rm-members li').length === 2`, "the guest in the room")
	guest.wait(`document.querySelectorAll('#rm-members li').length === 2`, "the room as the guest sees it")
	hostID, guestID := eval[string](host, `window.__hub.me.player`), eval[string](guest, `window.__hub.me.player`)
	hostName, guestName := eval[string](host, `window.__hub.me.name`), eval[string](guest, `window.__hub.me.name`)
	for _, tb := range []*tab{host, guest} {
		// What each page hears: the ratings, and any race message.
		eval[bool](tb, `(window.__races = [], window.__hub.on('race', (r) => window.__races.push(r.race.id)),
			`+hearRatings+`, true)`)
	}
	host.click(`#rm-start`)
	for _, tb := range []*tab{host, guest} {
		tb.wait(`document.querySelector('.race') !== null && !document.querySelector('#r-board').classList.contains('passive')`, "the first race's start")
	}
	race1 := eval[string](host, `location.pathname`)

	// The host puts a card home, then both resign: the host wins on
	// cards, which moves both ratings.
	rules, _ := klondike.Profile("bvs")
	st := klondike.MustNew(klondike.NewDeal(1), rules)
	for i, m := range readLine(t, "win-bvs-1.txt") {
		if st.FoundationCards() > 0 {
			break
		}
		host.keys(keysFor(m))
		if err := st.Apply(m); err != nil {
			t.Fatal(err)
		}
		host.wait(fmt.Sprintf(`document.querySelector('.race').dataset.seq === '%d'`, i+1), fmt.Sprintf("the ack of move %d", i+1))
	}
	for _, tb := range []*tab{guest, host} {
		eval[bool](tb, `(window.confirm = () => true, true)`)
		tb.do(chromedp.KeyEvent("Q", chromedp.KeyModifiers(chromedp.ModifierShift)))
	}
	for _, tb := range []*tab{host, guest} {
		tb.wait(`document.querySelector('#res-rematch') !== null && window.__rated !== undefined`, "the result view with the ratings")
	}
	if got := eval[int](host, `+document.querySelector('.result-card').dataset.place`); got != 1 {
		t.Errorf("the host placed %d, want 1 (a card home against none)", got)
	}

	// The host offers. The guest's result view stays, with the offer as
	// a notice and a button to accept; no race starts.
	host.click(`#res-rematch`)
	host.wait(fmt.Sprintf(`document.querySelector('#res-offer').textContent.includes('waiting for %s')`, guestName), "the host waiting for the guest")
	guest.wait(fmt.Sprintf(`(e => e && !e.hidden && e.classList.contains('incoming') && e.textContent.includes('%s offers a rematch'))(document.querySelector('#res-offer'))`, hostName), "the host's offer, on the guest's result view")
	if got := text(guest, "#res-rematch"); !strings.HasPrefix(got, "Accept the rematch") {
		t.Errorf("the guest's button reads %q, want Accept the rematch", got)
	}
	if eval[bool](guest, `document.querySelector('#res-decline').hidden`) {
		t.Error("the guest has no Decline button")
	}
	host.shot("rematch-offered")
	guest.shot("rematch-offer")
	if axeInstalled() {
		host.audit("rematch offered")
		guest.audit("rematch offer")
	}
	for _, tb := range []*tab{host, guest} {
		if got := eval[string](tb, `location.pathname`); got != race1 || !eval[bool](tb, `!document.querySelector('#r-result').hidden && document.querySelector('#res-h') !== null`) {
			t.Errorf("%s: at %s (result view shown: %v) after the offer, want the result of %s still on screen", tb.name, got,
				eval[bool](tb, `!document.querySelector('#r-result').hidden`), race1)
		}
		if n := eval[int](tb, `window.__races.filter((id) => '/race/' + id !== location.pathname).length`); n != 0 {
			t.Errorf("%s got %d new race(s) before the guest agreed", tb.name, n)
		}
	}

	// The guest declines, and the host reads it; then the guest changes
	// their mind and accepts: the next race starts for both, with the
	// ratings the first race left.
	guest.click(`#res-decline`)
	host.wait(fmt.Sprintf(`document.querySelector('#res-offer').textContent.includes('%s declined the rematch')`, guestName), "the guest's decline, on the host's result view")
	guest.wait(`document.querySelector('#res-decline').hidden`, "the decline done")
	if got := eval[string](host, `location.pathname`); got != race1 {
		t.Errorf("the host at %s after the guest declined, want still %s", got, race1)
	}
	guest.click(`#res-rematch`)
	for _, tb := range []*tab{host, guest} {
		tb.wait(fmt.Sprintf(`location.pathname !== %q && document.querySelector('.race') !== null && document.querySelector('#r-result').hidden`, race1), "the rematch's race")
	}
	if a, b := eval[string](host, `location.pathname`), eval[string](guest, `location.pathname`); a != b {
		t.Fatalf("host in %s, guest in %s, want one race", a, b)
	}
	for _, tb := range []*tab{host, guest} {
		tb.wait(ratingsShownCurrent, "the ratings after the first race beside both names")
	}
	if after := eval[[]float64](host, fmt.Sprintf(`[%q, %q].map((p) => window.__rated.changes.find((c) => c.player === p).after)`, hostID, guestID)); len(after) != 2 || after[0] <= after[1] {
		t.Errorf("ratings after the first race %v (host, guest), want the host's higher", after)
	}
	host.shot("rematch-started")
	guest.shot("rematch-started")
}
