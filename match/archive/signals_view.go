package archive

import (
	"context"
	"strings"

	"github.com/solitaire-race/racer/match/game"
)

// sampleHints replays moves in a practice game of p (the variant v) and,
// at up to cfg.MaxSamples positions spread evenly over them, asks the
// all-knowing solver's hint and counts in s the moves that match it
// (Sampled, Agreed). Where v hides cards and has a bot, it also asks
// the view-only bot at level cfg.ViewBot for its move in the same
// position, from the racer's view alone, and counts the positions where
// the two differ (Divergent) and where the racer's move was the
// solver's there (BeyondView).
//
// The bot is a new one at each position: it knows the position's view
// (the face-up cards, the waste's visible top), not the cards the
// racer saw earlier and may remember (the stock's order after a pass).
// Positions where only that memory tells the two moves apart count as
// divergent; the thresholds were measured with it so.
func sampleHints(ctx context.Context, s *Signals, v game.Variant, p game.Practicer, seed uint64, moves []string, cfg SignalsConfig) {
	opts, err := p.Options(game.PracticeOptions{Hints: true})
	if err != nil {
		return
	}
	g, err := p.Practice(seed, opts)
	if err != nil {
		return
	}
	var bots game.Botter
	var b game.Board
	if h, ok := v.(game.Hider); ok && h.HidesCards() {
		if bots, ok = v.(game.Botter); ok {
			b = v.NewBoard(seed)
		}
	}
	step := max(1, (len(moves)+cfg.MaxSamples-1)/cfg.MaxSamples)
	for i, m := range moves {
		if i%step == 0 && ctx.Err() == nil {
			hint, _ := g.Hint(ctx, game.SearchBudget{Nodes: cfg.HintNodes})
			if ctx.Err() == nil && hint != "" {
				s.Sampled++
				solver := strings.EqualFold(hint, m)
				if solver {
					s.Agreed++
				}
				if b != nil {
					if seen, ok := viewMove(bots, b, seed+uint64(i), cfg.ViewBot); ok && !strings.EqualFold(seen, hint) {
						s.Divergent++
						if solver {
							s.BeyondView++
						}
					}
				}
			}
		}
		if _, err := g.Play(m); err != nil {
			break
		}
		if b != nil && b.Play(m) != nil {
			b = nil
		}
	}
}

// viewMove returns the move a new bot of bots at level, seeded with
// seed, plays in b's position from its owner's view; false when it has
// none or the level is unknown.
func viewMove(bots game.Botter, b game.Board, seed uint64, level string) (string, bool) {
	bot, err := bots.NewBot(level, seed)
	if err != nil {
		return "", false
	}
	m, ok := bot.NextBoard(b)
	return m.Move, ok && m.Move != ""
}
