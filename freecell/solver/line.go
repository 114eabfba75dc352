package solver

import "github.com/solitaire-race/racer/freecell"

// toEngine turns a solver line played from s into engine moves, checking
// each with the engine, and reports whether they win. It stops at the
// first move the engine refuses, which the tests make sure never happens.
func toEngine(s freecell.State, hist []step) ([]freecell.Move, bool) {
	out := make([]freecell.Move, 0, len(hist))
	for _, st := range hist {
		em := freecell.NewMove(freecell.Place(st.m.from), freecell.Place(st.m.to), int(st.m.n))
		if s.Apply(em) != nil {
			return out, false
		}
		out = append(out, em)
	}
	return out, s.Won()
}
