package scoreboard

import (
	"encoding/json"
	"strconv"
	"time"

	"github.com/solitaire-race/racer/match/game"
)

// Progress is what everyone may know of a racer's game while it runs:
// counts, never cards. Its JSON holds the game's own counts (Counts) as
// keys of their own between "actions" and "status".
type Progress struct {
	// Racer is the player's ID.
	Racer string `json:"racer"`
	// Seq is the length of the racer's log.
	Seq uint64 `json:"seq"`
	// Foundations holds the cards off the table by suit (clubs,
	// diamonds, hearts, spades): on each suit's foundation, or in
	// completed runs of that suit (13 per run) in a game of runs.
	Foundations [game.NumSuits]int `json:"foundations"`
	// Foundation is the total of Foundations: the cards off the table,
	// which rank racers who have not won.
	Foundation int `json:"foundation"`
	// TurnedUp counts the cards turned face up on the table since the
	// deal.
	TurnedUp int `json:"turned_up"`
	// Actions counts every action (move, draw, recycle, deal).
	Actions int `json:"actions"`
	// Counts are the game's own counts (game.Counter): Klondike's
	// passes, Spider's completed runs.
	Counts Counts `json:"-"`
	// Status is where the racer's game stands.
	Status Status `json:"status"`
	// ReachedAt is the store time at which the racer first reached
	// Foundation cards (zero for 0).
	ReachedAt time.Time `json:"reached_at,omitzero"`
}

// AppendJSON appends p's JSON, MarshalJSON's, without allocating for a
// racer and a status of printable ASCII: progress goes to every racer
// and spectator on every move.
func (p *Progress) AppendJSON(b []byte) []byte {
	b = append(b, `{"racer":`...)
	b = appendString(b, p.Racer)
	b = append(b, `,"seq":`...)
	b = strconv.AppendUint(b, p.Seq, 10)
	b = append(b, `,"foundations":[`...)
	for i, n := range p.Foundations {
		if i > 0 {
			b = append(b, ',')
		}
		b = strconv.AppendInt(b, int64(n), 10)
	}
	b = append(b, `],"foundation":`...)
	b = strconv.AppendInt(b, int64(p.Foundation), 10)
	b = append(b, `,"turned_up":`...)
	b = strconv.AppendInt(b, int64(p.TurnedUp), 10)
	b = append(b, `,"actions":`...)
	b = strconv.AppendInt(b, int64(p.Actions), 10)
	b = p.Counts.appendJSON(b)
	b = append(b, `,"status":`...)
	b = appendString(b, string(p.Status))
	if !p.ReachedAt.IsZero() {
		b = append(b, `,"reached_at":"`...)
		b = p.ReachedAt.AppendFormat(b, time.RFC3339Nano)
		b = append(b, '"')
	}
	return append(b, '}')
}

// MarshalJSON implements json.Marshaler: the fields by their tags, with
// the game's counts between "actions" and "status".
func (p Progress) MarshalJSON() ([]byte, error) { return p.AppendJSON(nil), nil }

// progressKeys are the keys of a Progress's own fields.
var progressKeys = map[string]bool{"racer": true, "seq": true, "foundations": true, "foundation": true,
	"turned_up": true, "actions": true, "status": true, "reached_at": true}

// UnmarshalJSON implements json.Unmarshaler: the fields by their tags,
// and every other key with an integer value as one of the game's counts,
// in order.
func (p *Progress) UnmarshalJSON(b []byte) error {
	type plain Progress
	var x plain
	if err := json.Unmarshal(b, &x); err != nil {
		return err
	}
	c, err := readCounts(b, func(k string) bool { return progressKeys[k] })
	if err != nil {
		return err
	}
	*p = Progress(x)
	p.Counts = c
	return nil
}
