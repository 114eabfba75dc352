package scoreboard

import (
	"bytes"
	"encoding/json"
	"time"
)

// Status is where a racer's game stands.
type Status string

// Racer statuses. Disconnected is not stored: the hub overlays it on
// Playing from presence.
const (
	StatusPlaying      Status = "playing"
	StatusWon          Status = "won"
	StatusStuck        Status = "stuck"
	StatusResigned     Status = "resigned"
	StatusDisconnected Status = "disconnected"
)

// Done reports whether a racer with this status has finished playing:
// won, stuck or resigned.
func (s Status) Done() bool {
	return s == StatusWon || s == StatusStuck || s == StatusResigned
}

// Why a race ended.
const (
	EndWin       = "win"        // a racer won: all 52 cards on the foundations, or 8 completed runs
	EndAllDone   = "all_done"   // every racer (or all but one) stuck or resigned
	EndTimeLimit = "time_limit" // the time limit passed
)

// Result is the outcome of a finished race, written once (match.Store.Finish).
type Result struct {
	// Race is the race's ID.
	Race string `json:"race"`
	// Reason is EndWin, EndAllDone or EndTimeLimit.
	Reason string `json:"reason"`
	// Standings lists the racers best first.
	Standings []Standing `json:"standings"`
	// FinishedAt is set by the store from its clock.
	FinishedAt time.Time `json:"finished_at"`
}

// Standing is one racer's line in a Result.
type Standing struct {
	// Place is 1 for the winner; racers who tie share a place: the same
	// cards off the table, reached at the same moment or none at all.
	Place int `json:"place"`
	// Player and Name identify the racer.
	Player string `json:"player"`
	Name   string `json:"name"`
	// Status is the racer's status at the end.
	Status Status `json:"status"`
	// Foundation is the number of cards the racer took off the table:
	// on the foundations (Klondike), in completed runs (Spider, 13 each).
	Foundation int `json:"foundation"`
	// Counts are the game's own counts kept in results (game.Counter's
	// Final: Spider's completed runs), in the JSON between "foundation"
	// and "reached_at".
	Counts Counts `json:"-"`
	// ReachedAt is the store time at which the racer first reached that
	// count (zero when it is 0): when their last card went home.
	ReachedAt time.Time `json:"reached_at,omitzero"`
	// EndedAt is the store time at which the racer's game ended: their
	// winning move, the move that left them stuck, their resignation or
	// finish, or for a racer still playing the race's end (another
	// racer's winning move, the time limit). Zero in results stored
	// before it was kept.
	EndedAt time.Time `json:"ended_at,omitzero"`
	// Actions is the racer's action count.
	Actions int `json:"actions"`
}

// standingHead and standingTail are a Standing's fields before and after
// its counts, in the order of its JSON.
type standingHead struct {
	Place      int    `json:"place"`
	Player     string `json:"player"`
	Name       string `json:"name"`
	Status     Status `json:"status"`
	Foundation int    `json:"foundation"`
}

type standingTail struct {
	ReachedAt time.Time `json:"reached_at,omitzero"`
	EndedAt   time.Time `json:"ended_at,omitzero"`
	Actions   int       `json:"actions"`
}

// MarshalJSON implements json.Marshaler: the fields by their tags, with
// the game's counts between "foundation" and "reached_at".
func (s Standing) MarshalJSON() ([]byte, error) {
	var buf bytes.Buffer
	enc := json.NewEncoder(&buf)
	enc.SetEscapeHTML(false) // the caller's encoder escapes, if asked to
	if err := enc.Encode(standingHead{s.Place, s.Player, s.Name, s.Status, s.Foundation}); err != nil {
		return nil, err
	}
	head := bytes.TrimSuffix(bytes.TrimSpace(buf.Bytes()), []byte("}"))
	b := s.Counts.appendJSON(append([]byte(nil), head...))
	buf.Reset()
	if err := enc.Encode(standingTail{s.ReachedAt, s.EndedAt, s.Actions}); err != nil {
		return nil, err
	}
	b = append(b, ',')
	return append(b, bytes.TrimPrefix(bytes.TrimSpace(buf.Bytes()), []byte("{"))...), nil
}

// standingKeys are the keys of a Standing's own fields.
var standingKeys = map[string]bool{"place": true, "player": true, "name": true, "status": true,
	"foundation": true, "reached_at": true, "ended_at": true, "actions": true}

// UnmarshalJSON implements json.Unmarshaler: the fields by their tags,
// and every other key with an integer value as one of the game's counts,
// in order.
func (s *Standing) UnmarshalJSON(b []byte) error {
	type plain Standing
	var x plain
	if err := json.Unmarshal(b, &x); err != nil {
		return err
	}
	c, err := readCounts(b, func(k string) bool { return standingKeys[k] })
	if err != nil {
		return err
	}
	*s = Standing(x)
	s.Counts = c
	return nil
}
