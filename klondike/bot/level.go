package bot

import "github.com/solitaire-race/racer/internal/botlevel"

// Level is a bot's strength (botlevel's, which every game's bot shares).
// The zero Level is Steady.
type Level = botlevel.Level

// The levels, and how a Klondike Player plays each.
const (
	// Steady looks ahead over the cards it has seen (a few hundred
	// positions a move), values cards turned up, cards home, empty
	// columns and the cards the unknown ones may be.
	Steady = botlevel.Steady
	// Relaxed looks less far ahead and values fewer things.
	Relaxed = botlevel.Relaxed
	// Strong plays as Steady does (its driver plays it quicker).
	Strong = botlevel.Strong
	// Greedy plays the first move that turns a card up, reaches a
	// foundation or empties the waste, one move ahead, else draws.
	Greedy = botlevel.Greedy
	// Random plays a uniformly random legal move.
	Random = botlevel.Random
)
