package web

import (
	"context"
	"encoding/json"
	"fmt"
	"io"
	"log/slog"
	"slices"
	"strings"
	"testing"

	"github.com/solitaire-race/racer/match"
	"github.com/solitaire-race/racer/match/analysis"
	"github.com/solitaire-race/racer/match/game/games"
	"github.com/solitaire-race/racer/match/leaderboard"
	"github.com/solitaire-race/racer/match/replay"
	"github.com/solitaire-race/racer/web/api"
)

// thrownAway is a relaxed-3 game of seed 2 whose eleventh move, 6-4x4,
// throws a won position away.
const thrownAway = "6-F D 4-F 6-F 6-5 3-2 W-6 5-6x2 W-3 W-4 6-4x4 D D"

// TestBrowserReplayAnalysis: the replay page says the analysis is pending
// until the solver has analysed the race, then shows the timeline
// coloured by verdict with the losing move marked, the plain sentence,
// and the winning line played step by step to a win.
func TestBrowserReplayAnalysis(t *testing.T) {
	requireBrowser(t)
	replays := replay.NewMemoryStore()
	rp := replay.Replay{Race: "an-race", Profile: "relaxed-3", Seed: 2,
		Racers:  []match.Racer{{ID: "a", Name: "Ann"}},
		Result:  match.Result{Race: "an-race", Reason: match.EndAllDone, Standings: []match.Standing{{Place: 1, Player: "a", Name: "Ann", Status: match.StatusResigned}}},
		Actions: map[string][]replay.Action{},
	}
	moves := strings.Fields(thrownAway)
	for i, m := range moves {
		rp.Actions["a"] = append(rp.Actions["a"], replay.Action{Seq: uint64(i + 1), Action: m, Ms: int64(i * 100)})
	}
	if _, err := replays.Save(t.Context(), rp); err != nil {
		t.Fatal(err)
	}
	quiet := slog.New(slog.NewTextHandler(io.Discard, nil))
	pool, err := analysis.New(analysis.Config{Store: replays, Lookup: games.Lookup, Logger: quiet})
	if err != nil {
		t.Fatal(err)
	}
	ctx, cancel := context.WithCancel(context.Background())
	defer cancel()
	go pool.Run(ctx)
	apiHandler, err := api.New(api.Config{Boards: leaderboard.NewMemoryStore(), Replays: replays, Analyses: replays, Logger: quiet})
	if err != nil {
		t.Fatal(err)
	}
	ts := newTestServer(t, Config{API: apiHandler})

	tb := newTab(t, "reader", desktopW, desktopH)
	tb.open(ts.URL + "/replay/an-race")
	tb.wait(`(document.querySelector('#an-msg') || {}).textContent === 'The solver is still analysing these games…'`, "the pending analysis")
	pool.Enqueue(rp)
	<-pool.Idle()
	tb.wait(`document.querySelectorAll('.an-timeline li').length === 14`, "a timeline of 14 positions")

	stored, err := replays.LoadAnalyses(t.Context(), "an-race")
	if err != nil || stored["a"].FirstLost == nil || *stored["a"].FirstLost != 11 {
		t.Fatalf("stored analysis %+v, %v; want move 11 lost", stored, err)
	}
	line := stored["a"].Line
	verdicts := eval[[]string](tb, `[...document.querySelectorAll('.an-timeline li')].map((li) => li.dataset.verdict)`)
	if got, want := strings.Join(verdicts, " "), strings.Join(stored["a"].Verdicts, " "); got != want {
		t.Errorf("timeline %s, want %s", got, want)
	}
	losing := eval[[]int](tb, `[...document.querySelectorAll('.an-timeline li')].flatMap((li, i) => li.classList.contains('an-losing') ? [i] : [])`)
	if len(losing) != 1 || losing[0] != 11 {
		t.Errorf("losing move marked at %v, want [11]", losing)
	}
	if c := eval[string](tb, `getComputedStyle(document.querySelectorAll('.an-timeline li')[11]).backgroundColor`); c != "rgb(178, 58, 48)" {
		t.Errorf("lost square coloured %s, want the lost colour rgb(178, 58, 48)", c)
	}
	instead := line[0]
	if instead == "D" {
		instead = "drawing"
	}
	want := fmt.Sprintf("The deal was winnable until move 11: 6-4x4 lost it; %s instead wins.", instead)
	if got := eval[string](tb, `document.querySelector('.an-sentence').textContent`); got != want {
		t.Errorf("sentence %q, want %q", got, want)
	}
	want = "The analysis knew every card, including those face down, so the player could not have known."
	if got := eval[string](tb, `document.querySelector('.an-honest').textContent`); got != want {
		t.Errorf("honest line %q, want %q", got, want)
	}
	eval[bool](tb, `(document.querySelector('#rp-analysis').scrollIntoView(), true)`)
	tb.shot("replay-analysis")

	// Step through the winning line to a win.
	tb.wait(`document.querySelector('.an-racer').dataset.shown === '0'`, "the position before the losing move")
	for i := 1; i <= len(line); i++ {
		tb.click(`.an-racer [data-act="next"]`)
		tb.wait(fmt.Sprintf(`document.querySelector('.an-racer').dataset.shown === '%d'`, i), fmt.Sprintf("line move %d", i))
	}
	if got := eval[string](tb, `document.querySelector('.an-pos').textContent`); !strings.HasPrefix(got, fmt.Sprintf("Line move %d of %d, ", len(line), len(line))) || !strings.HasSuffix(got, "52/52, won") {
		t.Errorf("after the line: %q, want its last move and a win (52/52)", got)
	}
}

// TestBrowserPracticeAnalysis: a practice game the player stops is
// analysed by the analysis workers; the practice page says so while it
// waits, then shows the same timeline, sentence and honest line as the
// replay page, and the stopped game takes no more moves.
func TestBrowserPracticeAnalysis(t *testing.T) {
	requireBrowser(t)
	quiet := slog.New(slog.NewTextHandler(io.Discard, nil))
	pool, err := analysis.New(analysis.Config{Store: replay.NewMemoryStore(), Lookup: games.Lookup, Logger: quiet})
	if err != nil {
		t.Fatal(err)
	}
	ts := newTestServer(t, Config{AnalyzePractice: pool.EnqueueGame})

	tb := newTab(t, "player", desktopW, desktopH)
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
	tb.wait(`document.querySelectorAll('#p-analysis .an-timeline li').length === 14`, "a timeline of 14 positions")
	losing := eval[[]int](tb, `[...document.querySelectorAll('#p-analysis .an-timeline li')].flatMap((li, i) => li.classList.contains('an-losing') ? [i] : [])`)
	if len(losing) != 1 || losing[0] != 11 {
		t.Errorf("losing move marked at %v, want [11]", losing)
	}
	got := eval[string](tb, `document.querySelector('#p-analysis .an-sentence').textContent`)
	if !strings.HasPrefix(got, "The deal was winnable until move 11: 6-4x4 lost it; ") || !strings.HasSuffix(got, " instead wins.") {
		t.Errorf("sentence %q, want the losing move and what wins instead", got)
	}
	if got := eval[string](tb, `document.querySelector('#p-analysis .an-honest').textContent`); !strings.Contains(got, "including those face down") {
		t.Errorf("honest line %q, want it to say the analysis saw the face-down cards", got)
	}
	tb.wait(`document.querySelector('#p-analysis .an-racer').dataset.shown === '0'`, "the position before the losing move")

	// The stopped game takes no more moves.
	tb.click(`[data-pile="stock"]`)
	tb.wait(`document.querySelector('#p-msg').textContent.startsWith('This game is over.')`, "the game over message")
	if n := eval[int](tb, `JSON.parse(localStorage.getItem('practice.v1')).moves.length`); n != len(moves) {
		t.Errorf("the stopped game holds %d moves, want %d", n, len(moves))
	}

	// A won game (the moves before the losing one, then the winning
	// line) is analysed as soon as it is won, and still says it won.
	line := eval[[]string](tb, `[...document.querySelectorAll('#p-analysis .an-moves [data-step]')].map((s) => s.textContent)`)
	won, _ := json.Marshal(append(slices.Clone(moves[:10]), line...))
	eval[bool](tb, fmt.Sprintf(`(localStorage.setItem('practice.v1', JSON.stringify({rules: 'relaxed-3', seed: '2', moves: %s, scoring: '', undo: false, started: 0, finished: 0})), true)`, won))
	tb.open(ts.URL + "/practice?rules=relaxed-3&seed=2")
	tb.wait(fmt.Sprintf(`document.querySelectorAll('#p-analysis .an-timeline li').length === %d`, 10+len(line)+1), "the won game's timeline")
	if got := eval[string](tb, `document.querySelector('#p-analysis .an-sentence').textContent`); got != "Every position was winnable, and this game won it." {
		t.Errorf("won game's sentence %q, want that every position was winnable", got)
	}
	if !eval[bool](tb, `document.querySelector('.msg.win') !== null`) {
		t.Errorf("the won game's message is %q, want the win", eval[string](tb, `document.querySelector('#p-msg').textContent`))
	}
}
