package archive

import (
	"context"
	"database/sql"
	"errors"
	"fmt"
	"time"

	"github.com/solitaire-race/racer/match/arena"
)

// ArenaEntry is one line of a player's arenas: the arena, the player's
// final line in it and how many played it.
type ArenaEntry struct {
	Arena arena.Arena
	// Standing is the player's final line: rank, points, races, wins.
	Standing arena.Standing
	// Players is the number of lines of the final standings: the N of
	// "rank R of N".
	Players int
}

// SaveArena implements Archive.
func (a *SQL) SaveArena(ctx context.Context, ar arena.Arena, standings []arena.Standing) (bool, error) {
	if ar.ID == "" {
		return false, errors.New("archive: SaveArena of an arena without an ID")
	}
	tx, err := a.db.BeginTx(ctx, nil)
	if err != nil {
		return false, fmt.Errorf("archive: save arena %s: %w", ar.ID, err)
	}
	defer func() { _ = tx.Rollback() }()
	end := ar.End().UnixMilli()
	res, err := tx.ExecContext(ctx, `INSERT INTO archive_arenas (id, name, profile, start_at, end_at, race_size, every_ms, rated, host, private, players)
		VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10, $11) ON CONFLICT (id) DO NOTHING`,
		ar.ID, ar.Name, ar.Profile, ar.Start.UnixMilli(), end, ar.RaceSize, ar.Every.Milliseconds(), b2i(ar.Rated), ar.Host, b2i(ar.Private), len(standings))
	if err != nil {
		return false, fmt.Errorf("archive: save arena %s: %w", ar.ID, err)
	}
	if n, err := res.RowsAffected(); err != nil || n == 0 {
		return false, err
	}
	for _, s := range standings {
		if _, err := tx.ExecContext(ctx, `INSERT INTO archive_arena_players
			(arena, player, end_at, place, name, bot, points, races, wins, streak, cards, withdrawn)
			VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10, $11, $12) ON CONFLICT DO NOTHING`,
			ar.ID, s.Player, end, s.Rank, s.Name, b2i(s.Bot), s.Points, s.Races, s.Wins, s.Streak, s.Cards, b2i(s.Withdrawn)); err != nil {
			return false, fmt.Errorf("archive: save arena %s: %w", ar.ID, err)
		}
	}
	if err := tx.Commit(); err != nil {
		return false, fmt.Errorf("archive: save arena %s: %w", ar.ID, err)
	}
	return true, nil
}

func b2i(b bool) int {
	if b {
		return 1
	}
	return 0
}

const arenaCols = `a.id, a.name, a.profile, a.start_at, a.end_at, a.race_size, a.every_ms, a.rated, a.host, a.private, a.players`

func scanArena(dst []any) (func() (arena.Arena, int), []any) {
	var ar arena.Arena
	var start, end, every int64
	var rated, private, players int
	dst = append(dst, &ar.ID, &ar.Name, &ar.Profile, &start, &end, &ar.RaceSize, &every, &rated, &ar.Host, &private, &players)
	return func() (arena.Arena, int) {
		ar.Start = time.UnixMilli(start).UTC()
		ar.Every = time.Duration(every) * time.Millisecond
		ar.Duration = time.Duration(end-start) * time.Millisecond
		ar.Rated, ar.Private = rated == 1, private == 1
		return ar, players
	}, dst
}

const standingCols = `p.player, p.place, p.name, p.bot, p.points, p.races, p.wins, p.streak, p.cards, p.withdrawn`

func scanStanding(dst []any) (func() arena.Standing, []any) {
	var s arena.Standing
	var bot, wd int
	dst = append(dst, &s.Player, &s.Rank, &s.Name, &bot, &s.Points, &s.Races, &s.Wins, &s.Streak, &s.Cards, &wd)
	return func() arena.Standing {
		s.Bot, s.Withdrawn = bot == 1, wd == 1
		s.Perf, s.Fire = s.Score.Performance(), s.OnFire()
		return s
	}, dst
}

// LoadArena implements Archive.
func (a *SQL) LoadArena(ctx context.Context, id string) (arena.Arena, []arena.Standing, error) {
	done, dst := scanArena(nil)
	err := a.db.QueryRowContext(ctx, `SELECT `+arenaCols+` FROM archive_arenas a WHERE a.id = $1`, id).Scan(dst...)
	if errors.Is(err, sql.ErrNoRows) {
		return arena.Arena{}, nil, fmt.Errorf("%w: arena %s", ErrNotFound, id)
	}
	if err != nil {
		return arena.Arena{}, nil, fmt.Errorf("archive: load arena %s: %w", id, err)
	}
	ar, _ := done()
	rows, err := a.db.QueryContext(ctx, `SELECT `+standingCols+` FROM archive_arena_players p
		WHERE p.arena = $1 ORDER BY p.place, p.player`, id)
	if err != nil {
		return arena.Arena{}, nil, fmt.Errorf("archive: load arena %s: %w", id, err)
	}
	defer rows.Close()
	st := []arena.Standing{}
	for rows.Next() {
		sdone, sdst := scanStanding(nil)
		if err := rows.Scan(sdst...); err != nil {
			return arena.Arena{}, nil, fmt.Errorf("archive: load arena %s: %w", id, err)
		}
		st = append(st, sdone())
	}
	if err := rows.Err(); err != nil {
		return arena.Arena{}, nil, fmt.Errorf("archive: load arena %s: %w", id, err)
	}
	return ar, st, nil
}

// PlayerArenas implements Archive.
func (a *SQL) PlayerArenas(ctx context.Context, player string, page Page) ([]ArenaEntry, error) {
	rows, err := a.db.QueryContext(ctx, `SELECT `+arenaCols+`, `+standingCols+`
		FROM archive_arena_players p JOIN archive_arenas a ON a.id = p.arena
		WHERE p.player = $1 AND a.private = 0
		ORDER BY p.end_at DESC, p.arena DESC LIMIT $2 OFFSET $3`, player, page.limit(), max(page.Offset, 0))
	if err != nil {
		return nil, fmt.Errorf("archive: arenas of %s: %w", player, err)
	}
	defer rows.Close()
	var out []ArenaEntry
	for rows.Next() {
		adone, dst := scanArena(nil)
		sdone, dst := scanStanding(dst)
		if err := rows.Scan(dst...); err != nil {
			return nil, fmt.Errorf("archive: arenas of %s: %w", player, err)
		}
		var e ArenaEntry
		e.Arena, e.Players = adone()
		e.Standing = sdone()
		out = append(out, e)
	}
	return out, rows.Err()
}
