package account

import (
	"context"
	"errors"
	"fmt"
	"time"
)

// ErrNoModerators reports a store that keeps no moderator roles.
var ErrNoModerators = errors.New("account: this store keeps no moderators")

// ModeratorStore keeps the moderator role: the accounts that may read
// the fair-play review and mark accounts. SQLStore is one.
type ModeratorStore interface {
	// SetModerator grants (on) or revokes the role of player's account
	// (ErrNotFound when there is no such account) and reports whether
	// it changed anything.
	SetModerator(ctx context.Context, player string, on bool, now time.Time) (bool, error)
	// IsModerator reports whether player's account has the role.
	IsModerator(ctx context.Context, player string) (bool, error)
	// Moderators returns the moderators' accounts, by username.
	Moderators(ctx context.Context) ([]Account, error)
}

var _ ModeratorStore = (*SQLStore)(nil)

// SetModerator implements ModeratorStore.
func (s *SQLStore) SetModerator(ctx context.Context, player string, on bool, now time.Time) (bool, error) {
	if _, err := s.ByPlayer(ctx, player); err != nil {
		return false, err
	}
	q, args := `DELETE FROM account_moderators WHERE player = $1`, []any{player}
	if on {
		q, args = `INSERT INTO account_moderators (player, granted_at) VALUES ($1, $2) ON CONFLICT (player) DO NOTHING`, []any{player, ms(now)}
	}
	r, err := s.db.ExecContext(ctx, q, args...)
	if err != nil {
		return false, fmt.Errorf("account: moderator: %w", err)
	}
	n, err := r.RowsAffected()
	return n > 0, err
}

// IsModerator implements ModeratorStore.
func (s *SQLStore) IsModerator(ctx context.Context, player string) (bool, error) {
	var n int
	if err := s.db.QueryRowContext(ctx, `SELECT COUNT(*) FROM account_moderators WHERE player = $1`, player).Scan(&n); err != nil {
		return false, fmt.Errorf("account: moderator: %w", err)
	}
	return n > 0, nil
}

// Moderators implements ModeratorStore.
func (s *SQLStore) Moderators(ctx context.Context) ([]Account, error) {
	rows, err := s.db.QueryContext(ctx, `SELECT a.player, a.username, a.skeleton, a.password, a.generation, a.handle, a.created_at
		FROM accounts a JOIN account_moderators m ON m.player = a.player ORDER BY a.skeleton`)
	if err != nil {
		return nil, fmt.Errorf("account: moderators: %w", err)
	}
	defer rows.Close()
	var out []Account
	for rows.Next() {
		a, err := scanAccount(rows)
		if err != nil {
			return nil, err
		}
		out = append(out, a)
	}
	return out, rows.Err()
}

// moderators returns the service's store as a ModeratorStore.
func (s *Service) moderators() (ModeratorStore, error) {
	m, ok := s.store.(ModeratorStore)
	if !ok {
		return nil, ErrNoModerators
	}
	return m, nil
}

// SetModerator grants (on) or revokes the moderator role of the account
// named username (ErrNotFound when none has that name, or one that reads
// alike) and returns the account and whether the role changed. It logs
// the change (player IDs only).
func (s *Service) SetModerator(ctx context.Context, username string, on bool) (Account, bool, error) {
	m, err := s.moderators()
	if err != nil {
		return Account{}, false, err
	}
	a, err := s.store.ByUsername(ctx, username)
	if err != nil {
		return Account{}, false, err
	}
	changed, err := m.SetModerator(ctx, a.Player, on, s.cfg.Now())
	if err != nil {
		return Account{}, false, err
	}
	if changed {
		s.log.Info("moderator role changed", "player", a.Player, "moderator", on)
	}
	return a, changed, nil
}

// IsModerator reports whether player's account is a moderator's.
func (s *Service) IsModerator(ctx context.Context, player string) (bool, error) {
	m, err := s.moderators()
	if err != nil {
		return false, err
	}
	return m.IsModerator(ctx, player)
}

// Moderators returns the moderators' accounts.
func (s *Service) Moderators(ctx context.Context) ([]Account, error) {
	m, err := s.moderators()
	if err != nil {
		return nil, err
	}
	return m.Moderators(ctx)
}
