package web

import (
	"fmt"
	"net/http"
	"strings"
	"testing"
	"time"

	"github.com/chromedp/chromedp"
	"github.com/chromedp/chromedp/kb"

	"github.com/solitaire-race/racer/hub/client"
	"github.com/solitaire-race/racer/hub/wire"
)

// roomRace starts a race of a room of two with the given time limit:
// a creates it, b joins, a starts it. It returns the race's ID and the
// players' IDs once both pages show the race running.
func roomRace(t *testing.T, url string, a, b *tab, limitMS int) (race, pa, pb string) {
	t.Helper()
	a.open(url + "/")
	a.wait(`window.__hub && window.__hub.ready`, "the hub's welcome")
	eval[bool](a, fmt.Sprintf(`(window.__hub.send({type: 'room_create', profile: 'bvs', max: 2, time_limit_ms: %d}), true)`, limitMS))
	a.wait(`location.pathname.startsWith('/room/') && document.querySelector('#rm-link') !== null`, "the room page")
	b.open(eval[string](a, `document.querySelector('#rm-link').href`))
	a.wait(`document.querySelectorAll('#rm-members li').length === 2`, "the friend in the room")
	a.click(`#rm-start`)
	for _, tb := range []*tab{a, b} {
		tb.wait(`document.querySelector('.race') !== null`, "the race page")
		tb.wait(`!document.querySelector('#r-board').classList.contains('passive')`, "the start")
	}
	race = strings.TrimPrefix(eval[string](a, `location.pathname`), "/race/")
	return race, eval[string](a, `window.__hub.me.player`), eval[string](b, `window.__hub.me.player`)
}

// TestBrowserRaceEnd: B resigns and watches A's board until the race
// ends at its time limit; both then get the result view: place, time
// played and last card home, cards home, the rating change of a rated race, replay, rematch and
// share. Nobody is shown "playing" after the end, and "Finish now" is
// gone. A's page shows the rating, provisional and explained; the
// rating board lists both provisional players, marked.
func TestBrowserRaceEnd(t *testing.T) {
	ts := newRaceServer(t, 1)
	a := newTab(t, "racer A", desktopW, desktopH)
	b := newTab(t, "racer B", phoneW, phoneH)
	race, pa, pb := roomRace(t, ts.URL, a, b, 9000)

	// The ratings beside the names: both new, so provisional.
	a.wait(fmt.Sprintf(`/1[,.]?500\?/.test(document.querySelector('[data-racer="%s"] .rating').textContent)`, pb), "B's provisional rating beside the name")

	// A's error frames, to name the one behind an error message below.
	eval[bool](a, `(window.__errs = [], window.__hub.on('error', (e) => window.__errs.push(JSON.stringify(e))), true)`)
	eval[bool](b, `(window.confirm = () => true, true)`)
	b.do(chromedp.KeyEvent("Q", chromedp.KeyModifiers(chromedp.ModifierShift)))
	b.wait(`document.querySelector('.race').dataset.status === 'resigned'`, "the resignation")
	b.wait(`!document.querySelector('#r-watch').hidden && document.querySelectorAll('#r-watch-boards .board').length === 1`, "A's board, watched after resigning")
	if got := eval[string](b, `document.querySelector('#r-msg').textContent`); !strings.Contains(got, "watch") {
		t.Errorf("B's message after resigning %q, want it to say B watches", got)
	}
	b.shot("resigned-watching")
	a.keys("d")
	a.wait(`document.querySelector('.race').dataset.seq === '1'`, "A's draw")

	for _, tb := range []*tab{a, b} {
		tb.wait(`!document.querySelector('#r-result').hidden`, "the result view at the time limit")
		tb.wait(`/→/.test(document.querySelector('#res-rating').textContent)`, "the rating change")
		if got := eval[string](tb, `document.querySelector('#res-replay').getAttribute('href')`); got != "/replay/"+race {
			t.Errorf("%s: replay link %q, want /replay/%s", tb.name, got, race)
		}
		if !eval[bool](tb, `document.querySelector('#r-finish').hidden && document.querySelector('#r-resign').hidden`) {
			t.Errorf("%s: Finish now or Resign shown after the end", tb.name)
		}
		states := eval[string](tb, `[...document.querySelectorAll('#r-opps .badge, .standings li')].map(e => e.textContent).join('|')`)
		if strings.Contains(states, "playing") {
			t.Errorf("%s: statuses after the end %q, want nobody playing", tb.name, states)
		}
		if !eval[bool](tb, `document.querySelector('#res-rematch') !== null`) {
			t.Errorf("%s: no rematch in the result view", tb.name)
		}
	}
	// A has one action more than B, but neither put a card home: they
	// tie for first place, with no winner's star, and the ratings stay
	// at 1500.
	if got := eval[string](a, `document.querySelector('#res-h').textContent`); !strings.Contains(got, "Tie: you share 1st place of 2") {
		t.Errorf("A's result headline %q, want a tie for 1st of 2", got)
	}
	if eval[bool](a, `document.querySelector('.result-card').classList.contains('first')`) {
		t.Errorf("A's result shows the winner's star in a tie")
	}
	// A played to the time limit, 9 s, and put no card home.
	if got := eval[string](a, `document.querySelector('#res-played').textContent + ' | ' + document.querySelector('#res-last').textContent`); got != "0:09 | none" {
		t.Errorf("A's time played and last card home %q, want 0:09 | none", got)
	}
	if got := eval[string](a, `document.querySelector('#res-rating').textContent`); !strings.Contains(got, "(±0)") {
		t.Errorf("A's rating line %q, want no change (±0) for a tie", got)
	}
	if got := eval[string](a, `document.querySelector('#res-cards').textContent`); got != "0/52" {
		t.Errorf("A's cards home %q, want 0/52", got)
	}
	if got := eval[string](a, `document.querySelector('#res-rating').textContent`); !strings.Contains(got, "provisional") {
		t.Errorf("A's rating line %q, want provisional with races to go", got)
	}
	a.shot("result")
	// Share: the Web Share API where there is one, else the link copied
	// or shown.
	eval[bool](a, `(delete navigator.share, true)`)
	a.click(`#res-share`)
	a.wait(`document.querySelector('#res-shared').textContent !== ''`, "the shared link")
	// Finish now after the end sends nothing and shows no error.
	eval[bool](a, `(document.querySelector('#r-finish').click(), true)`)
	if got := eval[string](a, `document.querySelector('#r-msg').className`); strings.Contains(got, "error") {
		t.Errorf("message class %q after Finish now at the end (%q), want no error", got, eval[string](a, `document.querySelector('#r-msg').textContent + window.__errs.join(';')`))
	}

	// A's page: the bvs rating, provisional, with races to go.
	a.open(ts.URL + "/player/" + pa)
	a.wait(`document.querySelector('#pl-ratings tr[data-profile="bvs"]') !== null`, "A's bvs rating")
	row := eval[string](a, `document.querySelector('#pl-ratings tr[data-profile="bvs"]').textContent`)
	if !strings.Contains(row, "provisional") || !strings.Contains(row, "to go") {
		t.Errorf("A's bvs row %q, want provisional with races to go", row)
	}
	a.shot("player")
	// On B's phone the same page fits the width.
	b.open(ts.URL + "/player/" + pa)
	b.wait(`document.querySelector('#pl-ratings tr[data-profile="bvs"]') !== null`, "A's bvs rating on a phone")
	if sw := eval[int](b, `document.documentElement.scrollWidth - innerWidth`); sw > 0 {
		t.Errorf("the player page on a phone scrolls sideways by %d px", sw)
	}

	// The rating board lists both apart, as provisional, linked to their pages.
	a.open(ts.URL + "/leaderboards?profile=bvs&board=rating&period=all")
	a.wait(`document.querySelectorAll('#lb-prov-rows tr').length === 2`, "both provisional players on the rating board")
	if !eval[bool](a, fmt.Sprintf(`document.querySelector('#lb-prov-rows a[href="/player/%s"]') !== null`, pb)) {
		t.Errorf("no link to B's page on the rating board")
	}
	if eval[bool](a, `document.querySelector('#lb-prov-s').hidden`) {
		t.Errorf("the rating board does not say what provisional means")
	}
}

// slowShim delays the answers to the practice API while window.__slow
// is true, and counts them in window.__slowDone once delivered.
const slowShim = `(() => {
  window.__slow = true; window.__slowDone = 0;
  const f = window.fetch;
  window.fetch = (u, init) => {
    const p = f(u, init);
    if (!window.__slow || !String(u).includes('/api/practice')) return p;
    return p.then((r) => new Promise((ok) => setTimeout(() => { ok(r); window.__slowDone++; }, 700)));
  };
  return true;
})()`

// TestBrowserReplayOrder: answers for a step the replay has left arrive
// after those of the last step (End pressed meanwhile) and are ignored:
// the boards stay those of the last step.
func TestBrowserReplayOrder(t *testing.T) {
	ts := newRaceServer(t, 1)
	a := newTab(t, "racer A", desktopW, desktopH)
	b := newTab(t, "racer B", desktopW, desktopH)
	race, pa, _ := roomRace(t, ts.URL, a, b, 0)
	// B resigns (step 1), A draws (step 2) and resigns (step 3): A's board
	// differs between steps 1 and 2.
	eval[bool](b, `(window.confirm = () => true, true)`)
	b.do(chromedp.KeyEvent("Q", chromedp.KeyModifiers(chromedp.ModifierShift)))
	b.wait(`document.querySelector('.race').dataset.status === 'resigned'`, "B's resignation")
	a.keys("d")
	a.wait(`document.querySelector('.race').dataset.seq === '1'`, "A's draw")
	eval[bool](a, `(window.confirm = () => true, true)`)
	a.do(chromedp.KeyEvent("Q", chromedp.KeyModifiers(chromedp.ModifierShift)))
	a.wait(`!document.querySelector('#r-result').hidden`, "the end")

	a.open(ts.URL + "/replay/" + race)
	a.wait(`document.querySelectorAll('.replay .board').length === 2`, "the replay's boards")
	info := fmt.Sprintf(`document.querySelector('[data-info="%s"]').textContent`, pa)
	a.wait(info+` !== ''`, "A's count at the start")
	eval[bool](a, slowShim)
	a.click(`#rp-fwd`) // step 1: its answers come late
	eval[bool](a, `(window.__slow = false, true)`)
	a.keys(kb.End) // the last step: answered at once
	a.wait(`/^\D*3\D+3/.test(document.querySelector('#rp-pos').textContent)`, "the last step")
	a.wait(info+`.includes('1 action')`, "A's one action at the last step")
	a.wait(`window.__slowDone === 2`, "the late answers of step 1")
	if got := eval[string](a, info); !strings.Contains(got, "1 action") {
		t.Errorf("A's board after the late answers: %q, want the last step's (1 action)", got)
	}
}

// TestBrowserReplayBusy: on a server that replays one practice request
// at a time for a client, while the client's one replay runs, a replay
// step's two boards are answered 429; the page asks again after
// Retry-After and both boards show the step.
func TestBrowserReplayBusy(t *testing.T) {
	ts := newServer(t, serverOptions{seed: 1, replays: 2, client: func(*http.Request) string { return "198.51.100.7" }})
	// The client (every request of this test) may have one replay running.
	a := newTab(t, "racer A", desktopW, desktopH)
	b := newTab(t, "racer B", desktopW, desktopH)
	race, pa, pb := roomRace(t, ts.URL, a, b, 0)
	drawAndResign(a, a, b)

	a.open(ts.URL + "/replay/" + race)
	a.wait(`document.querySelectorAll('.replay .board').length === 2`, "the replay's boards")
	infoA := fmt.Sprintf(`document.querySelector('[data-info="%s"]').textContent`, pa)
	infoB := fmt.Sprintf(`document.querySelector('[data-info="%s"]').textContent`, pb)
	a.wait(infoA+` !== '' && `+infoB+` !== ''`, "both counts at the start")
	eval[bool](a, `(() => {
  window.__refused = 0;
  const f = window.fetch;
  window.fetch = (u, init) => f(u, init).then((r) => { if (r.status === 429) window.__refused++; return r; });
  return true;
})()`)
	const client = "198.51.100.7"
	if !ts.site.replayClients.Take(client, 1) { // the client's one replay, running
		t.Fatal("the client's replay slot is taken already")
	}
	a.keys(kb.End)
	a.wait(`window.__refused >= 2`, "both boards of the last step answered 429")
	ts.site.replayClients.Release(client)
	a.wait(infoA+`.includes('1 action')`, "A's board at the last step, asked again")
	if got := eval[string](a, infoB); !strings.Contains(got, "0 actions") {
		t.Errorf("B's board at the last step: %q, want 0 actions", got)
	}
}

// TestBrowserSelectionSpoken: in both games, picking a column by key
// says through the live region what was picked and that a destination is
// wanted, and marks that pile, alone, as pressed; Esc unmarks it.
func TestBrowserSelectionSpoken(t *testing.T) {
	ts := newTestServer(t, Config{})
	tb := newTab(t, "practice", desktopW, desktopH)
	for _, c := range []struct{ profile, want string }{
		{"bvs", "choose where it goes"},
		{"spider-1", "picked"},
	} {
		tb.open(ts.URL + "/practice?rules=" + c.profile + "&seed=1")
		tb.wait(`document.querySelectorAll('.board .column').length >= 7`, "the board")
		pressed := `[...document.querySelectorAll('.board [aria-pressed="true"]')].map(e => e.dataset.pile).join(' ')`
		if got := eval[string](tb, pressed); got != "" {
			t.Errorf("%s: pressed piles %q before any pick, want none", c.profile, got)
		}
		tb.keys("1")
		tb.wait(fmt.Sprintf(`document.getElementById('live').textContent.includes(%q)`, c.want), c.profile+": the pick announced")
		if got := eval[string](tb, pressed); got != "0" {
			t.Errorf("%s: pressed piles %q after picking column 1, want 0", c.profile, got)
		}
		if n := eval[int](tb, `document.querySelectorAll('.board .column[aria-pressed="false"]').length`); n < 6 {
			t.Errorf("%s: %d columns marked not pressed, want every other column", c.profile, n)
		}
		tb.keys(kb.Escape)
		tb.wait(`document.querySelector('.board [aria-pressed="true"]') === null`, c.profile+": no pile pressed after Esc")
	}
}

// TestBrowserWatchPages: with more live races than a page holds (16),
// the list of live races pages through all of them and back.
func TestBrowserWatchPages(t *testing.T) {
	ts := newRaceServer(t, 1)
	ctx := t.Context()
	ws := "ws" + strings.TrimPrefix(ts.URL, "http") + "/ws"
	const races = 18
	want := map[string]bool{}
	for i := range races {
		var ids []string
		for j, name := range []string{fmt.Sprintf("Ann %d", i), fmt.Sprintf("Bob %d", i)} {
			c, err := client.Dial(ctx, ws, client.Options{})
			if err != nil {
				t.Fatal(err)
			}
			t.Cleanup(func() { c.Drop() })
			if _, err := c.Hello(ctx, name, ""); err != nil {
				t.Fatal(err)
			}
			if err := c.Send(ctx, wire.ClientMessage{Type: wire.TypeQueue, Profile: "bvs"}); err != nil {
				t.Fatal(err)
			}
			if j == 0 {
				if _, err := c.WaitType(ctx, wire.TypeQueued); err != nil {
					t.Fatal(err)
				}
				continue
			}
			r, err := c.WaitRace(ctx)
			if err != nil {
				t.Fatal(err)
			}
			ids = append(ids, r.Race.ID)
		}
		want[ids[0]] = true
	}
	tb := newTab(t, "watcher", desktopW, desktopH)
	tb.open(ts.URL + "/watch")
	rows := `[...document.querySelectorAll('#w-list a[href^="/watch/"]')].map(a => a.getAttribute('href').slice(7))`
	tb.wait(`document.querySelectorAll('#w-list a').length === 16 && !document.querySelector('#w-more').hidden`, "the first page, 16 races, and a way to older ones")
	seen := map[string]bool{}
	for _, id := range eval[[]string](tb, rows) {
		seen[id] = true
	}
	tb.click(`#w-more`)
	tb.wait(`document.querySelectorAll('#w-list a').length === 2 && document.querySelector('#w-more').hidden && !document.querySelector('#w-newest').hidden`, "the older page")
	for _, id := range eval[[]string](tb, rows) {
		seen[id] = true
	}
	for id := range want {
		if !seen[id] {
			t.Errorf("race %s on no page", id)
		}
	}
	tb.click(`#w-newest`)
	tb.wait(`document.querySelectorAll('#w-list a').length === 16`, "the newest page again")
}

// TestBrowserPlayerPage: after a rated race kept in the archive, a
// player's page shows the rating, its history as a chart and the race,
// with a link to its replay.
func TestBrowserPlayerPage(t *testing.T) {
	archived := make(chan string, 16)
	ts := newServer(t, serverOptions{seed: 1, archived: archived})
	a := newTab(t, "racer A", desktopW, desktopH)
	b := newTab(t, "racer B", desktopW, desktopH)
	race, pa, _ := roomRace(t, ts.URL, a, b, 0)
	a.keys("d")
	a.wait(`document.querySelector('.race').dataset.seq === '1'`, "A's draw")
	for _, tb := range []*tab{b, a} {
		eval[bool](tb, `(window.confirm = () => true, true)`)
		tb.do(chromedp.KeyEvent("Q", chromedp.KeyModifiers(chromedp.ModifierShift)))
		tb.wait(`document.querySelector('.race').dataset.status === 'resigned'`, "the resignation")
	}
	a.wait(`/→/.test((document.querySelector('#res-rating') || {}).textContent || '')`, "A's rating change")
	select {
	case got := <-archived:
		if got != race {
			t.Fatalf("archived %s, want %s", got, race)
		}
	case <-time.After(30 * time.Second):
		t.Fatal("the race was not archived in 30 s")
	}
	if !eval[bool](a, `document.querySelector('#r-standings a[href="/player/`+pa+`"]') !== null`) {
		t.Errorf("no link to A's page in the standings")
	}
	a.open(ts.URL + "/player/" + pa)
	a.wait(`document.querySelector('#pl-ratings tr[data-profile="bvs"]') !== null`, "A's page")
	a.wait(`document.querySelectorAll('#pl-chart svg.chart circle').length === 1`, "the rating history, one point")
	if got := eval[string](a, `document.querySelector('#pl-chart svg').getAttribute('aria-label')`); !strings.Contains(got, "Rating of") {
		t.Errorf("chart label %q, want it to say what it shows", got)
	}
	a.wait(fmt.Sprintf(`document.querySelector('#pl-recent a[href="/replay/%s"]') !== null`, race), "the race among the recent ones, with its replay")
	a.shot("player-page")
	a.audit("player page with history")
}

// drawAndResign: racer a draws once (its log then holds an action), every
// racer of tabs resigns, and a's page shows the result.
func drawAndResign(a *tab, tabs ...*tab) {
	a.t.Helper()
	a.keys("d")
	a.wait(`document.querySelector('.race').dataset.seq === '1'`, "A's draw")
	for _, x := range tabs {
		eval[bool](x, `(window.confirm = () => true, true)`)
		x.do(chromedp.KeyEvent("Q", chromedp.KeyModifiers(chromedp.ModifierShift)))
	}
	a.wait(`!document.querySelector('#r-result').hidden`, "the end")
}

// TestBrowserReplayQueue: the replay of a race of four racers asks for
// their boards two at a time, never more (what one client of a one-core
// node may have replayed at once), so that no board comes back 429 and
// each fills at once, at the start and at the last step.
func TestBrowserReplayQueue(t *testing.T) {
	const client = "198.51.100.8"
	ts := newServer(t, serverOptions{seed: 1, replays: 4, client: func(*http.Request) string { return client }})
	tabs := []*tab{
		newTab(t, "racer A", desktopW, desktopH), newTab(t, "racer B", desktopW, desktopH),
		newTab(t, "racer C", desktopW, desktopH), newTab(t, "racer D", desktopW, desktopH),
	}
	a := tabs[0]
	a.open(ts.URL + "/")
	a.wait(`window.__hub && window.__hub.ready`, "the hub's welcome")
	eval[bool](a, `(window.__hub.send({type: 'room_create', profile: 'bvs', max: 4, time_limit_ms: 0}), true)`)
	a.wait(`location.pathname.startsWith('/room/') && document.querySelector('#rm-link') !== null`, "the room page")
	link := eval[string](a, `document.querySelector('#rm-link').href`)
	for _, x := range tabs[1:] {
		x.open(link)
	}
	a.wait(`document.querySelectorAll('#rm-members li').length === 4`, "four in the room")
	a.click(`#rm-start`)
	for _, x := range tabs {
		x.wait(`document.querySelector('.race') !== null && !document.querySelector('#r-board').classList.contains('passive')`, "the start")
	}
	race := strings.TrimPrefix(eval[string](a, `location.pathname`), "/race/")
	drawAndResign(a, tabs...)

	// Count the practice requests on their way, and the 429s, from the
	// replay page's first request on.
	a.onEveryPage(`(() => {
  window.__flying = 0; window.__most = 0; window.__refused = 0;
  const f = window.fetch;
  window.fetch = (u, init) => {
    if (!String(u).includes('/api/practice')) return f(u, init);
    window.__most = Math.max(window.__most, ++window.__flying);
    return f(u, init).then((r) => { if (r.status === 429) window.__refused++; return r; }).finally(() => window.__flying--);
  };
})()`)
	a.open(ts.URL + "/replay/" + race)
	a.wait(`document.querySelectorAll('.replay .board').length === 4`, "the replay's boards")
	filled := `[...document.querySelectorAll('[data-info]')].every((e) => e.textContent !== '')`
	a.wait(filled, "the four counts at the start")
	a.keys(kb.End)
	a.wait(`[...document.querySelectorAll('[data-info]')].some((e) => e.textContent.includes('1 action'))`, "A's board at the last step")
	a.wait(`window.__flying === 0`, "every request answered")
	if most := eval[int](a, `window.__most`); most > 2 || most < 1 {
		t.Errorf("%d practice requests on their way at once, want at most 2 (and some)", most)
	}
	if n := eval[int](a, `window.__refused`); n != 0 {
		t.Errorf("%d practice requests answered 429, want none", n)
	}
	a.shot("replay-four")
}
