package match

import (
	"cmp"
	"context"
	"fmt"
	"slices"
	"sync"
	"time"
)

// MemoryStoreConfig configures a MemoryStore. The zero value is usable.
type MemoryStoreConfig struct {
	// Publish receives each Append's Channel and Event, under the store's
	// lock so that events of one log are published in order. It must not
	// call back into the store. Nil: events are dropped.
	Publish func(channel string, event []byte)
	// Clock is the store's clock. Nil: time.Now.
	Clock func() time.Time
	// Keep is how long a finished race stays after its end (for
	// reconnects, spectators and replays not yet saved), as the Redis
	// store's HotTTL. Default one hour; negative: no time bound.
	Keep time.Duration
	// MaxFinished is the most finished races kept: past it, the races
	// that finished first go first. Live races are never dropped and do
	// not count. Default 2000; negative: no count bound.
	MaxFinished int
}

// The defaults of MemoryStoreConfig.
const (
	DefaultMemoryKeep        = time.Hour
	DefaultMemoryMaxFinished = 2000
)

// MemoryStore is a Store in one process's memory, for a single node and
// tests. A finished race stays until Config.Keep after its end or until
// Config.MaxFinished races finished after it, whichever comes first;
// then Load answers ErrNotFound, as the Redis store does once its hot
// TTL is over. It is safe for concurrent use.
type MemoryStore struct {
	cfg MemoryStoreConfig

	mu    sync.Mutex
	races map[string]*memRace
	// byPlayer indexes the unfinished races by racer: player, race ID.
	byPlayer map[string]map[string]struct{}
	// finished are the finished races held, in the order they finished
	// (the first finished[head:] only; the rest were dropped).
	finished []finishedRace
	head     int
	dropped  uint64
}

// finishedRace is a finished race held, with when it finished.
type finishedRace struct {
	id string
	at time.Time
}

// MemoryStoreStats counts what a MemoryStore holds.
type MemoryStoreStats struct {
	// Live and Finished are the races held, unfinished and finished.
	Live, Finished int
	// Dropped is the number of finished races dropped by the bounds.
	Dropped uint64
}

type memRace struct {
	race   Race
	logs   map[string][]Entry
	epochs map[string]uint64
	winner string
	result *Result
}

var _ Store = (*MemoryStore)(nil)

// NewMemoryStore returns an empty MemoryStore.
func NewMemoryStore(cfg MemoryStoreConfig) *MemoryStore {
	if cfg.Clock == nil {
		cfg.Clock = time.Now
	}
	if cfg.Keep == 0 {
		cfg.Keep = DefaultMemoryKeep
	}
	if cfg.MaxFinished == 0 {
		cfg.MaxFinished = DefaultMemoryMaxFinished
	}
	return &MemoryStore{cfg: cfg, races: make(map[string]*memRace), byPlayer: make(map[string]map[string]struct{})}
}

// CreateRace implements Store.
func (s *MemoryStore) CreateRace(ctx context.Context, r Race) (Race, error) {
	if err := ctx.Err(); err != nil {
		return Race{}, err
	}
	s.mu.Lock()
	defer s.mu.Unlock()
	s.drop(s.cfg.Clock())
	if _, ok := s.races[r.ID]; ok {
		return Race{}, fmt.Errorf("%w: %s", ErrExists, r.ID)
	}
	r.CreatedAt = s.cfg.Clock()
	r.StartAt = r.CreatedAt.Add(r.Countdown)
	r.Racers = slices.Clone(r.Racers)
	r.Nonce = slices.Clone(r.Nonce)
	m := &memRace{race: r, logs: make(map[string][]Entry), epochs: make(map[string]uint64)}
	s.races[r.ID] = m
	for _, x := range r.Racers {
		ids := s.byPlayer[x.ID]
		if ids == nil {
			ids = make(map[string]struct{})
			s.byPlayer[x.ID] = ids
		}
		ids[r.ID] = struct{}{}
	}
	return cloneRace(r), nil
}

func cloneRace(r Race) Race {
	r.Racers = slices.Clone(r.Racers)
	r.Nonce = slices.Clone(r.Nonce)
	return r
}

func (s *MemoryStore) lookup(race, racer string) (*memRace, error) {
	m, ok := s.races[race]
	if !ok {
		return nil, fmt.Errorf("%w: %s", ErrNotFound, race)
	}
	if racer != "" && !m.race.HasRacer(racer) {
		return nil, ErrNotRacer
	}
	return m, nil
}

// Join implements Store.
func (s *MemoryStore) Join(ctx context.Context, race, racer string) (uint64, error) {
	if err := ctx.Err(); err != nil {
		return 0, err
	}
	if racer == "" {
		return 0, ErrNotRacer
	}
	s.mu.Lock()
	defer s.mu.Unlock()
	m, err := s.lookup(race, racer)
	if err != nil {
		return 0, err
	}
	m.epochs[racer]++
	return m.epochs[racer], nil
}

// Append implements Store.
func (s *MemoryStore) Append(ctx context.Context, a Append) (Appended, error) {
	if err := ctx.Err(); err != nil {
		return Appended{}, err
	}
	if a.Racer == "" {
		return Appended{}, ErrNotRacer
	}
	s.mu.Lock()
	defer s.mu.Unlock()
	m, err := s.lookup(a.Race, a.Racer)
	if err != nil {
		return Appended{}, err
	}
	if m.result != nil {
		return Appended{}, ErrFinished
	}
	if a.Epoch == 0 || a.Epoch != m.epochs[a.Racer] {
		return Appended{}, ErrStaleEpoch
	}
	log := m.logs[a.Racer]
	if next := uint64(len(log)) + 1; a.Seq != next {
		return Appended{}, &SeqError{Got: a.Seq, Next: next}
	}
	now := s.cfg.Clock()
	m.logs[a.Racer] = append(log, Entry{Seq: a.Seq, Action: a.Action, At: now})
	res := Appended{At: now}
	if a.Win && m.winner == "" {
		m.winner = a.Racer
		res.Winner = true
	}
	if a.Channel != "" && s.cfg.Publish != nil {
		s.cfg.Publish(a.Channel, a.Event)
	}
	return res, nil
}

// Listen implements Store. The memory store serves one process, and
// publishes every event it is given.
func (s *MemoryStore) Listen(ctx context.Context, race, listener string) error { return nil }

// Unlisten implements Store.
func (s *MemoryStore) Unlisten(ctx context.Context, race, listener string) error { return nil }

// Load implements Store.
func (s *MemoryStore) Load(ctx context.Context, race string) (Snapshot, error) {
	if err := ctx.Err(); err != nil {
		return Snapshot{}, err
	}
	s.mu.Lock()
	defer s.mu.Unlock()
	m, err := s.lookup(race, "")
	if err != nil {
		return Snapshot{}, err
	}
	snap := Snapshot{
		Race:   cloneRace(m.race),
		Logs:   make(map[string][]Entry, len(m.logs)),
		Epochs: make(map[string]uint64, len(m.epochs)),
		Winner: m.winner,
	}
	for k, v := range m.logs {
		snap.Logs[k] = slices.Clone(v)
	}
	for k, v := range m.epochs {
		snap.Epochs[k] = v
	}
	if m.result != nil {
		r := cloneResult(*m.result)
		snap.Result = &r
	}
	return snap, nil
}

func cloneResult(r Result) Result {
	r.Standings = slices.Clone(r.Standings)
	return r
}

// Finish implements Store.
func (s *MemoryStore) Finish(ctx context.Context, race string, r Result) (Result, bool, error) {
	if err := ctx.Err(); err != nil {
		return Result{}, false, err
	}
	s.mu.Lock()
	defer s.mu.Unlock()
	m, err := s.lookup(race, "")
	if err != nil {
		return Result{}, false, err
	}
	if m.result != nil {
		return cloneResult(*m.result), false, nil
	}
	r = cloneResult(r)
	r.Race = race
	r.FinishedAt = s.cfg.Clock()
	m.result = &r
	for _, x := range m.race.Racers {
		if ids := s.byPlayer[x.ID]; ids != nil {
			delete(ids, race)
			if len(ids) == 0 {
				delete(s.byPlayer, x.ID)
			}
		}
	}
	s.finished = append(s.finished, finishedRace{id: race, at: r.FinishedAt})
	s.drop(r.FinishedAt)
	return cloneResult(r), true, nil
}

// drop forgets the finished races past the bounds at now: those that
// finished Keep or longer ago, then the oldest beyond MaxFinished.
// s.mu is held.
func (s *MemoryStore) drop(now time.Time) {
	for s.head < len(s.finished) {
		f := s.finished[s.head]
		n := len(s.finished) - s.head
		old := s.cfg.Keep > 0 && !now.Before(f.at.Add(s.cfg.Keep))
		over := s.cfg.MaxFinished >= 0 && n > s.cfg.MaxFinished
		if !old && !over {
			break
		}
		delete(s.races, f.id)
		s.finished[s.head] = finishedRace{}
		s.head++
		s.dropped++
	}
	// Reuse the slice's front once half of it is dropped.
	if s.head > 0 && s.head >= len(s.finished)/2 {
		n := copy(s.finished, s.finished[s.head:])
		clear(s.finished[n:])
		s.finished = s.finished[:n]
		s.head = 0
	}
}

// Stats returns what the store holds now, after dropping the finished
// races past its bounds.
func (s *MemoryStore) Stats() MemoryStoreStats {
	s.mu.Lock()
	defer s.mu.Unlock()
	s.drop(s.cfg.Clock())
	n := len(s.finished) - s.head
	return MemoryStoreStats{Live: len(s.races) - n, Finished: n, Dropped: s.dropped}
}

// Live implements Store.
func (s *MemoryStore) Live(ctx context.Context, limit int) ([]Race, error) {
	if err := ctx.Err(); err != nil {
		return nil, err
	}
	s.mu.Lock()
	defer s.mu.Unlock()
	now := s.cfg.Clock()
	var out []Race
	for _, m := range s.races {
		if m.result == nil && !pastDeadline(m.race, now) {
			out = append(out, m.race)
		}
	}
	sortRaces(out)
	if limit > 0 && len(out) > limit {
		out = out[len(out)-limit:]
	}
	for i := range out {
		out[i] = cloneRace(out[i])
	}
	return out, nil
}

// Overdue implements Store.
func (s *MemoryStore) Overdue(ctx context.Context, deadlineBefore time.Time, limit int) ([]string, error) {
	if err := ctx.Err(); err != nil {
		return nil, err
	}
	s.mu.Lock()
	var due []Race
	for _, m := range s.races {
		if d := m.race.Deadline(); m.result == nil && !d.IsZero() && d.Before(deadlineBefore) {
			due = append(due, m.race)
		}
	}
	s.mu.Unlock()
	slices.SortFunc(due, func(a, b Race) int {
		return cmp.Or(a.Deadline().Compare(b.Deadline()), cmp.Compare(a.ID, b.ID))
	})
	if limit > 0 && len(due) > limit {
		due = due[:limit]
	}
	ids := make([]string, len(due))
	for i, r := range due {
		ids[i] = r.ID
	}
	return ids, nil
}

// LiveFor implements Store from an index of the unfinished races by
// racer, kept by CreateRace and Finish under the store's lock.
func (s *MemoryStore) LiveFor(ctx context.Context, player string) ([]Race, error) {
	if err := ctx.Err(); err != nil {
		return nil, err
	}
	s.mu.Lock()
	defer s.mu.Unlock()
	var out []Race
	for id := range s.byPlayer[player] {
		if m := s.races[id]; m != nil && m.result == nil {
			out = append(out, cloneRace(m.race))
		}
	}
	sortRaces(out)
	return out, nil
}

// Now implements Store.
func (s *MemoryStore) Now(ctx context.Context) (time.Time, error) {
	if err := ctx.Err(); err != nil {
		return time.Time{}, err
	}
	return s.cfg.Clock(), nil
}
