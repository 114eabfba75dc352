package web

import (
	"strings"
	"testing"

	"github.com/chromedp/chromedp"
)

// TestBrowserAxe audits every page with axe-core: home, practice of both
// games, a race live and ended, its replay, the leaderboards and a
// player's page. None may have a serious or critical violation.
func TestBrowserAxe(t *testing.T) {
	requireBrowser(t)
	requireAxe(t)
	ts := newRaceServer(t, 1)
	a := newTab(t, "racer A", desktopW, desktopH)
	b := newTab(t, "racer B", desktopW, desktopH)

	a.open(ts.URL + "/")
	a.wait(`document.querySelector('[data-queue="bvs"]') !== null`, "the quick-race buttons")
	a.audit("home")

	a.open(ts.URL + "/practice?rules=bvs&seed=1")
	a.wait(`document.querySelectorAll('.board .column').length === 7`, "the Klondike practice board")
	a.audit("practice klondike")
	a.open(ts.URL + "/practice?rules=spider-1&seed=1")
	a.wait(`document.querySelectorAll('.board .column').length === 10`, "the Spider practice board")
	a.audit("practice spider")

	for _, tb := range []*tab{a, b} {
		tb.open(ts.URL + "/")
		tb.wait(`document.querySelector('[data-queue="bvs"]') !== null`, "the quick-race buttons")
		tb.click(`[data-queue="bvs"]`)
	}
	for _, tb := range []*tab{a, b} {
		tb.wait(`document.querySelector('.race') !== null`, "the race page")
	}
	a.wait(`!document.querySelector('#r-board').classList.contains('passive')`, "the start")
	a.keys("d")
	a.wait(`document.querySelector('.race').dataset.seq === '1'`, "the draw's ack")
	a.audit("race live")
	raceID := strings.TrimPrefix(eval[string](a, `location.pathname`), "/race/")
	player := eval[string](a, `window.__hub.me.player`)

	// B resigns and watches the rest; then A resigns and the race ends.
	for _, tb := range []*tab{b, a} {
		eval[bool](tb, `(window.confirm = () => true, true)`)
		tb.do(chromedp.KeyEvent("Q", chromedp.KeyModifiers(chromedp.ModifierShift)))
		tb.wait(`document.querySelector('.race').dataset.status === 'resigned'`, "the resignation")
		if tb == b {
			b.audit("race after resigning")
		}
	}
	for _, tb := range []*tab{a, b} {
		tb.wait(`document.querySelector('#reveal-check') !== null`, "the end of the race")
		tb.audit("race ended")
	}

	a.open(ts.URL + "/replay/" + raceID)
	a.wait(`document.querySelectorAll('.replay .board').length === 2`, "the replay's boards")
	a.audit("replay")

	a.open(ts.URL + "/leaderboards?profile=bvs&board=rating&period=all")
	a.wait(`document.querySelector('#lb-rows') !== null && !/Loading/.test(document.querySelector('#lb-rows').textContent)`, "the rating board")
	a.audit("leaderboards")

	a.open(ts.URL + "/player/" + player)
	a.wait(`document.querySelector('.player') !== null`, "the player page")
	a.audit("player")
}
