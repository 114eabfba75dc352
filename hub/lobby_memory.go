package hub

import (
	"context"
	"fmt"
	"slices"
	"sync"

	"github.com/solitaire-race/racer/match"
)

// MemoryLobby is a Lobby in one process's memory. It is safe for
// concurrent use.
type MemoryLobby struct {
	mu     sync.Mutex
	queues map[string][]match.Racer
	rooms  map[string]*Room
	votes  map[string]map[string]bool
}

var _ Lobby = (*MemoryLobby)(nil)

// NewMemoryLobby returns an empty MemoryLobby.
func NewMemoryLobby() *MemoryLobby {
	return &MemoryLobby{queues: map[string][]match.Racer{}, rooms: map[string]*Room{}, votes: map[string]map[string]bool{}}
}

// Enqueue implements Lobby.
func (l *MemoryLobby) Enqueue(ctx context.Context, profile string, p match.Racer) (match.Racer, bool, error) {
	if err := ctx.Err(); err != nil {
		return match.Racer{}, false, err
	}
	l.mu.Lock()
	defer l.mu.Unlock()
	q := l.queues[profile]
	for i, w := range q {
		if w.ID != p.ID {
			l.queues[profile] = slices.Delete(q, i, i+1)
			return w, true, nil
		}
	}
	if len(q) == 0 {
		l.queues[profile] = append(q, p)
	}
	return match.Racer{}, false, nil
}

// Dequeue implements Lobby.
func (l *MemoryLobby) Dequeue(ctx context.Context, profile, playerID string) (bool, error) {
	if err := ctx.Err(); err != nil {
		return false, err
	}
	l.mu.Lock()
	defer l.mu.Unlock()
	q := l.queues[profile]
	for i, w := range q {
		if w.ID == playerID {
			l.queues[profile] = slices.Delete(q, i, i+1)
			return true, nil
		}
	}
	return false, nil
}

func cloneRoom(r *Room) Room {
	c := *r
	c.Members = slices.Clone(r.Members)
	return c
}

// CreateRoom implements Lobby.
func (l *MemoryLobby) CreateRoom(ctx context.Context, r Room) (Room, error) {
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
func (l *MemoryLobby) JoinRoom(ctx context.Context, code string, p match.Racer) (Room, error) {
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
func (l *MemoryLobby) LeaveRoom(ctx context.Context, code, playerID string) (Room, error) {
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
func (l *MemoryLobby) Room(ctx context.Context, code string) (Room, error) {
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
func (l *MemoryLobby) StartRoom(ctx context.Context, code, host, prev, race string) (Room, error) {
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
	r.Race = race
	return cloneRoom(r), nil
}

// VoteRematch implements Lobby.
func (l *MemoryLobby) VoteRematch(ctx context.Context, race, player string, need int) (bool, error) {
	if err := ctx.Err(); err != nil {
		return false, err
	}
	l.mu.Lock()
	defer l.mu.Unlock()
	v := l.votes[race]
	if v == nil {
		v = map[string]bool{}
		l.votes[race] = v
	}
	if v[player] {
		return false, nil
	}
	v[player] = true
	return len(v) == need, nil
}
