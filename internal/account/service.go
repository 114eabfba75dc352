package account

import (
	"context"
	"crypto/rand"
	"crypto/sha256"
	"encoding/base64"
	"encoding/hex"
	"errors"
	"log/slog"
	"time"
)

// Config configures a Service. The zero value of each field but Store
// means its default.
type Config struct {
	// Store keeps the accounts. Required.
	Store Store
	// Secret is the secret every node shares; tickets are signed with a
	// key derived from it. Default (empty): a random key, good for this
	// process only.
	Secret []byte
	// Guest verifies a guest's token and returns its player ID
	// (session.Signer's Verify): a guest who signs up with their token
	// keeps their player ID. Nil: sign-ups take no guest token.
	Guest func(token string) (player string, err error)
	// Argon2 is the password hash's cost (default OWASP's: 19 MiB, 2
	// passes, one lane).
	Argon2 Argon2
	// Hashers is how many password hashes may run at once; more wait.
	// Default 2.
	Hashers int
	// IPLimit bounds the sign-up and sign-in attempts of one address.
	// Default 20 at once, then one every 30 s.
	IPLimit Limit
	// NetworkLimit bounds the attempts of one network (an IPv4 /24, an
	// IPv6 /56): credential stuffing from many addresses of one network.
	// Default 60 at once, then one every 10 s.
	NetworkLimit Limit
	// AccountLimit bounds the failed password sign-ins of one username,
	// known or not (so that the limit tells nothing of which exist).
	// Default 5 at once, then one every 5 minutes.
	AccountLimit Limit
	// SessionTTL is how long a session lasts. Default 30 days.
	SessionTTL time.Duration
	// Now is the clock. Default time.Now.
	Now func() time.Time
	// Erase renames a deleted account's player in the races kept (the
	// archive's RenamePlayer) to name. Nil: nothing to rename.
	Erase func(ctx context.Context, player, name string) error
	// Logger receives one line per account created, deleted or signed
	// out everywhere (player IDs only). Default slog.Default().
	Logger *slog.Logger
	// Links configures the evidence that links accounts and the sign-up
	// limit (links.go).
	Links LinkConfig
}

// Service is accounts' logic over a Store. It is safe for concurrent
// use.
type Service struct {
	cfg     Config
	store   Store
	hash    *hasher
	tickets *tickets
	ipLim   *limiter
	netLim  *limiter
	acctLim *limiter
	links   *links
	log     *slog.Logger
}

// New returns a Service for cfg.
func New(cfg Config) (*Service, error) {
	if cfg.Store == nil {
		return nil, errors.New("account: Config.Store is required")
	}
	if len(cfg.Secret) == 0 {
		cfg.Secret = make([]byte, 32)
		_, _ = rand.Read(cfg.Secret)
	}
	if cfg.Hashers <= 0 {
		cfg.Hashers = 2
	}
	if cfg.IPLimit == (Limit{}) {
		cfg.IPLimit = Limit{Burst: 20, Every: 30 * time.Second}
	}
	if cfg.NetworkLimit == (Limit{}) {
		cfg.NetworkLimit = Limit{Burst: 60, Every: 10 * time.Second}
	}
	if cfg.AccountLimit == (Limit{}) {
		cfg.AccountLimit = Limit{Burst: 5, Every: 5 * time.Minute}
	}
	if cfg.SessionTTL <= 0 {
		cfg.SessionTTL = 30 * 24 * time.Hour
	}
	if cfg.Now == nil {
		cfg.Now = time.Now
	}
	if cfg.Logger == nil {
		cfg.Logger = slog.Default()
	}
	return &Service{cfg: cfg, store: cfg.Store, hash: newHasher(cfg.Argon2, cfg.Hashers), tickets: newTickets(cfg.Secret),
		ipLim: newLimiter(cfg.IPLimit), netLim: newLimiter(cfg.NetworkLimit), acctLim: newLimiter(cfg.AccountLimit), links: newLinks(cfg.Links, cfg.Store, cfg.Secret), log: cfg.Logger}, nil
}

// Store returns the service's store.
func (s *Service) Store() Store { return s.store }

// NewSession is a session just made and the token that names it: the
// token goes into the player's cookie and nowhere else.
type NewSession struct {
	Token string
	Session
}

// sessionID is the stored ID of a session token: its SHA-256, so that
// the database holds no live token.
func sessionID(token string) string {
	sum := sha256.Sum256([]byte(token))
	return hex.EncodeToString(sum[:])
}

// Attempt spends one attempt of the address ip (and its network) and
// returns ErrTooManyTries when either is spent. Every sign-up and
// sign-in, by password or passkey, is one attempt.
func (s *Service) Attempt(ip string) error {
	now := s.cfg.Now()
	if ok, _ := s.ipLim.take("ip:"+ip, now); !ok {
		return ErrTooManyTries
	}
	if n := network(ip); n != "" {
		if ok, _ := s.netLim.take("net:"+n, now); !ok {
			return ErrTooManyTries
		}
	}
	return nil
}

// SignUp is a sign-up's request.
type SignUp struct {
	Username string
	// Password is "" for a sign-up by passkey.
	Password string
	// GuestToken is the guest's token, when the player has one: the
	// account takes its player ID (and so its races and rating).
	GuestToken string
	// IP is the address asking (for the attempt limits).
	IP string
}

// Prepare checks a sign-up (the attempt limits, the username, the
// password when there is one, the guest token) and returns the account
// it would create, not stored yet: with a password hash, the guest's
// player ID or a new one, and a new WebAuthn handle.
func (s *Service) Prepare(ctx context.Context, req SignUp, withPassword bool) (Account, error) {
	if err := s.Attempt(req.IP); err != nil {
		return Account{}, err
	}
	if err := s.signUpAllowed(req.IP); err != nil {
		return Account{}, err
	}
	if err := ValidateUsername(req.Username); err != nil {
		return Account{}, err
	}
	if withPassword {
		if err := checkPassword(req.Password, req.Username); err != nil {
			return Account{}, err
		}
	}
	a := Account{Username: req.Username, Skeleton: Skeleton(req.Username), Generation: 1, CreatedAt: s.cfg.Now().UTC()}
	if _, err := s.store.ByUsername(ctx, req.Username); err == nil {
		return Account{}, ErrUsernameTaken
	} else if !errors.Is(err, ErrNotFound) {
		return Account{}, err
	}
	if req.GuestToken != "" && s.cfg.Guest != nil {
		p, err := s.cfg.Guest(req.GuestToken)
		if err != nil {
			return Account{}, ErrBadGuestToken
		}
		if claimed, err := s.store.Claimed(ctx, p); err != nil {
			return Account{}, err
		} else if claimed {
			return Account{}, ErrGuestClaimed
		}
		a.Player = p
	} else {
		a.Player = newPlayerID()
	}
	a.Handle = make([]byte, 32)
	_, _ = rand.Read(a.Handle)
	if withPassword {
		h, err := s.hash.hash(ctx, req.Password)
		if err != nil {
			return Account{}, err
		}
		a.Password = h
	}
	return a, nil
}

func newPlayerID() string {
	var b [8]byte
	_, _ = rand.Read(b[:])
	return hex.EncodeToString(b[:])
}

// SignUpPassword creates an account with a password and signs it in.
func (s *Service) SignUpPassword(ctx context.Context, req SignUp) (Account, NewSession, error) {
	a, err := s.Prepare(ctx, req, true)
	if err != nil {
		return Account{}, NewSession{}, err
	}
	ns, err := s.Create(ctx, a, nil)
	if err == nil {
		s.SignedUp(req.IP)
	}
	return a, ns, err
}

// Create stores an account Prepare made, with its first passkey when
// pk is not nil, and signs it in.
func (s *Service) Create(ctx context.Context, a Account, pk *Passkey) (NewSession, error) {
	if err := s.store.Create(ctx, a); err != nil {
		return NewSession{}, err
	}
	if pk != nil {
		pk.Player = a.Player
		if err := s.store.AddPasskey(ctx, *pk); err != nil {
			return NewSession{}, err
		}
	}
	s.log.Info("account created", "player", a.Player, "passkey", pk != nil)
	return s.StartSession(ctx, a)
}

// SignInPassword checks a username and password and signs the account
// in. An unknown username and a wrong password get the same answer,
// ErrBadCredentials, after the same work (a hash checked either way);
// the failures of one username, known or not, are limited.
func (s *Service) SignInPassword(ctx context.Context, username, password, ip string) (Account, NewSession, error) {
	if err := s.Attempt(ip); err != nil {
		return Account{}, NewSession{}, err
	}
	key := "acct:" + Skeleton(username)
	if ok, _ := s.acctLim.allowed(key, s.cfg.Now()); !ok {
		return Account{}, NewSession{}, ErrTooManyTries
	}
	a, err := s.store.ByUsername(ctx, username)
	if err != nil && !errors.Is(err, ErrNotFound) {
		return Account{}, NewSession{}, err
	}
	// An unknown account has no hash: check spends the dummy's time.
	ok, herr := s.hash.check(ctx, a.Password, password)
	if herr != nil {
		return Account{}, NewSession{}, herr
	}
	if !ok || err != nil {
		s.acctLim.take(key, s.cfg.Now())
		return Account{}, NewSession{}, ErrBadCredentials
	}
	ns, err := s.StartSession(ctx, a)
	return a, ns, err
}

// StartSession makes a new session of a: a new random token, so that a
// token set before the sign-in (session fixation) never becomes a
// session.
func (s *Service) StartSession(ctx context.Context, a Account) (NewSession, error) {
	var b [32]byte
	_, _ = rand.Read(b[:])
	tok := base64.RawURLEncoding.EncodeToString(b[:])
	now := s.cfg.Now().UTC()
	x := Session{ID: sessionID(tok), Player: a.Player, Generation: a.Generation, CreatedAt: now, ExpiresAt: now.Add(s.cfg.SessionTTL)}
	if err := s.store.CreateSession(ctx, x); err != nil {
		return NewSession{}, err
	}
	return NewSession{Token: tok, Session: x}, nil
}

// Session returns the session of a cookie's token and its account, or
// ErrNoSession.
func (s *Service) Session(ctx context.Context, token string) (Session, Account, error) {
	if token == "" || len(token) > 128 {
		return Session{}, Account{}, ErrNoSession
	}
	return s.store.Session(ctx, sessionID(token), s.cfg.Now())
}

// SignOut ends the session of token.
func (s *Service) SignOut(ctx context.Context, token string) error {
	return s.store.DeleteSession(ctx, sessionID(token))
}

// SignOutEverywhere ends every session of the account and makes every
// ticket issued so far void.
func (s *Service) SignOutEverywhere(ctx context.Context, player string) error {
	if _, err := s.store.NewGeneration(ctx, player); err != nil {
		return err
	}
	s.log.Info("account signed out everywhere", "player", player)
	return nil
}

// ChangePassword sets a new password: the old one must match when the
// account has one (its failures count as failed sign-ins). Other
// sessions end (a new generation); the caller starts a new one.
func (s *Service) ChangePassword(ctx context.Context, a Account, old, pw string) error {
	if a.Password != "" {
		key := "acct:" + a.Skeleton
		if ok, _ := s.acctLim.allowed(key, s.cfg.Now()); !ok {
			return ErrTooManyTries
		}
		ok, err := s.hash.check(ctx, a.Password, old)
		if err != nil {
			return err
		}
		if !ok {
			s.acctLim.take(key, s.cfg.Now())
			return ErrBadCredentials
		}
	}
	if err := checkPassword(pw, a.Username); err != nil {
		return err
	}
	h, err := s.hash.hash(ctx, pw)
	if err != nil {
		return err
	}
	if err := s.store.SetPassword(ctx, a.Player, h); err != nil {
		return err
	}
	_, err = s.store.NewGeneration(ctx, a.Player)
	return err
}

// RemovePasskey deletes one of the account's passkeys, unless it is the
// last way to sign in (ErrLastCredential).
func (s *Service) RemovePasskey(ctx context.Context, a Account, id []byte) error {
	pks, err := s.store.Passkeys(ctx, a.Player)
	if err != nil {
		return err
	}
	if a.Password == "" && len(pks) <= 1 {
		return ErrLastCredential
	}
	return s.store.DeletePasskey(ctx, a.Player, id)
}

// AnonymousName is the name a deleted account's races keep: "Deleted"
// and the first four digits of the player ID.
func AnonymousName(player string) string {
	if len(player) > 4 {
		player = player[:4]
	}
	return "Deleted " + player
}

// Delete erases the account: its username, password hash, passkeys and
// sessions go; its races stay, their racer renamed AnonymousName
// (Config.Erase); the player ID is kept as erased so that no guest token
// takes it back.
func (s *Service) Delete(ctx context.Context, player string) error {
	if err := s.store.Delete(ctx, player, s.cfg.Now()); err != nil {
		return err
	}
	if s.cfg.Erase != nil {
		if err := s.cfg.Erase(ctx, player, AnonymousName(player)); err != nil {
			s.log.Warn("renaming a deleted account's races", "player", player, "err", err)
		}
	}
	s.log.Info("account deleted", "player", player)
	return nil
}

// Ticket returns a ticket for the WebSocket hello of the session of
// token, good for TicketTTL and once.
func (s *Service) Ticket(ctx context.Context, token string) (string, error) {
	x, a, err := s.Session(ctx, token)
	if err != nil {
		return "", err
	}
	return s.tickets.issue(claims{Player: a.Player, Name: a.Username, Session: x.ID, Generation: a.Generation}, s.cfg.Now()), nil
}

// VerifyTicket returns the player ID and username of a ticket: signed
// with this secret, not expired, its session still signed in and of the
// account's generation, and never used before on any node. Anything else
// is ErrBadTicket. It is hub.Accounts' Ticket.
func (s *Service) VerifyTicket(ctx context.Context, ticket string) (player, name string, err error) {
	now := s.cfg.Now()
	c, err := s.tickets.parse(ticket, now)
	if err != nil {
		return "", "", err
	}
	x, a, err := s.store.Session(ctx, c.Session, now)
	if errors.Is(err, ErrNoSession) || (err == nil && (x.Player != c.Player || a.Generation != c.Generation)) {
		return "", "", ErrBadTicket
	}
	if err != nil {
		return "", "", err
	}
	first, err := s.store.UseNonce(ctx, c.Nonce, time.Unix(c.Expires, 0), now)
	if err != nil {
		return "", "", err
	}
	if !first {
		return "", "", ErrBadTicket
	}
	return a.Player, a.Username, nil
}

// Claimed reports whether a guest's player ID belongs to an account (or
// to a deleted one): its guest tokens are refused then. It is
// hub.Accounts' Claimed.
func (s *Service) Claimed(ctx context.Context, player string) (bool, error) {
	return s.store.Claimed(ctx, player)
}
