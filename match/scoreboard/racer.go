package scoreboard

// Game is the name of a card game the server races (game.Game.Name):
// "klondike" or "spider".
type Game string

// The names of the registered games (match/game/games).
const (
	GameKlondike Game = "klondike"
	GameSpider   Game = "spider"
)

// Racer is one entry of a race's roster.
type Racer struct {
	// ID is the player's stable identity (from the session token).
	ID string `json:"id"`
	// Name is the display name.
	Name string `json:"name"`
	// Account marks a player signed in with an account (a guest's is
	// false): only races whose racers all are accounts are rated.
	Account bool `json:"account,omitempty"`
	// Bot is a bot racer's level ("relaxed", "steady", "strong"), when
	// the server named it; absent for a person.
	Bot string `json:"bot,omitempty"`
}

// Phase is where a race stands in its lifecycle.
type Phase string

// Phases of a race. Waiting belongs to rooms, before a race is created.
const (
	PhaseWaiting   Phase = "waiting"
	PhaseCountdown Phase = "countdown"
	PhaseRunning   Phase = "running"
	PhaseFinished  Phase = "finished"
)
