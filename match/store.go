package match

import (
	"cmp"
	"context"
	"errors"
	"fmt"
	"slices"
	"time"
)

// Store is the durable log behind races: every race's setup, each racer's
// log of actions with the store's timestamps, the session epochs that fence
// old connections out, the win claim and the result. Every board is rebuilt
// from the race's seed and a racer's log, so a node may die at any time and
// lose nothing it acknowledged.
//
// The one hot method is Append: a Redis implementation does it as one Lua
// script (check the sequence number, the epoch and that the race is not
// finished; append the action with TIME; SPUBLISH the event unless no
// other node listens (Listen); claim the win with a set-if-absent). Every time a Store returns comes from the store's
// own clock, never from the calling node's, so that racers served by
// different nodes are timed by one clock.
//
// Implementations are safe for concurrent use.
type Store interface {
	// CreateRace stores a new race. It sets r.CreatedAt to the store's
	// clock and r.StartAt to CreatedAt + r.Countdown, and returns the race
	// as stored. A race with the same ID fails with ErrExists.
	CreateRace(ctx context.Context, r Race) (Race, error)

	// Join starts a new session of racer in race and returns its epoch,
	// one more than the last (the first is 1). Appends carrying an older
	// epoch then fail with ErrStaleEpoch, so a connection left behind on
	// another node can no longer write. Unknown race: ErrNotFound; a
	// player not on the roster: ErrNotRacer.
	Join(ctx context.Context, race, racer string) (epoch uint64, err error)

	// Append adds one action to a racer's log (see Append) and returns the
	// store's timestamp for it and whether it claimed the win.
	Append(ctx context.Context, a Append) (Appended, error)

	// Load returns a race with every racer's log, epochs, winner and
	// result, enough to rebuild every board. Unknown race: ErrNotFound.
	Load(ctx context.Context, race string) (Snapshot, error)

	// Finish records the result of a race once. The first call stores r
	// (its FinishedAt set to the store's clock) and returns it with
	// first = true; later calls store nothing and return the stored
	// result with first = false. After Finish, Append fails with
	// ErrFinished.
	Finish(ctx context.Context, race string, r Result) (stored Result, first bool, err error)

	// Live lists the newest limit races not yet finished and not past
	// their deadline (Race.Deadline) at the store's clock (every one when
	// limit <= 0), oldest first: for listings (spectators), not for one
	// player's races. A race past its deadline is over whether or not a
	// node has finished it yet, so it is not listed; a race without a
	// time limit has no deadline and is listed until it is finished. On
	// Redis its cost grows with limit, not with the number of live races.
	// Races past their deadline and not yet finished still count against
	// limit, so a listing may hold fewer than limit races until they are
	// finished (Overdue).
	Live(ctx context.Context, limit int) ([]Race, error)

	// Overdue lists the IDs of up to limit races not yet finished whose
	// deadline (Race.Deadline) is before deadlineBefore, the earliest
	// deadline first (every one when limit <= 0). A race without a time
	// limit has no deadline and is never listed. A node finishes a race
	// it holds at its deadline; a race every racer has left is held by no
	// node, and the hub's sweep finishes it from this list. Its cost
	// grows with the races listed, not with the number of live races.
	Overdue(ctx context.Context, deadlineBefore time.Time, limit int) ([]string, error)

	// LiveFor lists the races not yet finished that player is racing in,
	// oldest first: what a reconnecting player resumes. Unlike Live, it
	// lists a race past its deadline that no node has finished yet: the
	// node that resumes it finishes it. Its cost follows the player's own
	// races, not every live race.
	//
	// It reads a per-player index that CreateRace writes before it
	// returns and Finish cleans, both outside the race's atomic step (on
	// Redis Cluster the player's index and the race live in different
	// hash slots). The index is a hint: LiveFor checks each race it names
	// and drops the ones finished or gone. A race whose CreateRace
	// returned is always in its racers' indexes; a node that dies inside
	// CreateRace, after the race is stored and before the indexes are
	// written, leaves a race that neither Live nor LiveFor lists, and
	// that nobody was told of (CreateRace never returned it), so it
	// simply expires unplayed. A store may let a player's index expire
	// (see RedisStoreConfig.IdleTTL); Live still lists such a race
	// until its deadline.
	LiveFor(ctx context.Context, player string) ([]Race, error)

	// Now returns the store's clock.
	Now(ctx context.Context) (time.Time, error)

	// Listen records that listener, a name unique to one load of race on
	// one node, has the race loaded and hears its channel
	// (Append.Channel) until Unlisten. A store may then leave out the
	// event of an append whose Listener is the race's only listener:
	// nobody else would hear it. Call it once subscribed to the channel
	// and before Load, so that every append is in the snapshot or heard.
	// An unknown or expired race records nothing and is no error.
	Listen(ctx context.Context, race, listener string) error

	// Unlisten ends Listen. A listener never ended (its node died) only
	// makes appends publish events nobody needs.
	Unlisten(ctx context.Context, race, listener string) error
}

// Append is one action appended to a racer's log.
type Append struct {
	// Race and Racer name the log.
	Race, Racer string
	// Seq is the action's sequence number in the racer's log: it must be
	// exactly one more than the log's length (the first action is 1).
	Seq uint64
	// Epoch is the session epoch from Join; it must be the racer's
	// current one.
	Epoch uint64
	// Action is a move in the notation of docs/RULES.md, or ActionResign or
	// ActionFinish.
	Action string
	// Win is true when the action wins the racer's game (Prepared.Win):
	// the store then claims the race's win for Racer if nobody has.
	Win bool
	// Channel and Event, when Channel is not empty, are published by the
	// store in the same atomic step as the append (a Broker channel and
	// an opaque payload), so subscribers hear of exactly the actions
	// stored.
	Channel string
	Event   []byte
	// Listener is the appending node's listener of the race (Listen), or
	// "": a store may leave the event out when no other listener has the
	// race loaded. With "", the event is always published.
	Listener string
}

// Appended is what the store answers to an accepted Append.
type Appended struct {
	// At is the store's timestamp of the action.
	At time.Time
	// Winner reports that this append claimed the race's win.
	Winner bool
	// Again reports a repeat of the log's last entry (same seq, epoch and
	// action) that an earlier attempt stored while its caller did not
	// learn it (a lost reply, a timeout): nothing was stored now, and At
	// and Winner are the stored entry's. A store that never loses a
	// reply (the memory store) leaves it false and refuses the repeat
	// with a *SeqError.
	Again bool
}

// Entry is one action in a racer's log.
type Entry struct {
	// Seq numbers the entries of one log from 1.
	Seq uint64
	// Action is a move in notation, ActionResign or ActionFinish.
	Action string
	// At is the store's timestamp of the append.
	At time.Time
}

// Actions a log holds beside moves.
const (
	// ActionResign ends a racer's game by resignation.
	ActionResign = "resign"
	// ActionFinish ends a racer's game at their decision ("finish now"):
	// a stuck racer stays stuck, a playing one ends as by ActionResign.
	ActionFinish = "finish"
)

// Snapshot is a race as stored: enough to rebuild every board.
type Snapshot struct {
	Race Race
	// Logs holds each racer's log by player ID, in Seq order.
	Logs map[string][]Entry
	// Epochs holds each racer's current session epoch (0: never joined).
	Epochs map[string]uint64
	// Winner is the player whose append claimed the win, or "".
	Winner string
	// Result is the stored result once the race is finished, else nil.
	Result *Result
}

// Sentinel errors of stores. Errors returned by a Store wrap one of them.
var (
	// ErrNotFound reports an unknown race.
	ErrNotFound = errors.New("match: race not found")
	// ErrExists reports a race ID already in use.
	ErrExists = errors.New("match: race already exists")
	// ErrNotRacer reports a player who is not on the race's roster.
	ErrNotRacer = errors.New("match: not a racer in this race")
	// ErrSequence reports an append whose Seq is not the next one; the
	// error is a *SeqError.
	ErrSequence = errors.New("match: out of sequence")
	// ErrStaleEpoch reports an append from a session replaced by a newer
	// Join.
	ErrStaleEpoch = errors.New("match: session replaced by a newer one")
	// ErrFinished reports an append to a finished race.
	ErrFinished = errors.New("match: race is finished")
	// ErrUnavailable reports a store that cannot be reached; the caller
	// may retry, and nothing was stored.
	ErrUnavailable = errors.New("match: store unavailable, retry")
)

// SeqError is an append refused because its Seq is not Next, the one the
// log expects. It wraps ErrSequence.
type SeqError struct {
	Got, Next uint64
}

// Error implements error.
func (e *SeqError) Error() string {
	return fmt.Sprintf("match: out of sequence: got %d, want %d", e.Got, e.Next)
}

// Unwrap returns ErrSequence.
func (e *SeqError) Unwrap() error { return ErrSequence }

// sortRaces sorts races as Live and LiveFor list them: oldest first, then
// by ID.
func sortRaces(rs []Race) {
	slices.SortFunc(rs, func(a, b Race) int {
		return cmp.Or(a.CreatedAt.Compare(b.CreatedAt), cmp.Compare(a.ID, b.ID))
	})
}

// pastDeadline reports whether race r is past its deadline at now: over
// by its time limit, whether or not it is finished yet. A race without a
// time limit never is.
func pastDeadline(r Race, now time.Time) bool {
	d := r.Deadline()
	return !d.IsZero() && !now.Before(d)
}
