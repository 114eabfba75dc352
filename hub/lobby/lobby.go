package lobby

import (
	"context"
	"errors"
	"time"

	"github.com/solitaire-race/racer/match"
)

// Lobby holds what players share before a race starts, across nodes: the
// quick-race queues, private rooms and rematch votes. Each method is one
// atomic step (a Lua script or a transaction in Redis), so two nodes never
// pair the same player twice. Implementations are safe for concurrent use.
type Lobby interface {
	// Enqueue pairs p with the player waiting in profile's queue, if any
	// other than p, removing that player and returning it with
	// paired = true; otherwise it leaves p waiting (once, however often
	// it is called) and returns paired = false.
	//
	// A waiting entry expires ttl after it was queued or last renewed by
	// Touch (ttl <= 0: never); an expired entry is gone: it is never
	// paired, Dequeue and Touch do not find it. So a player whose node
	// died, and stopped renewing, leaves the queue. Expiry is timed by
	// the lobby's clock (Redis TIME), not by a node's.
	Enqueue(ctx context.Context, profile string, p match.Racer, ttl time.Duration) (partner match.Racer, paired bool, err error)
	// Dequeue removes a waiting player from profile's queue and reports
	// whether it was there.
	Dequeue(ctx context.Context, profile, playerID string) (bool, error)
	// Touch renews for ttl the entries of the given players waiting in
	// profile's queue (ttl <= 0: renews none) and returns, in the order
	// given, those of playerIDs it did not find waiting: paired,
	// dequeued, expired or never queued. It adds no entry: a missing
	// player stays out, and the caller decides whether to queue them
	// again (Enqueue).
	//
	// An entry past its expiry is missing even while still stored (the
	// Redis lobby keeps it until an Enqueue or Dequeue drops it or the
	// queue's key expires): Touch does not revive it, so that Touch,
	// Enqueue and Dequeue agree on who is waiting. An entry that never
	// expires (queued with ttl <= 0) is found, and left as it is.
	Touch(ctx context.Context, profile string, playerIDs []string, ttl time.Duration) (missing []string, err error)

	// CreateRoom stores a new room, its host its first member. A room
	// whose Code is taken fails with ErrRoomExists.
	CreateRoom(ctx context.Context, r Room) (Room, error)
	// JoinRoom adds p to the room (joining twice is a no-op) and returns
	// it. Errors: ErrRoomNotFound, ErrRoomFull.
	JoinRoom(ctx context.Context, code string, p match.Racer) (Room, error)
	// LeaveRoom removes a member. When the host leaves, the next member
	// becomes host; the last to leave deletes the room.
	LeaveRoom(ctx context.Context, code, playerID string) (Room, error)
	// Room returns a room. Error: ErrRoomNotFound.
	Room(ctx context.Context, code string) (Room, error)
	// StartRoom records race as the room's current race when host is the
	// room's host, the room has at least MinRoomSize members and its
	// current race is still prev (so that two clicks start one race).
	// Errors: ErrRoomNotFound, ErrNotHost, ErrRoomTooSmall, ErrRoomStale.
	StartRoom(ctx context.Context, code, host, prev, race string) (Room, error)
	// RematchRoom records whether a member is ready for the room's next
	// race after its finished race m.Prev, and starts that race (records
	// m.Next as the room's race) when every member who raced m.Prev and
	// is still in the room is ready, the room has at least MinRoomSize
	// members and at least one member is ready: started is true for
	// exactly one caller. Members who joined after m.Prev started are in
	// the next race but do not vote. Errors: ErrRoomNotFound,
	// ErrRoomStale (the room's race is no longer m.Prev), ErrNotMember.
	RematchRoom(ctx context.Context, code string, m Rematch) (room Room, started bool, err error)

	// VoteRematch records player's vote for a rematch of race and
	// reports complete = true to exactly one caller: the one whose vote
	// makes need votes.
	VoteRematch(ctx context.Context, race, player string, need int) (complete bool, err error)
}

// Room sizes.
const (
	MinRoomSize = 2
	MaxRoomSize = 8
)

// Room is a private room: a host, members who race together, and the
// options of their races.
type Room struct {
	// Code is the short code players type or follow in a link.
	Code string `json:"code"`
	// Host starts the room's first race; the first member (the next
	// when the host leaves). Later races start by consent (RematchRoom).
	Host string `json:"host"`
	// Profile is the rule profile of the room's races.
	Profile string `json:"profile"`
	// Members in joining order, the host among them.
	Members []match.Racer `json:"members"`
	// Max is the most members the room takes (MinRoomSize … MaxRoomSize).
	Max int `json:"max"`
	// TimeLimit and SpectatorDelay are the options of the room's races.
	TimeLimit      time.Duration `json:"time_limit"`
	SpectatorDelay time.Duration `json:"spectator_delay"`
	// Race is the ID of the room's current or last race, or "".
	Race string `json:"race,omitempty"`
	// Ready lists the members ready for a rematch of Race, and Declined
	// those who said no to it, in the order they said so; both are empty
	// once a race starts, and a member who leaves leaves them.
	Ready    []string `json:"ready,omitempty"`
	Declined []string `json:"declined,omitempty"`
}

// Lobby errors. Implementations wrap them. Their texts reach clients as
// the message of an error frame (the code is what clients match on).
var (
	ErrRoomExists   = errors.New("hub: room code in use")
	ErrRoomNotFound = errors.New("hub: no such room")
	ErrRoomFull     = errors.New("hub: room is full")
	ErrNotHost      = errors.New("hub: only the host may start")
	ErrRoomTooSmall = errors.New("hub: a race needs at least two players")
	ErrRoomStale    = errors.New("hub: the room has already started that race")
	ErrNotMember    = errors.New("hub: not a member of the room")
	// ErrUnavailable reports a lobby that cannot be reached; callers may
	// retry.
	ErrUnavailable = errors.New("lobby: unavailable")
)
