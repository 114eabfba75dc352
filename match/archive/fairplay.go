package archive

import (
	"context"
	"database/sql"
	"errors"
	"fmt"
	"strings"
	"time"
)

// The fair-play records of the archive: each racer's signals (Signals,
// written once their race is archived), players' reports of races, and
// the accounts a moderator marked for cheating (Annul, annul.go).

// SaveSignals writes the signals of a race's racers, replacing any
// written before for the same race and player.
func (a *SQL) SaveSignals(ctx context.Context, ss []Signals) error {
	if len(ss) == 0 {
		return nil
	}
	tx, err := a.db.BeginTx(ctx, nil)
	if err != nil {
		return fmt.Errorf("archive: save signals: %w", err)
	}
	defer func() { _ = tx.Rollback() }()
	for _, s := range ss {
		if _, err := tx.ExecContext(ctx, `INSERT INTO archive_fairplay (race, player, profile, finished_at, actions,
			median_ms, spread_ms, quick_run, peak_moves, revealed, sampled, agreed, agreement, divergent, beyond_view,
			partner, linked, flags, flagged)
			VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10, $11, $12, $13, $14, $15, $16, $17, $18, $19)
			ON CONFLICT (race, player) DO UPDATE SET actions = excluded.actions,
			median_ms = excluded.median_ms, spread_ms = excluded.spread_ms, quick_run = excluded.quick_run,
			peak_moves = excluded.peak_moves, revealed = excluded.revealed, sampled = excluded.sampled,
			agreed = excluded.agreed, agreement = excluded.agreement, divergent = excluded.divergent,
			beyond_view = excluded.beyond_view, partner = excluded.partner,
			linked = excluded.linked, flags = excluded.flags, flagged = excluded.flagged`,
			s.Race, s.Player, s.Profile, s.FinishedAt.UnixMilli(), s.Actions, s.MedianMs, s.SpreadMs, s.QuickRun,
			s.PeakMoves, s.Revealed, s.Sampled, s.Agreed, s.Agreement, s.Divergent, s.BeyondView, s.Partner, b2i(s.Linked),
			strings.Join(s.Flags, ","), b2i(s.Flagged())); err != nil {
			return fmt.Errorf("archive: save signals of %s in %s: %w", s.Player, s.Race, err)
		}
	}
	if err := tx.Commit(); err != nil {
		return fmt.Errorf("archive: save signals: %w", err)
	}
	return nil
}

// signalCols are the columns scanSignals reads, of archive_fairplay f;
// the name is the racer's row's (which an account's erasure renames).
const signalCols = `f.race, f.player, f.profile, f.finished_at,
	COALESCE((SELECT p.name FROM archive_race_players p WHERE p.race = f.race AND p.player = f.player), ''),
	f.actions, f.median_ms, f.spread_ms, f.quick_run, f.peak_moves, f.revealed, f.sampled, f.agreed, f.agreement,
	f.divergent, f.beyond_view, f.partner, f.linked, f.flags`

func scanSignals(rows *sql.Rows) ([]Signals, error) {
	defer rows.Close()
	var out []Signals
	for rows.Next() {
		var s Signals
		var ms int64
		var linked int
		var flags string
		if err := rows.Scan(&s.Race, &s.Player, &s.Profile, &ms, &s.Name, &s.Actions, &s.MedianMs, &s.SpreadMs, &s.QuickRun,
			&s.PeakMoves, &s.Revealed, &s.Sampled, &s.Agreed, &s.Agreement, &s.Divergent, &s.BeyondView, &s.Partner, &linked, &flags); err != nil {
			return nil, fmt.Errorf("archive: signals: %w", err)
		}
		s.FinishedAt, s.Linked = time.UnixMilli(ms).UTC(), linked == 1
		if flags != "" {
			s.Flags = strings.Split(flags, ",")
		}
		out = append(out, s)
	}
	return out, rows.Err()
}

// RaceSignals returns the signals of race's racers (none before they
// are computed).
func (a *SQL) RaceSignals(ctx context.Context, race string) ([]Signals, error) {
	rows, err := a.db.QueryContext(ctx, `SELECT `+signalCols+` FROM archive_fairplay f WHERE f.race = $1 ORDER BY f.player`, race)
	if err != nil {
		return nil, fmt.Errorf("archive: signals of %s: %w", race, err)
	}
	return scanSignals(rows)
}

// PlayerSignals returns player's signals, the latest races first, page
// by page (Limit and Offset).
func (a *SQL) PlayerSignals(ctx context.Context, player string, page Page) ([]Signals, error) {
	rows, err := a.db.QueryContext(ctx, `SELECT `+signalCols+` FROM archive_fairplay f WHERE f.player = $1
		ORDER BY f.finished_at DESC, f.race DESC LIMIT $2 OFFSET $3`, player, page.limit(), max(page.Offset, 0))
	if err != nil {
		return nil, fmt.Errorf("archive: signals of %s: %w", player, err)
	}
	return scanSignals(rows)
}

// FlaggedSignals returns the flagged signals of every racer, the latest
// races first, page by page (Limit and Offset).
func (a *SQL) FlaggedSignals(ctx context.Context, page Page) ([]Signals, error) {
	rows, err := a.db.QueryContext(ctx, `SELECT `+signalCols+` FROM archive_fairplay f WHERE f.flagged = 1
		ORDER BY f.finished_at DESC, f.race DESC, f.player LIMIT $1 OFFSET $2`, page.limit(), max(page.Offset, 0))
	if err != nil {
		return nil, fmt.Errorf("archive: flagged signals: %w", err)
	}
	return scanSignals(rows)
}

// Flagged is one player in the review's list: how many of their races
// were flagged, and reported.
type Flagged struct {
	Player string
	// Name is the name of their latest flagged race.
	Name string
	// Races counts their flagged races, Reports the reports of races
	// they raced in.
	Races, Reports int
	// Latest is the end of their latest flagged race.
	Latest time.Time
	// Annulled reports that a moderator marked them (Annul).
	Annulled bool
}

// FlaggedPlayers returns the players with flagged races, the most
// flagged races first, page by page (Limit and Offset).
func (a *SQL) FlaggedPlayers(ctx context.Context, page Page) ([]Flagged, error) {
	rows, err := a.db.QueryContext(ctx, `SELECT f.player, COUNT(*), MAX(f.finished_at),
		(SELECT COUNT(*) FROM archive_reports r JOIN archive_race_players p ON p.race = r.race WHERE p.player = f.player),
		(SELECT COUNT(*) FROM archive_annulled x WHERE x.player = f.player)
		FROM archive_fairplay f WHERE f.flagged = 1 GROUP BY f.player
		ORDER BY COUNT(*) DESC, MAX(f.finished_at) DESC, f.player LIMIT $1 OFFSET $2`, page.limit(), max(page.Offset, 0))
	if err != nil {
		return nil, fmt.Errorf("archive: flagged players: %w", err)
	}
	var out []Flagged
	for rows.Next() {
		var f Flagged
		var ms int64
		var annulled int
		if err := rows.Scan(&f.Player, &f.Races, &ms, &f.Reports, &annulled); err != nil {
			rows.Close()
			return nil, fmt.Errorf("archive: flagged players: %w", err)
		}
		f.Latest, f.Annulled = time.UnixMilli(ms).UTC(), annulled > 0
		out = append(out, f)
	}
	rows.Close()
	if err := rows.Err(); err != nil {
		return nil, err
	}
	for i := range out {
		err := a.db.QueryRowContext(ctx, `SELECT p.name FROM archive_fairplay f
			JOIN archive_race_players p ON p.race = f.race AND p.player = f.player
			WHERE f.player = $1 AND f.flagged = 1 ORDER BY f.finished_at DESC LIMIT 1`, out[i].Player).Scan(&out[i].Name)
		if err != nil && !errors.Is(err, sql.ErrNoRows) {
			return nil, fmt.Errorf("archive: flagged players: %w", err)
		}
	}
	return out, nil
}

// Report is one player's report of a race.
type Report struct {
	ID       int64
	Race     string
	Reporter string
	Reason   string
	At       time.Time
}

// The reasons a report may give (Report.Reason).
var ReportReasons = []string{"too_fast", "engine", "second_seat", "other"}

// Errors of reports.
var (
	// ErrReported reports a second report of one race by one player.
	ErrReported = errors.New("archive: you reported this race already")
	// ErrReason reports a reason that is not one of ReportReasons.
	ErrReason = errors.New("archive: unknown report reason")
)

// SaveReport records r (its ID and At are set here, At from now). A
// player reports a race once (ErrReported); the race must be archived
// (ErrNotFound).
func (a *SQL) SaveReport(ctx context.Context, r Report, now time.Time) (Report, error) {
	ok := false
	for _, x := range ReportReasons {
		ok = ok || x == r.Reason
	}
	if !ok {
		return Report{}, fmt.Errorf("%w %q", ErrReason, r.Reason)
	}
	if has, err := a.Has(ctx, r.Race); err != nil {
		return Report{}, fmt.Errorf("archive: report: %w", err)
	} else if !has {
		return Report{}, fmt.Errorf("%w: %s", ErrNotFound, r.Race)
	}
	r.At = now.UTC().Truncate(time.Millisecond)
	err := a.db.QueryRowContext(ctx, `INSERT INTO archive_reports (race, reporter, reason, at) VALUES ($1, $2, $3, $4)
		ON CONFLICT (race, reporter) DO NOTHING RETURNING id`, r.Race, r.Reporter, r.Reason, r.At.UnixMilli()).Scan(&r.ID)
	if errors.Is(err, sql.ErrNoRows) {
		return Report{}, ErrReported
	}
	if err != nil {
		return Report{}, fmt.Errorf("archive: report: %w", err)
	}
	return r, nil
}

// Reports returns the reports, the latest first, page by page (Limit
// and Offset).
func (a *SQL) Reports(ctx context.Context, page Page) ([]Report, error) {
	rows, err := a.db.QueryContext(ctx, `SELECT id, race, reporter, reason, at FROM archive_reports
		ORDER BY at DESC, id DESC LIMIT $1 OFFSET $2`, page.limit(), max(page.Offset, 0))
	if err != nil {
		return nil, fmt.Errorf("archive: reports: %w", err)
	}
	defer rows.Close()
	var out []Report
	for rows.Next() {
		var r Report
		var ms int64
		if err := rows.Scan(&r.ID, &r.Race, &r.Reporter, &r.Reason, &ms); err != nil {
			return nil, fmt.Errorf("archive: reports: %w", err)
		}
		r.At = time.UnixMilli(ms).UTC()
		out = append(out, r)
	}
	return out, rows.Err()
}
