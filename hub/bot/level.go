package bot

import (
	"fmt"
	"strings"
	"time"
)

// Level is a bot's strength and pace. The zero Level is Steady, the
// default opponent.
type Level int

// The levels. Relaxed, Steady and Strong are for people to pick, from
// the weakest and slowest; Greedy and Random are for load and tests.
// Each game's bot reads a level by its name (game.Botter) and says how
// it plays it.
const (
	// Steady is a fair race: it looks ahead (how far is its game's
	// bot's to say) and plays at about a second a move.
	Steady Level = iota
	// Relaxed looks less far ahead, misses things and thinks longer
	// before each move.
	Relaxed
	// Strong is quick and hard to beat: in a race the first to finish
	// wins.
	Strong
	// Greedy plays one move ahead.
	Greedy
	// Random plays a uniformly random legal move.
	Random
)

var levelNames = [...]string{Steady: "steady", Relaxed: "relaxed", Strong: "strong", Greedy: "greedy", Random: "random"}

// levelLabels are the levels' names for people, in English (the page has
// its own words for them).
var levelLabels = [...]string{
	Steady:  "Steady: a fair race",
	Relaxed: "Relaxed: slower, misses things",
	Strong:  "Strong: quick and hard to beat",
	Greedy:  "Greedy: one move ahead (tests)",
	Random:  "Random: any legal move (tests)",
}

// PlayerLevels returns the levels a person may pick, weakest first:
// Relaxed, Steady, Strong.
func PlayerLevels() []Level { return []Level{Relaxed, Steady, Strong} }

// String returns the level's name: "relaxed", "steady", "strong",
// "greedy" or "random".
func (l Level) String() string {
	if l < 0 || int(l) >= len(levelNames) {
		return fmt.Sprintf("Level(%d)", int(l))
	}
	return levelNames[l]
}

// Label describes the level for people ("Steady: a fair race").
func (l Level) Label() string {
	if l < 0 || int(l) >= len(levelLabels) {
		return l.String()
	}
	return levelLabels[l]
}

// ParseLevel reads a level's name; "" is the default, Steady, and
// "expert" another name for Strong.
func ParseLevel(s string) (Level, error) {
	switch s {
	case "":
		return Steady, nil
	case "expert":
		return Strong, nil
	}
	for l, n := range levelNames {
		if n == s {
			return Level(l), nil
		}
	}
	return 0, fmt.Errorf("bot: unknown level %q (known: %s)", s, strings.Join(levelNames[:], ", "))
}

// Pace is how long a bot pauses before each action, so that a person
// can follow it and race it: about Play before a move, Stock before a
// draw, a recycle or a deal, each stretched or shortened at random by up
// to a third. The zero Pace does not pause.
type Pace struct {
	Play, Stock time.Duration
}

// Pace returns the level's pace: Relaxed about 1.8 s a move, Steady
// 1.2 s, Strong 0.9 s, draws in about half that; Greedy and Random
// none (they serve load tests).
func (l Level) Pace() Pace {
	switch l {
	case Relaxed:
		return Pace{Play: 1800 * time.Millisecond, Stock: 900 * time.Millisecond}
	case Steady:
		return Pace{Play: 1200 * time.Millisecond, Stock: 600 * time.Millisecond}
	case Strong:
		return Pace{Play: 900 * time.Millisecond, Stock: 450 * time.Millisecond}
	}
	return Pace{}
}

// Scaled returns the pace with Play set to play and Stock in the same
// proportion (half of play when p has no Play).
func (p Pace) Scaled(play time.Duration) Pace {
	if p.Play <= 0 {
		return Pace{Play: play, Stock: play / 2}
	}
	return Pace{Play: play, Stock: time.Duration(float64(play) * float64(p.Stock) / float64(p.Play))}
}

// pause returns the pause before an action (a stock action when stock),
// u a uniform number in [0, 1) that stretches it between 0.75 and 1.35
// times the median.
func (p Pace) pause(stock bool, u float64) time.Duration {
	d := p.Play
	if stock {
		d = p.Stock
	}
	return time.Duration(float64(d) * (0.75 + 0.6*u))
}
