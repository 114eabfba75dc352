package daily

import (
	"context"
	"crypto/hmac"
	"crypto/sha256"
	"encoding/hex"
	"errors"
	"fmt"
	"strings"
	"time"

	"github.com/solitaire-race/racer/match"
	"github.com/solitaire-race/racer/match/leaderboard"
)

// racePrefix starts the ID of every daily race.
const racePrefix = "daily-"

// RaceID returns the ID of player's race of profile's challenge of day:
// "daily-<profile>-<day>-<16 hex digits>", the digits keyed by the
// secret so that nobody can guess another player's race.
func (s *Service) RaceID(profile, day, player string) string {
	m := hmac.New(sha256.New, s.cfg.Secret)
	m.Write([]byte("solitaire-race daily v1 race\nprofile=" + profile + "\nday=" + day + "\nplayer=" + player + "\n"))
	return racePrefix + profile + "-" + day + "-" + hex.EncodeToString(m.Sum(nil)[:8])
}

// ParseRaceID returns the profile and day of a daily race's ID, and
// whether id has the form of one.
func ParseRaceID(id string) (profile, day string, ok bool) {
	rest, ok := strings.CutPrefix(id, racePrefix)
	const tail = 1 + 10 + 1 + 16 // "-" day "-" digits
	if !ok || len(rest) < 1+tail {
		return "", "", false
	}
	profile, day = rest[:len(rest)-tail], rest[len(rest)-tail+1:len(rest)-17]
	if _, err := time.Parse(time.DateOnly, day); err != nil || rest[len(rest)-17] != '-' || leaderboard.CheckProfile(profile) != nil {
		return "", "", false
	}
	if _, err := hex.DecodeString(rest[len(rest)-16:]); err != nil {
		return "", "", false
	}
	return profile, day, true
}

// IsRace reports whether id has the form of a daily race's ID.
func IsRace(id string) bool {
	_, _, ok := ParseRaceID(id)
	return ok
}

// OnBoard reports whether racer's win goes on the daily board: an
// account's does; a guest's only under Config.RateGuests.
func (s *Service) OnBoard(racer match.Racer) bool { return s.cfg.RateGuests || racer.Account }

// Start claims racer's one attempt at profile's challenge of today and
// returns the race to create for it: one racer (racer, its Account flag
// kept, which decides whether a win goes on the board: OnBoard), the
// day's deal and commitment; the caller sets the countdown and time
// limit and passes it to match.Store.CreateRace. A second attempt the
// same day fails with ErrAlreadyPlayed, a guest's too. The attempt counts
// from this call, even if the race is never created.
func (s *Service) Start(ctx context.Context, profile string, racer match.Racer) (match.Race, error) {
	player := racer.ID
	if player == "" {
		return match.Race{}, errors.New("daily: Start without a player")
	}
	c, err := s.Today(ctx, profile)
	if err != nil {
		return match.Race{}, err
	}
	first, err := s.cfg.Store.StartDaily(ctx, profile, c.Day, player)
	if err != nil {
		return match.Race{}, err
	}
	if !first {
		return match.Race{}, ErrAlreadyPlayed
	}
	return match.Race{
		ID:            s.RaceID(profile, c.Day, player),
		Profile:       profile,
		Seed:          c.Seed,
		Nonce:         append([]byte(nil), c.Nonce...),
		Commitment:    c.Commitment,
		SolverChecked: c.SolverChecked,
		Racers:        []match.Racer{racer},
	}, nil
}

// Finish records a finished daily race on its day's board when its racer
// won and is on the board (OnBoard: an account, or anyone under
// Config.RateGuests): by the win time (from the race's start to the
// store time of the winning move) and the action count. Any node may call
// it for every finished race: it returns false, nil for a race that is
// not a daily race, not a win or a guest's off the board, and records a
// player once per day.
func (s *Service) Finish(ctx context.Context, race match.Race, res match.Result) (bool, error) {
	profile, day, ok := ParseRaceID(race.ID)
	if !ok {
		return false, nil
	}
	if len(race.Racers) != 1 || race.Profile != profile || s.RaceID(profile, day, race.Racers[0].ID) != race.ID {
		return false, fmt.Errorf("daily: race %s was not dealt by this service", race.ID)
	}
	if !s.OnBoard(race.Racers[0]) {
		return false, nil
	}
	for _, st := range res.Standings {
		if st.Player != race.Racers[0].ID || st.Status != match.StatusWon {
			continue
		}
		return s.cfg.Store.RecordDaily(ctx, leaderboard.Daily{
			Profile: profile, Day: day, Player: st.Player, Name: st.Name,
			Time: st.ReachedAt.Sub(race.StartAt), Actions: st.Actions,
		})
	}
	return false, nil
}
