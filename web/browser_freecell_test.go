package web

import (
	"fmt"
	"sort"
	"strings"
	"testing"

	"github.com/chromedp/chromedp"
	"github.com/chromedp/chromedp/kb"

	"github.com/solitaire-race/racer/freecell"
	"github.com/solitaire-race/racer/freecell/solver"
)

// freecellGame is the engine's practice game of profile and seed.
func freecellGame(t *testing.T, profile string, seed uint64) *freecell.Game {
	t.Helper()
	r, err := freecell.Profile(profile)
	if err != nil {
		t.Fatal(err)
	}
	g, err := freecell.NewGame(freecell.NewDeal(seed), r)
	if err != nil {
		t.Fatal(err)
	}
	return g
}

// wantFreeCell checks that the page shows the engine's position st: the
// columns, the free cells and the foundations.
func (tb *tab) wantFreeCell(st freecell.State, when string) {
	tb.t.Helper()
	v := st.View()
	var want []string
	for _, c := range v.Cascades {
		want = append(want, "0:"+strings.Join(cardStrings(c), " "))
	}
	if got := boardColumns(tb); strings.Join(got, "|") != strings.Join(want, "|") {
		tb.t.Fatalf("%s: %s: columns\n got %q\nwant %q", tb.name, when, got, want)
	}
	var cells []string
	for _, c := range v.Cells {
		if c == freecell.NoCard {
			cells = append(cells, "")
		} else {
			cells = append(cells, c.String())
		}
	}
	got := eval[[]string](tb, `[...document.querySelectorAll('.board .cell')].map(c => (c.querySelector('.card') || {dataset: {card: ''}}).dataset.card)`)
	if strings.Join(got, ",") != strings.Join(cells, ",") {
		tb.t.Fatalf("%s: %s: free cells %q, want %q", tb.name, when, got, cells)
	}
	if home := eval[int](tb, `document.querySelectorAll('.board .foundation .card:not(.under)').length`); home != nonEmpty(v.Foundations) {
		tb.t.Fatalf("%s: %s: %d foundations shown with a card, want %d", tb.name, when, home, nonEmpty(v.Foundations))
	}
}

func nonEmpty(f [freecell.NumSuits]freecell.Rank) int {
	n := 0
	for _, r := range f {
		if r > 0 {
			n++
		}
	}
	return n
}

func freecellActions(g *freecell.Game) int { st := g.State(); return st.Actions() }

// checkFreeCellLegal checks that the page's own legal moves (used in
// races) are the engine's in the position shown.
func (tb *tab) checkFreeCellLegal(st freecell.State, when string) {
	tb.t.Helper()
	var want []string
	for _, m := range st.Moves() {
		want = append(want, m.String())
	}
	got := eval[[]string](tb, `import('/static/freecell-rules.js').then(r => r.freecellLegal({
		columns: [...document.querySelectorAll('.board .column')].map(c => ({down: 0, up: [...c.querySelectorAll('.card.up')].map(e => e.dataset.card)})),
		cells: [...document.querySelectorAll('.board .cell')].map(c => (c.querySelector('.card') || {dataset: {card: ''}}).dataset.card),
		foundations: [...document.querySelectorAll('.board .foundation')].map(f => { const c = f.querySelector('.card:not(.under)'); return c ? 'A23456789TJQK'.indexOf(c.dataset.card[0]) + 1 : 0; }),
		won: false}))`)
	sort.Strings(want)
	sort.Strings(got)
	if strings.Join(got, " ") != strings.Join(want, " ") {
		tb.t.Errorf("%s: %s: legal moves computed by the page\n got %v\nwant %v", tb.name, when, got, want)
	}
}

// TestBrowserFreeCellPractice plays FreeCell on the practice page: a move
// to a free cell by keys, a tap that sends a card to its best place, a
// drag to a free cell, a double-click to the foundation; undo and redo;
// a hint; auto-complete to the win.
func TestBrowserFreeCellPractice(t *testing.T) {
	ts := newTestServer(t, Config{})
	tb := newTab(t, "desktop", desktopW, desktopH)
	tb.reduceMotion()
	// Deal 1 (Microsoft's): column 7 is 7C KH AH 4D JH 8C.
	const profile, seed = "freecell", 1
	tb.open(fmt.Sprintf("%s/practice?rules=%s&seed=%d", ts.URL, profile, seed))
	tb.waitActions(0)
	g := freecellGame(t, profile, seed)
	tb.wantFreeCell(g.State(), "at the deal")
	tb.checkFreeCellLegal(g.State(), "at the deal")
	if n := eval[int](tb, `document.querySelectorAll('.board.freecell .cell').length`); n != 4 {
		t.Errorf("%d free cells shown, want 4", n)
	}
	tb.shot("freecell-practice-deal")

	play := func(m, how string) {
		t.Helper()
		mv, err := freecell.ParseMove(m)
		if err != nil {
			t.Fatal(err)
		}
		if err := g.Apply(mv); err != nil {
			t.Fatalf("%s: %v", m, err)
		}
		tb.waitActions(freecellActions(g))
		if moves := storedMoves(tb); moves[len(moves)-1] != m {
			t.Fatalf("%s played %q, want %s", how, moves[len(moves)-1], m)
		}
		tb.wantFreeCell(g.State(), "after "+how+" ("+m+")")
	}

	// Keys: column 7, then C for a free cell.
	tb.keys("7")
	tb.wait(`document.querySelector('.board .column.selected') !== null`, "the picked column")
	tb.keys("c")
	play("7-a", "keys 7 C")

	// A tap on JH, which goes on no card: the first empty free cell.
	tb.click(`.board [data-pile="6"] .card.up:last-of-type`)
	play("7-b", "a tap on JH")

	// A drag of 4D to free cell d.
	x0, y0 := tb.point(`.board [data-pile="6"] .card.up:last-of-type`, 0.5, 10)
	x1, y1 := tb.point(`.board [data-pile="d"]`, 0.5, 20)
	tb.drag(x0, y0, x1, y1)
	play("7-d", "a drag to cell d")

	// A double-click on AH: home. The board ignores a double-click within
	// 600 ms of its last move (the second click of a tap that played), so
	// the page's clock passes that first.
	since := eval[int64](tb, `Date.now()`)
	tb.wait(fmt.Sprintf(`Date.now() >= %d`, since+600), "600 ms after the drag's move")
	x, y := tb.point(`.board [data-pile="6"] .card.up:last-of-type`, 0.5, 10)
	tb.do(chromedp.MouseClickXY(x, y, chromedp.ClickCount(2)))
	play("7-F", "a double-click on AH")
	tb.checkFreeCellLegal(g.State(), "after four moves")
	if full := eval[int](tb, `document.querySelectorAll('.board .cell .card').length`); full != 3 {
		t.Errorf("%d free cells hold a card, want 3", full)
	}
	tb.shot("freecell-practice-moves")

	// A card from a free cell by keys: C picks cell a's 8C, ArrowUp does
	// nothing to it, and a column with no place explains itself.
	tb.keys("c")
	tb.wait(`(document.querySelector('.board .cell.selected') || {dataset: {}}).dataset.pile === 'a'`, "cell a picked")
	tb.keys(kb.Escape)
	tb.wait(`document.querySelector('.board .cell.selected') === null`, "the selection dropped")

	// Undo twice (U, the button), redo once (R).
	tb.keys("u")
	tb.waitActions(freecellActions(g) - 1)
	tb.click(`#p-undo-b`)
	tb.waitActions(freecellActions(g) - 2)
	for range 2 {
		if err := g.Undo(); err != nil {
			t.Fatal(err)
		}
	}
	tb.wantFreeCell(g.State(), "after two undos")
	tb.keys("r")
	if err := g.Redo(); err != nil {
		t.Fatal(err)
	}
	tb.waitActions(freecellActions(g))
	tb.wantFreeCell(g.State(), "after a redo")

	// A hint: a legal move, its cards marked.
	st := g.State()
	tb.keys("h")
	tb.wait(`document.querySelector('#p-msg').textContent.startsWith('Hint: ')`, "a hint")
	msg := eval[string](tb, `document.querySelector('#p-msg').textContent`)
	hint, err := freecell.ParseMove(strings.TrimSuffix(strings.Fields(strings.TrimPrefix(msg, "Hint: "))[0], ","))
	if err != nil || !st.Legal(hint) {
		t.Errorf("hint %q: not a legal move (%v)", msg, err)
	}
	tb.wait(`document.querySelector('.board .card.hint') !== null`, "the hinted card marked")
	tb.shot("freecell-practice-hint")

	// Auto-complete: the safe moves home, then the solver's line, to the win.
	tb.keys("a")
	tb.wait(`document.querySelector('.msg.win') !== null`, "the win after auto-complete")
	if got := eval[[]string](tb, `[...document.querySelectorAll('.board .foundation .card:not(.under)')].map(e => e.dataset.card)`); strings.Join(got, " ") != "KC KD KH KS" {
		t.Errorf("foundation tops after auto-complete %v, want the four kings", got)
	}
	tb.shot("freecell-practice-won")
}

// TestBrowserFreeCellPhone plays FreeCell on a phone's touch screen: the
// eight columns and the free cells fit the width; a tap on a card that
// has nowhere to go picks it, and a tap on a free cell sends it there.
func TestBrowserFreeCellPhone(t *testing.T) {
	ts := newTestServer(t, Config{})
	tb := newTab(t, "phone", phoneW, phoneH)
	tb.emulateTouch()
	tb.reduceMotion()
	tb.open(ts.URL + "/practice?rules=freecell-3&seed=1")
	tb.waitActions(0)
	g := freecellGame(t, "freecell-3", 1)
	tb.wantFreeCell(g.State(), "at the deal")
	if n := eval[int](tb, `document.querySelectorAll('.board .cell').length`); n != 3 {
		t.Errorf("%d free cells on freecell-3, want 3", n)
	}
	right := eval[float64](tb, `Math.max(...[...document.querySelectorAll('.board .pile')].map(c => c.getBoundingClientRect().right))`)
	if right > phoneW {
		t.Errorf("the board's piles end at %.0f px, past the phone's %d", right, phoneW)
	}
	tb.shot("freecell-phone-deal")
	// Tap the top cards of the columns in turn (a pile tapped twice in a
	// row would be a double tap) until the three free cells are full.
	last := -1
	for st := g.State(); st.FreeCells() > 0; st = g.State() {
		c := (last + 1) % freecell.NumCascades
		for ; c == last || !hasMoveFrom(st, c); c = (c + 1) % freecell.NumCascades {
		}
		tb.click(fmt.Sprintf(`.board [data-pile="%d"] .card.up:last-of-type`, c))
		tb.waitActions(st.Actions() + 1)
		moves := storedMoves(tb)
		mv, err := freecell.ParseMove(moves[len(moves)-1])
		if err != nil || mv.From() != freecell.CascadePlace(c) {
			t.Fatalf("a tap on column %d played %q (%v), want a move from it", c+1, moves[len(moves)-1], err)
		}
		if err := g.Apply(mv); err != nil {
			t.Fatal(err)
		}
		last = c
	}
	tb.wantFreeCell(g.State(), "with the free cells full")
	// A card with no place: a tap picks it and says so.
	st := g.State()
	c := 0
	for ; c < freecell.NumCascades && (c == last || hasMoveFrom(st, c)); c++ {
	}
	if c == freecell.NumCascades {
		t.Fatal("every column's top card has a move: choose another deal")
	}
	tb.click(fmt.Sprintf(`.board [data-pile="%d"] .card.up:last-of-type`, c))
	tb.wait(`document.querySelector('.board .column.selected') !== null`, "the card picked")
	if msg := eval[string](tb, `document.querySelector('#p-msg').textContent`); !strings.Contains(msg, "tap where it should go") {
		t.Errorf("message %q, want the touch screen's words", msg)
	}
	tb.shot("freecell-phone-picked")
	// A tap on a full cell: the move is refused, with why.
	tb.click(`.board [data-pile="a"]`)
	tb.wait(`document.querySelector('#p-msg').textContent.includes('free cell a is full')`, "the refusal")
	tb.wantFreeCell(g.State(), "after a refused move")

	// How to play FreeCell: its words, and practice on its default
	// profile as the server says.
	tb.open(ts.URL + "/how/freecell")
	tb.wait(`(document.querySelector('#how-try') || {}).getAttribute && document.querySelector('#how-try').getAttribute('href') === '/practice?rules=freecell'`, "the how-to page's practice link")
	if h := eval[string](tb, `document.querySelector('#how-h').textContent`); h != "How to play FreeCell" {
		t.Errorf("how-to title %q, want How to play FreeCell", h)
	}
	if n := eval[int](tb, `document.querySelectorAll('.how ul li').length`); n != 5 {
		t.Errorf("%d moves explained, want 5", n)
	}
	tb.shot("freecell-how")
}

// hasMoveFrom reports whether the top card of column c has a legal move
// of one card in st.
func hasMoveFrom(st freecell.State, c int) bool {
	for _, m := range st.Moves() {
		if m.From() == freecell.CascadePlace(c) && m.N() == 1 {
			return true
		}
	}
	return false
}

// playFreeCell plays m on the board by keys and clicks: its source's key
// (a column's digit; C until the free cell is picked) and ↑ for each card
// past the first, then its destination's key (a column's digit, F), or a
// click on the free cell it goes to.
func (tb *tab) playFreeCell(m freecell.Move) {
	tb.t.Helper()
	if from := m.From(); from.IsCascade() {
		tb.keys(fmt.Sprint(from.Index() + 1))
		for range m.N() - 1 {
			tb.keys(kb.ArrowUp)
		}
	} else {
		for i := 0; eval[string](tb, `(document.querySelector('.board .cell.selected') || {dataset: {pile: ''}}).dataset.pile`) != from.String(); i++ {
			if i == freecell.MaxCells {
				tb.t.Fatalf("%s: C never picked free cell %s", tb.name, from)
			}
			tb.keys("c")
		}
	}
	switch to := m.To(); {
	case to == freecell.Foundation:
		tb.keys("f")
	case to.IsCell():
		tb.click(fmt.Sprintf(`.board [data-pile="%s"]`, to))
	default:
		tb.keys(fmt.Sprint(to.Index() + 1))
	}
}

// TestBrowserFreeCellRace: two browsers race a FreeCell deal from the
// quick-race queue; one plays a winning line by keys and clicks, the
// other, on a phone, sees its cards home grow; the reveal checks out, the
// result counts cards home, and the replay shows both FreeCell boards and
// the solver's analysis of both games.
func TestBrowserFreeCellRace(t *testing.T) {
	const seed = 1<<40 + 7 // a race seed: never one of Microsoft's numbered deals
	ts := newServer(t, serverOptions{seed: seed, analysis: true})
	a := newTab(t, "racer A", desktopW, desktopH)
	b := newTab(t, "racer B", phoneW, phoneH)
	for _, tb := range []*tab{a, b} {
		tb.open(ts.URL + "/")
		tb.wait(`document.querySelector('[data-queue="freecell"]') !== null && window.__hub.ready`, "the FreeCell quick-race button")
	}
	a.shot("home")
	a.click(`[data-queue="freecell"]`)
	b.click(`[data-queue="freecell"]`)
	for _, tb := range []*tab{a, b} {
		tb.wait(`(document.querySelector('.race') || {dataset: {}}).dataset.game === 'freecell'`, "the FreeCell race page")
	}
	raceID := strings.TrimPrefix(eval[string](a, `location.pathname`), "/race/")
	aID := eval[string](a, `window.__hub.me.player`)
	a.wait(`!document.querySelector('#r-board').classList.contains('passive')`, "the start")

	r, _ := freecell.Profile("freecell")
	st := freecell.MustNew(freecell.NewDeal(seed), r)
	a.wantFreeCell(st, "at the start")
	b.wantFreeCell(st, "at the start")
	a.shot("freecell-race-start")
	res := solver.Solve(t.Context(), st, solver.Config{})
	if res.Verdict != solver.Won {
		t.Fatalf("the solver finds no win for seed %d: %v", uint64(seed), res.Verdict)
	}
	for i, m := range res.Moves {
		a.playFreeCell(m)
		if err := st.Apply(m); err != nil {
			t.Fatalf("move %d %s: %v", i+1, m, err)
		}
		a.wait(fmt.Sprintf(`document.querySelector('.race').dataset.seq === '%d'`, i+1), fmt.Sprintf("the ack of move %d (%s)", i+1, m))
		if i == 30 {
			a.wantFreeCell(st, "after 31 moves")
			sel := fmt.Sprintf(`[data-racer="%s"] .found`, aID)
			b.wait(fmt.Sprintf(`(document.querySelector(%q) || {}).textContent === '%d'`, sel, st.Home()), fmt.Sprintf("A's %d cards home, seen by B", st.Home()))
			a.shot("freecell-race-playing")
			b.shot("freecell-race-opponent")
		}
	}
	if !st.Won() {
		t.Fatal("the line does not win in the engine")
	}
	for _, tb := range []*tab{a, b} {
		tb.wait(`(document.querySelector('#reveal-check') || {}).className === 'ok'`, "the reveal checked against the commitment")
	}
	a.wait(`document.querySelector('#r-msg').className === 'msg win' && !document.querySelector('#r-result').hidden`, "the win message and the result")
	if got := eval[string](a, `document.querySelector('#res-cards').textContent`); got != "52/52" {
		t.Errorf("the winner's cards home %q, want 52/52", got)
	}
	a.shot("freecell-race-won")
	b.wait(`!document.querySelector('#r-result').hidden`, "the result view of the second")
	if got := eval[string](b, `document.querySelector('#res-h').textContent`); !strings.Contains(got, "2nd of 2") {
		t.Errorf("B's result headline %q, want 2nd of 2", got)
	}
	b.shot("freecell-race-lost")

	// The replay: both FreeCell boards, the winner's at 52 at the end,
	// and the analysis of both games, every card having been face up.
	b.open(ts.URL + "/replay/" + raceID)
	b.wait(`document.querySelectorAll('.replay .board.freecell').length === 2`, "the replay's FreeCell boards")
	b.keys(kb.End)
	b.wait(fmt.Sprintf(`(document.querySelector('[data-info="%s"]') || {}).textContent.startsWith('52/52')`, aID), "the winner's 52 cards at the end of the replay")
	b.wait(`document.querySelectorAll('.an-racer .an-timeline').length === 2`, "the analysis of both games")
	if got := eval[int](b, fmt.Sprintf(`[...document.querySelectorAll('.an-timeline')].map(o => o.children.length).find(n => n === %d) || 0`, len(res.Moves)+1)); got != len(res.Moves)+1 {
		t.Errorf("no timeline of %d positions for the winner's game", len(res.Moves)+1)
	}
	if got := eval[string](b, `document.querySelector('.an-honest').textContent`); !strings.HasPrefix(got, "Every card was face up") {
		t.Errorf("the analysis says %q of hidden cards, want that every card was face up", got)
	}
	eval[bool](b, `(document.querySelector('#rp-analysis').scrollIntoView(), true)`)
	b.shot("freecell-replay-analysis")
	a.open(ts.URL + "/replay/" + raceID)
	a.wait(`document.querySelectorAll('.an-racer .an-timeline').length === 2`, "the analysis on the desktop")
	a.shot("freecell-replay")
}
