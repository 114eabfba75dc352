package lobby

import (
	"context"
	"fmt"
	"slices"
	"sync"
	"time"

	"github.com/solitaire-race/racer/match"
)

// Memory is a Lobby in one process's memory; queue entries expire
// by the process's clock. It is safe for concurrent use.
type Memory struct {
	mu     sync.Mutex
	queues map[string][]waiting
	rooms  map[string]*Room
	votes  map[string]*votes
}

// votes are one race's rematch votes and when the last was cast: like the
// Redis lobby's, they expire memoryVoteTTL after it.
type votes struct {
	players map[string]bool
	last    time.Time
}

// memoryVoteTTL is how long a race's rematch votes are kept after the
// last one (the Redis lobby's default VoteTTL).
const memoryVoteTTL = time.Hour

// waiting is a queue entry: a racer and when it expires (zero: never).
type waiting struct {
	r   match.Racer
	exp time.Time
}

func (w *waiting) expired(now time.Time) bool { return !w.exp.IsZero() && !now.Before(w.exp) }

func expiry(now time.Time, ttl time.Duration) time.Time {
	if ttl <= 0 {
		return time.Time{}
	}
	return now.Add(ttl)
}

var _ Lobby = (*Memory)(nil)

// NewMemory returns an empty Memory.
func NewMemory() *Memory {
	return &Memory{queues: map[string][]waiting{}, rooms: map[string]*Room{}, votes: map[string]*votes{}}
}

// live drops profile's expired entries and returns the rest. l.mu is held.
func (l *Memory) live(profile string, now time.Time) []waiting {
	q := slices.DeleteFunc(l.queues[profile], func(w waiting) bool { return w.expired(now) })
	if len(q) == 0 {
		delete(l.queues, profile)
		return nil
	}
	l.queues[profile] = q
	return q
}

// Enqueue implements Lobby.
func (l *Memory) Enqueue(ctx context.Context, profile string, p match.Racer, ttl time.Duration) (match.Racer, bool, error) {
	return l.EnqueueApart(ctx, profile, p, ttl, nil)
}

// Dequeue implements Lobby.
func (l *Memory) Dequeue(ctx context.Context, profile, playerID string) (bool, error) {
	if err := ctx.Err(); err != nil {
		return false, err
	}
	l.mu.Lock()
	defer l.mu.Unlock()
	q := l.live(profile, time.Now())
	for i, w := range q {
		if w.r.ID == playerID {
			l.queues[profile] = slices.Delete(q, i, i+1)
			return true, nil
		}
	}
	return false, nil
}

// Touch implements Lobby.
func (l *Memory) Touch(ctx context.Context, profile string, playerIDs []string, ttl time.Duration) ([]string, error) {
	if err := ctx.Err(); err != nil {
		return nil, err
	}
	l.mu.Lock()
	defer l.mu.Unlock()
	now := time.Now()
	q := l.live(profile, now)
	var missing []string
	for _, id := range playerIDs {
		i := slices.IndexFunc(q, func(w waiting) bool { return w.r.ID == id })
		switch {
		case i < 0:
			if !slices.Contains(missing, id) {
				missing = append(missing, id)
			}
		case ttl > 0 && !q[i].exp.IsZero():
			q[i].exp = now.Add(ttl)
		}
	}
	return missing, nil
}

func cloneRoom(r *Room) Room {
	c := *r
	c.Members = slices.Clone(r.Members)
	c.Ready = slices.Clone(r.Ready)
	c.Declined = slices.Clone(r.Declined)
	return c
}

// CreateRoom implements Lobby.
func (l *Memory) CreateRoom(ctx context.Context, r Room) (Room, error) {
	if err := ctx.Err(); err != nil {
		return Room{}, err
	}
	l.mu.Lock()
	defer l.mu.Unlock()
	if _, ok := l.rooms[r.Code]; ok {
		return Room{}, fmt.Errorf("%w: %s", ErrRoomExists, r.Code)
	}
	c := cloneRoom(&r)
	l.rooms[r.Code] = &c
	return cloneRoom(&c), nil
}

// JoinRoom implements Lobby.
func (l *Memory) JoinRoom(ctx context.Context, code string, p match.Racer) (Room, error) {
	if err := ctx.Err(); err != nil {
		return Room{}, err
	}
	l.mu.Lock()
	defer l.mu.Unlock()
	r, ok := l.rooms[code]
	if !ok {
		return Room{}, ErrRoomNotFound
	}
	for _, m := range r.Members {
		if m.ID == p.ID {
			return cloneRoom(r), nil
		}
	}
	if len(r.Members) >= r.Max {
		return Room{}, ErrRoomFull
	}
	r.Members = append(r.Members, p)
	return cloneRoom(r), nil
}

// LeaveRoom implements Lobby.
func (l *Memory) LeaveRoom(ctx context.Context, code, playerID string) (Room, error) {
	if err := ctx.Err(); err != nil {
		return Room{}, err
	}
	l.mu.Lock()
	defer l.mu.Unlock()
	r, ok := l.rooms[code]
	if !ok {
		return Room{}, ErrRoomNotFound
	}
	r.Members = slices.DeleteFunc(r.Members, func(m match.Racer) bool { return m.ID == playerID })
	r.forget(playerID)
	if len(r.Members) == 0 {
		delete(l.rooms, code)
		return Room{Code: code}, nil
	}
	if r.Host == playerID {
		r.Host = r.Members[0].ID
	}
	return cloneRoom(r), nil
}

// Room implements Lobby.
func (l *Memory) Room(ctx context.Context, code string) (Room, error) {
	if err := ctx.Err(); err != nil {
		return Room{}, err
	}
	l.mu.Lock()
	defer l.mu.Unlock()
	r, ok := l.rooms[code]
	if !ok {
		return Room{}, ErrRoomNotFound
	}
	return cloneRoom(r), nil
}

// StartRoom implements Lobby.
func (l *Memory) StartRoom(ctx context.Context, code, host, prev, race string) (Room, error) {
	if err := ctx.Err(); err != nil {
		return Room{}, err
	}
	l.mu.Lock()
	defer l.mu.Unlock()
	r, ok := l.rooms[code]
	switch {
	case !ok:
		return Room{}, ErrRoomNotFound
	case r.Host != host:
		return Room{}, ErrNotHost
	case len(r.Members) < MinRoomSize:
		return Room{}, ErrRoomTooSmall
	case r.Race != prev:
		return Room{}, ErrRoomStale
	}
	r.Race, r.Ready, r.Declined = race, nil, nil
	return cloneRoom(r), nil
}

// RematchRoom implements Lobby.
func (l *Memory) RematchRoom(ctx context.Context, code string, m Rematch) (Room, bool, error) {
	if err := ctx.Err(); err != nil {
		return Room{}, false, err
	}
	l.mu.Lock()
	defer l.mu.Unlock()
	r, ok := l.rooms[code]
	if !ok {
		return Room{}, false, ErrRoomNotFound
	}
	c := cloneRoom(r)
	started, err := c.rematch(m)
	if err != nil {
		return Room{}, false, err
	}
	*r = c
	return cloneRoom(r), started, nil
}

// VoteRematch implements Lobby.
func (l *Memory) VoteRematch(ctx context.Context, race, player string, need int) (bool, error) {
	if err := ctx.Err(); err != nil {
		return false, err
	}
	now := time.Now()
	l.mu.Lock()
	defer l.mu.Unlock()
	for r, v := range l.votes {
		if now.Sub(v.last) >= memoryVoteTTL {
			delete(l.votes, r)
		}
	}
	v := l.votes[race]
	if v == nil {
		v = &votes{players: map[string]bool{}}
		l.votes[race] = v
	}
	v.last = now
	if v.players[player] {
		return false, nil
	}
	v.players[player] = true
	return len(v.players) == need, nil
}
