package hub

import (
	"sync"

	"github.com/solitaire-race/racer/match"
	"github.com/solitaire-race/racer/match/game"
)

// actionsOf interns every action string a racer can send in any of gs's
// games (game.Game.MoveTexts), so that the move path does not allocate
// one per frame. A registry is immutable: its table is built once per
// process and shared, read-only, by the hubs of that registry.
func actionsOf(gs *game.Registry) map[string]string {
	if m, ok := actionTables.Load(gs); ok {
		return m.(map[string]string)
	}
	m := map[string]string{match.ActionResign: match.ActionResign, match.ActionFinish: match.ActionFinish}
	for _, s := range gs.MoveTexts() {
		m[s] = s
	}
	got, _ := actionTables.LoadOrStore(gs, m)
	return got.(map[string]string)
}

// actionTables holds actionsOf's tables: *game.Registry → map[string]string.
var actionTables sync.Map

// intern returns the canonical string of an action, or a copy of b.
func (h *Hub) intern(b []byte) string {
	if s, ok := h.actions[string(b)]; ok {
		return s
	}
	return string(b)
}
