package account

import (
	"context"
	"crypto/hmac"
	"crypto/sha256"
	"encoding/hex"
	"errors"
	"net/netip"
	"slices"
	"sync"
	"time"
)

// Kinds of evidence and links between accounts.
const (
	// KindAddress is an IPv4 address or an IPv6 /64 both accounts used
	// within LinkConfig.AddressWindow.
	KindAddress = "addr"
	// KindDevice is the page's device cookie, seen with both accounts
	// within LinkConfig.DeviceWindow.
	KindDevice = "device"
	// KindSignUp is an account signed up from a browser signed in as the
	// other.
	KindSignUp = "signup"
)

// Evidence is one thing an account was seen with: its kind and the
// keyed hash of its value (Service's key, so that the database holds no
// address or cookie).
type Evidence struct {
	Kind  string
	Value string
}

// Link is another account linked to one, and by what kind of evidence.
// It is for moderators and tests only: no player is ever told why two
// accounts are linked.
type Link struct {
	Player string
	Kind   string
}

// LinkStore keeps the evidence that links accounts. SQLStore implements
// it. Implementations are safe for concurrent use.
type LinkStore interface {
	// RecordEvidence records that player was seen with each of ev at at
	// (a later sighting moves the time forward).
	RecordEvidence(ctx context.Context, player string, ev []Evidence, at time.Time) error
	// AddLink records a link of kind made by an event between the older
	// and the newer account (recording it twice is a no-op).
	AddLink(ctx context.Context, older, newer, kind string, at time.Time) error
	// Links returns the accounts linked to player: those seen, since the
	// time given for the kind, with evidence of that kind that player was
	// seen with since then too; and those of AddLink. An account may be
	// listed once per kind.
	Links(ctx context.Context, player string, since map[string]time.Time) ([]Link, error)
	// PurgeEvidence deletes the evidence of each kind last seen before
	// the time given for it and returns how many rows went.
	PurgeEvidence(ctx context.Context, before map[string]time.Time) (int64, error)
}

// LinkConfig configures the links between accounts (docs/RULES.md,
// "Fair play"). The zero value of each field means its default.
type LinkConfig struct {
	// Store keeps the evidence. Default: Config.Store when it is a
	// LinkStore (SQLStore is); none: no account is ever linked.
	Store LinkStore
	// AddressWindow is how long an address links the accounts that used
	// it, and how long it is kept. Default 7 days.
	AddressWindow time.Duration
	// DeviceWindow is how long a device cookie links the accounts seen
	// with it, and how long it is kept. Default 90 days.
	DeviceWindow time.Duration
	// PerAddress bounds the accounts made from one address (an IPv4 address
	// or an IPv6 /64), per node. Default 3 at once, then one every 8
	// hours.
	PerAddress Limit
}

// links is a Service's part that links accounts.
type links struct {
	cfg     LinkConfig
	key     []byte
	signups *limiter

	purgeMu sync.Mutex
	purged  time.Time
}

func newLinks(cfg LinkConfig, store Store, secret []byte) *links {
	if cfg.Store == nil {
		cfg.Store, _ = store.(LinkStore)
	}
	if cfg.AddressWindow <= 0 {
		cfg.AddressWindow = 7 * 24 * time.Hour
	}
	if cfg.DeviceWindow <= 0 {
		cfg.DeviceWindow = 90 * 24 * time.Hour
	}
	if cfg.PerAddress == (Limit{}) {
		cfg.PerAddress = Limit{Burst: 3, Every: 8 * time.Hour}
	}
	m := hmac.New(sha256.New, secret)
	m.Write([]byte("racer account evidence"))
	return &links{cfg: cfg, key: m.Sum(nil), signups: newLimiter(cfg.PerAddress)}
}

// hash is the keyed hash of an evidence's value.
func (l *links) hash(kind, value string) string {
	m := hmac.New(sha256.New, l.key)
	m.Write([]byte(kind + "\x00" + value))
	return hex.EncodeToString(m.Sum(nil)[:16])
}

// AddressKey is what of an address links accounts and counts sign-ups:
// an IPv4 address itself, an IPv6 address's /64 (one subscriber's
// network); "" for anything that is no address, and for a loopback
// address, which is this host (a proxy in front that was not declared
// trusted, or a test), not a player's.
func AddressKey(ip string) string {
	a, err := netip.ParseAddr(ip)
	if err != nil {
		return ""
	}
	a = a.Unmap().WithZone("")
	if a.IsLoopback() {
		return ""
	}
	if a.Is4() {
		return a.String()
	}
	p, _ := a.Prefix(64)
	return p.String()
}

// Seen is what a request from a signed-in account shows of where it
// comes from.
type Seen struct {
	// IP is the client's address ("" for unknown).
	IP string
	// Device is the page's device cookie ("" for none).
	Device string
}

// Seen records that the account player was seen with seen's address and
// device: the evidence that links accounts. It also deletes the evidence
// past its window, at most once an hour.
func (s *Service) Seen(ctx context.Context, player string, seen Seen) error {
	l := s.links
	if l.cfg.Store == nil {
		return nil
	}
	var ev []Evidence
	if k := AddressKey(seen.IP); k != "" {
		ev = append(ev, Evidence{Kind: KindAddress, Value: l.hash(KindAddress, k)})
	}
	if seen.Device != "" && len(seen.Device) <= 128 {
		ev = append(ev, Evidence{Kind: KindDevice, Value: l.hash(KindDevice, seen.Device)})
	}
	now := s.cfg.Now().UTC()
	if err := l.cfg.Store.RecordEvidence(ctx, player, ev, now); err != nil {
		return err
	}
	l.purgeMu.Lock()
	due := now.Sub(l.purged) >= time.Hour
	if due {
		l.purged = now
	}
	l.purgeMu.Unlock()
	if due {
		if _, err := s.PurgeEvidence(ctx); err != nil {
			s.log.Warn("purging old account evidence", "err", err)
		}
	}
	return nil
}

// PurgeEvidence deletes the evidence older than its window and returns
// how many rows went. Seen calls it once an hour.
func (s *Service) PurgeEvidence(ctx context.Context) (int64, error) {
	l := s.links
	if l.cfg.Store == nil {
		return 0, nil
	}
	n, err := l.cfg.Store.PurgeEvidence(ctx, l.windows(s.cfg.Now()))
	if n > 0 {
		s.log.Info("account evidence purged", "rows", n)
	}
	return n, err
}

func (l *links) windows(now time.Time) map[string]time.Time {
	return map[string]time.Time{KindAddress: now.Add(-l.cfg.AddressWindow), KindDevice: now.Add(-l.cfg.DeviceWindow)}
}

// LinkSignUp links the account newer, just signed up, to older, the
// account the browser was signed in as.
func (s *Service) LinkSignUp(ctx context.Context, older, newer string) error {
	if s.links.cfg.Store == nil || older == "" || older == newer {
		return nil
	}
	return s.links.cfg.Store.AddLink(ctx, older, newer, KindSignUp, s.cfg.Now().UTC())
}

// Links returns the accounts linked to player, with the kind of each
// link, for moderators.
func (s *Service) Links(ctx context.Context, player string) ([]Link, error) {
	if s.links.cfg.Store == nil {
		return nil, nil
	}
	return s.links.cfg.Store.Links(ctx, player, s.links.windows(s.cfg.Now()))
}

// Linked returns the player IDs of the accounts linked to player, sorted
// and once each: the accounts that never rate it (hub.Accounts' Linked).
func (s *Service) Linked(ctx context.Context, player string) ([]string, error) {
	ls, err := s.Links(ctx, player)
	if err != nil {
		return nil, err
	}
	ids := make([]string, 0, len(ls))
	for _, l := range ls {
		ids = append(ids, l.Player)
	}
	slices.Sort(ids)
	return slices.Compact(ids), nil
}

// ErrTooManySignUps refuses a sign-up from an address that made its
// share of accounts (LinkConfig.PerAddress).
var ErrTooManySignUps = errors.New("account: too many accounts made from this network; wait and try again")

// signUpAllowed reports whether ip may make an account, spending nothing.
// A loopback address (AddressKey "") is not limited.
func (s *Service) signUpAllowed(ip string) error {
	k := AddressKey(ip)
	if k == "" {
		return nil
	}
	if ok, _ := s.links.signups.allowed("signup:"+k, s.cfg.Now()); !ok {
		return ErrTooManySignUps
	}
	return nil
}

// SignedUp counts an account made from ip against its sign-up limit:
// SignUpPassword does, and so must whoever calls Create.
func (s *Service) SignedUp(ip string) {
	if k := AddressKey(ip); k != "" {
		s.links.signups.take("signup:"+k, s.cfg.Now())
	}
}
