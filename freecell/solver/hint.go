package solver

import (
	"context"

	"github.com/solitaire-race/racer/freecell"
)

// Hint returns a move to play in s: the first move of a winning line when
// the search finds one within cfg, otherwise the engine's rule-based hint
// (freecell.Hint). ok is false only when s has no legal move. res is the
// search behind the hint.
func Hint(ctx context.Context, s freecell.State, cfg Config) (m freecell.Move, res Result, ok bool) {
	res = Solve(ctx, s, cfg)
	if res.Verdict == Won && len(res.Moves) > 0 {
		return res.Moves[0], res, true
	}
	m, ok = freecell.Hint(&s)
	return m, res, ok
}
