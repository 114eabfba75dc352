package match

import "github.com/solitaire-race/racer/match/scoreboard"

// Progress is what everyone may know of a racer's game while it runs
// (scoreboard.Progress).
type Progress = scoreboard.Progress
