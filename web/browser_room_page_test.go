package web

import (
	"fmt"
	"math"
	"strings"
	"testing"
	"time"

	"github.com/chromedp/chromedp"

	"github.com/solitaire-race/racer/klondike"
	"github.com/solitaire-race/racer/match/rating"
)

// halfStart is a new player's rating chosen so that the winner of a race
// of two new players (the winner a place ahead, not on a tie-break) ends
// at a rating whose fraction is .47: rounded to a tenth it ends in .5,
// and rounded again it shows a point more than the rating itself.
func halfStart(t *testing.T) rating.Config {
	t.Helper()
	var cfg rating.Config
	start := cfg.New()
	after := cfg.Race(nil, []rating.Placing{{Player: "a", Place: 1}, {Player: "b", Place: 2}}, time.Now())["a"].Rating
	_, frac := math.Modf(after)
	start.Rating += 0.47 - frac
	cfg.Start = start
	return cfg
}

// apiRating is a player's rating under bvs as the ratings API gives it,
// rounded once, as the leaderboards show it.
func apiRating(tb *tab, player string) int {
	tb.t.Helper()
	return eval[int](tb, fmt.Sprintf(`fetch('/api/ratings/bvs?players=%s').then((r) => r.json()).then((d) => Math.round(d.ratings[0].rating))`, player))
}

// shownNumbers are the whole numbers of an element's text, separators
// dropped ("1,500 → 1,742 (+242)": 1500, 1742, 242).
func shownNumbers(tb *tab, sel string) []int {
	tb.t.Helper()
	return eval[[]int](tb, fmt.Sprintf(`(document.querySelector(%q).textContent.match(/\d[\d.,]*/g) || []).map((s) => +s.replace(/[.,]/g, ''))`, sel))
}

// TestBrowserRoomPage: a room's page tells the state of its race. A
// member who joins while it runs reads that it runs, with Watch (Rejoin
// is for its racers); once it ends, that it ended, with its result, and that they
// race the next one. A racer who goes back to the room page from their
// result reads who is ready and who is not and has Ready / Not ready
// (not only the host): the same vote as the result view's, which the
// host's result view hears; when all racers are ready the next race
// starts for every member. On the way, the result view shows the
// winner's rating as the API and the leaderboards do, for a rating whose
// tenth ends in .5.
func TestBrowserRoomPage(t *testing.T) {
	cfg := halfStart(t)
	ts := newServer(t, serverOptions{seed: 1, rating: cfg})
	host := newTab(t, "host", 1366, 768)
	guest := newTab(t, "guest", phoneW, phoneH)
	guest.emulateTouch()
	late := newTab(t, "late", 1366, 768)
	host.open(ts.URL + "/")
	host.wait(`document.querySelector('[data-queue]') !== null`, "the lobby")
	eval[bool](host, `(document.querySelector('#h-profile').value = 'bvs', true)`)
	host.click(`#h-create button[type="submit"]`)
	host.wait(`document.querySelector('#rm-link') !== null`, "the room page")
	link := eval[string](host, `document.querySelector('#rm-link').href`)
	guest.open(link)
	host.wait(`document.querySelectorAll('#rm-members li').length === 2`, "the guest in the room")
	guest.wait(`document.querySelectorAll('#rm-members li').length === 2 && document.querySelector('#rm-race') === null`, "the room as the guest sees it, no race yet")
	if eval[bool](guest, `document.querySelector('#rm-ready') !== null`) {
		t.Error("the guest has a Ready button before any race")
	}
	hostID, guestID := eval[string](host, `window.__hub.me.player`), eval[string](guest, `window.__hub.me.player`)
	hostName, guestName := eval[string](host, `window.__hub.me.name`), eval[string](guest, `window.__hub.me.name`)
	eval[bool](host, `(window.__hub.on('ratings', (r) => { window.__rated = r; }), true)`)
	host.click(`#rm-start`)
	for _, tb := range []*tab{host, guest} {
		tb.wait(`document.querySelector('.race') !== null && !document.querySelector('#r-board').classList.contains('passive')`, "the first race's start")
	}
	race1 := strings.TrimPrefix(eval[string](host, `location.pathname`), "/race/")

	// A third member comes while the race runs: it runs, to watch or rejoin.
	late.open(link)
	late.wait(`(document.querySelector('#rm-race') || {}).dataset?.state === 'running'`, "the running race on the room page")
	if got := eval[string](late, `document.querySelector('#rm-race a[href^="/watch/"]').getAttribute('href')`); got != "/watch/"+race1 {
		t.Errorf("the room page's Watch goes to %s, want /watch/%s", got, race1)
	}
	if eval[bool](late, `document.querySelector('#rm-race a[href^="/race/"]') !== null`) {
		t.Error("the room page offers a member who does not race in it to rejoin the race")
	}
	late.shot("room-running")

	// The host puts a card home, then both resign: the host wins.
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
	host.wait(`window.__rated !== undefined && /→/.test((document.querySelector('#res-rating') || {}).textContent || '')`, "the host's rating change")

	// The rating after the race, as the result view, the standings and
	// the API show it; the message's tenth would have shown a point more.
	tenth := eval[float64](host, fmt.Sprintf(`window.__rated.changes.find((c) => c.player === %q).after`, hostID))
	want := apiRating(host, hostID)
	if math.Round(tenth) == float64(want) {
		t.Errorf("the ratings message's %.1f rounds to the API's %d: the test wants a rating the two roundings part", tenth, want)
	}
	if got := shownNumbers(host, "#res-rating"); len(got) < 2 || got[1] != want {
		t.Errorf("the result view's rating change reads %v, want the rating after it %d (the API's)", got, want)
	}
	if got := shownNumbers(host, fmt.Sprintf(`.standings [data-player="%s"] .rating-delta`, hostID)); len(got) < 1 || got[0] != want {
		t.Errorf("the standings show the host's rating %v, want %d (the API's)", got, want)
	}
	host.wait(fmt.Sprintf(`(document.querySelector('#r-opps [data-racer="%s"] .rating') || {}).textContent?.replace(/\D/g, '') === '%d'`, hostID, want), "the host's rating beside their name, as the API's")

	// The late member reads that the race ended, and that they race the next.
	late.wait(`(document.querySelector('#rm-race') || {}).dataset?.state === 'ended'`, "the end of the race on the late member's room page")
	if eval[bool](late, `document.querySelector('#rm-ready') !== null`) {
		t.Error("a member who did not race has a Ready button for a vote that is not theirs")
	}
	late.shot("room-next")

	// The guest goes back to the room page: the race ended, its result,
	// and their Ready / Not ready.
	guest.open(link)
	guest.wait(`(document.querySelector('#rm-race') || {}).dataset?.state === 'ended' && document.querySelector('#rm-ready') !== null`, "the room page after the race, with Ready")
	if got := eval[string](guest, `document.querySelector('#rm-result').getAttribute('href')`); got != "/replay/"+race1 {
		t.Errorf("the room page's result link goes to %s, want /replay/%s", got, race1)
	}
	if got := text(guest, "#rm-race"); strings.Contains(got, "is running") || !strings.Contains(got, "ended") {
		t.Errorf("the room page after the race reads %q, want that it ended", got)
	}
	if !eval[bool](guest, `document.querySelector('#rm-start') === null`) {
		t.Error("a Start button after the race: the next race starts by the racers' votes")
	}

	// The host offers from the result view: the guest's room page shows
	// them ready and waits for the guest.
	host.click(`#res-rematch`)
	guest.wait(fmt.Sprintf(`document.querySelector('#rm-members [data-player="%s"] .st-ready') !== null && document.querySelector('#rm-votes').textContent.includes('Ready: %s')`, hostID, hostName), "the host ready, on the guest's room page")
	guest.shot("room-ended")
	if axeInstalled() {
		guest.audit("room page after a race")
		late.audit("room page of a late member")
	}

	// Not ready: the host's result view reads it; then Ready starts the
	// next race for every member.
	guest.click(`#rm-notready`)
	host.wait(fmt.Sprintf(`document.querySelector('#res-offer').textContent.includes('%s declined the rematch')`, guestName), "the guest's Not ready, on the host's result view")
	guest.wait(fmt.Sprintf(`document.querySelector('#rm-members [data-player="%s"] .st-declined') !== null && document.querySelector('#rm-notready').getAttribute('aria-pressed') === 'true'`, guestID), "the guest not ready, on their room page")
	guest.click(`#rm-ready`)
	for _, tb := range []*tab{host, guest, late} {
		tb.wait(fmt.Sprintf(`location.pathname.startsWith('/race/') && location.pathname !== '/race/%s' && document.querySelector('.race') !== null`, race1), "the next race")
	}
	if a, b := eval[string](host, `location.pathname`), eval[string](guest, `location.pathname`); a != b {
		t.Fatalf("host in %s, guest in %s, want one race", a, b)
	}
	host.wait(fmt.Sprintf(`(document.querySelector('#r-opps [data-racer="%s"] .rating') || {}).textContent?.replace(/\D/g, '') === '%d'`, hostID, want), "the host's rating in the next race, as the API's")
}
