package archive

import (
	"context"
	"errors"
	"fmt"
	"time"

	"github.com/solitaire-race/racer/match"
	"github.com/solitaire-race/racer/match/leaderboard"
	"github.com/solitaire-race/racer/match/rating"
)

// Annulment is a moderator's mark on a player for cheating.
type Annulment struct {
	// Player is the marked player; Moderator the moderator's player.
	Player, Moderator string
	// Note is the moderator's reason, for other moderators.
	Note string
	// At is when they were marked.
	At time.Time
}

// Annulled is what Annul did.
type Annulled struct {
	// Races is the number of rated races left out of the ratings, every
	// profile together.
	Races int
	// Profiles are the profiles whose ratings were recomputed.
	Profiles []string
	// Rebuilt is what the rebuild of the boards wrote.
	Rebuilt Rebuilt
	// Daily is the number of daily boards the player was taken off.
	Daily int
}

// ErrNoResetter reports boards that cannot forget a profile (Annul needs
// a leaderboard.Resetter).
var ErrNoResetter = errors.New("archive: the leaderboards cannot be reset")

// Annul marks x.Player for cheating and annuls their rated results:
// every rated race a marked player was rated in leaves the ratings
// (their races after the mark too, at the next Annul). The ratings of each profile they played are recomputed
// from the archived results of the races that remain, in order, with
// cfg's rating system (the zero Config: lichess's, as the server rates),
// and replace the profile's rating history; then the profile's ratings
// and rating and wins boards in boards are reset and rebuilt from the
// archive (Rebuild). Last, the player leaves the daily boards of every
// profile and day boards keeps (leaderboard.Store.RemoveDaily), and no
// later Rebuild puts their wins back. Marking a player marked already
// recomputes again.
// Run it while few races finish: a race that finishes during the
// rebuild may be rated from the ratings before it.
func (a *SQL) Annul(ctx context.Context, x Annulment, cfg rating.Config, boards leaderboard.Store) (Annulled, error) {
	reset, ok := boards.(leaderboard.Resetter)
	if !ok {
		return Annulled{}, ErrNoResetter
	}
	if _, err := a.db.ExecContext(ctx, `INSERT INTO archive_annulled (player, moderator, note, at) VALUES ($1, $2, $3, $4)
		ON CONFLICT (player) DO UPDATE SET moderator = excluded.moderator, note = excluded.note, at = excluded.at`,
		x.Player, x.Moderator, x.Note, x.At.UnixMilli()); err != nil {
		return Annulled{}, fmt.Errorf("archive: annul %s: %w", x.Player, err)
	}
	profiles, err := a.strings(ctx, `SELECT DISTINCT profile FROM archive_ratings WHERE player = $1 ORDER BY profile`, x.Player)
	if err != nil {
		return Annulled{}, err
	}
	out := Annulled{Profiles: profiles}
	for _, p := range profiles {
		n, err := a.recomputeRatings(ctx, p, cfg)
		out.Races += n
		if err != nil {
			return out, err
		}
		if err := reset.ResetProfile(ctx, p); err != nil {
			return out, err
		}
	}
	out.Rebuilt, err = a.Rebuild(ctx, boards)
	if err != nil {
		return out, err
	}
	out.Daily, err = boards.RemoveDaily(ctx, x.Player, a.games.Profiles()...)
	return out, err
}

// IsAnnulled reports whether player was marked (Annul).
func (a *SQL) IsAnnulled(ctx context.Context, player string) (bool, error) {
	var n int
	err := a.db.QueryRowContext(ctx, `SELECT COUNT(*) FROM archive_annulled WHERE player = $1`, player).Scan(&n)
	return n > 0, err
}

// Annulments returns the marked players, the latest marked first.
func (a *SQL) Annulments(ctx context.Context, page Page) ([]Annulment, error) {
	rows, err := a.db.QueryContext(ctx, `SELECT player, moderator, note, at FROM archive_annulled ORDER BY at DESC, player
		LIMIT $1 OFFSET $2`, page.limit(), max(page.Offset, 0))
	if err != nil {
		return nil, fmt.Errorf("archive: annulments: %w", err)
	}
	defer rows.Close()
	var out []Annulment
	for rows.Next() {
		var x Annulment
		var ms int64
		if err := rows.Scan(&x.Player, &x.Moderator, &x.Note, &ms); err != nil {
			return nil, err
		}
		x.At = time.UnixMilli(ms).UTC()
		out = append(out, x)
	}
	return out, rows.Err()
}

// recomputeRatings rates the archived rated races of profile again, in
// order, leaving out every race a marked player was rated in, and
// replaces the profile's rating history with the result. It returns the
// number of races left out.
func (a *SQL) recomputeRatings(ctx context.Context, profile string, cfg rating.Config) (int, error) {
	rows, err := a.db.QueryContext(ctx, `SELECT g.race, g.at, g.player, COALESCE(p.place, 0), COALESCE(p.status, ''),
		COALESCE(p.name, ''), COALESCE(p.cards_home, 0),
		(SELECT COUNT(*) FROM archive_ratings m JOIN archive_annulled x ON x.player = m.player
			WHERE m.race = g.race AND m.profile = g.profile)
		FROM archive_ratings g LEFT JOIN archive_race_players p ON p.player = g.player AND p.finished_at = g.at AND p.race = g.race
		WHERE g.profile = $1 ORDER BY g.at, g.race, g.player`, profile)
	if err != nil {
		return 0, fmt.Errorf("archive: recompute %s: %w", profile, err)
	}
	type row struct {
		race string
		at   int64
		s    match.Standing
		out  bool
	}
	var all []row
	for rows.Next() {
		var x row
		var status string
		var annulled int
		if err := rows.Scan(&x.race, &x.at, &x.s.Player, &x.s.Place, &status, &x.s.Name, &x.s.Foundation, &annulled); err != nil {
			rows.Close()
			return 0, fmt.Errorf("archive: recompute %s: %w", profile, err)
		}
		x.s.Status, x.out = match.Status(status), annulled > 0
		all = append(all, x)
	}
	rows.Close()
	if err := rows.Err(); err != nil {
		return 0, err
	}
	// The races rated again, in order, on boards of their own: the
	// recorder rates them exactly as the server did.
	scratch := leaderboard.NewMemoryStore()
	rec, err := leaderboard.NewRecorder(leaderboard.RecorderConfig{Store: scratch, Rating: cfg})
	if err != nil {
		return 0, err
	}
	var changes []rating.Change
	left := 0
	for i := 0; i < len(all); {
		j := i
		res := match.Result{Race: all[i].race, FinishedAt: time.UnixMilli(all[i].at).UTC()}
		for ; j < len(all) && all[j].race == all[i].race && all[j].at == all[i].at; j++ {
			res.Standings = append(res.Standings, all[j].s)
		}
		if all[i].out {
			left++
			i = j
			continue
		}
		cs, _, err := rec.RecordChanges(ctx, match.Race{ID: res.Race, Profile: profile}, res, true)
		if err != nil {
			return left, err
		}
		changes = append(changes, cs...)
		i = j
	}
	tx, err := a.db.BeginTx(ctx, nil)
	if err != nil {
		return left, fmt.Errorf("archive: recompute %s: %w", profile, err)
	}
	defer func() { _ = tx.Rollback() }()
	if _, err := tx.ExecContext(ctx, `DELETE FROM archive_ratings WHERE profile = $1`, profile); err != nil {
		return left, fmt.Errorf("archive: recompute %s: %w", profile, err)
	}
	for _, c := range changes {
		if _, err := tx.ExecContext(ctx, `INSERT INTO archive_ratings
			(player, profile, at, race, rating, deviation, volatility, games, rating_before, deviation_before)
			VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10)`,
			c.Player, c.Profile, c.At.UnixMilli(), c.Race, c.After.Rating, c.After.Deviation, c.After.Volatility,
			c.After.Games, c.Before.Rating, c.Before.Deviation); err != nil {
			return left, fmt.Errorf("archive: recompute %s: %w", profile, err)
		}
	}
	if err := tx.Commit(); err != nil {
		return left, fmt.Errorf("archive: recompute %s: %w", profile, err)
	}
	return left, nil
}
