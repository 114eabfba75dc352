package archive

import (
	"context"
	"errors"
	"sync"
	"time"
)

// MarksConfig configures Marks. Source is required; the zero value of
// every other field means its default.
type MarksConfig struct {
	// Source reads whether a moderator marked a player (SQL.IsAnnulled).
	Source func(ctx context.Context, player string) (bool, error)
	// Fresh is how long the answer "not marked" is kept: a player marked
	// through another node is known here within Fresh (at once through
	// this node: Forget). Default 2s.
	Fresh time.Duration
	// Size bounds the players kept, marked and not marked each. Default
	// 10000.
	Size int
	// Now is the clock. Default time.Now.
	Now func() time.Time
}

// Marks answers whether a moderator marked a player for cheating
// (Annul), from Source behind a bounded cache: a mark is for good (no
// path takes it back), so a marked player is kept until the cache is
// full; an unmarked one for MarksConfig.Fresh. The hub asks it when a
// player says hello, queues and joins a race, and the results when a
// race ends; never per move. Marks is safe for concurrent use.
type Marks struct {
	cfg MarksConfig

	mu sync.Mutex // guards marked and unmarked
	// marked holds the players read marked; unmarked those read not
	// marked, with when.
	marked   map[string]struct{}
	unmarked map[string]time.Time
}

// NewMarks returns the Marks of cfg.
func NewMarks(cfg MarksConfig) (*Marks, error) {
	if cfg.Source == nil {
		return nil, errors.New("archive: MarksConfig.Source is nil")
	}
	if cfg.Fresh <= 0 {
		cfg.Fresh = 2 * time.Second
	}
	if cfg.Size <= 0 {
		cfg.Size = 10000
	}
	if cfg.Now == nil {
		cfg.Now = time.Now
	}
	return &Marks{cfg: cfg, marked: map[string]struct{}{}, unmarked: map[string]time.Time{}}, nil
}

// Marked reports whether a moderator marked player. An error is
// Source's: the caller decides (the hub leaves such a race unrated).
func (m *Marks) Marked(ctx context.Context, player string) (bool, error) {
	now := m.cfg.Now()
	m.mu.Lock()
	if _, ok := m.marked[player]; ok {
		m.mu.Unlock()
		return true, nil
	}
	if at, ok := m.unmarked[player]; ok && now.Sub(at) < m.cfg.Fresh {
		m.mu.Unlock()
		return false, nil
	}
	m.mu.Unlock()
	marked, err := m.cfg.Source(ctx, player)
	if err != nil {
		return false, err
	}
	m.mu.Lock()
	defer m.mu.Unlock()
	if marked {
		delete(m.unmarked, player)
		if len(m.marked) < m.cfg.Size {
			m.marked[player] = struct{}{}
		}
		return true, nil
	}
	if len(m.unmarked) >= m.cfg.Size {
		for p, at := range m.unmarked {
			if now.Sub(at) >= m.cfg.Fresh {
				delete(m.unmarked, p)
			}
		}
		if len(m.unmarked) >= m.cfg.Size {
			clear(m.unmarked)
		}
	}
	m.unmarked[player] = now
	return false, nil
}

// Forget drops what is kept of player: the next Marked reads Source.
// The node that marks a player calls it, so that it knows at once.
func (m *Marks) Forget(player string) {
	m.mu.Lock()
	defer m.mu.Unlock()
	delete(m.marked, player)
	delete(m.unmarked, player)
}
