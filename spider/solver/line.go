package solver

import "github.com/solitaire-race/racer/spider"

// toEngine turns a solver line played from s into engine moves, checking
// each with the engine, and reports whether they win. It stops at the
// first move the engine refuses, which the tests make sure never happens.
func toEngine(s spider.State, path []mv) ([]spider.Move, bool) {
	out := make([]spider.Move, 0, len(path))
	for _, m := range path {
		em := spider.DealMove()
		if !m.deal {
			em = spider.ColumnMove(int(m.from), int(m.to), int(m.n))
		}
		if s.Apply(em) != nil {
			return out, false
		}
		out = append(out, em)
	}
	return out, s.Won()
}
