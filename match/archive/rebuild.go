package archive

import (
	"context"
	"database/sql"
	"errors"
	"fmt"
	"time"

	"github.com/solitaire-race/racer/match"
	"github.com/solitaire-race/racer/match/daily"
	"github.com/solitaire-race/racer/match/leaderboard"
	"github.com/solitaire-race/racer/match/rating"
)

// Rebuilt counts what Rebuild wrote.
type Rebuilt struct {
	// Races is the number of rated races applied to the boards.
	Races int
	// Daily is the number of daily challenge wins put on their boards.
	Daily int
}

// SetRateGuests says whether the server puts guests' daily challenge
// wins on the daily boards (daily.Config.RateGuests, cmd/racer's -rated
// all): Rebuild then puts them back too. Off, the default, it puts back
// only the wins of racers who raced signed in with an account (the
// archived roster's match.Racer.Account), as the daily boards hold them.
// Set it once, before Rebuild or Annul.
func (a *SQL) SetRateGuests(on bool) { a.rateGuests.Store(on) }

// Rebuild restores the ratings and leaderboards that boards (a cache:
// memory, or Redis that lost its keys) lacks, from the archive. A
// profile's ratings and rating and wins boards are rebuilt when the
// racer of its latest archived rating change has no rating in boards:
// every rated race of the profile is applied again in order (Store.Apply,
// with the archived ratings; a race applied already is skipped, so
// nothing counts twice). A daily challenge's board of the last
// leaderboard.DayTTL is rebuilt when it is empty and the archive holds
// wins of its day: the wins of accounts, or everyone's (SetRateGuests),
// but no player's a moderator marked (Annul). Call it once the queue of
// races waiting for the archive is drained. The profiles are those of
// the archive's games.
func (a *SQL) Rebuild(ctx context.Context, boards leaderboard.Store) (Rebuilt, error) {
	var out Rebuilt
	if a.games == nil {
		return out, fmt.Errorf("%w: Rebuild", ErrNoGames)
	}
	for _, p := range a.games.Profiles() {
		if leaderboard.CheckProfile(p) != nil {
			continue
		}
		// The index on (profile, at) finds it at once.
		var latest string
		err := a.db.QueryRowContext(ctx, `SELECT player FROM archive_ratings WHERE profile = $1
			ORDER BY at DESC LIMIT 1`, p).Scan(&latest)
		if errors.Is(err, sql.ErrNoRows) {
			continue
		}
		if err != nil {
			return out, fmt.Errorf("archive: rebuild %s: %w", p, err)
		}
		rs, err := boards.Ratings(ctx, p, latest)
		if err != nil {
			return out, err
		}
		if _, ok := rs[latest]; ok {
			continue
		}
		n, err := a.rebuildProfile(ctx, boards, p)
		out.Races += n
		if err != nil {
			return out, err
		}
	}
	n, err := a.rebuildDaily(ctx, boards)
	out.Daily = n
	return out, err
}

// rebuildProfile applies every rated race of profile to boards, in order.
func (a *SQL) rebuildProfile(ctx context.Context, boards leaderboard.Store, profile string) (int, error) {
	rows, err := a.db.QueryContext(ctx, `SELECT g.race, g.at, g.player, g.rating, g.deviation, g.volatility, g.games,
		COALESCE(p.status, ''), COALESCE(p.name, '')
		FROM archive_ratings g LEFT JOIN archive_race_players p ON p.player = g.player AND p.finished_at = g.at AND p.race = g.race
		WHERE g.profile = $1 ORDER BY g.at, g.race, g.player`, profile)
	if err != nil {
		return 0, fmt.Errorf("archive: rebuild %s: %w", profile, err)
	}
	// Read it all first: an SQLite file allows one connection's rows
	// while boards write elsewhere, but a long read holds a snapshot.
	type row struct {
		race, player, status, name string
		at                         int64
		r                          rating.Rating
	}
	var all []row
	for rows.Next() {
		var x row
		if err := rows.Scan(&x.race, &x.at, &x.player, &x.r.Rating, &x.r.Deviation, &x.r.Volatility, &x.r.Games, &x.status, &x.name); err != nil {
			rows.Close()
			return 0, err
		}
		x.r.Updated = time.UnixMilli(x.at).UTC()
		all = append(all, x)
	}
	rows.Close()
	if err := rows.Err(); err != nil {
		return 0, err
	}
	n := 0
	for i := 0; i < len(all); {
		j := i
		u := leaderboard.Update{Profile: profile, Race: all[i].race, At: time.UnixMilli(all[i].at).UTC(), Names: map[string]string{}}
		next := map[string]rating.Rating{}
		for ; j < len(all) && all[j].race == all[i].race && all[j].at == all[i].at; j++ {
			x := all[j]
			u.Rated = append(u.Rated, x.player)
			if x.name != "" {
				u.Names[x.player] = x.name
			}
			if match.Status(x.status) == match.StatusWon {
				u.Wins = append(u.Wins, x.player)
			}
			next[x.player] = x.r
		}
		applied, err := boards.Apply(ctx, u, func(map[string]rating.Rating) map[string]rating.Rating { return next })
		if err != nil {
			return n, err
		}
		if applied {
			n++
		}
		i = j
	}
	return n, nil
}

// rebuildDaily puts the archived daily challenge wins of the last
// leaderboard.DayTTL back on their days' boards where those are empty:
// the wins of racers who raced as accounts, or, with SetRateGuests,
// everyone's (as daily.Service.Finish records them). Every racer's
// attempt is taken again, a guest's too.
func (a *SQL) rebuildDaily(ctx context.Context, boards leaderboard.Store) (int, error) {
	since := time.Now().UTC().Add(-leaderboard.DayTTL).Format(time.DateOnly)
	ids, err := a.strings(ctx, `SELECT id FROM archive_races WHERE id LIKE 'daily-%' AND day >= $1 ORDER BY finished_at`, since)
	if err != nil {
		return 0, err
	}
	empty := map[string]bool{} // profile and day → the board was empty
	n := 0
	for _, id := range ids {
		profile, day, ok := daily.ParseRaceID(id)
		if !ok {
			continue
		}
		key := profile + " " + day
		isEmpty, seen := empty[key]
		if !seen {
			at, _ := time.Parse(time.DateOnly, day)
			c, err := boards.Count(ctx, leaderboard.Board{Profile: profile, Kind: leaderboard.KindDaily, Period: leaderboard.Day, At: at})
			if err != nil {
				return n, err
			}
			isEmpty, empty[key] = c == 0, c == 0
		}
		if !isEmpty {
			continue
		}
		rp, err := a.Load(ctx, id)
		if err != nil {
			return n, err
		}
		for _, r := range rp.Racers {
			if _, err := boards.StartDaily(ctx, profile, day, r.ID); err != nil {
				return n, err
			}
		}
		for _, st := range rp.Result.Standings {
			if st.Status != match.StatusWon || !a.onDailyBoard(rp.Racers, st.Player) {
				continue
			}
			marked, err := a.IsAnnulled(ctx, st.Player)
			if err != nil {
				return n, err
			}
			if marked {
				continue
			}
			ok, err := boards.RecordDaily(ctx, leaderboard.Daily{Profile: profile, Day: day, Player: st.Player, Name: st.Name,
				Time: st.ReachedAt.Sub(rp.StartAt), Actions: st.Actions})
			if err != nil {
				return n, err
			}
			if ok {
				n++
			}
		}
	}
	return n, nil
}

// onDailyBoard reports whether player's daily win goes on the board: they
// raced as an account (on racers, the archived roster), or the server
// rates guests.
func (a *SQL) onDailyBoard(racers []match.Racer, player string) bool {
	if a.rateGuests.Load() {
		return true
	}
	for _, r := range racers {
		if r.ID == player {
			return r.Account
		}
	}
	return false
}

// strings runs a query of one text column.
func (a *SQL) strings(ctx context.Context, q string, args ...any) ([]string, error) {
	rows, err := a.db.QueryContext(ctx, q, args...)
	if err != nil {
		return nil, fmt.Errorf("archive: %w", err)
	}
	defer rows.Close()
	var out []string
	for rows.Next() {
		var s string
		if err := rows.Scan(&s); err != nil {
			return nil, err
		}
		out = append(out, s)
	}
	return out, rows.Err()
}
