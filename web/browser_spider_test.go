package web

import (
	"context"
	"encoding/json"
	"fmt"
	"sort"
	"strings"
	"testing"

	"github.com/chromedp/cdproto/cdp"
	"github.com/chromedp/cdproto/emulation"
	"github.com/chromedp/chromedp"
	"github.com/chromedp/chromedp/kb"

	"github.com/solitaire-race/racer/match/game/spidergame"
	"github.com/solitaire-race/racer/spider"
)

// spiderViewColumns is the engine's view as boardColumns reads the page.
func spiderViewColumns(v spider.View) []string {
	out := make([]string, len(v.Columns))
	for i, c := range v.Columns {
		up := make([]string, len(c.Up))
		for j, card := range c.Up {
			up[j] = card.String()
		}
		out[i] = fmt.Sprintf("%d:%s", c.Down, strings.Join(up, " "))
	}
	return out
}

// wantSpider checks that the page shows the engine's position st: the
// columns, the deals left and the completed runs.
func (tb *tab) wantSpider(st spider.State, when string) {
	tb.t.Helper()
	v := st.View()
	got := boardColumns(tb)
	want := spiderViewColumns(v)
	if strings.Join(got, "|") != strings.Join(want, "|") {
		tb.t.Fatalf("%s: %s: columns\n got %q\nwant %q", tb.name, when, got, want)
	}
	deals := eval[int](tb, `document.querySelectorAll('.board [data-pile="stock"] .card.down').length`)
	if want := min(v.Stock/10, 5); deals != want {
		tb.t.Fatalf("%s: %s: %d card backs on the stock, want %d", tb.name, when, deals, want)
	}
	label := eval[string](tb, `document.querySelector('.board [data-pile="stock"]').getAttribute('aria-label')`)
	if !strings.Contains(label, fmt.Sprintf("%d deal", v.Stock/10)) {
		tb.t.Fatalf("%s: %s: stock label %q, want %d deals left", tb.name, when, label, v.Stock/10)
	}
	if runs := eval[int](tb, `document.querySelectorAll('.board .runs .card').length`); runs != v.Completed {
		tb.t.Fatalf("%s: %s: %d completed runs shown, want %d", tb.name, when, runs, v.Completed)
	}
}

func spiderActions(g *spider.Game) int { st := g.State(); return st.Actions() }

func spiderView(g *spider.Game) spider.View { st := g.State(); return st.View() }

// spiderKey is the key of column c (0-based) on the Spider board.
func spiderKey(c int) string { return fmt.Sprint((c + 1) % 10) }

// keyMove is a column move the keys play as they are: picking column
// From then column To moves the most cards that fit there.
func keyMove(st spider.State) (spider.Move, bool) {
	most := map[[2]int]spider.Move{}
	for _, m := range st.Moves() {
		if m.IsDeal() {
			continue
		}
		k := [2]int{m.From(), m.To()}
		if o, ok := most[k]; !ok || m.N() > o.N() {
			most[k] = m
		}
	}
	for _, m := range st.Moves() {
		if !m.IsDeal() && most[[2]int{m.From(), m.To()}] == m {
			return m, true
		}
	}
	return spider.Move{}, false
}

// longestRun returns the column with the longest run that moves together
// (permissive rules: descending by one rank) and its length.
func longestRun(st spider.State) (col, n int) {
	v := st.View()
	for c, cv := range v.Columns {
		k := 0
		for i := len(cv.Up) - 1; i >= 0; i-- {
			if k > 0 && cv.Up[i].Rank() != cv.Up[i+1].Rank()+1 {
				break
			}
			k++
		}
		if k > n {
			col, n = c, k
		}
	}
	return col, n
}

// storedMoves reads the actions the practice page stored.
func storedMoves(tb *tab) []string {
	tb.t.Helper()
	var stored struct {
		Moves []string `json:"moves"`
	}
	if err := json.Unmarshal([]byte(eval[string](tb, `localStorage.getItem('practice.v1')`)), &stored); err != nil {
		tb.t.Fatal(err)
	}
	return stored.Moves
}

// TestBrowserSpiderPractice plays Spider on the practice page by keys and
// by pointer: a move by keys, a deal by Enter on the stock, a tap and a
// drag and drop, then undo back across the deal (the stock and the columns
// return to before it) and redo; a hint; the share link and a reload.
func TestBrowserSpiderPractice(t *testing.T) {
	ts := newTestServer(t, Config{})
	tb := newTab(t, "desktop", desktopW, desktopH)
	// Reduced motion: cards are where they land at once, so the test can
	// measure where to click.
	tb.do(chromedp.Func(func(ctx context.Context, tg *chromedp.Target) error {
		_, err := cdp.Call(ctx, tg, emulation.SetEmulatedMedia, emulation.SetEmulatedMediaParams{
			Features: []*emulation.MediaFeature{{Name: "prefers-reduced-motion", Value: "reduce"}},
		})
		return err
	}))
	const profile, seed = "spider-2", 7
	tb.open(fmt.Sprintf("%s/practice?rules=%s&seed=%d", ts.URL, profile, seed))
	tb.waitActions(0)
	g := spiderGame(t, profile, seed)
	tb.wantSpider(g.State(), "at the deal")
	if sel := eval[string](tb, `document.querySelector('#p-rules').value`); sel != profile {
		t.Errorf("profile chosen %q, want %s", sel, profile)
	}

	// The page's own legal moves (used in races) are the engine's.
	checkLegal := func(when string) {
		t.Helper()
		st := g.State()
		var want []string
		for _, m := range st.Moves() {
			want = append(want, m.String())
		}
		got := eval[[]string](tb, `import('/static/spider-rules.js').then(r => r.spiderLegal(window.__spiderView(), {groups: 'permissive'}))`)
		sort.Strings(want)
		sort.Strings(got)
		if strings.Join(got, " ") != strings.Join(want, " ") {
			t.Errorf("%s: legal moves computed by the page\n got %v\nwant %v", when, got, want)
		}
	}
	// The view as the page shows it (the stock: ten cards a back).
	eval[bool](tb, `(window.__spiderView = () => {
		const cols = [...document.querySelectorAll('.board .column')].map(c => ({down: c.querySelectorAll('.card.down').length, up: [...c.querySelectorAll('.card.up')].map(e => e.dataset.card)}));
		return {columns: cols, stock: 10 * document.querySelectorAll('.board [data-pile="stock"] .card.down').length, won: false};
	}, true)`)
	checkLegal("at the deal")

	// A move by keys: its column, then its destination's.
	m, ok := keyMove(g.State())
	if !ok {
		t.Fatal("no column move at the deal")
	}
	tb.keys(spiderKey(m.From()))
	tb.wait(`document.querySelector('.board .column.selected') !== null`, "the picked column")
	tb.keys(spiderKey(m.To()))
	if err := g.Apply(m); err != nil {
		t.Fatal(err)
	}
	tb.waitActions(spiderActions(g))
	tb.wantSpider(g.State(), "after a move by keys "+m.String())

	// Group selection by keys: a column's key picks its run, ↓ one card
	// fewer, ↑ one more, Esc drops it.
	if c, run := longestRun(g.State()); run >= 2 {
		sel := `document.querySelectorAll('.board .card.sel').length`
		tb.keys(spiderKey(c))
		tb.wait(fmt.Sprintf(`%s === %d`, sel, run), fmt.Sprintf("the run of %d picked", run))
		tb.keys(kb.ArrowDown)
		tb.wait(fmt.Sprintf(`%s === %d`, sel, run-1), "one card fewer")
		tb.keys(kb.ArrowUp)
		tb.wait(fmt.Sprintf(`%s === %d`, sel, run), "one card more")
		tb.keys(kb.Escape)
		tb.wait(sel+` === 0`, "the selection dropped")
	} else {
		t.Errorf("no run of 2 cards after the first move: choose another seed")
	}

	// A deal by Enter on the focused stock.
	beforeDealView := spiderView(g)
	eval[bool](tb, `(document.querySelector('.board [data-pile="stock"]').focus(), true)`)
	tb.keys("\r")
	if err := g.Apply(spider.DealMove()); err != nil {
		t.Fatal(err)
	}
	tb.waitActions(spiderActions(g))
	tb.wantSpider(g.State(), "after the deal by Enter")
	if focused := eval[string](tb, `document.activeElement.dataset.pile || ''`); focused != "stock" {
		t.Errorf("focus on %q after the deal, want the stock", focused)
	}
	if d := eval[string](tb, `document.querySelector('#p-deals').textContent`); d != "4" {
		t.Errorf("deals left %s after a deal, want 4", d)
	}
	checkLegal("after the deal")

	// A tap on the top card of a column that has a move: the page plays
	// one legal move of that card, whichever is best.
	st := g.State()
	var tapped spider.Move
	for _, mv := range st.Moves() {
		if !mv.IsDeal() && mv.N() == 1 {
			tapped = mv
			break
		}
	}
	if tapped == (spider.Move{}) {
		t.Fatal("no one-card move after the deal")
	}
	tb.click(fmt.Sprintf(`.board [data-pile="%d"] .card.up:last-of-type`, tapped.From()))
	tb.waitActions(st.Actions() + 1)
	moves := storedMoves(tb)
	played, err := spider.ParseMove(moves[len(moves)-1])
	if err != nil || played.From() != tapped.From() {
		t.Fatalf("the tap on column %d played %q (%v), want a move from it", tapped.From()+1, moves[len(moves)-1], err)
	}
	if err := g.Apply(played); err != nil {
		t.Fatal(err)
	}
	tb.wantSpider(g.State(), "after a tap ("+played.String()+")")

	// Drag and drop of a run onto its destination.
	st = g.State()
	dm, ok := keyMove(st)
	if !ok {
		t.Fatal("no column move to drag")
	}
	x0, y0 := tb.point(fmt.Sprintf(`.board [data-pile="%d"] .card.up:nth-last-child(%d)`, dm.From(), dm.N()), 0.5, 6)
	x1, y1 := tb.point(fmt.Sprintf(`.board [data-pile="%d"]`, dm.To()), 0.5, 30)
	tb.drag(x0, y0, x1, y1)
	if err := g.Apply(dm); err != nil {
		t.Fatal(err)
	}
	tb.waitActions(spiderActions(g))
	tb.wantSpider(g.State(), "after a drag of "+dm.String())
	afterAllView := spiderView(g)
	tb.shot("spider-practice")

	// Undo back across the deal: U, the Undo button, Ctrl+Z; each takes
	// the action counter back by one.
	tb.keys("u")
	tb.waitActions(spiderActions(g) - 1)
	tb.click(`#p-undo-b`)
	tb.waitActions(spiderActions(g) - 2)
	tb.do(chromedp.KeyEvent("z", chromedp.KeyModifiers(chromedp.ModifierCtrl)))
	for range 3 {
		if err := g.Undo(); err != nil {
			t.Fatal(err)
		}
	}
	tb.waitActions(spiderActions(g))
	tb.wantSpider(g.State(), "after undoing back across the deal")
	if got, want := spiderViewColumns(spiderView(g)), spiderViewColumns(beforeDealView); strings.Join(got, "|") != strings.Join(want, "|") || spiderView(g).Stock != 50 {
		t.Fatalf("engine: undo did not return to before the deal")
	}
	if d := eval[string](tb, `document.querySelector('#p-deals').textContent`); d != "5" {
		t.Errorf("deals left %s after undoing the deal, want 5", d)
	}

	// Redo: R, Ctrl+Shift+Z, Ctrl+Y: the deal comes back with the same cards.
	tb.keys("r")
	tb.waitActions(spiderActions(g) + 1)
	tb.do(chromedp.KeyEvent("Z", chromedp.KeyModifiers(chromedp.ModifierCtrl|chromedp.ModifierShift)))
	tb.waitActions(spiderActions(g) + 2)
	tb.do(chromedp.KeyEvent("y", chromedp.KeyModifiers(chromedp.ModifierCtrl)))
	for range 3 {
		if err := g.Redo(); err != nil {
			t.Fatal(err)
		}
	}
	tb.waitActions(spiderActions(g))
	tb.wantSpider(g.State(), "after redoing")
	if got, want := spiderViewColumns(spiderView(g)), spiderViewColumns(afterAllView); strings.Join(got, "|") != strings.Join(want, "|") {
		t.Fatalf("engine: redo did not return to after the drag")
	}

	// A hint: a legal move, its cards marked.
	st = g.State()
	tb.keys("h")
	tb.wait(`document.querySelector('#p-msg').textContent.startsWith('Hint: ')`, "a hint")
	msg := eval[string](tb, `document.querySelector('#p-msg').textContent`)
	hint, err := spider.ParseMove(strings.TrimSuffix(strings.Fields(strings.TrimPrefix(msg, "Hint: "))[0], ","))
	if err != nil || !st.Legal(hint) {
		t.Errorf("hint %q: not a legal move (%v)", msg, err)
	}
	tb.wait(`document.querySelector('.board .card.hint, .board .pile.hint') !== null`, "the hinted cards marked")
	tb.shot("spider-hint")

	// The share link holds the profile and the seed; a reload restores the game.
	if u := eval[string](tb, `location.pathname + location.search`); u != fmt.Sprintf("/practice?rules=%s&seed=%d", profile, seed) {
		t.Errorf("URL %q, want the share link", u)
	}
	tb.do(chromedp.Reload())
	tb.waitActions(spiderActions(g))
	tb.wantSpider(g.State(), "after reload")
}

// TestBrowserSpiderPhone plays Spider on a phone: the ten columns fit the
// width, a tap on a card that cannot move picks it and a tap on a column
// explains why it cannot go there; a deal by a tap, restart, auto-complete
// to the win (eight runs shown) and a new deal.
func TestBrowserSpiderPhone(t *testing.T) {
	ts := newTestServer(t, Config{})
	tb := newTab(t, "phone", phoneW, phoneH)
	tb.open(ts.URL + "/practice?rules=spider-4&seed=3")
	tb.waitActions(0)
	g := spiderGame(t, "spider-4", 3)
	tb.wantSpider(g.State(), "at the deal")
	// Every column inside the viewport.
	right := eval[float64](tb, `Math.max(...[...document.querySelectorAll('.board .column')].map(c => c.getBoundingClientRect().right))`)
	if right > phoneW {
		t.Errorf("the tenth column ends at %.0f px, past the phone's %d", right, phoneW)
	}
	// Find a column whose top card has no move, tap it, then tap another.
	st := g.State()
	from := -1
	for c := range spider.NumColumns {
		has := false
		for _, m := range st.Moves() {
			if !m.IsDeal() && m.From() == c && m.N() == 1 {
				has = true
			}
		}
		if !has {
			from = c
			break
		}
	}
	if from >= 0 {
		to := (from + 1) % spider.NumColumns
		tb.click(fmt.Sprintf(`.board [data-pile="%d"] .card.up:last-of-type`, from))
		tb.wait(`document.querySelector('.board .column.selected') !== null`, "the picked card")
		tb.click(fmt.Sprintf(`.board [data-pile="%d"] .card:last-of-type`, to))
		tb.wait(`document.querySelector('#p-msg.error') !== null`, "the reason the move is illegal")
		if n := eval[string](tb, `document.querySelector('#p-actions').textContent`); n != "0" {
			t.Errorf("%s actions after an illegal tap, want 0", n)
		}
	}
	// Deal by a tap on the stock, restart (X), Completar (A) to the win
	// with the eight runs shown, new deal (N).
	tb.click(`.board [data-pile="stock"]`)
	tb.waitActions(1)
	tb.wait(`document.getAnimations().length === 0`, "the dealt cards landed")
	tb.shot("spider-phone")
	tb.keys("x")
	tb.waitActions(0)
	tb.wantSpider(g.State(), "after restart")
	tb.keys("a")
	tb.wait(`document.querySelector('.msg.win') !== null`, "the win after Completar")
	if runs := eval[int](tb, `document.querySelectorAll('.board .runs .card').length`); runs != 8 {
		t.Errorf("%d completed runs shown after the win, want 8", runs)
	}
	if got := eval[string](tb, `document.querySelector('#p-runs').textContent`); got != "8" {
		t.Errorf("runs %s after the win, want 8", got)
	}
	tb.shot("spider-won")
	tb.keys("n")
	tb.wait(`location.search !== '?rules=spider-4&seed=3'`, "a new deal's link")
	if u := eval[string](tb, `location.search`); !strings.HasPrefix(u, "?rules=spider-4&seed=") {
		t.Errorf("new deal's link %q, want the same profile", u)
	}
	// Choosing a Klondike profile brings the Klondike board back.
	eval[bool](tb, `(s => (s.value = 'bvs', s.dispatchEvent(new Event('change')), true))(document.querySelector('#p-rules'))`)
	tb.wait(`document.querySelectorAll('.board:not(.spider) .column').length === 7 && location.search.startsWith('?rules=bvs&')`, "the Klondike board")
	tb.waitActions(0)
}

// TestBrowserSpiderLegal checks the page's Spider rules (spider-rules.js,
// which the race page plays by) against the engine: the legal moves of
// positions from random play under every group rule, and a run's length.
func TestBrowserSpiderLegal(t *testing.T) {
	ts := newTestServer(t, Config{})
	tb := newTab(t, "rules", desktopW, desktopH)
	tb.open(ts.URL + "/practice?rules=spider-1&seed=1")
	tb.waitActions(0)
	type position struct {
		Groups string              `json:"groups"`
		View   spidergame.WireView `json:"view"`
		Legal  []string            `json:"legal"`
	}
	var positions []position
	for _, profile := range []string{"spider-1", "spider-2-std", "spider-4", "spider-4-std"} {
		for seed := uint64(1); seed <= 3; seed++ {
			g := spiderGame(t, profile, seed)
			for step := 0; step < 40; step++ {
				st := g.State()
				ms := st.Moves()
				if len(ms) == 0 {
					break
				}
				v := st.View()
				p := position{Groups: st.Rules().Groups.String(), View: spidergame.Wire(&v)}
				for _, m := range ms {
					p.Legal = append(p.Legal, m.String())
				}
				sort.Strings(p.Legal)
				positions = append(positions, p)
				if err := g.Apply(ms[(int(seed)*5+step*11)%len(ms)]); err != nil {
					t.Fatal(err)
				}
			}
		}
	}
	js, err := json.Marshal(positions)
	if err != nil {
		t.Fatal(err)
	}
	bad := eval[[]string](tb, fmt.Sprintf(`import('/static/spider-rules.js').then(r => %s.flatMap((p, i) => {
		const got = r.spiderLegal(p.view, {groups: p.groups}).sort();
		return got.join(' ') === p.legal.join(' ') ? [] : [i + ': got ' + got.join(' ') + ' want ' + p.legal.join(' ')];
	}))`, js))
	if len(bad) > 0 {
		t.Errorf("%d of %d positions with other legal moves on the page, first: %s", len(bad), len(positions), bad[0])
	}
}
