package daily

import (
	"context"
	"crypto/hmac"
	"crypto/sha256"
	"encoding/binary"
	"errors"
	"fmt"
	"strconv"
	"sync"
	"time"

	"github.com/solitaire-race/racer/match"
	"github.com/solitaire-race/racer/match/fair"
	"github.com/solitaire-race/racer/match/game"
	"github.com/solitaire-race/racer/match/leaderboard"
)

// Checker reports whether a solver proved the deal of seed winnable under
// the rule profile named profile, of any game (Config.Games): a
// Checker with no solver for a game answers false. False means "not
// proven" (lost, or unknown within its budget); an error stops the
// search.
type Checker func(ctx context.Context, seed uint64, profile string) (bool, error)

// Config configures a Service.
type Config struct {
	// Secret keys the seeds; at least 16 bytes. Required. Changing it
	// changes every challenge, past ones included.
	Secret []byte
	// Store keeps the attempts and the daily boards. Required.
	Store leaderboard.Store
	// Checker proves deals winnable. Nil: challenges are "not
	// solver-checked".
	Checker Checker
	// Games are the games whose profiles have a daily challenge: every
	// game raced (cmd/racer gives match/game/games.All). Required.
	Games *game.Registry
	// MaxTries is how many candidate seeds the Checker may see per day.
	// Default 32.
	MaxTries int
	// Clock returns the time that decides the day. Default time.Now; the
	// hub passes its match.Store's Now, so that all nodes agree.
	Clock func(ctx context.Context) (time.Time, error)
	// AwaitClaim, if positive, is how long a challenge not yet claimed
	// in the Store waits for another process (a dealer, cmd/dealer) to
	// claim it, looking every second, before the Checker searches here.
	// Zero searches at once. A challenge already claimed is never
	// searched again, whatever this is.
	AwaitClaim time.Duration
	// Searches is how many challenges the Checker searches at once; the
	// others wait their turn, in the background. Default 1.
	Searches int
	// MaxPending is how many challenges may be in preparation at once
	// (searching, waiting to, or waiting for a claim): asking for
	// another past them fails with ErrBusy at once. Default 32.
	MaxPending int
	// RateGuests puts guests' wins on the daily boards beside accounts'
	// (cmd/racer's -rated all, as hub.Config.RateGuests). False, the
	// default: only the wins of racers signed in with an account
	// (match.Racer.Account) are on the boards; a guest may still race
	// the challenge, once a day, off the board (OnBoard).
	RateGuests bool
}

// Challenge is one profile's deal of one day.
type Challenge struct {
	Profile string `json:"profile"`
	// Day is the UTC date, "2006-01-02".
	Day string `json:"day"`
	// Seed and Nonce are secret until the day is over (Revealed).
	Seed  uint64 `json:"-"`
	Nonce []byte `json:"-"`
	// Commitment is the match/fair commitment to Seed, Profile and
	// Nonce.
	Commitment string `json:"commitment"`
	// SolverChecked reports that the Checker proved the deal winnable.
	SolverChecked bool `json:"solver_checked"`
	// Try is the index of the candidate seed chosen.
	Try int `json:"-"`
}

// Starts returns the start of c's day; Ends the start of the next.
func (c Challenge) Starts() time.Time {
	t, _ := time.Parse(time.DateOnly, c.Day)
	return t
}

// Ends returns when c's day is over and its seed may be shown.
func (c Challenge) Ends() time.Time { return c.Starts().Add(24 * time.Hour) }

// Reveal returns the commitment's reveal; show it only after Ends.
func (c Challenge) Reveal() fair.Reveal {
	return fair.Reveal{Seed: c.Seed, Profile: c.Profile, Nonce: c.Nonce}
}

// Errors of this package.
var (
	// ErrAlreadyPlayed reports a second attempt at a day's challenge.
	ErrAlreadyPlayed = errors.New("daily: you have already raced today's challenge")
	// ErrBadDay reports a malformed day or one that has not begun.
	ErrBadDay = errors.New("daily: no challenge for that day")
	// ErrPreparing reports a challenge whose preparation (the search for
	// its deal) has not finished: Peek does not wait for it. Ask again
	// in a moment.
	ErrPreparing = errors.New("daily: the challenge is being prepared")
	// ErrBusy reports a challenge not prepared while Config.MaxPending
	// others are: none is started for it. Ask again later.
	ErrBusy = errors.New("daily: too many challenges being prepared")
)

// Service deals the daily challenges and records their results. It is
// safe for concurrent use.
type Service struct {
	cfg Config
	// searchSem holds one token per Checker search running.
	searchSem chan struct{}

	cacheMu sync.Mutex
	// cache holds the challenges prepared or in preparation, by profile
	// and day; a failed one stays until the next caller sees it.
	cache map[string]*entry
	// pending counts the entries in preparation.
	pending int
}

// entry is one challenge's preparation: c and err are set before done
// is closed.
type entry struct {
	done chan struct{}
	c    Challenge
	err  error
}

// failed reports whether e is prepared and failed.
func (e *entry) failed() bool {
	select {
	case <-e.done:
		return e.err != nil
	default:
		return false
	}
}

// New returns a Service for cfg.
func New(cfg Config) (*Service, error) {
	if len(cfg.Secret) < 16 {
		return nil, errors.New("daily: Config.Secret must be at least 16 bytes")
	}
	if cfg.Store == nil {
		return nil, errors.New("daily: Config.Store is nil")
	}
	if cfg.Games == nil {
		return nil, errors.New("daily: Config.Games is nil: give the registry of the games raced (match/game/games.All)")
	}
	if cfg.MaxTries <= 0 {
		cfg.MaxTries = 32
	}
	if cfg.Searches <= 0 {
		cfg.Searches = 1
	}
	if cfg.MaxPending <= 0 {
		cfg.MaxPending = 32
	}
	if cfg.Clock == nil {
		cfg.Clock = func(context.Context) (time.Time, error) { return time.Now(), nil }
	}
	cfg.Secret = append([]byte(nil), cfg.Secret...)
	return &Service{cfg: cfg, searchSem: make(chan struct{}, cfg.Searches), cache: map[string]*entry{}}, nil
}

// Now returns the Service's clock in UTC.
func (s *Service) Now(ctx context.Context) (time.Time, error) {
	t, err := s.cfg.Clock(ctx)
	return t.UTC(), err
}

// Today returns profile's challenge of the current UTC day.
func (s *Service) Today(ctx context.Context, profile string) (Challenge, error) {
	now, err := s.Now(ctx)
	if err != nil {
		return Challenge{}, err
	}
	return s.Challenge(ctx, profile, leaderboard.DayOf(now))
}

// Challenge returns profile's challenge of day ("2006-01-02"), waiting
// for its preparation (the Checker's search) if it has not finished. A
// day that has not begun fails with ErrBadDay: its deal must stay
// unpredictable.
func (s *Service) Challenge(ctx context.Context, profile, day string) (Challenge, error) {
	e, err := s.prepare(ctx, profile, day, false)
	if err != nil {
		return Challenge{}, err
	}
	select {
	case <-e.done:
		return e.c, e.err
	case <-ctx.Done():
		return Challenge{}, ctx.Err()
	}
}

// Peek is Challenge without the wait: it returns the challenge if it is
// prepared, else starts its preparation in the background (unless it
// runs already) and fails with ErrPreparing at once. A preparation that
// failed gives its error to one caller; the next one starts it again.
func (s *Service) Peek(ctx context.Context, profile, day string) (Challenge, error) {
	e, err := s.prepare(ctx, profile, day, true)
	if err != nil {
		return Challenge{}, err
	}
	select {
	case <-e.done:
		return e.c, e.err
	default:
		return Challenge{}, ErrPreparing
	}
}

// prepare checks profile and day and returns the challenge's entry,
// starting its preparation when none is cached. A failed entry is
// replaced by a new preparation, or, with report, returned once and
// dropped.
func (s *Service) prepare(ctx context.Context, profile, day string, report bool) (*entry, error) {
	start, err := time.Parse(time.DateOnly, day)
	if err != nil || leaderboard.DayOf(start) != day {
		return nil, fmt.Errorf("%w: %q is not a date like 2006-01-02", ErrBadDay, day)
	}
	now, err := s.Now(ctx)
	if err != nil {
		return nil, err
	}
	if now.Before(start) {
		return nil, fmt.Errorf("%w: %s has not begun", ErrBadDay, day)
	}
	if err := leaderboard.CheckProfile(profile); err != nil {
		return nil, fmt.Errorf("%w: %w", match.ErrUnknownProfile, err)
	}
	if _, err := s.cfg.Games.Lookup(profile); err != nil {
		return nil, fmt.Errorf("daily: %w", err)
	}
	key := profile + "\x00" + day
	s.cacheMu.Lock()
	defer s.cacheMu.Unlock()
	e, ok := s.cache[key]
	if ok && e.failed() {
		delete(s.cache, key)
		if report {
			return e, nil
		}
		ok = false
	}
	if ok {
		return e, nil
	}
	s.prune(now)
	if s.pending >= s.cfg.MaxPending {
		return nil, ErrBusy
	}
	e = &entry{done: make(chan struct{})}
	s.cache[key] = e
	s.pending++
	// The preparation outlives the caller that started it: a player who
	// leaves does not waste it for the next one. MaxTries and the
	// Checker's own budget bound it.
	go func() {
		e.c, e.err = s.compute(context.WithoutCancel(ctx), profile, day)
		s.cacheMu.Lock()
		s.pending--
		s.cacheMu.Unlock()
		close(e.done)
	}()
	return e, nil
}

// Warm computes today's challenge of each profile ahead of the players,
// then checks every interval (default one minute) so that a new day's
// challenges are ready within interval of its start: without it the first
// player of the day waits while the Checker searches. It returns ctx's
// error when ctx ends. Errors of single profiles are retried at the next
// check.
func (s *Service) Warm(ctx context.Context, profiles []string, interval time.Duration) error {
	if interval <= 0 {
		interval = time.Minute
	}
	t := time.NewTicker(interval)
	defer t.Stop()
	for {
		for _, p := range profiles {
			if _, err := s.Today(ctx, p); err != nil && ctx.Err() != nil {
				return ctx.Err()
			}
		}
		select {
		case <-ctx.Done():
			return ctx.Err()
		case <-t.C:
		}
	}
}

// prune drops cached challenges more than two days old. s.cacheMu is held.
func (s *Service) prune(now time.Time) {
	old := leaderboard.DayOf(now.Add(-48 * time.Hour))
	for k, e := range s.cache {
		select {
		case <-e.done:
			if e.c.Day < old {
				delete(s.cache, k)
			}
		default:
		}
	}
}

func (s *Service) compute(ctx context.Context, profile, day string) (Challenge, error) {
	c := Challenge{Profile: profile, Day: day, Seed: s.Seed(profile, day, 0), Nonce: s.nonce(profile, day)}
	// A candidate claimed already (by a dealer, or another node) is the
	// day's: no search.
	try, checked, found, err := s.claimed(ctx, profile, day)
	if err != nil {
		return Challenge{}, fmt.Errorf("daily: reading %s %s: %w", profile, day, err)
	}
	if found {
		c.Seed, c.Try, c.SolverChecked = s.Seed(profile, day, try), try, checked
		c.Commitment, err = fair.Commit(c.Reveal())
		return c, err
	}
	if s.cfg.Checker != nil {
		try, checked, err := s.search(ctx, profile, day)
		if err != nil {
			return Challenge{}, err
		}
		c.Seed, c.Try, c.SolverChecked = s.Seed(profile, day, try), try, checked
	}
	// Every node deals the candidate claimed first, should their solvers
	// disagree on which candidate they can prove (nodes of two versions).
	try, checked, err = s.cfg.Store.ClaimDailyTry(ctx, profile, day, c.Try, c.SolverChecked)
	if err != nil {
		return Challenge{}, fmt.Errorf("daily: recording %s %s: %w", profile, day, err)
	}
	if try != c.Try {
		c.Seed, c.Try = s.Seed(profile, day, try), try
	}
	c.SolverChecked = checked
	c.Commitment, err = fair.Commit(c.Reveal())
	return c, err
}

// search returns the first of MaxTries candidates of profile's day that
// the Checker proves winnable, or try 0 unproven. It waits for one of
// Config.Searches places.
func (s *Service) search(ctx context.Context, profile, day string) (try int, checked bool, err error) {
	select {
	case s.searchSem <- struct{}{}:
	case <-ctx.Done():
		return 0, false, ctx.Err()
	}
	defer func() { <-s.searchSem }()
	for i := range s.cfg.MaxTries {
		ok, err := s.cfg.Checker(ctx, s.Seed(profile, day, i), profile)
		if err != nil {
			return 0, false, fmt.Errorf("daily: checking %s %s try %d: %w", profile, day, i, err)
		}
		if ok {
			return i, true, nil
		}
	}
	return 0, false, nil
}

// claimed returns the candidate claimed for profile's day, waiting up to
// Config.AwaitClaim for one.
func (s *Service) claimed(ctx context.Context, profile, day string) (try int, checked, found bool, err error) {
	var deadline <-chan time.Time
	if s.cfg.AwaitClaim > 0 {
		t := time.NewTimer(s.cfg.AwaitClaim)
		defer t.Stop()
		deadline = t.C
	}
	tick := time.NewTicker(time.Second)
	defer tick.Stop()
	for {
		try, checked, found, err = s.cfg.Store.DailyTry(ctx, profile, day)
		if err != nil || found || deadline == nil {
			return try, checked, found, err
		}
		select {
		case <-ctx.Done():
			return 0, false, false, ctx.Err()
		case <-deadline:
			return s.cfg.Store.DailyTry(ctx, profile, day)
		case <-tick.C:
		}
	}
}

// Seed returns candidate seed number try of profile's day (see the
// package doc), a race seed (game.RaceSeed).
func (s *Service) Seed(profile, day string, try int) uint64 {
	m := hmac.New(sha256.New, s.cfg.Secret)
	m.Write([]byte("solitaire-race daily v1\nprofile=" + profile + "\nday=" + day + "\ntry=" + strconv.Itoa(try) + "\n"))
	return game.RaceSeed(binary.BigEndian.Uint64(m.Sum(nil)[:8]))
}

func (s *Service) nonce(profile, day string) []byte {
	m := hmac.New(sha256.New, s.cfg.Secret)
	m.Write([]byte("solitaire-race daily v1 nonce\nprofile=" + profile + "\nday=" + day + "\n"))
	return m.Sum(nil)
}
