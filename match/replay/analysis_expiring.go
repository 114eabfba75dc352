package replay

import (
	"context"
	"encoding/json"
	"sync"
	"time"
)

// ExpiringConfig configures an ExpiringAnalyses. The zero value of each
// field means its default.
type ExpiringConfig struct {
	// TTL is how long a race's analyses stay after the last save of one
	// of them. Default one hour.
	TTL time.Duration
	// MaxRaces is the most races whose analyses are held: past it, the
	// race saved least recently goes first. Default 2000.
	MaxRaces int
	// Clock is the store's clock. Nil: time.Now.
	Clock func() time.Time
}

// ExpiringAnalyses is an AnalysisStore in one process's memory that lets
// analyses go after a time and past a count of races, as the in-memory
// race store does with finished races: the hot copy of a node whose
// analyses also go to an archive. It is safe for concurrent use.
type ExpiringAnalyses struct {
	cfg ExpiringConfig

	mu    sync.Mutex
	races map[string]*expiringRace
	// order lists races by last save, oldest first; a race appears once
	// per save, and an entry whose save is not the race's last is skipped.
	order []expiringEntry
}

type expiringRace struct {
	until   time.Time
	saves   uint64
	players map[string][]byte
}

type expiringEntry struct {
	race string
	save uint64
}

var _ AnalysisStore = (*ExpiringAnalyses)(nil)

// NewExpiringAnalyses returns an empty ExpiringAnalyses for cfg.
func NewExpiringAnalyses(cfg ExpiringConfig) *ExpiringAnalyses {
	if cfg.TTL <= 0 {
		cfg.TTL = time.Hour
	}
	if cfg.MaxRaces <= 0 {
		cfg.MaxRaces = 2000
	}
	if cfg.Clock == nil {
		cfg.Clock = time.Now
	}
	return &ExpiringAnalyses{cfg: cfg, races: map[string]*expiringRace{}}
}

// SaveAnalysis implements AnalysisStore: the race's analyses stay until
// TTL after this save.
func (s *ExpiringAnalyses) SaveAnalysis(ctx context.Context, race, player string, a GameAnalysis) error {
	b, err := json.Marshal(a)
	if err != nil {
		return err
	}
	if err := ctx.Err(); err != nil {
		return err
	}
	s.mu.Lock()
	defer s.mu.Unlock()
	now := s.cfg.Clock()
	s.drop(now)
	r := s.races[race]
	if r == nil {
		r = &expiringRace{players: map[string][]byte{}}
		s.races[race] = r
	}
	r.players[player] = b
	r.until = now.Add(s.cfg.TTL)
	r.saves++
	s.order = append(s.order, expiringEntry{race, r.saves})
	for len(s.races) > s.cfg.MaxRaces {
		s.dropOldest()
	}
	return nil
}

// LoadAnalyses implements AnalysisStore.
func (s *ExpiringAnalyses) LoadAnalyses(ctx context.Context, race string) (map[string]GameAnalysis, error) {
	out := map[string]GameAnalysis{}
	s.mu.Lock()
	defer s.mu.Unlock()
	now := s.cfg.Clock()
	s.drop(now)
	if r := s.races[race]; r != nil && now.Before(r.until) {
		for player, b := range r.players {
			var a GameAnalysis
			if err := json.Unmarshal(b, &a); err != nil {
				return nil, err
			}
			out[player] = a
		}
	}
	return out, ctx.Err()
}

// ExpireAnalyses lets race's analyses go ttl from now, if that is sooner
// than their time.
func (s *ExpiringAnalyses) ExpireAnalyses(ctx context.Context, race string, ttl time.Duration) error {
	s.mu.Lock()
	defer s.mu.Unlock()
	if r := s.races[race]; r != nil {
		if until := s.cfg.Clock().Add(ttl); until.Before(r.until) {
			r.until = until
		}
	}
	return ctx.Err()
}

// Len returns how many races' analyses are held.
func (s *ExpiringAnalyses) Len() int {
	s.mu.Lock()
	defer s.mu.Unlock()
	s.drop(s.cfg.Clock())
	return len(s.races)
}

// drop lets go of the races whose time is past. Races expire roughly in
// the order of their last save, so the scan stops at the first live
// entry; a race shortened by ExpireAnalyses goes at the latest then.
func (s *ExpiringAnalyses) drop(now time.Time) {
	for len(s.order) > 0 {
		e := s.order[0]
		r := s.races[e.race]
		switch {
		case r == nil || r.saves != e.save:
			// A stale entry: the race went, or was saved again since.
		case now.Before(r.until):
			s.compact()
			return
		default:
			delete(s.races, e.race)
		}
		s.order = s.order[1:]
	}
	s.compact()
}

// dropOldest lets go of the race saved least recently.
func (s *ExpiringAnalyses) dropOldest() {
	for len(s.order) > 0 {
		e := s.order[0]
		s.order = s.order[1:]
		if r := s.races[e.race]; r != nil && r.saves == e.save {
			delete(s.races, e.race)
			return
		}
	}
}

// compact lets the order's backing array go once most of it is skipped.
func (s *ExpiringAnalyses) compact() {
	if cap(s.order) > 64 && len(s.order) < cap(s.order)/4 {
		s.order = append([]expiringEntry(nil), s.order...)
	}
}
