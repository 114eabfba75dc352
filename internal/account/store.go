package account

import (
	"context"
	"time"
)

// Account is one player's account.
type Account struct {
	// Player is the account's player ID (16 hex digits): the guest's it
	// was made from, or a new one.
	Player string
	// Username is the name as chosen, shown in races; Skeleton its
	// unique key (Skeleton).
	Username string
	Skeleton string
	// Password is the argon2id PHC string, "" for none.
	Password string
	// Generation grows at each sign-out everywhere.
	Generation int64
	// Handle is the WebAuthn user handle: random, never shown.
	Handle    []byte
	CreatedAt time.Time
}

// Session is one signed-in browser. ID is the hash of its token.
type Session struct {
	ID         string
	Player     string
	Generation int64
	CreatedAt  time.Time
	ExpiresAt  time.Time
}

// Passkey is one WebAuthn credential of an account. Credential is the
// WebAuthn library's credential as JSON (its public key, counters and
// flags); this package does not read it.
type Passkey struct {
	ID         []byte
	Player     string
	Name       string
	Credential []byte
	CreatedAt  time.Time
	UsedAt     time.Time
}

// Store keeps accounts, sessions, passkeys, ceremonies and used tickets.
// Implementations are safe for concurrent use. SQLStore is the one
// implementation (accounts need the archive's database); accounttest is
// its shared suite, run on SQLite and PostgreSQL.
type Store interface {
	// Create stores a new account: ErrUsernameTaken when its skeleton is
	// taken, ErrGuestClaimed when its player ID has (or had) an account.
	Create(ctx context.Context, a Account) error
	// ByUsername finds an account by a username that has its skeleton;
	// ByPlayer by player ID; ByHandle by WebAuthn user handle. Not
	// found: ErrNotFound.
	ByUsername(ctx context.Context, username string) (Account, error)
	ByPlayer(ctx context.Context, player string) (Account, error)
	ByHandle(ctx context.Context, handle []byte) (Account, error)
	// Claimed reports whether player has an account or had one deleted.
	Claimed(ctx context.Context, player string) (bool, error)
	// SetPassword replaces the account's password hash.
	SetPassword(ctx context.Context, player, hash string) error
	// NewGeneration grows the account's generation and deletes its
	// sessions: every session and ticket is refused from then on. It
	// returns the new generation.
	NewGeneration(ctx context.Context, player string) (int64, error)
	// Delete removes the account, its sessions and passkeys, and records
	// its player ID as erased at now.
	Delete(ctx context.Context, player string, now time.Time) error

	// CreateSession stores s; Session returns the session of ID id with
	// its account, if it has not expired at now and its generation is
	// the account's (else ErrNoSession); DeleteSession removes it.
	CreateSession(ctx context.Context, s Session) error
	Session(ctx context.Context, id string, now time.Time) (Session, Account, error)
	DeleteSession(ctx context.Context, id string) error

	// AddPasskey stores p; Passkeys lists the account's, oldest first;
	// PasskeyByID finds one (ErrPasskeyNotFound); UsePasskey stores its
	// credential after a sign-in; DeletePasskey removes one of the
	// account's (ErrPasskeyNotFound).
	AddPasskey(ctx context.Context, p Passkey) error
	Passkeys(ctx context.Context, player string) ([]Passkey, error)
	PasskeyByID(ctx context.Context, id []byte) (Passkey, error)
	UsePasskey(ctx context.Context, id, credential []byte, at time.Time) error
	DeletePasskey(ctx context.Context, player string, id []byte) error

	// PutChallenge stores a ceremony's data until expires; TakeChallenge
	// returns and deletes it, once (ErrNotFound when missing, taken or
	// expired at now).
	PutChallenge(ctx context.Context, id string, data []byte, expires time.Time) error
	TakeChallenge(ctx context.Context, id string, now time.Time) ([]byte, error)
	// UseNonce records a ticket's nonce until expires and reports
	// whether it was its first use; it also drops nonces expired at now.
	UseNonce(ctx context.Context, nonce string, expires, now time.Time) (bool, error)
}
