package web

import (
	"context"
	"fmt"
	"os"
	"path/filepath"
	"regexp"
	"strings"
	"testing"
	"time"

	"github.com/chromedp/chromedp"

	"github.com/solitaire-race/racer/klondike"
)

// Sizes of the result view's screenshots: a common laptop and a phone.
const (
	laptopW, laptopH = 1366, 768
)

// resultShots is where TestBrowserResultTies writes its screenshots:
// -web.shots when set, else a directory under the system's temporary
// directory, kept after the test for a person to look at.
func resultShots() string {
	if *shotsDir != "" {
		return *shotsDir
	}
	return filepath.Join(os.TempDir(), "web-result-shots")
}

// shotAt saves a screenshot of tb at w×h into dir, then restores its
// viewport.
func (tb *tab) shotAt(dir, what string, w, h int64) {
	tb.t.Helper()
	tb.do(viewport(w, h))
	tb.wait(fmt.Sprintf(`innerWidth === %d`, w), fmt.Sprintf("the viewport at %d px", w))
	// The top of the page, or the result card where it is below.
	eval[bool](tb, `(scrollTo(0, 0), document.querySelector('#r-result').scrollIntoView({ block: 'nearest' }), true)`)
	ctx, cancel := context.WithTimeout(tb.ctx, 10*time.Second)
	defer cancel()
	// Two animation frames: the layout at the new size is painted.
	if _, err := chromedp.Run(ctx, chromedp.Evaluate[bool](`new Promise((r) => requestAnimationFrame(() => requestAnimationFrame(() => r(true))))`, chromedp.EvalAwaitPromise)); err != nil {
		tb.t.Logf("waiting for a frame: %v", err)
	}
	tb.saveShot(dir, fmt.Sprintf("%s-%dx%d", what, w, h))
	tb.do(viewport(tb.w, tb.h))
}

// resign resigns tb's game by its key, confirming.
func (tb *tab) resign() {
	tb.t.Helper()
	eval[bool](tb, `(window.confirm = () => true, true)`)
	tb.do(chromedp.KeyEvent("Q", chromedp.KeyModifiers(chromedp.ModifierShift)))
	tb.wait(`document.querySelector('.race').dataset.status === 'resigned'`, "the resignation")
}

// playMoves plays moves on tb's race page by keys, each acknowledged.
func (tb *tab) playMoves(moves []klondike.Move) {
	tb.t.Helper()
	start := eval[int](tb, `+document.querySelector('.race').dataset.seq`)
	for i, m := range moves {
		tb.keys(keysFor(m))
		tb.wait(fmt.Sprintf(`document.querySelector('.race').dataset.seq === '%d'`, start+i+1), fmt.Sprintf("the ack of move %d (%s)", i+1, m))
	}
}

// firstHome returns the shortest prefix of seed 1's winning bvs line that
// puts a card on a foundation.
func firstHome(t *testing.T) []klondike.Move {
	t.Helper()
	rules, _ := klondike.Profile("bvs")
	st := klondike.MustNew(klondike.NewDeal(1), rules)
	line := readLine(t, "win-bvs-1.txt")
	for i, m := range line {
		if err := st.Apply(m); err != nil {
			t.Fatalf("move %d %s: %v", i+1, m, err)
		}
		if st.FoundationCards() > 0 {
			return line[:i+1]
		}
	}
	t.Fatal("the line puts no card home")
	return nil
}

// result is what the result view shows one racer.
type result struct {
	Head, Note, Played, Last, Cards, Rating string
	Star, Tie                               bool
	Ties                                    int // tie badges in the standings
	Lines                                   []string
}

func (tb *tab) result() result {
	tb.t.Helper()
	tb.wait(`!document.querySelector('#r-result').hidden && /[→]/.test((document.querySelector('#res-rating') || {}).textContent || '')`, "the result view with the rating change")
	return eval[result](tb, `(() => {
		const q = (s) => (document.querySelector(s) || {}).textContent || '';
		const card = document.querySelector('.result-card');
		return { Head: q('#res-h'), Note: q('#res-note'), Played: q('#res-played'), Last: q('#res-last'), Cards: q('#res-cards'),
			Rating: q('#res-rating'), Star: card.classList.contains('first') && getComputedStyle(document.querySelector('#res-h'), '::before').content.includes('★'),
			Tie: card.classList.contains('tie'), Ties: document.querySelectorAll('.standings .badge.tie').length,
			Lines: [...document.querySelectorAll('.standings li')].map((e) => e.textContent) };
	})()`)
}

var clockText = regexp.MustCompile(`^\d+:\d\d$`)

// TestBrowserResultTies races three room races between a laptop in
// English and a phone in Brazilian Portuguese and checks the result view
// of each, with screenshots at both sizes: a tie (both resign with no
// card home) is a shared first place in words, with no winner's star and
// no rating change; a racer ahead on cards places first with the star; a
// place decided by time alone (the same cards, reached later) has no star
// and says why. Each racer's time played and last card home are shown
// apart.
func TestBrowserResultTies(t *testing.T) {
	ts := newRaceServer(t, 1)
	a := newTab(t, "laptop", laptopW, laptopH)
	b := newTab(t, "phone", phoneW, phoneH)
	b.open(ts.URL + "/")
	eval[bool](b, `(localStorage.setItem('lang', 'pt-BR'), true)`)
	dir := resultShots()
	shots := func(what string) {
		for _, tb := range []*tab{a, b} {
			tb.shotAt(dir, what, laptopW, laptopH)
			tb.shotAt(dir, what, phoneW, phoneH)
		}
	}
	home := firstHome(t)

	t.Run("tie at no card home", func(t *testing.T) {
		a.t, b.t = t, t
		roomRace(t, ts.URL, a, b, 600_000)
		b.resign()
		a.resign()
		ra, rb := a.result(), b.result()
		if !strings.Contains(ra.Head, "Tie") || !strings.Contains(ra.Head, "1st") || !strings.Contains(ra.Head, "of 2") || strings.Contains(ra.Head, "placed") {
			t.Errorf("A's headline %q, want a tie for 1st of 2", ra.Head)
		}
		if !strings.Contains(rb.Head, "Empate") || !strings.Contains(rb.Head, "1º") {
			t.Errorf("B's headline %q, want an empate in 1º", rb.Head)
		}
		for name, r := range map[string]result{"A": ra, "B": rb} {
			if r.Star || !r.Tie || r.Ties != 2 {
				t.Errorf("%s: star %v, tie %v, tie badges %d; want no star, a tie and both marked", name, r.Star, r.Tie, r.Ties)
			}
			if !clockText.MatchString(r.Played) || r.Cards != "0/52" {
				t.Errorf("%s: played %q, cards %q; want a time and 0/52", name, r.Played, r.Cards)
			}
			if !strings.Contains(r.Rating, "±0") && !strings.Contains(r.Rating, "(+0)") {
				t.Errorf("%s: rating %q, want no change for a tie", name, r.Rating)
			}
		}
		if ra.Last != "none" || rb.Last != "nenhuma" || !strings.Contains(ra.Note, "a tie") || !strings.Contains(rb.Note, "empate") {
			t.Errorf("last card home %q and %q, notes %q and %q; want none, nenhuma, and the tie explained", ra.Last, rb.Last, ra.Note, rb.Note)
		}
		for _, l := range ra.Lines {
			if !strings.Contains(l, "tie") || !regexp.MustCompile(`played \d+:\d\d`).MatchString(l) {
				t.Errorf("A's standing line %q, want the tie and the time played", l)
			}
		}
		shots("tie")
	})

	t.Run("ahead on cards", func(t *testing.T) {
		a.t, b.t = t, t
		roomRace(t, ts.URL, a, b, 600_000)
		a.playMoves(home)
		b.resign()
		a.resign()
		ra, rb := a.result(), b.result()
		if !strings.Contains(ra.Head, "You placed 1st of 2") || !ra.Star || ra.Tie || ra.Ties != 0 {
			t.Errorf("A: headline %q, star %v, tie %v; want 1st of 2 with the star, no tie", ra.Head, ra.Star, ra.Tie)
		}
		if !strings.Contains(rb.Head, "2º de 2") || rb.Star {
			t.Errorf("B: headline %q, star %v; want 2º de 2 without the star", rb.Head, rb.Star)
		}
		if !regexp.MustCompile(`^at \d+:\d\d$`).MatchString(ra.Last) || !clockText.MatchString(ra.Played) || ra.Cards != "1/52" {
			t.Errorf("A: last card home %q, played %q, cards %q; want a time for each and 1/52", ra.Last, ra.Played, ra.Cards)
		}
		if ra.Note != "" {
			t.Errorf("A's note %q, want none", ra.Note)
		}
		shots("ahead")
	})

	t.Run("level on cards, parted by time", func(t *testing.T) {
		a.t, b.t = t, t
		roomRace(t, ts.URL, a, b, 600_000)
		a.playMoves(home)
		b.playMoves(home)
		b.resign()
		a.resign()
		ra, rb := a.result(), b.result()
		if !strings.Contains(ra.Head, "You placed 1st of 2") || ra.Star || ra.Tie {
			t.Errorf("A: headline %q, star %v, tie %v; want 1st of 2 without the star", ra.Head, ra.Star, ra.Tie)
		}
		if !strings.Contains(ra.Note, "Level with") || !strings.Contains(ra.Note, "sooner") {
			t.Errorf("A's note %q, want it to say time decided", ra.Note)
		}
		if !strings.Contains(rb.Head, "2º de 2") || !strings.Contains(rb.Note, "antes") {
			t.Errorf("B: headline %q, note %q; want 2º de 2 and why", rb.Head, rb.Note)
		}
		shots("level")
	})
	t.Logf("screenshots in %s", dir)
}
