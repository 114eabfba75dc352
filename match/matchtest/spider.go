package matchtest

import (
	"github.com/solitaire-race/racer/spider"
)

// SolveSpider searches for a winning line of the Spider deal of seed
// under rules: a depth-first search with a set of positions seen,
// exploring at most budget positions. It returns the moves, or nil.
func SolveSpider(seed uint64, rules spider.Rules, budget int) []spider.Move {
	s, err := spider.New(spider.NewDeal(seed, rules.Suits), rules)
	if err != nil {
		return nil
	}
	seen := map[string]struct{}{}
	var line []spider.Move
	var dfs func(s *spider.State) bool
	dfs = func(s *spider.State) bool {
		if s.Won() {
			return true
		}
		k := spiderKey(s)
		if _, ok := seen[k]; ok || len(seen) >= budget {
			return false
		}
		seen[k] = struct{}{}
		moves := s.Moves()
		for pass := range 5 {
			for _, m := range moves {
				if spiderRank(s, m) != pass {
					continue
				}
				next := *s
				if next.Apply(m) != nil {
					continue
				}
				line = append(line, m)
				if dfs(&next) {
					return true
				}
				line = line[:len(line)-1]
			}
		}
		return false
	}
	if dfs(&s) {
		return line
	}
	return nil
}

// spiderKey identifies a position without its action count.
func spiderKey(s *spider.State) string {
	b := make([]byte, 0, 128)
	for i := range spider.NumColumns {
		b = append(b, byte(s.FaceDown(i)))
		for _, c := range s.Column(i) {
			b = append(b, byte(c))
		}
		b = append(b, 0xff)
	}
	return string(append(b, byte(s.StockLeft()), byte(s.Completed())))
}

// spiderRank orders moves: those that turn a card up first, then those
// that put a group on a card of its suit, then other moves onto cards,
// then moves to empty columns, then the deal; -1 skips moves that take a
// group off a card of its suit one rank above, or a whole column to an
// empty one (they undo progress or change nothing).
func spiderRank(s *spider.State, m spider.Move) int {
	if m.IsDeal() {
		return 4
	}
	from, to, n := m.From(), m.To(), m.N()
	col := s.Column(from)
	rest := len(col) - n
	moving := col[rest]
	if rest > s.FaceDown(from) {
		under := col[rest-1]
		if under.Suit() == moving.Suit() && under.Rank() == moving.Rank()+1 {
			return -1
		}
	}
	if s.ColumnLen(to) == 0 {
		if rest == 0 {
			return -1
		}
		return 3
	}
	dst := s.Column(to)
	top := dst[len(dst)-1]
	switch {
	case rest > 0 && rest == s.FaceDown(from):
		return 0
	case top.Suit() == moving.Suit():
		return 1
	}
	return 2
}

type spiderWinnable struct {
	seed uint64
	line []spider.Move
}

var spiderCache = map[string]spiderWinnable{}

// WinnableSpider returns the first seed from 1 up whose Spider deal
// SolveSpider wins under the named profile, with its line. Results are
// cached per profile. Meant for "spider-1" (one suit, permissive groups),
// which the search wins at once.
func WinnableSpider(profile string) (uint64, []spider.Move) {
	cacheMu.Lock()
	defer cacheMu.Unlock()
	if w, ok := spiderCache[profile]; ok {
		return w.seed, w.line
	}
	rules, err := spider.Profile(profile)
	if err != nil {
		panic(err)
	}
	for seed := uint64(1); seed < 50; seed++ {
		if line := SolveSpider(seed, rules, 20000); line != nil {
			spiderCache[profile] = spiderWinnable{seed, line}
			return seed, line
		}
	}
	panic("matchtest: no winnable Spider seed below 50")
}
