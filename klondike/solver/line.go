package solver

import "github.com/solitaire-race/racer/klondike"

// toEngine turns a solver line played from s into engine moves: a talon
// move becomes the draws and recycle that bring its card to the waste's
// top, then the play. It stops at the first move the engine refuses,
// which the tests make sure never happens.
func toEngine(s klondike.State, path []mv) []klondike.Move {
	out := make([]klondike.Move, 0, len(path)+len(path)/2)
	play := func(m klondike.Move) bool {
		if s.Apply(m) != nil {
			return false
		}
		out = append(out, m)
		return true
	}
	for _, m := range path {
		var em klondike.Move
		switch m.kind {
		case mColFound:
			em = klondike.ColumnToFoundationMove(int(m.from))
		case mColCol:
			em = klondike.ColumnToColumnMove(int(m.from), int(m.to), int(m.n))
		case mFoundCol:
			em = klondike.FoundationToColumnMove(klondike.Suit(m.from), int(m.to))
		case mTwinHome:
			if !play(klondike.ColumnToColumnMove(int(m.from), int(m.to), int(m.n))) {
				return out
			}
			em = klondike.ColumnToFoundationMove(int(m.from))
		case mTalonFound, mTalonCol:
			// Each card is the waste's top once per pass; at most two
			// trips through the talon find it.
			for range 2*talonSize + 2 {
				if n := s.WasteLen(); n > 0 && s.Waste()[n-1] == m.card {
					break
				}
				next := klondike.DrawMove()
				if s.StockLen() == 0 {
					next = klondike.RecycleMove()
				}
				if !play(next) {
					return out
				}
			}
			em = klondike.WasteToFoundationMove()
			if m.kind == mTalonCol {
				em = klondike.WasteToColumnMove(int(m.to))
			}
		}
		if !play(em) {
			return out
		}
	}
	return out
}
