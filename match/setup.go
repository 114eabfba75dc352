package match

import (
	"time"

	"github.com/solitaire-race/racer/match/scoreboard"
)

// Race is the setup of one race, as stored: one deal (a seed under a rule
// profile), its roster and its options. The seed and nonce stay on the
// server until the race ends; Commitment is what racers see before.
type Race struct {
	// ID names the race; unique.
	ID string `json:"id"`
	// Profile is the rule profile ("bvs", "spider-2"): it names the game
	// (GameOf) and its rules.
	Profile string `json:"profile"`
	// Seed chooses the deal (DealOf: klondike.NewDeal or
	// spider.NewDeal). Secret until the end.
	Seed uint64 `json:"seed"`
	// Nonce is the commitment's random nonce (match/fair). Secret
	// until the end.
	Nonce []byte `json:"nonce"`
	// Commitment is the hex SHA-256 commitment to seed, profile and
	// nonce, shown from the start.
	Commitment string `json:"commitment"`
	// SolverChecked reports that the deal came from a pool of deals a
	// solver proved winnable.
	SolverChecked bool `json:"solver_checked"`
	// Room is the private room's code, or "" for a quick race.
	Room string `json:"room,omitempty"`
	// Arena is the arena the race belongs to, or "".
	Arena string `json:"arena,omitempty"`
	// Unrated races never count for ratings (an unrated arena's).
	Unrated bool `json:"unrated,omitempty"`
	// Racers is the roster, in seating order.
	Racers []Racer `json:"racers"`
	// Countdown is the time between creation and the start.
	Countdown time.Duration `json:"countdown"`
	// TimeLimit ends the race when it has run this long; 0 means none.
	TimeLimit time.Duration `json:"time_limit"`
	// SpectatorDelay is how long spectators wait to see a board.
	SpectatorDelay time.Duration `json:"spectator_delay"`
	// CreatedAt and StartAt are set by Store.CreateRace from the
	// store's clock.
	CreatedAt time.Time `json:"created_at"`
	StartAt   time.Time `json:"start_at"`
}

// Racer is one entry of a race's roster (scoreboard.Racer).
type Racer = scoreboard.Racer

// HasRacer reports whether player id is on the roster.
func (r *Race) HasRacer(id string) bool {
	for _, x := range r.Racers {
		if x.ID == id {
			return true
		}
	}
	return false
}

// Deadline returns when the time limit ends the race, or the zero time
// when there is none.
func (r *Race) Deadline() time.Time {
	if r.TimeLimit <= 0 {
		return time.Time{}
	}
	return r.StartAt.Add(r.TimeLimit)
}
