package web

// The README's screenshots, made by a browser test: the home page, a
// Klondike race and a Spider race, each seen by one racer at a desktop
// and the other on a phone (a touch screen), some moves in, and the
// Klondike race's end, won on the desktop. It runs only when asked:
//
//	go test ./web -run TestBrowserScreenshots -web.readme
//
// The analysis and rematch screenshots come from those tests' own
// screenshots (web/screenshots/analysis-desktop.png is
// TestBrowserReplayAnalysis's strip on the desktop, rematch-phone.png
// TestBrowserRoomRematch's offer on the guest's phone):
//
//	go test ./web -run 'TestBrowserReplayAnalysis$|TestBrowserRoomRematch' -web.shots DIR

import (
	"context"
	"flag"
	"fmt"
	"os"
	"path/filepath"
	"strings"
	"testing"
	"time"

	"github.com/chromedp/chromedp"

	"github.com/solitaire-race/racer/klondike"
	"github.com/solitaire-race/racer/spider"
)

var readmeShots = flag.Bool("web.readme", false, "write the README's screenshots into web/screenshots")

// saveAs writes a screenshot of the tab, its cards at rest, to path.
func (tb *tab) saveAs(path string) {
	tb.t.Helper()
	tb.wait(`document.getAnimations().length === 0`, "the cards at rest")
	ctx, cancel := context.WithTimeout(tb.ctx, 20*time.Second)
	defer cancel()
	buf, err := chromedp.Run(ctx, chromedp.CaptureScreenshot())
	if err != nil {
		tb.t.Fatalf("screenshot of %s: %v", tb.name, err)
	}
	if err := os.WriteFile(path, buf, 0o644); err != nil {
		tb.t.Fatal(err)
	}
	tb.t.Logf("wrote %s", path)
}

// raceTabs opens a desktop racer and a phone racer, queues both for
// profile and waits for the race to start.
func raceTabs(t *testing.T, url, profile string) (desk, phone *tab) {
	t.Helper()
	desk = newTab(t, "desktop racer", desktopW, desktopH)
	phone = newTab(t, "phone racer", phoneW, phoneH)
	phone.emulateTouch()
	sel := fmt.Sprintf(`[data-queue="%s"]`, profile)
	for _, tb := range []*tab{desk, phone} {
		tb.open(url + "/")
		tb.wait(fmt.Sprintf(`document.querySelector(%q) !== null && window.__hub.ready`, sel), "the quick-race button")
		tb.click(sel)
	}
	for _, tb := range []*tab{desk, phone} {
		tb.wait(`document.querySelector('#r-board') !== null && !document.querySelector('#r-board').classList.contains('passive')`, "the start")
	}
	return desk, phone
}

// waitSeq waits for the racer's log to hold n moves.
func (tb *tab) waitSeq(n int) {
	tb.t.Helper()
	tb.wait(fmt.Sprintf(`document.querySelector('.race').dataset.seq === '%d'`, n), fmt.Sprintf("the ack of move %d", n))
}

func TestBrowserScreenshots(t *testing.T) {
	if !*readmeShots {
		t.Skip("writes the README's screenshots only with -web.readme")
	}
	dir := "screenshots"
	if err := os.MkdirAll(dir, 0o755); err != nil {
		t.Fatal(err)
	}

	// The home page, with a daily challenge, arenas and a live race.
	home := newHomeServer(t)
	for _, tb := range []*tab{newTab(t, "desktop home", desktopW, desktopH), newTab(t, "phone home", phoneW, phoneH)} {
		if tb.w < 600 {
			tb.emulateTouch()
		}
		tb.open(home + "/")
		tb.wait(`document.querySelector('[data-queue="bvs"]') !== null && document.querySelector('[data-daily]') !== null &&
			!document.querySelector('#h-online').hidden && document.querySelectorAll('#h-arenas-l a[href^="/arena/"]').length === 2`, "the home page")
		tb.saveAs(filepath.Join(dir, map[bool]string{true: "home-phone.png", false: "home-desktop.png"}[tb.w < 600]))
	}

	// Klondike: both racers play the start of the same winning line.
	ts := newRaceServer(t, 1)
	desk, phone := raceTabs(t, ts.URL, "bvs")
	line := readLine(t, "win-bvs-1.txt")
	for _, p := range []struct {
		tb *tab
		n  int
	}{{desk, 27}, {phone, 14}} {
		for i, m := range line[:p.n] {
			p.tb.keys(keysFor(m))
			p.tb.waitSeq(i + 1)
		}
	}
	st := klondike.MustNew(klondike.NewDeal(1), mustProfile(t, "bvs"))
	for _, m := range line[:27] {
		if err := st.Apply(m); err != nil {
			t.Fatal(err)
		}
	}
	phone.wait(fmt.Sprintf(`[...document.querySelectorAll('.opp .found')].some(e => e.textContent === '%d')`, st.FoundationCards()), "the desktop racer's progress")
	desk.saveAs(filepath.Join(dir, "race-desktop.png"))
	phone.saveAs(filepath.Join(dir, "race-phone.png"))

	// The end: the desktop racer plays the line out and wins; the phone
	// racer, 14 moves in, places second.
	for i, m := range line[27:] {
		desk.keys(keysFor(m))
		desk.waitSeq(27 + i + 1)
	}
	for _, tb := range []*tab{desk, phone} {
		tb.wait(`!document.querySelector('#r-result').hidden`, "the result view")
		tb.wait(`/→/.test(document.querySelector('#res-rating').textContent)`, "the rating change")
	}
	if got := eval[string](desk, `document.querySelector('#res-cards').textContent`); got != "52/52" {
		t.Errorf("the winner's cards home %q, want 52/52", got)
	}
	desk.saveAs(filepath.Join(dir, "result-desktop.png"))
	phone.saveAs(filepath.Join(dir, "result-phone.png"))

	// Spider: moves the keys play as they are, a deal when none is left.
	const seed = 11
	ts = newRaceServer(t, seed)
	desk, phone = raceTabs(t, ts.URL, "spider-1")
	rules, err := spider.Profile("spider-1")
	if err != nil {
		t.Fatal(err)
	}
	for _, p := range []struct {
		tb *tab
		n  int
	}{{desk, 14}, {phone, 6}} {
		st := spider.MustNew(spider.NewDeal(seed, rules.Suits), rules)
		for i := range p.n {
			m, ok := keyMove(st)
			if !ok || i%5 == 4 {
				m = spider.DealMove()
				p.tb.keys("d")
			} else {
				p.tb.keys(spiderKey(m.From()))
				p.tb.keys(spiderKey(m.To()))
			}
			if err := st.Apply(m); err != nil {
				t.Fatalf("move %d %s: %v", i+1, m, err)
			}
			p.tb.waitSeq(i + 1)
		}
	}
	phone.wait(`[...document.querySelectorAll('.opp')].some(e => / 14 actions/.test(e.textContent))`, "the desktop racer's progress")
	desk.saveAs(filepath.Join(dir, "spider-desktop.png"))
	phone.saveAs(filepath.Join(dir, "spider-phone.png"))
	if entries, err := os.ReadDir(dir); err == nil {
		var names []string
		for _, e := range entries {
			names = append(names, e.Name())
		}
		t.Logf("%s holds %s", dir, strings.Join(names, ", "))
	}
}

func mustProfile(t *testing.T, name string) klondike.Rules {
	t.Helper()
	r, err := klondike.Profile(name)
	if err != nil {
		t.Fatal(err)
	}
	return r
}
