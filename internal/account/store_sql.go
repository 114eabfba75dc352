package account

import (
	"context"
	"database/sql"
	"errors"
	"fmt"
	"strings"
	"time"
)

// SQLStore is the Store in the archive's database: PostgreSQL or SQLite
// (archive.SQL's DB and Dialect). It is safe for concurrent use.
type SQLStore struct {
	db      *sql.DB
	dialect string
	version int
}

var _ Store = (*SQLStore)(nil)

// OpenStore migrates the account schema of db, whose dialect is
// "sqlite" or "postgres", and returns the store on it. It does not own
// db: closing db is the caller's (the archive's).
func OpenStore(ctx context.Context, db *sql.DB, dialect string) (*SQLStore, error) {
	if dialect != "sqlite" && dialect != "postgres" {
		return nil, fmt.Errorf("account: unknown dialect %q", dialect)
	}
	v, err := migrate(ctx, db, dialect)
	if err != nil {
		return nil, err
	}
	return &SQLStore{db: db, dialect: dialect, version: v}, nil
}

// Version returns the account schema's version.
func (s *SQLStore) Version() int { return s.version }

func ms(t time.Time) int64 { return t.UnixMilli() }

func fromMS(v int64) time.Time { return time.UnixMilli(v).UTC() }

// isUnique reports a unique or primary key violation, in either
// database.
func isUnique(err error) bool {
	if err == nil {
		return false
	}
	e := err.Error()
	return strings.Contains(e, "UNIQUE constraint failed") || strings.Contains(e, "SQLSTATE 23505")
}

const accountCols = `player, username, skeleton, password, generation, handle, created_at`

func scanAccount(row interface{ Scan(...any) error }) (Account, error) {
	var a Account
	var created int64
	err := row.Scan(&a.Player, &a.Username, &a.Skeleton, &a.Password, &a.Generation, &a.Handle, &created)
	if errors.Is(err, sql.ErrNoRows) {
		return Account{}, ErrNotFound
	}
	if err != nil {
		return Account{}, fmt.Errorf("account: %w", err)
	}
	a.CreatedAt = fromMS(created)
	return a, nil
}

// Create implements Store.
func (s *SQLStore) Create(ctx context.Context, a Account) error {
	tx, err := s.db.BeginTx(ctx, nil)
	if err != nil {
		return fmt.Errorf("account: create: %w", err)
	}
	defer func() { _ = tx.Rollback() }()
	var n int
	if err := tx.QueryRowContext(ctx, `SELECT COUNT(*) FROM account_erased WHERE player = $1`, a.Player).Scan(&n); err != nil {
		return fmt.Errorf("account: create: %w", err)
	}
	if n > 0 {
		return ErrGuestClaimed
	}
	if err := tx.QueryRowContext(ctx, `SELECT COUNT(*) FROM accounts WHERE skeleton = $1`, a.Skeleton).Scan(&n); err != nil {
		return fmt.Errorf("account: create: %w", err)
	}
	if n > 0 {
		return ErrUsernameTaken
	}
	if err := tx.QueryRowContext(ctx, `SELECT COUNT(*) FROM accounts WHERE player = $1`, a.Player).Scan(&n); err != nil {
		return fmt.Errorf("account: create: %w", err)
	}
	if n > 0 {
		return ErrGuestClaimed
	}
	_, err = tx.ExecContext(ctx, `INSERT INTO accounts (`+accountCols+`) VALUES ($1, $2, $3, $4, $5, $6, $7)`,
		a.Player, a.Username, a.Skeleton, a.Password, a.Generation, a.Handle, ms(a.CreatedAt))
	if isUnique(err) {
		// Another node took the name or the player meanwhile.
		return ErrUsernameTaken
	}
	if err != nil {
		return fmt.Errorf("account: create: %w", err)
	}
	if err := tx.Commit(); err != nil {
		if isUnique(err) {
			return ErrUsernameTaken
		}
		return fmt.Errorf("account: create: %w", err)
	}
	return nil
}

// ByUsername implements Store.
func (s *SQLStore) ByUsername(ctx context.Context, username string) (Account, error) {
	return scanAccount(s.db.QueryRowContext(ctx, `SELECT `+accountCols+` FROM accounts WHERE skeleton = $1`, Skeleton(username)))
}

// ByPlayer implements Store.
func (s *SQLStore) ByPlayer(ctx context.Context, player string) (Account, error) {
	return scanAccount(s.db.QueryRowContext(ctx, `SELECT `+accountCols+` FROM accounts WHERE player = $1`, player))
}

// ByHandle implements Store.
func (s *SQLStore) ByHandle(ctx context.Context, handle []byte) (Account, error) {
	return scanAccount(s.db.QueryRowContext(ctx, `SELECT `+accountCols+` FROM accounts WHERE handle = $1`, handle))
}

// Claimed implements Store.
func (s *SQLStore) Claimed(ctx context.Context, player string) (bool, error) {
	var n int
	err := s.db.QueryRowContext(ctx, `SELECT (SELECT COUNT(*) FROM accounts WHERE player = $1) + (SELECT COUNT(*) FROM account_erased WHERE player = $1)`, player).Scan(&n)
	if err != nil {
		return false, fmt.Errorf("account: claimed: %w", err)
	}
	return n > 0, nil
}

// SetPassword implements Store.
func (s *SQLStore) SetPassword(ctx context.Context, player, hash string) error {
	r, err := s.db.ExecContext(ctx, `UPDATE accounts SET password = $1 WHERE player = $2`, hash, player)
	return affected(r, err, ErrNotFound)
}

func affected(r sql.Result, err error, none error) error {
	if err != nil {
		return fmt.Errorf("account: %w", err)
	}
	if n, err := r.RowsAffected(); err != nil {
		return fmt.Errorf("account: %w", err)
	} else if n == 0 {
		return none
	}
	return nil
}

// NewGeneration implements Store.
func (s *SQLStore) NewGeneration(ctx context.Context, player string) (int64, error) {
	tx, err := s.db.BeginTx(ctx, nil)
	if err != nil {
		return 0, fmt.Errorf("account: %w", err)
	}
	defer func() { _ = tx.Rollback() }()
	r, err := tx.ExecContext(ctx, `UPDATE accounts SET generation = generation + 1 WHERE player = $1`, player)
	if err := affected(r, err, ErrNotFound); err != nil {
		return 0, err
	}
	var g int64
	if err := tx.QueryRowContext(ctx, `SELECT generation FROM accounts WHERE player = $1`, player).Scan(&g); err != nil {
		return 0, fmt.Errorf("account: %w", err)
	}
	if _, err := tx.ExecContext(ctx, `DELETE FROM account_sessions WHERE player = $1`, player); err != nil {
		return 0, fmt.Errorf("account: %w", err)
	}
	if err := tx.Commit(); err != nil {
		return 0, fmt.Errorf("account: %w", err)
	}
	return g, nil
}

// Delete implements Store.
func (s *SQLStore) Delete(ctx context.Context, player string, now time.Time) error {
	tx, err := s.db.BeginTx(ctx, nil)
	if err != nil {
		return fmt.Errorf("account: delete: %w", err)
	}
	defer func() { _ = tx.Rollback() }()
	for _, q := range []string{
		`DELETE FROM account_sessions WHERE player = $1`,
		`DELETE FROM account_passkeys WHERE player = $1`,
	} {
		if _, err := tx.ExecContext(ctx, q, player); err != nil {
			return fmt.Errorf("account: delete: %w", err)
		}
	}
	r, err := tx.ExecContext(ctx, `DELETE FROM accounts WHERE player = $1`, player)
	if err := affected(r, err, ErrNotFound); err != nil {
		return err
	}
	if _, err := tx.ExecContext(ctx, `INSERT INTO account_erased (player, erased_at) VALUES ($1, $2)`, player, ms(now)); err != nil {
		return fmt.Errorf("account: delete: %w", err)
	}
	if err := tx.Commit(); err != nil {
		return fmt.Errorf("account: delete: %w", err)
	}
	return nil
}

// CreateSession implements Store.
func (s *SQLStore) CreateSession(ctx context.Context, x Session) error {
	_, err := s.db.ExecContext(ctx, `INSERT INTO account_sessions (id, player, generation, created_at, expires_at) VALUES ($1, $2, $3, $4, $5)`,
		x.ID, x.Player, x.Generation, ms(x.CreatedAt), ms(x.ExpiresAt))
	if err != nil {
		return fmt.Errorf("account: session: %w", err)
	}
	return nil
}

// Session implements Store.
func (s *SQLStore) Session(ctx context.Context, id string, now time.Time) (Session, Account, error) {
	row := s.db.QueryRowContext(ctx, `SELECT s.id, s.generation, s.created_at, s.expires_at,
		a.player, a.username, a.skeleton, a.password, a.generation, a.handle, a.created_at
		FROM account_sessions s JOIN accounts a ON a.player = s.player WHERE s.id = $1`, id)
	var x Session
	var a Account
	var sc, se, ac int64
	err := row.Scan(&x.ID, &x.Generation, &sc, &se, &a.Player, &a.Username, &a.Skeleton, &a.Password, &a.Generation, &a.Handle, &ac)
	if errors.Is(err, sql.ErrNoRows) {
		return Session{}, Account{}, ErrNoSession
	}
	if err != nil {
		return Session{}, Account{}, fmt.Errorf("account: session: %w", err)
	}
	x.Player, x.CreatedAt, x.ExpiresAt, a.CreatedAt = a.Player, fromMS(sc), fromMS(se), fromMS(ac)
	if !now.Before(x.ExpiresAt) || x.Generation != a.Generation {
		return Session{}, Account{}, ErrNoSession
	}
	return x, a, nil
}

// DeleteSession implements Store.
func (s *SQLStore) DeleteSession(ctx context.Context, id string) error {
	if _, err := s.db.ExecContext(ctx, `DELETE FROM account_sessions WHERE id = $1`, id); err != nil {
		return fmt.Errorf("account: session: %w", err)
	}
	return nil
}

// AddPasskey implements Store.
func (s *SQLStore) AddPasskey(ctx context.Context, p Passkey) error {
	_, err := s.db.ExecContext(ctx, `INSERT INTO account_passkeys (id, player, name, credential, created_at, used_at) VALUES ($1, $2, $3, $4, $5, $6)`,
		p.ID, p.Player, p.Name, p.Credential, ms(p.CreatedAt), ms(p.UsedAt))
	if err != nil {
		return fmt.Errorf("account: passkey: %w", err)
	}
	return nil
}

const passkeyCols = `id, player, name, credential, created_at, used_at`

func scanPasskey(row interface{ Scan(...any) error }) (Passkey, error) {
	var p Passkey
	var c, u int64
	if err := row.Scan(&p.ID, &p.Player, &p.Name, &p.Credential, &c, &u); err != nil {
		if errors.Is(err, sql.ErrNoRows) {
			return Passkey{}, ErrPasskeyNotFound
		}
		return Passkey{}, fmt.Errorf("account: passkey: %w", err)
	}
	p.CreatedAt, p.UsedAt = fromMS(c), fromMS(u)
	return p, nil
}

// Passkeys implements Store.
func (s *SQLStore) Passkeys(ctx context.Context, player string) ([]Passkey, error) {
	rows, err := s.db.QueryContext(ctx, `SELECT `+passkeyCols+` FROM account_passkeys WHERE player = $1 ORDER BY created_at, id`, player)
	if err != nil {
		return nil, fmt.Errorf("account: passkeys: %w", err)
	}
	defer rows.Close()
	var out []Passkey
	for rows.Next() {
		p, err := scanPasskey(rows)
		if err != nil {
			return nil, err
		}
		out = append(out, p)
	}
	return out, rows.Err()
}

// PasskeyByID implements Store.
func (s *SQLStore) PasskeyByID(ctx context.Context, id []byte) (Passkey, error) {
	return scanPasskey(s.db.QueryRowContext(ctx, `SELECT `+passkeyCols+` FROM account_passkeys WHERE id = $1`, id))
}

// UsePasskey implements Store.
func (s *SQLStore) UsePasskey(ctx context.Context, id, credential []byte, at time.Time) error {
	r, err := s.db.ExecContext(ctx, `UPDATE account_passkeys SET credential = $1, used_at = $2 WHERE id = $3`, credential, ms(at), id)
	return affected(r, err, ErrPasskeyNotFound)
}

// DeletePasskey implements Store.
func (s *SQLStore) DeletePasskey(ctx context.Context, player string, id []byte) error {
	r, err := s.db.ExecContext(ctx, `DELETE FROM account_passkeys WHERE player = $1 AND id = $2`, player, id)
	return affected(r, err, ErrPasskeyNotFound)
}

// PutChallenge implements Store.
func (s *SQLStore) PutChallenge(ctx context.Context, id string, data []byte, expires time.Time) error {
	if _, err := s.db.ExecContext(ctx, `INSERT INTO account_challenges (id, data, expires_at) VALUES ($1, $2, $3)`, id, data, ms(expires)); err != nil {
		return fmt.Errorf("account: challenge: %w", err)
	}
	return nil
}

// TakeChallenge implements Store: DELETE … RETURNING takes a challenge
// once, however many ask at the same time.
func (s *SQLStore) TakeChallenge(ctx context.Context, id string, now time.Time) ([]byte, error) {
	if _, err := s.db.ExecContext(ctx, `DELETE FROM account_challenges WHERE expires_at <= $1`, ms(now)); err != nil {
		return nil, fmt.Errorf("account: challenge: %w", err)
	}
	var data []byte
	err := s.db.QueryRowContext(ctx, `DELETE FROM account_challenges WHERE id = $1 RETURNING data`, id).Scan(&data)
	if errors.Is(err, sql.ErrNoRows) {
		return nil, ErrNotFound
	}
	if err != nil {
		return nil, fmt.Errorf("account: challenge: %w", err)
	}
	return data, nil
}

// UseNonce implements Store.
func (s *SQLStore) UseNonce(ctx context.Context, nonce string, expires, now time.Time) (bool, error) {
	if _, err := s.db.ExecContext(ctx, `DELETE FROM account_tickets_used WHERE expires_at < $1`, ms(now)); err != nil {
		return false, fmt.Errorf("account: ticket: %w", err)
	}
	_, err := s.db.ExecContext(ctx, `INSERT INTO account_tickets_used (nonce, expires_at) VALUES ($1, $2)`, nonce, ms(expires))
	if isUnique(err) {
		return false, nil
	}
	if err != nil {
		return false, fmt.Errorf("account: ticket: %w", err)
	}
	return true, nil
}
