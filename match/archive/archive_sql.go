package archive

import (
	"context"
	"database/sql"
	"errors"
	"fmt"
	"time"

	"github.com/solitaire-race/racer/match"
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

// SQL is an Archive in a SQL database: PostgreSQL (OpenPostgres) or an
// SQLite file (OpenSQLite). It is safe for concurrent use.
type SQL struct {
	db      *sql.DB
	dialect *dialect
	version int
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
	if rp.Race == "" {
		return false, errors.New("archive: Save of a replay without a race ID")
	}
	rec, err := Encode(rp)
	if err != nil {
		return false, err
	}
	fin := rp.Result.FinishedAt.UTC()
	ms := fin.UnixMilli()
	tx, err := a.db.BeginTx(ctx, nil)
	if err != nil {
		return false, fmt.Errorf("archive: save %s: %w", rp.Race, err)
	}
	defer func() { _ = tx.Rollback() }()
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
		if _, err := tx.ExecContext(ctx, `INSERT INTO archive_race_players (player, finished_at, race, place, status)
			VALUES ($1, $2, $3, $4, $5) ON CONFLICT DO NOTHING`,
			s.Player, ms, rp.Race, s.Place, string(s.Status)); err != nil {
			return false, fmt.Errorf("archive: save %s: %w", rp.Race, err)
		}
	}
	if err := tx.Commit(); err != nil {
		return false, fmt.Errorf("archive: save %s: %w", rp.Race, err)
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
	rp, err := Decode(rec)
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
	rows, err := a.db.QueryContext(ctx, `SELECT r.id, r.profile, r.finished_at, r.racers, p.place, p.status
		FROM archive_race_players p JOIN archive_races r ON r.id = p.race
		WHERE p.player = $1 ORDER BY p.finished_at DESC, p.race DESC LIMIT $2 OFFSET $3`,
		player, page.limit(), max(page.Offset, 0))
	if err != nil {
		return nil, fmt.Errorf("archive: races of %s: %w", player, err)
	}
	return scanEntries(rows, true)
}

// DayRaces implements Archive.
func (a *SQL) DayRaces(ctx context.Context, profile string, day time.Time, page Page) ([]Entry, error) {
	rows, err := a.db.QueryContext(ctx, `SELECT id, profile, finished_at, racers FROM archive_races
		WHERE profile = $1 AND day = $2 ORDER BY finished_at DESC, id DESC LIMIT $3 OFFSET $4`,
		profile, day.UTC().Format(time.DateOnly), page.limit(), max(page.Offset, 0))
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
		var ms int64
		var status string
		dst := []any{&e.Race, &e.Profile, &ms, &e.Racers}
		if player {
			dst = append(dst, &e.Place, &status)
		}
		if err := rows.Scan(dst...); err != nil {
			return nil, err
		}
		e.FinishedAt, e.Status = time.UnixMilli(ms).UTC(), match.Status(status)
		out = append(out, e)
	}
	return out, rows.Err()
}
