package match

import (
	"time"

	"github.com/solitaire-race/racer/klondike"
)

// Progress is what everyone may know of a racer's game while it runs:
// counts, never cards.
type Progress struct {
	// Racer is the player's ID.
	Racer string `json:"racer"`
	// Seq is the length of the racer's log.
	Seq uint64 `json:"seq"`
	// Foundations holds the cards on each suit's foundation, indexed by
	// klondike.Suit (clubs, diamonds, hearts, spades).
	Foundations [klondike.NumSuits]int `json:"foundations"`
	// Foundation is the total of Foundations.
	Foundation int `json:"foundation"`
	// TurnedUp counts the tableau cards turned face up since the deal.
	TurnedUp int `json:"turned_up"`
	// Actions counts every action (move, draw, recycle).
	Actions int `json:"actions"`
	// Passes is the number of passes through the stock begun.
	Passes int `json:"passes"`
	// Status is where the racer's game stands.
	Status Status `json:"status"`
	// ReachedAt is the store time at which the racer first reached
	// Foundation cards (zero for 0).
	ReachedAt time.Time `json:"reached_at,omitzero"`
}

// initialFaceDown is the number of face-down cards at the deal.
const initialFaceDown = 21

func progressOf(id string, seq uint64, s *klondike.State, st Status, reached time.Time) Progress {
	p := Progress{
		Racer:     id,
		Seq:       seq,
		TurnedUp:  initialFaceDown - s.FaceDownCount(),
		Actions:   s.Actions(),
		Passes:    s.PassesUsed(),
		Status:    st,
		ReachedAt: reached,
	}
	for su := range klondike.NumSuits {
		p.Foundations[su] = s.Foundation(klondike.Suit(su))
		p.Foundation += p.Foundations[su]
	}
	return p
}
