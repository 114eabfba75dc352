package bot

import "github.com/solitaire-race/racer/internal/botlevel"

// Level is a bot's strength (botlevel's, which every game's bot shares).
// The zero Level is Steady.
type Level = botlevel.Level

// The levels, and how a Klondike Player plays each.
const (
	// Steady looks ahead over the cards it has seen (a few hundred
	// positions a move), values cards turned up, cards home, empty
	// columns and the cards the unknown ones may be. Drawing three with
	// passes limited it first imagines 24 deals of the cards it has not
	// seen and plays the move best on average over them (hindsight.go).
	Steady = botlevel.Steady
	// Relaxed looks less far ahead, values fewer things and imagines
	// nothing.
	Relaxed = botlevel.Relaxed
	// Strong plays as Steady does (its driver plays it quicker): a
	// bigger budget or more imagined deals did not win more.
	Strong = botlevel.Strong
	// Greedy plays the first move that turns a card up, reaches a
	// foundation or empties the waste, one move ahead, else draws.
	Greedy = botlevel.Greedy
	// Random plays a uniformly random legal move.
	Random = botlevel.Random
)
