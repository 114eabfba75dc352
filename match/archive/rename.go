package archive

import (
	"context"
	"fmt"
)

// RenamePlayer gives player the name name in every archived race and
// arena: the racers' rows, the races' records (roster and standings) and
// the arenas' standings. An account deleted keeps its races so, under an
// anonymous name (account.Service's Erase). Each race is rewritten in
// one transaction with the rest.
func (a *SQL) RenamePlayer(ctx context.Context, player, name string) error {
	tx, err := a.db.BeginTx(ctx, nil)
	if err != nil {
		return fmt.Errorf("archive: rename: %w", err)
	}
	defer func() { _ = tx.Rollback() }()
	rows, err := tx.QueryContext(ctx, `SELECT r.id, r.record FROM archive_races r
		JOIN archive_race_players p ON p.race = r.id WHERE p.player = $1`, player)
	if err != nil {
		return fmt.Errorf("archive: rename: %w", err)
	}
	type rec struct {
		id     string
		record []byte
	}
	var recs []rec
	for rows.Next() {
		var x rec
		if err := rows.Scan(&x.id, &x.record); err != nil {
			rows.Close()
			return fmt.Errorf("archive: rename: %w", err)
		}
		recs = append(recs, x)
	}
	rows.Close()
	if err := rows.Err(); err != nil {
		return fmt.Errorf("archive: rename: %w", err)
	}
	for _, x := range recs {
		rp, err := Decode(a.games, x.record)
		if err != nil {
			return fmt.Errorf("archive: rename: race %s: %w", x.id, err)
		}
		for i := range rp.Racers {
			if rp.Racers[i].ID == player {
				rp.Racers[i].Name = name
			}
		}
		for i := range rp.Result.Standings {
			if rp.Result.Standings[i].Player == player {
				rp.Result.Standings[i].Name = name
			}
		}
		b, err := Encode(a.games, rp)
		if err != nil {
			return fmt.Errorf("archive: rename: race %s: %w", x.id, err)
		}
		if _, err := tx.ExecContext(ctx, `UPDATE archive_races SET record = $1 WHERE id = $2`, b, x.id); err != nil {
			return fmt.Errorf("archive: rename: %w", err)
		}
	}
	for _, q := range []string{
		`UPDATE archive_race_players SET name = $1 WHERE player = $2`,
		`UPDATE archive_arena_players SET name = $1 WHERE player = $2`,
	} {
		if _, err := tx.ExecContext(ctx, q, name, player); err != nil {
			return fmt.Errorf("archive: rename: %w", err)
		}
	}
	if err := tx.Commit(); err != nil {
		return fmt.Errorf("archive: rename: %w", err)
	}
	return nil
}
