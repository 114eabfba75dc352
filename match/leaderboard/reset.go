package leaderboard

import (
	"context"
	"strings"
)

// Resetter is a Store that can forget a profile's ratings: a moderator's
// annulment (match/archive's Annul) resets the profile, then rebuilds it
// from the archive without the annulled races.
type Resetter interface {
	// ResetProfile deletes profile's ratings, its rating and wins boards
	// of every period and its races' "applied" markers. Names, daily
	// boards and attempts stay.
	ResetProfile(ctx context.Context, profile string) error
}

var _ Resetter = (*MemoryStore)(nil)

// ResetProfile implements Resetter.
func (s *MemoryStore) ResetProfile(ctx context.Context, profile string) error {
	if err := CheckProfile(profile); err != nil {
		return err
	}
	s.mu.Lock()
	defer s.mu.Unlock()
	delete(s.ratings, profile)
	for k := range s.boards {
		if strings.HasPrefix(k, profile+"\x00"+string(KindRating)+"\x00") || strings.HasPrefix(k, profile+"\x00"+string(KindWins)+"\x00") {
			delete(s.boards, k)
		}
	}
	for k := range s.applied {
		if strings.HasPrefix(k, profile+"\x00") {
			delete(s.applied, k)
		}
	}
	return ctx.Err()
}
