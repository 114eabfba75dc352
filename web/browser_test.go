package web

// Browser tests: real headless Chromium (chromedp) against a real httptest
// server. One browser per test binary; each test opens tabs in their own
// browser contexts (separate storage). They skip, loudly, when Chromium is
// missing, except under CI=true where they fail.
//
//	go test ./web -run Browser -v
//	go test ./web -run Browser -web.shots=/tmp/shots   # screenshots, phone and desktop

import (
	"context"
	"encoding/json"
	"flag"
	"fmt"
	"os"
	"os/exec"
	"path/filepath"
	"strings"
	"sync"
	"testing"
	"time"

	"github.com/chromedp/cdproto/cdp"
	"github.com/chromedp/cdproto/emulation"
	"github.com/chromedp/cdproto/input"
	"github.com/chromedp/cdproto/page"
	"github.com/chromedp/chromedp"
	"github.com/chromedp/chromedp/kb"

	"github.com/solitaire-race/racer/internal/testenv"
	"github.com/solitaire-race/racer/klondike"
)

var shotsDir = flag.String("web.shots", "", "write screenshots of the pages at phone and desktop sizes to this directory")

var browser struct {
	once   sync.Once
	ctx    context.Context
	cancel func()
	skip   string
	dir    string
}

func TestMain(m *testing.M) {
	flag.Parse()
	code := testenv.Run(m)
	if browser.cancel != nil {
		browser.cancel()
	}
	if browser.dir != "" {
		os.RemoveAll(browser.dir)
	}
	os.Exit(code)
}

// chromiumPath finds the browser, or returns "".
func chromiumPath() string {
	if p := os.Getenv("CHROMIUM"); p != "" {
		return p
	}
	for _, name := range []string{"chromium", "chromium-browser", "google-chrome", "/usr/bin/chromium"} {
		if p, err := exec.LookPath(name); err == nil {
			return p
		}
	}
	return ""
}

func startBrowser() {
	path := chromiumPath()
	if path == "" {
		browser.skip = "chromium not found (apt-get install chromium, or set CHROMIUM=/path/to/chrome)"
		return
	}
	dir, err := os.MkdirTemp("", "web-chromium-")
	if err != nil {
		browser.skip = err.Error()
		return
	}
	browser.dir = dir
	opts := append(chromedp.DefaultExecAllocatorOptions[:],
		chromedp.ExecPath(path),
		chromedp.NoSandbox,
		chromedp.DisableGPU,
		chromedp.Flag("disable-quic", true),
		chromedp.Flag("no-first-run", true),
		chromedp.Flag("disable-background-networking", true),
		chromedp.Flag("disable-component-update", true),
		chromedp.Flag("disable-sync", true),
		chromedp.UserDataDir(dir),
		chromedp.WindowSize(1280, 900),
	)
	actx, acancel := chromedp.NewExecAllocator(context.Background(), opts...)
	bctx, bcancel := chromedp.NewContext(actx)
	done := make(chan error, 1)
	go func() { done <- chromedp.Do(bctx) }()
	select {
	case err = <-done:
	case <-time.After(60 * time.Second):
		err = fmt.Errorf("Chromium did not start in 60 s")
	}
	if err != nil {
		bcancel()
		acancel()
		browser.skip = fmt.Sprintf("Chromium at %s does not start: %v", path, err)
		return
	}
	browser.ctx = bctx
	browser.cancel = func() { bcancel(); acancel() }
}

// requireBrowser skips (or, under CI=true, fails) when no browser runs.
func requireBrowser(t *testing.T) {
	t.Helper()
	if testing.Short() {
		t.Skip("browser tests skipped in -short mode")
	}
	browser.once.Do(startBrowser)
	if browser.skip != "" {
		testenv.Unavailable(t, browser.skip)
	}
}

// tab is one browser tab in its own browser context (own storage).
type tab struct {
	t     *testing.T
	ctx   context.Context
	name  string
	w, h  int64 // the viewport, CSS pixels
	touch bool  // a phone's touch screen (emulateTouch)
}

// newTab opens a tab of w×h CSS pixels; on failure it saves a screenshot
// and logs where.
func newTab(t *testing.T, name string, w, h int64) *tab {
	t.Helper()
	requireBrowser(t)
	ctx, cancel := chromedp.NewContext(browser.ctx, chromedp.WithNewBrowserContext())
	ctx, cancelT := context.WithTimeout(ctx, 6*time.Minute)
	tb := &tab{t: t, ctx: ctx, name: name, w: w, h: h}
	t.Cleanup(func() {
		if t.Failed() {
			tb.saveShots(filepath.Join(os.TempDir(), "web-failures"), "failure")
		}
		cancelT()
		cancel()
	})
	tb.do(viewport(w, h))
	tb.do(chromedp.Func(func(ctx context.Context, tg *chromedp.Target) error {
		_, err := cdp.Call(ctx, tg, page.AddScriptToEvaluateOnNewDocument, page.AddScriptToEvaluateOnNewDocumentParams{Source: wsLogShim})
		return err
	}))
	return tb
}

// wsLogShim records every WebSocket's open and close (time, code, reason)
// in window.__ws, so that a failed wait can say what the connection did.
const wsLogShim = `(() => {
  window.__ws = [];
  const W = window.WebSocket;
  const t0 = performance.now();
  const at = () => Math.round(performance.now() - t0);
  window.WebSocket = new Proxy(W, { construct(target, args) {
    const ws = new target(...args);
    window.__ws.push('dial ' + at());
    ws.addEventListener('open', () => window.__ws.push('open ' + at()));
    ws.addEventListener('close', (e) => window.__ws.push('close ' + at() + ' ' + e.code + ' ' + e.reason));
    return ws;
  } });
})()`

// Screenshot sizes: a phone in portrait and a desktop.
const (
	phoneW, phoneH     = 390, 844
	desktopW, desktopH = 1280, 860
)

func viewport(w, h int64) chromedp.Action[chromedp.Void] {
	if w < 600 {
		return chromedp.EmulateViewport(w, h, chromedp.EmulatePortrait)
	}
	return chromedp.EmulateViewport(w, h)
}

// emulateTouch makes the tab a phone with a touch screen, at its size:
// the page sees (pointer: coarse) and (hover: none).
func (tb *tab) emulateTouch() {
	tb.t.Helper()
	tb.touch = true
	tb.do(tb.viewport())
}

// viewport is the tab's own viewport: its size, and a phone's touch
// screen when it has one.
func (tb *tab) viewport() chromedp.Action[chromedp.Void] {
	if tb.touch {
		return chromedp.EmulateViewport(tb.w, tb.h, chromedp.EmulatePortrait, chromedp.EmulateMobile, chromedp.EmulateTouch)
	}
	return viewport(tb.w, tb.h)
}

// saveShots saves screenshots at the tab's size and at the other one
// (phone or desktop), then restores the tab's size.
func (tb *tab) saveShots(dir, what string) {
	tb.saveShot(dir, what)
	ow, oh, other := int64(phoneW), int64(phoneH), "phone"
	if tb.w < 600 {
		ow, oh, other = desktopW, desktopH, "desktop"
	}
	ctx, cancel := context.WithTimeout(tb.ctx, 10*time.Second)
	defer cancel()
	if err := chromedp.Do(ctx, viewport(ow, oh)); err != nil {
		tb.t.Logf("screenshot at %s size: %v", other, err)
		return
	}
	// The layout at the new size: two frames drawn, the cards at rest.
	tb.wait(`new Promise((ok) => requestAnimationFrame(() => requestAnimationFrame(() => ok(document.getAnimations().length === 0))))`, "the layout at the new size")
	tb.saveShot(dir, what+"-"+other)
	if err := chromedp.Do(ctx, tb.viewport()); err != nil {
		tb.t.Logf("restoring the viewport: %v", err)
	}
}

func (tb *tab) saveShot(dir, what string) {
	if err := os.MkdirAll(dir, 0o755); err != nil {
		tb.t.Logf("screenshot: %v", err)
		return
	}
	ctx, cancel := context.WithTimeout(tb.ctx, 10*time.Second)
	defer cancel()
	buf, err := chromedp.Run(ctx, chromedp.CaptureScreenshot())
	if err != nil {
		tb.t.Logf("screenshot of %s: %v", tb.name, err)
		return
	}
	name := strings.NewReplacer("/", "_", " ", "_").Replace(fmt.Sprintf("%s-%s-%s.png", tb.t.Name(), tb.name, what))
	path := filepath.Join(dir, name)
	if err := os.WriteFile(path, buf, 0o644); err != nil {
		tb.t.Logf("screenshot: %v", err)
		return
	}
	tb.t.Logf("screenshot of %s (%s): %s", tb.name, what, path)
}

// shot writes screenshots at phone and desktop sizes when -web.shots is
// set.
func (tb *tab) shot(what string) {
	if *shotsDir != "" {
		tb.saveShots(*shotsDir, what)
	}
}

func (tb *tab) do(actions ...chromedp.Action[chromedp.Void]) {
	tb.t.Helper()
	if err := chromedp.Do(tb.ctx, actions...); err != nil {
		tb.t.Fatalf("%s: %v", tb.name, err)
	}
}

// reorderShim wraps every WebSocket's onmessage so that an ack whose
// status is no longer "playing" (the move that ends the racer's game) is
// held until the next race_end has been handled, then delivered.
// window.__reorder counts the acks held and delivered so.
const reorderShim = `(() => {
  window.__reorder = { held: 0, swapped: 0 };
  const d = Object.getOwnPropertyDescriptor(WebSocket.prototype, 'onmessage');
  Object.defineProperty(WebSocket.prototype, 'onmessage', {
    configurable: true,
    get() { return d.get.call(this); },
    set(fn) {
      let held = null;
      d.set.call(this, (e) => {
        let m = null;
        try { m = JSON.parse(e.data); } catch (_) { /* not ours */ }
        if (m && m.type === 'ack' && m.status && m.status !== 'playing' && !held) {
          held = e;
          window.__reorder.held++;
          return;
        }
        fn.call(this, e);
        if (held && m && m.type === 'race_end') {
          const h = held;
          held = null;
          window.__reorder.swapped++;
          fn.call(this, h);
        }
      });
    },
  });
})();`

// holdFinalAck installs reorderShim in every page the tab opens from now on.
func (tb *tab) holdFinalAck() {
	tb.t.Helper()
	tb.onEveryPage(reorderShim)
}

// onEveryPage runs src first in every page the tab opens from now on.
func (tb *tab) onEveryPage(src string) {
	tb.t.Helper()
	tb.do(chromedp.Func(func(ctx context.Context, tg *chromedp.Target) error {
		_, err := cdp.Call(ctx, tg, page.AddScriptToEvaluateOnNewDocument, page.AddScriptToEvaluateOnNewDocumentParams{Source: src})
		return err
	}))
}

func (tb *tab) open(url string) {
	tb.t.Helper()
	tb.do(chromedp.Navigate(url))
}

// eval returns the JSON value of a JavaScript expression.
func eval[T any](tb *tab, expr string) T {
	tb.t.Helper()
	v, err := chromedp.Run(tb.ctx, chromedp.Evaluate[T](expr, chromedp.EvalAwaitPromise))
	if err != nil {
		tb.t.Fatalf("%s: eval %s: %v", tb.name, expr, err)
	}
	return v
}

// wait polls a JavaScript condition until it holds or 10 s pass.
func (tb *tab) wait(cond, what string) {
	tb.t.Helper()
	ctx, cancel := context.WithTimeout(tb.ctx, 20*time.Second)
	defer cancel()
	if _, err := chromedp.Run(ctx, chromedp.Poll[bool](cond, chromedp.WithPollingInterval(15*time.Millisecond))); err != nil {
		msg := eval[string](tb, `(document.querySelector('.msg') || {}).textContent || ''`)
		ws := eval[string](tb, `(window.__ws || []).join('; ')`)
		tb.t.Fatalf("%s: waiting for %s (%s): %v; message on the page: %q; WebSocket (ms since load): %s", tb.name, what, cond, err, msg, ws)
	}
}

func (tb *tab) keys(k string) {
	tb.t.Helper()
	tb.do(chromedp.KeyEvent(k))
}

// point returns the page coordinates of a spot in the element sel: fx, fy
// are fractions of its width, and dy pixels from its top when fy < 0.
func (tb *tab) point(sel string, fx float64, dy float64) (float64, float64) {
	tb.t.Helper()
	xy := eval[[]float64](tb, fmt.Sprintf(`(() => { const e = document.querySelector(%q); if (!e) return null;
		const r = e.getBoundingClientRect(); return [r.x + r.width * %g, r.y + %g]; })()`, sel, fx, dy))
	if len(xy) != 2 {
		tb.t.Fatalf("%s: no element %s", tb.name, sel)
	}
	return xy[0], xy[1]
}

func (tb *tab) click(sel string) {
	tb.t.Helper()
	// Off screen, a click at its coordinates would miss it.
	eval[bool](tb, fmt.Sprintf(`(e => (e && e.scrollIntoView({block: 'nearest'}), true))(document.querySelector(%q))`, sel))
	x, y := tb.point(sel, 0.5, 8)
	tb.do(chromedp.MouseClickXY(x, y))
}

// drag presses on one spot, moves in steps and releases on another.
func (tb *tab) drag(x0, y0, x1, y1 float64) {
	tb.t.Helper()
	left := func(p *input.DispatchMouseEventParams) { p.Button = input.MouseButtonLeft; p.Buttons = 1 }
	steps := []chromedp.Action[chromedp.Void]{
		chromedp.MouseEvent(chromedp.MouseMoved, x0, y0),
		chromedp.MouseEvent(chromedp.MousePressed, x0, y0, left, chromedp.ClickCount(1)),
	}
	for i := 1; i <= 4; i++ {
		f := float64(i) / 4
		steps = append(steps, chromedp.MouseEvent(chromedp.MouseMoved, x0+(x1-x0)*f, y0+(y1-y0)*f, left))
	}
	steps = append(steps, chromedp.MouseEvent(chromedp.MouseReleased, x1, y1, left, chromedp.ClickCount(1)))
	tb.do(steps...)
}

// boardColumns reads the columns on the page: "down:card card".
func boardColumns(tb *tab) []string {
	tb.t.Helper()
	return eval[[]string](tb, `[...document.querySelectorAll('.board .column')].map(c =>
		c.querySelectorAll('.card.down').length + ':' + [...c.querySelectorAll('.card.up')].map(e => e.dataset.card).join(' '))`)
}

func viewColumns(v klondike.View) []string {
	out := make([]string, len(v.Columns))
	for i, c := range v.Columns {
		out[i] = fmt.Sprintf("%d:%s", c.Down, strings.Join(cardStrings(c.Up), " "))
	}
	return out
}

// wantBoard checks that the page shows the engine's view v.
func (tb *tab) wantBoard(v klondike.View, when string) {
	tb.t.Helper()
	got := boardColumns(tb)
	want := viewColumns(v)
	if strings.Join(got, "|") != strings.Join(want, "|") {
		tb.t.Fatalf("%s: %s: columns\n got %q\nwant %q", tb.name, when, got, want)
	}
	waste := eval[[]string](tb, `[...document.querySelectorAll('.board .waste .card')].map(e => e.dataset.card)`)
	if strings.Join(waste, " ") != strings.Join(cardStrings(v.Waste), " ") {
		tb.t.Fatalf("%s: %s: waste %v, want %v", tb.name, when, waste, cardStrings(v.Waste))
	}
}

// readLine reads a winning line from testdata.
func readLine(t *testing.T, name string) []klondike.Move {
	t.Helper()
	b, err := os.ReadFile(filepath.Join("testdata", name))
	if err != nil {
		t.Fatal(err)
	}
	var moves []klondike.Move
	for _, line := range strings.Split(string(b), "\n") {
		if strings.HasPrefix(line, "#") {
			continue
		}
		for _, f := range strings.Fields(line) {
			m, err := klondike.ParseMove(f)
			if err != nil {
				t.Fatalf("%s: %v", name, err)
			}
			moves = append(moves, m)
		}
	}
	return moves
}

// keysFor is the key sequence that plays m on the practice page.
func keysFor(m klondike.Move) string {
	s := m.String()
	switch m.Kind {
	case klondike.Draw, klondike.Recycle:
		return "d"
	case klondike.ColumnToColumn:
		return s[:1] + s[2:3] // "3-5x2": 3 then 5
	case klondike.FoundationToColumn:
		return "f" + strings.ToLower(s[1:2]) + s[3:4]
	}
	return strings.ToLower(strings.ReplaceAll(s, "-", ""))
}

func (tb *tab) actions() int {
	tb.t.Helper()
	return eval[int](tb, `(e => e ? +e.textContent : -1)(document.querySelector('#p-actions'))`)
}

func (tb *tab) waitActions(n int) {
	tb.t.Helper()
	tb.wait(fmt.Sprintf(`+(document.querySelector('#p-actions') || {}).textContent === %d`, n), fmt.Sprintf("action counter %d", n))
}

func practiceGame(t *testing.T, profile string, seed uint64) *klondike.Game {
	t.Helper()
	rules, err := klondike.Profile(profile)
	if err != nil {
		t.Fatal(err)
	}
	rules.Undo, rules.Hints = true, true
	g, err := klondike.NewGame(klondike.NewDeal(seed), rules)
	if err != nil {
		t.Fatal(err)
	}
	return g
}

// TestBrowserPracticeKeyboard plays a whole game with the keys alone, with
// an undo, a redo and a page reload on the way.
func TestBrowserPracticeKeyboard(t *testing.T) {
	ts := newTestServer(t, Config{})
	tb := newTab(t, "desktop", desktopW, desktopH)
	tb.open(ts.URL + "/practice?rules=windows-1&seed=2")
	tb.waitActions(0)
	g := practiceGame(t, "windows-1", 2)
	tb.wantBoard(g.View(), "at the deal")
	tb.shot("practice-deal")

	line := readLine(t, "win-windows-1-2.txt")
	const half = 40
	for i, m := range line[:half] {
		tb.keys(keysFor(m))
		if err := g.Apply(m); err != nil {
			t.Fatalf("move %d %s: %v", i+1, m, err)
		}
		tb.waitActions(g.Actions())
	}
	tb.wantBoard(g.View(), fmt.Sprintf("after %d moves by keys", half))
	tb.shot("practice-midgame")

	// An illegal attempt is explained and changes nothing.
	before := g.View()
	tb.keys("1")
	tb.keys("1") // the same column twice: its best move, or an explanation
	tb.keys("\u001b")
	if got := tb.actions(); got != g.Actions() && got != g.Actions()+1 {
		t.Fatalf("actions %d after 1 1 Esc, want %d or %d", got, g.Actions(), g.Actions()+1)
	}
	// The page stores every action, undos and redos included: besides
	// the line, a move played here and its undo, and one undo and one
	// redo below.
	extra := 2
	if tb.actions() == g.Actions()+1 {
		tb.keys("u") // undo it to stay on the line: the count goes back
		tb.waitActions(g.Actions())
		extra += 2
	}
	if before.Foundations != g.View().Foundations {
		t.Fatalf("foundations changed")
	}

	// Undo and redo by keys: neither adds to the action counter; undo
	// takes one back, redo plays it again.
	pos, n := g.View(), g.Actions()
	tb.keys("u")
	if err := g.Undo(); err != nil {
		t.Fatal(err)
	}
	tb.waitActions(n - 1)
	tb.wantBoard(g.View(), "after undo")
	tb.keys("r")
	if err := g.Redo(); err != nil {
		t.Fatal(err)
	}
	tb.waitActions(n)
	tb.wantBoard(pos, "after redo")

	// A reload restores the game.
	tb.do(chromedp.Reload())
	tb.waitActions(g.Actions())
	tb.wantBoard(g.View(), "after reload")
	if u := eval[string](tb, `location.pathname + location.search`); u != "/practice?rules=windows-1&seed=2" {
		t.Errorf("URL after reload %q, want the share link /practice?rules=windows-1&seed=2", u)
	}

	for i, m := range line[half:] {
		tb.keys(keysFor(m))
		if err := g.Apply(m); err != nil {
			t.Fatalf("move %d %s: %v", half+i+1, m, err)
		}
		tb.waitActions(g.Actions())
	}
	if !g.Won() {
		t.Fatal("the line does not win in the engine")
	}
	tb.wait(`document.querySelector('.msg.win') !== null`, "the win message")
	tb.wait(`document.querySelector('.cascade .card') !== null`, "the win's cascade of cards")
	tb.shot("practice-won")
	// The moves the page stored replay to the same position.
	var stored struct {
		Moves []string `json:"moves"`
	}
	if err := json.Unmarshal([]byte(eval[string](tb, `localStorage.getItem('practice.v1')`)), &stored); err != nil {
		t.Fatal(err)
	}
	if len(stored.Moves) != g.Actions()+extra {
		t.Errorf("stored %d actions, want %d", len(stored.Moves), g.Actions()+extra)
	}
}

// TestBrowserPracticePointer plays a game with the mouse: clicks on the
// stock, clicks on a card whose only move is the line's, and drag and drop
// for the rest; then undo by button.
func TestBrowserPracticePointer(t *testing.T) {
	ts := newTestServer(t, Config{})
	tb := newTab(t, "desktop", desktopW, desktopH)
	// Reduced motion: cards are where they land at once, so the test can
	// measure where to click (and the page's reduced-motion path runs).
	tb.do(chromedp.Func(func(ctx context.Context, tg *chromedp.Target) error {
		_, err := cdp.Call(ctx, tg, emulation.SetEmulatedMedia, emulation.SetEmulatedMediaParams{
			Features: []*emulation.MediaFeature{{Name: "prefers-reduced-motion", Value: "reduce"}},
		})
		return err
	}))
	tb.open(ts.URL + "/practice?rules=classic&seed=4")
	tb.waitActions(0)
	g := practiceGame(t, "classic", 4)
	line := readLine(t, "win-classic-4.txt")
	clicks, drags := 0, 0
	lastPile, lastClick := "", time.Time{}
	// clickPile clicks sel, in pile, waiting out the page's double-click
	// window when the last click was on the same pile.
	clickAt := func(pile, sel string) {
		if pile == lastPile && time.Since(lastClick) < 400*time.Millisecond {
			time.Sleep(400*time.Millisecond - time.Since(lastClick))
		}
		x, y := tb.point(sel, 0.5, 8)
		tb.do(chromedp.MouseClickXY(x, y))
		lastPile, lastClick = pile, time.Now()
	}
	for i, m := range line {
		st := g.State
		switch m.Kind {
		case klondike.Draw, klondike.Recycle:
			tb.click(`[data-pile="stock"]`)
		default:
			src, n := sourceOf(&st, m)
			if onlyMove(&st, m) && i%3 != 0 { // every third move by drag and drop
				pile := fmt.Sprint(m.From) // the page's pile: a column, or the waste
				if m.Kind == klondike.WasteToColumn || m.Kind == klondike.WasteToFoundation {
					pile = "W"
				}
				clickAt(pile, src)
				clicks++
			} else {
				x0, y0 := tb.point(src, 0.5, 8)
				x1, y1 := tb.point(destOf(&st, m), 0.5, 20)
				tb.drag(x0, y0, x1, y1)
				drags++
			}
			_ = n
		}
		if err := g.Apply(m); err != nil {
			t.Fatalf("move %d %s: %v", i+1, m, err)
		}
		if testing.Verbose() {
			t.Logf("move %d %s: page says %q", i+1, m, eval[string](tb, `document.querySelector('#p-msg').textContent + ' ' + JSON.parse(localStorage.getItem('practice.v1')).moves.join(' ')`))
		}
		tb.waitActions(g.Actions())
		if i == 30 {
			tb.wantBoard(g.View(), "after 31 moves by pointer")
			tb.click(`#p-undo-b`)
			g.Undo()
			tb.waitActions(g.Actions())
			tb.wantBoard(g.View(), "after the Undo button")
			tb.click(`#p-redo-b`)
			g.Redo()
			tb.waitActions(g.Actions())
		}
	}
	if clicks == 0 || drags == 0 {
		t.Errorf("%d clicks and %d drags, want some of each", clicks, drags)
	}
	tb.wait(`document.querySelector('.msg.win') !== null`, "the win message")
	if eval[bool](tb, `document.querySelector('.cascade') !== null`) {
		t.Error("a win celebration under prefers-reduced-motion")
	}
}

// sourceOf is the CSS selector of the card m moves, and how many cards.
func sourceOf(st *klondike.State, m klondike.Move) (string, int) {
	switch m.Kind {
	case klondike.WasteToColumn, klondike.WasteToFoundation:
		w := st.Waste()
		return fmt.Sprintf(`.waste [data-card="%s"]`, w[len(w)-1]), 1
	case klondike.ColumnToFoundation:
		col := st.Column(int(m.From))
		return fmt.Sprintf(`[data-card="%s"]`, col[len(col)-1]), 1
	case klondike.ColumnToColumn:
		col := st.Column(int(m.From))
		return fmt.Sprintf(`[data-card="%s"]`, col[len(col)-int(m.N)]), int(m.N)
	case klondike.FoundationToColumn:
		s := klondike.Suit(m.From)
		return fmt.Sprintf(`[data-pile="F%c"] .card:last-of-type`, s.Letter()), 1
	}
	return "", 0
}

// destOf is the CSS selector of the pile m moves to.
func destOf(st *klondike.State, m klondike.Move) string {
	switch m.Kind {
	case klondike.WasteToFoundation, klondike.ColumnToFoundation:
		return `[data-pile="FC"]`
	}
	return fmt.Sprintf(`[data-pile="%d"]`, m.To)
}

// onlyMove reports whether m is the one move of its card (so a click on
// the card must play it), or a move to the foundation (which a click
// prefers).
func onlyMove(st *klondike.State, m klondike.Move) bool {
	if m.Kind == klondike.WasteToFoundation || m.Kind == klondike.ColumnToFoundation {
		return true
	}
	if m.Kind == klondike.FoundationToColumn {
		return false
	}
	same := 0
	for _, o := range st.Moves(nil) {
		switch {
		case m.Kind == klondike.WasteToColumn && (o.Kind == klondike.WasteToColumn || o.Kind == klondike.WasteToFoundation):
			same++
		case m.Kind == klondike.ColumnToColumn && o.Kind == klondike.ColumnToColumn && o.From == m.From && o.N == m.N:
			same++
		case m.Kind == klondike.ColumnToColumn && m.N == 1 && o.Kind == klondike.ColumnToFoundation && o.From == m.From:
			same++
		}
	}
	return same == 1
}

// TestBrowserRace: two browsers race the same seed from the quick-race
// queue; one plays a winning line by keys and clicks, the other sees its
// progress live; a third browser watches; all check the reveal.
func TestBrowserRace(t *testing.T) {
	ts := newRaceServer(t, 1)
	a := newTab(t, "racer A", desktopW, desktopH)
	b := newTab(t, "racer B", phoneW, phoneH)
	a.open(ts.URL + "/")
	b.open(ts.URL + "/")
	for _, tb := range []*tab{a, b} {
		tb.wait(`document.querySelector('[data-queue="bvs"]') !== null`, "the quick-race buttons")
		tb.shot("home")
	}
	a.click(`[data-queue="bvs"]`)
	// B queues with the keyboard: focus the button, press Enter.
	eval[bool](b, `(document.querySelector('[data-queue="bvs"]').focus(), true)`)
	b.keys("\r")
	for _, tb := range []*tab{a, b} {
		tb.wait(`document.querySelector('.race') !== null`, "the race page")
	}
	raceID := strings.TrimPrefix(eval[string](a, `location.pathname`), "/race/")
	if got := strings.TrimPrefix(eval[string](b, `location.pathname`), "/race/"); got != raceID || raceID == "" {
		t.Fatalf("race ids %q and %q, want one race", raceID, got)
	}
	aID := eval[string](a, `window.__hub.me.player`)
	// A's page gets its winning move's ack after race_end, the order two
	// nodes can produce (hub/wire/PROTOCOL.md); one node sends the ack first.
	a.holdFinalAck()
	a.open(ts.URL + "/race/" + raceID) // reload: the shim wraps the new page's socket
	a.wait(`document.querySelector('#r-board') !== null`, "the race page again")
	a.wait(`!document.querySelector('#r-board').classList.contains('passive')`, "the start")
	a.wait(`document.querySelector('#r-score').hidden`, "no score line on bvs, which keeps no score")
	a.shot("race-start")

	w := newTab(t, "watcher", desktopW, desktopH)
	w.open(ts.URL + "/watch/" + raceID)
	w.wait(`document.querySelector('#wr-opps') !== null`, "the watch page")

	rules, _ := klondike.Profile("bvs")
	st := klondike.MustNew(klondike.NewDeal(1), rules)
	line := readLine(t, "win-bvs-1.txt")
	for i, m := range line {
		switch {
		case (m.Kind == klondike.Draw || m.Kind == klondike.Recycle) && i%2 == 0:
			a.click(`[data-pile="stock"]`)
		default:
			a.keys(keysFor(m))
		}
		if err := st.Apply(m); err != nil {
			t.Fatalf("move %d %s: %v", i+1, m, err)
		}
		t0 := time.Now()
		a.wait(fmt.Sprintf(`document.querySelector('.race').dataset.seq === '%d'`, i+1), fmt.Sprintf("the ack of move %d (%s)", i+1, m))
		if testing.Verbose() && i%10 == 0 {
			t.Logf("move %d %s: ack after %v", i+1, m, time.Since(t0))
		}
		if i == 70 {
			n := st.FoundationCards()
			sel := fmt.Sprintf(`[data-racer="%s"] .found`, aID)
			for _, tb := range []*tab{b, w} {
				tb.wait(fmt.Sprintf(`(document.querySelector(%q) || {}).textContent === '%d'`, sel, n), fmt.Sprintf("A's %d foundation cards", n))
			}
			b.shot("race-opponent")
			w.wait(`document.querySelectorAll('.wboard .board').length === 2`, "the racers' boards, late")
			w.shot("watch")
		}
	}
	if !st.Won() {
		t.Fatal("the line does not win in the engine")
	}
	for _, tb := range []*tab{a, b, w} {
		tb.wait(`(document.querySelector('#reveal-check') || {}).className === 'ok'`, "the reveal checked against the commitment")
	}
	// The held ack came after race_end and still counted: A's page shows
	// the whole line played, the win, and the result.
	if got := eval[int](a, `window.__reorder.swapped`); got != 1 {
		t.Errorf("acks delivered after race_end: %d, want 1", got)
	}
	a.wait(fmt.Sprintf(`document.querySelector('.race').dataset.seq === '%d' && document.querySelector('.race').dataset.status === 'won'`, len(line)), "the last ack applied after the end")
	a.wait(`document.querySelector('#r-msg').className === 'msg win' && !document.querySelector('#r-result').hidden`, "the win message and the result")
	a.shot("race-won")
	first := eval[string](b, `document.querySelector('.standings li').textContent`)
	aName := eval[string](a, `window.__hub.me.name`)
	if !strings.Contains(first, aName) || !strings.Contains(first, "won") {
		t.Errorf("B's first place %q, want %s, won", first, aName)
	}
	if got := eval[string](a, `document.querySelector('#res-cards').textContent`); got != "52/52" {
		t.Errorf("the winner's cards home %q, want 52/52", got)
	}
	b.wait(`!document.querySelector('#r-result').hidden`, "the result view of the second")
	if got := eval[string](b, `document.querySelector('#res-h').textContent`); !strings.Contains(got, "2nd of 2") {
		t.Errorf("B's result headline %q, want 2nd of 2", got)
	}

	// The leaderboard shows the result, recorded by the hub's OnFinish as
	// cmd/racer wires it.
	b.open(ts.URL + "/leaderboards?profile=bvs&board=wins&period=all")
	b.wait(fmt.Sprintf(`[...document.querySelectorAll('#lb-rows td a')].some(a => a.textContent === %q)`, aName), "the winner on the wins board")
	b.shot("leaderboards")

	// The replay shows both boards; at the end the winner's holds 52.
	w.open(ts.URL + "/replay/" + raceID)
	w.wait(`document.querySelectorAll('.replay .board').length === 2`, "the replay's boards")
	w.keys(kb.End)
	w.wait(fmt.Sprintf(`(document.querySelector('[data-info="%s"]') || {}).textContent.startsWith('52/52')`, aID), "the winner's 52 cards at the end of the replay")
	w.shot("replay")
}

// TestBrowserDaily: the home page's daily button starts today's daily race
// alone; a guest is told from the start and in the result that their
// result goes on no board; after a resignation the reveal is withheld
// until the day ends, and a second try is refused with already_played.
func TestBrowserDaily(t *testing.T) {
	ts := newRaceServer(t, 3)
	a := newTab(t, "daily", desktopW, desktopH)
	a.open(ts.URL + "/")
	raceDaily(a, "bvs", "the daily challenges and the hub's welcome")
	a.wait(`location.pathname.startsWith('/race/daily-') && document.querySelector('.race') !== null`, "the daily race page")
	a.wait(`!document.querySelector('#r-board').classList.contains('passive')`, "the start")
	eval[bool](a, `(window.confirm = () => true, true)`)
	a.do(chromedp.KeyEvent("Q", chromedp.KeyModifiers(chromedp.ModifierShift)))
	a.wait(`document.querySelector('#reveal-check') !== null`, "the reveal after resigning")
	a.shot("daily-withheld")
	// Alone on the deal: no place of one, the cards home instead.
	a.wait(`!document.querySelector('#r-result').hidden`, "the result view")
	if got := eval[string](a, `document.querySelector('#res-h').textContent`); got != "Finished: 0/52" {
		t.Errorf("the daily's result headline %q, want Finished: 0/52 (no place of one)", got)
	}
	// The players are guests, and the daily boards list accounts' wins.
	for _, sel := range []string{"#r-rated", "#res-board"} {
		if got := eval[string](a, `(document.querySelector('`+sel+`') || {}).textContent || ''`); !strings.Contains(got, "Guests' results are not on the daily board.") {
			t.Errorf("%s says %q, want that guests' results are not on the daily board", sel, got)
		}
	}
	if eval[string](a, `(() => { const l = document.querySelector('#res-board a'); return l ? l.getAttribute('href') : ''; })()`) != "/signin" {
		t.Error("the result's board note has no sign-in link")
	}
	got := eval[string](a, `document.querySelector('#r-reveal').textContent`)
	if !strings.Contains(got, "revealed after the day ends") || strings.Contains(got, "NOT match") {
		t.Errorf("reveal text %q, want the withheld-reveal text and no mismatch", got)
	}

	a.open(ts.URL + "/")
	raceDaily(a, "bvs", "the daily challenges and the hub's welcome again")
	a.wait(`/already raced/.test(document.querySelector('#h-daily-msg').textContent)`, "the already_played message")
}

// raceDaily picks profile in the home page's daily challenges and races
// it, once the hub has welcomed the page.
func raceDaily(tb *tab, profile, what string) {
	tb.t.Helper()
	sel := fmt.Sprintf(`[data-daily="%s"]`, profile)
	tb.wait(fmt.Sprintf(`document.querySelector(%q) !== null && window.__hub && window.__hub.ready`, sel), what)
	tb.click(sel)
}

// TestBrowserPracticeSolver asks for a hint and auto-completes ("Completar")
// a practice game by keys.
func TestBrowserPracticeSolver(t *testing.T) {
	if !solverAvailable {
		t.Skip("SKIPPING: hints and auto-complete are not wired (klondike/solver missing)")
	}
	ts := newTestServer(t, Config{})
	tb := newTab(t, "phone", phoneW, phoneH)
	tb.open(ts.URL + "/practice?rules=windows-1&seed=2")
	tb.waitActions(0)
	tb.wait(`!document.querySelector('#p-hint-b').hidden`, "the Hint button")
	line := readLine(t, "win-windows-1-2.txt")
	g := practiceGame(t, "windows-1", 2)
	for _, m := range line[:10] {
		tb.keys(keysFor(m))
		if err := g.Apply(m); err != nil {
			t.Fatal(err)
		}
		tb.waitActions(g.Actions())
	}
	tb.keys("h")
	tb.wait(`document.querySelector('#p-msg').textContent.startsWith('Hint: ')`, "a hint")
	tb.wait(`document.querySelector('.card.hint, .pile.hint') !== null`, "the hinted card marked")
	tb.shot("practice-hint")
	tb.keys("a")
	tb.wait(`document.querySelector('.msg.win') !== null`, "the win after Completar")
	if got := eval[int](tb, `document.querySelectorAll('.foundation .card:not(.under)').length`); got != 4 {
		t.Errorf("%d foundation tops after Completar, want 4", got)
	}
	tb.shot("practice-completed")
}

// TestBrowserRoom: a host creates a private room, a friend joins by its
// link, the host starts with the keyboard, both race the same race.
func TestBrowserRoom(t *testing.T) {
	ts := newRaceServer(t, 7)
	a := newTab(t, "host", desktopW, desktopH)
	b := newTab(t, "friend", phoneW, phoneH)
	a.open(ts.URL + "/")
	a.wait(`document.querySelector('[data-queue]') !== null`, "the lobby")
	a.click(`#h-create button[type="submit"]`)
	a.wait(`location.pathname.startsWith('/room/')`, "the room page")
	// The host's connection drops before anyone joins: the page joins the
	// room again on the new connection, so it still hears who comes.
	eval[bool](a, `(window.__oldWS = window.__hub.ws, window.__hub.ws.close(), true)`)
	a.wait(`window.__hub.ws !== window.__oldWS && window.__hub.ready`, "the host's reconnect")
	link := eval[string](a, `document.querySelector('#rm-link').href`)
	b.open(link)
	a.wait(`document.querySelectorAll('#rm-members li').length === 2`, "the friend in the room")
	b.wait(`document.querySelectorAll('#rm-members li').length === 2`, "the room as the friend sees it")
	b.shot("room")
	eval[bool](a, `(document.querySelector('#rm-start').focus(), true)`)
	a.keys("\r")
	for _, tb := range []*tab{a, b} {
		tb.wait(`document.querySelector('.race') !== null`, "the race page")
	}
	ra, rb := eval[string](a, `location.pathname`), eval[string](b, `location.pathname`)
	if ra != rb {
		t.Fatalf("host in %s, friend in %s, want one race", ra, rb)
	}

	// The host's connection drops; a draw pressed meanwhile is sent after
	// the reconnect, applied once, and the friend sees it.
	a.wait(`!document.querySelector('#r-board').classList.contains('passive')`, "the start")
	eval[bool](a, `(window.__hub.ws.close(), true)`)
	a.keys("d")
	a.wait(`document.querySelector('.race').dataset.seq === '1' && window.__hub.ready`, "the draw acknowledged after the reconnect")
	hostID := eval[string](a, `window.__hub.me.player`)
	b.wait(fmt.Sprintf(`/ 1 action /.test((document.querySelector('[data-racer="%s"]') || {}).textContent || '')`, hostID), "the host's one action, seen by the friend")

	// Both resign (Shift+Q, confirmed): the race ends, the reveal checks
	// out, and the host's rematch (M), once the friend accepts (M), starts
	// the room's next race.
	for _, tb := range []*tab{a, b} {
		tb.wait(`!document.querySelector('#r-board').classList.contains('passive')`, "the start")
		eval[bool](tb, `(window.confirm = () => true, true)`)
		tb.do(chromedp.KeyEvent("Q", chromedp.KeyModifiers(chromedp.ModifierShift)))
	}
	for _, tb := range []*tab{a, b} {
		tb.wait(`(document.querySelector('#reveal-check') || {}).className === 'ok'`, "the reveal after both resigned")
	}
	a.keys("m")
	b.wait(`(document.querySelector('#res-offer') || {}).hidden === false`, "the host's offer")
	b.keys("m")
	for _, tb := range []*tab{a, b} {
		tb.wait(fmt.Sprintf(`location.pathname.startsWith('/race/') && location.pathname !== %q && document.querySelector('.race') !== null`, ra), "the rematch")
	}
}

// cardStrings returns the notation of cards.
func cardStrings(cs []klondike.Card) []string {
	out := make([]string, len(cs))
	for i, c := range cs {
		out[i] = c.String()
	}
	return out
}

// TestBrowserRaceScore: a race on a profile that keeps a score (windows-1,
// Windows standard scoring) shows the racer's score, and a draw-and-play
// that scores raises it; a race on bvs shows none.
func TestBrowserRaceScore(t *testing.T) {
	ts := newRaceServer(t, 1)
	a := newTab(t, "racer A", desktopW, desktopH)
	b := newTab(t, "racer B", desktopW, desktopH)
	for _, tb := range []*tab{a, b} {
		tb.open(ts.URL + "/")
		tb.wait(`document.querySelector('[data-queue="windows-1"]') !== null`, "the windows-1 quick race")
		tb.click(`#h-more summary`) // among the more rules
		tb.click(`[data-queue="windows-1"]`)
	}
	for _, tb := range []*tab{a, b} {
		tb.wait(`document.querySelector('.race') !== null`, "the race page")
	}
	a.wait(`!document.querySelector('#r-board').classList.contains('passive')`, "the start")
	a.wait(`!document.querySelector('#r-score').hidden && document.querySelector('#r-score').textContent.startsWith('Score 0')`, "the score line at 0")
	// Play moves until one scores (a card to a foundation or turned up,
	// +10 or +5 in Windows standard scoring), taking them from the engine.
	rules, _ := klondike.Profile("windows-1")
	st := klondike.MustNew(klondike.NewDeal(1), rules)
	for i := 0; i < 200 && st.Score() <= 0; i++ {
		var mv klondike.Move
		for _, m := range st.Moves(nil) {
			mv = m
			if m.Kind != klondike.Draw && m.Kind != klondike.Recycle {
				break
			}
		}
		if err := st.Apply(mv); err != nil {
			t.Fatal(err)
		}
		a.keys(keysFor(mv))
		a.wait(fmt.Sprintf(`document.querySelector('.race').dataset.seq === '%d'`, i+1), fmt.Sprintf("the ack of move %d (%s)", i+1, mv))
	}
	if st.Score() <= 0 {
		t.Fatal("no scoring move within 200 moves")
	}
	a.wait(fmt.Sprintf(`document.querySelector('#r-score').textContent.startsWith('Score %d ')`, st.Score()), fmt.Sprintf("the score %d", st.Score()))
	a.shot("race-score")
}
