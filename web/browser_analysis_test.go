package web

import (
	"context"
	"encoding/json"
	"fmt"
	"io"
	"log/slog"
	"net/http/httptest"
	"regexp"
	"slices"
	"strings"
	"testing"

	"github.com/chromedp/cdproto/cdp"
	"github.com/chromedp/cdproto/input"
	"github.com/chromedp/cdproto/page"
	"github.com/chromedp/chromedp"
	"github.com/chromedp/chromedp/kb"

	"github.com/solitaire-race/racer/klondike"
	"github.com/solitaire-race/racer/match"
	"github.com/solitaire-race/racer/match/analysis"
	"github.com/solitaire-race/racer/match/game"
	"github.com/solitaire-race/racer/match/game/games"
	"github.com/solitaire-race/racer/match/leaderboard"
	"github.com/solitaire-race/racer/match/replay"
	"github.com/solitaire-race/racer/web/api"
)

// thrownAway is a relaxed-3 game of seed 2 whose eleventh move, 6-4x4,
// throws a won position away.
const thrownAway = "6-F D 4-F 6-F 6-5 3-2 W-6 5-6x2 W-3 W-4 6-4x4 D D"

// anDesktopW, anDesktopH: the desktop the analysis is checked on (the
// phone is phoneW × phoneH, with a touch screen).
const anDesktopW, anDesktopH = 1366, 768

// notation matches a move in the notation of any game (docs/RULES.md):
// what the analysis must never show a person.
var notation = regexp.MustCompile(`^(?:D|R|W-[1-7F]|F[CDHS]-\d|\d{1,2}-(?:\d{1,2}|F)(?:x\d+)?|[1-8a-d]-[1-8a-dF](?:x\d+)?)$`)

// notationIn returns the words of text that are moves in notation.
func notationIn(text string) []string {
	var out []string
	for _, w := range strings.Fields(text) {
		if w = strings.Trim(w, ".,:;()"); notation.MatchString(w) {
			out = append(out, w)
		}
	}
	return out
}

// stepVerb matches the start of a step of a line in words.
var stepVerb = regexp.MustCompile(`^(?:Move|Draw|Put|Turn|Deal)\b`)

// serveReplay saves rp, and serves the page with the API over it and an
// analysis pool, not yet running, that stores beside it.
func serveReplay(t *testing.T, rp replay.Replay) (*httptest.Server, *analysis.Pool, replay.AnalysisStore) {
	t.Helper()
	replays := replay.NewMemoryStore()
	if _, err := replays.Save(t.Context(), rp); err != nil {
		t.Fatal(err)
	}
	quiet := slog.New(slog.NewTextHandler(io.Discard, nil))
	pool, err := analysis.New(analysis.Config{Store: replays, Lookup: games.Lookup, Logger: quiet})
	if err != nil {
		t.Fatal(err)
	}
	apiHandler, err := api.New(api.Config{Boards: leaderboard.NewMemoryStore(), Replays: replays, Analyses: replays, Logger: quiet})
	if err != nil {
		t.Fatal(err)
	}
	return newTestServer(t, Config{API: apiHandler}), pool, replays
}

// oneRacer is the replay of a race of one racer, Ann, who played moves.
func oneRacer(race, profile string, seed uint64, moves []string) replay.Replay {
	rp := replay.Replay{Race: race, Profile: profile, Seed: seed,
		Racers:  []match.Racer{{ID: "a", Name: "Ann"}},
		Result:  match.Result{Race: race, Reason: match.EndAllDone, Standings: []match.Standing{{Place: 1, Player: "a", Name: "Ann", Status: match.StatusResigned}}},
		Actions: map[string][]replay.Action{},
	}
	for i, m := range moves {
		rp.Actions["a"] = append(rp.Actions["a"], replay.Action{Seq: uint64(i + 1), Action: m, Ms: int64(i * 100)})
	}
	return rp
}

// columnsIn reads the columns of the board under sel: "down:card card".
func columnsIn(tb *tab, sel string) []string {
	tb.t.Helper()
	return eval[[]string](tb, fmt.Sprintf(`[...document.querySelectorAll(%q)].map(c =>
		c.querySelectorAll('.card.down').length + ':' + [...c.querySelectorAll('.card.up')].map(e => e.dataset.card).join(' '))`, sel+" .column"))
}

// anShots saves the analysis at 1366×768 and on a 390×844 touch phone
// when -web.shots is set, then restores the tab's viewport.
func anShots(tb *tab, what string) {
	tb.t.Helper()
	if *shotsDir == "" {
		return
	}
	settled := `document.getAnimations().every((a) => a.playState !== 'running')`
	tb.wait(settled, "the cards at rest")
	eval[bool](tb, `(document.querySelector('.an-racer').scrollIntoView(), true)`)
	tb.saveShot(*shotsDir, what+"-desktop")
	tb.do(chromedp.EmulateViewport(phoneW, phoneH, chromedp.EmulatePortrait, chromedp.EmulateMobile, chromedp.EmulateTouch))
	eval[bool](tb, `new Promise((ok) => requestAnimationFrame(() => requestAnimationFrame(() => ok(true))))`)
	eval[bool](tb, `(document.querySelector('.an-racer').scrollIntoView(), true)`)
	tb.wait(settled, "the cards at rest")
	tb.saveShot(*shotsDir, what+"-phone")
	tb.do(tb.viewport())
}

// tap touches the middle of the element sel with a finger and lifts it:
// the page sees a touch, then the click a browser makes of it.
func (tb *tab) tap(sel string) {
	tb.t.Helper()
	eval[bool](tb, fmt.Sprintf(`(e => (e && e.scrollIntoView({block: 'nearest'}), true))(document.querySelector(%q))`, sel))
	xy := eval[[]float64](tb, fmt.Sprintf(`(() => { const r = document.querySelector(%q).getBoundingClientRect(); return [r.x + r.width / 2, r.y + r.height / 2]; })()`, sel))
	tb.do(chromedp.Func(func(ctx context.Context, tg *chromedp.Target) error {
		if _, err := cdp.Call(ctx, tg, input.DispatchTouchEvent, input.DispatchTouchEventParams{Type: input.DispatchTouchEventTypeTouchStart,
			TouchPoints: []*input.TouchPoint{{X: xy[0], Y: xy[1]}}}); err != nil {
			return err
		}
		_, err := cdp.Call(ctx, tg, input.DispatchTouchEvent, input.DispatchTouchEventParams{Type: input.DispatchTouchEventTypeTouchEnd, TouchPoints: []*input.TouchPoint{}})
		return err
	}))
}

// practiceLog records, in window.__practice, each POST /api/practice the
// page sends: its number of moves and its viewsFrom (null when absent).
const practiceLog = `(() => {
  window.__practice = [];
  const f = window.fetch;
  window.fetch = function (path, init) {
    if (String(path).endsWith('/api/practice') && init && init.body) {
      const b = JSON.parse(init.body);
      window.__practice.push({ moves: b.moves.length, viewsFrom: b.viewsFrom === undefined ? null : b.viewsFrom });
    }
    return f.apply(this, arguments);
  };
})();`

// practiceAsked is one POST /api/practice that practiceLog recorded.
type practiceAsked struct {
	Moves     int  `json:"moves"`
	ViewsFrom *int `json:"viewsFrom"`
}

// logPractice installs practiceLog in every page the tab opens from now on.
func (tb *tab) logPractice() {
	tb.t.Helper()
	tb.do(chromedp.Func(func(ctx context.Context, tg *chromedp.Target) error {
		_, err := cdp.Call(ctx, tg, page.AddScriptToEvaluateOnNewDocument, page.AddScriptToEvaluateOnNewDocumentParams{Source: practiceLog})
		return err
	}))
}

// checkLineAsked checks that the analysis asked for the views along its
// line of n moves from position from in one request, and for no position
// after from alone.
func checkLineAsked(tb *tab, from, n int, when string) {
	tb.t.Helper()
	var line []string // "viewsFrom of moves"
	alone := 0
	for _, a := range eval[[]practiceAsked](tb, `window.__practice`) {
		switch {
		case a.ViewsFrom != nil:
			line = append(line, fmt.Sprintf("%d of %d", *a.ViewsFrom, a.Moves))
		case a.Moves > from:
			alone++
		}
	}
	if want := fmt.Sprintf("%d of %d", from, from+n); len(line) != 1 || line[0] != want {
		tb.t.Errorf("%s: line requests (viewsFrom of moves) %q, want one, %s", when, line, want)
	}
	if alone > 0 {
		tb.t.Errorf("%s: %d positions past move %d asked alone, want none (the line's request holds them)", when, alone, from)
	}
}

// TestBrowserReplayAnalysis: the replay page says the analysis is pending
// until the solver has analysed the race, then shows the strip coloured
// by verdict with the losing move marked and a sentence that names the
// move where the strip turns lost; a square of the strip (click or arrow
// keys) moves the replay and the analysis's board to its position; the
// winning line reads as words, grouped in steps, and its last step wins.
func TestBrowserReplayAnalysis(t *testing.T) {
	requireBrowser(t)
	moves := strings.Fields(thrownAway)
	rp := oneRacer("an-race", "relaxed-3", 2, moves)
	ts, pool, replays := serveReplay(t, rp)
	ctx, cancel := context.WithCancel(context.Background())
	defer cancel()
	go pool.Run(ctx)

	tb := newTab(t, "reader", anDesktopW, anDesktopH)
	tb.recordErrors()
	tb.logPractice()
	tb.open(ts.URL + "/replay/an-race")
	tb.wait(`(document.querySelector('#an-msg') || {}).textContent === 'The solver is still analysing these games…'`, "the pending analysis")
	pool.Enqueue(rp)
	<-pool.Idle()
	tb.wait(`document.querySelectorAll('.an-timeline button').length === 14`, "a strip of 14 positions")
	tb.wait(`document.querySelector('.an-racer').dataset.ready === 'true'`, "the sentence and the line's words")

	stored, err := replays.LoadAnalyses(t.Context(), "an-race")
	if err != nil || stored["a"].FirstLost == nil || *stored["a"].FirstLost != 11 {
		t.Fatalf("stored analysis %+v, %v; want move 11 lost", stored, err)
	}
	line := stored["a"].Line
	// The views along the line, for its words and its board, come in one
	// request, not one a move.
	checkLineAsked(tb, 10, len(line), "the analysis shown")
	verdicts := eval[[]string](tb, `[...document.querySelectorAll('.an-timeline button')].map((b) => b.dataset.verdict)`)
	if got, want := strings.Join(verdicts, " "), strings.Join(stored["a"].Verdicts, " "); got != want {
		t.Errorf("strip %s, want %s", got, want)
	}
	losing := eval[[]int](tb, `[...document.querySelectorAll('.an-timeline button')].flatMap((b, i) => b.classList.contains('an-losing') ? [i] : [])`)
	if len(losing) != 1 || losing[0] != 11 {
		t.Errorf("losing move marked at %v, want [11]", losing)
	}
	if c := eval[string](tb, `getComputedStyle(document.querySelectorAll('.an-timeline button')[11]).backgroundColor`); c != "rgb(178, 58, 48)" {
		t.Errorf("lost square coloured %s, want the lost colour rgb(178, 58, 48)", c)
	}

	// The sentence names the move where the strip turns lost, in words.
	turns := slices.Index(verdicts, "lost")
	said := eval[string](tb, `document.querySelector('.an-sentence').textContent`)
	if want := fmt.Sprintf("The deal was winnable until move %d, which lost it: Move 4 cards (", turns); turns != 11 || !strings.HasPrefix(said, want) {
		t.Errorf("strip turns lost at %d; sentence %q, want it to start %q", turns, said, want)
	}
	if !regexp.MustCompile(`from column 6 (onto \S+ in column 4|to empty column 4)\. Instead, the winning line below starts: (Draw|Move|Put)\b`).MatchString(said) {
		t.Errorf("sentence %q, want move 11 (6-4x4) and the line's first move in words", said)
	}
	if n := notationIn(said); len(n) > 0 {
		t.Errorf("sentence %q shows notation %q", said, n)
	}
	want := "The analysis knew every card, including those face down, so the player could not have known."
	if got := eval[string](tb, `document.querySelector('.an-honest').textContent`); got != want {
		t.Errorf("honest line %q, want %q", got, want)
	}

	// The line in words: fewer steps than moves, each an instruction.
	steps := eval[[]string](tb, `[...document.querySelectorAll('.an-steps button')].map((b) => b.textContent)`)
	if len(steps) == 0 || len(steps) >= len(line) {
		t.Errorf("%d steps for a line of %d moves, want them grouped", len(steps), len(line))
	}
	for _, s := range steps {
		if !stepVerb.MatchString(s) || len(notationIn(s)) > 0 {
			t.Errorf("step %q: want an instruction in words, not notation", s)
		}
	}
	if !slices.ContainsFunc(steps, func(s string) bool { return strings.HasPrefix(s, "Draw ") && strings.HasSuffix(s, " times") }) ||
		!slices.ContainsFunc(steps, func(s string) bool {
			return strings.HasPrefix(s, "Put ") && strings.HasSuffix(s, " on their foundations")
		}) {
		t.Errorf("steps %q: want draws and cards going home grouped", steps)
	}
	if text := eval[string](tb, `document.querySelector('#rp-analysis').textContent`); len(notationIn(text)) > 0 {
		t.Errorf("the analysis shows notation %q", notationIn(text))
	}
	anShots(tb, "replay-analysis")

	// A click on a square moves the replay and the analysis's board there.
	g := practiceGame(t, "relaxed-3", 2)
	after := []klondike.View{g.View()}
	for _, s := range moves {
		m, err := klondike.ParseMove(s)
		if err != nil {
			t.Fatal(err)
		}
		if err := g.Apply(m); err != nil {
			t.Fatal(err)
		}
		after = append(after, g.View())
	}
	wantAt := func(k int, how string) {
		t.Helper()
		tb.wait(fmt.Sprintf(`document.querySelector('.an-racer').dataset.shown === 'game:%d' && document.querySelector('#rp-pos').textContent.startsWith('Step %d of ')`, k, k), fmt.Sprintf("position %d after %s", k, how))
		want := strings.Join(viewColumns(after[k]), "|")
		tb.wait(fmt.Sprintf(`(() => { const cols = (sel) => [...document.querySelectorAll(sel + ' .column')].map(c =>
			c.querySelectorAll('.card.down').length + ':' + [...c.querySelectorAll('.card.up')].map(e => e.dataset.card).join(' ')).join('|');
			return cols('[data-board="a"]') === %q && cols('.an-board') === %[1]q; })()`, want), fmt.Sprintf("the boards at position %d after %s", k, how))
		if got := strings.Join(columnsIn(tb, `[data-board="a"]`), "|"); got != want {
			t.Errorf("replay after %s: columns %s, want %s", how, got, want)
		}
		cur := eval[[]int](tb, `[...document.querySelectorAll('.an-timeline button')].flatMap((b, i) => b.getAttribute('aria-current') === 'true' ? [i] : [])`)
		if len(cur) != 1 || cur[0] != k {
			t.Errorf("after %s the strip marks %v as shown, want [%d]", how, cur, k)
		}
	}
	tb.click(`.an-timeline button[data-k="5"]`)
	wantAt(5, "a click on square 5")
	pos := eval[string](tb, `document.querySelector('.an-pos').textContent`)
	if !strings.HasPrefix(pos, "After move 5, winnable: Move ") || len(notationIn(pos)) > 0 {
		t.Errorf("position line %q, want move 5 in words", pos)
	}
	// The keyboard: the square shown is the strip's one tab stop, the
	// arrows walk it, and the replay's own arrow keys stay still.
	if name := eval[string](tb, `document.activeElement.getAttribute('aria-label')`); name != "Move 5: winnable" {
		t.Errorf("focused square %q, want Move 5: winnable", name)
	}
	if n := eval[int](tb, `document.querySelectorAll('.an-timeline button[tabindex="0"]').length`); n != 1 {
		t.Errorf("%d squares in the tab order, want 1", n)
	}
	tb.keys(kb.ArrowRight)
	tb.keys(kb.ArrowRight)
	wantAt(7, "→ →")
	tb.keys(kb.End)
	wantAt(13, "End")
	tb.keys(kb.Home)
	wantAt(0, "Home")
	if pos := eval[string](tb, `document.querySelector('.an-pos').textContent`); !strings.HasPrefix(pos, "The deal, winnable.") {
		t.Errorf("position line %q at the deal", pos)
	}
	tb.click(`.an-timeline button[data-k="11"]`)
	wantAt(11, "a click on the losing square")
	if pos := eval[string](tb, `document.querySelector('.an-pos').textContent`); !strings.HasPrefix(pos, "After move 11, lost: Move 4 cards") {
		t.Errorf("position line %q, want move 11 lost, in words", pos)
	}
	anShots(tb, "replay-analysis-strip")
	t.Run("axe", func(t *testing.T) {
		at := *tb
		at.t = t
		at.audit("replay analysis")
	})

	// The line on the board: its last step wins.
	asked := eval[int](tb, `window.__practice.length`)
	tb.click(`.an-steps li:last-child button`)
	tb.wait(fmt.Sprintf(`document.querySelector('.an-racer').dataset.shown === 'line:%d'`, len(line)), "the end of the line")
	tb.wait(`document.querySelector('.an-pos').textContent.endsWith('52/52, won')`, "a won board at the end of the line")
	if n := eval[int](tb, `document.querySelectorAll('.an-steps button[tabindex="0"]').length`); n != 1 {
		t.Errorf("%d steps in the tab order, want 1", n)
	}
	tb.keys(kb.Home)
	tb.keys(kb.ArrowDown)
	second := eval[string](tb, `document.querySelectorAll('.an-steps button')[1].dataset.to`)
	tb.wait(fmt.Sprintf(`document.querySelector('.an-racer').dataset.shown === 'line:%s' && document.activeElement === document.querySelectorAll('.an-steps button')[1]`, second), "the second step after Home and ↓")
	tb.click(`.an-steps li:last-child button`)
	tb.click(`.an-racer [data-act="back"]`)
	tb.wait(fmt.Sprintf(`document.querySelector('.an-racer').dataset.shown === 'line:%d'`, len(line)-1), "one move back on the line")
	if pos := eval[string](tb, `document.querySelector('.an-pos').textContent`); !strings.HasPrefix(pos, fmt.Sprintf("Winning line, move %d of %d: ", len(line)-1, len(line))) || len(notationIn(pos)) > 0 {
		t.Errorf("position line %q, want the line's move in words", pos)
	}
	if n := eval[int](tb, `window.__practice.length`); n != asked {
		t.Errorf("walking the line sent %d practice requests, want none (the line's request holds its positions)", n-asked)
	}
	tb.noErrors("the replay's analysis")

	// Every shape of a strip without a losing move named (the solver
	// left positions undecided) has a sentence that agrees with it: one
	// that turns lost after move b names move b.
	for _, c := range []struct{ verdicts, want string }{
		{"won won unknown unknown lost lost", "The deal was winnable after move 1 and lost after move 4: one of moves 2–4 lost it."},
		{"won unknown unknown lost", "The deal was winnable at the start and lost after move 3: one of moves 1–3 lost it."},
		{"unknown unknown lost lost", "The game was lost after move 2; the solver could not tell"},
		{"won won unknown", "The deal was winnable until move 1; the solver could not decide the positions after it"},
		{"won unknown", "The deal was winnable at the start; the solver could not decide"},
		{"lost lost", "No sequence of moves could win this deal"},
		{"unknown unknown", "The solver could not decide any position"},
		{"won won won", "The deal was still winnable after the last move."},
	} {
		v := strings.Fields(c.verdicts)
		got := eval[string](tb, fmt.Sprintf(`Promise.all([import('/static/games.js'), import('/static/analysis.js')]).then(([g, a]) =>
			a.sentence(g.gameNamed('klondike'), { verdicts: %s, first_lost: null, moves: [] }, false, null))`, must(json.Marshal(v))))
		if !strings.HasPrefix(got, c.want) {
			t.Errorf("strip %s: sentence %q, want %q", c.verdicts, got, c.want)
		}
		if b := slices.Index(v, "lost"); b > 0 && !strings.Contains(got, fmt.Sprintf("move %d", b)) {
			t.Errorf("strip %s turns lost after move %d; sentence %q does not name it", c.verdicts, b, got)
		}
	}
}

// TestBrowserPracticeAnalysis: a practice game the player stops is
// analysed by the analysis workers; the practice page says so while it
// waits, then shows the same strip, sentence and honest line as the
// replay page, a square shows its position on the analysis's board, and
// the stopped game takes no more moves. A game won by the line the
// analysis gave is analysed as won.
func TestBrowserPracticeAnalysis(t *testing.T) {
	requireBrowser(t)
	quiet := slog.New(slog.NewTextHandler(io.Discard, nil))
	pool, err := analysis.New(analysis.Config{Store: replay.NewMemoryStore(), Lookup: games.Lookup, Logger: quiet})
	if err != nil {
		t.Fatal(err)
	}
	ts := newTestServer(t, Config{AnalyzePractice: pool.EnqueueGame})

	tb := newTab(t, "player", anDesktopW, anDesktopH)
	tb.recordErrors()
	tb.open(ts.URL + "/practice?rules=relaxed-3&seed=2")
	tb.wait(`document.querySelector('#p-stop-b') !== null`, "the practice page")
	moves := strings.Fields(thrownAway)
	list, _ := json.Marshal(moves)
	eval[bool](tb, fmt.Sprintf(`(localStorage.setItem('practice.v1', JSON.stringify({rules: 'relaxed-3', seed: '2', moves: %s, scoring: '', undo: false, started: 0, finished: 0})), true)`, list))
	tb.open(ts.URL + "/practice?rules=relaxed-3&seed=2")
	tb.waitActions(len(moves))
	if !eval[bool](tb, `document.querySelector('#p-analysis').hidden`) {
		t.Error("the analysis panel shows during the game, want it hidden")
	}
	tb.click(`#p-stop-b`)
	tb.wait(`(document.querySelector('#pa-msg') || {}).textContent === 'The solver is analyzing your game…'`, "the pending analysis")

	ctx, cancel := context.WithCancel(context.Background())
	defer cancel()
	go pool.Run(ctx)
	tb.wait(`document.querySelectorAll('#p-analysis .an-timeline button').length === 14`, "a strip of 14 positions")
	tb.wait(`document.querySelector('#p-analysis .an-racer').dataset.ready === 'true'`, "the sentence and the line's words")
	losing := eval[[]int](tb, `[...document.querySelectorAll('#p-analysis .an-timeline button')].flatMap((b, i) => b.classList.contains('an-losing') ? [i] : [])`)
	if len(losing) != 1 || losing[0] != 11 {
		t.Errorf("losing move marked at %v, want [11]", losing)
	}
	got := eval[string](tb, `document.querySelector('#p-analysis .an-sentence').textContent`)
	if !strings.HasPrefix(got, "The deal was winnable until move 11, which lost it: Move 4 cards") || len(notationIn(got)) > 0 {
		t.Errorf("sentence %q, want the losing move in words", got)
	}
	if got := eval[string](tb, `document.querySelector('#p-analysis .an-honest').textContent`); !strings.Contains(got, "including those face down") || !strings.Contains(got, "you could not") {
		t.Errorf("honest line %q, want it to say the analysis saw the face-down cards you could not", got)
	}
	tb.wait(`document.querySelector('#p-analysis .an-racer').dataset.shown === 'line:0'`, "the position before the losing move")
	tb.click(`#p-analysis .an-timeline button[data-k="3"]`)
	tb.wait(`document.querySelector('#p-analysis .an-racer').dataset.shown === 'game:3' && document.querySelector('#p-analysis .an-pos').textContent.startsWith('After move 3, winnable: ')`, "position 3 on the analysis's board")
	g := practiceGame(t, "relaxed-3", 2)
	for _, s := range moves[:3] {
		m, _ := klondike.ParseMove(s)
		if err := g.Apply(m); err != nil {
			t.Fatal(err)
		}
	}
	if got, want := strings.Join(columnsIn(tb, "#p-analysis .an-board"), "|"), strings.Join(viewColumns(g.View()), "|"); got != want {
		t.Errorf("analysis board at move 3: %s, want %s", got, want)
	}
	anShots(tb, "practice-analysis")

	// The stopped game takes no more moves.
	tb.click(`[data-pile="stock"]`)
	tb.wait(`document.querySelector('#p-msg').textContent.startsWith('This game is over.')`, "the game over message")
	if n := eval[int](tb, `JSON.parse(localStorage.getItem('practice.v1')).moves.length`); n != len(moves) {
		t.Errorf("the stopped game holds %d moves, want %d", n, len(moves))
	}

	// A won game (the moves before the losing one, then a winning line)
	// is analysed as soon as it is won, and says it won.
	v, err := games.Lookup("relaxed-3")
	if err != nil {
		t.Fatal(err)
	}
	a, err := v.(game.Analyzer).Analyze(t.Context(), 2, moves, game.AnalysisBudget{})
	if err != nil || a.FirstLost != 11 {
		t.Fatalf("analysis: first lost %d, %v; want 11", a.FirstLost, err)
	}
	won, _ := json.Marshal(append(slices.Clone(moves[:10]), a.Line...))
	eval[bool](tb, fmt.Sprintf(`(localStorage.setItem('practice.v1', JSON.stringify({rules: 'relaxed-3', seed: '2', moves: %s, scoring: '', undo: false, started: 0, finished: 0})), true)`, won))
	tb.open(ts.URL + "/practice?rules=relaxed-3&seed=2")
	tb.wait(fmt.Sprintf(`document.querySelectorAll('#p-analysis .an-timeline button').length === %d`, 10+len(a.Line)+1), "the won game's strip")
	tb.wait(`document.querySelector('#p-analysis .an-racer').dataset.ready === 'true'`, "the won game's sentence")
	if got := eval[string](tb, `document.querySelector('#p-analysis .an-sentence').textContent`); got != "Every position was winnable, and this game won it." {
		t.Errorf("won game's sentence %q, want that every position was winnable", got)
	}
	if !eval[bool](tb, `document.querySelector('.msg.win') !== null`) {
		t.Errorf("the won game's message is %q, want the win", eval[string](tb, `document.querySelector('#p-msg').textContent`))
	}
	tb.noErrors("the practice analysis")
}

// TestBrowserAnalysisGames: for Spider and FreeCell too, a square of the
// strip moves the replay and the analysis's board to its position, and
// each game's module says a solver's winning line as words.
func TestBrowserAnalysisGames(t *testing.T) {
	requireBrowser(t)
	for _, c := range []struct{ profile, game string }{{"spider-1", "spider"}, {"freecell", "freecell"}} {
		t.Run(c.game, func(t *testing.T) {
			const seed = 1
			ts0 := newTestServer(t, Config{})
			status, body := post(t, ts0, fmt.Sprintf(`{"rules": %q, "seed": %d, "want": "solve"}`, c.profile, seed))
			var solved struct {
				Verdict  string   `json:"verdict"`
				Solution []string `json:"solution"`
			}
			if err := json.Unmarshal(body, &solved); status != 200 || err != nil || solved.Verdict != "won" || len(solved.Solution) < 40 {
				t.Fatalf("solve %s seed %d: %d %s", c.profile, seed, status, body)
			}
			line := solved.Solution[:40]
			played := line[:6]
			rp := oneRacer("an-"+c.game, c.profile, seed, played)
			ts, pool, _ := serveReplay(t, rp)
			ctx, cancel := context.WithCancel(context.Background())
			defer cancel()
			go pool.Run(ctx)
			pool.Enqueue(rp)
			<-pool.Idle()

			tb := newTab(t, c.game, anDesktopW, anDesktopH)
			tb.recordErrors()
			tb.open(ts.URL + "/replay/an-" + c.game)
			tb.wait(`document.querySelectorAll('.an-timeline button').length === 7 && document.querySelector('.an-racer').dataset.ready === 'true'`, "a strip of 7 positions")
			if got := eval[string](tb, `document.querySelector('.an-sentence').textContent`); got != "The deal was still winnable after the last move." {
				t.Errorf("sentence %q for a strip of winnable positions", got)
			}
			tb.click(`.an-timeline button[data-k="4"]`)
			tb.wait(`document.querySelector('.an-racer').dataset.shown === 'game:4' && document.querySelector('#rp-pos').textContent.startsWith('Step 4 of ')`, "position 4")
			_, body = post(t, ts0, fmt.Sprintf(`{"rules": %q, "seed": %d, "moves": %s}`, c.profile, seed, must(json.Marshal(played[:4]))))
			var at struct {
				View struct {
					Columns []struct {
						Down int      `json:"down"`
						Up   []string `json:"up"`
					} `json:"columns"`
				} `json:"view"`
			}
			if err := json.Unmarshal(body, &at); err != nil {
				t.Fatal(err)
			}
			var want []string
			for _, col := range at.View.Columns {
				want = append(want, fmt.Sprintf("%d:%s", col.Down, strings.Join(col.Up, " ")))
			}
			w := strings.Join(want, "|")
			tb.wait(fmt.Sprintf(`(() => { const cols = (sel) => [...document.querySelectorAll(sel + ' .column')].map(c =>
				c.querySelectorAll('.card.down').length + ':' + [...c.querySelectorAll('.card.up')].map(e => e.dataset.card).join(' ')).join('|');
				return cols('[data-board="a"]') === %q && cols('.an-board') === %[1]q; })()`, w), "the replay and the analysis's board at position 4")
			pos := eval[string](tb, `document.querySelector('.an-pos').textContent`)
			if !strings.HasPrefix(pos, "After move 4, winnable: ") || len(notationIn(pos)) > 0 {
				t.Errorf("position line %q, want move 4 in words", pos)
			}

			// The solver's line in the game's words.
			steps := eval[[]string](tb, fmt.Sprintf(`Promise.all([import('/static/games.js'), import('/static/analysis.js'), import('/static/util.js')]).then(async ([g, a, u]) => {
				const line = %s;
				const views = [];
				for (let j = 0; j < line.length; j++) views.push((await u.api('/api/practice', { rules: %q, seed: %d, moves: line.slice(0, j), undo: false, hints: false })).data.view);
				return a.lineSteps(g.gameNamed(%q), line, views).map((s) => s.text);
			})`, must(json.Marshal(line)), c.profile, seed, c.game))
			if len(steps) == 0 || len(steps) > len(line) {
				t.Fatalf("%d steps for %d moves", len(steps), len(line))
			}
			for _, s := range steps {
				if !stepVerb.MatchString(s) || len(notationIn(s)) > 0 || strings.Contains(s, "Column") {
					t.Errorf("step %q: want an instruction in words", s)
				}
			}
			t.Logf("%s steps: %q", c.game, steps[:min(8, len(steps))])

			// In Brazilian Portuguese, on a touch phone.
			pt := newTab(t, c.game+" pt", phoneW, phoneH)
			pt.emulateTouch()
			pt.recordErrors()
			pt.browserLanguage("pt-BR")
			pt.open(ts.URL + "/replay/an-" + c.game)
			pt.wait(`document.querySelector('.an-racer') !== null && document.querySelector('.an-racer').dataset.ready === 'true'`, "the analysis in Portuguese")
			pt.tap(`.an-timeline button[data-k="2"]`)
			pt.wait(`document.querySelector('.an-racer').dataset.shown === 'game:2' && document.querySelector('#rp-pos').textContent.startsWith('Passo 2 de ')`, "position 2 after a tap")
			if w := eval[float64](pt, `document.querySelector('.an-timeline button').getBoundingClientRect().height`); w < 30 {
				t.Errorf("a square of the strip is %.0f px tall on a touch phone, want ≥ 30", w)
			}
			pt.wait(`document.querySelector('.an-pos').textContent !== ''`, "the position's words")
			if got := eval[string](pt, `document.querySelector('.an-pos').textContent`); !regexp.MustCompile(`^Depois do lance 2, com vitória: (Mova|Ponha) `).MatchString(got) || len(notationIn(got)) > 0 {
				t.Errorf("position line in Portuguese %q, want move 2 in words", got)
			}
			if got := eval[string](pt, `document.querySelector('.an-sentence').textContent`); got != "A distribuição ainda tinha vitória depois do último lance." {
				t.Errorf("sentence in Portuguese %q", got)
			}
			pt.noErrors("the analysis in Portuguese")
			tb.noErrors("the analysis")
		})
	}
}

// must returns v, or panics on err: for values a test built itself.
func must(v []byte, err error) string {
	if err != nil {
		panic(err)
	}
	return string(v)
}
