// Package matchtest helps tests of races: it finds seeds whose deals a
// small search wins, and the winning line, so that end-to-end tests can
// drive a real race to a real finish.
package matchtest

import (
	"sync"

	"github.com/solitaire-race/racer/klondike"
)

// Solve searches for a winning line of the deal of seed under rules,
// exploring at most budget positions. It returns the moves, or nil.
func Solve(seed uint64, rules klondike.Rules, budget int) []klondike.Move {
	s, err := klondike.New(klondike.NewDeal(seed), rules)
	if err != nil {
		return nil
	}
	seen := map[string]struct{}{}
	unlimited := rules.Passes == klondike.Unlimited
	var line []klondike.Move
	var dfs func(s klondike.State) bool
	dfs = func(s klondike.State) bool {
		if s.Won() {
			return true
		}
		k := key(&s, unlimited)
		if _, ok := seen[k]; ok || len(seen) >= budget {
			return false
		}
		seen[k] = struct{}{}
		var buf [64]klondike.Move
		moves := s.Moves(buf[:0])
		for pass := range 3 {
			for _, m := range moves {
				if rank(&s, m) != pass {
					continue
				}
				next := s
				if next.Apply(m) != nil {
					continue
				}
				line = append(line, m)
				if dfs(next) {
					return true
				}
				line = line[:len(line)-1]
			}
		}
		return false
	}
	if dfs(s) {
		return line
	}
	return nil
}

// key identifies a position without its counters (actions, score), so
// that the search sees repeated positions.
func key(s *klondike.State, unlimited bool) string {
	b := make([]byte, 0, 80)
	for i := range klondike.NumColumns {
		b = append(b, byte(s.FaceDown(i)))
		for _, c := range s.Column(i) {
			b = append(b, byte(c))
		}
		b = append(b, 0xff)
	}
	for _, c := range s.Stock() {
		b = append(b, byte(c))
	}
	b = append(b, 0xfe)
	for _, c := range s.Waste() {
		b = append(b, byte(c))
	}
	if !unlimited {
		b = append(b, 0xfd, byte(s.PassesUsed()))
	}
	return string(b)
}

// rank orders moves: foundation moves first, then tableau moves, then the
// stock; -1 skips pointless moves.
func rank(s *klondike.State, m klondike.Move) int {
	switch m.Kind {
	case klondike.ColumnToFoundation, klondike.WasteToFoundation:
		return 0
	case klondike.FoundationToColumn:
		return -1
	case klondike.ColumnToColumn:
		if int(m.N) == s.ColumnLen(int(m.From)) && s.FaceDown(int(m.From)) == 0 {
			return -1 // a whole column of face-up cards moved to an empty one
		}
		return 1
	case klondike.WasteToColumn:
		return 1
	}
	return 2
}

var cacheMu sync.Mutex
var cache = map[string]winnable{}

type winnable struct {
	seed uint64
	line []klondike.Move
}

// Winnable returns the first seed from 1 up whose deal Solve wins under
// the named profile, with its line. Results are cached per profile.
func Winnable(profile string) (uint64, []klondike.Move) {
	cacheMu.Lock()
	defer cacheMu.Unlock()
	if w, ok := cache[profile]; ok {
		return w.seed, w.line
	}
	rules, err := klondike.Profile(profile)
	if err != nil {
		panic(err)
	}
	for seed := uint64(1); seed < 100; seed++ {
		if line := Solve(seed, rules, 5000); line != nil {
			cache[profile] = winnable{seed, line}
			return seed, line
		}
	}
	panic("matchtest: no winnable seed below 100")
}
