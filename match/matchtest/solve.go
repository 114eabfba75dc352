// Package matchtest helps tests of races: it finds seeds whose deals the
// game's solver wins, and the winning line, so that end-to-end tests can
// drive a real race to a real finish. It sees games through the game
// contract (game.Practicer) in the registry its caller gives (a test
// gives match/game/games.All).
package matchtest

import (
	"context"
	"fmt"
	"sync"
	"time"

	"github.com/solitaire-race/racer/match/game"
)

// Move is a move in its game's notation.
type Move string

// String returns the move's notation.
func (m Move) String() string { return string(m) }

// Solve searches for a winning line of the deal of seed under the named
// profile, one of games', with the game's solver, exploring at most
// budget positions (the budget decides, so the answer is the same on
// every machine). It returns the moves, or nil for a deal lost or
// undecided within the budget.
func Solve(games *game.Registry, profile string, seed uint64, budget int) []Move {
	v, err := games.Lookup(profile)
	if err != nil {
		panic(err)
	}
	pr, ok := v.(game.Practicer)
	if !ok {
		panic(fmt.Sprintf("matchtest: profile %s has no solver", profile))
	}
	opts, err := pr.Options(game.PracticeOptions{})
	if err != nil {
		panic(err)
	}
	p, err := pr.Practice(seed, opts)
	if err != nil {
		panic(err)
	}
	line, verdict := p.Solve(context.Background(), game.SearchBudget{Nodes: int64(budget), Timeout: time.Hour})
	if verdict != game.VerdictWon {
		return nil
	}
	out := make([]Move, len(line))
	for i, m := range line {
		out[i] = Move(m)
	}
	return out
}

// winnableBudget bounds each search of Winnable.
const winnableBudget = 200_000

var cacheMu sync.Mutex
var cache = map[cacheKey]winnable{}

type cacheKey struct {
	games   *game.Registry
	profile string
}

type winnable struct {
	seed uint64
	line []Move
}

// Winnable returns the first seed from 1 up whose deal Solve wins under
// the named profile (of any of games), with its line. Results are cached
// per registry and profile.
func Winnable(games *game.Registry, profile string) (uint64, []Move) {
	cacheMu.Lock()
	defer cacheMu.Unlock()
	key := cacheKey{games, profile}
	if w, ok := cache[key]; ok {
		return w.seed, w.line
	}
	for seed := uint64(1); seed < 100; seed++ {
		if line := Solve(games, profile, seed, winnableBudget); line != nil {
			cache[key] = winnable{seed, line}
			return seed, line
		}
	}
	panic("matchtest: no winnable seed below 100 for " + profile)
}

// WinnableSpider is Winnable, for tests of Spider profiles.
func WinnableSpider(games *game.Registry, profile string) (uint64, []Move) {
	return Winnable(games, profile)
}
