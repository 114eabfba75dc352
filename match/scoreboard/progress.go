package scoreboard

import (
	"time"

	"github.com/solitaire-race/racer/match/game"
)

// Progress is what everyone may know of a racer's game while it runs:
// counts, never cards. Fields that only Spider has are left out of the
// JSON when zero, so that Klondike's frames never carry them.
type Progress struct {
	// Racer is the player's ID.
	Racer string `json:"racer"`
	// Seq is the length of the racer's log.
	Seq uint64 `json:"seq"`
	// Foundations holds the cards off the table by suit (clubs,
	// diamonds, hearts, spades): on each suit's
	// foundation in Klondike, in completed runs of that suit in Spider
	// (13 per run).
	Foundations [game.NumSuits]int `json:"foundations"`
	// Foundation is the total of Foundations: the cards off the table,
	// which rank racers who have not won (0 … 52 in Klondike, 0 … 104 in
	// Spider).
	Foundation int `json:"foundation"`
	// TurnedUp counts the cards turned face up on the table since the
	// deal (of 21 in Klondike, 44 in Spider).
	TurnedUp int `json:"turned_up"`
	// Actions counts every action (move, draw, recycle, deal).
	Actions int `json:"actions"`
	// Passes is the number of passes through the stock begun (Klondike;
	// 0 in Spider).
	Passes int `json:"passes"`
	// Completed is the number of runs completed, 0 … 8 (Spider; absent
	// from the JSON when 0).
	Completed int `json:"completed,omitempty"`
	// Status is where the racer's game stands.
	Status Status `json:"status"`
	// ReachedAt is the store time at which the racer first reached
	// Foundation cards (zero for 0).
	ReachedAt time.Time `json:"reached_at,omitzero"`
}
