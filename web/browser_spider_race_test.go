package web

import (
	"fmt"
	"strings"
	"testing"

	"github.com/chromedp/chromedp"
	"github.com/chromedp/chromedp/kb"

	"github.com/solitaire-race/racer/spider"
)

// TestBrowserSpiderRace: two browsers race a Spider deal from the quick-race
// queue; one plays by keys and a click on the stock, the other sees its
// progress (cards turned up); a third watches both boards; both resign,
// the reveal checks out, and the replay shows both Spider boards.
func TestBrowserSpiderRace(t *testing.T) {
	const seed = 11
	ts := newRaceServer(t, seed)
	a := newTab(t, "racer A", desktopW, desktopH)
	b := newTab(t, "racer B", phoneW, phoneH)
	for _, tb := range []*tab{a, b} {
		tb.open(ts.URL + "/")
		tb.wait(`document.querySelector('[data-queue="spider-1"]') !== null && window.__hub.ready`, "the Spider quick-race button")
	}
	a.click(`[data-queue="spider-1"]`)
	b.click(`[data-queue="spider-1"]`)
	for _, tb := range []*tab{a, b} {
		tb.wait(`(document.querySelector('.race') || {dataset: {}}).dataset.game === 'spider'`, "the Spider race page")
	}
	raceID := strings.TrimPrefix(eval[string](a, `location.pathname`), "/race/")
	aID := eval[string](a, `window.__hub.me.player`)
	a.wait(`!document.querySelector('#r-board').classList.contains('passive')`, "the start")

	rules, err := spider.Profile("spider-1")
	if err != nil {
		t.Fatal(err)
	}
	st := spider.MustNew(spider.NewDeal(seed, rules.Suits), rules)
	a.wantSpider(st, "at the start")
	for i := 0; i < 8; i++ {
		m, ok := keyMove(st)
		if i == 3 || !ok {
			m = spider.DealMove()
			a.click(`.board [data-pile="stock"]`)
		} else {
			a.keys(spiderKey(m.From()))
			a.keys(spiderKey(m.To()))
		}
		if err := st.Apply(m); err != nil {
			t.Fatalf("move %d %s: %v", i+1, m, err)
		}
		a.wait(fmt.Sprintf(`document.querySelector('.race').dataset.seq === '%d'`, i+1), fmt.Sprintf("the ack of move %d (%s)", i+1, m))
	}
	a.wantSpider(st, "after 8 actions")
	turned := 44 - st.FaceDownCount()
	sel := fmt.Sprintf(`[data-racer="%s"]`, aID)
	b.wait(fmt.Sprintf(`((document.querySelector(%q) || {}).textContent || '').includes('%d/44 turned up · 8 actions')`, sel, turned), "A's progress, seen by B")
	b.shot("spider-race-opponent")

	w := newTab(t, "watcher", desktopW, desktopH)
	w.open(ts.URL + "/watch/" + raceID)
	w.wait(`document.querySelectorAll('.wboard .board.spider').length === 2`, "the racers' Spider boards, late")
	w.wait(fmt.Sprintf(`((document.querySelector(%q) || {}).textContent || '').includes('8 actions')`, sel), "A's progress, seen by the watcher")
	w.shot("spider-watch")

	for _, tb := range []*tab{a, b} {
		eval[bool](tb, `(window.confirm = () => true, true)`)
		tb.do(chromedp.KeyEvent("Q", chromedp.KeyModifiers(chromedp.ModifierShift)))
	}
	for _, tb := range []*tab{a, b, w} {
		tb.wait(`(document.querySelector('#reveal-check') || {}).className === 'ok'`, "the reveal checked against the commitment")
	}
	if got := eval[string](a, `document.querySelector('#r-standings').textContent`); !strings.Contains(got, "0/8 runs") {
		t.Errorf("standings %q, want runs counted", got)
	}

	w.open(ts.URL + "/replay/" + raceID)
	w.wait(`document.querySelectorAll('.replay .board.spider').length === 2`, "the replay's Spider boards")
	w.keys(kb.End)
	w.wait(fmt.Sprintf(`(document.querySelector('[data-info="%s"]') || {}).textContent === '0/8 runs · 8 actions'`, aID), "A's 8 actions at the end of the replay")
	w.shot("spider-replay")
	if got, want := boardColumnsOf(w, aID), spiderViewColumns(st.View()); strings.Join(got, "|") != strings.Join(want, "|") {
		t.Errorf("A's board at the end of the replay\n got %q\nwant %q", got, want)
	}
}

// boardColumnsOf reads the columns of one racer's board on the replay page.
func boardColumnsOf(tb *tab, racer string) []string {
	tb.t.Helper()
	return eval[[]string](tb, fmt.Sprintf(`[...document.querySelectorAll('[data-board="%s"] .column')].map(c =>
		c.querySelectorAll('.card.down').length + ':' + [...c.querySelectorAll('.card.up')].map(e => e.dataset.card).join(' '))`, racer))
}

// TestBrowserSpiderDaily: the home page offers today's Spider daily; its
// race shows the Spider board; after a resignation the reveal is withheld.
func TestBrowserSpiderDaily(t *testing.T) {
	ts := newRaceServer(t, 5)
	a := newTab(t, "daily", desktopW, desktopH)
	a.open(ts.URL + "/")
	a.wait(`/Spider · 1 suit/.test((document.querySelector('#h-daily-b') || {}).textContent)`, "the Spider daily's line")

	raceDaily(a, "spider-1", "the Spider daily challenge and the hub's welcome")
	a.wait(`location.pathname.startsWith('/race/daily-') && (document.querySelector('.race') || {dataset: {}}).dataset.game === 'spider'`, "the Spider daily race page")
	a.wait(`!document.querySelector('#r-board').classList.contains('passive')`, "the start")
	if n := eval[int](a, `document.querySelectorAll('#r-board .column').length`); n != 10 {
		t.Errorf("%d columns on the daily's board, want 10", n)
	}
	a.keys("d")
	a.wait(`document.querySelector('.race').dataset.seq === '1'`, "the deal acknowledged")
	if deals := eval[string](a, `document.querySelector('#r-board [data-pile="stock"]').getAttribute('aria-label')`); !strings.Contains(deals, "4 deals left") {
		t.Errorf("stock %q after a deal, want 4 deals left", deals)
	}
	eval[bool](a, `(window.confirm = () => true, true)`)
	a.do(chromedp.KeyEvent("Q", chromedp.KeyModifiers(chromedp.ModifierShift)))
	a.wait(`document.querySelector('#reveal-check') !== null`, "the reveal after resigning")
	if got := eval[string](a, `document.querySelector('#r-reveal').textContent`); !strings.Contains(got, "revealed after the day ends") {
		t.Errorf("reveal text %q, want the withheld-reveal text", got)
	}
}
