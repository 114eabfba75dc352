package replay

import (
	"context"
	"encoding/hex"
	"errors"
	"fmt"
	"slices"
	"time"

	"github.com/solitaire-race/racer/match"
)

// Replay is a finished race as kept for good. Its JSON is what the HTTP
// API serves.
type Replay struct {
	// Race is the race's ID.
	Race string `json:"race"`
	// Profile, Seed and Nonce are the reveal of Commitment (match/fair):
	// anyone can check them. Seed is a decimal string in JSON, since a
	// uint64 does not fit a JavaScript number.
	Profile    string `json:"profile"`
	Seed       uint64 `json:"seed,string"`
	Nonce      string `json:"nonce"`
	Commitment string `json:"commitment"`
	// SolverChecked reports that a solver proved the deal winnable.
	SolverChecked bool `json:"solver_checked"`
	// Room is the private room's code, or "".
	Room string `json:"room,omitempty"`
	// Racers is the roster in seating order.
	Racers []match.Racer `json:"racers"`
	// TimeLimit is the race's time limit; 0 means none.
	TimeLimit time.Duration `json:"time_limit_ns,omitempty"`
	// CreatedAt and StartAt are the store's times of creation and start.
	CreatedAt time.Time `json:"created_at"`
	StartAt   time.Time `json:"start_at"`
	// Result is the outcome.
	Result match.Result `json:"result"`
	// Actions holds each racer's log by player ID, in order.
	Actions map[string][]Action `json:"actions"`
}

// Action is one entry of a racer's log.
type Action struct {
	// Seq numbers a racer's actions from 1.
	Seq uint64 `json:"seq"`
	// Action is a move in the notation of docs/RULES.md, "resign" or "finish".
	Action string `json:"action"`
	// At is the store's timestamp.
	At time.Time `json:"at"`
	// Ms is At in milliseconds after the race's start.
	Ms int64 `json:"ms"`
}

// FromSnapshot builds the replay of a finished race. A race without a
// result fails with ErrNotFinished.
func FromSnapshot(snap match.Snapshot) (Replay, error) {
	if snap.Result == nil {
		return Replay{}, fmt.Errorf("%w: %s", ErrNotFinished, snap.Race.ID)
	}
	r := snap.Race
	rp := Replay{
		Race:          r.ID,
		Profile:       r.Profile,
		Seed:          r.Seed,
		Nonce:         hex.EncodeToString(r.Nonce),
		Commitment:    r.Commitment,
		SolverChecked: r.SolverChecked,
		Room:          r.Room,
		Racers:        slices.Clone(r.Racers),
		TimeLimit:     r.TimeLimit,
		CreatedAt:     r.CreatedAt,
		StartAt:       r.StartAt,
		Result:        *snap.Result,
		Actions:       make(map[string][]Action, len(r.Racers)),
	}
	rp.Result.Standings = slices.Clone(rp.Result.Standings)
	for _, x := range r.Racers {
		log := snap.Logs[x.ID]
		as := make([]Action, len(log))
		for i, e := range log {
			as[i] = Action{Seq: e.Seq, Action: e.Action, At: e.At, Ms: e.At.Sub(r.StartAt).Milliseconds()}
		}
		rp.Actions[x.ID] = as
	}
	return rp, nil
}

// Store keeps replays by race ID. Implementations are safe for concurrent
// use.
type Store interface {
	// Save stores rp once: the first Save of a race ID stores it and
	// returns true; later ones store nothing and return false, so every
	// node that sees a race end may call it.
	Save(ctx context.Context, rp Replay) (first bool, err error)
	// Load returns the replay of race, or an error wrapping ErrNotFound.
	Load(ctx context.Context, race string) (Replay, error)
}

// Errors of this package.
var (
	// ErrNotFound reports a race with no replay.
	ErrNotFound = errors.New("replay: no replay of this race")
	// ErrNotFinished reports a race that has not finished: it has no
	// replay yet.
	ErrNotFinished = errors.New("replay: race not finished")
)
