package bot

import "github.com/solitaire-race/racer/internal/botlevel"

// Level is a bot's strength (botlevel's, which every game's bot shares).
// The zero Level is Steady.
type Level = botlevel.Level

// The levels; Config.Level says how a Spider Player plays each.
const (
	Steady  = botlevel.Steady
	Relaxed = botlevel.Relaxed
	Strong  = botlevel.Strong
	Greedy  = botlevel.Greedy
	Random  = botlevel.Random
)
