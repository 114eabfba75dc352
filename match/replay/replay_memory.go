package replay

import (
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"sync"
)

// MemoryStore is a Store in one process's memory. It keeps each replay as
// JSON, as the Redis store does, so that a loaded replay never shares
// memory with a saved one. It is safe for concurrent use.
type MemoryStore struct {
	mu      sync.Mutex
	replays map[string][]byte

	analysesMu sync.Mutex
	analyses   map[string]map[string][]byte // by race, then player
}

var _ Store = (*MemoryStore)(nil)

// NewMemoryStore returns an empty MemoryStore.
func NewMemoryStore() *MemoryStore {
	return &MemoryStore{replays: map[string][]byte{}}
}

// Save implements Store.
func (s *MemoryStore) Save(ctx context.Context, rp Replay) (bool, error) {
	if rp.Race == "" {
		return false, errors.New("replay: Save of a replay without a race ID")
	}
	b, err := json.Marshal(rp)
	if err != nil {
		return false, err
	}
	if err := ctx.Err(); err != nil {
		return false, err
	}
	s.mu.Lock()
	defer s.mu.Unlock()
	if _, ok := s.replays[rp.Race]; ok {
		return false, nil
	}
	s.replays[rp.Race] = b
	return true, nil
}

// Load implements Store.
func (s *MemoryStore) Load(ctx context.Context, race string) (Replay, error) {
	s.mu.Lock()
	b, ok := s.replays[race]
	s.mu.Unlock()
	if !ok {
		return Replay{}, fmt.Errorf("%w: %s", ErrNotFound, race)
	}
	var rp Replay
	if err := json.Unmarshal(b, &rp); err != nil {
		return Replay{}, err
	}
	return rp, ctx.Err()
}
