package hub

import (
	"github.com/solitaire-race/racer/match"
	"github.com/solitaire-race/racer/match/game"
)

// actionsOf interns every action string a racer can send in any of gs's
// games (game.Game.MoveTexts), so that the move path does not allocate
// one per frame.
func actionsOf(gs *game.Registry) map[string]string {
	m := map[string]string{match.ActionResign: match.ActionResign, match.ActionFinish: match.ActionFinish}
	for _, s := range gs.MoveTexts() {
		m[s] = s
	}
	return m
}

// intern returns the canonical string of an action, or a copy of b.
func (h *Hub) intern(b []byte) string {
	if s, ok := h.actions[string(b)]; ok {
		return s
	}
	return string(b)
}
