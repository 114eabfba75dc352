package leaderboard

import (
	"context"
	"strings"
)

// RemoveDaily implements Store: the memory store keeps every day's
// board, so every one of profiles' daily boards loses player.
func (s *MemoryStore) RemoveDaily(ctx context.Context, player string, profiles ...string) (int, error) {
	for _, p := range profiles {
		if err := CheckProfile(p); err != nil {
			return 0, err
		}
	}
	if err := ctx.Err(); err != nil {
		return 0, err
	}
	s.mu.Lock()
	defer s.mu.Unlock()
	n := 0
	for _, p := range profiles {
		prefix := p + "\x00" + string(KindDaily) + "\x00"
		for k, b := range s.boards {
			if _, ok := b[player]; ok && strings.HasPrefix(k, prefix) {
				delete(b, player)
				n++
			}
		}
	}
	return n, nil
}
