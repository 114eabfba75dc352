package game

import (
	"context"
	"errors"
	"fmt"
	"time"
)

// NumSuits is the number of suits in every game's deck: clubs, diamonds,
// hearts and spades, indexed 0 … 3 in that order.
const NumSuits = 4

// MaxCards is the most cards of any registered game's deal (Spider's 104):
// it sizes per-count tables such as the times each count of cards off the
// table was reached. A game with more cards raises it.
const MaxCards = 104

// Errors shared by every game. An adapter's errors wrap them and keep the
// engine's own errors in their chain.
var (
	// ErrUnknownProfile reports a rule profile that no game knows.
	ErrUnknownProfile = errors.New("game: unknown profile")
	// ErrNotation reports a move or a deal that is not in the game's
	// notation.
	ErrNotation = errors.New("game: bad notation")
	// ErrIllegalMove reports a move that the position does not allow.
	ErrIllegalMove = errors.New("game: illegal move")
)

// IllegalMoveError is a move that the position does not allow: the move
// in notation and why. It is ErrIllegalMove (errors.Is) and unwraps to the
// engine's own error.
type IllegalMoveError struct {
	// Move is the move in the game's notation.
	Move string
	// Reason says why the move is not legal, for people.
	Reason string
	// Err is the engine's error.
	Err error
}

func (e *IllegalMoveError) Error() string { return e.Err.Error() }

// Unwrap returns the engine's error.
func (e *IllegalMoveError) Unwrap() error { return e.Err }

// Is reports whether target is ErrIllegalMove.
func (e *IllegalMoveError) Is(target error) bool { return target == ErrIllegalMove }

// NotationError returns the error of a move that is not in notation: it
// wraps ErrNotation and err, the engine's.
func NotationError(move string, err error) error {
	return fmt.Errorf("%w: %q: %w", ErrNotation, move, err)
}

// Status is where a board stands after a move.
type Status uint8

// The statuses of a board.
const (
	// Playing: the game goes on.
	Playing Status = iota
	// Won: the game is won.
	Won
	// Stuck: no sequence of moves wins any more (sure within the stuck
	// budget).
	Stuck
)

// String returns "playing", "won" or "stuck".
func (s Status) String() string {
	switch s {
	case Won:
		return "won"
	case Stuck:
		return "stuck"
	}
	return "playing"
}

// Counts is what everyone may know of a board: counts, never cards.
type Counts struct {
	// Off is the number of cards off the table: on the foundations
	// (Klondike) or in completed runs (Spider). Racers who have not won
	// rank by it.
	Off int
	// BySuit is Off by suit (index 0 … 3: clubs, diamonds, hearts,
	// spades).
	BySuit [NumSuits]int
	// TurnedUp counts the cards turned face up since the deal.
	TurnedUp int
	// Actions counts every action (move, draw, recycle, deal).
	Actions int
	// Own holds the game's own counts, in the order of Game.Counters.
	Own [MaxCounters]int
}

// MaxCounters is the most counts of its own a game keeps
// (Game.Counters).
const MaxCounters = 2

// Counter is a count a game keeps beyond those every game has (Counts'
// Off, BySuit, TurnedUp and Actions), such as the passes through a
// stock or the runs completed: progress frames carry it under its name.
type Counter struct {
	// Name is its key in a racer's progress and standing ("passes",
	// "completed"): lower case, and not one of their other keys.
	Name string
	// OmitZero leaves it out of a frame while it is 0.
	OmitZero bool
	// Final keeps its value in a race's result (each racer's standing).
	// A game has at most one final counter: the archive keeps one.
	Final bool
}

// Board is one racer's own game: a position of one Variant that moves in
// the game's notation. Try validates a move on a scratch copy without
// changing the board; Commit then applies it. A Board is not safe for
// concurrent use; Clone returns an independent copy.
type Board interface {
	// Try validates move on a scratch copy of the board and returns the
	// status after it, stuck detection exploring at most stuckBudget
	// positions (below 0: none, the status is Playing or Won). The board
	// does not change. A move that does not parse is an error wrapping
	// ErrNotation; an illegal one an *IllegalMoveError. A legal move of
	// a game whose position is a value allocates nothing.
	Try(move string, stuckBudget int) (Status, error)
	// Commit applies move, which Try accepted on the board as it is. A
	// Commit right after that Try reuses its scratch copy; otherwise the
	// move is applied again. The error is Try's, for a move the board
	// does not accept.
	Commit(move string) error
	// Play applies move as Try then Commit would, without looking for a
	// stuck position: replaying a stored log.
	Play(move string) error
	// Won reports a won game.
	Won() bool
	// Off returns the cards off the table (Counts().Off, without the rest
	// of the counts).
	Off() int
	// Counts returns the board's counts.
	Counts() Counts
	// AppendView appends to dst the JSON of what the board's owner may
	// see (face-up cards and counts, never a face-down card or the
	// stock's order) and returns the extended buffer. Each game's JSON
	// is its own; the bytes never change for a position (golden files
	// pin them).
	AppendView(dst []byte) []byte
	// Clone returns an independent copy of the board (a spectator's
	// delayed board).
	Clone() Board
	// CopyFrom sets the board to src's position, without allocating:
	// a scratch board that a search runs on while src moves on. src is
	// a board of the same Variant; another game's board panics.
	CopyFrom(src Board)
}

// Variant is one rule profile of one game: everything the server needs to
// race it. A Variant is immutable and safe for concurrent use.
type Variant interface {
	// Game returns the variant's game.
	Game() Game
	// Profile returns the rule profile's name ("bvs", "spider-1").
	Profile() string
	// Rules describes the rules for people ("bvs: draw 3, …").
	Rules() string
	// NewBoard returns a board at the deal of seed.
	NewBoard(seed uint64) Board
	// Deal returns the text of the deal of seed: the cards in deck order,
	// separated by spaces.
	Deal(seed uint64) string
	// ViewBytes is a buffer size that holds most views' JSON.
	ViewBytes() int
	// Winnable reports whether the game's solver proves the deal of seed
	// winnable within maxNodes positions (the budget decides, so that
	// every node reaches the same verdict) or timeout, a backstop. False
	// means lost or undecided. The error is ctx's when it ended.
	Winnable(ctx context.Context, seed uint64, maxNodes int, timeout time.Duration) (bool, error)
}

// Game is one card game: its name, rule profiles, deals and solver. A
// Game is immutable and safe for concurrent use.
type Game interface {
	// Name returns the game's name ("klondike", "spider"), which no other
	// game shares.
	Name() string
	// Profiles returns the names of the game's rule profiles, in a fixed
	// order.
	Profiles() []string
	// Variant returns the variant of rule profile name; an unknown name is
	// an error wrapping ErrUnknownProfile.
	Variant(profile string) (Variant, error)
	// Cards is the number of cards in a deal.
	Cards() int
	// ParseDeal reads a deal's text (Cards cards in notation, separated
	// by white space) and returns it in canonical form. Errors wrap
	// ErrNotation.
	ParseDeal(text string) (string, error)
	// DefaultProfile returns the profile a player gets who names none.
	DefaultProfile() string
	// RankingRule states the ranking of a race for players, word for word
	// as the client shows it.
	RankingRule() string
	// MoveTexts returns every move a player can send, in canonical
	// notation: the server interns them so that reading a move allocates
	// nothing. Its order is fixed: the archive codes a game's moves by
	// their place in it, so a new move goes at the end and no move ever
	// moves or goes away.
	MoveTexts() []string
	// NewPool returns a pool of seeds that the game's solver proved
	// winnable, for the profiles of cfg.
	NewPool(cfg PoolConfig) (Pool, error)
	// Counters declares the game's own counts (Counts.Own), in order: at
	// most MaxCounters, at most one of them Final. A game with none
	// returns nil.
	Counters() []Counter
}

// Replay returns the board of v at the deal of seed after the moves of
// log, applied with Board.Play. The error names the first move that does
// not apply.
func Replay(v Variant, seed uint64, log []string) (Board, error) {
	b := v.NewBoard(seed)
	for i, m := range log {
		if err := b.Play(m); err != nil {
			return nil, fmt.Errorf("game: move %d of the log: %w", i+1, err)
		}
	}
	return b, nil
}
