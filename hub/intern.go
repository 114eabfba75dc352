package hub

import "github.com/solitaire-race/racer/match"

// actions interns every action string a racer can send in any game
// (game.Game.MoveTexts), so that the move path does not allocate one per
// frame.
var actions = func() map[string]string {
	m := map[string]string{match.ActionResign: match.ActionResign, match.ActionFinish: match.ActionFinish}
	for _, s := range match.MoveTexts() {
		m[s] = s
	}
	return m
}()

// intern returns the canonical string of an action, or a copy of b.
func intern(b []byte) string {
	if s, ok := actions[string(b)]; ok {
		return s
	}
	return string(b)
}
