package bot

import "github.com/solitaire-race/racer/internal/botlevel"

// Level is a bot's strength (botlevel's, which every game's bot shares).
// The zero Level is Steady.
type Level = botlevel.Level

// The levels; Config.Level says how a FreeCell Player plays each.
const (
	Steady  = botlevel.Steady
	Relaxed = botlevel.Relaxed
	Strong  = botlevel.Strong
	Greedy  = botlevel.Greedy
	Random  = botlevel.Random
)

// levelNodes is the solver's budget of positions for one move at level
// l: the more, the more often the bot sees a win.
func levelNodes(l Level) int64 {
	switch l {
	case Relaxed:
		return 150
	case Strong:
		return 50_000
	}
	return 2_000
}

// lookNodes is the positions the lookahead of a bot at level l that sees
// no win reaches, at most.
func lookNodes(l Level) int {
	switch l {
	case Relaxed:
		return 200
	case Strong:
		return 4_000
	}
	return 1_000
}
