package archive

import (
	"context"
	"database/sql"
	"errors"
	"fmt"
	"slices"
	"sync/atomic"
	"time"

	"github.com/solitaire-race/racer/match"
	"github.com/solitaire-race/racer/match/game"
	"github.com/solitaire-race/racer/match/rating"
	"github.com/solitaire-race/racer/match/replay"
)

// dialect is what differs between the databases: the driver, the
// migrations' directory and the lock that serializes migrations.
type dialect struct {
	// name is the directory of the migrations ("postgres", "sqlite").
	name string
	// lock is run first in the migration's transaction ("" when the
	// transaction itself serializes writers).
	lock string
}

// SQL is an Archive in a SQL database: PostgreSQL or an SQLite file. Open
// gives it the games whose races it keeps; OpenPostgres and OpenSQLite
// open the database alone, for the stores that share it (accounts), and
// its races then neither save nor load (ErrNoGames). It is safe for
// concurrent use.
type SQL struct {
	db      *sql.DB
	dialect *dialect
	version int
	// games code the records (codec.go); nil for the database alone.
	games *game.Registry
	// rateGuests puts guests' daily wins back on the boards too
	// (SetRateGuests).
	rateGuests atomic.Bool
}

var _ Archive = (*SQL)(nil)

// newSQL migrates db and returns the archive on it; it closes db on an
// error.
func newSQL(ctx context.Context, db *sql.DB, d *dialect) (*SQL, error) {
	v, err := migrate(ctx, db, d)
	if err != nil {
		_ = db.Close()
		return nil, err
	}
	return &SQL{db: db, dialect: d, version: v}, nil
}

// Dialect names the database: "postgres" or "sqlite".
func (a *SQL) Dialect() string { return a.dialect.name }

// Version returns the schema version that Open left the database at.
func (a *SQL) Version() int { return a.version }

// DB returns the database, for tests and tools.
func (a *SQL) DB() *sql.DB { return a.db }

// Close implements Archive.
func (a *SQL) Close() error { return a.db.Close() }

// Save implements replay.Store: it writes the race of rp unless its ID is
// archived already, and reports whether this call wrote it.
func (a *SQL) Save(ctx context.Context, rp replay.Replay) (bool, error) {
	n, err := a.SaveAll(ctx, []replay.Replay{rp})
	return n == 1, err
}

// SaveAll writes the races of rps that are not archived yet, in one
// transaction (much faster than one Save each: a tool that archives many
// races at once), and returns how many it wrote.
func (a *SQL) SaveAll(ctx context.Context, rps []replay.Replay) (int, error) {
	if a.games == nil {
		return 0, ErrNoGames
	}
	tx, err := a.db.BeginTx(ctx, nil)
	if err != nil {
		return 0, fmt.Errorf("archive: save: %w", err)
	}
	defer func() { _ = tx.Rollback() }()
	n := 0
	for _, rp := range rps {
		first, err := saveTx(ctx, tx, a.games, rp)
		if err != nil {
			return 0, err
		}
		if first {
			n++
		}
	}
	if err := tx.Commit(); err != nil {
		return 0, fmt.Errorf("archive: save: %w", err)
	}
	return n, nil
}

// saveTx writes the race of rp, coded by games, in tx unless its ID is
// archived already.
func saveTx(ctx context.Context, tx *sql.Tx, games *game.Registry, rp replay.Replay) (bool, error) {
	if rp.Race == "" {
		return false, errors.New("archive: Save of a replay without a race ID")
	}
	rec, err := Encode(games, rp)
	if err != nil {
		return false, err
	}
	fin := rp.Result.FinishedAt.UTC()
	ms := fin.UnixMilli()
	res, err := tx.ExecContext(ctx, `INSERT INTO archive_races (id, profile, day, finished_at, racers, record)
		VALUES ($1, $2, $3, $4, $5, $6) ON CONFLICT (id) DO NOTHING`,
		rp.Race, rp.Profile, fin.Format(time.DateOnly), ms, len(rp.Racers), rec)
	if err != nil {
		return false, fmt.Errorf("archive: save %s: %w", rp.Race, err)
	}
	if n, err := res.RowsAffected(); err != nil || n == 0 {
		return false, err
	}
	for _, s := range rp.Result.Standings {
		var played int64
		if !s.EndedAt.IsZero() && !rp.StartAt.IsZero() {
			played = s.EndedAt.Sub(rp.StartAt).Milliseconds()
		} else if as := rp.Actions[s.Player]; len(as) > 0 {
			played = as[len(as)-1].Ms
		}
		tied := false
		for _, o := range rp.Result.Standings {
			tied = tied || (o.Player != s.Player && o.Place == s.Place)
		}
		if _, err := tx.ExecContext(ctx, `INSERT INTO archive_race_players (player, finished_at, race, place, status, name, cards_home, time_ms, tied)
			VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9) ON CONFLICT DO NOTHING`,
			s.Player, ms, rp.Race, s.Place, string(s.Status), s.Name, s.Foundation, played, b2i(tied)); err != nil {
			return false, fmt.Errorf("archive: save %s: %w", rp.Race, err)
		}
	}
	return true, nil
}

// Load implements replay.Store.
func (a *SQL) Load(ctx context.Context, race string) (replay.Replay, error) {
	var rec []byte
	err := a.db.QueryRowContext(ctx, `SELECT record FROM archive_races WHERE id = $1`, race).Scan(&rec)
	if errors.Is(err, sql.ErrNoRows) {
		return replay.Replay{}, fmt.Errorf("%w: %s", ErrNotFound, race)
	}
	if err != nil {
		return replay.Replay{}, fmt.Errorf("archive: load %s: %w", race, err)
	}
	rp, err := Decode(a.games, rec)
	if err != nil {
		return replay.Replay{}, fmt.Errorf("archive: load %s: %w", race, err)
	}
	return rp, nil
}

// Has reports whether race is archived.
func (a *SQL) Has(ctx context.Context, race string) (bool, error) {
	var n int
	err := a.db.QueryRowContext(ctx, `SELECT COUNT(*) FROM archive_races WHERE id = $1`, race).Scan(&n)
	return n > 0, err
}

// PlayerRaces implements Archive.
func (a *SQL) PlayerRaces(ctx context.Context, player string, page Page) ([]Entry, error) {
	q := `SELECT r.id, r.profile, r.finished_at, r.racers, p.place, p.status, p.name, p.cards_home, p.time_ms,
		p.tied, g.rating_before, g.rating
		FROM archive_race_players p JOIN archive_races r ON r.id = p.race
		LEFT JOIN archive_ratings g ON g.player = p.player AND g.profile = r.profile AND g.at = p.finished_at AND g.race = p.race
		WHERE p.player = $1`
	args := []any{player}
	if !page.After.IsZero() {
		q += ` AND (p.finished_at < $2 OR (p.finished_at = $2 AND p.race < $3))`
		args = append(args, page.After.FinishedAt.UnixMilli(), page.After.Race)
	}
	q += fmt.Sprintf(` ORDER BY p.finished_at DESC, p.race DESC LIMIT $%d OFFSET $%d`, len(args)+1, len(args)+2)
	rows, err := a.db.QueryContext(ctx, q, append(args, page.limit(), max(page.Offset, 0))...)
	if err != nil {
		return nil, fmt.Errorf("archive: races of %s: %w", player, err)
	}
	return scanEntries(rows, true)
}

// DayRaces implements Archive.
func (a *SQL) DayRaces(ctx context.Context, profile string, day time.Time, page Page) ([]Entry, error) {
	q := `SELECT id, profile, finished_at, racers FROM archive_races WHERE profile = $1 AND day = $2`
	args := []any{profile, day.UTC().Format(time.DateOnly)}
	if !page.After.IsZero() {
		q += ` AND (finished_at < $3 OR (finished_at = $3 AND id < $4))`
		args = append(args, page.After.FinishedAt.UnixMilli(), page.After.Race)
	}
	q += fmt.Sprintf(` ORDER BY finished_at DESC, id DESC LIMIT $%d OFFSET $%d`, len(args)+1, len(args)+2)
	rows, err := a.db.QueryContext(ctx, q, append(args, page.limit(), max(page.Offset, 0))...)
	if err != nil {
		return nil, fmt.Errorf("archive: races of %s on %s: %w", profile, day.Format(time.DateOnly), err)
	}
	return scanEntries(rows, false)
}

func scanEntries(rows *sql.Rows, player bool) ([]Entry, error) {
	defer rows.Close()
	var out []Entry
	for rows.Next() {
		var e Entry
		var ms, played int64
		var tied int
		var status string
		var before, after sql.NullFloat64
		dst := []any{&e.Race, &e.Profile, &ms, &e.Racers}
		if player {
			dst = append(dst, &e.Place, &status, &e.Name, &e.CardsHome, &played, &tied, &before, &after)
		}
		if err := rows.Scan(dst...); err != nil {
			return nil, err
		}
		e.FinishedAt, e.Status = time.UnixMilli(ms).UTC(), match.Status(status)
		e.Time, e.Tied = time.Duration(played)*time.Millisecond, tied == 1
		e.Rated, e.RatingBefore, e.RatingAfter = before.Valid && after.Valid, before.Float64, after.Float64
		out = append(out, e)
	}
	return out, rows.Err()
}

// PlayerName implements Archive.
func (a *SQL) PlayerName(ctx context.Context, player string) (string, bool, error) {
	var name string
	err := a.db.QueryRowContext(ctx, `SELECT name FROM archive_race_players WHERE player = $1
		ORDER BY finished_at DESC, race DESC LIMIT 1`, player).Scan(&name)
	if errors.Is(err, sql.ErrNoRows) {
		return "", false, nil
	}
	if err != nil {
		return "", false, fmt.Errorf("archive: name of %s: %w", player, err)
	}
	return name, true, nil
}

// SaveRatings implements Archive.
func (a *SQL) SaveRatings(ctx context.Context, changes []rating.Change) error {
	if len(changes) == 0 {
		return nil
	}
	tx, err := a.db.BeginTx(ctx, nil)
	if err != nil {
		return fmt.Errorf("archive: save ratings: %w", err)
	}
	defer func() { _ = tx.Rollback() }()
	for _, c := range changes {
		if _, err := tx.ExecContext(ctx, `INSERT INTO archive_ratings
			(player, profile, at, race, rating, deviation, volatility, games, rating_before, deviation_before)
			VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10) ON CONFLICT DO NOTHING`,
			c.Player, c.Profile, c.At.UnixMilli(), c.Race, c.After.Rating, c.After.Deviation, c.After.Volatility,
			c.After.Games, c.Before.Rating, c.Before.Deviation); err != nil {
			return fmt.Errorf("archive: save rating of %s in %s: %w", c.Player, c.Race, err)
		}
	}
	if err := tx.Commit(); err != nil {
		return fmt.Errorf("archive: save ratings: %w", err)
	}
	return nil
}

// RatingHistory implements Archive.
func (a *SQL) RatingHistory(ctx context.Context, player, profile string, n int) ([]rating.Change, error) {
	n = min(max(n, 0), MaxHistory)
	rows, err := a.db.QueryContext(ctx, `SELECT at, race, rating, deviation, volatility, games, rating_before, deviation_before
		FROM archive_ratings WHERE player = $1 AND profile = $2 ORDER BY at DESC, race DESC LIMIT $3`, player, profile, n)
	if err != nil {
		return nil, fmt.Errorf("archive: rating history of %s: %w", player, err)
	}
	defer rows.Close()
	var out []rating.Change
	for rows.Next() {
		c := rating.Change{Player: player, Profile: profile}
		var ms int64
		if err := rows.Scan(&ms, &c.Race, &c.After.Rating, &c.After.Deviation, &c.After.Volatility, &c.After.Games,
			&c.Before.Rating, &c.Before.Deviation); err != nil {
			return nil, err
		}
		c.At = time.UnixMilli(ms).UTC()
		c.After.Updated = c.At
		out = append(out, c)
	}
	if err := rows.Err(); err != nil {
		return nil, err
	}
	slices.Reverse(out)
	return out, nil
}
