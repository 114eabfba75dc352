package match

import "github.com/solitaire-race/racer/match/scoreboard"

// Status is where a racer's game stands (scoreboard.Status).
type Status = scoreboard.Status

// Racer statuses. Disconnected is not stored: the hub overlays it on
// Playing from presence.
const (
	StatusPlaying      = scoreboard.StatusPlaying
	StatusWon          = scoreboard.StatusWon
	StatusStuck        = scoreboard.StatusStuck
	StatusResigned     = scoreboard.StatusResigned
	StatusDisconnected = scoreboard.StatusDisconnected
)

// Why a race ended.
const (
	EndWin       = scoreboard.EndWin
	EndAllDone   = scoreboard.EndAllDone
	EndTimeLimit = scoreboard.EndTimeLimit
)

// Result is the outcome of a finished race, written once (Store.Finish).
type Result = scoreboard.Result

// Standing is one racer's line in a Result.
type Standing = scoreboard.Standing
