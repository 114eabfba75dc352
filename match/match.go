package match

import (
	"fmt"
	"time"

	"github.com/solitaire-race/racer/match/game"
)

// DefaultStuckBudget is the number of positions stuck detection explores
// on the move path. When it runs out the racer counts as playing: nobody
// is told they are stuck when they might not be.
const DefaultStuckBudget = 20_000

// noStuckCheck is the stuck-detection budget that skips the check.
const noStuckCheck = -1

// Options tune a Match. Games is required; the zero value of the rest
// means the defaults.
type Options struct {
	// Games are the games raced: a race's profile names its game and
	// rules among them (game.Registry.Lookup). Required: cmd/racer gives
	// match/game/games.All.
	Games *game.Registry
	// StuckBudget bounds stuck detection per action (default
	// DefaultStuckBudget).
	StuckBudget int
}

// Match is one race on one deal as a node sees it: every racer's own
// board, built from the seed and the racer's log. It validates actions
// (Prepare), applies stored ones (Commit, Advance), reports progress and
// views, and says when the race is over.
//
// A Match is not safe for concurrent use: its owner serializes every call,
// reads included (the hub's live race calls it under the race's lock).
type Match struct {
	race    Race
	variant game.Variant
	budget  int

	boards []*board // in roster order
	result *Result
}

// New returns the match of race with every board at the deal. The race's
// profile decides the game and its rules among opts.Games; an unknown one
// fails with an error wrapping ErrUnknownProfile.
func New(race Race, opts Options) (*Match, error) {
	if opts.Games == nil {
		return nil, errNoGames
	}
	v, err := opts.Games.Lookup(race.Profile)
	if err != nil {
		return nil, fmt.Errorf("match: %w", err)
	}
	if len(race.Racers) == 0 {
		return nil, fmt.Errorf("match: race %s has no racers", race.ID)
	}
	m := &Match{race: cloneRace(race), variant: v, budget: opts.StuckBudget}
	counters := v.Game().Counters()
	if m.budget <= 0 {
		m.budget = DefaultStuckBudget
	}
	for _, r := range race.Racers {
		m.boards = append(m.boards, &board{racer: r, pos: v.NewBoard(race.Seed), counters: counters, status: StatusPlaying})
	}
	return m, nil
}

// Rebuild returns the match of a stored race: New, then every log
// replayed, and the stored result if there is one.
func Rebuild(snap Snapshot, opts Options) (*Match, error) {
	m, err := New(snap.Race, opts)
	if err != nil {
		return nil, err
	}
	for _, b := range m.boards {
		if err := m.Replay(b.racer.ID, snap.Logs[b.racer.ID]); err != nil {
			return nil, fmt.Errorf("match: rebuilding %s of race %s: %w", b.racer.ID, snap.Race.ID, err)
		}
	}
	if snap.Result != nil {
		m.SetResult(*snap.Result)
	}
	return m, nil
}

// Race returns the race's setup.
func (m *Match) Race() Race { return cloneRace(m.race) }

// Game returns the race's game.
func (m *Match) Game() Game { return Game(m.variant.Game().Name()) }

// Variant returns the race's game variant: its rule profile.
func (m *Match) Variant() game.Variant { return m.variant }

// Deal returns the race's deal. It is secret until the race ends.
func (m *Match) Deal() Deal {
	return Deal{game: m.Game(), text: m.variant.Deal(m.race.Seed)}
}

func (m *Match) board(racer string) *board {
	for _, b := range m.boards {
		if b.racer.ID == racer {
			return b
		}
	}
	return nil
}

// Prepared is an action validated against a racer's board but not yet
// applied: the caller stores it, then Commits it.
type Prepared struct {
	Racer  string
	Seq    uint64
	Action string
	// Win reports that the action wins the racer's game (the 52nd card
	// on the foundations, or the eighth completed run).
	Win bool
	// Status is the racer's status after the action.
	Status Status
	step   step
	// search is the stuck-detection budget that PrepareOn left to
	// Search (0: no search waits).
	search int
}

// Prepare validates action as entry seq of racer's log, without changing
// anything. Errors: ErrNotRacer; ErrDuplicate when seq was already applied;
// a *SeqError when seq skips ahead; ErrRacerDone,
// ErrBadAction; a *game.IllegalMoveError for an illegal move (which
// unwraps to the engine's, such as *klondike.IllegalMoveError).
func (m *Match) Prepare(racer string, seq uint64, action string) (Prepared, error) {
	b, err := m.check(racer, seq)
	if err != nil {
		return Prepared{}, err
	}
	s, err := b.try(action, m.budget)
	if err != nil {
		return Prepared{}, err
	}
	return Prepared{Racer: racer, Seq: seq, Action: action, Win: s.status == StatusWon, Status: s.status, step: s}, nil
}

// PrepareOn is Prepare with the stuck search taken out of it, for an
// owner that serializes the Match under a lock and would hold it for the
// search (up to the stuck budget's positions, milliseconds). When the
// action is a move after which the racer still plays, it copies the
// racer's board into scratch, a board of the match's Variant that the
// caller owns, and p.Searching reports true: the caller then runs
// p.Search(scratch) outside its lock, before storing the action. Commit
// takes the verdict only while the racer's board has not moved on.
// Nothing is allocated.
func (m *Match) PrepareOn(racer string, seq uint64, action string, scratch game.Board) (Prepared, error) {
	b, err := m.check(racer, seq)
	if err != nil {
		return Prepared{}, err
	}
	s, err := b.try(action, noStuckCheck)
	if err != nil {
		return Prepared{}, err
	}
	p := Prepared{Racer: racer, Seq: seq, Action: action, Win: s.status == StatusWon, Status: s.status, step: s}
	if s.moved && s.status == StatusPlaying {
		scratch.CopyFrom(b.pos)
		p.search = m.budget
	}
	return p, nil
}

// Searching reports whether p waits for its stuck search (PrepareOn).
func (p *Prepared) Searching() bool { return p.search > 0 }

// Search runs the stuck search that PrepareOn left to the caller, on
// scratch as PrepareOn filled it, and sets p's status to StatusStuck when
// no sequence of moves wins any more (sure within the stuck budget). It
// reads no Match: the caller runs it outside the Match's lock.
func (p *Prepared) Search(scratch game.Board) {
	if p.search <= 0 {
		return
	}
	budget := p.search
	p.search = 0
	if st, err := scratch.Try(p.Action, budget); err == nil && st == game.Stuck {
		p.Status, p.step.status = StatusStuck, StatusStuck
	}
}

// check returns racer's board if seq is the next entry of their log and
// the race has no result; else Prepare's errors.
func (m *Match) check(racer string, seq uint64) (*board, error) {
	b := m.board(racer)
	switch {
	case b == nil:
		return nil, ErrNotRacer
	case seq <= b.seq:
		return nil, ErrDuplicate
	case seq != b.seq+1:
		return nil, &SeqError{Got: seq, Next: b.seq + 1}
	case m.result != nil:
		return nil, ErrFinished
	}
	return b, nil
}

// Commit applies a prepared action that the store accepted at time at.
// It reports false when the action had already been applied (by Advance
// from the store's own event) or the board moved on since Prepare.
func (m *Match) Commit(p Prepared, at time.Time) bool {
	b := m.board(p.Racer)
	if b == nil || p.Seq != b.seq+1 {
		return false
	}
	return b.commit(&p.step, p.Action, p.Seq, at) == nil
}

// Advance applies a stored action, as read from the store or heard from
// another node. It reports false for an action already applied, and a
// *SeqError when seq skips ahead (events were missed: rebuild from the
// store).
func (m *Match) Advance(racer string, seq uint64, action string, at time.Time) (bool, error) {
	return m.advance(racer, seq, action, at, m.budget)
}

// advance is Advance with a stuck-detection budget (noStuckCheck: none).
func (m *Match) advance(racer string, seq uint64, action string, at time.Time, budget int) (bool, error) {
	b := m.board(racer)
	if b == nil {
		return false, ErrNotRacer
	}
	if seq <= b.seq {
		return false, nil
	}
	if seq != b.seq+1 {
		return false, &SeqError{Got: seq, Next: b.seq + 1}
	}
	s, err := b.try(action, budget)
	if err != nil {
		return false, err
	}
	if err := b.commit(&s, action, seq, at); err != nil {
		return false, err
	}
	return true, nil
}

// AdvanceOn is Advance with the stuck search left to the caller, as
// PrepareOn leaves it: the action is applied at once with the status it
// has without the search (playing or won), and when the racer still
// plays, scratch gets the board before the action and p.Searching
// reports true. The caller then runs p.Search(scratch) outside its lock,
// and Settle(p) under it. ok and err are Advance's.
func (m *Match) AdvanceOn(racer string, seq uint64, action string, at time.Time, scratch game.Board) (p Prepared, ok bool, err error) {
	b := m.board(racer)
	switch {
	case b == nil:
		return Prepared{}, false, ErrNotRacer
	case seq <= b.seq:
		return Prepared{}, false, nil
	case seq != b.seq+1:
		return Prepared{}, false, &SeqError{Got: seq, Next: b.seq + 1}
	}
	s, err := b.try(action, noStuckCheck)
	if err != nil {
		return Prepared{}, false, err
	}
	if s.moved && s.status == StatusPlaying {
		scratch.CopyFrom(b.pos) // before the commit: the board the action moves
		p.search = m.budget
	}
	if err := b.commit(&s, action, seq, at); err != nil {
		return Prepared{}, false, err
	}
	p.Racer, p.Seq, p.Action, p.Status, p.step = racer, seq, action, s.status, s
	return p, true, nil
}

// Settle takes the stuck verdict of p, an action AdvanceOn applied and
// Search searched: the racer becomes stuck if the search found so and
// the racer's board is still the one after p, playing. It reports
// whether the status changed.
func (m *Match) Settle(p Prepared) bool {
	b := m.board(p.Racer)
	if b == nil || p.Status != StatusStuck || b.seq != p.Seq || b.status != StatusPlaying {
		return false
	}
	b.status = StatusStuck
	b.ended = b.at // the entry of p: b.seq is still p.Seq
	return true
}

// Replay applies racer's stored log from its start, as Advance would
// apply each entry. It looks
// for a stuck position only where the answer counts: after the last
// entry and before a finish (which needs it). The store accepted every
// entry, so a position inside the log was not one the racer was stuck
// in; the search would only cost time (most of a finished race's ranking).
func (m *Match) Replay(racer string, log []Entry) error {
	for i, e := range log {
		budget := noStuckCheck
		if i == len(log)-1 || log[i+1].Action == ActionFinish {
			budget = m.budget
		}
		if _, err := m.advance(racer, e.Seq, e.Action, e.At, budget); err != nil {
			return err
		}
	}
	return nil
}

// Progress returns racer's progress.
func (m *Match) Progress(racer string) (Progress, bool) {
	b := m.board(racer)
	if b == nil {
		return Progress{}, false
	}
	return b.progress(), true
}

// Progresses returns every racer's progress in roster order.
func (m *Match) Progresses() []Progress {
	out := make([]Progress, len(m.boards))
	for i, b := range m.boards {
		out[i] = b.progress()
	}
	return out
}

// Board returns a copy of racer's board (game.Board.Clone). It holds
// face-down cards: never send it; send its view (AppendView).
func (m *Match) Board(racer string) (game.Board, bool) {
	b := m.board(racer)
	if b == nil {
		return nil, false
	}
	return b.pos.Clone(), true
}

// Seq returns the length of racer's log as applied here.
func (m *Match) Seq(racer string) uint64 {
	if b := m.board(racer); b != nil {
		return b.seq
	}
	return 0
}

// AppendView appends to dst the JSON of what racer may see of their own
// board (game.Board.AppendView) and returns the extended buffer; false
// for a racer not in the race.
func (m *Match) AppendView(racer string, dst []byte) ([]byte, bool) {
	b := m.board(racer)
	if b == nil {
		return dst, false
	}
	return b.pos.AppendView(dst), true
}
