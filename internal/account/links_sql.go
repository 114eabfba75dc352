package account

import (
	"context"
	"fmt"
	"time"
)

var _ LinkStore = (*SQLStore)(nil)

// RecordEvidence implements LinkStore.
func (s *SQLStore) RecordEvidence(ctx context.Context, player string, ev []Evidence, at time.Time) error {
	for _, e := range ev {
		if _, err := s.db.ExecContext(ctx, `INSERT INTO account_evidence (player, kind, value, seen_at) VALUES ($1, $2, $3, $4)
			ON CONFLICT (player, kind, value) DO UPDATE SET seen_at = excluded.seen_at`, player, e.Kind, e.Value, ms(at)); err != nil {
			return fmt.Errorf("account: record evidence: %w", err)
		}
	}
	return nil
}

// AddLink implements LinkStore.
func (s *SQLStore) AddLink(ctx context.Context, older, newer, kind string, at time.Time) error {
	if _, err := s.db.ExecContext(ctx, `INSERT INTO account_links (a, b, kind, created_at) VALUES ($1, $2, $3, $4)
		ON CONFLICT (a, b, kind) DO NOTHING`, older, newer, kind, ms(at)); err != nil {
		return fmt.Errorf("account: add link: %w", err)
	}
	return nil
}

// Links implements LinkStore.
func (s *SQLStore) Links(ctx context.Context, player string, since map[string]time.Time) ([]Link, error) {
	var out []Link
	for kind, t := range since {
		rows, err := s.db.QueryContext(ctx, `SELECT DISTINCT o.player FROM account_evidence m
			JOIN account_evidence o ON o.kind = m.kind AND o.value = m.value AND o.player <> m.player
			WHERE m.player = $1 AND m.kind = $2 AND m.seen_at >= $3 AND o.seen_at >= $3`, player, kind, ms(t))
		if err != nil {
			return nil, fmt.Errorf("account: links: %w", err)
		}
		out, err = scanLinks(rows, kind, out)
		if err != nil {
			return nil, err
		}
	}
	rows, err := s.db.QueryContext(ctx, `SELECT b, kind FROM account_links WHERE a = $1 UNION SELECT a, kind FROM account_links WHERE b = $1`, player)
	if err != nil {
		return nil, fmt.Errorf("account: links: %w", err)
	}
	defer rows.Close()
	for rows.Next() {
		var l Link
		if err := rows.Scan(&l.Player, &l.Kind); err != nil {
			return nil, fmt.Errorf("account: links: %w", err)
		}
		out = append(out, l)
	}
	if err := rows.Err(); err != nil {
		return nil, fmt.Errorf("account: links: %w", err)
	}
	return out, nil
}

func scanLinks(rows interface {
	Next() bool
	Scan(...any) error
	Err() error
	Close() error
}, kind string, out []Link) ([]Link, error) {
	defer rows.Close()
	for rows.Next() {
		l := Link{Kind: kind}
		if err := rows.Scan(&l.Player); err != nil {
			return nil, fmt.Errorf("account: links: %w", err)
		}
		out = append(out, l)
	}
	if err := rows.Err(); err != nil {
		return nil, fmt.Errorf("account: links: %w", err)
	}
	return out, nil
}

// PurgeEvidence implements LinkStore.
func (s *SQLStore) PurgeEvidence(ctx context.Context, before map[string]time.Time) (int64, error) {
	var n int64
	for kind, t := range before {
		r, err := s.db.ExecContext(ctx, `DELETE FROM account_evidence WHERE kind = $1 AND seen_at < $2`, kind, ms(t))
		if err != nil {
			return n, fmt.Errorf("account: purge evidence: %w", err)
		}
		k, _ := r.RowsAffected()
		n += k
	}
	return n, nil
}
