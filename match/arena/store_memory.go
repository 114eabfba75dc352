package arena

import (
	"cmp"
	"context"
	"fmt"
	"slices"
	"sync"
	"time"
)

// MemoryConfig configures a Memory store.
type MemoryConfig struct {
	// Now is the store's clock. Default time.Now.
	Now func() time.Time
	// Keep is how long an arena stays after its end, as in Redis.
	// Default 7 days.
	Keep time.Duration
}

// Memory is a Store in memory, for one node. It is safe for concurrent
// use.
type Memory struct {
	now  func() time.Time
	keep time.Duration

	mu     sync.Mutex
	arenas map[string]*memArena
}

type memArena struct {
	a        Arena
	players  map[string]*Player
	results  map[string]RaceResult
	holder   string
	leaseEnd time.Time
}

var _ Store = (*Memory)(nil)

// NewMemory returns an empty store.
func NewMemory(cfg MemoryConfig) *Memory {
	if cfg.Now == nil {
		cfg.Now = time.Now
	}
	if cfg.Keep <= 0 {
		cfg.Keep = 7 * 24 * time.Hour
	}
	return &Memory{now: cfg.Now, keep: cfg.Keep, arenas: map[string]*memArena{}}
}

func (m *Memory) arena(id string) (*memArena, error) {
	a := m.arenas[id]
	if a == nil {
		return nil, fmt.Errorf("%w: %q", ErrNotFound, id)
	}
	return a, nil
}

// Create implements Store.
func (m *Memory) Create(_ context.Context, a Arena) error {
	m.mu.Lock()
	defer m.mu.Unlock()
	if m.arenas[a.ID] != nil {
		return ErrExists
	}
	m.arenas[a.ID] = &memArena{a: a, players: map[string]*Player{}, results: map[string]RaceResult{}}
	return nil
}

// Get implements Store.
func (m *Memory) Get(_ context.Context, id string) (Arena, error) {
	m.mu.Lock()
	defer m.mu.Unlock()
	a, err := m.arena(id)
	if err != nil {
		return Arena{}, err
	}
	return a.a, nil
}

// List implements Store. It also drops the arenas past their keeping
// time.
func (m *Memory) List(_ context.Context, since time.Time, limit int) ([]Arena, error) {
	out := m.listed(func(a Arena) bool { return !a.End().Before(since) })
	if len(out) > MaxListed {
		slices.SortFunc(out, func(a, b Arena) int { return cmp.Or(a.End().Compare(b.End()), cmp.Compare(a.ID, b.ID)) })
		out = out[:MaxListed]
	}
	sortArenas(out)
	if limit > 0 && len(out) > limit {
		out = out[:limit]
	}
	return out, nil
}

// Finished implements Store.
func (m *Memory) Finished(_ context.Context, before time.Time, limit int) ([]Arena, error) {
	out := m.listed(func(a Arena) bool { return a.End().Before(before) })
	slices.SortFunc(out, func(a, b Arena) int { return cmp.Or(b.End().Compare(a.End()), cmp.Compare(b.ID, a.ID)) })
	if limit <= 0 || limit > MaxListed {
		limit = MaxListed
	}
	return out[:min(len(out), limit)], nil
}

// listed returns the arenas kept that keep returns true for, after
// dropping those past their keeping time.
func (m *Memory) listed(keep func(Arena) bool) []Arena {
	m.mu.Lock()
	defer m.mu.Unlock()
	old := m.now().Add(-m.keep)
	var out []Arena
	for id, a := range m.arenas {
		if a.a.End().Before(old) {
			delete(m.arenas, id)
			continue
		}
		if keep(a.a) {
			out = append(out, a.a)
		}
	}
	return out
}

func sortArenas(as []Arena) {
	slices.SortFunc(as, func(a, b Arena) int {
		if c := a.Start.Compare(b.Start); c != 0 {
			return c
		}
		if a.ID < b.ID {
			return -1
		}
		return 1
	})
}

// Join implements Store.
func (m *Memory) Join(_ context.Context, id string, e Entrant) error {
	m.mu.Lock()
	defer m.mu.Unlock()
	a, err := m.arena(id)
	if err != nil {
		return err
	}
	now := m.now()
	if !now.Before(a.a.End()) {
		return ErrFinished
	}
	if e.Bot && a.a.Rated {
		return ErrBotRated
	}
	if p := a.players[e.ID]; p != nil {
		p.Name, p.Paused, p.Withdrawn = e.Name, false, false
		return nil
	}
	if len(a.players) >= MaxPlayers {
		return ErrFull
	}
	a.players[e.ID] = &Player{Entrant: e, JoinedAt: now, Ready: now}
	return nil
}

func (m *Memory) player(id, player string) (*Player, error) {
	a, err := m.arena(id)
	if err != nil {
		return nil, err
	}
	p := a.players[player]
	if p == nil {
		return nil, ErrNotJoined
	}
	return p, nil
}

// SetPaused implements Store.
func (m *Memory) SetPaused(_ context.Context, id, player string, paused bool) error {
	m.mu.Lock()
	defer m.mu.Unlock()
	p, err := m.player(id, player)
	if err != nil {
		return err
	}
	p.Paused = paused
	return nil
}

// Withdraw implements Store.
func (m *Memory) Withdraw(_ context.Context, id, player string) error {
	m.mu.Lock()
	defer m.mu.Unlock()
	p, err := m.player(id, player)
	if err != nil {
		return err
	}
	p.Withdrawn = true
	return nil
}

// Players implements Store.
func (m *Memory) Players(_ context.Context, id string) ([]Player, error) {
	m.mu.Lock()
	defer m.mu.Unlock()
	a, err := m.arena(id)
	if err != nil {
		return nil, err
	}
	out := make([]Player, 0, len(a.players))
	for _, p := range a.players {
		q := *p
		q.Last = slices.Clone(p.Last)
		out = append(out, q)
	}
	sortPlayers(out)
	return out, nil
}

// Top implements Store.
func (m *Memory) Top(ctx context.Context, id string, limit int) ([]Standing, error) {
	ps, err := m.Players(ctx, id)
	if err != nil {
		return nil, err
	}
	st := Standings(ps)
	if limit > 0 && len(st) > limit {
		st = st[:limit]
	}
	return st, nil
}

// Standing implements Store.
func (m *Memory) Standing(ctx context.Context, id, player string) (Standing, int, error) {
	ps, err := m.Players(ctx, id)
	if err != nil {
		return Standing{}, 0, err
	}
	for _, s := range Standings(ps) {
		if s.Player == player {
			return s, len(ps), nil
		}
	}
	return Standing{}, 0, ErrNotJoined
}

// Lease implements Store.
func (m *Memory) Lease(_ context.Context, id, holder string, ttl time.Duration) (bool, error) {
	m.mu.Lock()
	defer m.mu.Unlock()
	a, err := m.arena(id)
	if err != nil {
		return false, err
	}
	now := m.now()
	if a.holder != holder && now.Before(a.leaseEnd) {
		return false, nil
	}
	a.holder, a.leaseEnd = holder, now.Add(ttl)
	return true, nil
}

// Take implements Store.
func (m *Memory) Take(_ context.Context, id, holder string, groups []Group) ([]string, error) {
	m.mu.Lock()
	defer m.mu.Unlock()
	a, err := m.arena(id)
	if err != nil {
		return nil, err
	}
	now := m.now()
	if a.holder != holder || !now.Before(a.leaseEnd) || !now.Before(a.a.End()) {
		return nil, nil
	}
	var taken []string
groups:
	for _, g := range groups {
		for _, pl := range g.Players {
			if p := a.players[pl]; p == nil || !p.Free(now) {
				continue groups
			}
		}
		for _, pl := range g.Players {
			p := a.players[pl]
			p.Race, p.RaceAt = g.Race, now
		}
		taken = append(taken, g.Race)
	}
	return taken, nil
}

// Release implements Store.
func (m *Memory) Release(_ context.Context, id, race string) error {
	m.mu.Lock()
	defer m.mu.Unlock()
	a, err := m.arena(id)
	if err != nil {
		return err
	}
	now := m.now()
	for _, p := range a.players {
		if p.Race == race {
			p.Race, p.RaceAt, p.Ready = "", time.Time{}, now
		}
	}
	return nil
}

// Record implements Store.
func (m *Memory) Record(_ context.Context, id string, r RaceResult, pause time.Duration) (bool, error) {
	m.mu.Lock()
	defer m.mu.Unlock()
	a, err := m.arena(id)
	if err != nil {
		return false, err
	}
	if _, ok := a.results[r.Race]; ok {
		return false, nil
	}
	a.results[r.Race] = r
	now := m.now()
	for _, o := range r.Outcomes {
		p := a.players[o.Player]
		if p == nil {
			continue
		}
		p.Score.Add(o, len(r.Outcomes))
		p.Last = p.Last[:0]
		for _, x := range r.Outcomes {
			if x.Player != o.Player {
				p.Last = append(p.Last, x.Player)
			}
		}
		if p.Race == r.Race {
			p.Race, p.RaceAt, p.Ready = "", time.Time{}, now.Add(pause)
		}
	}
	return true, nil
}

// Results implements Store.
func (m *Memory) Results(_ context.Context, id string) ([]RaceResult, error) {
	m.mu.Lock()
	defer m.mu.Unlock()
	a, err := m.arena(id)
	if err != nil {
		return nil, err
	}
	out := make([]RaceResult, 0, len(a.results))
	for _, r := range a.results {
		out = append(out, r)
	}
	sortResults(out)
	return out, nil
}

// Now implements Store.
func (m *Memory) Now(context.Context) (time.Time, error) { return m.now(), nil }
